//! PL405 volatile-placeholder (see [`super::cache_common`] for which volatile values count where).

use std::sync::Arc;

use super::cache_common::*;
use super::input::Input;
use crate::finding::Finding;
use crate::kind::FileKind;
use crate::parse::{Role, Zone, prompt};
use crate::rules::Rule;
use crate::rules::volatile::NameLists;

/// PL405: template placeholders whose name says they change per call, per session or per day.
pub fn volatile_placeholder(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    if matches!(
        input.kind,
        FileKind::Request | FileKind::RequestLog | FileKind::McpConfig | FileKind::AgentSettings
    ) {
        return Vec::new();
    }
    let names = NameLists::from_params(&rule.params);
    let text = input.text();
    let agent_loaded = input.kind.is_agent_loaded();
    let single = input.kind == FileKind::Prompt;
    let mut out = Vec::new();
    for seg in &input.parsed.segments {
        if seg.zone != Zone::Static
            || seg.derived.is_some()
            || matches!(seg.role, Role::Frontmatter | Role::JsonKey)
            || (agent_loaded && seg.role == Role::CodeFence)
        {
            continue;
        }
        let st = seg.text(text);
        for ph in prompt::placeholders(st, seg.range.start, single) {
            let rel = ph.span.start - seg.range.start..ph.span.end - seg.range.start;
            if agent_loaded && in_inline_code(st, rel.start) {
                continue;
            }
            let Some((lifetime, name)) = ph
                .names
                .iter()
                .filter_map(|c| names.lifetime(c).map(|l| (l, c.join("."))))
                .min_by_key(|(l, _)| *l)
            else {
                continue;
            };
            let p = place(input, ph.span.start);
            let Some(sev) = severity(lifetime, p.declared, rule) else {
                continue;
            };
            let shown = crate::escape::excerpt(&st[rel.clone()], 60);
            let msg = cost_message(
                &format!("placeholder `{shown}` (`{name}` {})", lifetime.describe()),
                lifetime,
                &p,
            );
            if let Ok(f) = Finding::new(rule, text, ph.span.clone(), msg) {
                out.push(
                    f.with_label(lifetime.describe())
                        .with_matched(name)
                        .with_severity(sev, "resolution of the value"),
                );
            }
        }
    }
    out
}

//! PL409 project-file-in-system-prompt (see [`super::cache_common`] for which volatile values count where).

use std::sync::{Arc, OnceLock};

use regex::Regex;

use super::cache_common::*;
use super::input::Input;
use crate::finding::Finding;
use crate::kind::FileKind;
use crate::parse::{Role, Zone};
use crate::rules::Rule;

fn instruction_names() -> &'static [String] {
    static N: OnceLock<Vec<String>> = OnceLock::new();
    N.get_or_init(|| {
        let mut names: Vec<String> = crate::agents::Conventions::builtin()
            .globs()
            .filter(|(_, k, _)| {
                k.is_agent_loaded() && !matches!(k, FileKind::McpConfig | FileKind::AgentSettings)
            })
            .filter_map(|(g, _, _)| g.rsplit('/').next())
            .filter(|n| !n.contains('*') && n.len() > 3)
            .map(str::to_owned)
            .collect();
        names.sort();
        names.dedup();
        names
    })
}

fn file_heading() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| {
        let names: Vec<String> = instruction_names().iter().map(|n| regex::escape(n)).collect();
        let names = names.join("|");
        Regex::new(&format!(
            r#"(?im)^[ \t]*(?:(?:#{{1,6}}|<[a-z_:-]+|---+|===+|\*\*|\[)[^\n]*?(?:^|[\s/"'`(=])(?:{names})(?-u:\b)[^\n]*|[^\n]*(?-u:\b)contents?\s+of\s+[`'"]?[\w./~-]*(?:{names}|\.md|\.mdc|\.txt|rules)(?-u:\b)[^\n]*|[ \t]*[\w./~-]*(?:{names})[ \t]*:?[ \t]*)$"#
        ))
        .expect("valid regex")
    })
}

fn provenance_label() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| {
        Regex::new(
            r"(?i)untrusted|user[- ]?(?:provided|supplied|content|data)|(?:provided|supplied|written) by the user|third[- ]party|from the (?:repository|repo|project|codebase|workspace)|checked into|(?:do not|don't|never) (?:follow|obey|execute|treat)|treat (?:it|this|them|its contents?) as (?:data|untrusted)|not (?:as )?instructions|provenance|<external",
        )
        .expect("valid regex")
    })
}

/// PL409: project-file content in the system role without a provenance or untrusted label.
pub fn project_file_in_system(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    let mut out = Vec::new();
    for seg in &input.parsed.segments {
        let system = match input.kind {
            FileKind::Prompt => {
                matches!(seg.role, Role::Body | Role::System) && seg.zone == Zone::Static
            }
            FileKind::Request | FileKind::RequestLog => {
                matches!(seg.role, Role::System | Role::Developer)
            }
            _ => false,
        };
        if !system {
            continue;
        }
        let st = seg.text(text);
        for m in file_heading().find_iter(st) {
            // The heading must introduce content: something follows it.
            if st[m.end()..].trim().is_empty() {
                continue;
            }
            let ctx_start = st[..m.start()].trim_end().rfind('\n').map_or(0, |i| i + 1);
            let after = st[m.end()..].trim_start_matches('\n');
            let next_line_end = m.end()
                + (st.len() - m.end() - after.len())
                + after.find('\n').unwrap_or(after.len());
            if provenance_label().is_match(&st[ctx_start..next_line_end.min(st.len())]) {
                continue;
            }
            let src = seg.to_source(trim_span(st, m.range()));
            let shown = crate::escape::excerpt(&text[src.clone()], 60);
            let msg = format!(
                "project-file content `{shown}` in the system prompt without a provenance label: the model treats a repository file as its operator's instructions; wrap it as user-provided content (a user message, or tags saying it is untrusted project content)"
            );
            if let Ok(f) = Finding::new(rule, text, src, msg) {
                out.push(
                    f.with_label("project file in the system role")
                        .with_matched(shown),
                );
            }
        }
    }
    out
}

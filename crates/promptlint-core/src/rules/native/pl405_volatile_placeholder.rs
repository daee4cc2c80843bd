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
    // Built on the first placeholder: most files have none, and the lists cost more than
    // scanning a small file for placeholders.
    let names = std::cell::OnceCell::new();
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
        let js_code = seg.role == Role::CodeFence && is_template_literal_language(st);
        for ph in prompt::placeholders(st, seg.range.start, single) {
            let rel = ph.span.start - seg.range.start..ph.span.end - seg.range.start;
            if agent_loaded && in_inline_code(st, rel.start) {
                continue;
            }
            // `${Date.now()}` in a JavaScript or TypeScript code block is the program's own
            // template literal, evaluated when the program runs, not a prompt placeholder.
            if js_code && st[rel.clone()].starts_with("${") {
                continue;
            }
            let Some((lifetime, name)) = ph
                .names
                .iter()
                .filter_map(|c| {
                    names
                        .get_or_init(|| NameLists::from_params(&rule.params))
                        .lifetime(c)
                        .map(|l| (l, c.join(".")))
                })
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

/// True when the fenced block `fence` (its text from the opening line) is JavaScript or
/// TypeScript, whose `${...}` is a template literal
/// (<https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Template_literals>).
fn is_template_literal_language(fence: &str) -> bool {
    let first = fence.lines().next().unwrap_or("").trim_start();
    let info = first.trim_start_matches(['`', '~']).trim();
    let lang = info.split([' ', '{', ',']).next().unwrap_or("");
    matches!(
        lang.to_ascii_lowercase().as_str(),
        "js" | "javascript"
            | "jsx"
            | "ts"
            | "typescript"
            | "tsx"
            | "mjs"
            | "cjs"
            | "vue"
            | "svelte"
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_template_literal_in_a_javascript_block_of_a_prompt_is_code() {
        let text = "# Prompt\n\n```js\nconst id = `${Date.now()}`;\n```\n";
        let got = crate::check::rule_findings("PL405", "prompts/setup.md", text);
        assert_eq!(got, []);
        let text = "# Prompt\n\nToday is ${Date.now()}.\n";
        let got = crate::check::rule_findings("PL405", "prompts/setup.md", text);
        assert_eq!(got.len(), 1, "{got:?}");
        assert_eq!(got[0].0, 19..32);
    }
}

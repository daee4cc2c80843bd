//! PL410 oversized-tool-result (see [`super::cache_common`] for which volatile values count where).

use std::sync::Arc;

use super::input::Input;
use crate::finding::Finding;
use crate::parse::est_tokens;
use crate::rules::Rule;

/// PL410: an inline tool result over the size budget.
pub fn oversized_tool_result(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    let mut out = Vec::new();
    for l in &input.parsed.cache {
        for t in &l.tool_results {
            let tokens = est_tokens(t.bytes);
            if tokens <= l.tool_result_budget {
                continue;
            }
            let first_line_end = text[t.span.clone()]
                .find('\n')
                .map_or(t.span.end, |i| t.span.start + i);
            let span = t.span.start..first_line_end.min(t.span.start + 200);
            let mut end = span.end;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let msg = format!(
                "inline tool result of ~{tokens} tokens (est. 4 bytes/token) is over the {}-token budget: it is carried in every later turn's prompt; store it and pass a summary or a reference",
                l.tool_result_budget
            );
            if let Ok(f) = Finding::new(rule, text, span.start..end, msg) {
                out.push(
                    f.with_label("large tool result")
                        .with_matched("tool-result"),
                );
            }
        }
    }
    out
}

//! PL412 prefix-break (see [`super::cache_common`] for which volatile values count where).

use std::ops::Range;
use std::sync::Arc;

use super::cache_common::*;
use super::input::Input;
use crate::finding::Finding;
use crate::kind::FileKind;
use crate::rules::Rule;

/// PL412: a request-log turn whose cacheable prefix matches no earlier prefix of its
/// conversation.
pub fn prefix_break(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    if input.kind != FileKind::RequestLog {
        return Vec::new();
    }
    let text = input.text();
    let mut convs = Vec::new();
    let _ = crate::cache::analyse_reader(
        input.path,
        text.as_bytes(),
        crate::cache::CacheOptions::default(),
        &mut |c| convs.push(c),
    );
    let mut out = Vec::new();
    for c in &convs {
        for t in &c.turns {
            let Some(b) = &t.broken else { continue };
            let (s, e) = (t.line_span.0 as usize, t.line_span.1 as usize);
            let span = break_span(input, s, b.at as usize)
                .unwrap_or_else(|| trim_span(text, s..e.min(text.len())));
            let detail = if b.detail.is_empty() {
                String::new()
            } else {
                format!(", {}", b.detail)
            };
            let cost = if b.billed {
                format!("~{} tokens re-billed", b.est_tokens_rebilled)
            } else {
                format!(
                    "nothing re-billed yet: the prefix is below the {}-token minimum, so it is not cached",
                    t.predicted.minimum
                )
            };
            let msg = format!(
                "turn {} of conversation {} breaks the cached prefix at byte {}, {} ({}{detail}): {cost}; was `{}`, now `{}`",
                t.turn,
                crate::escape::excerpt(&c.id, 60),
                b.at,
                crate::escape::escape_one_line(&b.path),
                b.reason.as_str(),
                b.was,
                b.now
            );
            if let Ok(f) = Finding::new(rule, text, span, msg) {
                out.push(
                    f.with_label(format!("prefix breaks here: {}", b.reason.as_str()))
                        .with_matched(format!("{}#{}", c.id, t.turn)),
                );
            }
        }
    }
    out
}

/// The source span of canonical prefix byte `at` of the request on the line starting at
/// `line_start`: from that byte to the end of its JSON string (at most 60 bytes), when it lies
/// in a string of the static zone.
fn break_span(input: &Input<'_>, line_start: usize, at: usize) -> Option<Range<usize>> {
    let text = input.text();
    let l = input
        .parsed
        .cache
        .iter()
        .find(|l| l.span.start <= line_start && line_start < l.span.end)?;
    let p = l
        .pieces
        .iter()
        .find(|p| p.prefix_offset <= at && at < p.prefix_offset + p.source.len())?;
    let mut start = p.source.start + (at - p.prefix_offset);
    let mut end = p.source.end.min(start + 60);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    Some(start..end.max(start))
}

//! What the cache checks (PL401–PL412) share. They look for what keeps a prompt's cacheable prefix from being byte-identical
//! across turns, and what keeps the cache from engaging at all.
//!
//! Input: a parsed prompt, request or request log with zones ([`crate::parse::CacheLayout`]),
//! or an instruction file (static as a whole). Output: findings whose messages give the cost:
//! the zone, the byte offset inside the cacheable prefix, and the estimated tokens after it
//! billed again ([`crate::parse::est_tokens`]: 4 bytes per token).
//!
//! Which volatile values count where:
//! - literal values (a timestamp, a UUID) count in rendered prompts and requests only: in an
//!   instruction file a literal date is text that stays the same every turn;
//! - template placeholders count in every kind but requests (whose text is already rendered);
//! - in a request, only text the application re-renders each turn counts: tools, system and
//!   developer text; message history is recorded text that stays byte-identical;
//! - a value that changes every call is a warning wherever it sits in a static zone; a value
//!   fixed for a session is a warning, and a date labelled as today's a note, only where the
//!   static zone is declared (before a boundary marker, in a request's cached prefix): without
//!   a marker nothing says the text is shared beyond one conversation, and these values keep
//!   one conversation's prefix byte-identical.

use std::ops::Range;
use std::sync::Arc;

use super::input::Input;
use crate::finding::{Finding, Severity};
use crate::kind::FileKind;
use crate::parse::{Boundary, Role, Segment, Zone, est_tokens};
use crate::rules::Rule;
use crate::rules::volatile::{Hit, Lifetime};

/// Where a position sits in the cache layout, for messages.
pub(super) struct Place {
    /// Words naming the static zone.
    pub(super) zone: &'static str,
    /// Byte offset inside the cacheable prefix.
    pub(super) offset: usize,
    /// Bytes of the cacheable prefix.
    pub(super) prefix: usize,
    /// True when the static zone is declared (marker, breakpoint, provider rule).
    pub(super) declared: bool,
}

pub(super) fn place(input: &Input<'_>, at: usize) -> Place {
    let layout = input
        .parsed
        .cache
        .iter()
        .find(|l| l.span.start <= at && at <= l.span.end);
    match layout {
        Some(l) => Place {
            zone: zone_words(l.boundary),
            offset: l.prefix_offset(at).unwrap_or(0),
            prefix: l.prefix_bytes,
            declared: l.boundary.is_declared(),
        },
        None => Place {
            zone: "a file loaded into every turn",
            offset: at,
            prefix: input.text().len(),
            declared: false,
        },
    }
}

pub(super) fn zone_words(b: Boundary) -> &'static str {
    match b {
        Boundary::Marker => "before the boundary marker",
        Boundary::Implicit => "a prompt without a boundary marker, cached as a whole",
        Boundary::Breakpoint => "before the last cache breakpoint",
        Boundary::Automatic => "before the newest user message, automatic caching",
        Boundary::NewestUser => "before the newest user message",
        Boundary::Uncached => "not cached",
    }
}

/// The severity of a volatile value of `lifetime` in a static zone, or `None` when it costs
/// nothing there.
pub(super) fn severity(lifetime: Lifetime, declared: bool, rule: &Rule) -> Option<Severity> {
    match (lifetime, declared) {
        (Lifetime::Call, _) => Some(rule.severity),
        (Lifetime::Session, true) => Some(rule.severity),
        (Lifetime::Day, true) => Some(Severity::Note),
        _ => None,
    }
}

pub(super) fn cost_message(subject: &str, lifetime: Lifetime, p: &Place) -> String {
    let after = est_tokens(p.prefix.saturating_sub(p.offset));
    let (adj, when) = match lifetime {
        Lifetime::Call => ("per-call", "every turn"),
        Lifetime::Session => ("per-session", "by every new session"),
        Lifetime::Day => ("daily", "on the first turn of each day"),
    };
    format!(
        "{adj} {subject} in the static zone ({}) at byte {} of the ~{}-token cacheable prefix: ~{after} tokens after it are re-billed {when} (est. 4 bytes/token)",
        p.zone,
        p.offset,
        est_tokens(p.prefix),
    )
}

/// Segments whose literal text counts: static, rendered text the application re-renders.
pub(super) fn literal_segments<'a>(input: &'a Input<'_>) -> impl Iterator<Item = &'a Segment> + 'a {
    let kind = input.kind;
    input.parsed.segments.iter().filter(move |s| {
        s.zone == Zone::Static
            && match kind {
                FileKind::Prompt => !matches!(
                    s.role,
                    Role::Frontmatter | Role::CodeFence | Role::JsonKey | Role::JsonString
                ),
                FileKind::Request | FileKind::RequestLog => {
                    matches!(s.role, Role::System | Role::Developer | Role::Tool)
                }
                _ => false,
            }
    })
}

/// How far back on its line a value's context is read, in bytes: a line of n values then
/// costs O(n), not one walk back to the line start per value.
pub(super) const LINE_CONTEXT: usize = 256;

/// The text before byte `at` on its line, at most [`LINE_CONTEXT`] bytes of it.
pub(super) fn line_before(text: &str, at: usize) -> &str {
    let from = crate::source::floor_char_boundary(text, at.saturating_sub(LINE_CONTEXT));
    let before = &text[from..at];
    before.rfind('\n').map_or(before, |i| &before[i + 1..])
}

/// True when the value at `r` of `text` is shown as an example: in backticks, or after
/// "e.g.", "for example", "such as" or "format" on its line (within [`LINE_CONTEXT`] bytes).
pub(super) fn in_example(text: &str, r: &Range<usize>) -> bool {
    let before = line_before(text, r.start);
    if before.matches('`').count() % 2 == 1 {
        return true;
    }
    let lower = before.to_ascii_lowercase();
    [
        "e.g",
        "for example",
        "example",
        "such as",
        "format",
        "i.e.",
        "like ",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

pub(super) fn literal_check(
    input: &Input<'_>,
    rule: &Arc<Rule>,
    detect: fn(&str) -> Vec<Hit>,
    label: &str,
) -> Vec<Finding> {
    let text = input.text();
    let mut out = Vec::new();
    for seg in literal_segments(input) {
        let st = seg.text(text);
        if st.is_empty() {
            continue;
        }
        for hit in detect(st) {
            // A tool schema's `default`/`examples`/`enum` value is a fixed example: a tool
            // string that is nothing but the value is left alone.
            let whole = st.trim() == &st[hit.range.clone()];
            if in_example(st, &hit.range) || (seg.role == Role::Tool && whole) {
                continue;
            }
            let src = seg.to_source(hit.range.clone());
            let p = place(input, src.start);
            let Some(sev) = severity(hit.lifetime, p.declared, rule) else {
                continue;
            };
            let shown = crate::escape::excerpt(&st[hit.range.clone()], 60);
            let msg = cost_message(&format!("{} `{shown}`", hit.what), hit.lifetime, &p);
            let stable = label_before(st, hit.range.start);
            if let Ok(f) = Finding::new(rule, text, src, msg) {
                out.push(
                    f.with_label(label)
                        .with_matched(format!("{}:{stable}", hit.what))
                        .with_severity(sev, "resolution of the value"),
                );
            }
        }
    }
    out
}

/// The start of the line before `at` (up to 40 bytes): the stable part of a volatile line, for
/// fingerprints.
pub(super) fn label_before(text: &str, at: usize) -> String {
    let from = crate::source::ceil_char_boundary(text, at.saturating_sub(40));
    let before = &text[from..at];
    before
        .rfind('\n')
        .map_or(before, |i| &before[i + 1..])
        .trim()
        .to_owned()
}

/// True when an odd number of backticks precede byte `at` on its line (within
/// [`LINE_CONTEXT`] bytes).
pub(super) fn in_inline_code(text: &str, at: usize) -> bool {
    line_before(text, at).matches('`').count() % 2 == 1
}

/// The part of `r` on its first line.
pub(super) fn first_line(text: &str, r: Range<usize>) -> Range<usize> {
    let end = text[r.clone()].find('\n').map_or(r.end, |i| r.start + i);
    r.start..end
}

pub(super) fn trim_span(text: &str, r: Range<usize>) -> Range<usize> {
    let s = &text[r.clone()];
    let lead = s.len() - s.trim_start().len();
    let t = s.trim();
    r.start + lead..r.start + lead + t.len()
}

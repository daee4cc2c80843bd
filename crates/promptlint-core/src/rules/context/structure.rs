//! Structure around a match: its sentence, its line, the list item or table row holding it,
//! and the lead-in of a list or a fence.

use std::ops::Range;

use super::cues::{DELIVER_HEADING, FENCE_ADOPT, TABLE_CUE, topical};
pub use crate::parse::lines::list_lead_in;
pub(super) use crate::parse::lines::{LEAD_IN_MAX_LINES, WINDOW, line_start_within};
use crate::parse::lines::{lead_and_heading_above, table_row};
use crate::source::ceil_char_boundary;
use crate::source::floor_char_boundary;

/// True when the line holding `at` is a markdown table row and the row or the table's header
/// row names threats, attacks or examples.
pub(super) fn threat_table(text: &str, at: usize) -> bool {
    let Some((row, header)) = table_row(text, at) else {
        return false;
    };
    // The words of the cells, not of the code in them (`https://x.example` is no example).
    // Nor of a URL (`https://evil.example/u` is no example either).
    let words = |t: &str| {
        t.split_whitespace()
            .filter(|w| !w.contains("://"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let cue = |line: &str| {
        line.split('`')
            .step_by(2)
            .any(|t| TABLE_CUE.is_match(&words(t)))
    };
    cue(row) || header.is_some_and(cue)
}

/// True when the fenced code block starting at byte `fence_start` of `source` is delivered to
/// the agent rather than shown: its lead-in (the nearest non-blank line above it and the
/// nearest heading above it) has an adoption cue ("## Session bootstrap", "Follow these
/// rules:") and no discussing cue ("Example - vulnerable:", "Attack payload:").
pub fn fence_delivered(source: &str, fence_start: usize) -> bool {
    let (lead, heading) = lead_and_heading_above(source, fence_start);
    let cues = [lead, heading];
    let heading_text = heading.map(|h| h.trim_start_matches('#').trim());
    (cues.iter().flatten().any(|l| FENCE_ADOPT.is_match(l))
        || heading_text.is_some_and(|h| DELIVER_HEADING.is_match(h)))
        && !cues.iter().flatten().any(|l| topical(l))
}

/// The text of the match's line before and after it, each cut to [`WINDOW`] bytes.
pub(super) fn line_around(text: &str, r: Range<usize>) -> (&str, &str) {
    let floor = floor_char_boundary(text, r.start.saturating_sub(WINDOW));
    let start = text[floor..r.start]
        .rfind('\n')
        .map_or(floor, |i| floor + i + 1);
    let ceil = ceil_char_boundary(text, r.end + WINDOW);
    let end = text[r.end..ceil].find('\n').map_or(ceil, |i| r.end + i);
    (&text[start..r.start], &text[r.end..end])
}

/// The text from the start of the sentence holding `at` up to `at`: back to the previous
/// `.`, `!`, `?` or `;` followed by a space, a blank line, a list item, a heading or the end
/// of a heading line, at most 400 bytes.
pub fn sentence_prefix(text: &str, at: usize) -> &str {
    let floor = floor_char_boundary(text, at.saturating_sub(400));
    let window = &text[floor..at];
    let bytes = window.as_bytes();
    let mut start = 0;
    for i in (0..bytes.len()).rev() {
        let c = bytes[i];
        let next = bytes.get(i + 1).copied().unwrap_or(b' ');
        let ends_sentence = matches!(c, b'.' | b'!' | b'?' | b';') && next.is_ascii_whitespace();
        // Byte comparison: `i` need not be a char boundary. Full stops that need no space
        // after them: CJK `。！？`, Devanagari danda `।`, Arabic question mark `؟`.
        let ends_cjk = ["。", "！", "？", "।", "؟"]
            .iter()
            .find(|t| bytes[i..].starts_with(t.as_bytes()))
            .map(|t| t.len());
        let new_block = c == b'\n' && {
            // The line after the break, read in the whole text: the match may open it.
            let rest = text[floor + i + 1..].trim_start_matches([' ', '\t', '\r']);
            let line_before = &window[window[..i].rfind('\n').map_or(0, |j| j + 1)..i];
            rest.starts_with(['-', '*', '+', '#', '>', '|'])
                || rest.starts_with(|ch: char| ch.is_ascii_digit())
                || rest.is_empty()
                || rest.starts_with('\n')
                || line_before.trim().is_empty()
                || line_before.trim_start().starts_with('#')
        };
        if ends_sentence || new_block {
            start = i + 1;
            break;
        }
        if let Some(len) = ends_cjk {
            start = i + len;
            break;
        }
    }
    &window[start.min(window.len())..]
}

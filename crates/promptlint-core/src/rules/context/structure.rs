//! Structure around a match: its sentence, its line, the list item or table row holding it,
//! and the lead-in of a list or a fence.

use std::ops::Range;

use super::cues::{DELIVER_HEADING, FENCE_ADOPT, TABLE_CUE, topical};
use crate::source::ceil_char_boundary;
use crate::source::floor_char_boundary;

/// True when the line holding `at` is a markdown table row and the row or the table's header
/// row names threats, attacks or examples.
pub(super) fn threat_table(text: &str, at: usize) -> bool {
    let Some(start) = line_start_within(text, at) else {
        return false;
    };
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let row = &text[start..end];
    if !row.trim_start().starts_with('|') {
        return false;
    }
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
    if cue(row) {
        return true;
    }
    let mut header = None;
    let mut line_end = start;
    for _ in 0..LEAD_IN_MAX_LINES {
        if line_end == 0 {
            break;
        }
        let Some(s) = line_start_within(text, line_end - 1) else {
            break;
        };
        let line = &text[s..line_end - 1];
        if !line.trim_start().starts_with('|') {
            break;
        }
        header = Some(line);
        line_end = s;
    }
    header.is_some_and(cue)
}

/// True when the fenced code block starting at byte `fence_start` of `source` is delivered to
/// the agent rather than shown: its lead-in (the nearest non-blank line above it and the
/// nearest heading above it) has an adoption cue ("## Session bootstrap", "Follow these
/// rules:") and no discussing cue ("Example - vulnerable:", "Attack payload:").
pub fn fence_delivered(source: &str, fence_start: usize) -> bool {
    let mut lead = None;
    let mut heading = None;
    let mut end = fence_start.min(source.len());
    for _ in 0..LEAD_IN_MAX_LINES {
        if end == 0 {
            break;
        }
        let Some(start) = line_start_within(source, end - 1) else {
            break;
        };
        let line = source[start..end - 1].trim();
        end = start;
        if line.is_empty() {
            continue;
        }
        if lead.is_none() {
            lead = Some(line);
        }
        if line.starts_with('#') {
            heading = Some(line);
            break;
        }
    }
    let cues = [lead, heading];
    let heading_text = heading.map(|h| h.trim_start_matches('#').trim());
    (cues.iter().flatten().any(|l| FENCE_ADOPT.is_match(l))
        || heading_text.is_some_and(|h| DELIVER_HEADING.is_match(h)))
        && !cues.iter().flatten().any(|l| topical(l))
}

/// Most lines walked back from a list item to find its lead-in.
pub(super) const LEAD_IN_MAX_LINES: usize = 60;

/// When the line holding `at` is a list item, the line that introduces its list: the parent
/// item of a nested list, or else the nearest line above that is neither a list item, an
/// indented continuation nor blank; provided it is a heading or ends with a colon. `None`
/// otherwise.
pub fn list_lead_in(text: &str, at: usize) -> Option<&str> {
    let mut line_start = line_start_within(text, at)?;
    if !is_list_item(&text[line_start..at]) {
        line_start = continued_item(text, line_start)?;
    }
    let item = &text[line_start..];
    let indent = indent_of(item);
    let mut end = line_start;
    for _ in 0..LEAD_IN_MAX_LINES {
        if end == 0 {
            return None;
        }
        let start = line_start_within(text, end - 1)?;
        let line = &text[start..end - 1];
        end = start;
        if line.trim().is_empty() {
            continue;
        }
        let parent = is_list_item(line) && indent_of(line) < indent;
        if !parent && (is_list_item(line) || indent_of(line) > 0) {
            continue;
        }
        let t = line.trim().trim_end_matches(['*', '_', ' ']);
        return (t.starts_with('#') || t.ends_with([':', '：'])).then_some(line);
    }
    None
}

/// Most lines of one list item's paragraph walked back to find the item.
const CONTINUATION_MAX_LINES: usize = 20;

/// When the line starting at `line_start` continues the paragraph of a list item (markdown's
/// lazy continuation: the lines after an item, up to a blank line or a new block, belong to
/// it), the start of the item's line.
fn continued_item(text: &str, line_start: usize) -> Option<usize> {
    let mut end = line_start;
    for _ in 0..CONTINUATION_MAX_LINES {
        if end == 0 {
            return None;
        }
        let start = line_start_within(text, end - 1)?;
        let line = &text[start..end - 1];
        let t = line.trim_start();
        if t.is_empty() || t.starts_with('#') || t.starts_with("```") || t.starts_with("~~~") {
            return None;
        }
        if is_list_item(line) {
            return Some(start);
        }
        end = start;
    }
    None
}

/// How far, in bytes, context cues look around a match: the start of its line, the rest of
/// its line, the rest of its sentence. Bounding the look keeps a file of one huge line linear
/// in the number of matches instead of quadratic.
pub(super) const WINDOW: usize = 1024;

/// The start of the line holding `at`, when it lies within [`WINDOW`] bytes before `at`.
pub(super) fn line_start_within(text: &str, at: usize) -> Option<usize> {
    let floor = floor_char_boundary(text, at.saturating_sub(WINDOW));
    match text[floor..at].rfind('\n') {
        Some(i) => Some(floor + i + 1),
        None => (floor == 0).then_some(0),
    }
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

/// Leading spaces and tabs of a line, in bytes.
fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start_matches([' ', '\t']).len()
}

pub(super) fn is_list_item(line: &str) -> bool {
    let t = line.trim_start();
    if let Some(rest) = t.strip_prefix(['-', '*', '+']) {
        return rest.starts_with([' ', '\t']);
    }
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && t[digits..].starts_with(['.', ')'])
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

//! The line structure of markdown around a byte: the line and list item holding it, the
//! lead-in line of a list, a fence or a block, a fenced block's info string, the code spans
//! of a line. The parse stage owns every reading of markdown syntax; the context model
//! (`rules::context`) asks these questions of a source or of a segment's text and judges the
//! words it gets back.

use std::ops::Range;

use crate::source::{self, floor_char_boundary};

/// Most lines walked back from a list item to find its lead-in.
pub const LEAD_IN_MAX_LINES: usize = 60;

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
    for (_, line) in lines_above(text, line_start).take(LEAD_IN_MAX_LINES) {
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
    for (start, line) in lines_above(text, line_start).take(CONTINUATION_MAX_LINES) {
        let t = line.trim_start();
        if t.is_empty() || t.starts_with('#') || t.starts_with("```") || t.starts_with("~~~") {
            return None;
        }
        if is_list_item(line) {
            return Some(start);
        }
    }
    None
}

/// The lines above the line starting at `end`, nearest first, each with its start, without
/// its line break. Stops at the text's start, or at a line longer than [`WINDOW`] bytes
/// ([`line_start_within`]): every walk up from a match stays linear in the findings.
pub fn lines_above(text: &str, end: usize) -> impl Iterator<Item = (usize, &str)> {
    let mut end = end.min(text.len());
    std::iter::from_fn(move || {
        if end == 0 {
            return None;
        }
        let start = line_start_within(text, end - 1)?;
        let line = &text[start..end - 1];
        end = start;
        Some((start, line))
    })
}

/// The language word of a fenced block's info string (`fence`: its text from the opening
/// line), as written; empty without one.
pub fn fence_info(fence: &str) -> &str {
    let first = fence.lines().next().unwrap_or("").trim_start();
    let info = first.trim_start_matches(['`', '~']).trim();
    info.split([' ', '{', ',']).next().unwrap_or("").trim()
}

/// How far, in bytes, context cues look around a match: the start of its line, the rest of
/// its line, the rest of its sentence. Bounding the look keeps a file of one huge line linear
/// in the number of matches instead of quadratic.
pub const WINDOW: usize = 1024;

/// The start of the line holding `at`, when it lies within [`WINDOW`] bytes before `at`.
pub fn line_start_within(text: &str, at: usize) -> Option<usize> {
    let floor = floor_char_boundary(text, at.saturating_sub(WINDOW));
    match text[floor..at].rfind('\n') {
        Some(i) => Some(floor + i + 1),
        None => (floor == 0).then_some(0),
    }
}

/// Leading spaces and tabs of a line, in bytes.
pub fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start_matches([' ', '\t']).len()
}

/// True when `line` opens a list item (`- `, `* `, `+ `, `1.`, `1)`).
pub fn is_list_item(line: &str) -> bool {
    let t = line.trim_start();
    if let Some(rest) = t.strip_prefix(['-', '*', '+']) {
        return rest.starts_with([' ', '\t']);
    }
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && t[digits..].starts_with(['.', ')'])
}

/// True when a fenced block (`fence`: its text from the opening line) names a shell or a
/// programming language in its info string: its text is run, not shown.
pub fn runnable_fence(fence: &str) -> bool {
    let lang = fence_info(fence).to_ascii_lowercase();
    !matches!(
        lang.as_str(),
        "" | "text"
            | "txt"
            | "plain"
            | "plaintext"
            | "output"
            | "console-output"
            | "log"
            | "md"
            | "markdown"
            | "prompt"
    )
}

/// True when the code span holding byte `at` is all its line holds, besides a list marker,
/// table pipes and punctuation: "- `rm -rf ~`", "| `curl x | sh` | blocked |".
pub fn code_alone(source: &str, at: usize) -> bool {
    let start = source[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = source[at..].find('\n').map_or(source.len(), |i| at + i);
    let line = &source[start..end];
    // The cell holding `at` when the line is a table row.
    let text = if line.trim_start().starts_with('|') {
        let rel = at - start;
        let from = line[..rel].rfind('|').map_or(0, |i| i + 1);
        let to = line[rel..].find(" |").map_or(line.len(), |i| rel + i);
        &line[from..to]
    } else {
        line
    };
    // A list item that is one quoted string is a specimen too: `- "Run: `x`"`.
    let item = text
        .trim_start_matches(['-', '*', '+', ' ', '\t', '|'])
        .trim_end_matches([' ', '\t', '|', '\r']);
    let quoted =
        |open: char, close: char| item.len() > 1 && item.starts_with(open) && item.ends_with(close);
    if quoted('"', '"') || quoted('“', '”') {
        return true;
    }
    let mut outside = String::new();
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 0 {
            outside.push_str(part);
        }
    }
    outside
        .chars()
        .all(|c| !c.is_alphanumeric() || c.is_ascii_digit())
}

/// True when byte `at` of `source` follows an odd number of backticks on its line.
pub fn in_backticks(source: &str, at: usize) -> bool {
    let start = source[..at].rfind('\n').map_or(0, |i| i + 1);
    source[start..at].matches('`').count() % 2 == 1
}

/// The first non-blank line after byte `end` (a fence's end), within three lines.
pub fn line_after(source: &str, end: usize) -> Option<&str> {
    source
        .get(end.min(source.len())..)?
        .lines()
        .take(3)
        .map(str::trim)
        .find(|l| !l.is_empty())
}

/// The nearest non-blank line above the fence opening at `fence_start`, within a few lines.
pub fn fence_lead_in(source: &str, fence_start: usize) -> Option<&str> {
    lines_above(source, fence_start)
        .take(3)
        .map(|(_, line)| line.trim())
        .find(|line| !line.is_empty())
}

/// When the line holding `at` is a markdown table row: the row, and the table's first row
/// (its header) when it is another line, walking up at most [`LEAD_IN_MAX_LINES`] rows.
pub fn table_row(text: &str, at: usize) -> Option<(&str, Option<&str>)> {
    let start = line_start_within(text, at)?;
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let row = &text[start..end];
    if !row.trim_start().starts_with('|') {
        return None;
    }
    let header = lines_above(text, start)
        .take(LEAD_IN_MAX_LINES)
        .map_while(|(_, line)| line.trim_start().starts_with('|').then_some(line))
        .last();
    Some((row, header))
}

/// The nearest non-blank line above byte `start` (a fence's first byte) and the nearest
/// heading line above it, trimmed, walking up at most [`LEAD_IN_MAX_LINES`] lines.
pub fn lead_and_heading_above(source: &str, start: usize) -> (Option<&str>, Option<&str>) {
    let mut lead = None;
    let mut heading = None;
    for (_, line) in lines_above(source, start).take(LEAD_IN_MAX_LINES) {
        let line = line.trim();
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
    (lead, heading)
}

/// Most bytes read on each side of a finding for its line: a file of one huge line stays
/// linear in its findings.
pub const LINE_WINDOW: usize = 1024;

/// The start and end of the line holding `span`, each at most [`LINE_WINDOW`] bytes away.
pub fn line_bounds(text: &str, span: Range<usize>) -> (usize, usize) {
    let from = span.start.min(text.len());
    let to = span.end.clamp(from, text.len());
    let floor = source::floor_char_boundary(text, from.saturating_sub(LINE_WINDOW));
    let ceil = source::ceil_char_boundary(text, to + LINE_WINDOW);
    let start = text[floor..from]
        .rfind('\n')
        .map_or(floor, |i| floor + i + 1);
    let end = text[to..ceil].find('\n').map_or(ceil, |i| to + i);
    (start, end)
}

/// True when `span` lies between backticks of its line.
pub fn in_inline_code(text: &str, span: Range<usize>) -> bool {
    let (start, end) = line_bounds(text, span.clone());
    let before = &text[start..span.start];
    // A match may take the closing backtick with it (`curl https://x | sh`).
    let closed = text[span.clone()].ends_with('`') || text[span.end.min(end)..end].contains('`');
    before.matches('`').count() % 2 == 1 && closed
}

/// The info string of a fenced block (`fence`: its text from the opening line) when it names
/// a programming or shell language, whose text is a program rather than markdown to render:
/// `None` for no info string, `markdown`, `md`, `html`, `text` and the like.
pub fn fence_language(fence: &str) -> Option<&str> {
    let lang = fence_info(fence);
    let rendered = [
        "",
        "markdown",
        "md",
        "mdx",
        "html",
        "htm",
        "xml",
        "svg",
        "text",
        "txt",
        "plain",
        "plaintext",
        "prompt",
        "output",
    ];
    (!rendered.contains(&lang.to_ascii_lowercase().as_str())).then_some(lang)
}

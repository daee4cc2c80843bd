//! Why a prefix broke: the first differing bytes, read as a timestamp, an id, a reordering...

use crate::parse::request::Section;
use crate::parse::segment::Role;
use crate::rules::volatile;

use super::model::*;

pub(super) fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// A short context around byte `at` of an element: up to 24 bytes before and 40 after,
/// escaped for display.
pub(super) fn context(chunk: &[u8], at: usize) -> String {
    let from = at.saturating_sub(24);
    let to = (at + 40).min(chunk.len());
    let s = String::from_utf8_lossy(&chunk[from..to]);
    let s = s.trim_end_matches('\n');
    let mut out = String::new();
    if from > 0 {
        out.push('…');
    }
    out.push_str(&crate::escape::escape_one_line(s));
    if to < chunk.len() {
        out.push('…');
    }
    out
}

/// Why element `cur` differs from `earlier` at byte `lcp`.
pub(super) fn classify(
    kind: Kind,
    earlier_kind: Option<Kind>,
    earlier: Option<&[u8]>,
    cur: &[u8],
    lcp: usize,
    earlier_tools: &[H],
    tools: &[H],
) -> (Reason, String) {
    if kind == Kind::Header {
        let (a, b) = (
            earlier.map(|e| field(e, b"\"model\":")).unwrap_or(b""),
            field(cur, b"\"model\":"),
        );
        if a != b {
            let show = |v: &[u8]| {
                crate::escape::escape_one_line(String::from_utf8_lossy(v).trim_matches('"'))
            };
            return (Reason::ModelChanged, format!("{} -> {}", show(a), show(b)));
        }
        return (Reason::ContentChanged, "cached content".to_owned());
    }
    if kind == Kind::Params || earlier_kind == Some(Kind::Params) {
        return (Reason::ParamsChanged, "tool_choice or thinking".to_owned());
    }
    let is_tools = |k: Option<Kind>| matches!(k, Some(Kind::Section(Section::Tools, _)));
    if is_tools(Some(kind)) || is_tools(earlier_kind) {
        let detail = if earlier_tools.len() != tools.len() {
            "a tool was added or removed"
        } else {
            let mut a = earlier_tools.to_vec();
            let mut b = tools.to_vec();
            a.sort_unstable();
            b.sort_unstable();
            if a == b { "reordered" } else { "edited" }
        };
        return (Reason::ToolsChanged, detail.to_owned());
    }
    // History: messages other than the system or developer text that leads a Chat
    // conversation (an edit there is a content change like any system text).
    let messages = |k: Option<Kind>| matches!(k, Some(Kind::Section(Section::Messages, r)) if !matches!(r, Role::System | Role::Developer));
    let Some(earlier) = earlier else {
        let reason = if messages(Some(kind)) {
            Reason::HistoryRewritten
        } else {
            Reason::ContentChanged
        };
        return (reason, String::new());
    };
    if squeeze(&earlier[lcp..]) == squeeze(&cur[lcp..]) {
        return (Reason::Whitespace, String::new());
    }
    // The text line around the diff; when the diff starts a new line (an inserted or removed
    // line), that line.
    let line = |c: &[u8]| -> String {
        let start = find_back(c, lcp);
        let from = if c.get(lcp..).is_some_and(|r| r.starts_with(b"\\n")) {
            lcp + 2
        } else {
            lcp
        };
        let end = find_fwd(c, from);
        String::from_utf8_lossy(&c[start..end]).into_owned()
    };
    for side in [line(cur), line(earlier)] {
        if !volatile::timestamps(&side).is_empty() || !volatile::current_dates(&side).is_empty() {
            return (Reason::Timestamp, String::new());
        }
    }
    for side in [line(cur), line(earlier)] {
        if !volatile::identifiers(&side).is_empty() {
            return (Reason::Id, String::new());
        }
    }
    let tool_result =
        |k: Option<Kind>| matches!(k, Some(Kind::Section(Section::Messages, Role::ToolResult)));
    if tool_result(Some(kind)) && tool_result(earlier_kind) && cur.len() < earlier.len() {
        return (
            Reason::ToolResultTruncated,
            format!("{} -> {} bytes", earlier.len(), cur.len()),
        );
    }
    if messages(Some(kind)) || messages(earlier_kind) {
        return (Reason::HistoryRewritten, String::new());
    }
    (Reason::ContentChanged, String::new())
}

/// The value text after `key` in a canonical header line.
pub(super) fn field<'a>(line: &'a [u8], key: &[u8]) -> &'a [u8] {
    let Some(i) = line.windows(key.len()).position(|w| w == key) else {
        return b"";
    };
    let rest = &line[i + key.len()..];
    let end = rest
        .iter()
        .position(|&b| b == b',' || b == b'}')
        .unwrap_or(rest.len());
    &rest[..end]
}

/// Bytes without whitespace and without JSON whitespace escapes (`\n`, `\t`, `\r`).
pub(super) fn squeeze(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() && matches!(b[i + 1], b'n' | b't' | b'r') {
            i += 2;
            continue;
        }
        if !b[i].is_ascii_whitespace() {
            out.push(b[i]);
        }
        i += 1;
    }
    out
}

/// Start of the text line (in the JSON text of an element: after `\n` or a quote) around
/// `at`, at most 160 bytes back.
pub(super) fn find_back(c: &[u8], at: usize) -> usize {
    let lo = at.saturating_sub(160);
    let mut i = at.min(c.len());
    while i > lo {
        if c[i - 1] == b'"' || (i >= 2 && &c[i - 2..i] == b"\\n") {
            return i;
        }
        i -= 1;
    }
    lo
}

pub(super) fn find_fwd(c: &[u8], at: usize) -> usize {
    let hi = (at + 160).min(c.len());
    let mut i = at.min(c.len());
    while i < hi {
        if c[i] == b'"' && (i == 0 || c[i - 1] != b'\\')
            || (c[i] == b'\\' && c.get(i + 1) == Some(&b'n'))
        {
            return i;
        }
        i += 1;
    }
    hi
}

pub(super) type H = [u8; 16];

/// Element kinds: the header line, the parameters line, or a prefix section with the
/// element's role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Header,
    Params,
    Section(Section, Role),
}

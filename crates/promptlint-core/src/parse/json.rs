//! JSON and JSON-with-comments: an owned tree with the byte span of every node, and one segment
//! per string (keys included) whose text is the decoded value.
//!
//! Structure comes from `jsonc-parser` (dprint's parser: comments, trailing commas, single
//! quotes, as VS Code's settings and `.vscode/mcp.json` allow). Each string literal is decoded
//! again here with a byte map, so a rule that matches U+202E written as `\u202e` points at the
//! six source bytes of the escape.

use std::ops::Range;

use jsonc_parser::ast;
use jsonc_parser::{CollectOptions, ParseOptions, parse_to_ast};

use super::segment::{MappedText, ParseIssue, Parsed, Role, Segment};
use crate::offset_map::OffsetMap;

/// A JSON value with source spans.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// A number, as written.
    Number(String),
    /// A string: decoded value with its map to the literal's source bytes.
    String(MappedText),
    /// An array.
    Array(Vec<JsonNode>),
    /// An object: (key, key span, value) in document order, duplicates kept.
    Object(Vec<(MappedText, Range<usize>, JsonNode)>),
}

/// A JSON value and the source bytes it spans.
#[derive(Debug, Clone, PartialEq)]
pub struct JsonNode {
    /// Source byte span of the whole value.
    pub span: Range<usize>,
    /// The value.
    pub value: Json,
}

impl JsonNode {
    /// The member `key` of an object (the last one when a key repeats, as JSON.parse does).
    pub fn get(&self, key: &str) -> Option<&JsonNode> {
        match &self.value {
            Json::Object(members) => members
                .iter()
                .rev()
                .find(|(k, _, _)| k.text == key)
                .map(|(_, _, v)| v),
            _ => None,
        }
    }

    /// The decoded string, when this is a string.
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            Json::String(s) => Some(&s.text),
            _ => None,
        }
    }

    /// Visits every string in document order: keys (`true`) and values (`false`).
    pub fn for_each_string<'a>(&'a self, f: &mut impl FnMut(&'a MappedText, bool)) {
        match &self.value {
            Json::String(s) => f(s, false),
            Json::Array(items) => items.iter().for_each(|i| i.for_each_string(f)),
            Json::Object(members) => {
                for (k, _, v) in members {
                    f(k, true);
                    v.for_each_string(f);
                }
            }
            _ => {}
        }
    }
}

/// Parses `text` (JSON or JSONC) into a tree.
///
/// # Errors
/// A [`ParseIssue`] with the parser's message and the offending span.
pub fn parse_tree(text: &str) -> Result<Option<JsonNode>, ParseIssue> {
    // Parse what follows a BOM; spans stay in the text's coordinates.
    let skip = if text.starts_with('\u{FEFF}') { 3 } else { 0 };
    let body = &text[skip..];
    // Containers deeper than the structure depth are read as flat lists of their strings
    // (see `blank_deep`): the parser sees `0` in their place.
    let (blanked, regions) = match blank_deep(body, crate::bounds::JSON_STRUCTURE_DEPTH) {
        Some((b, r)) => (Some(b), r),
        None => (None, Vec::new()),
    };
    let parsed = blanked.as_deref().unwrap_or(body);
    let opts = ParseOptions::default();
    match parse_to_ast(parsed, &CollectOptions::default(), &opts) {
        Ok(res) => Ok(res.value.map(|v| {
            let mut root = convert(body, &v, skip);
            if !regions.is_empty() {
                let mut regions = regions.into_iter().peekable();
                graft(&mut root, body, skip, &mut regions);
            }
            root
        })),
        Err(e) => {
            let r = e.range();
            Err(ParseIssue {
                span: skip + r.start..skip + r.end,
                message: format!("invalid JSON: {}", lower_first(&e.kind().to_string())),
            })
        }
    }
}

/// A container nested deeper than the structure depth: its span in the body, and the spans
/// of the string literals in it (quotes included), in order.
type Deep = (Range<usize>, Vec<Range<usize>>);

/// `body` with every array or object that opens deeper than `max` levels replaced by `0` and
/// spaces (line breaks kept, so the same bytes stay on the same lines), and those containers
/// with the string literals in them; `None` when nothing is that deep. One pass over the
/// bytes, no recursion, so any depth is read in linear time and constant stack: Claude Code
/// reads a settings file whatever its depth, and a deep array anywhere must not make the
/// rest of the file unreadable to the settings rules (issue 29). JSONC's comments and
/// single-quoted strings are lexed as `jsonc-parser` reads them.
fn blank_deep(body: &str, max: usize) -> Option<(String, Vec<Deep>)> {
    let b = body.as_bytes();
    // No file with fewer brackets can be that deep.
    if b.iter().filter(|&&c| c == b'[' || c == b'{').count() <= max {
        return None;
    }
    let mut regions: Vec<Deep> = Vec::new();
    let mut depth = 0usize;
    let mut start = None;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            q @ (b'"' | b'\'') => {
                let from = i;
                i += 1;
                while i < b.len() && b[i] != q {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(b.len());
                if start.is_some()
                    && let Some(r) = regions.last_mut()
                {
                    r.1.push(from..i);
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                i = (i + 2).min(b.len());
                continue;
            }
            b'[' | b'{' => {
                depth += 1;
                if depth == max + 1 {
                    start = Some(i);
                    regions.push((i..i, Vec::new()));
                }
            }
            b']' | b'}' => {
                if depth == max + 1
                    && let Some(from) = start.take()
                    && let Some(r) = regions.last_mut()
                {
                    r.0 = from..i + 1;
                }
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
        i += 1;
    }
    if let Some(from) = start
        && let Some(r) = regions.last_mut()
    {
        r.0 = from..b.len();
    }
    if regions.is_empty() {
        return None;
    }
    let mut out = b.to_vec();
    for (r, _) in &regions {
        for (k, c) in out[r.clone()].iter_mut().enumerate() {
            if k == 0 {
                *c = b'0';
            } else if *c != b'\n' && *c != b'\r' {
                *c = b' ';
            }
        }
    }
    let out = String::from_utf8(out).ok()?;
    Some((out, regions))
}

/// Puts each deep container of `regions` (in body coordinates, in order) back into the tree
/// where the parser read its `0`: an array of its strings, spanning the container. The tree
/// above them is at most the structure depth deep.
fn graft(
    node: &mut JsonNode,
    body: &str,
    base: usize,
    regions: &mut std::iter::Peekable<std::vec::IntoIter<Deep>>,
) {
    match &mut node.value {
        Json::Number(n)
            if n == "0"
                && regions
                    .peek()
                    .is_some_and(|(r, _)| base + r.start == node.span.start) =>
        {
            let Some((r, strings)) = regions.next() else {
                return;
            };
            let items = strings
                .into_iter()
                .filter(|s| s.len() >= 2)
                .map(|s| JsonNode {
                    span: base + s.start..base + s.end,
                    value: Json::String(decode_escapes(
                        &body[s.start + 1..s.end - 1],
                        base + s.start + 1,
                    )),
                })
                .collect();
            *node = JsonNode {
                span: base + r.start..base + r.end,
                value: Json::Array(items),
            };
        }
        Json::Array(items) => {
            for item in items {
                graft(item, body, base, regions);
            }
        }
        Json::Object(members) => {
            for (_, _, v) in members {
                graft(v, body, base, regions);
            }
        }
        _ => {}
    }
}

/// The message with its first letter in lower case (messages never start with a capital).
fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

fn convert(text: &str, v: &ast::Value<'_>, base: usize) -> JsonNode {
    let shift = |r: &jsonc_parser::common::Range| base + r.start..base + r.end;
    match v {
        ast::Value::StringLit(s) => JsonNode {
            span: shift(&s.range),
            value: Json::String(decode_literal(text, &s.range, base)),
        },
        ast::Value::NumberLit(n) => JsonNode {
            span: shift(&n.range),
            value: Json::Number(n.value.to_string()),
        },
        ast::Value::BooleanLit(b) => JsonNode {
            span: shift(&b.range),
            value: Json::Bool(b.value),
        },
        ast::Value::NullKeyword(n) => JsonNode {
            span: shift(&n.range),
            value: Json::Null,
        },
        ast::Value::Array(a) => JsonNode {
            span: shift(&a.range),
            value: Json::Array(a.elements.iter().map(|e| convert(text, e, base)).collect()),
        },
        ast::Value::Object(o) => JsonNode {
            span: shift(&o.range),
            value: Json::Object(
                o.properties
                    .iter()
                    .map(|p| {
                        let (key, span) = match &p.name {
                            ast::ObjectPropName::String(s) => {
                                (decode_literal(text, &s.range, base), shift(&s.range))
                            }
                            ast::ObjectPropName::Word(w) => (
                                MappedText {
                                    text: w.value.to_string(),
                                    map: OffsetMap::identity(shift(&w.range)),
                                },
                                shift(&w.range),
                            ),
                        };
                        (key, span, convert(text, &p.value, base))
                    })
                    .collect(),
            ),
        },
    }
}

/// Decodes the string literal at `range` of `text` (quotes included) with a map to source
/// bytes (offset by `base`). Escapes: JSON's, plus `\'`, `\xNN`, `\v` and `\0` as JSON5 and
/// jsonc-parser accept; an unknown escape stands for its character.
pub fn decode_literal(text: &str, range: &jsonc_parser::common::Range, base: usize) -> MappedText {
    let raw = &text[range.start..range.end];
    let quote = raw.chars().next().filter(|c| *c == '"' || *c == '\'');
    let inner_start = range.start + quote.map_or(0, |_| 1);
    let inner_end = if quote.is_some() && raw.len() >= 2 && raw.ends_with(quote.unwrap_or('"')) {
        range.end - 1
    } else {
        range.end
    };
    decode_escapes(
        &text[inner_start..inner_end.max(inner_start)],
        base + inner_start,
    )
}

/// Decodes JSON escapes in `inner` (the text between the quotes), mapping to `base + offset`.
pub fn decode_escapes(inner: &str, base: usize) -> MappedText {
    if !inner.contains('\\') {
        return MappedText {
            text: inner.to_owned(),
            map: OffsetMap::identity(base..base + inner.len()),
        };
    }
    let mut text = String::with_capacity(inner.len());
    // `"\u"` decodes to nothing: the empty text still sits at the literal.
    let mut map = OffsetMap::empty_at(base);
    let b = inner.as_bytes();
    let mut i = 0;
    let mut run_start = 0;
    let flush = |text: &mut String, map: &mut OffsetMap, from: usize, to: usize| {
        if to > from {
            text.push_str(&inner[from..to]);
            map.push_identity(base + from..base + to);
        }
    };
    while i < b.len() {
        if b[i] != b'\\' || i + 1 >= b.len() {
            i += 1;
            continue;
        }
        flush(&mut text, &mut map, run_start, i);
        let esc_start = i;
        let (c, consumed) = match b[i + 1] {
            b'n' => (Some('\n'), 2),
            b't' => (Some('\t'), 2),
            b'r' => (Some('\r'), 2),
            b'b' => (Some('\u{8}'), 2),
            b'f' => (Some('\u{c}'), 2),
            b'v' => (Some('\u{b}'), 2),
            b'0' => (Some('\0'), 2),
            b'x' => (
                hex(inner, i + 2, 2).and_then(char::from_u32),
                if hex(inner, i + 2, 2).is_some() { 4 } else { 2 },
            ),
            b'u' => match hex(inner, i + 2, 4) {
                Some(hi) if (0xD800..0xDC00).contains(&hi) => {
                    // A surrogate pair written as two escapes.
                    let lo = (inner.get(i + 6..i + 8) == Some("\\u"))
                        .then(|| hex(inner, i + 8, 4))
                        .flatten()
                        .filter(|lo| (0xDC00..0xE000).contains(lo));
                    match lo {
                        Some(lo) => (
                            char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)),
                            12,
                        ),
                        None => (Some(char::REPLACEMENT_CHARACTER), 6),
                    }
                }
                Some(cp) => (
                    Some(char::from_u32(cp).unwrap_or(char::REPLACEMENT_CHARACTER)),
                    6,
                ),
                None => (None, 2),
            },
            _ => {
                // `\"`, `\\`, `\/`, `\'` and unknown escapes: the character itself.
                let c = inner[i + 1..].chars().next();
                (c, 1 + c.map_or(1, char::len_utf8))
            }
        };
        let consumed = consumed.min(b.len() - i);
        if let Some(c) = c {
            let before = text.len();
            text.push(c);
            map.push_opaque(
                text.len() - before,
                base + esc_start..base + esc_start + consumed,
            );
        }
        i += consumed;
        run_start = i;
    }
    flush(&mut text, &mut map, run_start, b.len());
    MappedText { text, map }
}

fn hex(s: &str, at: usize, n: usize) -> Option<u32> {
    let h = s.get(at..at + n)?;
    if !h.bytes().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(h, 16).ok()
}

/// Segments of a JSON document: one per string, keys included, in document order. A document
/// that does not parse is scanned as one body segment and the parse error is reported.
pub fn parse_document(text: &str) -> Parsed {
    match parse_tree(text) {
        Ok(Some(root)) => Parsed {
            segments: string_segments(&root),
            ..Parsed::default()
        },
        Ok(None) => Parsed::default(),
        Err(issue) => fallback(text, issue),
    }
}

/// One segment per string of `root`.
pub fn string_segments(root: &JsonNode) -> Vec<Segment> {
    let mut segments = Vec::new();
    root.for_each_string(&mut |s, is_key| {
        let range = s.map.map_range(0..s.text.len());
        segments.push(Segment {
            role: if is_key {
                Role::JsonKey
            } else {
                Role::JsonString
            },
            zone: super::segment::Zone::Static,
            range,
            derived: Some(s.clone()),
        });
    });
    segments
}

/// The whole text as one body segment, with the parse issue.
pub fn fallback(text: &str, issue: ParseIssue) -> Parsed {
    Parsed {
        segments: vec![Segment::verbatim(Role::Body, 0..text.len())],
        issues: vec![issue],
        ..Parsed::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_map_back_to_source_bytes() {
        let src = r#"{"k": "a\u202eb\n😀"}"#;
        let root = parse_tree(src).unwrap().unwrap();
        let v = root.get("k").unwrap();
        let Json::String(s) = &v.value else { panic!() };
        assert_eq!(s.text, "a\u{202E}b\n😀");
        let bidi = s.text.find('\u{202E}').unwrap();
        let r = s.map.map_range(bidi..bidi + 3);
        assert_eq!(&src[r], r"\u202e");
        let emoji = s.text.find('😀').unwrap();
        assert_eq!(&src[s.map.map_range(emoji..emoji + 4)], "😀");
    }

    #[test]
    fn surrogate_pairs_and_jsonc() {
        let src = "// comment\n{ \"a\": \"\\ud83d\\ude00\", /* c */ \"b\": [1, 2,], }";
        let root = parse_tree(src).unwrap().unwrap();
        assert_eq!(root.get("a").unwrap().as_str(), Some("😀"));
        let segs = parse_document(src).segments;
        assert_eq!(segs.len(), 3);
        assert_eq!(&src[segs[1].range.clone()], "\\ud83d\\ude00");
    }

    #[test]
    fn an_empty_string_is_a_segment_at_its_literal_in_document_order() {
        // Found by fuzzing (`fuzz/seeds/json/empty-strings.json`): empty strings were
        // segments at 0..0, after the strings before them.
        let src = r#"{"a": "x", "b": "", "": [""]}"#;
        let ranges: Vec<_> = parse_document(src)
            .segments
            .iter()
            .map(|s| s.range.clone())
            .collect();
        assert_eq!(ranges, [2..3, 7..8, 12..13, 17..17, 21..21, 26..26]);
    }

    #[test]
    fn broken_json_is_scanned_as_text() {
        let p = parse_document("{\"a\": ");
        assert_eq!(p.segments.len(), 1);
        assert_eq!(p.segments[0].role, Role::Body);
        assert!(p.issues[0].message.starts_with("invalid JSON"));
    }
}

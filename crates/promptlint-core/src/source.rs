//! Decode stage: bytes -> text, plus the line index that turns byte offsets into positions.
//!
//! Input: the raw bytes of one source. Output: a [`Decoded`] text in UTF-8 with what decoding
//! had to repair (invalid UTF-8, NUL bytes) recorded as byte ranges of the decoded text.
//! Invariants: nothing is dropped (every input byte is represented in the text, lossy
//! replacement included), a UTF-8 BOM stays at offset 0 so that byte offsets of a valid UTF-8
//! file are the file's own offsets, and a UTF-16 file with a BOM decodes to text starting with
//! U+FEFF.

use std::ops::Range;

/// The largest char boundary of `text` at or before byte `i` (`text.len()` when `i` is past
/// the end). Byte offsets moved by a fixed count (`at - 40`, `end + 80`) go through this or
/// [`ceil_char_boundary`] before they slice: the text is anyone's, and a multibyte character
/// may sit there. (`str::floor_char_boundary` needs Rust 1.91; the crate supports 1.89.)
pub fn floor_char_boundary(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The smallest char boundary of `text` at or after byte `i` (`text.len()` when `i` is past
/// the end). See [`floor_char_boundary`].
pub fn ceil_char_boundary(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// The encoding a source was read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 without a byte order mark.
    Utf8,
    /// UTF-8 that starts with the BOM EF BB BF.
    Utf8Bom,
    /// UTF-16 little endian, BOM FF FE.
    Utf16Le,
    /// UTF-16 big endian, BOM FE FF.
    Utf16Be,
}

impl Encoding {
    /// Name for messages: `utf-8`, `utf-8-bom`, `utf-16le`, `utf-16be`.
    pub fn as_str(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Utf8Bom => "utf-8-bom",
            Encoding::Utf16Le => "utf-16le",
            Encoding::Utf16Be => "utf-16be",
        }
    }
}

/// A decoded source text and what decoding had to repair.
#[derive(Debug, Clone)]
pub struct Decoded {
    /// The text, UTF-8. Invalid input sequences appear as U+FFFD.
    pub text: String,
    /// The encoding detected from the BOM (UTF-8 when there is none).
    pub encoding: Encoding,
    /// Byte ranges in `text` of each U+FFFD that replaced an invalid sequence (invalid UTF-8,
    /// or an unpaired surrogate in UTF-16). A U+FFFD present in the input is not listed.
    pub invalid: Vec<Range<usize>>,
    /// Byte offsets in `text` of every U+0000.
    pub nul: Vec<usize>,
}

/// True when `bytes` look binary: they hold a NUL byte and are not UTF-16 with a BOM.
/// The same test git and ripgrep use (a NUL in the first block), applied to the whole input.
pub fn looks_binary(bytes: &[u8]) -> bool {
    !matches!(bytes, [0xFF, 0xFE, ..] | [0xFE, 0xFF, ..]) && memchr_nul(bytes)
}

/// True when `bytes`, NUL bytes aside, are text: UTF-16 with a BOM, or UTF-8 with at most one
/// invalid sequence per KiB. Executables, images and archives have far more (their bytes
/// are not UTF-8), while a text file padded with a NUL or a stray byte stays text.
pub fn mostly_text(bytes: &[u8]) -> bool {
    if matches!(bytes, [0xFF, 0xFE, ..] | [0xFE, 0xFF, ..]) {
        return true;
    }
    let allowed = bytes.len() / 1024 + 1;
    bytes
        .utf8_chunks()
        .filter(|c| !c.invalid().is_empty())
        .take(allowed + 1)
        .count()
        <= allowed
}

/// The length of the longest prefix of `bytes` that ends on a whole character of its
/// encoding (as [`decode`] detects it): a cut file's last, partial character is dropped
/// rather than decoded as U+FFFD. UTF-16 (with a BOM) is cut to whole code units and
/// before a trailing high surrogate; UTF-8 before an incomplete sequence at the end.
pub fn whole_chars_prefix(bytes: &[u8]) -> usize {
    if let [a @ (0xFF | 0xFE), b @ (0xFE | 0xFF), rest @ ..] = bytes
        && a != b
    {
        let mut n = rest.len() / 2 * 2;
        if n >= 2 {
            let pair = [rest[n - 2], rest[n - 1]];
            let unit = if *a == 0xFF {
                u16::from_le_bytes(pair)
            } else {
                u16::from_be_bytes(pair)
            };
            if (0xD800..0xDC00).contains(&unit) {
                n -= 2;
            }
        }
        return 2 + n;
    }
    let len = bytes.len();
    // The last lead byte within the longest sequence's reach.
    for back in 1..=len.min(4) {
        let b = bytes[len - back];
        if b & 0xC0 == 0x80 {
            continue;
        }
        let need = match b {
            0xF0..=0xF7 => 4,
            0xE0..=0xEF => 3,
            0xC0..=0xDF => 2,
            _ => 1,
        };
        return if back < need { len - back } else { len };
    }
    len
}

fn memchr_nul(bytes: &[u8]) -> bool {
    bytes.contains(&0)
}

/// Decodes `bytes`: UTF-16 LE/BE when they start with its BOM, UTF-8 (lossy) otherwise.
pub fn decode(bytes: &[u8]) -> Decoded {
    let (text, encoding, invalid) = match bytes {
        [0xFF, 0xFE, rest @ ..] => {
            let (t, inv) = decode_utf16(rest, u16::from_le_bytes);
            (t, Encoding::Utf16Le, inv)
        }
        [0xFE, 0xFF, rest @ ..] => {
            let (t, inv) = decode_utf16(rest, u16::from_be_bytes);
            (t, Encoding::Utf16Be, inv)
        }
        _ => {
            let enc = if bytes.starts_with(&[0xEF, 0xBB, 0xBF]) {
                Encoding::Utf8Bom
            } else {
                Encoding::Utf8
            };
            let (t, inv) = decode_utf8_lossy(bytes);
            (t, enc, inv)
        }
    };
    let nul = text.match_indices('\0').map(|(i, _)| i).collect();
    Decoded {
        text,
        encoding,
        invalid,
        nul,
    }
}

fn decode_utf8_lossy(bytes: &[u8]) -> (String, Vec<Range<usize>>) {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return (s.to_owned(), Vec::new());
    }
    let mut text = String::with_capacity(bytes.len() + 8);
    let mut invalid = Vec::new();
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        if !chunk.invalid().is_empty() {
            let at = text.len();
            text.push(char::REPLACEMENT_CHARACTER);
            invalid.push(at..text.len());
        }
    }
    (text, invalid)
}

fn decode_utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> (String, Vec<Range<usize>>) {
    // The BOM is part of the text (U+FEFF at byte 0), so offsets stay honest about it.
    let mut text = String::from('\u{FEFF}');
    let mut invalid = Vec::new();
    let units = bytes.chunks(2).map(|p| match p {
        [a, b] => Ok(unit([*a, *b])),
        _ => Err(()),
    });
    let mut pending: Vec<u16> = Vec::new();
    let flush = |pending: &mut Vec<u16>, text: &mut String, invalid: &mut Vec<Range<usize>>| {
        for r in char::decode_utf16(pending.drain(..)) {
            match r {
                Ok(c) => text.push(c),
                Err(_) => {
                    let at = text.len();
                    text.push(char::REPLACEMENT_CHARACTER);
                    invalid.push(at..text.len());
                }
            }
        }
    };
    for u in units {
        match u {
            Ok(u) => pending.push(u),
            Err(()) => {
                flush(&mut pending, &mut text, &mut invalid);
                let at = text.len();
                text.push(char::REPLACEMENT_CHARACTER);
                invalid.push(at..text.len());
            }
        }
    }
    flush(&mut pending, &mut text, &mut invalid);
    (text, invalid)
}

/// A 1-based position in a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    /// 1-based line number. Lines end at LF; a CR before it belongs to the line.
    pub line: usize,
    /// 1-based column in Unicode scalar values (chars).
    pub column: usize,
    /// 1-based column in UTF-16 code units (SARIF `columnKind: utf16CodeUnits`).
    pub utf16_column: usize,
}

/// Start offsets of every line of a text, for offset -> position lookups in O(log lines).
#[derive(Debug, Clone, Default)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes the line starts of `text`.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        LineIndex { starts }
    }

    /// Number of lines (a trailing LF does not start a counted empty line only when the text
    /// ends there; an empty text has one line).
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The 0-based line holding byte `offset` (clamped to the text).
    pub fn line_of(&self, offset: usize) -> usize {
        match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        }
    }

    /// Byte range of 0-based `line`, without its LF.
    pub fn line_range(&self, text: &str, line: usize) -> Range<usize> {
        let start = self.starts[line];
        let end = self
            .starts
            .get(line + 1)
            .map_or(text.len(), |&next| next - 1);
        start..end
    }

    /// The 1-based position of byte `offset` of `text`. `offset` must be a char boundary and
    /// at most `text.len()`. A byte order mark at offset 0 (kept in the decoded text) is not
    /// counted in the columns of line 1, as editors do not show it: the first visible
    /// character of a file is at column 1 with or without a BOM.
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let line = self.line_of(offset);
        let mut prefix = &text[self.starts[line]..offset];
        if line == 0 {
            prefix = prefix.strip_prefix('\u{FEFF}').unwrap_or(prefix);
        }
        Position {
            line: line + 1,
            column: prefix.chars().count() + 1,
            utf16_column: prefix.encode_utf16().count() + 1,
        }
    }

    /// The positions of many `offsets` at once, in the order given. Sorted internally and
    /// counted incrementally along each line, so k positions on one long line cost one pass
    /// over the line rather than k (a flooded single-line file has thousands of findings).
    pub fn positions(&self, text: &str, offsets: &[usize]) -> Vec<Position> {
        let mut order: Vec<usize> = (0..offsets.len()).collect();
        order.sort_by_key(|&i| offsets[i]);
        let mut out = vec![
            Position {
                line: 1,
                column: 1,
                utf16_column: 1
            };
            offsets.len()
        ];
        // (line, byte offset reached, chars and UTF-16 units counted up to it)
        let mut cursor: Option<(usize, usize, usize, usize)> = None;
        for i in order {
            let offset = offsets[i];
            let line = self.line_of(offset);
            let (from, mut chars, mut units) = match cursor {
                Some((l, at, c, u)) if l == line && at <= offset => (at, c, u),
                _ => (self.starts[line], 0, 0),
            };
            for (k, c) in text[from..offset].char_indices() {
                // A byte order mark at offset 0 is no column (as in `position`).
                if from + k == 0 && c == '\u{FEFF}' {
                    continue;
                }
                chars += 1;
                units += c.len_utf16();
            }
            cursor = Some((line, offset, chars, units));
            out[i] = Position {
                line: line + 1,
                column: chars + 1,
                utf16_column: units + 1,
            };
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_positions_match_single_ones() {
        let text = "\u{FEFF}a😀b\n世x\r\n\nlast line";
        let idx = LineIndex::new(text);
        let offsets: Vec<usize> = (0..=text.len())
            .filter(|&o| text.is_char_boundary(o))
            .rev()
            .collect();
        let batch = idx.positions(text, &offsets);
        for (o, p) in offsets.iter().zip(batch) {
            assert_eq!(p, idx.position(text, *o), "offset {o}");
        }
    }

    #[test]
    fn utf8_bom_stays_at_offset_zero() {
        let d = decode(b"\xEF\xBB\xBF# x\n");
        assert_eq!(d.encoding, Encoding::Utf8Bom);
        assert_eq!(d.text, "\u{FEFF}# x\n");
        assert!(d.invalid.is_empty());
    }

    #[test]
    fn utf16_both_orders() {
        let le = [0xFF, 0xFE, b'h', 0, b'i', 0, 0x3D, 0xD8, 0x00, 0xDE];
        let d = decode(&le);
        assert_eq!(d.encoding, Encoding::Utf16Le);
        assert_eq!(d.text, "\u{FEFF}hi😀");
        let be = [0xFE, 0xFF, 0, b'h', 0, b'i'];
        assert_eq!(decode(&be).text, "\u{FEFF}hi");
        assert!(!looks_binary(&le));
    }

    #[test]
    fn utf16_lone_surrogate_and_odd_byte_are_invalid() {
        let d = decode(&[0xFF, 0xFE, 0x00, 0xD8, b'a', 0, b'z']);
        assert_eq!(d.text, "\u{FEFF}\u{FFFD}a\u{FFFD}");
        assert_eq!(d.invalid, vec![3..6, 7..10]);
    }

    #[test]
    fn invalid_utf8_is_recorded_and_nothing_dropped() {
        let d = decode(b"ok \xFF\xFE end\0");
        assert_eq!(d.text, "ok \u{FFFD}\u{FFFD} end\0");
        assert_eq!(d.invalid, vec![3..6, 6..9]);
        assert_eq!(d.nul, vec![13]);
        assert!(looks_binary(b"a\0b"));
    }

    #[test]
    fn a_cut_file_ends_on_a_whole_character() {
        assert_eq!(whole_chars_prefix(b"abc"), 3);
        assert_eq!(whole_chars_prefix(b""), 0);
        // The euro sign is E2 82 AC: one or two of its bytes are dropped, all three kept.
        assert_eq!(whole_chars_prefix(b"ab\xe2"), 2);
        assert_eq!(whole_chars_prefix(b"ab\xe2\x82"), 2);
        assert_eq!(whole_chars_prefix(b"ab\xe2\x82\xac"), 5);
        assert_eq!(whole_chars_prefix("ab😀".as_bytes()), 6);
        assert_eq!(whole_chars_prefix(&"ab😀".as_bytes()[..5]), 2);
        // A stray continuation byte or invalid byte is the file's own: kept.
        assert_eq!(whole_chars_prefix(b"ab\x80"), 3);
        assert_eq!(whole_chars_prefix(b"ab\xff"), 3);
        // UTF-16 LE: whole code units, and not a trailing high surrogate.
        assert_eq!(whole_chars_prefix(b"\xff\xfea\0b"), 4);
        assert_eq!(whole_chars_prefix(b"\xff\xfea\0b\0"), 6);
        assert_eq!(whole_chars_prefix(b"\xff\xfea\0\x3d\xd8"), 4);
        assert_eq!(whole_chars_prefix(b"\xfe\xff\0a\xd8\x3d"), 4);
        // Decoding the prefix never yields a replacement character the file did not have.
        let text = "x€y😀z".repeat(3);
        for n in 0..=text.len() {
            let cut = &text.as_bytes()[..n];
            let d = decode(&cut[..whole_chars_prefix(cut)]);
            assert!(d.invalid.is_empty(), "{n}");
        }
    }

    #[test]
    fn text_with_a_nul_or_a_stray_byte_is_mostly_text_and_a_program_is_not() {
        assert!(mostly_text(b"# Guide\n\nsome text\n\0"));
        assert!(mostly_text(b"text \xff more\0"));
        assert!(!mostly_text(b"\x7fELF\x02\x01\x01\0\xff\xfe\x80\x90\xa0"));
        let noise: Vec<u8> = (0..4096u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
            .collect();
        assert!(!mostly_text(&noise));
        assert!(mostly_text(b"\xff\xfea\0"));
    }

    #[test]
    fn a_leading_bom_is_not_a_column() {
        let text = "\u{FEFF}ab\ncd";
        let idx = LineIndex::new(text);
        let at = |o| {
            let p = idx.position(text, o);
            (p.line, p.column, p.utf16_column)
        };
        assert_eq!(at(0), (1, 1, 1));
        assert_eq!(at(3), (1, 1, 1));
        assert_eq!(at(4), (1, 2, 2));
        assert_eq!(at(7), (2, 2, 2));
        // Only a BOM at offset 0: a U+FEFF later on line 1 is a character like any other.
        let t2 = "a\u{FEFF}b";
        assert_eq!(LineIndex::new(t2).position(t2, 4).column, 3);
    }

    #[test]
    fn positions_count_chars_and_utf16_units() {
        let text = "ab\n世😀x\r\nlast";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_count(), 3);
        let x = text.find('x').unwrap();
        assert_eq!(
            idx.position(text, x),
            Position {
                line: 2,
                column: 3,
                utf16_column: 4
            }
        );
        assert_eq!(
            idx.position(text, 0),
            Position {
                line: 1,
                column: 1,
                utf16_column: 1
            }
        );
        assert_eq!(idx.line_range(text, 1), 3..12);
        assert_eq!(idx.line_range(text, 2), 13..17);
    }
}

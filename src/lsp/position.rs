//! Positions as the protocol counts them: a line ends at `\n`, `\r\n` or `\r`, and a column
//! counts code units of the encoding the client and server agreed on at `initialize`, UTF-16
//! unless the client offers another
//! (<https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#textDocuments>,
//! "Position" and `PositionEncodingKind`).

use lsp_types::{Position, PositionEncodingKind, Range};

/// The unit a column counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Encoding {
    /// Bytes of UTF-8: the text's own offsets, no counting.
    Utf8,
    /// UTF-16 code units: the protocol's default, which every client supports.
    Utf16,
}

impl Encoding {
    /// The encoding to use of those the client offers (`general.positionEncodings`, in its
    /// order of preference): UTF-8 when offered, else UTF-16, which the protocol makes
    /// mandatory, whatever else is offered.
    pub(crate) fn negotiate(offered: Option<&[PositionEncodingKind]>) -> Encoding {
        if offered.is_some_and(|o| o.contains(&PositionEncodingKind::UTF8)) {
            Encoding::Utf8
        } else {
            Encoding::Utf16
        }
    }

    /// The protocol's name of the encoding.
    pub(crate) fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
        }
    }

    fn units(self, c: char) -> usize {
        match self {
            Encoding::Utf8 => c.len_utf8(),
            Encoding::Utf16 => c.len_utf16(),
        }
    }
}

/// Where each line of a text starts.
#[derive(Debug, Clone)]
pub(crate) struct Lines {
    /// Byte offset of the start of each line; the first is 0.
    starts: Vec<usize>,
    /// The text's length.
    len: usize,
}

impl Lines {
    /// The lines of `text`: each `\n`, `\r\n` or lone `\r` ends one.
    pub(crate) fn new(text: &str) -> Lines {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
                starts.push(i + 1);
            }
        }
        Lines {
            starts,
            len: text.len(),
        }
    }

    /// The number of lines (a text ending with a line break has an empty last line).
    pub(crate) fn count(&self) -> usize {
        self.starts.len()
    }

    /// The byte offset where line `line` starts (the text's end past the last line).
    pub(crate) fn start(&self, line: usize) -> usize {
        self.starts.get(line).copied().unwrap_or(self.len)
    }

    /// The byte range of line `line` without its line break (empty past the last line).
    pub(crate) fn content(&self, text: &str, line: usize) -> std::ops::Range<usize> {
        let start = self.start(line);
        let Some(&next) = self.starts.get(line + 1) else {
            return start..self.len;
        };
        let end = if text.as_bytes().get(next.wrapping_sub(2)..next) == Some(b"\r\n") {
            next - 2
        } else {
            next - 1
        };
        start..end.max(start)
    }

    /// The 0-based line holding byte `offset`.
    pub(crate) fn line_of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    /// The position of byte `offset` of `text` (clamped to the text, moved back to a char
    /// boundary).
    pub(crate) fn position(&self, text: &str, offset: usize, enc: Encoding) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_of(offset);
        let start = self.start(line);
        let character = match enc {
            Encoding::Utf8 => offset - start,
            _ => text[start..offset].chars().map(|c| enc.units(c)).sum(),
        };
        Position {
            line: u32::try_from(line).unwrap_or(u32::MAX),
            character: u32::try_from(character).unwrap_or(u32::MAX),
        }
    }

    /// The range of bytes `span` of `text`.
    pub(crate) fn range(&self, text: &str, span: &std::ops::Range<usize>, enc: Encoding) -> Range {
        Range {
            start: self.position(text, span.start, enc),
            end: self.position(text, span.end.max(span.start), enc),
        }
    }

    /// The byte offset of `pos` in `text`. As the protocol says, a column past the end of its
    /// line means the line's end, and a line past the last the text's end; a column inside a
    /// character (half a surrogate pair, a byte inside a UTF-8 sequence) means its start.
    pub(crate) fn offset(&self, text: &str, pos: Position, enc: Encoding) -> usize {
        let line = pos.line as usize;
        if line >= self.count() {
            return self.len;
        }
        let content = self.content(text, line);
        let want = pos.character as usize;
        if enc == Encoding::Utf8 {
            let mut at = content.start + want.min(content.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            return at;
        }
        let mut units = 0;
        for (i, c) in text[content.clone()].char_indices() {
            let next = units + enc.units(c);
            if next > want {
                return content.start + i;
            }
            units = next;
        }
        content.end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position { line, character }
    }

    #[test]
    fn every_line_break_ends_a_line() {
        let text = "a\nb\r\nc\rd";
        let lines = Lines::new(text);
        assert_eq!(lines.count(), 4);
        assert_eq!(lines.content(text, 1), 2..3);
        assert_eq!(lines.content(text, 2), 5..6);
        assert_eq!(lines.content(text, 3), 7..8);
        assert_eq!(lines.position(text, 7, Encoding::Utf16), pos(3, 0));
        assert_eq!(lines.offset(text, pos(2, 9), Encoding::Utf16), 6);
        assert_eq!(lines.offset(text, pos(9, 0), Encoding::Utf16), text.len());
    }

    #[test]
    fn columns_count_the_negotiated_units() {
        // U+1F600 is 4 bytes and 2 UTF-16 units; é is 2 bytes and 1 unit.
        let text = "x\u{1F600}é\u{202E}y\n";
        let lines = Lines::new(text);
        let y = text.find('y').unwrap();
        assert_eq!(lines.position(text, y, Encoding::Utf8), pos(0, 10));
        assert_eq!(lines.position(text, y, Encoding::Utf16), pos(0, 5));
        for enc in [Encoding::Utf8, Encoding::Utf16] {
            for (i, _) in text.char_indices() {
                assert_eq!(lines.offset(text, lines.position(text, i, enc), enc), i);
            }
        }
        // Inside the surrogate pair: the character's start.
        assert_eq!(lines.offset(text, pos(0, 2), Encoding::Utf16), 1);
    }

    #[test]
    fn negotiation_prefers_utf8_and_falls_back_to_utf16() {
        let offered = [PositionEncodingKind::UTF32, PositionEncodingKind::UTF8];
        assert_eq!(Encoding::negotiate(Some(&offered)), Encoding::Utf8);
        let offered = [PositionEncodingKind::UTF32];
        assert_eq!(Encoding::negotiate(Some(&offered)), Encoding::Utf16);
        assert_eq!(Encoding::negotiate(None), Encoding::Utf16);
    }
}

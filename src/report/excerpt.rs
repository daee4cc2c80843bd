//! What rendering keeps of a source's text: the pieces around each finding that the human
//! renderer shows, and the lines they lie on, never the whole text.
//!
//! A run of a large tree keeps the result of every file with a finding until the end (output
//! is sorted), so keeping each such file's text made memory grow with the bytes scanned. The
//! human renderer ([`super::human`]) reads, for a finding at `start..end`, at most
//! [`BEFORE`] bytes before `start` on its line, the first [`INNER`] bytes of the span, at
//! most [`AFTER`] bytes after `end` on its last line, and the start and end of those lines;
//! [`Excerpt::around`] keeps exactly that (overlapping pieces merged), so output is the same
//! byte for byte as with the whole text ([`Excerpt::whole`]), which the tests check.

use std::ops::Range;

use crate::source::{LineIndex, floor_char_boundary as floor};

/// Bytes before a span that the human renderer may show (`4 * KEEP_BEFORE` there); it also
/// bounds the gap between two findings it shows as one diagnostic (`GROUP_GAP`), so the text
/// between them is always kept.
pub const BEFORE: usize = 240;
/// Bytes of a span that the human renderer may show (`16 * MAX_SPAN` there).
pub const INNER: usize = 2560;
/// Bytes after a span that the human renderer may show (`4 * KEEP_AFTER` there).
pub const AFTER: usize = 160;

/// Pieces of a source's text at their byte offsets, and the lines they lie on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Excerpt {
    /// Length of the whole text in bytes.
    len: usize,
    /// `(offset, text)`, sorted, neither overlapping nor touching; each starts and ends on a
    /// char boundary of the whole text.
    pieces: Vec<(usize, String)>,
    /// `(0-based line, byte range without its LF)`, sorted by line, without repeats.
    lines: Vec<(usize, Range<usize>)>,
}

impl Excerpt {
    /// The whole of `text` (every line, one piece): what [`Excerpt::around`] must render the
    /// same as.
    pub fn whole(text: &str, index: &LineIndex) -> Excerpt {
        let lines = (0..index.line_count())
            .map(|l| (l, index.line_range(text, l)))
            .collect();
        Excerpt {
            len: text.len(),
            pieces: vec![(0, text.to_owned())],
            lines,
        }
    }

    /// What the human renderer reads of `text` for findings at `spans` (each inside `text`
    /// and on char boundaries, as [`crate::finding::Finding::new`] ensures): the lines of each
    /// span's first and last byte, and the text from [`BEFORE`] bytes before its start (not
    /// before its line) to [`INNER`] bytes into it, and from its end to [`AFTER`] bytes after
    /// it (not past its last line).
    pub fn around(
        text: &str,
        index: &LineIndex,
        spans: impl IntoIterator<Item = Range<usize>>,
    ) -> Excerpt {
        let mut ranges: Vec<Range<usize>> = Vec::new();
        let mut lines: Vec<(usize, Range<usize>)> = Vec::new();
        for span in spans {
            let (start, end) = (span.start.min(text.len()), span.end.min(text.len()));
            let first = index.line_of(start);
            let last = index.line_of(end.saturating_sub(1).max(start));
            let first_range = index.line_range(text, first);
            let last_range = index.line_range(text, last);
            let window = floor(text, start.saturating_sub(BEFORE)).max(first_range.start);
            ranges.push(window..start);
            ranges.push(start..floor(text, (start + INNER).min(end)));
            let after = floor(
                text,
                end.max(last_range.end.min(text.len())).min(end + AFTER),
            );
            ranges.push(end..after.max(end));
            lines.push((first, first_range));
            lines.push((last, last_range));
        }
        ranges.sort_by_key(|r| (r.start, r.end));
        let mut merged: Vec<Range<usize>> = Vec::new();
        for r in ranges {
            match merged.last_mut() {
                Some(m) if r.start <= m.end => m.end = m.end.max(r.end),
                _ => merged.push(r),
            }
        }
        lines.sort_by_key(|(l, _)| *l);
        lines.dedup_by_key(|(l, _)| *l);
        Excerpt {
            len: text.len(),
            pieces: merged
                .into_iter()
                .map(|r| (r.start, text[r].to_owned()))
                .collect(),
            lines,
        }
    }

    /// Length of the whole text in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the whole text was empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes of text kept.
    pub fn kept(&self) -> usize {
        self.pieces.iter().map(|(_, t)| t.len()).sum()
    }

    /// The piece that starts at or before `offset`, the last such one.
    fn piece_at(&self, offset: usize) -> Option<&(usize, String)> {
        let i = self.pieces.partition_point(|(at, _)| *at <= offset);
        i.checked_sub(1).map(|i| &self.pieces[i])
    }

    /// The largest char boundary at or below `i` (clamped to the text), for an `i` inside or
    /// at most a char past a kept piece; an `i` past a piece's end is taken to its end.
    pub fn floor(&self, i: usize) -> usize {
        let i = i.min(self.len);
        let Some((at, text)) = self.piece_at(i) else {
            return i;
        };
        at + floor(text, i - at)
    }

    /// The kept text at `range`; the part of it that is kept when it is not all kept (never
    /// for the ranges the human renderer asks for).
    pub fn slice(&self, range: Range<usize>) -> &str {
        let Some((at, text)) = self.piece_at(range.start) else {
            return "";
        };
        let start = (range.start - at).min(text.len());
        let end = range.end.saturating_sub(*at).clamp(start, text.len());
        text.get(start..end).unwrap_or("")
    }

    /// The 0-based line holding byte `offset`: among the lines kept, the last that starts at
    /// or before it.
    pub fn line_of(&self, offset: usize) -> usize {
        let i = self.lines.partition_point(|(_, r)| r.start <= offset);
        i.checked_sub(1).map_or(0, |i| self.lines[i].0)
    }

    /// Byte range of 0-based `line` without its LF; empty at the end of the text for a line
    /// that is not kept.
    pub fn line_range(&self, line: usize) -> Range<usize> {
        self.lines
            .binary_search_by_key(&line, |(l, _)| *l)
            .map_or(self.len..self.len, |i| self.lines[i].1.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_windows_around_a_span_on_its_lines() {
        let text = format!("{}\nab{}cd\nnext line\n", "x".repeat(300), "é".repeat(200));
        let index = LineIndex::new(&text);
        let start = 301 + 2 + 2 * 150;
        let e = Excerpt::around(&text, &index, std::iter::once(start..start + 4));
        assert_eq!(e.len(), text.len());
        // 240 bytes before the span, on its line (a char boundary), the span, 160 bytes after.
        assert_eq!(e.kept(), 240 + 4 + (2 * 48 + 2));
        assert_eq!(e.line_of(start), 1);
        assert_eq!(e.line_range(1), 301..301 + 2 + 400 + 2);
        assert_eq!(e.slice(start..start + 4), "éé");
        assert_eq!(e.slice(start - 240..start), "é".repeat(120));
        // The line above is not kept.
        assert_eq!(e.slice(0..10), "");
        assert_eq!(e.floor(start + 3), start + 2);
        assert_eq!(e.floor(start + 5), start + 4);
    }

    #[test]
    fn overlapping_windows_are_merged() {
        let text = "one two three four five six\n";
        let index = LineIndex::new(text);
        let e = Excerpt::around(text, &index, [4..7, 8..13, 0..3]);
        assert_eq!(e.pieces, vec![(0, text.trim_end().to_owned())]);
        assert_eq!(e.lines, vec![(0, 0..27)]);
        assert_eq!(e, Excerpt::around(text, &index, [0..3, 8..13, 4..7]));
    }

    #[test]
    fn a_long_span_keeps_its_start_and_its_end() {
        let text = format!("{}\n", "y".repeat(10_000));
        let index = LineIndex::new(&text);
        let e = Excerpt::around(&text, &index, std::iter::once(10..9_990));
        assert_eq!(e.kept(), 10 + INNER + 10);
        assert_eq!(e.slice(9_990..10_000), "y".repeat(10));
        // A span that ends with the line's LF: its last line is the line of its last byte.
        let e = Excerpt::around(&text, &index, std::iter::once(9_999..10_001));
        assert_eq!(e.line_of(10_000), 0);
        assert_eq!(e.slice(10_001..10_001), "");
    }

    #[test]
    fn the_whole_text_is_every_line() {
        let text = "a\r\nbc\n\nd";
        let e = Excerpt::whole(text, &LineIndex::new(text));
        assert_eq!(e.line_range(0), 0..2);
        assert_eq!(e.line_range(3), 7..8);
        assert_eq!(e.line_of(5), 1);
        assert_eq!(e.slice(3..5), "bc");
        assert_eq!(e.kept(), text.len());
    }
}

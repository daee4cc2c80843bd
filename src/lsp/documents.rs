//! The documents the client has open: their text as the editor holds it, kept in step with
//! `didOpen`, incremental `didChange` and `didClose`, and what the last check found in them.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

use lsp_types::TextDocumentContentChangeEvent;

use super::position::{Encoding, Lines};
use crate::report::FileResult;
use crate::target::Target;

/// What the last check of a document found, and the text it read.
#[derive(Debug)]
pub(crate) struct Checked {
    /// The document's version then.
    pub(crate) version: i32,
    /// The text checked.
    pub(crate) text: String,
    /// Its lines.
    pub(crate) lines: Lines,
    /// The findings shown (the output limits applied); `None` for a file discovery does not
    /// scan.
    pub(crate) result: Option<FileResult>,
}

/// One open document.
#[derive(Debug)]
pub(crate) struct Document {
    /// The path its `file:` URI names; `None` for any other scheme (never checked).
    pub(crate) path: Option<PathBuf>,
    /// The text as the editor holds it.
    pub(crate) text: String,
    /// The version the client gave its last change.
    pub(crate) version: i32,
    /// When its text is to be checked: set by a change, cleared by the check.
    pub(crate) due: Option<Instant>,
    /// The source discovery makes of it, once known: `Some(None)` when discovery does not
    /// scan it. Forgotten when the config or the workspace folders change.
    pub(crate) source: Option<Option<Target>>,
    /// The last check.
    pub(crate) checked: Option<Checked>,
}

impl Document {
    /// Applies one change of `didChange`: a range replaced, or the whole text when no range
    /// is given.
    pub(crate) fn apply(&mut self, change: TextDocumentContentChangeEvent, enc: Encoding) {
        match change.range {
            None => self.text = change.text,
            Some(range) => {
                let lines = Lines::new(&self.text);
                let a = lines.offset(&self.text, range.start, enc);
                let b = lines.offset(&self.text, range.end, enc);
                let (a, b) = (a.min(b), a.max(b));
                self.text.replace_range(a..b, &change.text);
            }
        }
    }
}

/// The open documents by URI (as the client wrote it).
pub(crate) type Documents = HashMap<String, Document>;

#[cfg(test)]
mod tests {
    use super::*;
    use lsp_types::{Position, Range};

    fn change(
        range: Option<((u32, u32), (u32, u32))>,
        text: &str,
    ) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range: range.map(|((l0, c0), (l1, c1))| Range {
                start: Position::new(l0, c0),
                end: Position::new(l1, c1),
            }),
            range_length: None,
            text: text.to_owned(),
        }
    }

    #[test]
    fn incremental_changes_count_utf16_units_and_clamp() {
        let mut d = Document {
            path: None,
            text: "\u{1F600}ab\r\ncd".to_owned(),
            version: 1,
            due: None,
            source: None,
            checked: None,
        };
        // After the emoji (2 units) and `a`: replace `b`.
        d.apply(change(Some(((0, 3), (0, 4))), "B"), Encoding::Utf16);
        assert_eq!(d.text, "\u{1F600}aB\r\ncd");
        // A column past the line's end is its end; a range given backwards still applies.
        d.apply(change(Some(((1, 1), (0, 99))), "|"), Encoding::Utf16);
        assert_eq!(d.text, "\u{1F600}aB|d");
        // A line past the end appends.
        d.apply(change(Some(((7, 0), (9, 0))), "!"), Encoding::Utf16);
        assert_eq!(d.text, "\u{1F600}aB|d!");
        d.apply(change(None, "new"), Encoding::Utf16);
        assert_eq!(d.text, "new");
    }
}

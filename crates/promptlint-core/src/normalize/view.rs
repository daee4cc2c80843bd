//! The normalized views of a segment text and their maps back to the segment.

use std::ops::Range;

use crate::offset_map::OffsetMap;

/// One normalized text and its map back to the segment.
#[derive(Debug, Clone)]
pub struct View {
    /// The normalized text.
    pub text: String,
    /// View byte offsets -> segment byte ranges; `None` when they are the same offsets.
    pub(super) map: Option<OffsetMap>,
}

impl View {
    /// Maps a view byte range to the segment byte range it came from.
    pub fn to_segment(&self, r: Range<usize>) -> Range<usize> {
        match &self.map {
            None => r,
            Some(m) => m.map_range(r),
        }
    }
}

/// Which normalized view a pattern rule matches on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ViewKind {
    /// Punctuation kept: commands, URLs, tokens.
    #[default]
    Text,
    /// Punctuation folded to single spaces, separators and leetspeak undone: phrases.
    Prose,
}

/// The normalized views of one segment text.
#[derive(Debug, Clone)]
pub struct NormView {
    pub(super) text: View,
    pub(super) prose: View,
    /// Prose-view byte offsets -> text-view byte ranges; `None` when the text view is the
    /// segment itself (the fast path), so the prose view's own map is that map.
    pub(super) prose_in_text: Option<OffsetMap>,
}

impl NormView {
    /// The view of `kind`.
    pub fn view(&self, kind: ViewKind) -> &View {
        match kind {
            ViewKind::Text => &self.text,
            ViewKind::Prose => &self.prose,
        }
    }

    /// The text view.
    pub fn text(&self) -> &str {
        &self.text.text
    }

    /// Maps a text-view byte range to the segment.
    pub fn to_segment(&self, r: Range<usize>) -> Range<usize> {
        self.text.to_segment(r)
    }

    /// Maps a byte range of the view of `kind` to the text view (the identity for the text
    /// view itself). Context cues (quotes, negations) are judged on the text view, which has
    /// the punctuation the prose view folds away but not the obfuscation of the segment.
    pub fn to_text(&self, kind: ViewKind, r: Range<usize>) -> Range<usize> {
        match kind {
            ViewKind::Text => r,
            ViewKind::Prose => match &self.prose_in_text {
                Some(m) => m.map_range(r),
                None => self.prose.to_segment(r),
            },
        }
    }

    /// True when the text view is the text lower-cased in place (the ASCII fast path).
    pub fn is_identity(&self) -> bool {
        self.text.map.is_none()
    }
}

//! Normalize stage: a segment's text -> the normalized view pattern rules match on.
//!
//! Input: a segment text. Output: a [`NormView`]: the text after NFKC, removal of invisible
//! and format code points, removal of combining marks from the generic combining blocks, and
//! lower-casing, with a map from every normalized byte back to the segment bytes it came from.
//! Invariants: mapped spans lie inside the segment text, on char boundaries, in order.
//!
//! Pure ASCII text takes a fast path: ASCII lower-casing keeps every offset, so no map is
//! built.

use std::ops::Range;

use unicode_normalization::UnicodeNormalization;

use crate::escape::is_invisible;
use crate::offset_map::OffsetMap;

/// The normalized view of one segment text.
#[derive(Debug, Clone)]
pub struct NormView {
    /// Normalized text (lower case).
    pub text: String,
    /// Normalized byte offsets -> segment byte ranges; `None` when offsets are the same.
    map: Option<OffsetMap>,
}

impl NormView {
    /// Maps a normalized byte range to the segment byte range it came from.
    pub fn to_segment(&self, r: Range<usize>) -> Range<usize> {
        match &self.map {
            None => r,
            Some(m) => m.map_range(r),
        }
    }

    /// True when the view is the text lower-cased in place (the ASCII fast path).
    pub fn is_identity(&self) -> bool {
        self.map.is_none()
    }
}

/// True for combining marks of the generic combining blocks (U+0300–U+036F, U+1AB0–U+1AFF,
/// U+1DC0–U+1DFF, U+20D0–U+20FF, U+FE20–U+FE2F), which decorate letters (accents, strokes
/// such as U+0336 COMBINING LONG STROKE OVERLAY) without changing which letter a reader sees.
/// Script-specific marks (Devanagari vowel signs, Arabic harakat) are kept.
pub fn is_generic_combining_mark(c: char) -> bool {
    matches!(c as u32,
        0x0300..=0x036F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F)
}

/// Builds the normalized view of `text`.
pub fn normalize(text: &str) -> NormView {
    if text.is_ascii() {
        return NormView {
            text: text.to_ascii_lowercase(),
            map: None,
        };
    }
    let mut out = String::with_capacity(text.len());
    let mut map = OffsetMap::new();
    let mut buf = String::new();
    for (i, c) in text.char_indices() {
        let src = i..i + c.len_utf8();
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
            map.push_identity(src);
            continue;
        }
        if is_invisible(c) || is_generic_combining_mark(c) {
            continue;
        }
        buf.clear();
        for d in std::iter::once(c).nfkd() {
            if is_generic_combining_mark(d) || is_invisible(d) {
                continue;
            }
            for l in d.to_lowercase() {
                buf.push(l);
            }
        }
        // Recompose what decomposition split but marks did not remove (Hangul, kana).
        let composed: String = buf.nfc().collect();
        let same = composed.len() == c.len_utf8() && composed.chars().eq(std::iter::once(c));
        let before = out.len();
        out.push_str(&composed);
        map.push(out.len() - before, src, same);
    }
    NormView {
        text: out,
        map: Some(map),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_fast_path_lowercases_in_place() {
        let v = normalize("Ignore ALL");
        assert_eq!(v.text, "ignore all");
        assert!(v.is_identity());
        assert_eq!(v.to_segment(0..6), 0..6);
    }

    #[test]
    fn zero_width_and_fullwidth_fold_with_exact_spans() {
        let src = "x ig\u{200B}nore ｉｇｎｏｒｅ";
        let v = normalize(src);
        assert_eq!(v.text, "x ignore ignore");
        let a = v.text.find("ignore").unwrap();
        assert_eq!(&src[v.to_segment(a..a + 6)], "ig\u{200B}nore");
        let b = v.text.rfind("ignore").unwrap();
        assert_eq!(&src[v.to_segment(b..b + 6)], "ｉｇｎｏｒｅ");
    }

    #[test]
    fn combining_strokes_and_accents_are_removed_but_cjk_kept() {
        let v = normalize("i\u{0336}g\u{0336} Ünïcode 日本語");
        assert_eq!(v.text, "ig unicode 日本語");
    }
}

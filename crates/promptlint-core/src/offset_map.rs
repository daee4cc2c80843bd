//! Offset maps: from byte offsets of a derived text back to byte ranges of its origin.
//!
//! A JSON string's decoded value, an MCP server's joined command line and the normalized view
//! are all texts derived from a source. Rules match on the derived text; findings must point at
//! the original bytes. An [`OffsetMap`] is a sorted list of pieces, each either an identity run
//! (derived byte `k` of the piece is origin byte `src.start + k`) or an opaque piece (every
//! derived byte of the piece stands for the whole origin range, e.g. `\u202e` -> U+202E).

use std::ops::Range;

#[derive(Debug, Clone, PartialEq, Eq)]
struct Piece {
    /// Start of the piece in the derived text.
    at: usize,
    /// Length of the piece in the derived text, in bytes.
    len: usize,
    /// The origin bytes it stands for.
    src: Range<usize>,
    /// True when derived and origin bytes correspond one to one.
    identity: bool,
}

/// Maps byte offsets of a derived text to byte ranges of the text it was derived from.
///
/// Invariant: pieces are contiguous in the derived text (each starts where the previous
/// ends) and their origin ranges are non-decreasing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OffsetMap {
    pieces: Vec<Piece>,
    len: usize,
    /// Where the derived text sits in the origin while it is empty: a map without pieces
    /// maps every offset here (the empty JSON string `""` is at its literal, not at 0).
    origin: usize,
}

impl OffsetMap {
    /// An empty map (for an empty derived text).
    pub fn new() -> OffsetMap {
        OffsetMap::default()
    }

    /// A map for a derived text that is still empty and sits at origin byte `at`.
    pub fn empty_at(at: usize) -> OffsetMap {
        OffsetMap {
            origin: at,
            ..OffsetMap::default()
        }
    }

    /// A map where the derived text is a verbatim copy of `src` (at `src.start` when empty).
    pub fn identity(src: Range<usize>) -> OffsetMap {
        let mut m = OffsetMap::empty_at(src.start);
        m.push_identity(src);
        m
    }

    /// Number of pieces (identity runs and opaque pieces) the map holds: its memory is
    /// proportional to this, not to the text's length.
    pub fn piece_count(&self) -> usize {
        self.pieces.len()
    }

    /// Length of the derived text covered so far, in bytes.
    pub fn derived_len(&self) -> usize {
        self.len
    }

    /// Appends `src.len()` derived bytes copied verbatim from `src`.
    pub fn push_identity(&mut self, src: Range<usize>) {
        let len = src.len();
        if len == 0 {
            return;
        }
        if let Some(last) = self.pieces.last_mut()
            && last.identity
            && last.src.end == src.start
        {
            last.len += len;
            last.src.end = src.end;
            self.len += len;
            return;
        }
        self.pieces.push(Piece {
            at: self.len,
            len,
            src,
            identity: true,
        });
        self.len += len;
    }

    /// Appends `derived_len` derived bytes that together stand for the origin range `src`
    /// (which may be empty, for inserted text such as a joining space).
    pub fn push_opaque(&mut self, derived_len: usize, src: Range<usize>) {
        if derived_len == 0 {
            return;
        }
        self.pieces.push(Piece {
            at: self.len,
            len: derived_len,
            src,
            identity: false,
        });
        self.len += derived_len;
    }

    /// Appends a derived byte run of the same length as `src`: identity when `same` is true,
    /// opaque otherwise.
    pub fn push(&mut self, derived_len: usize, src: Range<usize>, same: bool) {
        if same && derived_len == src.len() {
            self.push_identity(src);
        } else {
            self.push_opaque(derived_len, src);
        }
    }

    /// Appends another map's pieces after this map's derived text (for concatenated texts).
    pub fn append(&mut self, other: &OffsetMap) {
        for p in &other.pieces {
            if p.identity {
                self.push_identity(p.src.clone());
            } else {
                self.push_opaque(p.len, p.src.clone());
            }
        }
    }

    fn piece_at(&self, offset: usize) -> Option<&Piece> {
        let i = self.pieces.partition_point(|p| p.at + p.len <= offset);
        self.pieces.get(i)
    }

    /// The origin offset where derived byte `offset` starts.
    fn start_of(&self, offset: usize) -> usize {
        match self.piece_at(offset) {
            Some(p) if p.identity => p.src.start + (offset - p.at),
            Some(p) => p.src.start,
            None => self.pieces.last().map_or(self.origin, |p| p.src.end),
        }
    }

    /// The origin offset where derived byte `offset` ends (exclusive).
    fn end_of(&self, offset: usize) -> usize {
        match self.piece_at(offset) {
            Some(p) if p.identity => p.src.start + (offset - p.at) + 1,
            Some(p) => p.src.end,
            None => self.pieces.last().map_or(self.origin, |p| p.src.end),
        }
    }

    /// Maps a derived byte range to the smallest origin range that covers it.
    ///
    /// An empty range maps to an empty range at the origin of its start.
    pub fn map_range(&self, r: Range<usize>) -> Range<usize> {
        if r.is_empty() {
            let s = self.start_of(r.start);
            return s..s;
        }
        let start = self.start_of(r.start);
        let end = self.end_of(r.end - 1).max(start);
        start..end
    }

    /// Composes `self` (derived -> middle) with `outer` (middle -> origin).
    pub fn then(&self, outer: &OffsetMap) -> OffsetMap {
        let mut out = OffsetMap::empty_at(outer.start_of(self.origin));
        for p in &self.pieces {
            if p.identity {
                // An identity run in the middle text may cross several outer pieces.
                let mut k = 0;
                while k < p.len {
                    let mid = p.src.start + k;
                    let Some(op) = outer.piece_at(mid) else {
                        out.push_opaque(p.len - k, outer.map_range(mid..mid));
                        break;
                    };
                    let take = (op.at + op.len - mid).min(p.len - k);
                    if op.identity {
                        let s = op.src.start + (mid - op.at);
                        out.push_identity(s..s + take);
                    } else {
                        out.push_opaque(take, op.src.clone());
                    }
                    k += take;
                }
            } else {
                out.push_opaque(p.len, outer.map_range(p.src.clone()));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_pieces_merge_and_map() {
        let mut m = OffsetMap::new();
        m.push_identity(10..13);
        m.push_identity(13..15);
        assert_eq!(m.pieces.len(), 1);
        assert_eq!(m.map_range(1..3), 11..13);
        assert_eq!(m.map_range(4..4), 14..14);
    }

    #[test]
    fn opaque_pieces_cover_their_origin() {
        // derived "aÞb" where Þ (2 bytes) came from a 6-byte escape at 1..7
        let mut m = OffsetMap::new();
        m.push_identity(0..1);
        m.push_opaque(2, 1..7);
        m.push_identity(7..8);
        assert_eq!(m.map_range(1..3), 1..7);
        assert_eq!(m.map_range(0..4), 0..8);
        assert_eq!(m.map_range(3..4), 7..8);
    }

    #[test]
    fn an_empty_derived_text_maps_to_its_origin_not_to_0() {
        // Found by fuzzing: the empty JSON string `""` at 40 became a segment at 0..0, out
        // of document order.
        assert_eq!(OffsetMap::identity(40..40).map_range(0..0), 40..40);
        assert_eq!(OffsetMap::empty_at(7).map_range(0..0), 7..7);
        let outer = OffsetMap::identity(100..110);
        assert_eq!(
            OffsetMap::empty_at(3).then(&outer).map_range(0..0),
            103..103
        );
    }

    #[test]
    fn composition_goes_through_both_maps() {
        let mut inner = OffsetMap::new(); // derived "ab" <- middle "a_b" dropping '_'
        inner.push_identity(0..1);
        inner.push_identity(2..3);
        let outer = OffsetMap::identity(100..103);
        let m = inner.then(&outer);
        assert_eq!(m.map_range(0..2), 100..103);
        assert_eq!(m.map_range(1..2), 102..103);
    }
}

//! Property tests of the normalized views' offset maps: every mapped span lies inside the
//! segment, on char boundaries, and spans of successive view characters are in order.

// Test code: a failed unwrap is a failed test; helpers are `pub` for the test files.
#![allow(clippy::unwrap_used, unreachable_pub)]

use promptlint::normalize::{ViewKind, normalize};
use proptest::prelude::*;

/// Pieces that exercise every normalization step.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9 ]{1,6}",
        Just("&#105;".to_owned()),
        Just("&amp;".to_owned()),
        Just("&eacute;".to_owned()),
        Just("&#x200b;".to_owned()),
        Just("**".to_owned()),
        Just("_".to_owned()),
        Just("__".to_owned()),
        Just("`".to_owned()),
        Just("~".to_owned()),
        Just(".".to_owned()),
        Just("-".to_owned()),
        Just("!!".to_owned()),
        Just("\u{200B}".to_owned()),
        Just("\u{202E}".to_owned()),
        Just("\u{E0041}".to_owned()),
        Just("ｉｇｎ".to_owned()),
        Just("\u{0456}".to_owned()),
        Just("Игнор".to_owned()),
        Just("й".to_owned()),
        Just("e\u{0301}".to_owned()),
        Just("\u{0336}".to_owned()),
        Just("ß".to_owned()),
        Just("ﬁ".to_owned()),
        Just("日本語".to_owned()),
        Just("👨\u{200D}👩".to_owned()),
        Just("Ⓘ".to_owned()),
        Just("\n".to_owned()),
        Just("1".to_owned()),
        Just("3".to_owned()),
        Just("<b>".to_owned()),
        Just("</b".to_owned()),
        Just("<br/".to_owned()),
        Just(">".to_owned()),
        Just("<!--".to_owned()),
        Just("-->".to_owned()),
        Just("\u{2028}".to_owned()),
        Just("\r".to_owned()),
        Just(" ".to_owned()),
    ]
}

fn segment() -> impl Strategy<Value = String> {
    prop::collection::vec(piece(), 0..24).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn view_maps_are_inside_on_boundaries_and_ordered(src in segment()) {
        let norm = normalize(&src);
        for kind in [ViewKind::Text, ViewKind::Prose] {
            let view = norm.view(kind);
            let mut last_start = 0;
            let bounds: Vec<usize> = view
                .text
                .char_indices()
                .map(|(i, _)| i)
                .chain(std::iter::once(view.text.len()))
                .collect();
            for w in bounds.windows(2) {
                let r = view.to_segment(w[0]..w[1]);
                prop_assert!(r.start <= r.end && r.end <= src.len(), "{kind:?} {r:?} outside {}", src.len());
                prop_assert!(src.is_char_boundary(r.start) && src.is_char_boundary(r.end), "{kind:?} {r:?} not on boundaries of {src:?}");
                prop_assert!(r.start >= last_start, "{kind:?} {r:?} before {last_start} in {src:?}");
                last_start = r.start;
            }
            let all = view.to_segment(0..view.text.len());
            prop_assert!(all.end <= src.len());
        }
    }
}

//! Unit tests of the embedding API's private helpers.

use super::*;

#[test]
fn kinds_mirror_the_engine_kinds() {
    assert_eq!(
        Kind::ALL
            .iter()
            .map(|k| k.to_file_kind())
            .collect::<Vec<_>>(),
        crate::kind::FileKind::ALL
    );
    for k in crate::kind::FileKind::ALL {
        let mirrored = Kind::from_file_kind(k);
        assert_eq!(mirrored.to_file_kind(), k);
        assert_eq!(mirrored.as_str(), k.as_str());
        assert_eq!(k.as_str().parse::<Kind>(), Ok(mirrored));
    }
    let err = "markdown\u{202E}".parse::<Kind>().unwrap_err();
    assert!(
        err.to_string()
            .starts_with("unknown file kind `markdown<U+202E>` (expected one of: "),
        "{err}"
    );
}

#[test]
fn a_long_message_is_cut_to_message_max() {
    let rule = &Catalog::builtin().rules()[0];
    let text = "x".repeat(10);
    let f = crate::finding::Finding::new(rule, &text, 0..1, "m".repeat(MESSAGE_MAX + 50)).unwrap();
    let pos = crate::source::Position {
        line: 1,
        column: 1,
        utf16_column: 1,
    };
    let l = Located {
        finding: f,
        start: pos,
        end: pos,
        fingerprint: String::new(),
        suppression: None,
    };
    let s = ScanFinding::new("a\nb", &l, &CharOffsets::new(&text, [0, 1].into_iter()));
    assert_eq!(s.message.chars().count(), MESSAGE_MAX + 1);
    assert!(s.message.ends_with("m…"));
}

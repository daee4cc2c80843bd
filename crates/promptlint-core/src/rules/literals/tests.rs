//! Required literal sets and their sites, from regex sources.

use super::*;

fn sets(src: &str) -> Vec<Vec<(String, Site)>> {
    required_literal_sets(src)
        .into_iter()
        .map(|set| {
            set.into_iter()
                .map(|(l, site)| (String::from_utf8(l).expect("utf-8"), site))
                .collect()
        })
        .collect()
}

#[test]
fn the_bits_that_hold_around_an_occurrence() {
    // `rm` in `format rm -rf`: inside a word, then on its own.
    assert_eq!(
        site_held("format rm -rf", 4, 6, Site::MAX),
        END_ASCII_BOUNDARY | END_BOUNDARY | SPACE_AFTER | NONWORD_AFTER
    );
    assert_eq!(
        site_held("format rm -rf", 7, 9, Site::MAX),
        START_ASCII_BOUNDARY
            | START_BOUNDARY
            | SPACE_BEFORE
            | END_ASCII_BOUNDARY
            | END_BOUNDARY
            | SPACE_AFTER
            | NONWORD_BEFORE
            | NONWORD_AFTER
    );
    // The text's ends count as non-word, not as white space.
    assert_eq!(
        site_held("rm", 0, 2, Site::MAX),
        START_ASCII_BOUNDARY
            | START_BOUNDARY
            | END_ASCII_BOUNDARY
            | END_BOUNDARY
            | NONWORD_BEFORE
            | NONWORD_AFTER
    );
    // `é` is a word character for `\b`, not for `(?-u:\b)`; U+3000 is white space.
    assert_eq!(
        site_held("érm\u{3000}", 2, 4, Site::MAX),
        START_ASCII_BOUNDARY
            | END_ASCII_BOUNDARY
            | END_BOUNDARY
            | SPACE_AFTER
            | NONWORD_BEFORE
            | NONWORD_AFTER
    );
    // Off a character boundary nothing is ruled out.
    assert_eq!(site_held("érm", 1, 3, SPACE_AFTER), SPACE_AFTER);
    // Only the wanted bits are reported.
    assert_eq!(
        site_held("rm", 0, 2, SPACE_AFTER | END_ASCII_BOUNDARY),
        END_ASCII_BOUNDARY
    );
}

/// [`site_held`] as first written, decoding every character: the oracle.
fn site_held_by_chars(text: &str, start: usize, end: usize) -> Site {
    let (Some(before), Some(inside), Some(after)) =
        (text.get(..start), text.get(start..end), text.get(end..))
    else {
        return Site::MAX;
    };
    let prev = before.chars().next_back();
    let first = inside.chars().next();
    let last = inside.chars().next_back();
    let next = after.chars().next();
    let ascii_word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
    let word = |c: Option<char>| c.is_some_and(regex_syntax::is_word_character);
    let space = |c: Option<char>| c.is_some_and(char::is_whitespace);
    let bit = |on: bool, b: Site| if on { b } else { 0 };
    bit(!ascii_word(prev), NONWORD_BEFORE)
        | bit(!ascii_word(next), NONWORD_AFTER)
        | bit(ascii_word(prev) != ascii_word(first), START_ASCII_BOUNDARY)
        | bit(word(prev) != word(first), START_BOUNDARY)
        | bit(space(prev), SPACE_BEFORE)
        | bit(ascii_word(last) != ascii_word(next), END_ASCII_BOUNDARY)
        | bit(word(last) != word(next), END_BOUNDARY)
        | bit(space(next), SPACE_AFTER)
}

#[test]
fn site_held_classes_as_decoding_every_character_does() {
    let alphabet = [
        "a", "Z", "_", "7", " ", "\t", "\n", "-", ".", "é", "я", "中", "\u{3000}", "\u{85}",
        "\u{a0}", "\u{200b}", "😀", "\u{300}",
    ];
    let mut rng = crate::testing::XorShift::new(0x517e);
    for _ in 0..3000 {
        let n = 1 + rng.below(8);
        let text: String = (0..n)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        let start = rng.below(text.len());
        let end = start + 1 + rng.below(text.len() - start);
        let wanted = u8::try_from(rng.below(256)).expect("below 256");
        assert_eq!(
            site_held(&text, start, end, wanted),
            site_held_by_chars(&text, start, end) & wanted,
            "{text:?} {start}..{end} {wanted:#b}"
        );
    }
}

#[test]
fn a_literal_carries_what_the_regex_requires_around_it() {
    // The word boundary and the white space after the command name; white space before
    // the flag.
    assert_eq!(
        sets(r"(?-u:\b)rm\s+-rf"),
        [
            vec![("-rf".to_owned(), SPACE_BEFORE | NONWORD_BEFORE)],
            vec![(
                "rm".to_owned(),
                START_ASCII_BOUNDARY | SPACE_AFTER | NONWORD_AFTER
            )],
        ]
    );
    // An exact literal before `\b` ends at a boundary; an inexact one (a prefix of longer
    // matches) says nothing of its end.
    assert_eq!(
        sets(r"\b(?:ignore|forget)\b"),
        [vec![
            ("ignore".to_owned(), START_BOUNDARY | END_BOUNDARY),
            ("forget".to_owned(), START_BOUNDARY | END_BOUNDARY),
        ]]
    );
    assert_eq!(
        sets(r"(?-u:\b)ignor\w+"),
        [vec![("ignor".to_owned(), START_ASCII_BOUNDARY)]]
    );
    // A repeated part: its first pass starts where the repetition does, and no pass is
    // known to end where it ends.
    assert_eq!(
        sets(r"(?-u:\b)(?:zork\s+)+(?-u:\b)"),
        [vec![(
            "zork".to_owned(),
            START_ASCII_BOUNDARY | SPACE_AFTER | NONWORD_AFTER
        )]]
    );
    assert_eq!(
        sets(r"\s(?:zork){1,3}\b"),
        [vec![("zork".to_owned(), SPACE_BEFORE | NONWORD_BEFORE)]]
    );
    // A line's start, punctuation, or white space that may be empty after punctuation:
    // no word character before.
    assert_eq!(
        sets(r"(?m)^zork"),
        [vec![("zork".to_owned(), NONWORD_BEFORE)]]
    );
    assert_eq!(
        sets(r"(?:^|[;|])\s*zork\.?$"),
        [vec![("zork".to_owned(), NONWORD_BEFORE | NONWORD_AFTER)]]
    );
    // Something that may be empty between a `\b` and the literal breaks the chain.
    assert_eq!(sets(r"\b(?:x\s)?zork"), [vec![("zork".to_owned(), 0)]]);
}

/// Random regexes of literals, boundaries, white space, punctuation, anchors, optional,
/// repeated and alternative parts, matched against random texts: wherever a regex
/// matches, every one of its literal sets has an occurrence in the text at its site.
#[test]
fn wherever_a_regex_matches_each_set_has_a_literal_at_its_site() {
    let words = ["rm", "curl", "zork", "sh", "ab"];
    let glue = [
        r"\s+",
        r"\s*",
        r"\b",
        r"(?-u:\b)",
        r"\B",
        "[;|]",
        r"\.?",
        "-",
        "^",
        "$",
        r"\w+",
        r"[^a-z]",
        " ",
        r"\W",
        r"(?:x|y)?",
    ];
    let tokens = [
        "rm", "curl", "zork", "sh", "ab", "x", "y", " ", "\n", ";", "|", ".", "-", "_", "é",
        "\u{a0}", "9",
    ];
    let mut rng = crate::testing::XorShift::new(0x51735);
    let mut checked = 0;
    for _ in 0..400 {
        let mut parts: Vec<String> = Vec::new();
        for _ in 0..1 + rng.below(5) {
            let part = if rng.below(2) == 0 {
                words[rng.below(words.len())].to_owned()
            } else {
                glue[rng.below(glue.len())].to_owned()
            };
            parts.push(part);
        }
        // Group a run of parts: repeated, optional or one of two.
        if parts.len() > 1 && rng.below(2) == 0 {
            let at = rng.below(parts.len() - 1);
            let inner = parts[at..at + 2].concat();
            let other = words[rng.below(words.len())];
            let grouped = match rng.below(4) {
                0 => format!("(?:{inner})+"),
                1 => format!("(?:{inner})?"),
                2 => format!("(?:{inner}){{1,2}}"),
                _ => format!("(?:{inner}|{other})"),
            };
            parts.splice(at..at + 2, [grouped]);
        }
        let src = parts.concat();
        let Ok(regex) = regex::RegexBuilder::new(&src).multi_line(true).build() else {
            continue;
        };
        let sets = required_literal_sets(&src);
        for _ in 0..60 {
            let text: String = (0..rng.below(12))
                .map(|_| tokens[rng.below(tokens.len())])
                .collect();
            if !regex.is_match(&text) {
                continue;
            }
            for set in &sets {
                let found = set.iter().any(|(lit, site)| {
                    (0..text.len()).any(|at| {
                        text.as_bytes()[at..].starts_with(lit)
                            && site_held(&text, at, at + lit.len(), *site) == *site
                    })
                });
                assert!(
                    found,
                    "{src} matches {text:?} but no literal of {set:?} is at its site"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "only {checked} sets checked");
}

#[test]
fn a_site_makes_a_short_literal_rarer() {
    // `rm` occurs in common words (`form`), never as a word of its own among them.
    assert!(literal_rate(b"rm") > 1e-3);
    assert!(sited_rate(b"rm", START_ASCII_BOUNDARY | SPACE_AFTER) < 1e-3);
    // `the` at a word's start is nearly as common as `the` (one in 100 bytes).
    assert!(sited_rate(b"the", START_ASCII_BOUNDARY) > 1e-2);
}

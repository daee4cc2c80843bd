//! UTS #39 confusables folded to their Latin prototype inside words that mix Latin with
//! lookalike letters (<https://www.unicode.org/reports/tr39/>).

use std::ops::Range;

use unicode_script::{Script, UnicodeScript};

use crate::codepoints::{Alnum, runs_with_non_ascii};
use crate::offset_map::OffsetMap;
use crate::source::floor_char_boundary as floor;

/// The lower-case ASCII letter a confusable folds to (UTS #39 prototype), if it has one.
fn prototype(c: char) -> Option<char> {
    let mut buf = [0u8; 4];
    let mut it = unicode_security::skeleton(c.encode_utf8(&mut buf));
    let p = it.next()?;
    (it.next().is_none() && p.is_ascii_alphabetic()).then(|| p.to_ascii_lowercase())
}

/// [`prototype`], or else that of the letter's upper case. The view is case-folded before
/// confusables are, so inside a word that already mixes Latin with lookalikes a letter is
/// also tried in upper case: Cyrillic `Т` (U+0422) is a prototype of `T` but its lower case
/// `т` is of nothing, and `SYSТEМ` must still read `system`. Not used to decide that a
/// word of one script is a disguise: Russian `все` is not `bce`.
fn prototype_cased(c: char) -> Option<char> {
    prototype(c).or_else(|| {
        let mut up = c.to_uppercase();
        match (up.next(), up.next()) {
            (Some(u), None) if u != c => prototype(u),
            _ => None,
        }
    })
}

/// Pass 2: inside words that mix Latin with lookalike letters of other scripts (Cyrillic і,
/// Greek ο), and inside all-lookalike words in mostly-Latin text, letters fold to their Latin
/// prototype (UTS #39 confusables, via `unicode-security`); a mixed word with more Cyrillic
/// or Greek than Latin letters folds the other way, its Latin letters to their Cyrillic or
/// Greek lookalikes. Words of one non-Latin script (a Russian sentence, Greek maths) are left
/// alone. `None`: nothing folded.
pub(super) fn fold_confusables(text: &str) -> (String, Option<OffsetMap>) {
    let words = non_ascii_words(text);
    // (word, script to fold toward: Latin, or the word's own non-Latin script)
    let mut plan: Vec<(Range<usize>, Script)> = Vec::new();
    for w in &words {
        let word = &text[w.clone()];
        let (mut latin, mut other) = (0usize, 0usize);
        let mut other_script = None;
        let mut all_fold = true;
        for ch in word.chars().filter(|c| c.alphabetic()) {
            match ch.script() {
                Script::Latin => latin += 1,
                Script::Common | Script::Inherited => {}
                s => {
                    other += 1;
                    other_script.get_or_insert(s);
                    if prototype_cased(ch).is_none() {
                        all_fold = false;
                    }
                }
            }
        }
        let Some(script) = other_script else {
            // A word of Latin letters alone, some of them same-script lookalikes that NFKC
            // leaves (dotless `ı` in `ıgnore`, small capital `ɪ`): those fold.
            if word.chars().any(|c| latin_lookalike(c).is_some()) {
                plan.push((w.clone(), Script::Latin));
            }
            continue;
        };
        if latin > 0 {
            // A mixed word reads in its majority script: `сurl` is Latin with one Cyrillic
            // letter, `прoграмма` Russian with one Latin letter (whose Cyrillic patterns
            // must still match).
            let toward =
                if other > latin && lookalike_in(script, 'o').is_some() && !mostly_latin(text, w) {
                    script
                } else {
                    Script::Latin
                };
            plan.push((w.clone(), toward));
        } else if all_fold && word.chars().count() >= 3 && mostly_latin(text, w) {
            plan.push((w.clone(), Script::Latin));
        }
    }
    if plan.is_empty() {
        return (String::new(), None);
    }
    let mut out = String::with_capacity(text.len());
    let mut map = OffsetMap::new();
    let mut cursor = 0;
    for (w, toward) in plan {
        out.push_str(&text[cursor..w.start]);
        map.push_identity(cursor..w.start);
        for (k, ch) in text[w.clone()].char_indices() {
            let at = w.start + k;
            let len = ch.len_utf8();
            let folded = match (ch.script(), toward) {
                (Script::Latin, Script::Latin) => latin_lookalike(ch),
                (Script::Common | Script::Inherited, _) => None,
                (_, Script::Latin) => prototype_cased(ch),
                (Script::Latin, s) => lookalike_in(s, ch),
                _ => None,
            };
            match folded {
                Some(p) => {
                    let before = out.len();
                    out.push(p);
                    map.push_opaque(out.len() - before, at..at + len);
                }
                None => {
                    out.push(ch);
                    map.push_identity(at..at + len);
                }
            }
        }
        cursor = w.end;
    }
    out.push_str(&text[cursor..]);
    map.push_identity(cursor..text.len());
    (out, Some(map))
}

/// The ASCII letter a Latin letter outside ASCII is read as when it is a same-script
/// lookalike NFKC leaves alone: dotless i and j, the Latin alpha, script g and iota, and the
/// small capitals of the Phonetic Extensions (UTS #39 gives them the same prototypes; a
/// letter with a diacritic is not here, the view strips those).
fn latin_lookalike(c: char) -> Option<char> {
    Some(match c {
        '\u{0131}' => 'i', // LATIN SMALL LETTER DOTLESS I
        '\u{0237}' => 'j', // LATIN SMALL LETTER DOTLESS J
        '\u{0251}' => 'a', // LATIN SMALL LETTER ALPHA
        '\u{0261}' => 'g', // LATIN SMALL LETTER SCRIPT G
        '\u{0269}' => 'i', // LATIN SMALL LETTER IOTA
        '\u{026A}' => 'i', // LATIN LETTER SMALL CAPITAL I
        '\u{0262}' => 'g', // LATIN LETTER SMALL CAPITAL G
        '\u{0274}' => 'n', // LATIN LETTER SMALL CAPITAL N
        '\u{0280}' => 'r', // LATIN LETTER SMALL CAPITAL R
        '\u{028F}' => 'y', // LATIN LETTER SMALL CAPITAL Y
        '\u{0299}' => 'b', // LATIN LETTER SMALL CAPITAL B
        '\u{029C}' => 'h', // LATIN LETTER SMALL CAPITAL H
        '\u{029F}' => 'l', // LATIN LETTER SMALL CAPITAL L
        '\u{1D00}' => 'a', // LATIN LETTER SMALL CAPITAL A
        '\u{1D04}' => 'c', // LATIN LETTER SMALL CAPITAL C
        '\u{1D05}' => 'd', // LATIN LETTER SMALL CAPITAL D
        '\u{1D07}' => 'e', // LATIN LETTER SMALL CAPITAL E
        '\u{1D0A}' => 'j', // LATIN LETTER SMALL CAPITAL J
        '\u{1D0B}' => 'k', // LATIN LETTER SMALL CAPITAL K
        '\u{1D0D}' => 'm', // LATIN LETTER SMALL CAPITAL M
        '\u{1D0F}' => 'o', // LATIN LETTER SMALL CAPITAL O
        '\u{1D18}' => 'p', // LATIN LETTER SMALL CAPITAL P
        '\u{1D1B}' => 't', // LATIN LETTER SMALL CAPITAL T
        '\u{1D1C}' => 'u', // LATIN LETTER SMALL CAPITAL U
        '\u{1D20}' => 'v', // LATIN LETTER SMALL CAPITAL V
        '\u{1D21}' => 'w', // LATIN LETTER SMALL CAPITAL W
        '\u{1D22}' => 'z', // LATIN LETTER SMALL CAPITAL Z
        '\u{A731}' => 's', // LATIN LETTER SMALL CAPITAL S
        _ => return None,
    })
}

/// The lower-case letter of `script` (Cyrillic or Greek) that the ASCII letter `latin` is
/// confusable with, by the UTS #39 prototypes (`о` for `o`, `р` for `p`), if there is one.
fn lookalike_in(script: Script, latin: char) -> Option<char> {
    use std::sync::OnceLock;
    static CYRILLIC: OnceLock<[Option<char>; 26]> = OnceLock::new();
    static GREEK: OnceLock<[Option<char>; 26]> = OnceLock::new();
    let build = |range: std::ops::RangeInclusive<u32>| {
        let mut table = [None; 26];
        for cp in range {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            if !c.is_lowercase() {
                continue;
            }
            if let Some(p) = prototype(c) {
                let slot = &mut table[(p as u8 - b'a') as usize];
                slot.get_or_insert(c);
            }
        }
        table
    };
    let table = match script {
        Script::Cyrillic => CYRILLIC.get_or_init(|| build(0x0430..=0x045F)),
        Script::Greek => GREEK.get_or_init(|| build(0x03B1..=0x03C9)),
        _ => return None,
    };
    let l = latin.to_ascii_lowercase();
    l.is_ascii_lowercase()
        .then(|| table[(l as u8 - b'a') as usize])
        .flatten()
}

/// The words of [`word_ranges`] that hold a non-ASCII code point (an ASCII word has nothing
/// to fold), read only around non-ASCII code points ([`runs_with_non_ascii`]). A maximal run
/// of letters and marks holds one word, from its first letter: a mark goes on with a word
/// but does not start one.
fn non_ascii_words(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let part = |c: char| c.alphabetic() || c.script() == Script::Inherited;
    runs_with_non_ascii(text, part, |run| {
        if let Some(first) = text[run.clone()].find(Alnum::alphabetic) {
            let word = run.start + first..run.end;
            if !text[word.clone()].is_ascii() {
                out.push(word);
            }
        }
    });
    out
}

/// Byte ranges of maximal runs of letters and marks: what [`non_ascii_words`] reads,
/// code point by code point (tests compare both).
#[cfg(test)]
fn word_ranges(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in text.char_indices() {
        let wordy = c.alphabetic() || (start.is_some() && c.script() == Script::Inherited);
        match (wordy, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push(s..i);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(s..text.len());
    }
    out
}

/// True when the sentence around `w` (at most 80 bytes either side, cut at a blank line, at
/// `。；！？`, and at `.;!?` followed by a space) holds more Latin letters than letters of
/// other scripts.
fn mostly_latin(text: &str, w: &Range<usize>) -> bool {
    let lo = floor(text, w.start.saturating_sub(80));
    let hi = floor(text, (w.end + 80).min(text.len()));
    let ends_at = |i: usize, c: char| match c {
        '。' | '；' | '！' | '？' => true,
        '\n' => text[i + 1..]
            .trim_start_matches([' ', '\t', '\r'])
            .starts_with('\n'),
        '.' | ';' | '!' | '?' => text[i + 1..].starts_with(char::is_whitespace),
        _ => false,
    };
    let lo = text[lo..w.start]
        .char_indices()
        .rev()
        .find(|&(i, c)| ends_at(lo + i, c))
        .map_or(lo, |(i, c)| lo + i + c.len_utf8());
    let hi = text[w.end..hi]
        .char_indices()
        .find(|&(i, c)| ends_at(w.end + i, c))
        .map_or(hi, |(i, _)| w.end + i);
    let (mut latin, mut other) = (0usize, 0usize);
    for c in text[lo..w.start].chars().chain(text[w.end..hi].chars()) {
        if !c.alphabetic() {
            continue;
        }
        match c.script() {
            Script::Latin => latin += 1,
            Script::Common | Script::Inherited => {}
            _ => other += 1,
        }
    }
    latin > other
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Jumping between non-ASCII bytes finds the non-ASCII words reading every code point
    /// finds, on generated texts of ASCII and non-ASCII letters, combining marks (script
    /// Inherited, which only go on with a word), digits, spaces and punctuation.
    #[test]
    fn non_ascii_words_by_jumps_and_by_chars_agree() {
        const ALPHABET: &[char] = &[
            'a', 'Q', 'z', '1', ' ', '.', '\n', 'é', 'с', 'о', 'ο', '中', '\u{301}', '\u{200D}',
            '😀', '’', 'ß',
        ];
        let mut rng = crate::testing::XorShift::new(0x6a09_e667_f3bc_c908);
        let mut words = 0;
        for _ in 0..3000 {
            let text: String = (0..rng.below(30)).map(|_| *rng.pick(ALPHABET)).collect();
            let by_chars: Vec<Range<usize>> = word_ranges(&text)
                .into_iter()
                .filter(|w| !text[w.clone()].is_ascii())
                .collect();
            let fast = non_ascii_words(&text);
            assert_eq!(fast, by_chars, "{text:?}");
            words += fast.len();
        }
        assert!(
            words > 1000,
            "the generated texts hold non-ASCII words: {words}"
        );
        assert_eq!(non_ascii_words("the сurl \u{301}x é"), vec![4..9, 14..16]);
    }
}

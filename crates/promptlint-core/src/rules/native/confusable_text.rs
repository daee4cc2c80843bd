//! The text model of PL207 mixed-script-confusable ([`super::pl207_mixed_script_confusable`]):
//! tokens and the words in them, which side of the Latin/other split a letter is on, its
//! Latin lookalikes (UTS #39 confusables), and the word-level judgements (glued words, letter
//! sets, inflected names, symbol products, IDN host names).

use std::ops::Range;

use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};
use unicode_script::{Script, UnicodeScript};
use unicode_security::{MixedScript, is_potential_mixed_script_confusable_char, skeleton};

use crate::codepoints::{Alnum, runs_with_non_ascii};
use crate::escape::{code_point, is_invisible};

// Tokens and words
/// The most chars of a token a message shows.
pub(super) const SHOWN_CHARS: usize = 80;

// ---------------------------------------------------------------------------------------------

/// Punctuation that joins the parts of a flag, path, host name or URL into one token.
pub(super) fn is_joiner(c: char) -> bool {
    matches!(
        c,
        '-' | '_' | '.' | '/' | '\\' | '@' | ':' | '~' | '+' | '=' | '%' | '#' | '?' | '&'
    )
}

/// Invisible format characters, which hide inside words (`с<U+200B>url`) without splitting
/// them for a reader.
pub(super) fn is_hidden(c: char) -> bool {
    is_invisible(c) && !c.is_control() && !c.is_whitespace()
}

/// Letters, digits, combining marks and hidden characters: what a word is made of.
pub(super) fn is_word_char(c: char) -> bool {
    c.alphanumeric() || is_hidden(c) || c.general_category_group() == GeneralCategoryGroup::Mark
}

/// Punctuation a token may start with: a flag's dashes, a path's `/`, `.`, `~` or `\`, a
/// handle's `@`.
pub(super) fn may_lead(c: char) -> bool {
    matches!(c, '-' | '/' | '.' | '~' | '\\' | '@' | '_')
}

/// What a code point is to the tokenizer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Class {
    /// A letter of script Latin.
    Latin,
    /// A letter of a script other than Latin, Common and Inherited.
    Other,
    /// Another word character: a digit, a mark, a hidden character, a Common letter.
    Neutral,
    /// Punctuation joining the parts of a token ([`is_joiner`]).
    Joiner,
    /// Anything else: ends a token.
    Break,
}

/// The class of `c`.
pub(super) fn class(c: char) -> Class {
    match c as u32 {
        0x30..=0x39 => Class::Neutral,
        0..=0x7F if c.is_ascii_alphabetic() => Class::Latin,
        0..=0x7F if is_joiner(c) => Class::Joiner,
        0..=0x7F => Class::Break,
        _ => match side(c) {
            Side::Latin => Class::Latin,
            Side::Other(_) => Class::Other,
            Side::Neutral if is_word_char(c) => Class::Neutral,
            Side::Neutral => Class::Break,
        },
    }
}

/// Calls `f` with each untrimmed token of `text` that holds both a Latin letter and a letter
/// of another script (no other token can hold a mixed-script word or host name), as a byte
/// range, in order. A token is a maximal run of code points that are not [`Class::Break`].
///
/// Only a token with a non-ASCII code point can hold a letter of another script, so only
/// those are read ([`runs_with_non_ascii`]): linear in the text, one class lookup per code
/// point of those tokens. [`for_each_token_by_chars`] (tests) reads every code point and
/// finds the same tokens.
pub(super) fn for_each_token(text: &str, mut f: impl FnMut(Range<usize>)) {
    runs_with_non_ascii(
        text,
        |c| class(c) != Class::Break,
        |r| {
            let (latin, other) = text[r.clone()]
                .chars()
                .map(class)
                .fold((false, false), |(l, o), c| {
                    (l || c == Class::Latin, o || c == Class::Other)
                });
            if latin && other {
                f(r);
            }
        },
    );
}

/// [`for_each_token`] reading every code point: the reference the tests compare it with.
#[cfg(test)]
pub(super) fn for_each_token_by_chars(text: &str, mut f: impl FnMut(Range<usize>)) {
    let mut start: Option<usize> = None;
    let (mut latin, mut other) = (false, false);
    for (i, c) in text.char_indices() {
        let class = class(c);
        if class == Class::Break {
            if let Some(s) = start.take()
                && latin
                && other
            {
                f(s..i);
            }
            continue;
        }
        if start.is_none() {
            start = Some(i);
            (latin, other) = (false, false);
        }
        latin |= class == Class::Latin;
        other |= class == Class::Other;
    }
    if let Some(s) = start
        && latin
        && other
    {
        f(s..text.len());
    }
}

/// `r` without the punctuation at its ends but a leading [`may_lead`] and a trailing `/`;
/// `None` when no word is left.
pub(super) fn trim(text: &str, r: Range<usize>) -> Option<Range<usize>> {
    let s = &text[r.clone()];
    let end = s
        .char_indices()
        .rev()
        .find(|&(_, c)| is_word_char(c) && !is_hidden(c) || c == '/')
        .map(|(i, c)| i + c.len_utf8())?;
    let start = s
        .char_indices()
        .find(|&(_, c)| is_word_char(c) || may_lead(c))
        .map(|(i, _)| i)?;
    // A printf conversion glued to the token (`%sсurl`) is not shown as part of it.
    let start = start + directive_len(&text[..r.start + start], &s[start..end]);
    (start < end && s[start..end].chars().any(Alnum::alphanumeric))
        .then(|| r.start + start..r.start + end)
}

/// When `before` ends with the start of a printf conversion (`%`, then flags, width and
/// precision), the length in bytes of its length modifiers and conversion letter at the
/// start of `rest` (`s` of `%sЭта`, `llu` of `%llu`); else 0.
pub(super) fn directive_len(before: &str, rest: &str) -> usize {
    let open = before
        .trim_end_matches(|c: char| c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | '#'))
        .ends_with('%');
    if !open {
        return 0;
    }
    let length = rest
        .bytes()
        .take_while(|b| matches!(b, b'h' | b'l' | b'L' | b'q' | b'j' | b'z' | b't'))
        .count();
    let conversion = rest
        .as_bytes()
        .get(length)
        .is_some_and(u8::is_ascii_alphabetic);
    length + usize::from(conversion)
}

/// Letters, combining marks and hidden characters: what a word is made of. Digits split
/// words (`А0x2` is no mixed word).
pub(super) fn is_letterish(c: char) -> bool {
    c.alphabetic() || is_hidden(c) || c.general_category_group() == GeneralCategoryGroup::Mark
}

/// The words of the token `text[tok]`, as byte ranges of the token. The letters of a printf
/// conversion (`%s`, `%02u`, `%lld`) or of a backslash escape (`\v`) glued to the start of
/// a word are format syntax, not part of it: `%sЭта` holds the word `Эта`.
pub(super) fn words(text: &str, tok: &Range<usize>) -> Vec<Range<usize>> {
    let token = &text[tok.clone()];
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut push = |r: Range<usize>| {
        let before = &text[..tok.start + r.start];
        let word = &token[r.clone()];
        let skip = if before.ends_with('\\') {
            // C escapes: `\n`, `\t`, `\v`... (a path's `\раth` keeps its letters).
            usize::from(matches!(
                word.as_bytes().first(),
                Some(b'a' | b'b' | b'e' | b'f' | b'n' | b'r' | b't' | b'v')
            ))
        } else {
            directive_len(before, word)
        };
        if r.start + skip < r.end {
            out.push(r.start + skip..r.end);
        }
    };
    for (i, c) in token.char_indices() {
        match (is_letterish(c), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                push(s..i);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        push(s..token.len());
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Letters
// ---------------------------------------------------------------------------------------------

/// How a letter counts: Latin, of another script, or neither (digits, marks, Common and
/// Inherited letters such as mathematical alphanumerics).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    Latin,
    Other(Script),
    Neutral,
}

/// The side of `c`. The blocks most text is written in are decided by range (their
/// `Script` and `General_Category` values from Scripts.txt and UnicodeData.txt,
/// <https://www.unicode.org/Public/UCD/latest/ucd/>): ASCII; U+00C0–U+024F but U+00D7 and
/// U+00F7 (Latin letters); U+0400–U+0481 and U+048A–U+052F (Cyrillic letters; U+0482 is a
/// sign, U+0483–U+0489 are marks); U+0386, U+0388–U+038A, U+038C and U+038E–U+03CF but
/// U+03A2 (Greek letters). Other code points go through the property lookups (a unit test
/// checks that both agree over these ranges).
pub(super) fn side(c: char) -> Side {
    match c as u32 {
        0x41..=0x5A | 0x61..=0x7A => return Side::Latin,
        0..=0x7F => return Side::Neutral,
        0xC0..=0xD6 | 0xD8..=0xF6 | 0xF8..=0x024F => return Side::Latin,
        0x0400..=0x0481 | 0x048A..=0x052F => return Side::Other(Script::Cyrillic),
        0x0386 | 0x0388..=0x038A | 0x038C | 0x038E..=0x03A1 | 0x03A3..=0x03CF => {
            return Side::Other(Script::Greek);
        }
        _ => {}
    }
    slow_side(c)
}

/// [`side`] from the property lookups alone.
pub(super) fn slow_side(c: char) -> Side {
    if c.is_ascii() {
        return if c.is_ascii_alphabetic() {
            Side::Latin
        } else {
            Side::Neutral
        };
    }
    if !c.alphabetic() {
        return Side::Neutral;
    }
    match c.script() {
        Script::Latin => Side::Latin,
        Script::Common | Script::Inherited | Script::Unknown => Side::Neutral,
        s => Side::Other(s),
    }
}

/// The Latin letter or two a non-Latin letter looks like: its UTS #39 skeleton (§4,
/// `confusables.txt` prototype) when that is one or two ASCII letters. A capital whose
/// prototype is `l` reads as `I` (the prototype of the `I`/`l`/`1` class is `l`).
pub fn latin_lookalike(c: char) -> Option<String> {
    let mut buf = [0u8; 4];
    let sk: String = skeleton(c.encode_utf8(&mut buf)).collect();
    let ok = (1..=2).contains(&sk.len()) && sk.bytes().all(|b| b.is_ascii_alphabetic());
    if !ok {
        return None;
    }
    if c.is_uppercase() && sk == "l" {
        return Some("I".to_owned());
    }
    Some(sk)
}

/// `U+0441 CYRILLIC SMALL LETTER ES` (names from UnicodeData.txt via `unicode_names2`).
pub fn named(c: char) -> String {
    match unicode_names2::name(c) {
        Some(n) => format!("{} {n}", code_point(c)),
        None => code_point(c),
    }
}

/// The letters of the current line: counted once per line, only when a word asks.
#[derive(Default)]
pub(super) struct LineLetters {
    /// The line counted last (byte range of the text, without its `\n`).
    line: Range<usize>,
    latin: usize,
    other: usize,
}

impl LineLetters {
    /// Latin and other-script letters of the line holding `at` (a byte of `text`).
    pub(super) fn around(&mut self, text: &str, at: usize) -> (usize, usize) {
        if !(self.line.start <= at && at < self.line.end) {
            let start = text[..at].rfind('\n').map_or(0, |n| n + 1);
            let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
            let (mut latin, mut other) = (0, 0);
            for c in text[start..end].chars() {
                match side(c) {
                    Side::Latin => latin += 1,
                    Side::Other(_) => other += 1,
                    Side::Neutral => {}
                }
            }
            *self = LineLetters {
                line: start..end,
                latin,
                other,
            };
        }
        (self.latin, self.other)
    }
}

// ---------------------------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------------------------

/// True when the letters of `word` are one run of Latin letters and one run of others, in
/// either order.
pub(super) fn is_glued(word: &str) -> bool {
    let mut runs = 0;
    let mut last: Option<bool> = None;
    for c in word.chars() {
        let latin = match side(c) {
            Side::Latin => true,
            Side::Other(_) => false,
            Side::Neutral => continue,
        };
        if last != Some(latin) {
            runs += 1;
            last = Some(latin);
        }
    }
    runs == 2
}

/// True when the Latin letter `c` looks like a letter of `script`: its skeleton is the
/// skeleton of one of that script's letters (UTS #39 §4). The crate's table of potential
/// mixed-script confusables ([`is_potential_mixed_script_confusable_char`]: confusable with
/// a letter of *some* other script) rules most letters out first.
pub(super) fn looks_like_script(c: char, script: Script) -> bool {
    if !is_potential_mixed_script_confusable_char(c) {
        return false;
    }
    let Some(bit) = latin_bit(c) else {
        return false;
    };
    lookalike_masks()
        .iter()
        .any(|&(s, mask)| s == script && mask & bit != 0)
}

/// The bit of the ASCII letter a Latin letter's skeleton is, if it is one (`a`–`z` are bits
/// 0–25, `A`–`Z` bits 26–51).
pub(super) fn latin_bit(c: char) -> Option<u64> {
    let mut buf = [0u8; 4];
    let mut sk = skeleton(c.encode_utf8(&mut buf));
    let (first, rest) = (sk.next()?, sk.next());
    if rest.is_some() {
        return None;
    }
    match first {
        'a'..='z' => Some(1 << (first as u32 - 'a' as u32)),
        'A'..='Z' => Some(1 << (26 + first as u32 - 'A' as u32)),
        _ => None,
    }
}

/// For each script but Latin, Common and Inherited: the ASCII letters (as [`latin_bit`]
/// bits) that one of its letters has as its skeleton. Built once, on the first word that
/// needs it, from the crate's confusable data over the code points that carry letters of
/// small scripts (the CJK, Hangul, Yi and private-use ranges hold no such letter and are
/// skipped).
pub(super) fn lookalike_masks() -> &'static [(Script, u64)] {
    static MASKS: std::sync::OnceLock<Vec<(Script, u64)>> = std::sync::OnceLock::new();
    MASKS.get_or_init(|| {
        let mut out: Vec<(Script, u64)> = Vec::new();
        let skip =
            |cp: u32| matches!(cp, 0x3400..=0xA4CF | 0xAC00..=0xD7FF | 0xE000..=0xF8FF | 0x20000..);
        for cp in 0x80u32..0x20000 {
            if skip(cp) {
                continue;
            }
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            let Side::Other(script) = side(c) else {
                continue;
            };
            let Some(bit) = latin_bit(c) else { continue };
            match out.iter_mut().find(|(s, _)| *s == script) {
                Some((_, mask)) => *mask |= bit,
                None => out.push((script, bit)),
            }
        }
        out
    })
}

/// True when a run of non-Latin letters of `word` has a Latin letter on each side.
pub(super) fn foreign_inside(word: &str) -> bool {
    let mut before_latin = false;
    let mut in_run = false;
    for c in word.chars() {
        match side(c) {
            Side::Latin if in_run => return true,
            Side::Latin => before_latin = true,
            Side::Other(_) => in_run = before_latin,
            Side::Neutral => {}
        }
    }
    false
}

/// A set of letters in both cases (`yYνΝ`, `cCсС`): a pattern that accepts an answer typed
/// in either keyboard layout, not a word. At least two pairs, each a letter and its capital.
pub(super) fn is_letter_set(word: &str) -> bool {
    let letters: Vec<char> = word.chars().filter(|c| c.alphabetic()).collect();
    letters.len() >= 4
        && letters.len().is_multiple_of(2)
        && letters
            .chunks(2)
            .all(|p| p[0].is_lowercase() && p[0].to_uppercase().eq(std::iter::once(p[1])))
}

/// A Latin name with a case ending of another script glued to it (`iOSе`, `Dockerа`): the
/// non-Latin letters, at most two, all follow the Latin ones. Slavic languages inflect
/// borrowed names so; in a line of mostly non-Latin letters such a word is not reported.
pub(super) fn is_inflected_name(word: &str) -> bool {
    let mut seen_other = 0;
    for c in word.chars() {
        match side(c) {
            Side::Latin if seen_other > 0 => return false,
            Side::Other(_) => seen_other += 1,
            _ => {}
        }
    }
    (1..=2).contains(&seen_other)
}

/// A Greek symbol product (`αx`, `ρgh`, `ΔT`, `kΩ`, `μs`): at most three letters, the
/// non-Latin ones Greek, none between two Latin letters. Greek letters are the symbols of
/// mathematics, physics and units; such words are products of symbols, not spellings.
pub(super) fn is_symbol_product(word: &str) -> bool {
    let letters: Vec<Side> = word.chars().filter(|c| c.alphabetic()).map(side).collect();
    let greek = letters.iter().all(|s| match s {
        Side::Other(script) => *script == Script::Greek,
        _ => true,
    });
    let inner = letters.len() >= 3
        && letters[1..letters.len() - 1]
            .iter()
            .any(|s| matches!(s, Side::Other(_)));
    letters.len() <= 3 && greek && !inner
}

/// `token` with the lookalikes inside `folded` (byte ranges of the token) read as their Latin
/// prototypes, and hidden characters dropped: what a reader sees.
pub(super) fn reading(token: &str, folded: &[Range<usize>]) -> String {
    let mut out = String::new();
    let mut k = 0;
    // Messages show 80 chars; the rest of a long token is not read.
    for (i, c) in token.char_indices().take(SHOWN_CHARS + 1) {
        while folded.get(k).is_some_and(|r| r.end <= i) {
            k += 1;
        }
        let inside = folded.get(k).is_some_and(|r| r.start <= i);
        if is_hidden(c) {
            continue;
        }
        match (inside, side(c)) {
            (true, Side::Other(_)) => match latin_lookalike(c) {
                Some(l) => out.push_str(&l),
                None => out.push(c),
            },
            _ => out.push(c),
        }
    }
    out
}

/// The host name of a URL (after `://`), an e-mail address (after `@`) or a `www.` name in
/// `token`, as a byte range of it.
pub(super) fn host_of(token: &str) -> Option<Range<usize>> {
    let start = if let Some(i) = token.find("://") {
        let after = i + 3;
        let rest = &token[after..];
        let auth_end = rest
            .find(['/', '?', '#'])
            .map_or(token.len(), |n| after + n);
        token[after..auth_end]
            .rfind('@')
            .map_or(after, |n| after + n + 1)
    } else if let Some(i) = token.rfind('@') {
        i + 1
    } else if token.starts_with("www.") {
        0
    } else {
        return None;
    };
    let rest = &token[start..];
    let end = rest
        .find(['/', '?', '#', ':', '\\'])
        .map_or(token.len(), |n| start + n);
    token[start..end].contains('.').then_some(start..end)
}

/// A host name that mixes Latin labels with whole-script confusable ones.
pub(super) struct Homograph {
    /// The host name, a byte range of the token.
    pub(super) host: Range<usize>,
    /// The whole-script confusable labels, byte ranges of the host name.
    pub(super) labels: Vec<Range<usize>>,
    /// Their letters.
    pub(super) letters: Vec<char>,
}

/// The host name of `token` if labels spelled wholly in one non-Latin script with
/// lookalikes only (§4 whole-script confusables) sit next to a label holding Latin letters.
pub(super) fn homograph(token: &str) -> Option<Homograph> {
    let host = host_of(token)?;
    let mut out = Homograph {
        host: host.clone(),
        labels: Vec::new(),
        letters: Vec::new(),
    };
    let mut latin_label = false;
    let mut at = 0;
    for label in token[host].split('.') {
        let r = at..at + label.len();
        at = r.end + 1;
        if label.chars().any(|c| side(c) == Side::Latin) {
            latin_label = true;
            continue;
        }
        let letters: Vec<char> = label
            .chars()
            .filter(|&c| matches!(side(c), Side::Other(_)))
            .collect();
        if !letters.is_empty()
            && label.is_single_script()
            && letters.iter().all(|&c| latin_lookalike(c).is_some())
        {
            out.letters.extend(&letters);
            out.labels.push(r);
        }
    }
    (latin_label && !out.labels.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The jumping tokenizer finds what reading every code point finds, on generated texts of
    /// ASCII, Latin, Cyrillic, Greek, Arabic and Han letters, marks, hidden characters,
    /// joiners, emoji and non-ASCII punctuation.
    #[test]
    fn tokens_by_jumps_and_by_chars_agree() {
        const ALPHABET: &[char] = &[
            'a', 'Z', '7', ' ', '.', '-', '/', '\n', '(', 'é', 'а', 'е', 'ο', 'ا', '中', '😀',
            '\u{200B}', '\u{0301}', '。', '\u{00A0}', '«', 'ß',
        ];
        let mut rng = crate::testing::XorShift::new(0x2545_f491_4f6c_dd1d);
        let tokens = |text: &str, by_chars: bool| {
            let mut out = Vec::new();
            if by_chars {
                for_each_token_by_chars(text, |r| out.push(r));
            } else {
                for_each_token(text, |r| out.push(r));
            }
            out
        };
        let mut mixed = 0;
        for _ in 0..3000 {
            let text: String = (0..rng.below(40)).map(|_| *rng.pick(ALPHABET)).collect();
            let fast = tokens(&text, false);
            assert_eq!(fast, tokens(&text, true), "{text:?}");
            mixed += fast.len();
        }
        assert!(
            mixed > 100,
            "the generated texts hold mixed tokens: {mixed}"
        );
        // One case by hand: the token around the Cyrillic `а` starts at the ASCII letters
        // before it, and the emoji (Break) ends it.
        assert_eq!(tokens("x cаt-1😀b", false), vec![2..8]);
    }

    #[test]
    fn the_fast_ranges_agree_with_the_property_lookups() {
        let ranges = [0x00u32..0x0250, 0x0370..0x0400, 0x0400..0x0530];
        for cp in ranges.into_iter().flatten() {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            assert_eq!(side(c), slow_side(c), "{}", code_point(c));
        }
    }

    #[test]
    fn lookalikes_follow_the_confusables_data() {
        assert_eq!(latin_lookalike('\u{0441}').as_deref(), Some("c"));
        assert_eq!(latin_lookalike('\u{04C0}').as_deref(), Some("I"));
        assert_eq!(latin_lookalike('\u{0394}'), None);
        assert!(looks_like_script('o', Script::Cyrillic));
        assert!(looks_like_script('C', Script::Cyrillic));
        assert!(!looks_like_script('n', Script::Cyrillic));
        assert!(!looks_like_script('s', Script::Greek));
        assert!(!looks_like_script('G', Script::Cyrillic));
    }
}

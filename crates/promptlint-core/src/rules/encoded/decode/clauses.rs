//! Rot13 and reversed text: clauses whose English-likeness rises when decoded.

use std::ops::Range;
use std::sync::LazyLock;

use super::payload::{Encoding, Payload};

/// The most frequent English words: the Oxford English Corpus's 100 most common lemmas
/// (<https://en.wikipedia.org/wiki/Most_common_words_in_English>), plus the inflected forms
/// of *be* and *have*.
const STOPWORDS: &[&str] = &[
    "a", "about", "after", "all", "also", "an", "and", "any", "are", "as", "at", "back", "be",
    "because", "been", "but", "by", "can", "come", "could", "day", "do", "even", "first", "for",
    "from", "get", "give", "go", "good", "had", "has", "have", "he", "her", "him", "his", "how",
    "i", "if", "in", "into", "is", "it", "its", "just", "know", "like", "look", "make", "me",
    "most", "my", "new", "no", "not", "now", "of", "on", "one", "only", "or", "other", "our",
    "out", "over", "people", "say", "see", "she", "so", "some", "take", "than", "that", "the",
    "their", "them", "then", "there", "these", "they", "think", "this", "time", "to", "two", "up",
    "us", "use", "want", "was", "way", "we", "well", "were", "what", "when", "which", "who",
    "will", "with", "work", "would", "year", "you", "your",
];

/// The 50 most frequent English letter bigrams, from Peter Norvig's counts over the Google
/// Books corpus ("English Letter Frequency Counts: Mayzner Revisited",
/// <https://norvig.com/mayzner.html>).
const BIGRAMS: [&[u8; 2]; 50] = [
    b"th", b"he", b"in", b"er", b"an", b"re", b"on", b"at", b"en", b"nd", b"ti", b"es", b"or",
    b"te", b"of", b"ed", b"is", b"it", b"al", b"ar", b"st", b"to", b"nt", b"ng", b"se", b"ha",
    b"as", b"ou", b"io", b"le", b"ve", b"co", b"me", b"de", b"hi", b"ri", b"ro", b"ic", b"ne",
    b"ea", b"ra", b"ce", b"li", b"ch", b"ll", b"be", b"ma", b"si", b"om", b"ur",
];

/// For each ordered pair of letters (`a` = 0), which readings make it one of [`BIGRAMS`]:
/// bit 0 as written, bit 1 under rot13, bit 2 reversed.
static PAIR_TABLE: [[u8; 26]; 26] = {
    let mut common = [[false; 26]; 26];
    let mut i = 0;
    while i < BIGRAMS.len() {
        common[(BIGRAMS[i][0] - b'a') as usize][(BIGRAMS[i][1] - b'a') as usize] = true;
        i += 1;
    }
    let mut t = [[0u8; 26]; 26];
    let mut x = 0;
    while x < 26 {
        let mut y = 0;
        while y < 26 {
            t[x][y] = common[x][y] as u8
                | (common[(x + 13) % 26][(y + 13) % 26] as u8) << 1
                | (common[y][x] as u8) << 2;
            y += 1;
        }
        x += 1;
    }
    t
};

/// A word of at most 7 lower-case ASCII letters packed into a `u64`, first letter highest, so
/// that keys sort as the words do.
fn word_key(w: &[u8]) -> u64 {
    w.iter()
        .take(7)
        .enumerate()
        .fold(u64::from(w.len().min(8) as u8), |k, (i, &c)| {
            k | u64::from(c) << (56 - 8 * i)
        })
}

/// [`STOPWORDS`] as sorted keys.
static STOPWORD_KEYS: LazyLock<Vec<u64>> = LazyLock::new(|| {
    let mut keys: Vec<u64> = STOPWORDS.iter().map(|w| word_key(w.as_bytes())).collect();
    keys.sort_unstable();
    keys
});

fn is_stopword(w: &[u8]) -> bool {
    w.len() <= 7 && STOPWORD_KEYS.binary_search(&word_key(w)).is_ok()
}

/// Letter index 0..26 of a lower-case ASCII letter moved 13 places.
fn rot(l: usize) -> usize {
    (l + 13) % 26
}

/// Counts over one clause read three ways: as written, under rot13, and reversed.
#[derive(Debug, Default)]
struct Reading {
    letters: usize,
    words: usize,
    /// Stopwords: as written, rot13, reversed.
    stop: [usize; 3],
    /// Letter pairs inside words, and those among [`BIGRAMS`]: as written, rot13, reversed.
    pairs: usize,
    common: [usize; 3],
}

impl Reading {
    /// Word and bigram counts of `s` (words: maximal runs of ASCII letters); no allocation.
    fn of(s: &str) -> Reading {
        let mut r = Reading::default();
        for w in words(s) {
            r.words += 1;
            r.letters += w.len();
            for p in w.windows(2) {
                // ASCII letters: `| 0x20` lower-cases.
                let x = ((p[0] | 0x20) - b'a') as usize;
                let y = ((p[1] | 0x20) - b'a') as usize;
                let bits = PAIR_TABLE[x][y];
                r.pairs += 1;
                r.common[0] += usize::from(bits & 1);
                r.common[1] += usize::from((bits >> 1) & 1);
                r.common[2] += usize::from(bits >> 2);
            }
        }
        r
    }

    /// Adds the stopword counts of `s` (a second pass, run only when the bigrams allow a
    /// decoding).
    fn count_stopwords(&mut self, s: &str) {
        // Stopwords are at most 7 letters: longer words are none, read any way.
        for w in words(s).filter(|w| w.len() <= 7) {
            let n = w.len();
            let mut buf = [0u8; 7];
            for (k, c) in w.iter().enumerate() {
                buf[k] = c.to_ascii_lowercase();
            }
            self.stop[0] += usize::from(is_stopword(&buf[..n]));
            let mut r13 = buf;
            for c in &mut r13[..n] {
                *c = b'a' + rot((*c - b'a') as usize) as u8;
            }
            self.stop[1] += usize::from(is_stopword(&r13[..n]));
            buf[..n].reverse();
            self.stop[2] += usize::from(is_stopword(&buf[..n]));
        }
    }

    /// (share of stopwords, share of frequent bigrams) of reading `k`.
    fn shares(&self, k: usize) -> (f32, f32) {
        let ratio = |a: usize, b: usize| if b == 0 { 0.0 } else { a as f32 / b as f32 };
        (
            ratio(self.stop[k], self.words),
            ratio(self.common[k], self.pairs),
        )
    }

    /// The bigram half of [`Reading::is_rot13`].
    fn rot13_bigrams(&self) -> bool {
        let (_, b0) = self.shares(0);
        let (_, b1) = self.shares(1);
        self.words >= 3 && b1 >= 0.3 && b1 >= b0 + 0.12
    }

    /// The bigram half of [`Reading::is_reversed`].
    fn reversed_bigrams(&self) -> bool {
        let (_, b0) = self.shares(0);
        let (_, b2) = self.shares(2);
        self.words >= 3 && b2 >= 0.3 && b2 > b0
    }

    /// True when the clause reads as English under rot13 and not as written.
    ///
    /// Rot13 maps the stopwords and frequent bigrams of English to rare ones (`the` -> `gur`),
    /// so rot13 text gains both when decoded: at least a fifth stopwords, more than before,
    /// and clearly more frequent bigrams; or, for a terse command with no stopword, far more
    /// frequent bigrams alone.
    fn is_rot13(&self) -> bool {
        let (s0, b0) = self.shares(0);
        let (s1, b1) = self.shares(1);
        let with_stopwords = s1 >= 0.2 && s1 > s0;
        let bigrams_alone = b1 >= 0.45 && b1 >= b0 + 0.25;
        self.rot13_bigrams() && (with_stopwords || bigrams_alone)
    }

    /// True when the clause reads as English backwards and not as written: more frequent
    /// bigrams, and, since reversal keeps many of them (`er` <-> `re`), more stopwords too: a
    /// quarter at least, and twice as many as before plus a tenth.
    fn is_reversed(&self) -> bool {
        let (s0, _) = self.shares(0);
        let (s2, _) = self.shares(2);
        self.reversed_bigrams() && s2 >= 0.25 && s2 >= 2.0 * s0 + 0.1
    }
}

/// The ASCII words of `s`: maximal runs of ASCII letters.
fn words(s: &str) -> impl Iterator<Item = &[u8]> {
    s.as_bytes()
        .split(|c| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
}

fn rot13(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            'a'..='z' => (((c as u8 - b'a') + 13) % 26 + b'a') as char,
            'A'..='Z' => (((c as u8 - b'A') + 13) % 26 + b'A') as char,
            _ => c,
        })
        .collect()
}

/// Clauses (split at line breaks, sentence punctuation followed by a space, quotes,
/// backticks and table bars) that become English under rot13 or when reversed.
///
/// One pass counts each clause's letters and bigrams as it goes; only a clause whose bigrams
/// allow a decoding is looked at again (stopwords).
pub(super) fn clause_runs(text: &str, out: &mut Vec<Payload>) {
    let b = text.as_bytes();
    let mut start = 0;
    let (mut letters, mut words) = (0usize, 0usize);
    let mut common = [0usize; 3];
    let mut i = 0;
    loop {
        if let Some(first) = b
            .get(i)
            .map(|&c| LETTER[usize::from(c)])
            .filter(|&l| l < 26)
        {
            // A word: its letter pairs counted in one tight loop.
            let word = i;
            let mut prev = usize::from(first);
            i += 1;
            while let Some(l) = b.get(i).map(|&c| usize::from(LETTER[usize::from(c)])) {
                if l >= 26 {
                    break;
                }
                let bits = PAIRS[(prev << 5 | l) & 1023];
                common[0] += usize::from(bits & 1);
                common[1] += usize::from((bits >> 1) & 1);
                common[2] += usize::from(bits >> 2);
                prev = l;
                i += 1;
            }
            words += 1;
            letters += i - word;
            continue;
        }
        // The end of the text cuts as a line break does.
        let c = b.get(i).copied().unwrap_or(b'\n');
        let cut = match c {
            b'\n' | b'"' | b'`' | b'|' => true,
            b'.' | b'!' | b'?' | b';' | b':' => b.get(i + 1).is_none_or(u8::is_ascii_whitespace),
            _ => false,
        };
        if cut {
            let reading = Reading {
                letters,
                words,
                stop: [0; 3],
                // Every letter but a word's first pairs with the one before it.
                pairs: letters - words,
                common,
            };
            if letters >= 12 && (reading.rot13_bigrams() || reading.reversed_bigrams()) {
                clause(text, start..i, out);
            }
            start = i + 1;
            (letters, words, common) = (0, 0, [0; 3]);
        }
        if i >= b.len() {
            break;
        }
        i += 1;
    }
}

/// Byte -> letter index 0..26 of an ASCII letter, either case; 26 for every other byte.
static LETTER: [u8; 256] = {
    let mut t = [26u8; 256];
    let mut l = 0;
    while l < 26 {
        t[(b'a' + l) as usize] = l;
        t[(b'A' + l) as usize] = l;
        l += 1;
    }
    t
};

/// [`PAIR_TABLE`] flat, the pair `(x, y)` at `x << 5 | y`, so that an index masked to 10 bits
/// needs no bounds check.
static PAIRS: [u8; 1024] = {
    let mut t = [0u8; 1024];
    let mut x = 0;
    while x < 26 {
        let mut y = 0;
        while y < 26 {
            t[x << 5 | y] = PAIR_TABLE[x][y];
            y += 1;
        }
        x += 1;
    }
    t
};

/// [`clause_runs`] byte by byte, as it was first written: the reference the tests compare it
/// with.
#[cfg(test)]
fn clause_runs_by_bytes(text: &str, out: &mut Vec<Payload>) {
    let b = text.as_bytes();
    let mut start = 0;
    let mut reading = Reading::default();
    let mut prev: Option<usize> = None;
    for i in 0..=b.len() {
        let c = b.get(i).copied().unwrap_or(b'\n');
        if c.is_ascii_alphabetic() {
            let l = ((c | 0x20) - b'a') as usize;
            reading.letters += 1;
            match prev {
                None => reading.words += 1,
                Some(p) => {
                    let bits = PAIR_TABLE[p][l];
                    reading.pairs += 1;
                    reading.common[0] += usize::from(bits & 1);
                    reading.common[1] += usize::from((bits >> 1) & 1);
                    reading.common[2] += usize::from(bits >> 2);
                }
            }
            prev = Some(l);
            continue;
        }
        prev = None;
        let cut = match c {
            b'\n' | b'"' | b'`' | b'|' => true,
            b'.' | b'!' | b'?' | b';' | b':' => b.get(i + 1).is_none_or(u8::is_ascii_whitespace),
            _ => false,
        };
        if cut {
            if reading.letters >= 12 && (reading.rot13_bigrams() || reading.reversed_bigrams()) {
                clause(text, start..i, out);
            }
            start = i + 1;
            reading = Reading::default();
        }
    }
}

/// Decodes the clause at `r` when it reads as rot13 or reversed English.
fn clause(text: &str, r: Range<usize>, out: &mut Vec<Payload>) {
    let s = &text[r.clone()];
    let lead = s.len() - s.trim_start_matches([' ', '\t', '-', '*', '>', '(']).len();
    let trail = s.len() - s.trim_end().len();
    if lead + trail >= s.len() {
        return;
    }
    let range = r.start + lead..r.end - trail;
    let s = &text[range.clone()];
    let mut reading = Reading::of(s);
    reading.count_stopwords(s);
    let (encoding, decoded) = if reading.is_rot13() {
        (Encoding::Rot13, rot13(s))
    } else if reading.is_reversed() {
        (Encoding::Reversed, s.chars().rev().collect())
    } else {
        return;
    };
    out.push(Payload {
        range,
        encoding,
        inner: None,
        text: decoded,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word-at-a-time loop finds the clauses the byte-at-a-time one finds, on generated
    /// texts of English, rot13 and reversed words, punctuation that cuts or does not, quotes,
    /// line breaks and digits.
    #[test]
    fn word_loop_and_byte_loop_agree() {
        const PIECES: &[&str] = &[
            "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "gur", "dhvpx",
            "oebja", "sbk", "whzcf", "bire", "ynml", "qbt", "eht", "kciuq", "nworb", "xof", " ",
            " ", " ", " ", ".", ". ", ",", "!", "?\n", ":", ";x", "\"", "`", "|", "\n", "42",
            "IGNORE", "Rules",
        ];
        let mut rng = crate::testing::XorShift::new(0xbf58_476d_1ce4_e5b9);
        let mut found = 0;
        for _ in 0..6000 {
            let text: String = (0..rng.below(40)).map(|_| *rng.pick(PIECES)).collect();
            let (mut fast, mut slow) = (Vec::new(), Vec::new());
            clause_runs(&text, &mut fast);
            clause_runs_by_bytes(&text, &mut slow);
            assert_eq!(fast, slow, "{text:?}");
            found += fast.len();
        }
        assert!(
            found > 40,
            "the generated texts hold encoded clauses: {found}"
        );
    }

    #[test]
    fn stopwords_are_found_by_key() {
        assert!(STOPWORDS.iter().all(|w| is_stopword(w.as_bytes())));
        for w in [&b"gur"[..], b"th", b"thee", b"a\0", b"because1", b"becaus"] {
            assert!(!is_stopword(w), "{w:?}");
        }
    }
}

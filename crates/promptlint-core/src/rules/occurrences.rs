//! Every occurrence of many strings in a text, overlapping, ASCII letters matched
//! case-insensitively: what [`super::pattern`]'s gate scans each view with (a set's keywords
//! and its regexes' required literals; ~4,900 strings for the built-in catalog).
//!
//! Two ways to find them, with the same occurrences:
//! - an Aho-Corasick automaton ([`Scanner`]'s automata, stepped by [`scan`]): some 50
//!   instructions a byte to scan, its matches included (20 MB generated tree: 2.43 G
//!   instructions for both views of every segment), ~34 M instructions to build over the
//!   built-in strings (callgrind, one 5 KB AGENTS.md: a sixth of that run);
//! - a hash table of the strings by their first three bytes ([`Hashed`]): ~2 M instructions
//!   to build, but slower to scan (each text position looks up the prefixes starting there
//!   and compares the strings filed under a match).
//!
//! So a run reads its first few texts ([`SMALL_RUN_BYTES`], each at most
//! [`SMALL_TEXT_BYTES`]) through the table and builds the automaton only when it has read
//! more: one file, or a pre-commit run over a few, never builds it.

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use aho_corasick::automaton::Automaton;
use aho_corasick::nfa::contiguous;
use aho_corasick::{Anchored, MatchKind};

/// A scanner reads its texts through [`Hashed`] until it has read this many bytes (32 KiB,
/// a few agent files).
pub const SMALL_RUN_BYTES: usize = 32 << 10;

/// A text longer than this (16 KiB) is always scanned with the automaton.
pub const SMALL_TEXT_BYTES: usize = 16 << 10;

/// Every occurrence of a fixed list of strings (the *patterns*, reported by their index in
/// that list) in a text: overlapping, ASCII letters case-insensitively, every other byte
/// exactly. Two patterns equal once lower-cased are both kept, and both reported.
///
/// The views scanned are lower case but for rare UTS #39 prototypes, and on a text without an
/// upper-case ASCII letter, matching the patterns lower-cased exactly finds what matching
/// them case-insensitively finds. So the automaton is built exact over the lower-cased
/// patterns, and the case-insensitive one only for the first text that holds an upper-case
/// ASCII letter: an exact automaton over ~5,000 patterns builds in a fraction of the
/// case-insensitive one's instructions (callgrind, one 5 KB AGENTS.md).
///
/// Contiguous NFAs, not DFAs: the DFAs of the scanners held ~23 MB (heaptrack, 100 MB
/// generated tree) and scanned no faster on a tree (hyperfine, 20 MB tree: 2.77 s with them,
/// 2.70 s without; 1 GB tree: 2:29 and 117 MB peak RSS with, 2:21 and 94 MB without), as
/// their tables do not stay in the CPU caches.
#[derive(Debug)]
pub struct Scanner {
    /// The patterns with their ASCII letters lower-cased, matched exactly: built on first
    /// need, `None` when it does not build (plain strings always do).
    lower: OnceLock<Option<contiguous::NFA>>,
    /// The patterns as given, matched ASCII case-insensitively: built on first need.
    any_case: OnceLock<Option<contiguous::NFA>>,
    /// The hash table of the first, small texts.
    hashed: OnceLock<Hashed>,
    patterns: Vec<Cow<'static, [u8]>>,
}

impl Scanner {
    /// A scanner over `patterns`; nothing is built until the first text.
    pub fn new(patterns: Vec<Cow<'static, [u8]>>) -> Scanner {
        Scanner {
            lower: OnceLock::new(),
            any_case: OnceLock::new(),
            hashed: OnceLock::new(),
            patterns,
        }
    }

    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// True when there are no patterns.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// Calls `found(pattern, start)` for every occurrence of a pattern in `text` (`start`: its
    /// first byte's offset), in no particular order, until it returns true; `run` is the
    /// bytes the caller has scanned before this text, over every thread. Returns false,
    /// having called nothing, when the automaton `text` needs did not build: the caller must
    /// then count every pattern as present.
    pub fn for_each(
        &self,
        text: &str,
        run: usize,
        mut found: impl FnMut(usize, usize) -> bool,
    ) -> bool {
        if self.lower.get().is_none() && run <= SMALL_RUN_BYTES && text.len() <= SMALL_TEXT_BYTES {
            self.hashed
                .get_or_init(|| Hashed::new(&self.patterns))
                .for_each(text.as_bytes(), &self.patterns, found);
            return true;
        }
        let Some(automaton) = self.automaton(text) else {
            return false;
        };
        scan(automaton, text.as_bytes(), |p, end| {
            found(p, end - self.patterns[p].len())
        })
    }

    /// Length in bytes of pattern `p`.
    pub fn pattern_len(&self, p: usize) -> usize {
        self.patterns[p].len()
    }

    fn build<P: AsRef<[u8]>>(
        patterns: &[P],
        ascii_case_insensitive: bool,
    ) -> Option<contiguous::NFA> {
        contiguous::Builder::new()
            .ascii_case_insensitive(ascii_case_insensitive)
            .match_kind(MatchKind::Standard)
            .prefilter(false)
            .build(patterns)
            .ok()
    }

    /// The automaton to scan `text` with, `None` when it does not build.
    fn automaton(&self, text: &str) -> Option<&contiguous::NFA> {
        if has_ascii_upper(text.as_bytes()) {
            return self
                .any_case
                .get_or_init(|| Scanner::build(&self.patterns, true))
                .as_ref();
        }
        self.lower
            .get_or_init(|| {
                // Pattern ids stay the patterns' indices.
                let lowered: Vec<Cow<'_, [u8]>> = self
                    .patterns
                    .iter()
                    .map(|p| {
                        if p.iter().any(u8::is_ascii_uppercase) {
                            Cow::Owned(p.to_ascii_lowercase())
                        } else {
                            Cow::Borrowed(p.as_ref())
                        }
                    })
                    .collect();
                Scanner::build(&lowered, false)
            })
            .as_ref()
    }
}

/// Calls `found(pattern, end)` for every occurrence of a pattern of `nfa` in `text`,
/// overlapping, by end offset and then in the automaton's order, until it returns true.
/// Returns false, having called nothing, when the automaton has no unanchored start state
/// (a contiguous NFA always has one): the caller then counts every pattern as present.
///
/// The automaton stepped byte by byte, each state's matches read in place: a standard
/// (overlapping) Aho-Corasick state holds the matches of its whole failure chain
/// (<https://docs.rs/aho-corasick/1.1/aho_corasick/automaton/trait.Automaton.html>). The
/// crate's overlapping iterator returns from its search at every match and checks the index
/// of every byte; most views hold a gate string every few bytes (callgrind, 20 MB generated
/// tree).
fn scan(nfa: &contiguous::NFA, text: &[u8], mut found: impl FnMut(usize, usize) -> bool) -> bool {
    let Ok(mut sid) = nfa.start_state(Anchored::No) else {
        return false;
    };
    let mut report = |sid, end| {
        (0..nfa.match_len(sid)).any(|i| found(nfa.match_pattern(sid, i).as_usize(), end))
    };
    // An empty pattern matches before the first byte.
    if nfa.is_match(sid) && report(sid, 0) {
        return true;
    }
    for (i, &b) in text.iter().enumerate() {
        sid = nfa.next_state(Anchored::No, sid, b);
        if nfa.is_special(sid) {
            if nfa.is_dead(sid) {
                return true;
            }
            if nfa.is_match(sid) && report(sid, i + 1) {
                return true;
            }
        }
    }
    true
}

/// True when `bytes` hold an upper-case ASCII letter (32 bytes at a time, which the compiler
/// vectorizes).
fn has_ascii_upper(bytes: &[u8]) -> bool {
    bytes
        .chunks(32)
        .any(|c| c.iter().fold(false, |up, b| up | b.is_ascii_uppercase()))
}

/// Bits of the filter's index: 2^16 slots, one bit each (8 KiB), a few percent of them set
/// by the built-in strings' prefixes, so most text positions cost no table lookup.
const FILTER_BITS: u32 = 16;

/// Longest prefix a pattern is filed under, in bytes.
const PREFIX: usize = 3;

/// The table key of a prefix (its lower-cased bytes, big-endian in `bytes`, `len` of
/// them): the length mixed in, then multiplied so the filter's index (the top bits) depends
/// on every bit.
fn key(bytes: u64, len: usize) -> u64 {
    (bytes ^ ((len as u64) << 32)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A `Hasher` for keys that are hashes already.
#[derive(Default)]
pub(crate) struct Identity(u64);

/// A map whose keys are hashes already.
pub(crate) type HashKeyed<V> = HashMap<u64, V, BuildHasherDefault<Identity>>;

/// A fast 64-bit hash of `bytes` (the rotate-xor-multiply step of rustc's FxHash, eight
/// bytes at a time, the length as the seed): for deduplicating the gate's strings, where
/// SipHash cost more than the rest of the work. Not for keys an attacker picks to collide
/// (the gate's strings come from the catalog).
pub(crate) fn fast_hash(bytes: &[u8]) -> u64 {
    let step = |h: u64, w: [u8; 8]| {
        (h.rotate_left(5) ^ u64::from_le_bytes(w)).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95)
    };
    // Whole words read in place: a copy of a variable length into the word, for every
    // eight bytes, was a call to `memcpy` each (callgrind).
    let words = bytes.chunks_exact(8);
    let rest = words.remainder();
    let h = words.fold(bytes.len() as u64, |h, c| {
        step(h, c.try_into().expect("eight bytes"))
    });
    if rest.is_empty() {
        return h;
    }
    let mut w = [0u8; 8];
    w[..rest.len()].copy_from_slice(rest);
    step(h, w)
}

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The patterns filed by their first [`PREFIX`] bytes, lower-cased (all of a shorter
/// pattern): each text position looks up the prefixes that start there and compares the
/// patterns filed under them. Building it costs a hash-map entry per pattern; scanning, a
/// few dozen instructions a byte when the prefixes are selective.
#[derive(Debug)]
struct Hashed {
    /// `has_len[n]`: some pattern is filed under a prefix of `n` bytes.
    has_len: [bool; PREFIX + 1],
    /// One bit per slot (the top [`FILTER_BITS`] of a key): set when a prefix's key is there.
    filter: Vec<u64>,
    /// Key -> the patterns filed under it.
    table: HashKeyed<Vec<u32>>,
}

impl Hashed {
    fn new(patterns: &[Cow<'static, [u8]>]) -> Hashed {
        let mut has_len = [false; PREFIX + 1];
        let mut filter = vec![0u64; (1 << FILTER_BITS) / 64];
        let mut table: HashKeyed<Vec<u32>> =
            HashMap::with_capacity_and_hasher(patterns.len(), BuildHasherDefault::default());
        for (i, p) in patterns.iter().enumerate() {
            // The automaton never reports an empty pattern's occurrences either.
            if p.is_empty() {
                continue;
            }
            let len = p.len().min(PREFIX);
            let bytes = p[..len]
                .iter()
                .fold(0u64, |k, &b| (k << 8) | u64::from(b.to_ascii_lowercase()));
            let k = key(bytes, len);
            let slot = (k >> (64 - FILTER_BITS)) as usize;
            filter[slot / 64] |= 1 << (slot % 64);
            table
                .entry(k)
                .or_default()
                .push(u32::try_from(i).expect("fewer than 2^32 patterns"));
            has_len[len] = true;
        }
        Hashed {
            has_len,
            filter,
            table,
        }
    }

    /// Calls `found(pattern, start)` for every occurrence in `text`, by start, until it
    /// returns true.
    fn for_each(
        &self,
        text: &[u8],
        patterns: &[Cow<'static, [u8]>],
        mut found: impl FnMut(usize, usize) -> bool,
    ) {
        for i in 0..text.len() {
            let mut bytes = 0u64;
            for len in 1..=PREFIX.min(text.len() - i) {
                bytes = (bytes << 8) | u64::from(text[i + len - 1].to_ascii_lowercase());
                if !self.has_len[len] {
                    continue;
                }
                let k = key(bytes, len);
                let slot = (k >> (64 - FILTER_BITS)) as usize;
                if self.filter[slot / 64] >> (slot % 64) & 1 == 0 {
                    continue;
                }
                let Some(candidates) = self.table.get(&k) else {
                    continue;
                };
                for &p in candidates {
                    let p = p as usize;
                    let pattern = &patterns[p];
                    if text[i..]
                        .get(..pattern.len())
                        .is_some_and(|w| w.eq_ignore_ascii_case(pattern))
                        && found(p, i)
                    {
                        return;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first `fast_hash`: each eight bytes copied into a word.
    fn fast_hash_by_copy(bytes: &[u8]) -> u64 {
        bytes.chunks(8).fold(bytes.len() as u64, |h, c| {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            (h.rotate_left(5) ^ u64::from_le_bytes(w)).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95)
        })
    }

    #[test]
    fn fast_hash_reads_words_in_place_to_the_same_hash() {
        let mut rng = crate::testing::XorShift::new(16);
        for len in 0..=41 {
            for _ in 0..20 {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| u8::try_from(rng.below(256)).expect("a byte"))
                    .collect();
                assert_eq!(fast_hash(&bytes), fast_hash_by_copy(&bytes), "{bytes:?}");
            }
        }
        assert_eq!(fast_hash(b""), 0);
        assert_ne!(fast_hash(b"rm"), fast_hash(b"rm\0"));
    }

    fn scanner(words: &[&str]) -> Scanner {
        Scanner::new(
            words
                .iter()
                .map(|w| Cow::Owned(w.as_bytes().to_vec()))
                .collect(),
        )
    }

    /// (start, end, pattern) of every occurrence, from the automaton.
    fn by_automaton(s: &Scanner, text: &str) -> Vec<(usize, usize, usize)> {
        let mut v = Vec::new();
        scan(
            s.automaton(text).expect("builds"),
            text.as_bytes(),
            |p, end| {
                v.push((end - s.patterns[p].len(), end, p));
                false
            },
        );
        v.sort_unstable();
        v
    }

    /// The same, from the hash table.
    fn by_table(s: &Scanner, text: &str) -> Vec<(usize, usize, usize)> {
        let mut v = Vec::new();
        Hashed::new(&s.patterns).for_each(text.as_bytes(), &s.patterns, |p, start| {
            v.push((start, start + s.patterns[p].len(), p));
            false
        });
        v.sort_unstable();
        v
    }

    #[test]
    fn both_ways_find_overlapping_matches_ascii_case_insensitively() {
        let words = ["you", "your", "ignore", "Prompt", "ou", "система", "prompt"];
        let s = scanner(&words);
        let text = "You ignore your PROMPT; система, yOu.";
        // `Prompt` and `prompt` both match `PROMPT` (ASCII case folding); `система` matches
        // itself only.
        let expected = vec![
            (0, 3, 0),
            (1, 3, 4),
            (4, 10, 2),
            (11, 14, 0),
            (11, 15, 1),
            (12, 14, 4),
            (16, 22, 3),
            (16, 22, 6),
            (24, 38, 5),
            (40, 43, 0),
            (41, 43, 4),
        ];
        assert_eq!(by_automaton(&s, text), expected);
        assert_eq!(by_table(&s, text), expected);
        assert!(s.any_case.get().is_some());
        assert!(s.lower.get().is_none());
        // The lower-case text: the exact automaton, the same matches.
        let lower = text.to_ascii_lowercase();
        assert_eq!(by_automaton(&s, &lower), expected);
        assert!(s.lower.get().is_some());
        assert_eq!(by_table(&s, &lower), expected);
        // `СИСТЕМА` is not `система`: only ASCII letters fold.
        assert_eq!(by_table(&s, "СИСТЕМА"), vec![]);
        assert!(has_ascii_upper(
            &[b'a'; 40].iter().chain(b"Z").copied().collect::<Vec<_>>()
        ));
        assert!(!has_ascii_upper("ä".repeat(40).as_bytes()));
    }

    #[test]
    fn both_ways_agree_on_generated_texts() {
        // A small alphabet makes overlaps, repeats and shared prefixes common; a xorshift
        // generator keeps the cases the same on every run.
        let mut rng = crate::testing::XorShift::new(0x2545_F491_4F6C_DD1D);
        let mut next = move |n: usize| rng.below(n);
        let alphabet = ["a", "b", "A", "B", "é", " ", "\0", "я"];
        let word = |len: usize, next: &mut dyn FnMut(usize) -> usize| -> String {
            (0..len).map(|_| alphabet[next(alphabet.len())]).collect()
        };
        for case in 0..200 {
            let n = 1 + next(12);
            let words: Vec<String> = (0..n).map(|_| word(1 + next(5), &mut next)).collect();
            let refs: Vec<&str> = words.iter().map(String::as_str).collect();
            let s = scanner(&refs);
            let text = word(next(60), &mut next);
            assert_eq!(
                by_table(&s, &text),
                by_automaton(&s, &text),
                "case {case}: {words:?} in {text:?}"
            );
        }
    }

    #[test]
    fn a_run_reads_small_texts_through_the_table_then_builds_the_automaton() {
        let s = scanner(&["ignore", "rules"]);
        let mut seen = Vec::new();
        assert!(s.for_each("ignore the rules", 0, |p, start| {
            seen.push((p, start));
            false
        }));
        assert_eq!(seen, [(0, 0), (1, 11)]);
        assert!(s.hashed.get().is_some() && s.lower.get().is_none());
        // A text over SMALL_TEXT_BYTES is scanned with the automaton.
        let long = format!("{}rules", " ".repeat(SMALL_TEXT_BYTES));
        seen.clear();
        assert!(s.for_each(&long, 16, |p, start| {
            seen.push((p, start));
            false
        }));
        assert_eq!(seen, [(1, SMALL_TEXT_BYTES)]);
        assert!(s.lower.get().is_some());
        // From then on every text is, and `found` returning true stops the scan.
        seen.clear();
        assert!(
            s.for_each("ignore ignore rules", 16 + long.len(), |p, start| {
                seen.push((p, start));
                true
            })
        );
        assert_eq!(seen, [(0, 0)]);
    }
}

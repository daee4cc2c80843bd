//! The gate: one scan of a text for every rule's keywords and every regex's required
//! literals ([`Gate`]), the literals looked up in the table `build.rs` computed
//! ([`gate_literal_sets`]).

use std::borrow::Cow;
use std::ops::Range;

use super::compiled::PatternRule;
use super::table;
use crate::rules::literals::{Site, required_literal_sets, site_held};
use crate::rules::occurrences::{HashKeyed, Scanner, fast_hash};

/// Which rules of a set run on a text, and which of their regexes may match it, from one scan.
///
/// A rule runs on a text that holds one of its keywords (a rule without keywords always
/// runs). A rule may hold dozens of regexes (one or more per language), and most cannot match
/// a given text: a Russian phrasing needs Cyrillic, a Spanish one starts with a Spanish verb.
/// So each regex's required literal sets (see [`required_literal_sets`]: every match of the
/// regex contains a literal of each) are looked up too; a regex runs, and is compiled on first
/// need, only on a text that holds a literal of each of its sets. Regexes without a finite
/// set of non-empty required literals always run.
///
/// A literal counts only where its [`Site`] holds: the word boundary, white space or non-word
/// character the regex puts next to it (`(?-u:\b)rm\s+` needs `rm` at a word's start with
/// white space after it, which `format` and `rms` are not; `(?m)^curl` needs no word
/// character before `curl`). Short literals such as `rm`, `nc` or `sh` occur
/// inside common words in nearly every text; with their sites, a clean 5 KB AGENTS.md built
/// 22 regexes instead of 32 (callgrind, the whole run: 112.9 M -> 86.0 M instructions; 78.1 M
/// once punctuation and line starts counted too).
///
/// One Aho-Corasick automaton over every keyword and every required literal of the set,
/// scanned once per text. An automaton per rule re-scanned the text once for every rule
/// whose keywords occur, the largest share of a run over a tree (issue 16's profile: 23% of
/// the instructions); one automaton for the keywords and another for the literals scanned
/// each text twice (17% of the instructions on a 2 MB generated tree, callgrind). Requiring
/// every set, not just the rarest, cut regex compilation for a 5 KB AGENTS.md by a fifth
/// (callgrind: 224 M -> 179 M instructions).
#[derive(Debug)]
pub(super) struct Gate {
    /// Every keyword (lower-cased) and every required literal, matched ASCII
    /// case-insensitively as keywords are; the views are lower case, and for a literal a
    /// case-insensitive match can only let its regex run where it cannot match, never skip it.
    /// `None` when the set has none. When its automaton does not build (plain strings
    /// always do), every rule and regex runs, which finds the same matches, only slower.
    scanner: Option<Scanner>,
    /// Pattern index -> the rules that list it as a keyword.
    keyword_rules: Vec<Vec<usize>>,
    /// Pattern index -> the (regex, set bit, site) it satisfies where the [`Site`]'s bits
    /// hold, the regex as its position in the flat numbering of [`Gate::first`].
    literal_regexes: Vec<Vec<(u32, u8, Site)>>,
    /// Pattern index -> the union of its sites in [`Gate::literal_regexes`] (the bits
    /// [`site_held`] is asked for): an occurrence where all of them hold does all that any
    /// later one can.
    sites: Vec<Site>,
    /// Rule index -> true when it has no keywords (it runs on every text).
    keywordless: Vec<bool>,
    /// Rule index -> the flat number of its first regex (one more entry: the total).
    pub(super) first: Vec<usize>,
    /// Flat regex number -> the bits of its literal sets ([`required_literal_sets`]), all of
    /// which a text must satisfy; 0 when the regex has no usable required literals and
    /// always runs.
    pub(super) need: Vec<u8>,
}

/// What one [`Gate::scan`] of a text found.
#[derive(Debug)]
pub(super) struct Scan {
    /// The rules that run on the text (wanted, with a keyword in it or none), ascending.
    pub(super) active: Vec<usize>,
    /// Flat regex number -> the bits of its literal sets the text does not satisfy.
    pub(super) missing: Vec<u8>,
}

impl Gate {
    pub(super) fn new(rules: &[PatternRule]) -> Gate {
        // Every regex's literal sets first, so the tables are sized before they are filled:
        // growing them by doubling cost a third of building them for the built-in rules
        // (callgrind).
        let sets_of: Vec<Vec<Vec<Vec<GateLiteral>>>> = rules
            .iter()
            .map(|pr| {
                pr.rule
                    .matcher
                    .iter()
                    .flat_map(|m| &m.regex)
                    .map(|src| gate_literal_sets(src))
                    .collect()
            })
            .collect();
        let keywords: usize = rules
            .iter()
            .filter_map(|pr| pr.rule.matcher.as_ref())
            .map(|m| m.keywords.len())
            .sum();
        let literals: usize = sets_of.iter().flatten().flatten().map(Vec::len).sum();
        // The built-in rules' literals are borrowed from the build-time table.
        let mut patterns: Vec<Cow<'static, [u8]>> = Vec::with_capacity(keywords + literals);
        // Hash -> the first string with it, then `next` chains the others (collisions).
        let mut index: HashKeyed<usize> = HashKeyed::default();
        index.reserve(keywords + literals);
        let mut next: Vec<usize> = Vec::with_capacity(keywords + literals);
        let mut pattern = |p: Cow<'static, [u8]>| {
            let h = fast_hash(&p);
            let mut at = index.get(&h).copied();
            while let Some(i) = at {
                if patterns[i] == p {
                    return i;
                }
                at = (next[i] != usize::MAX).then_some(next[i]);
            }
            let i = patterns.len();
            patterns.push(p);
            next.push(usize::MAX);
            if let Some(head) = index.insert(h, i) {
                next[i] = head;
            }
            i
        };
        let mut keyword_of: Vec<(usize, usize)> = Vec::with_capacity(keywords);
        let mut literal_of: Vec<(usize, u32, u8, Site)> = Vec::with_capacity(literals);
        let mut keywordless = Vec::with_capacity(rules.len());
        let mut first = Vec::with_capacity(rules.len() + 1);
        let mut need = Vec::new();
        for (r, (pr, regex_sets)) in rules.iter().zip(sets_of).enumerate() {
            first.push(need.len());
            let Some(m) = pr.rule.matcher.as_ref() else {
                keywordless.push(true);
                continue;
            };
            keywordless.push(m.keywords.is_empty());
            for k in &m.keywords {
                keyword_of.push((pattern(Cow::Owned(k.to_lowercase().into_bytes())), r));
            }
            for sets in regex_sets {
                let flat = u32::try_from(need.len()).expect("fewer than 2^32 regexes");
                // At most MAX_SETS (8) sets: the bits fit a byte (shifted in 16 bits, as
                // `1u8 << 8` overflows).
                need.push(u8::try_from((1u16 << sets.len()) - 1).expect("at most 8 sets"));
                for (k, set) in sets.into_iter().enumerate() {
                    let bit = 1u8 << k;
                    for (lit, site) in set {
                        literal_of.push((pattern(lit), flat, bit, site));
                    }
                }
            }
        }
        first.push(need.len());
        let mut keyword_rules: Vec<Vec<usize>> = vec![Vec::new(); patterns.len()];
        for (p, r) in keyword_of {
            if !keyword_rules[p].contains(&r) {
                keyword_rules[p].push(r);
            }
        }
        let mut literal_regexes: Vec<Vec<(u32, u8, Site)>> = vec![Vec::new(); patterns.len()];
        let mut sites: Vec<Site> = vec![0; patterns.len()];
        for (p, flat, bit, site) in literal_of {
            if !literal_regexes[p].contains(&(flat, bit, site)) {
                literal_regexes[p].push((flat, bit, site));
                sites[p] |= site;
            }
        }
        let scanner = (!patterns.is_empty()).then(|| Scanner::new(patterns));
        Gate {
            scanner,
            keyword_rules,
            literal_regexes,
            sites,
            keywordless,
            first,
            need,
        }
    }

    /// Scans `text` once for the rules `want` accepts (by rule index): which of them run on
    /// it, and which literal sets each of their regexes misses. The scan stops once every
    /// wanted rule has a keyword and every regex of theirs all its sets, so common words do
    /// not cost a walk over every one of their occurrences. `run`: the bytes the set scanned
    /// before this text (the scanner reads a run's first texts through its hash table).
    pub(super) fn scan(&self, text: &str, run: usize, want: &[bool]) -> Scan {
        let mut hit = self.keywordless.clone();
        let mut waiting = want.iter().zip(&hit).filter(|&(&w, &h)| w && !h).count();
        // Regexes of rules not wanted start with no set missing, so the scan never waits for
        // them.
        let mut missing = vec![0u8; self.need.len()];
        let mut left = 0usize;
        for r in (0..want.len()).filter(|&r| want[r]) {
            let span = self.first[r]..self.first[r + 1];
            for (m, &need) in missing[span.clone()].iter_mut().zip(&self.need[span]) {
                *m = need;
                left += usize::from(need != 0);
            }
        }
        let complete = match &self.scanner {
            Some(scanner) if waiting > 0 || left > 0 => {
                // A string's first occurrence where its sites hold does all its occurrences
                // can; common ones (`the`, a keyword of a dozen rules) occur hundreds of times
                // in a text.
                let mut seen = vec![0u64; scanner.len().div_ceil(64)];
                scanner.for_each(text, run, |p, start| {
                    if seen[p / 64] >> (p % 64) & 1 == 1 {
                        return false;
                    }
                    let all = self.sites[p];
                    let held = if all == 0 {
                        0
                    } else {
                        site_held(text, start, start + scanner.pattern_len(p), all)
                    };
                    if held == all {
                        seen[p / 64] |= 1 << (p % 64);
                    }
                    for &r in &self.keyword_rules[p] {
                        if want[r] && !hit[r] {
                            hit[r] = true;
                            waiting -= 1;
                        }
                    }
                    for &(flat, bit, site) in &self.literal_regexes[p] {
                        if site & !held != 0 {
                            continue;
                        }
                        let w = &mut missing[flat as usize];
                        if *w & bit != 0 {
                            *w &= !bit;
                            if *w == 0 {
                                left -= 1;
                            }
                        }
                    }
                    waiting == 0 && left == 0
                })
            }
            Some(_) => true,
            None => false,
        };
        if !complete {
            hit.fill(true);
            missing.fill(0);
        }
        Scan {
            active: (0..want.len()).filter(|&r| want[r] && hit[r]).collect(),
            missing,
        }
    }

    /// For each rule of `active` (indices, ascending), the regexes (their index in the rule)
    /// that may match the text `missing` was scanned from, in rule order: those that run
    /// always and those with a literal of each of their required sets in the text.
    pub(super) fn candidates(&self, missing: &[u8], active: &[usize]) -> Vec<Vec<usize>> {
        active
            .iter()
            .map(|&r| {
                let base = self.first[r];
                (base..self.first[r + 1])
                    .filter(|&flat| missing[flat] == 0)
                    .map(|flat| flat - base)
                    .collect()
            })
            .collect()
    }
}
/// The table `build.rs` computed: the hash ([`fast_hash`]) of a regex's source -> its row in
/// `table::REGEXES`. SipHash over the ~420 sources, each looked up once per gate, cost ~1.3 M
/// of a gate's ~7.5 M instructions (callgrind). Two sources with one hash keep the first;
/// the other is then computed when needed, as a user rule's regex is.
static BUILT_LITERALS: std::sync::LazyLock<HashKeyed<u32>> = std::sync::LazyLock::new(|| {
    let mut rows = HashKeyed::default();
    rows.reserve(table::REGEXES.len());
    for (row, &(start, len, ..)) in (0u32..).zip(table::REGEXES) {
        rows.entry(fast_hash(table_source(start, len).as_bytes()))
            .or_insert(row);
    }
    rows
});

/// The range a build-time table entry names by its start and length.
fn span(start: u32, len: u32) -> Range<usize> {
    start as usize..(start + len) as usize
}

/// The source of a regex of the build-time table.
fn table_source(start: u32, len: u32) -> &'static str {
    &table::SOURCE_TEXT[span(start, len)]
}

/// The range of `src`'s literal sets in `table::SETS`, `None` when the table does not hold
/// it.
pub(super) fn built_sets(src: &str) -> Option<Range<usize>> {
    let row = *BUILT_LITERALS.get(&fast_hash(src.as_bytes()))?;
    let (start, len, first, n) = table::REGEXES[row as usize];
    (table_source(start, len) == src).then(|| span(first, n))
}

/// A required literal of a regex as the gate looks for it, with its [`Site`].
type GateLiteral = (Cow<'static, [u8]>, Site);

/// The required literal sets of `src` (see [`required_literal_sets`]): from the table
/// `build.rs` computed for the built-in rules, else computed now (user rules).
pub(super) fn gate_literal_sets(src: &str) -> Vec<Vec<GateLiteral>> {
    match built_sets(src) {
        Some(sets) => table::SETS[sets]
            .iter()
            .map(|&(first, n)| {
                table::LITERALS[span(first, n)]
                    .iter()
                    .map(|&(start, len, site)| {
                        (Cow::Borrowed(&table::LITERAL_BYTES[span(start, len)]), site)
                    })
                    .collect()
            })
            .collect(),
        None => required_literal_sets(src)
            .into_iter()
            .map(|set| {
                set.into_iter()
                    .map(|(l, site)| (Cow::Owned(l), site))
                    .collect()
            })
            .collect(),
    }
}

//! Pattern rules: one scan of each text for every rule's keywords and every regex's
//! required literals ([`Gate`], through [`super::occurrences`]), then the regexes of each
//! triggered rule that the literals allow, compiled on first need: without the lazy DFA
//! while a regex has searched only a few kilobytes, as on one file, and with it after
//! ([`Engine`]); a full build whose prefilter is not fast is timed against one without, and
//! the faster kept ([`Full`]).
//!
//! Why this shape: a `RegexSet` of ~150 Unicode-aware, case-insensitive patterns was measured
//! 50x slower on non-ASCII text (Unicode `\b` in a large set falls back to a slow engine), and
//! compiling every pattern eagerly cost ~66 ms of a 67 ms one-file run. Here a run pays only
//! for the automaton and the regexes whose keywords occur, and within a rule only for the
//! regexes whose required literals occur (see [`Compiled`]).

use std::borrow::Cow;
use std::ops::Range;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use std::sync::atomic::{AtomicU8, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use regex::{Regex, RegexBuilder};
use regex_automata::meta;
use regex_automata::nfa::thompson::WhichCaptures;

use super::Rule;
#[cfg(test)]
use super::literals::required_literals;
use super::literals::{Site, required_literal_sets, site_held, spells_upper_case};
use super::occurrences::{HashKeyed, Scanner, fast_hash};

/// Compiled regexes of one rule, each compiled on first need (which of them run on a text
/// is the set's [`Gate`]'s decision).
#[derive(Debug)]
struct Compiled {
    /// Every regex, compiled on first need.
    regex: Vec<Tiered>,
    sources: Vec<String>,
    /// The rule's `unless` regexes, compiled on its first match (most rules that run on a
    /// text match nothing in it): all of them, so one that does not compile fails the rule
    /// before it reports anything, as compiling them up front did. Built [`Engine::Full`]:
    /// they test one match at a time, and the bounded backtracker pays for clearing its
    /// visited set on every call (~38,000 instructions a call on a 2 MB generated tree,
    /// callgrind), where the lazy DFA's cache carries over.
    unless: OnceLock<Result<Vec<meta::Regex>, String>>,
    unless_sources: Vec<String>,
}

/// One rule regex, built [`Engine::Light`] while it has searched little text and
/// [`Engine::Full`] after. Both find the same matches (every engine of `regex_automata::meta`
/// reports the same leftmost-first matches); they differ only in cost.
#[derive(Debug, Default)]
struct Tiered {
    /// The light build, dropped once the full one exists (a tree's first files build some
    /// 200 of them: ~8 MB of peak RSS on a 1 GB generated tree when they were kept).
    light: Mutex<Option<Result<Arc<meta::Regex>, String>>>,
    full: OnceLock<Result<Full, String>>,
    /// Bytes of text the light build has been asked to search, over every thread.
    searched: AtomicUsize,
}

/// The [`Engine::Full`] builds of one regex, and which of them searches.
///
/// The regex crate starts each search of a regex with a prefilter over the literals its
/// matches begin with. Where those literals are short and common (`in`, `on`, `nl`, `od`,
/// `is`: regex-automata's own `Prefilter::is_fast` calls such a prefilter not fast, yet the
/// core engine still uses it), the prefilter stops every few bytes, and a search cost
/// 6-9 ns a byte on the 20 MB generated tree where the lazy DFA alone reads ~2.2 ns a byte
/// (PL107 #0, PL304 #0, PL301 #4). Elsewhere such a prefilter still wins (PL505 #3: 1.4
/// against 2.1 ns a byte). Which one wins depends on the text, so for a regex whose prefix
/// prefilter is not fast both builds are timed on [`TRIAL_BYTES`] of text each, and the
/// slower one is dropped. Both find the same matches; only the time differs, so the choice
/// changes nothing that is reported.
#[derive(Debug)]
struct Full {
    /// `[with the prefilter, without]`: the builds that exist now (the second only during
    /// and after a trial that chose it).
    builds: [Mutex<Option<Arc<meta::Regex>>>; 2],
    /// Where the trial stands ([`TRIAL_WITH`] .. [`PLAIN`]).
    stage: AtomicU8,
    /// Nanoseconds and bytes each build has searched during the trial.
    nanos: [AtomicU64; 2],
    bytes: [AtomicUsize; 2],
}

/// Bytes of text (256 KiB) each build of a regex searches in its trial ([`Full`]): some
/// milliseconds of searching, against a tree's worth of text the verdict then saves.
const TRIAL_BYTES: usize = 256 << 10;

/// [`Full::stage`]: the build with the prefilter is being timed.
const TRIAL_WITH: u8 = 0;
/// [`Full::stage`]: the build without the prefilter is being timed.
const TRIAL_WITHOUT: u8 = 1;
/// [`Full::stage`]: one thread builds the regex without the prefilter; the build with it
/// searches meanwhile, untimed.
const BUILDING: u8 = 2;
/// [`Full::stage`]: the build with the prefilter searches, for good.
const PREFILTERED: u8 = 3;
/// [`Full::stage`]: the build without the prefilter searches, for good.
const PLAIN: u8 = 4;

/// A rule regex as [`Compiled::regex`] hands it out: a share of one of its builds (which a
/// later one may replace meanwhile), and which build's time to record when it is on trial.
struct Picked {
    regex: Arc<meta::Regex>,
    timed: Option<usize>,
}

impl Full {
    /// Builds `src` with its prefilter, and puts it on trial when that prefilter is not fast.
    fn new(src: &str) -> Result<Full, String> {
        // Parsed once, for the build and for the look at its prefilter.
        let hir = parse(src)?;
        let with = build_from_hir(src, &hir, Engine::Full, true)?;
        let stage = if slow_prefilter(&hir) {
            TRIAL_WITH
        } else {
            PREFILTERED
        };
        Ok(Full {
            builds: [Mutex::new(Some(Arc::new(with))), Mutex::new(None)],
            stage: AtomicU8::new(stage),
            nanos: Default::default(),
            bytes: Default::default(),
        })
    }

    fn slot(&self, k: usize) -> std::sync::MutexGuard<'_, Option<Arc<meta::Regex>>> {
        self.builds[k]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The build to search with now.
    fn pick(&self) -> Picked {
        let stage = self.stage.load(Ordering::Acquire);
        let k = usize::from(stage == TRIAL_WITHOUT || stage == PLAIN);
        // Only a trial's loser is dropped, after the stage moved to the winner. A thread that
        // read the stage before it moved may find its slot empty: the other one then holds
        // the winner. (One lock at a time: two threads never wait on each other.)
        let own = self.slot(k).clone();
        let regex = match own {
            Some(regex) => regex,
            None => self
                .slot(1 - k)
                .clone()
                .expect("the winner of a trial is never dropped"),
        };
        let timed = (stage <= TRIAL_WITHOUT).then_some(k);
        Picked { regex, timed }
    }

    /// Records that build `k` searched `bytes` in `nanos`; moves the trial on when that
    /// build has searched enough (building the other one, or dropping the slower).
    fn record(&self, src: &str, k: usize, nanos: u64, bytes: usize) {
        let at = if k == 0 { TRIAL_WITH } else { TRIAL_WITHOUT };
        // A search that started before the stage moved on reports too late to count.
        if self.stage.load(Ordering::Acquire) != at {
            return;
        }
        self.nanos[k].fetch_add(nanos, Ordering::Relaxed);
        let searched = self.bytes[k].fetch_add(bytes, Ordering::Relaxed) + bytes;
        if searched < TRIAL_BYTES {
            return;
        }
        if k == 0 {
            // Only the thread that moves the stage on builds the other one.
            if self
                .stage
                .compare_exchange(at, BUILDING, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
            {
                let plain = build_plain(src).ok().map(Arc::new);
                let next = if plain.is_some() {
                    TRIAL_WITHOUT
                } else {
                    PREFILTERED
                };
                *self.slot(1) = plain;
                self.stage.store(next, Ordering::Release);
            }
            return;
        }
        let per_byte = |k: usize| {
            self.nanos[k].load(Ordering::Relaxed) as f64
                / self.bytes[k].load(Ordering::Relaxed).max(1) as f64
        };
        let (next, loser) = if per_byte(1) < per_byte(0) {
            (PLAIN, 0)
        } else {
            (PREFILTERED, 1)
        };
        if self
            .stage
            .compare_exchange(at, next, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
        {
            *self.slot(loser) = None;
        }
    }
}

/// True when the literals the matches of `hir` (a parsed rule regex) begin with make a
/// prefilter that regex-automata does not consider fast (some are one or two bytes long):
/// the build with it goes on trial against the build without ([`Full`]). A regex with no
/// prefix prefilter at all searches with the reverse inner or suffix strategy or with the
/// bare lazy DFA, and is left alone.
fn slow_prefilter(hir: &regex_syntax::hir::Hir) -> bool {
    regex_automata::util::prefilter::Prefilter::from_hir_prefix(
        regex_automata::MatchKind::LeftmostFirst,
        hir,
    )
    .is_some_and(|p| !p.is_fast())
}

/// How a rule regex is built, both through [`build`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Engine {
    /// Without the lazy DFA: the PikeVM search (and the one-pass DFA for anchored regexes):
    /// 40% cheaper to build (all 420 built-in regexes: 127 vs 216 ms), far slower per byte
    /// searched (callgrind: ~1.3 M instructions saved per build, ~200 instructions a byte
    /// more to search), which pays off for a regex that searches a few kilobytes in the
    /// whole run, as on one file. Without the bounded backtracker too: it clears a visited
    /// set of (text length x NFA states) bits on every search, which on a 5 KB AGENTS.md
    /// cost more than the PikeVM it spared (callgrind: 117.4 M -> 114.6 M instructions
    /// without it). Prefilters stay: without them the same run took 154.7 M.
    Light,
    /// With the lazy DFA (and its reverse NFA), as the regex crate builds every regex.
    Full,
}

/// A regex searches with its light build until this many bytes (8 KiB) have been asked of
/// it: about where building the full one costs less than searching slowly.
const LIGHT_REGEX_BYTES: usize = 8 << 10;

/// A regex first needed after the set has scanned this many bytes of text (32 KiB, a few
/// agent files) is built [`Engine::Full`] at once: the run is a tree, where nearly every
/// regex searches far more than [`LIGHT_REGEX_BYTES`]. A tree still pays for the light
/// builds of the regexes its first files needed (callgrind, 2 MB generated tree: +5%).
const LIGHT_RUN_BYTES: usize = 32 << 10;

impl Tiered {
    fn light(&self) -> std::sync::MutexGuard<'_, Option<Result<Arc<meta::Regex>, String>>> {
        self.light.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The build to search `len` more bytes with, the set having scanned `run` bytes.
    fn engine(&self, len: usize, run: usize) -> Engine {
        if self.full.get().is_some() {
            return Engine::Full;
        }
        let searched = self.searched.load(Ordering::Relaxed);
        let light = if self.light().is_some() {
            searched + len <= LIGHT_REGEX_BYTES
        } else {
            run <= LIGHT_RUN_BYTES && len <= LIGHT_REGEX_BYTES
        };
        if light { Engine::Light } else { Engine::Full }
    }

    fn get(&self, src: &str, engine: Engine) -> Result<Picked, String> {
        if engine == Engine::Light && self.full.get().is_none() {
            let mut light = self.light();
            return light
                .get_or_insert_with(|| build(src, Engine::Light).map(Arc::new))
                .clone()
                .map(|regex| Picked { regex, timed: None });
        }
        let full = self.full.get_or_init(|| {
            let full = Full::new(src);
            *self.light() = None;
            full
        });
        full.as_ref().map(Full::pick).map_err(String::clone)
    }
}

impl Compiled {
    /// Regex `i`, built for searching a text of `len` bytes when the set has scanned `run`,
    /// and which of its full builds to time when they are on trial (see [`Full`]).
    ///
    /// # Errors
    /// The regex crate's message when the regex does not build.
    fn regex(&self, i: usize, len: usize, run: usize) -> Result<Picked, String> {
        let t = &self.regex[i];
        let engine = t.engine(len, run);
        if engine == Engine::Light {
            t.searched.fetch_add(len, Ordering::Relaxed);
        }
        t.get(&self.sources[i], engine)
    }

    /// Records the time a full build of regex `i` on trial took to search `bytes`.
    fn record(&self, i: usize, k: usize, nanos: u64, bytes: usize) {
        if let Some(Ok(full)) = self.regex[i].full.get() {
            full.record(&self.sources[i], k, nanos, bytes);
        }
    }

    /// Builds regex `i` as [`Compiled::regex`] would pick it, without counting a search.
    fn prepare(&self, i: usize, len: usize, run: usize) {
        let t = &self.regex[i];
        let _ = t.get(&self.sources[i], t.engine(len, run));
    }

    fn unless(&self) -> Result<&[meta::Regex], &String> {
        self.unless
            .get_or_init(|| {
                self.unless_sources
                    .iter()
                    .map(|s| build(s, Engine::Full))
                    .collect()
            })
            .as_ref()
            .map(Vec::as_slice)
    }
}

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
struct Gate {
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
    first: Vec<usize>,
    /// Flat regex number -> the bits of its literal sets ([`required_literal_sets`]), all of
    /// which a text must satisfy; 0 when the regex has no usable required literals and
    /// always runs.
    need: Vec<u8>,
}

/// What one [`Gate::scan`] of a text found.
#[derive(Debug)]
struct Scan {
    /// The rules that run on the text (wanted, with a keyword in it or none), ascending.
    active: Vec<usize>,
    /// Flat regex number -> the bits of its literal sets the text does not satisfy.
    missing: Vec<u8>,
}

impl Gate {
    fn new(rules: &[PatternRule]) -> Gate {
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
    fn scan(&self, text: &str, run: usize, want: &[bool]) -> Scan {
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
    fn candidates(&self, missing: &[u8], active: &[usize]) -> Vec<Vec<usize>> {
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

#[derive(Debug)]
struct PatternRule {
    rule: Arc<Rule>,
    compiled: OnceLock<Result<Compiled, String>>,
}

/// Every pattern rule of a catalog behind one automaton over their keywords and their
/// regexes' required literals ([`Gate`]).
#[derive(Debug)]
pub struct PatternSet {
    rules: Vec<PatternRule>,
    /// Which rules and regexes a text needs, built on the first text scanned.
    gate: OnceLock<Gate>,
    /// Bytes of text scanned so far, over every thread (see [`Engine`]).
    scanned: AtomicUsize,
}

/// Compiles one regex as pattern rules use it: multi-line, with size limits, and
/// case-insensitive when the pattern spells a letter in upper case (user rules may).
///
/// The normalized view is lower case (ASCII lower-cased, everything else NFKC-folded and
/// lower-cased, see [`crate::normalize`]), so a pattern written in lower case matches the same
/// text with or without case folding; the only ASCII letters with other fold-equivalents, `k`
/// (U+212A KELVIN SIGN) and `s` (U+017F LATIN SMALL LETTER LONG S), are folded to ASCII by
/// NFKC before matching. Folding is still costly: it turns every literal into a class, which
/// more than doubled the compile time of the built-in catalog and disables literal
/// prefilters. So it is switched on only for patterns that need it.
///
/// # Errors
/// The regex crate's message.
pub fn compile(src: &str) -> Result<Regex, String> {
    RegexBuilder::new(src)
        .case_insensitive(spells_upper_case(src))
        .multi_line(true)
        .size_limit(crate::bounds::REGEX_SIZE_LIMIT)
        .dfa_size_limit(crate::bounds::REGEX_DFA_SIZE_LIMIT)
        .build()
        .map_err(|e| e.to_string())
}

/// Builds a rule regex for matching: as [`compile`] does (the same syntax and limits, through
/// `regex_automata::meta`, the regex crate's engine, so the matches are the regex crate's),
/// but without capture groups (a rule only needs where a match is: ~7% cheaper to build, and
/// searches no slower) and with the lazy DFA and the bounded backtracker only for
/// [`Engine::Full`].
///
/// # Errors
/// The regex crate's message for `src` (see [`compile`]), so a rule fails with the same
/// words whichever engine built it.
fn build(src: &str, engine: Engine) -> Result<meta::Regex, String> {
    build_with(src, engine, true)
}

/// Builds a rule regex as [`build`] does for [`Engine::Full`], but with regex-automata's
/// automatic prefilters off (see [`Full`]).
///
/// # Errors
/// As [`build`].
fn build_plain(src: &str) -> Result<meta::Regex, String> {
    build_with(src, Engine::Full, false)
}

/// The syntax pattern rules are parsed with: multi-line, case-insensitive when the pattern
/// spells a letter in upper case (see [`compile`]).
fn syntax(src: &str) -> regex_automata::util::syntax::Config {
    regex_automata::util::syntax::Config::new()
        .case_insensitive(spells_upper_case(src))
        .multi_line(true)
        .utf8(true)
}

/// [`build`] and [`build_plain`]: `prefilter` is regex-automata's `auto_prefilter`, which
/// also gates its reverse suffix and reverse inner strategies.
///
/// # Errors
/// As [`build`].
fn build_with(src: &str, engine: Engine, prefilter: bool) -> Result<meta::Regex, String> {
    build_from_hir(src, &parse(src)?, engine, prefilter)
}

/// `src` parsed with the rule syntax ([`syntax`]).
///
/// # Errors
/// The regex crate's message for `src` (see [`build`]).
fn parse(src: &str) -> Result<regex_syntax::hir::Hir, String> {
    regex_automata::util::syntax::parse_with(src, &syntax(src))
        .map_err(|e| regex_crate_message(src, &e))
}

/// The regex crate's message for `src`, which failed to build through
/// `regex_automata::meta` with `error` (used when the regex crate accepts it).
fn regex_crate_message(src: &str, error: &dyn std::fmt::Display) -> String {
    match compile(src) {
        Err(message) => message,
        Ok(_) => error.to_string(),
    }
}

/// [`build_with`] on `hir`, `src` parsed ([`parse`]).
///
/// # Errors
/// As [`build`].
fn build_from_hir(
    src: &str,
    hir: &regex_syntax::hir::Hir,
    engine: Engine,
    prefilter: bool,
) -> Result<meta::Regex, String> {
    let config = meta::Config::new()
        .auto_prefilter(prefilter)
        .match_kind(regex_automata::MatchKind::LeftmostFirst)
        .utf8_empty(true)
        .which_captures(WhichCaptures::Implicit)
        .nfa_size_limit(Some(crate::bounds::REGEX_SIZE_LIMIT))
        .hybrid_cache_capacity(crate::bounds::REGEX_DFA_SIZE_LIMIT)
        .hybrid(engine == Engine::Full)
        .backtrack(engine == Engine::Full);
    meta::Builder::new()
        .configure(config)
        .build_from_hir(hir)
        .map_err(|e| regex_crate_message(src, &e))
}

/// The required literal sets of the built-in regexes, computed by `build.rs` as flat tables
/// of numbers (see its `literal_table` for why not slices).
mod table {
    include!(concat!(env!("OUT_DIR"), "/literals.rs"));
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
fn built_sets(src: &str) -> Option<Range<usize>> {
    let row = *BUILT_LITERALS.get(&fast_hash(src.as_bytes()))?;
    let (start, len, first, n) = table::REGEXES[row as usize];
    (table_source(start, len) == src).then(|| span(first, n))
}

/// A required literal of a regex as the gate looks for it, with its [`Site`].
type GateLiteral = (Cow<'static, [u8]>, Site);

/// The required literal sets of `src` (see [`required_literal_sets`]): from the table
/// `build.rs` computed for the built-in rules, else computed now (user rules).
fn gate_literal_sets(src: &str) -> Vec<Vec<GateLiteral>> {
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

fn compile_rule(rule: &Rule) -> Result<Compiled, String> {
    let m = rule.matcher.as_ref().ok_or("not a pattern rule")?;
    Ok(Compiled {
        regex: m.regex.iter().map(|_| Tiered::default()).collect(),
        sources: m.regex.clone(),
        unless: OnceLock::new(),
        unless_sources: m.unless.clone(),
    })
}

/// Compiles every regex of `rule` now (catalog validation of user rules, and tests).
///
/// # Errors
/// The first regex that does not compile, with the regex crate's message.
pub fn check_regexes(rule: &Rule) -> Result<(), String> {
    let m = rule.matcher.as_ref().ok_or("not a pattern rule")?;
    for src in m.regex.iter().chain(&m.unless) {
        compile(src)?;
    }
    compile_rule(rule).map(|_| ())
}

impl PatternSet {
    /// The pattern rules among `rules`. Nothing is built here: the automaton on the first
    /// text scanned, each regex on first need.
    pub fn new(rules: &[Arc<Rule>]) -> PatternSet {
        PatternSet {
            rules: rules
                .iter()
                .filter(|r| r.matcher.is_some())
                .map(|rule| PatternRule {
                    rule: Arc::clone(rule),
                    compiled: OnceLock::new(),
                })
                .collect(),
            gate: OnceLock::new(),
            scanned: AtomicUsize::new(0),
        }
    }

    /// Number of pattern rules.
    pub fn len(&self) -> usize {
        self.rules.len()
    }

    /// Builds now what the first [`PatternSet::find`] would (the gate: its strings and their
    /// rules and regexes; ~7 M instructions for the built-in catalog, callgrind), so a caller
    /// with a core to spare can do it while the files are found.
    pub fn warm(&self) {
        self.gate.get_or_init(|| Gate::new(&self.rules));
    }

    /// True when there are no pattern rules.
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// Runs every rule that `wanted` accepts and whose keywords occur in `text` (a normalized
    /// view), calling `on_match(rule, range)` for each regex match not vetoed by the rule's
    /// `unless` patterns. Returns the rules whose regexes failed to compile, with the message.
    pub fn find(
        &self,
        text: &str,
        wanted: impl Fn(&Rule) -> bool,
        mut on_match: impl FnMut(&Arc<Rule>, Range<usize>),
    ) -> Vec<(Arc<Rule>, String)> {
        let want: Vec<bool> = self.rules.iter().map(|pr| wanted(&pr.rule)).collect();
        if !want.contains(&true) {
            return Vec::new();
        }
        let gate = self.gate.get_or_init(|| Gate::new(&self.rules));
        let run = self.scanned.fetch_add(text.len(), Ordering::Relaxed);
        let Scan { active, missing } = gate.scan(text, run, &want);
        if active.is_empty() {
            return Vec::new();
        }
        // What this text needs is compiled first, on every core (rayon's pool, shared with
        // the per-file parallelism): the rules that run, then the regexes their literals
        // select. Compiling costs far more than matching, and a one-file run has a core to
        // spare.
        let candidates = gate.candidates(&missing, &active);
        let plans: Vec<(usize, Result<&Compiled, &String>, Vec<usize>)> = active
            .par_iter()
            .zip(candidates)
            .map(|(&i, cands)| {
                let pr = &self.rules[i];
                match pr.compiled.get_or_init(|| compile_rule(&pr.rule)) {
                    Ok(c) => {
                        cands
                            .par_iter()
                            .for_each(|&k| c.prepare(k, text.len(), run));
                        (i, Ok(c), cands)
                    }
                    Err(e) => (i, Err(e), Vec::new()),
                }
            })
            .collect();
        let mut failed = Vec::new();
        'rules: for (i, compiled, candidates) in plans {
            let pr = &self.rules[i];
            let compiled = match compiled {
                Ok(c) => c,
                Err(e) => {
                    failed.push((Arc::clone(&pr.rule), e.clone()));
                    continue;
                }
            };
            // Matches of the rule's earlier regexes: a match fully inside one is not reported
            // again. Each regex's matches come in text order, but a later regex may match
            // before an earlier one's, so every reported range is kept, not just the last end.
            let mut reported: Vec<Range<usize>> = Vec::new();
            for i in candidates {
                let Picked { regex, timed } = match compiled.regex(i, text.len(), run) {
                    Ok(picked) => picked,
                    Err(e) => {
                        failed.push((Arc::clone(&pr.rule), e));
                        continue;
                    }
                };
                let started = timed.map(|k| (k, Instant::now()));
                let found: Vec<Range<usize>> = regex.find_iter(text).map(|m| m.range()).collect();
                if let Some((k, at)) = started {
                    let nanos = u64::try_from(at.elapsed().as_nanos()).unwrap_or(u64::MAX);
                    compiled.record(i, k, nanos, text.len());
                }
                let before = reported.len();
                for m in found {
                    if reported[..before]
                        .iter()
                        .any(|r| r.start <= m.start && m.end <= r.end)
                    {
                        continue;
                    }
                    let unless = match compiled.unless() {
                        Ok(unless) => unless,
                        Err(e) => {
                            failed.push((Arc::clone(&pr.rule), e.clone()));
                            continue 'rules;
                        }
                    };
                    if unless.iter().any(|u| u.is_match(&text[m.clone()])) {
                        continue;
                    }
                    reported.push(m.clone());
                    on_match(&pr.rule, m);
                }
            }
        }
        failed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::literals::{
        NONWORD_AFTER, NONWORD_BEFORE, SPACE_AFTER, SPACE_BEFORE, START_ASCII_BOUNDARY,
        START_BOUNDARY,
    };

    #[test]
    fn upper_case_letters_outside_escapes_switch_folding_on() {
        assert!(!spells_upper_case(r"ignore\s+\S+\W\B\p{Lu}\P{Greek}\pL"));
        assert!(spells_upper_case(r"\s+Ignore"));
        assert!(spells_upper_case("ÜBER"));
        assert!(
            compile("Ignore previous")
                .unwrap()
                .is_match("ignore previous")
        );
        // Lower-case patterns match the lower-case view as they are.
        assert!(
            compile(r"\S+ previous")
                .unwrap()
                .is_match("ignore previous")
        );
        assert!(!compile("ignore").unwrap().is_match("IGNORE"));
    }

    #[test]
    fn light_and_full_builds_find_the_same_matches() {
        let src = r"(?-u:\b)ignore\s+(?:all\s+)?previous\s+\w+";
        let text =
            "please ignore previous rules; ignore all previous instructions. ignore  previous";
        let spans = |engine| -> Vec<Range<usize>> {
            build(src, engine)
                .expect("builds")
                .find_iter(text)
                .map(|m| m.range())
                .collect()
        };
        assert_eq!(spans(Engine::Light), vec![7..28, 30..62]);
        assert_eq!(spans(Engine::Full), vec![7..28, 30..62]);
        // A regex that does not build fails with the regex crate's words, either way.
        let bad = r"ignore (previous";
        let message = compile(bad).expect_err("unclosed group");
        assert!(message.contains("unclosed group"), "{message}");
        assert_eq!(build(bad, Engine::Light).expect_err("fails"), message);
        assert_eq!(build(bad, Engine::Full).expect_err("fails"), message);
    }

    #[test]
    fn a_regex_searches_light_until_it_has_searched_enough() {
        let c = Compiled {
            regex: vec![Tiered::default()],
            sources: vec![r"ignore\s+previous".to_owned()],
            unless: OnceLock::new(),
            unless_sources: Vec::new(),
        };
        let t = &c.regex[0];
        // A handle is light unless it is the full build.
        let light = |p: &Picked| {
            !matches!(t.full.get(), Some(Ok(f))
                if f.slot(0).as_ref().is_some_and(|b| Arc::ptr_eq(b, &p.regex)))
        };
        // A text longer than a light build searches, or a set that has scanned a tree's
        // worth, builds the full one for a regex not built yet.
        assert_eq!(t.engine(LIGHT_REGEX_BYTES + 1, 0), Engine::Full);
        assert_eq!(t.engine(100, LIGHT_RUN_BYTES + 1), Engine::Full);
        // Early in a run: light, and the bytes asked of it add up.
        let re = c.regex(0, 4000, 0).expect("builds");
        assert!(light(&re));
        assert!(t.full.get().is_none());
        let again = c.regex(0, 4000, LIGHT_RUN_BYTES + 1).expect("builds");
        assert!(light(&again));
        assert_eq!(t.searched.load(Ordering::Relaxed), 8000);
        // Past LIGHT_REGEX_BYTES it gives way to the full build, for good, and the light one
        // is dropped once no search holds it.
        let full = c.regex(0, 4000, 0).expect("builds");
        assert!(!light(&full));
        assert!(t.light().is_none());
        assert!(!light(&c.regex(0, 10, 0).expect("builds")));
        assert_eq!(t.searched.load(Ordering::Relaxed), 8000);
        // The handles search alike.
        let text = "so ignore  previous notes";
        let spans = |p: &Picked| {
            p.regex
                .find_iter(text)
                .map(|m| m.range())
                .collect::<Vec<_>>()
        };
        assert_eq!(spans(&re), vec![3..19]);
        assert_eq!(spans(&re), spans(&full));
        // `ignore` makes a fast prefilter: no trial, nothing timed.
        assert_eq!(full.timed, None);
        drop((re, again));
    }

    #[test]
    fn a_slow_prefilter_is_timed_against_none_and_the_slower_build_dropped() {
        // `nl` and `od` are two bytes long: regex-automata calls the prefilter not fast.
        let src = r"(?-u:\b)(?:cat|nl|od|head)\s+\.env";
        let slow = |src: &str| slow_prefilter(&parse(src).expect("parses"));
        assert!(slow(src));
        assert!(!slow(r"(?-u:\b)(?:cat|head)\s+\.env"));
        assert!(!slow(r"\s+\.env"), "no prefix prefilter at all");
        let text = "see: nl  .env, od .envrc, and cat.env";
        let spans = |p: &Picked| -> Vec<Range<usize>> {
            p.regex.find_iter(text).map(|m| m.range()).collect()
        };
        for plain_wins in [true, false] {
            let full = Full::new(src).expect("builds");
            // The prefiltered build searches first, timed as build 0.
            let first = full.pick();
            assert_eq!(first.timed, Some(0));
            assert_eq!(spans(&first), vec![5..13, 15..22]);
            full.record(src, 0, 1000, TRIAL_BYTES - 1);
            assert_eq!(full.stage.load(Ordering::Relaxed), TRIAL_WITH);
            // 256 KiB at 3 ns a byte (1000 + 786,431 ns): the build without goes on trial.
            full.record(src, 0, 786_431, 1);
            assert_eq!(full.stage.load(Ordering::Relaxed), TRIAL_WITHOUT);
            let second = full.pick();
            assert_eq!(second.timed, Some(1));
            assert!(!Arc::ptr_eq(&first.regex, &second.regex));
            assert_eq!(spans(&second), spans(&first));
            // It searches 256 KiB at 2 or 4 ns a byte: the slower build is dropped.
            let nanos = if plain_wins { 2 } else { 4 } * TRIAL_BYTES as u64;
            full.record(src, 1, nanos, TRIAL_BYTES);
            let (stage, winner, loser) = if plain_wins {
                (PLAIN, &second, 0)
            } else {
                (PREFILTERED, &first, 1)
            };
            assert_eq!(full.stage.load(Ordering::Relaxed), stage);
            assert!(full.slot(loser).is_none());
            let last = full.pick();
            assert_eq!(last.timed, None);
            assert!(Arc::ptr_eq(&last.regex, &winner.regex));
            // Records arriving late from other threads change nothing.
            full.record(src, 0, 1, TRIAL_BYTES);
            full.record(src, 1, u64::MAX / 4, TRIAL_BYTES);
            assert_eq!(full.stage.load(Ordering::Relaxed), stage);
            assert!(Arc::ptr_eq(&full.pick().regex, &winner.regex));
        }
    }

    #[test]
    fn a_trial_raced_by_many_threads_always_hands_out_a_build_and_ends_with_one() {
        let src = r"(?-u:\b)(?:cat|nl|od|head)\s+\.env";
        let text = "nl .env and od  .env";
        for round in 0..20u64 {
            let full = Full::new(src).expect("builds");
            std::thread::scope(|s| {
                for t in 0..4u64 {
                    let full = &full;
                    s.spawn(move || {
                        let mut rng = crate::testing::XorShift::new(round * 8 + t + 1);
                        for _ in 0..200 {
                            let picked = full.pick();
                            let found: Vec<Range<usize>> =
                                picked.regex.find_iter(text).map(|m| m.range()).collect();
                            assert_eq!(found, vec![0..7, 12..20]);
                            if let Some(k) = picked.timed {
                                let nanos = u64::try_from(rng.below(5000)).expect("small");
                                full.record(src, k, nanos, TRIAL_BYTES / 16);
                            }
                        }
                    });
                }
            });
            // 4 x 200 searches of 16 KiB are enough for both halves of every trial.
            let stage = full.stage.load(Ordering::Relaxed);
            assert!(stage == PREFILTERED || stage == PLAIN, "stage {stage}");
            let loser = if stage == PLAIN { 0 } else { 1 };
            assert!(full.slot(loser).is_none());
            assert!(full.slot(1 - loser).is_some());
        }
    }

    #[test]
    fn a_later_regex_matching_before_an_earlier_regexs_match_is_reported() {
        let yaml = "id: PL999\nname: two-regexes\nfamily: injection\nseverity: error\nconfidence: high\nsummary: s\nmessage: \"m: {match}\"\nhelp: h\nmatch:\n  keywords: [alpha, beta]\n  regex: ['beta', 'alpha', 'alpha beta']\n";
        let rule: Rule = serde_saphyr::from_str(yaml).expect("rule parses");
        let set = PatternSet::new(&[Arc::new(rule)]);
        let mut got = Vec::new();
        set.find("alpha beta", |_| true, |_, r| got.push(r));
        // `alpha` (regex 2) lies before `beta` (regex 1) and is reported; `alpha beta`
        // (regex 3) covers both and is reported too; nothing is reported twice.
        assert_eq!(got, vec![6..10, 0..5, 0..10]);
    }

    #[test]
    fn a_regex_gated_on_eight_sets_runs_only_where_all_occur() {
        let words = [
            "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
        ];
        let src = words.join(r"\s+");
        assert_eq!(
            gate_literal_sets(&src).len(),
            crate::rules::literals::MAX_SETS
        );
        let yaml = format!(
            "id: PL999\nname: eight\nfamily: injection\nseverity: error\nconfidence: high\nsummary: s\nmessage: \"m: {{match}}\"\nhelp: h\nmatch:\n  regex: ['{src}']\n"
        );
        let rule: Rule = serde_saphyr::from_str(&yaml).expect("rule parses");
        let set = PatternSet::new(&[Arc::new(rule)]);
        let gate = Gate::new(&set.rules);
        assert_eq!(gate.need, [u8::MAX]);
        let cands = |text: &str| {
            let scan = gate.scan(text, 0, &[true]);
            gate.candidates(&scan.missing, &scan.active)
        };
        assert_eq!(cands(&words.join(" ")), [vec![0]]);
        assert_eq!(cands(&words[..8].join(" ")), [Vec::<usize>::new()]);
    }

    #[test]
    fn a_required_literal_counts_only_where_its_site_holds() {
        let yaml = "id: PL999\nname: sited\nfamily: injection\nseverity: error\nconfidence: high\nsummary: s\nmessage: \"m: {match}\"\nhelp: h\nmatch:\n  regex: ['(?-u:\\b)rm\\s+-rf']\n";
        let rule: Rule = serde_saphyr::from_str(yaml).expect("rule parses");
        assert_eq!(
            gate_literal_sets(&rule.matcher.as_ref().expect("pattern rule").regex[0]),
            vec![
                vec![(
                    Cow::<[u8]>::Owned(b"-rf".to_vec()),
                    SPACE_BEFORE | NONWORD_BEFORE
                )],
                vec![(
                    Cow::Owned(b"rm".to_vec()),
                    START_ASCII_BOUNDARY | SPACE_AFTER | NONWORD_AFTER
                )],
            ]
        );
        let set = PatternSet::new(&[Arc::new(rule)]);
        let gate = Gate::new(&set.rules);
        let cands = |text: &str| {
            let scan = gate.scan(text, 0, &[true]);
            gate.candidates(&scan.missing, &scan.active)
        };
        // `rm` inside a word, or not before white space; `-rf` not after it.
        assert_eq!(cands("perform -rf"), [Vec::<usize>::new()]);
        assert_eq!(cands("rm-rf"), [Vec::<usize>::new()]);
        assert_eq!(cands("rm x-rf"), [Vec::<usize>::new()]);
        // A later occurrence at its site still counts, after one that is not.
        assert_eq!(cands("format rm -rf"), [vec![0]]);
        assert_eq!(cands("rm\u{3000}-rf"), [vec![0]]);
        let mut got = Vec::new();
        set.find("perform rm -rf /", |_| true, |_, r| got.push(r));
        assert_eq!(got, vec![8..14]);
    }

    /// Every text under `dir`, recursively (bytes that are not UTF-8 are left out).
    fn texts_under(dir: &std::path::Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("fixtures read").flatten() {
            let path = entry.path();
            if path.is_dir() {
                texts_under(&path, out);
            } else if let Ok(text) = std::fs::read_to_string(&path) {
                out.push(text);
            }
        }
    }

    #[test]
    fn the_gate_never_keeps_a_built_in_regex_from_a_text_it_matches() {
        let rules = crate::rules::Catalog::builtin().rules().to_vec();
        let set = PatternSet::new(&rules);
        let gate = Gate::new(&set.rules);
        let regexes: Vec<Vec<Regex>> = set
            .rules
            .iter()
            .map(|pr| {
                let m = pr.rule.matcher.as_ref().expect("pattern rule");
                m.regex
                    .iter()
                    .map(|src| compile(src).expect("builds"))
                    .collect()
            })
            .collect();
        let mut files = Vec::new();
        texts_under(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures"),
            &mut files,
        );
        assert!(files.len() > 100, "only {} fixture texts", files.len());
        // And every rule's examples, both kinds.
        for rule in &rules {
            for example in rule.examples.matching.iter().chain(&rule.examples.no_match) {
                files.push(String::from_utf8_lossy(&example.bytes()).into_owned());
            }
        }
        // The fixtures' views, then every match alone and between other characters: a word
        // letter, a non-ASCII letter, white space, punctuation, `_` and a digit, a line break.
        let mut texts: Vec<String> = Vec::new();
        for file in &files {
            let norm = crate::normalize::normalize(file);
            for kind in [
                crate::normalize::ViewKind::Text,
                crate::normalize::ViewKind::Prose,
            ] {
                texts.push(norm.view(kind).text.clone());
            }
        }
        let mut matched = Vec::new();
        for text in &texts {
            for (r, rs) in regexes.iter().enumerate() {
                for regex in rs {
                    for m in regex.find_iter(text) {
                        matched.push((r, m.as_str().to_owned()));
                    }
                }
            }
        }
        assert!(matched.len() > 100, "only {} matches", matched.len());
        for (_, m) in &matched {
            for (a, b) in [
                ("x", "x"),
                ("é", "é"),
                (" ", "\u{3000}"),
                ("-", "."),
                ("_", "9"),
                ("\n", "\u{a0}"),
            ] {
                texts.push(format!("{a}{m}{b}"));
            }
            texts.push(m.clone());
        }
        let want = vec![true; set.rules.len()];
        let mut checked = 0;
        for text in &texts {
            let scan = gate.scan(text, 0, &want);
            for (r, rs) in regexes.iter().enumerate() {
                for (k, regex) in rs.iter().enumerate() {
                    if regex.is_match(text) {
                        checked += 1;
                        assert_eq!(
                            scan.missing[gate.first[r] + k],
                            0,
                            "{} #{k} matches {text:?} but the gate keeps it out",
                            set.rules[r].rule.id
                        );
                    }
                }
            }
        }
        assert!(checked > 1000, "only {checked} matches checked");
    }

    #[test]
    fn one_scan_finds_keywords_and_required_literals_together() {
        let rule = |id: &str, keyword: &str, regex: &str| -> Arc<Rule> {
            let yaml = format!(
                "id: {id}\nname: n{id}\nfamily: injection\nseverity: error\nconfidence: high\nsummary: s\nmessage: \"m: {{match}}\"\nhelp: h\nmatch:\n  keywords: [{keyword}]\n  regex: ['{regex}']\n"
            );
            Arc::new(serde_saphyr::from_str(&yaml).expect("rule parses"))
        };
        // `gamma` is PL996's keyword and a required literal of PL997's regex; `alpha` the
        // other way round.
        let set = PatternSet::new(&[
            rule("PL997", "alpha", r"gamma\w*"),
            rule("PL996", "gamma", r"alpha\s+\w+"),
        ]);
        let gate = Gate::new(&set.rules);
        let both = [true, true];
        let scan = gate.scan("gamma only", 0, &both);
        assert_eq!(scan.active, [1]);
        assert_eq!(
            gate.candidates(&scan.missing, &scan.active),
            [Vec::<usize>::new()]
        );
        // Keywords match ASCII case-insensitively, as they always did.
        let scan = gate.scan("Alpha then gamma", 0, &both);
        assert_eq!(scan.active, [0, 1]);
        assert_eq!(
            gate.candidates(&scan.missing, &scan.active),
            [vec![0], vec![0]]
        );
        // A rule not wanted never runs, whatever the text holds.
        let scan = gate.scan("alpha then gamma", 0, &[false, true]);
        assert_eq!(scan.active, [1]);
        let mut got = Vec::new();
        set.find(
            "alpha then gamma",
            |_| true,
            |r, m| got.push((r.id.clone(), m)),
        );
        assert_eq!(
            got,
            [("PL997".to_owned(), 11..16), ("PL996".to_owned(), 0..10)]
        );
        // Warming builds the gate `find` then uses, once.
        let warmed = PatternSet::new(
            &set.rules
                .iter()
                .map(|pr| Arc::clone(&pr.rule))
                .collect::<Vec<_>>(),
        );
        assert!(warmed.gate.get().is_none());
        warmed.warm();
        let built: *const Gate = warmed.gate.get().expect("built");
        let mut again = Vec::new();
        warmed.find(
            "alpha then gamma",
            |_| true,
            |r, m| again.push((r.id.clone(), m)),
        );
        assert_eq!(again, got);
        assert!(std::ptr::eq(built, warmed.gate.get().expect("kept")));
    }

    #[test]
    fn the_build_time_literal_table_matches_the_runtime_computation() {
        let mut n = 0;
        for rule in crate::rules::Catalog::builtin().rules() {
            for src in rule.matcher.iter().flat_map(|m| &m.regex) {
                // Looked up in the table, not computed now.
                assert!(built_sets(src).is_some(), "{}: {src}", rule.id);
                let looked_up = gate_literal_sets(src);
                assert!(
                    looked_up
                        .iter()
                        .flatten()
                        .all(|(l, _)| matches!(l, Cow::Borrowed(_))),
                    "{}: {src}",
                    rule.id
                );
                let owned: Vec<Vec<(Vec<u8>, Site)>> = looked_up
                    .into_iter()
                    .map(|set| set.into_iter().map(|(l, s)| (l.into_owned(), s)).collect())
                    .collect();
                assert_eq!(owned, required_literal_sets(src), "{}: {src}", rule.id);
                n += 1;
            }
        }
        assert!(n > 200, "only {n} regexes");
        // A regex the table does not hold (a user rule) is computed.
        assert_eq!(
            gate_literal_sets(r"\bzzq(?:x|y)"),
            vec![vec![
                (Cow::<[u8]>::Owned(b"zzqx".to_vec()), START_BOUNDARY),
                (Cow::Owned(b"zzqy".to_vec()), START_BOUNDARY)
            ]]
        );
    }

    #[test]
    fn regexes_run_only_where_their_required_literals_occur() {
        let lits = |src: &str| {
            required_literals(src).map(|v| {
                v.into_iter()
                    .map(|l| String::from_utf8(l).expect("utf-8"))
                    .collect::<Vec<_>>()
            })
        };
        assert_eq!(
            lits(r"\b(?:игнорируй|забудь)\s+все"),
            Some(vec!["игнорируй".to_owned(), "забудь".to_owned()])
        );
        // An optional start: the required part after it gates.
        assert_eq!(lits(r"(?:从现在开始)?\s?you"), Some(vec!["you".to_owned()]));
        // Short common prefixes lose to a longer required word.
        assert_eq!(
            lits(r"(?:a|de)\s+(?:tu|vous)\s+(?:eres|êtes)"),
            Some(vec!["eres".to_owned(), "êtes".to_owned()])
        );
        // Alternation: the union of each branch's best set.
        assert_eq!(
            lits(r"(?:x+\s+ignore|forget\s+y)"),
            Some(vec!["ignore".to_owned(), "forget".to_owned()])
        );
        // Nothing required: no gate.
        assert_eq!(lits(r"[а-яa-z]+x?"), None);
        assert_eq!(lits(r"(?:ignore)?\w+"), None);
        let yaml = "id: PL999\nname: two\nfamily: injection\nseverity: error\nconfidence: high\nsummary: s\nmessage: \"m: {match}\"\nhelp: h\nmatch:\n  regex: ['(?:ignora|olvida) todo', 'забудь все', '[^ ]+ x+']\n";
        let rule: Rule = serde_saphyr::from_str(yaml).expect("rule parses");
        let other = yaml.replace("PL999", "PL998").replace(
            "['(?:ignora|olvida) todo', 'забудь все', '[^ ]+ x+']",
            "['todo', 'y+']",
        );
        let other: Rule = serde_saphyr::from_str(&other).expect("rule parses");
        let set = PatternSet::new(&[Arc::new(rule), Arc::new(other)]);
        let gate = Gate::new(&set.rules);
        // The rules have no keywords: each runs whenever it is wanted.
        let cands = |text: &str, rules: &[usize]| {
            let want: Vec<bool> = (0..2).map(|r| rules.contains(&r)).collect();
            let scan = gate.scan(text, 0, &want);
            assert_eq!(scan.active, rules);
            gate.candidates(&scan.missing, &scan.active)
        };
        assert_eq!(cands("please ignore 2 x", &[0]), vec![vec![2]]);
        // `[^ ]+ x+` needs ` x`, which the text lacks.
        assert_eq!(
            cands("olvida todo; забудь все", &[0, 1]),
            vec![vec![0, 1], vec![0]]
        );
        assert_eq!(cands("olvida todo", &[1]), vec![vec![0]]);
        assert_eq!(cands("todo y", &[1]), vec![vec![0, 1]]);
        assert_eq!(
            cands("nothing", &[0, 1]),
            vec![Vec::<usize>::new(), Vec::new()]
        );
        // Choosing candidates compiles nothing.
        assert!(set.rules.iter().all(|r| r.compiled.get().is_none()));
    }
}

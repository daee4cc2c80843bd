//! A pattern rule's regexes, each built on first need: light, then full ([`Tiered`]), a
//! full build whose prefilter is not fast timed against one without ([`Full`]).

use std::sync::atomic::{AtomicU8, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use regex_automata::meta;

use super::build::{Engine, build, build_from_hir, build_plain, parse};
use crate::rules::Rule;

/// Compiled regexes of one rule, each compiled on first need (which of them run on a text
/// is the set's [`Gate`](super::gate::Gate)'s decision).
#[derive(Debug)]
pub(super) struct Compiled {
    /// Every regex, compiled on first need.
    pub(super) regex: Vec<Tiered>,
    pub(super) sources: Vec<String>,
    /// The rule's `unless` regexes, compiled on its first match (most rules that run on a
    /// text match nothing in it): all of them, so one that does not compile fails the rule
    /// before it reports anything, as compiling them up front did. Built [`Engine::Full`]:
    /// they test one match at a time, and the bounded backtracker pays for clearing its
    /// visited set on every call (~38,000 instructions a call on a 2 MB generated tree,
    /// callgrind), where the lazy DFA's cache carries over.
    pub(super) unless: OnceLock<Result<Vec<meta::Regex>, String>>,
    pub(super) unless_sources: Vec<String>,
}

/// One rule regex, built [`Engine::Light`] while it has searched little text and
/// [`Engine::Full`] after. Both find the same matches (every engine of `regex_automata::meta`
/// reports the same leftmost-first matches); they differ only in cost.
#[derive(Debug, Default)]
pub(super) struct Tiered {
    /// The light build, dropped once the full one exists (a tree's first files build some
    /// 200 of them: ~8 MB of peak RSS on a 1 GB generated tree when they were kept).
    light: Mutex<Option<Result<Arc<meta::Regex>, String>>>,
    pub(super) full: OnceLock<Result<Full, String>>,
    /// Bytes of text the light build has been asked to search, over every thread.
    pub(super) searched: AtomicUsize,
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
pub(super) struct Full {
    /// `[with the prefilter, without]`: the builds that exist now (the second only during
    /// and after a trial that chose it).
    builds: [Mutex<Option<Arc<meta::Regex>>>; 2],
    /// Where the trial stands ([`TRIAL_WITH`] .. [`PLAIN`]).
    pub(super) stage: AtomicU8,
    /// Nanoseconds and bytes each build has searched during the trial.
    nanos: [AtomicU64; 2],
    bytes: [AtomicUsize; 2],
}

/// Bytes of text (256 KiB) each build of a regex searches in its trial ([`Full`]): some
/// milliseconds of searching, against a tree's worth of text the verdict then saves.
pub(super) const TRIAL_BYTES: usize = 256 << 10;

/// [`Full::stage`]: the build with the prefilter is being timed.
pub(super) const TRIAL_WITH: u8 = 0;
/// [`Full::stage`]: the build without the prefilter is being timed.
pub(super) const TRIAL_WITHOUT: u8 = 1;
/// [`Full::stage`]: one thread builds the regex without the prefilter; the build with it
/// searches meanwhile, untimed.
const BUILDING: u8 = 2;
/// [`Full::stage`]: the build with the prefilter searches, for good.
pub(super) const PREFILTERED: u8 = 3;
/// [`Full::stage`]: the build without the prefilter searches, for good.
pub(super) const PLAIN: u8 = 4;

/// A rule regex as [`Compiled::regex`] hands it out: a share of one of its builds (which a
/// later one may replace meanwhile), and which build's time to record when it is on trial.
pub(super) struct Picked {
    pub(super) regex: Arc<meta::Regex>,
    pub(super) timed: Option<usize>,
}

impl Full {
    /// Builds `src` with its prefilter, and puts it on trial when that prefilter is not fast.
    pub(super) fn new(src: &str) -> Result<Full, String> {
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

    pub(super) fn slot(&self, k: usize) -> std::sync::MutexGuard<'_, Option<Arc<meta::Regex>>> {
        self.builds[k]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The build to search with now.
    pub(super) fn pick(&self) -> Picked {
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
    pub(super) fn record(&self, src: &str, k: usize, nanos: u64, bytes: usize) {
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
pub(super) fn slow_prefilter(hir: &regex_syntax::hir::Hir) -> bool {
    regex_automata::util::prefilter::Prefilter::from_hir_prefix(
        regex_automata::MatchKind::LeftmostFirst,
        hir,
    )
    .is_some_and(|p| !p.is_fast())
}
/// A regex searches with its light build until this many bytes (8 KiB) have been asked of
/// it: about where building the full one costs less than searching slowly.
pub(super) const LIGHT_REGEX_BYTES: usize = 8 << 10;

/// A regex first needed after the set has scanned this many bytes of text (32 KiB, a few
/// agent files) is built [`Engine::Full`] at once: the run is a tree, where nearly every
/// regex searches far more than [`LIGHT_REGEX_BYTES`]. A tree still pays for the light
/// builds of the regexes its first files needed (callgrind, 2 MB generated tree: +5%).
pub(super) const LIGHT_RUN_BYTES: usize = 32 << 10;

impl Tiered {
    pub(super) fn light(
        &self,
    ) -> std::sync::MutexGuard<'_, Option<Result<Arc<meta::Regex>, String>>> {
        self.light.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The build to search `len` more bytes with, the set having scanned `run` bytes.
    pub(super) fn engine(&self, len: usize, run: usize) -> Engine {
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
    pub(super) fn regex(&self, i: usize, len: usize, run: usize) -> Result<Picked, String> {
        let t = &self.regex[i];
        let engine = t.engine(len, run);
        if engine == Engine::Light {
            t.searched.fetch_add(len, Ordering::Relaxed);
        }
        t.get(&self.sources[i], engine)
    }

    /// Records the time a full build of regex `i` on trial took to search `bytes`.
    pub(super) fn record(&self, i: usize, k: usize, nanos: u64, bytes: usize) {
        if let Some(Ok(full)) = self.regex[i].full.get() {
            full.record(&self.sources[i], k, nanos, bytes);
        }
    }

    /// Builds regex `i` as [`Compiled::regex`] would pick it, without counting a search.
    pub(super) fn prepare(&self, i: usize, len: usize, run: usize) {
        let t = &self.regex[i];
        let _ = t.get(&self.sources[i], t.engine(len, run));
    }

    pub(super) fn unless(&self) -> Result<&[meta::Regex], &String> {
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
#[derive(Debug)]
pub(super) struct PatternRule {
    pub(super) rule: Arc<Rule>,
    pub(super) compiled: OnceLock<Result<Compiled, String>>,
}
pub(super) fn compile_rule(rule: &Rule) -> Result<Compiled, String> {
    let m = rule.matcher.as_ref().ok_or("not a pattern rule")?;
    Ok(Compiled {
        regex: m.regex.iter().map(|_| Tiered::default()).collect(),
        sources: m.regex.clone(),
        unless: OnceLock::new(),
        unless_sources: m.unless.clone(),
    })
}

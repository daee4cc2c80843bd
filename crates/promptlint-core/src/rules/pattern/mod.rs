//! Pattern rules: one scan of each text for every rule's keywords and every regex's
//! required literals ([`Gate`], through [`super::occurrences`]), then the regexes of each
//! triggered rule that the literals allow, compiled on first need: without the lazy DFA
//! while a regex has searched only a few kilobytes, as on one file, and with it after
//! ([`Engine`](build::Engine)); a full build whose prefilter is not fast is timed against
//! one without, and the faster kept ([`Full`](compiled::Full)).
//!
//! Why this shape: a `RegexSet` of ~150 Unicode-aware, case-insensitive patterns was measured
//! 50x slower on non-ASCII text (Unicode `\b` in a large set falls back to a slow engine), and
//! compiling every pattern eagerly cost ~66 ms of a 67 ms one-file run. Here a run pays only
//! for the automaton and the regexes whose keywords occur, and within a rule only for the
//! regexes whose required literals occur (see [`Compiled`]).

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use rayon::prelude::*;

use super::Rule;

mod build;
mod compiled;
mod gate;
/// The required literal sets of the built-in regexes, computed by `build.rs` as flat tables
/// of numbers (see its `literal_table` for why not slices).
mod table;
#[cfg(test)]
mod tests;

pub use build::compile;
use compiled::{Compiled, PatternRule, Picked, compile_rule};
use gate::{Gate, Scan};

/// Every pattern rule of a catalog behind one automaton over their keywords and their
/// regexes' required literals ([`Gate`]).
#[derive(Debug)]
pub struct PatternSet {
    rules: Vec<PatternRule>,
    /// Which rules and regexes a text needs, built on the first text scanned.
    gate: OnceLock<Gate>,
    /// Bytes of text scanned so far, over every thread (see [`Engine`](build::Engine)).
    scanned: AtomicUsize,
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
/// Searches again after a match its caller refused for crossing a boundary, per match.
pub const MAX_RETRIES: usize = 8;

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
        self.find_retrying(text, wanted, |rule, m| {
            on_match(rule, m);
            true
        })
    }

    /// As [`PatternSet::find`], but `on_match` says whether it took the match: `false` when
    /// the match runs across a boundary it must not cross (a sentence, a list item). The
    /// regex then searches again from the next character after the match's start, at most
    /// [`MAX_RETRIES`] times a match: the leftmost match of a lazy pattern can start in the
    /// sentence before the one it belongs to ("Release gate: approved. The agent may publish
    /// without sign-off" first matches from "Release"), and a retry finds the one inside.
    pub fn find_retrying(
        &self,
        text: &str,
        wanted: impl Fn(&Rule) -> bool,
        mut on_match: impl FnMut(&Arc<Rule>, Range<usize>) -> bool,
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
                    if on_match(&pr.rule, m.clone()) {
                        reported.push(m);
                        continue;
                    }
                    // Crossed a boundary: search again from inside it.
                    let mut from = m.start;
                    for _ in 0..MAX_RETRIES {
                        from = crate::source::ceil_char_boundary(text, from + 1);
                        let Some(n) = regex.find(regex_automata::Input::new(text).range(from..))
                        else {
                            break;
                        };
                        let n = n.range();
                        from = n.start;
                        if unless.iter().any(|u| u.is_match(&text[n.clone()])) {
                            continue;
                        }
                        if on_match(&pr.rule, n.clone()) {
                            reported.push(n);
                            break;
                        }
                    }
                }
            }
        }
        failed
    }
}

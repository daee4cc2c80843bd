//! Building a rule regex: [`compile`] (the regex crate, for validation) and [`build`]
//! (`regex_automata::meta`, for matching), light or full ([`Engine`]).

use regex::{Regex, RegexBuilder};
use regex_automata::meta;
use regex_automata::nfa::thompson::WhichCaptures;

use crate::rules::literals::spells_upper_case;

/// How a rule regex is built, both through [`build`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Engine {
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
pub(super) fn build(src: &str, engine: Engine) -> Result<meta::Regex, String> {
    build_with(src, engine, true)
}

/// Builds a rule regex as [`build`] does for [`Engine::Full`], but with regex-automata's
/// automatic prefilters off (see [`Full`](super::compiled::Full)).
///
/// # Errors
/// As [`build`].
pub(super) fn build_plain(src: &str) -> Result<meta::Regex, String> {
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
pub(super) fn parse(src: &str) -> Result<regex_syntax::hir::Hir, String> {
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
pub(super) fn build_from_hir(
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

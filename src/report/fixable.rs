//! What `--fix` would remove for each finding of a file: the one reading shared by
//! [`crate::fix::plan`] (which removes it) and the report (which counts the findings it would
//! fix, for the human summary's `N fixable with --fix` line, as ruff's `[*] N fixable with
//! the --fix option`).

use std::ops::Range;

use crate::finding::Finding;
use crate::rules::native;
use crate::rules::schema::FIX_GUARD_FAMILIES;
use crate::source::{ceil_char_boundary, floor_char_boundary};

/// The byte ranges (one code point each) that `--fix` would delete for each of `findings` of
/// `text` (each with `true` when it is active, not suppressed), in the same order: empty for
/// a suppressed finding, for one of a rule without a fix arm, and for the code points inside
/// the span of a finding of [`FIX_GUARD_FAMILIES`] (an injection or exfiltration snippet
/// needs a human). The rule's own `fix` arm decides what is safe to remove within its span
/// (`crates/promptlint-core/src/rules/native/plnnn_<name>.rs`).
pub fn cuts(text: &str, findings: &[(&Finding, bool)]) -> Vec<Vec<Range<usize>>> {
    let guards = guards(findings);
    findings
        .iter()
        .map(|&(f, active)| {
            let fix = fix_arm(f, active);
            let Some(fix) = fix else {
                return Vec::new();
            };
            let mut out = Vec::new();
            for r in fix(text, f.span.clone()) {
                let Some(piece) = text.get(r.clone()) else {
                    continue;
                };
                for (i, c) in piece.char_indices() {
                    let at = r.start + i;
                    if !guards.iter().any(|g| g.start <= at && at < g.end) {
                        out.push(at..at + c.len_utf8());
                    }
                }
            }
            out
        })
        .collect()
}

/// Bytes of text on each side of a finding's span that [`fixable`] hands to the rule's fix
/// arm: what the four fix arms read around a span (the letters beside a zero-width run, the
/// character before a variation selector, the U+1F3F4 and tags of a subdivision flag) lies
/// within a few code points, while a whole line would make a run of `n` bidi openers on one
/// line cost `n` times the line (PL201's arm looks for each opener's closer, which only
/// `--fix` needs). `tests` check the window against the whole text on every fixture.
const WINDOW: usize = 64;

/// For each of `findings` of `text` (active or not, as in [`cuts`]): whether `--fix` would
/// remove something for it, read from the first [`WINDOW`] bytes of its span and as many
/// around them, so that the count costs each finding its window, not its line.
pub fn fixable(text: &str, findings: &[(&Finding, bool)]) -> Vec<bool> {
    if !findings.iter().any(|(f, _)| f.rule.fixable) {
        return vec![false; findings.len()];
    }
    let guards = guards(findings);
    findings
        .iter()
        .map(|&(f, active)| {
            let fix = fix_arm(f, active);
            let Some(fix) = fix else {
                return false;
            };
            // A span's removable code points start at its start (the opener, the invisible
            // run): its first WINDOW bytes say whether there is one, whatever its length
            // (a bidi override's span runs to the end of what it reverses).
            let start = f.span.start.min(text.len());
            let end = ceil_char_boundary(text, f.span.end.min(start + WINDOW));
            let lo = floor_char_boundary(text, start.saturating_sub(WINDOW));
            let hi = ceil_char_boundary(text, (end + WINDOW).min(text.len()));
            let Some(window) = text.get(lo..hi) else {
                return false;
            };
            fix(window, start - lo..end - lo).into_iter().any(|r| {
                window.get(r.clone()).is_some_and(|piece| {
                    piece.char_indices().any(|(i, _)| {
                        let at = lo + r.start + i;
                        !guards.iter().any(|g| g.start <= at && at < g.end)
                    })
                })
            })
        })
        .collect()
}

/// The spans of the findings of [`FIX_GUARD_FAMILIES`]: no code point inside one is removed.
fn guards(findings: &[(&Finding, bool)]) -> Vec<Range<usize>> {
    findings
        .iter()
        .filter(|(f, _)| FIX_GUARD_FAMILIES.contains(&f.rule.family))
        .map(|(f, _)| f.span.clone())
        .collect()
}

/// The fix arm of an active finding's fixable native rule.
fn fix_arm(f: &Finding, active: bool) -> Option<native::FixFn> {
    (active && f.rule.fixable)
        .then(|| f.rule.native.as_deref())
        .flatten()
        .and_then(native::get)
        .and_then(|c| c.fix)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::Engine;
    use crate::rules::Catalog;

    fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                files(&p, out);
            } else {
                out.push(p);
            }
        }
    }

    #[test]
    fn the_window_answers_as_the_whole_text_on_every_fixture() {
        let catalog = Catalog::builtin();
        let all = catalog.rules().iter().map(|r| r.id.clone()).collect();
        let engine = Engine::new(catalog, all);
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
        let mut paths = Vec::new();
        files(&root, &mut paths);
        let mut fixable_seen = 0;
        for p in &paths {
            let bytes = std::fs::read(p).unwrap();
            let name = p
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let r = crate::pipeline::check_memory(&engine, &name, None, &bytes);
            let judged: Vec<_> = r.findings.iter().map(|l| (&l.finding, true)).collect();
            let whole: Vec<bool> = cuts(&r.text, &judged)
                .iter()
                .map(|c| !c.is_empty())
                .collect();
            assert_eq!(fixable(&r.text, &judged), whole, "{name}");
            fixable_seen += whole.iter().filter(|&&b| b).count();
        }
        assert!(fixable_seen > 10, "{fixable_seen}");
    }

    #[test]
    fn a_line_of_bidi_openers_is_fixable_finding_by_finding() {
        let text = "x\u{202E}".repeat(50);
        let catalog = Catalog::builtin();
        let engine = Engine::new(catalog, std::iter::once("PL201".to_owned()).collect());
        let r = crate::pipeline::check_memory(&engine, "AGENTS.md", None, text.as_bytes());
        assert!(r.findings.len() > 10, "{}", r.findings.len());
        assert!(r.findings.iter().all(|l| l.fixable));
    }
}

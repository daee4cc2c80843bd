//! What `--fix` would remove for each finding of a file: the one reading shared by
//! [`crate::fix::plan`] (which removes it) and the report (which counts the findings it would
//! fix, for the human summary's `N fixable with --fix` line, as ruff's `[*] N fixable with
//! the --fix option`).

use std::ops::Range;

use crate::finding::Finding;
use crate::rules::native;
use crate::rules::schema::FIX_GUARD_FAMILIES;

/// The byte ranges (one code point each) that `--fix` would delete for each of `findings` of
/// `text` (each with `true` when it is active, not suppressed), in the same order: empty for
/// a suppressed finding, for one of a rule without a fix arm, and for the code points inside
/// the span of a finding of [`FIX_GUARD_FAMILIES`] (an injection or exfiltration snippet
/// needs a human). The rule's own `fix` arm decides what is safe to remove within its span
/// (`crates/promptlint-core/src/rules/native/plnnn_<name>.rs`).
pub fn cuts(text: &str, findings: &[(&Finding, bool)]) -> Vec<Vec<Range<usize>>> {
    let guards: Vec<Range<usize>> = findings
        .iter()
        .filter(|(f, _)| FIX_GUARD_FAMILIES.contains(&f.rule.family))
        .map(|(f, _)| f.span.clone())
        .collect();
    findings
        .iter()
        .map(|&(f, active)| {
            let fix = (active && f.rule.fixable)
                .then(|| f.rule.native.as_deref())
                .flatten()
                .and_then(native::get)
                .and_then(|c| c.fix);
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

/// For each of `findings` of `text` (active or not, as in [`cuts`]): whether `--fix` would
/// remove something for it.
pub fn fixable(text: &str, findings: &[(&Finding, bool)]) -> Vec<bool> {
    if !findings.iter().any(|(f, _)| f.rule.fixable) {
        return vec![false; findings.len()];
    }
    cuts(text, findings).iter().map(|c| !c.is_empty()).collect()
}

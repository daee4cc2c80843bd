//! Suppress stage: inline directives, config overrides and the baseline, in that fixed order.
//! The inline directives are the library's ([`crate::directives`], which the embedding API
//! runs too); this module adds the config's per-path overrides and the baseline.
//!
//! Input: one source's findings (with its text and segments), then the whole report for the
//! baseline. Output: the same findings, each with an optional [`Suppression`] that says where it
//! was suppressed and why, plus the findings about directives themselves (`PL806`, `PL807`).
//! Invariants: nothing is dropped (suppressed findings are kept, counted and rendered where the
//! format can say so); the first stage that suppresses a finding is the one recorded; a
//! directive never suppresses an error-level unicode finding on a line the directive itself
//! occupies (the directive could carry the payload); a directive without a reason suppresses
//! nothing; the findings about directives, and PL809 (a check panicked on the file), are never
//! suppressed by a directive.
//!
//! Directive forms (a reason after ` -- ` is required; rule ids, names or families, as
//! `--select` takes them, separated by commas or spaces):
//!
//! ```text
//! <!-- promptlint-disable-next-line PL201 -- reason -->      the next line
//! <!-- promptlint-disable PL101 -- reason -->                to the matching enable, or the end
//! <!-- promptlint-enable PL101 -->
//! <!-- promptlint-disable-file PL305 -- reason -->           the whole file
//! ```
//!
//! Markdown sources take them in HTML comments (not in code, where `<!--` is text); other text
//! sources take the same words after `#` or `//` at the start of a line (JSON only `//`).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use ignore::gitignore::Gitignore;
use serde::{Deserialize, Serialize};

pub use crate::directives::{Directive, FileCtx, Form, NO_REASON, UNUSED, directives};
use crate::finding::{Finding, Severity};
pub use crate::report::{BaselineEntry, Judged};
use crate::report::{Report, SuppressedBy, Suppression, SuppressionKind};

/// One `overrides` entry, resolved.
#[derive(Debug, Clone)]
pub struct PathOverride {
    /// Index in the file (0-based), for messages.
    pub index: usize,
    /// The globs as written.
    pub paths: Vec<String>,
    pub(crate) matcher: Gitignore,
    pub(crate) base: PathBuf,
    /// When set, only these rule ids stay active under the paths.
    pub select: Option<HashSet<String>>,
    /// Rule ids suppressed under the paths.
    pub ignore: HashSet<String>,
    /// Severity by rule id under the paths.
    pub severity: HashMap<String, Severity>,
    /// Why, as written.
    pub reason: Option<String>,
}

impl PathOverride {
    /// True when the display path `path` (relative to the current directory) matches.
    pub fn applies_to(&self, path: &str) -> bool {
        let abs = std::path::absolute(path).unwrap_or_else(|_| Path::new(path).to_path_buf());
        abs.starts_with(&self.base)
            && self
                .matcher
                .matched_path_or_any_parents(&abs, false)
                .is_ignore()
    }
}

/// How a run suppresses findings: whether inline directives count, and the config's per-path
/// overrides.
#[derive(Debug, Clone)]
pub struct Policy {
    /// Honour inline directives (false under `--strict`, where a pull request could add them).
    pub inline: bool,
    /// The config's `overrides`, in file order.
    pub overrides: Vec<PathOverride>,
    /// The config file as shown, for justifications.
    pub config: String,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            inline: true,
            overrides: Vec::new(),
            config: String::new(),
        }
    }
}

impl Policy {
    /// Applies per-path severities, then inline directives, then per-path ignores.
    pub fn apply(&self, ctx: &FileCtx<'_>, findings: Vec<Finding>) -> Vec<Judged> {
        let active: Vec<&PathOverride> = self
            .overrides
            .iter()
            .filter(|o| o.applies_to(ctx.path))
            .collect();
        let mut judged: Vec<Judged> = findings
            .into_iter()
            .map(|f| (self.severity(f, &active), None))
            .collect();
        if self.inline && !ctx.text.is_empty() {
            crate::directives::inline(ctx, &mut judged);
        }
        for (f, s) in &mut judged {
            if s.is_some() {
                continue;
            }
            if let Some(o) = active.iter().find(|o| suppresses(o, &f.rule.id)) {
                *s = Some(Suppression {
                    kind: SuppressionKind::External,
                    by: SuppressedBy::Config,
                    justification: Some(o.reason.as_deref().map_or_else(
                        || {
                            format!(
                                "{} overrides[{}] for {}",
                                self.config,
                                o.index,
                                o.paths.join(", ")
                            )
                        },
                        crate::escape::escape_one_line,
                    )),
                });
            }
        }
        judged
    }

    fn severity(&self, f: Finding, active: &[&PathOverride]) -> Finding {
        let Some((o, &s)) = active
            .iter()
            .rev()
            .find_map(|o| o.severity.get(&f.rule.id).map(|s| (o, s)))
        else {
            return f;
        };
        // A finding that context already lowered (quoted, a template its authors own) keeps
        // the lower of the two.
        let s = if f.context.is_some() {
            s.min(f.severity)
        } else {
            s
        };
        let why = format!(
            "{} sets {} to {s} for {}",
            self.config,
            f.rule.id,
            o.paths.join(", ")
        );
        f.with_severity(s, why)
    }
}

fn suppresses(o: &PathOverride, id: &str) -> bool {
    o.ignore.contains(id) || o.select.as_ref().is_some_and(|s| !s.contains(id))
}

/// A baseline: the findings a repository had when it adopted promptlint. JSON, sorted by
/// path, rule and fingerprint, one entry per finding, so its diffs stay small.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Baseline {
    /// Format version, `1`.
    pub version: u32,
    /// The entries, sorted.
    pub findings: Vec<BaselineEntry>,
}

impl Baseline {
    /// The baseline of `report`: every finding not suppressed inline or by the config (a
    /// finding the baseline already holds is kept).
    pub fn from_report(report: &Report) -> Baseline {
        let mut findings: Vec<BaselineEntry> = report
            .all_findings()
            .filter(|(_, l)| {
                l.suppression
                    .as_ref()
                    .is_none_or(|s| s.by == SuppressedBy::Baseline)
            })
            .map(|(file, l)| BaselineEntry {
                path: file.path.clone(),
                rule: l.finding.rule.id.clone(),
                fingerprint: l.fingerprint.clone(),
                severity: Some(l.finding.severity),
                context: l.finding.context.clone(),
            })
            .collect();
        findings.sort();
        findings.dedup();
        Baseline {
            version: 1,
            findings,
        }
    }

    /// Parses a baseline file.
    ///
    /// # Errors
    /// A message saying what is wrong.
    pub fn parse(text: &str) -> Result<Baseline, String> {
        let b: Baseline = serde_json::from_str(text)
            .map_err(|e| crate::bounds::parser_message(&e.to_string()))?;
        if b.version != 1 {
            return Err(format!("unsupported baseline version {}", b.version));
        }
        Ok(b)
    }

    /// The baseline as pretty JSON with a trailing newline (sorted: stable across runs).
    pub fn to_json(&self) -> String {
        let mut b = self.clone();
        b.findings.sort();
        let mut s = serde_json::to_string_pretty(&b).expect("plain data serializes");
        s.push('\n');
        s
    }
}

/// The baseline stage: suppresses (kind `external`) every active finding whose fingerprint is
/// in `baseline` at the severity its entry recorded or lower, and returns the stale entries: those of a file this run scanned and a rule it
/// ran, whose finding is gone, and those of a file that no longer exists (its path, relative
/// to the current directory as every shown path is, names nothing: the file was deleted or
/// moved). The `<stdin>` of standard input is never a deleted file.
pub fn apply_baseline(report: &mut Report, baseline: &Baseline, name: &str) -> Vec<BaselineEntry> {
    let mut pending: HashMap<&str, &BaselineEntry> = baseline
        .findings
        .iter()
        .map(|e| (e.fingerprint.as_str(), e))
        .collect();
    let mut matched: HashSet<String> = HashSet::new();
    for file in &mut report.files {
        for l in &mut file.findings {
            // An entry covers its finding at the severity it recorded or lower: one that rose
            // since (a lowering cue removed) is a new finding, and its entry is stale.
            let covered = pending
                .get(l.fingerprint.as_str())
                .is_some_and(|e| e.severity.is_none_or(|s| l.finding.severity <= s));
            if covered && pending.remove(l.fingerprint.as_str()).is_some() {
                matched.insert(l.fingerprint.clone());
                if l.suppression.is_none() {
                    l.suppression = Some(Suppression {
                        kind: SuppressionKind::External,
                        by: SuppressedBy::Baseline,
                        justification: Some(format!("in the baseline {name}")),
                    });
                }
            }
        }
    }
    let scanned: HashSet<&str> = report.sources().map(|f| f.path).collect();
    let ran: HashSet<&str> = report.rules.iter().map(|r| r.id.as_str()).collect();
    let mut stale: Vec<BaselineEntry> = pending
        .into_values()
        .filter(|e| {
            let gone = !e.path.starts_with('<')
                && !scanned.contains(e.path.as_str())
                && std::fs::symlink_metadata(&e.path).is_err();
            gone || scanned.contains(e.path.as_str())
                && (ran.is_empty() || ran.contains(e.rule.as_str()))
        })
        .cloned()
        .collect();
    stale.sort();
    stale
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn baseline_json_is_sorted_and_round_trips() {
        let b = Baseline {
            version: 1,
            findings: vec![
                BaselineEntry {
                    path: "b.md".into(),
                    rule: "PL201".into(),
                    fingerprint: "ff".into(),
                    severity: Some(crate::finding::Severity::Note),
                    context: Some("quoted as an example".into()),
                },
                // A baseline written before severities were recorded.
                BaselineEntry {
                    path: "a.md".into(),
                    rule: "PL202".into(),
                    fingerprint: "00".into(),
                    severity: None,
                    context: None,
                },
            ],
        };
        let json = b.to_json();
        assert!(json.find("a.md").unwrap() < json.find("b.md").unwrap());
        let back = Baseline::parse(&json).unwrap();
        assert_eq!(back.findings[0].path, "a.md");
        assert!(Baseline::parse("{\"version\": 2, \"findings\": []}").is_err());
        assert!(Baseline::parse("{\"version\": 1, \"findings\": [], \"x\": 1}").is_err());
    }
}

//! Output limits: at most so many findings of one rule per file, and so many per run.
//!
//! Input: a sorted, fingerprinted [`Report`] whose findings are final (deduplicated and judged
//! by every suppress stage, the baseline included). Output: the same report with the findings
//! over a limit removed and each group of removed findings replaced by one `PL810
//! findings-truncated` finding at the first of them, whose message counts them.
//!
//! Invariants:
//! - the findings kept are the first ones in report order (files by path, then position and
//!   rule id), so the result does not depend on the thread count;
//! - a `PL810` finding's severity is the highest severity among the findings it stands for,
//!   so [`Report::exit_code`] is the same with and without limits for every `--fail-on`;
//! - suppressed and unsuppressed findings are limited apart (a suppressed flood never pushes a
//!   reported finding out), and the `PL810` standing for suppressed findings is suppressed
//!   with the suppression of the first of them, so it never changes the exit code;
//! - every removed finding is counted by exactly one `PL810`: the one of its (file, rule) when
//!   the per-rule limit removed it, else the one of the run;
//! - a `PL810` of a (file, rule) takes one place of the run's limit; the run's own `PL810`
//!   comes on top, so a run lists at most `max_findings + 1` unsuppressed findings and as
//!   many suppressed ones.
//!
//! The limits are applied after `--write-baseline` has recorded every finding (a baseline
//! must hold the findings the output leaves out, or they would come back as new).

use std::collections::HashMap;
use std::sync::Arc;

use super::model::{FileResult, Located, Report};
use crate::finding::{Finding, Severity, fingerprint};
use crate::rules::{Catalog, Rule};

pub use super::model::{DEFAULT_MAX_FINDINGS, DEFAULT_MAX_FINDINGS_PER_RULE, Limits, TRUNCATED};

/// Findings removed by one limit, gathered into the `PL810` that will stand for them.
struct Dropped {
    /// Index of the file of the first removed finding.
    file: usize,
    /// The first removed finding.
    first: Located,
    /// How many were removed.
    count: usize,
    /// Their highest severity.
    severity: Severity,
}

impl Dropped {
    fn new(file: usize, l: Located) -> Dropped {
        Dropped {
            file,
            severity: l.finding.severity,
            first: l,
            count: 1,
        }
    }

    fn add(&mut self, l: &Located) {
        self.count += 1;
        self.severity = self.severity.max(l.finding.severity);
    }
}

fn add(slot: &mut Option<Dropped>, file: usize, l: Located) {
    match slot {
        Some(d) => d.add(&l),
        None => *slot = Some(Dropped::new(file, l)),
    }
}

fn limit(n: usize) -> usize {
    if n == 0 { usize::MAX } else { n }
}

/// The rule `PL810`: the built-in one (a config cannot replace a built-in rule).
fn truncated_rule() -> Arc<Rule> {
    Arc::clone(
        Catalog::builtin()
            .get(TRUNCATED)
            .expect("PL810 is a built-in rule"),
    )
}

fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 { one } else { many }
}

/// The `PL810` finding standing for `d`, in `file`. `what` names the group (`PL805 ` or
/// empty), `place` where they were (`in this file`) and `limit` the limit that removed them.
fn summary(
    rule: &Arc<Rule>,
    file: &FileResult,
    d: Dropped,
    what: &str,
    place: &str,
    limit: &str,
) -> Located {
    let suppressed = if d.first.suppression.is_some() {
        "suppressed "
    } else {
        ""
    };
    let message = format!(
        "{n} more {suppressed}{what}{finding} {place} {were} not reported ({limit})",
        n = d.count,
        finding = plural(d.count, "finding", "findings"),
        were = plural(d.count, "was", "were"),
    );
    // At the span of a finding of this file, so inside its text (which a run no longer holds
    // here: the fingerprint text is set below, so none is read).
    let f = Finding {
        rule: Arc::clone(rule),
        severity: rule.severity,
        span: d.first.finding.span.clone(),
        message,
        label: None,
        matched: String::new(),
        context: None,
        related: Vec::new(),
        key_path: None,
    }
    .with_label("findings over the limit")
    .with_matched(format!("{suppressed}{what}{place}"))
    .with_severity(
        d.severity,
        "the highest severity of the findings it stands for",
    );
    let mut l = Located::new(f, d.first.start, d.first.end);
    l.fingerprint = fingerprint(TRUNCATED, &file.path, &l.finding.matched, 0);
    l.suppression = d.first.suppression.clone();
    l
}

fn sort(findings: &mut [Located]) {
    findings.sort_by(|a, b| {
        (a.start, a.end, &a.finding.rule.id).cmp(&(b.start, b.end, &b.finding.rule.id))
    });
}

impl Report {
    /// Leaves out the findings below `severity` or of a rule below `confidence`
    /// (`--min-severity`, `--min-confidence`), suppressed ones too, counting the unsuppressed
    /// ones left out in [`Report::below_threshold`]. They no longer count towards the exit
    /// code, as zizmor's `--min-severity` and `--min-confidence` filter its findings.
    pub fn keep_at_least(&mut self, severity: Severity, confidence: crate::severity::Confidence) {
        for file in &mut self.files {
            let before = file
                .findings
                .iter()
                .filter(|l| l.suppression.is_none())
                .count();
            file.findings.retain(|l| {
                l.finding.severity >= severity && l.finding.rule.confidence >= confidence
            });
            let after = file
                .findings
                .iter()
                .filter(|l| l.suppression.is_none())
                .count();
            self.below_threshold += before - after;
        }
    }

    /// Applies `limits` (see the module docs) and adds to [`Report::truncated`] how many
    /// findings were removed. Call it once, on the final report: `PL810` findings are never
    /// removed by a per-rule limit, but a second call would count the run's own `PL810` as over
    /// the run's limit.
    pub fn truncate(&mut self, limits: Limits) {
        let per_rule = limit(limits.per_rule);
        let per_run = limit(limits.per_run);
        let rule = truncated_rule();
        // Places of the run's limit taken, and what it removed: [unsuppressed, suppressed].
        let mut taken = [0usize; 2];
        let mut run: [Option<Dropped>; 2] = [None, None];
        let mut removed = 0usize;
        for (i, file) in self.files.iter_mut().enumerate() {
            if file.findings.is_empty() {
                continue;
            }
            let mut kept_of: HashMap<(String, usize), usize> = HashMap::new();
            let mut groups: Vec<((String, usize), Dropped)> = Vec::new();
            let mut kept = Vec::with_capacity(file.findings.len().min(per_rule));
            for l in std::mem::take(&mut file.findings) {
                let s = usize::from(l.suppression.is_some());
                let key = (l.finding.rule.id.clone(), s);
                let n = kept_of.entry(key.clone()).or_insert(0);
                if *n < per_rule || l.finding.rule.id == TRUNCATED {
                    if taken[s] < per_run {
                        *n += 1;
                        taken[s] += 1;
                        kept.push(l);
                    } else {
                        removed += 1;
                        add(&mut run[s], i, l);
                    }
                    continue;
                }
                removed += 1;
                if let Some((_, d)) = groups.iter_mut().find(|(k, _)| *k == key) {
                    d.add(&l);
                } else if taken[s] < per_run {
                    taken[s] += 1;
                    groups.push((key, Dropped::new(i, l)));
                } else {
                    add(&mut run[s], i, l);
                }
            }
            for ((id, _), d) in groups {
                let what = format!("{id} ");
                let limit = format!("limit {} per rule and file", limits.per_rule);
                kept.push(summary(&rule, file, d, &what, "in this file", &limit));
            }
            sort(&mut kept);
            file.findings = kept;
        }
        for d in run.into_iter().flatten() {
            let i = d.file;
            let limit = format!("limit {} per run", limits.per_run);
            let place = "in this and later files";
            let l = summary(&rule, &self.files[i], d, "", place, &limit);
            self.files[i].findings.push(l);
            sort(&mut self.files[i].findings);
        }
        self.truncated += removed;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::Engine;
    use crate::kind::FileKind;
    use crate::pipeline::check_memory;

    fn log_report(lines: usize) -> Report {
        let engine = Engine::new(
            Catalog::builtin(),
            std::iter::once("PL805".to_owned()).collect(),
        );
        let text = "not json\n".repeat(lines);
        let f = check_memory(
            &engine,
            "requests.jsonl",
            Some(FileKind::RequestLog),
            text.as_bytes(),
        );
        Report::new(vec![f], Vec::new())
    }

    fn ids(r: &Report) -> Vec<(String, String)> {
        r.findings()
            .map(|(_, l)| (l.finding.rule.id.clone(), l.finding.message.clone()))
            .collect()
    }

    #[test]
    fn findings_over_the_per_rule_limit_become_one_summary() {
        let mut r = log_report(7);
        r.truncate(Limits {
            per_rule: 3,
            per_run: 0,
        });
        let got = ids(&r);
        assert_eq!(got.len(), 4, "{got:?}");
        assert!(got[..3].iter().all(|(id, _)| id == "PL805"));
        assert_eq!(got[3].0, "PL810");
        assert_eq!(
            got[3].1,
            "4 more PL805 findings in this file were not reported (limit 3 per rule and file)"
        );
        assert_eq!(r.truncated, 4);
        // At the first removed finding: line 4.
        let (_, l) = r.findings().nth(3).unwrap();
        assert_eq!(l.start.line, 4);
    }

    #[test]
    fn the_summary_takes_the_highest_severity_it_stands_for() {
        use crate::report::FailOn;
        let mut r = log_report(7);
        // One error among the findings left out, none among those kept.
        r.files[0].findings[5].finding.severity = Severity::Error;
        let before: Vec<_> = [FailOn::Error, FailOn::Warning, FailOn::Note, FailOn::Never]
            .iter()
            .map(|&f| r.exit_code(f))
            .collect();
        r.truncate(Limits {
            per_rule: 3,
            per_run: 0,
        });
        let after: Vec<_> = [FailOn::Error, FailOn::Warning, FailOn::Note, FailOn::Never]
            .iter()
            .map(|&f| r.exit_code(f))
            .collect();
        use crate::report::Exit::{Clean, Findings};
        assert_eq!(before, vec![Findings, Findings, Findings, Clean]);
        assert_eq!(before, after);
        let (_, s) = r.findings().last().unwrap();
        assert_eq!(s.finding.rule.id, TRUNCATED);
        assert_eq!(s.finding.severity, Severity::Error);
        assert_eq!(
            s.finding.context.as_deref(),
            Some("the highest severity of the findings it stands for")
        );
    }

    #[test]
    fn no_limit_keeps_everything() {
        let mut r = log_report(150);
        r.truncate(Limits::NONE);
        assert_eq!(r.findings().count(), 150);
        assert_eq!(r.truncated, 0);
    }
}

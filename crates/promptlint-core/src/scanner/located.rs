//! What the embedding API adds to the engine's findings for one file, as the command line's
//! report does (its `report::model` and `report::limit`, which `tests/embed.rs` holds this to):
//! positions, report order, fingerprints, and the default output limits with their `PL810`.

use std::collections::HashMap;
use std::sync::Arc;

use crate::directives::{Judged, Suppression};
use crate::finding::{Finding, fingerprint};
use crate::rules::{Catalog, Rule};
use crate::source::{LineIndex, Position};

/// A judged finding with its positions and fingerprint, as the command line's report holds it.
pub(super) struct Located {
    pub(super) finding: Finding,
    pub(super) start: Position,
    pub(super) end: Position,
    pub(super) fingerprint: String,
    pub(super) suppression: Option<Suppression>,
}

/// Positions, in report order: position, then rule id.
pub(super) fn locate(text: &str, judged: Vec<Judged>) -> Vec<Located> {
    if judged.is_empty() {
        return Vec::new();
    }
    let lines = LineIndex::new(text);
    let offsets: Vec<usize> = judged
        .iter()
        .flat_map(|(f, _)| [f.span.start, f.span.end])
        .collect();
    let positions = lines.positions(text, &offsets);
    let mut out: Vec<Located> = judged
        .into_iter()
        .zip(positions.chunks(2))
        .map(|((finding, suppression), p)| Located {
            finding,
            start: p[0],
            end: p[1],
            fingerprint: String::new(),
            suppression,
        })
        .collect();
    sort(&mut out);
    out
}

fn sort(located: &mut [Located]) {
    located.sort_by(|a, b| {
        (a.start, a.end, &a.finding.rule.id).cmp(&(b.start, b.end, &b.finding.rule.id))
    });
}

/// Fingerprints over the rule, the path, the matched text and its occurrence in the file.
pub(super) fn fingerprinted(path: &str, mut located: Vec<Located>) -> Vec<Located> {
    let mut seen: HashMap<(String, String), usize> = HashMap::new();
    for l in &mut located {
        let key = (l.finding.rule.id.clone(), l.finding.matched.clone());
        let n = seen.entry(key).or_insert(0);
        l.fingerprint = fingerprint(&l.finding.rule.id, path, &l.finding.matched, *n);
        *n += 1;
    }
    located
}

/// The command line's default `--max-findings-per-rule`.
pub const MAX_FINDINGS_PER_RULE: usize = 100;
/// The command line's default `--max-findings`.
pub const MAX_FINDINGS: usize = 10_000;
/// The rule that stands for the findings over a limit.
const TRUNCATED: &str = "PL810";

/// Findings removed by one limit, gathered into the `PL810` that stands for them.
struct Dropped {
    first: Located,
    count: usize,
    severity: crate::finding::Severity,
}

impl Dropped {
    fn add(slot: &mut Option<Dropped>, l: Located) {
        match slot {
            Some(d) => {
                d.count += 1;
                d.severity = d.severity.max(l.finding.severity);
            }
            None => {
                *slot = Some(Dropped {
                    severity: l.finding.severity,
                    first: l,
                    count: 1,
                });
            }
        }
    }
}

/// The command line's default output limits on one file (its `report::limit`, which a test
/// of `tests/embed.rs` holds this to): at most [`MAX_FINDINGS_PER_RULE`] findings of one rule
/// and [`MAX_FINDINGS`] in all, suppressed and unsuppressed ones apart, each group over a
/// limit replaced by one `PL810` at its first finding, at the highest severity it stands for.
pub(super) fn limit(path: &str, located: Vec<Located>) -> Vec<Located> {
    let Some(rule) = Catalog::builtin().get(TRUNCATED).map(Arc::clone) else {
        return located;
    };
    let mut taken = [0usize; 2];
    let mut run: [Option<Dropped>; 2] = [None, None];
    let mut kept_of: HashMap<(String, usize), usize> = HashMap::new();
    let mut groups: Vec<((String, usize), Option<Dropped>)> = Vec::new();
    let mut kept = Vec::with_capacity(located.len().min(MAX_FINDINGS_PER_RULE));
    for l in located {
        let s = usize::from(l.suppression.is_some());
        let key = (l.finding.rule.id.clone(), s);
        let n = kept_of.entry(key.clone()).or_insert(0);
        if *n < MAX_FINDINGS_PER_RULE || l.finding.rule.id == TRUNCATED {
            if taken[s] < MAX_FINDINGS {
                *n += 1;
                taken[s] += 1;
                kept.push(l);
            } else {
                Dropped::add(&mut run[s], l);
            }
            continue;
        }
        if let Some((_, d)) = groups.iter_mut().find(|(k, _)| *k == key) {
            Dropped::add(d, l);
        } else if taken[s] < MAX_FINDINGS {
            taken[s] += 1;
            let mut d = None;
            Dropped::add(&mut d, l);
            groups.push((key, d));
        } else {
            Dropped::add(&mut run[s], l);
        }
    }
    for ((id, _), d) in groups {
        if let Some(d) = d {
            let limit = format!("limit {MAX_FINDINGS_PER_RULE} per rule and file");
            kept.push(summary(
                &rule,
                path,
                d,
                &format!("{id} "),
                "in this file",
                &limit,
            ));
        }
    }
    sort(&mut kept);
    for d in run.into_iter().flatten() {
        let limit = format!("limit {MAX_FINDINGS} per run");
        kept.push(summary(
            &rule,
            path,
            d,
            "",
            "in this and later files",
            &limit,
        ));
        sort(&mut kept);
    }
    kept
}

/// The `PL810` finding standing for `d`.
fn summary(
    rule: &Arc<Rule>,
    path: &str,
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
    let plural = |one: &'static str, many: &'static str| if d.count == 1 { one } else { many };
    let message = format!(
        "{n} more {suppressed}{what}{finding} {place} {were} not reported ({limit})",
        n = d.count,
        finding = plural("finding", "findings"),
        were = plural("was", "were"),
    );
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
    Located {
        fingerprint: fingerprint(TRUNCATED, path, &f.matched, 0),
        start: d.first.start,
        end: d.first.end,
        suppression: d.first.suppression.clone(),
        finding: f,
    }
}

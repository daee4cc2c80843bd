//! The rule catalog: the rules in effect, looked up by id, name or family, with their
//! compiled pattern matchers. Loading and validating rule files is [`super::loader`]'s.

use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

use super::pattern::PatternSet;
use super::{Family, Rule};
use crate::normalize::ViewKind;

pub use crate::data::embedded_files;

/// The set of rules in effect, with their compiled pattern matcher.
#[derive(Debug, Default)]
pub struct Catalog {
    rules: Vec<Arc<Rule>>,
    /// Pattern matchers for the text view and the prose view, built on first use.
    patterns: [OnceLock<PatternSet>; 2],
}

impl Catalog {
    /// A catalog of `rules` (already validated), e.g. the built-ins plus a user's.
    pub fn from_rules(mut rules: Vec<Arc<Rule>>) -> Catalog {
        rules.sort_by(|a, b| a.id.cmp(&b.id));
        Catalog {
            rules,
            patterns: [OnceLock::new(), OnceLock::new()],
        }
    }

    /// All rules, sorted by id.
    pub fn rules(&self) -> &[Arc<Rule>] {
        &self.rules
    }

    /// The rule with this id (`PL201`) or name (`bidi-control`).
    pub fn get(&self, id_or_name: &str) -> Option<&Arc<Rule>> {
        self.rules
            .iter()
            .find(|r| r.id.eq_ignore_ascii_case(id_or_name) || r.name == id_or_name)
    }

    /// Rules named by a selector: a rule id, a rule name, or a family name.
    ///
    /// # Errors
    /// A message naming the selector when it matches nothing.
    pub fn select(&self, selector: &str) -> Result<Vec<Arc<Rule>>, String> {
        if let Some(r) = self.get(selector) {
            return Ok(vec![Arc::clone(r)]);
        }
        if let Ok(family) = selector.parse::<Family>() {
            return Ok(self
                .rules
                .iter()
                .filter(|r| r.family == family)
                .cloned()
                .collect());
        }
        Err(format!(
            "unknown rule or family `{selector}` (see `promptlint rules`)"
        ))
    }

    /// The ids of the rules enabled by `select` and `ignore`: lists of rule ids, names or
    /// families, each item possibly a comma-separated list; an empty `select` is every rule.
    ///
    /// # Errors
    /// The message of [`Catalog::select`] for the first selector that names nothing.
    pub fn enabled(&self, select: &[String], ignore: &[String]) -> Result<HashSet<String>, String> {
        let resolve = |sels: &[String]| -> Result<HashSet<String>, String> {
            let mut ids = HashSet::new();
            for s in sels
                .iter()
                .flat_map(|s| s.split(','))
                .map(str::trim)
                .filter(|s| !s.is_empty())
            {
                for r in self.select(s)? {
                    ids.insert(r.id.clone());
                }
            }
            Ok(ids)
        };
        let mut enabled: HashSet<String> = if select.is_empty() {
            self.rules.iter().map(|r| r.id.clone()).collect()
        } else {
            resolve(select)?
        };
        for id in resolve(ignore)? {
            enabled.remove(&id);
        }
        Ok(enabled)
    }

    /// Builds both views' [`PatternSet`]s and their gates now ([`PatternSet::warm`]).
    pub fn warm(&self) {
        for view in [ViewKind::Text, ViewKind::Prose] {
            self.patterns(view).warm();
        }
    }

    /// The keyword automaton over the pattern rules that match on `view`, built on first use.
    pub fn patterns(&self, view: ViewKind) -> &PatternSet {
        let slot = match view {
            ViewKind::Text => 0,
            ViewKind::Prose => 1,
        };
        self.patterns[slot].get_or_init(|| {
            let rules: Vec<_> = self
                .rules
                .iter()
                .filter(|r| r.view == view)
                .cloned()
                .collect();
            PatternSet::new(&rules)
        })
    }
}

/// One row of `promptlint rules`: what the listing shows of a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleRow<'a> {
    /// `PL101`.
    pub id: &'a str,
    /// `override-instructions`.
    pub name: &'a str,
    /// The family's name (`injection`).
    pub family: &'a str,
    /// `error`, `warning` or `note`.
    pub severity: &'a str,
    /// `low`, `medium` or `high`.
    pub confidence: &'a str,
    /// The one-line summary, trimmed.
    pub summary: &'a str,
    /// Whether `--fix` can fix it.
    pub fixable: bool,
}

impl<'a> RuleRow<'a> {
    /// The row of `rule`.
    pub fn of(rule: &'a Rule) -> RuleRow<'a> {
        RuleRow {
            id: &rule.id,
            name: &rule.name,
            family: rule.family.as_str(),
            severity: rule.severity.as_str(),
            confidence: rule.confidence.as_str(),
            summary: rule.summary.trim(),
            fixable: rule.fixable,
        }
    }
}

/// The built-in catalog's rows, read at build time ([`crate::data::embedded_rule_rows`]):
/// what [`Catalog::builtin`] would give through [`RuleRow::of`], without parsing a rule. The
/// listing is most of `promptlint rules` (parsing the catalog took ~6.4 M instructions of its
/// ~8 M, callgrind).
pub fn builtin_rows() -> Vec<RuleRow<'static>> {
    crate::data::embedded_rule_rows()
        .iter()
        .map(
            |&(id, name, family, severity, confidence, summary, fixable)| RuleRow {
                id,
                name,
                family,
                severity,
                confidence,
                summary: summary.trim(),
                fixable,
            },
        )
        .collect()
}

/// Rows as an aligned text table: id, name, family, severity, summary.
pub fn table(rows: &[RuleRow<'_>]) -> String {
    use std::fmt::Write as _;
    let w = rows.iter().map(|r| r.name.len()).max().unwrap_or(4).max(4);
    let mut out = format!(
        "{:<6} {:<w$} {:<10} {:<8} {:<10} SUMMARY\n",
        "ID", "NAME", "FAMILY", "SEVERITY", "CONFIDENCE"
    );
    for r in rows {
        let _ = writeln!(
            out,
            "{:<6} {:<w$} {:<10} {:<8} {:<10} {}",
            r.id, r.name, r.family, r.severity, r.confidence, r.summary
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_build_time_rows_are_the_parsed_catalogs() {
        let parsed: Vec<RuleRow<'_>> = Catalog::builtin()
            .rules()
            .iter()
            .map(|r| RuleRow::of(r))
            .collect();
        assert_eq!(builtin_rows(), parsed);
        assert!(parsed.len() > 50, "{} rules", parsed.len());
        let pl101 = parsed.iter().find(|r| r.id == "PL101").expect("PL101");
        assert_eq!(
            (pl101.name, pl101.family, pl101.severity, pl101.confidence),
            ("override-instructions", "injection", "error", "high")
        );
    }

    #[test]
    fn the_table_aligns_names_to_the_longest() {
        let row = |id, name| RuleRow {
            id,
            name,
            family: "hygiene",
            severity: "note",
            confidence: "low",
            summary: "s",
            fixable: false,
        };
        assert_eq!(
            table(&[row("PL901", "a"), row("PL902", "longer-name")]),
            "ID     NAME        FAMILY     SEVERITY CONFIDENCE SUMMARY\n\
             PL901  a           hygiene    note     low        s\n\
             PL902  longer-name hygiene    note     low        s\n"
        );
    }
}

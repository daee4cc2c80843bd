//! The rule catalog's own tests: every rule file loads, every regex compiles, every native
//! check has a rule, and every rule's examples do what they say. All failures are reported
//! together, not just the first.

// Test code: a failed unwrap is a failed test; helpers are `pub` for the test files.
#![allow(clippy::unwrap_used, unreachable_pub)]

use std::collections::HashSet;

use promptlint::finding::{Finding, Severity};
use promptlint::pipeline::run_example;
use promptlint::rules::catalog::embedded_files;
use promptlint::rules::loader::is_rule_path;
use promptlint::rules::native::NATIVE_CHECKS;
use promptlint::rules::{Catalog, pattern};

#[test]
fn every_rule_file_loads_and_every_regex_compiles() {
    let catalog = Catalog::builtin();
    let rule_files = embedded_files()
        .iter()
        .filter(|(p, _)| is_rule_path(p))
        .count();
    assert_eq!(catalog.rules().len(), rule_files);
    let mut failures = Vec::new();
    for rule in catalog.rules() {
        if rule.matcher.is_some()
            && let Err(e) = pattern::check_regexes(rule)
        {
            failures.push(format!("{}: regex does not compile: {e}", rule.id));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_native_check_has_a_rule_and_every_native_rule_a_check() {
    let catalog = Catalog::builtin();
    let used: HashSet<&str> = catalog
        .rules()
        .iter()
        .filter_map(|r| r.native.as_deref())
        .collect();
    for check in NATIVE_CHECKS {
        assert!(
            used.contains(check.name),
            "native check {} has no rule file",
            check.name
        );
    }
    for name in used {
        assert!(
            NATIVE_CHECKS.iter().any(|c| c.name == name),
            "native: {name} names no check"
        );
    }
}

#[test]
fn every_rule_has_two_examples_of_each_kind_and_they_hold() {
    let catalog = Catalog::builtin();
    let mut failures = Vec::new();
    for rule in catalog.rules() {
        let ex = &rule.examples;
        if ex.matching.len() < 2 || ex.no_match.len() < 2 {
            failures.push(format!(
                "{} {}: needs at least 2 match and 2 no_match examples (has {} and {})",
                rule.id,
                rule.name,
                ex.matching.len(),
                ex.no_match.len()
            ));
        }
        // A note rule's examples count any finding; other rules' examples count findings above
        // note, so "quoted, lowered to a note" is a no_match.
        let counts = |f: &Finding| rule.severity == Severity::Note || f.severity > Severity::Note;
        for e in &ex.matching {
            let found = run_example(catalog, rule, e);
            if !found.iter().any(counts) {
                let got = found
                    .first()
                    .map(|f| {
                        format!(
                            " (got {}: {})",
                            f.severity,
                            f.context.as_deref().unwrap_or("-")
                        )
                    })
                    .unwrap_or_default();
                failures.push(format!(
                    "{} {}: no finding for match example{got}: {}",
                    rule.id,
                    rule.name,
                    e.describe()
                ));
            }
        }
        for e in &ex.no_match {
            let found = run_example(catalog, rule, e);
            if let Some(f) = found.iter().find(|f| counts(f)) {
                failures.push(format!(
                    "{} {}: finding for no_match example: {} -> {}",
                    rule.id,
                    rule.name,
                    e.describe(),
                    f.message
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Keywords are single tokens: the regexes allow any whitespace (a line break in wrapped
/// markdown) between words, and a keyword with a space in it would skip the rule on such text.
#[test]
fn keywords_hold_no_whitespace() {
    let catalog = Catalog::builtin();
    let bad: Vec<String> = catalog
        .rules()
        .iter()
        .filter_map(|r| r.matcher.as_ref().map(|m| (r, m)))
        .flat_map(|(r, m)| {
            m.keywords
                .iter()
                .filter(|k| k.chars().any(char::is_whitespace))
                .map(move |k| format!("{} keyword {k:?}", r.id))
        })
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Built-in patterns are written for the lower-cased normalized view: an upper-case letter in
/// one would switch on case folding (slower to compile, see `pattern::compile`) for nothing.
#[test]
fn built_in_patterns_are_lower_case() {
    let catalog = Catalog::builtin();
    let mut bad = Vec::new();
    for r in catalog.rules() {
        let Some(m) = &r.matcher else { continue };
        for re in m.regex.iter().chain(&m.unless) {
            let plain = re
                .replace("\\S", "")
                .replace("\\W", "")
                .replace("\\B", "")
                .replace("\\D", "");
            if plain.chars().any(char::is_uppercase) {
                bad.push(format!("{}: {}", r.id, promptlint::escape::excerpt(re, 60)));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The prose view keeps an apostrophe inside a word ("don't", "user's", "i'm": see
/// `normalize::prose`), so a contraction in a prose-view regex must allow it: `don\s*t` alone
/// never matches "don't" (PL116 missed "Yes, and don't ask again" that way).
#[test]
fn prose_view_contractions_allow_the_apostrophe() {
    let bare = regex::Regex::new(
        r"(?:\b(?:do|does|did|ca|are|is|was|were|wo|has|have|had|need|should|would|could|must)n\\s\*t|\bi\\s\+m\\s|\b(?:user|owner|it|that|there)\\s\*s)",
    )
    .unwrap();
    let catalog = Catalog::builtin();
    let mut bad = Vec::new();
    for r in catalog.rules() {
        let Some(m) = &r.matcher else { continue };
        if r.view != promptlint::normalize::ViewKind::Prose {
            continue;
        }
        for re in m.regex.iter().chain(&m.unless) {
            for hit in bare.find_iter(re) {
                bad.push(format!(
                    "{}: `{}` needs ['’]? before its ending",
                    r.id,
                    hit.as_str()
                ));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Every language a rule lists has at least one match and one no_match example tagged with
/// it (untagged examples are English), `zh` in both Simplified and Traditional script, and no
/// example is tagged with a language the rule does not list.
#[test]
fn every_listed_language_has_examples_of_both_kinds() {
    let catalog = Catalog::builtin();
    let mut failures = Vec::new();
    for rule in catalog.rules() {
        let primary = |tag: &str| tag.split('-').next().unwrap_or(tag).to_ascii_lowercase();
        let tags =
            |v: &[promptlint::rules::Example]| v.iter().map(|e| e.lang()).collect::<Vec<_>>();
        let (m, n) = (tags(&rule.examples.matching), tags(&rule.examples.no_match));
        for lang in &rule.languages {
            let wanted: Vec<String> = if lang == "zh" {
                vec!["zh-Hans".into(), "zh-Hant".into()]
            } else {
                vec![lang.clone()]
            };
            for w in wanted {
                let has = |v: &[String]| v.contains(&w);
                if !has(&m) || !has(&n) {
                    failures.push(format!(
                        "{} {}: language {w} needs a match and a no_match example (has {} and {})",
                        rule.id,
                        rule.name,
                        m.iter().filter(|t| **t == w).count(),
                        n.iter().filter(|t| **t == w).count()
                    ));
                }
            }
        }
        let explicit = rule
            .examples
            .matching
            .iter()
            .chain(&rule.examples.no_match)
            .filter_map(|e| e.spec().lang);
        for t in explicit {
            if !rule.languages.contains(&primary(&t)) {
                failures.push(format!(
                    "{} {}: example tagged {t}, a language the rule does not list",
                    rule.id, rule.name
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Patterns and keywords are matched against the normalized views (NFKC, full case folding,
/// Latin diacritics and Arabic optional marks removed, see `promptlint::normalize`): a
/// character the view never contains (`é`, `ẞ`, Arabic `أ`, a precomposed Devanagari nukta
/// letter) makes its branch dead. Every non-ASCII character of a built-in regex must survive
/// normalization unchanged, and every keyword must equal its own view (for the prose view:
/// no punctuation, which that view folds to spaces).
#[test]
fn patterns_and_keywords_are_written_in_their_normalized_form() {
    use promptlint::normalize::normalize;
    let catalog = Catalog::builtin();
    let mut bad = Vec::new();
    for r in catalog.rules() {
        let Some(m) = &r.matcher else { continue };
        for re in m.regex.iter().chain(&m.unless) {
            for c in re.chars().filter(|c| !c.is_ascii()) {
                let folded = normalize(&c.to_string()).text().to_owned();
                if folded != c.to_string() {
                    bad.push(format!(
                        "{}: regex character U+{:04X} reads {} in the view",
                        r.id,
                        c as u32,
                        promptlint::escape::excerpt(&folded, 20)
                    ));
                }
            }
        }
        for k in &m.keywords {
            let view = normalize(k).view(r.view).text.clone();
            if view != *k {
                bad.push(format!(
                    "{}: keyword {k:?} reads {view:?} in the {:?} view",
                    r.id, r.view
                ));
            }
        }
    }
    bad.dedup();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Issue 30: the lowering stages read the rules' declarations (`context.lowered-by`), never
/// a rule's id, name or family. Every rule id and name of the catalog, quoted, and every
/// family name used as a value (`Family::`) is absent from the lowering code.
#[test]
fn the_lowering_code_names_no_rule_id_name_or_family() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = [
        "crates/promptlint-core/src/check/lower.rs",
        "crates/promptlint-core/src/rules/context/block.rs",
        "crates/promptlint-core/src/rules/context/scope.rs",
    ];
    let catalog = Catalog::builtin();
    let mut failures = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        for rule in catalog.rules() {
            for word in [&rule.id, &rule.name] {
                if text.contains(&format!("\"{word}\"")) {
                    failures.push(format!("{file} names {word:?}"));
                }
            }
        }
        if text.contains("Family::") {
            failures.push(format!("{file} branches on a family"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

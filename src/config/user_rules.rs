//! A config's own rule files (`rules_dirs`): where they may come from, loading them, and
//! running their examples.

// Config errors carry the file text for miette; they are built once per bad file.
#![allow(clippy::result_large_err)]

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_saphyr::Spanned;

use super::error::ConfigError;
use super::problems::Problems;
use crate::finding::Severity;
use crate::rules::loader::parse_rule;
use crate::rules::{Catalog, Rule};

/// Where the rule files of a config's `rules_dirs` may be (each folder and file is resolved,
/// links followed, before it is read).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesScope {
    /// Anywhere: a config from outside the scanned tree, given with `--config`.
    Any,
    /// Inside this folder (absolute): a config a pull request can edit may only name rules
    /// inside its own repository (else it could make promptlint read, and quote in its errors,
    /// any file of the machine).
    Inside(PathBuf),
    /// Outside these folders (absolute): under `--strict`, no rule file is read from the
    /// scanned tree.
    Outside(Vec<PathBuf>),
}

impl RulesScope {
    /// Why the resolved path `real` may not be read, or `None`.
    fn refuses(&self, real: &Path) -> Option<&'static str> {
        let canon = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
        match self {
            RulesScope::Any => None,
            RulesScope::Inside(root) => (!real.starts_with(canon(root)))
                .then_some("is outside the repository that holds the config"),
            RulesScope::Outside(roots) => roots
                .iter()
                .any(|r| real.starts_with(canon(r)))
                .then_some(
                    "is inside the scanned tree, where a pull request can edit it; --strict reads no rule file from it",
                ),
        }
    }
}

/// Collects every `*.yaml` and `*.yml` file under the resolved folder `dir`. Links are
/// followed only to where `scope` allows (`escapes` gets each other one); a folder is entered
/// once, so a link loop ends.
pub(super) fn rule_files(
    dir: &Path,
    scope: &RulesScope,
    seen: &mut HashSet<PathBuf>,
    out: &mut Vec<PathBuf>,
    escapes: &mut Vec<(PathBuf, &'static str)>,
) -> std::io::Result<()> {
    if !seen.insert(dir.to_path_buf()) {
        return Ok(());
    }
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        let mut is_dir = entry.file_type()?.is_dir();
        let mut real = path.clone();
        if entry.file_type()?.is_symlink() {
            let Ok(target) = std::fs::canonicalize(&path) else {
                continue;
            };
            if let Some(why) = scope.refuses(&target) {
                escapes.push((path, why));
                continue;
            }
            is_dir = target.is_dir();
            real = target;
        }
        if is_dir {
            rule_files(&real, scope, seen, out, escapes)?;
        } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
            out.push(path);
        }
    }
    Ok(())
}

/// Loads the rules of `rules_dirs`: each folder must lie where `scope` allows; each file
/// parsed and validated as a built-in one is, its regexes compiled; ids and names must not
/// collide with the built-ins or with each other; every example must hold.
pub(super) fn load_rules(
    base: &Path,
    dirs: &[Spanned<String>],
    scope: &RulesScope,
    p: &mut Problems<'_>,
) -> Result<Vec<Arc<Rule>>, Vec<ConfigError>> {
    let builtin = Catalog::builtin();
    let mut errors = Vec::new();
    let mut rules: Vec<Rule> = Vec::new();
    let mut seen = HashSet::new();
    for d in dirs {
        let dir = base.join(&d.value);
        let mut files = Vec::new();
        let mut escapes = Vec::new();
        let walked = std::fs::canonicalize(&dir).and_then(|real| {
            if let Some(why) = scope.refuses(&real) {
                escapes.push((dir.clone(), why));
                return Ok(());
            }
            rule_files(&real, scope, &mut seen, &mut files, &mut escapes)
        });
        if let Err(e) = walked {
            p.at(
                &d.referenced,
                format!(
                    "`rules_dirs`: cannot read {}: {}",
                    crate::escape::escape_path(&crate::discover::display_relative(&dir)),
                    crate::bounds::io_message(&e, &dir)
                ),
                "here",
                Some("folders are relative to the config's folder".into()),
            );
            continue;
        }
        for (path, why) in escapes {
            let what = if path == dir {
                format!("`{}`", crate::bounds::quote(&d.value))
            } else {
                crate::escape::escape_invisible(&crate::discover::display_relative(&path))
            };
            p.at(
                &d.referenced,
                format!("`rules_dirs`: {what} {why}"),
                "refused",
                Some(match scope {
                    RulesScope::Outside(_) => "under --strict, take rule files from the base branch into a folder outside the tree, with the config".into(),
                    _ => "rule folders of a config in the repository must be inside the repository".into(),
                }),
            );
        }
        files.sort();
        for f in files {
            let shown = crate::escape::escape_path(&crate::discover::display_relative(&f));
            let text = match crate::bounds::read_text(
                &f,
                crate::bounds::MAX_RULE_FILE_BYTES,
                "a rule file",
            ) {
                Ok(t) => t,
                Err(e) => {
                    errors.push(ConfigError::Io {
                        message: e.to_string(),
                        path: crate::escape::escape_invisible(&shown),
                    });
                    continue;
                }
            };
            match parse_rule(&shown, &text) {
                Ok(r) => match pattern_problem(&r) {
                    None => rules.push(r),
                    Some(message) => errors.push(ConfigError::Example {
                        path: crate::escape::escape_invisible(&shown),
                        id: crate::bounds::quote(&r.id),
                        message,
                    }),
                },
                Err(e) => errors.push(ConfigError::Rule(e)),
            }
        }
    }
    let mut seen_id: HashMap<String, String> = HashMap::new();
    let mut seen_name: HashMap<String, String> = HashMap::new();
    for r in &rules {
        let clash = |what: &str, other: &str| ConfigError::Example {
            path: r.origin.clone(),
            id: r.id.clone(),
            message: format!("{what} is already used by {other}"),
        };
        if let Some(b) = builtin.get(&r.id) {
            errors.push(clash(
                &format!("id {}", r.id),
                &format!("the built-in rule {} {}", b.id, b.name),
            ));
        } else if let Some(prev) = seen_id.insert(r.id.clone(), r.origin.clone()) {
            errors.push(clash(&format!("id {}", r.id), &prev));
        }
        if let Some(b) = builtin.get(&r.name) {
            errors.push(clash(
                &format!("name `{}`", r.name),
                &format!("the built-in rule {} {}", b.id, b.name),
            ));
        } else if let Some(prev) = seen_name.insert(r.name.clone(), r.origin.clone()) {
            errors.push(clash(&format!("name `{}`", r.name), &prev));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let rules: Vec<Arc<Rule>> = rules.into_iter().map(Arc::new).collect();
    if rules.is_empty() {
        return Ok(rules);
    }
    let mut all = builtin.rules().to_vec();
    all.extend(rules.iter().cloned());
    let combined = Catalog::from_rules(all);
    for rule in &rules {
        errors.extend(example_failures(&combined, rule));
    }
    if errors.is_empty() {
        Ok(rules)
    } else {
        Err(errors)
    }
}

/// Why a user rule's regexes cannot be used: one that does not compile within the size
/// limits (their length is checked when the file is parsed, before any regex is).
pub(super) fn pattern_problem(rule: &Rule) -> Option<String> {
    let m = rule.matcher.as_ref()?;
    for (key, list) in [("match.regex", &m.regex), ("match.unless", &m.unless)] {
        for (i, src) in list.iter().enumerate() {
            if let Err(e) = crate::rules::pattern::compile(src) {
                return Some(format!(
                    "{key}[{i}] does not compile: {}",
                    crate::bounds::parser_message(&e)
                ));
            }
        }
    }
    None
}

/// Runs a rule's examples: each `match` example must be reported, each `no_match` not.
pub(super) fn example_failures(catalog: &Catalog, rule: &Arc<Rule>) -> Vec<ConfigError> {
    let mut out = Vec::new();
    let ex = &rule.examples;
    let fail = |message: String| ConfigError::Example {
        path: rule.origin.clone(),
        id: rule.id.clone(),
        message,
    };
    if ex.matching.is_empty() || ex.no_match.is_empty() {
        out.push(fail(
            "needs at least one `match` and one `no_match` example".into(),
        ));
    }
    let counts = |f: &crate::finding::Finding| {
        rule.severity == Severity::Note || f.severity > Severity::Note
    };
    for e in &ex.matching {
        if !crate::pipeline::run_example(catalog, rule, e)
            .iter()
            .any(counts)
        {
            out.push(fail(format!(
                "no finding for the match example {}",
                e.describe()
            )));
        }
    }
    for e in &ex.no_match {
        if crate::pipeline::run_example(catalog, rule, e)
            .iter()
            .any(counts)
        {
            out.push(fail(format!(
                "a finding for the no_match example {}",
                e.describe()
            )));
        }
    }
    out
}

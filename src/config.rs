//! Configuration: find `.promptlint.yaml`, parse it, validate it against the catalog.
//!
//! Input: the scanned paths (to search from), or a file given with `--config`. Output: a
//! [`Config`] whose selectors are resolved to rule ids, whose globs are compiled and whose
//! extra rule files are loaded into a combined [`Catalog`] (their examples run at load), or a
//! [`ConfigError`] that points at the exact YAML span (miette). Invariants: an unknown key, a
//! bad glob, a selector that names no rule, a bad value and bad YAML are all errors, never
//! ignored; every problem of a file is reported, not only the first.
//!
//! Paths and globs in a config are relative to its *base*: the folder that holds the file, or,
//! for `--config FILE`, the repository root of the current directory (the current directory
//! outside a repository), so a config copied out of the tree (`git show
//! origin/main:.promptlint.yaml > /tmp/base.yaml`) still means the same paths.

// Config errors carry the file text for miette; they are built once per bad file.
#![allow(clippy::result_large_err)]

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use ignore::gitignore::{Gitignore, GitignoreBuilder};
use miette::{Diagnostic, SourceSpan};
use serde_saphyr::{Location, Spanned};

pub use crate::config_schema::{FILE_NAMES, KEYS, OVERRIDE_KEYS, byte_range, weakenings};
use crate::config_schema::{RawConfig, parse_raw_yaml, span_at};
use crate::discover::PathFilter;
use crate::finding::Severity;
use crate::rules::loader::{CatalogError, parse_rule};
use crate::rules::{Catalog, Rule};
use crate::suppress::PathOverride;

/// A config file that cannot be used (exit code 2).
#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum ConfigError {
    /// The file cannot be read, or a folder it names cannot.
    #[error("cannot read {path}: {message}")]
    #[diagnostic(code(promptlint::config_io))]
    Io {
        /// The path.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// A problem at a place in the file: bad YAML, an unknown key, a bad glob or value, a
    /// selector that names no rule.
    #[error("{path}: {message}")]
    #[diagnostic(code(promptlint::config))]
    At {
        /// The config file as shown.
        path: String,
        /// What is wrong, lower-case.
        message: String,
        /// The line of the file that holds the problem (a bounded excerpt).
        #[source_code]
        src: crate::bounds::Excerpt,
        /// Where, in the excerpt.
        #[label("{label}")]
        span: Option<SourceSpan>,
        /// The label text.
        label: String,
        /// How to fix it.
        #[help]
        help: Option<String>,
    },
    /// Several problems in one file.
    #[error("{path}: {count} problems in the configuration", count = errors.len())]
    #[diagnostic(code(promptlint::config))]
    Many {
        /// The config file as shown.
        path: String,
        /// Each problem.
        #[related]
        errors: Vec<ConfigError>,
    },
    /// A rule file of `rules_dirs` is invalid.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Rule(CatalogError),
    /// A rule file's example does not do what it says.
    #[error("{path}: rule {id}: {message}")]
    #[diagnostic(
        code(promptlint::rule_example),
        help(
            "a rule's `match` examples must be reported by it and its `no_match` examples must not"
        )
    )]
    Example {
        /// The rule file.
        path: String,
        /// The rule id.
        id: String,
        /// What failed.
        message: String,
    },
    /// Both `.promptlint.yaml` and `promptlint.yaml` in one folder.
    #[error("both .promptlint.yaml and promptlint.yaml are in {dir}; keep one")]
    #[diagnostic(code(promptlint::config_ambiguous))]
    Ambiguous {
        /// The folder.
        dir: String,
    },
    /// Under `--strict`, a file that a pull request can edit was given.
    #[error("--strict: {what} {path} is inside the scanned tree, where a pull request can edit it")]
    #[diagnostic(
        code(promptlint::untrusted),
        help(
            "take it from the base branch instead, e.g. `git show origin/main:{name} > /tmp/{name}` and pass `/tmp/{name}`"
        )
    )]
    Untrusted {
        /// `the config` or `the baseline`.
        what: &'static str,
        /// The path as given.
        path: String,
        /// Its file name, for the help.
        name: String,
    },
}

/// A loaded, validated configuration.
#[derive(Debug, Clone)]
pub struct Config {
    /// The file.
    pub path: PathBuf,
    /// The file as shown in messages.
    pub display: String,
    /// The file's text.
    pub text: String,
    /// The folder globs and `rules_dirs` are relative to (absolute).
    pub base: PathBuf,
    /// Include and exclude globs, compiled.
    pub filter: Arc<PathFilter>,
    /// `select`, as written (resolved by [`crate::enabled_rules`]).
    pub select: Vec<String>,
    /// `ignore`, as written.
    pub ignore: Vec<String>,
    /// Severity by rule id.
    pub severity: HashMap<String, Severity>,
    /// Per-path overrides, in file order.
    pub overrides: Vec<PathOverride>,
    /// Extra boundary markers for prompt zones.
    pub boundary_markers: Vec<String>,
    /// The rules of `rules_dirs`, validated, their examples passed.
    pub rules: Vec<Arc<Rule>>,
    /// `max_file_size` in bytes.
    pub max_file_size: Option<u64>,
    /// `max_findings_per_rule`: findings of one rule listed per file (0: no limit).
    pub max_findings_per_rule: Option<usize>,
    /// `max_findings`: findings listed per run (0: no limit).
    pub max_findings: Option<usize>,
    /// Load cap limits by agent id (`codex`).
    pub load_caps: HashMap<String, u64>,
}

fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

/// The nearest folder at or above `start` that holds `.git` (a folder, or a file in a worktree).
pub fn repository_root(start: &Path) -> Option<PathBuf> {
    absolute(start)
        .ancestors()
        .find(|d| d.join(".git").exists())
        .map(Path::to_path_buf)
}

/// Finds the config for a scan of `start`: the first folder, from `start` (or its parent when
/// it is a file) upward, that holds one of [`FILE_NAMES`]. The search stops at the repository
/// root; outside a repository it stops at the current directory (or at `start` itself when it
/// is not below the current directory).
///
/// # Errors
/// [`ConfigError::Ambiguous`] when a folder holds both names.
pub fn find(start: &Path) -> Result<Option<PathBuf>, ConfigError> {
    let abs = absolute(start);
    let dir = if abs.is_dir() {
        abs
    } else {
        abs.parent().map_or_else(|| abs.clone(), Path::to_path_buf)
    };
    let stop = repository_root(&dir).or_else(|| {
        let cwd = absolute(Path::new("."));
        Some(if dir.starts_with(&cwd) {
            cwd
        } else {
            dir.clone()
        })
    });
    for d in dir.ancestors() {
        let found: Vec<PathBuf> = FILE_NAMES
            .iter()
            .map(|n| d.join(n))
            .filter(|p| p.is_file())
            .collect();
        match found.len() {
            0 => {}
            1 => return Ok(found.into_iter().next()),
            _ => {
                return Err(ConfigError::Ambiguous {
                    dir: crate::escape::escape_path(&crate::discover::display_relative(d)),
                });
            }
        }
        if stop.as_deref() == Some(d) {
            break;
        }
    }
    Ok(None)
}

struct Problems<'a> {
    display: &'a str,
    text: &'a str,
    errors: Vec<ConfigError>,
}

impl Problems<'_> {
    fn at(&mut self, loc: &Location, message: String, label: &str, help: Option<String>) {
        self.errors
            .push(at(self.display, self.text, loc, message, label, help));
    }
}

/// An error at `loc` of the config `text`. The message is escaped; when the file holds an
/// invisible or bidi code point, the snippet is left out (miette would print the line raw)
/// and the message names the line and column instead.
fn at(
    display: &str,
    text: &str,
    loc: &Location,
    message: String,
    label: &str,
    help: Option<String>,
) -> ConfigError {
    let mut message = crate::bounds::parser_message(&message);
    let raw = text.chars().any(crate::escape::is_invisible);
    if raw && loc.line() > 0 {
        message.push_str(&format!(" (line {}, column {})", loc.line(), loc.column()));
    }
    // Only the line at fault is quoted, escaped and cut short: never the file around it.
    let (src, span) = match span_at(text, loc) {
        Some(s) if !raw => {
            let line = usize::try_from(loc.line()).unwrap_or(1).saturating_sub(1);
            let column = usize::try_from(loc.column()).unwrap_or(1).saturating_sub(1);
            let (e, s) =
                crate::bounds::Excerpt::new(display, text, s.offset(), s.len(), line, column);
            (e, Some(s))
        }
        _ => (crate::bounds::Excerpt::new(display, "", 0, 0, 0, 0).0, None),
    };
    ConfigError::At {
        path: display.to_owned(),
        message,
        src,
        span,
        label: label.to_owned(),
        help,
    }
}

/// Parses the YAML of a config file without validating it against the catalog (for the
/// in-tree config check, which must not fail on a file the config stage reports).
fn parse_raw(display: &str, text: &str) -> Result<RawConfig, ConfigError> {
    parse_raw_yaml(text).map_err(|e| {
        at(
            display,
            text,
            &e.location().unwrap_or(Location::UNKNOWN),
            yaml_message(&e.to_string()),
            "here",
            Some(format!(
                "the keys are {}; see the README's Configuration section",
                KEYS.join(", ")
            )),
        )
    })
}

/// The first line of a serde-saphyr error without its `error: line L column C: ` prefix (the
/// diagnostic shows the position).
fn yaml_message(full: &str) -> String {
    let line = full.lines().next().unwrap_or("invalid YAML");
    let line = line.strip_prefix("error: ").unwrap_or(line);
    let line = match line.strip_prefix("line ") {
        Some(rest) => rest
            .split_once(": ")
            .filter(|(pos, _)| pos.contains(" column "))
            .map_or(line, |(_, m)| m),
        None => line,
    };
    line.to_owned()
}

/// Compiles gitignore-style globs rooted at `base`, reporting each bad one at its span.
fn globs(
    base: &Path,
    key: &str,
    items: &[Spanned<String>],
    p: &mut Problems<'_>,
) -> Option<Gitignore> {
    if items.is_empty() {
        return None;
    }
    let mut b = GitignoreBuilder::new(base);
    for g in items {
        if g.value.trim().is_empty() {
            p.at(
                &g.referenced,
                format!("an empty glob in `{key}` matches nothing"),
                "empty glob",
                None,
            );
            continue;
        }
        if let Err(e) = b.add_line(None, &g.value) {
            p.at(
                &g.referenced,
                format!(
                    "bad glob `{}` in `{key}`: {e}",
                    crate::bounds::quote(&g.value)
                ),
                "bad glob",
                Some("globs use gitignore syntax, relative to the config's folder, e.g. `fixtures/**`".into()),
            );
        }
    }
    match b.build() {
        Ok(g) => Some(g),
        Err(e) => {
            p.at(
                &items[0].referenced,
                format!("bad globs in `{key}`: {e}"),
                "here",
                None,
            );
            None
        }
    }
}

/// Resolves selectors to rule ids, reporting each unknown one at its span.
fn resolve(
    catalog: &Catalog,
    key: &str,
    items: &[Spanned<String>],
    p: &mut Problems<'_>,
) -> HashSet<String> {
    let mut ids = HashSet::new();
    for s in items {
        match catalog.select(s.value.trim()) {
            Ok(rules) => ids.extend(rules.iter().map(|r| r.id.clone())),
            Err(_) => p.at(
                &s.referenced,
                format!(
                    "`{key}` names no rule or family `{}`",
                    crate::bounds::quote(&s.value)
                ),
                "unknown rule",
                Some("`promptlint rules` lists ids, names and families".into()),
            ),
        }
    }
    ids
}

/// Resolves a severity map, keyed by selectors, to rule ids.
fn severities(
    catalog: &Catalog,
    key: &str,
    map: &HashMap<Spanned<String>, Spanned<Severity>>,
    p: &mut Problems<'_>,
) -> HashMap<String, Severity> {
    let mut entries: Vec<_> = map.iter().collect();
    entries.sort_by_key(|(k, _)| (k.referenced.line(), k.referenced.column()));
    let mut out = HashMap::new();
    for (k, v) in entries {
        match catalog.select(k.value.trim()) {
            Ok(rules) => {
                for r in rules {
                    out.insert(r.id.clone(), v.value);
                }
            }
            Err(_) => p.at(
                &k.referenced,
                format!(
                    "`{key}` names no rule or family `{}`",
                    crate::bounds::quote(&k.value)
                ),
                "unknown rule",
                Some("`promptlint rules` lists ids, names and families".into()),
            ),
        }
    }
    out
}

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
fn rule_files(
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
fn load_rules(
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
fn pattern_problem(rule: &Rule) -> Option<String> {
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
fn example_failures(catalog: &Catalog, rule: &Arc<Rule>) -> Vec<ConfigError> {
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

impl Config {
    /// Loads and validates the config at `path`; globs and `rules_dirs` are relative to `base`.
    ///
    /// # Errors
    /// Every problem of the file (see [`ConfigError`]).
    pub fn load(path: &Path, base: &Path, scope: &RulesScope) -> Result<Config, ConfigError> {
        // Escaped: it names the file in diagnostics and justifications.
        let display = crate::escape::escape_path(&crate::discover::display_relative(path));
        let text = crate::bounds::read_text(path, crate::bounds::MAX_CONFIG_BYTES, "a config")
            .map_err(|e| ConfigError::Io {
                path: display.clone(),
                message: e.to_string(),
            })?;
        Config::parse_scoped(path, &display, &text, base, scope)
    }

    /// Validates the config `text` of the file `path` shown as `display`.
    ///
    /// # Errors
    /// Every problem of the file (see [`ConfigError`]).
    /// Its `rules_dirs` must stay inside `base`.
    pub fn parse(
        path: &Path,
        display: &str,
        text: &str,
        base: &Path,
    ) -> Result<Config, ConfigError> {
        let scope = RulesScope::Inside(absolute(base));
        Config::parse_scoped(path, display, text, base, &scope)
    }

    /// As [`Config::parse`], with the folders `rules_dirs` may name limited by `scope`.
    ///
    /// # Errors
    /// Every problem of the file (see [`ConfigError`]).
    pub fn parse_scoped(
        path: &Path,
        display: &str,
        text: &str,
        base: &Path,
        scope: &RulesScope,
    ) -> Result<Config, ConfigError> {
        let raw = parse_raw(display, text)?;
        let base = absolute(base);
        let mut p = Problems {
            display,
            text,
            errors: Vec::new(),
        };
        let rules = match load_rules(&base, &raw.rules_dirs, scope, &mut p) {
            Ok(r) => r,
            Err(mut errs) => {
                errs.append(&mut p.errors);
                return Err(many(display, errs));
            }
        };
        let catalog = if rules.is_empty() {
            None
        } else {
            let mut all = Catalog::builtin().rules().to_vec();
            all.extend(rules.iter().cloned());
            Some(Catalog::from_rules(all))
        };
        let catalog = catalog.as_ref().unwrap_or_else(|| Catalog::builtin());
        let include = globs(&base, "include", &raw.include, &mut p);
        let exclude = globs(&base, "exclude", &raw.exclude, &mut p);
        resolve(catalog, "select", &raw.select, &mut p);
        resolve(catalog, "ignore", &raw.ignore, &mut p);
        let severity = severities(catalog, "severity", &raw.severity, &mut p);
        let mut overrides = Vec::new();
        for (index, o) in raw.overrides.iter().enumerate() {
            let v = &o.value;
            if v.paths.is_empty() {
                p.at(
                    &o.referenced,
                    format!("`overrides[{index}]` needs `paths`"),
                    "no paths",
                    Some("e.g. `paths: [\"docs/**\"]`".into()),
                );
                continue;
            }
            let matcher = globs(&base, "overrides.paths", &v.paths, &mut p);
            let select = v
                .select
                .as_ref()
                .map(|s| resolve(catalog, "overrides.select", s, &mut p));
            let ignore = resolve(catalog, "overrides.ignore", &v.ignore, &mut p);
            let sev = severities(catalog, "overrides.severity", &v.severity, &mut p);
            if select.is_none() && ignore.is_empty() && sev.is_empty() {
                p.at(
                    &o.referenced,
                    format!("`overrides[{index}]` changes nothing"),
                    "empty override",
                    Some("give it `ignore`, `select` or `severity`".into()),
                );
            }
            if let Some(matcher) = matcher {
                overrides.push(PathOverride {
                    index,
                    paths: v.paths.iter().map(|s| s.value.clone()).collect(),
                    matcher,
                    base: base.clone(),
                    select,
                    ignore,
                    severity: sev,
                    reason: v.reason.clone().filter(|r| !r.trim().is_empty()),
                });
            }
        }
        for m in &raw.boundary_markers {
            if m.value.trim().is_empty() {
                p.at(
                    &m.referenced,
                    "an empty boundary marker would match every line".into(),
                    "empty marker",
                    None,
                );
            }
        }
        if let Some(m) = &raw.max_file_size
            && m.value == 0
        {
            p.at(
                &m.referenced,
                "`max_file_size` of 0 bytes would skip every file".into(),
                "zero",
                None,
            );
        }
        if let Some(m) = &raw.max_file_size
            && m.value > crate::bounds::MAX_FILE_SIZE_CEILING
        {
            p.at(
                &m.referenced,
                format!(
                    "`max_file_size` of {} bytes is over the hard maximum of {} bytes",
                    m.value,
                    crate::bounds::MAX_FILE_SIZE_CEILING
                ),
                "too large",
                None,
            );
        }
        let agents = crate::agents::Conventions::builtin();
        let mut load_caps = HashMap::new();
        let mut caps: Vec<_> = raw.load_caps.iter().collect();
        caps.sort_by_key(|(k, _)| (k.referenced.line(), k.referenced.column()));
        for (k, v) in caps {
            match agents.agent_caps(&k.value) {
                None => p.at(
                    &k.referenced,
                    format!(
                        "`load_caps`: no agent has the id `{}`",
                        crate::bounds::quote(&k.value)
                    ),
                    "unknown agent",
                    Some(format!(
                        "agents with a load cap: {}",
                        agents.capped_agents().join(", ")
                    )),
                ),
                Some(0) => p.at(
                    &k.referenced,
                    format!("`load_caps`: agent `{}` has no load cap", k.value),
                    "no cap",
                    Some(format!(
                        "agents with a load cap: {}",
                        agents.capped_agents().join(", ")
                    )),
                ),
                Some(_) if v.value == 0 => p.at(
                    &v.referenced,
                    "a load cap of 0 would report every file; ignore PL803 instead".into(),
                    "zero",
                    None,
                ),
                Some(_) => {
                    load_caps.insert(k.value.clone(), v.value);
                }
            }
        }
        if !p.errors.is_empty() {
            return Err(many(display, p.errors));
        }
        Ok(Config {
            path: path.to_path_buf(),
            display: display.to_owned(),
            text: text.to_owned(),
            filter: Arc::new(PathFilter {
                base: base.clone(),
                include,
                exclude,
            }),
            base,
            select: raw.select.into_iter().map(|s| s.value).collect(),
            ignore: raw.ignore.into_iter().map(|s| s.value).collect(),
            severity,
            overrides,
            boundary_markers: raw.boundary_markers.into_iter().map(|s| s.value).collect(),
            rules,
            max_file_size: raw.max_file_size.map(|m| m.value),
            max_findings_per_rule: raw.max_findings_per_rule.map(|m| m.value),
            max_findings: raw.max_findings.map(|m| m.value),
            load_caps,
        })
    }

    /// The catalog in effect: the built-ins plus the config's rules, with the config's
    /// severities as the rules' defaults.
    pub fn catalog(&self) -> Catalog {
        let mut all = Catalog::builtin().rules().to_vec();
        all.extend(self.rules.iter().cloned());
        let all = all
            .into_iter()
            .map(|r| match self.severity.get(&r.id) {
                Some(&s) if s != r.severity => {
                    let mut changed = (*r).clone();
                    changed.severity = s;
                    Arc::new(changed)
                }
                _ => r,
            })
            .collect();
        Catalog::from_rules(all)
    }
}

fn many(display: &str, mut errors: Vec<ConfigError>) -> ConfigError {
    if errors.len() == 1 {
        return errors.remove(0);
    }
    ConfigError::Many {
        path: display.to_owned(),
        errors,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, ConfigError> {
        Config::parse(
            Path::new(".promptlint.yaml"),
            ".promptlint.yaml",
            text,
            Path::new("."),
        )
    }

    /// The message of the first problem, and the text its label spans in the excerpt.
    fn first_error(e: ConfigError) -> (String, Option<String>) {
        match e {
            ConfigError::At {
                message, span, src, ..
            } => (
                message,
                span.map(|s| src.text()[s.offset()..s.offset() + s.len()].to_owned()),
            ),
            ConfigError::Many { mut errors, .. } => first_error(errors.remove(0)),
            other => (other.to_string(), None),
        }
    }

    #[test]
    fn empty_and_comment_only_files_are_the_default() {
        for t in ["", "\n", "# nothing yet\n"] {
            let c = parse(t).unwrap();
            assert!(c.select.is_empty() && c.overrides.is_empty());
        }
    }

    #[test]
    fn unknown_key_points_at_the_key() {
        let text = "select: [unicode]\nignroe: [PL201]\n";
        let (message, span) = first_error(parse(text).unwrap_err());
        assert!(message.contains("ignroe"), "{message}");
        assert!(span.expect("a span").starts_with("ignroe"));
    }

    #[test]
    fn unknown_rule_points_at_the_value() {
        let text = "ignore:\n  - PL201\n  - PL999\n";
        let (message, span) = first_error(parse(text).unwrap_err());
        assert_eq!(message, "`ignore` names no rule or family `PL999`");
        assert_eq!(span.as_deref(), Some("PL999"));
    }

    #[test]
    fn severity_keys_and_values_are_checked() {
        let text = "severity:\n  PL202: error\n  nope: note\n";
        let (message, span) = first_error(parse(text).unwrap_err());
        assert_eq!(message, "`severity` names no rule or family `nope`");
        assert_eq!(span.as_deref(), Some("nope"));
        let text = "severity:\n  PL202: loud\n";
        let (message, span) = first_error(parse(text).unwrap_err());
        assert!(message.contains("loud"), "{message}");
        assert!(span.unwrap().starts_with("loud"));
    }

    #[test]
    fn bad_glob_points_at_the_glob() {
        let text = "exclude: [\"ok/**\", \"bad/[z-a]\"]\n";
        let (message, span) = first_error(parse(text).unwrap_err());
        assert!(
            message.starts_with("bad glob `bad/[z-a]` in `exclude`"),
            "{message}"
        );
        assert!(span.unwrap().contains("bad/[z-a]"));
    }

    #[test]
    fn a_file_with_invisible_code_points_gets_no_raw_snippet() {
        let text = "ignore: [\"PL2\u{202E}01\"]\n";
        let e = parse(text).unwrap_err();
        let ConfigError::At {
            message, span, src, ..
        } = e
        else {
            panic!("expected one error")
        };
        assert_eq!(
            message,
            "`ignore` names no rule or family `PL2<U+202E>01` (line 1, column 10)"
        );
        assert!(span.is_none());
        assert!(!format!("{src:?}").contains('\u{202E}'));
    }

    #[test]
    fn every_problem_is_reported() {
        let text = "select: [nope1]\nignore: [nope2]\nload_caps: {nobody: 5}\n";
        let ConfigError::Many { errors, .. } = parse(text).unwrap_err() else {
            panic!("expected several errors")
        };
        assert_eq!(errors.len(), 3);
    }

    #[test]
    fn resolves_every_key() {
        let text = "include: [\"docs/prompts/**/*.md\"]\nexclude: [\"fixtures/**\"]\nselect: [unicode, PL101]\nignore: [PL206]\nseverity: {zero-width: error}\noverrides:\n  - paths: [\"docs/**\"]\n    ignore: [injection]\n    severity: {PL201: warning}\n    reason: docs quote attacks\nboundary_markers: [\"--- dynamic ---\"]\nmax_file_size: 2048\nload_caps: {codex: 65536}\n";
        let c = parse(text).unwrap();
        assert_eq!(c.select, ["unicode", "PL101"]);
        assert_eq!(c.ignore, ["PL206"]);
        assert_eq!(c.severity.get("PL202"), Some(&Severity::Error));
        assert_eq!(c.overrides.len(), 1);
        assert!(c.overrides[0].ignore.contains("PL101"));
        assert_eq!(
            c.overrides[0].severity.get("PL201"),
            Some(&Severity::Warning)
        );
        assert_eq!(c.overrides[0].reason.as_deref(), Some("docs quote attacks"));
        assert!(c.overrides[0].applies_to("docs/a/b.md"));
        assert!(!c.overrides[0].applies_to("src/AGENTS.md"));
        assert_eq!(c.boundary_markers, ["--- dynamic ---"]);
        assert_eq!(c.max_file_size, Some(2048));
        assert_eq!(c.load_caps.get("codex"), Some(&65536));
        assert!(c.filter.excluded(Path::new("fixtures/x/AGENTS.md"), false));
        assert!(c.filter.excluded(Path::new("fixtures/sub"), true));
        assert!(!c.filter.excluded(Path::new("AGENTS.md"), false));
        assert!(c.filter.included(Path::new("docs/prompts/a/b.md")));
        assert_eq!(c.catalog().get("PL202").unwrap().severity, Severity::Error);
    }

    #[test]
    fn weakenings_name_families_and_lowered_errors() {
        let text = "ignore: [unicode, PL206]\nseverity:\n  PL201: note\n  PL202: error\noverrides:\n  - paths: [docs/**]\n    ignore: [injection]\n";
        let w = weakenings(text);
        let msgs: Vec<&str> = w.iter().map(|(_, m)| m.as_str()).collect();
        assert_eq!(
            msgs,
            [
                "the config turns off the whole unicode family",
                "the config lowers PL201 bidi-control from error to note",
                "the config turns off the whole injection family under docs/**",
            ]
        );
        assert_eq!(&text[w[0].0.clone()], "unicode");
        assert_eq!(&text[w[1].0.clone()], "PL201");
        assert!(
            weakenings("select: [PL201]\n")[0]
                .1
                .starts_with("`select` turns off")
        );
        assert!(weakenings("ignore: [PL206]\nseverity: {PL202: note}\n").is_empty());
    }
}

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

mod error;
mod problems;
mod user_rules;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use crate::config_schema::{FILE_NAMES, KEYS, OVERRIDE_KEYS, byte_range, weakenings};
use crate::discover::PathFilter;
use crate::finding::Severity;
use crate::rules::{Catalog, Rule};
use crate::suppress::PathOverride;
pub use error::ConfigError;
use error::many;
use problems::*;
pub use user_rules::RulesScope;
use user_rules::*;

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

pub(super) fn absolute(p: &Path) -> PathBuf {
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
        let (raw, errors) = parse_raw(display, text)?;
        let base = absolute(base);
        let mut p = Problems {
            display,
            text,
            errors,
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
        let msgs: Vec<&str> = w.iter().map(|(_, m, _)| m.as_str()).collect();
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

//! promptlint: a linter and auditor for the files AI coding agents load into their context
//! (AGENTS.md, CLAUDE.md, .cursorrules, SKILL.md, MCP configs, ...) and for rendered prompts.
//!
//! The pipeline, one module per stage, data flowing one way:
//!
//! ```text
//! discover -> decode (source) -> parse -> normalize -> match (rules) -> report -> exit code
//! ```
//!
//! [`check`] runs it for a set of paths and returns a [`report::Report`].

pub mod agents;
pub mod cache;
pub mod check;
pub mod cli;
pub mod discover;
pub mod entities;
pub mod escape;
pub mod finding;
pub mod kind;
pub mod normalize;
pub mod offset_map;
pub mod parse;
pub mod providers;
pub mod report;
pub mod rules;
pub mod source;

use std::collections::HashSet;
use std::path::PathBuf;

use rayon::prelude::*;

use crate::check::Engine;
use crate::discover::{DiscoverOptions, FileError, discover};
use crate::kind::FileKind;
use crate::report::{FileResult, Report};
use crate::rules::Catalog;

/// What to check and how.
#[derive(Debug, Clone)]
pub struct Options {
    /// Paths to scan; `-` is stdin.
    pub paths: Vec<PathBuf>,
    /// Force a file kind for every source.
    pub kind: Option<FileKind>,
    /// Name of stdin in output.
    pub stdin_filename: Option<String>,
    /// Only these rules (ids, names or families); empty: all.
    pub select: Vec<String>,
    /// Not these rules (ids, names or families).
    pub ignore: Vec<String>,
    /// Files larger than this many bytes are skipped with a note.
    pub size_limit: u64,
    /// Globs (gitignore syntax) of paths skipped while walking a folder, relative to it.
    /// Never applied to paths named explicitly.
    pub exclude: Vec<String>,
    /// Parse options that change zones (`--boundary-marker`, `--tool-result-budget`).
    pub parse: parse::ParseOptions,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            paths: vec![PathBuf::from(".")],
            kind: None,
            stdin_filename: None,
            select: Vec::new(),
            ignore: Vec::new(),
            size_limit: check::DEFAULT_SIZE_LIMIT,
            exclude: Vec::new(),
            parse: parse::ParseOptions::default(),
        }
    }
}

/// A usage or configuration error: the run cannot start (exit code 2).
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum Error {
    /// `--select` or `--ignore` names no rule or family.
    #[error("{0}")]
    #[diagnostic(
        code(promptlint::unknown_rule),
        help("`promptlint rules` lists ids, names and families")
    )]
    UnknownSelector(String),
    /// An `--exclude` glob does not parse.
    #[error("bad --exclude glob: {0}")]
    #[diagnostic(
        code(promptlint::bad_exclude),
        help("globs use gitignore syntax, relative to the folder walked, e.g. `fixtures/**`")
    )]
    BadExclude(String),
}

/// The ids of the rules enabled by `select` and `ignore` (ids, names or families).
///
/// # Errors
/// [`Error::UnknownSelector`] for a selector that names nothing.
pub fn enabled_rules(
    catalog: &Catalog,
    select: &[String],
    ignore: &[String],
) -> Result<HashSet<String>, Error> {
    let resolve = |sels: &[String]| -> Result<HashSet<String>, Error> {
        let mut ids = HashSet::new();
        for s in sels
            .iter()
            .flat_map(|s| s.split(','))
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            for r in catalog.select(s).map_err(Error::UnknownSelector)? {
                ids.insert(r.id.clone());
            }
        }
        Ok(ids)
    };
    let mut enabled: HashSet<String> = if select.is_empty() {
        catalog.rules().iter().map(|r| r.id.clone()).collect()
    } else {
        resolve(select)?
    };
    for id in resolve(ignore)? {
        enabled.remove(&id);
    }
    Ok(enabled)
}

/// Runs `check` for the source shown as `display`. A panic inside a check (a bug) becomes an
/// error entry of that source, so one bad file never ends the run or hides the other files'
/// findings; the run then exits 2, as for an unreadable file.
///
/// # Errors
/// The [`FileError`] `check` returns, or one that names the panic.
pub fn guarded(
    display: &str,
    check: impl FnOnce() -> Result<FileResult, FileError>,
) -> Result<FileResult, FileError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(check)).unwrap_or_else(|payload| {
        let why = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_owned());
        Err(FileError {
            path: display.to_owned(),
            message: format!(
                "internal error while checking this file, please report it: {}",
                escape::escape_one_line(&why)
            ),
        })
    })
}

/// Runs the whole pipeline.
///
/// # Errors
/// [`Error`] when the options are invalid. Unreadable files are not errors of the run: they
/// are in [`Report::errors`].
pub fn check(opts: &Options) -> Result<Report, Error> {
    let catalog = Catalog::builtin();
    let engine = Engine {
        catalog,
        enabled: enabled_rules(catalog, &opts.select, &opts.ignore)?,
        size_limit: opts.size_limit,
        parse: opts.parse.clone(),
    };
    discover::exclude_overrides(std::path::Path::new("."), &opts.exclude)
        .map_err(Error::BadExclude)?;
    let found = discover(
        &opts.paths,
        &DiscoverOptions {
            kind: opts.kind,
            stdin_filename: opts.stdin_filename.clone(),
            exclude: opts.exclude.clone(),
        },
    );
    let results: Vec<_> = found
        .targets
        .par_iter()
        .map(|t| guarded(&t.display, || engine.check_target(t)))
        .collect();
    let mut files = Vec::with_capacity(results.len());
    let mut errors = found.errors;
    for r in results {
        match r {
            Ok(f) => files.push(f),
            Err(e) => errors.push(e),
        }
    }
    let rules = catalog
        .rules()
        .iter()
        .filter(|r| engine.enabled.contains(&r.id))
        .cloned()
        .collect();
    Ok(Report::new(files, errors).with_rules(rules))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panicking_check_becomes_an_error_of_its_file() {
        let err = guarded("AGENTS.md", || panic!("index 7 out of range")).unwrap_err();
        assert_eq!(err.path, "AGENTS.md");
        assert_eq!(
            err.message,
            "internal error while checking this file, please report it: index 7 out of range"
        );
        let err = guarded("x", || std::panic::panic_any(3_u8)).unwrap_err();
        assert!(err.message.ends_with("unknown panic"), "{}", err.message);
    }
}

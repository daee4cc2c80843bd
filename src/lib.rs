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
use crate::discover::{DiscoverOptions, discover};
use crate::kind::FileKind;
use crate::report::Report;
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
    let found = discover(
        &opts.paths,
        &DiscoverOptions {
            kind: opts.kind,
            stdin_filename: opts.stdin_filename.clone(),
        },
    );
    let results: Vec<_> = found
        .targets
        .par_iter()
        .map(|t| engine.check_target(t))
        .collect();
    let mut files = Vec::with_capacity(results.len());
    let mut errors = found.errors;
    for r in results {
        match r {
            Ok(f) => files.push(f),
            Err(e) => errors.push(e),
        }
    }
    Ok(Report::new(files, errors))
}

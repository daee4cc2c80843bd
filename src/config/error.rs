//! What can be wrong with a config file, each pointing at its YAML span.

// Config errors carry the file text for miette; they are built once per bad file.
#![allow(clippy::result_large_err)]

use miette::{Diagnostic, SourceSpan};

use crate::rules::loader::CatalogError;

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

pub(super) fn many(display: &str, mut errors: Vec<ConfigError>) -> ConfigError {
    if errors.len() == 1 {
        return errors.remove(0);
    }
    ConfigError::Many {
        path: display.to_owned(),
        errors,
    }
}

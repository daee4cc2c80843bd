//! promptlint-core: the engine of promptlint, a linter for the files AI coding agents load
//! into their context and for rendered prompts. No command line, no file walking, no
//! printing: the `promptlint` crate builds those on top of it.
//!
//! The data flow, one layer per group of modules, each importing only from the layers below
//! it (checked by the repository's `tests/layers.rs`):
//!
//! ```text
//! base (escape, codepoints, kind, offset_map, entities, bounds, source)
//!   -> data (the embedded rules/*.yaml) -> parse -> facts (agents, providers)
//!   -> normalize, fragments -> model (severity, rules::schema, finding, target)
//!   -> rules (catalog, native checks, encoded, context, cache analysis) -> engine (check)
//! ```
//!
//! [`check::Engine`] turns one source's bytes into findings. To scan a file's bytes from an
//! agent harness, use [`scanner`] (the semver-stable embedding API; the `promptlint` crate
//! re-exports it as `promptlint::scanner`).

// The library never prints: findings and errors are values its callers render.
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod agents;
pub mod bounds;
pub mod cache;
pub mod check;
pub mod codepoints;
pub mod config_schema;
pub mod data;
pub mod directives;
pub mod effects;
pub mod entities;
pub mod escape;
pub mod finding;
pub mod fragments;
pub mod kind;
pub mod normalize;
pub mod offset_map;
pub mod parse;
pub mod program;
pub mod providers;
pub mod rules;
pub mod scanner;
pub mod severity;
pub mod source;
pub mod target;
#[cfg(test)]
mod testing;

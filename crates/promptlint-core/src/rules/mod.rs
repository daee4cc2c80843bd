//! Match stage: the rule catalog and the checks that turn segments into findings.
//!
//! Input: one parsed source. Output: its findings, unsorted and unfiltered (suppression and
//! sorting come later). Checks never print, sort or filter.
//!
//! A rule is one YAML file under `rules/<family>/PLnnn-<name>.yaml` (schema in DESIGN.md and
//! README.md). Pattern rules carry keywords and regexes ([`pattern`]); native rules name a
//! check in [`native::NATIVE_CHECKS`].

pub mod authorship;
pub mod catalog;
pub(crate) mod commands;
pub mod context;
pub mod docs;
pub mod encoded;
pub mod literals;
pub mod loader;
pub mod native;
pub mod occurrences;
pub mod pattern;
pub mod schema;
pub mod volatile;

pub use catalog::Catalog;
pub use loader::CatalogError;
pub use schema::{
    Context, ContextPolicy, Evidence, Example, ExampleSpec, Examples, Family, MatchSpec, Rule,
    ZoneFilter,
};

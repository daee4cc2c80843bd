//! The data files embedded at build time (`rules/**/*.yaml`, agents.yaml and providers.yaml
//! included): the one loader the rule catalog and the facts ([`crate::agents`],
//! [`crate::providers`]) read them through.

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/rule_files.rs"));
    include!(concat!(env!("OUT_DIR"), "/rule_json.rs"));
}

/// The embedded rule files, `(path, YAML)`, sorted by path (agents.yaml included).
pub fn embedded_files() -> &'static [(&'static str, &'static str)] {
    embedded::RULE_FILES
}

/// The embedded rule files (`rules/<family>/PLnnn-*.yaml`) converted to JSON at build time,
/// `(path, JSON)`, sorted by path: the same rules, cheaper to parse (see
/// [`crate::rules::loader`]). A rule file missing here is read from its YAML.
pub fn embedded_rule_json() -> &'static [(&'static str, &'static str)] {
    embedded::RULE_JSON
}

/// What `promptlint rules` lists of every embedded rule, read at build time and sorted by id:
/// (id, name, family, severity, confidence, summary, fixable), the last five as the rule file
/// spells them ([`crate::rules::catalog::builtin_rows`]).
#[allow(clippy::type_complexity)]
pub fn embedded_rule_rows() -> &'static [(
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    bool,
)] {
    embedded::RULE_ROWS
}

/// `rules/agents.yaml` converted to JSON at build time, `None` when it did not convert
/// ([`crate::agents::Conventions::builtin`] then reads the YAML).
pub fn embedded_agents_json() -> Option<&'static str> {
    (!embedded::AGENTS_JSON.is_empty()).then_some(embedded::AGENTS_JSON)
}

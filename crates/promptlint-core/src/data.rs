//! The data files embedded at build time (`rules/**/*.yaml`, agents.yaml and providers.yaml
//! included): the one loader the rule catalog and the facts ([`crate::agents`],
//! [`crate::providers`]) read them through.

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/rule_files.rs"));
}

/// The embedded rule files, `(path, YAML)`, sorted by path (agents.yaml included).
pub fn embedded_files() -> &'static [(&'static str, &'static str)] {
    embedded::RULE_FILES
}

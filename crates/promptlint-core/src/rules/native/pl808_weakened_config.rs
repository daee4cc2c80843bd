//! PL808 weakened-config (hygiene: what the file's bytes and size do to the agent that loads it).

use std::sync::Arc;

use super::input::Input;
use crate::finding::Finding;
use crate::rules::Rule;

/// A note at each setting of an in-tree config file (`.promptlint.yaml`) that turns off a whole
/// family or lowers an error rule's severity, so that the change gets a reviewer's attention.
/// Fires only on a source named like a config file.
pub fn weakened_config(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let name = input.path.rsplit('/').next().unwrap_or(input.path);
    if !crate::config_schema::FILE_NAMES.contains(&name) {
        return Vec::new();
    }
    config_findings(input.text(), rule)
}

/// The PL808 findings of a config file's `text`: what the command line reports for the
/// config in use when the walk did not reach it, without running the engine.
pub fn config_findings(text: &str, rule: &Arc<Rule>) -> Vec<Finding> {
    crate::config_schema::weakenings(text)
        .into_iter()
        .filter_map(|(span, message, severity)| {
            let matched = format!("{message} {}", &text[span.clone()]);
            Finding::new(rule, text, span, message).ok().map(|f| {
                f.with_label("weakens the checks")
                    .with_matched(matched)
                    .with_severity(severity, "it silences a whole family or every finding")
            })
        })
        .collect()
}

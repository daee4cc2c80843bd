//! PL804 skipped-file (hygiene: what the file's bytes and size do to the agent that loads it).

use std::sync::Arc;

use super::input::Input;
use crate::finding::Finding;
use crate::rules::Rule;

/// A note for a file that was not scanned, saying why.
pub fn skipped_file(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    match input.skipped {
        Some(why) => Finding::new(rule, input.text(), 0..0, format!("not scanned: {why}"))
            .map(|f| f.with_matched(why.to_owned()))
            .into_iter()
            .collect(),
        None => Vec::new(),
    }
}

//! PL805 parse-error (hygiene: what the file's bytes and size do to the agent that loads it).

use std::sync::Arc;

use super::input::Input;
use crate::finding::Finding;
use crate::rules::Rule;
use crate::source::floor_char_boundary as floor_boundary;

/// A note for each parse problem (the file was still scanned as text).
pub fn parse_error(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    input
        .parsed
        .issues
        .iter()
        .filter_map(|issue| {
            let text = input.text();
            let start = floor_boundary(text, issue.span.start);
            let end = floor_boundary(text, issue.span.end.max(start));
            Finding::new(rule, text, start..end, issue.message.clone())
                .ok()
                .map(|f| f.with_matched(issue.message.clone()))
        })
        .collect()
}

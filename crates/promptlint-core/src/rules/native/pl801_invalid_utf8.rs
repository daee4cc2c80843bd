//! PL801 invalid-utf8 (hygiene: what the file's bytes and size do to the agent that loads it).

use std::sync::Arc;

use super::input::Input;
use crate::finding::Finding;
use crate::rules::Rule;

/// One finding at the first invalid sequence, counting them all.
pub fn invalid_utf8(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let inv = &input.decoded.invalid;
    let Some(first) = inv.first() else {
        return Vec::new();
    };
    let msg = format!(
        "{} invalid {} sequence{} replaced by U+FFFD; the agent may read something else",
        inv.len(),
        if input.decoded.encoding.as_str().starts_with("utf-16") {
            "UTF-16"
        } else {
            "UTF-8"
        },
        if inv.len() == 1 { "" } else { "s" }
    );
    Finding::new(rule, input.text(), first.clone(), msg)
        .map(|f| {
            f.with_label("invalid bytes here")
                .with_matched("invalid-utf8")
        })
        .into_iter()
        .collect()
}

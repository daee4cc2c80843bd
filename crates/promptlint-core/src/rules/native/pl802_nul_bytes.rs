//! PL802 nul-bytes (hygiene: what the file's bytes and size do to the agent that loads it).

use std::sync::Arc;

use super::input::Input;
use crate::finding::Finding;
use crate::rules::Rule;

/// One finding at the first NUL, counting them all.
pub fn nul_bytes(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let nul = &input.decoded.nul;
    let Some(&first) = nul.first() else {
        return Vec::new();
    };
    let msg = format!(
        "{} NUL byte{} (U+0000) in a file an agent loads; tools that stop at NUL see less than the model",
        nul.len(),
        if nul.len() == 1 { "" } else { "s" }
    );
    Finding::new(rule, input.text(), first..first + 1, msg)
        .map(|f| f.with_label("NUL").with_matched("nul"))
        .into_iter()
        .collect()
}

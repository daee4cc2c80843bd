//! PL404 process-specific-value (see [`super::cache_common`] for which volatile values count where).

use std::sync::Arc;

use super::cache_common::*;
use super::input::Input;
use crate::finding::Finding;
use crate::rules::Rule;
use crate::rules::volatile::{self};

/// PL404: PIDs and temp paths in the static zone.
pub fn process_specific_value(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    literal_check(
        input,
        rule,
        volatile::process_values,
        "changes with the process",
    )
}

//! PL401 volatile-timestamp (see [`super::cache_common`] for which volatile values count where).

use std::sync::Arc;

use super::cache_common::*;
use super::input::Input;
use crate::finding::Finding;
use crate::rules::Rule;
use crate::rules::volatile::{self};

/// PL401: timestamps in the static zone.
pub fn volatile_timestamp(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    literal_check(input, rule, volatile::timestamps, "changes every call")
}

//! PL402 volatile-identifier (see [`super::cache_common`] for which volatile values count where).

use std::sync::Arc;

use super::cache_common::*;
use super::input::Input;
use crate::finding::Finding;
use crate::rules::Rule;
use crate::rules::volatile::{self};

/// PL402: UUIDs, ULIDs, KSUIDs and random request/session/trace ids in the static zone.
pub fn volatile_identifier(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    literal_check(
        input,
        rule,
        volatile::identifiers,
        "changes per request or session",
    )
}

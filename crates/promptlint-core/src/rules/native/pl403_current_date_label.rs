//! PL403 current-date-label (see [`super::cache_common`] for which volatile values count where).

use std::sync::Arc;

use super::cache_common::*;
use super::input::Input;
use crate::finding::Finding;
use crate::rules::Rule;
use crate::rules::volatile::{self};

/// PL403: a date labelled as today's in the static zone.
pub fn current_date_label(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    literal_check(input, rule, volatile::current_dates, "changes daily")
}

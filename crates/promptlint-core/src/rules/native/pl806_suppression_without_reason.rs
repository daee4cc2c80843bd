//! PL806 suppression-without-reason (hygiene: what the file's bytes and size do to the agent that loads it).

use std::sync::Arc;

use super::input::Input;
use crate::finding::Finding;
use crate::rules::Rule;

/// Directive findings (`PL806`, `PL807`) need every other finding of the source, so the
/// inline-directive stage ([`crate::directives`]) reports them; their native check reports
/// nothing.
pub fn suppression_without_reason(_input: &Input<'_>, _rule: &Arc<Rule>) -> Vec<Finding> {
    Vec::new()
}

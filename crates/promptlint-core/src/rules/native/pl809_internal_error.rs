//! PL809 internal-error (hygiene: what the file's bytes and size do to the agent that loads it).

use std::sync::Arc;

use super::input::Input;
use crate::finding::Finding;
use crate::rules::Rule;

/// A check that panicked (`PL809`) is reported by the engine that caught the panic
/// ([`crate::check::Engine::check_text`]); its native check reports nothing.
pub fn reported_by_engine(_input: &Input<'_>, _rule: &Arc<Rule>) -> Vec<Finding> {
    Vec::new()
}

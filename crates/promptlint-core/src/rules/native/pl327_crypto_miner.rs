//! PL327: `crypto-miner`, an effect of a parsed program (see [`super::effects_common`] and
//! [`crate::effects`]).

use std::sync::Arc;

use super::input::Input;
use crate::finding::{Finding, Severity};
use crate::rules::Rule;

/// PL327: one finding per miner started.
pub fn crypto_miner(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    super::effects_common::effect_findings(input, rule, false, |f| match &f.effect.kind {
        crate::effects::EffectKind::Mine => Some((
            Severity::Error,
            format!("cryptocurrency miner started: {}", f.effect.what),
        )),
        _ => None,
    })
}

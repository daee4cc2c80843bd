//! PL315: `secret-sent-out`, an effect of a parsed program (see [`super::effects_common`] and
//! [`crate::effects`]).

use std::sync::Arc;

use super::input::Input;
use crate::finding::{Finding, Severity};
use crate::rules::Rule;

/// PL315: one finding per step of a program with this effect.
pub fn secret_sent_out(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    super::effects_common::effect_findings(input, rule, true, |f| match &f.effect.kind {
        crate::effects::EffectKind::Exfiltrate { .. } => {
            super::effects_common::exfil_message(f).map(|m| (Severity::Error, m))
        }
        _ => None,
    })
}

//! PL512: `disables-system-protection`, an effect of a parsed program (see
//! [`super::effects_common`] and [`crate::effects`]).

use std::sync::Arc;

use super::input::Input;
use crate::finding::{Finding, Severity};
use crate::rules::Rule;

/// PL512: one finding per step of a program that turns a protection of the machine off.
pub fn disables_system_protection(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    super::effects_common::effect_findings(input, rule, true, |f| match &f.effect.kind {
        crate::effects::EffectKind::Weaken => Some((
            Severity::Warning,
            format!("`{}` turns a protection of the machine off", f.effect.what),
        )),
        _ => None,
    })
}

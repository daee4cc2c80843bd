//! PL318: `cron-persistence`, an effect of a parsed program (see [`super::effects_common`] and
//! [`crate::effects`]).

use std::sync::Arc;

use super::input::Input;
use crate::finding::{Finding, Severity};
use crate::rules::Rule;

/// PL318: one finding per step of a program with this effect.
pub fn cron_persistence(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    super::effects_common::effect_findings(input, rule, false, |f| match &f.effect.kind {
        crate::effects::EffectKind::Persist {
            how: crate::effects::Persistence::Cron,
            active,
        } => Some((
            if *active {
                Severity::Error
            } else {
                Severity::Warning
            },
            format!(
                "installs a cron job through `{}`{}",
                f.effect.what,
                if *active {
                    " that reaches the network or runs hidden code"
                } else {
                    ""
                }
            ),
        )),
        _ => None,
    })
}

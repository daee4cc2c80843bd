//! PL322: `login-item-persistence`, an effect of a parsed program (see [`super::effects_common`] and
//! [`crate::effects`]).

use std::sync::Arc;

use super::input::Input;
use crate::finding::{Finding, Severity};
use crate::rules::Rule;

/// PL322: one finding per step of a program with this effect.
pub fn login_item_persistence(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    super::effects_common::effect_findings(input, rule, false, |f| match &f.effect.kind {
        crate::effects::EffectKind::Persist {
            how: crate::effects::Persistence::LoginItem,
            active,
        } => Some((
            if *active {
                Severity::Error
            } else {
                Severity::Note
            },
            format!(
                "installs a program that starts at login through `{}`",
                f.effect.what
            ),
        )),
        _ => None,
    })
}

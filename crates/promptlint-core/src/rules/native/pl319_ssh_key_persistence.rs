//! PL319: `ssh-key-persistence`, an effect of a parsed program (see [`super::effects_common`] and
//! [`crate::effects`]).

use std::sync::Arc;

use super::input::Input;
use crate::finding::{Finding, Severity};
use crate::rules::Rule;

/// PL319: one finding per step of a program with this effect.
pub fn ssh_key_persistence(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    super::effects_common::effect_findings(input, rule, false, |f| match &f.effect.kind {
        crate::effects::EffectKind::Persist {
            how: crate::effects::Persistence::AuthorizedKey,
            ..
        } => Some((
            Severity::Error,
            format!("adds a login key to `{}`", f.effect.what),
        )),
        _ => None,
    })
}

//! PL511: `destroys-home-or-cloud`, an effect of a parsed program (see [`super::effects_common`] and
//! [`crate::effects`]).

use std::sync::Arc;

use super::input::Input;
use crate::finding::{Finding, Severity};
use crate::rules::Rule;

/// PL511: one finding per step of a program with this effect.
pub fn destroys_home_or_cloud(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    super::effects_common::effect_findings(input, rule, true, |f| match &f.effect.kind {
        crate::effects::EffectKind::Destroy => Some((
            Severity::Error,
            format!(
                "`{}` destroys what cannot be restored (the home or root folder, a disk, private keys, restore points, a database's data, remote branches or cloud resources)",
                f.effect.what
            ),
        )),
        _ => None,
    })
}

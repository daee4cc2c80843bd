//! PL316: `fetched-code-run`, an effect of a parsed program (see [`super::effects_common`] and
//! [`crate::effects`]).

use std::sync::Arc;

use super::input::Input;
use crate::finding::{Finding, Severity};
use crate::rules::Rule;

/// PL316: one finding per step of a program with this effect.
pub fn fetched_code_run(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    super::effects_common::effect_findings(input, rule, true, |f| match &f.effect.kind {
        crate::effects::EffectKind::RunFetched => Some((
            Severity::Error,
            format!("`{}` runs text fetched from the network", f.effect.what),
        )),
        crate::effects::EffectKind::RunDecoded => Some((
            Severity::Error,
            format!("`{}` runs text decoded from base64 or hex", f.effect.what),
        )),
        _ => None,
    })
}

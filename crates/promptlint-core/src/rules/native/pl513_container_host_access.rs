//! PL513: `container-host-access`, an effect of a parsed program (see
//! [`super::effects_common`] and [`crate::effects`]).

use std::sync::Arc;

use super::input::Input;
use crate::finding::{Finding, Severity};
use crate::rules::Rule;

/// PL513: one finding per container started with the host handed to it.
pub fn container_host_access(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    super::effects_common::effect_findings(input, rule, true, |f| match &f.effect.kind {
        crate::effects::EffectKind::HostAccess => Some((
            Severity::Warning,
            format!("{} gives the container the host", f.effect.what),
        )),
        _ => None,
    })
}

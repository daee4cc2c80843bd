//! PL320: `startup-file-persistence`, an effect of a parsed program (see [`super::effects_common`] and
//! [`crate::effects`]).

use std::sync::Arc;

use super::input::Input;
use crate::finding::{Finding, Severity};
use crate::rules::Rule;

/// PL320: one finding per step of a program with this effect.
pub fn startup_file_persistence(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    super::effects_common::effect_findings(input, rule, false, |f| match &f.effect.kind {
        crate::effects::EffectKind::Persist {
            how: crate::effects::Persistence::ShellStartup,
            active: true,
        } => Some((
            Severity::Error,
            format!(
                "writes a command that reaches the network or runs hidden code into `{}`, run by every new shell",
                f.effect.what
            ),
        )),
        crate::effects::EffectKind::Persist {
            how: crate::effects::Persistence::AgentConfig,
            active,
        } => Some((
            if *active {
                Severity::Error
            } else {
                Severity::Warning
            },
            format!(
                "writes into `{}`, a coding agent's own settings or MCP configuration, whose hooks, servers and trust run in every later session",
                f.effect.what
            ),
        )),
        _ => None,
    })
}

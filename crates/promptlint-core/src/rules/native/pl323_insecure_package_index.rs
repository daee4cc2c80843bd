//! PL323: `insecure-package-index`, an effect of a parsed program (see
//! [`super::effects_common`] and [`crate::effects`]), and the same risks written in a package
//! manager's configuration (`config`).

mod config;

use std::sync::Arc;

use super::input::Input;
use crate::finding::{Finding, Severity};
use crate::rules::Rule;

/// PL323: one finding per package install from a plain-HTTP or unverified index.
pub fn insecure_package_index(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let mut out = config::config_findings(input, rule);
    out.extend(super::effects_common::effect_findings(
        input,
        rule,
        true,
        |f| match &f.effect.kind {
            crate::effects::EffectKind::InsecureIndex => Some((
                Severity::Warning,
                format!(
                    "`{}` installs packages from an index reached without TLS checks",
                    f.effect.what
                ),
            )),
            _ => None,
        },
    ));
    out
}

//! PL317: `cloud-metadata-read`, an effect of a parsed program (see [`super::effects_common`] and
//! [`crate::effects`]).

use std::sync::Arc;

use super::input::Input;
use crate::finding::{Finding, Severity};
use crate::rules::Rule;

/// PL317: one finding per step of a program with this effect.
pub fn cloud_metadata_read(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    super::effects_common::effect_findings(input, rule, false, |f| match &f.effect.kind {
        crate::effects::EffectKind::MetadataRead => Some((
            if credentials_path(input, f) {
                Severity::Warning
            } else {
                Severity::Note
            },
            format!(
                "`{}` reads the cloud metadata service (the instance's credentials)",
                f.effect.what
            ),
        )),
        _ => None,
    })
}

/// Whether the metadata request asks for credentials (AWS `iam/security-credentials`, GCP's
/// `service-accounts/.../token`, Azure's `identity/oauth2/token`, user data): a region, an
/// instance id or IMDSv2's session token (`/latest/api/token`) is not a secret.
fn credentials_path(input: &Input<'_>, f: &crate::effects::Found) -> bool {
    let Some(seg) = input.parsed.segments.get(f.segment) else {
        return true;
    };
    let step = seg
        .text(input.text())
        .get(f.effect.at.clone())
        .unwrap_or("")
        .to_ascii_lowercase();
    [
        "security-credentials",
        "service-accounts",
        "identity",
        "credentials",
        "user-data",
    ]
    .iter()
    .any(|w| step.contains(w))
}

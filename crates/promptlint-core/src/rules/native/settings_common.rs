//! What the settings rules (PL310, PL309, PL507, PL508) share: the finding at a span of a
//! setting, with the key path as its label.

use std::ops::Range;
use std::sync::Arc;

use super::input::Input;
use crate::finding::{Finding, Severity};
use crate::rules::Rule;

/// A finding of `rule` at `span` with `message`, labelled with the key path `path`, at
/// `severity` (with `why` when it differs from the rule's), fingerprinted on `matched`.
pub fn at_setting(
    input: &Input<'_>,
    rule: &Arc<Rule>,
    span: Range<usize>,
    path: &str,
    message: String,
    severity: Option<(Severity, &str)>,
    matched: &str,
) -> Option<Finding> {
    let mut f = Finding::new(rule, input.text(), span, message)
        .ok()?
        .with_label(format!("at `{path}`"))
        .with_matched(format!("{path}={matched}"));
    if let Some((sev, why)) = severity {
        f = f.with_severity(sev, why);
    }
    Some(f)
}

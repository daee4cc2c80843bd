//! PL411 too-many-breakpoints (see [`super::cache_common`] for which volatile values count where).

use std::sync::Arc;

use super::input::Input;
use crate::finding::Finding;
use crate::rules::Rule;

/// PL411: more `cache_control` breakpoints than the provider accepts.
pub fn too_many_breakpoints(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    let providers = crate::providers::Providers::builtin();
    let mut out = Vec::new();
    for l in &input.parsed.cache {
        let Some(p) = l.provider else { continue };
        let Some(limit) = providers.breakpoint_limit(p) else {
            continue;
        };
        if l.breakpoints.len() <= limit.max {
            continue;
        }
        let span = l.breakpoints[limit.max].clone();
        let msg = format!(
            "{} cache_control breakpoints; {} accepts at most {} and rejects the request (source: {})",
            l.breakpoints.len(),
            limit.provider,
            limit.max,
            limit.source
        );
        if let Ok(f) = Finding::new(rule, text, span, msg) {
            out.push(
                f.with_label("breakpoint over the limit")
                    .with_matched("breakpoints"),
            );
        }
    }
    out
}

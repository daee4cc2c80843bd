//! PL406 duplicate-boundary-marker (see [`super::cache_common`] for which volatile values count where).

use std::sync::Arc;

use super::cache_common::*;
use super::input::Input;
use crate::finding::Finding;
use crate::rules::Rule;

/// PL406: a boundary marker that appears more than once.
pub fn duplicate_boundary_marker(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    let mut out = Vec::new();
    for l in &input.parsed.cache {
        let Some(first) = l.markers.first() else {
            continue;
        };
        let first_line = input.lines.position(text, first.start).line;
        for m in l.markers.iter().skip(1) {
            let span = trim_span(text, m.clone());
            let msg = format!(
                "boundary marker repeated ({} times); only the first, on line {first_line}, ends the static zone, so this one is sent to the model as text",
                l.markers.len()
            );
            if let Ok(f) = Finding::new(rule, text, span, msg) {
                out.push(
                    f.with_label("second boundary")
                        .with_matched("boundary-marker"),
                );
            }
        }
    }
    out
}

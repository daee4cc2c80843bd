//! PL803 load-cap (hygiene: what the file's bytes and size do to the agent that loads it).

use std::sync::Arc;

use super::input::Input;
use crate::agents::{CapEffect, CapUnit};
use crate::finding::{Finding, Severity};
use crate::rules::Rule;
use crate::source::floor_char_boundary as floor_boundary;

/// A finding where an agent's load cap falls inside the file.
pub fn load_cap(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    let mut out = Vec::new();
    for (cap, before) in input.caps {
        let (size, unit) = match cap.unit {
            CapUnit::Bytes => (text.len() as u64, "bytes"),
            CapUnit::Chars => (text.chars().count() as u64, "characters"),
        };
        if before + size <= cap.limit {
            continue;
        }
        let room = cap.limit.saturating_sub(*before);
        let at = match cap.unit {
            CapUnit::Bytes => floor_boundary(text, usize::try_from(room).unwrap_or(usize::MAX)),
            CapUnit::Chars => text
                .char_indices()
                .nth(usize::try_from(room).unwrap_or(usize::MAX))
                .map_or(text.len(), |(i, _)| i),
        };
        let line = input.lines.position(text, at).line;
        let counted = if *before > 0 {
            format!("{} {unit} with the files loaded before it", before + size)
        } else {
            format!("{size} {unit}")
        };
        let (message, severity) = match cap.effect {
            CapEffect::Truncate => (
                format!(
                    "{} reads at most {} {unit} ({}); this file is {counted}, so from line {line} on it never reaches the model",
                    cap.agent_name, cap.limit, cap.setting,
                ),
                rule.severity,
            ),
            CapEffect::Warn => (
                format!(
                    "{} warns above {} {unit} ({}); this file is {counted}",
                    cap.agent_name, cap.limit, cap.setting
                ),
                Severity::Note,
            ),
        };
        let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
        if let Ok(f) = Finding::new(rule, text, at..end, message) {
            out.push(
                f.with_label(format!("{} cap", cap.agent_name))
                    .with_matched(format!("{}:{}", cap.agent, cap.setting))
                    .with_severity(severity, "the agent only warns"),
            );
        }
    }
    out
}

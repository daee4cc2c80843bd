//! Hygiene checks: what the file's bytes and size do to the agent that loads it.
//!
//! Invalid UTF-8 and NUL bytes (agents still read the file, so it is scanned lossily and the
//! damage reported), files longer than an agent's load cap (the rest never reaches the model),
//! files that were skipped, and structured files that did not parse.

use std::sync::Arc;

use super::Rule;
use super::native::Input;
use crate::agents::{CapEffect, CapUnit};
use crate::finding::{Finding, Severity};
use crate::source::floor_char_boundary as floor_boundary;

/// One finding at the first invalid sequence, counting them all.
pub fn invalid_utf8(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let inv = &input.decoded.invalid;
    let Some(first) = inv.first() else {
        return Vec::new();
    };
    let msg = format!(
        "{} invalid {} sequence{} replaced by U+FFFD; the agent may read something else",
        inv.len(),
        if input.decoded.encoding.as_str().starts_with("utf-16") {
            "UTF-16"
        } else {
            "UTF-8"
        },
        if inv.len() == 1 { "" } else { "s" }
    );
    Finding::new(rule, input.text(), first.clone(), msg)
        .map(|f| {
            f.with_label("invalid bytes here")
                .with_matched("invalid-utf8")
        })
        .into_iter()
        .collect()
}

/// One finding at the first NUL, counting them all.
pub fn nul_bytes(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let nul = &input.decoded.nul;
    let Some(&first) = nul.first() else {
        return Vec::new();
    };
    let msg = format!(
        "{} NUL byte{} (U+0000) in a file an agent loads; tools that stop at NUL see less than the model",
        nul.len(),
        if nul.len() == 1 { "" } else { "s" }
    );
    Finding::new(rule, input.text(), first..first + 1, msg)
        .map(|f| f.with_label("NUL").with_matched("nul"))
        .into_iter()
        .collect()
}

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

/// A note for a file that was not scanned, saying why.
pub fn skipped_file(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    match input.skipped {
        Some(why) => Finding::new(rule, input.text(), 0..0, format!("not scanned: {why}"))
            .map(|f| f.with_matched(why.to_owned()))
            .into_iter()
            .collect(),
        None => Vec::new(),
    }
}

/// A note for each parse problem (the file was still scanned as text).
pub fn parse_error(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    input
        .parsed
        .issues
        .iter()
        .filter_map(|issue| {
            let text = input.text();
            let start = floor_boundary(text, issue.span.start);
            let end = floor_boundary(text, issue.span.end.max(start));
            Finding::new(rule, text, start..end, issue.message.clone())
                .ok()
                .map(|f| f.with_matched(issue.message.clone()))
        })
        .collect()
}

/// A note at each setting of an in-tree config file (`.promptlint.yaml`) that turns off a whole
/// family or lowers an error rule's severity, so that the change gets a reviewer's attention.
/// Fires only on a source named like a config file.
pub fn weakened_config(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let name = input.path.rsplit('/').next().unwrap_or(input.path);
    if !crate::config_schema::FILE_NAMES.contains(&name) {
        return Vec::new();
    }
    let text = input.text();
    crate::config_schema::weakenings(text)
        .into_iter()
        .filter_map(|(span, message)| {
            let matched = format!("{message} {}", &text[span.clone()]);
            Finding::new(rule, text, span, message)
                .ok()
                .map(|f| f.with_label("weakens the checks").with_matched(matched))
        })
        .collect()
}

/// Directive findings (`PL806`, `PL807`) need every other finding of the source, so the
/// suppress stage ([`crate::suppress`]) reports them; their native check reports nothing.
pub fn reported_by_suppress(_input: &Input<'_>, _rule: &Arc<Rule>) -> Vec<Finding> {
    Vec::new()
}

/// `PL810` findings stand for the findings over an output limit, so the report stage
/// ([`crate::report::limit`]) reports them once a run's findings are final; their native check
/// reports nothing.
pub fn reported_by_report(_input: &Input<'_>, _rule: &Arc<Rule>) -> Vec<Finding> {
    Vec::new()
}

/// A check that panicked (`PL809`) is reported by the engine that caught the panic
/// ([`crate::check::Engine::check_text`]); its native check reports nothing.
pub fn reported_by_engine(_input: &Input<'_>, _rule: &Arc<Rule>) -> Vec<Finding> {
    Vec::new()
}

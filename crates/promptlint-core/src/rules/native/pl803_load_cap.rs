//! PL803 load-cap (hygiene: what the file's bytes and size do to the agent that loads it).
//!
//! A cap counts the documents an agent loads into the model's context: never a settings file
//! or an MCP configuration (the agent reads them as configuration), and a chain cap only the
//! files of its chain (Codex's `project_doc_max_bytes` counts the `AGENTS.md` files, not the
//! `.codex/config.toml` beside them; <https://developers.openai.com/codex/guides/agents-md>).

use std::sync::Arc;

use super::input::Input;
use crate::agents::{CapEffect, CapScope, CapUnit};
use crate::finding::{Finding, Severity};
use crate::kind::FileKind;
use crate::rules::Rule;
use crate::source::floor_char_boundary as floor_boundary;

/// A finding where an agent's load cap falls inside the file.
pub fn load_cap(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    if matches!(
        input.kind,
        FileKind::AgentSettings | FileKind::McpConfig | FileKind::McpTools
    ) {
        return Vec::new();
    }
    let text = input.text();
    let name = input.path.rsplit('/').next().unwrap_or(input.path);
    let mut out = Vec::new();
    for (cap, before) in input.caps {
        if cap.scope == CapScope::Chain
            && !cap.chain_names.iter().any(|n| n.eq_ignore_ascii_case(name))
        {
            continue;
        }
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

//! JSON output, schema version 1 (documented in README.md).
//!
//! Lines and columns are 1-based; columns count Unicode scalar values; `byte_range` is the
//! span in the decoded UTF-8 text; paths are as shown by the human output. Strings meant for
//! people (`message`) hold no raw invisible code point. Suppressed findings are listed apart,
//! under `suppressed` (present only when there are some), each with its `suppression`.
//! `key_path` (present only for a finding inside a string of a structured file: an MCP dump,
//! a manifest, an agent's settings) names that string (`result.tools[1].description`).
//! `truncated` (present only when not 0) counts the findings the output limits left out
//! ([`super::limit`]); each of them is counted by a `PL810` finding in the lists.
//! `user_level` (present only for a file of the user's own agent setup, `check --user`)
//! names the agents that read the file and says the finding applies to every project.

use serde::Serialize;

use super::model::{FileResult, Located, Report};

#[derive(Serialize)]
struct Pos {
    line: usize,
    column: usize,
}

#[derive(Serialize)]
struct JsonFinding<'a> {
    rule: &'a str,
    name: &'a str,
    family: &'a str,
    severity: &'a str,
    confidence: &'a str,
    path: String,
    start: Pos,
    end: Pos,
    byte_range: [usize; 2],
    message: &'a str,
    help: &'a str,
    fingerprint: &'a str,
    context: Option<&'a str>,
    /// The key path of the string holding the span in a structured file (an MCP dump, a
    /// manifest, an agent's settings), when the finding is in one.
    #[serde(skip_serializing_if = "Option::is_none")]
    key_path: Option<&'a str>,
    /// Other places the finding involves (a flow's source), when it has any.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related: Vec<JsonRelated<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    suppression: Option<JsonSuppression<'a>>,
    /// Present for a file of the user's own agent setup (`check --user`): the agents that
    /// read it, and that the finding applies to every project the user opens.
    #[serde(skip_serializing_if = "Option::is_none")]
    user_level: Option<JsonUserLevel<'a>>,
}

#[derive(Serialize)]
struct JsonUserLevel<'a> {
    agents: &'a [String],
    every_project: bool,
}

#[derive(Serialize)]
struct JsonRelated<'a> {
    start: Pos,
    end: Pos,
    byte_range: [usize; 2],
    message: &'a str,
}

#[derive(Serialize)]
struct JsonSuppression<'a> {
    kind: &'static str,
    by: &'static str,
    justification: Option<&'a str>,
}

#[derive(Serialize)]
struct JsonError<'a> {
    path: String,
    message: &'a str,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    version: u32,
    files_scanned: usize,
    findings: Vec<JsonFinding<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    suppressed: Vec<JsonFinding<'a>>,
    errors: Vec<JsonError<'a>>,
    #[serde(skip_serializing_if = "is_zero")]
    truncated: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

fn finding<'a>(file: &'a FileResult, l: &'a Located) -> JsonFinding<'a> {
    let f = &l.finding;
    JsonFinding {
        rule: &f.rule.id,
        name: &f.rule.name,
        family: f.rule.family.as_str(),
        severity: f.severity.as_str(),
        confidence: f.rule.confidence.as_str(),
        path: crate::escape::escape_path(&file.path),
        start: Pos {
            line: l.start.line,
            column: l.start.column,
        },
        end: Pos {
            line: l.end.line,
            column: l.end.column,
        },
        byte_range: [f.span.start, f.span.end],
        message: &f.message,
        help: &f.rule.help,
        fingerprint: &l.fingerprint,
        context: f.context.as_deref(),
        key_path: f.key_path.as_deref(),
        related: f
            .related
            .iter()
            .zip(&l.related)
            .map(|(r, (start, end))| JsonRelated {
                start: Pos {
                    line: start.line,
                    column: start.column,
                },
                end: Pos {
                    line: end.line,
                    column: end.column,
                },
                byte_range: [r.span.start, r.span.end],
                message: &r.message,
            })
            .collect(),
        suppression: l.suppression.as_ref().map(|s| JsonSuppression {
            kind: s.kind.as_str(),
            by: s.by.as_str(),
            justification: s.justification.as_deref(),
        }),
        user_level: file.user_level.then_some(JsonUserLevel {
            agents: &file.agents,
            every_project: true,
        }),
    }
}

/// Renders the report as pretty JSON with a trailing newline.
pub fn render(report: &Report) -> String {
    let out = JsonReport {
        version: 1,
        files_scanned: report.files_scanned,
        findings: report
            .findings()
            .map(|(file, l)| finding(file, l))
            .collect(),
        suppressed: report
            .suppressed()
            .map(|(file, l)| finding(file, l))
            .collect(),
        errors: report
            .run_errors
            .iter()
            .map(|m| JsonError {
                path: String::new(),
                message: m,
            })
            .chain(report.errors.iter().map(|e| JsonError {
                path: crate::escape::escape_path(&e.path),
                message: &e.message,
            }))
            .collect(),
        truncated: report.truncated,
    };
    let mut s = serde_json::to_string_pretty(&out).expect("plain data serializes");
    s.push('\n');
    s
}

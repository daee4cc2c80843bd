//! GitLab Code Quality report: the JSON array a CI job uploads with
//! `artifacts: reports: codequality:`, shown in the merge request widget and diff.
//!
//! Input: a sorted [`Report`] and the [`SourceRoot`] that paths are relative to. Output: a
//! pretty JSON array with one issue per finding, each with exactly the fields GitLab
//! requires: `description`, `check_name`, `fingerprint`, `severity`, `location.path`
//! (relative to the repository root) and `location.lines.begin` (1-based). Format:
//! <https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format>. Unreadable
//! sources have no place in the format; they still make the run exit with code 2.
//!
//! Severity, on GitLab's scale `info`, `minor`, `major`, `critical`, `blocker`: an error
//! (almost surely hostile) is `critical`, a warning `major`, a note `info`. `blocker` is left
//! for nothing: promptlint does not know what blocks a merge in a given project, `--fail-on`
//! decides that. The fingerprint is promptlint's own (rule, path, matched text, occurrence;
//! no line number), so GitLab tracks an issue across edits above it and tells two identical
//! findings in one file apart.

use serde::Serialize;

use super::model::Report;
use super::root::SourceRoot;
use crate::finding::Severity;

/// One Code Quality issue.
#[derive(Debug, Serialize)]
pub struct Issue {
    /// The finding's message, then the rule (`... (PL201 bidi-control)`).
    pub description: String,
    /// The rule id (`PL201`).
    pub check_name: String,
    /// promptlint's fingerprint (64 hex digits), unique per finding.
    pub fingerprint: String,
    /// `critical`, `major` or `info`.
    pub severity: &'static str,
    /// Where.
    pub location: IssueLocation,
}

/// `location` of an issue.
#[derive(Debug, Serialize)]
pub struct IssueLocation {
    /// Path relative to the repository root, `/` separators.
    pub path: String,
    /// Lines.
    pub lines: Lines,
}

/// `location.lines` of an issue.
#[derive(Debug, Serialize)]
pub struct Lines {
    /// 1-based first line.
    pub begin: usize,
}

/// GitLab severity of a promptlint severity (see the module docs).
pub fn severity(s: Severity) -> &'static str {
    match s {
        Severity::Error => "critical",
        Severity::Warning => "major",
        Severity::Note => "info",
    }
}

/// Builds the issues of `report`.
pub fn issues(report: &Report, root: &SourceRoot) -> Vec<Issue> {
    report
        .findings()
        .map(|(file, l)| {
            let f = &l.finding;
            Issue {
                description: format!("{} ({} {})", f.message, f.rule.id, f.rule.name),
                check_name: f.rule.id.clone(),
                fingerprint: l.fingerprint.clone(),
                severity: severity(f.severity),
                location: IssueLocation {
                    path: root.relative_path(&file.path),
                    lines: Lines {
                        begin: l.start.line,
                    },
                },
            }
        })
        .collect()
}

/// Renders the report as a pretty JSON array with a trailing newline.
pub fn render(report: &Report, root: &SourceRoot) -> String {
    let json = serde_json::to_string_pretty(&issues(report, root)).expect("plain data serializes");
    let mut s = super::model::escape_json_invisible(&json);
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn severities_map_to_gitlabs_scale() {
        assert_eq!(severity(Severity::Error), "critical");
        assert_eq!(severity(Severity::Warning), "major");
        assert_eq!(severity(Severity::Note), "info");
    }
}

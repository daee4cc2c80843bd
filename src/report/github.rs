//! GitHub Actions workflow commands: one annotation per finding.
//!
//! Input: a sorted [`Report`] and the [`SourceRoot`] that paths are relative to. Output: one
//! line per finding,
//! `::error file=AGENTS.md,line=3,col=5,endLine=3,endColumn=6,title=PL201 bidi-control::message`
//! (`::warning` for warnings, `::notice` for notes), and one `::error` line without a file per
//! run error ([`Report::run_errors`]) and per unreadable source. Columns count UTF-16 code
//! units, as in SARIF. The command syntax is GitHub's "Setting an error message" workflow command:
//! <https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions#setting-an-error-message>.
//! GitHub shows at most 10 annotations of each level per step (and 50 per job); the rest stay
//! in the log.
//!
//! Escaping follows the runner's toolkit, `escapeData` and `escapeProperty` in
//! <https://github.com/actions/toolkit/blob/main/packages/core/src/command.ts>: in the message,
//! `%` -> `%25`, CR -> `%0D`, LF -> `%0A`; in property values also `:` -> `%3A` and
//! `,` -> `%2C`. Scanned text is escaped by [`crate::escape`] first, so no raw invisible or
//! bidi code point reaches the log.

use std::fmt::Write as _;

use super::model::Report;
use super::root::SourceRoot;
use crate::escape::escape_invisible;
use crate::finding::Severity;

/// Escapes a workflow command's message (`escapeData`).
pub fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a workflow command's property value (`escapeProperty`).
pub fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// The command name of a severity.
pub fn command(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "notice",
    }
}

/// Renders the report as workflow commands, one per line.
pub fn render(report: &Report, root: &SourceRoot) -> String {
    let mut out = String::new();
    for (file, l) in report.findings() {
        let f = &l.finding;
        let path = escape_invisible(&root.relative_path(&file.path));
        let title = format!("{} {}", f.rule.id, f.rule.name);
        let _ = writeln!(
            out,
            "::{} file={},line={},col={},endLine={},endColumn={},title={}::{}",
            command(f.severity),
            escape_property(&path),
            l.start.line,
            l.start.utf16_column,
            l.end.line,
            l.end.utf16_column,
            escape_property(&title),
            escape_data(&escape_invisible(&f.message)),
        );
    }
    for m in &report.run_errors {
        let _ = writeln!(out, "::error title=promptlint::{}", escape_data(m));
    }
    for e in &report.errors {
        let _ = writeln!(
            out,
            "::error title=promptlint::{}",
            escape_data(&format!(
                "cannot read {}: {}",
                escape_invisible(&e.path),
                e.message
            )),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_follow_the_toolkit() {
        assert_eq!(
            escape_data("50% done\r\nnext: a, b"),
            "50%25 done%0D%0Anext: a, b"
        );
        assert_eq!(escape_property("dir:a,b%\n"), "dir%3Aa%2Cb%25%0A");
    }

    #[test]
    fn severities_name_commands() {
        assert_eq!(command(Severity::Error), "error");
        assert_eq!(command(Severity::Warning), "warning");
        assert_eq!(command(Severity::Note), "notice");
    }
}

//! Concise output: one line per finding, `path:line:col: PLnnn [severity] message`, the form
//! of `ruff check --output-format concise` and of compilers' one-line diagnostics, which
//! editors and `grep` read. Then the read errors and the summary line of the human output.
//!
//! Paths and messages are escaped to one line ([`crate::escape`]): no raw invisible or bidi
//! code point and no line break of a file's text reaches the terminal.

use std::fmt::Write as _;

use super::human::{errors_and_summary, statistics};
use super::model::{HumanOptions, Report};
use crate::escape::{escape_one_line, escape_path};

/// Renders `report` one finding per line (columns in chars, 1-based); `opts.quiet` and
/// `opts.statistics` as in the human output.
pub fn render(report: &Report, opts: HumanOptions) -> String {
    let mut out = String::new();
    if opts.quiet >= 2 {
        return out;
    }
    if opts.statistics {
        out.push_str(&statistics(report));
    } else {
        for (file, l) in report.findings() {
            let _ = writeln!(
                out,
                "{}:{}:{}: {} [{}] {}",
                escape_path(&file.path),
                l.start.line,
                l.start.column,
                l.finding.rule.id,
                l.finding.severity.as_str(),
                escape_one_line(&l.finding.message)
            );
        }
    }
    errors_and_summary(report, opts, &mut out);
    out
}

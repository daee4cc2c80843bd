//! Human output: one miette diagnostic per finding (source line, a label at the exact span,
//! help), then a summary line.
//!
//! The snippet shown is an escaped copy of the lines around the finding: no raw invisible or
//! bidi code point reaches the terminal, long lines are cut around the span, and the label is
//! moved to the escaped position. The line numbers shown are the file's.

use std::fmt;
use std::fmt::Write as _;
use std::ops::Range;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};

use super::model::{FileResult, HumanOptions, Located, Report};
use crate::escape::{escape_invisible, escape_one_line, escape_path, truncate_chars};
use crate::finding::Severity;

/// Characters of context kept before and after the span on its line.
const KEEP_BEFORE: usize = 60;
const KEEP_AFTER: usize = 40;
/// Longest span text shown.
const MAX_SPAN: usize = 160;

/// An escaped excerpt of a source with its first line number.
#[derive(Debug)]
struct Snippet {
    name: String,
    text: String,
    /// 0-based line of the first line of `text` in the file.
    first_line: usize,
    /// The label's span in `text`, and the 0-based (line, column) of the finding in the file:
    /// miette asks for the label's span with no context lines to print the
    /// `path:line:column` header (the renderer is set to one context line, so the snippet
    /// request is told apart).
    label: (usize, usize),
    at: (usize, usize),
}

impl SourceCode for Snippet {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let lines = self.text.lines().count().max(1);
        if before == 0 && after == 0 && (span.offset(), span.len()) == self.label {
            return Ok(Box::new(MietteSpanContents::new_named(
                self.name.clone(),
                self.text.as_bytes(),
                *span,
                self.at.0,
                self.at.1,
                1,
            )));
        }
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            self.text.as_bytes(),
            SourceSpan::from((0, self.text.len())),
            self.first_line,
            0,
            lines,
        )))
    }
}

struct FindingDiagnostic {
    message: String,
    code: String,
    severity: miette::Severity,
    help: String,
    label: LabeledSpan,
    snippet: Snippet,
}

impl fmt::Debug for FindingDiagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Display for FindingDiagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FindingDiagnostic {}

impl Diagnostic for FindingDiagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(&self.code))
    }
    fn severity(&self) -> Option<miette::Severity> {
        Some(self.severity)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(&self.help))
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.snippet)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(self.label.clone())))
    }
}

/// Cuts `s` to its last `n` chars, marking the cut.
fn keep_tail(s: &str, n: usize) -> String {
    let count = s.chars().count();
    if count <= n {
        return s.to_owned();
    }
    let skip = s.char_indices().nth(count - n).map_or(0, |(i, _)| i);
    format!("…{}", &s[skip..])
}

fn floor(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The escaped snippet of the finding's lines and the span of the finding in it.
fn snippet(file: &FileResult, l: &Located) -> (Snippet, Range<usize>) {
    let text = &file.text;
    let span = &l.finding.span;
    let first = file.lines.line_of(span.start);
    let last = file
        .lines
        .line_of(span.end.saturating_sub(1).max(span.start));
    let line_start = file.lines.line_range(text, first).start;
    let line_end = file.lines.line_range(text, last).end;
    // Only a bounded window around the span is escaped, so a long line with many findings
    // costs each finding the window, not the line.
    let window_start = floor(text, span.start.saturating_sub(4 * KEEP_BEFORE)).max(line_start);
    let before = escape_invisible(&text[window_start..span.start]);
    let before = if window_start > line_start {
        format!(
            "…{}",
            keep_tail(&before, KEEP_BEFORE).trim_start_matches('…')
        )
    } else {
        keep_tail(&before, KEEP_BEFORE)
    };
    let inner_end = floor(text, (span.start + 16 * MAX_SPAN).min(span.end));
    let inner = escape_invisible(&text[span.start..inner_end]);
    let inner = if inner.lines().count() > 6 || inner.chars().count() > MAX_SPAN * 3 {
        truncate_chars(&inner, MAX_SPAN)
    } else {
        inner
    };
    let after_end = floor(
        text,
        span.end
            .max(line_end.min(text.len()))
            .min(span.end + 4 * KEEP_AFTER),
    )
    .max(span.end);
    let after = escape_invisible(&text[span.end..after_end]);
    let after = after.trim_end_matches('\r');
    let after = truncate_chars(after, KEEP_AFTER);
    let mut s = String::with_capacity(before.len() + inner.len() + after.len());
    s.push_str(&before);
    let a = s.len();
    s.push_str(&inner);
    let b = s.len();
    s.push_str(&after);
    (
        Snippet {
            name: escape_path(&file.path),
            text: s,
            first_line: first,
            label: (a, b - a),
            at: (l.start.line - 1, l.start.column - 1),
        },
        a..b,
    )
}

fn diagnostic(file: &FileResult, l: &Located) -> FindingDiagnostic {
    let f = &l.finding;
    let (snippet, span) = snippet(file, l);
    let mut help = f.rule.summary.trim().to_owned();
    if let Some(why) = &f.context {
        let _ = write!(help, "\nreported as {} ({why})", f.severity);
    }
    let label_text = f.label.clone().unwrap_or_else(|| f.rule.name.clone());
    FindingDiagnostic {
        message: f.message.clone(),
        code: format!("{} {}", f.rule.id, f.rule.name),
        severity: match f.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Note => miette::Severity::Advice,
        },
        help,
        label: LabeledSpan::new_primary_with_span(
            Some(label_text),
            span.start..span.end.max(span.start),
        ),
        snippet,
    }
}

/// Renders every finding that is not suppressed as a diagnostic, the read errors, and a
/// summary line that counts the suppressed ones (`… in 3 files scanned (2 suppressed)`).
pub fn render(report: &Report, opts: HumanOptions) -> String {
    let theme = if opts.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_context_lines(1)
        .with_width(100)
        .with_links(false);
    let mut out = String::new();
    if opts.quiet >= 2 {
        return out;
    }
    if opts.statistics {
        out.push_str(&statistics(report));
    } else {
        for (file, l) in report.findings() {
            let d = diagnostic(file, l);
            if handler.render_report(&mut out, &d).is_err() {
                let _ = writeln!(
                    out,
                    "{}: {}: {}",
                    escape_path(&file.path),
                    l.finding.rule.id,
                    l.finding.message
                );
            }
            out.push('\n');
        }
    }
    errors_and_summary(report, opts, &mut out);
    out
}

/// The read errors, one line each, then (unless `-q`) the summary line: shared by the human
/// and concise renderers.
pub(super) fn errors_and_summary(report: &Report, opts: HumanOptions, out: &mut String) {
    for e in &report.errors {
        let _ = writeln!(
            out,
            "error: {}: {}",
            escape_path(&e.path),
            escape_one_line(&e.message)
        );
    }
    let c = report.counts();
    let total = c.errors + c.warnings + c.notes;
    let files = report.files_scanned;
    let suppressed = report.suppressed().count();
    if opts.quiet >= 1 {
        return;
    }
    let _ = writeln!(
        out,
        "{} finding{} ({} error{}, {} warning{}, {} note{}) in {} file{} scanned{}{}{}",
        total,
        plural(total),
        c.errors,
        plural(c.errors),
        c.warnings,
        plural(c.warnings),
        c.notes,
        plural(c.notes),
        files,
        plural(files),
        if suppressed == 0 {
            String::new()
        } else {
            format!(" ({suppressed} suppressed)")
        },
        if report.truncated == 0 {
            String::new()
        } else {
            format!(
                "; {} more over the output limits, counted by PL810",
                report.truncated
            )
        },
        if report.errors.is_empty() {
            String::new()
        } else {
            format!(
                "; {} file{} could not be read",
                report.errors.len(),
                plural(report.errors.len())
            )
        }
    );
}

/// One line per rule with unsuppressed findings, most found first: count, id, name, severity
/// (as `ruff --statistics`).
pub(super) fn statistics(report: &Report) -> String {
    let mut by_rule: std::collections::BTreeMap<&str, (usize, &str, Severity)> =
        std::collections::BTreeMap::new();
    for (_, l) in report.findings() {
        let r = &l.finding.rule;
        let e = by_rule
            .entry(r.id.as_str())
            .or_insert((0, r.name.as_str(), l.finding.severity));
        e.0 += 1;
        e.2 = e.2.max(l.finding.severity);
    }
    let mut rows: Vec<_> = by_rule.into_iter().collect();
    rows.sort_by(|a, b| b.1.0.cmp(&a.1.0).then(a.0.cmp(b.0)));
    let w = rows.iter().map(|(_, (_, n, _))| n.len()).max().unwrap_or(0);
    let mut out = String::new();
    for (id, (count, name, severity)) in rows {
        let _ = writeln!(out, "{count:>5}  {id}  {name:<w$}  {}", severity.as_str());
    }
    out
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

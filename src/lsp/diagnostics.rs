//! Findings as the protocol's diagnostics
//! (<https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#diagnostic>):
//! the rule id as `code`, its entry in docs/rules.md as `codeDescription` (SARIF's `helpUri`,
//! [`crate::report::sarif::help_uri`]), the severity, the message (already escaped: no raw
//! invisible code point), the related places of the finding, and exact ranges in the
//! negotiated encoding. Suppressed findings are left out, as the human output leaves them out.

use std::str::FromStr;

use lsp_types::{
    CodeDescription, Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location,
    NumberOrString, Uri,
};

use super::position::{Encoding, Lines};
use crate::report::{FileResult, Located};
use crate::severity::Severity;

/// The `source` of every diagnostic.
pub(crate) const SOURCE: &str = "promptlint";

/// The protocol's severity of a finding's: a note is information.
pub(crate) fn severity(s: Severity) -> DiagnosticSeverity {
    match s {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Note => DiagnosticSeverity::INFORMATION,
    }
}

/// The diagnostics of `result`, a check of `text` (the document named `uri`).
pub(crate) fn of(
    result: &FileResult,
    text: &str,
    lines: &Lines,
    enc: Encoding,
    uri: &Uri,
) -> Vec<Diagnostic> {
    result
        .findings
        .iter()
        .filter(|l| l.suppression.is_none())
        .map(|l| diagnostic(l, text, lines, enc, uri))
        .collect()
}

fn diagnostic(l: &Located, text: &str, lines: &Lines, enc: Encoding, uri: &Uri) -> Diagnostic {
    let f = &l.finding;
    let mut message = f.message.clone();
    if let Some(why) = &f.context {
        message.push_str(&format!("\nreported as {} ({why})", f.severity));
    }
    let related: Vec<DiagnosticRelatedInformation> = f
        .related
        .iter()
        .map(|r| DiagnosticRelatedInformation {
            location: Location {
                uri: uri.clone(),
                range: lines.range(text, &r.span, enc),
            },
            message: r.message.clone(),
        })
        .collect();
    Diagnostic {
        range: lines.range(text, &f.span, enc),
        severity: Some(severity(f.severity)),
        code: Some(NumberOrString::String(f.rule.id.clone())),
        code_description: Uri::from_str(&crate::report::sarif::help_uri(&f.rule))
            .ok()
            .map(|href| CodeDescription { href }),
        source: Some(SOURCE.to_owned()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: None,
    }
}

/// A diagnostic of promptlint's own at the start of line `line` (0-based) and column
/// `column` (in chars) of `text`, to the line's end: where a config problem or a check's
/// internal error is shown.
pub(crate) fn at_line(
    text: &str,
    line: usize,
    column: usize,
    enc: Encoding,
    code: &str,
    message: String,
) -> Diagnostic {
    let lines = Lines::new(text);
    let content = lines.content(text, line.min(lines.count().saturating_sub(1)));
    let start = text[content.clone()]
        .char_indices()
        .nth(column)
        .map_or(content.end, |(i, _)| content.start + i);
    Diagnostic {
        range: lines.range(text, &(start..content.end), enc),
        severity: Some(DiagnosticSeverity::ERROR),
        code: Some(NumberOrString::String(code.to_owned())),
        code_description: None,
        source: Some(SOURCE.to_owned()),
        message,
        related_information: None,
        tags: None,
        data: None,
    }
}

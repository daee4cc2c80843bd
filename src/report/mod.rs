//! Render stage: the sorted report and the renderers, which are pure functions of it.
//!
//! Input: every [`FileResult`] and [`FileError`] of a run. Output: text in the chosen
//! [`Format`], and the exit code. Invariants: files are sorted by path and findings by
//! (line, column, rule id), so output is deterministic whatever order the parallel stages
//! finished in; fingerprints are computed here, once the order is fixed.

pub mod human;
pub mod json;

use std::collections::HashMap;
use std::str::FromStr;

use crate::discover::FileError;
use crate::finding::{Finding, Severity, fingerprint};
use crate::kind::FileKind;
use crate::source::{LineIndex, Position};

/// A finding with its resolved positions and fingerprint.
#[derive(Debug, Clone)]
pub struct Located {
    /// The finding.
    pub finding: Finding,
    /// Start position (1-based line, columns in chars and UTF-16 units).
    pub start: Position,
    /// End position (exclusive).
    pub end: Position,
    /// sha256 hex of rule id, path, matched text and occurrence (see [`fingerprint`]).
    pub fingerprint: String,
}

/// The result of one source.
#[derive(Debug, Clone)]
pub struct FileResult {
    /// Display path.
    pub path: String,
    /// The kind it was checked as (`None` for a file skipped before its kind was known).
    pub kind: Option<FileKind>,
    /// The decoded text, kept only when there are findings to show.
    pub text: String,
    /// Line index of `text`.
    pub lines: LineIndex,
    /// Findings, sorted by position then rule id.
    pub findings: Vec<Located>,
    /// True when the file was read and scanned (not skipped).
    pub scanned: bool,
}

impl FileResult {
    /// Locates `findings` in `text` and keeps the text only if there is something to show.
    pub fn new(
        path: String,
        kind: Option<FileKind>,
        text: String,
        findings: Vec<Finding>,
        scanned: bool,
    ) -> FileResult {
        let lines = LineIndex::new(&text);
        let mut located = crate::check::locate(&text, &lines, findings);
        located.sort_by(|a, b| {
            (a.start, a.end, &a.finding.rule.id).cmp(&(b.start, b.end, &b.finding.rule.id))
        });
        let (text, lines) = if located.is_empty() {
            (String::new(), LineIndex::new(""))
        } else {
            (text, lines)
        };
        FileResult {
            path,
            kind,
            text,
            lines,
            findings: located,
            scanned,
        }
    }
}

/// Everything a run found.
#[derive(Debug, Default)]
pub struct Report {
    /// Number of sources read and scanned (skipped files are not counted).
    pub files_scanned: usize,
    /// Per-source results, sorted by path.
    pub files: Vec<FileResult>,
    /// Sources that could not be read, sorted by path.
    pub errors: Vec<FileError>,
}

/// Counts by severity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Error findings.
    pub errors: usize,
    /// Warning findings.
    pub warnings: usize,
    /// Note findings.
    pub notes: usize,
}

impl Report {
    /// Builds the report: sorts, and computes fingerprints.
    pub fn new(mut files: Vec<FileResult>, mut errors: Vec<FileError>) -> Report {
        files.sort_by(|a, b| a.path.cmp(&b.path));
        errors.sort_by(|a, b| a.path.cmp(&b.path));
        for file in &mut files {
            let mut seen: HashMap<(String, String), usize> = HashMap::new();
            for l in &mut file.findings {
                let key = (l.finding.rule.id.clone(), l.finding.matched.clone());
                let n = seen.entry(key).or_insert(0);
                l.fingerprint = fingerprint(&l.finding.rule.id, &file.path, &l.finding.matched, *n);
                *n += 1;
            }
        }
        Report {
            files_scanned: files.iter().filter(|f| f.scanned).count(),
            files,
            errors,
        }
    }

    /// Every finding with its file, in output order.
    pub fn findings(&self) -> impl Iterator<Item = (&FileResult, &Located)> {
        self.files
            .iter()
            .flat_map(|f| f.findings.iter().map(move |l| (f, l)))
    }

    /// Findings by severity.
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for (_, l) in self.findings() {
            match l.finding.severity {
                Severity::Error => c.errors += 1,
                Severity::Warning => c.warnings += 1,
                Severity::Note => c.notes += 1,
            }
        }
        c
    }

    /// The process exit code: 2 when a source could not be read, 1 when a finding is at or
    /// above `fail_on`, 0 otherwise.
    pub fn exit_code(&self, fail_on: FailOn) -> u8 {
        if !self.errors.is_empty() {
            return 2;
        }
        let threshold = match fail_on {
            FailOn::Never => return 0,
            FailOn::Error => Severity::Error,
            FailOn::Warning => Severity::Warning,
            FailOn::Note => Severity::Note,
        };
        u8::from(
            self.findings()
                .any(|(_, l)| l.finding.severity >= threshold),
        )
    }
}

/// The lowest severity that makes the run fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FailOn {
    /// Only errors.
    Error,
    /// Warnings and errors (default).
    #[default]
    Warning,
    /// Any finding.
    Note,
    /// Never fail on findings.
    Never,
}

impl FromStr for FailOn {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "error" => Ok(FailOn::Error),
            "warning" => Ok(FailOn::Warning),
            "note" => Ok(FailOn::Note),
            "never" => Ok(FailOn::Never),
            _ => Err(format!("`{s}` is not one of error, warning, note, never")),
        }
    }
}

/// Output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// rustc-style diagnostics (miette) and a summary line.
    #[default]
    Human,
    /// JSON, schema version 1 (README).
    Json,
}

/// Options of the human renderer.
#[derive(Debug, Clone, Copy, Default)]
pub struct HumanOptions {
    /// Use ANSI colors.
    pub color: bool,
    /// Print only the summary and errors, no diagnostics.
    pub quiet: bool,
}

/// Renders `report` in `format`.
pub fn render(report: &Report, format: Format, human: HumanOptions) -> String {
    match format {
        Format::Human => human::render(report, human),
        Format::Json => json::render(report),
    }
}

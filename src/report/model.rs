//! The report model: per-source results with located findings, suppressions, the run's
//! errors and output limits; every renderer is a pure function of it.

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::Arc;

use super::excerpt::Excerpt;
use crate::discover::FileError;
use crate::finding::{Finding, Severity, fingerprint};
use crate::kind::FileKind;
use crate::rules::Rule;
use crate::source::{LineIndex, Position};

/// Id of the rule whose findings stand for the findings over a limit.
pub const TRUNCATED: &str = "PL810";

/// Default of `--max-findings-per-rule` / `max_findings_per_rule`: findings of one rule listed
/// per file (unsuppressed and suppressed ones counted apart). No real file comes near it: the
/// largest count of one rule in one file is 6 over the 300 files of `../shared/corpus` and 4
/// over the repository's `fixtures/`, while a request log with a bad line on every line
/// reaches it after 100 lines (200 KB of such lines: 18 MB of JSON without the limit, 82 KB
/// with it).
pub const DEFAULT_MAX_FINDINGS_PER_RULE: usize = 100;

/// Default of `--max-findings` / `max_findings`: findings listed per run (unsuppressed and
/// suppressed ones counted apart). GitHub code scanning rejects a SARIF run of more than
/// 25,000 results and shows the top 5,000
/// (<https://docs.github.com/en/code-security/code-scanning/troubleshooting-sarif-uploads/results-exceed-limit>):
/// 10,000 of each kind, plus their `PL810` summaries, stay under the hard limit.
pub const DEFAULT_MAX_FINDINGS: usize = 10_000;

/// The output limits of a run. `0` means no limit, as golangci-lint's `max-issues-per-linter`
/// and `max-same-issues` ("Set to 0 to disable",
/// <https://golangci-lint.run/usage/configuration/#config-file>).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Findings of one rule listed per file (count of findings; 0: no limit).
    pub per_rule: usize,
    /// Findings listed per run (count of findings; 0: no limit).
    pub per_run: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            per_rule: DEFAULT_MAX_FINDINGS_PER_RULE,
            per_run: DEFAULT_MAX_FINDINGS,
        }
    }
}

impl Limits {
    /// No limit at all.
    pub const NONE: Limits = Limits {
        per_rule: 0,
        per_run: 0,
    };
}

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
    /// 0-based index of this finding among the findings of its file with the same rule and
    /// matched text (set with the fingerprint, which includes it).
    pub occurrence: usize,
    /// Where the finding's related places are ([`Finding::related`]), in the same order.
    pub related: Vec<(Position, Position)>,
    /// Why the finding is suppressed, when it is (set by [`crate::suppress`]). Suppressed
    /// findings are kept: they do not count towards the exit code or the severity counts, the
    /// human summary counts them, JSON lists them under `suppressed`, and SARIF gives them
    /// `result.suppressions`.
    pub suppression: Option<Suppression>,
    /// True when `--fix` would remove something for this finding (set from the file's text,
    /// [`super::fixable::fixable`]); the human summary counts them.
    pub fixable: bool,
}

impl Located {
    /// A finding at `start..end`, not yet fingerprinted (see [`Report::new`]) nor suppressed.
    pub fn new(finding: Finding, start: Position, end: Position) -> Located {
        Located {
            finding,
            start,
            end,
            fingerprint: String::new(),
            occurrence: 0,
            related: Vec::new(),
            suppression: None,
            fixable: false,
        }
    }
}

/// Builds a located finding list for a file result (positions from the line index).
pub fn locate(text: &str, lines: &LineIndex, findings: Vec<Finding>) -> Vec<Located> {
    let offsets: Vec<usize> = findings
        .iter()
        .flat_map(|f| [f.span.start, f.span.end])
        .collect();
    let positions = lines.positions(text, &offsets);
    findings
        .into_iter()
        .zip(positions.chunks(2))
        .map(|(f, p)| {
            let related: Vec<usize> = f
                .related
                .iter()
                .flat_map(|r| [r.span.start, r.span.end])
                .collect();
            let at = if related.is_empty() {
                Vec::new()
            } else {
                lines.positions(text, &related)
            };
            let mut l = Located::new(f, p[0], p[1]);
            l.related = at.chunks(2).map(|q| (q[0], q[1])).collect();
            l
        })
        .collect()
}

/// A finding and its suppression, and how findings are suppressed: the library's
/// ([`crate::directives`], where the inline directives are read).
pub use crate::directives::{Judged, SuppressedBy, Suppression, SuppressionKind};

/// One entry of a baseline file.
#[derive(
    Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(deny_unknown_fields)]
pub struct BaselineEntry {
    /// The finding's path, as output shows it.
    pub path: String,
    /// Rule id.
    pub rule: String,
    /// The finding's fingerprint (see [`crate::finding::fingerprint`]).
    pub fingerprint: String,
    /// The finding's severity when it was recorded: a finding of the same fingerprint is
    /// suppressed only at this severity or lower, so a note edited into a live error (its
    /// words, and so its fingerprint, unchanged; the cue that lowered it gone) is reported.
    /// Absent in baselines written before it was recorded: those suppress at any severity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub severity: Option<crate::finding::Severity>,
    /// Why its severity differed from the rule's when it was recorded (the lowering cue),
    /// for the reader of the baseline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<String>,
}

/// The result of one source.
#[derive(Debug, Clone)]
pub struct FileResult {
    /// Display path.
    pub path: String,
    /// The kind it was checked as (`None` for a file skipped before its kind was known).
    pub kind: Option<FileKind>,
    /// The decoded text, kept only when there are findings, and only until the result
    /// leaves its worker ([`FileResult::release_text`]) unless `--fix` needs it. Rendering
    /// reads [`FileResult::excerpt`].
    pub text: String,
    /// What rendering shows of the text: the pieces around each finding and their lines.
    pub excerpt: Excerpt,
    /// Findings, sorted by position then rule id.
    pub findings: Vec<Located>,
    /// True when the file was read and scanned (not skipped).
    pub scanned: bool,
    /// A file of the user's own agent setup (`check --user`): what it says applies to every
    /// project the user opens.
    pub user_level: bool,
    /// The ids of the agents that read it, for a file of the user's setup (else empty).
    pub agents: Vec<String>,
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
        let judged = findings.into_iter().map(|f| (f, None)).collect();
        FileResult::judged(path, kind, text, judged, scanned)
    }

    /// As [`FileResult::new`], for findings that the suppress stage has judged.
    pub fn judged(
        path: String,
        kind: Option<FileKind>,
        text: String,
        findings: Vec<Judged>,
        scanned: bool,
    ) -> FileResult {
        if findings.is_empty() {
            return FileResult {
                path,
                kind,
                text: String::new(),
                excerpt: Excerpt::default(),
                findings: Vec::new(),
                scanned,
                user_level: false,
                agents: Vec::new(),
            };
        }
        let lines = LineIndex::new(&text);
        let (findings, suppressions): (Vec<Finding>, Vec<Option<Suppression>>) =
            findings.into_iter().unzip();
        let mut located = locate(&text, &lines, findings);
        for (l, s) in located.iter_mut().zip(suppressions) {
            l.suppression = s;
        }
        located.sort_by(|a, b| {
            (a.start, a.end, &a.finding.rule.id).cmp(&(b.start, b.end, &b.finding.rule.id))
        });
        let judged: Vec<_> = located
            .iter()
            .map(|l| (&l.finding, l.suppression.is_none()))
            .collect();
        let fixable = super::fixable::fixable(&text, &judged);
        for (l, f) in located.iter_mut().zip(fixable) {
            l.fixable = f;
        }
        let excerpt = Excerpt::around(
            &text,
            &lines,
            located.iter().map(|l| l.finding.span.clone()),
        );
        FileResult {
            path,
            kind,
            text,
            excerpt,
            findings: located,
            scanned,
            user_level: false,
            agents: Vec::new(),
        }
    }

    /// Drops the whole text, keeping [`FileResult::excerpt`]: every renderer reads only that;
    /// `--fix` needs the text.
    pub fn release_text(&mut self) {
        self.text = String::new();
    }
}

/// A source of a run without any finding, as [`CleanFiles`] keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CleanFile<'a> {
    /// Display path.
    pub path: &'a str,
    /// The kind it was checked as (`None` for a file skipped before its kind was known).
    pub kind: Option<FileKind>,
    /// True when the file was read and scanned (not skipped).
    pub scanned: bool,
}

/// The sources of a run that have no finding, in the order they were added: their paths in
/// one buffer, as a run of a large tree has many and needs nothing else of them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CleanFiles {
    /// The paths, one after the other.
    paths: String,
    /// Where each path ends in `paths`.
    ends: Vec<usize>,
    /// Kind and scanned flag of each.
    about: Vec<(Option<FileKind>, bool)>,
}

impl CleanFiles {
    /// Adds the source of `result` (its findings, if any, are not kept).
    pub fn push(&mut self, result: &FileResult) {
        self.paths.push_str(&result.path);
        self.ends.push(self.paths.len());
        self.about.push((result.kind, result.scanned));
    }

    /// Adds the sources of `other` after these.
    pub fn append(&mut self, other: CleanFiles) {
        // Exactly what is added: merging the checking threads' lists of a large tree (a
        // 1 GB generated tree has 171,000 clean files) would otherwise grow the larger list
        // to up to twice what it needs, at the run's peak.
        let base = self.paths.len();
        self.paths.reserve_exact(other.paths.len());
        self.ends.reserve_exact(other.ends.len());
        self.about.reserve_exact(other.about.len());
        self.paths.push_str(&other.paths);
        self.ends.extend(other.ends.iter().map(|e| base + e));
        self.about.extend(other.about);
    }

    /// Number of sources.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True when there is none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The sources, in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = CleanFile<'_>> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .zip(&self.about)
            .map(|((start, &end), &(kind, scanned))| CleanFile {
                path: &self.paths[start..end],
                kind,
                scanned,
            })
    }
}

/// Everything a run found.
#[derive(Debug, Default)]
pub struct Report {
    /// Number of sources read and scanned (skipped files are not counted).
    pub files_scanned: usize,
    /// Per-source results, sorted by path: every source of a report built by
    /// [`Report::new`]; the sources with findings of a run (see [`Report::clean`]).
    pub files: Vec<FileResult>,
    /// The sources of a run without any finding (the run keeps them apart, compactly);
    /// empty in a report built by [`Report::new`]. [`Report::sources`] lists both.
    pub clean: CleanFiles,
    /// Sources that could not be read, sorted by path.
    pub errors: Vec<FileError>,
    /// The rules enabled for the run, in catalog order (SARIF lists them all, found or not).
    /// Empty when the report was built without a catalog; renderers then list the rules of
    /// the findings.
    pub rules: Vec<Arc<Rule>>,
    /// Entries of the `--baseline` file whose finding is gone (of a file this run scanned and
    /// a rule it ran); `--baseline-prune` lists and removes them.
    pub stale_baseline: Vec<BaselineEntry>,
    /// The output limits of the run ([`Report::truncate`] applies them; [`crate::check`]
    /// returns the report untruncated, so that `--write-baseline` records every finding).
    pub limits: Limits,
    /// Findings removed by [`Report::truncate`] (each counted by a `PL810` finding).
    pub truncated: usize,
    /// Unsuppressed findings left out by `--min-severity` or `--min-confidence`
    /// ([`Report::keep_at_least`]); the human summary counts them.
    pub below_threshold: usize,
    /// Errors of the run rather than of one source, one line each, escaped: a usage or
    /// configuration error that stopped the run before any file was read, or an output that
    /// could not be written. The command line prints them on stderr; the JSON, SARIF and
    /// GitHub renderers carry them too (JSON: an `errors` entry with an empty `path`), the
    /// human renderer does not. Any makes the exit code 2.
    pub run_errors: Vec<String>,
    /// The home folder a `check --user` run scanned: its files are shown from `~/`, and SARIF
    /// gives them URIs relative to it (`USERHOME`).
    pub user_home: Option<std::path::PathBuf>,
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
    pub fn new(files: Vec<FileResult>, errors: Vec<FileError>) -> Report {
        Report::with_clean(files, CleanFiles::default(), errors)
    }

    /// As [`Report::new`], with the sources that have no finding kept apart in `clean`.
    pub fn with_clean(
        mut files: Vec<FileResult>,
        clean: CleanFiles,
        mut errors: Vec<FileError>,
    ) -> Report {
        files.sort_by(|a, b| a.path.cmp(&b.path));
        errors.sort_by(|a, b| a.path.cmp(&b.path));
        for file in &mut files {
            let mut seen: HashMap<(String, String), usize> = HashMap::new();
            for l in &mut file.findings {
                let key = (l.finding.rule.id.clone(), l.finding.matched.clone());
                let n = seen.entry(key).or_insert(0);
                l.fingerprint = fingerprint(&l.finding.rule.id, &file.path, &l.finding.matched, *n);
                l.occurrence = *n;
                *n += 1;
            }
        }
        Report {
            files_scanned: files.iter().filter(|f| f.scanned).count()
                + clean.iter().filter(|f| f.scanned).count(),
            files,
            clean,
            errors,
            rules: Vec::new(),
            stale_baseline: Vec::new(),
            limits: Limits::default(),
            truncated: 0,
            below_threshold: 0,
            run_errors: Vec::new(),
            user_home: None,
        }
    }

    /// Every source of the run, with and without findings ([`Report::files`], then
    /// [`Report::clean`]): path, kind, and whether it was scanned.
    pub fn sources(&self) -> impl Iterator<Item = CleanFile<'_>> {
        self.files
            .iter()
            .map(|f| CleanFile {
                path: &f.path,
                kind: f.kind,
                scanned: f.scanned,
            })
            .chain(self.clean.iter())
    }

    /// Sets the enabled rules (see [`Report::rules`]).
    #[must_use]
    pub fn with_rules(mut self, rules: Vec<Arc<Rule>>) -> Report {
        self.rules = rules;
        self
    }

    /// The rules to describe: [`Report::rules`], plus the rule of any finding not among them,
    /// without duplicates, in id order when the report holds no rule list.
    pub fn described_rules(&self) -> Vec<Arc<Rule>> {
        let mut out = self.rules.clone();
        let mut seen: std::collections::HashSet<String> =
            out.iter().map(|r| r.id.clone()).collect();
        let mut extra: Vec<Arc<Rule>> = Vec::new();
        for (_, l) in self.all_findings() {
            if seen.insert(l.finding.rule.id.clone()) {
                extra.push(Arc::clone(&l.finding.rule));
            }
        }
        extra.sort_by(|a, b| a.id.cmp(&b.id));
        out.extend(extra);
        out
    }

    /// Every finding that is not suppressed, with its file, in output order. The exit code,
    /// the counts and every renderer but SARIF and JSON's `suppressed` list see only these.
    pub fn findings(&self) -> impl Iterator<Item = (&FileResult, &Located)> {
        self.all_findings().filter(|(_, l)| l.suppression.is_none())
    }

    /// Every finding, suppressed or not, with its file, in output order.
    pub fn all_findings(&self) -> impl Iterator<Item = (&FileResult, &Located)> {
        self.files
            .iter()
            .flat_map(|f| f.findings.iter().map(move |l| (f, l)))
    }

    /// The suppressed findings with their files, in output order.
    pub fn suppressed(&self) -> impl Iterator<Item = (&FileResult, &Located)> {
        self.all_findings().filter(|(_, l)| l.suppression.is_some())
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

    /// A report of a run that stopped before reading any file, with `message` (one line) as
    /// its only run error.
    pub fn failed(message: String) -> Report {
        Report {
            run_errors: vec![message],
            ..Report::default()
        }
    }

    /// True when the run had no error: every source was read and nothing else failed.
    pub fn successful(&self) -> bool {
        self.errors.is_empty() && self.run_errors.is_empty()
    }

    /// The process exit: [`Exit::Error`] when a source could not be read or the run had an
    /// error ([`Report::run_errors`]), [`Exit::Findings`] when a finding is at or above
    /// `fail_on`, [`Exit::Clean`] otherwise.
    pub fn exit_code(&self, fail_on: FailOn) -> Exit {
        if !self.successful() {
            return Exit::Error;
        }
        let threshold = match fail_on {
            FailOn::Never => return Exit::Clean,
            FailOn::Error => Severity::Error,
            FailOn::Warning => Severity::Warning,
            FailOn::Note => Severity::Note,
        };
        if self
            .findings()
            .any(|(_, l)| l.finding.severity >= threshold)
        {
            Exit::Findings
        } else {
            Exit::Clean
        }
    }
}

/// The exit status of every command, as the README's "Exit codes" lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// 0: nothing at or above the threshold (or the command did what was asked).
    Clean = 0,
    /// 1: findings at or above the threshold (`check`), changes (`--fix --diff`), a stale pin
    /// or an unstable prefix.
    Findings = 1,
    /// 2: a usage error, a source or config that could not be read, a failed write.
    Error = 2,
}

impl From<Exit> for std::process::ExitCode {
    fn from(e: Exit) -> std::process::ExitCode {
        std::process::ExitCode::from(e as u8)
    }
}

impl From<bool> for Exit {
    /// `true` (something to report) is [`Exit::Findings`], `false` [`Exit::Clean`].
    fn from(found: bool) -> Exit {
        if found { Exit::Findings } else { Exit::Clean }
    }
}

/// The lowest severity that makes the run fail (`--fail-on`: clap reads this enum itself,
/// its doc lines are the help of each value).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum FailOn {
    /// Fail on errors only.
    Error,
    /// Fail on warnings and errors.
    #[default]
    Warning,
    /// Fail on any finding.
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

/// Output formats of `check` (`--format`: clap reads this enum itself, its doc lines are the
/// help of each value). The renderers: `super::human` (miette diagnostics and a summary
/// line), `super::json` (schema version 1, README), `super::sarif`, `super::github`,
/// `super::gitlab`, `super::concise`, `super::markdown`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    /// rustc-style diagnostics (also `full`, ruff's name).
    #[default]
    #[value(alias = "full")]
    Human,
    /// JSON, schema version 1.
    Json,
    /// SARIF 2.1.0 (GitHub code scanning).
    Sarif,
    /// GitHub Actions workflow commands (annotations).
    Github,
    /// GitLab Code Quality report.
    Gitlab,
    /// One line per finding: `path:line:col: PLnnn [severity] message`.
    Concise,
    /// Markdown for a pull request: summary tables and the findings ($GITHUB_STEP_SUMMARY,
    /// a comment).
    Markdown,
}

/// Options of the human and concise renderers.
#[derive(Debug, Clone, Copy, Default)]
pub struct HumanOptions {
    /// Use ANSI colors.
    pub color: bool,
    /// `-q` counted, as ruff counts it: 0 prints the findings, the read errors and the
    /// summary line; 1 (`-q`) the findings and read errors without the summary; 2 (`-qq`,
    /// `--silent`) nothing (the exit code still tells).
    pub quiet: u8,
    /// Print one line per rule (count, id, name, severity) instead of the findings.
    pub statistics: bool,
    /// Columns the human diagnostics wrap at (0: [`DEFAULT_WIDTH`]); the command line takes
    /// the terminal's width, capped to [`MIN_WIDTH`]..=[`MAX_WIDTH`].
    pub width: usize,
    /// ASCII only: no box-drawing character or glyph, and every other non-ASCII code point as
    /// `<U+XXXX>`, for a locale that is not UTF-8 ([`super::advice::utf8_locale`]).
    pub ascii: bool,
}

/// Columns of human output when the width is not known (not a terminal, no `COLUMNS`).
pub const DEFAULT_WIDTH: usize = 100;
/// Narrowest width used, whatever the terminal says.
pub const MIN_WIDTH: usize = 40;
/// Widest width used: longer lines are hard to read.
pub const MAX_WIDTH: usize = 160;
/// Rewrites every [`crate::escape::is_invisible`] code point of serialized JSON as a `\uXXXX`
/// escape (a surrogate pair above U+FFFF). JSON's structure is ASCII, so such code points can
/// only sit inside strings, where the escape means the same string: consumers read the same
/// paths and messages, while the output bytes hold no raw bidi or invisible code point.
pub fn escape_json_invisible(json: &str) -> String {
    if !json.chars().any(crate::escape::is_invisible) {
        return json.to_owned();
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if crate::escape::is_invisible(c) {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{u:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_escapes_keep_the_value() {
        let v = serde_json::json!({"path": "a\u{202E}b\u{E0041}.md"});
        let s = escape_json_invisible(&serde_json::to_string(&v).unwrap());
        assert_eq!(s, r#"{"path":"a\u202eb\udb40\udc41.md"}"#);
        let back: serde_json::Value = serde_json::from_str(&s).unwrap();
        assert_eq!(back, v);
    }
}

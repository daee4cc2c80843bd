//! What each tool does with its checked arguments: the scan or the catalog lookup, and its
//! result as structured content (matching the tool's output schema in `tools.rs`) with a
//! one-line summary for the text content.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::roots::{MAX_PATH_BYTES, Roots};
use super::tools::{
    Arguments, MAX_FILES, MAX_FINDINGS, MAX_NAME_BYTES, MAX_PATHS, MAX_RULE_BYTES, MAX_TEXT_BYTES,
};
use crate::scanner::{Kind, ScanFinding, ScanReport, Scanner};

/// A tool's answer: the structured content and the summary, or a tool execution error's
/// message (one line).
pub(crate) type Answer = Result<(Value, String), String>;

/// Counts of findings by severity and the highest one.
#[derive(Debug, Default)]
struct Tally {
    error: usize,
    warning: usize,
    note: usize,
}

impl Tally {
    fn add(&mut self, severity: &str) {
        match severity {
            "error" => self.error += 1,
            "warning" => self.warning += 1,
            _ => self.note += 1,
        }
    }

    fn max(&self) -> Value {
        if self.error > 0 {
            json!("error")
        } else if self.warning > 0 {
            json!("warning")
        } else if self.note > 0 {
            json!("note")
        } else {
            Value::Null
        }
    }

    fn json(&self) -> Value {
        json!({"error": self.error, "warning": self.warning, "note": self.note})
    }

    fn summary(&self) -> String {
        let total = self.error + self.warning + self.note;
        if total == 0 {
            return "no findings".to_owned();
        }
        format!(
            "{total} finding{}: {} error{}, {} warning{}, {} note{}",
            plural(total),
            self.error,
            plural(self.error),
            self.warning,
            plural(self.warning),
            self.note,
            plural(self.note)
        )
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn scan_finding_json(f: &ScanFinding) -> Value {
    json!({
        "rule_id": f.rule_id,
        "rule_name": f.rule_name,
        "family": f.family,
        "severity": f.severity.as_str(),
        "confidence": f.confidence.as_str(),
        "message": f.message,
        "path": f.path,
        "line": f.line,
        "column": f.column,
        "end_line": f.end_line,
        "end_column": f.end_column,
        "byte_start": f.byte_range.start,
        "byte_end": f.byte_range.end,
        "fingerprint": f.fingerprint,
    })
}

fn located_json(path: &str, l: &crate::report::Located) -> Value {
    let f = &l.finding;
    json!({
        "rule_id": f.rule.id,
        "rule_name": f.rule.name,
        "family": f.rule.family.as_str(),
        "severity": f.severity.as_str(),
        "confidence": f.rule.confidence.as_str(),
        "message": crate::escape::truncate_chars(
            &crate::escape::escape_one_line(&f.message),
            crate::scanner::MESSAGE_MAX,
        ),
        "path": crate::escape::escape_path(path),
        "line": l.start.line,
        "column": l.start.column,
        "end_line": l.end.line,
        "end_column": l.end.column,
        "byte_start": f.span.start,
        "byte_end": f.span.end,
        "fingerprint": l.fingerprint,
    })
}

/// The first findings of a list, as a summary's second part: `PL101 at AGENTS.md:3:1`.
fn first_places(places: &[String]) -> String {
    const SHOWN: usize = 5;
    if places.is_empty() {
        return String::new();
    }
    let mut s = format!(" ({}", places[..places.len().min(SHOWN)].join(", "));
    if places.len() > SHOWN {
        s.push_str(&format!(", and {} more", places.len() - SHOWN));
    }
    s.push(')');
    s
}

/// `scan_text`.
pub(crate) fn scan_text(scanner: &Scanner, args: &Arguments) -> Answer {
    let text = args.required("text", MAX_TEXT_BYTES)?;
    let filename = args.string("filename", MAX_NAME_BYTES)?;
    let kind = match args.string("kind", 64)? {
        None => None,
        Some(k) => Some(k.parse::<Kind>().map_err(|e| e.to_string())?),
    };
    if filename.is_some_and(str::is_empty) {
        return Err("`filename` is empty: leave it out or name the file".to_owned());
    }
    let bytes = text.as_bytes();
    let report: ScanReport = match (filename, kind) {
        (Some(name), Some(kind)) => scanner.scan_named(bytes, name, kind),
        (Some(name), None) => scanner.scan_path_name(bytes, name),
        (None, Some(kind)) => scanner.scan(bytes, kind),
        (None, None) => scanner.scan(bytes, Kind::Instructions),
    };
    let mut tally = Tally::default();
    let mut places = Vec::new();
    let findings: Vec<Value> = report
        .findings
        .iter()
        .map(|f| {
            tally.add(f.severity.as_str());
            places.push(format!("{} at {}:{}", f.rule_id, f.line, f.column));
            scan_finding_json(f)
        })
        .collect();
    let kind = report.kind.map(|k| k.as_str());
    let value = json!({
        "name": report.name,
        "kind": kind,
        "scanned": report.scanned,
        "max_severity": tally.max(),
        "counts": tally.json(),
        "findings": findings,
    });
    let mut summary = format!(
        "{} scanned as {}: {}{}",
        report.name,
        kind.unwrap_or("unknown"),
        tally.summary(),
        first_places(&places)
    );
    if !report.scanned {
        summary.push_str("; not scanned whole (see the findings)");
    }
    Ok((value, summary))
}

/// `explain_rule`.
pub(crate) fn explain_rule(args: &Arguments) -> Answer {
    let wanted = args.required("rule", MAX_RULE_BYTES)?;
    let catalog = crate::rules::Catalog::builtin();
    let Some(rule) = catalog.get(wanted.trim()) else {
        return Err(format!(
            "no rule has the id or name `{}` (ids look like PL101, names like override-instructions)",
            crate::escape::escape_one_line(wanted)
        ));
    };
    let value = json!({
        "id": rule.id,
        "name": rule.name,
        "family": rule.family.as_str(),
        "severity": rule.severity.as_str(),
        "confidence": rule.confidence.as_str(),
        "summary": rule.summary,
        "help": rule.help,
        "fixable": rule.fixable,
        "applies_to": rule.applies_to.iter().map(|k| k.as_str()).collect::<Vec<_>>(),
        "documentation": crate::rules::docs::explain(rule),
    });
    let summary = format!(
        "{} {} ({}, {}): {}",
        rule.id,
        rule.name,
        rule.family.as_str(),
        rule.severity.as_str(),
        rule.summary
    );
    Ok((value, summary))
}

/// The repository config a scan of `paths` honours: the one `promptlint check` would find,
/// when it and every folder its rules may come from lie inside the roots; `None` otherwise
/// (the scan then reads no config, as `--no-config`).
fn config_inside(paths: &[PathBuf], roots: &Roots) -> Option<PathBuf> {
    let inside = |p: &Path| roots.paths().iter().any(|r| p.starts_with(r));
    let found = crate::config::find(paths.first()?).ok()??;
    let real = std::fs::canonicalize(&found).ok()?;
    let dir = real.parent()?;
    let scope = crate::config::repository_root(dir).unwrap_or_else(|| dir.to_path_buf());
    let scope = std::fs::canonicalize(scope).ok()?;
    (inside(&real) && inside(&scope)).then_some(real)
}

/// `scan_paths`.
pub(crate) fn scan_paths(roots: &Roots, args: &Arguments) -> Answer {
    let raw = args.strings("paths", MAX_PATHS, MAX_PATH_BYTES)?;
    let strict = args.flag("strict")?;
    let paths = raw
        .iter()
        .map(|p| roots.resolve(p))
        .collect::<Result<Vec<PathBuf>, String>>()?;
    let config = if strict {
        None
    } else {
        config_inside(&paths, roots)
    };
    let opts = crate::Options {
        paths: paths.clone(),
        config: match &config {
            Some(_) => crate::ConfigSource::Discover,
            None => crate::ConfigSource::Off,
        },
        strict,
        max_findings: Some(MAX_FINDINGS),
        within: roots.paths().to_vec(),
        ..crate::Options::default()
    };
    // The walk alone first (no file is read but the memory files whose imports it follows):
    // a call over the bound is refused before anything is scanned.
    let settings = crate::Settings::resolve(&opts).map_err(|e| {
        format!(
            "the scan cannot start: {}",
            crate::escape::escape_one_line(&e.to_string())
        )
    })?;
    let mut found = 0usize;
    let _ = crate::discover::discover_each(&settings.paths, &settings.discover, &mut |_| {
        found += 1;
    });
    if found > MAX_FILES {
        return Err(format!(
            "these paths hold {found} files to scan, over the limit of {MAX_FILES} per call: \
             name narrower folders or files"
        ));
    }
    let mut report = crate::check(&opts).map_err(|e| {
        format!(
            "the scan cannot start: {}",
            crate::escape::escape_one_line(&e.to_string())
        )
    })?;
    report.truncate(report.limits);
    let mut tally = Tally::default();
    let mut places = Vec::new();
    let findings: Vec<Value> = report
        .findings()
        .map(|(file, l)| {
            tally.add(l.finding.severity.as_str());
            places.push(format!(
                "{} at {}:{}:{}",
                l.finding.rule.id,
                crate::escape::escape_path(&file.path),
                l.start.line,
                l.start.column
            ));
            located_json(&file.path, l)
        })
        .collect();
    let errors: Vec<Value> = report
        .errors
        .iter()
        .map(|e| {
            json!({
                "path": crate::escape::escape_path(&e.path),
                "message": crate::escape::escape_one_line(&e.message),
            })
        })
        .chain(
            report
                .run_errors
                .iter()
                .map(|m| json!({"path": "", "message": crate::escape::escape_one_line(m)})),
        )
        .collect();
    let suppressed = report.suppressed().count();
    let value = json!({
        "roots": roots.paths().iter().map(|r| crate::escape::escape_path(&r.to_string_lossy())).collect::<Vec<_>>(),
        "files_scanned": report.files_scanned,
        "max_severity": tally.max(),
        "counts": tally.json(),
        "config": config.map(|c| crate::escape::escape_path(&c.to_string_lossy())),
        "suppressed": suppressed,
        "findings": findings,
        "errors": errors,
    });
    let mut summary = format!(
        "{} file{} scanned: {}{}",
        report.files_scanned,
        plural(report.files_scanned),
        tally.summary(),
        first_places(&places)
    );
    if !errors.is_empty() {
        summary.push_str(&format!(
            "; {} error{} (see errors)",
            errors.len(),
            plural(errors.len())
        ));
    }
    Ok((value, summary))
}

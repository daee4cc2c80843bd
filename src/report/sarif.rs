//! SARIF 2.1.0 output, for GitHub code scanning and other SARIF consumers.
//!
//! Input: a sorted [`Report`] and the [`SourceRoot`] that paths are relative to. Output: one
//! SARIF log with one run, pretty-printed, ending in a newline. Invariants: every result's
//! rule is in `tool.driver.rules` and `ruleIndex` points at it; every result has one location
//! with a URI relative to `%SRCROOT%` and a region whose columns count UTF-16 code units
//! (`run.columnKind`); `partialFingerprints` never depend on line numbers; no raw invisible
//! or bidi code point appears in the output bytes (they are written as `\uXXXX` escapes).
//!
//! The model below holds only the fields promptlint emits. Each doc comment gives the
//! section of the OASIS standard that defines it:
//! <https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/sarif-v2.1.0-errata01-os-complete.html>.
//! GitHub's additional rules (required fields, `security-severity`, `precision`,
//! `primaryLocationLineHash`, limits) are from "SARIF support for code scanning":
//! <https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning>.

use std::collections::BTreeMap;

use serde::Serialize;

use super::model::{Report, Suppression};
use super::root::SourceRoot;
use crate::finding::{Confidence, Severity};
use crate::rules::Rule;

/// The JSON schema URI GitHub requires in `$schema`.
pub const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The URI base id of the repository root.
pub const SRCROOT: &str = "%SRCROOT%";

/// The base id of the files of the user's own setup (`check --user`, shown from `~/`): their
/// URIs are relative to the home folder, which `originalUriBaseIds` gives.
pub const USERHOME: &str = "USERHOME";

/// Where the file shown as `path` is: relative to the home folder for a file of the user's
/// setup (`~/...`, in a `check --user` run), else relative to `%SRCROOT%`.
fn artifact(report: &Report, root: &SourceRoot, path: &str) -> ArtifactLocation {
    match path.strip_prefix("~/") {
        Some(rest) if report.user_home.is_some() => ArtifactLocation {
            uri: super::root::percent_encode_path(rest),
            uri_base_id: Some(USERHOME),
        },
        _ => ArtifactLocation {
            uri: root.uri(path),
            uri_base_id: Some(SRCROOT),
        },
    }
}

/// The key of promptlint's own full fingerprint in `partialFingerprints`.
pub const FINGERPRINT_KEY: &str = "promptlint/v1";

/// §3.13 `sarifLog`: the top-level object.
#[derive(Debug, Serialize)]
pub struct SarifLog {
    /// §3.13.3 `$schema`.
    #[serde(rename = "$schema")]
    pub schema: &'static str,
    /// §3.13.2 `version`: always `"2.1.0"`.
    pub version: &'static str,
    /// §3.13.4 `runs`: exactly one.
    pub runs: Vec<Run>,
}

/// §3.14 `run`: one invocation of promptlint.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Run {
    /// §3.14.6 `tool`.
    pub tool: Tool,
    /// §3.14.11 `invocations`: one.
    pub invocations: Vec<Invocation>,
    /// §3.14.14 `originalUriBaseIds`: `%SRCROOT%` -> the repository root's `file:` URI.
    pub original_uri_base_ids: BTreeMap<&'static str, ArtifactLocation>,
    /// §3.14.23 `results`: every finding, in report order (`[]` when there are none).
    pub results: Vec<SarifResult>,
    /// §3.14.27 `columnKind`: always `"utf16CodeUnits"`.
    pub column_kind: &'static str,
}

/// §3.18 `tool`.
#[derive(Debug, Serialize)]
pub struct Tool {
    /// §3.18.2 `driver`.
    pub driver: ToolComponent,
}

/// §3.19 `toolComponent`: promptlint itself.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolComponent {
    /// §3.19.8 `name`: `promptlint`.
    pub name: &'static str,
    /// §3.19.13 `version`: the crate version, as `promptlint --version` prints it.
    pub version: &'static str,
    /// §3.19.12 `semanticVersion`: the crate version (semver 2.0.0).
    pub semantic_version: &'static str,
    /// §3.19.17 `informationUri`: the repository.
    pub information_uri: &'static str,
    /// §3.19.23 `rules`: every enabled rule, found or not.
    pub rules: Vec<ReportingDescriptor>,
}

/// §3.49 `reportingDescriptor`: one rule's metadata.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportingDescriptor {
    /// §3.49.3 `id`: `PL201`.
    pub id: String,
    /// §3.49.7 `name`: `bidi-control`.
    pub name: String,
    /// §3.49.9 `shortDescription`: the rule's summary.
    pub short_description: MultiformatMessageString,
    /// §3.49.10 `fullDescription`: the first paragraph of the rule's help, on one line.
    pub full_description: MultiformatMessageString,
    /// §3.49.12 `helpUri`: the rule's section of docs/rules.md.
    pub help_uri: String,
    /// §3.49.13 `help`: the rule's help, as text and markdown.
    pub help: MultiformatMessageString,
    /// §3.49.14 `defaultConfiguration`.
    pub default_configuration: ReportingConfiguration,
    /// §3.8 property bag: GitHub's `tags`, `precision` and `security-severity`.
    pub properties: RuleProperties,
}

/// §3.12 `multiformatMessageString`.
#[derive(Debug, Serialize)]
pub struct MultiformatMessageString {
    /// §3.12.3 `text`: plain text.
    pub text: String,
    /// §3.12.4 `markdown`: GitHub shows it instead of `text`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub markdown: Option<String>,
}

/// §3.50 `reportingConfiguration`.
#[derive(Debug, Serialize)]
pub struct ReportingConfiguration {
    /// §3.50.3 `level`: the rule's default severity.
    pub level: Level,
}

/// §3.8 property bag of a rule, with the keys GitHub code scanning reads.
#[derive(Debug, Serialize)]
pub struct RuleProperties {
    /// §3.8.2 `tags`: `security` and the family.
    pub tags: Vec<String>,
    /// GitHub's `precision` (`very-high`, `high`, `medium`, `low`), from the confidence.
    pub precision: &'static str,
    /// GitHub's `security-severity`: a number in (0, 10] written as a string.
    #[serde(rename = "security-severity")]
    pub security_severity: String,
}

/// §3.27.10 / §3.50.3 `level` values used here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// `error`.
    Error,
    /// `warning`.
    Warning,
    /// `note`.
    Note,
}

impl From<Severity> for Level {
    fn from(s: Severity) -> Level {
        match s {
            Severity::Error => Level::Error,
            Severity::Warning => Level::Warning,
            Severity::Note => Level::Note,
        }
    }
}

/// §3.27 `result`: one finding.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SarifResult {
    /// §3.27.5 `ruleId`.
    pub rule_id: String,
    /// §3.27.6 `ruleIndex`: index into `tool.driver.rules`.
    pub rule_index: usize,
    /// §3.27.10 `level`: the finding's effective severity.
    pub level: Level,
    /// §3.27.11 `message`.
    pub message: Message,
    /// §3.27.12 `locations`: exactly one.
    pub locations: Vec<Location>,
    /// §3.27.22 `relatedLocations`: other places the finding involves (the step of a
    /// program that read what a flow sends), each with an `id` and a `message`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub related_locations: Vec<RelatedLocation>,
    /// §3.27.17 `partialFingerprints`: `primaryLocationLineHash` and `promptlint/v1`.
    pub partial_fingerprints: BTreeMap<&'static str, String>,
    /// §3.27.23 `suppressions`: present only for a suppressed finding (an inline directive,
    /// a config override or the baseline), which code scanning then shows as dismissed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suppressions: Option<Vec<SarifSuppression>>,
    /// §3.27.31 `properties`: `keyPath`, the key path of the string holding the span in a
    /// structured file (also the location's logical location), when there is one;
    /// `userLevel` and `agents` for a file of the user's own setup (`check --user`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub properties: Option<ResultProperties>,
}

/// §3.8 property bag of a result.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResultProperties {
    /// The key path (`result.tools[1].description`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key_path: Option<String>,
    /// True for a file of the user's own agent setup: the finding applies to every project
    /// the user opens.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub user_level: bool,
    /// The agents that read the file, for a file of the user's setup.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub agents: Vec<String>,
}

/// §3.33 `logicalLocation`: the key path of a value in a JSON, YAML or TOML file.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LogicalLocation {
    /// §3.33.5 `fullyQualifiedName`: the key path.
    pub fully_qualified_name: String,
    /// §3.33.7 `kind`: `value`, the kind SARIF names for a value of a JSON document.
    pub kind: &'static str,
}

/// §3.11 `message`.
#[derive(Debug, Serialize)]
pub struct Message {
    /// §3.11.8 `text`.
    pub text: String,
}

/// §3.28 `location`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    /// §3.28.3 `physicalLocation`.
    pub physical_location: PhysicalLocation,
    /// §3.28.4 `logicalLocations`: the key path, for a finding in a structured file.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub logical_locations: Vec<LogicalLocation>,
}

/// §3.28 `location` as a related location: with §3.28.2 `id` and §3.28.5 `message`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RelatedLocation {
    /// §3.28.2 `id`: unique within the result.
    pub id: usize,
    /// §3.28.3 `physicalLocation`.
    pub physical_location: PhysicalLocation,
    /// §3.28.5 `message`.
    pub message: Message,
}

/// §3.29 `physicalLocation`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PhysicalLocation {
    /// §3.29.3 `artifactLocation`.
    pub artifact_location: ArtifactLocation,
    /// §3.29.4 `region`.
    pub region: Region,
}

/// §3.4 `artifactLocation`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ArtifactLocation {
    /// §3.4.3 `uri`: relative to `%SRCROOT%` in results; absolute in `originalUriBaseIds`.
    pub uri: String,
    /// §3.4.4 `uriBaseId`: `%SRCROOT%` for relative URIs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uri_base_id: Option<&'static str>,
}

/// §3.30 `region`: 1-based lines; columns in UTF-16 code units, `endColumn` exclusive.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Region {
    /// §3.30.5 `startLine`.
    pub start_line: usize,
    /// §3.30.6 `startColumn`.
    pub start_column: usize,
    /// §3.30.7 `endLine`.
    pub end_line: usize,
    /// §3.30.8 `endColumn`: one past the last UTF-16 code unit.
    pub end_column: usize,
}

/// §3.20 `invocation`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Invocation {
    /// §3.20.14 `executionSuccessful`: false when a source could not be read or the run had
    /// an error (exit code 2).
    pub execution_successful: bool,
    /// §3.20.21 `toolExecutionNotifications`: one per run error, then one per unreadable
    /// source.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tool_execution_notifications: Vec<Notification>,
}

/// §3.58 `notification`.
#[derive(Debug, Serialize)]
pub struct Notification {
    /// §3.58.5 `message`.
    pub message: Message,
    /// §3.58.6 `level`.
    pub level: Level,
}

/// §3.35 `suppression`.
#[derive(Debug, Serialize)]
pub struct SarifSuppression {
    /// §3.35.2 `kind`: `inSource` or `external`.
    pub kind: &'static str,
    /// §3.35.6 `justification`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub justification: Option<String>,
}

impl From<&Suppression> for SarifSuppression {
    fn from(s: &Suppression) -> SarifSuppression {
        SarifSuppression {
            kind: s.kind.as_str(),
            justification: s.justification.clone(),
        }
    }
}

/// GitHub `precision` for a confidence. The scales have the same names; `very-high` is left
/// unused, since `high` already means "almost never a false alarm".
pub fn precision(c: Confidence) -> &'static str {
    match c {
        Confidence::High => "high",
        Confidence::Medium => "medium",
        Confidence::Low => "low",
    }
}

/// GitHub `security-severity` of a rule: errors 8.0–9.0 and warnings 5.0–6.5 by confidence,
/// notes 2.0. GitHub buckets scores as critical (> 9.0), high (7.0–8.9), medium (4.0–6.9) and
/// low (0.1–3.9), so errors show as high, warnings as medium and notes as low.
pub fn security_severity(s: Severity, c: Confidence) -> &'static str {
    match (s, c) {
        (Severity::Error, Confidence::High) => "9.0",
        (Severity::Error, Confidence::Medium) => "8.5",
        (Severity::Error, Confidence::Low) => "8.0",
        (Severity::Warning, Confidence::High) => "6.5",
        (Severity::Warning, Confidence::Medium) => "5.5",
        (Severity::Warning, Confidence::Low) => "5.0",
        (Severity::Note, _) => "2.0",
    }
}

/// The rule's section of the generated reference, `…/blob/main/docs/rules.md#pl201-bidi-control`
/// ([`crate::rules::docs::help_uri`]).
pub fn help_uri(rule: &Rule) -> String {
    crate::rules::docs::help_uri(rule)
}

/// The first paragraph of markdown `help` as one line (whitespace folded; the markup is left
/// as it is, since `*` and backticks also occur in globs and commands), at most 1,000
/// characters (GitHub's limit is 1,024).
pub fn first_paragraph(help: &str) -> String {
    let para = help
        .trim()
        .split("\n\n")
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    crate::escape::truncate_chars(&para, 1000)
}

fn descriptor(rule: &Rule) -> ReportingDescriptor {
    let help = rule.help.trim().to_owned();
    let summary = rule.summary.trim();
    ReportingDescriptor {
        id: rule.id.clone(),
        name: rule.name.clone(),
        short_description: MultiformatMessageString {
            text: crate::escape::truncate_chars(summary, 1000),
            markdown: None,
        },
        full_description: MultiformatMessageString {
            text: if help.is_empty() {
                summary.to_owned()
            } else {
                first_paragraph(&help)
            },
            markdown: None,
        },
        help_uri: help_uri(rule),
        help: MultiformatMessageString {
            text: help.clone(),
            markdown: Some(help),
        },
        default_configuration: ReportingConfiguration {
            level: rule.severity.into(),
        },
        properties: RuleProperties {
            tags: vec!["security".to_owned(), rule.family.as_str().to_owned()],
            precision: precision(rule.confidence),
            security_severity: security_severity(rule.severity, rule.confidence).to_owned(),
        },
    }
}

/// `primaryLocationLineHash` in GitHub's form: the first 16 hex digits of the finding's
/// fingerprint, a colon and the 1-based occurrence number. No line number goes in.
pub fn line_hash(fingerprint: &str, occurrence: usize) -> String {
    let hex = fingerprint.get(..16).unwrap_or(fingerprint);
    format!("{hex}:{}", occurrence + 1)
}

/// Builds the SARIF log of `report`.
pub fn log(report: &Report, root: &SourceRoot) -> SarifLog {
    let rules = report.described_rules();
    let index: std::collections::HashMap<&str, usize> = rules
        .iter()
        .enumerate()
        .map(|(i, r)| (r.id.as_str(), i))
        .collect();
    let results = report
        .all_findings()
        .map(|(file, l)| {
            let f = &l.finding;
            let mut partial = BTreeMap::new();
            partial.insert(
                "primaryLocationLineHash",
                line_hash(&l.fingerprint, l.occurrence),
            );
            partial.insert(FINGERPRINT_KEY, l.fingerprint.clone());
            SarifResult {
                rule_id: f.rule.id.clone(),
                rule_index: index[f.rule.id.as_str()],
                level: f.severity.into(),
                message: Message {
                    text: f.message.clone(),
                },
                locations: vec![Location {
                    physical_location: PhysicalLocation {
                        artifact_location: artifact(report, root, &file.path),
                        region: Region {
                            start_line: l.start.line,
                            start_column: l.start.utf16_column,
                            end_line: l.end.line,
                            end_column: l.end.utf16_column,
                        },
                    },
                    logical_locations: f
                        .key_path
                        .iter()
                        .map(|kp| LogicalLocation {
                            fully_qualified_name: kp.clone(),
                            kind: "value",
                        })
                        .collect(),
                }],
                related_locations: f
                    .related
                    .iter()
                    .zip(&l.related)
                    .enumerate()
                    .map(|(k, (r, (start, end)))| RelatedLocation {
                        id: k,
                        physical_location: PhysicalLocation {
                            artifact_location: artifact(report, root, &file.path),
                            region: Region {
                                start_line: start.line,
                                start_column: start.utf16_column,
                                end_line: end.line,
                                end_column: end.utf16_column,
                            },
                        },
                        message: Message {
                            text: r.message.clone(),
                        },
                    })
                    .collect(),
                partial_fingerprints: partial,
                suppressions: l
                    .suppression
                    .as_ref()
                    .map(|s| vec![SarifSuppression::from(s)]),
                properties: (f.key_path.is_some() || file.user_level).then(|| ResultProperties {
                    key_path: f.key_path.clone(),
                    user_level: file.user_level,
                    agents: file.agents.clone(),
                }),
            }
        })
        .collect();
    let run_errors = report.run_errors.iter().map(|m| Notification {
        message: Message { text: m.clone() },
        level: Level::Error,
    });
    let notifications = run_errors
        .chain(report.errors.iter().map(|e| Notification {
            message: Message {
                text: format!(
                    "cannot read {}: {}",
                    crate::escape::escape_invisible(&e.path),
                    e.message
                ),
            },
            level: Level::Error,
        }))
        .collect();
    let mut base = BTreeMap::new();
    base.insert(
        SRCROOT,
        ArtifactLocation {
            uri: root.base_uri(),
            uri_base_id: None,
        },
    );
    if let Some(home) = &report.user_home {
        base.insert(
            USERHOME,
            ArtifactLocation {
                uri: SourceRoot::new(home, home).base_uri(),
                uri_base_id: None,
            },
        );
    }
    SarifLog {
        schema: SCHEMA_URI,
        version: "2.1.0",
        runs: vec![Run {
            tool: Tool {
                driver: ToolComponent {
                    name: "promptlint",
                    version: env!("CARGO_PKG_VERSION"),
                    semantic_version: env!("CARGO_PKG_VERSION"),
                    information_uri: env!("CARGO_PKG_REPOSITORY"),
                    rules: rules.iter().map(|r| descriptor(r)).collect(),
                },
            },
            invocations: vec![Invocation {
                execution_successful: report.successful(),
                tool_execution_notifications: notifications,
            }],
            original_uri_base_ids: base,
            results,
            column_kind: "utf16CodeUnits",
        }],
    }
}

/// Renders the report as pretty SARIF with a trailing newline.
pub fn render(report: &Report, root: &SourceRoot) -> String {
    let json = serde_json::to_string_pretty(&log(report, root)).expect("plain data serializes");
    let mut s = super::model::escape_json_invisible(&json);
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_hash_has_githubs_form() {
        let fp = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
        assert_eq!(line_hash(fp, 0), "0123456789abcdef:1");
        assert_eq!(line_hash(fp, 2), "0123456789abcdef:3");
    }

    #[test]
    fn severities_map_into_githubs_buckets() {
        assert_eq!(security_severity(Severity::Error, Confidence::High), "9.0");
        assert_eq!(security_severity(Severity::Error, Confidence::Low), "8.0");
        assert_eq!(
            security_severity(Severity::Warning, Confidence::Medium),
            "5.5"
        );
        assert_eq!(security_severity(Severity::Note, Confidence::High), "2.0");
        assert_eq!(precision(Confidence::High), "high");
    }

    #[test]
    fn first_paragraph_is_plain_and_one_line() {
        let help = "Bidi **controls** change\n  the `display` order.\n\n**What to do:** delete.";
        assert_eq!(
            first_paragraph(help),
            "Bidi **controls** change the `display` order."
        );
    }
}

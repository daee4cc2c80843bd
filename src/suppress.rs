//! Suppress stage: inline directives, config overrides and the baseline, in that fixed order.
//!
//! Input: one source's findings (with its text and segments), then the whole report for the
//! baseline. Output: the same findings, each with an optional [`Suppression`] that says where it
//! was suppressed and why, plus the findings about directives themselves (`PL806`, `PL807`).
//! Invariants: nothing is dropped (suppressed findings are kept, counted and rendered where the
//! format can say so); the first stage that suppresses a finding is the one recorded; a
//! directive never suppresses an error-level unicode finding on a line the directive itself
//! occupies (the directive could carry the payload); a directive without a reason suppresses
//! nothing; the findings about directives, and PL809 (a check panicked on the file), are never
//! suppressed by a directive.
//!
//! Directive forms (a reason after ` -- ` is required; rule ids, names or families, as
//! `--select` takes them, separated by commas or spaces):
//!
//! ```text
//! <!-- promptlint-disable-next-line PL201 -- reason -->      the next line
//! <!-- promptlint-disable PL101 -- reason -->                to the matching enable, or the end
//! <!-- promptlint-enable PL101 -->
//! <!-- promptlint-disable-file PL305 -- reason -->           the whole file
//! ```
//!
//! Markdown sources take them in HTML comments (not in code, where `<!--` is text); other text
//! sources take the same words after `#` or `//` at the start of a line (JSON only `//`).

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use ignore::gitignore::Gitignore;
use serde::{Deserialize, Serialize};

use crate::escape::excerpt;
use crate::finding::{Finding, Severity};
use crate::kind::{FileKind, Syntax};
use crate::parse::{Parsed, Role};
pub use crate::report::{BaselineEntry, Judged};
use crate::report::{Report, SuppressedBy, Suppression, SuppressionKind};
use crate::rules::{Catalog, Family, Rule};
use crate::source::LineIndex;

/// One `overrides` entry, resolved.
#[derive(Debug, Clone)]
pub struct PathOverride {
    /// Index in the file (0-based), for messages.
    pub index: usize,
    /// The globs as written.
    pub paths: Vec<String>,
    pub(crate) matcher: Gitignore,
    pub(crate) base: PathBuf,
    /// When set, only these rule ids stay active under the paths.
    pub select: Option<HashSet<String>>,
    /// Rule ids suppressed under the paths.
    pub ignore: HashSet<String>,
    /// Severity by rule id under the paths.
    pub severity: HashMap<String, Severity>,
    /// Why, as written.
    pub reason: Option<String>,
}

impl PathOverride {
    /// True when the display path `path` (relative to the current directory) matches.
    pub fn applies_to(&self, path: &str) -> bool {
        let abs = std::path::absolute(path).unwrap_or_else(|_| Path::new(path).to_path_buf());
        abs.starts_with(&self.base)
            && self
                .matcher
                .matched_path_or_any_parents(&abs, false)
                .is_ignore()
    }
}

/// Id of the rule reporting a directive without a reason.
pub const NO_REASON: &str = "PL806";
/// Id of the rule reporting a directive that suppresses nothing.
pub const UNUSED: &str = "PL807";

/// How a run suppresses findings: whether inline directives count, and the config's per-path
/// overrides.
#[derive(Debug, Clone)]
pub struct Policy {
    /// Honour inline directives (false under `--strict`, where a pull request could add them).
    pub inline: bool,
    /// The config's `overrides`, in file order.
    pub overrides: Vec<PathOverride>,
    /// The config file as shown, for justifications.
    pub config: String,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            inline: true,
            overrides: Vec::new(),
            config: String::new(),
        }
    }
}

/// What the suppress stage sees of one source.
#[derive(Debug)]
pub struct FileCtx<'a> {
    /// The catalog in effect (directive selectors resolve against it).
    pub catalog: &'a Catalog,
    /// Ids of the enabled rules.
    pub enabled: &'a HashSet<String>,
    /// Display path.
    pub path: &'a str,
    /// File kind.
    pub kind: FileKind,
    /// Decoded text (empty for a skipped file).
    pub text: &'a str,
    /// Line index of `text`.
    pub lines: &'a LineIndex,
    /// Segments of `text`.
    pub parsed: &'a Parsed,
}

impl Policy {
    /// Applies per-path severities, then inline directives, then per-path ignores.
    pub fn apply(&self, ctx: &FileCtx<'_>, findings: Vec<Finding>) -> Vec<Judged> {
        let active: Vec<&PathOverride> = self
            .overrides
            .iter()
            .filter(|o| o.applies_to(ctx.path))
            .collect();
        let mut judged: Vec<Judged> = findings
            .into_iter()
            .map(|f| (self.severity(f, &active), None))
            .collect();
        if self.inline && !ctx.text.is_empty() {
            inline(ctx, &mut judged);
        }
        for (f, s) in &mut judged {
            if s.is_some() {
                continue;
            }
            if let Some(o) = active.iter().find(|o| suppresses(o, &f.rule.id)) {
                *s = Some(Suppression {
                    kind: SuppressionKind::External,
                    by: SuppressedBy::Config,
                    justification: Some(o.reason.as_deref().map_or_else(
                        || {
                            format!(
                                "{} overrides[{}] for {}",
                                self.config,
                                o.index,
                                o.paths.join(", ")
                            )
                        },
                        crate::escape::escape_one_line,
                    )),
                });
            }
        }
        judged
    }

    fn severity(&self, f: Finding, active: &[&PathOverride]) -> Finding {
        let Some((o, &s)) = active
            .iter()
            .rev()
            .find_map(|o| o.severity.get(&f.rule.id).map(|s| (o, s)))
        else {
            return f;
        };
        // A finding that context already lowered (quoted, a template its authors own) keeps
        // the lower of the two.
        let s = if f.context.is_some() {
            s.min(f.severity)
        } else {
            s
        };
        let why = format!(
            "{} sets {} to {s} for {}",
            self.config,
            f.rule.id,
            o.paths.join(", ")
        );
        f.with_severity(s, why)
    }
}

fn suppresses(o: &PathOverride, id: &str) -> bool {
    o.ignore.contains(id) || o.select.as_ref().is_some_and(|s| !s.contains(id))
}

/// A directive's form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// `promptlint-disable-next-line`: the line after the directive.
    NextLine,
    /// `promptlint-disable`: from the directive to the matching `promptlint-enable`.
    Disable,
    /// `promptlint-enable`: ends a `promptlint-disable`.
    Enable,
    /// `promptlint-disable-file`: the whole file.
    File,
}

impl Form {
    fn parse(word: &str) -> Option<Form> {
        match word {
            "promptlint-disable-next-line" => Some(Form::NextLine),
            "promptlint-disable" => Some(Form::Disable),
            "promptlint-enable" => Some(Form::Enable),
            "promptlint-disable-file" => Some(Form::File),
            _ => None,
        }
    }
}

/// One directive found in a source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Directive {
    /// The form; `None` for an unknown `promptlint-…` word.
    pub form: Option<Form>,
    /// The word as written (`promptlint-disable`).
    pub word: String,
    /// Selectors as written.
    pub selectors: Vec<String>,
    /// Rule ids the selectors name, sorted.
    pub rules: Vec<String>,
    /// Selectors that name nothing.
    pub unknown: Vec<String>,
    /// The reason after ` -- `, trimmed; `None` when missing or empty.
    pub reason: Option<String>,
    /// Byte span of the comment in the source.
    pub span: Range<usize>,
    /// 0-based first and last line of the comment.
    pub lines: (usize, usize),
}

impl Directive {
    /// The directive as one short line for messages: `promptlint-disable PL101, PL201`.
    fn shown(&self) -> String {
        let mut s = self.word.clone();
        if !self.selectors.is_empty() {
            s.push(' ');
            s.push_str(&self.selectors.join(", "));
        }
        excerpt(&s, 100)
    }
}

/// Parses the body of a comment (`promptlint-disable PL101 -- why`), without the comment
/// markers. `None` when it is not a directive.
fn parse_body(body: &str) -> Option<(String, Vec<String>, Option<String>)> {
    let body = body.trim();
    if !body.starts_with("promptlint-") {
        return None;
    }
    let word_end = body.find(char::is_whitespace).unwrap_or(body.len());
    let word = body[..word_end].to_owned();
    let rest = &body[word_end..];
    // The reason starts at the first `--` that begins a word.
    let mut split = None;
    let mut prev_space = true;
    for (i, c) in rest.char_indices() {
        if prev_space && rest[i..].starts_with("--") {
            split = Some(i);
            break;
        }
        prev_space = c.is_whitespace() || c == ',';
    }
    let (sel, reason) = match split {
        Some(i) => (&rest[..i], Some(rest[i + 2..].trim().to_owned())),
        None => (rest, None),
    };
    let selectors = sel
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect();
    Some((word, selectors, reason.filter(|r| !r.is_empty())))
}

/// A directive as found: comment span, word, selectors, reason.
type RawDirective = (Range<usize>, String, Vec<String>, Option<String>);

/// Per directive, the (rule id, covered byte range) pairs.
type Coverage = Vec<Vec<(String, Range<usize>)>>;

/// Every directive of a source, in text order.
pub fn directives(ctx: &FileCtx<'_>) -> Vec<Directive> {
    let text = ctx.text;
    if !text.contains("promptlint-") {
        return Vec::new();
    }
    let mut found: Vec<RawDirective> = Vec::new();
    if ctx.parsed.syntax == Syntax::Markdown {
        for seg in &ctx.parsed.segments {
            if seg.role != Role::HtmlComment || seg.derived.is_some() {
                continue;
            }
            let raw = &text[seg.range.clone()];
            let Some(inner) = raw.strip_prefix("<!--") else {
                continue;
            };
            let inner = inner.strip_suffix("-->").unwrap_or(inner);
            if let Some((w, s, r)) = parse_body(inner) {
                found.push((seg.range.clone(), w, s, r));
            }
        }
    } else {
        // `#` starts a comment in TOML settings (`.codex/config.toml`), never in JSON.
        let json = matches!(ctx.parsed.syntax, Syntax::Json | Syntax::JsonLines);
        let mut start = 0;
        for line in text.split_inclusive('\n') {
            let end = start + line.trim_end().len();
            let trimmed = line.trim_start();
            let at = start + (line.len() - trimmed.len());
            let body = trimmed
                .strip_prefix("//")
                .or_else(|| (!json).then(|| trimmed.strip_prefix('#')).flatten());
            if let Some(body) = body
                && let Some((w, s, r)) = parse_body(body)
                && at < end
            {
                found.push((at..end, w, s, r));
            }
            start += line.len();
        }
    }
    found
        .into_iter()
        .map(|(span, word, selectors, reason)| {
            let reason = reason.map(|r| crate::escape::escape_one_line(&r));
            let mut rules = Vec::new();
            let mut unknown = Vec::new();
            for s in &selectors {
                match ctx.catalog.select(s) {
                    Ok(rs) => rules.extend(rs.iter().map(|r| r.id.clone())),
                    Err(_) => unknown.push(s.clone()),
                }
            }
            rules.sort();
            rules.dedup();
            let lines = (
                ctx.lines.line_of(span.start),
                ctx.lines
                    .line_of(span.end.saturating_sub(1).max(span.start)),
            );
            Directive {
                form: Form::parse(&word),
                word,
                selectors,
                rules,
                unknown,
                reason,
                span,
                lines,
            }
        })
        .collect()
}

/// What a directive covers: (rule id, byte range of the text) pairs.
fn coverage(ctx: &FileCtx<'_>, dirs: &[Directive]) -> (Coverage, Vec<bool>) {
    let len = ctx.text.len();
    let mut cover: Coverage = vec![Vec::new(); dirs.len()];
    let mut enable_used = vec![false; dirs.len()];
    // Open `disable` blocks: (directive, rule, start).
    let mut open: Vec<(usize, String, usize)> = Vec::new();
    for (i, d) in dirs.iter().enumerate() {
        match d.form {
            Some(Form::NextLine) => {
                let next = d.lines.1 + 1;
                if next < ctx.lines.line_count() {
                    let r = ctx.lines.line_range(ctx.text, next);
                    for id in &d.rules {
                        cover[i].push((id.clone(), r.clone()));
                    }
                }
            }
            Some(Form::File) => {
                for id in &d.rules {
                    cover[i].push((id.clone(), 0..len + 1));
                }
            }
            Some(Form::Disable) => {
                for id in &d.rules {
                    open.push((i, id.clone(), d.span.end));
                }
            }
            Some(Form::Enable) => {
                let before = open.len();
                open.retain(|(j, id, start)| {
                    if d.rules.contains(id) {
                        cover[*j].push((id.clone(), *start..d.span.start));
                        false
                    } else {
                        true
                    }
                });
                enable_used[i] = open.len() < before;
            }
            None => {}
        }
    }
    for (j, id, start) in open {
        cover[j].push((id, start..len + 1));
    }
    (cover, enable_used)
}

fn lines_of(lines: &LineIndex, span: &Range<usize>) -> (usize, usize) {
    (
        lines.line_of(span.start),
        lines.line_of(span.end.saturating_sub(1).max(span.start)),
    )
}

fn inline(ctx: &FileCtx<'_>, judged: &mut Vec<Judged>) {
    let dirs = directives(ctx);
    if dirs.is_empty() {
        return;
    }
    let (cover, enable_used) = coverage(ctx, &dirs);
    let directive_lines: Vec<(usize, usize)> = dirs.iter().map(|d| d.lines).collect();
    let mut used = vec![0usize; dirs.len()];
    let mut blocked = vec![false; dirs.len()];
    for (f, s) in judged.iter_mut() {
        // A check that panicked on this file (PL809) lost findings the file's own text may have
        // made it lose: the text's directives do not hide that.
        if s.is_some() || f.rule.native.as_deref() == Some("internal-error") {
            continue;
        }
        let (first, last) = lines_of(ctx.lines, &f.span);
        let on_directive_line = directive_lines
            .iter()
            .any(|&(a, b)| first <= b && a <= last);
        let payload_guard =
            f.rule.family == Family::Unicode && f.severity == Severity::Error && on_directive_line;
        for (i, d) in dirs.iter().enumerate() {
            let Some(reason) = &d.reason else { continue };
            let covers = cover[i]
                .iter()
                .any(|(id, r)| *id == f.rule.id && r.start <= f.span.start && f.span.start < r.end);
            if !covers {
                continue;
            }
            if payload_guard {
                blocked[i] = true;
                continue;
            }
            used[i] += 1;
            *s = Some(Suppression {
                kind: SuppressionKind::InSource,
                by: SuppressedBy::Inline,
                justification: Some(reason.clone()),
            });
            break;
        }
    }
    let rule = |id: &str| -> Option<&Arc<Rule>> {
        ctx.enabled
            .contains(id)
            .then(|| ctx.catalog.get(id))
            .flatten()
    };
    let mut extra = Vec::new();
    for (i, d) in dirs.iter().enumerate() {
        let shown = d.shown();
        let needs_reason = !matches!(d.form, Some(Form::Enable) | None);
        if needs_reason && d.reason.is_none() {
            if let Some(r) = rule(NO_REASON) {
                extra.push(directive_finding(
                    ctx,
                    r,
                    d,
                    format!(
                        "`{shown}` has no reason, so it suppresses nothing; add ` -- why` after the rule names"
                    ),
                ));
            }
            continue;
        }
        let Some(r) = rule(UNUSED) else { continue };
        let message = if d.form.is_none() {
            Some(format!(
                "unknown directive `{}`; the forms are promptlint-disable-next-line, promptlint-disable, promptlint-enable and promptlint-disable-file",
                excerpt(&d.word, 60)
            ))
        } else if d.selectors.is_empty() {
            Some(format!("`{shown}` names no rule, so it suppresses nothing"))
        } else if !d.unknown.is_empty() {
            Some(format!(
                "`{shown}` names no rule or family `{}`",
                excerpt(&d.unknown.join(", "), 60)
            ))
        } else if d.form == Some(Form::Enable) {
            (!enable_used[i]).then(|| format!("`{shown}` ends no promptlint-disable"))
        } else if used[i] == 0 && d.rules.iter().any(|id| ctx.enabled.contains(id)) {
            let ids = d.rules.join(", ");
            let ids = excerpt(&ids, 60);
            let scope = match d.form {
                Some(Form::NextLine) => format!("on line {}", d.lines.1 + 2),
                Some(Form::File) => "in the file".to_owned(),
                _ => format!("after line {}", d.lines.1 + 1),
            };
            let why = if blocked[i] {
                "; a directive never suppresses an error-level unicode finding on its own line"
            } else {
                ""
            };
            Some(format!(
                "`{shown}` suppresses nothing: no {ids} finding {scope}{why}"
            ))
        } else {
            None
        };
        if let Some(m) = message {
            extra.push(directive_finding(ctx, r, d, m));
        }
    }
    judged.extend(extra.into_iter().flatten().map(|f| (f, None)));
}

fn directive_finding(
    ctx: &FileCtx<'_>,
    rule: &Arc<Rule>,
    d: &Directive,
    message: String,
) -> Option<Finding> {
    let matched = format!("{} {}", d.word, d.rules.join(","));
    Finding::new(rule, ctx.text, d.span.clone(), message)
        .ok()
        .map(|f| {
            f.with_label("directive")
                .with_matched(crate::escape::escape_invisible(&matched))
        })
}

/// A baseline: the findings a repository had when it adopted promptlint. JSON, sorted by
/// path, rule and fingerprint, one entry per finding, so its diffs stay small.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Baseline {
    /// Format version, `1`.
    pub version: u32,
    /// The entries, sorted.
    pub findings: Vec<BaselineEntry>,
}

impl Baseline {
    /// The baseline of `report`: every finding not suppressed inline or by the config (a
    /// finding the baseline already holds is kept).
    pub fn from_report(report: &Report) -> Baseline {
        let mut findings: Vec<BaselineEntry> = report
            .all_findings()
            .filter(|(_, l)| {
                l.suppression
                    .as_ref()
                    .is_none_or(|s| s.by == SuppressedBy::Baseline)
            })
            .map(|(file, l)| BaselineEntry {
                path: file.path.clone(),
                rule: l.finding.rule.id.clone(),
                fingerprint: l.fingerprint.clone(),
                severity: Some(l.finding.severity),
                context: l.finding.context.clone(),
            })
            .collect();
        findings.sort();
        findings.dedup();
        Baseline {
            version: 1,
            findings,
        }
    }

    /// Parses a baseline file.
    ///
    /// # Errors
    /// A message saying what is wrong.
    pub fn parse(text: &str) -> Result<Baseline, String> {
        let b: Baseline = serde_json::from_str(text)
            .map_err(|e| crate::bounds::parser_message(&e.to_string()))?;
        if b.version != 1 {
            return Err(format!("unsupported baseline version {}", b.version));
        }
        Ok(b)
    }

    /// The baseline as pretty JSON with a trailing newline (sorted: stable across runs).
    pub fn to_json(&self) -> String {
        let mut b = self.clone();
        b.findings.sort();
        let mut s = serde_json::to_string_pretty(&b).expect("plain data serializes");
        s.push('\n');
        s
    }
}

/// The baseline stage: suppresses (kind `external`) every active finding whose fingerprint is
/// in `baseline` at the severity its entry recorded or lower, and returns the stale entries: those of a file this run scanned and a rule it
/// ran, whose finding is gone, and those of a file that no longer exists (its path, relative
/// to the current directory as every shown path is, names nothing: the file was deleted or
/// moved). The `<stdin>` of standard input is never a deleted file.
pub fn apply_baseline(report: &mut Report, baseline: &Baseline, name: &str) -> Vec<BaselineEntry> {
    let mut pending: HashMap<&str, &BaselineEntry> = baseline
        .findings
        .iter()
        .map(|e| (e.fingerprint.as_str(), e))
        .collect();
    let mut matched: HashSet<String> = HashSet::new();
    for file in &mut report.files {
        for l in &mut file.findings {
            // An entry covers its finding at the severity it recorded or lower: one that rose
            // since (a lowering cue removed) is a new finding, and its entry is stale.
            let covered = pending
                .get(l.fingerprint.as_str())
                .is_some_and(|e| e.severity.is_none_or(|s| l.finding.severity <= s));
            if covered && pending.remove(l.fingerprint.as_str()).is_some() {
                matched.insert(l.fingerprint.clone());
                if l.suppression.is_none() {
                    l.suppression = Some(Suppression {
                        kind: SuppressionKind::External,
                        by: SuppressedBy::Baseline,
                        justification: Some(format!("in the baseline {name}")),
                    });
                }
            }
        }
    }
    let scanned: HashSet<&str> = report.sources().map(|f| f.path).collect();
    let ran: HashSet<&str> = report.rules.iter().map(|r| r.id.as_str()).collect();
    let mut stale: Vec<BaselineEntry> = pending
        .into_values()
        .filter(|e| {
            let gone = !e.path.starts_with('<')
                && !scanned.contains(e.path.as_str())
                && std::fs::symlink_metadata(&e.path).is_err();
            gone || scanned.contains(e.path.as_str())
                && (ran.is_empty() || ran.contains(e.rule.as_str()))
        })
        .cloned()
        .collect();
    stale.sort();
    stale
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_directive_bodies() {
        assert_eq!(
            parse_body(" promptlint-disable-next-line PL201, zero-width -- the mark is quoted "),
            Some((
                "promptlint-disable-next-line".to_owned(),
                vec!["PL201".to_owned(), "zero-width".to_owned()],
                Some("the mark is quoted".to_owned())
            ))
        );
        assert_eq!(
            parse_body("promptlint-disable PL101"),
            Some((
                "promptlint-disable".to_owned(),
                vec!["PL101".to_owned()],
                None
            ))
        );
        assert_eq!(
            parse_body("promptlint-disable PL101 --  "),
            Some((
                "promptlint-disable".to_owned(),
                vec!["PL101".to_owned()],
                None
            ))
        );
        assert_eq!(parse_body("a comment about promptlint-disable"), None);
    }

    #[test]
    fn baseline_json_is_sorted_and_round_trips() {
        let b = Baseline {
            version: 1,
            findings: vec![
                BaselineEntry {
                    path: "b.md".into(),
                    rule: "PL201".into(),
                    fingerprint: "ff".into(),
                    severity: Some(crate::finding::Severity::Note),
                    context: Some("quoted as an example".into()),
                },
                // A baseline written before severities were recorded.
                BaselineEntry {
                    path: "a.md".into(),
                    rule: "PL202".into(),
                    fingerprint: "00".into(),
                    severity: None,
                    context: None,
                },
            ],
        };
        let json = b.to_json();
        assert!(json.find("a.md").unwrap() < json.find("b.md").unwrap());
        let back = Baseline::parse(&json).unwrap();
        assert_eq!(back.findings[0].path, "a.md");
        assert!(Baseline::parse("{\"version\": 2, \"findings\": []}").is_err());
        assert!(Baseline::parse("{\"version\": 1, \"findings\": [], \"x\": 1}").is_err());
    }
}

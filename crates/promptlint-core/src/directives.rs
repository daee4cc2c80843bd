//! Inline directives: the part of the suppress stage that reads the scanned text itself, so
//! the embedding API ([`crate::scanner`]) runs it without the command line. The command line's
//! suppress stage (its `suppress` module: config overrides and the baseline) runs it between
//! its own two steps.
//!
//! Input: one source's findings (with its text and segments). Output: the same findings, each
//! with an optional [`Suppression`], plus the findings about directives themselves (`PL806`,
//! `PL807`). Invariants: nothing is dropped; a directive never suppresses an error-level
//! unicode finding on a line the directive itself occupies (the directive could carry the
//! payload); a directive without a reason suppresses nothing; the findings about directives,
//! and PL809 (a check panicked on the file), are never suppressed by a directive.
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

use std::collections::HashSet;
use std::ops::Range;
use std::sync::Arc;

use crate::escape::excerpt;
use crate::finding::{Finding, Severity};
use crate::kind::{FileKind, Syntax};
use crate::parse::{Parsed, Role};
use crate::rules::{Catalog, Family, Rule};
use crate::source::LineIndex;

/// A finding and its suppression, if any.
pub type Judged = (Finding, Option<Suppression>);

/// How a finding was suppressed (filled by the suppress stage; SARIF §3.35).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suppression {
    /// Where the suppression is written.
    pub kind: SuppressionKind,
    /// Which stage suppressed it.
    pub by: SuppressedBy,
    /// The reason given, if any.
    pub justification: Option<String>,
}

/// The suppress stage that suppressed a finding (they run in this order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SuppressedBy {
    /// An inline directive in the file (`promptlint-disable…`).
    Inline,
    /// A per-path `overrides` entry of the config.
    Config,
    /// The `--baseline` file.
    Baseline,
}

impl SuppressedBy {
    /// Lower-case name used in JSON: `inline`, `config`, `baseline`.
    pub fn as_str(self) -> &'static str {
        match self {
            SuppressedBy::Inline => "inline",
            SuppressedBy::Config => "config",
            SuppressedBy::Baseline => "baseline",
        }
    }
}

impl SuppressionKind {
    /// The SARIF name: `inSource` or `external`.
    pub fn as_str(self) -> &'static str {
        match self {
            SuppressionKind::InSource => "inSource",
            SuppressionKind::External => "external",
        }
    }
}

/// Where a suppression lives (SARIF §3.35.2 `kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SuppressionKind {
    /// A comment in the scanned file itself (`inSource`).
    InSource,
    /// Configuration or a baseline outside the file (`external`).
    External,
}

/// Id of the rule reporting a directive without a reason.
pub const NO_REASON: &str = "PL806";
/// Id of the rule reporting a directive that suppresses nothing.
pub const UNUSED: &str = "PL807";

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

/// Applies the directives of `ctx`'s text to `judged` (findings already suppressed stay as
/// they are) and appends the findings about the directives.
pub fn inline(ctx: &FileCtx<'_>, judged: &mut Vec<Judged>) {
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
}

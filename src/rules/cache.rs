//! Cache checks (PL4xx): what keeps a prompt's cacheable prefix from being byte-identical
//! across turns, and what keeps the cache from engaging at all.
//!
//! Input: a parsed prompt, request or request log with zones ([`crate::parse::CacheLayout`]),
//! or an instruction file (static as a whole). Output: findings whose messages give the cost:
//! the zone, the byte offset inside the cacheable prefix, and the estimated tokens after it
//! billed again ([`crate::parse::est_tokens`]: 4 bytes per token).
//!
//! Which volatile values count where:
//! - literal values (a timestamp, a UUID) count in rendered prompts and requests only: in an
//!   instruction file a literal date is text that stays the same every turn;
//! - template placeholders count in every kind but requests (whose text is already rendered);
//! - in a request, only text the application re-renders each turn counts: tools, system and
//!   developer text; message history is recorded text that stays byte-identical;
//! - a value that changes every call is a warning wherever it sits in a static zone; a value
//!   fixed for a session is a warning, and a date labelled as today's a note, only where the
//!   static zone is declared (before a boundary marker, in a request's cached prefix): without
//!   a marker nothing says the text is shared beyond one conversation, and these values keep
//!   one conversation's prefix byte-identical.

use std::ops::Range;
use std::sync::{Arc, OnceLock};

use regex::Regex;

use super::Rule;
use super::native::Input;
use super::volatile::{self, Hit, Lifetime, NameLists};
use crate::finding::{Finding, Severity};
use crate::kind::FileKind;
use crate::parse::{Boundary, Role, Segment, Zone, est_tokens, prompt};

/// Where a position sits in the cache layout, for messages.
struct Place {
    /// Words naming the static zone.
    zone: &'static str,
    /// Byte offset inside the cacheable prefix.
    offset: usize,
    /// Bytes of the cacheable prefix.
    prefix: usize,
    /// True when the static zone is declared (marker, breakpoint, provider rule).
    declared: bool,
}

fn place(input: &Input<'_>, at: usize) -> Place {
    let layout = input
        .parsed
        .cache
        .iter()
        .find(|l| l.span.start <= at && at <= l.span.end);
    match layout {
        Some(l) => Place {
            zone: zone_words(l.boundary),
            offset: l.prefix_offset(at).unwrap_or(0),
            prefix: l.prefix_bytes,
            declared: l.boundary.is_declared(),
        },
        None => Place {
            zone: "a file loaded into every turn",
            offset: at,
            prefix: input.text().len(),
            declared: false,
        },
    }
}

fn zone_words(b: Boundary) -> &'static str {
    match b {
        Boundary::Marker => "before the boundary marker",
        Boundary::Implicit => "a prompt without a boundary marker, cached as a whole",
        Boundary::Breakpoint => "before the last cache_control breakpoint",
        Boundary::Automatic => "before the newest user message, automatic caching",
        Boundary::NewestUser => "before the newest user message",
        Boundary::Uncached => "not cached",
    }
}

/// The severity of a volatile value of `lifetime` in a static zone, or `None` when it costs
/// nothing there.
fn severity(lifetime: Lifetime, declared: bool, rule: &Rule) -> Option<Severity> {
    match (lifetime, declared) {
        (Lifetime::Call, _) => Some(rule.severity),
        (Lifetime::Session, true) => Some(rule.severity),
        (Lifetime::Day, true) => Some(Severity::Note),
        _ => None,
    }
}

fn cost_message(subject: &str, lifetime: Lifetime, p: &Place) -> String {
    let after = est_tokens(p.prefix.saturating_sub(p.offset));
    let (adj, when) = match lifetime {
        Lifetime::Call => ("per-call", "every turn"),
        Lifetime::Session => ("per-session", "by every new session"),
        Lifetime::Day => ("daily", "on the first turn of each day"),
    };
    format!(
        "{adj} {subject} in the static zone ({}) at byte {} of the ~{}-token cacheable prefix: ~{after} tokens after it are re-billed {when} (est. 4 bytes/token)",
        p.zone,
        p.offset,
        est_tokens(p.prefix),
    )
}

/// Segments whose literal text counts: static, rendered text the application re-renders.
fn literal_segments<'a>(input: &'a Input<'_>) -> impl Iterator<Item = &'a Segment> + 'a {
    let kind = input.kind;
    input.parsed.segments.iter().filter(move |s| {
        s.zone == Zone::Static
            && match kind {
                FileKind::Prompt => !matches!(
                    s.role,
                    Role::Frontmatter | Role::CodeFence | Role::JsonKey | Role::JsonString
                ),
                FileKind::Request | FileKind::RequestLog => {
                    matches!(s.role, Role::System | Role::Developer | Role::Tool)
                }
                _ => false,
            }
    })
}

/// How far back on its line a value's context is read, in bytes: a line of n values then
/// costs O(n), not one walk back to the line start per value.
const LINE_CONTEXT: usize = 256;

/// The text before byte `at` on its line, at most [`LINE_CONTEXT`] bytes of it.
fn line_before(text: &str, at: usize) -> &str {
    let from = crate::source::floor_char_boundary(text, at.saturating_sub(LINE_CONTEXT));
    let before = &text[from..at];
    before.rfind('\n').map_or(before, |i| &before[i + 1..])
}

/// True when the value at `r` of `text` is shown as an example: in backticks, or after
/// "e.g.", "for example", "such as" or "format" on its line (within [`LINE_CONTEXT`] bytes).
fn in_example(text: &str, r: &Range<usize>) -> bool {
    let before = line_before(text, r.start);
    if before.matches('`').count() % 2 == 1 {
        return true;
    }
    let lower = before.to_ascii_lowercase();
    [
        "e.g",
        "for example",
        "example",
        "such as",
        "format",
        "i.e.",
        "like ",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

fn literal_check(
    input: &Input<'_>,
    rule: &Arc<Rule>,
    detect: fn(&str) -> Vec<Hit>,
    label: &str,
) -> Vec<Finding> {
    let text = input.text();
    let mut out = Vec::new();
    for seg in literal_segments(input) {
        let st = seg.text(text);
        if st.is_empty() {
            continue;
        }
        for hit in detect(st) {
            // A tool schema's `default`/`examples`/`enum` value is a fixed example: a tool
            // string that is nothing but the value is left alone.
            let whole = st.trim() == &st[hit.range.clone()];
            if in_example(st, &hit.range) || (seg.role == Role::Tool && whole) {
                continue;
            }
            let src = seg.to_source(hit.range.clone());
            let p = place(input, src.start);
            let Some(sev) = severity(hit.lifetime, p.declared, rule) else {
                continue;
            };
            let shown = crate::escape::excerpt(&st[hit.range.clone()], 60);
            let msg = cost_message(&format!("{} `{shown}`", hit.what), hit.lifetime, &p);
            let stable = label_before(st, hit.range.start);
            if let Ok(f) = Finding::new(rule, text, src, msg) {
                out.push(
                    f.with_label(label)
                        .with_matched(format!("{}:{stable}", hit.what))
                        .with_severity(sev, "resolution of the value"),
                );
            }
        }
    }
    out
}

/// The start of the line before `at` (up to 40 bytes): the stable part of a volatile line, for
/// fingerprints.
fn label_before(text: &str, at: usize) -> String {
    let from = crate::source::ceil_char_boundary(text, at.saturating_sub(40));
    let before = &text[from..at];
    before
        .rfind('\n')
        .map_or(before, |i| &before[i + 1..])
        .trim()
        .to_owned()
}

/// PL401: timestamps in the static zone.
pub fn volatile_timestamp(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    literal_check(input, rule, volatile::timestamps, "changes every call")
}

/// PL402: UUIDs, ULIDs, KSUIDs and random request/session/trace ids in the static zone.
pub fn volatile_identifier(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    literal_check(
        input,
        rule,
        volatile::identifiers,
        "changes per request or session",
    )
}

/// PL403: a date labelled as today's in the static zone.
pub fn current_date_label(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    literal_check(input, rule, volatile::current_dates, "changes daily")
}

/// PL404: PIDs and temp paths in the static zone.
pub fn process_specific_value(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    literal_check(
        input,
        rule,
        volatile::process_values,
        "changes with the process",
    )
}

/// PL405: template placeholders whose name says they change per call, per session or per day.
pub fn volatile_placeholder(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    if matches!(
        input.kind,
        FileKind::Request | FileKind::RequestLog | FileKind::McpConfig
    ) {
        return Vec::new();
    }
    let names = NameLists::from_params(&rule.params);
    let text = input.text();
    let agent_loaded = input.kind.is_agent_loaded();
    let single = input.kind == FileKind::Prompt;
    let mut out = Vec::new();
    for seg in &input.parsed.segments {
        if seg.zone != Zone::Static
            || seg.derived.is_some()
            || matches!(seg.role, Role::Frontmatter | Role::JsonKey)
            || (agent_loaded && seg.role == Role::CodeFence)
        {
            continue;
        }
        let st = seg.text(text);
        for ph in prompt::placeholders(st, seg.range.start, single) {
            let rel = ph.span.start - seg.range.start..ph.span.end - seg.range.start;
            if agent_loaded && in_inline_code(st, rel.start) {
                continue;
            }
            let Some((lifetime, name)) = ph
                .names
                .iter()
                .filter_map(|c| names.lifetime(c).map(|l| (l, c.join("."))))
                .min_by_key(|(l, _)| *l)
            else {
                continue;
            };
            let p = place(input, ph.span.start);
            let Some(sev) = severity(lifetime, p.declared, rule) else {
                continue;
            };
            let shown = crate::escape::excerpt(&st[rel.clone()], 60);
            let msg = cost_message(
                &format!("placeholder `{shown}` (`{name}` {})", lifetime.describe()),
                lifetime,
                &p,
            );
            if let Ok(f) = Finding::new(rule, text, ph.span.clone(), msg) {
                out.push(
                    f.with_label(lifetime.describe())
                        .with_matched(name)
                        .with_severity(sev, "resolution of the value"),
                );
            }
        }
    }
    out
}

/// True when an odd number of backticks precede byte `at` on its line (within
/// [`LINE_CONTEXT`] bytes).
fn in_inline_code(text: &str, at: usize) -> bool {
    line_before(text, at).matches('`').count() % 2 == 1
}

/// PL406: a boundary marker that appears more than once.
pub fn duplicate_boundary_marker(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    let mut out = Vec::new();
    for l in &input.parsed.cache {
        let Some(first) = l.markers.first() else {
            continue;
        };
        let first_line = input.lines.position(text, first.start).line;
        for m in l.markers.iter().skip(1) {
            let span = trim_span(text, m.clone());
            let msg = format!(
                "boundary marker repeated ({} times); only the first, on line {first_line}, ends the static zone, so this one is sent to the model as text",
                l.markers.len()
            );
            if let Ok(f) = Finding::new(rule, text, span, msg) {
                out.push(
                    f.with_label("second boundary")
                        .with_matched("boundary-marker"),
                );
            }
        }
    }
    out
}

/// The part of `r` on its first line.
fn first_line(text: &str, r: Range<usize>) -> Range<usize> {
    let end = text[r.clone()].find('\n').map_or(r.end, |i| r.start + i);
    r.start..end
}

fn trim_span(text: &str, r: Range<usize>) -> Range<usize> {
    let s = &text[r.clone()];
    let lead = s.len() - s.trim_start().len();
    let t = s.trim();
    r.start + lead..r.start + lead + t.len()
}

// A heading or tag that labels its section as changing per turn.
fn dynamic_heading() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| {
        Regex::new(
            r"(?im)^[ \t]*(?:#{1,6}[ \t]+|<|\[|\*\*)?[ \t]*(?:dynamic|volatile|per[ _-]?(?:turn|request|call)|runtime|ephemeral|live)[ _-]+(?:context|section|state|data|content|info|information|block|part)(?-u:\b)[^\n]{0,40}$",
        )
        .expect("valid regex")
    })
}

/// PL407: a prompt without a boundary marker whose text says a part changes per turn, or
/// whose marker is not on a line of its own.
pub fn missing_boundary_marker(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    if input.kind != FileKind::Prompt {
        return Vec::new();
    }
    let text = input.text();
    let mut out = Vec::new();
    for l in &input.parsed.cache {
        if !l.markers.is_empty() {
            continue;
        }
        if let Some(m) = l.marker_mentions.first() {
            let msg = format!(
                "boundary marker `{}` is not on a line of its own, so it splits nothing: the whole prompt is cached as static text",
                &text[m.clone()]
            );
            if let Ok(f) = Finding::new(rule, text, m.clone(), msg) {
                out.push(
                    f.with_label("not a marker line")
                        .with_matched("marker-mention"),
                );
            }
            continue;
        }
        let Some(piece) = l.pieces.first() else {
            continue;
        };
        let st = &text[piece.source.clone()];
        if let Some(m) = dynamic_heading().find(st) {
            let span = trim_span(
                text,
                piece.source.start + m.start()..piece.source.start + m.end(),
            );
            let msg = format!(
                "section `{}` looks dynamic but the prompt has no boundary marker, so it is cached as static text: put `{}` on the line before it",
                crate::escape::excerpt(&text[span.clone()], 60),
                prompt::DEFAULT_MARKER
            );
            if let Ok(f) = Finding::new(rule, text, span, msg) {
                out.push(
                    f.with_label("dynamic section")
                        .with_matched("dynamic-section"),
                );
            }
        }
    }
    out
}

/// PL408: a cacheable prefix shorter than the provider's minimum.
pub fn prefix_below_cache_minimum(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    let providers = crate::providers::Providers::builtin();
    let mut out = Vec::new();
    for l in &input.parsed.cache {
        if !l.cache_intent || !l.boundary.is_declared() {
            continue;
        }
        // In a request log the same request shape repeats on every line: report the first.
        if input.kind == FileKind::RequestLog && !out.is_empty() {
            break;
        }
        let Some(min) = providers.minimum(l.provider, l.model.as_deref()) else {
            continue;
        };
        let tokens = est_tokens(l.prefix_bytes);
        if tokens >= min.tokens {
            continue;
        }
        let whom = match (&min.model, l.provider) {
            (Some(m), _) => format!("{} caches for {m}", min.provider),
            (None, Some(_)) => format!("{} caches for any model", min.provider),
            (None, None) => "any provider caches".to_owned(),
        };
        let msg = format!(
            "the cacheable prefix is ~{tokens} tokens (est. 4 bytes/token), under the {}-token minimum {whom}: the cache never engages and every turn pays full price (source: {})",
            min.tokens, min.source
        );
        let span = l
            .breakpoints
            .last()
            .or(l.markers.first())
            .map_or(l.span.start..l.span.start, |r| {
                first_line(text, trim_span(text, r.clone()))
            });
        if let Ok(f) = Finding::new(rule, text, span, msg) {
            out.push(
                f.with_label("prefix too short to cache")
                    .with_matched("prefix-minimum"),
            );
        }
    }
    out
}

fn instruction_names() -> &'static [String] {
    static N: OnceLock<Vec<String>> = OnceLock::new();
    N.get_or_init(|| {
        let mut names: Vec<String> = crate::agents::Conventions::builtin()
            .globs()
            .filter(|(_, k, _)| k.is_agent_loaded() && *k != FileKind::McpConfig)
            .filter_map(|(g, _, _)| g.rsplit('/').next())
            .filter(|n| !n.contains('*') && n.len() > 3)
            .map(str::to_owned)
            .collect();
        names.sort();
        names.dedup();
        names
    })
}

fn file_heading() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| {
        let names: Vec<String> = instruction_names().iter().map(|n| regex::escape(n)).collect();
        let names = names.join("|");
        Regex::new(&format!(
            r#"(?im)^[ \t]*(?:(?:#{{1,6}}|<[a-z_:-]+|---+|===+|\*\*|\[)[^\n]*?(?:^|[\s/"'`(=])(?:{names})(?-u:\b)[^\n]*|[^\n]*(?-u:\b)contents?\s+of\s+[`'"]?[\w./~-]*(?:{names}|\.md|\.mdc|\.txt|rules)(?-u:\b)[^\n]*|[ \t]*[\w./~-]*(?:{names})[ \t]*:?[ \t]*)$"#
        ))
        .expect("valid regex")
    })
}

fn provenance_label() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| {
        Regex::new(
            r"(?i)untrusted|user[- ]?(?:provided|supplied|content|data)|(?:provided|supplied|written) by the user|third[- ]party|from the (?:repository|repo|project|codebase|workspace)|checked into|(?:do not|don't|never) (?:follow|obey|execute|treat)|treat (?:it|this|them|its contents?) as (?:data|untrusted)|not (?:as )?instructions|provenance|<external",
        )
        .expect("valid regex")
    })
}

/// PL409: project-file content in the system role without a provenance or untrusted label.
pub fn project_file_in_system(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    let mut out = Vec::new();
    for seg in &input.parsed.segments {
        let system = match input.kind {
            FileKind::Prompt => {
                matches!(seg.role, Role::Body | Role::System) && seg.zone == Zone::Static
            }
            FileKind::Request | FileKind::RequestLog => {
                matches!(seg.role, Role::System | Role::Developer)
            }
            _ => false,
        };
        if !system {
            continue;
        }
        let st = seg.text(text);
        for m in file_heading().find_iter(st) {
            // The heading must introduce content: something follows it.
            if st[m.end()..].trim().is_empty() {
                continue;
            }
            let ctx_start = st[..m.start()].trim_end().rfind('\n').map_or(0, |i| i + 1);
            let after = st[m.end()..].trim_start_matches('\n');
            let next_line_end = m.end()
                + (st.len() - m.end() - after.len())
                + after.find('\n').unwrap_or(after.len());
            if provenance_label().is_match(&st[ctx_start..next_line_end.min(st.len())]) {
                continue;
            }
            let src = seg.to_source(trim_span(st, m.range()));
            let shown = crate::escape::excerpt(&text[src.clone()], 60);
            let msg = format!(
                "project-file content `{shown}` in the system prompt without a provenance label: the model treats a repository file as its operator's instructions; wrap it as user-provided content (a user message, or tags saying it is untrusted project content)"
            );
            if let Ok(f) = Finding::new(rule, text, src, msg) {
                out.push(
                    f.with_label("project file in the system role")
                        .with_matched(shown),
                );
            }
        }
    }
    out
}

/// PL410: an inline tool result over the size budget.
pub fn oversized_tool_result(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    let mut out = Vec::new();
    for l in &input.parsed.cache {
        for t in &l.tool_results {
            let tokens = est_tokens(t.bytes);
            if tokens <= l.tool_result_budget {
                continue;
            }
            let first_line_end = text[t.span.clone()]
                .find('\n')
                .map_or(t.span.end, |i| t.span.start + i);
            let span = t.span.start..first_line_end.min(t.span.start + 200);
            let mut end = span.end;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let msg = format!(
                "inline tool result of ~{tokens} tokens (est. 4 bytes/token) is over the {}-token budget: it is carried in every later turn's prompt; store it and pass a summary or a reference",
                l.tool_result_budget
            );
            if let Ok(f) = Finding::new(rule, text, span.start..end, msg) {
                out.push(
                    f.with_label("large tool result")
                        .with_matched("tool-result"),
                );
            }
        }
    }
    out
}

/// PL411: more `cache_control` breakpoints than the provider accepts.
pub fn too_many_breakpoints(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    let providers = crate::providers::Providers::builtin();
    let mut out = Vec::new();
    for l in &input.parsed.cache {
        let Some(p) = l.provider else { continue };
        let Some(limit) = providers.breakpoint_limit(p) else {
            continue;
        };
        if l.breakpoints.len() <= limit.max {
            continue;
        }
        let span = l.breakpoints[limit.max].clone();
        let msg = format!(
            "{} cache_control breakpoints; {} accepts at most {} and rejects the request (source: {})",
            l.breakpoints.len(),
            limit.provider,
            limit.max,
            limit.source
        );
        if let Ok(f) = Finding::new(rule, text, span, msg) {
            out.push(
                f.with_label("breakpoint over the limit")
                    .with_matched("breakpoints"),
            );
        }
    }
    out
}

/// PL412: a request-log turn whose cacheable prefix matches no earlier prefix of its
/// conversation.
pub fn prefix_break(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    if input.kind != FileKind::RequestLog {
        return Vec::new();
    }
    let text = input.text();
    let mut convs = Vec::new();
    let _ = crate::cache::analyse_reader(
        input.path,
        text.as_bytes(),
        crate::cache::CacheOptions::default(),
        &mut |c| convs.push(c),
    );
    let mut out = Vec::new();
    for c in &convs {
        for t in &c.turns {
            let Some(b) = &t.broken else { continue };
            let (s, e) = (t.line_span.0 as usize, t.line_span.1 as usize);
            let span = break_span(input, s, b.at as usize)
                .unwrap_or_else(|| trim_span(text, s..e.min(text.len())));
            let detail = if b.detail.is_empty() {
                String::new()
            } else {
                format!(", {}", b.detail)
            };
            let msg = format!(
                "turn {} of conversation {} breaks the cached prefix at byte {} ({}{detail}): ~{} tokens re-billed (est. 4 bytes/token); was `{}`, now `{}`",
                t.turn,
                crate::escape::excerpt(&c.id, 60),
                b.at,
                b.reason.as_str(),
                b.est_tokens_rebilled,
                b.was,
                b.now
            );
            if let Ok(f) = Finding::new(rule, text, span, msg) {
                out.push(
                    f.with_label(format!("prefix breaks here: {}", b.reason.as_str()))
                        .with_matched(format!("{}#{}", c.id, t.turn)),
                );
            }
        }
    }
    out
}

/// The source span of canonical prefix byte `at` of the request on the line starting at
/// `line_start`: from that byte to the end of its JSON string (at most 60 bytes), when it lies
/// in a string of the static zone.
fn break_span(input: &Input<'_>, line_start: usize, at: usize) -> Option<Range<usize>> {
    let text = input.text();
    let l = input
        .parsed
        .cache
        .iter()
        .find(|l| l.span.start <= line_start && line_start < l.span.end)?;
    let p = l
        .pieces
        .iter()
        .find(|p| p.prefix_offset <= at && at < p.prefix_offset + p.source.len())?;
    let mut start = p.source.start + (at - p.prefix_offset);
    let mut end = p.source.end.min(start + 60);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    Some(start..end.max(start))
}

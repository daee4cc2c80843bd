//! What the checks of program effects share (PL315–PL323, PL327, PL511–PL513): the effects of
//! the source's programs ([`Input::effects`]), each turned into a finding at the step that does it, with the
//! line of the step that read what a flow carries named in the message. An effect a pattern
//! rule of the exfil, autonomy or encoded family already reports on the same command text is
//! left to that rule, so one command is not reported twice.

use std::sync::Arc;

use super::input::Input;
use crate::effects::{EffectKind, Found, Origin};
use crate::finding::{Finding, Severity};
use crate::normalize::{ViewKind, normalize};
use crate::parse::Role;
use crate::rules::context;
use crate::rules::{Family, Rule};

/// Findings of `rule` for the effects `pick` accepts: `pick` gives the severity and the
/// message (without the source's line, which is added).
pub fn effect_findings(
    input: &Input<'_>,
    rule: &Arc<Rule>,
    dedupe: bool,
    pick: impl Fn(&Found) -> Option<(Severity, String)>,
) -> Vec<Finding> {
    let text = input.text();
    let mut out = Vec::new();
    for f in input.effects() {
        let Some((severity, message)) = pick(f) else {
            continue;
        };
        let Some(seg) = input.parsed.segments.get(f.segment) else {
            continue;
        };
        let seg_text = seg.text(text);
        // A plain `curl … | sh` is PL306's and `base64 -d | sh` PL314's, with their
        // installers' allow-list: reported here only when they would report the command line
        // as read but cannot see it as written (the dedupe below drops what they do see).
        if let Some(line) = &f.effect.plain {
            // Read as written (the usual case), the pattern rules already judged it.
            let written = f
                .effect
                .source
                .as_ref()
                .filter(|s| s.start < f.effect.at.start)
                .map_or(f.effect.at.clone(), |s| s.start..f.effect.at.end);
            let written = seg_text.get(written).unwrap_or("");
            if line.is_empty() || same_words(line, written) || !pattern_sees(input, line) {
                continue;
            }
        }
        // A settings command's flows and remote runs are PL310's (`settings-command-exfil`,
        // which names the hook and its key path) when PL310 sees the command.
        if seg.role == Role::SettingCommand
            && matches!(
                f.effect.kind,
                EffectKind::Exfiltrate { .. } | EffectKind::RunFetched | EffectKind::RunDecoded
            )
            && super::pl310_settings_command_exfil::reports(input, seg_text)
        {
            continue;
        }
        // The finding covers the flow from its source when both are on one line
        // (`curl … | sh`), else the step, with the source as a related place.
        let at = match &f.effect.source {
            Some(s)
                if s.start < f.effect.at.start
                    && !seg_text
                        .get(s.start..f.effect.at.start)
                        .unwrap_or("\n")
                        .contains('\n') =>
            {
                s.start..f.effect.at.end
            }
            _ => f.effect.at.clone(),
        };
        let Some(step) = seg_text.get(at.clone()) else {
            continue;
        };
        if dedupe && pattern_sees(input, step) {
            continue;
        }
        let joined = at.start != f.effect.at.start;
        let at_in_segment = at.clone();
        let span = seg.to_source(at);
        let source = f
            .effect
            .source
            .as_ref()
            .filter(|_| !joined)
            .map(|s| trim(text, seg.to_source(s.clone())))
            .filter(|s| text.is_char_boundary(s.start) && text.is_char_boundary(s.end));
        let message = match &source {
            Some(s) => {
                let line = input.lines.line_of(s.start) + 1;
                format!("{message} (read at line {line})")
            }
            None => message,
        };
        let Ok(mut finding) = Finding::new(rule, text, trim(text, span), message) else {
            continue;
        };
        // The effect's own grade (a persisted line that reaches out is worse than one that
        // does not), which may be above or below the rule's default.
        finding.severity = severity;
        // An inline code span is framed by its sentence ("reject `curl … | sh`"), as a
        // pattern rule's match is; a block or a script is run as written.
        if f.origin == Origin::Inline
            && let Some(d) = context::assess(
                rule.context.sentence,
                context::Place::of(input.kind),
                seg.role,
                seg_text,
                at_in_segment.clone(),
            )
        {
            finding = finding.with_severity(Severity::Note, d.reason());
        }
        if let Some(s) = source {
            finding.related.push(crate::finding::Related {
                span: s,
                message: "what it sends is read here".to_string(),
            });
        }
        out.push(finding);
    }
    out.sort_by_key(|f| (f.span.start, f.span.end));
    out.dedup_by(|a, b| a.span == b.span);
    out
}

/// Whether two command lines have the same words, white space and quote marks aside (the
/// command line read has its quotes removed: `--proto '=https'` is `--proto =https`).
fn same_words(a: &str, b: &str) -> bool {
    let unquoted = |s: &str| s.replace(['\'', '"'], "");
    unquoted(a)
        .split_whitespace()
        .eq(unquoted(b).split_whitespace())
}

/// `span` without white space at its ends (a command's bytes can end in a line break).
fn trim(text: &str, span: std::ops::Range<usize>) -> std::ops::Range<usize> {
    let s = &text[span.clone()];
    let start = span.start + (s.len() - s.trim_start().len());
    let end = span.end - (s.len() - s.trim_end().len());
    start..end.max(start)
}

/// Whether a pattern rule of the exfil, autonomy or encoded family matches `step` at a
/// warning or above.
fn pattern_sees(input: &Input<'_>, step: &str) -> bool {
    let mut seen = false;
    let norm = normalize(step);
    for kind in [ViewKind::Text, ViewKind::Prose] {
        let view = norm.view(kind);
        let _failed = input.catalog.patterns(kind).find(
            &view.text,
            |r| {
                matches!(r.family, Family::Exfil | Family::Autonomy | Family::Encoded)
                    && r.severity >= Severity::Warning
                    && input.enabled.contains(&r.id)
            },
            |_, _| seen = true,
        );
    }
    seen
}

/// The message of an exfiltration: what was read and what sends it.
pub fn exfil_message(f: &Found) -> Option<String> {
    match &f.effect.kind {
        EffectKind::Exfiltrate { taint } => Some(format!(
            "{} sent out by `{}`",
            crate::effects::vocab::describe(*taint),
            f.effect.what
        )),
        _ => None,
    }
}

//! The rescan of decoded payloads: each decoded run is put back in place of its source run
//! inside a window of its line, and the window is matched with the pattern rules of the
//! [`RESCANNED`] families (see the module documentation of [`super`]).

use std::ops::Range;
use std::sync::Arc;

use super::decode::Payload;
use crate::finding::Severity;
use crate::normalize::{ViewKind, normalize};
use crate::offset_map::OffsetMap;
use crate::parse::{Role, Segment};
use crate::rules::native::input::Input;
use crate::rules::{Catalog, Family, Rule};
use crate::source::ceil_char_boundary as ceil;
use crate::source::floor_char_boundary as floor;

/// Families whose pattern rules are run over decoded text.
pub const RESCANNED: [Family; 3] = [Family::Injection, Family::Exfil, Family::Autonomy];

/// Bytes of context kept on each side of a run when it is rescanned.
const WINDOW: usize = 160;

/// One inner-rule match on decoded text, in source bytes.
pub(super) struct Hit {
    pub(super) span: Range<usize>,
    pub(super) seg_span: Range<usize>,
    pub(super) rule: Arc<Rule>,
    pub(super) payload: usize,
    /// The inner rule's severity, or a note when the decoded text itself quotes, exemplifies
    /// or forbids what it matched (the inner rule's context policy, judged inside the payload:
    /// quotes around the encoded run are how a payload is delivered, not a discussion of it).
    pub(super) severity: Severity,
    pub(super) discussion: Option<crate::rules::context::Discussion>,
}

/// Matches of the rescanned rules on each payload in its window.
pub(super) fn rescan(
    input: &Input<'_>,
    seg: &Segment,
    seg_text: &str,
    payloads: &[Payload],
) -> Vec<Hit> {
    let catalog: &Catalog = input.catalog;
    let wanted = |r: &Rule| {
        RESCANNED.contains(&r.family)
            && input.enabled.contains(&r.id)
            && r.applies_to_kind(input.kind)
            && r.applies_to_role(seg.role)
            && r.zone.admits(seg.zone)
    };
    let mut hits = Vec::new();
    for (window, members) in windows(seg_text, payloads) {
        // The window with each payload decoded in place; decoded text maps to its whole run.
        let mut sub = String::with_capacity(window.len());
        let mut map = OffsetMap::new();
        let mut placed: Vec<(Range<usize>, usize)> = Vec::new();
        let mut at = window.start;
        for &k in &members {
            let p = &payloads[k];
            sub.push_str(&seg_text[at..p.range.start]);
            map.push_identity(at..p.range.start);
            let from = sub.len();
            sub.push_str(&p.text);
            map.push_opaque(p.text.len(), p.range.clone());
            placed.push((from..sub.len(), k));
            at = p.range.end;
        }
        sub.push_str(&seg_text[at..window.end]);
        map.push_identity(at..window.end);
        let norm = normalize(&sub);
        // Quoted fragments joined inside the decoded text (`p1 + p2`): the joined text is
        // matched too, as the pipeline does for plain text, and reported at the payload.
        let joins: Vec<_> = crate::fragments::reassemble(norm.text())
            .into_iter()
            .filter(|j| payload_at(&placed, &j.expr).is_some())
            .map(|j| {
                let inner = normalize(&j.text);
                let d = crate::rules::context::assess(
                    crate::rules::ContextPolicy::Command,
                    crate::rules::context::Place::of(input.kind),
                    Role::Body,
                    norm.text(),
                    j.expr.clone(),
                );
                (j, inner, d)
            })
            .collect();
        for view_kind in [ViewKind::Text, ViewKind::Prose] {
            let view = norm.view(view_kind);
            let _failed = catalog
                .patterns(view_kind)
                .find(&view.text, wanted, |r, m| {
                    let in_sub = view.to_segment(m);
                    let Some((pr, k)) = payload_at(&placed, &in_sub) else {
                        return;
                    };
                    let seg_span = map.map_range(in_sub.clone());
                    if matches_raw(catalog, r, &seg_text[seg_span.clone()]) {
                        return;
                    }
                    let local =
                        in_sub.start.max(pr.start) - pr.start..in_sub.end.min(pr.end) - pr.start;
                    // The decoded text is its own text: a fence around the encoded run does
                    // not make the payload an example (hidden roles stay hidden).
                    let role = if seg.role.is_hidden() {
                        seg.role
                    } else {
                        decoded_role(&payloads[k].text, local.start)
                    };
                    let discussion = crate::rules::context::assess(
                        r.context.sentence,
                        crate::rules::context::Place::of(input.kind),
                        role,
                        &payloads[k].text,
                        local,
                    );
                    hits.push(Hit::new(seg, seg_span, r, k, discussion));
                });
            for (joined, inner, d) in &joins {
                let view = inner.view(view_kind);
                let _failed = catalog
                    .patterns(view_kind)
                    .find(&view.text, wanted, |r, m| {
                        let (span, n) = joined.source_span(view.to_segment(m));
                        if n < 2 {
                            return;
                        }
                        let in_sub = norm.to_segment(span);
                        let Some((_, k)) = payload_at(&placed, &in_sub) else {
                            return;
                        };
                        hits.push(Hit::new(seg, map.map_range(in_sub), r, k, *d));
                    });
            }
        }
    }
    hits
}

/// The decoded run among `placed` (its range in the window text, and its payload index) that
/// overlaps `r`, if any.
fn payload_at(placed: &[(Range<usize>, usize)], r: &Range<usize>) -> Option<(Range<usize>, usize)> {
    placed
        .iter()
        .find(|(pr, _)| pr.start < r.end && r.start < pr.end)
        .cloned()
}

impl Hit {
    /// A hit of inner rule `r` at `seg_span` of `seg`, in payload `k`: a note when
    /// `discussion` says the decoded text discusses it, else the rule's severity.
    fn new(
        seg: &Segment,
        seg_span: Range<usize>,
        r: &Arc<Rule>,
        k: usize,
        discussion: Option<crate::rules::context::Discussion>,
    ) -> Hit {
        Hit {
            span: seg.to_source(seg_span.clone()),
            seg_span,
            rule: Arc::clone(r),
            payload: k,
            severity: if discussion.is_some() {
                Severity::Note
            } else {
                r.severity
            },
            discussion,
        }
    }
}

/// The role of offset `at` of a decoded text read as markdown: a fenced block inside the
/// decoded text is an example there as anywhere else; everything else is body text.
fn decoded_role(decoded: &str, at: usize) -> Role {
    if !decoded.contains("```") && !decoded.contains("~~~") {
        return Role::Body;
    }
    crate::parse::markdown::parse(decoded)
        .segments
        .iter()
        .find(|s| s.range.contains(&at))
        .map_or(Role::Body, |s| match s.role {
            Role::CodeFence => Role::CodeFence,
            _ => Role::Body,
        })
}

/// True when `rule` already matches the raw text (HTML references, which the normalized view
/// decodes in place): the pattern rules report it there.
fn matches_raw(catalog: &Catalog, rule: &Rule, raw: &str) -> bool {
    let norm = normalize(raw);
    let view = norm.view(rule.view);
    let mut seen = false;
    let _failed =
        catalog
            .patterns(rule.view)
            .find(&view.text, |r| r.id == rule.id, |_, _| seen = true);
    seen
}

/// Windows around payloads (their line, at most [`WINDOW`] bytes each side), merged when they
/// overlap: `(window, indices of the payloads inside)`.
fn windows(text: &str, payloads: &[Payload]) -> Vec<(Range<usize>, Vec<usize>)> {
    let mut out: Vec<(Range<usize>, Vec<usize>)> = Vec::new();
    for (k, p) in payloads.iter().enumerate() {
        // Only WINDOW bytes are searched for the line's ends: a minified line must not make
        // every run cost the whole line.
        let lo = floor(text, p.range.start.saturating_sub(WINDOW));
        let hi = ceil(text, (p.range.end + WINDOW).min(text.len()));
        let lo = text[lo..p.range.start]
            .rfind('\n')
            .map_or(lo, |i| lo + i + 1);
        let hi = text[p.range.end..hi]
            .find('\n')
            .map_or(hi, |i| p.range.end + i);
        match out.last_mut() {
            Some((w, members)) if lo <= w.end => {
                w.end = w.end.max(hi);
                members.push(k);
            }
            _ => out.push((lo..hi, vec![k])),
        }
    }
    out
}

//! PL407 missing-boundary-marker (see [`super::cache_common`] for which volatile values count where).

use std::sync::{Arc, OnceLock};

use regex::Regex;

use super::cache_common::*;
use super::input::Input;
use crate::finding::Finding;
use crate::kind::FileKind;
use crate::parse::prompt;
use crate::rules::Rule;

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

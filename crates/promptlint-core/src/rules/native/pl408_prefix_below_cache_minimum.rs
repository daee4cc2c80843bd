//! PL408 prefix-below-cache-minimum (see [`super::cache_common`] for which volatile values count where).

use std::sync::Arc;

use super::cache_common::*;
use super::input::Input;
use crate::finding::Finding;
use crate::kind::FileKind;
use crate::parse::est_tokens;
use crate::rules::Rule;

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

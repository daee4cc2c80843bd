//! The provider's cache model applied to a turn: what it reads from and writes to its cache.

use crate::parse::Provider;
use crate::parse::request::{JsonView, Jv, Layout};
use crate::parse::segment::Role;
use crate::providers::Providers;

use super::classify::common_prefix;
use super::classify::{H, Kind};
use super::compare::common_path;
use super::model::Predicted;
use super::open::{Open, Shared};
use super::prefix::Prefix;

/// Blocks before a breakpoint that are checked for an earlier cache entry when the provider
/// facts give no number (Anthropic's 20, `lookback_blocks` in `rules/providers.yaml`; applied
/// to Bedrock's Claude models too, unconfirmed).
const DEFAULT_LOOKBACK_BLOCKS: usize = 20;

/// How long this request's cache entries live after their last use, in milliseconds: the
/// TTL it names (a breakpoint's `ttl`, OpenAI's `prompt_cache_retention`) or the provider's
/// default, from `rules/providers.yaml`; unbounded when the provider documents none.
pub(super) fn ttl_ms(providers: &Providers, lay: &Layout<'_, Jv>, req: &Jv) -> u64 {
    let named = lay
        .breakpoints
        .iter()
        .find_map(|b| b.get("ttl").and_then(JsonView::str))
        .or_else(|| req.get("prompt_cache_retention").and_then(JsonView::str));
    let ttls = providers.ttls(lay.provider);
    named
        .and_then(|n| ttls.iter().find(|t| t.name == n))
        .or_else(|| providers.default_ttl(lay.provider))
        .map_or(u64::MAX, |t| t.seconds.saturating_mul(1000))
}

/// How far the provider's cache could reach for a request, besides the point prediction:
/// what bounds a verdict the log cannot settle.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Reach {
    /// Tokens of the request's cacheable prefix (the most it could read from an entry
    /// written before the log).
    pub(super) cacheable: u64,
    /// Tokens of the longest prefix an earlier request of the log sent, minimum or not.
    pub(super) unfloored: u64,
}

/// True when the provider reads at explicit breakpoints (Anthropic, Bedrock, an OpenAI
/// request that carries breakpoints) rather than the longest cached prefix.
pub(super) fn at_breakpoints(lay: &Layout<'_, Jv>) -> bool {
    matches!(lay.provider, Provider::Anthropic | Provider::Bedrock)
        || lay.boundary == crate::parse::segment::Boundary::Breakpoint
}

/// What the provider reads from and writes to its cache for this request. Entries come from
/// the provider's cache as the log filled it (`shared`, every conversation of the log with
/// the same scope and model), sized in tokens when they were written; the conversation's own
/// state adds only a match inside an element (the bytes of its earlier elements).
#[allow(clippy::too_many_arguments)]
pub(super) fn predict(
    open: &Open,
    shared: &Shared,
    scope: &H,
    p: &Prefix,
    lay: &Layout<'_, Jv>,
    minimum: u64,
    whole: u64,
    now: Option<u64>,
) -> (Predicted, Reach) {
    let providers = Providers::builtin();
    let n = p.chunks.len();
    let mut out = Predicted {
        input_tokens: open.tokens(whole),
        minimum,
        ..Predicted::default()
    };
    let mut reach = Reach::default();
    if at_breakpoints(lay) {
        let lookback = providers
            .lookback_blocks(lay.provider)
            .unwrap_or(DEFAULT_LOOKBACK_BLOCKS);
        let mut best = 0u64;
        for &w in &p.writes {
            let lo = w.saturating_sub(lookback).max(1);
            for j in (lo..=w).rev() {
                let Some(e) = shared.get(scope, &p.bounds[j]) else {
                    continue;
                };
                reach.unfloored = reach.unfloored.max(e.tokens);
                if !e.written {
                    continue;
                }
                if e.alive(now) {
                    best = best.max(e.tokens);
                    break;
                }
                out.expired = true;
            }
        }
        let last = p.writes.iter().copied().max().unwrap_or(0);
        let cacheable = open.tokens(p.ends[last]);
        reach.cacheable = if cacheable >= minimum { cacheable } else { 0 };
        out.cache_read = if best >= minimum { best } else { 0 };
        if out.cache_read > 0 {
            out.expired = false;
        }
        out.cache_write = Some(if cacheable >= minimum {
            cacheable.saturating_sub(out.cache_read)
        } else {
            0
        });
        out.cache_read_max = Some(out.cache_read);
        return (out, reach);
    }
    // Automatic caching: the longest prefix an earlier request of the scope cached and that
    // is still alive ...
    let mut t = 0u64;
    for j in (1..=n).rev() {
        let Some(e) = shared.get(scope, &p.bounds[j]) else {
            continue;
        };
        reach.unfloored = reach.unfloored.max(e.tokens);
        if !e.written {
            continue;
        }
        if e.alive(now) {
            t = e.tokens;
            // The completion the provider cached with that prompt, when this request goes on
            // with the model's reply to it.
            if e.completion > 0
                && j < n
                && matches!(p.kinds.get(j), Some(Kind::Section(_, Role::Assistant)))
            {
                let reply = open.tokens(p.ends[j + 1].saturating_sub(p.ends[j]));
                t = (t + e.completion.min(reply)).min(open.tokens(p.ends[n]));
            }
            break;
        }
        out.expired = true;
    }
    // ... or, within the conversation, a match that goes on inside the next element.
    let (k, full) = if open.nodes.is_empty() {
        (0, false)
    } else {
        common_path(open, p)
    };
    let upto = if full { n } else { k };
    if !full && k > 0 && k < n {
        let node = open.nodes.get(&p.bounds[k]);
        let lcp = match (
            node.and_then(|nd| nd.next)
                .and_then(|h| open.chunks.get(&h)),
            p.chunks.get(k),
        ) {
            (Some(e), Some(c)) => common_prefix(e, c),
            _ => 0,
        };
        if let Some(e) = shared
            .get(scope, &p.bounds[k])
            .filter(|e| e.written && e.alive(now))
        {
            t = t.max(e.tokens + open.tokens(lcp as u64));
        }
    }
    if t > 0 {
        out.expired = false;
    } else if upto > 0
        && open
            .nodes
            .get(&p.bounds[upto])
            .is_some_and(|nd| !nd.alive(now))
    {
        out.expired = true;
    }
    let stepped = |t: u64| match providers.hit_increment(lay.provider) {
        _ if t < minimum => 0,
        Some((step, first)) if step > 0 && t >= first as u64 => {
            let (step, first) = (step as u64, first as u64);
            first + (t - first) / step * step
        }
        _ => t,
    };
    out.cache_read = stepped(t);
    out.cache_read_max = Some(out.cache_read);
    reach.cacheable = stepped(open.tokens(p.ends[n]));
    (out, reach)
}

/// Records a request's prefix in the provider's cache: under breakpoints the entries it
/// writes (and those it read, which a read refreshes); under automatic caching every element
/// boundary, cached when the whole prompt reached the minimum. Each boundary is sized now, by
/// this request's own figures: under breakpoints the tokens it reports read and written
/// (together, the size of its cached prefix up to its last breakpoint, hidden tokens the
/// provider adds included), else its bytes scaled by its reported input tokens per byte.
///
/// Under breakpoints an entry also covers the block boundaries before it, up to the lookback
/// (`lookback_blocks`): Anthropic "checks for cache hits at all previous content block
/// boundaries", and the yardstick shows such a hit on an entry no earlier breakpoint ended
/// at (crewAI `test_anthropic_cached_prompt_tokens_with_tools`: a second question read the
/// 1857 tokens of system and tools written behind the first question's breakpoint).
#[allow(clippy::too_many_arguments)]
pub(super) fn remember_shared(
    shared: &mut Shared,
    scope: &H,
    open: &Open,
    p: &Prefix,
    lay: &Layout<'_, Jv>,
    minimum: u64,
    now: Option<u64>,
    ttl_ms: u64,
    cached: Option<u64>,
    completion: Option<u64>,
) {
    let n = p.chunks.len();
    if at_breakpoints(lay) {
        let last = p.writes.iter().copied().max().unwrap_or(0);
        let scale = match cached {
            Some(c) if c > 0 && last > 0 && p.ends[last] > 0 => {
                Some(c as f64 / p.ends[last] as f64)
            }
            _ => None,
        };
        let size = |k: usize| match scale {
            Some(s) if k <= last => (p.ends[k] as f64 * s).round() as u64,
            _ => open.tokens(p.ends[k]),
        };
        let lookback = Providers::builtin()
            .lookback_blocks(lay.provider)
            .unwrap_or(DEFAULT_LOOKBACK_BLOCKS);
        for k in 1..=n {
            let tokens = size(k);
            let covered = p
                .writes
                .iter()
                .any(|&w| k <= w && w - k <= lookback && size(w) >= minimum);
            let written = covered && tokens >= minimum;
            if written || shared.get(scope, &p.bounds[k]).is_some() {
                shared.put(scope, &p.bounds[k], tokens, written, now, ttl_ms);
            }
        }
        return;
    }
    // A completion cached with the prompt counts towards the minimum: the entry is the two.
    let completion = completion.filter(|_| caches_completion(lay.provider));
    let cached = open.tokens(p.ends[n]) + completion.unwrap_or(0) >= minimum;
    for k in 1..=n {
        shared.put(
            scope,
            &p.bounds[k],
            open.tokens(p.ends[k]),
            cached,
            now,
            ttl_ms,
        );
    }
    if let (true, Some(c)) = (cached, completion) {
        shared.set_completion(scope, &p.bounds[n], c);
    }
}

/// Whether `provider` caches a request's completion with its prompt, so that the next
/// request, which replays the reply, reads prompt and reply: OpenAI's Chat Completions and
/// Responses APIs (and the APIs that copy Chat Completions). **Unconfirmed** by OpenAI's
/// prompt-caching guide, which speaks of prompts only; shown by recorded bills in the cassette
/// yardstick (`yardstick/cassettes/README.md`, class F2: crewAI `test_hierarchical_process`
/// read 1408 tokens after a turn of 1233 prompt and 188 completion tokens; pydantic-ai
/// `test_openai_responses_thinking_with_tool_calls` read 2048 after 124 and 1926; DeepSeek
/// read 896 after a 875-token prompt).
pub(super) fn caches_completion(provider: Provider) -> bool {
    matches!(provider, Provider::OpenAiChat | Provider::OpenAiResponses)
}

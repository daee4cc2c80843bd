//! The provider's cache model applied to a turn: what it reads from and writes to its cache.

use crate::parse::Provider;
use crate::parse::request::{JsonView, Jv, Layout};
use crate::providers::Providers;

use super::classify::common_prefix;
use super::compare::common_path;
use super::model::Predicted;
use super::open::Open;
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

/// What the provider reads from and writes to its cache for this request.
pub(super) fn predict(
    open: &Open,
    p: &Prefix,
    lay: &Layout<'_, Jv>,
    minimum: u64,
    whole: u64,
    now: Option<u64>,
) -> Predicted {
    let providers = Providers::builtin();
    let n = p.chunks.len();
    let mut out = Predicted {
        input_tokens: open.tokens(whole),
        minimum,
        ..Predicted::default()
    };
    let (k, full) = if open.nodes.is_empty() {
        (0, false)
    } else {
        common_path(open, p)
    };
    let breakpoints = matches!(lay.provider, Provider::Anthropic | Provider::Bedrock)
        || lay.boundary == crate::parse::segment::Boundary::Breakpoint;
    if breakpoints {
        let lookback = providers
            .lookback_blocks(lay.provider)
            .unwrap_or(DEFAULT_LOOKBACK_BLOCKS);
        let mut best = 0u64;
        for &w in &p.writes {
            let lo = w.saturating_sub(lookback);
            for j in (lo..=w.min(k)).rev() {
                let Some(nd) = open.nodes.get(&p.bounds[j]) else {
                    continue;
                };
                if !nd.written {
                    continue;
                }
                if nd.alive(now) {
                    best = best.max(p.ends[j]);
                    break;
                }
                out.expired = true;
            }
        }
        let read = open.tokens(best);
        let last = p.writes.iter().copied().max().unwrap_or(0);
        let cacheable = open.tokens(p.ends[last]);
        out.cache_read = if read >= minimum { read } else { 0 };
        if out.cache_read > 0 {
            out.expired = false;
        }
        out.cache_write = Some(if cacheable >= minimum {
            cacheable.saturating_sub(out.cache_read)
        } else {
            0
        });
        return out;
    }
    // Automatic caching: the longest common prefix with an earlier request whose entry is
    // still alive.
    let upto = if full { n } else { k };
    let alive = (0..=upto)
        .rev()
        .find(|&j| open.nodes.get(&p.bounds[j]).is_some_and(|nd| nd.alive(now)));
    let common = match alive {
        Some(j) if j == n => p.ends[n],
        Some(j) => {
            let node = open.nodes.get(&p.bounds[j]);
            let lcp = match (
                node.and_then(|nd| nd.next)
                    .and_then(|h| open.chunks.get(&h)),
                p.chunks.get(j),
            ) {
                (Some(e), Some(c)) if j == k => common_prefix(e, c),
                _ => 0,
            };
            p.ends[j] + lcp as u64
        }
        None => 0,
    };
    if alive != Some(upto) && upto > 0 {
        out.expired = true;
    }
    let t = open.tokens(common);
    out.cache_read = match providers.hit_increment(lay.provider) {
        _ if t < minimum => 0,
        Some((step, first)) if step > 0 && t >= first as u64 => {
            let (step, first) = (step as u64, first as u64);
            first + (t - first) / step * step
        }
        _ => t,
    };
    out
}

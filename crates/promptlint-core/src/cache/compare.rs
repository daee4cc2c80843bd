//! A turn's prefix against the conversation's earlier ones: where it breaks, and how it is
//! recorded (and the oldest turns forgotten) for the turns after it.

use sha2::{Digest, Sha256};

use crate::parse::request::{Jv, Layout};

use super::classify::{H, classify, common_prefix, context};
use super::model::Break;
use super::open::{Node, Open};
use super::prefix::{From, Prefix, trunc};

/// How many leading chunks of `p` an earlier prefix shares (`k`), and whether an earlier
/// prefix holds all of `p`.
pub(super) fn common_path(open: &Open, p: &Prefix) -> (usize, bool) {
    let n = p.chunks.len();
    if open.nodes.contains_key(&p.bounds[n]) {
        return (n, true);
    }
    let mut k = 0;
    while k < n && open.nodes.contains_key(&p.bounds[k + 1]) {
        k += 1;
    }
    (k, false)
}

/// Compares a turn's prefix with every earlier prefix of the conversation.
pub(super) fn compare(
    open: &Open,
    p: &Prefix,
    lay: &Layout<'_, Jv>,
    minimum: u64,
) -> Option<Break> {
    let (k, full) = common_path(open, p);
    if full {
        return None; // a prefix of (or equal to) an earlier one
    }
    // This prefix extends an earlier one that nothing cached went beyond: stable. When an
    // earlier prefix did go on past the common part (`next`), what it cached there is lost,
    // even if a shorter earlier prefix is a prefix of this one (a truncated tool result in a
    // loop whose first request is still a prefix of every later one).
    let node = open.nodes.get(&p.bounds[k])?;
    node.next?;
    let cur = &p.chunks[k];
    let earlier = node.next.and_then(|h| open.chunks.get(&h));
    let lcp = earlier.map_or(0, |e| common_prefix(e, cur));
    let at = p.ends[k] + lcp as u64;
    let rebilled = open.tokens(node.max_end.saturating_sub(at));
    let cached_before = open.tokens(node.max_end);
    let billed = cached_before >= minimum && rebilled > 0;
    let (reason, detail) = classify(
        p.kinds[k],
        node.next_kind,
        earlier.map(|e| &e[..]),
        cur,
        lcp,
        &open.tools,
        &p.tools,
    );
    let path = match p.from[k] {
        From::Element(e) => {
            let (path, off) = lay.locate(e, lcp);
            match off {
                Some(o) => format!("{path} +{o}"),
                None => path,
            }
        }
        From::Inherited => "previous_response_id".to_owned(),
    };
    Some(Break {
        at,
        path,
        reason,
        detail,
        billed,
        est_tokens_rebilled: if billed { rebilled } else { 0 },
        was: earlier.map(|e| context(e, lcp)).unwrap_or_default(),
        now: context(cur, lcp),
    })
}

/// Records a turn's prefix.
pub(super) fn remember(
    open: &mut Open,
    p: &Prefix,
    turn: u32,
    minimum: u64,
    now: Option<u64>,
    ttl_ms: u64,
) {
    let total = *p.ends.last().unwrap_or(&0);
    for k in 0..=p.chunks.len() {
        let next = p.chunks.get(k).map(|c| trunc(&Sha256::digest(c)));
        let written = p.writes.contains(&k) && open.tokens(p.ends[k]) >= minimum;
        let node = open.nodes.entry(p.bounds[k]).or_insert(Node {
            max_end: 0,
            written: false,
            next: None,
            next_kind: None,
            last_turn: turn,
            last_ms: None,
            ttl_ms,
        });
        node.max_end = node.max_end.max(total);
        node.last_turn = turn;
        if now.is_some() {
            node.last_ms = now;
        }
        if written {
            node.written = true;
            node.ttl_ms = ttl_ms;
        }
        if k < p.chunks.len() {
            node.next = next;
            node.next_kind = Some(p.kinds[k]);
            let h = next.expect("k < len");
            if !open.chunks.contains_key(&h) {
                open.chunk_bytes += p.chunks[k].len();
                open.chunks
                    .insert(h, p.chunks[k].clone().into_boxed_slice());
            }
        }
    }
    open.tools.clone_from(&p.tools);
}

/// Forgets the oldest turns while over `budget` (never the current one).
pub(super) fn forget(open: &mut Open, turn: u32, budget: usize) {
    let mut window = turn.saturating_sub(1);
    while open.retained() > budget && window > 0 {
        window /= 2;
        let keep_from = turn.saturating_sub(window);
        open.nodes.retain(|_, nd| nd.last_turn >= keep_from);
        let mut live: std::collections::HashSet<H> =
            open.nodes.values().filter_map(|nd| nd.next).collect();
        live.extend(open.chain.iter().copied());
        open.chunks.retain(|h, _| live.contains(h));
        open.chunk_bytes = open.chunks.values().map(|c| c.len()).sum();
    }
}

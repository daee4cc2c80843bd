//! What an open conversation keeps between its turns: the boundaries of its earlier prefixes
//! and the bytes of their elements.

use std::collections::HashMap;

use super::classify::{H, Kind};
use super::model::Conversation;

/// A boundary between prefix elements, reached by some earlier prefix.
#[derive(Debug, Clone)]
pub(super) struct Node {
    /// Longest earlier prefix through this boundary, in bytes.
    pub(super) max_end: u64,
    /// An earlier request wrote a cache entry ending here.
    pub(super) written: bool,
    /// Content hash of the element that followed it most recently.
    pub(super) next: Option<H>,
    /// Kind of that element.
    pub(super) next_kind: Option<Kind>,
    /// Last turn that passed here.
    pub(super) last_turn: u32,
    /// When a request last used this boundary (unix milliseconds), when the log says.
    pub(super) last_ms: Option<u64>,
    /// How long an entry written here lives after its last use, in milliseconds.
    pub(super) ttl_ms: u64,
}

impl Node {
    /// False when the log's clock says the entry expired before `now`.
    pub(super) fn alive(&self, now: Option<u64>) -> bool {
        match (now, self.last_ms) {
            (Some(n), Some(l)) => n.saturating_sub(l) <= self.ttl_ms,
            _ => true,
        }
    }
}

#[derive(Debug)]
pub(super) struct Open {
    pub(super) conv: Conversation,
    /// Messages of the latest turn.
    pub(super) messages: usize,
    pub(super) nodes: HashMap<H, Node>,
    pub(super) chunks: HashMap<H, Box<[u8]>>,
    pub(super) chunk_bytes: usize,
    pub(super) tools: Vec<H>,
    pub(super) last_used: u64,
    /// Turns already handed out (a long conversation is emitted in parts).
    pub(super) turns_before: u32,
    /// Tokens per canonical byte, from the latest reported usage.
    pub(super) tokens_per_byte: f64,
    /// The previous turn's system and tool elements: `(path, canonical bytes)`.
    pub(super) parts: [Vec<(String, Vec<u8>)>; 2],
    pub(super) parts_bytes: usize,
    /// Hashes of the previous turn's conversation items (inherited, input and output), for a
    /// Responses request that continues it with `previous_response_id`; bytes in `chunks`.
    pub(super) chain: Vec<H>,
}

impl Open {
    /// Bytes kept, counting map and allocation overhead: about 96 bytes a node, 48 a chunk
    /// entry besides its text, 80 a turn row.
    pub(super) fn retained(&self) -> usize {
        self.chunk_bytes
            + self.parts_bytes
            + self.chunks.len() * 48
            + self.nodes.len() * 96
            + self.conv.turns.len() * 80
            + self.chain.len() * 16
    }

    pub(super) fn tokens(&self, bytes: u64) -> u64 {
        (bytes as f64 * self.tokens_per_byte).round() as u64
    }
}

/// One entry of the provider's cache: a prefix some request of the log sent, ending at an
/// element boundary.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    /// Its size in tokens, fixed when it was written: the writing request's own figures
    /// (its bytes scaled by its reported input tokens per byte), never re-scaled later.
    pub(super) tokens: u64,
    /// A request wrote an entry ending here (a breakpoint, or an automatic cache's end at or
    /// above the minimum); otherwise only passed through it.
    pub(super) written: bool,
    /// When a request last used it (unix milliseconds), when the log says.
    pub(super) last_ms: Option<u64>,
    /// How long it lives after its last use, in milliseconds.
    pub(super) ttl_ms: u64,
    /// The output tokens of the request whose whole prompt ended here, where the provider
    /// caches a completion with its prompt ([`super::predict::caches_completion`]); else 0.
    pub(super) completion: u64,
    /// The store's clock at its last use (for LRU eviction).
    tick: u64,
}

impl Entry {
    /// False when the log's clock says the entry expired before `now`.
    pub(super) fn alive(&self, now: Option<u64>) -> bool {
        match (now, self.last_ms) {
            (Some(n), Some(l)) => n.saturating_sub(l) <= self.ttl_ms,
            _ => true,
        }
    }
}

/// The provider's cache as the provider keeps it: entries shared by every conversation of a
/// log (one account's traffic) that uses the same provider, model and routing key. Keyed by
/// the scope (provider and routing key, [`Shared::scope`]) and the chained hash of the prefix
/// up to a boundary, which covers the model (the header element). At most
/// [`crate::bounds::MAX_CACHE_SHARED_ENTRIES`]; past it the least recently used quarter goes.
#[derive(Debug, Default)]
pub(super) struct Shared {
    entries: HashMap<H, Entry>,
    /// Provider and model pairs seen, with the store's clock when first seen.
    models: HashMap<H, u64>,
    tick: u64,
}

impl Shared {
    /// The scope of a request: its API and, for OpenAI, its `prompt_cache_key`, which is
    /// combined with the prefix hash to route it to a cache machine.
    pub(super) fn scope(provider: &str, routing: Option<&str>) -> H {
        let mut h = <sha2::Sha256 as sha2::Digest>::new();
        sha2::Digest::update(&mut h, provider.as_bytes());
        sha2::Digest::update(&mut h, b"\0");
        sha2::Digest::update(&mut h, routing.unwrap_or("").as_bytes());
        super::prefix::trunc(&sha2::Digest::finalize(h))
    }

    fn key(scope: &H, bound: &H) -> H {
        let mut k = *bound;
        for (a, b) in k.iter_mut().zip(scope) {
            *a ^= b.rotate_left(3);
        }
        k
    }

    /// The entry of `scope` ending at the boundary hashed `bound`.
    pub(super) fn get(&self, scope: &H, bound: &H) -> Option<&Entry> {
        self.entries.get(&Self::key(scope, bound))
    }

    /// Records that a request passed the boundary `bound` with a prefix of `tokens` tokens
    /// (and wrote an entry there when `written`).
    pub(super) fn put(
        &mut self,
        scope: &H,
        bound: &H,
        tokens: u64,
        written: bool,
        now: Option<u64>,
        ttl_ms: u64,
    ) {
        self.tick += 1;
        let tick = self.tick;
        let e = self
            .entries
            .entry(Self::key(scope, bound))
            .or_insert(Entry {
                tokens,
                written: false,
                last_ms: None,
                ttl_ms,
                completion: 0,
                tick,
            });
        e.tick = tick;
        if now.is_some() {
            e.last_ms = now;
        }
        if written {
            // A new write (or the first at this boundary) sizes the entry by its writer.
            if !e.written {
                e.tokens = tokens;
            }
            e.written = true;
            e.ttl_ms = ttl_ms;
        } else if !e.written {
            e.tokens = tokens;
        }
        if self.entries.len() > crate::bounds::MAX_CACHE_SHARED_ENTRIES {
            self.evict();
        }
    }

    /// Records the output tokens of the request whose whole prompt ended at `bound`.
    pub(super) fn set_completion(&mut self, scope: &H, bound: &H, tokens: u64) {
        if let Some(e) = self.entries.get_mut(&Self::key(scope, bound)) {
            e.completion = tokens;
        }
    }

    /// Forgets the least recently used quarter of the entries.
    fn evict(&mut self) {
        let mut ticks: Vec<u64> = self.entries.values().map(|e| e.tick).collect();
        let cut = ticks.len() / 4;
        let (_, &mut oldest_kept, _) = ticks.select_nth_unstable(cut);
        self.entries.retain(|_, e| e.tick >= oldest_kept);
        if self.models.len() > crate::bounds::MAX_CACHE_SHARED_ENTRIES {
            self.models.clear();
        }
    }

    /// True the first time a request of this provider and model is seen in the log.
    pub(super) fn first_of_model(&mut self, provider: &str, model: Option<&str>) -> bool {
        let k = Self::scope(provider, Some(model.unwrap_or("\0none")));
        let first = !self.models.contains_key(&k);
        self.models.entry(k).or_insert(self.tick);
        first
    }

    /// Entries kept.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }
}

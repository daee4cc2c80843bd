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

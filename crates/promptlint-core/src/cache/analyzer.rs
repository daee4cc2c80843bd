//! The analyzer: one conversation's prefixes, turn by turn, compared with the previous one.

use std::collections::HashMap;

use sha2::{Digest, Sha256};

use crate::parse::est_tokens;
use crate::parse::request::{self, Jv, Layout, Section};

use super::classify::*;
use super::model::*;

/// Turns of one conversation kept before they are handed out as a part (about 2 MiB of rows).
pub(super) const MAX_TURNS_PER_PART: usize = 20_000;

pub(super) fn trunc(d: &[u8]) -> H {
    let mut h = [0u8; 16];
    h.copy_from_slice(&d[..16]);
    h
}

/// A boundary between prefix elements, reached by some earlier prefix.
#[derive(Debug, Clone)]
pub(super) struct Node {
    /// Longest earlier prefix through this boundary, in bytes.
    max_end: u64,
    /// An earlier prefix ended exactly here.
    terminal: bool,
    /// Content hash of the element that followed it most recently.
    next: Option<H>,
    /// Kind of that element.
    next_section: Option<Kind>,
    /// Last turn that passed here.
    last_turn: u32,
}

#[derive(Debug)]
pub(super) struct Open {
    conv: Conversation,
    model: Option<String>,
    messages: usize,
    nodes: HashMap<H, Node>,
    chunks: HashMap<H, Box<[u8]>>,
    chunk_bytes: usize,
    tools: Vec<H>,
    last_used: u64,
    /// Turns already handed out (a long conversation is emitted in parts).
    turns_before: u32,
}

impl Open {
    /// Bytes kept, counting map and allocation overhead: about 96 bytes a node, 48 a chunk
    /// entry besides its text, 80 a turn row.
    fn retained(&self) -> usize {
        self.chunk_bytes
            + self.chunks.len() * 48
            + self.nodes.len() * 96
            + self.conv.turns.len() * 80
    }
}

/// One turn's prefix: its elements, kinds, boundary hashes.
pub(super) struct Prefix {
    chunks: Vec<Vec<u8>>,
    kinds: Vec<Kind>,
    /// `bounds[k]` = hash of the first k elements (`bounds[0]` = empty prefix).
    bounds: Vec<H>,
    /// Byte offset where element k starts; `ends[k]` for k = len is the total.
    ends: Vec<u64>,
    sha: [u8; 32],
    tools: Vec<H>,
}

pub(super) fn prefix_of(lay: &Layout<'_, Jv>) -> Prefix {
    let mut chunks = vec![lay.header.clone()];
    let mut kinds = vec![Kind::Header];
    for i in 0..lay.cached_end {
        let mut c = Vec::new();
        lay.write_item(i, &mut c, &mut |_, _| {});
        chunks.push(c);
        kinds.push(Kind::Section(lay.items[i].section));
    }
    let mut hasher = Sha256::new();
    let mut bounds = vec![trunc(&Sha256::new().finalize())];
    let mut ends = vec![0u64];
    let mut tools = Vec::new();
    for (c, k) in chunks.iter().zip(&kinds) {
        hasher.update(c);
        bounds.push(trunc(&hasher.clone().finalize()));
        ends.push(ends.last().copied().unwrap_or(0) + c.len() as u64);
        if *k == Kind::Section(Section::Tools) {
            tools.push(trunc(&Sha256::digest(c)));
        }
    }
    let sha: [u8; 32] = hasher.finalize().into();
    Prefix {
        chunks,
        kinds,
        bounds,
        ends,
        sha,
        tools,
    }
}

/// The streaming analyser of one log.
#[derive(Debug)]
pub struct Analyzer {
    path: String,
    opts: CacheOptions,
    explicit: HashMap<String, Open>,
    /// Order in which explicit conversations were opened (for flushing at the end).
    order: Vec<String>,
    implicit: Option<Open>,
    tick: u64,
}

impl Analyzer {
    /// An analyser for the log shown as `path`.
    pub fn new(path: &str, opts: CacheOptions) -> Analyzer {
        Analyzer {
            path: path.to_owned(),
            opts,
            explicit: HashMap::new(),
            order: Vec::new(),
            implicit: None,
            tick: 0,
        }
    }

    /// Analyses one line (1-based `line` number, byte range `span` in the log). Conversations
    /// this closes are pushed to `closed`.
    ///
    /// # Errors
    /// A [`LineError`] when the line is not a JSON request.
    pub fn feed(
        &mut self,
        line: u64,
        span: (u64, u64),
        bytes: &[u8],
        closed: &mut Vec<Conversation>,
    ) -> Result<(), LineError> {
        let err = |message: String| LineError {
            path: self.path.clone(),
            line,
            message,
        };
        let root: Jv = serde_json::from_slice(bytes).map_err(|e| err(format!("not JSON: {e}")))?;
        if !request::is_request(&root) {
            return Err(err(
                "not a provider request (no messages, input, instructions or system)".into(),
            ));
        }
        let req = request::unwrap_request(&root);
        let lay = request::layout(req);
        let prefix = prefix_of(&lay);
        let model = lay.model.map(str::to_owned);
        let messages = lay.messages;
        self.tick += 1;
        let tick = self.tick;
        let open = match lay.conversation.clone() {
            Some(id) => {
                if let Some(prev) = self.implicit.take() {
                    closed.push(prev.conv);
                }
                if !self.explicit.contains_key(&id) {
                    self.order.push(id.clone());
                    self.explicit
                        .insert(id.clone(), self.fresh(id.clone(), true, &model));
                }
                self.explicit.get_mut(&id).expect("inserted above")
            }
            None => {
                let continues = self
                    .implicit
                    .as_ref()
                    .is_some_and(|o| o.model == model && messages > o.messages);
                if !continues {
                    if let Some(prev) = self.implicit.take() {
                        closed.push(prev.conv);
                    }
                    let id = format!("{}:{line}", self.path);
                    self.implicit = Some(self.fresh(id, false, &model));
                }
                self.implicit.as_mut().expect("set above")
            }
        };
        open.last_used = tick;
        open.messages = messages;
        open.model.clone_from(&model);
        let turn = open.turns_before + open.conv.turns.len() as u32 + 1;
        let broken = if turn == 1 {
            None
        } else {
            compare(open, &prefix)
        };
        remember(open, &prefix, turn, self.opts.conversation_budget);
        open.conv.turns.push(Turn {
            turn,
            line,
            line_span: span,
            prefix_sha256: prefix.sha,
            prefix_bytes: *prefix.ends.last().unwrap_or(&0),
            broken,
        });
        // A very long conversation is handed out in parts, so its rows never pile up; the
        // comparison state stays and turn numbers go on.
        if open.conv.turns.len() >= MAX_TURNS_PER_PART {
            open.turns_before += open.conv.turns.len() as u32;
            let part = Conversation {
                turns: std::mem::take(&mut open.conv.turns),
                ..open.conv.clone()
            };
            closed.push(part);
        }
        self.enforce_total(closed);
        Ok(())
    }

    fn fresh(&self, id: String, explicit: bool, model: &Option<String>) -> Open {
        Open {
            conv: Conversation {
                id,
                explicit,
                path: self.path.clone(),
                turns: Vec::new(),
            },
            model: model.clone(),
            messages: 0,
            nodes: HashMap::new(),
            chunks: HashMap::new(),
            chunk_bytes: 0,
            tools: Vec::new(),
            last_used: 0,
            turns_before: 0,
        }
    }

    /// Closes least recently used explicit conversations while all open ones keep more than
    /// the total budget.
    fn enforce_total(&mut self, closed: &mut Vec<Conversation>) {
        loop {
            let total: usize = self.explicit.values().map(Open::retained).sum::<usize>()
                + self.implicit.as_ref().map_or(0, Open::retained);
            if total <= self.opts.total_budget || self.explicit.len() <= 1 {
                return;
            }
            let Some(lru) = self
                .explicit
                .iter()
                .min_by_key(|(_, o)| o.last_used)
                .map(|(k, _)| k.clone())
            else {
                return;
            };
            if let Some(o) = self.explicit.remove(&lru) {
                self.order.retain(|k| *k != lru);
                closed.push(o.conv);
            }
        }
    }

    /// Closes every open conversation (at the end of the log), explicit ones in the order
    /// they were opened.
    pub fn finish(mut self) -> Vec<Conversation> {
        let mut out = Vec::new();
        for id in std::mem::take(&mut self.order) {
            if let Some(o) = self.explicit.remove(&id) {
                out.push(o.conv);
            }
        }
        if let Some(o) = self.implicit.take() {
            out.push(o.conv);
        }
        out
    }
}

/// Compares a turn's prefix with every earlier prefix of the conversation.
pub(super) fn compare(open: &Open, p: &Prefix) -> Option<Break> {
    let n = p.chunks.len();
    if open.nodes.contains_key(&p.bounds[n]) {
        return None; // a prefix of (or equal to) an earlier one
    }
    let mut k = 0;
    while k < n && open.nodes.contains_key(&p.bounds[k + 1]) {
        k += 1;
    }
    // An earlier prefix that ended on the common path is a prefix of this one.
    if (1..=k).any(|j| open.nodes.get(&p.bounds[j]).is_some_and(|nd| nd.terminal)) {
        return None;
    }
    let node = open.nodes.get(&p.bounds[k])?;
    let cur = &p.chunks[k];
    let earlier = node.next.and_then(|h| open.chunks.get(&h));
    let lcp = earlier.map_or(0, |e| common_prefix(e, cur));
    let at = p.ends[k] + lcp as u64;
    let rebilled = node.max_end.saturating_sub(at);
    let kind = p.kinds[k];
    let (reason, detail) = classify(
        kind,
        node.next_section,
        earlier.map(|e| &e[..]),
        cur,
        lcp,
        &open.tools,
        &p.tools,
    );
    Some(Break {
        at,
        reason,
        detail,
        est_tokens_rebilled: est_tokens(rebilled as usize) as u64,
        was: earlier.map(|e| context(e, lcp)).unwrap_or_default(),
        now: context(cur, lcp),
    })
}

/// Records a turn's prefix.
pub(super) fn remember(open: &mut Open, p: &Prefix, turn: u32, budget: usize) {
    let total = *p.ends.last().unwrap_or(&0);
    for k in 0..=p.chunks.len() {
        let next = p.chunks.get(k).map(|c| trunc(&Sha256::digest(c)));
        let node = open.nodes.entry(p.bounds[k]).or_insert(Node {
            max_end: 0,
            terminal: false,
            next: None,
            next_section: None,
            last_turn: turn,
        });
        node.max_end = node.max_end.max(total);
        node.last_turn = turn;
        if k == p.chunks.len() {
            node.terminal = true;
        } else {
            node.next = next;
            node.next_section = Some(p.kinds[k]);
            let h = next.expect("k < len");
            if !open.chunks.contains_key(&h) {
                open.chunk_bytes += p.chunks[k].len();
                open.chunks
                    .insert(h, p.chunks[k].clone().into_boxed_slice());
            }
        }
    }
    open.tools.clone_from(&p.tools);
    // Forget the oldest turns while over budget (never the current one).
    let mut window = turn.saturating_sub(1);
    while open.retained() > budget && window > 0 {
        window /= 2;
        let keep_from = turn.saturating_sub(window);
        open.nodes.retain(|_, nd| nd.last_turn >= keep_from);
        let live: std::collections::HashSet<H> =
            open.nodes.values().filter_map(|nd| nd.next).collect();
        open.chunks.retain(|h, _| live.contains(h));
        open.chunk_bytes = open.chunks.values().map(|c| c.len()).sum();
    }
}

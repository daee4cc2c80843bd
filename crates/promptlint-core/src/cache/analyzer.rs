//! The analyzer: each conversation's prefixes, turn by turn, compared with every earlier one,
//! and the provider's cache model (what it reads and writes) applied to them.

use std::collections::HashMap;

use sha2::{Digest, Sha256};

use crate::parse::Provider;
use crate::parse::request::{
    self, EXPECTED_SHAPES, Element, JsonView, Jv, Layout, REQUEST_KEYS, Section, View,
};
use crate::parse::segment::Role;
use crate::providers::Providers;

use super::classify::*;
use super::model::*;

/// Turns of one conversation kept before they are handed out as a part (about 2 MiB of rows).
pub(super) const MAX_TURNS_PER_PART: usize = 20_000;

/// Conversations open at once; one more closes the least recently used.
pub(super) const MAX_OPEN: usize = 4096;

/// Response ids remembered for `previous_response_id` chains.
const MAX_RESPONSE_IDS: usize = 65_536;

/// Blocks before a breakpoint that are checked for an earlier cache entry when the provider
/// facts give no number (Anthropic's 20, `lookback_blocks` in `rules/providers.yaml`; applied
/// to Bedrock's Claude models too, unconfirmed).
const DEFAULT_LOOKBACK_BLOCKS: usize = 20;

/// Tokens per canonical byte before a log reports any usage: 4 bytes a token.
const DEFAULT_TOKENS_PER_BYTE: f64 = 0.25;

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
    /// An earlier request wrote a cache entry ending here.
    written: bool,
    /// Content hash of the element that followed it most recently.
    next: Option<H>,
    /// Kind of that element.
    next_kind: Option<Kind>,
    /// Last turn that passed here.
    last_turn: u32,
    /// When a request last used this boundary (unix milliseconds), when the log says.
    last_ms: Option<u64>,
    /// How long an entry written here lives after its last use, in milliseconds.
    ttl_ms: u64,
}

impl Node {
    /// False when the log's clock says the entry expired before `now`.
    fn alive(&self, now: Option<u64>) -> bool {
        match (now, self.last_ms) {
            (Some(n), Some(l)) => n.saturating_sub(l) <= self.ttl_ms,
            _ => true,
        }
    }
}

#[derive(Debug)]
pub(super) struct Open {
    conv: Conversation,
    /// Messages of the latest turn.
    messages: usize,
    nodes: HashMap<H, Node>,
    chunks: HashMap<H, Box<[u8]>>,
    chunk_bytes: usize,
    tools: Vec<H>,
    last_used: u64,
    /// Turns already handed out (a long conversation is emitted in parts).
    turns_before: u32,
    /// Tokens per canonical byte, from the latest reported usage.
    tokens_per_byte: f64,
    /// The previous turn's system and tool elements: `(path, canonical bytes)`.
    parts: [Vec<(String, Vec<u8>)>; 2],
    parts_bytes: usize,
    /// Hashes of the previous turn's conversation items (inherited, input and output), for a
    /// Responses request that continues it with `previous_response_id`; bytes in `chunks`.
    chain: Vec<H>,
}

impl Open {
    /// Bytes kept, counting map and allocation overhead: about 96 bytes a node, 48 a chunk
    /// entry besides its text, 80 a turn row.
    fn retained(&self) -> usize {
        self.chunk_bytes
            + self.parts_bytes
            + self.chunks.len() * 48
            + self.nodes.len() * 96
            + self.conv.turns.len() * 80
            + self.chain.len() * 16
    }

    fn tokens(&self, bytes: u64) -> u64 {
        (bytes as f64 * self.tokens_per_byte).round() as u64
    }
}

/// Where a chunk comes from.
#[derive(Debug, Clone, Copy)]
pub(super) enum From {
    /// An element of this request's layout.
    Element(Element),
    /// An item of the conversation a `previous_response_id` continues.
    Inherited,
}

/// One turn's prefix: its elements, kinds, boundary hashes.
pub(super) struct Prefix {
    chunks: Vec<Vec<u8>>,
    kinds: Vec<Kind>,
    from: Vec<From>,
    /// `bounds[k]` = hash of the first k elements (`bounds[0]` = empty prefix).
    bounds: Vec<H>,
    /// Byte offset where element k starts; `ends[k]` for k = len is the total.
    ends: Vec<u64>,
    sha: [u8; 32],
    tools: Vec<H>,
    /// Boundaries (chunk counts) where this request writes cache entries: after each
    /// breakpoint, or at the end under automatic caching.
    writes: Vec<usize>,
    /// Hashes of the conversation items (for a later `previous_response_id`).
    items: Vec<H>,
}

fn kind_of(lay: &Layout<'_, Jv>, e: Element) -> Kind {
    match e {
        Element::Header => Kind::Header,
        Element::Params => Kind::Params,
        Element::Item(i) => Kind::Section(lay.items[i].section, lay.items[i].role),
    }
}

/// Each item's canonical line, written once per request.
fn item_lines(lay: &Layout<'_, Jv>) -> Vec<Vec<u8>> {
    (0..lay.items.len())
        .map(|i| {
            let mut c = Vec::new();
            lay.write_item(i, &mut c, &mut |_, _| {});
            c
        })
        .collect()
}

/// The canonical bytes of element `e`.
fn element_bytes<'a>(lay: &'a Layout<'_, Jv>, lines: &'a [Vec<u8>], e: Element) -> &'a [u8] {
    match e {
        Element::Header => &lay.header,
        Element::Params => &lay.params,
        Element::Item(i) => &lines[i],
    }
}

/// The canonical prefix of `lay` (`lines`: its items' canonical lines); `inherited` are the canonical lines of the conversation a
/// `previous_response_id` continues, placed before this request's own messages.
pub(super) fn prefix_of(lay: &Layout<'_, Jv>, lines: &[Vec<u8>], inherited: &[&[u8]]) -> Prefix {
    let mut chunks = Vec::new();
    let mut kinds = Vec::new();
    let mut from = Vec::new();
    let mut writes = Vec::new();
    let mut items = Vec::new();
    let mut inherited_done = inherited.is_empty();
    let automatic = lay.boundary == crate::parse::segment::Boundary::Automatic;
    for e in lay.elements(lay.cached_end) {
        if !inherited_done
            && matches!(e, Element::Item(i) if lay.items[i].section == Section::Messages)
        {
            for c in inherited {
                items.push(trunc(&Sha256::digest(c)));
                chunks.push(c.to_vec());
                kinds.push(Kind::Section(Section::Messages, Role::Assistant));
                from.push(From::Inherited);
            }
            inherited_done = true;
        }
        let c = element_bytes(lay, lines, e);
        if let Element::Item(i) = e
            && !c.is_empty()
            && lay.items[i].section == Section::Messages
        {
            items.push(trunc(&Sha256::digest(c)));
        }
        if !c.is_empty() {
            chunks.push(c.to_vec());
            kinds.push(kind_of(lay, e));
            from.push(From::Element(e));
        }
        if let Element::Item(i) = e
            && lay.breakpoint_items.contains(&i)
        {
            writes.push(chunks.len());
        }
    }
    if !inherited_done {
        for c in inherited {
            items.push(trunc(&Sha256::digest(c)));
            chunks.push(c.to_vec());
            kinds.push(Kind::Section(Section::Messages, Role::Assistant));
            from.push(From::Inherited);
        }
    }
    if automatic
        || matches!(
            lay.provider,
            Provider::OpenAiChat | Provider::OpenAiResponses | Provider::Gemini
        )
    {
        writes.push(chunks.len());
    }
    writes.dedup();
    let mut hasher = Sha256::new();
    let mut bounds = vec![trunc(&Sha256::new().finalize())];
    let mut ends = vec![0u64];
    let mut tools = Vec::new();
    for (c, k) in chunks.iter().zip(&kinds) {
        hasher.update(c);
        bounds.push(trunc(&hasher.clone().finalize()));
        ends.push(ends.last().copied().unwrap_or(0) + c.len() as u64);
        if matches!(k, Kind::Section(Section::Tools, _)) {
            tools.push(trunc(&Sha256::digest(c)));
        }
    }
    let sha: [u8; 32] = hasher.finalize().into();
    Prefix {
        chunks,
        kinds,
        from,
        bounds,
        ends,
        sha,
        tools,
        writes,
        items,
    }
}

/// One request as the analyser takes it.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// 1-based line (or entry) number in the log.
    pub line: u64,
    /// Byte range of the line or entry in the log.
    pub span: (u64, u64),
    /// The request JSON, possibly in a log wrapper (`body`, `params`, `request`).
    pub root: &'a Jv,
    /// The request's URL, when the log records it.
    pub url: Option<&'a str>,
    /// The response's cache figures, when the log records them.
    pub reported: Option<Reported>,
    /// The response's id (for a later `previous_response_id`).
    pub response_id: Option<&'a str>,
    /// The response's output items (OpenAI Responses `output`).
    pub response_output: Option<&'a Jv>,
    /// When the request was sent (unix milliseconds), when the log records it: entries older
    /// than the provider's TTL are not read.
    pub time_ms: Option<u64>,
}

/// The streaming analyser of one log.
#[derive(Debug)]
pub struct Analyzer {
    path: String,
    /// `path`, shared by the turns read from it.
    shown: std::sync::Arc<str>,
    opts: CacheOptions,
    open: HashMap<String, Open>,
    /// Order in which conversations were opened (for flushing at the end).
    order: Vec<String>,
    /// Response id -> conversation key, for `previous_response_id`.
    responses: HashMap<String, String>,
    /// Hash of a first user message -> the latest conversation it opened.
    by_first_user: HashMap<H, String>,
    tick: u64,
}

impl Analyzer {
    /// The options it was made with.
    pub fn options(&self) -> CacheOptions {
        self.opts
    }

    /// The log the next requests come from: several logs fed to one analyser form one
    /// stream, so a conversation split across files (rotated logs) stays one conversation.
    pub fn set_path(&mut self, path: &str) {
        path.clone_into(&mut self.path);
        self.shown = std::sync::Arc::from(path);
    }

    /// An analyser for the log shown as `path`.
    pub fn new(path: &str, opts: CacheOptions) -> Analyzer {
        Analyzer {
            path: path.to_owned(),
            shown: std::sync::Arc::from(path),
            opts,
            open: HashMap::new(),
            order: Vec::new(),
            responses: HashMap::new(),
            by_first_user: HashMap::new(),
            tick: 0,
        }
    }

    /// Analyses one JSON line holding a bare or wrapped request (1-based `line` number, byte
    /// range `span` in the log). Conversations this closes are pushed to `closed`.
    ///
    /// # Errors
    /// A [`LineError`] when the line is not JSON or not a request shape this reads.
    pub fn feed(
        &mut self,
        line: u64,
        span: (u64, u64),
        bytes: &[u8],
        closed: &mut Vec<Conversation>,
    ) -> Result<(), LineError> {
        let root = Jv::parse(bytes, crate::bounds::MAX_CACHE_JSON_VALUES).map_err(|message| {
            LineError {
                path: self.path.clone(),
                line,
                message,
            }
        })?;
        self.feed_request(
            Request {
                line,
                span,
                root: &root,
                url: None,
                reported: None,
                response_id: None,
                response_output: None,
                time_ms: None,
            },
            closed,
        )
    }

    /// Analyses one request. Conversations this closes are pushed to `closed`.
    ///
    /// # Errors
    /// A [`LineError`] when the JSON is not a request shape this reads; the message names
    /// the shapes expected and the keys found.
    pub fn feed_request(
        &mut self,
        r: Request<'_>,
        closed: &mut Vec<Conversation>,
    ) -> Result<(), LineError> {
        if !request::is_request(r.root) {
            return Err(LineError {
                path: self.path.clone(),
                line: r.line,
                message: unknown_shape(r.root),
            });
        }
        let req = request::unwrap_request(r.root);
        let mut lay = request::layout_hinted(req, r.url);
        let providers = Providers::builtin();
        if let Some(m) = lay.model.as_deref() {
            lay.strip_prior_thinking = providers.strips_prior_thinking(lay.provider, m);
        }
        let lines = item_lines(&lay);
        let (first, first_user) = first_messages(&lay, &lines);
        let mut fu = Sha256::new();
        fu.update(first_user);
        if lay.shared_id
            && let Some(id) = &lay.conversation
        {
            fu.update(id.as_bytes());
        }
        let first_user = trunc(&fu.finalize());
        let key = match (&lay.conversation, &lay.previous_response) {
            (Some(id), _) if !lay.shared_id => format!("id:{id}"),
            (None, Some(prev)) if self.responses.contains_key(prev) => {
                self.responses.get(prev).cloned().unwrap_or_default()
            }
            _ => {
                // A shared id (a routing key, a user) narrows the first messages.
                let shared = lay.conversation.as_deref().filter(|_| lay.shared_id);
                let exact = format!("fm:{}:{}", hex(&first, 16), shared.unwrap_or(""));
                // The system text changed (a line inserted, an edit) while the conversation
                // went on: the latest conversation that opened with the same user message and
                // had fewer messages continues.
                let continued = self
                    .by_first_user
                    .get(&first_user)
                    .filter(|k| self.open.get(*k).is_some_and(|o| o.messages < lay.messages))
                    .cloned();
                if self.open.contains_key(&exact) {
                    exact
                } else {
                    continued.unwrap_or(exact)
                }
            }
        };
        if lay.conversation.is_none() || lay.shared_id {
            if self.by_first_user.len() >= MAX_RESPONSE_IDS {
                self.by_first_user.clear();
            }
            self.by_first_user.insert(first_user, key.clone());
        }
        self.tick += 1;
        let tick = self.tick;
        if !self.open.contains_key(&key) {
            let (id, explicit) = match &lay.conversation {
                Some(id) => (id.clone(), true),
                None => (format!("{}:{}", self.path, r.line), false),
            };
            self.order.push(key.clone());
            self.open.insert(key.clone(), self.fresh(id, explicit));
        }
        let budget = self.opts.conversation_budget;
        let open = self.open.get_mut(&key).expect("inserted above");
        open.last_used = tick;
        open.messages = lay.messages;
        let chained = lay.previous_response.is_some();
        let inherited: Vec<&[u8]> = if chained {
            open.chain
                .iter()
                .filter_map(|h| open.chunks.get(h).map(|c| &c[..]))
                .collect()
        } else {
            Vec::new()
        };
        let prefix = prefix_of(&lay, &lines, &inherited);
        drop(inherited);
        // Calibrate tokens per byte on the reported input tokens of the whole request.
        let mut whole = (lay.header.len() + lay.params.len()) as u64
            + lines.iter().map(|l| l.len() as u64).sum::<u64>();
        if chained {
            whole += prefix
                .from
                .iter()
                .zip(&prefix.chunks)
                .filter(|(f, _)| matches!(f, From::Inherited))
                .map(|(_, c)| c.len() as u64)
                .sum::<u64>();
        }
        if let Some(n) = r.reported.and_then(|u| u.input_tokens)
            && whole > 0
            && n > 0
        {
            open.tokens_per_byte = n as f64 / whole as f64;
        }
        let minimum = providers
            .minimum(Some(lay.provider), lay.model.as_deref())
            .map_or(1024, |m| m.tokens as u64);
        let turn = open.turns_before + open.conv.turns.len() as u32 + 1;
        let ttl_ms = ttl_ms(providers, &lay, req);
        let predicted = predict(open, &prefix, &lay, minimum, whole, r.time_ms);
        let broken = if turn == 1 {
            None
        } else {
            compare(open, &prefix, &lay, minimum)
        };
        let parts = parts_of(&lay, &lines);
        let changes = if turn == 1 {
            Vec::new()
        } else {
            part_changes(open, &lay, &parts)
        };
        open.parts_bytes = parts.iter().flatten().map(|(p, c)| p.len() + c.len()).sum();
        open.parts = parts;
        remember(open, &prefix, turn, minimum, r.time_ms, ttl_ms);
        // The conversation a later `previous_response_id` continues: this request's items and
        // the response's output.
        if lay.provider == Provider::OpenAiResponses {
            let mut chain = prefix.items.clone();
            for o in r.response_output.map(JsonView::items).unwrap_or(&[]) {
                let mut c = Vec::new();
                request::write_value(o, &mut c, &mut |_, _| {});
                c.push(b'\n');
                let h = trunc(&Sha256::digest(&c));
                if !open.chunks.contains_key(&h) {
                    open.chunk_bytes += c.len();
                    open.chunks.insert(h, c.into_boxed_slice());
                }
                chain.push(h);
            }
            open.chain = chain;
        }
        forget(open, turn, budget);
        open.conv.turns.push(Turn {
            turn,
            path: self.shown.clone(),
            line: r.line,
            line_span: r.span,
            prefix_sha256: prefix.sha,
            prefix_bytes: *prefix.ends.last().unwrap_or(&0),
            provider: lay.provider.as_str(),
            model: lay.model.clone(),
            broken,
            predicted,
            reported: r.reported,
            changes,
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
        if let Some(id) = r.response_id {
            if self.responses.len() >= MAX_RESPONSE_IDS {
                self.responses.clear();
            }
            self.responses.insert(id.to_owned(), key);
        }
        self.enforce_total(closed);
        Ok(())
    }

    fn fresh(&self, id: String, explicit: bool) -> Open {
        Open {
            conv: Conversation {
                id,
                explicit,
                path: self.path.clone(),
                turns: Vec::new(),
            },
            messages: 0,
            nodes: HashMap::new(),
            chunks: HashMap::new(),
            chunk_bytes: 0,
            tools: Vec::new(),
            last_used: 0,
            turns_before: 0,
            tokens_per_byte: DEFAULT_TOKENS_PER_BYTE,
            parts: [Vec::new(), Vec::new()],
            parts_bytes: 0,
            chain: Vec::new(),
        }
    }

    /// Closes least recently used conversations while all open ones keep more than the total
    /// budget or more than [`MAX_OPEN`] are open.
    fn enforce_total(&mut self, closed: &mut Vec<Conversation>) {
        loop {
            let total: usize = self.open.values().map(Open::retained).sum();
            if (total <= self.opts.total_budget && self.open.len() <= MAX_OPEN)
                || self.open.len() <= 1
            {
                return;
            }
            let Some(lru) = self
                .open
                .iter()
                .min_by_key(|(_, o)| o.last_used)
                .map(|(k, _)| k.clone())
            else {
                return;
            };
            if let Some(o) = self.open.remove(&lru) {
                self.order.retain(|k| *k != lru);
                self.responses.retain(|_, k| *k != lru);
                self.by_first_user.retain(|_, k| *k != lru);
                closed.push(o.conv);
            }
        }
    }

    /// Closes every open conversation (at the end of the log), in the order they were opened.
    pub fn finish(mut self) -> Vec<Conversation> {
        let mut out = Vec::new();
        for key in std::mem::take(&mut self.order) {
            if let Some(o) = self.open.remove(&key) {
                out.push(o.conv);
            }
        }
        out
    }
}

/// The error for JSON that is no request shape this reads: what was expected, what was found.
fn unknown_shape(root: &Jv) -> String {
    let keys: Vec<String> = match root.view() {
        View::Object(m) => m
            .iter()
            .take(12)
            .map(|(k, _)| format!("`{}`", crate::escape::escape_one_line(k)))
            .collect(),
        _ => Vec::new(),
    };
    let found = if !matches!(root.view(), View::Object(_)) {
        "not an object".to_owned()
    } else if keys.is_empty() {
        "an empty object".to_owned()
    } else {
        format!("found keys {}", keys.join(", "))
    };
    format!(
        "not a request this tool reads ({found}; none of {}): expected {EXPECTED_SHAPES}, bare or wrapped in `body`, `params` or `request`",
        REQUEST_KEYS
            .iter()
            .map(|k| format!("`{k}`"))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// Hashes of what opens a conversation: its system text and first user message, and the
/// first user message alone. Model, tools
/// and parameters stay out, so a fallback, a tool change or a replay stays in its
/// conversation; in the system text every run of digits and hex digits counts as one `0` and
/// whitespace not at all, so a clock, an id or a reflowed line in the system prompt stays in
/// its conversation too (and is reported as the break it is).
fn first_messages(lay: &Layout<'_, Jv>, lines: &[Vec<u8>]) -> ([u8; 32], [u8; 32]) {
    // Another API is another cache, whatever the text.
    let mut h = Sha256::new();
    let mut u = Sha256::new();
    h.update(lay.provider.as_str());
    u.update(lay.provider.as_str());
    let first_user = lay
        .items
        .iter()
        .find(|it| it.section == Section::Messages && it.role == Role::User)
        .and_then(|it| it.message);
    for (i, it) in lay.items.iter().enumerate() {
        let system = it.section == Section::System
            || (it.section == Section::Messages
                && matches!(it.role, Role::System | Role::Developer)
                && it.message < first_user);
        let user = it.section == Section::Messages && it.message == first_user;
        if system {
            h.update(mask_volatile(&squeeze(&lines[i])));
        } else if user {
            u.update(&lines[i]);
            h.update(&lines[i]);
        }
    }
    (h.finalize().into(), u.finalize().into())
}

/// `b` with every run of hex digits and dashes that holds a decimal digit (a time, a date,
/// a UUID, a counter) written as one `0`.
fn mask_volatile(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let run = b[i..]
            .iter()
            .take_while(|c| c.is_ascii_hexdigit() || matches!(c, b'-' | b':'))
            .count();
        if run > 0 && b[i..i + run].iter().any(u8::is_ascii_digit) {
            out.push(b'0');
            i += run;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

/// How many leading chunks of `p` an earlier prefix shares (`k`), and whether an earlier
/// prefix holds all of `p`.
fn common_path(open: &Open, p: &Prefix) -> (usize, bool) {
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

/// How long this request's cache entries live after their last use, in milliseconds: the
/// TTL it names (a breakpoint's `ttl`, OpenAI's `prompt_cache_retention`) or the provider's
/// default, from `rules/providers.yaml`; unbounded when the provider documents none.
fn ttl_ms(providers: &Providers, lay: &Layout<'_, Jv>, req: &Jv) -> u64 {
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
fn predict(
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
fn forget(open: &mut Open, turn: u32, budget: usize) {
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

/// The system text and tool elements of a request: `(path, canonical bytes)` each. System
/// text is `system` / `instructions` / `systemInstruction`, and the system or developer
/// messages before an OpenAI Chat conversation's first other message.
fn parts_of(lay: &Layout<'_, Jv>, lines: &[Vec<u8>]) -> [Vec<(String, Vec<u8>)>; 2] {
    let mut system = Vec::new();
    let mut tools = Vec::new();
    let mut leading = true;
    for (i, it) in lay.items.iter().enumerate() {
        let is_system = match it.section {
            Section::System => true,
            Section::Messages => {
                leading &= matches!(it.role, Role::System | Role::Developer);
                leading
            }
            _ => false,
        };
        if is_system || it.section == Section::Tools {
            if lines[i].is_empty() {
                continue;
            }
            let row = (it.path.clone(), lines[i].clone());
            if is_system {
                system.push(row);
            } else {
                tools.push(row);
            }
        }
    }
    [system, tools]
}

/// How this request's system text and tools differ from the previous turn's.
fn part_changes(
    open: &Open,
    lay: &Layout<'_, Jv>,
    now: &[Vec<(String, Vec<u8>)>; 2],
) -> Vec<PartChange> {
    let index = |path: &str| lay.items.iter().position(|it| it.path == path);
    let mut out = Vec::new();
    for (i, name) in ["system", "tools"].into_iter().enumerate() {
        let (a, b) = (&open.parts[i], &now[i]);
        let n = a.len().max(b.len());
        for j in 0..n {
            let (was, cur) = (a.get(j), b.get(j));
            if was.map(|w| &w.1) == cur.map(|c| &c.1) {
                continue;
            }
            let lcp = match (was, cur) {
                (Some(w), Some(c)) => common_prefix(&w.1, &c.1),
                _ => 0,
            };
            let path = match cur.and_then(|c| index(&c.0)) {
                Some(i) => match lay.locate(Element::Item(i), lcp) {
                    (p, Some(off)) => format!("{p} +{off}"),
                    (p, None) => p,
                },
                None => cur.or(was).map(|r| r.0.clone()).unwrap_or_default(),
            };
            out.push(PartChange {
                part: name,
                path,
                was: was.map(|w| context(&w.1, lcp)).unwrap_or_default(),
                now: cur.map(|c| context(&c.1, lcp)).unwrap_or_default(),
            });
            break;
        }
    }
    out
}

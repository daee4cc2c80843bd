//! The cross-request prefix diff behind `promptlint cache`: request logs -> conversations ->
//! per-turn prefix stability.
//!
//! Input: request-log lines (JSONL), streamed one at a time. Output: [`Conversation`]s, each
//! handed to the caller as soon as it is closed, with one [`Turn`] per request: its canonical
//! prefix (see [`crate::parse::request`]) hash and size, and whether it reuses an earlier
//! prefix of the conversation.
//!
//! **Grouping.** A request with an explicit id (a conversation, session or thread id,
//! `prompt_cache_key`, `metadata.user_id`) belongs to that id's conversation. Requests without
//! one form runs: a request continues the open run when it has the same model and more
//! messages than the previous one; otherwise it starts a new conversation.
//!
//! **Stability.** A provider cache holds more than the last prefix, so a turn is stable when an
//! earlier prefix of the conversation is a prefix of its own (the cache serves that part), or
//! when its prefix is a prefix of an earlier one. Otherwise it is broken at the first byte
//! after its longest common prefix with any earlier prefix, and the bytes of that earlier
//! prefix after the break (which were cached and are now billed again) are re-billed.
//!
//! **Memory stays flat.** Per open conversation only what comparison needs is kept: the hash
//! of every earlier prefix at each element boundary (a trie of chained sha256 states, 16 bytes
//! a node), and the bytes of each distinct element once (messages repeat from turn to turn, so
//! this is about one request's worth). A conversation over its byte budget forgets its oldest
//! turns (a real cache forgets them too: entries live 5 minutes to an hour); too many open
//! conversations close the least recently used one. A line longer than
//! [`CacheOptions::max_line_bytes`] is skipped with an error, without being held in memory.

use std::collections::HashMap;
use std::io::BufRead;

use sha2::{Digest, Sha256};

use crate::parse::est_tokens;
use crate::parse::request::{self, Jv, Layout, Section};
use crate::rules::volatile;

/// Default bound on a log line, in bytes (16 MiB); the value lives with the other caps in
/// [`crate::bounds`].
pub const DEFAULT_MAX_LINE_BYTES: usize = crate::bounds::DEFAULT_MAX_LINE_BYTES;

/// Limits of the streaming analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheOptions {
    /// Lines longer than this many bytes are skipped with an error (default 16 MiB: a
    /// million-token text prompt is about 4 MiB; what memory a line costs is a few times its
    /// size, so this bound keeps one absurd line from blowing the memory budget).
    pub max_line_bytes: usize,
    /// Bytes of element text and boundary nodes one conversation may keep (default 12 MiB).
    pub conversation_budget: usize,
    /// Bytes all open conversations may keep together (default 24 MiB).
    pub total_budget: usize,
}

impl Default for CacheOptions {
    fn default() -> CacheOptions {
        CacheOptions {
            max_line_bytes: DEFAULT_MAX_LINE_BYTES,
            conversation_budget: 12 * 1024 * 1024,
            total_budget: 24 * 1024 * 1024,
        }
    }
}

/// Why a prefix changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// A date, time or epoch value differs.
    Timestamp,
    /// A UUID or random id differs.
    Id,
    /// The tool list was reordered or a tool edited, added or removed.
    ToolsChanged,
    /// Only whitespace differs.
    Whitespace,
    /// The model, `tool_choice` or `thinking` differs.
    ModelOrParamsChanged,
    /// Any other edit.
    ContentChanged,
}

impl Reason {
    /// The kebab-case name used in output.
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Timestamp => "timestamp",
            Reason::Id => "id",
            Reason::ToolsChanged => "tools-changed",
            Reason::Whitespace => "whitespace",
            Reason::ModelOrParamsChanged => "model-or-params-changed",
            Reason::ContentChanged => "content-changed",
        }
    }
}

/// Where and why a turn's prefix matches no earlier one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Break {
    /// First differing byte of the canonical prefix (0-based).
    pub at: u64,
    /// Classification.
    pub reason: Reason,
    /// More words on the reason (`reordered`, `edited`, `model`), possibly empty.
    pub detail: String,
    /// Estimated tokens of the earlier cached prefix after the break, billed again.
    pub est_tokens_rebilled: u64,
    /// A short escaped context of the earlier prefix at the break (empty when its bytes were
    /// forgotten).
    pub was: String,
    /// A short escaped context of this turn's prefix at the break.
    pub now: String,
}

/// One request of a conversation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// 1-based turn number.
    pub turn: u32,
    /// 1-based line number in the log.
    pub line: u64,
    /// Byte range of the line in the log.
    pub line_span: (u64, u64),
    /// sha256 of the canonical prefix.
    pub prefix_sha256: [u8; 32],
    /// Bytes of the canonical prefix.
    pub prefix_bytes: u64,
    /// `None` when stable.
    pub broken: Option<Break>,
}

/// A conversation and its turns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conversation {
    /// The explicit id, or `path:line` of its first request.
    pub id: String,
    /// True when `id` came from the requests.
    pub explicit: bool,
    /// The log it was read from.
    pub path: String,
    /// Turns, in log order.
    pub turns: Vec<Turn>,
}

impl Conversation {
    /// Turns after the first whose prefix is broken.
    pub fn broken(&self) -> impl Iterator<Item = &Turn> {
        self.turns.iter().filter(|t| t.broken.is_some())
    }
}

/// A log line that could not be analysed; the run goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    /// The log.
    pub path: String,
    /// 1-based line number.
    pub line: u64,
    /// What is wrong.
    pub message: String,
}

type H = [u8; 16];

/// Turns of one conversation kept before they are handed out as a part (about 2 MiB of rows).
const MAX_TURNS_PER_PART: usize = 20_000;

fn trunc(d: &[u8]) -> H {
    let mut h = [0u8; 16];
    h.copy_from_slice(&d[..16]);
    h
}

/// A boundary between prefix elements, reached by some earlier prefix.
#[derive(Debug, Clone)]
struct Node {
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

/// Element kinds: the header line or a prefix section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Header,
    Section(Section),
}

#[derive(Debug)]
struct Open {
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
struct Prefix {
    chunks: Vec<Vec<u8>>,
    kinds: Vec<Kind>,
    /// `bounds[k]` = hash of the first k elements (`bounds[0]` = empty prefix).
    bounds: Vec<H>,
    /// Byte offset where element k starts; `ends[k]` for k = len is the total.
    ends: Vec<u64>,
    sha: [u8; 32],
    tools: Vec<H>,
}

fn prefix_of(lay: &Layout<'_, Jv>) -> Prefix {
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
fn compare(open: &Open, p: &Prefix) -> Option<Break> {
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
fn remember(open: &mut Open, p: &Prefix, turn: u32, budget: usize) {
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

fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// A short context around byte `at` of an element: up to 24 bytes before and 40 after,
/// escaped for display.
fn context(chunk: &[u8], at: usize) -> String {
    let from = at.saturating_sub(24);
    let to = (at + 40).min(chunk.len());
    let s = String::from_utf8_lossy(&chunk[from..to]);
    let s = s.trim_end_matches('\n');
    let mut out = String::new();
    if from > 0 {
        out.push('…');
    }
    out.push_str(&crate::escape::escape_one_line(s));
    if to < chunk.len() {
        out.push('…');
    }
    out
}

/// Why element `cur` differs from `earlier` at byte `lcp`.
fn classify(
    kind: Kind,
    earlier_kind: Option<Kind>,
    earlier: Option<&[u8]>,
    cur: &[u8],
    lcp: usize,
    earlier_tools: &[H],
    tools: &[H],
) -> (Reason, String) {
    if kind == Kind::Header {
        let detail =
            if earlier.is_some_and(|e| field(e, b"\"model\":") != field(cur, b"\"model\":")) {
                "model"
            } else {
                "tool_choice or thinking"
            };
        return (Reason::ModelOrParamsChanged, detail.to_owned());
    }
    if kind == Kind::Section(Section::Tools) || earlier_kind == Some(Kind::Section(Section::Tools))
    {
        let detail = if earlier_tools.len() != tools.len() {
            "a tool was added or removed"
        } else {
            let mut a = earlier_tools.to_vec();
            let mut b = tools.to_vec();
            a.sort_unstable();
            b.sort_unstable();
            if a == b { "reordered" } else { "edited" }
        };
        return (Reason::ToolsChanged, detail.to_owned());
    }
    let Some(earlier) = earlier else {
        return (Reason::ContentChanged, String::new());
    };
    if squeeze(&earlier[lcp..]) == squeeze(&cur[lcp..]) {
        return (Reason::Whitespace, String::new());
    }
    // The text line around the diff; when the diff starts a new line (an inserted or removed
    // line), that line.
    let line = |c: &[u8]| -> String {
        let start = find_back(c, lcp);
        let from = if c.get(lcp..).is_some_and(|r| r.starts_with(b"\\n")) {
            lcp + 2
        } else {
            lcp
        };
        let end = find_fwd(c, from);
        String::from_utf8_lossy(&c[start..end]).into_owned()
    };
    for side in [line(cur), line(earlier)] {
        if !volatile::timestamps(&side).is_empty() || !volatile::current_dates(&side).is_empty() {
            return (Reason::Timestamp, String::new());
        }
    }
    for side in [line(cur), line(earlier)] {
        if !volatile::identifiers(&side).is_empty() {
            return (Reason::Id, String::new());
        }
    }
    (Reason::ContentChanged, String::new())
}

/// The value text after `key` in a canonical header line.
fn field<'a>(line: &'a [u8], key: &[u8]) -> &'a [u8] {
    let Some(i) = line.windows(key.len()).position(|w| w == key) else {
        return b"";
    };
    let rest = &line[i + key.len()..];
    let end = rest
        .iter()
        .position(|&b| b == b',' || b == b'}')
        .unwrap_or(rest.len());
    &rest[..end]
}

/// Bytes without whitespace and without JSON whitespace escapes (`\n`, `\t`, `\r`).
fn squeeze(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() && matches!(b[i + 1], b'n' | b't' | b'r') {
            i += 2;
            continue;
        }
        if !b[i].is_ascii_whitespace() {
            out.push(b[i]);
        }
        i += 1;
    }
    out
}

/// Start of the text line (in the JSON text of an element: after `\n` or a quote) around
/// `at`, at most 160 bytes back.
fn find_back(c: &[u8], at: usize) -> usize {
    let lo = at.saturating_sub(160);
    let mut i = at.min(c.len());
    while i > lo {
        if c[i - 1] == b'"' || (i >= 2 && &c[i - 2..i] == b"\\n") {
            return i;
        }
        i -= 1;
    }
    lo
}

fn find_fwd(c: &[u8], at: usize) -> usize {
    let hi = (at + 160).min(c.len());
    let mut i = at.min(c.len());
    while i < hi {
        if c[i] == b'"' && (i == 0 || c[i - 1] != b'\\')
            || (c[i] == b'\\' && c.get(i + 1) == Some(&b'n'))
        {
            return i;
        }
        i += 1;
    }
    hi
}

/// What reading a log produced.
#[derive(Debug, Default)]
pub struct LogResult {
    /// Lines that could not be analysed.
    pub errors: Vec<LineError>,
    /// Requests read.
    pub requests: u64,
}

/// Reads a log line by line from `reader` and analyses it; each conversation is passed to
/// `emit` as soon as it closes. Lines longer than `opts.max_line_bytes` are skipped with an
/// error and never held whole.
///
/// # Errors
/// An I/O error of the reader.
pub fn analyse_reader<R: BufRead>(
    path: &str,
    mut reader: R,
    opts: CacheOptions,
    emit: &mut dyn FnMut(Conversation),
) -> std::io::Result<LogResult> {
    let mut an = Analyzer::new(path, opts);
    let mut result = LogResult::default();
    let mut buf: Vec<u8> = Vec::new();
    let mut line_no = 0u64;
    let mut offset = 0u64;
    let mut closed = Vec::new();
    loop {
        buf.clear();
        let (len, too_long) = read_line_bounded(&mut reader, &mut buf, opts.max_line_bytes)?;
        if len == 0 {
            break;
        }
        line_no += 1;
        let span = (offset, offset + len as u64);
        offset += len as u64;
        if too_long {
            result.errors.push(LineError {
                path: path.to_owned(),
                line: line_no,
                message: format!(
                    "line is {len} bytes, longer than the {} byte limit (--max-line-bytes); skipped",
                    opts.max_line_bytes
                ),
            });
            continue;
        }
        let text = trim_line(&buf);
        if text.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        result.requests += 1;
        if let Err(e) = an.feed(line_no, span, text, &mut closed) {
            result.requests -= 1;
            result.errors.push(e);
        }
        for c in closed.drain(..) {
            emit(c);
        }
    }
    for c in an.finish() {
        emit(c);
    }
    Ok(result)
}

fn trim_line(b: &[u8]) -> &[u8] {
    let mut end = b.len();
    while end > 0 && matches!(b[end - 1], b'\n' | b'\r') {
        end -= 1;
    }
    &b[..end]
}

/// Reads one line (newline included) into `buf`, keeping at most `max` bytes: a longer line is
/// consumed to its end but not kept. Returns the line's full length (0 at the end) and whether
/// it was too long.
fn read_line_bounded<R: BufRead>(
    r: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<(usize, bool)> {
    let mut len = 0usize;
    let mut too_long = false;
    loop {
        let avail = match r.fill_buf() {
            Ok(a) => a,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            return Ok((len, too_long));
        }
        let (take, done) = match avail.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (avail.len(), false),
        };
        if !too_long {
            if buf.len() + take > max {
                too_long = true;
                buf.clear();
                buf.shrink_to(64 * 1024);
            } else {
                buf.extend_from_slice(&avail[..take]);
            }
        }
        len += take;
        r.consume(take);
        if done {
            return Ok((len, too_long));
        }
    }
}

/// Hex of the first `n` bytes of a hash.
pub fn hex(bytes: &[u8], n: usize) -> String {
    bytes.iter().take(n).map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(log: &str) -> Vec<Conversation> {
        let mut out = Vec::new();
        let r = analyse_reader(
            "t.jsonl",
            log.as_bytes(),
            CacheOptions::default(),
            &mut |c| out.push(c),
        )
        .unwrap();
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        out
    }

    fn req(system: &str, msgs: &[&str]) -> String {
        let mut m = Vec::new();
        for (i, t) in msgs.iter().enumerate() {
            let role = if i % 2 == 0 { "user" } else { "assistant" };
            m.push(format!(
                "{{\"role\":\"{role}\",\"content\":[{{\"type\":\"text\",\"text\":\"{t}\"}}]}}"
            ));
        }
        // breakpoint on the last block of the newest message
        let last = m
            .pop()
            .unwrap()
            .replace("\"}]}", "\",\"cache_control\":{\"type\":\"ephemeral\"}}]}");
        m.push(last);
        format!(
            "{{\"model\":\"claude-sonnet-4-5\",\"system\":[{{\"type\":\"text\",\"text\":\"{system}\"}}],\"messages\":[{}]}}",
            m.join(",")
        )
    }

    #[test]
    fn growing_conversation_is_stable_and_a_clock_breaks_it() {
        let s = "You are X.\\nBe concise.";
        let c = "You are X.\\nCurrent time: 14:22\\nBe concise.";
        let log = [
            req(s, &["a"]),
            req(s, &["a", "b", "c"]),
            req(c, &["a", "b", "c", "d", "e"]),
            req(s, &["a", "b", "c", "d", "e", "f", "g"]),
        ]
        .join("\n");
        let convs = run(&log);
        assert_eq!(convs.len(), 1);
        let t = &convs[0].turns;
        assert!(t[0].broken.is_none() && t[1].broken.is_none());
        let b = t[2].broken.as_ref().expect("turn 3 broken");
        assert_eq!(b.reason, Reason::Timestamp);
        let header = "{\"model\":\"claude-sonnet-4-5\"}\n".len();
        let sys = "{\"type\":\"text\",\"text\":\"You are X.\\n".len();
        assert_eq!(b.at, (header + sys) as u64);
        assert!(b.now.contains("Current time: 14:22"), "{}", b.now);
        assert!(t[3].broken.is_none(), "turn 4 reuses turn 2's prefix");
    }

    #[test]
    fn reordered_tools_and_model_change() {
        let a = r#"{"model":"gpt-4.1","tools":[{"type":"function","function":{"name":"a"}},{"type":"function","function":{"name":"b"}}],"messages":[{"role":"system","content":"S"},{"role":"user","content":"q1"}]}"#;
        let b = r#"{"model":"gpt-4.1","tools":[{"type":"function","function":{"name":"b"}},{"type":"function","function":{"name":"a"}}],"messages":[{"role":"system","content":"S"},{"role":"user","content":"q1"},{"role":"assistant","content":"r"},{"role":"user","content":"q2"}]}"#;
        let convs = run(&format!("{a}\n{b}\n"));
        let br = convs[0].turns[1].broken.as_ref().unwrap();
        assert_eq!(
            (br.reason, br.detail.as_str()),
            (Reason::ToolsChanged, "reordered")
        );
        let c = b.replace("gpt-4.1", "gpt-4.1-mini").replace("\"q2\"}]", "\"q2\"},{\"role\":\"assistant\",\"content\":\"x\"},{\"role\":\"user\",\"content\":\"q3\"}]");
        let with_id = |s: &str| s.replacen('{', "{\"prompt_cache_key\":\"k\",", 1);
        let convs = run(&format!("{}\n{}\n", with_id(b), with_id(&c)));
        assert_eq!(convs[0].id, "k");
        let br = convs[0].turns[1].broken.as_ref().unwrap();
        assert_eq!(br.reason, Reason::ModelOrParamsChanged);
        assert_eq!(br.at, "{\"model\":\"gpt-4.1".len() as u64);
    }

    #[test]
    fn runs_split_on_model_or_shrinking_messages() {
        let log = [
            req("S", &["a"]),
            req("S", &["a"]),
            req("S", &["a", "b", "c"]),
        ]
        .join("\n");
        let convs = run(&log);
        assert_eq!(
            convs.iter().map(|c| c.turns.len()).collect::<Vec<_>>(),
            vec![1, 2]
        );
        assert_eq!(convs[1].id, "t.jsonl:2");
    }

    #[test]
    fn long_lines_are_skipped_without_being_kept() {
        let long = format!("{{\"x\":\"{}\"}}\n", "a".repeat(5000));
        let log = format!("{long}{}\n", req("S", &["a"]));
        let opts = CacheOptions {
            max_line_bytes: 1000,
            ..CacheOptions::default()
        };
        let mut out = Vec::new();
        let r = analyse_reader("t", log.as_bytes(), opts, &mut |c| out.push(c)).unwrap();
        assert_eq!(r.errors.len(), 1);
        assert_eq!(r.errors[0].line, 1);
        assert!(
            r.errors[0].message.contains("5009 bytes"),
            "{}",
            r.errors[0].message
        );
        assert_eq!(out[0].turns[0].line, 2);
    }

    #[test]
    fn whitespace_and_id_reasons() {
        let convs = run(&[
            req("Be concise.", &["a"]),
            req("Be  concise.", &["a", "b", "c"]),
        ]
        .join("\n"));
        assert_eq!(
            convs[0].turns[1].broken.as_ref().unwrap().reason,
            Reason::Whitespace
        );
        let convs = run(&[
            req("Session 7c1d9e2a-5b3f-4a8e-9d61-2f0b8c4e7a19", &["a"]),
            req(
                "Session 0b8c4e7a-2f0b-4a8e-9d61-7c1d9e2a5b3f",
                &["a", "b", "c"],
            ),
        ]
        .join("\n"));
        assert_eq!(
            convs[0].turns[1].broken.as_ref().unwrap().reason,
            Reason::Id
        );
        // A clock line appended at the end: the diff starts the new line.
        let convs = run(&[
            req("Be concise.", &["a"]),
            req("Be concise.\\nCurrent time: 14:05", &["a", "b", "c"]),
        ]
        .join("\n"));
        assert_eq!(
            convs[0].turns[1].broken.as_ref().unwrap().reason,
            Reason::Timestamp
        );
    }

    #[test]
    fn long_conversations_are_handed_out_in_parts() {
        let line = r#"{"model":"gpt-4.1","prompt_cache_key":"k","messages":[{"role":"system","content":"S"},{"role":"user","content":"q"}]}"#;
        let log: String =
            std::iter::repeat_n(format!("{line}\n"), MAX_TURNS_PER_PART + 1).collect();
        let convs = run(&log);
        assert_eq!(convs.len(), 2);
        assert_eq!(convs[0].turns.len(), MAX_TURNS_PER_PART);
        assert_eq!(convs[1].id, "k");
        assert_eq!(convs[1].turns[0].turn, MAX_TURNS_PER_PART as u32 + 1);
        assert!(convs.iter().all(|c| c.broken().next().is_none()));
    }
}

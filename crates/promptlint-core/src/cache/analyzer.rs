//! The analyzer: each conversation's prefixes, turn by turn, compared with every earlier one,
//! and the provider's cache model (what it reads and writes) applied to them.

use std::collections::HashMap;

use sha2::{Digest, Sha256};

use crate::parse::Provider;
use crate::parse::request::{
    self, EXPECTED_SHAPES, JsonView, Jv, Layout, REQUEST_KEYS, Section, View,
};
use crate::parse::segment::Role;
use crate::providers::Providers;

use super::classify::*;
use super::compare::{compare, forget, remember};
use super::model::*;
use super::open::{Open, Shared};
use super::parts::{part_changes, parts_of};
use super::predict::{predict, remember_shared, ttl_ms};
use super::prefix::{From, item_lines, prefix_of, trunc};

/// Turns of one conversation kept before they are handed out as a part (about 2 MiB of rows).
pub(super) const MAX_TURNS_PER_PART: usize = 20_000;

/// Conversations open at once; one more closes the least recently used.
pub(super) const MAX_OPEN: usize = 4096;

/// Response ids remembered for `previous_response_id` chains.
const MAX_RESPONSE_IDS: usize = 65_536;

/// Tokens per canonical byte before a log reports any usage: 4 bytes a token.
const DEFAULT_TOKENS_PER_BYTE: f64 = 0.25;

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
    /// The provider's cache, shared by every conversation of the log.
    shared: Shared,
    /// Gemini explicit caches created in the log (`cachedContents` calls), by model.
    explicit: HashMap<String, Explicit>,
}

/// A Gemini explicit cache a `cachedContents` create call in the log wrote.
#[derive(Debug, Clone, Copy)]
struct Explicit {
    /// Canonical bytes of its system instruction, tools and contents.
    bytes: u64,
}

/// Explicit caches remembered; more clears the map (a log rarely holds more than a few).
const MAX_EXPLICIT: usize = 4096;

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
            shared: Shared::default(),
            explicit: HashMap::new(),
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
        if r.url.is_some_and(is_cache_create) {
            // A Gemini `cachedContents` create call writes an explicit cache; it is no turn.
            let lay = request::layout_hinted(req, r.url);
            let lines = item_lines(&lay);
            let bytes = lines.iter().map(|l| l.len() as u64).sum::<u64>();
            let model = req
                .get("model")
                .and_then(JsonView::str)
                .map(model_name)
                .unwrap_or_default();
            if self.explicit.len() >= MAX_EXPLICIT {
                self.explicit.clear();
            }
            self.explicit.insert(model, Explicit { bytes });
            return Ok(());
        }
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
        let routing = matches!(
            lay.provider,
            Provider::OpenAiChat | Provider::OpenAiResponses
        )
        .then(|| req.get("prompt_cache_key").and_then(JsonView::str))
        .flatten();
        let scope = Shared::scope(lay.provider.as_str(), routing);
        let first_of_model = self
            .shared
            .first_of_model(lay.provider.as_str(), lay.model.as_deref());
        let (mut predicted, reach) = predict(
            open,
            &self.shared,
            &scope,
            &prefix,
            &lay,
            minimum,
            whole,
            r.time_ms,
        );
        judge(
            &mut predicted,
            reach,
            &Judged {
                lay: &lay,
                req,
                url: r.url,
                first_of_model,
                explicit: &self.explicit,
                reported_input: r.reported.and_then(|u| u.input_tokens),
                own_bytes: whole,
            },
        );
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
        remember_shared(
            &mut self.shared,
            &scope,
            open,
            &prefix,
            &lay,
            minimum,
            r.time_ms,
            ttl_ms,
            r.reported
                .and_then(|u| Some(u.cache_read.unwrap_or(0) + u.cache_write?)),
            r.reported.and_then(|u| u.output_tokens),
        );
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

/// True when `url` creates a Gemini or Vertex AI explicit cache (`POST .../cachedContents`).
fn is_cache_create(url: &str) -> bool {
    let path = url.split(['?', '#']).next().unwrap_or("");
    path.trim_end_matches('/').ends_with("/cachedContents")
}

/// The model id without its resource path (`models/gemini-2.5-flash`,
/// `projects/p/locations/l/publishers/google/models/gemini-2.5-flash`).
fn model_name(m: &str) -> String {
    m.rsplit('/').next().unwrap_or(m).to_owned()
}

/// What [`judge`] reads besides the prediction.
struct Judged<'a, 'b> {
    lay: &'a Layout<'b, Jv>,
    req: &'a Jv,
    url: Option<&'a str>,
    first_of_model: bool,
    explicit: &'a HashMap<String, Explicit>,
    reported_input: Option<u64>,
    own_bytes: u64,
}

/// Tool types that run on the provider's side (OpenAI Responses and xAI `web_search`,
/// `code_interpreter`, `file_search`, `x_search`; Anthropic `web_search_*`, `web_fetch_*`,
/// `code_execution_*`) and Gemini's tool members (`googleSearch`, `codeExecution`,
/// `urlContext`).
const SERVER_TOOL_TYPES: &[&str] = &[
    "web_search",
    "web_fetch",
    "code_interpreter",
    "code_execution",
    "file_search",
    "x_search",
];
const SERVER_TOOL_MEMBERS: &[&str] = &[
    "googleSearch",
    "google_search",
    "codeExecution",
    "code_execution",
    "urlContext",
    "url_context",
];

fn has_server_tools(req: &Jv) -> bool {
    req.get("tools")
        .map(JsonView::items)
        .unwrap_or(&[])
        .iter()
        .any(|t| {
            t.get("type")
                .and_then(JsonView::str)
                .is_some_and(|ty| SERVER_TOOL_TYPES.iter().any(|s| ty.starts_with(s)))
                || SERVER_TOOL_MEMBERS.iter().any(|m| t.get(m).is_some())
        })
}

/// The host of a URL (`https://api.x.ai/v1/...` -> `api.x.ai`).
fn host(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    rest.split(['/', '?', '#']).next().unwrap_or("")
}

/// True when an OpenAI-shaped request goes to another provider than OpenAI (xAI, DeepSeek,
/// Mistral, OpenRouter, Azure AI Foundry's non-OpenAI models): its cache rules are its own.
fn compatible_host(url: Option<&str>) -> bool {
    let Some(h) = url.map(host) else {
        return false;
    };
    !h.is_empty() && h != "api.openai.com" && !h.ends_with(".openai.azure.com")
}

/// Sets how far the provider documents this request's outcome (see
/// [`Confidence`]), the range a verdict the log cannot settle allows, whether the provider's
/// cache is best effort, and a Gemini explicit cache's read.
fn judge(out: &mut Predicted, reach: super::predict::Reach, j: &Judged<'_, '_>) {
    let lay = j.lay;
    let openai = matches!(
        lay.provider,
        Provider::OpenAiChat | Provider::OpenAiResponses
    );
    let explicit_name = lay
        .provider
        .eq(&Provider::Gemini)
        .then(|| {
            j.req
                .get("cachedContent")
                .or_else(|| j.req.get("cached_content"))
                .and_then(JsonView::str)
        })
        .flatten();
    if explicit_name.is_some() {
        // Gemini explicit caching reads the whole cached content on every request that names
        // it. Its size: the request's reported prompt tokens less its own body (the cached
        // content is the part of the prompt the body does not hold), else the create call's
        // bytes at 4 bytes a token.
        let created = lay
            .model
            .as_deref()
            .map(model_name)
            .and_then(|m| j.explicit.get(&m));
        let own = j.own_bytes.div_ceil(4);
        let read = match (j.reported_input, created) {
            (Some(n), _) => Some(n.saturating_sub(own)),
            (None, Some(e)) => Some(e.bytes.div_ceil(4)),
            (None, None) => None,
        };
        out.cache_read = read.unwrap_or(0);
        out.cache_read_max = read;
        out.cache_write = None;
        out.expired = false;
        if created.is_none() {
            out.confidence = Confidence::OutsideLog;
        }
        return;
    }
    out.best_effort = openai
        || lay.provider == Provider::Gemini
        || (lay.provider == Provider::Bedrock
            && !lay
                .model
                .as_deref()
                .is_some_and(|m| m.contains("anthropic")));
    let widen = |out: &mut Predicted, c: Confidence, max: Option<u64>| {
        out.confidence = c;
        out.cache_read_max = max.map(|m| m.max(out.cache_read));
    };
    if has_server_tools(j.req) {
        widen(out, Confidence::ServerTools, None);
    } else if openai && compatible_host(j.url) {
        widen(out, Confidence::Compatible, None);
    } else if j.first_of_model {
        widen(out, Confidence::OutsideLog, Some(reach.cacheable));
    } else if lay.provider == Provider::Gemini {
        widen(
            out,
            Confidence::Implicit,
            Some(reach.unfloored.max(reach.cacheable)),
        );
    }
}

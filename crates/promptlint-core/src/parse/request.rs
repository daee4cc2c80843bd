//! Provider request JSON: roles, zones and the canonical cacheable prefix.
//!
//! Input: one Anthropic Messages or OpenAI (Chat Completions, Responses) request, bare or in a
//! log wrapper (OpenAI Batch `{"custom_id","method","url","body"}`, Anthropic Message Batches
//! `{"custom_id","params"}`, `{"request": {...}}`). Output: segments whose roles say who wrote
//! each string and whose zones say what is inside the cacheable prefix, and a
//! [`CacheLayout`]; for the `cache` command, the canonical prefix bytes ([`Layout`]).
//!
//! **Canonical order** (what the provider matches, first byte first):
//! - Anthropic: `tools`, then `system`, then `messages`
//!   (<https://platform.claude.com/docs/en/build-with-claude/prompt-caching>). The cacheable
//!   prefix runs up to and including the last block carrying `cache_control`. A top-level
//!   `cache_control` (automatic caching) moves the breakpoint to the last cacheable block, so
//!   the whole request is written to the cache and the next turn reads all of it: its static
//!   zone is everything before the newest user message. A request without any `cache_control`
//!   caches nothing.
//! - OpenAI: `tools`, the structured-output schema, then the messages (`instructions` and
//!   `input` for Responses); caching is automatic for prompts of 1024 tokens and more, by exact
//!   prefix (<https://developers.openai.com/api/docs/guides/prompt-caching>). The static zone is
//!   everything before the newest user message.
//!
//! **Canonical prefix bytes**: a header line with what keys the cache besides the prompt (the
//! model; Anthropic also `tool_choice` and `thinking`, whose changes invalidate cached
//! messages), then one line per prefix element (a tool, a system block, a message's role, a
//! content block, an OpenAI message) as compact JSON in document key order without
//! `cache_control` members. Layout whitespace of the request does not count; every byte of the
//! prompt's strings does. `metadata` and sampling parameters are not part of the prefix.
//!
//! The newest user message is never in the static zone: it is new this turn by definition, and
//! becomes history (byte-identical) in the next turn. For the same reason, only tools and
//! system/developer text are re-rendered by the application each turn; message history is
//! recorded text.

use std::ops::Range;

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};

use super::json::{Json, JsonNode, parse_tree};
use super::segment::{
    Boundary, CacheLayout, ParseIssue, ParseOptions, Parsed, PrefixPiece, Provider, Role, Segment,
    ToolResult, Zone,
};

/// Read access to a JSON value, for the two trees the prefix is computed from: the
/// span-carrying [`JsonNode`] of `check` and the lighter [`Jv`] of the streaming `cache`
/// command.
pub trait JsonView: Sized {
    /// The value's shape.
    fn view(&self) -> View<'_, Self>;

    /// The member `key` of an object (the last one when a key repeats).
    fn get(&self, key: &str) -> Option<&Self> {
        match self.view() {
            View::Object(members) => members
                .into_iter()
                .rev()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| v),
            _ => None,
        }
    }

    /// The string, when this is one.
    fn str(&self) -> Option<&str> {
        match self.view() {
            View::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The items, when this is an array.
    fn items(&self) -> &[Self] {
        match self.view() {
            View::Array(a) => a,
            _ => &[],
        }
    }
}

/// The shape of a JSON value.
#[derive(Debug)]
pub enum View<'a, T> {
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// A number as written (or as serde_json prints it).
    Number(&'a str),
    /// A decoded string.
    Str(&'a str),
    /// An array.
    Array(&'a [T]),
    /// An object's members in document order.
    Object(Vec<(&'a str, &'a T)>),
}

impl JsonView for JsonNode {
    fn get(&self, key: &str) -> Option<&Self> {
        JsonNode::get(self, key)
    }

    fn view(&self) -> View<'_, Self> {
        match &self.value {
            Json::Null => View::Null,
            Json::Bool(b) => View::Bool(*b),
            Json::Number(n) => View::Number(n),
            Json::String(s) => View::Str(&s.text),
            Json::Array(a) => View::Array(a),
            Json::Object(m) => {
                View::Object(m.iter().map(|(k, _, v)| (k.text.as_str(), v)).collect())
            }
        }
    }
}

/// An owned JSON value that keeps object members in document order (serde_json's `Value`
/// sorts them), for streaming request logs.
#[derive(Debug, Clone, PartialEq)]
pub enum Jv {
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// A number, printed by serde_json.
    Number(String),
    /// A string.
    Str(String),
    /// An array.
    Array(Vec<Jv>),
    /// An object, members in document order.
    Object(Vec<(String, Jv)>),
}

impl JsonView for Jv {
    fn get(&self, key: &str) -> Option<&Self> {
        match self {
            Jv::Object(m) => m.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    fn view(&self) -> View<'_, Self> {
        match self {
            Jv::Null => View::Null,
            Jv::Bool(b) => View::Bool(*b),
            Jv::Number(n) => View::Number(n),
            Jv::Str(s) => View::Str(s),
            Jv::Array(a) => View::Array(a),
            Jv::Object(m) => View::Object(m.iter().map(|(k, v)| (k.as_str(), v)).collect()),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Jv {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Jv, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Jv;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_unit<E: de::Error>(self) -> Result<Jv, E> {
                Ok(Jv::Null)
            }
            fn visit_bool<E: de::Error>(self, b: bool) -> Result<Jv, E> {
                Ok(Jv::Bool(b))
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Jv, E> {
                Ok(Jv::Number(n.to_string()))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Jv, E> {
                Ok(Jv::Number(n.to_string()))
            }
            fn visit_f64<E: de::Error>(self, n: f64) -> Result<Jv, E> {
                Ok(Jv::Number(n.to_string()))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Jv, E> {
                Ok(Jv::Str(s.to_owned()))
            }
            fn visit_string<E: de::Error>(self, s: String) -> Result<Jv, E> {
                Ok(Jv::Str(s))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Jv, A::Error> {
                let mut v = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
                while let Some(x) = seq.next_element()? {
                    v.push(x);
                }
                Ok(Jv::Array(v))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Jv, A::Error> {
                let mut v = Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096));
                while let Some((k, x)) = map.next_entry::<String, Jv>()? {
                    v.push((k, x));
                }
                Ok(Jv::Object(v))
            }
        }
        d.deserialize_any(V)
    }
}

/// The request inside a log line's wrapper: OpenAI Batch `body`, Anthropic Message Batches
/// `params`, or `request`; the value itself otherwise.
pub fn unwrap_request<T: JsonView>(root: &T) -> &T {
    let mut cur = root;
    for _ in 0..3 {
        let next = if cur.get("messages").is_some() || cur.get("input").is_some() {
            None
        } else {
            ["body", "params", "request"]
                .into_iter()
                .find_map(|k| cur.get(k).filter(|v| matches!(v.view(), View::Object(_))))
        };
        match next {
            Some(n) => cur = n,
            None => break,
        }
    }
    cur
}

/// True when `root` (after unwrapping) looks like a provider request.
pub fn is_request<T: JsonView>(root: &T) -> bool {
    let r = unwrap_request(root);
    ["messages", "input", "instructions", "system"]
        .iter()
        .any(|k| r.get(k).is_some())
}

/// Which API `req` (unwrapped) is for.
pub fn provider<T: JsonView>(req: &T) -> Provider {
    if req.get("input").is_some() || req.get("instructions").is_some() {
        return Provider::OpenAiResponses;
    }
    if req.get("system").is_some()
        || req.get("anthropic_version").is_some()
        || req.get("cache_control").is_some()
    {
        return Provider::Anthropic;
    }
    let model = req.get("model").and_then(JsonView::str).unwrap_or("");
    if model.starts_with("claude") || model.contains("anthropic") {
        return Provider::Anthropic;
    }
    let messages = req.get("messages").map(JsonView::items).unwrap_or(&[]);
    if messages.iter().any(|m| {
        matches!(
            m.get("role").and_then(JsonView::str),
            Some("system" | "developer" | "tool" | "function")
        ) || m.get("tool_calls").is_some()
    }) {
        return Provider::OpenAiChat;
    }
    let anthropic_blocks = messages.iter().any(|m| {
        m.get("content")
            .map(JsonView::items)
            .unwrap_or(&[])
            .iter()
            .any(|b| {
                b.get("cache_control").is_some()
                    || matches!(
                        b.get("type").and_then(JsonView::str),
                        Some("tool_use" | "tool_result" | "thinking")
                    )
            })
    });
    let anthropic_tools = req
        .get("tools")
        .map(JsonView::items)
        .unwrap_or(&[])
        .iter()
        .any(|t| t.get("input_schema").is_some());
    if anthropic_blocks || anthropic_tools {
        Provider::Anthropic
    } else {
        Provider::OpenAiChat
    }
}

/// Which part of the prefix an element belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    /// A tool definition.
    Tools,
    /// A structured-output schema (OpenAI `response_format`, `text.format`).
    Format,
    /// System text (Anthropic `system`, OpenAI `instructions`).
    System,
    /// A message or one of its blocks.
    Messages,
}

/// One element of the canonical prefix.
#[derive(Debug)]
pub struct Item<'a, T> {
    /// Where it belongs.
    pub section: Section,
    /// Who wrote it.
    pub role: Role,
    /// Its JSON value.
    pub node: &'a T,
    /// `Some(role)` for the role line of an Anthropic message (whose blocks follow as their
    /// own items); `None` when the whole node is the element.
    pub role_line: Option<&'a str>,
    /// Index of its message, for message elements.
    pub message: Option<usize>,
}

/// A request's canonical prefix layout.
#[derive(Debug)]
pub struct Layout<'a, T> {
    /// The API.
    pub provider: Provider,
    /// `model`, when given.
    pub model: Option<&'a str>,
    /// The header line: model and the parameters that key the cache.
    pub header: Vec<u8>,
    /// Elements in canonical order.
    pub items: Vec<Item<'a, T>>,
    /// `items[..cached_end]` are the provider-matched prefix (what this request can read from
    /// and writes to the cache).
    pub cached_end: usize,
    /// `items[..static_end]` are the static zone: cached, and older than the newest user
    /// message.
    pub static_end: usize,
    /// How the static zone ends.
    pub boundary: Boundary,
    /// `cache_control` values on elements (explicit breakpoints), in canonical order.
    pub breakpoints: Vec<&'a T>,
    /// True when the request opts into caching.
    pub cache_intent: bool,
    /// An explicit conversation id, when the request carries one.
    pub conversation: Option<String>,
    /// Number of messages (input items for Responses).
    pub messages: usize,
}

/// Explicit conversation ids, most specific first: `(path, what it is)`.
const CONVERSATION_KEYS: &[&[&str]] = &[
    &["conversation_id"],
    &["conversation"],
    &["conversation", "id"],
    &["session_id"],
    &["thread_id"],
    &["metadata", "conversation_id"],
    &["metadata", "session_id"],
    &["metadata", "thread_id"],
    &["prompt_cache_key"],
    &["metadata", "user_id"],
];

/// Builds the canonical layout of `req` (already unwrapped).
pub fn layout<T: JsonView>(req: &T) -> Layout<'_, T> {
    let provider = provider(req);
    let model = req.get("model").and_then(JsonView::str);
    let conversation = CONVERSATION_KEYS.iter().find_map(|path| {
        let mut cur = req;
        for k in *path {
            cur = cur.get(k)?;
        }
        match cur.view() {
            View::Str(s) if !s.is_empty() => Some(s.to_owned()),
            View::Number(n) => Some(n.to_owned()),
            _ => None,
        }
    });
    let mut items: Vec<Item<'_, T>> = Vec::new();
    let mut breakpoints = Vec::new();
    let mut bp_items = Vec::new();
    let tools = req
        .get("tools")
        .or_else(|| req.get("functions"))
        .map(JsonView::items)
        .unwrap_or(&[]);
    for t in tools {
        if let Some(cc) = t.get("cache_control") {
            breakpoints.push(cc);
            bp_items.push(items.len());
        }
        items.push(Item {
            section: Section::Tools,
            role: Role::Tool,
            node: t,
            role_line: None,
            message: None,
        });
    }
    let mut header = Vec::new();
    let header_keys: &[&str] = match provider {
        Provider::Anthropic => &["model", "tool_choice", "thinking"],
        _ => &["model"],
    };
    header.push(b'{');
    let mut first = true;
    for k in header_keys {
        if let Some(v) = req.get(k) {
            if !first {
                header.push(b',');
            }
            first = false;
            write_str(k, &mut header);
            header.push(b':');
            write_value(v, &mut header, &mut |_, _| {});
        }
    }
    header.extend_from_slice(b"}\n");
    let mut newest_user: Option<usize> = None;
    let mut messages = 0;
    match provider {
        Provider::Anthropic => {
            match req.get("system").map(|s| (s, s.view())) {
                Some((s, View::Str(_))) => items.push(Item {
                    section: Section::System,
                    role: Role::System,
                    node: s,
                    role_line: None,
                    message: None,
                }),
                Some((_, View::Array(blocks))) => {
                    for b in blocks {
                        if let Some(cc) = b.get("cache_control") {
                            breakpoints.push(cc);
                            bp_items.push(items.len());
                        }
                        items.push(Item {
                            section: Section::System,
                            role: Role::System,
                            node: b,
                            role_line: None,
                            message: None,
                        });
                    }
                }
                _ => {}
            }
            let msgs = req.get("messages").map(JsonView::items).unwrap_or(&[]);
            messages = msgs.len();
            for (i, m) in msgs.iter().enumerate() {
                let role_name = m.get("role").and_then(JsonView::str).unwrap_or("user");
                let role = message_role(role_name);
                if role == Role::User {
                    newest_user = Some(i);
                }
                items.push(Item {
                    section: Section::Messages,
                    role,
                    node: m,
                    role_line: Some(role_name),
                    message: Some(i),
                });
                match m.get("content").map(|c| (c, c.view())) {
                    Some((c, View::Array(blocks))) => {
                        for b in blocks {
                            if let Some(cc) = b.get("cache_control") {
                                breakpoints.push(cc);
                                bp_items.push(items.len());
                            }
                            items.push(Item {
                                section: Section::Messages,
                                role: block_role(b, role),
                                node: b,
                                role_line: None,
                                message: Some(i),
                            });
                        }
                        let _ = c;
                    }
                    Some((c, _)) => items.push(Item {
                        section: Section::Messages,
                        role,
                        node: c,
                        role_line: None,
                        message: Some(i),
                    }),
                    None => {}
                }
                if let Some(cc) = m.get("cache_control") {
                    breakpoints.push(cc);
                    bp_items.push(items.len() - 1);
                }
            }
        }
        Provider::OpenAiChat | Provider::OpenAiResponses => {
            let format = req
                .get("response_format")
                .or_else(|| req.get("text").and_then(|t| t.get("format")));
            if let Some(f) = format {
                items.push(Item {
                    section: Section::Format,
                    role: Role::JsonString,
                    node: f,
                    role_line: None,
                    message: None,
                });
            }
            if let Some(ins) = req.get("instructions") {
                items.push(Item {
                    section: Section::System,
                    role: Role::System,
                    node: ins,
                    role_line: None,
                    message: None,
                });
            }
            let (list, single): (&[T], Option<&T>) =
                match req.get("messages").or_else(|| req.get("input")) {
                    Some(v) => match v.view() {
                        View::Array(a) => (a, None),
                        View::Str(_) => (&[], Some(v)),
                        _ => (&[], None),
                    },
                    None => (&[], None),
                };
            if let Some(s) = single {
                newest_user = Some(0);
                messages = 1;
                items.push(Item {
                    section: Section::Messages,
                    role: Role::User,
                    node: s,
                    role_line: None,
                    message: Some(0),
                });
            }
            if single.is_none() {
                messages = list.len();
            }
            for (i, m) in list.iter().enumerate() {
                let role = match m.get("role").and_then(JsonView::str) {
                    Some(r) => message_role(r),
                    None => match m.get("type").and_then(JsonView::str) {
                        Some("function_call_output" | "custom_tool_call_output") => {
                            Role::ToolResult
                        }
                        _ => Role::Assistant,
                    },
                };
                if role == Role::User {
                    newest_user = Some(i);
                }
                items.push(Item {
                    section: Section::Messages,
                    role,
                    node: m,
                    role_line: None,
                    message: Some(i),
                });
            }
        }
    }
    let cache_intent = !breakpoints.is_empty()
        || req.get("cache_control").is_some()
        || req.get("prompt_cache_key").is_some()
        || req.get("prompt_cache_retention").is_some();
    let first_new = newest_user
        .and_then(|nu| items.iter().position(|it| it.message == Some(nu)))
        .unwrap_or(items.len());
    let (cached_end, static_end, boundary) = match provider {
        Provider::Anthropic => {
            if let Some(&last) = bp_items.last() {
                let end = last + 1;
                (end, end.min(first_new), Boundary::Breakpoint)
            } else if req.get("cache_control").is_some() {
                (items.len(), first_new, Boundary::Automatic)
            } else {
                (0, 0, Boundary::Uncached)
            }
        }
        _ => (first_new, first_new, Boundary::NewestUser),
    };
    Layout {
        provider,
        model,
        header,
        items,
        cached_end,
        static_end,
        boundary,
        breakpoints,
        cache_intent,
        conversation,
        messages,
    }
}

fn message_role(name: &str) -> Role {
    match name {
        "system" => Role::System,
        "developer" => Role::Developer,
        "assistant" | "model" => Role::Assistant,
        "tool" | "function" => Role::ToolResult,
        _ => Role::User,
    }
}

fn block_role<T: JsonView>(b: &T, message: Role) -> Role {
    match b.get("type").and_then(JsonView::str) {
        Some("tool_result" | "web_search_tool_result" | "mcp_tool_result") => Role::ToolResult,
        Some(
            "tool_use" | "server_tool_use" | "mcp_tool_use" | "thinking" | "redacted_thinking",
        ) => Role::Assistant,
        _ => message,
    }
}

impl<T: JsonView> Layout<'_, T> {
    /// Writes element `i` as one canonical line; `on_string` gets each string value node and
    /// the offset of its first content byte in `out`.
    pub fn write_item(&self, i: usize, out: &mut Vec<u8>, on_string: &mut dyn FnMut(&T, usize)) {
        let it = &self.items[i];
        match it.role_line {
            Some(r) => {
                out.extend_from_slice(b"{\"role\":");
                write_str(r, out);
                out.push(b'}');
            }
            None => write_value(it.node, out, on_string),
        }
        out.push(b'\n');
    }
}

/// Writes `v` as compact JSON in document key order, without `cache_control` members.
pub fn write_value<T: JsonView>(v: &T, out: &mut Vec<u8>, on_string: &mut dyn FnMut(&T, usize)) {
    match v.view() {
        View::Null => out.extend_from_slice(b"null"),
        View::Bool(true) => out.extend_from_slice(b"true"),
        View::Bool(false) => out.extend_from_slice(b"false"),
        View::Number(n) => out.extend_from_slice(n.as_bytes()),
        View::Str(s) => {
            on_string(v, out.len() + 1);
            write_str(s, out);
        }
        View::Array(a) => {
            out.push(b'[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_value(x, out, on_string);
            }
            out.push(b']');
        }
        View::Object(m) => {
            out.push(b'{');
            let mut first = true;
            for (k, x) in m {
                if k == "cache_control" {
                    continue;
                }
                if !first {
                    out.push(b',');
                }
                first = false;
                write_str(k, out);
                out.push(b':');
                write_value(x, out, on_string);
            }
            out.push(b'}');
        }
    }
}

/// Writes `s` as a JSON string literal (serde_json's escaping).
pub fn write_str(s: &str, out: &mut Vec<u8>) {
    out.push(b'"');
    let b = s.as_bytes();
    let mut start = 0;
    for (i, &c) in b.iter().enumerate() {
        let esc: Option<&[u8]> = match c {
            b'"' => Some(b"\\\""),
            b'\\' => Some(b"\\\\"),
            b'\n' => Some(b"\\n"),
            b'\r' => Some(b"\\r"),
            b'\t' => Some(b"\\t"),
            0x08 => Some(b"\\b"),
            0x0C => Some(b"\\f"),
            0..=0x1F => None,
            _ => continue,
        };
        out.extend_from_slice(&b[start..i]);
        match esc {
            Some(e) => out.extend_from_slice(e),
            None => out.extend_from_slice(format!("\\u{c:04x}").as_bytes()),
        }
        start = i + 1;
    }
    out.extend_from_slice(&b[start..]);
    out.push(b'"');
}

/// Parses one request (kind `request`).
pub fn parse(text: &str, opts: &ParseOptions) -> Parsed {
    match parse_tree(text) {
        Ok(Some(root)) => {
            let mut parsed = Parsed::default();
            add_request(&root, 0..text.len(), opts, &mut parsed);
            parsed
        }
        Ok(None) => Parsed::default(),
        Err(issue) => super::json::fallback(text, issue),
    }
}

/// Parses a request log (kind `request-log`): one request per line. A line that is not JSON
/// is scanned as text and reported; blank lines are skipped.
pub fn parse_log(text: &str, opts: &ParseOptions) -> Parsed {
    let mut parsed = Parsed::default();
    let mut pos = 0;
    while pos < text.len() {
        let end = text[pos..].find('\n').map_or(text.len(), |i| pos + i + 1);
        let line = text[pos..end].trim_end_matches(['\n', '\r']);
        let lead = line.len() - line.trim_start().len();
        if line.trim().is_empty() {
            pos = end;
            continue;
        }
        let range = pos..pos + line.len();
        match parse_tree(line) {
            Ok(Some(root)) => {
                let shifted = shift(&root, pos);
                add_request(&shifted, range, opts, &mut parsed);
            }
            Ok(None) => {}
            Err(issue) => {
                parsed.issues.push(ParseIssue {
                    span: pos + issue.span.start..pos + issue.span.end,
                    message: issue.message,
                });
                parsed
                    .segments
                    .push(Segment::verbatim(Role::Body, pos + lead..range.end));
            }
        }
        pos = end;
    }
    parsed.segments.sort_by_key(|s| s.range.start);
    parsed
}

/// The same tree with every span and string map moved `by` bytes right.
fn shift(node: &JsonNode, by: usize) -> JsonNode {
    let outer = |s: &super::segment::MappedText| {
        let end = s.map.map_range(0..s.text.len()).end;
        super::segment::MappedText {
            text: s.text.clone(),
            map: s
                .map
                .then(&crate::offset_map::OffsetMap::identity(by..by + end + 1)),
        }
    };
    let value = match &node.value {
        Json::String(s) => Json::String(outer(s)),
        Json::Array(a) => Json::Array(a.iter().map(|x| shift(x, by)).collect()),
        Json::Object(m) => Json::Object(
            m.iter()
                .map(|(k, ks, v)| (outer(k), ks.start + by..ks.end + by, shift(v, by)))
                .collect(),
        ),
        other => other.clone(),
    };
    JsonNode {
        span: node.span.start + by..node.span.end + by,
        value,
    }
}

/// Segments and the cache layout of one request whose tree is `root` (spans in source
/// coordinates) and whose source span is `span`.
fn add_request(root: &JsonNode, span: Range<usize>, opts: &ParseOptions, parsed: &mut Parsed) {
    if !is_request(root) {
        parsed.segments.extend(super::json::string_segments(root));
        return;
    }
    let req = unwrap_request(root);
    let lay = layout(req);
    // Canonical offsets of every string of the static zone, by the source start of its node.
    let mut canon = lay.header.clone();
    let mut offsets: Vec<(usize, usize)> = Vec::new();
    for i in 0..lay.static_end {
        lay.write_item(i, &mut canon, &mut |n: &JsonNode, at| {
            offsets.push((n.span.start, at))
        });
    }
    let prefix_bytes = canon.len();
    drop(canon);
    offsets.sort_unstable();
    // Element spans (role lines excluded: their blocks are elements of their own) with role
    // and zone.
    let mut spans: Vec<(Range<usize>, Role, Zone)> = lay
        .items
        .iter()
        .enumerate()
        .filter(|(_, it)| it.role_line.is_none())
        .map(|(i, it)| {
            let zone = if i < lay.static_end {
                Zone::Static
            } else {
                Zone::Dynamic
            };
            (it.node.span.clone(), it.role, zone)
        })
        .collect();
    spans.sort_by_key(|(r, _, _)| r.start);
    let mut pieces = Vec::new();
    root.for_each_string(&mut |s, is_key| {
        let range = s.map.map_range(0..s.text.len());
        let k = spans.partition_point(|(r, _, _)| r.start <= range.start);
        let owner = k
            .checked_sub(1)
            .filter(|&k| spans[k].0.end >= range.end && spans[k].0.start <= range.start);
        let (role, zone) = match (owner, is_key) {
            (_, true) => (Role::JsonKey, Zone::Dynamic),
            (Some(k), false) => (spans[k].1, spans[k].2),
            (None, false) => (Role::JsonString, Zone::Dynamic),
        };
        if zone == Zone::Static
            && !is_key
            && let Ok(j) = offsets.binary_search_by_key(&range.start.saturating_sub(1), |(s, _)| *s)
        {
            pieces.push(PrefixPiece {
                source: range.clone(),
                prefix_offset: offsets[j].1,
            });
        }
        parsed.segments.push(Segment {
            role,
            zone,
            range,
            derived: Some(s.clone()),
        });
    });
    pieces.sort_by_key(|p| p.source.start);
    let tool_results = spans
        .iter()
        .filter(|(_, role, _)| *role == Role::ToolResult)
        .map(|(r, _, _)| ToolResult {
            span: r.clone(),
            bytes: r.len(),
        })
        .collect();
    parsed.cache.push(CacheLayout {
        span,
        boundary: lay.boundary,
        provider: Some(lay.provider),
        model: lay.model.map(str::to_owned),
        prefix_bytes,
        pieces,
        markers: Vec::new(),
        marker_mentions: Vec::new(),
        breakpoints: lay.breakpoints.iter().map(|n| n.span.clone()).collect(),
        cache_intent: lay.cache_intent,
        tool_results,
        tool_result_budget: opts.tool_result_budget,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zone_of<'a>(p: &'a Parsed, text: &'a str, needle: &str) -> (Role, Zone) {
        let s = p
            .segments
            .iter()
            .find(|s| s.text(text).contains(needle))
            .unwrap_or_else(|| panic!("no segment holds {needle}"));
        (s.role, s.zone)
    }

    const ANTHROPIC: &str = r#"{"model":"claude-sonnet-4-5","metadata":{"user_id":"u-1"},
 "tools":[{"name":"read","description":"Read a file","input_schema":{"type":"object"}}],
 "system":[{"type":"text","text":"You are X."},
           {"type":"text","text":"Rules.","cache_control":{"type":"ephemeral"}},
           {"type":"text","text":"Clock: 14:22"}],
 "messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"},
             {"role":"user","content":[{"type":"text","text":"now?"}]}]}"#;

    #[test]
    fn anthropic_static_zone_ends_at_the_last_breakpoint() {
        let p = parse(ANTHROPIC, &ParseOptions::default());
        assert_eq!(
            zone_of(&p, ANTHROPIC, "Read a file"),
            (Role::Tool, Zone::Static)
        );
        assert_eq!(
            zone_of(&p, ANTHROPIC, "You are X."),
            (Role::System, Zone::Static)
        );
        assert_eq!(
            zone_of(&p, ANTHROPIC, "Rules."),
            (Role::System, Zone::Static)
        );
        assert_eq!(
            zone_of(&p, ANTHROPIC, "Clock"),
            (Role::System, Zone::Dynamic)
        );
        assert_eq!(
            zone_of(&p, ANTHROPIC, "hello"),
            (Role::Assistant, Zone::Dynamic)
        );
        assert_eq!(
            zone_of(&p, ANTHROPIC, "u-1"),
            (Role::JsonString, Zone::Dynamic)
        );
        let l = &p.cache[0];
        assert_eq!(l.boundary, Boundary::Breakpoint);
        assert_eq!(l.provider, Some(Provider::Anthropic));
        assert_eq!(l.breakpoints.len(), 1);
        assert_eq!(
            &ANTHROPIC[l.breakpoints[0].clone()],
            "{\"type\":\"ephemeral\"}"
        );
        // The prefix holds the header, the tool and the two system blocks before the break.
        let header = "{\"model\":\"claude-sonnet-4-5\"}\n";
        let tool = "{\"name\":\"read\",\"description\":\"Read a file\",\"input_schema\":{\"type\":\"object\"}}\n";
        let sys1 = "{\"type\":\"text\",\"text\":\"You are X.\"}\n";
        let sys2 = "{\"type\":\"text\",\"text\":\"Rules.\"}\n";
        assert_eq!(
            l.prefix_bytes,
            header.len() + tool.len() + sys1.len() + sys2.len()
        );
        let at = ANTHROPIC.find("You are").unwrap();
        let expected = header.len() + tool.len() + sys1.find("You are").unwrap();
        assert_eq!(l.prefix_offset(at), Some(expected));
        assert_eq!(l.prefix_offset(ANTHROPIC.find("Clock").unwrap()), None);
    }

    #[test]
    fn automatic_caching_stops_before_the_newest_user_message() {
        let t = r#"{"model":"claude-x","cache_control":{"type":"ephemeral"},"system":"S 1","messages":[{"role":"user","content":"old"},{"role":"assistant","content":"A"},{"role":"user","content":"new"}]}"#;
        let p = parse(t, &ParseOptions::default());
        assert_eq!(p.cache[0].boundary, Boundary::Automatic);
        assert_eq!(zone_of(&p, t, "S 1").1, Zone::Static);
        assert_eq!(zone_of(&p, t, "old").1, Zone::Static);
        assert_eq!(zone_of(&p, t, "new").1, Zone::Dynamic);
        let none =
            r#"{"model":"claude-x","system":"S 1","messages":[{"role":"user","content":"q"}]}"#;
        let p = parse(none, &ParseOptions::default());
        assert_eq!(p.cache[0].boundary, Boundary::Uncached);
        assert_eq!(zone_of(&p, none, "S 1"), (Role::System, Zone::Dynamic));
    }

    #[test]
    fn openai_chat_and_responses_roles() {
        let t = r#"{"model":"gpt-4.1","messages":[{"role":"system","content":"Sys"},{"role":"developer","content":"Dev"},{"role":"user","content":"U1"},{"role":"assistant","content":"A1"},{"role":"tool","tool_call_id":"c1","content":"R1"},{"role":"user","content":"U2"}]}"#;
        let p = parse(t, &ParseOptions::default());
        assert_eq!(zone_of(&p, t, "Sys"), (Role::System, Zone::Static));
        assert_eq!(zone_of(&p, t, "Dev"), (Role::Developer, Zone::Static));
        assert_eq!(zone_of(&p, t, "R1"), (Role::ToolResult, Zone::Static));
        assert_eq!(zone_of(&p, t, "U2"), (Role::User, Zone::Dynamic));
        assert_eq!(p.cache[0].tool_results.len(), 1);
        let tool = r#"{"role":"tool","tool_call_id":"c1","content":"R1"}"#;
        assert_eq!(p.cache[0].tool_results[0].bytes, tool.len());
        assert_eq!(&t[p.cache[0].tool_results[0].span.clone()], tool);
        let r = r#"{"model":"gpt-5","instructions":"Ins","input":[{"role":"user","content":"Q"},{"type":"function_call_output","call_id":"x","output":"Out"}]}"#;
        let p = parse(r, &ParseOptions::default());
        assert_eq!(p.cache[0].provider, Some(Provider::OpenAiResponses));
        assert_eq!(zone_of(&p, r, "Ins"), (Role::System, Zone::Static));
        assert_eq!(zone_of(&p, r, "Out"), (Role::ToolResult, Zone::Dynamic));
    }

    #[test]
    fn log_lines_are_unwrapped_and_keep_file_offsets() {
        let line1 = r#"{"custom_id":"a","method":"POST","url":"/v1/chat/completions","body":{"model":"gpt-4.1","messages":[{"role":"system","content":"Sys A"},{"role":"user","content":"Q"}]}}"#;
        let line2 = r#"{"request":{"model":"claude-x","system":[{"type":"text","text":"Sys B","cache_control":{"type":"ephemeral"}}],"messages":[{"role":"user","content":"Q"}]}}"#;
        let text = format!("{line1}\n\nnot json\n{line2}\n");
        let p = parse_log(&text, &ParseOptions::default());
        assert_eq!(p.cache.len(), 2);
        assert_eq!(p.issues.len(), 1);
        let seg = p
            .segments
            .iter()
            .find(|s| s.text(&text) == "Sys B")
            .unwrap();
        assert_eq!(&text[seg.range.clone()], "Sys B");
        assert_eq!(seg.zone, Zone::Static);
        assert_eq!(p.cache[1].span.start, line1.len() + 11);
    }

    #[test]
    fn streaming_tree_gives_the_same_prefix() {
        let jv: Jv = serde_json::from_str(ANTHROPIC).unwrap();
        let node = parse_tree(ANTHROPIC).unwrap().unwrap();
        let bytes = |l: &Layout<'_, Jv>| {
            let mut out = l.header.clone();
            for i in 0..l.cached_end {
                l.write_item(i, &mut out, &mut |_, _| {});
            }
            out
        };
        let bytes_n = |l: &Layout<'_, JsonNode>| {
            let mut out = l.header.clone();
            for i in 0..l.cached_end {
                l.write_item(i, &mut out, &mut |_, _| {});
            }
            out
        };
        let a = bytes(&layout(&jv));
        let b = bytes_n(&layout(&node));
        assert_eq!(a, b);
        assert_eq!(layout(&jv).conversation.as_deref(), Some("u-1"));
    }
}

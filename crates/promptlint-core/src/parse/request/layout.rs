//! A request's canonical order: provider, sections, items and the canonical prefix bytes.
//!
//! Each provider's reading lives in its own module ([`super::anthropic`], [`super::openai`],
//! [`super::bedrock`], [`super::gemini`]): which elements make the prefix and in what order,
//! where the breakpoints are, and what the provider normalizes away before it compares two
//! prompts. This module holds what they share: the [`Layout`] they fill, the canonical writer
//! and the detection of the API from the request's keys (and the URL, when a log has it).

use super::super::segment::{Boundary, Provider};
use super::json_view::{JsonView, View};
use super::shape::Builder;
pub use super::shape::{Form, Item, Section};

/// The request inside a log line's wrapper: OpenAI Batch `body`, Anthropic Message Batches
/// `params`, or `request`; the value itself otherwise.
pub fn unwrap_request<T: JsonView>(root: &T) -> &T {
    let mut cur = root;
    for _ in 0..3 {
        let next = if REQUEST_KEYS.iter().any(|k| cur.get(k).is_some()) {
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

/// Top-level keys of which one at least marks a provider request: `messages` (Anthropic,
/// OpenAI Chat, Bedrock Converse), `input` / `instructions` (OpenAI Responses), `system`
/// (Anthropic, Bedrock), `contents` / `systemInstruction` (Gemini, both spellings).
pub const REQUEST_KEYS: &[&str] = &[
    "messages",
    "input",
    "instructions",
    "system",
    "contents",
    "systemInstruction",
    "system_instruction",
];

/// What `promptlint` reads as a request, for error messages about a shape it does not read.
pub const EXPECTED_SHAPES: &str = "an Anthropic Messages request (`messages`, `system`), an \
    OpenAI Chat Completions request (`messages`), an OpenAI Responses request (`input`, \
    `instructions`), a Bedrock Converse request (`messages`, `system`, `toolConfig`) or a \
    Gemini / Vertex generateContent request (`contents`, `systemInstruction`)";

/// True when `root` (after unwrapping) looks like a provider request.
pub fn is_request<T: JsonView>(root: &T) -> bool {
    let r = unwrap_request(root);
    REQUEST_KEYS.iter().any(|k| r.get(k).is_some())
}

/// Which API `req` (unwrapped) is for.
pub fn provider<T: JsonView>(req: &T) -> Provider {
    provider_hinted(req, None)
}

/// Which API `req` (unwrapped) is for, with the request's URL when a log records it (an SDK's
/// Bedrock or Gemini body carries no model; the URL path does: `/model/{id}/converse`,
/// `/models/{id}:generateContent`).
pub fn provider_hinted<T: JsonView>(req: &T, url: Option<&str>) -> Provider {
    if let Some(u) = url {
        let path = u.split(['?', '#']).next().unwrap_or(u);
        if path.ends_with("/converse") || path.ends_with("/converse-stream") {
            return Provider::Bedrock;
        }
        if path.contains(":generateContent") || path.contains(":streamGenerateContent") {
            return Provider::Gemini;
        }
        if path.ends_with("/v1/messages") {
            return Provider::Anthropic;
        }
        if path.ends_with("/responses") {
            return Provider::OpenAiResponses;
        }
        if path.ends_with("/chat/completions") {
            return Provider::OpenAiChat;
        }
    }
    if req.get("contents").is_some()
        || req.get("systemInstruction").is_some()
        || req.get("system_instruction").is_some()
    {
        return Provider::Gemini;
    }
    if super::bedrock::looks_like(req) {
        return Provider::Bedrock;
    }
    if req.get("input").is_some() || req.get("instructions").is_some() {
        return Provider::OpenAiResponses;
    }
    if req.get("system").is_some()
        || req.get("anthropic_version").is_some()
        || req.get("cache_control").is_some()
    {
        return Provider::Anthropic;
    }
    // Roles the Messages API rejects: the Chat Completions shape, whatever the model (a
    // gateway may route it to Claude).
    let messages = req.get("messages").map(JsonView::items).unwrap_or(&[]);
    if messages.iter().any(|m| {
        matches!(
            m.get("role").and_then(JsonView::str),
            Some("system" | "developer" | "tool" | "function")
        ) || m.get("tool_calls").is_some()
    }) {
        return Provider::OpenAiChat;
    }
    let model = req.get("model").and_then(JsonView::str).unwrap_or("");
    if model.starts_with("claude") || model.contains("anthropic") {
        return Provider::Anthropic;
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

/// The model named in a request URL: Bedrock `/model/{modelId}/converse` (percent-encoded
/// ARNs decoded for `%3A` and `%2F`) or Gemini / Vertex `.../models/{model}:generateContent`.
pub fn model_in_url(url: &str) -> Option<String> {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    if let Some(i) = path.find("/model/") {
        let rest = &path[i + "/model/".len()..];
        let id = rest.split('/').next().unwrap_or("");
        if !id.is_empty() {
            return Some(
                id.replace("%3A", ":")
                    .replace("%3a", ":")
                    .replace("%2F", "/"),
            );
        }
    }
    if let Some(i) = path.rfind("/models/") {
        let rest = &path[i + "/models/".len()..];
        let id = rest.split(':').next().unwrap_or("");
        if !id.is_empty() && rest.contains(':') {
            return Some(id.to_owned());
        }
    }
    None
}

/// One element of the canonical order: the header, the parameters line, or an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Element {
    /// The model and what else keys the whole cache.
    Header,
    /// Parameters whose change invalidates the messages only (Anthropic `tool_choice`,
    /// `thinking`), placed between the system text and the messages.
    Params,
    /// `items[i]`.
    Item(usize),
}

/// A request's canonical prefix layout.
#[derive(Debug)]
pub struct Layout<'a, T> {
    /// The API.
    pub provider: Provider,
    /// `model`, from the request or its URL.
    pub model: Option<String>,
    /// The header line: the model and what else keys the whole cache.
    pub header: Vec<u8>,
    /// The parameters line (empty when there is none).
    pub params: Vec<u8>,
    /// The parameters line goes before `items[params_at]`.
    pub params_at: usize,
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
    /// `cache_control` / `cachePoint` values on elements (explicit breakpoints), in canonical
    /// order.
    pub breakpoints: Vec<&'a T>,
    /// Items after which an explicit breakpoint stands (indices into `items`), in order.
    pub breakpoint_items: Vec<usize>,
    /// True when the request opts into caching.
    pub cache_intent: bool,
    /// An explicit conversation id, when the request carries one.
    pub conversation: Option<String>,
    /// True when that id may be shared by several conversations (`prompt_cache_key`,
    /// `metadata.user_id`): it then groups together with the first messages.
    pub shared_id: bool,
    /// OpenAI Responses `previous_response_id`: the conversation continues server side.
    pub previous_response: Option<String>,
    /// Number of messages (input items for Responses, contents for Gemini).
    pub messages: usize,
    /// Whether earlier turns' thinking blocks are left out of the prefix (true unless the
    /// caller knows the model keeps them; see `strips_prior_thinking` in
    /// `rules/providers.yaml`).
    pub strip_prior_thinking: bool,
}

/// Explicit conversation ids, most specific first; the last [`SHARED_KEYS`] of them name
/// something several conversations may share (a routing key, a user).
pub(super) const CONVERSATION_KEYS: &[&[&str]] = &[
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

/// How many of [`CONVERSATION_KEYS`], at its end, are shared ids: OpenAI recommends one
/// `prompt_cache_key` for every request with a common prefix
/// (<https://developers.openai.com/api/docs/guides/prompt-caching>), and a user has many
/// conversations.
const SHARED_KEYS: usize = 2;

/// Builds the canonical layout of `req` (already unwrapped).
pub fn layout<T: JsonView>(req: &T) -> Layout<'_, T> {
    layout_hinted(req, None)
}

/// Builds the canonical layout of `req` (already unwrapped), with the request URL when the
/// log recorded it (see [`provider_hinted`]).
pub fn layout_hinted<'a, T: JsonView>(req: &'a T, url: Option<&str>) -> Layout<'a, T> {
    let provider = provider_hinted(req, url);
    let model = req
        .get("model")
        .or_else(|| req.get("modelId"))
        .and_then(JsonView::str)
        .map(str::to_owned)
        .or_else(|| url.and_then(model_in_url));
    let found = CONVERSATION_KEYS.iter().enumerate().find_map(|(i, path)| {
        let mut cur = req;
        for k in *path {
            cur = cur.get(k)?;
        }
        let id = match cur.view() {
            View::Str(s) if !s.is_empty() => s.to_owned(),
            View::Number(n) => n.to_owned(),
            _ => return None,
        };
        Some((id, i >= CONVERSATION_KEYS.len() - SHARED_KEYS))
    });
    let shared_id = found.as_ref().is_some_and(|(_, shared)| *shared);
    let conversation = found.map(|(id, _)| id);
    let mut b = Builder {
        items: Vec::new(),
        breakpoints: Vec::new(),
        bp_items: Vec::new(),
        newest_user: None,
        messages: 0,
        params_at: None,
    };
    let (header_keys, param_keys) = match provider {
        Provider::Anthropic => super::anthropic::items(req, &mut b),
        Provider::OpenAiChat | Provider::OpenAiResponses => super::openai::items(req, &mut b),
        Provider::Bedrock => super::bedrock::items(req, &mut b),
        Provider::Gemini => super::gemini::items(req, &mut b),
    };
    let mut header = b"{\"model\":".to_vec();
    match &model {
        Some(m) => write_str(m, &mut header),
        None => header.extend_from_slice(b"null"),
    }
    for k in header_keys {
        if let Some(v) = req.get(k) {
            header.push(b',');
            write_str(k, &mut header);
            header.push(b':');
            write_value(v, &mut header, &mut |_, _| {});
        }
    }
    header.extend_from_slice(b"}\n");
    let mut params = Vec::new();
    for k in param_keys {
        if let Some(v) = req.get(k) {
            params.push(if params.is_empty() { b'{' } else { b',' });
            write_str(k, &mut params);
            params.push(b':');
            write_value(v, &mut params, &mut |_, _| {});
        }
    }
    if !params.is_empty() {
        params.extend_from_slice(b"}\n");
    }
    let items = b.items;
    let cache_intent = !b.breakpoints.is_empty()
        || req.get("cache_control").is_some()
        || req.get("prompt_cache_key").is_some()
        || req.get("prompt_cache_retention").is_some()
        || req.get("cachedContent").is_some()
        || req.get("cached_content").is_some();
    let first_new = b
        .newest_user
        .and_then(|nu| items.iter().position(|it| it.message == Some(nu)))
        .unwrap_or(items.len());
    let (cached_end, static_end, boundary) = match provider {
        Provider::Anthropic | Provider::Bedrock => {
            if let Some(&last) = b.bp_items.last() {
                let end = last + 1;
                (end, end.min(first_new), Boundary::Breakpoint)
            } else if provider == Provider::Anthropic && req.get("cache_control").is_some() {
                (items.len(), first_new, Boundary::Automatic)
            } else {
                (0, 0, Boundary::Uncached)
            }
        }
        Provider::OpenAiChat if !b.bp_items.is_empty() => {
            let end = b.bp_items.last().map_or(0, |l| l + 1);
            (end, end.min(first_new), Boundary::Breakpoint)
        }
        // Automatic prefix caching of the whole prompt: the provider matches the longest
        // cached prefix of the request, so everything is cacheable; the static zone (what is
        // rendered before this turn's user input) ends at the newest user message.
        Provider::OpenAiChat | Provider::OpenAiResponses | Provider::Gemini => {
            (items.len(), first_new, Boundary::NewestUser)
        }
    };
    let params_at = b.params_at.unwrap_or(items.len());
    let previous_response = req
        .get("previous_response_id")
        .and_then(JsonView::str)
        .map(str::to_owned);
    Layout {
        provider,
        model,
        header,
        params,
        params_at,
        items,
        cached_end,
        static_end,
        boundary,
        breakpoints: b.breakpoints,
        breakpoint_items: b.bp_items,
        cache_intent,
        conversation,
        shared_id,
        previous_response,
        messages: b.messages,
        strip_prior_thinking: true,
    }
}

impl<T: JsonView> Layout<'_, T> {
    /// The elements of `items[..end]` in canonical order: the header, the items, and the
    /// parameters line where the messages start (when there is one and it falls before `end`).
    pub fn elements(&self, end: usize) -> Vec<Element> {
        let mut out = Vec::with_capacity(end + 2);
        out.push(Element::Header);
        for i in 0..end {
            if i == self.params_at && !self.params.is_empty() {
                out.push(Element::Params);
            }
            out.push(Element::Item(i));
        }
        out
    }

    /// Writes one element (see [`Layout::write_item`]).
    pub fn write_element(
        &self,
        e: Element,
        out: &mut Vec<u8>,
        on_string: &mut dyn FnMut(&T, usize),
    ) {
        match e {
            Element::Header => out.extend_from_slice(&self.header),
            Element::Params => out.extend_from_slice(&self.params),
            Element::Item(i) => self.write_item(i, out, on_string),
        }
    }

    /// Writes element `i` as one canonical line (nothing for an omitted one); `on_string`
    /// gets each string value node and the offset of its first content byte in `out`.
    pub fn write_item(&self, i: usize, out: &mut Vec<u8>, on_string: &mut dyn FnMut(&T, usize)) {
        let it = &self.items[i];
        match (it.role_line, it.form) {
            (_, Form::Omitted) => return,
            (_, Form::PriorThinking) if self.strip_prior_thinking => return,
            (None, Form::PriorThinking) => write_sorted(it.node, out, on_string),
            (Some(r), _) => {
                out.extend_from_slice(b"{\"role\":");
                write_str(r, out);
                out.push(b'}');
            }
            (None, Form::TextBlock) => {
                out.extend_from_slice(b"{\"text\":");
                write_value(it.node, out, on_string);
                out.extend_from_slice(b",\"type\":\"text\"}");
            }
            (None, Form::OpenAiMessage) => write_openai_message(it.node, out, on_string),
            // A tool's definition is written as given (a provider may render its schema in
            // that order); messages and blocks with sorted keys, since the order of an object's
            // members is no prompt text.
            (None, Form::Node) if it.section == Section::Tools => {
                write_value(it.node, out, on_string);
            }
            (None, Form::Node) => write_sorted(it.node, out, on_string),
        }
        out.push(b'\n');
    }

    /// The path inside element `e` of the string holding byte `at` of its canonical line,
    /// and the byte offset in that string's decoded text (`("system[0].text", 7383)`); the
    /// element's own path when `at` is not inside a string.
    pub fn locate(&self, e: Element, at: usize) -> (String, Option<usize>) {
        let Element::Item(i) = e else {
            let name = if e == Element::Header {
                "model"
            } else {
                "tool_choice/thinking"
            };
            return (name.to_owned(), None);
        };
        let it = &self.items[i];
        if it.role_line.is_some() {
            return (format!("{}.role", it.path), None);
        }
        let mut out = Vec::new();
        let prefix_len = match it.form {
            Form::TextBlock => {
                out.extend_from_slice(b"{\"text\":");
                out.len()
            }
            _ => 0,
        };
        let mut found: Option<(String, usize)> = None;
        let mut path = it.path.clone();
        if it.form == Form::TextBlock {
            // The string itself.
            let start = prefix_len + 1;
            let mut s = Vec::new();
            write_value(it.node, &mut s, &mut |_, _| {});
            if at >= start && at < prefix_len + s.len() {
                let off = decoded_len(&s[1..at - prefix_len]);
                return (path, Some(off));
            }
            return (path, None);
        }
        let sorted = it.section != Section::Tools;
        if it.form == Form::OpenAiMessage
            && let View::Object(m) = it.node.view()
        {
            // The members as `write_openai_message` writes them.
            write_object(m, true, &mut out, &mut |k, x, out| {
                let len = path.len();
                path.push('.');
                path.push_str(k);
                let node = match (k, single_text(x)) {
                    ("content", Some(t)) => t,
                    _ => x,
                };
                locate_in(node, out, &mut path, at, &mut found, true);
                path.truncate(len);
            });
            return match found {
                Some((p, off)) => (p, Some(off)),
                None => (it.path.clone(), None),
            };
        }
        locate_in(it.node, &mut out, &mut path, at, &mut found, sorted);
        match found {
            Some((p, off)) => (p, Some(off)),
            None => (it.path.clone(), None),
        }
    }
}

/// Bytes of decoded text that the JSON string content `escaped` stands for.
fn decoded_len(escaped: &[u8]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < escaped.len() {
        if escaped[i] == b'\\' {
            match escaped.get(i + 1) {
                Some(b'u') => {
                    i += 6;
                    n += 1;
                }
                Some(_) => {
                    i += 2;
                    n += 1;
                }
                None => i += 1,
            }
        } else {
            n += 1;
            i += 1;
        }
    }
    n
}

/// Writes `v` like [`write_value`] while tracking the path; records the string holding `at`.
fn locate_in<T: JsonView>(
    v: &T,
    out: &mut Vec<u8>,
    path: &mut String,
    at: usize,
    found: &mut Option<(String, usize)>,
    sorted: bool,
) {
    if found.is_some() || out.len() > at {
        return;
    }
    match v.view() {
        View::Str(s) => {
            let start = out.len();
            write_str(s, out);
            if at > start && at < out.len() {
                *found = Some((path.clone(), decoded_len(&out[start + 1..at])));
            }
        }
        View::Array(a) => {
            out.push(b'[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                locate_in(x, out, path, at, found, sorted);
                path.truncate(len);
            }
            out.push(b']');
        }
        View::Object(m) => write_object(m, sorted, out, &mut |k, x, out| {
            let len = path.len();
            path.push('.');
            path.push_str(k);
            locate_in(x, out, path, at, found, sorted);
            path.truncate(len);
        }),
        _ => write_value(v, out, &mut |_, _| {}),
    }
}

/// An OpenAI Chat message with a `content` array of exactly one text part written as that
/// part's string: both are the same prompt text (unconfirmed: OpenAI documents no equality,
/// but the array of parts is concatenated into the same message text).
fn write_openai_message<T: JsonView>(
    v: &T,
    out: &mut Vec<u8>,
    on_string: &mut dyn FnMut(&T, usize),
) {
    let View::Object(m) = v.view() else {
        write_sorted(v, out, on_string);
        return;
    };
    write_object(m, true, out, &mut |k, x, out| match (k, single_text(x)) {
        ("content", Some(t)) => write_sorted(t, out, on_string),
        _ => write_sorted(x, out, on_string),
    });
}

/// Members sorted by key (a stable sort: a repeated key keeps its order).
fn sort_members<T>(m: &mut [(&str, &T)]) {
    m.sort_by(|a, b| a.0.cmp(b.0));
}

/// Writes `v` as compact JSON with every object's members sorted by key, without
/// `cache_control` members.
pub fn write_sorted<T: JsonView>(v: &T, out: &mut Vec<u8>, on_string: &mut dyn FnMut(&T, usize)) {
    write_json(v, out, on_string, true);
}

/// Writes an object's members (`{"k":v,...}`, without `cache_control`), sorted by key when
/// `sorted`; `value` writes each member's value.
fn write_object<'a, T: JsonView + 'a>(
    mut members: Vec<(&'a str, &'a T)>,
    sorted: bool,
    out: &mut Vec<u8>,
    value: &mut dyn FnMut(&'a str, &'a T, &mut Vec<u8>),
) {
    if sorted {
        sort_members(&mut members);
    }
    out.push(b'{');
    let mut first = true;
    for (k, x) in members {
        if k == "cache_control" {
            continue;
        }
        if !first {
            out.push(b',');
        }
        first = false;
        write_str(k, out);
        out.push(b':');
        value(k, x, out);
    }
    out.push(b'}');
}

/// Writes `v` as compact JSON without `cache_control` members, object members sorted by key
/// when `sorted`, in document order otherwise.
fn write_json<T: JsonView>(
    v: &T,
    out: &mut Vec<u8>,
    on_string: &mut dyn FnMut(&T, usize),
    sorted: bool,
) {
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
                write_json(x, out, on_string, sorted);
            }
            out.push(b']');
        }
        View::Object(m) => write_object(m, sorted, out, &mut |_, x, out| {
            write_json(x, out, on_string, sorted);
        }),
    }
}

/// The `text` node of an array holding one `{"type":"text","text":...}` part (no other keys
/// but `cache_control`).
pub(super) fn single_text<T: JsonView>(v: &T) -> Option<&T> {
    let [part] = v.items() else { return None };
    let View::Object(m) = part.view() else {
        return None;
    };
    if part.get("type").and_then(JsonView::str) != Some("text")
        || m.iter()
            .any(|(k, _)| !matches!(*k, "type" | "text" | "cache_control"))
    {
        return None;
    }
    part.get("text").filter(|t| t.str().is_some())
}
/// Writes `v` as compact JSON in document key order, without `cache_control` members.
pub fn write_value<T: JsonView>(v: &T, out: &mut Vec<u8>, on_string: &mut dyn FnMut(&T, usize)) {
    write_json(v, out, on_string, false);
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

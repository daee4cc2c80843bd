//! A request's canonical order: provider, sections, items and the canonical prefix bytes.

use super::super::segment::{Boundary, Provider, Role};
use super::json_view::{JsonView, View};

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
        // Read by their own modules (issue 15, in progress).
        Provider::Bedrock | Provider::Gemini => {}
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

pub(super) fn message_role(name: &str) -> Role {
    match name {
        "system" => Role::System,
        "developer" => Role::Developer,
        "assistant" | "model" => Role::Assistant,
        "tool" | "function" => Role::ToolResult,
        _ => Role::User,
    }
}

pub(super) fn block_role<T: JsonView>(b: &T, message: Role) -> Role {
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

//! What the provider modules fill and the layout reads: sections, forms, items, the builder,
//! and the roles of message names and block types.

use super::super::segment::Role;
use super::json_view::JsonView;

/// Which part of the prefix an element belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    /// A tool definition.
    Tools,
    /// A structured-output schema (OpenAI `response_format`, `text.format`).
    Format,
    /// System text (Anthropic `system`, OpenAI `instructions`, Gemini `systemInstruction`).
    System,
    /// A message or one of its blocks.
    Messages,
}

/// How an element is written in the canonical prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// The node as compact JSON.
    Node,
    /// A string written as the single text block it is equal to
    /// (`{"type":"text","text":...}`): the provider tokenizes both alike.
    TextBlock,
    /// An OpenAI message whose `content` array of a single text part is written as the string.
    OpenAiMessage,
    /// A thinking block of an assistant turn older than the newest user turn: written as
    /// nothing when [`super::Layout::strip_prior_thinking`] is set (the model's API strips it),
    /// as the node otherwise.
    PriorThinking,
    /// Not part of what the provider compares (a prior turn's thinking block, a Bedrock
    /// `cachePoint` block): written as nothing.
    Omitted,
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
    /// `Some(role)` for the role line of a message (whose blocks follow as their own items);
    /// `None` when the whole node is the element.
    pub role_line: Option<&'a str>,
    /// Index of its message, for message elements.
    pub message: Option<usize>,
    /// Its path in the request (`system[0]`, `messages[4].content[1]`, `tools[2]`).
    pub path: String,
    /// How it is written.
    pub form: Form,
}

/// What a provider module fills.
pub(super) struct Builder<'a, T> {
    pub(super) items: Vec<Item<'a, T>>,
    pub(super) breakpoints: Vec<&'a T>,
    pub(super) bp_items: Vec<usize>,
    /// Index of the newest user message (not a tool result).
    pub(super) newest_user: Option<usize>,
    pub(super) messages: usize,
    pub(super) params_at: Option<usize>,
}

impl<'a, T: JsonView> Builder<'a, T> {
    pub(super) fn push(
        &mut self,
        section: Section,
        role: Role,
        node: &'a T,
        path: String,
        message: Option<usize>,
    ) {
        self.items.push(Item {
            section,
            role,
            node,
            role_line: None,
            message,
            path,
            form: Form::Node,
        });
    }

    /// Pushes the role line of message `i` (`{"role": ...}`), whose blocks follow as their own
    /// items.
    pub(super) fn role_line(
        &mut self,
        role: Role,
        node: &'a T,
        role_name: &'a str,
        path: String,
        i: usize,
    ) {
        self.push(Section::Messages, role, node, path, Some(i));
        if let Some(it) = self.items.last_mut() {
            it.role_line = Some(role_name);
        }
    }

    /// Pushes the role line of message `i` of a `messages` list (role read from its `role`,
    /// `user` when absent) and notes it as the newest user message when it is one; returns
    /// the message's role.
    pub(super) fn message(&mut self, m: &'a T, i: usize) -> Role {
        let role_name = m.get("role").and_then(JsonView::str).unwrap_or("user");
        let role = message_role(role_name);
        if role == Role::User {
            self.newest_user = Some(i);
        }
        self.role_line(role, m, role_name, format!("messages[{i}]"), i);
        role
    }

    /// Sets the form of the last item.
    pub(super) fn form(&mut self, form: Form) {
        if let Some(it) = self.items.last_mut() {
            it.form = form;
        }
    }

    /// A breakpoint after the last item.
    pub(super) fn breakpoint(&mut self, marker: &'a T) {
        if let Some(last) = self.items.len().checked_sub(1) {
            self.breakpoints.push(marker);
            self.bp_items.push(last);
        }
    }

    /// Marks where the messages start (the parameters line goes there).
    pub(super) fn messages_start(&mut self) {
        self.params_at = Some(self.items.len());
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

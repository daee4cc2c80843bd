//! Parse stage: a decoded source -> segments with roles and zones.
//!
//! Input: the decoded text and the file kind. Output: [`Parsed`], the segments every rule
//! walks, plus parse problems to report. Invariants: segments never overlap in the source, are
//! sorted by source offset, and every byte of the text is covered by at least one scanned
//! segment (a parse failure falls back to one body segment over the whole text: a file that
//! does not parse is still scanned).

pub mod json;
pub mod markdown;
pub mod mcp;

use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::kind::FileKind;
use crate::offset_map::OffsetMap;

/// The role of a segment: what part of a source it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// YAML frontmatter of a markdown file, between `---` lines.
    Frontmatter,
    /// Ordinary text: markdown prose, a prompt, a file that did not parse.
    Body,
    /// An HTML comment `<!-- ... -->`: hidden when the markdown is rendered.
    HtmlComment,
    /// Other text hidden when rendered: `display:none` elements, `[//]: # (...)` comments,
    /// the body of a collapsed `<details>` block.
    Hidden,
    /// A fenced code block (``` or ~~~), fences included.
    CodeFence,
    /// An object key of a JSON document, decoded.
    JsonKey,
    /// A string value of a JSON document, decoded.
    JsonString,
    /// An MCP server's `command` and `args` joined into one shell line.
    ShellLine,
    /// A system prompt (request `system`, or a `system` role message).
    System,
    /// A developer-role message (OpenAI).
    Developer,
    /// A user message.
    User,
    /// An assistant message.
    Assistant,
    /// A tool definition (name, description, schema).
    Tool,
    /// A tool result returned into the conversation.
    ToolResult,
}

impl Role {
    /// The kebab-case name used in rule files.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Frontmatter => "frontmatter",
            Role::Body => "body",
            Role::HtmlComment => "html-comment",
            Role::Hidden => "hidden",
            Role::CodeFence => "code-fence",
            Role::JsonKey => "json-key",
            Role::JsonString => "json-string",
            Role::ShellLine => "shell-line",
            Role::System => "system",
            Role::Developer => "developer",
            Role::User => "user",
            Role::Assistant => "assistant",
            Role::Tool => "tool",
            Role::ToolResult => "tool-result",
        }
    }

    /// True for text a person does not see when the markdown is rendered.
    pub fn is_hidden(self) -> bool {
        matches!(self, Role::HtmlComment | Role::Hidden)
    }
}

/// Whether a segment is inside the cacheable prefix of a prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Zone {
    /// Inside the cacheable prefix: must be byte-identical every turn.
    Static,
    /// After the cache boundary.
    Dynamic,
}

/// A text derived from source bytes (a decoded JSON string, a joined command line) with the
/// map back to them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MappedText {
    /// The derived text.
    pub text: String,
    /// Derived byte offsets -> source byte ranges.
    pub map: OffsetMap,
}

/// A part of a source with a role and a zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// What this part is.
    pub role: Role,
    /// Static or dynamic for the cache rules.
    pub zone: Zone,
    /// The source bytes it covers.
    pub range: Range<usize>,
    /// The text rules see when it is not `source[range]` verbatim.
    pub derived: Option<MappedText>,
}

impl Segment {
    /// A segment whose text is `source[range]` verbatim.
    pub fn verbatim(role: Role, range: Range<usize>) -> Segment {
        Segment {
            role,
            zone: Zone::Static,
            range,
            derived: None,
        }
    }

    /// The text rules match on.
    pub fn text<'a>(&'a self, source: &'a str) -> &'a str {
        match &self.derived {
            Some(d) => &d.text,
            None => &source[self.range.clone()],
        }
    }

    /// Maps a byte range of [`Segment::text`] to a source byte range.
    pub fn to_source(&self, r: Range<usize>) -> Range<usize> {
        match &self.derived {
            Some(d) => d.map.map_range(r),
            None => self.range.start + r.start..self.range.start + r.end,
        }
    }
}

/// A problem met while parsing; the source is still scanned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseIssue {
    /// Where, in source bytes (empty at 0 when unknown).
    pub span: Range<usize>,
    /// What went wrong, e.g. "invalid JSON: expected a comma".
    pub message: String,
}

/// An MCP server entry found in an MCP configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McpServer {
    /// Server name (the key under `mcpServers`/`servers`).
    pub name: String,
    /// Source span of the server's object.
    pub span: Range<usize>,
    /// Flags that approve tools without asking: key name, the value's span, and the value as
    /// written (e.g. `("autoApprove", 120..140, "[\"*\"]")`).
    pub auto_approve: Vec<(String, Range<usize>, String)>,
}

/// The parse result of one source.
#[derive(Debug, Clone, Default)]
pub struct Parsed {
    /// Segments, sorted by source offset.
    pub segments: Vec<Segment>,
    /// Problems met while parsing.
    pub issues: Vec<ParseIssue>,
    /// MCP servers, for `mcp-config` sources.
    pub mcp_servers: Vec<McpServer>,
}

/// Parses `text` as a source of `kind`.
pub fn parse(text: &str, kind: FileKind, path: &str) -> Parsed {
    match kind {
        FileKind::McpConfig => mcp::parse(text),
        FileKind::Request | FileKind::RequestLog => json::parse_document(text),
        FileKind::Prompt if path.ends_with(".json") => json::parse_document(text),
        k if is_markdown(k, path) => markdown::parse(text),
        _ => Parsed {
            segments: vec![Segment::verbatim(Role::Body, 0..text.len())],
            ..Parsed::default()
        },
    }
}

/// True when a source of `kind` named `path` is parsed as markdown (markdown kinds, or a
/// markdown extension for other kinds).
pub fn is_markdown(kind: FileKind, path: &str) -> bool {
    match kind {
        FileKind::McpConfig | FileKind::Request | FileKind::RequestLog => false,
        FileKind::Prompt if path.ends_with(".json") => false,
        k => k.is_markdown() || is_markdown_path(path),
    }
}

fn is_markdown_path(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    [".md", ".mdc", ".markdown", ".md.tpl", ".mdx"]
        .iter()
        .any(|e| lower.ends_with(e))
}

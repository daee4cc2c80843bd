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
pub mod mcp_tools;
pub mod outline;
pub mod prompt;
pub mod request;
pub mod segment;
pub mod settings;

use crate::kind::FileKind;

pub use segment::{
    Boundary, CacheLayout, DEFAULT_TOOL_RESULT_BUDGET, MappedText, McpServer, ParseIssue,
    ParseOptions, Parsed, PrefixPiece, Provider, Role, Segment, Setting, SettingCommand,
    SettingValue, Settings, ToolResult, Zone, est_tokens, is_markdown,
};

/// Parses `text` as a source of `kind`, with the default [`ParseOptions`].
pub fn parse(text: &str, kind: FileKind, path: &str) -> Parsed {
    parse_with(text, kind, path, &ParseOptions::default())
}

/// Parses `text` as a source of `kind`.
pub fn parse_with(text: &str, kind: FileKind, path: &str, opts: &ParseOptions) -> Parsed {
    match kind {
        FileKind::McpConfig => mcp::parse(text),
        FileKind::McpTools => mcp_tools::parse(text),
        FileKind::AgentSettings => settings::parse(text, path),
        FileKind::Request => request::parse(text, opts),
        FileKind::RequestLog => request::parse_log(text, opts),
        FileKind::Prompt if path.ends_with(".json") => json::parse_document(text),
        FileKind::Prompt => prompt::parse(text, path, opts),
        k if is_markdown(k, path) => markdown::parse(text),
        _ => Parsed {
            segments: vec![Segment::verbatim(Role::Body, 0..text.len())],
            ..Parsed::default()
        },
    }
}

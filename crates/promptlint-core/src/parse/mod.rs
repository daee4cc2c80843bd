//! Parse stage: a decoded source -> segments with roles and zones.
//!
//! Input: the decoded text and the file kind. Output: [`Parsed`], the segments every rule
//! walks, plus parse problems to report. Invariants: segments never overlap in the source, are
//! sorted by source offset, and every byte of the text is covered by at least one scanned
//! segment (a parse failure falls back to one body segment over the whole text: a file that
//! does not parse is still scanned).

pub mod comments;
pub mod hidden;
pub mod json;
pub mod lines;
pub mod markdown;
pub mod mcp;
pub mod mcp_source;
pub mod mcp_tools;
pub mod outline;
pub mod pkgconf;
pub mod policy;
pub mod prompt;
pub mod pth;
pub mod request;
pub mod segment;
pub mod settings;
pub mod spelled;
pub mod svg;
pub mod workflow;

use crate::kind::{FileKind, Syntax};

pub use segment::{
    AutoApproval, Boundary, CacheLayout, DEFAULT_TOOL_RESULT_BUDGET, Hiding, MappedText, McpServer,
    McpValue, ParseIssue, ParseOptions, Parsed, PrefixPiece, Provider, Role, Segment, Setting,
    SettingCommand, SettingValue, Settings, ToolResult, Zone, est_tokens,
};

/// Parses `text` as a source of `kind`, with the default [`ParseOptions`].
pub fn parse(text: &str, kind: FileKind, path: &str) -> Parsed {
    parse_with(text, kind, path, &ParseOptions::default())
}

/// Parses `text` as a source of `kind`.
/// The syntax is decided here, once ([`Syntax::of`]), and recorded in [`Parsed::syntax`].
pub fn parse_with(text: &str, kind: FileKind, path: &str, opts: &ParseOptions) -> Parsed {
    let mut syntax = Syntax::of(kind, path);
    // Instructions in a `.json` file (a saved issue or pull request) are JSON only when the
    // text is: a page named `notes.json` by an embedder is still Markdown.
    if kind == FileKind::Instructions
        && syntax == Syntax::Json
        && !matches!(
            text.trim_start_matches('\u{feff}')
                .trim_start()
                .as_bytes()
                .first(),
            Some(b'{' | b'[')
        )
    {
        syntax = Syntax::Markdown;
    }
    let mut parsed = match (kind, syntax) {
        (FileKind::McpConfig, _) => mcp::parse(text),
        (FileKind::McpTools, _) => match mcp_source::Lang::of(path) {
            Some(lang) => mcp_source::parse(text, lang),
            None => mcp_tools::parse(text),
        },
        (FileKind::SkillResource, _) if pth::is_pth(path) => pth::parse(text),
        (FileKind::AgentSettings, _) if crate::kind::makefile(path) => {
            settings::parse_makefile(text)
        }
        (FileKind::AgentSettings, _) if crate::kind::package_config(path).is_some() => {
            crate::kind::package_config(path)
                .map(|which| pkgconf::parse_package_config(text, which))
                .unwrap_or_default()
        }
        (FileKind::AgentSettings, _) if crate::kind::policy_file(path).is_some() => {
            match crate::kind::policy_file(path) {
                Some(crate::kind::PolicyFile::CodexRules) => policy::parse_codex_rules(text),
                _ => policy::parse_gemini_policy(text),
            }
        }
        (FileKind::AgentSettings, Syntax::Dotenv) => settings::parse_dotenv(text),
        (FileKind::AgentSettings, Syntax::Json) if crate::kind::package_manifest(path) => {
            settings::parse_package(text, crate::kind::in_node_modules(path))
        }
        (FileKind::AgentSettings, s) => settings::parse(text, s == Syntax::Toml),
        (FileKind::Request, _) => request::parse(text, opts),
        (FileKind::RequestLog, _) => request::parse_log(text, opts),
        (FileKind::Prompt | FileKind::Instructions, Syntax::Json) => json::parse_document(text),
        (FileKind::Prompt, s) => prompt::parse_as(text, path, s == Syntax::Markdown, opts),
        (FileKind::Doc, _) if svg::is_svg(path) => svg::parse(text),
        (_, Syntax::Markdown) => markdown::parse(text),
        _ => Parsed {
            segments: vec![Segment::verbatim(Role::Body, 0..text.len())],
            ..Parsed::default()
        },
    };
    parsed.syntax = syntax;
    if matches!(kind, FileKind::Request | FileKind::RequestLog) {
        hidden::split_tool_results(&mut parsed);
    }
    // A program's source, whatever it is checked as (a file named, a skill's script).
    let program = comments::Style::of(path).is_some();
    hidden::add_terminal_in(text, &mut parsed, program);
    parsed
}

//! The kind of a source named without a convention: sniffed from its path and first keys.

use crate::kind::FileKind;
use crate::parse;
use crate::target::Target;

/// Top-level keys that make a JSON file an agent's settings (Claude Code settings, Cursor
/// hooks, opencode; see rules/agents.yaml): checked before the MCP tables, since a Gemini CLI
/// settings file has both.
const SETTINGS_KEYS: &[&str] = &[
    "hooks",
    "permissions",
    "permission",
    "statusLine",
    "apiKeyHelper",
    "enableAllProjectMcpServers",
];

/// Top-level keys that make a TOML file a Codex config
/// (<https://developers.openai.com/codex/config-reference>).
const CODEX_KEYS: &[&str] = &[
    "approval_policy",
    "sandbox_mode",
    "mcp_servers",
    "profiles",
    "projects",
];

/// The kind of a file named on the command line that matches no agent convention, from its
/// extension and content. JSON with `hooks`, `permissions`, `statusLine` or `apiKeyHelper`
/// (and TOML with one of [`CODEX_KEYS`], `[projects]` among them) is an agent's
/// settings, JSON with `mcpServers`/`servers` is an MCP config, an MCP `tools/list` (or
/// prompts, resources, `initialize`) result or a manifest declaring tools is `mcp-tools`
/// ([`parse::mcp_tools::is_mcp_payload`]), and so is a saved `tools/call`, `resources/read`
/// or `prompts/get` answer ([`parse::mcp_tools::is_mcp_answer`]), JSON with
/// `messages`, `system`, `input` or `instructions` (bare or in a batch/log wrapper) a request, `.jsonl` a request log; prompt and template
/// extensions are prompts; anything else (markdown above all) is read as instructions, since
/// the user named it to be checked as an agent file.
pub fn sniff_kind(path: &str, text: &str) -> FileKind {
    let lower = path.to_ascii_lowercase();
    let ext = lower
        .rsplit('/')
        .next()
        .and_then(|f| f.rsplit_once('.'))
        .map(|(_, e)| e);
    match ext {
        Some("jsonl" | "ndjson") => FileKind::RequestLog,
        Some("json" | "jsonc" | "json5") => match parse::json::parse_tree(text) {
            Ok(Some(root)) => {
                // An object, not a browser extension manifest's `permissions` array.
                let settings = SETTINGS_KEYS.iter().any(|k| {
                    root.get(k)
                        .is_some_and(|v| !matches!(v.value, parse::json::Json::Array(_)))
                });
                if settings {
                    FileKind::AgentSettings
                } else if root.get("mcpServers").is_some() || root.get("servers").is_some() {
                    FileKind::McpConfig
                } else if parse::mcp_tools::is_mcp_payload(&root)
                    || parse::mcp_tools::is_mcp_answer(&root)
                {
                    FileKind::McpTools
                } else if parse::request::is_request(&root) {
                    FileKind::Request
                } else {
                    FileKind::Prompt
                }
            }
            _ => FileKind::Prompt,
        },
        Some("toml") => match parse::settings::parse_toml(text) {
            Ok(Some(root)) if CODEX_KEYS.iter().any(|k| root.get(k).is_some()) => {
                FileKind::AgentSettings
            }
            _ => FileKind::Instructions,
        },
        Some(
            "txt" | "prompt" | "prompty" | "j2" | "jinja" | "jinja2" | "hbs" | "handlebars"
            | "mustache" | "tpl" | "tmpl" | "liquid" | "yaml" | "yml" | "eex",
        ) => FileKind::Prompt,
        // The source of an MCP server: its tool descriptions are what the model reads; in a
        // folder named for MCP, also a tool table without an SDK import, as a walk reads it.
        _ if parse::mcp_source::is_mcp_server(path, text) => FileKind::McpTools,
        _ if in_mcp_folder(&lower) && parse::mcp_source::declares_tools(path, text) => {
            FileKind::McpTools
        }
        _ => FileKind::Instructions,
    }
}

/// True when a folder of `path` (lower-cased, `/` separators) has `mcp` in its name.
fn in_mcp_folder(path: &str) -> bool {
    path.rsplit_once('/')
        .is_some_and(|(dirs, _)| dirs.split('/').any(|d| d.contains("mcp")))
}

/// A target for in-memory text named `path`: kind and load caps from the conventions (or
/// `kind` when given), nothing loaded before it.
pub fn memory_target(path: &str, kind: Option<FileKind>) -> Target {
    let class = crate::agents::Conventions::builtin().classify(path);
    Target {
        display: path.to_owned(),
        path: None,
        kind: kind.or(class.as_ref().map(|c| c.kind)),
        agents: class.as_ref().map(|c| c.agents.clone()).unwrap_or_default(),
        caps: class
            .map(|c| c.caps.into_iter().map(|cap| (cap, 0)).collect())
            .unwrap_or_default(),
        explicit: true,
        skip: None,
        imported_by: None,
        user_level: false,
        page: false,
        comments: false,
    }
}

//! Files a walk keeps only for what they hold: MCP manifests (`manifest.json`, `server.json`)
//! told from other files of the same name, and recorded traffic (request logs, request
//! bodies, MCP `tools/list` or `initialize` answers) kept where such recordings live.

use std::path::Path;

use super::channels::{holds_prose, in_folder, memory_folder};
use crate::agents::Classification;
use crate::kind::FileKind;

/// File names of MCP manifests that declare tools: a desktop extension's `manifest.json`
/// (<https://github.com/anthropics/mcpb/blob/main/MANIFEST.md>) and the MCP registry's
/// `server.json`
/// (<https://github.com/modelcontextprotocol/registry/blob/main/docs/reference/server-json/generic-server-json.md>).
/// Other programs use these names too, so a walk reads such a file (at most
/// [`MAX_MANIFEST_SNIFF`] bytes) and keeps it only when its content is an MCP manifest.
pub const MCP_MANIFEST_NAMES: &[&str] = &["manifest.json", "server.json"];

/// Bytes of a `manifest.json` or `server.json` read to tell an MCP manifest from another.
pub const MAX_MANIFEST_SNIFF: u64 = 1 << 20;

/// The JSON tree of the file at `path` when it is at most `cap` bytes and parses; `None`
/// otherwise (a walk leaves such a file alone).
fn json_at_most(path: &Path, cap: u64) -> Option<crate::parse::json::JsonNode> {
    let bytes = crate::bounds::read_at_most(path, cap).ok()??;
    crate::parse::json::parse_tree(&String::from_utf8_lossy(&bytes)).ok()?
}

/// The classification of `path` as `mcp-tools` when it is an MCP manifest found by walking.
pub(super) fn mcp_manifest(path: &Path) -> Option<Classification> {
    let name = path.file_name()?.to_str()?;
    if !MCP_MANIFEST_NAMES.contains(&name) {
        return None;
    }
    let root = json_at_most(path, MAX_MANIFEST_SNIFF)?;
    crate::parse::mcp_tools::is_mcp_payload(&root).then(|| Classification {
        kind: FileKind::McpTools,
        agents: Vec::new(),
        caps: Vec::new(),
    })
}

/// Extensions of pages a walk reads as project documentation when no convention names them:
/// Markdown (CommonMark's `.md`, `.markdown`; MDX's `.mdx`), HTML, and SVG images, whose
/// `<desc>` and `<title>` a model reads and the image does not draw ([`crate::parse::svg`]).
pub(super) const PAGE_EXTENSIONS: &[&str] = &["md", "markdown", "mdx", "html", "htm", "svg"];

/// The classification of `path` as `doc` when it is a Markdown or HTML page no convention
/// names. An agent asked about a project opens whatever page is relevant (meeting notes, a
/// knowledge base, an uploaded document, a saved issue, a fetched page, a vendored library's
/// notes), so an order hidden in one reaches the model as one in `docs/` does; the doc kind's
/// lowering of visible text applies to them. A walk only: a page named on the command line
/// keeps the kind its content says (`check::sniff`). A page named for a prompt
/// (`system_prompt.md`, `Prompts.md`) or kept under a `prompt/` or `prompts/` folder is a
/// prompt's text, whose harness elements are its own, not a page about the project: the
/// prompts conventions of rules/agents.yaml decide about it.
pub(super) fn page(path: &Path, root: &Path) -> Option<Classification> {
    let ext = path.extension()?.to_str()?;
    let prompt = |s: &str| s.to_ascii_lowercase().contains("prompt");
    let named_prompt = path
        .file_stem()
        .and_then(|s| s.to_str())
        .is_some_and(prompt)
        || in_folder(path, root, |c| {
            c.eq_ignore_ascii_case("prompt") || c.eq_ignore_ascii_case("prompts")
        });
    (!named_prompt && PAGE_EXTENSIONS.iter().any(|e| ext.eq_ignore_ascii_case(e))).then(|| {
        Classification {
            kind: FileKind::Doc,
            agents: Vec::new(),
            caps: Vec::new(),
        }
    })
}

/// The classification of `path`, a workflow file (`.github/workflows/*.yml` or `.yaml`) found
/// by walking, as a prompt. One that runs a coding agent
/// ([`crate::rules::native::pl515_ci_agent_untrusted_input::runs_agent`]) hands the agent the
/// prompt it writes and the event text, so PL515 and the text rules read it (the cache family
/// does not: [`crate::check::is_ci_workflow`]). Any other is what CI runs on every push and
/// pull request with the repository's secrets: its `run:` steps are read for secrets sent
/// out ([`crate::parse::workflow`]), and the engine keeps the command rules written
/// for an agent's hands off a runner's script (`check/workflow.rs`).
pub(super) fn agent_workflow(path: &Path) -> Option<Classification> {
    crate::kind::is_ci_workflow(path.to_str()?).then(|| Classification {
        kind: FileKind::Prompt,
        agents: Vec::new(),
        caps: Vec::new(),
    })
}

/// File stems a walk opens to look for an MCP server's source outside a folder named for MCP:
/// the entry points the SDKs' examples use.
const MCP_SOURCE_STEMS: &[&str] = &[
    "server",
    "tools",
    "index",
    "main",
    "app",
    "descriptions",
    "register",
    "handlers",
];

/// The classification of `path`, a Python, JavaScript, TypeScript or Go file found by
/// walking, as `mcp-tools` when it is an MCP server's source
/// ([`crate::parse::mcp_source::is_mcp_server`]), or under a folder named for MCP a tool
/// table without an SDK import ([`crate::parse::mcp_source::declares_tools`]): its tool
/// descriptions reach the model. Only
/// files under a folder whose name has `mcp` in it, or named like a server's entry point
/// ([`MCP_SOURCE_STEMS`]), are opened, so a walk does not read every source file.
pub(super) fn mcp_source_file(path: &Path, root: &Path) -> Option<Classification> {
    let name = path.file_name()?.to_str()?;
    crate::parse::mcp_source::Lang::of(name)?;
    let stem = name
        .rsplit_once('.')
        .map_or(name, |(s, _)| s)
        .to_ascii_lowercase();
    let in_mcp_folder = in_folder(path, root, |n| n.to_ascii_lowercase().contains("mcp"));
    if !in_mcp_folder && !MCP_SOURCE_STEMS.contains(&stem.as_str()) && !stem.contains("mcp") {
        return None;
    }
    // The markers are imports, at the top: the first MAX_SOURCE_SNIFF bytes are read.
    let cap = crate::parse::mcp_source::MAX_SOURCE_SNIFF as u64;
    let (bytes, _) = crate::bounds::read_prefix(path, cap).ok()?;
    let text = String::from_utf8_lossy(&bytes);
    let server = crate::parse::mcp_source::is_mcp_server(name, &text)
        || (in_mcp_folder && crate::parse::mcp_source::declares_tools(name, &text));
    server.then(|| Classification {
        kind: FileKind::McpTools,
        agents: Vec::new(),
        caps: Vec::new(),
    })
}

/// Folder names (compared without case) under which a walk looks for recorded traffic: the
/// request logs, session transcripts and MCP answers an agent, a proxy or a debugging session
/// saved. Text a tool fetched sits in them as the model read it, hidden parts and all.
pub const RECORDING_FOLDERS: &[&str] = &[
    "logs",
    "log",
    "traces",
    "transcripts",
    "conversations",
    "requests",
    "sessions",
    "mcp",
];

/// Bytes of a candidate recording read to tell what it holds: a `.json` file over this is
/// left alone, a `.jsonl` file is judged by its first lines within it.
pub const MAX_RECORDING_SNIFF: u64 = 1 << 20;

/// Lines of a `.jsonl` candidate read for a request (blank lines and other records, such as
/// a log's metadata line, are passed over).
const RECORDING_SNIFF_LINES: usize = 8;

/// The classification of `path`, a JSON or JSON Lines file found by walking `root` under one
/// of [`RECORDING_FOLDERS`] or an agent memory store's folder
/// ([`super::channels::memory_folder`]), or named like a tool list (`tools.json`,
/// `tools-list.json`, `initialize.json`), from its content: `mcp-tools` for an MCP payload
/// (a `tools/list`, `prompts/list`, `resources/list` or `initialize` result, a manifest
/// declaring tools) or answer ([`crate::parse::mcp_tools::is_mcp_answer`]), `request` for a provider request body,
/// `request-log` for JSON Lines whose first records hold a request, a message, tool traffic
/// or free text ([`super::channels::holds_prose`]: an issue body a bot logged, a fetched
/// page, a relay's answer, a remembered order), `prompt` for a memory store's JSON holding
/// free text, `request` for a recording folder's JSON holding one such record. Elsewhere a `.json` file is kept by its shape alone ([`super::shapes::shaped`]).
/// Anything else is not an agent file and is left out of the walk.
pub(super) fn recorded(path: &Path, root: &Path) -> Option<Classification> {
    let name = path.file_name()?.to_str()?.to_ascii_lowercase();
    let (stem, ext) = name.rsplit_once('.')?;
    let lines = match ext {
        "json" => false,
        "jsonl" | "ndjson" => true,
        _ => return None,
    };
    let named = !lines && (stem.contains("tools") || stem == "initialize");
    // Folders below the walk's root only: the root's own path says nothing of the file.
    let recorded_here = in_folder(path, root, recording_folder);
    let memory = in_folder(path, root, memory_folder) || memory_file(path, root, stem);
    let in_folder = recorded_here || memory;
    if !named && !in_folder {
        // Elsewhere, only a JSON file whose shape says what it is.
        return super::shapes::shaped(path, MAX_RECORDING_SNIFF);
    }
    let kind = if lines {
        let (bytes, _) = crate::bounds::read_prefix(path, MAX_RECORDING_SNIFF).ok()?;
        let text = String::from_utf8_lossy(&bytes);
        let holds_request = text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .take(RECORDING_SNIFF_LINES)
            .filter_map(|l| crate::parse::json::parse_tree(l).ok().flatten())
            .any(|root| {
                holds_conversation(&root)
                    || is_message(&root)
                    || crate::parse::mcp_tools::is_mcp_payload(&root)
                    || crate::parse::mcp_tools::is_mcp_answer(&root)
                    || tool_record(&root)
                    || holds_prose(&root)
            });
        holds_request.then_some(FileKind::RequestLog)?
    } else {
        let root = json_at_most(path, MAX_RECORDING_SNIFF)?;
        if crate::parse::mcp_tools::is_mcp_payload(&root) {
            FileKind::McpTools
        } else if in_folder && holds_conversation(&root) {
            FileKind::Request
        } else if in_folder && crate::parse::mcp_tools::is_mcp_answer(&root) {
            FileKind::McpTools
        } else if memory && holds_prose(&root) {
            FileKind::Prompt
        } else if recorded_here && (tool_record(&root) || is_message(&root) || holds_prose(&root)) {
            // A log's record as one JSON document (a browser agent's step, a fetched page, a
            // bot's inbox message): read as its `.jsonl` lines are, every string at full
            // severity.
            FileKind::Request
        } else if !in_folder {
            // Named like a tool list but holding none: its shape may still say what it is.
            return super::shapes::shaped(path, MAX_RECORDING_SNIFF);
        } else {
            return None;
        }
    };
    Some(Classification {
        kind,
        agents: Vec::new(),
        caps: Vec::new(),
    })
}

/// True when `path` is an agent's memory store kept as one file (`.agent/memory.json`,
/// `.assistant/memories.jsonl`): its stem is a memory store's name
/// ([`super::channels::memory_folder`]) and it sits in a dot-folder below the root, where
/// agents keep their state. Its entries are recalled as the agent's own history, as a memory
/// folder's are.
fn memory_file(path: &Path, root: &Path, stem: &str) -> bool {
    memory_folder(stem) && in_folder(path, root, |dir| dir.len() > 1 && dir.starts_with('.'))
}

/// Folder names (compared without case) of issues, pull requests and tickets saved for an
/// agent to triage or review, the names rules/agents.yaml `docs:` reads their Markdown under:
/// a JSON file there holding free text is the reporters' text, read as a recording's
/// (RoguePilot and Clinejection: an issue's title or body reached the triage bot as text,
/// <https://zidanewu.com/posts/ai-coding-agent-prompt-injection-security>).
const SAVED_ISSUE_FOLDERS: &[&str] = &["issues", "pulls", "prs", "tickets", "triage", "inbox"];

/// True when a folder's name says it holds recordings: one of [`RECORDING_FOLDERS`] or
/// [`SAVED_ISSUE_FOLDERS`], also as an agent's hidden folder (`.sessions`, `.logs`), or a
/// name of the MCP traffic (`mcp-tools`, `mcp_logs`) or of logs (`ci-logs`, `agent_logs`).
fn recording_folder(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    let bare = lower.strip_prefix('.').unwrap_or(&lower);
    RECORDING_FOLDERS.contains(&bare)
        || SAVED_ISSUE_FOLDERS.contains(&bare)
        || lower.starts_with("mcp-")
        || lower.starts_with("mcp_")
        || lower.ends_with("-logs")
        || lower.ends_with("_logs")
}

/// True when a log line is one message of a conversation, as chat exports and agents'
/// transcripts write them: `{"role": "tool", "content": ...}`, or an event of a turn
/// (`{"type": "tool_result", "content": ...}`, Claude Code's `{"type": "user", "message":
/// {...}}`, Codex's `{"type": "response_item", "payload": {...}}`). A tool's output in it is
/// text the model read.
fn is_message(root: &crate::parse::json::JsonNode) -> bool {
    use crate::parse::json::Json;
    let text = |k: &str| match root.get(k).map(|v| &v.value) {
        Some(Json::String(s)) => Some(s.text.to_ascii_lowercase()),
        _ => None,
    };
    let has = |k: &str| root.get(k).is_some();
    let role = text("role").is_some_and(|r| {
        matches!(
            r.as_str(),
            "user" | "assistant" | "system" | "tool" | "developer" | "model" | "function"
        )
    });
    let event = text("type").is_some_and(|t| {
        matches!(
            t.as_str(),
            "user"
                | "assistant"
                | "tool_result"
                | "tool_use"
                | "tool"
                | "message"
                | "response_item"
                | "function_call_output"
        )
    });
    (role && (has("content") || has("parts")))
        || (event && (has("message") || has("content") || has("payload")))
}

/// True when `root` (unwrapped from a log's `request`, `body` or `params`) is a provider
/// request with a conversation: `messages`, `contents` or `input` holding a list of turns
/// (or `input` a prompt string). An application log with a `messages` count is not one.
/// True when member `key` of `node` is an array holding at least one object.
fn holds_objects(node: &crate::parse::json::JsonNode, key: &str) -> bool {
    use crate::parse::json::Json;
    node.get(key).is_some_and(|v| match &v.value {
        Json::Array(items) => items.iter().any(|t| matches!(t.value, Json::Object(_))),
        _ => false,
    })
}

/// True when `root` is a record of a tool's traffic that a log keeps: it names the tool
/// (`tool`, `tool_name`, `toolName` or `function`, as a string) and holds what the
/// tool returned or fetched as a string (`body`, `output`, `result`, `response`, `content`,
/// `text`), the text the model then read.
fn tool_record(root: &crate::parse::json::JsonNode) -> bool {
    use crate::parse::json::Json;
    let names_tool = ["tool", "tool_name", "toolName", "function"]
        .iter()
        .any(|k| matches!(root.get(k).map(|v| &v.value), Some(Json::String(_))));
    let holds_text = ["body", "output", "result", "response", "content", "text"]
        .iter()
        .any(|k| matches!(root.get(k).map(|v| &v.value), Some(Json::String(_))));
    names_tool && holds_text
}

fn holds_conversation(root: &crate::parse::json::JsonNode) -> bool {
    use crate::parse::json::Json;
    let req = crate::parse::request::unwrap_request(root);
    ["messages", "contents", "input"]
        .iter()
        .any(|k| holds_objects(req, k))
        || matches!(req.get("input").map(|v| &v.value), Some(Json::String(_)))
}

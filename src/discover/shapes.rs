//! JSON files a walk reads wherever they sit, for their shape alone: a saved MCP message (a
//! JSON-RPC answer the model read, a server's sampling request) or a tool listing (a
//! `tools/list` result saved bare, `{"tools": [{"name", "description", ...}]}`). Such a file
//! holds text a model read or will read (a tool's output or description, a fetched page, a
//! sampling prompt), whatever folder it was saved in (`captures/`, `fixtures/`, `tools/`,
//! `out/`); [`super::manifest::recorded`]
//! keeps the recordings of the folders named for them, this module the rest. A chat request
//! outside such a folder is left alone: projects keep them as test data (measured on the
//! mirrors: Semantic Kernel's cross-language fixtures), and the cache rules would judge them
//! as traffic.
//!
//! So does a saved issue, pull request or comment (a `gh issue view --json` dump, a webhook
//! payload: [`crate::check::outsiders::payload`]), text anyone can write that an agent job
//! reads as its task.
//!
//! The test is bounded twice: the first [`MAX_SHAPE_SNIFF`] bytes of every `.json` file the
//! walk meets are searched for the marker `"jsonrpc"`, `"tools"`, `"title"` or `"body"`, and
//! only a file with one, of at most [`super::manifest::MAX_RECORDING_SNIFF`] bytes, is parsed whole.

use std::path::Path;

use crate::agents::Classification;
use crate::kind::FileKind;
use crate::parse::json::{Json, JsonNode};

/// Bytes at the start of a `.json` file searched for the marker of a JSON-RPC message:
/// JSON-RPC 2.0 names its version in every message
/// (<https://www.jsonrpc.org/specification>, section 4/5: `"jsonrpc": "2.0"`), and MCP
/// messages are JSON-RPC
/// (<https://modelcontextprotocol.io/specification/2025-11-25/basic>); serializers write
/// it before the result. A tool listing's `"tools"` key is its first or second member. A
/// marker further in is not looked for.
pub const MAX_SHAPE_SNIFF: u64 = 4096;

/// The classification of `path`, a `.json` file found by walking that no convention or
/// recording folder claims, from its shape: `mcp-tools` for an MCP JSON-RPC payload
/// (`tools/list`, `initialize`, ...: [`crate::parse::mcp_tools::is_mcp_payload`]) or answer
/// (`tools/call`, `resources/read`, `prompts/get`:
/// [`crate::parse::mcp_tools::is_mcp_answer`]), `request` for a server's request carrying
/// a conversation (`sampling/createMessage`'s `params.messages`,
/// <https://modelcontextprotocol.io/specification/2025-11-25/client/sampling>), and
/// `mcp-tools` for a tool listing without the JSON-RPC envelope ([`tool_listing`]). Anything
/// else is left out of the walk. A file over `cap` bytes is left out too (the walk passes
/// [`super::manifest::MAX_RECORDING_SNIFF`]).
pub(super) fn shaped(path: &Path, cap: u64) -> Option<Classification> {
    let name = path.file_name()?.to_str()?;
    if !name
        .rsplit_once('.')
        .is_some_and(|(_, e)| e.eq_ignore_ascii_case("json"))
    {
        return None;
    }
    let (head, len) = crate::bounds::read_prefix(path, MAX_SHAPE_SNIFF).ok()?;
    if len > cap {
        return None;
    }
    let has = |marker: &[u8]| head.windows(marker.len()).any(|w| w == marker);
    let rpc = has(b"\"jsonrpc\"");
    let tools = has(b"\"tools\"");
    // A saved issue, pull request or comment names its `title` or `body` early.
    let thread = has(b"\"title\"") || has(b"\"body\"");
    if !rpc && !tools && !thread {
        return None;
    }
    let bytes = if len <= MAX_SHAPE_SNIFF {
        head
    } else {
        crate::bounds::read_at_most(path, cap).ok()??
    };
    let root = crate::parse::json::parse_tree(&String::from_utf8_lossy(&bytes)).ok()??;
    let kind = if rpc {
        kind_of(&root)?
    } else if tools && tool_listing(&root) {
        FileKind::McpTools
    } else if thread && crate::check::outsiders::payload(&root) {
        // Checked as instructions by `check::outsiders`.
        FileKind::Prompt
    } else {
        return None;
    };
    Some(Classification {
        kind,
        agents: Vec::new(),
        caps: Vec::new(),
    })
}

/// The kind of a parsed JSON-RPC candidate: see [`shaped`].
fn kind_of(root: &JsonNode) -> Option<FileKind> {
    use crate::parse::mcp_tools::{is_mcp_answer, is_mcp_payload};
    if is_mcp_payload(root) || is_mcp_answer(root) {
        return Some(FileKind::McpTools);
    }
    chat(root).then_some(FileKind::Request)
}

/// Tools of a listing checked for a name and a description.
const LISTING_TOOLS_CHECKED: usize = 16;

/// True when `root` is a tool listing as a `tools/list` result is saved: an object whose
/// `tools` member is a non-empty array of objects, each of the first
/// [`LISTING_TOOLS_CHECKED`] with a string `name` and a string `description` (the fields the
/// model reads, <https://modelcontextprotocol.io/specification/2025-11-25/server/tools>,
/// "Listing Tools"), and which is not a provider request
/// ([`crate::parse::mcp_tools::is_mcp_payload`] refuses those). A list of names, or of
/// OpenAI-style `{"type": "function", "function": {...}}` entries, is not one.
fn tool_listing(root: &JsonNode) -> bool {
    let Some(tools) = root.get("tools") else {
        return false;
    };
    let Json::Array(items) = &tools.value else {
        return false;
    };
    let described = |t: &JsonNode| {
        t.get("name").and_then(JsonNode::as_str).is_some()
            && t.get("description").and_then(JsonNode::as_str).is_some()
    };
    !items.is_empty()
        && items.iter().take(LISTING_TOOLS_CHECKED).all(described)
        && crate::parse::mcp_tools::is_mcp_payload(root)
}

/// True when `root` (unwrapped from a JSON-RPC message's `params`) holds `messages`, an
/// array whose first object has a `role` and a `content` (or Gemini's `parts`): a
/// conversation, not a count or a table of UI strings.
fn chat(root: &JsonNode) -> bool {
    let req = crate::parse::request::unwrap_request(root);
    req.get("messages").is_some_and(|m| match &m.value {
        Json::Array(items) => items
            .iter()
            .find(|i| matches!(i.value, Json::Object(_)))
            .is_some_and(|i| {
                i.get("role").and_then(JsonNode::as_str).is_some()
                    && (i.get("content").is_some() || i.get("parts").is_some())
            }),
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(dir: &Path, name: &str, text: &str) -> Option<FileKind> {
        let p = dir.join(name);
        std::fs::write(&p, text).expect("write");
        shaped(&p, 1 << 20).map(|c| c.kind)
    }

    #[test]
    fn mcp_answers_and_sampling_requests_are_kept_wherever_they_sit() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        let call = r#"{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"ok"}],"isError":false}}"#;
        assert_eq!(kind(d, "call.json", call), Some(FileKind::McpTools));
        let read =
            r#"{"jsonrpc":"2.0","id":2,"result":{"contents":[{"uri":"docs://a","text":"x"}]}}"#;
        assert_eq!(kind(d, "read.JSON", read), Some(FileKind::McpTools));
        let sampling = r#"{"jsonrpc":"2.0","id":4,"method":"sampling/createMessage","params":{"messages":[{"role":"user","content":{"type":"text","text":"hi"}}]}}"#;
        assert_eq!(kind(d, "s.json", sampling), Some(FileKind::Request));
    }

    #[test]
    fn tool_listings_are_kept_wherever_they_sit() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        let listing = r#"{"tools": [{"name": "run_checks", "description": "Runs the checks.", "inputSchema": {"type": "object"}}]}"#;
        assert_eq!(
            kind(d, "deploy-mcp.json", listing),
            Some(FileKind::McpTools)
        );
        let no_schema = r#"{"server": "x", "tools": [{"name": "a", "description": "b"}, {"name": "c", "description": "d"}]}"#;
        assert_eq!(kind(d, "x.json", no_schema), Some(FileKind::McpTools));
    }

    #[test]
    fn other_json_is_left_out() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        // JSON-RPC without a result the model reads; a chat request (test data elsewhere); a
        // locale table; a count of messages.
        let ping = r#"{"jsonrpc":"2.0","id":1,"result":{}}"#;
        assert_eq!(kind(d, "ping.json", ping), None);
        let chat = r#"{"model":"m","messages":[{"role":"user","content":"hi"}]}"#;
        assert_eq!(kind(d, "req.json", chat), None);
        let ui = r#"{"messages":{"role":"Role","save":"Save"}}"#;
        assert_eq!(kind(d, "en.json", ui), None);
        let stats = r#"{"messages":[{"role":"admin","count":3}]}"#;
        assert_eq!(kind(d, "stats.json", stats), None);
        assert_eq!(kind(d, "call.jsonl", r#"{"jsonrpc":"2.0"}"#), None);
        // Tools named without descriptions, an undescribed tool among described ones,
        // OpenAI function entries, an empty list, a request with tools.
        let names = r#"{"tools": [{"name": "eslint"}, {"name": "prettier"}]}"#;
        assert_eq!(kind(d, "names.json", names), None);
        let mixed = r#"{"tools": [{"name": "a", "description": "b"}, {"name": "c"}]}"#;
        assert_eq!(kind(d, "mixed.json", mixed), None);
        let openai =
            r#"{"tools": [{"type": "function", "function": {"name": "a", "description": "b"}}]}"#;
        assert_eq!(kind(d, "fn.json", openai), None);
        assert_eq!(kind(d, "empty.json", r#"{"tools": []}"#), None);
        let request =
            r#"{"model": "m", "tools": [{"name": "a", "description": "b"}], "messages": []}"#;
        assert_eq!(kind(d, "req2.json", request), None);
    }

    #[test]
    fn the_marker_is_looked_for_in_the_first_bytes_only() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        let answer = |pad: usize| {
            format!(
                r#"{{"pad":"{}","jsonrpc":"2.0","id":1,"result":{{"content":[{{"type":"text","text":"x"}}]}}}}"#,
                "a".repeat(pad)
            )
        };
        // `{"pad":"` is 8 bytes, then the padding, then `","jsonrpc"`: the marker's last byte
        // at MAX_SHAPE_SNIFF is found, one byte further is not.
        let edge = usize::try_from(MAX_SHAPE_SNIFF).expect("fits") - 8 - 11;
        assert_eq!(
            kind(d, "edge.json", &answer(edge)),
            Some(FileKind::McpTools)
        );
        assert_eq!(kind(d, "past.json", &answer(edge + 1)), None);
    }
}

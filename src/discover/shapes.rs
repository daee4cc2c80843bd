//! JSON files a walk reads wherever they sit, for their shape alone: a saved MCP message (a
//! JSON-RPC answer the model read, a server's sampling request). Such a file holds text a
//! model read or will read (a tool's output, a fetched page, a sampling prompt), whatever
//! folder it was saved in (`captures/`, `fixtures/`, `out/`); [`super::manifest::recorded`]
//! keeps the recordings of the folders named for them, this module the rest. A chat request
//! outside such a folder is left alone: projects keep them as test data (measured on the
//! mirrors: Semantic Kernel's cross-language fixtures), and the cache rules would judge them
//! as traffic.
//!
//! The test is bounded twice: the first [`MAX_SHAPE_SNIFF`] bytes of every `.json` file the
//! walk meets are searched for the marker `"jsonrpc"`, and only a file with it, of at most
//! [`super::manifest::MAX_RECORDING_SNIFF`] bytes, is parsed whole.

use std::path::Path;

use crate::agents::Classification;
use crate::kind::FileKind;
use crate::parse::json::{Json, JsonNode};

/// Bytes at the start of a `.json` file searched for the marker of a JSON-RPC message:
/// JSON-RPC 2.0 names its version in every message
/// (<https://www.jsonrpc.org/specification>, section 4/5: `"jsonrpc": "2.0"`), and MCP
/// messages are JSON-RPC
/// (<https://modelcontextprotocol.io/specification/2025-11-25/basic>); serializers write
/// it before the result. A marker further in is not looked for.
pub const MAX_SHAPE_SNIFF: u64 = 4096;

/// The classification of `path`, a `.json` file found by walking that no convention or
/// recording folder claims, from its shape: `mcp-tools` for an MCP JSON-RPC payload
/// (`tools/list`, `initialize`, ...: [`crate::parse::mcp_tools::is_mcp_payload`]) or answer
/// (`tools/call`, `resources/read`, `prompts/get`:
/// [`crate::parse::mcp_tools::is_mcp_answer`]), `request` for a server's request carrying
/// a conversation (`sampling/createMessage`'s `params.messages`,
/// <https://modelcontextprotocol.io/specification/2025-11-25/client/sampling>). Anything
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
    let marker: &[u8] = b"\"jsonrpc\"";
    if !head.windows(marker.len()).any(|w| w == marker) {
        return None;
    }
    let bytes = if len <= MAX_SHAPE_SNIFF {
        head
    } else {
        crate::bounds::read_at_most(path, cap).ok()??
    };
    let root = crate::parse::json::parse_tree(&String::from_utf8_lossy(&bytes)).ok()??;
    let kind = kind_of(&root)?;
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

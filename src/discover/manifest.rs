//! MCP manifests (`manifest.json`, `server.json`) told from other files of the same name.

use std::path::Path;

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

/// The classification of `path` as `mcp-tools` when it is an MCP manifest found by walking.
pub(super) fn mcp_manifest(path: &Path) -> Option<Classification> {
    let name = path.file_name()?.to_str()?;
    if !MCP_MANIFEST_NAMES.contains(&name) {
        return None;
    }
    let bytes = crate::bounds::read_at_most(path, MAX_MANIFEST_SNIFF).ok()??;
    let text = String::from_utf8_lossy(&bytes);
    let root = crate::parse::json::parse_tree(&text).ok()??;
    crate::parse::mcp_tools::is_mcp_payload(&root).then(|| Classification {
        kind: FileKind::McpTools,
        agents: Vec::new(),
        caps: Vec::new(),
    })
}

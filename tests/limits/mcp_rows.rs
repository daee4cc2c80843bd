//! The limits of `promptlint mcp serve` (issue 33), rows of the README's limits table; their
//! edges are tested in `tests/mcp_client/test_server.py`, which drives the server with the
//! official MCP Python SDK.

use promptlint::mcp;

use super::Limit;

/// The server's bounds, after the command line's.
pub(super) fn rows() -> Vec<Limit> {
    let u = |n: usize| u64::try_from(n).expect("fits");
    vec![
        Limit {
            what: "text of one `mcp serve` `scan_text` call (edge: `tests/mcp_client/test_server.py`)",
            value: u(mcp::MAX_TEXT_BYTES),
            unit: "bytes",
            set_by: "fixed",
            past: "the call is refused: a tool error (`isError`) naming the limit",
        },
        Limit {
            what: "paths of one `mcp serve` `scan_paths` call (edge: `tests/mcp_client/test_server.py`)",
            value: u(mcp::MAX_PATHS),
            unit: "paths",
            set_by: "fixed",
            past: "the call is refused: a tool error (`isError`) naming the limit",
        },
        Limit {
            what: "files one `mcp serve` `scan_paths` call scans",
            value: u(mcp::MAX_FILES),
            unit: "files",
            set_by: "fixed",
            past: "the call is refused before any file is scanned: a tool error naming the count",
        },
        Limit {
            what: "findings of one `mcp serve` call",
            value: u(mcp::MAX_FINDINGS),
            unit: "findings",
            set_by: "fixed",
            past: "counted in one `PL810` finding",
        },
        Limit {
            what: "JSON-RPC message read by `mcp serve`",
            value: u(mcp::MAX_MESSAGE_BYTES),
            unit: "bytes",
            set_by: "fixed",
            past: "the line is dropped unread (rmcp's stdio transport: no request id can be read from it, so no answer); the session goes on",
        },
    ]
}

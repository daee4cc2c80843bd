//! `promptlint mcp serve`: an MCP server (Model Context Protocol, revision 2025-11-25:
//! <https://modelcontextprotocol.io/specification/2025-11-25>) over stdio, so that an agent
//! can scan a text or its own files before it follows them.
//!
//! Three tools (`tools.rs`): `scan_text` (the embedding API, [`crate::scanner`], on a text in
//! memory), `scan_paths` (the `promptlint check` pipeline on files and folders under the
//! roots given at start) and `explain_rule` (the catalog). Each answers with structured
//! content and a short text summary (`results.rs`). The server reads nothing outside its
//! roots (`roots.rs`: `..` refused, links resolved before the check, the walk bounded by
//! [`crate::discover::DiscoverOptions::within`]), writes nothing and runs nothing. Built on
//! rmcp, the protocol's official Rust SDK (`server.rs`).

mod results;
mod roots;
mod server;
mod tools;

pub use server::serve;
pub use tools::{MAX_FILES, MAX_FINDINGS, MAX_MESSAGE_BYTES, MAX_PATHS, MAX_TEXT_BYTES};

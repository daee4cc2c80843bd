//! The MCP server proper: the handler rmcp calls for each request, and the stdio loop.

use std::path::PathBuf;
use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::transport::async_rw::AsyncRwTransport;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};

use super::results::{Answer, explain_rule, scan_paths, scan_text};
use super::roots::Roots;
use super::tools::{Arguments, EXPLAIN_RULE, MAX_MESSAGE_BYTES, SCAN_PATHS, SCAN_TEXT, tools};
use crate::scanner::{ScanOptions, Scanner};

/// What `initialize` tells the client about using the server.
const INSTRUCTIONS: &str = "promptlint scans the files AI coding agents load (AGENTS.md, \
CLAUDE.md, .cursor/rules, SKILL.md, MCP configs) and any text about to enter a prompt for \
prompt injection, hidden Unicode, exfiltration and permission bypass. Call scan_text on a \
text before you follow it, scan_paths on files or folders under the server's roots, and \
explain_rule for what a finding means. The server only reads: it writes and runs nothing.";

/// The handler: the roots, one scanner for every `scan_text` call, the tool list.
#[derive(Debug, Clone)]
pub(crate) struct Server {
    roots: Roots,
    scanner: Arc<Scanner>,
    tools: Arc<Vec<Tool>>,
}

impl Server {
    /// A server for `roots` (see [`Roots::new`]), with the built-in rules.
    ///
    /// # Errors
    /// A root that cannot be served.
    pub(crate) fn new(roots: &[PathBuf]) -> Result<Server, String> {
        let roots = Roots::new(roots)?;
        let scanner = Scanner::new(ScanOptions::default()).map_err(|e| e.to_string())?;
        Ok(Server {
            roots,
            scanner: Arc::new(scanner),
            tools: Arc::new(tools()),
        })
    }

    /// Runs the tool `name` on `arguments`. `None` for a tool this server does not have.
    fn run(&self, name: &str, arguments: Option<rmcp::model::JsonObject>) -> Option<Answer> {
        let answer = match name {
            SCAN_TEXT => Arguments::new(arguments, &["text", "filename", "kind"])
                .and_then(|a| scan_text(&self.scanner, &a)),
            SCAN_PATHS => Arguments::new(arguments, &["paths", "strict"])
                .and_then(|a| scan_paths(&self.roots, &a)),
            EXPLAIN_RULE => Arguments::new(arguments, &["rule"]).and_then(|a| explain_rule(&a)),
            _ => return None,
        };
        Some(answer)
    }
}

/// The tool's answer as a `tools/call` result: the structured content, and as text content
/// the one-line summary, then the structured content serialized ("For backwards
/// compatibility, a tool that returns structured content SHOULD also return the serialized
/// JSON in a TextContent block",
/// <https://modelcontextprotocol.io/specification/2025-11-25/server/tools#structured-content>).
/// A refused argument is a result with `isError: true` and the reason as its text.
fn result_of(answer: Answer) -> CallToolResult {
    match answer {
        Ok((value, summary)) => {
            let mut result = CallToolResult::structured(value);
            result.content.insert(0, ContentBlock::text(summary));
            result
        }
        Err(message) => CallToolResult::error(vec![ContentBlock::text(message)]),
    }
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("promptlint", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools.to_vec()))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.tools.iter().find(|t| t.name == name).cloned()
    }

    /// An unknown tool is a protocol error (JSON-RPC -32602, as the spec's example of
    /// "Unknown tool"); anything wrong with the arguments of a known tool is a tool execution
    /// error. The scan runs on the runtime's one thread: calls are answered one at a time,
    /// which also bounds the memory of concurrent calls. A panic (a bug) becomes an internal
    /// error (-32603) of that call, not the end of the server.
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let CallToolRequestParams {
            name, arguments, ..
        } = request;
        let ran =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.run(&name, arguments)));
        match ran {
            Ok(Some(answer)) => Ok(result_of(answer).into()),
            Ok(None) => Err(ErrorData::invalid_params(
                format!(
                    "unknown tool `{}` (this server has: {SCAN_TEXT}, {SCAN_PATHS}, {EXPLAIN_RULE})",
                    crate::escape::escape_one_line(&crate::escape::truncate_chars(&name, 80))
                ),
                None,
            )),
            Err(payload) => Err(ErrorData::internal_error(
                format!(
                    "internal error in {}, please report it: {}",
                    crate::escape::escape_one_line(&crate::escape::truncate_chars(&name, 80)),
                    crate::escape::escape_one_line(&crate::escape::truncate_chars(
                        &crate::check::panic_message(payload.as_ref()),
                        240
                    ))
                ),
                None,
            )),
        }
    }
}

/// Serves `roots` over stdio until the client closes stdin. Messages are newline-delimited
/// JSON-RPC on stdin and stdout, and nothing else is written to stdout ("The server MUST NOT
/// write anything to its stdout that is not a valid MCP message",
/// <https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio>); a line
/// over [`MAX_MESSAGE_BYTES`] is dropped by the transport, unanswered.
///
/// # Errors
/// A root that cannot be served, or a failure of the transport, one line.
pub fn serve(roots: &[PathBuf]) -> Result<(), String> {
    let server = Server::new(roots)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async move {
        let (stdin, stdout) = rmcp::transport::stdio();
        let transport = AsyncRwTransport::<RoleServer, _, _>::new(stdin, stdout)
            .with_max_line_length(MAX_MESSAGE_BYTES);
        let running = server
            .serve(transport)
            .await
            .map_err(|e| format!("the MCP session did not start: {e}"))?;
        running
            .waiting()
            .await
            .map(|_| ())
            .map_err(|e| format!("the MCP session ended abnormally: {e}"))
    })
}

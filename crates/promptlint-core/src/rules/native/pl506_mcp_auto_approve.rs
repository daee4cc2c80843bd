//! MCP configuration checks that are not text patterns: flags that approve a server's tools
//! without asking the user. (The exfil and autonomy patterns run over each server's joined
//! command line through the pattern engine.)
//!
//! What an approval grants decides its severity (the model is [`super::permission`]):
//! - a list of tool names (`alwaysAllow`, `autoApprove`: Cline, Roo Code, Kilo Code) whose
//!   every tool only reads, by its name (`resolve-library-id`, `get-library-docs`,
//!   `brave_web_search`, `read_file`, `list_directory`) or because the server is documented
//!   read-only, is not reported: the user is asked before anything acts;
//! - `trust: true` (Gemini CLI: every tool call of the server skips confirmation,
//!   <https://github.com/google-gemini/gemini-cli/blob/main/docs/tools/mcp-server.md>) on a
//!   documented read-only server, or with an `includeTools` list that only reads, is a note:
//!   the trust covers whatever tools the server adds later;
//! - anything else (a tool that writes, executes, queries a database, or whose name says
//!   nothing; every tool) stays a warning.

use std::sync::Arc;

use super::input::Input;
use super::permission::{server_reads, tool_reads};
use crate::finding::{Finding, Severity};
use crate::parse::{AutoApproval, McpServer};
use crate::rules::Rule;

/// How far an approval reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// Every approved tool only reads.
    Reads,
    /// Some approved tool acts, or the tools are unknown.
    Acts,
}

fn reach(server: &McpServer, a: &AutoApproval) -> Reach {
    if server_reads(&server.launch) {
        return Reach::Reads;
    }
    let tools = a
        .tools
        .as_ref()
        .or(server.include_tools.as_ref().filter(|_| a.key == "trust"));
    match tools {
        Some(t) if !t.is_empty() && t.iter().all(|n| tool_reads(n)) => Reach::Reads,
        _ => Reach::Acts,
    }
}

/// One finding per auto-approval flag of each server that approves more than reading.
pub fn auto_approve(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    let mut out = Vec::new();
    for server in &input.parsed.mcp_servers {
        for a in &server.auto_approve {
            let reads = reach(server, a) == Reach::Reads;
            // A list names its tools: when each only reads, nothing acts unasked.
            if reads && a.key != "trust" {
                continue;
            }
            let name = crate::escape::escape_one_line(&server.name);
            let message = if reads {
                format!(
                    "MCP server `{name}` sets `{}: {}`; its tools only read, but the trust \
                     covers any tool it adds",
                    a.key, a.written
                )
            } else {
                format!(
                    "MCP server `{name}` sets `{}: {}`, so its tools run without asking the user",
                    a.key, a.written
                )
            };
            let Ok(f) = Finding::new(rule, text, a.span.clone(), message) else {
                continue;
            };
            let mut f = f
                .with_label("approves tools without asking")
                .with_matched(format!("{}:{}", server.name, a.key));
            if reads {
                f = f.with_severity(Severity::Note, "every tool of the server only reads");
            }
            out.push(f);
        }
    }
    out
}

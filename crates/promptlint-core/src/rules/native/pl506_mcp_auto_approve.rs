//! MCP configuration checks that are not text patterns: flags that approve a server's tools
//! without asking the user. (The exfil and autonomy patterns run over each server's joined
//! command line through the pattern engine.)

use std::sync::Arc;

use super::input::Input;
use crate::finding::Finding;
use crate::rules::Rule;

/// One finding per auto-approval flag of each server.
pub fn auto_approve(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    input
        .parsed
        .mcp_servers
        .iter()
        .flat_map(|server| {
            server.auto_approve.iter().filter_map(move |(key, span, value)| {
                let message = format!(
                    "MCP server `{}` sets `{key}: {value}`, so its tools run without asking the user",
                    crate::escape::escape_one_line(&server.name)
                );
                Finding::new(rule, text, span.clone(), message)
                    .ok()
                    .map(|f| {
                        f.with_label("approves tools without asking")
                            .with_matched(format!("{}:{key}", server.name))
                    })
            })
        })
        .collect()
}

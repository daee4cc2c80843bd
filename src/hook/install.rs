//! The settings entry that installs `promptlint hook <agent>` in an agent, as
//! `promptlint init --hooks <agent>` prints it: JSON to merge into the agent's hooks file, and
//! nothing else (no file is written).
//!
//! - Claude Code: `.claude/settings.json` (or `~/.claude/settings.json`), `hooks.<Event>[]`
//!   of `{matcher, hooks: [{type: "command", command, timeout}]}`, timeout in seconds
//!   (<https://code.claude.com/docs/en/hooks>).
//! - Cursor: `.cursor/hooks.json` (or `~/.cursor/hooks.json`), `{version: 1, hooks:
//!   {<event>: [{command}]}}` (<https://cursor.com/docs/agent/hooks>).
//! - Gemini CLI: `.gemini/settings.json`, `hooks.<Event>[]` of `{matcher, hooks: [{name,
//!   type: "command", command, timeout}]}`, timeout in milliseconds
//!   (<https://geminicli.com/docs/hooks/reference>).
//! - Codex: `.codex/hooks.json` (or `~/.codex/hooks.json`) in Claude Code's shape, `Bash`
//!   the tool its `PreToolUse` and `PostToolUse` see (from a third-party summary of
//!   <https://developers.openai.com/codex/hooks>, unconfirmed; releases before 0.124 also
//!   need `[features] codex_hooks = true` in `config.toml`).

use serde_json::{Value, json};

use super::event::Agent;

/// Seconds an agent waits for the hook: far above its measured latency (README, "Agent
/// hooks"), below the agents' defaults (60 s).
const TIMEOUT_SECONDS: u64 = 30;

/// The settings entry for `agent`, pretty-printed JSON and a line feed.
pub fn settings_entry(agent: Agent) -> String {
    let value = match agent {
        Agent::ClaudeCode => claude_like("promptlint hook claude-code", true),
        Agent::Codex => claude_like("promptlint hook codex", false),
        Agent::Cursor => {
            let cmd = json!([{ "command": "promptlint hook cursor" }]);
            json!({
                "version": 1,
                "hooks": {
                    "beforeReadFile": cmd,
                    "beforeShellExecution": cmd,
                    "beforeMCPExecution": cmd,
                    "beforeSubmitPrompt": cmd,
                },
            })
        }
        Agent::Gemini => {
            let group = |matcher: &str| {
                json!([{
                    "matcher": matcher,
                    "hooks": [{
                        "name": "promptlint",
                        "type": "command",
                        "command": "promptlint hook gemini",
                        "timeout": TIMEOUT_SECONDS * 1000,
                    }],
                }])
            };
            json!({
                "hooks": {
                    "BeforeTool": group("read_file|write_file|replace|run_shell_command|mcp__.*"),
                    "AfterTool": group("web_fetch|google_web_search|run_shell_command|mcp__.*"),
                    "BeforeAgent": group("*"),
                    "SessionStart": group("*"),
                },
            })
        }
    };
    let mut out = serde_json::to_string_pretty(&value).unwrap_or_default();
    out.push('\n');
    out
}

fn claude_like(command: &str, claude: bool) -> Value {
    let hook = json!([{ "type": "command", "command": command, "timeout": TIMEOUT_SECONDS }]);
    let group = |matcher: &str| json!([{ "matcher": matcher, "hooks": hook }]);
    if claude {
        json!({
            "hooks": {
                "PreToolUse": group("Read|Write|Edit|MultiEdit|Bash|mcp__.*"),
                "PostToolUse": group("WebFetch|WebSearch|Bash|mcp__.*"),
                "UserPromptSubmit": [{ "hooks": hook }],
                "SessionStart": [{ "hooks": hook }],
            },
        })
    } else {
        json!({
            "hooks": {
                "PreToolUse": group("Bash"),
                "PostToolUse": group("Bash"),
                "SessionStart": [{ "hooks": hook }],
            },
        })
    }
}

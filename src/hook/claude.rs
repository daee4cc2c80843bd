//! Claude Code's hook protocol (and Codex's, which copies its shapes).
//!
//! Protocol: <https://code.claude.com/docs/en/hooks> (the hooks reference; also
//! <https://docs.anthropic.com/en/docs/claude-code/hooks>). A command hook gets one JSON
//! event on stdin with `session_id`, `transcript_path`, `cwd`, `hook_event_name` and the
//! event's fields, and answers with exit 0 and JSON on stdout, or exit 2 and a reason on
//! stderr (which blocks `PreToolUse` and `UserPromptSubmit`). Fields used here:
//!
//! - `PreToolUse`: `tool_name`, `tool_input` (`Read`: `file_path`; `Write`: `file_path`,
//!   `content`; `Edit`: `file_path`, `old_string`, `new_string`, `replace_all`; `MultiEdit`:
//!   `file_path`, `edits[]`; `Bash`: `command`; MCP tools are `mcp__<server>__<tool>`).
//!   Answer: `hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision:
//!   "deny" | "ask", permissionDecisionReason}`; the reason of a deny is shown to Claude, of an
//!   ask to the user.
//! - `PostToolUse`: `tool_response` (its shape depends on the tool: a fetched page's text, a
//!   command's output, an MCP result). Answer: `hookSpecificOutput.additionalContext` (added
//!   to Claude's context next to the result) and, to block, `decision: "block"` with a
//!   `reason` shown to Claude (the tool has already run).
//! - `UserPromptSubmit`: `prompt`. Answer: `decision: "block"` and `reason` (the prompt is
//!   erased, the reason shown to the user); below the block threshold a `systemMessage`.
//! - `SessionStart`: `source`. Answer: `hookSpecificOutput.additionalContext`; it cannot
//!   block.
//! - Every event: `systemMessage`, a message shown to the user.
//!
//! Confirmed with the `search` tool on 2026-12-06 against the reference (its German edition
//! <https://code.claude.com/docs/de/hooks> and the English one quoted by third parties);
//! the field names above are the reference's. Codex: <https://developers.openai.com/codex/hooks>
//! (not retrieved: a third-party summary says Codex reads `.codex/hooks.json` with Claude's
//! event names and shapes, `PreToolUse` and `PostToolUse` on `Bash`; unconfirmed whether it
//! honours `ask`, so for Codex an ask is a deny).

use serde_json::{Map, Value, json};

use super::event::{Answer, Ctx, Malformed, object, required, string, working_dir};
use super::policy::{Action, OnError, Verdict};
use super::scan;

/// Which agent speaks this protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Dialect {
    /// Claude Code.
    Claude,
    /// Codex (Claude's shapes; an ask is a deny).
    Codex,
}

/// The memory files Claude Code loads at a session's start from its working directory
/// (<https://code.claude.com/docs/en/memory>); Codex reads `AGENTS.md`.
const CLAUDE_MEMORY: &[&str] = &["CLAUDE.md", "CLAUDE.local.md", ".claude/CLAUDE.md"];
const CODEX_MEMORY: &[&str] = &["AGENTS.md", "AGENTS.override.md"];

/// Answers one event.
pub(super) fn answer(dialect: Dialect, event: &Map<String, Value>, ctx: &Ctx) -> Answer {
    match judge(dialect, event, ctx) {
        Ok(a) => a,
        Err(Malformed(why)) => malformed(&why, ctx.policy.on_error),
    }
}

/// Input that cannot be read: exit 2 with the reason on stderr (blocks a tool call or a
/// prompt) when failing closed, else exit 0 with the reason as a `systemMessage`.
pub(super) fn malformed(why: &str, on_error: OnError) -> Answer {
    match on_error {
        OnError::Deny => Answer {
            stdout: String::new(),
            stderr: format!("promptlint: {why}; refused (--on-error deny)\n"),
            code: 2,
        },
        OnError::Allow => Answer::json(&json!({
            "systemMessage": format!("promptlint: {why}; allowed unchecked (--on-error allow)"),
        })),
    }
}

fn judge(dialect: Dialect, event: &Map<String, Value>, ctx: &Ctx) -> Result<Answer, Malformed> {
    let name = required(event, "hook_event_name")?;
    match name {
        "PreToolUse" => pre_tool_use(dialect, event, ctx),
        "PostToolUse" => post_tool_use(event, ctx),
        "UserPromptSubmit" => user_prompt(event, ctx),
        "SessionStart" => session_start(dialect, event, ctx),
        _ => Ok(Answer::silent()),
    }
}

fn edits_of(input: &Map<String, Value>) -> Result<Vec<scan::Replace>, Malformed> {
    let one = |m: &Map<String, Value>| -> Result<scan::Replace, Malformed> {
        Ok(scan::Replace {
            old: string(m, "old_string")?.unwrap_or_default().to_owned(),
            new: string(m, "new_string")?.unwrap_or_default().to_owned(),
            all: m
                .get("replace_all")
                .and_then(Value::as_bool)
                .unwrap_or(false),
        })
    };
    match input.get("edits") {
        Some(Value::Array(list)) => list
            .iter()
            .map(|e| match e {
                Value::Object(m) => one(m),
                _ => Err(Malformed("an edit of `edits` is not an object".to_owned())),
            })
            .collect(),
        Some(Value::Null) | None => Ok(vec![one(input)?]),
        Some(_) => Err(Malformed("field `edits` is not an array".to_owned())),
    }
}

fn pre_tool_use(
    dialect: Dialect,
    event: &Map<String, Value>,
    ctx: &Ctx,
) -> Result<Answer, Malformed> {
    let tool = required(event, "tool_name")?;
    let input = object(event, "tool_input")?;
    let cwd = working_dir(event);
    let cwd = cwd.as_deref();
    let verdict = match tool {
        "Read" | "Write" | "Edit" | "MultiEdit" => {
            let path = required(&input, "file_path")?;
            let abs = scan::resolve(path, cwd);
            let name = scan::scan_name(&abs, cwd);
            let what = format!("file {}", crate::escape::escape_path(&name));
            let findings = match tool {
                "Read" => scan::file(ctx.scanner(), &abs, &name),
                "Write" => {
                    let content = string(&input, "content")?.unwrap_or_default();
                    scan::text(ctx.scanner(), content.as_bytes(), &name)
                }
                _ => scan::edit(ctx.scanner(), &abs, &name, &edits_of(&input)?),
            };
            ctx.policy.judge(&what, findings)
        }
        "Bash" => {
            let command = required(&input, "command")?;
            ctx.policy
                .judge("the command", scan::command(ctx.scanner(), command))
        }
        t if t.starts_with("mcp__") => {
            let args = scan::strings_of(&Value::Object(input.into_owned()));
            scan::mcp_arguments(ctx, t, &args)
        }
        _ => return Ok(Answer::silent()),
    };
    Ok(permission(dialect, &verdict))
}

/// A `PreToolUse` answer.
fn permission(dialect: Dialect, v: &Verdict) -> Answer {
    let action = match (dialect, v.action) {
        (Dialect::Codex, Action::Ask) => Action::Deny,
        (_, a) => a,
    };
    match action {
        Action::Allow => Answer::silent(),
        Action::Warn => Answer::json(&json!({ "systemMessage": v.for_user() })),
        Action::Ask => Answer::json(&json!({
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "ask",
                "permissionDecisionReason": v.for_user(),
            },
        })),
        Action::Deny => Answer::json(&json!({
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "deny",
                "permissionDecisionReason": v.for_model(),
            },
            "systemMessage": v.for_user(),
        })),
    }
}

fn post_tool_use(event: &Map<String, Value>, ctx: &Ctx) -> Result<Answer, Malformed> {
    let tool = required(event, "tool_name")?;
    let Some(response) = event.get("tool_response") else {
        return Ok(Answer::silent());
    };
    let text = scan::strings_of(response);
    let what = format!("the result of {}", crate::escape::escape_one_line(tool));
    let v = ctx.policy.judge(
        &what,
        scan::text(ctx.scanner(), text.as_bytes(), scan::RESULT_NAME),
    );
    Ok(context_answer("PostToolUse", &v, true))
}

/// An answer that can only add context (and, where `can_block`, block with a reason).
fn context_answer(event: &str, v: &Verdict, can_block: bool) -> Answer {
    match v.action {
        Action::Allow => Answer::silent(),
        Action::Deny if can_block => Answer::json(&json!({
            "decision": "block",
            "reason": v.for_model(),
            "hookSpecificOutput": {
                "hookEventName": event,
                "additionalContext": v.for_model(),
            },
            "systemMessage": v.for_user(),
        })),
        _ => Answer::json(&json!({
            "hookSpecificOutput": {
                "hookEventName": event,
                "additionalContext": v.for_model(),
            },
            "systemMessage": v.for_user(),
        })),
    }
}

fn user_prompt(event: &Map<String, Value>, ctx: &Ctx) -> Result<Answer, Malformed> {
    let prompt = required(event, "prompt")?;
    let v = ctx.policy.judge(
        "the prompt",
        scan::text(ctx.scanner(), prompt.as_bytes(), scan::PROMPT_NAME),
    );
    // The prompt is the user's own: below `--block` the findings are for the user, and the
    // model is not told to distrust its user's words.
    Ok(match v.action {
        Action::Allow => Answer::silent(),
        Action::Deny => Answer::json(&json!({
            "decision": "block",
            "reason": v.for_user(),
        })),
        Action::Warn | Action::Ask => Answer::json(&json!({ "systemMessage": v.for_user() })),
    })
}

fn session_start(
    dialect: Dialect,
    event: &Map<String, Value>,
    ctx: &Ctx,
) -> Result<Answer, Malformed> {
    let Some(cwd) = working_dir(event) else {
        return Ok(Answer::silent());
    };
    let names = match dialect {
        Dialect::Claude => CLAUDE_MEMORY,
        Dialect::Codex => CODEX_MEMORY,
    };
    let mut v = Verdict::clean("the memory files");
    for (path, name) in scan::memory_files(&cwd, names) {
        let what = format!("file {}", crate::escape::escape_path(&name));
        v = v.merge(
            ctx.policy
                .judge(&what, scan::file(ctx.scanner(), &path, &name)),
        );
    }
    Ok(context_answer("SessionStart", &v, false))
}

//! Cursor's hook protocol.
//!
//! Protocol: <https://cursor.com/docs/agent/hooks> (read through a verbatim copy of the page,
//! pcomans/caruso `reference/cursor_hooks.md`, and cupcake's Cursor reference
//! <https://cupcake.eqtylab.io/reference/harnesses/cursor>, found with the `search` tool on
//! 2026-12-06). Every event has `hook_event_name`, `conversation_id`, `generation_id` and
//! `workspace_roots`; the hook answers with JSON on stdout. Events used here:
//!
//! - `beforeReadFile`: `file_path`, `content` (the file's text, sent by Cursor), answer
//!   `{permission: "allow" | "deny"}`: no `ask` and no message, so an ask is a deny here.
//! - `beforeShellExecution`: `command`, `cwd`; `beforeMCPExecution`: `tool_name`,
//!   `tool_input` (a JSON string of the parameters; an object is read too), `url` or
//!   `command`. Answer `{permission: "allow" | "deny" | "ask", user_message, agent_message}`.
//! - `beforeSubmitPrompt`: `prompt`, `attachments`. Answer `{continue: bool, user_message}`:
//!   no ask and no context, so an ask or a warning lets the prompt go with a message.
//!
//! Other events (`afterFileEdit`, `afterShellExecution`, `afterMCPExecution`, `stop`, ...)
//! take no decision; the hook answers `{}`.

use serde_json::{Map, Value, json};

use super::event::{Answer, Ctx, Malformed, object, required, string, working_dir};
use super::policy::{Action, OnError, Verdict};
use super::scan;

/// Answers one event.
pub(super) fn answer(event: &Map<String, Value>, ctx: &Ctx) -> Answer {
    match judge(event, ctx) {
        Ok(a) => a,
        Err(Malformed(why)) => malformed(&why, ctx.policy.on_error),
    }
}

/// Input that cannot be read. The event is unknown then, so the answer carries both the
/// permission fields and `continue` (each event reads its own and ignores the others).
pub(super) fn malformed(why: &str, on_error: OnError) -> Answer {
    match on_error {
        OnError::Deny => {
            let m = format!("promptlint: {why}; refused (--on-error deny)");
            Answer::json(&json!({
                "permission": "deny",
                "continue": false,
                "user_message": m,
                "agent_message": m,
            }))
        }
        OnError::Allow => Answer::json(&json!({
            "permission": "allow",
            "continue": true,
            "user_message": format!("promptlint: {why}; allowed unchecked (--on-error allow)"),
        })),
    }
}

fn judge(event: &Map<String, Value>, ctx: &Ctx) -> Result<Answer, Malformed> {
    let cwd = working_dir(event);
    let cwd = cwd.as_deref();
    match required(event, "hook_event_name")? {
        "beforeReadFile" => {
            let path = required(event, "file_path")?;
            let abs = scan::resolve(path, cwd);
            let name = scan::scan_name(&abs, cwd);
            let findings = match string(event, "content")? {
                Some(content) => scan::text(ctx.scanner(), content.as_bytes(), &name),
                None => scan::file(ctx.scanner(), &abs, &name),
            };
            let what = format!("file {}", crate::escape::escape_path(&name));
            let v = ctx.policy.judge(&what, findings);
            // No ask and no message in this event's answer.
            let permission = if v.action >= Action::Ask {
                "deny"
            } else {
                "allow"
            };
            Ok(Answer::json(&json!({ "permission": permission })))
        }
        "beforeShellExecution" => {
            let command = required(event, "command")?;
            let v = ctx
                .policy
                .judge("the command", scan::command(ctx.scanner(), command));
            Ok(permission(&v))
        }
        "beforeMCPExecution" => {
            let tool = string(event, "tool_name")?.unwrap_or("an MCP tool");
            let args = match event.get("tool_input") {
                // A JSON string of the parameters; its string values are read when it parses.
                Some(Value::String(s)) => serde_json::from_str::<Value>(s)
                    .map_or_else(|_| s.clone(), |v| scan::strings_of(&v)),
                _ => scan::strings_of(&Value::Object(object(event, "tool_input")?.into_owned())),
            };
            Ok(permission(&scan::mcp_arguments(ctx, tool, &args)))
        }
        "beforeSubmitPrompt" => {
            let prompt = required(event, "prompt")?;
            let v = ctx.policy.judge(
                "the prompt",
                scan::text(ctx.scanner(), prompt.as_bytes(), scan::PROMPT_NAME),
            );
            Ok(match v.action {
                Action::Allow => Answer::json(&json!({ "continue": true })),
                Action::Deny => Answer::json(&json!({
                    "continue": false,
                    "user_message": v.for_user(),
                })),
                Action::Warn | Action::Ask => Answer::json(&json!({
                    "continue": true,
                    "user_message": v.for_user(),
                })),
            })
        }
        _ => Ok(Answer::json(&json!({}))),
    }
}

/// A `beforeShellExecution` / `beforeMCPExecution` answer.
fn permission(v: &Verdict) -> Answer {
    match v.action {
        Action::Allow => Answer::json(&json!({ "permission": "allow" })),
        Action::Warn => Answer::json(&json!({
            "permission": "allow",
            "user_message": v.for_user(),
        })),
        Action::Ask => Answer::json(&json!({
            "permission": "ask",
            "user_message": v.for_user(),
            "agent_message": v.for_model(),
        })),
        Action::Deny => Answer::json(&json!({
            "permission": "deny",
            "user_message": v.for_user(),
            "agent_message": v.for_model(),
        })),
    }
}

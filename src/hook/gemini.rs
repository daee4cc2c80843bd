//! Gemini CLI's hook protocol.
//!
//! Protocol: <https://geminicli.com/docs/hooks/reference> (google-gemini/gemini-cli
//! `docs/hooks/reference.md`, read with the `search` tool on 2026-12-06). Every event has
//! `session_id`, `transcript_path`, `cwd`, `hook_event_name` and `timestamp`; the hook
//! answers with exit 0 and JSON on stdout (and nothing else there: "silence is mandatory").
//! Common output fields: `systemMessage` (shown to the user), `decision` (`allow` or
//! `deny`), `reason`. Events used here:
//!
//! - `BeforeTool`: `tool_name`, `tool_input`. `decision: "deny"` stops the tool and sends
//!   `reason` to the agent as the tool's error. No ask: an ask is a deny here.
//! - `AfterTool`: `tool_response` (`llmContent`, `returnDisplay`, `error`).
//!   `decision: "deny"` hides the result from the agent and `reason` replaces it;
//!   `hookSpecificOutput.additionalContext` is appended to the result.
//! - `BeforeAgent`: `prompt`. `decision: "deny"` discards the prompt (below the block
//!   threshold the findings go to the user as a `systemMessage`).
//! - `SessionStart`: `hookSpecificOutput.additionalContext` (advisory, never blocks).
//!
//! Tools (<https://geminicli.com/docs/tools/file-system>): `read_file` (the path is `path`
//! in the tools reference and `file_path` or `absolute_path` in other releases: all three are
//! read), `write_file` (`file_path`, `content`), `replace` (`file_path`, `old_string`,
//! `new_string`), `run_shell_command` (`command`); MCP tools are `mcp__<server>__<tool>`.

use serde_json::{Map, Value, json};

use super::event::{Answer, Ctx, Malformed, object, required, string, working_dir};
use super::policy::{Action, OnError, Verdict};
use super::scan;

/// The context files Gemini CLI loads from its working directory at start
/// (<https://geminicli.com/docs/cli/gemini-md>; `AGENTS.md` when configured).
const MEMORY: &[&str] = &["GEMINI.md", "AGENTS.md"];

/// Answers one event.
pub(super) fn answer(event: &Map<String, Value>, ctx: &Ctx) -> Answer {
    match judge(event, ctx) {
        Ok(a) => a,
        Err(Malformed(why)) => malformed(&why, ctx.policy.on_error),
    }
}

/// Input that cannot be read: a deny with the reason, or a `systemMessage` that says the
/// action went on unchecked.
pub(super) fn malformed(why: &str, on_error: OnError) -> Answer {
    match on_error {
        OnError::Deny => {
            let m = format!("promptlint: {why}; refused (--on-error deny)");
            Answer::json(&json!({ "decision": "deny", "reason": m, "systemMessage": m }))
        }
        OnError::Allow => Answer::json(&json!({
            "systemMessage": format!("promptlint: {why}; allowed unchecked (--on-error allow)"),
        })),
    }
}

fn path_of(input: &Map<String, Value>) -> Result<&str, Malformed> {
    for key in ["file_path", "absolute_path", "path"] {
        if let Some(p) = string(input, key)? {
            return Ok(p);
        }
    }
    Err(Malformed(
        "the tool input has no `file_path` or `path` field".to_owned(),
    ))
}

fn judge(event: &Map<String, Value>, ctx: &Ctx) -> Result<Answer, Malformed> {
    let cwd = working_dir(event);
    let cwd = cwd.as_deref();
    match required(event, "hook_event_name")? {
        "BeforeTool" => {
            let tool = required(event, "tool_name")?;
            let input = object(event, "tool_input")?;
            let v = match tool {
                "read_file" | "write_file" | "replace" => {
                    let abs = scan::resolve(path_of(&input)?, cwd);
                    let name = scan::scan_name(&abs, cwd);
                    let what = format!("file {}", crate::escape::escape_path(&name));
                    let findings = match tool {
                        "read_file" => scan::file(ctx.scanner(), &abs, &name),
                        "write_file" => {
                            let content = string(&input, "content")?.unwrap_or_default();
                            scan::text(ctx.scanner(), content.as_bytes(), &name)
                        }
                        _ => {
                            let e = scan::Replace {
                                old: string(&input, "old_string")?.unwrap_or_default().to_owned(),
                                new: string(&input, "new_string")?.unwrap_or_default().to_owned(),
                                all: false,
                            };
                            scan::edit(ctx.scanner(), &abs, &name, &[e])
                        }
                    };
                    ctx.policy.judge(&what, findings)
                }
                "run_shell_command" => {
                    let command = required(&input, "command")?;
                    ctx.policy
                        .judge("the command", scan::command(ctx.scanner(), command))
                }
                t if t.starts_with("mcp__") => {
                    let args = scan::strings_of(&Value::Object(input.into_owned()));
                    scan::mcp_arguments(ctx, t, &args)
                }
                _ => return Ok(Answer::json(&json!({}))),
            };
            Ok(before(&v))
        }
        "AfterTool" => {
            let tool = required(event, "tool_name")?;
            let response = object(event, "tool_response")?;
            // What the model reads is `llmContent`; `returnDisplay` is for the terminal.
            let text = match response.get("llmContent") {
                Some(v) => scan::strings_of(v),
                None => scan::strings_of(&Value::Object(response.into_owned())),
            };
            let what = format!("the result of {}", crate::escape::escape_one_line(tool));
            let v = ctx.policy.judge(
                &what,
                scan::text(ctx.scanner(), text.as_bytes(), scan::RESULT_NAME),
            );
            Ok(match v.action {
                Action::Deny => Answer::json(&json!({
                    "decision": "deny",
                    "reason": format!("promptlint withheld this tool result. {}", v.for_model()),
                    "systemMessage": v.for_user(),
                })),
                _ => context("AfterTool", &v),
            })
        }
        "BeforeAgent" => {
            let prompt = required(event, "prompt")?;
            let v = ctx.policy.judge(
                "the prompt",
                scan::text(ctx.scanner(), prompt.as_bytes(), scan::PROMPT_NAME),
            );
            Ok(match v.action {
                Action::Deny => Answer::json(&json!({
                    "decision": "deny",
                    "reason": v.for_user(),
                    "systemMessage": v.for_user(),
                })),
                // The user's own words: the findings are for the user, not the model.
                Action::Warn | Action::Ask => {
                    Answer::json(&json!({ "systemMessage": v.for_user() }))
                }
                Action::Allow => Answer::json(&json!({})),
            })
        }
        "SessionStart" => {
            let Some(cwd) = cwd else {
                return Ok(Answer::json(&json!({})));
            };
            let mut v = Verdict::clean("the context files");
            for (path, name) in scan::memory_files(cwd, MEMORY) {
                let what = format!("file {}", crate::escape::escape_path(&name));
                v = v.merge(
                    ctx.policy
                        .judge(&what, scan::file(ctx.scanner(), &path, &name)),
                );
            }
            Ok(context("SessionStart", &v))
        }
        _ => Ok(Answer::json(&json!({}))),
    }
}

/// A `BeforeTool` answer.
fn before(v: &Verdict) -> Answer {
    match v.action {
        Action::Allow => Answer::json(&json!({})),
        Action::Warn => Answer::json(&json!({ "systemMessage": v.for_user() })),
        Action::Ask | Action::Deny => Answer::json(&json!({
            "decision": "deny",
            "reason": v.for_model(),
            "systemMessage": v.for_user(),
        })),
    }
}

/// An answer that adds context for the model and tells the user.
fn context(event: &str, v: &Verdict) -> Answer {
    if v.action == Action::Allow {
        return Answer::json(&json!({}));
    }
    Answer::json(&json!({
        "hookSpecificOutput": {
            "hookEventName": event,
            "additionalContext": v.for_model(),
        },
        "systemMessage": v.for_user(),
    }))
}

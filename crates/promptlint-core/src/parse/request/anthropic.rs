//! Anthropic Messages: `tools`, then `system`, then `messages`, matched up to a `cache_control`
//! breakpoint (<https://platform.claude.com/docs/en/build-with-claude/prompt-caching>).
//!
//! What is normalized before comparison:
//! - a string `content` (or `system`) and a single text block holding the same string are one
//!   prompt: the provider compares tokens, not JSON shapes, so both are written as the block;
//! - thinking blocks of assistant turns older than the newest user turn are dropped for the
//!   models whose API strips them from the context before the prompt is read
//!   (<https://platform.claude.com/docs/en/build-with-claude/extended-thinking>; which models,
//!   in `rules/providers.yaml`, applied by the cache analysis through
//!   `Layout::strip_prior_thinking`), so a client that drops them sends the same prompt as one
//!   that keeps them;
//! - `cache_control` markers are not prompt text (moving one changes no byte compared).
//!
//! `tool_choice` and `thinking` are written on the parameters line between the system text and
//! the messages: changing them invalidates the cached messages, not tools or system (the
//! "what invalidates the cache" table of the prompt-caching page).

use super::super::segment::Role;
use super::json_view::{JsonView, View};
use super::shape::{Builder, Form, Section, block_role, message_role};

/// Fills `b` with the request's elements; returns the keys of the header line (besides the
/// model) and of the parameters line.
pub(super) fn items<'a, T: JsonView>(
    req: &'a T,
    b: &mut Builder<'a, T>,
) -> (&'static [&'static str], &'static [&'static str]) {
    for (i, t) in req
        .get("tools")
        .map(JsonView::items)
        .unwrap_or(&[])
        .iter()
        .enumerate()
    {
        b.push(Section::Tools, Role::Tool, t, format!("tools[{i}]"), None);
        if let Some(cc) = t.get("cache_control") {
            b.breakpoint(cc);
        }
    }
    match req.get("system").map(|s| (s, s.view())) {
        Some((s, View::Str(_))) => {
            b.push(Section::System, Role::System, s, "system".into(), None);
            b.form(Form::TextBlock);
        }
        Some((_, View::Array(blocks))) => {
            for (i, blk) in blocks.iter().enumerate() {
                b.push(
                    Section::System,
                    Role::System,
                    blk,
                    format!("system[{i}]"),
                    None,
                );
                if let Some(cc) = blk.get("cache_control") {
                    b.breakpoint(cc);
                }
            }
        }
        _ => {}
    }
    b.messages_start();
    let msgs = req.get("messages").map(JsonView::items).unwrap_or(&[]);
    b.messages = msgs.len();
    let newest_turn = msgs.iter().rposition(|m| {
        message_role(m.get("role").and_then(JsonView::str).unwrap_or("user")) == Role::User
            && !only_tool_results(m)
    });
    for (i, m) in msgs.iter().enumerate() {
        let role = b.message(m, i);
        match m.get("content").map(|c| (c, c.view())) {
            Some((_, View::Array(blocks))) => {
                for (j, blk) in blocks.iter().enumerate() {
                    b.push(
                        Section::Messages,
                        block_role(blk, role),
                        blk,
                        format!("messages[{i}].content[{j}]"),
                        Some(i),
                    );
                    let thinking = matches!(
                        blk.get("type").and_then(JsonView::str),
                        Some("thinking" | "redacted_thinking")
                    );
                    if thinking && newest_turn.is_some_and(|n| i < n) {
                        b.form(Form::PriorThinking);
                    }
                    if let Some(cc) = blk.get("cache_control") {
                        b.breakpoint(cc);
                    }
                }
            }
            Some((c, _)) => {
                b.push(
                    Section::Messages,
                    role,
                    c,
                    format!("messages[{i}].content"),
                    Some(i),
                );
                b.form(Form::TextBlock);
            }
            None => {}
        }
        if let Some(cc) = m.get("cache_control") {
            b.breakpoint(cc);
        }
    }
    (&[], &["tool_choice", "thinking"])
}

/// True when a user message holds only tool results (a step of a tool loop, not a new turn).
fn only_tool_results<T: JsonView>(m: &T) -> bool {
    let blocks = m.get("content").map(JsonView::items).unwrap_or(&[]);
    !blocks.is_empty()
        && blocks
            .iter()
            .all(|b| b.get("type").and_then(JsonView::str) == Some("tool_result"))
}

//! OpenAI Chat Completions and Responses: automatic caching of the longest matching prefix of
//! the whole prompt, for prompts of 1024 tokens and more
//! (<https://developers.openai.com/api/docs/guides/prompt-caching>). The order is `tools`, the
//! structured-output schema, then the messages (`instructions`, then `input` for Responses).
//!
//! What is normalized before comparison: a Chat message whose `content` is an array of one
//! text part is written as the string (unconfirmed that OpenAI renders both alike; it
//! concatenates text parts into the message). Responses' `previous_response_id` continues a
//! conversation stored server side; the analyser chains it (`Layout::previous_response`).
//! A `cache_control` on a message or content part (the Anthropic breakpoint that gateways
//! such as OpenRouter and LiteLLM accept in this shape:
//! <https://openrouter.ai/docs/features/prompt-caching>, unconfirmed for others) makes the
//! prefix end at the last one, as for Anthropic.

use super::super::segment::Role;
use super::json_view::{JsonView, View};
use super::shape::{Builder, Form, Section, message_role};

/// Fills `b`; returns the keys of the header and parameters lines.
pub(super) fn items<'a, T: JsonView>(
    req: &'a T,
    b: &mut Builder<'a, T>,
) -> (&'static [&'static str], &'static [&'static str]) {
    let (tools, key) = match req.get("tools") {
        Some(t) => (t.items(), "tools"),
        None => (
            req.get("functions").map(JsonView::items).unwrap_or(&[]),
            "functions",
        ),
    };
    for (i, t) in tools.iter().enumerate() {
        b.push(Section::Tools, Role::Tool, t, format!("{key}[{i}]"), None);
    }
    let (format, fpath) = match req.get("response_format") {
        Some(f) => (Some(f), "response_format"),
        None => (req.get("text").and_then(|t| t.get("format")), "text.format"),
    };
    if let Some(f) = format {
        b.push(Section::Format, Role::JsonString, f, fpath.into(), None);
    }
    if let Some(ins) = req.get("instructions") {
        b.push(
            Section::System,
            Role::System,
            ins,
            "instructions".into(),
            None,
        );
    }
    b.messages_start();
    let (key, v) = match req.get("messages") {
        Some(v) => ("messages", Some(v)),
        None => ("input", req.get("input")),
    };
    let (list, single): (&[T], Option<&T>) = match v.map(|v| (v, v.view())) {
        Some((_, View::Array(a))) => (a, None),
        Some((v, View::Str(_))) => (&[], Some(v)),
        _ => (&[], None),
    };
    if let Some(s) = single {
        b.newest_user = Some(0);
        b.messages = 1;
        b.push(Section::Messages, Role::User, s, key.into(), Some(0));
        return (&[], &[]);
    }
    b.messages = list.len();
    for (i, m) in list.iter().enumerate() {
        let role = match m.get("role").and_then(JsonView::str) {
            Some(r) => message_role(r),
            None => match m.get("type").and_then(JsonView::str) {
                Some("function_call_output" | "custom_tool_call_output") => Role::ToolResult,
                _ => Role::Assistant,
            },
        };
        if role == Role::User {
            b.newest_user = Some(i);
        }
        b.push(Section::Messages, role, m, format!("{key}[{i}]"), Some(i));
        if key == "messages" {
            b.form(Form::OpenAiMessage);
        }
        // Gateways that put Anthropic or Gemini models behind the Chat Completions shape
        // (OpenRouter, LiteLLM) take Anthropic's `cache_control` on a content part: the
        // prefix is cached up to that message.
        if let Some(cc) = m
            .get("content")
            .map(JsonView::items)
            .unwrap_or(&[])
            .iter()
            .rev()
            .find_map(|p| p.get("cache_control"))
            .or_else(|| m.get("cache_control"))
        {
            b.breakpoint(cc);
        }
    }
    (&[], &[])
}

//! Amazon Bedrock Converse: `toolConfig.tools`, `system`, then `messages`, matched up to a
//! `cachePoint` block (<https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html>).
//! A `cachePoint` is its own block in `system`, in a message's `content` or in
//! `toolConfig.tools`; the prefix runs up to the block before it, and the marker itself is no
//! prompt text. The model is the URL's `/model/{modelId}/converse` (SDK bodies carry none) or
//! a `modelId` member.

use super::super::segment::Role;
use super::json_view::{JsonView, View};
use super::shape::{Builder, Form, Section};

/// True when `req` has a Converse-only key, or Converse's block shapes (`{"text": ...}`
/// blocks without a `type`, `cachePoint`, `toolUse`, `toolResult`).
pub(super) fn looks_like<T: JsonView>(req: &T) -> bool {
    if [
        "toolConfig",
        "inferenceConfig",
        "additionalModelRequestFields",
        "modelId",
    ]
    .iter()
    .any(|k| req.get(k).is_some())
    {
        return true;
    }
    let converse_block = |b: &T| {
        b.get("type").is_none()
            && [
                "text",
                "cachePoint",
                "toolUse",
                "toolResult",
                "image",
                "document",
            ]
            .iter()
            .any(|k| b.get(k).is_some())
    };
    let system = req.get("system").map(JsonView::items).unwrap_or(&[]);
    if system.iter().any(converse_block) {
        return true;
    }
    req.get("messages")
        .map(JsonView::items)
        .unwrap_or(&[])
        .iter()
        .any(|m| {
            m.get("content")
                .map(JsonView::items)
                .unwrap_or(&[])
                .iter()
                .any(converse_block)
        })
}

/// Fills `b`; returns the keys of the header and parameters lines.
pub(super) fn items<'a, T: JsonView>(
    req: &'a T,
    b: &mut Builder<'a, T>,
) -> (&'static [&'static str], &'static [&'static str]) {
    let tools = req
        .get("toolConfig")
        .and_then(|t| t.get("tools"))
        .map(JsonView::items)
        .unwrap_or(&[]);
    for (i, t) in tools.iter().enumerate() {
        element(
            b,
            Section::Tools,
            Role::Tool,
            t,
            format!("toolConfig.tools[{i}]"),
        );
    }
    for (i, s) in req
        .get("system")
        .map(JsonView::items)
        .unwrap_or(&[])
        .iter()
        .enumerate()
    {
        element(b, Section::System, Role::System, s, format!("system[{i}]"));
    }
    b.messages_start();
    let msgs = req.get("messages").map(JsonView::items).unwrap_or(&[]);
    b.messages = msgs.len();
    for (i, m) in msgs.iter().enumerate() {
        let role = b.message(m, i);
        if let Some(View::Array(blocks)) = m.get("content").map(JsonView::view) {
            for (j, blk) in blocks.iter().enumerate() {
                let path = format!("messages[{i}].content[{j}]");
                let brole = if blk.get("toolResult").is_some() {
                    Role::ToolResult
                } else {
                    role
                };
                b.push(Section::Messages, brole, blk, path, Some(i));
                if let Some(cp) = blk.get("cachePoint") {
                    b.breakpoint(cp);
                    b.form(Form::Omitted);
                }
            }
        }
    }
    (&[], &["toolChoice"])
}

/// Pushes one element of `toolConfig.tools` or `system`: a `cachePoint` block is a breakpoint
/// after the element before it and no prompt text itself.
fn element<'a, T: JsonView>(
    b: &mut Builder<'a, T>,
    section: Section,
    role: Role,
    node: &'a T,
    path: String,
) {
    let point = node.get("cachePoint");
    if let Some(cp) = point {
        b.breakpoint(cp);
    }
    b.push(section, role, node, path, None);
    if point.is_some() {
        b.form(Form::Omitted);
    }
}

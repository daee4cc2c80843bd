//! Google Gemini API and Vertex AI `generateContent`: `systemInstruction`, `tools` and
//! `contents` (REST accepts camelCase and snake_case member names). Implicit caching matches
//! the longest cached prefix of the prompt automatically
//! (<https://ai.google.dev/gemini-api/docs/caching>); explicit caching names a cached content
//! resource (`cachedContent`) that precedes the request's own content, so its name keys the
//! whole prefix and is written on the header line. The order system instruction, tools,
//! contents is unconfirmed (Google documents no rendering order; `prefix_order` in
//! `rules/providers.yaml` gives the reasoning).

use super::super::segment::Role;
use super::json_view::JsonView;
use super::shape::{Builder, Section};

/// The member `camel` or its snake_case spelling `snake`.
fn member<'a, T: JsonView>(v: &'a T, camel: &str, snake: &str) -> Option<&'a T> {
    v.get(camel).or_else(|| v.get(snake))
}

/// Fills `b`; returns the keys of the header and parameters lines.
pub(super) fn items<'a, T: JsonView>(
    req: &'a T,
    b: &mut Builder<'a, T>,
) -> (&'static [&'static str], &'static [&'static str]) {
    if let Some(si) = member(req, "systemInstruction", "system_instruction") {
        let parts = si.get("parts").map(JsonView::items).unwrap_or(&[]);
        if parts.is_empty() {
            b.push(
                Section::System,
                Role::System,
                si,
                "systemInstruction".into(),
                None,
            );
        }
        for (j, p) in parts.iter().enumerate() {
            b.push(
                Section::System,
                Role::System,
                p,
                format!("systemInstruction.parts[{j}]"),
                None,
            );
        }
    }
    for (i, t) in req
        .get("tools")
        .map(JsonView::items)
        .unwrap_or(&[])
        .iter()
        .enumerate()
    {
        match member(t, "functionDeclarations", "function_declarations") {
            Some(decls) if !decls.items().is_empty() => {
                for (j, d) in decls.items().iter().enumerate() {
                    b.push(
                        Section::Tools,
                        Role::Tool,
                        d,
                        format!("tools[{i}].functionDeclarations[{j}]"),
                        None,
                    );
                }
            }
            _ => b.push(Section::Tools, Role::Tool, t, format!("tools[{i}]"), None),
        }
    }
    b.messages_start();
    let contents = req.get("contents").map(JsonView::items).unwrap_or(&[]);
    b.messages = contents.len();
    for (i, c) in contents.iter().enumerate() {
        let role_name = c.get("role").and_then(JsonView::str).unwrap_or("user");
        let role = if role_name == "model" {
            Role::Assistant
        } else {
            Role::User
        };
        let parts = c.get("parts").map(JsonView::items).unwrap_or(&[]);
        let only_results = !parts.is_empty()
            && parts
                .iter()
                .all(|p| member(p, "functionResponse", "function_response").is_some());
        if role == Role::User && !only_results {
            b.newest_user = Some(i);
        }
        b.role_line(role, c, role_name, format!("contents[{i}]"), i);
        for (j, p) in parts.iter().enumerate() {
            let prole = if member(p, "functionResponse", "function_response").is_some() {
                Role::ToolResult
            } else if member(p, "functionCall", "function_call").is_some() {
                Role::Assistant
            } else {
                role
            };
            b.push(
                Section::Messages,
                prole,
                p,
                format!("contents[{i}].parts[{j}]"),
                Some(i),
            );
        }
    }
    (
        &["cachedContent", "cached_content"],
        &["toolConfig", "tool_config"],
    )
}

//! Provider request JSON: roles, zones and the canonical cacheable prefix.
//!
//! Input: one Anthropic Messages or OpenAI (Chat Completions, Responses) request, bare or in a
//! log wrapper (OpenAI Batch `{"custom_id","method","url","body"}`, Anthropic Message Batches
//! `{"custom_id","params"}`, `{"request": {...}}`). Output: segments whose roles say who wrote
//! each string and whose zones say what is inside the cacheable prefix, and a
//! [`CacheLayout`]; for the `cache` command, the canonical prefix bytes ([`Layout`]).
//!
//! **Canonical order** (what the provider matches, first byte first):
//! - Anthropic: `tools`, then `system`, then `messages`
//!   (<https://platform.claude.com/docs/en/build-with-claude/prompt-caching>). The cacheable
//!   prefix runs up to and including the last block carrying `cache_control`. A top-level
//!   `cache_control` (automatic caching) moves the breakpoint to the last cacheable block, so
//!   the whole request is written to the cache and the next turn reads all of it: its static
//!   zone is everything before the newest user message. A request without any `cache_control`
//!   caches nothing.
//! - OpenAI: `tools`, the structured-output schema, then the messages (`instructions` and
//!   `input` for Responses); caching is automatic for prompts of 1024 tokens and more, by exact
//!   prefix (<https://developers.openai.com/api/docs/guides/prompt-caching>). The static zone is
//!   everything before the newest user message.
//!
//! **Canonical prefix bytes**: a header line with what keys the cache besides the prompt (the
//! model; Anthropic also `tool_choice` and `thinking`, whose changes invalidate cached
//! messages), then one line per prefix element (a tool, a system block, a message's role, a
//! content block, an OpenAI message) as compact JSON in document key order without
//! `cache_control` members. Layout whitespace of the request does not count; every byte of the
//! prompt's strings does. `metadata` and sampling parameters are not part of the prefix.
//!
//! The newest user message is never in the static zone: it is new this turn by definition, and
//! becomes history (byte-identical) in the next turn. For the same reason, only tools and
//! system/developer text are re-rendered by the application each turn; message history is
//! recorded text.
mod anthropic;
mod bedrock;
mod gemini;
mod json_view;
mod layout;
mod openai;
mod shape;

use std::ops::Range;

use super::json::{Json, JsonNode, parse_tree};
use super::segment::{
    CacheLayout, ParseIssue, ParseOptions, Parsed, PrefixPiece, Role, Segment, ToolResult, Zone,
};
pub use json_view::{JsonView, Jv, View};
pub use layout::{
    EXPECTED_SHAPES, Element, Form, Item, Layout, REQUEST_KEYS, Section, is_request, layout,
    layout_hinted, model_in_url, provider, provider_hinted, unwrap_request, write_sorted,
    write_str, write_value,
};

/// Parses one request (kind `request`).
pub fn parse(text: &str, opts: &ParseOptions) -> Parsed {
    match parse_tree(text) {
        Ok(Some(root)) => {
            let mut parsed = Parsed::default();
            add_request(&root, 0..text.len(), opts, &mut parsed);
            parsed
        }
        Ok(None) => Parsed::default(),
        Err(issue) => super::json::fallback(text, issue),
    }
}

/// Parses a request log (kind `request-log`): one request per line. A line that is not JSON
/// is scanned as text and reported; blank lines are skipped.
pub fn parse_log(text: &str, opts: &ParseOptions) -> Parsed {
    let mut parsed = Parsed::default();
    let mut pos = 0;
    while pos < text.len() {
        let end = text[pos..].find('\n').map_or(text.len(), |i| pos + i + 1);
        let line = text[pos..end].trim_end_matches(['\n', '\r']);
        let lead = line.len() - line.trim_start().len();
        if line.trim().is_empty() {
            pos = end;
            continue;
        }
        let range = pos..pos + line.len();
        match parse_tree(line) {
            Ok(Some(root)) => {
                let shifted = shift(&root, pos);
                add_request(&shifted, range, opts, &mut parsed);
            }
            Ok(None) => {}
            Err(issue) => {
                parsed.issues.push(ParseIssue {
                    span: pos + issue.span.start..pos + issue.span.end,
                    message: issue.message,
                });
                parsed
                    .segments
                    .push(Segment::verbatim(Role::Body, pos + lead..range.end));
            }
        }
        pos = end;
    }
    parsed.segments.sort_by_key(|s| s.range.start);
    parsed
}

/// The spans of the model's own words in one line of a session transcript that is no request:
/// a message `{"role": "assistant", "content": ...}`, bare or under `message` (Claude Code's
/// transcript lines, `{"type": "assistant", "message": {...}}`). Its string content, or the
/// `text` of its content blocks whose type is `text`; tool calls and thinking are left as
/// data.
fn assistant_text(root: &JsonNode) -> Vec<Range<usize>> {
    let msg = match root.get("message") {
        Some(m) if m.get("role").is_some() => m,
        _ => root,
    };
    let is_reply = msg.get("role").is_some_and(
        |r| matches!(&r.value, Json::String(s) if shape::message_role(&s.text) == Role::Assistant),
    );
    let Some(content) = msg.get("content").filter(|_| is_reply) else {
        return Vec::new();
    };
    match &content.value {
        Json::String(_) => vec![content.span.clone()],
        Json::Array(blocks) => blocks
            .iter()
            .filter(|b| matches!(b.get("type").map(|t| &t.value), Some(Json::String(t)) if t.text == "text"))
            .filter_map(|b| b.get("text").map(|t| t.span.clone()))
            .collect(),
        _ => Vec::new(),
    }
}

/// The same tree with every span and string map moved `by` bytes right.
fn shift(node: &JsonNode, by: usize) -> JsonNode {
    let outer = |s: &super::segment::MappedText| {
        let end = s.map.map_range(0..s.text.len()).end;
        super::segment::MappedText {
            text: s.text.clone(),
            map: s
                .map
                .then(&crate::offset_map::OffsetMap::identity(by..by + end + 1)),
        }
    };
    let value = match &node.value {
        Json::String(s) => Json::String(outer(s)),
        Json::Array(a) => Json::Array(a.iter().map(|x| shift(x, by)).collect()),
        Json::Object(m) => Json::Object(
            m.iter()
                .map(|(k, ks, v)| (outer(k), ks.start + by..ks.end + by, shift(v, by)))
                .collect(),
        ),
        other => other.clone(),
    };
    JsonNode {
        span: node.span.start + by..node.span.end + by,
        value,
    }
}

/// Segments and the cache layout of one request whose tree is `root` (spans in source
/// coordinates) and whose source span is `span`.
fn add_request(root: &JsonNode, span: Range<usize>, opts: &ParseOptions, parsed: &mut Parsed) {
    if !is_request(root) {
        let mut segments = super::json::string_segments(root);
        let replies = assistant_text(root);
        for seg in &mut segments {
            if seg.role == Role::JsonString
                && replies
                    .iter()
                    .any(|r| r.start <= seg.range.start && seg.range.end <= r.end)
            {
                seg.role = Role::Assistant;
            }
        }
        parsed.segments.extend(segments);
        return;
    }
    let req = unwrap_request(root);
    let lay = layout(req);
    // Canonical offsets of every string of the static zone, by the source start of its node.
    let mut canon = Vec::new();
    let mut offsets: Vec<(usize, usize)> = Vec::new();
    for e in lay.elements(lay.static_end) {
        lay.write_element(e, &mut canon, &mut |n: &JsonNode, at| {
            offsets.push((n.span.start, at))
        });
    }
    let prefix_bytes = canon.len();
    drop(canon);
    offsets.sort_unstable();
    // Element spans (role lines excluded: their blocks are elements of their own) with role
    // and zone.
    let mut spans: Vec<(Range<usize>, Role, Zone)> = lay
        .items
        .iter()
        .enumerate()
        .filter(|(_, it)| it.role_line.is_none())
        .map(|(i, it)| {
            let zone = if i < lay.static_end {
                Zone::Static
            } else {
                Zone::Dynamic
            };
            (it.node.span.clone(), it.role, zone)
        })
        .collect();
    spans.sort_by_key(|(r, _, _)| r.start);
    let mut pieces = Vec::new();
    root.for_each_string(&mut |s, is_key| {
        let range = s.map.map_range(0..s.text.len());
        let k = spans.partition_point(|(r, _, _)| r.start <= range.start);
        let owner = k
            .checked_sub(1)
            .filter(|&k| spans[k].0.end >= range.end && spans[k].0.start <= range.start);
        let (role, zone) = match (owner, is_key) {
            (_, true) => (Role::JsonKey, Zone::Dynamic),
            (Some(k), false) => (spans[k].1, spans[k].2),
            (None, false) => (Role::JsonString, Zone::Dynamic),
        };
        if zone == Zone::Static
            && !is_key
            && let Ok(j) = offsets.binary_search_by_key(&range.start.saturating_sub(1), |(s, _)| *s)
        {
            pieces.push(PrefixPiece {
                source: range.clone(),
                prefix_offset: offsets[j].1,
            });
        }
        parsed.segments.push(Segment {
            role,
            zone,
            range,
            derived: Some(s.clone()),
        });
    });
    pieces.sort_by_key(|p| p.source.start);
    let tool_results = spans
        .iter()
        .filter(|(_, role, _)| *role == Role::ToolResult)
        .map(|(r, _, _)| ToolResult {
            span: r.clone(),
            bytes: r.len(),
        })
        .collect();
    parsed.cache.push(CacheLayout {
        span,
        boundary: lay.boundary,
        provider: Some(lay.provider),
        model: lay.model.clone(),
        prefix_bytes,
        pieces,
        markers: Vec::new(),
        marker_mentions: Vec::new(),
        breakpoints: lay.breakpoints.iter().map(|n| n.span.clone()).collect(),
        cache_intent: lay.cache_intent,
        tool_results,
        tool_result_budget: opts.tool_result_budget,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::segment::{Boundary, Provider};

    fn zone_of<'a>(p: &'a Parsed, text: &'a str, needle: &str) -> (Role, Zone) {
        let s = p
            .segments
            .iter()
            .find(|s| s.text(text).contains(needle))
            .unwrap_or_else(|| panic!("no segment holds {needle}"));
        (s.role, s.zone)
    }

    const ANTHROPIC: &str = r#"{"model":"claude-sonnet-4-5","metadata":{"user_id":"u-1"},
 "tools":[{"name":"read","description":"Read a file","input_schema":{"type":"object"}}],
 "system":[{"type":"text","text":"You are X."},
           {"type":"text","text":"Rules.","cache_control":{"type":"ephemeral"}},
           {"type":"text","text":"Clock: 14:22"}],
 "messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"},
             {"role":"user","content":[{"type":"text","text":"now?"}]}]}"#;

    #[test]
    fn anthropic_static_zone_ends_at_the_last_breakpoint() {
        let p = parse(ANTHROPIC, &ParseOptions::default());
        assert_eq!(
            zone_of(&p, ANTHROPIC, "Read a file"),
            (Role::Tool, Zone::Static)
        );
        assert_eq!(
            zone_of(&p, ANTHROPIC, "You are X."),
            (Role::System, Zone::Static)
        );
        assert_eq!(
            zone_of(&p, ANTHROPIC, "Rules."),
            (Role::System, Zone::Static)
        );
        assert_eq!(
            zone_of(&p, ANTHROPIC, "Clock"),
            (Role::System, Zone::Dynamic)
        );
        assert_eq!(
            zone_of(&p, ANTHROPIC, "hello"),
            (Role::Assistant, Zone::Dynamic)
        );
        assert_eq!(
            zone_of(&p, ANTHROPIC, "u-1"),
            (Role::JsonString, Zone::Dynamic)
        );
        let l = &p.cache[0];
        assert_eq!(l.boundary, Boundary::Breakpoint);
        assert_eq!(l.provider, Some(Provider::Anthropic));
        assert_eq!(l.breakpoints.len(), 1);
        assert_eq!(
            &ANTHROPIC[l.breakpoints[0].clone()],
            "{\"type\":\"ephemeral\"}"
        );
        // The prefix holds the header, the tool and the two system blocks before the break.
        let header = "{\"model\":\"claude-sonnet-4-5\"}\n";
        let tool = "{\"name\":\"read\",\"description\":\"Read a file\",\"input_schema\":{\"type\":\"object\"}}\n";
        // Blocks with their keys sorted: the order of an object's members is no prompt text.
        let sys1 = "{\"text\":\"You are X.\",\"type\":\"text\"}\n";
        let sys2 = "{\"text\":\"Rules.\",\"type\":\"text\"}\n";
        assert_eq!(
            l.prefix_bytes,
            header.len() + tool.len() + sys1.len() + sys2.len()
        );
        let at = ANTHROPIC.find("You are").unwrap();
        let expected = header.len() + tool.len() + sys1.find("You are").unwrap();
        assert_eq!(l.prefix_offset(at), Some(expected));
        assert_eq!(l.prefix_offset(ANTHROPIC.find("Clock").unwrap()), None);
    }

    #[test]
    fn automatic_caching_stops_before_the_newest_user_message() {
        let t = r#"{"model":"claude-x","cache_control":{"type":"ephemeral"},"system":"S 1","messages":[{"role":"user","content":"old"},{"role":"assistant","content":"A"},{"role":"user","content":"new"}]}"#;
        let p = parse(t, &ParseOptions::default());
        assert_eq!(p.cache[0].boundary, Boundary::Automatic);
        assert_eq!(zone_of(&p, t, "S 1").1, Zone::Static);
        assert_eq!(zone_of(&p, t, "old").1, Zone::Static);
        assert_eq!(zone_of(&p, t, "new").1, Zone::Dynamic);
        let none =
            r#"{"model":"claude-x","system":"S 1","messages":[{"role":"user","content":"q"}]}"#;
        let p = parse(none, &ParseOptions::default());
        assert_eq!(p.cache[0].boundary, Boundary::Uncached);
        assert_eq!(zone_of(&p, none, "S 1"), (Role::System, Zone::Dynamic));
    }

    #[test]
    fn openai_chat_and_responses_roles() {
        let t = r#"{"model":"gpt-4.1","messages":[{"role":"system","content":"Sys"},{"role":"developer","content":"Dev"},{"role":"user","content":"U1"},{"role":"assistant","content":"A1"},{"role":"tool","tool_call_id":"c1","content":"R1"},{"role":"user","content":"U2"}]}"#;
        let p = parse(t, &ParseOptions::default());
        assert_eq!(zone_of(&p, t, "Sys"), (Role::System, Zone::Static));
        assert_eq!(zone_of(&p, t, "Dev"), (Role::Developer, Zone::Static));
        assert_eq!(zone_of(&p, t, "R1"), (Role::ToolResult, Zone::Static));
        assert_eq!(zone_of(&p, t, "U2"), (Role::User, Zone::Dynamic));
        assert_eq!(p.cache[0].tool_results.len(), 1);
        let tool = r#"{"role":"tool","tool_call_id":"c1","content":"R1"}"#;
        assert_eq!(p.cache[0].tool_results[0].bytes, tool.len());
        assert_eq!(&t[p.cache[0].tool_results[0].span.clone()], tool);
        let r = r#"{"model":"gpt-5","instructions":"Ins","input":[{"role":"user","content":"Q"},{"type":"function_call_output","call_id":"x","output":"Out"}]}"#;
        let p = parse(r, &ParseOptions::default());
        assert_eq!(p.cache[0].provider, Some(Provider::OpenAiResponses));
        assert_eq!(zone_of(&p, r, "Ins"), (Role::System, Zone::Static));
        assert_eq!(zone_of(&p, r, "Out"), (Role::ToolResult, Zone::Dynamic));
    }

    #[test]
    fn bedrock_and_gemini_roles_zones_and_cache_points() {
        let b = r#"{"modelId":"m","toolConfig":{"tools":[{"toolSpec":{"name":"read"}},{"cachePoint":{"type":"default"}}]},"system":[{"text":"Sys A"},{"cachePoint":{"type":"default"}},{"text":"Sys B"}],"messages":[{"role":"user","content":[{"text":"Q1"}]},{"role":"assistant","content":[{"toolUse":{"toolUseId":"t","name":"read","input":{}}}]},{"role":"user","content":[{"toolResult":{"toolUseId":"t","content":[{"text":"R1"}]}}]}]}"#;
        let p = parse(b, &ParseOptions::default());
        assert_eq!(p.cache[0].provider, Some(Provider::Bedrock));
        assert_eq!(p.cache[0].boundary, Boundary::Breakpoint);
        assert_eq!(p.cache[0].breakpoints.len(), 2);
        assert_eq!(zone_of(&p, b, "Sys A"), (Role::System, Zone::Static));
        assert_eq!(zone_of(&p, b, "Sys B"), (Role::System, Zone::Dynamic));
        assert_eq!(zone_of(&p, b, "R1"), (Role::ToolResult, Zone::Dynamic));
        let g = r#"{"system_instruction":{"parts":[{"text":"Sys G"}]},"contents":[{"role":"user","parts":[{"text":"Q1"}]},{"role":"model","parts":[{"functionCall":{"name":"read","args":{}}}]},{"role":"user","parts":[{"functionResponse":{"name":"read","response":{"out":"R1"}}}]}]}"#;
        let p = parse(g, &ParseOptions::default());
        assert_eq!(p.cache[0].provider, Some(Provider::Gemini));
        assert_eq!(p.cache[0].boundary, Boundary::NewestUser);
        // The newest user turn is Q1: a function response continues the loop.
        assert_eq!(zone_of(&p, g, "Sys G"), (Role::System, Zone::Static));
        assert_eq!(zone_of(&p, g, "Q1"), (Role::User, Zone::Dynamic));
        assert_eq!(zone_of(&p, g, "R1"), (Role::ToolResult, Zone::Dynamic));
        // A Chat Completions request with Anthropic's breakpoint on a content part (as
        // gateways accept it) is cached up to that message.
        let o = r#"{"model":"anthropic/claude-sonnet-4.5","messages":[{"role":"system","content":[{"type":"text","text":"Sys O","cache_control":{"type":"ephemeral"}}]},{"role":"user","content":"Q"}]}"#;
        let jv: Jv = serde_json::from_str(o).unwrap();
        let l = layout(&jv);
        assert_eq!(l.provider, Provider::OpenAiChat);
        assert_eq!((l.boundary, l.cached_end), (Boundary::Breakpoint, 1));
        assert_eq!(
            model_in_url("https://x/model/arn%3Aaws%3Abedrock%2Fp/converse"),
            Some("arn:aws:bedrock/p".to_owned())
        );
    }

    #[test]
    fn log_lines_are_unwrapped_and_keep_file_offsets() {
        let line1 = r#"{"custom_id":"a","method":"POST","url":"/v1/chat/completions","body":{"model":"gpt-4.1","messages":[{"role":"system","content":"Sys A"},{"role":"user","content":"Q"}]}}"#;
        let line2 = r#"{"request":{"model":"claude-x","system":[{"type":"text","text":"Sys B","cache_control":{"type":"ephemeral"}}],"messages":[{"role":"user","content":"Q"}]}}"#;
        let text = format!("{line1}\n\nnot json\n{line2}\n");
        let p = parse_log(&text, &ParseOptions::default());
        assert_eq!(p.cache.len(), 2);
        assert_eq!(p.issues.len(), 1);
        let seg = p
            .segments
            .iter()
            .find(|s| s.text(&text) == "Sys B")
            .unwrap();
        assert_eq!(&text[seg.range.clone()], "Sys B");
        assert_eq!(seg.zone, Zone::Static);
        assert_eq!(p.cache[1].span.start, line1.len() + 11);
    }

    #[test]
    fn streaming_tree_gives_the_same_prefix() {
        let jv: Jv = serde_json::from_str(ANTHROPIC).unwrap();
        let node = parse_tree(ANTHROPIC).unwrap().unwrap();
        let bytes = |l: &Layout<'_, Jv>| {
            let mut out = Vec::new();
            for e in l.elements(l.cached_end) {
                l.write_element(e, &mut out, &mut |_, _| {});
            }
            out
        };
        let bytes_n = |l: &Layout<'_, JsonNode>| {
            let mut out = Vec::new();
            for e in l.elements(l.cached_end) {
                l.write_element(e, &mut out, &mut |_, _| {});
            }
            out
        };
        let a = bytes(&layout(&jv));
        let b = bytes_n(&layout(&node));
        assert_eq!(a, b);
        assert_eq!(layout(&jv).conversation.as_deref(), Some("u-1"));
    }
}

//! Each provider's cache model on requests written from its documented shapes: what is equal
//! after normalization, what breaks, what is billed, and predictions against reported usage.

use serde_json::{Value, json};

use super::*;
use crate::parse::request::Jv;

/// About `n` bytes of ordinary instructions (each line distinct, so nothing compresses).
fn big(n: usize) -> String {
    let mut s = String::new();
    let mut i = 0;
    while s.len() < n {
        i += 1;
        s.push_str(&format!(
            "Rule {i}: read the module before editing it and keep the diff small.\n"
        ));
    }
    s
}

struct Fed {
    req: Value,
    reported: Option<Reported>,
    url: Option<&'static str>,
    response_id: Option<&'static str>,
    output: Option<Value>,
    time_ms: Option<u64>,
}

fn fed(req: Value) -> Fed {
    Fed {
        req,
        reported: None,
        url: None,
        response_id: None,
        output: None,
        time_ms: None,
    }
}

fn reported(input: u64, read: u64, write: Option<u64>) -> Option<Reported> {
    Some(Reported {
        input_tokens: Some(input),
        cache_read: Some(read),
        cache_write: write,
        output_tokens: None,
    })
}

fn analyse(requests: Vec<Fed>) -> Vec<Conversation> {
    let mut an = Analyzer::new("log", CacheOptions::default());
    let mut closed = Vec::new();
    for (i, f) in requests.iter().enumerate() {
        let root: Jv = serde_json::from_str(&f.req.to_string()).unwrap();
        let output: Option<Jv> = f
            .output
            .as_ref()
            .map(|o| serde_json::from_str(&o.to_string()).unwrap());
        an.feed_request(
            Request {
                line: i as u64 + 1,
                span: (0, 0),
                root: &root,
                url: f.url,
                reported: f.reported,
                response_id: f.response_id,
                response_output: output.as_ref(),
                time_ms: f.time_ms,
            },
            &mut closed,
        )
        .unwrap();
    }
    closed.extend(an.finish());
    closed
}

fn ephemeral() -> Value {
    json!({"type": "ephemeral"})
}

#[test]
fn anthropic_string_and_single_text_block_are_one_prompt() {
    let system = big(9000);
    // Turn 1 sends the user message as a string; turn 2 as one text block carrying the
    // breakpoint. The provider compares tokens: turn 2 reads all of turn 1's prefix.
    let t1 = json!({"model": "claude-sonnet-4-5",
        "system": [{"type": "text", "text": system, "cache_control": ephemeral()}],
        "messages": [{"role": "user", "content": "Where is the parser?"}]});
    let t2 = json!({"model": "claude-sonnet-4-5",
        "system": [{"type": "text", "text": system, "cache_control": ephemeral()}],
        "messages": [
            {"role": "user", "content": [{"type": "text", "text": "Where is the parser?"}]},
            {"role": "assistant", "content": "In src/parse."},
            {"role": "user", "content": [{"type": "text", "text": "And the lexer?", "cache_control": ephemeral()}]}]});
    let convs = analyse(vec![fed(t1), fed(t2)]);
    assert_eq!(convs.len(), 1);
    let t = &convs[0].turns;
    assert_eq!(t[1].broken, None);
    // The system breakpoint's entry (written by turn 1) is read by turn 2.
    assert!(t[0].predicted.cache_write.unwrap() >= 2048, "{:?}", t[0]);
    assert_eq!(t[0].predicted.cache_read, 0);
    assert_eq!(
        t[1].predicted.cache_read,
        t[0].predicted.cache_write.unwrap()
    );
}

#[test]
fn a_dropped_prior_thinking_block_is_no_break() {
    let system = big(9000);
    let sys = json!([{"type": "text", "text": system, "cache_control": ephemeral()}]);
    let thinking =
        json!({"type": "thinking", "thinking": "The parser lives in src.", "signature": "c2ln"});
    let t2 = json!({"model": "claude-sonnet-4-5", "system": sys, "messages": [
        {"role": "user", "content": "Where is the parser?"},
        {"role": "assistant", "content": [thinking, {"type": "text", "text": "In src/parse."}]},
        {"role": "user", "content": [{"type": "text", "text": "And the lexer?", "cache_control": ephemeral()}]}]});
    // The SDK drops the earlier thinking block; the API strips it anyway.
    let t3 = json!({"model": "claude-sonnet-4-5", "system": sys, "messages": [
        {"role": "user", "content": "Where is the parser?"},
        {"role": "assistant", "content": [{"type": "text", "text": "In src/parse."}]},
        {"role": "user", "content": [{"type": "text", "text": "And the lexer?"}]},
        {"role": "assistant", "content": "In src/lex."},
        {"role": "user", "content": [{"type": "text", "text": "Thanks.", "cache_control": ephemeral()}]}]});
    let convs = analyse(vec![fed(t2), fed(t3)]);
    assert_eq!(convs.len(), 1);
    assert_eq!(convs[0].turns[1].broken, None);
}

#[test]
fn a_tool_choice_change_is_billed_as_the_messages_only() {
    let system = big(9000);
    let history = big(6000);
    let req = |choice: Value| {
        json!({"model": "claude-sonnet-4-5", "tool_choice": choice,
            "tools": [{"name": "read", "description": "Read a file", "input_schema": {"type": "object"}}],
            "system": [{"type": "text", "text": system, "cache_control": ephemeral()}],
            "messages": [
                {"role": "user", "content": history},
                {"role": "assistant", "content": "Done."},
                {"role": "user", "content": [{"type": "text", "text": "Next?", "cache_control": ephemeral()}]}]})
    };
    let convs = analyse(vec![
        fed(req(json!({"type": "auto"}))),
        fed(req(json!({"type": "tool", "name": "read"}))),
    ]);
    let t = &convs[0].turns;
    let b = t[1]
        .broken
        .as_ref()
        .expect("the tool_choice change breaks the messages");
    assert_eq!(b.reason, Reason::ParamsChanged);
    assert_eq!(b.path, "tool_choice/thinking");
    assert!(b.billed);
    // What is re-billed is the messages (about 6,100 bytes, 4 bytes a token), not the
    // 9,000-byte system text before the parameters line, which turn 2 still reads.
    assert!((1450..1700).contains(&b.est_tokens_rebilled), "{b:?}");
    assert!(t[1].predicted.cache_read >= 2200, "{:?}", t[1].predicted);
    assert!(t[1].predicted.cache_read < 2500, "{:?}", t[1].predicted);
}

#[test]
fn an_openai_tool_loop_with_one_user_message_finds_a_truncated_tool_result() {
    let system = big(8000);
    let result = big(3000);
    let call = |id: &str| {
        json!({"role": "assistant", "content": null, "tool_calls": [{"id": id, "type": "function",
            "function": {"name": "read", "arguments": "{}"}}]})
    };
    let mut msgs = vec![
        json!({"role": "system", "content": system}),
        json!({"role": "user", "content": "Summarise the repository."}),
        call("c1"),
        json!({"role": "tool", "tool_call_id": "c1", "content": result}),
    ];
    let t1 = json!({"model": "gpt-4.1", "messages": msgs.clone()});
    msgs.push(call("c2"));
    msgs.push(json!({"role": "tool", "tool_call_id": "c2", "content": "short"}));
    let t2 = json!({"model": "gpt-4.1", "messages": msgs.clone()});
    // The loop trims the old tool result to save tokens: the cache breaks there.
    msgs[3] = json!({"role": "tool", "tool_call_id": "c1", "content": "[truncated]"});
    msgs.push(call("c3"));
    let t3 = json!({"model": "gpt-4.1", "messages": msgs});
    let convs = analyse(vec![fed(t1), fed(t2), fed(t3)]);
    assert_eq!(convs.len(), 1);
    let t = &convs[0].turns;
    assert_eq!(t[1].broken, None, "the loop grows the prefix");
    // Turn 2 reads all of turn 1 (in 128-token steps past 1024).
    let read = t[1].predicted.cache_read;
    assert!(read >= 2560 && (read - 1024).is_multiple_of(128), "{read}");
    let b = t[2]
        .broken
        .as_ref()
        .expect("the truncation breaks the prefix");
    assert_eq!(b.reason, Reason::ToolResultTruncated);
    assert_eq!(b.path, "messages[3].content +0");
    assert_eq!(b.detail, "3145 -> 60 bytes");
    assert!(b.billed);
}

#[test]
fn a_model_fallback_without_an_id_is_model_changed_and_billed() {
    let system = big(8000);
    let req = |model: &str, n: usize| {
        let mut msgs = vec![json!({"role": "system", "content": system})];
        for i in 0..n {
            msgs.push(json!({"role": "user", "content": format!("q{i}")}));
            msgs.push(json!({"role": "assistant", "content": format!("a{i}")}));
        }
        msgs.push(json!({"role": "user", "content": format!("q{n}")}));
        json!({"model": model, "messages": msgs})
    };
    let convs = analyse(vec![
        fed(req("gpt-4.1", 0)),
        fed(req("gpt-4.1", 1)),
        fed(req("gpt-4.1-mini", 2)),
        fed(req("gpt-4.1", 3)),
    ]);
    assert_eq!(convs.len(), 1);
    let t = &convs[0].turns;
    let b = t[2].broken.as_ref().expect("the fallback breaks");
    assert_eq!(
        (b.reason, b.detail.as_str(), b.path.as_str(), b.at),
        (
            Reason::ModelChanged,
            "gpt-4.1 -> gpt-4.1-mini",
            "model",
            "{\"model\":\"gpt-4.1".len() as u64
        )
    );
    assert!(b.billed && b.est_tokens_rebilled > 2000, "{b:?}");
    assert_eq!(t[2].predicted.cache_read, 0);
    // Back on the first model, turn 2's prefix is read again.
    assert_eq!(t[3].broken, None);
    assert!(t[3].predicted.cache_read >= 2048);
}

#[test]
fn bedrock_and_gemini_clocks_before_the_cache_point_break_the_prefix() {
    let system = big(8000);
    let bedrock = |clock: &str, n: usize| {
        let mut msgs = Vec::new();
        for i in 0..n {
            msgs.push(json!({"role": "user", "content": [{"text": format!("q{i}")}]}));
            msgs.push(json!({"role": "assistant", "content": [{"text": format!("a{i}")}]}));
        }
        msgs.push(json!({"role": "user", "content": [{"text": format!("q{n}")}, {"cachePoint": {"type": "default"}}]}));
        json!({"system": [{"text": format!("{system}Current time: {clock}\nBe brief.")}, {"cachePoint": {"type": "default"}}],
            "messages": msgs, "inferenceConfig": {"maxTokens": 512}})
    };
    let mut a = fed(bedrock("14:22", 0));
    a.url = Some(
        "https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse",
    );
    let mut b = fed(bedrock("14:23", 1));
    b.url = a.url;
    let convs = analyse(vec![a, b]);
    let t = &convs[0].turns;
    assert_eq!(t[0].provider, "bedrock");
    assert_eq!(
        t[0].model.as_deref(),
        Some("anthropic.claude-sonnet-4-5-20250929-v1:0")
    );
    let br = t[1]
        .broken
        .as_ref()
        .expect("the clock breaks the Bedrock prefix");
    assert_eq!(br.reason, Reason::Timestamp);
    assert!(br.path.starts_with("system[0].text +"), "{}", br.path);
    assert!(br.billed);

    let gemini = |clock: &str, n: usize| {
        let mut contents = Vec::new();
        for i in 0..n {
            contents.push(json!({"role": "user", "parts": [{"text": format!("q{i}")}]}));
            contents.push(json!({"role": "model", "parts": [{"text": format!("a{i}")}]}));
        }
        contents.push(json!({"role": "user", "parts": [{"text": format!("q{n}")}]}));
        json!({"systemInstruction": {"parts": [{"text": format!("Today is {clock}.\n{system}")}]},
            "contents": contents})
    };
    let mut a = fed(gemini("2026-12-01", 0));
    a.url = Some(
        "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent",
    );
    let mut b = fed(gemini("2026-12-02", 1));
    b.url = a.url;
    let convs = analyse(vec![a, b]);
    let t = &convs[0].turns;
    assert_eq!(
        (t[0].provider, t[0].model.as_deref()),
        ("gemini", Some("gemini-2.5-flash"))
    );
    let br = t[1]
        .broken
        .as_ref()
        .expect("the date breaks the Gemini prefix");
    assert_eq!(br.reason, Reason::Timestamp);
    assert_eq!(br.path, "systemInstruction.parts[0].text +18");
}

#[test]
fn a_responses_chain_continues_its_conversation() {
    let ins = big(8000);
    let mut t1 = fed(json!({"model": "gpt-5", "instructions": ins,
        "input": [{"role": "user", "content": "Where is the parser?"}]}));
    t1.response_id = Some("resp_1");
    t1.output = Some(json!([{"type": "message", "role": "assistant",
        "content": [{"type": "output_text", "text": "In src/parse."}]}]));
    let t2 = fed(
        json!({"model": "gpt-5", "instructions": ins, "previous_response_id": "resp_1",
        "input": [{"role": "user", "content": "And the lexer?"}]}),
    );
    let convs = analyse(vec![t1, t2]);
    assert_eq!(convs.len(), 1, "the chain is one conversation");
    let t = &convs[0].turns;
    assert_eq!(t[1].broken, None);
    assert!(t[1].predicted.cache_read >= 1920, "{:?}", t[1].predicted);
    // Changing the instructions (not carried over by previous_response_id) breaks it.
    let mut t1 = fed(json!({"model": "gpt-5", "instructions": ins,
        "input": [{"role": "user", "content": "Where is the parser?"}]}));
    t1.response_id = Some("resp_1");
    let t2 = fed(
        json!({"model": "gpt-5", "instructions": format!("{ins}Now: 14:22"),
        "previous_response_id": "resp_1", "input": [{"role": "user", "content": "And?"}]}),
    );
    let convs = analyse(vec![t1, t2]);
    assert_eq!(convs.len(), 1);
    let b = convs[0].turns[1]
        .broken
        .as_ref()
        .expect("instructions changed");
    assert!(b.path.starts_with("instructions +"), "{}", b.path);
}

#[test]
fn predicted_and_reported_cache_reads_agree_on_an_anthropic_conversation() {
    // Written as the Messages API reports usage: input_tokens excludes cached tokens,
    // cache_read_input_tokens and cache_creation_input_tokens count them; the total is the sum.
    let system = big(12_000);
    let req = |n: usize| {
        let mut msgs = Vec::new();
        for i in 0..n {
            msgs.push(
                json!({"role": "user", "content": format!("Question {i} about the code base?")}),
            );
            msgs.push(json!({"role": "assistant", "content": format!("Answer {i}: see the module docs.")}));
        }
        msgs.push(json!({"role": "user", "content": [{"type": "text", "text": format!("Question {n} about the code base?"), "cache_control": ephemeral()}]}));
        json!({"model": "claude-sonnet-4-5",
            "system": [{"type": "text", "text": system, "cache_control": ephemeral()}],
            "messages": msgs})
    };
    // ~12,000 bytes of system text is about 2,700 tokens: turn 1 writes it all; turns 2 and
    // 3 read what the turn before wrote and write the new messages.
    let mut a = fed(req(0));
    a.reported = reported(2712, 0, Some(2712));
    let mut b = fed(req(1));
    b.reported = reported(2740, 2712, Some(28));
    let mut c = fed(req(2));
    c.reported = reported(2768, 2740, Some(28));
    let convs = analyse(vec![a, b, c]);
    let t = &convs[0].turns;
    for turn in t {
        assert_eq!(turn.agrees(), Some(true), "{turn:?}");
    }
    assert_eq!(t[0].predicted.cache_read, 0);
    assert_eq!(t[1].hit_ratio().map(|h| (h * 100.0).round()), Some(99.0));
    let s = convs[0].summary();
    assert_eq!(
        (
            s.input_tokens,
            s.cache_read,
            s.reported_turns,
            s.disagreements
        ),
        (8220, 5452, 3, 0)
    );
    // A report of a miss where the model predicts a hit is a disagreement.
    let mut a = fed(req(0));
    a.reported = reported(2712, 0, Some(2712));
    let mut b = fed(req(1));
    b.reported = reported(2740, 0, Some(2740));
    let convs = analyse(vec![a, b]);
    assert_eq!(convs[0].turns[1].agrees(), Some(false));
    assert_eq!(convs[0].summary().disagreements, 1);
}

#[test]
fn system_and_tool_changes_are_listed_for_assert_stable() {
    let req = |sys: &str, tool: &str, n: usize| {
        let mut msgs = vec![json!({"role": "system", "content": sys})];
        for i in 0..n {
            msgs.push(json!({"role": "user", "content": format!("q{i}")}));
            msgs.push(json!({"role": "assistant", "content": "a"}));
        }
        msgs.push(json!({"role": "user", "content": format!("q{n}")}));
        json!({"model": "gpt-4.1", "tools": [{"type": "function", "function": {"name": tool}}],
            "messages": msgs})
    };
    let convs = analyse(vec![
        fed(req("Be brief.", "read", 0)),
        fed(req("Be brief.", "read", 1)),
        fed(req("Be brief. Say hi.", "write", 2)),
    ]);
    assert_eq!(convs.len(), 1);
    let t = &convs[0].turns;
    assert!(t[1].changes.is_empty());
    assert_eq!(
        t[2].changes,
        vec![
            PartChange {
                part: "system",
                path: "messages[0].content +9".into(),
                was: "{\"content\":\"Be brief.\",\"role\":\"system\"}".into(),
                now: "{\"content\":\"Be brief. Say hi.\",\"role\":\"system\"}".into(),
            },
            PartChange {
                part: "tools",
                path: "tools[0].function.name +0".into(),
                was: "{\"function\":{\"name\":\"read\"},\"type\":\"function\"}".into(),
                now: "{\"function\":{\"name\":\"write\"},\"type\":\"function\"}".into(),
            },
        ]
    );
}

#[test]
fn entries_older_than_the_ttl_are_not_read() {
    let system = big(9000);
    let req = |n: usize, ttl: Option<&str>| {
        let mut cc = json!({"type": "ephemeral"});
        if let Some(t) = ttl {
            cc["ttl"] = json!(t);
        }
        let mut msgs = Vec::new();
        for i in 0..n {
            msgs.push(json!({"role": "user", "content": format!("q{i}")}));
            msgs.push(json!({"role": "assistant", "content": format!("a{i}")}));
        }
        msgs.push(json!({"role": "user", "content": [{"type": "text", "text": format!("q{n}"), "cache_control": cc}]}));
        json!({"model": "claude-sonnet-4-5",
            "system": [{"type": "text", "text": system, "cache_control": cc}],
            "messages": msgs})
    };
    let at = |req: Value, minute: u64| {
        let mut f = fed(req);
        f.time_ms = Some(1_780_000_000_000 + minute * 60_000);
        f
    };
    // Ten minutes apart: the default 5-minute entry is gone, a 1-hour one is read.
    let convs = analyse(vec![at(req(0, None), 0), at(req(1, None), 10)]);
    let p = convs[0].turns[1].predicted;
    assert_eq!((p.cache_read, p.expired), (0, true));
    assert_eq!(convs[0].turns[1].broken, None, "the prefix itself held");
    let convs = analyse(vec![at(req(0, Some("1h")), 0), at(req(1, Some("1h")), 10)]);
    let p = convs[0].turns[1].predicted;
    assert!(p.cache_read >= 2048 && !p.expired, "{p:?}");
    // Four minutes apart, then four more: each read refreshes the entry.
    let convs = analyse(vec![
        at(req(0, None), 0),
        at(req(1, None), 4),
        at(req(2, None), 8),
    ]);
    assert!(convs[0].turns[2].predicted.cache_read >= 2048);
    assert!(!convs[0].turns[2].predicted.expired);
}

#[test]
fn the_canonical_order_follows_the_provider_facts() {
    use crate::parse::Provider;
    use crate::parse::request::{Element, Section, layout};
    use crate::providers::{Part, Providers};
    let facts = Providers::builtin();
    let requests = [
        json!({"model": "claude-sonnet-4-5", "tools": [{"name": "t", "input_schema": {}}],
            "system": "S", "tool_choice": {"type": "auto"},
            "messages": [{"role": "user", "content": "q"}]}),
        json!({"model": "gpt-4.1", "tools": [{"type": "function", "function": {"name": "t"}}],
            "messages": [{"role": "system", "content": "S"}, {"role": "user", "content": "q"}]}),
        json!({"modelId": "m", "toolConfig": {"tools": [{"toolSpec": {"name": "t"}}]},
            "system": [{"text": "S"}], "messages": [{"role": "user", "content": [{"text": "q"}]}]}),
        json!({"systemInstruction": {"parts": [{"text": "S"}]},
            "tools": [{"functionDeclarations": [{"name": "t"}]}],
            "contents": [{"role": "user", "parts": [{"text": "q"}]}]}),
    ];
    for (req, provider) in requests.iter().zip([
        Provider::Anthropic,
        Provider::OpenAiChat,
        Provider::Bedrock,
        Provider::Gemini,
    ]) {
        let root: Jv = serde_json::from_str(&req.to_string()).unwrap();
        let lay = layout(&root);
        assert_eq!(lay.provider, provider);
        // The parts in the order the layout writes them (OpenAI's system message is the
        // first message).
        let mut parts: Vec<Part> = Vec::new();
        for it in &lay.items {
            let part = match (it.section, it.role) {
                (Section::Tools, _) => Part::Tools,
                (Section::System, _) => Part::System,
                (Section::Messages, crate::parse::segment::Role::System) => Part::System,
                _ => Part::Messages,
            };
            if parts.last() != Some(&part) {
                parts.push(part);
            }
        }
        assert_eq!(
            Some(parts.as_slice()),
            facts.prefix_order(provider),
            "{provider:?}"
        );
    }
    // Anthropic's tool_choice and thinking invalidate the messages only: their line sits after
    // the system text, before the first message.
    for change in ["tool_choice", "thinking"] {
        assert_eq!(
            facts.invalidates(Provider::Anthropic, change),
            Some(&[Part::Messages][..])
        );
    }
    let root: Jv = serde_json::from_str(&requests[0].to_string()).unwrap();
    let lay = layout(&root);
    let order = lay.elements(lay.items.len());
    let params = order.iter().position(|e| *e == Element::Params).unwrap();
    assert_eq!(order[params - 1], Element::Item(1), "after the system text");
    assert_eq!(lay.items[2].section, Section::Messages);
    assert_eq!(order[params + 1], Element::Item(2), "before the messages");
}

/// crewAI's `test_anthropic_cached_prompt_tokens_with_tools`, rebuilt: two conversations
/// with the same system text and tools, another question each, a breakpoint on the question.
/// The first reads an entry written before the log (a range, not a disagreement); the second
/// reads what the first wrote behind its breakpoint (class B), sized by the first's own
/// reported figures.
#[test]
fn a_later_conversation_reads_the_entry_an_earlier_one_wrote() {
    let system = big(5_600);
    let req = |q: &str| {
        json!({"model": "claude-sonnet-4-5-20250929", "max_tokens": 4096,
            "system": system,
            "tools": [{"name": "get_weather", "description": "Weather of a city.",
                "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}],
            "messages": [{"role": "user", "content": [{"type": "text", "text": q, "cache_control": ephemeral()}]}]})
    };
    let mut a = fed(req("What is the weather in Tokyo?"));
    a.reported = reported(1881, 1857, Some(0));
    let mut b = fed(req("What is the weather in Paris?"));
    b.reported = reported(1881, 1857, Some(0));
    let convs = analyse(vec![a, b]);
    assert_eq!(convs.len(), 2);
    let (t1, t2) = (&convs[0].turns[0], &convs[1].turns[0]);
    assert_eq!(t1.predicted.cache_read, 0);
    assert_eq!(t1.predicted.confidence, Confidence::OutsideLog);
    assert_eq!(t1.outcome(), Some(Outcome::OutsideModel));
    assert_eq!(t1.agrees(), None);
    assert_eq!(t2.predicted.confidence, Confidence::Deterministic);
    assert_eq!(t2.predicted.cache_read, 1840);
    assert_eq!(t2.outcome(), Some(Outcome::Agrees));
}

/// crewAI's `test_openai_completions_cached_prompt_tokens` and
/// `test_openai_streaming_cached_prompt_tokens`, rebuilt: a second conversation with the same
/// system text reads it in 128-token steps; a provider that then reads nothing is its best
/// effort, not a model error.
#[test]
fn openai_conversations_share_the_cache_and_a_miss_is_best_effort() {
    let system = big(5_700);
    let req = |q: &str| {
        json!({"model": "gpt-4.1-mini", "messages": [
            {"role": "system", "content": system},
            {"role": "user", "content": q}]})
    };
    let mut a = fed(req("Say hi."));
    a.reported = reported(1144, 0, None);
    let mut b = fed(req("Say bye."));
    b.reported = reported(1144, 1024, None);
    let mut c = fed(req("Say hello again."));
    c.reported = reported(1146, 0, None);
    let convs = analyse(vec![a, b, c]);
    let turns: Vec<&Turn> = convs.iter().flat_map(|c| &c.turns).collect();
    assert_eq!(turns.len(), 3);
    assert_eq!(turns[1].predicted.cache_read, 1024);
    assert_eq!(turns[1].outcome(), Some(Outcome::Agrees));
    assert!(turns[2].predicted.best_effort);
    assert_eq!(turns[2].predicted.cache_read, 1024);
    assert_eq!(turns[2].outcome(), Some(Outcome::ProviderReadLess));
}

/// ruby_llm's `cachedcontent_explicit_caching_round-trip` and pydantic-ai's
/// `test_google_model_cached_content`, rebuilt: a `cachedContents` create call is no turn;
/// the generateContent calls that name the cache read all of it (class C).
#[test]
fn a_gemini_explicit_cache_created_in_the_log_is_read_whole() {
    let mut create = fed(json!({"model": "models/gemini-2.5-flash",
        "contents": [{"role": "user", "parts": [{"text": big(14_000)}]}]}));
    create.url = Some("https://generativelanguage.googleapis.com/v1beta/cachedContents");
    let use_it = |q: &str| {
        let mut f = fed(json!({"cachedContent": "cachedContents/7lf5him5ev4i",
            "contents": [{"role": "user", "parts": [{"text": q}]}]}));
        f.url = Some(
            "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent",
        );
        f
    };
    let mut a = use_it("What is the capital of France?");
    a.reported = reported(3520, 3512, None);
    let mut b = use_it("Say the capital one more time.");
    b.reported = reported(3520, 3512, None);
    let convs = analyse(vec![create, a, b]);
    let turns: Vec<&Turn> = convs.iter().flat_map(|c| &c.turns).collect();
    assert_eq!(turns.len(), 2, "the create call is no turn");
    for t in turns {
        assert_eq!(t.predicted.confidence, Confidence::Deterministic);
        assert!(t.predicted.cache_read > 3470 && t.predicted.cache_read <= 3520);
        assert_eq!(t.outcome(), Some(Outcome::Agrees), "{t:?}");
    }
}

/// ruby_llm's `chat_function_calling_openai_gpt-5-nano_can_handle_multiple_tool_calls`,
/// rebuilt (class D): an earlier entry keeps the size its own request reported (1542 tokens,
/// 1536 in 128-token steps); a later turn whose history holds opaque blobs (few tokens for
/// many bytes) does not shrink it.
#[test]
fn an_earlier_entry_keeps_the_size_its_request_reported() {
    let system = big(6_000);
    let blob = "QUJD".repeat(2_000);
    let one = json!({"model": "gpt-5-nano", "input": [
        {"role": "developer", "content": system},
        {"role": "user", "content": "Weather in Berlin and Paris?"}]});
    let mut two = one.clone();
    two["input"]
        .as_array_mut()
        .unwrap()
        .push(json!({"type": "reasoning", "encrypted_content": blob}));
    two["input"]
        .as_array_mut()
        .unwrap()
        .push(json!({"role": "user", "content": "And in Rome?"}));
    let mut a = fed(one);
    a.url = Some("https://api.openai.com/v1/responses");
    a.reported = reported(1542, 0, None);
    let mut b = fed(two);
    b.url = Some("https://api.openai.com/v1/responses");
    b.reported = reported(1586, 1536, None);
    let convs = analyse(vec![a, b]);
    let t = &convs[0].turns;
    assert_eq!(t.len(), 2);
    assert_eq!(t[1].predicted.cache_read, 1536);
    assert_eq!(t[1].outcome(), Some(Outcome::Agrees));
}

/// ruby_llm's `chat_web_search_with_openai` and `..._xai_grok`, rebuilt (class E): server-side
/// tools and OpenAI-compatible providers are verdicts of their own, never disagreements.
#[test]
fn server_tools_and_compatible_providers_are_outside_the_model() {
    let mut a = fed(
        json!({"model": "gpt-5.2", "tools": [{"type": "web_search"}],
        "input": [{"role": "user", "content": "Latest Rust release?"}]}),
    );
    a.url = Some("https://api.openai.com/v1/responses");
    a.reported = reported(4565, 4352, None);
    let mut b = fed(json!({"model": "grok-4-1-fast-non-reasoning",
        "input": [{"role": "user", "content": "Weather?"}]}));
    b.url = Some("https://api.x.ai/v1/responses");
    b.reported = reported(470, 192, None);
    let convs = analyse(vec![a, b]);
    let turns: Vec<&Turn> = convs.iter().flat_map(|c| &c.turns).collect();
    assert_eq!(turns[0].predicted.confidence, Confidence::ServerTools);
    assert_eq!(turns[1].predicted.confidence, Confidence::Compatible);
    for t in turns {
        assert_eq!(t.predicted.cache_read_max, None);
        assert_eq!(t.outcome(), Some(Outcome::OutsideModel));
    }
}

/// The shared store stays within its bound: past it the least recently used quarter goes.
#[test]
fn the_shared_cache_is_bounded() {
    let mut s = super::open::Shared::default();
    let scope = super::open::Shared::scope("openai", None);
    let max = crate::bounds::MAX_CACHE_SHARED_ENTRIES;
    for i in 0..=max as u64 {
        let mut bound = [0u8; 16];
        bound[..8].copy_from_slice(&i.to_le_bytes());
        s.put(&scope, &bound, i, true, None, u64::MAX);
    }
    assert!(s.len() <= max * 3 / 4 + 1, "{}", s.len());
    let mut newest = [0u8; 16];
    newest[..8].copy_from_slice(&(max as u64).to_le_bytes());
    assert_eq!(s.get(&scope, &newest).map(|e| e.tokens), Some(max as u64));
    assert!(
        s.get(&scope, &[0u8; 16]).is_none(),
        "the oldest entry was forgotten"
    );
}

/// crewAI's `test_hierarchical_process`, rebuilt (class F2): OpenAI caches a request's
/// completion with its prompt, so the next turn, which replays the assistant's reply, reads
/// prompt and reply (1233 + 188 = 1421 tokens, 1408 in 128-token steps), not only the
/// previous prompt (1152).
#[test]
fn openai_reads_the_previous_completion_with_its_prompt() {
    let system = big(5_000);
    let reply = big(800);
    let one = json!({"model": "gpt-4o", "messages": [
        {"role": "system", "content": system},
        {"role": "user", "content": "Plan the research."}]});
    let mut two = one.clone();
    two["messages"]
        .as_array_mut()
        .unwrap()
        .push(json!({"role": "assistant", "content": reply}));
    two["messages"]
        .as_array_mut()
        .unwrap()
        .push(json!({"role": "user", "content": "Now write it up."}));
    let mut a = fed(one);
    a.reported = Some(Reported {
        input_tokens: Some(1233),
        cache_read: Some(0),
        cache_write: None,
        output_tokens: Some(188),
    });
    let mut b = fed(two.clone());
    b.reported = reported(1430, 1408, None);
    let convs = analyse(vec![a, b]);
    let t = &convs[0].turns;
    assert_eq!(t.len(), 2);
    assert_eq!(t[1].predicted.cache_read, 1408);
    assert_eq!(t[1].outcome(), Some(Outcome::Agrees));
    // Without the completion's figure, only the previous prompt is read.
    let mut a = fed(t_one(&two));
    a.reported = reported(1233, 0, None);
    let mut b = fed(two);
    b.reported = reported(1430, 1408, None);
    let convs = analyse(vec![a, b]);
    assert_eq!(convs[0].turns[1].predicted.cache_read, 1152);
}

/// The first request of [`openai_reads_the_previous_completion_with_its_prompt`]: `two`
/// without its last two messages.
fn t_one(two: &Value) -> Value {
    let mut one = two.clone();
    let m = one["messages"].as_array_mut().unwrap();
    m.truncate(m.len() - 2);
    one
}

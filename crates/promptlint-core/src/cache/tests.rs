//! The streaming analysis on small logs: grouping, stability, reasons, bounds.
use super::analyzer::MAX_TURNS_PER_PART;
use super::*;

fn run(log: &str) -> Vec<Conversation> {
    let mut out = Vec::new();
    let r = analyse_reader(
        "t.jsonl",
        log.as_bytes(),
        CacheOptions::default(),
        &mut |c| out.push(c),
    )
    .unwrap();
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    out
}

fn req(system: &str, msgs: &[&str]) -> String {
    let mut m = Vec::new();
    for (i, t) in msgs.iter().enumerate() {
        let role = if i % 2 == 0 { "user" } else { "assistant" };
        m.push(format!(
            "{{\"role\":\"{role}\",\"content\":[{{\"type\":\"text\",\"text\":\"{t}\"}}]}}"
        ));
    }
    // breakpoint on the last block of the newest message
    let last = m
        .pop()
        .unwrap()
        .replace("\"}]}", "\",\"cache_control\":{\"type\":\"ephemeral\"}}]}");
    m.push(last);
    format!(
        "{{\"model\":\"claude-sonnet-4-5\",\"system\":[{{\"type\":\"text\",\"text\":\"{system}\"}}],\"messages\":[{}]}}",
        m.join(",")
    )
}

#[test]
fn growing_conversation_is_stable_and_a_clock_breaks_it() {
    let s = "You are X.\\nBe concise.";
    let c = "You are X.\\nCurrent time: 14:22\\nBe concise.";
    let log = [
        req(s, &["a"]),
        req(s, &["a", "b", "c"]),
        req(c, &["a", "b", "c", "d", "e"]),
        req(s, &["a", "b", "c", "d", "e", "f", "g"]),
    ]
    .join("\n");
    let convs = run(&log);
    assert_eq!(convs.len(), 1);
    let t = &convs[0].turns;
    assert!(t[0].broken.is_none() && t[1].broken.is_none());
    let b = t[2].broken.as_ref().expect("turn 3 broken");
    assert_eq!(b.reason, Reason::Timestamp);
    let header = "{\"model\":\"claude-sonnet-4-5\"}\n".len();
    let sys = "{\"text\":\"You are X.\\n".len();
    assert_eq!(b.at, (header + sys) as u64);
    assert!(b.now.contains("Current time: 14:22"), "{}", b.now);
    assert!(t[3].broken.is_none(), "turn 4 reuses turn 2's prefix");
}

#[test]
fn reordered_tools_and_model_change() {
    let a = r#"{"model":"gpt-4.1","tools":[{"type":"function","function":{"name":"a"}},{"type":"function","function":{"name":"b"}}],"messages":[{"role":"system","content":"S"},{"role":"user","content":"q1"}]}"#;
    let b = r#"{"model":"gpt-4.1","tools":[{"type":"function","function":{"name":"b"}},{"type":"function","function":{"name":"a"}}],"messages":[{"role":"system","content":"S"},{"role":"user","content":"q1"},{"role":"assistant","content":"r"},{"role":"user","content":"q2"}]}"#;
    let convs = run(&format!("{a}\n{b}\n"));
    let br = convs[0].turns[1].broken.as_ref().unwrap();
    assert_eq!(
        (br.reason, br.detail.as_str()),
        (Reason::ToolsChanged, "reordered")
    );
    let c = b.replace("gpt-4.1", "gpt-4.1-mini").replace("\"q2\"}]", "\"q2\"},{\"role\":\"assistant\",\"content\":\"x\"},{\"role\":\"user\",\"content\":\"q3\"}]");
    let with_id = |s: &str| s.replacen('{', "{\"prompt_cache_key\":\"k\",", 1);
    let convs = run(&format!("{}\n{}\n", with_id(b), with_id(&c)));
    assert_eq!(convs[0].id, "k");
    let br = convs[0].turns[1].broken.as_ref().unwrap();
    assert_eq!(
        (br.reason, br.detail.as_str()),
        (Reason::ModelChanged, "gpt-4.1 -> gpt-4.1-mini")
    );
    assert_eq!(br.path, "model");
    assert_eq!(br.at, "{\"model\":\"gpt-4.1".len() as u64);
}

#[test]
fn conversations_are_grouped_by_their_first_messages() {
    // A replay whose message list does not grow stays in its conversation, and so does
    // a model fallback; another first user message opens another conversation.
    let log = [
        req("S", &["a"]),
        req("S", &["a"]),
        req("S", &["b"]),
        req("S", &["a", "b", "c"]),
        req("S", &["a", "b", "c"]).replace("claude-sonnet-4-5", "claude-haiku-4-5"),
    ]
    .join("\n");
    let convs = run(&log);
    assert_eq!(
        convs
            .iter()
            .map(|c| (c.id.as_str(), c.turns.len()))
            .collect::<Vec<_>>(),
        vec![("t.jsonl:1", 4), ("t.jsonl:3", 1)]
    );
    let t = &convs[0].turns;
    assert!(t[..3].iter().all(|t| t.broken.is_none()));
    let b = t[3]
        .broken
        .as_ref()
        .expect("the fallback breaks the prefix");
    assert_eq!(b.reason, Reason::ModelChanged);
    assert_eq!(b.detail, "claude-sonnet-4-5 -> claude-haiku-4-5");
    // Nothing was cached: the prefix is far below Anthropic's minimum.
    assert!(!b.billed);
    assert_eq!(b.est_tokens_rebilled, 0);
}

#[test]
fn long_lines_are_skipped_without_being_kept() {
    let long = format!("{{\"x\":\"{}\"}}\n", "a".repeat(5000));
    let log = format!("{long}{}\n", req("S", &["a"]));
    let opts = CacheOptions {
        max_line_bytes: 1000,
        ..CacheOptions::default()
    };
    let mut out = Vec::new();
    let r = analyse_reader("t", log.as_bytes(), opts, &mut |c| out.push(c)).unwrap();
    assert_eq!(r.errors.len(), 1);
    assert_eq!(r.errors[0].line, 1);
    assert!(
        r.errors[0].message.contains("5009 bytes"),
        "{}",
        r.errors[0].message
    );
    assert_eq!(out[0].turns[0].line, 2);
}

#[test]
fn whitespace_and_id_reasons() {
    let convs = run(&[
        req("Be concise.", &["a"]),
        req("Be  concise.", &["a", "b", "c"]),
    ]
    .join("\n"));
    assert_eq!(
        convs[0].turns[1].broken.as_ref().unwrap().reason,
        Reason::Whitespace
    );
    let convs = run(&[
        req("Session 7c1d9e2a-5b3f-4a8e-9d61-2f0b8c4e7a19", &["a"]),
        req(
            "Session 0b8c4e7a-2f0b-4a8e-9d61-7c1d9e2a5b3f",
            &["a", "b", "c"],
        ),
    ]
    .join("\n"));
    assert_eq!(
        convs[0].turns[1].broken.as_ref().unwrap().reason,
        Reason::Id
    );
    // A clock line appended at the end: the diff starts the new line.
    let convs = run(&[
        req("Be concise.", &["a"]),
        req("Be concise.\\nCurrent time: 14:05", &["a", "b", "c"]),
    ]
    .join("\n"));
    assert_eq!(
        convs[0].turns[1].broken.as_ref().unwrap().reason,
        Reason::Timestamp
    );
}

#[test]
fn long_conversations_are_handed_out_in_parts() {
    let line = r#"{"model":"gpt-4.1","prompt_cache_key":"k","messages":[{"role":"system","content":"S"},{"role":"user","content":"q"}]}"#;
    let log: String = std::iter::repeat_n(format!("{line}\n"), MAX_TURNS_PER_PART + 1).collect();
    let convs = run(&log);
    assert_eq!(convs.len(), 2);
    assert_eq!(convs[0].turns.len(), MAX_TURNS_PER_PART);
    assert_eq!(convs[1].id, "k");
    assert_eq!(convs[1].turns[0].turn, MAX_TURNS_PER_PART as u32 + 1);
    assert!(convs.iter().all(|c| c.broken().next().is_none()));
}

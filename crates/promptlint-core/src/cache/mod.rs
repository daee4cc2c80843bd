//! The cross-request prefix diff behind `promptlint cache`: request logs -> conversations ->
//! per-turn prefix stability.
//!
//! Input: request-log lines (JSONL), streamed one at a time. Output: [`Conversation`]s, each
//! handed to the caller as soon as it is closed, with one [`Turn`] per request: its canonical
//! prefix (see [`crate::parse::request`]) hash and size, and whether it reuses an earlier
//! prefix of the conversation.
//!
//! **Grouping.** A request with an explicit id (a conversation, session or thread id,
//! `prompt_cache_key`, `metadata.user_id`) belongs to that id's conversation. Requests without
//! one form runs: a request continues the open run when it has the same model and more
//! messages than the previous one; otherwise it starts a new conversation.
//!
//! **Stability.** A provider cache holds more than the last prefix, so a turn is stable when an
//! earlier prefix of the conversation is a prefix of its own (the cache serves that part), or
//! when its prefix is a prefix of an earlier one. Otherwise it is broken at the first byte
//! after its longest common prefix with any earlier prefix, and the bytes of that earlier
//! prefix after the break (which were cached and are now billed again) are re-billed.
//!
//! **Memory stays flat.** Per open conversation only what comparison needs is kept: the hash
//! of every earlier prefix at each element boundary (a trie of chained sha256 states, 16 bytes
//! a node), and the bytes of each distinct element once (messages repeat from turn to turn, so
//! this is about one request's worth). A conversation over its byte budget forgets its oldest
//! turns (a real cache forgets them too: entries live 5 minutes to an hour); too many open
//! conversations close the least recently used one. A line longer than
//! [`CacheOptions::max_line_bytes`] is skipped with an error, without being held in memory.
mod analyzer;
mod classify;
pub mod input;
mod model;
mod reader;

pub use analyzer::Analyzer;
pub use model::{
    Break, CacheOptions, Conversation, DEFAULT_MAX_LINE_BYTES, LineError, Reason, Turn, hex,
};
pub use reader::{LogResult, analyse_reader};

#[cfg(test)]
mod tests {
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
        let sys = "{\"type\":\"text\",\"text\":\"You are X.\\n".len();
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
        assert_eq!(br.reason, Reason::ModelOrParamsChanged);
        assert_eq!(br.at, "{\"model\":\"gpt-4.1".len() as u64);
    }

    #[test]
    fn runs_split_on_model_or_shrinking_messages() {
        let log = [
            req("S", &["a"]),
            req("S", &["a"]),
            req("S", &["a", "b", "c"]),
        ]
        .join("\n");
        let convs = run(&log);
        assert_eq!(
            convs.iter().map(|c| c.turns.len()).collect::<Vec<_>>(),
            vec![1, 2]
        );
        assert_eq!(convs[1].id, "t.jsonl:2");
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
        let log: String =
            std::iter::repeat_n(format!("{line}\n"), MAX_TURNS_PER_PART + 1).collect();
        let convs = run(&log);
        assert_eq!(convs.len(), 2);
        assert_eq!(convs[0].turns.len(), MAX_TURNS_PER_PART);
        assert_eq!(convs[1].id, "k");
        assert_eq!(convs[1].turns[0].turn, MAX_TURNS_PER_PART as u32 + 1);
        assert!(convs.iter().all(|c| c.broken().next().is_none()));
    }
}

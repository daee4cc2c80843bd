//! `promptlint cache`'s bounds from issue 36, in a child file of `tests/limits.rs`: the notes
//! a log lists (requests read whose response's usage could not be), and a compressed
//! cassette body, which decompresses to no more than `--max-line-bytes`.

use std::io::Write as _;

use super::{Limit, common, tmp, write};

/// The rows, after the hook's.
pub(super) fn rows() -> Vec<Limit> {
    let u = |n: usize| u64::try_from(n).expect("fits");
    vec![Limit {
        what: "notes listed per `promptlint cache` log (requests whose response's usage could not be read)",
        value: u(promptlint::bounds::MAX_CACHE_LISTED_NOTES),
        unit: "notes",
        set_by: "fixed",
        past: "counted in the log's note (`N not listed`)",
    }]
}

fn cache_json(dir: &std::path::Path, args: &[&str]) -> (Option<i32>, serde_json::Value, String) {
    let r = common::run(
        common::promptlint()
            .current_dir(dir)
            .args(["cache", "--format", "json"])
            .args(args),
    );
    let v = serde_json::from_str(&r.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}\n{}", r.stdout, r.stderr));
    (r.code, v, r.stderr)
}

/// `n` requests of one conversation, each with a response that has no usage.
fn unreadable_usage_log(n: usize) -> String {
    let mut log = String::new();
    for i in 0..n {
        log.push_str(&format!(
            "{{\"request\": {{\"model\": \"gpt-4o\", \"messages\": [{{\"role\": \"user\", \"content\": \"q{i}\"}}]}}, \"response\": {{\"id\": \"r{i}\"}}}}\n"
        ));
    }
    log
}

#[test]
fn the_listed_notes_limit_at_its_edge() {
    let max = promptlint::bounds::MAX_CACHE_LISTED_NOTES;
    let d = tmp();
    for (n, unlisted) in [(max, ""), (max + 1, "; 1 not listed")] {
        write(d.path(), "log.jsonl", unreadable_usage_log(n));
        let (code, v, stderr) = cache_json(d.path(), &["log.jsonl"]);
        assert_ne!(code, Some(2), "{stderr}");
        let notes = v["notes"].as_array().expect("notes");
        assert_eq!(notes.len(), max + 1, "{n}");
        assert_eq!(
            notes[max],
            serde_json::json!({
                "path": "log.jsonl",
                "message": format!("usage not read for {n} of {n} requests (provider cache figures read for 0){unlisted}"),
                "count": n,
            })
        );
        assert_eq!(notes[max - 1]["line"], max);
        let listed = stderr
            .lines()
            .filter(|l| {
                l.strip_prefix("note: log.jsonl:")
                    .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
            })
            .count();
        assert_eq!(listed, max, "{n}");
    }
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).expect("gzip");
    e.finish().expect("gzip")
}

fn base64(bytes: &[u8]) -> String {
    super::base64(bytes)
}

#[test]
fn a_compressed_body_decompresses_up_to_the_line_limit() {
    // A response that decompresses to exactly `len` bytes (mostly zeros: a small gzip stream).
    let len = 200_000usize;
    let head = r#"{"id": "c1", "object": "chat.completion", "usage": {"prompt_tokens": 9, "completion_tokens": 1, "prompt_tokens_details": {"cached_tokens": 0}}, "pad": ""#;
    let mut body = head.as_bytes().to_vec();
    body.resize(len - 2, b'0');
    body.extend_from_slice(b"\"}");
    assert_eq!(body.len(), len);
    let cassette = format!(
        "interactions:\n- request:\n    body: '{{\"model\": \"gpt-4o\", \"messages\": [{{\"role\": \"user\", \"content\": \"hi\"}}]}}'\n    method: POST\n    uri: https://api.openai.com/v1/chat/completions\n  response:\n    body:\n      string: !!binary |\n        {}\n    headers:\n      Content-Encoding:\n      - gzip\n    status:\n      code: 200\n      message: OK\nversion: 1\n",
        base64(&gzip(&body))
    );
    let d = tmp();
    write(d.path(), "c.yaml", &cassette);
    let at = len.to_string();
    let (code, v, stderr) = cache_json(d.path(), &["--max-line-bytes", &at, "c.yaml"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        v["conversations"][0]["turns"][0]["reported"]["input_tokens"],
        9
    );
    assert!(v.get("notes").is_none(), "{v}");
    let under = (len - 1).to_string();
    let (code, v, _) = cache_json(d.path(), &["--max-line-bytes", &under, "c.yaml"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        v["conversations"][0]["turns"][0]["reported"],
        serde_json::Value::Null
    );
    assert_eq!(
        v["notes"][0]["message"],
        format!(
            "usage not read: response body decompresses (gzip) to more than the {under} byte limit (--max-line-bytes); skipped"
        )
    );
}

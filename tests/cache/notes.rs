//! Issue 36: what `promptlint cache` could not read of a log is said per log, never dropped:
//! a request read whose response's usage is missing is a note (stderr, and JSON `notes`),
//! not an error, so the exit code keeps its meaning.

use std::io::Write as _;

use super::promptlint;

fn gzip_base64(bytes: &[u8]) -> String {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).unwrap();
    let packed = e.finish().unwrap();
    // Standard base64, as vcrpy writes `!!binary`.
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for c in packed.chunks(3) {
        let n = c
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= c.len() {
                out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Three turns of one conversation as pydantic-ai and vcrpy record them: `parsed_body` on
/// both sides, a gzip `!!binary` response, and a response in an encoding not decoded.
fn cassette() -> String {
    let gz = gzip_base64(
        br#"{"id": "c2", "object": "chat.completion", "model": "gpt-4o", "usage": {"prompt_tokens": 1300, "completion_tokens": 20, "prompt_tokens_details": {"cached_tokens": 1152}}}"#,
    );
    let system = "You are a careful assistant. ".repeat(200);
    let req = |n: usize| {
        let mut m = format!(
            "      messages:\n      - content: {system}\n        role: system\n      - content: q1\n        role: user\n"
        );
        if n > 1 {
            m.push_str("      - content: a1\n        role: assistant\n      - content: q2\n        role: user\n");
        }
        if n > 2 {
            m.push_str("      - content: a2\n        role: assistant\n      - content: q3\n        role: user\n");
        }
        format!(
            "    method: POST\n    parsed_body:\n{m}      model: gpt-4o\n      n: 1\n      stream: false\n    uri: https://api.openai.com/v1/chat/completions\n"
        )
    };
    format!(
        "interactions:
- request:
{}  response:
    parsed_body:
      id: c1
      model: gpt-4o
      object: chat.completion
      usage:
        completion_tokens: 5
        prompt_tokens: 1290
        prompt_tokens_details:
          cached_tokens: 0
    status:
      code: 200
      message: OK
- request:
{}  response:
    body:
      string: !!binary |
        {gz}
    headers:
      Content-Encoding:
      - gzip
    status:
      code: 200
      message: OK
- request:
{}  response:
    body:
      string: !!binary |
        KLUv/QBYYQA=
    headers:
      Content-Encoding:
      - zstd
    status:
      code: 200
      message: OK
version: 1
",
        req(1),
        req(2),
        req(3)
    )
}

#[test]
fn a_cassette_s_unread_usage_is_a_counted_note_and_not_an_error() {
    let d = tempfile::tempdir().unwrap();
    let log = d.path().join("c.yaml");
    std::fs::write(&log, cassette()).unwrap();
    let note = "usage not read: response body is `zstd`-encoded (Content-Encoding), which promptlint does not decode (it decodes gzip, deflate and br); record it decoded (vcrpy `decode_compressed_response=True`)";
    let count = "usage not read for 1 of 3 requests (provider cache figures read for 2)";

    let out = promptlint()
        .current_dir(d.path())
        .args(["cache", "--format", "json", "c.yaml"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let turns = v["conversations"][0]["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 3);
    assert_eq!(
        turns[0]["reported"],
        serde_json::json!({"input_tokens": 1290, "cache_read": 0, "cache_write": null, "output_tokens": 5})
    );
    assert_eq!(
        turns[1]["reported"],
        serde_json::json!({"input_tokens": 1300, "cache_read": 1152, "cache_write": null, "output_tokens": 20})
    );
    assert_eq!(turns[2]["reported"], serde_json::Value::Null);
    assert!(v.get("errors").is_none(), "{v}");
    assert_eq!(
        v["notes"],
        serde_json::json!([
            {"path": "c.yaml", "line": 3, "message": note},
            {"path": "c.yaml", "message": count, "count": 1},
        ])
    );
    assert_eq!(
        stderr,
        format!("note: c.yaml:3: {note}\nnote: c.yaml: {count}\n")
    );

    // The human output says the same on stderr, with the same exit code.
    let out = promptlint()
        .current_dir(d.path())
        .args(["cache", "c.yaml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!("note: c.yaml:3: {note}\nnote: c.yaml: {count}\n")
    );
}

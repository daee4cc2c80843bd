use std::path::Path;

use super::*;
use crate::parse::request::{JsonView, Jv};

fn fixture(name: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/cache/logs")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn run_as(
    path: &str,
    format: LogFormat,
    bytes: &[u8],
    max: usize,
) -> (Vec<Record>, Vec<LineError>) {
    let (mut recs, mut errs) = (Vec::new(), Vec::new());
    read_records(path, format, bytes, max, &mut |r| match r {
        Ok(x) => recs.push(x),
        Err(e) => errs.push(e),
    })
    .unwrap();
    (recs, errs)
}

fn run(path: &str, bytes: &[u8]) -> (Vec<Record>, Vec<LineError>) {
    let format = sniff_format(path, &bytes[..bytes.len().min(4096)]);
    run_as(path, format, bytes, 1 << 20)
}

fn lines(recs: &[Record]) -> Vec<u64> {
    recs.iter().map(|r| r.line).collect()
}

/// The input figures of a record's usage (output tokens are tested in `tests_formats.rs`).
fn usage(r: &Record) -> Usage {
    let u = r
        .response
        .as_ref()
        .and_then(|x| x.usage)
        .unwrap_or_else(|| panic!("no usage on line {}", r.line));
    no_output(u)
}

fn no_output(u: Usage) -> Usage {
    Usage {
        output_tokens: None,
        ..u
    }
}

fn u(shape: &'static str, input: u64, read: Option<u64>, write: Option<u64>) -> Usage {
    Usage {
        input_tokens: Some(input),
        cache_read: read,
        cache_write: write,
        output_tokens: None,
        shape,
    }
}

fn jv(s: &str) -> Jv {
    serde_json::from_str(s).unwrap()
}

fn messages(e: &[LineError]) -> Vec<(u64, &str)> {
    e.iter().map(|e| (e.line, e.message.as_str())).collect()
}

#[test]
fn sniffs_by_name_then_content() {
    assert_eq!(sniff_format("a.yaml", b"{}"), LogFormat::VcrYaml);
    assert_eq!(sniff_format("A.YML", b""), LogFormat::VcrYaml);
    assert_eq!(sniff_format("x.har", b"[]"), LogFormat::Har);
    assert_eq!(
        sniff_format("x", b"---\nhttp_interactions:\n- request:"),
        LogFormat::VcrYaml
    );
    assert_eq!(
        sniff_format("x", b"interactions:\n- request:"),
        LogFormat::VcrYaml
    );
    assert_eq!(
        sniff_format("x.json", b"\xEF\xBB\xBF {\n  \"log\": {"),
        LogFormat::Har
    );
    assert_eq!(
        sniff_format("x.jsonl", b"{\"model\":\"m\",\"messages\":[]}\n"),
        LogFormat::Jsonl
    );
    assert_eq!(
        sniff_format("x.jsonl", &fixture("litellm-payloads.jsonl")),
        LogFormat::LiteLlm
    );
    assert_eq!(
        sniff_format(
            "x.json",
            b"[{\"id\":\"o\",\"traceId\":\"t\",\"type\":\"GENERATION\"}]"
        ),
        LogFormat::Langfuse
    );
    // A first line cut short by the sniffing window: key names decide.
    assert_eq!(
        sniff_format(
            "x",
            b"{\"id\":\"1\",\"call_type\":\"completion\",\"messages\":[{\"role\""
        ),
        LogFormat::LiteLlm
    );
    assert_eq!(sniff_format("notes.txt", b"hello"), LogFormat::Jsonl);
    assert_eq!(sniff_format("empty", b""), LogFormat::Jsonl);
}

#[test]
fn jsonl_wrappers_batches_and_errors() {
    let bytes = fixture("wrapped-usage.jsonl");
    let (recs, errs) = run("wrapped-usage.jsonl", &bytes);
    assert_eq!(lines(&recs), vec![1, 3, 4]);
    let first_len = bytes.iter().position(|&b| b == b'\n').unwrap() as u64 + 1;
    assert_eq!(recs[0].span, (0, first_len));
    // The response member is taken out; the wrapper stays on.
    assert!(recs[0].request.get("response").is_none());
    assert!(recs[0].request.get("request").is_some());
    let r0 = recs[0].response.as_ref().unwrap();
    assert_eq!(r0.id.as_deref(), Some("msg_01"));
    assert_eq!(r0.model.as_deref(), Some("claude-sonnet-4-5-20250929"));
    assert_eq!(usage(&recs[0]), u("anthropic", 3212, Some(3000), Some(200)));
    assert_eq!(recs[1].url.as_deref(), Some("/v1/chat/completions"));
    assert!(recs[1].response.is_none());
    assert_eq!(
        recs[2].url.as_deref(),
        Some("https://api.openai.com/v1/chat/completions")
    );
    assert_eq!(usage(&recs[2]), u("openai-chat", 2048, Some(1024), None));
    assert_eq!(
        recs[2].response.as_ref().unwrap().id.as_deref(),
        Some("chatcmpl-9")
    );
    assert_eq!(
        messages(&errs),
        vec![
            (
                5,
                "openai batch output line (`custom_id`, `response`) holds no request; give the batch input file, whose lines hold the requests (further output lines are skipped)"
            ),
            (7, "not JSON: expected ident at line 1 column 2"),
        ]
    );
    assert!(errs.iter().all(|e| e.path == "wrapped-usage.jsonl"));
}

#[test]
fn oversized_lines_are_skipped_and_counted() {
    let long = format!("{{\"x\":\"{}\"}}\n", "a".repeat(5000));
    let log = format!("{long}{{\"model\":\"m\",\"messages\":[]}}\n");
    let (recs, errs) = run_as("t.jsonl", LogFormat::Jsonl, log.as_bytes(), 1000);
    assert_eq!(
        messages(&errs),
        vec![(
            1,
            "line is 5009 bytes, longer than the 1000 byte limit (--max-line-bytes); skipped"
        )]
    );
    assert_eq!(lines(&recs), vec![2]);
    assert_eq!(recs[0].span, (5009, 5009 + 28));
}

#[test]
fn blank_lines_and_a_bom_keep_line_numbers() {
    let log = "\u{feff}\n\n{\"model\":\"m\",\"messages\":[]}\n\n{\"model\":\"m\",\"input\":\"x\"}";
    let (recs, errs) = run("t.jsonl", log.as_bytes());
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(lines(&recs), vec![3, 5]);
    assert_eq!(recs[0].span, (5, 5 + 28));
}

#[test]
fn a_broken_first_line_does_not_turn_jsonl_into_a_document() {
    let log = "{\"model\": \"m\", \"messages\": [\n{\"model\":\"m\",\"messages\":[]}\n";
    let (recs, errs) = run("t.jsonl", log.as_bytes());
    assert_eq!(lines(&recs), vec![2]);
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].line, 1);
    assert!(
        errs[0].message.starts_with("not JSON: EOF"),
        "{}",
        errs[0].message
    );
}

#[test]
fn a_broken_first_line_and_a_long_second_line_stay_jsonl() {
    let log = format!(
        "{{\"model\": [\n{{\"x\":\"{}\"}}\n{{\"model\":\"m\",\"messages\":[]}}\n",
        "a".repeat(100)
    );
    let (recs, errs) = run_as("t.jsonl", LogFormat::Jsonl, log.as_bytes(), 50);
    assert_eq!(lines(&recs), vec![3]);
    assert_eq!(
        messages(&errs),
        vec![
            (1, "not JSON: EOF while parsing a list at line 1 column 11"),
            (
                2,
                "line is 109 bytes, longer than the 50 byte limit (--max-line-bytes); skipped"
            ),
        ]
    );
    assert_eq!(recs[0].span, (12 + 109, 12 + 109 + 28));
}

#[test]
fn pretty_printed_documents_are_read_whole() {
    let one = "{\n  \"model\": \"m\",\n  \"messages\": []\n}\n";
    let (recs, errs) = run("req.json", one.as_bytes());
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(lines(&recs), vec![1]);
    assert_eq!(recs[0].span, (0, one.len() as u64));
    // A one-element array: the second line parses alone, but `[` makes it a document.
    let arr = "[\n{\"model\":\"m\",\"messages\":[]}\n]\n";
    let (recs, errs) = run("a.json", arr.as_bytes());
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(lines(&recs), vec![1]);
    assert_eq!(recs[0].span, (2, 29));
    // A minified HAR on one line in a .jsonl: read as the document it is.
    let har = String::from_utf8(fixture("gemini-bedrock.har")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&har).unwrap();
    let (recs, errs) = run("x.jsonl", v.to_string().as_bytes());
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(lines(&recs), vec![2, 3]);
}

#[test]
fn a_file_that_is_no_log_gets_one_error() {
    let (recs, errs) = run("not-a-log.txt", &fixture("not-a-log.txt"));
    assert!(recs.is_empty());
    assert_eq!(
        messages(&errs),
        vec![(
            1,
            "not a request log: expected JSONL (one JSON request per line, bare or as `{\"request\", \"response\"}`), a JSON array or `{\"data\": [..]}` export (LiteLLM, Langfuse), a HAR file or a VCR cassette (YAML); it starts with `hello, this is a plain text file`"
        )]
    );
    // Invisible code points from the file are escaped.
    let (_, errs) = run("x", "\u{202e}evil\n".as_bytes());
    assert!(
        errs[0].message.ends_with("it starts with `<U+202E>evil`"),
        "{}",
        errs[0].message
    );
    // Empty: nothing, no error.
    let (recs, errs) = run("x", b"  \n");
    assert!(recs.is_empty() && errs.is_empty());
}

#[test]
fn vcrpy_cassette_with_other_traffic_and_a_stream() {
    let bytes = fixture("vcrpy-openai.yaml");
    let (recs, errs) = run("vcrpy-openai.yaml", &bytes);
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(lines(&recs), vec![2, 4]);
    assert!(recs.iter().all(|r| r.span == (0, bytes.len() as u64)));
    assert_eq!(
        recs[0].url.as_deref(),
        Some("https://api.openai.com/v1/chat/completions")
    );
    assert_eq!(
        recs[0].request.get("model").and_then(JsonView::str),
        Some("gpt-4.1")
    );
    assert_eq!(usage(&recs[0]), u("openai-chat", 2048, Some(1024), None));
    let r1 = recs[1].response.as_ref().unwrap();
    assert_eq!(r1.id.as_deref(), Some("chatcmpl-2"));
    assert_eq!(r1.model.as_deref(), Some("gpt-4.1-2025-04-14"));
    assert_eq!(usage(&recs[1]), u("openai-chat", 1520, Some(1408), None));
    assert_eq!(recs[1].time_ms, None);
}

#[test]
fn ruby_vcr_cassette_with_base64_and_an_anthropic_stream() {
    let (recs, errs) = run("ruby-vcr-anthropic.yml", &fixture("ruby-vcr-anthropic.yml"));
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(lines(&recs), vec![1, 2]);
    assert_eq!(recs[0].time_ms, Some(1_751_362_200_000));
    assert_eq!(recs[1].time_ms, Some(1_751_362_265_000));
    assert_eq!(usage(&recs[0]), u("anthropic", 3212, Some(3000), Some(200)));
    let r1 = recs[1].response.as_ref().unwrap();
    assert_eq!(r1.id.as_deref(), Some("msg_02"));
    assert_eq!(
        usage(&recs[1]),
        u("anthropic", 8 + 3200 + 30, Some(3200), Some(30))
    );
}

fn cassette(interactions: &str) -> String {
    format!("interactions:\n{interactions}version: 1\n")
}

#[test]
fn cassettes_written_as_json() {
    // vcrpy's JSON serializer writes `version` first; Ruby VCR's `:json` one `http_interactions`.
    let body = r#"{\"model\": \"m\", \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}"#;
    let vcrpy = format!(
        "{{\n  \"version\": 1,\n  \"interactions\": [{{\"request\": {{\"method\": \"POST\", \"uri\": \"https://api.anthropic.com/v1/messages\", \"body\": \"{body}\"}}, \"response\": {{\"body\": {{\"string\": \"{{\\\"usage\\\": {{\\\"input_tokens\\\": 4}}}}\"}}}}}}]\n}}\n"
    );
    assert_eq!(sniff_format("c.json", vcrpy.as_bytes()), LogFormat::Jsonl);
    let (recs, errs) = run("c.json", vcrpy.as_bytes());
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(lines(&recs), vec![1]);
    assert_eq!(usage(&recs[0]), u("anthropic", 4, None, None));
    let ruby = format!(
        "{{\"http_interactions\": [{{\"request\": {{\"method\": \"post\", \"uri\": \"https://api.anthropic.com/v1/messages\", \"body\": {{\"encoding\": \"UTF-8\", \"string\": \"{body}\"}}}}, \"recorded_at\": \"Tue, 01 Jul 2025 09:30:00 GMT\"}}]}}"
    );
    assert_eq!(sniff_format("c.json", ruby.as_bytes()), LogFormat::VcrYaml);
    let (recs, errs) = run("c.json", ruby.as_bytes());
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(recs[0].time_ms, Some(1_751_362_200_000));
    assert!(recs[0].response.is_none());
}

#[test]
fn cassette_with_no_provider_request_gets_one_error() {
    let y = cassette(
        "- request:\n    method: GET\n    uri: https://example.com/\n    body: null\n  response:\n    body:\n      string: hi\n\
         - request:\n    method: POST\n    uri: https://example.com/upload\n    body: '{\"file\": \"x\"}'\n  response:\n    body:\n      string: ''\n",
    );
    let (recs, errs) = run("c.yaml", y.as_bytes());
    assert!(recs.is_empty());
    assert_eq!(
        messages(&errs),
        vec![(
            1,
            "cassette has 2 interactions and none is a POST of a provider request (a JSON body with `messages`, `system`, `input`, `instructions` or `contents`)"
        )]
    );
    let (_, errs) = run("c.yaml", b"version: 1\nrecorded_with: nothing\n");
    assert_eq!(
        messages(&errs),
        vec![(
            1,
            "not a VCR cassette: expected a top-level `interactions` list (vcrpy) or `http_interactions` list (Ruby VCR)"
        )]
    );
    let (_, errs) = run("c.yaml", b"interactions: [\n");
    assert_eq!(errs.len(), 1);
    assert!(
        errs[0].message.starts_with("cassette is not YAML: "),
        "{}",
        errs[0].message
    );
}

#[test]
fn cassette_bodies_binary_gzip_map_and_counting_endpoints() {
    // gzip magic as `!!binary` for a provider endpoint: reported; a `{string: ..}` request body
    // (vcrpy's response shape) is read; a count_tokens call is not a generation.
    let y = cassette(
        "- request:\n    method: POST\n    uri: https://api.anthropic.com/v1/messages\n    body: !!binary |\n      H4sIAAAAAAAAA6tWyk0sSc5QslIqS8wpTVWqBQA=\n  response: null\n\
         - request:\n    method: POST\n    uri: https://api.anthropic.com/v1/messages/count_tokens\n    body: '{\"model\": \"m\", \"messages\": []}'\n  response: null\n\
         - request:\n    method: POST\n    uri: https://api.openai.com/v1/responses\n    body:\n      string: '{\"model\": \"gpt-5\", \"input\": \"hi\"}'\n  response:\n    body:\n      string: '{\"id\": \"resp_1\", \"object\": \"response\", \"model\": \"gpt-5\", \"output\": [{\"type\": \"message\"}], \"usage\": {\"input_tokens\": 1300, \"input_tokens_details\": {\"cached_tokens\": 1152}, \"output_tokens\": 2}}'\n",
    );
    let (recs, errs) = run("c.yaml", y.as_bytes());
    assert_eq!(
        messages(&errs),
        vec![(
            1,
            "interaction 1: request body says it is gzip-compressed but does not decompress: unexpected end of file"
        )]
    );
    assert_eq!(lines(&recs), vec![3]);
    let r = recs[0].response.as_ref().unwrap();
    assert_eq!(r.id.as_deref(), Some("resp_1"));
    assert_eq!(r.output, Some(jv(r#"[{"type":"message"}]"#)));
    assert_eq!(
        usage(&recs[0]),
        u("openai-responses", 1300, Some(1152), None)
    );
}

#[test]
fn cassette_with_a_multi_megabyte_block_scalar() {
    let text = "x".repeat(4 * 1024 * 1024);
    let body = format!(
        "{{\"model\": \"m\", \"messages\": [{{\"role\": \"user\", \"content\": \"{text}\"}}]}}"
    );
    let y = cassette(&format!(
        "- request:\n    method: POST\n    uri: https://api.anthropic.com/v1/messages\n    body: |\n      {body}\n  response: null\n"
    ));
    let (recs, errs) = run_as("big.yaml", LogFormat::VcrYaml, y.as_bytes(), 16 << 20);
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(lines(&recs), vec![1]);
    // The same body over the per-request bound is reported, not kept.
    let (recs, errs) = run_as("big.yaml", LogFormat::VcrYaml, y.as_bytes(), 1 << 20);
    assert!(recs.is_empty());
    assert_eq!(
        messages(&errs),
        vec![(
            1,
            format!(
                "interaction 1: request body is {} bytes, longer than the 1048576 byte limit (--max-line-bytes); skipped",
                body.len() + 1
            )
            .as_str()
        )]
    );
}

#[test]
fn har_with_base64_content_exact_spans_and_times() {
    let bytes = fixture("gemini-bedrock.har");
    let (recs, errs) = run("gemini-bedrock.har", &bytes);
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(lines(&recs), vec![2, 3]);
    for r in &recs {
        let (a, b) = (r.span.0 as usize, r.span.1 as usize);
        let entry: serde_json::Value = serde_json::from_slice(&bytes[a..b]).unwrap();
        assert_eq!(entry["request"]["url"].as_str(), r.url.as_deref());
    }
    assert!(
        recs[0]
            .url
            .as_deref()
            .unwrap()
            .ends_with("gemini-2.5-flash:generateContent")
    );
    assert_eq!(recs[0].time_ms, Some(1_751_362_201_250));
    let g = recs[0].response.as_ref().unwrap();
    assert_eq!(
        (g.id.as_deref(), g.model.as_deref()),
        (Some("resp-g1"), Some("gemini-2.5-flash"))
    );
    assert_eq!(usage(&recs[0]), u("gemini", 4100, Some(4000), None));
    assert!(recs[1].url.as_deref().unwrap().ends_with("/converse"));
    assert_eq!(recs[1].time_ms, Some(1_751_362_202_000));
    assert_eq!(recs[1].response.as_ref().unwrap().id, None);
    assert_eq!(usage(&recs[1]), u("bedrock", 2515, Some(2500), Some(0)));
}

#[test]
fn har_errors() {
    let bad = r#"{"log": {"entries": [{"request": {"method": "POST", "url": "https://api.openai.com/v1/chat/completions", "postData": {"mimeType": "application/json", "text": "%%%", "encoding": "base64"}}}, 7]}}"#;
    let (recs, errs) = run("x.har", bad.as_bytes());
    assert!(recs.is_empty());
    assert_eq!(
        messages(&errs),
        vec![(
            1,
            "entry 1: request body says `encoding: base64` but is not base64"
        )]
    );
    let (_, errs) = run("x.har", br#"{"log": {"version": "1.2"}}"#);
    assert_eq!(
        messages(&errs),
        vec![(1, "not a HAR file: expected an object with `log.entries`")]
    );
    let (_, errs) = run(
        "x.har",
        br#"{"log": {"entries": [{"request": {"method": "GET", "url": "https://x/"}}]}}"#,
    );
    assert_eq!(
        messages(&errs),
        vec![(
            1,
            "the HAR file has 1 entries and none is a POST of a provider request (a JSON body with `messages`, `system`, `input`, `instructions` or `contents`)"
        )]
    );
    let (_, errs) = run("x.har", br#"{"log": {"entries": [{"request": {}}, {"a": "#);
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].line, 2);
    assert!(
        errs[0].message.starts_with("the HAR file is not JSON"),
        "{}",
        errs[0].message
    );
}

#[test]
fn litellm_payloads_become_requests() {
    let (recs, errs) = run("litellm-payloads.jsonl", &fixture("litellm-payloads.jsonl"));
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(lines(&recs), vec![1, 2]);
    let Jv::Object(members) = &recs[0].request else {
        panic!("not an object")
    };
    let keys: Vec<&str> = members.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, vec!["model", "messages", "max_tokens", "tools"]);
    assert_eq!(
        recs[0].url.as_deref(),
        Some("https://api.anthropic.com/v1/messages")
    );
    assert_eq!(recs[0].time_ms, Some(1_751_362_200_500));
    assert_eq!(
        usage(&recs[0]),
        u("openai-chat", 3212, Some(3000), Some(200))
    );
    assert_eq!(usage(&recs[1]), u("litellm", 3300, None, None));
    assert_eq!(
        recs[1].response.as_ref().unwrap().model.as_deref(),
        Some("claude-sonnet-4-5")
    );
    // The same payloads as a JSON array: entries numbered, spans exact.
    let text = String::from_utf8(fixture("litellm-payloads.jsonl")).unwrap();
    let arr = format!("[{}]", text.trim_end().replace('\n', ",\n"));
    let (recs, errs) = run("payloads.json", arr.as_bytes());
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(lines(&recs), vec![1, 2]);
    let first_line = text.lines().next().unwrap();
    assert_eq!(recs[0].span, (1, 1 + first_line.len() as u64));
}

#[test]
fn langfuse_page_generations_only() {
    let (recs, errs) = run(
        "langfuse-observations.json",
        &fixture("langfuse-observations.json"),
    );
    assert_eq!(lines(&recs), vec![1, 3]);
    assert_eq!(
        messages(&errs),
        vec![(
            4,
            "entry 4: langfuse generation `obs-4` has no `input` messages"
        )]
    );
    assert_eq!(
        recs[0].request,
        jv(
            r#"{"model":"gpt-4.1","messages":[{"role":"system","content":"You are Harbor."},{"role":"user","content":"Review the diff."}]}"#
        )
    );
    assert_eq!(recs[0].time_ms, Some(1_751_362_200_000));
    assert_eq!(usage(&recs[0]), u("langfuse", 2048, Some(1024), None));
    assert_eq!(
        recs[1].request,
        jv(
            r#"{"model":"claude-sonnet-4-5","system":"You are Harbor.","messages":[{"role":"user","content":"Thanks."}]}"#
        )
    );
    assert_eq!(usage(&recs[1]), u("langfuse", 3238, Some(3200), Some(30)));
}

#[test]
fn usage_of_every_shape() {
    let cases = [
        (
            r#"{"type":"message","usage":{"input_tokens":10,"cache_read_input_tokens":100,"cache_creation_input_tokens":5,"output_tokens":1}}"#,
            Some(u("anthropic", 115, Some(100), Some(5))),
        ),
        (
            r#"{"usage":{"input_tokens":10,"output_tokens":1}}"#,
            Some(u("anthropic", 10, None, None)),
        ),
        (
            r#"{"object":"chat.completion","usage":{"prompt_tokens":1200,"completion_tokens":3,"prompt_tokens_details":{"cached_tokens":1024}}}"#,
            Some(u("openai-chat", 1200, Some(1024), None)),
        ),
        (
            r#"{"object":"response","usage":{"input_tokens":1300,"input_tokens_details":{"cached_tokens":1280},"output_tokens":2,"total_tokens":1302}}"#,
            Some(u("openai-responses", 1300, Some(1280), None)),
        ),
        (
            r#"{"usageMetadata":{"promptTokenCount":5000,"cachedContentTokenCount":4096,"candidatesTokenCount":9}}"#,
            Some(u("gemini", 5000, Some(4096), None)),
        ),
        (
            r#"[{"candidates":[]},{"usageMetadata":{"promptTokenCount":70,"candidatesTokenCount":1}},{"candidates":[],"usageMetadata":{"promptTokenCount":70,"candidatesTokenCount":4}}]"#,
            // No `cachedContentTokenCount`: Gemini omits a zero, so 0 read.
            Some(u("gemini", 70, Some(0), None)),
        ),
        (
            r#"{"usage":{"inputTokens":3,"outputTokens":9,"totalTokens":2012,"cacheReadInputTokens":2000,"cacheWriteInputTokens":0}}"#,
            Some(u("bedrock", 2003, Some(2000), Some(0))),
        ),
        (
            r#"{"usage":{"inputTokens":3.0}}"#,
            Some(u("bedrock", 3, None, None)),
        ),
        (r#"{"id":"x"}"#, None),
        (r#"{"usage":null}"#, None),
        (
            r#"{"usage":{"input_tokens":-4}}"#,
            Some(Usage {
                input_tokens: None,
                cache_read: None,
                cache_write: None,
                output_tokens: None,
                shape: "anthropic",
            }),
        ),
    ];
    for (body, want) in cases {
        assert_eq!(usage_of(&jv(body)).map(no_output), want, "{body}");
    }
}

#[test]
fn usage_of_streams() {
    // Anthropic: message_delta's cumulative counts replace message_start's.
    let a = "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"model\":\"claude-x\",\"usage\":{\"input_tokens\":5,\"cache_read_input_tokens\":0,\"cache_creation_input_tokens\":0,\"output_tokens\":1}}}\n\n\
             event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{},\"usage\":{\"input_tokens\":5,\"cache_read_input_tokens\":4000,\"cache_creation_input_tokens\":20,\"output_tokens\":30}}\n\n";
    assert_eq!(
        usage_of_sse(a).map(no_output),
        Some(u("anthropic", 4025, Some(4000), Some(20)))
    );
    // CRLF line ends and a multi-line data field.
    let crlf = "event: message_start\r\ndata: {\"type\":\"message_start\",\r\ndata: \"message\":{\"usage\":{\"input_tokens\":7}}}\r\n\r\n";
    assert_eq!(
        usage_of_sse(crlf).map(no_output),
        Some(u("anthropic", 7, None, None))
    );
    // OpenAI Responses: the completed response.
    let r = "event: response.created\ndata: {\"type\":\"response.created\",\"response\":{\"id\":\"resp_9\",\"model\":\"gpt-5\",\"usage\":null}}\n\n\
             event: response.output_text.delta\ndata: {\"type\":\"response.output_text.delta\",\"delta\":\"Hi\"}\n\n\
             event: response.completed\ndata: {\"type\":\"response.completed\",\"response\":{\"id\":\"resp_9\",\"object\":\"response\",\"model\":\"gpt-5\",\"output\":[],\"usage\":{\"input_tokens\":2000,\"input_tokens_details\":{\"cached_tokens\":1920},\"output_tokens\":3}}}\n\n";
    assert_eq!(
        usage_of_sse(r).map(no_output),
        Some(u("openai-responses", 2000, Some(1920), None))
    );
    // Gemini (alt=sse): the last chunk's figures.
    let g = "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"a\"}]}}],\"usageMetadata\":{\"promptTokenCount\":900,\"candidatesTokenCount\":1},\"modelVersion\":\"gemini-2.5-pro\",\"responseId\":\"g1\"}\r\n\r\n\
             data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"b\"}]},\"finishReason\":\"STOP\"}],\"usageMetadata\":{\"promptTokenCount\":900,\"cachedContentTokenCount\":512,\"candidatesTokenCount\":2},\"modelVersion\":\"gemini-2.5-pro\",\"responseId\":\"g1\"}\r\n\r\n";
    assert_eq!(
        usage_of_sse(g).map(no_output),
        Some(u("gemini", 900, Some(512), None))
    );
    // OpenAI Chat without include_usage: no figures; not a stream at all: none.
    let c = "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[],\"usage\":null}\n\ndata: [DONE]\n\n";
    assert_eq!(usage_of_sse(c).map(no_output), None);
    assert_eq!(usage_of_sse("hello").map(no_output), None);
    assert_eq!(usage_of_sse("data: {not json\n\n").map(no_output), None);
}

#[test]
fn timestamps() {
    use super::time::{iso8601_ms, rfc2822_ms, unix_seconds_ms};
    assert_eq!(iso8601_ms("1970-01-01T00:00:00Z"), Some(0));
    assert_eq!(
        iso8601_ms("2025-07-01T09:30:00.000Z"),
        Some(1_751_362_200_000)
    );
    assert_eq!(
        iso8601_ms("2025-07-01T11:30:00.5+02:00"),
        Some(1_751_362_200_500)
    );
    assert_eq!(iso8601_ms("2025-07-01 09:30:00"), Some(1_751_362_200_000));
    assert_eq!(
        iso8601_ms("2025-07-01T09:30:00.123456789-0000"),
        Some(1_751_362_200_123)
    );
    assert_eq!(iso8601_ms("2024-02-29T00:00:00Z"), Some(1_709_164_800_000));
    assert_eq!(iso8601_ms("2025-13-01T00:00:00Z"), None);
    assert_eq!(iso8601_ms("1969-12-31T23:59:59Z"), None);
    assert_eq!(iso8601_ms("2025-07-01T09:30:00Q"), None);
    assert_eq!(iso8601_ms("2025-07-01"), None);
    assert_eq!(iso8601_ms("2025-07-01T09:30:0é"), None);
    assert_eq!(
        rfc2822_ms("Tue, 01 Jul 2025 09:30:00 GMT"),
        Some(1_751_362_200_000)
    );
    assert_eq!(
        rfc2822_ms("1 Jul 2025 11:30:00 +0200"),
        Some(1_751_362_200_000)
    );
    assert_eq!(rfc2822_ms("Tue, 01 Foo 2025 09:30:00 GMT"), None);
    assert_eq!(rfc2822_ms("Tue, 01 J\u{e9}l 2025 09:30:00 GMT"), None);
    assert_eq!(rfc2822_ms("Tue, 01 Jul 2025 09:30:00 +1\u{e9}1"), None);
    assert_eq!(iso8601_ms("2025-07-01T09:30:00+1\u{e9}1"), None);
    assert_eq!(unix_seconds_ms("1751362200.5"), Some(1_751_362_200_500));
    assert_eq!(unix_seconds_ms("-1"), None);
    assert_eq!(unix_seconds_ms("NaN"), None);
}

#[test]
fn documents_over_the_cap_are_refused() {
    use super::json_log::read_capped;
    let mut doc = b"ab".to_vec();
    assert!(!read_capped(&mut &b"cdef"[..], &mut doc, 5).unwrap());
    let mut doc = b"ab".to_vec();
    assert!(read_capped(&mut &b"cde"[..], &mut doc, 5).unwrap());
    assert_eq!(doc, b"abcde");
}

#[test]
fn malformed_documents_never_panic() {
    let inputs: [&[u8]; 12] = [
        b"[",
        b"[,]",
        b"[1,2",
        b"{\"data\": [1, {\"a\"}]}",
        b"{\"log\": {\"entries\": {}}}",
        b"[\"\\",
        b"{\n\"a\": \"\\u00",
        b"[{\"traceId\": 1, \"type\": \"GENERATION\", \"input\": 5}]",
        b"[{\"call_type\": \"x\", \"messages\": \"hi\"}]",
        b"{\"request\": {}, \"response\": \"data: {}\"}",
        b"\xff\xfe{",
        b"]]]]",
    ];
    for i in inputs {
        for format in [LogFormat::Jsonl, LogFormat::Har, LogFormat::VcrYaml] {
            let _ = run_as("x", format, i, 64);
        }
    }
}

#[test]
fn cut_fixtures_never_panic_and_spans_stay_inside() {
    for name in [
        "wrapped-usage.jsonl",
        "vcrpy-openai.yaml",
        "ruby-vcr-anthropic.yml",
        "gemini-bedrock.har",
        "litellm-payloads.jsonl",
        "langfuse-observations.json",
    ] {
        let bytes = fixture(name);
        for cut in (0..bytes.len()).step_by(53) {
            let part = &bytes[..cut];
            for format in [LogFormat::Jsonl, LogFormat::Har, LogFormat::VcrYaml] {
                let (recs, errs) = run_as(name, format, part, 1 << 20);
                for r in &recs {
                    assert!(r.line >= 1, "{name}@{cut}");
                    assert!(
                        r.span.0 <= r.span.1 && r.span.1 <= cut as u64,
                        "{name}@{cut}: {:?}",
                        r.span
                    );
                }
                for e in &errs {
                    assert!(!e.message.ends_with('.'), "{name}@{cut}: {}", e.message);
                    assert!(
                        !e.message.starts_with(|c: char| c.is_ascii_uppercase()),
                        "{name}@{cut}: {}",
                        e.message
                    );
                }
            }
        }
    }
}

#[test]
fn timestamps_with_a_wide_char_anywhere_never_panic() {
    for base in [
        "2025-07-01T09:30:00.123+02:00",
        "Tue, 01 Jul 2025 09:30:00 +0200",
        "1751362200.5",
    ] {
        for i in 0..=base.len() {
            for wide in ["\u{e9}", "\u{20ac}", "\u{1f600}"] {
                let s = format!("{}{wide}{}", &base[..i], &base[i..]);
                let _ = super::time::any_ms(&s);
                let t: String = base
                    .chars()
                    .take(i)
                    .chain(wide.chars())
                    .chain(base.chars().skip(i + 1))
                    .collect();
                let _ = super::time::any_ms(&t);
            }
        }
    }
}

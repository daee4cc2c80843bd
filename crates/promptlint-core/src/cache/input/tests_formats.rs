//! Issue 36's recording formats, each class from a small reconstruction of the real shape
//! (pydantic-ai's `parsed_body`, vcrpy's compressed `!!binary` bodies, Gemini's omitted zero
//! fields, OpenAI-compatible providers' cache fields) and the notes a response whose usage
//! cannot be read leaves.

use std::io::Write as _;

use super::*;
use crate::parse::request::Jv;

fn run(bytes: &[u8], max: usize) -> (Vec<Record>, Vec<LineError>) {
    let (mut recs, mut errs) = (Vec::new(), Vec::new());
    read_records("c.yaml", LogFormat::VcrYaml, bytes, max, &mut |r| match r {
        Ok(x) => recs.push(x),
        Err(e) => errs.push(e),
    })
    .unwrap();
    (recs, errs)
}

fn usage(r: &Record) -> Usage {
    r.response
        .as_ref()
        .and_then(|x| x.usage)
        .unwrap_or_else(|| panic!("no usage on entry {}: {:?}", r.line, r.note))
}

fn jv(s: &str) -> Jv {
    serde_json::from_str(s).unwrap()
}

fn b64(bytes: &[u8]) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

/// A vcrpy interaction whose response body is `!!binary` with the given `Content-Encoding`.
fn binary_response(uri: &str, request: &str, encoding: &str, body: &[u8]) -> String {
    let b64 = b64(body);
    format!(
        "interactions:\n- request:\n    body: '{request}'\n    headers:\n      content-type:\n      - application/json\n    method: POST\n    uri: {uri}\n  response:\n    body:\n      string: !!binary |\n        {b64}\n    headers:\n      Content-Encoding:\n      - {encoding}\n      Content-Type:\n      - application/json\n    status:\n      code: 200\n      message: OK\nversion: 1\n"
    )
}

const CHAT_REQUEST: &str =
    r#"{"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}"#;

#[test]
fn pydantic_ai_parsed_body_requests_and_responses_are_read_as_json() {
    // pydantic-ai's serializer: `parsed_body` beside the headers, YAML's typed scalars.
    let y = "interactions:
- request:
    headers:
      content-length:
      - '1758'
      content-type:
      - application/json
    method: POST
    parsed_body:
      frequency_penalty: null
      messages:
      - content: Retain this instruction prefix for the entire
          conversation.
        role: system
      - content: 'Reply with exactly: cache probe one.'
        role: user
      model: mistral-large-latest
      n: 1
      prompt_cache_key: pydantic-ai-test
      stream: false
      top_p: 1.0
    uri: https://api.mistral.ai/v1/chat/completions
  response:
    headers:
      content-type:
      - application/json
    parsed_body:
      choices:
      - finish_reason: stop
        index: 0
        message:
          content: cache probe one.
          role: assistant
          tool_calls: null
      id: f693a0e8
      model: mistral-large-latest
      object: chat.completion
      usage:
        completion_tokens: 5
        num_cached_tokens: 32
        prompt_tokens: 253
        total_tokens: 258
    status:
      code: 200
      message: OK
version: 1
";
    let (recs, errs) = run(y.as_bytes(), 1 << 20);
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(recs.len(), 1);
    assert_eq!(
        recs[0].request,
        jv(
            r#"{"frequency_penalty":null,"messages":[{"content":"Retain this instruction prefix for the entire conversation.","role":"system"},{"content":"Reply with exactly: cache probe one.","role":"user"}],"model":"mistral-large-latest","n":1,"prompt_cache_key":"pydantic-ai-test","stream":false,"top_p":1}"#
        )
    );
    let r = recs[0].response.as_ref().unwrap();
    assert_eq!(r.id.as_deref(), Some("f693a0e8"));
    let u = usage(&recs[0]);
    assert_eq!(
        (u.input_tokens, u.cache_read, u.output_tokens, u.shape),
        (Some(253), Some(32), Some(5), "openai-chat")
    );
    assert_eq!(recs[0].note, None);
}

#[test]
fn a_parsed_body_over_the_body_bound_is_an_error_for_an_endpoint() {
    let y = format!(
        "interactions:\n- request:\n    method: POST\n    parsed_body:\n      model: m\n      messages:\n      - content: {}\n        role: user\n    uri: https://api.openai.com/v1/chat/completions\n  response: null\n",
        "x".repeat(200)
    );
    let (recs, errs) = run(y.as_bytes(), 100);
    assert!(recs.is_empty());
    assert_eq!(
        errs.iter().map(|e| e.message.as_str()).collect::<Vec<_>>(),
        vec![
            "interaction 1: request body (`parsed_body`) is longer than the 100 byte limit (--max-line-bytes) as JSON; skipped"
        ]
    );
}

#[test]
fn gzip_deflate_and_br_binary_bodies_are_decompressed() {
    let chat = br#"{"id": "chatcmpl-1", "object": "chat.completion", "model": "gpt-4o", "usage": {"prompt_tokens": 1426, "completion_tokens": 40, "prompt_tokens_details": {"cached_tokens": 1024}}}"#;
    let y = binary_response(
        "https://api.openai.com/v1/chat/completions",
        CHAT_REQUEST,
        "gzip",
        &gzip(chat),
    );
    let (recs, errs) = run(y.as_bytes(), 1 << 20);
    assert!(errs.is_empty(), "{errs:?}");
    let u = usage(&recs[0]);
    assert_eq!(
        (u.input_tokens, u.cache_read, u.output_tokens),
        (Some(1426), Some(1024), Some(40))
    );
    assert_eq!(recs[0].note, None);

    // deflate (zlib, RFC 9110 §8.4.1.2).
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(chat).unwrap();
    let y = binary_response(
        "https://api.openai.com/v1/chat/completions",
        CHAT_REQUEST,
        "deflate",
        &z.finish().unwrap(),
    );
    let (recs, _) = run(y.as_bytes(), 1 << 20);
    assert_eq!(usage(&recs[0]).cache_read, Some(1024));

    // br: an Anthropic body compressed by the reference encoder (Python `brotli.compress`).
    let br = {
        use base64::Engine as _;
        base64::engine::general_purpose::STANDARD
            .decode("G4wAoIzUYk2Z7gTSpk17ZoUXdNsOeRDB0sEKBbFYdHRy4Hb4wa5tgQQWZpbwPWVZiPCZp8Oo5FldLMgHUmbetekfVC4ejklmH4teMQelzCFSOxMS8KfN8RjFuz/C8V4=")
            .unwrap()
    };
    let y = binary_response(
        "https://api.anthropic.com/v1/messages",
        r#"{"model": "claude-x", "messages": [{"role": "user", "content": "hi"}]}"#,
        "br",
        &br,
    );
    let (recs, errs) = run(y.as_bytes(), 1 << 20);
    assert!(errs.is_empty(), "{errs:?}");
    let u = usage(&recs[0]);
    assert_eq!(
        (u.input_tokens, u.cache_read, u.cache_write, u.output_tokens),
        (Some(2051), Some(2048), Some(0), Some(7))
    );
}

#[test]
fn a_gzip_request_body_is_read_too() {
    let y = format!(
        "interactions:\n- request:\n    method: POST\n    uri: https://api.openai.com/v1/chat/completions\n    body: !!binary |\n      {}\n  response: null\n",
        b64(&gzip(CHAT_REQUEST.as_bytes()))
    );
    let (recs, errs) = run(y.as_bytes(), 1 << 20);
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(recs[0].request, jv(CHAT_REQUEST));
    assert_eq!(
        recs[0].note.as_deref(),
        Some("usage not read: the response has no recorded body")
    );
}

#[test]
fn a_decompression_bomb_stops_at_the_body_bound_with_a_note() {
    let mut big = br#"{"usage": {"prompt_tokens": 5, "prompt_tokens_details": {"cached_tokens": 0}}, "pad": ""#.to_vec();
    big.extend(std::iter::repeat_n(b'0', 4 << 20));
    big.extend(br#""}"#);
    let packed = gzip(&big);
    assert!(packed.len() < 64 * 1024, "{}", packed.len());
    let y = binary_response(
        "https://api.openai.com/v1/chat/completions",
        CHAT_REQUEST,
        "gzip",
        &packed,
    );
    let (recs, errs) = run(y.as_bytes(), 1 << 20);
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(recs.len(), 1);
    assert!(recs[0].response.is_none());
    assert_eq!(
        recs[0].note.as_deref(),
        Some(
            "usage not read: response body decompresses (gzip) to more than the 1048576 byte limit (--max-line-bytes); skipped"
        )
    );
    // At a bound its size, it is read.
    let (recs, _) = run(y.as_bytes(), big.len());
    assert_eq!(usage(&recs[0]).input_tokens, Some(5));
}

#[test]
fn an_encoding_it_does_not_decode_is_a_note_naming_it() {
    let y = binary_response(
        "https://api.openai.com/v1/chat/completions",
        CHAT_REQUEST,
        "zstd",
        &[0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x58, 0x61, 0x00],
    );
    let (recs, errs) = run(y.as_bytes(), 1 << 20);
    assert!(errs.is_empty(), "{errs:?}");
    assert_eq!(
        recs[0].note.as_deref(),
        Some(
            "usage not read: response body is `zstd`-encoded (Content-Encoding), which promptlint does not decode (it decodes gzip, deflate and br); record it decoded (vcrpy `decode_compressed_response=True`)"
        )
    );
    // A corrupt gzip stream says so.
    let y = binary_response(
        "https://api.openai.com/v1/chat/completions",
        CHAT_REQUEST,
        "gzip",
        &[0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02],
    );
    let (recs, _) = run(y.as_bytes(), 1 << 20);
    let note = recs[0].note.as_deref().unwrap();
    assert!(
        note.starts_with(
            "usage not read: response body says it is gzip-compressed but does not decompress: "
        ),
        "{note}"
    );
}

#[test]
fn responses_without_usage_or_without_a_cache_figure_leave_notes() {
    let y = "interactions:
- request:
    body: '{\"model\": \"gpt-4o\", \"messages\": [{\"role\": \"user\", \"content\": \"a\"}]}'
    method: POST
    uri: https://api.openai.com/v1/chat/completions
  response:
    body:
      string: '{\"error\": {\"message\": \"Rate limit reached\", \"type\": \"requests\"}}'
    status:
      code: 429
      message: Too Many Requests
- request:
    body: '{\"model\": \"gpt-4o\", \"messages\": [{\"role\": \"user\", \"content\": \"b\"}]}'
    method: POST
    uri: https://api.openai.com/v1/chat/completions
  response:
    body:
      string: '{\"id\": \"c2\", \"usage\": {\"prompt_tokens\": 12, \"completion_tokens\": 3}}'
    status:
      code: 200
      message: OK
- request:
    body: '{\"model\": \"gpt-4o\", \"messages\": [{\"role\": \"user\", \"content\": \"c\"}]}'
    method: POST
    uri: https://api.openai.com/v1/chat/completions
  response:
    body:
      string: 'upstream connect error'
    status:
      code: 503
      message: Service Unavailable
";
    let (recs, errs) = run(y.as_bytes(), 1 << 20);
    assert!(errs.is_empty(), "{errs:?}");
    let notes: Vec<Option<&str>> = recs.iter().map(|r| r.note.as_deref()).collect();
    assert_eq!(
        notes,
        vec![
            Some(
                "usage not read (response status 429): the response has no usage figures in a shape promptlint reads (Anthropic `usage`, OpenAI `usage`, Gemini `usageMetadata`, Bedrock `usage.inputTokens`)"
            ),
            Some(
                "cache read not reported: the response's openai-chat usage has no cache-read figure"
            ),
            Some(
                "usage not read (response status 503): the response body is neither JSON nor an event stream"
            ),
        ]
    );
    assert_eq!(usage(&recs[1]).output_tokens, Some(3));
}

#[test]
fn gemini_omits_a_zero_cache_read_and_counts_thoughts_as_output() {
    let v = jv(
        r#"{"usageMetadata": {"promptTokenCount": 465, "candidatesTokenCount": 20, "thoughtsTokenCount": 31, "totalTokenCount": 516}, "modelVersion": "gemini-2.5-flash"}"#,
    );
    let u = usage_of(&v).unwrap();
    assert_eq!(
        (
            u.input_tokens,
            u.cache_read,
            u.cache_write,
            u.output_tokens,
            u.shape
        ),
        (Some(465), Some(0), None, Some(51), "gemini")
    );
    let v = jv(
        r#"{"usageMetadata": {"promptTokenCount": 9800, "cachedContentTokenCount": 9609, "candidatesTokenCount": 4}}"#,
    );
    let u = usage_of(&v).unwrap();
    assert_eq!((u.cache_read, u.output_tokens), (Some(9609), Some(4)));
    // A stream's last chunk likewise.
    let sse = "data: {\"candidates\": [{\"content\": {\"parts\": [{\"text\": \"a\"}]}}], \"usageMetadata\": {\"promptTokenCount\": 80, \"candidatesTokenCount\": 2}}\n\n";
    let u = usage_of_sse(sse).unwrap();
    assert_eq!((u.cache_read, u.output_tokens), (Some(0), Some(2)));
}

#[test]
fn openai_compatible_providers_cache_fields() {
    // DeepSeek: its own hit/miss fields, with or without OpenAI's.
    let u = usage_of(&jv(
        r#"{"usage": {"prompt_tokens": 563, "completion_tokens": 116, "prompt_cache_hit_tokens": 512, "prompt_cache_miss_tokens": 51}}"#,
    ))
    .unwrap();
    assert_eq!(
        (u.input_tokens, u.cache_read, u.output_tokens, u.shape),
        (Some(563), Some(512), Some(116), "openai-chat")
    );
    // OpenAI's field wins where both are there.
    let u = usage_of(&jv(
        r#"{"usage": {"prompt_tokens": 976, "prompt_cache_hit_tokens": 896, "prompt_tokens_details": {"cached_tokens": 896}}}"#,
    ))
    .unwrap();
    assert_eq!(u.cache_read, Some(896));
    // Mistral.
    let u = usage_of(&jv(
        r#"{"usage": {"completion_tokens": 155, "num_cached_tokens": 976, "prompt_tokens": 997, "total_tokens": 1152}}"#,
    ))
    .unwrap();
    assert_eq!((u.cache_read, u.output_tokens), (Some(976), Some(155)));
}

#[test]
fn output_tokens_of_every_shape() {
    let out = |s: &str| usage_of(&jv(s)).map(|u| (u.shape, u.output_tokens));
    assert_eq!(
        out(
            r#"{"usage": {"input_tokens": 45, "cache_read_input_tokens": 0, "output_tokens": 39}}"#
        ),
        Some(("anthropic", Some(39)))
    );
    assert_eq!(
        out(
            r#"{"object": "response", "usage": {"input_tokens": 124, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 1926}}"#
        ),
        Some(("openai-responses", Some(1926)))
    );
    assert_eq!(
        out(r#"{"usage": {"inputTokens": 729, "outputTokens": 51, "cacheReadInputTokens": 0}}"#),
        Some(("bedrock", Some(51)))
    );
    assert_eq!(
        out(r#"{"usage": {"prompt_tokens": 10, "completion_tokens": 2}}"#),
        Some(("openai-chat", Some(2)))
    );
    // An Anthropic stream: message_delta's cumulative output count wins.
    let sse = "event: message_start\ndata: {\"type\": \"message_start\", \"message\": {\"id\": \"m\", \"model\": \"c\", \"usage\": {\"input_tokens\": 5, \"cache_read_input_tokens\": 1217, \"output_tokens\": 1}}}\n\nevent: message_delta\ndata: {\"type\": \"message_delta\", \"usage\": {\"output_tokens\": 37}}\n\n";
    let u = usage_of_sse(sse).unwrap();
    assert_eq!(
        (u.input_tokens, u.cache_read, u.output_tokens),
        (Some(1222), Some(1217), Some(37))
    );
}

#[test]
fn a_gemini_cached_contents_create_call_says_what_it_is() {
    // pydantic-ai's shape: the create call's request has `contents`, its response is the
    // `CachedContent` with only `usageMetadata.totalTokenCount`.
    let y = "interactions:
- request:
    method: POST
    parsed_body:
      contents:
      - parts:
        - text: a long document
        role: user
      model: models/gemini-2.5-flash
      ttl: 600s
    uri: https://generativelanguage.googleapis.com/v1beta/cachedContents
  response:
    parsed_body:
      model: models/gemini-2.5-flash
      name: cachedContents/7lf5him5
      usageMetadata:
        totalTokenCount: 3512
    status:
      code: 200
      message: OK
";
    let (recs, errs) = run(y.as_bytes(), 1 << 20);
    assert!(errs.is_empty(), "{errs:?}");
    let r = recs[0].response.as_ref().unwrap();
    assert_eq!((r.usage, r.cached_content_tokens), (None, Some(3512)));
    assert_eq!(
        recs[0].note.as_deref(),
        Some(
            "no generation usage: the response is a Gemini `cachedContents` entry of 3512 tokens (a create call, not a generation)"
        )
    );
}

//! What the HTTP recordings (VCR cassettes, HAR) share: decoding a recorded body, telling a
//! provider request from the other traffic, and reading the response body.

use crate::escape::excerpt;
use crate::parse::request::{JsonView, Jv, is_request};

use super::model::Response;
use super::usage::{looks_like_sse, response_of, response_of_sse};

/// Decodes standard base64 (RFC 4648 §4, with or without `=` padding; whitespace skipped,
/// as wrapped cassette bodies have it), with the `base64` crate; `None` on any other byte.
pub(super) fn base64(s: &str) -> Option<Vec<u8>> {
    use base64::Engine as _;
    use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD};
    let compact: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    STANDARD
        .decode(&compact)
        .or_else(|_| STANDARD_NO_PAD.decode(&compact))
        .ok()
}

/// A recorded body as text: `Err` says why it is not (gzip, other binary).
pub(super) fn body_text(bytes: Vec<u8>, what: &str) -> Result<String, String> {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        return Err(format!(
            "{what} is gzip-compressed; record it decoded (vcrpy `decode_compressed_response=True`, Ruby VCR `decode_compressed_response: true`)"
        ));
    }
    String::from_utf8(bytes).map_err(|_| format!("{what} is binary (not UTF-8 text)"))
}

/// The path of a URL (or of a relative one), without query and fragment.
fn url_path(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let rest = if url.contains("://") {
        rest.find('/').map_or("", |i| &rest[i..])
    } else {
        rest
    };
    rest.split(['?', '#']).next().unwrap_or("")
}

/// True when the URL is a provider's generation endpoint: Anthropic `/v1/messages`, OpenAI
/// `/chat/completions`, `/responses`, `/completions`, Gemini and Vertex
/// `:generateContent` / `:streamGenerateContent`, Bedrock `/converse`, `/converse-stream`,
/// `/invoke`, `/invoke-with-response-stream`.
pub(super) fn is_generation_url(url: &str) -> bool {
    let p = url_path(url).trim_end_matches('/');
    [
        "/messages",
        "/chat/completions",
        "/responses",
        "/completions",
        ":generateContent",
        ":streamGenerateContent",
        "/converse",
        "/converse-stream",
        "/invoke",
        "/invoke-with-response-stream",
    ]
    .iter()
    .any(|end| p.ends_with(end))
}

/// True when the URL is a provider endpoint whose body looks like a request but is not one
/// that reads or writes the prompt cache: token counting, embeddings, moderation.
fn is_side_url(url: &str) -> bool {
    let p = url_path(url).trim_end_matches('/');
    [
        "/count_tokens",
        ":countTokens",
        "/embeddings",
        ":embedContent",
        ":batchEmbedContents",
        "/moderations",
    ]
    .iter()
    .any(|end| p.ends_with(end))
}

/// True when `body` (a parsed POST body) is a provider request: Anthropic, OpenAI and Bedrock
/// Converse bodies have `messages`, `system`, `input` or `instructions`
/// ([`crate::parse::request::is_request`]), Gemini's have `contents`; token counting,
/// embedding and moderation endpoints are not.
pub(super) fn is_provider_request(body: &Jv, url: Option<&str>) -> bool {
    if !matches!(body, Jv::Object(_)) || url.is_some_and(is_side_url) {
        return false;
    }
    is_request(body) || body.get("contents").is_some()
}

/// What the recorded response body says, read as an event stream when its content type says
/// so (or it looks like one), else as JSON; `None` when it is neither.
pub(super) fn read_response(body: &str, content_type: Option<&str>) -> Option<Response> {
    let sse = content_type.is_some_and(|c| c.contains("event-stream")) || looks_like_sse(body);
    if sse {
        return response_of_sse(body);
    }
    let v = Jv::parse(body.trim().as_bytes(), crate::bounds::MAX_CACHE_JSON_VALUES).ok()?;
    Some(response_of(&v))
}

/// The outcome of reading one recorded interaction.
pub(super) enum Outcome {
    /// A provider request (and what its response says).
    Record {
        request: Jv,
        response: Option<Response>,
    },
    /// Not a provider request: skipped without a word.
    Skip,
    /// A request to a provider endpoint that could not be read.
    Error(String),
}

/// Reads one recorded exchange: `method`, `url`, the request body (`Err` when it could not
/// be decoded) and the response body with its content type.
pub(super) fn exchange(
    method: Option<&str>,
    url: Option<&str>,
    request_body: Option<Result<String, String>>,
    response_body: Option<Result<String, String>>,
    response_type: Option<&str>,
    max_body_bytes: usize,
) -> Outcome {
    if !method.is_some_and(|m| m.eq_ignore_ascii_case("post")) {
        return Outcome::Skip;
    }
    let endpoint = url.is_some_and(|u| is_generation_url(u) && !is_side_url(u));
    let text = match request_body {
        Some(Ok(t)) => t,
        Some(Err(e)) if endpoint => return Outcome::Error(e),
        None if endpoint => {
            return Outcome::Error(format!(
                "a POST to `{}` has no recorded body",
                excerpt(url.unwrap_or(""), 80)
            ));
        }
        _ => return Outcome::Skip,
    };
    if text.len() > max_body_bytes {
        if endpoint {
            return Outcome::Error(format!(
                "request body is {} bytes, longer than the {max_body_bytes} byte limit (--max-line-bytes); skipped",
                text.len()
            ));
        }
        return Outcome::Skip;
    }
    let request = match Jv::parse(text.trim().as_bytes(), crate::bounds::MAX_CACHE_JSON_VALUES) {
        Ok(v) => v,
        Err(e) if endpoint => return Outcome::Error(format!("request body: {e}")),
        Err(_) => return Outcome::Skip,
    };
    if !is_provider_request(&request, url) {
        return Outcome::Skip;
    }
    let response = match response_body {
        Some(Ok(b)) if b.len() <= max_body_bytes => read_response(&b, response_type),
        _ => None,
    };
    Outcome::Record { request, response }
}

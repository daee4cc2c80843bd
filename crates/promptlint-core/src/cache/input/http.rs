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

/// A recorded body as text, decompressed first when `encoding` (the `Content-Encoding`
/// header) says so or the bytes start with gzip's magic number: gzip, `deflate` (zlib, or raw
/// deflate as some servers send it) and `br` (brotli) are decoded, never to more than `max`
/// bytes (a decompression bomb stops there: the body is refused with an error, like a body over
/// the limit). `Err` says why the body is not text: an encoding not decoded (`zstd`,
/// `compress`), a corrupt stream, a result over `max`, other binary.
pub(super) fn body_text(
    bytes: Vec<u8>,
    encoding: Option<&str>,
    what: &str,
    max: usize,
) -> Result<String, String> {
    let bytes = decompress(bytes, encoding, what, max)?;
    String::from_utf8(bytes).map_err(|_| format!("{what} is binary (not UTF-8 text)"))
}

/// Undoes a `Content-Encoding` (RFC 9110 §8.4; a list is undone from the last coding applied).
fn decompress(
    mut bytes: Vec<u8>,
    encoding: Option<&str>,
    what: &str,
    max: usize,
) -> Result<Vec<u8>, String> {
    let codings: Vec<String> = encoding
        .unwrap_or("")
        .split(',')
        .map(|c| c.trim().to_ascii_lowercase())
        .filter(|c| !c.is_empty() && c != "identity")
        .collect();
    let gzip_magic = |b: &[u8]| b.starts_with(&[0x1f, 0x8b]);
    if codings.is_empty() {
        // A body recorded compressed without its header (some recorders drop headers).
        if gzip_magic(&bytes) {
            return inflate(&bytes, "gzip", what, max);
        }
        return Ok(bytes);
    }
    for coding in codings.iter().rev() {
        bytes = match coding.as_str() {
            "gzip" | "x-gzip" | "deflate" | "br" => {
                // A body stored decoded under its original header (vcrpy's
                // `decode_compressed_response` keeps the body, some stores keep the header):
                // text that is already JSON or an event stream is taken as it is.
                if coding != "br" && !gzip_magic(&bytes) && plain_text(&bytes) {
                    return Ok(bytes);
                }
                inflate(&bytes, coding, what, max)?
            }
            other => {
                if plain_text(&bytes) {
                    return Ok(bytes);
                }
                return Err(format!(
                    "{what} is `{}`-encoded (Content-Encoding), which promptlint does not decode (it decodes gzip, deflate and br); record it decoded (vcrpy `decode_compressed_response=True`)",
                    excerpt(other, 30)
                ));
            }
        };
    }
    Ok(bytes)
}

/// True when `bytes` already read as a JSON value or an event stream.
fn plain_text(bytes: &[u8]) -> bool {
    let t = bytes.trim_ascii_start();
    t.starts_with(b"{")
        || t.starts_with(b"[")
        || t.starts_with(b"data:")
        || t.starts_with(b"event:")
}

/// Decompresses one coding, reading at most `max + 1` bytes of output.
fn inflate(bytes: &[u8], coding: &str, what: &str, max: usize) -> Result<Vec<u8>, String> {
    use std::io::Read as _;
    let limit = max as u64 + 1;
    let mut out = Vec::new();
    let read = match coding {
        "gzip" | "x-gzip" => flate2::read::MultiGzDecoder::new(bytes)
            .take(limit)
            .read_to_end(&mut out),
        "deflate" => {
            // RFC 9110 §8.4.1.2: zlib; raw deflate is what some servers send instead.
            let zlib = flate2::read::ZlibDecoder::new(bytes)
                .take(limit)
                .read_to_end(&mut out);
            match zlib {
                Ok(n) => Ok(n),
                Err(_) => {
                    out.clear();
                    flate2::read::DeflateDecoder::new(bytes)
                        .take(limit)
                        .read_to_end(&mut out)
                }
            }
        }
        _ => brotli_decompressor::Decompressor::new(bytes, 4096)
            .take(limit)
            .read_to_end(&mut out),
    };
    if let Err(e) = read {
        return Err(format!(
            "{what} says it is {coding}-compressed but does not decompress: {}",
            excerpt(&e.to_string(), 80)
        ));
    }
    if out.len() > max {
        return Err(format!(
            "{what} decompresses ({coding}) to more than the {max} byte limit (--max-line-bytes); skipped"
        ));
    }
    Ok(out)
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

/// Why a recorded response's usage (or its cache-read figure) was not read, for the log's
/// notes; `None` when it was. `status` is the HTTP status when the recording has it.
pub(super) fn response_note(
    body: Option<&Result<String, String>>,
    response: Option<&Response>,
    status: Option<u64>,
    max_body_bytes: usize,
) -> Option<String> {
    let failed = status.filter(|s| !(200..300).contains(s));
    let why = match (body, response) {
        (None, _) => "the response has no recorded body".to_owned(),
        (Some(Err(e)), _) => e.clone(),
        (Some(Ok(b)), _) if b.len() > max_body_bytes => format!(
            "the response body is {} bytes, longer than the {max_body_bytes} byte limit (--max-line-bytes)",
            b.len()
        ),
        (Some(Ok(_)), None) => "the response body is neither JSON nor an event stream".to_owned(),
        (Some(Ok(_)), Some(r)) => return super::usage::usage_note(r, failed),
    };
    Some(match failed {
        Some(s) => format!("usage not read (response status {s}): {why}"),
        None => format!("usage not read: {why}"),
    })
}

/// The outcome of reading one recorded interaction.
// One value per interaction, moved straight into a record: boxing would only add an
// allocation.
#[allow(clippy::large_enum_variant)]
pub(super) enum Outcome {
    /// A provider request (and what its response says).
    Record {
        request: Jv,
        response: Option<Response>,
        /// Why the response's usage was not read ([`response_note`]).
        note: Option<String>,
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
    response_status: Option<u64>,
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
    let response = match &response_body {
        Some(Ok(b)) if b.len() <= max_body_bytes => read_response(b, response_type),
        _ => None,
    };
    let note = response_note(
        response_body.as_ref(),
        response.as_ref(),
        response_status,
        max_body_bytes,
    );
    Outcome::Record {
        request,
        response,
        note,
    }
}

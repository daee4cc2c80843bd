//! VCR cassettes in YAML: vcrpy and Ruby VCR.
//!
//! - vcrpy: `{version: 1, interactions: [{request: {body, headers, method, uri}, response:
//!   {body: {string}, headers, status: {code, message}}}]}`; the request `body` is a string,
//!   `null`, or `!!binary` when it is not UTF-8, the response's `body.string` likewise
//!   (<https://github.com/kevin1024/vcrpy/blob/master/vcr/serialize.py>,
//!   <https://github.com/kevin1024/vcrpy/blob/master/vcr/serializers/compat.py>).
//! - Ruby VCR: `{http_interactions: [{request: {method, uri, body: {encoding, string},
//!   headers}, response: {status, headers, body: {encoding, string}}, recorded_at}],
//!   recorded_with}`; with `preserve_exact_body_bytes` a body is `{encoding, base64_string}`;
//!   `recorded_at` is an HTTP date (`Time#httpdate`), `method` lower case
//!   (<https://github.com/vcr/vcr/blob/master/lib/vcr/structs.rb>,
//!   <https://relishapp.com/vcr/vcr/v/6-0-0/docs/cassettes/cassette-format>).
//!
//! - pydantic-ai's vcrpy serializer keeps a JSON body as `parsed_body`, the parsed value in
//!   YAML beside (instead of) `body`, for requests and responses alike; it turns it back into
//!   the body with `json.dumps(parsed_body)` when it loads the cassette
//!   (<https://github.com/pydantic/pydantic-ai/blob/main/tests/json_body_serializer.py>,
//!   `deserialize`). Read the same way: the YAML value written out as JSON (YAML's typed
//!   scalars as JSON's: `null`, booleans, numbers, strings as the YAML quoted them).
//! - A `!!binary` body (vcrpy, when the bytes are not UTF-8) is decompressed when the
//!   interaction's `Content-Encoding` header says `gzip`, `deflate` or `br` (or starts with
//!   gzip's magic number), bounded by `max_line_bytes` ([`super::http::body_text`]); Ruby
//!   psych's `!binary` (Ruby VCR) likewise.
//!
//! Headers are maps from a name to a list of values (or one value). Only POSTs whose body is a
//! provider request become records; every other interaction is skipped without a word. A
//! cassette with no readable request gets one error saying what was expected.

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::cache::model::LineError;

use super::http::{Outcome, base64, body_text, exchange};
use super::model::{MAX_DOCUMENT_BYTES, Record};
use super::time::any_ms;

/// A YAML value as the cassette reader needs it: scalars as text, `!!binary` as bytes.
#[derive(Debug)]
pub(super) enum Yv {
    Null,
    /// A plain `true` / `false`.
    Bool(bool),
    /// A plain number, as Rust prints it (YAML `1.0` is `1`, as serde_json prints it too).
    Num(String),
    /// A string (quoted, or plain and not another type).
    Text(String),
    Bytes(Vec<u8>),
    Seq(Vec<Yv>),
    Map(Vec<(String, Yv)>),
}

impl Yv {
    fn get(&self, key: &str) -> Option<&Yv> {
        match self {
            Yv::Map(m) => m.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    fn text(&self) -> Option<&str> {
        match self {
            Yv::Text(s) | Yv::Num(s) => Some(s),
            Yv::Bool(true) => Some("true"),
            Yv::Bool(false) => Some("false"),
            _ => None,
        }
    }

    /// A header's first value, the name matched without regard to case.
    fn header(&self, name: &str) -> Option<&str> {
        let Yv::Map(m) = self else { return None };
        let v = m
            .iter()
            .rev()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v)?;
        match v {
            Yv::Seq(items) => items.first().and_then(Yv::text),
            other => other.text(),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Yv {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Yv, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Yv;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a YAML value")
            }
            fn visit_unit<E: de::Error>(self) -> Result<Yv, E> {
                Ok(Yv::Null)
            }
            fn visit_none<E: de::Error>(self) -> Result<Yv, E> {
                Ok(Yv::Null)
            }
            fn visit_some<D2: Deserializer<'de>>(self, d: D2) -> Result<Yv, D2::Error> {
                serde::Deserialize::deserialize(d)
            }
            fn visit_bool<E: de::Error>(self, b: bool) -> Result<Yv, E> {
                Ok(Yv::Bool(b))
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Yv, E> {
                Ok(Yv::Num(n.to_string()))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Yv, E> {
                Ok(Yv::Num(n.to_string()))
            }
            fn visit_f64<E: de::Error>(self, n: f64) -> Result<Yv, E> {
                // JSON has no NaN or infinity: Python's `json.dumps` writes them bare, which
                // no JSON parser reads; a string keeps the body readable.
                Ok(if n.is_finite() {
                    Yv::Num(n.to_string())
                } else {
                    Yv::Text(n.to_string())
                })
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Yv, E> {
                Ok(Yv::Text(s.to_owned()))
            }
            fn visit_string<E: de::Error>(self, s: String) -> Result<Yv, E> {
                Ok(Yv::Text(s))
            }
            fn visit_bytes<E: de::Error>(self, b: &[u8]) -> Result<Yv, E> {
                Ok(Yv::Bytes(b.to_vec()))
            }
            fn visit_byte_buf<E: de::Error>(self, b: Vec<u8>) -> Result<Yv, E> {
                Ok(Yv::Bytes(b))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Yv, A::Error> {
                let mut v = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
                while let Some(x) = seq.next_element()? {
                    v.push(x);
                }
                Ok(Yv::Seq(v))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Yv, A::Error> {
                let mut v = Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096));
                while let Some((k, x)) = map.next_entry::<Yv, Yv>()? {
                    let key = match k {
                        Yv::Text(s) | Yv::Num(s) => s,
                        other => other.text().unwrap_or("").to_owned(),
                    };
                    v.push((key, x));
                }
                Ok(Yv::Map(v))
            }
        }
        d.deserialize_any(V)
    }
}

/// The bytes of a `!!binary` scalar, which the parser hands over as its base64 text
/// (`ignore_binary_tag_for_string`, so that a non-UTF-8 body cannot fail the whole cassette):
/// a text that does not start like JSON and is all base64 symbols is decoded.
fn binary(s: &str) -> Option<Vec<u8>> {
    let t = s.trim_start();
    if t.len() < 4 || t.starts_with(['{', '[']) {
        return None;
    }
    // A `!!binary` block's lines hold no spaces; plain text ("upstream connect error")
    // often does.
    let symbols = t
        .trim_end()
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'\n' | b'\r'));
    if symbols { base64(t) } else { None }
}

/// How a body is to be read: its `Content-Encoding` and the byte bound.
#[derive(Clone, Copy)]
struct BodyOf<'a> {
    what: &'a str,
    encoding: Option<&'a str>,
    max: usize,
}

/// A recorded body as text. vcrpy: a string, `!!binary` or `{string: ..}`; Ruby VCR:
/// `{encoding, string}` or `{encoding, base64_string}`. `None` when there is none.
fn body(v: Option<&Yv>, of: BodyOf<'_>) -> Option<Result<String, String>> {
    let BodyOf {
        what,
        encoding,
        max,
    } = of;
    match v? {
        Yv::Null => None,
        Yv::Text(s) if s.is_empty() => None,
        Yv::Text(s) => Some(match binary(s) {
            // A word that happens to be base64 ("Unauthorized") decodes to bytes that are
            // neither compressed nor text: the text was the body.
            Some(bytes)
                if encoding.is_none()
                    && !bytes.starts_with(&[0x1f, 0x8b])
                    && std::str::from_utf8(&bytes).is_err() =>
            {
                Ok(s.clone())
            }
            Some(bytes) => body_text(bytes, encoding, what, max),
            None => Ok(s.clone()),
        }),
        Yv::Num(s) => Some(Ok(s.clone())),
        Yv::Bool(_) => Some(Err(format!("{what} is a boolean, not a string"))),
        Yv::Bytes(b) => Some(body_text(b.clone(), encoding, what, max)),
        m @ Yv::Map(_) => {
            if let Some(b64) = m.get("base64_string").and_then(Yv::text) {
                return Some(match base64(b64) {
                    Some(bytes) => body_text(bytes, encoding, what, max),
                    None => Err(format!("{what}'s `base64_string` is not base64")),
                });
            }
            body(m.get("string"), of)
        }
        Yv::Seq(_) => Some(Err(format!("{what} is a list, not a string"))),
    }
}

/// pydantic-ai's `parsed_body` (a request's or a response's) as the JSON text it stands for;
/// `None` when the side has none. A string is the body itself; a map or a list is written out
/// as JSON, refused once the text passes `max` bytes.
fn parsed_body(side: &Yv, what: &str, max: usize) -> Option<Result<String, String>> {
    let v = side.get("parsed_body")?;
    match v {
        Yv::Null => None,
        Yv::Text(s) => Some(Ok(s.clone())),
        Yv::Map(_) | Yv::Seq(_) => {
            let mut out = String::new();
            Some(match write_json(v, &mut out, max) {
                Ok(()) => Ok(out),
                Err(()) => Err(format!(
                    "{what} (`parsed_body`) is longer than the {max} byte limit (--max-line-bytes) as JSON; skipped"
                )),
            })
        }
        other => Some(Ok(other.text().unwrap_or("").to_owned())),
    }
}

/// Writes `v` as compact JSON into `out`; `Err` once `out` passes `max` bytes. Recursion is
/// bounded by the parser's depth limit (`max_depth`, 128).
fn write_json(v: &Yv, out: &mut String, max: usize) -> Result<(), ()> {
    match v {
        Yv::Null => out.push_str("null"),
        Yv::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Yv::Num(n) => out.push_str(n),
        Yv::Text(s) => json_string(s, out),
        Yv::Bytes(b) => json_string(&String::from_utf8_lossy(b), out),
        Yv::Seq(items) => {
            out.push('[');
            for (i, x) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(x, out, max)?;
            }
            out.push(']');
        }
        Yv::Map(members) => {
            out.push('{');
            for (i, (k, x)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json_string(k, out);
                out.push(':');
                write_json(x, out, max)?;
            }
            out.push('}');
        }
    }
    if out.len() > max { Err(()) } else { Ok(()) }
}

fn json_string(s: &str, out: &mut String) {
    use std::fmt::Write as _;
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// The parser's limits for a cassette: the document cap for scalar text (bodies are long
/// block scalars), nodes and events in proportion.
fn options() -> serde_saphyr::Options {
    let mut budget = serde_saphyr::Budget::default();
    budget.max_total_scalar_bytes = MAX_DOCUMENT_BYTES;
    budget.max_reader_input_bytes = Some(MAX_DOCUMENT_BYTES);
    budget.max_nodes = 8_000_000;
    budget.max_events = 16_000_000;
    budget.max_depth = 128;
    budget.max_documents = 1;
    let mut o = serde_saphyr::Options::default();
    o.budget = Some(budget);
    o.ignore_binary_tag_for_string = true;
    // YAML 1.2's booleans only: PyYAML and psych write `true`/`false` and quote the strings
    // YAML 1.1 reads as booleans, but a plain `n` or `y` (pydantic-ai's `n: 1` request member)
    // is a string to both, which serde-saphyr's YAML 1.1 default would read as `false`.
    o.strict_booleans = true;
    o
}

/// Reads a cassette held whole in `doc` (at most [`MAX_DOCUMENT_BYTES`]); `base` is the
/// document's offset in the log.
pub(super) fn read(
    path: &str,
    doc: &[u8],
    base: u64,
    max_body_bytes: usize,
    emit: &mut dyn FnMut(Result<Record, LineError>),
) {
    let err = |line: u64, message: String| LineError {
        path: path.to_owned(),
        line,
        message,
    };
    let span = (base, base + doc.len() as u64);
    let Ok(text) = std::str::from_utf8(doc) else {
        emit(Err(err(1, "cassette is not UTF-8 text".to_owned())));
        return;
    };
    let root: Yv = match serde_saphyr::from_str_with_options(text, options()) {
        Ok(v) => v,
        Err(e) => {
            let first = e.to_string();
            let first = first.lines().next().unwrap_or("");
            emit(Err(err(
                1,
                format!(
                    "cassette is not YAML: {}",
                    crate::escape::excerpt(first, 200)
                ),
            )));
            return;
        }
    };
    let interactions = match root.get("interactions").or(root.get("http_interactions")) {
        Some(Yv::Seq(items)) => items,
        _ => {
            emit(Err(err(
                1,
                "not a VCR cassette: expected a top-level `interactions` list (vcrpy) or `http_interactions` list (Ruby VCR)"
                    .to_owned(),
            )));
            return;
        }
    };
    let mut records = 0usize;
    let mut errors = 0usize;
    for (i, it) in interactions.iter().enumerate() {
        let line = i as u64 + 1;
        let (Some(req), resp) = (it.get("request"), it.get("response")) else {
            continue;
        };
        let url = req.get("uri").and_then(Yv::text);
        let header = |side: Option<&Yv>, name: &str| {
            side.and_then(|r| r.get("headers"))
                .and_then(|h| h.header(name))
                .map(str::to_owned)
        };
        let response_type = header(resp, "content-type");
        let (req_encoding, resp_encoding) = (
            header(Some(req), "content-encoding"),
            header(resp, "content-encoding"),
        );
        let request_body = parsed_body(req, "request body", max_body_bytes).or_else(|| {
            body(
                req.get("body"),
                BodyOf {
                    what: "request body",
                    encoding: req_encoding.as_deref(),
                    max: max_body_bytes,
                },
            )
        });
        let response_body = resp.and_then(|r| {
            parsed_body(r, "response body", max_body_bytes).or_else(|| {
                body(
                    r.get("body"),
                    BodyOf {
                        what: "response body",
                        encoding: resp_encoding.as_deref(),
                        max: max_body_bytes,
                    },
                )
            })
        });
        // vcrpy `status: {code, message}`, Ruby VCR `status: {code, message}` too.
        let status = resp
            .and_then(|r| r.get("status"))
            .and_then(|s| s.get("code").or(Some(s)))
            .and_then(Yv::text)
            .and_then(|c| c.parse::<u64>().ok());
        let outcome = exchange(
            req.get("method").and_then(Yv::text),
            url,
            request_body,
            response_body,
            response_type.as_deref(),
            status,
            max_body_bytes,
        );
        match outcome {
            Outcome::Record {
                request,
                response,
                note,
            } => {
                records += 1;
                emit(Ok(Record {
                    line,
                    span,
                    request,
                    url: url.map(str::to_owned),
                    time_ms: it.get("recorded_at").and_then(Yv::text).and_then(any_ms),
                    response,
                    note,
                }));
            }
            Outcome::Skip => {}
            Outcome::Error(message) => {
                errors += 1;
                emit(Err(err(line, format!("interaction {line}: {message}"))));
            }
        }
    }
    if records == 0 && errors == 0 {
        emit(Err(err(
            1,
            format!(
                "cassette has {} interactions and none is a POST of a provider request (a JSON body with `messages`, `system`, `input`, `instructions` or `contents`)",
                interactions.len()
            ),
        )));
    }
}

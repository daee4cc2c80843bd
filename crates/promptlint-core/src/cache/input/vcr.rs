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
            Yv::Text(s) => Some(s),
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
                Ok(Yv::Text(b.to_string()))
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Yv, E> {
                Ok(Yv::Text(n.to_string()))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Yv, E> {
                Ok(Yv::Text(n.to_string()))
            }
            fn visit_f64<E: de::Error>(self, n: f64) -> Result<Yv, E> {
                Ok(Yv::Text(n.to_string()))
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
                        Yv::Text(s) => s,
                        _ => String::new(),
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
    let symbols = t.bytes().all(|b| {
        b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'\n' | b'\r' | b' ')
    });
    if symbols { base64(t) } else { None }
}

/// A recorded body as text. vcrpy: a string, `!!binary` or `{string: ..}`; Ruby VCR:
/// `{encoding, string}` or `{encoding, base64_string}`. `None` when there is none.
fn body(v: Option<&Yv>, what: &str) -> Option<Result<String, String>> {
    match v? {
        Yv::Null => None,
        Yv::Text(s) if s.is_empty() => None,
        Yv::Text(s) => Some(match binary(s) {
            Some(bytes) => body_text(bytes, what),
            None => Ok(s.clone()),
        }),
        Yv::Bytes(b) => Some(body_text(b.clone(), what)),
        m @ Yv::Map(_) => {
            if let Some(b64) = m.get("base64_string").and_then(Yv::text) {
                return Some(match base64(b64) {
                    Some(bytes) => body_text(bytes, what),
                    None => Err(format!("{what}'s `base64_string` is not base64")),
                });
            }
            body(m.get("string"), what)
        }
        Yv::Seq(_) => Some(Err(format!("{what} is a list, not a string"))),
    }
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
        let response_type = resp
            .and_then(|r| r.get("headers"))
            .and_then(|h| h.header("content-type"));
        let outcome = exchange(
            req.get("method").and_then(Yv::text),
            url,
            body(req.get("body"), "request body"),
            body(resp.and_then(|r| r.get("body")), "response body"),
            response_type,
            max_body_bytes,
        );
        match outcome {
            Outcome::Record { request, response } => {
                records += 1;
                emit(Ok(Record {
                    line,
                    span,
                    request,
                    url: url.map(str::to_owned),
                    time_ms: it.get("recorded_at").and_then(Yv::text).and_then(any_ms),
                    response,
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

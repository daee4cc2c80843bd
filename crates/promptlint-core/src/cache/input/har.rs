//! HTTP Archives (HAR 1.2): `{"log": {"entries": [{startedDateTime, request: {method, url,
//! headers, postData: {mimeType, text}}, response: {status, content: {mimeType, text,
//! encoding}}}]}}`; `content.encoding` is `base64` when the text is base64-encoded (new in
//! 1.2), and the 1.3 proposal adds the same `postData.encoding`, read too
//! (<https://github.com/ahmadnassri/har-spec/blob/master/versions/1.2.md>,
//! <https://github.com/ahmadnassri/har-spec/blob/master/versions/1.3.md>). `startedDateTime` is
//! ISO 8601.
//!
//! Only POSTs whose body is a provider request become records (browser traffic, preflights and
//! uploads are skipped without a word); a HAR with no readable request gets one error.

use crate::cache::model::LineError;
use crate::parse::request::{JsonView, Jv};

use super::http::{Outcome, base64, body_text, exchange};
use super::model::Record;
use super::scan;
use super::time::iso8601_ms;

/// A body with its optional `encoding` as text.
fn text(body: Option<&Jv>, what: &str, max: usize) -> Option<Result<String, String>> {
    let b = body?;
    let t = b.get("text").and_then(JsonView::str)?;
    if t.is_empty() {
        return None;
    }
    match b.get("encoding").and_then(JsonView::str) {
        Some(e) if e.eq_ignore_ascii_case("base64") => Some(match base64(t) {
            // HAR's text is the decoded body (`content.size` is its length after decoding),
            // so only the gzip magic number is looked for.
            Some(bytes) => body_text(bytes, None, what, max),
            None => Err(format!("{what} says `encoding: base64` but is not base64")),
        }),
        Some(e) if !e.is_empty() => Some(Err(format!(
            "{what} has an unknown `encoding` `{}`",
            crate::escape::excerpt(e, 40)
        ))),
        _ => Some(Ok(t.to_owned())),
    }
}

/// Reads the entries of a HAR held whole in `doc`; `base` is the document's offset in the log.
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
    let entries = scan::member(doc, 0, "log").and_then(|log| match log {
        Some(at) => scan::member(doc, at, "entries"),
        None => Ok(None),
    });
    let entries = match entries {
        Ok(Some(r)) => r,
        Ok(None) => {
            emit(Err(err(
                1,
                "not a HAR file: expected an object with `log.entries`".to_owned(),
            )));
            return;
        }
        Err(e) => {
            emit(Err(err(1, format!("the HAR file is not JSON: {e}"))));
            return;
        }
    };
    let (mut n, mut records, mut errors) = (0u64, 0usize, 0usize);
    let walked = scan::elements(doc, entries, &mut |range| {
        n += 1;
        let line = n;
        let span = (base + range.start as u64, base + range.end as u64);
        let entry = match Jv::parse(&doc[range], crate::bounds::MAX_CACHE_JSON_VALUES) {
            Ok(v) => v,
            Err(e) => {
                errors += 1;
                emit(Err(err(line, format!("entry {line}: {e}"))));
                return;
            }
        };
        let req = entry.get("request");
        let resp = entry.get("response");
        let url = req.and_then(|r| r.get("url")).and_then(JsonView::str);
        let content = resp.and_then(|r| r.get("content"));
        let outcome = exchange(
            req.and_then(|r| r.get("method")).and_then(JsonView::str),
            url,
            text(
                req.and_then(|r| r.get("postData")),
                "request body",
                max_body_bytes,
            ),
            text(content, "response body", max_body_bytes),
            content
                .and_then(|c| c.get("mimeType"))
                .and_then(JsonView::str),
            resp.and_then(|r| super::usage::num(r.get("status")))
                .filter(|s| *s > 0),
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
                    time_ms: entry
                        .get("startedDateTime")
                        .and_then(JsonView::str)
                        .and_then(iso8601_ms),
                    response,
                    note,
                }));
            }
            Outcome::Skip => {}
            Outcome::Error(message) => {
                errors += 1;
                emit(Err(err(line, format!("entry {line}: {message}"))));
            }
        }
    });
    match walked {
        Ok(true) => {}
        Ok(false) => {
            emit(Err(err(
                1,
                "the HAR file's `log.entries` is not a list".to_owned(),
            )));
            return;
        }
        Err(e) => {
            emit(Err(err(
                n + 1,
                format!("the HAR file is not JSON after entry {n}: {e}"),
            )));
            return;
        }
    }
    if records == 0 && errors == 0 {
        emit(Err(err(
            1,
            format!(
                "the HAR file has {n} entries and none is a POST of a provider request (a JSON body with `messages`, `system`, `input`, `instructions` or `contents`)"
            ),
        )));
    }
}

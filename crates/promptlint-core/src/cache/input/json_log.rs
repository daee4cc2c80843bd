//! JSON logs: JSONL streamed line by line, or one JSON document (an array of entries, a
//! `{"data": [..]}` page, a HAR file, a single request) read whole up to
//! [`MAX_DOCUMENT_BYTES`].
//!
//! Which of the two a file is: a first line that parses on its own makes it JSONL; so does a
//! second line that parses when the first did not (a JSONL log whose first line is broken).
//! Otherwise, when the first line is an unfinished JSON value (a pretty-printed document), the
//! file is one document. A file whose first non-blank byte is neither `{` nor `[` is no JSON
//! log: one error names the formats expected.

use std::io::{BufRead, Cursor, Read};

use crate::cache::model::LineError;
use crate::escape::excerpt;
use crate::parse::request::{JsonView, Jv};

use super::entry::{EntryState, Read as EntryRead, read_entry};
use super::har;
use super::model::{MAX_DOCUMENT_BYTES, Record};
use super::scan;
use super::vcr;
use crate::bounds::MAX_CACHE_JSON_VALUES;

/// The message for a file that is none of the formats read.
pub(super) const EXPECTED: &str = "expected JSONL (one JSON request per line, bare or as `{\"request\", \"response\"}`), a JSON array or `{\"data\": [..]}` export (LiteLLM, Langfuse), a HAR file or a VCR cassette (YAML)";

/// Strips the line's `\n` / `\r\n`.
pub(super) fn trim_line(b: &[u8]) -> &[u8] {
    let mut end = b.len();
    while end > 0 && matches!(b[end - 1], b'\n' | b'\r') {
        end -= 1;
    }
    &b[..end]
}

/// Reads one line (newline included) into `buf`, keeping at most `max` bytes besides the
/// newline: a longer line is consumed to its end but not kept. Returns the line's full length (0 at the end) and whether
/// it was too long. (The logic of `cache/reader.rs`'s function of the same name.)
pub(super) fn read_line_bounded<R: BufRead>(
    r: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<(usize, bool)> {
    let mut len = 0usize;
    let mut too_long = false;
    loop {
        let avail = match r.fill_buf() {
            Ok(a) => a,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            return Ok((len, too_long));
        }
        let (take, done) = match avail.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (avail.len(), false),
        };
        if !too_long {
            // The newline ending the line does not count toward the limit.
            if buf.len() + take - usize::from(done) > max {
                too_long = true;
                buf.clear();
                buf.shrink_to(64 * 1024);
            } else {
                buf.extend_from_slice(&avail[..take]);
            }
        }
        len += take;
        r.consume(take);
        if done {
            return Ok((len, too_long));
        }
    }
}

/// Reads the rest of `reader`, at most `cap` bytes more than `into` holds; `false` when there
/// was more (the document is over the cap).
pub(super) fn read_capped<R: BufRead>(
    reader: &mut R,
    into: &mut Vec<u8>,
    cap: usize,
) -> std::io::Result<bool> {
    let room = cap.saturating_sub(into.len()) as u64;
    reader.by_ref().take(room + 1).read_to_end(into)?;
    Ok(into.len() <= cap)
}

/// The error for a document over [`MAX_DOCUMENT_BYTES`].
pub(super) fn too_big(what: &str) -> String {
    format!(
        "{what} is longer than the {MAX_DOCUMENT_BYTES} byte limit for logs read whole; skipped (split it, or convert it to JSONL, which streams)"
    )
}

/// Consumes a UTF-8 BOM and leading whitespace; returns the bytes and newlines consumed.
fn skip_leading<R: BufRead>(r: &mut R) -> std::io::Result<(u64, u64)> {
    let (mut bytes, mut lines) = (0u64, 0u64);
    let mut first = true;
    loop {
        let buf = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok((bytes, lines));
        }
        let mut n = 0;
        if first && buf.starts_with(&[0xEF, 0xBB, 0xBF]) {
            n = 3;
        }
        first = false;
        while n < buf.len() && matches!(buf[n], b' ' | b'\t' | b'\r' | b'\n') {
            if buf[n] == b'\n' {
                lines += 1;
            }
            n += 1;
        }
        let all = n == buf.len();
        r.consume(n);
        bytes += n as u64;
        if !all {
            return Ok((bytes, lines));
        }
    }
}

fn parses(line: &[u8]) -> Result<(), serde_json::Error> {
    serde_json::from_slice::<serde::de::IgnoredAny>(line).map(|_| ())
}

/// Reads a JSON log (JSONL or one document). `force_document` reads it whole whatever its
/// first line (a `.har` file).
pub(super) fn read<R: BufRead>(
    path: &str,
    mut reader: R,
    max_line_bytes: usize,
    force_document: bool,
    emit: &mut dyn FnMut(Result<Record, LineError>),
) -> std::io::Result<()> {
    let err = |line: u64, message: String| LineError {
        path: path.to_owned(),
        line,
        message,
    };
    let (base, lines_before) = skip_leading(&mut reader)?;
    let first = loop {
        match reader.fill_buf() {
            Ok(b) => break b.first().copied(),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    };
    let line = lines_before + 1;
    match first {
        None => return Ok(()),
        Some(b'{' | b'[') => {}
        Some(_) => {
            let head = reader.fill_buf()?;
            let head = &head[..head.len().min(200)];
            let end = head.iter().position(|&b| b == b'\n').unwrap_or(head.len());
            let start = String::from_utf8_lossy(trim_line(&head[..end])).into_owned();
            emit(Err(err(
                line,
                format!(
                    "not a request log: {EXPECTED}; it starts with `{}`",
                    excerpt(&start, 40)
                ),
            )));
            return Ok(());
        }
    }
    if force_document || first == Some(b'[') {
        let mut doc = Vec::new();
        if !read_capped(&mut reader, &mut doc, MAX_DOCUMENT_BYTES)? {
            emit(Err(err(line, too_big("the document"))));
            return Ok(());
        }
        read_document(
            path,
            &doc,
            base,
            lines_before,
            max_line_bytes,
            force_document,
            None,
            emit,
        );
        return Ok(());
    }
    let mut first_line = Vec::new();
    let (len1, long1) = read_line_bounded(&mut reader, &mut first_line, max_line_bytes)?;
    let mut state = EntryState::default();
    if long1 {
        emit(Err(err(line, line_too_long(len1, max_line_bytes))));
        return jsonl(
            path,
            reader,
            max_line_bytes,
            emit,
            line,
            base + len1 as u64,
            &mut state,
        );
    }
    let one = parses(trim_line(&first_line));
    let unfinished = one.as_ref().is_err_and(serde_json::Error::is_eof);
    if one.is_ok() || !unfinished {
        let prefix = Cursor::new(first_line).chain(reader);
        return jsonl(
            path,
            prefix,
            max_line_bytes,
            emit,
            lines_before,
            base,
            &mut state,
        );
    }
    let mut second = Vec::new();
    let (len2, long2) = read_line_bounded(&mut reader, &mut second, max_line_bytes)?;
    let second_parses = !long2 && parses(trim_line(&second)).is_ok();
    if second_parses {
        // JSONL whose first line is broken.
        let mut prefix = first_line;
        prefix.extend_from_slice(&second);
        let chained = Cursor::new(prefix).chain(reader);
        return jsonl(
            path,
            chained,
            max_line_bytes,
            emit,
            lines_before,
            base,
            &mut state,
        );
    }
    if long2 {
        // A second line over the line limit: a pretty-printed document's second line is short,
        // so this is JSONL whose first line is broken.
        if let Err(e) = one {
            emit(Err(err(line, format!("not JSON: {e}"))));
        }
        emit(Err(err(line + 1, line_too_long(len2, max_line_bytes))));
        let offset = base + (len1 + len2) as u64;
        return jsonl(
            path,
            reader,
            max_line_bytes,
            emit,
            line + 1,
            offset,
            &mut state,
        );
    }
    let mut doc = first_line;
    doc.extend_from_slice(&second);
    if !read_capped(&mut reader, &mut doc, MAX_DOCUMENT_BYTES)? {
        emit(Err(err(line, too_big("the JSON document"))));
        return Ok(());
    }
    read_document(
        path,
        &doc,
        base,
        lines_before,
        max_line_bytes,
        false,
        None,
        emit,
    );
    Ok(())
}

fn line_too_long(len: usize, max: usize) -> String {
    format!("line is {len} bytes, longer than the {max} byte limit (--max-line-bytes); skipped")
}

/// The JSONL loop: one entry per line, each line bounded.
fn jsonl<R: BufRead>(
    path: &str,
    mut reader: R,
    max_line_bytes: usize,
    emit: &mut dyn FnMut(Result<Record, LineError>),
    mut line_no: u64,
    mut offset: u64,
    state: &mut EntryState,
) -> std::io::Result<()> {
    let mut buf: Vec<u8> = Vec::new();
    loop {
        buf.clear();
        let (len, too_long) = read_line_bounded(&mut reader, &mut buf, max_line_bytes)?;
        if len == 0 {
            return Ok(());
        }
        line_no += 1;
        let span = (offset, offset + len as u64);
        offset += len as u64;
        let err = |message: String| LineError {
            path: path.to_owned(),
            line: line_no,
            message,
        };
        if too_long {
            emit(Err(err(line_too_long(len, max_line_bytes))));
            continue;
        }
        let text = trim_line(&buf);
        if text.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let root = match Jv::parse(text, MAX_CACHE_JSON_VALUES) {
            Ok(v) => v,
            Err(e) => {
                emit(Err(err(e)));
                continue;
            }
        };
        let document = matches!(root, Jv::Array(_))
            || root.get("log").and_then(|l| l.get("entries")).is_some()
            || matches!(root.get("data"), Some(Jv::Array(_)));
        if document {
            // A whole document on one line (minified HAR, JSON array, `{"data": [..]}`): its
            // entries are numbered from 1 as in a document read whole.
            drop(root);
            read_document(
                path,
                text,
                span.0,
                line_no - 1,
                max_line_bytes,
                false,
                Some(line_no),
                emit,
            );
            continue;
        }
        match read_entry(root, line_no, span, state) {
            EntryRead::Record(r) => emit(Ok(*r)),
            EntryRead::Skip => {}
            EntryRead::Error(m) => emit(Err(err(m))),
        }
    }
}

/// Reads a JSON document held whole: a top-level array of entries, `{"log": {"entries"}}`
/// (HAR), `{"data": [..]}` (a Langfuse API page), or one entry. `base` is its offset in the
/// log, `lines_before` the blank lines before it. Entries are numbered from 1 and that number
/// is their `line`, unless the document is one line of a JSON Lines log (`on_line`): then
/// every entry is on that line.
#[allow(clippy::too_many_arguments)]
fn read_document(
    path: &str,
    doc: &[u8],
    base: u64,
    lines_before: u64,
    max_entry_bytes: usize,
    expect_har: bool,
    on_line: Option<u64>,
    emit: &mut dyn FnMut(Result<Record, LineError>),
) {
    let err = |line: u64, message: String| LineError {
        path: path.to_owned(),
        line,
        message,
    };
    let is_har = matches!(scan::member(doc, 0, "log"), Ok(Some(at)) if matches!(scan::member(doc, at, "entries"), Ok(Some(_))));
    if is_har || expect_har {
        har::read(path, doc, base, max_entry_bytes, emit);
        return;
    }
    let cassette = ["interactions", "http_interactions"]
        .iter()
        .any(|k| matches!(scan::member(doc, 0, k), Ok(Some(_))));
    if cassette {
        // A VCR cassette written by a JSON serializer (vcrpy's, Ruby VCR's `:json`): YAML
        // reads JSON.
        vcr::read(path, doc, base, max_entry_bytes, emit);
        return;
    }
    let list = match scan::member(doc, 0, "data") {
        Ok(Some(at)) => at,
        _ => 0,
    };
    let mut state = EntryState::default();
    let mut n = 0u64;
    let walked = scan::elements(doc, list, &mut |range| {
        n += 1;
        let line = on_line.unwrap_or(n);
        let span = (base + range.start as u64, base + range.end as u64);
        if range.len() > max_entry_bytes {
            emit(Err(err(
                line,
                format!(
                    "entry {n} is {} bytes, longer than the {max_entry_bytes} byte limit (--max-line-bytes); skipped",
                    range.len()
                ),
            )));
            return;
        }
        let root = match Jv::parse(&doc[range], MAX_CACHE_JSON_VALUES) {
            Ok(v) => v,
            Err(e) => {
                emit(Err(err(line, format!("entry {n}: {e}"))));
                return;
            }
        };
        match read_entry(root, line, span, &mut state) {
            EntryRead::Record(r) => emit(Ok(*r)),
            EntryRead::Skip => {}
            EntryRead::Error(m) => emit(Err(err(line, format!("entry {n}: {m}")))),
        }
    });
    match walked {
        Ok(true) => {}
        Ok(false) => {
            // One entry: the whole document.
            let line = lines_before + 1;
            if doc.len() > max_entry_bytes {
                emit(Err(err(
                    line,
                    format!(
                        "the JSON document is {} bytes, longer than the {max_entry_bytes} byte limit for one request (--max-line-bytes); skipped",
                        doc.len()
                    ),
                )));
                return;
            }
            match Jv::parse(doc, MAX_CACHE_JSON_VALUES) {
                Ok(root) => {
                    let span = (base, base + doc.len() as u64);
                    match read_entry(root, line, span, &mut state) {
                        EntryRead::Record(r) => emit(Ok(*r)),
                        EntryRead::Skip => {}
                        EntryRead::Error(m) => emit(Err(err(line, m))),
                    }
                }
                Err(e) => emit(Err(err(line, e))),
            }
        }
        Err(e) => emit(Err(err(
            n + 1,
            format!("the JSON document is broken after entry {n}: {e}"),
        ))),
    }
}

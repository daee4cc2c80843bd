//! Reading a log of any supported format (see [`super::input`]) and analysing its requests.

use std::io::BufRead;

use super::analyzer::{Analyzer, Request};
use super::input::{self, Record};
use super::model::*;

/// What reading a log produced.
#[derive(Debug, Default)]
pub struct LogResult {
    /// Entries that could not be read or analysed.
    pub errors: Vec<LineError>,
    /// Requests analysed.
    pub requests: u64,
}

/// Reads a log from `reader` (its format sniffed from `path` and its first bytes: JSON Lines,
/// a VCR cassette, a HAR file, an LLM-observability export) and analyses each request; each
/// conversation is passed to `emit` as soon as it closes. JSON Lines are streamed, each line
/// bounded by `opts.max_line_bytes`; whole-document formats are read up to
/// [`input::MAX_DOCUMENT_BYTES`].
///
/// # Errors
/// An I/O error of the reader.
pub fn analyse_reader<R: BufRead>(
    path: &str,
    mut reader: R,
    opts: CacheOptions,
    emit: &mut dyn FnMut(Conversation),
) -> std::io::Result<LogResult> {
    let format = input::sniff_format(path, reader.fill_buf()?);
    let mut an = Analyzer::new(path, opts);
    let mut result = LogResult::default();
    let mut closed = Vec::new();
    input::read_records(path, format, reader, opts.max_line_bytes, &mut |rec| {
        match rec {
            Ok(r) => match an.feed_request(request_of(&r), &mut closed) {
                Ok(()) => result.requests += 1,
                Err(e) => result.errors.push(e),
            },
            Err(e) => result.errors.push(e),
        }
        for c in closed.drain(..) {
            emit(c);
        }
    })?;
    for c in an.finish() {
        emit(c);
    }
    Ok(result)
}

/// What the analyser takes from a record.
fn request_of(r: &Record) -> Request<'_> {
    let response = r.response.as_ref();
    Request {
        line: r.line,
        span: r.span,
        root: &r.request,
        url: r.url.as_deref(),
        reported: response.and_then(|p| p.usage).map(|u| Reported {
            input_tokens: u.input_tokens,
            cache_read: u.cache_read,
            cache_write: u.cache_write,
        }),
        response_id: response.and_then(|p| p.id.as_deref()),
        response_output: response.and_then(|p| p.output.as_ref()),
        time_ms: r.time_ms,
    }
}

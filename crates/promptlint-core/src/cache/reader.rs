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
    /// What could not be read about requests that were analysed, one per request: why its
    /// response's usage (or the usage's cache-read figure) is missing. The first
    /// [`crate::bounds::MAX_CACHE_LISTED_NOTES`]; [`LogResult::notes_total`] counts them all.
    pub notes: Vec<LineError>,
    /// Requests analysed with a note, listed or not.
    pub notes_total: u64,
    /// Requests analysed whose response reported a cache read that was read.
    pub usage_read: u64,
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
    reader: R,
    opts: CacheOptions,
    emit: &mut dyn FnMut(Conversation),
) -> std::io::Result<LogResult> {
    let mut an = Analyzer::new(path, opts);
    let result = analyse_into(&mut an, path, reader, emit)?;
    for c in an.finish() {
        emit(c);
    }
    Ok(result)
}

/// Like [`analyse_reader`], but into an analyser that may have read other logs before and
/// reads more after (`promptlint cache a.jsonl b.jsonl`: one stream, so a conversation split
/// across rotated logs stays one); conversations still open stay in `an` until
/// [`Analyzer::finish`]. The `max_line_bytes` of the analyser's options bounds each line.
///
/// # Errors
/// An I/O error of the reader.
pub fn analyse_into<R: BufRead>(
    an: &mut Analyzer,
    path: &str,
    mut reader: R,
    emit: &mut dyn FnMut(Conversation),
) -> std::io::Result<LogResult> {
    an.set_path(path);
    let format = input::sniff_format(path, reader.fill_buf()?);
    let mut result = LogResult::default();
    let mut closed = Vec::new();
    let max_line_bytes = an.options().max_line_bytes;
    input::read_records(path, format, reader, max_line_bytes, &mut |rec| {
        match rec {
            Ok(r) => match an.feed_request(request_of(&r), &mut closed) {
                Ok(()) => {
                    result.requests += 1;
                    let read = r.response.as_ref().and_then(|p| p.usage);
                    if read.is_some_and(|u| u.cache_read.is_some()) {
                        result.usage_read += 1;
                    }
                    if let Some(message) = r.note {
                        result.notes_total += 1;
                        if result.notes.len() < crate::bounds::MAX_CACHE_LISTED_NOTES {
                            result.notes.push(LineError {
                                path: path.to_owned(),
                                line: r.line,
                                message,
                            });
                        }
                    }
                }
                Err(e) => result.errors.push(e),
            },
            Err(e) => result.errors.push(e),
        }
        for c in closed.drain(..) {
            emit(c);
        }
    })?;
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
            output_tokens: u.output_tokens,
        }),
        response_id: response.and_then(|p| p.id.as_deref()),
        response_output: response.and_then(|p| p.output.as_ref()),
        time_ms: r.time_ms,
    }
}

//! Reading recorded request logs of every common shape into [`Record`]s, and the provider's
//! own token figures ([`Usage`]) from their responses.
//!
//! Formats ([`LogFormat`], guessed by [`sniff_format`]):
//! - JSONL: one request per line, bare, wrapped (`{"request", "response"}`) or as OpenAI /
//!   Anthropic batch input lines; LiteLLM and Langfuse entries are recognised line by line
//!   (`entry.rs`). Streamed, each line bounded by `max_line_bytes`.
//! - JSON documents: an array of entries, a Langfuse `{"data": [..]}` page, a HAR file
//!   (`har.rs`). Read whole, up to [`MAX_DOCUMENT_BYTES`]; each entry is parsed on its own and
//!   bounded by `max_line_bytes`.
//! - VCR cassettes in YAML, vcrpy and Ruby VCR (`vcr.rs`). Read whole, up to
//!   [`MAX_DOCUMENT_BYTES`].
//!
//! From HTTP recordings (cassettes, HAR) only POSTs whose JSON body is a provider request
//! become records; bodies may be base64 (Ruby VCR `base64_string`, HAR `encoding: base64`),
//! `!!binary` (vcrpy), pydantic-ai's `parsed_body` (a YAML value standing for the JSON body)
//! or event streams. Compressed bodies are decompressed by their `Content-Encoding` (gzip,
//! deflate, br), never past `max_line_bytes`; a request body that cannot be read is an error
//! when it is a provider endpoint's, skipped otherwise. Nothing here touches the network.
//!
//! What could not be read of a record that was (its response's usage: an undecodable or
//! over-long body, an encoding not decoded, a usage shape not read, a missing cache figure) is
//! the record's [`Record::note`], which the caller reports per log; usage is never dropped
//! without a word.
//!
//! Errors are per entry ([`LineError`], the run goes on); an error about the whole file
//! (not a log, over the cap) is reported once, on the line where the file's content starts.
mod entry;
mod har;
mod http;
mod json_log;
mod model;
mod scan;
mod sniff;
mod time;
mod usage;
mod vcr;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_formats;

use std::io::BufRead;

use crate::cache::model::LineError;

pub use model::{LogFormat, MAX_DOCUMENT_BYTES, Record, Response, Usage};
pub use sniff::sniff_format;
pub use usage::{usage_of, usage_of_sse};

/// Reads a log and hands each record (or an error for an entry that cannot be read; the run
/// goes on) to `emit`, in log order.
///
/// JSONL streams line by line, each line bounded by `max_line_bytes` (a longer one is skipped
/// with an error, never held whole). Whole-document formats (YAML cassette, HAR, JSON arrays
/// and exports) are read whole up to [`MAX_DOCUMENT_BYTES`] (over it: one error, nothing
/// read); within them, each entry and each recorded body is bounded by `max_line_bytes` too.
///
/// # Errors
/// An I/O error of the reader.
pub fn read_records<R: BufRead>(
    path: &str,
    format: LogFormat,
    mut reader: R,
    max_line_bytes: usize,
    emit: &mut dyn FnMut(Result<Record, LineError>),
) -> std::io::Result<()> {
    match format {
        LogFormat::VcrYaml => {
            let mut doc = Vec::new();
            if !json_log::read_capped(&mut reader, &mut doc, MAX_DOCUMENT_BYTES)? {
                emit(Err(LineError {
                    path: path.to_owned(),
                    line: 1,
                    message: json_log::too_big("the cassette"),
                }));
                return Ok(());
            }
            vcr::read(path, &doc, 0, max_line_bytes, emit);
            Ok(())
        }
        LogFormat::Har => json_log::read(path, reader, max_line_bytes, true, emit),
        LogFormat::Jsonl | LogFormat::LiteLlm | LogFormat::Langfuse => {
            json_log::read(path, reader, max_line_bytes, false, emit)
        }
    }
}

//! Reading a request log line by line, each line bounded.

use std::io::BufRead;

use super::analyzer::Analyzer;
use super::model::*;

/// What reading a log produced.
#[derive(Debug, Default)]
pub struct LogResult {
    /// Lines that could not be analysed.
    pub errors: Vec<LineError>,
    /// Requests read.
    pub requests: u64,
}

/// Reads a log line by line from `reader` and analyses it; each conversation is passed to
/// `emit` as soon as it closes. Lines longer than `opts.max_line_bytes` are skipped with an
/// error and never held whole.
///
/// # Errors
/// An I/O error of the reader.
pub fn analyse_reader<R: BufRead>(
    path: &str,
    mut reader: R,
    opts: CacheOptions,
    emit: &mut dyn FnMut(Conversation),
) -> std::io::Result<LogResult> {
    let mut an = Analyzer::new(path, opts);
    let mut result = LogResult::default();
    let mut buf: Vec<u8> = Vec::new();
    let mut line_no = 0u64;
    let mut offset = 0u64;
    let mut closed = Vec::new();
    loop {
        buf.clear();
        let (len, too_long) = read_line_bounded(&mut reader, &mut buf, opts.max_line_bytes)?;
        if len == 0 {
            break;
        }
        line_no += 1;
        let span = (offset, offset + len as u64);
        offset += len as u64;
        if too_long {
            result.errors.push(LineError {
                path: path.to_owned(),
                line: line_no,
                message: format!(
                    "line is {len} bytes, longer than the {} byte limit (--max-line-bytes); skipped",
                    opts.max_line_bytes
                ),
            });
            continue;
        }
        let text = trim_line(&buf);
        if text.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        result.requests += 1;
        if let Err(e) = an.feed(line_no, span, text, &mut closed) {
            result.requests -= 1;
            result.errors.push(e);
        }
        for c in closed.drain(..) {
            emit(c);
        }
    }
    for c in an.finish() {
        emit(c);
    }
    Ok(result)
}

pub(super) fn trim_line(b: &[u8]) -> &[u8] {
    let mut end = b.len();
    while end > 0 && matches!(b[end - 1], b'\n' | b'\r') {
        end -= 1;
    }
    &b[..end]
}

/// Reads one line (newline included) into `buf`, keeping at most `max` bytes: a longer line is
/// consumed to its end but not kept. Returns the line's full length (0 at the end) and whether
/// it was too long.
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
            if buf.len() + take > max {
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

//! The base protocol over a byte stream
//! (<https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#baseProtocol>):
//! `Content-Length` headers, then a JSON-RPC message. Read on a thread of its own, so that the
//! server can wait for the next message and for a check that is due at once.
//!
//! lsp-server's own reader ends the connection on the first malformed message; this one
//! answers it and goes on: a message is at most [`MAX_MESSAGE_BYTES`] (a longer one is
//! skipped unread), a header line at most [`MAX_HEADER_LINE`], bytes that are not UTF-8 are
//! read as U+FFFD (with a warning), and a body that is not JSON, or not a JSON-RPC message,
//! gets the JSON-RPC error `ParseError` or `InvalidRequest`.

use std::io::{BufRead, Read, Write};
use std::sync::mpsc::SyncSender;

use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use serde_json::{Value, json};

/// The longest message read, in bytes: a document over the size limit is still checked as the
/// command line checks it (its beginning, and a `PL804` warning for the rest), but a message
/// over this is skipped unread.
pub const MAX_MESSAGE_BYTES: usize = 64 << 20;

/// The longest header line read, in bytes.
pub const MAX_HEADER_LINE: usize = 4096;

/// What the reader hands the server.
#[derive(Debug)]
pub(crate) enum Incoming {
    /// A message.
    Message(Message),
    /// A message that cannot be served: the error response to send (`id` is JSON `null`
    /// when none can be read).
    Invalid {
        /// The request's id, as sent.
        id: Value,
        /// The JSON-RPC error code.
        code: ErrorCode,
        /// What is wrong.
        message: String,
    },
    /// Something to tell the client's log: a message skipped, or read with replacements.
    Warning(String),
    /// The stream ended, or could not be read.
    Closed,
}

/// Reads messages from `input` and sends them to `out` until the stream ends, the `exit`
/// notification is read, or the server is gone.
pub(crate) fn read_loop(input: impl Read, out: &SyncSender<Incoming>) {
    let mut reader = std::io::BufReader::new(input);
    loop {
        let incoming = match read_frame(&mut reader) {
            Frame::Body(body) => decode(body, out),
            Frame::Oversized(len) => Incoming::Warning(format!(
                "a message of {len} bytes, over the limit of {} MiB, was skipped unread",
                MAX_MESSAGE_BYTES >> 20
            )),
            Frame::BadHeader(why) => Incoming::Warning(format!("a message was skipped: {why}")),
            Frame::End => {
                let _ = out.send(Incoming::Closed);
                return;
            }
        };
        let exit =
            matches!(&incoming, Incoming::Message(Message::Notification(n)) if n.method == "exit");
        if out.send(incoming).is_err() || exit {
            return;
        }
    }
}

/// One frame of the stream.
#[derive(Debug, PartialEq, Eq)]
enum Frame {
    Body(Vec<u8>),
    Oversized(usize),
    BadHeader(String),
    End,
}

/// Reads one header line (up to `\n`) into `line`, at most [`MAX_HEADER_LINE`] bytes kept.
/// `Ok(false)` at the end of the stream.
fn read_line(r: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<bool> {
    line.clear();
    let mut any = false;
    loop {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            return Ok(any);
        }
        any = true;
        let (take, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        let room = MAX_HEADER_LINE.saturating_sub(line.len());
        line.extend_from_slice(&buf[..take.min(room)]);
        r.consume(take);
        if done {
            return Ok(true);
        }
    }
}

fn read_frame(r: &mut impl BufRead) -> Frame {
    let mut line = Vec::new();
    let mut length: Option<usize> = None;
    let mut problem: Option<String> = None;
    loop {
        match read_line(r, &mut line) {
            Ok(true) => {}
            Ok(false) | Err(_) => return Frame::End,
        }
        let text = String::from_utf8_lossy(&line);
        let mut text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            break;
        }
        // Resynchronize: the body of a message skipped for its bad header has no line end of
        // its own, so it runs into the next message's `Content-Length`; read from there.
        if let Some(at) = text
            .to_ascii_lowercase()
            .find("content-length:")
            .filter(|&at| at > 0)
        {
            problem = Some("bytes before a `Content-Length` header".to_owned());
            text = &text[at..];
        }
        if line.len() >= MAX_HEADER_LINE {
            problem = Some(format!("a header line over {MAX_HEADER_LINE} bytes"));
            continue;
        }
        match text.split_once(':') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("content-length") => {
                match value.trim().parse::<usize>() {
                    Ok(n) => length = Some(n),
                    Err(_) => problem = Some("a `Content-Length` that is not a number".to_owned()),
                }
            }
            // Content-Type and any other header: the body is UTF-8 JSON whatever it says.
            Some(_) => {}
            None => problem = Some("a header line without a colon".to_owned()),
        }
    }
    let Some(len) = length else {
        return Frame::BadHeader(
            problem.unwrap_or_else(|| "a header without `Content-Length`".to_owned()),
        );
    };
    if len > MAX_MESSAGE_BYTES {
        return match std::io::copy(&mut r.take(len as u64), &mut std::io::sink()) {
            Ok(n) if n == len as u64 => Frame::Oversized(len),
            _ => Frame::End,
        };
    }
    let mut body = vec![0; len];
    match r.read_exact(&mut body) {
        Ok(()) => Frame::Body(body),
        Err(_) => Frame::End,
    }
}

/// The message a body holds, or the error to answer.
fn decode(body: Vec<u8>, out: &SyncSender<Incoming>) -> Incoming {
    let text = match String::from_utf8(body) {
        Ok(t) => t,
        Err(e) => {
            let _ = out.send(Incoming::Warning(
                "a message held bytes that are not UTF-8; they were read as U+FFFD".to_owned(),
            ));
            String::from_utf8_lossy(e.as_bytes()).into_owned()
        }
    };
    let value: Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => {
            return Incoming::Invalid {
                id: Value::Null,
                code: ErrorCode::ParseError,
                message: format!("the message is not JSON: {e}"),
            };
        }
    };
    message_of(value)
}

/// The JSON-RPC message `value` is: a request (a method and an id), a notification (a method
/// and no id) or a response (an id and a result or an error).
fn message_of(mut value: Value) -> Incoming {
    let invalid = |id: Value, message: &str| Incoming::Invalid {
        id,
        code: ErrorCode::InvalidRequest,
        message: message.to_owned(),
    };
    let Some(obj) = value.as_object_mut() else {
        return invalid(Value::Null, "a message must be a JSON object");
    };
    let id = obj.remove("id");
    let params = obj.remove("params").unwrap_or(Value::Null);
    match (obj.remove("method"), id) {
        (Some(Value::String(method)), None) => {
            Incoming::Message(Message::Notification(Notification { method, params }))
        }
        (Some(Value::String(method)), Some(id)) => match request_id(&id) {
            Some(id) => Incoming::Message(Message::Request(Request { id, method, params })),
            None => invalid(id, "a request id must be a string or a 32-bit integer"),
        },
        (Some(_), id) => invalid(id.unwrap_or(Value::Null), "`method` must be a string"),
        (None, Some(id)) => {
            let mut response = serde_json::Map::new();
            response.insert("id".to_owned(), id);
            for key in ["result", "error"] {
                if let Some(v) = obj.remove(key) {
                    response.insert(key.to_owned(), v);
                }
            }
            match serde_json::from_value::<Response>(Value::Object(response)) {
                Ok(r) => Incoming::Message(Message::Response(r)),
                // An answer to no request of ours: nothing to say to it.
                Err(_) => Incoming::Warning("a response that cannot be read was dropped".into()),
            }
        }
        (None, None) => invalid(Value::Null, "a message needs a `method` or an `id`"),
    }
}

fn request_id(id: &Value) -> Option<RequestId> {
    match id {
        Value::String(s) => Some(RequestId::from(s.clone())),
        Value::Number(n) => n
            .as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .map(RequestId::from),
        _ => None,
    }
}

/// Writes `message`, framed.
pub(crate) fn write(out: &mut impl Write, message: Message) -> std::io::Result<()> {
    message.write(out)
}

/// Writes an error response to the id `id` as sent (a JSON `null` when none could be read).
pub(crate) fn write_error(
    out: &mut impl Write,
    id: Value,
    code: ErrorCode,
    message: &str,
) -> std::io::Result<()> {
    let body = json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {"code": code as i32, "message": message},
    })
    .to_string();
    write!(out, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<Frame> {
        let mut r = std::io::BufReader::new(input);
        let mut out = Vec::new();
        loop {
            let f = read_frame(&mut r);
            if f == Frame::End {
                return out;
            }
            out.push(f);
        }
    }

    #[test]
    fn frames_are_read_past_garbage_and_oversized_bodies() {
        let big = MAX_MESSAGE_BYTES + 1;
        let mut input = b"hello\r\nContent-Length: 2\r\n\r\n{}".to_vec();
        input.extend_from_slice(b"Content-Type: x\r\n\r\n");
        input.extend_from_slice(format!("Content-Length: {big}\r\n\r\n").as_bytes());
        input.extend(std::iter::repeat_n(b'a', big));
        input.extend_from_slice(b"Content-Length: 1\n\n[");
        input.extend_from_slice(b"Content-Length: 5\r\n\r\n[");
        assert_eq!(
            frames(&input),
            [
                Frame::Body(b"{}".to_vec()),
                Frame::BadHeader("a header without `Content-Length`".into()),
                Frame::Oversized(big),
                Frame::Body(b"[".to_vec()),
            ]
        );
        let long = format!("X-{}: 1\r\nContent-Length: 2\r\n\r\n{{}}", "a".repeat(9000));
        assert_eq!(
            frames(long.as_bytes()),
            [Frame::Body(b"{}".to_vec())],
            "a long line is cut, and a later Content-Length still read"
        );
    }

    #[test]
    fn a_bad_length_does_not_desynchronize_the_stream() {
        // The skipped body has no line end and runs into the next header.
        let input =
            b"Content-Length: abc\r\n\r\n{}Content-Length: 2\r\n\r\n[]Content-Length: 1\r\n\r\n1";
        assert_eq!(
            frames(input),
            [
                Frame::BadHeader("a `Content-Length` that is not a number".into()),
                Frame::Body(b"[]".to_vec()),
                Frame::Body(b"1".to_vec()),
            ]
        );
    }

    #[test]
    fn bodies_become_messages_or_errors() {
        let (tx, rx) = std::sync::mpsc::sync_channel(8);
        let kind = |body: &[u8]| match decode(body.to_vec(), &tx) {
            Incoming::Message(Message::Request(r)) => format!("request {} {}", r.id, r.method),
            Incoming::Message(Message::Notification(n)) => format!("notification {}", n.method),
            Incoming::Message(Message::Response(r)) => format!("response {}", r.id),
            Incoming::Invalid { id, code, .. } => format!("invalid {id} {}", code as i32),
            other => format!("{other:?}"),
        };
        assert_eq!(kind(br#"{"id":1,"method":"a"}"#), "request 1 a");
        assert_eq!(kind(br#"{"id":"x","method":"a"}"#), "request \"x\" a");
        assert_eq!(kind(br#"{"method":"b","params":[]}"#), "notification b");
        assert_eq!(kind(br#"{"id":4,"result":null}"#), "response 4");
        assert_eq!(kind(b"{nope"), "invalid null -32700");
        assert_eq!(kind(b"[1]"), "invalid null -32600");
        assert_eq!(kind(br#"{"id":1.5,"method":"a"}"#), "invalid 1.5 -32600");
        assert_eq!(kind(br#"{"id":7,"method":3}"#), "invalid 7 -32600");
        assert!(rx.try_recv().is_err());
        assert_eq!(kind(b"{\"method\":\"\xff\"}"), "notification \u{FFFD}");
        assert!(matches!(rx.try_recv(), Ok(Incoming::Warning(_))));
    }
}

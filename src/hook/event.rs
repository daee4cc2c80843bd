//! What every protocol shares: the event read from stdin (bounded, a JSON object), typed
//! access to its fields, the scanner (built only when something is scanned), and the
//! [`Answer`] a protocol gives back.
//!
//! Invariants: input over [`MAX_INPUT`] bytes, bytes that are not UTF-8 JSON, a payload that is
//! not an object and a field of the wrong type are a [`Malformed`] error with a one-line
//! escaped message, never a panic; each protocol turns it into an allow or a deny in its own
//! shape, with the message, as `--on-error` says.

use std::io::Read as _;
use std::path::PathBuf;
use std::sync::OnceLock;

use serde_json::{Map, Value};

use super::policy::Policy;
use crate::scanner::{ScanOptions, Scanner};

/// The most bytes of one hook event read from stdin (16 MiB): a tool result larger than
/// that is refused as malformed input, not scanned in part.
pub const MAX_INPUT: u64 = 16 * 1024 * 1024;

/// The agents whose hook protocol `promptlint hook` speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Agent {
    /// Claude Code (`.claude/settings.json`).
    ClaudeCode,
    /// Cursor (`.cursor/hooks.json`).
    Cursor,
    /// Gemini CLI (`.gemini/settings.json`).
    Gemini,
    /// Codex (`.codex/hooks.json`; Claude Code's shapes).
    Codex,
}

/// Why an event cannot be read: one escaped line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Malformed(pub(super) String);

/// What the hook prints and its exit code.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Answer {
    /// Printed on stdout (empty, or one JSON document and a line feed).
    pub stdout: String,
    /// Printed on stderr (empty, or one line and a line feed).
    pub stderr: String,
    /// The exit code.
    pub code: u8,
}

impl Answer {
    /// Exit 0 with `json` on stdout.
    pub fn json(json: &Value) -> Answer {
        Answer {
            stdout: format!("{json}\n"),
            ..Answer::default()
        }
    }

    /// Exit 0, nothing printed.
    pub fn silent() -> Answer {
        Answer::default()
    }
}

/// Reads one event: at most [`MAX_INPUT`] bytes of `input`, a JSON object.
///
/// # Errors
/// [`Malformed`] for input over the limit, unreadable input, bad JSON or a non-object.
pub(super) fn read(input: &mut dyn std::io::Read) -> Result<Map<String, Value>, Malformed> {
    let mut bytes = Vec::new();
    input
        .take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| {
            Malformed(format!(
                "cannot read the hook event from stdin: {}",
                crate::escape::escape_one_line(&e.to_string())
            ))
        })?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(Malformed(format!(
            "the hook event on stdin is over {} MiB",
            MAX_INPUT / (1024 * 1024)
        )));
    }
    match serde_json::from_slice::<Value>(&bytes) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(Malformed(
            "the hook event on stdin is JSON but not an object".to_owned(),
        )),
        Err(e) => Err(Malformed(format!(
            "the hook event on stdin is not valid JSON: {}",
            crate::escape::escape_one_line(&e.to_string())
        ))),
    }
}

/// A string field: `None` when absent or null.
///
/// # Errors
/// [`Malformed`] when present with another type.
pub(super) fn string<'a>(
    map: &'a Map<String, Value>,
    key: &str,
) -> Result<Option<&'a str>, Malformed> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(Malformed(format!(
            "field `{}` of the hook event is not a string",
            crate::escape::escape_one_line(key)
        ))),
    }
}

/// A string field that must be there.
///
/// # Errors
/// [`Malformed`] when absent or of another type.
pub(super) fn required<'a>(map: &'a Map<String, Value>, key: &str) -> Result<&'a str, Malformed> {
    string(map, key)?.ok_or_else(|| {
        Malformed(format!(
            "the hook event has no `{}` field",
            crate::escape::escape_one_line(key)
        ))
    })
}

/// An object field: an empty map when absent or null.
///
/// # Errors
/// [`Malformed`] when present with another type.
pub(super) fn object<'a>(
    map: &'a Map<String, Value>,
    key: &str,
) -> Result<std::borrow::Cow<'a, Map<String, Value>>, Malformed> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(std::borrow::Cow::Owned(Map::new())),
        Some(Value::Object(o)) => Ok(std::borrow::Cow::Borrowed(o)),
        Some(_) => Err(Malformed(format!(
            "field `{}` of the hook event is not an object",
            crate::escape::escape_one_line(key)
        ))),
    }
}

/// The state of one hook call.
#[derive(Debug)]
pub(super) struct Ctx {
    /// The user's thresholds.
    pub(super) policy: Policy,
    scanner: OnceLock<Scanner>,
}

impl Ctx {
    /// A context with `policy`; the scanner is built on first use.
    pub(super) fn new(policy: Policy) -> Ctx {
        Ctx {
            policy,
            scanner: OnceLock::new(),
        }
    }

    /// The scanner with the built-in rules (compiled on first use: a call that scans nothing
    /// pays nothing).
    pub(super) fn scanner(&self) -> &Scanner {
        self.scanner.get_or_init(|| {
            Scanner::new(ScanOptions::default()).expect("the default options select no rule")
        })
    }
}

/// The event's working directory (`cwd`, else the first of Cursor's `workspace_roots`).
pub(super) fn working_dir(map: &Map<String, Value>) -> Option<PathBuf> {
    if let Some(Value::String(c)) = map.get("cwd") {
        return Some(PathBuf::from(c));
    }
    match map.get("workspace_roots") {
        Some(Value::Array(a)) => a.iter().find_map(|v| v.as_str().map(PathBuf::from)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_input_is_malformed_never_a_panic() {
        let mut big = std::io::repeat(b' ').take(MAX_INPUT + 10);
        assert!(read(&mut big).unwrap_err().0.contains("over 16 MiB"));
        assert!(
            read(&mut &b"[1]"[..])
                .unwrap_err()
                .0
                .contains("not an object")
        );
        assert!(
            read(&mut &b"{"[..])
                .unwrap_err()
                .0
                .contains("not valid JSON")
        );
        assert!(read(&mut &b"\xff"[..]).is_err());
        let ok = read(&mut &br#"{"a": 1, "s": "x"}"#[..]).unwrap();
        assert!(string(&ok, "a").is_err());
        assert_eq!(string(&ok, "s").unwrap(), Some("x"));
        assert_eq!(string(&ok, "none").unwrap(), None);
        assert!(
            required(&ok, "none")
                .unwrap_err()
                .0
                .contains("no `none` field")
        );
    }
}

//! What a hook scans, and under which name: a file about to be read, the new text of a file
//! about to be written or edited, a shell command, a tool's arguments or result, a prompt.
//!
//! Input: the pieces of a hook event (paths, texts, JSON values). Output: the [`ScanFinding`]s
//! of [`Scanner`] (the same per-file pipeline as `promptlint check --no-config --strict`),
//! judged by the caller. Invariants: every read is bounded ([`MAX_READ`]); nothing is run,
//! fetched or written; a file that cannot be read gives no findings (the agent's own tool
//! reports the error).
//!
//! The name a text is scanned under chooses its kind and rules, as `check` chooses them for
//! a named file: a path relative to the event's working directory when the file is below it
//! (so `.claude/settings.json` is read as agent settings and `AGENTS.md` as instructions), a
//! command under `.claude/hooks/command.sh` (a script the agent runs: the command and effect
//! rules read it as a shell program), a fetched page or tool result as markdown the model
//! reads (`tool-result.md`: instructions, the strictest kind), a prompt and a tool's
//! arguments as `.txt` (a prompt: its author's own orders stay notes, while invisible
//! characters, hidden markup and secrets are still reported).

use std::io::Read;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::scanner::{ScanFinding, Scanner};

/// The most bytes read of one file or text; past it only the beginning is scanned (with a
/// `PL804` finding, as `check` does over its size limit).
pub(super) const MAX_READ: u64 = crate::check::DEFAULT_SIZE_LIMIT;

/// The name a shell command is scanned under.
pub(super) const COMMAND_NAME: &str = ".claude/hooks/command.sh";
/// The name a tool's result (a fetched page, command output, an MCP answer) is scanned under.
pub(super) const RESULT_NAME: &str = "tool-result.md";
/// The name a prompt or a tool's arguments are scanned under.
pub(super) const PROMPT_NAME: &str = "prompt.txt";

/// The name `path` is scanned under: relative to `cwd` when below it, else the path itself
/// (without its root, so the conventions' `**/` globs still match).
pub(super) fn scan_name(path: &Path, cwd: Option<&Path>) -> String {
    let rel = cwd
        .and_then(|c| path.strip_prefix(c).ok())
        .filter(|r| !r.as_os_str().is_empty())
        .unwrap_or(path);
    let s = rel.to_string_lossy().replace('\\', "/");
    s.trim_start_matches('/').to_owned()
}

/// The absolute form of `path`, relative to `cwd` when it is relative.
pub(super) fn resolve(path: &str, cwd: Option<&Path>) -> PathBuf {
    let p = PathBuf::from(path);
    match cwd {
        Some(c) if p.is_relative() => c.join(p),
        _ => p,
    }
}

/// At most [`MAX_READ`] + 1 bytes of a file; `None` when it cannot be read or is no file.
pub(super) fn read_bounded(path: &Path) -> Option<Vec<u8>> {
    let file = std::fs::File::open(path).ok()?;
    if !file.metadata().ok()?.is_file() {
        return None;
    }
    let mut out = Vec::new();
    file.take(MAX_READ + 1).read_to_end(&mut out).ok()?;
    Some(out)
}

/// Scans `text` under `name`.
pub(super) fn text(scanner: &Scanner, text: &[u8], name: &str) -> Vec<ScanFinding> {
    let cut = &text[..text
        .len()
        .min(usize::try_from(MAX_READ + 1).unwrap_or(usize::MAX))];
    scanner.scan_path_name(cut, name).findings
}

/// Scans the file at `path`; no findings when it cannot be read.
pub(super) fn file(scanner: &Scanner, path: &Path, name: &str) -> Vec<ScanFinding> {
    read_bounded(path).map_or_else(Vec::new, |bytes| text(scanner, &bytes, name))
}

/// One replacement of an edit: `old` by `new`, every occurrence when `all`.
#[derive(Debug, Clone)]
pub(super) struct Replace {
    /// The text replaced.
    pub(super) old: String,
    /// The text put in.
    pub(super) new: String,
    /// Every occurrence, not only the first.
    pub(super) all: bool,
}

/// The findings an edit brings in: the file with the replacements applied, scanned, less the
/// findings the file already had (matched by fingerprint, which holds no line number). When
/// the file cannot be read or an `old` text is not in it, the new texts are scanned alone.
pub(super) fn edit(
    scanner: &Scanner,
    path: &Path,
    name: &str,
    edits: &[Replace],
) -> Vec<ScanFinding> {
    let before = read_bounded(path).and_then(|b| String::from_utf8(b).ok());
    let after = before.as_ref().and_then(|b| {
        let mut s = b.clone();
        for e in edits {
            if e.old.is_empty() || !s.contains(&e.old) {
                return None;
            }
            s = if e.all {
                s.replace(&e.old, &e.new)
            } else {
                s.replacen(&e.old, &e.new, 1)
            };
        }
        Some(s)
    });
    match (before, after) {
        (Some(before), Some(after)) => {
            let had: std::collections::HashSet<String> = text(scanner, before.as_bytes(), name)
                .into_iter()
                .map(|f| f.fingerprint)
                .collect();
            text(scanner, after.as_bytes(), name)
                .into_iter()
                .filter(|f| !had.contains(&f.fingerprint))
                .collect()
        }
        _ => {
            let joined: Vec<&str> = edits.iter().map(|e| e.new.as_str()).collect();
            text(scanner, joined.join("\n\n").as_bytes(), name)
        }
    }
}

/// Judges the arguments an MCP tool `tool` is about to be called with (their string values
/// `args`, read as a prompt text): what every protocol's before-MCP event asks.
pub(super) fn mcp_arguments(
    ctx: &super::event::Ctx,
    tool: &str,
    args: &str,
) -> super::policy::Verdict {
    let what = format!("arguments of {}", crate::escape::escape_one_line(tool));
    ctx.policy
        .judge(&what, text(ctx.scanner(), args.as_bytes(), PROMPT_NAME))
}

/// Scans a shell command as a script the agent runs.
pub(super) fn command(scanner: &Scanner, command: &str) -> Vec<ScanFinding> {
    text(scanner, command.as_bytes(), COMMAND_NAME)
}

/// Every string value of a JSON value, objects in key order, joined by blank lines, up to [`MAX_READ`] bytes. A string that holds JSON itself (an MCP
/// result's `text`, Cursor's `result_json`) is read as it stands: its words are the same.
pub(super) fn strings_of(value: &Value) -> String {
    let mut out = String::new();
    let mut stack = vec![value];
    let limit = usize::try_from(MAX_READ).unwrap_or(usize::MAX);
    while let Some(v) = stack.pop() {
        if out.len() > limit {
            break;
        }
        match v {
            Value::String(s) => {
                if !out.is_empty() {
                    out.push_str("\n\n");
                }
                out.push_str(s);
            }
            Value::Array(a) => stack.extend(a.iter().rev()),
            Value::Object(o) => stack.extend(o.values().rev()),
            _ => {}
        }
    }
    out
}

/// The `.md` memory files of `cwd` an agent loads at start, those that exist, by name.
pub(super) fn memory_files(cwd: &Path, names: &[&str]) -> Vec<(PathBuf, String)> {
    names
        .iter()
        .map(|n| (cwd.join(n), (*n).to_owned()))
        .filter(|(p, _)| p.is_file())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_relative_to_the_working_directory() {
        let cwd = Path::new("/repo");
        assert_eq!(
            scan_name(Path::new("/repo/.claude/settings.json"), Some(cwd)),
            ".claude/settings.json"
        );
        assert_eq!(
            scan_name(Path::new("/elsewhere/AGENTS.md"), Some(cwd)),
            "elsewhere/AGENTS.md"
        );
        assert_eq!(resolve("a.md", Some(cwd)), PathBuf::from("/repo/a.md"));
    }

    #[test]
    fn strings_of_reads_every_string_value() {
        let v: Value = serde_json::json!({"a": "one", "b": ["two", {"c": "three"}], "d": 4});
        assert_eq!(strings_of(&v), "one\n\ntwo\n\nthree");
    }
}

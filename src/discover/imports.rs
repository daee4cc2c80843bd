//! The `@path` imports of a memory file's text (Claude Code's `CLAUDE.md`).

use std::path::Path;

/// Imported files are read for their own imports only up to this size.
pub(super) const MAX_IMPORT_READ: u64 = 1 << 20;

/// True for the memory files whose `@path` imports Claude Code follows: `CLAUDE.md` (also in
/// `.claude/`) and `CLAUDE.local.md`.
pub(super) fn imports_followed(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|n| n == "CLAUDE.md" || n == "CLAUDE.local.md")
}

/// The `@path` imports of a memory file's text, in order: an `@` at the start of a line or
/// after whitespace or an opening bracket, followed by a path. Imports are not evaluated in
/// code spans or fenced code blocks (Claude Code's memory documentation, as above).
/// At most [`MAX_IMPORTS_PER_FILE`] of them; see [`imports_bounded`] for the count of the
/// rest.
pub fn imports_of(text: &str) -> Vec<String> {
    imports_bounded(text).paths
}

/// At most this many `@path` imports of one file are followed (each costs a file system
/// lookup, and a line of three bytes, `@x` and its line end, is an import): the rest get
/// one `PL804` note, on the first of them. Claude Code documents no such limit; a memory
/// file's imports are a handful.
pub const MAX_IMPORTS_PER_FILE: usize = 256;

/// The imports of one memory file (see [`imports_of`]): the first
/// [`MAX_IMPORTS_PER_FILE`], and how many there are in all.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Imports {
    /// The imports followed, in order.
    pub paths: Vec<String>,
    /// Every import of the file, those past the limit included.
    pub total: usize,
    /// The first import past the limit, if any.
    pub first_dropped: Option<String>,
}

/// Markdown's fenced code blocks, met line by line: a block opens at a line that starts
/// with three backticks or three tildes and closes at the next line that starts with the
/// same marker (CommonMark's fences, without their length and info-string details).
#[derive(Debug, Default)]
pub(super) struct Fences {
    open: Option<&'static str>,
}

impl Fences {
    /// Whether the line `trimmed` (trimmed at its start) is code: a fence line, or a line
    /// inside a fenced block. Call it on every line, in order.
    pub(super) fn code(&mut self, trimmed: &str) -> bool {
        if let Some(m) = ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m)) {
            self.open = match self.open {
                Some(open) if open == m => None,
                None => Some(m),
                other => other,
            };
            return true;
        }
        self.open.is_some()
    }
}

/// The imports of a memory file's text as [`imports_of`] reads them, bounded: time linear in
/// the text and at most [`MAX_IMPORTS_PER_FILE`] paths kept.
pub fn imports_bounded(text: &str) -> Imports {
    let mut out = Imports::default();
    let mut fences = Fences::default();
    for line in text.lines() {
        // A line without an `@` imports nothing (most lines: a per-character walk over every
        // memory file was two fifths of the walker's instructions, callgrind).
        if fences.code(line.trim_start()) || !line.contains('@') {
            continue;
        }
        let mut in_code = false;
        let mut prev = ' ';
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        let mut i = 0;
        while i < chars.len() {
            let (at, c) = chars[i];
            if c == '`' {
                in_code = !in_code;
            } else if c == '@' && !in_code && (prev.is_whitespace() || "([".contains(prev)) {
                let rest = &line[at + 1..];
                let end = rest
                    .find(|ch: char| ch.is_whitespace() || "`()[]<>\"',;".contains(ch))
                    .unwrap_or(rest.len());
                let path = rest[..end].trim_end_matches(['.', ':', '!', '?']);
                if !path.is_empty() && path.len() <= 4096 {
                    out.total += 1;
                    if out.paths.len() < MAX_IMPORTS_PER_FILE {
                        out.paths.push(path.to_owned());
                    } else if out.first_dropped.is_none() {
                        out.first_dropped = Some(path.to_owned());
                    }
                }
            }
            prev = c;
            i += 1;
        }
    }
    out
}

//! Bounds on what promptlint reads and on how much of a read file it echoes.
//!
//! Input: a path and the cap for its kind of input. Output: its bytes, or a [`ReadError`]
//! that says why not. Invariants: only a regular file is ever read (a FIFO, a device, a
//! socket or a folder is refused without blocking: it is opened with `O_NONBLOCK` and checked
//! with `File::metadata` on the opened handle, so a swap between a check and the open cannot
//! slip one in); never more than `cap + 1` bytes are read, whatever the file claims its size
//! is. Every cap is a `pub const` of this module, so the README's limits table can be checked
//! against the code.
//!
//! [`Excerpt`] is the one source a diagnostic about a user's file (a config, a rule file) may
//! quote: one line, escaped, at most [`EXCERPT_CHARS`] characters, never the file around it.

use std::fs::File;
use std::io::Read;
use std::path::Path;

/// Largest config file (`.promptlint.yaml`, `--config FILE`) read, in bytes (1 MiB). Fixed.
/// A real config is a few hundred bytes.
pub const MAX_CONFIG_BYTES: u64 = 1024 * 1024;

/// Largest ignore file (`.gitignore`, `.ignore`, `.git/info/exclude`) the walk lets the
/// walker read, in bytes (1 MiB). Fixed. The walker (the `ignore` crate) reads an ignore file
/// whole and compiles every line into one glob set, about 300 bytes of memory per input byte
/// (a 13 MB `.gitignore` cost 4 GB); a real one is a few KiB. The folder of a larger one is
/// walked without ignore rules (so it hides nothing), and the file gets a `PL804` note.
pub const MAX_IGNORE_FILE_BYTES: u64 = 1024 * 1024;

/// Largest rule file of a config's `rules_dirs` read, in bytes (1 MiB). Fixed. The largest
/// built-in rule file is about 20 KiB.
pub const MAX_RULE_FILE_BYTES: u64 = 1024 * 1024;

/// Largest `--baseline` file read (also by `--baseline-prune`), in bytes (64 MiB). Fixed. An
/// entry is about 200 bytes, so this holds some 300,000 findings.
pub const MAX_BASELINE_BYTES: u64 = 64 * 1024 * 1024;

/// Default size limit of a scanned file, in bytes (10 MiB): larger files are skipped with a
/// note (`PL804`). Changed by `--max-file-size` or the config's `max_file_size`, up to
/// [`MAX_FILE_SIZE_CEILING`].
pub const DEFAULT_MAX_FILE_SIZE: u64 = 10 * 1024 * 1024;

/// Highest value `--max-file-size` and `max_file_size` accept, in bytes (128 MiB); a higher
/// one is a usage error (exit 2). Checking a file holds about 22 bytes of memory per byte of
/// input (a 17 MB file peaked at 384 MB RSS), so a 128 MiB file needs about 3 GB: what a CI
/// runner has for one file with room for the others in flight. JSON of many small values
/// costs more, every value a tree node, a segment and a setting: 300,000 hooks
/// (`{"type":"command","command":"echo hi"}`) in 11.7 MB of `.claude/settings.json` peaked at
/// 907 MB, 77 bytes per byte (release build, `/usr/bin/time -v`, issue 29), so such a file at
/// this ceiling needs about 10 GB; the default limit keeps it under 1 GB.
pub const MAX_FILE_SIZE_CEILING: u64 = 128 * 1024 * 1024;

/// Default bound on one line of a `promptlint cache` input, in bytes (16 MiB): a longer line
/// is skipped with an error, never held whole. Changed by `--max-line-bytes`, up to
/// [`MAX_LINE_BYTES_CEILING`]. The inputs themselves are streamed and have no size limit.
pub const DEFAULT_MAX_LINE_BYTES: usize = 16 * 1024 * 1024;

/// Largest `promptlint cache` input read whole, in bytes (256 MiB): a VCR cassette, a HAR
/// file or a JSON export has no line structure to stream by. A larger one is skipped with an
/// error (JSON Lines logs stream and have no size limit).
pub const MAX_CACHE_DOCUMENT_BYTES: usize = 256 * 1024 * 1024;

/// Most notes one `promptlint cache` log lists (requests read whose response's usage could
/// not be: an undecodable body, an unknown encoding or usage shape, a bound); the rest are
/// counted in the log's note, never dropped silently.
pub const MAX_CACHE_LISTED_NOTES: usize = 100;

/// Highest value `--max-line-bytes` accepts, in bytes (128 MiB); a higher one is a usage
/// error (exit 2). A line costs a few times its size in memory while it is analysed.
pub const MAX_LINE_BYTES_CEILING: usize = 128 * 1024 * 1024;

/// Longest regex (`match.regex`, `match.unless`) a rule may have, in bytes of its source
/// (8 KiB). Fixed. The longest built-in one is under 3 KiB; parsing a regex costs time and
/// memory in its length before the compiled-size limits below can stop it.
pub const MAX_PATTERN_BYTES: usize = 8 * 1024;

/// Compiled-program size limit of one regex, in bytes (8 MiB): `RegexBuilder::size_limit`.
/// Fixed. A regex over it fails to compile, with the regex crate's message.
pub const REGEX_SIZE_LIMIT: usize = 8 << 20;

/// Lazy-DFA cache size limit of one regex, in bytes (1 MiB): `RegexBuilder::dfa_size_limit`.
/// Fixed. A cache that fills is cleared and rebuilt (the regex crate falls back to a slower
/// engine when that happens too often); the matches are the same. The caches are kept per
/// regex and per thread for the whole run, so this bounds most of a run's memory: on a
/// generated 1 GB tree peak RSS was 61 MB with 1 MiB, 66 MB with 2 MiB (the regex crate's
/// default) and 94 MB with 8 MiB, at the same speed (hyperfine, 20 MB tree and a 9 MB
/// tree of Japanese, Chinese and Korean agent files; BENCHMARKS.md, issue 16). The lazy DFA
/// of every built-in regex builds within 256 KiB (`regex_automata::hybrid`, forward NFA,
/// Unicode word boundaries heuristically as the regex crate does), so none loses it.
pub const REGEX_DFA_SIZE_LIMIT: usize = 1 << 20;

/// Deepest nesting of arrays and objects in a JSON or JSONC file that is read as structure, in
/// levels (256). A container that opens deeper is read as a flat list of the strings in it
/// (each still scanned, at its own span), found by one pass over the bytes without recursion,
/// so a file of any depth parses, in linear time and constant stack, and a deep array in a
/// settings file hides none of the file's settings from the rules. Below the parser's own
/// limit (`jsonc-parser` 0.34's `maximum_nesting_depth`, 512 containers around the innermost
/// one, <https://github.com/dprint/jsonc-parser/blob/main/src/parse_to_ast.rs>), which a
/// file therefore never reaches, and far from a thread's stack size in the recursive readers
/// of the tree.
pub const JSON_STRUCTURE_DEPTH: usize = 256;

/// Most JSON values (arrays, objects, strings, numbers, literals) in one request or log entry
/// read by `promptlint cache`, counted before it is parsed (1,000,000). A parsed value takes
/// tens of bytes, so `[0,0,...]` would otherwise cost some 30 times its size in memory; a real
/// request with a thousand messages holds a few ten thousand. A larger entry is skipped with
/// an error.
pub const MAX_CACHE_JSON_VALUES: usize = 1_000_000;

/// Cache entries `promptlint cache` keeps for the provider's cache shared by every
/// conversation of a log (65,536): the written prefixes at element boundaries, each with its
/// size in tokens and last use, for every provider and model together; past it the least
/// recently used quarter is forgotten (a real cache evicts too). About 100 bytes an entry, so
/// some 6 MiB at most, whatever the log's length.
pub const MAX_CACHE_SHARED_ENTRIES: usize = 65_536;

/// Deepest nesting of a JSON line read by `promptlint cache`, in levels (127). Fixed: it follows
/// from `serde_json`'s recursion limit of 128, which a line nested 128 deep reaches (<https://docs.rs/serde_json/latest/serde_json/struct.Deserializer.html#method.disable_recursion_limit>,
/// left on). A deeper line is reported as not JSON and skipped; the other lines are read.
pub const CACHE_JSON_NESTING_DEPTH: usize = 127;

/// Most characters of a user's file (config, rule file) a diagnostic quotes: one line, with
/// invisible code points and controls escaped (80). Fixed.
pub const EXCERPT_CHARS: usize = 80;

/// Most characters of a parser's message (YAML, JSON) shown, after escaping (240). Fixed.
/// Such messages may quote a value of the file (`unknown variant ...`).
pub const PARSER_MESSAGE_CHARS: usize = 240;

/// Why a file was not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// Opening or reading failed; the message is [`io_message`]'s.
    #[error("{message}")]
    Io {
        /// [`io_message`]'s text.
        message: String,
        /// What kind of failure the operating system reported (`NotFound`,
        /// `PermissionDenied`, ...), for a caller that maps it to its own error type.
        kind: std::io::ErrorKind,
        /// The operating system's error code (`errno`, or the Windows error), when there is
        /// one.
        os_code: Option<i32>,
    },
    /// Not a regular file: `a FIFO`, `a device`, `a folder`, `a socket`, or `not a file`.
    #[error("not a regular file ({0})")]
    NotRegular(&'static str),
    /// Over the cap for its kind.
    #[error("larger than {limit} bytes (the limit for {kind})")]
    TooLarge {
        /// The cap, in bytes.
        limit: u64,
        /// The kind of input: `a config`, `a rule file`, `a baseline`.
        kind: &'static str,
    },
    /// Not UTF-8 (for inputs read as text).
    #[error("not valid UTF-8")]
    NotUtf8,
}

impl ReadError {
    /// [`ReadError::Io`] for `e`, an error of opening or reading `path`.
    fn io(e: &std::io::Error, path: &Path) -> ReadError {
        ReadError::Io {
            message: io_message(e, path),
            kind: e.kind(),
            os_code: e.raw_os_error(),
        }
    }
}

/// What a file type is called in [`ReadError::NotRegular`]; `None` for a regular file.
pub fn non_regular(t: std::fs::FileType) -> Option<&'static str> {
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a FIFO");
        }
        if t.is_socket() {
            return Some("a socket");
        }
        if t.is_block_device() || t.is_char_device() {
            return Some("a device");
        }
    }
    Some("not a file")
}

/// Opens `path` for reading if it is a regular file (links followed), without ever blocking
/// on a FIFO.
///
/// # Errors
/// [`ReadError::Io`] when it cannot be opened, [`ReadError::NotRegular`] when it is not a
/// regular file.
pub fn open_regular(path: &Path) -> Result<File, ReadError> {
    let mut o = std::fs::OpenOptions::new();
    o.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // A FIFO opened for reading blocks until a writer appears; O_NONBLOCK returns at once
        // (and has no effect on reads of a regular file).
        o.custom_flags(libc::O_NONBLOCK);
    }
    let f = o.open(path).map_err(|e| ReadError::io(&e, path))?;
    let meta = f.metadata().map_err(|e| ReadError::io(&e, path))?;
    match non_regular(meta.file_type()) {
        Some(what) => Err(ReadError::NotRegular(what)),
        None => Ok(f),
    }
}

/// The bytes of the regular file `path`, at most `cap` of them; `Ok(None)` when it holds more.
/// Reads at most `cap + 1` bytes, so a file that grows while it is read cannot make it read
/// more.
///
/// # Errors
/// As [`open_regular`], and [`ReadError::Io`] when reading fails.
pub fn read_at_most(path: &Path, cap: u64) -> Result<Option<Vec<u8>>, ReadError> {
    let f = open_regular(path)?;
    let io = |e: std::io::Error| ReadError::io(&e, path);
    let len = f.metadata().map_err(io)?.len();
    if len > cap {
        return Ok(None);
    }
    let mut buf = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    f.take(cap.saturating_add(1))
        .read_to_end(&mut buf)
        .map_err(io)?;
    Ok((buf.len() as u64 <= cap).then_some(buf))
}

/// The first bytes of the regular file `path`, at most `cap` of them, and its length in
/// bytes: the length the file system reports, or more when the file grew while it was read
/// (one more than `cap` at least when it holds more than `cap`).
///
/// # Errors
/// As [`read_at_most`].
pub fn read_prefix(path: &Path, cap: u64) -> Result<(Vec<u8>, u64), ReadError> {
    let f = open_regular(path)?;
    let io = |e: std::io::Error| ReadError::io(&e, path);
    let len = f.metadata().map_err(io)?.len();
    let mut buf = Vec::with_capacity(usize::try_from(len.min(cap)).unwrap_or(0));
    f.take(cap.saturating_add(1))
        .read_to_end(&mut buf)
        .map_err(io)?;
    let read = buf.len() as u64;
    buf.truncate(usize::try_from(cap).unwrap_or(usize::MAX));
    Ok((buf, len.max(read)))
}

/// The text of the regular file `path`, a `kind` of input (`a config`) capped at `cap` bytes.
///
/// # Errors
/// As [`read_at_most`], [`ReadError::TooLarge`] over the cap, [`ReadError::NotUtf8`].
pub fn read_text(path: &Path, cap: u64, kind: &'static str) -> Result<String, ReadError> {
    let bytes = read_at_most(path, cap)?.ok_or(ReadError::TooLarge { limit: cap, kind })?;
    String::from_utf8(bytes).map_err(|_| ReadError::NotUtf8)
}

/// A parser's message made safe to show: one line, escaped, at most
/// [`PARSER_MESSAGE_CHARS`] characters.
/// A value it quotes (between backticks or double quotes) keeps at most [`EXCERPT_CHARS`].
pub fn parser_message(message: &str) -> String {
    let first = message.lines().next().unwrap_or("");
    let escaped = crate::escape::escape_one_line(first);
    let mut out = String::with_capacity(escaped.len().min(4 * PARSER_MESSAGE_CHARS));
    let mut quote: Option<(char, usize)> = None;
    for c in escaped.chars() {
        match quote {
            Some((q, _)) if c == q => {
                quote = None;
                out.push(c);
            }
            Some((q, n)) => {
                if n < EXCERPT_CHARS {
                    out.push(c);
                } else if n == EXCERPT_CHARS {
                    out.push('…');
                }
                quote = Some((q, n + 1));
            }
            None => {
                if c == '`' || c == '"' {
                    quote = Some((c, 0));
                }
                out.push(c);
            }
        }
    }
    crate::escape::truncate_chars(&out, PARSER_MESSAGE_CHARS)
}

/// A value of a user's file quoted in a message: one line, escaped, at most
/// [`EXCERPT_CHARS`] characters.
pub fn quote(value: &str) -> String {
    crate::escape::truncate_chars(&crate::escape::escape_one_line(value), EXCERPT_CHARS)
}

/// The part of a file a diagnostic may show: the one line that holds the error, escaped and
/// cut to at most [`EXCERPT_CHARS`] characters around the error, with the line and column it
/// came from (miette prints those, never the lines around it).
#[derive(Debug, Clone)]
pub struct Excerpt {
    name: String,
    text: String,
    /// 0-based line of the excerpt in the file.
    line: usize,
    /// 0-based column (in chars) of the error in the file's line.
    column: usize,
}

impl Excerpt {
    /// The excerpt of `text` (the file shown as `name`, escaped here) at byte `offset`, the
    /// 0-based `line` and `column` (in chars) of that offset, and the span of the error (`len`
    /// bytes at `offset`, cut at the line's end) inside it. Offsets past the end or inside a
    /// character are clamped. Only the characters shown are looked at, so the cost does not
    /// grow with the file or the line.
    pub fn new(
        name: &str,
        text: &str,
        offset: usize,
        len: usize,
        line: usize,
        column: usize,
    ) -> (Excerpt, miette::SourceSpan) {
        use crate::escape::escape_one_line;
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let not_eol = |c: &char| *c != '\n';
        let mut head: Vec<char> = text[..offset]
            .chars()
            .rev()
            .take_while(not_eol)
            .take(EXCERPT_CHARS / 4)
            .collect();
        head.reverse();
        let head = escape_one_line(&head.into_iter().collect::<String>());
        let err: String = text[offset..]
            .chars()
            .take_while(not_eol)
            .scan(0, |n, c| {
                let first = *n == 0;
                *n += c.len_utf8();
                (first || *n <= len).then_some(c)
            })
            .take(EXCERPT_CHARS + 1)
            .collect();
        let err_end = offset + err.len();
        let err = escape_one_line(&err);
        let tail: String = text[err_end..]
            .chars()
            .take_while(not_eol)
            .take(EXCERPT_CHARS + 1)
            .collect();
        // Escaped piece by piece, so the error's place in the escaped text is known.
        let mut shown = format!("{head}{err}{}", escape_one_line(&tail));
        let cut = shown.char_indices().nth(EXCERPT_CHARS).map(|(i, _)| i);
        if let Some(cut) = cut {
            shown.truncate(cut);
        }
        let at = head.len().min(shown.len());
        let span_len = err.len().min(shown.len() - at);
        if cut.is_some() {
            shown.push('…');
        }
        let e = Excerpt {
            name: escape_one_line(name),
            text: shown,
            line,
            column,
        };
        (e, miette::SourceSpan::from((at, span_len)))
    }

    /// The shown text of the excerpt.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The 0-based line of the error in the file (0 when the excerpt shows nothing).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The 0-based column, in chars, of the error in its line (0 when the excerpt shows
    /// nothing).
    pub fn column(&self) -> usize {
        self.column
    }
}

impl miette::SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        _context_lines_before: usize,
        _context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        if span.offset() + span.len() > self.text.len() {
            return Err(miette::MietteError::OutOfBounds);
        }
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            self.text.as_bytes(),
            miette::SourceSpan::from((0, self.text.len())),
            self.line,
            self.column,
            1,
        )))
    }
}

/// A clear message for an I/O error on `p`.
pub fn io_message(e: &std::io::Error, p: &Path) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => {
            if std::fs::symlink_metadata(p).is_ok() {
                "broken symbolic link: its target does not exist".into()
            } else {
                "no such file or directory".into()
            }
        }
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpt_is_one_escaped_line_around_the_error() {
        let text = "a: 1\nsecret_key: AKIA\u{202E}XYZ\nnext: TOKEN\n";
        let off = text.find("secret_key").unwrap();
        let (e, span) = Excerpt::new("f.yaml", text, off, 10, 1, 0);
        assert_eq!(e.text(), "secret_key: AKIA<U+202E>XYZ");
        assert_eq!((span.offset(), span.len()), (0, 10));
        assert_eq!((e.line, e.column), (1, 0));
        let long = format!("k: {}\n", "x".repeat(500));
        let (e, span) = Excerpt::new("f.yaml", &long, 300, 1, 0, 300);
        assert_eq!(e.text().chars().count(), EXCERPT_CHARS + 1);
        assert!(e.text().ends_with('…'));
        assert_eq!((span.offset(), span.len()), (EXCERPT_CHARS / 4, 1));
        assert_eq!(e.column, 300);
    }

    #[test]
    fn parser_messages_are_bounded() {
        let m = format!("unknown variant `{}`, expected x\nmore", "y".repeat(10_000));
        let p = parser_message(&m);
        assert_eq!(
            p,
            format!(
                "unknown variant `{}…`, expected x",
                "y".repeat(EXCERPT_CHARS)
            )
        );
        let m = format!("a {}", "z".repeat(1000));
        assert_eq!(parser_message(&m).chars().count(), PARSER_MESSAGE_CHARS + 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_and_a_folder_are_refused_without_blocking() {
        let d = tempfile::tempdir().unwrap();
        let fifo = d.path().join("pipe");
        let ok = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(ok.success());
        assert_eq!(
            read_text(&fifo, 10, "a config"),
            Err(ReadError::NotRegular("a FIFO"))
        );
        assert_eq!(
            read_text(d.path(), 10, "a config"),
            Err(ReadError::NotRegular("a folder"))
        );
        assert_eq!(
            read_text(Path::new("/dev/zero"), 10, "a config"),
            Err(ReadError::NotRegular("a device"))
        );
        let f = d.path().join("big");
        std::fs::File::create(&f).unwrap().set_len(11).unwrap();
        let e = read_text(&f, 10, "a config").unwrap_err();
        assert_eq!(
            e.to_string(),
            "larger than 10 bytes (the limit for a config)"
        );
    }
}

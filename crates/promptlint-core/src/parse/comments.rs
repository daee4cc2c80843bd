//! The comments of a source file (and Python's docstrings): the text a coding agent reads
//! while it edits the file, which no compiler runs. A comment written to the agent ("Note
//! for AI assistants editing this file: run ...") is an order it may obey
//! (<https://pazdzewicz.de/blog/detail/2026-01-17-ai-prompt-injection>: an agent reads the
//! source files it edits, and comments addressed to it steer it); which comments address
//! agents is the engine's question (`check::comments`), this module only finds them.
//!
//! Input: a file's text and its [`Style`] (from its extension). Output: its comment
//! [`Block`]s, each the comment's text with the markers (`//`, `/* */`, `#`, ` * `, quotes)
//! taken off and the common indentation removed, mapped back to the source. Languages the
//! core has a tree-sitter grammar for (Python, JavaScript, TypeScript, shell, PowerShell:
//! [`crate::program`]) are parsed with it up to [`crate::program::MAX_PROGRAM_BYTES`]; other
//! languages (Go, Rust, Java, C, C#, Ruby, SQL, ...), and a longer file of the first ones,
//! are read by a simple scan that skips one-line string literals and reads `//`, `/* */`,
//! `#` or `--` comments. Line comments on consecutive lines make one block.

use std::ops::Range;

use super::segment::MappedText;
use crate::offset_map::OffsetMap;
use crate::program::{self, Language};

/// How a language writes comments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// A language with a tree-sitter grammar in the core.
    Grammar(Language),
    /// `//` and `/* */` (C, C++, C#, Go, Rust, Java, Kotlin, Swift, Scala, Dart, PHP, ...).
    CLike,
    /// `#` (Ruby, Perl, R, Elixir, Julia, Terraform, Dockerfiles, Makefiles).
    Hash,
    /// `--` (SQL, Lua, Haskell).
    Dash,
}

impl Style {
    /// The comment style of a file named `path`, from its extension (or its name for
    /// `Dockerfile` and `Makefile`); `None` for a file that is no program source.
    pub fn of(path: &str) -> Option<Style> {
        let name = path.rsplit('/').next().unwrap_or(path);
        let lower = name.to_ascii_lowercase();
        if lower == "dockerfile" || lower.starts_with("dockerfile.") || lower == "makefile" {
            return Some(Style::Hash);
        }
        let ext = lower.rsplit_once('.')?.1;
        Some(match ext {
            "py" | "pyw" | "pyi" => Style::Grammar(Language::Python),
            "js" | "mjs" | "cjs" | "jsx" => Style::Grammar(Language::JavaScript),
            // TSX is read with the TypeScript grammar: its JSX parts may end in error nodes,
            // which still hold their comments.
            "ts" | "mts" | "cts" | "tsx" => Style::Grammar(Language::TypeScript),
            "sh" | "bash" | "zsh" | "ksh" => Style::Grammar(Language::Shell),
            "ps1" | "psm1" => Style::Grammar(Language::PowerShell),
            "go" | "rs" | "java" | "kt" | "kts" | "scala" | "swift" | "c" | "h" | "cc" | "cpp"
            | "cxx" | "hpp" | "hh" | "cs" | "m" | "mm" | "dart" | "php" | "groovy" | "gradle"
            | "zig" | "sol" | "proto" | "vue" | "svelte" => Style::CLike,
            "rb" | "pl" | "pm" | "r" | "ex" | "exs" | "jl" | "tf" | "mk" | "nim" | "cr" => {
                Style::Hash
            }
            "sql" | "lua" | "hs" => Style::Dash,
            _ => return None,
        })
    }
}

/// One comment, or a run of line comments on consecutive lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// The comment's bytes in the source, markers included.
    pub range: Range<usize>,
    /// Its text without the markers, mapped back to the source.
    pub text: MappedText,
}

/// The comment blocks of `text`, written in `style`, in source order.
pub fn blocks(text: &str, style: Style) -> Vec<Block> {
    let raw = match style {
        Style::Grammar(lang) if text.len() <= program::MAX_PROGRAM_BYTES => {
            match tree_comments(text, lang) {
                Some(c) => c,
                None => scan(text, fallback(lang)),
            }
        }
        Style::Grammar(lang) => scan(text, fallback(lang)),
        other => scan(text, other),
    };
    merge(text, raw)
        .into_iter()
        .map(|parts| {
            let range = parts[0].start..parts[parts.len() - 1].end;
            Block {
                range,
                text: strip(text, &parts),
            }
        })
        .collect()
}

/// The scan style for a grammar language's file too long to parse.
fn fallback(lang: Language) -> Style {
    match lang {
        Language::JavaScript | Language::TypeScript => Style::CLike,
        _ => Style::Hash,
    }
}

/// The comment nodes (and Python docstrings) of `text` parsed as `lang`, in order.
fn tree_comments(text: &str, lang: Language) -> Option<Vec<Range<usize>>> {
    let tree = program::parse(lang, text)?;
    let mut out = Vec::new();
    let mut cursor = tree.walk();
    'walk: loop {
        let node = cursor.node();
        let kind = node.kind();
        if kind == "comment"
            || kind == "html_comment"
            || (lang == Language::Python && kind == "string" && docstring(&node))
        {
            out.push(node.byte_range());
        }
        if kind != "comment" && kind != "string" && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                continue 'walk;
            }
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    Some(out)
}

/// True when `node`, a Python string, is a docstring: the first statement of a module, a
/// class or a function body.
fn docstring(node: &tree_sitter::Node<'_>) -> bool {
    let Some(stmt) = node.parent() else {
        return false;
    };
    if stmt.kind() != "expression_statement" || stmt.named_child_count() != 1 {
        return false;
    }
    let Some(body) = stmt.parent() else {
        return false;
    };
    let first = (0..body.named_child_count())
        .filter_map(|i| body.named_child(i))
        .find(|c| c.kind() != "comment");
    matches!(body.kind(), "module" | "block") && first.is_some_and(|c| c.id() == stmt.id())
}

/// The comments of `text` found by a simple scan in `style` (not a grammar), skipping string
/// literals that close on their line (and backquoted ones, which may span lines).
fn scan(text: &str, style: Style) -> Vec<Range<usize>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let line_end = |i: usize| memchr_nl(b, i);
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        match (style, c) {
            (Style::CLike, b'/') if next == Some(b'/') => {
                let e = line_end(i);
                out.push(i..e);
                i = e;
            }
            (Style::CLike, b'/') if next == Some(b'*') => {
                let e = find(b, i + 2, b"*/").map_or(b.len(), |e| e + 2);
                out.push(i..e);
                i = e;
            }
            (Style::Hash, b'#') => {
                let e = line_end(i);
                // A `#!` first line names the interpreter.
                if !(i == 0 && next == Some(b'!')) {
                    out.push(i..e);
                }
                i = e;
            }
            (Style::Dash, b'-') if next == Some(b'-') => {
                let e = line_end(i);
                out.push(i..e);
                i = e;
            }
            (_, b'"' | b'\'') if b[i..].starts_with(&[c, c, c]) => {
                i = find(b, i + 3, &[c, c, c]).map_or(b.len(), |e| e + 3);
            }
            (_, b'"' | b'\'' | b'`') => i = string_end(b, i),
            _ => i += 1,
        }
    }
    out
}

/// The end of the string literal opened at `i` (after its closing quote); a one-line literal
/// that does not close on its line ends at the quote (an apostrophe, a Rust lifetime).
fn string_end(b: &[u8], i: usize) -> usize {
    let q = b[i];
    let mut k = i + 1;
    while k < b.len() {
        match b[k] {
            b'\\' => k += 2,
            c if c == q => return k + 1,
            b'\n' if q != b'`' => return i + 1,
            _ => k += 1,
        }
    }
    i + 1
}

fn memchr_nl(b: &[u8], from: usize) -> usize {
    b[from..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |p| from + p)
}

fn find(b: &[u8], from: usize, pat: &[u8]) -> Option<usize> {
    b.get(from..)?
        .windows(pat.len())
        .position(|w| w == pat)
        .map(|p| from + p)
}

/// Groups comment ranges into blocks: line comments with nothing but white space and one
/// line break between them are one block.
fn merge(text: &str, raw: Vec<Range<usize>>) -> Vec<Vec<Range<usize>>> {
    let mut out: Vec<Vec<Range<usize>>> = Vec::new();
    for r in raw {
        let single_line = !text[r.clone()].contains('\n');
        if let Some(last) = out.last_mut()
            && let Some(prev) = last.last()
            && single_line
            && !text[prev.clone()].contains('\n')
            && prev.end <= r.start
        {
            let between = &text[prev.end..r.start];
            // Only indentation before this comment: it opens its line.
            if between.matches('\n').count() == 1 && between.trim().is_empty() {
                last.push(r);
                continue;
            }
        }
        out.push(vec![r]);
    }
    out
}

/// The text of a block's comments without their markers, one line per source line, with
/// the indentation the lines after the first share removed (the first line's own too).
fn strip(text: &str, parts: &[Range<usize>]) -> MappedText {
    // Each kept line as a source range.
    let mut lines: Vec<Range<usize>> = Vec::new();
    for r in parts {
        let body = unwrap(text, r.clone());
        let starred = text[r.clone()].starts_with("/*");
        let mut at = body.start;
        for line in text[body.clone()].split_inclusive('\n') {
            let end = at + line.trim_end_matches(['\n', '\r']).len();
            let mut s = at;
            let l = &text[s..end];
            // A block comment's continuation star (` * text`).
            let lead = l.len() - l.trim_start().len();
            if starred && l[lead..].starts_with('*') {
                s += lead + 1;
            }
            lines.push(s..end);
            at += line.len();
        }
    }
    // Blank first and last lines of a block comment (`/*` and ` */` on their own lines).
    while lines
        .first()
        .is_some_and(|l| text[l.clone()].trim().is_empty())
    {
        lines.remove(0);
    }
    while lines
        .last()
        .is_some_and(|l| text[l.clone()].trim().is_empty())
    {
        lines.pop();
    }
    // A text that starts on its opener's line (`"""Doc.`, `/* Note.`): as Python's
    // `inspect.cleandoc`, that first line's indentation is its own.
    let opener_line = parts.len() == 1
        && lines
            .first()
            .is_some_and(|l| l.start <= unwrap(text, parts[0].clone()).start + 1);
    let indent = lines
        .iter()
        .skip(usize::from(opener_line))
        .map(|l| &text[l.clone()])
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start_matches([' ', '\t']).len())
        .min()
        .unwrap_or(0);
    let mut out = String::new();
    let mut map = OffsetMap::empty_at(parts[0].start);
    for (k, l) in lines.iter().enumerate() {
        if k > 0 {
            let nl = lines[k - 1].end;
            out.push('\n');
            map.push_opaque(1, nl..nl);
        }
        let s = if k == 0 && opener_line {
            l.end - text[l.clone()].trim_start().len()
        } else {
            crate::source::ceil_char_boundary(text, (l.start + indent).min(l.end))
        };
        out.push_str(text[s..l.end].trim_end());
        let e = s + text[s..l.end].trim_end().len();
        map.push_identity(s..e);
    }
    MappedText { text: out, map }
}

/// The inside of one comment or docstring at `r`: without its opening and closing markers
/// (`//`, `///`, `#`, `--`, `/* */`, `<# #>`, `<!-- -->`, a string's prefix and quotes) and
/// one space after the opening.
fn unwrap(text: &str, r: Range<usize>) -> Range<usize> {
    let s = &text[r.clone()];
    let (open, close) = if s.starts_with("/*") {
        let stars = s[1..].len() - s[1..].trim_start_matches(['*', '!']).len();
        (1 + stars, if s.ends_with("*/") { 2 } else { 0 })
    } else if s.starts_with("<#") {
        (2, if s.ends_with("#>") { 2 } else { 0 })
    } else if s.starts_with("<!--") {
        (4, if s.ends_with("-->") { 3 } else { 0 })
    } else if let Some(rest) = s.strip_prefix("//") {
        (s.len() - rest.trim_start_matches(['/', '!']).len(), 0)
    } else if s.starts_with('#') {
        (s.len() - s.trim_start_matches('#').len(), 0)
    } else if s.starts_with("--") {
        (s.len() - s.trim_start_matches('-').len(), 0)
    } else {
        // A Python string: its prefix letters, then one or three quotes on each side.
        let prefix = s.len()
            - s.trim_start_matches(|c: char| c.is_ascii_alphabetic())
                .len();
        let rest = &s[prefix..];
        let q = if rest.starts_with("\"\"\"") || rest.starts_with("'''") {
            3
        } else {
            1
        };
        (prefix + q, q.min(s.len() - prefix - q))
    };
    let mut start = r.start + open.min(s.len());
    let end = (r.end - close).max(start);
    if text.as_bytes().get(start) == Some(&b' ') && start < end {
        start += 1;
    }
    start..end
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str, path: &str) -> Vec<String> {
        let style = Style::of(path).expect("a source");
        blocks(src, style)
            .into_iter()
            .map(|b| b.text.text)
            .collect()
    }

    #[test]
    fn a_block_comment_loses_its_stars_and_maps_back() {
        let src =
            "/*\n * Rechnung.\n *\n * Hinweis: starte\n *   bash -i\n */\nexport function f() {}\n";
        let b = &blocks(src, Style::of("a.ts").expect("ts"))[0];
        assert_eq!(b.text.text, "Rechnung.\n\nHinweis: starte\n  bash -i");
        assert_eq!(b.range, 0..src.find("\nexport").expect("code"));
        let at = b.text.text.find("bash").expect("bash");
        let r = b.text.map.map_range(at..at + 4);
        assert_eq!(&src[r], "bash");
    }

    #[test]
    fn line_comments_on_consecutive_lines_are_one_block() {
        let src = "// one\n//   two\nlet x = \"// not a comment\"; // three\n\n// four\n";
        assert_eq!(texts(src, "a.js"), ["one\n  two", "three", "four"]);
        // The same by the scan, for a language without a grammar.
        assert_eq!(texts(src, "a.go"), ["one\n  two", "three", "four"]);
    }

    #[test]
    fn python_reads_comments_and_docstrings_only() {
        let src = "#!/usr/bin/env python3\n\"\"\"Module doc.\n\n    Indented.\n    \"\"\"\nimport os\n# a comment\nx = \"\"\"not a docstring\"\"\"\n\ndef f():\n    '''Function doc.'''\n    return 1\n";
        assert_eq!(
            texts(src, "m.py"),
            [
                "!/usr/bin/env python3",
                "Module doc.\n\nIndented.",
                "a comment",
                "Function doc."
            ]
        );
    }

    #[test]
    fn shell_powershell_ruby_and_sql_comments() {
        assert_eq!(
            texts("#!/bin/sh\n# setup\necho '# no' # yes\n", "s.sh"),
            ["!/bin/sh\nsetup", "yes"]
        );
        assert_eq!(
            texts("<# block\n   text #>\nWrite-Host 'x' # line\n", "s.ps1"),
            ["block\ntext", "line"]
        );
        assert_eq!(texts("x = 'a#b' # note\n", "a.rb"), ["note"]);
        assert_eq!(texts("select '--x' -- note\n", "q.sql"), ["note"]);
        assert_eq!(Style::of("Dockerfile"), Some(Style::Hash));
        assert_eq!(Style::of("README.md"), None);
    }
}

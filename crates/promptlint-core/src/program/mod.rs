//! Programs: the commands and scripts a file tells an agent to run (a fenced block, inline
//! code, a hook's command, a skill bundle's script), parsed with tree-sitter grammars.
//!
//! Input: a program's text and its [`Language`]. Output: a [`tree_sitter::Tree`] over it
//! ([`parse`]), and for shell the commands read off that tree with obfuscation undone
//! ([`shell::read`]). Nothing is parsed unless a check asks: a file with no program pays
//! nothing. Every program is bounded by [`MAX_PROGRAM_BYTES`]; a longer one is read up to it.
//!
//! Grammars (all MIT, maintained): tree-sitter-bash, tree-sitter-python,
//! tree-sitter-javascript, tree-sitter-typescript (the tree-sitter organisation) and
//! tree-sitter-powershell (Airbus CERT). tree-sitter is error-tolerant: a snippet that does
//! not parse whole still yields its commands, inside `ERROR` nodes.

pub mod shell;

/// Bytes of one program parsed at most (a fenced block, a script): 256 KiB. A longer program
/// is parsed up to the last line break before the bound.
pub const MAX_PROGRAM_BYTES: usize = 256 * 1024;

/// A program's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    /// POSIX sh, bash, zsh: read with the bash grammar.
    Shell,
    /// Windows PowerShell and PowerShell 7.
    PowerShell,
    /// Python 3.
    Python,
    /// JavaScript (also JSX and ESM).
    JavaScript,
    /// TypeScript.
    TypeScript,
}

impl Language {
    /// The language a fenced block's info string names (`bash`, `sh`, `console`, `zsh`,
    /// `powershell`, `ps1`, `python`, `py`, `js`, `ts`, ...), if it is one of these.
    pub fn of_fence(info: &str) -> Option<Language> {
        let lang = info
            .trim()
            .trim_start_matches('{')
            .trim_start_matches('.')
            .to_ascii_lowercase();
        Some(match lang.as_str() {
            "sh" | "bash" | "shell" | "zsh" | "ksh" | "console" | "shell-session"
            | "shellsession" | "terminal" | "bash-session" | "sh-session" | "command"
            | "cmd-bash" => Language::Shell,
            "powershell" | "ps1" | "ps" | "pwsh" | "posh" => Language::PowerShell,
            "python" | "py" | "python3" | "py3" => Language::Python,
            "javascript" | "js" | "jsx" | "mjs" | "cjs" | "node" => Language::JavaScript,
            "typescript" | "ts" | "tsx" | "mts" | "cts" => Language::TypeScript,
            _ => return None,
        })
    }

    /// The language of a script file by its extension (`.sh`, `.ps1`, `.py`, `.js`, `.ts`,
    /// ...), or by its `#!` line when it has no extension. Shell too: direnv's `.envrc`
    /// (bash, <https://direnv.net/man/direnv-stdlib.1.html>) and a git hook in `.husky/` or
    /// `.githooks/` without a `#!` line (husky 9 writes hooks as bare commands run by `sh`,
    /// <https://typicode.github.io/husky/get-started.html>).
    pub fn of_path(path: &str, text: &str) -> Option<Language> {
        let name = path.rsplit('/').next().unwrap_or(path);
        if name == ".envrc" {
            return Some(Language::Shell);
        }
        let in_hooks = |p: &str| {
            p.starts_with(".husky/")
                || p.contains("/.husky/")
                || p.starts_with(".githooks/")
                || p.contains("/.githooks/")
        };
        match name.rsplit_once('.') {
            None if in_hooks(path) => Some(Language::of_shebang(text).unwrap_or(Language::Shell)),
            Some((_, ext)) => Some(match ext.to_ascii_lowercase().as_str() {
                "sh" | "bash" | "zsh" | "ksh" | "command" => Language::Shell,
                "ps1" | "psm1" => Language::PowerShell,
                // A `.pth` file's executed lines are Python (`crate::parse::pth`).
                "py" | "pyw" | "pth" => Language::Python,
                "js" | "mjs" | "cjs" | "jsx" => Language::JavaScript,
                "ts" | "mts" | "cts" | "tsx" => Language::TypeScript,
                _ => return None,
            }),
            None => Language::of_shebang(text),
        }
    }

    /// The language of a fence without an info string, by its first lines: a `#!` line, a
    /// Python `import`/`from … import`/`def`, a JavaScript `require(`, `const`/`let` binding or
    /// `import … from '…'`, PowerShell's `$env:` or a `Verb-Noun -Parameter` cmdlet; else shell
    /// (what an untagged fence in an instruction file most often holds).
    pub fn of_untagged(text: &str) -> Language {
        if let Some(l) = Self::of_shebang(text) {
            return l;
        }
        for line in text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .take(8)
        {
            let first = line.split_whitespace().next().unwrap_or("");
            let quoted_from = line.contains(" from '") || line.contains(" from \"");
            if (first == "import" && !quoted_from && !line.contains('{'))
                || first == "from" && line.contains(" import ")
                || first == "def" && line.ends_with(':')
            {
                return Language::Python;
            }
            if line.contains("require(")
                || matches!(first, "const" | "let" | "var") && line.contains('=')
                || first == "import" && quoted_from
            {
                return Language::JavaScript;
            }
            if line.contains("$env:")
                || first.split_once('-').is_some_and(|(verb, noun)| {
                    verb.len() > 2
                        && verb.starts_with(|c: char| c.is_ascii_uppercase())
                        && noun.starts_with(|c: char| c.is_ascii_uppercase())
                        && verb.chars().all(|c| c.is_ascii_alphabetic())
                }) && line.contains(" -")
            {
                return Language::PowerShell;
            }
        }
        Language::Shell
    }

    /// The language a `#!` first line names (`#!/bin/sh`, `#!/usr/bin/env python3`).
    pub fn of_shebang(text: &str) -> Option<Language> {
        let first = text.lines().next()?.strip_prefix("#!")?;
        let mut words = first.split_whitespace();
        let mut prog = words.next()?.rsplit('/').next()?;
        if prog == "env" {
            prog = words.find(|w| !w.starts_with('-'))?;
        }
        let prog = prog.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
        Some(match prog {
            "sh" | "bash" | "zsh" | "ksh" | "dash" => Language::Shell,
            "pwsh" | "powershell" => Language::PowerShell,
            "python" => Language::Python,
            "node" | "bun" | "deno" => Language::JavaScript,
            "tsx" | "ts-node" => Language::TypeScript,
            _ => return None,
        })
    }

    fn grammar(self) -> tree_sitter::Language {
        match self {
            Language::Shell => tree_sitter_bash::LANGUAGE.into(),
            Language::PowerShell => tree_sitter_powershell::LANGUAGE.into(),
            Language::Python => tree_sitter_python::LANGUAGE.into(),
            Language::JavaScript => tree_sitter_javascript::LANGUAGE.into(),
            Language::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
        }
    }
}

/// The part of `text` that is parsed: all of it up to [`MAX_PROGRAM_BYTES`], else up to the
/// last line break before the bound.
pub fn bounded(text: &str) -> &str {
    if text.len() <= MAX_PROGRAM_BYTES {
        return text;
    }
    let cut = crate::source::floor_char_boundary(text, MAX_PROGRAM_BYTES);
    match text[..cut].rfind('\n') {
        Some(nl) => &text[..nl + 1],
        None => &text[..cut],
    }
}

/// The syntax tree of `text` read as `lang` (only its [`bounded`] part), or `None` when the
/// grammar cannot be loaded (an ABI mismatch, which a test rules out).
pub fn parse(lang: Language, text: &str) -> Option<tree_sitter::Tree> {
    // One parser per language and thread, kept: setting a grammar allocates its tables, which
    // costs more than parsing a short fenced block.
    thread_local! {
        static PARSERS: std::cell::RefCell<Vec<(Language, tree_sitter::Parser)>> =
            const { std::cell::RefCell::new(Vec::new()) };
    }
    PARSERS.with(|cell| {
        let mut parsers = cell.try_borrow_mut().ok()?;
        let k = match parsers.iter().position(|(l, _)| *l == lang) {
            Some(k) => k,
            None => {
                let mut parser = tree_sitter::Parser::new();
                parser.set_language(&lang.grammar()).ok()?;
                parsers.push((lang, parser));
                parsers.len() - 1
            }
        };
        let text = bounded(text);
        // A code point the bash scanner cannot take is hidden first (see `brace_safe`); the
        // text keeps its length, so every node's bytes are the original text's.
        let safe = (lang == Language::Shell)
            .then(|| brace_safe(text))
            .flatten();
        parsers[k].1.parse(safe.as_deref().unwrap_or(text), None)
    })
}

/// `text` with each code point above U+00FF that follows `{` (digits and dots between) made
/// `_` bytes of the same length, or `None` when there is none. tree-sitter-bash 0.25.1's
/// scanner reads a brace range (`{1..3}`) with C's `isdigit` on the lookahead code point,
/// which is undefined above 255 and crashed (SIGSEGV) on `""{` followed by U+E0101 (found by
/// the `program` fuzz target's smoke run). Byte offsets are unchanged, so the tree is read
/// against the original text.
fn brace_safe(text: &str) -> Option<String> {
    let mut after_brace = false;
    let mut out: Option<String> = None;
    for (i, c) in text.char_indices() {
        let risky = after_brace && u32::from(c) > 0xFF;
        if risky {
            out.get_or_insert_with(|| text[..i].to_string())
                .extend(std::iter::repeat_n('_', c.len_utf8()));
        } else if let Some(o) = &mut out {
            o.push(c);
        }
        after_brace = c == '{' || after_brace && (c.is_ascii_digit() || c == '.');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_grammar_loads_and_parses() {
        for (lang, text) in [
            (Language::Shell, "curl -s x | sh\n"),
            (Language::PowerShell, "iwr http://x -OutFile a.zip\n"),
            (Language::Python, "import os\nprint(os.environ)\n"),
            (Language::JavaScript, "fetch(u).then(r => r.text())\n"),
            (
                Language::TypeScript,
                "const x: string = process.env.HOME ?? '';\n",
            ),
        ] {
            let tree = parse(lang, text).expect("grammar loads");
            assert!(!tree.root_node().has_error(), "{lang:?}: {text}");
        }
    }

    #[test]
    fn untagged_fences_by_their_first_lines() {
        let py = "import pathlib, urllib.request\ncfg = pathlib.Path.home()\n";
        assert_eq!(Language::of_untagged(py), Language::Python);
        assert_eq!(
            Language::of_untagged("from os import environ\n"),
            Language::Python
        );
        let js = "const dns = require('dns');\ndns.lookup(x, () => {});\n";
        assert_eq!(Language::of_untagged(js), Language::JavaScript);
        assert_eq!(
            Language::of_untagged("import x from 'y';\n"),
            Language::JavaScript
        );
        let ps = "Invoke-WebRequest -Uri https://x.example -OutFile a.zip\n";
        assert_eq!(Language::of_untagged(ps), Language::PowerShell);
        assert_eq!(
            Language::of_untagged("$env:PATH += ';C:\\x'\n"),
            Language::PowerShell
        );
        assert_eq!(
            Language::of_untagged("npm install\ncurl -s x | sh\n"),
            Language::Shell
        );
        assert_eq!(
            Language::of_untagged("docker-compose -f a.yml up\n"),
            Language::Shell
        );
        assert_eq!(
            Language::of_untagged("#!/usr/bin/env python3\nx = 1\n"),
            Language::Python
        );
    }

    #[test]
    fn languages_by_fence_path_and_shebang() {
        assert_eq!(Language::of_fence("bash"), Some(Language::Shell));
        assert_eq!(Language::of_fence("PowerShell"), Some(Language::PowerShell));
        assert_eq!(Language::of_fence("json"), None);
        assert_eq!(
            Language::of_path("scripts/sync.py", ""),
            Some(Language::Python)
        );
        assert_eq!(
            Language::of_path("bin/run", "#!/usr/bin/env python3\n"),
            Some(Language::Python)
        );
        assert_eq!(
            Language::of_path("hooks/pre", "#!/bin/sh\n"),
            Some(Language::Shell)
        );
        assert_eq!(Language::of_path("README.md", ""), None);
    }

    #[test]
    fn a_wide_code_point_after_a_brace_does_not_crash_the_bash_scanner() {
        for text in [
            "\"\"{\u{E0101}",
            "{\u{E0101}",
            "echo {1..\u{1F600}}",
            "{12.\u{4E00}",
        ] {
            let tree = parse(Language::Shell, text).expect("parses");
            assert_eq!(tree.root_node().end_byte(), text.len());
            let _ = shell::read(text);
        }
        assert_eq!(brace_safe("a{\u{E0101}b").as_deref(), Some("a{____b"));
        assert_eq!(brace_safe("a{1\u{E9}\u{E0101}"), None);
        assert_eq!(brace_safe("echo \u{1F600} {x}"), None);
    }

    #[test]
    fn a_long_program_is_cut_at_a_line_break_before_the_bound() {
        let line = "echo aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n";
        let text = line.repeat(MAX_PROGRAM_BYTES / line.len() + 10);
        let cut = bounded(&text);
        assert!(cut.len() <= MAX_PROGRAM_BYTES);
        assert!(cut.ends_with('\n'));
        assert_eq!(cut.len() % line.len(), 0);
    }
}

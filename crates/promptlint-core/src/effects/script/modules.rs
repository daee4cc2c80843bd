//! What a program's imports name and what its argument lists run: a module bound to a name of
//! the program's choosing (`const h = require('node:https')`, `import urllib.request as r`)
//! is read as the module, so a network call is known whatever the local name; an argument
//! list that starts an interpreter with inline code (`[sys.executable, '-c', code]`,
//! `spawn('node', ['-e', code])`) is read as the command line it is.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use tree_sitter::Node;

use super::Walk;
use crate::program::Language;

/// Bytes of a program searched for imports at most.
const MAX_IMPORT_SCAN: usize = 64 * 1024;

/// A JavaScript module bound to a name: `const h = require('node:https')`,
/// `import h from 'https'`, `import * as h from "node:https"`.
static JS_IMPORT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r#"(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*require\(\s*['"](?:node:)?([\w./@-]+)['"]\s*\)"#,
        r#"|import\s+(?:\*\s+as\s+)?([A-Za-z_$][\w$]*)\s+from\s+['"](?:node:)?([\w./@-]+)['"]"#,
    ))
    .expect("the JavaScript import regex is valid")
});

/// A Python module bound to another name: `import urllib.request as r` (also in a comma
/// list), `from urllib import request as r`.
static PY_IMPORT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?:\bimport\s+|,\s*)([A-Za-z_][\w.]*)\s+as\s+([A-Za-z_]\w*)",
        r"|\bfrom\s+([A-Za-z_][\w.]*)\s+import\s+([A-Za-z_]\w*)\s+as\s+([A-Za-z_]\w*)",
    ))
    .expect("the Python import regex is valid")
});

/// The modules `src` binds to names other than their own, lower case: local name to module.
pub(super) fn aliases(lang: Language, src: &str) -> HashMap<String, String> {
    let mut out = HashMap::new();
    let src = &src[..crate::source::floor_char_boundary(src, MAX_IMPORT_SCAN.min(src.len()))];
    let re = match lang {
        Language::Python => &*PY_IMPORT,
        Language::JavaScript | Language::TypeScript => &*JS_IMPORT,
        _ => return out,
    };
    for c in re.captures_iter(src) {
        let pair = match (c.get(1), c.get(2), c.get(3), c.get(4), c.get(5)) {
            (Some(a), Some(b), ..) if lang == Language::Python => (b, a.as_str().to_string()),
            (Some(a), Some(b), ..) => (a, b.as_str().to_string()),
            (.., Some(m), Some(name), Some(local)) => {
                (local, format!("{}.{}", m.as_str(), name.as_str()))
            }
            (.., Some(a), Some(b), None) => (a, b.as_str().to_string()),
            _ => continue,
        };
        let (local, module) = (
            pair.0.as_str().to_ascii_lowercase(),
            pair.1.to_ascii_lowercase(),
        );
        if local != module {
            out.insert(local, module);
        }
    }
    out
}

/// `callee` (lower case, dotted) with its first part read through `aliases`.
pub(super) fn unalias(aliases: &HashMap<String, String>, callee: &str) -> Option<String> {
    let (head, rest) = match callee.split_once('.') {
        Some((h, r)) => (h, Some(r)),
        None => (callee, None),
    };
    let module = aliases.get(head)?;
    Some(match rest {
        Some(r) => format!("{module}.{r}"),
        None => module.clone(),
    })
}

/// The program an argument list names by an expression rather than a literal: the running
/// interpreter (`sys.executable`, `process.execPath`, `process.argv[0]`).
fn interpreter(expr: &str) -> Option<&'static str> {
    match expr.replace(char::is_whitespace, "").as_str() {
        "sys.executable" => Some("python3"),
        "process.execPath" | "process.argv[0]" => Some("node"),
        _ => None,
    }
}

/// The text of a string literal of Python or JavaScript (`'…'`, `"…"`, a template without
/// `${`, a raw or bytes prefix; no f-string), its common escapes undone.
fn unquote(lit: &str) -> Option<String> {
    let body = lit.trim_start_matches(['r', 'b', 'u', 'R', 'B', 'U']);
    if body.len() < lit.len().saturating_sub(2) {
        return None;
    }
    let q = body.chars().next()?;
    if !matches!(q, '"' | '\'' | '`') || body.len() < 2 || !body.ends_with(q) {
        return None;
    }
    let inner = &body[1..body.len() - 1];
    if q == '`' && inner.contains("${") {
        return None;
    }
    let raw = lit.starts_with(['r', 'R']);
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' && !raw {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(o) => out.push(o),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    Some(out)
}

/// The command line the arguments of an exec call spell (`args`: the text of each argument
/// in order, an array's or list's elements in place, keyword arguments left out by the
/// caller), when every word is a string literal or names the running interpreter, and one of
/// them is an interpreter's inline-code flag (`-c`, `-e`, `--eval`, `-Command`): each word
/// quoted for the shell reader, which reads the code in its own language.
pub(super) fn argv_command(args: &[&str]) -> Option<String> {
    let mut words = Vec::with_capacity(args.len());
    for a in args {
        let w = match interpreter(a) {
            Some(p) => p.to_string(),
            None => unquote(a.trim())?,
        };
        words.push(w);
    }
    let code_flag = words
        .iter()
        .any(|w| matches!(w.as_str(), "-c" | "-e" | "--eval" | "-Command" | "-command"));
    if words.len() < 3 || !code_flag {
        return None;
    }
    Some(
        words
            .iter()
            .map(|w| format!("'{}'", w.replace('\'', "'\\''")))
            .collect::<Vec<_>>()
            .join(" "),
    )
}

impl Walk<'_> {
    /// Learns the modules the program binds to other names ([`aliases`]).
    pub(super) fn learn_imports(&mut self) {
        self.modules = aliases(self.lang, self.src);
    }

    /// `callee` read through the modules bound to other names ([`unalias`]).
    pub(super) fn unaliased(&self, callee: &str) -> Option<String> {
        unalias(&self.modules, callee)
    }

    /// The command line an exec call's argument list spells ([`argv_command`]): its
    /// arguments in order, a list's or array's elements in place, keyword arguments and
    /// comments left out.
    pub(super) fn argv_line(&self, n: Node<'_>) -> Option<String> {
        let args = n.child_by_field_name("arguments")?;
        let mut words = Vec::new();
        let mut c = args.walk();
        for a in args.named_children(&mut c) {
            match a.kind() {
                "comment" | "keyword_argument" | "pair" | "object" | "dictionary" => {}
                "list" | "array" | "tuple" => {
                    let mut c2 = a.walk();
                    words.extend(a.named_children(&mut c2).map(|x| self.text(x)));
                }
                _ => words.push(self.text(a)),
            }
        }
        argv_command(&words)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modules_bound_to_other_names_are_read_as_the_module() {
        let js = "const h = require('node:https');\nimport * as z from \"zlib\";\nconst fs = require('fs');\n";
        let a = aliases(Language::JavaScript, js);
        assert_eq!(unalias(&a, "h.request").as_deref(), Some("https.request"));
        assert_eq!(unalias(&a, "z.gzipsync").as_deref(), Some("zlib.gzipsync"));
        assert_eq!(unalias(&a, "fs.readfilesync"), None);
        let py = "import os, urllib.request as r\nfrom http import client as c\n";
        let a = aliases(Language::Python, py);
        assert_eq!(
            unalias(&a, "r.urlopen").as_deref(),
            Some("urllib.request.urlopen")
        );
        assert_eq!(
            unalias(&a, "c.httpsconnection").as_deref(),
            Some("http.client.httpsconnection")
        );
        assert_eq!(unalias(&a, "os.system"), None);
    }

    #[test]
    fn an_argument_list_with_inline_code_is_a_command_line() {
        assert_eq!(
            argv_command(&["sys.executable", "'-c'", "'import os; print(1)'"]).as_deref(),
            Some("'python3' '-c' 'import os; print(1)'")
        );
        assert_eq!(
            argv_command(&["'node'", "'-e'", "\"require('x')\""]).as_deref(),
            Some("'node' '-e' 'require('\\''x'\\'')'")
        );
        // A variable, no code flag, an f-string: not read.
        assert_eq!(argv_command(&["'python3'", "'-c'", "code"]), None);
        assert_eq!(argv_command(&["'git'", "'status'", "'-s'"]), None);
        assert_eq!(argv_command(&["'python3'", "'-c'", "f'{x}'"]), None);
    }
}

//! Template placeholders (`{{ x }}`, `{% ... %}`, `${x}`, `{x}`, `<%= x %>`) and the names
//! they render.

use std::ops::Range;

/// The template syntax a placeholder was written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    /// `{{ x }}` or `{{{ x }}}`: Jinja, Handlebars, Mustache, Go templates, Dotprompt, Prompty.
    Braces,
    /// `{% ... %}`: a Jinja/Liquid statement.
    Statement,
    /// `${x}`: JavaScript template literals, shell, VS Code prompt files.
    Dollar,
    /// `{x}`: Python `str.format` and f-strings, LangChain prompt templates.
    Single,
    /// `<%= x %>`: ERB/EEx.
    Erb,
}

/// A template placeholder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placeholder {
    /// Source byte span of the whole placeholder, delimiters included.
    pub span: Range<usize>,
    /// How it was written.
    pub syntax: Syntax,
    /// The names it renders, as written: each a chain of elements (`ctx.session_id` ->
    /// `["ctx", "session_id"]`, `{{.Date}}` -> `["Date"]`, `now()` -> `["now"]`). A string
    /// literal `"now"` counts as a one-element chain (`{{ "now"|date }}`). Names after a filter
    /// bar (`| upper`) are left out, except a `random` filter, which counts as `random`.
    pub names: Vec<Vec<String>>,
}

/// Longest placeholder looked at, in bytes; an unclosed `{{` further than this from a close
/// is text.
const MAX_PLACEHOLDER: usize = 400;

/// Finds the placeholders in `text` (whose first byte is at source offset `base`).
/// `single_brace` also accepts `{name}` (Python format strings), which in markdown prose is
/// just as often a plain brace.
pub fn placeholders(text: &str, base: usize, single_brace: bool) -> Vec<Placeholder> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    // The next byte that may open a placeholder, found with memchr's vectorized search.
    while let Some(at) = memchr::memchr3(b'{', b'$', b'<', &b[i..]) {
        i += at;
        let c = b[i];
        let rest = &text[i..];
        let found = if rest.starts_with("${{") {
            // A GitHub Actions expression, not a prompt placeholder.
            skip_to(rest, 3, "}}").map(|n| (n, None))
        } else if rest.starts_with("{{!") || rest.starts_with("{#") {
            let (open, close) = if rest.starts_with("{{!--") {
                (5, "--}}")
            } else if rest.starts_with("{#") {
                (2, "#}")
            } else {
                (3, "}}")
            };
            skip_to(rest, open, close).map(|n| (n, None))
        } else if rest.starts_with("{{") {
            let triple = rest.starts_with("{{{");
            let (open, close) = if triple { (3, "}}}") } else { (2, "}}") };
            skip_to(rest, open, close).map(|n| {
                let inner = &rest[open..n - close.len()];
                (n, Some((Syntax::Braces, inner)))
            })
        } else if rest.starts_with("{%") {
            skip_to(rest, 2, "%}").map(|n| (n, Some((Syntax::Statement, &rest[2..n - 2]))))
        } else if rest.starts_with("${") {
            skip_to(rest, 2, "}").map(|n| (n, Some((Syntax::Dollar, &rest[2..n - 1]))))
        } else if rest.starts_with("<%=") {
            skip_to(rest, 3, "%>").map(|n| (n, Some((Syntax::Erb, &rest[3..n - 2]))))
        } else if single_brace && c == b'{' && (i == 0 || b[i - 1] != b'{') {
            single(rest).map(|(n, inner)| (n, Some((Syntax::Single, inner))))
        } else {
            None
        };
        match found {
            Some((n, Some((syntax, inner)))) => {
                let names = names_in(inner, syntax);
                out.push(Placeholder {
                    span: base + i..base + i + n,
                    syntax,
                    names,
                });
                i += n;
            }
            Some((n, None)) => i += n,
            None => i += 1,
        }
    }
    out
}

/// Length up to and including `close`, searched after the `open` bytes of the opening
/// delimiter, when it occurs within [`MAX_PLACEHOLDER`] bytes.
fn skip_to(rest: &str, open: usize, close: &str) -> Option<usize> {
    let window = &rest.as_bytes()[..rest.len().min(MAX_PLACEHOLDER)];
    let hay = std::str::from_utf8(window)
        .unwrap_or_else(|e| &rest[..e.valid_up_to()])
        .get(open..)?;
    hay.find(close).map(|j| open + j + close.len())
}

/// `{name}`, `{name:spec}`, `{name!r}`, `{obj.attr}`, `{obj[key]}`; not `{}` and not JSON.
fn single(rest: &str) -> Option<(usize, &str)> {
    let end = rest[1..].find(['}', '{', '\n']).map(|j| j + 1)?;
    if rest.as_bytes()[end] != b'}' || rest.as_bytes().get(end + 1) == Some(&b'}') {
        return None;
    }
    let inner = &rest[1..end];
    let name = inner.split([':', '!']).next().unwrap_or("");
    let ok = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '[' | ']'));
    ok.then_some((end + 1, name))
}

/// Template words that are syntax, not data.
const KEYWORDS: &[&str] = &[
    "if",
    "else",
    "elif",
    "elseif",
    "end",
    "endif",
    "for",
    "endfor",
    "in",
    "range",
    "with",
    "each",
    "unless",
    "not",
    "and",
    "or",
    "is",
    "true",
    "false",
    "none",
    "null",
    "nil",
    "set",
    "endset",
    "block",
    "endblock",
    "macro",
    "endmacro",
    "include",
    "import",
    "extends",
    "from",
    "as",
    "raw",
    "endraw",
    "this",
    "role",
    "history",
    "section",
    "media",
    "define",
    "template",
    "len",
    "gt",
    "lt",
    "eq",
    "ne",
    "le",
    "ge",
    "loop",
    "index",
    "print",
    "printf",
    "let",
    "call",
    "filter",
    "endfilter",
    "do",
    "lookup",
    "log",
    "json",
    "else if",
    "then",
];

/// The name chains an expression renders.
fn names_in(inner: &str, syntax: Syntax) -> Vec<Vec<String>> {
    let expr = inner
        .trim()
        .trim_start_matches(['-', '~', '=', '#', '/', '^', '>', '&', '+'])
        .trim_end_matches(['-', '~'])
        .trim();
    if syntax == Syntax::Single {
        return vec![split_chain(expr)];
    }
    let mut out: Vec<Vec<String>> = Vec::new();
    // Drop filters: jinja `x | f`, but keep `||`.
    let mut main = String::with_capacity(expr.len());
    let mut random_filter = false;
    let mut chars = expr.char_indices().peekable();
    let mut quote: Option<char> = None;
    while let Some((idx, c)) = chars.next() {
        if let Some(q) = quote {
            main.push(c);
            if c == q {
                quote = None;
            }
            continue;
        }
        if c == '"' || c == '\'' || c == '`' {
            quote = Some(c);
            main.push(c);
            continue;
        }
        if c == '|' {
            if chars.peek().is_some_and(|(_, n)| *n == '|') {
                chars.next();
                main.push(' ');
                continue;
            }
            let filt: String = expr[idx + 1..]
                .trim_start()
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if filt == "random" || filt == "shuffle" {
                random_filter = true;
            }
            // A Go/sprig pipeline (`now | date "..."`) and a jinja filter both end the value.
            break;
        }
        main.push(c);
    }
    if random_filter {
        out.push(vec!["random".to_owned()]);
    }
    let b = main.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        if c == '"' || c == '\'' || c == '`' {
            let close = main[i + 1..].find(c).map_or(main.len(), |j| i + 1 + j);
            let lit = &main[i + 1..close.min(main.len())];
            if matches!(lit.to_ascii_lowercase().as_str(), "now" | "today") {
                out.push(vec![lit.to_ascii_lowercase()]);
            }
            i = close + 1;
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' || c == '.' || c == '$' || c == '@' {
            let start = i;
            while i < b.len()
                && ((b[i] as char).is_ascii_alphanumeric()
                    || matches!(b[i], b'_' | b'.' | b'$' | b'@'))
            {
                i += 1;
            }
            let word = &main[start..i];
            // `ctx['now']` and `ctx["now"]`: a subscript with a string key is an element.
            let mut chain = split_chain(word);
            while main[i..].starts_with("['") || main[i..].starts_with("[\"") {
                let q = b[i + 1] as char;
                let Some(j) = main[i + 2..].find(q) else {
                    break;
                };
                chain.push(main[i + 2..i + 2 + j].to_owned());
                i = i + 2 + j + 1;
                if main[i..].starts_with(']') {
                    i += 1;
                }
            }
            if chain.len() == 1 && KEYWORDS.contains(&chain[0].to_ascii_lowercase().as_str()) {
                continue;
            }
            if !chain.is_empty() && !chain[0].chars().all(|c| c.is_ascii_digit()) {
                out.push(chain);
            }
            continue;
        }
        i += 1;
    }
    out
}

fn split_chain(word: &str) -> Vec<String> {
    word.split(['.', '[', ']'])
        .map(|p| p.trim_start_matches(['$', '@']))
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .collect()
}

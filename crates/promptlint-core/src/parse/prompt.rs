//! Prompt text and templates: segments, the cache boundary, role sections and placeholders.
//!
//! Input: a prompt file (`.txt`, `.md` under `prompts/`, `.prompt` Dotprompt, `.prompty`, Jinja,
//! Handlebars, Mustache, Go templates...) and the boundary markers in effect. Output: segments
//! whose zones say what is inside the cacheable prefix, and one [`CacheLayout`].
//!
//! Zones:
//! - the text before the first boundary marker line is static, the marker line and what
//!   follows are dynamic ([`Boundary::Marker`]);
//! - without a marker, a prompt with role sections (Prompty's `system:`/`user:` lines,
//!   Dotprompt's `{{role "user"}}`) is static up to its last user section, as a request is up
//!   to its newest user message; a prompt without either is static as a whole
//!   ([`Boundary::Implicit`]);
//! - YAML frontmatter (Dotprompt, Prompty) is configuration that is never sent: it is a
//!   frontmatter segment in the static zone, and rules that look at prompt text skip it. A
//!   leading `---` block is frontmatter only when the tool that reads the file strips it
//!   ([`frontmatter_is_stripped`]); otherwise (a `.txt` template that a framework sends whole
//!   as the system message, keys of no known format, YAML that does not parse) it is prompt
//!   text like the rest.
//!
//! A marker line is a line holding only the marker, bare or in a usual wrapping:
//! `SYSTEM_PROMPT_DYNAMIC_BOUNDARY`, `<SYSTEM_PROMPT_DYNAMIC_BOUNDARY/>`,
//! `__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__`, `{{SYSTEM_PROMPT_DYNAMIC_BOUNDARY}}`, `<!-- ... -->`,
//! `[...]`, or a markdown heading. Claude Code splits its system prompt at this marker: what
//! precedes it is cached for every session, what follows is per session.

use std::ops::Range;

use super::segment::{
    Boundary, CacheLayout, ParseOptions, Parsed, PrefixPiece, Role, Segment, Zone,
};

/// The default boundary marker.
pub const DEFAULT_MARKER: &str = "SYSTEM_PROMPT_DYNAMIC_BOUNDARY";

/// Parses a prompt or template named `path`, with the syntax its name gives it.
pub fn parse(text: &str, path: &str, opts: &ParseOptions) -> Parsed {
    use crate::kind::{FileKind, Syntax};
    let markdown = Syntax::of(FileKind::Prompt, path) == Syntax::Markdown;
    parse_as(text, path, markdown, opts)
}

/// Parses a prompt or template; `markdown` when the parse stage decided its syntax is
/// markdown ([`crate::kind::Syntax`]).
pub fn parse_as(text: &str, path: &str, markdown: bool, opts: &ParseOptions) -> Parsed {
    let frontmatter = super::markdown::frontmatter_end(text)
        .filter(|&end| frontmatter_is_stripped(text, end, path));
    let mut parsed = match (markdown, frontmatter) {
        (true, Some(_)) => super::markdown::parse(text),
        (true, None) => super::markdown::parse_without_frontmatter(text),
        (false, _) => plain(text, frontmatter),
    };
    let static_start = parsed
        .segments
        .iter()
        .take_while(|s| s.role == Role::Frontmatter)
        .map(|s| s.range.end)
        .last()
        .unwrap_or(0);
    let markers = marker_lines(text, &opts.boundary_markers);
    let sections = role_sections(text, path, static_start);
    let (static_end, boundary) = match markers.first() {
        Some(m) => (m.start, Boundary::Marker),
        None => {
            let last_user = sections
                .iter()
                .rev()
                .find(|(_, r)| *r == Role::User)
                .map(|(at, _)| *at);
            (last_user.unwrap_or(text.len()), Boundary::Implicit)
        }
    };
    let static_end = static_end.max(static_start);
    let mut cuts: Vec<usize> = sections.iter().map(|(at, _)| *at).collect();
    cuts.push(static_end);
    let mut segments = split_at(parsed.segments, &cuts);
    for seg in &mut segments {
        seg.zone = if seg.range.start < static_end {
            Zone::Static
        } else {
            Zone::Dynamic
        };
        if seg.role == Role::Body
            && let Some((_, role)) = sections.iter().rev().find(|(at, _)| *at <= seg.range.start)
        {
            seg.role = *role;
        }
    }
    parsed.segments = segments;
    parsed.cache.push(CacheLayout {
        span: 0..text.len(),
        boundary,
        provider: None,
        model: None,
        prefix_bytes: static_end - static_start,
        pieces: vec![PrefixPiece {
            source: static_start..static_end,
            prefix_offset: 0,
        }],
        cache_intent: !markers.is_empty(),
        marker_mentions: marker_mentions(text, &opts.boundary_markers, &markers),
        markers,
        breakpoints: Vec::new(),
        tool_results: Vec::new(),
        tool_result_budget: opts.tool_result_budget,
    });
    parsed
}

/// A prompt that is not markdown: frontmatter (ending at `frontmatter`) and one body.
fn plain(text: &str, frontmatter: Option<usize>) -> Parsed {
    let mut segments = Vec::new();
    let body_start = match frontmatter {
        Some(end) => {
            segments.push(Segment::verbatim(Role::Frontmatter, 0..end));
            end
        }
        None => 0,
    };
    if body_start < text.len() || segments.is_empty() {
        segments.push(Segment::verbatim(Role::Body, body_start..text.len()));
    }
    Parsed {
        segments,
        ..Parsed::default()
    }
}

/// A frontmatter format: the file names its tool reads and the top-level keys it defines.
struct FrontmatterFormat {
    /// Lower-case endings of the file names the tool reads (`.prompty`).
    endings: &'static [&'static str],
    /// Top-level keys of its frontmatter.
    keys: &'static [&'static str],
    /// Whether a namespaced key (`myext.flag`) is an extension field.
    namespaced_keys: bool,
}

/// The formats whose tools strip a leading `---` block before sending the prompt.
const FRONTMATTER_FORMATS: &[FrontmatterFormat] = &[
    // Prompty: the frontmatter is the asset's configuration, the body the template. Prompt
    // flow (https://microsoft.github.io/promptflow/how-to-guides/develop-a-prompty/) lists
    // name, description, model, inputs, outputs, sample; the v1 schema (Prompty.yaml, as
    // documented on https://nitya.github.io/prompty/documentation/3-Specification/revised)
    // adds $schema, version, authors, tags, template; v2 (the `prompty` crate,
    // https://docs.rs/crate/prompty/2.0.0-alpha.12/source/src/model/agent/prompty.rs) adds
    // displayName, metadata, tools.
    FrontmatterFormat {
        endings: &[".prompty"],
        keys: &[
            "$schema",
            "name",
            "displayName",
            "description",
            "version",
            "authors",
            "tags",
            "metadata",
            "model",
            "inputs",
            "outputs",
            "sample",
            "template",
            "tools",
        ],
        namespaced_keys: false,
    },
    // Dotprompt (https://google.github.io/dotprompt/reference/frontmatter): name, variant,
    // model, tools, config, input, output, metadata, and namespaced extension fields; Genkit's
    // loader adds description and candidates.
    FrontmatterFormat {
        endings: &[".prompt"],
        keys: &[
            "name",
            "variant",
            "description",
            "model",
            "tools",
            "config",
            "input",
            "output",
            "metadata",
            "candidates",
        ],
        namespaced_keys: true,
    },
    // Cursor rules (https://docs.cursor.com/context/rules): description, globs, alwaysApply.
    FrontmatterFormat {
        endings: &[".mdc"],
        keys: &["description", "globs", "alwaysApply"],
        namespaced_keys: false,
    },
    // The markdown formats agents load, whose frontmatter `parse::markdown` reads as such:
    // VS Code prompt, instruction and chat mode files
    // (https://code.visualstudio.com/docs/copilot/customization/prompt-files: description,
    // name, argument-hint, agent, mode, model, tools; applyTo), Claude Code commands and
    // sub-agents (https://docs.anthropic.com/en/docs/claude-code/slash-commands: allowed-tools,
    // argument-hint, description, model, disable-model-invocation;
    // https://docs.anthropic.com/en/docs/claude-code/sub-agents: name, description, tools,
    // model, color) and Agent Skills (https://agentskills.io/specification: name,
    // description, license, compatibility, metadata, allowed-tools).
    FrontmatterFormat {
        endings: &[".md", ".markdown", ".mdx", ".md.tpl"],
        keys: &[
            "name",
            "description",
            "argument-hint",
            "agent",
            "mode",
            "model",
            "tools",
            "applyTo",
            "allowed-tools",
            "disable-model-invocation",
            "user-invocable",
            "color",
            "license",
            "compatibility",
            "metadata",
            "title",
            "tags",
        ],
        namespaced_keys: false,
    },
];

/// True when the leading `---` block of `text`, ending at `end`, is frontmatter that the tool
/// reading `path` strips before it sends the prompt: the file is of a format with frontmatter
/// ([`FRONTMATTER_FORMATS`]: Prompty, Dotprompt, Cursor rules, the agents' markdown files),
/// the block parses as a YAML mapping (or holds nothing), and every top-level key is one of
/// that format's. Otherwise the block is sent as prompt text: a framework that loads a `.txt`
/// or Jinja template sends the whole file, and a block of unknown keys in a markdown template
/// is more likely text than configuration.
pub fn frontmatter_is_stripped(text: &str, end: usize, path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    let Some(format) = FRONTMATTER_FORMATS
        .iter()
        .find(|f| f.endings.iter().any(|e| lower.ends_with(e)))
    else {
        return false;
    };
    let yaml = &text[super::markdown::frontmatter_yaml(text, end)];
    if yaml
        .lines()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        return true;
    }
    let Ok(map) =
        serde_saphyr::from_str::<std::collections::BTreeMap<String, serde::de::IgnoredAny>>(yaml)
    else {
        return false;
    };
    !map.is_empty()
        && map.keys().all(|k| {
            format.keys.contains(&k.as_str()) || (format.namespaced_keys && k.contains('.'))
        })
}

/// Splits verbatim segments at each cut that falls strictly inside one. Derived segments
/// (none in prompts) are kept whole.
fn split_at(segments: Vec<Segment>, cuts: &[usize]) -> Vec<Segment> {
    let mut cuts: Vec<usize> = cuts.to_vec();
    cuts.sort_unstable();
    cuts.dedup();
    let mut out = Vec::with_capacity(segments.len() + cuts.len());
    for seg in segments {
        if seg.derived.is_some() {
            out.push(seg);
            continue;
        }
        let mut start = seg.range.start;
        for &c in cuts
            .iter()
            .filter(|&&c| c > seg.range.start && c < seg.range.end)
        {
            out.push(Segment {
                range: start..c,
                ..seg.clone()
            });
            start = c;
        }
        out.push(Segment {
            range: start..seg.range.end,
            ..seg
        });
    }
    out
}

/// Source spans (line start to line end, newline included) of every boundary marker line.
pub fn marker_lines(text: &str, extra: &[String]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut pos = 0;
    let markers: Vec<&str> = std::iter::once(DEFAULT_MARKER)
        .chain(extra.iter().map(String::as_str))
        .filter(|m| !m.trim().is_empty())
        .collect();
    while pos < text.len() {
        let end = text[pos..].find('\n').map_or(text.len(), |i| pos + i + 1);
        let line = text[pos..end].trim();
        if line.len() < 200 && markers.iter().any(|m| is_marker_line(line, m.trim())) {
            out.push(pos..end);
        }
        pos = end;
    }
    out
}

/// Occurrences of a boundary marker outside marker lines.
pub fn marker_mentions(text: &str, extra: &[String], lines: &[Range<usize>]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    for m in std::iter::once(DEFAULT_MARKER).chain(extra.iter().map(String::as_str)) {
        let m = m.trim();
        if m.is_empty() {
            continue;
        }
        for (at, _) in text.match_indices(m) {
            if !lines.iter().any(|l| l.contains(&at)) {
                out.push(at..at + m.len());
            }
        }
    }
    out.sort_by_key(|r| r.start);
    out
}

/// True when `line` (trimmed) is `marker` alone or in one of its usual wrappings.
pub fn is_marker_line(line: &str, marker: &str) -> bool {
    if marker.is_empty() {
        return false;
    }
    // Wrappings are stripped pairwise until the marker remains; `#` headings and `-`/`=`
    // rules around it are dropped too.
    let mut s = line.trim();
    for _ in 0..4 {
        if s == marker {
            return true;
        }
        let before = s;
        s = s.trim_start_matches('#').trim();
        for (open, close) in [
            ("<!--", "-->"),
            ("{{", "}}"),
            ("{%", "%}"),
            ("{#", "#}"),
            ("</", ">"),
            ("<", "/>"),
            ("<", ">"),
            ("[", "]"),
            ("(", ")"),
            ("__", "__"),
            ("**", "**"),
            ("`", "`"),
            ("---", "---"),
            ("===", "==="),
        ] {
            if let Some(inner) = s.strip_prefix(open).and_then(|x| x.strip_suffix(close)) {
                s = inner.trim();
                break;
            }
        }
        s = s
            .trim_matches(|c: char| c == '-' || c == '=' || c == '~')
            .trim();
        if s == before {
            break;
        }
    }
    s == marker
}

/// Role sections of a template: `(start of the section's first line, role)`, sorted.
///
/// Prompty (<https://prompty.ai/>) and Prompt flow's chat templates open each message with a
/// line `system:`, `user:` or `assistant:` (optionally `# system:`); Dotprompt
/// (<https://google.github.io/dotprompt/>) with `{{role "system"}}`. Other files have none.
pub fn role_sections(text: &str, path: &str, from: usize) -> Vec<(usize, Role)> {
    let lower = path.to_ascii_lowercase();
    let prompty = lower.ends_with(".prompty")
        || lower.ends_with(".jinja2")
        || lower.ends_with(".j2")
        || lower.ends_with(".jinja");
    let dotprompt = lower.ends_with(".prompt");
    if !prompty && !dotprompt {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut pos = from;
    while pos < text.len() {
        let end = text[pos..].find('\n').map_or(text.len(), |i| pos + i + 1);
        let line = text[pos..end].trim();
        let role = if prompty {
            let l = line.trim_start_matches('#').trim().to_ascii_lowercase();
            match l.as_str() {
                "system:" => Some(Role::System),
                "user:" => Some(Role::User),
                "assistant:" => Some(Role::Assistant),
                _ => None,
            }
        } else {
            dotprompt_role(line)
        };
        if let Some(r) = role {
            out.push((pos, r));
        }
        pos = end;
    }
    out
}

fn dotprompt_role(line: &str) -> Option<Role> {
    let inner = line.strip_prefix("{{")?.strip_suffix("}}")?.trim();
    let rest = inner.strip_prefix("role")?.trim();
    let name = rest.trim_matches(|c| c == '"' || c == '\'');
    match name {
        "system" => Some(Role::System),
        "user" => Some(Role::User),
        "model" | "assistant" => Some(Role::Assistant),
        _ => None,
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    fn zones<'a>(text: &'a str, path: &str) -> Vec<(Role, Zone, &'a str)> {
        let p = parse(text, path, &ParseOptions::default());
        p.segments
            .iter()
            .map(|s| (s.role, s.zone, &text[s.range.clone()]))
            .collect()
    }

    #[test]
    fn marker_splits_static_from_dynamic() {
        let t = "You are X.\n<SYSTEM_PROMPT_DYNAMIC_BOUNDARY/>\ncwd: /tmp\n";
        assert_eq!(
            zones(t, "system.txt"),
            vec![
                (Role::Body, Zone::Static, "You are X.\n"),
                (
                    Role::Body,
                    Zone::Dynamic,
                    "<SYSTEM_PROMPT_DYNAMIC_BOUNDARY/>\ncwd: /tmp\n"
                ),
            ]
        );
        let p = parse(t, "system.txt", &ParseOptions::default());
        let l = &p.cache[0];
        assert_eq!(l.boundary, Boundary::Marker);
        assert_eq!(l.prefix_bytes, 11);
        assert_eq!(l.markers, vec![11..45]);
    }

    #[test]
    fn marker_wrappings_and_extra_markers() {
        for line in [
            "SYSTEM_PROMPT_DYNAMIC_BOUNDARY",
            "<SYSTEM_PROMPT_DYNAMIC_BOUNDARY/>",
            "<SYSTEM_PROMPT_DYNAMIC_BOUNDARY>",
            "__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__",
            "{{ SYSTEM_PROMPT_DYNAMIC_BOUNDARY }}",
            "<!-- SYSTEM_PROMPT_DYNAMIC_BOUNDARY -->",
            "## SYSTEM_PROMPT_DYNAMIC_BOUNDARY",
            "[SYSTEM_PROMPT_DYNAMIC_BOUNDARY]",
        ] {
            assert!(is_marker_line(line, DEFAULT_MARKER), "{line}");
        }
        assert!(!is_marker_line(
            "put SYSTEM_PROMPT_DYNAMIC_BOUNDARY here",
            DEFAULT_MARKER
        ));
        let t = "a\n--- cache-break ---\nb\n";
        assert!(marker_lines(t, &[]).is_empty());
        assert_eq!(marker_lines(t, &["cache-break".to_owned()]), vec![2..22]);
    }

    #[test]
    fn frontmatter_is_static_and_not_in_the_prefix() {
        let t = "---\nmodel: x\n---\nYou are X.\n";
        let p = parse(t, "a.prompt", &ParseOptions::default());
        assert_eq!(p.segments[0].role, Role::Frontmatter);
        assert_eq!(p.cache[0].pieces[0].source, 17..t.len());
        assert_eq!(p.cache[0].boundary, Boundary::Implicit);
    }

    #[test]
    fn leading_block_is_frontmatter_only_where_its_tool_strips_it() {
        let fm = |text: &str, path: &str| {
            let end = crate::parse::markdown::frontmatter_end(text).expect("a closed block");
            frontmatter_is_stripped(text, end, path)
        };
        // Prompty and Dotprompt: configuration, stripped.
        let prompty = "---\nname: Basic\ndescription: A prompt\nmodel:\n  api: chat\ninputs:\n  question:\n    type: string\nsample:\n  question: hi\n---\nsystem:\nBe brief.\n";
        assert!(fm(prompty, "chat.prompty"));
        let dotprompt = "---\nmodel: googleai/gemini-2.5-flash\nconfig:\n  temperature: 0.7\ninput:\n  schema:\n    name: string\noutput:\n  format: json\nmyext.flag: true\n---\nHello {{name}}\n";
        assert!(fm(dotprompt, "greet.prompt"));
        assert!(fm("---\n# nothing set\n---\nHello\n", "greet.prompt"));
        // A namespaced key is an extension only in Dotprompt.
        assert!(!fm("---\nmyext.flag: true\n---\nHi\n", "chat.prompty"));
        // Cursor rules and the agents' markdown files.
        assert!(fm(
            "---\ndescription: Style\nglobs: \"*.ts\"\nalwaysApply: false\n---\nUse tabs.\n",
            "prompts/style.mdc"
        ));
        assert!(fm(
            "---\ndescription: Review a PR\nagent: agent\ntools: [\"search\"]\n---\nReview.\n",
            ".github/prompts/review.prompt.md"
        ));
        assert!(fm(
            "---\nname: pdf\ndescription: Read PDFs\nallowed-tools: Read\n---\nRead.\n",
            "prompts/pdf.md"
        ));
        // Keys of no known format, a key of another format, YAML that does not parse, a file
        // kind whose tool sends the whole file: prompt text.
        let clock = "---\nCurrent time: {{now}}\n---\nYou are Harbor.\n";
        assert!(!fm(clock, "prompts/system.md"));
        assert!(!fm(clock, "chat.prompty"));
        assert!(!fm(clock, "prompts/system.txt"));
        assert!(!fm("---\nglobs: \"*.ts\"\n---\nx\n", "prompts/a.md"));
        assert!(!fm("---\nname: [unclosed\n---\nx\n", "chat.prompty"));
        assert!(!fm("---\nname: x\n---\nx\n", "prompts/system.txt"));
        assert!(!fm("---\nname: x\n---\nx\n", "prompts/system.j2"));
        assert!(!fm("---\n- a list\n---\nx\n", "greet.prompt"));
    }

    #[test]
    fn a_block_its_tool_sends_is_prompt_text() {
        let t = "---\nCurrent time: {{now}}\n---\nYou are Harbor.\n";
        assert_eq!(
            zones(t, "prompts/system.txt"),
            vec![(Role::Body, Zone::Static, t)]
        );
        assert_eq!(
            zones(t, "prompts/system.md"),
            vec![(Role::Body, Zone::Static, t)]
        );
        let p = parse(t, "prompts/system.md", &ParseOptions::default());
        assert_eq!(p.cache[0].pieces[0].source, 0..t.len());
        assert_eq!(p.cache[0].prefix_bytes, t.len());
        // A fence inside the block is a fence once the block is text.
        let t = "---\n```\nx\n```\n---\nBody\n";
        assert_eq!(
            zones(t, "prompts/a.md"),
            vec![
                (Role::Body, Zone::Static, "---\n"),
                (Role::CodeFence, Zone::Static, "```\nx\n```\n"),
                (Role::Body, Zone::Static, "---\nBody\n"),
            ]
        );
        // An agent's markdown frontmatter stays frontmatter.
        let t = "---\nname: review\ndescription: Review code\n---\nReview {{diff}}\n";
        assert_eq!(
            zones(t, "prompts/review.md"),
            vec![
                (
                    Role::Frontmatter,
                    Zone::Static,
                    "---\nname: review\ndescription: Review code\n---\n"
                ),
                (Role::Body, Zone::Static, "Review {{diff}}\n"),
            ]
        );
    }

    #[test]
    fn prompty_user_section_is_dynamic() {
        let t = "---\nname: x\n---\nsystem:\nYou are X.\n\nuser:\n{{question}}\n";
        let z = zones(t, "chat.prompty");
        assert_eq!(
            z[1],
            (Role::System, Zone::Static, "system:\nYou are X.\n\n")
        );
        assert_eq!(z[2], (Role::User, Zone::Dynamic, "user:\n{{question}}\n"));
        let t = "{{role \"system\"}}\nBe brief.\n{{role \"user\"}}\n{{q}}\n";
        let z = zones(t, "a.prompt");
        assert_eq!(z[1].0, Role::User);
        assert_eq!(z[1].1, Zone::Dynamic);
    }

    #[test]
    fn placeholders_in_every_syntax() {
        let t = "{{ now() }} {{.WorkingDir}} {% set t = time.time() %} ${sessionId} {cwd} {{!-- c --}} ${{ secrets.X_UUID }} <%= @date %> {{ user.name | upper }} {{ items | random }} {{ \"now\"|date(\"Y\") }}";
        let ps = placeholders(t, 10, true);
        let names: Vec<_> = ps.iter().map(|p| p.names.clone()).collect();
        assert_eq!(
            names,
            vec![
                vec![vec!["now".to_owned()]],
                vec![vec!["WorkingDir".to_owned()]],
                vec![
                    vec!["t".to_owned()],
                    vec!["time".to_owned(), "time".to_owned()]
                ],
                vec![vec!["sessionId".to_owned()]],
                vec![vec!["cwd".to_owned()]],
                vec![vec!["date".to_owned()]],
                vec![vec!["user".to_owned(), "name".to_owned()]],
                vec![vec!["random".to_owned()], vec!["items".to_owned()]],
                vec![vec!["now".to_owned()]],
            ]
        );
        assert_eq!(ps[0].span, 10..21);
        assert_eq!(
            &t[ps[1].span.start - 10..ps[1].span.end - 10],
            "{{.WorkingDir}}"
        );
    }

    #[test]
    fn single_braces_only_when_asked_and_not_json() {
        assert!(placeholders("{date}", 0, false).is_empty());
        assert_eq!(
            placeholders("at {now:%H:%M}", 0, true)[0].names,
            vec![vec!["now".to_owned()]]
        );
        assert!(placeholders("{\"a\": 1} {} {{x}", 0, true).is_empty());
    }
}

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

mod placeholder;
#[cfg(test)]
mod tests;

pub use placeholder::{Placeholder, Syntax, placeholders};

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

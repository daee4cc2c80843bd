//! Agents' command policy files read as allow entries ([`crate::kind::PolicyFile`]): each rule
//! that lets a command run without asking becomes one value under a key of its own, whose
//! text is the command prefix it allows, for PL508's grant model
//! (`rules::native::permission`). No text segment is made: the agent obeys the rules, it
//! does not read them (a comment saying why a build runs outside the sandbox is no order).
//!
//! - Codex (`.codex/rules/*.rules`, Starlark): `prefix_rule(pattern = [...], decision = ...)`,
//!   tokens matched in order, a list token an alternative, `decision` `allow` (the default),
//!   `prompt` or `forbidden` (<https://github.com/openai/codex/blob/main/codex-rs/execpolicy/README.md>).
//!   Each allowed prefix is a value at [`CODEX_ALLOW`], at most [`MAX_ALTERNATIVES`] per
//!   rule.
//! - Gemini CLI (`.gemini/policies/*.toml`): `[[rule]]` tables with `toolName`,
//!   `commandPrefix` (string or array), `commandRegex`, `decision` (`allow`, `deny`,
//!   `ask_user`), `priority`, `modes`, and `allow_redirection`
//!   (<https://geminicli.com/docs/reference/policy-engine/>). An allowed shell rule is a
//!   value at [`GEMINI_ALLOW`] written as `run_shell_command(prefix)`, or
//!   `run_shell_command` alone when it names no prefix or its regex matches every command;
//!   `allow_redirection = true` on it is a value at [`GEMINI_REDIRECTION`].

use std::ops::Range;

use super::json::{Json, JsonNode};
use super::segment::{MappedText, Parsed};
use crate::offset_map::OffsetMap;

/// The key of a Codex prefix the rules allow.
pub const CODEX_ALLOW: &str = "prefix_rule.allow";
/// The key of a Gemini CLI shell rule that allows commands.
pub const GEMINI_ALLOW: &str = "policy.allow";
/// The key of `allow_redirection = true` on a Gemini CLI rule that allows commands.
pub const GEMINI_REDIRECTION: &str = "policy.allow_redirection";

/// Most command prefixes read off one Codex rule's alternatives.
pub const MAX_ALTERNATIVES: usize = 16;

/// Parses a Codex `.rules` file.
pub fn parse_codex_rules(text: &str) -> Parsed {
    let mut members = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find("prefix_rule(") {
        let open = from + i + "prefix_rule(".len();
        let close = call_end(text, open);
        let body = &text[open..close];
        from = close.max(open);
        if comment_before(text, from - body.len()) {
            continue;
        }
        let decision = argument(body, "decision")
            .and_then(|(v, _)| strings(v).first().map(|(s, _)| s.clone()))
            .unwrap_or_else(|| "allow".to_owned());
        if decision != "allow" {
            continue;
        }
        let Some((pattern, at)) = argument(body, "pattern") else {
            continue;
        };
        let span = open + at..open + at + pattern.len();
        for prefix in prefixes(pattern) {
            members.push(member(CODEX_ALLOW, span.clone(), prefix));
        }
    }
    finish(text, members)
}

/// Parses a Gemini CLI policy file.
pub fn parse_gemini_policy(text: &str) -> Parsed {
    let root = match super::settings::parse_toml(text) {
        Ok(Some(root)) => root,
        Ok(None) => return Parsed::default(),
        Err(issue) => return super::json::fallback(text, issue),
    };
    let mut members = Vec::new();
    let rules = match root.get("rule").map(|r| &r.value) {
        Some(Json::Array(items)) => items.as_slice(),
        _ => &[],
    };
    for r in rules {
        let decision = r.get("decision");
        let Some(Json::String(d)) = decision.map(|d| &d.value) else {
            continue;
        };
        if d.text != "allow" {
            continue;
        }
        let tools = r.get("toolName").map(str_items).unwrap_or_default();
        if !tools
            .iter()
            .any(|(t, _)| t == "run_shell_command" || t == "*")
        {
            continue;
        }
        let d_span = decision.map_or(0..0, |d| d.span.clone());
        let prefixes = r.get("commandPrefix").map(str_items).unwrap_or_default();
        let regex = r.get("commandRegex").map(str_items).unwrap_or_default();
        if !prefixes.is_empty() {
            for (p, span) in &prefixes {
                members.push(member(
                    GEMINI_ALLOW,
                    span.clone(),
                    format!("run_shell_command({p})"),
                ));
            }
        } else if regex.is_empty() || regex.iter().any(|(re, _)| matches_everything(re)) {
            let span = regex.first().map_or(d_span.clone(), |(_, s)| s.clone());
            members.push(member(GEMINI_ALLOW, span, "run_shell_command".to_owned()));
        }
        if let Some(node) = r.get("allow_redirection")
            && matches!(node.value, Json::Bool(true))
        {
            members.push((
                key(GEMINI_REDIRECTION),
                node.span.clone(),
                JsonNode {
                    span: node.span.clone(),
                    value: Json::Bool(true),
                },
            ));
        }
    }
    finish(text, members)
}

/// True for a regex that matches every command (`.*`, `^.*$`, `.+`, `[\s\S]*`).
fn matches_everything(re: &str) -> bool {
    let core = re.trim().trim_start_matches('^').trim_end_matches('$');
    matches!(core, ".*" | ".+" | "[\\s\\S]*" | "[\\s\\S]+" | "(.*)" | "")
}

fn key(k: &str) -> MappedText {
    MappedText {
        text: k.to_owned(),
        map: OffsetMap::identity(0..0),
    }
}

fn member(k: &str, span: Range<usize>, value: String) -> (MappedText, Range<usize>, JsonNode) {
    let mut map = OffsetMap::empty_at(span.start);
    map.push_opaque(value.len(), span.clone());
    (
        key(k),
        span.clone(),
        JsonNode {
            span,
            value: Json::String(MappedText { text: value, map }),
        },
    )
}

fn finish(text: &str, members: Vec<(MappedText, Range<usize>, JsonNode)>) -> Parsed {
    let root = JsonNode {
        span: 0..text.len(),
        value: Json::Object(members),
    };
    super::settings::from_root(text, &root, false)
}

/// The strings of a TOML value that is a string or an array of them, with their spans.
fn str_items(node: &JsonNode) -> Vec<(String, Range<usize>)> {
    match &node.value {
        Json::String(s) => vec![(s.text.clone(), node.span.clone())],
        Json::Array(items) => items
            .iter()
            .filter_map(|i| match &i.value {
                Json::String(s) => Some((s.text.clone(), i.span.clone())),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// True when the line holding byte `at` is commented out (`#` before it on its line,
/// outside a string; good enough for the call's opening).
fn comment_before(text: &str, at: usize) -> bool {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    text[line_start..at].contains('#')
}

/// The byte after the parenthesis that closes a call opened just before `open`, skipping
/// strings and comments; the text's end when it never closes.
fn call_end(text: &str, open: usize) -> usize {
    let b = text.as_bytes();
    let mut depth = 1usize;
    let mut i = open;
    while i < b.len() {
        match b[i] {
            b'"' | b'\'' => i = string_end(b, i),
            b'#' => {
                i = text[i..].find('\n').map_or(b.len(), |n| i + n);
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// The index of the closing quote of the string opening at `i` (the last byte when it
/// never closes).
fn string_end(b: &[u8], i: usize) -> usize {
    let q = b[i];
    let mut j = i + 1;
    while j < b.len() {
        match b[j] {
            b'\\' => j += 1,
            c if c == q || c == b'\n' => return j,
            _ => {}
        }
        j += 1;
    }
    b.len().saturating_sub(1)
}

/// The value text of the keyword argument `name = ...` of a call's `body` (up to the comma
/// or the end at depth zero), with its offset in `body`.
fn argument<'a>(body: &'a str, name: &str) -> Option<(&'a str, usize)> {
    let b = body.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    let mut arg_start = 0;
    while i <= b.len() {
        let c = b.get(i).copied().unwrap_or(b',');
        match c {
            b'"' | b'\'' => i = string_end(b, i),
            b'#' => {
                i = body[i..].find('\n').map_or(b.len(), |n| i + n);
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => {
                let arg = &body[arg_start..i.min(b.len())];
                if let Some((k, v)) = arg.split_once('=')
                    && k.trim() == name
                {
                    let lead = v.len() - v.trim_start().len();
                    let at = arg_start + k.len() + 1 + lead;
                    return Some((v.trim(), at));
                }
                arg_start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The string literals of a Starlark value, in order, each with its depth of list nesting.
fn strings(v: &str) -> Vec<(String, usize)> {
    let b = v.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'[' => depth += 1,
            b']' => depth = depth.saturating_sub(1),
            b'"' | b'\'' => {
                let e = string_end(b, i);
                out.push((v[i + 1..e.max(i + 1)].to_owned(), depth));
                i = e;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The command prefixes a pattern allows: its tokens in order, a nested list an alternative
/// (at most [`MAX_ALTERNATIVES`] prefixes).
fn prefixes(pattern: &str) -> Vec<String> {
    // One group per top-level element: a string, or the strings of a nested list.
    let b = pattern.as_bytes();
    let mut groups: Vec<Vec<String>> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'[' => {
                depth += 1;
                if depth == 2 {
                    groups.push(Vec::new());
                }
            }
            b']' => depth = depth.saturating_sub(1),
            b'"' | b'\'' => {
                let e = string_end(b, i);
                let token = pattern[i + 1..e.max(i + 1)].to_owned();
                match (depth, groups.last_mut()) {
                    (1, _) | (_, None) => groups.push(vec![token]),
                    (_, Some(g)) => g.push(token),
                }
                i = e;
            }
            _ => {}
        }
        i += 1;
    }
    let mut out = vec![String::new()];
    for g in groups.iter().filter(|g| !g.is_empty()) {
        let mut next = Vec::new();
        for p in &out {
            for alt in g {
                if next.len() >= MAX_ALTERNATIVES {
                    break;
                }
                next.push(if p.is_empty() {
                    alt.clone()
                } else {
                    format!("{p} {alt}")
                });
            }
        }
        out = next;
    }
    out.retain(|p| !p.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allowed(p: &Parsed) -> Vec<(String, String)> {
        p.settings
            .as_ref()
            .unwrap()
            .values
            .iter()
            .map(|v| (v.keys.to_string(), v.as_str().unwrap_or("true").to_owned()))
            .collect()
    }

    #[test]
    fn codex_allowed_prefixes_with_alternatives() {
        let t = "# run outside the sandbox\nprefix_rule(\n    pattern = [\"bazel\", [\"build\", \"test\"]],\n    decision = \"allow\",\n    match = [\"bazel test //x\"],\n)\nprefix_rule(pattern = [\"git\", \"push\"], decision = \"prompt\")\nprefix_rule(pattern = [\"curl\"])\n";
        let p = parse_codex_rules(t);
        assert_eq!(
            allowed(&p),
            vec![
                (CODEX_ALLOW.to_owned(), "bazel build".to_owned()),
                (CODEX_ALLOW.to_owned(), "bazel test".to_owned()),
                (CODEX_ALLOW.to_owned(), "curl".to_owned()),
            ]
        );
        assert!(p.segments.is_empty());
        let v = &p.settings.as_ref().unwrap().values[2];
        assert_eq!(&t[v.span.clone()], "[\"curl\"]");
    }

    #[test]
    fn codex_alternatives_are_bounded() {
        let alts: Vec<String> = (0..10).map(|i| format!("\"a{i}\"")).collect();
        let list = format!("[{}]", alts.join(", "));
        let t = format!("prefix_rule(pattern = [{list}, {list}])\n");
        let p = parse_codex_rules(&t);
        assert_eq!(allowed(&p).len(), MAX_ALTERNATIVES);
    }

    #[test]
    fn gemini_allowed_shell_rules() {
        let t = "[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = [\"echo\", \"tee\"]\nallow_redirection = true\ndecision = \"allow\"\n\n[[rule]]\ntoolName = \"run_shell_command\"\ncommandRegex = \".*\"\ndecision = \"allow\"\n\n[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = \"git \"\ndecision = \"ask_user\"\n";
        let p = parse_gemini_policy(t);
        assert_eq!(
            allowed(&p),
            vec![
                (
                    GEMINI_ALLOW.to_owned(),
                    "run_shell_command(echo)".to_owned()
                ),
                (GEMINI_ALLOW.to_owned(), "run_shell_command(tee)".to_owned()),
                (GEMINI_REDIRECTION.to_owned(), "true".to_owned()),
                (GEMINI_ALLOW.to_owned(), "run_shell_command".to_owned()),
            ]
        );
        let v = &p.settings.as_ref().unwrap().values[3];
        assert_eq!(&t[v.span.clone()], "\".*\"");
    }
}

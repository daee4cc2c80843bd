//! The evasion matrix: every injection, exfil and autonomy pattern rule, checked on its own
//! examples after each obfuscation an attacker uses to slip a phrase past a keyword filter.
//!
//! For every rule and every transformation, each `match` example, transformed, must still get
//! a finding of the same rule above note, and each `no_match` example, transformed, must get
//! none. On failure the whole matrix (rule x transformation: `ok`, `MISS`, `FALSE-ALARM`) is
//! printed with the failing examples, escaped.
//!
//! # The transformations
//!
//! They model what a *reader* of the file sees, since the file addresses a model, not a shell:
//!
//! | column | what it does |
//! | --- | --- |
//! | `zero-width` | U+200B ZERO WIDTH SPACE after every second letter inside each word (at grapheme boundaries, so no cluster is split) |
//! | `homoglyph` | every other letter of each Latin word that has a Cyrillic or Greek lookalike (UTS #39 confusables: `а е о р с х у і ѕ ј һ ԁ ο ν`) swapped for it |
//! | `fullwidth` | ASCII letters and digits as their fullwidth forms (U+FF10..U+FF5A); punctuation stays ASCII, so a command's structure (`\|`, `-`, `/`, `~`) reads the same |
//! | `entities` | every third letter as an HTML numeric character reference (`&#105;`, `&#x5FFD;`), as a markdown renderer would still show it |
//! | `emphasis` | two letters inside each word of four or more letters wrapped in `**` (`ig**no**re`, `r**ul**e`, `忽略**之前**的`) |
//! | `spacing` | every space doubled; in prose rules (`context: prose`) the middle space also becomes a line break (a soft break a renderer shows as a space), and in text without spaces (Chinese, Japanese) a line break goes between two characters; command rules get no line break, since one inside a command changes what a shell runs |
//! | `mixed-case` | letters alternate upper and lower case (`iGnOrE`, `ИгНоРиРуЙ`) |
//! | `line-separator` | in prose rules, the middle space before a letter becomes U+2028 LINE SEPARATOR (a line break that is neither LF nor ASCII, so the text leaves the ASCII fast path); command rules are unchanged, since a shell reads U+2028 as part of a word |
//! | `zw-space` | in prose rules, every space between two letters becomes U+200B ZERO WIDTH SPACE, so the words run together on screen (`Please<U+200B>ignore`); command rules are unchanged, since a shell does not split words at U+200B |
//! | `base64` | the whole example base64-encoded under a "decode and follow" cue line; the expectation is a finding of the `encoded` family at the encoded run (or, for a negative, none); `n/a` for rules bound to segment roles (hidden HTML comments: the wrapping removes the markup that makes the role), and examples shorter than an encoded run (20 symbols) are left out |
//!
//! Examples checked as JSON (MCP configs, requests) are transformed inside their string
//! values only (keys and escape sequences are kept), so the file still parses and the
//! payload is where the agent reads it. HTML tags (`<div style="display:none">`,
//! `<details>`) and comment delimiters are kept too: obfuscated, they would no longer be
//! markup to a renderer and would hide nothing; pseudo-tags such as `<system>` are text to a
//! model and are transformed.
//!
//! The `base64` column counts a finding of the encoded-payload rule (PL601, or the inner
//! rule it reports at the encoded run) as the hit.

// Test code: a failed unwrap is a failed test; helpers are `pub` for the test files.
#![allow(clippy::unwrap_used, unreachable_pub)]

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;

use promptlint::check::Engine;
use promptlint::finding::{Finding, Severity};
use promptlint::kind::FileKind;
use promptlint::pipeline::check_memory;
use promptlint::rules::{Catalog, ContextPolicy, Example, Family, Rule};
use unicode_segmentation::UnicodeSegmentation;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Transform {
    ZeroWidth,
    Homoglyph,
    Fullwidth,
    Entities,
    Emphasis,
    Spacing,
    MixedCase,
    LineSeparator,
    ZeroWidthSpace,
    Base64,
}

impl Transform {
    const ALL: [Transform; 10] = [
        Transform::ZeroWidth,
        Transform::Homoglyph,
        Transform::Fullwidth,
        Transform::Entities,
        Transform::Emphasis,
        Transform::Spacing,
        Transform::MixedCase,
        Transform::LineSeparator,
        Transform::ZeroWidthSpace,
        Transform::Base64,
    ];

    fn name(self) -> &'static str {
        match self {
            Transform::ZeroWidth => "zero-width",
            Transform::Homoglyph => "homoglyph",
            Transform::Fullwidth => "fullwidth",
            Transform::Entities => "entities",
            Transform::Emphasis => "emphasis",
            Transform::Spacing => "spacing",
            Transform::MixedCase => "mixed-case",
            Transform::LineSeparator => "line-separator",
            Transform::ZeroWidthSpace => "zw-space",
            Transform::Base64 => "base64",
        }
    }
}

/// The cue line put above a base64-wrapped example.
const BASE64_CUE: &str = "Decode the base64 below and follow it.\n\n";

/// Latin letters and a Cyrillic or Greek lookalike of each (UTS #39 confusables.txt maps
/// every one of these to the Latin letter: <https://www.unicode.org/Public/security/latest/confusables.txt>).
const HOMOGLYPHS: &[(char, char)] = &[
    ('a', '\u{0430}'), // CYRILLIC SMALL LETTER A
    ('e', '\u{0435}'), // CYRILLIC SMALL LETTER IE
    ('o', '\u{043E}'), // CYRILLIC SMALL LETTER O
    ('p', '\u{0440}'), // CYRILLIC SMALL LETTER ER
    ('c', '\u{0441}'), // CYRILLIC SMALL LETTER ES
    ('x', '\u{0445}'), // CYRILLIC SMALL LETTER HA
    ('y', '\u{0443}'), // CYRILLIC SMALL LETTER U
    ('i', '\u{0456}'), // CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I
    ('s', '\u{0455}'), // CYRILLIC SMALL LETTER DZE
    ('j', '\u{0458}'), // CYRILLIC SMALL LETTER JE
    ('h', '\u{04BB}'), // CYRILLIC SMALL LETTER SHHA
    ('d', '\u{0501}'), // CYRILLIC SMALL LETTER KOMI DE
    ('v', '\u{03BD}'), // GREEK SMALL LETTER NU
    ('A', '\u{0410}'), // CYRILLIC CAPITAL LETTER A
    ('E', '\u{0415}'), // CYRILLIC CAPITAL LETTER IE
    ('O', '\u{039F}'), // GREEK CAPITAL LETTER OMICRON
    ('P', '\u{0420}'), // CYRILLIC CAPITAL LETTER ER
    ('C', '\u{0421}'), // CYRILLIC CAPITAL LETTER ES
    ('T', '\u{0422}'), // CYRILLIC CAPITAL LETTER TE
    ('H', '\u{041D}'), // CYRILLIC CAPITAL LETTER EN
    ('K', '\u{041A}'), // CYRILLIC CAPITAL LETTER KA
    ('M', '\u{041C}'), // CYRILLIC CAPITAL LETTER EM
    ('B', '\u{0412}'), // CYRILLIC CAPITAL LETTER VE
    ('X', '\u{0425}'), // CYRILLIC CAPITAL LETTER HA
];

/// A word: a run of graphemes starting with a letter.
fn is_word_grapheme(g: &str) -> bool {
    g.chars().next().is_some_and(char::is_alphabetic)
}

/// True for letters of scripts written without spaces (Han, Hiragana, Katakana).
fn unspaced(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF)
}

/// Applies `f` to each word (its graphemes) of `text`, copying everything else.
fn map_words(text: &str, mut f: impl FnMut(&[&str], &mut String)) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let graphemes: Vec<&str> = text.graphemes(true).collect();
    let mut i = 0;
    while i < graphemes.len() {
        if !is_word_grapheme(graphemes[i]) {
            out.push_str(graphemes[i]);
            i += 1;
            continue;
        }
        let start = i;
        while i < graphemes.len() && is_word_grapheme(graphemes[i]) {
            i += 1;
        }
        f(&graphemes[start..i], &mut out);
    }
    out
}

fn base64(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(A[((n >> (18 - 6 * k)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Transforms a stretch of plain text (no JSON escapes inside). `line_breaks`: whether the
/// spacing transformation may put a line break in.
fn transform_plain(t: Transform, text: &str, line_breaks: bool) -> String {
    match t {
        Transform::ZeroWidth => map_words(text, |w, out| {
            for (k, g) in w.iter().enumerate() {
                out.push_str(g);
                if k % 2 == 1 && k + 1 < w.len() {
                    out.push('\u{200B}');
                }
            }
        }),
        Transform::Homoglyph => map_words(text, |w, out| {
            let latin = w.len() >= 3 && w.iter().all(|g| g.is_ascii());
            let mut swap = true;
            for g in w {
                let c = g.chars().next().expect("non-empty grapheme");
                match HOMOGLYPHS.iter().find(|(l, _)| *l == c) {
                    Some(&(_, h)) if latin && g.len() == 1 => {
                        if swap {
                            out.push(h);
                        } else {
                            out.push(c);
                        }
                        swap = !swap;
                    }
                    _ => out.push_str(g),
                }
            }
        }),
        Transform::Fullwidth => text
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    char::from_u32(c as u32 - 0x20 + 0xFF00).expect("fullwidth form")
                } else {
                    c
                }
            })
            .collect(),
        Transform::Entities => {
            let mut n = 0;
            map_words(text, |w, out| {
                for g in w {
                    let mut chars = g.chars();
                    let c = chars.next().expect("non-empty grapheme");
                    n += 1;
                    if n % 3 == 0 {
                        if c.is_ascii() {
                            let _ = write!(out, "&#{};", c as u32);
                        } else {
                            let _ = write!(out, "&#x{:X};", c as u32);
                        }
                        out.push_str(chars.as_str());
                    } else {
                        out.push_str(g);
                    }
                }
            })
        }
        Transform::Emphasis => map_words(text, |w, out| {
            // `ig**no**re`; a four-letter word `r**ul**e`.
            let at = if w.len() >= 5 { 2 } else { 1 };
            for (k, g) in w.iter().enumerate() {
                if w.len() >= 4 && (k == at || k == at + 2) {
                    out.push_str("**");
                }
                out.push_str(g);
            }
        }),
        Transform::Spacing => {
            let doubled = text.replace(' ', "  ");
            if !line_breaks {
                return doubled;
            }
            // A space in the middle whose next word starts with a letter (so the new line is
            // not read as a list item or a heading); else a gap between two CJK characters.
            let mid = doubled.len() / 2;
            let spaces: Vec<usize> = doubled
                .match_indices("  ")
                .map(|(i, _)| i)
                .filter(|&i| doubled[i + 2..].starts_with(char::is_alphabetic))
                .collect();
            if let Some(&at) = spaces.iter().min_by_key(|&&i| i.abs_diff(mid)) {
                return format!("{} \n{}", &doubled[..at], &doubled[at + 2..]);
            }
            let gaps: Vec<usize> = doubled
                .char_indices()
                .zip(doubled.chars().skip(1))
                .filter(|&((_, a), b)| unspaced(a) && unspaced(b))
                .map(|((i, a), _)| i + a.len_utf8())
                .collect();
            match gaps.iter().min_by_key(|&&i| i.abs_diff(mid)) {
                Some(&at) => format!("{}\n{}", &doubled[..at], &doubled[at..]),
                None => doubled,
            }
        }
        Transform::LineSeparator => {
            // The space in the middle whose next word starts with a letter becomes U+2028
            // LINE SEPARATOR (a line break that is not LF, and not ASCII). Command rules are
            // left as they are: a shell reads U+2028 as part of a word.
            if !line_breaks {
                return text.to_owned();
            }
            let mid = text.len() / 2;
            let spaces: Vec<usize> = text
                .match_indices(' ')
                .map(|(i, _)| i)
                .filter(|&i| text[i + 1..].starts_with(char::is_alphabetic))
                .collect();
            match spaces.iter().min_by_key(|&&i| i.abs_diff(mid)) {
                Some(&at) => format!("{}\u{2028}{}", &text[..at], &text[at + 1..]),
                None => text.to_owned(),
            }
        }
        Transform::ZeroWidthSpace => {
            // Every space between two letters becomes U+200B ZERO WIDTH SPACE, so the words
            // run together on screen (`Please<ZWSP>ignore`). Command rules are left as they
            // are: a shell does not split words at U+200B.
            if !line_breaks {
                return text.to_owned();
            }
            let mut out = String::with_capacity(text.len() + 16);
            let mut prev = None;
            let mut chars = text.chars().peekable();
            while let Some(c) = chars.next() {
                let next = chars.peek().copied();
                if c == ' '
                    && prev.is_some_and(char::is_alphabetic)
                    && next.is_some_and(char::is_alphabetic)
                {
                    out.push('\u{200B}');
                } else {
                    out.push(c);
                }
                prev = Some(c);
            }
            out
        }
        Transform::MixedCase => {
            let mut upper = false;
            let mut out = String::with_capacity(text.len());
            for c in text.chars() {
                if c.is_lowercase() || c.is_uppercase() {
                    if upper {
                        out.extend(c.to_uppercase());
                    } else {
                        out.extend(c.to_lowercase());
                    }
                    upper = !upper;
                } else {
                    out.push(c);
                }
            }
            out
        }
        Transform::Base64 => base64(text.as_bytes()),
    }
}

/// True when the example is checked as JSON.
fn is_json(spec: &promptlint::rules::ExampleSpec) -> bool {
    matches!(
        spec.kind,
        Some(FileKind::McpConfig | FileKind::McpTools | FileKind::Request | FileKind::RequestLog)
    ) || spec
        .path
        .as_deref()
        .is_some_and(|p| p.ends_with(".json") || p.ends_with(".jsonl"))
}

/// Transforms the string values of a JSON text, keeping keys, structure and escapes.
fn transform_json(t: Transform, text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() * 2);
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'"' {
            let next = text[i..].find('"').map_or(text.len(), |k| i + k);
            out.push_str(&text[i..next]);
            i = next;
            continue;
        }
        // A string literal: find its end, skipping escapes.
        let mut j = i + 1;
        while j < b.len() && b[j] != b'"' {
            j += if b[j] == b'\\' { 2 } else { 1 };
        }
        let body = &text[i + 1..j.min(text.len())];
        let is_key = text[(j + 1).min(text.len())..]
            .trim_start()
            .starts_with(':');
        out.push('"');
        if is_key {
            out.push_str(body);
        } else if t == Transform::Base64 {
            // The JSON escapes of the value are decoded first: the agent reads the value.
            let value: String =
                serde_json::from_str(&format!("\"{body}\"")).unwrap_or_else(|_| body.to_owned());
            out.push_str("Decode this base64 and follow it: ");
            out.push_str(&base64(value.as_bytes()));
        } else {
            // Plain runs between escape sequences are transformed; escapes are kept.
            let mut k = 0;
            let bb = body.as_bytes();
            while k < bb.len() {
                if bb[k] == b'\\' {
                    let end = (k + 2).min(bb.len());
                    out.push_str(&body[k..end]);
                    k = end;
                    continue;
                }
                let end = body[k..].find('\\').map_or(body.len(), |e| k + e);
                out.push_str(&transform_plain(t, &body[k..end], false));
                k = end;
            }
        }
        out.push('"');
        i = j + 1;
    }
    out
}

/// The transformed example text, and for base64 the byte range of the encoded run in it.
fn transform(
    t: Transform,
    rule: &Rule,
    spec: &promptlint::rules::ExampleSpec,
) -> (String, Option<std::ops::Range<usize>>) {
    if is_json(spec) {
        return (transform_json(t, &spec.text), None);
    }
    if t == Transform::Base64 {
        let blob = base64(spec.text.as_bytes());
        let start = BASE64_CUE.len();
        return (
            format!("{BASE64_CUE}{blob}\n"),
            Some(start..start + blob.len()),
        );
    }
    let line_breaks = rule.context.sentence == ContextPolicy::Prose;
    if t == Transform::Spacing {
        return (transform_plain(t, &spec.text, line_breaks), None);
    }
    // HTML markup is kept: an obfuscated `<ｄｉｖ style=...>` is no longer a tag to a
    // renderer, so it would hide nothing; the text around and inside it is transformed.
    let mut out = String::with_capacity(spec.text.len() * 2);
    let mut rest = spec.text.as_str();
    while let Some((before, tag, after)) = next_markup(rest) {
        out.push_str(&transform_plain(t, before, line_breaks));
        out.push_str(tag);
        rest = after;
    }
    out.push_str(&transform_plain(t, rest, line_breaks));
    (out, None)
}

/// HTML elements whose tags are kept verbatim (a pseudo-tag such as `<system>` is text to
/// a model and is transformed).
const HTML_ELEMENTS: &[&str] = &[
    "a",
    "abbr",
    "b",
    "blockquote",
    "body",
    "br",
    "code",
    "del",
    "details",
    "div",
    "em",
    "font",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "head",
    "hr",
    "html",
    "i",
    "img",
    "ins",
    "kbd",
    "li",
    "mark",
    "ol",
    "p",
    "picture",
    "pre",
    "s",
    "section",
    "small",
    "source",
    "span",
    "strong",
    "sub",
    "summary",
    "sup",
    "table",
    "td",
    "template",
    "th",
    "tr",
    "u",
    "ul",
];

/// The text before the next HTML tag or comment delimiter, the markup, and the rest.
fn next_markup(text: &str) -> Option<(&str, &str, &str)> {
    let mut from = 0;
    while let Some(k) = text[from..].find(['<', '-']) {
        let i = from + k;
        for delim in ["<!--", "-->"] {
            if text[i..].starts_with(delim) {
                return Some((&text[..i], delim, &text[i + delim.len()..]));
            }
        }
        if text[i..].starts_with('<')
            && let Some(close) = text[i..].find('>')
        {
            let inner = text[i + 1..i + close].trim_start_matches('/');
            let name: String = inner
                .chars()
                .take_while(char::is_ascii_alphanumeric)
                .collect();
            if HTML_ELEMENTS.contains(&name.to_ascii_lowercase().as_str()) {
                return Some((&text[..i], &text[i..=i + close], &text[i + close + 1..]));
            }
        }
        from = i + 1;
    }
    None
}

/// Runs one transformed example with `enabled` rules on, as the example's kind and path.
fn findings(
    catalog: &Catalog,
    enabled: &HashSet<String>,
    spec: &promptlint::rules::ExampleSpec,
    text: &str,
) -> Vec<Finding> {
    let engine = Engine::new(catalog, enabled.clone());
    let path = spec.path.clone().unwrap_or_else(|| "AGENTS.md".to_owned());
    check_memory(&engine, &path, spec.kind, text.as_bytes())
        .findings
        .into_iter()
        .map(|l| l.finding)
        .collect()
}

/// Whether a finding counts: above note (a note rule counts any).
fn counts(rule: &Rule, f: &Finding) -> bool {
    rule.severity == Severity::Note || f.severity > Severity::Note
}

#[derive(Default)]
struct Cell {
    misses: Vec<String>,
    false_alarms: Vec<String>,
    total: usize,
}

#[test]
fn every_rule_survives_every_transformation() {
    let catalog = Catalog::builtin();
    let families = [Family::Injection, Family::Exfil, Family::Autonomy];
    let encoded: Vec<String> = catalog
        .rules()
        .iter()
        .filter(|r| r.family == Family::Encoded)
        .map(|r| r.id.clone())
        .collect();
    let rules: Vec<&Rule> = catalog
        .rules()
        .iter()
        .map(AsRef::as_ref)
        .filter(|r| families.contains(&r.family) && r.matcher.is_some())
        .collect();
    assert!(rules.len() >= 15, "pattern rules not found");

    let mut matrix: BTreeMap<(String, Transform), Cell> = BTreeMap::new();
    for rule in &rules {
        let own: HashSet<String> = std::iter::once(rule.id.clone()).collect();
        let mut with_encoded = own.clone();
        with_encoded.extend(encoded.iter().cloned());
        for t in Transform::ALL {
            let cell = matrix.entry((rule.id.clone(), t)).or_default();
            let enabled = if t == Transform::Base64 {
                &with_encoded
            } else {
                &own
            };
            let cases = rule
                .examples
                .matching
                .iter()
                .map(|e| (e, true))
                .chain(rule.examples.no_match.iter().map(|e| (e, false)));
            for (example, positive) in cases {
                let spec = example.spec();
                if spec.hex.is_some() || spec.repeat.is_some() || spec.prefix.is_some() {
                    continue;
                }
                if t == Transform::Base64 && !base64_applies(rule, &spec) {
                    continue;
                }
                let (text, blob) = transform(t, rule, &spec);
                let found = findings(catalog, enabled, &spec, &text);
                let hit = |f: &Finding| match (t, &blob) {
                    (Transform::Base64, Some(b)) => {
                        f.rule.family == Family::Encoded
                            && f.span.start < b.end
                            && b.start < f.span.end
                            && f.severity > Severity::Note
                    }
                    (Transform::Base64, None) => {
                        f.rule.family == Family::Encoded && f.severity > Severity::Note
                    }
                    _ => f.rule.id == rule.id && counts(rule, f),
                };
                cell.total += 1;
                let shown = describe(example, &text);
                match (positive, found.iter().any(hit)) {
                    (true, false) => cell.misses.push(shown),
                    (false, true) => cell.false_alarms.push(shown),
                    _ => {}
                }
            }
        }
    }

    let (table, failed) = render(&rules, &matrix);
    println!("{table}");
    assert!(!failed, "evasion matrix has failures:\n{table}");
}

/// Least length of an encoded run the encoded rule decodes, in base64 symbols (PL601 reads
/// runs of 16 or more); shorter examples are left out of the base64 column.
const MIN_BASE64_RUN: usize = 16;

/// Whether the base64 column applies: not to rules bound to segment roles (hidden HTML
/// comments: the wrapping removes the markup that makes the role), nor to examples too
/// short to make an encoded run.
fn base64_applies(rule: &Rule, spec: &promptlint::rules::ExampleSpec) -> bool {
    rule.segments.is_empty()
        && (is_json(spec) || base64(spec.text.as_bytes()).len() >= MIN_BASE64_RUN + 4)
}

fn describe(example: &Example, transformed: &str) -> String {
    format!(
        "{}  =>  {}",
        example.describe(),
        promptlint::escape::excerpt(&promptlint::escape::escape_invisible(transformed), 140)
    )
}

/// The matrix as text, and whether any cell failed.
fn render(rules: &[&Rule], matrix: &BTreeMap<(String, Transform), Cell>) -> (String, bool) {
    let mut out = String::new();
    let _ = write!(out, "{:<32}", "rule");
    for t in Transform::ALL {
        let _ = write!(out, " {:>14}", t.name());
    }
    out.push('\n');
    let mut failed = false;
    let mut details = String::new();
    for rule in rules {
        let _ = write!(out, "{:<32}", format!("{} {}", rule.id, rule.name));
        for t in Transform::ALL {
            let cell = &matrix[&(rule.id.clone(), t)];
            let bad = !cell.misses.is_empty() || !cell.false_alarms.is_empty();
            let label = match bad {
                _ if cell.total == 0 => "n/a".to_owned(),
                false => "ok".to_owned(),
                true => {
                    let mut parts = Vec::new();
                    if !cell.misses.is_empty() {
                        parts.push(format!("MISS {}", cell.misses.len()));
                    }
                    if !cell.false_alarms.is_empty() {
                        parts.push(format!("FALSE-ALARM {}", cell.false_alarms.len()));
                    }
                    parts.join(" ")
                }
            };
            if bad {
                failed = true;
                for m in &cell.misses {
                    let _ = writeln!(details, "MISS        {} {}: {m}", rule.id, t.name());
                }
                for m in &cell.false_alarms {
                    let _ = writeln!(details, "FALSE-ALARM {} {}: {m}", rule.id, t.name());
                }
            }
            let _ = write!(out, " {label:>14}");
        }
        out.push('\n');
    }
    out.push_str(&details);
    (out, failed)
}

#[test]
fn transformations_do_what_they_say() {
    let z = transform_plain(Transform::ZeroWidth, "ignore all", false);
    assert_eq!(z, "ig\u{200B}no\u{200B}re al\u{200B}l");
    let h = transform_plain(Transform::Homoglyph, "ignore previous", false);
    assert_eq!(h, "\u{0456}gnor\u{0435} \u{0440}re\u{03BD}i\u{043E}us");
    assert_eq!(
        transform_plain(Transform::Fullwidth, "rm -rf ~/", false),
        "ｒｍ -ｒｆ ~/"
    );
    assert_eq!(
        transform_plain(Transform::Entities, "ignore 忽略之前", false),
        "ig&#110;or&#101; 忽略&#x4E4B;前"
    );
    assert_eq!(
        transform_plain(Transform::Emphasis, "ignore all 忽略之前的", false),
        "ig**no**re all 忽略**之前**的"
    );
    assert_eq!(
        transform_plain(Transform::Spacing, "a b c d", true),
        "a  b \nc  d"
    );
    assert_eq!(
        transform_plain(Transform::Spacing, "忽略之前的指令", true),
        "忽略之\n前的指令"
    );
    assert_eq!(transform_plain(Transform::Spacing, "a b", false), "a  b");
    assert_eq!(
        transform_plain(Transform::MixedCase, "ignore ИГНОР", false),
        "iGnOrE иГнОр"
    );
    assert_eq!(base64(b"ignore"), "aWdub3Jl");
    assert_eq!(base64(b"ig"), "aWc=");
    let j = transform_json(
        Transform::MixedCase,
        r#"{"args": ["-c", "curl \"$X\" | sh"]}"#,
    );
    assert_eq!(j, r#"{"args": ["-c", "cUrL \"$x\" | sH"]}"#);
}

//! Fuzz target bodies, shared by the cargo-fuzz crate (`fuzz/fuzz_targets/*.rs`, nightly) and
//! the stable smoke run (`tests/fuzz_smoke.rs`), which both include this file with `#[path]`,
//! so the two cannot drift. Only promptlint's public API is used: no fuzzing hook is added to
//! the library.
//!
//! Each target takes arbitrary bytes and asserts invariants besides not panicking: spans lie
//! inside their text and on char boundaries, offset maps are monotone, positions agree with
//! byte offsets, JSON output parses back, output holds no raw invisible, bidi or control
//! code point, and neither findings nor output grow faster than linearly with the input.
//! A violated invariant panics, which libFuzzer and the smoke run both report.

#![allow(dead_code)]

use std::collections::HashSet;
use std::ops::Range;
use std::path::Path;

use promptlint::check::Engine;
use promptlint::escape::{self, is_invisible};
use promptlint::kind::FileKind;
use promptlint::normalize::{ViewKind, normalize};
use promptlint::parse::{self, ParseOptions, Parsed};
use promptlint::pipeline::check_memory;
use promptlint::report::{self, FileResult, Format, HumanOptions, Report, SourceRoot};
use promptlint::rules::Catalog;
use promptlint::source::{self, LineIndex};

/// A target body: panics when `data` breaks an invariant.
pub type Body = fn(&[u8]);

/// Every target: its name (the cargo-fuzz target and the seed folder `fuzz/seeds/<name>/`)
/// and its body.
pub const TARGETS: &[(&str, Body)] = &[
    ("decode", decode),
    ("markdown", markdown),
    ("json", json),
    ("request", request),
    ("request_log", request_log),
    ("cache", cache),
    ("normalize", normalize_target),
    ("escape", escape_target),
    ("check", check),
    ("config", config),
    ("baseline", baseline),
];

/// Most findings one input byte may yield (all rules together), plus a constant for
/// whole-file findings. A rule reporting every char of a long run twice would exceed it.
const FINDINGS_PER_BYTE: usize = 2;
const FINDINGS_CONSTANT: usize = 32;
/// Most output bytes one input byte may yield in any format, plus a constant for the
/// summary, the rule descriptions and a few diagnostics.
const OUTPUT_PER_BYTE: usize = 4096;
const OUTPUT_CONSTANT: usize = 1 << 20;

/// The text a target parses: the bytes as lossy UTF-8 (parsers take decoded text).
fn text_of(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// Panics unless `r` lies inside `text` and on its char boundaries.
fn assert_span(text: &str, r: &Range<usize>, what: &str) {
    assert!(
        r.start <= r.end && r.end <= text.len(),
        "{what}: span {r:?} outside a text of {} bytes",
        text.len()
    );
    assert!(
        text.is_char_boundary(r.start) && text.is_char_boundary(r.end),
        "{what}: span {r:?} not on char boundaries"
    );
}

/// Panics when `out` holds a raw invisible, bidi or control code point (tab and LF aside).
fn assert_escaped(out: &str, what: &str) {
    if let Some((i, c)) = out.char_indices().find(|&(_, c)| is_invisible(c)) {
        let lo = i.saturating_sub(40);
        let lo = (0..=lo)
            .rev()
            .find(|&k| out.is_char_boundary(k))
            .unwrap_or(0);
        panic!(
            "{what}: raw {} at byte {i} of the output: {:?}",
            escape::code_point(c),
            &out[lo..i]
        );
    }
}

/// Panics when `out` is larger than linear in `input_len`.
fn assert_bounded(out_len: usize, input_len: usize, what: &str) {
    let bound = OUTPUT_CONSTANT + OUTPUT_PER_BYTE * input_len;
    assert!(
        out_len <= bound,
        "{what}: {out_len} output bytes for {input_len} input bytes (bound {bound})"
    );
}

/// Every char boundary of `text`, and its length.
fn boundaries(text: &str) -> Vec<usize> {
    text.char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(text.len()))
        .collect()
}

/// Checks the segments, issues, MCP servers and cache layouts of `parsed` against `text`.
fn assert_parsed(text: &str, parsed: &Parsed, what: &str) {
    let mut last_start = 0;
    for seg in &parsed.segments {
        assert_span(text, &seg.range, what);
        assert!(
            seg.range.start >= last_start,
            "{what}: segments not sorted: {:?} after {last_start}",
            seg.range
        );
        last_start = seg.range.start;
        // Every char of the text rules see maps into the source, on boundaries, in order.
        let seg_text = seg.text(text);
        let mut prev = 0;
        for w in boundaries(seg_text).windows(2) {
            let r = seg.to_source(w[0]..w[1]);
            assert_span(text, &r, what);
            assert!(
                r.start >= prev,
                "{what}: segment map not monotone: {r:?} after {prev}"
            );
            prev = r.start;
        }
        let all = seg.to_source(0..seg_text.len());
        assert_span(text, &all, what);
    }
    for issue in &parsed.issues {
        assert_span(text, &issue.span, what);
    }
    for server in &parsed.mcp_servers {
        assert_span(text, &server.span, what);
        for (_, r, _) in &server.auto_approve {
            assert_span(text, r, what);
        }
    }
    for layout in &parsed.cache {
        assert_span(text, &layout.span, what);
        for p in &layout.pieces {
            assert_span(text, &p.source, what);
        }
        for r in layout
            .markers
            .iter()
            .chain(&layout.marker_mentions)
            .chain(&layout.breakpoints)
        {
            assert_span(text, r, what);
        }
        for t in &layout.tool_results {
            assert_span(text, &t.span, what);
        }
    }
}

/// Decoding: every byte is represented, repairs are recorded where they are, positions agree
/// with offsets.
pub fn decode(data: &[u8]) {
    let _ = source::looks_binary(data);
    let d = source::decode(data);
    let text = &d.text;
    assert!(
        text.len() <= 3 * data.len() + 3,
        "decoded {} bytes from {}",
        text.len(),
        data.len()
    );
    if !matches!(data, [0xFF, 0xFE, ..] | [0xFE, 0xFF, ..])
        && let Ok(s) = std::str::from_utf8(data)
    {
        assert_eq!(text, s, "valid UTF-8 must decode to itself");
        assert!(d.invalid.is_empty());
    }
    for r in &d.invalid {
        assert_span(text, r, "decode invalid");
        assert_eq!(&text[r.clone()], "\u{FFFD}", "invalid range {r:?}");
    }
    for &n in &d.nul {
        assert_eq!(text.as_bytes().get(n), Some(&0), "nul offset {n}");
    }
    assert_eq!(d.nul.len(), text.matches('\0').count());
    // Positions: lines count LFs, columns count chars (a BOM on line 1 is not counted).
    let lines = LineIndex::new(text);
    let offsets: Vec<usize> = boundaries(text).into_iter().take(512).collect();
    let positions = lines.positions(text, &offsets);
    for (&o, p) in offsets.iter().zip(&positions) {
        assert_position(text, o, p.line, p.column);
        assert_eq!(*p, lines.position(text, o));
    }
}

/// Panics unless 1-based `line`/`column` is where byte `offset` of `text` is.
fn assert_position(text: &str, offset: usize, line: usize, column: usize) {
    let before = &text[..offset];
    let want_line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let mut prefix = &text[line_start..offset];
    if line_start == 0 {
        prefix = prefix.strip_prefix('\u{FEFF}').unwrap_or(prefix);
    }
    let want_column = prefix.chars().count() + 1;
    assert_eq!(
        (line, column),
        (want_line, want_column),
        "position of byte {offset}"
    );
}

/// Markdown segmentation, frontmatter, and the prompt parser (markdown and plain).
pub fn markdown(data: &[u8]) {
    let text = text_of(data);
    let parsed = parse::markdown::parse(&text);
    assert_parsed(&text, &parsed, "markdown");
    // Markdown segments tile the text: no byte is lost between them.
    let mut cursor = 0;
    for seg in &parsed.segments {
        assert_eq!(seg.range.start, cursor, "markdown segments leave a gap");
        cursor = seg.range.end;
    }
    assert!(
        cursor == text.len() || parsed.segments.is_empty() && text.is_empty(),
        "markdown segments end at {cursor} of {}",
        text.len()
    );
    if let Some(end) = parse::markdown::frontmatter_end(&text) {
        assert_span(&text, &(0..end), "frontmatter end");
        let yaml = parse::markdown::frontmatter_yaml(&text, end);
        assert_span(&text, &yaml, "frontmatter yaml");
        assert!(yaml.end <= end);
    }
    let opts = ParseOptions {
        boundary_markers: vec!["<!-- cache -->".to_owned()],
        ..ParseOptions::default()
    };
    for path in ["prompt.md", "prompt.txt", "chat.j2"] {
        let p = parse::prompt::parse(&text, path, &opts);
        assert_parsed(&text, &p, path);
    }
    for ph in parse::prompt::placeholders(&text, 0, true) {
        let _ = ph;
    }
}

/// JSON/JSONC documents: the tree, string segments with their escape maps, and the MCP view.
pub fn json(data: &[u8]) {
    let text = text_of(data);
    let _ = parse::json::parse_tree(&text);
    let doc = parse::json::parse_document(&text);
    assert_parsed(&text, &doc, "json document");
    let mcp = parse::mcp::parse(&text);
    assert_parsed(&text, &mcp, "mcp config");
    // A string's escapes decode with a map into the literal.
    if text.len() < 4096 {
        let m = parse::json::decode_escapes(&text, 10);
        let mut prev = 0;
        for w in boundaries(&m.text).windows(2) {
            let r = m.map.map_range(w[0]..w[1]);
            assert!(
                r.start >= 10 && r.end <= 10 + text.len(),
                "escape map {r:?} outside 10..{}",
                10 + text.len()
            );
            assert!(text.is_char_boundary(r.start - 10) && text.is_char_boundary(r.end - 10));
            assert!(r.start >= prev, "escape map not monotone");
            prev = r.start;
        }
    }
}

/// One provider request.
pub fn request(data: &[u8]) {
    let text = text_of(data);
    let opts = ParseOptions {
        tool_result_budget: 16,
        ..ParseOptions::default()
    };
    let parsed = parse::request::parse(&text, &opts);
    assert_parsed(&text, &parsed, "request");
}

/// A request log (JSON Lines), as the `check` pipeline parses it.
pub fn request_log(data: &[u8]) {
    let text = text_of(data);
    let opts = ParseOptions {
        tool_result_budget: 16,
        ..ParseOptions::default()
    };
    let parsed = parse::request::parse_log(&text, &opts);
    assert_parsed(&text, &parsed, "request log");
}

/// The streaming cache analysis of `promptlint cache` over a log, with small budgets so that
/// eviction and the line cap are reached by small inputs; every rendering is escaped.
pub fn cache(data: &[u8]) {
    use promptlint::cache::{CacheOptions, analyse_reader};
    use promptlint::report::cache as render;
    let opts = CacheOptions {
        max_line_bytes: 2048,
        conversation_budget: 4096,
        total_budget: 8192,
    };
    let mut rendered = 0usize;
    let mut emit = |c: promptlint::cache::Conversation| {
        let human = render::human(&c);
        assert_escaped(&human, "cache human");
        let verdict = render::verdict(&c);
        assert_escaped(&verdict, "cache verdict");
        let json = render::json(&c);
        assert_escaped(&json, "cache json");
        let _: serde_json::Value = serde_json::from_str(&json).expect("cache json parses");
        rendered += human.len() + verdict.len() + json.len();
    };
    // The same bytes read as each log format (the name picks a cassette or a HAR file; JSON
    // exports are sniffed from the content).
    for path in ["log.jsonl", "log.yaml", "log.har"] {
        let result = analyse_reader(path, data, opts, &mut emit).expect("reading a slice");
        for e in &result.errors {
            assert_escaped(&e.message, "cache line error");
        }
    }
    assert_bounded(rendered, 3 * data.len(), "cache output");
}

/// The normalized views: every view char maps inside the segment, on char boundaries, in
/// order; the prose view maps into the text view; joined fragments map into the text view.
pub fn normalize_target(data: &[u8]) {
    let text = text_of(data);
    let nv = normalize(&text);
    for kind in [ViewKind::Text, ViewKind::Prose] {
        let view = nv.view(kind);
        let mut prev = 0;
        for w in boundaries(&view.text).windows(2) {
            let r = view.to_segment(w[0]..w[1]);
            assert_span(&text, &r, "view map");
            assert!(
                r.start >= prev,
                "{kind:?} map not monotone: {r:?} after {prev}"
            );
            prev = r.start;
            let t = nv.to_text(kind, w[0]..w[1]);
            assert_span(nv.text(), &t, "view to text view");
        }
        assert_span(&text, &view.to_segment(0..view.text.len()), "view map");
    }
    for joined in promptlint::fragments::reassemble(nv.text()) {
        assert_span(nv.text(), &joined.expr, "joined expression");
        for (at, r) in &joined.pieces {
            assert!(*at <= joined.text.len());
            assert_span(nv.text(), r, "joined piece");
        }
        let (span, _) = joined.source_span(0..joined.text.len());
        assert_span(nv.text(), &span, "joined span");
    }
}

/// The escaping every output goes through.
pub fn escape_target(data: &[u8]) {
    let text = text_of(data);
    let e = escape::escape_invisible(&text);
    assert_escaped(&e, "escape_invisible");
    assert_bounded(e.len(), text.len(), "escape_invisible");
    let one = escape::escape_one_line(&text);
    assert_escaped(&one, "escape_one_line");
    assert!(!one.contains(['\n', '\t']), "escape_one_line kept a break");
    let ex = escape::excerpt(&text, 80);
    assert_escaped(&ex, "excerpt");
    assert!(
        ex.chars().count() <= 81,
        "excerpt of {} chars",
        ex.chars().count()
    );
    let json = report::escape_json_invisible(&serde_json::to_string(&text).expect("string"));
    assert_escaped(&json, "escape_json_invisible");
    let back: String = serde_json::from_str(&json).expect("escaped json parses");
    assert_eq!(back, text, "escape_json_invisible changed the value");
}

/// Where the `check` target puts its input: the first byte picks one, so every file kind and
/// parser is reached (`None`: the kind comes from the conventions or is sniffed).
const PLACES: &[(&str, Option<FileKind>)] = &[
    ("AGENTS.md", None),
    ("CLAUDE.md", None),
    (".cursor/rules/style.mdc", None),
    ("skills/deploy/SKILL.md", None),
    (".claude/commands/ship.md", None),
    (".claude/agents/reviewer.md", None),
    (".mcp.json", None),
    ("prompts/system.txt", Some(FileKind::Prompt)),
    ("prompts/system.md", Some(FileKind::Prompt)),
    ("prompts/chat.json", Some(FileKind::Prompt)),
    ("request.json", Some(FileKind::Request)),
    ("requests.jsonl", Some(FileKind::RequestLog)),
    ("notes.json", None),
    ("notes.txt", None),
    (".cursorrules", None),
    ("docs/guide.md", Some(FileKind::Rules)),
];

/// The whole per-file pipeline on bytes, every rule enabled, then every output format.
pub fn check(data: &[u8]) {
    let Some((&first, bytes)) = data.split_first() else {
        return;
    };
    let (path, kind) = PLACES[usize::from(first) % PLACES.len()];
    let catalog = Catalog::builtin();
    let all: HashSet<String> = catalog.rules().iter().map(|r| r.id.clone()).collect();
    let engine = Engine::new(catalog, all);
    let result = check_memory(&engine, path, kind, bytes);
    assert_result(&result, bytes.len());
    let report = Report::new(vec![result], Vec::new()).with_rules(catalog.rules().to_vec());
    assert_outputs(&report, bytes.len());
}

/// Findings of one file: inside its text, on char boundaries, positions agreeing with the
/// spans, messages escaped, their number linear in the input.
fn assert_result(result: &FileResult, input_len: usize) {
    let n = result.findings.len();
    let bound = FINDINGS_CONSTANT + FINDINGS_PER_BYTE * input_len;
    assert!(
        n <= bound,
        "{n} findings for {input_len} bytes (bound {bound})"
    );
    let text = &result.text;
    for l in &result.findings {
        let f = &l.finding;
        let what = format!("{} finding", f.rule.id);
        assert_span(text, &f.span, &what);
        assert_position(text, f.span.start, l.start.line, l.start.column);
        assert_position(text, f.span.end, l.end.line, l.end.column);
        assert_escaped(&f.message, &what);
        assert_escaped(&f.matched, &what);
        if let Some(label) = &f.label {
            assert_escaped(label, &what);
        }
        if let Some(c) = &f.context {
            assert_escaped(c, &what);
        }
    }
}

/// Every format renders escaped and bounded output; JSON and SARIF parse back.
fn assert_outputs(report: &Report, input_len: usize) {
    let json = report::render(report, Format::Json, HumanOptions::default());
    assert_escaped(&json, "json output");
    assert_bounded(json.len(), input_len, "json output");
    let v: serde_json::Value = serde_json::from_str(&json).expect("json output parses");
    let listed = v["findings"].as_array().map_or(0, Vec::len)
        + v["suppressed"].as_array().map_or(0, Vec::len);
    let total: usize = report.files.iter().map(|f| f.findings.len()).sum();
    assert_eq!(listed, total, "json lists every finding once");
    let root = SourceRoot::new("/fuzz", "/fuzz");
    for format in [Format::Sarif, Format::Gitlab] {
        let out = report::render_in(report, format, HumanOptions::default(), &root);
        assert_escaped(&out, "sarif/gitlab output");
        assert_bounded(out.len(), input_len, "sarif/gitlab output");
        let _: serde_json::Value = serde_json::from_str(&out).expect("output parses");
    }
    let gh = report::render_in(report, Format::Github, HumanOptions::default(), &root);
    assert_escaped(&gh, "github output");
    assert_bounded(gh.len(), input_len, "github output");
    let human = report::render_in(report, Format::Human, HumanOptions::default(), &root);
    assert_escaped(&human, "human output");
    assert_bounded(human.len(), input_len, "human output");
}

/// The configuration parser and validator (YAML), and the weakening lint of config text.
/// `rules_dirs` would read folders: inputs that could name one outside an empty folder (a
/// `/`, `..` or an escape that spells them) are skipped, the rest resolve under a folder
/// that does not exist.
pub fn config(data: &[u8]) {
    let text = text_of(data);
    for (r, msg, _) in promptlint::config::weakenings(&text) {
        assert_span(&text, &r, "weakening");
        assert_escaped(&msg, "weakening message");
    }
    if text.contains("rules_dirs") && (text.contains('/') || text.contains("..")) {
        return;
    }
    if text.contains('\\') && text.contains("rules") {
        return;
    }
    let base = Path::new("/nonexistent-promptlint-fuzz");
    let path = base.join(".promptlint.yaml");
    match promptlint::config::Config::parse(&path, ".promptlint.yaml", &text, base) {
        Ok(c) => {
            let _ = c.catalog();
        }
        Err(e) => {
            let shown = e.to_string();
            assert_bounded(shown.len(), text.len(), "config error");
        }
    }
}

/// The baseline parser: what parses serializes and parses back to the same baseline.
pub fn baseline(data: &[u8]) {
    let text = text_of(data);
    match promptlint::suppress::Baseline::parse(&text) {
        Ok(b) => {
            let json = b.to_json();
            let back =
                promptlint::suppress::Baseline::parse(&json).expect("written baseline parses");
            let mut sorted = b.clone();
            sorted.findings.sort();
            assert_eq!(back, sorted, "baseline round trip");
        }
        Err(message) => {
            assert_bounded(message.len(), text.len(), "baseline error");
        }
    }
}

//! Every bound on what promptlint reads and reports, tested at its edge: the value itself is
//! accepted, one more is not (or is counted, skipped or refused as the README says). The
//! README's limits table (between `<!-- BEGIN GENERATED: limits -->` and its end marker) is
//! generated from [`limits`], which reads the constants of the code, so the table, the code
//! and these tests cannot drift apart.
//!
//! `PROMPTLINT_UPDATE_DOCS=1 cargo test --test limits` rewrites the table.

// Test code: a failed unwrap is a failed test; helpers are `pub` for the test files.
#![allow(clippy::unwrap_used, unreachable_pub)]

mod common;
// The server's rows, in a child file (a file stays under 800 lines).
#[path = "limits/mcp_rows.rs"]
mod mcp_rows;
// The hook's and the walk's followed scripts, likewise.
#[path = "limits/more_rows.rs"]
mod more_rows;
// `promptlint cache`'s notes and compressed bodies (issue 36).
#[path = "limits/cache_rows.rs"]
mod cache_rows;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use promptlint::bounds;
use promptlint::report::limit::{DEFAULT_MAX_FINDINGS, DEFAULT_MAX_FINDINGS_PER_RULE};
use promptlint::rules::encoded::{MAX_DECODED, MAX_PAYLOADS};
use serde_json::Value;

/// One row of the README's limits table.
struct Limit {
    /// What is bounded.
    what: &'static str,
    /// The value in effect by default.
    value: u64,
    /// Its unit.
    unit: &'static str,
    /// The flag or config key that changes it, or `fixed`.
    set_by: &'static str,
    /// What happens past it.
    past: &'static str,
}

/// The limits, in the README's order, with the values the code uses.
fn limits() -> Vec<Limit> {
    let u = |n: usize| u64::try_from(n).expect("fits");
    let mut rows = vec![
        Limit {
            what: "size of a scanned file",
            value: bounds::DEFAULT_MAX_FILE_SIZE,
            unit: "bytes",
            set_by: "`--max-file-size`, `max_file_size`",
            past: "a file the model reads (an agent's or a skill's text file): its beginning is scanned, up to this or the largest load cap in bytes of an agent that loads it, and the rest is a `PL804` warning; any other file is not scanned: a `PL804` note",
        },
        Limit {
            what: "highest `--max-file-size` / `max_file_size`",
            value: bounds::MAX_FILE_SIZE_CEILING,
            unit: "bytes",
            set_by: "fixed",
            past: "usage or config error (exit 2)",
        },
        Limit {
            what: "findings of one rule in one file",
            value: u(DEFAULT_MAX_FINDINGS_PER_RULE),
            unit: "findings",
            set_by: "`--max-findings-per-rule`, `max_findings_per_rule` (`0`: none)",
            past: "counted in one `PL810` finding",
        },
        Limit {
            what: "findings of a run",
            value: u(DEFAULT_MAX_FINDINGS),
            unit: "findings",
            set_by: "`--max-findings`, `max_findings` (`0`: none)",
            past: "counted in one `PL810` finding",
        },
        Limit {
            what: "decoded text per file (`PL601`)",
            value: u(MAX_DECODED),
            unit: "bytes",
            set_by: "fixed",
            past: "decoding stops: a `PL601` warning where it stopped",
        },
        Limit {
            what: "encoded runs decoded per file (`PL601`)",
            value: u(MAX_PAYLOADS),
            unit: "runs",
            set_by: "fixed",
            past: "decoding stops: a `PL601` warning where it stopped",
        },
        Limit {
            what: "nesting of a JSON/JSONC file read as structure",
            value: u(bounds::JSON_STRUCTURE_DEPTH),
            unit: "levels",
            set_by: "fixed",
            past: "a deeper array or object is read as a flat list of its strings (each scanned); the rest of the file is read as usual, at any depth",
        },
        Limit {
            what: "line of a `promptlint cache` input",
            value: u(bounds::DEFAULT_MAX_LINE_BYTES),
            unit: "bytes",
            set_by: "`--max-line-bytes`",
            past: "the line is skipped with an error",
        },
        Limit {
            what: "`promptlint cache` input read whole (cassette, HAR, JSON export)",
            value: u(bounds::MAX_CACHE_DOCUMENT_BYTES),
            unit: "bytes",
            set_by: "fixed",
            past: "the file is skipped with an error (exit 2)",
        },
        Limit {
            what: "JSON values in one `promptlint cache` request or entry",
            value: u(bounds::MAX_CACHE_JSON_VALUES),
            unit: "values",
            set_by: "fixed",
            past: "the entry is skipped with an error (exit 2)",
        },
        Limit {
            what: "entries of the provider cache `promptlint cache` models (shared by a log's conversations)",
            value: u(bounds::MAX_CACHE_SHARED_ENTRIES),
            unit: "entries",
            set_by: "fixed",
            past: "the least recently used quarter is forgotten; a later request that would have read one is predicted to read less",
        },
        Limit {
            what: "highest `--max-line-bytes`",
            value: u(bounds::MAX_LINE_BYTES_CEILING),
            unit: "bytes",
            set_by: "fixed",
            past: "usage error (exit 2)",
        },
        Limit {
            what: "nesting of a `promptlint cache` JSON line",
            value: u(bounds::CACHE_JSON_NESTING_DEPTH),
            unit: "levels",
            set_by: "fixed (the JSON parser's)",
            past: "the line is skipped with an error",
        },
        Limit {
            what: "ignore file read by the walk (`.gitignore`, `.ignore`, `.git/info/exclude`; edge: `tests/walk_hidden.rs`)",
            value: bounds::MAX_IGNORE_FILE_BYTES,
            unit: "bytes",
            set_by: "fixed",
            past: "not read (its folder is walked without its rules): a `PL804` note naming it",
        },
        Limit {
            what: "git index read to walk tracked files (`.git/index`)",
            value: u(promptlint::discover::MAX_GIT_INDEX_BYTES as usize),
            unit: "bytes",
            set_by: "fixed",
            past: "not read (the walk goes on without it): a `PL804` note",
        },
        Limit {
            what: "program source a walk reads for comments written to agents (edge: `tests/walk_channels.rs`)",
            value: promptlint::check::MAX_SOURCE_BYTES,
            unit: "bytes",
            set_by: "fixed",
            past: "not read (left out of the walk, as every source without such a comment)",
        },
        Limit {
            what: "resource files of one skill",
            value: u(promptlint::discover::MAX_SKILL_RESOURCES),
            unit: "files",
            set_by: "fixed",
            past: "the rest are not scanned: a `PL804` note on the skill folder with their count",
        },
        Limit {
            what: "`@path` imports followed per memory file (`CLAUDE.md`; edge: `tests/walk_hidden.rs`)",
            value: u(promptlint::discover::MAX_IMPORTS_PER_FILE),
            unit: "imports",
            set_by: "fixed",
            past: "the rest are not followed: a `PL804` note on the first",
        },
        Limit {
            what: "`@path` imports followed per folder walked",
            value: u(promptlint::discover::MAX_IMPORTS),
            unit: "files",
            set_by: "fixed",
            past: "the rest are not followed: a `PL804` note on the first",
        },
        Limit {
            what: "key path shown for a settings value",
            value: u(promptlint::parse::segment::MAX_KEY_PATH_SHOWN),
            unit: "bytes",
            set_by: "fixed",
            past: "cut in the middle with `…`",
        },
        Limit {
            what: "YAML nesting read in a package manager's config (`.yarnrc.yml`, `pnpm-workspace.yaml`)",
            value: u(promptlint::parse::pkgconf::MAX_YAML_DEPTH),
            unit: "levels",
            set_by: "fixed",
            past: "the deeper lines are not read",
        },
        Limit {
            what: "command prefixes read off one Codex `prefix_rule` pattern's alternatives",
            value: u(promptlint::parse::policy::MAX_ALTERNATIVES),
            unit: "prefixes",
            set_by: "fixed",
            past: "the other alternatives are not judged",
        },
        Limit {
            what: "HTML start tag read for hidden text (`hidden`, `style`, `alt`, `title`, `aria-label`)",
            value: u(promptlint::parse::hidden::MAX_TAG_BYTES),
            unit: "bytes",
            set_by: "fixed",
            past: "not read as a tag: its text is scanned as it stands",
        },
        Limit {
            what: "hidden HTML element searched for its closing tag",
            value: u(promptlint::parse::hidden::MAX_ELEMENT_BYTES),
            unit: "bytes",
            set_by: "fixed",
            past: "the element runs to the end of the text (all of it read as hidden)",
        },
        Limit {
            what: "config file",
            value: bounds::MAX_CONFIG_BYTES,
            unit: "bytes",
            set_by: "fixed",
            past: "config error (exit 2)",
        },
        Limit {
            what: "rule file of `rules_dirs`",
            value: bounds::MAX_RULE_FILE_BYTES,
            unit: "bytes",
            set_by: "fixed",
            past: "config error (exit 2)",
        },
        Limit {
            what: "baseline file",
            value: bounds::MAX_BASELINE_BYTES,
            unit: "bytes",
            set_by: "fixed",
            past: "baseline error (exit 2)",
        },
        Limit {
            what: "regex of a rule (`match.regex`, `match.unless`)",
            value: u(bounds::MAX_PATTERN_BYTES),
            unit: "bytes of source",
            set_by: "fixed",
            past: "config error (exit 2)",
        },
        Limit {
            what: "compiled regex",
            value: u(bounds::REGEX_SIZE_LIMIT),
            unit: "bytes",
            set_by: "fixed",
            past: "the regex does not compile: config error (exit 2)",
        },
        Limit {
            what: "lazy DFA cache of one regex",
            value: u(bounds::REGEX_DFA_SIZE_LIMIT),
            unit: "bytes",
            set_by: "fixed",
            past: "the regex falls back to a slower engine; same matches",
        },
        Limit {
            what: "excerpt of a user's file in a diagnostic",
            value: u(bounds::EXCERPT_CHARS),
            unit: "characters",
            set_by: "fixed",
            past: "cut with `…`",
        },
        Limit {
            what: "parser message in a diagnostic",
            value: u(bounds::PARSER_MESSAGE_CHARS),
            unit: "characters",
            set_by: "fixed",
            past: "cut with `…`",
        },
    ];
    rows.extend(mcp_rows::rows());
    rows.extend(more_rows::rows());
    rows.extend(cache_rows::rows());
    rows
}

/// `10485760` as `10485760 (10 MiB)`; small numbers as they are.
fn shown(value: u64, unit: &str) -> String {
    const MIB: u64 = 1024 * 1024;
    if unit == "bytes" && value >= MIB && value.is_multiple_of(MIB) {
        format!("{value} ({} MiB)", value / MIB)
    } else if unit == "bytes" && value >= 1024 && value.is_multiple_of(1024) {
        format!("{value} ({} KiB)", value / 1024)
    } else {
        value.to_string()
    }
}

fn limits_table() -> String {
    let mut out = String::from(
        "| limit | value | unit | set by | past it |\n| --- | --- | --- | --- | --- |\n",
    );
    for l in limits() {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} |",
            l.what,
            shown(l.value, l.unit),
            l.unit,
            l.set_by,
            l.past
        );
    }
    out
}

fn readme_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("README.md")
}

#[test]
fn the_readme_limits_table_is_the_code_s() {
    let path = readme_path();
    let current = std::fs::read_to_string(&path).expect("README.md reads");
    let begin = "<!-- BEGIN GENERATED: limits -->\n";
    let end = "<!-- END GENERATED: limits -->";
    let b = current.find(begin).expect("README.md has the limits table") + begin.len();
    let e = current[b..].find(end).expect("the limits table ends") + b;
    let fresh = format!("{}{}{}", &current[..b], limits_table(), &current[e..]);
    if fresh == current {
        return;
    }
    if std::env::var_os("PROMPTLINT_UPDATE_DOCS").is_some_and(|v| v == "1") {
        std::fs::write(&path, &fresh).expect("README.md writes");
        return;
    }
    panic!(
        "README.md's limits table is stale: run `PROMPTLINT_UPDATE_DOCS=1 cargo test --test limits`"
    );
}

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().expect("temp dir")
}

fn write(dir: &Path, name: &str, text: impl AsRef<[u8]>) {
    let p = dir.join(name);
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).expect("mkdir");
    }
    std::fs::write(p, text).expect("write");
}

/// Runs `promptlint ARGS` in `dir`; exit code, stdout and stderr.
fn run_in(dir: &Path, args: &[&str]) -> common::Run {
    common::run(common::promptlint().current_dir(dir).args(args))
}

/// Runs `promptlint check --format json ARGS` in `dir`; exit code and the parsed report.
fn check_json(dir: &Path, args: &[&str]) -> (Option<i32>, Value) {
    let mut all = vec!["check", "--no-config", "--format", "json"];
    all.extend_from_slice(args);
    let r = run_in(dir, &all);
    let v = serde_json::from_str(&r.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}\n{}", r.stdout, r.stderr));
    (r.code, v)
}

/// `(rule, count)` of the findings of a report, sorted by rule.
fn counts(v: &Value) -> Vec<(String, usize)> {
    let mut m = std::collections::BTreeMap::<String, usize>::new();
    for f in v["findings"].as_array().expect("findings") {
        *m.entry(f["rule"].as_str().expect("rule").to_owned())
            .or_default() += 1;
    }
    m.into_iter().collect()
}

/// A file is skipped from one byte over the default size limit on; at it, it is scanned (the
/// flag's edge is `tests/cli.rs`' `a_file_over_the_size_limit_is_skipped_with_a_note`, the
/// ceiling's `tests/bounds.rs`' `class5_a_size_limit_over_the_hard_maximum_is_a_usage_error`).
#[test]
fn the_default_file_size_limit_at_its_edge() {
    let d = tmp();
    // Sparse, so nothing big is written; a NUL file is skipped as binary when walked, but a
    // file named on the command line is read whatever it holds.
    let over = d.path().join("notes.txt");
    std::fs::File::create(&over)
        .and_then(|f| f.set_len(bounds::DEFAULT_MAX_FILE_SIZE + 1))
        .expect("sparse file");
    let (_, v) = check_json(d.path(), &["notes.txt"]);
    assert_eq!(v["files_scanned"], 0);
    assert_eq!(
        v["findings"][0]["message"],
        format!(
            "not scanned: larger than the size limit of {} bytes",
            bounds::DEFAULT_MAX_FILE_SIZE
        )
    );
    // At the limit exactly the file is read (and scanned: one line of text, padded).
    let line = b"Fine text for the agent.\n";
    let mut text =
        line.repeat(usize::try_from(bounds::DEFAULT_MAX_FILE_SIZE).unwrap() / line.len());
    text.resize(
        usize::try_from(bounds::DEFAULT_MAX_FILE_SIZE).unwrap(),
        b'\n',
    );
    write(d.path(), "CLAUDE.md", &text);
    let (code, v) = check_json(d.path(), &["CLAUDE.md"]);
    assert_eq!(v["files_scanned"], 1, "{v}");
    // Scanned: only Claude Code's size note (PL803) is reported, no PL804.
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(counts(&v), vec![("PL803".to_owned(), 1)]);
    // One byte more: a file the model reads is still scanned up to the limit, and the rest
    // is a PL804 warning (not a note).
    text.push(b'\n');
    write(d.path(), "CLAUDE.md", &text);
    let (code, v) = check_json(d.path(), &["CLAUDE.md"]);
    assert_eq!(v["files_scanned"], 1, "{v}");
    // A warning fails the run at the default `--fail-on`.
    assert_eq!(code, Some(1), "{v}");
    let skip = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["rule"] == "PL804")
        .expect("a PL804");
    assert_eq!(skip["severity"], "warning");
    assert_eq!(
        skip["message"],
        format!(
            "not scanned: the bytes past {0} (the file is {1} bytes, larger than the size limit of {0} bytes)",
            bounds::DEFAULT_MAX_FILE_SIZE,
            bounds::DEFAULT_MAX_FILE_SIZE + 1
        )
    );
}

/// `n` lines, each with one U+202E RIGHT-TO-LEFT OVERRIDE closed by U+202C: one `PL201` error each.
fn bidi_lines(n: usize) -> String {
    "Ship the \u{202E}release\u{202C} today.\n".repeat(n)
}

#[test]
fn the_findings_per_rule_and_file_limit_at_its_edge() {
    let d = tmp();
    let n = DEFAULT_MAX_FINDINGS_PER_RULE;
    write(d.path(), "AGENTS.md", bidi_lines(n));
    let (code, v) = check_json(d.path(), &["AGENTS.md"]);
    assert_eq!(code, Some(1));
    assert_eq!(counts(&v), vec![("PL201".to_owned(), n)]);
    assert_eq!(v.get("truncated"), None);
    write(d.path(), "AGENTS.md", bidi_lines(n + 1));
    let (code, v) = check_json(d.path(), &["AGENTS.md"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        counts(&v),
        vec![("PL201".to_owned(), n), ("PL810".to_owned(), 1)]
    );
    assert_eq!(v["truncated"], 1);
    let last = &v["findings"][n];
    assert_eq!(last["rule"], "PL810");
    assert_eq!(last["severity"], "error");
    assert_eq!(last["start"]["line"], n + 1);
    assert_eq!(
        last["message"],
        format!("1 more PL201 finding in this file was not reported (limit {n} per rule and file)")
    );
}

#[test]
fn the_findings_per_run_limit_at_its_edge() {
    let d = tmp();
    let per_file = DEFAULT_MAX_FINDINGS_PER_RULE;
    let files = DEFAULT_MAX_FINDINGS / per_file;
    for i in 0..files {
        write(
            d.path(),
            &format!("f{i:03}/AGENTS.md"),
            bidi_lines(per_file),
        );
    }
    let (_, v) = check_json(d.path(), &["."]);
    assert_eq!(counts(&v), vec![("PL201".to_owned(), DEFAULT_MAX_FINDINGS)]);
    assert_eq!(v.get("truncated"), None);
    write(d.path(), "zzz/AGENTS.md", bidi_lines(1));
    let (code, v) = check_json(d.path(), &["."]);
    assert_eq!(code, Some(1));
    assert_eq!(
        counts(&v),
        vec![
            ("PL201".to_owned(), DEFAULT_MAX_FINDINGS),
            ("PL810".to_owned(), 1)
        ]
    );
    assert_eq!(v["truncated"], 1);
    let last = v["findings"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["path"], "zzz/AGENTS.md");
    assert_eq!(
        last["message"],
        format!(
            "1 more finding in this and later files was not reported (limit {DEFAULT_MAX_FINDINGS} per run)"
        )
    );
}

#[test]
fn the_json_structure_depth_at_its_edge() {
    let d = tmp();
    let bidi = "\"ship \u{202E}later\u{202C} today\"";
    let at = |depth: usize| {
        format!(
            "{{\"a\": {}{bidi}{}}}\n",
            "[".repeat(depth - 1),
            "]".repeat(depth - 1)
        )
    };
    // At the depth, past it by one, and far past it (the parser alone stops at 513): no
    // parse error, and the string inside is scanned at its own bytes.
    for depth in [
        bounds::JSON_STRUCTURE_DEPTH,
        bounds::JSON_STRUCTURE_DEPTH + 1,
        100_000,
    ] {
        let text = at(depth);
        write(d.path(), ".mcp.json", &text);
        let (code, v) = check_json(d.path(), &[".mcp.json"]);
        assert_eq!(code, Some(1), "{depth}");
        assert_eq!(counts(&v), vec![("PL201".to_owned(), 1)], "{depth}");
        let col = text.find('\u{202E}').unwrap() + 1;
        assert_eq!(v["findings"][0]["start"]["column"], col as u64, "{depth}");
    }
}

/// One Anthropic Messages request whose `metadata` holds arrays nested so the line is `depth`
/// deep in all (the object itself is one level).
fn request_line(depth: usize) -> String {
    format!(
        "{{\"model\":\"claude-x\",\"system\":\"You are a helper.\",\"messages\":[{{\"role\":\"user\",\"content\":\"hi\"}}],\"metadata\":{}{}}}\n",
        "[".repeat(depth - 1),
        "]".repeat(depth - 1)
    )
}

#[test]
fn the_cache_json_nesting_limit_at_its_edge() {
    let d = tmp();
    write(
        d.path(),
        "ok.jsonl",
        request_line(bounds::CACHE_JSON_NESTING_DEPTH),
    );
    let r = run_in(d.path(), &["cache", "ok.jsonl"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stderr, "");
    write(
        d.path(),
        "deep.jsonl",
        request_line(bounds::CACHE_JSON_NESTING_DEPTH + 1),
    );
    let r = run_in(d.path(), &["cache", "deep.jsonl"]);
    // The line is skipped with an error (exit 2); the log's other lines would still be read.
    assert_eq!(r.code, Some(2), "{}", r.stdout);
    assert!(
        r.stderr
            .starts_with("error: deep.jsonl:1: not JSON: recursion limit exceeded"),
        "{}",
        r.stderr
    );
}

#[test]
fn the_cache_line_limit_at_its_edge() {
    let d = tmp();
    let line = request_line(2);
    let n = line.len() - 1; // without its newline
    write(d.path(), "log.jsonl", &line);
    let r = run_in(
        d.path(),
        &["cache", "--max-line-bytes", &n.to_string(), "log.jsonl"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let r = run_in(
        d.path(),
        &[
            "cache",
            "--max-line-bytes",
            &(n - 1).to_string(),
            "log.jsonl",
        ],
    );
    assert_eq!(r.code, Some(2), "{}", r.stdout);
    assert!(
        r.stderr.contains(&format!(
            "longer than the {} byte limit (--max-line-bytes)",
            n - 1
        )),
        "{}",
        r.stderr
    );
    // The ceiling: accepted at it, a usage error past it.
    let ceiling = bounds::MAX_LINE_BYTES_CEILING.to_string();
    let r = run_in(
        d.path(),
        &["cache", "--max-line-bytes", &ceiling, "log.jsonl"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let over = (bounds::MAX_LINE_BYTES_CEILING + 1).to_string();
    let r = run_in(d.path(), &["cache", "--max-line-bytes", &over, "log.jsonl"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
}

/// `text` padded with a YAML comment to exactly `len` bytes.
fn padded_yaml(text: &str, len: usize) -> String {
    let mut s = format!("{text}# ");
    let fill = len - s.len() - 1;
    s.push_str(&"x".repeat(fill));
    s.push('\n');
    assert_eq!(s.len(), len);
    s
}

#[test]
fn the_config_and_rule_file_limits_at_their_edge() {
    let d = tmp();
    write(d.path(), "AGENTS.md", "Deploy bluejay on Friday.\n");
    let cap = usize::try_from(bounds::MAX_CONFIG_BYTES).unwrap();
    write(d.path(), "cfg.yaml", padded_yaml("ignore: [PL101]\n", cap));
    let r = run_in(d.path(), &["check", "--config", "cfg.yaml", "AGENTS.md"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    write(
        d.path(),
        "cfg.yaml",
        padded_yaml("ignore: [PL101]\n", cap + 1),
    );
    let r = run_in(d.path(), &["check", "--config", "cfg.yaml", "AGENTS.md"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    // A rule file of exactly the limit loads and reports; one byte more is refused.
    let rule = "id: PL190\nname: internal-codename\nfamily: injection\nseverity: warning\n\
                confidence: high\nsummary: Mentions the internal codename.\n\
                message: \"internal codename: {match}\"\nhelp: The codename must not reach agent files.\n\
                match:\n  keywords: [bluejay]\n  regex: ['\\bbluejay\\b']\n\
                examples:\n  match:\n    - \"Deploy bluejay on Friday.\"\n  no_match:\n    - \"Deploy the app on Friday.\"\n";
    let cap = usize::try_from(bounds::MAX_RULE_FILE_BYTES).unwrap();
    write(
        d.path(),
        "rules/injection/PL190-internal-codename.yaml",
        padded_yaml(rule, cap),
    );
    write(d.path(), ".promptlint.yaml", "rules_dirs: [rules]\n");
    let r = run_in(d.path(), &["check", "--format", "json", "AGENTS.md"]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stdout.contains("\"rule\": \"PL190\""), "{}", r.stdout);
    write(
        d.path(),
        "rules/injection/PL190-internal-codename.yaml",
        padded_yaml(rule, cap + 1),
    );
    let r = run_in(d.path(), &["check", "AGENTS.md"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
}

#[test]
fn the_baseline_limit_at_its_edge() {
    let d = tmp();
    write(d.path(), "AGENTS.md", "Fine text.\n");
    let r = run_in(
        d.path(),
        &[
            "check",
            "--no-config",
            "--write-baseline",
            "b.json",
            "AGENTS.md",
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let mut text = std::fs::read_to_string(d.path().join("b.json")).unwrap();
    let cap = usize::try_from(bounds::MAX_BASELINE_BYTES).unwrap();
    // JSON allows any amount of trailing whitespace.
    text.push_str(&" ".repeat(cap - text.len()));
    write(d.path(), "b.json", &text);
    let r = run_in(
        d.path(),
        &["check", "--no-config", "--baseline", "b.json", "AGENTS.md"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    text.push(' ');
    write(d.path(), "b.json", &text);
    let r = run_in(
        d.path(),
        &["check", "--no-config", "--baseline", "b.json", "AGENTS.md"],
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
}

#[test]
fn the_pattern_length_limit_at_its_edge() {
    let d = tmp();
    write(d.path(), "AGENTS.md", "Fine text.\n");
    // A literal regex of `len` bytes: `bluejay` then `x`s, matched by its own example.
    let rule = |len: usize| {
        let word = format!("bluejay{}", "x".repeat(len - "bluejay".len()));
        format!(
            "id: PL190\nname: internal-codename\nfamily: injection\nseverity: warning\n\
             confidence: high\nsummary: Mentions the internal codename.\n\
             message: \"internal codename\"\nhelp: The codename must not reach agent files.\n\
             match:\n  keywords: [bluejay]\n  regex: ['{word}']\n\
             examples:\n  match:\n    - \"Deploy {word} on Friday.\"\n    - \"{word}\"\n  \
             no_match:\n    - \"Deploy the app on Friday.\"\n    - \"bluejay\"\n"
        )
    };
    write(d.path(), ".promptlint.yaml", "rules_dirs: [rules]\n");
    write(
        d.path(),
        "rules/injection/PL190-internal-codename.yaml",
        rule(bounds::MAX_PATTERN_BYTES),
    );
    let r = run_in(d.path(), &["check", "AGENTS.md"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    write(
        d.path(),
        "rules/injection/PL190-internal-codename.yaml",
        rule(bounds::MAX_PATTERN_BYTES + 1),
    );
    let r = run_in(d.path(), &["check", "AGENTS.md"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
}

/// A base64 run of `Hello, world! 12` (16 bytes decoded, 24 symbols), one per line, `n` times.
fn base64_runs(n: usize) -> String {
    "SGVsbG8sIHdvcmxkISAxMg==\n".repeat(n)
}

#[test]
fn the_decoding_budget_at_its_edge() {
    let d = tmp();
    write(d.path(), "AGENTS.md", base64_runs(MAX_PAYLOADS));
    let (_, v) = check_json(d.path(), &["--select", "PL601", "AGENTS.md"]);
    assert_eq!(counts(&v), vec![], "{v}");
    write(d.path(), "AGENTS.md", base64_runs(MAX_PAYLOADS + 1));
    let (code, v) = check_json(d.path(), &["--select", "PL601", "AGENTS.md"]);
    assert_eq!(code, Some(1));
    assert_eq!(counts(&v), vec![("PL601".to_owned(), 1)], "{v}");
    assert_eq!(v["findings"][0]["severity"], "warning");
    assert_eq!(v["findings"][0]["start"]["line"], MAX_PAYLOADS + 1);
    assert!(
        v["findings"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("stopped decoding encoded text here"),
        "{v}"
    );
}

/// Standard base64 with padding, for the fixtures below.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for c in bytes.chunks(3) {
        let n = c
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= c.len() {
                out.push(char::from(ABC[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The decoded-bytes half of the budget: runs that decode to 16 KiB each, one per paragraph,
/// so that `MAX_DECODED` is reached exactly by the last of `MAX_DECODED / 16 KiB` of them.
#[test]
fn the_decoded_bytes_budget_at_its_edge() {
    assert_eq!(base64(b"Hello, world! 12"), "SGVsbG8sIHdvcmxkISAxMg==");
    let chunk = 16 * 1024;
    let run = base64("Hello, world! 12".repeat(chunk / 16).as_bytes());
    let n = MAX_DECODED / chunk;
    let paragraphs = |k: usize| format!("Blob:\n\n{run}\n\n").repeat(k);
    let d = tmp();
    write(d.path(), "AGENTS.md", paragraphs(n));
    let (_, v) = check_json(d.path(), &["--select", "PL601", "AGENTS.md"]);
    assert_eq!(counts(&v), vec![], "{v}");
    write(d.path(), "AGENTS.md", paragraphs(n + 1));
    let (_, v) = check_json(d.path(), &["--select", "PL601", "AGENTS.md"]);
    assert_eq!(counts(&v), vec![("PL601".to_owned(), 1)], "{v}");
    // Paragraph k (from 1) starts on line 4k - 3, its run on line 4k - 1.
    assert_eq!(v["findings"][0]["start"]["line"], 4 * (n + 1) - 1);
}

#[test]
fn the_cache_json_values_limit_at_its_edge() {
    // Values counted: the outer object, `messages` and its one message (3), the separators
    // after `role` and after `messages` (2), the `pad` array (1), then the pad's numbers.
    let line = |numbers: usize| {
        format!(
            "{{\"messages\":[{{\"role\":\"user\",\"content\":\"q\"}}],\"pad\":[{}]}}\n",
            vec!["0"; numbers].join(",")
        )
    };
    let at = bounds::MAX_CACHE_JSON_VALUES - 6;
    let d = tmp();
    write(d.path(), "ok.jsonl", line(at));
    let r = run_in(d.path(), &["cache", "ok.jsonl"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    write(d.path(), "over.jsonl", line(at + 1));
    let r = run_in(d.path(), &["cache", "over.jsonl"]);
    assert_eq!(r.code, Some(2), "{}", r.stdout);
    assert_eq!(
        r.stderr,
        format!(
            "error: over.jsonl:1: more than {} JSON values in one request; skipped\n",
            bounds::MAX_CACHE_JSON_VALUES
        )
    );
}

#[test]
fn the_hidden_markup_limits_at_their_edge() {
    use promptlint::parse::hidden::{MAX_ELEMENT_BYTES, MAX_TAG_BYTES, element_end, start_tag};
    let tag = |n: usize| {
        let (head, tail) = ("<p hidden title=\"", "\">");
        format!("{head}{}{tail}", "x".repeat(n - head.len() - tail.len()))
    };
    assert_eq!(
        start_tag(&tag(MAX_TAG_BYTES), 0).unwrap().end,
        MAX_TAG_BYTES
    );
    assert!(start_tag(&tag(MAX_TAG_BYTES + 1), 0).is_none());
    // The closing tag's `</p` must lie within the bound after the start tag.
    let element = |n: usize| format!("<p hidden>{}</p>tail", "x".repeat(n));
    let t = element(MAX_ELEMENT_BYTES - 3);
    assert_eq!(element_end(&t, &start_tag(&t, 0).unwrap()), t.len() - 4);
    let t = element(MAX_ELEMENT_BYTES - 2);
    assert_eq!(element_end(&t, &start_tag(&t, 0).unwrap()), t.len());
}

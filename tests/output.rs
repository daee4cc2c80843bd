//! Hostile input against the output: a flood of findings is capped and counted (`PL810`), a
//! hostile path cannot drive the terminal or forge a line, and a run that fails still prints a
//! document of the chosen format.

// Test code: a failed unwrap is a failed test; helpers are `pub` for the test files.
#![allow(clippy::unwrap_used, unreachable_pub)]

mod common;

use std::path::{Path, PathBuf};

use common::{check_json, promptlint, run, write};
use serde_json::Value;

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temp dir")
}

/// A request log with `n` lines that are not JSON: one `PL805` note each.
fn bad_log(n: usize) -> String {
    "not json\n".repeat(n)
}

fn findings(v: &Value) -> &Vec<Value> {
    v["findings"].as_array().expect("findings is an array")
}

fn count(v: &Value, list: &str, rule: &str) -> usize {
    v[list]
        .as_array()
        .map_or(0, |a| a.iter().filter(|f| f["rule"] == rule).count())
}

fn validator() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/schemas/validate_sarif.py");
    let has_jsonschema = std::process::Command::new("python3")
        .args(["-c", "import jsonschema"])
        .output()
        .is_ok_and(|o| o.status.success());
    (p.exists() && has_jsonschema).then_some(p)
}

/// Validates a SARIF file with ../shared/schemas/validate_sarif.py (skipped when absent).
fn assert_valid_sarif(sarif: &Path) {
    let Some(v) = validator() else {
        println!("skipped the validator: validate_sarif.py or jsonschema is absent");
        return;
    };
    let o = std::process::Command::new("python3")
        .arg(v)
        .arg("--strict")
        .arg(sarif)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{report}");
    assert!(report.contains("OK (0 error(s), 0 warning(s))"), "{report}");
}

// ---------------------------------------------------------------------------------------------
// Class 3: output without bound

#[test]
fn output_without_bound_is_capped_per_rule_and_file() {
    let dir = tmp();
    write(dir.path(), "requests.jsonl", bad_log(5000));
    let args = ["--no-config", "requests.jsonl", "--fail-on", "note"];
    let (code, v) = check_json(dir.path(), &args);
    let all = findings(&v);
    assert_eq!(count(&v, "findings", "PL805"), 100);
    assert_eq!(count(&v, "findings", "PL810"), 1);
    assert_eq!(all.len(), 101);
    let s = all.iter().find(|f| f["rule"] == "PL810").unwrap();
    assert_eq!(
        s["message"],
        "4900 more PL805 findings in this file were not reported (limit 100 per rule and file)"
    );
    assert_eq!(s["severity"], "note");
    assert_eq!(s["name"], "findings-truncated");
    // At the first finding left out: line 101.
    assert_eq!(s["start"]["line"], 101);
    assert_eq!(v["truncated"], 4900);
    // The kept ones are the first 100 lines.
    let lines: Vec<u64> = all
        .iter()
        .filter(|f| f["rule"] == "PL805")
        .map(|f| f["start"]["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, (1..=100).collect::<Vec<u64>>());
    // Without the cap: every finding, the same exit code.
    let mut uncapped = args.to_vec();
    uncapped.extend(["--max-findings-per-rule", "0"]);
    let (code0, v0) = check_json(dir.path(), &uncapped);
    assert_eq!(count(&v0, "findings", "PL805"), 5000);
    assert_eq!(count(&v0, "findings", "PL810"), 0);
    assert!(v0.get("truncated").is_none());
    assert_eq!(code, Some(1));
    assert_eq!(code, code0);
    // The size is bounded: 5,000 findings of 800 bytes each would be 4 MB.
    let r = run(promptlint()
        .current_dir(dir.path())
        .args(["check", "--format", "json"])
        .args(args));
    assert!(r.stdout.len() < 100_000, "{} bytes", r.stdout.len());
    let r = run(promptlint()
        .current_dir(dir.path())
        .args(["check", "--statistics"])
        .args(args));
    assert_eq!(
        r.stdout.lines().last().unwrap_or(""),
        "101 findings (0 errors, 0 warnings, 101 notes) in 1 file scanned; 4900 more over the output limits, counted by PL810"
    );
    // SARIF lists every enabled rule with its help once (a fixed size); the results add
    // little: compare with a log of one bad line.
    write(dir.path(), "one.jsonl", bad_log(1));
    let fixed = run(promptlint().current_dir(dir.path()).args([
        "check",
        "--format",
        "sarif",
        "--no-config",
        "one.jsonl",
    ]));
    let r = run(promptlint()
        .current_dir(dir.path())
        .args(["check", "--format", "sarif"])
        .args(args));
    let grown = r.stdout.len() - fixed.stdout.len();
    assert!(grown < 100_000, "{grown} bytes more than for one line");
    let sarif = dir.path().join("out.sarif");
    std::fs::write(&sarif, &r.stdout).unwrap();
    assert_valid_sarif(&sarif);
    let log: Value = serde_json::from_str(&r.stdout).unwrap();
    let rules = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    assert!(rules.iter().any(|r| r["id"] == "PL810"));
    // Help is carried once per rule, not per result.
    assert!(
        log["runs"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r.get("help").is_none())
    );
}

#[test]
fn output_without_bound_keeps_the_exit_code_of_the_dropped_errors() {
    // 150 bidi overrides (errors): the summary is an error too.
    let dir = tmp();
    write(
        dir.path(),
        "AGENTS.md",
        "a \u{202E}b\u{202C} c\n".repeat(150),
    );
    for fail_on in ["error", "warning", "note", "never"] {
        let args = ["--no-config", "AGENTS.md", "--fail-on", fail_on];
        let (code, v) = check_json(dir.path(), &args);
        let s = findings(&v)
            .iter()
            .find(|f| f["rule"] == "PL810")
            .unwrap_or_else(|| panic!("no PL810: {v}"));
        assert_eq!(s["severity"], "error");
        assert_eq!(
            s["message"],
            "50 more PL201 findings in this file were not reported (limit 100 per rule and file)"
        );
        let mut uncapped = args.to_vec();
        uncapped.extend(["--max-findings-per-rule", "0", "--max-findings", "0"]);
        let (code0, _) = check_json(dir.path(), &uncapped);
        assert_eq!(code, code0, "--fail-on {fail_on}");
    }
}

#[test]
fn output_without_bound_flag_and_config_set_the_caps() {
    let dir = tmp();
    write(dir.path(), "requests.jsonl", bad_log(300));
    write(
        dir.path(),
        "cfg.yaml",
        "max_findings_per_rule: 10\nmax_findings: 0\n",
    );
    let (_, v) = check_json(dir.path(), &["--config", "cfg.yaml", "requests.jsonl"]);
    assert_eq!(count(&v, "findings", "PL805"), 10);
    let s = findings(&v).iter().find(|f| f["rule"] == "PL810").unwrap();
    assert_eq!(
        s["message"],
        "290 more PL805 findings in this file were not reported (limit 10 per rule and file)"
    );
    // The flag wins over the config.
    let (_, v) = check_json(
        dir.path(),
        &[
            "--config",
            "cfg.yaml",
            "requests.jsonl",
            "--max-findings-per-rule",
            "20",
        ],
    );
    assert_eq!(count(&v, "findings", "PL805"), 20);
    assert_eq!(count(&v, "findings", "PL810"), 1);
    // The count cannot be turned off: it is the only trace of what was left out.
    let (_, v) = check_json(
        dir.path(),
        &["--no-config", "requests.jsonl", "--ignore", "PL810"],
    );
    assert_eq!(count(&v, "findings", "PL805"), 100);
    assert_eq!(count(&v, "findings", "PL810"), 1);
    // A bad value is a config error.
    write(dir.path(), "bad.yaml", "max_findings: -1\n");
    let r = run(promptlint().current_dir(dir.path()).args([
        "check",
        "--config",
        "bad.yaml",
        "requests.jsonl",
    ]));
    assert_eq!(r.code, Some(2), "{r:?}");
}

#[test]
fn output_without_bound_is_capped_per_run_across_files() {
    let dir = tmp();
    for name in ["a.jsonl", "b.jsonl", "c.jsonl"] {
        write(dir.path(), name, bad_log(50));
    }
    let args = [
        "--no-config",
        "a.jsonl",
        "b.jsonl",
        "c.jsonl",
        "--max-findings",
        "120",
    ];
    let (code, v) = check_json(dir.path(), &args);
    assert_eq!(code, Some(0));
    let per_file = |p: &str| {
        findings(&v)
            .iter()
            .filter(|f| f["path"] == p && f["rule"] == "PL805")
            .count()
    };
    assert_eq!(
        (
            per_file("a.jsonl"),
            per_file("b.jsonl"),
            per_file("c.jsonl")
        ),
        (50, 50, 20)
    );
    let s: Vec<&Value> = findings(&v)
        .iter()
        .filter(|f| f["rule"] == "PL810")
        .collect();
    assert_eq!(s.len(), 1, "{s:?}");
    assert_eq!(s[0]["path"], "c.jsonl");
    assert_eq!(s[0]["start"]["line"], 21);
    assert_eq!(
        s[0]["message"],
        "30 more findings in this and later files were not reported (limit 120 per run)"
    );
    assert_eq!(v["truncated"], 30);
    // The last finding listed; the same whatever the thread count.
    assert_eq!(findings(&v).last().unwrap()["rule"], "PL810");
    let one = run(promptlint()
        .current_dir(dir.path())
        .env("RAYON_NUM_THREADS", "1")
        .args(["check", "--format", "json"])
        .args(args));
    let four = run(promptlint()
        .current_dir(dir.path())
        .env("RAYON_NUM_THREADS", "4")
        .args(["check", "--format", "json"])
        .args(args));
    assert_eq!(one.stdout, four.stdout);
}

#[test]
fn output_without_bound_caps_suppressed_findings_apart_and_keeps_the_baseline_whole() {
    let dir = tmp();
    write(dir.path(), "requests.jsonl", bad_log(500));
    let r = run(promptlint().current_dir(dir.path()).args([
        "check",
        "--no-config",
        "requests.jsonl",
        "--write-baseline",
        "base.json",
    ]));
    assert_eq!(r.code, Some(0), "{r:?}");
    // The baseline records every finding, not only those listed.
    let b: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("base.json")).unwrap())
            .unwrap();
    assert_eq!(b["findings"].as_array().unwrap().len(), 500);
    let (code, v) = check_json(
        dir.path(),
        &[
            "--no-config",
            "requests.jsonl",
            "--baseline",
            "base.json",
            "--fail-on",
            "note",
        ],
    );
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(findings(&v).len(), 0);
    assert_eq!(count(&v, "suppressed", "PL805"), 100);
    assert_eq!(count(&v, "suppressed", "PL810"), 1);
    let s = v["suppressed"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["rule"] == "PL810")
        .unwrap();
    assert_eq!(
        s["message"],
        "400 more suppressed PL805 findings in this file were not reported (limit 100 per rule and file)"
    );
    assert_eq!(s["suppression"]["by"], "baseline");
}

// ---------------------------------------------------------------------------------------------
// Class 7: terminal injection through paths

/// A folder name that sets the terminal title (OSC 0) and holds a line feed.
#[cfg(unix)]
const HOSTILE: &str = "evil\u{1b}]0;owned\u{7}\nforged line";

#[cfg(unix)]
fn assert_clean(what: &str, text: &str) {
    for bad in ['\u{1b}', '\u{7}'] {
        assert!(!text.contains(bad), "{what} holds {bad:?}:\n{text}");
    }
    assert!(
        !text.lines().any(|l| l.starts_with("forged line")),
        "{what} holds a forged line:\n{text}"
    );
}

#[cfg(unix)]
#[test]
fn terminal_injection_through_paths_is_escaped() {
    let dir = tmp();
    let evil = dir.path().join(HOSTILE);
    std::fs::create_dir_all(&evil).unwrap();
    std::fs::write(evil.join("AGENTS.md"), "Ship \u{202E}after CI today.\n").unwrap();
    // A broken link with the same name, for the `error: PATH: MESSAGE` line.
    std::os::unix::fs::symlink(dir.path().join("nowhere"), evil.join("CLAUDE.md")).unwrap();
    for format in ["human", "github"] {
        let r = run(promptlint().current_dir(dir.path()).args([
            "check",
            "--no-config",
            ".",
            "--format",
            format,
        ]));
        assert_eq!(r.code, Some(2), "{r:?}");
        assert_clean(&format!("{format} stdout"), &r.stdout);
        assert_clean(&format!("{format} stderr"), &r.stderr);
        assert!(
            r.stdout.contains("evil<U+001B>]0;owned<U+0007>"),
            "{}",
            r.stdout
        );
    }
    let r = run(promptlint()
        .current_dir(dir.path())
        .args(["check", "--no-config", "."]));
    assert!(
        r.stdout.contains(
            "error: evil<U+001B>]0;owned<U+0007><U+000A>forged line/CLAUDE.md: broken symbolic link"
        ),
        "{}",
        r.stdout
    );
    // --diff headers.
    let r = run(promptlint()
        .current_dir(dir.path())
        .args(["check", "--no-config", ".", "--diff"]));
    assert_clean("--diff", &r.stdout);
    assert!(
        r.stdout
            .contains("--- a/evil<U+001B>]0;owned<U+0007><U+000A>forged line/AGENTS.md\n"),
        "{}",
        r.stdout
    );
    // SARIF: the URI is percent-encoded.
    let r = run(promptlint().current_dir(dir.path()).args([
        "check",
        "--no-config",
        ".",
        "--format",
        "sarif",
    ]));
    assert!(
        r.stdout
            .contains("\"uri\": \"evil%1B%5D0;owned%07%0Aforged%20line/AGENTS.md\""),
        "{}",
        r.stdout
    );
    // init names the file it wrote.
    let r = run(promptlint().current_dir(dir.path()).args(["init", HOSTILE]));
    assert_eq!(r.code, Some(0), "{r:?}");
    assert_clean("init", &r.stdout);
    let r = run(promptlint().current_dir(dir.path()).args(["init", HOSTILE]));
    assert_eq!(r.code, Some(2), "{r:?}");
    assert_clean("init error", &r.stderr);
    // A config found in that folder names it in its diagnostics.
    std::fs::write(evil.join(".promptlint.yaml"), "selct: []\n").unwrap();
    let r = run(promptlint()
        .current_dir(dir.path())
        .args(["check", HOSTILE]));
    assert_eq!(r.code, Some(2), "{r:?}");
    assert_clean("config error", &r.stderr);
}

// ---------------------------------------------------------------------------------------------
// Class 9: errors in the chosen format

fn check(dir: &Path, args: &[&str]) -> common::Run {
    run(promptlint().current_dir(dir).arg("check").args(args))
}

#[test]
fn errors_in_the_chosen_format_json() {
    let dir = tmp();
    write(dir.path(), "AGENTS.md", "# Build\n");
    write(dir.path(), "bad.yaml", "selct: [unicode]\n");
    write(dir.path(), "base.json", "not a baseline");
    let cases: &[(&[&str], &str)] = &[
        (
            &["--no-config", "--select", "PL999"],
            "unknown rule or family `PL999` (see `promptlint rules`)",
        ),
        (&["--config", "bad.yaml"], "bad.yaml: "),
        (
            &["--no-config", "--baseline", "base.json"],
            "cannot read the baseline base.json: ",
        ),
        (
            &["--no-config", "--baseline", "missing.json"],
            "cannot read the baseline missing.json: no such file or directory",
        ),
        (
            &["--no-config", "--fix", "-"],
            "--fix cannot rewrite standard input; use --diff to see the changes",
        ),
        (
            &["--no-config", "--diff"],
            "--diff prints a unified diff only and takes no --format; run without --diff for findings in that format",
        ),
    ];
    for (args, message) in cases {
        let mut all = vec!["--format", "json"];
        all.extend_from_slice(args);
        let r = check(dir.path(), &all);
        assert_eq!(r.code, Some(2), "{args:?}: {r:?}");
        let v: Value = serde_json::from_str(&r.stdout)
            .unwrap_or_else(|e| panic!("{args:?}: no JSON ({e}): {r:?}"));
        assert_eq!(v["version"], 1);
        assert_eq!(v["files_scanned"], 0);
        assert_eq!(v["findings"], serde_json::json!([]));
        let errors = v["errors"].as_array().unwrap();
        assert_eq!(errors.len(), 1, "{v}");
        assert_eq!(errors[0]["path"], "");
        let got = errors[0]["message"].as_str().unwrap();
        assert!(got.starts_with(message), "{args:?}: {got}");
        // The message for people stays on stderr.
        assert!(!r.stderr.is_empty(), "{args:?}");
    }
    // A missing path is an error of its file, in a JSON report too.
    let (code, v) = check_json(dir.path(), &["--no-config", "missing.md"]);
    assert_eq!(code, Some(2));
    assert_eq!(v["errors"][0]["path"], "missing.md");
    // --json-file gets the document even when stdout is for people.
    let r = check(
        dir.path(),
        &[
            "--no-config",
            "--select",
            "PL999",
            "--json-file",
            "out.json",
        ],
    );
    assert_eq!(r.code, Some(2));
    assert_eq!(r.stdout, "");
    let v: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("out.json")).unwrap())
            .unwrap();
    assert_eq!(v["errors"][0]["path"], "");
}

#[test]
fn errors_in_the_chosen_format_sarif_github_gitlab() {
    let dir = tmp();
    write(dir.path(), "AGENTS.md", "# Build\n");
    let r = check(
        dir.path(),
        &["--no-config", "--select", "PL999", "--format", "sarif"],
    );
    assert_eq!(r.code, Some(2), "{r:?}");
    let log: Value = serde_json::from_str(&r.stdout).unwrap();
    let inv = &log["runs"][0]["invocations"][0];
    assert_eq!(inv["executionSuccessful"], false);
    assert_eq!(
        inv["toolExecutionNotifications"][0]["message"]["text"],
        "unknown rule or family `PL999` (see `promptlint rules`)"
    );
    assert_eq!(inv["toolExecutionNotifications"][0]["level"], "error");
    assert_eq!(log["runs"][0]["results"], serde_json::json!([]));
    let sarif = dir.path().join("err.sarif");
    std::fs::write(&sarif, &r.stdout).unwrap();
    assert_valid_sarif(&sarif);
    let r = check(
        dir.path(),
        &["--no-config", "--select", "PL999", "--format", "github"],
    );
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stdout,
        "::error title=promptlint::unknown rule or family `PL999` (see `promptlint rules`)\n"
    );
    let r = check(
        dir.path(),
        &["--no-config", "--select", "PL999", "--format", "gitlab"],
    );
    assert_eq!(r.code, Some(2));
    assert_eq!(r.stdout, "[]\n");
    assert!(r.stderr.contains("unknown rule or family `PL999`"), "{r:?}");
    // A failed write of an extra output is reported in the main one.
    let r = check(
        dir.path(),
        &[
            "--no-config",
            "--format",
            "json",
            "--sarif-file",
            "no/such/dir/out.sarif",
        ],
    );
    assert_eq!(r.code, Some(2), "{r:?}");
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["files_scanned"], 1);
    let m = v["errors"][0]["message"].as_str().unwrap();
    assert!(m.starts_with("cannot write no/such/dir/out.sarif: "), "{m}");
}

#[test]
fn errors_in_the_chosen_format_cache_json_lists_unreadable_logs() {
    let dir = tmp();
    let r = run(promptlint().current_dir(dir.path()).args([
        "cache",
        "--format",
        "json",
        "missing.jsonl",
    ]));
    assert_eq!(r.code, Some(2), "{r:?}");
    let v: Value = serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {r:?}"));
    assert_eq!(v["conversations"], serde_json::json!([]));
    assert_eq!(
        v["errors"],
        serde_json::json!([{"path": "missing.jsonl", "message": "no such file or directory"}])
    );
}

//! Snapshots of the human and JSON output of `promptlint check <folder>` for every folder under
//! fixtures/ (one per rule, one per bad-input class). Folders are discovered, so adding a
//! fixture folder adds its two snapshots; a snapshot whose folder is gone fails the test.
//!
//! Review a changed snapshot with `cargo insta review` (or `INSTA_UPDATE=always cargo test
//! --test fixtures` and read the .snap files): never accept one unread.

// Test code: a failed unwrap is a failed test; helpers are `pub` for the test files.
#![allow(clippy::unwrap_used, unreachable_pub)]

mod common;

use std::collections::BTreeSet;

use common::{fixtures_dir, promptlint, run};
use promptlint::escape::is_invisible;

/// A copy of fixtures/ in a temporary repository of its own (a `.git` folder at its root), so
/// that what a check reads around a fixture (Codex counts the AGENTS.md files of ancestor
/// folders up to the repository root) never depends on this repository's own files.
fn hermetic_fixtures() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        copy_tree(&fixtures_dir(), dir.path());
        std::fs::create_dir(dir.path().join(".git")).expect("mkdir .git");
        dir
    })
    .path()
}

fn copy_tree(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("readable fixtures") {
        let e = e.expect("entry");
        let t = e.file_type().expect("file type");
        let dest = to.join(e.file_name());
        if t.is_dir() {
            copy_tree(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), dest).expect("copy fixture");
        }
    }
}

/// Fixture folders, sorted (folders only: fixtures/README.md is not one).
fn folders() -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(fixtures_dir())
        .expect("fixtures/ exists")
        .map(|e| e.expect("readable entry"))
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    out.sort();
    out
}

/// Panics when `text` holds a raw invisible, bidi or control code point (LF and TAB aside).
fn assert_no_raw_invisible(what: &str, text: &str) {
    if let Some((i, c)) = text.char_indices().find(|&(_, c)| is_invisible(c)) {
        panic!(
            "{what}: raw U+{:04X} at byte {i} of the output: {}",
            c as u32,
            promptlint::escape::excerpt(&text[i.saturating_sub(40)..], 80)
        );
    }
}

/// Exit code the folder's findings call for at the default `--fail-on warning`.
fn expected_exit(json: &serde_json::Value) -> i32 {
    if !json["errors"].as_array().unwrap().is_empty() {
        return 2;
    }
    let loud = json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| matches!(f["severity"].as_str(), Some("error" | "warning")));
    i32::from(loud)
}

#[test]
fn every_fixture_folder_matches_its_snapshots() {
    let names = folders();
    assert!(
        names.iter().any(|n| n.starts_with("PL")),
        "no rule fixture folder found in {}",
        fixtures_dir().display()
    );
    for name in &names {
        let human = run(promptlint()
            .current_dir(hermetic_fixtures())
            .args(["check", "--color", "never", name]));
        let json = run(promptlint()
            .current_dir(hermetic_fixtures())
            .args(["check", "--format", "json", name]));
        // A folder with no agent file (cache/ holds request logs, named on purpose by their
        // tests) gets the one warning that nothing was scanned; any other stderr is a bug.
        let stderr_ok = |stderr: &str| {
            stderr.is_empty()
                || (human.stdout.contains(" in 0 files scanned")
                    && stderr.starts_with(&format!("warning: no file was scanned in {name}: "))
                    && stderr.lines().count() == 1)
        };
        assert!(stderr_ok(&human.stderr), "{name}: stderr: {}", human.stderr);
        assert!(stderr_ok(&json.stderr), "{name}: stderr: {}", json.stderr);
        assert_no_raw_invisible(&format!("{name} (human)"), &human.stdout);
        assert_no_raw_invisible(&format!("{name} (json)"), &json.stdout);
        let parsed: serde_json::Value = serde_json::from_str(&json.stdout)
            .unwrap_or_else(|e| panic!("{name}: invalid JSON: {e}"));
        let code = expected_exit(&parsed);
        assert_eq!(human.code, Some(code), "{name}: human exit code");
        assert_eq!(json.code, Some(code), "{name}: json exit code");
        // Every finding's path lies inside the folder that was named.
        for f in parsed["findings"].as_array().unwrap() {
            let path = f["path"].as_str().unwrap();
            assert!(
                path.starts_with(&format!("{name}/")),
                "{name}: finding path {path} is not relative to fixtures/"
            );
        }
        insta::assert_snapshot!(format!("{name}.human"), human.stdout);
        insta::assert_snapshot!(format!("{name}.json"), json.stdout);
    }
}

#[test]
fn every_rule_fixture_folder_reports_its_rule() {
    for name in folders().iter().filter(|n| n.starts_with("PL")) {
        let (id, rule_name) = name.split_once('-').expect("PLnnn-name");
        let rule = promptlint::rules::Catalog::builtin()
            .get(id)
            .unwrap_or_else(|| panic!("{name}: no rule {id}"));
        assert_eq!(rule.name, rule_name, "{name}: folder name != rule name");
        let (_, json) = common::check_json(hermetic_fixtures(), &[name]);
        let rules: BTreeSet<&str> = json["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["rule"].as_str().unwrap())
            .collect();
        assert!(rules.contains(id), "{name}: {id} not reported: {rules:?}");
    }
}

#[test]
fn no_snapshot_outlives_its_fixture_folder() {
    let names: BTreeSet<String> = folders().into_iter().collect();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    let mut orphans = Vec::new();
    for e in entries {
        let file = e.unwrap().file_name().to_string_lossy().into_owned();
        let Some(stem) = file
            .strip_prefix("fixtures__")
            .and_then(|f| f.strip_suffix(".snap"))
        else {
            continue;
        };
        let folder = stem
            .strip_suffix(".human")
            .or_else(|| stem.strip_suffix(".json"))
            .unwrap_or(stem);
        if !names.contains(folder) {
            orphans.push(file);
        }
    }
    assert!(
        orphans.is_empty(),
        "snapshots without a fixture folder: {orphans:?}"
    );
}

//! The real-world yardstick: ../shared/corpus (next to the crate), when it exists.
//!
//! The built binary is run once, as `check --format json --fail-on never FILES` (as
//! ../shared/tools/score.py runs it), over every attack and hard negative listed in
//! MANIFEST.tsv and every file of benign/. Then:
//! - every attack is reported with its expected family at warning or error (deception counts
//!   as injection, confusable as unicode);
//! - no file of benign/ or hard-negatives/ gets an error-level finding;
//! - at most 2% of the files of benign/ get a warning.
//!
//! Without the corpus each test prints why it is skipped and passes. The corpus's contents are
//! only read, never copied into the project.

// Test code: a failed unwrap is a failed test; helpers are `pub` for the test files.
#![allow(clippy::unwrap_used, unreachable_pub)]

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use common::{promptlint, run};
use serde_json::Value;

/// Largest share of benign files that may get a warning.
const MAX_BENIGN_WARNING_SHARE: f64 = 0.02;

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus")
}

/// One labelled case of MANIFEST.tsv.
#[derive(Debug, Clone)]
struct Case {
    path: String,
    expected: String,
    category: String,
    family: String,
}

/// The family a finding or a case counts as (score.py's aliases).
fn alias(family: &str) -> &str {
    match family {
        "deception" => "injection",
        "confusable" => "unicode",
        f => f,
    }
}

fn manifest(root: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(root.join("MANIFEST.tsv")).expect("MANIFEST.tsv reads");
    let mut lines = text.lines();
    let header: Vec<String> = lines
        .next()
        .expect("a header")
        .split('\t')
        .map(|h| h.trim().to_ascii_lowercase())
        .collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("MANIFEST.tsv has no `{name}` column"))
    };
    let (p, e, c, f) = (
        col("path"),
        col("expected"),
        col("category"),
        col("expected_rule_family"),
    );
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            let get = |i: usize| cells.get(i).map_or("", |s| s.trim()).to_owned();
            Case {
                path: get(p),
                expected: get(e),
                category: get(c),
                family: get(f),
            }
        })
        .collect()
}

/// Every file under `dir` but the .tsv listings, relative to `root`, sorted.
fn files_under(root: &Path, dir: &str) -> Vec<String> {
    fn walk(d: &Path, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(d) else { return };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_none_or(|x| x != "tsv") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(&root.join(dir), &mut out);
    let mut rel: Vec<String> = out
        .iter()
        .map(|p| {
            p.strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    rel.sort();
    rel
}

/// The corpus run: cases, benign files, and each file's findings (by path as given).
struct Corpus {
    cases: Vec<Case>,
    benign: Vec<String>,
    findings: BTreeMap<String, Vec<Value>>,
}

/// Runs the binary once over the whole corpus (in chunks of 200 paths, as score.py does).
fn corpus() -> Option<&'static Corpus> {
    static RUN: OnceLock<Option<Corpus>> = OnceLock::new();
    RUN.get_or_init(|| {
        let root = corpus_dir();
        if !root.join("MANIFEST.tsv").is_file() {
            return None;
        }
        let cases = manifest(&root);
        let benign = files_under(&root, "benign");
        let mut paths: Vec<String> = cases.iter().map(|c| c.path.clone()).collect();
        paths.extend(benign.iter().cloned());
        let mut findings: BTreeMap<String, Vec<Value>> = BTreeMap::new();
        for chunk in paths.chunks(200) {
            let r = run(promptlint()
                .current_dir(&root)
                .args(["check", "--format", "json", "--fail-on", "never"])
                .args(chunk));
            assert!(
                matches!(r.code, Some(0 | 2)),
                "exit {:?}; stderr:\n{}",
                r.code,
                r.stderr
            );
            let v: Value = serde_json::from_str(&r.stdout).unwrap_or_else(|e| {
                panic!("no JSON ({e}); stderr:\n{}", r.stderr);
            });
            let errors = v["errors"].as_array().unwrap();
            assert!(errors.is_empty(), "files could not be read: {errors:?}");
            for f in v["findings"].as_array().unwrap() {
                let path = f["path"].as_str().unwrap().to_owned();
                findings.entry(path).or_default().push(f.clone());
            }
        }
        Some(Corpus {
            cases,
            benign,
            findings,
        })
    })
    .as_ref()
}

fn skip_reason() -> String {
    format!(
        "skipped: no corpus at {} (../shared/corpus next to the crate)",
        corpus_dir().display()
    )
}

fn severity(f: &Value) -> &str {
    f["severity"].as_str().unwrap_or("")
}

fn describe(f: &Value) -> String {
    format!(
        "{}:{} {} {} {}",
        f["start"]["line"],
        f["start"]["column"],
        f["rule"].as_str().unwrap_or(""),
        severity(f),
        f["message"].as_str().unwrap_or("")
    )
}

#[test]
fn every_attack_is_reported_with_its_family() {
    let Some(c) = corpus() else {
        println!("{}", skip_reason());
        return;
    };
    let mut total = 0;
    let mut misses = Vec::new();
    for case in c.cases.iter().filter(|k| k.expected == "attack") {
        total += 1;
        let want = alias(&case.family);
        let found = c.findings.get(&case.path).map_or(&[][..], Vec::as_slice);
        let loud: BTreeSet<&str> = found
            .iter()
            .filter(|f| matches!(severity(f), "error" | "warning"))
            .map(|f| alias(f["family"].as_str().unwrap_or("")))
            .collect();
        if !loud.contains(want) {
            misses.push(format!(
                "missed [{want}] {} (category {}); warning/error families: {loud:?}",
                case.path, case.category
            ));
        }
    }
    println!("attack recall: {}/{}", total - misses.len(), total);
    for m in &misses {
        println!("{m}");
    }
    assert!(total > 0, "no attack in the manifest");
    assert!(
        misses.is_empty(),
        "{} of {total} attacks missed:\n{}",
        misses.len(),
        misses.join("\n")
    );
}

#[test]
fn no_hard_negative_gets_an_error() {
    let Some(c) = corpus() else {
        println!("{}", skip_reason());
        return;
    };
    let mut bad = Vec::new();
    let mut warned = Vec::new();
    let negatives: Vec<&Case> = c.cases.iter().filter(|k| k.expected != "attack").collect();
    for case in &negatives {
        let found = c.findings.get(&case.path).map_or(&[][..], Vec::as_slice);
        for f in found {
            match severity(f) {
                "error" => bad.push(format!("{}: {}", case.path, describe(f))),
                "warning" => warned.push(format!("{}: {}", case.path, describe(f))),
                _ => {}
            }
        }
    }
    println!(
        "hard negatives: {} files, {} error findings, {} warning findings",
        negatives.len(),
        bad.len(),
        warned.len()
    );
    for w in &warned {
        println!("warning (allowed): {w}");
    }
    assert!(!negatives.is_empty(), "no hard negative in the manifest");
    assert!(
        bad.is_empty(),
        "error-level findings in hard negatives:\n{}",
        bad.join("\n")
    );
}

#[test]
fn benign_files_get_no_error_and_few_warnings() {
    let Some(c) = corpus() else {
        println!("{}", skip_reason());
        return;
    };
    let mut errors = Vec::new();
    let mut warned_files = Vec::new();
    for path in &c.benign {
        let found = c.findings.get(path).map_or(&[][..], Vec::as_slice);
        for f in found.iter().filter(|f| severity(f) == "error") {
            errors.push(format!("{path}: {}", describe(f)));
        }
        let warnings: Vec<String> = found
            .iter()
            .filter(|f| severity(f) == "warning")
            .map(describe)
            .collect();
        if let Some(first) = warnings.first() {
            let more = match warnings.len() - 1 {
                0 => String::new(),
                n => format!(" (+{n} more warnings)"),
            };
            warned_files.push(format!("{path}: {first}{more}"));
        }
    }
    let n = c.benign.len();
    let allowed = (n as f64 * MAX_BENIGN_WARNING_SHARE).floor() as usize;
    println!(
        "benign: {n} files, {} with warnings (at most {allowed} allowed), {} error findings",
        warned_files.len(),
        errors.len()
    );
    for w in &warned_files {
        println!("warned: {w}");
    }
    assert!(n > 0, "benign/ holds no file");
    assert!(
        errors.is_empty(),
        "error-level findings in benign files:\n{}",
        errors.join("\n")
    );
    assert!(
        warned_files.len() <= allowed,
        "{} of {n} benign files get warnings (at most {allowed}):\n{}",
        warned_files.len(),
        warned_files.join("\n")
    );
}

//! Embeds the rule catalog: every `rules/**/*.yaml` file becomes a `(path, text)` entry of
//! `RULE_FILES` in `$OUT_DIR/rule_files.rs`, sorted by path, so the binary needs no files at
//! run time and the catalog is the same on every machine.
//!
//! Also computes the required literals of every regex of the pattern rules
//! (`$OUT_DIR/literals.rs`, see `crates/promptlint-core/src/rules/literals.rs`): parsing a regex to gate it costs
//! more than matching a file, so a run looks them up instead.

#[path = "src/rules/literals.rs"]
#[allow(dead_code, unreachable_pub)]
mod literals;

/// The part of a rule file this script reads; everything else is ignored.
#[derive(serde::Deserialize)]
struct RuleFile {
    #[serde(default, rename = "match")]
    matcher: Option<Matcher>,
}

#[derive(serde::Deserialize)]
struct Matcher {
    #[serde(default)]
    regex: OneOrMany,
}

#[derive(serde::Deserialize, Default)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
    #[default]
    None,
}

/// What `promptlint rules` lists of a rule file ([`rule_rows`]).
#[derive(serde::Deserialize)]
struct RowFile {
    id: String,
    name: String,
    family: String,
    severity: String,
    confidence: String,
    summary: String,
    #[serde(default)]
    fixable: bool,
}

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "yaml") {
            out.push(path);
        }
    }
}

fn main() {
    // The rule files live in this crate (`rules/`, so the published package holds them);
    // their embedded paths are relative to the crate (`rules/unicode/PL201-....yaml`).
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let rules = root.join("rules");
    println!("cargo:rerun-if-changed=rules");
    let mut files = Vec::new();
    collect(&rules, &mut files);
    assert!(!files.is_empty(), "no rule files in {}", rules.display());
    files.sort();
    let mut code =
        String::from("/// Embedded rule files: (path relative to the crate, YAML text).\n");
    code.push_str("pub(crate) static RULE_FILES: &[(&str, &str)] = &[\n");
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let rel = f
            .strip_prefix(&root)
            .expect("under the crate")
            .to_string_lossy()
            .replace('\\', "/");
        writeln!(
            code,
            "    ({rel:?}, include_str!({:?})),",
            f.display().to_string()
        )
        .expect("writing to a String cannot fail");
    }
    code.push_str("];\n");
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"));
    std::fs::write(out_dir.join("rule_files.rs"), code).expect("OUT_DIR is writable");
    let mut json = json_table(&root, &files);
    json.push_str(&agents_json(&rules));
    json.push_str(&rule_rows(&files));
    std::fs::write(out_dir.join("rule_json.rs"), json).expect("OUT_DIR is writable");
    println!("cargo:rerun-if-changed=src/rules/literals.rs");
    std::fs::write(out_dir.join("literals.rs"), literal_table(&files))
        .expect("OUT_DIR is writable");
}

/// `RULE_JSON`: (path, the file as JSON) for every rule file (`PLnnn-*.yaml`), so loading the
/// built-in catalog parses JSON, which costs a tenth of parsing its YAML (the largest part of
/// `promptlint rules` and of a one-file run's start-up). The conversion goes through a
/// generic value; the catalog test checks that every rule reads the same both ways, and a
/// file that does not convert is left out (the loader then reads its YAML).
fn json_table(root: &Path, files: &[PathBuf]) -> String {
    let mut code = String::from(
        "/// Embedded rule files as JSON: (path relative to the crate, JSON text).\n\
         pub(crate) static RULE_JSON: &[(&str, &str)] = &[\n",
    );
    for f in files {
        let is_rule = f
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("PL") && n.ends_with(".yaml"));
        if !is_rule {
            continue;
        }
        let Some(json) = yaml_to_json(f) else {
            continue;
        };
        let rel = f
            .strip_prefix(root)
            .expect("under the crate")
            .to_string_lossy()
            .replace('\\', "/");
        writeln!(code, "    ({rel:?}, {json:?}),").expect("writing to a String cannot fail");
    }
    code.push_str("];\n");
    code
}

/// `RULE_ROWS`: what `promptlint rules` lists of every rule file, sorted by id as the
/// catalog is: (id, name, family, severity, confidence, summary, fixable). The listing then
/// parses no rule (the catalog's JSON, ~6.4 M instructions, was most of the command); a test
/// checks the rows against the parsed catalog. A file that does not parse is left out (the
/// test then fails).
fn rule_rows(files: &[PathBuf]) -> String {
    let mut rows: Vec<RowFile> = files
        .iter()
        .filter(|f| {
            f.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("PL") && n.ends_with(".yaml"))
        })
        .filter_map(|f| serde_saphyr::from_str(&std::fs::read_to_string(f).ok()?).ok())
        .collect();
    rows.sort_by(|a, b| a.id.cmp(&b.id));
    let mut code = String::from(
        "/// Every rule file's (id, name, family, severity, confidence, summary, fixable), by id.\n\
         #[allow(clippy::type_complexity)]\n\
         pub(crate) static RULE_ROWS: &[(&str, &str, &str, &str, &str, &str, bool)] = &[\n",
    );
    for r in &rows {
        writeln!(
            code,
            "    ({:?}, {:?}, {:?}, {:?}, {:?}, {:?}, {}),",
            r.id, r.name, r.family, r.severity, r.confidence, r.summary, r.fixable
        )
        .expect("writing to a String cannot fail");
    }
    code.push_str("];\n");
    code
}

/// The YAML file at `path` as JSON text, through a generic value; `None` when it does not
/// read or convert.
fn yaml_to_json(path: &Path) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    let value = serde_saphyr::from_str::<serde_json::Value>(&text).ok()?;
    serde_json::to_string(&value).ok()
}

/// `AGENTS_JSON`: `rules/agents.yaml` as JSON (empty when it does not convert: the loader
/// then reads the YAML), for the same reason as [`json_table`]: a one-file run spent ~5 M
/// instructions parsing its YAML (callgrind), the JSON a fraction of that.
fn agents_json(rules: &Path) -> String {
    let json = yaml_to_json(&rules.join("agents.yaml")).unwrap_or_default();
    format!(
        "/// `rules/agents.yaml` as JSON (empty when it did not convert).\n\
         pub(crate) static AGENTS_JSON: &str = {json:?};\n"
    )
}

/// The required literal sets, each literal with its site, of every regex of every pattern
/// rule, as five flat tables of numbers and two blobs (see `rules::pattern::table`): a table
/// of slices and strings would hold a pointer per literal, and each pointer is a relocation
/// the dynamic loader applies at every start, on pages it must then copy (~11,000 of the
/// binary's ~35,000; `promptlint --version` took 76 fewer page faults without them). A file
/// that does not parse is left to the catalog's own validation.
fn literal_table(files: &[PathBuf]) -> String {
    let mut sources = std::collections::BTreeSet::new();
    for f in files {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        let Ok(rule) = serde_saphyr::from_str::<RuleFile>(&text) else {
            continue;
        };
        match rule.matcher.map(|m| m.regex) {
            Some(OneOrMany::One(r)) => {
                sources.insert(r);
            }
            Some(OneOrMany::Many(v)) => sources.extend(v),
            _ => {}
        }
    }
    let (mut source_text, mut literal_bytes) = (String::new(), Vec::<u8>::new());
    let (mut regexes, mut sets, mut literals) = (String::new(), String::new(), String::new());
    let (mut set_count, mut literal_count) = (0usize, 0usize);
    for src in &sources {
        let required = literals::required_literal_sets(src);
        writeln!(
            regexes,
            "    ({}, {}, {set_count}, {}),",
            source_text.len(),
            src.len(),
            required.len()
        )
        .expect("writing to a String cannot fail");
        source_text.push_str(src);
        for set in &required {
            writeln!(sets, "    ({literal_count}, {}),", set.len())
                .expect("writing to a String cannot fail");
            set_count += 1;
            for (lit, site) in set {
                writeln!(
                    literals,
                    "    ({}, {}, {site}),",
                    literal_bytes.len(),
                    lit.len()
                )
                .expect("writing to a String cannot fail");
                literal_bytes.extend_from_slice(lit);
                literal_count += 1;
            }
        }
    }
    let bytes: Vec<String> = literal_bytes.iter().map(u8::to_string).collect();
    format!(
        "/// Every built-in regex's source, one after another.\n\
         pub(crate) static SOURCE_TEXT: &str = {source_text:?};\n\
         /// Every required literal's bytes, one after another.\n\
         pub(crate) static LITERAL_BYTES: &[u8] = &[{}];\n\
         /// Per regex, by source: (source start, source length in bytes, first set, sets).\n\
         pub(crate) static REGEXES: &[(u32, u32, u32, u32)] = &[\n{regexes}];\n\
         /// Per set: (first literal, literals).\n\
         pub(crate) static SETS: &[(u32, u32)] = &[\n{sets}];\n\
         /// Per literal: (start in `LITERAL_BYTES`, length in bytes, site).\n\
         pub(crate) static LITERALS: &[(u32, u32, crate::rules::literals::Site)] = &[\n{literals}];\n",
        bytes.join(",")
    )
}

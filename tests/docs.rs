//! README.md and docs/rules.md stay true: the README's generated parts (between
//! `<!-- BEGIN GENERATED: x -->` and `<!-- END GENERATED: x -->`) match the rule catalog and
//! rules/agents.yaml, docs/rules.md is the catalog's reference, every SARIF `helpUri` anchor is
//! a heading of it, and the README's flag table lists exactly the flags the binary has.
//!
//! `PROMPTLINT_UPDATE_DOCS=1 cargo test --test docs` rewrites the generated files.

// Test code: a failed unwrap is a failed test; helpers are `pub` for the test files.
#![allow(clippy::unwrap_used, unreachable_pub)]

mod common;

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::PathBuf;

use promptlint::rules::Catalog;
use serde_json::Value;

fn readme_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("README.md")
}

/// Escapes a table cell.
fn cell(s: &str) -> String {
    s.trim().replace('|', "\\|").replace('\n', " ")
}

fn rules_table() -> String {
    let mut out = String::from(
        "| id | name | family | severity | summary |\n| --- | --- | --- | --- | --- |\n",
    );
    for r in Catalog::builtin().rules() {
        let _ = writeln!(
            out,
            "| [{}](docs/rules.md#{}) | `{}` | {} | {} | {} |",
            r.id,
            promptlint::rules::docs::anchor(r),
            r.name,
            r.family.as_str(),
            r.severity.as_str(),
            cell(&r.summary)
        );
    }
    out
}

/// rules/agents.yaml as a JSON value (the same file the binary embeds).
fn agents_yaml() -> Value {
    let text = promptlint::rules::catalog::embedded_files()
        .iter()
        .find(|(p, _)| *p == "rules/agents.yaml")
        .map(|(_, t)| *t)
        .expect("rules/agents.yaml is embedded");
    serde_saphyr::from_str(text).expect("rules/agents.yaml parses")
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("rules/agents.yaml: `{key}` missing in {v}"))
}

fn files_cell(files: &Value) -> String {
    let files = files.as_array().expect("files is a list");
    if files.is_empty() {
        return "none in a project: user-level files only (below)".to_owned();
    }
    files
        .iter()
        .map(|f| format!("`{}` ({})", str_of(f, "glob"), str_of(f, "kind")))
        .collect::<Vec<_>>()
        .join("<br>")
}

fn agents_table() -> String {
    let y = agents_yaml();
    let mut out = String::from("| agent | files (kind) | source |\n| --- | --- | --- |\n");
    for a in y["agents"].as_array().expect("agents is a list") {
        let _ = writeln!(
            out,
            "| {} | {} | <{}> |",
            cell(str_of(a, "name")),
            files_cell(&a["files"]),
            str_of(a, "source")
        );
    }
    // The files no agent loads by name, one row per section: (key, label).
    for (key, label) in [
        ("prompts", "prompt files"),
        (
            "launch",
            "launch-time files (run or read when the project opens)",
        ),
        (
            "docs",
            "project documentation (read by agents that explore; checked for text written for the model)",
        ),
    ] {
        let section = &y[key];
        let sources: Vec<String> = str_of(section, "source")
            .split(" ; ")
            .map(|s| format!("<{}>", s.trim()))
            .collect();
        let _ = writeln!(
            out,
            "| {label} | {} | {} |",
            files_cell(&section["files"]),
            sources.join(", ")
        );
    }
    out
}

fn caps_table() -> String {
    let y = agents_yaml();
    let mut out = String::from(
        "| agent | cap | counts | files | past the cap | setting | source |\n| --- | --- | --- | --- | --- | --- | --- |\n",
    );
    for a in y["agents"].as_array().unwrap() {
        let Some(caps) = a["caps"].as_array() else {
            continue;
        };
        for c in caps {
            let limit = c["limit"].as_u64().expect("limit is a number");
            let counts = match (str_of(c, "unit"), str_of(c, "scope")) {
                (unit, "chain") => {
                    format!("{unit}, with its files in the folders above, up to the project root")
                }
                (unit, _) => format!("{unit}, per file"),
            };
            let files = c["files"].as_array().filter(|f| !f.is_empty()).map_or_else(
                || "all its files".to_owned(),
                |f| {
                    f.iter()
                        .map(|g| format!("`{}`", g.as_str().unwrap()))
                        .collect::<Vec<_>>()
                        .join(", ")
                },
            );
            let effect = match str_of(c, "effect") {
                "truncate" => "not loaded (warning)",
                "warn" => "loaded, the agent warns (note)",
                other => panic!("unknown effect {other}"),
            };
            let _ = writeln!(
                out,
                "| {} | {limit} | {counts} | {files} | {effect} | `{}` | <{}> |",
                cell(str_of(a, "name")),
                str_of(c, "setting"),
                str_of(c, "source")
            );
        }
    }
    out
}

/// Replaces the text between the markers of `name`; panics when they are missing.
fn splice(doc: &str, name: &str, body: &str) -> String {
    let begin = format!("<!-- BEGIN GENERATED: {name} -->\n");
    let end = format!("<!-- END GENERATED: {name} -->");
    let b = doc
        .find(&begin)
        .unwrap_or_else(|| panic!("README.md lacks {begin}"))
        + begin.len();
    let e = doc[b..]
        .find(&end)
        .unwrap_or_else(|| panic!("README.md lacks {end}"))
        + b;
    format!("{}{body}{}", &doc[..b], &doc[e..])
}

/// The user-level files and folders of rules/agents.yaml (`check --user`), one row each.
fn user_table() -> String {
    let y = agents_yaml();
    let mut out =
        String::from("| agent | user-level file or folder | source |\n| --- | --- | --- |\n");
    for a in y["agents"].as_array().expect("agents is a list") {
        let Some(user) = a["user"].as_array() else {
            continue;
        };
        for u in user {
            let base = match u["in"].as_str().unwrap_or("home") {
                "home" => "~",
                "config" => "<config>",
                "app-data" => "<app-data>",
                other => panic!("rules/agents.yaml: unknown `in: {other}`"),
            };
            let what = match (u["path"].as_str(), u["dir"].as_str()) {
                (Some(p), _) => format!("`{base}/{p}` ({})", str_of(u, "kind")),
                (None, Some(d)) => match u["as"].as_str() {
                    Some(m) => format!("`{base}/{d}/` (folder, as `{m}/`)"),
                    None => format!("`{base}/{d}/` (folder)"),
                },
                (None, None) => panic!("rules/agents.yaml: a user entry without path or dir"),
            };
            let source = str_of(u, "source");
            let source = match source.split_once(' ') {
                Some((url, rest)) => format!("<{url}> {rest}"),
                None => format!("<{source}>"),
            };
            let _ = writeln!(
                out,
                "| {} | {} | {} |",
                cell(str_of(a, "name")),
                cell(&what),
                cell(&source)
            );
        }
    }
    out
}

#[test]
fn readme_generated_parts_are_fresh() {
    let path = readme_path();
    let current = std::fs::read_to_string(&path).expect("README.md reads");
    let mut fresh = current.clone();
    for (name, body) in [
        ("agents", agents_table()),
        ("user", user_table()),
        ("caps", caps_table()),
        ("rules", rules_table()),
    ] {
        fresh = splice(&fresh, name, &body);
    }
    if fresh == current {
        return;
    }
    if update_requested() {
        std::fs::write(&path, &fresh).expect("README.md writes");
        println!("rewrote the generated parts of {}", path.display());
        return;
    }
    let line = current
        .lines()
        .zip(fresh.lines())
        .position(|(a, b)| a != b)
        .map_or(current.lines().count().min(fresh.lines().count()), |i| i)
        + 1;
    panic!(
        "README.md is stale from line {line}: run `PROMPTLINT_UPDATE_DOCS=1 cargo test --test docs` and commit the result"
    );
}

fn update_requested() -> bool {
    std::env::var_os("PROMPTLINT_UPDATE_DOCS").is_some_and(|v| v == "1")
}

#[test]
fn rule_reference_is_fresh() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(promptlint::rules::docs::REFERENCE_PATH);
    let fresh = promptlint::rules::docs::reference(Catalog::builtin());
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    if fresh == current {
        return;
    }
    if update_requested() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &fresh).expect("docs/rules.md writes");
        println!("rewrote {}", path.display());
        return;
    }
    panic!(
        "docs/rules.md is stale: run `PROMPTLINT_UPDATE_DOCS=1 cargo test --test docs` and commit the result"
    );
}

#[test]
fn every_help_uri_is_a_heading_of_the_reference() {
    let reference = promptlint::rules::docs::reference(Catalog::builtin());
    for r in Catalog::builtin().rules() {
        let uri = promptlint::report::sarif::help_uri(r);
        let anchor = uri.rsplit_once('#').unwrap().1;
        // GitHub's anchor of `## PL201 bidi-control`: lower case, spaces as `-`.
        let heading = format!("## {} {}\n", r.id, r.name);
        assert!(reference.contains(&heading), "no heading for {}", r.id);
        let derived = heading[3..heading.len() - 1]
            .to_lowercase()
            .replace(' ', "-");
        assert_eq!(anchor, derived, "{uri}");
        assert!(uri.contains("/blob/main/docs/rules.md#"), "{uri}");
    }
    let explain = common::run(common::promptlint().args(["explain", "bidi-control"]));
    assert_eq!(explain.code, Some(0));
    let section = reference
        .split("## PL201 bidi-control\n\n")
        .nth(1)
        .unwrap()
        .split("\n## ")
        .next()
        .unwrap();
    assert_eq!(
        explain.stdout,
        format!(
            "PL201 bidi-control\n\n{}",
            section.trim_end().to_owned() + "\n"
        )
    );
}

/// Long flags (`--x`) in a text.
fn long_flags(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(i) = rest.find("--") {
        let tail = &rest[i + 2..];
        let n = tail
            .find(|c: char| !(c.is_ascii_lowercase() || c == '-'))
            .unwrap_or(tail.len());
        if n > 0 && !tail.starts_with('-') {
            out.insert(format!("--{}", &tail[..n]));
        }
        rest = &tail[n..];
    }
    out
}

#[test]
fn readme_flag_table_matches_the_binary() {
    let readme = std::fs::read_to_string(readme_path()).unwrap();
    let table: String = readme
        .lines()
        .filter(|l| l.starts_with("| `--"))
        .map(|l| l.split(" | ").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let documented = long_flags(&table);
    let help = common::run(common::promptlint().args(["check", "--help"]));
    assert_eq!(help.code, Some(0));
    let mut actual = long_flags(&help.stdout);
    actual.remove("--help");
    assert_eq!(
        documented, actual,
        "README.md's flag table and `promptlint check --help` disagree"
    );
    let rules_help = common::run(common::promptlint().args(["rules", "--help"]));
    for flag in long_flags(&rules_help.stdout) {
        if flag != "--help" {
            assert!(
                readme.contains(&format!("`{flag}")),
                "README.md does not document `rules {flag}`"
            );
        }
    }
}

/// Issue 35: the README's embedding example is the file `cargo test` compiles and runs
/// (crates/promptlint-core/examples/embed.rs, run by the core's tests/readme_example.rs), word
/// for word.
#[test]
fn readme_embedding_example_is_the_compiled_example() {
    let readme = std::fs::read_to_string(readme_path()).unwrap();
    let section = &readme[readme
        .find("\n## Embedding\n")
        .expect("an Embedding section")..];
    let start = section.find("```rust\n").expect("a rust fence") + "```rust\n".len();
    let end = start + section[start..].find("```\n").expect("its end");
    let example = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("crates/promptlint-core/examples/embed.rs"),
    )
    .unwrap();
    assert_eq!(
        &section[start..end],
        example,
        "README.md's embedding example and crates/promptlint-core/examples/embed.rs differ"
    );
}

//! Issue 32: a walk finds every convention of `rules/agents.yaml`. For each glob a sample path
//! is made from the glob itself (`**/` at the top and two folders down, `*` and `**` as one
//! name), written into a temporary tree of its own, and the tree is walked with discovery: the
//! sample must be found, with the glob's kind (no earlier glob of another kind shadows it) and
//! its agent among the agents recorded.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use promptlint::discover::{DiscoverOptions, discover};
use promptlint::kind::FileKind;
use serde_json::Value;

/// rules/agents.yaml as JSON, as the binary embeds it.
fn agents_yaml() -> Value {
    let text = promptlint::data::embedded_files()
        .iter()
        .find(|(p, _)| *p == "rules/agents.yaml")
        .map(|(_, t)| *t)
        .unwrap();
    serde_saphyr::from_str(text).unwrap()
}

/// (glob, kind, agent id or `None` for prompt and launch files), in file order.
fn conventions() -> Vec<(String, FileKind, Option<String>)> {
    let y = agents_yaml();
    let mut out = Vec::new();
    let entry = |f: &Value, agent: Option<&str>| {
        (
            f["glob"].as_str().unwrap().to_owned(),
            f["kind"].as_str().unwrap().parse::<FileKind>().unwrap(),
            agent.map(str::to_owned),
        )
    };
    for a in y["agents"].as_array().unwrap() {
        for f in a["files"].as_array().unwrap() {
            out.push(entry(f, a["id"].as_str()));
        }
    }
    for section in ["prompts", "launch"] {
        for f in y[section]["files"].as_array().unwrap() {
            out.push(entry(f, None));
        }
    }
    out
}

/// The sample paths of a glob: `**/` at the top and below two folders (only at the top for a
/// glob without it), `/**/` as one separator, a final `**` and every `*` as the name `x`.
fn samples(glob: &str) -> Vec<String> {
    let (anywhere, rest) = match glob.strip_prefix("**/") {
        Some(r) => (true, r),
        None => (false, glob),
    };
    let rest = rest.replace("/**/", "/");
    let rest = match rest.strip_suffix("/**") {
        Some(r) => format!("{r}/x"),
        None => rest,
    };
    let rest = rest.replace('*', "x");
    if anywhere {
        vec![rest.clone(), format!("deep/er/{rest}")]
    } else {
        vec![rest]
    }
}

/// Minimal content for a sample, by its extension.
fn content(path: &str) -> &'static str {
    if path.ends_with(".json") || path.ends_with(".jsonc") {
        "{}\n"
    } else if path.ends_with(".toml") {
        "a = 1\n"
    } else if path.ends_with(".env") {
        "A=1\n"
    } else {
        "# sample\n"
    }
}

#[test]
fn the_conventions_are_many_and_each_has_a_source() {
    let y = agents_yaml();
    let agents = y["agents"].as_array().unwrap();
    assert!(agents.len() >= 40, "{} agents", agents.len());
    for a in agents {
        assert!(a["source"].as_str().is_some_and(|s| s.starts_with("http")));
    }
    assert!(!y["launch"]["files"].as_array().unwrap().is_empty());
}

#[test]
fn a_walk_finds_every_convention_with_its_kind_and_agent() {
    let mut failures = Vec::new();
    let conv = conventions();
    for (glob, kind, agent) in &conv {
        for sample in samples(glob) {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join(&sample);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, content(&sample)).unwrap();
            let found = discover(&[PathBuf::from(dir.path())], &DiscoverOptions::default());
            let target = found
                .targets
                .iter()
                .find(|t| t.display.ends_with(&format!("/{sample}")) || t.display == sample);
            let Some(t) = target else {
                failures.push(format!("{glob}: `{sample}` not found by the walk"));
                continue;
            };
            if t.kind != Some(*kind) {
                failures.push(format!(
                    "{glob}: `{sample}` walked as {:?}, the convention says {kind}",
                    t.kind
                ));
            }
            if let Some(a) = agent
                && !t.agents.contains(a)
            {
                failures.push(format!(
                    "{glob}: `{sample}` records agents {:?}, not `{a}`",
                    t.agents
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} conventions:\n{}",
        failures.len(),
        conv.len(),
        failures.join("\n")
    );
}

#[test]
fn samples_follow_the_glob() {
    assert_eq!(
        samples("**/.roo/rules-*/**/*"),
        [".roo/rules-x/x", "deep/er/.roo/rules-x/x"]
    );
    assert_eq!(
        samples("**/.claude/skills/*/scripts/**"),
        [
            ".claude/skills/x/scripts/x",
            "deep/er/.claude/skills/x/scripts/x"
        ]
    );
    assert_eq!(samples("replit.md"), ["replit.md"]);
}

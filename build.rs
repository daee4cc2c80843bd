//! Embeds the rule catalog: every `rules/**/*.yaml` file becomes a `(path, text)` entry of
//! `RULE_FILES` in `$OUT_DIR/rule_files.rs`, sorted by path, so the binary needs no files at
//! run time and the catalog is the same on every machine.

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
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let rules = root.join("rules");
    println!("cargo:rerun-if-changed=rules");
    let mut files = Vec::new();
    collect(&rules, &mut files);
    files.sort();
    let mut code =
        String::from("/// Embedded rule files: (path relative to the crate, YAML text).\n");
    code.push_str("pub static RULE_FILES: &[(&str, &str)] = &[\n");
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
        .unwrap();
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("rule_files.rs");
    std::fs::write(out, code).expect("OUT_DIR is writable");
}

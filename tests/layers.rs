//! The layering check: every module of `src/` sits in one layer of the data flow, and a module
//! imports only from its own layer or the ones below it, without a circle.
//!
//! Each `src/**/*.rs` file is read without its comments, string literals and `#[cfg(test)]`
//! items; every `use` tree and every `crate::`, `super::` and `promptlint::` path in it is an
//! arrow to the longest module that the path names. The test fails listing each arrow that goes
//! up a layer and each circle, apart from [`KNOWN_UPWARD`], which can only shrink: an entry
//! whose arrow no longer exists fails too.
//!
//! After the workspace split, [`CRATES`] lists each crate's `src` folder and name; a path that
//! starts with a crate's name resolves into that crate's modules.

// Test code: a failed unwrap is a failed test; helpers are `pub` for the test files.
#![allow(clippy::unwrap_used, unreachable_pub)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// `(src folder relative to the repository root, crate name as written in paths)`.
const CRATES: &[(&str, &str)] = &[
    ("crates/promptlint-core/src", "promptlint_core"),
    ("src", "promptlint"),
];

/// The layers, lowest first. The library is every layer up to and including
/// [`LIBRARY_TOP`]: no CLI, no file walking, no printing; the CLI is the rest.
const LAYERS: &[&str] = &[
    "base",      // 0: escaping, file kinds, offsets, entities, caps and bounded reading, decoding
    "data",      // 1: the embedded rules/*.yaml files
    "parse",     // 2: segments per format
    "facts",     // 3: agents' file conventions, providers' cache rules
    "normalize", // 4: views, fragments
    "model",     // 5: Severity, the rule schema, Finding, Target
    "rules",     // 6: catalog, patterns, context, native checks, encoded, cache analysis
    "engine",    // 7: one source's text into findings
    // ---- library / CLI boundary ----
    "cli-discover", // 8: discovery and walking
    "cli-report",   // 9: the report model and its renderers
    "cli-judge",    // 10: suppression and baseline, engine + suppression per target
    "cli-config",   // 11: the config file, resolved into the suppress policy and the rules
    "cli",          // 12: orchestration, fix, clap, init, main
];

/// The highest library layer (`engine`).
const LIBRARY_TOP: usize = 7;

/// Module path prefix -> layer; the longest prefix wins, so `rules::schema` overrides
/// `rules`. The root file of a crate is `lib` or `main`. Every module must be listed.
const TABLE: &[(&str, usize)] = &[
    ("escape", 0),
    // Code point classes shared by the Unicode checks, `--fix` and the escaper.
    ("codepoints", 0),
    ("kind", 0),
    ("offset_map", 0),
    ("entities", 0),
    ("bounds", 0),
    ("source", 0),
    // Unit tests' helpers (a seeded generator); compiled only for tests, imports nothing.
    ("testing", 0),
    ("data", 1),
    ("parse", 2),
    // Programs parsed with tree-sitter, and shell commands read off the tree.
    ("program", 2),
    ("agents", 3),
    ("providers", 3),
    ("normalize", 4),
    ("fragments", 4),
    // The effect model over parsed programs (sources, sinks, flows, persistence).
    ("effects", 4),
    ("severity", 5),
    ("rules::schema", 5),
    ("finding", 5),
    ("target", 5),
    ("rules", 6),
    // The `promptlint cache` analysis (a reader in, conversations out): PL412 runs it.
    ("cache", 6),
    // `promptlint mcp pin`: a hash per MCP tool definition and the lock file.
    ("pin", 6),
    // Facts about the config format, for PL808; the config stage uses them too.
    ("config_schema", 6),
    ("check", 7),
    // Inline directives (`promptlint-disable...`): the part of the suppress stage that reads
    // the scanned text, shared by the command line's suppress stage and the embedding API.
    ("directives", 7),
    // The embedding API (issue 35: in the library, so an embedder builds no CLI): the engine,
    // inline directives when asked, positions, fingerprints and the default output limits.
    ("scanner", 7),
    // ---- library / CLI boundary ----
    ("discover", 8),
    // The paths git tracks, read from its index file (discovery walks them whatever ignore
    // files say).
    ("discover::gitindex", 8),
    // `check --user`: the user-level files and folders of rules/agents.yaml, under the home
    // folder and the folders the environment names.
    ("discover::user", 8),
    // `--diff-base`: the files and lines git says changed since a ref.
    ("changed", 8),
    ("report", 9),
    // What a result keeps of its text for the human renderer (the streaming pipeline).
    ("report::excerpt", 9),
    // The rule's "what to do" and "suppress" texts for the human output, and the locale.
    ("report::advice", 9),
    // What `--fix` would remove per finding (shared by `fix` and the summary's count).
    ("report::fixable", 9),
    ("suppress", 10),
    ("pipeline", 10),
    // Runs each user rule's examples through the pipeline to validate them.
    ("config", 11),
    ("fix", 12),
    ("init", 12),
    // `promptlint hook <agent>`: one agent hook event in, the answer in that agent's
    // protocol out (the scanner, judged by severity; issue 33).
    ("hook", 12),
    ("cli", 12),
    // The subcommands' runners: `main` parses the arguments and hands the command to them.
    ("commands", 12),
    // `promptlint mcp serve`: the MCP server over stdio (rmcp), on the scanner and `check`.
    ("mcp", 12),
    // `promptlint server`: the language server over stdio (lsp-server's message model), on
    // `Settings::source_of` and `Settings::check_text`, `fix` and `suppress` (issue 34).
    ("lsp", 12),
    // `Settings` for one file an editor holds (the language server's checks).
    ("editing", 12),
    ("lib", 12),
    ("main", 12),
];

/// Arrows that still go up a layer or close a circle, each with who removes it. The list
/// can only shrink: the test fails when an entry's arrow is gone.
const KNOWN_UPWARD: &[(&str, &str, &str)] = &[
    // Empty: every arrow goes down. An entry is `(from, to, who removes it)`.
];

struct Module {
    layer: usize,
    file: PathBuf,
    arrows: BTreeSet<String>,
}

fn main_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir` with its module path (`a::b`; `lib`/`main` for the roots).
fn modules_of(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let rel = p.strip_prefix(dir).unwrap().with_extension("");
                let mut parts: Vec<String> = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                if parts.last().is_some_and(|l| l == "mod") {
                    parts.pop();
                }
                out.push((parts.join("::"), p));
            }
        }
    }
    out.sort();
    out
}

/// The source without comments, string and char literals (each replaced by a space).
fn strip(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == b'r' && (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#')) && {
            let mut j = i + 1;
            while b.get(j) == Some(&b'#') {
                j += 1;
            }
            b.get(j) == Some(&b'"') && (i == 0 || !is_ident(b[i - 1]))
        } {
            let mut j = i + 1;
            let mut hashes = 0;
            while b[j] == b'#' {
                hashes += 1;
                j += 1;
            }
            j += 1;
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            while j < b.len() && !b[j..].starts_with(&close) {
                j += 1;
            }
            i = j + close.len();
            out.push(' ');
        } else if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push(' ');
        } else if c == b'\'' {
            // A char literal ('x', '\n', '\u{..}'), or a lifetime ('a) which stays.
            let lit = if b.get(i + 1) == Some(&b'\\') {
                b[i + 2..]
                    .iter()
                    .position(|&x| x == b'\'')
                    .map(|p| i + 3 + p)
            } else {
                let ch = src[i + 1..].chars().next().map_or(1, char::len_utf8);
                (b.get(i + 1 + ch) == Some(&b'\'')).then_some(i + 2 + ch)
            };
            match lit {
                Some(end) => {
                    i = end;
                    out.push(' ');
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            let ch = src[i..].chars().next().unwrap();
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The stripped source without the items under `#[cfg(test)]`.
fn without_tests(src: &str) -> String {
    let mut out = String::new();
    let mut rest = src;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at + "#[cfg(test)]".len()..];
        // The item ends at its `;` or at the brace that closes its first `{`.
        let b = item.as_bytes();
        let mut depth = 0usize;
        let mut end = b.len();
        for (k, &c) in b.iter().enumerate() {
            match c {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = k + 1;
                        break;
                    }
                }
                b';' if depth == 0 => {
                    end = k + 1;
                    break;
                }
                _ => {}
            }
        }
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

/// Expands a `use` tree (`a::{b, c::{d, e}}`) into its paths.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.replace(" as ", "@");
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = Vec::new();
    expand_into("", &tree, &mut out);
    out
}

fn expand_into(prefix: &str, tree: &str, out: &mut Vec<String>) {
    let Some(open) = tree.find('{') else {
        let t = tree.split('@').next().unwrap_or(tree);
        out.push(format!("{prefix}{t}"));
        return;
    };
    let head = &tree[..open];
    let body = &tree[open + 1..tree.len() - 1];
    let mut depth = 0;
    let mut start = 0;
    let bytes = body.as_bytes();
    for k in 0..=bytes.len() {
        let c = bytes.get(k).copied();
        match c {
            Some(b'{') => depth += 1,
            Some(b'}') => depth -= 1,
            Some(b',') | None if depth == 0 => {
                let part = &body[start..k];
                if !part.is_empty() {
                    expand_into(&format!("{prefix}{head}"), part, out);
                }
                start = k + 1;
            }
            _ => {}
        }
    }
}

/// The paths in stripped source: `use` trees and inline paths (`a::b`).
fn paths(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = src.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let boundary = i == 0 || !is_ident(b[i - 1]) && b[i - 1] != b':';
        if boundary && b[i..].starts_with(b"use ") {
            let end = src[i..].find(';').map_or(b.len(), |e| i + e);
            out.extend(expand(&src[i + 4..end]));
            i = end;
            continue;
        }
        if boundary && is_ident(b[i]) {
            let mut j = i;
            while j < b.len() && (is_ident(b[j]) || b[j..].starts_with(b"::")) {
                j += if b[j] == b':' { 2 } else { 1 };
            }
            // Any path: `crate::`, `super::`, a crate's name, or a child module (`human::render`);
            // the others (`std::`, `serde::`) resolve to no module.
            let path = &src[i..j];
            if path.contains("::") {
                out.push(path.to_owned());
            }
            i = j.max(i + 1);
            continue;
        }
        i += 1;
    }
    out
}

/// Per module: each name its `use` items bring in, and the module the name comes from.
type Reexports = BTreeMap<String, BTreeMap<String, String>>;

/// The module a path names, from module `from`: the longest known module prefix.
fn resolve(
    from: &str,
    path: &str,
    own: &BTreeSet<String>,
    extern_crates: &BTreeMap<String, BTreeSet<String>>,
    reexports: &Reexports,
) -> Option<String> {
    let segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let here: Vec<&str> = if from == "lib" || from == "main" {
        Vec::new()
    } else {
        from.split("::").collect()
    };
    let (mut base, rest, mods): (Vec<&str>, &[&str], &BTreeSet<String>) = match segs.first() {
        Some(&"crate") => (Vec::new(), &segs[1..], own),
        Some(&"super") => {
            let mut b = here.clone();
            let mut k = 0;
            while segs.get(k) == Some(&"super") {
                b.pop();
                k += 1;
            }
            (b, &segs[k..], own)
        }
        Some(&"self") => (here.clone(), &segs[1..], own),
        Some(first) => {
            if let Some(m) = extern_crates.get(*first) {
                (Vec::new(), &segs[1..], m)
            } else {
                // A relative `use` of a child module (`pub use catalog::Catalog`).
                let mut child = here.clone();
                child.push(first);
                if own.contains(&child.join("::")) {
                    (here.clone(), &segs[..], own)
                } else {
                    return None;
                }
            }
        }
        None => return None,
    };
    // `super::Rule` names an item of the parent module itself.
    let start = base.join("::");
    let (mut best, mut next) = if mods.contains(&start) {
        (Some(start), rest.first().copied())
    } else {
        (None, None)
    };
    for (k, s) in rest.iter().enumerate() {
        base.push(s);
        let m = base.join("::");
        if mods.contains(&m) {
            best = Some(m);
            next = rest.get(k + 1).copied();
        }
    }
    // An item a module re-exports (`pub use schema::Rule` in `rules`) lives where it came from.
    if best.is_none() && segs.first() == Some(&"crate") {
        best = Some("lib".to_owned());
        next = rest.first().copied();
    }
    for _ in 0..4 {
        let (Some(m), Some(item)) = (&best, next) else {
            break;
        };
        match reexports.get(m).and_then(|r| r.get(item)) {
            Some(t) if t != m => {
                best = Some(t.clone());
                next = None;
            }
            _ => break,
        }
    }
    best
}

/// The crates whose paths start with their name, seen from module `m` of `krate` (`main` is
/// a crate of its own whose paths into the library start with the library's name).
fn externs_of(
    per_crate: &BTreeMap<String, BTreeSet<String>>,
    krate: &str,
    m: &str,
) -> BTreeMap<String, BTreeSet<String>> {
    per_crate
        .iter()
        .filter(|(k, _)| *k != krate || m == "main")
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// The paths of the `use` items in stripped source.
fn uses(src: &str) -> Vec<String> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = src[from..].find("use ") {
        let i = from + at;
        let end = src[i..].find(';').map_or(b.len(), |e| i + e);
        if i == 0 || !is_ident(b[i - 1]) && b[i - 1] != b':' {
            out.extend(expand(&src[i + 4..end]));
            from = end;
        } else {
            from = i + 4;
        }
    }
    out
}

fn layer_of(module: &str) -> Option<usize> {
    TABLE
        .iter()
        .filter(|(p, _)| module == *p || module.starts_with(&format!("{p}::")))
        .max_by_key(|(p, _)| p.len())
        .map(|(_, l)| *l)
}

fn graph() -> BTreeMap<String, Module> {
    let root = main_dir();
    let mut per_crate: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut files = Vec::new();
    for (dir, name) in CRATES {
        let name = name.replace('-', "_");
        for (m, p) in modules_of(&root.join(dir)) {
            per_crate.entry(name.clone()).or_default().insert(m.clone());
            files.push((name.clone(), m, p));
        }
    }
    let mut sources = Vec::new();
    for (krate, m, p) in files {
        let src = without_tests(&strip(&std::fs::read_to_string(&p).unwrap()));
        sources.push((krate, m, p, src));
    }
    // First pass: what each module's `use` items name, following the re-exports found so far;
    // three rounds follow a chain such as `crate::discover::FileError` -> the CLI root's
    // `pub use promptlint_core::target` -> `target::FileError`.
    let mut reexports = Reexports::new();
    for _ in 0..3 {
        let previous = reexports.clone();
        for (krate, m, _, src) in &sources {
            let externs = externs_of(&per_crate, krate, m);
            let names_in = reexports.entry(m.clone()).or_default();
            for path in uses(src) {
                let leaf = path.rsplit("::").next().unwrap_or("").to_owned();
                if let Some(t) = resolve(m, &path, &per_crate[krate], &externs, &previous) {
                    names_in.insert(leaf, t);
                }
            }
        }
    }
    let mut out = BTreeMap::new();
    let mut unmapped = Vec::new();
    for (krate, m, p, src) in sources {
        let Some(layer) = layer_of(&m) else {
            unmapped.push(m);
            continue;
        };
        let own = &per_crate[&krate];
        let externs = externs_of(&per_crate, &krate, &m);
        let arrows = paths(&src)
            .iter()
            .filter_map(|path| resolve(&m, path, own, &externs, &reexports))
            .filter(|t| *t != m)
            .collect();
        out.insert(
            m,
            Module {
                layer,
                file: p,
                arrows,
            },
        );
    }
    assert!(
        unmapped.is_empty(),
        "modules without a layer in TABLE: {unmapped:?}"
    );
    out
}

/// Strongly connected components of more than one module (Tarjan).
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct T<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(t: &mut T<'a>, v: &'a str) {
        let n = t.index.len();
        t.index.insert(v, n);
        t.low.insert(v, n);
        t.stack.push(v);
        t.on.insert(v);
        for w in t.edges.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !t.index.contains_key(w) {
                visit(t, w);
                let l = t.low[w].min(t.low[v]);
                t.low.insert(v, l);
            } else if t.on.contains(w) {
                let l = t.index[w].min(t.low[v]);
                t.low.insert(v, l);
            }
        }
        if t.low[v] == t.index[v] {
            let mut scc = Vec::new();
            loop {
                let w = t.stack.pop().unwrap();
                t.on.remove(w);
                scc.push(w.to_owned());
                if w == v {
                    break;
                }
            }
            if scc.len() > 1 {
                scc.sort();
                t.out.push(scc);
            }
        }
    }
    let mut t = T {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !t.index.contains_key(v.as_str()) {
            visit(&mut t, v);
        }
    }
    t.out
}

#[test]
fn the_table_has_one_library_cli_boundary() {
    assert_eq!(LAYERS[LIBRARY_TOP], "engine");
    assert!(TABLE.iter().all(|(_, l)| *l < LAYERS.len()));
    for lib in [
        "lib", "main", "cli", "config", "discover", "report", "suppress", "fix",
    ] {
        assert!(layer_of(lib).unwrap() > LIBRARY_TOP, "{lib} is CLI");
    }
    for lib in [
        "source",
        "parse",
        "normalize",
        "finding",
        "rules",
        "check",
        "agents",
    ] {
        assert!(layer_of(lib).unwrap() <= LIBRARY_TOP, "{lib} is library");
    }
}

#[test]
fn modules_import_only_downward_without_a_circle() {
    let g = graph();
    let known: BTreeSet<(&str, &str)> = KNOWN_UPWARD.iter().map(|(a, b, _)| (*a, *b)).collect();
    let mut problems = Vec::new();
    for (a, b) in &known {
        if !g.get(*a).is_some_and(|m| m.arrows.contains(*b)) {
            problems.push(format!(
                "KNOWN_UPWARD lists {a} -> {b}, which no longer exists: remove the entry"
            ));
        }
    }
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (name, m) in &g {
        let kept = edges.entry(name.clone()).or_default();
        for t in &m.arrows {
            if known.contains(&(name.as_str(), t.as_str())) {
                continue;
            }
            kept.insert(t.clone());
            let tl = g[t].layer;
            if tl > m.layer {
                let side = |l: usize| if l > LIBRARY_TOP { "cli" } else { "library" };
                problems.push(format!(
                    "upward: {name} ({}, {}) -> {t} ({}, {}) in {}",
                    LAYERS[m.layer],
                    side(m.layer),
                    LAYERS[tl],
                    side(tl),
                    m.file.display()
                ));
            }
        }
    }
    for c in cycles(&edges) {
        problems.push(format!("circle: {}", c.join(", ")));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_parser_finds_use_trees_and_inline_paths() {
    let src = strip(
        "use crate::a::{b, c::{D, e as f}};\n// crate::x::y\nlet s = \"crate::q\";\n\
         fn g<'a>() { super::h::i(); '{'; promptlint::k::l }\n#[cfg(test)]\nmod tests { use crate::z; }\n",
    );
    let src = without_tests(&src);
    let p = paths(&src);
    assert_eq!(
        p,
        [
            "crate::a::b",
            "crate::a::c::D",
            "crate::a::c::e",
            "super::h::i",
            "promptlint::k::l"
        ]
    );
}

#[test]
fn paths_resolve_to_the_longest_module_and_through_reexports() {
    let own: BTreeSet<String> = ["rules", "rules::schema", "rules::catalog", "check", "lib"]
        .map(String::from)
        .into();
    let mut re = Reexports::new();
    re.entry("rules".into())
        .or_default()
        .insert("Rule".into(), "rules::schema".into());
    let none = BTreeMap::new();
    let r = |from: &str, p: &str| resolve(from, p, &own, &none, &re);
    assert_eq!(
        r("check", "crate::rules::Rule").as_deref(),
        Some("rules::schema")
    );
    assert_eq!(
        r("check", "crate::rules::catalog::Catalog").as_deref(),
        Some("rules::catalog")
    );
    assert_eq!(
        r("rules::catalog", "super::Rule").as_deref(),
        Some("rules::schema")
    );
    assert_eq!(
        r("rules", "catalog::Catalog").as_deref(),
        Some("rules::catalog")
    );
    assert_eq!(r("check", "crate::Settings").as_deref(), Some("lib"));
    assert_eq!(r("check", "std::fmt"), None);
}

#[test]
fn a_circle_is_found() {
    let mut e: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (a, b) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")] {
        e.entry(a.into()).or_default().insert(b.into());
        e.entry(b.into()).or_default();
    }
    assert_eq!(cycles(&e), [["a", "b", "c"].map(String::from).to_vec()]);
}

/// Issue 30: no source file of a crate (tests aside) is over [`MAX_LINES`] lines; a module
/// that grows past it is split by responsibility into children.
#[test]
fn no_source_file_is_over_the_line_limit() {
    const MAX_LINES: usize = 800;
    let root = main_dir();
    let mut over = Vec::new();
    for (dir, _) in CRATES {
        for (_, p) in modules_of(&root.join(dir)) {
            let lines = std::fs::read_to_string(&p).unwrap().lines().count();
            if lines > MAX_LINES {
                over.push(format!("{} has {lines} lines", p.display()));
            }
        }
    }
    assert!(
        over.is_empty(),
        "over {MAX_LINES} lines:\n{}",
        over.join("\n")
    );
}

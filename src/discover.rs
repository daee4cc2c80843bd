//! Discover stage: command-line paths -> the sources to scan.
//!
//! Input: the paths the user named (`-` for stdin). Output: [`Target`]s, each with its file
//! kind (or `None` when only its content can tell), and errors for paths that cannot be
//! walked. Directories are walked with the `ignore` crate (ripgrep's walker): .gitignore and
//! .ignore are respected (unless `--no-respect-gitignore`), but never hide what an agent
//! loads: the files git tracks (its index, `gitindex`) and the convention files listed in
//! each folder entered are walked whatever ignore files say; hidden files are included (agent files live in .cursor/, .github/,
//! .claude/), `.git/` is skipped, and only paths that match an agent convention from
//! rules/agents.yaml are kept. A file named on the command line is always scanned, whatever its
//! name and whatever ignore files say, as pre-commit passes file names. Links are followed only
//! inside the scanned root.

use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use ignore::WalkBuilder;
use ignore::gitignore::Gitignore;
use sha2::{Digest, Sha256};

mod gitindex;

pub use gitindex::MAX_GIT_INDEX_BYTES;

use crate::agents::{CapScope, Classification, Conventions};
use crate::bounds::io_message;
use crate::kind::FileKind;
pub use crate::target::{FileError, Target};

/// The result of discovery.
#[derive(Debug, Default)]
pub struct Discovery {
    /// Sources to scan, sorted by display path, without duplicates.
    pub targets: Vec<Target>,
    /// Paths that could not be walked.
    pub errors: Vec<FileError>,
}

/// Options of discovery.
#[derive(Debug, Clone, Default)]
pub struct DiscoverOptions {
    /// Force this kind for every source (`--kind`).
    pub kind: Option<FileKind>,
    /// Name of stdin in output (`--stdin-filename`).
    pub stdin_filename: Option<String>,
    /// Globs (gitignore syntax) skipped while walking, relative to the folder walked
    /// (`--exclude`); never applied to paths named on the command line.
    pub exclude: Vec<String>,
    /// The config's `include` and `exclude` globs: while walking, excluded paths are skipped
    /// and included files are scanned even when no convention names them (their kind then
    /// comes from their content). Never applied to paths named on the command line.
    pub filter: Option<Arc<PathFilter>>,
    /// Apply `exclude` and the filter's excludes to paths named on the command line too
    /// (`--force-exclude`); `--exclude` globs are then matched relative to the current
    /// directory. An excluded named file is dropped without a note, as ruff drops it.
    pub force_exclude: bool,
    /// Walk without reading ignore files (`.gitignore`, `.ignore`, `.git/info/exclude`, the
    /// global excludes file): `--no-respect-gitignore`.
    pub no_respect_gitignore: bool,
}

/// The `--exclude` globs as the walker's overrides for a walk of `root`: each glob becomes an
/// ignore override (`!glob`), matched like a .gitignore line at `root` (`fixtures/**` or
/// `fixtures/` from the root, `*.snap` at any depth). A matching folder is not entered.
///
/// # Errors
/// The glob and why it does not parse; a glob starting with `!` is refused, since it would
/// turn the override into a whitelist that hides every other file.
pub fn exclude_overrides(
    root: &Path,
    globs: &[String],
) -> Result<ignore::overrides::Override, String> {
    let mut b = ignore::overrides::OverrideBuilder::new(root);
    for g in globs {
        if g.starts_with('!') {
            return Err(format!("`{g}`: a glob cannot start with `!`"));
        }
        if g.trim().is_empty() {
            return Err("an empty glob excludes nothing".to_owned());
        }
        b.add(&format!("!{g}")).map_err(|e| format!("`{g}`: {e}"))?;
    }
    b.build().map_err(|e| e.to_string())
}

/// The path as shown in output.
pub fn display_path(p: &Path) -> String {
    let s = p.to_string_lossy().replace('\\', "/");
    let mut s = s.as_str();
    while let Some(rest) = s.strip_prefix("./") {
        s = rest;
    }
    if s.is_empty() {
        ".".to_owned()
    } else {
        s.to_owned()
    }
}

/// The path as shown in output, relative to the current directory when it lies below it
/// (`/abs/cwd/sub/x` shows as `sub/x`).
pub fn display_relative(p: &Path) -> String {
    if p.is_absolute()
        && let Ok(cwd) = std::env::current_dir()
        && let Ok(rel) = p.strip_prefix(&cwd)
        && !rel.as_os_str().is_empty()
    {
        return display_path(rel);
    }
    display_path(p)
}

/// Finds the sources under `paths`, sorted by display path (see [`discover_each`]).
pub fn discover(paths: &[PathBuf], opts: &DiscoverOptions) -> Discovery {
    let mut targets = Vec::new();
    let errors = discover_each(paths, opts, &mut |t| targets.push(t));
    targets.sort_by(|a, b| a.display.cmp(&b.display));
    Discovery { targets, errors }
}

/// Finds the sources under `paths` and hands each to `found` as soon as it is known, so that
/// checking can start while the walk goes on. Order: each path in turn (a folder in the
/// walk's order), then the files the memory files import; each display path once, the first
/// found (as [`discover`], which sorts them). Returns the paths that could not be walked, in
/// the order met.
///
/// What is held meanwhile does not grow with the text scanned: a 128-bit digest of each
/// display path and of each file's real path (to hand each source once, and to follow an
/// import only to a file not already found), the imports of the memory files found (at most
/// [`MAX_IMPORTS_PER_FILE`] each), and while a folder is walked the paths git tracks below it
/// (read from the index, at most [`MAX_GIT_INDEX_BYTES`]) and the convention files listed in
/// the folders entered and not yet met.
pub fn discover_each(
    paths: &[PathBuf],
    opts: &DiscoverOptions,
    found: &mut dyn FnMut(Target),
) -> Vec<FileError> {
    let conv = Conventions::builtin();
    let mut out = Sink {
        found,
        errors: Vec::new(),
        shown: HashSet::new(),
        known: HashSet::new(),
        memory: Vec::new(),
    };
    // The memory files each path named found, and the root their imports must stay in:
    // imports are followed once every named file is known, so a file named on the command
    // line is never taken for an imported one.
    let mut imports: Vec<(std::ops::Range<usize>, PathBuf)> = Vec::new();
    // `--exclude` for named files under --force-exclude, compiled once (relative to `.`).
    let named = opts
        .force_exclude
        .then(|| exclude_overrides(Path::new("."), &opts.exclude).ok())
        .flatten();
    for p in paths {
        if p.as_os_str() == "-" {
            let display = opts
                .stdin_filename
                .clone()
                .unwrap_or_else(|| "<stdin>".to_owned());
            let class = conv.classify(&display);
            out.push(Target {
                kind: opts.kind.or(class.as_ref().map(|c| c.kind)),
                agents: class.as_ref().map(|c| c.agents.clone()).unwrap_or_default(),
                caps: Vec::new(),
                display,
                path: None,
                explicit: true,
                skip: None,
                imported_by: None,
            });
            continue;
        }
        let before = out.memory.len();
        match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => {
                walk(p, conv, opts, &mut out);
                imports.push((before..out.memory.len(), p.clone()));
            }
            Ok(_) if opts.force_exclude && named_excluded(p, named.as_ref(), opts) => {}
            Ok(m) => {
                let rel = display_path(p);
                let class = conv.classify(&rel).or_else(|| {
                    let root = p.parent().unwrap_or(Path::new("."));
                    let top = root
                        .ancestors()
                        .nth(MAX_SKILL_DEPTH)
                        .unwrap_or(Path::new(""));
                    SkillBundles::default().resource(p, top)
                });
                let skip = (!m.is_file()).then(|| not_regular(&m));
                out.push(target(p, class, opts, true, skip, p.parent()));
                // A file named alone: its imports stay inside its repository (the nearest
                // folder with `.git`), else inside its own folder.
                let parent = p.parent().filter(|d| !d.as_os_str().is_empty());
                let parent = parent.unwrap_or(Path::new("."));
                let top = std::path::absolute(parent).ok().and_then(|a| {
                    a.ancestors()
                        .find(|d| d.join(".git").exists())
                        .map(Path::to_path_buf)
                });
                let top = top.unwrap_or_else(|| parent.to_path_buf());
                imports.push((before..out.memory.len(), top));
            }
            Err(e) => out.errors.push(FileError {
                path: display_path(p),
                message: io_message(&e, p),
            }),
        }
    }
    for (memory, root) in imports {
        follow_imports(&mut out, memory, &root);
    }
    out.errors
}

/// A 128-bit digest of `bytes` (the first half of their SHA-256): two paths with the same
/// digest are taken for the same path, which no two of the 2^64 paths a run could meet do.
fn digest(bytes: &[u8]) -> u128 {
    let d = Sha256::digest(bytes);
    let mut half = [0u8; 16];
    half.copy_from_slice(&d[..16]);
    u128::from_le_bytes(half)
}

/// A memory file found (not imported) whose `@path` imports are to be followed, with them.
#[derive(Debug)]
struct Memory {
    path: PathBuf,
    display: String,
    imports: Imports,
}

/// Where discovery puts what it finds (see [`discover_each`]).
struct Sink<'a> {
    found: &'a mut dyn FnMut(Target),
    /// Paths that could not be walked, in the order met.
    errors: Vec<FileError>,
    /// Digests of the display paths handed on.
    shown: HashSet<u128>,
    /// Digests of the real paths of every source found (an import of one is not added).
    known: HashSet<u128>,
    /// Memory files found that import something, in the order found.
    memory: Vec<Memory>,
}

impl Sink<'_> {
    /// A source found by walking or named: known by its real path, its imports read when it
    /// is a memory file, and handed on unless its display path was.
    fn push(&mut self, t: Target) {
        if let Some(p) = &t.path {
            if let Ok(real) = std::fs::canonicalize(p) {
                self.known
                    .insert(digest(real.as_os_str().as_encoded_bytes()));
            }
            if t.skip.is_none()
                && imports_followed(p)
                && let Ok(Some(bytes)) = crate::bounds::read_at_most(p, MAX_IMPORT_READ)
            {
                let imports = imports_bounded(&String::from_utf8_lossy(&bytes));
                if !imports.paths.is_empty() {
                    self.memory.push(Memory {
                        path: p.clone(),
                        display: t.display.clone(),
                        imports,
                    });
                }
            }
        }
        self.hand_on(t);
    }

    /// Hands `t` on unless a source of the same display path was.
    fn hand_on(&mut self, t: Target) {
        if self.shown.insert(digest(t.display.as_bytes())) {
            (self.found)(t);
        }
    }
}

/// True when a file named on the command line matches `--exclude` (`named`, compiled
/// relative to the current directory) or the config's `exclude`. A bad `--exclude` glob
/// excludes nothing here: the walk reports it.
fn named_excluded(
    p: &Path,
    named: Option<&ignore::overrides::Override>,
    opts: &DiscoverOptions,
) -> bool {
    let rel = display_path(p);
    let by_flag = named.is_some_and(|o| o.matched(Path::new(&rel), false).is_ignore());
    by_flag || opts.filter.as_ref().is_some_and(|f| f.excluded(p, false))
}

/// Claude Code follows `@path` imports of memory files recursively, "up to 5 hops"
/// (<https://docs.anthropic.com/en/docs/claude-code/memory>, section "CLAUDE.md imports").
pub const MAX_IMPORT_DEPTH: usize = 5;

/// At most this many imported files are added per folder walked (or file named).
pub const MAX_IMPORTS: usize = 200;

/// Imported files are read for their own imports only up to this size.
const MAX_IMPORT_READ: u64 = 1 << 20;

/// True for the memory files whose `@path` imports Claude Code follows: `CLAUDE.md` (also in
/// `.claude/`) and `CLAUDE.local.md`.
fn imports_followed(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|n| n == "CLAUDE.md" || n == "CLAUDE.local.md")
}

/// The `@path` imports of a memory file's text, in order: an `@` at the start of a line or
/// after whitespace or an opening bracket, followed by a path. Imports are not evaluated in
/// code spans or fenced code blocks (Claude Code's memory documentation, as above).
/// At most [`MAX_IMPORTS_PER_FILE`] of them; see [`imports_bounded`] for the count of the
/// rest.
pub fn imports_of(text: &str) -> Vec<String> {
    imports_bounded(text).paths
}

/// At most this many `@path` imports of one file are followed (each costs a file system
/// lookup, and a line of three bytes, `@x` and its line end, is an import): the rest get
/// one `PL804` note, on the first of them. Claude Code documents no such limit; a memory
/// file's imports are a handful.
pub const MAX_IMPORTS_PER_FILE: usize = 256;

/// The imports of one memory file (see [`imports_of`]): the first
/// [`MAX_IMPORTS_PER_FILE`], and how many there are in all.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Imports {
    /// The imports followed, in order.
    pub paths: Vec<String>,
    /// Every import of the file, those past the limit included.
    pub total: usize,
    /// The first import past the limit, if any.
    pub first_dropped: Option<String>,
}

/// The imports of a memory file's text as [`imports_of`] reads them, bounded: time linear in
/// the text and at most [`MAX_IMPORTS_PER_FILE`] paths kept.
pub fn imports_bounded(text: &str) -> Imports {
    let mut out = Imports::default();
    let mut fence: Option<&str> = None;
    for line in text.lines() {
        let t = line.trim_start();
        for marker in ["```", "~~~"] {
            if t.starts_with(marker) {
                fence = match fence {
                    Some(m) if m == marker => None,
                    None => Some(marker),
                    other => other,
                };
            }
        }
        // A line without an `@` imports nothing (most lines: a per-character walk over every
        // memory file was two fifths of the walker's instructions, callgrind).
        if fence.is_some() || t.starts_with("```") || t.starts_with("~~~") || !line.contains('@') {
            continue;
        }
        let mut in_code = false;
        let mut prev = ' ';
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        let mut i = 0;
        while i < chars.len() {
            let (at, c) = chars[i];
            if c == '`' {
                in_code = !in_code;
            } else if c == '@' && !in_code && (prev.is_whitespace() || "([".contains(prev)) {
                let rest = &line[at + 1..];
                let end = rest
                    .find(|ch: char| ch.is_whitespace() || "`()[]<>\"',;".contains(ch))
                    .unwrap_or(rest.len());
                let path = rest[..end].trim_end_matches(['.', ':', '!', '?']);
                if !path.is_empty() && path.len() <= 4096 {
                    out.total += 1;
                    if out.paths.len() < MAX_IMPORTS_PER_FILE {
                        out.paths.push(path.to_owned());
                    } else if out.first_dropped.is_none() {
                        out.first_dropped = Some(path.to_owned());
                    }
                }
            }
            prev = c;
            i += 1;
        }
    }
    out
}

/// `path` with `.` and `..` folded away lexically (no file system access).
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// Hands on the files that `memory` (the memory files one path found) import, and theirs, up
/// to [`MAX_IMPORT_DEPTH`] hops and [`MAX_IMPORTS`] files, as instructions that say who
/// imported them. An import that leaves `root` (after links are resolved), a home-folder
/// import (`@~/...`), or one that names no regular file is not followed, nor one of a file
/// already found: nothing outside the scanned tree is read.
///
/// Returns the file system lookups made (one per import considered): at most
/// [`MAX_IMPORTS_PER_FILE`] per file read, so the work is linear in the files found, never
/// in the bytes of a file.
fn follow_imports(out: &mut Sink<'_>, memory: std::ops::Range<usize>, root: &Path) -> usize {
    let Ok(canon_root) = std::fs::canonicalize(root) else {
        return 0;
    };
    // (file, its display path, hops from a found file, its imports when already read)
    let mut queue: std::collections::VecDeque<(PathBuf, String, usize, Option<Imports>)> = out
        .memory[memory]
        .iter_mut()
        .map(|m| {
            let imports = std::mem::take(&mut m.imports);
            (m.path.clone(), m.display.clone(), 0, Some(imports))
        })
        .collect();
    let mut added = 0;
    let mut lookups = 0;
    while let Some((path, display, depth, read)) = queue.pop_front() {
        if depth >= MAX_IMPORT_DEPTH {
            continue;
        }
        let imports = match read {
            Some(imports) => imports,
            None => {
                let Ok(Some(bytes)) = crate::bounds::read_at_most(&path, MAX_IMPORT_READ) else {
                    continue;
                };
                imports_bounded(&String::from_utf8_lossy(&bytes))
            }
        };
        let dir = path.parent().unwrap_or(Path::new(""));
        if let Some(first) = &imports.first_dropped {
            let over = imports.total - imports.paths.len();
            let why = format!(
                "an import of {display} not followed: it has {} imports, over the limit of \
                 {MAX_IMPORTS_PER_FILE}; this one and the {} after it are not followed",
                imports.total,
                over - 1
            );
            import_note(out, &lexical(&dir.join(first)), why);
        }
        for import in imports.paths {
            if added >= MAX_IMPORTS {
                let why = format!(
                    "an import of {display} not followed: the imports found under this path \
                     reached the limit of {MAX_IMPORTS} files"
                );
                import_note(out, &lexical(&dir.join(&import)), why);
                return lookups;
            }
            if import.starts_with('~') {
                continue;
            }
            let candidate = lexical(&dir.join(&import));
            lookups += 1;
            let Ok(real) = std::fs::canonicalize(&candidate) else {
                continue;
            };
            if !real.starts_with(&canon_root)
                || !std::fs::metadata(&real).is_ok_and(|m| m.is_file())
                || !out
                    .known
                    .insert(digest(real.as_os_str().as_encoded_bytes()))
            {
                continue;
            }
            added += 1;
            let shown = display_relative(&candidate);
            queue.push_back((candidate.clone(), shown.clone(), depth + 1, None));
            out.hand_on(Target {
                display: shown,
                path: Some(candidate),
                kind: Some(FileKind::Instructions),
                agents: vec!["claude-code".to_owned()],
                caps: Vec::new(),
                explicit: false,
                skip: None,
                imported_by: Some(display.clone()),
            });
        }
    }
    lookups
}

/// A `PL804` note on an import not followed for a limit (`path`: where it points; the file is
/// never opened).
fn import_note(out: &mut Sink<'_>, path: &Path, why: String) {
    out.hand_on(Target {
        display: display_relative(path),
        path: Some(path.to_path_buf()),
        kind: None,
        agents: vec!["claude-code".to_owned()],
        caps: Vec::new(),
        explicit: false,
        skip: Some(why),
        imported_by: None,
    });
}

/// File names of MCP manifests that declare tools: a desktop extension's `manifest.json`
/// (<https://github.com/anthropics/mcpb/blob/main/MANIFEST.md>) and the MCP registry's
/// `server.json`
/// (<https://github.com/modelcontextprotocol/registry/blob/main/docs/reference/server-json/generic-server-json.md>).
/// Other programs use these names too, so a walk reads such a file (at most
/// [`MAX_MANIFEST_SNIFF`] bytes) and keeps it only when its content is an MCP manifest.
pub const MCP_MANIFEST_NAMES: &[&str] = &["manifest.json", "server.json"];

/// Bytes of a `manifest.json` or `server.json` read to tell an MCP manifest from another.
pub const MAX_MANIFEST_SNIFF: u64 = 1 << 20;

/// The classification of `path` as `mcp-tools` when it is an MCP manifest found by walking.
fn mcp_manifest(path: &Path) -> Option<Classification> {
    let name = path.file_name()?.to_str()?;
    if !MCP_MANIFEST_NAMES.contains(&name) {
        return None;
    }
    let bytes = crate::bounds::read_at_most(path, MAX_MANIFEST_SNIFF).ok()??;
    let text = String::from_utf8_lossy(&bytes);
    let root = crate::parse::json::parse_tree(&text).ok()??;
    crate::parse::mcp_tools::is_mcp_payload(&root).then(|| Classification {
        kind: FileKind::McpTools,
        agents: Vec::new(),
        caps: Vec::new(),
    })
}

/// How many folders above a file a skill's `SKILL.md` is looked for.
pub const MAX_SKILL_DEPTH: usize = 4;

/// At most this many resource files are scanned per skill folder.
pub const MAX_SKILL_RESOURCES: usize = 500;

/// Skill folders met while walking: the files of a folder that holds a `SKILL.md` (its
/// `scripts/`, `references/`, `assets/` and any other file the skill can point the agent at,
/// <https://agentskills.io/specification>) are scanned as [`FileKind::SkillResource`].
#[derive(Debug, Default)]
struct SkillBundles {
    /// Folder -> whether it holds a `SKILL.md`.
    holds_skill: std::collections::HashMap<PathBuf, bool>,
    /// Skill folder -> resources taken so far.
    taken: std::collections::HashMap<PathBuf, usize>,
    /// Skill folder -> resources over [`MAX_SKILL_RESOURCES`], not scanned.
    over: std::collections::BTreeMap<PathBuf, usize>,
}

impl SkillBundles {
    /// The classification of `path` as a resource of the nearest skill folder at most
    /// [`MAX_SKILL_DEPTH`] folders up and not above `root`, or `None`.
    fn resource(&mut self, path: &Path, root: &Path) -> Option<Classification> {
        if path.file_name().is_some_and(|n| n == "SKILL.md") {
            return None;
        }
        let dir = path
            .ancestors()
            .skip(1)
            .take(MAX_SKILL_DEPTH)
            .take_while(|d| d.starts_with(root))
            .find(|d| {
                *self
                    .holds_skill
                    .entry(d.to_path_buf())
                    .or_insert_with(|| d.join("SKILL.md").is_file())
            })?
            .to_path_buf();
        let n = self.taken.entry(dir.clone()).or_insert(0);
        if *n >= MAX_SKILL_RESOURCES {
            *self.over.entry(dir).or_insert(0) += 1;
            return None;
        }
        *n += 1;
        Some(Classification {
            kind: FileKind::SkillResource,
            agents: Vec::new(),
            caps: Vec::new(),
        })
    }
}

fn not_regular(m: &std::fs::Metadata) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = m.file_type();
        if t.is_fifo() {
            return "a FIFO (named pipe), never opened".into();
        }
        if t.is_socket() {
            return "a socket, never opened".into();
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device, never opened".into();
        }
    }
    let _ = m;
    "not a regular file, never opened".into()
}

/// Include and exclude globs (gitignore syntax) relative to a base folder.
#[derive(Debug, Clone)]
pub struct PathFilter {
    pub(crate) base: PathBuf,
    pub(crate) include: Option<Gitignore>,
    pub(crate) exclude: Option<Gitignore>,
}

impl PathFilter {
    fn matches(g: &Gitignore, base: &Path, abs: &Path, is_dir: bool) -> bool {
        abs.starts_with(base) && g.matched_path_or_any_parents(abs, is_dir).is_ignore()
    }

    /// True when `path` (relative to the current directory, or absolute) matches an `exclude`
    /// glob, or lies in a folder that does.
    pub fn excluded(&self, path: &Path, is_dir: bool) -> bool {
        let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        self.exclude
            .as_ref()
            .is_some_and(|g| Self::matches(g, &self.base, &abs, is_dir))
    }

    /// True when `path` matches an `include` glob.
    pub fn included(&self, path: &Path) -> bool {
        let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        self.include
            .as_ref()
            .is_some_and(|g| Self::matches(g, &self.base, &abs, false))
    }

    /// True when the filter has no include glob (walking keeps only convention files).
    pub fn has_include(&self) -> bool {
        self.include.is_some()
    }
}

fn target(
    path: &Path,
    class: Option<Classification>,
    opts: &DiscoverOptions,
    explicit: bool,
    skip: Option<String>,
    root: Option<&Path>,
) -> Target {
    let caps = class
        .as_ref()
        .map(|c| {
            c.caps
                .iter()
                .map(|cap| {
                    let before = match cap.scope {
                        CapScope::File => 0,
                        CapScope::Chain => chain_bytes(path, &cap.chain_names, root),
                    };
                    (cap.clone(), before)
                })
                .collect()
        })
        .unwrap_or_default();
    Target {
        display: display_path(path),
        path: Some(path.to_path_buf()),
        kind: opts.kind.or(class.as_ref().map(|c| c.kind)),
        agents: class.map(|c| c.agents).unwrap_or_default(),
        caps,
        explicit,
        skip,
        imported_by: None,
    }
}

/// Bytes a chained loader (Codex) reads before `path`: for each ancestor folder up to the
/// project root (the nearest folder holding `.git`, else `root`), the size of the first of
/// `names` present there.
fn chain_bytes(path: &Path, names: &[String], root: Option<&Path>) -> u64 {
    let Ok(abs) = std::path::absolute(path) else {
        return 0;
    };
    let stop = abs
        .ancestors()
        .skip(1)
        .find(|d| d.join(".git").exists())
        .map(Path::to_path_buf)
        .or_else(|| root.and_then(|r| std::path::absolute(r).ok()));
    let Some(stop) = stop else {
        return 0;
    };
    let mut total = 0;
    for dir in abs.ancestors().skip(2) {
        if !dir.starts_with(&stop) {
            break;
        }
        if let Some(size) = names
            .iter()
            .find_map(|n| std::fs::metadata(dir.join(n)).ok().filter(|m| m.is_file()))
            .map(|m| m.len())
        {
            total += size;
        }
        if dir == stop {
            break;
        }
    }
    total
}

/// One walk of a folder named on the command line: what its passes share.
struct Walk<'a> {
    /// The folder named (paths are shown and classified relative to it).
    root: &'a Path,
    canon_root: PathBuf,
    conv: &'a Conventions,
    opts: &'a DiscoverOptions,
    overrides: ignore::overrides::Override,
    skills: SkillBundles,
    /// Convention files listed in a visited folder and not yet handed on by the walker,
    /// by path relative to `root`: those left at the end were hidden by an ignore rule.
    listed: std::collections::HashMap<String, (PathBuf, Classification)>,
    /// Visited folders that could not be listed: their files are classified as the walker
    /// hands them on.
    unlisted: HashSet<PathBuf>,
    /// Paths git tracks below `root` (relative to it) not yet handed on by the walker.
    tracked: HashSet<String>,
    /// Names of the folders that conventions name below any folder (`.claude`, `.cursor`,
    /// `.github`, ...: the first part of a `**/NAME/...` glob).
    agent_dirs: HashSet<String>,
    /// Such folders listed in a visited folder and not yet entered by the walker: those left
    /// at the end were hidden by an ignore rule, and are walked without ignore rules.
    listed_dirs: std::collections::BTreeMap<String, PathBuf>,
    /// Folders not entered by the walker because of an oversized ignore file (walked again
    /// without ignore rules), with that file.
    oversized: Vec<(PathBuf, PathBuf)>,
}

fn walk(root: &Path, conv: &Conventions, opts: &DiscoverOptions, out: &mut Sink<'_>) {
    let canon_root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let overrides = match exclude_overrides(root, &opts.exclude) {
        Ok(o) => o,
        Err(message) => {
            out.errors.push(FileError {
                path: display_path(root),
                message,
            });
            return;
        }
    };
    if let Some(bad) = unreadable_ignore_file(root).or_else(|| {
        canon_root
            .ancestors()
            .skip(1)
            .find_map(unreadable_ignore_file)
    }) {
        out.errors.push(bad);
        return;
    }
    let mut w = Walk {
        root,
        canon_root,
        conv,
        opts,
        overrides,
        skills: SkillBundles::default(),
        listed: std::collections::HashMap::new(),
        agent_dirs: agent_dirs(conv),
        listed_dirs: std::collections::BTreeMap::new(),
        unlisted: HashSet::new(),
        tracked: HashSet::new(),
        oversized: Vec::new(),
    };
    w.read_tracked(out);
    // An oversized ignore file in the root or above it: the whole walk goes without ignore
    // rules (the walker would read that file first).
    let above = oversized_ignore_file(root).or_else(|| {
        w.canon_root
            .ancestors()
            .skip(1)
            .find_map(oversized_ignore_file)
    });
    let respect = !opts.no_respect_gitignore && above.is_none();
    if let Some(file) = above {
        push_oversized_note(&file, out, opts);
    }
    w.pass(root, respect, out);
    // Agent folders an ignore rule hid (`.cursor/` in a .gitignore): Cursor still loads
    // `.cursor/rules`, so they are walked without ignore rules.
    for (_, dir) in std::mem::take(&mut w.listed_dirs) {
        if !w.excluded_dir(&dir) {
            w.pass(&dir, false, out);
        }
    }
    // Folders the walker did not enter for an oversized ignore file: walked without ignore
    // rules (the file is never read), after a note on the file.
    while let Some((dir, file)) = w.oversized.pop() {
        push_oversized_note(&file, out, opts);
        w.pass(&dir, false, out);
    }
    w.finish(out);
}

/// A `PL804` note on an ignore file over [`crate::bounds::MAX_IGNORE_FILE_BYTES`].
fn push_oversized_note(file: &Path, out: &mut Sink<'_>, opts: &DiscoverOptions) {
    out.push(Target {
        display: display_path(file),
        path: Some(file.to_path_buf()),
        kind: opts.kind,
        agents: Vec::new(),
        caps: Vec::new(),
        explicit: false,
        skip: Some(format!(
            "an ignore file over {} MiB, not read: its folder is walked without ignore rules",
            crate::bounds::MAX_IGNORE_FILE_BYTES >> 20
        )),
        imported_by: None,
    });
}

impl Walk<'_> {
    /// Reads the paths git tracks below the root from the repository's index (never running
    /// git): a tracked file is walked even where an ignore rule hides it, since a checkout
    /// writes it and agents load it. An index that cannot be read is a note on it; the walk
    /// goes on without it.
    fn read_tracked(&mut self, out: &mut Sink<'_>) {
        let Some((top, index)) = gitindex::repository_of(&self.canon_root) else {
            return;
        };
        let paths = match gitindex::read_index(&index) {
            Ok(Some(paths)) => paths,
            Ok(None) => return,
            Err(e) => {
                out.push(Target {
                    display: display_relative(&index),
                    path: Some(index),
                    kind: self.opts.kind,
                    agents: Vec::new(),
                    caps: Vec::new(),
                    explicit: false,
                    skip: Some(e.to_string()),
                    imported_by: None,
                });
                return;
            }
        };
        let below = self.canon_root.strip_prefix(&top).unwrap_or(Path::new(""));
        let mut prefix = display_path(below);
        if prefix == "." {
            prefix.clear();
        } else {
            prefix.push('/');
        }
        self.tracked = paths
            .into_iter()
            .filter(|p| p.starts_with(prefix.as_bytes()))
            .map(|mut p| {
                p.drain(..prefix.len());
                String::from_utf8(p)
                    .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
            })
            .collect();
    }

    /// Lists `dir`, a folder the walker entered, and remembers its convention files, so that
    /// one an ignore rule hides is still found.
    fn list(&mut self, dir: &Path) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            self.unlisted.insert(dir.to_path_buf());
            return;
        };
        // The folder's path relative to the root, once; each file's is it and the name.
        let mut prefix = display_path(dir.strip_prefix(self.root).unwrap_or(dir));
        if prefix == "." {
            prefix.clear();
        } else {
            prefix.push('/');
        }
        let mut rel = String::new();
        for e in entries.flatten() {
            let name = e.file_name();
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                if let Some(n) = name.to_str()
                    && self.agent_dirs.contains(n)
                {
                    self.listed_dirs.insert(format!("{prefix}{n}"), e.path());
                }
                continue;
            }
            rel.clear();
            rel.push_str(&prefix);
            rel.push_str(&name.to_string_lossy());
            if let Some(class) = self.conv.classify(&rel) {
                self.listed.insert(rel.clone(), (e.path(), class));
            }
        }
    }

    /// One walk from `start` (the root, or a folder below it), with ignore files honoured
    /// when `respect`.
    fn pass(&mut self, start: &Path, respect: bool, out: &mut Sink<'_>) {
        // Links to folders outside the root are not descended into; the filter records them so
        // that each gets a note.
        let outside: Arc<Mutex<Vec<PathBuf>>> = Arc::default();
        let unreadable: Arc<Mutex<Vec<FileError>>> = Arc::default();
        let oversized: Arc<Mutex<Vec<(PathBuf, PathBuf)>>> = Arc::default();
        let walker = {
            let outside = Arc::clone(&outside);
            let unreadable = Arc::clone(&unreadable);
            let oversized = Arc::clone(&oversized);
            let canon_root = self.canon_root.clone();
            let filter = self.opts.filter.clone();
            WalkBuilder::new(start)
                .overrides(self.overrides.clone())
                .hidden(false)
                .git_ignore(respect)
                .git_exclude(respect)
                .git_global(respect)
                .ignore(respect)
                .parents(respect)
                .require_git(false)
                .follow_links(true)
                .filter_entry(move |e| {
                    if e.file_name() == ".git" {
                        return false;
                    }
                    if e.depth() > 0
                        && let Some(f) = &filter
                        && f.excluded(e.path(), e.file_type().is_some_and(|t| t.is_dir()))
                    {
                        return false;
                    }
                    if e.path_is_symlink()
                        && e.file_type().is_some_and(|t| t.is_dir())
                        && std::fs::canonicalize(e.path())
                            .is_ok_and(|r| !r.starts_with(&canon_root))
                    {
                        outside
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .push(e.path().to_path_buf());
                        return false;
                    }
                    if e.file_type().is_some_and(|t| t.is_dir()) {
                        match ignore_file_problem(e.path()) {
                            None => {}
                            Some(IgnoreProblem::Unreadable(bad)) => {
                                unreadable
                                    .lock()
                                    .unwrap_or_else(PoisonError::into_inner)
                                    .push(bad);
                                return false;
                            }
                            Some(IgnoreProblem::Oversized(file)) if respect && e.depth() > 0 => {
                                oversized
                                    .lock()
                                    .unwrap_or_else(PoisonError::into_inner)
                                    .push((e.path().to_path_buf(), file));
                                return false;
                            }
                            Some(IgnoreProblem::Oversized(_)) => {}
                        }
                    }
                    true
                })
                .build()
        };
        for entry in walker {
            let entry = match entry {
                Ok(e) => e,
                Err(err) => {
                    // The walker met this path and reported it: it was not hidden.
                    if let Some(p) = error_path(&err) {
                        let rel = display_path(p.strip_prefix(self.root).unwrap_or(p));
                        self.listed.remove(&rel);
                        self.tracked.remove(&rel);
                    }
                    walk_error(err, self.conv, self.opts, out);
                    continue;
                }
            };
            let Some(ft) = entry.file_type() else {
                continue;
            };
            if ft.is_dir() {
                if respect {
                    if !self.listed_dirs.is_empty() {
                        let path = entry.path();
                        let rel = display_path(path.strip_prefix(self.root).unwrap_or(path));
                        self.listed_dirs.remove(&rel);
                    }
                    self.list(entry.path());
                }
                continue;
            }
            let path = entry.path();
            let rel = display_path(path.strip_prefix(self.root).unwrap_or(path));
            if !self.tracked.is_empty() {
                self.tracked.remove(&rel);
            }
            let class = if respect
                && (self.unlisted.is_empty()
                    || !path.parent().is_some_and(|d| self.unlisted.contains(d)))
            {
                self.listed.remove(&rel).map(|(_, c)| c)
            } else {
                self.listed.remove(&rel);
                self.conv.classify(&rel)
            };
            self.consider(path, class, entry.path_is_symlink(), ft.is_file(), out);
        }
        out.errors.extend(std::mem::take(
            &mut *unreadable.lock().unwrap_or_else(PoisonError::into_inner),
        ));
        self.oversized.extend(std::mem::take(
            &mut *oversized.lock().unwrap_or_else(PoisonError::into_inner),
        ));
        let links = std::mem::take(&mut *outside.lock().unwrap_or_else(PoisonError::into_inner));
        for link in links {
            out.push(Target {
                display: display_path(&link),
                path: Some(link),
                kind: self.opts.kind,
                agents: Vec::new(),
                caps: Vec::new(),
                explicit: false,
                skip: Some(
                    "a symbolic link to a folder outside the scanned root, not followed".into(),
                ),
                imported_by: None,
            });
        }
    }

    /// Hands on the file at `path` when a convention (`class`), the
    /// config's `include`, a skill folder or an MCP manifest makes it a source.
    fn consider(
        &mut self,
        path: &Path,
        class: Option<Classification>,
        is_link: bool,
        is_file: bool,
        out: &mut Sink<'_>,
    ) {
        let class = match class {
            Some(c) => Some(c),
            None if self.opts.filter.as_ref().is_some_and(|f| f.included(path)) => None,
            None => match self
                .skills
                .resource(path, self.root)
                .or_else(|| mcp_manifest(path))
            {
                Some(c) => Some(c),
                None => return,
            },
        };
        let mut skip = None;
        if is_link {
            match std::fs::canonicalize(path) {
                Ok(real) if !real.starts_with(&self.canon_root) => {
                    skip = Some("a symbolic link to a file outside the scanned root".to_owned());
                }
                Ok(_) => {}
                Err(e) => {
                    out.errors.push(FileError {
                        path: display_path(path),
                        message: io_message(&e, path),
                    });
                    return;
                }
            }
        }
        if skip.is_none() && !is_file {
            skip = std::fs::metadata(path).ok().map(|m| not_regular(&m));
        }
        out.push(target(path, class, self.opts, false, skip, Some(self.root)));
    }

    /// True when the user's own choice leaves the folder `dir` out (as [`Walk::excluded`]).
    fn excluded_dir(&self, dir: &Path) -> bool {
        self.excluded_as(dir, true)
    }

    /// True when the user's own choice leaves `path` out: an `--exclude` glob or the
    /// config's `exclude` (on the file or a folder above it, below the root).
    fn excluded(&self, path: &Path) -> bool {
        self.excluded_as(path, false)
    }

    /// [`Walk::excluded`] of `path`, a folder when `is_dir`.
    fn excluded_as(&self, path: &Path, mut is_dir: bool) -> bool {
        if self
            .opts
            .filter
            .as_ref()
            .is_some_and(|f| f.excluded(path, is_dir))
        {
            return true;
        }
        let mut p = path;
        while p.starts_with(self.root) && p != self.root {
            if self.overrides.matched(p, is_dir).is_ignore() {
                return true;
            }
            let Some(up) = p.parent() else { break };
            p = up;
            is_dir = true;
        }
        false
    }

    /// After every pass: the convention files that an ignore rule hid in a visited folder,
    /// then the tracked files the walker never met (in an ignored folder, or hidden
    /// themselves), each handed on as if walked. Then the resources of skills over
    /// [`MAX_SKILL_RESOURCES`], one note per skill.
    fn finish(&mut self, out: &mut Sink<'_>) {
        let mut hidden: Vec<(String, (PathBuf, Classification))> =
            std::mem::take(&mut self.listed).into_iter().collect();
        hidden.sort_by(|a, b| a.0.cmp(&b.0));
        for (rel, (path, class)) in hidden {
            self.tracked.remove(&rel);
            if self.excluded(&path) {
                continue;
            }
            let Ok(meta) = std::fs::symlink_metadata(&path) else {
                continue;
            };
            let is_link = meta.file_type().is_symlink();
            let is_file = std::fs::metadata(&path).is_ok_and(|m| m.is_file());
            self.consider(&path, Some(class), is_link, is_file, out);
        }
        let mut tracked: Vec<String> = std::mem::take(&mut self.tracked).into_iter().collect();
        tracked.sort();
        for rel in tracked {
            let path = self.root.join(&rel);
            // Inside `.git`, or through a path the walk would not take.
            if rel
                .split('/')
                .any(|c| c == ".git" || c == ".." || c.is_empty())
            {
                continue;
            }
            if self.excluded(&path) {
                continue;
            }
            // A tracked path through a linked folder is not the file git tracks.
            let Some(parent) = path.parent() else {
                continue;
            };
            if !std::fs::canonicalize(parent).is_ok_and(|p| p.starts_with(&self.canon_root)) {
                continue;
            }
            let Ok(meta) = std::fs::symlink_metadata(&path) else {
                // Deleted in the work tree: nothing to scan.
                continue;
            };
            if meta.is_dir() {
                continue;
            }
            let is_link = meta.file_type().is_symlink();
            let is_file = std::fs::metadata(&path).is_ok_and(|m| m.is_file());
            let class = self.conv.classify(&rel);
            self.consider(&path, class, is_link, is_file, out);
        }
        for (dir, over) in std::mem::take(&mut self.skills.over) {
            out.push(Target {
                display: display_path(&dir),
                path: Some(dir),
                kind: self.opts.kind,
                agents: Vec::new(),
                caps: Vec::new(),
                explicit: false,
                skip: Some(format!(
                    "a skill with {over} resource files over the limit of \
                     {MAX_SKILL_RESOURCES}: those {over} are not scanned"
                )),
                imported_by: None,
            });
        }
    }
}

/// The names of the ignore files the walker reads in a folder.
const IGNORE_FILES: [&str; 3] = [".gitignore", ".ignore", ".git/info/exclude"];

/// The folder names that conventions name below any folder: the first part of each
/// `**/NAME/...` glob whose NAME has no wildcard (`.claude`, `.cursor`, `.github`, `prompts`).
fn agent_dirs(conv: &Conventions) -> HashSet<String> {
    conv.globs()
        .filter_map(|(g, _, _)| g.strip_prefix("**/")?.split_once('/'))
        .map(|(first, _)| first)
        .filter(|n| !n.contains(['*', '?', '[', '{']))
        .map(str::to_owned)
        .collect()
}

/// What is wrong with an ignore file of a folder, for the walker.
enum IgnoreProblem {
    /// Not a regular file (see [`unreadable_ignore_file`]).
    Unreadable(FileError),
    /// Over [`crate::bounds::MAX_IGNORE_FILE_BYTES`].
    Oversized(PathBuf),
}

/// The first problem of the ignore files of `dir`, one `stat` per name.
fn ignore_file_problem(dir: &Path) -> Option<IgnoreProblem> {
    IGNORE_FILES.iter().find_map(|n| {
        let p = dir.join(n);
        let m = std::fs::metadata(&p).ok()?;
        if m.is_file() {
            return (m.len() > crate::bounds::MAX_IGNORE_FILE_BYTES)
                .then_some(IgnoreProblem::Oversized(p));
        }
        let what = crate::bounds::non_regular(m.file_type()).filter(|w| *w != "a folder")?;
        Some(IgnoreProblem::Unreadable(FileError {
            path: display_path(&p),
            message: format!("not a regular file ({what}); the folder that holds it is not walked"),
        }))
    })
}

/// An ignore file of `dir` over [`crate::bounds::MAX_IGNORE_FILE_BYTES`]: the walker would
/// read it whole (and compile every line), so it is not let near it.
fn oversized_ignore_file(dir: &Path) -> Option<PathBuf> {
    match ignore_file_problem(dir) {
        Some(IgnoreProblem::Oversized(p)) => Some(p),
        _ => None,
    }
}

/// An ignore file of `dir` that the walker would read and that is a FIFO (it would block the
/// walk forever), a device (`/dev/zero` never ends) or a socket: the walker reads them itself,
/// without a size cap, so such a folder is not walked and the file is an error of the run.
fn unreadable_ignore_file(dir: &Path) -> Option<FileError> {
    match ignore_file_problem(dir) {
        Some(IgnoreProblem::Unreadable(e)) => Some(e),
        _ => None,
    }
}

/// The path an error of the walker names, if any.
fn error_path(err: &ignore::Error) -> Option<&Path> {
    match err {
        ignore::Error::WithPath { path, .. } => Some(path),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            error_path(err)
        }
        ignore::Error::Loop { child, .. } => Some(child),
        _ => None,
    }
}

fn walk_error(err: ignore::Error, conv: &Conventions, opts: &DiscoverOptions, out: &mut Sink<'_>) {
    // Unwrap the path and depth wrappers to find a loop or an I/O error with its path.
    let mut e = &err;
    let mut path: Option<PathBuf> = None;
    loop {
        match e {
            ignore::Error::WithPath { path: p, err } => {
                path = Some(p.clone());
                e = err;
            }
            ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
                e = err;
            }
            ignore::Error::Loop { child, .. } => {
                let display = display_path(child);
                let rel = display_path(&normalize_rel(child));
                let class = conv.classify(&rel);
                out.push(Target {
                    display,
                    path: Some(child.clone()),
                    kind: opts.kind.or(class.as_ref().map(|c| c.kind)),
                    agents: Vec::new(),
                    caps: Vec::new(),
                    explicit: false,
                    skip: Some("a symbolic link loop; the walk of this branch ends here".into()),
                    imported_by: None,
                });
                return;
            }
            ignore::Error::Io(io) => {
                let p = path.clone().unwrap_or_default();
                out.errors.push(FileError {
                    path: display_path(&p),
                    message: io_message(io, &p),
                });
                return;
            }
            other => {
                out.errors.push(FileError {
                    path: path.as_deref().map(display_path).unwrap_or_default(),
                    message: other.to_string(),
                });
                return;
            }
        }
    }
}

fn normalize_rel(p: &Path) -> PathBuf {
    p.components()
        .filter(|c| !matches!(c, Component::CurDir))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lookups [`follow_imports`] makes for a `CLAUDE.md` of `n` import lines (`@x0`,
    /// `@x1`, ..., none of which exists), and the notes it hands on.
    fn lookups_for(n: usize) -> (usize, Vec<Target>) {
        let dir = tempfile::tempdir().expect("a temp dir");
        let text: String = (0..n).map(|i| format!("@x{i}\n")).collect();
        let path = dir.path().join("CLAUDE.md");
        std::fs::write(&path, &text).expect("written");
        let mut found = Vec::new();
        let mut push = |t: Target| found.push(t);
        let mut out = Sink {
            found: &mut push,
            errors: Vec::new(),
            shown: HashSet::new(),
            known: HashSet::new(),
            memory: vec![Memory {
                path,
                display: "CLAUDE.md".to_owned(),
                imports: imports_bounded(&text),
            }],
        };
        let lookups = follow_imports(&mut out, 0..1, dir.path());
        (lookups, found)
    }

    #[test]
    fn import_lookups_are_bounded_per_file_whatever_its_size() {
        // Issue 29: 1 MB of `@x` lines made one lookup per line (330,000 system calls).
        let (small, _) = lookups_for(2_000);
        let (large, notes) = lookups_for(4_000);
        assert_eq!((small, large), (MAX_IMPORTS_PER_FILE, MAX_IMPORTS_PER_FILE));
        let skips: Vec<(String, Option<String>)> = notes
            .into_iter()
            .map(|t| {
                (
                    t.display.rsplit('/').next().unwrap_or("").to_owned(),
                    t.skip,
                )
            })
            .collect();
        assert_eq!(
            skips,
            [(
                format!("x{MAX_IMPORTS_PER_FILE}"),
                Some(format!(
                    "an import of CLAUDE.md not followed: it has 4000 imports, over the limit of \
                     {MAX_IMPORTS_PER_FILE}; this one and the {} after it are not followed",
                    4000 - MAX_IMPORTS_PER_FILE - 1
                ))
            )]
        );
        // Under the limit: one lookup per import, no note.
        let (few, notes) = lookups_for(10);
        assert_eq!((few, notes.len()), (10, 0));
    }

    #[test]
    fn imports_bounded_counts_every_import_and_keeps_the_first() {
        let text: String = (0..1000).map(|i| format!("see @a{i}.md\n")).collect();
        let i = imports_bounded(&text);
        assert_eq!(i.total, 1000);
        assert_eq!(i.paths.len(), MAX_IMPORTS_PER_FILE);
        assert_eq!(i.paths[0], "a0.md");
        assert_eq!(i.first_dropped, Some(format!("a{MAX_IMPORTS_PER_FILE}.md")));
    }
}

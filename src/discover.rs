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
//! inside the scanned root. With [`DiscoverOptions::user`] (`check --user`), the user's own
//! agent setup is found too (`user`: the `user:` entries of rules/agents.yaml under the home
//! folder, links followed inside it), after the paths named.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

mod channels;
mod display;
mod follow;
mod found;
mod gitindex;
mod ignore_files;
mod imports;
mod manifest;
mod options;
mod read_paths;
mod reads;
mod run_paths;
mod runs;
mod shapes;
mod sink;
mod skills;
mod user;
mod walk;

pub use channels::{
    MAX_MCP_CONFIG_SNIFF, MAX_PROSE_NODES, MAX_PTH_SNIFF, MAX_TERMINAL_SNIFF, PROSE_WORDS,
};
pub use display::{display_home, display_path, display_relative};
pub use follow::{MAX_IMPORT_DEPTH, MAX_IMPORTS};
pub use gitindex::MAX_GIT_INDEX_BYTES;
pub use imports::{Imports, MAX_IMPORTS_PER_FILE, imports_bounded, imports_of};
pub use manifest::{
    MAX_MANIFEST_SNIFF, MAX_RECORDING_SNIFF, MCP_MANIFEST_NAMES, RECORDING_FOLDERS,
};
pub use options::{DiscoverOptions, PathFilter, UserHome, exclude_overrides};
pub use read_paths::MAX_READS_PER_FILE;
pub use reads::{MAX_FOLDER_PAGES, MAX_HOPS, MAX_LINKS_READ, MAX_READS};
pub use run_paths::{MAX_RUNS_PER_FILE, MAX_RUNS_READ};
pub use runs::MAX_RUNS;
pub use shapes::MAX_SHAPE_SNIFF;
pub use skills::{MAX_SKILL_DEPTH, MAX_SKILL_RESOURCES};

use follow::follow_imports;
use found::{not_regular, target};
use reads::follow_reads;
use runs::follow_runs;
use sink::Sink;
use skills::SkillBundles;
use walk::{walk, walk_to};

use crate::agents::Conventions;
use crate::bounds::io_message;
pub use crate::target::{FileError, Target};

/// The result of discovery.
#[derive(Debug, Default)]
pub struct Discovery {
    /// Sources to scan, sorted by display path, without duplicates.
    pub targets: Vec<Target>,
    /// Paths that could not be walked.
    pub errors: Vec<FileError>,
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
        docs: Vec::new(),
        runners: Vec::new(),
        readers: Vec::new(),
    };
    // The memory files each path named found, and the root their imports must stay in:
    // imports are followed once every named file is known, so a file named on the command
    // line is never taken for an imported one.
    // Likewise the settings files that run scripts by path (their ranges in `out.runners`).
    // And the instruction files that send the agent to read pages (their ranges in
    // `out.readers`).
    type Found = (
        std::ops::Range<usize>,
        std::ops::Range<usize>,
        std::ops::Range<usize>,
        PathBuf,
    );
    let mut imports: Vec<Found> = Vec::new();
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
                user_level: false,
                page: false,
                comments: false,
            });
            continue;
        }
        let before = out.memory.len();
        let runs_before = out.runners.len();
        let reads_before = out.readers.len();
        match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => {
                walk(p, conv, opts, &mut out);
                imports.push((
                    before..out.memory.len(),
                    runs_before..out.runners.len(),
                    reads_before..out.readers.len(),
                    p.clone(),
                ));
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
                // folder with `.git`), else inside its project ([`named_project`]).
                let parent = p.parent().filter(|d| !d.as_os_str().is_empty());
                let parent = parent.unwrap_or(Path::new("."));
                let top = std::path::absolute(parent).ok().and_then(|a| {
                    a.ancestors()
                        .find(|d| d.join(".git").exists())
                        .map(Path::to_path_buf)
                });
                let top = top.unwrap_or_else(|| named_project(parent));
                // Under a bound, a repository above it is no scope: the bound's folder that
                // holds the file is.
                let top = match std::fs::canonicalize(&top) {
                    Ok(t) if opts.allows(&t) => top,
                    _ => within_holding(p, opts).unwrap_or(top),
                };
                imports.push((
                    before..out.memory.len(),
                    runs_before..out.runners.len(),
                    reads_before..out.readers.len(),
                    top,
                ));
            }
            Err(e) => out.errors.push(FileError {
                path: display_path(p),
                message: io_message(&e, p),
            }),
        }
    }
    // The user's own setup, after the paths named (a file named and found again here keeps
    // the display it was named by): its memory files' imports stay inside the home folder.
    let mut user_imports = None;
    if let Some(user) = &opts.user {
        let before = out.memory.len();
        user::scan_user(user, conv, opts, &mut out);
        user_imports = Some((before..out.memory.len(), user.home.clone()));
    }
    for (memory, runners, readers, root) in imports {
        follow_imports(&mut out, memory, &root, None);
        follow_runs(&mut out, runners, &root);
        follow_reads(&mut out, readers, &root);
    }
    if let Some((memory, home)) = user_imports {
        follow_imports(&mut out, memory, &home, Some(&home));
    }
    out.flush_docs();
    out.errors
}

/// The source a walk of the folder `root` hands on for the file `file` below it (both
/// absolute, or both relative to the current directory), or `None` when that walk leaves it
/// out: what an editor's language server checks of an open file. The walk is
/// [`discover_each`]'s, entering only the folders on the way to `file`: the same conventions,
/// ignore files (which never hide a convention file or a tracked one), config `include` and
/// `exclude`, skill folders, manifests and recordings. A file not on disk (yet) is taken as
/// its name alone makes it: a convention file, unless the config excludes it. What the whole
/// walk finds only through another file, an `@import` of a memory file or a script a
/// settings file runs, is not seen from the file itself, and is taken as its own path makes
/// it.
pub fn discover_one(root: &Path, file: &Path, opts: &DiscoverOptions) -> Option<Target> {
    let rel = file.strip_prefix(root).ok()?;
    if rel.as_os_str().is_empty() {
        return None;
    }
    let conv = Conventions::builtin();
    let mut found = None;
    let mut keep = |t: Target| {
        if found.is_none() && t.path.as_deref() == Some(file) {
            found = Some(t);
        }
    };
    let mut out = Sink {
        found: &mut keep,
        errors: Vec::new(),
        shown: HashSet::new(),
        known: HashSet::new(),
        memory: Vec::new(),
        docs: Vec::new(),
        runners: Vec::new(),
        readers: Vec::new(),
    };
    if std::fs::symlink_metadata(file).is_ok() {
        walk_to(root, file, conv, opts, &mut out);
    } else if let Some(class) = conv.classify(&display_path(rel))
        && !opts
            .filter
            .as_ref()
            .is_some_and(|f| f.excluded(file, false))
    {
        out.push(target(file, Some(class), opts, false, None, Some(root)));
    }
    out.flush_docs();
    drop(out);
    found
}

/// How many folders, the named file's own first, are looked at for the dot-folder holding
/// it: its own folder and the two above (`.claude/skills/x/`, `.github/hooks/`).
const DOT_FOLDER_DEPTH: usize = 3;

/// The project of a file named alone outside a repository, from the folder `parent` holding
/// it: the folder holding the nearest dot-folder above it within [`DOT_FOLDER_DEPTH`] levels
/// (an agent's or editor's own folder, `.vscode/`, `.claude/`, `.gemini/`, and a run of them,
/// `.github/.cache/`), since what the file runs by path (`node .github/setup.js` in
/// `.vscode/tasks.json`) is relative to that project; else `parent` itself.
fn named_project(parent: &Path) -> PathBuf {
    let Ok(abs) = std::path::absolute(parent) else {
        return parent.to_path_buf();
    };
    let dotted = |d: &Path| {
        d.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with('.') && n != "." && n != "..")
    };
    let Some(mut dot) = abs.ancestors().take(DOT_FOLDER_DEPTH).find(|d| dotted(d)) else {
        return parent.to_path_buf();
    };
    while let Some(up) = dot.parent().filter(|u| dotted(u)) {
        dot = up;
    }
    dot.parent()
        .map_or_else(|| parent.to_path_buf(), Path::to_path_buf)
}

/// The folder of [`DiscoverOptions::within`] that holds `p`, if any.
fn within_holding(p: &Path, opts: &DiscoverOptions) -> Option<PathBuf> {
    let real = std::fs::canonicalize(p).ok()?;
    opts.within.iter().find(|r| real.starts_with(r)).cloned()
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

#[cfg(test)]
mod tests;

//! Discover stage: command-line paths -> the sources to scan.
//!
//! Input: the paths the user named (`-` for stdin). Output: [`Target`]s, each with its file
//! kind (or `None` when only its content can tell), and errors for paths that cannot be
//! walked. Directories are walked with the `ignore` crate (ripgrep's walker): .gitignore and
//! .ignore are respected, hidden files are included (agent files live in .cursor/, .github/,
//! .claude/), `.git/` is skipped, and only paths that match an agent convention from
//! rules/agents.yaml are kept. A file named on the command line is always scanned, whatever its
//! name and whatever ignore files say, as pre-commit passes file names. Links are followed only
//! inside the scanned root.

use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use ignore::WalkBuilder;
use ignore::gitignore::Gitignore;

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

/// Finds the sources under `paths`.
pub fn discover(paths: &[PathBuf], opts: &DiscoverOptions) -> Discovery {
    let conv = Conventions::builtin();
    let mut out = Discovery::default();
    for p in paths {
        if p.as_os_str() == "-" {
            let display = opts
                .stdin_filename
                .clone()
                .unwrap_or_else(|| "<stdin>".to_owned());
            let class = conv.classify(&display);
            out.targets.push(Target {
                kind: opts.kind.or(class.as_ref().map(|c| c.kind)),
                agents: class.as_ref().map(|c| c.agents.clone()).unwrap_or_default(),
                caps: Vec::new(),
                display,
                path: None,
                explicit: true,
                skip: None,
            });
            continue;
        }
        match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => walk(p, conv, opts, &mut out),
            Ok(_) if opts.force_exclude && named_excluded(p, opts) => {}
            Ok(m) => {
                let rel = display_path(p);
                let class = conv.classify(&rel);
                let skip = (!m.is_file()).then(|| not_regular(&m));
                out.targets
                    .push(target(p, class, opts, true, skip, p.parent()));
            }
            Err(e) => out.errors.push(FileError {
                path: display_path(p),
                message: io_message(&e, p),
            }),
        }
    }
    out.targets.sort_by(|a, b| a.display.cmp(&b.display));
    out.targets.dedup_by(|a, b| a.display == b.display);
    out
}

/// True when a file named on the command line matches `--exclude` (relative to the current
/// directory) or the config's `exclude`. A bad `--exclude` glob excludes nothing here: the
/// walk reports it.
fn named_excluded(p: &Path, opts: &DiscoverOptions) -> bool {
    let rel = display_path(p);
    let by_flag = exclude_overrides(Path::new("."), &opts.exclude)
        .is_ok_and(|o| o.matched(Path::new(&rel), false).is_ignore());
    by_flag || opts.filter.as_ref().is_some_and(|f| f.excluded(p, false))
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

fn walk(root: &Path, conv: &Conventions, opts: &DiscoverOptions, out: &mut Discovery) {
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
    // Links to folders outside the root are not descended into; the filter records them so
    // that each gets a note.
    let outside: Arc<Mutex<Vec<PathBuf>>> = Arc::default();
    let unreadable: Arc<Mutex<Vec<FileError>>> = Arc::default();
    let walker = {
        let outside = Arc::clone(&outside);
        let unreadable = Arc::clone(&unreadable);
        let canon_root = canon_root.clone();
        let filter = opts.filter.clone();
        WalkBuilder::new(root)
            .overrides(overrides)
            .hidden(false)
            .git_ignore(true)
            .git_exclude(true)
            .ignore(true)
            .parents(true)
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
                    && std::fs::canonicalize(e.path()).is_ok_and(|r| !r.starts_with(&canon_root))
                {
                    outside
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .push(e.path().to_path_buf());
                    return false;
                }
                if e.file_type().is_some_and(|t| t.is_dir())
                    && let Some(bad) = unreadable_ignore_file(e.path())
                {
                    unreadable
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .push(bad);
                    return false;
                }
                true
            })
            .build()
    };
    for entry in walker {
        let entry = match entry {
            Ok(e) => e,
            Err(err) => {
                walk_error(err, conv, opts, out);
                continue;
            }
        };
        let Some(ft) = entry.file_type() else {
            continue;
        };
        if ft.is_dir() {
            continue;
        }
        let path = entry.path();
        let rel = display_path(path.strip_prefix(root).unwrap_or(path));
        let class = match conv.classify(&rel) {
            Some(c) => Some(c),
            None if opts.filter.as_ref().is_some_and(|f| f.included(path)) => None,
            None => continue,
        };
        let mut skip = None;
        if entry.path_is_symlink() {
            match std::fs::canonicalize(path) {
                Ok(real) if !real.starts_with(&canon_root) => {
                    skip = Some("a symbolic link to a file outside the scanned root".to_owned());
                }
                Ok(_) => {}
                Err(e) => {
                    out.errors.push(FileError {
                        path: display_path(path),
                        message: io_message(&e, path),
                    });
                    continue;
                }
            }
        }
        if skip.is_none() && !ft.is_file() {
            skip = std::fs::metadata(path).ok().map(|m| not_regular(&m));
        }
        out.targets
            .push(target(path, class, opts, false, skip, Some(root)));
    }
    out.errors.extend(std::mem::take(
        &mut *unreadable.lock().unwrap_or_else(PoisonError::into_inner),
    ));
    let links = std::mem::take(&mut *outside.lock().unwrap_or_else(PoisonError::into_inner));
    for link in links {
        out.targets.push(Target {
            display: display_path(&link),
            path: Some(link),
            kind: opts.kind,
            agents: Vec::new(),
            caps: Vec::new(),
            explicit: false,
            skip: Some("a symbolic link to a folder outside the scanned root, not followed".into()),
        });
    }
}

/// An ignore file of `dir` that the walker would read and that is a FIFO (it would block the
/// walk forever), a device (`/dev/zero` never ends) or a socket: the walker reads them itself,
/// without a size cap, so such a folder is not walked and the file is an error of the run.
fn unreadable_ignore_file(dir: &Path) -> Option<FileError> {
    [".gitignore", ".ignore", ".git/info/exclude"]
        .iter()
        .map(|n| dir.join(n))
        .find_map(|p| {
            let what = std::fs::metadata(&p)
                .ok()
                .and_then(|m| crate::bounds::non_regular(m.file_type()))
                .filter(|w| *w != "a folder")?;
            Some(FileError {
                path: display_path(&p),
                message: format!(
                    "not a regular file ({what}); the folder that holds it is not walked"
                ),
            })
        })
}

fn walk_error(err: ignore::Error, conv: &Conventions, opts: &DiscoverOptions, out: &mut Discovery) {
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
                out.targets.push(Target {
                    display,
                    path: Some(child.clone()),
                    kind: opts.kind.or(class.as_ref().map(|c| c.kind)),
                    agents: Vec::new(),
                    caps: Vec::new(),
                    explicit: false,
                    skip: Some("a symbolic link loop; the walk of this branch ends here".into()),
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

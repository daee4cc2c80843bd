//! The walk of a folder named on the command line: the `ignore` crate's walker, then what an
//! ignore rule hid (agent folders, convention files, tracked files), and the walker's errors.

use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use ignore::WalkBuilder;

use crate::agents::{Classification, Conventions};
use crate::bounds::io_message;
use crate::kind::FileKind;
use crate::target::{FileError, Target};

use super::channels::{memory_page, named_mcp_config, python_startup, saved_output, terminal_text};
use super::display::{display_home, display_path, display_relative};
use super::found::{not_regular, target};
use super::gitindex;
use super::ignore_files::{
    IgnoreProblem, ignore_file_problem, oversized_ignore_file, unreadable_ignore_file,
};
use super::manifest::{agent_workflow, mcp_manifest, mcp_source_file, page, recorded};
use super::options::{DiscoverOptions, exclude_overrides};
use super::sink::Sink;
use super::skills::{MAX_SKILL_RESOURCES, SkillBundles};

/// A walk of a folder of the user's own agent setup (`check --user`), rather than of a folder
/// named on the command line.
#[derive(Debug)]
pub(super) struct Scope {
    /// Real paths a link may lead into and still be followed: the home folder and the
    /// config folders the environment names (dotfile managers link these files).
    pub(super) bounds: Vec<PathBuf>,
    /// The project path the walked folder's files are classified under, with a final `/`
    /// (`.claude/skills/`).
    pub(super) prefix: String,
    /// The home folder: files are shown from `~/`.
    pub(super) home: PathBuf,
    /// The agent that reads the folder.
    pub(super) agent: String,
}

impl Scope {
    /// Makes `t` a file of the user's setup: shown from `~/`, read by the scope's agent,
    /// applying to every project.
    pub(super) fn adopt(&self, t: &mut Target) {
        if let Some(p) = &t.path {
            t.display = display_home(p, &self.home);
        }
        t.agents = vec![self.agent.clone()];
        t.user_level = true;
    }

    /// True when the real path `real` lies in one of the bounds.
    pub(super) fn inside(&self, real: &Path) -> bool {
        self.bounds.iter().any(|b| real.starts_with(b))
    }
}

/// One walk of a folder named on the command line: what its passes share.
struct Walk<'a> {
    /// The folder named (paths are shown and classified relative to it).
    root: &'a Path,
    canon_root: PathBuf,
    /// Set for a folder of the user's setup: links are followed inside its bounds, paths
    /// classified under its prefix, ignore files and git's index not read.
    scope: Option<&'a Scope>,
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
    /// Set for the walk of one file ([`walk_to`]): only the folders on the way to it are
    /// entered, and only it is handed on.
    focus: Option<&'a Path>,
}

pub(super) fn walk(root: &Path, conv: &Conventions, opts: &DiscoverOptions, out: &mut Sink<'_>) {
    walk_in(root, conv, opts, out, None, None);
}

/// [`walk`] of `root` that enters only the folders on the way to `file` (a path below
/// `root`) and hands on only `file`, as the whole walk would hand it on: the same
/// conventions, ignore files, tracked files, config filter, skill folders and manifests.
pub(super) fn walk_to(
    root: &Path,
    file: &Path,
    conv: &Conventions,
    opts: &DiscoverOptions,
    out: &mut Sink<'_>,
) {
    walk_in(root, conv, opts, out, None, Some(file));
}

/// [`walk`] of `root`, a folder of the user's setup when `scope` is set, of the way to one
/// file when `focus` is set ([`walk_to`]).
pub(super) fn walk_in(
    root: &Path,
    conv: &Conventions,
    opts: &DiscoverOptions,
    out: &mut Sink<'_>,
    scope: Option<&Scope>,
    focus: Option<&Path>,
) {
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
    // Under a bound (`DiscoverOptions::within`) nothing above the folder is read: the
    // walker reads no parent's ignore files then (`bounded` below).
    let bounded = !opts.within.is_empty();
    if let Some(bad) = scope
        .is_none()
        .then(|| {
            unreadable_ignore_file(root).or_else(|| {
                canon_root
                    .ancestors()
                    .skip(1)
                    .take_while(|_| !bounded)
                    .find_map(unreadable_ignore_file)
            })
        })
        .flatten()
    {
        out.errors.push(bad);
        return;
    }
    let mut w = Walk {
        root,
        canon_root,
        scope,
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
        focus,
    };
    // A user folder is not a repository's: every convention file in it is loaded, whatever
    // an ignore file or a dotfiles repository's index says.
    let above = if scope.is_some() {
        None
    } else {
        w.read_tracked(out);
        // An oversized ignore file in the root or above it: the whole walk goes without
        // ignore rules (the walker would read that file first).
        oversized_ignore_file(root).or_else(|| {
            w.canon_root
                .ancestors()
                .skip(1)
                .take_while(|_| !bounded)
                .find_map(oversized_ignore_file)
        })
    };
    let respect = !opts.no_respect_gitignore && above.is_none() && scope.is_none();
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
        user_level: false,
        page: false,
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
        if !self.opts.allows(&top) {
            return;
        }
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
                    user_level: false,
                    page: false,
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
        let focus = self.focus.map(|f| self.rel(f));
        self.tracked = paths
            .into_iter()
            .filter(|p| p.starts_with(prefix.as_bytes()))
            .filter(|p| {
                focus
                    .as_ref()
                    .is_none_or(|f| p.get(prefix.len()..) == Some(f.as_bytes()))
            })
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
            let is_dir = e.file_type().is_ok_and(|t| t.is_dir());
            if !on_the_way(self.focus, &e.path(), is_dir) {
                continue;
            }
            if is_dir {
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
            let bounds = match self.scope {
                Some(s) => s.bounds.clone(),
                None => vec![self.canon_root.clone()],
            };
            let filter = self.opts.filter.clone();
            let focus = self.focus.map(Path::to_path_buf);
            // Under a bound, only the ignore files in the folders walked (below it).
            let outside_too = respect && self.opts.within.is_empty();
            WalkBuilder::new(start)
                .overrides(self.overrides.clone())
                .hidden(false)
                .git_ignore(respect)
                .git_exclude(outside_too)
                .git_global(outside_too)
                .ignore(respect)
                .parents(outside_too)
                .require_git(false)
                .follow_links(true)
                .filter_entry(move |e| {
                    if e.file_name() == ".git" {
                        return false;
                    }
                    if e.depth() > 0
                        && !on_the_way(
                            focus.as_deref(),
                            e.path(),
                            e.file_type().is_some_and(|t| t.is_dir()),
                        )
                    {
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
                            .is_ok_and(|r| !bounds.iter().any(|b| r.starts_with(b)))
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
                        let rel = self.rel(p);
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
            let rel = self.rel(path);
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
            let mut t = Target {
                display: display_path(&link),
                path: Some(link),
                kind: self.opts.kind,
                agents: Vec::new(),
                caps: Vec::new(),
                explicit: false,
                skip: Some(format!(
                    "a symbolic link to a folder outside {}, not followed",
                    self.bound_name()
                )),
                imported_by: None,
                user_level: false,
                page: false,
            };
            if let Some(s) = self.scope {
                s.adopt(&mut t);
            }
            out.push(t);
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
        let mut is_page = false;
        let class = match class {
            Some(c) => Some(c),
            None if self.opts.filter.as_ref().is_some_and(|f| f.included(path)) => None,
            None => match self
                .skills
                .resource(path, self.root)
                .or_else(|| mcp_manifest(path))
                .or_else(|| recorded(path, self.root))
                .or_else(|| agent_workflow(path))
                .or_else(|| mcp_source_file(path, self.root))
                .or_else(|| named_mcp_config(path))
                .or_else(|| python_startup(path))
                .or_else(|| saved_output(path, self.root))
                .or_else(|| memory_page(path, self.root))
                .or_else(|| terminal_text(path))
            {
                Some(c) => Some(c),
                None => match page(path, self.root) {
                    Some(c) => {
                        is_page = true;
                        Some(c)
                    }
                    None => return,
                },
            },
        };
        // A user folder's documentation (a plugin marketplace's READMEs) is no project's:
        // agents read it only when pointed at it, and it applies to no project opened.
        if self.scope.is_some() && class.as_ref().is_some_and(|c| c.kind == FileKind::Doc) {
            return;
        }
        let mut skip = None;
        if is_link {
            match std::fs::canonicalize(path) {
                Ok(real) if !self.inside(&real) => {
                    skip = Some(format!(
                        "a symbolic link to a file outside {}",
                        self.bound_name()
                    ));
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
        let mut t = target(path, class, self.opts, false, skip, Some(self.root));
        t.page = is_page;
        if let Some(s) = self.scope {
            s.adopt(&mut t);
        }
        out.push(t);
    }

    /// `path` relative to the root, `/` separators, as the conventions classify it: under
    /// the scope's prefix in a folder of the user's setup.
    fn rel(&self, path: &Path) -> String {
        let rel = display_path(path.strip_prefix(self.root).unwrap_or(path));
        match self.scope {
            Some(s) => format!("{}{rel}", s.prefix),
            None => rel,
        }
    }

    /// True when the real path `real` lies where links may lead: the scanned root, or for
    /// a folder of the user's setup its bounds.
    fn inside(&self, real: &Path) -> bool {
        match self.scope {
            Some(s) => s.inside(real),
            None => real.starts_with(&self.canon_root),
        }
    }

    /// What links must not leave, for a note: the scanned root or the home folder.
    fn bound_name(&self) -> &'static str {
        if self.scope.is_some() {
            "the home folder"
        } else {
            "the scanned root"
        }
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
                user_level: false,
                page: false,
            });
        }
    }
}

/// True when a walk focused on `focus` ([`walk_to`]) takes `path`: a folder above the focus,
/// or the focus itself; any path when there is no focus.
fn on_the_way(focus: Option<&Path>, path: &Path, is_dir: bool) -> bool {
    match focus {
        None => true,
        Some(f) if is_dir => f != path && f.starts_with(path),
        Some(f) => f == path,
    }
}

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
                    user_level: false,
                    page: false,
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

//! Where discovery puts what it finds: each source handed on once, the memory files whose
//! imports are to be followed.

use std::collections::HashSet;
use std::path::PathBuf;

use sha2::{Digest, Sha256};

use crate::kind::FileKind;
use crate::target::{FileError, Target};

use super::imports::{Imports, MAX_IMPORT_READ, imports_bounded, imports_followed};
use super::read_paths::{Reader, instruction_reads};
use super::run_paths::{
    MAX_RUNS_READ, Runner, approves_package_scripts, instruction_runs, package_runs, pth_imports,
    runs_of,
};

/// A 128-bit digest of `bytes` (the first half of their SHA-256): two paths with the same
/// digest are taken for the same path, which no two of the 2^64 paths a run could meet do.
pub(super) fn digest(bytes: &[u8]) -> u128 {
    let d = Sha256::digest(bytes);
    let mut half = [0u8; 16];
    half.copy_from_slice(&d[..16]);
    u128::from_le_bytes(half)
}

/// The digest of `p`'s real path (links resolved), as [`Sink::known`] keeps it; `None` when
/// the path does not resolve.
pub(super) fn real_digest(p: &std::path::Path) -> Option<u128> {
    let real = std::fs::canonicalize(p).ok()?;
    Some(digest(real.as_os_str().as_encoded_bytes()))
}

/// How a file is brought in by another one ([`Sink::bring_in`]): an import, a script a
/// setting runs, a page an instruction file sends the agent to.
pub(super) struct Brought<'a> {
    /// What the file is read as.
    pub(super) kind: FileKind,
    /// The agents that load it (empty: the agents of the file that brings it in apply).
    pub(super) agents: &'a [&'a str],
    /// The display path of the file that brings it in.
    pub(super) by: &'a str,
    /// Whether it is the user's own file (`check --user`).
    pub(super) user_level: bool,
}

/// What [`Sink::bring_in`] did with a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Taken {
    /// Handed on.
    Added,
    /// A regular file inside the tree, but already found (not handed on again).
    Known,
    /// Not a regular file inside the tree (missing, a folder, or outside once links are
    /// resolved): not handed on.
    Outside,
}

/// A memory file found (not imported) whose `@path` imports are to be followed, with them.
#[derive(Debug)]
pub(super) struct Memory {
    pub(super) path: PathBuf,
    pub(super) display: String,
    pub(super) imports: Imports,
}

/// Where discovery puts what it finds (see [`discover_each`](super::discover_each)).
pub(super) struct Sink<'a> {
    pub(super) found: &'a mut dyn FnMut(Target),
    /// Paths that could not be walked, in the order met.
    pub(super) errors: Vec<FileError>,
    /// Digests of the display paths handed on.
    pub(super) shown: HashSet<u128>,
    /// Digests of the real paths of every source found (an import of one is not added).
    pub(super) known: HashSet<u128>,
    /// Memory files found that import something, in the order found.
    pub(super) memory: Vec<Memory>,
    /// Project documentation found, handed on by [`Sink::flush_docs`] after the imports are
    /// followed: a document a memory file imports is loaded as instructions, and is handed on
    /// as such by the import instead.
    pub(super) docs: Vec<Target>,
    /// Settings files found whose commands run scripts of the project by path, in the order
    /// found ([`super::runs`]).
    pub(super) runners: Vec<Runner>,
    /// Instruction files found that send the agent to read pages of the project, in the
    /// order found ([`super::reads`]).
    pub(super) readers: Vec<Reader>,
}

impl Sink<'_> {
    /// A source found by walking or named: known by its real path, its imports read when it
    /// is a memory file, and handed on unless its display path was.
    pub(super) fn push(&mut self, t: Target) {
        if t.kind == Some(FileKind::Doc) && t.skip.is_none() && !t.explicit {
            self.docs.push(t);
            return;
        }
        if let Some(p) = &t.path {
            if let Some(real) = real_digest(p) {
                self.known.insert(real);
            }
            // What a file runs by path: a settings file's commands, or an instruction file's
            // order to run a script (`sh scripts/bootstrap.sh`); followed as scripts.
            let runs: Option<fn(&std::path::Path, &str) -> Vec<String>> = match t.kind {
                Some(FileKind::AgentSettings) => Some(runs_of),
                Some(FileKind::Instructions | FileKind::Rules) => {
                    Some(|_, text| instruction_runs(text))
                }
                // A `.pth` file that imports a module runs it at every interpreter start.
                Some(FileKind::SkillResource) if crate::parse::pth::is_pth(&t.display) => {
                    Some(|_, text| pth_imports(text))
                }
                _ => None,
            };
            let imports = imports_followed(p);
            // One read serves the imports and the runs (both bounds are 1 MiB).
            if t.skip.is_none()
                && (imports || runs.is_some())
                && let Ok(Some(bytes)) =
                    crate::bounds::read_at_most(p, MAX_IMPORT_READ.max(MAX_RUNS_READ))
            {
                let text = String::from_utf8_lossy(&bytes);
                if imports {
                    let imports = imports_bounded(&text);
                    if !imports.paths.is_empty() {
                        self.memory.push(Memory {
                            path: p.clone(),
                            display: t.display.clone(),
                            imports,
                        });
                    }
                }
                let scripts = runs.map(|f| f(p, &text)).unwrap_or_default();
                if matches!(t.kind, Some(FileKind::Instructions | FileKind::Rules)) {
                    let pages = instruction_reads(&text);
                    if !pages.is_empty() {
                        self.readers.push(Reader {
                            path: p.clone(),
                            display: t.display.clone(),
                            pages,
                        });
                    }
                }
                let settings = t.kind == Some(FileKind::AgentSettings);
                let approved = if settings {
                    package_runs(p, &text)
                } else {
                    Vec::new()
                };
                let approves = settings && approves_package_scripts(&text);
                if !scripts.is_empty() || !approved.is_empty() || approves {
                    self.runners.push(Runner {
                        path: p.clone(),
                        display: t.display.clone(),
                        scripts,
                        approved,
                        approves,
                    });
                }
            }
        }
        self.hand_on(t);
    }

    /// Hands on the documentation held back by [`Sink::push`], but for what an import has
    /// brought in as instructions since.
    pub(super) fn flush_docs(&mut self) {
        for t in std::mem::take(&mut self.docs) {
            let imported = t
                .path
                .as_deref()
                .and_then(real_digest)
                .is_some_and(|real| self.known.contains(&real));
            if !imported {
                self.hand_on(t);
            }
        }
    }

    /// Hands on `file` (shown as `display` makes it) as brought in `how`, when its real path is a
    /// regular file inside `canon_root` (the scanned tree, links resolved) that no source
    /// found so far has ([`Sink::known`]).
    pub(super) fn bring_in(
        &mut self,
        canon_root: &std::path::Path,
        file: PathBuf,
        display: impl FnOnce(&std::path::Path) -> String,
        how: &Brought<'_>,
    ) -> Taken {
        let Ok(real) = std::fs::canonicalize(&file) else {
            return Taken::Outside;
        };
        if !real.starts_with(canon_root) || !std::fs::metadata(&real).is_ok_and(|m| m.is_file()) {
            return Taken::Outside;
        }
        if !self
            .known
            .insert(digest(real.as_os_str().as_encoded_bytes()))
        {
            return Taken::Known;
        }
        let display = display(&file);
        self.hand_on(Target {
            display,
            path: Some(file),
            kind: Some(how.kind),
            agents: how.agents.iter().map(|a| (*a).to_owned()).collect(),
            caps: Vec::new(),
            explicit: false,
            skip: None,
            imported_by: Some(how.by.to_owned()),
            user_level: how.user_level,
            page: false,
            comments: false,
        });
        Taken::Added
    }

    /// Hands `t` on unless a source of the same display path was.
    pub(super) fn hand_on(&mut self, t: Target) {
        if self.shown.insert(digest(t.display.as_bytes())) {
            (self.found)(t);
        }
    }
}

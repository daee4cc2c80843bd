//! The user's own agent setup (`check --user`): the user-level files and folders that
//! rules/agents.yaml lists per agent (`user:`), found under the home folder and the
//! folders the environment names, and handed on as files that apply to every project the
//! user opens.
//!
//! Input: a [`UserHome`] (the folders, resolved once from the environment or
//! `--user-home`). Output: [`Target`]s with `user_level` set, shown from `~/`, each read by
//! the agent whose entry found it; folders are walked with the conventions
//! ([`walk_in`](super::walk::walk_in)), the same walk and size limits as a project's. Every
//! system's locations are looked for whatever system runs the scan (a macOS folder on Linux
//! is simply absent), so a home laid out like another system's is covered too. A missing
//! file is absent, not an error; one that cannot be looked at is an error of its path, and
//! the scan goes on. Links are followed while they stay inside the home folder (or a
//! config folder the environment names): dotfile managers link these files; a link that
//! leaves them is not followed, with a note.

use std::path::{Path, PathBuf};

use crate::agents::{CapScope, Conventions, UserPath};
use crate::bounds::io_message;
use crate::target::{FileError, Target};

use super::display::display_home;
use super::found::not_regular;
use super::options::{DiscoverOptions, UserHome};
use super::sink::Sink;
use super::walk::{Scope, walk_in};

/// Hands on every user-level file and folder of `conv` found under `user`, in
/// agents.yaml order.
pub(super) fn scan_user(
    user: &UserHome,
    conv: &Conventions,
    opts: &DiscoverOptions,
    out: &mut Sink<'_>,
) {
    let bounds = user.bounds();
    // A user folder is walked without ignore files: what an agent loads from it is loaded
    // whatever a dotfiles repository ignores.
    let walk_opts = DiscoverOptions {
        no_respect_gitignore: true,
        ..opts.clone()
    };
    for entry in conv.user_paths() {
        for base in user.bases(entry.base) {
            let path = base.join(&entry.rel);
            match entry.kind {
                Some(_) => file(user, &bounds, conv, entry, &path, opts, out),
                None => folder(user, &bounds, conv, entry, &path, &walk_opts, out),
            }
        }
    }
}

/// The real path of `path` when it can be looked at: `None` when it is absent (the file
/// or a folder above it missing), after an error on `out` when it cannot be looked at.
fn real(user: &UserHome, path: &Path, out: &mut Sink<'_>) -> Option<PathBuf> {
    match std::fs::symlink_metadata(path) {
        Ok(_) => {}
        Err(e) if absent(&e) => return None,
        Err(e) => {
            out.errors.push(FileError {
                path: display_home(path, &user.home),
                message: io_message(&e, path),
            });
            return None;
        }
    }
    match std::fs::canonicalize(path) {
        Ok(real) => Some(real),
        // A dangling link: nothing to read.
        Err(e) if absent(&e) => None,
        Err(e) => {
            out.errors.push(FileError {
                path: display_home(path, &user.home),
                message: io_message(&e, path),
            });
            None
        }
    }
}

/// True for the errors that mean "not there": the file, or a folder on its path, missing.
fn absent(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
    )
}

/// A user-level file of `entry` at `path`.
fn file(
    user: &UserHome,
    bounds: &[PathBuf],
    conv: &Conventions,
    entry: &UserPath,
    path: &Path,
    opts: &DiscoverOptions,
    out: &mut Sink<'_>,
) {
    let Some(real) = real(user, path, out) else {
        return;
    };
    let skip = if !bounds.iter().any(|b| real.starts_with(b)) {
        Some("a symbolic link to a file outside the home folder, not followed".to_owned())
    } else {
        match std::fs::metadata(&real) {
            Ok(m) if m.is_file() => None,
            Ok(m) if m.is_dir() => return,
            Ok(m) => Some(not_regular(&m)),
            Err(e) => {
                out.errors.push(FileError {
                    path: display_home(path, &user.home),
                    message: io_message(&e, path),
                });
                return;
            }
        }
    };
    // The load caps of the agent's conventions for the same file in a project (each file on
    // its own: a global file does not join a project's chain).
    let caps = conv
        .classify(&entry.mirrors)
        .map(|c| {
            c.caps
                .into_iter()
                .filter(|cap| cap.agent == entry.agent)
                .map(|mut cap| {
                    cap.scope = CapScope::File;
                    (cap, 0)
                })
                .collect()
        })
        .unwrap_or_default();
    out.push(Target {
        display: display_home(path, &user.home),
        path: Some(path.to_path_buf()),
        kind: opts.kind.or(entry.kind),
        agents: vec![entry.agent.clone()],
        caps,
        explicit: false,
        skip,
        imported_by: None,
        user_level: true,
        page: false,
        comments: false,
    });
}

/// A user-level folder of `entry` at `path`, walked with the conventions.
fn folder(
    user: &UserHome,
    bounds: &[PathBuf],
    conv: &Conventions,
    entry: &UserPath,
    path: &Path,
    opts: &DiscoverOptions,
    out: &mut Sink<'_>,
) {
    let Some(real) = real(user, path, out) else {
        return;
    };
    let scope = Scope {
        bounds: bounds.to_vec(),
        prefix: format!("{}/", entry.mirrors),
        home: user.home.clone(),
        agent: entry.agent.clone(),
    };
    if !scope.inside(&real) {
        let mut t = Target {
            display: display_home(path, &user.home),
            path: Some(path.to_path_buf()),
            kind: opts.kind,
            agents: Vec::new(),
            caps: Vec::new(),
            explicit: false,
            skip: Some(
                "a symbolic link to a folder outside the home folder, not followed".to_owned(),
            ),
            imported_by: None,
            user_level: false,
            page: false,
            comments: false,
        };
        scope.adopt(&mut t);
        out.push(t);
        return;
    }
    if !std::fs::metadata(&real).is_ok_and(|m| m.is_dir()) {
        return;
    }
    walk_in(path, conv, opts, out, Some(&scope), None);
}

//! The ignore files the walker reads, and the ones it must not be let near (a FIFO, a device,
//! an oversized file).

use std::path::{Path, PathBuf};

use crate::target::FileError;

use super::display::display_path;

/// The names of the ignore files the walker reads in a folder.
const IGNORE_FILES: [&str; 3] = [".gitignore", ".ignore", ".git/info/exclude"];

/// What is wrong with an ignore file of a folder, for the walker.
pub(super) enum IgnoreProblem {
    /// Not a regular file (see [`unreadable_ignore_file`]).
    Unreadable(FileError),
    /// Over [`crate::bounds::MAX_IGNORE_FILE_BYTES`].
    Oversized(PathBuf),
}

/// The first problem of the ignore files of `dir`, one `stat` per name.
pub(super) fn ignore_file_problem(dir: &Path) -> Option<IgnoreProblem> {
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
pub(super) fn oversized_ignore_file(dir: &Path) -> Option<PathBuf> {
    match ignore_file_problem(dir) {
        Some(IgnoreProblem::Oversized(p)) => Some(p),
        _ => None,
    }
}

/// An ignore file of `dir` that the walker would read and that is a FIFO (it would block the
/// walk forever), a device (`/dev/zero` never ends) or a socket: the walker reads them itself,
/// without a size cap, so such a folder is not walked and the file is an error of the run.
pub(super) fn unreadable_ignore_file(dir: &Path) -> Option<FileError> {
    match ignore_file_problem(dir) {
        Some(IgnoreProblem::Unreadable(e)) => Some(e),
        _ => None,
    }
}

//! Following the `@path` imports of the memory files found, inside the scanned tree.

use std::path::{Component, Path, PathBuf};

use crate::kind::FileKind;
use crate::target::Target;

use super::display::{display_home, display_relative};
use super::imports::{Imports, MAX_IMPORT_READ, MAX_IMPORTS_PER_FILE, imports_bounded};
use super::sink::{Brought, Sink, Taken};

/// Claude Code follows `@path` imports of memory files recursively, "up to 5 hops"
/// (<https://docs.anthropic.com/en/docs/claude-code/memory>, section "CLAUDE.md imports").
pub const MAX_IMPORT_DEPTH: usize = 5;

/// At most this many imported files are added per folder walked (or file named).
pub const MAX_IMPORTS: usize = 200;

/// `path` with `.` and `..` folded away lexically (no file system access).
pub(super) fn lexical(path: &Path) -> PathBuf {
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
/// import (`@~/...`) of a project's file, or one that names no regular file is not followed, nor one of a file
/// already found: nothing outside the scanned tree is read.
///
/// Returns the file system lookups made (one per import considered): at most
/// [`MAX_IMPORTS_PER_FILE`] per file read, so the work is linear in the files found, never
/// in the bytes of a file.
///
/// `user`: the home folder, when the memory files are the user's own (`check --user`): their
/// imports apply to every project as they do, and are shown from `~/`.
pub(super) fn follow_imports(
    out: &mut Sink<'_>,
    memory: std::ops::Range<usize>,
    root: &Path,
    user: Option<&Path>,
) -> usize {
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
            // `@~/...` names the home folder: followed for the user's own memory files
            // (inside the home, as any import stays inside its root), never for a project's.
            let candidate = match (user, import.strip_prefix("~/")) {
                (Some(home), Some(rest)) => lexical(&home.join(rest)),
                _ if import.starts_with('~') => continue,
                _ => lexical(&dir.join(&import)),
            };
            lookups += 1;
            let shown = match user {
                Some(home) => display_home(&candidate, home),
                None => display_relative(&candidate),
            };
            let how = Brought {
                kind: FileKind::Instructions,
                agents: &["claude-code"],
                by: &display,
                user_level: user.is_some(),
            };
            let next = candidate.clone();
            let queued = shown.clone();
            if out.bring_in(&canon_root, candidate, |_| shown, &how) == Taken::Added {
                added += 1;
                queue.push_back((next, queued, depth + 1, None));
            }
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
        user_level: false,
        page: false,
        comments: false,
    });
}

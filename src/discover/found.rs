//! The [`Target`] of a file found: its display path, kind, agents, load caps, and why it is
//! not read when it is no regular file.

use std::path::Path;

use crate::agents::{CapScope, Classification};
use crate::target::Target;

use super::display::display_path;
use super::options::DiscoverOptions;

pub(super) fn not_regular(m: &std::fs::Metadata) -> String {
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

pub(super) fn target(
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
        user_level: false,
        page: false,
        comments: false,
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

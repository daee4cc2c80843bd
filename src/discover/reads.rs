//! The pages an instruction file sends the agent to read ("Always read the newest file in
//! `docs/handover/` before starting", "follow the rules in docs/style.md"): a walk hands them
//! on as instructions that say which file sent the agent there. An agent obeys what it was
//! told to read as it obeys the file that told it, so a page read on that order is judged as
//! an instruction file, not as documentation people read (a page found only by the walk has
//! its visible text lowered to notes, [`crate::target::Target::page`]).

use std::path::{Path, PathBuf};

use crate::kind::FileKind;

use super::display::display_relative;
use super::follow::lexical;
use super::read_paths::{Reader, page_links, page_path};
use super::sink::{Brought, Sink, Taken};

/// At most this many pages are added per folder walked (or file named).
pub const MAX_READS: usize = 200;

/// Hops from an instruction file: the pages it sends the agent to, then the pages those link
/// to.
pub const MAX_HOPS: usize = 2;

/// Bytes of a page read for its links (a longer page's links are not followed).
pub const MAX_LINKS_READ: u64 = 1 << 20;

/// Of a folder an instruction file sends the agent to ("the newest file in `docs/handover/`"),
/// at most this many pages are followed: the last ones by name, where dated notes sort last.
pub const MAX_FOLDER_PAGES: usize = 8;

/// The page files of `folder` to follow: at most [`MAX_FOLDER_PAGES`], the last by name.
fn folder_pages(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut pages: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .take(4096)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| !n.ends_with('/') && page_path(n).is_some())
        })
        .collect();
    pages.sort();
    let skip = pages.len().saturating_sub(MAX_FOLDER_PAGES);
    pages.split_off(skip)
}

/// Hands on the pages that `readers` (the instruction files one path found) send the agent
/// to, inside `root` (after links are resolved), as instructions that say which file sent
/// the agent there: at most [`MAX_READS`] files, none already found as an agent file (a page
/// the walk found as documentation is held back until now, and is handed on as read
/// instead). Paths resolve from the instruction file's folder, then from `root`. A page read
/// so sends the agent on to the pages it links to ([`page_links`]: an index the agent was
/// told to read and trust), one hop further and no more. Returns the file system lookups
/// made.
pub(super) fn follow_reads(
    out: &mut Sink<'_>,
    readers: std::ops::Range<usize>,
    root: &Path,
) -> usize {
    let Ok(canon_root) = std::fs::canonicalize(root) else {
        return 0;
    };
    let mut readers: Vec<Reader> = out.readers[readers]
        .iter_mut()
        .map(|r| Reader {
            path: r.path.clone(),
            display: r.display.clone(),
            pages: std::mem::take(&mut r.pages),
        })
        .collect();
    let mut added = 0;
    let mut lookups = 0;
    for hop in 0..MAX_HOPS {
        let mut next = Vec::new();
        for r in readers {
            let dir = r.path.parent().unwrap_or(Path::new("")).to_path_buf();
            for page in &r.pages {
                for base in [&dir, &root.to_path_buf()] {
                    let candidate = lexical(&base.join(page));
                    lookups += 1;
                    let Ok(real) = std::fs::canonicalize(&candidate) else {
                        continue;
                    };
                    if !real.starts_with(&canon_root) {
                        continue;
                    }
                    let files = match std::fs::metadata(&real) {
                        Ok(m) if m.is_file() => vec![candidate],
                        Ok(m) if m.is_dir() => folder_pages(&candidate),
                        _ => continue,
                    };
                    let how = Brought {
                        kind: FileKind::Instructions,
                        agents: &[],
                        by: &r.display,
                        user_level: false,
                    };
                    for file in files {
                        if added >= MAX_READS {
                            return lookups;
                        }
                        let shown = display_relative(&file);
                        if out.bring_in(&canon_root, file.clone(), display_relative, &how)
                            == Taken::Added
                        {
                            added += 1;
                            if hop + 1 < MAX_HOPS {
                                let pages = crate::bounds::read_at_most(&file, MAX_LINKS_READ)
                                    .ok()
                                    .flatten()
                                    .map(|b| page_links(&String::from_utf8_lossy(&b)))
                                    .unwrap_or_default();
                                if !pages.is_empty() {
                                    next.push(Reader {
                                        path: file,
                                        display: shown,
                                        pages,
                                    });
                                }
                            }
                        }
                    }
                    break;
                }
            }
        }
        readers = next;
    }
    lookups
}

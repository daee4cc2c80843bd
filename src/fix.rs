//! `--fix`: remove the invisible code points that are safe to remove, and `--diff`.
//!
//! Input: a report (with the text of every file that has findings). Output: per file, the
//! code points to delete and the fixed text ([`plan`]); a unified diff of them ([`diff`]); the
//! files rewritten atomically ([`apply`]).
//!
//! Invariants:
//! - Only code points inside the span of an active (not suppressed) finding of a rule with
//!   `fixable: true` are touched, so the unicode checks' carve-outs decide what is
//!   legitimate; a suppressed finding was declared intended and is left alone.
//! - Within such a span only the rule's own class is removed, and each class has its own
//!   guard (the `fix` arm in the rule's file, `crates/promptlint-core/src/rules/native/plnnn_<name>.rs`, listed in
//!   [`crate::rules::native::NATIVE_CHECKS`]), so a fix is safe even where a check is looser
//!   than it should be:
//!   - `bidi-control`: the embeddings, overrides and isolates U+202A–U+202E and
//!     U+2066–U+2069; never the marks U+200E, U+200F and U+061C, which right-to-left text uses;
//!   - `zero-width`: U+200B–U+200D, U+2060 and U+FEFF, only in a run between two ASCII letters
//!     or digits (inside an ASCII word), never at byte 0 (the BOM) and so never a ZWJ of an
//!     emoji sequence or of an Indic or Arabic-script word;
//!   - `tag-characters`: U+E0000–U+E007F, except the tags of the three RGI subdivision flags
//!     (U+1F3F4 then `gbeng`, `gbsct` or `gbwls` and U+E007F CANCEL TAG);
//!   - `variation-selectors`: a run of two or more (no variation sequence has two), or a
//!     single one after nothing, whitespace or an ASCII character other than a keycap base
//!     followed by U+20E3; a single selector after any other character (an emoji, a CJK
//!     ideograph) is left for a person.
//! - Nothing inside the span of a finding of the [`crate::FIX_GUARD_FAMILIES`] (an injection
//!   or exfiltration snippet needs a human) is touched.
//! - Only files decoded from UTF-8 (with or without a BOM) whose bytes on disk still equal the
//!   scanned text are written, so line endings, the BOM and every other byte stay as they were.
//!   A file with nothing to remove is never opened for writing.

use std::io::Write as _;
use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::escape::{escape_invisible, escape_path};
use crate::report::Report;

/// The fix of one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileFix {
    /// Display path (where to read and write it, relative to the current directory).
    pub path: String,
    /// The scanned text.
    pub original: String,
    /// The text with the removals made.
    pub fixed: String,
    /// Byte offsets in `original` of each removed code point, with the code point.
    pub removed: Vec<(usize, char)>,
    /// The file planned on: its canonical path and its identity (device and inode on Unix)
    /// when the fix was planned, right after the scan. [`apply`] writes that file or none:
    /// a path swapped since for a link (out of the scanned tree, say) is not followed.
    /// `None` when the file could not be resolved then: such a fix is refused.
    pub planned: Option<Planned>,
}

/// The file a [`FileFix`] was planned on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Planned {
    /// Its canonical path (no link in it).
    pub real: PathBuf,
    /// Its identity: device and inode on Unix, none elsewhere.
    pub id: Option<(u64, u64)>,
}

impl Planned {
    /// The file at `path` now.
    fn of(path: &Path) -> Option<Planned> {
        let real = std::fs::canonicalize(path).ok()?;
        let meta = std::fs::symlink_metadata(&real).ok()?;
        meta.is_file().then(|| Planned {
            id: identity(&meta),
            real,
        })
    }
}

/// The device and inode of `meta` (Unix), else `None`.
fn identity(meta: &std::fs::Metadata) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        None
    }
}

/// Plans the fix of every file of `report` (files with nothing to remove are left out).
pub fn plan(report: &Report) -> Vec<FileFix> {
    let mut out = Vec::new();
    for file in &report.files {
        let cut = cuts(file);
        if cut.is_empty() {
            continue;
        }
        let mut fixed = String::with_capacity(file.text.len());
        let mut removed = Vec::with_capacity(cut.len());
        let mut last = 0;
        for r in cut {
            fixed.push_str(&file.text[last..r.start]);
            removed.push((r.start, file.text[r.clone()].chars().next().unwrap_or('\0')));
            last = r.end;
        }
        fixed.push_str(&file.text[last..]);
        out.push(FileFix {
            planned: Planned::of(Path::new(&file.path)),
            path: file.path.clone(),
            original: file.text.clone(),
            fixed,
            removed,
        });
    }
    out
}

/// The code points `--fix` removes from `file` (checked with the rules of
/// [`crate::FIX_GUARD_FAMILIES`] enabled, and its text kept), each as its byte range in the
/// text, in text order: the invariants above. Nothing for a file not scanned or without its
/// text. `promptlint server`'s code action removes the same.
pub fn cuts(file: &crate::report::FileResult) -> Vec<Range<usize>> {
    cuts_of(file, |_| true)
}

/// As [`cuts`], removing only what the findings `which` picks would have removed (each
/// finding's fix may reach past its span: a bidi override's fix takes its closing
/// POP DIRECTIONAL FORMATTING too).
pub fn cuts_of(
    file: &crate::report::FileResult,
    which: impl Fn(&crate::report::Located) -> bool,
) -> Vec<Range<usize>> {
    if file.text.is_empty() || !file.scanned {
        return Vec::new();
    }
    let judged: Vec<_> = file
        .findings
        .iter()
        .map(|l| (&l.finding, l.suppression.is_none() && which(l)))
        .collect();
    let mut cut: Vec<Range<usize>> = crate::report::fixable::cuts(&file.text, &judged)
        .into_iter()
        .flatten()
        .collect();
    cut.sort_by_key(|r| r.start);
    cut.dedup();
    cut
}

/// A unified diff (3 lines of context) of the fixes, with `a/` and `b/` path prefixes. Every
/// invisible code point is shown escaped (`<U+202E>`), so the diff shows what is removed; CR
/// shows as `<U+000D>`.
pub fn diff(fixes: &[FileFix]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    for f in fixes {
        let old: Vec<&str> = f.original.split_inclusive('\n').collect();
        let new: Vec<&str> = f.fixed.split_inclusive('\n').collect();
        // Removals never touch a line feed, so the two texts have the same lines.
        let changed: Vec<usize> = (0..old.len())
            .filter(|&i| new.get(i) != Some(&old[i]))
            .collect();
        if changed.is_empty() {
            continue;
        }
        let _ = writeln!(out, "--- a/{}", escape_path(&f.path));
        let _ = writeln!(out, "+++ b/{}", escape_path(&f.path));
        let mut i = 0;
        while i < changed.len() {
            let start = changed[i].saturating_sub(3);
            let mut end = (changed[i] + 4).min(old.len());
            let mut j = i + 1;
            while j < changed.len() && changed[j].saturating_sub(3) <= end {
                end = (changed[j] + 4).min(old.len());
                j += 1;
            }
            let n = end - start;
            let _ = writeln!(out, "@@ -{},{n} +{},{n} @@", start + 1, start + 1);
            for k in start..end {
                let line = |l: &str, sign: char, out: &mut String| {
                    let body = l.strip_suffix('\n').unwrap_or(l);
                    let _ = writeln!(out, "{sign}{}", escape_invisible(body));
                    if !l.ends_with('\n') {
                        out.push_str("\\ No newline at end of file\n");
                    }
                };
                if changed.binary_search(&k).is_ok() {
                    line(old[k], '-', &mut out);
                    line(new[k], '+', &mut out);
                } else {
                    line(old[k], ' ', &mut out);
                }
            }
            i = j;
        }
    }
    out
}

/// Why a planned fix was not written.
#[derive(Debug, thiserror::Error)]
pub enum FixError {
    /// The file is not UTF-8 or changed since it was scanned.
    #[error(
        "{}: not fixed: the file is not UTF-8 or changed since it was scanned",
        escape_path(.0)
    )]
    Changed(String),
    /// An I/O error.
    #[error("{}: not fixed: {source}", escape_path(path))]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: std::io::Error,
    },
}

/// Writes every fix: each file is re-read and written only when its bytes still equal the
/// scanned text (see [`write_atomic`]). Returns the files written and the failures.
pub fn apply(fixes: &[FileFix]) -> (Vec<&FileFix>, Vec<FixError>) {
    let mut done = Vec::new();
    let mut failed = Vec::new();
    for f in fixes {
        let path = Path::new(&f.path);
        // The file planned on, still there under the same path: a path swapped for a link
        // since (out of the scanned tree, or to another file) is not followed.
        let Some(planned) = f
            .planned
            .as_ref()
            .filter(|p| Planned::of(path).as_ref() == Some(p))
        else {
            failed.push(FixError::Changed(f.path.clone()));
            continue;
        };
        // Never more than the scanned text: a file that grew (or became a FIFO) has changed.
        match crate::bounds::read_at_most(&planned.real, f.original.len() as u64) {
            Ok(Some(bytes)) if bytes == f.original.as_bytes() => {
                match write_planned(planned, f.fixed.as_bytes()) {
                    Ok(()) => done.push(f),
                    Err(source) => failed.push(FixError::Io {
                        path: f.path.clone(),
                        source,
                    }),
                }
            }
            Ok(_) => failed.push(FixError::Changed(f.path.clone())),
            Err(e) => failed.push(FixError::Io {
                path: f.path.clone(),
                source: std::io::Error::other(e.to_string()),
            }),
        }
    }
    (done, failed)
}

/// Replaces the file at `path` with `bytes` atomically: a new temporary file in the same
/// folder (of the link's target, when `path` is a symbolic link, so the link stays a link),
/// written and fsynced, given the original's permissions (and, on Unix, its owner when the
/// process may set it), then renamed over the original; the folder is fsynced after. A reader
/// sees the old file or the new one, never half of one; on failure the original is untouched
/// and the temporary file removed. A hard link to the original keeps the old content. The
/// temporary file is made as [`write_replacing`] makes it.
///
/// # Errors
/// The I/O error.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomic_checked(path, bytes, &|| true)
}

/// [`write_atomic`], renaming only when `still` holds right before the rename.
fn write_atomic_checked(
    path: &Path,
    bytes: &[u8],
    still: &dyn Fn() -> bool,
) -> std::io::Result<()> {
    let real = std::fs::canonicalize(path)?;
    let meta = std::fs::metadata(&real)?;
    let dir = parent_dir(&real);
    let mut tmp = temp_in(&dir, &real, "promptlint-fix", Some(&meta))?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        // Only root may give a file away; anyone else already owns the new file.
        let _ = std::os::unix::fs::fchown(tmp.as_file(), Some(meta.uid()), Some(meta.gid()));
    }
    if !still() {
        return Err(std::io::Error::other(
            "the file changed since it was scanned",
        ));
    }
    tmp.persist(&real).map_err(|e| e.error)?;
    #[cfg(unix)]
    if let Ok(d) = std::fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// [`write_atomic`] on the planned file's canonical path, renamed over it only when the
/// file there is still the one planned on (same device and inode, not a link): the check is
/// made after the temporary file is written, right before the rename ([`apply`] made the
/// same check before reading it).
fn write_planned(planned: &Planned, bytes: &[u8]) -> std::io::Result<()> {
    write_atomic_checked(&planned.real, bytes, &|| {
        std::fs::symlink_metadata(&planned.real)
            .is_ok_and(|m| m.is_file() && identity(&m) == planned.id)
    })
}

/// Writes `bytes` to `path` (a report, a baseline), replacing it if it exists, through a
/// temporary file in the same folder renamed over it, so a reader never sees half a file and
/// a failed write leaves the old one in place. A symbolic link at `path` is replaced, not
/// followed.
///
/// The temporary file has a random name and is created with `O_EXCL` (`tempfile`), so a link
/// or file planted at a guessable name in a shared folder is never followed or reused. It is
/// created with its final mode: the existing file's permissions when `path` is a regular
/// file (a report someone made group-readable stays so), else 0o666 less the umask, the mode
/// any other new file of the process gets (tempfile's own default, 0o600, would make a
/// report unreadable to the CI user that uploads it).
///
/// # Errors
/// The I/O error.
pub fn write_replacing(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = parent_dir(path);
    let existing = std::fs::symlink_metadata(path)
        .ok()
        .filter(std::fs::Metadata::is_file);
    let mut tmp = temp_in(&dir, path, "promptlint", existing.as_ref())?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// A new temporary file in `dir`, named after `path`, with `like`'s permissions (exactly:
/// set on the open handle after the create, which the umask narrowed) or the default mode.
fn temp_in(
    dir: &Path,
    path: &Path,
    tag: &str,
    like: Option<&std::fs::Metadata>,
) -> std::io::Result<tempfile::NamedTempFile> {
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let prefix = format!(".{name}.{tag}.");
    let mut b = tempfile::Builder::new();
    b.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = like.map_or(0o666, |m| m.permissions().mode() & 0o7777);
        b.permissions(std::fs::Permissions::from_mode(mode));
    }
    let tmp = b.tempfile_in(dir)?;
    if let Some(m) = like {
        tmp.as_file().set_permissions(m.permissions())?;
    }
    Ok(tmp)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fix of `root/AGENTS.md` planned now, removing its U+202E.
    fn planned_fix(root: &Path) -> FileFix {
        let path = root.join("AGENTS.md");
        let original = "Ship \u{202E}later today.\n".to_owned();
        std::fs::write(&path, &original).unwrap();
        FileFix {
            planned: Planned::of(&path),
            path: path.to_string_lossy().into_owned(),
            fixed: "Ship later today.\n".into(),
            removed: vec![(5, '\u{202E}')],
            original,
        }
    }

    #[test]
    fn a_planned_fix_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let f = planned_fix(dir.path());
        let (done, failed) = apply(std::slice::from_ref(&f));
        assert_eq!((done.len(), failed.len()), (1, 0));
        assert_eq!(
            std::fs::read_to_string(dir.path().join("AGENTS.md")).unwrap(),
            "Ship later today.\n"
        );
    }

    /// Issue 29: a file swapped for a link out of the tree between the scan and the write,
    /// to a file of the same bytes, was followed and written.
    #[cfg(unix)]
    #[test]
    fn a_file_swapped_for_a_link_after_the_plan_is_not_written() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("repo");
        std::fs::create_dir(&root).unwrap();
        let f = planned_fix(&root);
        let outside = dir.path().join("outside.md");
        std::fs::write(&outside, &f.original).unwrap();
        std::fs::remove_file(root.join("AGENTS.md")).unwrap();
        std::os::unix::fs::symlink(&outside, root.join("AGENTS.md")).unwrap();
        let (done, failed) = apply(std::slice::from_ref(&f));
        assert_eq!(done.len(), 0);
        assert!(matches!(failed.as_slice(), [FixError::Changed(p)] if *p == f.path));
        assert_eq!(std::fs::read_to_string(&outside).unwrap(), f.original);
    }

    /// The ranges the fix arm of the native check `check` deletes at `span`.
    fn removable(check: &str, text: &str, span: Range<usize>) -> Vec<Range<usize>> {
        crate::rules::native::get(check)
            .and_then(|c| c.fix)
            .map_or_else(Vec::new, |fix| fix(text, span))
    }

    #[test]
    fn each_fixable_check_is_dispatched_to_its_own_arm() {
        let text = "ig\u{200B}nore \u{202E}x\u{202C}";
        assert_eq!(removable("zero-width", text, 0..text.len()), vec![2..5]);
        assert_eq!(
            removable("bidi-control", text, 0..text.len()),
            vec![10..13, 14..17]
        );
        assert_eq!(
            removable("private-use", text, 0..text.len()),
            Vec::<Range<usize>>::new()
        );
        assert_eq!(
            removable("no-such-check", text, 0..text.len()),
            Vec::<Range<usize>>::new()
        );
    }

    #[test]
    fn diff_escapes_and_marks_changed_lines() {
        let f = FileFix {
            path: "AGENTS.md".into(),
            original: "a\nb\nc\u{202E}d\ne\n".into(),
            fixed: "a\nb\ncd\ne\n".into(),
            removed: vec![(5, '\u{202E}')],
            planned: None,
        };
        assert_eq!(
            diff(&[f]),
            "--- a/AGENTS.md\n+++ b/AGENTS.md\n@@ -1,4 +1,4 @@\n a\n b\n-c<U+202E>d\n+cd\n e\n"
        );
    }
}

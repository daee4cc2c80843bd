//! What changed since a git ref (`--diff-base REF`): the files, and with `--new-only` the
//! lines, so a pull request's check reports only what the change brought.
//!
//! Read from the `git` command (the one program promptlint starts, and only when asked):
//! `git diff --name-only -z REF` lists the files whose content differs between `REF` and the
//! working tree (staged or not), `git ls-files --others --exclude-standard -z` the new files
//! git does not track yet, and `git diff -U0 REF -- FILE` the added or changed lines of each
//! (the `+c,d` side of every hunk header, <https://git-scm.com/docs/git-diff#_combined_diff_format>
//! and the unified format it extends). Deleted files have nothing to scan.

use std::collections::HashMap;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::escape::escape_path;

/// The files changed since a ref, each with its changed lines (1-based, inclusive ranges) or
/// `None` when every line counts (a file git does not track yet).
#[derive(Debug, Clone, Default)]
pub struct Changes {
    files: HashMap<PathBuf, Option<Vec<RangeInclusive<usize>>>>,
}

/// Why the changes could not be read: git is missing, the folder is no repository, or the
/// ref does not name a commit. The message is git's own, trimmed to its first line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("--diff-base {base}: {message}")]
pub struct ChangesError {
    /// The ref asked for.
    pub base: String,
    /// What went wrong.
    pub message: String,
}

impl Changes {
    /// The changes since `base` of the repository of the scanned `paths` (a file's folder,
    /// stdin aside; the current directory's when there is none), not the current
    /// directory's: `check --diff-base main ../other` diffs `../other`'s repository. Paths in
    /// two repositories are refused, as one ref names commits of one repository.
    ///
    /// # Errors
    /// As [`Changes::since`], and when the paths are in different repositories.
    pub fn of_paths(paths: &[PathBuf], base: &str, lines: bool) -> Result<Changes, ChangesError> {
        let mut first: Option<(PathBuf, Option<PathBuf>)> = None;
        for p in paths.iter().filter(|p| p.as_os_str() != "-") {
            let abs = std::path::absolute(p).unwrap_or_else(|_| p.clone());
            let dir = if abs.is_dir() {
                abs
            } else {
                abs.parent().map_or_else(|| abs.clone(), Path::to_path_buf)
            };
            // The nearest folder holding `.git` (a folder, or a file in a worktree).
            let repo = dir
                .ancestors()
                .find(|d| d.join(".git").exists())
                .map(Path::to_path_buf);
            match &first {
                None => first = Some((dir, repo)),
                Some((_, r)) if *r == repo => {}
                Some((d, r)) => {
                    let name = |r: &Option<PathBuf>, d: &Path| {
                        escape_path(&r.as_deref().unwrap_or(d).display().to_string())
                    };
                    return Err(ChangesError {
                        base: base.to_owned(),
                        message: format!(
                            "the paths are in different repositories ({} and {}); run once per \
                             repository",
                            name(r, d),
                            name(&repo, &dir)
                        ),
                    });
                }
            }
        }
        let dir = first.map_or_else(|| PathBuf::from("."), |(d, _)| d);
        Changes::since(&dir, base, lines)
    }

    /// The changes of the repository holding `dir` since `base`; with `lines`, the changed
    /// lines of each file too.
    ///
    /// # Errors
    /// [`ChangesError`] when git cannot be run, `dir` is in no repository, or `base` names no
    /// commit.
    pub fn since(dir: &Path, base: &str, lines: bool) -> Result<Changes, ChangesError> {
        let fail = |message: String| ChangesError {
            base: base.to_owned(),
            message,
        };
        if base.starts_with('-') {
            return Err(fail("a ref cannot start with `-`".into()));
        }
        let top = git(dir, &["rev-parse", "--show-toplevel"]).map_err(&fail)?;
        let top = PathBuf::from(top.trim_end_matches(['\n', '\r']));
        git(
            dir,
            &[
                "rev-parse",
                "--verify",
                "--quiet",
                &format!("{base}^{{commit}}"),
            ],
        )
        .map_err(|_| fail("not a commit in this repository".into()))?;
        let mut files = HashMap::new();
        let diffed = git(
            &top,
            &[
                "diff",
                "--name-only",
                "-z",
                "--no-renames",
                "--diff-filter=d",
                base,
                "--",
            ],
        )
        .map_err(&fail)?;
        // One `-U0` diff for every file: its sections, by the new side's path. A path git
        // quotes (control characters in it) is not in the map and is asked for on its own.
        let sections = if lines {
            let all = git(
                &top,
                &[
                    "-c",
                    "core.quotepath=off",
                    "diff",
                    "-U0",
                    "--no-color",
                    "--no-ext-diff",
                    "--no-renames",
                    "--diff-filter=d",
                    base,
                    "--",
                ],
            )
            .map_err(&fail)?;
            added_lines_by_file(&all)
        } else {
            HashMap::new()
        };
        for name in diffed.split('\0').filter(|n| !n.is_empty()) {
            let ranges = if !lines {
                None
            } else if let Some(r) = sections.get(name) {
                Some(r.clone())
            } else {
                let diff = git(
                    &top,
                    &[
                        "diff",
                        "-U0",
                        "--no-color",
                        "--no-ext-diff",
                        base,
                        "--",
                        name,
                    ],
                )
                .map_err(&fail)?;
                Some(added_lines(&diff))
            };
            files.insert(normal(&top.join(name)), ranges);
        }
        let untracked =
            git(&top, &["ls-files", "--others", "--exclude-standard", "-z"]).map_err(&fail)?;
        for name in untracked.split('\0').filter(|n| !n.is_empty()) {
            files.insert(normal(&top.join(name)), None);
        }
        Ok(Changes { files })
    }

    /// How many files changed.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// True when no file changed.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// True when `path` changed.
    pub fn has_file(&self, path: &Path) -> bool {
        self.files.contains_key(&normal(path))
    }

    /// True when line `line` (1-based) of `path` changed: every line of a new file, none of
    /// a file that did not change.
    pub fn has_line(&self, path: &Path, line: usize) -> bool {
        match self.files.get(&normal(path)) {
            None => false,
            Some(None) => true,
            Some(Some(ranges)) => ranges.iter().any(|r| r.contains(&line)),
        }
    }
}

/// The path made absolute and free of `.` and symlinked folders, so that the walk's paths and
/// git's meet: canonicalized when it exists, else joined to the current directory.
fn normal(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| {
        std::env::current_dir()
            .map(|d| d.join(path))
            .unwrap_or_else(|_| path.to_path_buf())
    })
}

/// Runs `git ARGS` in `dir` and returns its standard output; `Err` holds the first line of
/// what git printed on standard error, or why it could not start.
fn git(dir: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let first = err.lines().next().unwrap_or("git failed").trim();
        return Err(crate::escape::escape_one_line(first));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The new-side line ranges of every file of a `-U0` diff of many files, by the path of its
/// `+++ b/PATH` line (unquoted paths only).
fn added_lines_by_file(diff: &str) -> HashMap<String, Vec<RangeInclusive<usize>>> {
    let mut out: HashMap<String, Vec<RangeInclusive<usize>>> = HashMap::new();
    let mut section = String::new();
    let mut current: Option<String> = None;
    let mut flush = |name: Option<String>, text: &str| {
        if let Some(n) = name {
            out.insert(n, added_lines(text));
        }
    };
    for line in diff.split_inclusive('\n') {
        if line.starts_with("diff --git ") {
            flush(current.take(), &section);
            section.clear();
        } else if let Some(path) = line.strip_prefix("+++ b/") {
            current = Some(path.trim_end_matches(['\n', '\r']).to_owned());
        }
        section.push_str(line);
    }
    flush(current, &section);
    out
}

/// The new-side line ranges of a `-U0` unified diff: the `+c,d` of every `@@ -a,b +c,d @@`
/// header (`d` absent means 1; `d` = 0 is a pure deletion, which adds no line).
fn added_lines(diff: &str) -> Vec<RangeInclusive<usize>> {
    let mut out = Vec::new();
    for line in diff.lines() {
        let Some(rest) = line.strip_prefix("@@ ") else {
            continue;
        };
        let Some(plus) = rest.split(' ').find(|w| w.starts_with('+')) else {
            continue;
        };
        let mut parts = plus[1..].splitn(2, ',');
        let start: usize = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
        let count: usize = parts
            .next()
            .map_or(Some(1), |s| s.parse().ok())
            .unwrap_or(0);
        if count > 0 && start > 0 {
            out.push(start..=start + count - 1);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hunk_headers_give_the_new_sides_lines() {
        let diff = "diff --git a/AGENTS.md b/AGENTS.md\n--- a/AGENTS.md\n+++ b/AGENTS.md\n@@ -3 +3 @@ x\n-old\n+new\n@@ -10,0 +11,2 @@\n+a\n+b\n@@ -20,2 +21,0 @@\n-gone\n-gone\n";
        assert_eq!(added_lines(diff), vec![3..=3, 11..=12]);
        let two = format!(
            "{diff}diff --git a/x y/S.md b/x y/S.md\n--- a/x y/S.md\n+++ b/x y/S.md\n@@ -1 +1,2 @@\n+a\n+b\n"
        );
        let by = added_lines_by_file(&two);
        assert_eq!(by["AGENTS.md"], vec![3..=3, 11..=12]);
        assert_eq!(by["x y/S.md"], vec![1..=2]);
    }
}

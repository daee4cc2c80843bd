//! The repository root that SARIF, GitHub and GitLab output name files relative to.
//!
//! Input: the current directory and the display paths of a report (relative to the current
//! directory, or absolute). Output: a [`SourceRoot`] that turns a display path into a path
//! relative to the root (`/` separators, no `.` or `..` segments) and into a percent-encoded
//! relative URI reference, plus the root's own `file:` URI. Code scanning and GitLab match
//! these paths against the files of the repository, so they must be relative to its root,
//! whatever folder promptlint ran in.

use std::path::{Component, Path, PathBuf};

use super::model::Report;

/// The folder that output paths are relative to: the nearest ancestor of the current
/// directory holding `.git` (a folder, or a file in a worktree), else the current directory.
/// When a scanned file lies outside it (`promptlint check /elsewhere`), the root widens to the
/// deepest folder holding every scanned file (or that folder's repository root), so that no
/// path needs `..`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceRoot {
    /// Absolute, lexically normalized.
    dir: PathBuf,
    /// The current directory display paths are relative to; absolute, normalized.
    cwd: PathBuf,
}

/// `path` made absolute against `cwd`, with `.` and `..` resolved lexically (links are not
/// followed: the paths are names, as the user gave them).
fn normalize(cwd: &Path, path: &Path) -> PathBuf {
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        cwd.join(path)
    };
    let mut out = PathBuf::new();
    for c in joined.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

fn repository_root(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .find(|d| d.join(".git").exists())
        .map(Path::to_path_buf)
}

impl SourceRoot {
    /// A root at `dir` for display paths relative to `cwd` (both made absolute).
    pub fn new(dir: impl AsRef<Path>, cwd: impl AsRef<Path>) -> SourceRoot {
        let base = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
        let cwd = normalize(&base, cwd.as_ref());
        SourceRoot {
            dir: normalize(&cwd, dir.as_ref()),
            cwd,
        }
    }

    /// The root for `report`, from the process's current directory.
    pub fn detect(report: &Report) -> SourceRoot {
        let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
        let paths = report.sources().map(|f| f.path);
        SourceRoot::detect_from(&cwd, paths)
    }

    /// The root for display `paths` relative to `cwd`: see [`SourceRoot`].
    pub fn detect_from<'a>(cwd: &Path, paths: impl IntoIterator<Item = &'a str>) -> SourceRoot {
        let cwd = normalize(Path::new("/"), cwd);
        let dir = repository_root(&cwd).unwrap_or_else(|| cwd.clone());
        // One pass, no list of the paths (a run of a large tree has hundreds of thousands):
        // whether every file is inside `dir`, and the deepest folder holding them all.
        let mut inside = true;
        let mut common: Option<PathBuf> = None;
        for p in paths {
            let f = normalize(&cwd, Path::new(p));
            inside &= f.starts_with(&dir);
            let parent = f.parent().unwrap_or(&f);
            common = Some(match common {
                None => parent.to_path_buf(),
                Some(c) if parent.starts_with(&c) => c,
                Some(c) => c
                    .ancestors()
                    .find(|a| parent.starts_with(a))
                    .map_or_else(|| PathBuf::from("/"), Path::to_path_buf),
            });
        }
        if inside {
            return SourceRoot { dir, cwd };
        }
        // Widen: the deepest folder holding every file, or its repository root.
        let common = common.unwrap_or_else(|| cwd.clone());
        let dir = repository_root(&common).unwrap_or(common);
        SourceRoot { dir, cwd }
    }

    /// The root folder (absolute).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// `display` (relative to the current directory, or absolute) relative to the root, with
    /// `/` separators. A path outside the root (never the case for a report's own files after
    /// [`SourceRoot::detect`]) keeps its normalized components without the leading `/`.
    pub fn relative_path(&self, display: &str) -> String {
        let abs = normalize(&self.cwd, Path::new(display));
        let rel = abs.strip_prefix(&self.dir).unwrap_or(&abs);
        let parts: Vec<String> = rel
            .components()
            .filter_map(|c| match c {
                Component::Normal(s) => Some(s.to_string_lossy().into_owned()),
                _ => None,
            })
            .collect();
        parts.join("/")
    }

    /// `display` as a relative URI reference from the root (percent-encoded, RFC 3986), for
    /// SARIF `artifactLocation.uri` with `uriBaseId: %SRCROOT%`.
    pub fn uri(&self, display: &str) -> String {
        percent_encode_path(&self.relative_path(display))
    }

    /// The root as an absolute `file:` URI ending in `/` (SARIF §3.14.14 requires the slash).
    pub fn base_uri(&self) -> String {
        let path = self.dir.to_string_lossy().replace('\\', "/");
        let path = if path.starts_with('/') {
            path
        } else {
            format!("/{path}")
        };
        let mut uri = format!("file://{}", percent_encode_path(&path));
        if !uri.ends_with('/') {
            uri.push('/');
        }
        uri
    }
}

/// Percent-encodes a `/`-separated path for a URI: RFC 3986 unreserved characters, `/` and
/// the sub-delimiters `!$&'()*+,;=` and `@` stay; everything else (space, `%`, `#`, `?`, `:`,
/// non-ASCII, invisible characters) becomes `%XX` per UTF-8 byte. `:` is always encoded, so a
/// relative path such as `a:b.md` never reads as a URI with a scheme.
pub fn percent_encode_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        let keep = b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'-' | b'.'
                    | b'_'
                    | b'~'
                    | b'/'
                    | b'!'
                    | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
                    | b'@'
            );
        if keep {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_relative_to_the_root_and_normalized() {
        let r = SourceRoot::new("/repo", "/repo/sub");
        assert_eq!(r.relative_path("AGENTS.md"), "sub/AGENTS.md");
        assert_eq!(r.relative_path("../AGENTS.md"), "AGENTS.md");
        assert_eq!(r.relative_path("./x/../y/CLAUDE.md"), "sub/y/CLAUDE.md");
        assert_eq!(
            r.relative_path("/repo/.cursor/rules/a.mdc"),
            ".cursor/rules/a.mdc"
        );
        assert_eq!(r.base_uri(), "file:///repo/");
    }

    #[test]
    fn uris_are_percent_encoded() {
        let r = SourceRoot::new("/my repo", "/my repo");
        assert_eq!(r.uri("docs/a b#1.md"), "docs/a%20b%231.md");
        assert_eq!(r.uri("a:b.md"), "a%3Ab.md");
        assert_eq!(r.uri("中.md"), "%E4%B8%AD.md");
        assert_eq!(r.uri("x\u{202E}.md"), "x%E2%80%AE.md");
        assert_eq!(r.uri("@scope/SKILL.md"), "@scope/SKILL.md");
        assert_eq!(r.base_uri(), "file:///my%20repo/");
    }

    #[test]
    fn root_widens_to_hold_files_outside_it() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo");
        std::fs::create_dir_all(repo.join(".git")).unwrap();
        std::fs::create_dir_all(repo.join("sub")).unwrap();
        let inside = SourceRoot::detect_from(&repo.join("sub"), ["AGENTS.md"]);
        assert_eq!(inside.dir(), normalize(Path::new("/"), &repo));
        assert_eq!(inside.relative_path("AGENTS.md"), "sub/AGENTS.md");
        let other = dir.path().join("other");
        let a = other.join("a/AGENTS.md");
        let b = other.join("b/c/CLAUDE.md");
        let widened = SourceRoot::detect_from(
            &repo,
            [
                a.to_str().unwrap(),
                b.to_str().unwrap(),
                "../other/a/SOUL.md",
            ],
        );
        assert_eq!(widened.dir(), normalize(Path::new("/"), &other));
        assert_eq!(widened.relative_path(b.to_str().unwrap()), "b/c/CLAUDE.md");
        assert_eq!(widened.relative_path("../other/a/SOUL.md"), "a/SOUL.md");
    }
}

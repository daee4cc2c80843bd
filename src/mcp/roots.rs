//! The folders `promptlint mcp serve` may read: the `--root`s given at start, and how a path a
//! client names is resolved against them.
//!
//! A path is refused unless it stays inside a root once every link is resolved: a `..`
//! component is refused before anything is looked up, and the path is canonicalized (every
//! symbolic link followed) and must then start with a root's canonical path, so a link that
//! points out of the roots is refused as well. Nothing is read here, only looked up.

use std::path::{Component, Path, PathBuf};

/// Bytes of one path argument, at most (`PATH_MAX` on Linux).
pub(crate) const MAX_PATH_BYTES: usize = 4096;

/// The canonical roots.
#[derive(Debug, Clone)]
pub(crate) struct Roots {
    canonical: Vec<PathBuf>,
}

impl Roots {
    /// Canonicalizes each root; each must be an existing folder.
    ///
    /// # Errors
    /// The root and why it cannot be served, one line.
    pub(crate) fn new(roots: &[PathBuf]) -> Result<Roots, String> {
        let mut canonical: Vec<PathBuf> = Vec::new();
        for r in roots {
            let shown = crate::escape::escape_path(&crate::discover::display_path(r));
            let real = std::fs::canonicalize(r).map_err(|e| format!("--root {shown}: {e}"))?;
            if !real.is_dir() {
                return Err(format!("--root {shown}: not a folder"));
            }
            if !canonical.contains(&real) {
                canonical.push(real);
            }
        }
        if canonical.is_empty() {
            return Err("give at least one --root folder".to_owned());
        }
        Ok(Roots { canonical })
    }

    /// The canonical roots, in the order given.
    pub(crate) fn paths(&self) -> &[PathBuf] {
        &self.canonical
    }

    /// Resolves `raw`, a path a client sent: absolute, or relative to the first root. The
    /// result is canonical and inside a root.
    ///
    /// # Errors
    /// Why the path is refused, one escaped line naming it.
    pub(crate) fn resolve(&self, raw: &str) -> Result<PathBuf, String> {
        let shown = crate::escape::escape_one_line(&crate::escape::truncate_chars(raw, 200));
        if raw.is_empty() {
            return Err("an empty path".to_owned());
        }
        if raw.len() > MAX_PATH_BYTES {
            return Err(format!(
                "a path of {} bytes, over the limit of {MAX_PATH_BYTES}",
                raw.len()
            ));
        }
        if raw.contains('\0') {
            return Err(format!("`{shown}`: a path cannot hold a NUL byte"));
        }
        let path = Path::new(raw);
        if path.components().any(|c| c == Component::ParentDir) {
            return Err(format!(
                "`{shown}`: `..` is refused: name the path inside a root"
            ));
        }
        let joined = if path.is_absolute() {
            path.to_path_buf()
        } else {
            self.canonical[0].join(path)
        };
        let real = std::fs::canonicalize(&joined).map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                format!("`{shown}` does not exist")
            } else {
                format!("`{shown}`: {e}")
            }
        })?;
        if self.canonical.iter().any(|r| real.starts_with(r)) {
            Ok(real)
        } else {
            // Named inside a root but resolved out of it: a link (or a linked folder) leads
            // there, and the message says so, or the refusal reads as wrong.
            let lexical = if path.is_absolute() {
                path.to_path_buf()
            } else {
                self.canonical[0].join(path)
            };
            let via_link = self.canonical.iter().any(|r| lexical.starts_with(r));
            let how = if via_link {
                format!(
                    " through a symbolic link (it resolves to `{}`)",
                    crate::escape::escape_path(&real.to_string_lossy())
                )
            } else {
                String::new()
            };
            Err(format!(
                "`{shown}` is outside the roots this server was started with ({}){how}: refused",
                self.shown()
            ))
        }
    }

    /// The roots for a message, comma-separated and escaped.
    pub(crate) fn shown(&self) -> String {
        self.canonical
            .iter()
            .map(|r| crate::escape::escape_path(&r.to_string_lossy()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside_the_roots() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("root");
        std::fs::create_dir_all(root.join("sub")).unwrap();
        std::fs::write(root.join("sub/AGENTS.md"), "x").unwrap();
        std::fs::write(dir.path().join("secret.md"), "x").unwrap();
        let roots = Roots::new(std::slice::from_ref(&root)).unwrap();
        let real = std::fs::canonicalize(&root).unwrap();
        assert_eq!(roots.resolve("sub").unwrap(), real.join("sub"));
        assert_eq!(
            roots.resolve("sub/AGENTS.md").unwrap(),
            real.join("sub/AGENTS.md")
        );
        let abs = real.join("sub/AGENTS.md");
        assert_eq!(roots.resolve(abs.to_str().unwrap()).unwrap(), abs);
        assert!(roots.resolve("../secret.md").unwrap_err().contains("`..`"));
        assert!(roots.resolve("sub/../../secret.md").is_err());
        let outside = dir.path().join("secret.md");
        let err = roots.resolve(outside.to_str().unwrap()).unwrap_err();
        assert!(err.contains("outside the roots"), "{err}");
        assert!(roots.resolve("").is_err());
        assert!(roots.resolve("a\0b").is_err());
        assert!(roots.resolve(&"a".repeat(MAX_PATH_BYTES + 1)).is_err());
        assert!(
            roots
                .resolve("missing.md")
                .unwrap_err()
                .contains("does not exist")
        );
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.path().join("secret.md"), root.join("link.md")).unwrap();
            std::os::unix::fs::symlink(dir.path(), root.join("up")).unwrap();
            assert!(roots.resolve("link.md").unwrap_err().contains("outside"));
            assert!(
                roots
                    .resolve("up/secret.md")
                    .unwrap_err()
                    .contains("outside")
            );
        }
    }

    #[test]
    fn a_root_must_be_a_folder() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("f"), "x").unwrap();
        assert!(Roots::new(&[dir.path().join("f")]).is_err());
        assert!(Roots::new(&[dir.path().join("missing")]).is_err());
        assert!(Roots::new(&[]).is_err());
    }
}

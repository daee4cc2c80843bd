//! The folders documents are checked in, each with its settings: the client's workspace
//! folders (`initialize`, then `workspace/didChangeWorkspaceFolders`), and for a file outside
//! all of them its repository (the nearest folder holding `.git`), else its own folder. Each
//! root's settings are a `promptlint check ROOT` run's: the config that run finds
//! ([`crate::config::find`]: `.promptlint.yaml` or `promptlint.yaml` from the root up to the
//! repository's top), resolved by [`Settings::resolve`], reloaded when the file found, or its
//! size or modification time, changes. A config that cannot be loaded is a problem shown on
//! it; the root keeps the settings it had (the built-in defaults when it had none).

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::config::{ConfigError, FILE_NAMES};
use crate::{ConfigSource, Error, Options, Settings};

/// What identifies the config a root uses: the file found with its size and modification
/// time, or why none can be found.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stamp(Result<Option<(PathBuf, u64, Option<SystemTime>)>, String>);

impl Stamp {
    fn of(root: &Path) -> Stamp {
        Stamp(match crate::config::find(root) {
            Ok(Some(p)) => {
                let meta = std::fs::metadata(&p).ok();
                let len = meta.as_ref().map_or(0, std::fs::Metadata::len);
                let modified = meta.and_then(|m| m.modified().ok());
                Ok(Some((p, len, modified)))
            }
            Ok(None) => Ok(None),
            Err(e) => Err(e.to_string()),
        })
    }

    fn file(&self) -> Option<&Path> {
        match &self.0 {
            Ok(Some((p, _, _))) => Some(p),
            _ => None,
        }
    }
}

/// One problem of a config, where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Problem {
    /// 0-based line and column (in chars) in the config file.
    pub(crate) line: usize,
    pub(crate) column: usize,
    /// What is wrong, with how to fix it when known.
    pub(crate) message: String,
}

/// A folder documents are checked in.
#[derive(Debug)]
pub(crate) struct Root {
    /// The folder (absolute).
    pub(crate) path: PathBuf,
    /// A workspace folder of the client (else the folder of a file outside all of them).
    pub(crate) folder: bool,
    /// The settings in effect; `None` only when not even the defaults resolve.
    pub(crate) settings: Option<Settings>,
    /// Why the config cannot be loaded, when it cannot: its file (when one was found) and
    /// each problem.
    pub(crate) problems: Option<(Option<PathBuf>, Vec<Problem>)>,
    stamp: Stamp,
}

impl Root {
    fn new(path: PathBuf, folder: bool) -> Root {
        let mut root = Root {
            path,
            folder,
            settings: None,
            problems: None,
            stamp: Stamp(Ok(None)),
        };
        root.load();
        root
    }

    /// Resolves the settings a `promptlint check ROOT` run would use.
    fn load(&mut self) {
        self.stamp = Stamp::of(&self.path);
        let opts = Options {
            paths: vec![self.path.clone()],
            ..Options::default()
        };
        match Settings::resolve(&opts) {
            Ok(s) => {
                self.settings = Some(s);
                self.problems = None;
            }
            Err(e) => {
                self.problems = Some((self.stamp.file().map(Path::to_path_buf), problems(&e)));
                if self.settings.is_none() {
                    let off = Options {
                        config: ConfigSource::Off,
                        ..opts
                    };
                    self.settings = Settings::resolve(&off).ok();
                }
            }
        }
    }

    /// The config file this root reads (or failed to read), if any.
    pub(crate) fn config_file(&self) -> Option<&Path> {
        match (&self.settings, &self.problems) {
            (_, Some((file, _))) => file.as_deref(),
            (Some(s), None) => s.config.as_ref().map(|c| c.path.as_path()),
            (None, None) => None,
        }
    }
}

/// Each problem an error of [`Settings::resolve`] holds, with its place in the config.
fn problems(e: &Error) -> Vec<Problem> {
    fn of(e: &ConfigError, out: &mut Vec<Problem>) {
        match e {
            ConfigError::Many { errors, .. } => errors.iter().for_each(|e| of(e, out)),
            ConfigError::At {
                message, src, help, ..
            } => out.push(Problem {
                line: src.line(),
                column: src.column(),
                message: match help {
                    Some(h) => format!("{message}\n{h}"),
                    None => message.clone(),
                },
            }),
            other => out.push(Problem {
                line: 0,
                column: 0,
                message: other.to_string(),
            }),
        }
    }
    let mut out = Vec::new();
    match e {
        Error::Config(c) => of(c, &mut out),
        other => out.push(Problem {
            line: 0,
            column: 0,
            message: other.to_string(),
        }),
    }
    out
}

/// The roots.
#[derive(Debug, Default)]
pub(crate) struct Workspace {
    pub(crate) roots: Vec<Root>,
}

impl Workspace {
    /// Adds the workspace folder `path` (once).
    pub(crate) fn add(&mut self, path: PathBuf) {
        if !self.roots.iter().any(|r| r.folder && r.path == path) {
            self.roots.push(Root::new(path, true));
        }
    }

    /// Removes the workspace folder `path`.
    pub(crate) fn remove(&mut self, path: &Path) {
        self.roots.retain(|r| !(r.folder && r.path == path));
    }

    /// The root a file is checked in: the innermost workspace folder that holds it, else its
    /// repository or its folder (added on first use).
    pub(crate) fn root_for(&mut self, file: &Path) -> usize {
        let folder = self
            .roots
            .iter()
            .enumerate()
            .filter(|(_, r)| r.folder && file.starts_with(&r.path) && file != r.path)
            .max_by_key(|(_, r)| r.path.components().count())
            .map(|(i, _)| i);
        if let Some(i) = folder {
            return i;
        }
        let dir = file.parent().unwrap_or(file);
        let path = crate::config::repository_root(dir).unwrap_or_else(|| dir.to_path_buf());
        if let Some(i) = self.roots.iter().position(|r| !r.folder && r.path == path) {
            return i;
        }
        self.roots.push(Root::new(path, false));
        self.roots.len() - 1
    }

    /// Reloads each root whose config changed (a file found, gone, edited or renamed); true
    /// when one did.
    pub(crate) fn refresh(&mut self) -> bool {
        let mut changed = false;
        for r in &mut self.roots {
            if Stamp::of(&r.path) != r.stamp {
                r.load();
                changed = true;
            }
        }
        changed
    }
}

/// True when `path` is named like a config file.
pub(crate) fn is_config_name(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| FILE_NAMES.contains(&n))
}

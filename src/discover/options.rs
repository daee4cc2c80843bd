//! What the user chose: discovery's options, the config's include and exclude globs
//! ([`PathFilter`]), and `--exclude` as the walker's overrides.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ignore::gitignore::Gitignore;

use crate::agents::UserBase;
use crate::kind::FileKind;

/// Options of discovery.
#[derive(Debug, Clone, Default)]
pub struct DiscoverOptions {
    /// Force this kind for every source (`--kind`).
    pub kind: Option<FileKind>,
    /// Name of stdin in output (`--stdin-filename`).
    pub stdin_filename: Option<String>,
    /// Globs (gitignore syntax) skipped while walking, relative to the folder walked
    /// (`--exclude`); never applied to paths named on the command line.
    pub exclude: Vec<String>,
    /// The config's `include` and `exclude` globs: while walking, excluded paths are skipped
    /// and included files are scanned even when no convention names them (their kind then
    /// comes from their content). Never applied to paths named on the command line.
    pub filter: Option<Arc<PathFilter>>,
    /// Apply `exclude` and the filter's excludes to paths named on the command line too
    /// (`--force-exclude`); `--exclude` globs are then matched relative to the current
    /// directory. An excluded named file is dropped without a note, as ruff drops it.
    pub force_exclude: bool,
    /// Walk without reading ignore files (`.gitignore`, `.ignore`, `.git/info/exclude`, the
    /// global excludes file): `--no-respect-gitignore`.
    pub no_respect_gitignore: bool,
    /// Folders no read may leave (canonical paths; empty: no bound): `promptlint mcp serve`'s
    /// roots. With a bound, a walk reads no ignore file above the folder walked, nor the
    /// global excludes file or `.git/info/exclude`, nor a git index outside the bound, and a
    /// named file's imports stay inside the bound. Only metadata is looked up above it (is
    /// there a `.git`; the sizes of the AGENTS.md files a chained load cap counts).
    pub within: Vec<PathBuf>,
    /// Also scan the user's own agent setup under these folders (`--user`).
    pub user: Option<UserHome>,
}

impl DiscoverOptions {
    /// True when `path` (canonical) lies inside [`DiscoverOptions::within`], or there is no
    /// bound.
    pub fn allows(&self, path: &Path) -> bool {
        self.within.is_empty() || self.within.iter().any(|r| path.starts_with(r))
    }
}

/// The `--exclude` globs as the walker's overrides for a walk of `root`: each glob becomes an
/// ignore override (`!glob`), matched like a .gitignore line at `root` (`fixtures/**` or
/// `fixtures/` from the root, `*.snap` at any depth). A matching folder is not entered.
///
/// # Errors
/// The glob and why it does not parse; a glob starting with `!` is refused, since it would
/// turn the override into a whitelist that hides every other file.
pub fn exclude_overrides(
    root: &Path,
    globs: &[String],
) -> Result<ignore::overrides::Override, String> {
    let mut b = ignore::overrides::OverrideBuilder::new(root);
    for g in globs {
        if g.starts_with('!') {
            return Err(format!("`{g}`: a glob cannot start with `!`"));
        }
        if g.trim().is_empty() {
            return Err("an empty glob excludes nothing".to_owned());
        }
        b.add(&format!("!{g}")).map_err(|e| format!("`{g}`: {e}"))?;
    }
    b.build().map_err(|e| e.to_string())
}

/// Include and exclude globs (gitignore syntax) relative to a base folder.
#[derive(Debug, Clone)]
pub struct PathFilter {
    pub(crate) base: PathBuf,
    pub(crate) include: Option<Gitignore>,
    pub(crate) exclude: Option<Gitignore>,
}

impl PathFilter {
    fn matches(g: &Gitignore, base: &Path, abs: &Path, is_dir: bool) -> bool {
        abs.starts_with(base) && g.matched_path_or_any_parents(abs, is_dir).is_ignore()
    }

    /// True when `path` (relative to the current directory, or absolute) matches an `exclude`
    /// glob, or lies in a folder that does.
    pub fn excluded(&self, path: &Path, is_dir: bool) -> bool {
        let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        self.exclude
            .as_ref()
            .is_some_and(|g| Self::matches(g, &self.base, &abs, is_dir))
    }

    /// True when `path` matches an `include` glob.
    pub fn included(&self, path: &Path) -> bool {
        let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        self.include
            .as_ref()
            .is_some_and(|g| Self::matches(g, &self.base, &abs, false))
    }

    /// True when the filter has no include glob (walking keeps only convention files).
    pub fn has_include(&self) -> bool {
        self.include.is_some()
    }
}

/// The folders of the user's setup, resolved once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserHome {
    /// The home folder.
    pub home: PathBuf,
    /// The XDG config folder (`XDG_CONFIG_HOME`, else `~/.config`).
    pub config: PathBuf,
    /// Each system's application data folder, without repeats.
    pub app_data: Vec<PathBuf>,
}

impl UserHome {
    /// The folders from the environment: the home is `HOME`, else `USERPROFILE` (on
    /// Windows `USERPROFILE` first); `XDG_CONFIG_HOME` and `APPDATA` when set to an absolute
    /// path. With `explicit` (`--user-home DIR`) only that folder counts: its layouts, none
    /// of the environment's folders.
    ///
    /// # Errors
    /// When no home folder is known.
    pub fn resolve(explicit: Option<&Path>) -> Result<UserHome, String> {
        if let Some(dir) = explicit {
            return Ok(UserHome::at(dir.to_path_buf(), None, None));
        }
        let var = |name: &str| {
            std::env::var_os(name)
                .map(PathBuf::from)
                .filter(|p| p.is_absolute())
        };
        let home = if cfg!(windows) {
            var("USERPROFILE").or_else(|| var("HOME"))
        } else {
            var("HOME").or_else(|| var("USERPROFILE"))
        };
        let home = home.ok_or_else(|| {
            "--user: no home folder is known (set HOME, or USERPROFILE on Windows, or give \
             --user-home DIR)"
                .to_owned()
        })?;
        Ok(UserHome::at(home, var("XDG_CONFIG_HOME"), var("APPDATA")))
    }

    /// The folders of a home at `home`, with the environment's config folders when given.
    pub fn at(home: PathBuf, xdg_config: Option<PathBuf>, appdata: Option<PathBuf>) -> UserHome {
        let config = xdg_config.unwrap_or_else(|| home.join(".config"));
        let mut app_data = vec![
            // macOS
            home.join("Library").join("Application Support"),
            // Windows (the Roaming folder, where APPDATA points by default)
            appdata.unwrap_or_else(|| home.join("AppData").join("Roaming")),
            // Linux
            config.clone(),
        ];
        app_data.dedup();
        UserHome {
            home,
            config,
            app_data,
        }
    }

    /// The folders `base` stands for.
    pub(super) fn bases(&self, base: UserBase) -> Vec<&Path> {
        match base {
            UserBase::Home => vec![&self.home],
            UserBase::Config => vec![&self.config],
            UserBase::AppData => self.app_data.iter().map(PathBuf::as_path).collect(),
        }
    }

    /// The real paths links may lead into: the home folder and the config folders.
    pub(super) fn bounds(&self) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = std::iter::once(&self.home)
            .chain(std::iter::once(&self.config))
            .chain(&self.app_data)
            .filter_map(|p| std::fs::canonicalize(p).ok())
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

//! Paths as output shows them.

use std::path::Path;

/// The path as shown in output.
pub fn display_path(p: &Path) -> String {
    let s = p.to_string_lossy().replace('\\', "/");
    let mut s = s.as_str();
    while let Some(rest) = s.strip_prefix("./") {
        s = rest;
    }
    if s.is_empty() {
        ".".to_owned()
    } else {
        s.to_owned()
    }
}

/// The path as shown in output, relative to the current directory when it lies below it
/// (`/abs/cwd/sub/x` shows as `sub/x`).
pub fn display_relative(p: &Path) -> String {
    if p.is_absolute()
        && let Ok(cwd) = std::env::current_dir()
        && let Ok(rel) = p.strip_prefix(&cwd)
        && !rel.as_os_str().is_empty()
    {
        return display_path(rel);
    }
    display_path(p)
}

/// The path as `check --user` shows a file of the user's setup: `~/` and the path below
/// `home` when it lies there (`~/.claude/CLAUDE.md`, the same on every system), else as
/// [`display_path`] shows it.
pub fn display_home(p: &Path, home: &Path) -> String {
    match p.strip_prefix(home) {
        Ok(rel) if !rel.as_os_str().is_empty() => format!("~/{}", display_path(rel)),
        _ => display_path(p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_below_the_home_shows_from_the_tilde() {
        let home = Path::new("/home/ana");
        assert_eq!(
            display_home(&home.join(".claude").join("CLAUDE.md"), home),
            "~/.claude/CLAUDE.md"
        );
        assert_eq!(
            display_home(Path::new("/srv/cfg/x.json"), home),
            "/srv/cfg/x.json"
        );
        assert_eq!(display_home(home, home), "/home/ana");
    }
}

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

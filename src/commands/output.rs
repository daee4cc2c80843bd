//! Writing a command's output: stdout (a closed pipe is no error) or a file.

use std::io::Write;
use std::path::Path;

use crate::escape::{escape_one_line, escape_path};

/// Writes to stdout; a closed pipe (`| head`) is not an error.
pub(super) fn emit(text: &str) -> bool {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => true,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => true,
        Err(e) => {
            eprintln!("error: cannot write output: {e}");
            false
        }
    }
}

/// Writes one output to a file (or stdout for `-`). `Err` holds the one-line message, already
/// printed on stderr.
pub(super) fn write_output(path: &Path, text: &str) -> Result<(), String> {
    if path.as_os_str() == "-" {
        return if emit(text) {
            Ok(())
        } else {
            Err("cannot write the output to stdout".to_owned())
        };
    }
    crate::fix::write_replacing(path, text.as_bytes()).map_err(|e| {
        let m = format!(
            "cannot write {}: {}",
            escape_path(&crate::discover::display_path(path)),
            escape_one_line(&e.to_string())
        );
        eprintln!("error: {m}");
        m
    })
}

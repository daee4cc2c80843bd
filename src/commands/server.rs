//! `promptlint server`.

use std::process::ExitCode;

use crate::lsp::Ended;
use crate::report::Exit;

/// Serves until the client sends `exit`: exit code 0 after `shutdown`, 1 otherwise (as the
/// protocol asks), 2 when the server cannot start.
pub(super) fn run_server() -> ExitCode {
    match crate::lsp::serve() {
        Ok(Ended::Clean) => ExitCode::SUCCESS,
        Ok(Ended::Abrupt) => ExitCode::from(1),
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(Exit::Error)
        }
    }
}

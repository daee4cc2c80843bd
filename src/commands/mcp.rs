//! `promptlint mcp serve`.

use std::process::ExitCode;

use crate::report::Exit;

/// Serves until the client closes stdin; a root that cannot be served is an error before the
/// session starts (exit 2, the message on stderr: stdout carries only MCP messages).
pub(super) fn run_serve(args: &crate::cli::ServeArgs) -> ExitCode {
    match crate::mcp::serve(&args.roots) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(Exit::Error)
        }
    }
}

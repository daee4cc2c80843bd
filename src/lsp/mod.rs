//! `promptlint server`: a language server (the Language Server Protocol 3.17,
//! <https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/>)
//! over stdio, so that an editor shows findings where AGENTS.md, rules and skills are
//! written (issue 34).
//!
//! Every file a `promptlint check` of its workspace folder would scan gets diagnostics, from
//! the text the editor holds: the same conventions, config and size limit
//! ([`crate::Settings::source_of`], [`crate::Settings::check_text`]). Children:
//! `transport` (the base protocol, bounded and tolerant of bad input), `server` (the
//! lifecycle, the notifications and requests, when documents are checked), `documents` (the
//! open texts, incremental changes), `position` (lines and columns in UTF-16 or UTF-8),
//! `uri` (`file:` URIs), `workspace` (the roots, their config and its reloading),
//! `diagnostics` (findings as diagnostics), `actions` (the safe fix and suppression
//! directives), `hover` (the code points of a finding, named).

mod actions;
mod diagnostics;
mod documents;
mod hover;
mod position;
mod server;
mod transport;
mod uri;
mod workspace;

pub use server::{DEBOUNCE, Ended, POLL};
pub use transport::{MAX_HEADER_LINE, MAX_MESSAGE_BYTES};

/// Serves the client on `input` and `output` (stdin and stdout for `promptlint server`) until
/// it sends `exit` or closes `input`.
///
/// # Errors
/// When the thread that reads `input` cannot be started.
pub fn serve_on(
    input: impl std::io::Read + Send + 'static,
    output: impl std::io::Write,
) -> Result<Ended, String> {
    let (tx, rx) = std::sync::mpsc::sync_channel(64);
    std::thread::Builder::new()
        .name("promptlint-lsp-reader".to_owned())
        .spawn(move || transport::read_loop(input, &tx))
        .map_err(|e| format!("cannot start the reader thread: {e}"))?;
    Ok(server::run(&rx, output))
}

/// Serves on stdin and stdout.
///
/// # Errors
/// As [`serve_on`].
pub fn serve() -> Result<Ended, String> {
    serve_on(std::io::stdin(), std::io::stdout().lock())
}

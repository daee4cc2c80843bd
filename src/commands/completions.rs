//! `promptlint completions`.

use crate::report::Exit;
use std::process::ExitCode;

use clap::CommandFactory;

use crate::cli::{Cli, CompletionsArgs};

use super::output::emit;

pub(super) fn run_completions(args: &CompletionsArgs) -> ExitCode {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "promptlint", &mut out);
    if emit(&String::from_utf8_lossy(&out)) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(Exit::Error)
    }
}

//! The subcommands of the `promptlint` binary: each runs, prints its output and says the exit
//! code. `main.rs` parses the arguments and hands the command to [`run`].

use std::process::ExitCode;

use crate::cli::Command;

mod cache;
mod check;
mod completions;
mod hook;
mod init;
mod mcp;
mod output;
mod pin;
mod rules;
mod server;
mod settings;

use cache::run_cache;
use check::run_check;
use completions::run_completions;
use hook::run_hook;
use init::run_init;
use pin::run_pin;
use rules::{run_explain, run_rules};

/// Runs `command` and returns the exit code of the run.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Check(args) => run_check(args),
        Command::Rules(args) => run_rules(&args),
        Command::Cache(args) => run_cache(&args),
        Command::Mcp(crate::cli::McpCommand::Pin(args)) => run_pin(&args),
        Command::Mcp(crate::cli::McpCommand::Serve(args)) => mcp::run_serve(&args),
        Command::Explain(args) => run_explain(&args),
        Command::Init(args) => run_init(&args),
        Command::Completions(args) => run_completions(&args),
        Command::Hook(args) => run_hook(&args),
        Command::Server(_) => server::run_server(),
    }
}

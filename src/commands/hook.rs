//! `promptlint hook <agent>`: one event from stdin, the answer on stdout (and stderr), the
//! protocol's exit code.

use std::io::Write;
use std::process::ExitCode;

use crate::cli::HookArgs;
use crate::hook::Policy;

use super::output::emit;

pub(super) fn run_hook(args: &HookArgs) -> ExitCode {
    let policy = Policy {
        block: args.block,
        ask: args.ask,
        warn: args.warn,
        on_error: args.on_error,
    };
    // A panic is a bug; it must not turn into the agent's default for a crashed hook (Claude
    // Code goes on after a non-blocking error): answer as for bad input, as `--on-error` says.
    // The panic hook in main.rs has already printed where it happened.
    let answer = std::panic::catch_unwind(|| {
        crate::hook::run(args.agent, policy, &mut std::io::stdin().lock())
    })
    .unwrap_or_else(|payload| {
        let why = crate::escape::escape_one_line(&crate::check::panic_message(payload.as_ref()));
        crate::hook::failed(
            args.agent,
            args.on_error,
            &format!("internal error, please report it: {why}"),
        )
    });
    if !answer.stderr.is_empty() {
        let _ = std::io::stderr().lock().write_all(answer.stderr.as_bytes());
    }
    if !answer.stdout.is_empty() && !emit(&answer.stdout) {
        // The agent reads nothing from a hook that could not answer: say so by the code
        // every protocol reads as a failure that blocks (2), or as an error.
        return ExitCode::from(2);
    }
    ExitCode::from(answer.code)
}

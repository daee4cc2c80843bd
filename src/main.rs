//! The `promptlint` binary: parse arguments, run, map the outcome to an exit code.

use std::process::ExitCode;

use promptlint::report::Exit;

use clap::Parser;
use promptlint::cli::Cli;

/// jemalloc instead of the C library's allocator on 64-bit Linux (glibc and musl builds).
/// Building the rule regexes a run needs is allocation-heavy (some 35 % of a one-file run's
/// instructions were glibc's `malloc` and `free`), and the checking threads allocate
/// concurrently. Measured on this project's 2-core machine (BENCHMARKS.md, issue 16, fifth
/// session): one 5 KB AGENTS.md 141.5 M -> 117.4 M instructions (callgrind); the static musl
/// release build, whose own allocator is slower still under threads, 70.5 -> 30.6 ms on that
/// file and 3.09 -> 2.11 s on a 20 MB generated tree (hyperfine); peak RSS on a 1 GB tree
/// stays under 64 MB. mimalloc was faster on one file (107.7 M instructions) but held 96 MB
/// on the 1 GB tree. Other targets keep their system allocator (not measured here).
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> ExitCode {
    // A panic is a bug. A caught one costs one rule on one file (reported as PL809) or one
    // file (an error entry); either way one escaped line on stderr says where it happened. The
    // default hook would print the panic's message raw, and a slicing panic quotes the file.
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let why = promptlint::check::panic_message(info.payload());
        eprintln!("promptlint: internal error{at}, please report it: {why}");
    }));
    // Errors printed for people (a bad config, a usage error) take the locale's character set,
    // as the human output does: ASCII frames and glyphs when it is not UTF-8.
    let unicode = promptlint::report::advice::utf8_locale(|v| std::env::var_os(v));
    let _ = miette::set_hook(Box::new(move |_| {
        Box::new(miette::MietteHandlerOpts::new().unicode(unicode).build())
    }));
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() {
                Exit::Error
            } else {
                Exit::Clean
            };
            if let Some(message) = bad_env_format(&e) {
                eprintln!("{message}");
                return ExitCode::from(code);
            }
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    promptlint::commands::run(cli.command)
}

/// The message for a bad `PROMPTLINT_OUTPUT_FORMAT` (clap reports a value read from the
/// environment as if `--format` had been typed): names the variable and every format,
/// `full` (ruff's name for `human`) included.
fn bad_env_format(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::InvalidValue {
        return None;
    }
    let arg = e.get(ContextKind::InvalidArg)?.to_string();
    if !arg.starts_with("--format") {
        return None;
    }
    let typed = std::env::args_os().skip(1).any(|a| {
        let a = a.to_string_lossy();
        a.starts_with("--format") || a.starts_with("--output-format")
    });
    let value = std::env::var_os("PROMPTLINT_OUTPUT_FORMAT")?;
    if typed {
        return None;
    }
    let Some(ContextValue::String(bad)) = e.get(ContextKind::InvalidValue) else {
        return None;
    };
    if *bad != value.to_string_lossy() {
        return None;
    }
    Some(format!(
        "error: PROMPTLINT_OUTPUT_FORMAT={} is not an output format\n  [possible values: \
         human (or full), json, sarif, github, gitlab, concise, markdown]\n\nUnset it or \
         give `--format` on the command line (the flag wins over the variable).",
        promptlint::escape::escape_one_line(bad)
    ))
}

//! The `promptlint` binary: parse arguments, run, map the outcome to an exit code.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::Parser;
use promptlint::cli::{CheckArgs, Cli, ColorArg, Command, FailOnArg, FormatArg, RulesArgs};
use promptlint::report::{self, FailOn, Format, HumanOptions};
use promptlint::rules::Catalog;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match cli.command {
        Command::Check(args) => run_check(args),
        Command::Rules(args) => run_rules(&args),
    }
}

/// Writes to stdout; a closed pipe (`| head`) is not an error.
fn emit(text: &str) -> bool {
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

fn use_color(choice: ColorArg) -> bool {
    choice.resolve(
        std::env::var_os("NO_COLOR").as_deref(),
        std::io::stdout().is_terminal(),
    )
}

fn run_check(args: CheckArgs) -> ExitCode {
    let opts = promptlint::Options {
        paths: args.paths,
        kind: args.kind,
        stdin_filename: args.stdin_filename,
        select: args.select,
        ignore: args.ignore,
        size_limit: args.max_file_size,
    };
    let report = match promptlint::check(&opts) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{:?}", miette::Report::new(e));
            return ExitCode::from(2);
        }
    };
    let format = match args.format {
        FormatArg::Human => Format::Human,
        FormatArg::Json => Format::Json,
    };
    let human = HumanOptions {
        color: use_color(args.color),
        quiet: args.quiet,
    };
    let text = report::render(&report, format, human);
    if !emit(&text) {
        return ExitCode::from(2);
    }
    let fail_on = match args.fail_on {
        FailOnArg::Error => FailOn::Error,
        FailOnArg::Warning => FailOn::Warning,
        FailOnArg::Note => FailOn::Note,
        FailOnArg::Never => FailOn::Never,
    };
    ExitCode::from(report.exit_code(fail_on))
}

fn run_rules(args: &RulesArgs) -> ExitCode {
    let catalog = Catalog::builtin();
    let text = match args.format {
        FormatArg::Json => {
            let rows: Vec<_> = catalog
                .rules()
                .iter()
                .map(|r| {
                    serde_json::json!({
                        "id": r.id, "name": r.name, "family": r.family,
                        "severity": r.severity, "confidence": r.confidence,
                        "summary": r.summary.trim(), "fixable": r.fixable,
                    })
                })
                .collect();
            format!(
                "{}\n",
                serde_json::to_string_pretty(&rows).expect("plain data")
            )
        }
        FormatArg::Human => promptlint::rules::catalog::table(catalog),
    };
    if emit(&text) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}

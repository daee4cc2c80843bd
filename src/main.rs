//! The `promptlint` binary: parse arguments, run, map the outcome to an exit code.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::Parser;
use promptlint::cli::{
    CacheArgs, CheckArgs, Cli, ColorArg, Command, FailOnArg, FormatArg, RulesArgs,
};
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
        Command::Cache(args) => run_cache(&args),
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
    match choice {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stdout().is_terminal()
        }
    }
}

fn run_check(args: CheckArgs) -> ExitCode {
    let opts = promptlint::Options {
        paths: args.paths,
        kind: args.kind,
        stdin_filename: args.stdin_filename,
        select: args.select,
        ignore: args.ignore,
        size_limit: args.max_file_size,
        parse: promptlint::parse::ParseOptions {
            boundary_markers: args.boundary_marker,
            tool_result_budget: args.tool_result_budget,
        },
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

/// `promptlint cache`: streams each log, printing each conversation as it closes. Exit 1 when
/// a turn after the first is broken, 2 when a log cannot be read.
fn run_cache(args: &CacheArgs) -> ExitCode {
    let opts = promptlint::cache::CacheOptions {
        max_line_bytes: args.max_line_bytes,
        ..promptlint::cache::CacheOptions::default()
    };
    let json = args.format == FormatArg::Json;
    let mut any_broken = false;
    let mut io_failed = false;
    let mut first = true;
    let mut ok = true;
    if json {
        ok &= emit("{\"version\":1,\"conversations\":[");
    }
    for file in &args.files {
        let shown = if file.as_os_str() == "-" {
            "<stdin>".to_owned()
        } else {
            promptlint::discover::display_path(file)
        };
        let mut on_conv = |c: promptlint::cache::Conversation| {
            any_broken |= c.broken().next().is_some();
            let text = if json {
                let sep = if first { "" } else { "," };
                first = false;
                format!("{sep}{}", promptlint::cache::render::json(&c))
            } else {
                format!("{}\n", promptlint::cache::render::human(&c))
            };
            ok &= emit(&text);
        };
        let result = if file.as_os_str() == "-" {
            promptlint::cache::analyse_reader(&shown, std::io::stdin().lock(), opts, &mut on_conv)
        } else {
            match std::fs::File::open(file) {
                Ok(f) => promptlint::cache::analyse_reader(
                    &shown,
                    std::io::BufReader::with_capacity(256 * 1024, f),
                    opts,
                    &mut on_conv,
                ),
                Err(e) => Err(e),
            }
        };
        match result {
            Ok(r) => {
                for e in r.errors {
                    eprintln!("error: {}:{}: {}", e.path, e.line, e.message);
                }
            }
            Err(e) => {
                eprintln!("error: {shown}: {e}");
                io_failed = true;
            }
        }
    }
    if json {
        ok &= emit("]}\n");
    }
    if io_failed || !ok {
        ExitCode::from(2)
    } else if any_broken {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

//! The `promptlint` binary: parse arguments, run, map the outcome to an exit code.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{CommandFactory, Parser};
use promptlint::cli::{
    CacheArgs, CheckArgs, Cli, ColorArg, Command, CompletionsArgs, ExplainArgs, FailOnArg,
    FormatArg, InitArgs, RulesArgs, TextFormatArg,
};
use promptlint::report::{self, FailOn, Format, HumanOptions, SourceRoot};
use promptlint::rules::Catalog;

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
        Command::Explain(args) => run_explain(&args),
        Command::Init(args) => run_init(&args),
        Command::Completions(args) => run_completions(&args),
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

/// Color for human output: `auto` colors only a terminal stdout (never a file) without
/// NO_COLOR.
fn use_color(choice: ColorArg, to_stdout: bool) -> bool {
    let tty = to_stdout && std::io::stdout().is_terminal();
    choice.resolve(std::env::var_os("NO_COLOR").as_deref(), tty)
}

/// Writes `text` to `path` atomically enough: into a temporary file in the same folder, then
/// renamed over `path`, so a reader never sees half a report and a failed run leaves the old
/// file in place.
fn write_file(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".to_owned());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = std::fs::write(&tmp, text).and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Writes one output to a file (or stdout for `-`); false after printing why it failed.
fn write_output(path: &Path, text: &str) -> bool {
    if path.as_os_str() == "-" {
        return emit(text);
    }
    match write_file(path, text) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", path.display());
            false
        }
    }
}

fn fail(e: promptlint::Error) -> ExitCode {
    eprintln!("{:?}", miette::Report::new(e));
    ExitCode::from(2)
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `--fix` and `--diff`. `Err` holds the exit code to end with (`--diff`, or a usage error);
/// `Ok(true)` when every planned file was written.
fn run_fix(args: &CheckArgs, opts: &promptlint::Options) -> Result<bool, ExitCode> {
    if args.fix && opts.paths.iter().any(|p| p.as_os_str() == "-") {
        eprintln!("error: --fix cannot rewrite standard input; use --diff to see the changes");
        return Err(ExitCode::from(2));
    }
    let plans = promptlint::fix_plan(opts).map_err(fail)?;
    if args.diff {
        if !emit(&promptlint::fix::diff(&plans)) {
            return Err(ExitCode::from(2));
        }
        return Err(ExitCode::from(u8::from(!plans.is_empty())));
    }
    let (done, failed) = promptlint::fix::apply(&plans);
    for f in &failed {
        eprintln!("error: {f}");
    }
    let n: usize = done.iter().map(|f| f.removed.len()).sum();
    if !done.is_empty() {
        eprintln!(
            "fixed {n} code point{} in {} file{}",
            plural(n),
            done.len(),
            plural(done.len())
        );
    }
    Ok(failed.is_empty())
}

/// `--write-baseline` and `--baseline-prune`; false after printing why one failed.
fn run_baseline(args: &CheckArgs, report: &mut report::Report) -> bool {
    let mut ok = true;
    if let Some(path) = &args.write_baseline {
        let b = promptlint::suppress::Baseline::from_report(report);
        let name = promptlint::discover::display_path(path);
        ok &= write_output(path, &b.to_json());
        promptlint::suppress::apply_baseline(report, &b, &name);
        eprintln!(
            "wrote {} finding{} to the baseline {name}",
            b.findings.len(),
            plural(b.findings.len())
        );
    }
    if args.baseline_prune
        && let Some(path) = &args.baseline
    {
        let name = promptlint::discover::display_path(path);
        for e in &report.stale_baseline {
            eprintln!(
                "stale baseline entry: {} {} {}",
                promptlint::escape::escape_invisible(&e.path),
                e.rule,
                e.fingerprint
            );
        }
        if !report.stale_baseline.is_empty() {
            let pruned = std::fs::read_to_string(path)
                .map_err(|e| e.to_string())
                .and_then(|t| promptlint::suppress::Baseline::parse(&t))
                .map(|mut b| {
                    b.findings.retain(|e| !report.stale_baseline.contains(e));
                    b
                });
            match pruned {
                Ok(b) => {
                    ok &= write_output(path, &b.to_json());
                    eprintln!(
                        "removed {} stale entr{} from the baseline {name}",
                        report.stale_baseline.len(),
                        if report.stale_baseline.len() == 1 {
                            "y"
                        } else {
                            "ies"
                        }
                    );
                }
                Err(e) => {
                    eprintln!("error: cannot prune the baseline {name}: {e}");
                    ok = false;
                }
            }
        }
    }
    ok
}

fn run_check(args: CheckArgs) -> ExitCode {
    let opts = promptlint::Options {
        paths: args.paths.clone(),
        kind: args.kind,
        stdin_filename: args.stdin_filename.clone(),
        select: args.select.clone(),
        ignore: args.ignore.clone(),
        size_limit: args.max_file_size,
        exclude: args.exclude.clone(),
        config: match (&args.config, args.no_config) {
            (_, true) => promptlint::ConfigSource::Off,
            (Some(p), false) => promptlint::ConfigSource::File(p.clone()),
            (None, false) => promptlint::ConfigSource::Discover,
        },
        strict: args.strict,
        baseline: args.baseline.clone(),
        boundary_markers: args.boundary_marker.clone(),
        tool_result_budget: args.tool_result_budget,
    };
    let mut fixed_ok = true;
    if args.fix || args.diff {
        match run_fix(&args, &opts) {
            Ok(ok) => fixed_ok = ok,
            Err(code) => return code,
        }
    }
    let mut report = match promptlint::check(&opts) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    let baseline_ok = run_baseline(&args, &mut report);
    let format = match args.format {
        FormatArg::Human => Format::Human,
        FormatArg::Json => Format::Json,
        FormatArg::Sarif => Format::Sarif,
        FormatArg::Github => Format::Github,
        FormatArg::Gitlab => Format::Gitlab,
    };
    let to_stdout = args.output.as_ref().is_none_or(|p| p.as_os_str() == "-");
    let human = HumanOptions {
        color: use_color(args.color, to_stdout),
        quiet: args.quiet,
    };
    let root = SourceRoot::detect(&report);
    let text = report::render_in(&report, format, human, &root);
    let mut ok = match &args.output {
        Some(path) => write_output(path, &text),
        None => emit(&text),
    };
    for (path, extra) in [
        (&args.sarif_file, Format::Sarif),
        (&args.json_file, Format::Json),
    ] {
        if let Some(path) = path {
            ok &= write_output(path, &report::render_in(&report, extra, human, &root));
        }
    }
    if !ok || !fixed_ok || !baseline_ok {
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
        TextFormatArg::Json => {
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
        TextFormatArg::Human => promptlint::rules::catalog::table(catalog),
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
    let json = args.format == TextFormatArg::Json;
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

fn run_explain(args: &ExplainArgs) -> ExitCode {
    match Catalog::builtin().get(&args.rule) {
        Some(rule) => {
            if emit(&promptlint::rules::docs::explain(rule)) {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(2)
            }
        }
        None => {
            eprintln!(
                "error: no rule has the id or name `{}` (see `promptlint rules`)",
                promptlint::escape::escape_one_line(&args.rule)
            );
            ExitCode::from(2)
        }
    }
}

fn run_init(args: &InitArgs) -> ExitCode {
    let path = args.dir.join(".promptlint.yaml");
    let shown = promptlint::discover::display_path(&path);
    for name in promptlint::config::FILE_NAMES {
        let existing = args.dir.join(name);
        if existing.exists() {
            eprintln!(
                "error: {} already exists; init never overwrites a config",
                promptlint::discover::display_path(&existing)
            );
            return ExitCode::from(2);
        }
    }
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .and_then(|mut f| f.write_all(promptlint::init::STARTER.as_bytes()));
    if let Err(e) = written {
        eprintln!("error: cannot write {shown}: {e}");
        return ExitCode::from(2);
    }
    if emit(&promptlint::init::message(&shown)) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}

fn run_completions(args: &CompletionsArgs) -> ExitCode {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "promptlint", &mut out);
    if emit(&String::from_utf8_lossy(&out)) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}

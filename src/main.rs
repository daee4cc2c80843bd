//! The `promptlint` binary: parse arguments, run, map the outcome to an exit code.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::{CommandFactory, Parser};
use promptlint::cli::{
    CacheArgs, CheckArgs, Cli, ColorArg, Command, CompletionsArgs, ExplainArgs, FailOnArg,
    FormatArg, InitArgs, RulesArgs, StablePart, TextFormatArg,
};
use promptlint::escape::{escape_one_line, escape_path};
use promptlint::report::{self, FailOn, Format, HumanOptions, SourceRoot};
use promptlint::rules::Catalog;

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
        Command::Mcp(promptlint::cli::McpCommand::Pin(args)) => run_pin(&args),
        Command::Explain(args) => run_explain(&args),
        Command::Init(args) => run_init(&args),
        Command::Completions(args) => run_completions(&args),
    }
}

/// Writes to stdout; a closed pipe (`| head`) is not an error.
/// `promptlint mcp pin`: writes the lock, or with `--check` compares the dumps with it.
fn run_pin(args: &promptlint::cli::PinArgs) -> ExitCode {
    use promptlint::pin::{Drift, Lock, drift, pins_of};
    let mut pins = Vec::new();
    let mut texts = Vec::new();
    let mut failed = false;
    // Each error, also in the JSON document with `--format json`.
    let mut errors: Vec<serde_json::Value> = Vec::new();
    let mut fail = |path: &str, message: String| {
        eprintln!("error: {path}: {message}");
        errors.push(serde_json::json!({"path": path, "message": message}));
    };
    for file in &args.files {
        let shown = promptlint::discover::display_path(file);
        let limit = promptlint::bounds::DEFAULT_MAX_FILE_SIZE;
        let text = match promptlint::bounds::read_at_most(file, limit) {
            Ok(Some(b)) => String::from_utf8_lossy(&b).into_owned(),
            Ok(None) => {
                fail(
                    &shown,
                    format!("larger than the size limit of {limit} bytes"),
                );
                failed = true;
                continue;
            }
            Err(e) => {
                fail(&shown, e.to_string());
                failed = true;
                continue;
            }
        };
        let stem = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| shown.clone());
        match pins_of(&text, args.server.as_deref(), &stem) {
            Ok(found) => {
                let at = texts.len();
                pins.extend(found.into_iter().map(|p| (at, p)));
            }
            Err(why) => {
                fail(&shown, promptlint::escape::escape_one_line(&why));
                failed = true;
            }
        }
        texts.push((shown, text));
    }
    let lock_shown = promptlint::discover::display_path(&args.lock);
    let only: Vec<promptlint::pin::Pin> = pins.iter().map(|(_, p)| p.clone()).collect();
    if !args.check {
        if failed {
            eprintln!("error: {lock_shown} not written: a dump could not be read");
            return ExitCode::from(2);
        }
        let lock = Lock::of(&only);
        if let Err(e) = write_lock(&args.lock, lock.to_json().as_bytes()) {
            eprintln!("error: cannot write {lock_shown}: {e}");
            return ExitCode::from(2);
        }
        eprintln!("pinned {} tools in {lock_shown}", lock.tools.len());
        return ExitCode::SUCCESS;
    }
    let lock = match promptlint::bounds::read_at_most(
        &args.lock,
        promptlint::bounds::DEFAULT_MAX_FILE_SIZE,
    ) {
        Ok(Some(b)) => {
            Lock::parse(&String::from_utf8_lossy(&b)).map_err(|why| escape_one_line(&why))
        }
        Ok(None) => Err("larger than the size limit".to_owned()),
        Err(e) => Err(e.to_string()),
    };
    let lock = match lock {
        Ok(l) => l,
        Err(message) => {
            fail(&lock_shown, message);
            if args.format == TextFormatArg::Json {
                let v = serde_json::json!({"version": 1, "lock": lock_shown, "tools_checked": 0, "drift": [], "errors": errors});
                emit(&format!("{v}\n"));
            }
            return ExitCode::from(2);
        }
    };
    let drifts = drift(&lock, &only);
    // Where each pin came from, for positions.
    let place = |p: &promptlint::pin::Pin| {
        let (at, _) = pins
            .iter()
            .find(|(_, q)| q == p)
            .map_or((0, p), |(i, q)| (*i, q));
        let (shown, text) = &texts[at];
        let lines = promptlint::source::LineIndex::new(text);
        let at = promptlint::source::floor_char_boundary(text, p.span.start.min(text.len()));
        let pos = lines.position(text, at);
        (shown.clone(), pos.line, pos.column)
    };
    let esc = promptlint::escape::escape_one_line;
    let mut json_items = Vec::new();
    let mut out = String::new();
    for d in &drifts {
        match d {
            Drift::Changed { now, locked } => {
                let (path, line, col) = place(now);
                out.push_str(&format!(
                    "{path}:{line}:{col}: tool `{}` of server `{}` changed since it was pinned in {lock_shown}: locked sha256 {locked}, now {}\n",
                    esc(&now.tool), esc(&now.server), now.sha256
                ));
                json_items.push(serde_json::json!({"change":"changed","server":now.server,"tool":now.tool,"path":path,"line":line,"column":col,"locked_sha256":locked,"sha256":now.sha256}));
            }
            Drift::Added(now) => {
                let (path, line, col) = place(now);
                out.push_str(&format!(
                    "{path}:{line}:{col}: tool `{}` of server `{}` is not pinned in {lock_shown}: sha256 {}\n",
                    esc(&now.tool), esc(&now.server), now.sha256
                ));
                json_items.push(serde_json::json!({"change":"added","server":now.server,"tool":now.tool,"path":path,"line":line,"column":col,"sha256":now.sha256}));
            }
            Drift::Removed(e) => {
                out.push_str(&format!(
                    "{lock_shown}: tool `{}` of server `{}` is pinned but no longer listed: locked sha256 {}\n",
                    esc(&e.tool), esc(&e.server), e.sha256
                ));
                json_items.push(serde_json::json!({"change":"removed","server":e.server,"tool":e.tool,"locked_sha256":e.sha256}));
            }
        }
    }
    let ok = if args.format == TextFormatArg::Json {
        let mut v = serde_json::json!({"version": 1, "lock": lock_shown, "tools_checked": only.len(), "drift": json_items});
        if !errors.is_empty() {
            v["errors"] = serde_json::Value::Array(errors);
        }
        emit(&format!("{v}\n"))
    } else {
        let summary = if drifts.is_empty() {
            format!("{} tools match {lock_shown}\n", only.len())
        } else {
            format!(
                "{} of {} tools differ from {lock_shown}\n",
                drifts.len(),
                only.len()
            )
        };
        emit(&out) && emit(&summary)
    };
    if failed || !ok {
        ExitCode::from(2)
    } else if drifts.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Writes the lock atomically: over an existing file as `--fix` does, else a temporary file in
/// the same folder renamed into place.
fn write_lock(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    if path.exists() {
        return promptlint::fix::write_atomic(path, bytes);
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map(|_| ()).map_err(|e| e.error)
}

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

/// Columns for human output: the terminal's width when stdout is one, else `COLUMNS` when set
/// to a number (as `ls` and git read it), else [`report::DEFAULT_WIDTH`]; always within
/// [`report::MIN_WIDTH`]..=[`report::MAX_WIDTH`].
fn output_width(to_stdout: bool) -> usize {
    let from_terminal = to_stdout
        .then(|| terminal_size::terminal_size_of(std::io::stdout()))
        .flatten()
        .map(|(w, _)| usize::from(w.0));
    let from_env = || {
        std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.trim().parse::<usize>().ok())
    };
    from_terminal
        .or_else(from_env)
        .unwrap_or(report::DEFAULT_WIDTH)
        .clamp(report::MIN_WIDTH, report::MAX_WIDTH)
}

/// Color for human output: `auto` colors only a terminal stdout (never a file) without
/// NO_COLOR.
fn use_color(choice: ColorArg, to_stdout: bool) -> bool {
    let tty = to_stdout && std::io::stdout().is_terminal();
    let (no, force, cli) = (
        std::env::var_os("NO_COLOR"),
        std::env::var_os("FORCE_COLOR"),
        std::env::var_os("CLICOLOR_FORCE"),
    );
    let env = promptlint::cli::ColorEnv {
        no_color: no.as_deref(),
        force_color: force.as_deref(),
        clicolor_force: cli.as_deref(),
    };
    choice.resolve(env, tty)
}

/// Writes one output to a file (or stdout for `-`). `Err` holds the one-line message, already
/// printed on stderr.
fn write_output(path: &Path, text: &str) -> Result<(), String> {
    if path.as_os_str() == "-" {
        return if emit(text) {
            Ok(())
        } else {
            Err("cannot write the output to stdout".to_owned())
        };
    }
    promptlint::fix::write_replacing(path, text.as_bytes()).map_err(|e| {
        let m = format!(
            "cannot write {}: {}",
            escape_path(&promptlint::discover::display_path(path)),
            escape_one_line(&e.to_string())
        );
        eprintln!("error: {m}");
        m
    })
}

/// The one-line form of an error for machine-readable output: its message and those of the
/// problems it gathers, escaped.
fn one_line(e: &dyn miette::Diagnostic) -> String {
    let mut parts = vec![e.to_string()];
    if let Some(related) = e.related() {
        parts.extend(related.map(ToString::to_string));
    }
    escape_one_line(&parts.join("; "))
}

/// Where a `check` run's outputs go and in which formats.
struct Outputs<'a> {
    format: Format,
    output: Option<&'a Path>,
    sarif_file: Option<&'a Path>,
    json_file: Option<&'a Path>,
}

impl Outputs<'_> {
    /// Ends a run that stopped with `message` (already printed on stderr for people): every
    /// machine-readable output still gets a valid document of its format, holding the error
    /// (JSON `errors`, SARIF `executionSuccessful: false` with a notification, a GitHub
    /// `::error` line, an empty GitLab report). Exit code 2.
    fn fail(&self, message: String) -> ExitCode {
        let report = report::Report::failed(message);
        let root = SourceRoot::detect(&report);
        if self.format != Format::Human {
            let text = report::render_in(&report, self.format, HumanOptions::default(), &root);
            let _ = write_output(self.output.unwrap_or(Path::new("-")), &text);
        }
        for (path, extra) in [
            (self.sarif_file, Format::Sarif),
            (self.json_file, Format::Json),
        ] {
            if let Some(path) = path {
                let text = report::render_in(&report, extra, HumanOptions::default(), &root);
                let _ = write_output(path, &text);
            }
        }
        ExitCode::from(2)
    }

    /// Prints a usage or configuration error for people on stderr, then ends as [`Self::fail`].
    fn error(&self, e: promptlint::Error) -> ExitCode {
        let message = one_line(&e);
        eprintln!("{:?}", miette::Report::new(e));
        self.fail(message)
    }

    /// Prints `message` as `error: message` on stderr, then ends as [`Self::fail`].
    fn usage(&self, message: &str) -> ExitCode {
        eprintln!("error: {message}");
        self.fail(message.to_owned())
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `--fix` and `--diff`. `Err` holds the exit code to end with (`--diff`, or a usage error);
/// `Ok` the errors of the files that could not be fixed (one line each, printed on stderr).
fn run_fix(
    args: &CheckArgs,
    opts: &promptlint::Options,
    out: &Outputs<'_>,
) -> Result<Vec<String>, ExitCode> {
    if args.fix && opts.paths.iter().any(|p| p.as_os_str() == "-") {
        return Err(out.usage("--fix cannot rewrite standard input; use --diff to see the changes"));
    }
    let plans = promptlint::fix_plan(opts).map_err(|e| out.error(e))?;
    if args.diff {
        if !emit(&promptlint::fix::diff(&plans)) {
            return Err(ExitCode::from(2));
        }
        return Err(ExitCode::from(u8::from(!plans.is_empty())));
    }
    let (done, failed) = promptlint::fix::apply(&plans);
    let failed: Vec<String> = failed
        .iter()
        .map(|f| escape_one_line(&f.to_string()))
        .collect();
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
    Ok(failed)
}

/// `--write-baseline` and `--baseline-prune`; the errors (one line each, printed on stderr).
fn run_baseline(args: &CheckArgs, report: &mut report::Report) -> Vec<String> {
    let mut errors = Vec::new();
    if let Some(path) = &args.write_baseline {
        let b = promptlint::suppress::Baseline::from_report(report);
        let name = promptlint::discover::display_path(path);
        errors.extend(write_output(path, &b.to_json()).err());
        promptlint::suppress::apply_baseline(report, &b, &name);
        eprintln!(
            "wrote {} finding{} to the baseline {}",
            b.findings.len(),
            plural(b.findings.len()),
            escape_path(&name)
        );
    }
    if args.baseline_prune
        && let Some(path) = &args.baseline
    {
        let name = escape_path(&promptlint::discover::display_path(path));
        for e in &report.stale_baseline {
            eprintln!(
                "stale baseline entry: {} {} {}",
                escape_path(&e.path),
                e.rule,
                e.fingerprint
            );
        }
        if !report.stale_baseline.is_empty() {
            let pruned = promptlint::bounds::read_text(
                path,
                promptlint::bounds::MAX_BASELINE_BYTES,
                "a baseline",
            )
            .map_err(|e| e.to_string())
            .and_then(|t| promptlint::suppress::Baseline::parse(&t))
            .map(|mut b| {
                b.findings.retain(|e| !report.stale_baseline.contains(e));
                b
            });
            match pruned {
                Ok(b) => {
                    errors.extend(write_output(path, &b.to_json()).err());
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
                    let m = format!("cannot prune the baseline {name}: {}", escape_one_line(&e));
                    eprintln!("error: {m}");
                    errors.push(m);
                }
            }
        }
    }
    errors
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
        max_findings_per_rule: args.max_findings_per_rule,
        max_findings: args.max_findings,
        force_exclude: args.force_exclude,
        no_respect_gitignore: args.no_respect_gitignore,
        diff_base: args.diff_base.clone(),
        new_only: args.new_only,
    };
    let format = match args.format {
        FormatArg::Human => Format::Human,
        FormatArg::Json => Format::Json,
        FormatArg::Sarif => Format::Sarif,
        FormatArg::Github => Format::Github,
        FormatArg::Gitlab => Format::Gitlab,
        FormatArg::Concise => Format::Concise,
    };
    let outputs = Outputs {
        format,
        output: args.output.as_deref(),
        sarif_file: args.sarif_file.as_deref(),
        json_file: args.json_file.as_deref(),
    };
    if args.diff && format != Format::Human {
        return outputs.usage(
            "--diff prints a unified diff only and takes no --format; run without --diff for findings in that format",
        );
    }
    if args.stdin_filename.is_some() && !args.paths.iter().any(|p| p.as_os_str() == "-") {
        return outputs.usage(
            "--stdin-filename names standard input, which is read only when `-` is among the paths",
        );
    }
    let mut run_errors = Vec::new();
    if args.fix || args.diff {
        match run_fix(&args, &opts, &outputs) {
            Ok(failed) => run_errors.extend(failed),
            Err(code) => return code,
        }
    }
    let mut report = match promptlint::check(&opts) {
        Ok(r) => r,
        Err(e) => return outputs.error(e),
    };
    if args.show_files {
        return if emit(&show_files(&report)) {
            ExitCode::from(if report.errors.is_empty() { 0 } else { 2 })
        } else {
            ExitCode::from(2)
        };
    }
    // Under --force-exclude (pre-commit) a commit that touches only excluded files is normal.
    let quiet_empty = args.silent || args.quiet >= 2 || args.force_exclude;
    if report.files_scanned == 0 && report.errors.is_empty() && !quiet_empty {
        let paths: Vec<String> = args
            .paths
            .iter()
            .map(|p| escape_path(&p.to_string_lossy()))
            .collect();
        let why = if report.sources().next().is_none() {
            "no file there matches an agent file convention (`promptlint check --show-files` \
             lists what was found; name a file to scan it whatever its name, or add `include:` \
             globs to .promptlint.yaml)"
        } else {
            "every file found was skipped (binary, over the size limit or not a regular file: \
             see the PL804 notes, or `promptlint check --show-files`)"
        };
        eprintln!("warning: no file was scanned in {}: {why}", paths.join(" "));
    }
    run_errors.extend(run_baseline(&args, &mut report));
    let limits = report.limits;
    report.truncate(limits);
    let to_stdout = args.output.as_ref().is_none_or(|p| p.as_os_str() == "-");
    let human = HumanOptions {
        color: use_color(args.color, to_stdout),
        quiet: if args.silent { 2 } else { args.quiet },
        statistics: args.statistics,
        width: output_width(to_stdout),
    };
    let root = SourceRoot::detect(&report);
    // The extra files first, so that the main output can report a failure to write one.
    report.run_errors.extend(run_errors);
    for (path, extra) in [
        (&args.sarif_file, Format::Sarif),
        (&args.json_file, Format::Json),
    ] {
        if let Some(path) = path {
            let text = report::render_in(&report, extra, human, &root);
            let failed = write_output(path, &text).err();
            report.run_errors.extend(failed);
        }
    }
    let text = report::render_in(&report, format, human, &root);
    let written = write_output(args.output.as_deref().unwrap_or(Path::new("-")), &text);
    if written.is_err() || !report.run_errors.is_empty() {
        return ExitCode::from(2);
    }
    let fail_on = match args.fail_on {
        FailOnArg::Error => FailOn::Error,
        FailOnArg::Warning => FailOn::Warning,
        FailOnArg::Note => FailOn::Note,
        FailOnArg::Never => FailOn::Never,
    };
    if args.fail_on_empty && report.files_scanned == 0 {
        return ExitCode::from(1);
    }
    ExitCode::from(report.exit_code(fail_on))
}

/// `--show-files`: one line per source of the run, sorted by path: `path<TAB>kind` for a
/// scanned file, `path<TAB>skipped: why` for one that was not read (the `PL804` message), and
/// `path<TAB>error: message` for one that could not be read. Paths and reasons escaped.
fn show_files(report: &report::Report) -> String {
    let mut rows: Vec<(String, String)> = Vec::new();
    for f in &report.files {
        let what = if f.scanned {
            f.kind.map_or("unknown", |k| k.as_str()).to_owned()
        } else {
            let why = f
                .findings
                .iter()
                .find(|l| l.finding.rule.id == "PL804")
                .map_or_else(|| "not read".to_owned(), |l| l.finding.message.clone());
            format!("skipped: {}", escape_one_line(&why))
        };
        rows.push((escape_path(&f.path), what));
    }
    for f in report.clean.iter() {
        let what = if f.scanned {
            f.kind.map_or("unknown", |k| k.as_str())
        } else {
            "skipped: not read"
        };
        rows.push((escape_path(f.path), what.to_owned()));
    }
    for e in &report.errors {
        rows.push((
            escape_path(&e.path),
            format!("error: {}", escape_one_line(&e.message)),
        ));
    }
    rows.sort();
    let mut out = String::new();
    for (path, what) in rows {
        out.push_str(&format!("{path}\t{what}\n"));
    }
    out
}

fn run_rules(args: &RulesArgs) -> ExitCode {
    // Read at build time: the listing parses no rule.
    let rows = promptlint::rules::catalog::builtin_rows();
    let text = match args.format {
        TextFormatArg::Json => {
            let rows: Vec<_> = rows
                .iter()
                .map(|r| {
                    serde_json::json!({
                        "id": r.id, "name": r.name, "family": r.family,
                        "severity": r.severity, "confidence": r.confidence,
                        "summary": r.summary, "fixable": r.fixable,
                    })
                })
                .collect();
            format!(
                "{}\n",
                serde_json::to_string_pretty(&rows).expect("plain data")
            )
        }
        TextFormatArg::Human => promptlint::rules::catalog::table(&rows),
    };
    if emit(&text) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}

/// `promptlint cache`: streams each log, printing each conversation as it closes. Exit 1 when
/// a turn after the first is broken, 2 when a log cannot be read (JSON then lists it under
/// `errors`).
fn run_cache(args: &CacheArgs) -> ExitCode {
    let opts = promptlint::cache::CacheOptions {
        max_line_bytes: args.max_line_bytes,
        ..promptlint::cache::CacheOptions::default()
    };
    let json = args.format == TextFormatArg::Json;
    let mut any_broken = false;
    let mut bad_lines = false;
    let mut unreadable: Vec<serde_json::Value> = Vec::new();
    // Lines and logs skipped with an error (an entry over a bound, a log with no request).
    let mut skipped: Vec<serde_json::Value> = Vec::new();
    let mut first = true;
    let mut ok = true;
    if json {
        ok &= emit(&format!(
            "{{\"version\":{},\"conversations\":[",
            promptlint::report::cache::JSON_VERSION
        ));
    }
    let mut on_conv = |c: promptlint::cache::Conversation| {
        match &args.assert_stable {
            None => any_broken |= c.broken().next().is_some(),
            Some(parts) => {
                for v in stability_violations(&c, parts) {
                    any_broken = true;
                    eprintln!("error: {v}");
                }
            }
        }
        let text = if json {
            let sep = if first { "" } else { "," };
            first = false;
            format!("{sep}{}", promptlint::report::cache::json(&c))
        } else {
            format!("{}\n", promptlint::report::cache::human(&c))
        };
        ok &= emit(&text);
    };
    // One analyser for every log named: a conversation split across rotated logs stays one.
    let mut analyzer = promptlint::cache::Analyzer::new("", opts);
    for file in &args.files {
        let shown = if file.as_os_str() == "-" {
            "<stdin>".to_owned()
        } else {
            promptlint::discover::display_path(file)
        };
        let result = if file.as_os_str() == "-" {
            promptlint::cache::analyse_into(
                &mut analyzer,
                &shown,
                std::io::stdin().lock(),
                &mut on_conv,
            )
            .map_err(|e| e.to_string())
        } else {
            // A log is streamed, so it has no size cap; only a regular file is opened (a FIFO
            // would block, a device never ends), stdin aside.
            match promptlint::bounds::open_regular(file) {
                Ok(f) => promptlint::cache::analyse_into(
                    &mut analyzer,
                    &shown,
                    std::io::BufReader::with_capacity(256 * 1024, f),
                    &mut on_conv,
                )
                .map_err(|e| promptlint::bounds::io_message(&e, file)),
                Err(e) => Err(e.to_string()),
            }
        };
        match result {
            Ok(r) => {
                bad_lines |= !r.errors.is_empty();
                for e in &r.errors {
                    let message = escape_one_line(&e.message);
                    eprintln!("error: {}:{}: {message}", escape_path(&e.path), e.line);
                    // In the chosen format too: a JSON reader sees why the run failed.
                    skipped.push(
                        serde_json::json!({"path": e.path, "line": e.line, "message": message}),
                    );
                }
                if r.requests == 0 && r.errors.is_empty() {
                    // An empty log is a recording that failed, not a stable one.
                    bad_lines = true;
                    let message = "no request in the log (expected one or more provider requests)";
                    eprintln!("error: {}: {message}", escape_path(&shown));
                    skipped.push(serde_json::json!({"path": shown, "message": message}));
                }
            }
            Err(e) => {
                let message = escape_one_line(&e);
                eprintln!("error: {}: {message}", escape_path(&shown));
                unreadable.push(serde_json::json!({"path": shown, "message": message}));
            }
        }
    }
    for c in analyzer.finish() {
        on_conv(c);
    }
    let io_failed = !unreadable.is_empty();
    if json {
        // `errors` (the logs that could not be read) only when there are some, so the
        // document of a clean run stays as it was.
        let errors: Vec<serde_json::Value> = unreadable.into_iter().chain(skipped).collect();
        let tail = if errors.is_empty() {
            "]}\n".to_owned()
        } else {
            format!("],\"errors\":{}}}\n", serde_json::Value::Array(errors))
        };
        ok &= emit(&promptlint::report::escape_json_invisible(&tail));
    }
    if io_failed || bad_lines || !ok {
        ExitCode::from(2)
    } else if any_broken {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// What `--assert-stable` finds in a conversation: one line per turn and part that changed,
/// with the element path and the bytes before and after.
fn stability_violations(c: &promptlint::cache::Conversation, parts: &[StablePart]) -> Vec<String> {
    let id = escape_one_line(&c.id);
    let mut out = Vec::new();
    for t in &c.turns {
        for ch in &t.changes {
            let named = match ch.part {
                "system" => parts.contains(&StablePart::System),
                _ => parts.contains(&StablePart::Tools),
            };
            if named {
                out.push(format!(
                    "conversation {id} turn {} (line {}): {} changed at {}: was `{}`, now `{}`",
                    t.turn,
                    t.line,
                    ch.part,
                    escape_one_line(&ch.path),
                    ch.was,
                    ch.now
                ));
            }
        }
        if let Some(b) = &t.broken
            && parts.contains(&StablePart::Prefix)
        {
            out.push(format!(
                "conversation {id} turn {} (line {}): prefix broken at byte {} ({}, {}): was `{}`, now `{}`",
                t.turn,
                t.line,
                b.at,
                escape_one_line(&b.path),
                b.reason.as_str(),
                b.was,
                b.now
            ));
        }
    }
    out
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
    let shown = escape_path(&promptlint::discover::display_path(&path));
    for name in promptlint::config::FILE_NAMES {
        let existing = args.dir.join(name);
        if existing.exists() {
            eprintln!(
                "error: {} already exists; init never overwrites a config",
                escape_path(&promptlint::discover::display_path(&existing))
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
        eprintln!(
            "error: cannot write {shown}: {}",
            escape_one_line(&e.to_string())
        );
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

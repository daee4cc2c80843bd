//! `promptlint check`: the run, `--fix` and `--diff`, the baseline, `--show-files`, and where
//! the outputs go.

use crate::report::Exit;
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

use clap::ValueEnum as _;

use crate::cli::{CheckArgs, ColorArg};
use crate::escape::{escape_one_line, escape_path};
use crate::report::{self, Format, HumanOptions, SourceRoot};

use super::output::{emit, write_output};

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
    let env = crate::cli::ColorEnv {
        no_color: no.as_deref(),
        force_color: force.as_deref(),
        clicolor_force: cli.as_deref(),
    };
    choice.resolve(env, tty)
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
    markdown_file: Option<&'a Path>,
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
            (self.markdown_file, Format::Markdown),
        ] {
            if let Some(path) = path {
                let text = report::render_in(&report, extra, HumanOptions::default(), &root);
                let _ = write_output(path, &text);
            }
        }
        ExitCode::from(Exit::Error)
    }

    /// Prints a usage or configuration error for people on stderr, then ends as [`Self::fail`].
    fn error(&self, e: crate::Error) -> ExitCode {
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
    opts: &crate::Options,
    out: &Outputs<'_>,
) -> Result<Vec<String>, ExitCode> {
    if args.fix && opts.paths.iter().any(|p| p.as_os_str() == "-") {
        return Err(out.usage("--fix cannot rewrite standard input; use --diff to see the changes"));
    }
    let plans = crate::fix_plan(opts).map_err(|e| out.error(e))?;
    if args.diff {
        if !emit(&crate::fix::diff(&plans)) {
            return Err(ExitCode::from(Exit::Error));
        }
        return Err(ExitCode::from(Exit::from(!plans.is_empty())));
    }
    let (done, failed) = crate::fix::apply(&plans);
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
        let b = crate::suppress::Baseline::from_report(report);
        let name = crate::discover::display_path(path);
        errors.extend(write_output(path, &b.to_json()).err());
        crate::suppress::apply_baseline(report, &b, &name);
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
        let name = escape_path(&crate::discover::display_path(path));
        for e in &report.stale_baseline {
            eprintln!(
                "stale baseline entry: {} {} {}",
                escape_path(&e.path),
                e.rule,
                e.fingerprint
            );
        }
        if !report.stale_baseline.is_empty() {
            let pruned =
                crate::bounds::read_text(path, crate::bounds::MAX_BASELINE_BYTES, "a baseline")
                    .map_err(|e| e.to_string())
                    .and_then(|t| crate::suppress::Baseline::parse(&t))
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

/// A usage mistake of a user who brings another tool's flags, refused before the run with
/// what to type instead: an `--output` file named like a format (`--output concise` would
/// write a file `concise`), zizmor's `--persona`.
fn misused_flag(args: &CheckArgs) -> Option<String> {
    if let Some(out) = &args.output
        && Format::value_variants().iter().any(|f| {
            f.to_possible_value()
                .is_some_and(|v| v.matches(&out.to_string_lossy(), false))
        })
    {
        let name = escape_one_line(&out.to_string_lossy());
        // The flag as typed: `-o`, `--output-file` or `--output`.
        let flag = std::env::args()
            .find(|a| matches!(a.as_str(), "-o" | "--output-file" | "--output"))
            .or_else(|| {
                std::env::args().find_map(|a| {
                    ["--output-file=", "--output="]
                        .iter()
                        .find(|p| a.starts_with(*p))
                        .map(|p| p.trim_end_matches('=').to_owned())
                })
            })
            .unwrap_or_else(|| "--output".to_owned());
        return Some(format!(
            "{flag} {name} names the output file, and `{name}` is a format's name: did you \
             mean `--format {name}`? (to write a file of that name, give `{flag} ./{name}`)"
        ));
    }
    if let Some(p) = &args.persona {
        return Some(format!(
            "--persona {}: promptlint has no personas; it reports every finding by default. \
             See fewer with `--min-severity warning` or `--min-confidence medium` (zizmor's \
             `--min-severity` and `--min-confidence`)",
            escape_one_line(p)
        ));
    }
    None
}

pub(super) fn run_check(mut args: CheckArgs) -> ExitCode {
    // `--stdin-filename` alone names standard input: read it.
    if args.paths.is_empty() && args.stdin_filename.is_some() && !args.user {
        args.paths.push(std::path::PathBuf::from("-"));
    }
    // No path: the current folder, unless only the user's setup is asked for.
    if args.paths.is_empty() && !args.user {
        args.paths.push(std::path::PathBuf::from("."));
    }
    let opts = crate::Options {
        paths: args.paths.clone(),
        kind: args.kind,
        stdin_filename: args.stdin_filename.clone(),
        select: args.select.clone(),
        extend_select: args.extend_select.clone(),
        ignore: args.ignore.clone(),
        size_limit: args.max_file_size,
        exclude: args.exclude.clone(),
        config: match (&args.config, args.no_config) {
            (_, true) => crate::ConfigSource::Off,
            (Some(p), false) => crate::ConfigSource::File(p.clone()),
            (None, false) => crate::ConfigSource::Discover,
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
        within: Vec::new(),
        user: args.user,
        user_home: args.user_home.clone(),
    };
    let format = args.format;
    let outputs = Outputs {
        format,
        output: args.output.as_deref(),
        sarif_file: args.sarif_file.as_deref(),
        json_file: args.json_file.as_deref(),
        markdown_file: args.markdown_file.as_deref(),
    };
    if let Some(message) = misused_flag(&args) {
        return outputs.usage(&message);
    }
    if args.show_settings {
        return match crate::Settings::resolve(&opts) {
            Ok(settings) => {
                ExitCode::from(if emit(&super::settings::show(&args, &opts, &settings)) {
                    Exit::Clean
                } else {
                    Exit::Error
                })
            }
            Err(e) => outputs.error(e),
        };
    }
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
    let mut report = match crate::check(&opts) {
        Ok(r) => r,
        Err(e) => return outputs.error(e),
    };
    if args.show_files {
        return if emit(&show_files(&report)) {
            ExitCode::from(if report.errors.is_empty() {
                Exit::Clean
            } else {
                Exit::Error
            })
        } else {
            ExitCode::from(Exit::Error)
        };
    }
    // Under --force-exclude (pre-commit) a commit that touches only excluded files is normal.
    let quiet_empty = args.silent || args.quiet >= 2 || args.force_exclude;
    if report.files_scanned == 0 && report.errors.is_empty() && !quiet_empty {
        let mut paths: Vec<String> = args
            .paths
            .iter()
            .map(|p| escape_path(&p.to_string_lossy()))
            .collect();
        if args.user {
            paths.push("your user-level agent setup".to_owned());
        }
        let changed = match &args.diff_base {
            Some(base) if report.sources().next().is_none() => {
                crate::changed::Changes::of_paths(&opts.paths, base, false)
                    .ok()
                    .map(|c| (base, c.len()))
            }
            _ => None,
        };
        let why = if let Some((base, n)) = changed {
            if n == 0 {
                format!(
                    "no file changed since `{}` (--diff-base scans only the files changed \
                     since the ref, staged or not, and new untracked ones)",
                    escape_one_line(base)
                )
            } else {
                format!(
                    "none of the {n} file{} changed since `{}` there matches an agent file \
                     convention (`git diff --name-only {}` lists them; name a file to scan it \
                     whatever its name)",
                    plural(n),
                    escape_one_line(base),
                    escape_one_line(base)
                )
            }
        } else if report.sources().next().is_none() && args.user && args.paths.is_empty() {
            "no agent's user-level file was found under the home folder (`promptlint check \
             --user --show-files` lists what was found; README, \"Your own agent setup\", lists \
             where each agent keeps them)"
                .to_owned()
        } else if report.sources().next().is_none() {
            "no file there matches an agent file convention (`promptlint check --show-files` \
             lists what was found; name a file to scan it whatever its name, or add `include:` \
             globs to .promptlint.yaml)"
                .to_owned()
        } else {
            "every file found was skipped (binary, over the size limit or not a regular file: \
             see the PL804 notes, or `promptlint check --show-files`)"
                .to_owned()
        };
        eprintln!("warning: no file was scanned in {}: {why}", paths.join(" "));
    }
    run_errors.extend(run_baseline(&args, &mut report));
    report.keep_at_least(
        args.min_severity.severity(),
        args.min_confidence.confidence(),
    );
    let limits = report.limits;
    report.truncate(limits);
    let to_stdout = args.output.as_ref().is_none_or(|p| p.as_os_str() == "-");
    let human = HumanOptions {
        color: use_color(args.color, to_stdout),
        quiet: if args.silent { 2 } else { args.quiet },
        statistics: args.statistics,
        width: output_width(to_stdout),
        ascii: !crate::report::advice::utf8_locale(|v| std::env::var_os(v)),
    };
    let root = SourceRoot::detect(&report);
    // The extra files first, so that the main output can report a failure to write one.
    report.run_errors.extend(run_errors);
    for (path, extra) in [
        (&args.sarif_file, Format::Sarif),
        (&args.json_file, Format::Json),
        (&args.markdown_file, Format::Markdown),
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
        return ExitCode::from(Exit::Error);
    }
    let fail_on = super::settings::effective_fail_on(&args);
    if args.fail_on_empty && report.files_scanned == 0 {
        return ExitCode::from(Exit::Findings);
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

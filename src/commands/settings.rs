//! `check --show-settings`: the settings a run would use, resolved from the command line, the
//! configuration file and the defaults, one `key: value` line each (as ruff's
//! `--show-settings` prints its resolved settings), without scanning anything.

use std::fmt::Write as _;

use crate::cli::CheckArgs;
use crate::escape::{escape_one_line, escape_path};
use crate::{Options, Settings};

/// A value of a `ValueEnum` as it is written on the command line.
fn name(v: &impl clap::ValueEnum) -> String {
    v.to_possible_value()
        .map_or_else(String::new, |p| p.get_name().to_owned())
}

/// A list for one line: its items joined by `, `, or `none`.
fn list<S: AsRef<str>>(items: &[S]) -> String {
    if items.is_empty() {
        "none".to_owned()
    } else {
        items
            .iter()
            .map(|s| escape_one_line(s.as_ref()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The resolved settings of a `check` run with `args` (after the command line's defaults)
/// and `opts` (what the run was given), as text.
pub(super) fn show(args: &CheckArgs, opts: &Options, settings: &Settings) -> String {
    let mut out = String::new();
    let mut line = |key: &str, value: String| {
        let _ = writeln!(out, "{key}: {value}");
    };
    let paths: Vec<String> = opts
        .paths
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    line("paths", list(&paths));
    let config = match (&settings.config, &opts.config) {
        (Some(c), _) => {
            let place = if settings.config_in_tree {
                " (inside the scanned tree)"
            } else {
                ""
            };
            format!("{}{place}", escape_path(&c.display))
        }
        (None, crate::ConfigSource::Off) => "none (--no-config)".to_owned(),
        (None, _) => "none found".to_owned(),
    };
    line("config file", config);
    let raw = settings
        .config
        .as_ref()
        .and_then(|c| crate::config_schema::parse_raw_yaml(&c.text).ok());
    let strings = |v: &[serde_saphyr::Spanned<String>]| -> Vec<String> {
        v.iter().map(|s| s.value.clone()).collect()
    };
    let catalog = settings.catalog();
    let mut enabled: Vec<&str> = catalog
        .rules()
        .iter()
        .filter(|r| settings.enabled.contains(&r.id))
        .map(|r| r.id.as_str())
        .collect();
    enabled.sort_unstable();
    let mut disabled: Vec<&str> = catalog
        .rules()
        .iter()
        .filter(|r| !settings.enabled.contains(&r.id))
        .map(|r| r.id.as_str())
        .collect();
    disabled.sort_unstable();
    let select = if opts.select.is_empty() {
        settings
            .config
            .as_ref()
            .map(|c| c.select.clone())
            .unwrap_or_default()
    } else {
        opts.select.clone()
    };
    line(
        "select",
        if select.is_empty() {
            "every rule".to_owned()
        } else {
            list(&select)
        },
    );
    line("extend select", list(&opts.extend_select));
    let mut ignore = settings
        .config
        .as_ref()
        .map(|c| c.ignore.clone())
        .unwrap_or_default();
    ignore.extend(opts.ignore.iter().cloned());
    line("ignore", list(&ignore));
    line(
        "rules enabled",
        format!("{} of {}", enabled.len(), catalog.rules().len()),
    );
    line("rules disabled", list(&disabled));
    let mut severities: Vec<String> = settings
        .config
        .as_ref()
        .map(|c| {
            c.severity
                .iter()
                .map(|(id, s)| format!("{id}={}", s.as_str()))
                .collect()
        })
        .unwrap_or_default();
    severities.sort();
    line("severity overrides", list(&severities));
    line(
        "path overrides",
        settings
            .config
            .as_ref()
            .map_or(0, |c| c.overrides.len())
            .to_string(),
    );
    line("exclude", list(&opts.exclude));
    let (include_cfg, exclude_cfg) = raw
        .as_ref()
        .map(|r| (strings(&r.include), strings(&r.exclude)))
        .unwrap_or_default();
    line("config include", list(&include_cfg));
    line("config exclude", list(&exclude_cfg));
    line("force exclude", opts.force_exclude.to_string());
    line(
        "respect gitignore",
        (!opts.no_respect_gitignore).to_string(),
    );
    line(
        "kind",
        opts.kind
            .map_or_else(|| "by file name".to_owned(), |k| k.as_str().to_owned()),
    );
    line("format", name(&args.format));
    line(
        "output",
        args.output.as_ref().map_or_else(
            || "stdout".to_owned(),
            |p| escape_path(&p.to_string_lossy()),
        ),
    );
    line("fail on", name(&effective_fail_on(args)));
    line("min severity", name(&args.min_severity));
    line("min confidence", name(&args.min_confidence));
    line("max file size", format!("{} bytes", settings.size_limit));
    line(
        "max findings per rule",
        settings.limits.per_rule.to_string(),
    );
    line("max findings", settings.limits.per_run.to_string());
    line("strict", opts.strict.to_string());
    line(
        "baseline",
        settings
            .baseline
            .as_ref()
            .map_or_else(|| "none".to_owned(), |(_, n)| escape_path(n)),
    );
    line(
        "diff base",
        opts.diff_base
            .as_deref()
            .map_or_else(|| "none".to_owned(), escape_one_line),
    );
    line("boundary markers", list(&settings.boundary_markers));
    line(
        "tool result budget",
        format!("{} tokens", settings.tool_result_budget),
    );
    out
}

/// `--fail-on`, or `never` under `--exit-zero`.
pub(super) fn effective_fail_on(args: &CheckArgs) -> crate::report::FailOn {
    if args.exit_zero {
        crate::report::FailOn::Never
    } else {
        args.fail_on
    }
}

//! `promptlint rules` and `promptlint explain`.

use crate::report::Exit;
use std::process::ExitCode;

use crate::cli::{ExplainArgs, RulesArgs, TextFormatArg};
use crate::rules::Catalog;

use super::output::emit;

pub(super) fn run_rules(args: &RulesArgs) -> ExitCode {
    // Read at build time: the listing parses no rule.
    let rows = crate::rules::catalog::builtin_rows();
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
        TextFormatArg::Human => crate::rules::catalog::table(&rows),
    };
    if emit(&text) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(Exit::Error)
    }
}

pub(super) fn run_explain(args: &ExplainArgs) -> ExitCode {
    match Catalog::builtin().get(&args.rule) {
        Some(rule) => {
            if emit(&crate::rules::docs::explain(rule)) {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(Exit::Error)
            }
        }
        None => {
            eprintln!(
                "error: no rule has the id or name `{}` (see `promptlint rules`)",
                crate::escape::escape_one_line(&args.rule)
            );
            ExitCode::from(Exit::Error)
        }
    }
}

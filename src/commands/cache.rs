//! `promptlint cache`.

use crate::report::Exit;
use std::process::ExitCode;

use crate::cli::{CacheArgs, StablePart, TextFormatArg};
use crate::escape::{escape_one_line, escape_path};

use super::output::emit;

/// `promptlint cache`: streams each log, printing each conversation as it closes. Exit 1 when
/// a turn after the first is broken, 2 when a log cannot be read (JSON then lists it under
/// `errors`).
pub(super) fn run_cache(args: &CacheArgs) -> ExitCode {
    let opts = crate::cache::CacheOptions {
        max_line_bytes: args.max_line_bytes,
        ..crate::cache::CacheOptions::default()
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
            crate::report::cache::JSON_VERSION
        ));
    }
    let mut on_conv = |c: crate::cache::Conversation| {
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
            format!("{sep}{}", crate::report::cache::json(&c))
        } else {
            format!("{}\n", crate::report::cache::human(&c))
        };
        ok &= emit(&text);
    };
    // One analyser for every log named: a conversation split across rotated logs stays one.
    let mut analyzer = crate::cache::Analyzer::new("", opts);
    for file in &args.files {
        let shown = if file.as_os_str() == "-" {
            "<stdin>".to_owned()
        } else {
            crate::discover::display_path(file)
        };
        let result = if file.as_os_str() == "-" {
            crate::cache::analyse_into(&mut analyzer, &shown, std::io::stdin().lock(), &mut on_conv)
                .map_err(|e| e.to_string())
        } else {
            // A log is streamed, so it has no size cap; only a regular file is opened (a FIFO
            // would block, a device never ends), stdin aside.
            match crate::bounds::open_regular(file) {
                Ok(f) => crate::cache::analyse_into(
                    &mut analyzer,
                    &shown,
                    std::io::BufReader::with_capacity(256 * 1024, f),
                    &mut on_conv,
                )
                .map_err(|e| crate::bounds::io_message(&e, file)),
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
        ok &= emit(&crate::report::escape_json_invisible(&tail));
    }
    if io_failed || bad_lines || !ok {
        ExitCode::from(Exit::Error)
    } else if any_broken {
        ExitCode::from(Exit::Findings)
    } else {
        ExitCode::SUCCESS
    }
}

/// What `--assert-stable` finds in a conversation: one line per turn and part that changed,
/// with the element path and the bytes before and after.
fn stability_violations(c: &crate::cache::Conversation, parts: &[StablePart]) -> Vec<String> {
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

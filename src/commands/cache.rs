//! `promptlint cache`.

use crate::report::Exit;
use std::io::Write as _;
use std::process::ExitCode;

use crate::cli::{CacheArgs, StablePart, TextFormatArg};
use crate::escape::{escape_one_line, escape_path};

use super::output::emit;

/// Most `--assert-stable` changes listed on stderr; the rest are counted.
const MAX_LISTED_CHANGES: usize = 100;

/// Where the human tables wait while the logs are read, so the summary can come first: an
/// anonymous temporary file (a large log's tables stay out of memory), or memory when no
/// temporary file can be made.
trait Spool: std::io::Read + std::io::Write + std::io::Seek {}
impl<T: std::io::Read + std::io::Write + std::io::Seek> Spool for T {}

fn spool() -> Box<dyn Spool> {
    match tempfile::tempfile() {
        Ok(f) => Box::new(f),
        Err(e) => {
            eprintln!(
                "warning: no temporary file for the tables ({}); they are kept in memory",
                escape_one_line(&e.to_string())
            );
            Box::new(std::io::Cursor::new(Vec::new()))
        }
    }
}

/// `promptlint cache`: streams each log. Human output is the run's summary first, then each
/// conversation's table (`--only-broken`: those with a break; `--quiet`: none), then on
/// stderr the `--assert-stable` changes. JSON lists the conversations as they close, then
/// the summary. Exit 1 when a turn after the first is broken (or a named part changed), 2
/// when a log cannot be read (JSON then lists it under `errors`).
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
    // Requests read whose response's usage could not be (never an error: the exit code keeps
    // its meaning), per log: the first ones listed, then the count.
    let mut notes: Vec<serde_json::Value> = Vec::new();
    let mut first = true;
    let mut ok = true;
    let mut totals = crate::report::cache::Totals {
        logs: args.files.len(),
        ..Default::default()
    };
    let (mut changes, mut changes_total) = (Vec::new(), 0usize);
    let mut tables = (!json && !args.quiet).then(spool);
    let mut listed = 0u64;
    if json {
        ok &= emit(&format!(
            "{{\"version\":{},\"conversations\":[",
            crate::report::cache::JSON_VERSION
        ));
    }
    let mut on_conv = |c: crate::cache::Conversation| {
        totals.add(&c);
        let broken = c.broken().next().is_some();
        match &args.assert_stable {
            None => any_broken |= broken,
            Some(parts) => {
                for v in stability_violations(&c, parts) {
                    any_broken = true;
                    changes_total += 1;
                    if changes.len() < MAX_LISTED_CHANGES {
                        changes.push(v);
                    }
                }
            }
        }
        if args.quiet || (args.only_broken && !broken) {
            return;
        }
        listed += 1;
        if json {
            let sep = if first { "" } else { "," };
            first = false;
            ok &= emit(&format!("{sep}{}", crate::report::cache::json(&c)));
        } else if let Some(t) = &mut tables {
            let sep = if listed > 1 { "\n" } else { "" };
            let text = format!("{sep}{}", crate::report::cache::human(&c));
            if let Err(e) = t.write_all(text.as_bytes()) {
                eprintln!(
                    "error: cannot write the tables: {}",
                    escape_one_line(&e.to_string())
                );
                ok = false;
            }
        }
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
                for n in &r.notes {
                    let message = escape_one_line(&n.message);
                    eprintln!("note: {}:{}: {message}", escape_path(&n.path), n.line);
                    notes.push(
                        serde_json::json!({"path": n.path, "line": n.line, "message": message}),
                    );
                }
                if r.notes_total > 0 {
                    let unlisted = r.notes_total - r.notes.len() as u64;
                    let message = format!(
                        "usage not read for {} of {} requests (provider cache figures read for {}){}",
                        r.notes_total,
                        r.requests,
                        r.usage_read,
                        if unlisted > 0 {
                            format!("; {unlisted} not listed")
                        } else {
                            String::new()
                        }
                    );
                    eprintln!("note: {}: {message}", escape_path(&shown));
                    notes.push(serde_json::json!({
                        "path": shown,
                        "message": message,
                        "count": r.notes_total,
                    }));
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
        // `errors` (the logs that could not be read) only when there are some.
        let errors: Vec<serde_json::Value> = unreadable.into_iter().chain(skipped).collect();
        let errors = if errors.is_empty() {
            String::new()
        } else {
            format!(",\"errors\":{}", serde_json::Value::Array(errors))
        };
        // `notes` (what could not be read of the requests read) only when there are some.
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!(",\"notes\":{}", serde_json::Value::Array(notes))
        };
        let tail = format!(
            "],\"summary\":{}{errors}{notes}}}\n",
            crate::report::cache::summary_json(&totals)
        );
        ok &= emit(&crate::report::escape_json_invisible(&tail));
    } else {
        let mut head = crate::report::cache::summary(&totals);
        if args.assert_stable.is_some() {
            head.push_str(&format!(
                "  --assert-stable: {changes_total} change{} of the named parts{}\n",
                if changes_total == 1 { "" } else { "s" },
                if changes_total == 0 {
                    ""
                } else {
                    ", listed on stderr"
                }
            ));
        }
        if listed > 0 {
            head.push('\n');
        }
        ok &= emit(&head);
        if let Some(t) = &mut tables {
            ok &= copy_to_stdout(t.as_mut());
        }
    }
    // The changes `--assert-stable` holds against, apart from the tables: after them, on
    // stderr.
    for v in &changes {
        eprintln!("error: {v}");
    }
    if changes_total > changes.len() {
        eprintln!(
            "error: and {} more changes of the named parts",
            changes_total - changes.len()
        );
    }
    if io_failed || bad_lines || !ok {
        ExitCode::from(Exit::Error)
    } else if any_broken {
        ExitCode::from(Exit::Findings)
    } else {
        ExitCode::SUCCESS
    }
}

/// Copies the spooled tables to stdout from their start.
fn copy_to_stdout(t: &mut dyn Spool) -> bool {
    if let Err(e) = t.seek(std::io::SeekFrom::Start(0)) {
        eprintln!(
            "error: cannot read the tables back: {}",
            escape_one_line(&e.to_string())
        );
        return false;
    }
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        match t.read(&mut buf) {
            Ok(0) => {
                // Before the `--assert-stable` lines on stderr.
                let _ = std::io::stdout().flush();
                return true;
            }
            Ok(n) => {
                // The tables are written from Strings, and a read may split a char: emit the
                // bytes as they are.
                let mut out = std::io::stdout().lock();
                match out.write_all(&buf[..n]) {
                    Ok(()) => {}
                    Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return true,
                    Err(e) => {
                        eprintln!("error: cannot write output: {e}");
                        return false;
                    }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => {
                eprintln!(
                    "error: cannot read the tables back: {}",
                    escape_one_line(&e.to_string())
                );
                return false;
            }
        }
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

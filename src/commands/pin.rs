//! `promptlint mcp pin`.

use crate::report::Exit;
use std::io::Write;
use std::process::ExitCode;

use crate::cli::TextFormatArg;
use crate::escape::escape_one_line;

use super::output::emit;

/// `promptlint mcp pin`: writes the lock, or with `--check` compares the dumps with it.
pub(super) fn run_pin(args: &crate::cli::PinArgs) -> ExitCode {
    use crate::pin::{Drift, Lock, drift, pins_of};
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
        let shown = crate::discover::display_path(file);
        let limit = crate::bounds::DEFAULT_MAX_FILE_SIZE;
        let text = match crate::bounds::read_at_most(file, limit) {
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
                fail(&shown, crate::escape::escape_one_line(&why));
                failed = true;
            }
        }
        texts.push((shown, text));
    }
    let lock_shown = crate::discover::display_path(&args.lock);
    let only: Vec<crate::pin::Pin> = pins.iter().map(|(_, p)| p.clone()).collect();
    if !args.check {
        if failed {
            eprintln!("error: {lock_shown} not written: a dump could not be read");
            return ExitCode::from(Exit::Error);
        }
        let lock = Lock::of(&only);
        if let Err(e) = write_lock(&args.lock, lock.to_json().as_bytes()) {
            eprintln!("error: cannot write {lock_shown}: {e}");
            return ExitCode::from(Exit::Error);
        }
        eprintln!("pinned {} tools in {lock_shown}", lock.tools.len());
        return ExitCode::SUCCESS;
    }
    let lock = match crate::bounds::read_at_most(&args.lock, crate::bounds::DEFAULT_MAX_FILE_SIZE) {
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
            return ExitCode::from(Exit::Error);
        }
    };
    let drifts = drift(&lock, &only);
    // Where each pin came from, for positions.
    let place = |p: &crate::pin::Pin| {
        let (at, _) = pins
            .iter()
            .find(|(_, q)| q == p)
            .map_or((0, p), |(i, q)| (*i, q));
        let (shown, text) = &texts[at];
        let lines = crate::source::LineIndex::new(text);
        let at = crate::source::floor_char_boundary(text, p.span.start.min(text.len()));
        let pos = lines.position(text, at);
        (shown.clone(), pos.line, pos.column)
    };
    let esc = crate::escape::escape_one_line;
    let mut json_items = Vec::new();
    let mut out = String::new();
    for d in &drifts {
        match d {
            Drift::Changed {
                now,
                locked,
                fields,
                more,
            } => {
                let (path, line, col) = place(now);
                out.push_str(&format!(
                    "{path}:{line}:{col}: tool `{}` of server `{}` changed since it was pinned in {lock_shown}\n",
                    esc(&now.tool), esc(&now.server)
                ));
                out.push_str(&field_lines(locked, fields, *more));
                let fields_json: Vec<serde_json::Value> = fields
                    .iter()
                    .map(|f| serde_json::json!({"field": f.field, "change": f.kind(), "was": f.was, "now": f.now}))
                    .collect();
                json_items.push(serde_json::json!({"change":"changed","server":now.server,"tool":now.tool,"path":path,"line":line,"column":col,"locked_sha256":locked.sha256,"sha256":now.sha256,"fields":fields_json,"more_fields":more}));
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
            let count = |f: fn(&Drift) -> bool| drifts.iter().filter(|d| f(d)).count();
            let changed = count(|d| matches!(d, Drift::Changed { .. }));
            let added = count(|d| matches!(d, Drift::Added(_)));
            let removed = count(|d| matches!(d, Drift::Removed(_)));
            format!(
                "{changed} changed, {added} added, {removed} removed since {lock_shown} ({} tools listed): review them, then pin again with `promptlint mcp pin`\n",
                only.len()
            )
        };
        emit(&out) && emit(&summary)
    };
    if failed || !ok {
        ExitCode::from(Exit::Error)
    } else if drifts.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(Exit::Findings)
    }
}

/// What changed in one tool, indented under its line: a text as its two versions cut to the
/// change (`-` the pinned one, `+` the current one), any other value inline.
fn field_lines(
    locked: &crate::pin::LockEntry,
    fields: &[crate::pin::FieldChange],
    more: usize,
) -> String {
    use serde_json::Value;
    if locked.definition.is_none() {
        return "  the lock holds only hashes (version 1): pin again to record the definitions, and --check will say what changed\n".to_owned();
    }
    // A value on one line, escaped and cut (a schema can be long).
    let inline = |v: &Value| crate::escape::truncate_chars(&escape_one_line(&v.to_string()), 200);
    let mut out = String::new();
    for f in fields {
        let field = escape_one_line(&f.field);
        match (&f.was, &f.now) {
            (Some(Value::String(a)), Some(Value::String(b))) => {
                let (a, b) = crate::pin::text_change(a, b);
                out.push_str(&format!("  {field} changed:\n    - {a}\n    + {b}\n"));
            }
            (Some(a), Some(b)) => {
                out.push_str(&format!(
                    "  {field} changed: {} -> {}\n",
                    inline(a),
                    inline(b)
                ));
            }
            (None, Some(b)) => out.push_str(&format!("  {field} added: {}\n", inline(b))),
            (Some(a), None) => out.push_str(&format!("  {field} removed: was {}\n", inline(a))),
            (None, None) => {}
        }
    }
    if more > 0 {
        out.push_str(&format!("  and {more} more changed fields\n"));
    }
    out
}

/// Writes the lock atomically: over an existing file as `--fix` does, else a temporary file in
/// the same folder renamed into place.
fn write_lock(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    if path.exists() {
        return crate::fix::write_atomic(path, bytes);
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

//! `promptlint init`.

use crate::report::Exit;
use std::io::Write;
use std::process::ExitCode;

use crate::cli::InitArgs;
use crate::escape::{escape_one_line, escape_path};

use super::output::emit;

pub(super) fn run_init(args: &InitArgs) -> ExitCode {
    if let Some(agent) = args.hooks {
        return if emit(&crate::hook::settings_entry(agent)) {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(Exit::Error)
        };
    }
    let path = args.dir.join(".promptlint.yaml");
    let shown = escape_path(&crate::discover::display_path(&path));
    for name in crate::config::FILE_NAMES {
        let existing = args.dir.join(name);
        if existing.exists() {
            eprintln!(
                "error: {} already exists; init never overwrites a config",
                escape_path(&crate::discover::display_path(&existing))
            );
            return ExitCode::from(Exit::Error);
        }
    }
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .and_then(|mut f| f.write_all(crate::init::STARTER.as_bytes()));
    if let Err(e) = written {
        eprintln!(
            "error: cannot write {shown}: {}",
            escape_one_line(&e.to_string())
        );
        return ExitCode::from(Exit::Error);
    }
    if emit(&crate::init::message(&shown)) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(Exit::Error)
    }
}

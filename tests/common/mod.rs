//! Shared helpers of the integration tests: one command builder for the built binary, with an
//! environment that does not depend on the machine, and a path redactor for snapshots.
//!
//! Each test binary uses a different subset of these helpers.

// Test code: a failed unwrap is a failed test; helpers are `pub` for the test files.
#![allow(clippy::unwrap_used, unreachable_pub)]
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// Columns the binary sees (`COLUMNS`), so wrapping never depends on the terminal.
pub const COLUMNS: &str = "100";

/// A `Command` for the built `promptlint` binary with a scrubbed environment: no inherited
/// `PROMPTLINT_*` variable, `NO_COLOR=1`, `COLUMNS` fixed, a UTF-8 locale, no forced color,
/// short panics, no global gitignore.
pub fn promptlint() -> Command {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin!("promptlint"));
    for (key, _) in std::env::vars_os() {
        let key = key.to_string_lossy();
        if key.starts_with("PROMPTLINT_")
            || matches!(
                key.as_ref(),
                "CLICOLOR"
                    | "CLICOLOR_FORCE"
                    | "FORCE_COLOR"
                    | "TERM"
                    | "COLUMNS"
                    | "LC_ALL"
                    | "LC_CTYPE"
            )
        {
            cmd.env_remove(key.as_ref());
        }
    }
    // The walker reads the user's global gitignore (core.excludesFile, found through HOME and
    // XDG_CONFIG_HOME): point both at a folder that does not exist, so a developer's own
    // ignore patterns cannot change what the tests see.
    let no_home = std::env::temp_dir().join("promptlint-tests-no-home");
    cmd.env("NO_COLOR", "1")
        .env("COLUMNS", COLUMNS)
        // A UTF-8 locale: the human output is ASCII only under one that is not.
        .env("LANG", "C.UTF-8")
        .env("RUST_BACKTRACE", "0")
        .env("HOME", &no_home)
        .env("XDG_CONFIG_HOME", &no_home)
        .env("GIT_CONFIG_NOSYSTEM", "1");
    cmd
}

/// The crate's `fixtures/` folder.
pub fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// Replaces every spelling of each `(path, placeholder)` pair in `text`: the path as given,
/// its canonical form (temp dirs are often behind a symlink), and both with the separators a
/// JSON string or Windows would use. Longer paths are replaced first, so a path inside another
/// keeps the longer match.
pub fn redact(text: &str, pairs: &[(&Path, &str)]) -> String {
    let mut forms: Vec<(String, &str)> = Vec::new();
    for (path, placeholder) in pairs {
        let mut spellings = vec![path.to_path_buf()];
        if let Ok(c) = std::fs::canonicalize(path) {
            spellings.push(c);
        }
        for p in spellings {
            let s = p.to_string_lossy().into_owned();
            forms.push((s.replace('\\', "\\\\"), placeholder));
            forms.push((s.replace('\\', "/"), placeholder));
            forms.push((s, placeholder));
        }
    }
    forms.sort_by_key(|f| (std::cmp::Reverse(f.0.len()), f.0.clone()));
    forms.dedup();
    let mut out = text.to_owned();
    for (from, to) in forms {
        if !from.is_empty() {
            out = out.replace(&from, to);
        }
    }
    out
}

/// The output of a finished command as text, with its exit code.
#[derive(Debug)]
pub struct Run {
    /// Exit code (`None` when killed by a signal).
    pub code: Option<i32>,
    /// Standard output, lossily decoded.
    pub stdout: String,
    /// Standard error, lossily decoded.
    pub stderr: String,
}

/// Runs `cmd` and collects its output; fails the test if it does not finish in 60 seconds.
pub fn run(cmd: &mut Command) -> Run {
    let out = cmd
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .expect("the binary runs");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Runs `promptlint check --format json ARGS` in `dir` and parses the report.
pub fn check_json(dir: &Path, args: &[&str]) -> (Option<i32>, serde_json::Value) {
    let r = run(promptlint()
        .current_dir(dir)
        .args(["check", "--format", "json"])
        .args(args));
    let v = serde_json::from_str(&r.stdout).unwrap_or_else(|e| {
        panic!(
            "no JSON ({e}); exit {:?}\nstdout:\n{}\nstderr:\n{}",
            r.code, r.stdout, r.stderr
        )
    });
    (r.code, v)
}

/// `(path, rule, severity, line, column)` of every finding of a JSON report, in output order.
pub fn brief(report: &serde_json::Value) -> Vec<(String, String, String, u64, u64)> {
    report["findings"]
        .as_array()
        .expect("findings is an array")
        .iter()
        .map(|f| {
            (
                f["path"].as_str().unwrap().to_owned(),
                f["rule"].as_str().unwrap().to_owned(),
                f["severity"].as_str().unwrap().to_owned(),
                f["start"]["line"].as_u64().unwrap(),
                f["start"]["column"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// One expected row of [`brief`].
pub fn row(
    path: &str,
    rule: &str,
    sev: &str,
    line: u64,
    col: u64,
) -> (String, String, String, u64, u64) {
    (path.to_owned(), rule.to_owned(), sev.to_owned(), line, col)
}

/// Writes `bytes` to `dir/rel`, creating parent folders.
pub fn write(dir: &Path, rel: &str, bytes: impl AsRef<[u8]>) {
    let p = dir.join(rel);
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(p, bytes).unwrap();
}

/// True when the tests run as root (who can read a file whatever its mode).
pub fn is_root() -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        // The owner of a file we just created is our effective user id.
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("probe");
        std::fs::write(&p, b"").unwrap();
        std::fs::metadata(&p).unwrap().uid() == 0
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// Runs `git ARGS` in `dir` with a fixed committer and no signing, and fails the test when
/// git fails.
pub fn git(dir: &Path, args: &[&str]) {
    let out = std::process::Command::new("git")
        .current_dir(dir)
        .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
        .args(["-c", "commit.gpgsign=false"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

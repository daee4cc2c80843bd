//! Issue 35: the integrations run before the first release exists. The GitHub Action's own
//! script, taken from `action.yml`, with the README's example arguments and the real binary;
//! `dist/install.sh` when the release is missing (a clear message, exit 3, or a build of a
//! checkout with cargo); the README's local pre-commit hook with the real pre-commit client.
//! Nothing here touches the network: releases are file:// folders.

// Test code: a failed unwrap is a failed test; helpers are `pub` for the test files.
#![allow(clippy::unwrap_used, unreachable_pub)]

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use common::{git, write};

const MANIFEST_DIR: &str = env!("CARGO_MANIFEST_DIR");

fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_promptlint"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn readme() -> String {
    std::fs::read_to_string(Path::new(MANIFEST_DIR).join("README.md")).unwrap()
}

/// The fenced blocks of the README whose info string is `lang`.
fn fences(text: &str, lang: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur: Option<String> = None;
    for line in text.lines() {
        match &mut cur {
            None if line.trim_start() == format!("```{lang}") => cur = Some(String::new()),
            Some(body) if line.trim_start() == "```" => {
                out.push(std::mem::take(body));
                cur = None;
            }
            Some(body) => {
                body.push_str(line);
                body.push('\n');
            }
            None => {}
        }
    }
    out
}

/// The `run:` script of the action's step with `id`.
fn action_step(id: &str) -> String {
    let text = std::fs::read_to_string(Path::new(MANIFEST_DIR).join("action.yml")).unwrap();
    let action: Value = serde_saphyr::from_str(&text).unwrap();
    action["runs"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id)
        .and_then(|s| s["run"].as_str())
        .unwrap_or_else(|| panic!("action.yml has no step `{id}` with a `run:` script"))
        .to_owned()
}

/// The `args:` of the README's workflow that uses the action.
fn readme_action_args() -> String {
    let workflow = fences(&readme(), "yaml")
        .into_iter()
        .find(|f| f.contains("uses: promptlint/promptlint@") && f.contains("args: --exclude"))
        .expect("the README's workflow that passes --exclude to the action");
    let v: Value = serde_saphyr::from_str(&workflow).unwrap();
    let steps = v["jobs"]["promptlint"]["steps"].as_array().unwrap();
    let step = steps
        .iter()
        .find(|s| {
            s["uses"]
                .as_str()
                .is_some_and(|u| u.starts_with("promptlint/promptlint@"))
        })
        .unwrap();
    step["with"]["args"].as_str().unwrap().to_owned()
}

/// Runs the action's `check` step as the runner does (`bash --noprofile --norc -eo pipefail
/// FILE`, https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-syntax#jobsjob_idstepsshell),
/// in a workspace whose `promptlint` is a wrapper that records its arguments (one per line,
/// NUL-separated) and runs the real binary. Returns the script's output, the arguments
/// promptlint received (`None` when it did not run) and the step's `GITHUB_OUTPUT`.
fn run_check_step(
    workspace: &Path,
    args: &str,
    paths: &str,
) -> (Output, Option<Vec<String>>, String) {
    let dir = workspace.parent().unwrap();
    let tools = dir.join("tools");
    let runner_temp = dir.join("runner-temp");
    std::fs::create_dir_all(&tools).unwrap();
    std::fs::create_dir_all(&runner_temp).unwrap();
    let log = dir.join("argv");
    let _ = std::fs::remove_file(&log);
    let wrapper = tools.join("promptlint");
    std::fs::write(
        &wrapper,
        format!(
            "#!/usr/bin/env bash\nprintf '%s\\0' \"$@\" > '{}'\nexec '{}' \"$@\"\n",
            log.display(),
            bin().display()
        ),
    )
    .unwrap();
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let script = dir.join("check-step.sh");
    std::fs::write(&script, action_step("check")).unwrap();
    let output = dir.join("github-output");
    std::fs::write(&output, "").unwrap();
    let path = format!(
        "{}:{}",
        tools.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let o = Command::new("bash")
        .args(["--noprofile", "--norc", "-eo", "pipefail"])
        .arg(&script)
        .current_dir(workspace)
        .env("PATH", path)
        .env("INPUT_PATHS", paths)
        .env("INPUT_FAIL_ON", "warning")
        .env("INPUT_ARGS", args)
        .env("INPUT_SARIF_FILE", "promptlint.sarif")
        .env("GITHUB_OUTPUT", &output)
        .env("RUNNER_TEMP", &runner_temp)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    // The step also writes the same run's markdown report for the job summary: checked here
    // and taken out, so the tests below compare the words that come from the inputs.
    let summary = runner_temp.join("promptlint-summary.md");
    let argv = std::fs::read(&log).ok().map(|b| {
        let mut words: Vec<String> = text(&b).split_terminator('\0').map(str::to_owned).collect();
        let at = words.iter().position(|w| w == "--markdown-file");
        let at = at.expect("the step writes the markdown summary");
        assert_eq!(words[at + 1], summary.display().to_string());
        words.drain(at..at + 2);
        words
    });
    (o, argv, std::fs::read_to_string(&output).unwrap())
}

/// A workspace with a clean AGENTS.md and, under `fixtures/`, one with a bidi override
/// (PL201, an error).
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("ws");
    write(
        &ws,
        "AGENTS.md",
        "# Agents\n\nRun the tests before pushing.\n",
    );
    write(
        &ws,
        "fixtures/AGENTS.md",
        "# Agents\n\nRelease: \u{202E}txt.exe\u{202C} is the artifact.\n",
    );
    dir
}

#[cfg(unix)]
#[test]
fn the_actions_script_passes_the_readme_args_as_words_without_their_quotes() {
    let args = readme_action_args();
    assert_eq!(args, "--exclude 'fixtures/**'");
    let dir = workspace();
    let ws = dir.path().join("ws");
    let (o, argv, output) = run_check_step(&ws, &args, ".");
    assert!(o.status.success(), "{}{}", text(&o.stdout), text(&o.stderr));
    assert_eq!(
        argv.unwrap(),
        [
            "check",
            "--sarif-file",
            "promptlint.sarif",
            "--fail-on",
            "warning",
            "--exclude",
            "fixtures/**",
            "."
        ]
    );
    // The exclusion took: the fixture's error is not reported.
    assert_eq!(output, "exit-code=0\n");
    let sarif: Value =
        serde_json::from_str(&std::fs::read_to_string(ws.join("promptlint.sarif")).unwrap())
            .unwrap();
    assert_eq!(sarif["runs"][0]["results"], Value::Array(Vec::new()));

    // Without it, the fixture fails the check (exit code 1, kept for the last step).
    let (o, argv, output) = run_check_step(&ws, "", ".");
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(argv.unwrap()[5..], ["."]);
    assert_eq!(output, "exit-code=1\n");
}

#[cfg(unix)]
#[test]
fn the_actions_script_splits_quotes_and_lines_but_expands_and_runs_nothing() {
    let dir = workspace();
    let ws = dir.path().join("ws");
    write(&ws, "my docs/AGENTS.md", "# Docs\n\nKeep it short.\n");
    let (_, argv, _) = run_check_step(
        &ws,
        "--exclude \"fixtures/**\"\n--exclude $HOME/* $(touch pwned) `touch pwned2`; touch pwned3",
        "'my docs' AGENTS.md",
    );
    assert_eq!(
        argv.unwrap()[5..],
        [
            "--exclude",
            "fixtures/**",
            "--exclude",
            "$HOME/*",
            "$(touch",
            "pwned)",
            "`touch",
            "pwned2`;",
            "touch",
            "pwned3",
            "my docs",
            "AGENTS.md"
        ]
    );
    for f in ["pwned", "pwned2", "pwned3"] {
        assert!(!ws.join(f).exists(), "{f} was created");
    }
    // An unmatched quote fails the step before promptlint runs.
    let (o, argv, output) = run_check_step(&ws, "--exclude 'fixtures/**", ".");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stdout).contains(
            "::error title=promptlint::cannot split the args and paths inputs into words"
        ),
        "{}",
        text(&o.stdout)
    );
    assert_eq!(argv, None);
    assert_eq!(output, "");
}

fn install(dest: &Path, release: &Path, source: Option<&Path>, extra_path: &[&Path]) -> Output {
    let mut path = std::env::var_os("PATH").unwrap_or_default();
    if !extra_path.is_empty() {
        let mut dirs: Vec<PathBuf> = extra_path.iter().map(|p| p.to_path_buf()).collect();
        dirs.extend(std::env::split_paths(&path));
        path = std::env::join_paths(dirs).unwrap();
    }
    let mut cmd = Command::new("bash");
    cmd.arg(Path::new(MANIFEST_DIR).join("dist/install.sh"))
        .arg("0.1.0")
        .arg(dest)
        .arg(format!("file://{}", release.display()))
        .env("RUNNER_OS", "Linux")
        .env("RUNNER_ARCH", "X64")
        .env("PATH", path)
        .env_remove("GITHUB_PATH")
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("PROMPTLINT_SOURCE");
    if let Some(s) = source {
        cmd.env("PROMPTLINT_SOURCE", s);
    }
    cmd.output().unwrap()
}

#[cfg(unix)]
#[test]
fn install_script_says_how_to_build_when_the_release_does_not_exist() {
    let dir = tempfile::tempdir().unwrap();
    let release = dir.path().join("releases");
    std::fs::create_dir(&release).unwrap();
    let dest = dir.path().join("bin");
    let o = install(&dest, &release, None, &[]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o.stderr));
    let url = format!(
        "file://{}/v0.1.0/promptlint-x86_64-unknown-linux-musl.tar.gz",
        release.display()
    );
    let messages: Vec<String> = text(&o.stderr)
        .lines()
        .filter(|l| l.starts_with("promptlint: "))
        .map(str::to_owned)
        .collect();
    assert_eq!(
        messages,
        [
            format!(
                "promptlint: release v0.1.0 has no archive for x86_64-unknown-linux-musl ({url}): it is not published"
            ),
            "promptlint: build it from source instead (Rust 1.89 or newer), at a commit you choose:"
                .to_owned(),
            "promptlint:   cargo install --locked --git https://github.com/promptlint/promptlint --rev COMMIT"
                .to_owned(),
            format!(
                "promptlint: or set PROMPTLINT_SOURCE to a checkout of promptlint to build that one into {}",
                dest.display()
            ),
        ]
    );
    assert!(!dest.exists());
    // A source folder that is no crate is refused, not built.
    let o = install(&dest, &release, Some(dir.path()), &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains(&format!(
            "promptlint: PROMPTLINT_SOURCE={} holds no Cargo.toml",
            dir.path().display()
        )),
        "{}",
        text(&o.stderr)
    );
}

/// The fallback builds for real: a checkout (here a crate of one `main` that names itself)
/// goes through `cargo install --locked --path` into DEST. No dependency, so cargo stays
/// offline.
#[cfg(unix)]
#[test]
fn install_script_builds_the_source_checkout_when_the_release_does_not_exist() {
    let dir = tempfile::tempdir().unwrap();
    let release = dir.path().join("releases");
    std::fs::create_dir(&release).unwrap();
    let src = dir.path().join("checkout");
    write(
        &src,
        "Cargo.toml",
        "[package]\nname = \"promptlint\"\nversion = \"0.0.1\"\nedition = \"2021\"\n\n[workspace]\n",
    );
    write(
        &src,
        "Cargo.lock",
        "# This file is automatically @generated by Cargo.\n# It is not intended for manual editing.\nversion = 4\n\n[[package]]\nname = \"promptlint\"\nversion = \"0.0.1\"\n",
    );
    write(
        &src,
        "src/main.rs",
        "fn main() { println!(\"promptlint built from the checkout\"); }\n",
    );
    let dest = dir.path().join("bin");
    let o = install(&dest, &release, Some(&src), &[]);
    let err = text(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains(&format!(
            "promptlint: building promptlint from {} with cargo instead (a few minutes)",
            src.display()
        )),
        "{err}"
    );
    assert_eq!(
        text(&o.stdout).trim_end(),
        format!(
            "promptlint built from {} and installed in {}",
            src.display(),
            dest.display()
        )
    );
    let run = Command::new(dest.join("promptlint")).output().unwrap();
    assert_eq!(text(&run.stdout), "promptlint built from the checkout\n");
    // The build happened in a temporary target folder, not in the checkout.
    assert!(!src.join("target").exists());
}

/// The README's local pre-commit hook, as written, with the real pre-commit client and the
/// binary under test first on `PATH`: it fails on a bidi override and passes once fixed.
#[cfg(unix)]
#[test]
fn readme_local_pre_commit_hook_runs_the_installed_binary() {
    let cmd: Vec<&str> = match Command::new("pre-commit").arg("--version").output() {
        Ok(o) if o.status.success() => vec!["pre-commit"],
        _ => match Command::new("python3")
            .args(["-m", "pre_commit", "--version"])
            .output()
        {
            Ok(o) if o.status.success() => vec!["python3", "-m", "pre_commit"],
            _ => {
                println!("skipped: the pre-commit client is not installed");
                return;
            }
        },
    };
    let config = fences(&readme(), "yaml")
        .into_iter()
        .find(|f| f.contains("- repo: local"))
        .expect("the README's local pre-commit hook");
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path().join("repo");
    let home = dir.path().join("pre-commit-home");
    std::fs::create_dir(&repo).unwrap();
    git(&repo, &["init", "-q"]);
    write(&repo, ".pre-commit-config.yaml", &config);
    write(
        &repo,
        "AGENTS.md",
        "# Agents\n\nRelease: \u{202E}txt.exe\u{202C} is the artifact.\n",
    );
    git(&repo, &["add", "-A"]);
    let path = std::env::join_paths(
        std::iter::once(bin().parent().unwrap().to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let run = || {
        Command::new(cmd[0])
            .args(&cmd[1..])
            .args(["run", "--all-files"])
            .current_dir(&repo)
            .env("PATH", &path)
            .env("PRE_COMMIT_HOME", &home)
            .env("PRE_COMMIT_COLOR", "never")
            .env_remove("PRE_COMMIT")
            .output()
            .unwrap()
    };
    let o = run();
    let out = format!("{}{}", text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("PL201") && out.contains("AGENTS.md"), "{out}");
    write(
        &repo,
        "AGENTS.md",
        "# Agents\n\nRelease: exe.txt is the artifact.\n",
    );
    git(&repo, &["add", "-A"]);
    let o = run();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    assert!(text(&o.stdout).contains("Passed"), "{}", text(&o.stdout));
}

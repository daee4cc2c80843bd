//! The Python API's pytest suite (`crates/promptlint-python/tests/`), run on the built
//! `promptlint-api` wheel: `PROMPTLINT_API_PYTHON` names an interpreter that has the wheel and
//! pytest installed (.ci/run builds the wheel with maturin and installs both into a fresh
//! venv). Without the variable the test is skipped, with the reason printed. The suite gets
//! this build's binary as `PROMPTLINT_BIN` and compares the API's findings with `promptlint
//! check --format json` on the same bytes.

// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use std::process::Command;

#[test]
fn python_api_pytest_suite_passes_on_the_built_wheel() {
    let Some(python) = std::env::var_os("PROMPTLINT_API_PYTHON") else {
        println!(
            "skipped: PROMPTLINT_API_PYTHON names no interpreter with the promptlint-api wheel \
             and pytest (.ci/run makes one)"
        );
        return;
    };
    let o = Command::new(python)
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg("crates/promptlint-python/tests")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PROMPTLINT_BIN", env!("CARGO_BIN_EXE_promptlint"))
        .env_remove("PYTHONPATH")
        .output()
        .unwrap();
    let out = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    println!("{out}");
    assert!(o.status.success(), "pytest failed:\n{out}");
}

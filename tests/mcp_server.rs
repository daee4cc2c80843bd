//! `promptlint mcp serve` driven by a real MCP client: runs `tests/mcp_client/test_server.py`
//! (the official MCP Python SDK over stdio, with pytest) against the binary cargo built.
//!
//! Skipped, with a message saying why, when `python3` or its `mcp` and `pytest` packages are
//! missing, unless `PROMPTLINT_REQUIRE_MCP_CLIENT` is set (then it fails): `.ci/run` installs
//! them and runs the script itself too, against the wheel's binary.

#![allow(clippy::unwrap_used)]

use std::process::Command;

#[test]
fn the_official_python_client_drives_the_server() {
    let probe = Command::new("python3")
        .args(["-c", "import mcp, pytest"])
        .output();
    let missing = match &probe {
        Ok(out) if out.status.success() => None,
        Ok(out) => Some(String::from_utf8_lossy(&out.stderr).trim().to_owned()),
        Err(e) => Some(format!("python3: {e}")),
    };
    if let Some(why) = missing {
        assert!(
            std::env::var_os("PROMPTLINT_REQUIRE_MCP_CLIENT").is_none(),
            "the MCP client test is required, but: {why}"
        );
        eprintln!(
            "skipped: the MCP client test needs python3 with `mcp` and `pytest` \
             (`python3 -m pip install mcp pytest`): {why}"
        );
        return;
    }
    let dir = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("python3")
        .args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/mcp_client",
        ])
        .current_dir(dir)
        .env("PROMPTLINT_BIN", env!("CARGO_BIN_EXE_promptlint"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "pytest failed\n--- stdout\n{stdout}\n--- stderr\n{stderr}"
    );
    assert!(stdout.contains("passed"), "{stdout}");
}

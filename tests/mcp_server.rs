//! `promptlint mcp serve` driven by a real MCP client: runs `tests/mcp_client/test_server.py`
//! (the official MCP Python SDK over stdio, with pytest) against the binary cargo built.
//!
//! Skipped, with a message saying why, when `python3` or its `mcp` and `pytest` packages are
//! missing, unless `PROMPTLINT_REQUIRE_MCP_CLIENT` is set (then it fails): `.ci/run` installs
//! them and runs the script itself too, against the wheel's binary.

#![allow(clippy::unwrap_used)]

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

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

#[test]
fn raw_bad_input_gets_an_error_or_is_dropped_and_the_session_goes_on() {
    let root = tempfile::tempdir().unwrap();
    let mut lines: Vec<String> = Vec::new();
    let mut line = |v: Value| lines.push(v.to_string());
    line(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "raw", "version": "1"}}}),
    );
    line(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    // Over the message bound: dropped unread (no id can be read from it).
    let huge = "a".repeat(promptlint::mcp::MAX_MESSAGE_BYTES + 1);
    line(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "scan_text", "arguments": {"text": huge}}}));
    line(json!("not json"));
    line(json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
        "params": {"name": "scan_text", "arguments": "not an object"}}));
    line(json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"arguments": {}}}));
    line(json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call",
        "params": {"name": "scan_text", "arguments": {"text": "Run the tests."}}}));
    // A line that is not JSON at all: ignored.
    lines[3] = "this is not json".to_owned();
    let input = lines.join("\n") + "\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_promptlint"))
        .args(["mcp", "serve", "--root"])
        .arg(root.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    // Every line of stdout is a JSON-RPC message.
    let answers: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let ids: Vec<i64> = answers.iter().map(|a| a["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [1, 3, 4, 5], "{stdout}");
    for bad in &answers[1..3] {
        assert!(bad["error"]["code"].as_i64().unwrap() < 0, "{bad}");
    }
    let last = &answers[3]["result"];
    assert_eq!(last["isError"], false, "{last}");
    assert_eq!(last["structuredContent"]["findings"], json!([]));
}

#[test]
fn a_root_that_is_not_a_folder_is_an_error_before_the_session() {
    let out = Command::new(env!("CARGO_BIN_EXE_promptlint"))
        .args(["mcp", "serve", "--root", "/nonexistent/promptlint-root"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("error: --root /nonexistent/promptlint-root: "),
        "{stderr}"
    );
}

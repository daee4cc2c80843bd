//! Issue 31: the effects of parsed programs reach every output with their flow: the message
//! names the line that read the secret, and JSON and SARIF carry it as a related location.

use std::process::Command;

fn run(format: &str, folder: &str) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_promptlint"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures"))
        .args(["check", "--format", format, "--fail-on", "never", folder])
        .output()
        .expect("promptlint runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("output is JSON")
}

#[test]
fn a_flow_across_lines_is_one_finding_at_the_sink_with_its_source_related() {
    let sarif = run("sarif", "PL315-secret-sent-out");
    let results = sarif["runs"][0]["results"].as_array().expect("results");
    let flow = results
        .iter()
        .find(|r| {
            r["ruleId"] == "PL315"
                && r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                    .as_str()
                    .is_some_and(|u| u.ends_with("SKILL.md"))
        })
        .expect("the fenced flow is reported");
    assert_eq!(
        flow["message"]["text"],
        "the environment variables sent out by `curl` (read at line 17)"
    );
    let region = &flow["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (
            &region["startLine"],
            &region["startColumn"],
            &region["endLine"],
            &region["endColumn"]
        ),
        (
            &serde_json::json!(19),
            &serde_json::json!(1),
            &serde_json::json!(19),
            &serde_json::json!(51)
        )
    );
    let related = flow["relatedLocations"].as_array().expect("related");
    assert_eq!(related.len(), 1);
    assert_eq!(related[0]["id"], 0);
    assert_eq!(related[0]["message"]["text"], "what it sends is read here");
    let r = &related[0]["physicalLocation"]["region"];
    // `env` inside `CTX=$(env | grep -E 'KEY|TOKEN|SECRET')`, line 17.
    assert_eq!(
        (&r["startLine"], &r["startColumn"]),
        (&serde_json::json!(17), &serde_json::json!(7))
    );
    assert_eq!(
        (&r["endLine"], &r["endColumn"]),
        (&serde_json::json!(17), &serde_json::json!(10))
    );
    // The vendor's key sent to the vendor's own API (line 25) is not a flow.
    assert!(!results.iter().any(|r| r["ruleId"] == "PL315"
        && r["locations"][0]["physicalLocation"]["region"]["startLine"] == 25));
}

#[test]
fn json_carries_the_related_location_and_a_finding_without_one_omits_it() {
    let json = run("json", "PL315-secret-sent-out");
    let findings = json["findings"].as_array().expect("findings");
    let script = findings
        .iter()
        .find(|f| {
            f["rule"] == "PL315" && f["path"].as_str().is_some_and(|p| p.ends_with("report.py"))
        })
        .expect("the script's flow");
    assert_eq!(script["start"]["line"], 14);
    // `os.environ.items()` in the loop of `collect()`, line 8.
    assert_eq!(
        script["related"][0]["start"],
        serde_json::json!({"line": 8, "column": 24})
    );
    assert_eq!(
        script["related"][0]["byte_range"],
        serde_json::json!([82, 100])
    );
    let dump = findings
        .iter()
        .find(|f| f["rule"] == "PL302")
        .expect("PL302");
    assert!(dump.get("related").is_none());
}

#[test]
fn persistence_rules_grade_what_is_persisted() {
    let json = run("json", "PL318-cron-persistence");
    let got: Vec<(String, String, u64)> = json["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| {
            f["rule"]
                .as_str()
                .is_some_and(|r| ("PL318"..="PL322").contains(&r))
        })
        .map(|f| {
            (
                f["rule"].as_str().unwrap_or("").to_string(),
                f["severity"].as_str().unwrap_or("").to_string(),
                f["start"]["line"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    let want: Vec<(String, String, u64)> = [
        ("PL318", "error", 6),
        ("PL319", "error", 7),
        ("PL320", "error", 8),
        ("PL321", "note", 9),
        ("PL322", "note", 10),
        ("PL322", "note", 11),
    ]
    .iter()
    .map(|(r, s, l)| (r.to_string(), s.to_string(), *l))
    .collect();
    assert_eq!(got, want);
}

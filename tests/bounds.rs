//! Hostile inputs around the scan (issue 10, classes 5, 6 and 8): unbounded reads of the
//! config, rule files, baseline and cache logs; untrusted rule folders and error messages
//! that quote them; report files written through a guessable temporary name.

// Test code: a failed unwrap is a failed test; helpers are `pub` for the test files.
#![allow(clippy::unwrap_used, unreachable_pub)]

mod common;

use std::path::Path;

use common::{promptlint, write};

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

/// stderr with miette's margins and line wrapping undone.
fn flat(stderr: &str) -> String {
    stderr
        .replace(['│', '·'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `promptlint ARGS` in `dir`, failing the test when it does not end within 20 seconds
/// (a FIFO opened for reading blocks forever).
fn quick(dir: &Path, args: &[&str]) -> common::Run {
    let out = promptlint()
        .current_dir(dir)
        .args(args)
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .expect("the binary runs");
    common::Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

const RULE: &str = r#"id: PL190
name: internal-codename
family: injection
severity: warning
confidence: high
summary: Mentions the internal codename.
message: "internal codename: {match}"
help: |
  The codename must not reach agent files.
match:
  keywords: [bluejay]
  regex: ['\bbluejay\b']
examples:
  match:
    - "Deploy bluejay on Friday."
  no_match:
    - "Deploy the app on Friday."
"#;

#[cfg(unix)]
fn mkfifo(p: &Path) {
    let ok = std::process::Command::new("mkfifo")
        .arg(p)
        .status()
        .unwrap();
    assert!(ok.success());
}

// ------------------------------------------------------------ class 5: unbounded reads

#[cfg(unix)]
#[test]
fn class5_a_fifo_as_baseline_config_rule_file_or_cache_log_exits_2_at_once() {
    let d = tmp();
    write(d.path(), "AGENTS.md", "fine\n");
    let fifo = d.path().join("pipe");
    mkfifo(&fifo);
    let f = "pipe";
    let r = quick(d.path(), &["check", "--no-config", "--baseline", f, "."]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        flat(&r.stderr).contains(&format!(
            "cannot read the baseline {f}: not a regular file (a FIFO)"
        )),
        "{}",
        r.stderr
    );
    let r = quick(d.path(), &["check", "--config", f, "."]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        flat(&r.stderr).contains(&format!("cannot read {f}: not a regular file (a FIFO)")),
        "{}",
        r.stderr
    );
    let r = quick(d.path(), &["cache", f]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert_eq!(
        r.stderr,
        format!("error: {f}: not a regular file (a FIFO)\n")
    );
    // A FIFO in a rules folder.
    std::fs::create_dir(d.path().join("my-rules")).unwrap();
    mkfifo(&d.path().join("my-rules/PL190-internal-codename.yaml"));
    write(d.path(), ".promptlint.yaml", "rules_dirs: [my-rules]\n");
    let r = quick(d.path(), &["check", "."]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        flat(&r.stderr).contains(
            "cannot read my-rules/PL190-internal-codename.yaml: not a regular file (a FIFO)"
        ),
        "{}",
        r.stderr
    );
}

#[cfg(unix)]
#[test]
fn class5_a_fifo_ignore_file_does_not_stall_the_walk() {
    let d = tmp();
    write(d.path(), "AGENTS.md", "fine\n");
    write(d.path(), "sub/AGENTS.md", "fine\n");
    mkfifo(&d.path().join("sub/.gitignore"));
    let r = quick(d.path(), &["check", "--no-config", "."]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "error: sub/.gitignore: not a regular file (a FIFO); the folder that holds it is not walked\n0 findings (0 errors, 0 warnings, 0 notes) in 1 file scanned; 1 file could not be read\n"
    );
    std::fs::remove_file(d.path().join("sub/.gitignore")).unwrap();
    mkfifo(&d.path().join(".ignore"));
    let r = quick(d.path(), &["check", "--no-config", "."]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stdout.starts_with(
            "error: .ignore: not a regular file (a FIFO); the folder that holds it is not walked\n"
        ),
        "{}",
        r.stdout
    );
}

#[test]
fn class5_an_oversized_baseline_config_or_rule_file_exits_2() {
    let d = tmp();
    write(d.path(), "AGENTS.md", "fine\n");
    // Sparse files: nothing big is written.
    let big = |name: &str, len: u64| {
        let p = d.path().join(name);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::File::create(&p).unwrap().set_len(len).unwrap();
    };
    big("baseline.json", 64 * 1024 * 1024 + 1);
    let r = quick(
        d.path(),
        &["check", "--no-config", "--baseline", "baseline.json"],
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        flat(&r.stderr).contains(
            "cannot read the baseline baseline.json: larger than 67108864 bytes (the limit for a baseline)"
        ),
        "{}",
        r.stderr
    );
    big("big.yaml", 1024 * 1024 + 1);
    let r = quick(d.path(), &["check", "--config", "big.yaml"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        flat(&r.stderr)
            .contains("cannot read big.yaml: larger than 1048576 bytes (the limit for a config)"),
        "{}",
        r.stderr
    );
    big("my-rules/PL190-internal-codename.yaml", 1024 * 1024 + 1);
    write(d.path(), ".promptlint.yaml", "rules_dirs: [my-rules]\n");
    let r = quick(d.path(), &["check"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        flat(&r.stderr).contains(
            "cannot read my-rules/PL190-internal-codename.yaml: larger than 1048576 bytes (the limit for a rule file)"
        ),
        "{}",
        r.stderr
    );
}

#[test]
fn class5_a_size_limit_over_the_hard_maximum_is_a_usage_error() {
    let d = tmp();
    write(d.path(), "AGENTS.md", "fine\n");
    let r = quick(
        d.path(),
        &["check", "--max-file-size", "99999999999999", "."],
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr.contains(
            "invalid value '99999999999999' for '--max-file-size <BYTES>': 99999999999999 bytes is over the hard maximum of 134217728 bytes"
        ),
        "{}",
        r.stderr
    );
    let r = quick(d.path(), &["check", "--max-file-size", "134217728", "."]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let r = quick(
        d.path(),
        &["cache", "--max-line-bytes", "18446744073709551615", "-"],
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("18446744073709551615 bytes is over the hard maximum of 134217728 bytes"),
        "{}",
        r.stderr
    );
    write(
        d.path(),
        ".promptlint.yaml",
        "max_file_size: 99999999999999\n",
    );
    let r = quick(d.path(), &["check"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        flat(&r.stderr).contains(
            "`max_file_size` of 99999999999999 bytes is over the hard maximum of 134217728 bytes"
        ),
        "{}",
        r.stderr
    );
}

// ------------------------------------------------------------ class 6: untrusted rules

#[test]
fn class6_rules_dirs_outside_the_repository_are_refused() {
    let outside = tmp();
    write(
        outside.path(),
        "my-rules/PL190-internal-codename.yaml",
        RULE,
    );
    let d = tmp();
    let repo = d.path().join("repo");
    std::fs::create_dir_all(repo.join(".git")).unwrap();
    write(&repo, "AGENTS.md", "Deploy bluejay on Friday.\n");
    let abs = outside.path().join("my-rules");
    for dir in [abs.to_str().unwrap().to_owned(), "../..".to_owned()] {
        write(
            &repo,
            ".promptlint.yaml",
            format!("rules_dirs: [\"{dir}\"]\n"),
        );
        let r = quick(&repo, &["check"]);
        assert_eq!(r.code, Some(2), "{dir}: {}", r.stderr);
        assert!(
            flat(&r.stderr).contains(&format!(
                ".promptlint.yaml: `rules_dirs`: `{dir}` is outside the repository that holds the config"
            )),
            "{dir}: {}",
            r.stderr
        );
    }
    // A link inside the repository to a folder outside it is refused too.
    #[cfg(unix)]
    {
        std::fs::create_dir(repo.join("my-rules")).unwrap();
        std::os::unix::fs::symlink(&abs, repo.join("my-rules/shared")).unwrap();
        write(&repo, ".promptlint.yaml", "rules_dirs: [my-rules]\n");
        let r = quick(&repo, &["check"]);
        assert_eq!(r.code, Some(2), "{}", r.stderr);
        assert!(
            flat(&r.stderr).contains(
                "`rules_dirs`: my-rules/shared is outside the repository that holds the config"
            ),
            "{}",
            r.stderr
        );
    }
    // Inside the repository, above the config's folder, is fine.
    write(&repo, "shared/PL190-internal-codename.yaml", RULE);
    write(
        &repo,
        "sub/.promptlint.yaml",
        "rules_dirs: [\"../shared\"]\n",
    );
    write(&repo, "sub/AGENTS.md", "Deploy bluejay on Friday.\n");
    let r = quick(&repo, &["check", "sub"]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stdout.contains("PL190"), "{}", r.stdout);
}

#[test]
fn class6_a_yaml_error_in_a_rule_file_does_not_print_the_file() {
    let d = tmp();
    write(d.path(), "AGENTS.md", "fine\n");
    let secret = "AKIAIOSFODNN7EXAMPLESECRET";
    write(
        d.path(),
        "my-rules/PL190-internal-codename.yaml",
        format!(
            "aws_access_key_id: x\naws_secret_access_key: {secret}\nk: {}\n",
            "v".repeat(5000)
        ),
    );
    write(d.path(), ".promptlint.yaml", "rules_dirs: [my-rules]\n");
    let r = quick(d.path(), &["check"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        flat(&r.stderr).contains("unknown field `aws_access_key_id`"),
        "{}",
        r.stderr
    );
    assert!(
        flat(&r.stderr).contains("1 aws_access_key_id: x"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains(secret), "{}", r.stderr);
    assert!(!r.stdout.contains(secret), "{}", r.stdout);
    // A long line at fault is cut short.
    write(
        d.path(),
        "my-rules/PL190-internal-codename.yaml",
        format!("{}{secret}: 1\n", "x".repeat(200)),
    );
    let r = quick(d.path(), &["check"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(!r.stderr.contains(secret), "{}", r.stderr);
    assert!(r.stderr.len() < 2000, "{}", r.stderr);
}

#[test]
fn class6_strict_reads_no_rule_file_from_the_scanned_tree() {
    let d = tmp();
    write(d.path(), "AGENTS.md", "Deploy bluejay on Friday.\n");
    write(d.path(), "my-rules/PL190-internal-codename.yaml", RULE);
    let outside = tmp();
    let rules = d.path().join("my-rules");
    write(
        outside.path(),
        "base.yaml",
        format!("rules_dirs: [\"{}\"]\n", rules.to_str().unwrap()),
    );
    let base = outside.path().join("base.yaml");
    let r = quick(
        d.path(),
        &["check", "--strict", "--config", base.to_str().unwrap()],
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        flat(&r.stderr).contains("is inside the scanned tree, where a pull request can edit it; --strict reads no rule file from it"),
        "{}",
        r.stderr
    );
    assert!(!r.stdout.contains("PL190"), "{}", r.stdout);
    // Without --strict, a config from outside the tree may name them.
    let r = quick(d.path(), &["check", "--config", base.to_str().unwrap()]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stdout.contains("PL190"), "{}", r.stdout);
}

#[test]
fn class6_an_oversized_or_explosive_pattern_is_refused_at_load() {
    let d = tmp();
    write(d.path(), "AGENTS.md", "fine\n");
    write(d.path(), ".promptlint.yaml", "rules_dirs: [my-rules]\n");
    let alternation = vec!["bluejay"; 1200].join("|");
    write(
        d.path(),
        "my-rules/PL190-internal-codename.yaml",
        RULE.replace(r"\bbluejay\b", &alternation),
    );
    let r = quick(d.path(), &["check"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        flat(&r.stderr).contains(
            "my-rules/PL190-internal-codename.yaml: rule PL190: match.regex[0] is 9599 bytes, over the limit of 8192 bytes for a pattern"
        ),
        "{}",
        r.stderr
    );
    // Short, but over the compiled-size limit.
    write(
        d.path(),
        "my-rules/PL190-internal-codename.yaml",
        RULE.replace(r"\bbluejay\b", r"bluejay\w{1000}\w{1000}\w{1000}"),
    );
    let r = quick(d.path(), &["check"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        flat(&r.stderr).contains("rule PL190: match.regex[0] does not compile:"),
        "{}",
        r.stderr
    );
}

// ------------------------------------------------------------ class 8: temp files

/// The umask of this process, from /proc (Linux).
#[cfg(target_os = "linux")]
fn umask() -> u32 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("Umask:")).unwrap();
    u32::from_str_radix(line["Umask:".len()..].trim(), 8).unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn class8_a_link_planted_at_the_old_temp_name_is_not_followed() {
    use std::os::unix::fs::PermissionsExt;
    let d = tmp();
    write(d.path(), "AGENTS.md", "fine\n");
    let victim = tmp();
    let target = victim.path().join("precious");
    std::fs::write(&target, "keep me\n").unwrap();
    // The old name was `.{name}.{pid}.tmp`: plant a link at each name the next pids give.
    let last: u32 = std::fs::read_to_string("/proc/sys/kernel/ns_last_pid")
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    for name in ["report.txt", "out.sarif", "out.json"] {
        for pid in last + 1..last + 3000 {
            let _ =
                std::os::unix::fs::symlink(&target, d.path().join(format!(".{name}.{pid}.tmp")));
        }
    }
    let r = quick(
        d.path(),
        &[
            "check",
            "--output",
            "report.txt",
            "--sarif-file",
            "out.sarif",
            "--json-file",
            "out.json",
            "AGENTS.md",
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me\n");
    let report = std::fs::read_to_string(d.path().join("report.txt")).unwrap();
    assert!(report.contains("0 findings"), "{report}");
    assert!(!d.path().join("report.txt").is_symlink());
    // A new file gets the default mode; an existing one keeps its own.
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&d.path().join("out.json")), 0o666 & !umask());
    std::fs::set_permissions(
        d.path().join("out.json"),
        std::fs::Permissions::from_mode(0o640),
    )
    .unwrap();
    let r = quick(d.path(), &["check", "--json-file", "out.json", "AGENTS.md"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(mode(&d.path().join("out.json")), 0o640);
}

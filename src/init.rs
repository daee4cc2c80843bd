//! `promptlint init`: the starter config and the snippets it prints.
//!
//! The README shows the same snippets; a test keeps them identical, and another checks that
//! the starter config loads and that the JSON Schema accepts it.

/// The starter `.promptlint.yaml`: every key, commented out but for `exclude`, with what it
/// does.
pub const STARTER: &str = r#"# promptlint configuration (see the README's Configuration section).
# yaml-language-server: $schema=https://raw.githubusercontent.com/promptlint/promptlint/main/schemas/promptlint.schema.json
#
# A pull request can edit this file: run CI with `promptlint check --strict --config FILE`
# and this file taken from the base branch (see the README's CI recipe).

# Paths skipped while walking folders (gitignore syntax, relative to this file's folder),
# e.g. test fixtures that hold attacks on purpose.
exclude: []

# Extra files to scan besides the agent conventions; their kind comes from their content.
# include:
#   - "docs/prompts/**/*.md"

# Rule ids, names or families. `select` keeps only these; `ignore` turns these off.
# select: [injection, unicode, exfil, autonomy, hygiene]
# ignore: [PL206]

# Severity by rule id, name or family: error, warning or note.
# severity:
#   zero-width: error

# Per-path changes. Findings an override ignores are suppressed, still counted and listed.
# overrides:
#   - paths: ["docs/security/**"]
#     ignore: [injection]
#     reason: the security guide quotes attacks

# Lines that end the static (cached) part of a prompt, besides SYSTEM_PROMPT_DYNAMIC_BOUNDARY.
# boundary_markers: ["<!-- dynamic -->"]

# Folders of extra rule files (same schema as rules/*.yaml; their examples run at load).
# rules_dirs: [".promptlint/rules"]

# Skip larger files (bytes; default 10 MiB).
# max_file_size: 10485760

# Findings listed per rule and file, and per run; the rest are counted in one PL810
# finding. 0 means no limit.
# max_findings_per_rule: 100
# max_findings: 10000

# Load caps by agent id (bytes or characters, as the agent counts), e.g. a raised
# project_doc_max_bytes in your Codex config.
# load_caps:
#   codex: 65536
"#;

/// `actions/checkout`, pinned by the commit of its `v7.0.1` tag (read from the tag in
/// <https://github.com/actions/checkout>).
pub const CHECKOUT: &str = "actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1";

/// The commit of promptlint's release tag, which the printed workflow pins the action to:
/// .github/workflows/release.yml sets `PROMPTLINT_RELEASE_COMMIT` when it builds the
/// binaries, so a released binary prints its own tag's commit. A build from a checkout or
/// from crates.io has none and prints [`UNRELEASED_COMMIT`] with a comment saying so.
pub const RELEASE_COMMIT: Option<&str> = option_env!("PROMPTLINT_RELEASE_COMMIT");

/// The placeholder pin of a build that is not a release build.
pub const UNRELEASED_COMMIT: &str = "0000000000000000000000000000000000000000";

/// The pre-commit snippet for `.pre-commit-config.yaml`: a release build names its own tag
/// (the hook installs the wheel); any other build cannot know a tag exists, so it prints a
/// placeholder commit with a comment, and the hook that builds with cargo (`promptlint-cargo`),
/// which works at any commit (README, "pre-commit").
pub fn pre_commit() -> String {
    let version = env!("CARGO_PKG_VERSION");
    let (rev, id) = match RELEASE_COMMIT {
        Some(_) => (format!("v{version}"), "promptlint"),
        None => (
            format!(
                "{UNRELEASED_COMMIT} # not a release build: a commit of promptlint, or the v{version} tag once released"
            ),
            "promptlint-cargo",
        ),
    };
    format!(
        "repos:\n  - repo: https://github.com/promptlint/promptlint\n    rev: {rev}\n    hooks:\n      - id: {id}\n"
    )
}

/// A GitHub Actions workflow for pull requests that reads the config from the base branch and
/// runs with `--strict`. Every action is pinned by a commit SHA, the checkout keeps no
/// credentials, and the job has only the permissions it needs (zizmor checks it in .ci/run).
pub fn github_workflow() -> String {
    let version = env!("CARGO_PKG_VERSION");
    let pin = match RELEASE_COMMIT {
        Some(commit) => format!("promptlint/promptlint@{commit} # v{version}"),
        None => format!(
            "promptlint/promptlint@{UNRELEASED_COMMIT} # v{version}: not a release build; \
             use the commit of the v{version} tag"
        ),
    };
    format!(
        r#"name: promptlint
on:
  pull_request:
permissions: {{}}
concurrency:
  group: promptlint-${{{{ github.ref }}}}
  cancel-in-progress: true
jobs:
  promptlint:
    name: promptlint
    runs-on: ubuntu-latest
    permissions:
      contents: read
      security-events: write # upload SARIF to code scanning
      actions: read # upload-sarif in a private repository
    steps:
      - uses: {CHECKOUT}
        with:
          persist-credentials: false
          fetch-depth: 2 # the pull request's merge commit and its first parent, the base branch
      - name: Take the config from the base branch, not from the pull request
        run: |
          git show HEAD^1:.promptlint.yaml > "$RUNNER_TEMP/promptlint.yaml" 2>/dev/null \
            || echo '{{}}' > "$RUNNER_TEMP/promptlint.yaml"
      - uses: {pin}
        with:
          version: {version}
          args: --strict --config ${{{{ runner.temp }}}}/promptlint.yaml
"#
    )
}

/// What `init` prints after writing the file.
pub fn message(written: &str) -> String {
    format!(
        "wrote {written}\n\npre-commit: add to .pre-commit-config.yaml\n\n{}\nGitHub Actions: .github/workflows/promptlint.yml (--strict, config from the base branch)\n\n{}\nAdopting in a repository that already has findings: `promptlint check --write-baseline .promptlint-baseline.json`, commit it, and pass `--baseline` (taken from the base branch too) in CI.\n",
        pre_commit(),
        github_workflow()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starter_config_loads() {
        let c = crate::config::Config::parse(
            std::path::Path::new(".promptlint.yaml"),
            ".promptlint.yaml",
            STARTER,
            std::path::Path::new("."),
        )
        .unwrap();
        assert!(c.select.is_empty() && c.overrides.is_empty());
    }

    #[test]
    fn the_workflow_pins_every_action_by_a_full_commit_sha() {
        let w = github_workflow();
        let mut n = 0;
        for line in w.lines().filter_map(|l| l.trim().strip_prefix("- uses: ")) {
            let (_, rest) = line.split_once('@').expect("owner/repo@ref");
            let (sha, comment) = rest.split_once(" # v").expect("a `# vX.Y.Z` comment");
            assert!(
                sha.len() == 40 && sha.bytes().all(|b| b.is_ascii_hexdigit()),
                "{line}"
            );
            assert!(comment.starts_with(|c: char| c.is_ascii_digit()), "{line}");
            n += 1;
        }
        assert_eq!(n, 2, "{w}");
        assert!(w.contains("persist-credentials: false"));
        if let Some(commit) = RELEASE_COMMIT {
            assert!(w.contains(commit));
        }
    }
}

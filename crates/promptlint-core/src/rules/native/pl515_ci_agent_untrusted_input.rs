//! PL515 `ci-agent-untrusted-input`: a GitHub Actions workflow that runs a coding agent on an
//! event anyone can raise and hands it what the outsider wrote, or opens its gate to anyone.
//!
//! The attack class is Aikido Security's "PromptPwnd" (read here through a public write-up,
//! <https://www.cncso.com/prompt-injection-in-github-actions-using-ai-agents.html>; the
//! original post was not fetched) and the Cline triage-bot compromise ("Clinejection"): an
//! issue, comment, pull request or commit message is text the agent reads as instructions,
//! and the job holds the repository's token and secrets. CodeQL's experimental query for it
//! (`actions/ql/src/experimental/Security/CWE-1427/PromptInjectionCritical.md` in
//! github/codeql) rates `issues`, `issue_comment` and `pull_request_target` critical and plain
//! `pull_request` medium, and advises environment variables over `${{ }}` in the prompt, as
//! does GitHub's own hardening guide. The workflow syntax read here is GitHub's
//! (<https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-syntax>);
//! `allowed_non_write_users` and `allowed_bots` are inputs of `anthropics/claude-code-action`
//! (its `action.yml`; names confirmed in workflows of public repositories, not in its docs).
//!
//! A workflow is reported when all three hold:
//!
//! 1. it is triggered by an event an outsider raises: `issues`, `issue_comment`,
//!    `discussion`, `discussion_comment`, `pull_request_target`, `pull_request_review`,
//!    `pull_request_review_comment` or `workflow_run` (plain `pull_request` runs of forks get
//!    no secrets and a read-only token, so it is left out);
//! 2. it runs a coding agent ([`runs_agent`]);
//! 3. the outsider reaches the agent: an `${{ github.event.… }}` expression of text the
//!    outsider wrote (a title, body, comment, commit message, branch name) written into a step
//!    rather than into an `env:` entry (which hands it over as data, GitHub's own advice for
//!    untrusted input); the action's gate opened to anyone (`allowed_non_write_users: "*"`,
//!    `allowed_bots: "*"`) or an actor check any GitHub App passes (`endsWith(github.actor,
//!    '[bot]')`); or, under `pull_request_target` or `workflow_run`, a checkout of the
//!    outsider's head commit, whose agent files and settings the agent then loads.
//!
//! The finding sits on the first such element, and names the trigger.

use std::sync::Arc;
use std::sync::LazyLock;

use regex::Regex;

use super::input::Input;
use crate::finding::Finding;
use crate::rules::Rule;

/// Uses of an agent's action, and command lines that run an agent without a terminal
/// (`claude -p`, `gemini -p`, `codex exec`, ...), matched without case.
static AGENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?im)uses:\s*[\x22']?(?:anthropics/claude-code(?:-base)?-action|google-github-actions/run-gemini-cli",
        r"|openai/codex-action|warpdotdev/[\w.-]*agent[\w.-]*|sst/opencode[\w./-]*|cline/[\w./-]*action",
        r"|qodo-ai/pr-agent|coderabbitai/[\w./-]*|github/copilot[\w./-]*|actions/ai-inference|openai/openai-actions)",
        // A package runner (`npx -y`, `bunx`, `pnpm dlx`) and a version (`@latest`) may come
        // with the agent's package.
        r"|(?:^|[\s;&|(`])(?:(?:npx|bunx|pnpm\s+dlx)\s+(?:(?:-y|--yes)\s+)?)?(?:claude|@anthropic-ai/claude-code(?:@[\w.^~-]+)?)\s+(?:[^\n]*\s)?(?:-p|--print)(?:\s|$)",
        r"|(?:^|[\s;&|(`])(?:(?:npx|bunx|pnpm\s+dlx)\s+(?:(?:-y|--yes)\s+)?)?(?:gemini|@google/gemini-cli(?:@[\w.^~-]+)?)\s+(?:[^\n]*\s)?(?:-p|--prompt|--yolo|-y)(?:\s|$)",
        r"|(?:^|[\s;&|(`])(?:(?:npx|bunx|pnpm\s+dlx)\s+(?:(?:-y|--yes)\s+)?)?(?:codex|@openai/codex(?:@[\w.^~-]+)?)\s+exec(?:\s|$)",
        r"|(?:^|[\s;&|(`])(?:cursor-agent|opencode\s+run|aider\s+(?:[^\n]*\s)?(?:--message|-m)|copilot\s+(?:-p|--prompt))(?:\s|$)",
        // Any action handed an agent's tool permissions as an input (`allow-all-tools: true`,
        // `allowed_tools:`, `autopilot:`, `no-ask-user:`): whoever wrote the action, the step
        // runs an agent (a Copilot CLI wrapper such as austenstone/copilot-cli).
        r"|^\s*(?:allow[_-]all[_-]tools|allowed[_-]tools|autopilot|no[_-]ask[_-]user|dangerously[_-]skip[_-]permissions|auto[_-]approve|approval[_-]mode|yolo)\s*:",
    ))
    .expect("static regex")
});

/// Events an outsider raises.
const UNTRUSTED_EVENTS: &[&str] = &[
    "issues",
    "issue_comment",
    "discussion",
    "discussion_comment",
    "pull_request_target",
    "pull_request_review_comment",
    "pull_request_review",
    "workflow_run",
];

/// The first event of the workflow's `on:` (the top-level key, in block, flow or scalar
/// style) that an outsider raises.
fn untrusted_event(text: &str) -> Option<&'static str> {
    let mut lines = text.lines();
    let mut section = String::new();
    while let Some(line) = lines.next() {
        let key = line.trim_end();
        let rest = ["on:", "\"on\":", "'on':", "true:"]
            .iter()
            .find_map(|k| key.strip_prefix(k));
        let Some(rest) = rest else { continue };
        section.push_str(rest);
        section.push('\n');
        for l in lines.by_ref() {
            if !l.is_empty() && !l.starts_with([' ', '\t', '#']) {
                break;
            }
            section.push_str(l);
            section.push('\n');
        }
        break;
    }
    let words: Vec<&str> = section
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    UNTRUSTED_EVENTS.iter().copied().find(|e| words.contains(e))
}

/// An expression of text an outsider wrote.
static OUTSIDER_TEXT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"\$\{\{\s*github\.(?:event\.(?:issue|comment|review|discussion|pull_request|head_commit|",
        r"workflow_run|commits)[\w.\[\]*]*\.(?:title|body|message|head_ref|ref|label|name|text|",
        r"head_branch|display_title)|head_ref)\s*\}\}",
    ))
    .expect("static regex")
});

/// A gate opened to anyone.
static OPEN_GATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r#"(?im)(?:allowed_non_write_users|allowed_bots)\s*:\s*["']?\*["']?\s*$"#,
        r#"|(?:endsWith|contains)\(\s*github\.(?:actor|triggering_actor)\s*,\s*'\[bot\]'\s*\)"#,
    ))
    .expect("static regex")
});

/// A checkout of the outsider's head commit.
static HEAD_CHECKOUT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?m)^\s*(?:ref|repository)\s*:\s*[\x22']?\$\{\{\s*github\.event\.",
        r"(?:pull_request\.head\.(?:sha|ref|repo\.full_name)|workflow_run\.head_(?:sha|branch|repository\.full_name))\s*\}\}",
    ))
    .expect("static regex")
});

/// True when a workflow's text runs a coding agent: the use of an agent's action
/// (`anthropics/claude-code-action`, `google-github-actions/run-gemini-cli`,
/// `openai/codex-action`, ...) or a command line that runs one headless (`claude -p`,
/// `gemini -p`, `codex exec`, `cursor-agent`, `opencode run`, `aider --message`).
pub fn runs_agent(text: &str) -> bool {
    AGENT.is_match(text)
}

/// True when the expression at byte `at` is written into a step (a `run:` line, an action's
/// `with:` input, a prompt) rather than handed over as data: it sits under `steps:`, not in
/// an `env:` mapping and not in an `if:` condition (which GitHub evaluates, no shell or agent
/// reads). Read from indentation: each ancestor is the nearest line above with less.
fn in_step(text: &str, at: usize) -> bool {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let indent = |l: &str| l.len() - l.trim_start().len();
    fn key(l: &str) -> &str {
        let t = l.trim_start().trim_start_matches("- ");
        t.split_once(':').map_or("", |(k, _)| k.trim())
    }
    let own = &text[start..text[start..].find('\n').map_or(text.len(), |e| start + e)];
    if key(own) == "if" {
        return false;
    }
    let mut level = indent(own);
    for line in text[..start].lines().rev() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') || indent(line) >= level {
            continue;
        }
        level = indent(line);
        match key(line) {
            "env" | "if" | "concurrency" | "run-name" => return false,
            "steps" => return true,
            _ => {}
        }
    }
    false
}

/// Tools or rights that let an agent act, not only read: a shell (unscoped, or `gh` with any
/// subcommand or `gh api`), file edits, approvals switched off, write permissions.
static POWERFUL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?i)(?:allowed_?tools|allowedTools)[^\n]*?(?:\bBash\b(?:[^(]|$)|\bBash\(\*|\bBash\(gh\s*\*|",
        r"\bBash\(gh api|\bBash\(gh:\*|\bEdit\b|\bWrite\b|\bMultiEdit\b)",
        r"|--dangerously-skip-permissions|--yolo\b|--full-auto\b|danger-full-access|bypassPermissions",
        r"|(?m)^\s*(?:allow[_-]all[_-]tools|autopilot|no[_-]ask[_-]user|yolo)\s*:\s*[\x22']?true\b",
        r"|(?m)^\s*permissions\s*:\s*write-all\b",
        r"|(?m)^\s*(?:contents|actions|packages|id-token|security-events|deployments):\s*write\b",
    ))
    .expect("static regex")
});

/// The part of a workflow that governs the step at byte `at`: everything above `jobs:`
/// (top-level `permissions:` and `env:`) and the job holding `at` (from its key under `jobs:`
/// to the next job's). The whole text when there is no `jobs:` line.
fn job_of(text: &str, at: usize) -> String {
    let Some(jobs) = text.find("\njobs:").map(|i| i + 1) else {
        return text.to_owned();
    };
    let body_start = text[jobs..].find('\n').map_or(text.len(), |i| jobs + i + 1);
    let indent = |l: &str| l.len() - l.trim_start().len();
    let mut starts = Vec::new();
    let mut job_indent = None;
    let mut pos = body_start;
    for line in text[body_start..].split_inclusive('\n') {
        let bare = line.trim();
        if !bare.is_empty() && !bare.starts_with('#') {
            let ind = indent(line);
            if ind == 0 {
                break;
            }
            if *job_indent.get_or_insert(ind) == ind {
                starts.push(pos);
            }
        }
        pos += line.len();
    }
    let start = starts
        .iter()
        .rev()
        .find(|&&s| s <= at)
        .copied()
        .unwrap_or(body_start);
    let end = starts.iter().find(|&&s| s > at).copied().unwrap_or(pos);
    format!("{}{}", &text[..jobs], &text[start..end.max(start)])
}

/// True when the `with:` block holding byte `at` (a checkout's `ref:`) puts the checkout in
/// a folder of its own (`path: pr-head`): the agent, started at the workspace root, does not
/// load that folder's agent files.
fn confined_checkout(text: &str, at: usize) -> bool {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let indent = |l: &str| l.len() - l.trim_start().len();
    let own = indent(&text[start..]);
    let same = |l: &&str| l.trim().is_empty() || indent(l) >= own;
    let above = text[..start].lines().rev().take_while(same);
    let below = text[start..].lines().skip(1).take_while(same);
    above.chain(below).any(|l| {
        l.trim()
            .strip_prefix("path:")
            .map(|v| v.trim().trim_matches(['"', '\'']))
            .is_some_and(|v| !matches!(v, "" | "." | "./" | "${{ github.workspace }}"))
    })
}

/// Expressions (and checkouts) of one workflow whose place is read: each read walks the lines
/// above it, so a file of many is bounded here (a real workflow has a handful).
pub const MAX_CANDIDATES: usize = 64;

/// Findings of PL515 in one workflow.
pub fn ci_agent_untrusted_input(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    if !crate::kind::is_ci_workflow(input.path) {
        return Vec::new();
    }
    let text = input.text();
    if !runs_agent(text) {
        return Vec::new();
    }
    let Some(event) = untrusted_event(text) else {
        return Vec::new();
    };
    let outsider = OUTSIDER_TEXT
        .find_iter(text)
        .take(MAX_CANDIDATES)
        .find(|m| in_step(text, m.start()))
        .map(|m| {
            (
                m.range(),
                format!("`{}` (text the outsider wrote) reaches a step", m.as_str()),
            )
        });
    let gate = OPEN_GATE
        .find(text)
        .filter(|m| POWERFUL.is_match(&job_of(text, m.start())))
        .map(|m| {
            (
                m.range(),
                format!("`{}` lets anyone drive the agent", m.as_str().trim()),
            )
        });
    let head = matches!(event, "pull_request_target" | "workflow_run")
        .then(|| HEAD_CHECKOUT
                .find_iter(text)
                .take(MAX_CANDIDATES)
                .find(|m| !confined_checkout(text, m.start())))
        .flatten()
        .map(|m| {
            (
                m.range(),
                format!("`{}` checks out the outsider's commit, whose agent files and settings the agent loads", m.as_str().trim()),
            )
        });
    let Some((span, what)) = [outsider, gate, head]
        .into_iter()
        .flatten()
        .min_by_key(|(r, _)| r.start)
    else {
        return Vec::new();
    };
    let message =
        format!("a coding agent runs on `{event}`, an event anyone can raise, and {what}");
    Finding::new(rule, text, span, message)
        .map(|f| vec![f.with_label("outsider's text reaches the agent")])
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agents_are_told_by_their_action_or_headless_command() {
        assert!(runs_agent("    - uses: anthropics/claude-code-action@v1\n"));
        assert!(runs_agent(
            "      - uses: google-github-actions/run-gemini-cli@v0\n"
        ));
        assert!(runs_agent(
            "        run: codex exec --full-auto \"fix it\"\n"
        ));
        assert!(runs_agent(
            "        run: npx -y @anthropic-ai/claude-code -p \"$PROMPT\"\n"
        ));
        assert!(!runs_agent(
            "    - uses: actions/checkout@v4\n      run: cargo test\n"
        ));
        assert!(!runs_agent("        run: echo claude is a name\n"));
        // A package runner and a pinned version in front of the agent.
        assert!(runs_agent(
            "      - run: npx @google/gemini-cli@latest --yolo -p \"Review this PR\"\n"
        ));
        assert!(runs_agent(
            "      - run: bunx @openai/codex@0.5.1 exec fix\n"
        ));
        // An action of any author, handed an agent's tool permissions.
        assert!(runs_agent(
            "      - uses: someone/copilot-runner@v2\n        with:\n          allow-all-tools: true\n"
        ));
        assert!(!runs_agent(
            "      - uses: actions/setup-node@v4\n        with:\n          node-version: 20\n"
        ));
    }

    #[test]
    fn events_are_read_from_the_on_key_only() {
        let t = "on:\n  issues:\n    types: [opened]\npermissions:\n  contents: read\n";
        assert_eq!(untrusted_event(t), Some("issues"));
        let t = "on: [push, pull_request]\npermissions:\n  issues: write\n";
        assert_eq!(untrusted_event(t), None);
        let t = "on: pull_request_target\njobs: {}\n";
        assert_eq!(untrusted_event(t), Some("pull_request_target"));
        let t = "\"on\":\n  workflow_run:\n    workflows: [CI]\n";
        assert_eq!(untrusted_event(t), Some("workflow_run"));
    }

    #[test]
    fn text_in_a_step_reaches_it_and_env_if_and_concurrency_do_not() {
        let at = |t: &str| in_step(t, t.find("${{").unwrap());
        assert!(!at(
            "steps:\n  - env:\n      TITLE: ${{ github.event.issue.title }}\n    run: x\n"
        ));
        assert!(at(
            "steps:\n  - with:\n      prompt: |\n        Title: ${{ github.event.issue.title }}\n"
        ));
        assert!(at(
            "jobs:\n  a:\n    steps:\n      - run: echo \"${{ github.event.comment.body }}\"\n"
        ));
        assert!(!at(
            "concurrency:\n  group: x-${{ github.event.workflow_run.head_branch }}\n"
        ));
        assert!(!at(
            "steps:\n  - if: contains(${{ github.event.comment.body }}, '@bot')\n"
        ));
    }

    #[test]
    fn a_checkout_into_a_folder_of_its_own_is_confined() {
        let t = "      with:\n        ref: ${{ github.event.pull_request.head.sha }}\n        path: pr-head\n";
        assert!(confined_checkout(t, t.find("ref:").unwrap()));
        let t = "      with:\n        ref: ${{ github.event.pull_request.head.sha }}\n      - run: x\n        path: y\n";
        assert!(!confined_checkout(t, t.find("ref:").unwrap()));
    }

    #[test]
    fn a_job_is_read_with_the_top_level_keys() {
        let t = "permissions:\n  contents: read\njobs:\n  a:\n    steps:\n      - run: x\n  b:\n    steps:\n      - run: y\n";
        let j = job_of(t, t.find("run: y").unwrap());
        assert!(j.contains("run: y") && !j.contains("run: x") && j.contains("contents: read"));
    }

    #[test]
    fn an_open_gate_counts_only_when_the_agent_can_act() {
        assert!(POWERFUL.is_match("claude_args: '--allowedTools Bash'"));
        assert!(POWERFUL.is_match("--allowedTools Bash(gh issue view:*),Bash(gh api:*)"));
        assert!(POWERFUL.is_match("permissions:\n  contents: write\n"));
        assert!(!POWERFUL.is_match("--allowedTools \"Bash(gh pr view:*),Bash(gh pr diff:*)\"\npermissions:\n  contents: read\n  issues: write\n"));
    }
}

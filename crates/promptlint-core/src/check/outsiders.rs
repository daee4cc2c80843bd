//! Text written by outsiders and handed to an agent: an issue, a pull request or a comment
//! saved to a file for a CI agent to triage, label, review or fix (a `gh issue view --json`
//! or `gh pr view --json` dump, a GitHub webhook payload written from `${{ toJSON(github.event) }}`,
//! a PR description saved as `pr_body.md`, issues saved as `issues/2291.md`). Anyone who can
//! open an issue or a pull request wrote that text, and the agent reads it as its task
//! (Clinejection, PromptPwnd, the claude-code-action hijacks:
//! <https://docs.github.com/en/actions/security-for-github-actions/security-guides/security-hardening-for-github-actions#understanding-the-risk-of-script-injections>
//! names `github.event.issue.title`, `.body`, `github.event.pull_request.title`, `.body`,
//! `github.event.comment.body` and `github.event.review.body` as untrusted input). Such a file
//! is checked as an instruction file: an order in it is an injection at full severity, named
//! or walked, and never lowered as a page people read.
//!
//! The signals are structure, never words of the text: the shape of a saved payload
//! ([`payload`]) and the name of the file or its folder ([`saved_thread`]).

use crate::kind::FileKind;
use crate::parse::json::{Json, JsonNode};

/// What a finding in such a file says of where it is (its `context`).
pub const CONTEXT: &str = "in an issue, pull request or comment saved for the agent: text anyone can write, read as its task";

/// The objects of a GitHub webhook payload that carry text a user wrote (`title`, `body`):
/// <https://docs.github.com/en/webhooks/webhook-events-and-payloads> (`issues`,
/// `issue_comment`, `pull_request`, `pull_request_review`, `pull_request_review_comment`,
/// `discussion`, `discussion_comment`).
const EVENT_OBJECTS: &[&str] = &["issue", "pull_request", "comment", "review", "discussion"];

/// Keys beside `number` and `title` that make an object an issue or a pull request as `gh
/// issue view --json` / `gh pr view --json` or the REST API give it
/// (<https://cli.github.com/manual/gh_issue_view>: fields `author`, `body`, `labels`, `state`,
/// `url`, ...).
const THREAD_FIELDS: &[&str] = &[
    "body", "author", "user", "labels", "state", "url", "html_url", "comments",
];

/// Folders issues, pull requests and comments are saved in for an agent (rules/agents.yaml
/// `docs:` lists the first ones as saved issues; the rest are named for the bodies they hold).
const THREAD_FOLDERS: &[&str] = &[
    "issues",
    "pulls",
    "pr",
    "prs",
    "pull-requests",
    "pull_requests",
    "tickets",
    "triage",
    "inbox",
    "pr-bodies",
    "pr_bodies",
    "issue-bodies",
    "issue_bodies",
    "review-notes",
    "review_notes",
    "review-comments",
    "review_comments",
];

/// First words of a file name that name a thread (`pr_body.md`, `issue-2301.md`).
const THREAD_NOUNS: &[&str] = &["pr", "issue", "pull", "ticket", "comment", "review"];

/// The words that name a thread alone (`issue.md`, `pr.md`).
const SINGLE_NOUNS: &[&str] = &["pr", "issue", "ticket"];

/// Further words of such a name (`pr_body`, `pull-request-description`, `review-comments`).
const THREAD_PARTS: &[&str] = &[
    "body",
    "bodies",
    "description",
    "desc",
    "text",
    "comment",
    "comments",
    "notes",
    "request",
    "thread",
];

/// Objects of a payload examined for an issue's shape: a list holds at most this many.
const ITEMS_CHECKED: usize = 16;

/// True when `root` is a saved issue, pull request or comment: a webhook payload with an
/// [`EVENT_OBJECTS`] member that holds a string `title` or `body`, or an object (the root,
/// an element of a root array, or an element of an array the root holds) with a numeric
/// `number`, a string `title` and one of [`THREAD_FIELDS`].
pub fn payload(root: &JsonNode) -> bool {
    let text = |o: &JsonNode, k: &str| o.get(k).and_then(JsonNode::as_str).is_some();
    let event = EVENT_OBJECTS.iter().any(|k| {
        root.get(k)
            .is_some_and(|o| text(o, "title") || text(o, "body"))
    });
    let thread = |o: &JsonNode| {
        o.get("number")
            .is_some_and(|n| matches!(n.value, Json::Number(_)))
            && text(o, "title")
            && THREAD_FIELDS.iter().any(|k| o.get(k).is_some())
    };
    let items = |v: &JsonNode| match &v.value {
        Json::Array(items) => items.iter().take(ITEMS_CHECKED).any(thread),
        _ => false,
    };
    let nested = match &root.value {
        Json::Object(members) => members.iter().any(|(_, _, v)| items(v)),
        _ => false,
    };
    event || thread(root) || items(root) || nested
}

/// True when `path` (as shown, `/` separators) names a saved issue, pull request or comment
/// by its file name ([`THREAD_NOUNS`] then only [`THREAD_PARTS`] or numbers: `pr_body.md`,
/// `issue-2301.md`; not `ISSUE_TEMPLATE.md`) or its folder ([`THREAD_FOLDERS`], with a
/// number or such a name: `issues/2291.md`, `.github/pr-bodies/1203.md`). Never in a
/// documentation folder (`docs/`, `doc/`) nor an issue template's.
pub fn saved_thread(path: &str) -> bool {
    let lower = path.to_ascii_lowercase().replace('\\', "/");
    let mut parts: Vec<&str> = lower.split('/').filter(|p| !p.is_empty()).collect();
    let Some(name) = parts.pop() else {
        return false;
    };
    if parts.iter().any(|d| {
        matches!(
            *d,
            "docs" | "doc" | "issue_template" | "discussion_template"
        )
    }) {
        return false;
    }
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    let words: Vec<&str> = stem
        .split(['-', '_', '.', ' '])
        .filter(|w| !w.is_empty())
        .collect();
    let number = |w: &&str| w.bytes().all(|b| b.is_ascii_digit());
    // One word names a thread only when it is an issue's or a pull request's own noun (a
    // `review.md` is as often a page about reviewing).
    let named = match words.as_slice() {
        [one] => SINGLE_NOUNS.contains(one),
        [first, rest @ ..] => {
            THREAD_NOUNS.contains(first)
                && rest
                    .iter()
                    .all(|w| number(w) || THREAD_PARTS.contains(w) || THREAD_NOUNS.contains(w))
        }
        [] => false,
    };
    let numbered = !words.is_empty() && words.iter().any(number);
    named || (numbered && parts.iter().any(|d| THREAD_FOLDERS.contains(d)))
}

/// Extensions of the saved text read by name: Markdown and plain text.
const TEXT_EXTENSIONS: &[&str] = &["md", "markdown", "txt"];

/// The kind `target_path`'s text (`text`, found as `kind`) is checked as: `instructions`
/// when it is text outsiders wrote for the agent ([`saved_thread`] for Markdown or text a
/// walk found as documentation or a page, or named; [`payload`] for JSON sniffed as a
/// prompt), else `None`.
pub fn handed_in(path: &str, kind: FileKind, text: &str) -> Option<FileKind> {
    let lower = path.to_ascii_lowercase();
    let ext = lower.rsplit_once('.').map(|(_, e)| e);
    match (kind, ext) {
        (FileKind::Doc | FileKind::Instructions | FileKind::Prompt, Some(e))
            if TEXT_EXTENSIONS.contains(&e) && saved_thread(&lower) =>
        {
            Some(FileKind::Instructions)
        }
        (FileKind::Prompt | FileKind::Instructions, Some("json"))
            if !crate::kind::is_ci_workflow(&lower)
                && (text.contains("\"title\"") || text.contains("\"body\""))
                && crate::parse::json::parse_tree(text)
                    .ok()
                    .flatten()
                    .is_some_and(|root| payload(&root)) =>
        {
            Some(FileKind::Instructions)
        }
        _ => None,
    }
}

/// `kind` as [`handed_in`] makes it for `path`'s `text`, and whether it did.
pub(crate) fn checked_as(path: &str, kind: FileKind, text: &str) -> (FileKind, bool) {
    match handed_in(path, kind, text) {
        Some(k) => (k, true),
        None => (kind, false),
    }
}

/// Says where a finding of a saved thread (`handed`) is ([`CONTEXT`]), unless a stage already
/// said why it lowered it.
pub(crate) fn say(handed: bool, findings: &mut [crate::finding::Finding]) {
    if !handed {
        return;
    }
    for f in findings.iter_mut().filter(|f| f.context.is_none()) {
        f.context = Some(CONTEXT.to_owned());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(text: &str) -> JsonNode {
        crate::parse::json::parse_tree(text)
            .expect("parses")
            .expect("a value")
    }

    #[test]
    fn payloads_of_issues_pull_requests_and_comments() {
        for yes in [
            r#"{"number": 412, "title": "docs: fix typo", "author": {"login": "x"}, "body": "b"}"#,
            r#"{"number": 3317, "title": "Tool error", "body": "Loading takes 90s"}"#,
            r#"{"action": "opened", "issue": {"number": 977, "title": "t", "body": "b"}}"#,
            r#"{"action": "created", "comment": {"body": "please fix"}}"#,
            r#"{"pull_request": {"title": "Add x"}}"#,
            r#"{"source": "issues", "items": [{"number": 1, "title": "t", "labels": []}]}"#,
            r#"[{"number": 1, "title": "t", "state": "open"}]"#,
        ] {
            assert!(payload(&tree(yes)), "{yes}");
        }
        for no in [
            r#"{"name": "x", "version": "1.0.0", "description": "a package"}"#,
            r#"{"title": "Settings", "body": "text"}"#,
            r#"{"number": "1", "title": "t", "body": "b"}"#,
            r#"{"issue": 5, "comment": "see the docs"}"#,
            r#"{"items": [{"title": "Home", "url": "/"}]}"#,
        ] {
            assert!(!payload(&tree(no)), "{no}");
        }
    }

    #[test]
    fn saved_threads_by_name_and_folder() {
        for yes in [
            "pr_body.md",
            "PR-BODY.md",
            "issue.md",
            "issue-2301.md",
            ".github/triage/issue-2301.md",
            ".github/pr-bodies/1203.md",
            ".github/review-notes/pr-88.md",
            "issues/2291.md",
            "work/pull_request_description.md",
            "tickets/T-42.md",
        ] {
            assert!(saved_thread(yes), "{yes}");
        }
        for no in [
            ".github/ISSUE_TEMPLATE/bug.md",
            ".github/ISSUE_TEMPLATE.md",
            ".github/PULL_REQUEST_TEMPLATE.md",
            "docs/issues/2291.md",
            "docs/pr_body.md",
            "issues/README.md",
            "issues/how-to-report.md",
            "CHANGELOG.md",
            "notes/2024-06-02.md",
            "issue-tracker-guide.md",
            "review.md",
            "comment.md",
        ] {
            assert!(!saved_thread(no), "{no}");
        }
    }

    #[test]
    fn handed_in_raises_saved_threads_and_payloads_only() {
        let json = r#"{"number": 4, "title": "t", "body": "b"}"#;
        assert_eq!(
            handed_in("pr.json", FileKind::Prompt, json),
            Some(FileKind::Instructions)
        );
        assert_eq!(
            handed_in("issues/12.md", FileKind::Doc, "# x"),
            Some(FileKind::Instructions)
        );
        assert_eq!(handed_in("docs/guide.md", FileKind::Doc, "# x"), None);
        assert_eq!(handed_in("package.json", FileKind::Prompt, "{}"), None);
        assert_eq!(
            handed_in(".github/workflows/issue.yml", FileKind::Prompt, json),
            None
        );
        // A skill or a settings file keeps its own kind.
        assert_eq!(handed_in("issue.md", FileKind::Skill, "# x"), None);
    }
}

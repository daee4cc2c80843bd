//! Markdown for a pull request: a summary table and the findings, for a GitHub Actions job
//! summary (`$GITHUB_STEP_SUMMARY`) or a pull-request comment (GitHub Flavored Markdown).
//!
//! Input: a sorted [`Report`], the [`SourceRoot`] paths are relative to, and [`Links`] (where
//! a `path:line` link points). Output: markdown, at most [`MAX_UTF16_UNITS`] UTF-16 code
//! units: a `### promptlint` heading with the counts, a table of findings per severity, one
//! of findings per rule (each rule id linked to its section of docs/rules.md, as SARIF's
//! `helpUri`), the unreadable sources and run errors, then one block per finding (severity as
//! a word, `path:line` linked to the line, the rule, the message, the line it is on in a
//! fenced block). What does not fit ends with a line saying how many findings are left out.
//!
//! Invariant: text from a scanned source (messages quote it, excerpts are it, a file name can
//! be chosen by whoever opens the pull request) never renders as markup. It is written only
//! inside code spans and fenced code blocks, each fenced by a run of backticks longer than any
//! in its text ([`code_span`], [`fence`]), on one line (line breaks shown as `\n`), after
//! [`crate::escape`] has made every invisible, bidi and control code point visible
//! (`<U+202E>`). GitHub renders no HTML, image, link, `@mention`, `#123` reference or bare
//! URL inside code (its mention and autolink filters skip `code` and `pre` elements:
//! <https://github.github.com/gfm/#code-spans>, and
//! <https://docs.github.com/en/get-started/writing-on-github/working-with-advanced-formatting/autolinked-references-and-urls>
//! lists what is linked "except in code blocks"). Attacker text is never in a table cell,
//! where a `|` inside a code span still ends the cell (GFM §4.10, "including inside other
//! inline spans"); the cells hold counts and catalog ids and names (`PL101`,
//! kebab-case names, checked by the rule loader), escaped by [`plain`] all the same.
//!
//! Size: GitHub rejects a comment body over 65,536 characters ("Body is too long (maximum is
//! 65536 characters)", the REST API's validation error, quoted in
//! <https://github.com/danger/danger/issues/424> and handled by
//! <https://github.com/peter-evans/create-or-update-comment/pull/182>, which counts
//! JavaScript string length, UTF-16 units), and a step summary over 1 MiB
//! ("$GITHUB_STEP_SUMMARY upload aborted, supports content up to a size of 1024k", the
//! runner's error; the limit is documented at
//! <https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands#step-isolation-and-limits>).
//! Bounded by the comment's limit in UTF-16 units, the output also stays under the summary's
//! (at most 3 bytes of UTF-8 per UTF-16 unit: 192 KiB).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::model::{FileResult, Located, Report};
use super::root::SourceRoot;
use crate::escape::{escape_invisible, escape_one_line, escape_path};
use crate::finding::Severity;

/// Most UTF-16 code units of the output: GitHub's limit for a comment body (module docs).
pub const MAX_UTF16_UNITS: usize = 65_536;

/// UTF-16 units kept free for the closing "N more findings" paragraph.
const TRAILER_RESERVE: usize = 400;

/// Bytes of a line shown before a finding's start in its excerpt.
const SHOW_BEFORE: usize = 80;
/// Bytes of a line shown after a finding's start, at most (the excerpt keeps 2,560:
/// [`super::excerpt::INNER`]).
const SHOW_FROM_START: usize = 320;
/// Bytes of a line shown after a finding's end (the excerpt keeps 160:
/// [`super::excerpt::AFTER`]).
const SHOW_AFTER: usize = 80;

/// Where a finding's `path:line` link points.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Links {
    /// `https://github.com/OWNER/REPO/blob/SHA/`: links are absolute, to the commit's file.
    /// `None`: links are the path relative to the repository root (they resolve from a
    /// markdown file at the root, not from a comment or a job summary).
    blob_base: Option<String>,
}

impl Links {
    /// Links relative to the repository root.
    pub fn relative() -> Links {
        Links { blob_base: None }
    }

    /// Links to `server/repository/blob/sha/`, when the three are well-formed: an `https://`
    /// server URL without white space, quotes, brackets or parentheses, an `OWNER/REPO` of
    /// ASCII letters, digits, `-`, `_` and `.`, and a hex commit id of 40 or 64 digits (SHA-1
    /// or SHA-256 repositories); else [`Links::relative`].
    pub fn github(server: &str, repository: &str, sha: &str) -> Links {
        let server = server.trim_end_matches('/');
        let server_ok = server.strip_prefix("https://").is_some_and(|host| {
            !host.is_empty()
                && host
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'/'))
        });
        let mut parts = repository.split('/');
        let name_ok = |s: Option<&str>| {
            s.is_some_and(|s| {
                !s.is_empty()
                    && s != "."
                    && s != ".."
                    && s.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
            })
        };
        let repo_ok = name_ok(parts.next()) && name_ok(parts.next()) && parts.next().is_none();
        let sha_ok = matches!(sha.len(), 40 | 64) && sha.bytes().all(|b| b.is_ascii_hexdigit());
        if server_ok && repo_ok && sha_ok {
            Links {
                blob_base: Some(format!("{server}/{repository}/blob/{sha}/")),
            }
        } else {
            Links::relative()
        }
    }

    /// From the variables a GitHub Actions runner sets (`GITHUB_SERVER_URL`,
    /// `GITHUB_REPOSITORY`, `GITHUB_SHA`:
    /// <https://docs.github.com/en/actions/reference/workflows-and-actions/variables#default-environment-variables>),
    /// else [`Links::relative`].
    pub fn from_env() -> Links {
        let var = |k: &str| std::env::var(k).ok();
        match (
            var("GITHUB_SERVER_URL"),
            var("GITHUB_REPOSITORY"),
            var("GITHUB_SHA"),
        ) {
            (Some(server), Some(repo), Some(sha)) => Links::github(&server, &repo, &sha),
            _ => Links::relative(),
        }
    }

    /// The link of 1-based `line` of the file at `uri` (percent-encoded, relative to the
    /// root). `?plain=1` makes GitHub show a markdown file as source, where `#L3` exists.
    fn line(&self, uri: &str, line: usize) -> String {
        // `(` and `)` would end or unbalance a link destination, which the root's encoding
        // keeps; `@` is encoded too, so not even an attribute holds a would-be mention.
        let uri = uri
            .replace('(', "%28")
            .replace(')', "%29")
            .replace('@', "%40");
        let base = self.blob_base.as_deref().unwrap_or("");
        format!("{base}{uri}?plain=1#L{line}")
    }
}

/// A code span holding `text` on one line: escaped ([`escape_one_line`]), fenced by more
/// backticks than its longest run, padded with a space where it starts or ends with a
/// backtick or a space (CommonMark strips one space from each side:
/// <https://spec.commonmark.org/0.31.2/#code-spans>).
pub fn code_span(text: &str) -> String {
    let text = escape_one_line(text).replace('\r', "<U+000D>");
    if text.is_empty() {
        return "(empty)".to_owned();
    }
    let ticks = "`".repeat(longest_backtick_run(&text) + 1);
    let pad = text.starts_with(['`', ' ']) || text.ends_with(['`', ' ']);
    let space = if pad { " " } else { "" };
    format!("{ticks}{space}{text}{space}{ticks}")
}

/// The backtick fence of a fenced code block holding `text`: at least three, and more than
/// its longest run (<https://spec.commonmark.org/0.31.2/#fenced-code-blocks>: the closing
/// fence is at least as long as the opening one).
pub fn fence(text: &str) -> String {
    "`".repeat((longest_backtick_run(text) + 1).max(3))
}

fn longest_backtick_run(text: &str) -> usize {
    let (mut longest, mut run) = (0, 0);
    for c in text.chars() {
        if c == '`' {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    longest
}

/// Text outside code made inert: every ASCII punctuation character backslash-escaped
/// (CommonMark: "Any ASCII punctuation character may be backslash-escaped",
/// <https://spec.commonmark.org/0.31.2/#backslash-escapes>), so `|`, `<`, `[`, `*`, `_`, `` ` ``
/// and `\` itself are literal, line breaks as spaces. Only for catalog names and counts:
/// GitHub links `@name` and `#1` in text even when escaped, so text from a source goes in
/// [`code_span`] instead.
pub fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in escape_invisible(text).chars() {
        match c {
            '\n' | '\r' | '\t' => out.push(' '),
            '-' | '.' | ',' | ':' | ';' | '/' | '\'' | '"' | '?' | '=' | '%' => out.push(c),
            c if c.is_ascii_punctuation() => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

fn word(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn utf16_len(s: &str) -> usize {
    s.chars().map(char::len_utf16).sum()
}

/// Renders the report as GitHub Flavored Markdown, cut to [`MAX_UTF16_UNITS`].
pub fn render(report: &Report, root: &SourceRoot, links: &Links) -> String {
    let budget = MAX_UTF16_UNITS - TRAILER_RESERVE;
    let mut out = summary(report, MAX_UTF16_UNITS / 2);
    let mut used = utf16_len(&out);

    let problems = problems(report);
    let mut problems_left = problems.len();
    if !problems.is_empty() {
        let head = "\n#### Not scanned\n\n";
        if used + utf16_len(head) < budget {
            out.push_str(head);
            used += utf16_len(head);
            for p in &problems {
                if used + utf16_len(p) >= budget {
                    break;
                }
                out.push_str(p);
                used += utf16_len(p);
                problems_left -= 1;
            }
        }
    }

    let total = report.findings().count();
    let mut shown = 0;
    if total > 0 {
        let head = "\n#### Findings\n";
        if used + utf16_len(head) < budget {
            out.push_str(head);
            used += utf16_len(head);
            let mut current: Option<&str> = None;
            for (file, l) in report.findings() {
                let mut block = String::new();
                if current != Some(file.path.as_str()) {
                    let path = root.relative_path(&file.path);
                    let _ = write!(block, "\n##### {}\n", code_span(&path));
                }
                block.push_str(&finding(file, l, root, links));
                let n = utf16_len(&block);
                if used + n >= budget {
                    break;
                }
                current = Some(file.path.as_str());
                out.push_str(&block);
                used += n;
                shown += 1;
            }
        }
    }

    if shown < total || problems_left > 0 {
        out.push('\n');
        let mut left = Vec::new();
        if shown < total {
            left.push(plural(total - shown, "more finding", "more findings"));
        }
        if problems_left > 0 {
            left.push(plural(problems_left, "more error", "more errors"));
        }
        let _ = writeln!(
            out,
            "**{} not shown**: the report is cut to fit GitHub's limit of {MAX_UTF16_UNITS} characters for a comment. Run `promptlint check` for all of them, or read the SARIF report in code scanning.",
            left.join(" and "),
        );
    }
    out
}

/// The heading, the severity table and the rule table, whose rows stop (with a row counting
/// the rest) before the whole passes `limit` UTF-16 units: a config's own rule folders can add
/// any number of rules.
fn summary(report: &Report, limit: usize) -> String {
    let c = report.counts();
    let total = c.errors + c.warnings + c.notes;
    let with_findings = report
        .files
        .iter()
        .filter(|f| f.findings.iter().any(|l| l.suppression.is_none()))
        .count();
    let suppressed = report.suppressed().count();
    let mut out = String::from("### promptlint\n\n");
    if total == 0 {
        let _ = write!(
            out,
            "No findings in {} scanned",
            plural(report.files_scanned, "file", "files")
        );
    } else {
        let _ = write!(
            out,
            "**{}** in {} of {} scanned",
            plural(total, "finding", "findings"),
            with_findings,
            plural(report.files_scanned, "file", "files"),
        );
    }
    if suppressed > 0 {
        let _ = write!(out, "; {suppressed} suppressed");
    }
    let unread = report.errors.len() + report.run_errors.len();
    if unread > 0 {
        let _ = write!(out, "; {}", plural(unread, "error", "errors"));
    }
    out.push_str(".\n");
    if total == 0 {
        return out;
    }
    out.push_str("\n| Severity | Findings |\n| --- | ---: |\n");
    for (s, n) in [
        (Severity::Error, c.errors),
        (Severity::Warning, c.warnings),
        (Severity::Note, c.notes),
    ] {
        let _ = writeln!(out, "| {} | {n} |", word(s));
    }
    // Per rule, in id order: counts by severity (a rule's findings can be lowered to notes).
    let mut rules: BTreeMap<&str, (&crate::rules::Rule, [usize; 3])> = BTreeMap::new();
    for (_, l) in report.findings() {
        let f = &l.finding;
        let e = rules.entry(f.rule.id.as_str()).or_insert((&f.rule, [0; 3]));
        e.1[match f.severity {
            Severity::Error => 0,
            Severity::Warning => 1,
            Severity::Note => 2,
        }] += 1;
    }
    out.push_str("\n| Rule | Errors | Warnings | Notes |\n| --- | ---: | ---: | ---: |\n");
    let mut used = utf16_len(&out);
    let count = rules.len();
    for (i, (id, (rule, n))) in rules.into_iter().enumerate() {
        let row = format!(
            "| [{}]({}) {} | {} | {} | {} |\n",
            plain(id),
            crate::rules::docs::help_uri(rule),
            plain(&rule.name),
            n[0],
            n[1],
            n[2]
        );
        if used + utf16_len(&row) > limit {
            let _ = writeln!(
                out,
                "| {} | | | |",
                plural(count - i, "more rule", "more rules")
            );
            break;
        }
        used += utf16_len(&row);
        out.push_str(&row);
    }
    out
}

/// One list item per unreadable source and run error.
fn problems(report: &Report) -> Vec<String> {
    let mut out = Vec::new();
    for m in &report.run_errors {
        out.push(format!("- {}\n", code_span(m)));
    }
    for e in &report.errors {
        out.push(format!(
            "- {}: {}\n",
            code_span(&escape_path(&e.path)),
            code_span(&e.message)
        ));
    }
    out
}

/// One finding's block: the line with severity, location and rule, the message, the excerpt.
fn finding(file: &FileResult, l: &Located, root: &SourceRoot, links: &Links) -> String {
    let f = &l.finding;
    let path = root.relative_path(&file.path);
    let mut message = f.message.clone();
    if let Some(context) = &f.context {
        let _ = write!(message, " ({context})");
    }
    let mut out = format!(
        "\n**{}** [{}]({}) [{}]({}) {}\\\n{}\n",
        word(f.severity),
        code_span(&format!("{path}:{}:{}", l.start.line, l.start.column)),
        links.line(&root.uri(&file.path), l.start.line),
        plain(&f.rule.id),
        crate::rules::docs::help_uri(&f.rule),
        plain(&f.rule.name),
        code_span(&message),
    );
    if let Some(line) = excerpt_line(file, l) {
        let fence = fence(&line);
        let _ = write!(out, "\n{fence}text\n{line}\n{fence}\n");
    }
    out
}

/// The part of the finding's first line around its start, escaped, with `…` where it is cut;
/// `None` when nothing of it is kept (an empty source, a finding about the whole file).
fn excerpt_line(file: &FileResult, l: &Located) -> Option<String> {
    let ex = &file.excerpt;
    let span = &l.finding.span;
    if ex.is_empty() || span.start >= ex.len() {
        return None;
    }
    let line = ex.line_range(ex.line_of(span.start));
    if line.start > span.start {
        return None;
    }
    // Every byte read here is kept by `Excerpt::around`: up to 240 before the start on its
    // line, the span's first 2,560, up to 160 after its end on its last line.
    let from = ex.floor(line.start.max(span.start.saturating_sub(SHOW_BEFORE)));
    let mut to = line.end.min(span.start + SHOW_FROM_START);
    if span.end <= line.end {
        to = to.min(span.end.max(span.start) + SHOW_AFTER);
    }
    let to = ex.floor(to.max(from));
    let text = ex.slice(from..to).trim_end_matches('\r');
    if text.trim().is_empty() {
        return None;
    }
    let mut shown = escape_invisible(text).replace('\r', "<U+000D>");
    if from > line.start {
        shown.insert(0, '…');
    }
    if to < line.end {
        shown.push('…');
    }
    Some(shown)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::finding::Finding;
    use crate::report::model::FileResult;

    fn rule(id: &str) -> Arc<crate::rules::Rule> {
        let c = crate::rules::Catalog::builtin();
        Arc::clone(
            c.rules()
                .iter()
                .find(|r| r.id == id)
                .expect("a built-in rule"),
        )
    }

    #[test]
    fn code_spans_outlast_every_backtick_run() {
        assert_eq!(code_span("a"), "`a`");
        assert_eq!(code_span("a`b"), "``a`b``");
        assert_eq!(code_span("```"), "```` ``` ````");
        assert_eq!(code_span(" x"), "`  x `");
        assert_eq!(code_span("a\nb\u{202E}"), "`a\\nb<U+202E>`");
        assert_eq!(code_span(""), "(empty)");
        assert_eq!(fence("no ticks"), "```");
        assert_eq!(fence("````x"), "`````");
    }

    #[test]
    fn plain_text_escapes_markup() {
        assert_eq!(plain("bidi-control"), "bidi-control");
        assert_eq!(
            plain("a|b<img>[x](y)*_`\\"),
            r"a\|b\<img\>\[x\]\(y\)\*\_\`\\"
        );
    }

    #[test]
    fn links_take_only_well_formed_github_values() {
        let sha = "0123456789abcdef0123456789abcdef01234567";
        let l = Links::github("https://github.com/", "octo/repo.js", sha);
        assert_eq!(
            l.line("docs/a%20b(1).md", 7),
            format!("https://github.com/octo/repo.js/blob/{sha}/docs/a%20b%281%29.md?plain=1#L7")
        );
        for (server, repo, sha) in [
            ("http://github.com", "o/r", sha),
            ("https://x.com) [y](z", "o/r", sha),
            ("https://github.com", "o/r/extra", sha),
            ("https://github.com", "../r", sha),
            ("https://github.com", "o/r", "main"),
        ] {
            assert_eq!(
                Links::github(server, repo, sha),
                Links::relative(),
                "{server} {repo} {sha}"
            );
        }
        assert_eq!(
            Links::relative().line("AGENTS.md", 3),
            "AGENTS.md?plain=1#L3"
        );
    }

    #[test]
    fn the_output_is_cut_to_the_comment_limit_with_a_count() {
        // 4,000 findings on long lines: far over 65,536 characters unbounded.
        let r = rule("PL201");
        let line = format!("{}\u{202E}{}\n", "x".repeat(150), "y".repeat(150));
        let text = line.repeat(4000);
        let findings: Vec<Finding> = (0..4000)
            .map(|i| {
                let at = i * line.len() + 150;
                Finding::new(&r, &text, at..at + 3, "bidi override").expect("in bounds")
            })
            .collect();
        let file = FileResult::new("AGENTS.md".into(), None, text, findings, true);
        let report = Report::new(vec![file], Vec::new());
        let root = SourceRoot::new("/repo", "/repo");
        let md = render(&report, &root, &Links::relative());
        assert!(utf16_len(&md) <= MAX_UTF16_UNITS, "{}", utf16_len(&md));
        let shown = md.matches("\n**error** ").count();
        assert!(shown > 50, "{shown}");
        assert!(
            md.ends_with(&format!(
                "**{} more findings not shown**: the report is cut to fit GitHub's limit of 65536 characters for a comment. Run `promptlint check` for all of them, or read the SARIF report in code scanning.\n",
                4000 - shown
            )),
            "{}",
            &md[md.len() - 300..]
        );
        assert!(md.contains("| error | 4000 |"));
        assert!(!md.contains('\u{202E}'));
    }

    #[test]
    fn the_rule_table_stops_at_its_limit_with_a_count() {
        let text = "abcdef\n";
        let findings: Vec<Finding> = ["PL101", "PL201", "PL301"]
            .iter()
            .enumerate()
            .map(|(i, id)| Finding::new(&rule(id), text, i..i + 1, "m").expect("in bounds"))
            .collect();
        let file = FileResult::new("A.md".into(), None, text.into(), findings, true);
        let report = Report::new(vec![file], Vec::new());
        let whole = summary(&report, MAX_UTF16_UNITS);
        assert_eq!(whole.matches("](https://").count(), 3);
        // Room for the tables and the first row only.
        let first = whole.find("| [PL201]").expect("a PL201 row");
        let cut = summary(&report, utf16_len(&whole[..first]));
        assert!(
            cut.ends_with("override-instructions | 1 | 0 | 0 |\n| 2 more rules | | | |\n"),
            "{cut}"
        );
    }

    #[test]
    fn an_excerpt_is_the_line_around_the_start() {
        let r = rule("PL201");
        let text = format!(
            "first\n{}ab\u{202E}cd{}\r\nlast\n",
            "p".repeat(100),
            "q".repeat(400)
        );
        let at = 6 + 100 + 2;
        let f = Finding::new(&r, &text, at..at + 3, "m").expect("in bounds");
        let file = FileResult::new("A.md".into(), None, text, vec![f], true);
        let shown = excerpt_line(&file, &file.findings[0]).expect("an excerpt");
        assert_eq!(
            shown,
            format!("…{}ab<U+202E>cd{}…", "p".repeat(78), "q".repeat(80 - 2))
        );
    }
}

//! Rule documentation generated from the catalog: `docs/rules.md`, `promptlint explain` and
//! the anchors SARIF's `helpUri` points at.
//!
//! Input: rules as loaded from rules/*.yaml. Output: markdown, one `## PLnnn name` section per
//! rule (GitHub turns that heading into the anchor `plnnn-name`, see [`anchor`]). Invariant:
//! no raw invisible or bidi code point is written: examples are shown escaped (`<U+202E>`).

use std::fmt::Write as _;

use super::{Catalog, Rule};
use crate::escape::escape_invisible;

/// Path of the generated rule reference, relative to the repository root.
pub const REFERENCE_PATH: &str = "docs/rules.md";

/// The GitHub heading anchor of a rule's section: `pl201-bidi-control` (GitHub lower-cases a
/// heading and turns spaces into `-`; ids and names hold nothing else).
pub fn anchor(rule: &Rule) -> String {
    format!("{}-{}", rule.id.to_ascii_lowercase(), rule.name)
}

/// The URL of a rule's section in the repository's `docs/rules.md`, from the crate's
/// `repository` (SARIF `helpUri`).
pub fn help_uri(rule: &Rule) -> String {
    format!(
        "{}/blob/main/{REFERENCE_PATH}#{}",
        env!("CARGO_PKG_REPOSITORY"),
        anchor(rule)
    )
}

/// A fence of backticks longer than any run of backticks in `text`.
fn fence(text: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        if c == '`' {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    "`".repeat(longest.max(2) + 1)
}

fn example(out: &mut String, e: &super::Example) {
    let s = e.spec();
    let mut about = Vec::new();
    if let Some(p) = &s.path {
        about.push(format!("as `{}`", escape_invisible(p)));
    }
    if let Some(k) = s.kind {
        about.push(format!("kind `{k}`"));
    }
    if let Some(n) = s.repeat {
        about.push(format!("the text repeated {n} times"));
    }
    if !s.enable.is_empty() {
        about.push(format!("with {} enabled", s.enable.join(", ")));
    }
    let body = match &s.hex {
        Some(h) => format!("bytes (hex): {}", h.trim()),
        None => escape_invisible(&s.text),
    };
    let body = body.strip_suffix('\n').unwrap_or(&body);
    let f = fence(body);
    if !about.is_empty() {
        let _ = writeln!(out, "{}:\n", about.join(", "));
    }
    let _ = writeln!(out, "{f}text\n{body}\n{f}\n");
}

/// The body of a rule's documentation (everything below its heading).
pub fn body(rule: &Rule) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}\n", rule.summary.trim());
    let kinds = if rule.applies_to.is_empty() {
        "every file kind but `doc`".to_owned()
    } else {
        rule.applies_to
            .iter()
            .map(|k| format!("`{k}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let fixable = if rule.fixable {
        "yes: `promptlint check --fix` removes what it reports where that is safe"
    } else {
        "no"
    };
    let _ = writeln!(
        out,
        "| family | default severity | confidence | fixable | applies to |\n| --- | --- | --- | --- | --- |\n| {} | {} | {} | {fixable} | {kinds} |\n",
        rule.family,
        rule.severity,
        rule.confidence.as_str()
    );
    let _ = writeln!(out, "{}\n", rule.help.trim());
    if !rule.examples.matching.is_empty() {
        out.push_str("**Reported:**\n\n");
        for e in &rule.examples.matching {
            example(&mut out, e);
        }
    }
    if !rule.examples.no_match.is_empty() {
        out.push_str("**Not reported:**\n\n");
        for e in &rule.examples.no_match {
            example(&mut out, e);
        }
    }
    escape_invisible(out.trim_end()) + "\n"
}

/// `promptlint explain RULE`: the rule's id and name, then its documentation.
pub fn explain(rule: &Rule) -> String {
    format!("{} {}\n\n{}", rule.id, rule.name, body(rule))
}

/// `docs/rules.md`: every rule of `catalog`, in id order, one `## PLnnn name` section each.
pub fn reference(catalog: &Catalog) -> String {
    let mut out = String::from(
        "# promptlint rules\n\n<!-- Generated from crates/promptlint-core/rules/*.yaml by `PROMPTLINT_UPDATE_DOCS=1 cargo test --test docs`; do not edit. -->\n\nEach rule is one YAML file under `crates/promptlint-core/rules/<family>/`. `promptlint explain PLnnn` prints the same text. Examples are shown with invisible code points escaped (`<U+202E>`).\n\n",
    );
    for r in catalog.rules() {
        let _ = writeln!(out, "- [{} {}](#{})", r.id, r.name, anchor(r));
    }
    out.push('\n');
    for r in catalog.rules() {
        let _ = writeln!(out, "## {} {}\n\n{}", r.id, r.name, body(r));
    }
    out.trim_end().to_owned() + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_and_fences() {
        let r = Catalog::builtin().get("PL201").unwrap();
        assert_eq!(anchor(r), "pl201-bidi-control");
        assert!(help_uri(r).ends_with("/blob/main/docs/rules.md#pl201-bidi-control"));
        assert_eq!(fence("a ``` b"), "````");
        assert_eq!(fence("plain"), "```");
    }

    #[test]
    fn explain_escapes_examples() {
        let text = explain(Catalog::builtin().get("PL201").unwrap());
        assert!(text.starts_with("PL201 bidi-control\n"));
        assert!(text.contains("<U+202E>"));
        assert!(!text.chars().any(crate::escape::is_invisible));
        assert!(text.contains("fixable"));
    }
}

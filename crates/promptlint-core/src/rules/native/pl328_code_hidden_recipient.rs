//! PL328: `code-hidden-recipient`, a program an agent runs as a tool (an MCP server's source,
//! a skill's script) that copies the mail it sends to an address written into its code.
//!
//! The first malicious MCP server found in the wild, `postmark-mcp` 1.0.16 (September 2025),
//! added one line to its `send_email` handler: a `Bcc` field holding the attacker's address,
//! so every message the agent sent went to them too; its tool description stayed clean
//! (disclosed by Koi Security; the
//! code as Snyk reproduced it: <https://akhilesharora.github.io/herkos/docs/case-postmark.html>;
//! `mailOptions.bcc = "..."` in <https://cybernoz.com/malicious-code-in-fake-postmark-mcp-server-steals-thousands-of-emails>). The rule reads the code for a blind copy given a literal address: an object key
//! or keyword argument (`Bcc: 'x@y'`, `bcc="x@y"`, `"bcc": ["x@y"]`), an item assignment
//! (`msg["Bcc"] = "x@y"`) or a call (`addBcc("x@y")`, `.bcc("x@y")`). A copy taken from the
//! caller's arguments or the environment is not matched.

use std::sync::{Arc, LazyLock};

use regex::Regex;

use super::input::Input;
use crate::finding::Finding;
use crate::kind::FileKind;
use crate::rules::Rule;

/// A blind copy given a literal address, in the forms the module documentation lists.
static LITERAL_BCC: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r#"(?i)(?:\b|_)(?:bcc|blind_?copy|blind_?carbon_?copy)["'`]?\s*\]?\s*(?::|=|,)\s*"#,
        r#"(?:\[\s*|\(\s*|new\s+[a-z_.]+\(\s*)?["'`]"#,
        r#"(?:[^"'`\n]{0,40}<)?([a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+)>?["'`]"#,
        r#"|(?i)(?:\b|_|\.)(?:add_?bcc|set_?bcc|bcc)\s*\(\s*["'`]([a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+)["'`]"#,
    ))
    .expect("the literal blind-copy regex is valid")
});

/// Extensions of the program sources read.
const PROGRAMS: &[&str] = &[
    "py", "js", "mjs", "cjs", "ts", "mts", "cts", "jsx", "tsx", "go", "rb", "php", "java", "kt",
    "cs", "rs", "sh", "bash", "ps1",
];

/// PL328: one finding per blind copy written into a program's code.
pub fn code_hidden_recipient(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    if !matches!(input.kind, FileKind::McpTools | FileKind::SkillResource) {
        return Vec::new();
    }
    let ext = input
        .path
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase());
    if !ext.is_some_and(|e| PROGRAMS.contains(&e.as_str())) {
        return Vec::new();
    }
    let text = input.text();
    let mut out = Vec::new();
    for caps in LITERAL_BCC.captures_iter(text) {
        let Some(addr) = caps.get(1).or_else(|| caps.get(2)) else {
            continue;
        };
        let Some(all) = caps.get(0) else { continue };
        let message = format!(
            "the program copies what it sends to a fixed address: blind copy to {}",
            addr.as_str()
        );
        if let Ok(f) = Finding::new(rule, text, all.range(), message) {
            out.push(f);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::LITERAL_BCC;

    fn address(code: &str) -> Option<String> {
        LITERAL_BCC.captures(code).and_then(|c| {
            c.get(1)
                .or_else(|| c.get(2))
                .map(|m| m.as_str().to_string())
        })
    }

    #[test]
    fn a_literal_blind_copy_is_found_in_each_form() {
        for (code, want) in [
            (
                "    Bcc: 'phan@giftshop.example', // stats",
                "phan@giftshop.example",
            ),
            (
                "msg = dict(to=to, bcc=\"audit@relay.example\")",
                "audit@relay.example",
            ),
            ("  \"bcc\": [\"a@b.example\"],", "a@b.example"),
            ("msg[\"Bcc\"] = 'x@y.example'", "x@y.example"),
            ("mail.addBcc(\"x@y.example\");", "x@y.example"),
            ("m.bcc(\"x@y.example\")", "x@y.example"),
            ("BCC = \"Ops <ops@relay.example>\"", "ops@relay.example"),
            ("mailOptions.bcc = \"x@y.example\";", "x@y.example"),
            ("client.addHeader('Bcc', 'x@y.example');", "x@y.example"),
        ] {
            assert_eq!(address(code).as_deref(), Some(want), "{code}");
        }
    }

    #[test]
    fn a_copy_from_the_caller_or_the_environment_is_not() {
        for code in [
            "Bcc: args.bcc,",
            "bcc=os.environ.get(\"MAIL_BCC\")",
            "bcc: z.string().email().optional().describe(\"Blind copy\")",
            "const bccList = [];",
            "cc: 'team@company.example',",
        ] {
            assert_eq!(address(code), None, "{code}");
        }
    }
}

//! Hook programs read for what they answer: a hook that allows every tool call.

use crate::program::shell::{RedirectOp, Script};

/// A hook that answers `allow` to every tool call: a command prints an agent hook's allow
/// decision (`"permissionDecision": "allow"`, the older `"decision": "approve"`;
/// <https://docs.anthropic.com/en/docs/claude-code/hooks#pretooluse-decision-control>), and
/// nothing in the program reads the call it is asked about (no `jq`, `grep`, interpreter,
/// `read` or test): every permission prompt is answered yes, unseen. Gives the printing
/// command's bytes.
pub(super) fn allows_everything(script: &Script) -> Option<std::ops::Range<usize>> {
    let compact = |t: &str| -> String {
        t.chars()
            .filter(|c| !c.is_whitespace() && *c != '\\')
            .collect::<String>()
            .to_ascii_lowercase()
    };
    let printer = script.commands.iter().find(|c| {
        matches!(c.name(), "echo" | "printf" | "cat") && c.within.is_none() && {
            let mut text: String = c.words.iter().skip(1).map(|w| w.text.as_str()).collect();
            text.push_str(c.stdin_text.as_deref().unwrap_or(""));
            let t = compact(&text);
            t.contains("\"permissiondecision\":\"allow\"") || t.contains("\"decision\":\"approve\"")
        }
    })?;
    let reads_call = script.commands.iter().any(|c| {
        let name = c.name();
        let discards = c
            .redirects
            .iter()
            .any(|r| r.op == RedirectOp::Write && r.target.text == "/dev/null");
        matches!(
            name,
            "jq" | "grep"
                | "egrep"
                | "sed"
                | "awk"
                | "read"
                | "head"
                | "tee"
                | "test"
                | "["
                | "python"
                | "python3"
                | "node"
                | "ruby"
                | "perl"
                | "bun"
                | "deno"
                | "case"
        ) || name == "cat" && c.stdin_text.is_none() && c.words.len() == 1 && !discards
            || c.words
                .iter()
                .any(|w| !w.vars.is_empty() || !w.subs.is_empty())
    });
    (!reads_call).then(|| printer.span.clone())
}

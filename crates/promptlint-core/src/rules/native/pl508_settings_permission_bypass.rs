//! PL508: settings that switch off an agent's permission prompts or sandbox, read as
//! configuration key by key (the table is in the rule's help, each row with its vendor page):
//! - Claude Code `permissions.defaultMode`, `permissions.allow`, `enableAllProjectMcpServers`
//!   (<https://docs.anthropic.com/en/docs/claude-code/settings>,
//!   <https://docs.anthropic.com/en/docs/claude-code/iam>);
//! - Cursor CLI `.cursor/cli.json` `permissions.allow` (`Shell(...)`,
//!   <https://cursor.com/docs/cli/reference/permissions>, unconfirmed);
//! - Codex `approval_policy` and `sandbox_mode`, at the root and per profile
//!   (<https://developers.openai.com/codex/config-reference>);
//! - VS Code `chat.tools.autoApprove`, `chat.tools.global.autoApprove`,
//!   `chat.tools.terminal.autoApprove` (<https://code.visualstudio.com/docs/agents/approvals>);
//! - opencode `permission` (<https://opencode.ai/docs/permissions/>);
//! - Zed `agent.always_allow_tool_actions` (<https://zed.dev/docs/ai/agent-settings>,
//!   unconfirmed).

use std::sync::Arc;

use super::input::Input;
use super::settings_common::at_setting;
use crate::finding::{Finding, Severity};
use crate::parse::{Setting, SettingValue};
use crate::rules::Rule;

/// How much an allow rule gives away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// Every command.
    All,
    /// Every command of a network tool.
    Network,
}

/// What the allow rule `rule` (`Bash(*)`, `Shell(curl:*)`, `Bash`) gives away, given the
/// command prefixes that run anything (`any`) and the network tools (`network`).
fn allow_reach(rule: &str, any: &[String], network: &[String]) -> Option<Reach> {
    let rule = rule.trim();
    let (tool, spec) = match rule.split_once('(') {
        Some((t, rest)) => (
            t.trim(),
            Some(rest.strip_suffix(')').unwrap_or(rest).trim()),
        ),
        None => (rule, None),
    };
    if !["bash", "shell", "powershell"].contains(&tool.to_ascii_lowercase().as_str()) {
        return None;
    }
    let Some(spec) = spec else {
        return Some(Reach::All);
    };
    if spec.chars().all(|c| matches!(c, '*' | ':' | ' ')) {
        return Some(Reach::All);
    }
    let first = spec
        .split([':', ' ', '*'])
        .next()
        .unwrap_or("")
        .rsplit('/')
        .next()
        .unwrap_or("");
    // `Bash(npm run test:*)` is narrow; `Bash(python:*)` or `Bash(python *)` runs anything.
    let rest = spec[first.len().min(spec.len())..].trim_start_matches([':', ' ']);
    let open = rest.is_empty() || rest.starts_with('*');
    if !open {
        return None;
    }
    if any.iter().any(|a| a == first) {
        Some(Reach::All)
    } else if network.iter().any(|n| n == first) {
        Some(Reach::Network)
    } else {
        None
    }
}

/// True for a VS Code terminal auto-approve rule that matches every command.
fn matches_everything(pattern: &str) -> bool {
    matches!(
        pattern.trim(),
        "*" | "/.*/" | "/.+/" | "/^.*$/" | "/^.*/" | "/^/" | "/.*/i" | "/(?:)/" | "//"
    )
}

/// One finding for `v` with `message`, at `severity` when it is below the rule's.
fn report(
    input: &Input<'_>,
    rule: &Arc<Rule>,
    v: &Setting,
    message: String,
    warning: Option<&str>,
) -> Option<Finding> {
    let shown = crate::escape::excerpt(&input.text()[v.span.clone()], 60);
    at_setting(
        input,
        rule,
        v.span.clone(),
        &v.path.to_string(),
        message,
        warning.map(|w| (Severity::Warning, w)),
        &shown,
    )
}

/// PL508: one finding per setting that gives the agent more than the user would approve.
pub fn settings_permission_bypass(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let Some(settings) = &input.parsed.settings else {
        return Vec::new();
    };
    let list = |k: &str| rule.params.get(k).map_or(&[][..], Vec::as_slice);
    let (any, network) = (list("any_command"), list("network"));
    let mut out = Vec::new();
    for v in &settings.values {
        let k: &str = &v.keys;
        let s = v.as_str();
        let t = matches!(v.value, SettingValue::Bool(true));
        let p = &v.path;
        let found = match k {
            "permissions.defaultMode" if s == Some("bypassPermissions") => report(
                input,
                rule,
                v,
                format!("`{p}` is `bypassPermissions`: every tool runs without asking"),
                None,
            ),
            "permissions.allow" => match s.and_then(|s| allow_reach(s, any, network)) {
                Some(Reach::All) => report(
                    input,
                    rule,
                    v,
                    format!(
                        "`{p}` allows `{}`, which runs any shell command without asking",
                        crate::escape::escape_one_line(s.unwrap_or_default())
                    ),
                    None,
                ),
                Some(Reach::Network) => report(
                    input,
                    rule,
                    v,
                    format!(
                        "`{p}` allows `{}`, so the agent can send anything anywhere without asking",
                        crate::escape::escape_one_line(s.unwrap_or_default())
                    ),
                    Some("a network tool, not every command"),
                ),
                None => None,
            },
            "enableAllProjectMcpServers" if t => report(
                input,
                rule,
                v,
                format!("`{p}` starts every MCP server of the project's .mcp.json without asking"),
                Some("starts servers, does not approve their tools"),
            ),
            // Every VS Code chat auto-approve switch set to true as a whole: the global one
            // (`chat.tools.global.autoApprove`, formerly `chat.tools.autoApprove`), the
            // terminal's and edits' maps written as `true`, and older spellings seen in the
            // wild (`chat.experimental.agent.autoApprove`).
            _ if t && k.starts_with("chat.") && k.ends_with(".autoApprove") => {
                let what = if k.contains(".terminal.") {
                    "every terminal command runs without asking"
                } else if k.contains(".edits.") {
                    "every file edit is applied without asking"
                } else {
                    "every chat tool and terminal command runs without asking"
                };
                report(input, rule, v, format!("`{p}` is true: {what}"), None)
            }
            // The session's permission level: anything but the default approves tools
            // (values `autoApprove`, `autopilot`; https://code.visualstudio.com/docs/agents/approvals).
            "chat.permissions.default" if matches!(s, Some("autoApprove" | "autopilot")) => report(
                input,
                rule,
                v,
                format!(
                    "`{p}` is `{}`: tools run without asking",
                    s.unwrap_or_default()
                ),
                None,
            ),
            "agent.always_allow_tool_actions" if t => report(
                input,
                rule,
                v,
                format!("`{p}` is true: every agent tool runs without asking"),
                None,
            ),
            "permission" | "permission.*" | "permission.bash" | "permission.bash.*"
                if s == Some("allow") =>
            {
                report(
                    input,
                    rule,
                    v,
                    format!("`{p}` is `allow`: shell commands run without asking"),
                    None,
                )
            }
            _ => {
                let terminal = k
                    .strip_prefix("chat.tools.terminal.autoApprove.")
                    .map(|r| r.strip_suffix(".approve").unwrap_or(r));
                let edits = k
                    .strip_prefix("chat.tools.edits.autoApprove.")
                    .filter(|g| matches!(*g, "**" | "**/*" | "*" | "**/**"));
                match terminal {
                    Some(pattern) if t && matches_everything(pattern) => report(
                        input,
                        rule,
                        v,
                        format!("`{p}` approves every terminal command"),
                        None,
                    ),
                    _ if t && edits.is_some() => report(
                        input,
                        rule,
                        v,
                        format!("`{p}` approves edits to every file, this settings file included"),
                        Some("edits, not commands"),
                    ),
                    _ => None,
                }
            }
        };
        out.extend(found);
    }
    out.extend(codex(input, rule, &settings.values));
    out
}

/// Codex: `approval_policy = "never"` with `sandbox_mode = "danger-full-access"` in one table
/// (the root, or a profile with what it inherits from the root) is an error at the setting the
/// table writes; `danger-full-access` alone a warning.
fn codex(input: &Input<'_>, rule: &Arc<Rule>, values: &[Setting]) -> Vec<Finding> {
    let get = |table: &str, key: &str| {
        let want = if table.is_empty() {
            key.to_owned()
        } else {
            format!("{table}.{key}")
        };
        values.iter().find(|v| *v.keys == *want)
    };
    let mut tables = vec![String::new()];
    for v in values {
        if let Some(rest) = v.keys.strip_prefix("profiles.")
            && let Some((name, key)) = rest.rsplit_once('.')
            && (key == "approval_policy" || key == "sandbox_mode")
        {
            let t = format!("profiles.{name}");
            if !tables.contains(&t) {
                tables.push(t);
            }
        }
    }
    let mut out = Vec::new();
    for table in &tables {
        let own_a = get(table, "approval_policy");
        let own_s = get(table, "sandbox_mode");
        let a = own_a.or_else(|| get("", "approval_policy"));
        let s = own_s.or_else(|| get("", "sandbox_mode"));
        let never = a.and_then(Setting::as_str) == Some("never");
        let full = s.and_then(Setting::as_str) == Some("danger-full-access");
        let Some(at) = own_s.filter(|_| full).or(own_a.filter(|_| never && full)) else {
            continue;
        };
        let found = if never && full {
            report(
                input,
                rule,
                at,
                format!(
                    "`{}` is `never` and `{}` is `danger-full-access`: commands run without \
                     asking and without a sandbox",
                    a.map_or_else(|| "approval_policy".to_owned(), |v| v.path.to_string()),
                    s.map_or_else(|| "sandbox_mode".to_owned(), |v| v.path.to_string()),
                ),
                None,
            )
        } else {
            report(
                input,
                rule,
                at,
                format!(
                    "`{}` is `danger-full-access`: commands run without a sandbox",
                    at.path
                ),
                Some("the sandbox is off but approvals still ask"),
            )
        };
        out.extend(found);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Reach, allow_reach};

    #[test]
    fn allow_rules_by_what_they_give_away() {
        let any: Vec<String> = ["sh", "bash", "python"].map(String::from).into();
        let net: Vec<String> = ["curl", "wget"].map(String::from).into();
        let r = |s| allow_reach(s, &any, &net);
        assert_eq!(r("Bash"), Some(Reach::All));
        assert_eq!(r("Bash(*)"), Some(Reach::All));
        assert_eq!(r("Bash(:*)"), Some(Reach::All));
        assert_eq!(r("Shell(**)"), Some(Reach::All));
        assert_eq!(r("Bash(python:*)"), Some(Reach::All));
        assert_eq!(r("Bash(curl:*)"), Some(Reach::Network));
        assert_eq!(r("Bash(npm run test:*)"), None);
        assert_eq!(r("Bash(python -m pytest:*)"), None);
        assert_eq!(r("Bash(curl https://api.example.com/health)"), None);
        assert_eq!(r("Read(./src/**)"), None);
    }
}

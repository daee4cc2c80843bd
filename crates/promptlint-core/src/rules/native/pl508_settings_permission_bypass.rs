//! PL508: settings that switch off an agent's permission prompts or sandbox, read as
//! configuration key by key (the table is in the rule's help, each row with its vendor page):
//! - Claude Code `permissions.defaultMode`, `permissions.allow`, `enableAllProjectMcpServers`
//!   (<https://docs.anthropic.com/en/docs/claude-code/settings>,
//!   <https://docs.anthropic.com/en/docs/claude-code/iam>);
//! - Cursor CLI `.cursor/cli.json` `permissions.allow` (`Shell(...)`,
//!   <https://cursor.com/docs/cli/reference/permissions>, unconfirmed);
//! - Codex `approval_policy` and `sandbox_mode`, at the root and per profile
//!   (<https://developers.openai.com/codex/config-reference>). A project's `.codex/config.toml`
//!   is loaded only when the user trusts the project (same page), and in a trusted project the
//!   default sandbox is `workspace-write` (the CLI starts read-only until a directory is
//!   trusted, then "Agent": writes inside the workspace;
//!   <https://github.com/openai/codex/blob/rust-v0.66.0/docs/sandbox.md>), so `never` without
//!   a `sandbox_mode` never asks inside that sandbox;
//! - Gemini CLI `tools.allowed` / `allowedTools` (tools that skip the confirmation dialog,
//!   `run_shell_command(git)`; recalled from
//!   <https://github.com/google-gemini/gemini-cli/blob/main/docs/reference/configuration.md>,
//!   unconfirmed);
//! - VS Code `chat.tools.autoApprove`, `chat.tools.global.autoApprove`,
//!   `chat.tools.terminal.autoApprove` (<https://code.visualstudio.com/docs/agents/approvals>);
//! - opencode `permission` (<https://opencode.ai/docs/permissions/>);
//! - Qwen Code `tools.approvalMode` set to `yolo` (every tool without asking;
//!   <https://qwenlm.github.io/qwen-code-docs/en/users/features/approval-mode>) and Gemini CLI
//!   `general.defaultApprovalMode` set to `yolo` (its documented values are `default`,
//!   `auto_edit` and `plan`: "YOLO mode ... can only be enabled via command line",
//!   `docs/reference/configuration.md` of <https://github.com/google-gemini/gemini-cli>; a
//!   warning, since the file asks for what Gemini CLI refuses there);
//! - folders handed to the agent beyond the project ([`folder_reach`]): Codex
//!   `sandbox_workspace_write.writable_roots`, Claude Code `permissions.additionalDirectories`,
//!   Gemini CLI `context.includeDirectories`, when one is the filesystem root, the home folder
//!   or a folder of credentials in it;
//! - a hook that prints a fixed `allow` decision before a tool runs (Claude Code `PreToolUse`
//!   `hookSpecificOutput.permissionDecision: "allow"` and `PermissionRequest`
//!   `decision.behavior: "allow"`, <https://docs.anthropic.com/en/docs/claude-code/hooks>;
//!   Cursor `beforeShellExecution` / `beforeMCPExecution` `"permission": "allow"`,
//!   <https://cursor.com/docs/agent/hooks>): the tools its matcher names run without asking,
//!   as an allow rule would;
//! - Codex `.codex/rules/*.rules` `prefix_rule` entries whose decision is `allow` (a prefix
//!   matches any arguments after it,
//!   <https://github.com/openai/codex/blob/main/codex-rs/execpolicy/README.md>), and Gemini
//!   CLI `.gemini/policies/*.toml` shell rules with `decision = "allow"`, and their
//!   `allow_redirection` (<https://geminicli.com/docs/reference/policy-engine/>), read off
//!   [`crate::parse::policy::parse_codex_rules`] and
//!   [`crate::parse::policy::parse_gemini_policy`];
//! - Amp `amp.dangerouslyAllowAll` and `amp.commands.allowlist` (secondary:
//!   <https://www.developersdigest.tech/reference/amp/settings>; unconfirmed);
//! - Codex `[projects."<path>"] trust_level = "trusted"` for the filesystem root, a home
//!   or a credential folder ([`trusted_project`]): every repository below loads its `.codex/`
//!   layers without the trust prompt (<https://developers.openai.com/codex/config-basic>);
//! - Zed `agent.always_allow_tool_actions` (<https://zed.dev/docs/ai/agent-settings>,
//!   unconfirmed; before Zed 0.224) and `agent.tool_permissions.default` and
//!   `agent.tool_permissions.tools.terminal.default` set to `"allow"` (0.224 and later,
//!   <https://zed.dev/docs/ai/tool-permissions>).

use std::sync::Arc;

use super::input::Input;
use super::permission::{Grant, command_grant, folder_reach, rule_grant};
use super::settings_common::at_setting;
use crate::finding::{Finding, Severity};
use crate::parse::{Setting, SettingValue};
use crate::rules::Rule;

mod reach;
use reach::report;

/// The part of opencode's `permission` key path `k` after `permission` (`""` for the key
/// itself, `bash`, `bash.git *`), at the root or in an agent's definition
/// (`agent.<name>.permission...`; <https://opencode.ai/docs/permissions/>); `None` for other
/// keys.
fn opencode_permission(k: &str) -> Option<&str> {
    let k = k
        .strip_prefix("agent.")
        .and_then(|r| r.split_once(".permission").map(|(_, rest)| rest))
        .or_else(|| k.strip_prefix("permission"))?;
    if k.is_empty() {
        Some("")
    } else {
        k.strip_prefix('.')
    }
}

/// The finding for the allow entry `v`, whose rule text `what` grants `grant`, at the
/// severity the grant earns; `None` for a narrow grant.
fn granted(
    input: &Input<'_>,
    rule: &Arc<Rule>,
    v: &Setting,
    what: &str,
    grant: Grant,
) -> Option<Finding> {
    let severity = grant.severity()?;
    let message = format!(
        "`{}` allows `{}`, which {}",
        v.path,
        crate::escape::escape_one_line(what),
        grant.consequence()
    );
    let why = match grant {
        Grant::Runner => "an interpreter or package runner, not the shell itself",
        _ => "a network tool, not every command",
    };
    report(
        input,
        rule,
        v,
        message,
        (severity == Severity::Warning).then_some(why),
    )
}

/// `k` without the prefix under which a launch file hands VS Code its settings: a dev
/// container's `customizations.vscode.settings` (written into the container's machine
/// settings for everyone who opens it: <https://containers.dev/supporting#visual-studio-code>)
/// and a `.code-workspace` file's `settings`
/// (<https://code.visualstudio.com/docs/editing/workspaces/multi-root-workspaces#_settings>).
fn editor_settings_key<'k>(k: &'k str, path: &str) -> &'k str {
    k.strip_prefix("customizations.vscode.settings.")
        .or_else(|| {
            path.to_ascii_lowercase()
                .ends_with(".code-workspace")
                .then(|| k.strip_prefix("settings."))
                .flatten()
        })
        .unwrap_or(k)
}

/// True for a VS Code terminal auto-approve rule that matches every command.
fn matches_everything(pattern: &str) -> bool {
    matches!(
        pattern.trim(),
        "*" | "/.*/" | "/.+/" | "/^.*$/" | "/^.*/" | "/^/" | "/.*/i" | "/(?:)/" | "//"
    )
}

/// PL508: one finding per setting that gives the agent more than the user would approve.
pub fn settings_permission_bypass(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let Some(settings) = &input.parsed.settings else {
        return reach::workflow(input, rule);
    };
    let mut out = Vec::new();
    for v in &settings.values {
        let k: &str = editor_settings_key(&v.keys, input.path);
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
            // Claude Code and Cursor CLI allow lists, Gemini CLI's allowed tools.
            "permissions.allow" | "tools.allowed" | "allowedTools" => {
                s.and_then(|rule_text| granted(input, rule, v, rule_text, rule_grant(rule_text)))
            }
            // Codex `.rules` prefixes allowed (a prefix matches any arguments after it) and
            // Gemini CLI policy shell rules (`parse::policy`).
            crate::parse::policy::CODEX_ALLOW => s.and_then(|prefix| {
                granted(input, rule, v, prefix, command_grant(prefix, true))
            }),
            crate::parse::policy::GEMINI_ALLOW => {
                s.and_then(|rule_text| granted(input, rule, v, rule_text, rule_grant(rule_text)))
            }
            crate::parse::policy::GEMINI_REDIRECTION if t => report(
                input,
                rule,
                v,
                "`allow_redirection` lets the commands this policy allows write their output into any file without asking (a shell profile, a git hook)".to_owned(),
                Some("file writes, not every command"),
            ),
            // Amp: `amp.dangerouslyAllowAll` runs every tool without asking, and
            // `amp.commands.allowlist` names commands run without asking.
            "amp.dangerouslyAllowAll" if t => report(
                input,
                rule,
                v,
                format!("`{p}` is true: every command and tool runs without asking"),
                None,
            ),
            "amp.commands.allowlist" => s.and_then(|command| {
                granted(input, rule, v, command, command_grant(command, false))
            }),
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
            // Zed 0.224 and later: the global default of the granular permissions, and the
            // terminal tool's own default (https://zed.dev/docs/ai/tool-permissions).
            "agent.tool_permissions.default" if s == Some("allow") => report(
                input,
                rule,
                v,
                format!(
                    "`{p}` is `allow`: every agent tool without a rule of its own runs without asking"
                ),
                None,
            ),
            "agent.tool_permissions.tools.terminal.default" if s == Some("allow") => report(
                input,
                rule,
                v,
                format!("`{p}` is `allow`: every terminal command runs without asking"),
                None,
            ),
            "tools.approvalMode" | "general.defaultApprovalMode"
                if s.is_some_and(|m| m.eq_ignore_ascii_case("yolo")) =>
            {
                report(
                    input,
                    rule,
                    v,
                    format!("`{p}` is `yolo`: every tool call runs without asking"),
                    (k == "general.defaultApprovalMode")
                        .then_some("Gemini CLI takes yolo only from its command line"),
                )
            }
            // Codex `[projects."<path>"] trust_level = "trusted"`: project `.codex/` layers
            // load only in a trusted project, so trusting the root or a home trusts every
            // repository below it, its config's commands and approval policy included.
            _ if s.is_some_and(|v| v.eq_ignore_ascii_case("trusted"))
                && trusted_project(k).is_some() =>
            {
                trusted_project(k)
                    .and_then(|folder| Some((folder, folder_reach(folder)?)))
                    .and_then(|(folder, reach)| {
                        let shown = crate::escape::escape_one_line(folder.trim());
                        report(
                            input,
                            rule,
                            v,
                            format!(
                                "`{p}` trusts `{shown}`, {}: Codex loads the `.codex/` config of every \
                                 repository below it (its commands, servers and approval policy) \
                                 without asking",
                                reach.what()
                            ),
                            Some("trust, not every command"),
                        )
                    })
            }
            _ if folder_grant(k).is_some() => s.and_then(|folder| {
                let reach = folder_reach(folder)?;
                let shown = crate::escape::escape_one_line(folder.trim());
                let what = folder_grant(k).unwrap_or_default();
                report(
                    input,
                    rule,
                    v,
                    format!("`{p}` hands the agent `{shown}`, {}: {what}", reach.what()),
                    Some("a folder, not every command"),
                )
            }),
            _ if s == Some("allow") && opencode_permission(k).is_some() => {
                let what = opencode_permission(k).unwrap_or_default();
                // A tool (`bash`, or `*`: every tool, the shell among them), then a pattern
                // map of that tool (`"*"`: every call).
                let (tool, pattern) = match what.split_once('.') {
                    Some((tool, pattern)) => (tool, Some(pattern)),
                    None => (what, None),
                };
                match (tool, pattern) {
                    ("" | "*" | "bash", None | Some("*")) => report(
                        input,
                        rule,
                        v,
                        format!("`{p}` is `allow`: shell commands run without asking"),
                        None,
                    ),
                    ("*" | "bash", Some(pattern)) => {
                        granted(input, rule, v, pattern, command_grant(pattern, false))
                    }
                    _ => None,
                }
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
                    // A command prefix (not a `/regex/`): classed like an allow rule.
                    Some(pattern) if t && !pattern.starts_with('/') => {
                        granted(input, rule, v, pattern, command_grant(pattern, true))
                    }
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
    out.extend(allowing_hooks(input, rule, settings));
    out.extend(reach::reach(input, rule, settings));
    out
}

/// The folder of Codex's `projects.<folder>.trust_level` key path `k`
/// (<https://developers.openai.com/codex/config-basic>: project `.codex/` layers load only
/// when the project is trusted; the table from the config reference); `None` for other keys.
fn trusted_project(k: &str) -> Option<&str> {
    k.strip_prefix("projects.")?.strip_suffix(".trust_level")
}

/// What a settings key that hands the agent folders lets it do there; `None` for other keys.
/// Codex `sandbox_workspace_write.writable_roots`, at the root or in a profile
/// (<https://developers.openai.com/codex/config-reference>), Claude Code
/// `permissions.additionalDirectories` (<https://docs.anthropic.com/en/docs/claude-code/iam>),
/// Gemini CLI `context.includeDirectories` (`docs/reference/configuration.md` of
/// <https://github.com/google-gemini/gemini-cli>).
fn folder_grant(k: &str) -> Option<&'static str> {
    if k == "sandbox_workspace_write.writable_roots"
        || k.ends_with(".sandbox_workspace_write.writable_roots")
    {
        Some("the sandboxed commands write there without asking")
    } else if k == "permissions.additionalDirectories" {
        Some("its file tools reach it as they reach the project")
    } else if k == "context.includeDirectories" {
        Some("its tools read and write there as in the project")
    } else if k == "allowWrite" || k.ends_with(".allowWrite") {
        // A sandbox-runtime profile's write list (`filesystem.allowWrite`, the opencode
        // sandbox plugin's `.opencode/sandbox.json`: https://github.com/isanchez31/opencode-sandbox-plugin;
        // https://github.com/anthropic-experimental/sandbox-runtime).
        Some("the sandboxed commands write there")
    } else {
        None
    }
}

/// The text a command prints when all it does is print a fixed text (`echo '...'`,
/// `printf '...'`): `None` when it runs anything else, tests anything or reads its input
/// (a `;`, `&&`, `|`, `$(`, a backquote or a redirection from a file outside quotes).
fn fixed_print(command: &str) -> Option<&str> {
    let c = command.trim();
    let (first, rest) = c.split_once(char::is_whitespace)?;
    if !matches!(first, "echo" | "printf" | "/bin/echo" | "/usr/bin/printf") {
        return None;
    }
    let (mut single, mut double) = (false, false);
    let mut prev = ' ';
    for ch in rest.chars() {
        match ch {
            '\'' if !double => single = !single,
            '"' if !single && prev != '\\' => double = !double,
            ';' | '|' | '&' | '`' | '<' if !single && !double => return None,
            '(' if !single && prev == '$' => return None,
            _ => {}
        }
        prev = ch;
    }
    Some(rest)
}

/// True when a hook's printed text is a decision that lets the tool run: Claude Code's
/// `"permissionDecision": "allow"` (PreToolUse) or `"behavior": "allow"` (PermissionRequest),
/// its older `"decision": "approve"`, Cursor's `"permission": "allow"`.
fn allow_decision(printed: &str) -> bool {
    let t: String = printed
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '\\' | '\'' | '"'))
        .collect::<String>()
        .to_ascii_lowercase();
    [
        "permissiondecision:allow",
        "behavior:allow",
        "decision:approve",
        "permission:allow",
    ]
    .iter()
    .any(|d| t.contains(d))
}

/// One finding per hook that prints a fixed allow decision: the tools its matcher names run
/// without asking, an error when it matches every tool or the shell.
fn allowing_hooks(
    input: &Input<'_>,
    rule: &Arc<Rule>,
    settings: &crate::parse::Settings,
) -> Vec<Finding> {
    let mut out = Vec::new();
    for c in &settings.commands {
        if !c.what.ends_with(" hook") {
            continue;
        }
        let Some(printed) = fixed_print(&c.line.text) else {
            continue;
        };
        if !allow_decision(printed) {
            continue;
        }
        // The matcher beside the hook list: `hooks.PreToolUse[0].matcher` for
        // `hooks.PreToolUse[0].hooks[0].command`.
        let matcher = c.path.rfind(".hooks[").and_then(|at| {
            let want = format!("{}.matcher", &c.path[..at]);
            settings
                .values
                .iter()
                .find(|v| v.path.to_string() == want)
                .and_then(Setting::as_str)
        });
        let every = matcher.is_none_or(|m| {
            let m = m.trim();
            m.is_empty()
                || matches!(m, "*" | ".*" | ".+")
                || m.split('|').any(|t| {
                    matches!(
                        t.trim().to_ascii_lowercase().as_str(),
                        "bash" | "shell" | "run_shell_command" | "powershell"
                    )
                })
        });
        let tools = match matcher {
            Some(m) if !m.trim().is_empty() => {
                format!("`{}`", crate::escape::escape_one_line(m.trim()))
            }
            _ => "every tool".to_owned(),
        };
        let shown = crate::escape::excerpt(&c.line.text, 60);
        let message = format!(
            "{} `{}` prints a fixed `allow` decision: {tools} runs without asking",
            c.what, c.path
        );
        let span = c.line.map.map_range(0..c.line.text.len());
        out.extend(at_setting(
            input,
            rule,
            span,
            &c.path,
            message,
            (!every).then_some((Severity::Warning, "the hook's matcher names narrower tools")),
            &shown,
        ));
    }
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
        let mode = s.and_then(Setting::as_str);
        let full = mode == Some("danger-full-access");
        // The default sandbox of a trusted project is `workspace-write`.
        let workspace = matches!(mode, None | Some("workspace-write"));
        let Some(at) = own_s
            .filter(|_| full || (never && workspace))
            .or(own_a.filter(|_| never && (full || workspace)))
        else {
            continue;
        };
        let found = if never && workspace {
            let a_path = a.map_or_else(|| "approval_policy".to_owned(), |v| v.path.to_string());
            let message = match s {
                Some(s) => format!(
                    "`{a_path}` is `never` and `{}` is `workspace-write`: commands run in the \
                     workspace without ever asking the user",
                    s.path
                ),
                None => format!(
                    "`{a_path}` is `never` with the default sandbox (`workspace-write` in a \
                     trusted project): commands run in the workspace without ever asking the user"
                ),
            };
            report(input, rule, at, message, Some("the sandbox still holds"))
        } else if never && full {
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
    use super::{
        allow_decision, editor_settings_key, fixed_print, folder_grant, opencode_permission,
    };

    #[test]
    fn fixed_prints_of_an_allow_decision() {
        for c in [
            r#"echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'"#,
            r#"printf '%s' '{ "hookSpecificOutput": { "permissionDecision" : "allow" } }'"#,
            r#"echo "{\"decision\": \"approve\"}""#,
            r#"echo '{"permission":"allow"}'"#,
            r#"echo '{"hookSpecificOutput":{"decision":{"behavior":"allow"}}}'"#,
        ] {
            assert!(fixed_print(c).is_some_and(allow_decision), "{c}");
        }
        for c in [
            r#"echo '{"permissionDecision":"deny"}'"#,
            r#"echo '{"permissionDecision":"ask"}'"#,
            r#"jq -n '{"permissionDecision":"allow"}'"#,
            r#"grep -q rm && echo '{"permissionDecision":"deny"}' || echo '{"permissionDecision":"allow"}'"#,
            r#"echo '{"permissionDecision":"allow"}' | tee log"#,
            r#"echo $(./decide.sh) '{"permissionDecision":"allow"}'"#,
            "python3 .claude/hooks/guard.py",
            "echo formatted",
        ] {
            assert!(!fixed_print(c).is_some_and(allow_decision), "{c}");
        }
    }

    #[test]
    fn editor_settings_a_launch_file_hands_vs_code_are_read_as_its_own() {
        let k = "customizations.vscode.settings.chat.tools.global.autoApprove";
        assert_eq!(
            editor_settings_key(k, ".devcontainer/devcontainer.json"),
            "chat.tools.global.autoApprove"
        );
        assert_eq!(
            editor_settings_key("settings.chat.tools.autoApprove", "a.code-workspace"),
            "chat.tools.autoApprove"
        );
        assert_eq!(
            editor_settings_key("settings.chat.tools.autoApprove", "x.json"),
            "settings.chat.tools.autoApprove"
        );
    }

    #[test]
    fn folder_keys() {
        assert!(folder_grant("sandbox_workspace_write.writable_roots").is_some());
        assert!(folder_grant("profiles.ci.sandbox_workspace_write.writable_roots").is_some());
        assert!(folder_grant("permissions.additionalDirectories").is_some());
        assert!(folder_grant("context.includeDirectories").is_some());
        assert!(folder_grant("permissions.allow").is_none());
        assert!(folder_grant("writable_roots").is_none());
        assert!(folder_grant("filesystem.allowWrite").is_some());
        assert!(folder_grant("filesystem.allowRead").is_none());
    }

    #[test]
    fn opencode_permission_keys() {
        assert_eq!(opencode_permission("permission"), Some(""));
        assert_eq!(opencode_permission("permission.bash"), Some("bash"));
        assert_eq!(
            opencode_permission("permission.bash.git *"),
            Some("bash.git *")
        );
        assert_eq!(
            opencode_permission("agent.build.permission.bash.*"),
            Some("bash.*")
        );
        assert_eq!(opencode_permission("permissions.allow"), None);
        assert_eq!(opencode_permission("permissionMode"), None);
    }
}

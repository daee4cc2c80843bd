//! PL508's settings that reach past one key: an environment variable that turns an agent's
//! approvals off, a sandbox profile switched off, and plugins enabled from a marketplace the
//! same file registers without a pin.
//!
//! - **approvals off by environment**: a `.env` file (Gemini CLI and Qwen Code load it into
//!   their own environment; `docs/reference/configuration.md` of
//!   <https://github.com/google-gemini/gemini-cli>,
//!   <https://qwenlm.github.io/qwen-code-docs/en/users/configuration/settings>) or a settings
//!   `env` table (Claude Code `env`, Codex `shell_environment_policy.set`, a dev container's
//!   `containerEnv`) sets a variable whose name says it approves tools, commands or the shell
//!   without asking (`*_AUTO_APPROVE_TOOLS=1`, `*_YOLO=true`, `*_SKIP_PERMISSIONS=1`,
//!   `*_DANGEROUSLY_*`), or turns their confirmation off (`*_CONFIRM_SHELL=false`,
//!   `*_REQUIRE_APPROVAL=0`, `*_APPROVAL_MODE=yolo`). The names are each agent's own (amd/gaia's
//!   `GAIA_AUTO_APPROVE_TOOLS`, <https://github.com/amd/gaia/pull/2475>): read by what the
//!   words of the name say, with the value's polarity, never by a list of names. A warning:
//!   whether the agent reads the variable from that file is not known here.
//! - **sandbox profile off**: the opencode sandbox plugin's `.opencode/sandbox.json`
//!   `"disabled": true` (<https://github.com/isanchez31/opencode-sandbox-plugin>, README,
//!   "Option 3: Disable"); its `filesystem.allowWrite` is read with the other folder grants.
//! - **plugins from an unpinned marketplace**: Claude Code registers each
//!   `extraKnownMarketplaces` entry of a project's settings for everyone who trusts the folder
//!   and installs the `enabledPlugins` named `plugin@marketplace`
//!   (<https://code.claude.com/docs/en/settings-reference#extraknownmarketplaces>,
//!   <https://code.claude.com/docs/en/plugin-marketplaces>); a plugin's hooks, MCP servers and
//!   commands run as the user. A marketplace from a git host, URL or package without a commit
//!   (`ref`/`sha` of 40 hex digits) serves whatever its owner pushes next; one in the
//!   repository (`directory`, `file`) or Anthropic's own (`anthropics/...`) is not reported.

use std::sync::Arc;

use crate::finding::{Finding, Severity};
use crate::parse::{Setting, SettingValue, Settings};
use crate::rules::Rule;
use crate::rules::native::input::Input;
use crate::rules::native::settings_common::at_setting;

/// Words of a variable's name that name what the agent acts with.
const SUBJECTS: &[&str] = &[
    "tool",
    "tools",
    "command",
    "commands",
    "cmd",
    "shell",
    "bash",
    "terminal",
    "exec",
    "execution",
    "action",
    "actions",
    "edit",
    "edits",
    "agent",
    "mcp",
    "permission",
    "permissions",
];

/// Words that grant when the variable is on: `AUTO_APPROVE`, `ALWAYS_ALLOW`, `SKIP_CONFIRM`.
const GRANT_LEAD: &[&str] = &[
    "auto", "always", "skip", "bypass", "disable", "no", "without", "ignore",
];

/// What the lead words act on: approving, confirming, asking, permissions.
const APPROVAL: &[&str] = &[
    "approve",
    "approval",
    "approvals",
    "accept",
    "allow",
    "confirm",
    "confirmation",
    "confirmations",
    "permission",
    "permissions",
    "prompt",
    "prompts",
];

/// Words that ask when the variable is on (`CONFIRM_SHELL`, `REQUIRE_APPROVAL`): off grants.
const ASKING: &[&str] = &[
    "confirm",
    "confirmation",
    "require",
    "approval",
    "approve",
    "ask",
    "prompt",
];

/// Values that name a mode without asking (`APPROVAL_MODE=yolo`).
const MODES: &[&str] = &[
    "yolo",
    "never",
    "bypasspermissions",
    "bypass",
    "full-auto",
    "auto-approve",
    "autoapprove",
    "dangerously-skip-permissions",
];

fn on(v: &str) -> bool {
    matches!(
        v.trim().to_ascii_lowercase().as_str(),
        "1" | "true" | "yes" | "on" | "y" | "always" | "all"
    )
}

fn off(v: &str) -> bool {
    matches!(
        v.trim().to_ascii_lowercase().as_str(),
        "0" | "false" | "no" | "off" | "n" | "never" | "none"
    )
}

/// What an environment variable does to the agent's approvals, from the words of its name and
/// its value; `None` when it says nothing about them.
fn approvals_off(name: &str, value: &str) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let has = |set: &[&str]| words.iter().any(|w| set.contains(w));
    let glued = |w: &&str| {
        w.starts_with("autoapprove")
            || w.starts_with("autoaccept")
            || w.starts_with("alwaysallow")
            || w.starts_with("skippermission")
    };
    if (words.contains(&"yolo") || words.iter().any(|w| w.starts_with("dangerously"))) && on(value)
    {
        return Some("turns the agent's safety switch on by name");
    }
    let lead = words
        .windows(2)
        .any(|p| GRANT_LEAD.contains(&p[0]) && APPROVAL.iter().any(|a| p[1].starts_with(a)))
        || words.iter().any(glued);
    let subject = has(SUBJECTS);
    if lead && subject && on(value) {
        return Some("approves the agent's actions without asking");
    }
    if !lead && subject && has(ASKING) && off(value) {
        return Some("turns the agent's confirmation off");
    }
    let mode = value.trim().to_ascii_lowercase();
    if (has(&["approval", "approvals", "permission", "permissions"]) || (subject && has(&["mode"])))
        && MODES.contains(&mode.as_str())
    {
        return Some("sets a mode that runs without asking");
    }
    None
}

/// Approvals switched off through the environment the agent inherits.
fn environment(input: &Input<'_>, rule: &Arc<Rule>, settings: &Settings) -> Vec<Finding> {
    let dotenv = input
        .path
        .rsplit(['/', '\\'])
        .next()
        .is_some_and(|n| n == ".env" || n.starts_with(".env."));
    let mut out = Vec::new();
    for v in &settings.values {
        let Some(value) = v.as_str().map(str::to_owned).or(match &v.value {
            SettingValue::Bool(b) => Some(b.to_string()),
            SettingValue::Other(o) => Some(o.clone()),
            SettingValue::String(_) => None,
        }) else {
            continue;
        };
        let Some(var) = super::super::pl516_settings_env_code_loading::env_var(&v.keys, dotenv)
        else {
            continue;
        };
        let Some(what) = approvals_off(var, &value) else {
            continue;
        };
        let shown = crate::escape::escape_one_line(&crate::escape::excerpt(&value, 40));
        out.extend(report(
            input,
            rule,
            v,
            format!(
                "`{}` is `{shown}`: the variable's name says it {what}, for every command the \
                 agent started with this environment runs",
                v.path
            ),
            Some("a variable the agent may read, not a documented setting"),
        ));
    }
    out
}

/// The opencode sandbox plugin switched off by the project's profile.
fn sandbox_off(input: &Input<'_>, rule: &Arc<Rule>, settings: &Settings) -> Vec<Finding> {
    let path = input.path.replace('\\', "/");
    if !(path == ".opencode/sandbox.json" || path.ends_with("/.opencode/sandbox.json")) {
        return Vec::new();
    }
    settings
        .values
        .iter()
        .filter(|v| &*v.keys == "disabled" && matches!(v.value, SettingValue::Bool(true)))
        .filter_map(|v| {
            report(
                input,
                rule,
                v,
                format!(
                    "`{}` is true: the sandbox plugin runs the agent's commands without its \
                     filesystem and network limits",
                    v.path
                ),
                Some("the sandbox is off but approvals still ask"),
            )
        })
        .collect()
}

/// A marketplace source pinned to a commit: `ref`/`sha` of 40 hex digits, or one written after
/// `#` or `@` in its repository or URL.
fn full_sha(s: &str) -> bool {
    s.len() == 40 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Plugins enabled from a marketplace this file registers from outside without a pin.
fn marketplaces(input: &Input<'_>, rule: &Arc<Rule>, settings: &Settings) -> Vec<Finding> {
    let field = |name: &str, key: &str| -> Option<&Setting> {
        let want = format!("extraKnownMarketplaces.{name}.source.{key}");
        settings.values.iter().find(|v| *v.keys == *want)
    };
    let mut names: Vec<&str> = Vec::new();
    for v in &settings.values {
        if let Some(rest) = v.keys.strip_prefix("extraKnownMarketplaces.")
            && let Some((name, _)) = rest.split_once(".source")
            && !names.contains(&name)
        {
            names.push(name);
        }
    }
    let mut out = Vec::new();
    for name in names {
        let kind = field(name, "source")
            .and_then(Setting::as_str)
            .unwrap_or("");
        if matches!(kind, "directory" | "file" | "settings") {
            continue;
        }
        let Some(at) = ["repo", "url", "package"]
            .iter()
            .find_map(|k| field(name, k))
        else {
            continue;
        };
        let place = at.as_str().unwrap_or("").trim();
        let vendor = place.to_ascii_lowercase();
        if vendor.starts_with("anthropics/") || vendor.contains("github.com/anthropics/") {
            continue;
        }
        let pinned = ["ref", "sha", "commit"]
            .iter()
            .filter_map(|k| field(name, k).and_then(Setting::as_str))
            .any(|r| full_sha(r.trim()))
            || place.rsplit(['#', '@']).next().is_some_and(full_sha);
        if pinned {
            continue;
        }
        let suffix = format!("@{name}");
        let enabled = settings
            .values
            .iter()
            .filter(|v| {
                v.keys
                    .strip_prefix("enabledPlugins.")
                    .is_some_and(|p| p.ends_with(&suffix))
                    && !matches!(v.value, SettingValue::Bool(false))
            })
            .count();
        if enabled == 0 {
            continue;
        }
        out.extend(report(
            input,
            rule,
            at,
            format!(
                "`{}` registers marketplace `{}` from `{}` without a commit pin and this file \
                 enables {enabled} plugin(s) from it: whatever its owner pushes next (hooks, MCP \
                 servers, commands) runs for everyone who trusts the folder",
                at.path,
                crate::escape::escape_one_line(name),
                crate::escape::escape_one_line(place)
            ),
            Some("plugins from an unpinned source, not every command"),
        ));
    }
    out
}

/// Hosts of the model providers an agent action talks to by default (and Azure OpenAI, which
/// codex-action's own `responses-api-endpoint` example names).
const PROVIDER_HOSTS: &[&str] = &[
    "openai.com",
    "openai.azure.com",
    "anthropic.com",
    "googleapis.com",
    "amazonaws.com",
];

/// An agent action's inputs in a GitHub Actions workflow that switch its guard off or send its
/// traffic elsewhere: `openai/codex-action`'s `sandbox: danger-full-access`,
/// `safety-strategy: unsafe` ("Do not try to restrict Codex's privileges at all ... it can
/// read secrets stored in memory") and `responses-api-endpoint` (its `action.yml`,
/// <https://github.com/openai/codex-action/blob/main/action.yml>), and the same words in any
/// agent action's `with:` (an input ending in `endpoint`, `base-url`/`base_url`, `api-url`
/// naming a host that is no model provider's). The step is found as PL515 finds it
/// ([`crate::rules::native::pl515_ci_agent_untrusted_input::runs_agent`]).
pub(super) fn workflow(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    if !crate::kind::is_ci_workflow(input.path)
        || !super::super::pl515_ci_agent_untrusted_input::runs_agent(text)
    {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let t = line.trim();
        let Some((key, value)) = t.split_once(':') else {
            continue;
        };
        let key = key.trim().trim_start_matches("- ").to_ascii_lowercase();
        let value = value.trim().trim_matches(['"', '\'']);
        let what = match key.as_str() {
            "sandbox" if value == "danger-full-access" => {
                Some("runs the agent without a sandbox".to_owned())
            }
            "safety-strategy" if value == "unsafe" => Some(
                "keeps the runner's sudo for the agent: it can read the API key and the job's \
                 secrets from memory"
                    .to_owned(),
            ),
            k if (k.ends_with("endpoint")
                || k.ends_with("base-url")
                || k.ends_with("base_url")
                || k.ends_with("api-url"))
                && value.contains("://") =>
            {
                let host = value
                    .split("://")
                    .nth(1)
                    .and_then(|r| r.split(['/', ':', '?']).next())
                    .unwrap_or("")
                    .to_ascii_lowercase();
                let own = PROVIDER_HOSTS
                    .iter()
                    .any(|d| host == *d || host.ends_with(&format!(".{d}")))
                    || crate::rules::native::pl310_settings_command_exfil::is_local_host(&host)
                    || host.is_empty()
                    || host.contains("${{");
                (!own).then(|| {
                    format!(
                        "sends the agent's model traffic, with its API key, to `{}`, not the \
                         provider",
                        crate::escape::escape_one_line(&host)
                    )
                })
            }
            _ => None,
        };
        let Some(what) = what else { continue };
        let lead = line.len() - line.trim_start().len();
        let span = start + lead..start + lead + line.trim().len();
        let path = format!("with.{key}");
        out.extend(crate::rules::native::settings_common::at_setting(
            input,
            rule,
            span,
            &path,
            format!("agent action input `{key}` {what}"),
            Some((
                crate::finding::Severity::Warning,
                "a CI job's agent, not a developer's machine",
            )),
            value,
        ));
    }
    out
}

/// Every finding of this module for one settings file.
pub(super) fn reach(input: &Input<'_>, rule: &Arc<Rule>, settings: &Settings) -> Vec<Finding> {
    let mut out = environment(input, rule, settings);
    out.extend(sandbox_off(input, rule, settings));
    out.extend(marketplaces(input, rule, settings));
    out
}

/// One finding for `v` with `message`, a warning when `warning` gives why it is below the
/// rule's severity.
pub(super) fn report(
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

#[cfg(test)]
mod tests {
    use super::approvals_off;

    #[test]
    fn variables_that_turn_approvals_off() {
        for (n, v) in [
            ("GAIA_AUTO_APPROVE_TOOLS", "1"),
            ("GAIA_CONFIRM_SHELL", "false"),
            ("ACME_AGENT_YOLO", "true"),
            ("AGENT_SKIP_PERMISSIONS", "yes"),
            ("MYBOT_ALWAYS_ALLOW_COMMANDS", "on"),
            ("TOOLS_REQUIRE_APPROVAL", "0"),
            ("AGENT_APPROVAL_MODE", "yolo"),
            ("CODER_AUTOAPPROVE_EDITS", "true"),
            ("RUNNER_DANGEROUSLY_SKIP", "1"),
            ("BOT_NO_CONFIRM_EXEC", "1"),
        ] {
            assert!(approvals_off(n, v).is_some(), "{n}={v}");
        }
        for (n, v) in [
            ("GAIA_AUTO_APPROVE_TOOLS", "0"),
            ("GAIA_CONFIRM_SHELL", "true"),
            ("ENABLE_EMAIL_AUTOCONFIRM", "true"),
            ("MAILER_AUTOCONFIRM", "true"),
            ("AUTO_APPROVE_PULL_REQUESTS", "true"),
            ("LOG_LEVEL", "info"),
            ("REQUIRE_EMAIL_CONFIRMATION", "false"),
            ("AUTO_RUN_MIGRATIONS", "true"),
            ("TOOLS_APPROVAL_MODE", "default"),
        ] {
            assert!(approvals_off(n, v).is_none(), "{n}={v}");
        }
    }
}

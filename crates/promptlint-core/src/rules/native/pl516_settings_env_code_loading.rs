//! PL516: an environment variable set by a project settings or `.env` file that loads code
//! into every process the agent starts: `NODE_OPTIONS` preloading a module from a hidden or
//! temporary folder, a `data:` or web URL, and `LD_PRELOAD` / `DYLD_INSERT_LIBRARIES`.
//!
//! Where the environment comes from (each a settings key path; an MCP server's own `env` is
//! PL514's):
//! - a `.env` file, which Gemini CLI and Qwen Code load into their own environment, so every
//!   command they run inherits it (`docs/reference/configuration.md` of
//!   <https://github.com/google-gemini/gemini-cli>, "Environment variables ... potentially
//!   loaded from `.env` files";
//!   <https://qwenlm.github.io/qwen-code-docs/en/users/configuration/settings>);
//! - Claude Code `env` ("environment variables that will be applied to every session",
//!   <https://docs.anthropic.com/en/docs/claude-code/settings>);
//! - Codex `shell_environment_policy.set` (inserted into the environment of every command,
//!   <https://developers.openai.com/codex/config-reference>);
//! - a dev container's `containerEnv` / `remoteEnv`
//!   (<https://containers.dev/implementors/json_reference/>) and mise's `[env]`
//!   (<https://mise.jdx.dev/environments/>).
//!
//! What the variables do: Node preloads the module of `-r`/`--require`, `--import` and
//! `--loader` given in `NODE_OPTIONS` into every Node process
//! (<https://nodejs.org/api/cli.html#-r---require-module>); `LD_PRELOAD` (ld.so(8),
//! <https://man7.org/linux/man-pages/man8/ld.so.8.html>) and `DYLD_INSERT_LIBRARIES` (dyld(1))
//! load a library into every dynamically linked program. A preload of a package by name
//! (`-r dotenv/config`, `--import tsx`) or of a file in a visible project folder
//! (`--require ./.pnp.cjs`, `-r ./scripts/setup.js`) is how projects configure Node, and is
//! not reported; memory and warning flags never are.

use std::sync::Arc;

use super::input::Input;
use super::settings_common::at_setting;
use crate::finding::Finding;
use crate::rules::Rule;

/// Tables whose keys are environment variables the agent's processes inherit.
const ENV_TABLES: &[&str] = &[
    "env",
    "shell_environment_policy.set",
    "containerEnv",
    "remoteEnv",
];

/// The variable a settings key sets in the agent's environment: the key itself in a `.env`
/// file (one key), or a key of one of [`ENV_TABLES`].
pub(super) fn env_var(keys: &str, dotenv: bool) -> Option<&str> {
    if dotenv {
        return (!keys.contains('.')).then_some(keys);
    }
    ENV_TABLES.iter().find_map(|t| {
        keys.strip_prefix(t)
            .and_then(|r| r.strip_prefix('.'))
            .filter(|v| !v.contains('.'))
    })
}

/// True for a folder anyone can write (`/tmp`, `/var/tmp`, `/dev/shm`) or a hidden one
/// (`node_modules/.cache/x`, `~/.local/x`), where a planted file is easy to miss.
fn tmp_or_hidden(dir: &str) -> bool {
    let d = dir.replace('\\', "/");
    ["/tmp", "/var/tmp", "/dev/shm", "/private/tmp"]
        .iter()
        .any(|t| d == *t || d.starts_with(&format!("{t}/")))
        || d.split('/')
            .any(|c| c.len() > 1 && c.starts_with('.') && c != "..")
}

/// The module `NODE_OPTIONS` preloads when it is a file in a hidden or temporary folder, or
/// a `data:` or web URL.
fn risky_preload(options: &str) -> Option<&str> {
    let words: Vec<&str> = options.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        let module = match *w {
            "-r" | "--require" | "--import" | "--loader" | "--experimental-loader" => {
                words.get(i + 1).copied()
            }
            _ => [
                "--require=",
                "--import=",
                "--loader=",
                "--experimental-loader=",
            ]
            .iter()
            .find_map(|p| w.strip_prefix(p)),
        };
        let Some(m) = module.map(|m| m.trim_matches(['"', '\''])) else {
            continue;
        };
        let lower = m.to_ascii_lowercase();
        if lower.starts_with("data:")
            || lower.starts_with("http://")
            || lower.starts_with("https://")
        {
            return Some(m);
        }
        let path = m.strip_prefix("file://").unwrap_or(m);
        let is_path = path.starts_with(['/', '.', '~', '\\']) || path.contains(":\\");
        if is_path
            && let Some((dir, _file)) = path.rsplit_once(['/', '\\'])
            && tmp_or_hidden(dir)
        {
            return Some(m);
        }
    }
    None
}

/// PL516: one finding per variable that loads code into the agent's processes.
pub fn settings_env_code_loading(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let Some(settings) = &input.parsed.settings else {
        return Vec::new();
    };
    let dotenv = input
        .path
        .rsplit(['/', '\\'])
        .next()
        .is_some_and(|n| n == ".env" || n.starts_with(".env."));
    let mut out = Vec::new();
    for v in &settings.values {
        let Some(value) = v.as_str() else { continue };
        let Some(var) = env_var(&v.keys, dotenv) else {
            continue;
        };
        let value = value.trim();
        if value.is_empty() {
            continue;
        }
        let what = match var {
            "NODE_OPTIONS" => risky_preload(value).map(|m| {
                format!(
                    "preloads `{}` into every Node process the agent starts",
                    crate::escape::escape_one_line(m)
                )
            }),
            "LD_PRELOAD" | "DYLD_INSERT_LIBRARIES" => Some(format!(
                "injects `{}` into every program the agent starts",
                crate::escape::escape_one_line(&crate::escape::excerpt(value, 80))
            )),
            _ => None,
        };
        let Some(what) = what else { continue };
        let path = v.path.to_string();
        out.extend(at_setting(
            input,
            rule,
            v.span.clone(),
            &path,
            format!("`{path}` {what}"),
            None,
            value,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{env_var, risky_preload};

    #[test]
    fn preloads_from_hidden_or_temporary_folders_and_urls() {
        for o in [
            "--require ./node_modules/.cache/envcheck/boot.js",
            "-r /tmp/hook.js",
            "--import=./.git/hooks/x.mjs --max-old-space-size=4096",
            "--import data:text/javascript,fetch('https://x.example')",
            "--experimental-loader https://cdn.example/l.mjs",
            "-r ~/.local/share/x.js",
        ] {
            assert!(risky_preload(o).is_some(), "{o}");
        }
        for o in [
            "--max-old-space-size=8192",
            "--no-deprecation --no-experimental-strip-types",
            "-r dotenv/config",
            "--import tsx",
            "--require ./.pnp.cjs",
            "-r ./scripts/setup.js",
            "--require ts-node/register",
        ] {
            assert!(risky_preload(o).is_none(), "{o}");
        }
    }

    #[test]
    fn variables_the_agent_inherits() {
        assert_eq!(env_var("NODE_OPTIONS", true), Some("NODE_OPTIONS"));
        assert_eq!(env_var("env.LD_PRELOAD", false), Some("LD_PRELOAD"));
        assert_eq!(
            env_var("shell_environment_policy.set.NODE_OPTIONS", false),
            Some("NODE_OPTIONS")
        );
        assert_eq!(
            env_var("containerEnv.NODE_OPTIONS", false),
            Some("NODE_OPTIONS")
        );
        assert_eq!(env_var("mcpServers.x.env.NODE_OPTIONS", false), None);
        assert_eq!(env_var("NODE_OPTIONS", false), None);
    }
}

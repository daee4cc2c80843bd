//! File kinds: how an agent uses a source, which decides how it is parsed and which rules apply.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// How an agent uses a source (DESIGN.md vocabulary).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FileKind {
    /// Always-loaded project instructions: AGENTS.md, CLAUDE.md, GEMINI.md, .cursorrules, ...
    Instructions,
    /// Conditional rule files: `.cursor/rules/*.mdc`, `.github/instructions/*.instructions.md`, ...
    Rules,
    /// An Agent Skills `SKILL.md`.
    Skill,
    /// A slash command or reusable prompt file (`.claude/commands/*.md`, `*.prompt.md`).
    Command,
    /// A sub-agent or chat-mode definition (`.claude/agents/*.md`, `*.chatmode.md`).
    AgentDef,
    /// An MCP server configuration (`.mcp.json`, `.cursor/mcp.json`, ...).
    McpConfig,
    /// What an MCP server tells the model: a `tools/list`, `prompts/list`, `resources/list` or
    /// `initialize` result (a JSON-RPC response or its bare `result`), or a manifest that
    /// declares tools (the MCP registry's `server.json`, a desktop extension's
    /// `manifest.json`). See [`crate::parse::mcp_tools`](mod@crate::parse::mcp_tools).
    McpTools,
    /// A file of an Agent Skills bundle besides its `SKILL.md` (`scripts/`, `references/`,
    /// `assets/`, referenced files): the agent loads or runs it when the skill is used
    /// (<https://agentskills.io/specification>).
    SkillResource,
    /// A prompt text or template owned by an application's authors.
    Prompt,
    /// One provider API request as JSON.
    Request,
    /// Requests as JSON Lines, one per line.
    RequestLog,
    /// An agent's project configuration: settings that make it run commands (hooks, status
    /// line, key helpers, servers), set its environment and its permissions
    /// (`.claude/settings.json`, `.vscode/settings.json`, `.cursor/hooks.json`,
    /// `.codex/config.toml`, `.gemini/settings.json`, `opencode.json`; sources in
    /// rules/agents.yaml), and the launch-time files read the same way: what an editor or a
    /// container tool runs as the project opens (`.vscode/tasks.json`, `devcontainer.json`)
    /// and a `.env` the agent's environment is loaded from.
    AgentSettings,
    /// Project documentation an agent reads when it explores the repository or is pointed
    /// at it (a README, a contributing guide, `docs/**/*.md`, a vendored package's README,
    /// an issue template), but no agent loads on its own. Only the rules that read text
    /// written for the model check it (orders to the model, hidden markup, invisible
    /// characters, encoded orders, hand-overs of secrets) and the commands that send
    /// secrets off or run fetched code, not the other command rules: the install and
    /// cleanup commands of a README are for people to run. The same whether the file is
    /// walked or named.
    Doc,
}

impl FileKind {
    /// Every kind, in declaration order.
    pub const ALL: [FileKind; 13] = [
        FileKind::Instructions,
        FileKind::Rules,
        FileKind::Skill,
        FileKind::Command,
        FileKind::AgentDef,
        FileKind::McpConfig,
        FileKind::McpTools,
        FileKind::SkillResource,
        FileKind::Prompt,
        FileKind::Request,
        FileKind::RequestLog,
        FileKind::AgentSettings,
        FileKind::Doc,
    ];

    /// The kebab-case name used on the command line, in rule files and in output.
    pub fn as_str(self) -> &'static str {
        match self {
            FileKind::Instructions => "instructions",
            FileKind::Rules => "rules",
            FileKind::Skill => "skill",
            FileKind::Command => "command",
            FileKind::AgentDef => "agent-def",
            FileKind::McpConfig => "mcp-config",
            FileKind::McpTools => "mcp-tools",
            FileKind::SkillResource => "skill-resource",
            FileKind::Prompt => "prompt",
            FileKind::Request => "request",
            FileKind::RequestLog => "request-log",
            FileKind::AgentSettings => "agent-settings",
            FileKind::Doc => "doc",
        }
    }

    /// Kinds an agent loads from a repository on its own: text there is untrusted, so injection
    /// rules apply at full severity. Agents read these files whatever bytes they hold, so they
    /// are never skipped as binary.
    pub fn is_agent_loaded(self) -> bool {
        matches!(
            self,
            FileKind::Instructions
                | FileKind::Rules
                | FileKind::Skill
                | FileKind::Command
                | FileKind::AgentDef
                | FileKind::McpConfig
                | FileKind::AgentSettings
        )
    }

    /// Kinds whose body is markdown (possibly with YAML frontmatter).
    pub fn is_markdown(self) -> bool {
        matches!(
            self,
            FileKind::Instructions
                | FileKind::Rules
                | FileKind::Skill
                | FileKind::Command
                | FileKind::AgentDef
                | FileKind::Doc
        )
    }
}

impl fmt::Display for FileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for FileKind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        FileKind::ALL
            .into_iter()
            .find(|k| k.as_str() == s)
            .ok_or_else(|| {
                let names: Vec<_> = FileKind::ALL.iter().map(|k| k.as_str()).collect();
                format!(
                    "unknown file kind `{s}` (expected one of: {})",
                    names.join(", ")
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for k in FileKind::ALL {
            assert_eq!(k.as_str().parse::<FileKind>(), Ok(k));
        }
        assert!(
            "markdown"
                .parse::<FileKind>()
                .unwrap_err()
                .contains("agent-def")
        );
    }
}

/// The syntax of a source: how its bytes are parsed and where a directive may sit. Decided
/// once per source from its kind and path ([`Syntax::of`]) by the parse stage, which records
/// it in its result (`Parsed::syntax`); the rules and suppression read it from there and
/// never look at the file name again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Syntax {
    /// Markdown (CommonMark with frontmatter): instruction files, skills, rules.
    Markdown,
    /// JSON or JSONC (comments and trailing commas allowed): MCP configs and tool lists,
    /// settings, requests, a JSON prompt.
    Json,
    /// JSON Lines: one request per line.
    JsonLines,
    /// TOML: `.codex/config.toml` and other TOML settings.
    Toml,
    /// A dotenv file (`KEY=value` lines, `#` comments): a `.env` that an agent or the shell
    /// around it loads into the environment.
    Dotenv,
    /// A prompt template (markdown or text with the template's own markers).
    Template,
    /// Plain text: anything else (a skill's script or data file).
    #[default]
    Text,
}

impl Syntax {
    /// The syntax of a source of `kind` named `path`.
    pub fn of(kind: FileKind, path: &str) -> Syntax {
        let lower = path.to_ascii_lowercase();
        match kind {
            FileKind::McpConfig | FileKind::McpTools | FileKind::Request => Syntax::Json,
            FileKind::RequestLog => Syntax::JsonLines,
            FileKind::AgentSettings if lower.ends_with(".toml") => Syntax::Toml,
            // Codex's Starlark `.rules`: `#` comments.
            FileKind::AgentSettings if policy_file(&lower).is_some() => Syntax::Dotenv,
            // `.npmrc`, `.yarnrc`, `pip.conf` and the YAML ones: `#` comments, as a `.env`.
            FileKind::AgentSettings if package_config(&lower).is_some() => Syntax::Dotenv,
            FileKind::AgentSettings if lower == ".env" || lower.ends_with("/.env") => {
                Syntax::Dotenv
            }
            // ralphex's INI `key = value` config (<https://github.com/umputun/ralphex>).
            FileKind::AgentSettings
                if lower == ".ralphex/config" || lower.ends_with("/.ralphex/config") =>
            {
                Syntax::Dotenv
            }
            FileKind::AgentSettings => Syntax::Json,
            // A saved issue or pull request read as instructions (`check::outsiders`).
            FileKind::Prompt | FileKind::Instructions if lower.ends_with(".json") => Syntax::Json,
            FileKind::Prompt if markdown_path(&lower) => Syntax::Markdown,
            FileKind::Prompt => Syntax::Template,
            k if k.is_markdown() || markdown_path(&lower) => Syntax::Markdown,
            _ => Syntax::Text,
        }
    }
}

/// True when `path` is a GitHub Actions workflow (`.github/workflows/*.yml` or `.yaml`). It is
/// read as a prompt (named, or walked when it runs an agent), but it is no request a
/// provider caches, so the cache family does not read it; PL515 reads its triggers and steps.
pub fn is_ci_workflow(path: &str) -> bool {
    let lower = path.to_ascii_lowercase().replace('\\', "/");
    let Some((dir, name)) = lower.rsplit_once('/') else {
        return false;
    };
    (dir == ".github/workflows" || dir.ends_with("/.github/workflows"))
        && (name.ends_with(".yml") || name.ends_with(".yaml"))
}

/// True when `path` names an npm package manifest (`package.json`), whose settings are its
/// `scripts` only ([`crate::parse::settings::parse_package`]).
pub fn package_manifest(path: &str) -> bool {
    path.rsplit(['/', '\\'])
        .next()
        .is_some_and(|n| n.eq_ignore_ascii_case("package.json"))
}

/// True when `path` lies inside a `node_modules` folder: an installed dependency, whose
/// manifest's scripts npm runs only on install
/// (<https://docs.npmjs.com/cli/v11/using-npm/scripts>, "Life Cycle Scripts").
pub fn in_node_modules(path: &str) -> bool {
    path.split(['/', '\\']).any(|c| c == "node_modules")
}

/// A package manager's configuration file, read as settings for the index it installs
/// from, its TLS checks and the programs it runs
/// ([`crate::parse::pkgconf::parse_package_config`]; PL323 reads it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PackageConfig {
    /// npm's `.npmrc` (`key=value` lines; also read by pnpm, yarn 1 and bun):
    /// <https://docs.npmjs.com/cli/v11/configuring-npm/npmrc>.
    Npmrc,
    /// yarn 1's `.yarnrc` (`key "value"` lines):
    /// <https://classic.yarnpkg.com/en/docs/yarnrc>.
    Yarnrc,
    /// yarn 2+'s `.yarnrc.yml` (YAML): <https://yarnpkg.com/configuration/yarnrc>.
    YarnrcYml,
    /// pnpm's `pnpm-workspace.yaml` (YAML; settings there since pnpm 10):
    /// <https://pnpm.io/settings>.
    PnpmWorkspace,
    /// bun's `bunfig.toml` (`[install]`): <https://bun.sh/docs/runtime/bunfig>.
    Bunfig,
    /// pip's `pip.conf` / `pip.ini` (INI, `[global]`, `[install]`): read from a virtual
    /// environment's folder or the file `PIP_CONFIG_FILE` names
    /// (<https://pip.pypa.io/en/stable/topics/configuration/>).
    Pip,
    /// uv's `uv.toml`, or `pyproject.toml`'s `[tool.uv]` (only that table is read):
    /// <https://docs.astral.sh/uv/concepts/configuration-files/>.
    Uv,
    /// `pyproject.toml`: its `[tool.uv]` table only, as [`PackageConfig::Uv`].
    Pyproject,
}

/// The package manager configuration `path` names, when it names one.
pub fn package_config(path: &str) -> Option<PackageConfig> {
    let name = path.rsplit(['/', '\\']).next()?;
    Some(match name {
        ".npmrc" => PackageConfig::Npmrc,
        ".yarnrc" => PackageConfig::Yarnrc,
        ".yarnrc.yml" | ".yarnrc.yaml" => PackageConfig::YarnrcYml,
        "pnpm-workspace.yaml" | "pnpm-workspace.yml" => PackageConfig::PnpmWorkspace,
        "bunfig.toml" | ".bunfig.toml" => PackageConfig::Bunfig,
        "pip.conf" | "pip.ini" => PackageConfig::Pip,
        "uv.toml" => PackageConfig::Uv,
        "pyproject.toml" => PackageConfig::Pyproject,
        _ => return None,
    })
}

/// An agent's command policy file, read as the allow entries it holds
/// ([`crate::parse::policy::parse_codex_rules`], [`crate::parse::policy::parse_gemini_policy`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PolicyFile {
    /// Codex's Starlark `.rules` in a `.codex/rules/` folder.
    CodexRules,
    /// Gemini CLI's policy TOML in a `.gemini/policies/` folder.
    GeminiPolicy,
}

/// The policy file `path` names, when it names one.
pub fn policy_file(path: &str) -> Option<PolicyFile> {
    let p = path.replace('\\', "/");
    let (dir, name) = p.rsplit_once('/')?;
    if (dir == ".codex/rules" || dir.ends_with("/.codex/rules")) && name.ends_with(".rules") {
        Some(PolicyFile::CodexRules)
    } else if (dir == ".gemini/policies" || dir.ends_with("/.gemini/policies"))
        && name.ends_with(".toml")
    {
        Some(PolicyFile::GeminiPolicy)
    } else {
        None
    }
}

/// True when `path` names a Makefile (`Makefile`, `makefile`, `GNUmakefile`, or a `.mk`
/// file it includes), whose settings are its recipe lines
/// ([`crate::parse::settings::parse_makefile`]).
pub fn makefile(path: &str) -> bool {
    path.rsplit(['/', '\\']).next().is_some_and(|n| {
        matches!(n, "Makefile" | "makefile" | "GNUmakefile")
            || n.to_ascii_lowercase().ends_with(".mk")
    })
}

/// True when a lower-case `path` ends in a markdown extension.
fn markdown_path(lower: &str) -> bool {
    [".md", ".mdc", ".markdown", ".md.tpl", ".mdx"]
        .iter()
        .any(|e| lower.ends_with(e))
}

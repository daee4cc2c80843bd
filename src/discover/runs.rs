//! Following the scripts that settings run by path ([`super::run_paths`] reads them off the
//! settings' text): each is handed on as a script ([`FileKind::SkillResource`]) that says what
//! runs it, inside the scanned tree only.

use std::path::{Path, PathBuf};

use crate::kind::FileKind;

use super::display::display_relative;
use super::follow::lexical;
use super::run_paths::Runner;
use super::sink::{Brought, Sink, Taken};

/// At most this many scripts are added per folder walked (or file named).
pub const MAX_RUNS: usize = 200;

/// The folders a settings file's relative script paths are resolved from: its own folder
/// (npm runs scripts in the package's folder), and the project folder when the file sits in
/// an agent's or editor's folder (`.claude/settings.json` runs hooks from the project root,
/// a plugin's `hooks/hooks.json` from the plugin's root).
fn bases(settings: &Path) -> Vec<PathBuf> {
    let dir = settings.parent().unwrap_or(Path::new(""));
    let mut out = vec![dir.to_path_buf()];
    for up in dir.ancestors().take(3) {
        let name = up.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let agent_folder = name.starts_with('.') && name.len() > 1 || name == "hooks";
        if agent_folder && let Some(parent) = up.parent() {
            out.push(parent.to_path_buf());
            break;
        }
    }
    out
}

/// Hands on the scripts that `runners` (the settings files one path found) run, inside
/// `root` (after links are resolved), as skill resources that say what runs them: at most
/// [`MAX_RUNS`] files, none already found. Returns the file system lookups made.
pub(super) fn follow_runs(
    out: &mut Sink<'_>,
    runners: std::ops::Range<usize>,
    root: &Path,
) -> usize {
    let Ok(canon_root) = std::fs::canonicalize(root) else {
        return 0;
    };
    let mut runners: Vec<Runner> = out.runners[runners]
        .iter_mut()
        .map(|r| Runner {
            path: r.path.clone(),
            display: r.display.clone(),
            scripts: std::mem::take(&mut r.scripts),
            approved: std::mem::take(&mut r.approved),
            approves: r.approves,
        })
        .collect();
    // The package scripts an agent may run unasked, when a settings file of the walk says so.
    if runners.iter().any(|r| r.approves) {
        for r in &mut runners {
            let approved = std::mem::take(&mut r.approved);
            r.scripts.extend(approved);
        }
    }
    let mut added = 0;
    let mut lookups = 0;
    for r in runners {
        let bases = bases(&r.path);
        let how = Brought {
            kind: FileKind::SkillResource,
            agents: &[],
            by: &r.display,
            user_level: false,
        };
        for script in &r.scripts {
            if added >= MAX_RUNS {
                return lookups;
            }
            for base in &bases {
                let candidate = lexical(&base.join(script));
                lookups += 1;
                match out.bring_in(&canon_root, candidate, display_relative, &how) {
                    Taken::Outside => continue,
                    Taken::Added => added += 1,
                    Taken::Known => {}
                }
                break;
            }
        }
    }
    lookups
}

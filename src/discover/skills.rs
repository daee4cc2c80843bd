//! Skill folders: the resources beside a `SKILL.md`.

use std::path::{Path, PathBuf};

use crate::agents::Classification;
use crate::kind::FileKind;

/// How many folders above a file a skill's `SKILL.md` is looked for.
pub const MAX_SKILL_DEPTH: usize = 4;

/// At most this many resource files are scanned per skill folder.
pub const MAX_SKILL_RESOURCES: usize = 500;

/// Skill folders met while walking: the files of a folder that holds a `SKILL.md` (its
/// `scripts/`, `references/`, `assets/` and any other file the skill can point the agent at,
/// <https://agentskills.io/specification>) are scanned as [`FileKind::SkillResource`].
#[derive(Debug, Default)]
pub(super) struct SkillBundles {
    /// Folder -> whether it holds a `SKILL.md`.
    holds_skill: std::collections::HashMap<PathBuf, bool>,
    /// Skill folder -> resources taken so far.
    taken: std::collections::HashMap<PathBuf, usize>,
    /// Skill folder -> resources over [`MAX_SKILL_RESOURCES`], not scanned.
    pub(super) over: std::collections::BTreeMap<PathBuf, usize>,
}

impl SkillBundles {
    /// The classification of `path` as a resource of the nearest skill folder at most
    /// [`MAX_SKILL_DEPTH`] folders up and not above `root`, or `None`.
    pub(super) fn resource(&mut self, path: &Path, root: &Path) -> Option<Classification> {
        if path.file_name().is_some_and(|n| n == "SKILL.md") {
            return None;
        }
        let dir = path
            .ancestors()
            .skip(1)
            .take(MAX_SKILL_DEPTH)
            .take_while(|d| d.starts_with(root))
            .find(|d| {
                *self
                    .holds_skill
                    .entry(d.to_path_buf())
                    .or_insert_with(|| d.join("SKILL.md").is_file())
            })?
            .to_path_buf();
        let n = self.taken.entry(dir.clone()).or_insert(0);
        if *n >= MAX_SKILL_RESOURCES {
            *self.over.entry(dir).or_insert(0) += 1;
            return None;
        }
        *n += 1;
        Some(Classification {
            kind: FileKind::SkillResource,
            agents: Vec::new(),
            caps: Vec::new(),
        })
    }
}

//! What the engine checks: one source ([`Target`]) with its kind and load caps, found by
//! discovery or made in memory, and the error when it cannot be read ([`FileError`]).

use std::path::PathBuf;

use crate::agents::LoadCap;
use crate::kind::FileKind;

/// One source to scan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// Path shown in output: relative to the current directory when it can be, `/`
    /// separators, no leading `./`; the `--stdin-filename` (or `<stdin>`) for stdin.
    pub display: String,
    /// Where to read it; `None` for stdin.
    pub path: Option<PathBuf>,
    /// Kind from the conventions or `--kind`; `None` when the content must decide.
    pub kind: Option<FileKind>,
    /// Agents that load it.
    pub agents: Vec<String>,
    /// Load caps, each with what the agent loaded before this file (chained loaders).
    pub caps: Vec<(LoadCap, u64)>,
    /// Named on the command line (not found by walking).
    pub explicit: bool,
    /// Why it must not be opened (not a regular file, a link out of the root, a loop).
    pub skip: Option<String>,
    /// The file whose Claude Code `@path` import brought this one in (as shown), or for a
    /// script ([`crate::kind::FileKind::SkillResource`]) the settings file whose command runs
    /// it by path, or for a page read as instructions with no agent named the instruction
    /// file that sends the agent to read it ("Read `docs/handover.md` first"), when it was
    /// found that way rather than by name ([`Target::brought_in_how`] words each).
    pub imported_by: Option<String>,
    /// Found by `check --user` among the user's own agent setup (a global memory file, the
    /// user's settings or MCP client config, a user skill): what it says applies to every
    /// project the user opens, not to one repository.
    pub user_level: bool,
    /// A Markdown or HTML page no convention names, found by a walk (meeting notes, a
    /// knowledge base, a fetched page): the engine keeps at full severity only what the
    /// page hides from its reader and what rules about invisible code points find; its
    /// visible text, which people read as the model does, is lowered to a note.
    pub page: bool,
    /// A program source found by a walk whose comments may speak to coding agents
    /// ([`crate::check::might_address_agents`]): only its comments that do are read, as
    /// instructions; its code and other comments are not.
    pub comments: bool,
}

impl Target {
    /// How [`Target::imported_by`] brought this source in, as a finding's message says it:
    /// "run by" for a script, "imported by" for a Claude Code import (which names its agent),
    /// "read on the order of" for a page an instruction file sends any agent to.
    pub fn brought_in_how(&self) -> &'static str {
        if self.kind == Some(FileKind::SkillResource) {
            "run by"
        } else if self.agents.is_empty() {
            "read on the order of"
        } else {
            "imported by"
        }
    }
}

/// A path that could not be walked or read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    /// The path as shown.
    pub path: String,
    /// What went wrong.
    pub message: String,
}

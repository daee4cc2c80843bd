//! What a native check sees of one source: below the registry and every check, so a check
//! imports nothing from the table that lists it.

use std::collections::HashSet;

use crate::agents::LoadCap;
use crate::kind::FileKind;
use crate::parse::Parsed;
use crate::rules::Catalog;
use crate::source::{Decoded, LineIndex};

/// What a native check sees of one source.
#[derive(Debug)]
pub struct Input<'a> {
    /// Display path (relative, `/`).
    pub path: &'a str,
    /// File kind.
    pub kind: FileKind,
    /// Decoded text and what decoding repaired.
    pub decoded: &'a Decoded,
    /// Line index of the text.
    pub lines: &'a LineIndex,
    /// Segments.
    pub parsed: &'a Parsed,
    /// Load caps of the agents that load this file, with the bytes and chars their loaders
    /// count before this file (ancestor files of a chained loader such as Codex).
    pub caps: &'a [(LoadCap, u64)],
    /// Why the file was not scanned, when it was skipped (binary, over the size limit, not a
    /// regular file); the text is then empty.
    pub skipped: Option<&'a str>,
    /// The catalog in effect, for checks that run other rules over text they derive (the
    /// encoded check rescans decoded payloads with the pattern rules).
    pub catalog: &'a Catalog,
    /// Ids of the enabled rules.
    pub enabled: &'a HashSet<String>,
    /// The effects of the programs in the source, read once by the first check that asks
    /// ([`Input::effects`]).
    pub effects: std::sync::OnceLock<Vec<crate::effects::Found>>,
    /// True when the source is a program file named on the command line (or handed in by an
    /// embedder) and checked as instructions ([`crate::check::sniff_kind`]): its text is also
    /// read whole as a program for its effects, as a walk reads the script a hook runs. A
    /// walk never sets it: a program source it keeps for its comments is not read as code.
    pub program: bool,
}

impl Input<'_> {
    /// The decoded text.
    pub fn text(&self) -> &str {
        &self.decoded.text
    }

    /// The effects of the programs in the source (fenced blocks, inline code, settings
    /// commands, a script file), parsed on the first call.
    pub fn effects(&self) -> &[crate::effects::Found] {
        self.effects.get_or_init(|| {
            // A named program is read whole, as a script file is.
            let kind = if self.program {
                FileKind::SkillResource
            } else {
                self.kind
            };
            crate::effects::found(self.parsed, self.text(), kind, self.path)
        })
    }
}

//! The result for a source that is not read (binary, over the size limit, not a regular
//! file): one note from the check that reports it.

use super::{Checked, Engine};
use crate::kind::FileKind;
use crate::parse::Parsed;
use crate::rules::native::{self, input::Input};
use crate::source::{self, LineIndex};
use crate::target::Target;

impl Engine<'_> {
    /// The result for a source that is not read: `why` becomes its `PL804 skipped-file` note.
    pub fn skipped(&self, target: &Target, why: &str) -> Checked {
        let decoded = source::decode(b"");
        let lines = LineIndex::new("");
        let parsed = Parsed::default();
        let input = Input {
            path: &target.display,
            kind: target.kind.unwrap_or(FileKind::Instructions),
            decoded: &decoded,
            lines: &lines,
            parsed: &parsed,
            caps: &[],
            skipped: Some(why),
            catalog: self.catalog,
            enabled: &self.enabled,
            effects: std::sync::OnceLock::new(),
            program: false,
        };
        let mut findings = Vec::new();
        // A file of a skill bundle that cannot be read is PL811's, any other PL804's.
        let which = if target.kind == Some(FileKind::SkillResource) {
            "opaque-skill-file"
        } else {
            "skipped-file"
        };
        for rule in self.catalog.rules() {
            if rule.native.as_deref() == Some(which) && self.enabled(rule) {
                findings
                    .extend(native::get(which).map_or_else(Vec::new, |c| (c.run)(&input, rule)));
            }
        }
        Checked {
            display: target.display.clone(),
            kind: target.kind,
            checked_as: target.kind.unwrap_or(FileKind::Instructions),
            text: decoded.text,
            lines,
            parsed,
            findings,
            scanned: false,
        }
    }
}

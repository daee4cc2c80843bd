//! A program source named on the command line (`promptlint check scripts/setup.sh`, a `.pth`
//! file, an extensionless file with a `#!` line): sniffed as instructions
//! ([`super::sniff_kind`]), it is checked twice and the findings joined. Once as before, its
//! text read as an instruction file's, and once as the script it is: plain text (no Markdown:
//! a `#` comment is no heading, an indented line no code block a heading could frame) with
//! its code read whole for its effects ([`crate::rules::native::input::Input::program`]), as
//! a walk reads the script a hook runs. Nothing is lost that the first reading finds.

use super::{Checked, Engine};
use crate::kind::FileKind;
use crate::source::Decoded;
use crate::target::Target;

impl Engine<'_> {
    /// Whether `target` is a program named on the command line (or handed in by an embedder) and
    /// checked as instructions: a language of the effect model by its extension or `#!` line. A
    /// walk never names one: a source it keeps for its comments is not read as code.
    pub(super) fn named_program(&self, target: &Target, kind: FileKind, text: &str) -> bool {
        target.explicit
            && kind == FileKind::Instructions
            && crate::program::Language::of_path(&target.display, text).is_some()
    }

    /// Both readings of a named program, the second's findings added where the first has none of
    /// the same rule at the same bytes.
    pub(super) fn check_program(
        &self,
        target: &Target,
        kind: FileKind,
        decoded: Decoded,
    ) -> Checked {
        let script = self.check_as(target, kind, decoded.clone(), true);
        let mut checked = self.check_as(target, kind, decoded, false);
        for f in script.findings {
            let known = checked
                .findings
                .iter()
                .any(|g| g.rule.id == f.rule.id && g.span == f.span);
            if !known {
                checked.findings.push(f);
            }
        }
        checked
    }
}

//! What a language server (`promptlint server`, [`crate::lsp`]) asks of a run's
//! [`Settings`] for one file an editor holds: the source a walk makes of it, and its text
//! checked as a run checks that source, with the run's own engine, suppression and output
//! limits.

use std::collections::HashSet;
use std::path::Path;

use crate::check::{Checked, Engine};
use crate::report::{FileResult, Report};
use crate::rules::Catalog;
use crate::suppress::Policy;
use crate::target::{FileError, Target};
use crate::{Settings, discover, guarded, pipeline};

impl Settings {
    /// The config's own check of `text` (the config's text), whatever the config enables: the
    /// built-in PL808, judged without its directives (it cannot excuse itself). `None` when
    /// the check does not run (no config in the tree, `--strict`, PL808 not selected) or
    /// finds nothing.
    pub(crate) fn config_result(&self, engine: &Engine<'_>, text: &str) -> Option<FileResult> {
        let c = self.config.as_ref().filter(|_| self.config_check)?;
        let rule = Catalog::builtin()
            .get("PL808")
            .expect("PL808 is a built-in rule");
        let found =
            promptlint_core::rules::native::pl808_weakened_config::config_findings(text, rule);
        if found.is_empty() {
            return None;
        }
        let policy = Policy {
            inline: false,
            ..Policy::default()
        };
        let checked = Checked::outside_engine(c.display.clone(), text.to_owned(), found);
        Some(pipeline::judge(engine, &policy, checked))
    }

    /// The engine of a run with `extra` rules enabled besides the configured ones.
    pub(crate) fn engine(&self, extra: &HashSet<String>) -> Engine<'_> {
        let mut enabled = self.enabled.clone();
        enabled.extend(extra.iter().cloned());
        Engine {
            catalog: self.catalog(),
            enabled,
            size_limit: self.size_limit,
            parse: self.parse_options(),
        }
    }

    /// The source a walk of the folder `root` checks for the file `file` below it
    /// ([`discover::discover_one`]), with the config's load caps; `None` when the walk leaves
    /// it out. What a language server checks of an open file.
    pub fn source_of(&self, root: &Path, file: &Path) -> Option<Target> {
        discover::discover_one(root, file, &self.discover).and_then(|t| self.admit(t))
    }

    /// Checks `bytes`, the text of the source `target` as an editor holds it (not the file on
    /// disk), as a run checks that source: the size limit (a longer text the model reads has
    /// its beginning checked and a `PL804` warning for the rest), the enabled rules and
    /// `extra` ones ([`FIX_GUARD_FAMILIES`] for a fix), inline directives and the config's
    /// overrides. No output limit is applied ([`Settings::limited`] does); a panic inside a
    /// check is an error of the source, as in a run ([`guarded`]).
    ///
    /// # Errors
    /// The [`FileError`] of a check that panicked.
    pub fn check_text(
        &self,
        target: &Target,
        bytes: Vec<u8>,
        extra: &HashSet<String>,
    ) -> Result<FileResult, FileError> {
        let engine = self.engine(extra);
        guarded(&target.display, || {
            let len = bytes.len() as u64;
            let checked = engine.check_sized(target, bytes, len);
            Ok(pipeline::judge(&engine, &self.policy, checked))
        })
    }

    /// The config's own `PL808` findings on `text`, the config file's text as an editor holds
    /// it (see [`Settings::check_text`]); `None` when there is no config in the tree, under
    /// `--strict`, or nothing to report.
    pub fn check_config_text(&self, text: &str) -> Option<FileResult> {
        self.config_result(&self.engine(&HashSet::new()), text)
    }

    /// `file` with the output limits applied as the command line applies them before
    /// rendering (a `PL810` finding counts what they leave out).
    pub fn limited(&self, file: FileResult) -> FileResult {
        if file.findings.is_empty() {
            return file;
        }
        let mut report = Report::new(vec![file], Vec::new());
        report.truncate(self.limits);
        report
            .files
            .pop()
            .unwrap_or_else(|| unreachable!("a report of one file with findings keeps the file"))
    }
}

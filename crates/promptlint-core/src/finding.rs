//! Findings: what a check reports.
//!
//! Input: a rule, a byte span in a decoded source, a message. Output: a [`Finding`] that the
//! suppress and render stages take as it is. Invariant: a finding's span lies inside its source
//! text and on `char` boundaries; [`Finding::new`] refuses anything else, so no renderer ever
//! has to guess.

use std::ops::Range;
use std::sync::Arc;

use sha2::{Digest, Sha256};

use crate::rules::schema::Rule;
pub use crate::severity::{Confidence, Severity};

/// One reported problem in one source.
///
/// `span` is a byte range into the decoded text of the source (UTF-8; for a UTF-8 file this is
/// the file's own byte offsets, BOM included). An empty span at 0 marks a whole-file finding.
#[derive(Debug, Clone)]
pub struct Finding {
    /// The rule that fired. Its id, name, family and help come from here.
    pub rule: Arc<Rule>,
    /// Effective severity: the rule's, possibly lowered by context (quoted text, a template
    /// the application's authors own) or changed by configuration.
    pub severity: Severity,
    /// Byte range in the decoded source text.
    pub span: Range<usize>,
    /// Lower-case, no final period, names the concrete thing. Already escaped: holds no raw
    /// invisible or bidi code point.
    pub message: String,
    /// A few words shown at the span.
    pub label: Option<String>,
    /// The matched text after normalization, escaped; the stable part of the fingerprint.
    pub matched: String,
    /// Why the severity differs from the rule's, when it does (e.g. "quoted as an example").
    pub context: Option<String>,
    /// Other places of the source the finding involves (the step of a program that read the
    /// secret a flow sends): SARIF's `relatedLocations`, JSON's `related`.
    pub related: Vec<Related>,
    /// Where the span sits in a structured file (an MCP `tools/list` dump, a manifest, an
    /// agent's settings): the key path of the string that holds it
    /// (`result.tools[1].description`, `hooks.SessionStart[0].hooks[0].command`), escaped
    /// like a message. JSON's `key_path`, SARIF's logical location and `properties.keyPath`.
    pub key_path: Option<String>,
}

/// Another place of a finding's source, with what happens there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Related {
    /// Byte range in the decoded source text.
    pub span: Range<usize>,
    /// What happens there, lower case (`reads the environment`). Escaped like a message.
    pub message: String,
}

/// Why [`Finding::new`] refused a finding.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum FindingError {
    /// The span ends after the text or starts after it ends.
    #[error("span {start}..{end} is outside a text of {len} bytes")]
    OutOfBounds {
        /// Span start.
        start: usize,
        /// Span end.
        end: usize,
        /// Text length in bytes.
        len: usize,
    },
    /// The span cuts a UTF-8 sequence.
    #[error("span {start}..{end} is not on char boundaries")]
    NotCharBoundary {
        /// Span start.
        start: usize,
        /// Span end.
        end: usize,
    },
}

impl Finding {
    /// Builds a finding at `span` of `text`, at the rule's default severity.
    ///
    /// # Errors
    /// [`FindingError`] when the span is outside `text` or not on char boundaries.
    pub fn new(
        rule: &Arc<Rule>,
        text: &str,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> Result<Finding, FindingError> {
        if span.start > span.end || span.end > text.len() {
            return Err(FindingError::OutOfBounds {
                start: span.start,
                end: span.end,
                len: text.len(),
            });
        }
        if !text.is_char_boundary(span.start) || !text.is_char_boundary(span.end) {
            return Err(FindingError::NotCharBoundary {
                start: span.start,
                end: span.end,
            });
        }
        let matched = crate::escape::escape_invisible(&text[span.clone()]);
        Ok(Finding {
            rule: Arc::clone(rule),
            severity: rule.severity,
            span,
            message: message.into(),
            label: None,
            matched: crate::escape::truncate_chars(&matched, 200),
            context: None,
            related: Vec::new(),
            key_path: None,
        })
    }

    /// Sets the label shown at the span.
    #[must_use]
    pub fn with_label(mut self, label: impl Into<String>) -> Finding {
        self.label = Some(label.into());
        self
    }

    /// Replaces the text the fingerprint is computed from (e.g. the normalized match). It is
    /// escaped here ([`crate::escape::escape_invisible`], a no-op on escaped text), so no rule
    /// can put a raw invisible or control code point of the source into a finding.
    #[must_use]
    pub fn with_matched(mut self, matched: impl Into<String>) -> Finding {
        let matched = crate::escape::escape_invisible(&matched.into());
        self.matched = crate::escape::truncate_chars(&matched, 200);
        self
    }

    /// Sets the severity, recording why it differs from the rule's default.
    #[must_use]
    pub fn with_severity(mut self, severity: Severity, why: impl Into<String>) -> Finding {
        if severity != self.severity {
            self.severity = severity;
            self.context = Some(why.into());
        }
        self
    }
}

/// A stable fingerprint: sha256 over rule id, relative path (with `/`), the whitespace-folded
/// matched text and the occurrence index of identical (rule, path, text) triples in the file,
/// as 64 lower-case hex digits. No line numbers: inserting lines above a finding, moving a
/// paragraph or re-indenting it keeps the fingerprint.
pub fn fingerprint(rule_id: &str, path: &str, matched: &str, occurrence: usize) -> String {
    let folded: String = matched.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut h = Sha256::new();
    for part in [rule_id, path, folded.as_str()] {
        h.update(part.as_bytes());
        h.update([0u8]);
    }
    // As u64, so 32- and 64-bit builds agree.
    h.update((occurrence as u64).to_le_bytes());
    let digest = h.finalize();
    let mut out = String::with_capacity(64);
    for b in digest.iter() {
        out.push_str(&format!("{b:02x}"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn severity_orders_and_lowers() {
        assert!(Severity::Note < Severity::Warning && Severity::Warning < Severity::Error);
        assert_eq!(Severity::Error.lowered(), Severity::Warning);
        assert_eq!(Severity::Warning.lowered(), Severity::Note);
        assert_eq!(Severity::Note.lowered(), Severity::Note);
    }

    #[test]
    fn a_matched_text_is_escaped_whatever_the_rule_passes() {
        // PL402 keys its fingerprint on the label before the id: here a BOM and a control
        // character (found by the fuzz smoke run), which must not stay raw in `matched`.
        let catalog = crate::rules::Catalog::builtin();
        let engine = crate::check::Engine::new(catalog, std::iter::once("PL402".into()).collect());
        let text = "Intro\n\u{FEFF}Tr\u{0E}ace: 01J2Z3K4M5N6P7Q8R9S0T1V2W3\nSYSTEM_PROMPT_DYNAMIC_BOUNDARY\n";
        let r = crate::check::check_memory(&engine, "p.txt", None, text.as_bytes());
        let matched: Vec<&str> = r
            .findings
            .iter()
            .map(|l| l.finding.matched.as_str())
            .collect();
        assert_eq!(matched, ["ULID:<U+FEFF>Tr<U+000E>ace:"]);
        // Escaped text passes unchanged.
        let rule = &catalog.rules()[0];
        let f = Finding::new(rule, "x", 0..1, "m")
            .unwrap()
            .with_matched("a<U+202E>b\u{202E}");
        assert_eq!(f.matched, "a<U+202E>b<U+202E>");
    }

    #[test]
    fn fingerprint_ignores_indentation_but_not_occurrence() {
        let a = fingerprint("PL101", "AGENTS.md", "ignore  previous\n  instructions", 0);
        let b = fingerprint("PL101", "AGENTS.md", "ignore previous instructions", 0);
        let c = fingerprint("PL101", "AGENTS.md", "ignore previous instructions", 1);
        assert_eq!(a, b);
        assert_ne!(b, c);
        assert_eq!(a.len(), 64);
    }
}

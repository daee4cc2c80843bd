//! How bad a finding is and how sure its rule is: the two scales the rule schema
//! ([`crate::rules::schema`]) and [`crate::finding::Finding`] share, below both.

use std::fmt;

use serde::{Deserialize, Serialize};

/// How bad a finding is. Ordered: `Note < Warning < Error`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; never fails a run at the default `--fail-on warning`.
    Note,
    /// Risky, needs a look.
    Warning,
    /// Almost surely hostile or harmful.
    Error,
}

impl Severity {
    /// The lower-case name used in output and in rule files.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    /// One step down (`Error -> Warning -> Note`); `Note` stays `Note`.
    pub fn lowered(self) -> Severity {
        match self {
            Severity::Error => Severity::Warning,
            _ => Severity::Note,
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How sure a rule is that a match is real. Maps to SARIF `precision`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Confidence {
    /// Often a false alarm; read before acting.
    Low,
    /// Usually right.
    Medium,
    /// Almost never a false alarm.
    High,
}

impl Confidence {
    /// The lower-case name used in output and in rule files.
    pub fn as_str(self) -> &'static str {
        match self {
            Confidence::Low => "low",
            Confidence::Medium => "medium",
            Confidence::High => "high",
        }
    }
}

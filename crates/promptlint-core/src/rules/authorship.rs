//! Who wrote the text a rule matched: a rules-level decision the pattern pass
//! ([`crate::check`](mod@crate::check)) and the rescan of decoded payloads ([`super::encoded`]) share.

use super::schema::{Family, Rule};
use crate::kind::FileKind;
use crate::parse::Role;
use crate::severity::Severity;

/// Who wrote the text: an override phrase in a template the application's authors own, or in
/// the system role of a request, is the author's own instruction (a note); in a file an agent
/// loads from a repository, or in user or tool content, it is untrusted (full severity).
pub fn authorship(rule: &Rule, kind: FileKind, role: Role) -> Option<(Severity, &'static str)> {
    if rule.family != Family::Injection {
        return None;
    }
    if matches!(role, Role::System | Role::Developer) {
        return Some((Severity::Note, "in the system prompt its authors wrote"));
    }
    if kind == FileKind::Prompt {
        return Some((Severity::Note, "in a prompt template its authors own"));
    }
    None
}

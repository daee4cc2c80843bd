//! Who wrote the text a rule matched: a rules-level decision the pattern pass
//! ([`crate::check`](mod@crate::check)) and the rescan of decoded payloads ([`super::encoded`]) share.

use super::schema::{Family, Rule};
use crate::kind::FileKind;
use crate::parse::Role;
use crate::severity::Severity;

/// Who wrote the text: an override phrase in a template the application's authors own, or in
/// the system role of a request, is the author's own instruction (a note); in a file an agent
/// loads from a repository, or in user or tool content, it is untrusted (full severity). In an
/// assistant turn it is the model's own reply: a phrase there is an echo of what the model
/// read (an explanation, a summary of a page), kept as a warning, since a forged transcript
/// can still plant one; the order itself is found where it came in.
pub fn authorship(rule: &Rule, kind: FileKind, role: Role) -> Option<(Severity, &'static str)> {
    if rule.family != Family::Injection {
        return None;
    }
    if matches!(role, Role::System | Role::Developer) {
        return Some((Severity::Note, "in the system prompt its authors wrote"));
    }
    if role == Role::Assistant && matches!(kind, FileKind::Request | FileKind::RequestLog) {
        return Some((
            Severity::Warning,
            "in the model's own reply, replayed: an echo of what it read",
        ));
    }
    if kind == FileKind::Prompt {
        return Some((Severity::Note, "in a prompt template its authors own"));
    }
    None
}

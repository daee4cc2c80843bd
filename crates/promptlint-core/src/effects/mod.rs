//! The effect model: what a program does, judged on its parse rather than its words.
//!
//! Input: a program's text and [`Language`] (a fenced block, an inline code span, a hook's
//! command, a skill bundle's script). Output: its [`Effect`]s, each with the bytes of the step
//! that does it and, for a flow, of the step that read what it sends: secrets sent to the
//! network (sources: the whole environment, credential files, keychains, the cloud metadata
//! service; a secret variable only to a request bin, paste site, bare IP or look-alike host),
//! text fetched from the network or decoded and then run, cloud metadata read, persistence
//! (cron, authorized keys, shell start-up files, git hooks, login items) and destruction of
//! home, root or cloud resources. Obfuscation is undone by the reader
//! ([`crate::program::shell`]) before any effect is judged.
//!
//! Shell is read command by command ([`shell`]); Python, JavaScript, TypeScript and PowerShell
//! by one taint walk over their syntax trees ([`script`]), with a table of node kinds per
//! grammar.

pub mod found;
pub mod script;
pub mod shell;
pub mod vocab;

use std::ops::Range;

pub use crate::program::Language;
pub use found::{Found, found};
pub use vocab::Persistence;

/// What a step of a program does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EffectKind {
    /// A secret read at `source` is sent over the network (or in a DNS name) at the step.
    Exfiltrate {
        /// What was read (a [`vocab::Taint`] bit set).
        taint: vocab::Taint,
    },
    /// Text fetched from the network is run as code.
    RunFetched,
    /// Text decoded from base64 or hex is run as code.
    RunDecoded,
    /// The cloud metadata service is read.
    MetadataRead,
    /// Code is set to run later or a way in is left (`what` says where).
    Persist {
        /// The mechanism.
        how: Persistence,
        /// Whether what is persisted fetches, sends or decodes (then worse than a note).
        active: bool,
    },
    /// Home, the root folder, a disk or cloud resources are destroyed.
    Destroy,
}

/// One effect of a program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Effect {
    /// What it does.
    pub kind: EffectKind,
    /// The bytes of the step that does it, in the program text.
    pub at: Range<usize>,
    /// The bytes of the step that read what a flow carries (the source), when it is another.
    pub source: Option<Range<usize>>,
    /// What the step is, in a few words (`curl`, `requests.post`, `~/.bashrc`).
    pub what: String,
}

/// The effects of the program `text` written in `lang`.
pub fn of(lang: Language, text: &str) -> Vec<Effect> {
    match lang {
        Language::Shell => shell::effects(&crate::program::shell::read(text)),
        other => script::effects(other, text),
    }
}

//! What the effect model says of a program: its effects, each at the step that has it.

use std::ops::Range;

use super::vocab::{self, Persistence};
use crate::program::Language;

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
    /// A protection of the machine is turned off: the firewall flushed or opened, a mandatory
    /// access control (AppArmor, SELinux) or malware scanner stopped, Gatekeeper or SIP off,
    /// or passwordless sudo granted for everything (`what` says which).
    Weaken,
    /// A container is given the host: privileged mode, the host's root, process or network
    /// namespace, the Docker socket, or the user's credential folders mounted (`what` says
    /// which).
    HostAccess,
    /// Packages are installed from an index reached over plain HTTP or with certificate
    /// checks off (`pip --trusted-host`, `npm --registry http://…`, `strict-ssl false`):
    /// whoever is on the path chooses the code that runs.
    InsecureIndex,
    /// A cryptocurrency miner is started: a Stratum pool URL, or a pool and a wallet given
    /// to a miner (`what` says which): the machine's power earns for whoever wrote it.
    Mine,
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
    /// A run of fetched or decoded text written plainly (`curl … | sh`, `bash -c "$(curl …)"`,
    /// `irm … | iex`: one pipe or substitution, no word rewritten, no text run through
    /// `eval`), with its command line as read (empty: the line as written). The pattern rules
    /// judge such a line (PL306 with its installers' allow-list, PL314); the effect is reported
    /// only when they would report that command line but not the text as written (a URL held
    /// in a variable, a command line inside a program's string).
    pub plain: Option<String>,
}

impl Effect {
    /// An effect of the step at `at` alone: no source elsewhere, not a plain run.
    pub fn step(kind: EffectKind, at: Range<usize>, what: String) -> Effect {
        Effect {
            kind,
            at,
            source: None,
            what,
            plain: None,
        }
    }
}

/// How a reader has code of another language read (`python3 -c CODE` in a shell command,
/// `os.system("...")` in Python): the dispatcher, passed down so the readers do not import
/// each other ([`super::read::of`]).
pub type Nested<'a> = &'a dyn Fn(Language, &str) -> Vec<Effect>;

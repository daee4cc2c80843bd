//! The effect model: what a program does, judged on its parse rather than its words.
//!
//! Input: a program's text and [`Language`] (a fenced block, an inline code span, a hook's
//! command, a skill bundle's script). Output: its [`Effect`]s, each with the bytes of the step
//! that does it and, for a flow, of the step that read what it sends: secrets sent to the
//! network (sources: the whole environment, credential files, keychains, the cloud metadata
//! service; a secret variable only to a request bin, paste site, bare IP or look-alike host),
//! text fetched from the network or decoded and then run, cloud metadata read, persistence
//! (cron, authorized keys, shell start-up files, git hooks, login items), destruction of
//! home, root or cloud resources, and a cryptocurrency miner started. A secret also leaves by
//! a DNS name, a copy to another host (`rsync`, `scp`, `rclone`), a repository pushed to a
//! remote the program added, a credential staged into git, or an interpreter's code that
//! uploads what is piped into it. Obfuscation is undone by the reader
//! ([`crate::program::shell`]) before any effect is judged.
//!
//! Shell is read command by command ([`shell`]); Python, JavaScript, TypeScript and PowerShell
//! by one taint walk over their syntax trees ([`script`]), with a table of node kinds per
//! grammar.

pub mod found;
pub mod model;
pub mod read;
pub mod script;
pub mod shell;
pub mod vocab;

pub use crate::program::Language;
pub use found::{Found, Origin, found};
pub use model::{Effect, EffectKind, Nested};
pub use read::of;
pub use vocab::Persistence;

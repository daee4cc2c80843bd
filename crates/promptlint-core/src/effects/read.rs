//! The dispatcher: a program's effects by its language, and code of one language nested in
//! another read by its own reader, a few levels deep at most.

use super::model::{Effect, EffectKind};
use super::vocab;
use crate::program::Language;

/// How deep code nested in code (`sh -c "python3 -c '...'"`) is read.
const MAX_NESTING: usize = 4;

/// The effects of the program `text` written in `lang`. What it sends of its own standard
/// input ([`vocab::STDIN`]) is nothing at the top: no command pipes into it here.
pub fn of(lang: Language, text: &str) -> Vec<Effect> {
    let mut out = at_depth(lang, text, 0);
    out.retain_mut(|e| match &mut e.kind {
        EffectKind::Exfiltrate { taint } => {
            *taint &= !vocab::STDIN;
            *taint != 0
        }
        _ => true,
    });
    out
}

/// The effects of `text` as code nested in another program (a test's dispatcher): what it
/// sends of its standard input ([`vocab::STDIN`]) is kept for the caller to resolve.
pub fn nested(lang: Language, text: &str) -> Vec<Effect> {
    at_depth(lang, text, 0)
}

fn at_depth(lang: Language, text: &str, depth: usize) -> Vec<Effect> {
    let nested = move |l: Language, t: &str| {
        if depth + 1 >= MAX_NESTING {
            Vec::new()
        } else {
            at_depth(l, t, depth + 1)
        }
    };
    match lang {
        Language::Shell => {
            let mut out = super::shell::effects(&crate::program::shell::read(text), &nested);
            // A database wiped only once the script made sure its server is local.
            let guarded = super::shell::guard::local_guarded(text);
            if !guarded.is_empty() {
                out.retain(|e| {
                    e.kind != EffectKind::Destroy
                        || !super::shell::guard::wipes_guarded(
                            text.get(e.at.clone()).unwrap_or(""),
                            &guarded,
                        )
                });
            }
            out
        }
        other => super::script::effects(other, text, &nested),
    }
}

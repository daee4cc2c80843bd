//! Required literals of a regex: a set of strings one of which every match contains, used to
//! run a pattern rule's regex only where it can match (see [`super::pattern`]).
//!
//! Pure functions of the regex source, shared with `build.rs`, which computes them for the
//! built-in rules at build time so a run parses no regex just to gate it.

/// True when `src` has an upper-case letter outside escapes (`\S`, `\W`, `\B`, `\P{Lu}`,
/// `\p{Greek}` are not letters to match).
pub fn spells_upper_case(src: &str) -> bool {
    let mut chars = src.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some('p' | 'P') = chars.next() {
                let rest = chars.as_str();
                if rest.starts_with('{') {
                    let close = rest.find('}').map_or(rest.len(), |i| i + 1);
                    chars = rest[close..].chars();
                } else {
                    chars.next();
                }
            }
        } else if c.is_uppercase() {
            return true;
        }
    }
    false
}

/// Literals one of which every match of the regex `src` contains, when there is such a
/// finite set of non-empty strings (at most [`MAX_LITERALS`]); `None` otherwise.
///
/// The set is chosen among the prefix literals (regex-syntax's extractor) of the whole regex
/// and of every part a match cannot skip: each element of a concatenation, the body of a
/// repetition of at least one, and the union over the branches of an alternation. The set
/// whose shortest literal is longest wins (fewer literals breaking ties): `(?:a|de)\s+tu\s+
/// eres` is gated on `eres`, not on `a`, which occurs in nearly every text.
pub fn required_literals(src: &str) -> Option<Vec<Vec<u8>>> {
    use regex_syntax::hir::literal::{ExtractKind, Extractor};
    let hir = regex_syntax::ParserBuilder::new()
        .case_insensitive(spells_upper_case(src))
        .multi_line(true)
        .build()
        .parse(src)
        .ok()?;
    let mut ex = Extractor::new();
    ex.kind(ExtractKind::Prefix).limit_total(MAX_LITERALS);
    required_in(&hir, &ex)
}

/// Largest literal set a regex is gated on.
pub const MAX_LITERALS: usize = 256;

fn required_in(
    hir: &regex_syntax::hir::Hir,
    ex: &regex_syntax::hir::literal::Extractor,
) -> Option<Vec<Vec<u8>>> {
    use regex_syntax::hir::HirKind;
    let mut best = ex.extract(hir).literals().and_then(|lits| {
        let v: Vec<Vec<u8>> = lits.iter().map(|l| l.as_bytes().to_vec()).collect();
        (!v.is_empty() && v.iter().all(|l| !l.is_empty())).then_some(v)
    });
    let mut consider = |cand: Option<Vec<Vec<u8>>>| {
        if let Some(c) = cand
            && best.as_ref().is_none_or(|b| gate_score(&c) > gate_score(b))
        {
            best = Some(c);
        }
    };
    match hir.kind() {
        HirKind::Concat(parts) => parts.iter().for_each(|p| consider(required_in(p, ex))),
        HirKind::Capture(c) => consider(required_in(&c.sub, ex)),
        HirKind::Repetition(r) if r.min >= 1 => consider(required_in(&r.sub, ex)),
        HirKind::Alternation(branches) => {
            let mut all: Vec<Vec<u8>> = Vec::new();
            for b in branches {
                let Some(lits) = required_in(b, ex) else {
                    return best;
                };
                for l in lits {
                    if !all.contains(&l) {
                        all.push(l);
                    }
                }
            }
            if all.len() <= MAX_LITERALS {
                consider(Some(all));
            }
        }
        _ => {}
    }
    best
}

/// How selective a literal set is: its shortest literal's length in bytes, then (negated)
/// how many literals it has.
fn gate_score(lits: &[Vec<u8>]) -> (usize, std::cmp::Reverse<usize>) {
    let shortest = lits.iter().map(Vec::len).min().unwrap_or(0);
    (shortest, std::cmp::Reverse(lits.len()))
}

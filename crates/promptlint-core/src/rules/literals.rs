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
    let (hir, ex) = parsed(src)?;
    required_in(&hir, &ex)
}

/// `src` parsed as pattern rules compile it (multi-line, case-insensitive when it spells upper case), and the prefix
/// extractor the literal sets come from.
fn parsed(
    src: &str,
) -> Option<(
    regex_syntax::hir::Hir,
    regex_syntax::hir::literal::Extractor,
)> {
    use regex_syntax::hir::literal::{ExtractKind, Extractor};
    let hir = regex_syntax::ParserBuilder::new()
        .case_insensitive(spells_upper_case(src))
        .multi_line(true)
        .build()
        .parse(src)
        .ok()?;
    let mut ex = Extractor::new();
    ex.kind(ExtractKind::Prefix).limit_total(MAX_LITERALS);
    Some((hir, ex))
}

/// The prefix literals of `hir` when they are a finite set of non-empty strings.
fn prefix_set(
    hir: &regex_syntax::hir::Hir,
    ex: &regex_syntax::hir::literal::Extractor,
) -> Option<Vec<Vec<u8>>> {
    ex.extract(hir).literals().and_then(|lits| {
        let v: Vec<Vec<u8>> = lits.iter().map(|l| l.as_bytes().to_vec()).collect();
        (!v.is_empty() && v.iter().all(|l| !l.is_empty())).then_some(v)
    })
}

/// Literal sets of the regex `src` such that every match contains a literal of *each* set:
/// the set [`required_literals`] picks first, then up to [`MAX_SETS`] - 1 more sets a match
/// cannot avoid either (other words of the phrase), each at most [`EXTRA_SET_MAX_RATE`] per
/// byte in ordinary text. Empty when the regex has no required literal set.
///
/// A regex then runs only on a text that holds a literal of every set: `ignore ... previous
/// ... instructions` waits for all three words, not just `previous`. Every set is required
/// by itself, so requiring all of them never skips a text the regex matches.
pub fn required_literal_sets(src: &str) -> Vec<Vec<Vec<u8>>> {
    let Some((hir, ex)) = parsed(src) else {
        return Vec::new();
    };
    let Some(first) = required_in(&hir, &ex) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    every_required_set(&hir, &ex, &mut found);
    let mut scored: Vec<(f64, Vec<Vec<u8>>)> = found
        .into_iter()
        .map(|set| (gate_cost(&set), set))
        .filter(|(cost, _)| *cost <= EXTRA_SET_MAX_RATE)
        .collect();
    scored.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut sets = vec![first];
    for (_, set) in scored {
        if sets.len() == MAX_SETS {
            break;
        }
        // A set holding a literal of one already chosen (or inside one) adds nothing: the
        // same occurrence satisfies both.
        let redundant = sets.iter().any(|chosen| {
            chosen.iter().any(|c| {
                set.iter()
                    .any(|l| c.windows(l.len().max(1)).any(|w| w == l.as_slice()))
            })
        });
        if !redundant {
            sets.push(set);
        }
    }
    sets
}

/// Most literal sets a regex is gated on (see [`required_literal_sets`]).
pub const MAX_SETS: usize = 8;

// The gate keeps a regex's missing sets as bits of a byte.
const _: () = assert!(MAX_SETS <= 8);

/// Highest expected rate per byte (see [`gate_cost`]) of a set gated on besides the first
/// (one in 20 bytes): a set as common as `the` (about one in 100 bytes) or a single letter
/// (one in 20 by the random floor) still narrows, a set as common as `a` does not.
///
/// A common extra set costs little: the gate's scan stops once every set is seen, and it
/// keeps a regex that cannot match from being compiled. With 2e-3 and 4 sets a 5 KB
/// AGENTS.md compiled 39 regexes of which one matched. Callgrind, that file and the 2 MB
/// generated tree: 173.8 M and 2,382.9 M instructions at 2e-3 and 4 sets; 157.1 M and
/// 2,377.5 M at 4e-2 and 8 sets (no single letters); 152.4 M and 2,373.7 M at 5e-2.
pub const EXTRA_SET_MAX_RATE: f64 = 5e-2;

/// Every literal set a match of `hir` cannot avoid, as [`required_in`] considers them: the
/// prefix literals of the node and of each part a match cannot skip, and the union of an
/// alternation's branches' best sets.
fn every_required_set(
    hir: &regex_syntax::hir::Hir,
    ex: &regex_syntax::hir::literal::Extractor,
    out: &mut Vec<Vec<Vec<u8>>>,
) {
    use regex_syntax::hir::HirKind;
    if let Some(v) = prefix_set(hir, ex).filter(|v| v.len() <= MAX_LITERALS) {
        out.push(v);
    }
    match hir.kind() {
        HirKind::Concat(parts) => parts.iter().for_each(|p| every_required_set(p, ex, out)),
        HirKind::Capture(c) => every_required_set(&c.sub, ex, out),
        HirKind::Repetition(r) if r.min >= 1 => every_required_set(&r.sub, ex, out),
        HirKind::Alternation(_) => {
            if let Some(v) = required_in(hir, ex) {
                out.push(v);
            }
        }
        _ => {}
    }
}

/// Largest literal set a regex is gated on.
pub const MAX_LITERALS: usize = 256;

fn required_in(
    hir: &regex_syntax::hir::Hir,
    ex: &regex_syntax::hir::literal::Extractor,
) -> Option<Vec<Vec<u8>>> {
    use regex_syntax::hir::HirKind;
    let mut best = prefix_set(hir, ex);
    let mut consider = |cand: Option<Vec<Vec<u8>>>| {
        if let Some(c) = cand
            && best.as_ref().is_none_or(|b| gate_cost(&c) < gate_cost(b))
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

/// How often a literal set is expected to fire in ordinary text, per byte: the sum of its
/// literals' [`literal_rate`]s (lower is more selective). A regex is gated on the cheapest of
/// the sets every match must contain one of, so `rule` (every other AGENTS.md line) loses to
/// `previous`, and `a` or `de` loses to `eres`. Which set is chosen never changes what a rule
/// finds, only how often its regex runs in vain.
fn gate_cost(lits: &[Vec<u8>]) -> f64 {
    lits.iter().map(|l| literal_rate(l)).sum()
}

/// Expected occurrences per byte of `lit` in ordinary English prose and code (what agent
/// files are made of): the rate of every common word in [`COMMON_WORDS`] that contains it,
/// and at least the rate of a random string of its length (1/20 per byte).
pub fn literal_rate(lit: &[u8]) -> f64 {
    let random = (0.05f64).powi(i32::try_from(lit.len()).unwrap_or(i32::MAX));
    let words: f64 = COMMON_WORDS
        .iter()
        .filter(|(w, _)| w.as_bytes().windows(lit.len().max(1)).any(|win| win == lit))
        .map(|(_, per_million)| per_million / 1e6 / AVERAGE_TOKEN_BYTES)
        .sum();
    random.max(words)
}

/// Average bytes per word token of English text, its space included.
const AVERAGE_TOKEN_BYTES: f64 = 5.5;

/// Common words of English prose and of the code and tooling text in agent instruction files,
/// with rough occurrences per million word tokens (English rates after the usual frequency
/// lists of written English; the code and tooling rates as counted in ordinary README and
/// AGENTS.md files). Only their order of magnitude matters: they rank literal sets.
pub const COMMON_WORDS: &[(&str, f64)] = &[
    ("the", 50000.0),
    ("of", 29000.0),
    ("and", 27000.0),
    ("to", 26000.0),
    ("a", 22000.0),
    ("in", 18000.0),
    ("is", 10000.0),
    ("you", 9000.0),
    ("that", 9000.0),
    ("it", 9000.0),
    ("for", 8000.0),
    ("be", 6500.0),
    ("on", 6500.0),
    ("with", 6000.0),
    ("as", 5500.0),
    ("this", 5000.0),
    ("are", 4500.0),
    ("or", 4500.0),
    ("not", 4500.0),
    ("your", 4000.0),
    ("by", 4000.0),
    ("at", 4000.0),
    ("from", 3500.0),
    ("if", 3500.0),
    ("use", 3500.0),
    ("all", 3000.0),
    ("can", 3000.0),
    ("when", 3000.0),
    ("an", 3000.0),
    ("do", 3000.0),
    ("will", 2800.0),
    ("we", 2800.0),
    ("have", 2800.0),
    ("run", 2800.0),
    ("test", 2800.0),
    ("tests", 2500.0),
    ("file", 2500.0),
    ("files", 2000.0),
    ("code", 2500.0),
    ("before", 2000.0),
    ("one", 2000.0),
    ("new", 2000.0),
    ("make", 1800.0),
    ("keep", 1800.0),
    ("should", 1800.0),
    ("must", 1800.0),
    ("what", 1800.0),
    ("only", 1800.0),
    ("each", 1500.0),
    ("into", 1500.0),
    ("set", 1500.0),
    ("any", 1500.0),
    ("add", 1500.0),
    ("other", 1500.0),
    ("them", 1500.0),
    ("then", 1500.0),
    ("there", 1500.0),
    ("more", 1500.0),
    ("out", 1500.0),
    ("up", 1500.0),
    ("no", 1500.0),
    ("so", 1500.0),
    ("our", 1200.0),
    ("their", 1200.0),
    ("they", 1200.0),
    ("which", 1200.0),
    ("about", 1200.0),
    ("after", 1200.0),
    ("also", 1200.0),
    ("how", 1200.0),
    ("than", 1000.0),
    ("these", 1000.0),
    ("those", 1000.0),
    ("its", 1000.0),
    ("was", 1000.0),
    ("were", 800.0),
    ("been", 800.0),
    ("has", 1000.0),
    ("need", 1000.0),
    ("never", 1000.0),
    ("always", 1000.0),
    ("every", 1000.0),
    ("first", 1000.0),
    ("instead", 1000.0),
    ("without", 1000.0),
    ("change", 1000.0),
    ("changes", 1000.0),
    ("read", 1000.0),
    ("write", 1000.0),
    ("check", 1000.0),
    ("build", 1500.0),
    ("install", 800.0),
    ("command", 800.0),
    ("commands", 600.0),
    ("project", 1000.0),
    ("function", 800.0),
    ("type", 800.0),
    ("types", 600.0),
    ("name", 800.0),
    ("value", 600.0),
    ("error", 800.0),
    ("errors", 600.0),
    ("config", 800.0),
    ("data", 800.0),
    ("user", 800.0),
    ("users", 400.0),
    ("rule", 600.0),
    ("rules", 600.0),
    ("review", 600.0),
    ("commit", 600.0),
    ("push", 400.0),
    ("branch", 400.0),
    ("main", 600.0),
    ("release", 500.0),
    ("module", 500.0),
    ("package", 500.0),
    ("service", 500.0),
    ("request", 500.0),
    ("response", 400.0),
    ("server", 400.0),
    ("client", 400.0),
    ("api", 600.0),
    ("key", 500.0),
    ("keys", 300.0),
    ("time", 800.0),
    ("line", 600.0),
    ("lines", 400.0),
    ("system", 500.0),
    ("agent", 400.0),
    ("tool", 400.0),
    ("tools", 300.0),
    ("prompt", 300.0),
    ("model", 300.0),
    ("output", 500.0),
    ("input", 400.0),
    ("path", 500.0),
    ("default", 500.0),
    ("small", 500.0),
    ("follow", 500.0),
    ("open", 500.0),
    ("issue", 500.0),
    ("docs", 500.0),
    ("example", 500.0),
    ("here", 800.0),
    ("see", 800.0),
    ("get", 800.0),
    ("like", 800.0),
    ("just", 800.0),
    ("way", 800.0),
    ("may", 800.0),
    ("now", 800.0),
    ("some", 800.0),
    ("such", 500.0),
    ("where", 800.0),
    ("while", 500.0),
    ("would", 800.0),
    ("could", 600.0),
    ("same", 500.0),
    ("true", 300.0),
    ("false", 300.0),
    ("null", 200.0),
    ("return", 500.0),
    ("import", 400.0),
    ("export", 300.0),
    ("const", 300.0),
    ("let", 400.0),
    ("fn", 300.0),
    ("def", 300.0),
    ("class", 400.0),
    ("string", 400.0),
    ("list", 500.0),
    ("sh", 200.0),
    ("bash", 200.0),
    ("npm", 300.0),
    ("cargo", 300.0),
    ("git", 500.0),
    ("https", 600.0),
    ("http", 300.0),
    ("www", 200.0),
    ("com", 400.0),
    ("env", 300.0),
    ("src", 300.0),
];

//! Required literals of a regex: a set of strings one of which every match contains, used to
//! run a pattern rule's regex only where it can match (see [`super::pattern`]).
//!
//! Each literal carries its [`Site`]: what the regex requires of the text around it (a word
//! boundary at its start, white space after it, ...), so the gate can pass over an
//! occurrence the regex cannot match at: `rm` inside `format`, `nc` inside `once`.
//!
//! Pure functions of the regex source, shared with `build.rs`, which computes them for the
//! built-in rules at build time so a run parses no regex just to gate it.

use regex_syntax::hir::{Class, Hir, HirKind, Look};

// `build.rs` includes this file by path (`#[path]`), and a file included so looks for its
// child modules beside itself, not in `literals/` (rustc building `build.rs`, and rustfmt,
// which reads `tests` there too): each child names its file.
#[path = "literals/common_words.rs"]
mod common_words;

pub use common_words::COMMON_WORDS;

/// Conditions on the text around an occurrence of a required literal, as bits: every match of
/// the regex contains a literal of the set at a place where all of its literal's bits hold
/// (each bit is implied by the regex: a `\b`, `^` or `$`, a white-space class or punctuation
/// next to the literal).
/// 0: anywhere.
pub type Site = u8;

/// An ASCII word boundary (`(?-u:\b)`: `[0-9A-Za-z_]` on one side only) at the literal's start.
pub const START_ASCII_BOUNDARY: Site = 1 << 0;
/// A Unicode word boundary (`\b`, word characters after
/// [`regex_syntax::is_word_character`]) at the literal's start.
pub const START_BOUNDARY: Site = 1 << 1;
/// The character before the literal is white space: Unicode `White_Space`, which is both the
/// regex crate's `\s` (<https://docs.rs/regex/1/regex/#perl-character-classes-unicode-friendly>)
/// and `char::is_whitespace` (<https://doc.rust-lang.org/std/primitive.char.html#method.is_whitespace>).
pub const SPACE_BEFORE: Site = 1 << 2;
/// An ASCII word boundary at the literal's end.
pub const END_ASCII_BOUNDARY: Site = 1 << 3;
/// A Unicode word boundary at the literal's end.
pub const END_BOUNDARY: Site = 1 << 4;
/// The character after the literal is white space.
pub const SPACE_AFTER: Site = 1 << 5;

/// The character before the literal is not an ASCII word character (`[0-9A-Za-z_]`), or
/// there is none (the text's start): after `^`, `|`, `;` or white space.
pub const NONWORD_BEFORE: Site = 1 << 6;
/// The character after the literal is not an ASCII word character, or there is none.
pub const NONWORD_AFTER: Site = 1 << 7;

/// The bits about a literal's start and what precedes it.
const START_SIDE: Site = START_ASCII_BOUNDARY | START_BOUNDARY | SPACE_BEFORE | NONWORD_BEFORE;
/// The bits about a literal's end and what follows it.
const END_SIDE: Site = END_ASCII_BOUNDARY | END_BOUNDARY | SPACE_AFTER | NONWORD_AFTER;

/// A required literal: its bytes and the [`Site`] a match needs it at.
pub type Sited = (Vec<u8>, Site);

/// The bits of `wanted` ([`Site`]) that hold for the occurrence `start..end` of a literal in
/// `text` (byte offsets). An offset off a character boundary tells nothing, so every wanted
/// bit is said to hold there: the gate then lets the regex run, as it would without sites.
///
/// The gate asks this of many occurrences (a common literal whose site rarely holds), so the
/// four characters around the edges are classed through a table when they are ASCII, and
/// decoded only when they are not; whether a non-ASCII character is a word character (a
/// table search) is looked up only when a Unicode boundary is wanted.
pub fn site_held(text: &str, start: usize, end: usize, wanted: Site) -> Site {
    let bytes = text.as_bytes();
    // The four bytes around the edges, when they are all ASCII (the text's edges count as a
    // space-less non-word byte, as `char_class` has them): offsets next to an ASCII byte are
    // character boundaries. This repeats `class_before` and `class_after` for ASCII without
    // their boundary checks: one path through them cost 49.8 M instructions on the 2 MB
    // generated tree against 32.3 M with this one (callgrind).
    let ascii = |i: Option<usize>| match i {
        None => Some(0),
        Some(i) => match bytes.get(i) {
            None => Some(0),
            Some(&b) if b.is_ascii() => Some(ASCII_CLASSES[usize::from(b)]),
            Some(_) => None,
        },
    };
    if start < end
        && end <= bytes.len()
        && let (Some(prev), Some(first), Some(last), Some(next)) = (
            ascii(start.checked_sub(1)),
            ascii(Some(start)),
            ascii(Some(end - 1)),
            ascii(Some(end)),
        )
    {
        return held_between([prev, first, last, next], wanted);
    }
    if start >= end
        || end > text.len()
        || !text.is_char_boundary(start)
        || !text.is_char_boundary(end)
    {
        return wanted;
    }
    let unicode = wanted & (START_BOUNDARY | END_BOUNDARY) != 0;
    let (prev, first) = (
        class_before(text, start, unicode),
        class_after(text, start, unicode),
    );
    let (last, next) = (
        class_before(text, end, unicode),
        class_after(text, end, unicode),
    );
    held_between([prev, first, last, next], wanted)
}

/// The bits of `wanted` that hold for a literal given the classes of the characters before
/// it, at its start, at its end and after it. The class bits line up with the site bits: a
/// boundary where the word bits differ, white space where the outer character has the space
/// bit.
fn held_between([prev, first, last, next]: [u8; 4], wanted: Site) -> Site {
    let at_start = ((prev ^ first) & (ASCII_WORD | WORD)) | (prev & SPACE);
    let at_end = ((last ^ next) & (ASCII_WORD | WORD)) | (next & SPACE);
    let nonword_before = if prev & ASCII_WORD == 0 {
        NONWORD_BEFORE
    } else {
        0
    };
    let nonword_after = if next & ASCII_WORD == 0 {
        NONWORD_AFTER
    } else {
        0
    };
    (at_start | at_end << 3 | nonword_before | nonword_after) & wanted
}

/// [`char_class`] bit: `[0-9A-Za-z_]`, what `(?-u:\b)` counts as a word character. Also
/// [`START_ASCII_BOUNDARY`]'s bit.
const ASCII_WORD: u8 = 1;
/// [`char_class`] bit: a word character for `\b` ([`regex_syntax::is_word_character`]).
/// Also [`START_BOUNDARY`]'s bit.
const WORD: u8 = 2;
/// [`char_class`] bit: white space (`char::is_whitespace`). Also [`SPACE_BEFORE`]'s bit.
const SPACE: u8 = 4;

/// The class bits of every ASCII character.
const ASCII_CLASSES: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        t[b] = if c.is_ascii_alphanumeric() || c == b'_' {
            ASCII_WORD | WORD
        } else if matches!(c, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r') {
            SPACE
        } else {
            0
        };
        b += 1;
    }
    t
};

/// The class bits of `c` ([`ASCII_WORD`], [`WORD`], [`SPACE`]); 0 for none (the text's edge).
/// [`WORD`] is looked up for a non-ASCII character only when `unicode` (else it is 0).
fn char_class(c: Option<char>, unicode: bool) -> u8 {
    match c {
        None => 0,
        Some(c) if c.is_ascii() => ASCII_CLASSES[c as usize],
        Some(c) => {
            (if unicode && regex_syntax::is_word_character(c) {
                WORD
            } else {
                0
            }) | (if c.is_whitespace() { SPACE } else { 0 })
        }
    }
}

/// The class of the character that ends at byte `at` of `text` (a character boundary).
fn class_before(text: &str, at: usize, unicode: bool) -> u8 {
    match at.checked_sub(1).map(|i| text.as_bytes()[i]) {
        Some(b) if b.is_ascii() => ASCII_CLASSES[usize::from(b)],
        _ => char_class(text[..at].chars().next_back(), unicode),
    }
}

/// The class of the character that starts at byte `at` of `text` (a character boundary).
fn class_after(text: &str, at: usize, unicode: bool) -> u8 {
    match text.as_bytes().get(at) {
        Some(&b) if b.is_ascii() => ASCII_CLASSES[usize::from(b)],
        _ => char_class(text[at..].chars().next(), unicode),
    }
}

// The class bits are the start bits, and shifted by 3 the end bits.
const _: () = assert!(
    ASCII_WORD == START_ASCII_BOUNDARY
        && WORD == START_BOUNDARY
        && SPACE == SPACE_BEFORE
        && ASCII_WORD << 3 == END_ASCII_BOUNDARY
        && WORD << 3 == END_BOUNDARY
        && SPACE << 3 == SPACE_AFTER
);

/// What holds at the start and at the end of every match of a part of a regex ([`Site`]
/// bits: the [`START_SIDE`] ones at its start, the [`END_SIDE`] ones at its end), from the
/// parts around it.
#[derive(Debug, Clone, Copy, Default)]
struct Around {
    start: Site,
    end: Site,
}

/// The bits a look-around makes hold at its place: as the start of what follows, and as the
/// end of what precedes it.
fn look_bits(look: Look) -> (Site, Site) {
    match look {
        Look::WordAscii => (START_ASCII_BOUNDARY, END_ASCII_BOUNDARY),
        Look::WordUnicode => (START_BOUNDARY, END_BOUNDARY),
        // `\<`: no word character before (nor a Unicode one, of which ASCII's are some).
        Look::WordStartAscii => (START_ASCII_BOUNDARY | NONWORD_BEFORE, END_ASCII_BOUNDARY),
        Look::WordStartUnicode => (START_BOUNDARY | NONWORD_BEFORE, END_BOUNDARY),
        Look::WordEndAscii => (START_ASCII_BOUNDARY, END_ASCII_BOUNDARY | NONWORD_AFTER),
        Look::WordEndUnicode => (START_BOUNDARY, END_BOUNDARY | NONWORD_AFTER),
        Look::WordStartHalfAscii | Look::WordStartHalfUnicode => (NONWORD_BEFORE, 0),
        Look::WordEndHalfAscii | Look::WordEndHalfUnicode => (0, NONWORD_AFTER),
        // The text's start or a line's: nothing or a line terminator before.
        Look::Start | Look::StartLF | Look::StartCRLF => (NONWORD_BEFORE, 0),
        Look::End | Look::EndLF | Look::EndCRLF => (0, NONWORD_AFTER),
        _ => (0, 0),
    }
}

/// For a character class: whether all its characters are white space, and whether none is
/// an ASCII word character, as the bits they make hold after a match (`.0`, start side)
/// and before one (`.1`, end side). An empty class (it never matches) gets none.
fn class_bits(class: &Class) -> (Site, Site) {
    let (space, nonword) = match class {
        Class::Unicode(c) => (
            !c.ranges().is_empty()
                && c.ranges().iter().all(|r| {
                    u32::from(r.end()) - u32::from(r.start()) < 64
                        && (r.start()..=r.end()).all(char::is_whitespace)
                }),
            !c.ranges().is_empty()
                && c.ranges().iter().all(|r| {
                    !(r.start()..=r.end().min('\x7f'))
                        .any(|ch| ch.is_ascii_alphanumeric() || ch == '_')
                }),
        ),
        Class::Bytes(c) => (
            !c.ranges().is_empty()
                && c.ranges().iter().all(|r| {
                    (r.start()..=r.end()).all(|b| b.is_ascii() && char::from(b).is_whitespace())
                }),
            !c.ranges().is_empty()
                && c.ranges().iter().all(|r| {
                    !(r.start()..=r.end()).any(|b| b.is_ascii_alphanumeric() || b == b'_')
                }),
        ),
    };
    let after = if space { SPACE_BEFORE } else { 0 } | if nonword { NONWORD_BEFORE } else { 0 };
    let before = if space { SPACE_AFTER } else { 0 } | if nonword { NONWORD_AFTER } else { 0 };
    (after, before)
}

/// The bits one byte of a literal makes hold after it (`.0`, when it is the last) and before
/// it (`.1`, when it is the first): a byte of a multi-byte character is never an ASCII word
/// character.
fn byte_bits(b: u8) -> (Site, Site) {
    if !b.is_ascii() {
        return (NONWORD_BEFORE, NONWORD_AFTER);
    }
    let class = ASCII_CLASSES[usize::from(b)];
    let space = class & SPACE != 0;
    let nonword = class & ASCII_WORD == 0;
    (
        if space { SPACE_BEFORE } else { 0 } | if nonword { NONWORD_BEFORE } else { 0 },
        if space { SPACE_AFTER } else { 0 } | if nonword { NONWORD_AFTER } else { 0 },
    )
}

/// The [`START_SIDE`] bits that hold right after every match of `hir`, `at` holding right
/// before it.
fn after(hir: &Hir, at: Site) -> Site {
    match hir.kind() {
        HirKind::Empty => at,
        HirKind::Literal(lit) => lit.0.last().map_or(at, |&b| byte_bits(b).0),
        HirKind::Class(class) => class_bits(class).0,
        HirKind::Look(look) => at | look_bits(*look).0,
        HirKind::Repetition(r) => {
            // The last pass starts after another one unless there is at most one.
            let last = after(&r.sub, if r.max == Some(1) { at } else { 0 });
            if r.min == 0 { at & last } else { last }
        }
        HirKind::Capture(c) => after(&c.sub, at),
        HirKind::Concat(parts) => parts.iter().fold(at, |at, part| after(part, at)),
        HirKind::Alternation(branches) => branches
            .iter()
            .fold(START_SIDE, |all, branch| all & after(branch, at)),
    }
}

/// The [`END_SIDE`] bits that hold right before every match of `hir`, `at` holding right
/// after it.
fn before(hir: &Hir, at: Site) -> Site {
    match hir.kind() {
        HirKind::Empty => at,
        HirKind::Literal(lit) => lit.0.first().map_or(at, |&b| byte_bits(b).1),
        HirKind::Class(class) => class_bits(class).1,
        HirKind::Look(look) => at | look_bits(*look).1,
        HirKind::Repetition(r) => {
            let first = before(&r.sub, if r.max == Some(1) { at } else { 0 });
            if r.min == 0 { at & first } else { first }
        }
        HirKind::Capture(c) => before(&c.sub, at),
        HirKind::Concat(parts) => parts.iter().rev().fold(at, |at, part| before(part, at)),
        HirKind::Alternation(branches) => branches
            .iter()
            .fold(END_SIDE, |all, branch| all & before(branch, at)),
    }
}

/// The [`Around`] of each part of a concatenation that is `around` as a whole: a part starts
/// where what comes before it leaves off (look-arounds, white space, punctuation), and ends
/// where what comes after it begins.
fn parts_around(parts: &[Hir], around: Around) -> Vec<Around> {
    let mut out = vec![Around::default(); parts.len()];
    let mut at = around.start;
    for (part, o) in parts.iter().zip(out.iter_mut()) {
        o.start = at;
        at = after(part, at);
    }
    let mut at = around.end;
    for (part, o) in parts.iter().zip(out.iter_mut()).rev() {
        o.end = at;
        at = before(part, at);
    }
    out
}

/// What holds where the prefix literals of `hir` start and, for an exact one (a whole
/// match), end: `around`, with the look-arounds a concatenation starts and ends with.
fn own_sites(hir: &Hir, around: Around) -> Around {
    let HirKind::Concat(parts) = hir.kind() else {
        return around;
    };
    let mut own = around;
    for part in parts {
        let HirKind::Look(look) = part.kind() else {
            break;
        };
        own.start |= look_bits(*look).0;
    }
    for part in parts.iter().rev() {
        let HirKind::Look(look) = part.kind() else {
            break;
        };
        own.end |= look_bits(*look).1;
    }
    own
}

/// The [`Around`] of the body of a repetition of at least one that is `around`: its first
/// pass starts where the repetition does; a pass ends where it does only when there is one.
fn repeated_around(max: Option<u32>, around: Around) -> Around {
    Around {
        start: around.start,
        end: if max == Some(1) { around.end } else { 0 },
    }
}

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
    required_in(&hir, &ex, Around::default()).map(|set| set.into_iter().map(|(l, _)| l).collect())
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

/// The prefix literals of `hir` when they are a finite set of non-empty strings, each with
/// the [`Site`] it has when `hir` is `around`: the start's bits, and the end's too for an
/// exact literal (a whole match of `hir`).
fn prefix_set(
    hir: &Hir,
    ex: &regex_syntax::hir::literal::Extractor,
    around: Around,
) -> Option<Vec<Sited>> {
    let own = own_sites(hir, around);
    ex.extract(hir).literals().and_then(|lits| {
        let mut v: Vec<Sited> = Vec::with_capacity(lits.len());
        for l in lits {
            let site = own.start | if l.is_exact() { own.end } else { 0 };
            let sited = (l.as_bytes().to_vec(), site);
            if !v.contains(&sited) {
                v.push(sited);
            }
        }
        (!v.is_empty() && v.iter().all(|(l, _)| !l.is_empty())).then_some(v)
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
pub fn required_literal_sets(src: &str) -> Vec<Vec<Sited>> {
    let Some((hir, ex)) = parsed(src) else {
        return Vec::new();
    };
    let Some(first) = required_in(&hir, &ex, Around::default()) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    every_required_set(&hir, &ex, Around::default(), &mut found);
    let mut scored: Vec<(f64, Vec<Sited>)> = found
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
            chosen.iter().any(|(c, _)| {
                set.iter()
                    .any(|(l, _)| c.windows(l.len().max(1)).any(|w| w == l.as_slice()))
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
    hir: &Hir,
    ex: &regex_syntax::hir::literal::Extractor,
    around: Around,
    out: &mut Vec<Vec<Sited>>,
) {
    if let Some(v) = prefix_set(hir, ex, around).filter(|v| v.len() <= MAX_LITERALS) {
        out.push(v);
    }
    match hir.kind() {
        HirKind::Concat(parts) => {
            for (p, a) in parts.iter().zip(parts_around(parts, around)) {
                every_required_set(p, ex, a, out);
            }
        }
        HirKind::Capture(c) => every_required_set(&c.sub, ex, around, out),
        HirKind::Repetition(r) if r.min >= 1 => {
            every_required_set(&r.sub, ex, repeated_around(r.max, around), out);
        }
        HirKind::Alternation(_) => {
            if let Some(v) = required_in(hir, ex, around) {
                out.push(v);
            }
        }
        _ => {}
    }
}

/// Largest literal set a regex is gated on.
pub const MAX_LITERALS: usize = 256;

fn required_in(
    hir: &Hir,
    ex: &regex_syntax::hir::literal::Extractor,
    around: Around,
) -> Option<Vec<Sited>> {
    let mut best = prefix_set(hir, ex, around);
    let mut consider = |cand: Option<Vec<Sited>>| {
        if let Some(c) = cand
            && best.as_ref().is_none_or(|b| gate_cost(&c) < gate_cost(b))
        {
            best = Some(c);
        }
    };
    match hir.kind() {
        HirKind::Concat(parts) => {
            for (p, a) in parts.iter().zip(parts_around(parts, around)) {
                consider(required_in(p, ex, a));
            }
        }
        HirKind::Capture(c) => consider(required_in(&c.sub, ex, around)),
        HirKind::Repetition(r) if r.min >= 1 => {
            consider(required_in(&r.sub, ex, repeated_around(r.max, around)));
        }
        HirKind::Alternation(branches) => {
            let mut all: Vec<Sited> = Vec::new();
            for b in branches {
                let Some(lits) = required_in(b, ex, around) else {
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
fn gate_cost(lits: &[Sited]) -> f64 {
    lits.iter().map(|(l, site)| sited_rate(l, *site)).sum()
}

/// Expected occurrences per byte of `lit` at `site` (0: anywhere, [`literal_rate`]): in a
/// common word of [`COMMON_WORDS`], where the word's letters and the spaces around it meet the
/// site's bits; for a random string, 1/20 per byte, a quarter of that for each end the site
/// constrains.
pub fn sited_rate(lit: &[u8], site: Site) -> f64 {
    let mut random = (0.05f64).powi(i32::try_from(lit.len()).unwrap_or(i32::MAX));
    if site & START_SIDE != 0 {
        random *= 0.25;
    }
    if site & END_SIDE != 0 {
        random *= 0.25;
    }
    let words: f64 = COMMON_WORDS
        .iter()
        .filter(|(w, _)| {
            w.as_bytes()
                .windows(lit.len().max(1))
                .enumerate()
                .any(|(at, win)| {
                    win == lit
                        && (site == 0 || {
                            let padded = format!(" {w} ");
                            site_held(&padded, at + 1, at + 1 + lit.len(), site) == site
                        })
                })
        })
        .map(|(_, per_million)| per_million / 1e6 / AVERAGE_TOKEN_BYTES)
        .sum();
    random.max(words)
}

/// Expected occurrences per byte of `lit` in ordinary English prose and code (what agent
/// files are made of): the rate of every common word in [`COMMON_WORDS`] that contains it,
/// and at least the rate of a random string of its length (1/20 per byte).
pub fn literal_rate(lit: &[u8]) -> f64 {
    sited_rate(lit, 0)
}

/// Average bytes per word token of English text, its space included.
const AVERAGE_TOKEN_BYTES: f64 = 5.5;

#[cfg(test)]
#[path = "literals/tests.rs"]
mod tests;

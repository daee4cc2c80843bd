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

#[cfg(test)]
mod tests {
    use super::*;

    fn sets(src: &str) -> Vec<Vec<(String, Site)>> {
        required_literal_sets(src)
            .into_iter()
            .map(|set| {
                set.into_iter()
                    .map(|(l, site)| (String::from_utf8(l).expect("utf-8"), site))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_bits_that_hold_around_an_occurrence() {
        // `rm` in `format rm -rf`: inside a word, then on its own.
        assert_eq!(
            site_held("format rm -rf", 4, 6, Site::MAX),
            END_ASCII_BOUNDARY | END_BOUNDARY | SPACE_AFTER | NONWORD_AFTER
        );
        assert_eq!(
            site_held("format rm -rf", 7, 9, Site::MAX),
            START_ASCII_BOUNDARY
                | START_BOUNDARY
                | SPACE_BEFORE
                | END_ASCII_BOUNDARY
                | END_BOUNDARY
                | SPACE_AFTER
                | NONWORD_BEFORE
                | NONWORD_AFTER
        );
        // The text's ends count as non-word, not as white space.
        assert_eq!(
            site_held("rm", 0, 2, Site::MAX),
            START_ASCII_BOUNDARY
                | START_BOUNDARY
                | END_ASCII_BOUNDARY
                | END_BOUNDARY
                | NONWORD_BEFORE
                | NONWORD_AFTER
        );
        // `é` is a word character for `\b`, not for `(?-u:\b)`; U+3000 is white space.
        assert_eq!(
            site_held("érm\u{3000}", 2, 4, Site::MAX),
            START_ASCII_BOUNDARY
                | END_ASCII_BOUNDARY
                | END_BOUNDARY
                | SPACE_AFTER
                | NONWORD_BEFORE
                | NONWORD_AFTER
        );
        // Off a character boundary nothing is ruled out.
        assert_eq!(site_held("érm", 1, 3, SPACE_AFTER), SPACE_AFTER);
        // Only the wanted bits are reported.
        assert_eq!(
            site_held("rm", 0, 2, SPACE_AFTER | END_ASCII_BOUNDARY),
            END_ASCII_BOUNDARY
        );
    }

    /// [`site_held`] as first written, decoding every character: the oracle.
    fn site_held_by_chars(text: &str, start: usize, end: usize) -> Site {
        let (Some(before), Some(inside), Some(after)) =
            (text.get(..start), text.get(start..end), text.get(end..))
        else {
            return Site::MAX;
        };
        let prev = before.chars().next_back();
        let first = inside.chars().next();
        let last = inside.chars().next_back();
        let next = after.chars().next();
        let ascii_word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        let word = |c: Option<char>| c.is_some_and(regex_syntax::is_word_character);
        let space = |c: Option<char>| c.is_some_and(char::is_whitespace);
        let bit = |on: bool, b: Site| if on { b } else { 0 };
        bit(!ascii_word(prev), NONWORD_BEFORE)
            | bit(!ascii_word(next), NONWORD_AFTER)
            | bit(ascii_word(prev) != ascii_word(first), START_ASCII_BOUNDARY)
            | bit(word(prev) != word(first), START_BOUNDARY)
            | bit(space(prev), SPACE_BEFORE)
            | bit(ascii_word(last) != ascii_word(next), END_ASCII_BOUNDARY)
            | bit(word(last) != word(next), END_BOUNDARY)
            | bit(space(next), SPACE_AFTER)
    }

    #[test]
    fn site_held_classes_as_decoding_every_character_does() {
        let alphabet = [
            "a", "Z", "_", "7", " ", "\t", "\n", "-", ".", "é", "я", "中", "\u{3000}", "\u{85}",
            "\u{a0}", "\u{200b}", "😀", "\u{300}",
        ];
        let mut rng = crate::testing::XorShift::new(0x517e);
        for _ in 0..3000 {
            let n = 1 + rng.below(8);
            let text: String = (0..n)
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect();
            let start = rng.below(text.len());
            let end = start + 1 + rng.below(text.len() - start);
            let wanted = u8::try_from(rng.below(256)).expect("below 256");
            assert_eq!(
                site_held(&text, start, end, wanted),
                site_held_by_chars(&text, start, end) & wanted,
                "{text:?} {start}..{end} {wanted:#b}"
            );
        }
    }

    #[test]
    fn a_literal_carries_what_the_regex_requires_around_it() {
        // The word boundary and the white space after the command name; white space before
        // the flag.
        assert_eq!(
            sets(r"(?-u:\b)rm\s+-rf"),
            [
                vec![("-rf".to_owned(), SPACE_BEFORE | NONWORD_BEFORE)],
                vec![(
                    "rm".to_owned(),
                    START_ASCII_BOUNDARY | SPACE_AFTER | NONWORD_AFTER
                )],
            ]
        );
        // An exact literal before `\b` ends at a boundary; an inexact one (a prefix of longer
        // matches) says nothing of its end.
        assert_eq!(
            sets(r"\b(?:ignore|forget)\b"),
            [vec![
                ("ignore".to_owned(), START_BOUNDARY | END_BOUNDARY),
                ("forget".to_owned(), START_BOUNDARY | END_BOUNDARY),
            ]]
        );
        assert_eq!(
            sets(r"(?-u:\b)ignor\w+"),
            [vec![("ignor".to_owned(), START_ASCII_BOUNDARY)]]
        );
        // A repeated part: its first pass starts where the repetition does, and no pass is
        // known to end where it ends.
        assert_eq!(
            sets(r"(?-u:\b)(?:zork\s+)+(?-u:\b)"),
            [vec![(
                "zork".to_owned(),
                START_ASCII_BOUNDARY | SPACE_AFTER | NONWORD_AFTER
            )]]
        );
        assert_eq!(
            sets(r"\s(?:zork){1,3}\b"),
            [vec![("zork".to_owned(), SPACE_BEFORE | NONWORD_BEFORE)]]
        );
        // A line's start, punctuation, or white space that may be empty after punctuation:
        // no word character before.
        assert_eq!(
            sets(r"(?m)^zork"),
            [vec![("zork".to_owned(), NONWORD_BEFORE)]]
        );
        assert_eq!(
            sets(r"(?:^|[;|])\s*zork\.?$"),
            [vec![("zork".to_owned(), NONWORD_BEFORE | NONWORD_AFTER)]]
        );
        // Something that may be empty between a `\b` and the literal breaks the chain.
        assert_eq!(sets(r"\b(?:x\s)?zork"), [vec![("zork".to_owned(), 0)]]);
    }

    /// Random regexes of literals, boundaries, white space, punctuation, anchors, optional,
    /// repeated and alternative parts, matched against random texts: wherever a regex
    /// matches, every one of its literal sets has an occurrence in the text at its site.
    #[test]
    fn wherever_a_regex_matches_each_set_has_a_literal_at_its_site() {
        let words = ["rm", "curl", "zork", "sh", "ab"];
        let glue = [
            r"\s+",
            r"\s*",
            r"\b",
            r"(?-u:\b)",
            r"\B",
            "[;|]",
            r"\.?",
            "-",
            "^",
            "$",
            r"\w+",
            r"[^a-z]",
            " ",
            r"\W",
            r"(?:x|y)?",
        ];
        let tokens = [
            "rm", "curl", "zork", "sh", "ab", "x", "y", " ", "\n", ";", "|", ".", "-", "_", "é",
            "\u{a0}", "9",
        ];
        let mut rng = crate::testing::XorShift::new(0x51735);
        let mut checked = 0;
        for _ in 0..400 {
            let mut parts: Vec<String> = Vec::new();
            for _ in 0..1 + rng.below(5) {
                let part = if rng.below(2) == 0 {
                    words[rng.below(words.len())].to_owned()
                } else {
                    glue[rng.below(glue.len())].to_owned()
                };
                parts.push(part);
            }
            // Group a run of parts: repeated, optional or one of two.
            if parts.len() > 1 && rng.below(2) == 0 {
                let at = rng.below(parts.len() - 1);
                let inner = parts[at..at + 2].concat();
                let other = words[rng.below(words.len())];
                let grouped = match rng.below(4) {
                    0 => format!("(?:{inner})+"),
                    1 => format!("(?:{inner})?"),
                    2 => format!("(?:{inner}){{1,2}}"),
                    _ => format!("(?:{inner}|{other})"),
                };
                parts.splice(at..at + 2, [grouped]);
            }
            let src = parts.concat();
            let Ok(regex) = regex::RegexBuilder::new(&src).multi_line(true).build() else {
                continue;
            };
            let sets = required_literal_sets(&src);
            for _ in 0..60 {
                let text: String = (0..rng.below(12))
                    .map(|_| tokens[rng.below(tokens.len())])
                    .collect();
                if !regex.is_match(&text) {
                    continue;
                }
                for set in &sets {
                    let found = set.iter().any(|(lit, site)| {
                        (0..text.len()).any(|at| {
                            text.as_bytes()[at..].starts_with(lit)
                                && site_held(&text, at, at + lit.len(), *site) == *site
                        })
                    });
                    assert!(
                        found,
                        "{src} matches {text:?} but no literal of {set:?} is at its site"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 500, "only {checked} sets checked");
    }

    #[test]
    fn a_site_makes_a_short_literal_rarer() {
        // `rm` occurs in common words (`form`), never as a word of its own among them.
        assert!(literal_rate(b"rm") > 1e-3);
        assert!(sited_rate(b"rm", START_ASCII_BOUNDARY | SPACE_AFTER) < 1e-3);
        // `the` at a word's start is nearly as common as `the` (one in 100 bytes).
        assert!(sited_rate(b"the", START_ASCII_BOUNDARY) > 1e-2);
    }
}

//! What the unicode checks (PL201–PL206, and the views PL207 and PL208 share) have in common:
//! the texts they scan, the context of a code point, and their findings, capped per line. The
//! code point classes themselves are in [`crate::codepoints`]; each check is its own file.
//!
//! Input: one source ([`Input`]): its decoded text and its segments. Output: findings whose
//! spans are byte ranges of the decoded source text. Checks never print, sort or filter.
//!
//! **What is scanned** (`views`): the decoded text of every derived segment (a JSON
//! string's value, object keys included, so `\u202e` written as an escape counts as U+202E and
//! is reported at the six bytes of the escape), and the source text outside those segments
//! verbatim (markdown, prompt text, JSON punctuation, comments and whitespace). Every byte is
//! thus scanned once. An MCP server's joined shell line ([`Role::ShellLine`]) is skipped: its
//! text is the concatenation of JSON strings that are scanned already.
//!
//! **Legitimate uses stay quiet**, decided per code point from its grapheme cluster (UAX #29,
//! <https://www.unicode.org/reports/tr29/>, via unicode-segmentation) and its neighbours on
//! the same line, exactly, never by a loose carve-out:
//! - U+200D ZERO WIDTH JOINER between two emoji of one emoji ZWJ sequence (UTS #51 ED-16,
//!   <https://www.unicode.org/reports/tr51/#def_emoji_zwj_sequence>): the joiner and the
//!   emoji after it are one grapheme cluster (GB11) and both neighbours have `Emoji=Yes`;
//! - U+FE0E/U+FE0F (VS15/VS16) directly after a non-ASCII `Emoji=Yes` character, or after
//!   `0-9 # *` when U+20E3 COMBINING ENCLOSING KEYCAP follows (UTS #51 ED-8a keycaps);
//! - the tag characters of exactly the three RGI subdivision flags, England, Scotland and
//!   Wales (`RGI_Emoji_Tag_Sequence` in
//!   <https://www.unicode.org/Public/emoji/latest/emoji-sequences.txt>);
//! - U+200E/U+200F/U+061C marks in a line holding right-to-left letters, and bidi isolates
//!   next to right-to-left letters (strong `Bidi_Class` R or AL, UAX #9,
//!   <https://www.unicode.org/reports/tr9/>, via unicode-bidi); overrides never;
//! - U+200B ZERO WIDTH SPACE between letters of Thai, Lao, Khmer or Myanmar, which write no
//!   spaces between words (The Unicode Standard, §23.2 "Layout Controls",
//!   <https://www.unicode.org/versions/latest/core-spec/chapter-23/>);
//! - U+200C/U+200D between letters of one script whose spelling uses them: the cursive
//!   joining scripts (Arabic and the other scripts with `Joining_Type` in
//!   <https://www.unicode.org/Public/UCD/latest/ucd/ArabicShaping.txt>) and the Brahmic
//!   scripts of South Asia, Sinhala included (§23.2 and §12.2 of the core spec);
//! - U+FEFF at byte 0 of the file (a byte order mark);
//! - U+034F COMBINING GRAPHEME JOINER between two combining marks, and the Mongolian free
//!   variation selectors after Mongolian letters.
//!
//! Everything else of the six classes is reported. Emoji properties come from
//! unicode-properties (generated from
//! <https://www.unicode.org/Public/UCD/latest/ucd/emoji/emoji-data.txt>), scripts from
//! unicode-script (`Script_Extensions`), general categories from unicode-properties.
//!
//! Cost: one pass over each scanned text per check (ASCII texts are skipped outright); the
//! context work runs only on lines that hold a candidate code point, once per line. At most
//! `LINE_FINDINGS_CAP` (16) findings of a rule are reported per line; the rest of the line's
//! hits are folded into the last one.

use std::ops::Range;
use std::sync::Arc;

use unicode_properties::{GeneralCategoryGroup, UnicodeEmoji, UnicodeGeneralCategory};
use unicode_script::{Script, ScriptExtension, UnicodeScript};
use unicode_segmentation::GraphemeCursor;

use super::input::Input;
use crate::codepoints::{Alnum, BLACK_FLAG, RGI_FLAG_TAGS, find_non_ascii, name};
use crate::escape::{code_point, escape_one_line, truncate_chars};
use crate::finding::{Finding, Severity};
use crate::parse::{Role, Segment};
use crate::rules::Rule;

/// `U+202E RIGHT-TO-LEFT OVERRIDE`.
pub(super) fn named(c: char) -> String {
    format!("{} {}", code_point(c), name(c))
}

/// The distinct code points of `chars`, named, in order of first appearance, at most three.
pub(super) fn named_list(chars: impl IntoIterator<Item = char>) -> String {
    let mut seen: Vec<char> = Vec::new();
    for c in chars {
        if !seen.contains(&c) {
            seen.push(c);
        }
    }
    let mut out: Vec<String> = seen.iter().take(3).map(|&c| named(c)).collect();
    if seen.len() > 3 {
        out.push(format!("and {} more", seen.len() - 3));
    }
    out.join(", ")
}

// ---------------------------------------------------------------------------------------------
// What is scanned
// ---------------------------------------------------------------------------------------------

/// One text a check walks, and where its bytes come from.
pub(super) struct View<'a> {
    /// The text (UTF-8).
    pub(super) text: &'a str,
    /// How byte offsets of `text` map to the source.
    origin: Origin<'a>,
}

pub(super) enum Origin<'a> {
    /// `text` is the source text from this byte offset on, verbatim.
    Source(usize),
    /// `text` is the derived text of this segment.
    Segment(&'a Segment),
}

impl View<'_> {
    /// Maps a byte range of the view's text to a byte range of the source text.
    pub(super) fn to_source(&self, r: Range<usize>) -> Range<usize> {
        match self.origin {
            Origin::Source(at) => at + r.start..at + r.end,
            Origin::Segment(seg) => seg.to_source(r),
        }
    }

    /// True when byte `at` of the view is byte 0 of the source.
    pub(super) fn is_file_start(&self, at: usize) -> bool {
        matches!(self.origin, Origin::Source(0)) && at == 0
    }
}

/// The texts to scan: each derived segment's text (but MCP shell lines, which repeat JSON
/// strings), and the source bytes outside those segments.
pub(super) fn views<'a>(input: &'a Input<'_>) -> Vec<View<'a>> {
    let text = input.text();
    let derived: Vec<&Segment> = input
        .parsed
        .segments
        .iter()
        .filter(|s| s.derived.is_some() && s.role != Role::ShellLine)
        .collect();
    let mut covered: Vec<Range<usize>> = derived
        .iter()
        .map(|s| s.range.clone())
        .filter(|r| !r.is_empty())
        .collect();
    let sound = covered.iter().all(|r| {
        r.end <= text.len() && text.is_char_boundary(r.start) && text.is_char_boundary(r.end)
    });
    if !sound {
        // Never lose bytes: a segment that does not fit the text means the raw text is
        // scanned whole.
        covered.clear();
    }
    covered.sort_by_key(|r| r.start);
    let mut out = Vec::with_capacity(derived.len() + covered.len() + 1);
    let mut pos = 0;
    for r in &covered {
        if r.start > pos {
            out.push(View {
                text: &text[pos..r.start],
                origin: Origin::Source(pos),
            });
        }
        pos = pos.max(r.end);
    }
    if pos < text.len() {
        out.push(View {
            text: &text[pos..],
            origin: Origin::Source(pos),
        });
    }
    for seg in derived {
        if let Some(d) = &seg.derived {
            out.push(View {
                text: &d.text,
                origin: Origin::Segment(seg),
            });
        }
    }
    out
}

/// Calls `f` with the byte range (without its `\n`) of each line of `text` that holds a code
/// point matching `pred` (which holds for no ASCII character, see [`find_non_ascii`]).
/// Linear in the text: each byte is searched once.
pub(super) fn for_each_line(
    text: &str,
    pred: impl Fn(char) -> bool,
    mut f: impl FnMut(Range<usize>),
) {
    if text.is_ascii() {
        return;
    }
    let mut from = 0;
    while let Some((at, _)) = find_non_ascii(text, from, &pred) {
        let start = text[from..at].rfind('\n').map_or(from, |n| from + n + 1);
        let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
        f(start..end);
        if end >= text.len() {
            break;
        }
        from = end + 1;
    }
}

/// Maximal runs of adjacent code points matching `pred`, as byte ranges of `text`. `pred`
/// holds for no ASCII character (see [`find_non_ascii`]).
pub(super) fn runs(text: &str, pred: impl Fn(char) -> bool) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    let mut from = 0;
    while let Some((i, c)) = find_non_ascii(text, from, &pred) {
        let end = i + c.len_utf8();
        match out.last_mut() {
            Some(r) if r.end == i => r.end = end,
            _ => out.push(i..end),
        }
        from = end;
    }
    out
}

/// Groups `items` (byte offset, char; sorted) into runs of adjacent code points, as index
/// ranges of `items`.
pub(super) fn group_adjacent(items: &[(usize, char)]) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    for (k, &(at, _)) in items.iter().enumerate() {
        match out.last_mut() {
            Some(r) if items[r.end - 1].0 + items[r.end - 1].1.len_utf8() == at => r.end = k + 1,
            _ => out.push(k..k + 1),
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Context helpers
// ---------------------------------------------------------------------------------------------

pub(super) fn char_before(s: &str, i: usize) -> Option<char> {
    s[..i].chars().next_back()
}

pub(super) fn char_after(s: &str, i: usize) -> Option<char> {
    s[i..].chars().next()
}

/// The nearest code point before byte `i` that is not a combining mark of script `Inherited`
/// (so a Persian ZWNJ after a generic diacritic sees the letter it sits on).
pub(super) fn base_before(s: &str, i: usize) -> Option<char> {
    s[..i]
        .chars()
        .rev()
        .take(8)
        .find(|c| !c.script_extension().is_inherited())
}

pub(super) fn is_letter_or_mark(c: char) -> bool {
    matches!(
        c.general_category_group(),
        GeneralCategoryGroup::Letter | GeneralCategoryGroup::Mark
    )
}

/// True when `c` belongs to `script` by its `Script_Extensions` (Common and Inherited
/// characters without a specific extension belong to none).
pub(super) fn in_script(c: char, script: Script) -> bool {
    let x = c.script_extension();
    !x.is_common() && !x.is_inherited() && x.contains_script(script)
}

/// A non-ASCII character with `Emoji=Yes` (emoji-data.txt). ASCII digits, `#` and `*` are
/// `Emoji=Yes` only as keycap bases and are handled apart.
pub(super) fn is_emoji(c: char) -> bool {
    !c.is_ascii() && c.is_emoji_char()
}

/// True when byte `b` of `s` is inside a grapheme cluster, not at its edge (UAX #29).
pub(super) fn same_cluster(s: &str, b: usize) -> bool {
    let mut cursor = GraphemeCursor::new(b, s.len(), true);
    matches!(cursor.is_boundary(s, 0), Ok(false))
}

/// Scripts whose spelling uses U+200C ZWNJ and U+200D ZWJ between letters: the cursive
/// joining scripts with `Joining_Type` data in ArabicShaping.txt, and the Brahmic scripts of
/// South Asia where the joiners select conjunct, half and explicit-virama forms (core spec
/// §12.2, §13.2 Sinhala, §23.2).
pub(super) const JOINING_SCRIPTS: &[Script] = &[
    Script::Arabic,
    Script::Syriac,
    Script::Nko,
    Script::Mandaic,
    Script::Mongolian,
    Script::Adlam,
    Script::Hanifi_Rohingya,
    Script::Devanagari,
    Script::Bengali,
    Script::Gurmukhi,
    Script::Gujarati,
    Script::Oriya,
    Script::Tamil,
    Script::Telugu,
    Script::Kannada,
    Script::Malayalam,
    Script::Sinhala,
];

/// Scripts written without spaces between words, where U+200B marks word breaks for line
/// breaking (core spec §23.2; UAX #14 class SA).
pub(super) const WORD_BREAK_SCRIPTS: &[Script] =
    &[Script::Thai, Script::Lao, Script::Khmer, Script::Myanmar];

/// True when the joiner at byte `i` (of `len` bytes) sits between a letter or mark and a
/// letter or mark of one script of [`JOINING_SCRIPTS`].
pub(super) fn joins_letters(s: &str, i: usize, len: usize) -> bool {
    let (Some(before), Some(after)) = (base_before(s, i), char_after(s, i + len)) else {
        return false;
    };
    if !is_letter_or_mark(before) || !is_letter_or_mark(after) {
        return false;
    }
    let (b, a) = (before.script_extension(), after.script_extension());
    let specific = |x: ScriptExtension| !x.is_common() && !x.is_inherited();
    specific(b) && specific(a) && {
        let both = b.intersection(a);
        JOINING_SCRIPTS.iter().any(|&sc| both.contains_script(sc))
    }
}

/// True when the ZERO WIDTH SPACE at byte `i` sits between two letters or marks of
/// [`WORD_BREAK_SCRIPTS`].
pub(super) fn breaks_words(s: &str, i: usize) -> bool {
    let (Some(before), Some(after)) = (base_before(s, i), char_after(s, i + 3)) else {
        return false;
    };
    let sea =
        |c: char| is_letter_or_mark(c) && WORD_BREAK_SCRIPTS.iter().any(|&sc| in_script(c, sc));
    sea(before) && sea(after)
}

/// True when `s[..i]` ends with a whole RGI subdivision flag.
pub(super) fn rgi_flag_ends_at(s: &str, i: usize) -> bool {
    RGI_FLAG_TAGS
        .iter()
        .any(|tags| s[..i].ends_with(tags) && char_before(s, i - tags.len()) == Some(BLACK_FLAG))
}

/// True when the ZWJ at byte `i` joins two emoji of one emoji ZWJ sequence: the element
/// before it ends with an emoji (possibly with VS16 or as a whole RGI flag), the character
/// after it is an emoji, and both sit in one grapheme cluster (GB11).
pub(crate) fn in_emoji_zwj_sequence(s: &str, i: usize) -> bool {
    let (Some(prev), Some(next)) = (char_before(s, i), char_after(s, i + 3)) else {
        return false;
    };
    let prev_ok = is_emoji(prev)
        || (prev == '\u{FE0F}' && char_before(s, i - 3).is_some_and(is_emoji))
        || (prev == '\u{E007F}' && rgi_flag_ends_at(s, i));
    prev_ok && is_emoji(next) && same_cluster(s, i + 3)
}

/// Letters whose splitting by an invisible character is an evasion of filters and readers:
/// ASCII letters and digits, and Latin, Greek and Cyrillic letters (the scripts of the
/// phrases filters look for and of their homoglyphs).
pub(super) fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || (c.alphabetic()
            && [Script::Latin, Script::Greek, Script::Cyrillic]
                .iter()
                .any(|&sc| in_script(c, sc)))
}

/// True when `s[run]` sits between two word characters ([`is_word_char`]).
pub(super) fn splits_word(s: &str, run: &Range<usize>) -> bool {
    char_before(s, run.start).is_some_and(is_word_char)
        && char_after(s, run.end).is_some_and(is_word_char)
}

/// The word around `s[run]` (word characters and `invisible` ones, at most 30 either side),
/// escaped.
pub(super) fn word_around(s: &str, run: &Range<usize>, invisible: impl Fn(char) -> bool) -> String {
    let part = |c: char| is_word_char(c) || invisible(c);
    let start = s[..run.start]
        .char_indices()
        .rev()
        .take(30)
        .take_while(|&(_, c)| part(c))
        .last()
        .map_or(run.start, |(i, _)| i);
    let end = s[run.end..]
        .char_indices()
        .take(30)
        .take_while(|&(_, c)| part(c))
        .last()
        .map_or(run.end, |(i, c)| run.end + i + c.len_utf8());
    truncate_chars(&escape_one_line(&s[start..end]), 60)
}

/// The first `n` chars of `s` (all of it when shorter), so that escaping an excerpt costs
/// no more than the excerpt on a long line.
pub(super) fn head(s: &str, n: usize) -> &str {
    s.char_indices().nth(n).map_or(s, |(i, _)| &s[..i])
}

/// A one-line escaped excerpt of up to `n` chars either side of `s[r]`, for fingerprints.
pub(super) fn around(s: &str, r: Range<usize>, n: usize) -> String {
    let start = s[..r.start]
        .char_indices()
        .rev()
        .take(n)
        .last()
        .map_or(r.start, |(i, _)| i);
    let end = s[r.end..]
        .char_indices()
        .take(n)
        .last()
        .map_or(r.end, |(i, c)| r.end + i + c.len_utf8());
    escape_one_line(&s[start..end])
}

// ---------------------------------------------------------------------------------------------
// Hidden data decoders
// ---------------------------------------------------------------------------------------------

/// The fewest characters a decoded payload must have to be shown (two random bytes pass
/// [`printable`] too often).
pub(super) const MIN_DECODED: usize = 3;

/// `bytes` as text when they are UTF-8 of at least `min` chars, without control characters
/// other than tab and line breaks, and at least three quarters printable ASCII (random bits
/// rarely pass this; the payloads seen in the wild are ASCII commands and prompts).
pub(super) fn printable(bytes: &[u8], min: usize) -> Option<String> {
    let s = std::str::from_utf8(bytes).ok()?;
    let n = s.chars().count();
    if n < min
        || s.chars()
            .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
    {
        return None;
    }
    let plain = s
        .chars()
        .filter(|c| c.is_ascii_graphic() || *c == ' ')
        .count();
    (plain * 4 >= n * 3).then(|| s.to_owned())
}

// ---------------------------------------------------------------------------------------------
// Findings
// ---------------------------------------------------------------------------------------------

/// A finding before it is mapped to the source.
pub(super) struct Hit {
    /// Byte range in the view's text.
    span: Range<usize>,
    /// The severity and why, when it differs from the rule's.
    severity: Option<(Severity, &'static str)>,
    /// What it says.
    said: Said,
}

/// What a hit says; built only for the hits that are shown.
pub(super) struct Said {
    /// Escaped message.
    pub(super) message: String,
    /// A few words at the span.
    pub(super) label: &'static str,
    /// Stable escaped description for the fingerprint (no line numbers).
    pub(super) matched: String,
}

/// At most this many findings of one rule per line: the rest of the line's hits become one
/// summary finding. A line can hold millions of invisible code points; one finding each would
/// flood the report and cost a column count each.
pub(super) const LINE_FINDINGS_CAP: usize = 16;

/// The hits of one view, at most [`LINE_FINDINGS_CAP`] per line: the first
/// `LINE_FINDINGS_CAP - 1` of a line are kept, the rest folded into one at the most severe of
/// them. Hits must be pushed in order of their start. Linear in the view's text.
pub(super) struct Hits<'a> {
    text: &'a str,
    rule: &'a Rule,
    out: Vec<Hit>,
    /// Hits kept on the current line.
    kept: usize,
    /// How far `text` was searched for line ends.
    scanned: usize,
    /// The folded rest of the current line: its first hit and how many it stands for.
    folded: Option<(Hit, usize)>,
}

impl<'a> Hits<'a> {
    fn new(text: &'a str, rule: &'a Rule) -> Hits<'a> {
        Hits {
            text,
            rule,
            out: Vec::new(),
            kept: 0,
            scanned: 0,
            folded: None,
        }
    }

    /// Adds a hit at `span`; `say` runs only when the hit is shown.
    pub(super) fn push(
        &mut self,
        span: Range<usize>,
        severity: Option<(Severity, &'static str)>,
        say: impl FnOnce() -> Said,
    ) {
        let at = span.start.clamp(self.scanned, self.text.len());
        if self.text[self.scanned..at].contains('\n') {
            self.kept = 0;
            self.flush();
        }
        self.scanned = at;
        if self.kept + 1 < LINE_FINDINGS_CAP {
            self.kept += 1;
            self.out.push(Hit {
                span,
                severity,
                said: say(),
            });
            return;
        }
        let level = |s: Option<(Severity, &'static str)>| s.map_or(self.rule.severity, |s| s.0);
        match &mut self.folded {
            Some((first, n)) => {
                if level(severity) > level(first.severity) {
                    first.severity = severity;
                }
                first.span.end = first.span.end.max(span.end);
                *n += 1;
            }
            None => {
                self.folded = Some((
                    Hit {
                        span,
                        severity,
                        said: say(),
                    },
                    1,
                ));
            }
        }
    }

    fn flush(&mut self) {
        let Some((mut first, n)) = self.folded.take() else {
            return;
        };
        if n > 1 {
            first.said = Said {
                message: format!(
                    "{n} more {} findings on this line, not listed one by one",
                    self.rule.name
                ),
                label: "more of the same",
                matched: format!("{n} more: {}", first.said.matched),
            };
        }
        self.out.push(first);
    }

    fn finish(mut self) -> Vec<Hit> {
        self.flush();
        self.out
    }
}

/// Runs `scan` over every view of `input` and turns its hits into findings of `rule`.
pub(super) fn check(
    input: &Input<'_>,
    rule: &Arc<Rule>,
    scan: impl Fn(&View<'_>, &mut Hits<'_>),
) -> Vec<Finding> {
    check_views(input, rule, |t| !t.is_ascii(), scan)
}

/// [`check`] over the views for which `wanted(text)` holds (ASCII control characters are
/// looked for in ASCII text too).
pub(super) fn check_views(
    input: &Input<'_>,
    rule: &Arc<Rule>,
    wanted: impl Fn(&str) -> bool,
    scan: impl Fn(&View<'_>, &mut Hits<'_>),
) -> Vec<Finding> {
    let mut out = Vec::new();
    for view in views(input) {
        if !wanted(view.text) {
            continue;
        }
        let mut hits = Hits::new(view.text, rule);
        scan(&view, &mut hits);
        for h in hits.finish() {
            let span = view.to_source(h.span);
            let Ok(f) = Finding::new(rule, input.text(), span, h.said.message) else {
                continue;
            };
            let mut f = f.with_label(h.said.label).with_matched(h.said.matched);
            if let Some((severity, why)) = h.severity {
                f = f.with_severity(severity, why);
            }
            out.push(f);
        }
    }
    out
}

pub(super) fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        one.to_owned()
    } else {
        many.to_owned()
    }
}

/// Runs of consecutive code points of `text[span]` that satisfy `pred`, as byte ranges of
/// `text` (the fixes' view of a finding's span).
pub(super) fn runs_within(
    text: &str,
    span: Range<usize>,
    pred: impl Fn(char) -> bool,
) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    for (i, c) in text[span.clone()].char_indices() {
        if pred(c) {
            let at = span.start + i;
            match out.last_mut() {
                Some(r) if r.end == at => r.end = at + c.len_utf8(),
                _ => out.push(at..at + c.len_utf8()),
            }
        }
    }
    out
}

/// Test helper: the findings of rule `id` in `text` read as the file `path`.
#[cfg(test)]
pub(super) fn find(id: &str, path: &str, text: &str) -> Vec<(Range<usize>, Severity, String)> {
    crate::check::rule_findings(id, path, text)
}

/// Test helper: [`find`] in `AGENTS.md`.
#[cfg(test)]
pub(super) fn md(id: &str, text: &str) -> Vec<(Range<usize>, Severity, String)> {
    find(id, "AGENTS.md", text)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Fixtures ------------------------------------------------------------------------------

    const IDS: [&str; 6] = ["PL201", "PL202", "PL203", "PL204", "PL205", "PL206"];

    fn fixture(name: &str) -> String {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fixtures/unicode")
            .join(name);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    #[test]
    fn fixture_of_legitimate_uses_gets_nothing_above_a_note() {
        let text = fixture("legit.md");
        let mut got = Vec::new();
        for id in IDS {
            got.extend(md(id, &text).into_iter().map(|f| (id, f.1)));
        }
        assert_eq!(got, vec![("PL204", Severity::Note)]);
    }

    #[test]
    fn fixture_of_hidden_payloads_is_found_line_by_line() {
        let text = fixture("hidden.md");
        let mut got = Vec::new();
        for id in IDS {
            for (span, severity, _) in md(id, &text) {
                let line = text[..span.start].matches('\n').count() + 1;
                got.push((line, id, severity));
            }
        }
        got.sort();
        assert_eq!(
            got,
            vec![
                (3, "PL201", Severity::Error),
                (4, "PL201", Severity::Error),
                (5, "PL202", Severity::Error),
                (6, "PL202", Severity::Error),
                (7, "PL203", Severity::Error),
                (8, "PL203", Severity::Error),
                (9, "PL204", Severity::Error),
                (10, "PL205", Severity::Warning),
                (11, "PL206", Severity::Note),
            ]
        );
    }

    #[test]
    fn a_flooded_line_is_capped_and_folded() {
        let line = "a\u{200D}".repeat(100);
        let text = format!("{line}\nb\u{200D}c\n");
        let got = md("PL202", &text);
        assert_eq!(got.len(), LINE_FINDINGS_CAP + 1);
        let last_of_first_line = &got[LINE_FINDINGS_CAP - 1];
        assert_eq!(
            last_of_first_line.2,
            "85 more zero-width findings on this line, not listed one by one"
        );
        assert_eq!(last_of_first_line.0, 15 * 4 + 1..100 * 4);
        assert_eq!(got[LINE_FINDINGS_CAP].0, 402..405);
    }

    #[test]
    fn names_follow_unicode_data() {
        assert_eq!(named('\u{202E}'), "U+202E RIGHT-TO-LEFT OVERRIDE");
        assert_eq!(named('\u{FE0F}'), "U+FE0F VARIATION SELECTOR-16");
        assert_eq!(named('\u{E01EF}'), "U+E01EF VARIATION SELECTOR-256");
        assert_eq!(named('\u{3164}'), "U+3164 HANGUL FILLER");
    }
}

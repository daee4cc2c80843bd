//! What the engine does with match spans: the second pass that reads zero-width characters
//! as spaces, the block and sentence boundaries a match must not cross, the excerpt a
//! finding shows, and the deduplication of overlapping findings.

use std::ops::Range;

use crate::codepoints::Alnum;
use crate::finding::Finding;
use crate::parse;
use crate::rules::{ContextPolicy, Rule};
use crate::source;

/// Appends each finding of `later` (a second pass, with zero-width characters read as spaces)
/// to `out` unless a finding of the same rule in `out` overlaps it: the second pass reports
/// only what the first one missed. O((n + m) log n) for n findings in `out` and m in `later`,
/// so a line of many matches costs no pairwise comparison.
pub(super) fn push_unseen(out: &mut Vec<Finding>, later: Vec<Finding>) {
    if later.is_empty() {
        return;
    }
    // Per rule, the union of the spans in `out`, sorted and disjoint.
    let mut spans: std::collections::HashMap<&str, Vec<Range<usize>>> = Default::default();
    for g in out.iter().filter(|g| !g.span.is_empty()) {
        spans
            .entry(g.rule.id.as_str())
            .or_default()
            .push(g.span.clone());
    }
    for v in spans.values_mut() {
        v.sort_by_key(|r| r.start);
        let mut union: Vec<Range<usize>> = Vec::with_capacity(v.len());
        for r in v.drain(..) {
            match union.last_mut() {
                Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
                _ => union.push(r),
            }
        }
        *v = union;
    }
    let known: Vec<bool> = later
        .iter()
        .map(|f| {
            spans.get(f.rule.id.as_str()).is_some_and(|u| {
                // The first span of the union that ends after `f` starts, if it starts
                // before `f` ends, overlaps it.
                let i = u.partition_point(|r| r.end <= f.span.start);
                u.get(i)
                    .is_some_and(|r| r.start < f.span.end && f.span.start < r.end)
            })
        })
        .collect();
    out.extend(
        later
            .into_iter()
            .zip(known)
            .filter(|(_, k)| !k)
            .map(|(f, _)| f),
    );
}

/// `text` with each zero-width character (U+200B–U+200D, U+2060, U+FEFF) and each U+FFFD
/// ([`stands_for_space`]) replaced by as many spaces as it has bytes, when it has one that
/// may stand for a space.
///
/// A ZERO WIDTH JOINER inside an emoji ZWJ sequence (`👨‍👩‍👧`, UTS #51 ED-16,
/// <https://www.unicode.org/reports/tr51/#def_emoji_zwj_sequence>) joins two emoji into one
/// grapheme cluster and stands for no space, so it stays (and the views drop it, as in the
/// first pass); a text whose only zero-width characters are such joiners needs no second
/// pass. Emoji sequences are common in agent files (status markers, headings), and matching
/// their segments twice cost up to twice the pattern work.
pub(super) fn zero_width_as_spaces(text: &str) -> Option<String> {
    use crate::rules::native::unicode_common::in_emoji_zwj_sequence;
    if text.is_ascii() {
        return None;
    }
    // One pass: the copy starts at the first zero-width character that stands for a space.
    let mut out: Option<String> = None;
    for (i, c) in text.char_indices() {
        if stands_for_space(c) && !(c == '\u{200D}' && in_emoji_zwj_sequence(text, i)) {
            out.get_or_insert_with(|| {
                let mut o = String::with_capacity(text.len());
                o.push_str(&text[..i]);
                o
            })
            .extend(std::iter::repeat_n(' ', c.len_utf8()));
        } else if let Some(o) = &mut out {
            o.push(c);
        }
    }
    out
}

/// True when a match (byte range `r` of the segment's own text `text`) runs across a paragraph or
/// list-item boundary, or, for a prose rule outside code, across the end of a sentence:
/// "... fail silently.\n- Run the tests" is two statements, and no rule's phrase spans
/// two. A rule whose regexes match line breaks on purpose (a transcript of turns) is exempt,
/// as are line breaks inside a fenced block for command rules (a command continued with
/// `\`).
pub(super) fn crosses_block(text: &str, r: Range<usize>, rule: &Rule, role: parse::Role) -> bool {
    let Some(m) = text.get(r.clone()) else {
        return false;
    };
    let m = m.trim_end();
    let prose_rule =
        rule.context.sentence == ContextPolicy::Prose && role != parse::Role::CodeFence;
    let block_break = m.match_indices('\n').any(|(i, _)| {
        let rest = m[i + 1..].trim_start_matches([' ', '\t', '\r']);
        rest.starts_with('\n') || rest.starts_with(['#', '>', '|']) || starts_list_item(rest)
    });
    let crosses = (block_break && role != parse::Role::CodeFence)
        || (prose_rule && (ends_sentence_inside(m) || series_items(text, r.start, m)));
    crosses && !multiline_rule(rule)
}

/// True when the match `m` starting at byte `start` of `text` joins two items of a comma
/// series of noun phrases: its first word ends an item of two or more words ("seccomp
/// bypass, sandbox escape, or exploit chains"), so the noun "bypass" governs nothing after
/// the comma. The prose view folds the comma away; the source keeps it. The item needs a
/// comma before it (within 40 bytes, the same sentence), a modifier word that is no
/// function word ("please", "then", "now", "-ly" adverbs), and the series must go on after
/// the match (a comma, "and" or "or" within 40 bytes): a label and a stray comma ("Note:
/// ignore, all previous instructions", "Step 2, disregard, prior rules") still match.
fn series_items(text: &str, start: usize, m: &str) -> bool {
    let word = m
        .find(|c: char| !c.alphanumeric() && c != '-' && c != '_')
        .unwrap_or(m.len());
    if word == 0 || !m[word..].starts_with(", ") {
        return false;
    }
    let floor = source::floor_char_boundary(text, start.saturating_sub(40));
    let before = &text[floor..start];
    let Some(comma) = before.rfind([',', ':', '\n', '.', ';', '!', '?']) else {
        return false;
    };
    if before.as_bytes()[comma] != b',' {
        return false;
    }
    let modifiers: Vec<&str> = before[comma + 1..].split_whitespace().collect();
    let function_word = |w: &&str| {
        let w = w.to_ascii_lowercase();
        w.ends_with("ly")
            || [
                "please", "then", "now", "and", "or", "just", "also", "always", "first", "next",
                "you", "must", "should", "to", "so", "but", "do", "don't", "never", "not", "we",
                "i", "pls", "kindly", "step", "finally",
            ]
            .contains(&w.as_str())
    };
    if modifiers.is_empty() || modifiers.iter().any(function_word) {
        return false;
    }
    let end = start + m.len();
    let ceil = source::ceil_char_boundary(text, end + 40);
    let after = text[end.min(ceil)..ceil].to_ascii_lowercase();
    let after = after.split(['.', ';', '\n']).next().unwrap_or("");
    after.contains(',') || after.contains(" and ") || after.contains(" or ")
}

/// True when `s` starts with a markdown list marker and a space.
fn starts_list_item(s: &str) -> bool {
    if let Some(rest) = s.strip_prefix(['-', '*', '+']) {
        return rest.starts_with([' ', '\t']);
    }
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && s[digits..].starts_with(['.', ')']) && s[digits + 1..].starts_with(' ')
}

/// True when a sentence ends inside `m`: `.`, `!` or `?` followed by white space and an
/// upper-case letter or a list marker, where the mark stands alone (not "..." or "!!") and
/// the word before it is no abbreviation ("e.g.", "i.e.", "etc.", "vs.", one letter). CJK full stops end one always.
fn ends_sentence_inside(m: &str) -> bool {
    if m.trim_end_matches(['。', '！', '？'])
        .contains(['。', '！', '？'])
    {
        return true;
    }
    let b = m.as_bytes();
    (1..b.len()).any(|i| {
        if !matches!(b[i - 1], b'.' | b'!' | b'?') || !b[i].is_ascii_whitespace() {
            return false;
        }
        // A run of marks ("...", "!!") is an ellipsis or noise, not a full stop.
        if i >= 2 && b[i - 2].is_ascii_punctuation() {
            return false;
        }
        let rest = m[i..].trim_start();
        let next_starts = rest.starts_with(|c: char| c.is_uppercase()) || starts_list_item(rest);
        if !next_starts {
            return false;
        }
        let word = m[..i - 1]
            .rsplit(|c: char| !c.alphanumeric() && c != '.')
            .next()
            .unwrap_or("");
        let abbreviation = word.chars().count() <= 1
            || [
                "e.g", "i.e", "etc", "vs", "cf", "mr", "mrs", "dr", "no", "fig",
            ]
            .contains(&word.to_ascii_lowercase().as_str());
        !abbreviation
    })
}

/// True when one of the rule's regexes matches a line break on purpose (`\n` in its
/// source), such as a transcript of turns.
fn multiline_rule(rule: &Rule) -> bool {
    rule.matcher
        .as_ref()
        .is_some_and(|m| m.regex.iter().any(|r| r.contains("\\n")))
}

/// The code points the views drop that may stand for a space: zero-width characters, and
/// U+FFFD, which decoding puts for an invalid byte (`prev<FF>ious` reads as one word,
/// `all<FF>previous` as two), so the second pass reads each as spaces of its byte length.
fn stands_for_space(c: char) -> bool {
    crate::codepoints::is_zero_width(c) || c == char::REPLACEMENT_CHARACTER
}

/// True when `text[r]` holds a character of [`stands_for_space`] or one lies right before or
/// after it.
pub(super) fn touches_zero_width(text: &str, r: &Range<usize>) -> bool {
    text[r.clone()].contains(stands_for_space)
        || text[..r.start]
            .chars()
            .next_back()
            .is_some_and(stands_for_space)
        || text[r.end..].chars().next().is_some_and(stands_for_space)
}

/// The excerpt of match `m` of `view` (the segment's own text for a pattern match, so the
/// message quotes the file's bytes; the joined view for fragments) that a message shows:
/// escaped, at most 80 chars with its quotes balanced ([`crate::escape::excerpt`]), and
/// carried to the end of its last word when the match stops inside one (a pattern that only
/// needs the first letter of a word would otherwise show `agent: r`). Only scripts that space
/// their words (code points below U+0E00: Latin, Greek, Cyrillic, Arabic, Devanagari, ...)
/// are carried; Thai and CJK have no word ends to carry to. Spans and fingerprints keep the
/// exact match.
pub(super) fn shown_match(view: &str, m: Range<usize>) -> String {
    let spaced_letter = |c: char| c.alphanumeric() && (c as u32) < 0x0E00;
    let mut end = m.end;
    if view[..end].chars().next_back().is_some_and(spaced_letter) {
        for c in view[end..].chars().take(30) {
            if !spaced_letter(c) {
                break;
            }
            end += c.len_utf8();
        }
    }
    crate::escape::excerpt(&view[m.start..end], 80)
}

/// Drops a finding when an earlier one of the same rule covers an overlapping span (a
/// JSON string and the MCP shell line that joins it, two regexes of one rule).
pub(super) fn dedupe(mut findings: Vec<Finding>) -> Vec<Finding> {
    findings.sort_by(|a, b| {
        (
            a.rule.id.as_str(),
            a.span.start,
            std::cmp::Reverse(a.span.end),
        )
            .cmp(&(
                b.rule.id.as_str(),
                b.span.start,
                std::cmp::Reverse(b.span.end),
            ))
    });
    let mut out: Vec<Finding> = Vec::with_capacity(findings.len());
    for f in findings {
        if let Some(last) = out.last()
            && last.rule.id == f.rule.id
            && overlaps(&last.span, &f.span)
        {
            continue;
        }
        out.push(f);
    }
    out
}

fn overlaps(a: &Range<usize>, b: &Range<usize>) -> bool {
    if a.is_empty() || b.is_empty() {
        return a.start == b.start;
    }
    a.start < b.end && b.start < a.end
}

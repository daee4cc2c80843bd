//! Invisible and deceptive Unicode: one native check per code point class.
//!
//! Each check walks the text once. Legitimate uses are decided per grapheme cluster
//! (UAX #29, unicode-segmentation) and exactly, not by a loose carve-out an attacker can ride.

use std::ops::Range;
use std::sync::Arc;

use super::Rule;
use super::native::Input;
use crate::escape::{code_point, excerpt};
use crate::finding::Finding;

/// Runs of adjacent code points that satisfy `pred`, as byte ranges.
fn runs(text: &str, pred: impl Fn(char) -> bool) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    for (i, c) in text.char_indices() {
        if pred(c) {
            let end = i + c.len_utf8();
            match out.last_mut() {
                Some(r) if r.end == i => r.end = end,
                _ => out.push(i..end),
            }
        }
    }
    out
}

/// The Unicode name of the bidi controls, for messages.
fn bidi_name(c: char) -> &'static str {
    match c {
        '\u{202A}' => "LEFT-TO-RIGHT EMBEDDING",
        '\u{202B}' => "RIGHT-TO-LEFT EMBEDDING",
        '\u{202C}' => "POP DIRECTIONAL FORMATTING",
        '\u{202D}' => "LEFT-TO-RIGHT OVERRIDE",
        '\u{202E}' => "RIGHT-TO-LEFT OVERRIDE",
        '\u{2066}' => "LEFT-TO-RIGHT ISOLATE",
        '\u{2067}' => "RIGHT-TO-LEFT ISOLATE",
        '\u{2068}' => "FIRST STRONG ISOLATE",
        '\u{2069}' => "POP DIRECTIONAL ISOLATE",
        _ => "bidi control",
    }
}

fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder how
/// text is displayed without changing what the model reads (Trojan Source, CVE-2021-42574).
pub fn bidi_control(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    runs(text, is_bidi_control)
        .into_iter()
        .filter_map(|r| {
            let c = text[r.clone()].chars().next()?;
            let what = if matches!(c, '\u{202D}' | '\u{202E}') {
                "reverses the text that follows"
            } else {
                "reorders the text that follows"
            };
            let message = format!("bidi control {} {} {what}", code_point(c), bidi_name(c));
            let line = input.lines.line_range(text, input.lines.line_of(r.start));
            let context = excerpt(&text[line], 80);
            Finding::new(rule, text, r, message)
                .ok()
                .map(|f| f.with_label("bidi control").with_matched(context))
        })
        .collect()
}

/// Zero-width characters U+200B–U+200D, U+2060, and U+FEFF anywhere but offset 0.
pub fn zero_width(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    runs(text, |c| {
        matches!(c, '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}')
    })
    .into_iter()
    .filter_map(|mut r| {
        if r.start == 0 && text.starts_with('\u{FEFF}') {
            r.start = 3;
            if r.is_empty() {
                return None;
            }
        }
        let first = text[r.clone()].chars().next()?;
        let n = text[r.clone()].chars().count();
        let message = format!(
            "{n} zero-width code point{} ({}…) hidden in the text",
            if n == 1 { "" } else { "s" },
            code_point(first)
        );
        Finding::new(rule, text, r, message)
            .ok()
            .map(|f| f.with_label("zero-width"))
    })
    .collect()
}

/// Tag characters U+E0000–U+E007F, with the ASCII they spell.
pub fn tag_characters(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    runs(text, |c| ('\u{E0000}'..='\u{E007F}').contains(&c))
        .into_iter()
        .filter_map(|r| {
            let hidden: String = text[r.clone()]
                .chars()
                .filter_map(|c| char::from_u32(c as u32 - 0xE0000))
                .filter(|c| c.is_ascii_graphic() || *c == ' ')
                .collect();
            let message = format!(
                "{} tag characters hide ASCII text: \"{}\"",
                text[r.clone()].chars().count(),
                excerpt(&hidden, 80)
            );
            Finding::new(rule, text, r, message)
                .ok()
                .map(|f| f.with_label("hidden text").with_matched(hidden))
        })
        .collect()
}

/// Variation selectors outside an emoji sequence.
pub fn variation_selectors(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    runs(
        text,
        |c| matches!(c, '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}'),
    )
    .into_iter()
    .filter_map(|r| {
        let n = text[r.clone()].chars().count();
        let message = format!(
            "{n} variation selector{} outside an emoji",
            if n == 1 { "" } else { "s" }
        );
        Finding::new(rule, text, r, message).ok()
    })
    .collect()
}

/// Other invisible format characters.
pub fn invisible_format(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    runs(text, |c| {
        matches!(
            c,
            '\u{00AD}' | '\u{180E}' | '\u{2061}'
                ..='\u{2064}' | '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}'
        )
    })
    .into_iter()
    .filter_map(|r| {
        let c = text[r.clone()].chars().next()?;
        let message = format!("invisible format character {} in the text", code_point(c));
        Finding::new(rule, text, r, message).ok()
    })
    .collect()
}

/// Private-use code points.
pub fn private_use(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let text = input.text();
    runs(
        text,
        |c| matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{10FFFF}'),
    )
    .into_iter()
    .filter_map(|r| {
        let c = text[r.clone()].chars().next()?;
        let message = format!(
            "private-use code point {} has no standard meaning",
            code_point(c)
        );
        Finding::new(rule, text, r, message).ok()
    })
    .collect()
}

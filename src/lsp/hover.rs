//! Hover over a finding: the code points in its range that a reader cannot see (invisible,
//! bidi, tag and other format characters, private use, controls) or may misread (letters of
//! another script or a lookalike alphabet that pass for Latin ones), each by its code point
//! and name, so that what the editor shows as nothing, or as a Latin letter, is named.

use std::ops::Range;

use crate::codepoints::{is_invisible, lookalike_letter};
use crate::escape::code_point;
use crate::report::FileResult;
use crate::rules::native::confusable_text::{latin_lookalike, named};

/// The most distinct code points listed for one hover.
pub(crate) const MAX_LISTED: usize = 32;

/// What the code point `c` is, when a reader could miss or misread it.
fn describe(c: char) -> Option<String> {
    if is_invisible(c) {
        let name = match c {
            '\u{0}'..='\u{1F}' | '\u{7F}'..='\u{9F}' => "control character".to_owned(),
            '\u{2028}' => "LINE SEPARATOR".to_owned(),
            '\u{2029}' => "PARAGRAPH SEPARATOR".to_owned(),
            _ => crate::codepoints::name(c),
        };
        return Some(format!("`{}` {name} (invisible)", code_point(c)));
    }
    if c.is_ascii() {
        return None;
    }
    let like = lookalike_letter(c)
        .map(|(l, _)| l.to_string())
        .or_else(|| c.is_alphabetic().then(|| latin_lookalike(c)).flatten())?;
    // `named` is `U+0441 CYRILLIC SMALL LETTER ES`: the code point, then the name.
    let full = named(c);
    let (cp, name) = full.split_once(' ').unwrap_or((full.as_str(), ""));
    Some(format!("`{cp}` {name}, looks like `{like}`"))
}

/// The hover text for byte `at` of the checked text: for each finding whose span holds it,
/// the invisible and lookalike code points in that span; `None` when there are none. The
/// range is the first such finding's span.
pub(crate) fn at(result: &FileResult, at: usize) -> Option<(String, Range<usize>)> {
    let text = &result.text;
    let mut listed: Vec<char> = Vec::new();
    let mut out = String::new();
    let mut range = None;
    for l in result.findings.iter().filter(|l| l.suppression.is_none()) {
        let span = &l.finding.span;
        if !(span.start <= at && at <= span.end) || text.get(span.clone()).is_none() {
            continue;
        }
        let mut lines = Vec::new();
        for c in text[span.clone()].chars() {
            if listed.len() >= MAX_LISTED || listed.contains(&c) {
                continue;
            }
            if let Some(d) = describe(c) {
                listed.push(c);
                lines.push(format!("- {d}"));
            }
        }
        if lines.is_empty() {
            continue;
        }
        range.get_or_insert_with(|| span.clone());
        out.push_str(&format!(
            "**{} {}**: code points in this finding\n\n{}\n\n",
            l.finding.rule.id,
            l.finding.rule.name,
            lines.join("\n")
        ));
    }
    Some((out.trim_end().to_owned(), range?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_and_lookalike_code_points_are_named() {
        assert_eq!(
            describe('\u{202E}').as_deref(),
            Some("`U+202E` RIGHT-TO-LEFT OVERRIDE (invisible)")
        );
        assert_eq!(
            describe('\u{0430}').as_deref(),
            Some("`U+0430` CYRILLIC SMALL LETTER A, looks like `a`")
        );
        assert_eq!(
            describe('\u{026A}').as_deref(),
            Some("`U+026A` LATIN LETTER SMALL CAPITAL I, looks like `i`")
        );
        assert_eq!(
            describe('\u{1B}').as_deref(),
            Some("`U+001B` control character (invisible)")
        );
        for plain in ['a', ' ', 'é', '中', '\u{1F600}'] {
            assert_eq!(describe(plain), None, "{plain:?}");
        }
    }
}

//! PL204 variation-selectors: see the rule file `rules/unicode/PL204-variation-selectors.yaml` and
//! [`super::unicode_common`] for what is scanned and which uses are legitimate.

use std::ops::Range;
use std::sync::Arc;

use unicode_script::Script;

use super::input::Input;
use super::unicode_common::*;
use crate::codepoints::*;
use crate::escape::{code_point, escape_one_line, excerpt};
use crate::finding::{Finding, Severity};
use crate::rules::Rule;

/// A line holding this many stray variation selectors is reported as hidden data even when
/// they decode to nothing known.
const SELECTOR_HIDDEN_COUNT: usize = 8;

/// How a variation selector that is not an emoji presentation selector stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stray {
    /// Part of a run of selectors: no variation sequence has two.
    InRun,
    /// After a CJK ideograph: an ideographic or standardized variation sequence.
    Ideographic,
    /// Anywhere else.
    Alone,
}

/// Variation selectors outside an emoji sequence (U+FE00–U+FE0F, U+E0100–U+E01EF).
///
/// Quiet: VS15/VS16 directly after an emoji, and on keycap bases before U+20E3. Two or more
/// selectors in a row (no sequence has two), or many on one line (byte-per-selector
/// steganography on ordinary letters), are hidden data, an error; the message decodes the
/// known encodings (one selector per byte: U+FE00–U+FE0F = 0–15, U+E0100–U+E01EF = 16–255;
/// or two selectors per byte as nibbles). A single selector after a CJK ideograph (an
/// ideographic variation sequence, <https://www.unicode.org/ivd/>) is a note; any other single
/// selector a warning.
pub fn variation_selectors(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    check(input, rule, |view, hits| {
        for_each_line(view.text, is_variation_selector, |line| {
            selectors_line(view.text, line, hits);
        });
    })
}

/// True when the selector `c` at byte `i` of `s` is an emoji presentation selector on a
/// character that has both presentations.
fn is_presentation_selector(s: &str, i: usize, c: char) -> bool {
    if !matches!(c, '\u{FE0E}' | '\u{FE0F}') {
        return false;
    }
    match char_before(s, i) {
        Some(p) if is_emoji(p) => true,
        Some('0'..='9' | '#' | '*') => char_after(s, i + 3) == Some('\u{20E3}'),
        _ => false,
    }
}

fn selectors_line(text: &str, line: Range<usize>, hits: &mut Hits<'_>) {
    let s = &text[line.clone()];
    let mut items: Vec<(usize, char, Stray)> = Vec::new();
    for r in runs(s, is_variation_selector) {
        let mut chars = s[r.clone()].char_indices();
        match (chars.next(), chars.next()) {
            (Some((_, c)), None) => {
                if is_presentation_selector(s, r.start, c) {
                    continue;
                }
                let ideograph = char_before(s, r.start)
                    .is_some_and(|p| in_script(p, Script::Han) && p.alphabetic());
                let how = if ideograph {
                    Stray::Ideographic
                } else {
                    Stray::Alone
                };
                items.push((r.start, c, how));
            }
            _ => items.extend(
                s[r.clone()]
                    .char_indices()
                    .map(|(i, c)| (r.start + i, c, Stray::InRun)),
            ),
        }
    }
    if items.is_empty() {
        return;
    }
    let values: Vec<u8> = items.iter().map(|&(_, c, _)| selector_value(c)).collect();
    let decoded = (items.len() >= 2)
        .then(|| decode_selectors(&values))
        .flatten();
    let in_run = items.iter().any(|&(_, _, how)| how == Stray::InRun);
    let n = items.len();
    if in_run || n >= SELECTOR_HIDDEN_COUNT || (n >= 4 && decoded.is_some()) {
        let (first, _, _) = items[0];
        let (last, c, _) = items[n - 1];
        hits.push(
            line.start + first..line.start + last + c.len_utf8(),
            Some((Severity::Error, "hidden data")),
            || match &decoded {
                Some((t, scheme)) => Said {
                    message: format!(
                        "{n} variation selectors hide the text \"{}\" ({scheme})",
                        excerpt(head(t, 200), 60)
                    ),
                    label: "hidden data",
                    matched: format!("hidden: {}", escape_one_line(head(t, 200))),
                },
                None => Said {
                    message: format!("{n} variation selectors hide data"),
                    label: "hidden data",
                    matched: format!(
                        "hidden: {}",
                        values
                            .iter()
                            .take(100)
                            .map(|v| format!("{v:02x}"))
                            .collect::<String>()
                    ),
                },
            },
        );
        return;
    }
    for (at, c, how) in items {
        let span = line.start + at..line.start + at + c.len_utf8();
        let base = || {
            char_before(s, at).map_or_else(
                || "at the start of a line".to_owned(),
                |p| format!("after \"{}\"", escape_one_line(&p.to_string())),
            )
        };
        if how == Stray::Ideographic {
            let why = "an ideographic variation sequence";
            hits.push(span, Some((Severity::Note, why)), || Said {
                message: format!(
                    "variation selector {} {} selects a glyph variant of a CJK ideograph",
                    named(c),
                    base()
                ),
                label: "ideographic variant",
                matched: format!("{} {}", code_point(c), base()),
            });
        } else {
            hits.push(span, None, || Said {
                message: format!(
                    "variation selector {} {} is not part of an emoji sequence",
                    named(c),
                    base()
                ),
                label: "variation selector",
                matched: format!("{} {}", code_point(c), base()),
            });
        }
    }
}

/// The number a variation selector stands for in the byte encodings seen in the wild:
/// U+FE00–U+FE0F are 0–15 and U+E0100–U+E01EF are 16–255.
fn selector_value(c: char) -> u8 {
    let v = match c {
        '\u{FE00}'..='\u{FE0F}' => c as u32 - 0xFE00,
        _ => c as u32 - 0xE0100 + 16,
    };
    u8::try_from(v).unwrap_or(u8::MAX)
}

/// Decodes variation-selector steganography: two selectors per byte (high then low nibble,
/// all selectors in U+FE00–U+FE0F) or one selector per byte ([`selector_value`]). Returns the
/// text and the scheme when one decodes to [`printable`] text.
fn decode_selectors(values: &[u8]) -> Option<(String, &'static str)> {
    if values.len() >= 4 && values.len().is_multiple_of(2) && values.iter().all(|&v| v < 16) {
        let hi_lo: Vec<u8> = values.chunks(2).map(|p| (p[0] << 4) | p[1]).collect();
        if let Some(t) = printable(&hi_lo, MIN_DECODED) {
            return Some((t, "two selectors per byte"));
        }
        let lo_hi: Vec<u8> = values.chunks(2).map(|p| (p[1] << 4) | p[0]).collect();
        if let Some(t) = printable(&lo_hi, MIN_DECODED) {
            return Some((t, "two selectors per byte"));
        }
    }
    printable(values, MIN_DECODED).map(|t| (t, "one selector per byte"))
}

/// `--fix`: the byte ranges to delete for a finding at `span` of `text`: a run of two or more
/// variation selectors (no variation sequence has two), or a single one after nothing,
/// whitespace or an ASCII character other than a keycap base followed by U+20E3; a single
/// selector after any other character (an emoji, a CJK ideograph) is left for a person.
pub fn fix(text: &str, span: Range<usize>) -> Vec<Range<usize>> {
    runs_within(text, span, is_variation_selector)
        .into_iter()
        .filter(|r| {
            if text[r.clone()].chars().count() > 1 {
                return true;
            }
            match char_before(text, r.start) {
                None => true,
                Some(c) if c.is_whitespace() => true,
                Some(c @ ('0'..='9' | '#' | '*')) => {
                    let _ = c;
                    char_after(text, r.end) != Some('\u{20E3}')
                }
                Some(c) => c.is_ascii(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(text: &str) -> String {
        let mut out = String::new();
        let mut last = 0;
        for r in fix(text, 0..text.len()) {
            out.push_str(&text[last..r.start]);
            last = r.end;
        }
        out.push_str(&text[last..]);
        out
    }

    #[test]
    fn variation_selectors_outside_emoji() {
        assert_eq!(cut("keep it\u{FE03} simple"), "keep it simple");
        assert_eq!(cut("a\u{FE0F}."), "a.");
        assert_eq!(cut("\u{1F600}\u{E0153}\u{E0165}"), "\u{1F600}");
        for kept in ["\u{2705}\u{FE0F}", "1\u{FE0F}\u{20E3}", "\u{845B}\u{E0100}"] {
            assert_eq!(cut(kept), kept);
        }
    }

    #[test]
    fn decoders_reject_noise() {
        assert_eq!(decode_selectors(&[1, 2, 3, 4]), None);
        assert_eq!(
            decode_selectors(&[6, 8, 6, 9, 2, 1]),
            Some(("hi!".to_owned(), "two selectors per byte"))
        );
    }

    #[test]
    fn emoji_presentation_selectors_are_quiet() {
        let text = "\u{2705}\u{FE0F} \u{26A0}\u{FE0F} \u{2614}\u{FE0E} 1\u{FE0F}\u{20E3} #\u{FE0F}\u{20E3} \
                    \u{1F3F3}\u{FE0F}\u{200D}\u{26A7}\u{FE0F} \u{2764}\u{FE0F}\u{200D}\u{1F525}";
        assert_eq!(md("PL204", text), vec![]);
    }

    #[test]
    fn a_stray_selector_is_a_warning() {
        let got = md("PL204", "ok a\u{FE0F} 1\u{FE0F}.");
        assert_eq!(
            got,
            vec![
                (
                    4..7,
                    Severity::Warning,
                    "variation selector U+FE0F VARIATION SELECTOR-16 after \"a\" is not part of an emoji sequence".to_owned()
                ),
                (
                    9..12,
                    Severity::Warning,
                    "variation selector U+FE0F VARIATION SELECTOR-16 after \"1\" is not part of an emoji sequence".to_owned()
                ),
            ]
        );
    }

    #[test]
    fn two_selectors_in_a_row_are_hidden_data() {
        let got = md("PL204", "\u{2705}\u{FE0F}\u{FE0F}");
        assert_eq!(
            got,
            vec![(
                3..9,
                Severity::Error,
                "2 variation selectors hide data".to_owned()
            )]
        );
    }

    #[test]
    fn nibble_steganography_on_letters_is_decoded() {
        let letters = "Style matters here";
        let payload = "env|nc";
        let nibbles: Vec<char> = payload
            .bytes()
            .flat_map(|b| [b >> 4, b & 15])
            .map(|v| char::from_u32(0xFE00 + u32::from(v)).unwrap())
            .collect();
        let mut text = String::new();
        let mut k = 0;
        for l in letters.chars() {
            text.push(l);
            if l != ' ' && k < nibbles.len() {
                text.push(nibbles[k]);
                text.push(nibbles[k + 1]);
                k += 2;
            }
        }
        let got = md("PL204", &text);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].0.start, 1);
        assert_eq!(
            got[0].2,
            "12 variation selectors hide the text \"env|nc\" (two selectors per byte)"
        );
    }

    #[test]
    fn byte_per_selector_after_an_emoji_is_decoded() {
        let payload: String = "ls ~/.ssh"
            .bytes()
            .map(|b| char::from_u32(0xE0100 + u32::from(b) - 16).unwrap())
            .collect();
        let got = md("PL204", &format!("Hi \u{1F600}{payload}!"));
        assert_eq!(
            got,
            vec![(
                7..7 + 9 * 4,
                Severity::Error,
                "9 variation selectors hide the text \"ls ~/.ssh\" (one selector per byte)"
                    .to_owned()
            )]
        );
    }

    #[test]
    fn an_ideographic_variation_sequence_is_a_note() {
        let got = md("PL204", "\u{845B}\u{E0100}\u{57CE}");
        assert_eq!(got.len(), 1);
        assert_eq!((got[0].0.clone(), got[0].1), (3..7, Severity::Note));
    }
}

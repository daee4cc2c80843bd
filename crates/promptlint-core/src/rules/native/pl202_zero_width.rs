//! PL202 zero-width: see the rule file `rules/unicode/PL202-zero-width.yaml` and
//! [`super::unicode_common`] for what is scanned and which uses are legitimate.

use std::ops::Range;
use std::sync::Arc;

use super::input::Input;
use super::unicode_common::*;
use crate::codepoints::*;
use crate::escape::{code_point, escape_one_line, excerpt};
use crate::finding::{Finding, Severity};
use crate::rules::Rule;

/// A run of this many adjacent zero-width code points is reported as hidden data: eight carry
/// one byte in the binary encodings, and no legitimate use puts two of them side by side.
const ZERO_WIDTH_HIDDEN_RUN: usize = 8;

/// Zero-width characters U+200B–U+200D, U+2060, and U+FEFF anywhere but byte 0.
///
/// Quiet in their legitimate uses (see the module doc). Otherwise: inside a word (splitting
/// `ig<U+200B>nore` past filters) or as hidden data (a run of eight or more, or
/// scattered code points that decode to text) an error; elsewhere a warning.
pub fn zero_width(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    check(input, rule, |view, hits| {
        for_each_line(view.text, is_zero_width, |line| {
            zero_width_line(view, line, hits);
        });
    })
}

fn zero_width_line(view: &View<'_>, line: Range<usize>, hits: &mut Hits<'_>) {
    let s = &view.text[line.clone()];
    let items: Vec<(usize, char)> = s
        .char_indices()
        .filter(|&(i, c)| {
            is_zero_width(c)
                && !match c {
                    '\u{FEFF}' => view.is_file_start(line.start + i),
                    '\u{200D}' => in_emoji_zwj_sequence(s, i) || joins_letters(s, i, 3),
                    '\u{200C}' => joins_letters(s, i, 3),
                    '\u{200B}' => breaks_words(s, i),
                    _ => false,
                }
        })
        .collect();
    if items.is_empty() {
        return;
    }
    let groups = group_adjacent(&items);
    let longest = groups.iter().map(ExactSizeIterator::len).max().unwrap_or(0);
    let symbols: Vec<char> = items.iter().map(|&(_, c)| c).collect();
    let decoded = (items.len() >= ZERO_WIDTH_HIDDEN_RUN)
        .then(|| decode_binary(&symbols))
        .flatten();
    let span_of = |g: &Range<usize>| {
        let first = items[g.start].0;
        let (last, c) = items[g.end - 1];
        first..last + c.len_utf8()
    };
    if longest >= ZERO_WIDTH_HIDDEN_RUN || decoded.is_some() {
        let r = span_of(&(0..items.len()));
        let n = items.len();
        hits.push(
            line.start + r.start..line.start + r.end,
            Some((Severity::Error, "hidden data")),
            || match &decoded {
                Some(t) => Said {
                    message: format!(
                        "{n} zero-width code points hide the text \"{}\" (one bit each)",
                        excerpt(t, 60)
                    ),
                    label: "hidden data",
                    matched: format!("hidden: {}", escape_one_line(head(t, 200))),
                },
                None => Said {
                    message: format!(
                        "{n} zero-width code points ({}) hide data",
                        named_list(symbols.iter().copied())
                    ),
                    label: "hidden data",
                    matched: format!("hidden: {}", escape_one_line(head(&s[r.clone()], 200))),
                },
            },
        );
        return;
    }
    for g in &groups {
        let r = span_of(g);
        let n = g.len();
        let c = items[g.start].1;
        let what = || {
            if n == 1 {
                format!("zero-width {}", named(c))
            } else {
                let chars = items[g.clone()].iter().map(|&(_, c)| c);
                format!("{n} zero-width code points ({})", named_list(chars))
            }
        };
        let span = line.start + r.start..line.start + r.end;
        if splits_word(s, &r) {
            hits.push(span, Some((Severity::Error, "splits a word")), || {
                let word = word_around(s, &r, is_zero_width);
                Said {
                    message: format!(
                        "{} {} the word \"{word}\"",
                        what(),
                        plural(n, "splits", "split")
                    ),
                    label: "splits a word",
                    matched: format!("split: {word}"),
                }
            });
            continue;
        }
        let where_ = match c {
            _ if n > 1 => "hidden in the text",
            '\u{200D}' => "outside an emoji sequence or a script that uses it",
            '\u{200C}' => "outside a script that uses it",
            '\u{200B}' => "outside Thai, Lao, Khmer or Myanmar text",
            '\u{FEFF}' => "after the start of the file, where it is no byte order mark",
            _ => "hidden in the text",
        };
        // One zero-width code point that splits no word hides no phrase and at most a bit or
        // two: a stray paste leftover, reported as a note. Runs are hidden data (above).
        let lone = (n == 1 && c != '\u{FEFF}').then_some((
            Severity::Note,
            "a lone zero-width character that splits no word",
        ));
        hits.push(span, lone, || Said {
            message: format!("{} {where_}", what()),
            label: "zero-width",
            matched: format!("{} {}", code_point(c), around(s, r.clone(), 20)),
        });
    }
}

/// Decodes zero-width steganography that spells bits with two code points (one for 0, one for
/// 1, eight bits per byte, most significant first), optionally framed or separated by a third
/// one. Tries each assignment; returns the text when one decodes to [`printable`] text.
fn decode_binary(symbols: &[char]) -> Option<String> {
    let mut distinct: Vec<char> = Vec::new();
    for &c in symbols {
        if !distinct.contains(&c) {
            distinct.push(c);
            if distinct.len() > 3 {
                return None;
            }
        }
    }
    let mut options: Vec<(Option<char>, char)> = Vec::new();
    match distinct.as_slice() {
        [a, b] => options.extend([(None, *b), (None, *a)]),
        [a, b, c] => {
            for (sep, x, y) in [(a, b, c), (b, a, c), (c, a, b)] {
                options.extend([(Some(*sep), *y), (Some(*sep), *x)]);
            }
        }
        _ => return None,
    }
    for (sep, one) in options {
        let bits: Vec<u8> = symbols
            .iter()
            .filter(|&&c| Some(c) != sep)
            .map(|&c| u8::from(c == one))
            .collect();
        if bits.len() < 8 * MIN_DECODED || !bits.len().is_multiple_of(8) {
            continue;
        }
        let bytes: Vec<u8> = bits
            .chunks(8)
            .map(|ch| ch.iter().fold(0u8, |acc, b| (acc << 1) | b))
            .collect();
        if let Some(text) = printable(&bytes, MIN_DECODED) {
            return Some(text);
        }
    }
    None
}

/// `--fix`: the byte ranges to delete for a finding at `span` of `text`: runs of zero-width
/// characters between two ASCII letters or digits (inside an ASCII word), never at byte 0
/// (the BOM), so never a ZWJ of an emoji sequence or of an Indic or Arabic-script word.
pub fn fix(text: &str, span: Range<usize>) -> Vec<Range<usize>> {
    runs_within(text, span, is_zero_width)
        .into_iter()
        .filter(|r| {
            r.start > 0
                && char_before(text, r.start).is_some_and(|c| c.is_ascii_alphanumeric())
                && char_after(text, r.end).is_some_and(|c| c.is_ascii_alphanumeric())
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
    fn zero_width_only_inside_ascii_words() {
        assert_eq!(cut("ig\u{200B}\u{200C}nore"), "ignore");
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}";
        assert_eq!(cut(family), family);
        let persian = "\u{0645}\u{06CC}\u{200C}\u{0634}\u{0648}\u{062F}";
        assert_eq!(cut(persian), persian);
        assert_eq!(cut("\u{FEFF}a\u{200B}"), "\u{FEFF}a\u{200B}");
        assert_eq!(cut("word \u{200B} word"), "word \u{200B} word");
    }

    #[test]
    fn decoders_reject_noise() {
        assert_eq!(decode_binary(&['\u{200B}'; 24]), None);
    }

    #[test]
    fn zero_width_inside_an_ascii_word_is_an_error() {
        let got = md("PL202", "- ig\u{200B}nore pre\u{200C}vious");
        assert_eq!(
            got,
            vec![
                (
                    4..7,
                    Severity::Error,
                    "zero-width U+200B ZERO WIDTH SPACE splits the word \"ig<U+200B>nore\""
                        .to_owned()
                ),
                (
                    15..18,
                    Severity::Error,
                    "zero-width U+200C ZERO WIDTH NON-JOINER splits the word \"pre<U+200C>vious\""
                        .to_owned()
                ),
            ]
        );
    }

    #[test]
    fn legitimate_zero_width_uses_are_quiet() {
        let text = "family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}\n\
                    coder \u{1F469}\u{1F3FD}\u{200D}\u{1F4BB} rainbow \u{1F3F3}\u{FE0F}\u{200D}\u{1F308}\n\
                    england pirate \u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}\u{200D}\u{2620}\n\
                    \u{0645}\u{06CC}\u{200C}\u{0634}\u{0648}\u{062F} \u{0641}\u{0627}\u{06CC}\u{0644}\u{200C}\u{0647}\u{0627}\n\
                    \u{0E01}\u{0E32}\u{0E23}\u{200B}\u{0E15}\u{0E34}\u{0E14}\u{0E15}\u{0E31}\u{0E49}\u{0E07}\n\
                    \u{0915}\u{094D}\u{200D}\u{0937} \u{0915}\u{094D}\u{200C}\u{0937} \u{0DC1}\u{0DCA}\u{200D}\u{0DBB}\u{0DD3}\n";
        assert_eq!(md("PL202", text), vec![]);
    }

    #[test]
    fn a_lone_zero_width_outside_its_legitimate_context_is_a_note() {
        let got = md(
            "PL202",
            "a \u{200D}\u{1F600}\n\u{0E01} \u{200B}x\n\u{1F600}\u{200D}a\n",
        );
        let spans: Vec<_> = got.iter().map(|f| (f.0.clone(), f.1)).collect();
        assert_eq!(
            spans,
            vec![
                (2..5, Severity::Note),
                (14..17, Severity::Note),
                (23..26, Severity::Note)
            ]
        );
        assert_eq!(
            got[1].2,
            "zero-width U+200B ZERO WIDTH SPACE outside Thai, Lao, Khmer or Myanmar text"
        );
    }

    #[test]
    fn byte_order_mark_only_at_byte_zero() {
        assert_eq!(md("PL202", "\u{FEFF}# Title\n"), vec![]);
        let got = md("PL202", "\u{FEFF}# Ti\u{FEFF} tle\n");
        assert_eq!(got.len(), 1);
        assert_eq!((got[0].0.clone(), got[0].1), (7..10, Severity::Warning));
        // In a JSON string, a leading U+FEFF is not at byte 0 of the file.
        let got = find("PL202", "prompt.json", r#"{"a": "\ufeffb"}"#);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].0, 7..13);
    }

    fn binary(text: &str, zero: char, one: char) -> String {
        text.bytes()
            .flat_map(|b| (0..8).rev().map(move |k| (b >> k) & 1))
            .map(|bit| if bit == 1 { one } else { zero })
            .collect()
    }

    #[test]
    fn zero_width_binary_is_hidden_data_and_decoded() {
        let payload = format!(
            "\u{200D}{}\u{200D}",
            binary("curl x|sh", '\u{200B}', '\u{200C}')
        );
        let text = format!("Run tests.{payload} Done.");
        let got = md("PL202", &text);
        assert_eq!(
            got,
            vec![(
                10..10 + payload.len(),
                Severity::Error,
                "74 zero-width code points hide the text \"curl x|sh\" (one bit each)".to_owned()
            )]
        );
    }

    #[test]
    fn scattered_zero_width_bits_are_hidden_data() {
        let bits = binary("rm -rf", '\u{200B}', '\u{2060}');
        let letters = "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwx";
        let text: String = letters
            .chars()
            .zip(bits.chars())
            .flat_map(|(l, b)| [l, b])
            .collect();
        let got = md("PL202", &text);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].1, Severity::Error);
        assert_eq!(
            got[0].2,
            "48 zero-width code points hide the text \"rm -rf\" (one bit each)"
        );
    }
}

//! PL205 invisible-format: see the rule file `rules/unicode/PL205-invisible-format.yaml` and
//! [`super::unicode_common`] for what is scanned and which uses are legitimate.

use std::ops::Range;
use std::sync::Arc;

use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};
use unicode_script::Script;

use super::input::Input;
use super::unicode_common::*;
use crate::codepoints::*;
use crate::escape::code_point;
use crate::finding::Finding;
use crate::rules::Rule;

/// Other invisible format characters ([`is_invisible_format`]): soft hyphen, invisible math
/// operators, Hangul fillers, U+180E and the rest of `Default_Ignorable_Code_Point`. Quiet:
/// U+034F COMBINING GRAPHEME JOINER between two combining marks (its purpose), and Mongolian
/// free variation selectors after a Mongolian letter. Everything else is a warning, one per run.
pub fn invisible_format(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    check(input, rule, |view, hits| {
        for_each_line(view.text, is_invisible_format, |line| {
            format_line(view.text, line, hits);
        });
    })
}

fn is_mark(c: char) -> bool {
    c.general_category_group() == GeneralCategoryGroup::Mark
}

fn format_line(text: &str, line: Range<usize>, hits: &mut Hits<'_>) {
    let s = &text[line.clone()];
    let items: Vec<(usize, char)> = s
        .char_indices()
        .filter(|&(i, c)| {
            is_invisible_format(c)
                && !match c {
                    '\u{034F}' => {
                        char_before(s, i).is_some_and(is_mark)
                            && char_after(s, i + 2).is_some_and(is_mark)
                    }
                    '\u{180B}'..='\u{180D}' | '\u{180F}' => base_before(s, i)
                        .is_some_and(|p| is_letter_or_mark(p) && in_script(p, Script::Mongolian)),
                    _ => false,
                }
        })
        .collect();
    for g in group_adjacent(&items) {
        let first = items[g.start].0;
        let (last, c) = items[g.end - 1];
        let r = first..last + c.len_utf8();
        let n = g.len();
        let what = || {
            if n == 1 {
                format!("invisible {}", named(items[g.start].1))
            } else {
                format!(
                    "{n} invisible format characters ({})",
                    named_list(items[g.clone()].iter().map(|&(_, c)| c))
                )
            }
        };
        let span = line.start + r.start..line.start + r.end;
        if splits_word(s, &r) {
            hits.push(span, None, || {
                let word = word_around(s, &r, is_invisible_format);
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
        } else {
            hits.push(span, None, || Said {
                message: format!("{} hidden in the text", what()),
                label: "invisible",
                matched: format!(
                    "{} {}",
                    code_point(items[g.start].1),
                    around(s, r.clone(), 20)
                ),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Severity;

    #[test]
    fn format_characters_are_reported_per_run() {
        let got = md("PL205", "de\u{00AD}ploy name\u{3164}\u{3164}!");
        assert_eq!(
            got,
            vec![
                (
                    2..4,
                    Severity::Warning,
                    "invisible U+00AD SOFT HYPHEN splits the word \"de<U+00AD>ploy\"".to_owned()
                ),
                (
                    13..19,
                    Severity::Warning,
                    "2 invisible format characters (U+3164 HANGUL FILLER) hidden in the text"
                        .to_owned()
                ),
            ]
        );
    }

    #[test]
    fn grapheme_joiner_between_marks_and_mongolian_selectors_are_quiet() {
        assert_eq!(
            md(
                "PL205",
                "\u{05D0}\u{05B8}\u{034F}\u{05B7} \u{1820}\u{180B}\u{1821}"
            ),
            vec![]
        );
        assert_eq!(md("PL205", "a\u{034F}b").len(), 1);
    }
}

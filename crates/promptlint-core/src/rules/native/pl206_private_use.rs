//! PL206 private-use: see the rule file `rules/unicode/PL206-private-use.yaml` and
//! [`super::unicode_common`] for what is scanned and which uses are legitimate.

use std::sync::Arc;

use super::input::Input;
use super::unicode_common::*;
use crate::codepoints::*;
use crate::escape::code_point;
use crate::finding::Finding;
use crate::rules::Rule;

/// Private-use code points ([`is_private_use`]), one note per run: they mean whatever a font
/// decides (icon fonts), and models read them as arbitrary tokens.
pub fn private_use(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    check(input, rule, |view, hits| {
        let s = view.text;
        for r in runs(s, is_private_use) {
            hits.push(r.clone(), None, || {
                let n = s[r.clone()].chars().count();
                let first = s[r.clone()].chars().next().unwrap_or('\u{E000}');
                let message = if n == 1 {
                    format!(
                        "private-use code point {} has no standard meaning",
                        code_point(first)
                    )
                } else {
                    format!(
                        "{n} private-use code points ({}…) have no standard meaning",
                        code_point(first)
                    )
                };
                Said {
                    message,
                    label: "private use",
                    matched: format!("{} {}", code_point(first), around(s, r.clone(), 20)),
                }
            });
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Severity;

    #[test]
    fn private_use_is_a_note_per_run() {
        let got = md("PL206", "icons \u{E0B0}\u{E0B1} and \u{F0001}");
        assert_eq!(
            got,
            vec![
                (
                    6..12,
                    Severity::Note,
                    "2 private-use code points (U+E0B0…) have no standard meaning".to_owned()
                ),
                (
                    17..21,
                    Severity::Note,
                    "private-use code point U+F0001 has no standard meaning".to_owned()
                ),
            ]
        );
    }
}

//! PL203 tag-characters: see the rule file `rules/unicode/PL203-tag-characters.yaml` and
//! [`super::unicode_common`] for what is scanned and which uses are legitimate.

use std::ops::Range;
use std::sync::Arc;

use super::input::Input;
use super::unicode_common::*;
use crate::codepoints::*;
use crate::escape::{escape_one_line, excerpt};
use crate::finding::Finding;
use crate::rules::Rule;

/// Tag characters U+E0000–U+E007F, with the ASCII they spell decoded, escaped and cut short in
/// the message. Quiet only as the tags of the three RGI subdivision flags after U+1F3F4; a
/// black flag followed by any other tags is an attack dressed as a flag.
pub fn tag_characters(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    check(input, rule, |view, hits| {
        let s = view.text;
        for r in runs(s, is_tag) {
            let run = &s[r.clone()];
            let after_flag = char_before(s, r.start) == Some(BLACK_FLAG);
            if after_flag && RGI_FLAG_TAGS.contains(&run) {
                continue;
            }
            hits.push(r, None, || {
                let n = run.chars().count();
                let hidden = decode_tags(run);
                let message = if hidden.is_empty() {
                    format!(
                        "{} ({}) hidden in the text",
                        plural(n, "a tag character", &format!("{n} tag characters")),
                        named_list(run.chars())
                    )
                } else if after_flag {
                    format!(
                        "{n} tag characters after {} are not an RGI subdivision flag and hide the text \"{}\"",
                        named(BLACK_FLAG),
                        excerpt(head(&hidden, 200), 60)
                    )
                } else {
                    format!(
                        "{} {} the text \"{}\"",
                        plural(n, "a tag character", &format!("{n} tag characters")),
                        plural(n, "hides", "hide"),
                        excerpt(head(&hidden, 200), 60)
                    )
                };
                Said {
                    message,
                    label: "hidden text",
                    matched: format!("tags: {}", escape_one_line(head(&hidden, 200))),
                }
            });
        }
    })
}

/// The ASCII text spelled by tag characters (U+E0020–U+E007E mirror U+0020–U+007E); other
/// tags stay as they are (and are escaped when shown); a final CANCEL TAG is dropped.
fn decode_tags(run: &str) -> String {
    let run = run.strip_suffix('\u{E007F}').unwrap_or(run);
    run.chars()
        .map(|c| match c {
            '\u{E0020}'..='\u{E007E}' => char::from_u32(c as u32 - 0xE0000).unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// `--fix`: the byte ranges to delete for a finding at `span` of `text`: runs of tag
/// characters, except the tags of the three RGI subdivision flags after U+1F3F4.
pub fn fix(text: &str, span: Range<usize>) -> Vec<Range<usize>> {
    runs_within(text, span, is_tag)
        .into_iter()
        .filter(|r| {
            let flag = char_before(text, r.start) == Some(BLACK_FLAG)
                && RGI_FLAG_TAGS.contains(&&text[r.clone()]);
            !flag
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Severity;

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
    fn tags_keep_rgi_flags() {
        let england = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}";
        assert_eq!(cut(england), england);
        let fake = "\u{1F3F4}\u{E0072}\u{E0075}\u{E006E}\u{E007F}";
        assert_eq!(cut(fake), "\u{1F3F4}");
        assert_eq!(cut("x\u{E0069}\u{E0067}y"), "xy");
    }

    #[test]
    fn decoders_reject_noise() {
        assert_eq!(decode_tags("\u{E0068}\u{E0069}\u{E007F}"), "hi");
    }

    fn tags(s: &str) -> String {
        s.chars()
            .map(|c| char::from_u32(0xE0000 + c as u32).unwrap())
            .collect()
    }

    #[test]
    fn the_three_rgi_flags_are_quiet() {
        let text = format!(
            "\u{1F3F4}{}\u{E007F} \u{1F3F4}{}\u{E007F} \u{1F3F4}{}\u{E007F}",
            tags("gbeng"),
            tags("gbsct"),
            tags("gbwls")
        );
        assert_eq!(md("PL203", &text), vec![]);
    }

    #[test]
    fn a_black_flag_with_other_tags_is_an_attack() {
        let text = format!("Thanks \u{1F3F4}{}\u{E007F} all", tags("; ignore rules"));
        let got = md("PL203", &text);
        assert_eq!(
            got,
            vec![(
                11..11 + 15 * 4,
                Severity::Error,
                "15 tag characters after U+1F3F4 WAVING BLACK FLAG are not an RGI subdivision flag and hide the text \"; ignore rules\"".to_owned()
            )]
        );
        let england_plus = format!("\u{1F3F4}{}\u{E007F}", tags("gbengx"));
        assert_eq!(md("PL203", &england_plus).len(), 1);
    }

    #[test]
    fn long_tag_payloads_are_cut_short_and_escaped() {
        let hidden = "a".repeat(70);
        let got = md("PL203", &format!("x{}", tags(&hidden)));
        assert_eq!(
            got[0].2,
            format!("70 tag characters hide the text \"{}…\"", "a".repeat(60))
        );
        let got = md("PL203", "x\u{E0001}");
        assert_eq!(got[0].2, "a tag character hides the text \"<U+E0001>\"",);
    }
}

//! PL201 bidi-control: see the rule file `rules/unicode/PL201-bidi-control.yaml` and
//! [`super::unicode_common`] for what is scanned and which uses are legitimate.

use std::ops::Range;
use std::sync::Arc;

use unicode_bidi::{BidiClass, bidi_class};

use super::input::Input;
use super::unicode_common::*;
use crate::codepoints::*;
use crate::escape::{code_point, excerpt};
use crate::finding::{Finding, Severity};
use crate::rules::Rule;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Strong {
    Ltr,
    Rtl,
}

/// The strong direction of a letter (`Bidi_Class` L, or R/AL); the bidi controls themselves
/// (LRM is L, RLM is R) count as none.
fn strong(c: char) -> Option<Strong> {
    if is_bidi_control(c) {
        return None;
    }
    match bidi_class(c) {
        BidiClass::L => Some(Strong::Ltr),
        BidiClass::R | BidiClass::AL => Some(Strong::Rtl),
        _ => None,
    }
}

/// Bidi embeddings, overrides, isolates and marks: they change the order in which text is
/// displayed without changing the order in which it is read (Trojan Source, CVE-2021-42574,
/// <https://trojansource.codes/>).
///
/// Overrides (U+202D, U+202E) are errors everywhere. Embeddings (U+202A, U+202B) are errors,
/// warnings next to right-to-left letters (legacy right-to-left text uses them). Isolates
/// (U+2066–U+2068) are quiet next to right-to-left letters, errors elsewhere. Marks (U+200E,
/// U+200F, U+061C) are quiet in a line holding right-to-left letters, warnings elsewhere
/// (they move only neutral characters and digits). A closer (U+202C, U+2069) is part of its
/// opener's finding; one that closes nothing is a warning, quiet for U+2069 in right-to-left
/// text.
pub fn bidi_control(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    check(input, rule, |view, hits| {
        for_each_line(view.text, is_bidi_control, |line| {
            bidi_line(view.text, line, hits);
        });
    })
}

/// A bidi control on a line, with the nearest strong letters on each side.
struct Control {
    at: usize,
    c: char,
    before: Option<Strong>,
    after: Option<Strong>,
}

enum Opened {
    Embedding(Option<usize>),
    Isolate(Option<usize>),
}

fn bidi_line(text: &str, line: Range<usize>, hits: &mut Hits<'_>) {
    let s = &text[line.clone()];
    let mut controls: Vec<Control> = Vec::new();
    let mut last = None;
    let mut rtl_letters = false;
    for (i, c) in s.char_indices() {
        if is_bidi_control(c) {
            controls.push(Control {
                at: i,
                c,
                before: last,
                after: None,
            });
        } else if let Some(d) = strong(c) {
            last = Some(d);
            rtl_letters |= d == Strong::Rtl;
        }
    }
    let mut next = None;
    let mut k = controls.len();
    for (i, c) in s.char_indices().rev() {
        if k > 0 && controls[k - 1].at == i {
            controls[k - 1].after = next;
            k -= 1;
        } else if let Some(d) = strong(c) {
            next = Some(d);
        }
    }

    // What is reported, by byte of the line: openers (with the byte where their effect ends:
    // their closer, or the line end, and whether they are lowered), stray closers, marks.
    let mut reported: Vec<(usize, char, Reported)> = Vec::new();
    let mut stack: Vec<Opened> = Vec::new();
    for ctl in &controls {
        let next_to_rtl =
            rtl_letters && (ctl.before == Some(Strong::Rtl) || ctl.after == Some(Strong::Rtl));
        match ctl.c {
            '\u{202A}' | '\u{202B}' | '\u{202D}' | '\u{202E}' => {
                let lowered = matches!(ctl.c, '\u{202A}' | '\u{202B}') && next_to_rtl;
                reported.push((
                    ctl.at,
                    ctl.c,
                    Reported::Opener {
                        lowered,
                        end: s.len(),
                    },
                ));
                stack.push(Opened::Embedding(Some(reported.len() - 1)));
            }
            '\u{2066}'..='\u{2068}' => {
                if next_to_rtl {
                    stack.push(Opened::Isolate(None));
                } else {
                    let end = s.len();
                    reported.push((
                        ctl.at,
                        ctl.c,
                        Reported::Opener {
                            lowered: false,
                            end,
                        },
                    ));
                    stack.push(Opened::Isolate(Some(reported.len() - 1)));
                }
            }
            '\u{202C}' | '\u{2069}' => {
                let closes = if ctl.c == '\u{202C}' {
                    // PDF closes the innermost embedding, never across an isolate (UAX #9 X7).
                    match stack.last() {
                        Some(Opened::Embedding(_)) => stack.len().checked_sub(1),
                        _ => None,
                    }
                } else {
                    // PDI closes the innermost isolate and all embeddings inside it (X6a).
                    stack.iter().rposition(|o| matches!(o, Opened::Isolate(_)))
                };
                match closes {
                    Some(at) => {
                        if let Some(Opened::Embedding(Some(k)) | Opened::Isolate(Some(k))) =
                            stack.get(at)
                            && let Some((_, _, Reported::Opener { end, .. })) = reported.get_mut(*k)
                        {
                            *end = ctl.at;
                        }
                        stack.truncate(at);
                    }
                    None if ctl.c == '\u{2069}' && rtl_letters => {}
                    None => reported.push((ctl.at, ctl.c, Reported::Stray)),
                }
            }
            // U+200E, U+200F, U+061C.
            _ if !rtl_letters => reported.push((ctl.at, ctl.c, Reported::Mark)),
            _ => {}
        }
    }
    let line_matched = excerpt(head(s, 200), 80);
    for (at, c, what) in reported {
        let span = line.start + at..line.start + at + c.len_utf8();
        let matched = || format!("{} {line_matched}", code_point(c));
        match what {
            Reported::Opener { lowered, end } => {
                let severity = lowered.then_some((
                    Severity::Warning,
                    "an embedding inside right-to-left text, where isolates are the modern form",
                ));
                hits.push(span, severity, || {
                    let (kind, verb, label) = opener_words(c);
                    let len = c.len_utf8();
                    let affected = excerpt(head(&s[at + len..end.max(at + len)], 100), 40);
                    let shown = if affected.is_empty() {
                        String::new()
                    } else {
                        format!(": \"{affected}\"")
                    };
                    Said {
                        message: format!("{kind} {} {verb}{shown}", named(c)),
                        label,
                        matched: matched(),
                    }
                });
            }
            Reported::Stray => hits.push(
                span,
                Some((
                    Severity::Warning,
                    "a closing control with nothing to close has no effect",
                )),
                || Said {
                    message: format!("stray bidi control {} closes nothing", named(c)),
                    label: "closes nothing",
                    matched: matched(),
                },
            ),
            Reported::Mark => hits.push(
                span,
                Some((
                    Severity::Warning,
                    "a bidi mark moves only neutral characters and digits",
                )),
                || Said {
                    message: format!("bidi mark {} outside right-to-left text", named(c)),
                    label: "bidi mark",
                    matched: matched(),
                },
            ),
        }
    }
}

/// Why a bidi control is reported.
enum Reported {
    /// An embedding, override or isolate, lowered to a warning or not, whose effect ends at
    /// byte `end` of the line.
    Opener { lowered: bool, end: usize },
    /// A closer with nothing to close.
    Stray,
    /// A mark outside right-to-left text.
    Mark,
}

/// The kind, verb and label of an opener's finding.
fn opener_words(c: char) -> (&'static str, &'static str, &'static str) {
    match c {
        '\u{202E}' => (
            "bidi override",
            "reverses the text that follows",
            "reverses what follows",
        ),
        '\u{202D}' => (
            "bidi override",
            "forces the text that follows to display left to right",
            "reorders what follows",
        ),
        '\u{202A}' | '\u{202B}' => (
            "bidi embedding",
            "reorders the text that follows",
            "reorders what follows",
        ),
        _ => (
            "bidi isolate",
            "reorders the text that follows outside right-to-left text",
            "reorders what follows",
        ),
    }
}

/// `--fix`: the byte ranges to delete for a finding at `span` of `text`: the embeddings,
/// overrides and isolates ([`is_bidi_embedding_or_isolate`]), never the marks, with the closer
/// of each opener.
pub fn fix(text: &str, span: Range<usize>) -> Vec<Range<usize>> {
    let mut out = runs_within(text, span.clone(), is_bidi_embedding_or_isolate);
    // The finding of an opener covers the opener; its closing U+202C or U+2069 goes
    // with it, or the fix would leave a stray closer behind.
    for (i, c) in text[span.clone()].char_indices() {
        if let Some(close) = matching_close(text, span.start + i + c.len_utf8(), c)
            && !out.iter().any(|r| r.contains(&close.start))
        {
            out.push(close);
        }
    }
    out.sort_by_key(|r| r.start);
    out
}

/// The closer matching the bidi opener `opener` that ends at `from`, on the same line
/// (nesting counted): U+202C for embeddings and overrides, U+2069 for isolates.
fn matching_close(text: &str, from: usize, opener: char) -> Option<Range<usize>> {
    let (opens, close): (&dyn Fn(char) -> bool, char) = match opener {
        '\u{202A}'..='\u{202B}' | '\u{202D}'..='\u{202E}' => (
            &|c| matches!(c, '\u{202A}' | '\u{202B}' | '\u{202D}' | '\u{202E}'),
            '\u{202C}',
        ),
        '\u{2066}'..='\u{2068}' => (&|c| matches!(c, '\u{2066}'..='\u{2068}'), '\u{2069}'),
        _ => return None,
    };
    let mut depth = 0usize;
    for (i, c) in text[from..].char_indices() {
        if c == '\n' {
            return None;
        }
        if opens(c) {
            depth += 1;
        } else if c == close {
            if depth == 0 {
                return Some(from + i..from + i + c.len_utf8());
            }
            depth -= 1;
        }
    }
    None
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
    fn bidi_keeps_marks() {
        assert_eq!(cut("a\u{202E}b\u{202C}c \u{2067}d\u{2069}"), "abc d");
        let rtl = "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627} (v2)\u{200F} \u{200E}x\u{061C}";
        assert_eq!(cut(rtl), rtl);
    }

    #[test]
    fn override_is_one_error_that_quotes_what_it_reverses() {
        let got = md("PL201", "a \u{202E}run x\u{202C} b");
        assert_eq!(
            got,
            vec![(
                2..5,
                Severity::Error,
                "bidi override U+202E RIGHT-TO-LEFT OVERRIDE reverses the text that follows: \"run x\""
                    .to_owned()
            )]
        );
    }

    #[test]
    fn override_is_never_excused_by_right_to_left_text() {
        let got = md("PL201", "\u{05E9}\u{05DC}\u{05D5}\u{05DD} \u{202E}abc");
        assert_eq!(got.len(), 1);
        assert_eq!((got[0].0.clone(), got[0].1), (9..12, Severity::Error));
    }

    #[test]
    fn escaped_bidi_in_json_is_reported_at_the_escape() {
        let src = r#"{"k": "a\u202eb"}"#;
        let got = find("PL201", "prompt.json", src);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].0, 8..14);
        assert_eq!(&src[got[0].0.clone()], r"\u202e");
        assert_eq!(
            got[0].2,
            "bidi override U+202E RIGHT-TO-LEFT OVERRIDE reverses the text that follows: \"b\""
        );
    }

    #[test]
    fn mcp_shell_line_does_not_double_report() {
        let src = r#"{"mcpServers": {"x": {"command": "bash", "args": ["-c", "echo \u202eok"]}}}"#;
        let got = find("PL201", ".mcp.json", src);
        assert_eq!(got.len(), 1);
        assert_eq!(&src[got[0].0.clone()], r"\u202e");
    }

    #[test]
    fn raw_bidi_in_a_jsonc_comment_is_scanned() {
        let src = "// note \u{2067}x\u{2069}\n{\"a\": 1}";
        let got = find("PL201", ".vscode/mcp.json", src);
        assert_eq!(got.len(), 1);
        assert_eq!((got[0].0.clone(), got[0].1), (8..11, Severity::Error));
    }

    #[test]
    fn marks_and_isolates_in_right_to_left_text_are_quiet() {
        let text = "\u{05D4}\u{05E7}\u{05D5}\u{05D1}\u{05E5} \u{200E}config.toml\u{200E} \u{05E0}\u{05E9}\u{05DE}\u{05E8}\n\
                    Error: \u{05DC}\u{05D0} \u{05E0}\u{05DE}\u{05E6}\u{05D0} \u{200E}ledger.csv\u{200E}\n\
                    User \u{2068}\u{05D3}\u{05E0}\u{05D4}\u{2069} logged in\n\
                    \u{0645}\u{0631}\u{062D}\u{0628}\u{0627} \u{2066}v2.0\u{2069} (beta)\u{200F}\n";
        assert_eq!(md("PL201", text), vec![]);
    }

    #[test]
    fn isolates_marks_and_strays_outside_right_to_left_text() {
        let got = md(
            "PL201",
            "report\u{2067}txt.exe\u{2069} ok\nv\u{200F}1 2\nend\u{202C}\n",
        );
        assert_eq!(
            got,
            vec![
                (
                    6..9,
                    Severity::Error,
                    "bidi isolate U+2067 RIGHT-TO-LEFT ISOLATE reorders the text that follows outside right-to-left text: \"txt.exe\"".to_owned()
                ),
                (
                    24..27,
                    Severity::Warning,
                    "bidi mark U+200F RIGHT-TO-LEFT MARK outside right-to-left text".to_owned()
                ),
                (
                    34..37,
                    Severity::Warning,
                    "stray bidi control U+202C POP DIRECTIONAL FORMATTING closes nothing".to_owned()
                ),
            ]
        );
    }

    #[test]
    fn an_embedding_next_to_right_to_left_letters_is_a_warning() {
        let got = md("PL201", "\u{05D0}\u{05D1} \u{202B}\u{05D2}\u{202C}");
        assert_eq!(got.len(), 1);
        assert_eq!((got[0].0.clone(), got[0].1), (5..8, Severity::Warning));
    }
}

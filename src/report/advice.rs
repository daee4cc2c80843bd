//! What the human output tells a person to do about a finding, from the rule's own help text
//! (the markdown of `help:` in its rule file, also in JSON's `help` and `promptlint explain`),
//! and how it is written on a terminal that cannot show UTF-8.

use std::ffi::OsString;

use crate::rules::Rule;

/// The paragraph of `rule`'s help that starts with the bold lead `**{lead}:**`, without the
/// lead and with its lines joined (the rule files wrap at 100 columns; the renderer wraps at
/// the terminal's width). `None` when the help has no such paragraph.
fn paragraph(rule: &Rule, lead: &str) -> Option<String> {
    let marker = format!("**{lead}:**");
    let start = rule.help.find(&marker)? + marker.len();
    let rest = &rule.help[start..];
    let end = rest.find("\n\n").unwrap_or(rest.len());
    // Markdown's bold marks (`**Suppress**` inside a paragraph) are for the rendered page.
    let text = rest[..end]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace("**", "");
    (!text.is_empty()).then_some(text)
}

/// The rule's "what to do" text (`**What to do:**` in its help; every built-in rule has one,
/// `tests/catalog.rs` checks).
pub fn what_to_do(rule: &Rule) -> Option<String> {
    paragraph(rule, "What to do")
}

/// The rule's "how to suppress" text (`**Suppress:**` in its help), when it has one.
pub fn suppress(rule: &Rule) -> Option<String> {
    paragraph(rule, "Suppress")
}

/// Whether the locale the process runs in encodes text as UTF-8, from the POSIX variables in
/// their order of precedence: the first of `LC_ALL`, `LC_CTYPE` and `LANG` that is set and not
/// empty decides (POSIX.1-2017, Base Definitions, 8.2 "Internationalization Variables":
/// <https://pubs.opengroup.org/onlinepubs/9699919799/basedefs/V1_chap08.html>). None set is
/// the POSIX (`C`) locale, which is ASCII. A UTF-8 locale names its codeset `UTF-8` or
/// `utf8` (`en_US.UTF-8`, `C.utf8`). Windows consoles take Unicode whatever these say.
pub fn utf8_locale(var: impl Fn(&str) -> Option<OsString>) -> bool {
    if cfg!(windows) {
        return true;
    }
    let value = ["LC_ALL", "LC_CTYPE", "LANG"]
        .into_iter()
        .filter_map(&var)
        .find(|v| !v.is_empty());
    value.is_some_and(|v| {
        let v = v.to_string_lossy().to_ascii_lowercase();
        v.contains("utf-8") || v.contains("utf8")
    })
}

/// `text` in ASCII, for a terminal whose locale is not UTF-8: `…` as `...`, typographic
/// quotes and dashes as their ASCII forms, any other non-ASCII code point as `<U+XXXX>` (the
/// form [`crate::escape`] gives an invisible one).
pub fn ascii(text: &str) -> String {
    if text.is_ascii() {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            c if c.is_ascii() => out.push(c),
            '…' => out.push_str("..."),
            '‘' | '’' => out.push('\''),
            '“' | '”' => out.push('"'),
            '–' | '—' => out.push('-'),
            _ => {
                out.push('<');
                out.push_str(&crate::escape::code_point(c));
                out.push('>');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Catalog;

    #[test]
    fn what_to_do_and_suppress_are_the_help_paragraphs_joined() {
        let rule = Catalog::builtin().get("PL101").unwrap();
        assert_eq!(
            what_to_do(rule).unwrap(),
            "remove the sentence. If the file discusses injection (a security policy), quote \
             the phrase, or put it after \"such as\": quoted text is reported as a note only."
        );
        assert_eq!(
            suppress(rule).unwrap(),
            "`<!-- promptlint-disable-next-line PL101 -- reason -->`."
        );
        for r in Catalog::builtin().rules() {
            assert!(what_to_do(r).is_some(), "{} has no what to do", r.id);
        }
    }

    #[test]
    fn the_first_locale_variable_set_decides() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| OsString::from(v))
            }
        };
        if cfg!(windows) {
            return;
        }
        assert!(utf8_locale(env(&[("LANG", "en_US.UTF-8")])));
        assert!(utf8_locale(env(&[("LANG", "C.utf8")])));
        assert!(!utf8_locale(env(&[("LANG", "C")])));
        assert!(!utf8_locale(env(&[])));
        // LC_ALL wins over LC_CTYPE, which wins over LANG; an empty one is unset.
        assert!(!utf8_locale(env(&[
            ("LC_ALL", "C"),
            ("LANG", "en_US.UTF-8")
        ])));
        assert!(utf8_locale(env(&[
            ("LC_ALL", ""),
            ("LC_CTYPE", "C.UTF-8"),
            ("LANG", "C")
        ])));
        assert!(!utf8_locale(env(&[
            ("LC_CTYPE", "POSIX"),
            ("LANG", "C.UTF-8")
        ])));
    }

    #[test]
    fn ascii_keeps_ascii_and_names_the_rest() {
        assert_eq!(ascii("a “b” … é"), "a \"b\" ... <U+00E9>");
        assert_eq!(ascii("plain"), "plain");
    }
}

//! Whether a command line keeps its run out of sight: its output or errors sent to
//! `/dev/null`, the whole of it sent to the background. Read off the text, without parsing,
//! so a `sh -c '…'` body counts: the inner shell runs it.

/// What a command line throws away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Discarded {
    /// Standard output goes to `/dev/null` (`>/dev/null`, `1>/dev/null`, `&>/dev/null`).
    pub out: bool,
    /// Standard error goes to `/dev/null` (`2>/dev/null`, `&>/dev/null`, or `2>&1` after the
    /// output was sent there).
    pub err: bool,
}

/// What `line` sends to `/dev/null`.
pub fn discarded(line: &str) -> Discarded {
    let squeezed: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    let both = squeezed.contains("&>/dev/null");
    let out = both
        || squeezed
            .match_indices(">/dev/null")
            .any(|(i, _)| !squeezed[..i].ends_with('2') && !squeezed[..i].ends_with('&'));
    let err = both || squeezed.contains("2>/dev/null") || (out && squeezed.contains("2>&1"));
    Discarded { out, err }
}

/// Whether `line` sends a command to the background: the `&` control operator (not part of
/// `&&`, `&>`, `>&`, `2>&1`, nor inside a word such as a URL's `?a=1&b=2`: followed by a
/// space, the end, `;`, `)` or the quote closing an `sh -c` body), or `disown`. `nohup` and
/// `setsid` alone do not background a command.
pub fn backgrounded(line: &str) -> bool {
    let b = line.as_bytes();
    (0..b.len()).any(|i| {
        b[i] == b'&'
            && !matches!(
                i.checked_sub(1).map(|j| b[j]),
                Some(b'&' | b'>' | b'<' | b'|')
            )
            && b.get(i + 1)
                .is_none_or(|n| n.is_ascii_whitespace() || matches!(n, b';' | b')' | b'\'' | b'"'))
    }) || line
        .split(|c: char| c.is_whitespace() || matches!(c, ';' | '\'' | '"' | '('))
        .any(|w| w == "disown")
}

/// The commands of a one-line script, split at `;`, `|`, `||`, `&&` and a background `&`
/// (an `&` of a redirection, `&>` or `>&`, does not split).
pub fn commands(script: &str) -> Vec<&str> {
    let b = script.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    for i in 0..b.len() {
        let split = match b[i] {
            b';' | b'|' => true,
            b'&' => {
                !matches!(i.checked_sub(1).map(|j| b[j]), Some(b'>' | b'<'))
                    && b.get(i + 1) != Some(&b'>')
            }
            _ => false,
        };
        if split {
            out.push(&script[start..i]);
            start = i + 1;
        }
    }
    out.push(&script[start..]);
    out.retain(|c| !c.trim().is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::{Discarded, backgrounded, commands, discarded};

    #[test]
    fn output_and_errors_sent_to_dev_null() {
        let both = Discarded {
            out: true,
            err: true,
        };
        assert_eq!(discarded("node x.mjs >/dev/null 2>&1 &"), both);
        assert_eq!(discarded("python3 w.py &> /dev/null"), both);
        assert_eq!(discarded("./x 1>/dev/null 2>/dev/null"), both);
        assert_eq!(
            discarded("make 2>/dev/null"),
            Discarded {
                out: false,
                err: true
            }
        );
        assert_eq!(
            discarded("make > /dev/null"),
            Discarded {
                out: true,
                err: false
            }
        );
        // `2>&1` alone joins the streams; nothing is thrown away
        assert_eq!(discarded("make 2>&1 | tee log"), Discarded::default());
        assert_eq!(discarded("make > build.log"), Discarded::default());
    }

    #[test]
    fn background_operator_and_disown() {
        assert!(backgrounded("./x >/dev/null 2>&1 &"));
        assert!(backgrounded("sh -c './sync &'"));
        assert!(backgrounded("setsid ./x & disown"));
        assert!(!backgrounded("a && b"));
        assert!(!backgrounded("curl 'https://x.example/?a=1&b=2'"));
        assert!(!backgrounded("make 2>&1 | tee log"));
        assert!(!backgrounded("nohup ./x"));
    }

    #[test]
    fn commands_split_at_operators_not_redirections() {
        assert_eq!(
            commands("node a.js >/dev/null 2>&1; vitest run && b &> /dev/null | c"),
            vec![
                "node a.js >/dev/null 2>&1",
                " vitest run ",
                " b &> /dev/null ",
                " c"
            ]
        );
    }
}

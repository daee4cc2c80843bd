//! Text the shell reader computes: a word's escapes undone, `$'...'` strings, the output
//! of `printf`/`echo` substitutions and of the filters that only reshape text (`rev`, `tr`,
//! `base64 -d`, `xxd -r -p`), words split at an unquoted `${IFS}`.

use super::model::{Script, Word};

/// An unquoted `${IFS}` (marked `\u{1f}`) splits a word in two.
pub(super) fn split_words(words: Vec<Word>) -> Vec<Word> {
    if !words.iter().any(|w| w.text.contains('\u{1f}')) {
        return words;
    }
    let mut out = Vec::new();
    for w in words {
        if !w.text.contains('\u{1f}') {
            out.push(w);
            continue;
        }
        for part in w.text.split('\u{1f}').filter(|p| !p.is_empty()) {
            out.push(Word {
                text: part.to_string(),
                ..w.clone()
            });
        }
    }
    out
}

/// What a substitution prints when it is a `printf`/`echo` of literal words, alone or piped
/// through text filters that only reshape it (`rev`, `tr` of two literal sets, `base64 -d`,
/// `xxd -r -p`): `$(echo 'hsab | ...' | rev)` is the command it spells.
pub(super) fn printed(script: &Script, inner: &[usize]) -> Option<String> {
    let (first, rest) = inner.split_first()?;
    let mut text = printed_one(script, *first)?;
    for &k in rest {
        let cmd = &script.commands[k];
        if cmd.stdin.is_empty() {
            return None;
        }
        let args: Vec<&str> = cmd.words.iter().skip(1).map(|w| w.text.as_str()).collect();
        text = match (cmd.name(), args.as_slice()) {
            ("rev", []) => text
                .lines()
                .map(|l| l.chars().rev().collect::<String>())
                .collect::<Vec<_>>()
                .join("\n"),
            ("tr", [from, to]) => translate(&text, from, to)?,
            ("base64", [d]) if matches!(*d, "-d" | "--decode" | "-D") => {
                let bytes = base64_decode(text.trim())?;
                String::from_utf8(bytes).ok()?
            }
            ("xxd", [r, p]) if *r == "-r" && *p == "-p" => {
                let hex: String = text.chars().filter(char::is_ascii_hexdigit).collect();
                let bytes: Option<Vec<u8>> = (0..hex.len() / 2)
                    .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok())
                    .collect();
                String::from_utf8(bytes?).ok()?
            }
            _ => return None,
        };
    }
    Some(text)
}

/// `tr FROM TO` over `text`, for sets of plain characters and `a-z` ranges.
pub(super) fn translate(text: &str, from: &str, to: &str) -> Option<String> {
    let expand = |s: &str| -> Vec<char> {
        let c: Vec<char> = s.chars().collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < c.len() {
            if i + 2 < c.len() && c[i + 1] == '-' && c[i] <= c[i + 2] {
                out.extend(c[i]..=c[i + 2]);
                i += 3;
            } else {
                out.push(c[i]);
                i += 1;
            }
        }
        out
    };
    let (f, t) = (expand(from), expand(to));
    if f.is_empty() || t.is_empty() || f.len() > 512 {
        return None;
    }
    Some(
        text.chars()
            .map(|ch| match f.iter().position(|&x| x == ch) {
                Some(i) => t[i.min(t.len() - 1)],
                None => ch,
            })
            .collect(),
    )
}

/// Standard base64 (with or without padding), or `None`.
pub(super) fn base64_decode(s: &str) -> Option<Vec<u8>> {
    use base64::Engine;
    let s: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    base64::engine::general_purpose::STANDARD
        .decode(&s)
        .or_else(|_| {
            base64::engine::general_purpose::STANDARD_NO_PAD.decode(s.trim_end_matches('='))
        })
        .ok()
}

/// What one `printf`/`echo` command prints, when its words are all literal.
pub(super) fn printed_one(script: &Script, i: usize) -> Option<String> {
    let cmd = &script.commands[i];
    if cmd
        .words
        .iter()
        .any(|w| !w.vars.is_empty() || !w.subs.is_empty())
    {
        return None;
    }
    match cmd.name() {
        "echo" => {
            let args: Vec<&str> = cmd.words[1..]
                .iter()
                .map(|w| w.text.as_str())
                .skip_while(|a| matches!(*a, "-n" | "-e" | "-ne" | "-en"))
                .collect();
            Some(ansi_c(&args.join(" ")))
        }
        "printf" => {
            let format = cmd.words.get(1)?.text.as_str();
            let mut args = cmd.words[2..].iter().map(|w| w.text.as_str());
            let mut out = String::new();
            let mut chars = ansi_c(format)
                .chars()
                .collect::<Vec<_>>()
                .into_iter()
                .peekable();
            while let Some(c) = chars.next() {
                if c == '%' {
                    match chars.next() {
                        Some('%') => out.push('%'),
                        Some('s' | 'b' | 'd' | 'c') => out.push_str(args.next().unwrap_or("")),
                        Some(other) => {
                            out.push('%');
                            out.push(other);
                        }
                        None => out.push('%'),
                    }
                } else {
                    out.push(c);
                }
            }
            Some(out)
        }
        _ => None,
    }
}

/// An unquoted word's backslash escapes removed (`c\url` is `curl`).
pub(super) fn unescape(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let mut chars = t.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next()
                && next != '\n'
            {
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A double-quoted string's escapes (`\"`, `\\`, `\$`, `` \` ``) undone; other backslashes stay.
pub(super) fn unescape_double(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let mut chars = t.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && matches!(chars.peek(), Some('"' | '\\' | '$' | '`')) {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else if c == '\\' && chars.peek() == Some(&'\n') {
            chars.next();
        } else {
            out.push(c);
        }
    }
    out
}

/// `$'...'` and `printf`/`echo -e` escapes: `\xHH`, `\NNN` (octal), `\uHHHH`, `\n`, `\t`, ...
pub(super) fn ansi_c(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let b: Vec<char> = t.chars().collect();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c != '\\' || i + 1 >= b.len() {
            out.push(c);
            i += 1;
            continue;
        }
        let e = b[i + 1];
        let radix_run = |from: usize, radix: u32, max: usize| -> (Option<char>, usize) {
            let mut n = 0;
            let mut v: u32 = 0;
            while n < max && from + n < b.len() && b[from + n].is_digit(radix) {
                v = v * radix + b[from + n].to_digit(radix).unwrap_or(0);
                n += 1;
            }
            (if n == 0 { None } else { char::from_u32(v) }, n)
        };
        match e {
            'x' => {
                let (ch, n) = radix_run(i + 2, 16, 2);
                match ch {
                    Some(ch) => {
                        out.push(ch);
                        i += 2 + n;
                    }
                    None => {
                        out.push_str("\\x");
                        i += 2;
                    }
                }
            }
            'u' | 'U' => {
                let (ch, n) = radix_run(i + 2, 16, if e == 'u' { 4 } else { 8 });
                match ch {
                    Some(ch) => {
                        out.push(ch);
                        i += 2 + n;
                    }
                    None => {
                        out.push('\\');
                        out.push(e);
                        i += 2;
                    }
                }
            }
            '0'..='7' => {
                let (ch, n) = radix_run(i + 1, 8, 4);
                out.extend(ch);
                i += 1 + n;
            }
            'n' => {
                out.push('\n');
                i += 2;
            }
            't' => {
                out.push('\t');
                i += 2;
            }
            '\\' | '\'' | '"' => {
                out.push(e);
                i += 2;
            }
            _ => {
                out.push('\\');
                out.push(e);
                i += 2;
            }
        }
    }
    out
}

//! Backslash escapes, percent-encoding (RFC 3986 §2.1) and HTML character references.

use std::ops::Range;

use super::payload::{Encoding, MAX_GAP, MIN_ESCAPES, MIN_PERCENT, Payload, is_textual};

/// What one escape stands for.
#[derive(Debug, Clone, Copy)]
enum Unit {
    /// A byte (`\xNN`, `%XX`): bytes of a run are read as UTF-8 together.
    Byte(u8),
    /// A code point (`\uNNNN`, `&#73;`).
    Char(char),
    /// A UTF-16 surrogate (`\uD83D`), paired with its neighbour when it has one.
    Surrogate(u16),
}

/// Parses the escape at `i` (which holds `\`, `%` or `&`): its unit and end.
fn escape_at(text: &str, i: usize) -> Option<(Encoding, Unit, usize)> {
    let b = text.as_bytes();
    let hex = |r: Range<usize>| -> Option<u32> {
        let s = text.get(r)?;
        (!s.is_empty() && s.bytes().all(|c| c.is_ascii_hexdigit()))
            .then(|| u32::from_str_radix(s, 16).ok())
            .flatten()
    };
    match b[i] {
        b'%' => {
            let v = hex(i + 1..i + 3)?;
            Some((Encoding::Percent, Unit::Byte(v as u8), i + 3))
        }
        // Numeric references only: named ones (`&amp;`) are punctuation, not an encoding.
        b'&' if b.get(i + 1) == Some(&b'#') => {
            let (c, n) = crate::entities::decode_at(&text[i..])?;
            Some((Encoding::HtmlReferences, Unit::Char(c), i + n))
        }
        b'\\' => match b.get(i + 1)? {
            b'x' => Some((
                Encoding::Escapes,
                Unit::Byte(hex(i + 2..i + 4)? as u8),
                i + 4,
            )),
            b'u' if b.get(i + 2) == Some(&b'{') => {
                let close = text[i + 3..].bytes().take(7).position(|c| c == b'}')?;
                let cp = hex(i + 3..i + 3 + close)?;
                Some((
                    Encoding::Escapes,
                    Unit::Char(char::from_u32(cp)?),
                    i + 4 + close,
                ))
            }
            b'u' => {
                let v = hex(i + 2..i + 6)?;
                let unit = match char::from_u32(v) {
                    Some(c) => Unit::Char(c),
                    None => Unit::Surrogate(v as u16),
                };
                Some((Encoding::Escapes, unit, i + 6))
            }
            b'U' => {
                let cp = hex(i + 2..i + 10)?;
                Some((Encoding::Escapes, Unit::Char(char::from_u32(cp)?), i + 10))
            }
            _ => None,
        },
        _ => None,
    }
}

/// The character a simple backslash escape inside an escape run stands for (`\n`, `\"`).
fn simple_escape(c: u8) -> Option<char> {
    Some(match c {
        b'n' => '\n',
        b't' => '\t',
        b'r' => '\r',
        b'"' => '"',
        b'\'' => '\'',
        b'\\' => '\\',
        b'/' => '/',
        _ => return None,
    })
}

/// Runs of escapes of one kind with short literal gaps (no line break), decoded with their
/// gaps. Simple escapes (`\n`, `\"`) inside a run of backslash escapes are decoded too.
pub(super) fn escape_runs(text: &str, out: &mut Vec<Payload>) {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let Some(next) = memchr::memchr3(b'\\', b'%', b'&', &b[i..]) else {
            break;
        };
        i += next;
        let Some((enc, unit, end)) = escape_at(text, i) else {
            i += 1;
            continue;
        };
        let start = i;
        // The run's pieces in order: decoded units, or literal gaps (source ranges).
        let mut pieces: Vec<Result<Unit, Range<usize>>> = vec![Ok(unit)];
        let mut count = 1;
        let mut run_end = end;
        let mut j = end;
        while j < b.len() && j - run_end <= MAX_GAP && b[j] != b'\n' {
            let next = if matches!(b[j], b'\\' | b'%' | b'&') {
                escape_at(text, j).filter(|(e, _, _)| *e == enc)
            } else {
                None
            };
            let simple = (enc == Encoding::Escapes && b[j] == b'\\')
                .then(|| b.get(j + 1).copied().and_then(simple_escape))
                .flatten();
            let (unit, to) = match (next, simple) {
                (Some((_, u, to)), _) => {
                    count += 1;
                    (u, to)
                }
                (None, Some(c)) => (Unit::Char(c), j + 2),
                (None, None) => {
                    j += text[j..].chars().next().map_or(1, char::len_utf8);
                    continue;
                }
            };
            if run_end < j {
                pieces.push(Err(run_end..j));
            }
            pieces.push(Ok(unit));
            j = to;
            run_end = to;
        }
        let min = match enc {
            Encoding::Percent => MIN_PERCENT,
            _ => MIN_ESCAPES,
        };
        if count >= min {
            if let Some(t) = decode_units(text, &pieces) {
                out.push(Payload {
                    range: start..run_end,
                    encoding: enc,
                    inner: None,
                    text: t,
                });
            }
            i = run_end;
        } else {
            i = end;
        }
    }
}

fn decode_units(text: &str, pieces: &[Result<Unit, Range<usize>>]) -> Option<String> {
    let mut bytes = Vec::new();
    let mut k = 0;
    while k < pieces.len() {
        match &pieces[k] {
            Err(r) => bytes.extend_from_slice(text[r.clone()].as_bytes()),
            Ok(Unit::Byte(v)) => bytes.push(*v),
            Ok(Unit::Char(c)) => bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            Ok(Unit::Surrogate(hi)) => {
                let lo = match pieces.get(k + 1) {
                    Some(Ok(Unit::Surrogate(lo))) => Some(*lo),
                    _ => None,
                };
                let pair = lo.map_or_else(|| vec![*hi], |lo| vec![*hi, lo]);
                for c in char::decode_utf16(pair) {
                    let c = c.unwrap_or('\u{FFFD}');
                    bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                }
                if lo.is_some() {
                    k += 1;
                }
            }
        }
        k += 1;
    }
    match String::from_utf8(bytes) {
        Ok(s) => is_textual(&s).then_some(s),
        // `\xNN` as JavaScript reads it: one code point each (Latin-1).
        Err(e) => {
            let s: String = e.into_bytes().iter().map(|&b| b as char).collect();
            is_textual(&s).then_some(s)
        }
    }
}

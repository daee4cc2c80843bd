//! Hex runs: plain digits in one word, or byte pairs split by spaces, commas or colons.

use super::base64::{CLASS, WORD};
use super::payload::{
    Encoding, MIN_HEX_DIGITS, MIN_HEX_PAIRS, Payload, bytes_to_text, prefix_is_text,
};

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

fn is_word_byte(c: u8) -> bool {
    CLASS[c as usize] & WORD != 0
}

/// Plain hex runs (`49676e6f7265…`, `0x4967…`) and separated byte pairs (`49 67 6e`,
/// `0x49, 0x67`, `49:67`). Walks the text word by word.
pub(super) fn hex_runs(text: &str, out: &mut Vec<Payload>) {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if !is_word_byte(b[i]) {
            i += 1;
            continue;
        }
        let start = i;
        let mut end = i;
        while end < b.len() && is_word_byte(b[end]) {
            end += 1;
        }
        let word = &b[start..end];
        let digits = word
            .strip_prefix(b"0x")
            .or_else(|| word.strip_prefix(b"0X"))
            .unwrap_or(word);
        i = end;
        let n = digits.len();
        if n != 2 && (n < MIN_HEX_DIGITS || !n.is_multiple_of(2))
            || !digits.iter().all(u8::is_ascii_hexdigit)
        {
            continue;
        }
        if digits.len() >= MIN_HEX_DIGITS && digits.len().is_multiple_of(2) {
            if let Some(t) = decode_hex_digits(digits) {
                out.push(Payload {
                    range: start..end,
                    encoding: Encoding::Hex,
                    inner: None,
                    text: t,
                });
            }
        } else if digits.len() == 2 {
            let (run_end, bytes) = hex_pairs(b, start);
            if bytes.len() >= MIN_HEX_PAIRS {
                if let Some(t) = bytes_to_text(&bytes) {
                    out.push(Payload {
                        range: start..run_end,
                        encoding: Encoding::Hex,
                        inner: None,
                        text: t,
                    });
                }
                i = run_end;
            }
        }
    }
}

fn decode_hex_digits(d: &[u8]) -> Option<String> {
    let pair =
        |k: usize| hex_value(d[2 * k]).unwrap_or(0) << 4 | hex_value(d[2 * k + 1]).unwrap_or(0);
    let head: Vec<u8> = (0..(d.len() / 2).min(48)).map(pair).collect();
    if !prefix_is_text(&head) {
        return None;
    }
    bytes_to_text(&(0..d.len() / 2).map(pair).collect::<Vec<_>>())
}

/// Byte pairs from `start`, each optionally `0x`-prefixed, separated by one space, comma,
/// comma and space, or colon (one separator kind per run). Returns the end and the bytes.
fn hex_pairs(b: &[u8], start: usize) -> (usize, Vec<u8>) {
    let pair_at = |i: usize| -> Option<(u8, usize)> {
        let i = if b[i..].starts_with(b"0x") || b[i..].starts_with(b"0X") {
            i + 2
        } else {
            i
        };
        let hi = hex_value(*b.get(i)?)?;
        let lo = hex_value(*b.get(i + 1)?)?;
        let next = b.get(i + 2);
        if next.is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') {
            return None;
        }
        Some((hi << 4 | lo, i + 2))
    };
    let mut bytes = Vec::new();
    let Some((v, mut end)) = pair_at(start) else {
        return (start, bytes);
    };
    bytes.push(v);
    let sep: &[u8] = match &b[end..] {
        [b',', b' ', ..] => b", ",
        [b',', ..] => b",",
        [b':', ..] => b":",
        [b' ', ..] => b" ",
        _ => return (end, bytes),
    };
    while b[end..].starts_with(sep) {
        match pair_at(end + sep.len()) {
            Some((v, e)) => {
                bytes.push(v);
                end = e;
            }
            None => break,
        }
    }
    (end, bytes)
}

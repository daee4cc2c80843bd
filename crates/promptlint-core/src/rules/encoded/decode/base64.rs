//! Base64 and base64url runs (RFC 4648 §4, §5).

use std::ops::Range;

use super::payload::{Encoding, MIN_BASE64, Payload, bytes_to_text, prefix_is_text};

/// The 6-bit value of a base64 or base64url symbol (RFC 4648 tables 1 and 2).
fn b64_value(b: u8) -> Option<u8> {
    let v = B64_TABLE[b as usize];
    (v != 0xFF).then_some(v)
}

/// [`b64_value`] as a table; `0xFF` for bytes that are not symbols.
static B64_TABLE: [u8; 256] = {
    let mut t = [0xFFu8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => 0xFF,
        };
        b += 1;
    }
    t
};

/// Decodes base64 symbols, skipping whitespace, stopping at `=`. Trailing bits are ignored.
fn b64_decode(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for &b in s {
        if b == b'=' {
            break;
        }
        let Some(v) = b64_value(b) else { continue };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

/// Byte class flags of [`CLASS`].
const SYMBOL: u8 = 1;
/// `a`–`z`.
const LOWER: u8 = 2;
/// `A`–`Z`, `0`–`9`.
const UPPER_OR_DIGIT: u8 = 4;
/// ASCII letters, digits and `_`.
pub(super) const WORD: u8 = 8;

/// The scanners' byte classes: [`SYMBOL`] (base64 or base64url), [`LOWER`],
/// [`UPPER_OR_DIGIT`], [`WORD`].
pub(super) static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let mut class = 0;
        if B64_TABLE[b] != 0xFF {
            class |= SYMBOL;
        }
        if c.is_ascii_lowercase() {
            class |= LOWER;
        }
        if c.is_ascii_uppercase() || c.is_ascii_digit() {
            class |= UPPER_OR_DIGIT;
        }
        if c.is_ascii_alphanumeric() || c == b'_' {
            class |= WORD;
        }
        t[b] = class;
        b += 1;
    }
    t
};

/// Maximal runs of base64 symbols with up to two `=`, lines of a wrapped blob (each a whole
/// number of quanta, ≥ 40 symbols) joined.
pub(super) fn base64_runs(text: &str, out: &mut Vec<Payload>) {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if CLASS[b[i] as usize] & SYMBOL == 0 {
            i += 1;
            continue;
        }
        let start = i;
        let mut end;
        let mut seen = 0u8;
        loop {
            let line_start = i;
            while let Some(&c) = b.get(i) {
                let class = CLASS[c as usize];
                if class & SYMBOL == 0 {
                    break;
                }
                seen |= class;
                i += 1;
            }
            let symbols = i - line_start;
            let mut pad = 0;
            while i < b.len() && b[i] == b'=' && pad < 2 {
                i += 1;
                pad += 1;
            }
            end = i;
            // A wrapped blob: a full line of whole quanta, then a line break, indentation and
            // more symbols.
            if pad > 0 || symbols < 40 || symbols % 4 != 0 {
                break;
            }
            let mut j = i;
            if b.get(j) == Some(&b'\r') {
                j += 1;
            }
            if b.get(j) != Some(&b'\n') {
                break;
            }
            j += 1;
            while matches!(b.get(j), Some(b' ' | b'\t')) {
                j += 1;
            }
            if b.get(j).is_none_or(|&c| b64_value(c).is_none()) {
                break;
            }
            i = j;
        }
        // Base64 of text mixes cases: a symbol of each quantum carries a byte's top bits
        // (upper case for spaces, digits, capitals and punctuation), another its low bits
        // (lower case for most letters). Runs of one case are identifiers, paths and words.
        if end - start >= MIN_BASE64
            && seen & LOWER != 0
            && seen & UPPER_OR_DIGIT != 0
            && !image_data_url(&text[..start])
        {
            try_base64(text, start..end, out);
        }
        i = end.max(start + 1);
    }
}

/// True when the run after `before` is the payload of an image `data:` URL
/// (`data:image/svg+xml;base64,...`, RFC 2397): a logo or icon a renderer draws, which the
/// model reads as noise, not text to decode (badge logos in READMEs carry them).
fn image_data_url(before: &str) -> bool {
    let Some(head) = before.strip_suffix(";base64,") else {
        return false;
    };
    let from = head.len().saturating_sub(64);
    let tail = head.get(from..).unwrap_or(head).to_ascii_lowercase();
    tail.rfind("data:image/")
        .is_some_and(|i| !tail[i..].contains([' ', '"', '\'', '(', ')']))
}

fn try_base64(text: &str, run: Range<usize>, out: &mut Vec<Payload>) {
    let s = &text.as_bytes()[run.clone()];
    let symbols = s.iter().filter(|&&c| b64_value(c).is_some()).count();
    if symbols < MIN_BASE64 {
        return;
    }
    if let Some(t) = decode_base64(s) {
        out.push(Payload {
            range: run,
            encoding: Encoding::Base64,
            inner: None,
            text: t,
        });
        return;
    }
    // `path/<payload>`, `name-<payload>`: a misaligned prefix spoils the decoding, so the
    // pieces between separators are tried alone.
    let mut at = run.start;
    for piece in s.split(|&c| matches!(c, b'/' | b'-' | b'_')) {
        let r = at..at + piece.len();
        at = r.end + 1;
        if piece.len() == s.len() || piece.len() < MIN_BASE64 {
            continue;
        }
        if let Some(t) = decode_base64(piece) {
            out.push(Payload {
                range: r,
                encoding: Encoding::Base64,
                inner: None,
                text: t,
            });
        }
    }
}

fn decode_base64(s: &[u8]) -> Option<String> {
    // 64 symbols make 48 bytes: enough to tell text from binary before decoding the rest.
    let mut head = [0u8; 48];
    let (mut acc, mut bits, mut n) = (0u32, 0u32, 0usize);
    for v in s
        .iter()
        .take_while(|&&c| c != b'=')
        .filter_map(|&c| b64_value(c))
    {
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            head[n] = (acc >> bits) as u8;
            acc &= (1 << bits) - 1;
            n += 1;
            if n == head.len() {
                break;
            }
        }
    }
    if !prefix_is_text(&head[..n]) {
        return None;
    }
    bytes_to_text(&b64_decode(s))
}

//! What a decoder finds (an encoded run and its text) and the text test every decoder
//! applies to what it decoded.

use crate::codepoints::Alnum;
use std::ops::Range;

/// Least number of base64 symbols in a run (padding not counted).
pub(super) const MIN_BASE64: usize = 16;
/// Least number of hex digits in a run of plain hex.
pub(super) const MIN_HEX_DIGITS: usize = 16;
/// Least number of byte pairs in separated hex (`49 67 6e …`).
pub(super) const MIN_HEX_PAIRS: usize = 8;
/// Least number of escapes in a backslash-escape or HTML-reference run.
pub(super) const MIN_ESCAPES: usize = 4;
/// Least number of `%XX` in a percent-encoded run.
pub(super) const MIN_PERCENT: usize = 3;
/// Longest literal gap, in bytes, between two escapes of one run.
pub(super) const MAX_GAP: usize = 12;

/// How a run was encoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Encoding {
    /// Base64 or base64url (RFC 4648 §4, §5).
    Base64,
    /// Hex digits, plain or as separated byte pairs.
    Hex,
    /// Backslash escapes: `\xNN`, `\uNNNN`, `\u{…}`, `\UNNNNNNNN`.
    Escapes,
    /// Percent-encoding (RFC 3986 §2.1).
    Percent,
    /// HTML character references (`&#73;`, `&#x49;`, `&amp;`).
    HtmlReferences,
    /// Rot13: each ASCII letter moved 13 places.
    Rot13,
    /// Text written backwards.
    Reversed,
}

impl Encoding {
    /// The name used in messages.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Encoding::Base64 => "base64",
            Encoding::Hex => "hex",
            Encoding::Escapes => "escape sequences",
            Encoding::Percent => "percent-encoding",
            Encoding::HtmlReferences => "HTML character references",
            Encoding::Rot13 => "rot13",
            Encoding::Reversed => "reversed text",
        }
    }

    /// True when the name is plural ("escape sequences decode to").
    pub(crate) fn plural(self) -> bool {
        matches!(self, Encoding::Escapes | Encoding::HtmlReferences)
    }

    /// Runs of shape-free encodings (rot13, reversed) give way to any other run they overlap.
    pub(super) fn rank(self) -> u8 {
        u8::from(matches!(self, Encoding::Rot13 | Encoding::Reversed))
    }
}

/// One encoded run and the text it decodes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Payload {
    /// Byte range of the run in the scanned text.
    pub range: Range<usize>,
    /// The run's encoding.
    pub encoding: Encoding,
    /// The encoding found inside the decoded text and decoded too (base64 of hex:
    /// `Some(Hex)`), if any.
    pub inner: Option<Encoding>,
    /// The decoded text (with the inner decoding applied, when there is one).
    pub text: String,
}

impl Payload {
    /// `base64`, or `hex inside base64` for a nested run.
    pub(crate) fn describe(&self) -> String {
        match self.inner {
            None => self.encoding.as_str().to_owned(),
            Some(i) => format!("{} inside {}", i.as_str(), self.encoding.as_str()),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Text test

/// True when decoded text reads as text: at least 4 chars, at most 1 in 20 a control
/// character (tab and line breaks aside) or U+FFFD, and at least a quarter letters or digits
/// (digits: hex or base64 text, decoded again one level down).
pub(super) fn is_textual(s: &str) -> bool {
    let (mut total, mut bad, mut letters) = (0usize, 0usize, 0usize);
    for c in s.chars() {
        total += 1;
        if c.alphanumeric() {
            letters += 1;
        } else if (c.is_control() && !matches!(c, '\n' | '\r' | '\t')) || c == '\u{FFFD}' {
            bad += 1;
        }
    }
    total >= 4 && bad * 20 <= total && letters * 4 >= total
}

/// Decoded bytes as text: UTF-8, or UTF-16 (little- or big-endian, as PowerShell's
/// `-EncodedCommand` takes it) when every other byte is zero. `None` for binary.
pub(super) fn bytes_to_text(bytes: &[u8]) -> Option<String> {
    match std::str::from_utf8(bytes) {
        Ok(s) if is_textual(s) => Some(s.to_owned()),
        _ => utf16_text(bytes),
    }
}

fn utf16_text(bytes: &[u8]) -> Option<String> {
    if bytes.len() < 8 {
        return None;
    }
    let pairs = bytes.len() / 2;
    let zeros_hi = bytes.chunks_exact(2).filter(|p| p[1] == 0).count();
    let zeros_lo = bytes.chunks_exact(2).filter(|p| p[0] == 0).count();
    let little = zeros_hi * 10 >= pairs * 9;
    if !little && zeros_lo * 10 < pairs * 9 {
        return None;
    }
    let units = bytes.chunks_exact(2).map(|p| {
        if little {
            u16::from_le_bytes([p[0], p[1]])
        } else {
            u16::from_be_bytes([p[0], p[1]])
        }
    });
    let s: String = char::decode_utf16(units)
        .map(|r| r.unwrap_or('\u{FFFD}'))
        .collect();
    is_textual(&s).then_some(s)
}

/// True when a prefix of decoded bytes may start a text: valid UTF-8 up to a char cut at the
/// end, or UTF-16-looking, and textual.
pub(super) fn prefix_is_text(bytes: &[u8]) -> bool {
    let s = match std::str::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) if e.error_len().is_none() => {
            std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or("")
        }
        Err(_) => return utf16_text(bytes).is_some(),
    };
    is_textual(s) || utf16_text(bytes).is_some()
}

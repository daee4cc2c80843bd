//! HTML character references: numeric (`&#105;`, `&#x69;`) and every named reference of the
//! WHATWG list (<https://html.spec.whatwg.org/multipage/named-characters.html>, 2,231 names
//! with the legacy forms, from the `entities` crate's copy of `entities.json`) that stands for
//! one code point. A reference without its closing `;` is not decoded (browsers read a few
//! legacy names without it, but text that says `&copy` means those bytes), and the 93
//! references that stand for two code points (a mathematical symbol and U+0338, such as
//! `&NotEqualTilde;`) stay text: none of them is a letter or an invisible code point.

use std::collections::HashMap;
use std::sync::LazyLock;

/// Named references (name between `&` and `;`) -> the code point they stand for.
static NAMED: LazyLock<HashMap<&'static str, char>> = LazyLock::new(|| {
    entities::ENTITIES
        .iter()
        .filter_map(|e| {
            let name = e.entity.strip_prefix('&')?.strip_suffix(';')?;
            match e.codepoints {
                entities::Codepoints::Single(cp) => Some((name, char::from_u32(cp)?)),
                entities::Codepoints::Double(..) => None,
            }
        })
        .collect()
});

/// Decodes the character reference at the start of `s` (which starts with `&`). Returns the
/// character and the reference's length in bytes.
pub fn decode_at(s: &str) -> Option<(char, usize)> {
    let body = s.get(1..)?;
    let semi = body.bytes().take(33).position(|b| b == b';')?;
    let name = &body[..semi];
    let len = semi + 2;
    if let Some(num) = name.strip_prefix('#') {
        let cp = match num.strip_prefix(['x', 'X']) {
            Some(hex) if !hex.is_empty() && hex.len() <= 6 => u32::from_str_radix(hex, 16).ok()?,
            None if !num.is_empty() && num.len() <= 7 => num.parse::<u32>().ok()?,
            _ => return None,
        };
        // Per HTML, NUL and surrogates decode to U+FFFD.
        let c = if cp == 0 {
            '\u{FFFD}'
        } else {
            char::from_u32(cp).unwrap_or('\u{FFFD}')
        };
        return Some((c, len));
    }
    NAMED.get(name).map(|&c| (c, len))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_named_and_accented() {
        assert_eq!(decode_at("&#105;gnore"), Some(('i', 6)));
        assert_eq!(decode_at("&#x49;"), Some(('I', 6)));
        assert_eq!(decode_at("&amp;"), Some(('&', 5)));
        assert_eq!(decode_at("&eacute;"), Some(('é', 8)));
        assert_eq!(decode_at("&Uuml;x"), Some(('Ü', 6)));
        assert_eq!(decode_at("&#8203;"), Some(('\u{200B}', 7)));
        assert_eq!(decode_at("&#0;"), Some(('\u{FFFD}', 4)));
        // The whole WHATWG list: invisible formats and the long names.
        assert_eq!(decode_at("&ZeroWidthSpace;"), Some(('\u{200B}', 16)));
        assert_eq!(decode_at("&NoBreak;"), Some(('\u{2060}', 9)));
        assert_eq!(decode_at("&InvisibleTimes;"), Some(('\u{2062}', 16)));
        assert_eq!(
            decode_at("&CounterClockwiseContourIntegral;"),
            Some(('∳', 33))
        );
        assert_eq!(decode_at("&zacute;"), Some(('ź', 8)));
        // 2,125 names with their `;`, less the 93 that stand for two code points.
        assert_eq!(NAMED.len(), 2125 - 93);
    }

    #[test]
    fn not_references() {
        assert_eq!(decode_at("& b"), None);
        assert_eq!(decode_at("&amp"), None);
        assert_eq!(decode_at("&unknown;"), None);
        assert_eq!(decode_at("&#xZZ;"), None);
        assert_eq!(decode_at("&#99999999;"), None);
        // Not a WHATWG name, though it reads like one.
        assert_eq!(decode_at("&xacute;"), None);
        // Two code points: left as text.
        assert_eq!(decode_at("&NotEqualTilde;"), None);
    }
}

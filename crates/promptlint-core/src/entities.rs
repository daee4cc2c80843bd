//! HTML character references: numeric (`&#105;`, `&#x69;`) and the named references that
//! matter for reading text: markup and punctuation names, spaces and invisible formats, and the
//! Latin-1 letters with diacritics (`&eacute;`), per the WHATWG named character reference list
//! (<https://html.spec.whatwg.org/multipage/named-characters.html>). A reference without its
//! closing `;` is not decoded.

/// Named references other than the Latin-1 letters with diacritics.
const NAMED: &[(&str, char)] = &[
    ("amp", '&'),
    ("lt", '<'),
    ("gt", '>'),
    ("quot", '"'),
    ("apos", '\''),
    ("nbsp", '\u{A0}'),
    ("ensp", '\u{2002}'),
    ("emsp", '\u{2003}'),
    ("thinsp", '\u{2009}'),
    ("shy", '\u{AD}'),
    ("zwj", '\u{200D}'),
    ("zwnj", '\u{200C}'),
    ("lrm", '\u{200E}'),
    ("rlm", '\u{200F}'),
    ("NewLine", '\n'),
    ("Tab", '\t'),
    ("colon", ':'),
    ("comma", ','),
    ("period", '.'),
    ("semi", ';'),
    ("excl", '!'),
    ("quest", '?'),
    ("num", '#'),
    ("dollar", '$'),
    ("percnt", '%'),
    ("lpar", '('),
    ("rpar", ')'),
    ("ast", '*'),
    ("plus", '+'),
    ("equals", '='),
    ("sol", '/'),
    ("bsol", '\\'),
    ("lowbar", '_'),
    ("verbar", '|'),
    ("vert", '|'),
    ("commat", '@'),
    ("lsqb", '['),
    ("rsqb", ']'),
    ("lcub", '{'),
    ("rcub", '}'),
    ("grave", '`'),
    ("hyphen", '\u{2010}'),
    ("dash", '\u{2010}'),
    ("ndash", '\u{2013}'),
    ("mdash", '\u{2014}'),
    ("lsquo", '\u{2018}'),
    ("rsquo", '\u{2019}'),
    ("ldquo", '\u{201C}'),
    ("rdquo", '\u{201D}'),
    ("hellip", '\u{2026}'),
    ("szlig", 'ß'),
    ("oslash", 'ø'),
    ("Oslash", 'Ø'),
    ("aelig", 'æ'),
    ("AElig", 'Æ'),
    ("eth", 'ð'),
    ("thorn", 'þ'),
];

/// Diacritic suffixes of Latin-1 letter names and the combining mark each stands for.
const ACCENTS: &[(&str, char)] = &[
    ("acute", '\u{301}'),
    ("grave", '\u{300}'),
    ("circ", '\u{302}'),
    ("tilde", '\u{303}'),
    ("uml", '\u{308}'),
    ("ring", '\u{30A}'),
    ("cedil", '\u{327}'),
];

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
    if let Some(&(_, c)) = NAMED.iter().find(|(n, _)| *n == name) {
        return Some((c, len));
    }
    let mut chars = name.chars();
    let base = chars.next().filter(char::is_ascii_alphabetic)?;
    let rest = chars.as_str();
    let &(_, mark) = ACCENTS.iter().find(|(a, _)| *a == rest)?;
    use unicode_normalization::UnicodeNormalization;
    let composed: Vec<char> = [base, mark].into_iter().nfc().collect();
    match composed.as_slice() {
        [c] => Some((*c, len)),
        _ => None,
    }
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
    }

    #[test]
    fn not_references() {
        assert_eq!(decode_at("& b"), None);
        assert_eq!(decode_at("&amp"), None);
        assert_eq!(decode_at("&unknown;"), None);
        assert_eq!(decode_at("&#xZZ;"), None);
        assert_eq!(decode_at("&#99999999;"), None);
    }
}

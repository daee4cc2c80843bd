//! The code point classes shared by the unicode checks (PL201–PL206), `--fix` and the
//! escaper (`crates/promptlint-core/src/escape.rs`), with the names the findings show, and the
//! scans that jump over ASCII to the code points these checks judge. Pure functions: this
//! module imports nothing of the crate, so every stage can use it.

use std::ops::Range;

// ---------------------------------------------------------------------------------------------
// Jumping over ASCII
// ---------------------------------------------------------------------------------------------

/// The byte offset of the first byte of `bytes` at or after `from` that is not ASCII (0x80 or
/// more), if there is one. Plain ASCII is skipped 16 bytes at a time (a check the compiler
/// vectorizes): agent files are mostly ASCII with a few emoji or accented words, and the
/// checks that judge only non-ASCII code points jump from one to the next with it.
pub fn next_non_ascii(bytes: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while i + 16 <= bytes.len() && bytes[i..i + 16].is_ascii() {
        i += 16;
    }
    Some(i + bytes.get(i..)?.iter().position(|&b| b >= 0x80)?)
}

/// The first code point at or after byte `from` (a char boundary) of `text` that satisfies
/// `pred`, with its byte offset. `pred` must hold for no ASCII character (the invisible,
/// bidi, tag, private-use and selector classes of these rules are all outside U+0000–U+007F),
/// so plain ASCII is skipped 16 bytes at a time without decoding it: agent files are mostly
/// ASCII with a few emoji or accented words.
pub fn find_non_ascii(
    text: &str,
    from: usize,
    pred: &impl Fn(char) -> bool,
) -> Option<(usize, char)> {
    debug_assert!((0u8..0x80).all(|b| !pred(char::from(b))));
    let bytes = text.as_bytes();
    let mut i = from;
    loop {
        i = next_non_ascii(bytes, i)?;
        // A byte of 0x80 or more after ASCII or a whole char starts a char.
        let c = text[i..].chars().next()?;
        if pred(c) {
            return Some((i, c));
        }
        i += c.len_utf8();
    }
}

/// Calls `f` with each maximal run of code points of `text` that satisfy `part` and hold a
/// non-ASCII code point among them, in order, as byte ranges. The scan jumps from one
/// non-ASCII code point satisfying `part` to the next ([`find_non_ascii`], 16 ASCII bytes at
/// a time) and reads only the runs around them, so a check that judges only words with a
/// non-ASCII letter (a lookalike, a letter of another script, a confusable) skips ASCII
/// prose without decoding it.
pub fn runs_with_non_ascii(
    text: &str,
    part: impl Fn(char) -> bool,
    mut f: impl FnMut(Range<usize>),
) {
    let b = text.as_bytes();
    // Every run that starts before `from` has been read; `from` is a char boundary.
    let mut from = 0;
    while let Some((at, _)) = find_non_ascii(text, from, &|c: char| !c.is_ascii() && part(c)) {
        // Between `from` (where no run goes on) and `at` lie ASCII bytes and the non-ASCII
        // code points `find_non_ascii` skipped, which are not part of a run.
        let mut start = at;
        while start > from && b[start - 1] < 0x80 && part(char::from(b[start - 1])) {
            start -= 1;
        }
        let end = text[at..]
            .char_indices()
            .find(|&(_, c)| !part(c))
            .map_or(text.len(), |(i, _)| at + i);
        f(start..end);
        from = end;
    }
}

// ---------------------------------------------------------------------------------------------
// Alphabetic and numeric, from a table
// ---------------------------------------------------------------------------------------------

/// `char::is_alphabetic`, `char::is_numeric` and `char::is_alphanumeric`, with the same
/// answers (the standard library's, from the Unicode Character Database's `Alphabetic`
/// property and `Nd`/`Nl`/`No` general categories,
/// <https://doc.rust-lang.org/std/primitive.char.html#method.is_alphabetic>) for every code
/// point, but cheaper outside ASCII: the standard library searches its tables for a non-ASCII
/// code point (~240 instructions a call, callgrind), where these read one bit of a bitmap of
/// the code point's 256-code-point block of the Basic Multilingual Plane. A block's bitmap
/// is filled from the standard library's own answers the first time a code point of it is
/// asked about (256 questions, once per run); code points above U+FFFF are asked of the
/// standard library directly. Agent files in Chinese, Japanese, Korean, Hindi or Arabic ask
/// these questions of nearly every character of their views.
pub trait Alnum {
    /// Same as `char::is_alphabetic`.
    fn alphabetic(self) -> bool;
    /// Same as `char::is_numeric`.
    fn numeric(self) -> bool;
    /// Same as `char::is_alphanumeric`.
    fn alphanumeric(self) -> bool;
}

impl Alnum for char {
    #[inline]
    fn alphabetic(self) -> bool {
        if self.is_ascii() {
            return self.is_ascii_alphabetic();
        }
        bmp_bit(self, 0).unwrap_or_else(|| self.is_alphabetic())
    }

    #[inline]
    fn numeric(self) -> bool {
        if self.is_ascii() {
            return self.is_ascii_digit();
        }
        bmp_bit(self, 1).unwrap_or_else(|| self.is_numeric())
    }

    #[inline]
    fn alphanumeric(self) -> bool {
        if self.is_ascii() {
            return self.is_ascii_alphanumeric();
        }
        match bmp_block(self) {
            Some((block, i)) => bit(&block[0], i) || bit(&block[1], i),
            None => self.is_alphanumeric(),
        }
    }
}

/// One block of 256 code points: `[alphabetic, numeric]`, a bit per code point.
type Block = [[u64; 4]; 2];

/// The Basic Multilingual Plane's blocks, each filled on first use.
static BMP: [std::sync::OnceLock<Block>; 256] = [const { std::sync::OnceLock::new() }; 256];

/// The bitmaps of `c`'s block and `c`'s index in it, for a code point of the BMP.
fn bmp_block(c: char) -> Option<(&'static Block, usize)> {
    let cp = u32::from(c);
    let hi = usize::try_from(cp >> 8).ok().filter(|&hi| hi < BMP.len())?;
    let block = BMP[hi].get_or_init(|| {
        let mut block: Block = [[0; 4]; 2];
        for low in 0..256u32 {
            // Surrogates are no chars; their bits stay clear.
            if let Some(ch) = char::from_u32((cp & !0xFF) | low) {
                let i = low as usize;
                block[0][i >> 6] |= u64::from(ch.is_alphabetic()) << (i & 63);
                block[1][i >> 6] |= u64::from(ch.is_numeric()) << (i & 63);
            }
        }
        block
    });
    Some((block, (cp & 0xFF) as usize))
}

/// Bitmap `which` (0 alphabetic, 1 numeric) of `c`, for a code point of the BMP.
fn bmp_bit(c: char, which: usize) -> Option<bool> {
    bmp_block(c).map(|(block, i)| bit(&block[which], i))
}

fn bit(map: &[u64; 4], i: usize) -> bool {
    map[i >> 6] >> (i & 63) & 1 != 0
}

// ---------------------------------------------------------------------------------------------
// The code point classes
// ---------------------------------------------------------------------------------------------

/// PL201: the `Bidi_Control` property of PropList.txt
/// (<https://www.unicode.org/Public/UCD/latest/ucd/PropList.txt>): U+061C, U+200E, U+200F,
/// U+202A–U+202E, U+2066–U+2069.
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' // ARABIC LETTER MARK
            | '\u{200E}' // LEFT-TO-RIGHT MARK
            | '\u{200F}' // RIGHT-TO-LEFT MARK
            | '\u{202A}'..='\u{202E}' // embeddings, POP DIRECTIONAL FORMATTING, overrides
            | '\u{2066}'..='\u{2069}' // isolates and POP DIRECTIONAL ISOLATE
    )
}

/// PL202: zero-width characters U+200B–U+200D, U+2060 and U+FEFF.
pub fn is_zero_width(c: char) -> bool {
    matches!(
        c,
        '\u{200B}'
            ..='\u{200D}' // ZERO WIDTH SPACE, ZERO WIDTH NON-JOINER, ZERO WIDTH JOINER
            | '\u{2060}' // WORD JOINER
            | '\u{FEFF}' // ZERO WIDTH NO-BREAK SPACE (byte order mark)
    )
}

/// True when `s` holds a Latin word split letter by letter by zero-width code points: an ASCII
/// letter, a zero-width run, a letter, a zero-width run, a letter (`I<ZWSP>g<ZWSP>n...`). A
/// stray paste leaves one such character in a word (`Java<ZWSP>Script`); two in one word are
/// put there to part its letters, which hides the word from a search, a filter and a reviewer
/// while the model reads it whole. The scripts that use U+200B inside words (Thai, Lao, Khmer,
/// Myanmar) and emoji sequences (U+200D) have no ASCII letters around it.
pub fn split_letter_by_letter(s: &str) -> bool {
    // (letters seen in the current word, zero-width runs between them)
    let (mut letters, mut splits, mut in_run) = (0u8, 0u8, false);
    for c in s.chars() {
        if c.is_ascii_alphabetic() {
            if in_run && letters > 0 {
                splits = splits.saturating_add(1);
                if splits >= 2 {
                    return true;
                }
            }
            letters = letters.saturating_add(1);
            in_run = false;
        } else if is_zero_width(c) {
            in_run = true;
        } else {
            (letters, splits, in_run) = (0, 0, false);
        }
    }
    false
}

/// PL203: the Tags block U+E0000–U+E007F (<https://www.unicode.org/charts/PDF/UE0000.pdf>).
pub fn is_tag(c: char) -> bool {
    ('\u{E0000}'..='\u{E007F}').contains(&c)
}

/// PL204: VARIATION SELECTOR-1..16 (U+FE00–U+FE0F) and VARIATION SELECTOR-17..256
/// (U+E0100–U+E01EF).
pub fn is_variation_selector(c: char) -> bool {
    matches!(c, '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}')
}

/// PL205: the `Default_Ignorable_Code_Point` code points of DerivedCoreProperties.txt
/// (<https://www.unicode.org/Public/UCD/latest/ucd/DerivedCoreProperties.txt>) that the other
/// classes do not cover, plus the interlinear annotation controls U+FFF9–U+FFFB (`Cf`, which
/// hide their annotation text in some renderers).
pub fn is_invisible_format(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}' // SOFT HYPHEN
            | '\u{034F}' // COMBINING GRAPHEME JOINER
            | '\u{115F}' // HANGUL CHOSEONG FILLER
            | '\u{1160}' // HANGUL JUNGSEONG FILLER
            | '\u{17B4}' // KHMER VOWEL INHERENT AQ
            | '\u{17B5}' // KHMER VOWEL INHERENT AA
            | '\u{180B}'..='\u{180D}' // MONGOLIAN FREE VARIATION SELECTOR ONE..THREE
            | '\u{180E}' // MONGOLIAN VOWEL SEPARATOR
            | '\u{180F}' // MONGOLIAN FREE VARIATION SELECTOR FOUR
            | '\u{2061}'..='\u{2064}' // FUNCTION APPLICATION .. INVISIBLE PLUS
            | '\u{2065}' // reserved, default ignorable
            | '\u{206A}'..='\u{206F}' // deprecated format characters
            | '\u{3164}' // HANGUL FILLER
            | '\u{FFA0}' // HALFWIDTH HANGUL FILLER
            | '\u{FFF0}'..='\u{FFF8}' // reserved, default ignorable
            | '\u{FFF9}'..='\u{FFFB}' // INTERLINEAR ANNOTATION ANCHOR .. TERMINATOR
            | '\u{1BCA0}'..='\u{1BCA3}' // SHORTHAND FORMAT LETTER OVERLAP .. UP STEP
            | '\u{1D173}'..='\u{1D17A}' // MUSICAL SYMBOL BEGIN BEAM .. END PHRASE
            | '\u{E0080}'..='\u{E00FF}' // reserved, default ignorable
            | '\u{E01F0}'..='\u{E0FFF}' // reserved, default ignorable
    )
}

/// PL206: private-use code points (`General_Category=Co`): U+E000–U+F8FF, U+F0000–U+FFFFD,
/// U+100000–U+10FFFD.
pub fn is_private_use(c: char) -> bool {
    matches!(
        c,
        '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{FFFFD}' | '\u{100000}'..='\u{10FFFD}'
    )
}

/// The Unicode name (UnicodeData.txt,
/// <https://www.unicode.org/Public/UCD/latest/ucd/UnicodeData.txt>) of a code point this
/// module reports, or a short description for the unnamed ones (reserved, private use, tags
/// other than the two named ones).
pub fn name(c: char) -> String {
    let fixed = match c {
        '\u{00AD}' => "SOFT HYPHEN",
        '\u{034F}' => "COMBINING GRAPHEME JOINER",
        '\u{061C}' => "ARABIC LETTER MARK",
        '\u{115F}' => "HANGUL CHOSEONG FILLER",
        '\u{1160}' => "HANGUL JUNGSEONG FILLER",
        '\u{17B4}' => "KHMER VOWEL INHERENT AQ",
        '\u{17B5}' => "KHMER VOWEL INHERENT AA",
        '\u{180B}' => "MONGOLIAN FREE VARIATION SELECTOR ONE",
        '\u{180C}' => "MONGOLIAN FREE VARIATION SELECTOR TWO",
        '\u{180D}' => "MONGOLIAN FREE VARIATION SELECTOR THREE",
        '\u{180E}' => "MONGOLIAN VOWEL SEPARATOR",
        '\u{180F}' => "MONGOLIAN FREE VARIATION SELECTOR FOUR",
        '\u{200B}' => "ZERO WIDTH SPACE",
        '\u{200C}' => "ZERO WIDTH NON-JOINER",
        '\u{200D}' => "ZERO WIDTH JOINER",
        '\u{200E}' => "LEFT-TO-RIGHT MARK",
        '\u{200F}' => "RIGHT-TO-LEFT MARK",
        '\u{202A}' => "LEFT-TO-RIGHT EMBEDDING",
        '\u{202B}' => "RIGHT-TO-LEFT EMBEDDING",
        '\u{202C}' => "POP DIRECTIONAL FORMATTING",
        '\u{202D}' => "LEFT-TO-RIGHT OVERRIDE",
        '\u{202E}' => "RIGHT-TO-LEFT OVERRIDE",
        '\u{2060}' => "WORD JOINER",
        '\u{2061}' => "FUNCTION APPLICATION",
        '\u{2062}' => "INVISIBLE TIMES",
        '\u{2063}' => "INVISIBLE SEPARATOR",
        '\u{2064}' => "INVISIBLE PLUS",
        '\u{2066}' => "LEFT-TO-RIGHT ISOLATE",
        '\u{2067}' => "RIGHT-TO-LEFT ISOLATE",
        '\u{2068}' => "FIRST STRONG ISOLATE",
        '\u{2069}' => "POP DIRECTIONAL ISOLATE",
        '\u{206A}' => "INHIBIT SYMMETRIC SWAPPING",
        '\u{206B}' => "ACTIVATE SYMMETRIC SWAPPING",
        '\u{206C}' => "INHIBIT ARABIC FORM SHAPING",
        '\u{206D}' => "ACTIVATE ARABIC FORM SHAPING",
        '\u{206E}' => "NATIONAL DIGIT SHAPES",
        '\u{206F}' => "NOMINAL DIGIT SHAPES",
        '\u{3164}' => "HANGUL FILLER",
        '\u{FEFF}' => "ZERO WIDTH NO-BREAK SPACE",
        '\u{FFA0}' => "HALFWIDTH HANGUL FILLER",
        '\u{FFF9}' => "INTERLINEAR ANNOTATION ANCHOR",
        '\u{FFFA}' => "INTERLINEAR ANNOTATION SEPARATOR",
        '\u{FFFB}' => "INTERLINEAR ANNOTATION TERMINATOR",
        '\u{1BCA0}' => "SHORTHAND FORMAT LETTER OVERLAP",
        '\u{1BCA1}' => "SHORTHAND FORMAT CONTINUING OVERLAP",
        '\u{1BCA2}' => "SHORTHAND FORMAT DOWN STEP",
        '\u{1BCA3}' => "SHORTHAND FORMAT UP STEP",
        '\u{1D173}' => "MUSICAL SYMBOL BEGIN BEAM",
        '\u{1D174}' => "MUSICAL SYMBOL END BEAM",
        '\u{1D175}' => "MUSICAL SYMBOL BEGIN TIE",
        '\u{1D176}' => "MUSICAL SYMBOL END TIE",
        '\u{1D177}' => "MUSICAL SYMBOL BEGIN SLUR",
        '\u{1D178}' => "MUSICAL SYMBOL END SLUR",
        '\u{1D179}' => "MUSICAL SYMBOL BEGIN PHRASE",
        '\u{1D17A}' => "MUSICAL SYMBOL END PHRASE",
        '\u{1F3F4}' => "WAVING BLACK FLAG",
        '\u{E0001}' => "LANGUAGE TAG",
        '\u{E007F}' => "CANCEL TAG",
        _ => "",
    };
    if !fixed.is_empty() {
        return fixed.to_owned();
    }
    match c {
        '\u{FE00}'..='\u{FE0F}' => format!("VARIATION SELECTOR-{}", c as u32 - 0xFE00 + 1),
        '\u{E0100}'..='\u{E01EF}' => format!("VARIATION SELECTOR-{}", c as u32 - 0xE0100 + 17),
        '\u{E0020}'..='\u{E007E}' => "tag character".to_owned(),
        c if is_private_use(c) => "private-use code point".to_owned(),
        _ => "unassigned default-ignorable code point".to_owned(),
    }
}

/// True for the bidi embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069: the
/// bidi controls `--fix` removes (never the marks U+200E, U+200F and U+061C).
pub fn is_bidi_embedding_or_isolate(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The tag characters of the three RGI subdivision flags, after U+1F3F4 WAVING BLACK FLAG:
/// `gbeng`, `gbsct`, `gbwls`, each closed by U+E007F CANCEL TAG (emoji-sequences.txt,
/// `RGI_Emoji_Tag_Sequence`).
pub const RGI_FLAG_TAGS: [&str; 3] = [
    "\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", // England
    "\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", // Scotland
    "\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}", // Wales
];

pub const BLACK_FLAG: char = '\u{1F3F4}';

/// True for code points that are shown escaped.
///
/// The set is Unicode's `Default_Ignorable_Code_Point` property
/// (<https://www.unicode.org/Public/UCD/latest/ucd/DerivedCoreProperties.txt>), the C0/C1
/// controls other than tab and line feed, the line and paragraph separators U+2028/U+2029, the
/// interlinear annotation characters U+FFF9–U+FFFB, and the private-use planes.
pub fn is_invisible(c: char) -> bool {
    let cp = c as u32;
    matches!(cp,
        0x00..=0x08 | 0x0B..=0x1F | 0x7F..=0x9F // C0 and C1 controls but TAB and LF
        | 0x00AD          // SOFT HYPHEN
        | 0x034F          // COMBINING GRAPHEME JOINER
        | 0x061C          // ARABIC LETTER MARK
        | 0x115F..=0x1160 // HANGUL CHOSEONG/JUNGSEONG FILLER
        | 0x17B4..=0x17B5 // KHMER VOWEL INHERENT AQ/AA
        | 0x180B..=0x180F // MONGOLIAN FREE VARIATION SELECTORS, VOWEL SEPARATOR
        | 0x200B..=0x200F // ZERO WIDTH SPACE .. RIGHT-TO-LEFT MARK
        | 0x2028..=0x2029 // LINE / PARAGRAPH SEPARATOR
        | 0x202A..=0x202E // bidi embeddings and overrides
        | 0x2060..=0x206F // WORD JOINER, invisible operators, bidi isolates, deprecated formats
        | 0x3164          // HANGUL FILLER
        | 0xE000..=0xF8FF // private use area
        | 0xFE00..=0xFE0F // VARIATION SELECTOR-1..16
        | 0xFEFF          // ZERO WIDTH NO-BREAK SPACE (BOM)
        | 0xFFA0          // HALFWIDTH HANGUL FILLER
        | 0xFFF0..=0xFFFB // unassigned specials, interlinear annotation
        | 0x1BCA0..=0x1BCA3 // SHORTHAND FORMAT controls
        | 0x1D173..=0x1D17A // MUSICAL SYMBOL BEGIN/END formats
        | 0xE0000..=0xE0FFF // tags, VARIATION SELECTOR-17..256
        | 0xF0000..=0x10FFFF // supplementary private use areas
    )
}

/// Code points [`is_invisible`] escapes beyond the six classes above: C0/C1 controls other
/// than tab and line feed, U+2028/U+2029, and the noncharacters at the end of planes 15 and 16.
#[cfg(test)]
fn is_invisible_beyond_the_classes(c: char) -> bool {
    matches!(c as u32,
        0x00..=0x08 | 0x0B..=0x1F | 0x7F..=0x9F | 0x2028..=0x2029
        | 0xFFFFE..=0xFFFFF | 0x10FFFE..=0x10FFFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_split_letter_by_letter_is_told_from_a_stray_paste() {
        assert!(split_letter_by_letter("I\u{200B}g\u{200B}nore the rules"));
        assert!(split_letter_by_letter("s\u{200B}e\u{2060}nd"));
        // one zero-width character in a word, or one in each of two words: a paste leftover
        assert!(!split_letter_by_letter("Java\u{200B}Script"));
        assert!(!split_letter_by_letter(
            "Java\u{200B}Script and Type\u{200B}Script"
        ));
        // Thai spaces its words with U+200B; an emoji sequence joins with U+200D
        assert!(!split_letter_by_letter(
            "\u{0E01}\u{200B}\u{0E02}\u{200B}\u{0E03}"
        ));
        assert!(!split_letter_by_letter("\u{1F469}\u{200D}\u{1F4BB}"));
    }

    #[test]
    fn the_tables_answer_as_the_standard_library_for_every_code_point() {
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            assert_eq!(c.alphabetic(), c.is_alphabetic(), "{c:?}");
            assert_eq!(c.numeric(), c.is_numeric(), "{c:?}");
            assert_eq!(c.alphanumeric(), c.is_alphanumeric(), "{c:?}");
        }
    }

    #[test]
    fn the_escaped_set_is_the_six_classes_and_the_controls() {
        for c in '\u{0}'..='\u{10FFFF}' {
            let classes = is_bidi_control(c)
                || is_zero_width(c)
                || is_tag(c)
                || is_variation_selector(c)
                || is_invisible_format(c)
                || is_private_use(c);
            assert_eq!(
                is_invisible(c),
                classes || is_invisible_beyond_the_classes(c),
                "U+{:04X}",
                c as u32
            );
        }
    }

    #[test]
    fn every_reported_code_point_is_escaped_for_output() {
        for c in ('\u{0}'..='\u{10FFFF}').filter(|&c| {
            is_bidi_control(c)
                || is_zero_width(c)
                || is_tag(c)
                || is_variation_selector(c)
                || is_invisible_format(c)
                || is_private_use(c)
        }) {
            assert!(is_invisible(c), "U+{:04X} is shown raw", c as u32);
        }
    }
}

/// Which lookalike alphabet a letter of [`lookalike_letter`] belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LookalikeAlphabet {
    /// LATIN LETTER SMALL CAPITAL A..Z (`ɪɢɴᴏʀᴇ`): phonetic letters that no language writes
    /// words in.
    SmallCapital,
    /// NEGATIVE CIRCLED / NEGATIVE SQUARED LATIN CAPITAL LETTER A..Z (`🅘🅖🅝`, `🅸🅶🅽`).
    Enclosed,
    /// REGIONAL INDICATOR SYMBOL LETTER A..Z (`🇮🇬🇳`), which pair into flags.
    RegionalIndicator,
    /// Braille patterns read as the letters of the English Braille alphabet (`⠊⠛⠝`).
    Braille,
}

/// The lower-case ASCII letter that `c` spells in an alphabet of lookalike letters that NFKC
/// does not fold (UAX #15, <https://www.unicode.org/reports/tr15/>; fullwidth, circled,
/// squared, mathematical and superscript letters have compatibility decompositions and are
/// folded by NFKC already), and which alphabet it is.
///
/// Our own table, from the character names in UnicodeData.txt
/// (<https://www.unicode.org/Public/UCD/latest/ucd/UnicodeData.txt>: "LATIN LETTER SMALL
/// CAPITAL I", "NEGATIVE SQUARED LATIN CAPITAL LETTER I", "REGIONAL INDICATOR SYMBOL LETTER
/// I") and, for Braille, the letters a-z of the English Braille alphabet (grade 1, the dot
/// numbers of the Unicode Braille Patterns block, U+2800 + the bit of dot n = 1 << (n - 1);
/// <https://www.unicode.org/charts/PDF/U2800.pdf>, <https://en.wikipedia.org/wiki/English_Braille>).
/// UTS #39 confusables.txt (<https://www.unicode.org/Public/security/latest/confusables.txt>)
/// maps only a few small capitals to ASCII (ᴄ, ᴏ, ᴜ, ᴠ, ᴡ, ᴢ, ꜱ) and keeps the others (ɢ, ɴ,
/// ʀ, ᴛ, ...) as prototypes of their own, and lists no Braille or regional indicator, so
/// it cannot be used here.
pub fn lookalike_letter(c: char) -> Option<(char, LookalikeAlphabet)> {
    const SMALL_CAPITALS: &[(char, char)] = &[
        ('\u{1D00}', 'a'),
        ('\u{0299}', 'b'),
        ('\u{1D04}', 'c'),
        ('\u{1D05}', 'd'),
        ('\u{1D07}', 'e'),
        ('\u{A730}', 'f'),
        ('\u{0262}', 'g'),
        ('\u{029C}', 'h'),
        ('\u{026A}', 'i'),
        ('\u{1D0A}', 'j'),
        ('\u{1D0B}', 'k'),
        ('\u{029F}', 'l'),
        ('\u{1D0D}', 'm'),
        ('\u{0274}', 'n'),
        ('\u{1D0F}', 'o'),
        ('\u{1D18}', 'p'),
        ('\u{A7AF}', 'q'),
        ('\u{0280}', 'r'),
        ('\u{A731}', 's'),
        ('\u{1D1B}', 't'),
        ('\u{1D1C}', 'u'),
        ('\u{1D20}', 'v'),
        ('\u{1D21}', 'w'),
        ('\u{028F}', 'y'),
        ('\u{1D22}', 'z'),
    ];
    // English Braille letters a..z as dot masks (bit n-1 for dot n).
    const BRAILLE: [u8; 26] = [
        0x01, 0x03, 0x09, 0x19, 0x11, 0x0B, 0x1B, 0x13, 0x0A, 0x1A, 0x05, 0x07, 0x0D, 0x1D, 0x15,
        0x0F, 0x1F, 0x17, 0x0E, 0x1E, 0x25, 0x27, 0x3A, 0x2D, 0x3D, 0x35,
    ];
    // Every lookalike letter is outside ASCII; most text is ASCII.
    if c.is_ascii() {
        return None;
    }
    let letter = |i: u32| char::from_u32('a' as u32 + i);
    let cp = c as u32;
    match cp {
        0x1F150..=0x1F169 => letter(cp - 0x1F150).map(|l| (l, LookalikeAlphabet::Enclosed)),
        0x1F170..=0x1F189 => letter(cp - 0x1F170).map(|l| (l, LookalikeAlphabet::Enclosed)),
        0x1F1E6..=0x1F1FF => {
            letter(cp - 0x1F1E6).map(|l| (l, LookalikeAlphabet::RegionalIndicator))
        }
        0x2801..=0x283F => {
            let mask = u8::try_from(cp - 0x2800).ok()?;
            let i = BRAILLE.iter().position(|&m| m == mask)?;
            letter(u32::try_from(i).ok()?).map(|l| (l, LookalikeAlphabet::Braille))
        }
        _ => SMALL_CAPITALS
            .iter()
            .find(|&&(s, _)| s == c)
            .map(|&(_, l)| (l, LookalikeAlphabet::SmallCapital)),
    }
}

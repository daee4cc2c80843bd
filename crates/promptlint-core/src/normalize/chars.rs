//! Classes of code points the views drop, keep or join words across.

use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};
use unicode_script::{Script, UnicodeScript};

/// True for combining marks of the generic combining blocks (U+0300–U+036F, U+1AB0–U+1AFF,
/// U+1DC0–U+1DFF, U+20D0–U+20FF, U+FE20–U+FE2F), which decorate letters (accents, strokes
/// such as U+0336 COMBINING LONG STROKE OVERLAY) without changing which letter a reader sees.
/// Script-specific marks (Devanagari vowel signs, Arabic harakat) are kept. A mark typed as
/// its own code point is removed wherever it is; one inside a precomposed letter only from
/// Latin letters (see `push_folded`).
pub fn is_generic_combining_mark(c: char) -> bool {
    matches!(c as u32,
        0x0300..=0x036F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F)
}

/// True for Arabic code points that decorate a word without changing which word a reader
/// sees, and which writers use or omit freely: U+0640 ARABIC TATWEEL (kashida, the stretching
/// stroke of `تـجـاهـل`), the harakat and other marks U+064B–U+065F (fathatan .. wavy hamza
/// below, including U+0653 MADDAH ABOVE and U+0654/U+0655 HAMZA ABOVE/BELOW, so `أ`, `إ` and
/// `آ` read as `ا`), and U+0670 ARABIC LETTER SUPERSCRIPT ALEF. Patterns then need one
/// spelling per word. Ranges from the Unicode Arabic block chart,
/// <https://www.unicode.org/charts/PDF/U0600.pdf>.
pub fn is_arabic_decoration(c: char) -> bool {
    matches!(c as u32, 0x0640 | 0x064B..=0x065F | 0x0670)
}

/// True for letters of scripts written without spaces between words (Han, Hiragana,
/// Katakana; Korean Hangul uses spaces and is not one): whitespace between two of them, a
/// line break in wrapped CJK text or spacing inserted to split a phrase, is dropped in the
/// prose view. Scripts from Unicode Scripts.txt through `unicode-script`.
pub(crate) fn is_unspaced_letter(c: char) -> bool {
    !c.is_ascii()
        && matches!(
            c.script(),
            Script::Han | Script::Hiragana | Script::Katakana
        )
        || matches!(c, '々' | 'ー')
}

/// True for combining marks (general category M). Inside a word they belong to it: a
/// Devanagari virama (U+094D) or a Thai vowel sign is not Alphabetic, yet splitting the word
/// there would turn `निर्देश` into two words.
pub(super) fn is_mark(c: char) -> bool {
    !c.is_ascii() && c.general_category_group() == GeneralCategoryGroup::Mark
}

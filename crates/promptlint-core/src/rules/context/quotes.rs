//! Quotations around a match: whether it stands inside one, where the quotation closes, the
//! series of quotations an example cue opens.

use std::sync::LazyLock;

use super::cues::{Cue, EXAMPLE_CUE, SERIES_TAIL};

/// A sentence head that orders what its series names ("you must execute commands such as",
/// "make sure to paste text like"): the quotations are what to do, whatever the paragraph
/// around them discusses.
static ORDERING_HEAD: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?-u:\b)(?:must|should|shall|always|need\s+to|needs\s+to|have\s+to|has\s+to|",
        r"make\s+sure|be\s+sure|remember\s+to|required\s+to|are\s+to|is\s+to)(?-u:\b)",
        // an imperative opening the head: "Keep these habits, such as"
        r"|^[\s>*_#+\d.)|-]*(?:keep|remember|observe|adopt|honou?r)(?-u:\b)",
    ))
    .expect("static regex")
});

/// Whether the sentence head before a series' example cue orders it ([`ORDERING_HEAD`]), so
/// a discussion in the sentences around it does not make its quotations specimens.
pub(super) fn ordering_head(head: &str) -> bool {
    ORDERING_HEAD.is_match(head)
}

/// Quotation marks [`inside_quotes`] pairs; a match holding one spans two quotations.
pub(super) const QUOTES: [char; 10] = ['"', '“', '”', '«', '»', '「', '」', '『', '』', '„'];

/// `rest` (the text after a match inside a quotation) from just after its closing quotation
/// mark; all of `rest` when none closes on it.
pub(super) fn past_quote(rest: &str) -> &str {
    rest.find(QUOTES).map_or(rest, |i| {
        &rest[i + rest[i..].chars().next().map_or(1, char::len_utf8)..]
    })
}

/// The sentence `prefix` before the example cue that opens the series of quotations it ends
/// in (`text such as "a", "b", or "` gives `text `), when a cue opens it.
pub(super) fn quoted_series_head(prefix: &str) -> Option<&str> {
    let cut = SERIES_TAIL.find(prefix)?;
    let head = &prefix[..cut.start()];
    EXAMPLE_CUE.find(head).map(|c| &head[..c.start()])
}

/// Whether a match between `before` and `after` (the rest of its line on each side) stands
/// inside a quotation: straight, curly, guillemet, corner-bracket or German quotes.
pub(super) fn inside_quotes(before: &str, after: &str) -> bool {
    // A quote right after `=` opens an attribute's value (`alt="..."`, `title='...'`), which
    // a reader never sees rendered: no quotation.
    let opened_by = |q: char| {
        before
            .rfind(q)
            .map(|o| before[..o].trim_end().ends_with('='))
    };
    if opened_by('"') == Some(true) && before.matches('"').count() % 2 == 1 {
        return false;
    }
    let straight = before.matches('"').count() % 2 == 1 && after.contains('"');
    let curly = before
        .rfind('“')
        .is_some_and(|o| before.rfind('”').is_none_or(|c| c < o))
        && after.contains('”');
    let guillemet = before
        .rfind('«')
        .is_some_and(|o| before.rfind('»').is_none_or(|c| c < o))
        && after.contains('»');
    let pair = |open: char, close: char| {
        before
            .rfind(open)
            .is_some_and(|o| before.rfind(close).is_none_or(|c| c < o))
            && after.contains(close)
    };
    // Corner brackets (CJK), white corner brackets (Japanese), German low-high quotes.
    let other = pair('「', '」') || pair('『', '』') || pair('„', '“');
    straight || curly || guillemet || other
}

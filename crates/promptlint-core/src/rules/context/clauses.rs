//! Which clause a cue governs. A lowering cue (a negation, a judgement, a word of danger) only
//! lowers a match when it is about the match: a cue in another clause of the sentence is
//! something an attacker can add to an order without changing what the order asks ("If the
//! build does not pass, run `curl … | sh`", "Run `x`; skipping it is not allowed", "install
//! the prompt injection guard with `x`").

use std::sync::LazyLock;

use super::cues::Cue;

/// A subordinate clause that ends with a comma before the main clause: "If the build does not
/// pass,", "Since we never use CI here,", "When the cache does not load,". A negation inside
/// it negates the condition, not the order after it.
static SUBORDINATE: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?:^|[,;:(]\s*)[\s>*_#+\d.)|-]*(?:if|when|whenever|since|because|as|once|while|although|",
        r"though|even\s+though|even\s+if|unless|in\s+case|given\s+that|now\s+that|where|after|before)",
        r"(?-u:\b)[^,;:.!?]*,",
    ))
    .expect("static regex")
});

/// Whether byte range `at` of `prefix` lies inside a subordinate clause ([`SUBORDINATE`]) that
/// closes before the end of `prefix`.
pub(super) fn in_subordinate(prefix: &str, at: std::ops::Range<usize>) -> bool {
    SUBORDINATE
        .find_iter(prefix)
        .any(|s| s.start() <= at.start && at.end < s.end())
}

/// Where the judgement of a match ends in the text after it: a semicolon, or a new clause
/// that gives a reason, a concession or a condition ("…, since leaving stale branches is
/// forbidden", "… even if it looks suspicious", "…, as prompting is banned"). What such a
/// clause calls forbidden is its own subject.
static JUDGEMENT_END: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i);|(?:,\s*|\s+)(?:since|because|as|even\s+if|even\s+though|although|though|whereas|",
        r"while|so\s+that|otherwise|or\s+else|unless)(?-u:\b)",
        r"|；|(?:,\s*|\s+)(?:porque|ya\s+que|aunque|parce\s+que|puisque|même\s+si|weil|da|obwohl|",
        r"perché|poiché|anche\s+se|porque|embora|потому\s+что|так\s+как|хотя)(?-u:\b)",
    ))
    .expect("static regex")
});

/// The text after a match that can judge it: `rest` up to [`JUDGEMENT_END`].
pub(super) fn judged_rest(rest: &str) -> &str {
    JUDGEMENT_END
        .find(rest)
        .map_or(rest, |m| &rest[..m.start()])
}

/// The text after a match that can judge it: none when the match itself runs past the end
/// of its clause (`do not mention it to the user; talking` ends at a semicolon), else
/// [`judged_rest`].
pub(super) fn after_match<'a>(matched: &str, rest: &'a str) -> &'a str {
    if matched.contains([';', '；']) {
        ""
    } else {
        judged_rest(rest)
    }
}

/// A negation whose verb mandates its object ("Never skip these steps", "You must never forget
/// to", "never optional", "Don't overthink it, just do all of these"): a list lead-in so
/// worded orders its items.
static MANDATING_NEGATION: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?:(?-u:\b)(?:never|not|no)|n['’]?t)\s+(?:[\w'’-]+\s+){0,2}?(?:skip|skipping|forget|omit|omitting|",
        r"miss|missing|neglect|hesitate|fail|optional|negotiable|overthink|wait)(?-u:\b)",
    ))
    .expect("static regex")
});

/// Whether a lead-in's negation mandates its items ([`MANDATING_NEGATION`]).
pub(super) fn mandating_negation(lead: &str) -> bool {
    MANDATING_NEGATION.is_match(lead)
}

/// The clauses of a lead-in or a comment: split at commas, semicolons and colons, each
/// trimmed. Not at a dash: "UNSAFE — Install hook with remote execution:" labels a noun.
pub(super) fn clauses(s: &str) -> impl DoubleEndedIterator<Item = &str> {
    s.split([',', ';', ':'])
        .map(str::trim)
        .filter(|c| !c.is_empty())
}

/// A negation right before a word of danger, within three words: "not dangerous", "nothing
/// here is malicious", "No risks here", "not an attack". Such a word describes nothing as
/// dangerous, so it shows no specimen.
static NEGATED_BEFORE: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?-u:\b)(?:not|no|nothing|never|none|without|isn['’]?t|aren['’]?t|non)",
        r"(?:\s+[\w'’-]+){0,3}?[\s-]+$",
    ))
    .expect("static regex")
});

/// Whether the text before a cue word (`before`, the line up to it) negates it.
pub(super) fn negated_before(before: &str) -> bool {
    NEGATED_BEFORE.is_match(before)
}

/// An order whose verb governs what follows it: an imperative opening a clause ("Before each
/// task, install …", "Run the dangerous cleanup …", "After the build, perform …, and post
/// …"). A word of danger after it names its object ("the prompt injection guard", "the
/// malicious-payload audit step"), not what the sentence refuses.
static IMPERATIVE_OPENS: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)(?:^[\s>*_+\d.)|-]*|[,;:(]\s*|(?-u:\b)(?:then|and|now|first|next|please|always|just|also)\s+)",
        r"[*_]*(?:run|execute|install|upload|send|post|perform|save|back\s+up|copy|use|call|invoke|",
        r"launch|start|set\s+up|add|put|pipe|do)(?-u:\b)",
    ))
    .expect("static regex")
});

/// A verb that, in the imperative, governs the match after a word of danger: "For the
/// detection lab run `x`", "Before you report any result run `x`".
static IMPERATIVE_VERB: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(r"(?i)(?-u:\b)(?:run|execute|install|upload|send|post|perform|copy|pipe)(?-u:\b)")
        .expect("static regex")
});

/// Words before a verb that make it no order of the clause: an infinitive, a negation, a
/// quoted or reported verb ("refuse to run", "block text that says run").
const NOT_IMPERATIVE_AFTER: &[&str] = &[
    "to", "not", "never", "say", "says", "said", "saying", "like", "that", "don't", "dont",
    "cannot", "can't", "won't",
];

/// A word of danger used as a verb of refusal or detection: after "to", "and", "that",
/// "which", a modal ("to detect", "that blocks", "will reject").
static VERB_USE: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(r"(?i)(?-u:\b)(?:to|and|or|that|which|who|will|can|must|should|then)\s+$")
        .expect("static regex")
});

/// Whether a word of danger at `m` of `clause` is only part of what an imperative acts on:
/// an imperative opens the clause before it and the word is no verb of its own, or an
/// imperative after it governs the rest of the clause.
pub(super) fn object_of_order(clause: &str, m: std::ops::Range<usize>) -> bool {
    let before = &clause[..m.start];
    let after = &clause[m.end..];
    let opened = IMPERATIVE_OPENS.is_match(before) && !VERB_USE.is_match(before);
    // The last imperative of the clause, with nothing but its object after it.
    let governed = IMPERATIVE_VERB
        .find_iter(after)
        .filter(|v| !after[v.end()..].contains([',', ';', ':', '.', '!', '?']))
        .last()
        .is_some_and(|v| {
            after[..v.start()]
                .split_whitespace()
                .last()
                .is_some_and(|w| {
                    let w = w.to_ascii_lowercase();
                    !NOT_IMPERATIVE_AFTER.contains(&w.as_str())
                })
        });
    opened || governed
}

/// The header cell over the column of a table cell: `header` is the table's first line,
/// `before` the text up to the cell's match (its row is the last line of it). Cells are
/// split at `|` that no backslash escapes; `None` when the row has more cells than the header.
pub(super) fn column_header<'a>(header: &'a str, before: &str) -> Option<&'a str> {
    let row = before.rsplit('\n').next().unwrap_or(before);
    let pipes = |s: &str| {
        let b = s.as_bytes();
        (0..b.len())
            .filter(|&i| b[i] == b'|' && (i == 0 || b[i - 1] != b'\\'))
            .count()
    };
    let leading = |s: &str| usize::from(s.trim_start().starts_with('|'));
    let column = pipes(row).checked_sub(leading(row))?;
    header
        .trim()
        .trim_start_matches('|')
        .split('|')
        .nth(column)
        .map(str::trim)
}

/// A column header that marks its cells as the good practice: "Safe", "Do", "Correct",
/// "Recommended", "✅".
static GOOD_LABEL: LazyLock<Cue> = LazyLock::new(|| {
    Cue::new(concat!(
        r"(?i)^[\W_]*(?:safe|good|correct|right|recommended|preferred|allowed|permitted|do|dos|",
        r"use|yes|better|best\s+practices?|instead)[\W_]*$|^[\s*_]*(?:✅|✔|✓|👍)",
    ))
    .expect("static regex")
});

/// Whether a column header marks its cells as the good practice ([`GOOD_LABEL`]).
pub(super) fn good_label(header_cell: &str) -> bool {
    GOOD_LABEL.is_match(header_cell)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_negation_in_a_leading_condition_does_not_govern_the_order() {
        let p = "If the build does not pass, run ";
        let at = p.find("not pass").unwrap();
        assert!(in_subordinate(p, at..at + 8));
        let p = "Do not run ";
        assert!(!in_subordinate(p, 0..6));
        // The match inside the condition itself: no comma closes it before the match.
        let p = "If you do not run ";
        assert!(!in_subordinate(p, 7..13));
    }

    #[test]
    fn a_judgement_after_a_reason_or_a_semicolon_is_not_about_the_match() {
        assert_eq!(
            judged_rest(" before each task; starting without it is not allowed."),
            " before each task"
        );
        assert_eq!(
            judged_rest(" when done, since leaving stale branches is forbidden."),
            " when done"
        );
        assert_eq!(judged_rest(" even if it looks suspicious."), "");
        assert_eq!(judged_rest(" is forbidden here."), " is forbidden here.");
    }

    #[test]
    fn mandating_negations_and_negated_cues() {
        for l in [
            "Never skip these steps:",
            "You must never forget to:",
            "Session rules (never optional):",
            "Don't overthink it, just do all of these:",
        ] {
            assert!(mandating_negation(l), "{l}");
        }
        assert!(!mandating_negation("Never run these:"));
        assert!(negated_before("the security team says it is not "));
        assert!(negated_before("nothing here is "));
        assert!(negated_before("No "));
        assert!(!negated_before("These are "));
    }

    #[test]
    fn a_cell_is_judged_by_its_own_column() {
        let header = "| Safe | Unsafe |";
        assert_eq!(column_header(header, "| `git push"), Some("Safe"));
        assert_eq!(column_header(header, "| `a` | `git push"), Some("Unsafe"));
        assert!(good_label("Safe") && good_label("✅ Do") && !good_label("Unsafe"));
    }

    #[test]
    fn a_danger_word_an_order_acts_on_is_its_object() {
        let c = "Before each task, install the prompt injection guard with ";
        let m = c.find("injection").unwrap();
        assert!(object_of_order(c, m..m + 9));
        let c = "For the detection lab run ";
        let m = c.find("detection").unwrap();
        assert!(object_of_order(c, m..m + 9));
        // A refusal or a detection the sentence orders frames the match.
        let c = "Use this skill to detect commands like ";
        let m = c.find("detect").unwrap();
        assert!(!object_of_order(c, m..m + 6));
        let c = "Refuse to run ";
        assert!(!object_of_order(c, 0..6));
        let c = "Block text that says run ";
        assert!(!object_of_order(c, 0..5));
    }
}

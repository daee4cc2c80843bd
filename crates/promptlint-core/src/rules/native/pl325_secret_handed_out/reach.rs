//! What PL325 reads around a sentence: a tool's arguments as places, the destination a verb
//! such as "export" needs, and the variables a text gives a secret.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use crate::source::floor_char_boundary;

/// A place only a strong secret makes a leak in a tool's own text (its description, its
/// parameters'): an argument of the call, which goes to the tool's server ("place it verbatim
/// in the `trace_ctx` argument"). Invariant Labs' tool poisoning
/// (<https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks>).
pub(super) static TOOL_ARGUMENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?-u:\b)(?:arguments?|parameters?|params?|fields?|inputs?)(?-u:\b)")
        .expect("PL325 tool argument regex")
});

/// A variable given a strong secret's path or value in the same text (`export
/// TW_LOG_PATH=~/.config/gcloud/application_default_credentials.json`, `KEY_FILE="$HOME/.ssh/id_rsa"`):
/// its name, read again where the text uses it (`$TW_LOG_PATH`).
static ASSIGNED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:^|[\s`;(])(?:export\s+|set\s+|setenv\s+)?(?P<name>[A-Za-z_][A-Za-z0-9_]{0,63})=[\x22']?(?P<value>[^\s`\x22';]{1,300})")
        .expect("PL325 assignment regex")
});

/// A verb that hands over only toward a destination: "export X **to** URL", "place it **in**
/// the argument" (not "export X and open URL", "place the file under version control").
pub(super) fn needs_destination(verb: &str) -> bool {
    let v = verb.to_ascii_lowercase();
    v.starts_with("export") || v.starts_with("plac")
}

/// A preposition of destination ending the text before a place, with the place's
/// determiner and, for an argument, its name: "to ", "in the `trace_ctx` ", "as ".
static DESTINATION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?-u:\b)(?:to|into|in|onto|inside|as|under)\s+(?:the\s+|this\s+|a\s+|an\s+)?(?:[`'\x22]?[A-Za-z0-9_.-]+[`'\x22]?\s+)?[`'\x22]?$")
        .expect("PL325 destination regex")
});

/// True when the place at `p` of `unit` is introduced by a preposition of destination
/// ([`DESTINATION`], read on the 40 bytes before it).
pub(super) fn destination(unit: &str, p: &Range<usize>) -> bool {
    let lo = floor_char_boundary(unit, p.start.saturating_sub(40));
    let before = &unit[lo..p.start];
    // "next to README.md", "close to the limit": a position, not a destination
    DESTINATION.find(before).is_some_and(|m| {
        let head = before[..m.start()].trim_end().to_ascii_lowercase();
        !["next", "close", "due", "up", "according"]
            .iter()
            .any(|w| head.ends_with(w))
    })
}

/// What [`handed`] reads besides the sentence: whether the text is a tool's own (its
/// arguments are places), and the variables the text gave a strong secret.
#[derive(Default)]
pub(super) struct Reach<'a> {
    pub(super) tool_text: bool,
    pub(super) aliases: &'a [String],
}

/// The variables of `text` assigned a value `strong` matches ([`ASSIGNED`]), at most `cap`.
pub(super) fn aliases(text: &str, strong: &Regex, cap: usize) -> Vec<String> {
    if !text.contains('=') {
        return Vec::new();
    }
    ASSIGNED
        .captures_iter(text)
        .filter(|c| c.name("value").is_some_and(|v| strong.is_match(v.as_str())))
        .filter_map(|c| c.name("name").map(|n| n.as_str().to_owned()))
        .take(cap)
        .collect()
}

/// Where `unit` reads one of `aliases` (`$NAME`, `${NAME}`), at most `cap` of them.
pub(super) fn alias_uses(unit: &str, aliases: &[String], cap: usize) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    for name in aliases {
        for form in [format!("${name}"), format!("${{{name}}}")] {
            for (i, _) in unit.match_indices(form.as_str()) {
                let end = i + form.len();
                let cont = unit[end..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
                if !cont && out.len() < cap {
                    out.push(i..end);
                }
            }
        }
    }
    out
}

/// Words that open a clause of condition or time ("when you finish any task", "so once the
/// build passes").
const CONDITION: &[&str] = &[
    "when", "whenever", "once", "after", "before", "if", "each", "every",
];

/// Adverbs that, right before a verb, mark it as the order a condition clause leads to
/// ("when you finish any task also append ...", "after each run then post ...").
const ORDER_ADVERB: &[&str] = &[
    "also",
    "then",
    "always",
    "immediately",
    "quietly",
    "silently",
    "secretly",
    "additionally",
    "automatically",
    "please",
];

/// True when `words` (the lower-cased clause before `verb`) is a condition or time clause
/// without a comma, whose last word is an adverb of [`ORDER_ADVERB`]: the verb is the order
/// ("so when you finish any task also append"). A verb in its `-s` or `-ing` form is a
/// description ("if the reply also contains"), never this order.
pub(super) fn ordered_after_condition(words: &[String], verb: &str) -> bool {
    let v = verb.to_ascii_lowercase();
    if v.ends_with('s') || v.ends_with("ing") {
        return false;
    }
    let mut it = words
        .iter()
        .map(String::as_str)
        .skip_while(|w| matches!(*w, "so" | "and" | "but"));
    let opens = it.next().is_some_and(|w| CONDITION.contains(&w));
    opens
        && words.len() > 2
        && words
            .last()
            .is_some_and(|w| ORDER_ADVERB.contains(&w.as_str()))
}

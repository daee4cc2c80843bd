//! Detectors of values that change between requests: the clock, per-request ids, process ids
//! and temp paths, and template placeholders named for them.
//!
//! Input: a text (one segment) and, for placeholders, the names data of the rule. Output:
//! [`Hit`]s with byte ranges into that text, a class and a [`Lifetime`]. Pure functions; the
//! cache checks decide zones, severities and messages. Regexes are compiled on first use, so
//! a run that never meets a prompt or a request never compiles them; all of them are ASCII
//! (`(?-u:\b)`), so they stay on the fast engines on non-ASCII text.

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::OnceLock;

use regex::Regex;

use crate::source::floor_char_boundary;

/// How often a value changes, which decides what it costs in a cached prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Lifetime {
    /// Changes every call or every minute (the clock, request and trace ids, nonces): the
    /// prefix after it is re-billed on every turn.
    Call,
    /// Fixed for one conversation or process (session ids, PIDs, temp dirs, the working
    /// directory): no two conversations share the prefix after it.
    Session,
    /// Changes once a day (the current date): the prefix is re-billed on the first turn of
    /// each day.
    Day,
}

impl Lifetime {
    /// Words for messages.
    pub fn describe(self) -> &'static str {
        match self {
            Lifetime::Call => "changes on every call",
            Lifetime::Session => "changes with every session",
            Lifetime::Day => "changes once a day",
        }
    }
}

/// What a hit is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// A date-time, a clock time, an epoch timestamp.
    Timestamp,
    /// A UUID, ULID, KSUID or a random request/session/trace id.
    Identifier,
    /// A date labelled as the current date.
    CurrentDate,
    /// A process id or a temp path.
    Process,
}

/// A volatile value found in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    /// Byte range in the text searched.
    pub range: Range<usize>,
    /// What it is.
    pub class: Class,
    /// How often it changes.
    pub lifetime: Lifetime,
    /// A few words naming it ("ISO 8601 date-time", "UUID").
    pub what: &'static str,
}

macro_rules! lazy_regex {
    ($name:ident, $re:expr) => {
        fn $name() -> &'static Regex {
            static R: OnceLock<Regex> = OnceLock::new();
            R.get_or_init(|| Regex::new($re).expect("valid regex"))
        }
    };
}

const MONTH: &str = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const WEEKDAY: &str = "(?:mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:rs|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)";

// ISO 8601 / RFC 3339 date-time, extended or basic format (`2025-06-03T14:22:09Z`,
// `2025-06-03 14:22`, `20250603T142209Z`).
lazy_regex!(
    iso_datetime,
    r"(?-u:\b)(?:\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])[T ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:[.,]\d{1,9})?)?(?:Z|[+-](?:[01]\d):?[0-5]\d)?|\d{4}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3])[0-5]\d(?:[0-5]\d)?Z?)(?-u:\b)?"
);

fn rfc2822() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| {
        // RFC 2822 (`Tue, 3 Jun 2025 14:22:09 +0000`) and date(1)'s default
        // (`Tue Jun  3 14:22:09 UTC 2025`).
        Regex::new(&format!(
            r"(?i)(?-u:\b){WEEKDAY},?\s+(?:\d{{1,2}}\s+{MONTH}\s+\d{{4}}\s+\d{{1,2}}:\d{{2}}(?::\d{{2}})?(?:\s*(?:[+-]\d{{4}}|gmt|utc?|z|[ecmp][sd]t))?|{MONTH}\s+\d{{1,2}}\s+\d{{1,2}}:\d{{2}}:\d{{2}}(?:\s+[a-z]{{2,5}})?\s+\d{{4}})"
        ))
        .expect("valid regex")
    })
}

fn prose_datetime() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| {
        // A prose date with a time: `Tuesday, June 3, 2025 at 2:22 PM`, `3 June 2025, 14:22`,
        // `Tuesday 14:22`.
        Regex::new(&format!(
            r"(?i)(?-u:\b)(?:(?:{WEEKDAY},?\s+(?:the\s+)?)?(?:{MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+(?:\d{{4}},?\s+)?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH}\.?,?\s+(?:\d{{4}},?\s+)?)|{WEEKDAY},?\s+)(?:at\s+)?(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:\s*[ap]\.?m\.?)?"
        ))
        .expect("valid regex")
    })
}

// A clock time after a label saying it is the current time.
lazy_regex!(
    labelled_clock,
    r"(?i)(?:(?-u:\b)(?:current|local|server|system)\s+(?:date\s+and\s+)?time|(?-u:\b)time\s*(?:now|is)?\s*[:=]|(?-u:\b)now\s*(?:is|[:=])|(?-u:\b)it\s+is\s+(?:now\s+)?|(?-u:\b)clock\s*[:=]|(?-u:\b)as\s+of|(?-u:\b)timestamp\s*[:=])[^\n\d]{0,24}(?-u:\b)((?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:\s*[ap]\.?m\.?)?)"
);

// A clock time with seconds and a time zone, without a label.
lazy_regex!(
    zoned_clock,
    r"(?-u:\b)(?:[01]?\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?\s*(?:Z|UTC|GMT|[+-][01]\d:?[0-5]\d|[ECMP][SD]T)(?-u:\b)"
);

// Unix epoch seconds or milliseconds after a label.
lazy_regex!(
    epoch,
    r"(?i)(?-u:\b)(?:epoch|timestamp|unix(?:\s*time)?|time|ts|now|current\s+time)(?-u:\b)[^\n\w]{0,6}(?:ms|s|seconds|millis)?[^\n\w]{0,4}(\d{10}|\d{13})(?-u:\b)"
);

// A date after a label saying it is today's date (day resolution).
fn current_date() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| {
        Regex::new(&format!(
            r"(?i)(?-u:\b)(?:today\s+is|today\s*:|today'?s\s+date(?:\s+is)?|current\s+date(?:\s+is)?|the\s+date\s+(?:today\s+)?is|date\s+today(?:\s+is)?|it\s+is\s+(?:now\s+)?)\s*[:=]?\s*(?:the\s+)?((?:{WEEKDAY},?\s+)?(?:\d{{4}}-\d{{2}}-\d{{2}}|\d{{1,2}}/\d{{1,2}}/\d{{2,4}}|\d{{1,2}}\.\d{{1,2}}\.\d{{4}}|{MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH}(?:,?\s+\d{{4}})?)|{WEEKDAY})(?-u:\b)"
        ))
        .expect("valid regex")
    })
}

lazy_regex!(
    uuid,
    r"(?i)(?-u:\b)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?-u:\b)"
);
lazy_regex!(ulid, r"(?-u:\b)[0-7][0-9A-HJKMNP-TV-Z]{25}(?-u:\b)");
lazy_regex!(ksuid, r"(?-u:\b)[0-9A-Za-z]{27}(?-u:\b)");
// An id with a request/session/trace prefix (`req_01J2...`, `chatcmpl-9x...`), or after such
// a label (`session id: 5f2b...`).
lazy_regex!(
    prefixed_id,
    r"(?i)(?-u:\b)(?:(req|request|sess|session|trace|span|conv|thread|run|msg|chatcmpl|resp|corr|nonce)[_-]([a-z0-9]{12,})|(request|session|trace|span|conversation|thread|run|correlation|message|nonce)[ _-]?(?:id|key)?\s*[:=#]\s*[\x22']?([a-z0-9][a-z0-9_-]{11,}))(?-u:\b)"
);
lazy_regex!(
    pid,
    r"(?i)(?-u:\b)(?:pid|ppid|process[ _]id)(?-u:\b)\s*[:=#]?\s*(\d{2,7})(?-u:\b)"
);
lazy_regex!(
    temp_path,
    r"(?:/private)?/var/folders/[A-Za-z0-9_+-]{2}/[A-Za-z0-9_+-]{6,}/[TC]/[^\s\x22'`)]*|/tmp/(?:tmp[._-]?[A-Za-z0-9_]{6,}|pytest-of-[^/\s]+/pytest-\d+|[a-z]+[._-][A-Za-z0-9]{6,})[^\s\x22'`)]*|(?i:[a-z]:\\Users\\[^\\\s]+\\AppData\\Local\\Temp\\[^\s\x22'`]+)"
);

/// Timestamps in `text`: date-times, RFC 2822 dates, prose dates with a time, clock times
/// labelled as the current time or written with seconds and a zone, labelled epoch values.
pub fn timestamps(text: &str) -> Vec<Hit> {
    let mut out = Vec::new();
    let mut push = |r: Range<usize>, what: &'static str| {
        out.push(Hit {
            range: r,
            class: Class::Timestamp,
            lifetime: Lifetime::Call,
            what,
        });
    };
    if text.bytes().any(|b| b == b':') {
        for m in iso_datetime().find_iter(text) {
            push(m.range(), "ISO 8601 date-time");
        }
        for m in rfc2822().find_iter(text) {
            push(m.range(), "RFC 2822 date-time");
        }
        for m in prose_datetime().find_iter(text) {
            push(m.range(), "date with a time of day");
        }
        for c in labelled_clock().captures_iter(text) {
            let whole = c.get(0).expect("match");
            let time = c.get(1).expect("group");
            if plausible_clock(time.as_str()) {
                push(whole.start()..time.end(), "clock time");
            }
        }
        for m in zoned_clock().find_iter(text) {
            push(m.range(), "clock time");
        }
    }
    for c in epoch().captures_iter(text) {
        let n = c.get(1).expect("group");
        if plausible_epoch(n.as_str()) {
            push(n.range(), "Unix timestamp");
        }
    }
    merge(out)
}

/// Dates labelled as today's date (day resolution), unless a time of day follows.
pub fn current_dates(text: &str) -> Vec<Hit> {
    let mut out = Vec::new();
    for c in current_date().captures_iter(text) {
        let whole = c.get(0).expect("match");
        let after = &text[whole.end()..];
        let after = after.trim_start_matches([',', ' ', '\t']);
        let after = after.strip_prefix("at ").unwrap_or(after);
        if after.bytes().take_while(u8::is_ascii_digit).count() > 0
            && after.bytes().find(|b| !b.is_ascii_digit()) == Some(b':')
        {
            continue; // a date-time: a timestamp, reported as such
        }
        out.push(Hit {
            range: whole.range(),
            class: Class::CurrentDate,
            lifetime: Lifetime::Day,
            what: "current date",
        });
    }
    out
}

/// Identifiers: UUIDs (any version), ULIDs, KSUIDs, and random-looking ids with a
/// request/session/trace prefix or label. A label before it on the line (`session`, `request`,
/// `trace`) sets its lifetime; an unlabelled one is taken as per call.
pub fn identifiers(text: &str) -> Vec<Hit> {
    let mut out = Vec::new();
    let lifetime_at = |at: usize| {
        // At most 40 bytes back, and never a walk to the line start: a line of n ids is O(n).
        let before = &text[floor_char_boundary(text, at.saturating_sub(40))..at];
        label_lifetime(before.rfind('\n').map_or(before, |i| &before[i + 1..]))
    };
    for m in uuid().find_iter(text) {
        let hex: String = m.as_str().chars().filter(|c| *c != '-').collect();
        let distinct = {
            let mut v: Vec<char> = hex.to_ascii_lowercase().chars().collect();
            v.sort_unstable();
            v.dedup();
            v.len()
        };
        if distinct <= 2 {
            continue; // nil, max, or a placeholder like 1111...
        }
        out.push(Hit {
            range: m.range(),
            class: Class::Identifier,
            lifetime: lifetime_at(m.start()),
            what: "UUID",
        });
    }
    for m in ulid().find_iter(text) {
        if mixed(m.as_str(), 3) && plausible_ulid(m.as_str()) {
            out.push(Hit {
                range: m.range(),
                class: Class::Identifier,
                lifetime: lifetime_at(m.start()),
                what: "ULID",
            });
        }
    }
    for m in ksuid().find_iter(text) {
        let s = m.as_str();
        if s.bytes().any(|b| b.is_ascii_lowercase())
            && s.bytes().any(|b| b.is_ascii_uppercase())
            && s.bytes().any(|b| b.is_ascii_digit())
            && plausible_ksuid(s)
        {
            out.push(Hit {
                range: m.range(),
                class: Class::Identifier,
                lifetime: lifetime_at(m.start()),
                what: "KSUID",
            });
        }
    }
    let specific: Vec<Range<usize>> = out.iter().map(|h: &Hit| h.range.clone()).collect();
    for c in prefixed_id().captures_iter(text) {
        let (label, id) = match (c.get(1), c.get(2), c.get(3), c.get(4)) {
            (Some(l), Some(id), _, _) | (_, _, Some(l), Some(id)) => (l.as_str(), id),
            _ => continue,
        };
        if !random_looking(id.as_str())
            || specific
                .iter()
                .any(|r| r.start < id.end() && id.start() < r.end)
        {
            continue;
        }
        let whole = c.get(0).expect("match");
        out.push(Hit {
            range: whole.range(),
            class: Class::Identifier,
            lifetime: label_lifetime(label),
            what: "random id",
        });
    }
    merge(out)
}

/// Process-specific values: PIDs and temp paths (fixed for one process).
pub fn process_values(text: &str) -> Vec<Hit> {
    let mut out = Vec::new();
    let lower_has = |needle: &str| {
        text.as_bytes()
            .windows(needle.len())
            .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
    };
    if lower_has("pid") || lower_has("process") {
        for c in pid().captures_iter(text) {
            out.push(Hit {
                range: c.get(0).expect("match").range(),
                class: Class::Process,
                lifetime: Lifetime::Session,
                what: "process id",
            });
        }
    }
    if text.contains("/tmp/") || text.contains("/var/folders/") || lower_has("\\temp\\") {
        for m in temp_path().find_iter(text) {
            let s = m.as_str();
            let tail = s.rsplit(['/', '\\']).find(|p| !p.is_empty()).unwrap_or(s);
            // `/tmp/tmp.XXXXXXXXXX` as documented, not generated.
            if s.contains("XXXXXX") || !(s.bytes().any(|b| b.is_ascii_digit()) || mixed(tail, 1)) {
                continue;
            }
            out.push(Hit {
                range: m.range(),
                class: Class::Process,
                lifetime: Lifetime::Session,
                what: "temp path",
            });
        }
    }
    merge(out)
}

/// The lifetime a label before a value gives it.
fn label_lifetime(label: &str) -> Lifetime {
    let l = label.to_ascii_lowercase();
    if [
        "request",
        "req",
        "trace",
        "span",
        "msg",
        "message",
        "nonce",
        "chatcmpl",
        "resp",
        "corr",
        "correlation",
        "call",
    ]
    .iter()
    .any(|w| l.contains(w))
    {
        Lifetime::Call
    } else if [
        "session",
        "sess",
        "conversation",
        "conv",
        "thread",
        "run",
        "chat",
    ]
    .iter()
    .any(|w| l.contains(w))
    {
        Lifetime::Session
    } else {
        Lifetime::Call
    }
}

/// Drops hits contained in an earlier, longer hit of the same class.
fn merge(mut hits: Vec<Hit>) -> Vec<Hit> {
    hits.sort_by_key(|h| (h.range.start, std::cmp::Reverse(h.range.end)));
    let mut out: Vec<Hit> = Vec::with_capacity(hits.len());
    for h in hits {
        if out
            .last()
            .is_some_and(|l| l.range.start <= h.range.start && h.range.start < l.range.end)
        {
            continue;
        }
        out.push(h);
    }
    out
}

fn plausible_clock(t: &str) -> bool {
    let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
    let h: u32 = digits.parse().unwrap_or(99);
    let pm = t.to_ascii_lowercase().contains('m');
    if pm { (1..=12).contains(&h) } else { h <= 23 }
}

/// Seconds from 2001-09-09 (1e9) to 2036-07-18 (2.1e9), or milliseconds in the same span.
fn plausible_epoch(n: &str) -> bool {
    let v: u64 = n.parse().unwrap_or(0);
    match n.len() {
        10 => (1_000_000_000..=2_100_000_000).contains(&v),
        13 => (1_000_000_000_000..=2_100_000_000_000).contains(&v),
        _ => false,
    }
}

/// At least `n` digits and `n` letters.
fn mixed(s: &str, n: usize) -> bool {
    s.bytes().filter(u8::is_ascii_digit).count() >= n
        && s.bytes().filter(u8::is_ascii_alphabetic).count() >= n
}

/// A ULID's first 10 characters are its creation time in milliseconds (Crockford base32,
/// <https://github.com/ulid/spec>); plausible from 2016 to 2100.
fn plausible_ulid(s: &str) -> bool {
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let mut ms: u64 = 0;
    for b in s.bytes().take(10) {
        let Some(d) = ALPHABET.iter().position(|&a| a == b) else {
            return false;
        };
        ms = ms * 32 + d as u64;
    }
    (1_451_606_400_000..4_102_444_800_000).contains(&ms)
}

/// A KSUID is 20 bytes in base62: a 4-byte timestamp (seconds since 1,400,000,000) and 16
/// random bytes (<https://github.com/segmentio/ksuid>); plausible from 2016 to 2100.
fn plausible_ksuid(s: &str) -> bool {
    let mut limbs = [0u32; 6]; // little-endian 32-bit limbs
    for b in s.bytes() {
        let d = match b {
            b'0'..=b'9' => b - b'0',
            b'A'..=b'Z' => b - b'A' + 10,
            b'a'..=b'z' => b - b'a' + 36,
            _ => return false,
        };
        let mut carry = u64::from(d);
        for l in &mut limbs {
            let v = u64::from(*l) * 62 + carry;
            *l = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            return false;
        }
    }
    if limbs[5] != 0 {
        return false; // more than 160 bits
    }
    let secs = u64::from(limbs[4]) + 1_400_000_000;
    (1_451_606_400..4_102_444_800).contains(&secs)
}

/// Long enough, mixed letters and digits, and Shannon entropy of at least 3 bits per
/// character: random, not a word or a counter.
pub fn random_looking(id: &str) -> bool {
    let core: Vec<u8> = id.bytes().filter(u8::is_ascii_alphanumeric).collect();
    if core.len() < 12 || !mixed(id, 2) {
        return false;
    }
    let mut counts = [0u32; 256];
    for &b in &core {
        counts[b.to_ascii_lowercase() as usize] += 1;
    }
    let n = core.len() as f64;
    let h: f64 = counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = f64::from(c) / n;
            -p * p.log2()
        })
        .sum();
    h >= 3.0
}

/// The lists of placeholder names, from the rule's `params` (see PL405's rule file).
#[derive(Debug, Clone, Default)]
pub struct NameLists {
    /// Names of values that change every call (`now`, `uuid`, `request_id`).
    pub call: Vec<Vec<String>>,
    /// Names of values fixed for a session (`session_id`, `cwd`, `pid`).
    pub session: Vec<Vec<String>>,
    /// Names of the current date (`date`, `today`).
    pub day: Vec<Vec<String>>,
    /// A name whose first word is one of these is random whatever follows (`rand_int`).
    pub random_leads: Vec<String>,
    /// Words that make a name a fixed fact (`prev_date`, `release_date`, `max_time`).
    pub qualifiers: Vec<String>,
    /// Chains under these roots are configuration, fixed per deployment (`secrets.X_UUID`).
    pub config_roots: Vec<String>,
}

impl NameLists {
    /// Reads the lists from rule params (`call`, `session`, `day`, `random_leads`,
    /// `qualifiers`, `config_roots`).
    pub fn from_params(p: &BTreeMap<String, Vec<String>>) -> NameLists {
        let words = |k: &str| -> Vec<Vec<String>> {
            p.get(k)
                .map(|v| v.iter().map(|n| name_words(n)).collect())
                .unwrap_or_default()
        };
        let flat = |k: &str| -> Vec<String> {
            p.get(k)
                .map(|v| v.iter().map(|s| s.to_ascii_lowercase()).collect())
                .unwrap_or_default()
        };
        NameLists {
            call: words("call"),
            session: words("session"),
            day: words("day"),
            random_leads: flat("random_leads"),
            qualifiers: flat("qualifiers"),
            config_roots: flat("config_roots"),
        }
    }

    /// The lifetime of a placeholder name chain, when its name says it changes.
    ///
    /// The candidates are the chain's last element and its last two elements joined
    /// (`request.id` -> `request_id`); a candidate matches a list entry when the entry's words
    /// end its words (`current_time` ends with `time`).
    pub fn lifetime(&self, chain: &[String]) -> Option<Lifetime> {
        let first = chain.first()?;
        if self
            .config_roots
            .contains(&name_words(first).first().cloned().unwrap_or_default())
            && chain.len() > 1
        {
            return None;
        }
        let last = name_words(chain.last()?);
        let mut candidates = vec![last];
        if chain.len() >= 2 {
            let mut two = name_words(&chain[chain.len() - 2]);
            two.extend(name_words(&chain[chain.len() - 1]));
            candidates.push(two);
        }
        let mut best: Option<Lifetime> = None;
        for words in candidates {
            if words.iter().any(|w| self.qualifiers.contains(w)) {
                continue;
            }
            let ends =
                |list: &[Vec<String>]| list.iter().any(|e| !e.is_empty() && words.ends_with(e));
            let found = if ends(&self.call)
                || words.first().is_some_and(|w| self.random_leads.contains(w))
            {
                Some(Lifetime::Call)
            } else if ends(&self.session) {
                Some(Lifetime::Session)
            } else if ends(&self.day) {
                Some(Lifetime::Day)
            } else {
                None
            };
            best = match (best, found) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        best
    }
}

/// The lower-case words of a name: split at `_`, `-`, spaces, digits-to-letters and
/// camelCase humps (`WorkingDir` -> `working dir`, `sessionID` -> `session id`).
pub fn name_words(name: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = name.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_ascii_alphanumeric() {
            if !cur.is_empty() {
                words.push(std::mem::take(&mut cur));
            }
            continue;
        }
        let prev = i.checked_sub(1).map(|j| chars[j]);
        let next = chars.get(i + 1).copied();
        let hump = c.is_ascii_uppercase()
            && (prev.is_some_and(|p| p.is_ascii_lowercase())
                || (prev.is_some_and(|p| p.is_ascii_uppercase())
                    && next.is_some_and(|n| n.is_ascii_lowercase())));
        if hump && !cur.is_empty() {
            words.push(std::mem::take(&mut cur));
        }
        cur.push(c.to_ascii_lowercase());
    }
    if !cur.is_empty() {
        words.push(cur);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(hits: &[Hit], text: &str) -> Vec<String> {
        hits.iter()
            .map(|h| text[h.range.clone()].to_owned())
            .collect()
    }

    #[test]
    fn timestamps_of_each_form() {
        let t = "a 2025-06-03T14:22:09Z b\nTue, 3 Jun 2025 14:22:09 +0000\nTue Jun  3 14:22:09 UTC 2025\nTuesday, June 3, 2025 at 2:22 PM\nCurrent time: 14:22\nts=1717424529\nborn 2025-06-03\nruns at 02:00 daily\nversion 16:9\n";
        let h = timestamps(t);
        assert_eq!(
            found(&h, t),
            vec![
                "2025-06-03T14:22:09Z",
                "Tue, 3 Jun 2025 14:22:09 +0000",
                "Tue Jun  3 14:22:09 UTC 2025",
                "Tuesday, June 3, 2025 at 2:22 PM",
                "Current time: 14:22",
                "1717424529",
            ]
        );
        assert!(h.iter().all(|x| x.lifetime == Lifetime::Call));
    }

    #[test]
    fn current_date_labels_but_not_bare_dates() {
        let t = "Knowledge cutoff: 2024-06-01\nToday is 2025-06-03.\nCurrent date: June 3, 2025\nToday is Tuesday\nToday is 2025-06-03 14:22\nToday: 2025-06-03\ntoday 2025-06-03\n";
        assert_eq!(
            found(&current_dates(t), t),
            vec![
                "Today is 2025-06-03",
                "Current date: June 3, 2025",
                "Today is Tuesday",
                "Today: 2025-06-03"
            ]
        );
    }

    #[test]
    fn identifiers_and_their_lifetimes() {
        let t = "Session: 7c1d9e2a-5b3f-4a8e-9d61-2f0b8c4e7a19\nid 00000000-0000-0000-0000-000000000000\n01J2Z3K4M5N6P7Q8R9S0T1V2W3 2y09Gela4m1A77iKLFUSLb5CmRr\nrequest_id: a8f3k2m9x7q1w5e4\nreq_9fK2mQ7xL3pW8rT1\ninternationalizationService\n";
        let h = identifiers(t);
        assert_eq!(
            found(&h, t),
            vec![
                "7c1d9e2a-5b3f-4a8e-9d61-2f0b8c4e7a19",
                "01J2Z3K4M5N6P7Q8R9S0T1V2W3",
                "2y09Gela4m1A77iKLFUSLb5CmRr",
                "request_id: a8f3k2m9x7q1w5e4",
                "req_9fK2mQ7xL3pW8rT1",
            ]
        );
        assert_eq!(h[0].lifetime, Lifetime::Session);
        assert_eq!(h[3].lifetime, Lifetime::Call);
    }

    #[test]
    fn process_values_found() {
        let t = "pid 4242, PID: 77 /tmp/tmp.k3J9aQ2mZx and /var/folders/x7/abc123def456/T/xyz /tmp/tmp.XXXXXXXXXX /tmp/build";
        assert_eq!(
            found(&process_values(t), t),
            vec![
                "pid 4242",
                "PID: 77",
                "/tmp/tmp.k3J9aQ2mZx",
                "/var/folders/x7/abc123def456/T/xyz"
            ]
        );
    }

    #[test]
    fn name_words_and_lifetimes() {
        assert_eq!(name_words("WorkingDir"), vec!["working", "dir"]);
        assert_eq!(name_words("sessionID"), vec!["session", "id"]);
        assert_eq!(name_words("current_time"), vec!["current", "time"]);
        let mut p = BTreeMap::new();
        p.insert(
            "call".to_owned(),
            vec!["now".to_owned(), "time".to_owned(), "request_id".to_owned()],
        );
        p.insert(
            "session".to_owned(),
            vec!["session_id".to_owned(), "working_dir".to_owned()],
        );
        p.insert("day".to_owned(), vec!["date".to_owned()]);
        p.insert("random_leads".to_owned(), vec!["rand".to_owned()]);
        p.insert(
            "qualifiers".to_owned(),
            vec!["prev".to_owned(), "max".to_owned()],
        );
        p.insert("config_roots".to_owned(), vec!["secrets".to_owned()]);
        let n = NameLists::from_params(&p);
        let c = |s: &[&str]| n.lifetime(&s.iter().map(|x| (*x).to_owned()).collect::<Vec<_>>());
        assert_eq!(c(&["now"]), Some(Lifetime::Call));
        assert_eq!(c(&["ctx", "currentTime"]), Some(Lifetime::Call));
        assert_eq!(c(&["request", "id"]), Some(Lifetime::Call));
        assert_eq!(c(&["WorkingDir"]), Some(Lifetime::Session));
        assert_eq!(c(&["Date"]), Some(Lifetime::Day));
        assert_eq!(c(&["randInt"]), Some(Lifetime::Call));
        assert_eq!(c(&["prev_date"]), None);
        assert_eq!(c(&["max_time"]), None);
        assert_eq!(c(&["secrets", "X_UUID"]), None);
        assert_eq!(c(&["user", "name"]), None);
        assert_eq!(c(&["timeout"]), None);
    }
}

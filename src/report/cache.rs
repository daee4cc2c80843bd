//! Renderers of `promptlint cache`: a table per conversation with its bill and a one-line
//! verdict, or JSON (schema version 2). Pure functions of a [`Conversation`]; the JSON
//! document is written one conversation at a time so a large log never holds its whole report.
//!
//! JSON shape (version 2; keys in this order):
//! `{"version":2,"conversations":[{"id":"...","explicit":true,"path":"...","summary":{...},
//! "turns":[{...}]}]}` where
//! - `summary`: `input_tokens` (every input token, as reported where the log has usage,
//!   predicted elsewhere), `cache_read_tokens` (likewise), `predicted_cache_read_tokens`,
//!   `rebilled_tokens` (the cost of the breaks), `reported_turns`, `disagreements`;
//! - a turn: `turn`, `path` (the log it was read from: a conversation may span the logs
//!   given), `line` (entry number in a cassette, HAR file or export), `provider`
//!   (`anthropic`, `openai`, `bedrock`, `gemini`), `model` (or null), `prefix_sha256`
//!   (64 hex), `prefix_bytes`, `stable`, `broken_at` (canonical prefix byte or null), `at`
//!   (the element path and string offset of the break, `system[0].text +7383`, or null), `reason`
//!   (`timestamp`, `id`, `tools-changed`, `whitespace`, `model-changed`, `params-changed`,
//!   `tool-result-truncated`, `history-rewritten`, `content-changed`, or null), `detail`,
//!   `billed` (false when nothing cached was lost: the earlier prefix was below the provider's
//!   minimum), `est_tokens_rebilled`, `predicted_cache_read`, `predicted_cache_write` (null
//!   where the provider reports no writes), `expired` (an earlier entry matched but outlived
//!   the provider's TTL by the log's clock), `minimum_tokens`, `reported`
//!   (`{"input_tokens","cache_read","cache_write","output_tokens"}` or null), `hit_ratio` (reported cache
//!   reads over input tokens, or null), `agrees` (prediction within 128 tokens or 10% of the
//!   report where the provider's behaviour is documented; null when not reported or when the
//!   provider's best effort or undocumented behaviour explains the gap), `outcome`
//!   (`agrees`, `provider-read-less`: a best-effort cache read less than it could,
//!   `outside-model`: within the range below, `promptlint-wrong`, or null), `changes`
//!   (`[{"part":"system"|"tools","path","was","now"}]`); after `minimum_tokens`,
//!   `predicted_cache_read_max` (the most the provider may read where the log cannot settle
//!   it, so the verdict is `0..=max`; null when nothing documented bounds it),
//!   `confidence` (`deterministic`, `outside-log`: the first request of its model in the log
//!   may read an entry written before it, `server-tools`: usage summed over the provider's
//!   internal passes, `compatible-provider`, `implicit-best-effort`: Gemini implicit
//!   caching), `provider_may` (that in words, empty when deterministic), `best_effort` (the
//!   provider documents its cache as best effort, so reading less is its behaviour).
//!
//! After the conversations, `"summary"`: the run's [`Totals`] (`logs`, `conversations`,
//! `broken_conversations`, `requests`, `reported_requests`, `breaks`, `uncached_breaks`,
//! `breaks_by_reason` (reason to count, every reason present), `input_tokens`,
//! `cache_read_tokens`, `cache_write_tokens`, `rebilled_tokens`), counted over every
//! conversation, also those `--only-broken` or `--quiet` leave out of the list.
//!
//! Tokens are the provider's where the log reports usage (canonical bytes scaled by the
//! reported input tokens per byte), else 4 bytes a token.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::cache::{Conversation, Outcome, Turn, hex};

/// The JSON schema version of `promptlint cache --format json`.
pub const JSON_VERSION: u32 = 2;

/// The table and verdict of one conversation, for people.
pub fn human(c: &Conversation) -> String {
    let mut out = String::new();
    let first = c.turns.first().map_or(0, |t| t.line);
    let last = c.turns.last().map_or(0, |t| t.line);
    let source = if c.explicit {
        "id from the requests"
    } else {
        "grouped by its first messages"
    };
    let provider = c.turns.first().map_or("", |t| t.provider);
    let first_log = c.turns.first().map_or(&*c.path, |t| &*t.path);
    let last_log = c.turns.last().map_or(&*c.path, |t| &*t.path);
    let span = if first_log == last_log {
        format!(
            "{}, lines {first}-{last}",
            crate::escape::escape_path(first_log)
        )
    } else {
        format!(
            "{} line {first} to {} line {last}",
            crate::escape::escape_path(first_log),
            crate::escape::escape_path(last_log)
        )
    };
    let _ = writeln!(
        out,
        "conversation {} ({span}, {source}, {provider})",
        crate::escape::excerpt(&c.id, 80),
    );
    let reported = c.turns.iter().any(|t| t.reported.is_some());
    let _ = write!(
        out,
        "  {:>4}  {:<13} {:>12}  {:<8} {:>12}  {:<22} {:>9}  {:>11}",
        "turn",
        "prefix sha256",
        "prefix bytes",
        "status",
        "broken at",
        "reason",
        "re-billed",
        "cached pred"
    );
    if reported {
        let _ = write!(out, "  {:>11}  {:>5}", "cached rep", "hit");
    }
    out.push('\n');
    for t in &c.turns {
        let (status, at, reason, rebilled) = match &t.broken {
            None => ("stable", "-".to_owned(), "-".to_owned(), 0),
            Some(b) => (
                if b.billed { "broken" } else { "uncached" },
                format!("byte {}", b.at),
                b.reason.as_str().to_owned(),
                b.est_tokens_rebilled,
            ),
        };
        let _ = write!(
            out,
            "  {:>4}  {:<13} {:>12}  {:<8} {:>12}  {:<22} {:>9}  {:>11}",
            t.turn,
            hex(&t.prefix_sha256, 6),
            t.prefix_bytes,
            status,
            at,
            reason,
            rebilled,
            t.predicted.cache_read
        );
        if reported {
            let rep = t
                .reported
                .and_then(|r| r.cache_read)
                .map_or("-".to_owned(), |n| n.to_string());
            let hit = t
                .hit_ratio()
                .map_or("-".to_owned(), |h| format!("{:.0}%", h * 100.0));
            let flag = if t.agrees() == Some(false) { "  !" } else { "" };
            let _ = write!(out, "  {rep:>11}  {hit:>5}{flag}");
        }
        out.push('\n');
        if let Some(b) = &t.broken {
            let _ = writeln!(
                out,
                "        at: {}",
                crate::escape::escape_one_line(&b.path)
            );
            if !b.detail.is_empty() {
                let _ = writeln!(out, "        {}: {}", b.reason.as_str(), b.detail);
            }
            if !b.billed {
                let _ = writeln!(
                    out,
                    "        not billed: the earlier prefix was below the {}-token minimum, so nothing was cached",
                    t.predicted.minimum
                );
            }
            let _ = writeln!(out, "        was: {}", shown(&b.was));
            let _ = writeln!(out, "        now: {}", shown(&b.now));
        }
        if t.predicted.expired {
            let _ = writeln!(
                out,
                "        expired: the matching cache entry outlived the provider's TTL by the log's clock"
            );
        }
        let billed = t.reported.and_then(|r| r.cache_read).unwrap_or(0);
        match t.outcome() {
            Some(Outcome::Disagrees) => {
                let _ = writeln!(
                    out,
                    "        the provider reported {billed} cached tokens where its cache model predicts {}",
                    t.predicted.cache_read
                );
            }
            Some(Outcome::ProviderReadLess) => {
                let _ = writeln!(
                    out,
                    "        provider behaviour: it read {billed} cached tokens, less than the {} it could (its cache is best effort)",
                    t.predicted.cache_read
                );
            }
            Some(Outcome::OutsideModel) => {
                let range = t
                    .predicted
                    .cache_read_max
                    .map_or("0 or more".to_owned(), |m| format!("0 to {m}"));
                let _ = writeln!(
                    out,
                    "        provider behaviour: it read {billed} cached tokens, within {range}: {}",
                    t.predicted.confidence.why()
                );
            }
            _ => {}
        }
    }
    let _ = writeln!(out, "  {}", bill(c));
    let _ = writeln!(out, "  {}", verdict(c));
    out
}

fn shown(s: &str) -> String {
    if s.is_empty() {
        "(earlier prefix no longer kept)".to_owned()
    } else {
        format!("`{s}`")
    }
}

/// One line: tokens read from the cache over every input token, and the cost of the breaks.
pub fn bill(c: &Conversation) -> String {
    let s = c.summary();
    let pct = if s.input_tokens > 0 {
        s.cache_read as f64 * 100.0 / s.input_tokens as f64
    } else {
        0.0
    };
    let basis = if s.reported_turns as usize == c.turns.len() {
        "as reported".to_owned()
    } else if s.reported_turns == 0 {
        "predicted, 4 bytes per token".to_owned()
    } else {
        format!(
            "reported on {} of {} turns",
            s.reported_turns,
            c.turns.len()
        )
    };
    let mut line = format!(
        "cache: {} of {} input tokens read from the cache ({pct:.1}%, {basis}); breaks re-billed ~{} tokens",
        s.cache_read, s.input_tokens, s.rebilled
    );
    if s.disagreements > 0 {
        let _ = write!(
            line,
            "; prediction and report disagree on {} turn{}",
            s.disagreements,
            if s.disagreements == 1 { "" } else { "s" }
        );
    }
    line
}

/// One line: whether the conversation's prefix held, and what breaking it cost.
pub fn verdict(c: &Conversation) -> String {
    let broken: Vec<_> = c.broken().collect();
    if broken.is_empty() {
        return if c.turns.len() == 1 {
            "verdict: stable: one turn, nothing earlier to break".to_owned()
        } else {
            format!(
                "verdict: stable: each of {} turns reuses an earlier prefix",
                c.turns.len()
            )
        };
    }
    let tokens: u64 = broken
        .iter()
        .filter_map(|t| t.broken.as_ref())
        .map(|b| b.est_tokens_rebilled)
        .sum();
    // The first 20 breaks by turn; a long conversation's verdict stays one short line.
    let mut list: Vec<String> = broken
        .iter()
        .take(20)
        .map(|t| {
            format!(
                "{} ({})",
                t.turn,
                t.broken.as_ref().map_or("", |b| b.reason.as_str())
            )
        })
        .collect();
    if broken.len() > 20 {
        list.push(format!("and {} more", broken.len() - 20));
    }
    format!(
        "verdict: broken: {} of {} turns break the prefix (turn{} {}), ~{tokens} tokens re-billed",
        broken.len(),
        c.turns.len(),
        if broken.len() == 1 { "" } else { "s" },
        list.join(", ")
    )
}

fn turn_json(t: &Turn) -> String {
    let b = t.broken.as_ref();
    let reported = t.reported.map(|r| {
        serde_json::json!({
            "input_tokens": r.input_tokens,
            "cache_read": r.cache_read,
            "cache_write": r.cache_write,
            "output_tokens": r.output_tokens,
        })
    });
    let changes: Vec<serde_json::Value> = t
        .changes
        .iter()
        .map(|c| serde_json::json!({"part": c.part, "path": c.path, "was": c.was, "now": c.now}))
        .collect();
    let fields: [(&str, serde_json::Value); 27] = [
        ("turn", t.turn.into()),
        ("path", (*t.path).into()),
        ("line", t.line.into()),
        ("provider", t.provider.into()),
        ("model", t.model.clone().into()),
        ("prefix_sha256", hex(&t.prefix_sha256, 32).into()),
        ("prefix_bytes", t.prefix_bytes.into()),
        ("stable", b.is_none().into()),
        ("broken_at", b.map(|b| b.at).into()),
        ("at", b.map(|b| b.path.clone()).into()),
        ("reason", b.map(|b| b.reason.as_str()).into()),
        ("detail", b.map(|b| b.detail.clone()).into()),
        ("billed", b.map(|b| b.billed).into()),
        (
            "est_tokens_rebilled",
            b.map_or(0, |b| b.est_tokens_rebilled).into(),
        ),
        ("predicted_cache_read", t.predicted.cache_read.into()),
        ("predicted_cache_write", t.predicted.cache_write.into()),
        ("expired", t.predicted.expired.into()),
        ("minimum_tokens", t.predicted.minimum.into()),
        (
            "predicted_cache_read_max",
            t.predicted.cache_read_max.into(),
        ),
        ("confidence", t.predicted.confidence.as_str().into()),
        ("provider_may", t.predicted.confidence.why().into()),
        ("best_effort", t.predicted.best_effort.into()),
        ("reported", reported.into()),
        (
            "hit_ratio",
            t.hit_ratio()
                .map(|h| (h * 10_000.0).round() / 10_000.0)
                .into(),
        ),
        ("agrees", t.agrees().into()),
        (
            "outcome",
            t.outcome().map(crate::cache::Outcome::as_str).into(),
        ),
        ("changes", changes.into()),
    ];
    object(&fields)
}

/// A JSON object with its keys in the given order (serde_json's map sorts them).
fn object(fields: &[(&str, serde_json::Value)]) -> String {
    let mut out = String::from("{");
    for (i, (k, v)) in fields.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "\"{k}\":{v}");
    }
    out.push('}');
    out
}

/// One conversation as a JSON object (no trailing separator).
pub fn json(c: &Conversation) -> String {
    let s = c.summary();
    let summary = object(&[
        ("input_tokens", s.input_tokens.into()),
        ("cache_read_tokens", s.cache_read.into()),
        ("predicted_cache_read_tokens", s.predicted_cache_read.into()),
        ("rebilled_tokens", s.rebilled.into()),
        ("reported_turns", s.reported_turns.into()),
        ("disagreements", s.disagreements.into()),
    ]);
    let turns: Vec<String> = c.turns.iter().map(turn_json).collect();
    // Strings from the log (ids, models, paths, contexts) may hold invisible or line
    // separator code points: JSON gets them as \u escapes.
    super::escape_json_invisible(&format!(
        "{{\"id\":{},\"explicit\":{},\"path\":{},\"summary\":{summary},\"turns\":[{}]}}",
        serde_json::Value::from(c.id.as_str()),
        c.explicit,
        serde_json::Value::from(c.path.as_str()),
        turns.join(",")
    ))
}

/// The run's totals over every conversation of every log: what `promptlint cache` shows
/// first, before (or instead of) the conversations' tables.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Totals {
    /// Logs named on the command line.
    pub logs: usize,
    /// Conversations.
    pub conversations: u64,
    /// Conversations with at least one break.
    pub broken_conversations: u64,
    /// Requests (turns of every conversation).
    pub requests: u64,
    /// Requests whose usage figures came from the log (the others are predicted).
    pub reported_requests: u64,
    /// Breaks by reason ([`crate::cache::Reason::as_str`]), billed or not.
    pub breaks_by_reason: BTreeMap<&'static str, u64>,
    /// Breaks of a prefix below the provider's minimum: nothing was cached, nothing lost.
    pub uncached_breaks: u64,
    /// Input tokens, as reported where the log has usage, predicted elsewhere.
    pub input_tokens: u64,
    /// Tokens read from the cache, likewise.
    pub cache_read: u64,
    /// Tokens written to the cache, reported or predicted, for the providers that bill writes
    /// (Anthropic, Bedrock); others add nothing.
    pub cache_write: u64,
    /// Tokens the breaks re-billed, as the cache model predicts them.
    pub rebilled: u64,
}

impl Totals {
    /// Counts one conversation.
    pub fn add(&mut self, c: &Conversation) {
        let s = c.summary();
        self.conversations += 1;
        self.broken_conversations += u64::from(c.broken().next().is_some());
        self.requests += c.turns.len() as u64;
        self.reported_requests += u64::from(s.reported_turns);
        self.input_tokens += s.input_tokens;
        self.cache_read += s.cache_read;
        self.rebilled += s.rebilled;
        for t in &c.turns {
            let write = match t.reported.filter(|r| r.input_tokens.is_some()) {
                Some(r) => r.cache_write,
                None => t.predicted.cache_write,
            };
            self.cache_write += write.unwrap_or(0);
            if let Some(b) = &t.broken {
                *self.breaks_by_reason.entry(b.reason.as_str()).or_default() += 1;
                self.uncached_breaks += u64::from(!b.billed);
            }
        }
    }

    /// Breaks of every reason.
    pub fn breaks(&self) -> u64 {
        self.breaks_by_reason.values().sum()
    }
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The summary for people: four lines (logs and conversations, breaks by cause, tokens, the
/// predicted cost of the breaks).
pub fn summary(t: &Totals) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "summary: {}, {} ({} with a break), {}",
        plural(t.logs as u64, "log", "logs"),
        plural(t.conversations, "conversation", "conversations"),
        t.broken_conversations,
        plural(t.requests, "request", "requests"),
    );
    let breaks = t.breaks();
    if breaks == 0 {
        let _ = writeln!(out, "  breaks: none");
    } else {
        // Most frequent first, then by name.
        let mut by: Vec<(&str, u64)> = t.breaks_by_reason.iter().map(|(k, v)| (*k, *v)).collect();
        by.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let list: Vec<String> = by.iter().map(|(r, n)| format!("{r} {n}")).collect();
        let _ = write!(out, "  breaks: {breaks} ({})", list.join(", "));
        if t.uncached_breaks > 0 {
            let _ = write!(
                out,
                "; {} of a prefix below the provider's minimum, which cost nothing",
                t.uncached_breaks
            );
        }
        out.push('\n');
    }
    let pct = if t.input_tokens > 0 {
        t.cache_read as f64 * 100.0 / t.input_tokens as f64
    } else {
        0.0
    };
    let basis = if t.requests > 0 && t.reported_requests == t.requests {
        "as reported".to_owned()
    } else if t.reported_requests == 0 {
        "predicted, 4 bytes per token".to_owned()
    } else {
        format!(
            "reported on {} of {} requests, predicted elsewhere",
            t.reported_requests, t.requests
        )
    };
    let _ = writeln!(
        out,
        "  tokens: {} input, {} read from the cache ({pct:.1}%), {} written to it ({basis})",
        t.input_tokens, t.cache_read, t.cache_write
    );
    let _ = writeln!(
        out,
        "  predicted cost of the breaks: ~{} tokens re-billed",
        t.rebilled
    );
    out
}

/// The summary as a JSON object (see the module docs).
pub fn summary_json(t: &Totals) -> String {
    let by: serde_json::Map<String, serde_json::Value> = t
        .breaks_by_reason
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).into()))
        .collect();
    object(&[
        ("logs", t.logs.into()),
        ("conversations", t.conversations.into()),
        ("broken_conversations", t.broken_conversations.into()),
        ("requests", t.requests.into()),
        ("reported_requests", t.reported_requests.into()),
        ("breaks", t.breaks().into()),
        ("uncached_breaks", t.uncached_breaks.into()),
        ("breaks_by_reason", by.into()),
        ("input_tokens", t.input_tokens.into()),
        ("cache_read_tokens", t.cache_read.into()),
        ("cache_write_tokens", t.cache_write.into()),
        ("rebilled_tokens", t.rebilled.into()),
    ])
}

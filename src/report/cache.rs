//! Renderers of `promptlint cache`: a table per conversation with a one-line verdict, or JSON
//! (schema version 1). Pure functions of a [`Conversation`]; the JSON document is written one
//! conversation at a time so a large log never holds its whole report.
//!
//! JSON shape:
//! `{"version":1,"conversations":[{"id":"...","turns":[{"turn":1,"prefix_sha256":"<64 hex>",
//! "prefix_bytes":N,"stable":true,"broken_at":null,"reason":null,"est_tokens_rebilled":0}]}]}`

use std::fmt::Write as _;

use crate::cache::{Conversation, hex};
use crate::parse::est_tokens;

/// The table and verdict of one conversation, for people.
pub fn human(c: &Conversation) -> String {
    let mut out = String::new();
    let first = c.turns.first().map_or(0, |t| t.line);
    let last = c.turns.last().map_or(0, |t| t.line);
    let source = if c.explicit {
        "id from the requests"
    } else {
        "consecutive requests"
    };
    let _ = writeln!(
        out,
        "conversation {} ({}, lines {first}-{last}, {source})",
        crate::escape::escape_one_line(&c.id),
        crate::escape::escape_path(&c.path)
    );
    let _ = writeln!(
        out,
        "  {:>4}  {:<13} {:>13}  {:<7} {:>12}  {:<24} {:>16}",
        "turn",
        "prefix sha256",
        "prefix tokens",
        "status",
        "broken at",
        "reason",
        "tokens re-billed"
    );
    for t in &c.turns {
        let (status, at, reason, rebilled) = match &t.broken {
            None => ("stable", "-".to_owned(), "-".to_owned(), 0),
            Some(b) => (
                "broken",
                format!("byte {}", b.at),
                b.reason.as_str().to_owned(),
                b.est_tokens_rebilled,
            ),
        };
        let _ = writeln!(
            out,
            "  {:>4}  {:<13} {:>13}  {:<7} {:>12}  {:<24} {:>16}",
            t.turn,
            hex(&t.prefix_sha256, 6),
            est_tokens(t.prefix_bytes as usize),
            status,
            at,
            reason,
            rebilled
        );
        if let Some(b) = &t.broken {
            if !b.detail.is_empty() {
                let _ = writeln!(out, "        {}: {}", b.reason.as_str(), b.detail);
            }
            let _ = writeln!(out, "        was: {}", shown(&b.was));
            let _ = writeln!(out, "        now: {}", shown(&b.now));
        }
    }
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

/// One line: whether the conversation's prefix held, and what breaking it cost.
pub fn verdict(c: &Conversation) -> String {
    let broken: Vec<_> = c.broken().collect();
    if broken.is_empty() {
        return format!(
            "verdict: stable: each of {} turn{} reuses an earlier prefix",
            c.turns.len(),
            if c.turns.len() == 1 { "" } else { "s" }
        );
    }
    let tokens: u64 = broken
        .iter()
        .filter_map(|t| t.broken.as_ref())
        .map(|b| b.est_tokens_rebilled)
        .sum();
    let list: Vec<String> = broken
        .iter()
        .map(|t| {
            format!(
                "{} ({})",
                t.turn,
                t.broken.as_ref().map_or("", |b| b.reason.as_str())
            )
        })
        .collect();
    format!(
        "verdict: broken: {} of {} turns miss the cache (turn{} {}), ~{tokens} tokens re-billed (4 bytes per token)",
        broken.len(),
        c.turns.len(),
        if broken.len() == 1 { "" } else { "s" },
        list.join(", ")
    )
}

/// One conversation as a JSON object (no trailing separator).
pub fn json(c: &Conversation) -> String {
    let turns: Vec<serde_json::Value> = c
        .turns
        .iter()
        .map(|t| {
            serde_json::json!({
                "turn": t.turn,
                "prefix_sha256": hex(&t.prefix_sha256, 32),
                "prefix_bytes": t.prefix_bytes,
                "stable": t.broken.is_none(),
                "broken_at": t.broken.as_ref().map(|b| b.at),
                "reason": t.broken.as_ref().map(|b| b.reason.as_str()),
                "est_tokens_rebilled": t.broken.as_ref().map_or(0, |b| b.est_tokens_rebilled),
            })
        })
        .collect();
    // Keys in the documented order (serde_json's map sorts them).
    let mut out = String::from("{\"id\":");
    out.push_str(&serde_json::to_string(&c.id).expect("a string"));
    out.push_str(",\"turns\":[");
    for (i, t) in turns.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('{');
        for (j, k) in [
            "turn",
            "prefix_sha256",
            "prefix_bytes",
            "stable",
            "broken_at",
            "reason",
            "est_tokens_rebilled",
        ]
        .iter()
        .enumerate()
        {
            if j > 0 {
                out.push(',');
            }
            let _ = write!(out, "\"{k}\":{}", t[k]);
        }
        out.push('}');
    }
    out.push_str("]}");
    out
}

//! The cross-request prefix diff behind `promptlint cache`: request logs -> conversations ->
//! per-turn prefix stability.
//!
//! Input: request-log lines (JSONL), streamed one at a time. Output: [`Conversation`]s, each
//! handed to the caller as soon as it is closed, with one [`Turn`] per request: its canonical
//! prefix (see [`crate::parse::request`]) hash and size, and whether it reuses an earlier
//! prefix of the conversation.
//!
//! **Grouping.** A request with an explicit id (a conversation, session or thread id,
//! `prompt_cache_key`, `metadata.user_id`) belongs to that id's conversation. Requests without
//! one form runs: a request continues the open run when it has the same model and more
//! messages than the previous one; otherwise it starts a new conversation.
//!
//! **Stability.** A provider cache holds more than the last prefix, so a turn is stable when an
//! earlier prefix of the conversation is a prefix of its own (the cache serves that part), or
//! when its prefix is a prefix of an earlier one. Otherwise it is broken at the first byte
//! after its longest common prefix with any earlier prefix, and the bytes of that earlier
//! prefix after the break (which were cached and are now billed again) are re-billed.
//!
//! **The provider's cache.** What a turn reads is predicted against the provider's cache as
//! the provider keeps it, shared by every conversation of the log (one account's traffic)
//! with the same provider, model and routing key: a conversation's first turn and the turn
//! after a model change are predicted like any other. Entries are sized in tokens by the
//! request that wrote them. Where the log cannot settle the outcome (the first request of a
//! model in the log, server-side tools, an OpenAI-compatible provider, Gemini's implicit
//! caching) the turn says so with a [`Confidence`] and a range, and [`Turn::outcome`] tells a
//! model error from the provider's best effort or undocumented behaviour.
//!
//! **Memory stays flat.** Per open conversation only what comparison needs is kept: the hash
//! of every earlier prefix at each element boundary (a trie of chained sha256 states, 16 bytes
//! a node), and the bytes of each distinct element once (messages repeat from turn to turn, so
//! this is about one request's worth). A conversation over its byte budget forgets its oldest
//! turns (a real cache forgets them too: entries live 5 minutes to an hour); too many open
//! conversations close the least recently used one; the shared cache keeps at most
//! [`crate::bounds::MAX_CACHE_SHARED_ENTRIES`] entries (least recently used go first). A line longer than
//! [`CacheOptions::max_line_bytes`] is skipped with an error, without being held in memory.
mod analyzer;
mod classify;
mod compare;
pub mod input;
mod model;
mod open;
mod parts;
mod predict;
mod prefix;
mod reader;

pub use analyzer::{Analyzer, Request};
pub use model::{
    Break, CacheOptions, Confidence, Conversation, DEFAULT_MAX_LINE_BYTES, LineError, Outcome,
    PartChange, Predicted, Reason, Reported, Summary, Turn, hex,
};
pub use reader::{LogResult, analyse_into, analyse_reader};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_providers;

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
//! **Memory stays flat.** Per open conversation only what comparison needs is kept: the hash
//! of every earlier prefix at each element boundary (a trie of chained sha256 states, 16 bytes
//! a node), and the bytes of each distinct element once (messages repeat from turn to turn, so
//! this is about one request's worth). A conversation over its byte budget forgets its oldest
//! turns (a real cache forgets them too: entries live 5 minutes to an hour); too many open
//! conversations close the least recently used one. A line longer than
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

//! What the cache analysis reports: options, conversations, turns, breaks and their reasons.

/// Default bound on a log line, in bytes (16 MiB); the value lives with the other caps in
/// [`crate::bounds`].
pub const DEFAULT_MAX_LINE_BYTES: usize = crate::bounds::DEFAULT_MAX_LINE_BYTES;

/// Limits of the streaming analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheOptions {
    /// Lines longer than this many bytes are skipped with an error (default 16 MiB: a
    /// million-token text prompt is about 4 MiB; what memory a line costs is a few times its
    /// size, so this bound keeps one absurd line from blowing the memory budget).
    pub max_line_bytes: usize,
    /// Bytes of element text and boundary nodes one conversation may keep (default 12 MiB).
    pub conversation_budget: usize,
    /// Bytes all open conversations may keep together (default 24 MiB).
    pub total_budget: usize,
}

impl Default for CacheOptions {
    fn default() -> CacheOptions {
        CacheOptions {
            max_line_bytes: DEFAULT_MAX_LINE_BYTES,
            conversation_budget: 12 * 1024 * 1024,
            total_budget: 24 * 1024 * 1024,
        }
    }
}

/// Why a prefix changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// A date, time or epoch value differs.
    Timestamp,
    /// A UUID or random id differs.
    Id,
    /// The tool list was reordered or a tool edited, added or removed.
    ToolsChanged,
    /// Only whitespace differs.
    Whitespace,
    /// The model, `tool_choice` or `thinking` differs.
    ModelOrParamsChanged,
    /// Any other edit.
    ContentChanged,
}

impl Reason {
    /// The kebab-case name used in output.
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Timestamp => "timestamp",
            Reason::Id => "id",
            Reason::ToolsChanged => "tools-changed",
            Reason::Whitespace => "whitespace",
            Reason::ModelOrParamsChanged => "model-or-params-changed",
            Reason::ContentChanged => "content-changed",
        }
    }
}

/// Where and why a turn's prefix matches no earlier one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Break {
    /// First differing byte of the canonical prefix (0-based).
    pub at: u64,
    /// Classification.
    pub reason: Reason,
    /// More words on the reason (`reordered`, `edited`, `model`), possibly empty.
    pub detail: String,
    /// Estimated tokens of the earlier cached prefix after the break, billed again.
    pub est_tokens_rebilled: u64,
    /// A short escaped context of the earlier prefix at the break (empty when its bytes were
    /// forgotten).
    pub was: String,
    /// A short escaped context of this turn's prefix at the break.
    pub now: String,
}

/// One request of a conversation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// 1-based turn number.
    pub turn: u32,
    /// 1-based line number in the log.
    pub line: u64,
    /// Byte range of the line in the log.
    pub line_span: (u64, u64),
    /// sha256 of the canonical prefix.
    pub prefix_sha256: [u8; 32],
    /// Bytes of the canonical prefix.
    pub prefix_bytes: u64,
    /// `None` when stable.
    pub broken: Option<Break>,
}

/// A conversation and its turns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conversation {
    /// The explicit id, or `path:line` of its first request.
    pub id: String,
    /// True when `id` came from the requests.
    pub explicit: bool,
    /// The log it was read from.
    pub path: String,
    /// Turns, in log order.
    pub turns: Vec<Turn>,
}

impl Conversation {
    /// Turns after the first whose prefix is broken.
    pub fn broken(&self) -> impl Iterator<Item = &Turn> {
        self.turns.iter().filter(|t| t.broken.is_some())
    }
}

/// A log line that could not be analysed; the run goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    /// The log.
    pub path: String,
    /// 1-based line number.
    pub line: u64,
    /// What is wrong.
    pub message: String,
}

/// Hex of the first `n` bytes of a hash.
pub fn hex(bytes: &[u8], n: usize) -> String {
    bytes.iter().take(n).map(|b| format!("{b:02x}")).collect()
}

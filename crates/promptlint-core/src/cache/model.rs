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
    /// The model differs (a fallback, a router): caches are per model, so nothing is read.
    ModelChanged,
    /// A parameter on the parameters line differs (Anthropic `tool_choice`, `thinking`):
    /// the cached messages are invalidated, tools and system stay.
    ParamsChanged,
    /// An earlier tool result was shortened (truncated or cleared) in a later turn.
    ToolResultTruncated,
    /// An earlier message was edited, removed or inserted (compaction, a rewritten history).
    HistoryRewritten,
    /// Any other edit (system text, instructions, a schema).
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
            Reason::ModelChanged => "model-changed",
            Reason::ParamsChanged => "params-changed",
            Reason::ToolResultTruncated => "tool-result-truncated",
            Reason::HistoryRewritten => "history-rewritten",
            Reason::ContentChanged => "content-changed",
        }
    }
}

/// Where and why a turn's prefix matches no earlier one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Break {
    /// First differing byte of the canonical prefix (0-based).
    pub at: u64,
    /// The element and place of the break in the request: its path, and for a string the
    /// byte offset in its decoded text (`system[0].text +7383`, `messages[4].content[1]`).
    pub path: String,
    /// Classification.
    pub reason: Reason,
    /// More words on the reason (`reordered`, `claude-a -> claude-b`), possibly empty.
    pub detail: String,
    /// False when nothing was cached after the break: the earlier prefix was below the
    /// provider's minimum cacheable length (or the request set no breakpoint), so the break
    /// costs nothing.
    pub billed: bool,
    /// Tokens of the earlier cached prefix after the break, billed again (0 when not
    /// `billed`). Tokens are the provider's when the log reports usage (bytes scaled by the
    /// reported input tokens per canonical byte), else bytes / 4.
    pub est_tokens_rebilled: u64,
    /// A short escaped context of the earlier prefix at the break (empty when its bytes were
    /// forgotten).
    pub was: String,
    /// A short escaped context of this turn's prefix at the break.
    pub now: String,
}

/// The provider's cache figures for one request, as its response reported them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Reported {
    /// Every input token, cached ones included.
    pub input_tokens: Option<u64>,
    /// Tokens read from the cache.
    pub cache_read: Option<u64>,
    /// Tokens written to the cache (Anthropic, Bedrock).
    pub cache_write: Option<u64>,
    /// Output tokens the response generated (`input::Usage::output_tokens`).
    pub output_tokens: Option<u64>,
}

/// What the provider's cache model predicts for one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Predicted {
    /// Tokens of the whole request (estimated as in [`Break::est_tokens_rebilled`]).
    pub input_tokens: u64,
    /// Tokens the provider should read from the cache.
    pub cache_read: u64,
    /// Tokens it should write (for providers that report writes).
    pub cache_write: Option<u64>,
    /// The minimum cacheable prompt in tokens for this provider and model.
    pub minimum: u64,
    /// An earlier entry matched but had outlived the provider's TTL by the log's clock.
    pub expired: bool,
    /// The most tokens the provider may read where the log cannot settle the outcome
    /// (`confidence` other than [`Confidence::Deterministic`]): the verdict is then the range
    /// `0..=cache_read_max` around the point `cache_read`; `None` when nothing documented
    /// bounds it. Equal to `cache_read` when deterministic.
    pub cache_read_max: Option<u64>,
    /// How far the provider documents this request's outcome.
    pub confidence: Confidence,
    /// The provider documents its cache as best effort (OpenAI's routing overflow, Gemini's
    /// implicit caching, xAI's eviction): reading less than predicted is its behaviour, not
    /// a model error.
    pub best_effort: bool,
}

/// How far a provider documents the outcome of one request's cache read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Confidence {
    /// Documented: the prediction is the provider's rule applied to the log.
    #[default]
    Deterministic,
    /// The first request of its provider and model in the log: it may read an entry written
    /// before the log began, anything up to its cacheable prefix.
    OutsideLog,
    /// Server-side tools (web search, code execution) ran: the provider reports usage summed
    /// over its internal passes, which the request does not show.
    ServerTools,
    /// An OpenAI-compatible provider (xAI, DeepSeek, Mistral, OpenRouter, Azure AI Foundry)
    /// whose minimum, steps and hidden prompts are its own and partly undocumented.
    Compatible,
    /// Gemini implicit caching: best effort, and it reads below its documented minimum.
    Implicit,
}

impl Confidence {
    /// The kebab-case name used in output.
    pub fn as_str(self) -> &'static str {
        match self {
            Confidence::Deterministic => "deterministic",
            Confidence::OutsideLog => "outside-log",
            Confidence::ServerTools => "server-tools",
            Confidence::Compatible => "compatible-provider",
            Confidence::Implicit => "implicit-best-effort",
        }
    }

    /// What the provider may do that the log cannot settle, in words.
    pub fn why(self) -> &'static str {
        match self {
            Confidence::Deterministic => "",
            Confidence::OutsideLog => {
                "the first request of this model in the log may read an entry written outside this log"
            }
            Confidence::ServerTools => {
                "server-side tools ran: the provider reports usage summed over its internal passes"
            }
            Confidence::Compatible => {
                "an OpenAI-compatible provider: its minimum, steps and hidden prompts are its own and partly undocumented"
            }
            Confidence::Implicit => {
                "Gemini implicit caching is best effort and may read below its documented minimum"
            }
        }
    }
}

/// A turn's prediction against the provider's bill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Within 128 tokens or 10% of the larger.
    Agrees,
    /// The provider read less than predicted, and documents its cache as best effort.
    ProviderReadLess,
    /// Within the range the provider's undocumented or out-of-log behaviour allows
    /// ([`Predicted::confidence`]).
    OutsideModel,
    /// Promptlint's model is wrong.
    Disagrees,
}

impl Outcome {
    /// The kebab-case name used in output.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Agrees => "agrees",
            Outcome::ProviderReadLess => "provider-read-less",
            Outcome::OutsideModel => "outside-model",
            Outcome::Disagrees => "promptlint-wrong",
        }
    }
}

/// A change of a named part (`system`, `tools`) from the previous turn of the conversation,
/// for `--assert-stable`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartChange {
    /// `system` or `tools`.
    pub part: &'static str,
    /// The first element that differs (its path, as in [`Break::path`]).
    pub path: String,
    /// Escaped context of the previous turn's bytes there (empty when it had none).
    pub was: String,
    /// Escaped context of this turn's bytes there (empty when the element was removed).
    pub now: String,
}

/// One request of a conversation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// 1-based turn number.
    pub turn: u32,
    /// The log it was read from (a conversation may span several).
    pub path: std::sync::Arc<str>,
    /// 1-based line number in the log (for a cassette, HAR file or export: entry number).
    pub line: u64,
    /// Byte range of the line in the log.
    pub line_span: (u64, u64),
    /// sha256 of the canonical prefix.
    pub prefix_sha256: [u8; 32],
    /// Bytes of the canonical prefix.
    pub prefix_bytes: u64,
    /// The API the request is for (`anthropic`, `openai`, `bedrock`, `gemini`).
    pub provider: &'static str,
    /// The model, when the request or its URL names one.
    pub model: Option<String>,
    /// `None` when stable.
    pub broken: Option<Break>,
    /// The cache model's prediction.
    pub predicted: Predicted,
    /// The figures the response reported, when the log holds them.
    pub reported: Option<Reported>,
    /// Changes of the system text and the tool list from the previous turn.
    pub changes: Vec<PartChange>,
}

impl Turn {
    /// Reported tokens read from the cache over every input token, when reported.
    pub fn hit_ratio(&self) -> Option<f64> {
        let r = self.reported?;
        let (total, read) = (r.input_tokens?, r.cache_read?);
        (total > 0).then(|| read.min(total) as f64 / total as f64)
    }

    /// The prediction against the bill: `None` when the log reports no cache read. Agrees
    /// within 128 tokens (OpenAI's hit granularity) or 10% of the larger, whichever is more;
    /// otherwise the provider's documented best effort (it read less), its undocumented or
    /// out-of-log behaviour (the read lies in `0..=cache_read_max`), or a model error.
    pub fn outcome(&self) -> Option<Outcome> {
        let read = self.reported?.cache_read?;
        let p = &self.predicted;
        let tolerance = |a: u64, b: u64| 128u64.max(a.max(b) / 10);
        if p.cache_read.abs_diff(read) <= tolerance(p.cache_read, read) {
            return Some(Outcome::Agrees);
        }
        if read < p.cache_read && p.best_effort {
            return Some(Outcome::ProviderReadLess);
        }
        let within = p
            .cache_read_max
            .is_none_or(|max| read <= max.saturating_add(tolerance(max, read)));
        if p.confidence != Confidence::Deterministic && within {
            return Some(Outcome::OutsideModel);
        }
        Some(Outcome::Disagrees)
    }

    /// Whether the predicted and the reported cache reads agree (see [`Turn::outcome`]):
    /// `Some(false)` only when promptlint's model is wrong, `None` when not reported or when
    /// the provider's documented best effort or undocumented behaviour explains the gap.
    pub fn agrees(&self) -> Option<bool> {
        match self.outcome()? {
            Outcome::Agrees => Some(true),
            Outcome::Disagrees => Some(false),
            Outcome::ProviderReadLess | Outcome::OutsideModel => None,
        }
    }

    /// True when the turn broke a prefix that was cached (a break that costs tokens).
    pub fn billed_break(&self) -> bool {
        self.broken.as_ref().is_some_and(|b| b.billed)
    }
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

    /// The conversation's totals.
    pub fn summary(&self) -> Summary {
        let mut s = Summary::default();
        for t in &self.turns {
            match t
                .reported
                .and_then(|r| r.input_tokens.map(|i| (i, r.cache_read)))
            {
                Some((input, read)) => {
                    s.input_tokens += input;
                    s.cache_read += read.unwrap_or(0);
                    s.reported_turns += 1;
                }
                None => {
                    s.input_tokens += t.predicted.input_tokens;
                    s.cache_read += t.predicted.cache_read;
                }
            }
            s.predicted_cache_read += t.predicted.cache_read;
            if let Some(b) = &t.broken {
                s.rebilled += b.est_tokens_rebilled;
            }
            if t.agrees() == Some(false) {
                s.disagreements += 1;
            }
        }
        s
    }
}

/// Totals of a conversation: input tokens and cache reads as reported where the log has
/// them (predicted elsewhere), and the cost of its breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Summary {
    /// Every input token of every turn.
    pub input_tokens: u64,
    /// Tokens read from the cache.
    pub cache_read: u64,
    /// Tokens the cache model predicts are read.
    pub predicted_cache_read: u64,
    /// Tokens re-billed by the breaks.
    pub rebilled: u64,
    /// Turns whose figures came from the log.
    pub reported_turns: u32,
    /// Turns whose prediction and report disagree.
    pub disagreements: u32,
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

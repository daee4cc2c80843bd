//! What the log readers hand out: the format, records, responses and usage figures.

use crate::parse::request::Jv;

/// Largest whole-document log (VCR cassette, HAR file, JSON export) read, in bytes (256 MiB).
/// A larger one is refused with one error: such a document is held in memory whole while its
/// entries are read (one entry's parsed tree at a time besides it). JSONL logs stream and have
/// no size limit; only their lines are bounded (`max_line_bytes`).
pub const MAX_DOCUMENT_BYTES: usize = crate::bounds::MAX_CACHE_DOCUMENT_BYTES;

/// What a log is, from its name and first bytes ([`super::sniff_format`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// One JSON value per line: a bare provider request, a `{"request": .., "response": ..}`
    /// pair, an OpenAI Batch input line (`{"custom_id", "method", "url", "body"}`,
    /// <https://platform.openai.com/docs/api-reference/batch/request-input>) or an Anthropic
    /// Message Batches request (`{"custom_id", "params"}`, as `parse::request` already reads
    /// it; not re-checked here). LiteLLM and Langfuse entries are recognised line by line too.
    /// Also the fallback when nothing else matches.
    Jsonl,
    /// A VCR cassette in YAML: vcrpy's `interactions:` or Ruby VCR's `http_interactions:`.
    VcrYaml,
    /// An HTTP Archive (HAR 1.2), `{"log": {"entries": [..]}}`.
    Har,
    /// LiteLLM's `StandardLoggingPayload`, one per line or as a JSON array.
    LiteLlm,
    /// Langfuse observations (generations), one per line, a JSON array or the public API's
    /// `{"data": [..]}` page.
    Langfuse,
}

impl LogFormat {
    /// The kebab-case name used in messages.
    pub fn as_str(self) -> &'static str {
        match self {
            LogFormat::Jsonl => "jsonl",
            LogFormat::VcrYaml => "vcr-yaml",
            LogFormat::Har => "har",
            LogFormat::LiteLlm => "litellm",
            LogFormat::Langfuse => "langfuse",
        }
    }
}

/// One recorded request with what the log says about its response.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    /// 1-based: the line number in a JSONL log; in a whole-document log (cassette, HAR, JSON
    /// array or `{"data": [..]}` export) the entry's 1-based position among all entries,
    /// skipped ones included.
    pub line: u64,
    /// Byte range of the line (newline included) or of the entry in the log. Exact for JSONL
    /// and for the entries of JSON documents (HAR, JSON arrays); for a YAML cassette it is the
    /// whole document's range, since the YAML parser does not report byte offsets.
    pub span: (u64, u64),
    /// The provider request JSON (the body that was POSTed), parsed. JSONL wrappers are left
    /// on (`{"request": ..}`, `{"custom_id", "body"}`, `{"custom_id", "params"}`, minus their
    /// `response` member, which is read into [`Record::response`]): the analyzer unwraps
    /// `body`, `params` and `request` itself. Exports that hold only messages get a
    /// request-shaped object built from them (see the LiteLLM and Langfuse readers).
    pub request: Jv,
    /// The request URL when the log has it: a cassette's `uri`, a HAR entry's `request.url`,
    /// an OpenAI Batch line's relative `url`, a JSONL wrapper's `url`, LiteLLM's `api_base`.
    pub url: Option<String>,
    /// When the request started, unix milliseconds, when the log says: HAR
    /// `startedDateTime`, Ruby VCR `recorded_at` (when the interaction was recorded, which is
    /// at the response's end), LiteLLM `startTime`, Langfuse `startTime`.
    pub time_ms: Option<u64>,
    /// What the log says about the response, when it has one that could be read.
    pub response: Option<Response>,
    /// What could not be read about this entry although the log has it: why the response's
    /// usage (or its cache-read figure) is missing. Reported as the log's notes, never as
    /// errors (the request itself was read).
    pub note: Option<String>,
}

/// What a log says about one response.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Response {
    /// The response id: Anthropic and OpenAI `id`, Gemini `responseId`. Bedrock's Converse
    /// body has none (its id is the `x-amzn-RequestId` header).
    pub id: Option<String>,
    /// The model that answered: `model` (Anthropic, OpenAI), `modelVersion` (Gemini).
    pub model: Option<String>,
    /// The provider's token figures.
    pub usage: Option<Usage>,
    /// The OpenAI Responses `output` array (needed to chain `previous_response_id`).
    pub output: Option<Jv>,
    /// The tokens of an explicit cache that a Gemini `cachedContents` create call made: the
    /// `usageMetadata.totalTokenCount` of a response whose `name` is `cachedContents/...`
    /// (a `CachedContent`, whose usage has only that figure,
    /// <https://ai.google.dev/api/caching#CachedContent>). Such a response has no generation
    /// usage ([`Response::usage`] is `None`).
    pub cached_content_tokens: Option<u64>,
}

/// The provider's own token figures for one request, in tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Usage {
    /// Every input (prompt) token of the request, cached ones included, in the provider's own
    /// count. Anthropic: `input_tokens + cache_read_input_tokens +
    /// cache_creation_input_tokens` (its `input_tokens` excludes the tokens read from and
    /// written to the cache); OpenAI Chat: `prompt_tokens`; OpenAI Responses: `input_tokens`
    /// (both include the cached tokens); Gemini and Vertex: `promptTokenCount` (includes the
    /// cached content); Bedrock Converse: `inputTokens + cacheReadInputTokens +
    /// cacheWriteInputTokens`. Sources in [`super::usage_of`].
    pub input_tokens: Option<u64>,
    /// Input tokens read from the cache: Anthropic `cache_read_input_tokens`, OpenAI
    /// `prompt_tokens_details.cached_tokens` / `input_tokens_details.cached_tokens`, Gemini
    /// `cachedContentTokenCount`, Bedrock `cacheReadInputTokens`. `None` when not reported.
    pub cache_read: Option<u64>,
    /// Input tokens written to the cache: Anthropic `cache_creation_input_tokens`, Bedrock
    /// `cacheWriteInputTokens`, LiteLLM's `cache_creation_input_tokens` on its OpenAI-shaped
    /// usage. `None` where the provider does not report writes (OpenAI, Gemini).
    pub cache_write: Option<u64>,
    /// Output tokens the response generated (thinking included): Anthropic
    /// `usage.output_tokens`, OpenAI Chat `completion_tokens`, OpenAI Responses
    /// `output_tokens`, Gemini `candidatesTokenCount + thoughtsTokenCount`, Bedrock
    /// `outputTokens`. `None` when not reported. (OpenAI's cache entry covers the completion
    /// too, so the next turn that replays it may read them.)
    pub output_tokens: Option<u64>,
    /// Which shape the figures were read from: `anthropic`, `openai-chat`,
    /// `openai-responses`, `gemini`, `bedrock`, or an export's own fields (`litellm` for the
    /// payload's `prompt_tokens` when its response has no usage, `langfuse` for
    /// `usageDetails`).
    pub shape: &'static str,
}

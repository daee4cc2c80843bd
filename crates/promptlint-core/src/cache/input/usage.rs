//! Token figures and response identity from a provider's response body, plain JSON or a
//! `text/event-stream`.
//!
//! Sources, per shape (what `input_tokens` of [`Usage`] sums; it always means every input
//! token, cached ones included):
//! - Anthropic Messages (also on Bedrock InvokeModel and Vertex): `usage.input_tokens`
//!   excludes the tokens read from and written to the cache, so the total is
//!   `input_tokens + cache_read_input_tokens + cache_creation_input_tokens`; output is
//!   `usage.output_tokens`
//!   (<https://platform.claude.com/docs/en/build-with-claude/prompt-caching>, "Tracking cache
//!   performance", whose wording was not re-read for this module; confirmed by the readings in
//!   <https://github.com/crewAIInc/crewAI/pull/6770> and
//!   <https://github.com/pydantic/pydantic-ai/pull/1549>).
//! - OpenAI Chat Completions: `usage.prompt_tokens` includes the cached tokens, which
//!   `usage.prompt_tokens_details.cached_tokens` counts
//!   (<https://developers.openai.com/api/docs/guides/prompt-caching>; the figures' shape as in
//!   <https://docs.x.ai/developers/advanced-api-usage/prompt-caching/usage-and-pricing>).
//!   OpenAI-compatible providers: DeepSeek reports its cache reads as
//!   `prompt_cache_hit_tokens` (and `prompt_cache_miss_tokens`) besides or instead of
//!   `prompt_tokens_details.cached_tokens`
//!   (<https://api-docs.deepseek.com/guides/kv_cache>, "Checking Cache Hit Status"; quoted by
//!   <https://docs.stigg.io/documentation/ai-agents/providers/deepseek>); Mistral as
//!   `usage.num_cached_tokens` without `prompt_tokens_details` (**unconfirmed** by Mistral's
//!   reference: read from pydantic-ai's recordings of `api.mistral.ai`,
//!   `tests/models/cassettes/test_multimodal_tool_returns/`, where `prompt_tokens` 997 carries
//!   `num_cached_tokens` 976); xAI uses OpenAI's own `prompt_tokens_details.cached_tokens`
//!   (its page above), and so do OpenRouter and Azure AI Foundry in the recordings of the
//!   cassette yardstick (`yardstick/cassettes/`). Output: `completion_tokens`.
//!   LiteLLM keeps this shape for every provider and adds Anthropic's
//!   `cache_creation_input_tokens` next to it
//!   (<https://litellm.vercel.app/docs/completion/prompt_caching>: "prompt_tokens: These are
//!   all prompt tokens including cache-miss and cache-hit input tokens").
//! - OpenAI Responses: `usage.input_tokens` (inclusive) and
//!   `usage.input_tokens_details.cached_tokens`; output `usage.output_tokens`
//!   (<https://developers.openai.com/api/docs/guides/prompt-caching>).
//! - Gemini API and Vertex AI: `usageMetadata.promptTokenCount`, which "when cached_content is
//!   set, is still the total effective prompt size meaning this includes the number of tokens
//!   in the cached content", and `usageMetadata.cachedContentTokenCount`
//!   (<https://googleapis.github.io/java-genai/javadoc/google-genai/com.google.genai.types/-usage-metadata/prompt-token-count.html>,
//!   <https://firebase.google.com/docs/reference/js/ai.usagemetadata>). Gemini reports no
//!   cache writes. A `usageMetadata` with `promptTokenCount` but no `cachedContentTokenCount`
//!   is read as 0 tokens read: the REST API writes its protobuf messages in the ProtoJSON
//!   format, where "fields with default values are omitted by default"
//!   (<https://protobuf.dev/programming-guides/json/>, "JSON Options"), and the recorded
//!   responses that read nothing carry no such field; that Google's API applies this to this
//!   field is inferred from the format and the recordings, **unconfirmed** by its reference.
//!   Output: `candidatesTokenCount + thoughtsTokenCount` (the thinking tokens are counted
//!   apart from the candidates', <https://ai.google.dev/api/generate-content#UsageMetadata>).
//! - Bedrock Converse: `usage.inputTokens`, `cacheReadInputTokens`, `cacheWriteInputTokens`,
//!   `outputTokens`
//!   (<https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_TokenUsage.html>).
//!   AWS's reference only says `inputTokens` is "the number of tokens sent in the request to
//!   the model"; that it excludes the cache reads and writes (so the total is the sum) is
//!   **unconfirmed** by AWS, read from
//!   <https://github.com/anomalyco/opencode/pull/38427> (which switched to summing).
//!
//! Streams (`text/event-stream`), how the figures are combined:
//! - Anthropic: `message_start` carries `message.{id, model, usage}`; each later
//!   `message_delta` carries a `usage` whose counts are cumulative, so each field it has
//!   replaces the one seen before (<https://platform.claude.com/docs/en/build-with-claude/streaming>,
//!   not re-read for this module; the cumulative reading is confirmed by
//!   <https://www.nineya.com/archive/23315.html>, a Spring AI fix measured against
//!   non-streaming counts).
//! - OpenAI Chat: the last chunk with a non-null `usage` (sent, with empty `choices`, when the
//!   request set `stream_options.include_usage`;
//!   <https://developer.4d.com/docs/21-R3/aikit/Classes/openaichatcompletionsstreamresult>
//!   describes it; OpenAI's own reference was not re-read).
//! - Bedrock `ConverseStream` is a binary AWS event stream, not SSE: not read.
//! - OpenAI Responses: the `response` of the terminal `response.completed` event (or
//!   `response.incomplete` / `response.failed`), which is the whole response object
//!   (<https://developers.openai.com/api/docs/guides/streaming-responses?api-mode=responses>;
//!   the terminal events as modelled in
//!   <https://docs.rs/openai-interface/0.9.0/src/openai_interface/responses/create/response.rs.html>).
//! - Gemini (`streamGenerateContent?alt=sse`): the last chunk whose `usageMetadata` has a
//!   `promptTokenCount`; without `alt=sse` the body is a JSON array of the same chunks, read
//!   the same way by [`usage_of`].

use crate::parse::request::{JsonView, Jv, View};

use super::model::{Response, Usage};

/// A JSON number as a token count: a non-negative integer (`12` or `12.0`).
pub(super) fn num(v: Option<&Jv>) -> Option<u64> {
    match v?.view() {
        View::Number(n) => n.parse::<u64>().ok().or_else(|| {
            let f = n.parse::<f64>().ok()?;
            (f >= 0.0 && f.fract() == 0.0 && f < 1e19).then_some(f as u64)
        }),
        _ => None,
    }
}

fn string(v: Option<&Jv>) -> Option<String> {
    v.and_then(JsonView::str).map(str::to_owned)
}

fn is_object(v: &Jv) -> bool {
    matches!(v, Jv::Object(_))
}

fn sum(parts: &[Option<u64>]) -> Option<u64> {
    let mut total = 0u64;
    for p in parts.iter().flatten() {
        total = total.saturating_add(*p);
    }
    Some(total)
}

/// The token figures of a non-streaming response body of any provider (see the module doc
/// for the fields and their sources); `None` when it has none.
pub fn usage_of(response: &Jv) -> Option<Usage> {
    if let Jv::Array(chunks) = response {
        // Gemini's streamGenerateContent without `alt=sse`: the last complete figures.
        return chunks.iter().rev().find_map(gemini_usage);
    }
    if let Some(u) = gemini_usage(response) {
        return Some(u);
    }
    let u = response.get("usage").filter(|u| is_object(u))?;
    if u.get("inputTokens").is_some() {
        let read = num(u.get("cacheReadInputTokens"));
        let write = num(u.get("cacheWriteInputTokens"));
        let input = num(u.get("inputTokens")).and_then(|i| sum(&[Some(i), read, write]));
        return Some(Usage {
            input_tokens: input,
            cache_read: read,
            cache_write: write,
            output_tokens: num(u.get("outputTokens")),
            shape: "bedrock",
        });
    }
    let responses = u.get("input_tokens_details").is_some()
        || response.get("object").and_then(JsonView::str) == Some("response");
    if responses && u.get("input_tokens").is_some() {
        return Some(Usage {
            input_tokens: num(u.get("input_tokens")),
            cache_read: num(u
                .get("input_tokens_details")
                .and_then(|d| d.get("cached_tokens"))),
            cache_write: None,
            output_tokens: num(u.get("output_tokens")),
            shape: "openai-responses",
        });
    }
    if u.get("input_tokens").is_some() {
        let read = num(u.get("cache_read_input_tokens"));
        let write = num(u.get("cache_creation_input_tokens"));
        let input = num(u.get("input_tokens")).and_then(|i| sum(&[Some(i), read, write]));
        return Some(Usage {
            input_tokens: input,
            cache_read: read,
            cache_write: write,
            output_tokens: num(u.get("output_tokens")),
            shape: "anthropic",
        });
    }
    if u.get("prompt_tokens").is_some() {
        // OpenAI's field first, then the compatible providers' own (DeepSeek, Mistral).
        let read = num(u
            .get("prompt_tokens_details")
            .and_then(|d| d.get("cached_tokens")))
        .or_else(|| num(u.get("prompt_cache_hit_tokens")))
        .or_else(|| num(u.get("num_cached_tokens")));
        return Some(Usage {
            input_tokens: num(u.get("prompt_tokens")),
            cache_read: read,
            cache_write: num(u.get("cache_creation_input_tokens")),
            output_tokens: num(u.get("completion_tokens")),
            shape: "openai-chat",
        });
    }
    None
}

fn gemini_usage(chunk: &Jv) -> Option<Usage> {
    let m = chunk.get("usageMetadata")?;
    let input = num(m.get("promptTokenCount"))?;
    // Omitted when 0 (ProtoJSON drops default values; see the module doc).
    let read = match m.get("cachedContentTokenCount") {
        None => Some(0),
        v => num(v),
    };
    let (candidates, thoughts) = (
        num(m.get("candidatesTokenCount")),
        num(m.get("thoughtsTokenCount")),
    );
    let output = match (candidates, thoughts) {
        (None, None) => None,
        (c, t) => Some(c.unwrap_or(0).saturating_add(t.unwrap_or(0))),
    };
    Some(Usage {
        input_tokens: Some(input),
        cache_read: read,
        cache_write: None,
        output_tokens: output,
        shape: "gemini",
    })
}

/// Why the usage of a response that was read is missing or lacks its cache-read figure, for
/// the log's notes; `None` when both are there. `failed` is a non-2xx HTTP status.
pub(super) fn usage_note(r: &Response, failed: Option<u64>) -> Option<String> {
    let status = failed.map_or(String::new(), |s| format!(" (response status {s})"));
    if let (None, Some(n)) = (r.usage, r.cached_content_tokens) {
        return Some(format!(
            "no generation usage{status}: the response is a Gemini `cachedContents` entry of {n} tokens (a create call, not a generation)"
        ));
    }
    match r.usage {
        None => Some(format!(
            "usage not read{status}: the response has no usage figures in a shape promptlint reads (Anthropic `usage`, OpenAI `usage`, Gemini `usageMetadata`, Bedrock `usage.inputTokens`)"
        )),
        Some(u) if u.cache_read.is_none() => Some(format!(
            "cache read not reported{status}: the response's {} usage has no cache-read figure",
            u.shape
        )),
        Some(_) => None,
    }
}

/// What a non-streaming response body says: id, model, usage and a Responses `output`.
pub(super) fn response_of(body: &Jv) -> Response {
    if let Jv::Array(chunks) = body {
        let mut r = Response {
            usage: usage_of(body),
            ..Response::default()
        };
        for c in chunks {
            r.id = string(c.get("responseId")).or(r.id);
            r.model = string(c.get("modelVersion")).or(r.model);
        }
        return r;
    }
    let cached_content_tokens = body
        .get("name")
        .and_then(JsonView::str)
        .filter(|n| n.starts_with("cachedContents/"))
        .and_then(|_| num(body.get("usageMetadata")?.get("totalTokenCount")));
    Response {
        id: string(body.get("id")).or_else(|| string(body.get("responseId"))),
        model: string(body.get("model")).or_else(|| string(body.get("modelVersion"))),
        usage: usage_of(body),
        output: body
            .get("output")
            .filter(|o| matches!(o, Jv::Array(_)))
            .cloned(),
        cached_content_tokens,
    }
}

/// True when `body` looks like a `text/event-stream` (its first non-blank line is an SSE
/// field: `event:`, `data:`, `id:`, `retry:` or a `:` comment).
pub(super) fn looks_like_sse(body: &str) -> bool {
    let first = body.lines().map(str::trim).find(|l| !l.is_empty());
    first.is_some_and(|l| {
        l.starts_with("data:")
            || l.starts_with("event:")
            || l.starts_with(':')
            || l.starts_with("id:")
            || l.starts_with("retry:")
    })
}

/// Calls `each` with the `data` of every event of an SSE body (multi-line data joined by `\n`;
/// <https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation>).
fn sse_events(body: &str, each: &mut dyn FnMut(&str)) {
    let mut data = String::new();
    let mut has = false;
    for line in body.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.is_empty() {
            if has {
                each(&data);
            }
            data.clear();
            has = false;
            continue;
        }
        if let Some(rest) = line.strip_prefix("data") {
            let value = match rest.strip_prefix(':') {
                Some(v) => v.strip_prefix(' ').unwrap_or(v),
                None if rest.is_empty() => "",
                None => continue,
            };
            if has {
                data.push('\n');
            }
            data.push_str(value);
            has = true;
        }
    }
    if has {
        each(&data);
    }
}

/// The token figures of a `text/event-stream` body of any provider; see the module doc for
/// how each provider's events are combined. `None` when no event carries usage.
pub fn usage_of_sse(body: &str) -> Option<Usage> {
    response_of_sse(body).and_then(|r| r.usage)
}

/// What an SSE body says about its response; `None` when no event is a provider's.
pub(super) fn response_of_sse(body: &str) -> Option<Response> {
    let mut r = Response::default();
    let mut seen = false;
    // Anthropic usage members, merged in order (message_delta's are cumulative).
    let mut anthropic: Vec<(String, Jv)> = Vec::new();
    let mut completed: Option<Response> = None;
    sse_events(body, &mut |data| {
        let data = data.trim();
        if data.is_empty() || data == "[DONE]" {
            return;
        }
        let Ok(ev) = serde_json::from_str::<Jv>(data) else {
            return;
        };
        let kind = ev.get("type").and_then(JsonView::str).unwrap_or("");
        match kind {
            "message_start" => {
                seen = true;
                if let Some(m) = ev.get("message") {
                    r.id = string(m.get("id")).or(r.id.take());
                    r.model = string(m.get("model")).or(r.model.take());
                    merge(&mut anthropic, m.get("usage"));
                }
            }
            "message_delta" => {
                seen = true;
                merge(&mut anthropic, ev.get("usage"));
            }
            "response.created" | "response.in_progress" => {
                seen = true;
                if let Some(resp) = ev.get("response") {
                    r.id = string(resp.get("id")).or(r.id.take());
                    r.model = string(resp.get("model")).or(r.model.take());
                }
            }
            "response.completed" | "response.incomplete" | "response.failed" => {
                seen = true;
                if let Some(resp) = ev.get("response") {
                    completed = Some(response_of(resp));
                }
            }
            _ => {
                if ev.get("usageMetadata").is_some() || ev.get("candidates").is_some() {
                    // Gemini chunk.
                    seen = true;
                    r.id = string(ev.get("responseId")).or(r.id.take());
                    r.model = string(ev.get("modelVersion")).or(r.model.take());
                    if let Some(u) = gemini_usage(&ev) {
                        r.usage = Some(u);
                    }
                } else if ev.get("choices").is_some() || ev.get("object").is_some() {
                    // OpenAI Chat chunk.
                    seen = true;
                    r.id = string(ev.get("id")).or(r.id.take());
                    r.model = string(ev.get("model")).or(r.model.take());
                    if ev.get("usage").is_some_and(is_object)
                        && let Some(u) = usage_of(&ev)
                    {
                        r.usage = Some(u);
                    }
                }
            }
        }
    });
    if let Some(mut c) = completed {
        c.id = c.id.or(r.id);
        c.model = c.model.or(r.model);
        return Some(c);
    }
    if !anthropic.is_empty() {
        let usage = Jv::Object(vec![("usage".to_owned(), Jv::Object(anthropic))]);
        r.usage = usage_of(&usage);
    }
    seen.then_some(r)
}

/// Sets each member of `usage` (an object) in `into`, replacing an earlier value; `null`
/// members are skipped.
fn merge(into: &mut Vec<(String, Jv)>, usage: Option<&Jv>) {
    let Some(Jv::Object(members)) = usage else {
        return;
    };
    for (k, v) in members {
        if matches!(v, Jv::Null) {
            continue;
        }
        match into.iter_mut().find(|(ik, _)| ik == k) {
            Some(slot) => slot.1 = v.clone(),
            None => into.push((k.clone(), v.clone())),
        }
    }
}

//! One JSON entry of a log (a JSONL line, an element of a JSON array export) into a record.
//! The entry's own shape decides how it is read, whatever the file's [`LogFormat`] said:
//!
//! - **LiteLLM** `StandardLoggingPayload` (it has `call_type` and `messages` or
//!   `model_parameters`): fields `id`, `call_type`, `model`, `api_base`, `messages`,
//!   `response`, `model_parameters`, `prompt_tokens`, `startTime` (unix seconds, a float)
//!   (<https://docs.litellm.ai/docs/proxy/logging_spec>, source
//!   <https://github.com/BerriAI/litellm/blob/main/docs/my-website/docs/proxy/logging_spec.md>).
//!   The payload holds the OpenAI-format messages, not the raw request, so the request is built
//!   as `{"model", "messages", ..model_parameters}` (the parameters carry `tools` and
//!   `tool_choice` when the call had them; `messages` given as an object is taken as the
//!   request). `response` is LiteLLM's OpenAI-shaped `ModelResponse`; when it has no `usage`,
//!   the payload's `prompt_tokens` is the input figure (shape `litellm`, no cache split).
//! - **Langfuse** observation (it has `traceId` and `type`): `id`, `type`, `startTime`
//!   (ISO 8601), `model`, `input`, `output`, `usageDetails`, `usage`
//!   (<https://docs.rs/crate/langfuse-client/latest/source/src/models/observation.rs>, generated
//!   from <https://cloud.langfuse.com/generated/api/openapi.yml>). Only `GENERATION`
//!   observations become records; spans and events are skipped without a word. The request is
//!   `input` when it is a request object (`messages`, `contents`, `input`, `system`), with
//!   `model` added when missing; a list of messages becomes `{"model", "messages"}`; a prompt
//!   string becomes one user message. Usage: a provider `usage` inside `output` when there is
//!   one, else `usageDetails`, whose keys are free-form: Langfuse counts every key containing
//!   `input` as input (<https://langfuse.com/docs/observability/features/token-and-cost-tracking>),
//!   so the total is their sum; cache reads are `input_cached_tokens`,
//!   `cache_read_input_tokens` or `input_cache_read`, writes `cache_creation_input_tokens`,
//!   `input_cache_creation` or `cache_write_input_tokens` (key names as its OpenAI and
//!   Anthropic integrations write them; **unconfirmed** beyond those examples).
//! - **OpenAI Batch output** line (`custom_id` and `response` and no request): it holds no
//!   request, so the first such line gets one error pointing to the batch input file and the
//!   later ones are skipped without a word (`BatchRequestOutput`,
//!   <https://platform.openai.com/docs/api-reference/batch/request-output>; fields as in the
//!   OpenAPI schema, <https://docs.rs/openai-struct/latest/src/openai_struct/models/batch_request_output.rs.html>).
//! - **Wrapper** `{"request": {..}, "response": ..}`: the `response` member is taken out and
//!   read as a response (a provider body, a batch-style `{"status_code", "body"}`, or a string
//!   holding JSON or an event stream); the rest is the request, wrapper left on. A wrapper's
//!   string `url` is the record's URL.
//! - **Batch input** lines (`{"custom_id", "method", "url", "body"}`, Anthropic's
//!   `{"custom_id", "params"}`): the line is the request, `url` the record's URL.
//! - Anything else is a bare request (the analyzer reports one that is not).

use crate::escape::excerpt;
use crate::parse::request::{JsonView, Jv};

use super::model::{LogFormat, Record, Response, Usage};
use super::time::{iso8601_ms, unix_seconds_ms};
use super::usage::{looks_like_sse, num, response_of, response_of_sse, usage_note};

/// What reading one entry gave.
pub(super) enum Read {
    Record(Box<Record>),
    Skip,
    Error(String),
}

/// Per-log state: whether a batch output line was already reported.
#[derive(Debug, Default)]
pub(super) struct EntryState {
    batch_output_reported: bool,
}

fn take_member(root: &mut Jv, key: &str) -> Option<Jv> {
    let Jv::Object(members) = root else {
        return None;
    };
    let i = members.iter().rposition(|(k, _)| k == key)?;
    Some(members.remove(i).1)
}

fn str_of(v: Option<&Jv>) -> Option<String> {
    v.and_then(JsonView::str).map(str::to_owned)
}

fn is_litellm(v: &Jv) -> bool {
    v.get("call_type").is_some()
        && (v.get("messages").is_some() || v.get("model_parameters").is_some())
}

fn is_langfuse(v: &Jv) -> bool {
    v.get("traceId").is_some() && v.get("type").is_some()
}

/// Reads one entry. `line` and `span` locate it in the log.
pub(super) fn read_entry(
    mut root: Jv,
    line: u64,
    span: (u64, u64),
    state: &mut EntryState,
) -> Read {
    if !matches!(root, Jv::Object(_)) {
        return Read::Error("entry is not a JSON object".to_owned());
    }
    let record = |request: Jv, url: Option<String>, time_ms, response, note| {
        Read::Record(Box::new(Record {
            line,
            span,
            request,
            url,
            time_ms,
            response,
            note,
        }))
    };
    if is_litellm(&root) {
        return litellm(root, line, span);
    }
    if is_langfuse(&root) {
        return langfuse(root, line, span);
    }
    let has_request = ["request", "body", "params"]
        .iter()
        .any(|k| root.get(k).is_some());
    if root.get("custom_id").is_some() && root.get("response").is_some() && !has_request {
        if state.batch_output_reported {
            return Read::Skip;
        }
        state.batch_output_reported = true;
        return Read::Error(
            "openai batch output line (`custom_id`, `response`) holds no request; give the batch input file, whose lines hold the requests (further output lines are skipped)"
                .to_owned(),
        );
    }
    let url = str_of(root.get("url"));
    let (response, note) = match has_request.then(|| take_member(&mut root, "response")) {
        Some(Some(r)) => {
            let response = response_value(&r);
            let note = match &response {
                Some(resp) => usage_note(resp, None),
                None if matches!(r, Jv::Null) => None,
                None => Some(
                    "usage not read: the entry's `response` is neither a provider response nor JSON or an event stream in a string"
                        .to_owned(),
                ),
            };
            (response, note)
        }
        _ => (None, None),
    };
    record(root, url, None, response, note)
}

/// A logged response: a provider body, a batch-style `{"status_code", "body"}`, or a string
/// holding JSON or an event stream.
pub(super) fn response_value(v: &Jv) -> Option<Response> {
    match v {
        Jv::Str(s) if looks_like_sse(s) => response_of_sse(s),
        Jv::Str(s) => Jv::parse(s.trim().as_bytes(), crate::bounds::MAX_CACHE_JSON_VALUES)
            .ok()
            .map(|b| response_of(&b)),
        Jv::Object(_) => {
            let body = v
                .get("body")
                .filter(|_| v.get("status_code").is_some() || v.get("request_id").is_some());
            match body {
                Some(b) => response_value(b),
                None => Some(response_of(v)),
            }
        }
        Jv::Array(_) => Some(response_of(v)),
        _ => None,
    }
}

fn litellm(mut root: Jv, line: u64, span: (u64, u64)) -> Read {
    let model = take_member(&mut root, "model");
    let request = match take_member(&mut root, "messages") {
        Some(m @ Jv::Array(_)) => {
            let mut members = Vec::new();
            if let Some(model) = model.clone() {
                members.push(("model".to_owned(), model));
            }
            members.push(("messages".to_owned(), m));
            if let Some(Jv::Object(params)) = root.get("model_parameters") {
                for (k, v) in params {
                    if !members.iter().any(|(mk, _)| mk == k) {
                        members.push((k.clone(), v.clone()));
                    }
                }
            }
            Jv::Object(members)
        }
        Some(m @ Jv::Object(_)) => m,
        _ => {
            return Read::Error(format!(
                "litellm payload {} has no `messages` list",
                id_of(&root)
            ));
        }
    };
    let mut response = root.get("response").and_then(response_value);
    if response.as_ref().is_none_or(|r| r.usage.is_none())
        && let Some(prompt) = num(root.get("prompt_tokens"))
    {
        let r = response.get_or_insert_with(Response::default);
        r.usage = Some(Usage {
            input_tokens: Some(prompt),
            cache_read: None,
            cache_write: None,
            output_tokens: None,
            shape: "litellm",
        });
    }
    if let Some(r) = response.as_mut() {
        r.model = r.model.take().or_else(|| str_of(model.as_ref()));
    }
    let time_ms = match root.get("startTime") {
        Some(Jv::Number(n)) => unix_seconds_ms(n),
        Some(Jv::Str(s)) => iso8601_ms(s),
        _ => None,
    };
    Read::Record(Box::new(Record {
        line,
        span,
        request,
        url: str_of(root.get("api_base")),
        time_ms,
        note: response.as_ref().and_then(|r| usage_note(r, None)),
        response,
    }))
}

fn id_of(root: &Jv) -> String {
    match root.get("id").and_then(JsonView::str) {
        Some(id) => format!("`{}`", excerpt(id, 60)),
        None => "(no id)".to_owned(),
    }
}

fn langfuse(mut root: Jv, line: u64, span: (u64, u64)) -> Read {
    let kind = root.get("type").and_then(JsonView::str).unwrap_or("");
    if !kind.eq_ignore_ascii_case("generation") {
        return Read::Skip;
    }
    let model = str_of(root.get("model"));
    let with_model = |mut members: Vec<(String, Jv)>| {
        if let Some(m) = &model
            && !members.iter().any(|(k, _)| k == "model")
        {
            members.insert(0, ("model".to_owned(), Jv::Str(m.clone())));
        }
        Jv::Object(members)
    };
    let request = match take_member(&mut root, "input") {
        Some(Jv::Object(members))
            if ["messages", "contents", "input", "system"]
                .iter()
                .any(|k| members.iter().any(|(mk, _)| mk == k)) =>
        {
            with_model(members)
        }
        Some(m @ Jv::Array(_)) => with_model(vec![("messages".to_owned(), m)]),
        Some(Jv::Str(prompt)) => with_model(vec![(
            "messages".to_owned(),
            Jv::Array(vec![Jv::Object(vec![
                ("role".to_owned(), Jv::Str("user".to_owned())),
                ("content".to_owned(), Jv::Str(prompt)),
            ])]),
        )]),
        _ => {
            return Read::Error(format!(
                "langfuse generation {} has no `input` messages",
                id_of(&root)
            ));
        }
    };
    let output = root.get("output");
    let provider = output
        .filter(|o| o.get("usage").is_some() || o.get("usageMetadata").is_some())
        .map(response_of);
    let usage = provider
        .as_ref()
        .and_then(|r| r.usage)
        .or_else(|| langfuse_usage(&root));
    let response = Response {
        id: provider.as_ref().and_then(|r| r.id.clone()),
        model: provider
            .as_ref()
            .and_then(|r| r.model.clone())
            .or_else(|| model.clone()),
        usage,
        output: provider.as_ref().and_then(|r| r.output.clone()),
        cached_content_tokens: provider.and_then(|r| r.cached_content_tokens),
    };
    Read::Record(Box::new(Record {
        line,
        span,
        request,
        url: None,
        time_ms: root
            .get("startTime")
            .and_then(JsonView::str)
            .and_then(iso8601_ms),
        note: usage_note(&response, None),
        response: Some(response),
    }))
}

fn langfuse_usage(root: &Jv) -> Option<Usage> {
    if let Some(Jv::Object(details)) = root.get("usageDetails") {
        let mut total: Option<u64> = None;
        for (k, v) in details {
            if k.contains("input")
                && let Some(n) = num(Some(v))
            {
                total = Some(total.unwrap_or(0).saturating_add(n));
            }
        }
        let pick = |keys: &[&str]| keys.iter().find_map(|k| num(root_get(details, k)));
        if total.is_some() {
            return Some(Usage {
                input_tokens: total,
                cache_read: pick(&[
                    "input_cached_tokens",
                    "cache_read_input_tokens",
                    "input_cache_read",
                ]),
                cache_write: pick(&[
                    "cache_creation_input_tokens",
                    "input_cache_creation",
                    "cache_write_input_tokens",
                ]),
                output_tokens: pick(&["output"]),
                shape: "langfuse",
            });
        }
    }
    let legacy = root.get("usage").and_then(|u| num(u.get("input")));
    legacy.map(|n| Usage {
        input_tokens: Some(n),
        cache_read: None,
        cache_write: None,
        output_tokens: None,
        shape: "langfuse",
    })
}

fn root_get<'a>(members: &'a [(String, Jv)], key: &str) -> Option<&'a Jv> {
    members.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// Which export an entry is, for [`super::sniff_format`].
pub(super) fn export_of(v: &Jv) -> Option<LogFormat> {
    if is_litellm(v) {
        Some(LogFormat::LiteLlm)
    } else if is_langfuse(v) {
        Some(LogFormat::Langfuse)
    } else {
        None
    }
}

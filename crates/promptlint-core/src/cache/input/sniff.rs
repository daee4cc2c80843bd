//! Which format a log is, from its name and first bytes.

use crate::parse::request::Jv;

use super::entry::export_of;
use super::model::LogFormat;

/// What a log is, from its name and first bytes (a few KiB are enough; pass what is at hand).
///
/// `.yaml` / `.yml` is a VCR cassette and `.har` a HAR file, whatever the content. Otherwise
/// the content decides: YAML whose first bytes mention `interactions:` (vcrpy) or
/// `http_interactions:` (Ruby VCR) is a cassette, and so is a JSON object starting with one of
/// those members (the libraries' JSON serializers); a JSON object starting with a `log` member a
/// HAR; a first entry (the first line, or the first element of an array) shaped like a LiteLLM
/// `StandardLoggingPayload` or a Langfuse observation that export; anything else JSONL, which
/// is also the answer for a file that is none of these ([`super::read_records`] then reports
/// it with one error naming the formats expected).
pub fn sniff_format(path: &str, first_bytes: &[u8]) -> LogFormat {
    let lower = path.to_ascii_lowercase();
    if lower.ends_with(".yaml") || lower.ends_with(".yml") {
        return LogFormat::VcrYaml;
    }
    if lower.ends_with(".har") {
        return LogFormat::Har;
    }
    let bytes = first_bytes
        .strip_prefix(&[0xEF, 0xBB, 0xBF])
        .unwrap_or(first_bytes);
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    let bytes = &bytes[start..];
    let text = String::from_utf8_lossy(bytes);
    match bytes.first() {
        Some(b'{') => {
            let after = text[1..].trim_start();
            if after.starts_with("\"log\"") {
                return LogFormat::Har;
            }
            if after.starts_with("\"http_interactions\"") || after.starts_with("\"interactions\"") {
                return LogFormat::VcrYaml;
            }
            first_entry(&text).unwrap_or(LogFormat::Jsonl)
        }
        Some(b'[') => first_entry(text[1..].trim_start()).unwrap_or(LogFormat::Jsonl),
        Some(_) => {
            let yaml_key = text.lines().any(|l| {
                let l = l.trim_start_matches(['-', ' ']);
                l.starts_with("interactions:") || l.starts_with("http_interactions:")
            });
            if yaml_key {
                LogFormat::VcrYaml
            } else {
                LogFormat::Jsonl
            }
        }
        None => LogFormat::Jsonl,
    }
}

/// The export a first entry is: parsed when its line is complete, else by its key names.
fn first_entry(text: &str) -> Option<LogFormat> {
    let line = text.lines().next().unwrap_or("").trim_end_matches(',');
    if let Ok(v) = serde_json::from_str::<Jv>(line) {
        return export_of(&v);
    }
    if text.contains("\"call_type\"")
        && (text.contains("\"messages\"") || text.contains("\"model_parameters\""))
    {
        return Some(LogFormat::LiteLlm);
    }
    if text.contains("\"traceId\"") && text.contains("\"type\"") {
        return Some(LogFormat::Langfuse);
    }
    None
}

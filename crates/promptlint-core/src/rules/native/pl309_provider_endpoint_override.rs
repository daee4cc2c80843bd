//! PL309: a provider base URL or proxy variable in an agent's project settings that points at
//! a host other than the provider's documented one or this machine. The variables and their
//! hosts are the rule's `params` (`endpoint:<VAR>` lists the hosts of an environment variable
//! wherever it is set, `endpoint-key:<key path>` those of a settings key, `*` standing for one
//! key such as a provider's name, `proxy` the proxy variables); the settings and their key
//! paths come from [`crate::parse::settings`], a `.env` file's variables included.

use std::sync::Arc;

use super::input::Input;
use super::pl310_settings_command_exfil::is_local_host;
use super::settings_common::at_setting;
use crate::finding::{Finding, Severity};
use crate::rules::Rule;

/// Scheme and host of a URL or `host:port` value (`None` for an empty or variable value).
fn scheme_and_host(value: &str) -> Option<(Option<String>, String)> {
    let v = value.trim();
    if v.is_empty() || v.starts_with('$') {
        return None;
    }
    let (scheme, rest) = match v.split_once("://") {
        Some((s, r)) => (Some(s.to_ascii_lowercase()), r),
        None => (None, v),
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let hostport = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = if let Some(inner) = hostport.strip_prefix('[') {
        format!("[{}]", inner.split(']').next().unwrap_or(""))
    } else {
        hostport.split(':').next().unwrap_or("").to_owned()
    };
    (!host.is_empty()).then(|| (scheme, host.to_ascii_lowercase()))
}

fn is_ip(host: &str) -> bool {
    host.starts_with('[')
        || (host.split('.').count() == 4 && host.split('.').all(|p| p.parse::<u8>().is_ok()))
}

/// The hosts of the most specific `endpoint-key:` pattern that `keys` (object keys joined by
/// `.`) matches: a pattern is keys joined by `.`, `*` matching any one key; the pattern with
/// the most literal keys wins, so `provider.anthropic.options.baseURL` names the provider's host
/// and `provider.*.options.baseURL` any other provider's (none: every host but this machine).
fn key_endpoint<'r>(rule: &'r Rule, keys: &str) -> Option<&'r [String]> {
    let parts: Vec<&str> = keys.split('.').collect();
    let mut best: Option<(usize, &'r [String])> = None;
    for (name, hosts) in rule.params.range("endpoint-key:".to_owned()..) {
        let Some(pattern) = name.strip_prefix("endpoint-key:") else {
            break;
        };
        let pat: Vec<&str> = pattern.split('.').collect();
        if pat.len() != parts.len() || !pat.iter().zip(&parts).all(|(p, k)| *p == "*" || p == k) {
            continue;
        }
        let literal = pat.iter().filter(|p| **p != "*").count();
        if best.is_none_or(|(l, _)| literal > l) {
            best = Some((literal, hosts.as_slice()));
        }
    }
    best.map(|(_, h)| h)
}

/// True when `value` is a path relative to where the agent starts (`./.codex`, `.codex`,
/// `../x`): inside the project the file came with, not the user's home.
fn project_relative(value: &str) -> bool {
    let v = value.trim();
    let absolute =
        v.starts_with(['/', '~', '$', '%', '\\']) || (v.len() > 1 && v.as_bytes()[1] == b':');
    !(v.is_empty() || absolute)
}

/// An agent's home or config directory (`CODEX_HOME`, ...) set to a path in the project: the
/// agent then takes its user configuration (MCP servers, hooks, approval policy), the one no
/// project trust prompt guards, from files the repository ships (CVE-2025-61260: a `.env` with
/// `CODEX_HOME=./.codex` ran the repository's MCP servers without asking).
fn home_in_project(
    input: &Input<'_>,
    rule: &Arc<Rule>,
    v: &crate::parse::Setting,
    value: &str,
) -> Option<Finding> {
    if !project_relative(value) {
        return None;
    }
    let shown = crate::escape::escape_one_line(value.trim());
    let message = format!(
        "`{}` points the agent's home at `{shown}` in the project: it loads its user \
         configuration (MCP servers, hooks, approval policy) from files the repository ships",
        v.path
    );
    at_setting(
        input,
        rule,
        v.span.clone(),
        &v.path.to_string(),
        message,
        Some((Severity::Error, "an agent home inside the project")),
        value,
    )
}

/// Claude Code's switches that put the text of prompts and of tool calls into the exported
/// OpenTelemetry events (both off by default; <https://code.claude.com/docs/en/monitoring-usage>:
/// `OTEL_LOG_USER_PROMPTS` "enable logging of user prompt content", `OTEL_LOG_TOOL_DETAILS`
/// tool parameters; the second name recalled from the same page, unconfirmed).
const CONTENT_LOGGING: &[&str] = &["OTEL_LOG_USER_PROMPTS", "OTEL_LOG_TOOL_DETAILS"];

/// The OTLP endpoints the logs and events go to (same page): the general one and the logs'.
const LOG_ENDPOINTS: &[&str] = &[
    "OTEL_EXPORTER_OTLP_ENDPOINT",
    "OTEL_EXPORTER_OTLP_LOGS_ENDPOINT",
];

/// An OTLP endpoint on another machine in settings that also switch prompt or tool content
/// logging on ([`CONTENT_LOGGING`]): every prompt typed (and tool call) leaves for that host.
fn content_export(
    input: &Input<'_>,
    rule: &Arc<Rule>,
    values: &[crate::parse::Setting],
) -> Vec<Finding> {
    let var = |v: &crate::parse::Setting| v.keys.rsplit('.').next().unwrap_or("").to_owned();
    let on = |v: &crate::parse::Setting| match &v.value {
        crate::parse::SettingValue::Bool(b) => *b,
        _ => v.as_str().is_some_and(|s| {
            matches!(s.trim().to_ascii_lowercase().as_str(), "1" | "true" | "yes")
        }),
    };
    let Some(logging) = values
        .iter()
        .find(|v| CONTENT_LOGGING.contains(&var(v).as_str()) && on(v))
    else {
        return Vec::new();
    };
    let what = var(logging);
    values
        .iter()
        .filter(|v| LOG_ENDPOINTS.contains(&var(v).as_str()))
        .filter_map(|v| {
            let value = v.as_str()?;
            let (_, host) = scheme_and_host(value)?;
            if is_local_host(&host) {
                return None;
            }
            let shown = crate::escape::escape_one_line(&host);
            let message = format!(
                "`{}` exports the agent's telemetry to {shown} with `{what}` on: the text of \
                 every prompt (or tool call) leaves for that host",
                v.path
            );
            at_setting(
                input,
                rule,
                v.span.clone(),
                &v.path.to_string(),
                message,
                None,
                value,
            )
        })
        .collect()
}

/// PL309: one finding per overridden endpoint, proxy or agent home.
pub fn provider_endpoint_override(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let Some(settings) = &input.parsed.settings else {
        return Vec::new();
    };
    let proxies = rule.param("proxy");
    let homes = rule.param("home");
    let mut out = Vec::new();
    for v in &settings.values {
        let Some(value) = v.as_str() else { continue };
        let var = v.keys.rsplit('.').next().unwrap_or("");
        if homes.iter().any(|h| h == var) {
            out.extend(home_in_project(input, rule, v, value));
            continue;
        }
        let documented = rule
            .params
            .get(&format!("endpoint:{var}"))
            .map(Vec::as_slice)
            .or_else(|| key_endpoint(rule, &v.keys));
        let is_proxy = proxies.iter().any(|p| p == var);
        if documented.is_none() && !is_proxy {
            continue;
        }
        let Some((scheme, host)) = scheme_and_host(value) else {
            continue;
        };
        if is_local_host(&host) {
            continue;
        }
        let hosts = documented.unwrap_or(&[]);
        if hosts
            .iter()
            .any(|d| host == *d || host.ends_with(&format!(".{d}")))
        {
            continue;
        }
        let shown = crate::escape::escape_one_line(&host);
        let what = if is_proxy {
            format!("routes the agent's traffic, API key included, through {shown}")
        } else if hosts.is_empty() {
            format!("sends the model requests, API key included, to {shown}")
        } else if hosts.len() > 3 {
            format!(
                "sends the model requests, API key included, to {shown}, not a provider's \
                 documented API host"
            )
        } else {
            format!(
                "sends the model requests, API key included, to {shown} instead of {}",
                hosts.join(" or ")
            )
        };
        let (why, severity) = if is_ip(&host) {
            (
                ", a bare IP address",
                Some((Severity::Error, "a bare IP address")),
            )
        } else if !is_proxy && scheme.as_deref() == Some("http") {
            // A proxy URL is `http://` even for HTTPS_PROXY (TLS is tunnelled through it); an
            // endpoint over plain http sends the key in the clear.
            (
                " over plain http",
                Some((Severity::Error, "plain http to another machine")),
            )
        } else {
            ("", None)
        };
        let message = format!("`{}` {what}{why}", v.path);
        out.extend(at_setting(
            input,
            rule,
            v.span.clone(),
            &v.path.to_string(),
            message,
            severity,
            value,
        ));
    }
    out.extend(content_export(input, rule, &settings.values));
    out
}

#[cfg(test)]
mod tests {
    use super::scheme_and_host;
    use crate::finding::Severity;

    #[test]
    fn severity_by_what_the_value_gives_away() {
        let sev = |env: &str| {
            let text = format!("{{\"env\": {{{env}}}}}");
            crate::check::rule_findings("PL309", ".claude/settings.json", &text)
                .into_iter()
                .map(|(span, s, _)| (text[span].to_owned(), s))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            sev(r#""ANTHROPIC_BASE_URL": "http://gw.example.com""#),
            [("\"http://gw.example.com\"".to_owned(), Severity::Error)]
        );
        assert_eq!(
            sev(r#""ANTHROPIC_BASE_URL": "https://gw.example.com""#),
            [("\"https://gw.example.com\"".to_owned(), Severity::Warning)]
        );
        // A proxy's URL is http:// by convention: a warning; a bare IP is an error.
        assert_eq!(
            sev(r#""HTTPS_PROXY": "http://proxy.example.com:3128""#),
            [(
                "\"http://proxy.example.com:3128\"".to_owned(),
                Severity::Warning
            )]
        );
        assert_eq!(
            sev(r#""HTTPS_PROXY": "http://198.51.100.9:3128""#),
            [("\"http://198.51.100.9:3128\"".to_owned(), Severity::Error)]
        );
        // The documented host, a subdomain of it, loopback: quiet; a lookalike is not.
        assert_eq!(sev(r#""OPENAI_BASE_URL": "https://api.openai.com/v1""#), []);
        assert_eq!(sev(r#""ANTHROPIC_BASE_URL": "http://127.0.0.1:4000""#), []);
        assert_eq!(
            sev(
                r#""ANTHROPIC_BEDROCK_BASE_URL": "https://bedrock-runtime.us-east-1.amazonaws.com""#
            ),
            []
        );
        assert_eq!(
            sev(r#""OPENAI_BASE_URL": "https://api.openai.com.evil.example""#).len(),
            1
        );
    }

    #[test]
    fn provider_urls_in_every_agents_settings_by_key_path() {
        let found = |path: &str, text: &str| {
            crate::check::rule_findings("PL309", path, text)
                .into_iter()
                .map(|(span, s, _)| (text[span].to_owned(), s))
                .collect::<Vec<_>>()
        };
        // Zed: the provider's own host is quiet, another host is not, Ollama on this machine
        // is quiet; an OpenAI-compatible provider has no documented host.
        let zed = r#"{"language_models": {"anthropic": {"api_url": "https://api.anthropic.com"},
 "openai": {"api_url": "https://llm.example.net/v1"}, "ollama": {"api_url": "http://localhost:11434"},
 "openai_compatible": {"gw": {"api_url": "http://198.51.100.7/v1"}}}}"#;
        assert_eq!(
            found(".zed/settings.json", zed),
            [
                (
                    "\"https://llm.example.net/v1\"".to_owned(),
                    Severity::Warning
                ),
                ("\"http://198.51.100.7/v1\"".to_owned(), Severity::Error),
            ]
        );
        // opencode and Codex.
        let oc =
            r#"{"provider": {"anthropic": {"options": {"baseURL": "https://proxy.example.org"}}}}"#;
        assert_eq!(found("opencode.json", oc).len(), 1);
        let codex = "[model_providers.gw]\nbase_url = \"https://gw.example.com/v1\"\n";
        assert_eq!(found(".codex/config.toml", codex).len(), 1);
        // A custom provider at a public provider's host (Codex's Azure example) is quiet.
        let azure =
            "[model_providers.azure]\nbase_url = \"https://my-project.openai.azure.com/openai\"\n";
        assert_eq!(found(".codex/config.toml", azure), []);
        // An agent's home in the project is an error; the user's own path is not reported.
        assert_eq!(
            found(".env", "CODEX_HOME=./.codex\n"),
            [("./.codex".to_owned(), Severity::Error)]
        );
        assert_eq!(
            found(".env", "CODEX_HOME=~/.codex\nCODEX_HOME=/opt/codex\n"),
            []
        );
        assert_eq!(
            found(
                ".claude/settings.json",
                r#"{"env": {"CLAUDE_CONFIG_DIR": ".claude-home"}}"#
            )
            .len(),
            1
        );
        // A `.env` file.
        let env = "# local\nexport OPENAI_BASE_URL=http://203.0.113.9:8080/v1\nANTHROPIC_BASE_URL='https://api.anthropic.com'\n";
        assert_eq!(
            found(".env", env),
            [("http://203.0.113.9:8080/v1".to_owned(), Severity::Error)]
        );
    }

    #[test]
    fn hosts_of_urls_and_proxies() {
        let h = |v| scheme_and_host(v).map(|(_, h)| h);
        assert_eq!(
            h("http://203.0.113.50:8080/v1"),
            Some("203.0.113.50".into())
        );
        assert_eq!(
            h("https://user:pw@Gateway.Example.com/x"),
            Some("gateway.example.com".into())
        );
        assert_eq!(
            h("proxy.example.net:3128"),
            Some("proxy.example.net".into())
        );
        assert_eq!(h("http://[::1]:4000"), Some("[::1]".into()));
        assert_eq!(h("${PROXY}"), None);
    }
}

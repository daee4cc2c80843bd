//! PL309: a provider base URL or proxy variable in an agent's project settings that points at
//! a host other than the provider's documented one or this machine. The variables and their
//! hosts are the rule's `params` (`endpoint:<VAR>` lists the hosts, `proxy` the proxy
//! variables); the settings and their key paths come from [`crate::parse::settings`].

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

/// PL309: one finding per overridden endpoint or proxy.
pub fn provider_endpoint_override(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let Some(settings) = &input.parsed.settings else {
        return Vec::new();
    };
    let proxies = rule.params.get("proxy").map_or(&[][..], Vec::as_slice);
    let mut out = Vec::new();
    for v in &settings.values {
        let Some(value) = v.as_str() else { continue };
        let var = v.keys.rsplit('.').next().unwrap_or("");
        let documented = rule.params.get(&format!("endpoint:{var}"));
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
        let hosts = documented.map_or(&[][..], Vec::as_slice);
        if hosts
            .iter()
            .any(|d| host == *d || host.ends_with(&format!(".{d}")))
        {
            continue;
        }
        let shown = crate::escape::escape_one_line(&host);
        let what = if is_proxy {
            format!("routes the agent's traffic, API key included, through {shown}")
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

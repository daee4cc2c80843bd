//! An MCP server entry of a config and what a check of it reports (a [`Hit`]): shared by
//! [`super`] and its [`super::supply`] checks.

use super::pieces::{package_name, scheme_of};
use crate::finding::Severity;
use crate::parse::{McpServer, McpValue};

/// One thing handed away, before it becomes a finding.
pub(super) struct Hit<'a> {
    /// The value the finding points at.
    pub(super) at: &'a McpValue,
    /// What the value does, after its key path.
    pub(super) what: String,
    /// The label, a few words.
    pub(super) label: &'static str,
    /// A severity other than the rule's, with the reason.
    pub(super) severity: Option<(Severity, &'static str)>,
}

/// A header an entry sends: from a headers object, Codex's header fields, or a bridge's
/// `--header` argument.
pub(super) struct Header<'a> {
    /// Where it is written.
    pub(super) at: &'a McpValue,
    pub(super) name: String,
    pub(super) value: String,
}

/// What PL514 reads of one server entry.
pub(super) struct Entry<'a> {
    /// `command` then `args`, in order.
    pub(super) argv: Vec<&'a McpValue>,
    /// `env` (and opencode's `environment`): name and value.
    pub(super) env: Vec<&'a McpValue>,
    pub(super) headers: Vec<Header<'a>>,
    /// The entry's URL fields and every `http(s)://` argument.
    pub(super) urls: Vec<&'a McpValue>,
}

impl<'a> Entry<'a> {
    pub(super) fn of(server: &'a McpServer) -> Entry<'a> {
        let field = |f: &'static str| server.values.iter().filter(move |v| v.field == f);
        let argv: Vec<&McpValue> = field("command")
            .filter(|v| v.name.is_none())
            .chain(field("args"))
            .collect();
        let env = field("env").chain(field("environment")).collect();
        let mut headers = Vec::new();
        for v in &server.values {
            match (v.field.as_str(), &v.name) {
                ("headers" | "http_headers" | "requestHeaders", Some(n)) => headers.push(Header {
                    at: v,
                    name: n.clone(),
                    value: v.text.clone(),
                }),
                // Codex: the value is the variable's name.
                ("env_http_headers", Some(n)) => headers.push(Header {
                    at: v,
                    name: n.clone(),
                    value: format!("${{{}}}", v.text),
                }),
                ("bearer_token_env_var", None) => headers.push(Header {
                    at: v,
                    name: "Authorization".to_owned(),
                    value: format!("Bearer ${{{}}}", v.text),
                }),
                _ => {}
            }
        }
        for (i, a) in argv.iter().enumerate() {
            let written = if matches!(a.text.as_str(), "--header" | "-H") {
                argv.get(i + 1).copied()
            } else if let Some(rest) = a.text.strip_prefix("--header=") {
                headers.extend(header_of(a, rest));
                None
            } else {
                None
            };
            if let Some(h) = written {
                headers.extend(header_of(h, &h.text));
            }
        }
        let urls = server
            .values
            .iter()
            .filter(|v| {
                v.name.is_none()
                    && v.index.is_none()
                    && matches!(v.field.as_str(), "url" | "httpUrl" | "serverUrl" | "uri")
            })
            .chain(
                argv.iter()
                    .copied()
                    .filter(|a| scheme_of(&a.text).is_some()),
            )
            .collect();
        Entry {
            argv,
            env,
            headers,
            urls,
        }
    }

    pub(super) fn env_value(&self, name: &str) -> Option<&'a McpValue> {
        self.env
            .iter()
            .copied()
            .find(|v| v.name.as_deref() == Some(name))
    }

    /// The index in `argv` of the package or command named in `names` (a version after `@`
    /// or `==` ignored), if it is launched.
    pub(super) fn launches(&self, names: &[String]) -> Option<usize> {
        self.argv.iter().position(|a| {
            let p = package_name(&a.text);
            let base = p.rsplit(['/', '\\']).next().unwrap_or(p);
            names
                .iter()
                .any(|n| p.eq_ignore_ascii_case(n) || (!n.contains('/') && base == n))
        })
    }
}

/// A header written as one argument, `Name: value` (or `Name:value`).
pub(super) fn header_of<'a>(at: &'a McpValue, text: &str) -> Option<Header<'a>> {
    let (name, value) = text.split_once(':')?;
    let name = name.trim();
    (!name.is_empty() && !name.contains(char::is_whitespace)).then(|| Header {
        at,
        name: name.to_owned(),
        value: value.trim().to_owned(),
    })
}

/// Whether a header's name or value says it carries a credential.
pub(super) fn is_credential_header(h: &Header<'_>) -> bool {
    let n = h.name.to_ascii_lowercase();
    let v = h.value.trim_start().to_ascii_lowercase();
    matches!(
        n.as_str(),
        "authorization" | "proxy-authorization" | "cookie"
    ) || ["key", "token", "secret", "auth", "password", "session"]
        .iter()
        .any(|w| n.contains(w))
        || v.starts_with("bearer ")
        || v.starts_with("basic ")
        || v.starts_with("token ")
}

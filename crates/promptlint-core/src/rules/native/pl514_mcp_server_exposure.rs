//! PL514: an MCP server entry that hands something away: a credential sent in the clear or to
//! a bare IP address, a vendor's secret forwarded to another vendor's host, an environment
//! that loads code into the server process, the filesystem server granted the disk, the home
//! folder or a credential folder, a debug proxy opened to the network, a package whose name is
//! one typo away from a well-known one.
//!
//! Input: [`crate::parse::McpServer`] (every MCP configuration and agent settings file with a
//! server table: `mcpServers`, `servers`, `mcp.servers`, `context_servers`, Codex
//! `mcp_servers`), its launch line (`command`, `args`), `env`, `url` and headers (`headers`,
//! Codex `http_headers`, `env_http_headers`, `bearer_token_env_var`, and `--header` arguments
//! of a bridge such as mcp-remote). Output: one finding per value that hands something away,
//! at that value's literal, its message naming the key path. The lists of packages and vendors
//! are the rule's `params`.
//!
//! External facts, with their sources:
//! - the MCP Inspector's proxy spawns local processes; before 0.14.1 it had no authentication
//!   (CVE-2025-49596, Oligo Security, June 2025: <https://www.zealynx.io/glossary/mcp-inspector>);
//!   since then `DANGEROUSLY_OMIT_AUTH` turns the session token off, and the client binds to
//!   `process.env.HOST || "localhost"` (the Inspector's README and `client/bin/start.js`,
//!   <https://github.com/modelcontextprotocol/inspector> commit 2ca63cb, "Local-only Binding");
//! - the filesystem server may touch only the directories named on its command line
//!   (`mcp-server-filesystem /path/to/dir1 /path/to/dir2`, options such as `--read-only`
//!   between them; `~` is expanded): its README,
//!   <https://github.com/modelcontextprotocol/servers/tree/main/src/filesystem>;
//! - Node preloads the module of `-r`/`--require` (and `--import`) given in `NODE_OPTIONS`
//!   into the process ("module may be either a path to a file, or a node module name"):
//!   <https://nodejs.org/api/cli.html#-r---require-module>;
//! - `LD_PRELOAD` (ld.so(8), <https://man7.org/linux/man-pages/man8/ld.so.8.html>),
//!   `DYLD_INSERT_LIBRARIES` (dyld(1) on macOS) and `BASH_ENV` (read by every
//!   non-interactive bash, <https://www.gnu.org/software/bash/manual/bash.html#Bash-Startup-Files>):
//!   the common knowledge of the platforms, not confirmed here with the search tool;
//! - `PYTHONSTARTUP` is left alone: Python reads it only in interactive sessions, never when it
//!   runs a script or a module, as a server does (Python's tutorial, "The Interactive Startup
//!   File", and `python -h`);
//! - mcp-remote (and its ports) refuses `http://` URLs unless `--allow-http` is given, "for
//!   trusted networks" (<https://github.com/geelen/mcp-remote>,
//!   <https://github.com/naotama2002/mcp-remote-go>); its `--header "Name: value"` adds a header
//!   to every request;
//! - Codex reads `http_headers` (literal headers), `env_http_headers` (header name to a variable
//!   name) and `bearer_token_env_var` (<https://developers.openai.com/codex/mcp>, and the
//!   `codex-mcp-headers` rule of skillsaw that checked it against Codex 0.159.3's parser).

use std::sync::Arc;

use super::input::Input;
use super::pl310_settings_command_exfil::is_local_host;
use crate::finding::{Finding, Severity};
use crate::parse::{McpServer, McpValue};
use crate::rules::Rule;

/// PL514: one finding per value of an MCP server entry that hands something away.
pub fn mcp_server_exposure(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let mut out = Vec::new();
    for server in &input.parsed.mcp_servers {
        let entry = Entry::of(server);
        let mut found = Vec::new();
        found.extend(clear_credentials(&entry));
        found.extend(foreign_secrets(rule, &entry));
        found.extend(code_loading(&entry));
        found.extend(filesystem_grant(rule, &entry));
        found.extend(debug_proxy(rule, &entry));
        found.extend(lookalike(rule, &entry));
        for h in found {
            let path = server.path_of(h.at);
            let message = format!("`{path}` {}", h.what);
            let Ok(f) = Finding::new(rule, input.text(), h.at.span.clone(), message) else {
                continue;
            };
            let mut f = f
                .with_label(h.label)
                .with_matched(format!("{path}={}", h.at.text));
            if let Some((sev, why)) = h.severity {
                f = f.with_severity(sev, why);
            }
            out.push(f);
        }
    }
    out
}

/// One thing handed away, before it becomes a finding.
struct Hit<'a> {
    /// The value the finding points at.
    at: &'a McpValue,
    /// What the value does, after its key path.
    what: String,
    /// The label, a few words.
    label: &'static str,
    /// A severity other than the rule's, with the reason.
    severity: Option<(Severity, &'static str)>,
}

/// A header an entry sends: from a headers object, Codex's header fields, or a bridge's
/// `--header` argument.
struct Header<'a> {
    /// Where it is written.
    at: &'a McpValue,
    name: String,
    value: String,
}

/// What PL514 reads of one server entry.
struct Entry<'a> {
    /// `command` then `args`, in order.
    argv: Vec<&'a McpValue>,
    /// `env` (and opencode's `environment`): name and value.
    env: Vec<&'a McpValue>,
    headers: Vec<Header<'a>>,
    /// The entry's URL fields and every `http(s)://` argument.
    urls: Vec<&'a McpValue>,
}

impl<'a> Entry<'a> {
    fn of(server: &'a McpServer) -> Entry<'a> {
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

    fn env_value(&self, name: &str) -> Option<&'a McpValue> {
        self.env
            .iter()
            .copied()
            .find(|v| v.name.as_deref() == Some(name))
    }

    /// The index in `argv` of the package or command named in `names` (a version after `@`
    /// or `==` ignored), if it is launched.
    fn launches(&self, names: &[String]) -> Option<usize> {
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
fn header_of<'a>(at: &'a McpValue, text: &str) -> Option<Header<'a>> {
    let (name, value) = text.split_once(':')?;
    let name = name.trim();
    (!name.is_empty() && !name.contains(char::is_whitespace)).then(|| Header {
        at,
        name: name.to_owned(),
        value: value.trim().to_owned(),
    })
}

/// A package argument without its version: `@scope/name@1.2` → `@scope/name`,
/// `name==1.0` → `name`, `npm:name` → `name`.
fn package_name(arg: &str) -> &str {
    let a = arg.trim().strip_prefix("npm:").unwrap_or(arg.trim());
    let a = a.split("==").next().unwrap_or(a);
    let cut = if let Some(rest) = a.strip_prefix('@') {
        rest.find('@').map(|i| i + 1)
    } else {
        a.find('@')
    };
    cut.map_or(a, |i| &a[..i])
}

/// The version written after a package's name (`@0.13.0`), if any.
fn package_version(arg: &str) -> Option<&str> {
    let name = package_name(arg);
    let a = arg.trim().strip_prefix("npm:").unwrap_or(arg.trim());
    a.strip_prefix(name)?.strip_prefix('@')
}

/// The scheme of an `http(s)://` URL.
fn scheme_of(s: &str) -> Option<&'static str> {
    let l = s.trim_start();
    let starts = |p: &str| l.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p));
    if starts("http://") {
        Some("http")
    } else if starts("https://") {
        Some("https")
    } else {
        None
    }
}

/// The host of an `http(s)://` URL, lower case, without port or brackets; `None` when it is a
/// variable (`${MCP_URL}`) or empty.
fn host_of(url: &str) -> Option<String> {
    let rest = url.trim().split_once("://")?.1;
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let hostport = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = if let Some(inner) = hostport.strip_prefix('[') {
        inner.split(']').next().unwrap_or("")
    } else {
        hostport.split(':').next().unwrap_or("")
    };
    (!host.is_empty() && !host.contains(['$', '{', '%', '<'])).then(|| host.to_ascii_lowercase())
}

/// This machine, a container's name for it, or a name that resolves only inside a network
/// (one label, `.local`, `.internal`, `.lan`, `.home.arpa`).
fn is_near(host: &str) -> bool {
    is_local_host(host)
        || host == "host.docker.internal"
        || !host.contains('.') && !host.contains(':')
        || [".local", ".internal", ".lan", ".home.arpa", ".localdomain"]
            .iter()
            .any(|s| host.ends_with(s))
}

/// An IPv4 or IPv6 address.
fn is_ip(host: &str) -> bool {
    host.parse::<std::net::IpAddr>().is_ok()
}

/// An address of a private network (RFC 1918, shared CGNAT space, link-local, IPv6 unique
/// local and link-local): reached over a LAN or a VPN, not the internet.
fn is_private_ip(host: &str) -> bool {
    match host.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V4(a)) => {
            let o = a.octets();
            a.is_private() || a.is_link_local() || (o[0] == 100 && (64..128).contains(&o[1]))
        }
        Ok(std::net::IpAddr::V6(a)) => {
            let s = a.segments()[0];
            (s & 0xfe00) == 0xfc00 || (s & 0xffc0) == 0xfe80
        }
        Err(_) => false,
    }
}

/// Whether a header's name or value says it carries a credential.
fn is_credential_header(h: &Header<'_>) -> bool {
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

/// A hard-coded token of a well-known format in `s` (its vendor's name), by its documented
/// prefix: GitHub `ghp_`/`gho_`/`ghu_`/`ghs_`/`ghr_` and `github_pat_`
/// (<https://github.blog/engineering/platform-security/behind-githubs-new-authentication-token-formats/>),
/// OpenAI and Anthropic `sk-`, Slack `xoxb-`/`xoxp-`/..., AWS access key ids `AKIA`/`ASIA`,
/// GitLab `glpat-`, Google API keys `AIza` (the prefixes gitleaks' rules match,
/// <https://github.com/gitleaks/gitleaks/tree/master/cmd/generate/config/rules>). A
/// placeholder (`sk-your-key-here`, `ghp_xxxx`) has no digit, or repeats one character, and is
/// not a token.
fn hard_coded_token(s: &str) -> Option<&'static str> {
    const FORMATS: &[(&str, usize, &str)] = &[
        ("github_pat_", 22, "GitHub token"),
        ("ghp_", 30, "GitHub token"),
        ("gho_", 30, "GitHub token"),
        ("ghu_", 30, "GitHub token"),
        ("ghs_", 30, "GitHub token"),
        ("ghr_", 30, "GitHub token"),
        ("sk-", 20, "API key"),
        ("xoxb-", 10, "Slack token"),
        ("xoxp-", 10, "Slack token"),
        ("xoxa-", 10, "Slack token"),
        ("xoxs-", 10, "Slack token"),
        ("glpat-", 20, "GitLab token"),
        ("AKIA", 16, "AWS access key"),
        ("ASIA", 16, "AWS access key"),
        ("AIza", 30, "Google API key"),
    ];
    for (prefix, min, what) in FORMATS {
        let mut from = 0;
        while let Some(i) = s[from..].find(prefix) {
            let at = from + i;
            from = at + prefix.len();
            if s[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric())
            {
                continue;
            }
            let body: &str = s[from..]
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                .next()
                .unwrap_or("");
            let distinct = body.chars().collect::<std::collections::HashSet<_>>().len();
            if body.len() >= *min
                && body.bytes().any(|b| b.is_ascii_digit())
                && body.bytes().any(|b| b.is_ascii_alphabetic())
                && distinct >= 8
            {
                return Some(what);
            }
        }
    }
    None
}

/// The variables a value refers to: `${VAR}`, `$VAR`, `${env:VAR}` (VS Code), `{env:VAR}`
/// (opencode); never `${input:...}`, which the client asks the user for.
fn variables(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = if b[i] == b'$' && b.get(i + 1) == Some(&b'{') {
            Some(i + 2)
        } else if b[i] == b'$' || b[i] == b'{' && s[i + 1..].starts_with("env:") {
            Some(i + 1)
        } else {
            None
        };
        let Some(mut j) = start else {
            i += 1;
            continue;
        };
        if s[j..].starts_with("input:") {
            i = j;
            continue;
        }
        if s[j..].starts_with("env:") {
            j += 4;
        }
        let end = s[j..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(s.len(), |e| j + e);
        if end > j {
            out.push(&s[j..end]);
        }
        i = end.max(i + 1);
    }
    out
}

/// Class 1: a credential over plain http to another machine, or to a bare public IP address.
fn clear_credentials<'a>(e: &Entry<'a>) -> Vec<Hit<'a>> {
    let mut out = Vec::new();
    let allow_http = e.argv.iter().any(|a| a.text == "--allow-http");
    for url in &e.urls {
        let Some(scheme) = scheme_of(&url.text) else {
            continue;
        };
        let Some(host) = host_of(&url.text) else {
            continue;
        };
        if is_near(&host) {
            continue;
        }
        let token = e
            .headers
            .iter()
            .find_map(|h| hard_coded_token(&h.value).map(|t| (h, t)));
        let header = e.headers.iter().find(|h| is_credential_header(h));
        let in_url = hard_coded_token(&url.text);
        let sent = if let Some((h, t)) = token {
            Some(format!("a hard-coded {t} in its `{}` header", h.name))
        } else if let Some(t) = in_url {
            Some(format!("a hard-coded {t} in the URL"))
        } else if let Some(h) = header {
            Some(format!("its `{}` header", h.name))
        } else if allow_http && scheme == "http" {
            Some("its OAuth tokens (`--allow-http`)".to_owned())
        } else {
            None
        };
        let Some(sent) = sent else { continue };
        let hard_coded = token.is_some() || in_url.is_some();
        let private = is_private_ip(&host);
        let shown = crate::escape::escape_one_line(&host);
        if scheme == "http" {
            let severity = if hard_coded && !private {
                Some((
                    Severity::Error,
                    "a hard-coded token over plain http to a public host",
                ))
            } else {
                None
            };
            let ip = if is_ip(&host) && !private {
                ", a bare IP address"
            } else {
                ""
            };
            out.push(Hit {
                at: url,
                what: format!(
                    "sends {sent} to {shown}{ip} over plain http, readable by anyone on the way"
                ),
                label: "credential over plain http",
                severity,
            });
        } else if is_ip(&host) && !private {
            out.push(Hit {
                at: url,
                what: format!(
                    "sends {sent} to the bare IP address {shown}, a host no name vouches for"
                ),
                label: "credential to a bare IP",
                severity: None,
            });
        }
    }
    out
}

/// The vendor whose secret `var` names, by the rule's `vars:<vendor>` prefixes, when the
/// name also says it is a secret.
fn vendor_of<'r>(rule: &'r Rule, var: &str) -> Option<&'r str> {
    if !crate::effects::vocab::is_secret_name(var) {
        return None;
    }
    let u = var.to_ascii_uppercase();
    rule.params
        .range("vars:".to_owned()..)
        .take_while(|(k, _)| k.starts_with("vars:"))
        .find(|(_, prefixes)| prefixes.iter().any(|p| u.starts_with(p.as_str())))
        .map(|(k, _)| &k["vars:".len()..])
}

/// Whether `host` is `vendor`'s: one of its `hosts:<vendor>` domains (or a subdomain), or a
/// host whose labels name the vendor (a company's `github.example.com`, a gateway named for
/// the provider).
fn vendor_host(rule: &Rule, vendor: &str, host: &str) -> bool {
    let own = rule
        .params
        .get(&format!("hosts:{vendor}"))
        .is_some_and(|hs| {
            hs.iter()
                .any(|d| host == d || host.ends_with(&format!(".{d}")))
        });
    own || host.split(['.', '-']).any(|l| l == vendor)
}

/// Class 2: a header (or the URL) carries a vendor's secret variable to a host that is not
/// that vendor's.
fn foreign_secrets<'a>(rule: &Rule, e: &Entry<'a>) -> Vec<Hit<'a>> {
    let mut out = Vec::new();
    let host = e
        .urls
        .iter()
        .find_map(|u| host_of(&u.text))
        .filter(|h| !is_near(h));
    let Some(host) = host else { return out };
    let carriers = e
        .headers
        .iter()
        .map(|h| (h.at, h.value.as_str(), Some(h.name.as_str())))
        .chain(e.urls.iter().map(|u| (*u, u.text.as_str(), None)));
    for (at, value, header) in carriers {
        let mut foreign: Vec<(&str, &str)> = Vec::new();
        for var in variables(value) {
            if crate::effects::vocab::vendor_matches(var, &host) {
                continue;
            }
            if let Some(vendor) = vendor_of(rule, var)
                && !vendor_host(rule, vendor, &host)
                && !foreign.iter().any(|(v, _)| *v == var)
            {
                foreign.push((var, vendor));
            }
        }
        if foreign.is_empty() {
            continue;
        }
        let names: Vec<String> = foreign
            .iter()
            .map(|(v, vendor)| format!("`{v}` ({vendor})"))
            .collect();
        let shown = crate::escape::escape_one_line(&host);
        let via = header.map_or_else(
            || "in the URL".to_owned(),
            |h| format!("in its `{}` header", crate::escape::escape_one_line(h)),
        );
        out.push(Hit {
            at,
            what: format!(
                "forwards the user's {} {via} to {shown}, a host that is not that vendor's",
                names.join(", ")
            ),
            label: "secret sent to another vendor",
            severity: None,
        });
    }
    out
}

/// A module argument of `--require`/`--import` that names a file or a URL rather than a
/// package (`dotenv/config` is a package).
fn is_path_or_url(m: &str) -> bool {
    let m = m.trim_matches(['"', '\'']);
    m.starts_with(['/', '.', '~', '$', '\\', '%'])
        || m.as_bytes().get(1) == Some(&b':')
            && m.as_bytes()
                .get(2)
                .is_some_and(|b| matches!(b, b'\\' | b'/'))
        || ["data:", "file:", "http:", "https:"]
            .iter()
            .any(|p| m.to_ascii_lowercase().starts_with(p))
}

/// The module `NODE_OPTIONS` preloads from a path, if any.
fn node_preload(options: &str) -> Option<&str> {
    let words: Vec<&str> = options.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        let module = match *w {
            "-r" | "--require" | "--import" | "--loader" | "--experimental-loader" => {
                words.get(i + 1).copied()
            }
            _ => [
                "--require=",
                "--import=",
                "--loader=",
                "--experimental-loader=",
            ]
            .iter()
            .find_map(|p| w.strip_prefix(p)),
        };
        if let Some(m) = module
            && is_path_or_url(m)
        {
            return Some(m);
        }
    }
    None
}

/// A folder anyone can write (`/tmp`, `/var/tmp`, `/dev/shm`) or a hidden one (`~/.cache/x`,
/// `/opt/.x`), where code loaded by path is easy to plant and hard to see.
fn is_tmp_or_hidden(dir: &str) -> bool {
    let d = dir.replace('\\', "/");
    ["/tmp", "/var/tmp", "/dev/shm", "/private/tmp"]
        .iter()
        .any(|t| d == *t || d.starts_with(&format!("{t}/")))
        || d.split('/')
            .any(|c| c.len() > 1 && c.starts_with('.') && c != "..")
}

/// Class 3: an environment variable that makes the server process load code from elsewhere.
fn code_loading<'a>(e: &Entry<'a>) -> Vec<Hit<'a>> {
    let mut out = Vec::new();
    for v in &e.env {
        let Some(name) = v.name.as_deref() else {
            continue;
        };
        let value = v.text.trim();
        if value.is_empty() {
            continue;
        }
        let shown = crate::escape::escape_one_line(&crate::escape::excerpt(value, 80));
        let what = match name {
            "NODE_OPTIONS" => node_preload(value).map(|m| {
                format!(
                    "preloads `{}` into the Node server before its own code",
                    crate::escape::escape_one_line(m)
                )
            }),
            "LD_PRELOAD" | "DYLD_INSERT_LIBRARIES" => Some(format!(
                "injects the library `{shown}` into the server process and every program it \
                 starts"
            )),
            "BASH_ENV" => Some(format!(
                "makes every bash script the server runs source `{shown}` first"
            )),
            "PYTHONPATH" => value
                .split([':', ';'])
                .find(|d| is_tmp_or_hidden(d))
                .map(|d| {
                    format!(
                        "puts `{}`, a temporary or hidden folder, first on the Python server's \
                         import path",
                        crate::escape::escape_one_line(d)
                    )
                }),
            _ => None,
        };
        if let Some(what) = what {
            out.push(Hit {
                at: v,
                what,
                label: "loads code into the server",
                severity: None,
            });
        }
    }
    out
}

/// What a directory granted to the filesystem server is, when it is too much: the disk, the
/// home folder, a credential folder.
fn grant_of(dir: &str) -> Option<String> {
    let d = dir.trim().replace('\\', "/");
    let d = d.trim_end_matches('/');
    let shown = crate::escape::escape_one_line(dir.trim());
    if d.is_empty() || d.len() == 2 && d.ends_with(':') {
        return Some(format!("the whole disk `{shown}`"));
    }
    // The home folder, and the rest of the path under it.
    let homes = [
        "~",
        "$HOME",
        "${HOME}",
        "${env:HOME}",
        "${userHome}",
        "%USERPROFILE%",
        "${env:USERPROFILE}",
        "/root",
    ];
    let mut rest = None;
    for h in homes {
        if d == h {
            rest = Some("");
        } else if let Some(r) = d.strip_prefix(h).and_then(|r| r.strip_prefix('/')) {
            rest = Some(r);
        }
        if rest.is_some() {
            break;
        }
    }
    if rest.is_none() {
        let lower = d.to_ascii_lowercase();
        for base in ["/users/", "/home/", "c:/users/"] {
            if lower.starts_with(base) {
                let after = &d[base.len()..];
                let (user, r) = after.split_once('/').unwrap_or((after, ""));
                if !user.is_empty() && !user.eq_ignore_ascii_case("shared") {
                    rest = Some(r);
                }
            }
        }
    }
    let rest = rest?;
    if rest.is_empty() {
        return Some(format!(
            "the home folder `{shown}`, every file of the user's, keys included"
        ));
    }
    let first = rest.split('/').next().unwrap_or("");
    let credential = [
        ".ssh",
        ".aws",
        ".gnupg",
        ".kube",
        ".azure",
        ".docker",
        ".password-store",
        ".netrc",
        ".git-credentials",
    ]
    .contains(&first)
        || [".config/gh", ".config/gcloud", ".config/op"]
            .iter()
            .any(|c| rest == *c || rest.starts_with(&format!("{c}/")));
    credential.then(|| format!("the credential folder `{shown}`"))
}

/// Class 4: the filesystem server granted `/`, the home folder or a credential folder.
fn filesystem_grant<'a>(rule: &Rule, e: &Entry<'a>) -> Vec<Hit<'a>> {
    let names = rule
        .params
        .get("filesystem-server")
        .map_or(&[][..], Vec::as_slice);
    let Some(at) = e.launches(names) else {
        return Vec::new();
    };
    e.argv[at + 1..]
        .iter()
        .filter(|a| !a.text.starts_with('-'))
        .filter_map(|a| {
            grant_of(&a.text).map(|what| Hit {
                at: a,
                what: format!("grants the filesystem server {what}"),
                label: "filesystem server granted too much",
                severity: None,
            })
        })
        .collect()
}

/// Whether a version written as `a.b.c` is before `min` (`0.14.1`).
fn version_before(v: &str, min: &str) -> bool {
    let parse = |s: &str| -> Option<Vec<u64>> {
        s.split(['.', '-'])
            .take(3)
            .map(|p| p.parse::<u64>().ok())
            .collect()
    };
    match (parse(v), parse(min)) {
        (Some(a), Some(b)) => a < b,
        _ => false,
    }
}

fn all_interfaces(v: &str) -> bool {
    matches!(v.trim(), "0.0.0.0" | "::" | "[::]" | "*")
}

fn truthy(v: &str) -> bool {
    matches!(
        v.trim().to_ascii_lowercase().as_str(),
        "true" | "1" | "yes" | "on"
    )
}

/// Class 5: the MCP Inspector or another debug proxy bound to every interface, without its
/// authentication, or (the Inspector) pinned to a version before its fix.
fn debug_proxy<'a>(rule: &Rule, e: &Entry<'a>) -> Vec<Hit<'a>> {
    let mut out = Vec::new();
    let names = rule
        .params
        .get("debug-proxy")
        .map_or(&[][..], Vec::as_slice);
    let Some(at) = e.launches(names) else {
        return out;
    };
    let tool = format!(
        "`{}`",
        crate::escape::escape_one_line(package_name(&e.argv[at].text))
    );
    let fixed = rule
        .params
        .get("inspector-fixed-in")
        .and_then(|v| v.first());
    if let (Some(v), Some(min)) = (package_version(&e.argv[at].text), fixed)
        && version_before(v, min)
    {
        out.push(Hit {
            at: e.argv[at],
            what: format!(
                "runs {tool} {v}, a version before {min} whose proxy runs commands for any \
                 web page that reaches it (CVE-2025-49596)"
            ),
            label: "vulnerable debug proxy",
            severity: None,
        });
    }
    let rest = &e.argv[at + 1..];
    for (i, a) in rest.iter().enumerate() {
        let bound = match a.text.split_once('=') {
            Some((flag, v)) if flag == "--host" || flag == "--sse-host" => all_interfaces(v),
            _ if a.text == "--host" || a.text == "--sse-host" => {
                rest.get(i + 1).is_some_and(|n| all_interfaces(&n.text))
            }
            _ => false,
        };
        if bound {
            let at = if a.text.contains('=') {
                *a
            } else {
                rest[i + 1]
            };
            out.push(Hit {
                at,
                what: format!(
                    "binds {tool} to every network interface, so any machine that reaches \
                     this one can drive the proxy that starts commands"
                ),
                label: "debug proxy open to the network",
                severity: None,
            });
        }
    }
    if let Some(v) = e.env_value("HOST").filter(|v| all_interfaces(&v.text)) {
        out.push(Hit {
            at: v,
            what: format!(
                "binds {tool} to every network interface, so any machine that reaches this \
                 one can drive the proxy that starts commands"
            ),
            label: "debug proxy open to the network",
            severity: None,
        });
    }
    if let Some(v) = e
        .env_value("DANGEROUSLY_OMIT_AUTH")
        .filter(|v| truthy(&v.text))
    {
        out.push(Hit {
            at: v,
            what: format!(
                "turns off the session token of {tool}, so any web page the user opens can \
                 make its proxy start commands (the CVE-2025-49596 class)"
            ),
            label: "debug proxy without authentication",
            severity: None,
        });
    }
    out
}

/// Levenshtein distance of two short ASCII strings, `None` past `max`.
fn distance(a: &str, b: &str, max: usize) -> Option<usize> {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        if cur.iter().min().is_some_and(|m| *m > max) {
            return None;
        }
        prev = cur;
    }
    prev.last().copied().filter(|d| *d <= max)
}

/// Class 6: a scoped package one typo away from a well-known MCP package (the rule's
/// `known-packages`): in the same scope, a name at distance 1; in a scope at distance 1 or 2
/// from a well-known scope of six letters or more, a name at distance 0 or 1. Unscoped names
/// are left alone: short names a typo apart are often different honest packages.
fn lookalike<'a>(rule: &Rule, e: &Entry<'a>) -> Vec<Hit<'a>> {
    let known = rule
        .params
        .get("known-packages")
        .map_or(&[][..], Vec::as_slice);
    let mut out = Vec::new();
    for a in &e.argv {
        let p = package_name(&a.text).to_ascii_lowercase();
        let Some((scope, name)) = p.strip_prefix('@').and_then(|r| r.split_once('/')) else {
            continue;
        };
        if name.contains('/') || known.iter().any(|k| k.eq_ignore_ascii_case(&p)) {
            continue;
        }
        let like = known.iter().find(|k| {
            let Some((ks, kn)) = k.strip_prefix('@').and_then(|r| r.split_once('/')) else {
                return false;
            };
            if ks == scope {
                kn.len() >= 8 && distance(name, kn, 1).is_some()
            } else {
                ks.len() >= 6 && distance(scope, ks, 2).is_some() && distance(name, kn, 1).is_some()
            }
        });
        if let Some(k) = like {
            out.push(Hit {
                at: a,
                what: format!(
                    "runs the package `{}`, a lookalike of `{k}`: whoever publishes it runs \
                     code on the user's machine",
                    crate::escape::escape_one_line(&p)
                ),
                label: "lookalike package",
                severity: None,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests;

//! PL514: an MCP server entry that hands something away: a credential sent in the clear or to
//! a bare IP address, a vendor's secret forwarded to another vendor's host, an environment
//! that loads code into the server process, the filesystem server granted the disk, the home
//! folder or a credential folder, a debug proxy opened to the network, a package whose name is
//! one typo away from a well-known one, a server fetched from another registry with a
//! credential or unpinned with a hard-coded one ([`supply`]).
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
use crate::finding::{Finding, Severity};
use crate::parse::McpValue;
use crate::rules::Rule;

mod entry;
mod pieces;
mod supply;
use entry::{Entry, Hit, is_credential_header};
use pieces::{
    all_interfaces, distance, grant_of, hard_coded_token, host_of, is_ip, is_near, is_private_ip,
    is_tmp_or_hidden, node_preload, package_name, package_version, scheme_of, truthy, variables,
    vendor_host, vendor_of, version_before,
};

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
        found.extend(unverified_fetch(&entry));
        found.extend(supply::supply(&entry));
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

/// Class 7: the server's environment turns TLS certificate checks off, for the package runner
/// that fetches it and for every request the server makes: npm reads any `npm_config_*`
/// variable as its setting (`NPM_CONFIG_STRICT_SSL=false` is `strict-ssl=false`,
/// <https://docs.npmjs.com/cli/v11/using-npm/config#environment-variables>), yarn 2+
/// `YARN_ENABLE_STRICT_SSL`, Node `NODE_TLS_REJECT_UNAUTHORIZED=0`
/// (<https://nodejs.org/api/cli.html#node_tls_reject_unauthorizedvalue>), pip
/// `PIP_TRUSTED_HOST`, uv `UV_INSECURE_HOST`: whoever is on the path chooses the code that runs.
fn unverified_fetch<'a>(e: &Entry<'a>) -> Vec<Hit<'a>> {
    let mut out = Vec::new();
    for v in &e.env {
        let Some(name) = v.name.as_deref() else {
            continue;
        };
        let value = v.text.trim().to_ascii_lowercase();
        let off = match name.to_ascii_uppercase().as_str() {
            "NPM_CONFIG_STRICT_SSL" | "YARN_ENABLE_STRICT_SSL" => {
                matches!(value.as_str(), "false" | "0" | "no")
            }
            "NODE_TLS_REJECT_UNAUTHORIZED" => value == "0",
            "PIP_TRUSTED_HOST" | "UV_INSECURE_HOST" => {
                // Hosts, each maybe with a port (`localhost:8081`): a host of this machine or
                // its network fetches nothing from the internet.
                !value.is_empty()
                    && !value
                        .split([' ', ','])
                        .filter(|h| !h.is_empty())
                        .all(|h| host_of(&format!("https://{h}")).is_some_and(|h| is_near(&h)))
            }
            _ => false,
        };
        if off {
            out.push(Hit {
                at: v,
                what: format!(
                    "turns TLS certificate checks off (`{}`): the package that starts the \
                     server, and what it downloads, come from whoever is on the path",
                    crate::escape::escape_one_line(name)
                ),
                label: "packages fetched without TLS checks",
                severity: None,
            });
        }
    }
    out
}

/// Class 4: the filesystem server granted `/`, the home folder or a credential folder.
fn filesystem_grant<'a>(rule: &Rule, e: &Entry<'a>) -> Vec<Hit<'a>> {
    let names = rule.param("filesystem-server");
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

/// Class 5: the MCP Inspector or another debug proxy bound to every interface, without its
/// authentication, or (the Inspector) pinned to a version before its fix.
fn debug_proxy<'a>(rule: &Rule, e: &Entry<'a>) -> Vec<Hit<'a>> {
    let mut out = Vec::new();
    let names = rule.param("debug-proxy");
    let Some(at) = e.launches(names) else {
        return out;
    };
    let tool = format!(
        "`{}`",
        crate::escape::escape_one_line(package_name(&e.argv[at].text))
    );
    let fixed = rule.param("inspector-fixed-in").first();
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

/// Class 6: a scoped package one typo away from a well-known MCP package (the rule's
/// `known-packages`): in the same scope, a name at distance 1; in a scope at distance 1 or 2
/// from a well-known scope of six letters or more, a name at distance 0 or 1. Unscoped names
/// are left alone: short names a typo apart are often different honest packages.
fn lookalike<'a>(rule: &Rule, e: &Entry<'a>) -> Vec<Hit<'a>> {
    let known = rule.param("known-packages");
    let mut out = Vec::new();
    for (i, a) in e.argv.iter().enumerate() {
        let p = package_name(&a.text).to_ascii_lowercase();
        if i > 0
            && let Some(hit) = misspelled_vendor(e, a, &p)
        {
            out.push(hit);
            continue;
        }
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

/// A word of a package's name read with the lookalike letters undone (`rn` for `m`, `vv` for
/// `w`, `0` for `o`, `1` for `l`).
fn undo_lookalikes(word: &str) -> String {
    word.replace("rn", "m")
        .replace("vv", "w")
        .replace('0', "o")
        .replace('1', "l")
}

/// True when `word` misspells `vendor`: not the vendor's name, but it once its lookalike
/// letters are undone (`postrnark`), or it with one letter dropped or changed (`gogle`,
/// `goolge` is two edits and not read) for a vendor name of six letters or more.
fn misspells(word: &str, vendor: &str) -> bool {
    if word == vendor || word.len() < 4 {
        return false;
    }
    if undo_lookalikes(word) == vendor {
        return true;
    }
    vendor.len() >= 6
        && (word.len() == vendor.len() || word.len() + 1 == vendor.len())
        && distance(word, vendor, 1) == Some(1)
}

/// The package argument `a` (named `p`, lower case) of an entry whose environment hands it a
/// vendor's secret (`GOOGLE_CLIENT_SECRET`, `POSTMARK_SERVER_TOKEN`: the variable's first word,
/// when its name says it is a secret) while a word of the package's name misspells that vendor
/// (`gogle-workspace-mcp`, `@postrnark/mcp-server`): a name chosen to pass for the vendor's.
fn misspelled_vendor<'a>(e: &Entry<'a>, a: &'a McpValue, p: &str) -> Option<Hit<'a>> {
    let t = a.text.trim();
    if t.starts_with(['-', '/', '.', '~', '$']) || t.contains("://") || t.contains('=') {
        return None;
    }
    let words: Vec<&str> = p
        .split(['@', '/', '-', '_', '.'])
        .filter(|w| !w.is_empty())
        .collect();
    for v in &e.env {
        let Some(var) = v.name.as_deref() else {
            continue;
        };
        if !crate::effects::vocab::is_secret_name(var) {
            continue;
        }
        let vendor = var
            .split('_')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        if vendor.len() < 5 || words.contains(&vendor.as_str()) {
            continue;
        }
        if let Some(w) = words.iter().find(|w| misspells(w, &vendor)) {
            return Some(Hit {
                at: a,
                what: format!(
                    "runs the package `{}`, whose name misspells `{vendor}` (`{}`), and hands it \
                     `{}`: whoever publishes it gets the secret",
                    crate::escape::escape_one_line(p),
                    crate::escape::escape_one_line(w),
                    crate::escape::escape_one_line(var)
                ),
                label: "lookalike package",
                severity: None,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests;

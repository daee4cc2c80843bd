//! PL514's pieces: what a URL, a header value, a package argument, an environment value or a
//! granted directory says, each a function of its text (and of the rule's vendor tables for
//! `vendor_of`/`vendor_host`), never slicing off a char boundary.

use crate::rules::Rule;
use crate::rules::native::pl310_settings_command_exfil::is_local_host;

/// A package argument without its version: `@scope/name@1.2` → `@scope/name`,
/// `name==1.0` → `name`, `npm:name` → `name`.
pub(super) fn package_name(arg: &str) -> &str {
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
pub(super) fn package_version(arg: &str) -> Option<&str> {
    let name = package_name(arg);
    let a = arg.trim().strip_prefix("npm:").unwrap_or(arg.trim());
    a.strip_prefix(name)?.strip_prefix('@')
}

/// The scheme of an `http(s)://` URL.
pub(super) fn scheme_of(s: &str) -> Option<&'static str> {
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
pub(super) fn host_of(url: &str) -> Option<String> {
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
pub(super) fn is_near(host: &str) -> bool {
    is_local_host(host)
        || host == "host.docker.internal"
        || !host.contains('.') && !host.contains(':')
        || [".local", ".internal", ".lan", ".home.arpa", ".localdomain"]
            .iter()
            .any(|s| host.ends_with(s))
}

/// An IPv4 or IPv6 address.
pub(super) fn is_ip(host: &str) -> bool {
    host.parse::<std::net::IpAddr>().is_ok()
}

/// An address of a private network (RFC 1918, shared CGNAT space, link-local, IPv6 unique
/// local and link-local): reached over a LAN or a VPN, not the internet.
pub(super) fn is_private_ip(host: &str) -> bool {
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

/// A hard-coded token of a well-known format in `s` (its vendor's name), by its documented
/// prefix: GitHub `ghp_`/`gho_`/`ghu_`/`ghs_`/`ghr_` and `github_pat_`
/// (<https://github.blog/engineering/platform-security/behind-githubs-new-authentication-token-formats/>),
/// OpenAI and Anthropic `sk-`, Slack `xoxb-`/`xoxp-`/..., AWS access key ids `AKIA`/`ASIA`,
/// GitLab `glpat-`, Google API keys `AIza` (the prefixes gitleaks' rules match,
/// <https://github.com/gitleaks/gitleaks/tree/master/cmd/generate/config/rules>). A
/// placeholder (`sk-your-key-here`, `ghp_xxxx`) has no digit, or repeats one character, and is
/// not a token.
pub(super) fn hard_coded_token(s: &str) -> Option<&'static str> {
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
pub(super) fn variables(s: &str) -> Vec<&str> {
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

/// A module argument of `--require`/`--import` that names a file or a URL rather than a
/// package (`dotenv/config` is a package).
pub(super) fn is_path_or_url(m: &str) -> bool {
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
pub(super) fn node_preload(options: &str) -> Option<&str> {
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
pub(super) fn is_tmp_or_hidden(dir: &str) -> bool {
    let d = dir.replace('\\', "/");
    ["/tmp", "/var/tmp", "/dev/shm", "/private/tmp"]
        .iter()
        .any(|t| d == *t || d.starts_with(&format!("{t}/")))
        || d.split('/')
            .any(|c| c.len() > 1 && c.starts_with('.') && c != "..")
}

/// What a directory granted to the filesystem server is, when it is too much: the disk, the
/// home folder, a credential folder.
pub(super) fn grant_of(dir: &str) -> Option<String> {
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

/// Whether a version written as `a.b.c` is before `min` (`0.14.1`).
pub(super) fn version_before(v: &str, min: &str) -> bool {
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

pub(super) fn all_interfaces(v: &str) -> bool {
    matches!(v.trim(), "0.0.0.0" | "::" | "[::]" | "*")
}

pub(super) fn truthy(v: &str) -> bool {
    matches!(
        v.trim().to_ascii_lowercase().as_str(),
        "true" | "1" | "yes" | "on"
    )
}

/// Levenshtein distance of two short ASCII strings, `None` past `max`.
pub(super) fn distance(a: &str, b: &str, max: usize) -> Option<usize> {
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

/// The vendor whose secret `var` names, by the rule's `vars:<vendor>` prefixes, when the
/// name also says it is a secret.
pub(super) fn vendor_of<'r>(rule: &'r Rule, var: &str) -> Option<&'r str> {
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
pub(super) fn vendor_host(rule: &Rule, vendor: &str, host: &str) -> bool {
    let own = rule
        .params
        .get(&format!("hosts:{vendor}"))
        .is_some_and(|hs| {
            hs.iter()
                .any(|d| host == d || host.ends_with(&format!(".{d}")))
        });
    own || host.split(['.', '-']).any(|l| l == vendor)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "ghp_9aZk3Lm0Qx7Rt2Vb8Nc4Wd6Ye1Hf5Ju0PiXs";

    #[test]
    fn the_pieces() {
        // Not a char boundary at byte 7: no panic, no scheme.
        assert_eq!(scheme_of("fetch-s\u{435}rver"), None);
        assert_eq!(scheme_of("HTTP://x"), Some("http"));
        assert_eq!(package_name("@a/b@1.2.3"), "@a/b");
        assert_eq!(package_name("mcp-server-fetch==1.0"), "mcp-server-fetch");
        assert_eq!(package_name("npm:x@latest"), "x");
        assert_eq!(package_version("@a/b@0.13.0"), Some("0.13.0"));
        assert_eq!(package_version("@a/b"), None);
        assert_eq!(host_of("http://u:p@[::1]:80/x").as_deref(), Some("::1"));
        assert_eq!(host_of("https://${HOST}/mcp"), None);
        assert_eq!(
            variables("Bearer ${A_B} $C {env:D} ${env:E} ${input:f}"),
            ["A_B", "C", "D", "E"]
        );
        assert_eq!(hard_coded_token(TOKEN), Some("GitHub token"));
        assert_eq!(hard_coded_token("sk-your-openai-api-key-here"), None);
        assert_eq!(
            hard_coded_token("ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
            None
        );
        assert_eq!(
            hard_coded_token("AKIAZ3Q7EXAMPLE2KEY9"),
            Some("AWS access key")
        );
        assert_eq!(distance("server-githubb", "server-github", 2), Some(1));
        assert_eq!(distance("server-gitlab", "server-github", 1), None);
    }
}

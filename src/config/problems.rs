//! Collecting every problem of a config file: YAML errors, bad globs, selectors that name
//! nothing, bad severities.

// Config errors carry the file text for miette; they are built once per bad file.
#![allow(clippy::result_large_err)]

use std::collections::{HashMap, HashSet};
use std::path::Path;

use ignore::gitignore::{Gitignore, GitignoreBuilder};
use serde_saphyr::{Location, Spanned};

use super::error::ConfigError;
use crate::config_schema::{KEYS, RawConfig, parse_raw_yaml, span_at};
use crate::finding::Severity;
use crate::rules::Catalog;

pub(super) struct Problems<'a> {
    pub(super) display: &'a str,
    pub(super) text: &'a str,
    pub(super) errors: Vec<ConfigError>,
}

impl Problems<'_> {
    pub(super) fn at(
        &mut self,
        loc: &Location,
        message: String,
        label: &str,
        help: Option<String>,
    ) {
        self.errors
            .push(at(self.display, self.text, loc, message, label, help));
    }
}

/// An error at `loc` of the config `text`. The message is escaped; when the file holds an
/// invisible or bidi code point, the snippet is left out (miette would print the line raw)
/// and the message names the line and column instead.
pub(super) fn at(
    display: &str,
    text: &str,
    loc: &Location,
    message: String,
    label: &str,
    help: Option<String>,
) -> ConfigError {
    let mut message = crate::bounds::parser_message(&message);
    let raw = text.chars().any(crate::escape::is_invisible);
    if raw && loc.line() > 0 {
        message.push_str(&format!(" (line {}, column {})", loc.line(), loc.column()));
    }
    // Only the line at fault is quoted, escaped and cut short: never the file around it.
    let (src, span) = match span_at(text, loc) {
        Some(s) if !raw => {
            let line = usize::try_from(loc.line()).unwrap_or(1).saturating_sub(1);
            let column = usize::try_from(loc.column()).unwrap_or(1).saturating_sub(1);
            let (e, s) =
                crate::bounds::Excerpt::new(display, text, s.offset(), s.len(), line, column);
            (e, Some(s))
        }
        _ => (crate::bounds::Excerpt::new(display, "", 0, 0, 0, 0).0, None),
    };
    ConfigError::At {
        path: display.to_owned(),
        message,
        src,
        span,
        label: label.to_owned(),
        help,
    }
}

/// Parses the YAML of a config file without validating it against the catalog (for the
/// in-tree config check, which must not fail on a file the config stage reports).
pub(super) fn parse_raw(display: &str, text: &str) -> Result<RawConfig, ConfigError> {
    parse_raw_yaml(text).map_err(|e| {
        // The schema stops at the first unknown key: report every one when there are more.
        let unknown = unknown_keys(display, text);
        if unknown.len() > 1 {
            return super::error::many(display, unknown);
        }
        at(
            display,
            text,
            &e.location().unwrap_or(Location::UNKNOWN),
            yaml_message(&e.to_string()),
            "here",
            Some(format!(
                "the keys are {}; see the README's Configuration section",
                KEYS.join(", ")
            )),
        )
    })
}

/// An error for each top-level key of `text` that is not a config key, in file order, with
/// the message serde gives the first of them; empty when the text is not a YAML mapping.
fn unknown_keys(display: &str, text: &str) -> Vec<ConfigError> {
    let Ok(Some(map)) =
        serde_saphyr::from_str::<Option<HashMap<Spanned<String>, serde::de::IgnoredAny>>>(text)
    else {
        return Vec::new();
    };
    let mut keys: Vec<Spanned<String>> = map
        .into_keys()
        .filter(|k| !KEYS.contains(&k.value.as_str()))
        .collect();
    keys.sort_by_key(|k| (k.referenced.line(), k.referenced.column()));
    keys.iter()
        .map(|k| {
            at(
                display,
                text,
                &k.referenced,
                format!(
                    "unknown field `{}`, expected one of {}",
                    k.value,
                    KEYS.join(", ")
                ),
                "here",
                Some(format!(
                    "the keys are {}; see the README's Configuration section",
                    KEYS.join(", ")
                )),
            )
        })
        .collect()
}

/// The first line of a serde-saphyr error without its `error: line L column C: ` prefix (the
/// diagnostic shows the position).
pub(super) fn yaml_message(full: &str) -> String {
    let line = full.lines().next().unwrap_or("invalid YAML");
    let line = line.strip_prefix("error: ").unwrap_or(line);
    let line = match line.strip_prefix("line ") {
        Some(rest) => rest
            .split_once(": ")
            .filter(|(pos, _)| pos.contains(" column "))
            .map_or(line, |(_, m)| m),
        None => line,
    };
    line.to_owned()
}

/// Compiles gitignore-style globs rooted at `base`, reporting each bad one at its span.
pub(super) fn globs(
    base: &Path,
    key: &str,
    items: &[Spanned<String>],
    p: &mut Problems<'_>,
) -> Option<Gitignore> {
    if items.is_empty() {
        return None;
    }
    let mut b = GitignoreBuilder::new(base);
    for g in items {
        if g.value.trim().is_empty() {
            p.at(
                &g.referenced,
                format!("an empty glob in `{key}` matches nothing"),
                "empty glob",
                None,
            );
            continue;
        }
        if let Err(e) = b.add_line(None, &g.value) {
            p.at(
                &g.referenced,
                format!(
                    "bad glob `{}` in `{key}`: {e}",
                    crate::bounds::quote(&g.value)
                ),
                "bad glob",
                Some("globs use gitignore syntax, relative to the config's folder, e.g. `fixtures/**`".into()),
            );
        }
    }
    match b.build() {
        Ok(g) => Some(g),
        Err(e) => {
            p.at(
                &items[0].referenced,
                format!("bad globs in `{key}`: {e}"),
                "here",
                None,
            );
            None
        }
    }
}

/// Resolves selectors to rule ids, reporting each unknown one at its span.
pub(super) fn resolve(
    catalog: &Catalog,
    key: &str,
    items: &[Spanned<String>],
    p: &mut Problems<'_>,
) -> HashSet<String> {
    let mut ids = HashSet::new();
    for s in items {
        match catalog.select(s.value.trim()) {
            Ok(rules) => ids.extend(rules.iter().map(|r| r.id.clone())),
            Err(_) => p.at(
                &s.referenced,
                format!(
                    "`{key}` names no rule or family `{}`",
                    crate::bounds::quote(&s.value)
                ),
                "unknown rule",
                Some("`promptlint rules` lists ids, names and families".into()),
            ),
        }
    }
    ids
}

/// Resolves a severity map, keyed by selectors, to rule ids.
pub(super) fn severities(
    catalog: &Catalog,
    key: &str,
    map: &HashMap<Spanned<String>, Spanned<Severity>>,
    p: &mut Problems<'_>,
) -> HashMap<String, Severity> {
    let mut entries: Vec<_> = map.iter().collect();
    entries.sort_by_key(|(k, _)| (k.referenced.line(), k.referenced.column()));
    let mut out = HashMap::new();
    for (k, v) in entries {
        match catalog.select(k.value.trim()) {
            Ok(rules) => {
                for r in rules {
                    out.insert(r.id.clone(), v.value);
                }
            }
            Err(_) => p.at(
                &k.referenced,
                format!(
                    "`{key}` names no rule or family `{}`",
                    crate::bounds::quote(&k.value)
                ),
                "unknown rule",
                Some("`promptlint rules` lists ids, names and families".into()),
            ),
        }
    }
    out
}

//! Collecting every problem of a config file: YAML errors, bad globs, selectors that name
//! nothing, bad severities.

// Config errors carry the file text for miette; they are built once per bad file.
#![allow(clippy::result_large_err)]

use std::collections::{HashMap, HashSet};
use std::ops::Range;
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
/// Parses the config `text`, reporting every top-level entry that does not parse, not only
/// the first: serde stops at the first error, so the entry holding it (its lines, from its
/// key to the next top-level key) is blanked and the rest parsed again, until it parses.
/// Blanking whole lines keeps every other line and column where it was, so each later error
/// points at the file as written. Unknown keys are reported and blanked first. `Ok` holds the
/// config of the entries that parsed and the errors of the others (empty when all parsed);
/// `Err` the error of a file that is not a YAML mapping at all.
pub(super) fn parse_raw(
    display: &str,
    text: &str,
) -> Result<(RawConfig, Vec<ConfigError>), ConfigError> {
    let help = || {
        Some(format!(
            "the keys are {}; see the README's Configuration section",
            KEYS.join(", ")
        ))
    };
    let entries = top_level_entries(text);
    // The text as parsed, by line; a blanked line keeps its length in spaces, so that every
    // byte offset, line and column of the other lines stays the file's.
    let mut current: Vec<String> = text.split_inclusive('\n').map(str::to_owned).collect();
    let blank = |current: &mut Vec<String>, lines: &Range<usize>| {
        for l in current.iter_mut().take(lines.end).skip(lines.start) {
            *l = l
                .chars()
                .map(|c| {
                    if c == '\n' {
                        "\n".to_owned()
                    } else {
                        " ".repeat(c.len_utf8())
                    }
                })
                .collect();
        }
    };
    let mut errors = unknown_keys(display, text);
    for (key, lines) in &entries {
        if !KEYS.contains(&key.as_str()) {
            blank(&mut current, lines);
        }
    }
    let mut blanked: Vec<usize> = Vec::new();
    loop {
        let e = match parse_raw_yaml(&current.concat()) {
            Ok(raw) => return Ok((raw, errors)),
            Err(e) => e,
        };
        let loc = e.location().unwrap_or(Location::UNKNOWN);
        errors.push(at(
            display,
            text,
            &loc,
            yaml_message(&e.to_string()),
            "here",
            help(),
        ));
        // The entry holding the error, if it was not blanked already: blank it, parse again.
        let line = usize::try_from(loc.line()).unwrap_or(0).saturating_sub(1);
        let holder = entries
            .iter()
            .position(|(_, lines)| loc.line() > 0 && lines.contains(&line))
            .filter(|i| !blanked.contains(i));
        match holder {
            Some(i) => {
                blanked.push(i);
                blank(&mut current, &entries[i].1);
            }
            None => return Err(super::error::many(display, errors)),
        }
    }
}

/// The top-level entries of the mapping `text`: each key with its 0-based lines, from the
/// key's line to the line before the next key (the last to the end); empty when `text` is not
/// a YAML mapping.
fn top_level_entries(text: &str) -> Vec<(String, Range<usize>)> {
    let Ok(Some(map)) =
        serde_saphyr::from_str::<Option<HashMap<Spanned<String>, serde::de::IgnoredAny>>>(text)
    else {
        return Vec::new();
    };
    let mut keys: Vec<(usize, String)> = map
        .into_keys()
        .filter(|k| k.referenced.line() > 0)
        .map(|k| {
            let line = usize::try_from(k.referenced.line()).unwrap_or(1) - 1;
            (line, k.value)
        })
        .collect();
    keys.sort();
    let total = text.split_inclusive('\n').count();
    let mut out = Vec::with_capacity(keys.len());
    for (i, (line, key)) in keys.iter().enumerate() {
        let end = keys.get(i + 1).map_or(total, |next| next.0);
        out.push((key.clone(), *line..end.max(line + 1)));
    }
    out
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

//! Facts about promptlint's own config format (`.promptlint.yaml`): its file names, its keys,
//! the raw schema, and how a config weakens the checks. The config stage (`crate::config`,
//! CLI) resolves a config with them; the in-tree config check (`PL808`,
//! [`crate::rules::native::pl808_weakened_config`]) reads a config file as a source with them.

use std::collections::{HashMap, HashSet};

use miette::SourceSpan;
use serde::Deserialize;
use serde_saphyr::{Location, Spanned};

use crate::rules::Catalog;
use crate::severity::Severity;

/// The file names searched for, in order of preference.
pub const FILE_NAMES: [&str; 2] = [".promptlint.yaml", "promptlint.yaml"];

/// Every top-level key of a config file. `schemas/promptlint.schema.json` lists the same keys
/// (a test keeps them in sync).
pub const KEYS: &[&str] = &[
    "include",
    "exclude",
    "select",
    "ignore",
    "severity",
    "overrides",
    "boundary_markers",
    "rules_dirs",
    "max_file_size",
    "max_findings_per_rule",
    "max_findings",
    "load_caps",
];

/// Every key of one `overrides` entry.
pub const OVERRIDE_KEYS: &[&str] = &["paths", "select", "ignore", "severity", "reason"];

/// A config file as written: every key with its location, not yet validated against the
/// catalog (the config stage resolves it; the in-tree config check reads it as it is).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawConfig {
    #[serde(default)]
    pub include: Vec<Spanned<String>>,
    #[serde(default)]
    pub exclude: Vec<Spanned<String>>,
    #[serde(default)]
    pub select: Vec<Spanned<String>>,
    #[serde(default)]
    pub ignore: Vec<Spanned<String>>,
    #[serde(default)]
    pub severity: HashMap<Spanned<String>, Spanned<Severity>>,
    #[serde(default)]
    pub overrides: Vec<Spanned<RawOverride>>,
    #[serde(default)]
    pub boundary_markers: Vec<Spanned<String>>,
    #[serde(default)]
    pub rules_dirs: Vec<Spanned<String>>,
    #[serde(default)]
    pub max_file_size: Option<Spanned<u64>>,
    #[serde(default)]
    pub max_findings_per_rule: Option<Spanned<usize>>,
    #[serde(default)]
    pub max_findings: Option<Spanned<usize>>,
    #[serde(default)]
    pub load_caps: HashMap<Spanned<String>, Spanned<u64>>,
}

/// One `overrides` entry as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawOverride {
    #[serde(default)]
    pub paths: Vec<Spanned<String>>,
    #[serde(default)]
    pub select: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    pub ignore: Vec<Spanned<String>>,
    #[serde(default)]
    pub severity: HashMap<Spanned<String>, Spanned<Severity>>,
    #[serde(default)]
    pub reason: Option<String>,
}

/// Parses the YAML of a config file without validating it against the catalog; a file of
/// only blank and comment lines is the default config.
///
/// # Errors
/// The YAML error (the config stage turns it into a diagnostic at its location).
pub fn parse_raw_yaml(text: &str) -> Result<RawConfig, serde_saphyr::Error> {
    if text
        .lines()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        return Ok(RawConfig::default());
    }
    let raw: Option<RawConfig> = serde_saphyr::from_str(text)?;
    Ok(raw.unwrap_or_default())
}

/// A byte span for a location in `text`: the node's own span when serde-saphyr knows its bytes,
/// else one character at its line and column.
pub fn span_at(text: &str, loc: &Location) -> Option<SourceSpan> {
    if loc.line() == 0 {
        return None;
    }
    let s = loc.span();
    if let (Some(off), Some(len)) = (s.byte_offset(), s.byte_len()) {
        let off = usize::try_from(off).ok()?.min(text.len());
        let len = usize::try_from(len).ok()?.min(text.len() - off);
        return Some(SourceSpan::from((off, len)));
    }
    let line = usize::try_from(loc.line()).ok()?.checked_sub(1)?;
    let col = usize::try_from(loc.column()).ok()?.saturating_sub(1);
    let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
    let line_text = text.get(start..)?.lines().next().unwrap_or("");
    let off = line_text
        .char_indices()
        .nth(col)
        .map_or(line_text.len(), |(i, _)| i);
    Some(SourceSpan::from((
        start + off,
        line_text[off..].chars().next().map_or(0, char::len_utf8),
    )))
}

/// The byte range of a located node (for findings in the config file).
pub fn byte_range(text: &str, loc: &Location) -> Option<std::ops::Range<usize>> {
    span_at(text, loc).map(|s| s.offset()..s.offset() + s.len())
}

/// How a config weakens the checks: what the in-tree config check (`PL808`) reports. Each
/// item is a byte range in the config text, a message and the severity to report it at: a
/// **warning** for a setting that silences a whole family or every finding (`ignore:
/// [unicode]`, a `select` that leaves families out, `exclude: ["**"]`), a note for one that
/// lowers an error rule or excludes some of the files agents load (`exclude: ["docs/**"]`
/// where a `docs/AGENTS.md` would be skipped), so a reviewer sees it (issue 29).
pub fn weakenings(text: &str) -> Vec<(std::ops::Range<usize>, String, Severity)> {
    let Ok(raw) = parse_raw_yaml(text) else {
        return Vec::new();
    };
    let catalog = Catalog::builtin();
    let mut out = Vec::new();
    let family_of = |s: &str| s.trim().parse::<crate::rules::Family>().ok();
    let mut push = |loc: &Location, msg: String, severity: Severity| {
        if let Some(r) = byte_range(text, loc) {
            out.push((r, msg, severity));
        }
    };
    for s in &raw.exclude {
        match excluded_agent_files(&s.value) {
            Excluded::None => {}
            Excluded::Every => push(
                &s.referenced,
                "the config excludes every file an agent loads: nothing is checked".to_owned(),
                Severity::Warning,
            ),
            Excluded::Some(example) => push(
                &s.referenced,
                format!("the config excludes files an agent loads from the scan (`{example}`)"),
                Severity::Note,
            ),
        }
    }
    for s in &raw.ignore {
        if let Some(f) = family_of(&s.value) {
            push(
                &s.referenced,
                format!("the config turns off the whole {f} family"),
                Severity::Warning,
            );
        }
    }
    if let Some(first) = raw.select.first() {
        let selected: HashSet<crate::rules::Family> = raw
            .select
            .iter()
            .filter_map(|s| catalog.select(s.value.trim()).ok())
            .flatten()
            .map(|r| r.family)
            .collect();
        let off: Vec<&str> = crate::rules::Family::ALL
            .iter()
            .filter(|f| !selected.contains(f) && catalog.rules().iter().any(|r| r.family == **f))
            .map(|f| f.as_str())
            .collect();
        if !off.is_empty() {
            push(
                &first.referenced,
                format!(
                    "`select` turns off every rule of the {} famil{}",
                    off.join(", "),
                    if off.len() == 1 { "y" } else { "ies" }
                ),
                Severity::Warning,
            );
        }
    }
    let mut lowered = |map: &HashMap<Spanned<String>, Spanned<Severity>>, scope: &str| {
        let mut entries: Vec<_> = map.iter().collect();
        entries.sort_by_key(|(k, _)| (k.referenced.line(), k.referenced.column()));
        for (k, v) in entries {
            let Ok(rules) = catalog.select(k.value.trim()) else {
                continue;
            };
            let errs: Vec<String> = rules
                .iter()
                .filter(|r| r.severity == Severity::Error && v.value < Severity::Error)
                .map(|r| format!("{} {}", r.id, r.name))
                .collect();
            if !errs.is_empty() {
                push(
                    &k.referenced,
                    format!(
                        "the config lowers {}{scope} from error to {}",
                        crate::escape::truncate_chars(&errs.join(", "), 120),
                        v.value
                    ),
                    Severity::Note,
                );
            }
        }
    };
    lowered(&raw.severity, "");
    for o in &raw.overrides {
        let paths: Vec<&str> = o.value.paths.iter().map(|s| s.value.as_str()).collect();
        let scope = format!(" under {}", paths.join(", "));
        lowered(&o.value.severity, &scope);
    }
    for o in &raw.overrides {
        let paths: Vec<&str> = o.value.paths.iter().map(|s| s.value.as_str()).collect();
        for s in &o.value.ignore {
            if let Some(f) = family_of(&s.value)
                && let Some(r) = byte_range(text, &s.referenced)
            {
                out.push((
                    r,
                    format!(
                        "the config turns off the whole {f} family under {}",
                        paths.join(", ")
                    ),
                    Severity::Warning,
                ));
            }
        }
    }
    out.sort_by_key(|(r, _, _)| r.start);
    out
}

/// Which of the files agents load an `exclude` glob covers.
enum Excluded {
    /// None of them.
    None,
    /// One at the root of the tree for every convention: every file an agent loads.
    Every,
    /// Some: one of them, as an example.
    Some(String),
}

/// The files agents load that the `exclude` glob `glob` covers: each convention of
/// `rules/agents.yaml` stands for one path (`**/AGENTS.md` for `AGENTS.md`, `*` for `x`),
/// tried at the root and under the glob's own leading folders (`docs/**` covers
/// `docs/AGENTS.md`). A glob that does not compile covers nothing here (the config stage
/// reports it).
fn excluded_agent_files(glob: &str) -> Excluded {
    let Ok(re) = crate::agents::glob_to_regex(glob.trim_start_matches("./"))
        .and_then(|r| regex::Regex::new(&format!("^(?:{r})(?:/.*)?$")).map_err(|e| e.to_string()))
    else {
        return Excluded::None;
    };
    let parts: Vec<&str> = glob.trim_start_matches("./").split('/').collect();
    let literal = parts
        .iter()
        .take_while(|p| !p.contains(['*', '?', '[', '{']))
        .count();
    // The folders before the first wildcard (`docs` of `docs/**`); of a glob without one,
    // every part but the file's name.
    let prefix = parts[..literal.min(parts.len().saturating_sub(1))].join("/");
    let mut example = None;
    let mut every = true;
    let mut seen = HashSet::new();
    for (g, _, _) in crate::agents::Conventions::builtin().globs() {
        let inst = g
            .trim_start_matches("**/")
            .replace("**", "x")
            .replace('*', "x");
        if !seen.insert(inst.clone()) {
            continue;
        }
        let at_root = re.is_match(&inst);
        every &= at_root;
        if example.is_none() {
            if at_root {
                example = Some(inst);
            } else if !prefix.is_empty() && !prefix.starts_with("node_modules") {
                // A dependency's files under `node_modules/` are its own: the project's tools
                // load none of its configs (`node_modules/x/vite.config.js`), and its install
                // scripts live in `package.json`, which a `*.js` exclusion leaves alone.
                let under = format!("{prefix}/{inst}");
                if re.is_match(&under) {
                    example = Some(under);
                }
            }
        }
    }
    match example {
        _ if every && !seen.is_empty() => Excluded::Every,
        Some(e) => Excluded::Some(e),
        None => Excluded::None,
    }
}

//! Loading rule files: parse the YAML, validate each rule, build the catalog.
//!
//! Built-in rules are embedded at build time (build.rs). The loader rejects unknown keys, an id
//! outside its family's block, a file name that does not match id and name, duplicate ids or
//! names, empty summary, message or help, and a rule that is neither a pattern nor a known
//! native check, naming the file and the YAML position. It sits above the native registry
//! (it checks `native:` names against it), which sits above [`Catalog`] (the encoded check
//! rescans with the catalog's pattern rules).

// Catalog errors carry the file text for miette; they are built once per bad file, never on a
// hot path, so their size does not matter.
#![allow(clippy::result_large_err)]

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use miette::{Diagnostic, SourceSpan};

use super::catalog::{Catalog, embedded_files};
use super::{Rule, native};

/// A rule file that cannot be loaded.
#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum CatalogError {
    /// The YAML does not parse or does not fit the schema.
    #[error("{path}: {message}")]
    #[diagnostic(code(promptlint::rule_file))]
    Yaml {
        /// The rule file.
        path: String,
        /// What is wrong.
        message: String,
        /// The line at fault (a bounded excerpt).
        #[source_code]
        src: crate::bounds::Excerpt,
        /// Where, in the excerpt.
        #[label("here")]
        span: Option<SourceSpan>,
    },
    /// The rule parses but breaks a catalog invariant.
    #[error("{path}: rule {id}: {message}")]
    #[diagnostic(code(promptlint::rule_invalid))]
    Invalid {
        /// The rule file.
        path: String,
        /// The rule id as written.
        id: String,
        /// What is wrong.
        message: String,
    },
}

static BUILTIN: OnceLock<Catalog> = OnceLock::new();

impl Catalog {
    /// The built-in catalog, loaded once per process.
    ///
    /// # Panics
    /// When an embedded rule file is invalid; the catalog test keeps that from shipping.
    pub fn builtin() -> &'static Catalog {
        BUILTIN.get_or_init(|| {
            let json = crate::data::embedded_rule_json();
            let parsed = embedded_files()
                .iter()
                .filter(|(p, _)| is_rule_path(p))
                .map(|&(path, yaml)| {
                    // The JSON build.rs converted the file to, else (never for a file that
                    // parses) the YAML itself.
                    match json.binary_search_by(|(p, _)| (*p).cmp(path)) {
                        Ok(i) => {
                            parse_rule_json(path, json[i].1).or_else(|_| parse_rule(path, yaml))
                        }
                        Err(_) => parse_rule(path, yaml),
                    }
                })
                .collect();
            match Catalog::from_parsed(parsed) {
                Ok(c) => c,
                Err(errors) => panic!("built-in rules are invalid: {errors:?}"),
            }
        })
    }

    /// Loads and validates rule files `(path, text)`.
    ///
    /// # Errors
    /// Every problem found, not only the first.
    pub fn load(files: &[(String, String)]) -> Result<Catalog, Vec<CatalogError>> {
        Catalog::from_parsed(
            files
                .iter()
                .map(|(path, text)| parse_rule(path, text))
                .collect(),
        )
    }

    /// A catalog of parsed rule files, after the checks across rules (duplicate ids and
    /// names).
    fn from_parsed(parsed: Vec<Result<Rule, CatalogError>>) -> Result<Catalog, Vec<CatalogError>> {
        let mut rules = Vec::new();
        let mut errors = Vec::new();
        for r in parsed {
            match r {
                Ok(r) => rules.push(r),
                Err(e) => errors.push(e),
            }
        }
        let mut by_id: HashMap<&str, &str> = HashMap::new();
        let mut by_name: HashMap<&str, &str> = HashMap::new();
        for r in &rules {
            if let Some(prev) = by_id.insert(&r.id, &r.origin) {
                errors.push(invalid(r, format!("duplicate id, also in {prev}")));
            }
            if let Some(prev) = by_name.insert(&r.name, &r.origin) {
                errors.push(invalid(
                    r,
                    format!("duplicate name `{}`, also in {prev}", r.name),
                ));
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Catalog::from_rules(
            rules.into_iter().map(Arc::new).collect(),
        ))
    }
}

/// True for embedded paths that hold a rule (`rules/<family>/PLnnn-*.yaml`).
pub fn is_rule_path(path: &str) -> bool {
    path.rsplit('/')
        .next()
        .is_some_and(|f| f.starts_with("PL") && f.ends_with(".yaml"))
}

fn invalid(rule: &Rule, message: String) -> CatalogError {
    CatalogError::Invalid {
        path: rule.origin.clone(),
        id: rule.id.clone(),
        message,
    }
}

/// Parses and validates one rule file.
///
/// # Errors
/// [`CatalogError`] naming the file and, for YAML errors, the position.
pub fn parse_rule(path: &str, text: &str) -> Result<Rule, CatalogError> {
    let mut rule: Rule = serde_saphyr::from_str(text).map_err(|e| yaml_error(path, text, &e))?;
    rule.origin = path.to_owned();
    validate(&rule)?;
    Ok(rule)
}

/// Parses and validates one built-in rule file in the JSON form build.rs converted it to
/// (see [`crate::data::embedded_rule_json`]).
///
/// # Errors
/// [`CatalogError::Invalid`] with serde_json's message, or what [`validate`] finds.
fn parse_rule_json(path: &str, json: &str) -> Result<Rule, CatalogError> {
    let mut rule: Rule = serde_json::from_str(json).map_err(|e| CatalogError::Invalid {
        path: path.to_owned(),
        id: String::new(),
        message: e.to_string(),
    })?;
    rule.origin = path.to_owned();
    validate(&rule)?;
    Ok(rule)
}

/// Turns a serde-saphyr error into a diagnostic at its position. It quotes only the line at
/// fault, escaped and cut short ([`crate::bounds::Excerpt`]), and a bounded message: a rule
/// file may be anything a config names, and an error must not print it.
pub fn yaml_error(path: &str, text: &str, e: &serde_saphyr::Error) -> CatalogError {
    let at = e.location().and_then(|loc| {
        let line = usize::try_from(loc.line()).ok()?.checked_sub(1)?;
        let col = usize::try_from(loc.column()).ok()?.saturating_sub(1);
        let start = text
            .split_inclusive('\n')
            .take(line)
            .map(str::len)
            .sum::<usize>();
        let line_text = text.get(start..)?.lines().next().unwrap_or("");
        let off = line_text
            .char_indices()
            .nth(col)
            .map_or(line_text.len(), |(i, _)| i);
        Some((start + off, line, col))
    });
    let message = crate::bounds::parser_message(&e.to_string());
    let (src, span) = match at {
        Some((off, line, col)) => {
            let (src, span) = crate::bounds::Excerpt::new(path, text, off, 1, line, col);
            (src, Some(span))
        }
        None => (crate::bounds::Excerpt::new(path, "", 0, 0, 0, 0).0, None),
    };
    CatalogError::Yaml {
        path: crate::escape::escape_invisible(path),
        message,
        src,
        span,
    }
}

fn validate(r: &Rule) -> Result<(), CatalogError> {
    let fail = |m: String| Err(invalid(r, m));
    let digits = r.id.strip_prefix("PL").unwrap_or("");
    if digits.len() != 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return fail("id must be PL followed by three digits".into());
    }
    let block: u32 = digits[..1].parse().unwrap_or(0);
    if block != r.family.id_block() {
        return fail(format!(
            "id is outside the {} block PL{}xx",
            r.family,
            r.family.id_block()
        ));
    }
    let kebab = !r.name.is_empty()
        && r.name.split('-').all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        });
    if !kebab {
        return fail(format!("name `{}` is not kebab-case", r.name));
    }
    // A declared lowering lowers: to a severity no higher than the rule's own (equal for a
    // note rule, which a config may raise).
    if let Some((e, s)) = r.context.lowered_by.iter().find(|(_, s)| **s > r.severity) {
        return fail(format!(
            "context.lowered-by: {} lowers to {s}, which is above the rule's severity {}",
            e.as_str(),
            r.severity
        ));
    }
    let file = r.origin.rsplit('/').next().unwrap_or(&r.origin);
    let expected = format!("{}-{}.yaml", r.id, r.name);
    if file != expected {
        return fail(format!("file must be named {expected}"));
    }
    if let Some(dir) = r.origin.rsplit('/').nth(1)
        && r.origin.starts_with("rules/")
        && dir != r.family.as_str()
    {
        return fail(format!("file must be under rules/{}/", r.family));
    }
    for (field, value) in [
        ("summary", &r.summary),
        ("message", &r.message),
        ("help", &r.help),
    ] {
        if value.trim().is_empty() {
            return fail(format!("{field} is empty"));
        }
    }
    match (&r.matcher, &r.native) {
        (Some(m), None) => {
            if m.regex.is_empty() {
                return fail("match: needs at least one regex".into());
            }
            for (key, list) in [("match.regex", &m.regex), ("match.unless", &m.unless)] {
                if let Some((i, src)) = list
                    .iter()
                    .enumerate()
                    .find(|(_, s)| s.len() > crate::bounds::MAX_PATTERN_BYTES)
                {
                    return fail(format!(
                        "{key}[{i}] is {} bytes, over the limit of {} bytes for a pattern",
                        src.len(),
                        crate::bounds::MAX_PATTERN_BYTES
                    ));
                }
            }
        }
        (None, Some(n)) => {
            if !native::NATIVE_CHECKS.iter().any(|c| c.name == n) {
                return fail(format!("native: `{n}` is not a native check"));
            }
        }
        (Some(_), Some(_)) => return fail("a rule has either match: or native:, not both".into()),
        (None, None) => return fail("a rule needs match: or native:".into()),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "id: PL999\nname: x\nfamily: hygiene\nseverity: note\nconfidence: low\nsummary: s\nmessage: m\nhelp: h\nmatch:\n  regex: ['x']\n";

    #[test]
    fn every_built_in_rule_reads_the_same_from_its_json_as_from_its_yaml() {
        let json = crate::data::embedded_rule_json();
        let yaml: Vec<_> = embedded_files()
            .iter()
            .filter(|(p, _)| is_rule_path(p))
            .collect();
        assert_eq!(
            json.len(),
            yaml.len(),
            "a rule file did not convert to JSON"
        );
        assert!(json.len() > 50, "only {} rule files", json.len());
        for ((jp, j), (yp, y)) in json.iter().zip(yaml) {
            assert_eq!(jp, yp);
            let from_json = parse_rule_json(jp, j).expect("the JSON form parses");
            let from_yaml = parse_rule(yp, y).expect("the YAML parses");
            assert_eq!(from_json, from_yaml, "{jp}");
        }
        // The built-in catalog is the one the YAML files make.
        let files: Vec<(String, String)> = embedded_files()
            .iter()
            .filter(|(p, _)| is_rule_path(p))
            .map(|(p, t)| ((*p).to_owned(), (*t).to_owned()))
            .collect();
        let from_yaml = Catalog::load(&files).expect("built-in rules load");
        let ids = |c: &Catalog| c.rules().iter().map(|r| r.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(Catalog::builtin()), ids(&from_yaml));
        assert!(
            Catalog::builtin()
                .rules()
                .iter()
                .zip(from_yaml.rules())
                .all(|(a, b)| a == b)
        );
    }

    #[test]
    fn rejects_unknown_keys_with_position() {
        let text = GOOD.replace("help: h\n", "help: h\nhelpp: 1\n");
        let err = parse_rule("rules/hygiene/PL899-x.yaml", &text).unwrap_err();
        let CatalogError::Yaml { span, message, .. } = err else {
            panic!("expected a YAML error")
        };
        assert!(message.contains("helpp"), "{message}");
        assert!(span.is_some());
    }

    #[test]
    fn rejects_id_outside_family_block_and_bad_file_name() {
        let err = parse_rule("rules/hygiene/PL999-x.yaml", GOOD).unwrap_err();
        assert!(
            err.to_string().contains("outside the hygiene block"),
            "{err}"
        );
        let ok = GOOD.replace("PL999", "PL899");
        let err = parse_rule("rules/hygiene/PL899-y.yaml", &ok).unwrap_err();
        assert!(err.to_string().contains("PL899-x.yaml"), "{err}");
        assert!(parse_rule("rules/hygiene/PL899-x.yaml", &ok).is_ok());
    }

    #[test]
    fn rejects_duplicates() {
        let a = GOOD.replace("PL999", "PL899");
        let files = vec![
            ("rules/hygiene/PL899-x.yaml".to_owned(), a.clone()),
            ("rules/hygiene/PL899-x.yaml".to_owned(), a),
        ];
        let errs = Catalog::load(&files).unwrap_err();
        assert_eq!(errs.len(), 2);
    }
}

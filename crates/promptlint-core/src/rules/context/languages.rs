//! The cues of the languages other than English, loaded from `rules/languages/<code>.yaml`.
//!
//! English is the grammar of the context model itself (compliance verbs, adoption cues,
//! topics, in `cues.rs`); every other language contributes word lists to the tables that
//! have an equivalent in it: negations before a match, bans after it, "for example" cues and
//! attackers opening a narrating sentence. Each value is a list of regex fragments, one
//! alternative each; a table of the model is the alternation of the lists of all languages,
//! in file order, placed in the table's template ([`alternation`]).
//!
//! The files are embedded at build time with the rule files (build.rs) and parsed once. The
//! schema has no defaults: every table is present in every file (an empty list when the
//! language has none), and an unknown key is an error, as for rules.

use std::sync::OnceLock;

use serde::Deserialize;

/// One language's cue tables: regex fragments, matched case-insensitively. "Glued" tables
/// hold words of scripts that do not space their words, which need no space or punctuation
/// next to them.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Language {
    /// The file's name without `.yaml` (`es`, `zh`): an ISO 639-1 code.
    pub code: String,
    /// The language's English name, for messages and docs.
    pub name: String,
    /// A negation ending the text before a match, after a space or punctuation: the match is
    /// the verb it negates (Spanish "nunca | ignores").
    pub negations: Vec<String>,
    /// The same, glued to the text before it (Chinese "不要 | 忽略").
    pub negations_glued: Vec<String>,
    /// A ban after a match, "copula [intensifier] participle" ("está estrictamente
    /// prohibido"): the copulas. The three lists join those of every language.
    pub ban_copulas: Vec<String>,
    /// The optional intensifiers between copula and participle ("estrictamente").
    pub ban_intensifiers: Vec<String>,
    /// The participles that forbid ("prohibido", "verboten").
    pub ban_participles: Vec<String>,
    /// A ban after a match in one phrase, after a space or punctuation (Russian "запрещено").
    pub bans_after: Vec<String>,
    /// The same, glued to the text before it (Japanese "は禁止").
    pub bans_after_glued: Vec<String>,
    /// "For example" ending the text before a match, where the phrase is never anything else.
    pub example_cues: Vec<String>,
    /// An attacker or malware opening a sentence that narrates what it does, followed by a
    /// space, punctuation or the end (Spanish "los atacantes").
    pub attackers: Vec<String>,
    /// The same, with nothing needed after it (Chinese "攻击者").
    pub attackers_glued: Vec<String>,
}

impl Language {
    /// Every table of the schema, `(key, fragments)`, in file order.
    pub fn tables(&self) -> [(&'static str, &[String]); 10] {
        [
            ("negations", &self.negations),
            ("negations_glued", &self.negations_glued),
            ("ban_copulas", &self.ban_copulas),
            ("ban_intensifiers", &self.ban_intensifiers),
            ("ban_participles", &self.ban_participles),
            ("bans_after", &self.bans_after),
            ("bans_after_glued", &self.bans_after_glued),
            ("example_cues", &self.example_cues),
            ("attackers", &self.attackers),
            ("attackers_glued", &self.attackers_glued),
        ]
    }
}

/// The embedded language files, `(path, YAML)`, sorted by path: the one place that says
/// where they come from.
fn embedded() -> Vec<(&'static str, &'static str)> {
    crate::rules::catalog::embedded_files()
        .iter()
        .filter(|(p, _)| p.starts_with("rules/languages/"))
        .copied()
        .collect()
}

/// Parses and validates the language file at `path` (`rules/languages/<code>.yaml`).
///
/// # Errors
/// The YAML or schema error (a missing table, an unknown key), a `code` that is not the
/// file's name, or a fragment that is not a regex on its own (an unbalanced group would
/// break out of its alternation) or matches the empty string; as text naming the file.
pub fn parse(path: &str, text: &str) -> Result<Language, String> {
    let lang: Language = serde_saphyr::from_str(text).map_err(|e| format!("{path}: {e}"))?;
    let stem = path
        .rsplit('/')
        .next()
        .and_then(|f| f.strip_suffix(".yaml"));
    if stem != Some(lang.code.as_str()) {
        return Err(format!(
            "{path}: code `{}` is not the file's name",
            lang.code
        ));
    }
    for (key, fragments) in lang.tables() {
        for f in fragments {
            // Parsed, not compiled: a syntax tree tells both, at a fraction of the cost.
            match regex_syntax::Parser::new().parse(f) {
                Err(e) => return Err(format!("{path}: {key}: `{f}` is not a regex: {e}")),
                Ok(hir) if hir.properties().minimum_len() == Some(0) => {
                    return Err(format!("{path}: {key}: `{f}` matches the empty string"));
                }
                Ok(_) => {}
            }
        }
    }
    Ok(lang)
}

/// The built-in languages, parsed once, sorted by file name.
///
/// # Panics
/// When an embedded language file is invalid; the languages test keeps that from shipping.
pub fn builtin() -> &'static [Language] {
    static LANGUAGES: OnceLock<Vec<Language>> = OnceLock::new();
    LANGUAGES.get_or_init(|| {
        embedded()
            .into_iter()
            .map(|(p, t)| parse(p, t).unwrap_or_else(|e| panic!("{e}")))
            .collect()
    })
}

/// The fragments of one table of every built-in language as one group, `(?:a|b|…)`; a group
/// that never matches when no language has any.
pub fn alternation(table: fn(&Language) -> &[String]) -> String {
    let all: Vec<&str> = builtin()
        .iter()
        .flat_map(|l| table(l).iter().map(String::as_str))
        .collect();
    if all.is_empty() {
        return r"[^\s\S]".to_owned();
    }
    format!("(?:{})", all.join("|"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_file_parses_and_has_every_table() {
        let files = embedded();
        let codes: Vec<&str> = builtin().iter().map(|l| l.code.as_str()).collect();
        assert_eq!(
            codes,
            [
                "ar", "de", "es", "fr", "hi", "it", "ja", "ko", "pt", "ru", "zh"
            ]
        );
        assert_eq!(files.len(), codes.len());
        for (path, text) in files {
            let lang = parse(path, text).unwrap_or_else(|e| panic!("{e}"));
            // Every table key is written out in the file, even when empty.
            for (key, _) in lang.tables() {
                assert!(
                    text.lines().any(|l| l.starts_with(&format!("{key}: "))),
                    "{path}: no {key}"
                );
            }
            // Each language has at least one cue of each kind it can have.
            assert!(!lang.example_cues.is_empty(), "{path}: no example cue");
            assert!(
                !lang.attackers.is_empty() || !lang.attackers_glued.is_empty(),
                "{path}: no attacker"
            );
        }
    }

    #[test]
    fn language_files_with_a_missing_table_an_unknown_key_or_a_bad_fragment_are_rejected() {
        let (path, text) = embedded()
            .into_iter()
            .find(|(p, _)| p.ends_with("/es.yaml"))
            .expect("es.yaml is embedded");
        let err = |t: &str, p: &str| parse(p, t).expect_err("invalid");
        let missing = text.replace("bans_after: []\n", "");
        assert!(
            err(&missing, path).contains("missing field `bans_after`"),
            "{}",
            err(&missing, path)
        );
        let unknown = format!("{text}negation: []\n");
        assert!(
            err(&unknown, path).contains("unknown field `negation`"),
            "{}",
            err(&unknown, path)
        );
        assert_eq!(
            err(text, "rules/languages/pt.yaml"),
            "rules/languages/pt.yaml: code `es` is not the file's name"
        );
        let open = text.replace("'nunca'", "'nunca)|(x'");
        assert!(
            err(&open, path).starts_with(&format!("{path}: negations: `nunca)|(x` is not a regex"))
        );
        let empty = text.replace("'nunca'", "'(?:nunca)?'");
        assert_eq!(
            err(&empty, path),
            format!("{path}: negations: `(?:nunca)?` matches the empty string")
        );
    }

    #[test]
    fn a_table_no_language_fills_never_matches() {
        let r = regex::Regex::new(&format!("(?i)^(?:{})", alternation(|_| &[]))).unwrap();
        assert!(!r.is_match("") && !r.is_match("anything"));
    }
}

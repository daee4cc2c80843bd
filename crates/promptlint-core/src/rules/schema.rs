//! The rule schema: what one rule file under `rules/<family>/` holds once loaded ([`Rule`],
//! [`Family`], [`ContextPolicy`], its examples), below the catalog and the checks so that
//! [`crate::finding::Finding`] can name its rule.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::kind::FileKind;
use crate::parse::Role;
use crate::severity::{Confidence, Severity};

/// Families whose findings `--fix` never touches: they need a human.
pub const FIX_GUARD_FAMILIES: [Family; 5] = [
    Family::Injection,
    Family::Exfil,
    Family::Autonomy,
    Family::Encoded,
    Family::Secrets,
];

/// A rule family; its ids live in one hundred-block (`injection` = PL1xx, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Family {
    /// PL1xx: prompt-injection text.
    Injection,
    /// PL2xx: invisible and deceptive Unicode.
    Unicode,
    /// PL3xx: exfiltration and takeover snippets.
    Exfil,
    /// PL4xx: prompt-cache mistakes.
    Cache,
    /// PL5xx: permission, sandbox and confirmation bypass; destructive commands.
    Autonomy,
    /// PL6xx: encoded payloads.
    Encoded,
    /// PL7xx: secrets.
    Secrets,
    /// PL8xx: file hygiene (size caps, encoding, skipped files).
    Hygiene,
}

impl Family {
    /// Every family, in id order.
    pub const ALL: [Family; 8] = [
        Family::Injection,
        Family::Unicode,
        Family::Exfil,
        Family::Cache,
        Family::Autonomy,
        Family::Encoded,
        Family::Secrets,
        Family::Hygiene,
    ];

    /// Lower-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Family::Injection => "injection",
            Family::Unicode => "unicode",
            Family::Exfil => "exfil",
            Family::Cache => "cache",
            Family::Autonomy => "autonomy",
            Family::Encoded => "encoded",
            Family::Secrets => "secrets",
            Family::Hygiene => "hygiene",
        }
    }

    /// The hundreds digit of the family's rule ids (1 for PL1xx).
    pub fn id_block(self) -> u32 {
        match self {
            Family::Injection => 1,
            Family::Unicode => 2,
            Family::Exfil => 3,
            Family::Cache => 4,
            Family::Autonomy => 5,
            Family::Encoded => 6,
            Family::Secrets => 7,
            Family::Hygiene => 8,
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Family {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        Family::ALL.into_iter().find(|f| f.as_str() == s).ok_or(())
    }
}

/// Which zone a rule fires in (cache rules fire only in the static zone).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ZoneFilter {
    /// Both zones.
    #[default]
    Any,
    /// Only inside the cacheable prefix.
    Static,
    /// Only after the boundary.
    Dynamic,
}

impl ZoneFilter {
    /// True when a segment in `zone` passes the filter.
    pub fn admits(self, zone: crate::parse::Zone) -> bool {
        match self {
            ZoneFilter::Any => true,
            ZoneFilter::Static => zone == crate::parse::Zone::Static,
            ZoneFilter::Dynamic => zone == crate::parse::Zone::Dynamic,
        }
    }
}

/// How a pattern rule treats text that quotes or discusses its pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ContextPolicy {
    /// Prose patterns (override phrases): lowered to a note when quoted, in backticks, in a
    /// fenced example, after "such as"/"e.g.", or in a sentence that forbids following it.
    #[default]
    Prose,
    /// Command patterns (curl with a token): commands live in backticks and fences, so only
    /// a sentence that forbids running it lowers them.
    Command,
    /// Never lowered.
    Keep,
}

/// Structural evidence that a finding's text is shown, not delivered, which a rule may
/// declare (`context.lowered-by`) to be lowered by. The lowering stages (`check::lower`)
/// read these declarations and never a rule's id or name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Evidence {
    /// Quoted data (a fenced block, inline code, a table cell, a blockquote) in a place that
    /// shows it as an example: a comment over it in its block, the lead-in of its block or
    /// list, a heading of its section, or, in documentation, the file's subject
    /// (`rules::context::block`).
    Shown,
    /// A settings value under a key that forbids or gates what it lists (`permissions.deny`).
    DeniedSetting,
    /// In a code block of a programming or shell language: the program's own request (a URL
    /// it fetches), not an image or link the agent renders.
    ProgramCode,
    /// A prose form ("reading .env") inside a string literal of a program's code block: the
    /// program's message or comment.
    ProgramMessage,
    /// Inside a string literal of a program's code block (Python, JavaScript, Go, ...) that
    /// holds no call running a string as a command or code: the program's data (a pattern
    /// list, a test input, an alert's text).
    ProgramString,
    /// Inside a string that `echo` or `print` writes out, with nothing after it that runs it.
    Printed,
    /// An invisible code point between quotation marks on a line that names its class
    /// ("zero-width space").
    InvisibleSpecimen,
    /// A lookalike letter between quotation marks on a line (or under a label) that names the
    /// trick ("IDN homograph"), with no command on the line that fetches it.
    LookalikeSpecimen,
    /// A confirmation waiver whose scope the text states and that covers nothing risky
    /// (`rules::context::scope`).
    ScopedWaiver,
    /// Hidden only by a collapsed `<details>` block: one click shows it to a reader
    /// (<https://html.spec.whatwg.org/multipage/interactive-elements.html#the-details-element>),
    /// so text hidden nowhere else is worth a note, not an alarm.
    Collapsed,
    /// In the visible text of project documentation (kind `doc`): people read it as they
    /// read it, and documentation about agents describes overriding prompts, silent modes
    /// and pasted invisible characters in passing. Text hidden from the rendered view is
    /// never lowered by this.
    DocVisible,
}

impl Evidence {
    /// Every kind of evidence, in declaration order.
    pub const ALL: [Evidence; 11] = [
        Evidence::Shown,
        Evidence::DeniedSetting,
        Evidence::ProgramCode,
        Evidence::ProgramMessage,
        Evidence::ProgramString,
        Evidence::Printed,
        Evidence::InvisibleSpecimen,
        Evidence::LookalikeSpecimen,
        Evidence::ScopedWaiver,
        Evidence::Collapsed,
        Evidence::DocVisible,
    ];

    /// The kebab-case name used in rule files.
    pub fn as_str(self) -> &'static str {
        match self {
            Evidence::Shown => "shown",
            Evidence::DeniedSetting => "denied-setting",
            Evidence::ProgramCode => "program-code",
            Evidence::ProgramMessage => "program-message",
            Evidence::ProgramString => "program-string",
            Evidence::Printed => "printed",
            Evidence::InvisibleSpecimen => "invisible-specimen",
            Evidence::LookalikeSpecimen => "lookalike-specimen",
            Evidence::ScopedWaiver => "scoped-waiver",
            Evidence::Collapsed => "collapsed",
            Evidence::DocVisible => "doc-visible",
        }
    }
}

/// A rule's `context:`: how the sentence around a match is read ([`ContextPolicy`]), and which
/// structural [`Evidence`] may lower its findings, to which severity. Written as the policy
/// alone (`context: command`: lowered by no structure) or as a map:
///
/// ```yaml
/// context:
///   sentence: command
///   lowered-by: {shown: note, denied-setting: note}
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Context {
    /// How the match's sentence is read.
    pub sentence: ContextPolicy,
    /// Evidence that lowers a finding, and the severity it lowers to.
    #[serde(rename = "lowered-by")]
    pub lowered_by: std::collections::BTreeMap<Evidence, Severity>,
}

impl Context {
    /// The severity `evidence` lowers a finding of this rule to, if the rule declares it.
    pub fn lowers_to(&self, evidence: Evidence) -> Option<Severity> {
        self.lowered_by.get(&evidence).copied()
    }
}

impl<'de> Deserialize<'de> for Context {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Context, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Full {
            #[serde(default)]
            sentence: ContextPolicy,
            #[serde(rename = "lowered-by", default)]
            lowered_by: std::collections::BTreeMap<Evidence, Severity>,
        }
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Repr {
            Policy(ContextPolicy),
            Full(Full),
        }
        match Repr::deserialize(d).map_err(|_| {
            serde::de::Error::custom(
                "context: expected `prose`, `command`, `keep`, or a map of `sentence` and \
                 `lowered-by` (evidence: shown, denied-setting, program-code, program-message, \
                 program-string, printed, invisible-specimen, lookalike-specimen, scoped-waiver)",
            )
        })? {
            Repr::Policy(sentence) => Ok(Context {
                sentence,
                lowered_by: Default::default(),
            }),
            Repr::Full(f) => Ok(Context {
                sentence: f.sentence,
                lowered_by: f.lowered_by,
            }),
        }
    }
}

/// One example of a rule file: a text, or a text with the file kind and path to check it as
/// (and, for byte-level rules, raw bytes or a repeated text).
///
/// Read by its own [`Deserialize`]: a string is a text, a map the long form. serde's
/// `untagged` buffered every example and built an error message for each long one before
/// trying the map, a fifth of the instructions of `promptlint rules` (callgrind).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Example {
    /// A text checked as an `instructions` file named `AGENTS.md`.
    Text(String),
    /// A text with its own kind and path.
    Full(ExampleSpec),
}

impl<'de> Deserialize<'de> for Example {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Example, D::Error> {
        struct Either;
        impl<'de> serde::de::Visitor<'de> for Either {
            type Value = Example;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a text, or a map with `text` (and `kind`, `path`, `hex`, ...)")
            }

            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Example, E> {
                Ok(Example::Text(s.to_owned()))
            }

            fn visit_string<E: serde::de::Error>(self, s: String) -> Result<Example, E> {
                Ok(Example::Text(s))
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Example, A::Error> {
                ExampleSpec::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(Example::Full)
            }
        }
        d.deserialize_any(Either)
    }
}

/// The long form of an example.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExampleSpec {
    /// The text.
    #[serde(default)]
    pub text: String,
    /// Raw bytes as hex (replaces `text`), for encodings and binary content.
    #[serde(default)]
    pub hex: Option<String>,
    /// Repeat `text` this many times (for size caps).
    #[serde(default)]
    pub repeat: Option<usize>,
    /// Text before the repeated `text` (e.g. the start of a JSON document whose one string is
    /// large).
    #[serde(default)]
    pub prefix: Option<String>,
    /// Text after the repeated `text`.
    #[serde(default)]
    pub suffix: Option<String>,
    /// File kind to check it as (default: from `path`, else `instructions`).
    #[serde(default)]
    pub kind: Option<FileKind>,
    /// Path to give it (default `AGENTS.md`).
    #[serde(default)]
    pub path: Option<String>,
    /// Other rules (ids, names or families) to enable besides the rule itself, for rules
    /// about other rules' findings (suppression directives).
    #[serde(default)]
    pub enable: Vec<String>,
    /// A rule id (or `pattern pass`) whose checks panic while the example is checked, for the
    /// examples of `PL809` (see [`crate::check::inject_fault`]).
    #[serde(default)]
    pub panic_in: Option<String>,
    /// The language of the text as a BCP 47 tag (`es`, `zh-Hant`); default `en`. The catalog
    /// test checks that every language a rule lists has examples of both kinds.
    #[serde(default)]
    pub lang: Option<String>,
}

impl Example {
    /// The example as its long form.
    pub fn spec(&self) -> ExampleSpec {
        match self {
            Example::Text(t) => ExampleSpec {
                text: t.clone(),
                ..ExampleSpec::default()
            },
            Example::Full(s) => s.clone(),
        }
    }

    /// The bytes to check.
    pub fn bytes(&self) -> Vec<u8> {
        let s = self.spec();
        if let Some(h) = &s.hex {
            let h: String = h.chars().filter(|c| !c.is_whitespace()).collect();
            return (0..h.len() / 2)
                .filter_map(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).ok())
                .collect();
        }
        let mut out = s.prefix.clone().unwrap_or_default();
        out.push_str(&s.text.repeat(s.repeat.unwrap_or(1)));
        out.push_str(s.suffix.as_deref().unwrap_or(""));
        out.into_bytes()
    }

    /// The path to give the example.
    pub fn path(&self) -> String {
        self.spec().path.unwrap_or_else(|| "AGENTS.md".to_owned())
    }

    /// The example's language tag (`en` when not given).
    pub fn lang(&self) -> String {
        self.spec().lang.unwrap_or_else(|| "en".to_owned())
    }

    /// A short description for test failure messages.
    pub fn describe(&self) -> String {
        let s = self.spec();
        let body = match &s.hex {
            Some(h) => format!("hex {h}"),
            None => s.text.clone(),
        };
        crate::escape::excerpt(&body, 100)
    }
}

/// A rule's examples: its tests.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Examples {
    /// Texts the rule must report.
    #[serde(rename = "match", default)]
    pub matching: Vec<Example>,
    /// Texts the rule must not report.
    #[serde(default)]
    pub no_match: Vec<Example>,
}

/// The `match:` block of a pattern rule.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchSpec {
    /// Literal prefilter: the rule's regexes run only on segments where one of these occurs
    /// (ASCII case-insensitive, on the normalized view). Empty: the regexes always run.
    #[serde(default)]
    pub keywords: Vec<String>,
    /// Regexes over the normalized (lower-cased) view; any match is a finding.
    #[serde(default)]
    pub regex: Vec<String>,
    /// A match is dropped when one of these also matches the matched text.
    #[serde(default)]
    pub unless: Vec<String>,
}

/// A rule, as loaded from its YAML file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    /// `PLnnn`, unique; the hundreds digit is the family's block.
    pub id: String,
    /// kebab-case name naming the hazard (reads well after "allow").
    pub name: String,
    /// The family.
    pub family: Family,
    /// Default severity.
    pub severity: Severity,
    /// How sure a match is.
    pub confidence: Confidence,
    /// One sentence: what the rule finds.
    pub summary: String,
    /// Message template; `{match}` is replaced by a short escaped excerpt of the match.
    pub message: String,
    /// Markdown: why it matters, what to do, how to suppress.
    pub help: String,
    /// Kinds the rule applies to; empty: every kind but `doc` (project documentation is
    /// checked only by the rules that list it).
    #[serde(default)]
    pub applies_to: Vec<FileKind>,
    /// Segment roles the rule applies to; empty: all.
    #[serde(default)]
    pub segments: Vec<Role>,
    /// Zone filter.
    #[serde(default)]
    pub zone: ZoneFilter,
    /// How quoted or discussed text is treated: the sentence model's policy and the
    /// structural evidence that may lower a finding.
    #[serde(default)]
    pub context: Context,
    /// The normalized view the regexes match on: `text` (punctuation kept) or `prose`
    /// (punctuation folded to single spaces, separators and leetspeak undone).
    #[serde(default)]
    pub view: crate::normalize::ViewKind,
    /// True when `--fix` may remove what the rule finds.
    #[serde(default)]
    pub fixable: bool,
    /// Languages the rule's patterns cover (ISO 639-1 codes; `zh` covers Simplified and
    /// Traditional script). Each needs examples of both kinds tagged with it (`lang:`).
    #[serde(default)]
    pub languages: Vec<String>,
    /// Pattern rules: keywords and regexes.
    #[serde(rename = "match", default)]
    pub matcher: Option<MatchSpec>,
    /// Native rules: the check's name in [`super::native::NATIVE_CHECKS`].
    #[serde(default)]
    pub native: Option<String>,
    /// Native rules: data the check reads, as named lists of strings (e.g. the placeholder
    /// names of the cache family's `volatile-placeholder`).
    #[serde(default)]
    pub params: std::collections::BTreeMap<String, Vec<String>>,
    /// The rule's tests.
    #[serde(default)]
    pub examples: Examples,
    /// Where the rule came from (`rules/injection/PL101-....yaml`); set by the loader.
    #[serde(skip)]
    pub origin: String,
}

impl Rule {
    /// True when the rule applies to sources of `kind`.
    pub fn applies_to_kind(&self, kind: FileKind) -> bool {
        if self.applies_to.is_empty() {
            kind != FileKind::Doc
        } else {
            self.applies_to.contains(&kind)
        }
    }

    /// The rule's `params` list called `name`; empty when the rule has none.
    pub fn param(&self, name: &str) -> &[String] {
        self.params.get(name).map_or(&[][..], Vec::as_slice)
    }

    /// True when the rule applies to segments of `role`.
    pub fn applies_to_role(&self, role: Role) -> bool {
        self.segments.is_empty() || self.segments.contains(&role)
    }

    /// The message with `{match}` replaced by `excerpt`.
    pub fn render_message(&self, excerpt: &str) -> String {
        self.message.replace("{match}", excerpt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_example_is_a_text_or_a_map_in_yaml_and_in_json() {
        let yaml = "- ignore previous rules\n- text: run it\n  kind: skill\n  path: x/SKILL.md\n";
        let json = r#"["ignore previous rules", {"text": "run it", "kind": "skill", "path": "x/SKILL.md"}]"#;
        let expected = vec![
            Example::Text("ignore previous rules".to_owned()),
            Example::Full(ExampleSpec {
                text: "run it".to_owned(),
                kind: Some(FileKind::Skill),
                path: Some("x/SKILL.md".to_owned()),
                ..ExampleSpec::default()
            }),
        ];
        let from_yaml: Vec<Example> = serde_saphyr::from_str(yaml).expect("yaml");
        let from_json: Vec<Example> = serde_json::from_str(json).expect("json");
        assert_eq!(from_yaml, expected);
        assert_eq!(from_json, expected);
        // Neither a text nor a map, or a map with an unknown field: an error naming it.
        let e = serde_json::from_str::<Example>("[1]").expect_err("a list");
        assert!(e.to_string().contains("expected a text, or a map"), "{e}");
        let e = serde_json::from_str::<Example>(r#"{"txt": "x"}"#).expect_err("unknown");
        assert!(e.to_string().contains("unknown field `txt`"), "{e}");
    }
}

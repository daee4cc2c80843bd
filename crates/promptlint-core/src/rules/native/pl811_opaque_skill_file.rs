//! PL811 opaque-skill-file (hygiene: a file of a skill bundle the scan cannot read).

use std::sync::Arc;

use super::input::Input;
use crate::finding::Finding;
use crate::kind::FileKind;
use crate::rules::Rule;

/// Extensions of files a skill can bundle that are not text: archives, office documents,
/// compiled code. An agent can unpack, open or run them (the Agent Skills format lets a skill
/// carry any file, <https://agentskills.io/specification>), and a line-based scan sees none of
/// what is inside.
pub const OPAQUE_EXTENSIONS: &[(&str, &str)] = &[
    ("zip", "an archive"),
    ("tar", "an archive"),
    ("gz", "an archive"),
    ("tgz", "an archive"),
    ("bz2", "an archive"),
    ("xz", "an archive"),
    ("7z", "an archive"),
    ("rar", "an archive"),
    ("jar", "an archive"),
    ("whl", "an archive"),
    ("docx", "an office document"),
    ("xlsx", "an office document"),
    ("pptx", "an office document"),
    ("odt", "an office document"),
    ("pdf", "a PDF document"),
    ("pyc", "compiled code"),
    ("pyo", "compiled code"),
    ("class", "compiled code"),
    ("so", "compiled code"),
    ("dll", "compiled code"),
    ("dylib", "compiled code"),
    ("exe", "compiled code"),
    ("wasm", "compiled code"),
    ("o", "compiled code"),
];

/// What a file of that name is, when its extension is in [`OPAQUE_EXTENSIONS`].
pub fn opaque_kind(path: &str) -> Option<&'static str> {
    let name = path.rsplit('/').next().unwrap_or(path);
    let (_, ext) = name.rsplit_once('.')?;
    let ext = ext.to_ascii_lowercase();
    OPAQUE_EXTENSIONS
        .iter()
        .find(|(e, _)| *e == ext)
        .map(|(_, what)| *what)
}

/// A note for a skill resource that was not scanned because it is binary or an archive.
pub fn opaque_skill_file(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    let Some(why) = input.skipped else {
        return Vec::new();
    };
    if input.kind != FileKind::SkillResource {
        return Vec::new();
    }
    let what = opaque_kind(input.path).unwrap_or(if why.starts_with("binary") {
        "a binary file"
    } else {
        "a file"
    });
    let message = format!("the skill bundles {what} that the scan cannot read: {why}");
    Finding::new(rule, input.text(), 0..0, message)
        .map(|f| f.with_matched(why.to_owned()))
        .into_iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_by_extension() {
        assert_eq!(
            opaque_kind("skills/x/assets/Report.DOCX"),
            Some("an office document")
        );
        assert_eq!(
            opaque_kind("skills/x/scripts/tool.pyc"),
            Some("compiled code")
        );
        assert_eq!(opaque_kind("skills/x/a.zip"), Some("an archive"));
        assert_eq!(opaque_kind("skills/x/scripts/setup.sh"), None);
        assert_eq!(opaque_kind("skills/x/Makefile"), None);
    }

    #[test]
    fn a_file_outside_a_skill_bundle_is_not_this_rule_s() {
        let got = crate::check::rule_findings("PL811", "skills/x/assets/a.zip", "PK\u{3}\u{4}\0\0");
        // Checked by path alone this is not a skill resource (no SKILL.md beside it).
        assert_eq!(got, []);
    }
}

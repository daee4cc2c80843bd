//! The CLI's per-source pipeline: the engine ([`crate::check`](mod@crate::check)) checks a target, then the
//! suppress stage ([`crate::suppress`]) judges its findings into a [`FileResult`] with
//! positions resolved (not yet sorted across files, no fingerprints).

use std::collections::HashSet;

use crate::check::{Checked, DEFAULT_SIZE_LIMIT, Engine, inject_fault, memory_target};
use crate::finding::Finding;
use crate::kind::FileKind;
use crate::parse::ParseOptions;
use crate::report::FileResult;
use crate::rules::{Catalog, Family, Rule};
use crate::suppress::{FileCtx, Policy};
use crate::target::{FileError, Target};

/// Judges what the engine found with `policy` (per-path severities, inline directives,
/// per-path ignores).
pub fn judge(engine: &Engine<'_>, policy: &Policy, checked: Checked) -> FileResult {
    let ctx = FileCtx {
        catalog: engine.catalog,
        enabled: &engine.enabled,
        path: &checked.display,
        kind: checked.checked_as,
        text: &checked.text,
        lines: &checked.lines,
        parsed: &checked.parsed,
    };
    let judged = policy.apply(&ctx, checked.findings);
    FileResult::judged(
        checked.display,
        checked.kind,
        checked.text,
        judged,
        checked.scanned,
    )
}

/// Runs the engine and the suppress stage on one target.
///
/// # Errors
/// A [`FileError`] when the source cannot be read (see [`Engine::check_target`]).
pub fn check_target(
    engine: &Engine<'_>,
    policy: &Policy,
    target: &Target,
) -> Result<FileResult, FileError> {
    let checked = engine.check_target(target)?;
    Ok(judge(engine, policy, checked))
}

/// As [`check_memory`], with findings judged by `policy`.
pub fn check_memory_with(
    engine: &Engine<'_>,
    policy: &Policy,
    path: &str,
    kind: Option<FileKind>,
    bytes: &[u8],
) -> FileResult {
    let checked = engine.check_bytes(&memory_target(path, kind), bytes.to_vec());
    judge(engine, policy, checked)
}

/// Checks in-memory `bytes` as a source named `path` (for rule examples and tests).
pub fn check_memory(
    engine: &Engine<'_>,
    path: &str,
    kind: Option<FileKind>,
    bytes: &[u8],
) -> FileResult {
    check_memory_with(engine, &Policy::default(), path, kind, bytes)
}

/// Checks one rule example with only that rule enabled (and the rules its `enable` names);
/// returns the findings of the rule, suppressed ones included.
pub fn run_example(
    catalog: &Catalog,
    rule: &Rule,
    example: &crate::rules::Example,
) -> Vec<Finding> {
    let spec = example.spec();
    let mut enabled: HashSet<String> = std::iter::once(rule.id.clone()).collect();
    for s in &spec.enable {
        enabled.extend(
            catalog
                .select(s)
                .unwrap_or_default()
                .iter()
                .map(|r| r.id.clone()),
        );
    }
    // Encoded-payload rules report what the rescanned rules find in decoded text.
    if rule.family == Family::Encoded {
        enabled.extend(
            catalog
                .rules()
                .iter()
                .filter(|r| crate::rules::encoded::RESCANNED.contains(&r.family))
                .map(|r| r.id.clone()),
        );
    }
    let engine = Engine {
        catalog,
        enabled,
        size_limit: DEFAULT_SIZE_LIMIT,
        parse: ParseOptions::default(),
    };
    let path = example.path();
    inject_fault(spec.panic_in.as_deref());
    let result = check_memory(&engine, &path, spec.kind, &example.bytes());
    inject_fault(None);
    // With the default output limits, as a run reports it (`PL810` exists only there).
    let mut report = crate::report::Report::new(vec![result], Vec::new());
    report.truncate(crate::report::Limits::default());
    report
        .files
        .into_iter()
        .flat_map(|f| f.findings)
        .map(|l| l.finding)
        .filter(|f| f.rule.id == rule.id)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_s_own_directives_do_not_hide_a_panic() {
        let engine = Engine::new(
            Catalog::builtin(),
            ["PL201", "PL809", "PL807"].map(str::to_owned).into(),
        );
        inject_fault(Some("PL201"));
        let hidden = "<!-- promptlint-disable-file PL809 -- quiet -->\nShip \u{202E}later.\n";
        let result = check_memory(&engine, "AGENTS.md", None, hidden.as_bytes());
        inject_fault(None);
        let pl809: Vec<_> = result
            .findings
            .iter()
            .filter(|l| l.finding.rule.id == "PL809")
            .map(|l| l.suppression.is_none())
            .collect();
        assert_eq!(pl809, [true]);
    }
}

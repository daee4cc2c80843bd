//! Render stage: the sorted report and the renderers, which are pure functions of it.
//!
//! Input: every [`FileResult`] and [`FileError`](crate::target::FileError) of a run. Output: text in the chosen
//! [`Format`], and the exit code. Invariants: files are sorted by path and findings by
//! (line, column, rule id), so output is deterministic whatever order the parallel stages
//! finished in; fingerprints are computed here, once the order is fixed.

pub mod advice;
pub mod cache;
pub mod concise;
pub mod excerpt;
pub mod fixable;
pub mod github;
pub mod gitlab;
pub mod human;
pub mod json;
pub mod limit;
pub mod markdown;
pub mod model;
pub mod root;
pub mod sarif;

pub use excerpt::Excerpt;
pub use limit::{DEFAULT_MAX_FINDINGS, DEFAULT_MAX_FINDINGS_PER_RULE, Limits, TRUNCATED};
pub use model::{
    BaselineEntry, CleanFile, CleanFiles, Counts, DEFAULT_WIDTH, Exit, FailOn, FileResult, Format,
    HumanOptions, Judged, Located, MAX_WIDTH, MIN_WIDTH, Report, SuppressedBy, Suppression,
    SuppressionKind, escape_json_invisible, locate,
};
pub use root::SourceRoot;

/// Renders `report` in `format`. Formats that name files relative to the repository root
/// (SARIF, GitHub, GitLab, Markdown) find that root from the current directory
/// ([`SourceRoot::detect`]); use [`render_in`] to give it.
pub fn render(report: &Report, format: Format, human: HumanOptions) -> String {
    match format {
        Format::Human => human::render(report, human),
        Format::Concise => concise::render(report, human),
        Format::Json => json::render(report),
        Format::Sarif | Format::Github | Format::Gitlab | Format::Markdown => {
            render_in(report, format, human, &SourceRoot::detect(report))
        }
    }
}

/// Renders `report` in `format`, with paths of SARIF, GitHub, GitLab and Markdown output
/// relative to `root`. Markdown links a finding's line to the commit on GitHub when the
/// runner's variables name it ([`markdown::Links::from_env`]).
pub fn render_in(
    report: &Report,
    format: Format,
    human: HumanOptions,
    root: &SourceRoot,
) -> String {
    match format {
        Format::Human => human::render(report, human),
        Format::Concise => concise::render(report, human),
        Format::Json => json::render(report),
        Format::Sarif => sarif::render(report, root),
        Format::Github => github::render(report, root),
        Format::Gitlab => gitlab::render(report, root),
        Format::Markdown => markdown::render(report, root, &markdown::Links::from_env()),
    }
}

//! The key path a finding carries: the string of an MCP dump or the settings value that
//! holds its span.

use std::ops::Range;

use crate::parse;

/// The key path of the string of an MCP dump that holds `span` (`key_paths` sorted by start).
pub(super) fn key_path_at<'a>(
    key_paths: &'a [(Range<usize>, String)],
    span: &Range<usize>,
) -> Option<&'a str> {
    let i = key_paths.partition_point(|(r, _)| r.start <= span.start);
    let (r, kp) = key_paths.get(i.checked_sub(1)?)?;
    (span.end <= r.end).then_some(kp.as_str())
}

/// The key path of the settings value whose literal holds `span`, rendered (only here, for
/// a finding) from the file's arena and escaped. Values are in document order, so sorted by
/// start; a value of a nested array or object never overlaps another.
pub(super) fn setting_path_at(settings: &parse::Settings, span: &Range<usize>) -> Option<String> {
    let values = &settings.values;
    let i = values.partition_point(|v| v.span.start <= span.start);
    let v = values.get(i.checked_sub(1)?)?;
    (span.end <= v.span.end).then(|| crate::escape::escape_one_line(&v.path.to_string()))
}

//! A Python path configuration file (`.pth`): the lines Python executes at start-up.

use super::segment::{Parsed, Role, Segment};

/// Parses a `.pth` file: Python's `site` module reads every `.pth` file in a site-packages
/// folder at each interpreter start, and executes a line that starts with `import` followed
/// by a space or a tab; every other line is a folder added to `sys.path`, or a comment
/// (<https://docs.python.org/3/library/site.html>). Each executed line is one
/// [`Role::Body`] segment, read as Python by the effect model
/// ([`crate::program::Language::of_path`]); the other lines are no text anyone obeys and
/// are not scanned.
pub fn parse(text: &str) -> Parsed {
    let mut segments = Vec::new();
    let mut pos = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        if executed(body) {
            segments.push(Segment::verbatim(Role::Body, pos..pos + body.len()));
        }
        pos += line.len();
    }
    Parsed {
        segments,
        ..Parsed::default()
    }
}

/// True when `line` of a `.pth` file is executed: it starts with `import` and a space or a
/// tab (the `site` module's test).
pub fn executed(line: &str) -> bool {
    line.starts_with("import ") || line.starts_with("import\t")
}

/// True when `path` names a `.pth` file.
pub fn is_pth(path: &str) -> bool {
    path.rsplit(['/', '\\'])
        .next()
        .is_some_and(|n| n.to_ascii_lowercase().ends_with(".pth"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_import_lines_are_segments() {
        let text = "# a comment\n/opt/lib/extra\nimport os; os.system('id')\nimportant/dir\n";
        let p = parse(text);
        assert_eq!(p.segments.len(), 1);
        let at = text.find("import os").expect("line");
        assert_eq!(
            p.segments[0].range,
            at..at + "import os; os.system('id')".len()
        );
        assert_eq!(p.segments[0].role, Role::Body);
    }
}

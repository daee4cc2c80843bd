//! The pages an instruction file sends the agent to read ("Always read the newest file in
//! `docs/handover/` before starting", "follow the rules in docs/style.md"): a walk hands them
//! on as instructions that say which file sent the agent there. An agent obeys what it was
//! told to read as it obeys the file that told it, so a page read on that order is judged as
//! an instruction file, not as documentation people read (a page found only by the walk has
//! its visible text lowered to notes, [`crate::target::Target::page`]).

use std::path::{Path, PathBuf};

use crate::kind::FileKind;
use crate::target::Target;

use super::display::display_relative;
use super::follow::lexical;
use super::sink::{Sink, digest};

/// At most this many paths of one instruction file are followed as pages to read (each
/// costs a file system lookup or two, a folder a listing); an instruction file points at a
/// handful of guides.
pub const MAX_READS_PER_FILE: usize = 16;

/// At most this many pages are added per folder walked (or file named).
pub const MAX_READS: usize = 200;

/// Of a folder an instruction file sends the agent to ("the newest file in `docs/handover/`"),
/// at most this many pages are followed: the last ones by name, where dated notes sort last.
pub const MAX_FOLDER_PAGES: usize = 8;

/// The extensions of the pages followed: Markdown, which an agent reads as prose (a `.txt`
/// named after "check" is as often `requirements.txt`).
const PAGE_EXTENSIONS: &[&str] = &["md", "mdx", "markdown"];

/// Stems of pages written for people rather than for the agent, not followed: a changelog
/// narrates the flags and commands it added, a README is the project's front page with the
/// install lines people paste (`curl ... | sh`), a security policy quotes attacks as
/// examples; a walk reads them as pages already (what they hide at full severity).
const PEOPLE_PAGES: &[&str] = &[
    "readme",
    "security",
    "changelog",
    "changes",
    "history",
    "news",
    "release_notes",
    "release-notes",
    "releasenotes",
    "releases",
];

/// Words that send the reader to a page ("read", "see", "follow the rules in").
const READ_VERBS: &[&str] = &[
    "read",
    "reads",
    "reading",
    "reread",
    "see",
    "follow",
    "follows",
    "following",
    "consult",
    "refer",
    "load",
    "loads",
    "open",
    "review",
    "study",
    "check",
    "obey",
    "apply",
];

/// Words that work on a page rather than read it ("update CHANGELOG.md", "add a line to
/// docs/x.md"): the nearest verb before a path decides.
const WRITE_VERBS: &[&str] = &[
    "update",
    "updates",
    "updating",
    "edit",
    "edits",
    "add",
    "adds",
    "append",
    "write",
    "writes",
    "create",
    "creates",
    "modify",
    "change",
    "bump",
    "delete",
    "remove",
    "fill",
    "generate",
    "regenerate",
    "rename",
    "move",
    "copy",
    "touch",
    "commit",
    "format",
    "lint",
    "keep",
    "record",
    "log",
    "document",
];

/// The relative paths of the pages (or folders of pages, ending in `/`) that an instruction
/// file's `text` sends the agent to read: a Markdown path (not a README or changelog) whose nearest verb
/// before it on its line is a reading one (`Read docs/setup.md`, "see
/// [the guide](docs/guide.md)"), outside fenced code. A URL, an absolute or home path, a path
/// that climbs (`..`) or holds a variable is not followed. At most [`MAX_READS_PER_FILE`], in
/// order, without repeats; time linear in the text.
pub(super) fn instruction_reads(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut fence: Option<&str> = None;
    for line in text.lines() {
        let t = line.trim_start();
        if let Some(m) = ["```", "~~~"].into_iter().find(|m| t.starts_with(m)) {
            fence = match fence {
                Some(open) if open == m => None,
                None => Some(m),
                other => other,
            };
            continue;
        }
        if fence.is_some() || !line.contains(['.', '/']) {
            continue;
        }
        let mut reading = false;
        for raw in line.split(|c: char| {
            c.is_whitespace() || matches!(c, '`' | '"' | '\'' | '(' | ')' | '[' | ']' | '<' | '>')
        }) {
            let word = raw.trim_matches(|c: char| matches!(c, '*' | '_' | ',' | ';' | '!' | '?'));
            let bare = word.trim_end_matches(['.', ':']);
            let lower = bare.to_ascii_lowercase();
            if READ_VERBS.contains(&lower.as_str()) {
                reading = true;
            } else if WRITE_VERBS.contains(&lower.as_str()) {
                reading = false;
            } else if reading
                && let Some(path) = page_path(bare)
                && !out.contains(&path)
            {
                out.push(path);
                if out.len() >= MAX_READS_PER_FILE {
                    return out;
                }
            }
        }
    }
    out
}

/// `word` as a relative page path or folder (`docs/a.md`, `./notes/`, `docs/a.md#setup`),
/// or `None`.
fn page_path(word: &str) -> Option<String> {
    let word = word.split('#').next().unwrap_or("");
    let word = word.strip_prefix("./").unwrap_or(word);
    if word.is_empty()
        || word.len() > 1024
        || word.contains("://")
        || word.starts_with(['/', '~', '$', '-', '@'])
        || word.split('/').any(|c| c == "..")
        || !word
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '/' | '.' | '_' | '-'))
    {
        return None;
    }
    let folder = word.ends_with('/') && word.len() > 1;
    let page = word.rsplit_once('.').is_some_and(|(stem, ext)| {
        let name = stem.rsplit('/').next().unwrap_or(stem);
        !name.is_empty()
            && PAGE_EXTENSIONS.iter().any(|e| ext.eq_ignore_ascii_case(e))
            && !PEOPLE_PAGES.iter().any(|n| name.eq_ignore_ascii_case(n))
    });
    (folder || page).then(|| word.to_owned())
}

/// An instruction file found whose text sends the agent to read pages of the project.
#[derive(Debug)]
pub(super) struct Reader {
    pub(super) path: PathBuf,
    pub(super) display: String,
    pub(super) pages: Vec<String>,
}

/// The page files of `folder` to follow: at most [`MAX_FOLDER_PAGES`], the last by name.
fn folder_pages(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut pages: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .take(4096)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| !n.ends_with('/') && page_path(n).is_some())
        })
        .collect();
    pages.sort();
    let skip = pages.len().saturating_sub(MAX_FOLDER_PAGES);
    pages.split_off(skip)
}

/// Hands on the pages that `readers` (the instruction files one path found) send the agent
/// to, inside `root` (after links are resolved), as instructions that say which file sent
/// the agent there: at most [`MAX_READS`] files, none already found as an agent file (a page
/// the walk found as documentation is held back until now, and is handed on as read
/// instead). Paths resolve from the instruction file's folder, then from `root`. Returns the
/// file system lookups made.
pub(super) fn follow_reads(
    out: &mut Sink<'_>,
    readers: std::ops::Range<usize>,
    root: &Path,
) -> usize {
    let Ok(canon_root) = std::fs::canonicalize(root) else {
        return 0;
    };
    let readers: Vec<Reader> = out.readers[readers]
        .iter_mut()
        .map(|r| Reader {
            path: r.path.clone(),
            display: r.display.clone(),
            pages: std::mem::take(&mut r.pages),
        })
        .collect();
    let mut added = 0;
    let mut lookups = 0;
    for r in readers {
        let dir = r.path.parent().unwrap_or(Path::new("")).to_path_buf();
        for page in &r.pages {
            for base in [&dir, &root.to_path_buf()] {
                let candidate = lexical(&base.join(page));
                lookups += 1;
                let Ok(real) = std::fs::canonicalize(&candidate) else {
                    continue;
                };
                if !real.starts_with(&canon_root) {
                    continue;
                }
                let files = match std::fs::metadata(&real) {
                    Ok(m) if m.is_file() => vec![candidate],
                    Ok(m) if m.is_dir() => folder_pages(&candidate),
                    _ => continue,
                };
                for file in files {
                    if added >= MAX_READS {
                        return lookups;
                    }
                    let Ok(real) = std::fs::canonicalize(&file) else {
                        continue;
                    };
                    if !real.starts_with(&canon_root)
                        || !out
                            .known
                            .insert(digest(real.as_os_str().as_encoded_bytes()))
                    {
                        continue;
                    }
                    added += 1;
                    out.hand_on(Target {
                        display: display_relative(&file),
                        path: Some(file),
                        kind: Some(FileKind::Instructions),
                        agents: Vec::new(),
                        caps: Vec::new(),
                        explicit: false,
                        skip: None,
                        imported_by: Some(r.display.clone()),
                        user_level: false,
                        page: false,
                    });
                }
                break;
            }
        }
    }
    lookups
}

#[cfg(test)]
mod tests {
    use super::instruction_reads;

    #[test]
    fn reads_follow_reading_verbs_only() {
        let text = "# Notes\n\
            Always read the newest file in `docs/handover/` before starting work.\n\
            See [the style guide](docs/style.md#naming) and follow wiki/Onboarding.md.\n\
            Update CHANGELOG.md and add an entry to docs/releases.md.\n\
            Read the guide, then update docs/api.md.\n\
            ```sh\nless docs/fenced.md\n```\n\
            Read https://example.com/x.md, ~/notes.md, ../up.md and /etc/motd.md.\n\
            See CHANGELOG.md, docs/HISTORY.md and requirements.txt.\n\
            Check README.md and then CONTRIBUTING.md.\n";
        assert_eq!(
            instruction_reads(text),
            [
                "docs/handover/",
                "docs/style.md",
                "wiki/Onboarding.md",
                "CONTRIBUTING.md"
            ]
        );
    }

    #[test]
    fn reads_are_bounded_per_file() {
        let text: String = (0..40).map(|i| format!("Read docs/p{i}.md.\n")).collect();
        let reads = instruction_reads(&text);
        assert_eq!(reads.len(), super::MAX_READS_PER_FILE);
        assert_eq!(reads[0], "docs/p0.md");
    }
}

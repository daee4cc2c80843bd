//! The paths of the pages an instruction file's text sends the agent to read ("Read
//! `docs/setup.md` first"), read off its text; [`super::reads`] follows them.

use std::path::PathBuf;

use super::imports::Fences;

/// At most this many paths of one instruction file are followed as pages to read (each
/// costs a file system lookup or two, a folder a listing); an instruction file points at a
/// handful of guides.
pub const MAX_READS_PER_FILE: usize = 16;

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

/// The length of the longest of [`READ_VERBS`] and [`WRITE_VERBS`], in bytes.
const LONGEST_VERB: usize = 10;

/// True when `word` is one of `list`, compared without ASCII case.
fn is_one_of(word: &str, list: &[&str]) -> bool {
    list.iter().any(|v| v.eq_ignore_ascii_case(word))
}

/// The relative paths of the pages (or folders of pages, ending in `/`) that an instruction
/// file's `text` sends the agent to read: a Markdown path (not a README or changelog) whose nearest verb
/// before it on its line is a reading one (`Read docs/setup.md`, "see
/// [the guide](docs/guide.md)"), outside fenced code. A URL, an absolute or home path, a path
/// that climbs (`..`) or holds a variable is not followed. At most [`MAX_READS_PER_FILE`], in
/// order, without repeats; time linear in the text.
pub(super) fn instruction_reads(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut fences = Fences::default();
    for line in text.lines() {
        if fences.code(line.trim_start()) || !line.contains(['.', '/']) {
            continue;
        }
        let mut reading = false;
        for raw in line.split(|c: char| {
            c.is_whitespace() || matches!(c, '`' | '"' | '\'' | '(' | ')' | '[' | ']' | '<' | '>')
        }) {
            let word = raw.trim_matches(|c: char| matches!(c, '*' | '_' | ',' | ';' | '!' | '?'));
            let bare = word.trim_end_matches(['.', ':']);
            // A path has a `.` or a `/`; a verb has neither and is short.
            let pathlike = bare.bytes().any(|b| b == b'.' || b == b'/');
            if !pathlike && bare.len() <= LONGEST_VERB && is_one_of(bare, READ_VERBS) {
                reading = true;
            } else if !pathlike && bare.len() <= LONGEST_VERB && is_one_of(bare, WRITE_VERBS) {
                reading = false;
            } else if reading
                && pathlike
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

/// The Markdown pages that a page of the project links to (`[Deploying](concepts/deploying.md)`),
/// outside fenced code: the relative page paths [`page_path`] accepts, at most
/// [`MAX_READS_PER_FILE`], in order, without repeats; time linear in the text. Read off a
/// page an instruction file sent the agent to ([`super::reads`]): an index the agent was told
/// to read and trust sends it on to the pages it lists.
pub(super) fn page_links(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut fences = Fences::default();
    for line in text.lines() {
        if fences.code(line.trim_start()) {
            continue;
        }
        for (i, _) in line.match_indices("](") {
            let target = &line[i + 2..];
            let end = target.find([')', ' ']).unwrap_or(target.len());
            if let Some(path) = page_path(&target[..end])
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
pub(super) fn page_path(word: &str) -> Option<String> {
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

#[cfg(test)]
mod tests {
    use super::instruction_reads;

    #[test]
    fn the_longest_verb_bound_holds() {
        let longest = super::READ_VERBS
            .iter()
            .chain(super::WRITE_VERBS)
            .map(|v| v.len())
            .max();
        assert_eq!(longest, Some(super::LONGEST_VERB));
    }

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
    fn an_index_links_to_its_pages() {
        let text = "# Wiki\n- [Deploying](concepts/deploying.md)\n- [Site](https://x.example/a.md)\n\
            - [Up](../up.md) and [again](concepts/deploying.md#top) [readme](README.md)\n\
            ```md\n[fenced](f.md)\n```\n";
        assert_eq!(super::page_links(text), ["concepts/deploying.md"]);
    }

    #[test]
    fn reads_are_bounded_per_file() {
        let text: String = (0..40).map(|i| format!("Read docs/p{i}.md.\n")).collect();
        let reads = instruction_reads(&text);
        assert_eq!(reads.len(), super::MAX_READS_PER_FILE);
        assert_eq!(reads[0], "docs/p0.md");
    }
}

use std::collections::HashSet;

use super::follow::follow_imports;
use super::imports::{MAX_IMPORTS_PER_FILE, imports_bounded};
use super::sink::{Memory, Sink};
use crate::target::Target;

/// The lookups [`follow_imports`] makes for a `CLAUDE.md` of `n` import lines (`@x0`,
/// `@x1`, ..., none of which exists), and the notes it hands on.
fn lookups_for(n: usize) -> (usize, Vec<Target>) {
    let dir = tempfile::tempdir().expect("a temp dir");
    let text: String = (0..n).map(|i| format!("@x{i}\n")).collect();
    let path = dir.path().join("CLAUDE.md");
    std::fs::write(&path, &text).expect("written");
    let mut found = Vec::new();
    let mut push = |t: Target| found.push(t);
    let mut out = Sink {
        found: &mut push,
        errors: Vec::new(),
        shown: HashSet::new(),
        known: HashSet::new(),
        docs: Vec::new(),
        runners: Vec::new(),
        readers: Vec::new(),
        memory: vec![Memory {
            path,
            display: "CLAUDE.md".to_owned(),
            imports: imports_bounded(&text),
        }],
    };
    let lookups = follow_imports(&mut out, 0..1, dir.path(), None);
    (lookups, found)
}

#[test]
fn import_lookups_are_bounded_per_file_whatever_its_size() {
    // Issue 29: 1 MB of `@x` lines made one lookup per line (330,000 system calls).
    let (small, _) = lookups_for(2_000);
    let (large, notes) = lookups_for(4_000);
    assert_eq!((small, large), (MAX_IMPORTS_PER_FILE, MAX_IMPORTS_PER_FILE));
    let skips: Vec<(String, Option<String>)> = notes
        .into_iter()
        .map(|t| {
            (
                t.display.rsplit('/').next().unwrap_or("").to_owned(),
                t.skip,
            )
        })
        .collect();
    assert_eq!(
        skips,
        [(
            format!("x{MAX_IMPORTS_PER_FILE}"),
            Some(format!(
                "an import of CLAUDE.md not followed: it has 4000 imports, over the limit of \
                 {MAX_IMPORTS_PER_FILE}; this one and the {} after it are not followed",
                4000 - MAX_IMPORTS_PER_FILE - 1
            ))
        )]
    );
    // Under the limit: one lookup per import, no note.
    let (few, notes) = lookups_for(10);
    assert_eq!((few, notes.len()), (10, 0));
}

#[test]
fn imports_bounded_counts_every_import_and_keeps_the_first() {
    let text: String = (0..1000).map(|i| format!("see @a{i}.md\n")).collect();
    let i = imports_bounded(&text);
    assert_eq!(i.total, 1000);
    assert_eq!(i.paths.len(), MAX_IMPORTS_PER_FILE);
    assert_eq!(i.paths[0], "a0.md");
    assert_eq!(i.first_dropped, Some(format!("a{MAX_IMPORTS_PER_FILE}.md")));
}

#[test]
fn a_bound_keeps_a_named_file_s_imports_and_the_git_index_inside_it() {
    // `promptlint mcp serve --root repo/sub`: the repository above the root is no scope for
    // a named file's imports, and its index is not read.
    let dir = tempfile::tempdir().expect("a temp dir");
    let repo = dir.path();
    std::fs::create_dir_all(repo.join(".git")).expect("made");
    std::fs::create_dir_all(repo.join("sub")).expect("made");
    std::fs::write(repo.join("secret.md"), "the secret\n").expect("written");
    std::fs::write(repo.join("sub/inside.md"), "inside\n").expect("written");
    let claude = repo.join("sub/CLAUDE.md");
    std::fs::write(&claude, "@../secret.md\n@inside.md\n").expect("written");
    let names = |opts: &super::DiscoverOptions, path: &std::path::Path| {
        let found = super::discover(&[path.to_path_buf()], opts);
        let mut names: Vec<String> = found
            .targets
            .iter()
            .filter_map(|t| t.path.as_ref()?.file_name()?.to_str().map(str::to_owned))
            .collect();
        names.sort();
        names
    };
    let free = super::DiscoverOptions::default();
    assert_eq!(
        names(&free, &claude),
        ["CLAUDE.md", "inside.md", "secret.md"]
    );
    let sub = std::fs::canonicalize(repo.join("sub")).expect("exists");
    let bounded = super::DiscoverOptions {
        within: vec![sub.clone()],
        ..super::DiscoverOptions::default()
    };
    assert_eq!(names(&bounded, &claude), ["CLAUDE.md", "inside.md"]);
    // A walk of the bound: no index above it is read (a broken one would be a note).
    std::fs::write(repo.join(".git/index"), "not an index").expect("written");
    let walked = super::discover(std::slice::from_ref(&sub), &bounded);
    assert!(
        walked.targets.iter().all(|t| t.skip.is_none()),
        "{:?}",
        walked.targets
    );
    let unbounded = super::discover(&[sub], &free);
    assert!(
        unbounded.targets.iter().any(|t| t.skip.is_some()),
        "the broken index is a note without a bound: {:?}",
        unbounded.targets
    );
}

#[test]
fn a_walk_reads_markdown_and_html_pages_as_docs_but_not_prompt_texts() {
    use super::manifest::page;
    use crate::kind::FileKind;
    use std::path::Path;
    let root = Path::new("/repo/prompts/site");
    let kind = |rel: &str| page(&root.join(rel), root).map(|c| c.kind);
    assert_eq!(kind("kb/runbooks/rotate-certs.md"), Some(FileKind::Doc));
    assert_eq!(kind("research/fetched/page.HTML"), Some(FileKind::Doc));
    assert_eq!(kind("notes/standup.mdx"), Some(FileKind::Doc));
    // The root's own folders (`prompts/` above) do not count; folders inside it do.
    assert_eq!(kind("system/agents/code_audit.md"), Some(FileKind::Doc));
    assert_eq!(kind("prompt/system/agents/code_audit.md"), None);
    assert_eq!(kind("ZAI/ZCode/Prompts.md"), None);
    assert_eq!(kind("gpt45_system_prompt.md"), None);
    assert_eq!(kind("notes/standup.txt"), None);
    assert_eq!(kind("Makefile"), None);
}

#[test]
fn a_file_named_in_a_dot_folder_takes_the_folder_holding_it_as_its_project() {
    use std::path::Path;
    let root = std::path::absolute(Path::new("/tmp/proj")).expect("absolute");
    let project = |p: &str| super::named_project(&root.join(p));
    assert_eq!(project(".vscode"), root);
    assert_eq!(project(".claude"), root);
    assert_eq!(project(".claude/skills/deploy"), root);
    assert_eq!(project(".github/hooks"), root);
    assert_eq!(project(".github/.cache"), root);
    // Not in a dot-folder, or one too far above: its own folder.
    assert_eq!(project("docs"), root.join("docs"));
    assert_eq!(project(".config/a/b/c"), root.join(".config/a/b/c"));
}

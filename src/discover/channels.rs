//! Files a walk keeps for what they hold beyond the recordings of [`super::manifest`]: agent
//! memory stores and logs holding free text, MCP configs under client names the conventions
//! lack, and Python `.pth` files that import code.

use std::path::Path;

use crate::agents::Classification;
use crate::kind::FileKind;
use crate::parse::json::{Json, JsonNode};

/// Words (runs of non-space characters) a JSON string holds at least to count as free
/// text someone wrote ([`holds_prose`]): an issue body, a fetched page, a memory, a
/// model's answer; ids, paths, timestamps and short log messages hold fewer.
pub const PROSE_WORDS: usize = 12;

/// JSON values looked at per record by [`holds_prose`] at most.
pub const MAX_PROSE_NODES: usize = 4096;

/// True when a folder's name says it holds an agent's memory store (compared without case,
/// a leading `.` dropped): `memory`, `memories`, or a name ending in `-memory`, `_memory`,
/// `-mem` or `_mem` (`.agent-memory`, `agent_memory`, `.claude-mem`: claude-mem's store,
/// <https://github.com/thedotmack/claude-mem>, not confirmed to sit in a project). Memory entries are recalled into later sessions as
/// the agent's own history (memory poisoning, OWASP ASI06:
/// <https://www.helmwart.com/threats/t1/>).
pub(super) fn memory_folder(name: &str) -> bool {
    let lower = name.trim_start_matches('.').to_ascii_lowercase();
    matches!(lower.as_str(), "memory" | "memories")
        || [
            "-memory",
            "_memory",
            "-memories",
            "_memories",
            "-mem",
            "_mem",
        ]
        .iter()
        .any(|s| lower.ends_with(s))
}

/// Extensions of the text files of a memory store a walk reads as the agent's instructions:
/// Markdown (CommonMark's `.md`, `.markdown`) and plain text.
const MEMORY_PAGE_EXTENSIONS: &[&str] = &["md", "markdown", "txt"];

/// The classification of `path`, a Markdown or text file found by walking in an agent's
/// memory store ([`agent_store`]), as `instructions`: an agent recalls
/// its memory into later sessions as its own notes, so an order written there (a standing
/// agreement, a consent the user never gave, an order to copy itself on) is obeyed as one in
/// `CLAUDE.md` is, not read as a page about the project.
pub(super) fn memory_page(path: &Path, root: &Path) -> Option<Classification> {
    let ext = path.extension()?.to_str()?;
    (MEMORY_PAGE_EXTENSIONS
        .iter()
        .any(|e| ext.eq_ignore_ascii_case(e))
        && agent_store(path, root))
    .then(|| Classification {
        kind: FileKind::Instructions,
        agents: Vec::new(),
        caps: Vec::new(),
    })
}

/// Words of a page's name (its stem split at `-`, `_`, `.`, spaces and a lower-to-upper case
/// change) that say it holds context or notes kept for AI agents: `PROJECT-CONTEXT.md`,
/// `AI_NOTES.md`, `llm-context.md`, `NotesForAgents.md`. BMad's agents load a
/// `project-context.md` so (<https://github.com/bmad-code-org/BMAD-METHOD>, its
/// `docs/explanation/project-context.md`: "bmad-generate-project-context produced a single
/// `project-context.md`"; where it sat is not confirmed); the Codebase Context Specification
/// keeps such pages in `.context/` at the root and earlier as `.context.md`
/// (<https://github.com/Agentic-Insights/codebase-context-spec/blob/main/CODEBASE-CONTEXT.md>).
/// A hand-off note (`HANDOFF.md`, `handoff-0602.md`) is what one agent session writes for the
/// next to pick up as its brief (a habit of agent workflows, not a vendor's convention: not
/// confirmed in any agent's documentation).
const CONTEXT_NAME_WORDS: &[&str] = &[
    "context",
    "handoff",
    "handover",
    "ai",
    "llm",
    "llms",
    "agent",
    "agents",
    "assistant",
    "copilot",
];

/// Top-level folders of working notes that [`context_page`] reads as it reads the top
/// (`notes/handoff-0602.md`, `handoffs/HANDOFF.md`); their name alone makes nothing
/// instructions.
const NOTES_FOLDERS: &[&str] = &["notes", "handoffs", "handoff"];

/// True when the file name `name` (its stem) holds one of [`CONTEXT_NAME_WORDS`].
fn context_name(name: &str) -> bool {
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    let mut words: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in stem.chars() {
        if matches!(c, '-' | '_' | '.' | ' ') || (c.is_uppercase() && prev_lower) {
            words.push(std::mem::take(&mut cur));
        }
        if !matches!(c, '-' | '_' | '.' | ' ') {
            cur.extend(c.to_lowercase());
        }
        prev_lower = c.is_lowercase();
    }
    words.push(cur);
    words
        .iter()
        .any(|w| CONTEXT_NAME_WORDS.contains(&w.as_str()))
}

/// The classification of `path`, a Markdown page found by walking, as `instructions` when it
/// sits at the top of the walk's root or inside its hidden folders (where agents keep their
/// state) and its name says it is context kept for AI agents ([`context_name`]), or when it
/// sits in a hidden folder of such a name (`.context/index.md`, `.ai/notes.md`): an agent
/// pointed at the project reads it as its brief, not as a page about the project. Deeper in
/// the tree (`docs/`, a package) such a name is documentation.
pub(super) fn context_page(path: &Path, root: &Path) -> Option<Classification> {
    let ext = path.extension()?.to_str()?;
    if !["md", "markdown"]
        .iter()
        .any(|e| ext.eq_ignore_ascii_case(e))
    {
        return None;
    }
    let rel = path.strip_prefix(root).unwrap_or(path);
    let mut folders = Vec::new();
    for (i, c) in rel.parent()?.components().enumerate() {
        let name = c.as_os_str().to_str()?;
        // A top-level folder of notes kept beside the code (`notes/`) is read as the top is.
        let notes = i == 0 && NOTES_FOLDERS.contains(&name.to_ascii_lowercase().as_str());
        if !notes && (!name.starts_with('.') || name == "." || name == "..") {
            return None;
        }
        folders.push(name);
    }
    let named = context_name(path.file_name()?.to_str()?)
        || folders
            .iter()
            .any(|f| context_name(f.trim_start_matches('.')));
    named.then(|| Classification {
        kind: FileKind::Instructions,
        agents: Vec::new(),
        caps: Vec::new(),
    })
}

/// True when `path` lies in a memory store's folder ([`memory_folder`]) that an agent keeps
/// for the project: at the top of the walk's root or inside its hidden folders (`memory/`,
/// `.agent/memory/`, `.claude-mem/`), where agents keep their state. A folder of that name
/// deeper in the project's own tree (`apps/api/data/memory/`) holds an application's data.
fn agent_store(path: &Path, root: &Path) -> bool {
    let Some(dir) = path.strip_prefix(root).unwrap_or(path).parent() else {
        return false;
    };
    for c in dir.components() {
        let Some(name) = c.as_os_str().to_str() else {
            return false;
        };
        if memory_folder(name) {
            return true;
        }
        if !name.starts_with('.') {
            return false;
        }
    }
    false
}

/// True when some string in `root` (searched without recursion, at most
/// [`MAX_PROSE_NODES`] values) holds at least [`PROSE_WORDS`] words.
pub(super) fn holds_prose(root: &JsonNode) -> bool {
    let mut stack = vec![root];
    let mut seen = 0;
    while let Some(n) = stack.pop() {
        seen += 1;
        if seen > MAX_PROSE_NODES {
            return false;
        }
        match &n.value {
            Json::String(s) if s.text.split_whitespace().nth(PROSE_WORDS - 1).is_some() => {
                return true;
            }
            Json::Array(items) => stack.extend(items.iter()),
            Json::Object(members) => stack.extend(members.iter().map(|(_, _, v)| v)),
            _ => {}
        }
    }
    false
}

/// Bytes of a JSON file whose name says MCP read to tell whether it is an MCP config.
pub const MAX_MCP_CONFIG_SNIFF: u64 = 1 << 20;

/// The classification of `path`, a `.json` file found by walking whose name has `mcp` in
/// it and that no convention names, as `mcp-config` when its top level holds an
/// `mcpServers` object with a server in it: the shape every client's MCP config shares.
/// Clients keep such files under names of their own: Windsurf's and Antigravity's
/// `mcp_config.json` (<https://docs.windsurf.com/windsurf/cascade/mcp>, kept in the user's
/// `~/.codeium/windsurf/`, and shared in repositories to be copied there), Roo Code's and
/// Cline's `mcp_settings.json`.
pub(super) fn named_mcp_config(path: &Path) -> Option<Classification> {
    let name = path.file_name()?.to_str()?.to_ascii_lowercase();
    let stem = name.strip_suffix(".json")?;
    if !stem.contains("mcp") {
        return None;
    }
    let bytes = crate::bounds::read_at_most(path, MAX_MCP_CONFIG_SNIFF).ok()??;
    let root = crate::parse::json::parse_tree(&String::from_utf8_lossy(&bytes)).ok()??;
    let servers = root.get("mcpServers")?;
    let has_server = match &servers.value {
        Json::Object(members) => members
            .iter()
            .any(|(_, _, v)| matches!(v.value, Json::Object(_))),
        _ => false,
    };
    has_server.then(|| Classification {
        kind: FileKind::McpConfig,
        agents: Vec::new(),
        caps: Vec::new(),
    })
}

/// Bytes of a `.pth` file read to find an executed line.
pub const MAX_PTH_SNIFF: u64 = 64 << 10;

/// The classification of `path`, a `.pth` file found by walking, as a script
/// (`skill-resource`, read by [`crate::parse::pth`]) when it is text with a line Python
/// executes at every interpreter start (`import ...`,
/// <https://docs.python.org/3/library/site.html>): once the file is copied into a
/// site-packages folder (by an install step an agent runs), that line runs in every Python
/// process, a persistence channel. A `.pth` file without such a line only lists folders; a
/// PyTorch checkpoint of the same extension is binary: both are left out.
pub(super) fn python_startup(path: &Path) -> Option<Classification> {
    let name = path.file_name()?.to_str()?;
    if !crate::parse::pth::is_pth(name) {
        return None;
    }
    let (bytes, _) = crate::bounds::read_prefix(path, MAX_PTH_SNIFF).ok()?;
    if !crate::source::mostly_text(&bytes) {
        return None;
    }
    String::from_utf8_lossy(&bytes)
        .lines()
        .any(crate::parse::pth::executed)
        .then(|| Classification {
            kind: FileKind::SkillResource,
            agents: Vec::new(),
            caps: Vec::new(),
        })
}

/// True when a folder between the walk's `root` and `path` (the root's own path excluded:
/// it says nothing of the file) has a name `named` accepts.
pub(super) fn in_folder(path: &Path, root: &Path, named: impl Fn(&str) -> bool) -> bool {
    path.strip_prefix(root)
        .unwrap_or(path)
        .parent()
        .is_some_and(|dir| {
            dir.components()
                .any(|c| c.as_os_str().to_str().is_some_and(&named))
        })
}

/// Folder names that hold what tools printed: `logs/`, `ci-logs/`, `build_logs/`,
/// `test-results/`.
fn log_folder(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    n == "logs" || n == "log" || n.ends_with("-logs") || n.ends_with("_logs") || n == "test-results"
}

/// The classification of `path`, found by walking, as `doc` when it is what a tool printed and
/// saved for the agent to read: a `*.log` file, or a `*.txt` file under a log folder
/// ([`log_folder`], below the root). An agent told to fix a failure reads the log, and text a
/// user or a remote page put into it (a crash's field, a concealed terminal escape) reaches the
/// model as tool output (<https://debugg.ai/resources/prompt-injection-through-logs-hidden-attack-surface-debug-ai>).
/// A walk-time check, not a convention: a log an ignore rule hides (most are) stays out of
/// the walk, and a config excluding `*.log` excludes no agent file.
pub(super) fn saved_output(path: &Path, root: &Path) -> Option<Classification> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    let in_log_folder = || in_folder(path, root, log_folder);
    (ext == "log" || (ext == "txt" && in_log_folder())).then(|| Classification {
        kind: FileKind::Doc,
        agents: Vec::new(),
        caps: Vec::new(),
    })
}

/// Bytes of a `.txt` file read for a terminal escape ([`terminal_text`]).
pub const MAX_TERMINAL_SNIFF: u64 = 16 << 10;

/// The classification of `path`, a `.txt` file found by walking, as `doc` when its first
/// [`MAX_TERMINAL_SNIFF`] bytes hold a terminal escape sequence (ESC then `[` or `]`): a
/// status file, a saved report or captured output that a terminal (`cat`) shows otherwise
/// than the model reads it, where SGR 8 conceals a line and erase or cursor sequences
/// overwrite it (<https://github.com/michelbr84/GarraRUST/issues/995>). Plain text files
/// (requirements, licences, data) have none and stay out of the walk.
pub(super) fn terminal_text(path: &Path) -> Option<Classification> {
    use std::io::Read;
    let ext = path.extension()?.to_str()?;
    if !ext.eq_ignore_ascii_case("txt") {
        return None;
    }
    let mut head = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(MAX_TERMINAL_SNIFF)
        .read_to_end(&mut head)
        .ok()?;
    head.windows(2)
        .any(|w| w[0] == 0x1b && matches!(w[1], b'[' | b']'))
        .then(|| Classification {
            kind: FileKind::Doc,
            agents: Vec::new(),
            caps: Vec::new(),
        })
}

/// The classification of `path`, a program source found by walking (a language
/// [`crate::parse::comments::Style`] reads, at most [`crate::check::MAX_SOURCE_BYTES`]), as
/// `instructions` read only in its comments that speak to coding agents (the caller marks
/// the target: [`crate::target::Target::comments`]), when its bytes may hold one
/// ([`crate::check::might_address_agents`]): an agent editing the file reads them
/// (<https://pazdzewicz.de/blog/detail/2026-01-17-ai-prompt-injection>). Other sources
/// stay out of the walk.
///
/// A source whose bytes hold an invisible payload ([`holds_invisible_payload`]) is instead
/// a script (`skill-resource`, read whole; the `bool` is false): the editor and the diff
/// show nothing, the agent that opens the file and the interpreter that runs it read every
/// code point. The `bool` is true when only the addressed comments are to be read.
pub(super) fn addressed_source(path: &Path, root: &Path) -> Option<(Classification, bool)> {
    crate::parse::comments::Style::of(path.to_str()?)?;
    let bytes = crate::bounds::read_at_most(path, crate::check::MAX_SOURCE_BYTES).ok()??;
    let class = |kind| Classification {
        kind,
        agents: Vec::new(),
        caps: Vec::new(),
    };
    if holds_invisible_payload(&bytes) && !in_test_folder(path.strip_prefix(root).unwrap_or(path)) {
        return Some((class(FileKind::SkillResource), false));
    }
    crate::check::might_address_agents(&bytes).then(|| (class(FileKind::Instructions), true))
}

/// True when a folder of `path` (relative to the walk's root) is one that test suites keep their data and cases in
/// (`test`, `tests`, `__tests__`, `spec`, `fixtures`, `testdata`): a scanner for invisible
/// text keeps its samples there (llm-guard's `tests/input_scanners/test_invisible_text.py`),
/// so a walk does not read those sources for invisible payloads; naming the file still does.
fn in_test_folder(path: &Path) -> bool {
    path.parent().is_some_and(|p| {
        p.components().any(|c| {
            matches!(
                c.as_os_str()
                    .to_str()
                    .map(str::to_ascii_lowercase)
                    .as_deref(),
                Some("test" | "tests" | "__tests__" | "spec" | "fixtures" | "testdata")
            )
        })
    })
}

/// True when `bytes` hold a code point that draws nothing and carries a payload or reorders
/// what a reviewer sees, by the classes of [`crate::codepoints`] (ASCII skipped 16 bytes at a
/// time): a Unicode tag character (U+E0000–U+E007F), a supplementary variation selector
/// (U+E0100–U+E01EF; not an emoji's U+FE0F) or a bidirectional embedding, override or isolate
/// (U+202A–U+202E, U+2066–U+2069: Trojan Source, CVE-2021-42574, <https://trojansource.codes/>). Code points
/// from the Unicode Character Database's `Default_Ignorable_Code_Point` and `Bidi_Control`
/// properties; Glassworm hid its loader in variation selectors decoded and passed to `eval`
/// (<https://aishielddaily.blogspot.com/2026/04/glassworm-malware-returns-73-openvsx.html>).
pub(super) fn holds_invisible_payload(bytes: &[u8]) -> bool {
    use crate::codepoints::{is_bidi_embedding_or_isolate, is_tag, is_variation_selector};
    let mut at = 0;
    while let Some(i) = crate::codepoints::next_non_ascii(bytes, at) {
        let head = &bytes[i..bytes.len().min(i + 4)];
        let c = match std::str::from_utf8(head) {
            Ok(t) => t.chars().next(),
            Err(e) => std::str::from_utf8(&head[..e.valid_up_to()])
                .ok()
                .and_then(|t| t.chars().next()),
        };
        match c {
            Some(c) if is_tag(c) || is_bidi_embedding_or_isolate(c) => return true,
            Some(c) if is_variation_selector(c) && c > '\u{FFFF}' => return true,
            Some(c) => at = i + c.len_utf8(),
            None => at = i + 1,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_payloads_are_tags_supplementary_selectors_and_bidi_controls() {
        assert!(holds_invisible_payload(
            "const m = '\u{E0100}\u{E0165}';".as_bytes()
        ));
        assert!(holds_invisible_payload("x = 1 # \u{E0041}".as_bytes()));
        assert!(holds_invisible_payload("if (a \u{202E}) {}".as_bytes()));
        assert!(holds_invisible_payload("/* \u{2066} */".as_bytes()));
        // An emoji's own presentation selector (U+FE0F), a zero-width joiner and accents are
        // honest text.
        assert!(!holds_invisible_payload(
            "ok = '✔\u{FE0F} 👩\u{200D}💻 café'".as_bytes()
        ));
        assert!(!holds_invisible_payload(b"plain ascii"));
        assert!(in_test_folder(Path::new(
            "tests/scanners/test_invisible.py"
        )));
        assert!(in_test_folder(Path::new("pkg/__tests__/a.ts")));
        assert!(!in_test_folder(Path::new("src/util/format.js")));
        assert!(!in_test_folder(Path::new("tests.py")));
    }

    #[test]
    fn a_txt_file_is_kept_only_with_a_terminal_escape() {
        let dir = std::env::temp_dir().join(format!("pl-terminal-txt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let write = |name: &str, text: &str| {
            let p = dir.join(name);
            std::fs::write(&p, text).expect("write");
            p
        };
        let kind = |p: &Path| terminal_text(p).map(|c| c.kind);
        assert_eq!(
            kind(&write("STATUS.txt", "ok\n\u{1b}[8mhidden\u{1b}[28m\n")),
            Some(FileKind::Doc)
        );
        assert_eq!(kind(&write("requirements.txt", "regex==1.0\n")), None);
        assert_eq!(kind(&write("notes.md", "\u{1b}[8mx\n")), None);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn logs_and_output_under_log_folders_are_saved_output() {
        let root = Path::new("/r/logs");
        let kind = |rel: &str| saved_output(&root.join(rel), root).map(|c| c.kind);
        assert_eq!(kind("crash-2026-11-28.log"), Some(FileKind::Doc));
        assert_eq!(kind("ci-logs/build-4471.txt"), Some(FileKind::Doc));
        assert_eq!(kind("build/test-results/console.txt"), Some(FileKind::Doc));
        // The root's own name does not count; a text file elsewhere is no output.
        assert_eq!(kind("notes.txt"), None);
        assert_eq!(kind("requirements.txt"), None);
    }

    fn tree(text: &str) -> JsonNode {
        crate::parse::json::parse_tree(text)
            .expect("parses")
            .expect("value")
    }

    #[test]
    fn a_page_named_as_context_for_agents_is_instructions_at_the_top() {
        let root = Path::new("/r");
        let kind = |rel: &str| context_page(&root.join(rel), root).map(|c| c.kind);
        for yes in [
            "PROJECT-CONTEXT.md",
            "project_context.md",
            "AI_NOTES.md",
            "NotesForAgents.md",
            "llm-guide.markdown",
            ".context/index.md",
            ".ai/conventions.md",
            ".github/ai-context.md",
            "HANDOFF.md",
            "notes/handoff-0602.md",
            "notes/ai-notes.md",
        ] {
            assert_eq!(kind(yes), Some(FileKind::Instructions), "{yes}");
        }
        for no in [
            "docs/project-context.md",
            "packages/x/AI_NOTES.md",
            "CHANGELOG.md",
            "maintainers.md",
            "email.md",
            "PROJECT-CONTEXT.txt",
            ".github/CONTRIBUTING.md",
            "notes/meeting-0602.md",
            "docs/notes/handoff.md",
        ] {
            assert_eq!(kind(no), None, "{no}");
        }
    }

    #[test]
    fn text_under_a_memory_folder_is_instructions() {
        let root = Path::new("/r");
        let kind = |rel: &str| memory_page(&root.join(rel), root).map(|c| c.kind);
        assert_eq!(kind(".agent/memory/facts.md"), Some(FileKind::Instructions));
        assert_eq!(
            kind(".claude-mem/context/app.md"),
            Some(FileKind::Instructions)
        );
        assert_eq!(kind("memories/notes.txt"), Some(FileKind::Instructions));
        assert_eq!(kind("memory/store.json"), None);
        assert_eq!(kind("docs/memory.md"), None);
        assert_eq!(kind("src/mempool/README.md"), None);
        // An application's own data folder of that name, deep in its tree.
        assert_eq!(kind("apps/api/data/memory/e/1.md"), None);
    }

    #[test]
    fn prose_is_a_string_of_twelve_words_or_more() {
        let long = r#"{"id":1,"body":{"text":"one two three four five six seven eight nine ten eleven twelve"}}"#;
        let short = r#"{"id":1,"msg":"connection refused by upstream after three retries","path":"/a/b c/d"}"#;
        assert!(holds_prose(&tree(long)));
        assert!(!holds_prose(&tree(short)));
    }

    #[test]
    fn memory_folders_by_name() {
        for n in [
            "memory",
            ".agent-memory",
            "Memories",
            "agent_memory",
            ".memory",
            ".claude-mem",
        ] {
            assert!(memory_folder(n), "{n}");
        }
        for n in ["memo", "memory-leak-tests", "src", "mem", "mempool"] {
            assert!(!memory_folder(n), "{n}");
        }
    }

    #[test]
    fn an_mcp_named_json_is_a_config_only_with_servers() {
        let dir = tempfile::tempdir().expect("tempdir");
        let yes = dir.path().join("mcp_config.json");
        std::fs::write(&yes, r#"{"mcpServers":{"fs":{"command":"npx"}}}"#).expect("write");
        let no = dir.path().join("mcp-schema.json");
        std::fs::write(&no, r#"{"type":"object","mcpServers":[]}"#).expect("write");
        let other = dir.path().join("config.json");
        std::fs::write(&other, r#"{"mcpServers":{"fs":{"command":"npx"}}}"#).expect("write");
        assert_eq!(
            named_mcp_config(&yes).map(|c| c.kind),
            Some(FileKind::McpConfig)
        );
        assert!(named_mcp_config(&no).is_none());
        assert!(named_mcp_config(&other).is_none());
    }

    #[test]
    fn a_pth_file_is_kept_only_with_an_import_line() {
        let dir = tempfile::tempdir().expect("tempdir");
        let yes = dir.path().join("setup.pth");
        std::fs::write(&yes, "/opt/extra\nimport os; os.system('true')\n").expect("write");
        let paths = dir.path().join("paths.pth");
        std::fs::write(&paths, "/opt/extra\n../lib\n").expect("write");
        let weights = dir.path().join("model.pth");
        std::fs::write(
            &weights,
            b"PK\x03\x04\x00\x00\x08\x00\xff\xfe\x00\x01import os\n",
        )
        .expect("write");
        assert_eq!(
            python_startup(&yes).map(|c| c.kind),
            Some(FileKind::SkillResource)
        );
        assert!(python_startup(&paths).is_none());
        assert!(python_startup(&weights).is_none());
    }
}

//! Agent file conventions and load caps, loaded from `rules/agents.yaml` (embedded).
//!
//! Input: a path relative to the scanned root. Output: its [`Classification`]: file kind, the
//! agents that load it, and their load caps. The conventions are data with a source link per
//! entry, because agents change them.

use std::sync::OnceLock;

use globset::{Glob, GlobBuilder, GlobSet, GlobSetBuilder};
use serde::Deserialize;

use crate::kind::FileKind;

/// What a cap counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CapUnit {
    /// UTF-8 bytes.
    Bytes,
    /// Unicode scalar values.
    Chars,
}

/// Whether a cap counts one file or the chain of files an agent concatenates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CapScope {
    /// Each file on its own.
    File,
    /// The file plus the same-named files in its ancestor folders up to the project root
    /// (Codex concatenates AGENTS.md from the root down).
    Chain,
}

/// What the agent does past the cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CapEffect {
    /// The text past the cap never reaches the model: a warning.
    Truncate,
    /// The agent only warns and still loads everything: a note at most.
    Warn,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct CapSpec {
    limit: u64,
    unit: CapUnit,
    scope: CapScope,
    effect: CapEffect,
    setting: String,
    #[serde(default)]
    files: Vec<String>,
    source: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileSpec {
    glob: String,
    kind: FileKind,
    #[serde(default)]
    source: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct AgentSpec {
    id: String,
    name: String,
    source: String,
    files: Vec<FileSpec>,
    #[serde(default)]
    caps: Vec<CapSpec>,
    /// The agent's user-level files (`check --user`).
    #[serde(default)]
    user: Vec<UserSpec>,
}

/// The folder a user-level path is relative to. Every system's folder is looked for under
/// the home, so a home laid out like another system's is covered too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UserBase {
    /// The home folder (`HOME`, on Windows `USERPROFILE`).
    #[default]
    Home,
    /// The XDG config folder: `XDG_CONFIG_HOME`, else `~/.config` (tools that use it on
    /// every system, as opencode does).
    Config,
    /// Each system's application data folder: `~/Library/Application Support` (macOS),
    /// `APPDATA` else `~/AppData/Roaming` (Windows), the XDG config folder (Linux).
    AppData,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct UserSpec {
    /// A file, relative to `in`.
    #[serde(default)]
    path: Option<String>,
    /// A folder walked with the conventions, relative to `in`.
    #[serde(default)]
    dir: Option<String>,
    #[serde(default, rename = "in")]
    base: UserBase,
    /// The kind of a `path`.
    #[serde(default)]
    kind: Option<FileKind>,
    /// The project path a `dir` is classified as (`Code/User/prompts` as `.github/prompts`);
    /// default: the `dir` itself.
    #[serde(default, rename = "as")]
    mirrors: Option<String>,
    source: String,
}

/// One user-level location of an agent (rules/agents.yaml `user:`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserPath {
    /// Id of the agent that reads it.
    pub agent: String,
    /// The folder `rel` is relative to.
    pub base: UserBase,
    /// The path below the base, `/` separators.
    pub rel: String,
    /// `Some(kind)` for a file; `None` for a folder walked with the conventions.
    pub kind: Option<FileKind>,
    /// For a folder: the project path its files are classified as, `/` separators.
    pub mirrors: String,
    /// Where the fact comes from.
    pub source: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct PromptSpec {
    source: String,
    files: Vec<FileSpec>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct AgentsFile {
    agents: Vec<AgentSpec>,
    prompts: PromptSpec,
    /// Files an editor or a container tool runs or reads into the environment when the
    /// project opens (`.vscode/tasks.json`, devcontainers, `.env`): no agent, a source each.
    launch: PromptSpec,
    /// Project documentation agents read when they explore the repository or are pointed at
    /// it (READMEs, contributing guides, `docs/`), checked by the rules that read text
    /// written for the model.
    docs: PromptSpec,
}

/// A load cap that applies to a classified file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadCap {
    /// Agent id (`codex`).
    pub agent: String,
    /// Agent name for messages (`OpenAI Codex`).
    pub agent_name: String,
    /// The cap.
    pub limit: u64,
    /// What it counts.
    pub unit: CapUnit,
    /// One file or the chain of ancestors.
    pub scope: CapScope,
    /// Truncation or only a warning.
    pub effect: CapEffect,
    /// The agent's setting or message name (`project_doc_max_bytes`).
    pub setting: String,
    /// Where the number comes from.
    pub source: String,
    /// For chain caps: file names that count in ancestor folders.
    pub chain_names: Vec<String>,
}

/// How a path is used by agents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Classification {
    /// The kind of the first matching convention.
    pub kind: FileKind,
    /// Ids of every agent that loads the path, in agents.yaml order.
    pub agents: Vec<String>,
    /// Load caps that apply.
    pub caps: Vec<LoadCap>,
}

/// All conventions, compiled.
#[derive(Debug)]
pub struct Conventions {
    set: GlobSet,
    /// For each glob of `set`: (agent index, or None for prompts and launch files, kind).
    entries: Vec<(Option<usize>, FileKind, String, String)>,
    agents: Vec<AgentSpec>,
    cap_sets: Vec<Vec<Option<GlobSet>>>,
    prompt_source: String,
    user: Vec<UserPath>,
}

fn glob(pattern: &str) -> Glob {
    GlobBuilder::new(pattern)
        .literal_separator(true)
        .build()
        .unwrap_or_else(|e| panic!("rules/agents.yaml: bad glob {pattern}: {e}"))
}

/// The embedded `rules/agents.yaml`.
fn builtin_yaml() -> &'static str {
    crate::data::embedded_files()
        .iter()
        .find(|(p, _)| *p == "rules/agents.yaml")
        .map(|(_, t)| *t)
        .expect("rules/agents.yaml is embedded")
}

impl Conventions {
    /// The embedded conventions, compiled once.
    ///
    /// # Panics
    /// When the embedded agents.yaml is invalid; a test keeps that from shipping.
    pub fn builtin() -> &'static Conventions {
        static C: OnceLock<Conventions> = OnceLock::new();
        C.get_or_init(|| {
            // The JSON build.rs converted the file to, else (never for a file that
            // parses) the YAML itself.
            let json = crate::data::embedded_agents_json()
                .and_then(|json| serde_json::from_str::<AgentsFile>(json).ok());
            match json {
                Some(file) => Conventions::from_file(file),
                None => Conventions::parse(builtin_yaml()),
            }
            .unwrap_or_else(|e| panic!("rules/agents.yaml: {e}"))
        })
    }

    /// Parses an agents.yaml text.
    ///
    /// # Errors
    /// The YAML error, as text.
    pub fn parse(text: &str) -> Result<Conventions, String> {
        let file: AgentsFile = serde_saphyr::from_str(text).map_err(|e| e.to_string())?;
        Conventions::from_file(file)
    }

    /// The conventions of a parsed agents.yaml.
    ///
    /// # Errors
    /// The glob set's error, as text.
    fn from_file(file: AgentsFile) -> Result<Conventions, String> {
        let mut b = GlobSetBuilder::new();
        let mut entries = Vec::new();
        for (i, a) in file.agents.iter().enumerate() {
            for f in &a.files {
                b.add(glob(&f.glob));
                let src = f.source.clone().unwrap_or_else(|| a.source.clone());
                entries.push((Some(i), f.kind, f.glob.clone(), src));
            }
        }
        for spec in [&file.prompts, &file.launch, &file.docs] {
            for f in &spec.files {
                b.add(glob(&f.glob));
                let src = f.source.clone().unwrap_or_else(|| spec.source.clone());
                entries.push((None, f.kind, f.glob.clone(), src));
            }
        }
        let user = user_paths(&file.agents)?;
        let cap_sets = file
            .agents
            .iter()
            .map(|a| {
                a.caps
                    .iter()
                    .map(|c| {
                        (!c.files.is_empty()).then(|| {
                            let mut cb = GlobSetBuilder::new();
                            for g in &c.files {
                                cb.add(glob(g));
                            }
                            cb.build().expect("globs compiled above")
                        })
                    })
                    .collect()
            })
            .collect();
        Ok(Conventions {
            set: b.build().map_err(|e| e.to_string())?,
            entries,
            agents: file.agents,
            cap_sets,
            prompt_source: file.prompts.source,
            user,
        })
    }

    /// The user-level files and folders of every agent, in agents.yaml order.
    pub fn user_paths(&self) -> &[UserPath] {
        &self.user
    }

    /// The name of the agent with id `agent` (`Claude Code`).
    pub fn agent_name(&self, agent: &str) -> Option<&str> {
        self.agents
            .iter()
            .find(|a| a.id == agent)
            .map(|a| a.name.as_str())
    }

    /// Classifies `rel` (relative to the scanned root, `/` separators). `None` when no
    /// convention matches.
    pub fn classify(&self, rel: &str) -> Option<Classification> {
        let hits = self.set.matches(rel);
        let first = *hits.first()?;
        let kind = self.entries[first].1;
        let mut agents: Vec<usize> = hits.iter().filter_map(|&h| self.entries[h].0).collect();
        agents.dedup();
        let mut caps = Vec::new();
        for &a in &agents {
            let spec = &self.agents[a];
            for (c, cap) in spec.caps.iter().enumerate() {
                if let Some(set) = &self.cap_sets[a][c]
                    && !set.is_match(rel)
                {
                    continue;
                }
                let chain_names = spec
                    .files
                    .iter()
                    .filter_map(|f| f.glob.strip_prefix("**/"))
                    .filter(|n| !n.contains(['/', '*']))
                    .map(str::to_owned)
                    .collect();
                caps.push(LoadCap {
                    agent: spec.id.clone(),
                    agent_name: spec.name.clone(),
                    limit: cap.limit,
                    unit: cap.unit,
                    scope: cap.scope,
                    effect: cap.effect,
                    setting: cap.setting.clone(),
                    source: cap.source.clone(),
                    chain_names,
                });
            }
        }
        Some(Classification {
            kind,
            agents: agents.iter().map(|&a| self.agents[a].id.clone()).collect(),
            caps,
        })
    }

    /// Every glob with its kind and source link, in file order (for the pre-commit `files`
    /// pattern and the README).
    pub fn globs(&self) -> impl Iterator<Item = (&str, FileKind, &str)> {
        self.entries
            .iter()
            .map(|(_, k, g, s)| (g.as_str(), *k, s.as_str()))
    }

    /// One regular expression matching every path that a convention of rules/agents.yaml
    /// matches, for the `files:` key of `.pre-commit-hooks.yaml` (pre-commit applies it with
    /// Python's `re.search` to repository-relative paths with `/` separators).
    ///
    /// It is written in verbose mode (`(?x)`, one alternative per line) and uses only syntax
    /// that Python's `re` and Rust's `regex` read alike. Each glob is translated by
    /// [`glob_to_regex`]; identical alternatives are listed once.
    ///
    /// # Panics
    /// When an embedded glob uses syntax [`glob_to_regex`] does not translate; a test keeps
    /// that from shipping.
    pub fn files_regex(&self) -> String {
        const ANY_DIRS: &str = "(?:.*/)?";
        let mut alts: Vec<String> = Vec::new();
        for (g, _, _) in self.globs() {
            let re = glob_to_regex(g).unwrap_or_else(|e| panic!("rules/agents.yaml: {e}"));
            if !alts.contains(&re) {
                alts.push(re);
            }
        }
        let factor = alts.iter().all(|a| a.starts_with(ANY_DIRS));
        let mut out = String::from("(?x)^");
        if factor {
            out.push_str(ANY_DIRS);
        }
        out.push_str("(?:\n");
        for (i, a) in alts.iter().enumerate() {
            let a = if factor { &a[ANY_DIRS.len()..] } else { a };
            out.push_str(if i == 0 { "    " } else { "  | " });
            out.push_str(a);
            out.push('\n');
        }
        out.push_str(")$");
        out
    }

    /// The number of load caps of the agent with id `agent`; `None` when no agent has it.
    pub fn agent_caps(&self, agent: &str) -> Option<usize> {
        self.agents
            .iter()
            .find(|a| a.id == agent)
            .map(|a| a.caps.len())
    }

    /// Ids of the agents that have a load cap, in agents.yaml order.
    pub fn capped_agents(&self) -> Vec<&str> {
        self.agents
            .iter()
            .filter(|a| !a.caps.is_empty())
            .map(|a| a.id.as_str())
            .collect()
    }

    /// (agent id, name, source link) for every agent, plus the prompt conventions' source.
    pub fn agents(&self) -> impl Iterator<Item = (&str, &str, &str)> {
        self.agents
            .iter()
            .map(|a| (a.id.as_str(), a.name.as_str(), a.source.as_str()))
            .chain(std::iter::once((
                "prompts",
                "Prompt files",
                self.prompt_source.as_str(),
            )))
    }
}

/// The `user:` entries of `agents`, checked: a `path` with its `kind`, or a `dir` without
/// one; relative, `/` separators, no `..`.
fn user_paths(agents: &[AgentSpec]) -> Result<Vec<UserPath>, String> {
    let mut out = Vec::new();
    for a in agents {
        for u in &a.user {
            let (rel, kind) = match (&u.path, &u.dir, u.kind) {
                (Some(p), None, Some(k)) => (p, Some(k)),
                (None, Some(d), None) => (d, None),
                _ => {
                    return Err(format!(
                        "agent {}: a user entry has a `path` with its `kind`, or a `dir` \
                         without one",
                        a.id
                    ));
                }
            };
            let bad = |p: &str| {
                p.is_empty()
                    || p.starts_with('/')
                    || p.contains('\\')
                    || p.split('/').any(|c| c.is_empty() || c == "." || c == "..")
            };
            if bad(rel) || u.mirrors.as_deref().is_some_and(bad) {
                return Err(format!("agent {}: bad user path `{rel}`", a.id));
            }
            out.push(UserPath {
                agent: a.id.clone(),
                base: u.base,
                rel: rel.clone(),
                kind,
                mirrors: u.mirrors.clone().unwrap_or_else(|| rel.clone()),
                source: u.source.clone(),
            });
        }
    }
    Ok(out)
}

/// Translates one discovery glob (globset syntax with `literal_separator`: `*` and `?` stay
/// inside a path segment, `**` spans segments) into a regular expression for the whole path,
/// without anchors: `**/` is `(?:.*/)?`, `/**` at the end is `/.*`, `*` is `[^/]*`, `?` is
/// `[^/]`, and every other character is matched literally (escaped so that verbose mode,
/// where whitespace and `#` are syntax, reads it literally too).
///
/// # Errors
/// Character classes (`[...]`) and alternations (`{a,b}`), which the conventions do not use.
pub fn glob_to_regex(glob: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = glob;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("**/") {
            out.push_str("(?:.*/)?");
            rest = r;
        } else if rest == "**" {
            out.push_str(".*");
            rest = "";
        } else if let Some(r) = rest.strip_prefix("**") {
            // `**` inside a segment is a plain `*` in globset.
            out.push_str("[^/]*");
            rest = r;
        } else {
            let c = rest.chars().next().expect("not empty");
            match c {
                '*' => out.push_str("[^/]*"),
                '?' => out.push_str("[^/]"),
                '[' | ']' | '{' | '}' => {
                    return Err(format!(
                        "glob `{glob}`: `{c}` is not supported in the files pattern"
                    ));
                }
                c if c.is_ascii_alphanumeric() || c == '/' || c == '_' || c == '-' => out.push(c),
                c if c.is_ascii() => {
                    out.push('\\');
                    out.push(c);
                }
                c => out.push(c),
            }
            rest = &rest[c.len_utf8()..];
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_built_in_conventions_read_the_same_from_their_json_as_from_their_yaml() {
        let json = crate::data::embedded_agents_json().expect("agents.yaml converts");
        let from_json: AgentsFile = serde_json::from_str(json).expect("json parses");
        let from_yaml: AgentsFile = serde_saphyr::from_str(builtin_yaml()).expect("yaml parses");
        assert!(
            from_yaml.agents.len() > 5,
            "{} agents",
            from_yaml.agents.len()
        );
        assert_eq!(format!("{from_json:?}"), format!("{from_yaml:?}"));
    }

    use super::*;

    fn kind(p: &str) -> Option<FileKind> {
        Conventions::builtin().classify(p).map(|c| c.kind)
    }

    #[test]
    fn classifies_the_required_conventions() {
        use FileKind::*;
        let cases = [
            ("AGENTS.md", Instructions),
            ("pkg/deep/AGENTS.override.md", Instructions),
            ("CLAUDE.local.md", Instructions),
            (".claude/CLAUDE.md", Instructions),
            (".claude/commands/git/commit.md", Command),
            (".claude/agents/reviewer.md", AgentDef),
            (".claude/skills/pdf/SKILL.md", Skill),
            (".mcp.json", McpConfig),
            (".cursorrules", Instructions),
            (".cursor/rules/a/b.mdc", Rules),
            (".cursor/mcp.json", McpConfig),
            (".github/copilot-instructions.md", Instructions),
            (".github/instructions/py.instructions.md", Rules),
            (".github/prompts/x.prompt.md", Command),
            (".github/chatmodes/x.chatmode.md", AgentDef),
            (".vscode/mcp.json", McpConfig),
            ("GEMINI.md", Instructions),
            (".gemini/settings.json", AgentSettings),
            (".claude/settings.json", AgentSettings),
            (".claude/settings.local.json", AgentSettings),
            (".vscode/settings.json", AgentSettings),
            (".cursor/hooks.json", AgentSettings),
            (".codex/config.toml", AgentSettings),
            ("opencode.json", AgentSettings),
            (".windsurfrules", Instructions),
            (".windsurf/rules/x.md", Rules),
            (".clinerules", Instructions),
            (".clinerules/net.md", Rules),
            (".roo/rules-code/x.md", Rules),
            ("CONVENTIONS.md", Instructions),
            (".junie/guidelines.md", Instructions),
            (".kiro/steering/x.md", Rules),
            (".continue/rules/x.md", Rules),
            (".rules", Instructions),
            (".hermes.md", Instructions),
            ("SOUL.md", Instructions),
            ("HEARTBEAT.md", Instructions),
            (".goosehints", Instructions),
            ("skills/anything/SKILL.md", Skill),
            ("app/prompts/system.txt", Prompt),
            ("x.prompty", Prompt),
        ];
        for (p, k) in cases {
            assert_eq!(kind(p), Some(k), "{p}");
        }
        // Project documentation is read as such; other files of `docs/` are not read.
        assert_eq!(kind("README.md"), Some(FileKind::Doc));
        assert_eq!(kind("vendor/lib/README.md"), Some(FileKind::Doc));
        assert_eq!(kind("docs/setup/index.html"), Some(FileKind::Doc));
        assert_eq!(kind("docs/notes.txt"), None);
        assert_eq!(kind("SECURITY.md"), Some(FileKind::Doc));
        assert_eq!(kind("CODE_OF_CONDUCT.md"), None);
    }

    #[test]
    fn caps_follow_the_agents() {
        let c = Conventions::builtin().classify("AGENTS.md").unwrap();
        assert_eq!(c.agents, vec!["codex"]);
        assert_eq!(c.caps[0].limit, 32768);
        assert_eq!(c.caps[0].scope, CapScope::Chain);
        assert!(c.caps[0].chain_names.contains(&"AGENTS.md".to_owned()));
        let w = Conventions::builtin()
            .classify(".windsurf/rules/a.md")
            .unwrap();
        assert_eq!(w.caps[0].limit, 12000);
        let s = Conventions::builtin().classify("SOUL.md").unwrap();
        assert_eq!(s.agents, vec!["hermes", "openclaw"]);
    }

    #[test]
    fn user_level_entries_are_checked_and_their_folders_classify_as_the_project_s() {
        let c = Conventions::builtin();
        let user = c.user_paths();
        assert!(user.len() > 20, "{} user entries", user.len());
        for u in user {
            assert!(c.agent_name(&u.agent).is_some(), "{u:?}");
            assert!(u.source.starts_with("https://"), "{u:?}");
            if u.kind.is_none() {
                // A folder is walked with the conventions: a file in it must be able to
                // match one (`.claude/skills/x/SKILL.md`, `.kiro/steering/x.md`).
                let prefix = format!("{}/", u.mirrors);
                assert!(
                    c.globs().any(|(g, _, _)| {
                        let g = g.strip_prefix("**/").unwrap_or(g);
                        g.starts_with(&prefix) || g.starts_with('*')
                    }),
                    "no convention under {prefix}"
                );
            }
        }
        let home = |rel: &str| {
            user.iter()
                .find(|u| u.rel == rel)
                .map(|u| (u.agent.as_str(), u.base, u.kind))
        };
        assert_eq!(
            home(".claude/CLAUDE.md"),
            Some(("claude-code", UserBase::Home, Some(FileKind::Instructions)))
        );
        assert_eq!(
            home("Claude/claude_desktop_config.json"),
            Some((
                "claude-desktop",
                UserBase::AppData,
                Some(FileKind::McpConfig)
            ))
        );
        assert_eq!(
            home(".claude/skills"),
            Some(("claude-code", UserBase::Home, None))
        );
        // Malformed entries are refused, naming the agent.
        let agents = |entry: &str| {
            format!(
                "agents:\n  - id: a\n    name: A\n    source: s\n    files: []\n    user:\n      - {entry}\n\
                 prompts: {{source: s, files: []}}\nlaunch: {{source: s, files: []}}\ndocs: {{source: s, files: []}}\n"
            )
        };
        assert!(Conventions::parse(&agents("{ path: x.md, kind: rules, source: s }")).is_ok());
        for bad in [
            "{ path: x.md, source: s }",
            "{ dir: x, kind: rules, source: s }",
            "{ path: ../x.md, kind: rules, source: s }",
            "{ path: /etc/x.md, kind: rules, source: s }",
            "{ dir: x, as: a//b, source: s }",
        ] {
            let e = Conventions::parse(&agents(bad)).unwrap_err();
            assert!(e.contains("agent a"), "{bad}: {e}");
        }
    }

    #[test]
    fn globs_translate_to_regexes() {
        assert_eq!(
            glob_to_regex("**/AGENTS.md").unwrap(),
            "(?:.*/)?AGENTS\\.md"
        );
        assert_eq!(
            glob_to_regex("**/.cursor/rules/**/*.mdc").unwrap(),
            "(?:.*/)?\\.cursor/rules/(?:.*/)?[^/]*\\.mdc"
        );
        assert_eq!(
            glob_to_regex("**/.roo/rules-*/**/*").unwrap(),
            "(?:.*/)?\\.roo/rules-[^/]*/(?:.*/)?[^/]*"
        );
        assert_eq!(glob_to_regex("a/**").unwrap(), "a/.*");
        assert_eq!(glob_to_regex("x y#?.md").unwrap(), "x\\ y\\#[^/]\\.md");
        assert!(glob_to_regex("**/*.{md,txt}").is_err());
    }
}

//! The segment model every format's parser returns: roles, zones, segments, parse issues,
//! MCP servers and the cache layout of prompts and requests.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::offset_map::OffsetMap;

/// The role of a segment: what part of a source it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// YAML frontmatter of a markdown file, between `---` lines.
    Frontmatter,
    /// Ordinary text: markdown prose, a prompt, a file that did not parse.
    Body,
    /// An HTML comment `<!-- ... -->`: hidden when the markdown is rendered.
    HtmlComment,
    /// Other text hidden when rendered: `display:none` elements, `[//]: # (...)` comments,
    /// the body of a collapsed `<details>` block.
    Hidden,
    /// A fenced code block (``` or ~~~), fences included.
    CodeFence,
    /// An object key of a JSON document, decoded.
    JsonKey,
    /// A string value of a JSON document, decoded.
    JsonString,
    /// An MCP server's `command` and `args` joined into one shell line.
    ShellLine,
    /// A string of a command that an agent's settings make it run (a hook, the status line, a
    /// key helper, a server's command and arguments): the exfil family judges these through
    /// PL310 `settings-command-exfil`, which names the hook and its key path.
    SettingCommand,
    /// A command of the project's own tooling that runs when someone names it: an npm script
    /// (`npm run build`), a make recipe line (`make test`). An agent runs these whenever an
    /// instruction file, a README or its habit says so, with the user's files and
    /// credentials. Judged as a command in an instruction file's fence is (the pattern rules
    /// and the effect model), not by PL310's classes for what runs unasked.
    ToolingCommand,
    /// A system prompt (request `system`, or a `system` role message).
    System,
    /// A developer-role message (OpenAI).
    Developer,
    /// A user message.
    User,
    /// An assistant message.
    Assistant,
    /// A tool definition (name, description, schema).
    Tool,
    /// A tool result returned into the conversation.
    ToolResult,
    /// Text an MCP server hands the model: a tool's name, description and the parameter
    /// names and descriptions of its `inputSchema`, a prompt's text, a resource's
    /// description, the server's `instructions` (see
    /// [`crate::parse::mcp_tools`](mod@crate::parse::mcp_tools)).
    McpText,
}

impl Role {
    /// The kebab-case name used in rule files.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Frontmatter => "frontmatter",
            Role::Body => "body",
            Role::HtmlComment => "html-comment",
            Role::Hidden => "hidden",
            Role::CodeFence => "code-fence",
            Role::JsonKey => "json-key",
            Role::JsonString => "json-string",
            Role::ShellLine => "shell-line",
            Role::SettingCommand => "setting-command",
            Role::ToolingCommand => "tooling-command",
            Role::System => "system",
            Role::Developer => "developer",
            Role::User => "user",
            Role::Assistant => "assistant",
            Role::Tool => "tool",
            Role::ToolResult => "tool-result",
            Role::McpText => "mcp-text",
        }
    }

    /// True for text a person does not see when the markdown is rendered.
    pub fn is_hidden(self) -> bool {
        matches!(self, Role::HtmlComment | Role::Hidden)
    }
}

/// Whether a segment is inside the cacheable prefix of a prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Zone {
    /// Inside the cacheable prefix: must be byte-identical every turn.
    Static,
    /// After the cache boundary.
    Dynamic,
}

/// A text derived from source bytes (a decoded JSON string, a joined command line) with the
/// map back to them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MappedText {
    /// The derived text.
    pub text: String,
    /// Derived byte offsets -> source byte ranges.
    pub map: OffsetMap,
}

/// A part of a source with a role and a zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// What this part is.
    pub role: Role,
    /// Static or dynamic for the cache rules.
    pub zone: Zone,
    /// The source bytes it covers.
    pub range: Range<usize>,
    /// The text rules see when it is not `source[range]` verbatim.
    pub derived: Option<MappedText>,
}

impl Segment {
    /// A segment whose text is `source[range]` verbatim.
    pub fn verbatim(role: Role, range: Range<usize>) -> Segment {
        Segment {
            role,
            zone: Zone::Static,
            range,
            derived: None,
        }
    }

    /// The text rules match on.
    pub fn text<'a>(&'a self, source: &'a str) -> &'a str {
        match &self.derived {
            Some(d) => &d.text,
            None => &source[self.range.clone()],
        }
    }

    /// Maps a byte range of [`Segment::text`] to a source byte range.
    pub fn to_source(&self, r: Range<usize>) -> Range<usize> {
        match &self.derived {
            Some(d) => d.map.map_range(r),
            None => self.range.start + r.start..self.range.start + r.end,
        }
    }
}

/// A problem met while parsing; the source is still scanned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseIssue {
    /// Where, in source bytes (empty at 0 when unknown).
    pub span: Range<usize>,
    /// What went wrong, e.g. "invalid JSON: expected a comma".
    pub message: String,
}

/// An MCP server entry found in an MCP configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McpServer {
    /// Server name (the key under `mcpServers`/`servers`).
    pub name: String,
    /// Source span of the server's object.
    pub span: Range<usize>,
    /// Flags that approve tools without asking, in document order.
    pub auto_approve: Vec<AutoApproval>,
    /// What starts or reaches the server: `command` and `args` joined by spaces, else its
    /// `url` / `httpUrl` / `serverUrl`; empty when the entry has none. Names the server for
    /// the rules that know documented read-only servers.
    pub launch: String,
    /// Gemini CLI's `includeTools`: the only tools the client exposes from this server, when
    /// the entry lists them.
    pub include_tools: Option<Vec<String>>,
    /// The object keys from the document's root to the entry (`["mcpServers", "files"]`),
    /// for the key path of a value ([`McpServer::path_of`]).
    pub keys: Vec<String>,
    /// The entry's strings one or two levels down, in document order: a string field
    /// (`url`), the items of a list (`args`) and the members of an object (`env`,
    /// `headers`). What PL514 reads: where the server connects, what it sends, what it runs
    /// and with which environment.
    pub values: Vec<McpValue>,
}

impl McpServer {
    /// The key path of `v` as a message shows it (`mcpServers.files.args[1]`).
    pub fn path_of(&self, v: &McpValue) -> String {
        let mut steps: Vec<StepRef<'_>> = self.keys.iter().map(|k| StepRef::Key(k)).collect();
        steps.push(StepRef::Key(&v.field));
        if let Some(i) = v.index {
            steps.push(StepRef::Index(i));
        }
        if let Some(n) = &v.name {
            steps.push(StepRef::Key(n));
        }
        show_key_path(steps)
    }
}

/// One string of an MCP server entry ([`McpServer::values`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McpValue {
    /// The entry's key it is under (`command`, `args`, `env`, `headers`, `url`).
    pub field: String,
    /// Its index when the field is a list.
    pub index: Option<usize>,
    /// Its key when the field is an object (a variable's or a header's name).
    pub name: Option<String>,
    /// The string, decoded.
    pub text: String,
    /// The literal's source span (quotes included).
    pub span: Range<usize>,
}

/// One flag of an MCP server entry that approves tools without asking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AutoApproval {
    /// The key (`autoApprove`, `alwaysAllow`, `trust`, ...).
    pub key: String,
    /// The value's source span.
    pub span: Range<usize>,
    /// The value as written, cut for a message (`["read_file"]`, `true`).
    pub written: String,
    /// The tool names the value lists (a list of names); `None` when the value approves
    /// every tool of the server (`true`, a non-list value).
    pub tools: Option<Vec<String>>,
}

/// The parse result of one source.
#[derive(Debug, Clone, Default)]
pub struct Parsed {
    /// Cache layouts: one for a prompt, one per request of a request or request log; empty
    /// for kinds that are not prompts (see [`CacheLayout`]).
    pub cache: Vec<CacheLayout>,
    /// Segments, sorted by source offset.
    pub segments: Vec<Segment>,
    /// Problems met while parsing.
    pub issues: Vec<ParseIssue>,
    /// MCP servers, for `mcp-config` and `agent-settings` sources.
    pub mcp_servers: Vec<McpServer>,
    /// For JSON kinds that name where a string sits (`mcp-tools`): the source span of a
    /// string and its key path (`result.tools[1].description`), sorted by span start.
    pub key_paths: Vec<(Range<usize>, String)>,
    /// The settings of an `agent-settings` source: every scalar with its key path, and the
    /// commands they make the agent run.
    pub settings: Option<Settings>,
    /// The headings, subject, tables and blockquotes of a markdown source, built by the
    /// markdown parser in its one pass; `None` for other formats.
    pub outline: Option<super::outline::Outline>,
    /// The syntax the source was parsed as, decided once from its kind and path.
    pub syntax: crate::kind::Syntax,
    /// The hidden channels (`parse::hidden`): source spans the model reads and a renderer
    /// or a terminal does not show, each with how it is hidden. Sorted by start; spans may
    /// nest (text a terminal hides inside a comment), the first, outermost, names the way.
    /// A channel that is not [`Hiding::inline`] is also a `hidden` or `html-comment` segment.
    pub hidden: Vec<(Range<usize>, Hiding)>,
}

impl Parsed {
    /// How the text at `span` is hidden: the innermost hidden channel that holds it (a
    /// comment inside a collapsed `<details>` block is hidden by the comment). Channels are
    /// sorted by start, so the holder that starts last is the innermost.
    pub fn hiding_at(&self, span: &Range<usize>) -> Option<Hiding> {
        let end = self.hidden.partition_point(|(r, _)| r.start <= span.start);
        self.hidden[..end]
            .iter()
            .rev()
            .find(|(r, _)| r.end >= span.end && r.end > span.start)
            .map(|(_, how)| *how)
    }
}

/// How text the model reads is hidden from a person: by the markdown or HTML renderer, or by
/// a terminal that interprets escape sequences. Its [`Hiding::how`] ends a finding's message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Hiding {
    /// An HTML comment `<!-- ... -->`.
    HtmlComment,
    /// A link reference definition used as a comment (`[//]: # (text)`).
    ReferenceComment,
    /// The title of a link or image, inline (`[a](url "title")`) or in a link reference
    /// definition: shown at most as a tooltip.
    LinkTitle,
    /// The alt text of a markdown image: the image is shown instead.
    ImageAlt,
    /// An HTML attribute the page does not show as text (`alt`, `title`, `aria-label`).
    Attribute(&'static str),
    /// The `hidden` attribute of an HTML element.
    HiddenAttribute,
    /// The body of a `<details>` block without `open`: shown on click.
    CollapsedDetails,
    /// An inline style that hides the element (`display:none`, off-screen positioning, ...).
    Style(&'static str),
    /// Text a terminal overwrites or erases (cursor movement, erase, carriage return,
    /// backspace) or conceals (SGR 8) before anyone reads it.
    TerminalEscapes,
    /// Text of an element an image holds without drawing it (an SVG `<desc>`), with how a
    /// message names the element ([`crate::parse::svg`]).
    Undrawn(&'static str),
}

impl Hiding {
    /// True for text inside markup the renderer shows (an attribute value, an image's alt
    /// text, a definition's title): it stays in its segment, whose rules also match the
    /// markup around it (`<img alt=... src=...>`), and the engine reads it once more as
    /// hidden text for the rules that read only hidden text.
    pub fn inline(self) -> bool {
        matches!(
            self,
            Hiding::Attribute(_) | Hiding::ImageAlt | Hiding::LinkTitle
        )
    }

    /// How it is hidden, lower case, for a message: `hidden by display:none`.
    pub fn how(self) -> String {
        match self {
            Hiding::HtmlComment => "hidden in an HTML comment".into(),
            Hiding::ReferenceComment => "hidden in a link reference comment".into(),
            Hiding::LinkTitle => "hidden in a link's title, a tooltip at most".into(),
            Hiding::ImageAlt => "hidden in an image's alt text".into(),
            Hiding::Attribute(name) => format!("hidden in an HTML `{name}` attribute"),
            Hiding::HiddenAttribute => "hidden by the HTML `hidden` attribute".into(),
            Hiding::CollapsedDetails => "in a collapsed `<details>` block, shown on click".into(),
            Hiding::Style(how) => format!("hidden by {how}"),
            Hiding::TerminalEscapes => {
                "hidden from the screen by terminal escapes that overwrite or erase it".into()
            }
            Hiding::Undrawn(element) => format!("hidden in {element}"),
        }
    }
}

/// The settings of an agent's project configuration (`crate::parse::settings`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    /// Every scalar value (and every empty array or object), in document order.
    pub values: Vec<Setting>,
    /// The commands the settings make the agent run, in document order.
    pub commands: Vec<SettingCommand>,
    /// Entries that forbid or gate what their key names, written as a map whose value is the
    /// decision (opencode `"permission": {"bash": {"rm -rf *": "deny"}}`, VS Code
    /// `"chat.tools.terminal.autoApprove": {"rm": false}`): the key's source span and the
    /// index in [`Settings::values`] of its decision. Sorted by span start. (A list under a
    /// `deny`/`ask` key is read from its key path instead.)
    pub guards: Vec<(Range<usize>, usize)>,
}

/// One scalar of a settings file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setting {
    /// The key path as shown (`hooks.SessionStart[0].hooks[0].command`,
    /// `env.ANTHROPIC_BASE_URL`), rendered only when a message needs it.
    pub path: KeyPath,
    /// The object keys of the path without array indexes, joined with `.`
    /// (`permissions.allow`): what rules match on. A VS Code key written flat
    /// (`"chat.tools.autoApprove"`) and the same key nested read alike. Shared by the values
    /// of one array; longer than [`MAX_KEYS_BYTES`], its middle is cut (`…`), so it equals
    /// no key a rule names but keeps its first and last keys.
    pub keys: Arc<str>,
    /// The source span of the value (a string's literal, quotes included).
    pub span: Range<usize>,
    /// The value.
    pub value: SettingValue,
}

impl Setting {
    /// The decoded string, when the value is one.
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            SettingValue::String(s) => Some(&s.text),
            _ => None,
        }
    }
}

/// Longest [`Setting::keys`] kept whole, in bytes (1 KiB): a longer one keeps its first and
/// last 512 bytes around `…`. Every key a rule names is far shorter.
pub const MAX_KEYS_BYTES: usize = 1024;

/// Longest key path a message shows, in bytes (240): a longer one keeps its first 80 and
/// last 150 bytes around `…`.
pub const MAX_KEY_PATH_SHOWN: usize = 240;

/// One step of a key path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathStep {
    /// An object key, decoded.
    Key(Box<str>),
    /// An array index.
    Index(usize),
}

/// The steps of every key path of one settings file, each stored once: entry `i` is a step
/// and the index of the entry before it (`u32::MAX` at the root). A path is then one index,
/// so a file of many values under a long key costs memory linear in its size, where a copy
/// of the path per value cost the square (issue 29: a 300 KB file reached 4.5 GB).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PathArena {
    steps: Vec<(u32, PathStep)>,
}

impl PathArena {
    /// The root: the empty path.
    pub const ROOT: u32 = u32::MAX;

    /// Adds `step` after the path ending at `parent`; the new path's index.
    pub fn push(&mut self, parent: u32, step: PathStep) -> u32 {
        let id = u32::try_from(self.steps.len()).unwrap_or(u32::MAX - 1);
        self.steps.push((parent, step));
        id
    }

    /// The steps of the path ending at `id`, root first.
    fn steps(&self, mut id: u32) -> Vec<&PathStep> {
        let mut out = Vec::new();
        while let Some((parent, step)) = self.steps.get(id as usize) {
            out.push(step);
            id = *parent;
        }
        out.reverse();
        out
    }
}

/// The key path of a [`Setting`]: an index into its file's [`PathArena`], rendered by
/// `Display` as keys joined by `.`, indexes as `[i]`, a key with other characters than
/// letters, digits, `_`, `-`, `.`, `$` and `@` quoted (`["/^git/"]`), escaped to one line,
/// at most [`MAX_KEY_PATH_SHOWN`] bytes.
#[derive(Clone)]
pub struct KeyPath {
    arena: Arc<PathArena>,
    id: u32,
}

impl KeyPath {
    /// The path ending at `id` of `arena`.
    pub fn new(arena: Arc<PathArena>, id: u32) -> KeyPath {
        KeyPath { arena, id }
    }
}

impl fmt::Display for KeyPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let steps = self.arena.steps(self.id);
        f.write_str(&show_key_path(steps.into_iter().map(|s| match s {
            PathStep::Key(k) => StepRef::Key(k),
            PathStep::Index(i) => StepRef::Index(*i),
        })))
    }
}

/// One step of a key path, borrowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepRef<'a> {
    /// An object key, decoded.
    Key(&'a str),
    /// An array index.
    Index(usize),
}

/// A key path as messages show it: keys joined by `.`, indexes as `[i]`, a key with other
/// characters than letters, digits, `_`, `-`, `.`, `$` and `@` quoted (`["/^git/"]`),
/// escaped to one line, at most [`MAX_KEY_PATH_SHOWN`] bytes (and each key at most that
/// before it is quoted), so the cost is the number of steps, whatever the keys' length.
pub fn show_key_path<'a>(steps: impl IntoIterator<Item = StepRef<'a>>) -> String {
    let mut out = String::new();
    for step in steps {
        match step {
            StepRef::Index(i) => out.push_str(&format!("[{i}]")),
            StepRef::Key(k)
                if !k.is_empty()
                    && k.len() <= MAX_KEY_PATH_SHOWN
                    && k.chars().all(|c| {
                        c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '$' | '@')
                    }) =>
            {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            StepRef::Key(k) => {
                let k = cut_middle(k, MAX_KEY_PATH_SHOWN / 2, MAX_KEY_PATH_SHOWN / 2);
                out.push_str(&format!("[{}]", serde_json::Value::from(k)));
            }
        }
    }
    let shown = crate::escape::escape_one_line(&out);
    cut_middle(&shown, 80, MAX_KEY_PATH_SHOWN - 83)
}

impl fmt::Debug for KeyPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.to_string())
    }
}

impl PartialEq for KeyPath {
    fn eq(&self, other: &KeyPath) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for KeyPath {}

/// `s` when it is at most `head + tail + 3` bytes, else its first `head` and last `tail`
/// bytes (on char boundaries) around `…`.
pub fn cut_middle(s: &str, head: usize, tail: usize) -> String {
    if s.len() <= head + tail + 3 {
        return s.to_owned();
    }
    let h = crate::source::floor_char_boundary(s, head);
    let t = crate::source::ceil_char_boundary(s, s.len() - tail);
    format!("{}…{}", &s[..h], &s[t..])
}

/// The value of a [`Setting`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingValue {
    /// A string, decoded, with its map to the source bytes.
    String(MappedText),
    /// `true` / `false`.
    Bool(bool),
    /// A number, date or null as written.
    Other(String),
}

/// A command an agent's settings make it run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingCommand {
    /// Key path of the command (the `command` string, or the server whose command and
    /// arguments are joined).
    pub path: String,
    /// What runs it, for messages: `SessionStart hook`, `status line`, `API key helper`,
    /// `MCP server \`docs\``.
    pub what: String,
    /// True when it runs as a session starts or the project opens, before anyone asks for
    /// anything (a `SessionStart` hook, the status line, a key helper).
    pub at_start: bool,
    /// When it runs, for messages: `as the session starts`, `when the folder opens`, `on the
    /// host when the dev container is opened`.
    pub when: &'static str,
    /// The command line (parts joined by spaces), mapped to the source.
    pub line: MappedText,
    /// How the settings keep it from view as it runs, for messages, when they do: a VS Code
    /// task's `hide: true` or `presentation.reveal: "never"`
    /// (<https://code.visualstudio.com/docs/editor/tasks#_output-behavior>).
    pub hidden: Option<&'static str>,
}

pub use cache_layout::{
    Boundary, CacheLayout, DEFAULT_TOOL_RESULT_BUDGET, ParseOptions, PrefixPiece, Provider,
    ToolResult,
};

mod cache_layout {
    //! What the cache rules need to know about a prompt or request beyond its segments.

    use std::ops::Range;

    /// Options of the parse stage that change zones.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct ParseOptions {
        /// Extra boundary markers (`--boundary-marker`), besides
        /// [`crate::parse::prompt::DEFAULT_MARKER`].
        pub boundary_markers: Vec<String>,
        /// Inline tool results over this many estimated tokens are reported (default 20,000).
        pub tool_result_budget: usize,
    }

    impl Default for ParseOptions {
        fn default() -> ParseOptions {
            ParseOptions {
                boundary_markers: Vec::new(),
                tool_result_budget: DEFAULT_TOOL_RESULT_BUDGET,
            }
        }
    }

    /// Default budget of an inline tool result, in estimated tokens.
    pub const DEFAULT_TOOL_RESULT_BUDGET: usize = 20_000;

    /// Which API a request is for.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum Provider {
        /// Anthropic Messages API.
        Anthropic,
        /// OpenAI Chat Completions (and the many APIs that copy it).
        OpenAiChat,
        /// OpenAI Responses API.
        OpenAiResponses,
        /// Amazon Bedrock Converse API (`system`, `messages`, `cachePoint` blocks):
        /// <https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html>.
        Bedrock,
        /// Google Gemini / Vertex AI `generateContent` (`systemInstruction`, `contents`,
        /// `cachedContent`): <https://ai.google.dev/gemini-api/docs/caching>.
        Gemini,
    }

    impl Provider {
        /// Name for messages (`anthropic`, `openai`).
        pub fn as_str(self) -> &'static str {
            match self {
                Provider::Anthropic => "anthropic",
                Provider::OpenAiChat | Provider::OpenAiResponses => "openai",
                Provider::Bedrock => "bedrock",
                Provider::Gemini => "gemini",
            }
        }
    }

    /// How the end of the static zone was decided.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Boundary {
        /// A boundary marker line in a prompt.
        Marker,
        /// A prompt without a marker: static as a whole (or up to its last user section), but
        /// nothing declares its text shared beyond one conversation.
        Implicit,
        /// The last explicit `cache_control` breakpoint of an Anthropic request.
        Breakpoint,
        /// Anthropic automatic caching (top-level `cache_control`): everything before the newest
        /// user message.
        Automatic,
        /// OpenAI: everything before the newest user message.
        NewestUser,
        /// Nothing is cached (an Anthropic request without any `cache_control`).
        Uncached,
    }

    impl Boundary {
        /// True when the file or request says where its cacheable prefix ends (a marker, a
        /// breakpoint, the provider's own rule), so text before it is meant to be shared by
        /// every turn and every conversation.
        pub fn is_declared(self) -> bool {
            !matches!(self, Boundary::Implicit | Boundary::Uncached)
        }
    }

    /// A source range of the static zone and where its text starts inside the cacheable
    /// prefix (bytes). For a prompt the prefix is the text from the start of the static zone;
    /// for a request it is the canonical prefix (`crate::parse::request`), where a string's
    /// bytes start at `prefix_offset`.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct PrefixPiece {
        /// Source bytes (a JSON string's literal, or a run of prompt text).
        pub source: Range<usize>,
        /// Offset of its first byte inside the cacheable prefix.
        pub prefix_offset: usize,
    }

    /// A tool result carried inline in a request.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct ToolResult {
        /// Source span of the result (block or message).
        pub span: Range<usize>,
        /// Bytes of its JSON value as written (the block or message).
        pub bytes: usize,
    }

    /// The cache layout of one prompt or request.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct CacheLayout {
        /// Source span this layout covers (the file, or one line of a request log).
        pub span: Range<usize>,
        /// How the static zone ends.
        pub boundary: Boundary,
        /// Provider of a request (`None` for prompts).
        pub provider: Option<Provider>,
        /// Model of a request, when given.
        pub model: Option<String>,
        /// Bytes of the cacheable prefix (the static zone).
        pub prefix_bytes: usize,
        /// Static-zone pieces, sorted by source offset, for byte offsets inside the prefix.
        pub pieces: Vec<PrefixPiece>,
        /// Boundary marker lines found (source spans), in order.
        pub markers: Vec<Range<usize>>,
        /// Boundary marker text that is not on a line of its own (so it splits nothing).
        pub marker_mentions: Vec<Range<usize>>,
        /// Explicit `cache_control` members (source spans of their values), in document order.
        pub breakpoints: Vec<Range<usize>>,
        /// The request opts into caching: a `cache_control` anywhere, `prompt_cache_key` or
        /// `prompt_cache_retention`; a prompt with a boundary marker.
        pub cache_intent: bool,
        /// Inline tool results.
        pub tool_results: Vec<ToolResult>,
        /// The budget in effect for tool results (estimated tokens).
        pub tool_result_budget: usize,
    }

    impl CacheLayout {
        /// The offset inside the cacheable prefix of source byte `at` (which must lie in a
        /// static piece), or `None`.
        pub fn prefix_offset(&self, at: usize) -> Option<usize> {
            let i = self.pieces.partition_point(|p| p.source.end <= at);
            let p = self.pieces.get(i)?;
            (p.source.start <= at).then(|| p.prefix_offset + (at - p.source.start))
        }
    }
}

/// Estimated tokens of `bytes` bytes of prompt text: 4 bytes per token, rounded up.
///
/// No maintained Rust crate ships Anthropic's tokenizer, and OpenAI's (tiktoken) differs from
/// it; OpenAI's own guidance is "one token is about 4 characters of English text"
/// (<https://help.openai.com/en/articles/4936856-what-are-tokens-and-how-to-count-them>). The
/// estimate only sizes a cost, so one rule for every provider is enough.
pub fn est_tokens(bytes: usize) -> usize {
    bytes.div_ceil(4)
}

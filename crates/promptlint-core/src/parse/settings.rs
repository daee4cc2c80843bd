//! Agents' project settings: the JSON (JSONC) and TOML files that make an agent run commands,
//! set its environment and decide its permissions, read as configuration.
//!
//! Both formats become the span-carrying tree of [`super::json`] (TOML through `toml_edit`,
//! whose immutable document keeps the byte span of every key and value), so every string keeps
//! its exact source span. On it this module gives:
//! - one segment per string, keys included, as for any JSON document; the strings of a command
//!   the agent runs get [`Role::SettingCommand`];
//! - [`Settings::values`]: every scalar with its key path (`env.ANTHROPIC_BASE_URL`);
//! - [`Settings::commands`]: what runs, named by what runs it (`SessionStart hook`,
//!   `status line`, `API key helper`, `MCP server \`docs\``), with its command line;
//! - the MCP servers and their auto-approval flags ([`super::mcp`]), for PL506.
//!
//! Which keys hold commands, by agent (the files are listed with their sources in
//! rules/agents.yaml):
//! - Claude Code `hooks.<Event>[i].hooks[j].command`, `statusLine.command`, `apiKeyHelper`,
//!   `awsAuthRefresh`, `awsCredentialExport`, `otelHeadersHelper`
//!   (<https://docs.anthropic.com/en/docs/claude-code/settings>,
//!   <https://docs.anthropic.com/en/docs/claude-code/hooks>,
//!   <https://docs.anthropic.com/en/docs/claude-code/statusline>);
//! - Cursor `.cursor/hooks.json` `hooks.<event>[i].command` (<https://cursor.com/docs/agent/hooks>);
//! - GitHub Copilot `.github/hooks/*.json` `hooks.<event>[i].bash` / `.powershell`
//!   (<https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference>);
//! - Gemini CLI `mcpServers.<name>.command`/`args`, `tools.discoveryCommand`, `tools.callCommand`,
//!   `mcp.serverCommand`, and hooks of the Claude Code shape
//!   (<https://github.com/google-gemini/gemini-cli/blob/main/docs/reference/configuration.md>);
//! - Codex `[mcp_servers.<name>]` `command`/`args` and `notify`
//!   (<https://developers.openai.com/codex/config-reference>);
//! - VS Code `mcp.servers.<name>` (<https://code.visualstudio.com/docs/copilot/chat/mcp-servers>);
//! - opencode `mcp.<name>.command`, `lsp.<name>.command`, `formatter.<name>.command`, commands
//!   written as arrays (<https://opencode.ai/docs/config/>);
//! - Claude Code plugins: `hooks/hooks.json` and hooks or mcpServers inline in
//!   `.claude-plugin/plugin.json`, the settings' hook shape
//!   (<https://code.claude.com/docs/en/plugins-reference>).
//!
//! And the launch-time files read as settings (rules/agents.yaml, `launch:`):
//! - VS Code `.vscode/tasks.json`: a task's `command` (with `args`, and the `windows` / `linux`
//!   / `osx` overrides) runs when the task runs; a task with `runOptions.runOn: "folderOpen"`
//!   runs when the folder opens (<https://code.visualstudio.com/docs/editor/tasks>);
//! - dev containers: `initializeCommand` runs on the host before the container is created,
//!   `onCreateCommand`, `updateContentCommand`, `postCreateCommand`, `postStartCommand` and
//!   `postAttachCommand` in the container; each a string, an argv array, or an object of named
//!   commands run in parallel (<https://containers.dev/implementors/json_reference/>);
//! - a `.env` file ([`parse_dotenv`]): every `KEY=value` a value with its key path `KEY`.

use std::ops::Range;
use std::sync::Arc;

use toml_edit::{Item, TableLike, Value};

use super::json::{Json, JsonNode, decode_escapes, fallback, parse_tree, string_segments};
use super::mcp;
use super::segment::{
    KeyPath, MAX_KEYS_BYTES, MappedText, ParseIssue, Parsed, PathArena, PathStep, Role, Setting,
    SettingCommand, SettingValue, Settings, StepRef as Step, cut_middle, show_key_path,
};
use crate::offset_map::OffsetMap;

/// Parses an agent settings file: TOML when `toml` (the parse stage's [`crate::kind::Syntax`]),
/// else JSONC.
pub fn parse(text: &str, toml: bool) -> Parsed {
    let tree = if toml {
        parse_toml(text)
    } else {
        parse_tree(text)
    };
    let root = match tree {
        Ok(Some(root)) => root,
        Ok(None) => return Parsed::default(),
        Err(issue) => return fallback(text, issue),
    };
    from_root(text, &root, true)
}

/// Parses a `.env` file: `KEY=value` lines (an optional `export `, `#` comments, values bare
/// or in single or double quotes) as a settings object whose keys are the variables, so that
/// the settings rules read `OPENAI_BASE_URL` or `CODEX_HOME` with their key paths and exact
/// spans. No text segment is made: no agent reads the file as text, and its values are
/// secrets more often than not.
pub fn parse_dotenv(text: &str) -> Parsed {
    let mut members = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let body = line.trim_end_matches(['\n', '\r']);
        let lead = body.len() - body.trim_start().len();
        let mut rest = &body[lead..];
        let mut off = start + lead;
        if let Some(r) = rest.strip_prefix("export ") {
            off += rest.len() - r.len();
            rest = r;
        }
        if rest.starts_with('#') {
            continue;
        }
        let Some(eq) = rest.find('=') else { continue };
        let key = rest[..eq].trim_end();
        if key.is_empty()
            || !key
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.')
        {
            continue;
        }
        let key_span = off..off + key.len();
        let raw = &rest[eq + 1..];
        let vlead = raw.len() - raw.trim_start().len();
        let vstart = off + eq + 1 + vlead;
        let raw = &raw[vlead..];
        let (inner, inner_start) = match raw.chars().next() {
            Some(q @ ('"' | '\'')) => {
                let close = raw[1..].find(q).map_or(raw.len(), |i| i + 1);
                (&raw[1..close.max(1)], vstart + 1)
            }
            _ => {
                let end = raw.find(" #").unwrap_or(raw.len());
                (raw[..end].trim_end(), vstart)
            }
        };
        let span = inner_start..inner_start + inner.len();
        members.push((
            MappedText {
                text: key.to_owned(),
                map: OffsetMap::identity(key_span.clone()),
            },
            key_span,
            JsonNode {
                span: span.clone(),
                value: Json::String(MappedText {
                    text: inner.to_owned(),
                    map: OffsetMap::identity(span),
                }),
            },
        ));
    }
    let root = JsonNode {
        span: 0..text.len(),
        value: Json::Object(members),
    };
    from_root(text, &root, false)
}

/// The settings of a parsed tree; its string segments when `segments`.
pub(crate) fn from_root(text: &str, root: &JsonNode, segments: bool) -> Parsed {
    let values = settings_of(root);
    let guards = guards_of(root, &values);
    let mut commands = Vec::new();
    let mut parts = Vec::new();
    find_commands(
        root,
        &mut Vec::new(),
        &Arc::from(""),
        Context::default(),
        &mut commands,
        &mut parts,
    );
    parts.sort_by_key(|r| (r.start, r.end));
    let mut segments = if segments {
        string_segments(root)
    } else {
        Vec::new()
    };
    let mut prompts = Vec::new();
    if !segments.is_empty() {
        find_prompts(root, &mut prompts);
        prompts.sort_by_key(|r| (r.start, r.end));
    }
    let held = |parts: &[Range<usize>], r: &Range<usize>| {
        parts
            .binary_search_by_key(&(r.start, r.end), |p| (p.start, p.end))
            .is_ok()
    };
    for seg in &mut segments {
        if seg.role == Role::JsonString && held(&parts, &seg.range) {
            seg.role = Role::SettingCommand;
        } else if seg.role == Role::JsonString && held(&prompts, &seg.range) {
            seg.role = Role::User;
        }
    }
    Parsed {
        segments,
        mcp_servers: mcp::servers(text, root),
        settings: Some(Settings {
            values,
            commands,
            guards,
        }),
        ..Parsed::default()
    }
}

/// Keys whose string value an agent's settings hand the agent as a prompt: Kiro's hook action
/// (`then.prompt` of an `askAgent` hook, `action.prompt` of a v3 hook,
/// <https://kiro.dev/docs/cli/v3/hooks/>) and custom agent (`prompt`,
/// <https://kiro.dev/docs/cli/custom-agents/creating/>), Claude Code's prompt-based hooks
/// (`"type": "prompt"`, <https://docs.anthropic.com/en/docs/claude-code/hooks>).
const PROMPT_KEYS: &[&str] = &["prompt"];

/// The source ranges of the strings under `node` that the agent receives as a prompt
/// ([`PROMPT_KEYS`]); a list of strings is a prompt's parts.
fn find_prompts(node: &JsonNode, out: &mut Vec<Range<usize>>) {
    match &node.value {
        Json::Object(members) => {
            for (k, _, v) in members {
                if PROMPT_KEYS.contains(&k.text.as_str()) {
                    out.extend(
                        strings_of(v)
                            .iter()
                            .map(|s| s.map.map_range(0..s.text.len())),
                    );
                } else {
                    find_prompts(v, out);
                }
            }
        }
        Json::Array(items) => items.iter().for_each(|v| find_prompts(v, out)),
        _ => {}
    }
}

/// A TOML document as the JSON tree, with the spans `toml_edit` keeps.
///
/// # Errors
/// A [`ParseIssue`] with the parser's message and span.
pub fn parse_toml(text: &str) -> Result<Option<JsonNode>, ParseIssue> {
    let doc = toml_edit::Document::parse(text).map_err(|e| ParseIssue {
        span: e.span().filter(|r| r.end <= text.len()).unwrap_or(0..0),
        message: format!("invalid TOML: {}", lower_first(e.message().trim())),
    })?;
    Ok(Some(table_node(text, doc.as_table(), 0..text.len())))
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

/// `span` when it lies inside `text` on char boundaries, else `fallback`.
fn valid(text: &str, span: Option<Range<usize>>, fallback: &Range<usize>) -> Range<usize> {
    span.filter(|r| {
        r.start <= r.end
            && r.end <= text.len()
            && text.is_char_boundary(r.start)
            && text.is_char_boundary(r.end)
    })
    .unwrap_or_else(|| fallback.clone())
}

fn table_node(text: &str, t: &dyn TableLike, span: Range<usize>) -> JsonNode {
    let members = t
        .iter()
        .map(|(k, item)| {
            let key_span = t
                .get_key_value(k)
                .and_then(|(key, _)| key.span())
                .map(|r| valid(text, Some(r), &(span.start..span.start)))
                .unwrap_or(span.start..span.start);
            let key = if text.get(key_span.clone()) == Some(k) {
                MappedText {
                    text: k.to_owned(),
                    map: OffsetMap::identity(key_span.clone()),
                }
            } else {
                let mut map = OffsetMap::new();
                map.push_opaque(k.len(), key_span.clone());
                MappedText {
                    text: k.to_owned(),
                    map,
                }
            };
            let node = item_node(text, item, &key_span);
            (key, key_span, node)
        })
        .collect();
    JsonNode {
        span,
        value: Json::Object(members),
    }
}

fn item_node(text: &str, item: &Item, fallback: &Range<usize>) -> JsonNode {
    match item {
        Item::Value(v) => value_node(text, v, fallback),
        Item::Table(t) => table_node(text, t, valid(text, t.span(), fallback)),
        Item::ArrayOfTables(a) => JsonNode {
            span: valid(text, a.span(), fallback),
            value: Json::Array(
                a.iter()
                    .map(|t| table_node(text, t, valid(text, t.span(), fallback)))
                    .collect(),
            ),
        },
        Item::None => JsonNode {
            span: fallback.clone(),
            value: Json::Null,
        },
    }
}

fn value_node(text: &str, v: &Value, fallback: &Range<usize>) -> JsonNode {
    let span = valid(text, v.span(), fallback);
    let value = match v {
        Value::String(_) => Json::String(toml_string(text, span.clone())),
        Value::Boolean(b) => Json::Bool(*b.value()),
        Value::Integer(_) | Value::Float(_) | Value::Datetime(_) => {
            Json::Number(text[span.clone()].to_owned())
        }
        Value::Array(a) => Json::Array(a.iter().map(|i| value_node(text, i, &span)).collect()),
        Value::InlineTable(t) => return table_node(text, t, span),
    };
    JsonNode { span, value }
}

/// The TOML string literal at `span`, decoded with its map: basic strings (`"…"`, `"""…"""`)
/// with their escapes, literal strings (`'…'`, `'''…'''`) verbatim; a multi-line string drops
/// the newline right after its opening delimiter, as TOML does.
fn toml_string(text: &str, span: Range<usize>) -> MappedText {
    let raw = &text[span.clone()];
    let (delim, basic) = if raw.starts_with("\"\"\"") {
        (3, true)
    } else if raw.starts_with("'''") {
        (3, false)
    } else if raw.starts_with('"') {
        (1, true)
    } else if raw.starts_with('\'') {
        (1, false)
    } else {
        (0, false)
    };
    let mut start = span.start + delim;
    let end = span.end.saturating_sub(delim).max(start);
    if delim == 3 {
        if text[start..end].starts_with("\r\n") {
            start += 2;
        } else if text[start..end].starts_with('\n') {
            start += 1;
        }
    }
    let inner = &text[start..end];
    if basic {
        decode_escapes(inner, start)
    } else {
        MappedText {
            text: inner.to_owned(),
            map: OffsetMap::identity(start..end),
        }
    }
}

/// Every scalar of `node` (and every empty array or object) as a [`Setting`], in document
/// order: the key paths share one [`PathArena`], and the values of an array share their
/// `keys`.
fn settings_of(node: &JsonNode) -> Vec<Setting> {
    let mut arena = PathArena::default();
    let mut found = Vec::new();
    flatten(
        node,
        PathArena::ROOT,
        &Arc::from(""),
        &mut arena,
        &mut found,
    );
    let arena = Arc::new(arena);
    found
        .into_iter()
        .map(|(id, keys, span, value)| Setting {
            path: KeyPath::new(Arc::clone(&arena), id),
            keys,
            span,
            value,
        })
        .collect()
}

/// A scalar found by [`flatten`]: its path's index, keys, span and value.
type Found = (u32, Arc<str>, Range<usize>, SettingValue);

fn flatten(node: &JsonNode, at: u32, keys: &Arc<str>, arena: &mut PathArena, out: &mut Vec<Found>) {
    let value = match &node.value {
        Json::Object(members) if !members.is_empty() => {
            for (k, _, v) in members {
                let id = arena.push(at, PathStep::Key(k.text.as_str().into()));
                flatten(v, id, &join_keys(keys, &k.text), arena, out);
            }
            return;
        }
        Json::Array(items) if !items.is_empty() => {
            for (i, v) in items.iter().enumerate() {
                let id = arena.push(at, PathStep::Index(i));
                flatten(v, id, keys, arena, out);
            }
            return;
        }
        Json::Object(_) => SettingValue::Other("{}".to_owned()),
        Json::Array(_) => SettingValue::Other("[]".to_owned()),
        Json::String(s) => SettingValue::String(s.clone()),
        Json::Bool(b) => SettingValue::Bool(*b),
        Json::Number(n) => SettingValue::Other(n.clone()),
        Json::Null => SettingValue::Other("null".to_owned()),
    };
    out.push((at, Arc::clone(keys), node.span.clone(), value));
}

/// The entries of `root` that forbid or gate what their key names, as [`Settings::guards`]:
/// the key's span and the index in `values` of its decision. Read with each agent's model:
/// - opencode: under `permission` (at the root or in an agent's definition), a key whose value
///   is `"deny"` or `"ask"` is a pattern the agent refuses or asks about
///   (<https://opencode.ai/docs/permissions/>: "allow", "ask" or "deny" per pattern, last
///   match wins);
/// - VS Code: in `chat.tools.terminal.autoApprove`, a command (or `/regex/`) set to `false` or
///   to `{"approve": false}` always asks (<https://code.visualstudio.com/docs/agents/approvals>).
fn guards_of(root: &JsonNode, values: &[Setting]) -> Vec<(Range<usize>, usize)> {
    let mut found = Vec::new();
    find_guards(root, "", false, &mut found);
    let mut guards: Vec<(Range<usize>, usize)> = found
        .into_iter()
        .filter_map(|(key, decision)| {
            let i = values
                .binary_search_by_key(&(decision.start, decision.end), |v| {
                    (v.span.start, v.span.end)
                })
                .ok()?;
            Some((key, i))
        })
        .collect();
    guards.sort_by_key(|(r, _)| (r.start, r.end));
    guards
}

/// True when `ks` (object keys joined by `.`) is VS Code's terminal auto-approve map.
fn terminal_map(ks: &str) -> bool {
    ks == "chat.tools.terminal.autoApprove"
}

fn find_guards(
    node: &JsonNode,
    ks: &str,
    under_permission: bool,
    out: &mut Vec<(Range<usize>, Range<usize>)>,
) {
    match &node.value {
        Json::Object(members) => {
            for (k, key_span, v) in members {
                let permission =
                    under_permission || k.text == "permission" || k.text == "permissions";
                let decision = match &v.value {
                    Json::String(s)
                        if under_permission
                            && (s.text.eq_ignore_ascii_case("deny")
                                || s.text.eq_ignore_ascii_case("ask")) =>
                    {
                        Some(v.span.clone())
                    }
                    Json::Bool(false) if terminal_map(ks) => Some(v.span.clone()),
                    Json::Object(_) if terminal_map(ks) => match v.get("approve") {
                        Some(JsonNode {
                            value: Json::Bool(false),
                            span,
                        }) => Some(span.clone()),
                        _ => None,
                    },
                    _ => None,
                };
                match decision {
                    Some(d) => out.push((key_span.clone(), d)),
                    None => find_guards(v, &join_keys(ks, &k.text), permission, out),
                }
            }
        }
        Json::Array(items) => {
            for i in items {
                find_guards(i, ks, under_permission, out);
            }
        }
        _ => {}
    }
}

/// Top-level tables whose entries are servers (MCP, LSP, formatters) started by name.
const SERVER_TABLES: &[(&str, &str)] = &[
    ("mcpServers", "MCP server"),
    ("servers", "MCP server"),
    ("mcp.servers", "MCP server"),
    ("mcp", "MCP server"),
    ("context_servers", "MCP server"),
    ("mcp_servers", "MCP server"),
    ("lsp", "LSP server"),
    ("formatter", "formatter"),
];

fn strings_of(node: &JsonNode) -> Vec<&MappedText> {
    match &node.value {
        Json::String(s) => vec![s],
        Json::Array(items) => items
            .iter()
            .filter_map(|i| match &i.value {
                Json::String(s) => Some(s),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The object keys of `ks` and then `k`, joined by `.`, cut in the middle past
/// [`MAX_KEYS_BYTES`] as [`Setting::keys`] is.
fn join_keys(ks: &str, k: &str) -> Arc<str> {
    let half = MAX_KEYS_BYTES / 2;
    if ks.is_empty() {
        return cut_middle(k, half, half).into();
    }
    let k = cut_middle(k, half, half);
    cut_middle(&format!("{ks}.{k}"), half, half).into()
}

/// What [`find_commands`] carries down: whether a key above is `hooks`, and the label of the
/// VS Code task that runs when the folder opens, if the objects below are one.
#[derive(Debug, Clone, Copy, Default)]
struct Context<'a> {
    in_hooks: bool,
    folder_open_task: Option<&'a str>,
    /// How that task is kept from view, when it is ([`task_hiding`]).
    task_hidden: Option<&'static str>,
}

/// The label of `node` when it is a VS Code task that runs when the folder opens
/// (`runOptions.runOn: "folderOpen"`, <https://code.visualstudio.com/docs/editor/tasks>).
fn folder_open_task(node: &JsonNode) -> Option<&str> {
    let run_on = node.get("runOptions")?.get("runOn")?;
    let Json::String(s) = &run_on.value else {
        return None;
    };
    if s.text != "folderOpen" {
        return None;
    }
    Some(match node.get("label").map(|l| &l.value) {
        Some(Json::String(l)) => l.text.as_str(),
        _ => "unnamed",
    })
}

/// How the VS Code task `node` keeps its run from view, when it does: `hide: true` (kept out of
/// the task list) or `presentation.reveal: "never"` (its terminal never comes to the front);
/// `"silent"` shows it on errors and is no hiding
/// (<https://code.visualstudio.com/docs/editor/tasks#_output-behavior>).
fn task_hiding(node: &JsonNode) -> Option<&'static str> {
    if matches!(node.get("hide").map(|h| &h.value), Some(Json::Bool(true))) {
        return Some("hidden from the task list (`hide: true`)");
    }
    match node.get("presentation")?.get("reveal").map(|r| &r.value) {
        Some(Json::String(r)) if r.text == "never" => {
            Some("its terminal never shown (`presentation.reveal: never`)")
        }
        _ => None,
    }
}

/// The commands under `node`, at `path` (whose object keys joined are `ks`). Each object costs
/// its own keys, never its path's: a file of many objects under a long key stays linear.
fn find_commands<'a>(
    node: &'a JsonNode,
    path: &mut Vec<Step<'a>>,
    ks: &Arc<str>,
    cx: Context<'a>,
    out: &mut Vec<SettingCommand>,
    parts: &mut Vec<Range<usize>>,
) {
    match &node.value {
        Json::Object(members) => {
            let cx = match folder_open_task(node) {
                Some(label) => Context {
                    folder_open_task: Some(label),
                    task_hidden: task_hiding(node),
                    ..cx
                },
                None => cx,
            };
            // `command` (with `args`), and Copilot's `bash` / `powershell` in hooks.
            let shells: &[&str] = if cx.in_hooks {
                &["command", "bash", "powershell"]
            } else {
                &["command"]
            };
            for key in shells {
                let Some(command) = node.get(key) else {
                    continue;
                };
                let mut strs = strings_of(command);
                if *key == "command"
                    && let Some(args) = node.get("args")
                {
                    strs.extend(strings_of(args));
                }
                if let Some(line) = mcp::join(&strs) {
                    let (what, at_start, when) = match cx.folder_open_task {
                        Some(label) => {
                            let label = crate::escape::escape_one_line(&cut_middle(label, 40, 40));
                            (
                                format!("VS Code task `{label}`"),
                                true,
                                "when the folder opens",
                            )
                        }
                        None => {
                            let (what, at_start) = classify(path);
                            let when = if at_start {
                                AT_START
                            } else {
                                "when it is triggered"
                            };
                            (what, at_start, when)
                        }
                    };
                    parts.extend(strs.iter().map(|s| s.map.map_range(0..s.text.len())));
                    let mut command_path = path.clone();
                    if what.ends_with("hook")
                        || what == "status line"
                        || what == "command"
                        || cx.folder_open_task.is_some()
                    {
                        command_path.push(Step::Key(key));
                    }
                    out.push(SettingCommand {
                        path: show_key_path(command_path),
                        what,
                        at_start,
                        when,
                        line,
                        hidden: cx.folder_open_task.and(cx.task_hidden),
                    });
                }
            }
            for (k, _, v) in members {
                let full = join_keys(ks, &k.text);
                if let Some((_, what, at_start, when)) =
                    COMMAND_KEYS.iter().find(|(name, ..)| *name == &*full)
                {
                    let before = out.len();
                    path.push(Step::Key(&k.text));
                    // A dev container command may be an object of named commands.
                    let named: Vec<(Option<&'a str>, &'a JsonNode)> = match &v.value {
                        Json::Object(cmds) => cmds
                            .iter()
                            .map(|(name, _, c)| (Some(name.text.as_str()), c))
                            .collect(),
                        _ => vec![(None, v)],
                    };
                    for (name, c) in named {
                        let strs = strings_of(c);
                        let Some(line) = mcp::join(&strs) else {
                            continue;
                        };
                        parts.extend(strs.iter().map(|s| s.map.map_range(0..s.text.len())));
                        let (shown_path, what) = match name {
                            Some(n) => {
                                path.push(Step::Key(n));
                                let p = show_key_path(path.iter().copied());
                                path.pop();
                                let n = crate::escape::escape_one_line(&cut_middle(n, 40, 40));
                                (p, format!("{what} `{n}`"))
                            }
                            None => (show_key_path(path.iter().copied()), (*what).to_owned()),
                        };
                        out.push(SettingCommand {
                            path: shown_path,
                            what,
                            at_start: *at_start,
                            when,
                            line,
                            hidden: None,
                        });
                    }
                    path.pop();
                    // A list of objects (Helmor's `{name, command}` actions) holds no command
                    // line itself: read below as any object is.
                    if out.len() > before || !matches!(v.value, Json::Array(_)) {
                        continue;
                    }
                }
                if shells.contains(&k.text.as_str()) {
                    continue;
                }
                path.push(Step::Key(&k.text));
                let below = Context {
                    in_hooks: cx.in_hooks || k.text == "hooks",
                    ..cx
                };
                find_commands(v, path, &full, below, out, parts);
                path.pop();
            }
        }
        Json::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                path.push(Step::Index(i));
                find_commands(v, path, ks, cx, out, parts);
                path.pop();
            }
        }
        _ => {}
    }
}

/// What runs the command of the object at `path`, and whether it runs as the session starts.
fn classify(path: &[Step<'_>]) -> (String, bool) {
    let ks: Vec<&str> = path
        .iter()
        .filter_map(|s| match s {
            Step::Key(k) => Some(*k),
            Step::Index(_) => None,
        })
        .collect();
    if let Some(at) = ks.iter().position(|k| *k == "hooks") {
        let event = ks.get(at + 1).copied().unwrap_or("hooks");
        // Cut before it is escaped: every hook of a long event name would copy it whole.
        let event = crate::escape::escape_one_line(&cut_middle(event, 40, 40));
        let at_start = event.eq_ignore_ascii_case("SessionStart");
        return (format!("{event} hook"), at_start);
    }
    if ks.first() == Some(&"statusLine") {
        return ("status line".to_owned(), true);
    }
    let joined = ks.join(".");
    for (table, what) in SERVER_TABLES {
        if let Some(name) = joined.strip_prefix(table).and_then(|r| r.strip_prefix('.'))
            && ks.len() >= 2
        {
            let name = crate::escape::escape_one_line(name);
            return (format!("{what} `{name}`"), false);
        }
    }
    ("command".to_owned(), false)
}

mod keys;
mod makefile;
mod package;
use keys::{AT_START, COMMAND_KEYS};
pub use makefile::{MAX_MAKE_RECIPES, parse_makefile};
pub use package::{INSTALL_SCRIPTS, MAX_PACKAGE_SCRIPTS, parse_package};

#[cfg(test)]
mod tests;

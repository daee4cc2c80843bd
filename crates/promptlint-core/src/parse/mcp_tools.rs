//! What an MCP server tells the model: tool, prompt and resource lists, `initialize` results
//! and the manifests that declare tools.
//!
//! Shapes read (all JSON; a JSON-RPC response `{"jsonrpc":"2.0","id":1,"result":{...}}`, its
//! bare `result`, or an array of either, as a dump of a session holds them):
//!
//! - `tools/list`: `result.tools[]` of `{name, title?, description?, inputSchema,
//!   outputSchema?, annotations?}`; `prompts/list`: `result.prompts[]` of `{name,
//!   description?, arguments[]?}`; `prompts/get`: `result.messages[]`; `resources/list`:
//!   `result.resources[]` (and `resourceTemplates[]`) of `{uri, name, description?}`;
//!   `initialize`: `result.instructions`, which the specification says "MAY be added to the
//!   system prompt" (<https://modelcontextprotocol.io/specification/2025-06-18/server/tools>,
//!   `…/server/prompts`, `…/server/resources`, `…/basic/lifecycle`, and the schema
//!   <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2025-06-18/schema.ts>);
//! - a desktop extension's `manifest.json` (`.mcpb`, formerly `.dxt`): `manifest_version` (or
//!   `dxt_version`), `server.mcp_config.{command,args}`, `tools[]` of `{name, description}`,
//!   `prompts[]` of `{name, description, arguments, text}`
//!   (<https://github.com/anthropics/mcpb/blob/main/MANIFEST.md>);
//! - the MCP registry's `server.json`: `$schema` naming `server.schema.json`, `name`,
//!   `description`, `packages[]`, `remotes[]`
//!   (<https://github.com/modelcontextprotocol/registry/blob/main/docs/reference/server-json/generic-server-json.md>);
//! - a bare array of tool definitions (`[{name, description, inputSchema}]`).
//!
//! Every string is a segment. The strings the model reads (everything inside a tool, prompt
//! or resource definition, with the parameter names and descriptions of nested
//! `inputSchema`s, prompt texts and messages, tool results' `content`, server `instructions`)
//! get [`Role::McpText`]; the server's `command` and `args` are a [`Role::ShellLine`] as in
//! an MCP configuration.

use std::collections::BTreeMap;

use super::json::{Json, JsonNode, fallback, parse_tree};
use super::segment::{MappedText, Parsed, Role, Segment, Zone};

/// Members of a result (or manifest) whose every string the model reads.
const MODEL_READ: &[&str] = &[
    "tools",
    "prompts",
    "resources",
    "resourceTemplates",
    "instructions",
    "messages",
    "content",
];

/// Keys that make a root look like a provider request rather than an MCP payload.
const REQUEST_KEYS: &[&str] = &["model", "messages", "input", "system"];

/// Parses an MCP payload or manifest.
pub fn parse(text: &str) -> Parsed {
    let root = match parse_tree(text) {
        Ok(Some(root)) => root,
        Ok(None) => return Parsed::default(),
        Err(issue) => return fallback(text, issue),
    };
    let mut segments = Vec::new();
    let mut read = Vec::new();
    for p in payloads(&root) {
        collect_model_read(p, &mut read);
    }
    // Sorted, so each node asks by binary search: a root array of many payloads made the
    // linear `contains` quadratic (issue 29: 98 s on a 1 MB manifest).
    read.sort_by_key(|r| (r.start, r.end));
    read.dedup();
    mark(&root, false, &read, &mut segments);
    for p in payloads(&root) {
        if let Some(cfg) = p.get("server").and_then(|s| s.get("mcp_config"))
            && let Some(line) = super::mcp::shell_line(cfg)
        {
            segments.push(Segment {
                role: Role::ShellLine,
                zone: Zone::Static,
                range: line.map.map_range(0..line.text.len()),
                derived: Some(line),
            });
        }
    }
    segments.sort_by_key(|s| s.range.start);
    let mut key_paths = Vec::new();
    let mut path = String::new();
    model_read_paths(&root, false, &read, &mut path, &mut key_paths);
    key_paths.sort_by_key(|(r, _)| r.start);
    Parsed {
        segments,
        key_paths,
        ..Parsed::default()
    }
}

/// At most this many key paths are kept per file (one per model-read string).
const MAX_KEY_PATHS: usize = 100_000;

/// The key path of every model-read string (`result.tools[0].description`), into `out`.
fn model_read_paths(
    node: &JsonNode,
    inside: bool,
    read: &[std::ops::Range<usize>],
    path: &mut String,
    out: &mut Vec<(std::ops::Range<usize>, String)>,
) {
    if out.len() >= MAX_KEY_PATHS {
        return;
    }
    let inside = inside || is_read(read, &node.span);
    match &node.value {
        Json::String(s) if inside => {
            // The path's last bytes only: what names the string, at a bounded cost per string
            // whatever the depth or the length of the keys above it.
            let shown = if path.len() > MAX_SHOWN_PATH {
                let from = crate::source::ceil_char_boundary(path, path.len() - MAX_SHOWN_PATH);
                format!("…{}", &path[from..])
            } else {
                path.clone()
            };
            out.push((s.map.map_range(0..s.text.len()), shown));
        }
        Json::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                model_read_paths(v, inside, read, path, out);
                path.truncate(len);
            }
        }
        Json::Object(members) => {
            for (k, _, v) in members {
                let len = path.len();
                let plain = !k.text.is_empty()
                    && k.text
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
                if plain {
                    if !path.is_empty() {
                        path.push('.');
                    }
                    path.push_str(&k.text);
                } else {
                    path.push_str(&format!(
                        "[{}]",
                        json_string(&crate::escape::excerpt(&k.text, 60))
                    ));
                }
                model_read_paths(v, inside, read, path, out);
                path.truncate(len);
            }
        }
        _ => {}
    }
}

/// The objects that carry MCP content: the root, or each element of a root array; a
/// JSON-RPC response stands for its `result`.
fn payloads(root: &JsonNode) -> Vec<&JsonNode> {
    let items: Vec<&JsonNode> = match &root.value {
        Json::Array(items) => items.iter().collect(),
        _ => vec![root],
    };
    items
        .into_iter()
        .map(|n| match n.get("result") {
            Some(r) if matches!(r.value, Json::Object(_)) => r,
            _ => n,
        })
        .collect()
}

/// The spans of the subtrees of `p` the model reads.
fn collect_model_read(p: &JsonNode, out: &mut Vec<std::ops::Range<usize>>) {
    if matches!(p.value, Json::Array(_)) {
        // A bare array of tool definitions.
        out.push(p.span.clone());
        return;
    }
    for k in MODEL_READ {
        if let Some(v) = p.get(k) {
            out.push(v.span.clone());
        }
    }
    // prompts/get: the prompt's description beside its messages.
    if p.get("messages").is_some()
        && let Some(d) = p.get("description")
    {
        out.push(d.span.clone());
    }
}

/// True when `span` is one of `read` (sorted by start, then end).
fn is_read(read: &[std::ops::Range<usize>], span: &std::ops::Range<usize>) -> bool {
    read.binary_search_by_key(&(span.start, span.end), |r| (r.start, r.end))
        .is_ok()
}

/// Longest key path kept for a model-read string, in bytes (its last bytes, after `…`).
const MAX_SHOWN_PATH: usize = 160;

fn mark(node: &JsonNode, inside: bool, read: &[std::ops::Range<usize>], out: &mut Vec<Segment>) {
    let inside = inside || is_read(read, &node.span);
    let seg = |s: &MappedText, role: Role| Segment {
        role,
        zone: Zone::Static,
        range: s.map.map_range(0..s.text.len()),
        derived: Some(s.clone()),
    };
    match &node.value {
        Json::String(s) => out.push(seg(
            s,
            if inside {
                Role::McpText
            } else {
                Role::JsonString
            },
        )),
        Json::Array(items) => items.iter().for_each(|i| mark(i, inside, read, out)),
        Json::Object(members) => {
            for (k, _, v) in members {
                out.push(seg(k, if inside { Role::McpText } else { Role::JsonKey }));
                mark(v, inside, read, out);
            }
        }
        _ => {}
    }
}

/// True when `root` is an MCP payload or manifest this module reads (see the module
/// documentation), and not a provider request.
pub fn is_mcp_payload(root: &JsonNode) -> bool {
    match &root.value {
        Json::Array(items) => {
            items.iter().take(64).any(is_payload_object) || items.first().is_some_and(is_tool_def)
        }
        Json::Object(_) => is_payload_object(root),
        _ => false,
    }
}

fn is_payload_object(n: &JsonNode) -> bool {
    if REQUEST_KEYS.iter().any(|k| n.get(k).is_some()) {
        return false;
    }
    let p = match n.get("result") {
        Some(r) if matches!(r.value, Json::Object(_)) => r,
        _ => n,
    };
    let list_of = |key: &str, item: fn(&JsonNode) -> bool| {
        p.get(key).is_some_and(|v| match &v.value {
            Json::Array(items) => items.first().is_some_and(item),
            _ => false,
        })
    };
    let initialize = p.get("protocolVersion").is_some()
        && (p.get("serverInfo").is_some() || p.get("capabilities").is_some());
    let manifest = (p.get("manifest_version").is_some() || p.get("dxt_version").is_some())
        && p.get("server").is_some();
    let registry = p
        .get("$schema")
        .and_then(JsonNode::as_str)
        .is_some_and(|s| s.contains("modelcontextprotocol") && s.contains("server"))
        || (p.get("name").is_some()
            && p.get("description").is_some()
            && (p.get("packages").is_some() || p.get("remotes").is_some()));
    initialize
        || manifest
        || registry
        || list_of("tools", is_tool_def)
        || list_of("prompts", |i| i.get("name").is_some())
        || list_of("resources", |i| i.get("uri").is_some())
        || list_of("resourceTemplates", |i| i.get("uriTemplate").is_some())
}

/// True when `root` is an MCP JSON-RPC answer whose text the model reads: a `prompts/get`
/// result (`result.messages`), a `resources/read` result (`result.contents`) or a
/// `tools/call` result (`result.content`, the tool's text and its errors), each an array
/// holding an object, per the MCP specification's prompts, resources and tools pages
/// (<https://modelcontextprotocol.io/specification/2025-11-25/server/prompts>,
/// <https://modelcontextprotocol.io/specification/2025-11-25/server/resources>,
/// <https://modelcontextprotocol.io/specification/2025-11-25/server/tools>). [`parse`] reads
/// every string of such an answer as text the model reads.
pub fn is_mcp_answer(root: &JsonNode) -> bool {
    let Some(result) = root.get("result") else {
        return false;
    };
    ["messages", "contents", "content"].iter().any(|k| {
        result.get(k).is_some_and(|v| match &v.value {
            Json::Array(items) => items.iter().any(|t| matches!(t.value, Json::Object(_))),
            _ => false,
        })
    })
}

fn is_tool_def(n: &JsonNode) -> bool {
    n.get("name").and_then(JsonNode::as_str).is_some()
        && (n.get("inputSchema").is_some() || n.get("description").is_some())
        && n.get("function").is_none()
        && n.get("input_schema").is_none()
}

/// One tool definition found in a payload or manifest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolDef {
    /// The server it belongs to: `serverInfo.name` of an `initialize` result in the same file,
    /// or the manifest's `name`; `None` when the file does not say.
    pub server: Option<String>,
    /// The tool's name.
    pub name: String,
    /// The canonical JSON of `{name, description, inputSchema}` (sorted keys, no whitespace,
    /// numbers as written), what a pin hashes.
    pub canonical: String,
    /// Source span of the tool's object.
    pub span: std::ops::Range<usize>,
    /// Source span of its description (or of the object when it has none).
    pub description_span: std::ops::Range<usize>,
}

/// The tool definitions of `root`, in document order.
pub fn tool_defs(root: &JsonNode) -> Vec<ToolDef> {
    let payloads = payloads(root);
    let server = payloads.iter().find_map(|p| {
        p.get("serverInfo")
            .and_then(|s| s.get("name"))
            .or_else(|| {
                (p.get("manifest_version").is_some() || p.get("dxt_version").is_some())
                    .then(|| p.get("name"))
                    .flatten()
            })
            .and_then(JsonNode::as_str)
            .map(str::to_owned)
    });
    let mut lists: Vec<&JsonNode> = Vec::new();
    if let Json::Array(items) = &root.value
        && items.first().is_some_and(is_tool_def)
    {
        lists.push(root);
    }
    lists.extend(payloads.iter().filter_map(|p| p.get("tools")));
    let mut out = Vec::new();
    for list in lists {
        let Json::Array(items) = &list.value else {
            continue;
        };
        for t in items {
            let Some(name) = t.get("name").and_then(JsonNode::as_str) else {
                continue;
            };
            let mut fields = String::from("{");
            let mut first = true;
            for key in ["description", "inputSchema", "name"] {
                if let Some(v) = t.get(key) {
                    if !first {
                        fields.push(',');
                    }
                    first = false;
                    fields.push_str(&json_string(key));
                    fields.push(':');
                    canonical(v, &mut fields);
                }
            }
            fields.push('}');
            out.push(ToolDef {
                server: server.clone(),
                name: name.to_owned(),
                canonical: fields,
                span: t.span.clone(),
                description_span: t
                    .get("description")
                    .map_or(t.span.clone(), |d| d.span.clone()),
            });
        }
    }
    out
}

fn json_string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_owned())
}

/// Writes `node` as canonical JSON: object keys sorted (the last of a repeated key wins, as
/// `JSON.parse` does), no whitespace, strings escaped by `serde_json`, numbers as written.
pub fn canonical(node: &JsonNode, out: &mut String) {
    match &node.value {
        Json::Null => out.push_str("null"),
        Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Json::Number(n) => out.push_str(n),
        Json::String(s) => out.push_str(&json_string(&s.text)),
        Json::Array(items) => {
            out.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical(v, out);
            }
            out.push(']');
        }
        Json::Object(members) => {
            let sorted: BTreeMap<&str, &JsonNode> = members
                .iter()
                .map(|(k, _, v)| (k.text.as_str(), v))
                .collect();
            out.push('{');
            for (i, (k, v)) in sorted.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&json_string(k));
                out.push(':');
                canonical(v, out);
            }
            out.push('}');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIST: &str = r#"{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"add","description":"Adds two numbers.","inputSchema":{"type":"object","properties":{"a":{"type":"number","description":"first"}}}}]}}"#;

    #[test]
    fn tool_strings_are_model_read_and_the_envelope_is_not() {
        let p = parse(LIST);
        let role_of = |needle: &str| {
            p.segments
                .iter()
                .find(|s| s.text(LIST) == needle)
                .map(|s| s.role)
        };
        assert_eq!(role_of("Adds two numbers."), Some(Role::McpText));
        assert_eq!(role_of("first"), Some(Role::McpText));
        assert_eq!(role_of("a"), Some(Role::McpText));
        assert_eq!(role_of("jsonrpc"), Some(Role::JsonKey));
        assert_eq!(role_of("2.0"), Some(Role::JsonString));
        let at = LIST.find("Adds two").unwrap();
        let (_, kp) = p.key_paths.iter().find(|(r, _)| r.start == at).unwrap();
        assert_eq!(kp, "result.tools[0].description");
        let at = LIST.find("first").unwrap();
        let (_, kp) = p.key_paths.iter().find(|(r, _)| r.start == at).unwrap();
        assert_eq!(kp, "result.tools[0].inputSchema.properties.a.description");
    }

    #[test]
    fn shapes_are_recognised_and_requests_are_not() {
        let yes = [
            LIST,
            r#"{"tools":[{"name":"x","inputSchema":{}}]}"#,
            r#"[{"name":"x","description":"d","inputSchema":{}}]"#,
            r#"{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"s"},"instructions":"i"}"#,
            r#"{"result":{"prompts":[{"name":"p","description":"d"}]}}"#,
            r#"{"resources":[{"uri":"file:///a","name":"a"}]}"#,
            r#"{"manifest_version":"0.3","name":"e","server":{"type":"node"},"tools":[{"name":"t"}]}"#,
            r#"{"$schema":"https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json","name":"io.github.a/b","description":"d"}"#,
        ];
        for y in yes {
            let root = parse_tree(y).unwrap().unwrap();
            assert!(is_mcp_payload(&root), "{y}");
        }
        let no = [
            r#"{"model":"claude","tools":[{"name":"x","description":"d","input_schema":{}}],"messages":[]}"#,
            r#"{"tools":[{"type":"function","function":{"name":"x"}}]}"#,
            r#"{"name":"app","version":"1.0.0"}"#,
            r#"{"manifest_version":3,"name":"chrome ext"}"#,
        ];
        for n in no {
            let root = parse_tree(n).unwrap().unwrap();
            assert!(!is_mcp_payload(&root), "{n}");
        }
    }

    #[test]
    fn tool_defs_carry_the_server_name_and_a_canonical_form() {
        let dump = r#"[{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"calc","version":"1"}}},
          {"jsonrpc":"2.0","id":2,"result":{"tools":[{"inputSchema":{"type":"object", "properties":{}},"name":"add","description":"Adds.","annotations":{"title":"A"}}]}}]"#;
        let root = parse_tree(dump).unwrap().unwrap();
        let defs = tool_defs(&root);
        assert_eq!(defs.len(), 1);
        assert_eq!(defs[0].server.as_deref(), Some("calc"));
        assert_eq!(defs[0].name, "add");
        assert_eq!(
            defs[0].canonical,
            r#"{"description":"Adds.","inputSchema":{"properties":{},"type":"object"},"name":"add"}"#
        );
        assert_eq!(&dump[defs[0].description_span.clone()], "\"Adds.\"");
    }
}

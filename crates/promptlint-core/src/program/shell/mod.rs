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

mod model;
mod text;

pub use model::{Assignment, Command, Redirect, RedirectOp, Script, Word};
use text::{ansi_c, printed, split_words, unescape, unescape_double};

/// How deep text run through `eval` or `sh -c` is read as commands again.
const MAX_NESTING: usize = 4;

/// Commands read per program at most: 4,096 (a longer program is read up to there).
pub const MAX_COMMANDS: usize = 4096;

/// How deep the syntax tree is walked: 200 levels of nesting (substitutions inside
/// substitutions, groups inside groups); what lies deeper is not read, so a hostile program
/// cannot exhaust the stack.
pub const MAX_DEPTH: usize = 200;

/// Bytes of variable values the reader substitutes per program at most: 64 KiB. Past it a
/// variable is kept as written (its name still recorded), so a value that doubles at each
/// assignment (`a=$a$a`, `a=$(printf %s%s $a $a)`) cannot grow exponentially.
pub const MAX_EXPANDED_BYTES: usize = 64 * 1024;

/// Reads the commands of the shell program `text`.
pub fn read(text: &str) -> Script {
    let rewritten = actions_expressions(text);
    let mut reader = Reader {
        actions: rewritten.is_some(),
        ..Reader::default()
    };
    reader.program(rewritten.as_deref().unwrap_or(text), None, 0);
    reader.script
}

/// The variable [`read`] writes for an expression of GitHub Actions' whole `secrets` context
/// (`${{ toJSON(secrets) }}`), padded with `_` to the expression's length: every secret of the
/// workflow at once.
pub const ACTIONS_ALL_SECRETS: &str = "ACTIONS_ALL_SECRETS";

/// The variable [`read`] writes for the workflow's job token (`${{ github.token }}`,
/// `${{ secrets.GITHUB_TOKEN }}`), padded with `_`: GitHub's token for this run, valid only
/// at GitHub (<https://docs.github.com/en/actions/security-for-github-actions/security-guides/automatic-token-authentication>).
/// Short enough to fit the shortest expression, `${{github.token}}`.
pub const ACTIONS_JOB_TOKEN: &str = "GH_JOB_TOKEN";

/// Longest GitHub Actions expression rewritten: 256 bytes.
const MAX_ACTIONS_EXPRESSION: usize = 256;

/// `text` with each GitHub Actions expression (`${{ secrets.NPM_TOKEN }}`,
/// `${{ toJSON(secrets) }}`, `${{ github.token }}`) written as a shell variable of the same
/// length, or `None` when there is none. Actions substitutes them before the shell runs, and
/// the `secrets` context and `github.token` hold the workflow's secrets
/// (<https://docs.github.com/en/actions/reference/workflows-and-actions/contexts#secrets-context>),
/// so the variable is named as a secret (`$SECRETS_NPM_TOKEN___`, [`ACTIONS_ALL_SECRETS`] for the
/// whole context, [`ACTIONS_JOB_TOKEN`] for the job token); any other expression is `$ACTIONS_EXPR___`. Same length, so every span stays where it was.
fn actions_expressions(text: &str) -> Option<String> {
    if !text.contains("${{") {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("${{") {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let window = &tail[..tail.len().min(MAX_ACTIONS_EXPRESSION)];
        let end = window
            .find("}}")
            .filter(|&e| window[..e].is_ascii() && !window[..e].contains('\n'));
        let Some(e) = end else {
            out.push_str("${{");
            rest = &tail[3..];
            continue;
        };
        let expr = &tail[..e + 2];
        let lower = expr.to_ascii_lowercase();
        let name = if lower.contains("github.token") || lower.contains("secrets.github_token") {
            ACTIONS_JOB_TOKEN.to_string()
        } else if let Some(k) = lower.find("secrets.") {
            let n: String = expr[k + "secrets.".len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            format!("SECRETS_{n}")
        } else if lower.contains("secrets") {
            ACTIONS_ALL_SECRETS.to_string()
        } else {
            "ACTIONS_EXPR".to_string()
        };
        let mut var: String = std::iter::once('$')
            .chain(name.chars())
            .take(expr.len())
            .collect();
        while var.len() < expr.len() {
            var.push('_');
        }
        out.push_str(&var);
        rest = &tail[expr.len()..];
    }
    out.push_str(rest);
    Some(out)
}

/// The variables [`actions_expressions`] wrote for secrets inside `quoted`, a single-quoted
/// string's text: Actions put the secret there before the shell ran.
fn quoted_expressions(quoted: &str) -> Vec<String> {
    quoted
        .split('$')
        .skip(1)
        .map(|r| {
            r.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .filter(|v| {
            let name = v.trim_end_matches('_');
            v.starts_with("SECRETS_") || name == ACTIONS_ALL_SECRETS || name == ACTIONS_JOB_TOKEN
        })
        .collect()
}

#[derive(Default)]
struct Reader {
    script: Script,
    /// Values of the variables assigned so far, when they run no command: the text and the
    /// variables it still expands.
    known: HashMap<String, (String, Vec<String>)>,
    /// How deep the walk is.
    depth: usize,
    /// Bytes of variable values substituted so far (bounded by [`MAX_EXPANDED_BYTES`]).
    expanded: usize,
    /// The text held GitHub Actions expressions ([`actions_expressions`]): Actions
    /// substitutes them before the shell runs, inside single quotes too.
    actions: bool,
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
                // Literal text reshaped and piped into a shell (`echo '…' | rev | sh`): the
                // text it spells is read as commands the shell runs.
                if let Some(&sh) = last.first()
                    && f.depth < MAX_NESTING
                    && matches!(
                        self.script.commands[sh].name(),
                        "sh" | "bash" | "zsh" | "dash" | "ksh"
                    )
                    && self.script.commands[sh]
                        .words
                        .iter()
                        .skip(1)
                        .all(|w| w.text.starts_with('-'))
                {
                    let stages: Vec<usize> = self.stage_chain(sh);
                    if let Some(text) = printed(&self.script, &stages) {
                        let span = f
                            .fixed
                            .clone()
                            .unwrap_or_else(|| self.script.commands[sh].span.clone());
                        self.nested(sh, &text, span, f.depth + 1);
                    }
                }
                last
            }
            "redirected_statement" => {
                let mut redirects = Vec::new();
                let mut stdin_text = None;
                let mut body = Vec::new();
                // `cmd <<EOF | next | sh`: the grammar keeps the pipe's later stages inside the
                // here-document redirect.
                let mut piped_to = Vec::new();
                let mut c = n.walk();
                for child in n.named_children(&mut c) {
                    match child.kind() {
                        "file_redirect" => redirects.extend(self.redirect(child, f, within)),
                        "heredoc_redirect" => {
                            stdin_text = Some(heredoc_text(child, f));
                            let mut hc = child.walk();
                            piped_to.extend(child.named_children(&mut hc).filter(|x| {
                                matches!(x.kind(), "pipeline" | "command" | "redirected_statement")
                            }));
                        }
                        "herestring_redirect" => {
                            stdin_text = self.herestring(child, f, within).or(stdin_text);
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
                let mut out = body;
                for stage in piped_to {
                    let next = self.statements(stage, f, within);
                    if let Some(&first) = next.first() {
                        let first_of = self.first_top_command(stage, &next).unwrap_or(first);
                        self.script.commands[first_of]
                            .stdin
                            .extend(out.iter().copied());
                        out = next;
                    }
                }
                out
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

    /// The commands piped into command `i`, first stage first, when each stage is one command.
    fn stage_chain(&self, i: usize) -> Vec<usize> {
        let mut chain = Vec::new();
        let mut at = i;
        while let [one] = self.script.commands[at].stdin.as_slice() {
            chain.push(*one);
            at = *one;
            if chain.len() > 16 {
                break;
            }
        }
        chain.reverse();
        chain
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
                    stdin_text = self.herestring(child, f, Some(index)).or(stdin_text);
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

    /// The text a here-string (`<<< WORD`) gives as standard input.
    fn herestring(&mut self, n: Node<'_>, f: &Frame<'_>, within: Option<usize>) -> Option<String> {
        let mut c = n.walk();
        let w = n.named_children(&mut c).last()?;
        Some(self.word(w, f, within).text)
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
                    w.rewritten = true;
                    w.text.push_str(&unescape(t));
                } else {
                    w.text.push_str(t);
                }
            }
            "raw_string" => {
                w.quoted = true;
                let t = f.text(n);
                let inner = t
                    .strip_prefix('\'')
                    .and_then(|t| t.strip_suffix('\''))
                    .unwrap_or(t);
                w.text.push_str(inner);
                if self.actions {
                    w.vars.extend(quoted_expressions(inner));
                }
            }
            "ansi_c_string" => {
                w.quoted = true;
                w.rewritten = true;
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
                if n.named_child_count() > 1 {
                    let mut c = n.walk();
                    w.rewritten |= n
                        .named_children(&mut c)
                        .any(|ch| matches!(ch.kind(), "string" | "raw_string" | "ansi_c_string"));
                }
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
                        w.rewritten = true;
                        w.text.push(if in_quotes { ' ' } else { '\u{1f}' });
                    }
                    Some(v)
                        if plain
                            && self.known.get(&v).is_some_and(|(value, _)| {
                                self.expanded + value.len() <= MAX_EXPANDED_BYTES
                            }) =>
                    {
                        let (value, vars) = self.known.get(&v).cloned().unwrap_or_default();
                        self.expanded += value.len();
                        w.rewritten = true;
                        w.text.push_str(&value);
                        w.vars.extend(vars);
                    }
                    Some(v)
                        if !plain && !self.known.contains_key(&v) && f.text(n).contains(":-") =>
                    {
                        // `${VAR:-DEFAULT}` of a variable the program never sets is its default.
                        let t = f.text(n);
                        let default = t
                            .split_once(":-")
                            .map_or("", |(_, d)| d)
                            .strip_suffix('}')
                            .unwrap_or("");
                        w.rewritten = true;
                        w.text.push_str(default);
                        w.vars.push(v);
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
                    Some(t) => {
                        w.rewritten = true;
                        w.text.push_str(&t);
                    }
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

/// A here-document's body, as text.
fn heredoc_text(n: Node<'_>, f: &Frame<'_>) -> String {
    let mut c = n.walk();
    n.named_children(&mut c)
        .filter(|ch| ch.kind() == "heredoc_body")
        .map(|ch| f.text(ch).to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests;

//! PL328: `code-hidden-recipient`, a program an agent runs as a tool (an MCP server's source,
//! a skill's script) that copies the mail it sends to an address written into its code.
//!
//! The first malicious MCP server found in the wild, `postmark-mcp` 1.0.16 (September 2025),
//! added one line to its `send_email` handler: a `Bcc` field holding the attacker's address,
//! so every message the agent sent went to them too; its tool description stayed clean
//! (disclosed by Koi Security; the
//! code as Snyk reproduced it: <https://akhilesharora.github.io/herkos/docs/case-postmark.html>;
//! `mailOptions.bcc = "..."` in <https://cybernoz.com/malicious-code-in-fake-postmark-mcp-server-steals-thousands-of-emails>). The rule reads the code for a blind copy given a literal address: an object key
//! or keyword argument (`Bcc: 'x@y'`, `bcc="x@y"`, `"bcc": ["x@y"]`), an item assignment
//! (`msg["Bcc"] = "x@y"`) or a call (`addBcc("x@y")`, `.bcc("x@y")`). The address may also
//! be built from literal pieces, there or in a variable the file binds once
//! (`const ops = ['ar', 'chive'].join('') + '@' + ...; ... Bcc: ops`): [`constant`] evaluates
//! such an expression (string literals, `+`, arrays and their `join`, `concat`, `split`,
//! `reverse`, Python's `sep.join(...)`, char codes), and any other name in it (the caller's
//! arguments, the environment) makes it no constant. A copy taken from the caller's arguments
//! or the environment is not matched. A named program source (checked as instructions,
//! [`Input::program`]) is read as a skill's script is.

use std::sync::{Arc, LazyLock};

use regex::Regex;

use super::input::Input;
use crate::finding::Finding;
use crate::kind::FileKind;
use crate::rules::Rule;

/// A blind copy given a literal address, in the forms the module documentation lists.
static LITERAL_BCC: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r#"(?i)(?:\b|_)(?:bcc|blind_?copy|blind_?carbon_?copy)["'`]?\s*\]?\s*(?::|=|,)\s*"#,
        r#"(?:\[\s*|\(\s*|new\s+[a-z_.]+\(\s*)?["'`]"#,
        r#"(?:[^"'`\n]{0,40}<)?([a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+)>?["'`]"#,
        r#"|(?i)(?:\b|_|\.)(?:add_?bcc|set_?bcc|bcc)\s*\(\s*["'`]([a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+)["'`]"#,
    ))
    .expect("the literal blind-copy regex is valid")
});

/// A blind copy given something else than a literal address (group 1: the rest of the line),
/// evaluated by [`constant`] or looked up as a variable ([`binding`]).
static BUILT_BCC: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r#"(?i)(?:\b|_)(?:bcc|blind_?copy|blind_?carbon_?copy)["'`]?\s*\]?\s*(?::|=|,)\s*"#,
        r#"([^\s"'`].{0,300})"#,
        r#"|(?i)(?:\b|_|\.)(?:add_?bcc|set_?bcc|bcc)\s*\(\s*([^\s"'`].{0,300})"#,
    ))
    .expect("the built blind-copy regex is valid")
});

/// An e-mail address, alone or as `Name <address>`.
static ADDRESS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:[^<>]{0,40}<)?([a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+)>?$")
        .expect("the address regex is valid")
});

/// Extensions of the program sources read.
const PROGRAMS: &[&str] = &[
    "py", "js", "mjs", "cjs", "ts", "mts", "cts", "jsx", "tsx", "go", "rb", "php", "java", "kt",
    "cs", "rs", "sh", "bash", "ps1",
];

/// PL328: one finding per blind copy written into a program's code.
pub fn code_hidden_recipient(input: &Input<'_>, rule: &Arc<Rule>) -> Vec<Finding> {
    if !matches!(input.kind, FileKind::McpTools | FileKind::SkillResource) && !input.program {
        return Vec::new();
    }
    let ext = input
        .path
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase());
    if !ext.is_some_and(|e| PROGRAMS.contains(&e.as_str())) {
        return Vec::new();
    }
    let text = input.text();
    let mut out = Vec::new();
    for caps in LITERAL_BCC.captures_iter(text) {
        let Some(addr) = caps.get(1).or_else(|| caps.get(2)) else {
            continue;
        };
        let Some(all) = caps.get(0) else { continue };
        let message = format!(
            "the program copies what it sends to a fixed address: blind copy to {}",
            addr.as_str()
        );
        if let Ok(f) = Finding::new(rule, text, all.range(), message) {
            out.push(f);
        }
    }
    for caps in BUILT_BCC.captures_iter(text) {
        let (Some(all), Some(rest)) = (caps.get(0), caps.get(1).or_else(|| caps.get(2))) else {
            continue;
        };
        if out.iter().any(|f: &Finding| f.span.start == all.start()) {
            continue;
        }
        let Some(addr) = built_address(text, rest.as_str()) else {
            continue;
        };
        let message = format!(
            "the program copies what it sends to a fixed address: blind copy to {addr}, built in its code"
        );
        if let Ok(f) = Finding::new(rule, text, all.start()..rest.start(), message) {
            out.push(f);
        }
    }
    out
}

/// The address a blind copy's value (`rest`, the line after `Bcc:`) holds when it is a
/// constant built in the code: the expression itself, or the one a name it starts with is
/// bound to in `text`.
fn built_address(text: &str, rest: &str) -> Option<String> {
    let value = match constant(rest) {
        Some(v) => v,
        None => {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$'))
                .collect();
            let after = rest[name.len()..].trim_start();
            let ends = after.is_empty() || after.starts_with([',', '}', ')', ';', ']']);
            if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) || !ends {
                return None;
            }
            constant(binding(text, &name)?)?
        }
    };
    ADDRESS
        .captures(value.trim())
        .and_then(|c| c.get(1))
        .map(|m| m.as_str().to_string())
}

/// The text after the first binding of `name` in `text` (`const name = `, `name: string = `,
/// `NAME = `; not `==`).
fn binding<'t>(text: &'t str, name: &str) -> Option<&'t str> {
    let re = Regex::new(&format!(
        r"(?m)(?:^|[\s;{{(,])(?:(?:const|let|var|final|val)\s+)?{}\s*(?::\s*[\w<>\[\]|. ]{{1,40}})?=[^=>]",
        regex::escape(name)
    ))
    .ok()?;
    let m = re.find(text)?;
    // The character after `=` that the pattern took (it may be more than one byte).
    let last = text[..m.end()].chars().next_back()?;
    Some(&text[m.end() - last.len_utf8()..])
}

/// Deepest nesting of brackets and calls [`constant`] reads.
const MAX_DEPTH: usize = 16;

/// A value of a constant expression.
#[derive(Debug, Clone)]
enum Value {
    Str(String),
    List(Vec<String>),
}

/// The string a constant expression at the start of `s` evaluates to: string literals joined
/// by `+`, arrays of them and their methods (`join`, `concat`, `split`, `reverse`), Python's
/// `"sep".join([...])`, `String.fromCharCode(...)` and `chr(n)`. `None` when it reads
/// anything else (a variable, a call of the caller's) before the expression ends (at `,`,
/// `;`, `}`, `)`, `]` or the line's end).
pub(crate) fn constant(s: &str) -> Option<String> {
    let mut p = Parser {
        s: s.as_bytes(),
        i: 0,
    };
    let v = p.expr(0)?;
    p.ws();
    let ends = p.i >= p.s.len() || matches!(p.s[p.i], b',' | b';' | b'}' | b')' | b']' | b'\n');
    match v {
        Value::Str(s) if ends => Some(s),
        _ => None,
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\r') {
            self.i += 1;
        }
    }

    fn eat(&mut self, lit: &str) -> bool {
        self.ws();
        if self.s[self.i..].starts_with(lit.as_bytes()) {
            self.i += lit.len();
            true
        } else {
            false
        }
    }

    fn expr(&mut self, depth: usize) -> Option<Value> {
        if depth > MAX_DEPTH {
            return None;
        }
        let mut v = self.term(depth)?;
        while self.eat("+") {
            let (Value::Str(a), Value::Str(b)) = (v, self.term(depth)?) else {
                return None;
            };
            v = Value::Str(a + &b);
        }
        Some(v)
    }

    fn term(&mut self, depth: usize) -> Option<Value> {
        let mut v = self.primary(depth)?;
        while self.eat(".") {
            let name = self.name();
            if !self.eat("(") {
                return None;
            }
            let args = self.args(depth)?;
            v = match (name.as_str(), v) {
                ("join", Value::List(items)) => {
                    let sep = match args.first() {
                        Some(Value::Str(s)) => s.clone(),
                        None => ",".to_string(),
                        _ => return None,
                    };
                    Value::Str(items.join(&sep))
                }
                ("join", Value::Str(sep)) => match args.first() {
                    Some(Value::List(items)) => Value::Str(items.join(&sep)),
                    _ => return None,
                },
                ("concat", Value::Str(a)) => {
                    let mut out = a;
                    for x in args {
                        let Value::Str(x) = x else { return None };
                        out.push_str(&x);
                    }
                    Value::Str(out)
                }
                ("concat", Value::List(mut a)) => {
                    for x in args {
                        match x {
                            Value::Str(x) => a.push(x),
                            Value::List(xs) => a.extend(xs),
                        }
                    }
                    Value::List(a)
                }
                ("split", Value::Str(a)) => match args.first() {
                    Some(Value::Str(sep)) if sep.is_empty() => {
                        Value::List(a.chars().map(String::from).collect())
                    }
                    Some(Value::Str(sep)) => {
                        Value::List(a.split(sep.as_str()).map(String::from).collect())
                    }
                    _ => return None,
                },
                ("reverse", Value::List(mut a)) if args.is_empty() => {
                    a.reverse();
                    Value::List(a)
                }
                _ => return None,
            };
        }
        Some(v)
    }

    fn args(&mut self, depth: usize) -> Option<Vec<Value>> {
        let mut out = Vec::new();
        if self.eat(")") {
            return Some(out);
        }
        loop {
            out.push(self.expr(depth + 1)?);
            if self.eat(")") {
                return Some(out);
            }
            if !self.eat(",") {
                return None;
            }
        }
    }

    fn name(&mut self) -> String {
        self.ws();
        let start = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric() || self.s[self.i] == b'_')
        {
            self.i += 1;
        }
        String::from_utf8_lossy(&self.s[start..self.i]).into_owned()
    }

    fn primary(&mut self, depth: usize) -> Option<Value> {
        self.ws();
        let c = *self.s.get(self.i)?;
        match c {
            b'\'' | b'"' | b'`' => {
                let end = self.s[self.i + 1..]
                    .iter()
                    .position(|&b| b == c || b == b'\\' || b == b'\n')?;
                let body = &self.s[self.i + 1..self.i + 1 + end];
                if self.s[self.i + 1 + end] != c
                    || (c == b'`' && body.windows(2).any(|w| w == b"${"))
                {
                    return None;
                }
                self.i += end + 2;
                Some(Value::Str(String::from_utf8_lossy(body).into_owned()))
            }
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                if self.eat("]") {
                    return Some(Value::List(items));
                }
                loop {
                    let Value::Str(x) = self.expr(depth + 1)? else {
                        return None;
                    };
                    items.push(x);
                    if self.eat("]") {
                        return Some(Value::List(items));
                    }
                    if !self.eat(",") {
                        return None;
                    }
                    if self.eat("]") {
                        return Some(Value::List(items));
                    }
                }
            }
            b'(' => {
                self.i += 1;
                let v = self.expr(depth + 1)?;
                self.eat(")").then_some(v)
            }
            _ => {
                let name = self.name();
                let name = if name == "String" && self.eat(".") {
                    self.name()
                } else {
                    name
                };
                if !matches!(name.as_str(), "fromCharCode" | "chr") || !self.eat("(") {
                    return None;
                }
                let mut out = String::new();
                loop {
                    self.ws();
                    let start = self.i;
                    while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
                        self.i += 1;
                    }
                    let n: u32 = std::str::from_utf8(&self.s[start..self.i])
                        .ok()?
                        .parse()
                        .ok()?;
                    out.push(char::from_u32(n)?);
                    if self.eat(")") {
                        return Some(Value::Str(out));
                    }
                    if !self.eat(",") {
                        return None;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{LITERAL_BCC, built_address, constant};

    fn address(code: &str) -> Option<String> {
        LITERAL_BCC.captures(code).and_then(|c| {
            c.get(1)
                .or_else(|| c.get(2))
                .map(|m| m.as_str().to_string())
        })
    }

    #[test]
    fn a_literal_blind_copy_is_found_in_each_form() {
        for (code, want) in [
            (
                "    Bcc: 'phan@giftshop.example', // stats",
                "phan@giftshop.example",
            ),
            (
                "msg = dict(to=to, bcc=\"audit@relay.example\")",
                "audit@relay.example",
            ),
            ("  \"bcc\": [\"a@b.example\"],", "a@b.example"),
            ("msg[\"Bcc\"] = 'x@y.example'", "x@y.example"),
            ("mail.addBcc(\"x@y.example\");", "x@y.example"),
            ("m.bcc(\"x@y.example\")", "x@y.example"),
            ("BCC = \"Ops <ops@relay.example>\"", "ops@relay.example"),
            ("mailOptions.bcc = \"x@y.example\";", "x@y.example"),
            ("client.addHeader('Bcc', 'x@y.example');", "x@y.example"),
        ] {
            assert_eq!(address(code).as_deref(), Some(want), "{code}");
        }
    }

    #[test]
    fn a_copy_from_the_caller_or_the_environment_is_not() {
        for code in [
            "Bcc: args.bcc,",
            "bcc=os.environ.get(\"MAIL_BCC\")",
            "bcc: z.string().email().optional().describe(\"Blind copy\")",
            "const bccList = [];",
            "cc: 'team@company.example',",
        ] {
            assert_eq!(address(code), None, "{code}");
        }
    }

    #[test]
    fn constant_expressions_of_literal_pieces_evaluate() {
        for (code, want) in [
            (
                "['ar', 'chive'].join('') + '@' + ['mail', 'relay', 'ops'].join('-') + '.example';",
                "archive@mail-relay-ops.example",
            ),
            ("\"\".join([\"a\", \"b\"]) + \"@x.example\"", "ab@x.example"),
            ("'elpmaxe.x@a'.split('').reverse().join('')", "a@x.example"),
            ("String.fromCharCode(97, 64) + 'x.example'", "a@x.example"),
            ("('a' + '@').concat('x', '.example'),", "a@x.example"),
        ] {
            assert_eq!(constant(code).as_deref(), Some(want), "{code}");
        }
        for code in [
            "args.to + '@x.example'",
            "process.env.BCC",
            "['a', x].join('')",
            "`${a}@x.example`",
        ] {
            assert_eq!(constant(code), None, "{code}");
        }
    }

    #[test]
    fn a_blind_copy_built_in_the_code_or_bound_to_a_name_is_an_address() {
        let text = "const ops = ['ar', 'chive'].join('') + '@' + 'relay.example';\nconst p = { To: args.to, Bcc: ops };\n";
        assert_eq!(
            built_address(text, "ops,").as_deref(),
            Some("archive@relay.example")
        );
        let py =
            "ARCHIVE = \"\".join([\"au\", \"dit\"]) + \"@relay.example\"\nmsg[\"Bcc\"] = ARCHIVE\n";
        assert_eq!(
            built_address(py, "ARCHIVE").as_deref(),
            Some("audit@relay.example")
        );
        // From the caller, the environment, or no address at all.
        let caller = "const ops = args.bcc;\nconst p = { Bcc: ops };\n";
        assert_eq!(built_address(caller, "ops }"), None);
        let env = "const ops = process.env.BCC || 'a@b.example';\nconst p = { Bcc: ops };\n";
        assert_eq!(built_address(env, "ops }"), None);
        assert_eq!(built_address("const t = 'x' + 'y';\n", "t,"), None);
        assert_eq!(built_address("", "args.bcc,"), None);
    }
}

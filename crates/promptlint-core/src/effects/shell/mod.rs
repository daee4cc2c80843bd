//! Effects of a shell program, read command by command: what each command's output carries
//! (its taint), through pipes, variables and command substitutions, and what each command
//! does with it.

use std::collections::HashMap;

use super::model::{Effect, EffectKind, Nested};
use super::vocab::{self, Taint};
use crate::program::shell::{Command, RedirectOp, Script, Word};

mod commands;
pub(crate) mod guard;
mod hooks;
mod persist;
pub mod quiet;
mod steps;
mod system;

pub(crate) use commands::{active_text, command_effects};
use commands::{
    decodes, destroys, fetches, fetches_metadata, foreign_vendors, interpreter_code, own_vendor,
    persisted, runs_stdin, unwrapped,
};
use hooks::allows_everything;
use system::{host_access, insecure_index, weakens};

/// The effects of `script`.
pub fn effects(script: &Script, nested: Nested<'_>) -> Vec<Effect> {
    let mut flow = Flow::new(script, nested);
    flow.files();
    let mut out = Vec::new();
    for i in 0..script.commands.len() {
        flow.judge(i, &mut out);
    }
    if let Some(at) = allows_everything(script) {
        out.push(Effect::step(
            EffectKind::Weaken,
            at,
            "a hook's permissionDecision allow, whatever the call".to_string(),
        ));
    }
    out.dedup_by(|a, b| a.kind == b.kind && a.at == b.at);
    out
}

struct Flow<'s> {
    script: &'s Script,
    /// Reads code of another language (an interpreter's `-c` argument).
    nested: Nested<'s>,
    /// Taint of each command's output, once known.
    taint: Vec<Option<(Taint, Option<usize>)>>,
    /// Assignments by variable.
    vars: HashMap<&'s str, Vec<&'s Word>>,
    visiting: Vec<bool>,
    depth: usize,
    /// What each file the program wrote holds (see [`Flow::files`]).
    files: HashMap<&'s str, Taint>,
    /// Variables read silently at a prompt (`read -s p`: a password), with the command.
    typed: HashMap<&'s str, usize>,
    /// Variables a `read` or `mapfile` sets from its input (`… | while read -r l`), with the
    /// command: each carries what that input carries.
    fed: HashMap<&'s str, usize>,
}

impl<'s> Flow<'s> {
    /// Files the program wrote what it read into (`tar czf /tmp/k.tgz ~/.ssh`, `env >
    /// /tmp/e`, `Compress-Archive`): a later command naming one sends what it holds.
    fn files(&mut self) {
        for i in 0..self.script.commands.len() {
            let cmd = &self.script.commands[i];
            let name = cmd.name().to_ascii_lowercase();
            let args: Vec<&'s str> = cmd.words.iter().skip(1).map(|w| w.text.as_str()).collect();
            let mut targets: Vec<&'s str> = cmd
                .redirects
                .iter()
                .filter(|r| matches!(r.op, RedirectOp::Write | RedirectOp::Append))
                .map(|r| r.target.text.as_str())
                .collect();
            match name.as_str() {
                "tar" => {
                    if let Some(k) = args
                        .iter()
                        .position(|a| a.starts_with('-') && a.contains('f') || *a == "--file")
                    {
                        targets.extend(args.get(k + 1));
                    } else if let Some(a) = args
                        .first()
                        .filter(|a| !a.starts_with('-') && a.contains('f'))
                    {
                        let _ = a;
                        targets.extend(args.get(1));
                    }
                }
                "zip" | "7z" | "7za" | "gzip" | "cp" | "rsync" => {
                    let plain: Vec<&str> = args
                        .iter()
                        .copied()
                        .filter(|a| !a.starts_with('-'))
                        .collect();
                    let target = match name.as_str() {
                        "cp" | "rsync" => plain.last().copied(),
                        "7z" | "7za" => plain.get(1).copied(),
                        _ => plain.first().copied(),
                    };
                    targets.extend(target);
                }
                _ => {}
            }
            if targets.is_empty() {
                continue;
            }
            let (t, _) = self.output(i);
            let t = t & vocab::KEPT_IN_FILES;
            if t != 0 {
                for target in targets {
                    if target != "-" && !target.starts_with("/dev/") {
                        *self.files.entry(target).or_default() |= t;
                    }
                }
            }
        }
        self.taint.iter_mut().for_each(|t| *t = None);
    }

    fn new(script: &'s Script, nested: Nested<'s>) -> Flow<'s> {
        let mut vars: HashMap<&str, Vec<&Word>> = HashMap::new();
        for a in &script.assignments {
            vars.entry(a.name.as_str()).or_default().push(&a.value);
        }
        for c in &script.commands {
            for (name, value) in &c.env {
                vars.entry(name.as_str()).or_default().push(value);
            }
        }
        let mut typed = HashMap::new();
        let mut fed = HashMap::new();
        for (i, c) in script.commands.iter().enumerate() {
            let Some((silent, names)) = steps::read_targets(c) else {
                continue;
            };
            for name in names {
                if steps::has_input(c) {
                    fed.entry(name).or_insert(i);
                } else if silent {
                    typed.entry(name).or_insert(i);
                }
            }
        }
        Flow {
            script,
            nested,
            taint: vec![None; script.commands.len()],
            vars,
            visiting: vec![false; script.commands.len()],
            depth: 0,
            files: HashMap::new(),
            typed,
            fed,
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
        if vocab::prints_keychain(&all) {
            own |= vocab::KEYCHAIN;
        } else if vocab::prints_cli_token(&all) {
            own |= vocab::NAMED_SECRET;
        }
        // A key named to authenticate (`ssh -i KEY`, `curl --cert FILE`, `--netrc-file`) is
        // used, not sent.
        let credential_word = cmd.words.iter().enumerate().skip(1).any(|(k, w)| {
            let before = cmd.words[k - 1].text.as_str();
            let auth = match name.as_str() {
                "ssh" | "scp" | "sftp" | "rsync" | "ssh-add" | "git" => {
                    matches!(before, "-i" | "-F" | "-o") || w.text.starts_with("IdentityFile=")
                }
                "curl" => matches!(
                    before,
                    "-E" | "--cert" | "--key" | "--cacert" | "--netrc-file"
                ),
                _ => false,
            };
            // A URL's path (`https://host/.env`) is the remote's file, and the words after
            // `ssh HOST` are a command run over there.
            vocab::is_credential_path(&w.text) && !auth && !w.text.contains("://") && name != "ssh"
        });
        if credential_word
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
        if fetches_metadata(&name, &cmd.words) {
            own |= vocab::METADATA;
        }
        if matches!(name.as_str(), "history" | "fc") {
            own |= vocab::HISTORY;
        }
        if vocab::scans_for_secrets(&name, &args) {
            own |= vocab::SCANNED_SECRETS;
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
        // Its words, and a file or process substitution it reads (`< <(base64 ~/.netrc)`).
        let read_from = cmd.redirects.iter().filter(|r| r.op == RedirectOp::Read);
        for w in cmd.words.iter().chain(read_from.map(|r| &r.target)) {
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
        if self.depth >= crate::program::shell::MAX_DEPTH {
            return (0, None);
        }
        self.depth += 1;
        let out = self.word_in(w);
        self.depth -= 1;
        out
    }

    fn word_in(&mut self, w: &Word) -> (Taint, Option<usize>) {
        let mut taint = 0;
        let mut first = None;
        let named = w
            .text
            .trim_start_matches('@')
            .split_once('=')
            .map_or(w.text.trim_start_matches('@'), |(_, v)| {
                v.trim_start_matches('@')
            });
        if let Some(t) = self.files.get(named) {
            taint |= *t;
        }
        for &k in &w.subs {
            let (t, f) = self.output(k);
            taint |= t;
            first = first.or(f);
        }
        for v in &w.vars {
            let values: Vec<&Word> = self.vars.get(v.as_str()).cloned().unwrap_or_default();
            if values.is_empty() {
                if v.trim_end_matches('_') == crate::program::shell::ACTIONS_ALL_SECRETS {
                    taint |= vocab::CI_SECRETS;
                } else if v.trim_end_matches('_') == crate::program::shell::ACTIONS_JOB_TOKEN {
                    taint |= vocab::CI_JOB_TOKEN | vocab::NAMED_SECRET;
                } else if vocab::is_secret_name(v) {
                    taint |= vocab::NAMED_SECRET;
                }
                if let Some(&k) = self.typed.get(v.as_str()) {
                    taint |= vocab::PASSWORD;
                    first = first.or(Some(k));
                }
                if let Some(&k) = self.fed.get(v.as_str()) {
                    let (t, f) = self.output(k);
                    taint |= t;
                    first = first.or(f);
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
                // A variable set from another (`for c in $d`, `Y=$X`) carries what that holds.
                if !value.vars.is_empty() && !value.vars.contains(v) {
                    let (t, f) = self.word(value);
                    taint |= t;
                    first = first.or(f);
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
            _ => steps::copies_out(&name, args),
        };
        // `rsync`/`scp` between local folders send nothing out.
        let local_copy = matches!(name.as_str(), "rsync" | "scp") && !steps::names_remote(args);
        let network = vocab::is_network_command(&name) && !local_copy || dev_tcp || uploads;
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
            // A vendor's own key sent to that vendor (`$TELEGRAM_BOT_TOKEN` to
            // api.telegram.org) is how it is used.
            let weak = if weak == vocab::NAMED_SECRET && own_vendor(&cmd.words, url) {
                0
            } else {
                weak
            };
            // Several vendors' keys sent to a host that is none of theirs are collected.
            let strong = if weak & vocab::NAMED_SECRET != 0
                && foreign_vendors(self.script, &cmd.words, url) >= 2
            {
                strong | vocab::NAMED_SECRET
            } else {
                strong
            };
            let strong = strong | vocab::job_token_sent(sent, url);
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
                    plain: None,
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
                plain: None,
            });
        }
        if fetches_metadata(&name, &cmd.words) {
            out.push(Effect::step(
                EffectKind::MetadataRead,
                at.clone(),
                name.clone(),
            ));
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
            // With `-c`/`-e` the code is that argument, and standard input is data.
            let code_flag = args
                .iter()
                .position(|a| matches!(*a, "-c" | "-e" | "-Command"));
            let t = match code_flag {
                Some(k) if !matches!(name.as_str(), "eval" | "source" | ".") => {
                    let w = cmd
                        .words
                        .iter()
                        .find(|w| w.text == args.get(k + 1).copied().unwrap_or(""));
                    w.map_or(0, |w| self.word(w).0)
                }
                _ => input | in_words,
            };
            // Code given as an argument (`python3 -c "$(curl …)"`) is read by the pattern
            // rules as the fetch piped into the interpreter alone (`curl … | python3`): the
            // line their installers' allow-list judges, whatever flags follow the code.
            let by_flag = code_flag.is_some() && !matches!(name.as_str(), "eval" | "source" | ".");
            let plain = first.filter(|&k| self.plain_run(i, k)).map(|k| {
                let line = |c: &Command| {
                    c.words
                        .iter()
                        .map(|w| w.text.as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                let runner = if by_flag { name.clone() } else { line(cmd) };
                format!("{} | {}", line(&self.script.commands[k]), runner)
            });
            if t & vocab::FETCHED != 0 {
                out.push(Effect {
                    kind: EffectKind::RunFetched,
                    at: at.clone(),
                    source: source_of(first, self.script),
                    what: name.clone(),
                    plain: plain.clone(),
                });
            } else if t & vocab::DECODED != 0 {
                out.push(Effect {
                    kind: EffectKind::RunDecoded,
                    at: at.clone(),
                    source: source_of(first, self.script),
                    what: name.clone(),
                    plain: plain.clone(),
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
            out.push(Effect::step(
                EffectKind::RunFetched,
                at.clone(),
                name.clone(),
            ));
        }
        // Code given to an interpreter on its command line, read in its own language.
        let piped_in = input
            | (vocab::CREDENTIAL_FILE
                * Taint::from(cmd.redirects.iter().any(|r| {
                    r.op == RedirectOp::Read && vocab::is_credential_path(&r.target.text)
                })));
        let stdin = (cmd.stdin_text.as_deref(), piped_in);
        for e in interpreter_code(&name, args, &at, stdin, self.nested) {
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
                    plain: None,
                });
            }
        }
        if let Some(what) = steps::staged_secret(self.script, &self.files, i, &name, args) {
            out.push(Effect {
                kind: EffectKind::Exfiltrate {
                    taint: vocab::CREDENTIAL_FILE,
                },
                at: at.clone(),
                source: None,
                what,
                plain: None,
            });
        }
        if let Some(what) = steps::mines(&name, args) {
            out.push(Effect::step(EffectKind::Mine, at.clone(), what));
        }
        // Persistence: a file written, a table installed, an agent loaded.
        // `crontab FILE` where FILE is what `crontab -l` saved earlier restores the table.
        let restored = name == "crontab"
            && args.len() == 1
            && self.script.commands[..i].iter().any(|c| {
                c.name() == "crontab"
                    && c.words.iter().any(|w| w.text == "-l")
                    && c.redirects.iter().any(|r| r.target.text == args[0])
            });
        for (how, target) in persisted(cmd, &name, args)
            .into_iter()
            .filter(|_| !restored)
        {
            let active = self.persists_active(cmd, i);
            // Hooks moved to a folder are persistence only when what is there runs code.
            if !active && target == commands::HOOKS_PATH {
                continue;
            }
            out.push(Effect::step(
                EffectKind::Persist { how, active },
                at.clone(),
                target,
            ));
        }
        if let Some(what) =
            weakens(&name, args).or_else(|| steps::config_weakened(self.script, cmd, &name, args))
        {
            out.push(Effect::step(EffectKind::Weaken, at.clone(), what));
        }
        if let Some(what) = host_access(&name, args) {
            out.push(Effect::step(EffectKind::HostAccess, at.clone(), what));
        }
        if let Some(what) = insecure_index(&name, args) {
            out.push(Effect::step(EffectKind::InsecureIndex, at.clone(), what));
        }
        if let Some(what) = destroys(&name, args, cmd)
            .or_else(|| self.branches_deleted(cmd, &name, args))
            .or_else(|| {
                steps::deletes_under_variable(&name, args)
                    .filter(|(var, _)| {
                        !self.vars.contains_key(var.as_str()) && !steps::stops_on_unset(self.script)
                    })
                    .map(|(_, what)| what)
            })
        {
            out.push(Effect {
                kind: EffectKind::Destroy,
                at,
                source: None,
                what,
                plain: None,
            });
        }
    }

    /// Whether command `i` runs what command `k` produced plainly: `k` feeds it directly (a
    /// pipe or a substitution in its words), neither has a rewritten word, and neither sits in
    /// text run through `eval` or `sh -c`.
    fn plain_run(&self, i: usize, k: usize) -> bool {
        let (cmd, src) = (&self.script.commands[i], &self.script.commands[k]);
        let direct = cmd.stdin == [k] || cmd.words.iter().any(|w| w.subs.first() == Some(&k));
        // A here-document's payload spans lines the pattern rules do not read together.
        let heredoc = src
            .stdin_text
            .as_ref()
            .is_some_and(|t| t.trim_end().contains('\n'))
            || src.stdin.iter().any(|&j| {
                self.script.commands[j]
                    .stdin_text
                    .as_ref()
                    .is_some_and(|t| t.trim_end().contains('\n'))
            });
        direct
            && !heredoc
            && cmd.within.is_none()
            && (src.within.is_none() || src.within == Some(i))
            && !cmd.words.iter().chain(&src.words).any(|w| w.rewritten)
    }

    /// A `git push --delete` (or `git push REMOTE :BRANCH`) of the branches a listing of the
    /// remote's branches gives (`git branch -r | … | xargs -n1 git push origin --delete`, a
    /// loop over `$(git for-each-ref refs/remotes)`, `git ls-remote --heads`): every remote
    /// branch deleted at once. A listing of merged branches only (`--merged`) loses no work
    /// and is not one.
    fn branches_deleted(&self, cmd: &Command, name: &str, args: &[&str]) -> Option<String> {
        let deletes = name == "git"
            && args.first() == Some(&"push")
            && args
                .iter()
                .any(|a| matches!(*a, "--delete" | "-d") || a.starts_with(':') && a.len() > 1);
        if !deletes {
            return None;
        }
        // The commands whose output reaches the push: piped in (through `grep`, `sed`,
        // `xargs`), substituted in its words, or in the values of the variables it expands.
        let mut feeding: Vec<usize> = cmd.stdin.clone();
        for w in &cmd.words {
            feeding.extend(&w.subs);
            for v in &w.vars {
                for value in self.vars.get(v.as_str()).into_iter().flatten() {
                    feeding.extend(&value.subs);
                }
            }
        }
        let mut seen = vec![false; self.script.commands.len()];
        while let Some(k) = feeding.pop() {
            if std::mem::replace(&mut seen[k], true) {
                continue;
            }
            let c = &self.script.commands[k];
            let w: Vec<&str> = c.words.iter().map(|w| w.text.as_str()).collect();
            let merged = w.iter().any(|a| a.starts_with("--merged"));
            let lists = match w.as_slice() {
                ["git", "branch", rest @ ..] => rest
                    .iter()
                    .any(|a| matches!(*a, "-r" | "-a" | "--remotes" | "--all")),
                ["git", "for-each-ref", rest @ ..] => {
                    rest.iter().any(|a| a.starts_with("refs/remotes"))
                }
                ["git", "ls-remote", ..] => true,
                _ => false,
            };
            if lists && !merged {
                return Some("git push --delete of every remote branch listed".to_string());
            }
            feeding.extend(&c.stdin);
            for w in &c.words {
                feeding.extend(&w.subs);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests;

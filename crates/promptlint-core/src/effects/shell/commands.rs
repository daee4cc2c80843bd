//! What single shell commands do, by their words: wrappers unwrapped, downloads, decoders,
//! code given on an interpreter's command line, files written where they persist, home or
//! cloud resources destroyed. Tables of programs, with [`super::super::vocab`]'s sources.

use super::super::model::{Effect, EffectKind, Nested};
use super::super::vocab::{self, Persistence};
use crate::program::shell::{Command, RedirectOp, Script, Word};

/// A command's words without the wrappers that only run the rest (`sudo`, `env VAR=x`,
/// `nohup`, `timeout 5`, `xargs -I{}`, `command`, `exec`, `busybox`).
pub(crate) fn unwrapped(words: &[String]) -> &[String] {
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
pub(crate) fn active_text(text: &str) -> bool {
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
        // PowerShell started in a hidden window with the execution policy bypassed: what
        // droppers register, never what a user's own start-up task needs to hide.
        "-w hidden",
        "-windowstyle hidden",
        "-ep bypass",
        "-executionpolicy bypass",
    ]
    .iter()
    .any(|p| l.contains(p))
}

/// The persistence and destruction effects of one command given as words (a PowerShell or
/// cmd command read by the script walker), placed at `at`.
/// `assigned` says whether the program sets an environment variable itself.
pub(crate) fn command_effects(
    words: Vec<String>,
    at: std::ops::Range<usize>,
    assigned: &dyn Fn(&str) -> bool,
) -> Vec<Effect> {
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
        out.push(Effect::step(
            EffectKind::Persist { how, active },
            at.clone(),
            what,
        ));
    }
    if let Some(what) = super::system::weakens(&name, &args) {
        out.push(Effect::step(EffectKind::Weaken, at.clone(), what));
    }
    if let Some(what) = destroys(&name, &args, &cmd).or_else(|| {
        super::steps::deletes_under_variable(&name, &args)
            .filter(|(var, _)| !assigned(var))
            .map(|(_, what)| what)
    }) {
        out.push(Effect {
            kind: EffectKind::Destroy,
            at,
            source: None,
            what,
            plain: None,
        });
    }
    out
}

/// The effects of code given on an interpreter's command line (`python3 -c CODE`, `node -e
/// CODE`, `pwsh -Command CODE`, `powershell -EncodedCommand BASE64`), read in its language;
/// an encoded command is also code run from decoded text. `stdin` is the here-document and
/// the taint of what is piped in: code that sends its standard input over the network
/// ([`vocab::STDIN`]) sends that.
pub(crate) fn interpreter_code(
    name: &str,
    args: &[&str],
    at: &std::ops::Range<usize>,
    stdin: (Option<&str>, vocab::Taint),
    nested: Nested<'_>,
) -> Vec<Effect> {
    let mut out = code_effects(name, args, at, stdin.0, nested);
    let secret = stdin.1 & vocab::STRONG_SECRET;
    out.retain_mut(|e| match &mut e.kind {
        EffectKind::Exfiltrate { taint } if *taint & vocab::STDIN != 0 => {
            *taint = (*taint & !vocab::STDIN) | secret;
            *taint != 0
        }
        _ => true,
    });
    if secret != 0
        && let Some(what) = super::steps::unparsed_sends_stdin(name, args)
    {
        out.push(Effect::step(
            EffectKind::Exfiltrate { taint: secret },
            at.clone(),
            what,
        ));
    }
    out
}

fn code_effects(
    name: &str,
    args: &[&str],
    at: &std::ops::Range<usize>,
    stdin: Option<&str>,
    nested: Nested<'_>,
) -> Vec<Effect> {
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
            out.push(Effect::step(
                EffectKind::RunDecoded,
                at.clone(),
                name.to_string(),
            ));
            match utf16le_base64(code) {
                Some(t) => t,
                None => continue,
            }
        } else if flag(a) && *code != "-" {
            (*code).to_string()
        } else {
            continue;
        };
        for mut e in nested(lang, &text) {
            e.at = at.clone();
            e.source = None;
            out.push(e);
        }
        return out;
    }
    // A program read from standard input (`python3 - <<'EOF'`, `node <<EOF`, `pwsh -Command -`):
    // no script file among the arguments, so the here-document or here-string is the code.
    let script_file = args
        .iter()
        .any(|a| !a.starts_with('-') && !a.eq_ignore_ascii_case("-command"));
    if let (Some(text), false) = (stdin, script_file) {
        for mut e in nested(lang, text) {
            e.at = at.clone();
            e.source = None;
            out.push(e);
        }
    }
    out
}

/// A PowerShell `-EncodedCommand` argument: base64 of UTF-16LE text.
pub(crate) fn utf16le_base64(s: &str) -> Option<String> {
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

/// Whether every secret variable a command expands is named after the host it goes to
/// (`$TELEGRAM_BOT_TOKEN` in a URL of api.telegram.org).
pub(crate) fn own_vendor(words: &[Word], url: &str) -> bool {
    let Some(host) = vocab::host_of(url) else {
        return false;
    };
    let vars: Vec<&String> = words
        .iter()
        .flat_map(|w| &w.vars)
        .filter(|v| vocab::is_secret_name(v))
        .collect();
    !vars.is_empty() && vars.iter().all(|v| vocab::vendor_matches(v, host))
}

/// How many vendors' secrets a command sends to `url`'s host when the host is none of
/// theirs: the secret variables its words expand, grouped by the first part of their name
/// (`OPENAI_API_KEY` and `ANTHROPIC_API_KEY` are two, `AWS_ACCESS_KEY_ID` and
/// `AWS_SECRET_ACCESS_KEY` one), and each vendor CLI's token a substitution prints (`$(gh auth
/// token)`). One vendor's key sent somewhere can be how a service is used; keys of several
/// vendors sent to one host that is none of them are collected.
pub(crate) fn foreign_vendors(script: &Script, words: &[Word], url: &str) -> usize {
    let host = vocab::host_of(url).unwrap_or("");
    let mut vendors: Vec<String> = words
        .iter()
        .flat_map(|w| &w.vars)
        .filter(|v| vocab::is_secret_name(v) && !vocab::vendor_matches(v, host))
        .map(|v| {
            let v = v.trim_start_matches('_').to_ascii_uppercase();
            v.split('_').next().unwrap_or("").to_string()
        })
        .collect();
    for w in words {
        for &k in &w.subs {
            let Some(c) = script.commands.get(k) else {
                continue;
            };
            let all: Vec<&str> = c.words.iter().map(|w| w.text.as_str()).collect();
            if vocab::prints_cli_token(&all) {
                vendors.push(format!("cli:{}", c.name()));
            }
        }
    }
    vendors.sort();
    vendors.dedup();
    vendors.len()
}

/// Whether `name ARGS` fetches from the network to its standard output.
pub(crate) fn fetches(name: &str, args: &[&str]) -> bool {
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
pub(crate) fn decodes(name: &str, args: &[&str]) -> bool {
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
pub(crate) fn runs_stdin(name: &str, args: &[&str]) -> bool {
    match name {
        "eval" | "iex" | "invoke-expression" | "source" | "." => true,
        _ => {
            args.iter().all(|a| a.starts_with('-'))
                || args.contains(&"-")
                || args.contains(&"/dev/stdin")
        }
    }
}

/// What a `git config core.hooksPath FOLDER` persists: git runs the hooks of FOLDER
/// (<https://git-scm.com/docs/git-config#Documentation/git-config.txt-corehooksPath>); the
/// caller keeps it only when a hook written there runs code ([`active_text`]).
pub(crate) const HOOKS_PATH: &str = "git config core.hookspath";

/// What `cmd` persists: files it writes (redirections, `tee`, `cp`, `mv`, `install`, `ln`),
/// a cron table it installs, a launch agent or unit it loads, a Windows Run key or task.
pub(crate) fn persisted(cmd: &Command, name: &str, args: &[&str]) -> Vec<(Persistence, String)> {
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
        // A command git runs on its own, set in the repository's config: `core.fsmonitor` set
        // to a path runs it as the fsmonitor hook on every status, diff and add, and
        // `core.sshCommand` on every fetch and push (https://git-scm.com/docs/git-config).
        // `core.fsmonitor true` is git's built-in daemon, not a command.
        "git" if args.first() == Some(&"config") => {
            let rest: Vec<&str> = args[1..]
                .iter()
                .copied()
                .filter(|a| !a.starts_with('-'))
                .collect();
            if let [key, value, ..] = rest.as_slice() {
                let key = key.to_ascii_lowercase();
                let builtin = matches!(value.to_ascii_lowercase().as_str(), "true" | "false");
                if key == "core.fsmonitor" && !builtin || key == "core.sshcommand" {
                    out.push((Persistence::GitHook, format!("git config {key}")));
                }
                if key == "core.hookspath" {
                    out.push((Persistence::GitHook, HOOKS_PATH.to_string()));
                }
            }
        }
        _ => {}
    }
    out.dedup();
    out
}

/// What `cmd` destroys, if it deletes home, the root folder, a disk or cloud resources.
pub(crate) fn destroys(name: &str, args: &[&str], cmd: &Command) -> Option<String> {
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
                | "$env:USERPROFILE\\*"
                | "$env:USERPROFILE/*"
                | "$HOME\\*"
                | "~\\*"
        ) || a == "/."
            || a == "/*/"
    };
    // Private keys shredded (`shred -u ~/.ssh/*`): no copy comes back.
    if matches!(name, "shred" | "srm" | "wipe")
        && args
            .iter()
            .any(|a| !a.starts_with('-') && (vocab::is_credential_path(a) || home_or_root(a)))
    {
        return Some(format!("{name} {}", args.join(" ")));
    }
    // Windows restore points deleted, as ransomware does before encrypting
    // (<https://attack.mitre.org/techniques/T1490/>).
    let lower: Vec<String> = args.iter().map(|a| a.to_ascii_lowercase()).collect();
    let has = |w: &str| lower.iter().any(|a| a == w);
    if name == "vssadmin" && has("delete") && has("shadows")
        || name == "wmic" && has("shadowcopy") && has("delete")
        || name == "wbadmin" && has("delete") && (has("catalog") || has("systemstatebackup"))
    {
        return Some(format!("{name} {}", args.join(" ")));
    }
    match name {
        "rm" => {
            let recursive = super::steps::recursive_delete(name, args);
            let targets: Vec<&&str> = args.iter().filter(|a| !a.starts_with('-')).collect();
            if recursive && targets.iter().any(|a| home_or_root(a) || **a == "/") {
                return Some(format!(
                    "rm {}",
                    targets.iter().map(|a| **a).collect::<Vec<_>>().join(" ")
                ));
            }
        }
        "remove-item" | "ri" | "rd" | "rmdir" | "del" => {
            let recursive = super::steps::recursive_delete(name, args);
            if recursive
                && args
                    .iter()
                    .any(|a| home_or_root(a) || a.eq_ignore_ascii_case("c:\\"))
            {
                return Some(name.to_string());
            }
        }
        "find" if args.first().is_some_and(|a| home_or_root(a) || *a == "/") => {
            if let Some(what) = super::steps::find_deletes(args) {
                return Some(what);
            }
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
            if s.starts_with("rds delete-db-") && s.contains("--skip-final-snapshot")
                || s.starts_with("dynamodb delete-table")
                || s.starts_with("s3api delete-bucket")
            {
                return Some(format!(
                    "aws {}",
                    args.iter().take(2).copied().collect::<Vec<_>>().join(" ")
                ));
            }
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
        "pulumi"
            if args.first() == Some(&"destroy")
                && args
                    .iter()
                    .any(|a| matches!(*a, "--yes" | "-y" | "--skip-preview" | "-f")) =>
        {
            return Some("pulumi destroy --yes".to_string());
        }
        "git"
            if args.first() == Some(&"push")
                && (args.contains(&"--delete") || args.iter().any(|a| a.starts_with(':')))
                && args.iter().any(|a| {
                    matches!(
                        a.trim_start_matches(':'),
                        "main" | "master" | "production" | "prod"
                    )
                }) =>
        {
            return Some("git push --delete of the main branch".to_string());
        }
        "gh" if args.starts_with(&["repo", "delete"]) && args.contains(&"--yes") => {
            return Some("gh repo delete".to_string());
        }
        _ => {}
    }
    database_wiped(name, args, cmd)
}

/// Identifiers that name a throwaway database (`app_test`, `$TEST_DATABASE_URL`, `dev`).
fn throwaway(text: &str) -> bool {
    let l = text.to_ascii_lowercase();
    l.contains("localhost")
        || l.contains("127.0.0.1")
        || l.contains("[::1]")
        || l.split(|c: char| !c.is_ascii_alphanumeric()).any(|t| {
            matches!(
                t,
                "test"
                    | "tests"
                    | "testing"
                    | "tmp"
                    | "temp"
                    | "scratch"
                    | "dev"
                    | "local"
                    | "sandbox"
                    | "ci"
                    | "e2e"
                    | "fixture"
                    | "fixtures"
            )
        })
}

/// The statements of `sql` that destroy a database's data whole: `DROP DATABASE`, `DROP
/// SCHEMA`, `DROP OWNED`, `TRUNCATE`, `DELETE FROM` without `WHERE`, MongoDB's
/// `dropDatabase()`, Redis's `FLUSHALL`/`FLUSHDB`. A statement naming a throwaway database
/// (`DROP DATABASE IF EXISTS app_test`) is not one.
fn destructive_statement(sql: &str) -> Option<String> {
    if sql.to_ascii_lowercase().contains("dropdatabase(") {
        return Some("dropDatabase()".to_string());
    }
    for written in sql.split(';') {
        let stmt = written.to_ascii_lowercase();
        let words: Vec<&str> = stmt.split_whitespace().collect();
        let head = |n: usize| {
            written
                .split_whitespace()
                .take(n)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let hit = match words.as_slice() {
            ["drop", "database" | "schema" | "owned", ..] | ["flushall" | "flushdb", ..] => true,
            ["truncate", ..] => true,
            ["delete", "from", _, rest @ ..] => !rest.contains(&"where"),
            _ => false,
        };
        if hit && !throwaway(&stmt) {
            return Some(head(if words[0] == "delete" { 3 } else { 4 }));
        }
    }
    None
}

/// A database client (`psql`, `mysql`, `mariadb`, `cockroach sql`, `clickhouse-client`,
/// `mongosh`, `redis-cli`) given a statement that destroys a database's data whole
/// ([`destructive_statement`]), against a server named by a variable, a URL or a host
/// (`psql "$DATABASE_URL" -c 'DROP SCHEMA public CASCADE'`), not a local or test one: a
/// client without a server named talks to the local socket, a developer's own database.
fn database_wiped(name: &str, args: &[&str], cmd: &Command) -> Option<String> {
    let name = name.trim_end_matches(".exe");
    let client = matches!(
        name,
        "psql" | "mysql" | "mariadb" | "clickhouse-client" | "mongosh" | "mongo" | "redis-cli"
    ) || name == "cockroach" && args.first() == Some(&"sql");
    if !client {
        return None;
    }
    // The statements: a `-c`/`-e`/`--eval`/`--query` value, a here-document, Redis's words.
    let mut sql: Vec<&str> = Vec::new();
    let mut rest: Vec<&str> = Vec::new();
    let mut k = 0;
    while k < args.len() {
        let a = args[k];
        let short = a.starts_with('-') && !a.starts_with("--") && a.len() <= 5;
        let takes_sql = match name {
            "psql" => a == "--command" || short && a.ends_with('c'),
            "mysql" | "mariadb" | "cockroach" => {
                a == "--execute"
                    || short && a.ends_with('e') && !a[1..].starts_with(['p', 'u', 'h', 'D', 'P'])
            }
            "clickhouse-client" => matches!(a, "-q" | "--query"),
            "mongosh" | "mongo" => a == "--eval",
            _ => false,
        };
        if takes_sql && k + 1 < args.len() {
            sql.push(args[k + 1]);
            k += 2;
            continue;
        }
        if let Some((_, v)) = a
            .split_once('=')
            .filter(|(f, _)| matches!(*f, "--command" | "--execute" | "--query" | "--eval"))
        {
            sql.push(v);
        } else if name == "redis-cli"
            && matches!(a.to_ascii_lowercase().as_str(), "flushall" | "flushdb")
        {
            sql.push(a);
        } else {
            rest.push(a);
        }
        k += 1;
    }
    let stdin = cmd.stdin_text.as_deref().unwrap_or("");
    sql.push(stdin);
    let statement = sql.iter().find_map(|s| destructive_statement(s))?;
    // The server: a variable, a URL or a host named; never a local or test one. A user or
    // password given by a variable names no server.
    let target = rest.join(" ");
    let env: Vec<&str> = cmd.env.iter().map(|(n, _)| n.as_str()).collect();
    let credential_value = |k: usize| {
        k > 0
            && matches!(
                rest[k - 1],
                "-U" | "-u" | "--username" | "--user" | "-p" | "--password" | "-a" | "--pass"
            )
    };
    let named = rest.iter().enumerate().any(|(k, a)| {
        !credential_value(k) && a.contains('$') || a.contains("://") || a.contains("host=")
    }) || rest
        .windows(2)
        .any(|w| matches!(w[0], "-h" | "--host" | "--uri"))
        || rest.iter().any(|a| a.starts_with("--host="))
        || env
            .iter()
            .any(|n| matches!(*n, "PGHOST" | "DATABASE_URL" | "MYSQL_HOST"));
    if !named || throwaway(&target) {
        return None;
    }
    let what = format!("{name} {statement}");
    Some(what.chars().take(60).collect())
}

/// Whether a network client's request goes to the metadata service: a URL whose host is it
/// (a metadata URL passed as a parameter to another host, as SSRF tests do, is not a read by
/// this machine).
pub(crate) fn fetches_metadata(name: &str, words: &[Word]) -> bool {
    (vocab::is_network_command(name) || matches!(name, "http" | "https"))
        && words.iter().skip(1).any(|w| {
            let t = w.text.to_ascii_lowercase();
            match vocab::host_of(&t) {
                Some(h) => vocab::is_metadata_host(h),
                None => {
                    t.starts_with("169.254.169.254") || t.starts_with("metadata.google.internal")
                }
            }
        })
}

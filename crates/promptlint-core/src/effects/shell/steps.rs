//! Single steps read off a command's words for the flow in [`super`]: the variables a `read`
//! sets from its input, copies to another host, a cryptocurrency miner started, the lines a
//! command writes into the SSH daemon's or sudo's configuration, a credential staged into git.
//! Tables of programs and flags; the caller applies them.

use std::collections::HashMap;

use super::super::vocab::{self, Taint};
use crate::program::shell::{Command, RedirectOp, Script};

/// The variables a `read`, `mapfile` or `readarray` command sets, and whether `read` was
/// silent (`-s`: a password prompt): the words after its options, an option that takes a
/// value (`-p PROMPT`, `-d`, `-n`, `-t`, ...) skipping it. `mapfile` without a name sets
/// `MAPFILE` (<https://www.gnu.org/software/bash/manual/html_node/Bash-Builtins.html>).
pub(super) fn read_targets(cmd: &Command) -> Option<(bool, Vec<&str>)> {
    let name = cmd.name();
    let array = matches!(name, "mapfile" | "readarray");
    if name != "read" && !array {
        return None;
    }
    let mut silent = false;
    let mut names = Vec::new();
    let mut skip = false;
    for w in cmd.words.iter().skip(1) {
        let t = w.text.as_str();
        if skip {
            skip = false;
            continue;
        }
        if let Some(opts) = t.strip_prefix('-').filter(|o| !o.is_empty()) {
            silent |= !array && opts.contains('s');
            let valued: &[char] = if array {
                &['d', 'n', 'O', 's', 'u', 'C', 'c']
            } else {
                &['a', 'd', 'i', 'n', 'N', 'p', 't', 'u']
            };
            skip = opts.ends_with(valued);
            continue;
        }
        names.push(t);
    }
    if array && names.is_empty() {
        names.push("MAPFILE");
    }
    Some((silent, names))
}

/// Whether the command reads something: a pipe into it or a `<` redirection.
pub(super) fn has_input(cmd: &Command) -> bool {
    !cmd.stdin.is_empty()
        || cmd.stdin_text.is_some()
        || cmd.redirects.iter().any(|r| r.op == RedirectOp::Read)
}

/// Whether an argument of `rsync`, `scp` or `sftp` names another host: `host:path`,
/// `user@host:path`, `rsync://` or `scp://`. A local path (`/mnt/backup`, `./out`, `C:\x`)
/// does not, so a local copy sends nothing out.
pub(super) fn names_remote(args: &[&str]) -> bool {
    args.iter().any(|a| {
        if a.starts_with('-') {
            return false;
        }
        if a.contains("://") {
            return a.starts_with("rsync://")
                || a.starts_with("scp://")
                || a.starts_with("sftp://");
        }
        match a.find(':') {
            Some(c) => {
                let host = &a[..c];
                // A host held in a variable (`"$HOST:/srv"`, `${DEST}:`) is some other machine
                // as far as the text shows.
                let variable = host.len() > 1 && host.starts_with('$') && !host.contains('/');
                variable
                    || host.len() > 1
                        && !host.contains('/')
                        && !host.starts_with(['.', '~', '$'])
                        && host.chars().all(|ch| {
                            ch.is_ascii_alphanumeric() || matches!(ch, '.' | '-' | '_' | '@')
                        })
            }
            None => false,
        }
    })
}

/// Whether `name ARGS` copies files to a storage service or another machine, beyond the
/// network clients of [`crate::effects::vocab::is_network_command`]: `rclone copy|sync|move`
/// to a configured remote (`remote:path`,
/// <https://rclone.org/docs/#syntax-of-remote-paths>), `wormhole send`, `croc send`.
pub(super) fn copies_out(name: &str, args: &[&str]) -> bool {
    match name {
        "rclone" => {
            args.first()
                .is_some_and(|a| matches!(*a, "copy" | "sync" | "move" | "copyto" | "moveto"))
                && names_remote(&args[1..])
        }
        "wormhole" | "croc" => args.contains(&"send"),
        _ => false,
    }
}

/// Schemes of the Stratum mining protocol that pool URLs use (`stratum+tcp://`,
/// `stratum+ssl://`, `stratum+tls://`, `stratum2+tcp://`), as in XMRig's documented pool
/// URLs (<https://xmrig.com/docs/miner/command-line-options>).
fn stratum(a: &str) -> bool {
    let l = a.to_ascii_lowercase();
    l.contains("stratum+") || l.contains("stratum2+") || l.starts_with("stratum://")
}

/// Programs that search, print or filter text, or write firewall rules: a pool URL among their
/// arguments is a pattern or a rule, not a pool they mine on.
const TEXT_TOOLS: &[&str] = &[
    "grep",
    "egrep",
    "fgrep",
    "rg",
    "ag",
    "ack",
    "echo",
    "printf",
    "sed",
    "awk",
    "cat",
    "jq",
    "iptables",
    "ip6tables",
    "nft",
    "ufw",
];

/// Mining programs by name (XMRig, cpuminer, lolMiner, T-Rex, ...): started with a pool
/// (`-o`) and a wallet (`-u`), each is a miner whatever its file is called otherwise.
const MINERS: &[&str] = &[
    "xmrig",
    "xmr-stak",
    "xmr-stak-rx",
    "cpuminer",
    "cpuminer-multi",
    "minerd",
    "ccminer",
    "lolminer",
    "t-rex",
    "nbminer",
    "gminer",
    "teamredminer",
    "srbminer-multi",
    "phoenixminer",
    "ethminer",
    "nanominer",
    "bzminer",
    "rigel",
];

/// Whether `a` names a proof-of-work algorithm that miners take with `-a`/`--algo`
/// (XMRig's `rx/0`, `cn/r`, `cn-heavy/…`, `argon2/…`, `ghostrider`, `kawpow`; GPU miners'
/// `ethash`, `etchash`, `autolykos2`; <https://xmrig.com/docs/algorithms>).
fn mining_algorithm(a: &str) -> bool {
    let l = a.to_ascii_lowercase();
    ["rx/", "cn/", "cn-", "argon2/", "randomx", "cryptonight"]
        .iter()
        .any(|p| l.starts_with(p))
        || matches!(
            l.as_str(),
            "ghostrider"
                | "kawpow"
                | "ethash"
                | "etchash"
                | "autolykos2"
                | "kheavyhash"
                | "octopus"
        )
}

/// What makes `name ARGS` a cryptocurrency miner: a pool URL of the Stratum protocol given as
/// its pool (not to a text tool or a firewall rule: [`TEXT_TOOLS`]), or a
/// pool (`-o`/`--url`) and a wallet (`-u`/`--user`) given to a known miner or with a mining
/// algorithm or a miner's own option (`--donate-level`, `--cpu-max-threads-hint`,
/// `--max-cpu-usage`, `--coin`; XMRig's options,
/// <https://xmrig.com/docs/miner/command-line-options>). Whoever started it earns from the
/// user's machine (<https://attack.mitre.org/techniques/T1496/>).
pub(super) fn mines(name: &str, args: &[&str]) -> Option<String> {
    // A pool URL given to a program as the pool to mine on (`-o`/`--url`/`--pool`, or to a
    // miner by name), not one a text tool searches for or a firewall rule names.
    let lower = name.trim_end_matches(".exe").to_ascii_lowercase();
    let pool_value = |k: usize, a: &str| {
        matches!(
            k.checked_sub(1).map(|p| args[p]),
            Some("-o" | "--url" | "--pool")
        ) || a.starts_with("--url=")
            || a.starts_with("--pool=")
            || MINERS.contains(&lower.as_str())
    };
    let pool = args
        .iter()
        .enumerate()
        .find(|(k, a)| stratum(a) && pool_value(*k, a))
        .map(|(_, a)| a);
    if !TEXT_TOOLS.contains(&lower.as_str())
        && let Some(url) = pool
    {
        let pool = url.split_once("://").map_or(*url, |(_, h)| h);
        return Some(format!(
            "a miner on the pool {}",
            pool.chars().take(60).collect::<String>()
        ));
    }
    let flag = |short: &str, long: &str| {
        args.iter().enumerate().any(|(k, a)| {
            (*a == short || *a == long) && args.get(k + 1).is_some_and(|v| !v.starts_with('-'))
                || a.starts_with(&format!("{long}="))
        })
    };
    let pool_and_wallet = flag("-o", "--url") && flag("-u", "--user");
    let name = name.trim_end_matches(".exe").to_ascii_lowercase();
    let miner_option = args.iter().enumerate().any(|(k, a)| {
        let own = [
            "--donate-level",
            "--cpu-max-threads-hint",
            "--max-cpu-usage",
            "--coin",
        ]
        .iter()
        .any(|o| a == o || a.starts_with(&format!("{o}=")));
        let algo = matches!(*a, "-a" | "--algo")
            && args.get(k + 1).is_some_and(|v| mining_algorithm(v))
            || a.strip_prefix("--algo=").is_some_and(mining_algorithm);
        own || algo
    });
    (pool_and_wallet && (MINERS.contains(&name.as_str()) || miner_option))
        .then(|| format!("{name}, a miner given a pool and a wallet"))
}

/// The text a `sed` script writes: its `s` commands' replacements (the pattern is what it
/// looks for, not what it writes) and the rest of the script as written.
fn sed_written(script: &str) -> String {
    let mut out = String::new();
    for part in script.split(';') {
        let p = part.trim_start();
        let mut chars = p.chars();
        if chars.next() == Some('s')
            && let Some(delim) = chars
                .next()
                .filter(|c| !c.is_alphanumeric() && !c.is_whitespace())
        {
            let mut fields = vec![String::new()];
            let mut escaped = false;
            for ch in chars {
                if escaped {
                    if let Some(f) = fields.last_mut() {
                        f.push(ch);
                    }
                    escaped = false;
                } else if ch == '\\' {
                    escaped = true;
                } else if ch == delim {
                    fields.push(String::new());
                } else {
                    if let Some(f) = fields.last_mut() {
                        f.push(ch);
                    }
                }
            }
            out.push_str(fields.get(1).map_or("", String::as_str));
        } else {
            out.push_str(p);
        }
        out.push('\n');
    }
    out
}

/// The protection a write of `text` to the file `target` takes off: a sudoers rule giving
/// passwordless sudo for every command (`NOPASSWD: ALL` in `/etc/sudoers` or
/// `/etc/sudoers.d/`), or the SSH daemon told to let root log in (`PermitRootLogin yes`) or
/// accept empty passwords (`PermitEmptyPasswords yes`) in `/etc/ssh/sshd_config` or a file
/// of `sshd_config.d` (<https://man.openbsd.org/sshd_config>). `sed` is `true` when `text`
/// is a sed script (only what it writes counts).
pub(super) fn weakening_write(target: &str, text: &str, sed: bool) -> Option<String> {
    let written = if sed {
        sed_written(text)
    } else {
        text.to_string()
    };
    let joined: String = written
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_uppercase();
    if target.starts_with("/etc/sudoers") && joined.contains("NOPASSWD:ALL") {
        return Some(format!("NOPASSWD: ALL written to {target}"));
    }
    if target.starts_with("/etc/ssh/sshd_config") {
        for key in ["PERMITROOTLOGINYES", "PERMITEMPTYPASSWORDSYES"] {
            if joined.contains(key) {
                let what = if key.starts_with("PERMITROOT") {
                    "PermitRootLogin yes"
                } else {
                    "PermitEmptyPasswords yes"
                };
                return Some(format!("{what} written to {target}"));
            }
        }
    }
    None
}

/// Whether `text`, given to `chpasswd` or `passwd root` on standard input, sets root's
/// password to a value written in the program (`root:Pa55`): whoever wrote it can log in as
/// root.
pub(super) fn root_password(name: &str, args: &[&str], text: &str) -> Option<String> {
    let literal = |t: &str| !t.trim().is_empty() && !t.contains('$');
    match name {
        "chpasswd" => text
            .lines()
            .flat_map(|l| l.split_whitespace())
            .any(|l| l.strip_prefix("root:").is_some_and(literal))
            .then(|| "root's password set to a value written in the program".to_string()),
        "passwd" if args.contains(&"root") && literal(text) => {
            Some("root's password set to a value written in the program".to_string())
        }
        _ => None,
    }
}

/// A protection the command's write takes off ([`weakening_write`]: passwordless
/// sudo for everything, root logins over SSH) from what it writes with `tee`, a
/// redirection or `sed -i`, its here-document or what is piped in; or root's password
/// set to a literal ([`root_password`]).
pub(super) fn config_weakened(
    script: &Script,
    cmd: &Command,
    name: &str,
    args: &[&str],
) -> Option<String> {
    let mut piped: Vec<&str> = Vec::new();
    if let Some(t) = &cmd.stdin_text {
        piped.push(t);
    }
    for &k in &cmd.stdin {
        piped.extend(
            script.commands[k]
                .words
                .iter()
                .skip(1)
                .map(|w| w.text.as_str()),
        );
    }
    if let Some(what) = root_password(name, args, &piped.join("\n")) {
        return Some(what);
    }
    let config = |t: &str| t.starts_with("/etc/sudoers") || t.starts_with("/etc/ssh/sshd_config");
    let sed = name == "sed"
        && args
            .iter()
            .any(|a| a.starts_with("-i") || *a == "--in-place");
    let target = args
        .iter()
        .copied()
        .filter(|_| name == "tee" || sed)
        .find(|a| config(a))
        .or_else(|| {
            cmd.redirects
                .iter()
                .find(|r| r.op != RedirectOp::Read && config(&r.target.text))
                .map(|r| r.target.text.as_str())
        })?;
    let mut text: Vec<&str> = cmd.words.iter().map(|w| w.text.as_str()).collect();
    if sed {
        // The script: an `-e` value or the first word that is not an option.
        let scripts: Vec<&str> = args
            .windows(2)
            .filter(|w| w[0] == "-e")
            .map(|w| w[1])
            .collect();
        text = if scripts.is_empty() {
            args.iter()
                .copied()
                .find(|a| !a.starts_with('-'))
                .into_iter()
                .collect()
        } else {
            scripts
        };
    }
    text.extend(piped);
    weakening_write(target, &text.join(" "), sed)
}

/// A credential file staged into the repository, to be committed and pushed with it:
/// `git add` of a file the program copied a secret into, or `git add -f` (past
/// `.gitignore`) of a credential file itself that a later command of the program commits
/// or pushes (alone, the line is as often a warning's example).
pub(super) fn staged_secret(
    script: &Script,
    files: &HashMap<&str, Taint>,
    i: usize,
    name: &str,
    args: &[&str],
) -> Option<String> {
    if name != "git" || args.first() != Some(&"add") {
        return None;
    }
    let committed = script.commands[i + 1..].iter().any(|c| {
        let w: Vec<&str> = c.words.iter().map(|w| w.text.as_str()).collect();
        matches!(w.as_slice(), ["git", "commit" | "push", ..])
    });
    let force = committed
        && args[1..].iter().any(|a| {
            *a == "--force" || a.starts_with('-') && !a.starts_with("--") && a.contains('f')
        });
    let file = args[1..].iter().filter(|a| !a.starts_with('-')).find(|a| {
        files
            .get(**a)
            .is_some_and(|t| t & vocab::STRONG_SECRET != 0)
            || force && vocab::is_credential_path(a)
    })?;
    Some(format!(
        "git add {file}, a credential committed to the repository"
    ))
}

/// What a `find` over home or the root folder deletes of everything it walks: `-delete`, or
/// `-exec`/`-execdir` of `rm -r`, `rm -f` or `shred`, unless a test that is not negated
/// narrows the walk to some files (`-name '*.tmp'`, `-mtime +30`, `-size`); a negated one
/// (`! -name .ssh`) spares only what it names.
pub(super) fn find_deletes(args: &[&str]) -> Option<String> {
    let narrowed = args.iter().enumerate().any(|(k, a)| {
        matches!(
            *a,
            "-name"
                | "-iname"
                | "-path"
                | "-ipath"
                | "-wholename"
                | "-regex"
                | "-iregex"
                | "-mtime"
                | "-mmin"
                | "-atime"
                | "-amin"
                | "-ctime"
                | "-newer"
                | "-size"
                | "-user"
                | "-group"
                | "-empty"
                | "-links"
                | "-perm"
        ) && !(k > 0 && matches!(args[k - 1], "!" | "-not"))
    });
    if narrowed {
        return None;
    }
    if args.contains(&"-delete") {
        return Some("find -delete".to_string());
    }
    let exec = args
        .iter()
        .position(|a| matches!(*a, "-exec" | "-execdir" | "-ok" | "-okdir"))?;
    let run: Vec<&str> = args[exec + 1..]
        .iter()
        .copied()
        .take_while(|a| !matches!(*a, ";" | "\\;" | "+"))
        .collect();
    let program = run.first()?.rsplit('/').next().unwrap_or("");
    let forced = run[1..].iter().any(|a| {
        a.starts_with('-')
            && !a.starts_with("--")
            && (a.contains('r') || a.contains('R') || a.contains('f'))
            || matches!(*a, "--recursive" | "--force")
    });
    (program == "rm" && forced || matches!(program, "shred" | "srm" | "wipe"))
        .then(|| format!("find -exec {} over every entry", run.join(" ")))
}

/// Perl, Ruby or PHP code on the command line (`perl -e`, `ruby -e`, `php -r`: no grammar
/// is read for them) that reads its standard input and makes a network call (Perl's
/// `LWP`, `HTTP::Tiny`, `IO::Socket`; Ruby's `Net::HTTP`, `open-uri`, `TCPSocket`; PHP's
/// `curl_exec`, `file_get_contents('http…')`, `fsockopen`): what is piped in is sent.
pub(super) fn unparsed_sends_stdin(name: &str, args: &[&str]) -> Option<String> {
    let flag = match name {
        "perl" | "ruby" => "-e",
        "php" => "-r",
        _ => return None,
    };
    let code = args.windows(2).find(|w| w[0] == flag)?[1].to_ascii_lowercase();
    let reads = [
        "stdin",
        "<>",
        "$<",
        "argf",
        "gets",
        "php://input",
        "php://stdin",
    ]
    .iter()
    .any(|r| code.contains(r));
    let sends = [
        "lwp::",
        "http::tiny",
        "io::socket",
        "net::http",
        "open-uri",
        "uri.open",
        "tcpsocket",
        "curl_exec",
        "fsockopen",
        "stream_context_create",
        "socket.",
    ]
    .iter()
    .any(|n| code.contains(n));
    (reads && sends).then(|| format!("{name} {flag}"))
}

/// Environment variables a shell or Windows session always sets: deleting their contents is
/// never the root's.
const ALWAYS_SET: &[&str] = &[
    "PWD",
    "OLDPWD",
    "HOME",
    "USER",
    "TEMP",
    "TMP",
    "LOCALAPPDATA",
    "APPDATA",
    "USERPROFILE",
    "PROGRAMDATA",
    "SYSTEMROOT",
    "WINDIR",
    "PUBLIC",
    "HOMEDRIVE",
    "HOMEPATH",
    "SYSTEMDRIVE",
];

/// Whether `name ARGS` deletes recursively: `rm` with `-r`/`-R` (alone or in a cluster such
/// as `-rf`) or `--recursive`; PowerShell's `Remove-Item` and cmd's `rd`/`rmdir`/`del` with
/// `-Recurse` or `/s`.
pub(super) fn recursive_delete(name: &str, args: &[&str]) -> bool {
    match name {
        "rm" => args.iter().any(|a| {
            a.starts_with('-') && !a.starts_with("--") && (a.contains('r') || a.contains('R'))
                || *a == "--recursive"
        }),
        "remove-item" | "ri" | "rd" | "rmdir" | "del" => args
            .iter()
            .any(|a| a.eq_ignore_ascii_case("-recurse") || a.eq_ignore_ascii_case("/s")),
        _ => false,
    }
}

/// A recursive delete of everything under an environment variable (`rm -rf "$CACHE_ROOT/"*`,
/// `Remove-Item -Recurse "$env:CACHE_ROOT\*"`): the variable and what it names. Unset, the
/// variable is empty and the glob is the root's or the drive's (the Steam launcher's
/// `rm -rf "$STEAMROOT/"*`: <https://github.com/ValveSoftware/steam-for-linux/issues/3671>).
/// Only an upper-case name counts in a shell (the environment's convention, not a loop's
/// variable), any name after PowerShell's `$env:`; a variable the program assigns, or a
/// shell run with `set -u`, is the caller's to set aside.
pub(crate) fn deletes_under_variable(name: &str, args: &[&str]) -> Option<(String, String)> {
    if !recursive_delete(name, args) {
        return None;
    }
    args.iter().find_map(|a| {
        let (windows, rest) = ["$env:", "$Env:", "$ENV:", "$"]
            .iter()
            .find_map(|p| a.strip_prefix(p).map(|r| (p.len() > 1, r)))?;
        let rest = rest
            .strip_suffix("/*")
            .or_else(|| rest.strip_suffix("\\*"))?;
        // `${NAME}` as `$NAME`; `${NAME:?}` and other expansions are no bare name.
        let var = rest
            .strip_prefix('{')
            .and_then(|r| r.strip_suffix('}'))
            .unwrap_or(rest);
        let environment = var
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_uppercase() || windows && b.is_ascii_alphabetic())
            && var.bytes().all(|b| {
                b.is_ascii_uppercase()
                    || b.is_ascii_digit()
                    || b == b'_'
                    || windows && b.is_ascii_alphabetic()
            });
        let always = ALWAYS_SET.iter().any(|s| s.eq_ignore_ascii_case(var));
        (environment && !always).then(|| (var.to_string(), format!("{name} {a}")))
    })
}

/// Whether the program stops on an unset variable (`set -u`, `set -eu`, `set -o nounset`).
pub(crate) fn stops_on_unset(script: &Script) -> bool {
    script.commands.iter().any(|c| {
        c.name() == "set"
            && c.words.iter().skip(1).any(|w| {
                let t = w.text.as_str();
                t == "nounset" || t.starts_with('-') && !t.starts_with("--") && t.contains('u')
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sed_writes_only_its_replacements() {
        assert!(
            weakening_write(
                "/etc/ssh/sshd_config",
                "s/^#\\?PermitRootLogin.*/PermitRootLogin yes/",
                true
            )
            .is_some()
        );
        assert!(
            weakening_write(
                "/etc/ssh/sshd_config",
                "s/^PermitRootLogin yes/PermitRootLogin no/",
                true
            )
            .is_none()
        );
        assert!(
            weakening_write(
                "/etc/ssh/sshd_config.d/50.conf",
                "PermitEmptyPasswords yes",
                false
            )
            .is_some()
        );
        assert!(weakening_write("/tmp/sshd_config", "PermitRootLogin yes", false).is_none());
    }

    #[test]
    fn miners_by_pool_url_or_pool_wallet_and_algorithm() {
        assert!(
            mines(
                "pb",
                &[
                    "--algo",
                    "rx/0",
                    "-o",
                    "stratum+tcp://pool.example:3333",
                    "-u",
                    "48W"
                ]
            )
            .is_some()
        );
        assert!(mines("x", &["-a", "rx/0", "-o", "pool.example:443", "-u", "48W"]).is_some());
        assert!(mines("xmrig", &["-o", "pool.example:443", "-u", "48W"]).is_some());
        assert!(mines("gcc", &["-o", "out", "-u", "main", "x.c"]).is_none());
        assert!(mines("docker", &["run", "-u", "1000", "-o", "x"]).is_none());
        assert!(mines("xmrig", &["--version"]).is_none());
    }

    #[test]
    fn remote_copy_needs_a_host() {
        assert!(names_remote(&["-az", "~/.ssh", "snap@h.example:/srv/"]));
        assert!(names_remote(&["~/.aws", "rsync://h.example/m"]));
        assert!(!names_remote(&["-a", "~/.ssh/", "/mnt/backup/"]));
        assert!(!names_remote(&["C:\\x", "./out"]));
        assert!(copies_out("rclone", &["copy", "~/.ssh", "gdrive:backup"]));
        assert!(!copies_out("rclone", &["copy", "~/.ssh", "/mnt/b"]));
    }

    #[test]
    fn root_passwords_written_in_the_program() {
        assert!(root_password("chpasswd", &[], "root:Tw-support-2026!").is_some());
        assert!(root_password("chpasswd", &[], "root:$PW").is_none());
        assert!(root_password("chpasswd", &[], "dev:dev").is_none());
    }
}

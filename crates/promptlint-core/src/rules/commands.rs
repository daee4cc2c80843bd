//! Shell commands in a text and what each does to a file, for PL313
//! ([`super::native::pl313_download_then_execute`]): the commands of a unit (a fenced block or
//! a script, line by line; the inline code spans of a paragraph or list), each with its words,
//! and the [`Step`] each takes (a download, a password-protected archive unpacked, a
//! quarantine attribute removed, Gatekeeper switched off, a checksum checked, a file run).

use std::ops::Range;

/// One command: its byte range in the segment text, which piece (line of a script, inline code
/// span of a paragraph) it came from, and its words, unquoted.
#[derive(Debug)]
pub(crate) struct Command {
    pub(crate) range: Range<usize>,
    pub(crate) piece: usize,
    pub(crate) words: Vec<String>,
}

/// The commands of one fenced block, script or paragraph, in order.
pub(crate) type Unit = Vec<Command>;

/// A script's commands: every line, split at `;`, `&&`, `||`, `|` and `&`, a line ending in
/// `\` joined to the next; each line its own piece.
pub(crate) fn script_unit(text: &str, range: Range<usize>) -> Unit {
    let mut out = Vec::new();
    split_commands(text, range, &mut 0, &mut out, true);
    out
}

/// Splits `text[range]` into commands, appending them to `out`; `piece` counts pieces (a new
/// one at each line break when `lines` is set, and one for the whole range otherwise).
fn split_commands(
    text: &str,
    range: Range<usize>,
    piece: &mut usize,
    out: &mut Vec<Command>,
    lines: bool,
) {
    let b = text.as_bytes();
    let mut start = range.start;
    let mut quote: Option<u8> = None;
    let mut i = range.start;
    let add = |range: Range<usize>, piece: usize, out: &mut Vec<Command>| {
        let words = words(&text[range.clone()]);
        if !words.is_empty() {
            out.push(Command {
                range,
                piece,
                words,
            });
        }
    };
    let push = |from: usize, to: usize, piece: usize, out: &mut Vec<Command>| {
        add(from..to, piece, out);
        // A command substitution runs too, wherever it sits (`echo "$(curl -o f URL)"`):
        // its inner command is one of the unit's commands.
        let mut at = from;
        while let Some(k) = text[at..to].find("$(") {
            let open = at + k + 2;
            let close = text[open..to].find(')').map_or(to, |e| open + e);
            add(open..close, piece, out);
            at = open;
        }
        // The text a shell runs (`bash -c 'curl -o f URL && sh f'`): its commands are the
        // unit's commands too, in the same piece.
        if let Some(inner) = shell_c_body(&text[from..to]) {
            let mut p = piece;
            split_commands(
                text,
                from + inner.start..from + inner.end,
                &mut p,
                out,
                false,
            );
        }
    };
    while i < range.end {
        let c = b[i];
        if let Some(q) = quote {
            if c == q {
                quote = None;
            } else if c == b'\n' {
                // An unclosed quote does not swallow the rest of the block.
                quote = None;
                push(start, i, *piece, out);
                *piece += usize::from(lines);
                start = i + 1;
            }
            i += 1;
            continue;
        }
        match c {
            b'\'' | b'"' => quote = Some(c),
            b'\\' if b.get(i + 1) == Some(&b'\n') => {
                i += 2;
                continue;
            }
            b'#' if i == start || b[i - 1] == b' ' || b[i - 1] == b'\t' => {
                // A comment: to the end of the line.
                push(start, i, *piece, out);
                let end = text[i..range.end].find('\n').map_or(range.end, |k| i + k);
                i = end;
                start = end;
                continue;
            }
            b'\n' => {
                push(start, i, *piece, out);
                *piece += usize::from(lines);
                start = i + 1;
            }
            b';' | b'|' | b'&' => {
                push(start, i, *piece, out);
                let two = b.get(i + 1) == Some(&c);
                // `2>&1` and `&>` are redirections, not separators.
                let redirect =
                    c == b'&' && (i > 0 && b[i - 1] == b'>' || b.get(i + 1) == Some(&b'>'));
                if redirect {
                    i += 1;
                    continue;
                }
                i += if two { 2 } else { 1 };
                start = i;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    push(start, range.end, *piece, out);
    if !lines {
        *piece += 1;
    }
}

/// The inside of the quoted script of `sh -c '...'` (also `bash`, `zsh`, `dash`, `ksh`, with
/// combined flags such as `-lc` or `-ec`) at the start of `cmd`, when it is quoted and closed.
fn shell_c_body(cmd: &str) -> Option<Range<usize>> {
    let lead = cmd.len() - cmd.trim_start().len();
    let mut rest = cmd[lead..].split_inclusive(char::is_whitespace);
    let shell = rest.next()?.trim_end();
    let name = shell.rsplit('/').next().unwrap_or(shell);
    if !matches!(name, "sh" | "bash" | "zsh" | "dash" | "ksh") {
        return None;
    }
    let mut at = lead + shell.len();
    let tail = &cmd[at..];
    let flag_at = tail.len() - tail.trim_start().len();
    let flag = tail[flag_at..].split_whitespace().next()?;
    if !(flag.starts_with('-')
        && !flag.starts_with("--")
        && flag.ends_with('c')
        && flag[1..].bytes().all(|b| b.is_ascii_lowercase()))
    {
        return None;
    }
    at += flag_at + flag.len();
    let tail = &cmd[at..];
    let open = at + (tail.len() - tail.trim_start().len());
    let q = *cmd.as_bytes().get(open)?;
    if q != b'\'' && q != b'"' {
        return None;
    }
    let close = cmd[open + 1..].find(q as char)? + open + 1;
    Some(open + 1..close)
}

/// The words of a command, unquoted, without a leading shell prompt (`$`,
/// `>`, `PS>`) and without a line-continuation backslash.
fn words(cmd: &str) -> Vec<String> {
    let mut w: Vec<String> = cmd
        .split_whitespace()
        .filter(|t| *t != "\\")
        .map(|t| {
            t.trim_matches(|c| matches!(c, '"' | '\'' | '`' | '(' | ')'))
                .to_owned()
        })
        .filter(|t| !t.is_empty())
        .collect();
    while w
        .first()
        .is_some_and(|f| matches!(f.as_str(), "$" | "%" | ">" | "PS>" | "ps>" | "#"))
    {
        w.remove(0);
    }
    w
}

/// A paragraph's commands: the inline code spans of each run of non-blank lines (a list
/// stays one unit across blank lines between its items), each span a piece.
pub(crate) fn paragraph_units(text: &str) -> Vec<Unit> {
    let mut units = Vec::new();
    let mut unit: Unit = Vec::new();
    let mut piece = 0usize;
    let mut pos = 0usize;
    let mut blank_before = false;
    for line in text.split_inclusive('\n') {
        let start = pos;
        pos += line.len();
        let body = line.trim();
        if body.is_empty() {
            blank_before = true;
            continue;
        }
        if blank_before && !is_list_item(body) && !unit.is_empty() {
            units.push(std::mem::take(&mut unit));
        }
        blank_before = false;
        // Inline code spans of the line: single backticks.
        let mut rest = start;
        while let Some(open) = text[rest..pos].find('`') {
            let o = rest + open;
            let ticks = text[o..pos].bytes().take_while(|&c| c == b'`').count();
            if ticks != 1 {
                rest = o + ticks;
                continue;
            }
            let Some(close) = text[o + 1..pos].find('`') else {
                break;
            };
            let c = o + 1 + close;
            split_commands(text, o + 1..c, &mut piece, &mut unit, false);
            rest = c + 1;
        }
    }
    if !unit.is_empty() {
        units.push(unit);
    }
    units
}

fn is_list_item(line: &str) -> bool {
    let t = line.trim_start();
    if t.starts_with("- ") || t.starts_with("* ") || t.starts_with("+ ") {
        return true;
    }
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && t[digits..].starts_with(['.', ')'])
}

/// What one command does in a flow.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// Downloads `url` into a file named `name`.
    Download { name: String, url: String },
    /// Unpacks the archive `name` with a password.
    Unlock { name: String },
    /// Removes the quarantine attribute of `name` (macOS).
    Unquarantine { name: String },
    /// Switches Gatekeeper off for the machine.
    GatekeeperOff,
    /// Checks a checksum or signature: of the files named, or (`sha256sum -c LIST`) of every
    /// file downloaded before it.
    Verify { names: Vec<String>, all: bool },
    /// Runs (or makes executable) the files named.
    Run { names: Vec<String> },
    /// None of these.
    Other,
}
/// Words that may stand before a command without changing what it runs.
const PREFIXES: &[&str] = &[
    "sudo", "exec", "nohup", "time", "command", "doas", "then", "do",
];

/// Interpreters that run the file named by their first operand.
const INTERPRETERS: &[&str] = &[
    "sh",
    "bash",
    "zsh",
    "dash",
    "ksh",
    "fish",
    "source",
    ".",
    "python",
    "python3",
    "python2",
    "perl",
    "ruby",
    "node",
    "php",
    "pwsh",
    "powershell",
    "powershell.exe",
    "pwsh.exe",
    "osascript",
];

/// What the command of `words` does. Command names and long options are compared without
/// case; short options keep it (`curl -o FILE` writes FILE, `curl -O` the URL's name).
pub(crate) fn step(words: &[String]) -> Step {
    let mut w = words;
    let mut after_sudo = false;
    while let Some(f) = w.first() {
        let lower = f.to_ascii_lowercase();
        if PREFIXES.contains(&lower.as_str()) {
            after_sudo = lower == "sudo" || lower == "doas";
            w = &w[1..];
        } else if lower == "env" || is_assignment(f) {
            w = &w[1..];
        } else if after_sudo && f.starts_with('-') {
            // `sudo -E`: flags of the prefix.
            w = &w[1..];
        } else {
            break;
        }
    }
    let Some(first) = w.first() else {
        return Step::Other;
    };
    let args = &w[1..];
    let cmd = basename(first).to_ascii_lowercase();
    let cmd = cmd.strip_suffix(".exe").unwrap_or(&cmd);
    match cmd {
        "curl" | "wget" | "aria2c" | "iwr" | "invoke-webrequest" => download(cmd, args),
        // Windows' own downloaders (LOLBAS, https://lolbas-project.github.io/):
        // `certutil -urlcache -f URL FILE`, `bitsadmin /transfer JOB URL FILE`,
        // `Start-BitsTransfer -Source URL -Destination FILE`.
        "certutil" | "bitsadmin" | "start-bitstransfer"
            if cmd != "certutil" || args.iter().any(|a| a.eq_ignore_ascii_case("-urlcache")) =>
        {
            let Some(url) = args.iter().find(|a| a.contains("://")) else {
                return Step::Other;
            };
            let Some(file) = args
                .iter()
                .rev()
                .find(|a| !a.starts_with(['-', '/']) && !a.contains("://"))
            else {
                return Step::Other;
            };
            Step::Download {
                name: name_of(file),
                url: url.clone(),
            }
        }
        "unzip" => unlock_unzip(args),
        "7z" | "7za" | "7zz" | "7zr" | "unrar" => unlock_7z(args),
        "xattr" => unquarantine(args),
        "sha256sum" | "sha512sum" | "sha384sum" | "shasum" | "b2sum" | "gpg" | "gpg2"
        | "cosign" | "minisign" | "slsa-verifier" | "get-filehash" | "certutil" => Step::Verify {
            names: args.iter().map(|a| name_of(a)).collect(),
            all: args
                .iter()
                .any(|a| a == "-c" || a == "--check" || a.eq_ignore_ascii_case("--verify")),
        },
        "spctl"
            if args
                .iter()
                .any(|a| a == "--master-disable" || a == "--global-disable") =>
        {
            Step::GatekeeperOff
        }
        "chmod" => {
            let Some(mode) = args.first() else {
                return Step::Other;
            };
            let octal = mode.len() >= 3
                && mode.bytes().all(|c| c.is_ascii_digit())
                && mode.bytes().any(|c| (c - b'0') % 2 == 1);
            if !(mode.contains('x') || octal) {
                return Step::Other;
            }
            Step::Run {
                names: args[1..]
                    .iter()
                    .filter(|a| !a.starts_with('-'))
                    .map(|a| name_of(a))
                    .collect(),
            }
        }
        c if INTERPRETERS.contains(&c) => interpreted(args),
        "open" | "start-process" | "start" | "msiexec" | "installer" | "hdiutil" => Step::Run {
            names: args
                .iter()
                .filter(|a| {
                    !a.starts_with('-') && !matches!(a.as_str(), "/i" | "/qn" | "/quiet" | "attach")
                })
                .map(|a| name_of(a))
                .collect(),
        },
        _ if first.contains('/') && !first.contains("://") && !first.starts_with('-') => {
            Step::Run {
                names: vec![name_of(first)],
            }
        }
        _ => Step::Other,
    }
}

/// An interpreter's first operand, the file it runs (`bash -x FILE`, `pwsh -ExecutionPolicy
/// Bypass -File FILE`); none for a command string (`-c`, `-Command`, `-m`, `-e`).
fn interpreted(args: &[String]) -> Step {
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let lower = a.to_ascii_lowercase();
        match lower.as_str() {
            "-c" | "-command" | "-m" | "-e" | "-encodedcommand" => return Step::Other,
            "-executionpolicy" | "-ep" => {
                it.next();
            }
            _ if a.starts_with('-') => {}
            _ => {
                return Step::Run {
                    names: vec![name_of(a)],
                };
            }
        }
    }
    Step::Other
}

fn is_assignment(w: &str) -> bool {
    w.split_once('=').is_some_and(|(k, _)| {
        !k.is_empty()
            && !k.starts_with('-')
            && k.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
    })
}

/// The file name of a path: after its last `/` or `\`.
fn basename(path: &str) -> &str {
    let p = path.trim_end_matches(['/', '\\']);
    p.rsplit(['/', '\\']).next().unwrap_or(p)
}

/// The name a flow links by: the file name, lower-cased.
fn name_of(path: &str) -> String {
    basename(path).to_ascii_lowercase()
}

/// The file name a URL is saved as without `-o`: its last path segment, without query.
fn url_name(url: &str) -> Option<String> {
    let after_scheme = url.split_once("://").map_or(url, |(_, r)| r);
    let path = after_scheme.split(['?', '#']).next().unwrap_or("");
    let (_, path) = path.split_once('/')?;
    let name = name_of(path);
    (!name.is_empty()).then_some(name)
}

/// A download: the file it writes and the URL. `curl` writes a file only with `-o FILE`,
/// `--output FILE`, `-O` / `--remote-name` (the URL's name) or a redirection; `wget` writes
/// the URL's name unless `-O FILE` says otherwise (`-O -` is standard output);
/// `Invoke-WebRequest` with `-OutFile FILE`.
fn download(cmd: &str, args: &[String]) -> Step {
    let Some(url) = args.iter().find(|a| a.contains("://")) else {
        return Step::Other;
    };
    let mut out: Option<String> = None;
    let mut remote_name = false;
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let next = args.get(i + 1).map(String::as_str);
        // A cluster of short flags (`-fsSLo`), its letters.
        let short = a.strip_prefix('-').filter(|f| {
            !f.starts_with('-') && !f.is_empty() && f.bytes().all(|c| c.is_ascii_alphabetic())
        });
        let mut takes_next = false;
        match cmd {
            "curl" => {
                if a == "--output" || short.is_some_and(|f| f.ends_with('o')) {
                    takes_next = true;
                } else if let Some(v) = a.strip_prefix("--output=") {
                    out = Some(v.to_owned());
                } else if a == "--remote-name" || short.is_some_and(|f| f.contains('O')) {
                    remote_name = true;
                }
            }
            "wget" => {
                if a == "--output-document" || short.is_some_and(|f| f.ends_with('O')) {
                    takes_next = true;
                } else if let Some(v) = a.strip_prefix("--output-document=") {
                    out = Some(v.to_owned());
                } else if let Some(v) = a.strip_prefix("-O").filter(|v| !v.is_empty()) {
                    out = Some(v.to_owned());
                }
            }
            "aria2c" => takes_next = a == "-o" || a == "--out",
            _ => takes_next = a.eq_ignore_ascii_case("-outfile"),
        }
        if a == ">" || a == ">>" {
            takes_next = true;
        } else if let Some(v) = a
            .strip_prefix('>')
            .map(|v| v.trim_start_matches('>'))
            .filter(|v| !v.is_empty() && !v.starts_with('&'))
        {
            out = Some(v.to_owned());
        }
        if takes_next {
            out = next.map(str::to_owned);
            i += 1;
        }
        i += 1;
    }
    let name = match out {
        Some(o) if matches!(o.as_str(), "-" | "/dev/null" | "/dev/stdout" | "nul") => {
            return Step::Other;
        }
        Some(o) => name_of(&o),
        None if remote_name || cmd == "wget" || cmd == "aria2c" => match url_name(url) {
            Some(n) => n,
            None => return Step::Other,
        },
        None => return Step::Other,
    };
    if name.is_empty() {
        return Step::Other;
    }
    Step::Download {
        name,
        url: url.clone(),
    }
}

/// `unzip -P PASS archive.zip` (`-p` in lower case pipes to standard output).
fn unlock_unzip(args: &[String]) -> Step {
    let mut password = false;
    let mut archive = None;
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if a == "-P" {
            password = true;
            i += 2;
            continue;
        }
        if a.starts_with("-P") {
            password = true;
        } else if archive.is_none() && !a.starts_with('-') {
            archive = Some(name_of(a));
        }
        i += 1;
    }
    match (password, archive) {
        (true, Some(name)) => Step::Unlock { name },
        _ => Step::Other,
    }
}

/// `7z x -pPASS archive.7z`, `unrar x -pPASS archive.rar`.
fn unlock_7z(args: &[String]) -> Step {
    let password = args.iter().any(|a| a.starts_with("-p") && a.len() > 2);
    let archive = args
        .iter()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .map(|a| name_of(a));
    match (password, archive) {
        (true, Some(name)) => Step::Unlock { name },
        _ => Step::Other,
    }
}

/// `xattr -d com.apple.quarantine PATH`, `xattr -cr PATH` (`-c` clears every attribute).
fn unquarantine(args: &[String]) -> Step {
    let flags: String = args
        .iter()
        .filter_map(|a| a.strip_prefix('-'))
        .filter(|f| !f.starts_with('-'))
        .collect();
    let quarantine = args
        .iter()
        .any(|a| a.eq_ignore_ascii_case("com.apple.quarantine"));
    if !(flags.contains('c') || flags.contains('d') && quarantine) {
        return Step::Other;
    }
    match args
        .iter()
        .rev()
        .find(|a| !a.starts_with('-') && !a.eq_ignore_ascii_case("com.apple.quarantine"))
    {
        Some(p) => Step::Unquarantine { name: name_of(p) },
        None => Step::Other,
    }
}

//! What the script walker knows of each grammar and of calls: the node kinds it treats
//! specially, and which callees send or fetch over the network, run code, or decode it.

use tree_sitter::Node;

use super::super::model::{Effect, EffectKind};
use crate::program::Language;

/// The node kinds of one grammar that the walk treats specially.
pub(super) struct Kinds {
    /// Calls: (kind, field of the callee).
    pub(super) calls: &'static [(&'static str, &'static str)],
    /// Assignments: (kind, field of the target, field of the value); `""` for "first/last
    /// named child".
    pub(super) assigns: &'static [(&'static str, &'static str, &'static str)],
    /// Variable reads.
    pub(super) names: &'static [&'static str],
    /// String literals.
    pub(super) strings: &'static [&'static str],
}

pub(super) const PYTHON: Kinds = Kinds {
    calls: &[("call", "function")],
    assigns: &[
        ("assignment", "left", "right"),
        ("augmented_assignment", "left", "right"),
        ("for_statement", "left", "right"),
        ("for_in_clause", "left", "right"),
        ("named_expression", "name", "value"),
        ("as_pattern", "alias", ""),
    ],
    names: &["identifier"],
    strings: &["string"],
};

pub(super) const JAVASCRIPT: Kinds = Kinds {
    calls: &[
        ("call_expression", "function"),
        ("new_expression", "constructor"),
    ],
    assigns: &[
        ("variable_declarator", "name", "value"),
        ("assignment_expression", "left", "right"),
        ("augmented_assignment_expression", "left", "right"),
        ("for_in_statement", "left", "right"),
    ],
    names: &["identifier", "shorthand_property_identifier"],
    strings: &["string", "template_string"],
};

pub(super) const POWERSHELL: Kinds = Kinds {
    calls: &[("command", "command_name"), ("invokation_expression", "")],
    assigns: &[("assignment_expression", "", "value")],
    names: &["variable"],
    strings: &["string_literal", "generic_token"],
};

pub(super) fn kinds(lang: Language) -> &'static Kinds {
    match lang {
        Language::Python => &PYTHON,
        Language::PowerShell => &POWERSHELL,
        _ => &JAVASCRIPT,
    }
}

/// A process started in a hidden window after a file was downloaded to disk
/// (`Invoke-WebRequest -OutFile`, `.DownloadFile`): read line by line, since such one-liners
/// often hold paths the grammar does not parse (`$env:TEMP\\p.zip`).
pub(super) fn hidden_start_after_download(src: &str, out: &mut Vec<Effect>) {
    let mut downloaded = false;
    let mut at = 0;
    for line in src.split_inclusive('\n') {
        let l = line.to_ascii_lowercase();
        if (l.contains("invoke-webrequest")
            || l.contains("iwr ")
            || l.contains("curl ")
            || l.contains("wget ")
            || l.contains("start-bitstransfer"))
            && (l.contains("-outfile") || l.contains("-destination") || l.contains(" -o "))
            || l.contains("downloadfile(")
        {
            downloaded = true;
        }
        if downloaded
            && (l.contains("start-process") || l.contains("saps "))
            && l.contains("hidden")
        {
            let start = at
                + l.find("start-process")
                    .or_else(|| l.find("saps "))
                    .unwrap_or(0);
            let end = at + line.trim_end().len();
            if !out.iter().any(|e| {
                e.kind == EffectKind::RunFetched && e.at.start <= start && start < e.at.end
            }) {
                out.push(Effect {
                    kind: EffectKind::RunFetched,
                    at: start..end.max(start),
                    source: None,
                    what: "Start-Process -WindowStyle Hidden".to_string(),
                    plain: None,
                });
            }
        }
        at += line.len();
    }
}

pub(super) fn first_named(n: Node<'_>) -> Option<Node<'_>> {
    let mut c = n.walk();
    n.named_children(&mut c).next()
}

pub(super) fn collect_names(n: Node<'_>, names: &[&str], src: &str, out: &mut Vec<String>) {
    if names.contains(&n.kind()) {
        out.push(src.get(n.byte_range()).unwrap_or("").to_ascii_lowercase());
    }
    let mut c = n.walk();
    for child in n.named_children(&mut c) {
        collect_names(child, names, src, out);
    }
}

/// Calls that send or fetch over the network, by the callee's dotted name and its last part.
pub(super) fn is_network_call(callee: &str, last: &str) -> bool {
    if (callee.starts_with("https.")
        || callee.starts_with("http.")
        || callee.contains("require('http")
        || callee.contains("require(\"http"))
        && matches!(last, "get" | "request")
    {
        return true;
    }
    let roots = [
        "requests.",
        "httpx.",
        "aiohttp.",
        "urllib",
        "urllib3",
        "http.client",
        "axios",
        "got",
        "superagent",
        "needle",
        "node-fetch",
        "undici",
        "dns.",
        "socket.",
        "smtplib",
        "ftplib",
        "$http",
        "net.",
    ];
    matches!(
        last,
        "urlopen"
            | "sendbeacon"
            | "sendall"
            | "sendto"
            | "sendmail"
            | "send_message"
            | "urlretrieve"
            | "uploadstring"
            | "uploaddata"
            | "uploadfile"
            | "uploadvalues"
            | "downloadstring"
            | "downloaddata"
            | "downloadfile"
            | "openread"
            | "gethostbyname"
            | "getaddrinfo"
            | "upload_file"
            | "upload_fileobj"
            | "upload_folder"
            | "put_object"
            | "create_gist"
            | "invoke-restmethod"
            | "invoke-webrequest"
            | "irm"
            | "iwr"
            | "send-mailmessage"
            | "resolve-dnsname"
            | "curl"
            | "wget"
    ) || matches!(callee, "axios" | "got" | "request" | "fetch")
        || roots.iter().any(|r| callee.starts_with(r))
            && matches!(
                last,
                "post"
                    | "put"
                    | "patch"
                    | "get"
                    | "request"
                    | "send"
                    | "connect"
                    | "create_connection"
                    | "urlopen"
                    | "resolve"
                    | "lookup"
                    | "resolvetxt"
                    | "resolve4"
                    | "resolve6"
                    | "resolvecname"
                    | "resolveany"
                    | "stream"
            )
        || matches!(last, "post" | "put" | "patch") && callee.contains('.')
}

/// True when `callee` (lower case) is JavaScript's `RegExp.prototype.exec` on a regex
/// literal (`/^a(b)$/.exec`) or on a receiver named as a pattern (`perm_re.exec`,
/// `lineRegex.exec`, `pattern.exec`): it matches text and runs nothing
/// (<https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/RegExp/exec>).
fn regex_exec(callee: &str) -> bool {
    let Some(receiver) = callee.strip_suffix(".exec") else {
        return false;
    };
    if receiver.starts_with('/') {
        return true;
    }
    let name = receiver.rsplit('.').next().unwrap_or(receiver);
    let name = name.trim_end_matches(|c: char| c.is_ascii_digit());
    ["re", "regex", "regexp", "pattern", "rx", "matcher"]
        .iter()
        .any(|s| name == *s || name.ends_with(&format!("_{s}")) || name.ends_with(s) && s.len() > 2)
}

/// Calls that run text as code (or a command line).
pub(super) fn is_exec_call(callee: &str, last: &str) -> bool {
    if regex_exec(callee) {
        return false;
    }
    matches!(
        callee,
        "eval"
            | "exec"
            | "compile"
            | "function"
            | "execsync"
            | "execfile"
            | "spawnsync"
            | "spawn"
            | "os.system"
            | "os.popen"
            | "os.startfile"
            | "invoke-expression"
            | "iex"
            | "runpy.run_path"
            | "start-process"
            | "saps"
            | "&"
            | "setTimeout"
    ) || callee.starts_with("subprocess.")
        || callee.starts_with("child_process.")
        || callee.starts_with("vm.")
        || callee.ends_with("[scriptblock]::create")
        || matches!(
            last,
            "runinnewcontext"
                | "runinthiscontext"
                | "runincontext"
                | "check_output"
                | "check_call"
                | "popen"
                | "execsync"
                | "exec"
                | "execfile"
                | "execfilesync"
                | "spawn"
                | "spawnsync"
        )
}

/// Calls that decode base64 or hex (their result is decoded text).
pub(super) fn is_decode_call(callee: &str, last: &str, text: &str) -> bool {
    matches!(
        last,
        "b64decode"
            | "decodebytes"
            | "a85decode"
            | "b32decode"
            | "unhexlify"
            | "fromhex"
            | "atob"
            | "frombase64string"
            | "decompress"
    ) || callee == "buffer.from"
        && (text.contains("'base64'")
            || text.contains("\"base64\"")
            || text.contains("'hex'")
            || text.contains("\"hex\""))
}

/// The command line a call gives as one string literal (`os.system("curl ... | sh")`,
/// `subprocess.run("...", shell=True)`, `execSync('...')`).
pub(super) fn literal_command(args: &str) -> Option<String> {
    let rest = args.trim_start().trim_start_matches('(').trim_start();
    // Python's string prefixes (`f"…"`, `r'…'`, `b"…"`).
    let rest = rest.trim_start_matches(['f', 'r', 'b', 'u', 'F', 'R', 'B', 'U']);
    let q = rest.chars().next()?;
    if !matches!(q, '"' | '\'' | '`') {
        return None;
    }
    let body = &rest[1..];
    let end = body.find(q)?;
    let s = &body[..end];
    (s.contains(' ') && s.len() < 4096).then(|| s.to_string())
}

/// A callee read through JavaScript's global object or a computed member of literals:
/// `globalThis.fetch` and `window.fetch` are `fetch`, `globalThis['ev'+'al']` is `eval`,
/// `obj["post"]` is `obj.post` (text already compacted and lowercased).
pub(super) fn global_member(callee: &str) -> String {
    let mut c = callee.to_string();
    if let Some(open) = c.find('[')
        && c.ends_with(']')
        && c[open + 1..c.len() - 1].chars().all(|ch| {
            ch.is_ascii_alphanumeric() || matches!(ch, '\'' | '"' | '`' | '+' | '_' | '$')
        })
        && c[open..].contains(['\'', '"', '`'])
    {
        let name: String = c[open + 1..c.len() - 1]
            .chars()
            .filter(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '_' | '$'))
            .collect();
        c = format!("{}.{name}", &c[..open]);
    }
    for g in ["globalthis.", "window.", "self.", "global."] {
        if let Some(rest) = c.strip_prefix(g)
            && !rest.is_empty()
        {
            return rest.to_string();
        }
    }
    c
}

//! The effect model's vocabulary: which names, paths and hosts are sources of secrets, which
//! programs and calls send data out, run code, decode it, or persist. Tables only; the
//! readers in [`super::shell`] and [`super::script`] apply them.

/// What a value holds that must not leave the machine (a bit set).
pub type Taint = u16;

/// The whole environment (`env`, `os.environ`, `process.env`, `Get-ChildItem env:`).
pub const ENVIRONMENT: Taint = 1;
/// One environment variable whose name says it is a secret (`$GITHUB_TOKEN`).
pub const NAMED_SECRET: Taint = 1 << 1;
/// A credential file's contents (`~/.ssh/id_rsa`, `~/.aws/credentials`, `.env`).
pub const CREDENTIAL_FILE: Taint = 1 << 2;
/// A cloud metadata service's answer (instance credentials).
pub const METADATA: Taint = 1 << 3;
/// A keychain's or a CLI's stored token (`security find-generic-password`, `gh auth token`).
pub const KEYCHAIN: Taint = 1 << 4;
/// Text fetched from the network.
pub const FETCHED: Taint = 1 << 5;
/// Text decoded from base64 or hex.
pub const DECODED: Taint = 1 << 6;

/// The shell history (`history`, `fc -l`, `~/.bash_history`): command lines, tokens in them.
pub const HISTORY: Taint = 1 << 7;
/// The project's files or the home folder archived whole (`zip -r - .`, `tar c ~`), or the
/// repository pushed: private code, a secret only where it goes to a drop host or a remote
/// the program added.
pub const WORKTREE: Taint = 1 << 8;

/// An entry of the home folder (`Path.home().iterdir()`, `Get-ChildItem $env:USERPROFILE`):
/// deleting each deletes home.
pub const HOME_ENTRY: Taint = 1 << 9;

/// A password typed at a silent prompt (`read -s`), as a fake `sudo` alias collects it.
pub const PASSWORD: Taint = 1 << 10;

/// Every secret of a CI workflow at once: GitHub Actions' whole `secrets` context
/// (`${{ toJSON(secrets) }}`, read by [`crate::program::shell::read`]).
pub const CI_SECRETS: Taint = 1 << 11;

/// What a secret scanner found (`trufflehog filesystem ~`, `gitleaks detect`): its report
/// quotes each secret it found, so sent out it hands them all over, as the Shai-Hulud worm
/// did (<https://www.wiz.io/blog/shai-hulud-npm-supply-chain-attack>).
pub const SCANNED_SECRETS: Taint = 1 << 12;

/// A program's standard input (`sys.stdin.read()`, `process.stdin`, `$input`): what it holds
/// is known only to the shell command that pipes into the program, which resolves it
/// ([`super::shell`]'s interpreter code); at the top of a program it is nothing.
pub const STDIN: Taint = 1 << 13;

/// A GitHub Actions workflow's job token (`${{ github.token }}`, `${{ secrets.GITHUB_TOKEN }}`,
/// read by [`crate::program::shell::read`]): GitHub's, a secret wherever it is sent but to
/// GitHub's own hosts ([`is_github_host`]).
pub const CI_JOB_TOKEN: Taint = 1 << 14;

/// Whether `host` is GitHub's, where a workflow's job token is used: `github.com`, its API
/// and upload hosts, `githubusercontent.com`, the container registry `ghcr.io`, GitHub
/// Enterprise Cloud's `*.ghe.com`, or this machine.
pub fn is_github_host(host: &str) -> bool {
    let h = host.to_ascii_lowercase();
    ["github.com", "githubusercontent.com", "ghcr.io", "ghe.com"]
        .iter()
        .any(|d| h == *d || h.ends_with(&format!(".{d}")))
        || h == "localhost"
        || h.starts_with("127.")
}

/// The job token in `sent` when `url` names a host that is not GitHub's (a URL built from a
/// variable names none, and is left alone).
pub fn job_token_sent(sent: Taint, url: &str) -> Taint {
    if sent & CI_JOB_TOKEN != 0 && host_of(url).is_some_and(|h| !is_github_host(h)) {
        CI_JOB_TOKEN
    } else {
        0
    }
}

/// What a file a command wrote carries on to the command that reads it.
pub const KEPT_IN_FILES: Taint = STRONG_SECRET | NAMED_SECRET | WORKTREE | CI_JOB_TOKEN;

/// Sources that are secrets wherever they are sent.
pub const STRONG_SECRET: Taint = ENVIRONMENT
    | CREDENTIAL_FILE
    | METADATA
    | KEYCHAIN
    | HISTORY
    | PASSWORD
    | CI_SECRETS
    | SCANNED_SECRETS;

/// The source a taint names first, for a message.
pub fn describe(t: Taint) -> &'static str {
    if t & ENVIRONMENT != 0 {
        "the environment variables"
    } else if t & CI_SECRETS != 0 {
        "the workflow's secrets"
    } else if t & CI_JOB_TOKEN != 0 {
        "the workflow's job token"
    } else if t & CREDENTIAL_FILE != 0 {
        "a credential file"
    } else if t & SCANNED_SECRETS != 0 {
        "the secrets a scanner found"
    } else if t & METADATA != 0 {
        "the cloud metadata service's answer"
    } else if t & KEYCHAIN != 0 {
        "a stored token"
    } else if t & HISTORY != 0 {
        "the shell history"
    } else if t & PASSWORD != 0 {
        "a password typed at a silent prompt"
    } else if t & NAMED_SECRET != 0 {
        "a secret variable"
    } else if t & WORKTREE != 0 {
        "the project's files"
    } else if t & FETCHED != 0 {
        "text fetched from the network"
    } else {
        "decoded text"
    }
}

/// Credential files and stores, by a path's tail (compared without case, `\` as `/`). From
/// public incident reports of malicious skills and packages (stealers read these first).
const CREDENTIAL_PATHS: &[&str] = &[
    ".ssh/id_rsa",
    ".ssh/id_dsa",
    ".ssh/id_ecdsa",
    ".ssh/id_ed25519",
    ".ssh/",
    ".aws/credentials",
    ".aws/config",
    ".azure/",
    ".config/gcloud",
    ".kube/config",
    ".docker/config.json",
    ".netrc",
    ".git-credentials",
    ".npmrc",
    ".pypirc",
    ".config/gh/hosts.yml",
    ".gnupg",
    "/etc/shadow",
    "/etc/passwd",
    "login data",
    "cookies.sqlite",
    "logins.json",
    "key4.db",
    "keychain-db",
    "library/keychains",
    ".env",
    ".env.local",
    ".env.production",
    ".claude/.credentials.json",
    ".codex/auth.json",
    // Agents' MCP configs and OAuth files hold the servers' tokens in clear.
    ".cursor/mcp.json",
    "claude_desktop_config.json",
    ".gemini/oauth_creds.json",
    ".config/github-copilot/",
    // Package registries' publishing tokens: cargo's `credentials.toml`
    // (<https://doc.rust-lang.org/cargo/reference/config.html#credentials>), RubyGems'
    // `~/.gem/credentials` (<https://guides.rubygems.org/command-reference/#gem-push>), Maven's
    // server passwords (<https://maven.apache.org/settings.html#servers>).
    ".cargo/credentials",
    ".gem/credentials",
    ".m2/settings.xml",
    // Database clients' password files (PostgreSQL, MySQL).
    ".pgpass",
    ".my.cnf",
    ".bash_history",
    ".zsh_history",
    "application_default_credentials.json",
    "credentials.db",
    "msal_token_cache",
    "wallet.dat",
    // Browsers' password and extension stores (Chromium's `Login Data` and `Local Extension
    // Settings`, where wallet extensions keep their vaults; Firefox's
    // profiles), and desktop wallets' folders: what infostealers collect first
    // (<https://attack.mitre.org/techniques/T1555/003/>, T1539, T1005).
    "/local extension settings/",
    "/.mozilla/firefox",
    "/firefox/profiles",
    "application support/exodus",
    "/exodus/exodus.wallet",
    ".electrum/wallets",
    "/electrum/wallets",
    ".bitcoin/wallets",
    ".ethereum/keystore",
    "/ethereum/keystore",
    ".config/solana/id.json",
    "/atomic/local storage",
];

/// Whether the lower-cased path `p` (last part `name`) is a coding agent's saved session
/// transcript, which holds every tool input and output of a session, the secrets it read
/// included: a `.jsonl` under a session, project or chat folder of a home dot-folder (Claude
/// Code's `~/.claude/projects/<project>/<session>.jsonl`, its `~/.claude/history.jsonl`,
/// <https://code.claude.com/docs/en/claude-directory>; other agents' `sessions/` folders
/// keep the same shape, unconfirmed per agent).
fn agent_transcript(p: &str, name: &str) -> bool {
    let dotted = p.starts_with("~/.") || p.contains("/.");
    name.ends_with(".jsonl")
        && dotted
        && ([
            "/sessions/",
            "/projects/",
            "/transcripts/",
            "/chats/",
            "/conversations/",
        ]
        .iter()
        .any(|d| p.contains(d))
            || name == "history.jsonl" && (p.contains(".claude/") || p.contains(".codex/")))
}

/// Whether `s` names a credential file or store (`~/.ssh/id_rsa`, `$HOME/.aws/credentials`,
/// `.env`, `@~/.netrc` as a curl upload).
pub fn is_credential_path(s: &str) -> bool {
    if s.len() > 520 {
        return false;
    }
    // Every entry has a `.`, a `/` or `id_` (`id_rsa`); most words of a command have none,
    // and are rejected before any allocation.
    if !s.contains(['.', '/', '\\'])
        && !s.contains("id_")
        && !s.to_ascii_lowercase().contains("login data")
    {
        return false;
    }
    let t = s
        .trim_start_matches('@')
        .trim_matches(|c| c == '"' || c == '\'');
    // Checked before copying: a word can hold a long value (found by the `program` fuzz
    // target's smoke run, where every use of a variable copied each of its values whole).
    if t.is_empty() || t.len() > 512 {
        return false;
    }
    let p = t.replace('\\', "/").to_ascii_lowercase();
    let name = p.rsplit('/').next().unwrap_or(&p);
    // A glob over every env file (`~/**/.env*`, `.env.*`).
    if matches!(name, ".env*" | ".env.*" | "*.env") {
        return true;
    }
    // A Chromium profile's cookie store (`…/Default/Cookies`, `…/Default/Network/Cookies`).
    if name == "cookies" && p.contains("/default/") {
        return true;
    }
    if matches!(
        name,
        ".ssh"
            | ".aws"
            | ".gnupg"
            | ".kube"
            | ".azure"
            | ".env"
            | ".env.local"
            | ".env.production"
            | ".netrc"
            | ".git-credentials"
            | ".pgpass"
            | ".my.cnf"
            | "id_rsa"
            | "id_ed25519"
            | "id_ecdsa"
            | "id_dsa"
    ) {
        return true;
    }
    if agent_transcript(&p, name) {
        return true;
    }
    CREDENTIAL_PATHS.iter().any(|c| {
        // A bare file name (`login data`, `logins.json`, `wallet.dat`) is matched as the
        // path's last part or its end (`.../Default/Login Data`, `login.keychain-db`), with
        // a store's own suffix (`msal_token_cache.json`, `Login Data-journal`), never inside
        // another word.
        if !c.starts_with('/') && !c.contains('/') && !c.starts_with('.') {
            return name.ends_with(c)
                || name
                    .strip_prefix(c)
                    .is_some_and(|r| matches!(r, ".json" | ".bin" | "-journal" | "-wal"));
        }
        p.contains(c)
            && !(c == &".ssh/"
                && (p.ends_with(".pub")
                    || p.contains("known_hosts")
                    || p.contains("authorized_keys")
                    || p.ends_with(".ssh/config")))
            && (c != &".env" || name == ".env")
    })
}

/// Cloud metadata services (AWS/Azure/GCP/OpenStack link-local address, GCP's name,
/// Alibaba's address, AWS's IPv6 address): their answers hold the instance's credentials.
/// <https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/instancedata-data-retrieval.html>,
/// <https://cloud.google.com/compute/docs/metadata/querying-metadata>,
/// <https://www.alibabacloud.com/help/en/ecs/user-guide/view-instance-metadata>.
pub fn is_metadata_host(s: &str) -> bool {
    if !s.contains(['.', ':']) {
        return false;
    }
    let l = s.to_ascii_lowercase();
    l.contains("169.254.169.254")
        || l.contains("metadata.google.internal")
        || l.contains("100.100.100.200")
        || l.contains("fd00:ec2::254")
        || l.contains("169.254.170.2")
}

/// Whether an environment variable's name says it holds a secret.
pub fn is_secret_name(name: &str) -> bool {
    let u = name.to_ascii_uppercase();
    [
        "KEY",
        "TOKEN",
        "SECRET",
        "PASSWORD",
        "PASSWD",
        "CREDENTIAL",
        "AUTH",
        "SESSION",
        "COOKIE",
    ]
    .iter()
    .any(|w| u.contains(w))
        && !matches!(
            u.as_str(),
            "SSH_AUTH_SOCK" | "KEYBOARD" | "TOKENIZERS_PARALLELISM"
        )
}

/// Hosts that collect whatever is sent to them (request bins, paste sites, tunnels, chat
/// webhooks, interaction servers): a secret sent there is gone, whoever's it is.
const DROP_HOSTS: &[&str] = &[
    "webhook.site",
    "requestbin",
    "pipedream.net",
    "pipedream.com",
    "ngrok",
    "trycloudflare.com",
    "discord.com/api/webhooks",
    "discordapp.com/api/webhooks",
    "hooks.slack.com",
    "api.telegram.org",
    "pastebin.com",
    "paste.ee",
    "hastebin",
    "transfer.sh",
    "file.io",
    "0x0.st",
    "termbin.com",
    "interact.sh",
    "oast.",
    "burpcollaborator",
    "beeceptor.com",
    "requestcatcher.com",
    "serveo.net",
    "localtunnel.me",
    "loca.lt",
    "gist.githubusercontent.com",
];

/// Whether the URL or host `s` collects what is sent to it ([`DROP_HOSTS`], a bare IP
/// address) or looks like a vendor's host but is another's (`api.openai.com.evil.io`).
pub fn is_drop_or_lookalike(s: &str) -> bool {
    if !s.contains('.') {
        return false;
    }
    let l = s.to_ascii_lowercase();
    if DROP_HOSTS.iter().any(|h| l.contains(h)) {
        return true;
    }
    let Some(host) = host_of(&l) else {
        return false;
    };
    if host.split('.').count() == 4 && host.split('.').all(|p| p.parse::<u8>().is_ok()) {
        return !host.starts_with("127.")
            && !host.starts_with("10.")
            && !host.starts_with("192.168.");
    }
    // A vendor's domain followed by more labels: `github.com.evil.io`.
    let labels: Vec<&str> = host.split('.').collect();
    labels.len() >= 4
        && labels[..labels.len() - 2].windows(2).any(|w| {
            matches!(w[1], "com" | "io" | "ai" | "net" | "org" | "dev") && !w[0].is_empty()
        })
}

/// Whether the secret variable `var` is named after `host`'s vendor (`TELEGRAM_BOT_TOKEN` and
/// api.telegram.org, `GITHUB_TOKEN` and api.github.com): the label before the host's
/// top-level domain appears in the name.
pub fn vendor_matches(var: &str, host: &str) -> bool {
    let labels: Vec<&str> = host.split('.').collect();
    if labels.len() < 2
        || is_drop_or_lookalike(&format!("https://{host}/"))
            && !DROP_HOSTS
                .iter()
                .any(|d| host.ends_with(d.split('/').next().unwrap_or(d)))
    {
        return false;
    }
    let vendor = labels[labels.len() - 2].to_ascii_uppercase();
    vendor.len() >= 3 && var.to_ascii_uppercase().contains(&vendor)
}

/// The host of an `http(s)://` URL in `s`.
pub fn host_of(s: &str) -> Option<&str> {
    let at = s.find("://")?;
    let rest = &s[at + 3..];
    let end = rest
        .find(['/', '?', '#', ':', '"', '\'', ' ', ')', '`'])
        .unwrap_or(rest.len());
    let host = &rest[..end];
    let host = host.rsplit('@').next().unwrap_or(host);
    (!host.is_empty()).then_some(host)
}

/// What a file path is, when writing it persists code that runs later.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Persistence {
    /// A cron table or `/etc/cron.*`.
    Cron,
    /// `~/.ssh/authorized_keys`: a key that logs in.
    AuthorizedKey,
    /// A shell's start-up file (`~/.bashrc`, `~/.zshrc`, `~/.profile`, a PowerShell profile).
    ShellStartup,
    /// A git hook (`.git/hooks/*`).
    GitHook,
    /// A login item: a LaunchAgent or LaunchDaemon, a systemd unit, a Windows Run key or
    /// scheduled task, an XDG autostart entry.
    LoginItem,
    /// A coding agent's own settings or MCP configuration (`~/.claude/settings.json`,
    /// `~/.cursor/mcp.json`, `claude_desktop_config.json`, `~/.gemini/trustedFolders.json`,
    /// `~/.codex/config.toml`): the hooks and servers written there run in every later
    /// session, and trust granted there skips the agent's own prompts.
    AgentConfig,
}

/// Agents' settings and MCP configuration files, by a path's tail (lower case, `/`): each
/// vendor's documented location.
/// <https://docs.anthropic.com/en/docs/claude-code/settings>,
/// <https://docs.cursor.com/context/model-context-protocol>,
/// <https://modelcontextprotocol.io/quickstart/user>,
/// <https://docs.windsurf.com/windsurf/cascade/mcp>,
/// <https://github.com/google-gemini/gemini-cli/blob/main/docs/cli/trusted-folders.md>,
/// <https://github.com/openai/codex/blob/main/docs/config.md>.
const AGENT_CONFIG_PATHS: &[&str] = &[
    ".claude/settings.json",
    ".claude/settings.local.json",
    "claude_desktop_config.json",
    ".cursor/mcp.json",
    ".codeium/windsurf/mcp_config.json",
    ".gemini/settings.json",
    ".gemini/trustedfolders.json",
    ".codex/config.toml",
    ".aws/amazonq/mcp.json",
    ".kiro/settings/mcp.json",
];

/// The agent's settings or MCP configuration file `path` names (the table's tail, or
/// `.claude.json`), when it names one.
pub fn agent_config_of(path: &str) -> Option<&'static str> {
    let p = path.replace('\\', "/").to_ascii_lowercase();
    if p.rsplit('/').next() == Some(".claude.json") {
        return Some(".claude.json");
    }
    AGENT_CONFIG_PATHS.iter().copied().find(|c| p.contains(c))
}

/// The persistence a write to `path` gives, if any.
pub fn persistence_of_path(path: &str) -> Option<Persistence> {
    let p = path.replace('\\', "/").to_ascii_lowercase();
    let p = p.trim_matches(|c| c == '"' || c == '\'');
    let name = p.rsplit('/').next().unwrap_or(p);
    if p.contains("/etc/cron") || p.contains("/var/spool/cron") || p == "/etc/crontab" {
        return Some(Persistence::Cron);
    }
    if p.ends_with(".ssh/authorized_keys") || p.ends_with(".ssh/authorized_keys2") {
        return Some(Persistence::AuthorizedKey);
    }
    if matches!(
        name,
        ".bashrc"
            | ".bash_profile"
            | ".bash_login"
            | ".profile"
            | ".zshrc"
            | ".zprofile"
            | ".zshenv"
            | ".zlogin"
            | "config.fish"
            | "bash.bashrc"
            | "microsoft.powershell_profile.ps1"
            | "profile.ps1"
    ) || p.contains("/etc/profile")
        || p == "$profile"
    {
        return Some(Persistence::ShellStartup);
    }
    // Python runs every `.pth` file of site-packages and `sitecustomize.py` at each start
    // (<https://docs.python.org/3/library/site.html>).
    if name.ends_with(".pth") || matches!(name, "sitecustomize.py" | "usercustomize.py") {
        return Some(Persistence::ShellStartup);
    }
    if p.contains(".git/hooks/") && !name.ends_with(".sample") {
        return Some(Persistence::GitHook);
    }
    if agent_config_of(p).is_some() {
        return Some(Persistence::AgentConfig);
    }
    if p.contains("library/launchagents/")
        || p.contains("library/launchdaemons/")
        || p.contains(".config/systemd/user/")
        || p.contains("/etc/systemd/system/")
        || p.contains(".config/autostart/")
        || p.contains("currentversion/run")
        || p.contains("start menu/programs/startup")
    {
        return Some(Persistence::LoginItem);
    }
    None
}

/// Programs that send data over the network (their arguments, standard input or the files
/// they name leave the machine).
pub fn is_network_command(name: &str) -> bool {
    matches!(
        name,
        "curl"
            | "wget"
            | "nc"
            | "ncat"
            | "netcat"
            | "socat"
            | "telnet"
            | "ftp"
            | "tftp"
            | "sftp"
            | "scp"
            | "rsync"
            | "http"
            | "https"
            | "xh"
            | "mail"
            | "mailx"
            | "sendmail"
            | "mutt"
            | "openssl"
            | "invoke-webrequest"
            | "invoke-restmethod"
            | "iwr"
            | "irm"
            | "aria2c"
            | "ssh"
    )
}

/// Programs that look a name up in DNS (a secret in the name leaves in the query).
pub fn is_dns_command(name: &str) -> bool {
    matches!(
        name,
        "dig" | "nslookup" | "host" | "drill" | "ping" | "ping6" | "getent" | "resolve-dnsname"
    )
}

/// Programs that run the text they read (their standard input or a `-c`/`-e` argument) as
/// code.
pub fn is_interpreter(name: &str) -> bool {
    matches!(
        name,
        "sh" | "bash"
            | "zsh"
            | "dash"
            | "ksh"
            | "fish"
            | "python"
            | "python3"
            | "python2"
            | "perl"
            | "ruby"
            | "node"
            | "php"
            | "pwsh"
            | "powershell"
            | "iex"
            | "invoke-expression"
            | "eval"
            | "source"
            | "."
            | "osascript"
            | "bun"
            | "deno"
    )
}

/// Programs that print the whole environment.
pub fn dumps_environment(name: &str, args: usize) -> bool {
    matches!(
        name,
        "env" | "printenv" | "export" | "declare" | "set" | "compgen"
    ) && args == 0
        || name == "printenv" && args > 0
}

/// Whether `name ARGS` is a secret scanner whose output quotes the secrets it finds
/// (TruffleHog, Gitleaks, Nosey Parker, detect-secrets), unless told to redact them.
pub fn scans_for_secrets(name: &str, args: &[&str]) -> bool {
    let scanner = match name {
        "trufflehog" => args.iter().any(|a| {
            matches!(
                *a,
                "filesystem" | "git" | "github" | "gitlab" | "s3" | "gcs" | "docker" | "postman"
            )
        }),
        "gitleaks" => args
            .iter()
            .any(|a| matches!(*a, "detect" | "dir" | "git" | "protect")),
        "noseyparker" | "nosey-parker" => args.iter().any(|a| matches!(*a, "report" | "scan")),
        "detect-secrets" => args.first() == Some(&"scan"),
        _ => false,
    };
    scanner && !args.iter().any(|a| a.starts_with("--redact"))
}

/// Programs that print a stored credential (`security find-generic-password -w`,
/// `gh auth token`, `gcloud auth print-access-token`, ...).
pub fn prints_stored_token(words: &[&str]) -> bool {
    prints_keychain(words) || prints_cli_token(words)
}

/// Programs that print a secret of the system keychain, a password store or git's
/// credentials and configuration (strong: sent anywhere, it is gone).
pub fn prints_keychain(words: &[&str]) -> bool {
    let joined = words.join(" ").to_ascii_lowercase();
    [
        "security find-generic-password",
        "security find-internet-password",
        "security dump-keychain",
        "secret-tool lookup",
        "cmdkey /list",
        "op read",
        "vault read",
        "kubectl config view --raw",
        // git's stored credentials, and its whole configuration, where tokens sit in remote
        // URLs (`https://TOKEN@host`) and `http.extraHeader` values
        // (<https://git-scm.com/docs/git-credential>, <https://git-scm.com/docs/git-config>).
        "git credential fill",
        "git config --list",
        "git config -l",
        "git config --global --list",
        "git config --global -l",
        "git config --show-origin --list",
    ]
    .iter()
    .any(|p| joined.starts_with(p))
}

/// A vendor CLI printing its own access token (`gh auth token`, `gcloud auth
/// print-access-token`, `az account get-access-token`): sent to that vendor's API it is how
/// the token is used, so it counts like one secret variable.
pub fn prints_cli_token(words: &[&str]) -> bool {
    let joined = words.join(" ").to_ascii_lowercase();
    [
        "gh auth token",
        "gcloud auth print-access-token",
        "gcloud auth application-default print-access-token",
        "az account get-access-token",
        "aws configure export-credentials",
        "aws sts get-session-token",
    ]
    .iter()
    .any(|p| joined.starts_with(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agent_session_transcripts_are_credential_stores() {
        for yes in [
            "~/.claude/projects/-home-me-app/3f2a.jsonl",
            "~/.cursor/sessions/latest.jsonl",
            "$HOME/.codex/sessions/2026/01/rollout.jsonl",
            "~/.claude/history.jsonl",
        ] {
            assert!(is_credential_path(yes), "{yes}");
        }
        for no in [
            "data/sessions/latest.jsonl",
            "~/.claude/projects/notes.md",
            "logs/history.jsonl",
        ] {
            assert!(!is_credential_path(no), "{no}");
        }
    }

    #[test]
    fn browser_wallet_and_bare_named_stores_are_credential_paths() {
        for p in [
            "/Users/a/Library/Application Support/Google/Chrome/Default/Login Data",
            "C:\\Users\\a\\AppData\\Local\\Google\\Chrome\\User Data\\Default\\Network\\Cookies",
            "~/.mozilla/firefox/abc.default/logins.json",
            "profile/key4.db",
            "~/Library/Keychains/login.keychain-db",
            "$HOME/.electrum/wallets/default_wallet",
            "~/.bitcoin/wallet.dat",
            "$HOME/.config/solana/id.json",
            "~/.cargo/credentials.toml",
            "$HOME/.gem/credentials",
            "~/.m2/settings.xml",
        ] {
            assert!(is_credential_path(p), "{p}");
        }
        // A bare name inside another word, and ordinary project files.
        for p in [
            "docs/login data model.md",
            "src/cookies.ts",
            "my-wallet.dat.bak",
            "tests/fixtures/logins.json.example",
            "src/components/Default/Cookies/Banner.tsx",
            ".cargo/config.toml",
        ] {
            assert!(!is_credential_path(p), "{p}");
        }
    }

    #[test]
    fn agents_settings_and_mcp_configs_are_persistence() {
        for p in [
            "~/.claude/settings.json",
            ".claude/settings.json/.tmp",
            "$HOME/.claude.json",
            "~/Library/Application Support/Claude/claude_desktop_config.json",
            ".cursor/mcp.json/.codeium/windsurf/mcp_config.json",
            "~/.gemini/trustedFolders.json",
            "~/.codex/config.toml",
        ] {
            assert_eq!(
                persistence_of_path(p),
                Some(Persistence::AgentConfig),
                "{p}"
            );
        }
        for p in [
            "~/.claude/commands/review.md",
            "docs/settings.json",
            ".cursor/rules/a.mdc",
        ] {
            assert_eq!(persistence_of_path(p), None, "{p}");
        }
    }

    #[test]
    fn secret_scanners_unless_redacted() {
        assert!(scans_for_secrets("trufflehog", &["filesystem", "/"]));
        assert!(scans_for_secrets("gitleaks", &["detect", "-s", "."]));
        assert!(!scans_for_secrets("gitleaks", &["detect", "--redact"]));
        assert!(!scans_for_secrets("trufflehog", &["--version"]));
    }
}

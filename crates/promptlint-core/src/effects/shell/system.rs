//! Commands that lower the machine's guard: a protection turned off, a container given the
//! host, packages installed from an index without TLS checks. Tables of programs and flags;
//! [`super::Flow`] applies them.

use super::super::vocab;

/// Whether a command turns a protection of the machine off, and what (see
/// [`EffectKind::Weaken`](crate::effects::EffectKind::Weaken)): iptables flushed or its input
/// policy set to ACCEPT, `ufw disable`, a firewall, AppArmor, SELinux or audit service stopped
/// or disabled, `setenforce 0`, Windows Defender's real-time scanning off or a whole drive
/// excluded, the Windows firewall off (`netsh advfirewall set … state off`), macOS Gatekeeper
/// (`spctl --master-disable`) or SIP (`csrutil disable`) off, or Gatekeeper's check of one
/// downloaded program skipped by removing its quarantine attribute (`xattr -d
/// com.apple.quarantine FILE`, or `xattr -c`, which clears every attribute): the step
/// macOS stealers ask for so an unsigned binary opens without a warning
/// (<https://support.apple.com/guide/security/gatekeeper-and-runtime-protection-sec5599b66df/web>,
/// `man xattr`). Passwordless sudo is judged by the caller, which sees what is written to
/// `/etc/sudoers`.
pub(crate) fn weakens(name: &str, args: &[&str]) -> Option<String> {
    let has = |w: &str| args.iter().any(|a| a.eq_ignore_ascii_case(w));
    let services = [
        "firewalld",
        "ufw",
        "apparmor",
        "auditd",
        "nftables",
        "iptables",
        "selinux",
    ];
    let on_service = || {
        args.iter()
            .any(|a| services.contains(&a.trim_end_matches(".service")))
    };
    match name {
        "iptables" | "ip6tables" => {
            let flush = has("-F") || has("--flush");
            let open = args.windows(3).any(|w| {
                matches!(w[0], "-P" | "--policy")
                    && matches!(w[1], "INPUT" | "FORWARD")
                    && w[2] == "ACCEPT"
            });
            (flush || open)
                .then(|| format!("{name} {}", if flush { "-F" } else { "-P INPUT ACCEPT" }))
        }
        "ufw" => (args.first() == Some(&"disable")).then(|| "ufw disable".to_string()),
        "systemctl" if (has("stop") || has("disable") || has("mask")) && on_service() => {
            Some(format!("systemctl {}", args.join(" ")))
        }
        "service" if args.len() >= 2 && services.contains(&args[0]) && args[1] == "stop" => {
            Some(format!("service {} stop", args[0]))
        }
        "setenforce"
            if args
                .first()
                .is_some_and(|a| *a == "0" || a.eq_ignore_ascii_case("permissive")) =>
        {
            Some("setenforce 0".to_string())
        }
        "netsh" if has("advfirewall") && has("off") => Some("netsh advfirewall … off".to_string()),
        "set-mppreference"
            if args.iter().any(|a| {
                let l = a.to_ascii_lowercase();
                l.starts_with("-disablerealtimemonitoring")
                    || l.starts_with("-disableioavprotection")
                    || l.starts_with("-disablebehaviormonitoring")
            }) =>
        {
            Some("Defender real-time scanning off".to_string())
        }
        "add-mppreference" | "set-mppreference"
            if args.windows(2).any(|w| {
                w[0].eq_ignore_ascii_case("-exclusionpath")
                    && matches!(
                        w[1].trim_matches(|c| c == '"' || c == '\''),
                        "C:\\"
                            | "C:"
                            | "C:/"
                            | "$env:USERPROFILE"
                            | "$HOME"
                            | "$env:TEMP"
                            | "$env:APPDATA"
                    )
            }) =>
        {
            Some("Defender exclusion of a whole folder tree".to_string())
        }
        "spctl" if has("--master-disable") || has("--global-disable") => {
            Some("spctl --master-disable".to_string())
        }
        "csrutil" if has("disable") => Some("csrutil disable".to_string()),
        "xattr" if strips_quarantine(args) => Some("Gatekeeper quarantine removed".to_string()),
        // Every file of the system or the home folder made writable by every user.
        "chmod"
            if (has("-R") || has("--recursive"))
                && args.iter().any(|a| {
                    matches!(*a, "777" | "0777" | "a+rwx" | "ugo+rwx" | "o+w" | "a+w")
                })
                && args.iter().any(|a| {
                    matches!(
                        a.trim_end_matches('/'),
                        "" | "~"
                            | "$HOME"
                            | "${HOME}"
                            | "/etc"
                            | "/usr"
                            | "/var"
                            | "/home"
                            | "/Users"
                    )
                }) =>
        {
            Some(format!("chmod {}", args.join(" ")))
        }
        _ => None,
    }
}

/// Whether `xattr ARGS` removes a file's quarantine attribute: `-d` (with `-r`, `-s` or `-v`
/// beside it in one word or apart) naming `com.apple.quarantine`, or `-c` clearing them all.
fn strips_quarantine(args: &[&str]) -> bool {
    let flags = |c: char| {
        args.iter().any(|a| {
            a.starts_with('-')
                && !a.starts_with("--")
                && a[1..].chars().all(|f| "drscvx".contains(f))
                && a.contains(c)
        })
    };
    flags('c')
        || flags('d')
            && args
                .iter()
                .any(|a| a.eq_ignore_ascii_case("com.apple.quarantine"))
}

/// What of the host a `docker run`/`podman run` (or `create`) gives its container (see
/// [`EffectKind::HostAccess`](crate::effects::EffectKind::HostAccess)), from Docker's run
/// reference (<https://docs.docker.com/reference/cli/docker/container/run/>): `--privileged`
/// (every device, no confinement), `--pid=host`, `--network host`/`--net=host`, `--cap-add`
/// of `ALL` or `SYS_ADMIN`, a bind mount of `/`, of the Docker socket (root on the host), or
/// of a credential folder (`~/.ssh`, `~/.aws`, ...). An image run without these is not
/// reported.
pub(crate) fn host_access(name: &str, args: &[&str]) -> Option<String> {
    if !matches!(name, "docker" | "podman" | "nerdctl") {
        return None;
    }
    let sub = args.iter().position(|a| matches!(*a, "run" | "create"))?;
    // `docker container run`, or `docker run` after global flags only.
    if args[..sub]
        .iter()
        .any(|a| !a.starts_with('-') && *a != "container")
    {
        return None;
    }
    let rest = &args[sub + 1..];
    let mut found: Vec<String> = Vec::new();
    let mut k = 0;
    while k < rest.len() {
        let a = rest[k];
        // The image: flags end there; what follows is the container's command.
        if !a.starts_with('-') {
            break;
        }
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) => (f, Some(v)),
            None => (a, None),
        };
        let takes_value = matches!(
            flag,
            "-v" | "--volume"
                | "--mount"
                | "--pid"
                | "--network"
                | "--net"
                | "--cap-add"
                | "-e"
                | "--env"
                | "--name"
                | "-p"
                | "--publish"
                | "-w"
                | "--workdir"
                | "--entrypoint"
                | "-u"
                | "--user"
                | "--env-file"
                | "--platform"
                | "-l"
                | "--label"
                | "--userns"
                | "--ipc"
                | "--uts"
                | "--device"
                | "--security-opt"
        );
        let value = inline.or_else(|| takes_value.then(|| rest.get(k + 1).copied()).flatten());
        if takes_value && inline.is_none() {
            k += 1;
        }
        k += 1;
        let v = value.unwrap_or("");
        match flag {
            "--privileged" => found.push("--privileged".to_string()),
            "--pid" | "--ipc" | "--uts" | "--userns" if v == "host" => {
                found.push(format!("{flag}=host"))
            }
            "--network" | "--net" if v == "host" => found.push("--network host".to_string()),
            "--cap-add"
                if matches!(
                    v.to_ascii_uppercase().as_str(),
                    "ALL" | "SYS_ADMIN" | "SYS_PTRACE"
                ) =>
            {
                found.push(format!("--cap-add {v}"));
            }
            "--security-opt" if v.ends_with("=unconfined") || v.ends_with(":unconfined") => {
                found.push(format!("--security-opt {v}"));
            }
            "-v" | "--volume" | "--mount" => {
                let src = if flag == "--mount" {
                    v.split(',')
                        .find_map(|p| p.strip_prefix("source=").or_else(|| p.strip_prefix("src=")))
                        .unwrap_or("")
                } else {
                    v.split(':').next().unwrap_or("")
                };
                let root = src.starts_with('/') && src.trim_end_matches('/').is_empty();
                let src = src.trim_end_matches('/');
                if root {
                    found.push("the host's root mounted".to_string());
                } else if matches!(
                    src,
                    "~" | "$HOME" | "${HOME}" | "/home" | "/Users" | "/root"
                ) {
                    found.push("the home folder mounted".to_string());
                } else if src.ends_with("docker.sock") {
                    found.push("the Docker socket mounted".to_string());
                } else if vocab::is_credential_path(src) {
                    found.push(format!("{src} mounted"));
                }
            }
            _ => {}
        }
    }
    (!found.is_empty()).then(|| format!("{name} run ({})", found.join(", ")))
}

/// Whether a package install reads an index over plain HTTP or with certificate checks off
/// (see [`EffectKind::InsecureIndex`](crate::effects::EffectKind::InsecureIndex)): pip's or
/// uv's `--index-url`/`--extra-index-url`/`-i`/`-f` with an `http://` URL that is not the
/// machine itself, pip's `--trusted-host` (pip then skips TLS checks for that host,
/// <https://pip.pypa.io/en/stable/cli/pip_install/>), npm/yarn/pnpm `--registry http://…`,
/// `npm config set registry http://…` and `npm config set strict-ssl false`.
pub(crate) fn insecure_index(name: &str, args: &[&str]) -> Option<String> {
    let plain_http = |u: &str| {
        let u = u
            .trim_matches(|c| c == '"' || c == '\'')
            .to_ascii_lowercase();
        let u = u
            .split_once('=')
            .map_or(
                u.as_str(),
                |(k, v)| if k.starts_with("--") { v } else { u.as_str() },
            )
            .to_string();
        u.starts_with("http://")
            && ![
                "http://localhost",
                "http://127.",
                "http://0.0.0.0",
                "http://[::1]",
            ]
            .iter()
            .any(|p| u.starts_with(p))
    };
    let pip_like = matches!(name, "pip" | "pip3" | "uv" | "pipx" | "poetry" | "pdm")
        || name.starts_with("python")
            && args.first() == Some(&"-m")
            && args.get(1).is_some_and(|a| a.starts_with("pip"));
    if pip_like {
        if args
            .iter()
            .any(|a| *a == "--trusted-host" || a.starts_with("--trusted-host="))
        {
            return Some(format!("{name} --trusted-host"));
        }
        let flagged = args.windows(2).any(|w| {
            matches!(
                w[0],
                "--index-url" | "--extra-index-url" | "-i" | "-f" | "--find-links" | "--index"
            ) && plain_http(w[1])
        }) || args.iter().any(|a| {
            (a.starts_with("--index-url=") || a.starts_with("--extra-index-url=")) && plain_http(a)
        });
        return flagged.then(|| format!("{name} --index-url http://…"));
    }
    if matches!(name, "npm" | "yarn" | "pnpm" | "bun" | "npx") {
        if args
            .windows(2)
            .any(|w| w[0] == "--registry" && plain_http(w[1]))
            || args
                .iter()
                .any(|a| a.starts_with("--registry=") && plain_http(a))
        {
            return Some(format!("{name} --registry http://…"));
        }
        if args.first() == Some(&"config") && args.get(1) == Some(&"set") {
            match (args.get(2).copied(), args.get(3).copied()) {
                (Some("registry"), Some(u)) if plain_http(u) => {
                    return Some(format!("{name} config set registry http://…"));
                }
                (Some("strict-ssl"), Some("false")) => {
                    return Some(format!("{name} config set strict-ssl false"));
                }
                _ => {}
            }
        }
    }
    None
}

//! Files a script writes where they persist, and folders it deletes that are home or root:
//! the path built from literals (`os.path.join`, `Path / '...'`, `path.join`) and checked
//! against [`super::super::vocab::persistence_of_path`].

use std::ops::Range;

use tree_sitter::Node;

use super::super::model::EffectKind;
use super::super::vocab;
use super::Walk;

impl Walk<'_> {
    /// A file written where it persists (a call that opens for writing, writes or copies to a
    /// path built from literals), and a folder deleted that is home or root.
    pub(super) fn writes_and_deletes(
        &mut self,
        n: Node<'_>,
        callee: &str,
        last: &str,
        at: &Range<usize>,
        args: &super::Val,
    ) {
        let writes = matches!(
            last,
            "write_text"
                | "write_bytes"
                | "writefilesync"
                | "appendfilesync"
                | "writefile"
                | "appendfile"
                | "createwritestream"
                | "copyfile"
                | "copyfilesync"
                | "copy"
                | "copy2"
                | "move"
                | "symlink"
                | "symlinksync"
                | "cpsync"
                | "outputfile"
                | "outputfilesync"
        ) || last == "open" && {
            let t = self.text(n);
            t.contains("'a") || t.contains("\"a") || t.contains("'w") || t.contains("\"w")
        };
        // Each entry of a home listing deleted (`for p in Path.home().iterdir(): rmtree(p)`,
        // `gci $env:USERPROFILE | Remove-Item -Recurse`).
        if args.taint & vocab::HOME_ENTRY != 0
            && matches!(
                last,
                "rmtree"
                    | "unlink"
                    | "remove"
                    | "rmsync"
                    | "rm"
                    | "rmdir"
                    | "remove-item"
                    | "ri"
                    | "del"
                    | "rd"
                    | "erase"
            )
        {
            self.push(EffectKind::Destroy, at.clone(), None, callee);
            return;
        }
        let deletes = matches!(
            last,
            "rmtree"
                | "rmsync"
                | "rmdirsync"
                | "rimraf"
                | "remove"
                | "removesync"
                | "emptydirsync"
                | "rm"
                | "rmdir"
        );
        if !writes && !deletes {
            return;
        }
        // The path is the first argument, or the second of a copy, move or link.
        let which = usize::from(matches!(
            last,
            "copyfile"
                | "copyfilesync"
                | "copy"
                | "copy2"
                | "move"
                | "symlink"
                | "symlinksync"
                | "cpsync"
        ));
        let (mut lits, _) = n
            .child_by_field_name("arguments")
            .and_then(|a| {
                let mut c = a.walk();
                let v: Vec<Node<'_>> = a
                    .named_children(&mut c)
                    .filter(|x| x.kind() != "comment")
                    .collect();
                v.get(which).copied()
            })
            .map(|a| self.literals(a))
            .unwrap_or_default();
        // `Path(...).write_text(...)`: the path is the receiver's (the argument is the
        // content).
        if matches!(last, "write_text" | "write_bytes") {
            lits.clear();
        }
        if let Some(obj) = n
            .child_by_field_name("function")
            .and_then(|f| f.child_by_field_name("object"))
        {
            let (l, _) = self.literals(obj);
            if !l.is_empty() {
                lits = if lits.is_empty() {
                    l
                } else {
                    format!("{l}/{lits}")
                };
            }
        }
        let path = lits.replace("//", "/");
        if writes && let Some(how) = vocab::persistence_of_path(&path) {
            let active = super::super::shell::active_text(self.src);
            // A path joined from a program's literals can hold other strings (`fs/path/os/…`):
            // an agent's file is named by its own tail.
            let what = match how {
                vocab::Persistence::AgentConfig => vocab::agent_config_of(&path).unwrap_or(&path),
                _ => &path,
            };
            self.push(EffectKind::Persist { how, active }, at.clone(), None, what);
        }
        if deletes {
            let first = n
                .child_by_field_name("arguments")
                .and_then(|a| a.named_child(0))
                .map(|a| self.compact(a))
                .unwrap_or_default();
            let home = [
                "os.path.expanduser('~')",
                "os.path.expanduser(\"~\")",
                "path.home()",
                "pathlib.path.home()",
                "os.homedir()",
                "require('os').homedir()",
                "require(\"os\").homedir()",
                "os.environ['home']",
                "os.environ[\"home\"]",
                "process.env.home",
                "'/'",
                "\"/\"",
                "'~'",
                "\"~\"",
            ];
            let var_home = self.lits.get(&first).is_some_and(|l| {
                l == "/" || l.split('/').all(|p| p == "~" || p.is_empty()) && l.contains('~')
            });
            if home.contains(&first.as_str()) || var_home {
                self.push(EffectKind::Destroy, at.clone(), None, callee);
            }
        }
    }

    /// Whether the listing call `n` lists the home folder itself (its path arguments, or the
    /// object it is called on, are home and nothing below it).
    pub(super) fn home_listed(&self, n: Node<'_>) -> bool {
        let (lits, _) = self.literals(n);
        let parts: Vec<&str> = lits
            .split('/')
            .filter(|p| !p.is_empty() && *p != "*" && *p != "**")
            .collect();
        !parts.is_empty() && parts.iter().all(|p| *p == "~")
    }

    /// A command line from a Python f-string or JavaScript template with its `{NAME}` /
    /// `${NAME}` placeholders filled from the string constants the program assigned.
    pub(super) fn fill_placeholders(&self, cmd: &str) -> String {
        let mut out = String::with_capacity(cmd.len());
        let mut rest = cmd;
        while let Some(open) = rest.find('{') {
            let Some(close) = rest[open..].find('}') else {
                break;
            };
            let name = rest[open + 1..open + close].trim().to_ascii_lowercase();
            let dollar = out.ends_with('$') || rest[..open].ends_with('$');
            out.push_str(&rest[..open]);
            match self
                .lits
                .get(&name)
                .filter(|v| !v.contains('/') || v.contains("://"))
            {
                Some(v) => {
                    if dollar {
                        out.pop();
                    }
                    out.push_str(v);
                }
                None => out.push_str(&rest[open..=open + close]),
            }
            rest = &rest[open + close + 1..];
        }
        out.push_str(rest);
        out
    }

    /// Fetched or decoded bytes written to a file (`open(p, 'wb').write(urlopen(u).read())`,
    /// `Path(p).write_bytes(b64decode(x))`, `fs.writeFileSync(p, body)`): the path, a variable
    /// or a literal, carries them, so a later call that runs it (`os.system(p + ' &')`,
    /// `subprocess.run(['/tmp/.x'])`) runs fetched code: the dropper of a malicious skill
    /// (<https://rogueai.de/blog/ai-agent-skill-marketplace-supply-chain-attack/>).
    pub(super) fn fetched_written(
        &mut self,
        n: Node<'_>,
        last: &str,
        receiver: Option<Node<'_>>,
        data: &super::Val,
    ) {
        let taint = data.taint & (vocab::FETCHED | vocab::DECODED);
        if taint == 0 {
            return;
        }
        let path = match last {
            // the file object's or path object's constructor names the path
            "write" | "write_bytes" | "write_text" => receiver
                .filter(|r| matches!(r.kind(), "call" | "call_expression"))
                .and_then(|r| r.child_by_field_name("arguments")),
            "writefilesync" | "writefile" => n.child_by_field_name("arguments"),
            _ => None,
        }
        .and_then(|a| a.named_child(0));
        let Some(path) = path else { return };
        let text = self.text(path).to_string();
        if self.kinds.names.contains(&path.kind()) {
            let name = text.to_ascii_lowercase();
            self.vars
                .entry(name)
                .or_default()
                .add(&super::Val::of(taint, n.byte_range()));
        } else {
            let lit = text.trim_matches(|c| c == '"' || c == '\'' || c == '`');
            if lit.len() > 2 && lit.len() < 300 && !self.fetched_paths.iter().any(|p| p == lit) {
                self.fetched_paths.push(lit.to_string());
            }
        }
    }

    /// What a call that runs a program carries from a literal path written with fetched
    /// bytes ([`Walk::fetched_written`]) that its text names.
    pub(super) fn runs_fetched_path(&self, n: Node<'_>) -> super::Val {
        let text = self.text(n);
        if self.fetched_paths.iter().any(|p| text.contains(p.as_str())) {
            super::Val::of(vocab::FETCHED, n.byte_range())
        } else {
            super::Val::default()
        }
    }
}

impl Walk<'_> {
    /// The words of a PowerShell command as the command it runs reads them: quotes trimmed,
    /// `cmd /c` (or `/k`) dropped so the command line it hands on is read, and a variable the
    /// program `src` sets to a path cut down to its drive's root replaced by that root (`C:\`):
    /// `($p -split '\\')[0] + '\'`, `Split-Path -Qualifier`, `[IO.Path]::GetPathRoot(...)`, a
    /// drive's `.Root`, `$env:SystemDrive`, `$env:HOMEDRIVE`. A delete of it deletes the drive
    /// (<https://www.techrounder.com/blog/when-your-ai-deletes-your-drive-a-hard-lesson-for-every-developer/>).
    pub(super) fn powershell_words(&self, text: &str) -> Vec<String> {
        let src = self.src;
        let mut words: Vec<String> = text
            .split_whitespace()
            .map(|w| w.trim_matches(|c| c == '"' || c == '\'').to_string())
            .collect();
        let runs_cmd = words
            .first()
            .is_some_and(|w| matches!(w.to_ascii_lowercase().as_str(), "cmd" | "cmd.exe"))
            && words
                .get(1)
                .is_some_and(|w| w.eq_ignore_ascii_case("/c") || w.eq_ignore_ascii_case("/k"));
        if runs_cmd {
            words.drain(..2);
        }
        for w in &mut words {
            if w.starts_with('$') && w.len() > 1 && drive_root_variable(src, &w[1..]) {
                *w = "C:\\".to_string();
            }
        }
        words
    }
}

/// Whether `src` assigns `$name` a path cut down to its drive's root ([`powershell_words`]).
fn drive_root_variable(src: &str, name: &str) -> bool {
    let lower = src.to_ascii_lowercase();
    let at = format!("${}", name.to_ascii_lowercase());
    lower.match_indices(&at).any(|(i, _)| {
        let rest = lower[i + at.len()..].trim_start();
        let Some(value) = rest.strip_prefix('=').filter(|r| !r.starts_with('=')) else {
            return false;
        };
        let value = value.lines().next().unwrap_or("");
        value.contains("-split") && value.contains(")[0]")
            || value.contains("split-path") && value.contains("-qualifier")
            || value.contains("getpathroot(")
            || value.match_indices(".root").any(|(k, m)| {
                !value[k + m.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
            })
            || value.contains("$env:systemdrive")
            || value.contains("$env:homedrive")
    })
}

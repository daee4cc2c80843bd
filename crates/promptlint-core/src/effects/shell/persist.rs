//! Whether what a command persists runs code: its own words and input, a hook taken from
//! another repository, or a file an earlier command wrote with code in it.

use super::Flow;
use super::commands::active_text;
use crate::effects::vocab;
use crate::program::shell::{Command, RedirectOp};

impl Flow<'_> {
    /// Whether what command `i` persists fetches, sends, decodes or runs a shell: its words and
    /// its input read as commands.
    pub(super) fn persists_active(&mut self, cmd: &Command, i: usize) -> bool {
        let mut text: Vec<String> = cmd.words.iter().skip(1).map(|w| w.text.clone()).collect();
        if let Some(t) = &cmd.stdin_text {
            text.push(t.clone());
        }
        for k in cmd.stdin.clone() {
            let c = &self.script.commands[k];
            text.extend(c.words.iter().skip(1).map(|w| w.text.clone()));
        }
        let joined = text.join("\n");
        active_text(&joined)
            || from_remote_ref(cmd)
            || cmd
                .stdin
                .clone()
                .into_iter()
                .any(|k| from_remote_ref(&self.script.commands[k]))
            || self.names_hidden_file(&joined, i)
    }

    /// Whether `text`, persisted by command `i`, names a file an earlier command wrote from
    /// fetched or decoded text (`base64 -d > "$dir/poll.py"`, then a LaunchAgent whose
    /// program is `$dir/poll.py`): what starts later runs that hidden code. A file is named by
    /// its last path segment.
    ///
    /// Also a file written with code that fetches, sends or decodes ([`active_text`]: a
    /// here-document, `printf`'s text), and a file in a folder it names (`core.hooksPath`).
    fn names_hidden_file(&mut self, text: &str, i: usize) -> bool {
        let script = self.script;
        let folders: Vec<&str> = text.lines().filter(|w| w.len() >= 3).collect();
        (0..i).any(|k| {
            let c = &script.commands[k];
            let targets = || {
                c.redirects
                    .iter()
                    .filter(|r| matches!(r.op, RedirectOp::Write | RedirectOp::Append))
                    .map(|r| r.target.text.as_str())
            };
            let named = targets().any(|t| {
                let leaf = t.rsplit('/').next().unwrap_or(t);
                leaf.len() >= 3 && leaf != "null" && text.contains(leaf)
                    || folders.iter().any(|f| {
                        t.strip_prefix(f.trim_end_matches('/'))
                            .is_some_and(|r| r.starts_with('/'))
                    })
            });
            let wrote_code = || {
                let mut written: Vec<&str> =
                    c.words.iter().skip(1).map(|w| w.text.as_str()).collect();
                written.extend(c.stdin_text.as_deref());
                active_text(&written.join(" "))
            };
            named && (self.output(k).0 & (vocab::FETCHED | vocab::DECODED) != 0 || wrote_code())
        })
    }
}

/// Whether `cmd` prints a file of a remote-tracking branch or of what was just fetched
/// (`git show origin/tooling:hooks/pre-commit`, `git cat-file -p FETCH_HEAD:x`): text from
/// another repository, which no review of this checkout saw.
fn from_remote_ref(cmd: &Command) -> bool {
    let words: Vec<&str> = cmd.words.iter().map(|w| w.text.as_str()).collect();
    words.first().is_some_and(|n| n.eq_ignore_ascii_case("git"))
        && words.iter().any(|w| matches!(*w, "show" | "cat-file"))
        && words.iter().skip(2).any(|w| {
            w.split_once(':').is_some_and(|(r, _)| {
                r.starts_with("origin/")
                    || r.starts_with("upstream/")
                    || r.starts_with("refs/remotes/")
                    || r == "FETCH_HEAD"
            })
        })
}

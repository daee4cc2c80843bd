//! What the shell reader returns: a program's commands, their words, redirections and the
//! variables assigned on the way.

use std::ops::Range;

/// One word of a command, after quote removal and expansion of what the program itself
/// defines.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Word {
    /// The word's value: quotes joined, escapes undone, `${IFS}` a space, a variable the
    /// program assigned a literal replaced by it, a `printf`/`echo` substitution by its output;
    /// any other expansion kept as written (`$HOME`, `$(whoami)`).
    pub text: String,
    /// Its bytes in the program text.
    pub span: Range<usize>,
    /// Variables it expands that were not replaced (`HOME`, `DATA`).
    pub vars: Vec<String>,
    /// Commands of its command substitutions (indices into [`Script::commands`]).
    pub subs: Vec<usize>,
    /// Whether any of it was quoted or escaped (a quoted `~` is not the home folder).
    pub quoted: bool,
    /// Whether reading it undid something a pattern would not see through: quotes inside a
    /// word (`c''url`), a backslash escape, `$'\x63'`, `${IFS}`, a variable or a `printf`
    /// substitution replaced by its value, a default expansion.
    pub rewritten: bool,
}

/// What a redirection does with its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RedirectOp {
    /// `>`, `>|`, `&>`: the target is written.
    Write,
    /// `>>`, `&>>`: the target is appended to.
    Append,
    /// `<`: the target is read as standard input.
    Read,
}

/// One redirection of a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redirect {
    /// What it does.
    pub op: RedirectOp,
    /// The file.
    pub target: Word,
}

/// One simple command.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Command {
    /// The command's words: the program and its arguments (an unquoted `${IFS}` splits a word).
    pub words: Vec<Word>,
    /// Its bytes in the program text (for a command read from `eval` or `sh -c` text, the
    /// bytes of that text's word).
    pub span: Range<usize>,
    /// Commands whose output is its standard input (the commands before a `|`).
    pub stdin: Vec<usize>,
    /// A here-document or here-string given as its standard input, as text.
    pub stdin_text: Option<String>,
    /// Its redirections (those of an enclosing group or subshell included).
    pub redirects: Vec<Redirect>,
    /// The command whose text or word holds this one (a substitution, `eval`, `sh -c`).
    pub within: Option<usize>,
    /// Variables assigned just for this command (`VAR=value cmd`).
    pub env: Vec<(String, Word)>,
}

impl Command {
    /// The program's name: the first word's last path component, a leading `\` (alias
    /// bypass) removed.
    pub fn name(&self) -> &str {
        let w = self.words.first().map_or("", |w| w.text.as_str());
        w.trim_start_matches('\\').rsplit('/').next().unwrap_or(w)
    }
}

/// A variable assignment outside a command (`X=$(env)`, `export TOKEN=...`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assignment {
    /// The variable.
    pub name: String,
    /// The value.
    pub value: Word,
    /// How many commands were read before it.
    pub after: usize,
}

/// The commands of one shell program, in the order they appear.
#[derive(Debug, Clone, Default)]
pub struct Script {
    /// Every simple command, substitutions and `eval` text included.
    pub commands: Vec<Command>,
    /// Assignments outside commands.
    pub assignments: Vec<Assignment>,
}

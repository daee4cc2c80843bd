//! Command-line interface (clap): parse arguments into [`crate::Options`] and render choices.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::kind::FileKind;
use crate::report::{FailOn, Format};

/// Lint the files AI coding agents load (AGENTS.md, CLAUDE.md, .cursorrules, SKILL.md, MCP
/// configs) and rendered prompts for injection, invisible Unicode, exfiltration, permission
/// bypass and prompt-cache mistakes.
#[derive(Debug, Parser)]
#[command(name = "promptlint", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Subcommands.
// Parsed once per process: the size of the largest variant does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Scan files and folders (default `.`) and report findings.
    Check(CheckArgs),
    /// Print the rule catalog: id, name, family, severity, summary.
    Rules(RulesArgs),
    /// Diff the cacheable prefixes of the requests in request logs (JSONL), turn by turn.
    Cache(CacheArgs),
    /// MCP: pin servers' tool definitions and check dumps against the pins, or serve
    /// promptlint itself as an MCP server.
    #[command(subcommand)]
    Mcp(McpCommand),
    /// Print one rule's documentation: summary, help, examples and fixability.
    Explain(ExplainArgs),
    /// Write a starter .promptlint.yaml and print the pre-commit and CI snippets.
    Init(InitArgs),
    /// Print a shell completion script.
    Completions(CompletionsArgs),
    /// Answer one agent hook event (JSON on stdin) in the agent's protocol: refuse, ask or
    /// warn when the file, command, prompt or tool result it names has findings.
    Hook(HookArgs),
    /// Serve the Language Server Protocol over stdin and stdout, for editors: diagnostics
    /// on every file `check` would scan, as you type, with quick fixes and hovers.
    Server(ServerCmdArgs),
}

/// Arguments of `server`.
#[derive(Debug, Args)]
pub struct ServerCmdArgs {
    /// Accepted and ignored: stdio is the only transport (vscode-languageclient adds this
    /// flag for its stdio transport).
    #[arg(long, hide = true)]
    pub stdio: bool,
}

/// Arguments of `hook`.
#[derive(Debug, Args)]
pub struct HookArgs {
    /// The agent whose hook protocol to speak.
    #[arg(value_enum)]
    pub agent: crate::hook::Agent,
    /// Refuse the action on findings of this severity or above.
    #[arg(long, value_enum, value_name = "SEVERITY", default_value_t = crate::hook::Threshold::Error)]
    pub block: crate::hook::Threshold,
    /// Ask the user on findings of this severity or above (below `--block`); where the
    /// protocol cannot ask, refuse.
    #[arg(long, value_enum, value_name = "SEVERITY", default_value_t = crate::hook::Threshold::Warning)]
    pub ask: crate::hook::Threshold,
    /// Report findings of this severity or above (below `--ask`) and let the action go on.
    #[arg(long, value_enum, value_name = "SEVERITY", default_value_t = crate::hook::Threshold::Note)]
    pub warn: crate::hook::Threshold,
    /// On malformed input (bad JSON, over 16 MiB, a field of the wrong type): refuse the
    /// action (`deny`) or let it go on (`allow`), with a message either way.
    #[arg(long, value_enum, value_name = "ACTION", default_value_t = crate::hook::OnError::Deny)]
    pub on_error: crate::hook::OnError,
}

/// Subcommands of `mcp`.
#[derive(Debug, Subcommand)]
pub enum McpCommand {
    /// Record a SHA-256 per tool (name, description, inputSchema) of `tools/list` dumps in a
    /// lock file, or with `--check` report tools whose definition changed since (exit 1).
    Pin(PinArgs),
    /// Serve promptlint as an MCP server over stdio, with the tools `scan_text`,
    /// `scan_paths` (files and folders under the roots) and `explain_rule`. It reads nothing
    /// outside the roots, writes nothing and runs nothing.
    Serve(ServeArgs),
}

/// Arguments of `mcp serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// A folder `scan_paths` may read (repeatable): paths outside every root, `..` and
    /// links that leave the roots are refused.
    #[arg(long = "root", value_name = "DIR", required = true)]
    pub roots: Vec<PathBuf>,
}

/// Arguments of `mcp pin`.
#[derive(Debug, Args)]
pub struct PinArgs {
    /// Dumps of MCP `tools/list` results (JSON-RPC responses or bare results), desktop
    /// extension `manifest.json` files, or JSON arrays of tool definitions. Read from disk
    /// only: nothing is fetched.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// The lock file to write (or, with `--check`, to read).
    #[arg(long, value_name = "LOCKFILE")]
    pub lock: PathBuf,
    /// Compare the dumps with the lock instead of writing it: exit 1 when a tool was added,
    /// removed or changed, printing the locked and the current hash.
    #[arg(long)]
    pub check: bool,
    /// Server name for every tool read (default: the dump's `serverInfo.name` or manifest
    /// `name`, else the file name without its extension).
    #[arg(long, value_name = "NAME")]
    pub server: Option<String>,
    /// Output format of `--check`.
    #[arg(long, value_enum, default_value_t = TextFormatArg::Human)]
    pub format: TextFormatArg,
}

/// Output formats of `rules` and `cache`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TextFormatArg {
    /// Text for people (a table).
    Human,
    /// JSON.
    Json,
}

/// `--color` choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// Color when stdout is a terminal and NO_COLOR is unset.
    Auto,
    /// Always color.
    Always,
    /// Never color.
    Never,
}

/// The color variables of the environment.
#[derive(Debug, Clone, Copy, Default)]
pub struct ColorEnv<'a> {
    /// `NO_COLOR`: set to a non-empty value, no color (<https://no-color.org>).
    pub no_color: Option<&'a std::ffi::OsStr>,
    /// `FORCE_COLOR`: set to a non-empty value, color even when not a terminal
    /// (<https://force-color.org>).
    pub force_color: Option<&'a std::ffi::OsStr>,
    /// `CLICOLOR_FORCE`: set and not `0`, color even when not a terminal
    /// (<https://bixense.com/clicolors/>).
    pub clicolor_force: Option<&'a std::ffi::OsStr>,
}

impl ColorArg {
    /// Whether to use color. `always` and `never` win over everything. `auto` colors a
    /// terminal unless `NO_COLOR` is set (non-empty); `FORCE_COLOR` (non-empty) or
    /// `CLICOLOR_FORCE` (not `0`) force color, over `NO_COLOR` too: a variable that forces is
    /// set on purpose for this run (a CI log that renders ANSI), where `NO_COLOR` is often a
    /// user's standing preference.
    pub fn resolve(self, env: ColorEnv<'_>, is_terminal: bool) -> bool {
        let set = |v: Option<&std::ffi::OsStr>| v.is_some_and(|v| !v.is_empty());
        match self {
            ColorArg::Always => true,
            ColorArg::Never => false,
            ColorArg::Auto => {
                if set(env.force_color) || env.clicolor_force.is_some_and(|v| v != "0") {
                    true
                } else {
                    !set(env.no_color) && is_terminal
                }
            }
        }
    }
}

/// Arguments of `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files and folders to scan; `-` reads stdin. Folders are walked (respecting .gitignore);
    /// files are always scanned, whatever their name [default: `.`, or none with --user].
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Also scan your own agent setup: the user-level files of every agent promptlint knows
    /// (global memory files, settings, MCP client configs such as Claude Desktop's, user
    /// skills and plugins) under your home folder, on every system's layout. Their findings
    /// apply to every project you open.
    #[arg(long)]
    pub user: bool,
    /// With --user: scan the setup under DIR instead of your home folder (its layouts
    /// only: HOME, XDG_CONFIG_HOME and APPDATA are not read).
    #[arg(long, value_name = "DIR", requires = "user")]
    pub user_home: Option<PathBuf>,
    /// Output format (also `--output-format`, ruff's name; `full` is `human`). The
    /// environment variable sets it for every run of a shell or CI job, as ruff's
    /// RUFF_OUTPUT_FORMAT; the flag wins over it.
    #[arg(
        long,
        visible_alias = "output-format",
        value_enum,
        env = "PROMPTLINT_OUTPUT_FORMAT",
        default_value_t = Format::Human
    )]
    pub format: Format,
    /// Exit 1 when a finding is at or above this severity.
    #[arg(long, value_enum, default_value_t = FailOn::Warning)]
    pub fail_on: FailOn,
    /// Exit 0 whatever is found (as `--fail-on never`; ruff's name). Unreadable files and
    /// usage errors still exit 2.
    #[arg(long, conflicts_with = "fail_on")]
    pub exit_zero: bool,
    /// Report only findings at or above this severity (the others are left out of the output
    /// and the exit code, and counted in the summary).
    #[arg(long, value_enum, value_name = "SEVERITY", default_value_t = MinSeverity::Note)]
    pub min_severity: MinSeverity,
    /// Report only findings of rules at or above this confidence (each rule has one:
    /// `promptlint rules` lists it); as zizmor's `--min-confidence`.
    #[arg(long, value_enum, value_name = "CONFIDENCE", default_value_t = MinConfidence::Low)]
    pub min_confidence: MinConfidence,
    /// Check every source as this kind: instructions, rules, skill, command, agent-def,
    /// mcp-config, prompt, request or request-log.
    #[arg(long, value_name = "KIND", value_parser = parse_kind)]
    pub kind: Option<FileKind>,
    /// Only these rules: ids, names or families (repeatable, comma-separated); replaces the
    /// config's `select`.
    #[arg(long, value_name = "RULE")]
    pub select: Vec<String>,
    /// These rules too, on top of `--select` or the config's `select` (ids, names or
    /// families; repeatable, comma-separated), as ruff's `--extend-select`.
    #[arg(long, value_name = "RULE")]
    pub extend_select: Vec<String>,
    /// Skip these rules: ids, names or families (repeatable, comma-separated).
    #[arg(long, value_name = "RULE")]
    pub ignore: Vec<String>,
    /// Name for stdin in output and for choosing its kind; given alone (no PATH), stdin is
    /// read.
    #[arg(long, value_name = "NAME")]
    pub stdin_filename: Option<String>,
    /// Print the findings without the summary line; `-qq` prints nothing (as --silent).
    #[arg(long, short, action = clap::ArgAction::Count)]
    pub quiet: u8,
    /// Print nothing; the exit code still tells (as -qq).
    #[arg(long)]
    pub silent: bool,
    /// Print one line per rule found (count, id, name, severity) instead of the findings.
    #[arg(long)]
    pub statistics: bool,
    /// List the files of the run instead of the findings: each scanned file with its kind,
    /// each skipped one with why, each unreadable one with its error.
    #[arg(long)]
    pub show_files: bool,
    /// Print the settings the run would use (config file, rules selected and ignored,
    /// excludes, format, thresholds, limits) and exit, scanning nothing.
    #[arg(long)]
    pub show_settings: bool,
    /// Exit 1 when no file was scanned (a path with no agent file, a wrong folder).
    #[arg(long)]
    pub fail_on_empty: bool,
    /// Color output.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    pub color: ColorArg,
    /// Skip files larger than this many bytes (with a note) [default: the config's
    /// max_file_size, else 10485760; at most 134217728].
    #[arg(long, value_name = "BYTES", value_parser = parse_max_file_size)]
    pub max_file_size: Option<u64>,
    /// Write the output to FILE instead of stdout (`-` is stdout; also `-o` and
    /// `--output-file`, ruff's names). A FILE named like a format (`concise`) is refused:
    /// that is `--format`; write `./concise` to mean the file.
    #[arg(long, short = 'o', visible_alias = "output-file", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Also write SARIF to FILE, whatever --format prints (for code scanning upload).
    #[arg(long, value_name = "FILE")]
    pub sarif_file: Option<PathBuf>,
    /// Also write JSON to FILE, whatever --format prints.
    #[arg(long, value_name = "FILE")]
    pub json_file: Option<PathBuf>,
    /// Also write Markdown (the pull-request summary of --format markdown) to FILE, whatever
    /// --format prints.
    #[arg(long, value_name = "FILE")]
    pub markdown_file: Option<PathBuf>,
    /// Skip paths matching GLOB while walking a folder (gitignore syntax, relative to the
    /// folder walked; repeatable). Files named on the command line are always scanned.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// Apply --exclude and the config's exclude to files named on the command line too (for
    /// pre-commit, which names every changed file).
    #[arg(long)]
    pub force_exclude: bool,
    /// Walk folders without reading .gitignore, .ignore or git's exclude files (for local
    /// use: scan every agent file on disk, generated or not). Files git tracks and agent
    /// convention files that an ignore rule hides are walked either way.
    #[arg(long)]
    pub no_respect_gitignore: bool,
    /// Scan only the files changed since the git ref REF: the working tree against it, staged
    /// or not, and new untracked files (runs `git`).
    #[arg(long, value_name = "REF", visible_alias = "changed-since")]
    pub diff_base: Option<String>,
    /// With --diff-base: report only findings that start on a line added or changed since REF.
    #[arg(long, requires = "diff_base")]
    pub new_only: bool,
    /// Read the configuration from FILE instead of searching for .promptlint.yaml.
    #[arg(long, value_name = "FILE", conflicts_with = "no_config")]
    pub config: Option<PathBuf>,
    /// Read no configuration file.
    #[arg(long)]
    pub no_config: bool,
    /// Accepted for ruff's users: promptlint keeps no cache, every run reads every file.
    #[arg(long, hide = true)]
    pub no_cache: bool,
    /// zizmor's auditing personas have no counterpart: refused with what to use instead.
    #[arg(long, hide = true, value_name = "PERSONA")]
    pub persona: Option<String>,
    /// For CI: ignore inline suppressions and any config inside the scanned tree (a pull
    /// request can edit both); only --config and --baseline from outside the tree apply.
    #[arg(long)]
    pub strict: bool,
    /// Suppress the findings recorded in FILE (written by --write-baseline); report only new
    /// ones.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,
    /// Record the current findings in FILE as a baseline (sorted JSON), then report them as
    /// suppressed.
    #[arg(long, value_name = "FILE")]
    pub write_baseline: Option<PathBuf>,
    /// List the --baseline entries whose finding is gone, and remove them from the file.
    #[arg(long, requires = "baseline")]
    pub baseline_prune: bool,
    /// Remove the invisible code points that are safe to remove (bidi overrides, tag
    /// characters, zero-width characters inside ASCII words, stray variation selectors),
    /// writing files atomically; then report what is left.
    #[arg(long, conflicts_with = "diff")]
    pub fix: bool,
    /// Print, as a unified diff, what --fix would change, without writing; exit 1 when there
    /// is something to fix.
    #[arg(long)]
    pub diff: bool,
    /// A line that ends the static zone of a prompt, besides SYSTEM_PROMPT_DYNAMIC_BOUNDARY
    /// (repeatable); recognised alone on a line or in the usual wrappings (`<M/>`, `__M__`).
    #[arg(long, value_name = "MARKER")]
    pub boundary_marker: Vec<String>,
    /// Report inline tool results over this many estimated tokens (4 bytes per token).
    #[arg(long, value_name = "TOKENS", default_value_t = crate::parse::DEFAULT_TOOL_RESULT_BUDGET)]
    pub tool_result_budget: usize,
    /// List at most N findings of one rule per file, counting the rest in one PL810 finding
    /// (0: no limit) [default: the config's max_findings_per_rule, else 100].
    #[arg(long, value_name = "N")]
    pub max_findings_per_rule: Option<usize>,
    /// List at most N findings per run, counting the rest in one PL810 finding (0: no limit)
    /// [default: the config's max_findings, else 10000].
    #[arg(long, value_name = "N")]
    pub max_findings: Option<usize>,
}

/// `--min-severity` choices. zizmor's levels are accepted too (its `CliSeverity`:
/// informational, low, medium, high, beside `AuditArgs::min_severity` in zizmorcore/zizmor's
/// clap definitions; which file of the crate was not confirmed): its informational and low
/// are our note, medium our warning, high our error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MinSeverity {
    /// Every finding (the default).
    #[value(alias = "informational", alias = "low")]
    Note,
    /// Warnings and errors.
    #[value(alias = "medium")]
    Warning,
    /// Errors only.
    #[value(alias = "high")]
    Error,
}

impl MinSeverity {
    /// The lowest severity reported.
    pub fn severity(self) -> crate::finding::Severity {
        match self {
            MinSeverity::Note => crate::finding::Severity::Note,
            MinSeverity::Warning => crate::finding::Severity::Warning,
            MinSeverity::Error => crate::finding::Severity::Error,
        }
    }
}

/// `--min-confidence` choices (a rule's `confidence:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MinConfidence {
    /// Every rule (the default).
    Low,
    /// Rules of medium or high confidence.
    Medium,
    /// Rules of high confidence only.
    High,
}

impl MinConfidence {
    /// The lowest confidence reported.
    pub fn confidence(self) -> crate::severity::Confidence {
        match self {
            MinConfidence::Low => crate::severity::Confidence::Low,
            MinConfidence::Medium => crate::severity::Confidence::Medium,
            MinConfidence::High => crate::severity::Confidence::High,
        }
    }
}

/// Arguments of `explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// A rule id (`PL201`) or name (`bidi-control`).
    #[arg(value_name = "RULE")]
    pub rule: String,
}

/// Arguments of `init`.
#[derive(Debug, Args)]
pub struct InitArgs {
    /// The folder to write .promptlint.yaml into.
    #[arg(value_name = "DIR", default_value = ".")]
    pub dir: PathBuf,
    /// Print the settings entry that installs `promptlint hook AGENT` in that agent (JSON
    /// for its hooks file) and nothing else; no file is written.
    #[arg(long, value_enum, value_name = "AGENT")]
    pub hooks: Option<crate::hook::Agent>,
}

/// Arguments of `completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Parts of a request that `cache --assert-stable` holds to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StablePart {
    /// The system text (`system`, `instructions`, `systemInstruction`, leading system
    /// messages) byte-identical across turns.
    System,
    /// The tool list byte-identical across turns.
    Tools,
    /// Every turn's cacheable prefix extends an earlier one (no break).
    Prefix,
}

/// Arguments of `cache`.
#[derive(Debug, Args)]
pub struct CacheArgs {
    /// Request logs: JSON Lines (one request per line: bare, OpenAI Batch, `{"request": ...}`
    /// or `{"request": ..., "response": ...}`), VCR cassettes (YAML), HAR files, LiteLLM /
    /// Langfuse exports; `-` reads stdin (JSON Lines).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// Exit 1 only when a named part changes between turns of a conversation (and print the
    /// change): `system`, `tools` or `prefix` (the default; comma-separated for several).
    #[arg(
        long,
        value_name = "PART",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "prefix",
        value_delimiter = ',',
        value_enum
    )]
    pub assert_stable: Option<Vec<StablePart>>,
    /// List only the conversations with a break (the summary still counts them all).
    #[arg(long, conflicts_with = "quiet")]
    pub only_broken: bool,
    /// Show the summary only, no conversation.
    #[arg(short, long)]
    pub quiet: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TextFormatArg::Human)]
    pub format: TextFormatArg,
    /// Skip (with an error) lines longer than this many bytes [at most 134217728].
    #[arg(
        long,
        value_name = "BYTES",
        default_value_t = crate::cache::DEFAULT_MAX_LINE_BYTES,
        value_parser = parse_max_line_bytes
    )]
    pub max_line_bytes: usize,
}

/// Arguments of `rules`.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = TextFormatArg::Human)]
    pub format: TextFormatArg,
}

fn parse_kind(s: &str) -> Result<FileKind, String> {
    s.parse()
}

/// A byte count from 1 to `max`: 0 would skip everything, and a value over the ceiling would
/// let one input take all the memory (see [`crate::bounds`]).
fn bytes_up_to(s: &str, max: u64) -> Result<u64, String> {
    let n: u64 = s.trim().parse().map_err(|_| {
        format!(
            "`{}` is not a number of bytes",
            crate::escape::excerpt(s, 40)
        )
    })?;
    if n == 0 {
        return Err("0 bytes would skip every input".into());
    }
    if n > max {
        return Err(format!("{n} bytes is over the hard maximum of {max} bytes"));
    }
    Ok(n)
}

fn parse_max_file_size(s: &str) -> Result<u64, String> {
    bytes_up_to(s, crate::bounds::MAX_FILE_SIZE_CEILING)
}

fn parse_max_line_bytes(s: &str) -> Result<usize, String> {
    let max = crate::bounds::MAX_LINE_BYTES_CEILING as u64;
    bytes_up_to(s, max).map(|n| usize::try_from(n).unwrap_or(usize::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    #[test]
    fn color_choice_honours_no_color_only_in_auto() {
        let set = Some(OsStr::new("1"));
        let empty = Some(OsStr::new(""));
        let no = |v| ColorEnv {
            no_color: v,
            ..ColorEnv::default()
        };
        assert!(ColorArg::Auto.resolve(no(None), true));
        assert!(!ColorArg::Auto.resolve(no(set), true));
        assert!(ColorArg::Auto.resolve(no(empty), true));
        assert!(!ColorArg::Auto.resolve(no(None), false));
        assert!(ColorArg::Always.resolve(no(set), false));
        assert!(!ColorArg::Never.resolve(no(None), true));
    }

    #[test]
    fn force_color_and_clicolor_force_color_a_pipe() {
        let one = Some(OsStr::new("1"));
        let zero = Some(OsStr::new("0"));
        let empty = Some(OsStr::new(""));
        let force = ColorEnv {
            force_color: one,
            ..ColorEnv::default()
        };
        assert!(ColorArg::Auto.resolve(force, false));
        assert!(!ColorArg::Never.resolve(force, true));
        let empty_force = ColorEnv {
            force_color: empty,
            ..ColorEnv::default()
        };
        assert!(!ColorArg::Auto.resolve(empty_force, false));
        let cli = |v| ColorEnv {
            clicolor_force: v,
            no_color: one,
            ..ColorEnv::default()
        };
        assert!(ColorArg::Auto.resolve(cli(one), false));
        assert!(!ColorArg::Auto.resolve(cli(zero), true));
    }
}

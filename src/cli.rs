//! Command-line interface (clap): parse arguments into [`crate::Options`] and render choices.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::kind::FileKind;

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
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Scan files and folders (default `.`) and report findings.
    Check(CheckArgs),
    /// Print the rule catalog: id, name, family, severity, summary.
    Rules(RulesArgs),
    /// Diff the cacheable prefixes of the requests in request logs (JSONL), turn by turn.
    Cache(CacheArgs),
}

/// Output formats of `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// rustc-style diagnostics.
    Human,
    /// JSON, schema version 1.
    Json,
}

/// `--fail-on` levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailOnArg {
    /// Fail on errors only.
    Error,
    /// Fail on warnings and errors.
    Warning,
    /// Fail on any finding.
    Note,
    /// Never fail on findings.
    Never,
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

/// Arguments of `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files and folders to scan; `-` reads stdin. Folders are walked (respecting .gitignore);
    /// files are always scanned, whatever their name.
    #[arg(value_name = "PATH", default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Human)]
    pub format: FormatArg,
    /// Exit 1 when a finding is at or above this severity.
    #[arg(long, value_enum, default_value_t = FailOnArg::Warning)]
    pub fail_on: FailOnArg,
    /// Check every source as this kind.
    #[arg(long, value_name = "KIND", value_parser = parse_kind)]
    pub kind: Option<FileKind>,
    /// Only these rules: ids, names or families (repeatable, comma-separated).
    #[arg(long, value_name = "RULE")]
    pub select: Vec<String>,
    /// Skip these rules: ids, names or families (repeatable, comma-separated).
    #[arg(long, value_name = "RULE")]
    pub ignore: Vec<String>,
    /// Name for stdin in output and for choosing its kind.
    #[arg(long, value_name = "NAME")]
    pub stdin_filename: Option<String>,
    /// Print only the summary line and errors.
    #[arg(long, short)]
    pub quiet: bool,
    /// Color output.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    pub color: ColorArg,
    /// Skip files larger than this many bytes (with a note).
    #[arg(long, value_name = "BYTES", default_value_t = crate::check::DEFAULT_SIZE_LIMIT)]
    pub max_file_size: u64,
    /// A line that ends the static zone of a prompt, besides SYSTEM_PROMPT_DYNAMIC_BOUNDARY
    /// (repeatable); recognised alone on a line or in the usual wrappings (`<M/>`, `__M__`).
    #[arg(long, value_name = "MARKER")]
    pub boundary_marker: Vec<String>,
    /// Report inline tool results over this many estimated tokens (4 bytes per token).
    #[arg(long, value_name = "TOKENS", default_value_t = crate::parse::DEFAULT_TOOL_RESULT_BUDGET)]
    pub tool_result_budget: usize,
}

/// Arguments of `cache`.
#[derive(Debug, Args)]
pub struct CacheArgs {
    /// Request logs: JSON Lines, one request per line (bare, OpenAI Batch, or `{"request": ...}`);
    /// `-` reads stdin.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Human)]
    pub format: FormatArg,
    /// Skip (with an error) lines longer than this many bytes.
    #[arg(long, value_name = "BYTES", default_value_t = crate::cache::DEFAULT_MAX_LINE_BYTES)]
    pub max_line_bytes: usize,
}

/// Arguments of `rules`.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Human)]
    pub format: FormatArg,
}

fn parse_kind(s: &str) -> Result<FileKind, String> {
    s.parse()
}

//! The table of native checks: every check written in Rust, by the name rule files use in
//! `native:`. A test checks that every entry has a rule file and every `native:` names an
//! entry.

use std::collections::HashSet;
use std::sync::Arc;

use super::{Catalog, Rule};
use crate::agents::LoadCap;
use crate::finding::Finding;
use crate::kind::FileKind;
use crate::parse::Parsed;
use crate::source::{Decoded, LineIndex};

/// What a native check sees of one source.
#[derive(Debug)]
pub struct Input<'a> {
    /// Display path (relative, `/`).
    pub path: &'a str,
    /// File kind.
    pub kind: FileKind,
    /// Decoded text and what decoding repaired.
    pub decoded: &'a Decoded,
    /// Line index of the text.
    pub lines: &'a LineIndex,
    /// Segments.
    pub parsed: &'a Parsed,
    /// Load caps of the agents that load this file, with the bytes and chars their loaders
    /// count before this file (ancestor files of a chained loader such as Codex).
    pub caps: &'a [(LoadCap, u64)],
    /// Why the file was not scanned, when it was skipped (binary, over the size limit, not a
    /// regular file); the text is then empty.
    pub skipped: Option<&'a str>,
    /// The catalog in effect, for checks that run other rules over text they derive (the
    /// encoded check rescans decoded payloads with the pattern rules).
    pub catalog: &'a Catalog,
    /// Ids of the enabled rules.
    pub enabled: &'a HashSet<String>,
}

impl Input<'_> {
    /// The decoded text.
    pub fn text(&self) -> &str {
        &self.decoded.text
    }
}

/// A native check: the findings of `rule` in `input`.
pub type CheckFn = fn(&Input<'_>, &Arc<Rule>) -> Vec<Finding>;

/// One entry of the table.
#[derive(Debug, Clone, Copy)]
pub struct NativeCheck {
    /// The name rule files use in `native:`.
    pub name: &'static str,
    /// The check.
    pub run: CheckFn,
}

/// Every native check.
pub const NATIVE_CHECKS: &[NativeCheck] = &[
    NativeCheck {
        name: "bidi-control",
        run: super::unicode::bidi_control,
    },
    NativeCheck {
        name: "zero-width",
        run: super::unicode::zero_width,
    },
    NativeCheck {
        name: "tag-characters",
        run: super::unicode::tag_characters,
    },
    NativeCheck {
        name: "variation-selectors",
        run: super::unicode::variation_selectors,
    },
    NativeCheck {
        name: "invisible-format",
        run: super::unicode::invisible_format,
    },
    NativeCheck {
        name: "private-use",
        run: super::unicode::private_use,
    },
    NativeCheck {
        name: "control-characters",
        run: super::control::control_characters,
    },
    NativeCheck {
        name: "mixed-script-confusable",
        run: super::confusable::mixed_script_confusable,
    },
    NativeCheck {
        name: "invalid-utf8",
        run: super::hygiene::invalid_utf8,
    },
    NativeCheck {
        name: "nul-bytes",
        run: super::hygiene::nul_bytes,
    },
    NativeCheck {
        name: "load-cap",
        run: super::hygiene::load_cap,
    },
    NativeCheck {
        name: "skipped-file",
        run: super::hygiene::skipped_file,
    },
    NativeCheck {
        name: "parse-error",
        run: super::hygiene::parse_error,
    },
    NativeCheck {
        name: "mcp-auto-approve",
        run: super::mcp::auto_approve,
    },
    NativeCheck {
        name: "volatile-timestamp",
        run: super::cache::volatile_timestamp,
    },
    NativeCheck {
        name: "volatile-identifier",
        run: super::cache::volatile_identifier,
    },
    NativeCheck {
        name: "current-date-label",
        run: super::cache::current_date_label,
    },
    NativeCheck {
        name: "process-specific-value",
        run: super::cache::process_specific_value,
    },
    NativeCheck {
        name: "volatile-placeholder",
        run: super::cache::volatile_placeholder,
    },
    NativeCheck {
        name: "duplicate-boundary-marker",
        run: super::cache::duplicate_boundary_marker,
    },
    NativeCheck {
        name: "missing-boundary-marker",
        run: super::cache::missing_boundary_marker,
    },
    NativeCheck {
        name: "prefix-below-cache-minimum",
        run: super::cache::prefix_below_cache_minimum,
    },
    NativeCheck {
        name: "project-file-in-system-prompt",
        run: super::cache::project_file_in_system,
    },
    NativeCheck {
        name: "oversized-tool-result",
        run: super::cache::oversized_tool_result,
    },
    NativeCheck {
        name: "too-many-breakpoints",
        run: super::cache::too_many_breakpoints,
    },
    NativeCheck {
        name: "prefix-break",
        run: super::cache::prefix_break,
    },
    NativeCheck {
        name: "suppression-without-reason",
        run: super::hygiene::reported_by_suppress,
    },
    NativeCheck {
        name: "unused-suppression",
        run: super::hygiene::reported_by_suppress,
    },
    NativeCheck {
        name: "findings-truncated",
        run: super::hygiene::reported_by_report,
    },
    NativeCheck {
        name: "weakened-config",
        run: super::hygiene::weakened_config,
    },
    NativeCheck {
        name: "encoded-instructions",
        run: super::encoded::encoded_instructions,
    },
    NativeCheck {
        name: "internal-error",
        run: super::hygiene::reported_by_engine,
    },
];

/// The check named `name`.
pub fn get(name: &str) -> Option<&'static NativeCheck> {
    NATIVE_CHECKS.iter().find(|c| c.name == name)
}

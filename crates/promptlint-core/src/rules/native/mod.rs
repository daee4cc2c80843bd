//! The native rules: every check written in Rust, one file per rule, and the table that names
//! them by the name rule files use in `native:`.
//!
//! A native rule is its YAML (`rules/<family>/PLnnn-<name>.yaml` with `native: <name>`), one
//! file here (`plnnn_<name>.rs`, `-` as `_`) holding its check, its optional `--fix` arm and its
//! unit tests, and one line in [`NATIVE_CHECKS`] (a rule file past the line limit keeps its
//! children in a folder of its name: `pl514_mcp_server_exposure/pieces.rs`). Every check takes
//! an [`Input`] (`input.rs`, below the table and the checks). Code shared by several rules lives in
//! `unicode_common` (views, context, capped findings of PL201–PL208), `settings_common`
//! (PL309, PL310, PL507, PL508: findings at a setting's key path), `permission`
//! (PL506, PL508: what an allow entry or auto-approval grants, by effect), `confusable_text`
//! (PL207's tokens and lookalikes) and `cache_common` (PL401–PL412); the code point classes
//! are in [`crate::codepoints`]. A test checks that every entry has its rule file and its
//! source file and that every `native:` names an entry.

pub mod cache_common;
pub mod confusable_text;
pub mod effects_common;
pub mod input;
pub mod permission;
pub mod settings_common;
pub mod unicode_common;

pub mod pl117_styled_hidden_text;
pub mod pl119_order_in_data;
pub mod pl201_bidi_control;
pub mod pl202_zero_width;
pub mod pl203_tag_characters;
pub mod pl204_variation_selectors;
pub mod pl205_invisible_format;
pub mod pl206_private_use;
pub mod pl207_mixed_script_confusable;
pub mod pl208_control_characters;
pub mod pl209_lookalike_alphabet;
pub mod pl309_provider_endpoint_override;
pub mod pl310_settings_command_exfil;
pub mod pl311_image_data_channel;
pub mod pl313_download_then_execute;
pub mod pl315_secret_sent_out;
pub mod pl316_fetched_code_run;
pub mod pl317_cloud_metadata_read;
pub mod pl318_cron_persistence;
pub mod pl319_ssh_key_persistence;
pub mod pl320_startup_file_persistence;
pub mod pl321_git_hook_persistence;
pub mod pl322_login_item_persistence;
pub mod pl323_insecure_package_index;
pub mod pl325_secret_handed_out;
pub mod pl327_crypto_miner;
pub mod pl328_code_hidden_recipient;
pub mod pl401_volatile_timestamp;
pub mod pl402_volatile_identifier;
pub mod pl403_current_date_label;
pub mod pl404_process_specific_value;
pub mod pl405_volatile_placeholder;
pub mod pl406_duplicate_boundary_marker;
pub mod pl407_missing_boundary_marker;
pub mod pl408_prefix_below_cache_minimum;
pub mod pl409_project_file_in_system_prompt;
pub mod pl410_oversized_tool_result;
pub mod pl411_too_many_breakpoints;
pub mod pl412_prefix_break;
pub mod pl506_mcp_auto_approve;
pub mod pl507_session_start_command;
pub mod pl508_settings_permission_bypass;
pub mod pl511_destroys_home_or_cloud;
pub mod pl512_disables_system_protection;
pub mod pl513_container_host_access;
pub mod pl514_mcp_server_exposure;
pub mod pl515_ci_agent_untrusted_input;
pub mod pl516_settings_env_code_loading;
pub mod pl801_invalid_utf8;
pub mod pl802_nul_bytes;
pub mod pl803_load_cap;
pub mod pl804_skipped_file;
pub mod pl805_parse_error;
pub mod pl806_suppression_without_reason;
pub mod pl807_unused_suppression;
pub mod pl808_weakened_config;
pub mod pl809_internal_error;
pub mod pl810_findings_truncated;
pub mod pl811_opaque_skill_file;

use std::ops::Range;
use std::sync::Arc;

use super::Rule;
use crate::finding::Finding;
pub use input::Input;

/// A native check: the findings of `rule` in `input`.
pub type CheckFn = fn(&Input<'_>, &Arc<Rule>) -> Vec<Finding>;

/// A native rule's `--fix` arm: the byte ranges of `text` to delete for one of its findings at
/// `span` (a byte range of `text`), in order, each on char boundaries; only the rule's own
/// class, and only where removing it is safe.
pub type FixFn = fn(&str, Range<usize>) -> Vec<Range<usize>>;

/// One entry of the table.
#[derive(Debug, Clone, Copy)]
pub struct NativeCheck {
    /// The name rule files use in `native:`.
    pub name: &'static str,
    /// The check.
    pub run: CheckFn,
    /// The `--fix` arm, for rules with `fixable: true`.
    pub fix: Option<FixFn>,
}

const fn check(name: &'static str, run: CheckFn) -> NativeCheck {
    NativeCheck {
        name,
        run,
        fix: None,
    }
}

const fn fixable(name: &'static str, run: CheckFn, fix: FixFn) -> NativeCheck {
    NativeCheck {
        name,
        run,
        fix: Some(fix),
    }
}

/// Every native check, one line per rule (`encoded-instructions` lives in
/// [`super::encoded`]).
#[rustfmt::skip]
pub const NATIVE_CHECKS: &[NativeCheck] = &[
    fixable("bidi-control", pl201_bidi_control::bidi_control, pl201_bidi_control::fix),
    fixable("zero-width", pl202_zero_width::zero_width, pl202_zero_width::fix),
    fixable("tag-characters", pl203_tag_characters::tag_characters, pl203_tag_characters::fix),
    fixable("variation-selectors", pl204_variation_selectors::variation_selectors, pl204_variation_selectors::fix),
    check("invisible-format", pl205_invisible_format::invisible_format),
    check("private-use", pl206_private_use::private_use),
    check("mixed-script-confusable", pl207_mixed_script_confusable::mixed_script_confusable),
    check("control-characters", pl208_control_characters::control_characters),
    check("lookalike-alphabet", pl209_lookalike_alphabet::lookalike_alphabet),
    check("styled-hidden-text", pl117_styled_hidden_text::styled_hidden_text),
    check("order-in-data", pl119_order_in_data::order_in_data),
    check("invalid-utf8", pl801_invalid_utf8::invalid_utf8),
    check("nul-bytes", pl802_nul_bytes::nul_bytes),
    check("load-cap", pl803_load_cap::load_cap),
    check("skipped-file", pl804_skipped_file::skipped_file),
    check("opaque-skill-file", pl811_opaque_skill_file::opaque_skill_file),
    check("parse-error", pl805_parse_error::parse_error),
    check("mcp-auto-approve", pl506_mcp_auto_approve::auto_approve),
    check("settings-command-exfil", pl310_settings_command_exfil::settings_command_exfil),
    check("image-data-channel", pl311_image_data_channel::image_data_channel),
    check("provider-endpoint-override", pl309_provider_endpoint_override::provider_endpoint_override),
    check("download-then-execute", pl313_download_then_execute::download_then_execute),
    check("secret-handed-out", pl325_secret_handed_out::secret_handed_out),
    check("secret-sent-out", pl315_secret_sent_out::secret_sent_out),
    check("fetched-code-run", pl316_fetched_code_run::fetched_code_run),
    check("cloud-metadata-read", pl317_cloud_metadata_read::cloud_metadata_read),
    check("cron-persistence", pl318_cron_persistence::cron_persistence),
    check("ssh-key-persistence", pl319_ssh_key_persistence::ssh_key_persistence),
    check("startup-file-persistence", pl320_startup_file_persistence::startup_file_persistence),
    check("git-hook-persistence", pl321_git_hook_persistence::git_hook_persistence),
    check("login-item-persistence", pl322_login_item_persistence::login_item_persistence),
    check("destroys-home-or-cloud", pl511_destroys_home_or_cloud::destroys_home_or_cloud),
    check("disables-system-protection", pl512_disables_system_protection::disables_system_protection),
    check("container-host-access", pl513_container_host_access::container_host_access),
    check("ci-agent-untrusted-input", pl515_ci_agent_untrusted_input::ci_agent_untrusted_input),
    check("mcp-server-exposure", pl514_mcp_server_exposure::mcp_server_exposure),
    check("settings-env-code-loading", pl516_settings_env_code_loading::settings_env_code_loading),
    check("insecure-package-index", pl323_insecure_package_index::insecure_package_index),
    check("crypto-miner", pl327_crypto_miner::crypto_miner),
    check("code-hidden-recipient", pl328_code_hidden_recipient::code_hidden_recipient),
    check("session-start-command", pl507_session_start_command::session_start_command),
    check("settings-permission-bypass", pl508_settings_permission_bypass::settings_permission_bypass),
    check("volatile-timestamp", pl401_volatile_timestamp::volatile_timestamp),
    check("volatile-identifier", pl402_volatile_identifier::volatile_identifier),
    check("current-date-label", pl403_current_date_label::current_date_label),
    check("process-specific-value", pl404_process_specific_value::process_specific_value),
    check("volatile-placeholder", pl405_volatile_placeholder::volatile_placeholder),
    check("duplicate-boundary-marker", pl406_duplicate_boundary_marker::duplicate_boundary_marker),
    check("missing-boundary-marker", pl407_missing_boundary_marker::missing_boundary_marker),
    check("prefix-below-cache-minimum", pl408_prefix_below_cache_minimum::prefix_below_cache_minimum),
    check("project-file-in-system-prompt", pl409_project_file_in_system_prompt::project_file_in_system),
    check("oversized-tool-result", pl410_oversized_tool_result::oversized_tool_result),
    check("too-many-breakpoints", pl411_too_many_breakpoints::too_many_breakpoints),
    check("prefix-break", pl412_prefix_break::prefix_break),
    check("suppression-without-reason", pl806_suppression_without_reason::suppression_without_reason),
    check("unused-suppression", pl807_unused_suppression::unused_suppression),
    check("findings-truncated", pl810_findings_truncated::reported_by_report),
    check("weakened-config", pl808_weakened_config::weakened_config),
    check("encoded-instructions", super::encoded::encoded_instructions),
    check("internal-error", pl809_internal_error::reported_by_engine),
];

/// The check named `name`.
pub fn get(name: &str) -> Option<&'static NativeCheck> {
    NATIVE_CHECKS.iter().find(|c| c.name == name)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::path::Path;

    use super::*;

    /// Native checks whose file is not in this folder, with where it lives. PL601 is a
    /// family of its own: the rule in `crates/promptlint-core/src/rules/encoded/mod.rs`, its decoders beside it.
    const ELSEWHERE: &[(&str, &str)] = &[("encoded-instructions", "src/rules/encoded/mod.rs")];

    /// One native rule file: (id, name, `native:`, `fixable: true`).
    fn native_yamls() -> Vec<(String, String, String, bool)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
        let mut out = Vec::new();
        let mut dirs = vec![root];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("rules/ is readable") {
                let path = entry.expect("rules/ entry").path();
                if path.is_dir() {
                    dirs.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "yaml") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).expect("rule file is UTF-8");
                let field = |key: &str| {
                    text.lines()
                        .find_map(|l| l.strip_prefix(key))
                        .map(|v| v.trim().to_owned())
                };
                if let (Some(id), Some(name), Some(native)) =
                    (field("id:"), field("name:"), field("native:"))
                {
                    let fixable = field("fixable:").as_deref() == Some("true");
                    out.push((id, name, native, fixable));
                }
            }
        }
        out.sort();
        out
    }

    #[test]
    fn every_native_rule_is_its_yaml_its_file_and_one_registry_line() {
        let yamls = native_yamls();
        assert!(yamls.len() >= NATIVE_CHECKS.len(), "{yamls:?}");
        let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules/native");
        // Every rule file with `native:` has its entry, its source file and, when fixable,
        // its fix arm.
        for (id, name, native, fixable) in &yamls {
            let entry =
                get(native).unwrap_or_else(|| panic!("{id}: native: {native} has no entry"));
            assert_eq!(
                entry.fix.is_some(),
                *fixable,
                "{id}: fixable and fix arm disagree"
            );
            let file = format!("{}_{}.rs", id.to_lowercase(), name.replace('-', "_"));
            let path = match ELSEWHERE.iter().find(|(n, _)| n == native) {
                Some((_, p)) => Path::new(env!("CARGO_MANIFEST_DIR")).join(p),
                None => here.join(&file),
            };
            assert!(path.is_file(), "{id} {name}: no {}", path.display());
        }
        // Every entry has its rule file, once.
        for check in NATIVE_CHECKS {
            let n = yamls.iter().filter(|y| y.2 == check.name).count();
            assert_eq!(n, 1, "entry {} has {n} rule files", check.name);
        }
        let mut names: Vec<&str> = NATIVE_CHECKS.iter().map(|c| c.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), NATIVE_CHECKS.len(), "an entry is listed twice");
        // Every rule file in this folder belongs to a rule; the rest are the shared modules.
        let expected: BTreeMap<String, &str> = yamls
            .iter()
            .map(|(id, name, _, _)| {
                (
                    format!("{}_{}.rs", id.to_lowercase(), name.replace('-', "_")),
                    id.as_str(),
                )
            })
            .collect();
        let shared = [
            "mod.rs",
            "input.rs",
            "unicode_common.rs",
            "confusable_text.rs",
            "cache_common.rs",
            "settings_common.rs",
            "effects_common.rs",
            "permission.rs",
        ];
        for entry in
            std::fs::read_dir(&here).expect("crates/promptlint-core/src/rules/native is readable")
        {
            let file = entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned();
            // A rule file split into children keeps them in a folder of its own name.
            let parent = format!("{file}.rs");
            assert!(
                expected.contains_key(&file)
                    || shared.contains(&file.as_str())
                    || expected.contains_key(&parent) && here.join(&file).is_dir(),
                "crates/promptlint-core/src/rules/native/{file} belongs to no native rule file and is not a shared module"
            );
        }
    }
}

//! The engine: one source through read -> decode -> parse -> normalize -> match.
//!
//! Input: one [`Target`] and the enabled rules. Output: a [`Checked`] with the source's text,
//! segments and findings (not yet judged by suppression: the CLI's pipeline does that, see
//! `crate::pipeline`), or a [`FileError`] when it cannot be read. Sources are independent, so
//! the caller runs this in parallel.

use std::collections::HashSet;
use std::io::Read;
use std::ops::Range;

use crate::finding::{Finding, Severity};
use crate::kind::FileKind;
use crate::normalize::{NormView, ViewKind, normalize};
use crate::parse::{self, Parsed};
use crate::rules::authorship::authorship;
use crate::rules::native::{self, Input};
use crate::rules::{Catalog, ContextPolicy, Family, Rule, ZoneFilter, context};
use crate::source::{self, Decoded, LineIndex};
use crate::target::{FileError, Target};

mod addressed;
mod comments;
mod faults;
mod lower;
mod named;
pub mod outsiders;
mod paths;
mod skipped;
mod sniff;
mod span;
mod workflow;
pub use crate::kind::is_ci_workflow;
pub use comments::{MAX_SOURCE_BYTES, might_address_agents};
use faults::{Faults, PATTERN_PASS, isolate};
pub use faults::{PANIC_MESSAGE_MAX, inject_fault, panic_message};
use lower::{
    lower_collapsed, lower_demonstrated, lower_denied, lower_doc_visible, lower_page_visible,
    lower_scoped, lower_shown,
};
pub use sniff::{memory_target, sniff_kind};
use span::{
    crosses_block, dedupe, push_unseen, shown_match, touches_zero_width, zero_width_as_spaces,
};

/// Default size limit (10 MiB, in [`crate::bounds`]): larger files are skipped with a note.
pub const DEFAULT_SIZE_LIMIT: u64 = crate::bounds::DEFAULT_MAX_FILE_SIZE;

/// What the per-source pipeline needs besides the target.
#[derive(Debug)]
pub struct Engine<'a> {
    /// The catalog in effect.
    pub catalog: &'a Catalog,
    /// Ids of the enabled rules.
    pub enabled: HashSet<String>,
    /// Files larger than this many bytes are skipped with a note.
    pub size_limit: u64,
    /// Parse options (boundary markers, tool-result budget).
    pub parse: parse::ParseOptions,
}

/// One source checked: what the suppress stage needs to judge its findings and the report
/// needs to show them.
#[derive(Debug)]
pub struct Checked {
    /// The path as shown.
    pub display: String,
    /// The kind the result reports: `None` for a skipped source whose kind was not known.
    pub kind: Option<FileKind>,
    /// The kind it was checked as (a skipped source of unknown kind: instructions).
    pub checked_as: FileKind,
    /// The decoded text (empty for a skipped source).
    pub text: String,
    /// Line index of `text`.
    pub lines: LineIndex,
    /// Segments of `text`.
    pub parsed: Parsed,
    /// The findings, deduplicated, not yet judged.
    pub findings: Vec<Finding>,
    /// False for a skipped source (binary, too large).
    pub scanned: bool,
}

impl Checked {
    /// A source whose findings were made without the engine's passes (the config in use,
    /// which `PL808` reads when the walk did not reach it): its text, lines and findings,
    /// reported but not counted as scanned.
    pub fn outside_engine(display: String, text: String, findings: Vec<Finding>) -> Checked {
        Checked {
            display,
            kind: None,
            checked_as: FileKind::Instructions,
            lines: LineIndex::new(&text),
            text,
            parsed: Parsed::default(),
            findings,
            scanned: false,
        }
    }
}

/// True when the model reads `target`'s text: a kind an agent loads, or a text file of a
/// skill bundle (an archive or office document is not text to it). Such a file is never
/// skipped as binary, and over the size limit its beginning is still scanned.
fn model_reads(target: &Target) -> bool {
    match target.kind {
        Some(FileKind::SkillResource) => {
            native::pl811_opaque_skill_file::opaque_kind(&target.display).is_none()
        }
        Some(k) => k.is_agent_loaded(),
        None => false,
    }
}

impl<'a> Engine<'a> {
    /// An engine with the given rules enabled and default limits and parse options.
    pub fn new(catalog: &'a Catalog, enabled: HashSet<String>) -> Engine<'a> {
        Engine {
            catalog,
            enabled,
            size_limit: DEFAULT_SIZE_LIMIT,
            parse: parse::ParseOptions::default(),
        }
    }

    fn enabled(&self, rule: &Rule) -> bool {
        self.enabled.contains(&rule.id)
    }

    /// Runs the pipeline on one target.
    ///
    /// # Errors
    /// A [`FileError`] when the source cannot be read (missing, permission denied, a broken
    /// link). Everything else (binary, too large, invalid UTF-8, unparsable JSON) is a finding.
    pub fn check_target(&self, target: &Target) -> Result<Checked, FileError> {
        if let Some(why) = &target.skip {
            return Ok(self.skipped(target, why));
        }
        match self.read(target) {
            Ok((bytes, len)) => Ok(self.check_sized(target, bytes, len)),
            Err(message) => Err(FileError {
                path: target.display.clone(),
                message,
            }),
        }
    }

    /// Checks `bytes` of `target`, `len` bytes long in all: whole when it is within the size
    /// limit, or the file the model reads within [`Engine::prefix_limit`]; its first bytes when
    /// the model reads it and it is longer ([`Engine::check_prefix`]); any other file over the
    /// limit is skipped with a `PL804` note (and `bytes` need not hold it).
    pub fn check_sized(&self, target: &Target, mut bytes: Vec<u8>, len: u64) -> Checked {
        if len <= self.size_limit {
            return self.check_bytes(target, bytes);
        }
        if !model_reads(target) {
            let why = format!("larger than the size limit of {} bytes", self.size_limit);
            return self.skipped(target, &why);
        }
        let cap = self.prefix_limit(target);
        if len <= cap {
            return self.check_bytes(target, bytes);
        }
        bytes.truncate(usize::try_from(cap).unwrap_or(usize::MAX));
        self.check_prefix(target, bytes, len)
    }

    /// Checks the first bytes of a file the model reads that is over the size limit (`len`
    /// bytes in all): cut to a whole character, scanned as the agent reads them, with a
    /// `PL804` **warning** at the end of the scanned text for the rest, which an agent may
    /// load unscanned. An attacker who pads a file past the limit cannot hide its beginning.
    fn check_prefix(&self, target: &Target, mut bytes: Vec<u8>, len: u64) -> Checked {
        let scanned = source::whole_chars_prefix(&bytes);
        bytes.truncate(scanned);
        let mut checked = self.check_bytes(target, bytes);
        if !checked.scanned {
            return checked;
        }
        let why = format!(
            "the bytes past {scanned} (the file is {len} bytes, larger than the size limit of {} bytes)",
            self.size_limit
        );
        let end = checked.text.len();
        for rule in self.catalog.rules() {
            if rule.native.as_deref() == Some("skipped-file") && self.enabled(rule) {
                checked.findings.extend(
                    Finding::new(rule, &checked.text, end..end, format!("not scanned: {why}"))
                        .map(|f| {
                            f.with_matched(format!("past {scanned} of {len} bytes"))
                                .with_severity(
                                    Severity::Warning,
                                    "an agent loads this file: the part past the limit reaches the model unscanned",
                                )
                        }),
                );
            }
        }
        checked
    }

    /// How many bytes of `target` are scanned when it is over the size limit and the model
    /// reads it: the size limit, or more where an agent that loads it reads further (its
    /// load cap; a cap in characters counts 4 bytes each, the longest UTF-8 character), never
    /// past [`crate::bounds::MAX_FILE_SIZE_CEILING`].
    fn prefix_limit(&self, target: &Target) -> u64 {
        let caps = target.caps.iter().map(|(cap, _)| match cap.unit {
            crate::agents::CapUnit::Bytes => cap.limit,
            crate::agents::CapUnit::Chars => cap.limit.saturating_mul(4),
        });
        caps.fold(self.size_limit, u64::max)
            .min(crate::bounds::MAX_FILE_SIZE_CEILING.max(self.size_limit))
    }

    /// Decodes and checks the bytes of `target`. A binary file is skipped with a note unless
    /// the model reads it as text (one NUL byte must not hide AGENTS.md, or a skill's
    /// `references/guide.md`, from the scan).
    pub fn check_bytes(&self, target: &Target, bytes: Vec<u8>) -> Checked {
        // A skill's text file is read by the model, but a program without an extension is
        // not text: one with NULs is scanned only when the rest is text.
        // (`mostly_text` reads the bytes again: only for a file that looks binary.)
        let text = || {
            model_reads(target)
                && (target.kind != Some(FileKind::SkillResource) || source::mostly_text(&bytes))
        };
        if source::looks_binary(&bytes) && !text() {
            return self.skipped(target, "binary (holds NUL bytes)");
        }
        if target.kind == Some(FileKind::SkillResource)
            && let Some(what) = native::pl811_opaque_skill_file::opaque_kind(&target.display)
        {
            return self.skipped(target, &format!("{what}, not text"));
        }
        let decoded = source::decode(&bytes);
        drop(bytes);
        if target.comments {
            let check = |t: &Target, d| self.check_text(t, FileKind::Instructions, d).findings;
            let (text, findings) = comments::check(target, decoded, &check);
            return Checked {
                display: target.display.clone(),
                kind: Some(FileKind::Instructions),
                checked_as: FileKind::Instructions,
                lines: LineIndex::new(&text),
                text,
                parsed: Parsed::default(),
                findings,
                scanned: true,
            };
        }
        let kind = target
            .kind
            .unwrap_or_else(|| sniff_kind(&target.display, &decoded.text));
        self.check_text(target, kind, decoded)
    }

    /// Reads the target: its bytes, at most [`Engine::prefix_limit`] of a file the model
    /// reads and at most the size limit of any other, and its length (at least one more than
    /// it read when there is more; a file no agent loads over the limit is not read at all).
    fn read(&self, target: &Target) -> Result<(Vec<u8>, u64), String> {
        let cap = if model_reads(target) {
            self.prefix_limit(target)
        } else {
            self.size_limit
        };
        match &target.path {
            None => {
                let mut buf = Vec::new();
                std::io::stdin()
                    .take(cap.saturating_add(1))
                    .read_to_end(&mut buf)
                    .map_err(|e| format!("cannot read stdin: {e}"))?;
                // Standard input's length is not known past what was read.
                let len = buf.len() as u64;
                Ok((buf, len))
            }
            Some(p) => self.read_file(target, p).map_err(|e| e.to_string()),
        }
    }

    /// Reads the file `path` as `target`, as [`Engine::check_target`] reads it: its bytes, of
    /// a file the model reads at most the size limit or the larger load cap of an agent that
    /// loads it, and at most the size limit of any other, and its length (at least one more than it read when there is more; a
    /// file no agent loads over the limit is not read at all). Hand both to
    /// [`Engine::check_sized`].
    ///
    /// # Errors
    /// A [`crate::bounds::ReadError`] when `path` cannot be opened or read or is not a regular
    /// file (links are followed; a FIFO is refused without blocking).
    pub fn read_file(
        &self,
        target: &Target,
        path: &std::path::Path,
    ) -> Result<(Vec<u8>, u64), crate::bounds::ReadError> {
        // Discovery skips what is not a regular file; this refuses one swapped in since,
        // without blocking on a FIFO.
        if model_reads(target) {
            return crate::bounds::read_prefix(path, self.prefix_limit(target));
        }
        let cap = self.size_limit;
        Ok(match crate::bounds::read_at_most(path, cap)? {
            Some(b) => {
                let len = b.len() as u64;
                (b, len)
            }
            None => (Vec::new(), cap.saturating_add(1)),
        })
    }

    /// Runs parse and match on decoded text.
    pub fn check_text(&self, target: &Target, kind: FileKind, decoded: Decoded) -> Checked {
        if self.named_program(target, kind, &decoded.text) {
            return self.check_program(target, kind, decoded);
        }
        self.check_as(target, kind, decoded, false)
    }

    /// [`Engine::check_text`], the text parsed as a script's (plain text) and its code read
    /// whole for its effects when `program` ([`named`]).
    fn check_as(
        &self,
        target: &Target,
        kind: FileKind,
        decoded: Decoded,
        program: bool,
    ) -> Checked {
        let (kind, handed) = outsiders::checked_as(&target.display, kind, &decoded.text);
        let text = &decoded.text;
        let lines = LineIndex::new(text);
        let parse_as = if program {
            FileKind::SkillResource
        } else {
            kind
        };
        let parsed = parse::parse_with(text, parse_as, &target.display, &self.parse);
        let input = Input {
            path: &target.display,
            kind,
            decoded: &decoded,
            lines: &lines,
            parsed: &parsed,
            caps: &target.caps,
            skipped: None,
            catalog: self.catalog,
            enabled: &self.enabled,
            effects: std::sync::OnceLock::new(),
            program,
        };
        let mut findings = Vec::new();
        let mut faults = Faults::default();
        let workflow = is_ci_workflow(&target.display);
        for rule in self.catalog.rules() {
            let Some(name) = &rule.native else { continue };
            if !self.enabled(rule)
                || !rule.applies_to_kind(kind)
                || (workflow && rule.family == Family::Cache)
            {
                continue;
            }
            if let Some(check) = native::get(name) {
                // A panic (a bug) costs this rule on this file, never the other rules.
                match isolate(&rule.id, || (check.run)(&input, rule)) {
                    Ok(found) => findings.extend(found),
                    Err(why) => faults.push(rule, why),
                }
            }
        }
        self.match_patterns(text, kind, &parsed, &mut findings, &mut faults);
        self.match_inline_hidden(text, kind, &parsed, &mut findings, &mut faults);
        // A documentation page's sections written to agents are judged as instructions.
        let addressed = if kind == FileKind::Doc {
            addressed::agent_sections(text, &parsed)
        } else {
            Vec::new()
        };
        let enabled = |r: &Rule| self.enabled(r);
        if !addressed.is_empty() {
            // The whole page read as instructions, kept inside the sections.
            let mut found = Vec::new();
            addressed::natives_as_instructions(
                self.catalog,
                &enabled,
                &input,
                &mut found,
                &mut faults,
            );
            self.match_patterns(
                text,
                FileKind::Instructions,
                &parsed,
                &mut found,
                &mut faults,
            );
            findings.extend(
                found
                    .into_iter()
                    .filter(|f| addressed::inside(&addressed, &f.span)),
            );
        }
        if kind == FileKind::AgentSettings {
            addressed::setting_prompts(self.catalog, &enabled, &input, &mut findings, &mut faults);
        }
        let mut findings = dedupe(findings);
        workflow::runner_only(&target.display, text, &mut findings);
        if kind.is_markdown() || matches!(kind, FileKind::SkillResource | FileKind::Prompt) {
            lower_shown(text, &parsed, (kind, &target.display), &mut findings);
        }
        if let Some(settings) = &parsed.settings {
            lower_denied(settings, &mut findings);
        }
        if kind.is_markdown() || matches!(kind, FileKind::SkillResource | FileKind::Prompt) {
            lower_demonstrated(text, &mut findings);
            lower_scoped(text, &parsed, &mut findings);
        }
        if !parsed.hidden.is_empty() {
            lower_collapsed(&parsed, &mut findings);
        }
        if kind == FileKind::Doc {
            lower_doc_visible(text, &parsed, &addressed, &mut findings);
        }
        if target.page && !handed {
            lower_page_visible(text, &parsed, &addressed, &mut findings);
        }
        // After the dedupe: every PL809 is at 0..0, and each names another rule.
        let internal = self
            .catalog
            .rules()
            .iter()
            .find(|r| r.native.as_deref() == Some("internal-error") && self.enabled(r));
        findings.extend(faults.findings(internal, text));
        // A finding inside text the renderer or a terminal hides says how it is hidden. Text
        // a terminal hides, and hidden text inside shown markup (an `alt` value), is read at
        // full severity: a quote or a fence around it is shown to no one, so it frames
        // nothing (hidden segments are never lowered in the first place).
        if !parsed.hidden.is_empty() {
            for f in &mut findings {
                if let Some(how) = parsed.hiding_at(&f.span) {
                    f.message = format!("{} ({})", f.message, how.how());
                    if (how == parse::Hiding::TerminalEscapes || how.inline())
                        && f.severity < f.rule.severity
                    {
                        f.severity = f.rule.severity;
                        f.context = None;
                    }
                }
            }
        }
        // A finding inside a string of a structured file carries that string's key path
        // (JSON and SARIF output); in an MCP dump the label shows it at the span too.
        if !parsed.key_paths.is_empty() {
            for f in &mut findings {
                if let Some(kp) = paths::key_path_at(&parsed.key_paths, &f.span) {
                    if f.label.is_none() {
                        f.label = Some(format!("{} in {kp}", f.rule.name));
                    }
                    f.key_path = Some(crate::escape::escape_one_line(kp));
                }
            }
        }
        if let Some(settings) = &parsed.settings {
            for f in findings.iter_mut().filter(|f| f.key_path.is_none()) {
                f.key_path = paths::setting_path_at(settings, &f.span);
            }
        }
        // A file brought in by a Claude Code `@path` import says who imported it; a script
        // a settings file runs by path, what runs it.
        outsiders::say(handed, &mut findings);
        if let Some(by) = &target.imported_by {
            let by = crate::escape::escape_one_line(by);
            let how = target.brought_in_how();
            for f in &mut findings {
                f.message = format!("{} ({how} {by})", f.message);
            }
        }
        Checked {
            display: target.display.clone(),
            kind: Some(kind),
            checked_as: kind,
            text: decoded.text,
            lines,
            parsed,
            findings,
            scanned: true,
        }
    }

    /// Hidden text inside shown markup (an `alt` value, an image's alt text, a definition's
    /// title: [`parse::Hiding::inline`]) stays in its segment; here it is read once more as
    /// `hidden` segments of its own, keeping only the findings of rules that do not read
    /// the body (those that read only hidden text), which the first pass could not give.
    fn match_inline_hidden(
        &self,
        text: &str,
        kind: FileKind,
        parsed: &Parsed,
        out: &mut Vec<Finding>,
        faults: &mut Faults,
    ) {
        let segments: Vec<parse::Segment> = parsed
            .hidden
            .iter()
            .filter(|(_, how)| how.inline())
            .map(|(r, _)| parse::Segment::verbatim(parse::Role::Hidden, r.clone()))
            .collect();
        if segments.is_empty() {
            return;
        }
        let view = Parsed {
            segments,
            syntax: parsed.syntax,
            ..Parsed::default()
        };
        let mut found = Vec::new();
        self.match_patterns(text, kind, &view, &mut found, faults);
        // The rules that read every role matched this text in its segment already, except in
        // a doc, whose segments they do not read: there hidden text is theirs too.
        out.extend(found.into_iter().filter(|f| {
            !f.rule.applies_to_role(parse::Role::Body)
                || (kind == FileKind::Doc && !f.rule.applies_to_kind(kind))
        }));
    }

    /// The pattern rules' findings in each segment, into `out`. A panic (a bug) in one rule's
    /// handling of a match costs that rule on this file; one in the shared work of a segment
    /// (normalizing, matching, reassembling fragments) costs the pattern pass on that segment;
    /// both are recorded in `faults`.
    fn match_patterns(
        &self,
        text: &str,
        kind: FileKind,
        parsed: &Parsed,
        out: &mut Vec<Finding>,
        faults: &mut Faults,
    ) {
        let sets = [ViewKind::Text, ViewKind::Prose].map(|v| (v, self.catalog.patterns(v)));
        if sets.iter().all(|(_, p)| p.is_empty()) {
            return;
        }
        let mut later = Vec::new();
        for seg in &parsed.segments {
            // Text a renderer hides in a doc (a README's comment, CSS-hidden text, an
            // attribute) is read by the model and by no person: it is held to the rules of an
            // instruction file, commands included, not to a doc's narrower set. A collapsed
            // `<details>` block is one click from the reader (install steps often sit there).
            // So is text whose words are split letter by letter by zero-width characters:
            // hidden from a search and a reviewer, whole to the model.
            // A prompt an agent's settings hand it (a hook's `askAgent` prompt) is an order
            // to the agent, as an instruction file's text is.
            let as_instructions = (kind == FileKind::Doc
                && ((seg.role.is_hidden()
                    && parsed.hiding_at(&seg.range) != Some(parse::Hiding::CollapsedDetails))
                    || crate::codepoints::split_letter_by_letter(seg.text(text))))
                || (kind == FileKind::AgentSettings && seg.role == parse::Role::User);
            let mut rule_faults = Faults::default();
            let pass = isolate(PATTERN_PASS, || {
                self.match_segment(
                    text,
                    kind,
                    as_instructions,
                    seg,
                    &sets,
                    out,
                    &mut later,
                    &mut rule_faults,
                );
            });
            faults.extend(rule_faults);
            if let Err(why) = pass {
                faults.push_pass(why);
            }
        }
        push_unseen(out, later);
    }

    /// [`Engine::match_patterns`] on one segment: first-pass findings into `out`, those of the
    /// pass with zero-width characters read as spaces into `later` (see [`push_unseen`]).
    #[allow(clippy::too_many_arguments)]
    fn match_segment(
        &self,
        text: &str,
        kind: FileKind,
        as_instructions: bool,
        seg: &parse::Segment,
        sets: &[(ViewKind, &crate::rules::pattern::PatternSet); 2],
        out: &mut Vec<Finding>,
        later: &mut Vec<Finding>,
        faults: &mut Faults,
    ) {
        {
            let seg_text = seg.text(text);
            if seg_text.is_empty() {
                return;
            }
            let norm = normalize(seg_text);
            // A command an agent's settings run is judged by the exfil family through PL310,
            // which names the hook and the key path, at full severity.
            let wanted = |r: &Rule| {
                self.enabled(r)
                    && (r.applies_to_kind(kind)
                        || (as_instructions && r.applies_to_kind(FileKind::Instructions)))
                    && r.applies_to_role(seg.role)
                    && zone_ok(r.zone, seg.zone)
                    && !(seg.role == parse::Role::SettingCommand && r.family == Family::Exfil)
            };
            // A zero-width character is removed from the views, which joins `ig<ZWSP>nore` into
            // a word but also `Please<ZWSP>ignore` into `pleaseignore`. So a segment that has
            // one is matched once more with each read as the space it stands for (same byte
            // length, so offsets hold), and a match over one that the first pass did not
            // report is added.
            let alt = zero_width_as_spaces(seg_text).map(|spaced| normalize(&spaced));
            let passes: Vec<&NormView> = std::iter::once(&norm).chain(alt.as_ref()).collect();
            for (pass, nv) in passes.iter().enumerate() {
                for (view_kind, patterns) in sets {
                    if patterns.is_empty() {
                        continue;
                    }
                    let view = nv.view(*view_kind);
                    let _failed = patterns.find_retrying(&view.text, wanted, |rule, m| {
                        // A match across a sentence or list item is not this rule's; the
                        // pattern set then searches again inside it.
                        let mut crossed = false;
                        let found = isolate(&rule.id, || {
                            let mut seg_range = view.to_segment(m.clone());
                            if pass > 0 {
                                // The second pass reads a multi-byte code point as as many
                                // spaces: a match may start or end inside it, which in the
                                // segment's own text is inside one character. It covers it.
                                seg_range = source::floor_char_boundary(seg_text, seg_range.start)
                                    ..source::ceil_char_boundary(seg_text, seg_range.end);
                            }
                            if pass > 0 && !touches_zero_width(seg_text, &seg_range) {
                                return None;
                            }
                            // The message quotes the file's own bytes (escaped), not the
                            // case-folded view the rule matched.
                            let shown = shown_match(seg_text, seg_range.clone());
                            // Context is judged on the text view: a negation or a quotation
                            // mark is seen through the same obfuscation as the match
                            // (`Ｎｅｖｅｒ`, `Ne**ve**r`).
                            let in_text = nv.to_text(*view_kind, m.clone());
                            if crosses_block(seg_text, seg_range.clone(), rule, seg.role) {
                                crossed = true;
                                return None;
                            }
                            let d = context::assess(
                                rule.context.sentence,
                                context::Place::of(kind),
                                seg.role,
                                nv.text(),
                                in_text,
                            );
                            let message = rule.render_message(&shown);
                            let at = Place { seg, kind, text };
                            at.finding(rule, seg_range, message, &view.text[m.clone()], d)
                        });
                        match found {
                            Ok(Some(f)) if pass > 0 => later.push(f),
                            Ok(Some(f)) => out.push(f),
                            Ok(None) => {}
                            Err(why) => faults.push(rule, why),
                        }
                        !crossed
                    });
                }
            }
            // Quoted fragments the text joins: the joined text is matched too, and a match
            // that spans two or more fragments is reported at them; with zero-width
            // characters read as spaces too, as above.
            for (pass, nv) in passes.iter().enumerate() {
                for joined in crate::fragments::reassemble(nv.text()) {
                    let inner = normalize(&joined.text);
                    // Only a sentence that forbids the join lowers it: the fragments are
                    // quoted by nature, so quotation is no cue here.
                    let d = context::assess(
                        ContextPolicy::Command,
                        context::Place::of(kind),
                        seg.role,
                        nv.text(),
                        joined.expr.clone(),
                    );
                    let rescanned = |r: &Rule| wanted(r) && REASSEMBLED.contains(&r.family);
                    for (view_kind, patterns) in sets {
                        let view = inner.view(*view_kind);
                        let _failed = patterns.find(&view.text, rescanned, |rule, m| {
                            let found = isolate(&rule.id, || {
                                let (span, n) = joined.source_span(view.to_segment(m.clone()));
                                if n < 2 {
                                    return None;
                                }
                                let shown = shown_match(&view.text, m.clone());
                                let message = format!(
                                    "{} (joined from {n} quoted fragments)",
                                    rule.render_message(&shown)
                                );
                                let at = Place { seg, kind, text };
                                let seg_range = nv.to_segment(span);
                                at.finding(rule, seg_range, message, &view.text[m.clone()], d)
                            });
                            match found {
                                Ok(Some(f)) if pass > 0 => later.push(f),
                                Ok(Some(f)) => out.push(f),
                                Ok(None) => {}
                                Err(why) => faults.push(rule, why),
                            }
                        });
                    }
                }
            }
        }
    }
}

/// Families whose pattern rules read reassembled fragments.
const REASSEMBLED: [Family; 3] = [Family::Injection, Family::Exfil, Family::Autonomy];

/// Where a pattern match was found: the segment, the file kind and the source text.
struct Place<'a> {
    seg: &'a parse::Segment,
    kind: FileKind,
    text: &'a str,
}

impl Place<'_> {
    /// A pattern rule's finding at `seg_range` of the segment, lowered to a note when the
    /// context reads as discussion (`d`) or by [`authorship`].
    fn finding(
        &self,
        rule: &std::sync::Arc<Rule>,
        seg_range: Range<usize>,
        message: String,
        matched: &str,
        d: Option<context::Discussion>,
    ) -> Option<Finding> {
        let src_range = self.seg.to_source(seg_range);
        let mut f = Finding::new(rule, self.text, src_range, message)
            .ok()?
            .with_matched(matched.to_owned());
        // A fence whose lead-in delivers it ("## Session bootstrap") is not an example.
        let d = d.filter(|d| {
            *d != context::Discussion::Fenced
                || !context::fence_delivered(self.text, self.seg.range.start)
        });
        if let Some(d) = d {
            f = f.with_severity(Severity::Note, d.reason());
        }
        if let Some((sev, why)) = authorship(rule, self.kind, self.seg.role)
            && sev < f.severity
        {
            f = f.with_severity(sev, why);
        }
        Some(f)
    }
}

fn zone_ok(filter: ZoneFilter, zone: parse::Zone) -> bool {
    match filter {
        ZoneFilter::Any => true,
        ZoneFilter::Static => zone == parse::Zone::Static,
        ZoneFilter::Dynamic => zone == parse::Zone::Dynamic,
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) use tests::{check_memory, rule_findings};

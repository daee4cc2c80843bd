//! The engine: one source through read -> decode -> parse -> normalize -> match.
//!
//! Input: one [`Target`] and the enabled rules. Output: a [`Checked`] with the source's text,
//! segments and findings (not yet judged by suppression: the CLI's pipeline does that, see
//! `crate::pipeline`), or a [`FileError`] when it cannot be read. Sources are independent, so
//! the caller runs this in parallel.

use std::collections::HashSet;
use std::io::Read;
use std::ops::Range;

use crate::codepoints::Alnum;
use crate::finding::{Finding, Severity};
use crate::kind::FileKind;
use crate::normalize::{NormView, ViewKind, normalize};
use crate::parse::{self, Parsed};
use crate::rules::authorship::authorship;
use crate::rules::native::{self, Input};
use crate::rules::{Catalog, ContextPolicy, Family, Rule, ZoneFilter, context};
use crate::source::{self, Decoded, LineIndex};
use crate::target::{FileError, Target};

mod lower;
use lower::{lower_demonstrated, lower_denied, lower_scoped, lower_shown};

/// Default size limit: files larger than this are skipped with a note (10 MiB); the value
/// lives with the other caps in [`crate::bounds`].
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
            // Discovery skips what is not a regular file; this refuses one swapped in since,
            // without blocking on a FIFO.
            Some(p) if !model_reads(target) => match crate::bounds::read_at_most(p, cap) {
                Ok(Some(b)) => {
                    let len = b.len() as u64;
                    Ok((b, len))
                }
                Ok(None) => Ok((Vec::new(), cap.saturating_add(1))),
                Err(e) => Err(e.to_string()),
            },
            Some(p) => crate::bounds::read_prefix(p, cap).map_err(|e| e.to_string()),
        }
    }

    /// The result for a source that is not read: `why` becomes its `PL804 skipped-file` note.
    pub fn skipped(&self, target: &Target, why: &str) -> Checked {
        let decoded = source::decode(b"");
        let lines = LineIndex::new("");
        let parsed = Parsed::default();
        let input = Input {
            path: &target.display,
            kind: target.kind.unwrap_or(FileKind::Instructions),
            decoded: &decoded,
            lines: &lines,
            parsed: &parsed,
            caps: &[],
            skipped: Some(why),
            catalog: self.catalog,
            enabled: &self.enabled,
        };
        let mut findings = Vec::new();
        // A file of a skill bundle that cannot be read is PL811's, any other PL804's.
        let which = if target.kind == Some(FileKind::SkillResource) {
            "opaque-skill-file"
        } else {
            "skipped-file"
        };
        for rule in self.catalog.rules() {
            if rule.native.as_deref() == Some(which) && self.enabled(rule) {
                findings
                    .extend(native::get(which).map_or_else(Vec::new, |c| (c.run)(&input, rule)));
            }
        }
        Checked {
            display: target.display.clone(),
            kind: target.kind,
            checked_as: target.kind.unwrap_or(FileKind::Instructions),
            text: decoded.text,
            lines,
            parsed,
            findings,
            scanned: false,
        }
    }

    /// Runs parse and match on decoded text.
    pub fn check_text(&self, target: &Target, kind: FileKind, decoded: Decoded) -> Checked {
        let text = &decoded.text;
        let lines = LineIndex::new(text);
        let parsed = parse::parse_with(text, kind, &target.display, &self.parse);
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
        };
        let mut findings = Vec::new();
        let mut faults = Faults::default();
        for rule in self.catalog.rules() {
            let Some(name) = &rule.native else { continue };
            if !self.enabled(rule) || !rule.applies_to_kind(kind) {
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
        let mut findings = dedupe(findings);
        if kind.is_markdown() || matches!(kind, FileKind::SkillResource | FileKind::Prompt) {
            lower_shown(text, &parsed, kind, &mut findings);
        }
        if let Some(settings) = &parsed.settings {
            lower_denied(settings, &mut findings);
        }
        if kind.is_markdown() || matches!(kind, FileKind::SkillResource | FileKind::Prompt) {
            lower_demonstrated(text, &mut findings);
            lower_scoped(text, &parsed, &mut findings);
        }
        // After the dedupe: every PL809 is at 0..0, and each names another rule.
        findings.extend(faults.findings(self, text));
        // A finding inside a JSON string whose key path is known shows it at its span.
        if !parsed.key_paths.is_empty() {
            for f in &mut findings {
                let i = parsed
                    .key_paths
                    .partition_point(|(r, _)| r.start <= f.span.start);
                if let Some((r, kp)) = i.checked_sub(1).and_then(|i| parsed.key_paths.get(i))
                    && f.span.start >= r.start
                    && f.span.end <= r.end
                    && f.label.is_none()
                {
                    f.label = Some(format!("{} in {kp}", f.rule.name));
                }
            }
        }
        // A file brought in by a Claude Code `@path` import says who imported it.
        if let Some(by) = &target.imported_by {
            let by = crate::escape::escape_one_line(by);
            for f in &mut findings {
                f.message = format!("{} (imported by {by})", f.message);
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
            let mut rule_faults = Faults::default();
            let pass = isolate(PATTERN_PASS, || {
                self.match_segment(text, kind, seg, &sets, out, &mut later, &mut rule_faults);
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
                    && r.applies_to_kind(kind)
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
                    let _failed = patterns.find(&view.text, wanted, |rule, m| {
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

/// Appends each finding of `later` (a second pass, with zero-width characters read as spaces)
/// to `out` unless a finding of the same rule in `out` overlaps it: the second pass reports
/// only what the first one missed. O((n + m) log n) for n findings in `out` and m in `later`,
/// so a line of many matches costs no pairwise comparison.
fn push_unseen(out: &mut Vec<Finding>, later: Vec<Finding>) {
    if later.is_empty() {
        return;
    }
    // Per rule, the union of the spans in `out`, sorted and disjoint.
    let mut spans: std::collections::HashMap<&str, Vec<Range<usize>>> = Default::default();
    for g in out.iter().filter(|g| !g.span.is_empty()) {
        spans
            .entry(g.rule.id.as_str())
            .or_default()
            .push(g.span.clone());
    }
    for v in spans.values_mut() {
        v.sort_by_key(|r| r.start);
        let mut union: Vec<Range<usize>> = Vec::with_capacity(v.len());
        for r in v.drain(..) {
            match union.last_mut() {
                Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
                _ => union.push(r),
            }
        }
        *v = union;
    }
    let known: Vec<bool> = later
        .iter()
        .map(|f| {
            spans.get(f.rule.id.as_str()).is_some_and(|u| {
                // The first span of the union that ends after `f` starts, if it starts
                // before `f` ends, overlaps it.
                let i = u.partition_point(|r| r.end <= f.span.start);
                u.get(i)
                    .is_some_and(|r| r.start < f.span.end && f.span.start < r.end)
            })
        })
        .collect();
    out.extend(
        later
            .into_iter()
            .zip(known)
            .filter(|(_, k)| !k)
            .map(|(f, _)| f),
    );
}

/// Who a fault in the shared work of the pattern pass is reported as.
const PATTERN_PASS: &str = "pattern pass";

thread_local! {
    /// The rule id (or [`PATTERN_PASS`]) that [`isolate`] makes panic on this thread, set by
    /// [`inject_fault`].
    static FAULT: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Makes every check of rule `who` (a rule id, or `"pattern pass"` for the shared work of the
/// pattern pass on a segment; several separated by commas) panic on this thread until it is
/// called with `None`: for tests
/// of the panic isolation and for PL809's rule examples (`panic_in:`). Not for use otherwise.
#[doc(hidden)]
pub fn inject_fault(who: Option<&str>) {
    FAULT.with(|f| *f.borrow_mut() = who.map(str::to_owned));
}

/// Runs `f` for `who` (a rule id or [`PATTERN_PASS`]); a panic in it (a bug) becomes the
/// panic's message, escaped to one line and cut to [`PANIC_MESSAGE_MAX`] chars and a `…`.
///
/// # Errors
/// The message of the panic, when `f` panics.
fn isolate<T>(who: &str, f: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        if FAULT.with(|x| {
            x.borrow()
                .as_deref()
                .is_some_and(|f| f.split(',').any(|w| w == who))
        }) {
            panic!("fault injected into {who}");
        }
        f()
    }))
    .map_err(|payload| panic_message(payload.as_ref()))
}

/// The most chars of a panic's message a report shows.
pub const PANIC_MESSAGE_MAX: usize = 120;

/// The message a panic carries (its `&str` or `String` payload, else `unknown panic`),
/// escaped to one line and cut to [`PANIC_MESSAGE_MAX`] chars and a `…`: a slicing panic quotes the
/// text it sliced, which is the file's, so it may hold anything.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let why = payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_owned());
    crate::escape::truncate_chars(&crate::escape::escape_one_line(&why), PANIC_MESSAGE_MAX)
}

/// The checks that panicked on one file, in order, each once: (rule id or
/// [`PATTERN_PASS`], rule name, panic message).
#[derive(Debug, Default)]
struct Faults(Vec<(String, String, String)>);

impl Faults {
    /// Records that `rule` panicked with message `why` (the first message of a rule is kept).
    fn push(&mut self, rule: &Rule, why: String) {
        self.add(rule.id.clone(), rule.name.clone(), why);
    }

    /// Records that the shared work of the pattern pass panicked on a segment.
    fn push_pass(&mut self, why: String) {
        self.add(PATTERN_PASS.to_owned(), String::new(), why);
    }

    fn add(&mut self, who: String, name: String, why: String) {
        if !self.0.iter().any(|(w, _, _)| *w == who) {
            self.0.push((who, name, why));
        }
    }

    fn extend(&mut self, other: Faults) {
        for (who, name, why) in other.0 {
            self.add(who, name, why);
        }
    }

    /// One PL809 (`internal-error`) finding per fault, at the start of the file, when that
    /// rule is enabled.
    fn findings(self, engine: &Engine<'_>, text: &str) -> Vec<Finding> {
        let Some(rule) = engine
            .catalog
            .rules()
            .iter()
            .find(|r| r.native.as_deref() == Some("internal-error") && engine.enabled(r))
        else {
            return Vec::new();
        };
        self.0
            .into_iter()
            .filter_map(|(who, name, why)| {
                let what = if name.is_empty() {
                    who
                } else {
                    format!("rule {who} ({name})")
                };
                let message =
                    format!("{what} panicked on this file and its findings here are lost: {why}");
                Finding::new(rule, text, 0..0, message)
                    .ok()
                    .map(|f| f.with_matched(what))
            })
            .collect()
    }
}

/// `text` with each zero-width character (U+200B–U+200D, U+2060, U+FEFF) and each U+FFFD
/// ([`stands_for_space`]) replaced by as many spaces as it has bytes, when it has one that
/// may stand for a space.
///
/// A ZERO WIDTH JOINER inside an emoji ZWJ sequence (`👨‍👩‍👧`, UTS #51 ED-16,
/// <https://www.unicode.org/reports/tr51/#def_emoji_zwj_sequence>) joins two emoji into one
/// grapheme cluster and stands for no space, so it stays (and the views drop it, as in the
/// first pass); a text whose only zero-width characters are such joiners needs no second
/// pass. Emoji sequences are common in agent files (status markers, headings), and matching
/// their segments twice cost up to twice the pattern work.
fn zero_width_as_spaces(text: &str) -> Option<String> {
    use crate::rules::native::unicode_common::in_emoji_zwj_sequence;
    if text.is_ascii() {
        return None;
    }
    // One pass: the copy starts at the first zero-width character that stands for a space.
    let mut out: Option<String> = None;
    for (i, c) in text.char_indices() {
        if stands_for_space(c) && !(c == '\u{200D}' && in_emoji_zwj_sequence(text, i)) {
            out.get_or_insert_with(|| {
                let mut o = String::with_capacity(text.len());
                o.push_str(&text[..i]);
                o
            })
            .extend(std::iter::repeat_n(' ', c.len_utf8()));
        } else if let Some(o) = &mut out {
            o.push(c);
        }
    }
    out
}

/// True when a match (byte range `r` of the segment's own text `text`) runs across a paragraph or
/// list-item boundary, or, for a prose rule outside code, across the end of a sentence:
/// "... fail silently.\n- Run the tests" is two statements, and no rule's phrase spans
/// two. A rule whose regexes match line breaks on purpose (a transcript of turns) is exempt,
/// as are line breaks inside a fenced block for command rules (a command continued with
/// `\`).
fn crosses_block(text: &str, r: Range<usize>, rule: &Rule, role: parse::Role) -> bool {
    let Some(m) = text.get(r.clone()) else {
        return false;
    };
    let m = m.trim_end();
    let prose_rule =
        rule.context.sentence == ContextPolicy::Prose && role != parse::Role::CodeFence;
    let block_break = m.match_indices('\n').any(|(i, _)| {
        let rest = m[i + 1..].trim_start_matches([' ', '\t', '\r']);
        rest.starts_with('\n') || rest.starts_with(['#', '>', '|']) || starts_list_item(rest)
    });
    let crosses = (block_break && role != parse::Role::CodeFence)
        || (prose_rule && (ends_sentence_inside(m) || series_items(text, r.start, m)));
    crosses && !multiline_rule(rule)
}

/// True when the match `m` starting at byte `start` of `text` joins two items of a comma
/// series of noun phrases: its first word ends an item of two or more words ("seccomp
/// bypass, sandbox escape, or exploit chains"), so the noun "bypass" governs nothing after
/// the comma. The prose view folds the comma away; the source keeps it. The item needs a
/// comma before it (within 40 bytes, the same sentence), a modifier word that is no
/// function word ("please", "then", "now", "-ly" adverbs), and the series must go on after
/// the match (a comma, "and" or "or" within 40 bytes): a label and a stray comma ("Note:
/// ignore, all previous instructions", "Step 2, disregard, prior rules") still match.
fn series_items(text: &str, start: usize, m: &str) -> bool {
    let word = m
        .find(|c: char| !c.alphanumeric() && c != '-' && c != '_')
        .unwrap_or(m.len());
    if word == 0 || !m[word..].starts_with(", ") {
        return false;
    }
    let floor = source::floor_char_boundary(text, start.saturating_sub(40));
    let before = &text[floor..start];
    let Some(comma) = before.rfind([',', ':', '\n', '.', ';', '!', '?']) else {
        return false;
    };
    if before.as_bytes()[comma] != b',' {
        return false;
    }
    let modifiers: Vec<&str> = before[comma + 1..].split_whitespace().collect();
    let function_word = |w: &&str| {
        let w = w.to_ascii_lowercase();
        w.ends_with("ly")
            || [
                "please", "then", "now", "and", "or", "just", "also", "always", "first", "next",
                "you", "must", "should", "to", "so", "but", "do", "don't", "never", "not", "we",
                "i", "pls", "kindly", "step", "finally",
            ]
            .contains(&w.as_str())
    };
    if modifiers.is_empty() || modifiers.iter().any(function_word) {
        return false;
    }
    let end = start + m.len();
    let ceil = source::ceil_char_boundary(text, end + 40);
    let after = text[end.min(ceil)..ceil].to_ascii_lowercase();
    let after = after.split(['.', ';', '\n']).next().unwrap_or("");
    after.contains(',') || after.contains(" and ") || after.contains(" or ")
}

/// True when `s` starts with a markdown list marker and a space.
fn starts_list_item(s: &str) -> bool {
    if let Some(rest) = s.strip_prefix(['-', '*', '+']) {
        return rest.starts_with([' ', '\t']);
    }
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && s[digits..].starts_with(['.', ')']) && s[digits + 1..].starts_with(' ')
}

/// True when a sentence ends inside `m`: `.`, `!` or `?` followed by white space and an
/// upper-case letter or a list marker, where the mark stands alone (not "..." or "!!") and
/// the word before it is no abbreviation ("e.g.", "i.e.", "etc.", "vs.", one letter). CJK full stops end one always.
fn ends_sentence_inside(m: &str) -> bool {
    if m.trim_end_matches(['。', '！', '？'])
        .contains(['。', '！', '？'])
    {
        return true;
    }
    let b = m.as_bytes();
    (1..b.len()).any(|i| {
        if !matches!(b[i - 1], b'.' | b'!' | b'?') || !b[i].is_ascii_whitespace() {
            return false;
        }
        // A run of marks ("...", "!!") is an ellipsis or noise, not a full stop.
        if i >= 2 && b[i - 2].is_ascii_punctuation() {
            return false;
        }
        let rest = m[i..].trim_start();
        let next_starts = rest.starts_with(|c: char| c.is_uppercase()) || starts_list_item(rest);
        if !next_starts {
            return false;
        }
        let word = m[..i - 1]
            .rsplit(|c: char| !c.alphanumeric() && c != '.')
            .next()
            .unwrap_or("");
        let abbreviation = word.chars().count() <= 1
            || [
                "e.g", "i.e", "etc", "vs", "cf", "mr", "mrs", "dr", "no", "fig",
            ]
            .contains(&word.to_ascii_lowercase().as_str());
        !abbreviation
    })
}

/// True when one of the rule's regexes matches a line break on purpose (`\n` in its
/// source), such as a transcript of turns.
fn multiline_rule(rule: &Rule) -> bool {
    rule.matcher
        .as_ref()
        .is_some_and(|m| m.regex.iter().any(|r| r.contains("\\n")))
}

/// The code points the views drop that may stand for a space: zero-width characters, and
/// U+FFFD, which decoding puts for an invalid byte (`prev<FF>ious` reads as one word,
/// `all<FF>previous` as two), so the second pass reads each as spaces of its byte length.
fn stands_for_space(c: char) -> bool {
    crate::codepoints::is_zero_width(c) || c == char::REPLACEMENT_CHARACTER
}

/// True when `text[r]` holds a character of [`stands_for_space`] or one lies right before or
/// after it.
fn touches_zero_width(text: &str, r: &Range<usize>) -> bool {
    text[r.clone()].contains(stands_for_space)
        || text[..r.start]
            .chars()
            .next_back()
            .is_some_and(stands_for_space)
        || text[r.end..].chars().next().is_some_and(stands_for_space)
}

/// The excerpt of match `m` of `view` (the segment's own text for a pattern match, so the
/// message quotes the file's bytes; the joined view for fragments) that a message shows:
/// escaped, at most 80 chars with its quotes balanced ([`crate::escape::excerpt`]), and
/// carried to the end of its last word when the match stops inside one (a pattern that only
/// needs the first letter of a word would otherwise show `agent: r`). Only scripts that space
/// their words (code points below U+0E00: Latin, Greek, Cyrillic, Arabic, Devanagari, ...)
/// are carried; Thai and CJK have no word ends to carry to. Spans and fingerprints keep the
/// exact match.
fn shown_match(view: &str, m: Range<usize>) -> String {
    let spaced_letter = |c: char| c.alphanumeric() && (c as u32) < 0x0E00;
    let mut end = m.end;
    if view[..end].chars().next_back().is_some_and(spaced_letter) {
        for c in view[end..].chars().take(30) {
            if !spaced_letter(c) {
                break;
            }
            end += c.len_utf8();
        }
    }
    crate::escape::excerpt(&view[m.start..end], 80)
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

/// Drops a finding when an earlier one of the same rule covers an overlapping span (a
/// JSON string and the MCP shell line that joins it, two regexes of one rule).
fn dedupe(mut findings: Vec<Finding>) -> Vec<Finding> {
    findings.sort_by(|a, b| {
        (
            a.rule.id.as_str(),
            a.span.start,
            std::cmp::Reverse(a.span.end),
        )
            .cmp(&(
                b.rule.id.as_str(),
                b.span.start,
                std::cmp::Reverse(b.span.end),
            ))
    });
    let mut out: Vec<Finding> = Vec::with_capacity(findings.len());
    for f in findings {
        if let Some(last) = out.last()
            && last.rule.id == f.rule.id
            && overlaps(&last.span, &f.span)
        {
            continue;
        }
        out.push(f);
    }
    out
}

fn overlaps(a: &Range<usize>, b: &Range<usize>) -> bool {
    if a.is_empty() || b.is_empty() {
        return a.start == b.start;
    }
    a.start < b.end && b.start < a.end
}

/// Top-level keys that make a JSON file an agent's settings (Claude Code settings, Cursor
/// hooks, opencode; see rules/agents.yaml): checked before the MCP tables, since a Gemini CLI
/// settings file has both.
const SETTINGS_KEYS: &[&str] = &[
    "hooks",
    "permissions",
    "permission",
    "statusLine",
    "apiKeyHelper",
    "enableAllProjectMcpServers",
];

/// Top-level keys that make a TOML file a Codex config
/// (<https://developers.openai.com/codex/config-reference>).
const CODEX_KEYS: &[&str] = &["approval_policy", "sandbox_mode", "mcp_servers", "profiles"];

/// The kind of a file named on the command line that matches no agent convention, from its
/// extension and content. JSON with `hooks`, `permissions`, `statusLine` or `apiKeyHelper`
/// (and TOML with Codex's `approval_policy`, `sandbox_mode`, `mcp_servers`) is an agent's
/// settings, JSON with `mcpServers`/`servers` is an MCP config, an MCP `tools/list` (or
/// prompts, resources, `initialize`) result or a manifest declaring tools is `mcp-tools`
/// ([`parse::mcp_tools::is_mcp_payload`]), JSON with
/// `messages`, `system`, `input` or `instructions` (bare or in a batch/log wrapper) a request, `.jsonl` a request log; prompt and template
/// extensions are prompts; anything else (markdown above all) is read as instructions, since
/// the user named it to be checked as an agent file.
pub fn sniff_kind(path: &str, text: &str) -> FileKind {
    let lower = path.to_ascii_lowercase();
    let ext = lower
        .rsplit('/')
        .next()
        .and_then(|f| f.rsplit_once('.'))
        .map(|(_, e)| e);
    match ext {
        Some("jsonl" | "ndjson") => FileKind::RequestLog,
        Some("json" | "jsonc" | "json5") => match parse::json::parse_tree(text) {
            Ok(Some(root)) => {
                // An object, not a browser extension manifest's `permissions` array.
                let settings = SETTINGS_KEYS.iter().any(|k| {
                    root.get(k)
                        .is_some_and(|v| !matches!(v.value, parse::json::Json::Array(_)))
                });
                if settings {
                    FileKind::AgentSettings
                } else if root.get("mcpServers").is_some() || root.get("servers").is_some() {
                    FileKind::McpConfig
                } else if parse::mcp_tools::is_mcp_payload(&root) {
                    FileKind::McpTools
                } else if parse::request::is_request(&root) {
                    FileKind::Request
                } else {
                    FileKind::Prompt
                }
            }
            _ => FileKind::Prompt,
        },
        Some("toml") => match parse::settings::parse_toml(text) {
            Ok(Some(root)) if CODEX_KEYS.iter().any(|k| root.get(k).is_some()) => {
                FileKind::AgentSettings
            }
            _ => FileKind::Instructions,
        },
        Some(
            "txt" | "prompt" | "prompty" | "j2" | "jinja" | "jinja2" | "hbs" | "handlebars"
            | "mustache" | "tpl" | "tmpl" | "liquid" | "yaml" | "yml" | "eex",
        ) => FileKind::Prompt,
        _ => FileKind::Instructions,
    }
}

/// A target for in-memory text named `path`: kind and load caps from the conventions (or
/// `kind` when given), nothing loaded before it.
pub fn memory_target(path: &str, kind: Option<FileKind>) -> Target {
    let class = crate::agents::Conventions::builtin().classify(path);
    Target {
        display: path.to_owned(),
        path: None,
        kind: kind.or(class.as_ref().map(|c| c.kind)),
        agents: class.as_ref().map(|c| c.agents.clone()).unwrap_or_default(),
        caps: class
            .map(|c| c.caps.into_iter().map(|cap| (cap, 0)).collect())
            .unwrap_or_default(),
        explicit: true,
        skip: None,
        imported_by: None,
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) use tests::{check_memory, rule_findings};

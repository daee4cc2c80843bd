//! Panic isolation of the engine: a rule that panics costs only that rule, reported as a
//! `PL809` finding; tests inject faults by rule id.

use std::sync::Arc;

use crate::finding::Finding;
use crate::rules::Rule;

/// Who a fault in the shared work of the pattern pass is reported as.
pub(super) const PATTERN_PASS: &str = "pattern pass";

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
pub(super) fn isolate<T>(who: &str, f: impl FnOnce() -> T) -> Result<T, String> {
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
pub(super) struct Faults(Vec<(String, String, String)>);

impl Faults {
    /// Records that `rule` panicked with message `why` (the first message of a rule is kept).
    pub(super) fn push(&mut self, rule: &Rule, why: String) {
        self.add(rule.id.clone(), rule.name.clone(), why);
    }

    /// Records that the shared work of the pattern pass panicked on a segment.
    pub(super) fn push_pass(&mut self, why: String) {
        self.add(PATTERN_PASS.to_owned(), String::new(), why);
    }

    pub(super) fn add(&mut self, who: String, name: String, why: String) {
        if !self.0.iter().any(|(w, _, _)| *w == who) {
            self.0.push((who, name, why));
        }
    }

    pub(super) fn extend(&mut self, other: Faults) {
        for (who, name, why) in other.0 {
            self.add(who, name, why);
        }
    }

    /// One PL809 (`internal-error`) finding per fault, at the start of the file, when that
    /// rule (`rule`: the enabled rule of the `internal-error` check) is enabled.
    pub(super) fn findings(self, rule: Option<&Arc<Rule>>, text: &str) -> Vec<Finding> {
        let Some(rule) = rule else {
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

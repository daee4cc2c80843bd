//! The Python API: `promptlint_api._native`, the extension module of the `promptlint-api`
//! wheel. A thin layer over the embedding API ([`promptlint::scanner`]): a `Scanner` class
//! built once with its options, `scan_text`, `scan_bytes` and `scan_file` (on a scanner, or
//! at module level on one shared scanner with the default options), and `Report` and
//! `Finding` objects holding plain data. Scans run without the GIL, so Python threads can
//! scan with one scanner at once.
//!
//! The exceptions are Python classes (`python/promptlint_api/_errors.py`), since a file that
//! cannot be read raises a class that is both a `ScanError` and an `OSError` (and a
//! `FileNotFoundError` when it is missing), which takes multiple inheritance. The stubs are
//! `python/promptlint_api/_native.pyi`; `tests/test_api.py` checks both against this file.

use std::borrow::Cow;
use std::path::PathBuf;
use std::sync::OnceLock;

use promptlint::scanner::{
    Kind, ScanError, ScanFinding, ScanOptions, ScanReport, Scanner, Severity,
};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

/// The exception classes of `promptlint_api._errors`, imported once.
fn error_class<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyType>>,
    name: &str,
) -> PyResult<Bound<'py, PyType>> {
    cell.import(py, "promptlint_api._errors", name).cloned()
}

/// The Python exception for an error of the scanner API.
fn to_py_err(py: Python<'_>, e: ScanError) -> PyErr {
    static SCAN: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static SELECTOR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static KIND: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static FILE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static NOT_FOUND: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let raised = match &e {
        ScanError::UnknownSelector(m) => error_class(py, &SELECTOR, "UnknownSelectorError")
            .map(|t| PyErr::from_type(t, m.clone())),
        ScanError::UnknownKind(m) => {
            error_class(py, &KIND, "UnknownKindError").map(|t| PyErr::from_type(t, m.clone()))
        }
        ScanError::Read {
            path,
            message,
            kind,
            os_code,
            ..
        } => {
            let class = if *kind == std::io::ErrorKind::NotFound {
                error_class(py, &NOT_FOUND, "ScanFileNotFoundError")
            } else {
                error_class(py, &FILE, "ScanFileError")
            };
            errno(py, *kind, *os_code).and_then(|code| {
                // OSError(errno, strerror, filename): `e.errno`, `e.strerror`, `e.filename`.
                class.map(|t| PyErr::from_type(t, (code, message.clone(), path.clone())))
            })
        }
        other => {
            error_class(py, &SCAN, "ScanError").map(|t| PyErr::from_type(t, other.to_string()))
        }
    };
    raised.unwrap_or_else(|import_failed| import_failed)
}

/// The `errno` of a read error: from its kind where Python's `errno` module names one (so
/// it is the same on every platform), else the operating system's code on Unix (where it is
/// an errno), else `EIO`.
fn errno(py: Python<'_>, kind: std::io::ErrorKind, os_code: Option<i32>) -> PyResult<i32> {
    use std::io::ErrorKind as K;
    let name = match kind {
        K::NotFound => Some("ENOENT"),
        K::PermissionDenied => Some("EACCES"),
        K::IsADirectory => Some("EISDIR"),
        K::InvalidInput => Some("EINVAL"),
        _ => None,
    };
    let module = py.import("errno")?;
    if let Some(name) = name {
        return module.getattr(name)?.extract();
    }
    match os_code {
        Some(code) if cfg!(unix) => Ok(code),
        _ => module.getattr("EIO")?.extract(),
    }
}

/// A kind name, or `UnknownKindError`.
fn parse_kind(py: Python<'_>, kind: Option<&str>) -> PyResult<Option<Kind>> {
    kind.map(|k| k.parse::<Kind>().map_err(|e| to_py_err(py, e)))
        .transpose()
}

/// A severity name (`note`, `warning`, `error`), or `ValueError`.
fn parse_severity(name: &str) -> PyResult<Severity> {
    match name {
        "note" => Ok(Severity::Note),
        "warning" => Ok(Severity::Warning),
        "error" => Ok(Severity::Error),
        // `{:?}` escapes control, bidi and invisible code points.
        _ => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "unknown severity {name:?} (expected one of: note, warning, error)"
        ))),
    }
}

/// Scans files and texts with the built-in rules. Build one and keep it: building compiles
/// the rules' patterns (once per process). Thread-safe; scans release the GIL.
#[pyclass(module = "promptlint_api", name = "Scanner", frozen)]
struct PyScanner {
    inner: Scanner,
}

impl PyScanner {
    /// Scans owned bytes by name and kind, without the GIL.
    fn scan_owned(
        &self,
        py: Python<'_>,
        bytes: Vec<u8>,
        filename: Option<String>,
        kind: Option<&str>,
    ) -> PyResult<PyReport> {
        let kind = parse_kind(py, kind)?;
        let inner = &self.inner;
        let report = py.detach(move || match (filename, kind) {
            (Some(name), Some(kind)) => inner.scan_named(&bytes, &name, kind),
            (Some(name), None) => inner.scan_path_name(&bytes, &name),
            (None, Some(kind)) => inner.scan(&bytes, kind),
            (None, None) => inner.scan_path_name(&bytes, promptlint::scanner::INPUT_NAME),
        });
        PyReport::new(py, report)
    }

    fn scan_path(&self, py: Python<'_>, path: PathBuf, kind: Option<&str>) -> PyResult<PyReport> {
        let kind = parse_kind(py, kind)?;
        let inner = &self.inner;
        let report = py
            .detach(move || inner.scan_file(&path, kind))
            .map_err(|e| to_py_err(py, e))?;
        PyReport::new(py, report)
    }
}

#[pymethods]
impl PyScanner {
    #[new]
    #[pyo3(signature = (*, select = Vec::new(), ignore = Vec::new(), size_limit = None, boundary_markers = Vec::new(), inline_directives = false))]
    fn new(
        py: Python<'_>,
        select: Vec<String>,
        ignore: Vec<String>,
        size_limit: Option<u64>,
        boundary_markers: Vec<String>,
        inline_directives: bool,
    ) -> PyResult<PyScanner> {
        let mut options = ScanOptions::new()
            .select(select)
            .ignore(ignore)
            .inline_directives(inline_directives);
        if let Some(bytes) = size_limit {
            options = options.size_limit(bytes);
        }
        for marker in boundary_markers {
            options = options.boundary_marker(marker);
        }
        let inner = py
            .detach(move || Scanner::new(options))
            .map_err(|e| to_py_err(py, e))?;
        Ok(PyScanner { inner })
    }

    /// Scans `text` as the file `filename` (its kind from the agent file conventions), or as
    /// a file of `kind`, or both (the name for positions, `kind` for the parse); with
    /// neither, as `<input>`, its kind judged by its content.
    #[pyo3(signature = (text, *, filename = None, kind = None))]
    fn scan_text(
        &self,
        py: Python<'_>,
        text: String,
        filename: Option<String>,
        kind: Option<&str>,
    ) -> PyResult<PyReport> {
        self.scan_owned(py, text.into_bytes(), filename, kind)
    }

    /// Scans `data` (bytes or bytearray) as `scan_text` scans a text: decoded as the command
    /// line decodes a file (UTF-8, or UTF-16 with a byte order mark).
    #[pyo3(signature = (data, *, filename = None, kind = None))]
    fn scan_bytes(
        &self,
        py: Python<'_>,
        data: Cow<'_, [u8]>,
        filename: Option<String>,
        kind: Option<&str>,
    ) -> PyResult<PyReport> {
        self.scan_owned(py, data.into_owned(), filename, kind)
    }

    /// Reads the file at `path` (a str or an os.PathLike) and scans it as `promptlint check
    /// PATH` does; its kind from the conventions applied to `path` as given, or `kind`.
    #[pyo3(signature = (path, *, kind = None))]
    fn scan_file(&self, py: Python<'_>, path: PathBuf, kind: Option<&str>) -> PyResult<PyReport> {
        self.scan_path(py, path, kind)
    }

    fn __repr__(&self) -> &'static str {
        "<promptlint_api.Scanner>"
    }
}

/// What one scan found.
#[pyclass(module = "promptlint_api", name = "Report", frozen, get_all)]
struct PyReport {
    /// The name the input was scanned as (`<input>`, or the file name or path given).
    name: String,
    /// The kind it was checked as (`instructions`, `mcp-config`, ...); None when it was
    /// skipped before its kind was known.
    kind: Option<String>,
    /// False when the input was not scanned (over the size limit, or binary): do not load it
    /// unchecked.
    scanned: bool,
    /// The findings in position order (line, column, then rule id).
    findings: Py<PyTuple>,
    /// Findings suppressed by a `promptlint-disable` directive in the text (only with
    /// `inline_directives=True`).
    suppressed: Py<PyTuple>,
}

impl PyReport {
    fn new(py: Python<'_>, report: ScanReport) -> PyResult<PyReport> {
        let tuple = |list: Vec<ScanFinding>| -> PyResult<Py<PyTuple>> {
            let objects = list
                .into_iter()
                .map(|f| Py::new(py, PyFinding::from(f)))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(PyTuple::new(py, objects)?.unbind())
        };
        Ok(PyReport {
            name: report.name,
            kind: report.kind.map(|k| k.as_str().to_owned()),
            scanned: report.scanned,
            findings: tuple(report.findings)?,
            suppressed: tuple(report.suppressed)?,
        })
    }
}

#[pymethods]
impl PyReport {
    /// The highest severity among the findings (`note`, `warning`, `error`); None when there
    /// are none.
    fn max_severity(&self, py: Python<'_>) -> PyResult<Option<&'static str>> {
        let mut max: Option<Severity> = None;
        for f in self.findings.bind(py).iter() {
            let f = f.cast_into::<PyFinding>()?;
            max = max.max(Some(parse_severity(&f.get().severity)?));
        }
        Ok(max.map(Severity::as_str))
    }

    /// True when a finding is at `threshold` or above (`note` < `warning` < `error`).
    #[pyo3(signature = (threshold = "error"))]
    fn should_block(&self, py: Python<'_>, threshold: &str) -> PyResult<bool> {
        let threshold = parse_severity(threshold)?;
        Ok(match self.max_severity(py)? {
            Some(max) => parse_severity(max)? >= threshold,
            None => false,
        })
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "<promptlint_api.Report name={:?} kind={} scanned={} findings={}>",
            self.name,
            self.kind.as_deref().unwrap_or("None"),
            if self.scanned { "True" } else { "False" },
            self.findings.bind(py).len()
        )
    }
}

/// One finding. Every string is escaped: no raw invisible, bidi or control code point, no
/// line break.
#[pyclass(module = "promptlint_api", name = "Finding", frozen, get_all, eq)]
#[derive(PartialEq)]
struct PyFinding {
    /// The rule's stable id (`PL201`).
    rule_id: String,
    /// The rule's stable name (`bidi-control`).
    rule_name: String,
    /// The rule's family (`injection`, `unicode`, `exfil`, ...).
    family: String,
    /// `note`, `warning` or `error`.
    severity: String,
    /// `low`, `medium` or `high`.
    confidence: String,
    /// What was found, one escaped line (its text is not stable across releases).
    message: String,
    /// The input's name, escaped.
    path: String,
    /// 1-based line of the start.
    line: usize,
    /// 1-based column of the start, in characters.
    column: usize,
    /// 1-based line of the end.
    end_line: usize,
    /// 1-based column of the end (exclusive), in characters.
    end_column: usize,
    /// Start offset in bytes of the decoded UTF-8 text.
    byte_start: usize,
    /// End offset (exclusive) in bytes of the decoded UTF-8 text.
    byte_end: usize,
    /// Start offset in characters of the decoded text (indexes the str that was scanned).
    char_start: usize,
    /// End offset (exclusive) in characters of the decoded text.
    char_end: usize,
    /// The key path of the string holding the span in a structured file (an MCP tools/list
    /// dump, an agent's settings with its MCP servers), or None (always, for now, in a
    /// `.mcp.json`).
    key_path: Option<String>,
    /// Why the severity was lowered to a note, or None.
    context: Option<String>,
    /// 64 hex digits that stay the same when lines are added above the finding.
    fingerprint: String,
}

impl From<ScanFinding> for PyFinding {
    fn from(f: ScanFinding) -> PyFinding {
        PyFinding {
            rule_id: f.rule_id,
            rule_name: f.rule_name,
            family: f.family,
            severity: f.severity.as_str().to_owned(),
            confidence: f.confidence.as_str().to_owned(),
            message: f.message,
            path: f.path,
            line: f.line,
            column: f.column,
            end_line: f.end_line,
            end_column: f.end_column,
            byte_start: f.byte_range.start,
            byte_end: f.byte_range.end,
            char_start: f.char_range.start,
            char_end: f.char_range.end,
            key_path: f.key_path,
            context: f.context,
            fingerprint: f.fingerprint,
        }
    }
}

#[pymethods]
impl PyFinding {
    /// `(byte_start, byte_end)`.
    #[getter]
    fn byte_span(&self) -> (usize, usize) {
        (self.byte_start, self.byte_end)
    }

    /// `(char_start, char_end)`: `text[start:end]` is the span in the str that was scanned.
    #[getter]
    fn char_span(&self) -> (usize, usize) {
        (self.char_start, self.char_end)
    }

    /// One line for a log: `PL201 bidi-control AGENTS.md:5:21 message`.
    fn log_line(&self) -> String {
        format!(
            "{} {} {}:{}:{} {}",
            self.rule_id, self.rule_name, self.path, self.line, self.column, self.message
        )
    }

    /// The fields as a dict (for JSON logs).
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("rule_id", &self.rule_id)?;
        d.set_item("rule_name", &self.rule_name)?;
        d.set_item("family", &self.family)?;
        d.set_item("severity", &self.severity)?;
        d.set_item("confidence", &self.confidence)?;
        d.set_item("message", &self.message)?;
        d.set_item("path", &self.path)?;
        d.set_item("line", self.line)?;
        d.set_item("column", self.column)?;
        d.set_item("end_line", self.end_line)?;
        d.set_item("end_column", self.end_column)?;
        d.set_item("byte_start", self.byte_start)?;
        d.set_item("byte_end", self.byte_end)?;
        d.set_item("char_start", self.char_start)?;
        d.set_item("char_end", self.char_end)?;
        d.set_item("key_path", &self.key_path)?;
        d.set_item("context", &self.context)?;
        d.set_item("fingerprint", &self.fingerprint)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "<promptlint_api.Finding {} {} {} {}:{}:{}>",
            self.rule_id, self.rule_name, self.severity, self.path, self.line, self.column
        )
    }
}

/// The scanner the module-level functions share: the default options, built on first use.
fn default_scanner(py: Python<'_>) -> PyResult<&'static PyScanner> {
    static DEFAULT: OnceLock<PyScanner> = OnceLock::new();
    if let Some(s) = DEFAULT.get() {
        return Ok(s);
    }
    // Built without the GIL (compiling the patterns takes a while); two threads that race
    // here build two and keep one.
    let inner = py
        .detach(|| Scanner::new(ScanOptions::default()))
        .map_err(|e| to_py_err(py, e))?;
    Ok(DEFAULT.get_or_init(|| PyScanner { inner }))
}

/// promptlint's Python API: scan the files AI coding agents load (AGENTS.md, SKILL.md, MCP
/// configs, ...) before they enter a prompt.
#[pymodule]
mod _native {
    use super::*;

    #[pymodule_export]
    use super::PyFinding;
    #[pymodule_export]
    use super::PyReport;
    #[pymodule_export]
    use super::PyScanner;

    /// Scans `text` with the default scanner (see `Scanner.scan_text`).
    #[pyfunction]
    #[pyo3(signature = (text, *, filename = None, kind = None))]
    fn scan_text(
        py: Python<'_>,
        text: String,
        filename: Option<String>,
        kind: Option<&str>,
    ) -> PyResult<PyReport> {
        default_scanner(py)?.scan_owned(py, text.into_bytes(), filename, kind)
    }

    /// Scans `data` with the default scanner (see `Scanner.scan_bytes`).
    #[pyfunction]
    #[pyo3(signature = (data, *, filename = None, kind = None))]
    fn scan_bytes(
        py: Python<'_>,
        data: Cow<'_, [u8]>,
        filename: Option<String>,
        kind: Option<&str>,
    ) -> PyResult<PyReport> {
        default_scanner(py)?.scan_owned(py, data.into_owned(), filename, kind)
    }

    /// Reads and scans the file at `path` with the default scanner (see `Scanner.scan_file`).
    #[pyfunction]
    #[pyo3(signature = (path, *, kind = None))]
    fn scan_file(py: Python<'_>, path: PathBuf, kind: Option<&str>) -> PyResult<PyReport> {
        default_scanner(py)?.scan_path(py, path, kind)
    }

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        let kinds: Vec<&'static str> = Kind::ALL.iter().map(|k| k.as_str()).collect();
        m.add("KINDS", PyTuple::new(m.py(), kinds)?)?;
        m.add("__version__", env!("CARGO_PKG_VERSION"))
    }
}

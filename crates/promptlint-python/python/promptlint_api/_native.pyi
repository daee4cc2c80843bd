# Type stubs of the extension module (src/lib.rs). tests/test_api.py checks that every name
# here exists at run time with the same parameters, and runs mypy's stubtest on the package
# when mypy is installed (.ci/run installs it).
import os
from typing import Final, Literal, Optional, Sequence, Tuple, TypedDict, Union, final

__all__ = [
    "Finding",
    "Report",
    "Scanner",
    "scan_text",
    "scan_bytes",
    "scan_file",
    "KINDS",
    "__version__",
]

_Severity = Literal["note", "warning", "error"]
_Confidence = Literal["low", "medium", "high"]

__version__: Final[str]
KINDS: Final[Tuple[str, ...]]
"""Every file kind a ``kind=`` argument takes (``instructions``, ``mcp-config``, ...)."""

class _FindingDict(TypedDict):
    rule_id: str
    rule_name: str
    family: str
    severity: _Severity
    confidence: _Confidence
    message: str
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    byte_start: int
    byte_end: int
    char_start: int
    char_end: int
    key_path: Optional[str]
    context: Optional[str]
    fingerprint: str

@final
class Finding:
    """One finding. Every string is escaped: no raw invisible, bidi or control code point."""

    @property
    def rule_id(self) -> str:
        """The rule's stable id (``PL201``)."""
    @property
    def rule_name(self) -> str:
        """The rule's stable name (``bidi-control``)."""
    @property
    def family(self) -> str:
        """``injection``, ``unicode``, ``exfil``, ``cache``, ``autonomy``, ``encoded``,
        ``secrets`` or ``hygiene``."""
    @property
    def severity(self) -> _Severity: ...
    @property
    def confidence(self) -> _Confidence: ...
    @property
    def message(self) -> str:
        """What was found, one escaped line; not stable across releases."""
    @property
    def path(self) -> str:
        """The input's name (``<input>``, or the file name or path given), escaped."""
    @property
    def line(self) -> int:
        """1-based line of the start."""
    @property
    def column(self) -> int:
        """1-based column of the start, in characters."""
    @property
    def end_line(self) -> int: ...
    @property
    def end_column(self) -> int:
        """1-based column of the end (exclusive), in characters."""
    @property
    def byte_start(self) -> int:
        """Start offset in bytes of the decoded UTF-8 text."""
    @property
    def byte_end(self) -> int: ...
    @property
    def char_start(self) -> int:
        """Start offset in characters: ``text[char_start:char_end]`` for the str scanned."""
    @property
    def char_end(self) -> int: ...
    @property
    def byte_span(self) -> Tuple[int, int]:
        """``(byte_start, byte_end)``."""
    @property
    def char_span(self) -> Tuple[int, int]:
        """``(char_start, char_end)``."""
    @property
    def key_path(self) -> Optional[str]:
        """Key path of the string holding the span in a structured file: a tools/list dump,
        an agent's settings with its MCP servers (``mcpServers.notes.args[1]``); None
        elsewhere (and, for now, in a ``.mcp.json``)."""
    @property
    def context(self) -> Optional[str]:
        """Why the severity was lowered to a note, or None."""
    @property
    def fingerprint(self) -> str:
        """64 hex digits, stable when lines are added above the finding."""
    def log_line(self) -> str:
        """``PL201 bidi-control AGENTS.md:5:21 message``."""
    def as_dict(self) -> _FindingDict: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Report:
    """What one scan found."""

    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> Optional[str]:
        """The kind it was checked as; None when skipped before its kind was known."""
    @property
    def scanned(self) -> bool:
        """False when the input was not scanned (too large, binary): do not load it."""
    @property
    def findings(self) -> Tuple[Finding, ...]: ...
    @property
    def suppressed(self) -> Tuple[Finding, ...]:
        """Findings a directive in the text suppressed (``inline_directives=True`` only)."""
    def max_severity(self) -> Optional[_Severity]: ...
    def should_block(self, threshold: _Severity = "error") -> bool:
        """True when a finding is at ``threshold`` or above."""

@final
class Scanner:
    """Scans with the built-in rules; build once (it compiles the patterns), share freely."""

    def __new__(
        cls,
        *,
        select: Sequence[str] = ...,
        ignore: Sequence[str] = ...,
        size_limit: Optional[int] = None,
        boundary_markers: Sequence[str] = ...,
        inline_directives: bool = False,
    ) -> Scanner: ...
    def scan_text(
        self, text: str, *, filename: Optional[str] = None, kind: Optional[str] = None
    ) -> Report: ...
    def scan_bytes(
        self,
        data: Union[bytes, bytearray],
        *,
        filename: Optional[str] = None,
        kind: Optional[str] = None,
    ) -> Report: ...
    def scan_file(
        self, path: Union[str, "os.PathLike[str]"], *, kind: Optional[str] = None
    ) -> Report: ...

def scan_text(
    text: str, *, filename: Optional[str] = None, kind: Optional[str] = None
) -> Report: ...
def scan_bytes(
    data: Union[bytes, bytearray],
    *,
    filename: Optional[str] = None,
    kind: Optional[str] = None,
) -> Report: ...
def scan_file(path: Union[str, "os.PathLike[str]"], *, kind: Optional[str] = None) -> Report: ...

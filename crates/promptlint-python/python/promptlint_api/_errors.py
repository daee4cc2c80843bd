"""The exceptions of promptlint_api.

Everything the API raises on purpose is a ``ScanError``:

- ``UnknownSelectorError`` (also a ``ValueError``): ``Scanner(select=..., ignore=...)``
  names no rule id, rule name or family;
- ``UnknownKindError`` (also a ``ValueError``): a ``kind=`` that is not one of ``KINDS``;
- ``ScanFileError`` (also an ``OSError``, with ``errno``, ``strerror`` and ``filename``):
  ``scan_file`` cannot read its file (permission denied, a folder, a FIFO);
- ``ScanFileNotFoundError`` (also a ``FileNotFoundError``): the file does not exist.

A file that is read is never an error, whatever it holds: binary, too large or badly
encoded content is a finding (``PL804 skipped-file``, ``PL801 invalid-utf8``). Arguments of the wrong type raise
``TypeError``, a negative ``size_limit`` ``OverflowError``, and an unknown severity in
``Report.should_block`` ``ValueError``, as Python's own functions do.
"""

from __future__ import annotations


class ScanError(Exception):
    """The base class of every error promptlint_api raises."""


class UnknownSelectorError(ScanError, ValueError):
    """A selector of ``select`` or ``ignore`` names no rule id, rule name or family."""


class UnknownKindError(ScanError, ValueError):
    """A ``kind`` that is no file kind; the message lists the kinds."""


class ScanFileError(ScanError, OSError):
    """``scan_file`` could not read its file. ``errno``, ``strerror`` and ``filename`` are set."""


class ScanFileNotFoundError(ScanFileError, FileNotFoundError):
    """``scan_file`` was given a path where no file exists (or a broken link)."""


__all__ = [
    "ScanError",
    "ScanFileError",
    "ScanFileNotFoundError",
    "UnknownKindError",
    "UnknownSelectorError",
]

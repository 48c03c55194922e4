"""What a subcommand writes on standard output: text, or with ``--json`` one JSON document (the
schema is in ``docs/cli.md``); and the one way a failed write there ends a command.

A write to standard output that fails (a closed pipe, a full disk, ``> /dev/full``) ends every
subcommand the same way: a closed pipe quietly, with exit status 141 (128 + SIGPIPE, what a shell
reports for a Unix tool that a closed pipe stopped), any other write error with one line on
stderr and exit status 1 (as ``cat`` and ``echo`` do).  Neither is a traceback.
"""

from __future__ import annotations

import argparse
import errno
import json
import math
import os
import signal
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, TextIO

__all__ = ["SCHEMA", "add_json_option", "plain", "write_json", "StreamedDocument", "OutputError", "guarded_stdout",
           "EXIT_WRITE_ERROR", "EXIT_BROKEN_PIPE", "report_output_error"]

#: The version of the JSON schema of every subcommand (``docs/cli.md``): a field is never renamed,
#: removed or given another meaning without this number changing; new fields may appear.
SCHEMA = 1
#: Exit status of a command whose standard output could not be written (as coreutils' tools).
EXIT_WRITE_ERROR = 1
#: Exit status of a command whose standard output is a closed pipe: 128 + SIGPIPE, as a shell
#: reports a Unix tool that the signal ended.
EXIT_BROKEN_PIPE = 128 + int(getattr(signal, "SIGPIPE", 13))


def add_json_option(parser: argparse.ArgumentParser) -> None:
    """The ``--json`` option of a subcommand that prints results."""
    parser.add_argument("--json", action="store_true",
                        help="print one JSON document instead of text (the schema: docs/cli.md)")


def plain(value: Any) -> Any:
    """``value`` as JSON data: numpy scalars and arrays as numbers and lists, a ``Fraction`` as its
    text (``"4/5"``), a float that is not finite as ``None``; mappings and sequences element by
    element.

    >>> import numpy as np
    >>> plain({"a": np.uint16(7), "b": np.array([0.5, np.nan]), "c": Fraction(3, 4), "d": (1, 2)})
    {'a': 7, 'b': [0.5, None], 'c': '3/4', 'd': [1, 2]}
    """
    import numpy as np  # here: the command line starts without numpy

    if isinstance(value, np.ndarray):
        return plain(value.tolist())
    if isinstance(value, np.generic):
        return plain(value.item())
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    raise TypeError(f"no JSON form for {type(value).__name__}")


def write_json(command: str, payload: Mapping[str, Any]) -> None:
    """Print the JSON document of ``command``: ``{"schema": SCHEMA, "command": command, ...payload}``
    on one line.

    >>> write_json("eval", {"hands": []})
    {"schema": 1, "command": "eval", "hands": []}
    """
    document = {"schema": SCHEMA, "command": command, **plain(dict(payload))}
    print(_dumps(document))


class StreamedDocument:
    """The JSON document of ``command`` printed as its list ``field`` grows, so that it is never
    held whole: ``head`` (the fields before the list), then each :meth:`add`, then the fields
    :meth:`close` is given.  The same one line :func:`write_json` prints for the whole document;
    nothing is printed before the first :meth:`add` (or :meth:`close`).

    >>> doc = StreamedDocument("eval", {"variant": "high"}, "hands")
    >>> doc.add([{"index": 0}]); doc.add([]); doc.add([{"index": 1}]); doc.close({"skipped": 0})
    {"schema": 1, "command": "eval", "variant": "high", "hands": [{"index": 0}, {"index": 1}], "skipped": 0}
    """

    def __init__(self, command: str, head: Mapping[str, Any], field: str) -> None:
        opening = _dumps({"schema": SCHEMA, "command": command, **plain(dict(head)), field: []})
        self._opening = opening[:-2]  # "...": [
        self._started = False
        self._items = 0

    def add(self, items: list[Any], plain_already: bool = False) -> None:
        """Print ``items`` as the next elements of the list (``plain_already``: they hold JSON
        data only, see :func:`plain`)."""
        if not items:
            return
        text = _dumps(items if plain_already else plain(items))[1:-1]
        if not self._started:
            text = self._opening + text
            self._started = True
        elif self._items:
            text = ", " + text
        self._items += len(items)
        print(text, end="")

    def close(self, tail: Mapping[str, Any]) -> None:
        """Print the end of the list and the fields of ``tail``, and the newline."""
        rest = _dumps(plain(dict(tail)))
        print(("" if self._started else self._opening) + "]" + (", " + rest[1:] if len(rest) > 2 else "}"))


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


class OutputError(Exception):
    """Standard output could not be written (``error`` is the ``OSError``)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


class _GuardedStream:
    """Standard output, with every failed write turned into an :class:`OutputError`."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as error:
            raise OutputError(error) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as error:
            raise OutputError(error) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def guarded_stdout() -> Iterator[None]:
    """Run a command with a failed write to standard output raised as :class:`OutputError` (the
    output is flushed before the block ends, so that no write fails later, at exit)."""
    real = sys.stdout
    if real is None:  # no standard output at all (pythonw): nothing to guard
        yield
        return
    guard = _GuardedStream(real)
    sys.stdout = guard  # type: ignore[assignment]
    try:
        yield
    finally:  # also when argparse exits after --help or --version
        try:
            guard.flush()
        finally:
            sys.stdout = real


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush at exit does
    not fail a second time (and print a traceback of its own)."""
    stream = sys.stdout
    if stream is None:
        return
    try:
        fd = stream.fileno()
    except (OSError, ValueError):  # not a real file (a test's capture): nothing is flushed at exit
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, fd)
    finally:
        os.close(null)


def report_output_error(prog: str, failure: OutputError) -> int:
    """Say why standard output failed (nothing for a closed pipe), and the exit status."""
    _silence_stdout()
    error = failure.error
    if isinstance(error, BrokenPipeError) or error.errno == errno.EPIPE:
        return EXIT_BROKEN_PIPE
    reason = error.strerror or str(error)
    print(f"{prog}: error: cannot write to standard output: {reason}", file=sys.stderr)
    return EXIT_WRITE_ERROR

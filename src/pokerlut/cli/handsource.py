"""Hands given to a subcommand: as arguments, from a file (``--file FILE``) or from standard input
(the argument ``-``, or ``--file -``), one hand a line.

Every hand keeps its place: ``hand i`` in an error is the ``i``-th hand (0-based, as
``docs/rules.md`` numbers everything), whatever its source, and a hand read from a file also
names its line (``hands.txt:3``, numbered from 1 as editors do).  In a file, blank lines and lines
starting with ``#`` are not hands.

Files and standard input are read as they are used, a line at a time (:class:`HandSource`), so
that memory stays the same whatever their length: every file is opened first (a missing one is an
error before anything is printed), a line longer than :data:`MAX_LINE_BYTES` ends the reading
with an error naming it (``/dev/zero`` or a binary file is not a list of hands), and a line that
is not UTF-8 is one bad hand, named by its line.  A hand is quoted in a message by its first
:data:`QUOTE_CHARS` characters and its length.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import IO, Any, NamedTuple

__all__ = ["HandText", "HandSource", "add_hands_arguments", "read_hands", "STDIN", "MAX_LINE_BYTES",
           "BLOCK_HANDS", "QUOTE_CHARS"]

#: The argument (or ``--file`` name) that stands for standard input.
STDIN = "-"
#: The longest line of a hands file, in bytes (without its newline): a hand is at most a few dozen.
MAX_LINE_BYTES = 4096
#: Hands read, ranked and printed together: what memory holds at once.
BLOCK_HANDS = 4096
#: Characters of a hand's text quoted in a message (the rest is cut and its length given).
QUOTE_CHARS = 80


class HandText(NamedTuple):
    """One hand as the user wrote it, and where (``""`` for a command-line argument, else
    ``FILE:LINE``); ``number`` counts the hands given, from 0; ``problem`` says why a line is no
    text at all (not UTF-8), ``""`` for a line that is."""

    text: str
    where: str = ""
    number: int = 0
    problem: str = ""

    def label(self, index: int | None = None) -> str:
        """How an error names this hand: ``hand 2 ('As Ks', hands.txt:3)``; a long text is cut.

        >>> HandText("As Ks").label(0), HandText("As Ks", "<stdin>:4", 3).label()
        ("hand 0 ('As Ks')", "hand 3 ('As Ks', <stdin>:4)")
        >>> HandText("As " * 1000).label(0)
        "hand 0 ('As As As As As As As As As As As As As As As As As As As As As As As As As As As'... (3,000 characters))"
        """
        from ..cards import quoted  # here: the parser is built without the card reader

        number = self.number if index is None else index
        return f"hand {number} ({quoted(self.text, QUOTE_CHARS)}" + (f", {self.where})" if self.where else ")")


def add_hands_arguments(parser: argparse.ArgumentParser, *, nargs: str = "*", metavar: str = "HAND",
                        help: str = "one hand per argument") -> None:
    """The hands of a subcommand: positional ``HAND`` arguments (``-`` reads standard input) and
    ``--file FILE`` (repeatable)."""
    parser.add_argument("hands", nargs=nargs, metavar=metavar,
                        help=f"{help}; '-' reads hands from standard input, one a line")
    parser.add_argument("--file", "-f", dest="hand_files", action="append", default=[], metavar="FILE",
                        help="also read hands from FILE, one a line ('-': standard input; blank lines and "
                             "lines starting with # are skipped; a line is at most "
                             f"{MAX_LINE_BYTES:,} bytes); repeatable")


def _open(name: str) -> tuple[str, IO[Any] | None, bool]:
    """``(label, stream, close it)`` of a ``--file`` name (``-``: standard input)."""
    if name == STDIN:
        stream = sys.stdin
        if stream is None:
            return "<stdin>", None, False
        return "<stdin>", getattr(stream, "buffer", stream), False
    try:
        return name, open(name, "rb"), True
    except OSError as error:
        raise ValueError(f"--file {name!r}: {error.strerror or error}") from None


#: Bytes (or characters) asked of a stream at a time.
READ_SIZE = 1 << 16


def _lines(label: str, stream: IO[Any]) -> Iterator[tuple[str, str, str]]:
    """``(text, where, problem)`` of every hand line of ``stream`` (bytes decoded as UTF-8, or text
    as it is), read :data:`READ_SIZE` at a time and as soon as it comes (a pipe is not waited on
    to fill); a line over :data:`MAX_LINE_BYTES` is a ``ValueError``, raised before it is read whole."""
    read = getattr(stream, "read1", stream.read)
    newline: Any = None
    rest: Any = None
    number = 0
    while True:
        try:
            data = read(READ_SIZE)
        except OSError as error:
            raise ValueError(f"{label}: cannot be read: {error.strerror or error}") from None
        if newline is None:
            newline, rest = (b"\n", b"") if isinstance(data, bytes) else ("\n", "")
        if data:
            lines = (rest + data).split(newline)
            rest = lines.pop()
        else:
            lines, rest = ([rest] if rest else []), None
        for raw in lines:
            number += 1
            body = raw[:-1] if raw[-1:] in ("\r", b"\r") else raw
            if len(body) > MAX_LINE_BYTES:
                raise ValueError(_too_long(f"{label}:{number}"))
            if isinstance(body, bytes):
                try:
                    text = body.decode("utf-8")
                except UnicodeDecodeError as error:
                    yield (body.decode("utf-8", "replace").strip(), f"{label}:{number}",
                           f"not UTF-8 text ({error.reason} at byte {error.start} of the line)")
                    continue
            else:
                text = body
            text = text.strip()
            if text and text[0] != "#":
                yield text, f"{label}:{number}", ""
        if rest is None:
            return
        if len(rest) > MAX_LINE_BYTES + 1:  # the line read so far is already too long (its \r aside)
            raise ValueError(_too_long(f"{label}:{number + 1}"))


def _too_long(where: str) -> str:
    return (f"{where}: a line of more than {MAX_LINE_BYTES:,} bytes: hands are read one a line, a few dozen "
            f"characters each (is this a file of hands?)")


class HandSource:
    """Every hand of ``hands`` (arguments; ``-`` reads standard input) and ``files``, in order, read
    as it is used; standard input is read once however often it is named.  Every file is opened
    when the source is made, so a missing one is a ``ValueError`` before any hand is read.

    >>> with HandSource(["As Ks Qs Js Ts", "2c 2d W 9h 9s"], []) as source:
    ...     [(h.number, h.text) for block in source.blocks(1) for h in block], source.count
    ([(0, 'As Ks Qs Js Ts'), (1, '2c 2d W 9h 9s')], 2)
    """

    def __init__(self, hands: list[str], files: list[str]) -> None:
        self.count = 0  #: hands read so far
        self._streams: list[tuple[str, IO[Any] | None, bool]] = []
        self._order: list[tuple[str, int]] = []  # (an argument hand, -1) or ("", its stream's index)
        stdin_read = False
        try:
            for value, is_file in [(value, False) for value in hands] + [(name, True) for name in files]:
                if not is_file and value != STDIN:
                    self._order.append((value, -1))
                    continue
                if value == STDIN:
                    if stdin_read:
                        continue
                    stdin_read = True
                self._order.append(("", len(self._streams)))
                self._streams.append(_open(value))
        except BaseException:
            self.close()
            raise

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> HandSource:
        """The hands of ``args.hands`` and ``args.hand_files``."""
        return cls(list(args.hands), list(args.hand_files))

    def __iter__(self) -> Iterator[HandText]:
        for text, stream_index in self._order:
            if stream_index < 0:
                yield HandText(text, "", self.count)
                self.count += 1
                continue
            label, stream, _ = self._streams[stream_index]
            if stream is None:
                continue
            for line, where, problem in _lines(label, stream):
                yield HandText(line, where, self.count, problem)
                self.count += 1

    def blocks(self, size: int | None = None) -> Iterator[list[HandText]]:
        """The hands, ``size`` (default :data:`BLOCK_HANDS`) at a time; the last block may be shorter."""
        size = size or BLOCK_HANDS
        block: list[HandText] = []
        for hand in self:
            block.append(hand)
            if len(block) == size:
                yield block
                block = []
        if block:
            yield block

    def close(self) -> None:
        """Close the files opened (not standard input)."""
        for _, stream, owned in self._streams:
            if owned and stream is not None:
                stream.close()

    def __enter__(self) -> HandSource:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


#: The error for input without a single hand.
NO_HAND = "hands: no hand given (give hands as arguments, '-' for standard input, or --file FILE)"


def read_hands(args: argparse.Namespace) -> list[HandText]:
    """Every hand of ``args.hands`` (``-``: standard input) and ``args.hand_files``, in order, as a
    list (for the few hands a command takes whole).  A ``ValueError`` when there is none.

    >>> [h.text for h in read_hands(argparse.Namespace(hands=["As Ks Qs Js Ts"], hand_files=[]))]
    ['As Ks Qs Js Ts']
    """
    with HandSource.from_args(args) as source:
        hands = list(source)
    if not hands:
        raise ValueError(NO_HAND)
    return hands

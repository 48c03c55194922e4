"""Hands given to a subcommand: as arguments, from a file (``--file FILE``) or from standard input
(the argument ``-``, or ``--file -``), one hand a line.

Every hand keeps its place: ``hand i`` in an error is the ``i``-th hand (0-based, as
``docs/rules.md`` numbers everything), whatever its source, and a hand read from a file also
names its line (``hands.txt:3``, numbered from 1 as editors do).  In a file, blank lines and lines
starting with ``#`` are not hands.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

__all__ = ["HandText", "add_hands_arguments", "read_hands", "STDIN"]

#: The argument (or ``--file`` name) that stands for standard input.
STDIN = "-"


@dataclass(frozen=True)
class HandText:
    """One hand as the user wrote it, and where (``""`` for a command-line argument, else
    ``FILE:LINE``)."""

    text: str
    where: str = ""

    def label(self, index: int) -> str:
        """How an error names this hand: ``hand 2 ('As Ks', hands.txt:3)``.

        >>> HandText("As Ks").label(0), HandText("As Ks", "<stdin>:4").label(3)
        ("hand 0 ('As Ks')", "hand 3 ('As Ks', <stdin>:4)")
        """
        return f"hand {index} ({self.text!r}" + (f", {self.where})" if self.where else ")")


def add_hands_arguments(parser: argparse.ArgumentParser, *, nargs: str = "*", metavar: str = "HAND",
                        help: str = "one hand per argument") -> None:
    """The hands of a subcommand: positional ``HAND`` arguments (``-`` reads standard input) and
    ``--file FILE`` (repeatable)."""
    parser.add_argument("hands", nargs=nargs, metavar=metavar,
                        help=f"{help}; '-' reads hands from standard input, one a line")
    parser.add_argument("--file", "-f", dest="hand_files", action="append", default=[], metavar="FILE",
                        help="also read hands from FILE, one a line ('-': standard input; blank lines and "
                             "lines starting with # are skipped); repeatable")


def _lines(name: str) -> list[HandText]:
    if name == STDIN:
        label, text = "<stdin>", sys.stdin.read() if sys.stdin is not None else ""
    else:
        label = name
        try:
            with open(name, encoding="utf-8") as f:
                text = f.read()
        except UnicodeDecodeError as error:
            raise ValueError(f"--file {name!r}: not UTF-8 text ({error.reason} at byte {error.start})") from None
        except OSError as error:
            raise ValueError(f"--file {name!r}: {error.strerror or error}") from None
    hands = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if line and not line.startswith("#"):
            hands.append(HandText(line, f"{label}:{number}"))
    return hands


def read_hands(args: argparse.Namespace) -> list[HandText]:
    """Every hand of ``args.hands`` (``-``: standard input) and ``args.hand_files``, in order;
    standard input is read once however often it is named.  A ``ValueError`` when there is none.

    >>> [h.text for h in read_hands(argparse.Namespace(hands=["As Ks Qs Js Ts"], hand_files=[]))]
    ['As Ks Qs Js Ts']
    """
    hands: list[HandText] = []
    stdin_read = False
    sources = [(value, False) for value in args.hands] + [(name, True) for name in args.hand_files]
    for value, is_file in sources:
        if not is_file and value != STDIN:
            hands.append(HandText(value))
            continue
        if value == STDIN:
            if stdin_read:
                continue
            stdin_read = True
        hands.extend(_lines(value))
    if not hands:
        raise ValueError("hands: no hand given (give hands as arguments, '-' for standard input, or --file FILE)")
    return hands

"""Argument types shared by the command-line parsers: a bad value is an argparse error, which
names the option and exits with status 2 before anything is printed."""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable
from typing import Any

__all__ = ["CommandParser", "add_command", "positive_int", "positive_int_at_most", "fraction_0_1", "seed_argument",
           "plot_path", "save_figure", "saved_text"]


def positive_int(text: str) -> int:
    """An integer >= 1 (``_`` and ``,`` allowed as digit separators), else an argparse error.

    Parameters
    ----------
    text
        The option's text.

    Returns
    -------
    int

    Examples
    --------
    >>> positive_int("3_000")
    3000
    >>> positive_int("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be an integer >= 1, got 0
    """
    try:
        value = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an integer >= 1, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be an integer >= 1, got {value}")
    return value


def positive_int_at_most(limit: int) -> Callable[[str], int]:
    """The argparse type of an integer from 1 to ``limit`` (as :func:`positive_int` reads it).

    Examples
    --------
    >>> positive_int_at_most(100)("20")
    20
    >>> positive_int_at_most(100)("1_000")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be an integer from 1 to 100, got 1,000
    """
    def read(text: str) -> int:
        value = positive_int(text)
        if value > limit:
            shown = f"{value:,}" if value < 10 ** 30 else f"an integer of {len(str(value)):,} digits"
            raise argparse.ArgumentTypeError(f"must be an integer from 1 to {limit:,}, got {shown}")
        return value

    read.__name__ = f"integer from 1 to {limit:,}"
    return read


def fraction_0_1(text: str) -> float:
    """A number from 0 to 1, else an argparse error.

    Parameters
    ----------
    text
        The option's text.

    Returns
    -------
    float

    Examples
    --------
    >>> fraction_0_1("0.25")
    0.25
    >>> fraction_0_1("2")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a number from 0 to 1, got 2
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number from 0 to 1, got {text!r}") from None
    if not (math.isfinite(value) and 0.0 <= value <= 1.0):
        raise argparse.ArgumentTypeError(f"must be a number from 0 to 1, got {text}")
    return value


def seed_argument(text: str) -> int:
    """The ``type=`` of a ``--seed`` option: an integer >= 0, else an argparse error (exit 2, the
    option named by argparse).

    Parameters
    ----------
    text
        The option's text.

    Returns
    -------
    int

    Examples
    --------
    >>> seed_argument("12")
    12
    >>> seed_argument("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be an integer >= 0, got -1
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an integer >= 0, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be an integer >= 0, got {value}")
    return value


class CommandParser(argparse.ArgumentParser):
    """The parser of one subcommand, its arguments added the first time it parses or prints its
    help: ``pokerlut --help`` and ``--version`` build no subcommand's options, and so import
    nothing they need (the games, the variants, numpy)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._arguments: Callable[[argparse.ArgumentParser], None] | None = None

    def defer(self, arguments: Callable[[argparse.ArgumentParser], None]) -> None:
        """Add the arguments by ``arguments(self)`` when they are first needed."""
        self._arguments = arguments

    def build(self) -> None:
        """Add the subcommand's arguments, once."""
        arguments, self._arguments = self._arguments, None
        if arguments is not None:
            arguments(self)

    def parse_known_args(self, *args: Any, **kwargs: Any) -> Any:
        self.build()
        return super().parse_known_args(*args, **kwargs)

    def format_usage(self) -> str:
        self.build()
        return super().format_usage()

    def format_help(self) -> str:
        self.build()
        return super().format_help()


def add_command(sub: Any, name: str, run: Callable[[argparse.Namespace], int],
                arguments: Callable[[argparse.ArgumentParser], None] | None = None, **options: Any
                ) -> argparse.ArgumentParser:
    """Add subcommand ``name`` to the tree, running ``run(args)``, its arguments added by
    ``arguments(parser)`` when it is used (a :class:`CommandParser`; at once in any other parser):
    every module registers this way.

    >>> parser = argparse.ArgumentParser(prog="pokerlut")
    >>> sub = parser.add_subparsers(parser_class=CommandParser)
    >>> p = add_command(sub, "hello", lambda args: 0, lambda p: p.add_argument("--name", default="you"))
    >>> [a.dest for a in p._actions]  # not built yet
    ['help']
    >>> args = parser.parse_args(["hello"])
    >>> args.prog, args.name
    ('pokerlut hello', 'you')
    """
    parser = sub.add_parser(name, **options)
    if isinstance(parser, CommandParser) and arguments is not None:
        parser.defer(arguments)
    elif arguments is not None:
        arguments(parser)
    parser.set_defaults(run=run, prog=parser.prog)
    return parser


#: Picture formats ``--plot FILE`` writes, by file suffix (matplotlib's, without a backend of its own).
PLOT_DPI = 100


def plot_path(prog: str, path: str | None, option: str = "--plot") -> None:
    """Check ``--plot FILE`` (or another ``option`` naming a picture file) before any work or output:
    matplotlib importable, a format matplotlib writes (by the suffix), a folder that exists and may
    be written, not a folder itself; else a ``ValueError`` naming the option.

    >>> plot_path("pokerlut grid", None)  # no picture asked for: nothing to check
    >>> plot_path("pokerlut grid", "grid.txt")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: --plot 'grid.txt': the file name must end in a picture format matplotlib writes (...)
    """
    if path is None:
        return
    from ..plot import require_matplotlib

    try:
        require_matplotlib()
    except ImportError as error:
        raise ValueError(f"{option}: {error}") from None
    import matplotlib.figure

    suffix = os.path.splitext(path)[1].lstrip(".").lower()
    formats = matplotlib.figure.Figure().canvas.get_supported_filetypes()
    if suffix not in formats:
        raise ValueError(f"{option} {path!r}: the file name must end in a picture format matplotlib writes "
                         f"({', '.join('.' + f for f in sorted(formats))})")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise ValueError(f"{option} {path!r}: that is a folder; name a picture file in it")
    if not os.path.isdir(folder):
        raise ValueError(f"{option} {path!r}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK) or os.path.exists(path) and not os.access(path, os.W_OK):
        raise ValueError(f"{option} {path!r}: not allowed to write "
                         f"{path if os.path.exists(path) else 'into the folder ' + folder}")


def save_figure(fig: Any, path: str) -> dict[str, Any]:
    """Write a figure; what was written: ``{"path", "width", "height"}`` (pixels)."""
    fig.savefig(path, dpi=PLOT_DPI)
    width, height = (fig.get_size_inches() * PLOT_DPI).round().astype(int).tolist()
    return {"path": path, "width": width, "height": height}


def saved_text(picture: dict[str, Any]) -> str:
    """The line that says where a picture went (and how big)."""
    return f"wrote {picture['path']} ({picture['width']}x{picture['height']} pixels)"

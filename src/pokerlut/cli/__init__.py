"""The ``pokerlut`` command: one argparse tree, each feature registering its subcommand.

* :mod:`.ranking`: ``eval`` (rank hands given as text, a block at a time: :mod:`.blocks`), ``deal``
  (the course deal);
* :mod:`.demo`: ``demo``, the main job;
* :mod:`.equity`: ``equity`` (``--plot FILE`` draws every starting hand's equity);
* :mod:`.flops`: ``flops`` (two hands or ranges on every flop);
* :mod:`.ranges`: ``grid`` and ``strength`` (``--plot FILE`` draws them);
* :mod:`.videopoker`: ``holds``, ``video-return`` and ``video-strategy``;
* :mod:`.tools`: ``warmup`` and ``bench``;
* :mod:`.info`: ``info`` (which kernels run here, the GPU, the cache folder).

The tree is built without numba, numpy or the tables: a module registers each subcommand by its
name and one-line help, its options are added when it is used (:class:`.args.CommandParser`), and
what it computes with is imported by the function that runs it; so ``--help`` and ``--version``
answer at once, and ``SUBCOMMAND --help`` loads no kernel.

Every subcommand reports a bad argument before printing anything, as one line naming the option or
argument on stderr, with exit status 2 and no traceback: argparse does so for what it checks, and
:func:`main` for the ``ValueError``/``TypeError``/``OSError`` a command raises.  (Hands read from
files come a block at a time: a bad one stops the command before its block is printed, after the
blocks before it, :mod:`.ranking`.)  A failed write to
standard output ends every subcommand alike (:mod:`.output`): a closed pipe quietly with status 141,
any other write error with one line on stderr and status 1.  Every subcommand that prints results
takes ``--json`` (one JSON document, the schema in ``docs/cli.md``); the subcommands that take hands
read them from a file or standard input too (:mod:`.handsource`).
"""

from __future__ import annotations

import argparse
import sys

from .. import __version__
from . import demo, equity, flops, info, ranges, ranking, tools, videopoker
from .args import CommandParser
from .output import OutputError, guarded_stdout, report_output_error

__all__ = ["main", "build_parser"]

#: The modules that register subcommands, in the order ``pokerlut --help`` lists them.
COMMANDS = (ranking, demo, videopoker, tools, info, ranges, equity, flops)


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: every subcommand of every module in :data:`COMMANDS`.

    >>> sorted(build_parser()._subparsers._group_actions[0].choices)[:4]
    ['bench', 'deal', 'demo', 'equity']
    """
    parser = argparse.ArgumentParser(prog="pokerlut", description="Exact poker hand ranking from lookup tables.")
    parser.add_argument("--version", action="version", version=f"pokerlut {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=CommandParser)
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``pokerlut`` with ``argv`` (default: the process's); the exit status.

    >>> main(["eval", "As Ks Qs Js Ts"])
    As Ks Qs Js Ts   7462  Straight flush    Royal flush
    0
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser()
    try:
        with guarded_stdout():  # --help and --version print too
            args = parser.parse_args(argv)
    except OutputError as failure:
        return report_output_error(parser.prog, failure)
    args.command_line = ["pokerlut", *argv]
    try:
        with guarded_stdout():
            status: int = args.run(args)
        return status
    except OutputError as failure:
        return report_output_error(args.prog, failure)
    except (ValueError, TypeError, OSError) as error:
        print(f"{args.prog}: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

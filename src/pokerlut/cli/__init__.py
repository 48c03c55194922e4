"""The ``pokerlut`` command: one argparse tree, each feature registering its subcommand.

* :mod:`.ranking`: ``eval`` (rank hands given as text), ``deal`` (the course deal);
* :mod:`.demo`: ``demo``, the main job;
* :mod:`.equity`: ``equity`` (``--plot FILE`` draws every starting hand's equity);
* :mod:`.ranges`: ``grid`` and ``strength`` (``--plot FILE`` draws them);
* :mod:`.videopoker`: ``holds``, ``video-return`` and ``video-strategy``;
* :mod:`.tools`: ``warmup`` and ``bench``.

Every subcommand reports a bad argument before printing anything, as one line naming the option or
argument on stderr, with exit status 2 and no traceback: argparse does so for what it checks, and
:func:`main` for the ``ValueError``/``TypeError``/``OSError`` a command raises.
"""

from __future__ import annotations

import argparse
import sys

from . import demo, equity, ranges, ranking, tools, videopoker

__all__ = ["main", "build_parser"]

#: The modules that register subcommands, in the order ``pokerlut --help`` lists them.
COMMANDS = (ranking, demo, videopoker, tools, ranges, equity)


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: every subcommand of every module in :data:`COMMANDS`.

    >>> sorted(build_parser()._subparsers._group_actions[0].choices)[:4]
    ['bench', 'deal', 'demo', 'equity']
    """
    parser = argparse.ArgumentParser(prog="pokerlut", description="Exact poker hand ranking from lookup tables.")
    sub = parser.add_subparsers(dest="command", required=True)
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
    args = build_parser().parse_args(argv)
    args.command_line = ["pokerlut", *argv]
    try:
        return args.run(args)
    except (ValueError, TypeError, OSError) as error:
        print(f"{args.prog}: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

"""The command line called in-process, as the CLI tests drive it."""

from __future__ import annotations

from pokerlut.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """``pokerlut *argv``: its exit status (argparse's too), stdout and stderr."""
    try:
        status = main(list(argv))
    except SystemExit as exit_:  # argparse
        status = exit_.code
    captured = capsys.readouterr()
    return status, captured.out, captured.err

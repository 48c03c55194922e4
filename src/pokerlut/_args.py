"""Argument types shared by the command-line parsers: a bad value is an argparse error, which
names the option and exits with status 2 before anything is printed."""

from __future__ import annotations

import argparse
import math

__all__ = ["positive_int", "fraction_0_1"]


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

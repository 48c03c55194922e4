"""The one way a value the user gave is written into a message: short, whatever the value.

Every error message that shows a value goes through :func:`shown` (any value), :func:`quoted`
(text), :func:`integer_text` (an integer) or :func:`error_text` (an exception of the user's code),
so that no value makes a message long, and none makes writing the message fail: a 10 MB string is
cut and its length given, an integer of 10,000 digits shown by its first digits and its digit
count (Python refuses to write one of more than 4,300 digits, and its error would replace the
message), a value whose ``repr()`` raises named by its type.  :mod:`pokerlut.cards` re-exports
them.
"""

from __future__ import annotations

import math
import operator
import reprlib
import sys
from typing import Any, Sequence

from .constants import HAND_SIZES

__all__ = ["QUOTE_LIMIT", "integer_text", "error_text", "shown", "quoted", "sizes_text", "hand_size_text"]

#: Characters of a value quoted in an error message (the rest is cut and its length given).
QUOTE_LIMIT = 40

#: Integers of more bits than this are shown shortened in messages (:func:`integer_text`).
_LONG_INT_BITS = 160
#: The leading digits :func:`integer_text` shows of a long integer.
_LEADING_DIGITS = 12


def integer_text(value: int, grouped: bool = False) -> str:
    """An integer for a message: its digits when it has a few dozen or fewer (``grouped``: with
    thousands separators), else its first digits and how many it has, worked out without
    converting the whole number to text (Python refuses that beyond 4,300 digits, and it takes
    long well before).

    >>> integer_text(-52), integer_text(10**6, grouped=True), integer_text(10**5000)
    ('-52', '1,000,000', '100000000000... (an integer of 5,001 digits)')
    >>> integer_text(-(3 * 10**70 + 1))
    '-300000000000... (an integer of 71 digits)'
    """
    value = operator.index(value)  # an exact int: an int subclass by the int it holds, numpy's as Python's
    size = abs(value)
    if size.bit_length() <= _LONG_INT_BITS:
        return f"{value:,}" if grouped else str(value)
    digits = int(size.bit_length() * math.log10(2))  # the digit count, or one less
    if size >= 10 ** digits:
        digits += 1
    leading = size // 10 ** (digits - _LEADING_DIGITS)
    return f"{'-' if value < 0 else ''}{leading}... (an integer of {digits:,} digits)"


def error_text(error: BaseException, limit: int = 200) -> str:
    """An exception for a message: its type and its text, cut to ``limit`` characters; an error
    whose ``str()`` itself fails is named by its type.

    >>> error_text(RuntimeError("boom")), len(error_text(ValueError("x" * 300)))
    ('RuntimeError: boom', 212)
    """
    try:
        text = str(error)
    except Exception:
        text = ""
    text = text if len(text) <= limit else text[:limit - 3] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


class _ShortRepr(reprlib.Repr):
    """reprlib's cut repr(), long integers shortened by :func:`integer_text`."""

    def repr_int(self, x: int, level: int) -> str:
        return integer_text(x)


#: repr() of nested sequences, a few levels and elements deep (a list nested 1,000 deep, or holding
#: itself, is shown as ``[[[[...]]]]``, not a RecursionError).
_SHORT_REPR = _ShortRepr()
_SHORT_REPR.maxlevel, _SHORT_REPR.maxlist, _SHORT_REPR.maxtuple = 4, 8, 8
_SHORT_REPR.maxstring = _SHORT_REPR.maxother = 60


def _plain(value: Any) -> Any:
    """A numpy scalar as the Python value it holds; anything else as it is.  numpy is looked up, not
    imported: a value can only be a numpy scalar once numpy is loaded, and the command line's
    ``--version`` and ``--help`` must not load it."""
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(value, numpy.generic):
        return value.item()
    return value


def shown(value: Any, limit: int = 60) -> str:
    """repr() of a value for a message, numpy scalars shown as the Python value they hold, cut to
    ``limit`` characters: a long string cut before it is quoted, a long integer shortened by
    :func:`integer_text`, a value whose repr() fails named by its type.  Every message that shows
    a value the user gave goes through this (or :func:`quoted`, :func:`integer_text`).

    >>> import numpy as np
    >>> shown(np.int64(3)), shown("x" * 100)[-5:], shown([1, 10**5000])
    ('3', 'xx...', '[1, 100000000000... (an integer of 5,001 digits)]')
    """
    value = _plain(value)
    if isinstance(value, (str, bytes)) and len(value) > limit:
        value = value[:limit]
    if isinstance(value, int) and not isinstance(value, bool) and int.bit_length(value) > _LONG_INT_BITS:
        return integer_text(value)
    try:
        text = _SHORT_REPR.repr(value) if isinstance(value, (list, tuple, dict, set, frozenset)) else repr(value)
    except Exception:
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def quoted(text: Any, limit: int = QUOTE_LIMIT) -> str:
    """A string quoted for a message: whole when short, else its first ``limit`` characters and
    its length, so that a 10 MB string gives a one-line message.

    >>> quoted("As Ks"), quoted("As " * 1000)
    ("'As Ks'", "'As As As As As As As As As As As As As A'... (3,000 characters)")
    """
    text = _plain(text)
    if isinstance(text, (str, bytes)) and len(text) > limit:
        return f"{text[:limit]!r}... ({len(text):,} {'characters' if isinstance(text, str) else 'bytes'})"
    return shown(text, limit + 2)


def sizes_text(sizes: Sequence[int]) -> str:
    """Hand sizes as a sentence says them.

    >>> sizes_text((5, 6, 7)), sizes_text((3, 5)), sizes_text((4,))
    ('5, 6 or 7', '3 or 5', '4')
    """
    words = [str(k) for k in sizes]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def hand_size_text(n_cards: int, sizes: Sequence[int] = HAND_SIZES, game: str | None = None,
                   unit: str = "cards", note: str = "") -> str:
    """The one sentence for a hand of ``n_cards`` cards in a game that ranks hands of ``sizes``
    (the caller puts the hand's name before it: ``hand 3: ...``).  ``game`` is named unless the
    game ranks the usual 5, 6 or 7 cards; ``unit`` says what is counted (``"hole cards"``),
    ``note`` adds a hint before the count.

    >>> hand_size_text(8)
    'a hand is 5, 6 or 7 cards, got 8'
    >>> hand_size_text(4, (3, 5), "ofc"), hand_size_text(3, (4, 5, 6), "omaha", "hole cards")
    ('an ofc hand is 3 or 5 cards, got 4', 'an omaha hand is 4, 5 or 6 hole cards, got 3')
    """
    if game is None or tuple(sizes) == HAND_SIZES and unit == "cards":
        subject = "a hand"
    else:
        subject = f"{'an' if game[:1] in 'aeiou' else 'a'} {game} hand"
    return f"{subject} is {sizes_text(sizes)} {unit}{note}, got {n_cards}"

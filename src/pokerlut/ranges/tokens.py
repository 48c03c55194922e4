"""What every range notation shares: weights, splitting a range into tokens, the error with a
caret, and the cards a range must not hold (:mod:`.parse` for Hold'em, :mod:`.omaha` for Omaha).

Splitting runs in one pass over the text (time linear in its length, whatever it holds), and every
piece is bounded: a range text of at most the notation's limit (``max_chars``), a token of at
most :data:`MAX_TOKEN_CHARS` characters, a weight of at most :data:`MAX_NUMBER_CHARS`; longer is an
error naming the column, and an error shows only the part of the text around the bad token.

>>> [(start, word, weight) for start, word, weight, _ in range_tokens("QQ, 0.5(AKs), Ah Kh")]
[(0, 'QQ', 1.0), (8, 'AKs', 0.5), (14, 'AhKh', 1.0)]
"""

from __future__ import annotations

import re

import numpy as np

from .. import config
from .._input import card_array
from ..typing import CardsLike

__all__ = ["MAX_WEIGHT", "MIN_WEIGHT", "MAX_NUMBER_CHARS", "MAX_TOKEN_CHARS", "card_set", "range_error",
           "range_tokens", "check_length", "shown_text"]

#: A weight, the same syntax in ``w(...)`` and ``token:w``: digits with an optional sign,
#: decimal point and exponent (``0.5``, ``.5``, ``2``, ``1e5``, ``2.5E-3``).  Written so that a
#: match never backtracks: it is the longest number at a place, found in one pass.
_NUMBER_RE = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")
#: Weights are relative; anything above this is refused (so sums of products stay finite).
MAX_WEIGHT = 1e12
#: The smallest weight above 0: the smallest positive float64 (a subnormal number).  A weight
#: written above 0 that rounds to 0.0 (``1e-400``) is refused rather than silently dropped.
MIN_WEIGHT = 5e-324
#: What an error shows of the text on either side of the bad token, and of the token itself.
_CONTEXT_CHARS = 40
_SHOWN_TOKEN_CHARS = 40

_SPACE_RE = re.compile(r"[ \t\n,;]*")
_WORD_RE = re.compile(r"[^ \t\n,;()]*")
_GAP_RE = re.compile(r"[ \t]*")
_CARD_WORD_RE = re.compile(r"[2-9tjqka][cdhs]", re.IGNORECASE)
_SECOND_CARD_RE = re.compile(r"([2-9tjqka][cdhs])(?![^\s,;()])", re.IGNORECASE)


def card_set(cards: CardsLike | None, what: str = "blocked") -> set[int]:
    """The natural card ids of ``cards`` (ids or card strings, through the one input path)."""
    if cards is None or (isinstance(cards, str) and not cards.strip()):
        return set()
    ids = card_array(cards, what).ravel()
    bad = (ids < 0) | (ids > 51) if ids.dtype.kind == "i" else ids > 51
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(f"{what}: position {i} is card id {int(ids[i])}, not a natural card "
                         f"(ids 0..51, 4*rank + suit, or card strings like 'Qs')")
    return {int(c) for c in ids.tolist()}


def range_error(text: str, start: int, token: str, why: str) -> ValueError:
    """The error for ``token`` at column ``start`` (0-based) of the range ``text``: the token, the
    column (1-based), why, and the text with a caret under the token (only the part of a long text
    around the token, and only the start of a long token).

    >>> print(range_error("QQ, AKz", 4, "AKz", "no such hand"))
    bad range token 'AKz' at column 5: no such hand
      QQ, AKz
          ^^^
    >>> print(range_error("QQ, " * 30 + "AKz", 120, "AKz", "no such hand"))
    bad range token 'AKz' at column 121: no such hand
      ...QQ, QQ, QQ, QQ, QQ, QQ, QQ, QQ, QQ, QQ, AKz
                                                 ^^^
    """
    shown = token if len(token) <= _SHOWN_TOKEN_CHARS else token[:_SHOWN_TOKEN_CHARS] + "..."
    quoted = repr(shown) if len(token) <= _SHOWN_TOKEN_CHARS else f"{shown!r} ({len(token):,} characters)"
    lo = max(0, start - _CONTEXT_CHARS)
    hi = min(len(text), start + min(len(token), _SHOWN_TOKEN_CHARS) + _CONTEXT_CHARS)
    head, tail = ("..." if lo > 0 else ""), ("..." if hi < len(text) else "")
    line = head + text[lo:hi].replace("\n", " ") + tail
    caret = " " * (len(head) + start - lo) + "^" * max(1, min(len(token), _SHOWN_TOKEN_CHARS, hi - start))
    return ValueError(f"bad range token {quoted} at column {start + 1}: {why}\n  {line}\n  {caret}")


def shown_text(text: str) -> str:
    """``repr(text)``, or for a long text its start, an ellipsis and its length.

    >>> shown_text("QQ"), shown_text(", " * 50)
    ("'QQ'", "', , , , , , , , , , , , , , , , , , , , '... (100 characters)")
    """
    if len(text) <= 2 * _CONTEXT_CHARS:
        return repr(text)
    return f"{text[:_CONTEXT_CHARS]!r}... ({len(text):,} characters)"


def check_length(text: str, max_chars: int, what: str = "a range") -> None:
    """A ``ValueError`` if the range ``text`` is longer than ``max_chars`` characters.

    >>> check_length("QQ+", 10)
    >>> check_length("QQ, " * 5, 10)
    Traceback (most recent call last):
    ...
    ValueError: a range is at most 10 characters; this one has 20 ('QQ, QQ, QQ, QQ, QQ, ')
    """
    if len(text) > max_chars:
        raise ValueError(f"{what} is at most {max_chars:,} characters; this one has {len(text):,} "
                         f"({shown_text(text)})")


def _number_end(text: str, pos: int, end: int | None = None) -> int:
    """Where the longest number (see ``_NUMBER_RE``) starting at ``pos`` ends (``pos``: none)."""
    m = _NUMBER_RE.match(text, pos, len(text) if end is None else end)
    return m.end() if m else pos


def _weight(number: str, text: str, start: int, raw: str, where: str = "") -> float:
    """A weight's text as a float: a number (see ``_NUMBER_RE``) of at most ``MAX_NUMBER_CHARS``
    characters, finite, 0 or from ``MIN_WEIGHT`` to ``MAX_WEIGHT``; else the range error with a
    caret under ``raw``."""
    if len(number) > config.MAX_NUMBER_CHARS:
        raise range_error(text, start, raw, f"the weight {where}is {len(number):,} characters long; a weight is a "
                                            f"number of at most {config.MAX_NUMBER_CHARS} characters like 0.5 or 1e-3")
    if not number or _number_end(number, 0) != len(number):
        raise range_error(text, start, raw, f"the weight {where}must be a number like 0.5 or 1e-3, not {number!r}")
    weight = float(number)
    if not 0 <= weight <= MAX_WEIGHT:
        raise range_error(text, start, raw, f"a weight must be a number from 0 to {MAX_WEIGHT:g}, not {number!r}")
    if weight == 0 and re.split("[eE]", number)[0].strip("+-.0"):  # a digit other than 0: not zero
        raise range_error(text, start, raw, f"the weight {number!r} is above 0 but below the smallest weight a "
                                            f"float64 holds ({MIN_WEIGHT:g}); write 0 to leave the hands out")
    return weight


def range_tokens(text: str, join_cards: int = 2, max_chars: int = 200_000):
    """``(start, word, weight, raw)`` of every token of a range: where it starts, the token (cards
    written with spaces between them joined, up to ``join_cards`` of them: ``"Ah Kh"`` is one
    combo), its weight (``w(...)`` groups and ``token:w`` suffixes give weights, else 1) and its
    text as written.  One pass over the text; a text longer than ``max_chars``, a token or a weight
    beyond its limit (see the module doc) is an error.

    >>> [(start, word, weight) for start, word, weight, _ in range_tokens("QQ, 0.5(AKs), Ah Kh")]
    [(0, 'QQ', 1.0), (8, 'AKs', 0.5), (14, 'AhKh', 1.0)]
    """
    check_length(text, max_chars)
    pos = 0
    n = len(text)
    group_weight = None
    group_start = 0
    while True:
        pos = _SPACE_RE.match(text, pos).end()
        if pos >= n:
            break
        ch = text[pos]
        if ch == ")":
            if group_weight is None:
                raise range_error(text, pos, ")", "a ')' without its 'weight('")
            group_weight = None
            pos += 1
            continue
        number_end = _number_end(text, pos)
        if number_end > pos:
            after = _GAP_RE.match(text, number_end).end()
            if after < n and text[after] == "(":
                number = text[pos:number_end]
                if group_weight is not None:
                    raise range_error(text, pos, text[pos:after + 1], "weight groups cannot be nested")
                group_weight = _weight(number, text, pos, number)
                group_start = pos
                pos = after + 1
                continue
        end = _WORD_RE.match(text, pos).end()
        if end == pos:  # a stray '('
            raise range_error(text, pos, ch, "a '(' must follow a weight, e.g. '0.5(QQ)'")
        if end - pos > config.MAX_TOKEN_CHARS:
            raise range_error(text, pos, text[pos:end], f"a range token is at most {config.MAX_TOKEN_CHARS} characters; this "
                                                        f"one has {end - pos:,}")
        word = text[pos:end]
        weight = group_weight if group_weight is not None else 1.0
        if ":" in word:
            word, _, w = word.partition(":")
            weight = _weight(w, text, pos, text[pos:end], "after ':' ")
        # a combo written with spaces: "Ah Kh"
        joined = 1
        while joined < join_cards and len(word) == 2 * joined and _CARD_WORD_RE.fullmatch(word[-2:]):
            gap = _GAP_RE.match(text, end).end()
            m2 = _SECOND_CARD_RE.match(text, gap) if gap > end else None
            if not m2:
                break
            word = word + m2.group(1)
            end = m2.end()
            joined += 1
        yield pos, word, weight, text[pos:end]
        pos = end
    if group_weight is not None:
        raise range_error(text, group_start, text[group_start:], "the weight group is not closed with ')'")


#: Tunables once defined here, now in :mod:`pokerlut.config` (read there at call time): old name -> config name.
_FROM_CONFIG = {"MAX_NUMBER_CHARS": "MAX_NUMBER_CHARS", "MAX_TOKEN_CHARS": "MAX_TOKEN_CHARS"}


def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config`, read there."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

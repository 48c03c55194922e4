"""What every range notation shares: weights, splitting a range into tokens, the error with a
caret, and the cards a range must not hold (:mod:`.parse` for Hold'em, :mod:`.omaha` for Omaha).

>>> [(start, word, weight) for start, word, weight, _ in range_tokens("QQ, 0.5(AKs), Ah Kh")]
[(0, 'QQ', 1.0), (8, 'AKs', 0.5), (14, 'AhKh', 1.0)]
"""

from __future__ import annotations

import re

import numpy as np

from .._input import card_array
from ..typing import CardsLike

__all__ = ["MAX_WEIGHT", "card_set", "range_error", "range_tokens"]

#: A weight, the same syntax in ``w(...)`` and ``token:w``: digits with an optional sign,
#: decimal point and exponent (``0.5``, ``.5``, ``2``, ``1e5``, ``2.5E-3``).
_NUMBER = r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"
_NUMBER_RE = re.compile(_NUMBER + "$")
_WEIGHT_GROUP_RE = re.compile(rf"({_NUMBER})\s*\(")
#: Weights are relative; anything above this is refused (so sums of products stay finite).
MAX_WEIGHT = 1e12
_CARD_WORD_RE = re.compile(r"[2-9tjqka][cdhs]", re.IGNORECASE)
_SECOND_CARD_RE = re.compile(r"[ \t]+([2-9tjqka][cdhs])(?![^\s,;()])", re.IGNORECASE)


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
    column (1-based), why, and the text with a caret under the token.

    >>> print(range_error("QQ, AKz", 4, "AKz", "no such hand"))
    bad range token 'AKz' at column 5: no such hand
      QQ, AKz
          ^^^
    """
    caret = " " * start + "^" * max(1, len(token))
    return ValueError(f"bad range token {token!r} at column {start + 1}: {why}\n  {text}\n  {caret}")


def _weight(number: str, text: str, start: int, raw: str, where: str = "") -> float:
    """A weight's text as a float: a number (see ``_NUMBER``), finite, >= 0 and at most
    ``MAX_WEIGHT``; else the range error with a caret under ``raw``."""
    if not _NUMBER_RE.match(number):
        raise range_error(text, start, raw, f"the weight {where}must be a number like 0.5 or 1e-3, not {number!r}")
    weight = float(number)
    if not 0 <= weight <= MAX_WEIGHT:
        raise range_error(text, start, raw, f"a weight must be a number from 0 to {MAX_WEIGHT:g}, not {number!r}")
    return weight


def range_tokens(text: str, join_cards: int = 2):
    """``(start, word, weight, raw)`` of every token of a range: where it starts, the token (cards
    written with spaces between them joined, up to ``join_cards`` of them: ``"Ah Kh"`` is one
    combo), its weight (``w(...)`` groups and ``token:w`` suffixes give weights, else 1) and its
    text as written.

    >>> [(start, word, weight) for start, word, weight, _ in range_tokens("QQ, 0.5(AKs), Ah Kh")]
    [(0, 'QQ', 1.0), (8, 'AKs', 0.5), (14, 'AhKh', 1.0)]
    """
    pos = 0
    n = len(text)
    group_weight = None
    group_start = 0
    while pos < n:
        ch = text[pos]
        if ch in " \t\n,;":
            pos += 1
            continue
        if ch == ")":
            if group_weight is None:
                raise range_error(text, pos, ")", "a ')' without its 'weight('")
            group_weight = None
            pos += 1
            continue
        m = _WEIGHT_GROUP_RE.match(text, pos)
        if m:
            if group_weight is not None:
                raise range_error(text, pos, m.group(0), "weight groups cannot be nested")
            group_weight = _weight(m.group(1), text, pos, m.group(1))
            group_start = pos
            pos = m.end()
            continue
        end = pos
        while end < n and text[end] not in " \t\n,;()":
            end += 1
        if end == pos:  # a stray '('
            raise range_error(text, pos, ch, "a '(' must follow a weight, e.g. '0.5(QQ)'")
        word = text[pos:end]
        weight = group_weight if group_weight is not None else 1.0
        if ":" in word:
            word, _, w = word.partition(":")
            weight = _weight(w, text, pos, text[pos:end], "after ':' ")
        # a combo written with spaces: "Ah Kh"
        joined = 1
        while joined < join_cards and _CARD_WORD_RE.fullmatch(word[-2:]) and len(word) == 2 * joined:
            m2 = _SECOND_CARD_RE.match(text, end)
            if not m2:
                break
            word = word + m2.group(1)
            end = m2.end()
            joined += 1
        yield pos, word, weight, text[pos:end]
        pos = end
    if group_weight is not None:
        raise range_error(text, group_start, text[group_start:], "the weight group is not closed with ')'")

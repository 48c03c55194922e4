"""Card ids as text: one card, a row, or an array of hands formatted in one vectorised pass."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any, overload

import numpy as np

from ._messages import shown
from .card_checks import integer_or_none, named, refuse_masked
from .card_text import parse_cards  # noqa: F401 (the examples use it)
from .constants import RANK_CHARS, SUIT_CHARS, SUIT_SYMBOLS, WILD

__all__ = ["format_card", "format_cards"]

_STYLES = {"ascii": SUIT_CHARS, "unicode": SUIT_SYMBOLS}


def _suits_for(style: str) -> str:
    try:
        return _STYLES[style]
    except (KeyError, TypeError):
        raise ValueError(f"unknown style {shown(style)}; expected 'ascii' or 'unicode'") from None


def format_card(card: int, style: str = "ascii") -> str:
    """Format one card id: ``"As"`` (style ``"ascii"``) or ``"A♠"`` (``"unicode"``).

    The wild card is ``"W"`` in both styles.

    >>> format_card(51), format_card(51, style="unicode"), format_card(33), format_card(52)
    ('As', 'A♠', 'Td', 'W')
    """
    suits = _suits_for(style)
    number = integer_or_none(card)
    if number is None or not 0 <= number <= WILD:
        raise ValueError(
            f"invalid card id {shown(card)}: "
            f"expected an integer 0..51, or {WILD} for the wild card"
        )
    if number == WILD:
        return "W"
    return RANK_CHARS[number // 4] + suits[number % 4]


@lru_cache(maxsize=2)
def _name_codes(style: str) -> np.ndarray:
    """Per id 0..52 the code points of its name (two; the wild card's ``W`` and a zero)."""
    codes = np.zeros((WILD + 1, 2), np.uint32)
    for card in range(WILD + 1):
        name = format_card(card, style)
        codes[card, :len(name)] = [ord(c) for c in name]
    codes.setflags(write=False)
    return codes


def _format_rows(ids: np.ndarray, style: str) -> np.ndarray:
    """Integer ids ``(..., k)`` as a ``U`` array of the leading shape, vectorised."""
    if ids.dtype.kind not in "iu":
        raise TypeError(f"format_cards expects integer card ids, got an array of dtype {ids.dtype}")
    lead, k = ids.shape[:-1], ids.shape[-1]
    bad = (ids < 0) | (ids > WILD) if ids.dtype.kind == "i" else ids > WILD
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        where = f"{named(index[:-1])}, " if len(index) > 1 else ""
        raise ValueError(f"{where}position {index[-1]}: invalid card id {int(ids[index])}: "
                         f"expected an integer 0..51, or {WILD} for the wild card")
    if k == 0:
        return np.full(lead, "", dtype="U1")
    rows = ids.reshape(-1, k)
    codes = np.full((rows.shape[0], k, 3), ord(" "), np.uint32)
    codes[:, :, :2] = _name_codes(style)[rows]
    codes = codes.reshape(rows.shape[0], 3 * k)[:, :-1]
    if (rows == WILD).any():  # "W" is one character: close the gap it leaves
        keep = codes != 0
        packed = np.zeros_like(codes)
        r, c = np.nonzero(keep)
        packed[r, np.cumsum(keep, axis=1)[keep] - 1] = codes[keep]
        codes = packed
    return np.ascontiguousarray(codes).view(f"U{3 * k - 1}").reshape(lead)


@overload
def format_cards(cards: Sequence[int], style: str = "ascii") -> str: ...


@overload
def format_cards(cards: Any, style: str = "ascii") -> Any: ...


def format_cards(cards: Any, style: str = "ascii") -> Any:
    """Format card ids: a 1-D sequence or array as one space-separated string; an array of hands
    ``(..., k)`` (or nested lists) as a numpy string array of the leading shape, vectorised.

    >>> format_cards([50, 46, 52])
    'Ah Kh W'
    >>> format_cards(parse_cards("2c 10d"), style="unicode")
    '2♣ T♦'
    >>> format_cards(np.array([[51, 47], [52, 0]])).tolist()
    ['As Ks', 'W 2c']
    """
    _suits_for(style)  # checked even when there are no cards
    if isinstance(cards, str):
        raise TypeError("format_cards expects card ids, not a str (parse it with parse_cards)")
    cards = refuse_masked(cards, "cards")
    if isinstance(cards, np.ndarray) and cards.ndim >= 2:
        return _format_rows(cards, style)
    if isinstance(cards, (list, tuple)) and cards and all(isinstance(c, (list, tuple, np.ndarray)) for c in cards):
        try:
            array = np.asarray(cards)
        except ValueError:
            raise ValueError("format_cards expects hands of equal size, nested evenly") from None
        if array.ndim < 2 or array.dtype.kind not in "iu":
            raise ValueError(f"format_cards expects integer card ids nested evenly, got {shown(cards)}")
        return _format_rows(array, style)
    if isinstance(cards, np.ndarray) and cards.ndim == 1 and cards.dtype.kind in "iu":
        return str(_format_rows(cards, style)) if cards.size else ""
    if isinstance(cards, np.ndarray) and cards.ndim != 1:
        raise ValueError(f"format_cards expects a 1-D array of card ids, got shape {cards.shape}")
    if not isinstance(cards, Iterable):
        raise TypeError(f"format_cards expects a sequence of card ids, got {type(cards).__name__}: {shown(cards)} "
                        f"(format_card formats one)")
    out = []
    for i, card in enumerate(cards):
        try:
            out.append(format_card(card, style))
        except ValueError as err:
            raise ValueError(f"position {i}: {err}") from None
        except TypeError as err:  # an __index__ that raised: the user's error chained
            raise TypeError(f"position {i}: {err}") from err.__cause__
    return " ".join(out)

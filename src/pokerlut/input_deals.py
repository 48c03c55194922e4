"""The cards of deals (a board, dead cards, hole cards) as natural cards of a game's deck, every card of
a deal checked together and each bad card named by its place (:mod:`pokerlut._input` re-exports them)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from . import layout
from .constants import WILD
from .input_checks import first_problem, not_a_card_text, problem_text, where
from .input_lists import card_array
from .kernels.primitives import NOT_A_CARD, OK

__all__ = ["natural_card_table", "deal_rows", "raise_for_deals", "deal_cards", "check_deal"]


@lru_cache(maxsize=None)
def _natural_table(cards_bytes: bytes) -> np.ndarray:
    """A card table like ``cards`` with the wild card poisoned (deals of equity have none)."""
    cards = np.frombuffer(cards_bytes, dtype=layout.CARD_DTYPE).copy()
    for offset in (0, layout.FIRST_CARD):
        cards[offset + WILD] = np.uint64(1 << layout.POISON_SHIFT)
    cards.setflags(write=False)
    return cards


def natural_card_table(cards: np.ndarray) -> np.ndarray:
    """``cards`` (a game's card table) with the wild card refused, as a deal of natural cards needs.

    >>> from pokerlut.tables import load_table_set
    >>> first_problem(np.array([[0, 52]], np.uint8), natural_card_table(load_table_set()["cards"]))
    (0, 1, 1)
    """
    return _natural_table(np.ascontiguousarray(cards).tobytes())


def _deal_place(groups: Sequence[tuple[str, int]]):
    """``place(j)`` of the columns of a deal laid out as ``groups`` (label, width) in order."""
    starts = np.cumsum([0] + [w for _, w in groups])

    def place(j: int) -> str:
        g = int(np.searchsorted(starts, j, side="right")) - 1
        return f"as {groups[g][0]} {j - int(starts[g])}"

    return place


def deal_rows(rows: np.ndarray, groups: Sequence[tuple[str, int]], lead_shape: tuple[int, ...] | None = None,
              what: str = "deal") -> np.ndarray:
    """Integer deals ``(N, m)`` laid out as ``groups`` as uint8, once every id fits a byte; an id
    that does not is a ``ValueError`` naming the deal (when ``lead_shape`` is given) and its place.

    >>> deal_rows(np.array([[1, 300]]), [("board card", 2)])
    Traceback (most recent call last):
    ...
    ValueError: board card 1: card id 300 is not a card (ids are 0..51 for naturals, 4*rank + suit, and 52 for a wild card)
    """
    if rows.dtype == np.uint8:
        return rows
    outside = (rows < 0) | (rows > 255) if rows.dtype.kind == "i" else rows > 255
    if outside.any():
        row, pos = (int(i) for i in np.argwhere(outside)[0])
        prefix = f"{where(row, lead_shape, what)}: " if lead_shape is not None else ""
        raise ValueError(f"{prefix}{_deal_place(groups)(pos).removeprefix('as ')}: "
                         f"{not_a_card_text(int(rows[row, pos]))}")
    return rows.astype(np.uint8)


def raise_for_deals(rows: np.ndarray, groups: Sequence[tuple[str, int]], cards: np.ndarray, dealt_in: str,
                    deck: str, lead_shape: tuple[int, ...] | None = None, what: str = "deal",
                    origin: tuple[int, ...] = ()) -> None:
    """Check a batch of deals, one uint8 row per deal laid out as ``groups`` (``("player 0's card",
    2), ("board card", 5), ...)``); the first bad card is a ``ValueError`` naming the deal (as
    ``what``, when ``lead_shape`` is given; ``origin`` as for :func:`where`), its place and the card.

    >>> from pokerlut.tables import load_table_set
    >>> raise_for_deals(np.array([[50, 46, 0, 50]], np.uint8), [("player 0's card", 2), ("board card", 2)],
    ...                 load_table_set()["cards"], "the high game", "the deck")
    Traceback (most recent call last):
    ...
    ValueError: card Ah (id 50) is dealt twice: as player 0's card 0 and as board card 1
    """
    row, pos, code = first_problem(rows, cards)
    if code == OK:
        return
    place = _deal_place(groups)
    text = problem_text(rows[row], pos, code, dealt_in, deck, place)
    if code == NOT_A_CARD:
        text = f"{place(pos).removeprefix('as ')}: {text}"
    prefix = f"{where(row, lead_shape, what, origin)}: " if lead_shape is not None else ""
    raise ValueError(prefix + text)


def deal_cards(value: Any, what: str) -> np.ndarray:
    """The cards of one part of a deal (a board, dead cards, one hand) as a 1-D array of ids 0..255
    (checked later, with the whole deal, by :func:`check_deal`); ``None`` or blank text is none.

    >>> deal_cards("Qs 7h 2c", "the board").tolist(), deal_cards(None, "dead cards").tolist()
    ([43, 22, 0], [])
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        return np.zeros(0, dtype=np.uint8)
    try:
        arr = card_array(value, what).ravel()
    except ValueError as error:  # unreadable card text (the other errors name ``what`` already)
        if str(error).startswith(what):
            raise
        raise ValueError(f"{what}: {str(error).removeprefix('hand 0, ')}") from None  # one hand: no hand number
    outside = (arr < 0) | (arr > 255) if arr.dtype.kind == "i" else arr > 255
    if outside.any():
        j = int(np.flatnonzero(outside)[0])
        raise ValueError(f"{what}, position {j}: {not_a_card_text(int(arr[j]))}")
    return arr.astype(np.uint8)


def check_deal(groups: Sequence[tuple[str, np.ndarray]], cards: np.ndarray, dealt_in: str, deck: str) -> None:
    """Check the cards of one deal together: ``groups`` are ``(label, cards)`` (``("player 0's
    card", hole)``, ``("board card", board)``, ``("dead card", dead)``); a card outside the deck
    (``cards``, a card table) or dealt twice is a ``ValueError`` naming its place.

    >>> from pokerlut.tables import load_table_set
    >>> check_deal([("player 0's card", np.array([50, 46], np.uint8)), ("dead card", np.array([46], np.uint8))],
    ...            load_table_set()["cards"], "the high game", "the deck")
    Traceback (most recent call last):
    ...
    ValueError: card Kh (id 46) is dealt twice: as player 0's card 1 and as dead card 0
    """
    row = np.concatenate([np.asarray(c, dtype=np.uint8).ravel() for _, c in groups] + [np.zeros(0, np.uint8)])
    raise_for_deals(row[None, :], [(label, len(np.ravel(c))) for label, c in groups], cards, dealt_in, deck)



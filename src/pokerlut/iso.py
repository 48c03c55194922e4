"""Canonical indices of Hold'em hands under suit symmetry (suit isomorphism), for numpy batches.

Relabelling the suits of a deal (24 permutations) changes nothing a player can tell apart, so a
hand is one of a few *classes*: 169 starting hands, 1,286,792 flops, 55,190,538 turns and
2,428,287,420 rivers, the counts of the published hand-isomorphism indexer, which deals a street
in **rounds**: the hole cards, the flop (three cards, as a set), the turn, the river.  The turn
and river are rounds of their own, so ``Ah Kh | Qh Jh Th | 2c`` and ``Ah Kh | Qh Jh 2c | Th`` are
different classes.  With ``by_round=False`` the board is one set instead (hole cards and 4 board
cards: 13,960,050 classes; and 5: 123,156,254).

* :func:`index` maps hands (hole cards and a board, or a board alone) to ``int64`` indices, dense
  in ``0 .. count - 1``: every hand of a class gets the same index, hands of different classes
  different ones.  :func:`unindex` gives each index's **canonical hand**, :func:`count` the number
  of classes.
* :class:`Indexer` does the same for hands dealt in any rounds (``Indexer((2, 2))``: two players'
  hole cards, 93,769 classes).

**Suit patterns.**  A suit's *pattern* is which of its ranks came in which round.  Patterns are
compared by (1) how many cards of the suit each round dealt, round by round (more first), then (2)
each round's ranks of the suit as a 13-bit mask (bit r for rank r, deuce = bit 0), round by round
(the greater mask first).  An :class:`Indexer` class's canonical hand has the greatest pattern in
clubs, then diamonds, hearts, spades.

**Streets: board first.**  :func:`index` numbers a street board class by board class: the board
alone is an :class:`Indexer` of its rounds (its canonical board has the greatest pattern in
clubs), and all the hole-card classes of one board class are consecutive, from
``StreetIndexer.board_offsets[b]`` on.  On a board, suits with the same board pattern can still be
swapped; the hole cards' class is numbered by where they land: both in one suit, in two suits of
the same pattern, or in suits of two patterns, each then by its ranks among the ranks the board
left in its suit.  The canonical hand is the canonical board with the hole cards in the first
suits of their patterns (the higher card first when two suits of one pattern hold one each).
Each round's cards are listed by descending card id.  ``docs/rules.md`` ("Suit classes") has the
rules with examples.  Whole-street tables (:func:`pokerlut.street_table`) rely on this order: one
board class's entries are one contiguous stretch.

>>> int(index("As Ks", "")) == int(index("Ah Kh", "")), count(0)      # AKs in any suit
(True, 169)
>>> h = unindex(index("Ad Kh", "Qd Jd 2s"), 3)
>>> format_cards(h.holes), format_cards(h.boards)
('Ac Kh', 'Qc Jc 2d')
>>> count(3), count(4), count(5)
(1286792, 55190538, 2428287420)
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from . import config
from ._input import card_array, deal_rows
from ._notice import noticed
from .cards import format_cards, shown  # noqa: F401  (format_cards: the examples use it)
from ._messages import sizes_text
from .constants import CLASS_BOARD_SIZES, HOLDEM_BOARD_SIZES, HOLDEM_HOLE
from .iso_rounds import Hand, Indexer, indexer_for, raise_for_rows
from .iso_streets import StreetIndexer
from .typing import HandsLike

__all__ = ["index", "unindex", "count", "rounds_of", "street_indexer", "board_indexer", "Indexer", "StreetIndexer",
           "Hand", "PUBLISHED_COUNTS"]

#: The number of classes by street, as the hand-isomorphism indexer publishes them.
PUBLISHED_COUNTS = {0: 169, 3: 1_286_792, 4: 55_190_538, 5: 2_428_287_420}


def rounds_of(n_board: int, hole: bool = True, by_round: bool = True) -> tuple[int, ...]:
    """The rounds a street is dealt in: hole cards (2) if ``hole``, then the board (3, 1, 1 by
    round, else one round of ``n_board``).

    >>> rounds_of(5), rounds_of(5, by_round=False), rounds_of(4, hole=False), rounds_of(0)
    ((2, 3, 1, 1), (2, 5), (3, 1), (2,))
    """
    if isinstance(n_board, bool) or not isinstance(n_board, (int, np.integer)) or n_board not in HOLDEM_BOARD_SIZES:
        raise ValueError(f"a Hold'em board has {sizes_text(HOLDEM_BOARD_SIZES)} cards, got {shown(n_board)}")
    board = ((3,) + (1,) * (n_board - 3) if by_round else (n_board,)) if n_board else ()
    if not hole and not board:
        raise ValueError(f"a board alone needs {sizes_text(CLASS_BOARD_SIZES)} cards")
    return ((HOLDEM_HOLE,) if hole else ()) + board


@lru_cache(maxsize=None)
def _street(board_rounds: tuple[int, ...]) -> StreetIndexer:
    return StreetIndexer(board_rounds)


def street_indexer(n_board: int, by_round: bool = True) -> StreetIndexer:
    """The (cached) :class:`StreetIndexer` of hole cards and a board of ``n_board`` cards.

    >>> street_indexer(3).count
    1286792
    """
    return _street(rounds_of(n_board, True, by_round)[1:])


def board_indexer(n_board: int, by_round: bool = True) -> Indexer:
    """The (cached) :class:`Indexer` of a board alone (3, 4 or 5 cards).

    >>> board_indexer(5, by_round=False).count
    134459
    """
    return indexer_for(rounds_of(n_board, False, by_round))


def _check_flag(value: Any, name: str) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {shown(value)}")
    return bool(value)


def count(n_board: int, *, hole: bool = True, by_round: bool = True) -> int:
    """The number of suit classes of a street.

    Parameters
    ----------
    n_board : int
        Board cards: 0 (preflop), 3 (flop), 4 (turn) or 5 (river).
    hole : bool
        ``True``: hole cards and board; ``False``: the board alone (3, 4 or 5 cards).
    by_round : bool
        ``True`` (the default): the flop, turn and river are rounds of their own, as the published
        indexer counts; ``False``: the board is one set of cards.

    Returns
    -------
    int

    Examples
    --------
    >>> [count(b) for b in (0, 3, 4, 5)]
    [169, 1286792, 55190538, 2428287420]
    >>> count(5, by_round=False), count(3, hole=False), count(5, hole=False, by_round=False)
    (123156254, 1755, 134459)
    """
    hole, by_round = _check_flag(hole, "hole"), _check_flag(by_round, "by_round")
    return street_indexer(n_board, by_round).count if hole else board_indexer(n_board, by_round).count


def _street_rows(holes: Any, boards: Any) -> tuple[np.ndarray, np.ndarray, tuple[int, ...]]:
    """``(holes (N, 0 or 2), boards (N, b), lead shape)`` as C-contiguous uint8 (ids not checked yet)."""
    if holes is None and boards is None:
        raise ValueError("give hole cards, a board, or both")
    hole_array = None if holes is None else card_array(holes, "holes")
    board_array = None if boards is None or (isinstance(boards, str) and not boards.strip()) else \
        card_array(boards, "boards")
    if hole_array is not None and (hole_array.ndim == 0 or hole_array.shape[-1] != HOLDEM_HOLE):
        raise ValueError(f"holes must have shape (..., 2), got shape {hole_array.shape}")
    if board_array is not None and (board_array.ndim == 0 or board_array.shape[-1] not in HOLDEM_BOARD_SIZES):
        sizes = ", ".join(map(str, HOLDEM_BOARD_SIZES))
        raise ValueError(f"boards must have shape (..., b) with b in {sizes}, got shape {board_array.shape}")
    if hole_array is None:
        if board_array is None or board_array.shape[-1] == 0:
            raise ValueError(f"a board alone needs {sizes_text(CLASS_BOARD_SIZES)} cards")
        lead = board_array.shape[:-1]
        hole_array = np.zeros(lead + (0,), np.uint8)
    else:
        lead = hole_array.shape[:-1]
        if board_array is None:
            board_array = np.zeros(lead + (0,), np.uint8)
        elif board_array.shape[:-1] != lead:
            if board_array.ndim == 1:  # one board for every hand
                board_array = np.broadcast_to(board_array, lead + board_array.shape)
            else:
                raise ValueError(f"holes {hole_array.shape} and boards {board_array.shape} need the same leading "
                                 f"shape (or one board for all)")
    groups = [("hole card", hole_array.shape[-1]), ("board card", board_array.shape[-1])]
    n = math.prod(lead)
    h = np.ascontiguousarray(deal_rows(hole_array.reshape(n, hole_array.shape[-1]), groups[:1], lead, "hand"))
    b = np.ascontiguousarray(deal_rows(board_array.reshape(n, board_array.shape[-1]), groups[1:], lead, "hand"))
    return h, b, lead


@noticed("suit classes")
def index(holes: HandsLike, boards: HandsLike | None = None, *, by_round: bool = True,
          parallel: bool | None = None) -> NDArray[np.int64]:
    """The suit-class index of each hand (hole cards and a board, or a board alone).

    Parameters
    ----------
    holes
        Hole cards ``(..., 2)`` (card ids or strings), or ``None`` for boards alone.
    boards
        Boards ``(..., b)``, b = 0, 3, 4 or 5, with the leading shape of ``holes`` (or one board
        ``(b,)`` for every hand); ``None`` or ``""``: preflop.  Columns 0-2 are the flop, 3 the
        turn, 4 the river.
    by_round : bool
        ``True`` (the default): the turn and river are rounds of their own (the published counts);
        ``False``: the board is one set.
    parallel
        As for :func:`pokerlut.evaluate` (big batches on several threads).

    Returns
    -------
    numpy.ndarray
        ``int64`` indices ``0 .. count - 1`` with the leading shape of the input.

    Raises
    ------
    ValueError
        A card dealt twice, an id that is not a natural card, a wrong shape.
    TypeError
        Not cards.

    Examples
    --------
    >>> index(["Ah Kh", "Ad Kd", "Ah Kd"], "").tolist()
    [77, 77, 167]
    >>> a = index("Ah Kh", "Qh Jh 2c 3d 4s")
    >>> bool(a == index("As Ks", "Qs Js 2d 3c 4h")), bool(a == index("As Ks", "Qs Js 2d 4h 3c"))
    (True, False)
    >>> int(index(None, "As Kd 2c"))                      # a flop alone: one of 1,755
    1730
    """
    by_round = _check_flag(by_round, "by_round")
    h, b, lead = _street_rows(holes, boards)
    out = street_indexer(b.shape[1], by_round).index_rows(h, b, check=True, parallel=parallel)  # boards alone too
    if (out < 0).any():
        raise_for_rows(np.concatenate([h, b], axis=1), [("hole card", h.shape[1]), ("board card", b.shape[1])],
                   lead, "hand")
    return out.reshape(lead)


def unindex(index: Any, n_board: int, *, hole: bool = True, by_round: bool = True) -> Hand:
    """The canonical hand of each index (the module doc says which hand of a class that is).

    Parameters
    ----------
    index
        Integers ``0 .. count(n_board) - 1``, any shape.
    n_board : int
        0, 3, 4 or 5 board cards.
    hole, by_round : bool
        As for :func:`count`.

    Returns
    -------
    Hand
        ``holes (..., 2)`` (``(..., 0)`` for boards alone) and ``boards (..., n_board)``, uint8.

    Examples
    --------
    >>> h = unindex([0, 168], 0)
    >>> [format_cards(x) for x in h.holes], h.boards.shape
    (['3c 2c', 'Ad Ac'], (2, 0))
    >>> format_cards(unindex(0, 5, hole=False).boards)   # the flop 4c 3c 2c, the turn 5c, the river 6c
    '4c 3c 2c 5c 6c'
    """
    hole, by_round = _check_flag(hole, "hole"), _check_flag(by_round, "by_round")
    if hole:
        return street_indexer(n_board, by_round).unindex(index)
    first, second = board_indexer(n_board, by_round).unindex(index, 0)
    return Hand(first, second)


#: Tunables once defined here, now in :mod:`pokerlut.config` (read there at call time): old name -> config name.
_FROM_CONFIG = {"INDEX_COST": "INDEX_COST", "UNINDEX_COST": "UNINDEX_COST"}


def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config`, read there."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

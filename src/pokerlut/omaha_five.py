"""Which cards make an Omaha hand: the two hole cards and three board cards of its best high five,
with their suits.

Every pair of hole cards with every three board cards (60 fives for 4 hole cards and 5 board
cards, 150 for 6) is ranked by the five-card table; the best is kept.  When several fives make the
same strength, the first pair of hole cards (in the order given: cards 0 and 1, then 0 and 2, ...,
then 1 and 2, ...), and with it the first three board cards in the same order, is taken.  Its
strength is :func:`pokerlut.evaluate_omaha`'s.

>>> b = omaha_best_five("As Ks Qs Js", "Ts 9s 8d 2c 3c")   # two board spades: a straight, no flush
>>> format_cards(b.hole), format_cards(b.board), format_cards(b.cards)
('Qs Js', 'Ts 9s 8d', 'Qs Js Ts 9s 8d')
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from ._input import card_array
from .cards import format_cards  # noqa: F401  (the examples use it)
from .evaluate import evaluate
from .omaha import evaluate_omaha
from .showdown import best_five
from .typing import HandsLike, Strengths

__all__ = ["OmahaBestFive", "omaha_best_five", "OMAHA_HOLE_USED", "OMAHA_BOARD_USED"]

#: Hole cards and board cards an Omaha hand plays: exactly two and exactly three.
OMAHA_HOLE_USED, OMAHA_BOARD_USED = 2, 3


class OmahaBestFive(NamedTuple):
    """The cards of each Omaha hand's best high five (see :func:`omaha_best_five`)."""

    cards: NDArray[np.uint8]  #: (..., 5) the five, most significant first (as :func:`pokerlut.best_five`)
    hole: NDArray[np.uint8]  #: (..., 2) the two hole cards played, in the order given
    board: NDArray[np.uint8]  #: (..., 3) the three board cards played, in the order given
    hole_index: NDArray[np.int64]  #: (..., 2) their positions among the hole cards
    board_index: NDArray[np.int64]  #: (..., 3) their positions on the board
    strengths: Strengths  #: (...,) uint16, as :func:`pokerlut.evaluate_omaha` gives


def omaha_best_five(holes: HandsLike, board: HandsLike) -> OmahaBestFive:
    """The two hole cards and three board cards of each Omaha hand's best high five.

    Parameters
    ----------
    holes
        ``(..., h)`` hole cards, ``h`` 4, 5 or 6 (ids or card strings).
    board
        ``(b,)`` one board for every hand, or ``(..., b)`` one per hand, ``b`` 3, 4 or 5.

    Returns
    -------
    OmahaBestFive

    Raises
    ------
    ValueError, TypeError
        As :func:`pokerlut.evaluate_omaha` (a card dealt twice, a wild card, a wrong shape).

    Examples
    --------
    >>> b = omaha_best_five(["Ah Kh 7c 7d", "2c 3c 4d 5d"], "7h Qh 2h 9s 7s")
    >>> [format_cards(x) for x in b.hole], b.strengths.tolist() == evaluate_omaha(
    ...     ["Ah Kh 7c 7d", "2c 3c 4d 5d"], "7h Qh 2h 9s 7s").tolist()
    (['7c 7d', '2c 5d'], True)
    """
    strengths = np.asarray(evaluate_omaha(holes, board))  # every check, and the strength to agree with
    lead = strengths.shape
    hole_array = card_array(holes, "holes")
    hole_rows = hole_array.reshape(-1, hole_array.shape[-1]).astype(np.int64)
    board_array = card_array(board, "board").astype(np.int64)
    n = len(hole_rows)
    board_rows = np.broadcast_to(board_array.reshape(-1, board_array.shape[-1]), (n, board_array.shape[-1])) \
        if board_array.ndim == 1 or board_array.shape[:-1] != lead else board_array.reshape(n, -1)
    pairs = np.array(list(combinations(range(hole_rows.shape[1]), OMAHA_HOLE_USED)))
    triples = np.array(list(combinations(range(board_rows.shape[1]), OMAHA_BOARD_USED)))
    p_index = np.repeat(np.arange(len(pairs)), len(triples))
    t_index = np.tile(np.arange(len(triples)), len(pairs))
    fives = np.concatenate([hole_rows[:, pairs[p_index]], board_rows[:, triples[t_index]]], axis=2)
    ranked = evaluate(fives.reshape(-1, 5).astype(np.uint8), check=False).reshape(n, -1)
    pick = np.argmax(ranked, axis=1)  # the first of the best
    rows = np.arange(n)
    hole_index, board_index = pairs[p_index[pick]], triples[t_index[pick]]
    hole = hole_rows[rows[:, None], hole_index].astype(np.uint8)
    played = board_rows[rows[:, None], board_index].astype(np.uint8)
    five = best_five(np.concatenate([hole, played], axis=1), check=False)
    if not np.array_equal(five.strengths, strengths.reshape(-1)):  # pragma: no cover - an internal invariant
        raise AssertionError("omaha_best_five disagrees with evaluate_omaha")
    return OmahaBestFive(five.cards.reshape(lead + (5,)), hole.reshape(lead + (2,)), played.reshape(lead + (3,)),
                         hole_index.reshape(lead + (2,)), board_index.reshape(lead + (3,)), strengths)

"""The texture of a board: its suits, its pairing, how connected its ranks are, its high card
(``docs/rules.md``, "Board texture").  numpy over a batch of boards.

>>> board_texture(["Ks 7h 2c", "Jh Th 9h", "8d 8c 5d"]).describe().tolist()
['king-high, rainbow, unpaired', 'jack-high, monotone, unpaired, straight possible', 'eight-high, two-tone, paired']
>>> str(board_texture("8d 8c 5d 5s 4d").describe())
'eight-high, three of a suit, two pair, straight possible'
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._input import hand_rows, natural_card_table, raise_for_deals
from .._records import same_fields
from ..constants import (CLASS_BOARD_SIZES, FOUR_OF_A_SUIT, FULL_HOUSE_ON_BOARD, MONOTONE, N_RANKS, N_SUITS,
                         PAIRED, PAIRINGS, QUADS_ON_BOARD, RAINBOW, RANK_NAMES, SUIT_TEXTURES, THREE_OF_A_SUIT,
                         TRIPS_ON_BOARD, TWO_PAIRED, TWO_TONE, UNPAIRED)
from ..kernels.board_masks import WINDOWS
from ..typing import HandsLike
from ._rows import DEALT_IN, high_tables

__all__ = ["BoardTexture", "board_texture", "SUIT_TEXTURES", "PAIRINGS"]

_POP13 = sum(((np.arange(1 << N_RANKS) >> i) & 1).astype(np.uint8) for i in range(N_RANKS))
_SUIT_NAMES = np.array(SUIT_TEXTURES)
_PAIRING_NAMES = np.array(PAIRINGS)


@dataclass(frozen=True, eq=False)
class BoardTexture:
    """The texture of every board of a batch (arrays of the batch's leading shape).

    ``suits``: uint8 ids into :data:`SUIT_TEXTURES`; ``max_suit``: the most cards of one suit;
    ``n_suits``: how many suits the board holds; ``pairing``: uint8 ids into :data:`PAIRINGS`;
    ``high``: the rank of the highest card (0 = deuce .. 12 = ace); ``connected``: the most board
    ranks inside one straight's five ranks; ``n_straights``: how many of the ten straights have three
    or more ranks on the board (each one two hole cards could make); ``straight_possible`` (that is
    at least one), ``one_card_straight`` (a straight with four ranks on the board: one hole card makes
    it), ``straight_on_board`` (five); ``flush_possible`` (three or more cards of a suit) and
    ``flush_on_board`` (five)."""

    suits: np.ndarray
    max_suit: np.ndarray
    n_suits: np.ndarray
    pairing: np.ndarray
    high: np.ndarray
    connected: np.ndarray
    n_straights: np.ndarray
    straight_possible: np.ndarray
    one_card_straight: np.ndarray
    straight_on_board: np.ndarray
    flush_possible: np.ndarray
    flush_on_board: np.ndarray

    __eq__ = same_fields

    @property
    def suit_names(self) -> np.ndarray:
        """``"rainbow"``, ``"two-tone"``, ... per board."""
        return _SUIT_NAMES[self.suits]

    @property
    def pairing_names(self) -> np.ndarray:
        """``"unpaired"``, ``"paired"``, ... per board."""
        return _PAIRING_NAMES[self.pairing]

    def describe(self) -> np.ndarray:
        """One phrase per board: high card, suits, pairing, and what straights it allows."""
        out = np.empty(self.suits.shape, dtype=object)
        for index in np.ndindex(self.suits.shape):
            words = [f"{RANK_NAMES[int(self.high[index])]}-high", SUIT_TEXTURES[int(self.suits[index])],
                     PAIRINGS[int(self.pairing[index])]]
            if self.straight_on_board[index]:
                words.append("straight on the board")
            elif self.one_card_straight[index]:
                words.append("one-card straight")
            elif self.straight_possible[index]:
                words.append("straight possible")
            out[index] = ", ".join(words)
        return out.astype(str) if out.size else np.zeros(out.shape, dtype="<U1")


def board_texture(boards: HandsLike) -> BoardTexture:
    """The texture of every board (``docs/rules.md``, "Board texture").

    Parameters
    ----------
    boards
        ``(..., b)`` boards of 3, 4 or 5 natural cards (ids or card strings).

    Returns
    -------
    BoardTexture
        One entry per board, of the leading shape of ``boards`` (0-d for one board).

    Raises
    ------
    ValueError
        A card outside the deck (the wild card included) or dealt twice (the message names the board
        and both places), a board of another size; ``TypeError`` for anything that is not cards.

    Examples
    --------
    >>> t = board_texture("9c 8c 7d 6h 5s")
    >>> bool(t.straight_on_board), str(t.suit_names), int(t.n_straights)
    (True, 'two-tone', 5)
    >>> board_texture(["Ah Kh Qh", "2c 2d 2h"]).pairing_names.tolist()
    ['unpaired', 'trips']
    """
    rows, lead = hand_rows(boards, CLASS_BOARD_SIZES, "boards")
    raise_for_deals(rows, [("board card", rows.shape[1])], natural_card_table(high_tables().cards), DEALT_IN,
                    "the deck", lead if lead else None, "board")
    n, b = rows.shape
    # column by column: numpy reduces a short inner axis slowly
    ranks = [rows[:, j] >> 2 for j in range(b)]
    suits = [rows[:, j] & 3 for j in range(b)]
    mask = np.zeros(n, np.intp)
    for r in ranks:
        mask |= np.left_shift(1, r, dtype=np.intp)
    in_window = [_POP13[mask & w] for w in WINDOWS]
    suit_counts = [sum((x == s).astype(np.uint8) for x in suits) for s in range(N_SUITS)]
    max_suit = np.maximum.reduce(suit_counts)
    n_suits = sum((c > 0).astype(np.uint8) for c in suit_counts)
    suit_class = np.select([max_suit == b, max_suit == 1, max_suit == 2, max_suit == 3, max_suit == 4],
                           [MONOTONE, RAINBOW, TWO_TONE, THREE_OF_A_SUIT, FOUR_OF_A_SUIT])
    # pairs of equal ranks among the cards: 0 unpaired, 1 a pair, 2 two pairs, 3 trips, 4 trips and a
    # pair, 6 quads (nothing else is possible with five cards)
    equal = sum((ranks[i] == ranks[j]).astype(np.uint8) for i in range(b) for j in range(i + 1, b))
    pairing = np.select([equal == 6, equal == 4, equal == 3, equal == 2, equal == 1],
                        [QUADS_ON_BOARD, FULL_HOUSE_ON_BOARD, TRIPS_ON_BOARD, TWO_PAIRED, PAIRED], UNPAIRED)
    high = np.maximum.reduce(ranks)
    connected = np.maximum.reduce(in_window)
    n_straights = sum((w >= 3).astype(np.uint8) for w in in_window)

    def shaped(a, dtype):
        return np.asarray(a).astype(dtype).reshape(lead)

    u8 = np.uint8
    return BoardTexture(shaped(suit_class, u8), shaped(max_suit, u8), shaped(n_suits, u8), shaped(pairing, u8),
                        shaped(high, u8), shaped(connected, u8), shaped(n_straights, u8),
                        shaped(n_straights > 0, bool), shaped(connected >= 4, bool), shaped(connected == 5, bool),
                        shaped(max_suit >= 3, bool), shaped(max_suit == 5, bool))

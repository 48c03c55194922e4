"""Per-side shares of a hi-lo pot: how much of each player's equity comes from the high half and how
much from the low half, and how often it scoops, for known Omaha hi-lo hands, every board
enumerated.

On each board the pot is split as :func:`pokerlut.equity` splits it: half to the best high hands
(shared equally), half to the best qualifying eight-or-better lows (shared equally), the whole pot
to the high side when no low qualifies.  A player's ``high`` share is what it takes from the high
side (the whole pot's worth when no low qualifies), ``low`` what it takes from the low half, so
``high + low`` is its equity; ``scoop`` is the share of boards on which it takes the whole pot alone.

>>> s = hilo_shares(["As 2s Kd Kc", "3h 4h Qd Qc"], "5c 6d 8h")
>>> [round(float(x), 4) for x in s.high], [round(float(x), 4) for x in s.low], s.n
([0.289, 0.211], [0.3848, 0.1152], 820)
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import NamedTuple

import numpy as np

from ..constants import BOARD_CARDS
from ..omaha import evaluate_omaha
from ..typing import CardsLike
from ..variants import OMAHA_HILO, get_variant
from .deal import PlayersLike, parse_deal

__all__ = ["HiLoShares", "hilo_shares", "NO_LOW", "MAX_BOARDS"]

#: The low value of a hand with no qualifying low (:func:`pokerlut.evaluate_omaha`).
NO_LOW = 1
#: The most boards enumerated (a preflop heads-up deal of 4-card hands has C(44, 5) = 1,086,008).
MAX_BOARDS = 2_000_000


class HiLoShares(NamedTuple):
    """Per player (P,): ``high`` and ``low`` (its pot shares from each side), ``equity`` (their sum),
    ``scoop`` (the share of boards it takes whole, alone); ``no_low`` the share of boards on which
    no low qualifies; ``n`` the boards enumerated."""

    high: np.ndarray
    low: np.ndarray
    equity: np.ndarray
    scoop: np.ndarray
    no_low: float
    n: int


def hilo_shares(players: PlayersLike, board: CardsLike = "", dead: CardsLike = "", *,
                variant: str = "omaha-hilo") -> HiLoShares:
    """Each known hand's high share, low share and scoop rate in Omaha hi-lo, exact.

    Parameters
    ----------
    players
        2 to 9 known Omaha hands (4, 5 or 6 hole cards each, all alike).
    board, dead
        Known board cards (0, 3, 4 or 5) and dead cards.
    variant
        ``"omaha-hilo"``.

    Returns
    -------
    HiLoShares

    Raises
    ------
    ValueError
        As :func:`pokerlut.equity` for a bad deal; a range or a random hand (known hands only);
        more than :data:`MAX_BOARDS` boards.

    Examples
    --------
    >>> s = hilo_shares(["As 2s Kd Kc", "3h 4h Qd Qc"], "5c 6d 8h")
    >>> [round(float(x), 4) for x in s.scoop], round(s.no_low, 4)
    ([0.4976, 0.15], 0.0)
    """
    v = get_variant(variant)
    if v.rule != OMAHA_HILO:
        raise ValueError(f"hilo_shares is for Omaha hi-lo ('omaha-hilo'), not {v.name}")
    deal = parse_deal(players, board, dead, v)
    if any(p.hole is None for p in deal.players):
        raise ValueError("hilo_shares takes known hands only (no range, no 'random')")
    known = set(deal.fixed.tolist())
    deck = np.array([c for c in v.deck if c not in known], dtype=np.uint8)
    missing = BOARD_CARDS - len(deal.board)
    n = math.comb(len(deck), missing)
    if n > MAX_BOARDS:
        raise ValueError(f"{n:,} boards to enumerate: more than MAX_BOARDS ({MAX_BOARDS:,})")
    rest = np.array(list(combinations(range(len(deck)), missing)), dtype=np.int64).reshape(n, missing)
    boards = np.empty((n, BOARD_CARDS), dtype=np.uint8)
    boards[:, :len(deal.board)] = deal.board
    boards[:, len(deal.board):] = deck[rest]
    P = len(deal.players)
    high = np.empty((n, P), dtype=np.int64)
    low = np.empty((n, P), dtype=np.int64)
    for p, player in enumerate(deal.players):
        holes = np.broadcast_to(player.hole, (n, len(player.hole)))
        r = evaluate_omaha(holes, boards, variant=v.name)
        high[:, p], low[:, p] = r.high, r.low
    best_high = high == high.max(axis=1, keepdims=True)
    best_low_value = low.max(axis=1, keepdims=True)
    has_low = best_low_value[:, 0] > NO_LOW
    best_low = (low == best_low_value) & has_low[:, None]
    high_side = np.where(has_low, 0.5, 1.0)[:, None] * best_high / best_high.sum(axis=1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        low_side = np.where(has_low[:, None], 0.5 * best_low / best_low.sum(axis=1, keepdims=True), 0.0)
    scoop = (high_side + low_side) == 1.0
    hi, lo = high_side.mean(axis=0), low_side.mean(axis=0)
    return HiLoShares(hi, lo, hi + lo, scoop.mean(axis=0), float(1.0 - has_low.mean()), n)

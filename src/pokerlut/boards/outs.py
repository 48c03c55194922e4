"""Outs: the cards still in the deck that, dealt next, make a hand the best against known hands or a
range, or give it a named made-hand class (``docs/rules.md``, "Outs").

>>> o = outs("Ah Kh", "Qh 7h 2c", ["Qs Qd"])          # the nut flush draw against a set: not the 2h
>>> int(o.count), format_cards(o.cards())
(8, '3h 4h 5h 6h 8h 9h Th Jh')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .. import _threads
from .._input import card_array, where
from .._records import same_fields
from ..cards import format_cards  # noqa: F401 (the examples use it)
from ..constants import DRAW_BOARD_SIZES, MADE_CLASSES, MAX_PLAYERS, N_NATURAL
from ..kernels.boards import BoardOuts, board_scratch, board_tables
from ..kernels.registry import board_outs_kernel, board_range_outs_kernel
from ..ranges import Range, as_range
from ..ranges.grid import RangeLike
from ..typing import HandsLike
from ._rows import HOLE_SIZES, Rows, broadcast, cards_of, first_run, high_tables, mask_counts
from .made import class_ids

__all__ = ["Outs", "outs"]



@dataclass(frozen=True, eq=False)
class Outs:
    """The outs of every hand of a batch (arrays of the batch's leading shape; card masks are uint64
    with bit ``c`` for card ``c``).

    ``outs``: the outs (see :func:`outs`; ``count`` and :meth:`cards` read it); ``best``: the cards
    after which the hand is the best hand alone, ``ties``: those after which it shares the best hand
    (both empty without opponents); ``shares`` (..., 52): per card, the hand's share of the pot were
    the hand to end with that card (1 alone best, 1/k in a k-way tie, 0 beaten; against a range the
    average over the opponent's combos that card leaves possible, by weight), NaN for a card not in
    the deck; ``improves``: the cards that give the hand one of the classes ``to`` names, which it
    does not have now (empty without ``to``); ``deck``: the cards that can come next (not in a hand
    or on the board; against a range, the cards some combo leaves possible)."""

    outs: np.ndarray
    best: np.ndarray
    ties: np.ndarray
    improves: np.ndarray
    deck: np.ndarray
    shares: np.ndarray
    to: tuple[str, ...]

    __eq__ = same_fields

    @property
    def count(self) -> np.ndarray:
        """How many outs each hand has (uint8)."""
        return mask_counts(self.outs)

    @property
    def tainted(self) -> np.ndarray:
        """The cards that give the hand a class of ``to`` and yet leave it beaten or tied."""
        return self.improves & ~self.best

    def cards(self, index: int | tuple[int, ...] = ()) -> NDArray[np.uint8]:
        """The outs (card ids, ascending) of one hand of the batch (no index for one hand).

        >>> format_cards(outs("Jc Tc", "Kh 9h 2c", to="straight").cards())
        'Qc Qd Qh Qs'
        """
        return cards_of(self.outs[index])


def outs(hole: HandsLike, board: HandsLike, opponents: RangeLike | HandsLike | None = None, *,
         to: str | int | Sequence[str | int] | None = None, parallel: bool | None = None) -> Outs:
    """The outs of a hand on a flop or turn (``docs/rules.md``, "Outs").

    Parameters
    ----------
    hole
        ``(..., h)`` the hand whose outs are counted: ``h = 2`` for Hold'em, 4, 5 or 6 for Omaha.
    board
        ``(..., b)``, a flop (3 cards) or a turn (4); leading shapes broadcast with ``hole``'s.
    opponents
        Known hands, ``(..., p, h)`` (or ``(p, h)`` / ``(h,)``, the same for every row: ``(n, h)`` is
        ``n`` opponents of every hand, ``(n, 1, h)`` one per hand; 1 to 8 of them), or one
        opponent's range (range text or a :class:`~pokerlut.Range`; Hold'em only: a string in Omaha
        is one hand).  Known hands leave the deck; a range's combos that hold a card of the hand, the
        board or the next card are left out for that card.
    to
        A made-hand class or several (names from :data:`~pokerlut.boards.MADE_CLASSES` like
        ``"flush"`` or ``["straight", "flush"]``, or their ids).
    parallel
        As for :func:`pokerlut.evaluate`.

    Returns
    -------
    Outs
        The outs are the cards after which the hand is alone the best against ``opponents``; with
        ``to`` instead, the cards that give it one of those classes; with both, the cards that do
        both (``tainted``: those that give the class but not the best hand).

    Raises
    ------
    ValueError
        Neither ``opponents`` nor ``to``; a river board; a card outside the deck or dealt twice (the
        message names the hand and both places); a malformed range, or one with every combo blocked;
        more than 8 opponents; an unknown class.  ``TypeError`` for anything that is not cards.

    Examples
    --------
    >>> o = outs("8h 7h", "9h 6h 2c", ["Ah Ad"])                   # a combo draw against aces
    >>> int(o.count), format_cards(o.cards())                       # the Ah is not in the deck
    (14, '2h 3h 4h 5c 5d 5h 5s Tc Td Th Ts Jh Qh Kh')
    >>> o = outs(["Jc Tc", "Ac Kd"], "Kh 9h 2c", "QQ+, AK")         # against a range, per card
    >>> o.count.tolist(), round(float(o.shares[0, 42]), 3)          # the Qh gives J-T the nut straight
    ([4, 0], 1.0)
    >>> int(outs("Ah Kh Qd Jd", "Th 5h 2c", ["9s 8s 7s 6s"]).count)       # Omaha
    33
    """
    if opponents is None and to is None:
        raise ValueError("outs needs opponents (known hands or a range), a made-hand class to=, or both")
    parallel = _threads.check_parallel(parallel)
    to_mask = class_ids(to) if to is not None else 0
    to_names = tuple(MADE_CLASSES[i] for i in range(len(MADE_CLASSES)) if to_mask >> i & 1)
    hole_arr = card_array(hole, "hole")
    n_hole = hole_arr.shape[-1] if hole_arr.ndim else 0
    omaha = n_hole in HOLE_SIZES[1:]
    rng = None
    known = None
    if isinstance(opponents, Range) or (isinstance(opponents, str) and not omaha):
        rng = as_range(opponents, "opponents").validated("opponents")
    elif opponents is not None:
        known = card_array(opponents, "opponents")
        if known.ndim == 1:
            known = known[None, :]
        if known.ndim < 2 or known.shape[-1] != n_hole:
            raise ValueError(f"opponents must be hands of {n_hole or 'the hole'}'s size, shape (..., players, "
                             f"{n_hole or 'h'}); got shape {known.shape}")
        n_opp = known.shape[-2]
        if not 1 <= n_opp <= MAX_PLAYERS - 1:
            raise ValueError(f"outs takes 1 to {MAX_PLAYERS - 1} known opponents, got {n_opp}")
        known = known.reshape(known.shape[:-2] + (n_opp * n_hole,))
    if rng is not None and omaha:
        raise ValueError("a range of opponents holds two-card Hold'em hands; give Omaha opponents as known hands")
    players = 1 + (known.shape[-1] // n_hole if known is not None else 0)
    parts = [("hole card", hole_arr, HOLE_SIZES, "hole")]
    if known is not None:
        parts.append(("opponent card", known, (known.shape[-1],), "opponents"))
    parts.append(("board card", board, DRAW_BOARD_SIZES, "board"))
    rows = broadcast(parts)
    n_board = rows.width(len(parts) - 1)
    labels = [(f"player {p}'s card", n_hole) for p in range(players)] + [("board card", n_board)]
    n = rows.n
    best = np.zeros(n, np.uint64)
    ties = np.zeros(n, np.uint64)
    improves = np.zeros(n, np.uint64)
    deck = np.zeros(n, np.uint64)
    shares = np.full(n * N_NATURAL, np.nan)
    tables = high_tables()
    t = board_tables(tables.rank_tables(5 if omaha else n_hole + n_board), tables.hand_values,
                     tables.rank_tables(5 if omaha else n_hole + n_board + 1))
    if rng is None:
        if known is None:
            hands, hstride = rows.groups[0][1], rows.stride(0)
        else:
            hands = _joined(rows)
            hstride = 0 if rows.stride(0) == 0 and rows.stride(1) == 0 else hands.shape[1]
        kernel = board_outs_kernel(omaha)

        def piece(lo: int, hi: int, slot: int = 0) -> int:
            flat = hands.reshape(-1)
            bad = kernel(flat if hstride == 0 else flat[hstride * lo:hstride * hi], hstride, n_hole, players,
                         rows.flat(len(parts) - 1, lo, hi), rows.stride(len(parts) - 1), n_board, np.uint64(to_mask),
                         BoardOuts(best[lo:hi], ties[lo:hi], deck[lo:hi], improves[lo:hi],
                                   shares[N_NATURAL * lo:N_NATURAL * hi]), board_scratch(players), t)
            return lo + bad if bad >= 0 else -1

        per_card = players * (15 if omaha else 1)
    else:
        combos = np.ascontiguousarray(rng.combos).reshape(-1)
        weights = np.ascontiguousarray(rng.weights)
        kernel = board_range_outs_kernel()

        def piece(lo: int, hi: int, slot: int = 0) -> int:
            bad = kernel(rows.flat(0, lo, hi), rows.stride(0), rows.flat(1, lo, hi), rows.stride(1), n_board, combos,
                         weights, np.uint64(to_mask), BoardOuts(best[lo:hi], ties[lo:hi], deck[lo:hi], improves[lo:hi],
                                                                shares[N_NATURAL * lo:N_NATURAL * hi]),
                         board_scratch(len(weights)), t)
            return lo + bad if bad >= 0 else -1

        per_card = len(weights)

    def after_block(lo: int, hi: int, results: list) -> None:
        bad = [r for r in results if r >= 0]
        if bad:
            rows.raise_for(min(bad), labels)

    first_run(kernel, piece)
    _threads.run_blocks(piece, n, cost=per_card * 47, parallel=parallel, after_block=after_block)
    if rng is not None:
        _check_live(rng, deck, rows)
    if opponents is None:
        chosen = improves
    elif to is None:
        chosen = best
    else:
        chosen = improves & best
    shape = rows.lead_shape
    return Outs(chosen.reshape(shape), best.reshape(shape), ties.reshape(shape), improves.reshape(shape),
                deck.reshape(shape), shares.reshape(shape + (N_NATURAL,)), to_names)


def _joined(rows: Rows) -> np.ndarray:
    """The hand and the known opponents side by side, one row per hand (one row if both are shared)."""
    (_, hero, hs), (_, opp, os_) = rows.groups[0], rows.groups[1]
    if hs == 0 and os_ == 0:
        return np.ascontiguousarray(np.concatenate([hero[0], opp[0]])[None, :])
    n = rows.n
    hero_rows = np.broadcast_to(hero[0], (n, hero.shape[1])) if hs == 0 else hero
    opp_rows = np.broadcast_to(opp[0], (n, opp.shape[1])) if os_ == 0 else opp
    return np.ascontiguousarray(np.concatenate([hero_rows, opp_rows], axis=1))


def _check_live(rng: Range, deck: np.ndarray, rows: Rows) -> None:
    """A range with no combo left beside a hand and its board is an error, naming the hand."""
    empty = np.flatnonzero(deck == 0)
    if empty.size:
        i = int(empty[0])
        prefix = f"{where(i, rows.lead_shape)}: " if rows.lead_shape else ""
        raise ValueError(f"{prefix}every combo of the opponents' range holds a card of the hand or the board")

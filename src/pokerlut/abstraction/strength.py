"""Hand strength, its rollouts and potentials, for numpy batches of Hold'em hands.

Every function takes hole cards ``(..., 2)`` and boards ``(..., b)`` with b = 3, 4 or 5 (one board
``(b,)`` may serve every hand), and an opponent: ``"random"`` (every two-card combo the hand and
board leave, equally likely) or a range (range text as :func:`pokerlut.parse_range` reads it, or a
:class:`~pokerlut.Range`), whose combos holding a card of the hand or the board are left out.

The definitions (``docs/rules.md``, "Hand strength"), for a hand ``h`` on a board, an opponent combo
``o`` of weight ``w(o)`` and a completion ``c`` of the board to five cards:

* ``hand_strength``: ``HS = (W + T/2) / N`` with the current cards (5, 6 or 7 of them): ``W`` the
  weight of the combos ``h`` beats, ``T`` ties, ``N`` all of them.
* the rollout: the opponent's combo drawn by weight, then the rest of the board uniformly, so each
  completion ``c`` has probability ``N(c) / sum N`` and strength ``HS(c)`` at the river;
  ``ehs = sum N(c) HS(c) / sum N(c)`` (the equity against the opponent),
  ``ehs2 = sum N(c) HS(c)**2 / sum N(c)``, and ``equity_histogram`` the probability of each of
  ``bins`` equal bins of ``HS(c)`` (bin ``min(floor(HS * bins), bins - 1)``).
* ``potential``: the positive and negative potentials of Billings et al., from the weights
  ``HP[now][river]`` of (opponent, completion) pairs by whether ``h`` is ahead, tied or behind now
  and at the river.

>>> round(float(hand_strength("Ah Kh", "Qh Jh 2c 3d 4s")), 4), round(float(ehs("Ah Kh", "Qh Jh 2c 3d")), 4)
(0.3641, 0.631)
"""

from __future__ import annotations

from collections.abc import Iterator
import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .. import config, _threads
from .._input import card_array, deal_rows, natural_card_table, raise_for_deals
from .._records import same_fields
from ..cards import integer_text, shown
from .._notice import noticed
from ..constants import CLASS_BOARD_SIZES, HOLDEM_HOLE, N_NATURAL
from ..kernels import registry
from ..kernels.handstrength import RolloutOut, rollout_scratch
from ..ranges import ALL_COMBOS, Range, as_range
from ..tables import load_table_set
from ..typing import HandsLike

__all__ = ["hand_strength", "ehs", "ehs2", "equity_histogram", "potential", "Potential", "Rollout", "rollout",
           "opponent_weights", "STRENGTH_BOARD_SIZES", "DEFAULT_BINS"]

#: Board sizes the hand-strength functions take (preflop equities: :func:`pokerlut.preflop_equity`).
STRENGTH_BOARD_SIZES = CLASS_BOARD_SIZES
DEFAULT_BINS = 10


@dataclass(frozen=True, eq=False)
class Rollout:
    """What one pass over every completion of each hand's board gives (arrays of the batch's
    leading shape): ``ehs``, ``ehs2``, ``histogram`` (..., bins) and, when asked, ``ppot`` /
    ``npot``; ``completions`` the number of completions of each board (1081, 46 or 1)."""

    ehs: np.ndarray
    ehs2: np.ndarray
    histogram: np.ndarray
    ppot: np.ndarray | None
    npot: np.ndarray | None
    completions: int
    __eq__ = same_fields


class Potential:
    """Positive and negative potential (arrays of the batch's leading shape): ``ppot``, ``npot``.

    >>> p = potential("Ah Kh", "Qh 7h 2c")
    >>> round(float(p.ppot), 4), round(float(p.npot), 4)
    (0.502, 0.1209)
    """

    def __init__(self, ppot: np.ndarray, npot: np.ndarray) -> None:
        self.ppot, self.npot = ppot, npot

    def __iter__(self) -> Iterator[np.ndarray]:
        return iter((self.ppot, self.npot))

    def __repr__(self) -> str:
        return f"Potential(ppot={self.ppot!r}, npot={self.npot!r})"


def opponent_weights(opponent: Any) -> np.ndarray:
    """The opponent as (52 * 52,) float64 weights, ``w[52 * a + b]`` of combo ``{a, b}`` (both orders).

    >>> w = opponent_weights("AA")
    >>> int((w > 0).sum()), float(w[52 * 51 + 50])
    (12, 1.0)
    """
    if isinstance(opponent, str) and opponent.strip().lower() == "random":
        rng = Range(ALL_COMBOS, np.ones(len(ALL_COMBOS)))
    else:
        rng = as_range(opponent, "opponent").validated("opponent")
    w = np.zeros((N_NATURAL, N_NATURAL))
    a, b = rng.combos[:, 0].astype(np.int64), rng.combos[:, 1].astype(np.int64)
    w[a, b] = rng.weights
    w[b, a] = rng.weights
    w = w.reshape(-1)
    w.setflags(write=False)
    return w


def check_bins(bins: Any) -> int:
    if isinstance(bins, bool) or not isinstance(bins, (int, np.integer)):
        raise TypeError(f"bins must be an integer, got {shown(bins)}")
    if not 1 <= bins <= config.MAX_BINS:
        raise ValueError(f"bins must be from 1 to {config.MAX_BINS:,}, got {integer_text(bins)}")
    return int(bins)


def hands_and_boards(holes: HandsLike, boards: HandsLike, sizes=STRENGTH_BOARD_SIZES) -> tuple[np.ndarray, np.ndarray,
                     tuple]:
    """``(holes (N, 2), boards (N, b), lead shape)``: C-contiguous uint8, every card checked (natural
    cards, none dealt twice in a hand), one board broadcast to every hand.

    >>> h, b, lead = hands_and_boards(["Ah Kh", "2c 2d"], "Qs 7h 2s")
    >>> h.shape, b.shape, lead
    ((2, 2), (2, 3), (2,))
    """
    hole_array = card_array(holes, "holes")
    board_array = card_array(boards, "boards")
    if hole_array.ndim == 0 or hole_array.shape[-1] != HOLDEM_HOLE:
        raise ValueError(f"holes must have shape (..., 2), got shape {hole_array.shape}")
    if board_array.ndim == 0 or board_array.shape[-1] not in sizes:
        wanted = ", ".join(map(str, sizes))
        raise ValueError(f"boards must have shape (..., b) with b in {wanted}, got shape {board_array.shape}")
    lead = hole_array.shape[:-1]
    if board_array.shape[:-1] != lead:
        if board_array.ndim != 1:
            raise ValueError(f"holes {hole_array.shape} and boards {board_array.shape} need the same leading shape "
                             f"(or one board for all)")
        board_array = np.broadcast_to(board_array, lead + board_array.shape)
    n_board = board_array.shape[-1]
    groups = [("hole card", HOLDEM_HOLE), ("board card", n_board)]
    h = np.ascontiguousarray(deal_rows(hole_array.reshape(-1, HOLDEM_HOLE), groups[:1], lead, "hand"))
    b = np.ascontiguousarray(deal_rows(board_array.reshape(-1, n_board), groups[1:], lead, "hand"))
    tables = load_table_set("high")
    raise_for_deals(np.concatenate([h, b], axis=1), groups, natural_card_table(tables.cards), "hand strength",
                    "the deck", lead, "hand")
    return h, b, lead


def _blocked(sums: np.ndarray, lead: tuple) -> None:
    empty = np.flatnonzero(sums == 0)
    if empty.size:
        row = int(empty[0])
        where = f"hand {row}" if len(lead) <= 1 else f"hand {tuple(int(i) for i in np.unravel_index(row, lead))}"
        raise ValueError(f"{where}: every combo of the opponent's range holds a card of the hand or the board")


@noticed("hand strength")
def hand_strength(holes: HandsLike, boards: HandsLike, opponent: Any = "random", *,
                  parallel: bool | None = None) -> NDArray[np.float64]:
    """Hand strength: the share of opponent combos the hand beats now, ties counting half.

    Parameters
    ----------
    holes
        Hole cards ``(..., 2)``: card ids or strings.
    boards
        Boards ``(..., b)``, b = 3, 4 or 5 (one board ``(b,)`` for every hand).  On the flop and
        turn the hands are ranked as they stand (best five of five or six cards).
    opponent
        ``"random"`` (the default), range text or a :class:`~pokerlut.Range`.
    parallel
        As for :func:`pokerlut.evaluate`.

    Returns
    -------
    numpy.ndarray
        float64 with the leading shape of ``holes``: ``(W + T/2) / N``.

    Raises
    ------
    ValueError
        A card dealt twice or not a natural card, a wrong shape, an opponent range whose every
        combo is blocked for some hand.

    Examples
    --------
    >>> float(hand_strength("As Ad", "Ac Ah Kd 7s 2c"))                    # four aces: only a straight flush is missing
    1.0
    >>> hand_strength(["Ah Kh", "7c 2d"], "Qh Jh 2c 3d 4s").round(4).tolist()
    [0.3641, 0.4111]
    >>> round(float(hand_strength("Ah Kh", "Qh Jh 2c 3d 4s", "QQ+, AK")), 4)   # against a range
    0.25
    """
    h, b, lead = hands_and_boards(holes, boards)
    w = opponent_weights(opponent)
    n_board = b.shape[1]
    tables = load_table_set("high").rank_tables(n_board + HOLDEM_HOLE)
    kernel = registry.hs_kernel("strength")
    sums = np.zeros((len(h), 3))

    def piece(lo: int, hi: int, slot: int = 0) -> int:
        return kernel(h[lo:hi], b[lo:hi], n_board, w, tables, sums[lo:hi], rollout_scratch())

    piece(0, 0)
    _threads.run_blocks(piece, len(h), cost=float(math.comb(N_NATURAL - 2 - n_board, 2)), parallel=parallel)
    _blocked(sums[:, 0], lead)
    return ((sums[:, 1] + 0.5 * sums[:, 2]) / sums[:, 0]).reshape(lead)


@noticed("hand strength")
def rollout(holes: HandsLike, boards: HandsLike, opponent: Any = "random", *, bins: int = DEFAULT_BINS,
            potential: bool = False,
            parallel: bool | None = None, progress: bool = False) -> Rollout:
    """Everything one pass over every completion of the boards gives: EHS, EHS², the equity
    histogram and (with ``potential=True``) the potentials.  :func:`ehs`, :func:`ehs2`,
    :func:`equity_histogram` and :func:`potential` return one part of it.

    A flop hand costs about a million lookups (1,081 completions x 990 opponents), a turn hand
    45,540, a river hand 990.

    Examples
    --------
    >>> r = rollout("Ah Kh", "Qh 7h 2c 3d", bins=4)
    >>> round(float(r.ehs), 4), round(float(r.ehs2), 4), r.histogram.round(4).tolist(), r.completions
    (0.5973, 0.4219, [0.0, 0.4565, 0.2174, 0.3261], 46)
    """
    bins = check_bins(bins)
    if not isinstance(potential, (bool, np.bool_)):
        raise TypeError(f"potential must be True or False, got {shown(potential)}")
    h, b, lead = hands_and_boards(holes, boards)
    w = opponent_weights(opponent)
    n_board = b.shape[1]
    table_set = load_table_set("high")
    now = table_set.rank_tables(n_board + HOLDEM_HOLE)
    river = table_set.rank_tables(7)
    kernel = registry.hs_kernel("rollout")
    n = len(h)
    sums = np.zeros((n, 4))
    hist = np.zeros((n, bins))
    hp = np.zeros((n, 9))
    completions = math.comb(N_NATURAL - 2 - n_board, 5 - n_board)

    def piece(lo: int, hi: int, slot: int = 0) -> int:
        return kernel(h[lo:hi], b[lo:hi], n_board, bool(potential), w, bins, now, river,
                      RolloutOut(sums[lo:hi], hist[lo:hi], hp[lo:hi]), rollout_scratch())

    piece(0, 0)
    from .._notice import progress_bar

    bar = progress_bar(n, "rollouts", progress and n > 1)
    try:
        _threads.run_blocks(piece, n, cost=float(completions * math.comb(N_NATURAL - 4 - n_board, 2)),
                            parallel=parallel, bar=bar)
    finally:
        if bar is not None:
            bar.close()
    _blocked(sums[:, 0], lead)
    total = sums[:, 0]
    ppot = npot = None
    if potential:
        hp3 = hp.reshape(n, 3, 3)  # [now][river]: 0 ahead, 1 tied, 2 behind
        tot = hp3.sum(axis=2)
        with np.errstate(invalid="ignore", divide="ignore"):
            pden = tot[:, 2] + tot[:, 1] / 2
            nden = tot[:, 0] + tot[:, 1] / 2
            ppot = (hp3[:, 2, 0] + hp3[:, 2, 1] / 2 + hp3[:, 1, 0] / 2) / pden
            npot = (hp3[:, 0, 2] + hp3[:, 1, 2] / 2 + hp3[:, 0, 1] / 2) / nden
        ppot = np.where(pden > 0, ppot, 0.0).reshape(lead)
        npot = np.where(nden > 0, npot, 0.0).reshape(lead)
    return Rollout((sums[:, 1] / total).reshape(lead), (sums[:, 2] / total).reshape(lead),
                   (hist / total[:, None]).reshape(lead + (bins,)), ppot, npot, completions)


def ehs(holes: HandsLike, boards: HandsLike, opponent: Any = "random", *,
        parallel: bool | None = None) -> NDArray[np.float64]:
    """Expected hand strength over every completion of the board: the hand's equity against the
    opponent (a random hand by default), each completion weighted by the opponent weight it leaves.

    Against a random hand this is exactly :func:`pokerlut.equity` of the hand against ``"random"``
    on the board.

    Examples
    --------
    >>> ehs(["Ah Kh", "7c 2d"], "Qh 7h 2c").round(4).tolist()
    [0.7268, 0.8635]
    >>> round(float(ehs("Ah Kh", "Qh 7h 2c", "QQ+, 77, 22")), 4)
    0.3218
    """
    return rollout(holes, boards, opponent, bins=1, parallel=parallel).ehs


def ehs2(holes: HandsLike, boards: HandsLike, opponent: Any = "random", *,
         parallel: bool | None = None) -> NDArray[np.float64]:
    """Expected squared hand strength over every completion of the board (EHS²): the mean of the
    river's HS squared, which keeps the spread that EHS averages away (draws score lower than made
    hands of the same EHS).

    Examples
    --------
    >>> ehs2(["Ah Kh", "7c 7d"], "Qh 7h 2c").round(4).tolist()     # the draw's EHS² is lower for its EHS
    [0.5966, 0.9125]
    """
    return rollout(holes, boards, opponent, bins=1, parallel=parallel).ehs2


def equity_histogram(holes: HandsLike, boards: HandsLike, opponent: Any = "random", *, bins: int = DEFAULT_BINS,
                     parallel: bool | None = None) -> NDArray[np.float64]:
    """The distribution of the river's hand strength over the completions of the board: the
    probability of each of ``bins`` equal bins of [0, 1] (HS = 1 in the last).

    Returns
    -------
    numpy.ndarray
        float64 ``(..., bins)``, each row summing to 1.

    Examples
    --------
    >>> equity_histogram("Ah Kh", "Qh 7h 2c 3d", bins=5).round(4).tolist()
    [0.0, 0.4565, 0.2174, 0.0, 0.3261]
    """
    return rollout(holes, boards, opponent, bins=bins, parallel=parallel).histogram


def potential(holes: HandsLike, boards: HandsLike, opponent: Any = "random", *,
              parallel: bool | None = None) -> Potential:
    """Positive and negative potential (Billings, Davidson, Schaeffer and Szafron): the chance that
    a hand behind (or tied, counting half) now ends ahead, and that a hand ahead (or tied) ends
    behind, over every opponent combo and completion of the board.  On the river both are 0.

    Returns
    -------
    Potential
        ``ppot`` and ``npot``, float64 arrays with the leading shape of ``holes``; a hand never
        behind (never ahead) has ``ppot`` (``npot``) 0.

    Examples
    --------
    >>> p = potential(["Ah Kh", "7c 7d"], "Qh 7h 2c")
    >>> p.ppot.round(4).tolist(), p.npot.round(4).tolist()
    ([0.502, 0.0434], [0.1209, 0.0452])
    """
    r = rollout(holes, boards, opponent, bins=1, potential=True, parallel=parallel)
    return Potential(r.ppot, r.npot)


#: Tunables once defined here, now in :mod:`pokerlut.config` (read there at call time): old name -> config name.
_FROM_CONFIG = {"MAX_BINS": "MAX_BINS"}


def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config`, read there."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""Every flop at once: a heads-up Hold'em question (hands or ranges, any best-five game with a board)
answered exactly on each flop, with the made hands and draws of each range there.

Relabelling the suits of a deal changes no equity when it leaves the ranges, the dead cards and the
deck as they are (the deal's *symmetry group*, :func:`pokerlut.equities.sweep.symmetry`).  So the
flops are grouped by that group: one row per class, weighted by the flops it stands for.  When the
group is every permutation of the suits (ranges made of whole classes such as ``TT+``, ``AKs``,
``random``, and no dead card), the rows are the 1,755 canonical flops of :mod:`pokerlut.iso` with
their multiplicities (22,100 flops in all); with suit-dependent ranges (``AhKh``, ``AsKs, QhQd``) or
dead cards the group is smaller and the classes more numerous (all 22,100 flops when it is the
identity).  Each row's turns and rivers are all enumerated by the sorting engine
(:mod:`pokerlut.equities.sweep`), one per class of the permutations of the group that leave the
flop as it is (a monotone flop's turns and rivers in 6 times fewer classes, for example).

Each row also counts the deals it stands for (``deals``: pairs of combos, by weight, times the
turn-and-river completions, on one of its flops), so that the equity over all flops,
``total``, weighs each flop as the whole deal does: it is the exact preflop equity of the same
question.

>>> r = all_flops(["AA", "KK"])
>>> len(r.flops), int(r.weights.sum())
(1755, 22100)
>>> round(float(r.total[0]), 6) == round(float(equity(["AA", "KK"]).equity[0]), 6)
True
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from .. import iso
from .._notice import progress_bar
from .._records import same_fields
from ..boards import draws as draw_classes
from ..cards import format_cards, parse_cards
from ..constants import DRAW_BOARD_SIZES, DRAWS, MADE_CLASSES, N_NATURAL, N_SUITS
from ..equities import equity  # noqa: F401  (the examples use it)
from ..equities.deal import Deal, PlayersLike, combo_masks, parse_deal
from ..equities.sweep import SWEEP_PLAYERS, MAX_PRECISION_LOSS, precision_loss, sweep_counts, symmetry
from ..ranges import Range
from ..typing import CardsLike
from ..variants import BEST_FIVE_VARIANTS, VariantLike, get_variant

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..boards import BoardTexture

__all__ = ["AllFlops", "all_flops", "flop_classes", "FLOP_CARDS", "ALL_PERMUTATIONS"]

#: Cards of a flop.
FLOP_CARDS = DRAW_BOARD_SIZES[0]
#: Every relabelling of the suits: row ``g`` maps suit ``s`` to ``ALL_PERMUTATIONS[g, s]``.
ALL_PERMUTATIONS = np.array(list(itertools.permutations(range(N_SUITS))), dtype=np.int64)
#: The game whose made-hand classes and draws :mod:`pokerlut.boards` defines.
CLASSES_GAME = "high"


def _relabel(flops: np.ndarray, perm: np.ndarray) -> np.ndarray:
    """``flops`` (n, 3) with suit ``s`` relabelled ``perm[s]``, each row in descending card order."""
    mapped = N_SUITS * (flops // N_SUITS) + perm[flops % N_SUITS]
    return -np.sort(-mapped, axis=1)


def _code(flops: np.ndarray) -> np.ndarray:
    """One integer per flop (rows in descending order)."""
    f = flops.astype(np.int64)
    return (f[:, 0] * N_NATURAL + f[:, 1]) * N_NATURAL + f[:, 2]


def flop_classes(flops: np.ndarray, weights: np.ndarray, perms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Flops (n, 3) with weights grouped into the classes of the suit permutations ``perms`` (a group,
    (G, 4)): one flop per class and the class's summed weight.  With all 24 permutations the classes
    are those of :mod:`pokerlut.iso` and each row is its canonical flop (in index order); otherwise
    a class's row is its member of the largest code, rows in code order.

    >>> every = np.array(list(itertools.combinations(range(51, -1, -1), 3)), dtype=np.int64)
    >>> f, w = flop_classes(every, np.ones(len(every)), ALL_PERMUTATIONS)
    >>> len(f), int(w.sum()), format_cards(f[0])
    (1755, 22100, '4c 3c 2c')
    >>> len(flop_classes(every, np.ones(len(every)), ALL_PERMUTATIONS[:1])[0])
    22100
    """
    flops = -np.sort(-np.asarray(flops, dtype=np.int64), axis=1)
    if len(perms) == len(ALL_PERMUTATIONS):
        keys = iso.index(None, flops.astype(np.uint8))
        unique, inverse = np.unique(keys, return_inverse=True)
        rows = iso.unindex(unique, FLOP_CARDS, hole=False).boards.astype(np.uint8)
    else:
        keys = np.max([_code(_relabel(flops, p)) for p in perms], axis=0)
        unique, inverse = np.unique(keys, return_inverse=True)
        rows = np.stack([unique // (N_NATURAL * N_NATURAL), unique // N_NATURAL % N_NATURAL, unique % N_NATURAL],
                        axis=1).astype(np.uint8)
    return rows, np.bincount(inverse.reshape(-1), weights=weights, minlength=len(unique))


def _pandas() -> Any:
    try:
        import pandas
    except ImportError as error:
        raise ImportError("to_frame needs pandas, which is not installed: pip install pandas", name="pandas") \
            from error
    return pandas


@dataclass(eq=False)
class AllFlops:
    """A heads-up question on every flop (see the module doc).

    Per row (a class of flops): ``flops`` (F, 3) uint8, ``weights`` (F,) the flops it stands for,
    ``deals`` (F,) the deals on one of them (combo pairs by weight times turns and rivers), and per
    player (F, 2) ``equity``, ``win``, ``tie`` (NaN on a flop where the ranges never fit together:
    ``deals`` 0, as for ``AA`` on ``Ah Ad Ac``).  The rows cover every flop the deck less the dead
    cards and the fixed hands can deal.  ``made`` and ``draws`` (each (2, F, k): per player the
    share of its range, by weight, in each of :data:`~pokerlut.boards.MADE_CLASSES` and
    :data:`~pokerlut.boards.DRAWS`) and ``no_draw`` (2, F) in the high game, else ``None``.
    ``combos``: with ``per_combo``, per player the combos of its range (n, 2) and ``combo_equity``
    their equity on each row's flop (F, n; NaN where the flop holds a card of the combo).
    ``group``: the number of suit permutations the rows are classes of (24: the canonical flops).
    """

    labels: list[str]
    variant: str
    dead: str
    flops: np.ndarray
    weights: np.ndarray
    deals: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    equity: np.ndarray
    made: np.ndarray | None
    draws: np.ndarray | None
    no_draw: np.ndarray | None
    combos: list[np.ndarray] | None
    combo_equity: list[np.ndarray] | None
    group: int
    seconds: float = field(compare=False)  #: how long the run took (not compared)

    __eq__ = same_fields

    def __len__(self) -> int:
        return len(self.flops)

    def _mean(self, values: np.ndarray) -> np.ndarray:
        dealt = self.deals > 0  # a flop on which the ranges never fit weighs nothing (its figures are NaN)
        w = self.weights[dealt] * self.deals[dealt]
        return np.asarray(w @ values[dealt] / w.sum())

    @property
    def total(self) -> np.ndarray:
        """Each player's equity over every flop, each row weighted by its flops times its deals:
        the preflop equity of the same question.

        >>> r = all_flops(["AhAd", "KK"])
        >>> bool(abs(r.total.sum() - 1) < 1e-12)
        True
        """
        return self._mean(self.equity)

    @property
    def total_win(self) -> np.ndarray:
        """Each player's share of deals won alone, over every flop."""
        return self._mean(self.win)

    @property
    def total_tie(self) -> np.ndarray:
        """The share of deals tied, over every flop (per player)."""
        return self._mean(self.tie)

    @property
    def flop_text(self) -> list[str]:
        """Each row's flop as text (``'Ks 7h 2c'``)."""
        return [format_cards(f) for f in self.flops]

    def texture(self) -> "BoardTexture":
        """The texture of each row's flop (:func:`pokerlut.boards.board_texture`)."""
        from ..boards import board_texture
        return board_texture(self.flops)

    def to_frame(self) -> "pandas.DataFrame":
        """A pandas DataFrame, a row a flop class: ``flop``, ``weight``, ``deals``, then per player
        ``equity_i``, ``win_i``, ``tie_i`` and, in the high game, ``made_i:<class>`` and
        ``draw_i:<draw>`` shares (0-based player numbers).  The labels, game, dead cards and
        ``total`` in ``frame.attrs``.  Needs pandas.

        >>> f = all_flops(["AA", "KK"]).to_frame()
        >>> f.shape[0], list(f.columns[:5])
        (1755, ['flop', 'weight', 'deals', 'equity_0', 'win_0'])
        """
        columns: dict[str, Any] = {"flop": self.flop_text, "weight": self.weights, "deals": self.deals}
        for i in range(SWEEP_PLAYERS):
            columns.update({f"equity_{i}": self.equity[:, i], f"win_{i}": self.win[:, i], f"tie_{i}": self.tie[:, i]})
        if self.made is not None:
            for i in range(SWEEP_PLAYERS):
                columns.update({f"made_{i}:{name}": self.made[i, :, c] for c, name in enumerate(MADE_CLASSES)})
                columns.update({f"draw_{i}:{name}": self.draws[i, :, d] for d, name in enumerate(DRAWS)})
                columns[f"draw_{i}:no draw"] = self.no_draw[i]
        frame = _pandas().DataFrame(columns)
        frame.attrs.update(players=list(self.labels), variant=self.variant, dead=self.dead,
                           total=self.total.tolist(), group=self.group)
        return frame

    def __str__(self) -> str:
        t = self.total
        return (f"{self.labels[0]} vs {self.labels[1]} on {int(round(self.weights.sum())):,} flops "
                f"({len(self.flops):,} classes): equity {t[0]:.4%} / {t[1]:.4%}")


def _check_deal(deal: Deal) -> None:
    v = deal.variant
    if v.name not in BEST_FIVE_VARIANTS:
        raise ValueError(f"all_flops is for the Hold'em games (best five of seven with a board), not {v.name}")
    if len(deal.players) != SWEEP_PLAYERS:
        raise ValueError(f"all_flops is heads-up: 2 players, got {len(deal.players)}")
    loss = precision_loss(deal)
    if loss > MAX_PRECISION_LOSS:
        raise ValueError(f"the sorting engine cannot answer this question precisely (a combo meets about {loss:.1e} "
                         f"times less opponent weight than the opponent's whole range); ask equity() flop by flop")


def _subset_rows(subset: tuple[np.ndarray, np.ndarray], live: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A subset of canonical flops (each standing for its whole suit class, with a weight) spread
    over the members of each class, less the flops holding a card outside ``live``."""
    flops, weights = subset
    rows, w = [], []
    for flop, weight in zip(np.asarray(flops, dtype=np.int64), np.asarray(weights, dtype=np.float64)):
        members = np.unique(np.stack([_relabel(flop[None, :], p)[0] for p in ALL_PERMUTATIONS]), axis=0)
        ok = np.isin(members, live).all(axis=1)
        rows.append(members[ok])
        w.append(np.full(int(ok.sum()), weight / len(members)))
    return np.concatenate(rows), np.concatenate(w)


def _flop_rows(deal: Deal, flops: Any, perms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rows (class flops, weights) of the question: classes of the suit permutations ``perms``."""
    fixed = deal.fixed
    live = np.array([c for c in deal.variant.deck if c not in set(fixed.tolist())], dtype=np.int64)
    if flops is None:
        every = np.array(list(itertools.combinations(live[::-1].tolist(), FLOP_CARDS)), dtype=np.int64)
        rows, w = flop_classes(every, np.ones(len(every)), perms)
    else:
        given, weights = _read_subset(flops)
        members, member_weights = _subset_rows((given, weights), live)
        if len(members) == 0:
            raise ValueError("no flop of the subset can be dealt: each holds a dead card or a fixed hand's card")
        rows, w = flop_classes(members, member_weights, perms)
    return rows, w


def _read_subset(flops: Any) -> tuple[np.ndarray, np.ndarray]:
    """``(flops (n, 3), weights)`` from a :class:`~pokerlut.analytics.subsets.FlopSubset` or a pair."""
    if hasattr(flops, "flops") and hasattr(flops, "weights"):
        flops = (flops.flops, flops.weights)
    if not isinstance(flops, tuple) or len(flops) != 2:
        raise TypeError("flops is a FlopSubset or a pair (flops (n, 3), weights (n,))")
    cards, weights = flops
    if isinstance(cards, (list, tuple)) and cards and isinstance(cards[0], str):
        cards = np.stack([parse_cards(c) for c in cards])
    cards = np.asarray(cards)
    weights = np.asarray(weights, dtype=np.float64)
    if cards.ndim != 2 or cards.shape[1] != FLOP_CARDS or len(weights) != len(cards):
        raise ValueError(f"flops must be (n, 3) with n weights, got {cards.shape} and {weights.shape}")
    if not ((cards >= 0) & (cards < N_NATURAL)).all() or (np.sort(cards, axis=1)[:, 1:] ==
                                                         np.sort(cards, axis=1)[:, :-1]).any():
        raise ValueError("each flop is three different natural cards (ids 0..51)")
    if not (np.isfinite(weights).all() and (weights > 0).all()):
        raise ValueError("flop weights must be finite and > 0")
    return cards.astype(np.int64), weights


def _stabilizer(perms: np.ndarray, flop: np.ndarray) -> np.ndarray:
    """The permutations of ``perms`` that leave ``flop`` as a set (the identity first)."""
    f = np.sort(flop.astype(np.int64))
    mapped = np.sort(N_SUITS * (f // N_SUITS)[None, :] + perms[:, f % N_SUITS], axis=1)
    keep = perms[(mapped == f).all(axis=1)]
    identity = (keep == np.arange(N_SUITS)).all(axis=1)
    return np.concatenate([keep[identity], keep[~identity]])


def _side_counts(deal: Deal, counts: tuple[np.ndarray, np.ndarray]) -> tuple[float, float, float]:
    """``(deals, win, tie)`` of player 0 from the smaller range's counts."""
    a, b = deal.ranges
    first = len(a) <= len(b)
    w = (a if first else b).weights
    c = counts[0 if first else 1]
    met = float(w @ c[:, 2])
    if met <= 0:
        return 0.0, math.nan, math.nan
    win, tie = float(w @ c[:, 0]) / met, float(w @ c[:, 1]) / met
    if not first:
        win = max(0.0, 1.0 - win - tie)
    return met, win, tie


def _shares(deal: Deal, rows: np.ndarray, keeps: list[list[np.ndarray]]) -> tuple[np.ndarray, ...]:
    """Per player, the made-hand and draw shares of its range on each row's flop (one batch per player)."""
    F = len(rows)
    made = np.zeros((SWEEP_PLAYERS, F, len(MADE_CLASSES)))
    drawn = np.zeros((SWEEP_PLAYERS, F, len(DRAWS)))
    none = np.zeros((SWEEP_PLAYERS, F))
    for i, p in enumerate(deal.players):
        kept = keeps[i]
        if sum(len(k) for k in kept) == 0:
            continue
        which = np.repeat(np.arange(F), [len(k) for k in kept])
        index = np.concatenate(kept)
        holes = p.range.combos[index]
        w = p.range.weights[index]
        d = draw_classes(holes, rows[which])
        totals = np.bincount(which, weights=w, minlength=F)
        totals[totals == 0] = np.nan  # a flop holding a card of every combo: no share
        classes = d.made.classes.astype(np.int64)
        made[i] = np.bincount(which * len(MADE_CLASSES) + classes, weights=w,
                              minlength=F * len(MADE_CLASSES)).reshape(F, len(MADE_CLASSES)) / totals[:, None]
        bits = d.kinds.astype(np.int64)
        for k in range(len(DRAWS)):
            drawn[i, :, k] = np.bincount(which, weights=w * ((bits >> k) & 1), minlength=F) / totals
        none[i] = np.bincount(which, weights=w * (bits == 0), minlength=F) / totals
    return made, drawn, none


def all_flops(players: PlayersLike, dead: CardsLike = "", *, variant: VariantLike = "high", flops: Any = None,
              per_combo: bool = False, classes: bool = True, progress: bool = False) -> AllFlops:
    """Exact equity of two hands or ranges on every flop (see the module doc).

    Parameters
    ----------
    players
        Two players: hole cards (``"AhKh"``) or ranges (``"TT+, AKs"``, ``"random"``, a
        :class:`~pokerlut.Range`), as for :func:`pokerlut.equity`.
    dead
        Dead cards (no flop, turn or river holds them).
    variant
        A Hold'em game (best five of seven: ``"high"``, ``"short-deck"``, ``"deuce-seven-low"``...).
    flops
        ``None``: every flop.  A subset of canonical flops with weights
        (:func:`pokerlut.analytics.flop_subset`, or a pair ``(flops, weights)``): each flop stands for
        its whole suit class with its weight (so a subset stays right with suit-dependent ranges).
    per_combo
        Also each combo's equity on each row's flop (``combo_equity``).
    classes
        The made-hand and draw shares of both ranges (high game only).
    progress
        A progress bar on stderr.

    Returns
    -------
    AllFlops

    Raises
    ------
    ValueError
        As :func:`pokerlut.equity` for a bad deal; not heads-up; not a Hold'em game.

    Examples
    --------
    >>> r = all_flops(["TT+, AKs", "random"], classes=False)
    >>> len(r), round(float(r.total[0]), 4)
    (1755, 0.7848)
    >>> r = all_flops(["AhKh", "QQ"], classes=False)     # suit-dependent: 6 permutations keep AhKh
    >>> r.group, int(r.weights.sum())                       # the flops without Ah or Kh
    (6, 19600)
    """
    start = time.perf_counter()
    if not isinstance(per_combo, (bool, np.bool_)) or not isinstance(classes, (bool, np.bool_)):
        raise TypeError("per_combo and classes are True or False")
    v = get_variant(variant)
    deal = parse_deal(players, "", dead, v)
    _check_deal(deal)
    perms = symmetry(deal)  # the rows are classes of these; those that keep a flop too class its turns and rivers
    rows, weights = _flop_rows(deal, flops, perms)
    group = len(perms)
    masks = [combo_masks(np.ascontiguousarray(r.combos)) for r in deal.ranges]
    one = np.uint64(1)
    F = len(rows)
    deals, win, tie = np.zeros(F), np.full(F, np.nan), np.full(F, np.nan)
    keeps: list[list[np.ndarray]] = [[], []]
    combo_eq = [np.full((F, len(r)), np.nan) for r in deal.ranges] if per_combo else None
    bar = progress_bar(F, "flops", progress)
    for f, flop in enumerate(rows):
        mask = (one << np.uint64(flop[0])) | (one << np.uint64(flop[1])) | (one << np.uint64(flop[2]))
        kept = [np.flatnonzero((m & mask) == 0) for m in masks]
        for i in range(SWEEP_PLAYERS):
            keeps[i].append(kept[i])
        if bar is not None:
            bar.update(1)
        if any(len(k) == 0 for k in kept):
            continue
        players_f = tuple(replace(p, range=Range(r.combos[k], r.weights[k]))
                          for p, r, k in zip(deal.players, deal.ranges, kept))
        d = replace(deal, board=flop.astype(np.uint8), players=players_f)
        counts = sweep_counts(d, both=per_combo, perms=_stabilizer(perms, flop))[:2]
        deals[f], win[f], tie[f] = _side_counts(d, counts)
        if per_combo:
            for i in range(SWEEP_PLAYERS):
                c = counts[i]
                with np.errstate(invalid="ignore", divide="ignore"):
                    combo_eq[i][f, kept[i]] = (c[:, 0] + c[:, 1] / 2) / c[:, 2]
    if bar is not None:
        bar.close()
    if not (deals > 0).any():
        raise ValueError("the players' ranges never fit together on any flop")
    lose = np.maximum(0.0, 1.0 - win - tie)
    made = draws_ = no_draw = None
    if classes and v.name == CLASSES_GAME:
        with np.errstate(invalid="ignore"):
            made, draws_, no_draw = _shares(deal, rows, keeps)
    return AllFlops(deal.labels, v.name, format_cards(deal.dead), rows, weights, deals,
                    np.stack([win, lose], axis=1), np.stack([tie, tie], axis=1),
                    np.stack([win + tie / 2, lose + tie / 2], axis=1), made, draws_, no_draw,
                    [r.combos.copy() for r in deal.ranges] if per_combo else None, combo_eq, group,
                    time.perf_counter() - start)

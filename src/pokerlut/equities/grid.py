"""Equity of each of the 169 starting-hand classes against one or more opponents: the numbers
behind an equity grid (:func:`pokerlut.plot.equity_grid` draws them).

The equity of a class is what :func:`pokerlut.equity` gives the class written as a range (``"AKs"``)
against the opponents on the board: the combo-weighted pot share over every conflict-free deal,
each class losing the combos that hold a board, dead or known opponent card.

How it is computed (``exact=None``):

* **Heads-up, exact by sorting**: one run of the heads-up engine (:mod:`pokerlut.equities.sweep`)
  with every combo left in the deck as the hero's range gives each combo's wins, ties and the
  opponent weight it meets over every board; a class's equity is its combos' sums.  The work is
  ``boards x combos`` lookups (1.6 million on a flop; preflop one board per suit-symmetry class
  when the opponents' ranges allow), and the grid is exact when that is at most ``EXACT_BUDGET``.
* **Multiway** (or heads-up beyond ``EXACT_BUDGET``): each class runs
  :func:`pokerlut.equity` exactly when the whole grid enumerates at most ``EXACT_BUDGET`` player-hands
  (bounded as ``equity`` bounds one call) and no class more than ``MAX_DEALS`` combinations;
  ``exact=True`` forces that (or the sweep, where it fits).
* **Otherwise Monte Carlo**: each class runs ``equity(..., exact=False, samples=samples, seed=s)``
  with the class seed ``s = seed * 169 + cell`` (``cell = 13 * row + column``), so a cell is
  reproduced by that one call.  The default seed is 0.

A class with every combo blocked, or none that fits beside the opponents, is NaN.

>>> g = class_equity("TT+, AKs", board="Qs 7h 2c")
>>> g.method, round(float(g.equity[0, 0]), 4), round(float(g.at("72o")), 4), bool(g.exact.all())
('exact', 0.7976, 0.6968, True)
"""

from __future__ import annotations

import math
import secrets
import time
from dataclasses import dataclass, field

import numpy as np

from .. import config
from .._notice import progress_bar
from .._records import same_fields
from .._seeds import entropy
from ..abstraction.preflop import preflop_versus
from ..cards import format_cards, shown
from ..constants import BOARD_CARDS, HOLDEM_HOLE, N_NATURAL
from ..ranges import ALL_COMBOS, N_CLASSES, OmahaRange, Range, cell_of, class_labels, combo_cells, parse_range
from ..typing import CardsLike
from .deal import Deal, ImpossibleDeal, Player, PlayerLike, PlayersLike, parse_deal, raise_if_unfit
from .holdem import holdem_equity
from .plan import check_samples
from .sweep import MAX_PRECISION_LOSS, precision_loss, sweep_counts, sweep_work

__all__ = ["EquityGrid", "class_equity", "class_seed", "DEFAULT_GRID_SAMPLES"]

DEFAULT_GRID_SAMPLES = 100_000  #: Monte Carlo trials per class
MAX_OPPONENTS = 8


@dataclass(eq=False)
class EquityGrid:
    """Per class (13, 13), laid out as :mod:`pokerlut.grid`: ``equity`` (pot share), ``win`` (wins
    alone), ``tie`` (shares the best hand), ``std_error`` (Monte Carlo; zeros when exact) and ``n``
    (boards summed over every combination of combos, or trials), NaN / 0 for impossible classes;
    ``combos`` the class's combos left after card removal; ``exact`` which cells were enumerated.
    ``method`` is 'exact' or 'monte carlo' (the same for every cell); ``samples`` and ``seed`` are
    the Monte Carlo trials per class and the grid seed (class seeds: :func:`class_seed`).

    Examples
    --------
    >>> g = class_equity("AhAd", board="Ks 7h 2c")
    >>> round(g.at("KK"), 4), g.describe()
    (0.9141, 'vs AhAd on Ks 7h 2c (exact)')
    >>> print(g.table().splitlines()[1][:35])
        A  50.0  13.1   6.4   6.4   6.4
    """

    labels: np.ndarray
    equity: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    std_error: np.ndarray
    n: np.ndarray
    combos: np.ndarray
    exact: np.ndarray
    method: str
    opponents: list[str]
    board: str = ""
    dead: str = ""
    samples: int = DEFAULT_GRID_SAMPLES
    seed: int | None = None
    seconds: float = field(default=0.0, compare=False)

    #: Field by field, arrays by value (NaN equal to NaN), the seconds a run took left out:
    #: ``r == r`` is ``True``, never an array or an error.
    __eq__ = same_fields
    __hash__ = None  # type: ignore[assignment]

    def at(self, label: str) -> float:
        """Equity of one class by name, e.g. ``grid.at("AKs")`` (see the class's examples)."""
        return float(self.equity[cell_of(label)])

    def describe(self) -> str:
        """One line naming the inputs and the method, e.g. for a title."""
        text = f"vs {' & '.join(self.opponents)}"
        text += f" on {self.board}" if self.board else " preflop"
        if self.dead:
            text += f", dead {self.dead}"
        if self.method == "exact":
            text += " (exact)"
        else:
            text += f" (Monte Carlo, {self.samples:,} trials/class, seed {self.seed})"
        return text

    def table(self) -> str:
        """The grid as text: each cell's equity in percent, '-' for an impossible class."""
        lines = ["     " + "".join(f"{r:>6}" for r in "AKQJT98765432")]
        for i in range(13):
            cells = ["     -" if np.isnan(x) else f"{100 * x:6.1f}" for x in self.equity[i]]
            lines.append(f"{'AKQJT98765432'[i]:>5}" + "".join(cells))
        return "\n".join(lines + [f"equity (%) of each class (row/column: suited above, offsuit below) "
                                  f"{self.describe()}"])


def class_seed(seed: int, row: int, col: int) -> int:
    """The Monte Carlo seed of a cell in a grid seeded with ``seed``.

    Parameters
    ----------
    seed : int
        The grid's seed.
    row, col : int
        The cell (0..12 each).

    Returns
    -------
    int
        ``seed * 169 + 13 * row + col``: ``equity([class, *opponents], ..., exact=False, seed=that)``
        gives the cell.

    Examples
    --------
    >>> class_seed(0, 0, 1), class_seed(2, 12, 12)
    (1, 506)
    """
    return int(seed) * N_CLASSES + 13 * int(row) + int(col)


# --------------------------------------------------------------------------- heads-up sweep


# --------------------------------------------------------------------------- the grid


def class_equity(opponents: PlayersLike | PlayerLike, board: CardsLike = "", dead: CardsLike = "", *,
                 exact: bool | None = None, samples: int = DEFAULT_GRID_SAMPLES,
                 seed: int | None = 0, progress: bool = False) -> EquityGrid:
    """Equity of each of the 169 starting-hand classes against ``opponents`` on ``board``.

    Parameters
    ----------
    opponents : str, Range, or a list of them
        One opponent (range text like ``"TT+, AKs"`` or ``"random"``, hole cards like ``"AhKh"``,
        a :class:`~pokerlut.Range`) or a list of 1 to 8 of them.
    board, dead : str or card ids
        0, 3, 4 or 5 board cards, and dead cards; natural cards only.
    exact : bool or None
        None chooses as the module doc says; True enumerates every class, False samples every class.
    samples : int
        Monte Carlo trials per class (default 100,000).
    seed : int or None
        Grid seed (default 0); class ``cell`` runs with ``seed * 169 + cell``.  None draws one, reported.
    progress : bool
        A tqdm progress bar on stderr for long grids.

    Returns
    -------
    EquityGrid
        The 13x13 numbers (``.equity`` etc.); a class with no possible deal is NaN.

    Raises
    ------
    ValueError
        A malformed range (the :func:`~pokerlut.parse_range` message), a board with a wild card or
        of the wrong size, a card dealt twice, an opponent's range with every combo blocked;
        :class:`~pokerlut.equities.ImpossibleDeal` (a ``ValueError``) when the opponents' ranges
        cannot all be dealt at once, as :func:`pokerlut.equity` says it.
    TypeError
        Opponents or cards of the wrong type.

    Examples
    --------
    >>> g = class_equity("AhAd", board="Ks 7h 2c")          # against one hand, on a flop
    >>> g.method, g.equity.shape, round(g.at("KK"), 4), int(g.combos[0, 0])
    ('exact', (13, 13), 0.9141, 1)
    >>> g = class_equity(["QQ+", "random"], samples=2_000)  # three-way preflop: Monte Carlo
    >>> g.method, g.seed, int(g.n[0, 0]), bool(0.4 < g.at("AA") < 0.8)
    ('monte carlo', 0, 2000, True)
    """
    start = time.perf_counter()
    if isinstance(opponents, (str, Range)):
        opponents = [opponents]
    elif isinstance(opponents, np.ndarray) and opponents.ndim == 1 and opponents.dtype.kind in "iu":
        opponents = [opponents]
    if not isinstance(opponents, (list, tuple)):
        raise TypeError(f"opponents are range text, hole cards, a Range or a list of them, "
                        f"not {type(opponents).__name__}")
    if not 1 <= len(opponents) <= MAX_OPPONENTS:
        raise ValueError(f"an equity grid needs 1 to {MAX_OPPONENTS} opponents, got {len(opponents)}")
    if exact not in (None, True, False):
        raise TypeError(f"exact is None, True or False, not {shown(exact)}")
    samples = check_samples(samples, DEFAULT_GRID_SAMPLES)
    seed = secrets.randbits(62) if seed is None else entropy(seed)
    # hole cards as a list of ids become an array; a Range is a tuple too, but stays a Range
    opponents = [np.asarray(o) if isinstance(o, (list, tuple)) and not isinstance(o, (Range, OmahaRange))
                 and not all(isinstance(x, str) for x in o) else o for o in opponents]
    deal = parse_deal(opponents, board, dead, "high", who="opponent", min_players=1)
    raise_if_unfit(deal, "opponents")  # else every class would be impossible: 169 NaN
    board_cards, dead_cards = deal.board, deal.dead
    players = 1 + len(deal.players)
    if HOLDEM_HOLE * players + BOARD_CARDS + len(dead_cards) > N_NATURAL:
        raise ValueError(f"{players} players, 5 board cards and {len(dead_cards)} dead cards are more than the deck")
    known = deal.fixed
    heroes = ALL_COMBOS[~np.isin(ALL_COMBOS, known).any(axis=1)]
    cells = combo_cells(heroes)
    combos = np.zeros((13, 13), dtype=np.int64)
    np.add.at(combos, cells, 1)
    n_left = deal.n_left - HOLDEM_HOLE
    boards = math.comb(n_left, BOARD_CARDS - len(board_cards))
    base = dict(labels=class_labels(), combos=combos, opponents=deal.labels,
                board=format_cards(board_cards), dead=format_cards(dead_cards), samples=int(samples))

    if len(deal.players) == 1 and exact is not False:
        if not len(board_cards) and not len(dead_cards):
            grid = _from_preflop_tables(deal, base)
            if grid is not None:
                grid.seconds = time.perf_counter() - start
                return grid
        seated = deal.with_player(Player("random", None, parse_range("random")))
        if (exact is True or sweep_work(seated, both=True) <= config.EXACT_BUDGET) and \
                precision_loss(seated, per_combo=True) <= MAX_PRECISION_LOSS:  # else class by class
            grid = _heads_up_exact(seated, progress, base)
            grid.seconds = time.perf_counter() - start
            return grid
    if exact is None:
        bounds = combos * math.prod(len(r) for r in deal.ranges)
        exact = bool(bounds.max() <= config.MAX_DEALS and int(bounds.sum()) * boards * players <= config.EXACT_BUDGET)
    exact = bool(exact)
    grid = _per_class(deal, exact, int(samples), int(seed), progress, base)
    grid.seconds = time.perf_counter() - start
    return grid


def _heads_up_exact(deal: Deal, progress: bool, base: dict) -> EquityGrid:
    """Every class at once from the sort's per-combo counts of the hero (every combo left)."""
    hero = deal.ranges[0]
    counts = sweep_counts(deal, progress, both=True)[0]
    rows, cols = combo_cells(hero.combos)
    cell = 13 * rows + cols
    win, tie, meet, deals = (np.bincount(cell, weights=counts[:, k], minlength=N_CLASSES).reshape(13, 13)
                             for k in range(4))
    with np.errstate(invalid="ignore", divide="ignore"):
        possible = meet > 0
        win = np.where(possible, win / meet, np.nan)
        tie = np.where(possible, tie / meet, np.nan)
    n = np.where(possible, np.rint(deals), 0).astype(np.int64)
    return EquityGrid(equity=win + tie / 2, win=win, tie=tie, std_error=np.zeros((13, 13)), n=n, exact=possible,
                      method="exact", seed=None, **base)


def _from_preflop_tables(deal: Deal, base: dict) -> EquityGrid | None:
    """Every class against one opponent preflop from the exact preflop tables
    (:func:`pokerlut.abstraction.preflop_versus`), when the opponent's range is whole classes."""
    hit = preflop_versus(deal.ranges[0])
    if hit is None:
        return None
    possible = (hit.n > 0).reshape(13, 13)
    win, tie = (np.where(possible, x.reshape(13, 13), np.nan) for x in (hit.win, hit.tie))
    return EquityGrid(equity=win + tie / 2, win=win, tie=tie, std_error=np.zeros((13, 13)),
                      n=hit.n.reshape(13, 13).astype(np.int64), exact=possible, method="exact", seed=None, **base)


def _per_class(deal: Deal, exact: bool, samples: int, seed: int, progress: bool, base: dict) -> EquityGrid:
    labels = base["labels"]
    out = {k: np.full((13, 13), np.nan) for k in ("equity", "win", "tie", "std_error")}
    n = np.zeros((13, 13), dtype=np.int64)
    done = np.zeros((13, 13), dtype=bool)
    bar = progress_bar(N_CLASSES, "equity grid: classes", progress)
    for row in range(13):
        for col in range(13):
            if bar is not None:
                bar.update(1)
            if base["combos"][row, col] == 0:
                continue
            label = str(labels[row, col])
            try:
                seated = deal.with_player(Player(label, None, parse_range(label)))
                r = holdem_equity(seated, exact=exact, samples=samples, seed=class_seed(seed, row, col))
            except ImpossibleDeal:  # the class never fits beside the opponents' hands
                continue
            out["equity"][row, col], out["win"][row, col], out["tie"][row, col] = r.equity[0], r.win[0], r.tie[0]
            out["std_error"][row, col] = r.std_error[0]
            n[row, col] = r.n
            done[row, col] = True
    if bar is not None:
        bar.close()
    return EquityGrid(n=n, exact=done & exact, method="exact" if exact else "monte carlo",
                      seed=None if exact else seed, **out, **base)

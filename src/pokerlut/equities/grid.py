"""Equity of each of the 169 starting-hand classes against one or more opponents: the numbers
behind an equity grid (:func:`pokerlut.plot.equity_grid` draws them).

The equity of a class is what :func:`pokerlut.equity` gives the class written as a range (``"AKs"``)
against the opponents on the board: the combo-weighted pot share over every conflict-free deal,
each class losing the combos that hold a board, dead or known opponent card.

How it is computed (``exact=None``):

* **Heads-up, exact by sorting**: for every completion of the board, every combo left in the deck is
  ranked once (one :func:`pokerlut.evaluate` call per block of boards); sorting a board's combos by
  strength and summing the opponent's weights below and level with each combo gives every combo's
  wins and ties against the whole range at once, the opponent combos that share a card with it
  taken out by inclusion-exclusion over its two cards.  The work is ``boards x combos`` hands
  (1.4 million on a flop, 3.4 billion preflop), and the grid is exact when that is at most
  ``GRID_EXACT_HANDS``.
* **Multiway** (or heads-up beyond ``GRID_EXACT_HANDS``, i.e. preflop): each class runs
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

import itertools
import math
import secrets
import time
from dataclasses import dataclass, field

import numpy as np

from .._notice import progress_bar
from .._seeds import entropy
from ..cards import format_cards
from ..constants import BOARD_CARDS, HOLDEM_HOLE, N_NATURAL
from ..evaluate import evaluate
from ..ranges import ALL_COMBOS, N_CLASSES, Range, cell_of, class_labels, combo_cells, parse_range
from .deal import Deal, ImpossibleDeal, Player, combo_masks, parse_deal
from .holdem import holdem_equity
from .plan import EXACT_BUDGET, MAX_DEALS, check_samples

__all__ = ["EquityGrid", "class_equity", "class_seed", "GRID_EXACT_HANDS", "DEFAULT_GRID_SAMPLES"]

GRID_EXACT_HANDS = 20_000_000  #: heads-up: most boards x combos hands ranked for an exact grid
DEFAULT_GRID_SAMPLES = 100_000  #: Monte Carlo trials per class
MAX_OPPONENTS = 8
_BLOCK_HANDS = 1 << 18  # hands ranked per block of boards (bounds the memory of the sweep)


@dataclass
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


def _below(strengths: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Row by row: for each item, the weight of the row's items strictly weaker than it (``lt``)
    and weaker or level with it, itself included (``le``).  Inputs and outputs (R, m)."""
    rows, m = strengths.shape
    order = np.argsort(strengths, axis=1, kind="stable")
    s = np.take_along_axis(strengths, order, axis=1)
    cum = np.zeros((rows, m + 1))
    np.cumsum(np.take_along_axis(weights, order, axis=1), axis=1, out=cum[:, 1:])
    pos = np.broadcast_to(np.arange(m), (rows, m))
    new = np.ones((rows, m), dtype=bool)
    new[:, 1:] = s[:, 1:] != s[:, :-1]
    start = np.maximum.accumulate(np.where(new, pos, 0), axis=1)  # first index of each tie group
    last = np.ones((rows, m), dtype=bool)
    last[:, :-1] = new[:, 1:]
    stop = m - 1 - np.maximum.accumulate(np.where(last, m - 1 - pos, 0)[:, ::-1], axis=1)[:, ::-1]
    lt, le = np.empty((rows, m)), np.empty((rows, m))
    np.put_along_axis(lt, order, np.take_along_axis(cum, start, axis=1), axis=1)
    np.put_along_axis(le, order, np.take_along_axis(cum, stop + 1, axis=1), axis=1)
    return lt, le


def _sweep(board: np.ndarray, dead: np.ndarray, opponent: Range, progress: bool):
    """Heads-up against ``opponent`` (card removal applied): per combo of the deck, the opponent
    weight it beats, ties and meets, summed over every completion of the board.
    Returns (universe combos (u, 2), beats (u,), ties (u,), meets (u,))."""
    known = set(board.tolist()) | set(dead.tolist())
    deck = np.array([c for c in range(52) if c not in known], dtype=np.uint8)
    n_left = len(deck)
    universe = ALL_COMBOS[~np.isin(ALL_COMBOS, list(known)).any(axis=1)] if known else ALL_COMBOS
    n_u = len(universe)
    where = np.full((52, 52), -1, dtype=np.int64)
    where[universe[:, 0], universe[:, 1]] = np.arange(n_u)
    w_opp = np.zeros(n_u)
    w_opp[where[opponent.combos[:, 0], opponent.combos[:, 1]]] = opponent.weights
    # the combos holding each deck card: members (n_left, n_left - 1); each combo is in two rows
    members = np.stack([np.nonzero((universe == c).any(axis=1))[0] for c in deck])
    slot = np.full(52, -1, dtype=np.int64)
    slot[deck] = np.arange(n_left)
    row_a, row_b = slot[universe[:, 0]], slot[universe[:, 1]]
    col_a = np.argmax(members[row_a] == np.arange(n_u)[:, None], axis=1)
    col_b = np.argmax(members[row_b] == np.arange(n_u)[:, None], axis=1)
    universe_masks = combo_masks(universe)
    completions = np.array(list(itertools.combinations(deck.tolist(), 5 - len(board))), dtype=np.uint8)
    completions = completions.reshape(len(completions), 5 - len(board))
    one = np.uint64(1)
    comp_masks = np.zeros(len(completions), dtype=np.uint64)
    for j in range(completions.shape[1]):
        comp_masks |= one << completions[:, j].astype(np.uint64)
    beats, ties, meets = np.zeros(n_u), np.zeros(n_u), np.zeros(n_u)
    block = max(1, _BLOCK_HANDS // n_u)
    bar = progress_bar(len(completions), "equity grid: boards", progress)
    for lo in range(0, len(completions), block):
        comp = completions[lo:lo + block]
        valid = (universe_masks[None, :] & comp_masks[lo:lo + block, None]) == 0  # (b, u)
        bi, ui = np.nonzero(valid)
        hands = np.empty((len(bi), 7), dtype=np.uint8)
        hands[:, :len(board)] = board
        hands[:, len(board):5] = comp[bi]
        hands[:, 5:] = universe[ui]
        strengths = np.zeros(valid.shape, dtype=np.int32)
        strengths[bi, ui] = evaluate(hands, check=False)  # built here: distinct natural cards
        weights = valid * w_opp[None, :]
        lt, le = _below(strengths, weights)
        b = len(comp)
        card_s = strengths[:, members].reshape(b * n_left, n_left - 1)
        card_w = weights[:, members].reshape(b * n_left, n_left - 1)
        c_lt, c_le = (x.reshape(b, n_left, n_left - 1) for x in _below(card_s, card_w))
        c_w = card_w.reshape(b, n_left, n_left - 1).sum(axis=2)
        # inclusion-exclusion over the combo's two cards: the combo itself is the only one holding both
        corr_lt = c_lt[:, row_a, col_a] + c_lt[:, row_b, col_b]
        corr_le = c_le[:, row_a, col_a] + c_le[:, row_b, col_b]
        beat = lt - corr_lt
        tie = (le - lt) - (corr_le - corr_lt) + weights  # the combo itself: in le once, in corr_le twice
        meet = weights.sum(axis=1, keepdims=True) - c_w[:, row_a] - c_w[:, row_b] + weights
        beats += (beat * valid).sum(axis=0)
        ties += (tie * valid).sum(axis=0)
        meets += (meet * valid).sum(axis=0)
        if bar is not None:
            bar.update(b)
    if bar is not None:
        bar.close()
    return universe, beats, ties, meets


# --------------------------------------------------------------------------- the grid


def class_equity(opponents, board="", dead="", *, exact: bool | None = None, samples: int = DEFAULT_GRID_SAMPLES,
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
        of the wrong size, a card dealt twice, an opponent's range with every combo blocked.
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
        raise TypeError(f"exact is None, True or False, not {exact!r}")
    samples = check_samples(samples, DEFAULT_GRID_SAMPLES)
    seed = secrets.randbits(62) if seed is None else entropy(seed)
    opponents = [np.asarray(o) if isinstance(o, (list, tuple)) and not all(isinstance(x, str) for x in o) else o
                 for o in opponents]
    deal = parse_deal(opponents, board, dead, "high", who="opponent", min_players=1)
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

    sweep_hands = math.comb(N_NATURAL - len(board_cards) - len(dead_cards), BOARD_CARDS - len(board_cards)) * \
        len(heroes)
    if len(deal.players) == 1 and exact is not False and sweep_hands <= GRID_EXACT_HANDS:
        grid = _heads_up_exact(board_cards, dead_cards, deal.ranges[0], n_left, progress, base)
        grid.seconds = time.perf_counter() - start
        return grid
    if exact is None:
        bounds = combos * math.prod(len(r) for r in deal.ranges)
        exact = bool(bounds.max() <= MAX_DEALS and int(bounds.sum()) * boards * players <= EXACT_BUDGET)
    exact = bool(exact)
    grid = _per_class(deal, exact, int(samples), int(seed), progress, base)
    grid.seconds = time.perf_counter() - start
    return grid


def _heads_up_exact(board, dead, opponent: Range, n_left: int, progress: bool, base: dict) -> EquityGrid:
    universe, beats, ties, meets = _sweep(board, dead, opponent, progress)
    rows, cols = combo_cells(universe)
    cell = 13 * rows + cols
    per = [np.bincount(cell, weights=x, minlength=N_CLASSES).reshape(13, 13) for x in (beats, ties, meets)]
    win, tie, meet = per
    # combinations of combos (unweighted) times the completions of the board each deal has
    fits = (combo_masks(universe)[:, None] & combo_masks(opponent.combos)[None, :]) == 0
    deals = np.bincount(cell, weights=fits.sum(axis=1), minlength=N_CLASSES).reshape(13, 13)
    with np.errstate(invalid="ignore", divide="ignore"):
        possible = meet > 0
        win = np.where(possible, win / meet, np.nan)
        tie = np.where(possible, tie / meet, np.nan)
    eq = win + tie / 2
    n = np.where(possible, deals.astype(np.int64) * math.comb(n_left, 5 - len(board)), 0)
    return EquityGrid(equity=eq, win=win, tie=tie, std_error=np.zeros((13, 13)), n=n, exact=possible,
                      method="exact", seed=None, **base)


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

"""Equity distributions: each combo of two ranges' equity against the other range on a board, sorted
into a curve (the "equity distribution" graph), and the nut advantage (the share of each range above
given equities).

A combo weighs what it brings to its range's deals: its weight times the opponent weight it meets
(card removal included; :class:`pokerlut.equities.sweep.ComboEquity`'s ``faced``).  So the curve's
mean is the range's equity, and a share is a share of the range's deals.  The per-combo equities are
exact (the sorting engine, every turn and river).

>>> d = equity_distribution(["TT+, AKs", "random"], "Qs 7h 2c")
>>> round(float(d.mean[0]), 4) == round(float(d.result.equity[0]), 4)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

import numpy as np

from .._records import same_fields
from ..equities import EquityResult, equity
from ..equities.deal import PlayersLike
from ..typing import CardsLike
from ..variants import VariantLike

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["EquityDistribution", "equity_distribution", "distribution_plot", "DEFAULT_THRESHOLDS"]

#: The equities :attr:`EquityDistribution.nut_advantage` reports the shares above.
DEFAULT_THRESHOLDS = (0.5, 0.75, 0.9)


@dataclass(eq=False)
class EquityDistribution:
    """Per player: ``combos`` (n, 2) of its live range sorted by equity (best first), their ``equity``
    and ``share`` (of the range's deals, summing to 1); ``result`` the whole question's
    :class:`~pokerlut.EquityResult` (with ``combos`` per combo as given)."""

    labels: list[str]
    board: str
    combos: list[np.ndarray]
    equity: list[np.ndarray]
    share: list[np.ndarray]
    result: EquityResult

    __eq__ = same_fields

    @property
    def mean(self) -> np.ndarray:
        """Each range's equity: the share-weighted mean of its combos' equities."""
        return np.array([float(s @ e) for s, e in zip(self.share, self.equity)])

    def share_above(self, threshold: float) -> np.ndarray:
        """Per player, the share of its range (by deals) whose equity is at least ``threshold``.

        >>> d = equity_distribution(["AA, 72o", "KK"], "Ks 7h 2c")
        >>> d.share_above(0.5).round(4).tolist()
        [0.0, 1.0]
        """
        return np.array([float(s[e >= threshold].sum()) for s, e in zip(self.share, self.equity)])

    def nut_advantage(self, thresholds: Sequence[float] = DEFAULT_THRESHOLDS) -> dict[float, np.ndarray]:
        """``{threshold: share_above(threshold)}`` for each threshold."""
        return {float(t): self.share_above(t) for t in thresholds}

    def curve(self, player: int, points: int = 101) -> tuple[np.ndarray, np.ndarray]:
        """``(percentile, equity)`` at ``points`` evenly spaced percentiles of the player's range
        (0: its best combo, 100: its worst), stepping as the combos do.

        >>> p, e = equity_distribution(["AA", "KK"], "Ks 7h 2c").curve(0, 3)
        >>> p.tolist(), [round(float(x), 3) for x in e]
        ([0.0, 50.0, 100.0], [0.086, 0.086, 0.086])
        """
        if points < 2:
            raise ValueError(f"points is at least 2, got {points}")
        cum = np.cumsum(self.share[player])
        x = np.linspace(0.0, 100.0, points)
        index = np.minimum(np.searchsorted(cum, x / 100.0 * cum[-1], side="left"), len(cum) - 1)
        return x, self.equity[player][index]

    def table(self, thresholds: Sequence[float] = DEFAULT_THRESHOLDS) -> str:
        """The ranges' equities and shares above each threshold, as text."""
        lines = [f"equity distribution on {self.board}", f"  {'player':<28} {'equity':>8}" +
                 "".join(f" {'>=' + format(t, '.0%'):>8}" for t in thresholds)]
        adv = self.nut_advantage(thresholds)
        for i, label in enumerate(self.labels):
            lines.append(f"  {label[:28]:<28} {self.mean[i]:>8.2%}" + "".join(f" {adv[t][i]:>8.2%}" for t in adv))
        return "\n".join(lines)


def equity_distribution(players: PlayersLike, board: CardsLike, dead: CardsLike = "", *,
                        variant: VariantLike = "high") -> EquityDistribution:
    """Each combo's exact equity against the other range, sorted (see the module doc).

    Parameters
    ----------
    players
        Two hands or ranges, as for :func:`pokerlut.equity`.
    board
        The board: 3, 4 or 5 cards (or none: preflop, slower).
    dead
        Dead cards.
    variant
        A Hold'em game.

    Returns
    -------
    EquityDistribution

    Examples
    --------
    >>> d = equity_distribution(["TT+, AKs", "random"], "Qs 7h 2c")
    >>> {t: v.round(3).tolist() for t, v in d.nut_advantage([0.8]).items()}
    {0.8: [0.484, 0.024]}
    """
    result = equity(players, board, dead, per_combo=True, variant=variant)
    combos, eqs, shares = [], [], []
    for c in result.combos:
        live = ~c.blocked & (c.faced > 0)
        mass = c.weights[live] * c.faced[live]
        order = np.argsort(-c.equity[live], kind="stable")
        combos.append(c.combos[live][order])
        eqs.append(c.equity[live][order])
        shares.append(mass[order] / mass.sum())
    return EquityDistribution(list(result.players), result.board, combos, eqs, shares, result)


def distribution_plot(distribution: EquityDistribution, *, ax: "Axes | None" = None,
                      title: str | None = None) -> "Figure":
    """Both ranges' equity curves on one plot: equity (y) against the share of the range (x), best
    combos first, each range's equity in its legend.

    >>> fig = distribution_plot(equity_distribution(["AA", "KK"], "Ks 7h 2c"))
    >>> fig.axes[0].get_label()
    'equity distribution'
    """
    from ..plot import require_matplotlib

    mpl = require_matplotlib()
    if not isinstance(distribution, EquityDistribution):
        raise TypeError(f"draws an EquityDistribution (pokerlut.equity_distribution), not "
                        f"{type(distribution).__name__}")
    if ax is None:
        fig = mpl.figure.Figure(figsize=(8.0, 5.0), layout="constrained")
        ax = fig.add_subplot()
    else:
        fig = ax.figure
    for i, label in enumerate(distribution.labels):
        cum = 100 * np.concatenate([[0.0], np.cumsum(distribution.share[i])])
        eq = 100 * distribution.equity[i]
        ax.stairs(eq, cum, label=f"{label} ({distribution.mean[i]:.1%})", linewidth=2, baseline=None)
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    ax.set_xlabel("share of the range (%), best combos first")
    ax.set_ylabel("equity (%)")
    ax.grid(alpha=0.3)
    ax.legend(loc="upper right")
    ax.set_label("equity distribution")
    ax.set_title(title if title is not None else f"equity distribution on {distribution.board}")
    return fig

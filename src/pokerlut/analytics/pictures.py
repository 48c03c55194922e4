"""Pictures of an all-flops report: the equity by flop texture, and every flop's equity sorted.

matplotlib is optional, as for :mod:`pokerlut.plot`: it is imported when a function is called (an
``ImportError`` naming ``pip install 'pokerlut[plot]'`` when it is missing), and figures are plain
:class:`matplotlib.figure.Figure` objects.

>>> from pokerlut.analytics import all_flops
>>> r = all_flops(["AA", "KK"], classes=False)
>>> [a.get_label() for a in texture_equity(r).axes]
['suits', 'pairing', 'high card']
>>> sorted_equity(r).axes[0].get_label()
'sorted equity'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..constants import PAIRINGS, RANK_NAMES, SUIT_TEXTURES
from ..plot import require_matplotlib
from .flops import AllFlops

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

__all__ = ["texture_equity", "sorted_equity", "texture_means"]


def _check(result: AllFlops, player: int) -> None:
    if not isinstance(result, AllFlops):
        raise TypeError(f"draws an AllFlops result (pokerlut.all_flops), not {type(result).__name__}")
    if player not in (0, 1):
        raise ValueError(f"player is 0 or 1, got {player!r}")


def texture_means(result: AllFlops, player: int = 0) -> dict[str, dict[str, float]]:
    """The player's equity averaged over the flops of each texture (suits, pairing, high card), each
    flop weighted as in ``total`` (its flops times its deals).

    >>> from pokerlut.analytics import all_flops
    >>> m = texture_means(all_flops(["AA", "KK"], classes=False))
    >>> sorted(m), round(m["pairing"]["trips"], 3)
    (['high card', 'pairing', 'suits'], 0.917)
    """
    _check(result, player)
    t = result.texture()
    dealt = result.deals > 0
    w = np.where(dealt, result.weights * result.deals, 0.0)
    eq = np.where(dealt, result.equity[:, player], 0.0)
    out: dict[str, dict[str, float]] = {}
    for name, ids, names in (("suits", t.suits, SUIT_TEXTURES), ("pairing", t.pairing, PAIRINGS),
                             ("high card", t.high, RANK_NAMES)):
        means = {}
        for k in sorted(set(ids.tolist()), reverse=name == "high card"):
            sel = ids == k
            if w[sel].sum() > 0:
                means[names[k]] = float(w[sel] @ eq[sel] / w[sel].sum())
        out[name] = means
    return out


def texture_equity(result: AllFlops, player: int = 0, *, title: str | None = None) -> "Figure":
    """Bars of the player's equity by flop texture: suits, pairing, high card (:func:`texture_means`),
    with the overall equity as a line.

    Returns
    -------
    matplotlib.figure.Figure
    """
    mpl = require_matplotlib()
    means = texture_means(result, player)
    fig = mpl.figure.Figure(figsize=(12.0, 4.5), layout="constrained")
    axes = fig.subplots(1, 3, gridspec_kw={"width_ratios": [1, 1, 3]})
    total = float(result.total[player])
    for ax, (name, values) in zip(axes, means.items()):
        labels = list(values)
        heights = 100 * np.array(list(values.values()))
        ax.bar(range(len(labels)), heights, color="tab:blue", edgecolor="black", linewidth=0.5)
        ax.axhline(100 * total, color="tab:red", linewidth=1, label=f"all flops {total:.2%}")
        ax.set_xticks(range(len(labels)), labels, rotation=45 if len(labels) > 3 else 0, ha="right"
                      if len(labels) > 3 else "center")
        ax.set_ylim(0, 100)
        ax.set_ylabel(f"equity of {result.labels[player]} (%)")
        ax.set_title(name)
        ax.set_label(name)
    axes[0].legend(loc="lower left", fontsize=8)
    fig.suptitle(title if title is not None else f"{result.labels[player]} vs {result.labels[1 - player]}: "
                 f"equity by flop texture")
    return fig


def sorted_equity(result: AllFlops, player: int = 0, *, title: str | None = None) -> "Figure":
    """Every flop's equity for the player, sorted from the best flop to the worst, each class as wide
    as the share of the flops it stands for: the share of flops (x) on which the equity is at least
    y.

    Returns
    -------
    matplotlib.figure.Figure
    """
    mpl = require_matplotlib()
    _check(result, player)
    dealt = result.deals > 0
    eq = result.equity[dealt, player]
    w = result.weights[dealt]
    order = np.argsort(-eq, kind="stable")
    widths = 100 * w[order] / w.sum()
    left = np.concatenate([[0.0], np.cumsum(widths)[:-1]])
    fig = mpl.figure.Figure(figsize=(10.0, 4.5), layout="constrained")
    ax = fig.add_subplot()
    ax.bar(left, 100 * eq[order], width=widths, align="edge", color="tab:blue", linewidth=0)
    total = float(result.total[player])
    ax.axhline(100 * total, color="tab:red", linewidth=1, label=f"all flops {total:.2%}")
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    ax.set_xlabel("share of flops (%), best first")
    ax.set_ylabel(f"equity of {result.labels[player]} (%)")
    ax.legend(loc="upper right", fontsize=8)
    ax.set_label("sorted equity")
    ax.set_title(title if title is not None else f"{result.labels[player]} vs {result.labels[1 - player]} on "
                 f"{int(round(w.sum())):,} flops, sorted")
    return fig

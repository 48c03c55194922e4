"""Pictures: a range on the 13x13 grid, an equity heat map of the 169 starting hands, and what a
range makes on a board (categories and strengths; made-hand classes and draws).

Needs matplotlib (``pip install 'pokerlut[plot]'``).  ``import pokerlut`` does not import it, nor
does importing this module: each function imports it when called, and raises an ``ImportError``
naming the extra when it is missing.  Figures are plain :class:`matplotlib.figure.Figure` objects
(no pyplot state, no window): ``fig.savefig("grid.png")`` writes them, Jupyter shows them.  Give
``ax=`` to draw into an existing :class:`~matplotlib.axes.Axes` instead.

The grid's layout is :mod:`pokerlut.grid`'s (pairs on the diagonal, suited above, offsuit below);
the numbers come from :func:`pokerlut.grid.class_weights`,
:func:`pokerlut.grid_equity.class_equity` and :func:`pokerlut.range_strength.range_strengths`.

>>> fig = range_grid("TT+, AKs")
>>> [ax.get_label() for ax in fig.axes]
['range grid', '<colorbar>']
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

import numpy as np

from .boards import BoardBreakdown, range_breakdown
from ._messages import sizes_text
from .constants import CLASS_BOARD_SIZES, DRAWS, MADE_CLASSES
from .equities.deal import PlayerLike, PlayersLike
from .equities.grid import DEFAULT_GRID_SAMPLES, EquityGrid, class_equity
from .ranges import RANKS, class_weights, range_strengths
from .constants import NATURAL_STRENGTHS
from .ranges.grid import RangeLike
from .strength import category_names, describe
from .typing import CardsLike, HandsLike
from .variants import get_variant

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["range_grid", "equity_grid", "strength_distribution", "board_classes"]

INSTALL_HINT = "pip install 'pokerlut[plot]'"
GRID_FIGSIZE = (9.0, 7.6)
NAN_COLOR = "#d9d9d9"


def require_matplotlib() -> None:
    """Import and return matplotlib, or raise an ``ImportError`` that names the extra to install.

    Returns
    -------
    module
        ``matplotlib`` (with ``matplotlib.figure`` imported).

    Raises
    ------
    ImportError
        matplotlib is missing; the message says ``pip install 'pokerlut[plot]'``.

    Examples
    --------
    >>> require_matplotlib().__name__
    'matplotlib'
    """
    try:
        import matplotlib
        import matplotlib.figure  # noqa: F401
    except ImportError as error:
        raise ImportError(f"pokerlut.plot draws with matplotlib, which is not installed: {INSTALL_HINT}") from error
    return matplotlib


def _figure_and_axes(ax, figsize) -> tuple["Figure", "Axes"]:
    mpl = require_matplotlib()
    if ax is not None:
        if not isinstance(ax, mpl.axes.Axes):
            raise TypeError(f"ax is a matplotlib Axes, not {type(ax).__name__}")
        return ax.figure, ax
    fig = mpl.figure.Figure(figsize=figsize, layout="constrained")
    return fig, fig.add_subplot()


def _text_color(rgba) -> str:
    r, g, b = rgba[:3]
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 0.5 else "white"


def _draw_cells(ax, values: np.ndarray, texts: np.ndarray, cmap, norm, label: str):
    """13x13 cells shaded by ``values`` (NaN in grey), each with its text; returns the image."""
    cmap = cmap.with_extremes(bad=NAN_COLOR)
    image = ax.imshow(np.ma.masked_invalid(values), cmap=cmap, norm=norm, extent=(-0.5, 12.5, 12.5, -0.5),
                      interpolation="nearest", aspect="equal")
    for i in range(13):
        for j in range(13):
            v = values[i, j]
            color = "black" if np.isnan(v) else _text_color(cmap(norm(v)))
            ax.text(j, i, texts[i, j], ha="center", va="center", fontsize=6.5, color=color, linespacing=1.1)
    ax.set_xticks(range(13), list(RANKS))
    ax.set_yticks(range(13), list(RANKS))
    ax.tick_params(top=True, labeltop=True, bottom=False, labelbottom=False, length=0)
    ax.set_xticks(np.arange(-0.5, 13), minor=True)
    ax.set_yticks(np.arange(-0.5, 13), minor=True)
    ax.tick_params(which="minor", length=0)
    ax.grid(which="minor", color="white", linewidth=1.0)
    ax.set_label(label)
    return image


def _title(text: str) -> str:
    return "\n".join(textwrap.wrap(text, 80))


def range_grid(range_: RangeLike, *, ax: "Axes | None" = None, title: str | None = None,
               cmap: str = "Greens") -> "Figure":
    """Draw a range on the 13x13 grid: each class shaded by its weight, labelled with its name and
    (weighted) combo count.

    Parameters
    ----------
    range_ : str or Range
        Range text (anything :func:`~pokerlut.parse_range` reads) or a :class:`~pokerlut.Range`.
    ax : matplotlib Axes, optional
        Draw into this Axes (and put the colour bar beside it); else a new Figure.
    title : str, optional
        Replaces the default title, which states the range and its combo count.
    cmap : str
        A matplotlib colour map name: weight 0 is its lowest colour, weight 1 its highest.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    ValueError
        A malformed range: the :func:`~pokerlut.parse_range` message with the token and a caret.
    ImportError
        matplotlib is missing (the message says ``pip install 'pokerlut[plot]'``).

    Examples
    --------
    >>> fig = range_grid("22+, A2s+, K9s+, QTs+, JTs, ATo+, KJo+")
    >>> ax = fig.axes[0]
    >>> [t.get_text() for t in ax.texts[:3]], ax.texts[14].get_text()
    (['AA\\n6', 'AKs\\n4', 'AQs\\n4'], 'KK\\n6')
    >>> fig.savefig(__import__("io").BytesIO(), format="png")
    """
    mpl = require_matplotlib()
    grid = class_weights(range_)
    fig, ax = _figure_and_axes(ax, GRID_FIGSIZE)
    texts = np.empty((13, 13), dtype=object)
    for i in range(13):
        for j in range(13):
            count = grid.combos[i, j]
            texts[i, j] = grid.labels[i, j] + (f"\n{count:.3g}" if count > 0 else "")
    norm = mpl.colors.Normalize(0.0, max(1.0, float(grid.weights.max())))
    image = _draw_cells(ax, grid.weights, texts, mpl.colormaps[cmap], norm, "range grid")
    fig.colorbar(image, ax=ax, shrink=0.8, label="weight (share of the class's combos in the range)")
    ax.set_title(title if title is not None else
                 _title(f"Range {grid.text}: {grid.total:.4g} combos ({grid.total / 1326:.1%} of 1326)"))
    return fig


def equity_grid(opponents: PlayersLike | PlayerLike | EquityGrid, board: CardsLike = "", dead: CardsLike = "", *,
                exact: bool | None = None, samples: int = DEFAULT_GRID_SAMPLES,
                seed: int | None = 0, progress: bool = False, ax: "Axes | None" = None, title: str | None = None,
                cmap: str = "RdYlGn") -> tuple["Figure", EquityGrid]:
    """Draw the equity of each of the 169 starting-hand classes against ``opponents`` on ``board``
    as a heat map labelled in percent, and return the numbers with it.

    The numbers are :func:`pokerlut.grid_equity.class_equity`'s (exact where its budget allows,
    else ``samples`` Monte Carlo trials per class from ``seed``; card removal by the board, the
    dead cards and known opponent hands; NaN, drawn grey, for a class with no possible deal).
    The colours are centred on the fair share (50 % heads-up, 1/players multiway).

    Parameters
    ----------
    opponents : str, Range, list of them, or EquityGrid
        One opponent or a list of 1 to 8 (range text, hole cards like ``"AhKh"``, Ranges); or an
        already computed :class:`~pokerlut.grid_equity.EquityGrid` to draw (then give no board,
        dead cards or computing options).
    board, dead : str or card ids
        0, 3, 4 or 5 board cards; dead cards.
    exact, samples, seed, progress
        As for :func:`pokerlut.grid_equity.class_equity`.
    ax : matplotlib Axes, optional
        Draw into this Axes; else a new Figure.
    title : str, optional
        Replaces the default title, which states the opponents, board and method.
    cmap : str
        A diverging matplotlib colour map name.

    Returns
    -------
    (matplotlib.figure.Figure, EquityGrid)
        The picture, and the numbers (``grid.equity`` is the 13x13 array).

    Examples
    --------
    >>> fig, grid = equity_grid("TT+, AKs", board="Qs 7h 2c")
    >>> grid.method, round(grid.at("AA"), 4), fig.axes[0].texts[0].get_text()
    ('exact', 0.7976, 'AA\\n79.8%')
    """
    mpl = require_matplotlib()
    if isinstance(opponents, EquityGrid):
        if (board not in ("", None) or dead not in ("", None) or exact is not None
                or samples != DEFAULT_GRID_SAMPLES or seed != 0 or progress):
            raise ValueError("a computed EquityGrid already holds its board, dead cards and method: "
                             "pass only drawing options with it")
        grid = opponents
    else:
        grid = class_equity(opponents, board, dead, exact=exact, samples=samples, seed=seed, progress=progress)
    fig, ax = _figure_and_axes(ax, GRID_FIGSIZE)
    values = 100 * grid.equity
    texts = np.empty((13, 13), dtype=object)
    for i in range(13):
        for j in range(13):
            v = values[i, j]
            texts[i, j] = grid.labels[i, j] + ("\n–" if np.isnan(v) else f"\n{v:.1f}%")
    fair = 100 / (1 + len(grid.opponents))
    norm = mpl.colors.TwoSlopeNorm(vcenter=fair, vmin=0.0, vmax=100.0)
    image = _draw_cells(ax, values, texts, mpl.colormaps[cmap], norm, "equity grid")
    bar = fig.colorbar(image, ax=ax, shrink=0.8, label=f"equity (%); the middle colour is the fair share, {fair:.3g} %")
    bar.set_ticks(sorted({0, 25, 50, 75, 100, round(fair, 1)}))
    ax.set_title(title if title is not None else _title(f"Equity of each starting hand {grid.describe()}"))
    return fig, grid


def strength_distribution(hands_or_range: RangeLike | HandsLike, board: CardsLike, variant: str = "high", *,
                          ax: "Axes | None" = None,
                          title: str | None = None, cmap: str = "viridis") -> "Figure":
    """Draw what a range (or given hands) makes on a board: the share of each made-hand category as
    bars, and (in a new Figure) the distribution of strengths below; colours show strength.

    Parameters
    ----------
    hands_or_range : str, Range, list of str or (n, 2) int array
        As for :func:`pokerlut.range_strength.range_strengths` (a range loses the combos that hold
        a board card).
    board : str or card ids
        3, 4 or 5 board cards.
    variant : str
        ``"high"``, the only game so far; anything else is a ``ValueError``.
    ax : matplotlib Axes, optional
        Draw the category bars into this Axes (without the strength panel); else a new Figure.
    title : str, optional
        Replaces the default title, which states the range, the board and the combo count.
    cmap : str
        A sequential matplotlib colour map name (weak to strong).

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> fig = strength_distribution("TT+, AKs", "Qs 7h 2c")
    >>> bars = fig.axes[0]
    >>> [t.get_text() for t in bars.get_xticklabels()][:3], [round(float(p.get_height()), 1) for p in bars.patches][:4]
    (['High card', 'One pair', 'Two pair'], [12.9, 77.4, 0.0, 9.7])
    """
    mpl = require_matplotlib()
    d = range_strengths(hands_or_range, board, variant=variant)
    if ax is None:
        fig = mpl.figure.Figure(figsize=(9.0, 7.0), layout="constrained")
        ax, hist_ax = fig.subplots(2, 1, height_ratios=[3, 2])
    else:
        fig, ax = _figure_and_axes(ax, None)
        hist_ax = None
    colormap = mpl.colormaps[cmap]
    names = category_names(d.variant)
    top = max(get_variant(d.variant).tables.n_strengths if d.variant != "high" else NATURAL_STRENGTHS,
              int(d.strengths.max()))
    norm = mpl.colors.Normalize(1, top)
    n_cat = len(names) if d.variant != "high" or d.counts[9] > 0 else 9
    cats = np.arange(n_cat)
    mean = np.array([np.average(d.strengths[d.categories == c], weights=d.weights[d.categories == c])
                     if d.counts[c] > 0 else 0.0 for c in cats])
    heights = 100 * d.shares[:n_cat]
    bars = ax.bar(cats, heights, color=[colormap(norm(m)) for m in mean], edgecolor="black", linewidth=0.5)
    for bar, h, c in zip(bars, heights, cats):
        if d.counts[c] > 0:
            ax.annotate(f"{h:.1f}%\n{d.counts[c]:.4g}", (bar.get_x() + bar.get_width() / 2, h), ha="center",
                        va="bottom", fontsize=8, xytext=(0, 2), textcoords="offset points")
    ax.set_xticks(cats, [names[c] for c in cats], rotation=30, ha="right")
    ax.set_ylabel("share of the range's combos (%)")
    ax.set_ylim(0, max(5.0, float(heights.max()) * 1.2))
    ax.set_label("categories")
    axes = [ax]
    if hist_ax is not None:
        edges = np.linspace(1, top + 1, 61)
        counts, _ = np.histogram(d.strengths, bins=edges, weights=d.weights)
        centres = (edges[:-1] + edges[1:]) / 2
        hist_ax.bar(centres, 100 * counts / d.total, width=np.diff(edges), color=colormap(norm(centres)),
                    edgecolor="none")
        hist_ax.set_xlim(1, top + 1)
        hist_ax.set_xlabel(f"strength (1 = {describe(1, d.variant)} ... {top} = {describe(top, d.variant)})")
        hist_ax.set_ylabel("share (%)")
        hist_ax.set_label("strengths")
        axes.append(hist_ax)
    fig.colorbar(mpl.cm.ScalarMappable(norm=norm, cmap=colormap), ax=axes, shrink=0.8,
                 label="strength (bars: the mean of the category's combos)")
    ax.set_title(title if title is not None else
                 _title(f"Made hands of {d.label} on {d.board}: {d.total:.4g} combos"
                        + ("" if variant == "high" else f" ({variant})")))
    return fig


def board_classes(hands_or_range: BoardBreakdown | RangeLike | HandsLike, board: CardsLike | None = None, *,
                  ax: "Axes | None" = None, title: str | None = None,
                  color: str = "tab:blue", draw_color: str = "tab:orange") -> "Figure":
    """Draw how a range (or given hands) splits on a board: the share of its combos in each made-hand
    class, and on the flop or turn in each draw, as horizontal bars labelled in percent.

    Parameters
    ----------
    hands_or_range : str, Range, list of str, (n, 2) int array, or BoardBreakdown
        As for :func:`pokerlut.boards.range_breakdown`; or a breakdown already computed (then give
        no board).
    board : str or card ids
        3, 4 or 5 board cards.
    ax : matplotlib Axes, optional
        Draw the made-hand classes into this Axes (without the draws); else a new Figure.
    title : str, optional
        Replaces the default title, which states the range, the board, its texture and the combos.
    color, draw_color : str
        Matplotlib colours of the class bars and of the draw bars.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> fig = board_classes("TT+, AKs", "Qs 7h 2c")
    >>> [a.get_label() for a in fig.axes], [t.get_text() for t in fig.axes[0].get_yticklabels()][:2]
    (['made-hand classes', 'draws'], ['set', 'overpair'])
    """
    mpl = require_matplotlib()
    if isinstance(hands_or_range, BoardBreakdown):
        if board is not None:
            raise ValueError("a computed BoardBreakdown already holds its board: pass only drawing options with it")
        b = hands_or_range
    else:
        if board is None:
            raise ValueError(f"board_classes needs a board ({sizes_text(CLASS_BOARD_SIZES)} cards)")
        b = range_breakdown(hands_or_range, board)
    if ax is None:
        fig = mpl.figure.Figure(figsize=(10.0, 5.5), layout="constrained")
        axes = list(fig.subplots(1, 2 if b.draws is not None else 1, squeeze=False)[0])
    else:
        fig, ax = _figure_and_axes(ax, None)
        axes = [ax]

    def bars(target, names, shares, counts, bar_color, label):
        shown = [i for i in range(len(names) - 1, -1, -1) if counts[i] > 0] if label != "draws" else \
            [i for i in range(len(names)) if counts[i] > 0]
        y = np.arange(len(shown))[::-1]
        values = 100 * np.asarray([shares[i] for i in shown], dtype=float)
        target.barh(y, values, color=bar_color, edgecolor="black", linewidth=0.5)
        for yy, v, i in zip(y, values, shown):
            target.annotate(f"{v:.1f}% ({counts[i]:.4g})", (v, yy), xytext=(3, 0), textcoords="offset points",
                            va="center", fontsize=8)
        target.set_yticks(y, [names[i] for i in shown])
        target.set_xlabel("share of the range's combos (%)")
        target.set_xlim(0, max(5.0, float(values.max(initial=0.0)) * 1.3))
        target.set_label(label)

    bars(axes[0], MADE_CLASSES, b.made_shares, b.made_counts, color, "made-hand classes")
    if len(axes) > 1:
        names = list(DRAWS) + ["no draw"]
        shares = list(b.draw_shares) + [b.no_draw]
        counts = list(b.draw_counts) + [b.no_draw * b.total]
        bars(axes[1], names, shares, counts, draw_color, "draws")
    fig.suptitle(title if title is not None else
                 _title(f"{b.label} on {b.board} ({b.texture.describe().item()}): {b.total:.4g} combos"))
    return fig

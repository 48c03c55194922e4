"""``pokerlut grid`` (a range on the 13x13 grid) and ``pokerlut strength`` (what a range makes on a
board: categories, made-hand classes and draws); ``--plot FILE`` draws either, ``--plot-classes FILE``
the classes and draws."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from .._messages import sizes_text
from ..constants import CLASS_BOARD_SIZES, DRAWS, MADE_CLASSES
from .args import add_command, plot_path, save_figure, saved_text
from .output import add_json_option, write_json

if TYPE_CHECKING:
    from ..boards import BoardBreakdown
    from ..ranges.board import RangeStrengths

#: Two-card Hold'em starting hands: C(52, 2).
HOLDEM_COMBOS = 1326


def cmd_grid(args: argparse.Namespace) -> int:
    from ..ranges import RANKS, class_weights

    plot_path(args.prog, args.plot)
    grid = class_weights(args.range)
    picture = None
    if args.plot:  # drawn and written before anything is printed
        from ..plot import range_grid

        picture = save_figure(range_grid(args.range), args.plot)
    if args.json:
        write_json("grid", {"range": grid.text, "ranks": RANKS, "labels": grid.labels, "weights": grid.weights,
                            "combos": grid.combos, "present": grid.present, "total": grid.total,
                            "share": grid.total / HOLDEM_COMBOS, "plot": picture})
        return 0
    print("     " + "".join(f"{r:>5}" for r in RANKS))
    for i, rank in enumerate(RANKS):
        cells = [f"{c:5.3g}" if c > 0 else "    ." for c in grid.combos[i]]
        print(f"{rank:>5}" + "".join(cells))
    print(f"combos of each class (pairs on the diagonal, suited above, offsuit below) in {grid.text}: "
          f"{grid.total:.4g} combos, {grid.total / HOLDEM_COMBOS:.1%} of {HOLDEM_COMBOS}")
    if picture is not None:
        print(saved_text(picture))
    return 0


def strength_json(d: RangeStrengths, breakdown: BoardBreakdown) -> dict[str, Any]:
    """The JSON form of ``pokerlut strength`` (``docs/cli.md``): every category, class and draw,
    the empty ones included, strongest first as the text shows them."""
    from ..strength import CATEGORY_NAMES

    payload: dict[str, Any] = {
        "range": d.label, "board": d.board, "total": d.total, "texture": breakdown.texture.describe().item(),
        "categories": [{"category": c, "name": CATEGORY_NAMES[c], "combos": float(d.counts[c]),
                        "share": float(d.shares[c])} for c in range(len(CATEGORY_NAMES) - 1, -1, -1)],
        "classes": [{"name": MADE_CLASSES[c], "combos": float(breakdown.made_counts[c]),
                     "share": float(breakdown.made_shares[c])} for c in range(len(MADE_CLASSES) - 1, -1, -1)],
        "draws": None, "no_draw": None}
    if breakdown.draws is not None:
        payload["draws"] = [{"name": name, "combos": float(breakdown.draw_counts[i]),
                             "share": float(breakdown.draw_shares[i])} for i, name in enumerate(DRAWS)]
        payload["no_draw"] = breakdown.no_draw
    return payload


def cmd_strength(args: argparse.Namespace) -> int:
    from ..boards import range_breakdown
    from ..ranges import range_strengths
    from ..strength import CATEGORY_NAMES

    plot_path(args.prog, args.plot)
    plot_path(args.prog, args.plot_classes, "--plot-classes")
    d = range_strengths(args.range, args.board)
    breakdown = range_breakdown(args.range, args.board)
    pictures: dict[str, dict[str, Any] | None] = {"plot": None, "plot_classes": None}
    if args.plot:  # drawn and written before anything is printed
        from ..plot import strength_distribution

        pictures["plot"] = save_figure(strength_distribution(args.range, args.board), args.plot)
    if args.plot_classes:
        from ..plot import board_classes

        pictures["plot_classes"] = save_figure(board_classes(breakdown), args.plot_classes)
    if args.json:
        write_json("strength", {**strength_json(d, breakdown), **pictures})
        return 0
    print(f"made hands of {d.label} on {d.board}: {d.total:.4g} combos")
    print(f"  {'category':<16} {'combos':>8} {'share':>8}")
    for c in range(len(CATEGORY_NAMES) - 1, -1, -1):
        if d.counts[c] > 0:
            print(f"  {CATEGORY_NAMES[c]:<16} {d.counts[c]:>8.4g} {d.shares[c]:>8.2%}")
    print(breakdown.table())
    for picture in pictures.values():
        if picture is not None:
            print(saved_text(picture))
    return 0


def register(sub: Any) -> None:
    """The subcommands ``grid`` and ``strength``."""
    add_command(sub, "grid", cmd_grid, _grid_arguments,
                help="a range on the 13x13 grid of starting hands, e.g. 'TT+,AKs' --plot grid.png")
    add_command(sub, "strength", cmd_strength, _strength_arguments,
                help="what a range makes on a board, by category, made-hand class and draw, e.g. 'TT+,AKs' "
                     "--board 'Qs 7h 2c' --plot strength.png")


def _grid_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("range", help="a range: 'TT+, AKs', '0.5(QQ), A5s-A2s', 'random', ...")
    p.add_argument("--plot", metavar="FILE", help="also draw it into FILE, e.g. grid.png (pip install 'pokerlut[plot]')")
    add_json_option(p)


def _strength_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("range", help="a range: 'TT+, AKs', 'random', ...")
    p.add_argument("--board", required=True, help=f"{sizes_text(CLASS_BOARD_SIZES)} board cards, e.g. 'Qs 7h 2c'")
    p.add_argument("--plot", metavar="FILE", help="also draw the distribution into FILE (pip install 'pokerlut[plot]')")
    p.add_argument("--plot-classes", metavar="FILE",
                   help="also draw the shares of the made-hand classes and draws into FILE")
    add_json_option(p)

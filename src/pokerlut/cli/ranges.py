"""``pokerlut grid`` (a range on the 13x13 grid) and ``pokerlut strength`` (what a range makes on a
board: categories, made-hand classes and draws); ``--plot FILE`` draws either, ``--plot-classes FILE``
the classes and draws."""

from __future__ import annotations

import argparse

from ..boards import range_breakdown
from ..ranges import RANKS, class_weights, range_strengths
from ..strength import CATEGORY_NAMES
from .args import add_command, plot_path, save_figure


def cmd_grid(args: argparse.Namespace) -> int:
    plot_path(args.prog, args.plot)
    grid = class_weights(args.range)
    print("     " + "".join(f"{r:>5}" for r in RANKS))
    for i, rank in enumerate(RANKS):
        cells = [f"{c:5.3g}" if c > 0 else "    ." for c in grid.combos[i]]
        print(f"{rank:>5}" + "".join(cells))
    print(f"combos of each class (pairs on the diagonal, suited above, offsuit below) in {grid.text}: "
          f"{grid.total:.4g} combos, {grid.total / 1326:.1%} of 1326")
    if args.plot:
        from ..plot import range_grid

        save_figure(range_grid(args.range), args.plot)
    return 0


def cmd_strength(args: argparse.Namespace) -> int:
    plot_path(args.prog, args.plot)
    plot_path(args.prog, args.plot_classes, "--plot-classes")
    d = range_strengths(args.range, args.board)
    breakdown = range_breakdown(args.range, args.board)
    print(f"made hands of {d.label} on {d.board}: {d.total:.4g} combos")
    print(f"  {'category':<16} {'combos':>8} {'share':>8}")
    for c in range(len(CATEGORY_NAMES) - 1, -1, -1):
        if d.counts[c] > 0:
            print(f"  {CATEGORY_NAMES[c]:<16} {d.counts[c]:>8.4g} {d.shares[c]:>8.2%}")
    print(breakdown.table())
    if args.plot:
        from ..plot import strength_distribution

        save_figure(strength_distribution(args.range, args.board), args.plot)
    if args.plot_classes:
        from ..plot import board_classes

        save_figure(board_classes(breakdown), args.plot_classes)
    return 0


def register(sub) -> None:
    """The subcommands ``grid`` and ``strength``."""
    p = add_command(sub, "grid", cmd_grid,
                    help="a range on the 13x13 grid of starting hands, e.g. 'TT+,AKs' --plot grid.png")
    p.add_argument("range", help="a range: 'TT+, AKs', '0.5(QQ), A5s-A2s', 'random', ...")
    p.add_argument("--plot", metavar="FILE", help="also draw it into FILE, e.g. grid.png (pip install 'pokerlut[plot]')")
    p = add_command(sub, "strength", cmd_strength,
                    help="what a range makes on a board, by category, made-hand class and draw, e.g. 'TT+,AKs' "
                         "--board 'Qs 7h 2c' --plot strength.png")
    p.add_argument("range", help="a range: 'TT+, AKs', 'random', ...")
    p.add_argument("--board", required=True, help="3, 4 or 5 board cards, e.g. 'Qs 7h 2c'")
    p.add_argument("--plot", metavar="FILE", help="also draw the distribution into FILE (pip install 'pokerlut[plot]')")
    p.add_argument("--plot-classes", metavar="FILE",
                   help="also draw the shares of the made-hand classes and draws into FILE")

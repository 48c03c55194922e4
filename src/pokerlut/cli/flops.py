"""``pokerlut flops``: two hands or ranges on every flop (:func:`pokerlut.analytics.all_flops`), as text,
``--json`` or ``--csv``; ``--plot FILE`` draws the equity by flop texture, ``--plot-sorted FILE``
every flop's equity sorted."""

from __future__ import annotations

import argparse
import csv
import sys
from typing import Any

from .args import add_command, plot_path, positive_int, save_figure, saved_text
from .output import add_json_option, write_json

#: Rows of the text output: the best and the worst flops for the first player.
TEXT_ROWS = 10


def _columns(result: Any) -> tuple[list[str], list[list[Any]]]:
    """The CSV header and rows (a row a flop class)."""
    header = ["flop", "weight", "deals"]
    for i in range(2):
        header += [f"equity_{i}", f"win_{i}", f"tie_{i}"]
    rows = []
    for f, text in enumerate(result.flop_text):
        row: list[Any] = [text, float(result.weights[f]), float(result.deals[f])]
        for i in range(2):
            row += [float(result.equity[f, i]), float(result.win[f, i]), float(result.tie[f, i])]
        rows.append(row)
    if result.made is not None:
        from ..boards import DRAWS, MADE_CLASSES

        for i in range(2):
            header += [f"made_{i}:{c}" for c in MADE_CLASSES] + [f"draw_{i}:{d}" for d in DRAWS]
            for f, row in enumerate(rows):
                row += result.made[i, f].tolist() + result.draws[i, f].tolist()
    return header, rows


def cmd_flops(args: argparse.Namespace) -> int:
    if args.json and args.csv:
        raise ValueError("--json and --csv: choose one")
    plot_path(args.prog, args.plot)
    plot_path(args.prog, args.plot_sorted, "--plot-sorted")
    from ..analytics import all_flops, flop_subset

    subset = flop_subset(args.subset) if args.subset is not None else None
    progress = not args.no_progress and sys.stderr.isatty() and not (args.json or args.csv)
    result = all_flops(args.players, args.dead, variant=args.variant, flops=subset, classes=not args.no_classes,
                       progress=progress)
    pictures: dict[str, Any] = {"plot": None, "plot_sorted": None}
    if args.plot:  # drawn and written before anything is printed
        from ..analytics.pictures import texture_equity

        pictures["plot"] = save_figure(texture_equity(result), args.plot)
    if args.plot_sorted:
        from ..analytics.pictures import sorted_equity

        pictures["plot_sorted"] = save_figure(sorted_equity(result), args.plot_sorted)
    if args.csv:
        header, rows = _columns(result)
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
        return 0
    if args.json:
        header, rows = _columns(result)
        write_json("flops", {"players": result.labels, "variant": result.variant, "dead": result.dead,
                             "subset": args.subset, "group": result.group, "total": result.total,
                             "win": result.total_win, "tie": result.total_tie, "n_flops": float(result.weights.sum()),
                             "seconds": result.seconds, "columns": header, "rows": rows, **pictures})
        return 0
    print(result)
    dealt = [f for f in range(len(result)) if result.deals[f] > 0]
    order = sorted(dealt, key=lambda f: -result.equity[f, 0])
    shown = order if len(order) <= 2 * TEXT_ROWS else order[:TEXT_ROWS] + order[-TEXT_ROWS:]
    print(f"  {'flop':<10} {'flops':>6} {'equity':>9} {'win':>9} {'tie':>9}")
    for k, f in enumerate(shown):
        if k == TEXT_ROWS and len(shown) < len(order):
            print("  ...")
        print(f"  {result.flop_text[f]:<10} {result.weights[f]:>6.4g} {result.equity[f, 0]:>9.3%} "
              f"{result.win[f, 0]:>9.3%} {result.tie[f, 0]:>9.3%}")
    for picture in pictures.values():
        if picture is not None:
            print(saved_text(picture))
    return 0


def register(sub: Any) -> None:
    """The subcommand ``flops``."""
    add_command(sub, "flops", cmd_flops, _arguments,
                help="two hands or ranges on every flop, exact, e.g. 'TT+,AKs' random --csv",
                description="The equity of two Hold'em hands or ranges on each of the 1,755 canonical flops "
                            "(every flop with suit-dependent ranges or dead cards), with the made hands and "
                            "draws of each range, and the total over all flops (the preflop equity).")


def _arguments(p: argparse.ArgumentParser) -> None:
    from ..variants import BEST_FIVE_VARIANTS

    p.add_argument("players", nargs=2, help="hole cards or a range per player: 'AhKh', 'TT+,AKs', 'random'")
    p.add_argument("--dead", default="", help="dead cards")
    p.add_argument("--variant", default="high", choices=list(BEST_FIVE_VARIANTS), help="the game (default high)")
    p.add_argument("--subset", type=positive_int, default=None,
                   help="only N flops chosen to stand for all of them (stratified by texture), e.g. 49")
    p.add_argument("--no-classes", action="store_true", help="without the made-hand and draw shares")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--plot", metavar="FILE", default=None,
                   help="also draw the equity by flop texture into FILE (pip install 'pokerlut[plot]')")
    p.add_argument("--plot-sorted", metavar="FILE", default=None,
                   help="also draw every flop's equity, sorted, into FILE")
    p.add_argument("--csv", action="store_true", help="print a CSV table, a row a flop class")
    add_json_option(p)

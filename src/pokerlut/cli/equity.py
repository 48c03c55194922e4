"""``pokerlut equity``: the equity of hands or ranges, exact or Monte Carlo; ``--plot FILE`` also
draws every starting hand's equity against them."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from .._messages import sizes_text
from ..constants import DEFAULT_SAMPLES, HOLDEM_BOARD_SIZES
from .args import add_command, plot_path, positive_int, save_figure, saved_text, seed_argument
from .output import add_json_option, write_json

if TYPE_CHECKING:
    from ..equities import EquityResult
    from ..equities.grid import EquityGrid


def equity_json(result: EquityResult, variant: str) -> dict[str, Any]:
    """The JSON form of one equity result (``docs/cli.md``)."""
    return {"variant": variant, "board": result.board, "dead": result.dead, "method": result.method,
            "engine": result.engine, "n": int(result.n), "unit": result.unit if result.method == "exact" else "trials",
            "seed": result.seed, "seconds": result.seconds,
            "players": [{"player": p, "equity": float(result.equity[i]), "win": float(result.win[i]),
                         "tie": float(result.tie[i]), "std_error": float(result.std_error[i]), **_sides(result, i)}
                        for i, p in enumerate(result.players)]}


def _sides(result: EquityResult, i: int) -> dict[str, float]:
    """Player ``i``'s sides of a hi-lo pot (nothing outside hi-lo)."""
    if result.high_share is None:
        return {}
    return {name: float(getattr(result, name)[i]) for name in ("high_share", "low_share", "high_share_no_low", "scoop")}


def grid_json(grid: EquityGrid) -> dict[str, Any]:
    """The JSON form of the 13x13 equity grid (rows and columns ``AKQJT98765432``; ``null`` for an
    impossible class)."""
    from ..ranges import RANKS

    return {"ranks": RANKS, "labels": grid.labels, "equity": grid.equity, "method": grid.method,
            "samples": grid.samples if grid.method != "exact" else None, "seed": grid.seed,
            "description": grid.describe(), "seconds": grid.seconds}


def cmd_equity(args: argparse.Namespace) -> int:
    from ..equities import equity

    if args.plot and args.variant != "high":
        raise ValueError(f"--plot: the grid of the 169 starting hands is drawn for the high game only, "
                         f"not {args.variant}")
    plot_path(args.prog, args.plot)
    exact = args.exact
    if args.samples is not None and exact is None:
        exact = False
    progress = not args.no_progress and sys.stderr.isatty()
    result = equity(args.players, args.board, args.dead, exact=exact,
                    samples=args.samples if args.samples is not None else DEFAULT_SAMPLES, seed=args.seed,
                    progress=progress, variant=args.variant)
    picture = grid = None
    if args.plot:  # drawn and written before anything is printed: a failed write prints nothing
        from ..plot import equity_grid

        fig, grid = equity_grid(args.players, args.board, args.dead, exact=args.exact,
                                seed=0 if args.seed is None else args.seed, progress=progress)
        picture = save_figure(fig, args.plot)
    if args.json:
        payload = equity_json(result, args.variant)
        payload["plot"] = None if picture is None or grid is None else {**picture, "grid": grid_json(grid)}
        write_json("equity", payload)
        return 0
    print(result.table())
    if picture is not None and grid is not None:
        print(saved_text(picture))
        print(f"  the equity of each of the 169 starting hands {grid.describe()}, {grid.seconds:.1f} s")
    return 0


def register(sub: Any) -> None:
    """The subcommand ``equity``."""
    add_command(sub, "equity", cmd_equity, _arguments,
                help="Hold'em equity of hands or ranges, e.g. AhKh QdQc --board 'Qs 7h 2c'; --plot FILE draws "
                     "every starting hand's equity against them",
                description="Hold'em equity of 2-9 players, each hole cards ('AhKh') or a range ('TT+,AKs', "
                            "'random'). Exact when every board can be enumerated within the budget, else "
                            "Monte Carlo.")


def _arguments(p: argparse.ArgumentParser) -> None:
    from ..variants import VARIANTS

    p.add_argument("players", nargs="+", help="hole cards or a range per player (Omaha: 4-6 hole cards, an Omaha range "
                                              "such as 'AA**, KKQQds', or 'random')")
    p.add_argument("--board", default="", help=f"{sizes_text(HOLDEM_BOARD_SIZES)} board cards, e.g. 'Qs 7h 2c'")
    p.add_argument("--dead", default="", help="dead cards")
    p.add_argument("--samples", type=positive_int, default=None,
                   help=f"Monte Carlo trials, at least 1 (default {DEFAULT_SAMPLES:,}); implies Monte Carlo")
    p.add_argument("--seed", type=seed_argument, default=None, help="Monte Carlo seed, an integer >= 0 (reproducible run)")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--exact", dest="exact", action="store_true", default=None, help="force enumeration")
    group.add_argument("--monte-carlo", dest="exact", action="store_false", help="force Monte Carlo")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--variant", default="high", choices=list(VARIANTS),
                   help="the game (default high); omaha and omaha-hilo take 4-6 hole cards, Omaha ranges ('AA**', "
                        "'KQJTds', 'AsAx**') or 'random'")
    p.add_argument("--plot", metavar="FILE", default=None,
                   help="also draw the equity of each of the 169 starting hands against these players as a "
                        "13x13 grid into FILE, e.g. equity.png (pip install 'pokerlut[plot]'; Hold'em games)")
    add_json_option(p)

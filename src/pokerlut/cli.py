"""The ``pokerlut`` command: ``eval`` to rank hands given as text, ``demo`` for the main job, ``grid`` and
``strength`` for ranges (``--plot FILE`` draws them, as ``equity --plot`` draws the equity grid)."""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from ._args import fraction_0_1, positive_int
from ._seeds import seed_argument

DEMO_HANDS = (
    "As Ks Qs Js Ts",
    "Ah Kh Qh Jh 9h",
    "9c 9d 9h 9s 2c",
    "Kc Kd Kh 2s 2d",
    "7c 5d 4h 3s 2c",
    "5h 4d 3c 2s Ah",
    "2c 2d W 9h 9s",
    "Ah W 9h 5h 2h",
    "Kc Kd Kh W 7s",
    "W W Qh Jh Th",
    "W W Qh Jh Ts",
    "Ac Ad W W W",
    "W W W W W",
)


def _print_hands(texts: list[str], strengths: np.ndarray, variant: str = "high") -> None:
    from .strength import category_name, describe

    width = max(len(t) for t in texts)
    for text, s in zip(texts, strengths.tolist()):
        print(f"{text:<{width}}  {s:5d}  {category_name(s, variant):<16}  {describe(s, variant)}")


def cmd_eval(args: argparse.Namespace) -> int:
    from .cards import format_cards, parse_cards
    from .evaluate import evaluate
    from .omaha import evaluate_omaha
    from .variants import get_variant

    variant = get_variant(args.variant)
    texts, hands = [], []
    for i, text in enumerate(args.hands, start=1):
        try:
            cards = parse_cards(text)
        except ValueError as error:
            raise ValueError(f"hand {i} ({text!r}): {error}") from None
        if variant.is_omaha and len(cards) not in variant.hole_sizes:
            raise ValueError(f"hand {i} ({text!r}): an {variant.name} hand is {', '.join(map(str, variant.hole_sizes))} "
                             f"hole cards (the board goes in --board), got {len(cards)}")
        if not variant.is_omaha and len(cards) not in (5, 6, 7):
            raise ValueError(f"hand {i} ({text!r}): a hand is 5, 6 or 7 cards, got {len(cards)}")
        texts.append(format_cards(cards, style="unicode" if args.unicode else "ascii"))
        hands.append(cards)
    sizes = {len(h) for h in hands}
    if len(sizes) != 1:
        raise ValueError("hands: all hands given to one 'pokerlut eval' must have the same number of cards")
    if not variant.is_omaha:
        if args.board:
            raise ValueError(f"--board: a {variant.name} hand is 5 to 7 cards given whole; --board is for omaha")
        strengths = _with_context("hands", evaluate, np.stack(hands), variant=variant)
        _print_hands(texts, strengths, variant.name)
        return 0
    if not args.board:
        raise ValueError(f"--board: an {variant.name} hand is hole cards plus a board; give the board")
    try:
        board = parse_cards(args.board)
    except ValueError as error:
        raise ValueError(f"--board: {error}") from None
    result = _with_context("hands and --board", evaluate_omaha, np.stack(hands), board, variant=variant)
    if variant.low_table_set is None:
        _print_hands(texts, result, variant.table_set)
    else:
        print("high:")
        _print_hands(texts, result.high, variant.table_set)
        print("low:")
        _print_hands(texts, result.low, variant.low_table_set)
    return 0


def _with_context(what: str, function, *args, **kwargs):
    """``function(*args, **kwargs)``, its ValueError/TypeError prefixed with the argument it is about."""
    try:
        return function(*args, **kwargs)
    except (ValueError, TypeError) as error:
        raise type(error)(f"{what}: {error}") from None


def _best_of(call, repeat: int) -> tuple[float, float]:
    """(seconds of a first, untimed-in-the-best warm-up call; best seconds of ``repeat`` more)."""
    start = time.perf_counter()
    call()
    first = time.perf_counter() - start
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return first, best


def cmd_demo(args: argparse.Namespace) -> int:
    from ._threads import get_num_threads
    from .cards import format_cards, parse_cards
    from .evaluate import evaluate
    from .sampling import random_hands
    from .strength import CATEGORY_NAMES, category

    n = args.hands  # every option is checked by its argparse type before anything is printed
    try:
        hands = random_hands(n, 5, wild_fraction=args.wild_fraction, seed=args.seed)
    except MemoryError:
        raise ValueError(f"--hands {n:,}: not enough memory for that many hands") from None

    start = time.perf_counter()
    strengths = evaluate(list(DEMO_HANDS))
    first_call = time.perf_counter() - start
    print(f"Example hands (W is a wild card), strongest first (first call, tables and kernels loaded: "
          f"{first_call * 1e3:.0f} ms):\n")
    order = np.argsort(-strengths.astype(np.int64), kind="stable")
    _print_hands([format_cards(parse_cards(DEMO_HANDS[i])) for i in order], strengths[order])

    print(f"\nRanking {n:,} random 5-card hands ({args.wild_fraction:.0%} of them holding a wild card), "
          f"seed {args.seed}, {get_num_threads()} threads:")
    result = {}

    def checked() -> None:
        result["strengths"] = evaluate(hands)

    # each timed call is made once first (kernels loaded or compiled), then timed args.repeat times
    warm, best = _best_of(checked, args.repeat)
    print(f"  first call {warm * 1e3:.0f} ms; best of {args.repeat}: {best * 1e3:.1f} ms "
          f"= {n / best / 1e6:.1f} million hands/s (validation on)")
    _, unchecked = _best_of(lambda: evaluate(hands, check=False), args.repeat)
    print(f"  without validation (check=False), best of {args.repeat}: {unchecked * 1e3:.1f} ms "
          f"= {n / unchecked / 1e6:.1f} million hands/s\n")
    strengths = result["strengths"]
    counts = np.bincount(category(strengths), minlength=len(CATEGORY_NAMES))
    print(f"  {'category':<16} {'hands':>11} {'share':>9}")
    for name, count in reversed(list(zip(CATEGORY_NAMES, counts.tolist()))):
        print(f"  {name:<16} {count:>11,} {count / n:>9.4%}")
    return 0


def cmd_deal(args: argparse.Namespace) -> int:
    from .cards import format_cards, from_course
    from .course import play, shuf
    from .strength import describe

    result = _with_context("deck", play, args.deck)
    made = result.made[1] if result.winner == 2 else result.made[0]
    print("[" + ",".join(f'"{c}"' for c in made) + "]")
    for player, (cards, strength) in enumerate(zip(shuf(args.deck), result.strengths), start=1):
        print(f"player {player}: {format_cards(from_course(cards))}  ->  {describe(strength)}")
    print("tie: player 1's cards are shown" if result.winner == 0 else f"player {result.winner} wins")
    return 0


def cmd_warmup(args: argparse.Namespace) -> int:
    from .first_call import FEATURES, cache_location, warmup

    features = args.features or None
    seconds = warmup(features, progress=False if args.no_progress else None)
    total = sum(seconds.values())
    print(f"compiled (or loaded) the kernels of {', '.join(seconds)} in {total:.1f} s")
    for name, s in seconds.items():
        print(f"  {name:<12} {s:6.1f} s")
    print(f"numba's cache: {cache_location()}")
    if set(seconds) != set(FEATURES):
        print(f"(not warmed: {', '.join(f for f in FEATURES if f not in seconds)})")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    # "pokerlut bench --peers ..." is routed to pokerlut.peers.main by main() before parsing.
    print("pokerlut bench: choose a benchmark: --peers (pokerlut beside treys, phevaluator, eval7 and "
          "pokerkit; 'pokerlut bench --peers --help' lists its options)", file=sys.stderr)
    return 2


def _variant_names():
    from .variants import VARIANTS

    return VARIANTS


PLOT_DPI = 100


def _plot_available(prog: str) -> bool:
    """True when matplotlib can be imported; else print the install hint under ``prog`` (False)."""
    from .plot import require_matplotlib

    try:
        require_matplotlib()
    except ImportError as error:
        print(f"{prog}: error: {error}", file=sys.stderr)
        return False
    return True


def _save(fig, path: str) -> None:
    fig.savefig(path, dpi=PLOT_DPI)
    width, height = (fig.get_size_inches() * PLOT_DPI).round().astype(int)
    print(f"wrote {path} ({width}x{height} pixels)")


def _plot_equity_grid(players: list[str], board: str, dead: str, path: str, *, exact: bool | None = None,
                     seed: int | None = None, progress: bool = False) -> int:
    """``pokerlut equity ... --plot FILE``: the grid of every class against ``players`` into FILE; 0 or 2."""
    from .plot import equity_grid

    try:
        fig, grid = equity_grid(players, board, dead, exact=exact, seed=0 if seed is None else seed,
                                progress=progress)
        _save(fig, path)
    except (ValueError, TypeError, OSError) as error:
        print(f"pokerlut equity: error: {error}", file=sys.stderr)
        return 2
    print(f"  the equity of each of the 169 starting hands {grid.describe()}, {grid.seconds:.1f} s")
    return 0


def cmd_grid(args: argparse.Namespace) -> int:
    from .grid import RANKS, class_weights

    if args.plot and not _plot_available("pokerlut grid"):
        return 2
    grid = class_weights(args.range)
    print("     " + "".join(f"{r:>5}" for r in RANKS))
    for i, rank in enumerate(RANKS):
        cells = [f"{c:5.3g}" if c > 0 else "    ." for c in grid.combos[i]]
        print(f"{rank:>5}" + "".join(cells))
    print(f"combos of each class (pairs on the diagonal, suited above, offsuit below) in {grid.text}: "
          f"{grid.total:.4g} combos, {grid.total / 1326:.1%} of 1326")
    if args.plot:
        from .plot import range_grid

        _save(range_grid(args.range), args.plot)
    return 0


def cmd_strength(args: argparse.Namespace) -> int:
    from .range_strength import range_strengths
    from .strength import CATEGORY_NAMES

    if args.plot and not _plot_available("pokerlut strength"):
        return 2
    d = range_strengths(args.range, args.board)
    print(f"made hands of {d.label} on {d.board}: {d.total:.4g} combos")
    print(f"  {'category':<16} {'combos':>8} {'share':>8}")
    for c in range(len(CATEGORY_NAMES) - 1, -1, -1):
        if d.counts[c] > 0:
            print(f"  {CATEGORY_NAMES[c]:<16} {d.counts[c]:>8.4g} {d.shares[c]:>8.2%}")
    if args.plot:
        from .plot import strength_distribution

        _save(strength_distribution(args.range, args.board), args.plot)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pokerlut", description="Exact poker hand ranking from lookup tables.")
    sub = parser.add_subparsers(dest="command", required=True)
    p_eval = sub.add_parser("eval", help="rank hands given as text, e.g. 'As Ks Qs Js Ts' '2c 2d W 9h 9s'")
    p_eval.add_argument("hands", nargs="+", help="one hand per argument; W, Jk or * is a wild card")
    p_eval.add_argument("--unicode", action="store_true", help="print suits as symbols")
    p_eval.add_argument("--variant", default="high", choices=list(_variant_names()),
                        help="the game (default high): short-deck, ace-five-low, eight-or-better, deuce-seven-low, "
                             "omaha, omaha-hilo")
    p_eval.add_argument("--board", default="", help="omaha: the board (3 to 5 cards); the hands are hole cards")
    p_eval.set_defaults(func=cmd_eval)
    p_deal = sub.add_parser("deal", help="the course deal: 9 cards 1..52, two players, print the winning cards")
    p_deal.add_argument("deck", nargs="+", type=int, help="9 distinct course cards, e.g. 51 8 11 6 4 31 3 13 9")
    p_deal.set_defaults(func=cmd_deal)
    p_demo = sub.add_parser("demo", help="rank example hands, then a few million random ones")
    p_demo.add_argument("--hands", type=positive_int, default=3_000_000,
                        help="random hands to rank, at least 1 (default 3,000,000)")
    p_demo.add_argument("--wild-fraction", type=fraction_0_1, default=0.1,
                        help="share of hands with a wild card, 0 to 1 (default 0.1)")
    p_demo.add_argument("--seed", type=seed_argument, default=2026, help="random seed, an integer >= 0 (default 2026)")
    p_demo.add_argument("--repeat", type=positive_int, default=5,
                        help="timed repetitions after a warm-up call, at least 1; the best is shown (default 5)")
    p_demo.set_defaults(func=cmd_demo)
    from .videopoker.cli import add_holds_arguments, add_return_arguments, cmd_holds, cmd_return

    p_holds = sub.add_parser("holds", help="video poker: expected payout of all 32 holds of a dealt hand")
    add_holds_arguments(p_holds)
    p_holds.set_defaults(func=cmd_holds)
    p_return = sub.add_parser("video-return", help="video poker: a game's exact return under optimal play")
    add_return_arguments(p_return)
    p_return.set_defaults(func=cmd_return)
    p_warmup = sub.add_parser("warmup", help="compile every kernel now (a first run compiles for about a minute; "
                                             "later runs load them from numba's cache)")
    p_warmup.add_argument("--features", default="",
                          help="comma-separated: evaluate, best five, enumeration, equity, omaha, video poker "
                               "(default: $POKERLUT_WARMUP or all)")
    p_warmup.add_argument("--no-progress", action="store_true", help="no progress bar")
    p_warmup.set_defaults(func=cmd_warmup)
    p_bench = sub.add_parser("bench", help="benchmarks: --peers times pokerlut beside treys, phevaluator, eval7 "
                                           "and pokerkit and checks they agree")
    p_bench.add_argument("--peers", action="store_true",
                         help="compare with the peer evaluators (pip install 'pokerlut[bench]'); "
                              "'pokerlut bench --peers --help' lists its options")
    p_bench.set_defaults(func=cmd_bench)
    p_grid = sub.add_parser("grid", help="a range on the 13x13 grid of starting hands, e.g. 'TT+,AKs' --plot grid.png")
    p_grid.add_argument("range", help="a range: 'TT+, AKs', '0.5(QQ), A5s-A2s', 'random', ...")
    p_grid.add_argument("--plot", metavar="FILE", help="also draw it into FILE, e.g. grid.png "
                                                        "(pip install 'pokerlut[plot]')")
    p_grid.set_defaults(func=cmd_grid)
    p_strength = sub.add_parser("strength", help="what a range makes on a board, by category, e.g. 'TT+,AKs' "
                                                 "--board 'Qs 7h 2c' --plot strength.png")
    p_strength.add_argument("range", help="a range: 'TT+, AKs', 'random', ...")
    p_strength.add_argument("--board", required=True, help="3, 4 or 5 board cards, e.g. 'Qs 7h 2c'")
    p_strength.add_argument("--plot", metavar="FILE", help="also draw the distribution into FILE "
                                                            "(pip install 'pokerlut[plot]')")
    p_strength.set_defaults(func=cmd_strength)
    # listed for 'pokerlut --help'; main() hands 'equity' and everything after it to equity_cli
    sub.add_parser("equity", add_help=False,
                   help="Hold'em equity of hands or ranges, e.g. AhKh QdQc --board 'Qs 7h 2c'; --plot FILE draws "
                        "every starting hand's equity against them (equity --help)")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["bench"] and "--peers" in argv[1:]:
        from .peers import main as peers_main

        rest = argv[1:]
        rest.remove("--peers")  # the first one: the rest are the comparison's own options
        return peers_main(rest, prog="pokerlut bench --peers")
    if argv[:1] == ["equity"]:
        from .holdem_equity import equity_cli

        return equity_cli(argv[1:])
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except (ValueError, TypeError, OSError) as error:
        print(f"pokerlut: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

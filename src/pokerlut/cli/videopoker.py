"""``pokerlut holds`` (every hold of a dealt video poker hand), ``pokerlut video-return`` (a game's
exact return under optimal play) and ``pokerlut video-strategy`` (its strategy chart)."""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .args import add_command, positive_int
from .handsource import NO_HAND, QUOTE_CHARS, HandSource
from .output import StreamedDocument, add_json_option, write_json

if TYPE_CHECKING:
    from ..videopoker import HoldValues
    from ..videopoker.games import Game, PayTable


def _number(text: str, option: str) -> Fraction:
    """A payout as the user wrote it (:func:`~pokerlut.videopoker.games.parse_pay`: bounded in
    length and exponent, so no text makes it slow), the error naming the option."""
    try:
        from ..videopoker.games import parse_pay

        return parse_pay(text)
    except ValueError as error:
        raise ValueError(f"{option}: {error}") from None


def _paytable(args: argparse.Namespace) -> tuple[Game, PayTable]:
    from ..cards import shown
    from ..videopoker.games import get_game, make_paytable

    try:
        game = get_game(args.game)
    except (ValueError, TypeError) as error:
        raise ValueError(f"--game: {error}") from None
    if args.pays:
        pays = [_number(p, "--pays") for p in args.pays.split(",")]
        try:
            table = make_paytable(game, pays, name="custom")
        except (ValueError, TypeError) as error:
            raise ValueError(f"--pays: {error}") from None
    else:
        table = game.paytable
    if args.pay:
        entries = dict(table.as_dict())
        for item in args.pay:
            name, sep, value = item.partition("=")
            if not sep:
                raise ValueError(f"--pay takes CLASS=PAYOUT, e.g. full_house=8; got {shown(item)}")
            try:
                class_id = game.class_id(name)
            except ValueError as error:
                raise ValueError(f"--pay {shown(item)}: {error}") from None
            entries[game.classes[class_id]] = _number(value, f"--pay {shown(item)}")
        table = make_paytable(game, entries, name="custom")
    return game, table


def _add_game_arguments(parser: argparse.ArgumentParser) -> None:
    from ..videopoker import games

    parser.add_argument("--game", "-g", default="jacks-or-better",
                        help=f"the game: {', '.join(games.GAMES)} (default jacks-or-better)")
    parser.add_argument("--pays", metavar="P1,P2,...",
                        help="a whole pay table, payouts per coin best class first "
                             "(jacks-or-better 9/6: 800,50,25,9,6,4,3,2,1)")
    parser.add_argument("--pay", action="append", metavar="CLASS=PAYOUT",
                        help="change one entry of the table, e.g. full_house=8 (repeatable)")


def add_holds_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``pokerlut holds``."""
    parser.add_argument("hand", nargs="*",
                        help='the 5 dealt cards, e.g. "Jh Jd 4s 7c Qh" (W: the joker); "-" reads hands from '
                             'standard input, one a line')
    parser.add_argument("--file", "-f", dest="hand_files", action="append", default=[], metavar="FILE",
                        help="also read dealt hands from FILE, one a line ('-': standard input); repeatable")
    _add_game_arguments(parser)
    parser.add_argument("--top", type=positive_int, default=None, help="show only the best N holds")
    parser.add_argument("--detail", action="store_true",
                        help="also show how many draws of each hold end in each paying class")
    parser.add_argument("--unicode", action="store_true", help="print suits as symbols")
    add_json_option(parser)


def paytable_json(game: Game, table: PayTable) -> dict[str, Any]:
    """A game and pay table as JSON: the pays per coin best class first, as numbers and exactly."""
    pays = table.as_dict()
    return {"game": game.key, "game_name": game.name, "paytable": table.name,
            "pays": {key: float(pay) for key, pay in pays.items()},
            "exact_pays": {key: str(Fraction(pay)) for key, pay in pays.items()}}


def _dealt(args: argparse.Namespace) -> HandSource:
    """The dealt hands: the arguments joined into one hand, or '-' and --file, one a line."""
    if "-" in args.hand and args.hand != ["-"]:
        raise ValueError("hand: give the cards of one hand, or '-' alone to read hands from standard input")
    joined = [] if not args.hand else ["-"] if args.hand == ["-"] else [" ".join(args.hand)]
    return HandSource(joined, args.hand_files)


def holds_json(holds: HoldValues, top: int | None, detail: bool) -> list[dict[str, Any]]:
    """The holds of one dealt hand, best first (``top`` of them)."""
    from ..cards import format_cards

    game, draws = holds.game, holds.draws
    rows = []
    for r in range(32 if top is None else min(32, top)):
        kept = holds.held(r)
        kept = kept[kept != 255]
        row: dict[str, Any] = {"rank": r, "mask": int(holds.holds[r]), "hold": format_cards(kept),
                               "held": kept, "draws": int(draws[r]), "value": float(holds.values[r])}
        if detail and holds.counts is not None:
            row["counts"] = {game.classes[c]: int(holds.counts[r, c]) for c in range(game.n_classes - 1, 0, -1)}
        rows.append(row)
    return rows


def cmd_holds(args: argparse.Namespace) -> int:
    """Print the holds table of each dealt hand, a block of hands at a time (each block worked out
    whole before any of it is printed)."""
    from ..cards import format_cards, quoted
    from ..videopoker import hold_values

    game, table = _paytable(args)
    style = "unicode" if args.unicode else "ascii"
    document = StreamedDocument("holds", paytable_json(game, table), "hands") if args.json else None
    printed = False
    with _dealt(args) as source:
        for block in source.blocks():
            results = []
            for hand in block:
                try:
                    if hand.problem:
                        raise ValueError(hand.problem)
                    results.append(hold_values(hand.text, game, table, counts=args.detail or None))
                except (ValueError, TypeError) as error:
                    alone = not hand.where and not args.hand_files  # the arguments, joined into one hand
                    label = f"hand {quoted(hand.text, QUOTE_CHARS)}" if alone else hand.label()
                    raise type(error)(f"{label}: {error}") from None
            if document is not None:
                document.add([{"index": hand.number, "input": hand.text, "hand": format_cards(holds.hands),
                               "cards": holds.hands, "holds": holds_json(holds, args.top, args.detail)}
                              for hand, holds in zip(block, results)])
                continue
            tables = "\n\n".join(holds.table(args.top, detail=args.detail, style=style) for holds in results)
            print(("\n" if printed else "") + tables)
            printed = True
        if source.count == 0:
            raise ValueError(NO_HAND)
    if document is not None:
        document.close({})
    return 0


def add_return_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``pokerlut video-return``."""
    _add_game_arguments(parser)
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_json_option(parser)


def cmd_return(args: argparse.Namespace) -> int:
    """Print the game's return under optimal play and the final-hand probabilities."""
    from ..videopoker import game_return

    game, table = _paytable(args)
    result = game_return(game, table, progress=False if args.no_progress else None)
    if args.json:
        pays, contributions = table.values(), result.contributions
        write_json("video-return", {
            **paytable_json(game, table), "return": result.value,
            "exact": None if result.exact is None else str(result.exact),
            "classes": [{"class": game.classes[c], "name": game.class_names[c], "pays": float(pays[c]),
                         "probability": float(result.probabilities[c]),
                         "exact_probability": str(result.exact_probabilities[c]),
                         "contribution": float(contributions[c])} for c in range(game.n_classes - 1, -1, -1)],
            "deals": result.deals, "deal_classes": result.deal_classes, "seconds": result.seconds})
        return 0
    print(result)
    return 0


def add_strategy_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``pokerlut video-strategy``."""
    _add_game_arguments(parser)
    parser.add_argument("--top", type=positive_int, default=None, help="show only the first N lines")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_json_option(parser)


def cmd_strategy(args: argparse.Namespace) -> int:
    """Print the strategy chart of the game and pay table."""
    from ..videopoker import strategy_chart

    game, table = _paytable(args)
    chart = strategy_chart(game, table, progress=False if args.no_progress else None)
    if args.json:
        lines = chart.lines if args.top is None else chart.lines[:args.top]
        write_json("video-strategy", {
            **paytable_json(game, table),
            "lines": [{"line": i, "pattern": line.pattern, "best": line.best, "played": line.played}
                      for i, line in enumerate(lines)],
            "agreement": chart.agreement, "chart_return": chart.chart_return, "optimal_return": chart.optimal_return,
            "exact_optimal": None if chart.exact_optimal is None else str(chart.exact_optimal),
            "deals": chart.deals, "deal_classes": chart.deal_classes, "patterns": chart.patterns,
            "seconds": chart.seconds})
        return 0
    text = str(chart).splitlines()
    header = 4
    print("\n".join(text if args.top is None else text[:header + args.top]))
    return 0


def register(sub: Any) -> None:
    """The subcommands ``holds``, ``video-return`` and ``video-strategy``."""
    add_command(sub, "holds", cmd_holds, add_holds_arguments,
                help="video poker: expected payout of all 32 holds of a dealt hand",
                description="The expected payout of all 32 ways to hold a dealt video poker hand.")
    add_command(sub, "video-return", cmd_return, add_return_arguments,
                help="video poker: a game's exact return under optimal play",
                description="The exact return of a video poker game under optimal play.")
    add_command(sub, "video-strategy", cmd_strategy, add_strategy_arguments,
                help="video poker: the strategy chart of a game and pay table, from exact hold values",
                description="The ranked list of hold patterns that plays a video poker game: hold the first "
                            "line the dealt hand has.  Derived from the exact value of every hold of every "
                            "deal; it says how close playing it comes to optimal play.")

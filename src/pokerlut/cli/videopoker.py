"""``pokerlut holds`` (every hold of a dealt video poker hand), ``pokerlut video-return`` (a game's
exact return under optimal play) and ``pokerlut video-strategy`` (its strategy chart)."""

from __future__ import annotations

import argparse
from fractions import Fraction

from ..cards import shown
from ..videopoker import GAMES, game_return, get_game, hold_values, make_paytable, strategy_chart
from ..videopoker.games import parse_pay
from .args import add_command, positive_int


def _number(text: str, option: str) -> Fraction:
    """A payout as the user wrote it (:func:`~pokerlut.videopoker.games.parse_pay`: bounded in
    length and exponent, so no text makes it slow), the error naming the option."""
    try:
        return parse_pay(text)
    except ValueError as error:
        raise ValueError(f"{option}: {error}") from None


def _paytable(args: argparse.Namespace):
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
    parser.add_argument("--game", "-g", default="jacks-or-better",
                        help=f"the game: {', '.join(GAMES)} (default jacks-or-better)")
    parser.add_argument("--pays", metavar="P1,P2,...",
                        help="a whole pay table, payouts per coin best class first "
                             "(jacks-or-better 9/6: 800,50,25,9,6,4,3,2,1)")
    parser.add_argument("--pay", action="append", metavar="CLASS=PAYOUT",
                        help="change one entry of the table, e.g. full_house=8 (repeatable)")


def add_holds_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``pokerlut holds``."""
    parser.add_argument("hand", nargs="+", help='the 5 dealt cards, e.g. "Jh Jd 4s 7c Qh" (W: the joker)')
    _add_game_arguments(parser)
    parser.add_argument("--top", type=positive_int, default=None, help="show only the best N holds")
    parser.add_argument("--detail", action="store_true",
                        help="also show how many draws of each hold end in each paying class")
    parser.add_argument("--unicode", action="store_true", help="print suits as symbols")


def cmd_holds(args: argparse.Namespace) -> int:
    """Print the holds table of ``args.hand``."""
    game, table = _paytable(args)
    hand = " ".join(args.hand)
    try:
        holds = hold_values(hand, game, table)
    except (ValueError, TypeError) as error:
        raise type(error)(f"hand {hand!r}: {error}") from None
    print(holds.table(args.top, detail=args.detail, style="unicode" if args.unicode else "ascii"))
    return 0


def add_return_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``pokerlut video-return``."""
    _add_game_arguments(parser)
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def cmd_return(args: argparse.Namespace) -> int:
    """Print the game's return under optimal play and the final-hand probabilities."""
    game, table = _paytable(args)
    print(game_return(game, table, progress=False if args.no_progress else None))
    return 0


def add_strategy_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``pokerlut video-strategy``."""
    _add_game_arguments(parser)
    parser.add_argument("--top", type=positive_int, default=None, help="show only the first N lines")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def cmd_strategy(args: argparse.Namespace) -> int:
    """Print the strategy chart of the game and pay table."""
    game, table = _paytable(args)
    chart = strategy_chart(game, table, progress=False if args.no_progress else None)
    lines = str(chart).splitlines()
    header = 4
    print("\n".join(lines if args.top is None else lines[:header + args.top]))
    return 0


def register(sub) -> None:
    """The subcommands ``holds``, ``video-return`` and ``video-strategy``."""
    p = add_command(sub, "holds", cmd_holds, help="video poker: expected payout of all 32 holds of a dealt hand",
                    description="The expected payout of all 32 ways to hold a dealt video poker hand.")
    add_holds_arguments(p)
    p = add_command(sub, "video-return", cmd_return, help="video poker: a game's exact return under optimal play",
                    description="The exact return of a video poker game under optimal play.")
    add_return_arguments(p)
    p = add_command(sub, "video-strategy", cmd_strategy,
                    help="video poker: the strategy chart of a game and pay table, from exact hold values",
                    description="The ranked list of hold patterns that plays a video poker game: hold the first "
                                "line the dealt hand has.  Derived from the exact value of every hold of every "
                                "deal; it says how close playing it comes to optimal play.")
    add_strategy_arguments(p)

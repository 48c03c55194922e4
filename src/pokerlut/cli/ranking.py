"""``pokerlut eval`` (rank hands given as text) and ``pokerlut deal`` (the course deal).

``eval`` reads, ranks and prints its hands a block at a time (:data:`~.handsource.BLOCK_HANDS`
hands), so that memory stays the same for any number of hands.  A block is checked whole before any
of it is printed: a bad hand ends the command (exit status 2) with nothing of its block printed,
the blocks before it printed (inputs up to a block long print nothing, as every other subcommand
does).  With ``--skip-bad`` every good hand is printed, every bad one named on stderr
(``FILE:LINE: skipped hand i (...): why``), and the exit status is :data:`EXIT_SKIPPED` when any
was.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from .._messages import sizes_text
from ..constants import HAND_SIZES, OMAHA_BOARD_SIZES
from .args import add_command
from .handsource import NO_HAND, HandSource, add_hands_arguments
from .output import add_json_option, write_json

if TYPE_CHECKING:
    import numpy as np

    from ..variants import Variant

T = TypeVar("T")

#: Exit status of ``eval --skip-bad`` when some hands were bad (each named on stderr) and every
#: good one was printed.
EXIT_SKIPPED = 3


def print_hands(texts: list[str], strengths: np.ndarray, variant: str = "high", width: int = 0) -> None:
    """One line per hand: its text (padded to the widest, at least ``width``), strength, category
    and description."""
    from ..strength import category_name, describe

    width = max([width, *map(len, texts)])
    for text, s in zip(texts, strengths.tolist()):
        print(f"{text:<{width}}  {s:5d}  {category_name(s, variant):<16}  {describe(s, variant)}")


def with_context(what: str, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``function(*args, **kwargs)``, its ValueError/TypeError prefixed with the argument it is about."""
    try:
        return function(*args, **kwargs)
    except (ValueError, TypeError) as error:
        raise type(error)(f"{what}: {error}") from None


def _board(args: argparse.Namespace, variant: Variant) -> np.ndarray | None:
    from ..cards import parse_cards

    if not variant.rule.shares_board:
        if args.board:
            raise ValueError(f"--board: a {variant.name} hand is given whole; --board is for omaha")
        return None
    if not args.board:
        raise ValueError(f"--board: an {variant.name} hand is hole cards plus a board; give the board")
    try:
        board = parse_cards(args.board)
    except ValueError as error:
        raise ValueError(f"--board: {error}") from None
    if len(board) not in variant.board_sizes:
        raise ValueError(f"--board: an {variant.name} board is {', '.join(map(str, variant.board_sizes))} cards, "
                         f"got {len(board)}")
    return board


def cmd_eval(args: argparse.Namespace) -> int:
    from ..variants import get_variant
    from .blocks import EvalPrinter, RankedBlock

    variant = get_variant(args.variant)
    board = _board(args, variant)
    printer = EvalPrinter(args, variant, board)
    skipped = 0
    with HandSource.from_args(args) as source:
        for hands in source.blocks():
            block = RankedBlock(hands, variant, board)
            if block.bad and not args.skip_bad:
                first = min(block.bad)
                raise ValueError(hands[first].label() + block.bad[first])
            printer.write(block)
            if block.bad:
                sys.stdout.flush()  # the good hands before the bad ones, where both go to one terminal
            for j in sorted(block.bad):
                hand = hands[j]
                print(f"{hand.where or args.prog}: skipped {hand._replace(where='').label()}{block.bad[j]}",
                      file=sys.stderr)
            skipped += len(block.bad)
        if source.count == 0:
            raise ValueError(NO_HAND)
    printer.close(skipped)
    return EXIT_SKIPPED if skipped else 0


def cmd_deal(args: argparse.Namespace) -> int:
    from ..cards import format_cards
    from ..course import from_course, play, shuf
    from ..strength import describe

    result = with_context("deck", play, args.deck)
    made = result.made[1] if result.winner == 2 else result.made[0]
    players = [(format_cards(from_course(cards)), int(strength))
               for cards, strength in zip(shuf(args.deck), result.strengths)]
    if args.json:
        write_json("deal", {"deck": list(args.deck), "made": list(made), "winner": int(result.winner),
                            "players": [{"player": p, "cards": cards, "strength": strength,
                                         "description": describe(strength)}
                                        for p, (cards, strength) in enumerate(players, start=1)]})
        return 0
    print("[" + ",".join(f'"{c}"' for c in made) + "]")
    for player, (cards, strength) in enumerate(players, start=1):
        print(f"player {player}: {cards}  ->  {describe(strength)}")
    print("tie: player 1's cards are shown" if result.winner == 0 else f"player {result.winner} wins")
    return 0


def register(sub: Any) -> None:
    """The subcommands ``eval`` and ``deal``."""
    add_command(sub, "eval", cmd_eval, _eval_arguments,
                help="rank hands given as text, e.g. 'As Ks Qs Js Ts' '2c 2d W 9h 9s' (or '-': one a line "
                     "from standard input)",
                description="Rank hands given as text: each hand's strength, category and description, in "
                            "the order given.  Hands of different sizes (5, 6 and 7 cards) may be mixed.  "
                            "Hands from files and standard input are read, ranked and printed a block at a "
                            "time: memory stays the same for any number of them.")
    add_command(sub, "deal", cmd_deal, _deal_arguments,
                help="the course deal: 9 cards 1..52, two players, print the winning cards")


def _eval_arguments(p: argparse.ArgumentParser) -> None:
    from ..variants import VARIANTS

    add_hands_arguments(p, help=f"one hand per argument, {sizes_text(HAND_SIZES)} cards (the game's sizes); W, Jk or * "
                                "is a wild card")
    p.add_argument("--unicode", action="store_true", help="print suits as symbols")
    p.add_argument("--variant", default="high", choices=list(VARIANTS),
                   help=f"the game (default high): {', '.join(list(VARIANTS)[1:])}")
    p.add_argument("--board", default="",
                   help=f"omaha: the board ({sizes_text(OMAHA_BOARD_SIZES)} cards); the hands are hole cards")
    p.add_argument("--skip-bad", action="store_true",
                   help="print every good hand and name each bad one on stderr (FILE:LINE: skipped hand i ...: "
                        f"why), instead of stopping at the first; exit status {EXIT_SKIPPED} if any was bad")
    add_json_option(p)


def _deal_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("deck", nargs="+", type=int, help="9 distinct course cards, e.g. 51 8 11 6 4 31 3 13 9")
    add_json_option(p)

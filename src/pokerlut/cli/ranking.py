"""``pokerlut eval`` (rank hands given as text) and ``pokerlut deal`` (the course deal)."""

from __future__ import annotations

import argparse

import numpy as np

from ..cards import format_cards, parse_cards
from ..constants import HAND_SIZES
from ..course import from_course, play, shuf
from ..evaluate import evaluate
from ..omaha import evaluate_omaha
from ..strength import category_name, describe
from ..variants import VARIANTS, get_variant
from .args import add_command


def print_hands(texts: list[str], strengths: np.ndarray, variant: str = "high") -> None:
    """One line per hand: its text, strength, category and description."""
    width = max(len(t) for t in texts)
    for text, s in zip(texts, strengths.tolist()):
        print(f"{text:<{width}}  {s:5d}  {category_name(s, variant):<16}  {describe(s, variant)}")


def with_context(what: str, function, *args, **kwargs):
    """``function(*args, **kwargs)``, its ValueError/TypeError prefixed with the argument it is about."""
    try:
        return function(*args, **kwargs)
    except (ValueError, TypeError) as error:
        raise type(error)(f"{what}: {error}") from None


def cmd_eval(args: argparse.Namespace) -> int:
    variant = get_variant(args.variant)
    texts, hands = [], []
    for i, text in enumerate(args.hands):
        try:
            cards = parse_cards(text)
        except ValueError as error:
            raise ValueError(f"hand {i} ({text!r}): {error}") from None
        if variant.is_omaha and len(cards) not in variant.hole_sizes:
            raise ValueError(f"hand {i} ({text!r}): an {variant.name} hand is "
                             f"{', '.join(map(str, variant.hole_sizes))} hole cards (the board goes in --board), "
                             f"got {len(cards)}")
        if not variant.is_omaha and len(cards) not in variant.hand_sizes:
            game = "a hand is 5, 6 or 7" if variant.hand_sizes == HAND_SIZES else \
                f"a {variant.name} hand is {' or '.join(map(str, variant.hand_sizes))}"
            raise ValueError(f"hand {i} ({text!r}): {game} cards, got {len(cards)}")
        texts.append(format_cards(cards, style="unicode" if args.unicode else "ascii"))
        hands.append(cards)
    sizes = {len(h) for h in hands}
    if len(sizes) != 1:
        raise ValueError("hands: all hands given to one 'pokerlut eval' must have the same number of cards")
    if not variant.is_omaha:
        if args.board:
            raise ValueError(f"--board: a {variant.name} hand is given whole; --board is for omaha")
        strengths = with_context("hands", evaluate, np.stack(hands), variant=variant)
        if variant.is_hilo:  # stud hi-lo: the high, then the eight-or-better low
            print("high:")
            print_hands(texts, strengths, variant.table_set)
            print("low:")
            print_hands(texts, with_context("hands", evaluate, np.stack(hands), variant=variant.low_table_set),
                        variant.low_table_set)
            return 0
        print_hands(texts, strengths, variant.name)
        return 0
    if not args.board:
        raise ValueError(f"--board: an {variant.name} hand is hole cards plus a board; give the board")
    try:
        board = parse_cards(args.board)
    except ValueError as error:
        raise ValueError(f"--board: {error}") from None
    result = with_context("hands and --board", evaluate_omaha, np.stack(hands), board, variant=variant)
    if variant.low_table_set is None:
        print_hands(texts, result, variant.table_set)
    else:
        print("high:")
        print_hands(texts, result.high, variant.table_set)
        print("low:")
        print_hands(texts, result.low, variant.low_table_set)
    return 0


def cmd_deal(args: argparse.Namespace) -> int:
    result = with_context("deck", play, args.deck)
    made = result.made[1] if result.winner == 2 else result.made[0]
    print("[" + ",".join(f'"{c}"' for c in made) + "]")
    for player, (cards, strength) in enumerate(zip(shuf(args.deck), result.strengths), start=1):
        print(f"player {player}: {format_cards(from_course(cards))}  ->  {describe(strength)}")
    print("tie: player 1's cards are shown" if result.winner == 0 else f"player {result.winner} wins")
    return 0


def register(sub) -> None:
    """The subcommands ``eval`` and ``deal``."""
    p = add_command(sub, "eval", cmd_eval, help="rank hands given as text, e.g. 'As Ks Qs Js Ts' '2c 2d W 9h 9s'")
    p.add_argument("hands", nargs="+", help="one hand per argument; W, Jk or * is a wild card")
    p.add_argument("--unicode", action="store_true", help="print suits as symbols")
    p.add_argument("--variant", default="high", choices=list(VARIANTS),
                   help=f"the game (default high): {', '.join(list(VARIANTS)[1:])}")
    p.add_argument("--board", default="", help="omaha: the board (3 to 5 cards); the hands are hole cards")
    p = add_command(sub, "deal", cmd_deal,
                    help="the course deal: 9 cards 1..52, two players, print the winning cards")
    p.add_argument("deck", nargs="+", type=int, help="9 distinct course cards, e.g. 51 8 11 6 4 31 3 13 9")

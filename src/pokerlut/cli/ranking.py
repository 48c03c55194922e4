"""``pokerlut eval`` (rank hands given as text) and ``pokerlut deal`` (the course deal)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

from ..cards import format_cards, parse_cards
from ..constants import HAND_SIZES
from ..course import from_course, play, shuf
from ..evaluate import evaluate
from ..omaha import evaluate_omaha
from ..strength import category, category_name, describe
from ..variants import VARIANTS, Variant, get_variant
from .args import add_command
from .handsource import HandText, add_hands_arguments, read_hands
from .output import add_json_option, write_json

T = TypeVar("T")


def print_hands(texts: list[str], strengths: np.ndarray, variant: str = "high") -> None:
    """One line per hand: its text, strength, category and description."""
    width = max(len(t) for t in texts)
    for text, s in zip(texts, strengths.tolist()):
        print(f"{text:<{width}}  {s:5d}  {category_name(s, variant):<16}  {describe(s, variant)}")


def with_context(what: str, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``function(*args, **kwargs)``, its ValueError/TypeError prefixed with the argument it is about."""
    try:
        return function(*args, **kwargs)
    except (ValueError, TypeError) as error:
        raise type(error)(f"{what}: {error}") from None


_HAND_NUMBER = re.compile(r"^hand (\d+)\b")


def _in_input_order(labels: list[str], group: list[int], function: Callable[..., T], *args: Any,
                    **kwargs: Any) -> T:
    """``function(*args, **kwargs)`` on the hands ``group`` (input indexes) stacked: an error that
    names ``hand j`` of the stack names the input's hand instead, by its label."""
    try:
        return function(*args, **kwargs)
    except (ValueError, TypeError) as error:
        text = str(error)
        match = _HAND_NUMBER.match(text)
        if match and int(match.group(1)) < len(group):
            raise type(error)(labels[group[int(match.group(1))]] + text[match.end():]) from None
        raise type(error)(f"hands: {text}") from None


def _hand_sizes_text(variant: Variant) -> str:
    if variant.is_omaha:
        return (f"an {variant.name} hand is {', '.join(map(str, variant.hole_sizes))} hole cards "
                f"(the board goes in --board)")
    if variant.hand_sizes == HAND_SIZES:
        return "a hand is 5, 6 or 7 cards"
    return f"a {variant.name} hand is {' or '.join(map(str, variant.hand_sizes))} cards"


def parse_hands(hands: list[HandText], variant: Variant) -> list[np.ndarray]:
    """The card ids of every hand, each checked for a size the game ranks; an error names the hand
    (0-based) as the user gave it."""
    sizes = variant.hole_sizes if variant.is_omaha else variant.hand_sizes
    parsed = []
    for i, hand in enumerate(hands):
        try:
            cards = parse_cards(hand.text)
        except ValueError as error:
            raise ValueError(f"{hand.label(i)}: {error}") from None
        if len(cards) not in sizes:
            raise ValueError(f"{hand.label(i)}: {_hand_sizes_text(variant)}, got {len(cards)}")
        parsed.append(cards)
    return parsed


def _board(args: argparse.Namespace, variant: Variant) -> np.ndarray | None:
    if not variant.is_omaha:
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


def rank_hands(hands: list[HandText], variant: Variant, board: np.ndarray | None = None
               ) -> tuple[np.ndarray, np.ndarray | None]:
    """``(high, low)`` strengths of every hand, in the input's order, hands of different sizes
    ranked in groups of one size; ``low`` is None unless the game is hi-lo."""
    cards = parse_hands(hands, variant)
    labels = [hand.label(i) for i, hand in enumerate(hands)]
    high = np.zeros(len(cards), dtype=np.uint16)
    low = np.zeros(len(cards), dtype=np.uint16) if variant.low_table_set is not None else None
    groups: dict[int, list[int]] = {}
    for i, c in enumerate(cards):
        groups.setdefault(len(c), []).append(i)
    for group in groups.values():
        stack = np.stack([cards[i] for i in group])
        if variant.is_omaha:
            result = _in_input_order(labels, group, evaluate_omaha, stack, board, variant=variant)
            if low is None:
                high[group] = result
            else:
                high[group], low[group] = result.high, result.low
            continue
        high[group] = _in_input_order(labels, group, evaluate, stack, variant=variant)
        if low is not None:  # stud hi-lo: the eight-or-better low of the same cards
            low[group] = _in_input_order(labels, group, evaluate, stack, variant=variant.low_table_set)
    return high, low


def _scored(strength: int, scale: str) -> dict[str, Any]:
    return {"strength": strength, "category": int(category(strength, scale)),
            "category_name": category_name(strength, scale), "description": describe(strength, scale)}


def cmd_eval(args: argparse.Namespace) -> int:
    variant = get_variant(args.variant)
    board = _board(args, variant)
    hands = read_hands(args)
    high, low = rank_hands(hands, variant, board)
    cards = [parse_cards(hand.text) for hand in hands]
    style = "unicode" if args.unicode else "ascii"
    texts = [format_cards(c, style=style) for c in cards]
    scale = variant.name if low is None and not variant.is_omaha else variant.table_set
    if args.json:
        rows = []
        for i, hand in enumerate(hands):
            row = {"index": i, "input": hand.text, "hand": texts[i], "cards": cards[i].tolist(),
                   **_scored(int(high[i]), scale)}
            if low is not None:
                row["low"] = _scored(int(low[i]), str(variant.low_table_set))
            rows.append(row)
        write_json("eval", {"variant": variant.name, "board": None if board is None else format_cards(board),
                            "hands": rows})
        return 0
    if low is None:
        print_hands(texts, high, scale)
        return 0
    print("high:")
    print_hands(texts, high, scale)
    print("low:")
    print_hands(texts, low, str(variant.low_table_set))
    return 0


def cmd_deal(args: argparse.Namespace) -> int:
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
    p = add_command(sub, "eval", cmd_eval,
                    help="rank hands given as text, e.g. 'As Ks Qs Js Ts' '2c 2d W 9h 9s' (or '-': one a line "
                         "from standard input)",
                    description="Rank hands given as text: each hand's strength, category and description, in "
                                "the order given.  Hands of different sizes (5, 6 and 7 cards) may be mixed.")
    add_hands_arguments(p, help="one hand per argument, 5, 6 or 7 cards (the game's sizes); W, Jk or * is a wild card")
    p.add_argument("--unicode", action="store_true", help="print suits as symbols")
    p.add_argument("--variant", default="high", choices=list(VARIANTS),
                   help=f"the game (default high): {', '.join(list(VARIANTS)[1:])}")
    p.add_argument("--board", default="", help="omaha: the board (3 to 5 cards); the hands are hole cards")
    add_json_option(p)
    p = add_command(sub, "deal", cmd_deal,
                    help="the course deal: 9 cards 1..52, two players, print the winning cards")
    p.add_argument("deck", nargs="+", type=int, help="9 distinct course cards, e.g. 51 8 11 6 4 31 3 13 9")
    add_json_option(p)

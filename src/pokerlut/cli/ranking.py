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
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from ..variants import VARIANTS
from .args import add_command
from .handsource import NO_HAND, HandSource, HandText, add_hands_arguments
from .output import StreamedDocument, add_json_option, write_json

if TYPE_CHECKING:
    from ..variants import Variant

T = TypeVar("T")

#: Exit status of ``eval --skip-bad`` when some hands were bad (each named on stderr) and every
#: good one was printed.
EXIT_SKIPPED = 3
#: Strings no longer than this are parsed as one array (one compiled pass); a block holding a
#: longer one is parsed a hand at a time, so that no array is padded to a long line's width.
ARRAY_TEXT = 64
#: Failures a group of hands is searched by halves for; past them, its hands are ranked one by one.
MAX_SPLITS = 16


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


_HAND_NUMBER = re.compile(r"^hand (\d+)\b")


def _board(args: argparse.Namespace, variant: Variant) -> np.ndarray | None:
    from ..cards import parse_cards

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


class RankedBlock:
    """One block of hands ranked: ``cards[j]`` (None for a bad hand), ``high`` and ``low``
    (strengths; ``low`` None unless the game is hi-lo) and ``bad`` (position in the block: what
    follows the hand's label in its error, ``": why"`` or ``", position 2: why"``), for the hands
    of ``hands`` in their order."""

    def __init__(self, hands: list[HandText], variant: Variant, board: np.ndarray | None) -> None:
        self.hands = hands
        self.variant = variant
        self.board = board
        self.bad: dict[int, str] = {}
        self.cards: list[np.ndarray | None] = self._parse()
        n = len(hands)
        self.high = np.zeros(n, dtype=np.uint16)
        self.low = np.zeros(n, dtype=np.uint16) if variant.low_table_set is not None else None
        self._rank()

    # ----------------------------------------------------------------- text to cards

    def _parse(self) -> list[np.ndarray | None]:
        from ..cards import parse_cards

        sizes = self.variant.hole_sizes if self.variant.is_omaha else self.variant.hand_sizes
        texts = [hand.text for hand in self.hands]
        if (texts and not any(hand.problem for hand in self.hands) and max(map(len, texts)) <= ARRAY_TEXT
                and not any("\x00" in text for text in texts)):
            try:  # one compiled pass, when every hand reads and has the same size
                ids = parse_cards(np.array(texts))
            except ValueError:
                pass
            else:
                if ids.ndim == 2 and ids.shape[1] in sizes:
                    return list(ids)
        cards: list[np.ndarray | None] = []
        for j, hand in enumerate(self.hands):
            if hand.problem:
                self.bad[j] = f": {hand.problem}"
                cards.append(None)
                continue
            try:
                ids = parse_cards(hand.text)
            except ValueError as error:
                self.bad[j] = f": {error}"
                cards.append(None)
                continue
            if len(ids) not in sizes:
                hint = " (the board goes in --board)" if self.variant.is_omaha else ""
                self.bad[j] = f": {self.variant.hand_size_text(len(ids))}{hint}"
                cards.append(None)
                continue
            cards.append(ids)
        return cards

    # ----------------------------------------------------------------- cards to strengths

    def _rank(self) -> None:
        from ..evaluate import evaluate
        from ..omaha import evaluate_omaha

        variant = self.variant
        groups: dict[int, list[int]] = {}
        for j, c in enumerate(self.cards):
            if c is not None:
                groups.setdefault(len(c), []).append(j)
        for group in groups.values():
            stack = np.stack([self.cards[j] for j in group])  # type: ignore[misc]
            if variant.is_omaha:
                board = self.board
                assert board is not None  # checked by _board for every Omaha game

                def omaha(rows: np.ndarray) -> Any:
                    return evaluate_omaha(rows, board, variant=variant)

                for where, result in self._each(omaha, stack, group):
                    if self.low is None:
                        self.high[where] = result
                    else:
                        self.high[where], self.low[where] = result.high, result.low
                continue
            for where, result in self._each(lambda rows: evaluate(rows, variant=variant), stack, group):
                self.high[where] = result
            if self.low is not None:  # stud hi-lo: the eight-or-better low of the same cards
                good = [k for k, j in enumerate(group) if j not in self.bad]
                low_set = str(variant.low_table_set)
                for where, result in self._each(lambda rows: evaluate(rows, variant=low_set), stack[good],
                                                [group[k] for k in good]):
                    self.low[where] = result

    def _each(self, rank: Callable[[np.ndarray], Any], stack: np.ndarray, group: list[int]
              ) -> list[tuple[list[int], Any]]:
        """``(block positions, result)`` of the hands of ``stack`` that ``rank`` takes; a hand it
        refuses (its error names ``hand k`` of the stack) goes to :attr:`bad`, named as the user
        gave it, and the rest are ranked without it: the stack is split at each refused hand,
        :data:`MAX_SPLITS` times at most, then ranked a hand at a time.  An error that names no
        hand is about them all, and raised."""
        done: list[tuple[list[int], Any]] = []
        work = [(0, len(group))]
        splits = 0
        while work:
            lo, hi = work.pop()
            if lo == hi:
                continue
            if splits >= MAX_SPLITS and hi - lo > 1:
                work.extend((k, k + 1) for k in range(hi - 1, lo - 1, -1))
                continue
            try:
                result = rank(stack[lo:hi])
            except (ValueError, TypeError) as error:
                text = str(error)
                match = _HAND_NUMBER.match(text)
                if match is None or int(match.group(1)) >= hi - lo:
                    raise type(error)(f"hands: {text}") from None
                k = lo + int(match.group(1))
                self.bad[group[k]] = text[match.end():]
                splits += 1
                work += [(k + 1, hi), (lo, k)]
                continue
            done.append((group[lo:hi], result))
        return done


class _Names:
    """What each strength prints as, worked out once per command: the end of its text line
    (strength, category name, description) and its JSON fields."""

    def __init__(self, scale: str) -> None:
        self.scale = scale
        self._line: dict[int, str] = {}
        self._json: dict[int, dict[str, Any]] = {}

    def _learn(self, strength: int) -> None:
        from ..strength import category, category_name, describe

        name, description = category_name(strength, self.scale), describe(strength, self.scale)
        self._line[strength] = f"  {strength:5d}  {name:<16}  {description}"
        self._json[strength] = {"strength": strength, "category": int(category(strength, self.scale)),
                                "category_name": name, "description": description}

    def line(self, strength: int) -> str:
        """``"   7462  Straight flush    Royal flush"``: what follows the hand on its line."""
        if strength not in self._line:
            self._learn(strength)
        return self._line[strength]

    def scored(self, strength: int) -> dict[str, Any]:
        """``strength``, ``category``, ``category_name`` and ``description``, as JSON fields."""
        if strength not in self._json:
            self._learn(strength)
        return self._json[strength]


class EvalPrinter:
    """What ``eval`` prints, block by block: text lines (hi-lo games: each block's ``high:``
    lines, then its ``low:`` lines), or one JSON document written as the blocks come."""

    def __init__(self, args: argparse.Namespace, variant: Variant, board: np.ndarray | None) -> None:
        from ..cards import format_cards

        self.style = "unicode" if args.unicode else "ascii"
        self.width = 0
        self.high = _Names(variant.name if variant.low_table_set is None and not variant.is_omaha
                           else variant.table_set)
        self.low = _Names(str(variant.low_table_set)) if variant.low_table_set is not None else None
        self.document = StreamedDocument("eval", {"variant": variant.name, "board": None if board is None
                                                  else format_cards(board)}, "hands") if args.json else None

    def _texts(self, block: RankedBlock, good: list[int]) -> list[str]:
        from ..cards import format_cards

        texts: dict[int, str] = {}
        by_size: dict[int, list[int]] = {}
        for j in good:
            by_size.setdefault(len(block.cards[j]), []).append(j)  # type: ignore[arg-type]
        for members in by_size.values():
            rows = format_cards(np.stack([block.cards[j] for j in members]), style=self.style)  # type: ignore[misc]
            texts.update(zip(members, rows.tolist()))
        return [texts[j] for j in good]

    def write(self, block: RankedBlock) -> None:
        """Print the good hands of ``block``, in their order."""
        good = [j for j in range(len(block.hands)) if j not in block.bad]
        if not good:
            return
        texts = self._texts(block, good)
        high = block.high[good].tolist()
        low = None if block.low is None or self.low is None else block.low[good].tolist()
        if self.document is not None:
            rows = []
            for k, j in enumerate(good):
                hand = block.hands[j]
                row = {"index": hand.number, "input": hand.text, "hand": texts[k],
                       "cards": block.cards[j].tolist(), **self.high.scored(high[k])}  # type: ignore[union-attr]
                if low is not None:
                    row["low"] = self.low.scored(low[k])  # type: ignore[union-attr]
                rows.append(row)
            self.document.add(rows, plain_already=True)
            return
        self.width = width = max([self.width, *map(len, texts)])
        lines = [text.ljust(width) + self.high.line(s) for text, s in zip(texts, high)]
        if low is not None:
            lines = ["high:", *lines, "low:",
                     *(text.ljust(width) + self.low.line(s) for text, s in zip(texts, low))]  # type: ignore[union-attr]
        print("\n".join(lines))

    def close(self, skipped: int) -> None:
        """End the output (the JSON document's last fields)."""
        if self.document is not None:
            self.document.close({"skipped": skipped})


def cmd_eval(args: argparse.Namespace) -> int:
    from ..variants import get_variant

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
    p = add_command(sub, "eval", cmd_eval,
                    help="rank hands given as text, e.g. 'As Ks Qs Js Ts' '2c 2d W 9h 9s' (or '-': one a line "
                         "from standard input)",
                    description="Rank hands given as text: each hand's strength, category and description, in "
                                "the order given.  Hands of different sizes (5, 6 and 7 cards) may be mixed.  "
                                "Hands from files and standard input are read, ranked and printed a block at a "
                                "time: memory stays the same for any number of them.")
    add_hands_arguments(p, help="one hand per argument, 5, 6 or 7 cards (the game's sizes); W, Jk or * is a wild card")
    p.add_argument("--unicode", action="store_true", help="print suits as symbols")
    p.add_argument("--variant", default="high", choices=list(VARIANTS),
                   help=f"the game (default high): {', '.join(list(VARIANTS)[1:])}")
    p.add_argument("--board", default="", help="omaha: the board (3 to 5 cards); the hands are hole cards")
    p.add_argument("--skip-bad", action="store_true",
                   help="print every good hand and name each bad one on stderr (FILE:LINE: skipped hand i ...: "
                        f"why), instead of stopping at the first; exit status {EXIT_SKIPPED} if any was bad")
    add_json_option(p)
    p = add_command(sub, "deal", cmd_deal,
                    help="the course deal: 9 cards 1..52, two players, print the winning cards")
    p.add_argument("deck", nargs="+", type=int, help="9 distinct course cards, e.g. 51 8 11 6 4 31 3 13 9")
    add_json_option(p)

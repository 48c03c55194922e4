"""The blocks ``pokerlut eval`` reads, ranks and prints (:mod:`.ranking`): a block's hands parsed
and ranked, every bad one kept with why (:class:`RankedBlock`), and what is printed of it
(:class:`EvalPrinter`)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from .handsource import HandText
from .output import StreamedDocument

if TYPE_CHECKING:
    from ..variants import Variant

__all__ = ["RankedBlock", "EvalPrinter", "ARRAY_TEXT", "MAX_SPLITS"]

#: Strings no longer than this are parsed as one array (one compiled pass); a block holding a
#: longer one is parsed a hand at a time, so that no array is padded to a long line's width.
ARRAY_TEXT = 64
#: Failures a group of hands is searched by halves for; past them, its hands are ranked one by one.
MAX_SPLITS = 16

_HAND_NUMBER = re.compile(r"^hand (\d+)\b")


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
        """The card ids of every hand (None for a bad one, named in :attr:`bad`): the hands read
        in one compiled pass per number of words (the cards of hands written apart), and a group
        that does not read whole, a hand at a time."""
        from ..cards import parse_cards

        sizes = self.variant.given_hand_sizes
        cards: list[np.ndarray | None] = [None] * len(self.hands)
        alone: list[int] = []  # read one at a time
        by_words: dict[int, list[int]] = {}
        for j, hand in enumerate(self.hands):
            if hand.problem or len(hand.text) > ARRAY_TEXT or "\x00" in hand.text:
                alone.append(j)
            else:
                by_words.setdefault(len(hand.text.split()), []).append(j)
        for members in by_words.values():
            try:
                ids = parse_cards(np.array([self.hands[j].text for j in members]))
            except ValueError:
                ids = None
            if ids is not None and ids.ndim == 2 and ids.shape[1] in sizes:
                cards_of = list(ids)
                for j, c in zip(members, cards_of):
                    cards[j] = c
            else:
                alone += members
        for j in sorted(alone):
            hand = self.hands[j]
            if hand.problem:
                self.bad[j] = f": {hand.problem}"
                continue
            try:
                ids = parse_cards(hand.text)
            except ValueError as error:
                self.bad[j] = f": {error}"
                continue
            if len(ids) not in sizes:
                hint = " (the board goes in --board)" if self.variant.rule.shares_board else ""
                self.bad[j] = f": {self.variant.hand_size_text(len(ids))}{hint}"
                continue
            cards[j] = ids
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
            if variant.rule.shares_board:
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
        self.high = _Names(variant.name if variant.low_table_set is None and not variant.rule.shares_board
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

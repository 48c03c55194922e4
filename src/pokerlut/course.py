"""The course deal: nine course cards, two players, one winner.

This is the nine-card Texas Hold'em deal of the CPS506 "haskellPoker" assignment (the rules are
in ``docs/rules.md``, "The course deal").  A deck is 9 distinct integers 1..52 (1..13 clubs,
14..26 diamonds, 27..39 hearts, 40..52 spades; within a suit 1 = ace, 11 = J, 12 = Q, 13 = K).
Player 1 gets cards 1 and 3, player 2 cards 2 and 4, the last five are the shared board; each
plays the best 5 of their 7, and the answer is the winner's made cards as course strings.

Card choice: where several cards of one rank could fill the same place among the made cards, the
board's cards are taken first, in the order dealt, then the player's hole cards, in the order
dealt.  :func:`pokerlut.made_cards` takes the earliest card of the hand as given, so each player's
seven cards are handed to it board first (:func:`_choice_order`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, Sequence

import numpy as np

from .cards import from_course, to_course_strings
from .evaluate import evaluate
from .showdown import made_cards

DECK_SIZE = 9


class CourseResult(NamedTuple):
    """Both players' side of a course deal; ``winner`` is 1, 2, or 0 for a tie."""

    winner: int
    strengths: tuple[int, int]
    made: tuple[list[str], list[str]]  #: each player's made cards, course strings in plain string order


def _check_deck(deck: Sequence[int]) -> list[int]:
    if isinstance(deck, (str, bytes)):
        raise TypeError("a course deck is a sequence of 9 integers 1..52, not a string")
    if not isinstance(deck, Iterable):
        raise TypeError(f"a course deck is a sequence of 9 integers 1..52, got {type(deck).__name__}: {deck!r}")
    values = list(deck)
    if len(values) != DECK_SIZE:
        raise ValueError(f"a course deck has exactly {DECK_SIZE} cards, got {len(values)}: {values}")
    for i, v in enumerate(values):
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
            raise ValueError(f"deck position {i}: {v!r} is not an integer card 1..52")
        if not 1 <= v <= 52:
            raise ValueError(f"deck position {i}: {v} is not a course card (1..52)")
    for i, v in enumerate(values):
        if v in values[:i]:
            raise ValueError(f"deck position {i}: card {v} was already dealt at position {values.index(v)}")
    return [int(v) for v in values]


def shuf(deck: Sequence[int]) -> tuple[list[int], list[int]]:
    """The two players' seven cards: holes alternate, the last five are shared.

    >>> shuf([51, 8, 11, 6, 4, 31, 3, 13, 9])
    ([51, 11, 4, 31, 3, 13, 9], [8, 6, 4, 31, 3, 13, 9])
    """
    d = _check_deck(deck)
    board = d[4:]
    return [d[0], d[2], *board], [d[1], d[3], *board]


def _choice_order(seven: list[int]) -> list[int]:
    """A player's seven cards (holes first, as :func:`shuf` gives them) reordered board first,
    then holes, each in the order dealt: the order the card-choice rule prefers them in."""
    return seven[2:] + seven[:2]


def play(deck: Sequence[int]) -> CourseResult:
    """Both players' strengths and made cards, and who won (0 on a tie).

    >>> r = play([1, 32, 12, 46, 19, 18, 9, 42, 34])
    >>> r.winner, r.made[1]
    (2, ['5D', '6D', '7S', '8H', '9C'])
    """
    hands = from_course(np.array([_choice_order(p) for p in shuf(deck)]))
    made = made_cards(hands)
    s1, s2 = (int(s) for s in evaluate(hands))
    winner = 1 if s1 > s2 else 2 if s2 > s1 else 0
    sides = tuple(sorted(to_course_strings(m[m != 255])) for m in made)
    return CourseResult(winner, (s1, s2), sides)


def deal(deck: Sequence[int]) -> list[str]:
    """The winner's made cards as course strings in plain string order (player 1's on a tie).

    Where cards of one rank compete for a place, the board's come first (see the module doc).

    >>> deal([51, 8, 11, 6, 4, 31, 3, 13, 9])
    ['11C', '13C', '3C', '4C', '9C']
    >>> deal([1, 32, 12, 46, 19, 18, 9, 42, 34])   # the board's 6D, not player 2's 6H
    ['5D', '6D', '7S', '8H', '9C']
    """
    result = play(deck)
    return result.made[1] if result.winner == 2 else result.made[0]

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
from typing import TYPE_CHECKING, NamedTuple, Sequence

import numpy as np

from ._input import integer_array
from .cards import format_cards, integer_or_none, parse_cards, shown  # noqa: F401 (the examples use them)
from .constants import N_NATURAL, N_RANKS, NO_CARD, card
from .evaluate import evaluate
from .showdown import made_cards

if TYPE_CHECKING:
    from numpy.typing import ArrayLike, NDArray

__all__ = ["CourseResult", "deal", "play", "shuf", "from_course", "to_course", "course_string", "to_course_strings"]

DECK_SIZE = 9
#: The course's suit letters, in its order (clubs 1..13, diamonds 14..26, hearts 27..39, spades 40..52).
COURSE_SUIT_CHARS = "CDHS"


def _course_to_id(n: int) -> int:
    suit, course_rank = divmod(n - 1, N_RANKS)
    return card((course_rank - 1) % N_RANKS, suit)


# Constant lookup tables (read-only): course number 1..52 -> id (index 0 unused) and back.
_COURSE_TO_ID = np.array([0] + [_course_to_id(n) for n in range(1, N_NATURAL + 1)], dtype=np.uint8)
_ID_TO_COURSE = np.zeros(N_NATURAL, dtype=np.int64)
_ID_TO_COURSE[_COURSE_TO_ID[1:]] = np.arange(1, N_NATURAL + 1)
_COURSE_TO_ID.setflags(write=False)
_ID_TO_COURSE.setflags(write=False)


def from_course(values: ArrayLike) -> NDArray[np.uint8]:
    """Convert course integers 1..52 to canonical card ids (uint8, same shape).

    1..13 are clubs, 14..26 diamonds, 27..39 hearts, 40..52 spades; within a suit
    ``(n - 1) % 13 + 1`` is the rank, 1 = ace, 2..10, 11 = J, 12 = Q, 13 = K.

    >>> from_course([1, 13, 14, 40, 52, 10]).tolist()
    [48, 44, 49, 51, 47, 32]
    >>> format_cards(from_course([51, 8, 11, 6, 4, 31, 3, 13, 9]))
    'Qs 8c Jc 6c 4c 5h 3c Kc 9c'
    """
    arr = integer_array(values, "course value", 1, N_NATURAL, f"an integer 1..{N_NATURAL}")
    return np.asarray(_COURSE_TO_ID[arr])


def to_course(cards: ArrayLike) -> NDArray[np.int64]:
    """Convert canonical card ids 0..51 to course integers 1..52 (int64, same shape).

    The wild card has no course number.

    >>> to_course([48, 44, 49, 51, 47, 32]).tolist()
    [1, 13, 14, 40, 52, 10]
    """
    expected = "a natural card id 0..51 (the wild card 52 has no course number)"
    arr = integer_array(cards, "card id", 0, N_NATURAL - 1, expected)
    return np.asarray(_ID_TO_COURSE[arr])


def course_string(course_int: int) -> str:
    """The course's string for a course integer 1..52: rank 1..13 then suit C, D, H or S.

    >>> course_string(1), course_string(13), course_string(14), course_string(36)
    ('1C', '13C', '1D', '10H')
    """
    number = integer_or_none(course_int)
    if number is None or not 1 <= number <= N_NATURAL:
        raise ValueError(f"invalid course value {shown(course_int)}: expected an integer 1..52")
    suit, course_rank = divmod(number - 1, N_RANKS)
    return f"{course_rank + 1}{COURSE_SUIT_CHARS[suit]}"


def to_course_strings(cards: ArrayLike) -> list[str]:
    """Course strings (``"1C"`` .. ``"13S"``) for a 1-D sequence of canonical card ids.

    >>> to_course_strings(parse_cards("Jc Kc 3c 4c 9c"))
    ['11C', '13C', '3C', '4C', '9C']
    """
    course = to_course(cards)
    if course.ndim != 1:
        raise ValueError(
            f"to_course_strings expects a 1-D sequence of ids, got shape {course.shape}"
        )
    return [course_string(n) for n in course.tolist()]



class CourseResult(NamedTuple):
    """Both players' side of a course deal; ``winner`` is 1, 2, or 0 for a tie."""

    winner: int
    strengths: tuple[int, int]
    made: tuple[list[str], list[str]]  #: each player's made cards, course strings in plain string order


def _check_deck(deck: Sequence[int]) -> list[int]:
    if isinstance(deck, (str, bytes)):
        raise TypeError("a course deck is a sequence of 9 integers 1..52, not a string")
    if not isinstance(deck, Iterable):
        raise TypeError(f"a course deck is a sequence of 9 integers 1..52, got {type(deck).__name__}: {shown(deck)}")
    values = list(deck)
    if len(values) != DECK_SIZE:
        raise ValueError(f"a course deck has exactly {DECK_SIZE} cards, got {len(values)}: {shown(values)}")
    for i, v in enumerate(values):
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
            raise ValueError(f"deck position {i}: {shown(v)} is not an integer card 1..52")
        if not 1 <= v <= N_NATURAL:
            raise ValueError(f"deck position {i}: {shown(v)} is not a course card (1..52)")
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
    sides = tuple(sorted(to_course_strings(m[m != NO_CARD])) for m in made)
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

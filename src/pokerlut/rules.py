"""The hand rules, as objects: how a game makes a hand from the cards dealt, in one place per rule.

A :class:`HandRule` holds everything that follows from a game's rule and from nothing else: how
many hole cards a player holds and how many board cards a deal shows (in an equity question and
in a showdown), how a hand is formed from them, whether the pot is split high and low and what
qualifies a low, which deal reader and which equity engines answer its questions, and the
sentences that say a deal has the wrong number of cards.  A game (:class:`pokerlut.variants.Variant`)
adds its deck, its table sets and its own hand sizes.

Code elsewhere reads the rule's fields; it never compares a rule's name.  Engines are found in
registries keyed by :attr:`HandRule.hand` (the showdown's rankers) and :attr:`HandRule.deal`
(:mod:`pokerlut.equities.registry`).

>>> OMAHA_HILO.hole_sizes, OMAHA_HILO.hilo, OMAHA_HILO.qualifier
((4, 5, 6), True, 'eight or better')
>>> HOLDEM.hole_size_text(3, "high"), OMAHA.hole_size_text(3, "omaha-hilo")
("a Hold'em hand has 2 hole cards, got 3", 'an omaha-hilo hand has 4, 5 or 6 hole cards, got 3')
>>> STUD.board_size_text(3, "razz")
"razz has no board: give each player's up and down cards, and folded cards as dead"
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ._messages import hand_size_text, sizes_text
from .constants import (HAND_SIZES, HOLDEM_BOARD_SIZES, HOLDEM_HOLE, OMAHA_BOARD_SIZES, OMAHA_EQUITY_BOARD_SIZES,
                        OMAHA_HOLE_SIZES, STUD_CARDS)

__all__ = ["HandRule", "RULES", "register_rule", "HOLDEM", "OMAHA", "OMAHA_HILO", "STUD", "STUD_HILO", "WHOLE",
           "GIVEN_CARDS", "TWO_PLUS_THREE", "AS_DEALT", "with_article"]

#: How a hand is made (:attr:`HandRule.hand`), the key of the showdown's rankers:
#: the best five of the 5-7 cards given (hole cards and board together);
GIVEN_CARDS = "best five of the cards given"
#: exactly two hole cards and three of the board (Omaha);
TWO_PLUS_THREE = "two hole cards and three of the board"
#: the hand as dealt, ranked whole (badugi's four cards, three- and five-card rows).
AS_DEALT = "the hand as dealt"


def with_article(word: str) -> str:
    """``word`` after ``a`` or ``an``, as a message says it.

    >>> with_article("omaha"), with_article("razz")
    ('an omaha', 'a razz')
    """
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


@dataclass(frozen=True)
class HandRule:
    """One hand rule: see the module doc."""

    name: str  #: the rule's name, for people (``"omaha hi-lo"``)
    hand: str  #: how a hand is made: :data:`GIVEN_CARDS`, :data:`TWO_PLUS_THREE` or :data:`AS_DEALT`
    #: the deal reader and equity engines of its games (a key of :mod:`pokerlut.equities.registry`); None: no equity
    deal: str | None
    hole_sizes: tuple[int, ...] = ()  #: hole cards per player in an equity question (stud: the seven he ends with)
    board_sizes: tuple[int, ...] = ()  #: known board cards an equity question may show
    showdown_board_sizes: tuple[int, ...] | None = None  #: a showdown's board sizes (None: any that makes a hand)
    hilo: bool = False  #: half the pot to the best high hand, half to the best qualifying low
    qualifier: str | None = None  #: what a low needs to qualify, in words (hi-lo)
    #: the game a deal's messages name (``"Hold'em"``); None: the game's own name
    deal_game: str | None = None
    hole_unit: str = "hole cards"  #: what a player's cards are called in messages

    @property
    def has_board(self) -> bool:
        """Whether a deal may show board cards."""
        return any(self.board_sizes)

    @property
    def ranks_hands_given_whole(self) -> bool:
        """Whether :func:`pokerlut.evaluate` ranks one hand of the game given as one row of cards."""
        return self.hand != TWO_PLUS_THREE

    @property
    def shares_board(self) -> bool:
        """Whether every player's hand is his hole cards and one board (not a row of his own)."""
        return self.hand == TWO_PLUS_THREE

    def game(self, variant: str) -> str:
        """The game a message names, with its article (``"a Hold'em"``, ``"an omaha-hilo"``)."""
        return with_article(self.deal_game or variant)

    def hole_size_text(self, got: int, variant: str) -> str:
        """The sentence for a player of an equity question holding ``got`` cards (see the module doc)."""
        return f"{self.game(variant)} hand has {sizes_text(self.hole_sizes)} {self.hole_unit}, got {got}"

    def hand_size_text(self, got: int, variant: str, hand_sizes: Sequence[int] = HAND_SIZES) -> str:
        """The sentence for one hand of ``got`` cards (Omaha: hole cards) that the game does not rank.

        >>> OMAHA.hand_size_text(3, "omaha"), HOLDEM.hand_size_text(8, "high")
        ('an omaha hand is 4, 5 or 6 hole cards, got 3', 'a hand is 5, 6 or 7 cards, got 8')
        """
        if self.shares_board:
            return hand_size_text(got, self.hole_sizes, variant, self.hole_unit)
        return hand_size_text(got, hand_sizes, variant)

    def board_size_text(self, got: int, variant: str) -> str:
        """The sentence for an equity question's board of ``got`` cards that the rule does not deal."""
        if not self.has_board:
            return f"{variant} has no board: give each player's up and down cards, and folded cards as dead"
        return f"{self.game(variant)} board has {sizes_text(self.board_sizes)} cards, got {got}"

    def showdown_size_text(self, hole: int, board: int, variant: str, hand_sizes: Sequence[int]) -> str:
        """The sentence for a showdown whose players hold ``hole`` cards on a board of ``board``.

        >>> OMAHA.showdown_size_text(3, 5, "omaha", ())
        'an omaha hand has 4, 5 or 6 hole cards and a board of 3, 4 or 5 cards; got 3 hole cards and 5 board cards'
        >>> HOLDEM.showdown_size_text(2, 7, "high", (5, 6, 7))
        "each player's hand (hole 2 + board 7 cards) must have 5, 6 or 7 cards in the high game"
        """
        if self.shares_board:
            return (f"{self.game(variant)} hand has {sizes_text(self.hole_sizes)} {self.hole_unit} and a board of "
                    f"{sizes_text(self.showdown_board_sizes or ())} cards; got {hole} {self.hole_unit} and {board} "
                    f"board cards")
        return (f"each player's hand (hole {hole} + board {board} cards) must have {sizes_text(hand_sizes)} cards "
                f"in the {variant} game")

    def showdown_sizes_fit(self, hole: int, board: int, hand_sizes: Sequence[int]) -> bool:
        """Whether a showdown of ``hole`` cards a player on a board of ``board`` is one of the rule's deals."""
        if self.shares_board:
            return hole in self.hole_sizes and board in (self.showdown_board_sizes or ())
        return hole + board in hand_sizes


#: Hold'em (every best-five game): two hole cards, a board of up to five.
HOLDEM = HandRule("best five of k", GIVEN_CARDS, "holdem", (HOLDEM_HOLE,), HOLDEM_BOARD_SIZES, deal_game="Hold'em")
#: Omaha: exactly two of 4-6 hole cards and three of the board.
OMAHA = HandRule("omaha", TWO_PLUS_THREE, "omaha", OMAHA_HOLE_SIZES, OMAHA_EQUITY_BOARD_SIZES, OMAHA_BOARD_SIZES)
#: Omaha high and an eight-or-better low.
OMAHA_HILO = HandRule("omaha hi-lo", TWO_PLUS_THREE, "omaha", OMAHA_HOLE_SIZES, OMAHA_EQUITY_BOARD_SIZES,
                      OMAHA_BOARD_SIZES, hilo=True, qualifier="eight or better")
#: Seven-card stud (the best five of each player's seven, no board), high only (razz: a low ladder).
STUD = HandRule("stud", GIVEN_CARDS, "stud", (STUD_CARDS,), (0,), hole_unit="cards")
#: Seven-card stud, high and an eight-or-better low.
STUD_HILO = HandRule("stud hi-lo", GIVEN_CARDS, "stud", (STUD_CARDS,), (0,), hilo=True, qualifier="eight or better",
                     hole_unit="cards")
#: Hands ranked whole, as dealt, no cards to come (no equity).
WHOLE = HandRule("whole hand", AS_DEALT, None)

#: Every rule by name.
RULES: dict[str, HandRule] = {}


def register_rule(rule: HandRule) -> HandRule:
    """Add a rule to :data:`RULES` (its name must be new); returns it.

    >>> register_rule(HOLDEM)
    Traceback (most recent call last):
    ...
    ValueError: a hand rule named 'best five of k' is registered already
    """
    if rule.name in RULES:
        raise ValueError(f"a hand rule named {rule.name!r} is registered already")
    RULES[rule.name] = rule
    return rule


for _rule in (HOLDEM, OMAHA, OMAHA_HILO, STUD, STUD_HILO, WHOLE):
    register_rule(_rule)

"""The hand ladders of every game, from first principles (``docs/rules.md``).

A ladder turns the shape of a natural 5-card hand (how many cards of each rank, and whether all
five share a suit) into a :class:`HandClass`: a category, a comparison tuple (larger is better,
equal ties) and the ranks that name the hand, most significant first.  Sorting the distinct
classes weakest first gives each game its dense strength scale ``1 .. n``: higher is better in
every game, low games included, so one ``max``/``argmax`` serves them all.

The standard high game also has wild cards; its wild-card values come from
:mod:`pokerlut.tablegen.values`.  The other games deal no wild card.

>>> HIGH.n_strengths, SHORT_DECK.n_strengths, ACE_FIVE_LOW.n_strengths, DEUCE_SEVEN_LOW.n_strengths
(7475, 1404, 6175, 7462)
>>> EIGHT_OR_BETTER.n_strengths    # the 56 qualifying lows and "no low"
57
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import combinations, combinations_with_replacement
from typing import Callable, NamedTuple

from ..constants import (ACE, CATEGORIES, FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, HAND_SIZES, HIGH_CARD, N_RANKS,
                         OFC_ROW_SIZES, ONE_PAIR, STRAIGHT, STRAIGHT_FLUSH, THREE_CARDS, THREE_OF_A_KIND, TWO_PAIR)
from . import values
from .badugi import BADUGI, BadugiLadder


class HandClass(NamedTuple):
    category: int  #: index into the ladder's category names, weakest category first
    order: tuple[int, ...]  #: comparison within the category: larger is better
    ranks: tuple[int, ...]  #: rank ids (0 = deuce .. 12 = ace) naming the hand, most significant first


def _groups(counts: tuple[int, ...], rank_value: Callable[[int], int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(pattern, ranks): group sizes largest first, and one rank per group ordered by (size,
    rank_value) descending."""
    groups = sorted(((c, rank_value(r), r) for r, c in enumerate(counts) if c), reverse=True)
    return tuple(g[0] for g in groups), tuple(g[2] for g in groups)


PATTERNS = {(1, 1, 1, 1, 1): "none", (2, 1, 1, 1): "pair", (2, 2, 1): "two pair", (3, 1, 1): "trips",
            (3, 2): "full house", (4, 1): "quads"}


def _straight_top(ranks: tuple[int, ...], straights: dict[frozenset, int]) -> int | None:
    return straights.get(frozenset(ranks))


def _straights(tops: range, wheel: tuple[int, ...] | None) -> dict[frozenset, int]:
    """Straights by their rank sets: five consecutive ranks below each top, and an ace-low one."""
    table = {frozenset(range(top - 4, top + 1)): top for top in tops}
    if wheel is not None:
        table[frozenset(wheel)] = max(r for r in wheel if r != ACE)
    return table


@dataclass(frozen=True)
class Ladder:
    """A game's ranking of 5-card hands (see the module doc).

    ``classify(counts, suited)`` gives the :class:`HandClass` of a natural shape; ``no_hand`` is the
    class of a hand that does not qualify (eight-or-better), weaker than every other.
    """

    name: str
    ranks: tuple[int, ...]  #: the rank ids the game's deck holds (four suits each)
    categories: tuple[str, ...]  #: category names, weakest first
    classify: Callable[[tuple[int, ...], bool], HandClass]
    wild: bool = False  #: the game deals the wild card (id 52)
    flushes: bool = True  #: suits count: the card table carries suit counters
    subset_rare: bool = False  #: 6/7-card rows with five cards of a suit are ranked subset by subset
    no_hand: HandClass | None = None
    describe_style: str = "high"
    sizes: tuple[int, ...] = HAND_SIZES  #: the hand sizes with tables of their own
    ranked_sizes: tuple[int, ...] = (5,)  #: sizes ``classify`` ranks; the others: the best of one card fewer
    flush_cards: int = 5  #: cards of one suit that make a flush
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    # ------------------------------------------------------------------ the strength scale
    @cached_property
    def ordered_classes(self) -> tuple[HandClass, ...]:
        """Every distinct natural class, weakest first: strength ``s`` is index ``s - 1``."""
        classes = {self.classify(counts, suited) for counts, suited in self.shapes()}
        if self.no_hand is not None:
            classes.add(self.no_hand)
        return tuple(sorted(classes, key=lambda c: (c.category, c.order)))

    @cached_property
    def _strength_of(self) -> dict[tuple, int]:
        return {(c.category, c.order): i + 1 for i, c in enumerate(self.ordered_classes)}

    @property
    def n_natural(self) -> int:
        return len(self.ordered_classes)

    @property
    def n_strengths(self) -> int:
        """The largest strength (five of a kind of aces in the wild game)."""
        return self.n_natural + (N_RANKS if self.wild else 0)

    def shapes(self):
        """Every natural shape of the deck of a ranked size (5 cards in the best-five games):
        (rank counts, suited)."""
        for size in self.ranked_sizes:
            for multiset in combinations_with_replacement(self.ranks, size):
                counts = tuple(multiset.count(r) for r in range(N_RANKS))
                if max(counts) <= 4:
                    yield counts, False
            if self.flushes and size == self.flush_cards:
                for distinct in combinations(self.ranks, size):
                    yield tuple(1 if r in distinct else 0 for r in range(N_RANKS)), True

    def strength(self, counts: tuple[int, ...], suited: bool) -> int:
        """Dense strength of a natural 5-card shape."""
        c = self.classify(counts, suited)
        return self._strength_of[(c.category, c.order)]

    def hand_class(self, strength: int) -> HandClass:
        """The class of a strength (five of a kind in the wild game: category 9, its rank)."""
        if 1 <= strength <= self.n_natural:
            return self.ordered_classes[strength - 1]
        if self.wild and self.n_natural < strength <= self.n_strengths:
            rank = strength - self.n_natural - 1
            return HandClass(len(self.categories) - 1, (rank,), (rank,))
        raise ValueError(f"not a {self.name} strength: {strength}")

    # ------------------------------------------------------------------ values the tables hold
    def nonflush_strength(self, counts: tuple[int, ...], wilds: int) -> int:
        """Best value of naturals with rank ``counts`` plus ``wilds`` wild cards (a ranked size in
        all), flushes ignored."""
        if self.wild:
            return values.offsuit_strength(counts, wilds)
        return self.strength(counts, False)

    def flush_strength(self, rank_mask: int, wilds: int) -> int:
        """Best value of naturals that all share a suit (distinct ranks ``rank_mask``) plus wilds."""
        if self.wild:
            return values.suited_strength(rank_mask, wilds)
        counts = tuple(rank_mask >> r & 1 for r in range(N_RANKS))
        return self.strength(counts, self.flushes)


# ---------------------------------------------------------------------------- standard high


HIGH_CATEGORIES = CATEGORIES["high"]
_HIGH = HIGH_CATEGORIES
#: The high category a rank pattern makes (the other games name theirs the same: looked up by name).
_PATTERN_CATEGORY = {"pair": _HIGH[ONE_PAIR], "two pair": _HIGH[TWO_PAIR], "trips": _HIGH[THREE_OF_A_KIND],
                     "full house": _HIGH[FULL_HOUSE], "quads": _HIGH[FOUR_OF_A_KIND]}


def _classify_high(counts, suited):
    category, *ranks = values.natural_key(counts, suited)
    return HandClass(category, tuple(ranks), tuple(ranks))


HIGH = Ladder("high", tuple(range(N_RANKS)), HIGH_CATEGORIES, _classify_high, wild=True)


# ---------------------------------------------------------------------------- short deck

SHORT_DECK_RANKS = tuple(range(4, N_RANKS))  # six .. ace
SHORT_DECK_CATEGORIES = CATEGORIES["short-deck"]
_SHORT_STRAIGHTS = _straights(range(8, N_RANKS), wheel=(ACE, 4, 5, 6, 7))  # A-6-7-8-9 tops at the nine


def _short_deck_classifier(categories: tuple[str, ...]) -> Callable[[tuple[int, ...], bool], HandClass]:
    """The short-deck classification onto ``categories`` (the two rules differ only in the order of
    three of a kind and the straight)."""

    def classify(counts, suited):
        pattern, ranks = _groups(counts, lambda r: r)
        if pattern == (1, 1, 1, 1, 1):
            top = _straight_top(ranks, _SHORT_STRAIGHTS)
            if top is not None:
                cat = _HIGH[STRAIGHT_FLUSH] if suited else _HIGH[STRAIGHT]
                return HandClass(categories.index(cat), (top,), (top,))
            cat = _HIGH[FLUSH] if suited else _HIGH[HIGH_CARD]
            return HandClass(categories.index(cat), ranks, ranks)
        name = _PATTERN_CATEGORY[PATTERNS[pattern]]
        return HandClass(categories.index(name), ranks, ranks)

    return classify


_classify_short_deck = _short_deck_classifier(SHORT_DECK_CATEGORIES)


SHORT_DECK = Ladder("short-deck", SHORT_DECK_RANKS, SHORT_DECK_CATEGORIES, _classify_short_deck)
#: Short deck with the straight above three of a kind (pokerkit's rule, and several rooms').
SHORT_DECK_STRAIGHT_OVER_TRIPS_CATEGORIES = CATEGORIES["short-deck-straight-over-trips"]
SHORT_DECK_STRAIGHT_OVER_TRIPS = Ladder("short-deck-straight-over-trips", SHORT_DECK_RANKS,
                                        SHORT_DECK_STRAIGHT_OVER_TRIPS_CATEGORIES,
                                        _short_deck_classifier(SHORT_DECK_STRAIGHT_OVER_TRIPS_CATEGORIES))


# ---------------------------------------------------------------------------- ace-to-five low


def _low_value(rank: int) -> int:
    """Ace-to-five order: the ace is the lowest card (0), then deuce (1) .. king (12)."""
    return 0 if rank == ACE else rank + 1


ACE_FIVE_CATEGORIES = CATEGORIES["ace-five-low"]
_BADNESS = {"quads": 0, "full house": 1, "trips": 2, "two pair": 3, "pair": 4, "none": 5}


def _classify_ace_five(counts, suited):
    pattern, ranks = _groups(counts, _low_value)
    # fewer and lower cards are better: negate the low values, most significant group first
    return HandClass(_BADNESS[PATTERNS[pattern]], tuple(-_low_value(r) for r in ranks), ranks)


ACE_FIVE_LOW = Ladder("ace-five-low", tuple(range(N_RANKS)), ACE_FIVE_CATEGORIES, _classify_ace_five,
                      flushes=False, describe_style="low")


# ---------------------------------------------------------------------------- eight or better

EIGHT_OR_BETTER_CATEGORIES = CATEGORIES["eight-or-better"]
NO_LOW = HandClass(0, (), ())


def _classify_eight_or_better(counts, suited):
    pattern, ranks = _groups(counts, _low_value)
    lows = [_low_value(r) for r in ranks]
    if pattern != (1, 1, 1, 1, 1) or max(lows) > 7:
        return NO_LOW
    return HandClass(8 - max(lows), tuple(-v for v in lows), ranks)


EIGHT_OR_BETTER = Ladder("eight-or-better", tuple(range(N_RANKS)), EIGHT_OR_BETTER_CATEGORIES,
                         _classify_eight_or_better, flushes=False, no_hand=NO_LOW, describe_style="low")


# ---------------------------------------------------------------------------- deuce-to-seven low

DEUCE_SEVEN_CATEGORIES = CATEGORIES["deuce-seven-low"]
_ACE_HIGH_STRAIGHTS = _straights(range(4, N_RANKS), wheel=None)


def _classify_deuce_seven(counts, suited):
    pattern, ranks = _groups(counts, lambda r: r)
    if pattern == (1, 1, 1, 1, 1):
        top = _straight_top(ranks, _ACE_HIGH_STRAIGHTS)
        if top is not None:
            cat, ranks = (_HIGH[STRAIGHT_FLUSH] if suited else _HIGH[STRAIGHT]), (top,)
        else:
            cat = _HIGH[FLUSH] if suited else _HIGH[HIGH_CARD]
    else:
        cat = _PATTERN_CATEGORY[PATTERNS[pattern]]
    return HandClass(DEUCE_SEVEN_CATEGORIES.index(cat), tuple(-r for r in ranks), ranks)


DEUCE_SEVEN_LOW = Ladder("deuce-seven-low", tuple(range(N_RANKS)), DEUCE_SEVEN_CATEGORIES, _classify_deuce_seven,
                         subset_rare=True, describe_style="low")


# ---------------------------------------------------------------------------- 3-card rows

def _pad(ranks: tuple[int, ...], length: int) -> tuple[int, ...]:
    """Tie-break ranks followed by "no card" (-1, below a deuce) up to ``length``."""
    return ranks + (-1,) * (length - len(ranks))


OFC_CATEGORIES = CATEGORIES["ofc"]
_ROW_NAMES = {"none": _HIGH[HIGH_CARD], "pair": _HIGH[ONE_PAIR], "trips": _HIGH[THREE_OF_A_KIND]}
#: Tie-break lengths of the high categories a top row can make (high card, one pair, trips).
_ORDER_LENGTH = {_HIGH[HIGH_CARD]: 5, _HIGH[ONE_PAIR]: 4, _HIGH[THREE_OF_A_KIND]: 3}


def _classify_ofc(counts, suited):
    """Open-face Chinese poker: a 5-card row as the standard high game ranks it; a 3-card top row
    (no straights, no flushes) in the same category, its missing kickers below every card."""
    if sum(counts) == 5:
        return _classify_high(counts, suited)
    pattern, ranks = _groups(counts, lambda r: r)
    name = _ROW_NAMES[{(1, 1, 1): "none", (2, 1): "pair", (3,): "trips"}[pattern]]
    return HandClass(OFC_CATEGORIES.index(name), _pad(ranks, _ORDER_LENGTH[name]), ranks)


OFC = Ladder("ofc", tuple(range(N_RANKS)), OFC_CATEGORIES, _classify_ofc, sizes=OFC_ROW_SIZES,
             ranked_sizes=OFC_ROW_SIZES)

THREE_CARD_CATEGORIES = CATEGORIES["three-card-poker"]
#: Three-card straights by their rank sets: A-2-3 (top card the trey) up to Q-K-A.
_THREE_CARD_STRAIGHTS = {frozenset(range(top - 2, top + 1)): top for top in range(2, N_RANKS)}
_THREE_CARD_STRAIGHTS[frozenset((ACE, 0, 1))] = 1


def _classify_three_card(counts, suited):
    pattern, ranks = _groups(counts, lambda r: r)
    if pattern == (1, 1, 1):
        top = _straight_top(ranks, _THREE_CARD_STRAIGHTS)
        if top is not None:
            cat, ranks = (_HIGH[STRAIGHT_FLUSH] if suited else _HIGH[STRAIGHT]), (top,)
        else:
            cat = _HIGH[FLUSH] if suited else _HIGH[HIGH_CARD]
    else:
        cat = _HIGH[ONE_PAIR] if pattern == (2, 1) else _HIGH[THREE_OF_A_KIND]
    return HandClass(THREE_CARD_CATEGORIES.index(cat), ranks, ranks)


THREE_CARD_POKER = Ladder("three-card-poker", tuple(range(N_RANKS)), THREE_CARD_CATEGORIES, _classify_three_card,
                          sizes=(THREE_CARDS,), ranked_sizes=(THREE_CARDS,), flush_cards=THREE_CARDS)


LADDERS: dict[str, Ladder | BadugiLadder] = {ladder.name: ladder for ladder in
                              (HIGH, SHORT_DECK, SHORT_DECK_STRAIGHT_OVER_TRIPS, ACE_FIVE_LOW,
                               EIGHT_OR_BETTER, DEUCE_SEVEN_LOW, OFC, THREE_CARD_POKER, BADUGI)}


@lru_cache(maxsize=None)
def ladder(name: str) -> Ladder:
    """The ladder of a table set by name.

    >>> ladder("short-deck").categories[3]
    'Straight'
    """
    return LADDERS[name]

"""The games pokerlut ranks, as data: deck, ladder, hand rule, wild card, table set.

Every public function takes ``variant=`` (a name, or a :class:`Variant`); ``"high"`` is the
default.  The rules of each game are in ``docs/rules.md`` ("Other variants", "Strength scales").

================================== ====================================== =========== ======================
name                               game                                   hand rule   tables
================================== ====================================== =========== ======================
``high``                           standard high hands, wild cards        best 5 of k ``high``
``short-deck``                     36 cards (6 to A), trips over straight best 5 of k ``short-deck``
``short-deck-straight-over-trips`` the same, straight over trips          best 5 of k its own
``ace-five-low``                   razz low: aces low, no straights       best 5 of k ``ace-five-low``
``eight-or-better``                ace-to-five low, five ranks <= 8       best 5 of k ``eight-or-better``
``deuce-seven-low``                aces high, straights and flushes count best 5 of k ``deuce-seven-low``
``omaha``                          exactly 2 of 4-6 hole + 3 of 3-5 board omaha       ``high``
``omaha-hilo``                     omaha high + eight-or-better low       omaha hi-lo ``high``, ``eight-or-better``
``stud``                           seven-card stud, high                  stud        ``high``
``stud-hilo``                      stud high + eight-or-better low        stud hi-lo  ``high``, ``eight-or-better``
``razz``                           seven-card stud, ace-to-five low       stud        ``ace-five-low``
``badugi``                         four cards, distinct ranks and suits   whole hand  ``badugi``
``ofc``                            open-face rows: 3-card top, 5-card     whole hand  ``ofc``
``three-card-poker``               three-card poker's ladder              whole hand  ``three-card-poker``
================================== ====================================== =========== ======================

The stud games rank the best five of each player's seven cards (``evaluate`` and ``showdown``
take 5 to 7 cards, as in the best-five games) and have an equity engine of their own (known and
unknown cards per player, no board).  The whole-hand games rank a hand as dealt, of the sizes
``hand_sizes`` says: badugi 4 cards, three-card poker 3, open-face rows 3 (the top row) or 5, on one
scale.

Strengths are higher-is-better in every game (low games included), so ``max`` and ``argmax``
settle a showdown in any of them.

>>> get_variant("short-deck").deck_size, get_variant("omaha").hole_sizes, get_variant("ofc").hand_sizes
(36, (4, 5, 6), (3, 5))
>>> get_variant("nope")
Traceback (most recent call last):
...
ValueError: unknown variant 'nope'; choose one of: high, short-deck, short-deck-straight-over-trips, ace-five-low, eight-or-better, deuce-seven-low, omaha, omaha-hilo, stud, stud-hilo, razz, badugi, ofc, three-card-poker
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Union

from ._messages import shown, sizes_text
from .constants import BADUGI_CARDS, HAND_SIZES, N_RANKS, N_SUITS, OFC_ROW_SIZES, RANK_CHARS, THREE_CARDS, card
from . import layout
from .rules import HOLDEM, OMAHA, OMAHA_HILO, STUD, STUD_HILO, WHOLE, HandRule
from .tables import TableSet, load_table_set

__all__ = ["Variant", "VARIANTS", "VariantLike", "get_variant", "register_variant", "BEST_FIVE_VARIANTS"]

#: How :func:`pokerlut.describe` words a strength of the game (a key of :mod:`pokerlut.strength`'s styles):
#: the high ladder; the three-card ladder (no royal flush); ace-to-five lows; deuce-to-seven lows; badugi.
HIGH_WORDS, THREE_CARD_WORDS, ACE_FIVE_WORDS, DEUCE_SEVEN_WORDS, BADUGI_WORDS = (
    "high", "three-card", "ace-to-five", "deuce-to-seven", "badugi")


@dataclass(frozen=True)
class Variant:
    """One game: see the module doc."""

    name: str
    title: str  #: human name, e.g. "Short deck"
    ranks: tuple[int, ...]  #: the rank ids its deck holds (four suits each)
    rule: HandRule  #: its hand rule (:mod:`pokerlut.rules`): sizes, hi-lo, deal reader, engines
    table_set: str  #: the tables of its (high) hands
    low_table_set: str | None = None  #: the tables of its low hands (hi-lo)
    wild: bool = False  #: the wild card (id 52) may be dealt
    low: bool = False  #: a low game (the better hand has the smaller cards)
    hand_sizes: tuple[int, ...] = HAND_SIZES  #: the cards of one hand ``evaluate`` ranks (not Omaha)
    describe_style: str = HIGH_WORDS  #: how :func:`pokerlut.describe` words its strengths

    @property
    def hole_sizes(self) -> tuple[int, ...]:
        """Hole cards per player in a showdown of hole cards and a shared board (Omaha); else ``()``."""
        return self.rule.hole_sizes if self.rule.shares_board else ()

    @property
    def board_sizes(self) -> tuple[int, ...]:
        """Board cards of such a showdown (Omaha); else ``()``."""
        return self.rule.showdown_board_sizes or ()

    @property
    def given_hand_sizes(self) -> tuple[int, ...]:
        """The cards of one hand as a user gives it to be ranked: Omaha's hole cards, else a whole hand."""
        return self.hole_sizes or self.hand_sizes

    @cached_property
    def deck(self) -> tuple[int, ...]:
        """The natural card ids the game deals (worked out once per game)."""
        return tuple(card(r, s) for r in self.ranks for s in range(N_SUITS))

    @property
    def deck_size(self) -> int:
        return len(self.ranks) * N_SUITS

    @property
    def tables(self) -> TableSet:
        """The (high) table set, loaded and verified on first use; in a game without the wild card
        its card table refuses it (seven-card stud and Omaha rank on the high game's tables)."""
        tables = load_table_set(self.table_set)
        return tables if self.wild else tables.natural

    @property
    def low_tables(self) -> TableSet | None:
        return load_table_set(self.low_table_set) if self.low_table_set else None


    def hand_size_text(self, got: int) -> str:
        """The one sentence for a hand of ``got`` cards that the game does not rank, as pokerlut's
        calls and its command line both say it.

        >>> get_variant("high").hand_size_text(8), get_variant("badugi").hand_size_text(3)
        ('a hand is 5, 6 or 7 cards, got 8', 'a badugi hand is 4 cards, got 3')
        >>> get_variant("omaha").hand_size_text(3)
        'an omaha hand is 4, 5 or 6 hole cards, got 3'
        """
        return self.rule.hand_size_text(got, self.name, self.hand_sizes)

    def describe_deck(self) -> str:
        """A few words naming the deck, for error messages.

        >>> get_variant("short-deck").describe_deck()
        'the short-deck deck (6 to A, 36 cards)'
        """
        low, high = RANK_CHARS[self.ranks[0]], RANK_CHARS[self.ranks[-1]]
        wild = " and the wild card" if self.wild else ""
        return f"the {self.name} deck ({low} to {high}, {self.deck_size} cards{wild})"


_ALL_RANKS = tuple(range(N_RANKS))

#: The ranks of the short deck: six to ace.
_SHORT_RANKS = tuple(range(RANK_CHARS.index("6"), N_RANKS))

#: Every game by name, in the order the docs list them.
VARIANTS: dict[str, Variant] = {}


def register_variant(variant: Variant) -> Variant:
    """Add a game to :data:`VARIANTS` (its name must be new; its table sets must exist when first
    used); returns it.

    >>> register_variant(VARIANTS["high"])
    Traceback (most recent call last):
    ...
    ValueError: a game named 'high' is registered already
    """
    if variant.name in VARIANTS:
        raise ValueError(f"a game named {variant.name!r} is registered already")
    VARIANTS[variant.name] = variant
    return variant


for _game in (
    Variant("high", "Standard high", _ALL_RANKS, HOLDEM, "high", wild=True),
    Variant("short-deck", "Short deck", _SHORT_RANKS, HOLDEM, "short-deck"),
    Variant("short-deck-straight-over-trips", "Short deck, straight over trips", _SHORT_RANKS, HOLDEM,
            "short-deck-straight-over-trips"),
    Variant("ace-five-low", "Ace-to-five low", _ALL_RANKS, HOLDEM, "ace-five-low", low=True,
            describe_style=ACE_FIVE_WORDS),
    Variant("eight-or-better", "Eight-or-better low", _ALL_RANKS, HOLDEM, "eight-or-better", low=True,
            describe_style=ACE_FIVE_WORDS),
    Variant("deuce-seven-low", "Deuce-to-seven low", _ALL_RANKS, HOLDEM, "deuce-seven-low", low=True,
            describe_style=DEUCE_SEVEN_WORDS),
    Variant("omaha", "Omaha", _ALL_RANKS, OMAHA, "high"),
    Variant("omaha-hilo", "Omaha hi-lo (eight or better)", _ALL_RANKS, OMAHA_HILO, "high", layout.OMAHA_LOW_SCALE),
    Variant("stud", "Seven-card stud", _ALL_RANKS, STUD, "high"),
    Variant("stud-hilo", "Seven-card stud hi-lo (eight or better)", _ALL_RANKS, STUD_HILO, "high",
            "eight-or-better"),
    Variant("razz", "Razz", _ALL_RANKS, STUD, "ace-five-low", low=True, describe_style=ACE_FIVE_WORDS),
    Variant("badugi", "Badugi", _ALL_RANKS, WHOLE, "badugi", low=True, hand_sizes=(BADUGI_CARDS,),
            describe_style=BADUGI_WORDS),
    Variant("ofc", "Open-face Chinese poker rows", _ALL_RANKS, WHOLE, "ofc", hand_sizes=OFC_ROW_SIZES),
    Variant("three-card-poker", "Three-card poker", _ALL_RANKS, WHOLE, "three-card-poker",
            hand_sizes=(THREE_CARDS,), describe_style=THREE_CARD_WORDS),
):
    register_variant(_game)
#: The games ranked by the best five of 5-7 cards (every one but Omaha's), in :data:`VARIANTS` order.
BEST_FIVE_VARIANTS: tuple[str, ...] = tuple(name for name, v in VARIANTS.items() if v.rule is HOLDEM)

#: A game argument: a name from :data:`VARIANTS` (``"short-deck"``) or a :class:`Variant`.
VariantLike = Union[str, Variant]


def get_variant(variant: VariantLike = "high") -> Variant:
    """The :class:`Variant` of a name (or the variant itself).

    >>> get_variant("omaha-hilo").low_table_set
    'eight-or-better'
    """
    if isinstance(variant, Variant):
        return variant
    if not isinstance(variant, str):
        raise TypeError(f"variant must be a name ({', '.join(VARIANTS)}), got {type(variant).__name__}")
    try:
        return VARIANTS[variant]
    except KeyError:
        raise ValueError(f"unknown variant {shown(variant)}; choose one of: {', '.join(VARIANTS)}") from None


def best_five_variant(variant: VariantLike, what: str) -> Variant:
    """The variant, which must be one whose hands are ranked given whole (not Omaha): the best
    five of 5-7 cards, or a game of its own hand sizes (badugi, 3-card rows)."""
    v = get_variant(variant)
    if not v.rule.ranks_hands_given_whole:
        raise ValueError(f"{what} ranks hands of {sizes_text(HAND_SIZES)} cards; an {v.name} hand is hole cards plus a board: "
                         f"use pokerlut.showdown(holes, board, variant={v.name!r}) or "
                         f"pokerlut.evaluate_omaha")
    return v

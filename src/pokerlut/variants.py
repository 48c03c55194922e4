"""The games pokerlut ranks, as data: deck, ladder, hand rule, wild card, table set.

Every public function takes ``variant=`` (a name, or a :class:`Variant`); ``"high"`` is the
default.  The rules of each game are in ``docs/rules.md`` ("Other variants", "Strength scales").

=================== ======================================= =========== ============================
name                game                                    hand rule   tables
=================== ======================================= =========== ============================
``high``            standard high hands, wild cards allowed best 5 of k ``high``
``short-deck``      36 cards (6 to A), flush over full house best 5 of k ``short-deck``
``ace-five-low``    razz low: aces low, no straights/flushes best 5 of k ``ace-five-low``
``eight-or-better`` ace-to-five low, five ranks of 8 or less best 5 of k ``eight-or-better``
``deuce-seven-low`` aces high, straights and flushes count  best 5 of k ``deuce-seven-low``
``omaha``           exactly 2 of 4-6 hole + 3 of 3-5 board  omaha       ``high``
``omaha-hilo``      omaha high + eight-or-better low        omaha hi-lo ``high``, ``eight-or-better``
=================== ======================================= =========== ============================

Strengths are higher-is-better in every game (low games included), so ``max`` and ``argmax``
settle a showdown in any of them.

>>> get_variant("short-deck").deck_size, get_variant("omaha").hole_sizes
(36, (4, 5, 6))
>>> get_variant("nope")
Traceback (most recent call last):
...
ValueError: unknown variant 'nope'; choose one of: high, short-deck, ace-five-low, eight-or-better, deuce-seven-low, omaha, omaha-hilo
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .constants import N_RANKS, N_SUITS, OMAHA_BOARD_SIZES, OMAHA_HOLE_SIZES, RANK_CHARS, card
from .tables import TableSet, load_table_set

BEST_FIVE, OMAHA, OMAHA_HILO = "best five of k", "omaha", "omaha hi-lo"


@dataclass(frozen=True)
class Variant:
    """One game: see the module doc."""

    name: str
    title: str  #: human name, e.g. "Short deck"
    ranks: tuple[int, ...]  #: the rank ids its deck holds (four suits each)
    rule: str  #: BEST_FIVE, OMAHA or OMAHA_HILO
    table_set: str  #: the tables of its (high) hands
    low_table_set: str | None = None  #: the tables of its low hands (hi-lo)
    wild: bool = False  #: the wild card (id 52) may be dealt
    low: bool = False  #: a low game (the better hand has the smaller cards)
    hole_sizes: tuple[int, ...] = ()  #: hole cards per player (Omaha)
    board_sizes: tuple[int, ...] = ()  #: board cards (Omaha)

    @property
    def deck(self) -> tuple[int, ...]:
        """The natural card ids the game deals."""
        return tuple(card(r, s) for r in self.ranks for s in range(N_SUITS))

    @property
    def deck_size(self) -> int:
        return len(self.ranks) * N_SUITS

    @property
    def tables(self) -> TableSet:
        """The (high) table set, loaded and verified on first use."""
        return load_table_set(self.table_set)

    @property
    def low_tables(self) -> TableSet | None:
        return load_table_set(self.low_table_set) if self.low_table_set else None

    @property
    def is_omaha(self) -> bool:
        return self.rule in (OMAHA, OMAHA_HILO)

    def describe_deck(self) -> str:
        """A few words naming the deck, for error messages.

        >>> get_variant("short-deck").describe_deck()
        'the short-deck deck (6 to A, 36 cards)'
        """
        low, high = RANK_CHARS[self.ranks[0]], RANK_CHARS[self.ranks[-1]]
        wild = " and the wild card" if self.wild else ""
        return f"the {self.name} deck ({low} to {high}, {self.deck_size} cards{wild})"


_ALL_RANKS = tuple(range(N_RANKS))

VARIANTS: dict[str, Variant] = {v.name: v for v in (
    Variant("high", "Standard high", _ALL_RANKS, BEST_FIVE, "high", wild=True),
    Variant("short-deck", "Short deck", tuple(range(4, 13)), BEST_FIVE, "short-deck"),
    Variant("ace-five-low", "Ace-to-five low", _ALL_RANKS, BEST_FIVE, "ace-five-low", low=True),
    Variant("eight-or-better", "Eight-or-better low", _ALL_RANKS, BEST_FIVE, "eight-or-better", low=True),
    Variant("deuce-seven-low", "Deuce-to-seven low", _ALL_RANKS, BEST_FIVE, "deuce-seven-low", low=True),
    Variant("omaha", "Omaha", _ALL_RANKS, OMAHA, "high", hole_sizes=OMAHA_HOLE_SIZES,
            board_sizes=OMAHA_BOARD_SIZES),
    Variant("omaha-hilo", "Omaha hi-lo (eight or better)", _ALL_RANKS, OMAHA_HILO, "high", "eight-or-better",
            hole_sizes=OMAHA_HOLE_SIZES, board_sizes=OMAHA_BOARD_SIZES),
)}
#: The games ranked by the best five of 5-7 cards (every one but Omaha's), in :data:`VARIANTS` order.
BEST_FIVE_VARIANTS: tuple[str, ...] = tuple(name for name, v in VARIANTS.items() if v.rule == BEST_FIVE)

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
        raise ValueError(f"unknown variant {variant!r}; choose one of: {', '.join(VARIANTS)}") from None


def best_five_variant(variant: VariantLike, what: str) -> Variant:
    """The variant, which must be one ranked by the best five of 5-7 cards (not Omaha)."""
    v = get_variant(variant)
    if v.is_omaha:
        raise ValueError(f"{what} ranks hands of 5, 6 or 7 cards; an {v.name} hand is hole cards plus a board: "
                         f"use pokerlut.showdown(holes, board, variant={v.name!r}) or "
                         f"pokerlut.evaluate_omaha")
    return v

"""Video poker games, their pay-class ladders and pay tables.

Nine games, each with the ladder of ``docs/rules.md`` ("Video poker pay classes"):

* ``jacks-or-better``: 52 cards, no wild card;
* the bonus family, 52 cards, no wild card, four of a kind paid by its rank (and, in Double
  Double and Triple Double Bonus, by its kicker): ``bonus-poker``, ``bonus-poker-deluxe``,
  ``double-bonus``, ``double-double-bonus``, ``triple-double-bonus``;
* ``deuces-wild``: 52 cards, the four deuces (ids 0..3) are wild;
* ``deuces-wild-bonus``: Deuces Wild Bonus Poker, five of a kind paid by its rank and four
  deuces more with an ace;
* ``joker-poker``: kings or better, 53 cards, the joker (id 52) is wild.

Pay classes are small integers per game, ``0`` = nothing (a losing hand) and higher = better, in
the ladder's order (the order the machine shows its pay table in); :attr:`Game.classes` holds
their keys (``"royal_flush"``, ...) and :attr:`Game.class_names` their display names.  A
:class:`PayTable` gives the payout per coin of each class; every game ships its standard full-pay
table (:attr:`Game.paytable`).  Those are the payouts per coin *at the maximum bet of five coins*:
the royal flush's 4,000-coin jackpot for five coins is 800 per coin (one to four coins pay 250 per
coin; pass your own table to study that).

A final hand's class is a function of pokerlut's strength of the hand (wild cards relabelled to
52) and of how many wild cards it holds: the strength's ``hand_values`` row names the category
and the ranks, so four of a kind's rank and kicker and five of a kind's rank are read from it
(:func:`class_lut`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Mapping, Sequence, TypeAlias, Union

import numpy as np

from ..constants import (ACE, DEUCE, FIVE_OF_A_KIND, FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, ONE_PAIR, STRAIGHT,
                         STRAIGHT_FLUSH, THREE_OF_A_KIND, TWO_PAIR, WILD, N_NATURAL)
from ..tables import load_table_set
from .._messages import shown
from .payouts import MAX_PAY, MAX_PAY_CHARS, as_pay, parse_pay  # noqa: F401 (re-exported)

__all__ = ["GAMES", "Game", "MAX_PAY", "MAX_PAY_CHARS", "PayTable", "PayTableLike", "get_game", "make_paytable",
           "parse_pay"]

JOKER = WILD
KING, JACK = ACE - 1, ACE - 3


@dataclass(frozen=True, eq=False)
class PayTable:
    """Payout per coin bet for each pay class of one game (immutable, hashable).

    ``pays[c]`` is the payout of class ``c`` as an exact :class:`~fractions.Fraction` (a float
    given by the user is kept exactly as the binary value it is); ``pays[0]`` is the losing
    class's, normally 0.  Build one with :func:`make_paytable`; index it by class key.

    >>> from pokerlut.videopoker import get_game
    >>> t = get_game("jacks-or-better").paytable
    >>> t["royal_flush"], t["jacks_or_better"], t.name
    (800, 1, '9/6 full pay')
    """

    game_key: str
    pays: tuple[Fraction, ...]
    name: str = "custom"
    _key: tuple = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_key", (self.game_key, self.pays))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PayTable) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    @property
    def game(self) -> Game:
        return GAMES[self.game_key]

    def __getitem__(self, class_key: str) -> int | Fraction:
        pay = self.pays[self.game.class_id(class_key)]
        return int(pay) if pay.denominator == 1 else pay

    def as_dict(self) -> dict[str, int | Fraction]:
        """``{class key: pay}``, best class first, the losing class left out.

        >>> from pokerlut.videopoker import get_game
        >>> list(get_game("deuces-wild").paytable.as_dict().items())[:3]
        [('natural_royal_flush', 800), ('four_deuces', 200), ('wild_royal_flush', 25)]
        """
        keys = self.game.classes
        return {keys[c]: self[keys[c]] for c in range(len(keys) - 1, 0, -1)}

    def values(self) -> np.ndarray:
        """The payouts as float64, indexed by class id."""
        return np.array([float(p) for p in self.pays], dtype=np.float64)

    def __str__(self) -> str:
        game = self.game
        lines = [f"{game.name}, {self.name} (payout per coin bet)"]
        width = max(len(n) for n in game.class_names)
        for c in range(len(self.pays) - 1, 0, -1):
            lines.append(f"  {game.class_names[c]:<{width}}  {_format_pay(self.pays[c]):>6}")
        return "\n".join(lines)


#: A pay table argument: a :class:`PayTable`, ``{class key: payout}`` naming every paying class,
#: the payouts best class first, or ``None`` for the game's standard table (see :func:`make_paytable`).
PayTableLike: TypeAlias = Union[PayTable, Mapping[str, Any], Sequence[Any], None]


def _format_pay(pay: Fraction) -> str:
    return str(int(pay)) if pay.denominator == 1 else f"{float(pay):g}"


@dataclass(frozen=True)
class ClassRules:
    """How a game sorts final hands into its pay classes (``docs/rules.md``).

    ``family``: ``"natural"`` (no wild card: the Jacks or Better ladder), ``"deuces"`` (the four
    deuces wild) or ``"joker"`` (one joker, kings or better).  ``pair_min``: the lowest rank of a
    paying pair (``None``: no pair pays).  ``quads``: four-of-a-kind classes, first match wins,
    each ``(key, ranks, kickers)`` (``kickers`` ``None``: any kicker); empty: one class
    ``four_of_a_kind``.  ``fives``: five-of-a-kind classes ``(key, ranks)`` likewise (empty: one
    class ``five_of_a_kind``).  ``four_deuces``: the four-deuces classes ``(key, kickers)``.
    """

    family: str
    pair_min: int | None = None
    quads: tuple[tuple[str, frozenset, frozenset | None], ...] = ()
    fives: tuple[tuple[str, frozenset], ...] = ()
    four_deuces: tuple[tuple[str, frozenset | None], ...] = (("four_deuces", None),)

    def rank_sets(self) -> tuple[frozenset, ...]:
        """Every set of ranks the rules tell apart: the paying-pair ranks, the quad and five-of-a-kind
        rank sets, the kicker sets."""
        sets = []
        if self.pair_min is not None:
            sets.append(frozenset(range(self.pair_min, ACE + 1)))
        for _, ranks, kickers in self.quads:
            sets.append(ranks)
            if kickers is not None:
                sets.append(kickers)
        for _, ranks in self.fives:
            sets.append(ranks)
        if self.family == "deuces":
            for _, kickers in self.four_deuces:
                if kickers is not None:
                    sets.append(kickers)
        return tuple(sets)


@dataclass(frozen=True, eq=False)
class Game:
    """One video poker game: its deck, its wild cards and its pay-class ladder.

    ``classes`` are the class keys, index = class id, ``0`` the losing class and the best hand
    last (the top of the machine's pay table); ``class_names`` the same as display names.
    ``deck_size`` is 52 (ids 0..51) or 53 (the joker, id 52, too); ``wild_cards`` the ids that are
    wild; ``rules`` how final hands fall into the classes.
    """

    key: str
    name: str
    deck_size: int
    wild_cards: tuple[int, ...]
    classes: tuple[str, ...]
    class_names: tuple[str, ...]
    standard: Mapping[str, int | Fraction] = field(repr=False)
    standard_name: str = field(repr=False, default="full pay")
    rules: ClassRules = field(repr=False, default=ClassRules("natural", JACK))

    @property
    def n_classes(self) -> int:
        return len(self.classes)

    @property
    def paytable(self) -> PayTable:
        """The game's standard full-pay table (per coin at the five-coin bet)."""
        return make_paytable(self, self.standard, name=self.standard_name)

    def class_id(self, class_key: str) -> int:
        """Class id of a class key (case, spaces and hyphens do not matter).

        >>> get_game("joker-poker").class_id("Kings or better")
        1
        >>> get_game("double-double-bonus").class_id("Four aces with 2-4")
        11
        """
        if not isinstance(class_key, str):
            raise TypeError(f"a pay class is named by a str, got {type(class_key).__name__}: {shown(class_key)}")
        key = _normalize(class_key)
        try:
            return self.classes.index(key)
        except ValueError:

            raise ValueError(f"{shown(class_key)} is not a pay class of {self.name}; its classes are: "
                             f"{', '.join(reversed(self.classes))}") from None

    def wild_map(self) -> np.ndarray:
        """``map[card]``: the card as pokerlut's evaluator sees it (wild cards become 52)."""
        m = np.arange(JOKER + 1, dtype=np.uint8)
        m[list(self.wild_cards)] = JOKER
        return m

    def __str__(self) -> str:
        return self.name


def _normalize(name: str) -> str:
    return re.sub(r"[\s\-]+", "_", name.strip().lower())


def _ladder(*names: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Keys and display names from the best class down (as docs/rules.md lists them)."""
    display = tuple(reversed(names))
    return tuple(_normalize(n) for n in display), display


def _game(key: str, name: str, deck_size: int, wild_cards: tuple[int, ...], ladder: tuple[str, ...],
          pays: tuple, standard_name: str, rules: ClassRules) -> Game:
    """A game from its ladder best first and its standard pays in the same order."""
    keys, names = _ladder(*ladder, "Nothing")
    assert len(pays) == len(keys) - 1, key
    return Game(key, name, deck_size, wild_cards, keys, names, dict(zip(reversed(keys[1:]), pays)),
                standard_name, rules)


ACES = frozenset({ACE})
TWOS_TO_FOURS = frozenset({DEUCE, DEUCE + 1, DEUCE + 2})
FIVES_TO_KINGS = frozenset(range(DEUCE + 3, ACE))
ACE_TO_FOURS = ACES | TWOS_TO_FOURS

_JOB_LADDER = ("Royal flush", "Straight flush", "Four of a kind", "Full house", "Flush", "Straight",
               "Three of a kind", "Two pair", "Jacks or better")
_BONUS_QUADS = (("four_aces", ACES, None), ("four_2s_4s", TWOS_TO_FOURS, None),
                ("four_5s_ks", FIVES_TO_KINGS, None))
_BONUS_LADDER = ("Royal flush", "Straight flush", "Four aces", "Four 2s-4s", "Four 5s-Ks", "Full house", "Flush",
                 "Straight", "Three of a kind", "Two pair", "Jacks or better")
_KICKER_QUADS = (("four_aces_with_2_4", ACES, TWOS_TO_FOURS),
                 ("four_2s_4s_with_a_4", TWOS_TO_FOURS, ACE_TO_FOURS), *_BONUS_QUADS)
_KICKER_CLASSES = ("Four aces with 2-4", "Four 2s-4s with A-4", "Four aces", "Four 2s-4s", "Four 5s-Ks")
_LOW_TAIL = ("Full house", "Flush", "Straight", "Three of a kind", "Two pair", "Jacks or better")
_DEUCES_LADDER = ("Natural royal flush", "Four deuces", "Wild royal flush", "Five of a kind", "Straight flush",
                  "Four of a kind", "Full house", "Flush", "Straight", "Three of a kind")
_DEUCES_BONUS_LADDER = ("Natural royal flush", "Four deuces with an ace", "Four deuces", "Five aces", "Five 3s-5s",
                        "Five 6s-Ks", "Wild royal flush", "Straight flush", "Four of a kind", "Full house", "Flush",
                        "Straight", "Three of a kind")
_JOKER_LADDER = ("Natural royal flush", "Five of a kind", "Wild royal flush", "Straight flush", "Four of a kind",
                 "Full house", "Flush", "Straight", "Three of a kind", "Two pair", "Kings or better")
_DEUCES = (0, 1, 2, 3)

GAMES: Mapping[str, Game] = MappingProxyType({
    g.key: g
    for g in (
        _game("jacks-or-better", "Jacks or Better", N_NATURAL, (), _JOB_LADDER, (800, 50, 25, 9, 6, 4, 3, 2, 1),
              "9/6 full pay", ClassRules("natural", JACK)),
        _game("bonus-poker", "Bonus Poker", N_NATURAL, (), _BONUS_LADDER, (800, 50, 80, 40, 25, 8, 5, 4, 3, 2, 1),
              "8/5 full pay", ClassRules("natural", JACK, _BONUS_QUADS)),
        _game("bonus-poker-deluxe", "Bonus Poker Deluxe", N_NATURAL, (), _JOB_LADDER, (800, 50, 80, 9, 6, 4, 3, 1, 1),
              "9/6 full pay", ClassRules("natural", JACK)),
        _game("double-bonus", "Double Bonus", N_NATURAL, (), _BONUS_LADDER, (800, 50, 160, 80, 50, 10, 7, 5, 3, 1, 1),
              "10/7 full pay", ClassRules("natural", JACK, _BONUS_QUADS)),
        _game("double-double-bonus", "Double Double Bonus", N_NATURAL, (), ("Royal flush", "Straight flush",
              *_KICKER_CLASSES, *_LOW_TAIL), (800, 50, 400, 160, 160, 80, 50, 9, 6, 4, 3, 1, 1),
              "9/6 full pay", ClassRules("natural", JACK, _KICKER_QUADS)),
        _game("triple-double-bonus", "Triple Double Bonus", N_NATURAL, (), ("Royal flush", *_KICKER_CLASSES,
              "Straight flush", *_LOW_TAIL), (800, 800, 400, 160, 80, 50, 50, 9, 7, 4, 2, 1, 1),
              "9/7 full pay", ClassRules("natural", JACK, _KICKER_QUADS)),
        _game("deuces-wild", "Deuces Wild", N_NATURAL, _DEUCES, _DEUCES_LADDER, (800, 200, 25, 15, 9, 5, 3, 2, 2, 1),
              "full pay", ClassRules("deuces")),
        _game("deuces-wild-bonus", "Deuces Wild Bonus Poker", N_NATURAL, _DEUCES, _DEUCES_BONUS_LADDER,
              (800, 400, 200, 80, 40, 20, 25, 9, 4, 4, 3, 1, 1), "9/4/4/3 full pay",
              ClassRules("deuces", None, (), (("five_aces", ACES), ("five_3s_5s", frozenset({1, 2, 3})),
                                              ("five_6s_ks", frozenset(range(4, ACE)))),
                         (("four_deuces_with_an_ace", ACES), ("four_deuces", None)))),
        _game("joker-poker", "Joker Poker (kings or better)", N_NATURAL + 1, (JOKER,), _JOKER_LADDER,
              (800, 200, 100, 50, 20, 7, 5, 3, 2, 1, 1), "20/7/5 full pay", ClassRules("joker", KING)),
    )
})

_ALIASES = {
    **{_normalize(key): key for key in GAMES},
    "job": "jacks-or-better", "jacks": "jacks-or-better",
    "bonus": "bonus-poker", "bp": "bonus-poker",
    "bpd": "bonus-poker-deluxe", "deluxe": "bonus-poker-deluxe",
    "double_bonus_poker": "double-bonus", "db": "double-bonus",
    "double_double_bonus_poker": "double-double-bonus", "ddb": "double-double-bonus",
    "triple_double_bonus_poker": "triple-double-bonus", "tdb": "triple-double-bonus",
    "deuces": "deuces-wild", "dw": "deuces-wild",
    "deuces_wild_bonus_poker": "deuces-wild-bonus", "bonus_deuces_wild": "deuces-wild-bonus",
    "bonus_deuces": "deuces-wild-bonus", "dwb": "deuces-wild-bonus",
    "joker": "joker-poker", "joker_poker_kings_or_better": "joker-poker", "kings_or_better": "joker-poker",
}


def get_game(game: str | Game) -> Game:
    """The :class:`Game` for a name (``"jacks-or-better"``, ``"bonus-poker"``, ``"bonus-poker-deluxe"``,
    ``"double-bonus"``, ``"double-double-bonus"``, ``"triple-double-bonus"``, ``"deuces-wild"``,
    ``"deuces-wild-bonus"``, ``"joker-poker"``; case, spaces, hyphens and underscores do not
    matter, and short names such as ``"job"``, ``"ddb"``, ``"deuces"``, ``"bonus-deuces-wild"``,
    ``"joker"`` are accepted) or a :class:`Game` itself.

    >>> get_game("Deuces Wild").deck_size, get_game("joker").deck_size, get_game("DDB").name
    (52, 53, 'Double Double Bonus')
    """
    if isinstance(game, Game):
        if GAMES.get(game.key) is not game:
            raise ValueError(f"{game.name!r} is not one of pokerlut's games ({', '.join(GAMES)})")
        return game
    if not isinstance(game, str):
        raise TypeError(f"game must be a game name (str) or a Game, got {type(game).__name__}: {shown(game)}")
    key = _ALIASES.get(_normalize(game))
    if key is None:

        raise ValueError(f"unknown game {shown(game)}; the games are: {', '.join(GAMES)}")
    return GAMES[key]


def make_paytable(game: str | Game, pays: PayTableLike = None,
                  *, name: str = "custom") -> PayTable:
    """A validated :class:`PayTable` for ``game``; ``None`` gives the standard full-pay table.

    ``pays`` is a mapping ``{class key: payout per coin}`` that names every paying class (the
    losing class ``"nothing"`` may be left out; it pays 0), or a sequence of the payouts best
    class first, the way a machine shows its table (without "nothing").  A missing, unknown,
    negative, infinite or non-numeric entry is an error, and so is a payout above
    :data:`MAX_PAY` (1e250 per coin), which would overflow the sums of :func:`game_return`.

    >>> t = make_paytable("jacks-or-better", [800, 50, 25, 8, 5, 4, 3, 2, 1], name="8/5")
    >>> t["full_house"], t["flush"]
    (8, 5)
    >>> make_paytable("jacks-or-better", {"royal flush": 800})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the Jacks or Better pay table has no entry for: straight_flush, ..., jacks_or_better
    """
    g = get_game(game)
    if pays is None:
        pays, name = g.standard, g.standard_name
    if isinstance(pays, PayTable):
        if pays.game_key != g.key:
            other = GAMES[pays.game_key].name if pays.game_key in GAMES else repr(pays.game_key)
            raise ValueError(f"that pay table is for {other}, not {g.name}")
        if not isinstance(pays.pays, tuple) or len(pays.pays) != g.n_classes:
            raise ValueError(f"that {g.name} pay table's pays must be a tuple of one pay per class ({g.n_classes}), "
                             f"got {pays.pays!r}")
        for c, value in enumerate(pays.pays):  # a PayTable built by hand skipped make_paytable's checks
            as_pay(value, g.class_names[c])
        return pays
    values = [Fraction(0)] * g.n_classes
    if isinstance(pays, Mapping):
        given = set()
        for class_key, value in pays.items():
            c = g.class_id(class_key)
            if c in given:
                raise ValueError(f"the {g.name} pay table names {g.classes[c]!r} twice")
            given.add(c)
            values[c] = as_pay(value, g.class_names[c])
        missing = [g.classes[c] for c in range(g.n_classes - 1, 0, -1) if c not in given]
        if missing:
            raise ValueError(f"the {g.name} pay table has no entry for: {', '.join(missing)}")
    elif isinstance(pays, (Sequence, np.ndarray)) and not isinstance(pays, (str, bytes)):
        seq = list(pays)
        if len(seq) != g.n_classes - 1:
            raise ValueError(
                f"a {g.name} pay table given as a sequence needs {g.n_classes - 1} payouts, best class "
                f"first ({', '.join(reversed(g.classes[1:]))}); got {len(seq)}")
        for i, value in enumerate(seq):
            c = g.n_classes - 1 - i
            values[c] = as_pay(value, g.class_names[c])
    else:
        raise TypeError(f"a pay table is a mapping {{class: pay}} or a sequence of pays, got {type(pays).__name__}")
    return PayTable(g.key, tuple(values), name)


def _member(ranks: np.ndarray, members: frozenset | None) -> np.ndarray:
    if members is None:
        return np.ones(ranks.shape, dtype=bool)
    return np.isin(ranks, sorted(members))


@lru_cache(maxsize=None)
def class_lut(game_key: str) -> np.ndarray:
    """``lut[n_wild, strength]``: the pay class of a final hand from pokerlut's strength of the hand
    (wild cards relabelled to 52) and how many wild cards it holds (uint8, read-only).

    The strength's ``hand_values`` row gives the category and the ranks that name it: four of a
    kind's rank and kicker, five of a kind's rank, a straight flush's top card, a pair's rank.
    """
    g = GAMES[game_key]
    rules = g.rules
    hv = load_table_set("high").hand_values.astype(np.int64)
    cat, top, second = hv[:, 0], hv[:, 1], hv[:, 2]
    lut = np.zeros((len(g.wild_cards) + 1, len(hv)), dtype=np.uint8)
    cid = g.classes.index
    royal = (cat == STRAIGHT_FLUSH) & (top == ACE)
    quads = cat == FOUR_OF_A_KIND
    if rules.quads:
        quad_rules = [(quads & _member(top, ranks) & _member(second, kickers), key)
                      for key, ranks, kickers in rules.quads]
    else:
        quad_rules = [(quads, "four_of_a_kind")]
    fives = cat == FIVE_OF_A_KIND
    if rules.fives:
        five_rules = [(fives & _member(top, ranks), key) for key, ranks in rules.fives]
    else:
        five_rules = [(fives, "five_of_a_kind")]
    made = [(cat == FULL_HOUSE, "full_house"), (cat == FLUSH, "flush"), (cat == STRAIGHT, "straight"),
            (cat == THREE_OF_A_KIND, "three_of_a_kind")]
    for w in range(len(g.wild_cards) + 1):
        if rules.family == "natural":
            rules_w = [(royal, "royal_flush"), (cat == STRAIGHT_FLUSH, "straight_flush"), *quad_rules, *made,
                       (cat == TWO_PAIR, "two_pair"), ((cat == ONE_PAIR) & (top >= rules.pair_min), "jacks_or_better")]
        elif rules.family == "deuces":
            # four deuces and a natural card of rank r rank as five r's
            all_deuces = [(np.full(len(hv), w == 4) & _member(top, kickers), key)
                          for key, kickers in rules.four_deuces]
            rules_w = [*all_deuces, (royal & (w == 0), "natural_royal_flush"), (royal, "wild_royal_flush"),
                       *five_rules, (cat == STRAIGHT_FLUSH, "straight_flush"), *quad_rules, *made]
        else:
            rules_w = [(royal & (w == 0), "natural_royal_flush"), *five_rules, (royal, "wild_royal_flush"),
                       (cat == STRAIGHT_FLUSH, "straight_flush"), *quad_rules, *made,
                       (cat == TWO_PAIR, "two_pair"), ((cat == ONE_PAIR) & (top >= rules.pair_min), "kings_or_better")]
        lut[w] = np.select([r for r, _ in rules_w], [cid(k) for _, k in rules_w], default=0)
    lut[:, 0] = 0  # strength 0 is no hand
    lut.setflags(write=False)
    return lut

"""Video poker games, their pay-class ladders and pay tables.

Three games, each with the ladder of ``docs/rules.md`` ("Video poker pay classes"):

* ``jacks-or-better``: 52 cards, no wild card;
* ``deuces-wild``: 52 cards, the four deuces (ids 0..3) are wild;
* ``joker-poker``: kings or better, 53 cards, the joker (id 52) is wild.

Pay classes are small integers per game, ``0`` = nothing (a losing hand) and higher = better, in
the ladder's order; :attr:`Game.classes` holds their keys (``"royal_flush"``, ...) and
:attr:`Game.class_names` their display names.  A :class:`PayTable` gives the payout per coin of
each class; every game ships its standard full-pay table (:attr:`Game.paytable`).  Those are the
payouts per coin *at the maximum bet of five coins*: the royal flush's 4,000-coin jackpot for five
coins is 800 per coin (one to four coins pay 250 per coin; pass your own table to study that).
"""

from __future__ import annotations

import math
import numbers
import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Mapping, Sequence

import numpy as np

from ..constants import (ACE, FIVE_OF_A_KIND, FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, ONE_PAIR, STRAIGHT, STRAIGHT_FLUSH,
                         THREE_OF_A_KIND, TWO_PAIR, WILD)
from ..tables import load_table_set

__all__ = ["GAMES", "Game", "MAX_PAY", "PayTable", "get_game", "make_paytable"]

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


def _format_pay(pay: Fraction) -> str:
    return str(int(pay)) if pay.denominator == 1 else f"{float(pay):g}"


@dataclass(frozen=True, eq=False)
class Game:
    """One video poker game: its deck, its wild cards and its pay-class ladder.

    ``classes`` are the class keys, index = class id, ``0`` the losing class and the best hand
    last; ``class_names`` the same as display names.  ``deck_size`` is 52 (ids 0..51) or 53 (the
    joker, id 52, too); ``wild_cards`` the ids that are wild.
    """

    key: str
    name: str
    deck_size: int
    wild_cards: tuple[int, ...]
    classes: tuple[str, ...]
    class_names: tuple[str, ...]
    standard: Mapping[str, int | Fraction] = field(repr=False)
    standard_name: str = field(repr=False, default="full pay")

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
        """
        if not isinstance(class_key, str):
            raise TypeError(f"a pay class is named by a str, got {type(class_key).__name__}: {class_key!r}")
        key = _normalize(class_key)
        try:
            return self.classes.index(key)
        except ValueError:
            raise ValueError(f"{class_key!r} is not a pay class of {self.name}; its classes are: "
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


_JOB_KEYS, _JOB_NAMES = _ladder(
    "Royal flush", "Straight flush", "Four of a kind", "Full house", "Flush", "Straight",
    "Three of a kind", "Two pair", "Jacks or better", "Nothing")
_DEUCES_KEYS, _DEUCES_NAMES = _ladder(
    "Natural royal flush", "Four deuces", "Wild royal flush", "Five of a kind", "Straight flush",
    "Four of a kind", "Full house", "Flush", "Straight", "Three of a kind", "Nothing")
_JOKER_KEYS, _JOKER_NAMES = _ladder(
    "Natural royal flush", "Five of a kind", "Wild royal flush", "Straight flush", "Four of a kind",
    "Full house", "Flush", "Straight", "Three of a kind", "Two pair", "Kings or better", "Nothing")

GAMES: Mapping[str, Game] = MappingProxyType({
    g.key: g
    for g in (
        Game("jacks-or-better", "Jacks or Better", 52, (), _JOB_KEYS, _JOB_NAMES,
             dict(zip(reversed(_JOB_KEYS[1:]), (800, 50, 25, 9, 6, 4, 3, 2, 1))), "9/6 full pay"),
        Game("deuces-wild", "Deuces Wild", 52, (0, 1, 2, 3), _DEUCES_KEYS, _DEUCES_NAMES,
             dict(zip(reversed(_DEUCES_KEYS[1:]), (800, 200, 25, 15, 9, 5, 3, 2, 2, 1))), "full pay"),
        Game("joker-poker", "Joker Poker (kings or better)", 53, (JOKER,), _JOKER_KEYS, _JOKER_NAMES,
             dict(zip(reversed(_JOKER_KEYS[1:]), (800, 200, 100, 50, 20, 7, 5, 3, 2, 1, 1))),
             "20/7/5 full pay"),
    )
})

_ALIASES = {
    "jacks_or_better": "jacks-or-better", "job": "jacks-or-better", "jacks": "jacks-or-better",
    "deuces_wild": "deuces-wild", "deuces": "deuces-wild", "dw": "deuces-wild",
    "joker_poker": "joker-poker", "joker": "joker-poker", "joker_poker_kings_or_better": "joker-poker",
    "kings_or_better": "joker-poker",
}


def get_game(game: str | Game) -> Game:
    """The :class:`Game` for a name (``"jacks-or-better"``, ``"deuces-wild"``, ``"joker-poker"``;
    case, spaces, hyphens and underscores do not matter, and ``"job"``, ``"deuces"``, ``"joker"``
    are accepted) or a :class:`Game` itself.

    >>> get_game("Deuces Wild").deck_size, get_game("joker").deck_size
    (52, 53)
    """
    if isinstance(game, Game):
        if GAMES.get(game.key) is not game:
            raise ValueError(f"{game.name!r} is not one of pokerlut's games ({', '.join(GAMES)})")
        return game
    if not isinstance(game, str):
        raise TypeError(f"game must be a game name (str) or a Game, got {type(game).__name__}: {game!r}")
    key = _ALIASES.get(_normalize(game))
    if key is None:
        raise ValueError(f"unknown game {game!r}; the games are: {', '.join(GAMES)}")
    return GAMES[key]


#: The largest payout per coin a pay table may hold.  :func:`~pokerlut.videopoker.game_return`
#: sums, over every deal, the best hold's value scaled to whole draws: up to about 2.5e21 times
#: the largest payout (C(53, 5) deals x 32 holds' inclusion-exclusion terms x C(53, 5) hands x the
#: draw counts' common multiple), which must stay below float64's 1.8e308; 1e250 leaves room.
MAX_PAY = 1e250


def _show_pay(value: Any) -> str:
    """A payout as the user would write it: ``-1``, ``2.5``, ``3/4``, not ``Fraction(-1, 1)``."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        return str(value)
    if isinstance(value, np.generic):
        value = value.item()
    return repr(value)


def _as_pay(value: Any, what: str) -> Fraction:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Rational, numbers.Real)):
        raise TypeError(f"the pay of {what} must be a number, got {type(value).__name__}: {value!r}")
    if isinstance(value, numbers.Rational):
        pay = Fraction(int(value.numerator), int(value.denominator))
    else:
        x = float(value)
        if not math.isfinite(x):
            raise ValueError(f"the pay of {what} must be a finite number, got {_show_pay(value)}")
        pay = Fraction(x)
    if pay < 0:
        raise ValueError(f"the pay of {what} must not be negative, got {_show_pay(value)}")
    if pay > MAX_PAY:
        shown = _show_pay(value)
        if len(shown) > 40:  # a huge integer or fraction: its integer part in scientific notation
            digits = str(int(pay))
            shown = f"{digits[0]}.{digits[1:4]}e+{len(digits) - 1}"
        raise ValueError(f"the pay of {what} is {shown}, more than the largest payout allowed ({MAX_PAY:g} per "
                         f"coin; larger ones overflow the float64 sums of a game's return)")
    return pay


def make_paytable(game: str | Game, pays: PayTable | Mapping[str, Any] | Sequence[Any] | None = None,
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
            _as_pay(value, g.class_names[c])
        return pays
    values = [Fraction(0)] * g.n_classes
    if isinstance(pays, Mapping):
        given = set()
        for class_key, value in pays.items():
            c = g.class_id(class_key)
            if c in given:
                raise ValueError(f"the {g.name} pay table names {g.classes[c]!r} twice")
            given.add(c)
            values[c] = _as_pay(value, g.class_names[c])
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
            values[c] = _as_pay(value, g.class_names[c])
    else:
        raise TypeError(f"a pay table is a mapping {{class: pay}} or a sequence of pays, got {type(pays).__name__}")
    return PayTable(g.key, tuple(values), name)


@lru_cache(maxsize=None)
def class_lut(game_key: str) -> np.ndarray:
    """``lut[n_wild, strength]``: the pay class of a final hand from pokerlut's strength of the hand
    (wild cards relabelled to 52) and how many wild cards it holds (uint8, read-only)."""
    g = GAMES[game_key]
    hv = load_table_set("high").hand_values.astype(np.int64)
    cat, top = hv[:, 0], hv[:, 1]
    n_wild_max = {"jacks-or-better": 0, "deuces-wild": 4, "joker-poker": 1}[game_key]
    lut = np.zeros((n_wild_max + 1, len(hv)), dtype=np.uint8)
    cid = g.classes.index
    for w in range(n_wild_max + 1):
        royal = (cat == STRAIGHT_FLUSH) & (top == ACE)
        if game_key == "jacks-or-better":
            rules = [(royal, "royal_flush"), (cat == STRAIGHT_FLUSH, "straight_flush"),
                     (cat == FOUR_OF_A_KIND, "four_of_a_kind"),
                     (cat == FULL_HOUSE, "full_house"), (cat == FLUSH, "flush"), (cat == STRAIGHT, "straight"),
                     (cat == THREE_OF_A_KIND, "three_of_a_kind"), (cat == TWO_PAIR, "two_pair"),
                     ((cat == ONE_PAIR) & (top >= JACK), "jacks_or_better")]
        elif game_key == "deuces-wild":
            rules = [(np.full(len(hv), w == 4), "four_deuces"),
                     (royal & (w == 0), "natural_royal_flush"), (royal, "wild_royal_flush"),
                     (cat == FIVE_OF_A_KIND, "five_of_a_kind"), (cat == STRAIGHT_FLUSH, "straight_flush"),
                     (cat == FOUR_OF_A_KIND, "four_of_a_kind"),
                     (cat == FULL_HOUSE, "full_house"), (cat == FLUSH, "flush"), (cat == STRAIGHT, "straight"),
                     (cat == THREE_OF_A_KIND, "three_of_a_kind")]
        else:
            rules = [(royal & (w == 0), "natural_royal_flush"), (cat == FIVE_OF_A_KIND, "five_of_a_kind"),
                     (royal, "wild_royal_flush"), (cat == STRAIGHT_FLUSH, "straight_flush"),
                     (cat == FOUR_OF_A_KIND, "four_of_a_kind"),
                     (cat == FULL_HOUSE, "full_house"), (cat == FLUSH, "flush"), (cat == STRAIGHT, "straight"),
                     (cat == THREE_OF_A_KIND, "three_of_a_kind"), (cat == TWO_PAIR, "two_pair"),
                     ((cat == ONE_PAIR) & (top >= KING), "kings_or_better")]
        lut[w] = np.select([r for r, _ in rules], [cid(k) for _, k in rules], default=0)
    lut[:, 0] = 0  # strength 0 is no hand
    lut.setflags(write=False)
    return lut

"""One equity question, read and checked once: the players, the board and the dead cards.

:func:`parse_deal` turns what a user passes to :func:`pokerlut.equity` into a :class:`Deal` that
every engine takes as it is (Hold'em exact and Monte Carlo, Omaha, the grid, Dask): each
player's hole cards or range, the known board and the dead cards, all natural cards of the
game's deck, no card dealt twice, and each range with its blocked combos removed.

Players are numbered from 0 in every message (``player 0`` is the first one given).

>>> d = parse_deal(["AhKh", "TT+"], "Qs 7h 2c")
>>> d.labels, len(d.ranges[1]), d.n_left     # TT+ without the Qs, the Ah and the Kh: 30 - 9 combos
(['AhKh', 'TT+'], 21, 45)
>>> parse_deal(["AhKh", "Ah Qc"])
Traceback (most recent call last):
...
ValueError: card Ah (id 50) is dealt twice: as player 0's card 0 and as player 1's card 0
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Sequence, TypeAlias, Union

import numpy as np
import numpy.typing as npt

from .. import config
from .._input import check_deal, deal_cards, natural_card_table
from .._messages import sizes_text
from ..cards import format_cards, parse_cards, shown
from ..constants import BOARD_CARDS, MAX_PLAYERS, MIN_PLAYERS, N_NATURAL, WILD
from ..ranges import OmahaRange, Range, parse_omaha_range, parse_range
from ..ranges.parse import KEPT_TEXT_CHARS
from ..typing import CardsLike
from ..rules import with_article
from ..variants import Variant, VariantLike, get_variant

__all__ = ["ImpossibleDeal", "Player", "Deal", "parse_deal", "RANDOM", "card_mask", "combo_masks", "relative_weights",
           "fit_together", "raise_if_unfit", "FIT_SEARCH_NODES", "check_seats", "check_deck", "PLAYER_READERS",
           "PlayerLike", "PlayersLike"]

#: One player of an equity question: hole cards (ids or text like ``"AhKh"``), range text
#: (``"TT+, AKs"``, ``"random"``), a :class:`~pokerlut.Range` or an Omaha range.
PlayerLike: TypeAlias = Union[str, Range, OmahaRange, npt.ArrayLike]
#: The players of an equity question: one :data:`PlayerLike` each, or an integer array ``(P, h)``.
PlayersLike: TypeAlias = Union[Sequence[PlayerLike], npt.ArrayLike]

#: What a random hand is written as (Omaha; in Hold'em ``random`` is the range of every combo).
RANDOM = ("random", "any")


class ImpossibleDeal(ValueError):
    """The players' hands can never be dealt together (every combination of their combos shares a
    card, or a range holds no combo left by the known cards)."""


@dataclass(frozen=True, eq=False)
class Player:
    """One player of a deal: ``label`` (the hand or range as given), ``hole`` (the fixed hole cards,
    uint8) or ``None``, and ``range`` (the combos left after card removal; in Hold'em a fixed
    hand's is its one combo; in Omaha an :class:`~pokerlut.ranges.OmahaRange`, or ``None`` for a
    fixed hand and for a random hand, an Omaha player without ``hole`` or ``range``)."""

    label: str
    hole: np.ndarray | None
    range: Range | OmahaRange | None = None
    #: The range as given, before card removal (a fixed hand: its one combo).
    given: Range | OmahaRange | None = None


@dataclass(frozen=True, eq=False)
class Deal:
    """A checked equity question (see :func:`parse_deal`)."""

    variant: Variant
    players: tuple[Player, ...]
    board: np.ndarray
    dead: np.ndarray

    @property
    def labels(self) -> list[str]:
        return [p.label for p in self.players]

    @property
    def ranges(self) -> list[Range]:
        """Per player, the combos it may hold (Hold'em)."""
        return [p.range for p in self.players]

    @property
    def fixed(self) -> np.ndarray:
        """The cards every deal holds: the board, the dead cards and the fixed hole cards."""
        holes = [p.hole for p in self.players if p.hole is not None]
        return np.concatenate([self.board, self.dead, *holes]).astype(np.uint8)

    @property
    def excluded(self) -> np.uint64:
        """Bit mask of the cards no board may take: the dead cards and the cards outside the deck."""
        return card_mask(np.concatenate([self.dead, outside_deck(self.variant.name)]))

    @property
    def hole_size(self) -> int:
        """Hole cards per player (every player holds as many)."""
        sizes = {len(p.hole) for p in self.players if p.hole is not None}
        sizes |= {p.range.n_cards for p in self.players if isinstance(p.range, OmahaRange)}
        return sizes.pop() if sizes else self.variant.rule.hole_sizes[0]

    @property
    def n_left(self) -> int:
        """Cards left in the deck for the board once every player holds a hand."""
        return self.variant.deck_size - len(self.board) - len(self.dead) - self.hole_size * len(self.players)

    @property
    def n_boards(self) -> int:
        """Completions of the board for one combination of hands."""
        return math.comb(self.n_left, BOARD_CARDS - len(self.board))

    def with_player(self, player: Player) -> "Deal":
        """This deal with ``player`` seated first (its range's blocked combos removed).

        >>> d = parse_deal(["QQ"], "Qs 7h 2c", min_players=1)
        >>> len(d.with_player(Player("AK", None, parse_range("AK"))).ranges[0])
        16
        """
        if player.range is not None:
            player = replace(player, range=_live(player.range.blocked(self.fixed), 0, player.label),
                             given=player.given or player.range)
        return replace(self, players=(player, *self.players))


@lru_cache(maxsize=None)
def outside_deck(variant: str) -> np.ndarray:
    """The natural card ids a game does not deal (read-only).

    >>> outside_deck("short-deck")[:5].tolist()
    [0, 1, 2, 3, 4]
    """
    outside = np.setdiff1d(np.arange(N_NATURAL), np.array(get_variant(variant).deck)).astype(np.uint8)
    outside.setflags(write=False)
    return outside


def card_mask(cards: np.ndarray) -> np.uint64:
    """The bit mask of natural card ids.

    >>> int(card_mask(np.array([0, 3])))
    9
    """
    m = 0
    for c in np.asarray(cards).tolist():
        m |= 1 << int(c)
    return np.uint64(m)


def combo_masks(combos: np.ndarray) -> np.ndarray:
    """The bit mask of each two-card combo ``(n, 2)``.

    >>> combo_masks(np.array([[1, 0]], np.uint8)).tolist()
    [3]
    """
    bits = _CARD_BITS[combos]
    return bits[:, 0] | bits[:, 1]


#: The one-bit mask of each card id a uint64 holds (:func:`combo_masks` looks them up).
_CARD_BITS = np.left_shift(np.uint64(1), np.arange(64, dtype=np.uint64))
_CARD_BITS.setflags(write=False)


#: ``FIT_SEARCH_NODES``: :data:`pokerlut.config.FIT_SEARCH_NODES`, read at call time.
_FROM_CONFIG = {"FIT_SEARCH_NODES": "FIT_SEARCH_NODES"}


#: Heads-up, :func:`fit_together` tries every pair of combos at once up to this many pairs.
_PAIRWISE_FIT = 1 << 16


def fit_together(ranges: Sequence[Range], masks: Sequence[np.ndarray] | None = None) -> bool | None:
    """Whether one combo of each range can be dealt at once, no card twice: ``True`` (a deal found),
    ``False`` (none exists), or ``None`` when :data:`FIT_SEARCH_NODES` partial deals did not settle
    it.  A depth-first search, the narrowest range first, that remembers the partial deals that
    cannot be completed (by the cards they take from the ranges still to deal).  ``masks``: each
    range's :func:`combo_masks`, when the caller has them.

    >>> fit_together([parse_range("AA")] * 2), fit_together([parse_range("AA")] * 3)
    (True, False)
    """
    if len(ranges) == 2 and len(ranges[0]) * len(ranges[1]) <= _PAIRWISE_FIT:  # heads-up: every pair at once
        first, second = masks if masks is not None else [combo_masks(r.combos) for r in ranges]
        return bool(((first[:, None] & second[None, :]) == 0).any())
    order = sorted(range(len(ranges)), key=lambda i: len(ranges[i]))
    masks = [sorted(set(int(m) for m in combo_masks(ranges[i].combos))) for i in order]
    later = [0] * (len(masks) + 1)  # the cards of the ranges after each level
    for level in range(len(masks) - 1, -1, -1):
        cards = 0
        for m in masks[level]:
            cards |= m
        later[level] = later[level + 1] | cards
    dead_ends: set[tuple[int, int]] = set()
    nodes = 0

    def search(level: int, used: int) -> bool | None:
        nonlocal nodes
        if level == len(masks):
            return True
        key = (level, used & later[level])
        if key in dead_ends:
            return False
        for m in masks[level]:
            if used & m:
                continue
            nodes += 1
            if nodes > config.FIT_SEARCH_NODES:
                return None
            found = search(level + 1, used | m)
            if found:
                return True
            if found is None:
                return None
        dead_ends.add(key)
        return False

    return search(0, 0)


def raise_if_unfit(deal: "Deal", who: str = "players", masks: Sequence[np.ndarray] | None = None) -> None:
    """:class:`ImpossibleDeal` when the deal's Hold'em ranges cannot all be dealt at once
    (:func:`fit_together`); the one check of :func:`pokerlut.equity` and
    :func:`pokerlut.class_equity`.

    >>> raise_if_unfit(parse_deal(["AA", "AA", "AA"]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerlut.equities.deal.ImpossibleDeal: the players' ranges never fit together: every combination of ...
    """
    if fit_together(deal.ranges, masks) is False:
        raise ImpossibleDeal(f"the {who}' ranges never fit together: every combination of their combos shares a card")


def _one_combo(hole: np.ndarray) -> Range:
    return Range(np.sort(hole)[::-1].reshape(1, 2).astype(np.uint8), np.ones(1))


def _live(rng: Range, index: int, label: str, who: str = "player") -> Range:
    """``rng`` (card removal done) without its weight-0 combos; an error if nothing is left."""
    if len(rng) == 0:
        raise ImpossibleDeal(f"{who} {index}'s range {label!r} is impossible: every combo holds a card of the "
                             f"board, the dead cards, another player's hand or a card outside the deck")
    live = rng.weights > 0  # a combo of weight 0 is never dealt: kept, it would weigh a deal by 0
    if not live.any():
        raise ValueError(f"{who} {index}'s range {label!r} is impossible: every combo of weight > 0 holds a "
                         f"card of the board, the dead cards, another player's hand or a card outside the deck")
    return type(rng)(rng.combos[live], relative_weights(rng.weights[live]))


def relative_weights(weights: np.ndarray) -> np.ndarray:
    """Weights (all > 0) divided by the largest, so that the largest is exactly 1 and none is above:
    what every engine takes.  Weights are relative, so this changes no equity; it keeps every sum
    and product of them finite and away from the subnormal numbers whatever the scale (1e-310
    everywhere is 1 everywhere, exactly).  A weight below ``5e-324`` times the largest would
    round to 0: it is kept at the smallest positive float instead, so that a combo never drops out.

    >>> relative_weights(np.array([1e-310, 3e-310])).tolist(), relative_weights(np.array([1e12, 1e-320])).tolist()
    ([0.3333333333333333, 1.0], [1.0, 5e-324])
    """
    w = np.asarray(weights, dtype=np.float64)
    top = w.max()
    if w.min() == top > 0:  # one weight for all (an unweighted range): every weight is 1
        return np.ones(len(w))
    with np.errstate(under="ignore"):
        scaled = w / top
    return np.maximum(scaled, np.nextafter(0.0, 1.0))


def _read_omaha_player(value, index: int, v: Variant, who: str) -> Player:
    """An Omaha player as given: fixed hole cards, an Omaha range or a random hand."""
    name = f"{who} {index}"
    rule = v.rule
    if isinstance(value, OmahaRange):
        rng = value.validated(f"{name}'s range")
        return Player(f"range ({len(rng)} hands)", None, rng)
    if isinstance(value, Range):
        raise TypeError(f"{name}: {with_article(v.name)} player is hole cards, an Omaha range or 'random', not a "
                        f"Hold'em Range")
    if isinstance(value, str):
        if value.strip().lower() in RANDOM:
            return Player("random", None)
        if not value.strip():
            raise ValueError(f"{name}: {rule.hole_size_text('none', v.name)}")
        try:
            cards = parse_cards(value)
        except ValueError:
            cards = None
        if cards is not None and (cards == WILD).any() and "*" in value:
            cards = None  # Omaha deals no wild card: '*' is "any card" of a range pattern ('AsKs**')
        if cards is None:
            try:
                rng = parse_omaha_range(value)
            except ValueError as error:
                raise ValueError(f"{name}: {error}") from None
            return Player(value.strip(), None, rng)
        if len(cards) not in rule.hole_sizes:
            raise ValueError(f"{name} ({shown(value)}): {rule.hole_size_text(len(cards), v.name)}")
        return Player(format_cards(cards).replace(" ", ""), cards.astype(np.uint8))
    return _fixed_player(value, name, v)


def _read_holdem_player(value, index: int, v: Variant, who: str) -> Player:
    """A Hold'em player as given: fixed hole cards (its range the one combo) or a range."""
    name = f"{who} {index}"
    rule = v.rule
    if isinstance(value, OmahaRange):
        raise TypeError(f"{name}: a {v.name} player is {sizes_text(rule.hole_sizes)} hole cards or a Range, not an "
                        f"OmahaRange")
    if isinstance(value, Range):
        rng = value.validated(f"{name}'s range")  # validated first: a malformed Range has no meaningful length
        return Player(f"range ({len(rng)} combos)", None, rng)
    if isinstance(value, str):
        cards = _text_cards(value) if len(value) <= KEPT_TEXT_CHARS else _text_cards.__wrapped__(value)
        if cards is not None and len(cards) in rule.hole_sizes:
            return _one_combo_player(Player(format_cards(cards).replace(" ", ""), cards.astype(np.uint8)))
        try:
            rng = parse_range(value)  # "AhKh,AsKd" reads as cards too: a list of combos is a range
        except ValueError as error:
            if cards is not None and len(cards) > 0:
                raise ValueError(f"{name} ({shown(value)}): {rule.hole_size_text(len(cards), v.name)}") from None
            raise ValueError(f"{name}: {error}") from None
        return Player(value.strip(), None, rng)
    return _one_combo_player(_fixed_player(value, name, v))


def _deal_cards(value, what: str) -> np.ndarray:
    """:func:`~pokerlut._input.deal_cards`, text read once (a copy handed out: the caller may change it)."""
    if isinstance(value, str) and len(value) <= KEPT_TEXT_CHARS:
        return _text_deal_cards(value, what).copy()
    return deal_cards(value, what)


@lru_cache(maxsize=256)
def _text_deal_cards(text: str, what: str) -> np.ndarray:
    """:func:`~pokerlut._input.deal_cards` of text (read-only; errors are not kept)."""
    cards = deal_cards(text, what)
    cards.setflags(write=False)
    return cards


@lru_cache(maxsize=256)
def _text_cards(text: str) -> np.ndarray | None:
    """The cards of ``text`` (read-only), or ``None`` when it is no list of cards (a range's text):
    a question is often asked again with the same players."""
    try:
        cards = parse_cards(text)
    except ValueError:
        return None
    cards.setflags(write=False)
    return cards


def _fixed_player(value, name: str, v: Variant) -> Player:
    """A player given as card ids: his hole cards, as many as the rule deals."""
    cards = deal_cards(value, name)
    if len(cards) not in v.rule.hole_sizes:
        raise ValueError(f"{name}: {v.rule.hole_size_text(len(cards), v.name)}")
    return Player(format_cards(cards).replace(" ", "") if cards.max(initial=0) <= WILD else str(cards.tolist()),
                  cards)


def _one_combo_player(player: Player) -> Player:
    """A Hold'em player of fixed hole cards, his range the one combo they make."""
    return replace(player, range=_one_combo(player.hole), given=_one_combo(player.hole))


#: How a player of each deal reader (:attr:`pokerlut.rules.HandRule.deal`) that shares a board is read.
PLAYER_READERS = {"holdem": _read_holdem_player, "omaha": _read_omaha_player}


def check_seats(n: int, min_players: int = MIN_PLAYERS) -> int:
    """``n``, when a deal may seat that many players; else the ``ValueError`` every deal reader gives."""
    if not min_players <= n <= MAX_PLAYERS:
        raise ValueError(f"equity needs {min_players} to {MAX_PLAYERS} players, got {n}")
    return n


def check_deck(v: Variant, n_players: int, hole_size: int, n_dead: int) -> None:
    """The ``ValueError`` of every deal reader when ``n_players`` hands of ``hole_size`` cards, the
    whole board of the rule and ``n_dead`` dead cards need more cards than the game's deck holds.

    >>> check_deck(get_variant("stud"), 8, 7, 0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 8 players of 7 cards and 0 dead cards need 56 cards: more than the 52 of the deck (no community ...
    """
    board = max(v.rule.board_sizes)
    needed = hole_size * n_players + board + n_dead
    if needed > v.deck_size:
        dealt = f", {board} board cards and" if board else " and"
        alone = "" if board else " (no community card is dealt)"
        raise ValueError(f"{n_players} players of {hole_size} cards{dealt} {n_dead} dead cards need {needed} cards: "
                         f"more than the {v.deck_size} of the deck{alone}")


def parse_deal(players: PlayersLike, board: CardsLike = "", dead: CardsLike = "", variant: VariantLike = "high", *,
               who: str = "player",
               min_players: int = MIN_PLAYERS) -> Deal:
    """Read and check an equity question (see the module doc).

    Parameters
    ----------
    players
        A list of ``min_players`` to 9 players: hole cards (``"AhKh"``, ``[50, 46]``), in Hold'em a
        range (``"TT+, AKs"``, a :class:`~pokerlut.Range`), in Omaha an Omaha range (``"AA**,
        KKQQds"``, an :class:`~pokerlut.ranges.OmahaRange`) or ``"random"``.
    board, dead
        Board cards (0, 3, 4 or 5) and dead cards: text or ids of natural cards of the deck.
    variant
        The game.
    who
        What a player is called in messages (``"opponent"`` for the grid's opponents).

    Raises
    ------
    ValueError
        A card dealt twice or outside the game's deck (named by its place), a wrong number of
        cards, a malformed range; :class:`ImpossibleDeal` a range with every combo blocked.
    TypeError
        Players or cards of the wrong type.
    """
    if isinstance(players, np.ndarray) and players.ndim == 2:  # holes (P, h)
        players = list(players)
    if isinstance(players, (str, bytes, Range)) or not isinstance(players, Sequence):
        raise TypeError("players is a list of hands or ranges, e.g. ['AhKh', 'QQ+']")
    v = get_variant(variant)
    n = check_seats(len(players), min_players)
    board_cards = _deal_cards(board, "the board")
    dead_cards = _deal_cards(dead, "the dead cards")
    rule = v.rule
    read_player = PLAYER_READERS.get(rule.deal)
    if read_player is None:
        use = f"pokerlut.equity(..., variant={v.name!r})" if rule.deal else "pokerlut.showdown"
        raise ValueError(f"this question deals hole cards and a shared board (Hold'em, Omaha), which the {v.name} "
                         f"game does not: use {use}")
    parsed = [read_player(p, i, v, who) for i, p in enumerate(players)]
    groups = [("board card", board_cards), ("dead card", dead_cards)]
    groups += [(f"{who} {i}'s card", p.hole) for i, p in enumerate(parsed) if p.hole is not None]
    check_deal(groups, natural_card_table(v.tables.cards), "equity calculations", v.describe_deck())
    if len(board_cards) not in rule.board_sizes:
        raise ValueError(rule.board_size_text(len(board_cards), v.name))
    holes = {len(p.hole) for p in parsed if p.hole is not None}
    holes |= {p.range.n_cards for p in parsed if isinstance(p.range, OmahaRange)}
    if len(holes) > 1:
        raise ValueError(f"every {v.name} player holds the same number of hole cards, got {sorted(holes)}")
    hole_size = holes.pop() if holes else rule.hole_sizes[0]
    check_deck(v, n, hole_size, len(dead_cards))
    holes = [p.hole for p in parsed if p.hole is not None]
    known = card_mask(np.concatenate([board_cards, dead_cards, *holes, outside_deck(v.name)]))
    seated = []
    for i, p in enumerate(parsed):
        if p.range is None or p.hole is not None:  # a fixed hand, or a random Omaha hand
            seated.append(p)
        else:
            seated.append(Player(p.label, p.hole, _seated_range(p.range, known, i, p.label, who), p.range))
    return Deal(v, tuple(seated), board_cards, dead_cards)


def _seated_range(rng: Range | OmahaRange, known: np.uint64, index: int, label: str, who: str) -> Range | OmahaRange:
    """``_live(_unblocked(rng, known), ...)``: a Hold'em range's combos free of the cards ``known`` and
    of weight > 0 picked in one pass when some are left (else that path, for its error)."""
    if not isinstance(rng, OmahaRange):
        keep = ((combo_masks(rng.combos) & known) == 0) & (rng.weights > 0)
        if keep.any():
            return Range(rng.combos[keep], relative_weights(rng.weights[keep]))
    return _live(_unblocked(rng, known), index, label, who)


def _unblocked(rng: Range | OmahaRange, known: np.uint64) -> Range | OmahaRange:
    """``rng`` without the combos holding a card of the mask ``known`` (the cards of a checked deal:
    :meth:`Range.blocked` without checking them again)."""
    if isinstance(rng, OmahaRange):
        return rng.blocked([c for c in range(N_NATURAL) if (int(known) >> c) & 1])
    keep = (combo_masks(rng.combos) & known) == 0
    return rng if keep.all() else Range(rng.combos[keep], rng.weights[keep])


def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config` (read there, at call time)."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""Omaha ranges: ``parse_omaha_range("AA**, KKQQds, AsKs**:0.5")``, or ``parse_range(text, variant="omaha")``.

An Omaha range is a set of hands of 4 (or 5, or 6) hole cards with weights.  Patterns, separated
by commas (or spaces), with weights exactly as in Hold'em ranges (``0.5(AA**, KK**)``,
``AA**:0.5``); ranks and suits are case-insensitive:

==========================  =================================================================
``AsKsQhJh``                one hand (its cards may also be written apart: ``As Ks Qh Jh``)
``KQJT``                    those four ranks, any suits (256 hands)
``AA**`` / ``AAxx``         two aces and any two other cards (``*`` or ``x``: any card)
``AAKKds``                  ... double-suited: two suits, two cards each
``AKQJss``                  ... single-suited: one suit holds two cards, the others one each
``KQJTr``                   ... rainbow: no two cards of a suit
``AsAx**``                  suits per card: the ace of spades, another ace (``x`` after a rank:
                            any suit), two more cards; ``xh`` / ``*h`` is any heart
``random`` / ``any``        every hand (``****``)
==========================  =================================================================

A hand matches a pattern when its cards can be given one each to the pattern's places, each
card fitting its place (so ``AA**`` holds every hand with two aces or more, and ``AAKK`` every
hand of exactly two aces and two kings).  In a pattern that names no suit every character is
one card; once a pattern names a suit (``c``, ``d``, ``h``, ``s``), a letter after a rank or
a wildcard is that card's suit, and ``x`` after a rank is "any suit".  ``ds``, ``ss``, ``r``
(also written ``$ds``...) at the end of a pattern count every suit of the hand: double-suited
is two suits of two cards each (and, with 5 or 6 cards, the others single), single-suited one
suit of two and the others single, rainbow no suit twice.

Every pattern of a range has as many cards (the hand size of the game: 4 for pot-limit Omaha).
A hand named twice keeps its last weight.  Card removal: hands holding a card of ``blocked``
(board, dead cards, other players' known hole cards) are dropped.

>>> len(parse_omaha_range("AA**")), len(parse_omaha_range("AAKKds")), len(parse_omaha_range("KQJT"))
(6961, 6, 256)
"""

from __future__ import annotations

import re
from functools import lru_cache
from math import comb
from typing import NamedTuple

import numpy as np

from .. import config
from .._records import different_items, same_items
from ..cards import format_cards, shown
from ..constants import N_NATURAL, N_RANKS, N_SUITS, OMAHA_HOLE_SIZES, RANK_CHARS, SUIT_CHARS, card
from ..typing import CardsLike
from .tokens import card_set, range_error, range_tokens, shown_text

__all__ = ["OmahaRange", "parse_omaha_range", "MAX_PATTERN_HANDS", "MAX_RANGE_HANDS", "MAX_OMAHA_RANGE_CHARS"]


_RANK = {c.lower(): r for r, c in enumerate(RANK_CHARS)}
_SUIT = {c: s for s, c in enumerate(SUIT_CHARS)}
_WILD = "*x"
_RANDOM = {"random", "any", "100%"}
_QUALIFIER_RE = re.compile(r"\$?(ds|ss|r)$", re.IGNORECASE)
_EXPLICIT_RE = re.compile(r"(?:[2-9tjqka][cdhs]){%d,%d}$" % (min(OMAHA_HOLE_SIZES), max(OMAHA_HOLE_SIZES)),
                          re.IGNORECASE)
#: ``"as"`` -> the id of the ace of spades: explicit hands read without the general card reader.
_CARD_ID = {f"{r}{s}": card(_RANK[r], _SUIT[s]) for r in _RANK for s in _SUIT}
_SUIT_BITS = np.array([sum(1 << card(r, s) for r in range(N_RANKS)) for s in range(N_SUITS)], dtype=np.uint64)
_SIZES = " or ".join(map(str, OMAHA_HOLE_SIZES))


def _bit_counts(masks: np.ndarray) -> np.ndarray:
    """The number of set bits of each uint64 mask (int64)."""
    m = masks.astype(np.uint64)
    m = m - ((m >> np.uint64(1)) & np.uint64(0x5555555555555555))
    m = (m & np.uint64(0x3333333333333333)) + ((m >> np.uint64(2)) & np.uint64(0x3333333333333333))
    m = (m + (m >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return ((m * np.uint64(0x0101010101010101)) >> np.uint64(56)).astype(np.int64)


def hand_masks(combos: np.ndarray) -> np.ndarray:
    """The card bit mask of each hand ``(n, k)`` (uint64).

    >>> hand_masks(np.array([[1, 0, 2, 3]], np.uint8)).tolist()
    [15]
    """
    return np.bitwise_or.reduce(np.uint64(1) << combos.astype(np.uint64), axis=1) if combos.size else \
        np.zeros(len(combos), np.uint64)


def _hands_of_masks(masks: np.ndarray, n_cards: int) -> np.ndarray:
    """The cards (n, k) of each mask, highest id first."""
    out = np.empty((len(masks), n_cards), np.uint8)
    rest = masks.astype(np.uint64)
    for j in range(n_cards - 1, -1, -1):  # the lowest card last
        low = rest & (~rest + np.uint64(1))
        out[:, j] = np.rint(np.log2(low.astype(np.float64))).astype(np.uint8)
        rest ^= low
    return out


class OmahaRange(NamedTuple):
    """Omaha hands (n, k) uint8 (each hand's cards highest id first) and their weights (n,) float64."""

    combos: np.ndarray
    weights: np.ndarray

    __eq__ = same_items
    __ne__ = different_items

    def __len__(self) -> int:  # the number of hands
        return len(self.combos)

    @property
    def n_cards(self) -> int:
        """Cards per hand."""
        return int(np.shape(self.combos)[1])

    def validated(self, what: str = "range") -> "OmahaRange":
        """This range with its fields checked, as C-contiguous uint8 / float64 arrays: hands of shape
        (n, k), k 4, 5 or 6, of different natural cards (0..51; highest id first after this), one
        finite weight >= 0 per hand and at least one above 0; anything else is a ``TypeError`` or
        ``ValueError`` naming ``what``, the hand and the value.

        >>> OmahaRange(np.array([[0, 51, 12, 13]]), np.array([1.0])).validated().combos.tolist()
        [[51, 13, 12, 0]]
        """
        try:
            combos, weights = np.asarray(self.combos), np.asarray(self.weights)
        except ValueError:  # ragged nesting
            raise ValueError(f"{what}: combos and weights must be arrays (evenly nested sequences), got a ragged "
                             f"sequence") from None
        if combos.dtype.kind not in "iu":
            raise TypeError(f"{what}: hands must hold integer card ids, got dtype {combos.dtype}")
        if combos.ndim != 2 or combos.shape[1] not in OMAHA_HOLE_SIZES:
            raise ValueError(f"{what}: hands must have shape (n, {_SIZES}), got {combos.shape}")
        if weights.dtype.kind not in "iuf" or weights.dtype.kind == "b":
            raise TypeError(f"{what}: weights must be numbers, got dtype {weights.dtype}")
        if weights.shape != (combos.shape[0],):
            raise ValueError(f"{what}: {combos.shape[0]} hands need {combos.shape[0]} weights, got shape "
                             f"{weights.shape}")
        bad = (combos < 0) | (combos > N_NATURAL - 1)
        if bad.any():
            i, j = (int(x) for x in np.argwhere(bad)[0])
            raise ValueError(f"{what}: hand {i} holds {int(combos[i, j])}, not a natural card id (0..51)")
        ordered = np.sort(combos.astype(np.uint8), axis=1)[:, ::-1]
        twice = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
        if twice.size:
            row = ordered[twice[0]]
            c = int(row[1:][row[1:] == row[:-1]][0])
            raise ValueError(f"{what}: hand {int(twice[0])} holds {format_cards([c])} twice")
        finite = np.isfinite(weights.astype(np.float64))
        if not finite.all() or (weights < 0).any():
            i = int(np.flatnonzero(~finite | (weights < 0))[0])
            raise ValueError(f"{what}: weight {i} is {weights[i].item()!r}; weights must be finite and >= 0")
        if combos.shape[0] == 0:
            raise ValueError(f"{what} holds no hand: a range needs at least one hand of weight > 0")
        if not (weights > 0).any():
            raise ValueError(f"{what}: every weight is 0, so the range holds no hand")
        return OmahaRange(np.ascontiguousarray(ordered), weights.astype(np.float64))

    def blocked(self, cards: CardsLike) -> "OmahaRange":
        """The range without the hands that hold any of ``cards`` (natural card ids 0..51 or card
        strings).

        >>> len(parse_omaha_range("AAKKds").blocked("As"))
        3
        """
        dead = card_set(cards)
        if not dead:
            return self
        keep = (hand_masks(self.combos) & np.uint64(sum(1 << c for c in dead))) == 0
        return OmahaRange(self.combos[keep], self.weights[keep])

    def __str__(self) -> str:
        return ", ".join(format_cards(c).replace(" ", "") + ("" if w == 1 else f":{w:g}")
                         for c, w in zip(self.combos, self.weights))


class _PatternError(ValueError):
    """A malformed pattern: ``offset`` and ``length`` of the bad part within the token, and why."""

    def __init__(self, why: str, offset: int = 0, length: int = 0):
        super().__init__(why)
        self.offset, self.length = offset, length


def _places(part: str) -> list[tuple[int | None, int | None]]:
    """The places of a pattern's cards: ``(rank or None, suit or None)`` each."""
    low = part.lower()
    suited = any(ch in _SUIT for ch in low)
    places: list[tuple[int | None, int | None]] = []
    i = 0
    while i < len(low):
        ch = low[i]
        if ch not in _RANK and ch not in _WILD:
            what = ("a suit comes after the card it is the suit of" if ch in _SUIT else
                    "not a rank (2-9, T, J, Q, K, A), x or * (any card)")
            raise _PatternError(f"{what}, in the pattern {part!r}", i, 1)
        rank = _RANK.get(ch)
        suit = None
        i += 1
        if suited and i < len(low) and (low[i] in _SUIT or (low[i] == "x" and rank is not None)):
            suit = _SUIT.get(low[i])
            i += 1
        places.append((rank, suit))
    return places


def _qualified(masks: np.ndarray, qualifier: str) -> np.ndarray:
    """The masks whose suits make the hand double-suited (ds), single-suited (ss) or rainbow (r)."""
    counts = np.stack([_bit_counts(masks & bits) for bits in _SUIT_BITS], axis=1)
    pairs = (counts == 2).sum(axis=1)
    most = counts.max(axis=1)
    wanted = {"ds": 2, "ss": 1, "r": 0}[qualifier]
    return masks[(most <= 2) & (pairs == wanted)]


def _distinct(masks: np.ndarray) -> np.ndarray:
    """The distinct masks, sorted (numpy's hashing ``unique`` is slow on these)."""
    m = np.sort(masks)
    return m[np.append(True, m[1:] != m[:-1])] if len(m) else m


def _candidates(rank: int | None, suit: int | None) -> list[int]:
    ranks = range(N_RANKS) if rank is None else [rank]
    suits = range(N_SUITS) if suit is None else [suit]
    return [card(r, s) for r in ranks for s in suits]


def subset_masks(cards: list[int], k: int) -> np.ndarray:
    """The mask of every ``k``-card subset of ``cards`` (distinct ids), in lexicographic order.

    >>> subset_masks([0, 1, 2], 2).tolist()
    [3, 5, 6]
    """
    bits = np.array([1 << c for c in cards], dtype=np.uint64)
    n = len(bits)
    if k > n:
        return np.zeros(0, np.uint64)
    masks, last = bits[:n - k + 1].copy(), np.arange(n - k + 1)
    for step in range(1, k):
        # every partial subset grows by each later card that leaves room for the rest
        counts = (n - k + step) - last
        starts = np.repeat(np.cumsum(counts) - counts, counts)
        nxt = np.arange(counts.sum()) - starts + np.repeat(last, counts) + 1
        masks, last = np.repeat(masks, counts) | bits[nxt], nxt
    return masks


def pattern_masks(word: str) -> tuple[np.ndarray, int]:
    """The card masks of every hand a pattern (one token, no weight) stands for, and its cards per
    hand (0 for ``random``, which fits any size).

    >>> masks, n = pattern_masks("AAKKds")
    >>> len(masks), n
    (6, 4)
    """
    if word.lower() in _RANDOM:
        return np.zeros(0, np.uint64), 0
    if _EXPLICIT_RE.match(word):
        low = word.lower()
        cards = {_CARD_ID[low[i:i + 2]] for i in range(0, len(low), 2)}
        if 2 * len(cards) < len(low):
            raise _PatternError("a hand cannot hold the same card twice", 0, len(word))
        return np.array([sum(1 << c for c in cards)], np.uint64), len(cards)
    qualifier = None
    part = word
    m = _QUALIFIER_RE.search(word)
    if m and m.start() > 0:
        qualifier = m.group(1).lower()
        part = word[:m.start()]
    places = _places(part)
    if len(places) not in OMAHA_HOLE_SIZES:
        raise _PatternError(f"an Omaha hand has {_SIZES} cards; this pattern has {len(places)}", 0, len(word))
    groups: dict[tuple, int] = {}
    for place in places:
        groups[place] = groups.get(place, 0) + 1
    masks = np.zeros(1, np.uint64)
    # the narrowest places first: fewer partial hands to carry
    for place, count in sorted(groups.items(), key=lambda g: len(_candidates(*g[0]))):
        candidates = _candidates(*place)
        if len(masks) * comb(len(candidates), count) > config.MAX_PATTERN_HANDS:
            raise _PatternError(f"the pattern stands for more than {config.MAX_PATTERN_HANDS:,} hands; an Omaha player "
                                f"holding any hand is 'random'", 0, len(word))
        options = subset_masks(candidates, count)
        fits = (masks[:, None] & options[None, :]) == 0
        masks = (masks[:, None] | options[None, :])[fits]
        if len(groups) > 1:  # overlapping places can make a hand twice
            masks = _distinct(masks)
    if qualifier is not None:
        masks = _qualified(masks, qualifier)
    if len(masks) == 0:
        raise _PatternError("the pattern matches no hand", 0, len(word))
    return masks, len(places)


@lru_cache(maxsize=None)
def _all_hands(n_cards: int) -> np.ndarray:
    masks = subset_masks(list(range(N_NATURAL)), n_cards)
    masks.setflags(write=False)
    return masks


def parse_omaha_range(text: str, *, blocked: CardsLike | None = None, n_cards: int | None = None) -> OmahaRange:
    """Parse an Omaha range (see the module doc) into hands and weights, minus the hands holding a
    card of ``blocked`` (ids or text: board, dead cards, other players' hole cards).

    Parameters
    ----------
    text
        Patterns separated by commas, with weights (``"0.5(AA**), KKQQds:2"``).
    blocked
        Cards no hand of the range may hold.
    n_cards
        The hand size (4, 5 or 6) when the text alone does not say it (``"random"``); every
        pattern must then have that many cards.  Default: the patterns' size, else 4.

    Raises
    ------
    ValueError
        A malformed pattern or weight (the token, its column and a caret under the bad part),
        patterns of different sizes, a range holding no hand.

    Examples
    --------
    >>> r = parse_omaha_range("AsKsQhJh, 0.5(AAKK)")
    >>> len(r), r.weights.tolist()[:2]
    (37, [0.5, 0.5])
    >>> len(parse_omaha_range("KQJT", blocked="Kh 2c"))
    192
    >>> parse_omaha_range("AAK")
    Traceback (most recent call last):
    ...
    ValueError: bad range token 'AAK' at column 1: an Omaha hand has 4 or 5 or 6 cards; this pattern has 3
      AAK
      ^^^
    """
    if not isinstance(text, str):
        raise TypeError(f"a range is a string, not {type(text).__name__}")
    if n_cards is not None and n_cards not in OMAHA_HOLE_SIZES:
        raise ValueError(f"n_cards must be {_SIZES}, got {shown(n_cards)}")
    parts: list[tuple[np.ndarray, float]] = []
    size, size_token = n_cards, None
    listed = 0
    for start, word, weight, raw in range_tokens(text, join_cards=max(OMAHA_HOLE_SIZES),
                                                 max_chars=config.MAX_OMAHA_RANGE_CHARS):
        try:
            masks, k = pattern_masks(word)
        except _PatternError as e:
            length = e.length if e.length else len(raw)
            raise range_error(text, start + e.offset, raw[e.offset:e.offset + length], str(e)) from None
        if k == 0:
            parts.append((None, weight))
            continue
        if size is not None and k != size:
            earlier = f"{size_token!r} has {size}" if size_token else f"the hands have {size} (n_cards)"
            raise range_error(text, start, raw, f"every hand of a range has as many cards: {earlier}, this one {k}")
        size, size_token = k, size_token or raw
        listed += len(masks)
        if listed > config.MAX_RANGE_HANDS:
            raise range_error(text, start, raw, f"the patterns up to this one stand for more than "
                                                f"{config.MAX_RANGE_HANDS:,} hands in all; narrow them, or write 'random'")
        parts.append((masks, weight))
    if not parts:
        raise ValueError(f"the range {shown_text(text)} holds no hand")
    size = size or min(OMAHA_HOLE_SIZES)
    expanded = [(m if m is not None else _all_hands(size), w) for m, w in parts]
    all_masks = np.concatenate([m for m, _ in expanded])
    all_weights = np.concatenate([np.full(len(m), w) for m, w in expanded])
    # a hand named twice keeps its last weight: the last of its run in a stable sort
    order = np.argsort(all_masks, kind="stable")
    ordered = all_masks[order]
    last = np.flatnonzero(np.append(ordered[1:] != ordered[:-1], True))
    unique, weights = ordered[last], all_weights[order[last]]
    live = weights > 0
    if not live.any():
        raise ValueError(f"the range {shown_text(text)} gives every hand weight 0, so it holds no hand; weights "
                         f"must be > 0 for at least one hand")
    rng = OmahaRange(_hands_of_masks(unique[live], size), weights[live].astype(np.float64))
    return rng.blocked(blocked)


#: Tunables once defined here, now in :mod:`pokerlut.config` (read there at call time): old name -> config name.
_FROM_CONFIG = {"MAX_PATTERN_HANDS": "MAX_PATTERN_HANDS", "MAX_RANGE_HANDS": "MAX_RANGE_HANDS", "MAX_OMAHA_RANGE_CHARS": "MAX_OMAHA_RANGE_CHARS"}


def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config`, read there."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

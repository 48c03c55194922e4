"""Hand ranges in the PokerStove / Equilab notation: ``parse_range("AKs, TT+, A5s-A2s, 0.5(QQ)")``.

A range is a set of two-card combos (starting hands) with weights.  Tokens, separated by commas
(or spaces), case-insensitive for ranks and suits:

========================  ==============================================================
``QQ``                    a pair: its 6 combos
``AKs`` / ``AKo`` / ``AK``  suited (4), offsuit (12), or both (16)
``TT+``                   the pair and every higher pair (TT, JJ, QQ, KK, AA: 30 combos)
``A9s+`` / ``K9o+`` / ``K9+``  the second card rises to one below the first (A9s..AKs)
``76s+``                  for connectors (second card one below the first) both cards rise
                          together: 76s, 87s, 98s, T9s, JTs, QJs, KQs, AKs
``TT-77``                 a run of pairs; ``A5s-A2s`` / ``KQo-K9o`` a run of kickers
``AhKh`` / ``Ah Kh``      one specific combo
``random`` / ``any``      all 1326 combos (``100%`` too)
``top15%`` / ``5-20%``    the best 15% of hands by equity against a random hand, or from the
                          5th to the 20th percentile (:mod:`.percentile`; ``15%`` is ``top15%``)
``0.5(QQ, AKs)``          weight 0.5 for everything inside the parentheses; ``QQ:0.5`` too
========================  ==============================================================

A combo named twice keeps its last weight.  Card removal: combos that hold a card of
``blocked`` (board, dead cards, other players' known hole cards) are dropped.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from .. import config
from .._records import different_items, same_items
from ..cards import format_cards, parse_cards
from ..constants import HOLDEM_HOLE, N_NATURAL, RANK_CHARS
from ..typing import CardsLike
from ..variants import VariantLike, get_variant
from .omaha import OmahaRange, parse_omaha_range
from .percentile import percent_span, percentile_classes
from .tokens import MAX_WEIGHT, card_set, range_error, range_tokens, shown_text

__all__ = ["Range", "parse_range", "ALL_COMBOS", "MAX_WEIGHT", "MAX_RANGE_CHARS"]


ALL_COMBOS = np.array([(a, b) for b in range(N_NATURAL) for a in range(b)], dtype=np.uint8)[:, ::-1].copy()
"""Every two-card combo, higher card id first (1326, 2) uint8."""
ALL_COMBOS.setflags(write=False)
_INDEX = {(int(a), int(b)): i for i, (a, b) in enumerate(ALL_COMBOS)}

_RANK = {c.lower(): r for r, c in enumerate(RANK_CHARS)}
_TOKEN_RE = re.compile(
    r"(?P<r1>[2-9tjqka])(?P<r2>[2-9tjqka])(?P<kind>[so]?)(?P<plus>\+?)"
    r"(?:-(?P<r3>[2-9tjqka])(?P<r4>[2-9tjqka])(?P<kind2>[so]?))?$",
    re.IGNORECASE,
)
_COMBO_RE = re.compile(r"([2-9tjqka][cdhs])\s*([2-9tjqka][cdhs])$", re.IGNORECASE)
_RANDOM = {"random", "any", "100%", "xx"}


class Range(NamedTuple):
    """Combos (n, 2) uint8 (higher id first) and their weights (n,) float64 (> 0)."""

    combos: np.ndarray
    weights: np.ndarray

    __eq__ = same_items
    __ne__ = different_items

    def __len__(self) -> int:  # the number of combos
        return len(self.combos)

    def validated(self, what: str = "range") -> "Range":
        """This range with its fields checked, as a C-contiguous uint8 / float64 pair: combos of shape
        (n, 2) holding two different natural cards each (0..51, higher id first after this), one
        finite weight >= 0 per combo and at least one above 0.  Anything else is a ``TypeError`` or
        ``ValueError`` naming ``what``, the combo and the value.

        >>> Range(np.array([[12, 51]]), np.array([1.0])).validated().combos.tolist()
        [[51, 12]]
        """
        try:
            combos, weights = np.asarray(self.combos), np.asarray(self.weights)
        except ValueError:  # ragged nesting
            raise ValueError(f"{what}: combos and weights must be arrays (evenly nested sequences), got a ragged "
                             f"sequence") from None
        if combos.dtype.kind not in "iu":
            raise TypeError(f"{what}: combos must hold integer card ids, got dtype {combos.dtype}")
        if combos.ndim != 2 or combos.shape[1] != HOLDEM_HOLE:
            raise ValueError(f"{what}: combos must have shape (n, 2), got {combos.shape}")
        if weights.dtype.kind not in "iuf" or weights.dtype.kind == "b":
            raise TypeError(f"{what}: weights must be numbers, got dtype {weights.dtype}")
        if weights.shape != (combos.shape[0],):
            raise ValueError(f"{what}: {combos.shape[0]} combos need {combos.shape[0]} weights, got shape "
                             f"{weights.shape}")
        bad = (combos < 0) | (combos > 51)
        if bad.any():
            i, j = (int(x) for x in np.argwhere(bad)[0])
            raise ValueError(f"{what}: combo {i} holds {int(combos[i, j])}, not a natural card id (0..51)")
        same = np.flatnonzero(combos[:, 0] == combos[:, 1])
        if same.size:
            raise ValueError(f"{what}: combo {int(same[0])} holds {format_cards([int(combos[same[0], 0])])} twice")
        finite = np.isfinite(weights.astype(np.float64))
        if not finite.all() or (weights < 0).any():
            i = int(np.flatnonzero(~finite | (weights < 0))[0])
            raise ValueError(f"{what}: weight {i} is {weights[i].item()!r}; weights must be finite and >= 0")
        if combos.shape[0] == 0:
            raise ValueError(f"{what} holds no combo: a range needs at least one combo of weight > 0")
        if not (weights > 0).any():
            raise ValueError(f"{what}: every weight is 0, so the range holds no hand")
        ordered = np.sort(combos.astype(np.uint8), axis=1)[:, ::-1]
        code = ordered[:, 0].astype(np.int64) * N_NATURAL + ordered[:, 1]
        first = np.unique(code, return_index=True)[1]
        if len(first) < len(code):  # a combo listed twice has no one weight
            again = int(np.setdiff1d(np.arange(len(code)), first)[0])
            before = int(np.flatnonzero(code == code[again])[0])
            raise ValueError(f"{what}: combo {again} ({format_cards(ordered[again]).replace(' ', '')}) is combo "
                             f"{before} again; list each combo once with its weight")
        return Range(np.ascontiguousarray(ordered), weights.astype(np.float64))

    def blocked(self, cards: CardsLike) -> "Range":
        """The range without the combos that hold any of ``cards``: natural card ids 0..51 or
        card strings (anything else is a ``TypeError``/``ValueError`` naming the value).

        >>> len(parse_range("QQ").blocked("Qs")), len(parse_range("QQ").blocked([43, 42]))
        (3, 1)
        """
        dead = card_set(cards)
        if not dead:
            return self
        is_dead = np.zeros(256, dtype=bool)
        is_dead[list(dead)] = True
        mask = ~is_dead[self.combos].any(axis=1)
        return Range(self.combos[mask], self.weights[mask])

    def __str__(self) -> str:
        parts = [format_cards(c).replace(" ", "") + ("" if w == 1 else f":{w:g}")
                 for c, w in zip(self.combos, self.weights)]
        return ", ".join(parts)


def _combo_index(a: int, b: int) -> int:
    return _INDEX[(max(a, b), min(a, b))]


def _pair(rank: int) -> list[int]:
    cards = [4 * rank + s for s in range(4)]
    return [_combo_index(cards[i], cards[j]) for i in range(4) for j in range(i + 1, 4)]


def _two_ranks(hi: int, lo: int, kind: str) -> list[int]:
    out = []
    for s in range(4):
        for t in range(4):
            if (kind == "s" and s != t) or (kind == "o" and s == t):
                continue
            out.append(_combo_index(4 * hi + s, 4 * lo + t))
    return out


class _RangeError(ValueError):
    pass


@lru_cache(maxsize=4096)
def _expand_array(low: str) -> np.ndarray:
    """:func:`_expand` of a lower-case token as a read-only index array (tokens repeat: cached)."""
    out = np.array(_expand(low), dtype=np.intp)
    out.setflags(write=False)
    return out


def _expand(token: str) -> list[int]:
    """Combo indices of one token (no weight); raises _RangeError with a reason."""
    low = token.lower()
    if low in _RANDOM:
        return list(range(len(ALL_COMBOS)))
    m = _COMBO_RE.match(token)
    if m:
        a, b = (int(c) for c in parse_cards(m.group(1) + m.group(2)))
        if a == b:
            raise _RangeError("a combo cannot hold the same card twice")
        return [_combo_index(a, b)]
    if "%" in low:
        try:
            span = percent_span(low)
        except ValueError as error:
            raise _RangeError(str(error)) from None
        if span is None:
            raise _RangeError("a percentage range is written like 'top15%', '15%' or '5-20%'")
        labels = percentile_classes(*span)
        if not labels:
            raise _RangeError(f"no starting-hand class has its middle percentile in {span[0]:g}-{span[1]:g}% "
                              f"(the smallest class spans 0.3%)")
        return [i for label in labels for i in _expand(label)]
    m = _TOKEN_RE.match(token)
    if not m:
        raise _RangeError("expected a hand class like 'AKs', 'TT+', 'A5s-A2s', 'KQo', a combo like 'AhKh', "
                          "a percentage like 'top15%' or '5-20%', or 'random'")
    r1, r2 = _RANK[m["r1"].lower()], _RANK[m["r2"].lower()]
    kind = m["kind"].lower()
    if r1 < r2:
        r1, r2 = r2, r1
    if r1 == r2:
        if kind:
            raise _RangeError("a pair cannot be suited or offsuit")
        if m["r3"]:
            r3, r4 = _RANK[m["r3"].lower()], _RANK[m["r4"].lower()]
            if r3 != r4 or m["kind2"] or m["plus"]:
                raise _RangeError("a run of pairs is written like 'TT-77'")
            lo, hi = sorted((r1, r3))
            return [i for r in range(lo, hi + 1) for i in _pair(r)]
        top = 12 if m["plus"] else r1
        return [i for r in range(r1, top + 1) for i in _pair(r)]
    if m["r3"]:
        r3, r4 = _RANK[m["r3"].lower()], _RANK[m["r4"].lower()]
        if r3 < r4:
            r3, r4 = r4, r3
        if m["plus"] or r3 != r1 or r3 == r4 or m["kind2"].lower() != kind:
            raise _RangeError("a run of kickers keeps the first card and the suitedness: 'A5s-A2s', 'KQo-K9o'")
        lo, hi = sorted((r2, r4))
        return [i for r in range(lo, hi + 1) for i in _two_ranks(r1, r, kind)]
    if not m["plus"]:
        return _two_ranks(r1, r2, kind)
    if r2 == r1 - 1:  # connectors: both cards rise
        return [i for r in range(r1, 13) for i in _two_ranks(r, r - 1, kind)]
    return [i for r in range(r2, r1) for i in _two_ranks(r1, r, kind)]


def parse_range(text: str, *, blocked: CardsLike | None = None, variant: VariantLike = "high") -> Range | OmahaRange:
    """Parse a range (see the module doc) into combos and weights, minus combos holding a card of
    ``blocked`` (ids or text: board, dead cards, other players' hole cards).  With ``variant``
    ``"omaha"`` or ``"omaha-hilo"`` the text is an Omaha range (:mod:`.omaha`: ``"AA**, KKQQds"``)
    and the result an :class:`~pokerlut.ranges.omaha.OmahaRange`.

    >>> len(parse_range("TT+")), len(parse_range("AKs")), len(parse_range("AKo")), len(parse_range("random"))
    (30, 4, 12, 1326)
    >>> len(parse_range("AKs, TT+", blocked="As Qs 7h 2c"))
    27
    >>> r = parse_range("0.5(QQ), AhKh")
    >>> r.weights.tolist()
    [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1.0]
    >>> len(parse_range("AA**, KQJTds", variant="omaha"))
    6997
    """
    if get_variant(variant).rule.shares_board:  # Omaha: hands of 4-6 hole cards
        return parse_omaha_range(text, blocked=blocked)
    if not isinstance(text, str):
        raise TypeError(f"a range is a string, not {type(text).__name__}")
    read = _parsed_text if len(text) <= KEPT_TEXT_CHARS else _parsed_text.__wrapped__
    combos, weights = read(text, config.MAX_RANGE_CHARS)
    return Range(combos.copy(), weights.copy()).blocked(blocked)  # copies: the caller may change his range


#: Range text of at most this many characters is read once and kept (256 texts at most).
KEPT_TEXT_CHARS = 1000


@lru_cache(maxsize=256)
def _parsed_text(text: str, max_chars: int) -> tuple[np.ndarray, np.ndarray]:
    """The combos and weights (read-only) of a Hold'em range's text read with at most ``max_chars``
    characters: a question is often asked again with the same ranges (errors are not kept)."""
    weights = np.full(len(ALL_COMBOS), np.nan)  # NaN: not named; a combo named twice keeps its last weight
    for start, word, weight, raw in range_tokens(text, max_chars=max_chars):
        try:
            indices = _expand_array(word.lower())
        except _RangeError as e:
            raise range_error(text, start, raw, str(e)) from None
        weights[indices] = weight
    named = ~np.isnan(weights)
    if not named.any():
        raise ValueError(f"the range {shown_text(text)} holds no hand")
    order = np.flatnonzero(named & (weights > 0))
    if not len(order):
        raise ValueError(f"the range {shown_text(text)} gives every hand weight 0, so it holds no hand; weights must "
                         f"be > 0 for at least one hand")
    combos, kept = ALL_COMBOS[order], weights[order]
    combos.setflags(write=False)
    kept.setflags(write=False)
    return combos, kept


#: Tunables once defined here, now in :mod:`pokerlut.config` (read there at call time): old name -> config name.
_FROM_CONFIG = {"MAX_RANGE_CHARS": "MAX_RANGE_CHARS"}


def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config`, read there."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

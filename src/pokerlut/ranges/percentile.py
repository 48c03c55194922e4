"""Percentile ranges: the 169 starting-hand classes ranked by their exact equity against a random
hand, and the range text ``top15%`` (the best 15% of hands) and ``5-20%`` (from the 5th to the 20th
percentile) that every Hold'em range parser reads.

**The order.**  Each class's exact heads-up preflop equity against a random hand (every combo that
shares no card with it, each pair of combos once, every board) comes from the exact preflop tables
(``tables/preflop``: wins, ties and pairs of each pair of classes); classes are ranked by it, best
first (a tie, which the tables do not hold, would keep the grid order).  This is the order of
PokerStove's and Equilab's "against a random hand" ranking; other published orders (Sklansky
groups, "vs 3 random") are not included.

**Percentiles** count combos: class ``k`` spans from the share of the 1,326 combos in the classes
ranked above it (``start``) to that plus its own combos (``end``).  A percentage range holds the
classes whose middle, ``(start + end) / 2``, lies in it: ``topX%`` those with the middle at most
``X``%, ``X-Y%`` those above ``X``% and at most ``Y``%.  So ``top5%`` and ``5-20%`` share no class
and together make ``top20%``; ``top100%`` (and ``100%``) is every combo (``random``); ``X%`` alone
reads as ``topX%``.  A class is taken whole or not at all, so a range's combos come near, not onto,
the percentage (``top15%``: 200 combos, 15.1%).

>>> [str(x) for x in class_ranking().labels[:5]]
['AA', 'KK', 'QQ', 'JJ', 'TT']
>>> percentile_classes(0, 3)
['AA', 'KK', 'QQ', 'JJ', 'TT', '99', '88']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .. import layout
from .._records import same_fields
from ..tables import load_table_set
from .cells import class_labels

__all__ = ["ClassRanking", "class_ranking", "percentile_classes", "percent_span", "hand_percentile"]

#: Combos of each class: a pair's 6, a suited class's 4, an offsuit class's 12.
_PAIR, _SUITED, _OFFSUIT = 6, 4, 12
_SPAN_RE = re.compile(r"(?:top)?(?P<hi>\d+(?:\.\d*)?|\.\d+)%$|(?P<lo2>\d+(?:\.\d*)?|\.\d+)-(?P<hi2>\d+(?:\.\d*)?|\.\d+)%$")
#: Percentages are of 100.
FULL = 100.0


@dataclass(frozen=True, eq=False)
class ClassRanking:
    """The 169 classes best first: ``labels``, ``equity`` against a random hand, ``combos``, and the
    percentiles each spans, ``start`` and ``end`` (of 100, by combos)."""

    labels: np.ndarray
    equity: np.ndarray
    combos: np.ndarray
    start: np.ndarray
    end: np.ndarray

    __eq__ = same_fields

    @property
    def middle(self) -> np.ndarray:
        """The middle of each class's span: what decides which percentage ranges hold it."""
        return (self.start + self.end) / 2


@lru_cache(maxsize=1)
def class_ranking() -> ClassRanking:
    """The 169 classes ranked by exact equity against a random hand (see the module doc).

    >>> r = class_ranking()
    >>> str(r.labels[-1]), round(float(r.equity[0]), 6), float(r.end[-1])
    ('32o', 0.852037, 100.0)
    """
    t = load_table_set(layout.PREFLOP_TABLE_SET)
    wins, ties, pairs = (np.asarray(t[k]).sum(axis=1) for k in (layout.PREFLOP_WINS, layout.PREFLOP_TIES,
                                                                  layout.PREFLOP_PAIRS))
    equity = (wins + ties / 2) / (pairs * float(layout.PREFLOP_BOARDS))
    labels = class_labels().reshape(-1)
    combos = np.array([_PAIR if len(x) == 2 else _SUITED if x.endswith("s") else _OFFSUIT for x in labels.tolist()])
    order = np.argsort(-equity, kind="stable")
    counts = combos[order]
    end = np.cumsum(counts) * FULL / counts.sum()
    start = end - counts * FULL / counts.sum()
    out = ClassRanking(labels[order], equity[order], counts, start, end)
    for a in (out.labels, out.equity, out.combos, out.start, out.end):
        a.setflags(write=False)
    return out


def percentile_classes(lo: float, hi: float) -> list[str]:
    """The classes whose middle percentile lies in ``(lo, hi]`` (``lo`` 0: ``[0, hi]``), best first.

    >>> percentile_classes(0, 1), len(percentile_classes(0, 100))
    (['AA', 'KK'], 169)
    """
    r = class_ranking()
    mid = r.middle
    keep = (mid <= hi) & ((mid > lo) if lo > 0 else True)
    return [str(x) for x in r.labels[keep]]


def percent_span(token: str) -> tuple[float, float] | None:
    """``(lo, hi)`` of a percentage token (``top15%``, ``15%``, ``5-20%``), ``None`` for any other
    token; a ``ValueError`` for a percentage out of 0..100 or a span that runs backwards.

    >>> percent_span("top15%"), percent_span("5-20%"), percent_span("AKs")
    ((0.0, 15.0), (5.0, 20.0), None)
    """
    m = _SPAN_RE.match(token.strip().lower())
    if m is None:
        return None
    lo, hi = (0.0, float(m["hi"])) if m["hi"] is not None else (float(m["lo2"]), float(m["hi2"]))
    if not 0 <= lo < hi <= FULL:
        raise ValueError(f"a percentage range runs from 0 to 100, the first below the second: got {lo:g}-{hi:g}%")
    return lo, hi


def hand_percentile(label: str) -> tuple[float, float]:
    """The percentiles a class spans (``start``, ``end``: the share of the 1,326 combos in the classes
    ranked above it, and with it).

    >>> [round(x, 3) for x in hand_percentile("AA") + hand_percentile("AKs")]   # AKs after 7 pairs: 42 combos
    [0.0, 0.452, 3.167, 3.469]
    """
    r = class_ranking()
    key = label.strip()
    key = key[:2].upper() + key[2:].lower()
    hits = np.flatnonzero(r.labels == key)
    if len(hits) == 0:
        flipped = key[1] + key[0] + key[2:] if len(key) >= 2 else key
        hits = np.flatnonzero(r.labels == flipped)
    if len(hits) == 0:
        raise ValueError(f"{label!r} is not a starting-hand class like 'AKs', 'T9o' or '77'")
    k = int(hits[0])
    return float(r.start[k]), float(r.end[k])

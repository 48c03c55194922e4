"""Strategy charts: the ranked list of hold patterns that plays a game, derived from exact hold values.

A *hold pattern* names what a hold keeps, the way strategy charts do: ``"4 to a royal flush"``,
``"Pair of jacks-aces"``, ``"Suited QJ"``, ``"3 to a straight flush (2 ways, 1 high)"``,
``"Dealt flush"`` (``docs/rules.md``, "Video poker strategy charts", defines every pattern).

The chart (:func:`strategy_chart`) comes from every deal of the game, through its suit-symmetry
classes: the exact value of all 32 holds (as :func:`~pokerlut.videopoker.hold_values`), the
patterns of the holds of best value (they *win* the deal) and the other patterns of its holds
(they *lose* it).  ``beats[a, b]`` sums, over the deals ``a`` wins and ``b`` loses, the deal's
weight times the value lost by playing ``b``'s best hold instead.  The patterns that win some deal
are ordered to make the cost, the sum of ``beats[b, a]`` over ``a`` placed above ``b``, small:
greedily (next: the remaining pattern with the least ``beats`` against it from the remaining
ones, ties to the higher mean best value of the deals it wins, then to the name), then by moving
each pattern to the place that lowers the cost most until no move lowers it.  Playing the chart
means holding, on each deal, the best hold of the first line the deal has; the chart reports how
often that is a best hold and the return it gives.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from .. import _threads
from .._input import card_array, twice_text
from .._notice import noticed, progress_bar
from ..constants import ACE, RANK_CHARS, RANK_NAMES, WILD
from ..kernels import videopoker_patterns as patterns
from ..kernels.videopoker_holds import hold_values as kernel_hold_values
from ..kernels.videopoker_scratch import (dense_ids_scratch, hold_values_scratch, pattern_beats_scratch,
                                          pattern_codes_scratch)
from ..kernels.videopoker_tables import HIGHBIT, POPCOUNT
from ..typing import CardsLike
from ._tables import BINOM, N_CARDS, canonical_deals, classify_cards, game_tables, pay_levels, pay_scale
from .games import GAMES, Game, PayTable, PayTableLike, get_game, make_paytable

__all__ = ["ChartLine", "StrategyChart", "hold_pattern", "strategy_chart"]

#: What valuing the holds of one dealt hand costs, in lookups.
_HOLD_LOOKUPS = 32
_WINDOWS = np.array([sum(1 << r for r in range(lo, lo + 5)) for lo in range(9)] + [(1 << ACE) | 0b1111],
                    dtype=np.int64)
_ROYAL_RANKS = sum(1 << r for r in range(ACE - 4, ACE + 1))

_WORDS = ("No", "One", "Two", "Three", "Four", "Five")


# --------------------------------------------------------------------------------- rank classes


@lru_cache(maxsize=None)
def rank_classes(game_key: str) -> tuple[np.ndarray, tuple[str, ...], np.ndarray, tuple[str, ...]]:
    """How a game's patterns name ranks.

    ``cls[r]``, ``labels``: the partition of the natural ranks into the classes the pay rules tell
    apart (ranks in the same paying-pair, four-of-a-kind, five-of-a-kind and kicker sets), each
    labelled like ``"aces"``, ``"2s-4s"``, ``"jacks-kings"``.  ``band[r]``, ``band_labels``: the
    four- and five-of-a-kind rank classes (``"aces"``, ``"2s-4s"``, ``"5s-Ks"``; ``"of a kind"``
    when the game pays every four of a kind alike), which name three and four of a kind.
    """
    game = GAMES[game_key]
    rules = game.rules
    deuces_wild = rules.family == "deuces"
    ranks = [r for r in range(ACE + 1) if not (deuces_wild and r == 0)]
    sets = rules.rank_sets()
    signature = {r: tuple(r in s for s in sets) for r in ranks}
    cls = np.zeros(ACE + 1, dtype=np.int64)
    labels: list[str] = []
    seen: dict[tuple, int] = {}
    for r in ranks:
        if signature[r] not in seen:
            seen[signature[r]] = len(seen)
            labels.append(_rank_range_label([q for q in ranks if signature[q] == signature[r]]))
        cls[r] = seen[signature[r]]
    band = np.zeros(ACE + 1, dtype=np.int64)
    band_sets = [s for _, s, _ in rules.quads] or [s for _, s in rules.fives]
    band_labels = ["of a kind"]
    if band_sets:
        band_labels = []
        for members in dict.fromkeys(band_sets):  # in order, each once
            band_labels.append(_band_label(sorted(members)))
            band[sorted(members)] = len(band_labels) - 1
    cls.setflags(write=False)
    band.setflags(write=False)
    return cls, tuple(labels), band, tuple(band_labels)


def _plural(rank: int) -> str:
    return f"{rank + 2}s" if rank < ACE - 3 else f"{RANK_NAMES[rank]}s"


def _rank_range_label(ranks: list[int]) -> str:
    if len(ranks) == 1:
        return _plural(ranks[0])
    if ranks == list(range(ranks[0], ranks[-1] + 1)):
        return f"{_plural(ranks[0])}-{_plural(ranks[-1])}"
    return ", ".join(_plural(r) for r in ranks)


def _band_label(ranks: list[int]) -> str:
    """``aces``, ``2s-4s``, ``5s-Ks``: as the pay classes write them."""
    def short(r: int) -> str:
        return f"{r + 2}s" if r < ACE - 3 else f"{RANK_CHARS[r]}s"
    if ranks == [ACE]:
        return "aces"
    return f"{short(ranks[0])}-{short(ranks[-1])}"


# --------------------------------------------------------------------------------- the patterns


def _pattern_codes(hands: np.ndarray, masks: np.ndarray, dealt_class: np.ndarray, game: Game) -> np.ndarray:
    """Pattern codes (int64, shape of ``masks``) of holds ``masks`` (N, m) of dealt hands ``hands``
    (N, 5) uint8 whose pay classes (as dealt) are ``dealt_class`` (N,)."""
    cls, _, band, _ = rank_classes(game.key)
    is_wild = np.zeros(WILD + 1, dtype=np.uint8)
    is_wild[list(game.wild_cards)] = 1
    pair_min = -1 if game.rules.pair_min is None else game.rules.pair_min
    counted = np.ones(len(_WINDOWS), dtype=np.int64)
    if game.rules.family == "deuces":  # a straight that needs a deuce is completed by a wild card only
        counted = ((_WINDOWS & 1) == 0).astype(np.int64)
    out = np.empty(masks.shape, dtype=np.int64)
    hands = np.ascontiguousarray(hands, dtype=np.uint8)
    masks = np.ascontiguousarray(masks, dtype=np.uint8)
    dealt_class = np.ascontiguousarray(dealt_class, dtype=np.int64)
    _threads.run_blocks(lambda lo, hi, slot: patterns.hold_pattern_codes(
        hands[lo:hi], masks[lo:hi], dealt_class[lo:hi], is_wild, pair_min, cls, band, _WINDOWS, counted,
        _ROYAL_RANKS, out[lo:hi], pattern_codes_scratch()), len(hands), cost=_HOLD_LOOKUPS * masks.shape[1] // 32)
    return out


def _pattern_name(code: int, game: Game) -> str:
    kind = code % 16
    code //= 16
    k = code % 8
    code //= 8
    w = code % 8
    code //= 8
    f_b = code % 8
    code //= 8
    f_c = code % 8
    f_a = code // 8
    cls, labels, _, band_labels = rank_classes(game.key)
    has_high = game.rules.pair_min is not None
    if not w:
        wilds = ""
    elif game.wild_cards == (WILD,):
        wilds = "joker"
    else:
        wilds = f"{w} deuce{'s' if w > 1 else ''}"

    def ranks_text(mask: int) -> str:
        return "".join(RANK_CHARS[r] for r in range(ACE, -1, -1) if mask >> r & 1)

    def quals(*parts: str) -> str:
        parts = tuple(p for p in parts if p)
        return f" ({', '.join(parts)})" if parts else ""

    def singular(label_id: int) -> str:
        members = np.flatnonzero(cls == label_id).tolist()
        one = members[0] if len(members) == 1 else None
        return labels[label_id] if one is None else RANK_NAMES[one]

    high = f"{f_c} high" if has_high else ""
    if kind == patterns.PAT_DISCARD:
        return "Discard everything"
    if kind == patterns.PAT_DEALT:
        name = game.class_names[f_a]
        return f"Dealt {name[0].lower()}{name[1:]}"
    if kind == patterns.PAT_DEALT_NOTHING:
        return "Dealt hand that pays nothing, kept"
    if kind == patterns.PAT_WILD_ONLY:
        return "Joker alone" if game.wild_cards == (WILD,) else f"{_WORDS[w]} deuce{'s' if w > 1 else ''} alone"
    if kind == patterns.PAT_GROUP:
        label, kicker = f_a % 8, f_a // 8
        if f_b == patterns.PAT_TWO_PAIR:
            name = f"Two pair ({labels[label]} up)"
        elif f_b == 2:
            name = f"Pair of {labels[label]}"
        else:
            name = f"{_WORDS[f_b]} {band_labels[label]}"
        extra = f", {singular(kicker - 1)} kicker" if kicker else f" + {f_c} other cards" if f_c else ""
        return f"{name}{quals(wilds)}{extra}"
    if kind == patterns.PAT_SINGLE:
        return f"{RANK_NAMES[f_a].capitalize()} alone"
    if kind == patterns.PAT_SUITED_PAIR:
        return f"Suited {ranks_text(f_a)}"
    if kind == patterns.PAT_UNSUITED_HIGH:
        return f"Unsuited {ranks_text(f_a)}"
    if kind == patterns.PAT_ROYAL:
        return f"{k} to a royal flush{quals(wilds)}"
    ways = f"{f_b} way{'' if f_b == 1 else 's'}"
    if kind == patterns.PAT_STRAIGHT_FLUSH:
        return f"{k} to a straight flush{quals(ways, high, wilds)}"
    if kind == patterns.PAT_FLUSH:
        return f"{k} to a flush{quals(high, wilds)}"
    if kind == patterns.PAT_STRAIGHT:
        return f"{k} to a straight{quals(ways, high, wilds)}"
    return f"{k} unrelated cards{quals(high, wilds)}"


@noticed("video poker")
def hold_pattern(cards: CardsLike, game: str | Game = "jacks-or-better") -> str:
    """The strategy-chart pattern of a hold: the name of what the kept cards are.

    ``cards``: the 0 to 5 cards kept (text or ids, distinct cards of the game's deck); five cards
    are the dealt hand kept whole.  The patterns are defined in ``docs/rules.md`` ("Video poker
    strategy charts").

    >>> hold_pattern("Ah Kh Qh Jh"), hold_pattern("Jh Jd"), hold_pattern("Qh Jh"), hold_pattern("")
    ('4 to a royal flush', 'Pair of jacks-aces', 'Suited QJ', 'Discard everything')
    >>> hold_pattern("9h 8h 7h"), hold_pattern("Ks Qd Jc")
    ('3 to a straight flush (3 ways, 0 high)', 'Unsuited KQJ')
    >>> hold_pattern("Ac Ad Ah As 3c", "double-double-bonus"), hold_pattern("Ac Ad Ah As", "ddb")
    ('Dealt four aces with 2-4', 'Four aces')
    >>> hold_pattern("2c 2d Kh Qh", "deuces-wild"), hold_pattern("W Kd", "joker-poker")
    ('4 to a royal flush (2 deuces)', 'Pair of kings-aces (joker)')
    """
    g = get_game(game)
    if isinstance(cards, str) and not cards.strip():
        kept = np.zeros(0, dtype=np.int64)
    else:
        array = card_array(cards)
        if array.ndim != 1 or array.shape[0] > N_CARDS:
            raise ValueError(f"a hold is 0 to {N_CARDS} cards, got shape {array.shape}")
        kept = array.astype(np.int64)
    for pos, card in enumerate(kept.tolist()):
        if not 0 <= card < g.deck_size:
            what = f"the joker (W, id {WILD})" if card == WILD else f"card id {card}"
            raise ValueError(f"the hold, position {pos}: {what} is not a card of {g.name} (ids 0..{g.deck_size - 1})")
        if card in kept[:pos].tolist():
            first = kept[:pos].tolist().index(card)
            raise ValueError(f"the hold: {twice_text(card, f'at position {first}', f'at position {pos}')}")
    # pad to five with cards not held (their values do not matter): the lowest unused ids
    pad = [c for c in range(g.deck_size) if c not in kept.tolist()][:N_CARDS - len(kept)]
    hand = np.array([kept.tolist() + pad], dtype=np.uint8)
    mask = np.array([[(1 << len(kept)) - 1]], dtype=np.uint8)
    dealt = classify_cards(hand, g.key) if len(kept) == N_CARDS else np.zeros(1, dtype=np.uint8)
    return _pattern_name(int(_pattern_codes(hand, mask, dealt, g)[0, 0]), g)


# ----------------------------------------------------------------------------------- the chart


class ChartLine(NamedTuple):
    """One line of a strategy chart."""

    pattern: str
    best: float     # share of deals where the pattern is a best hold
    played: float   # share of deals where it is the chart's play (the first line the deal has)


@dataclass(frozen=True, eq=False)
class StrategyChart:
    """A game's strategy chart under one pay table: hold the first line the dealt hand has.

    ``lines`` best first; ``agreement`` is the share of deals where the chart's play is a best hold;
    ``chart_return`` the return of playing the chart (the best hold of the chosen pattern),
    ``optimal_return`` that of optimal play (exact when the pays are, see
    :func:`~pokerlut.videopoker.game_return`).
    """

    game: Game
    paytable: PayTable
    lines: tuple[ChartLine, ...]
    agreement: float
    chart_return: float
    optimal_return: float
    exact_optimal: Fraction | None
    deals: int
    deal_classes: int
    patterns: int           # patterns any hold of any deal has
    seconds: float

    @property
    def patterns_in_order(self) -> list[str]:
        return [line.pattern for line in self.lines]

    def __str__(self) -> str:
        g = self.game
        width = max(len(line.pattern) for line in self.lines)
        out = [f"{g.name}, {self.paytable.name}: strategy chart (hold the first line the dealt hand has)",
               f"from the exact value of every hold of all {self.deals:,} deals ({self.deal_classes:,} suit "
               f"classes), in {self.seconds:.2f} s",
               f"playing it returns {100 * self.chart_return:.4f}% (optimal play {100 * self.optimal_return:.4f}%) "
               f"and holds a best hold on {100 * self.agreement:.3f}% of deals",
               f"  {'#':>3}  {'hold':<{width}}  {'best on':>9}  {'played on':>9}"]
        for i, line in enumerate(self.lines):
            out.append(f"  {i + 1:>3}  {line.pattern:<{width}}  {100 * line.best:>8.4f}%  {100 * line.played:>8.4f}%")
        return "\n".join(out)


def _all_hold_values(deals: np.ndarray, table: PayTable) -> np.ndarray:
    """Scaled values (exact integers when the pays allow) of the 32 holds of each deal, by mask."""
    tabs = game_tables(table.game_key)
    ps = pay_scale(table)
    levels = pay_levels(table)
    n = len(deals)
    masks = np.empty((n, 32), dtype=np.uint8)
    scaled = np.empty((n, 32), dtype=np.float64)
    _threads.run_blocks(lambda lo, hi, slot: kernel_hold_values(
        deals[lo:hi], masks[lo:hi], scaled[lo:hi], BINOM, tabs.offsets, levels, tabs.class5, ps.pay, ps.scale,
        POPCOUNT, HIGHBIT, *hold_values_scratch()), n, cost=_HOLD_LOOKUPS)
    by_mask = np.empty_like(scaled)
    np.put_along_axis(by_mask, masks.astype(np.intp), scaled, axis=1)
    return by_mask


def _dense(codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct codes and each code's index among them (a hash table, not a sort)."""
    ids = np.empty(len(codes), dtype=np.int64)
    slots = 1 << 12
    while True:
        keys, table_ids, uniques = dense_ids_scratch(slots)
        n_unique = patterns.dense_ids(codes, ids, keys, table_ids, uniques)
        if n_unique >= 0:
            return uniques[:n_unique].copy(), ids
        slots *= 4


def _order(beats: np.ndarray, value: np.ndarray, names: list[str]) -> list[int]:
    """The chart's order of the patterns (indices into ``names``).

    The cost of an order is the sum of ``beats[b, a]`` over every pattern ``a`` placed above a
    pattern ``b``: the value the order gives away where they compete.  Greedy start: next comes
    the remaining pattern with the least ``beats`` against it from the other remaining ones, ties
    to the higher ``value`` (the mean best value of the deals it wins), then to the name.  Then
    insertion moves: each pattern in turn moves to the place that lowers the cost most, until no
    move lowers it.
    """
    remaining = list(range(len(names)))
    order: list[int] = []
    while remaining:
        lost = beats[np.ix_(remaining, remaining)].sum(axis=0)
        pick = min(range(len(remaining)), key=lambda j: (lost[j], -value[remaining[j]], names[remaining[j]]))
        order.append(remaining.pop(pick))
    tolerance = 1e-12 * max(float(beats.sum()), 1.0)
    improved = True
    while improved:
        improved = False
        for e in list(order):
            i = order.index(e)
            rest = order[:i] + order[i + 1:]
            # cost change of putting e at each place of rest, relative to its place i
            gain_above = beats[rest, e] - beats[e, rest]  # e placed above x instead of below
            delta = np.zeros(len(rest) + 1)
            delta[:i] = np.cumsum(gain_above[:i][::-1])[::-1]   # moving up past rest[j:i]
            delta[i + 1:] = np.cumsum(-gain_above[i:])          # moving down past rest[i:j]
            j = int(np.argmin(delta))
            if delta[j] < -tolerance:
                order = rest[:j] + [e] + rest[j:]
                improved = True
    return order


@noticed("video poker")
def strategy_chart(game: str | Game = "jacks-or-better", paytable: PayTableLike = None, *,
                   progress: bool | None = None) -> StrategyChart:
    """The strategy chart of a game and pay table, derived from the exact value of every hold.

    For every deal (through its suit-symmetry class, weighted by the deals it stands for) the
    patterns of its best holds *beat* the patterns of its other holds; the patterns that are best
    somewhere are ranked by the order in which they win when they compete (greedy, then adjacent
    swaps; see the module docstring and ``docs/rules.md``, "Video poker strategy charts").  The
    chart reports how often playing it (the first line a deal has, its best hold) is optimal and the
    return it gives.  ``progress``: a progress bar on stderr (``None``: on a terminal or in a notebook).

    >>> chart = strategy_chart("jacks-or-better", progress=False)
    >>> chart.patterns_in_order[:3]
    ['Dealt royal flush', 'Dealt straight flush', 'Dealt four of a kind']
    >>> round(100 * chart.optimal_return, 4), chart.chart_return <= chart.optimal_return
    (99.5439, True)
    """
    start = time.perf_counter()
    g = get_game(game)
    table = make_paytable(g, paytable)
    deals, weights = canonical_deals(g.deck_size)
    n = len(deals)
    bar = progress_bar(3, f"{g.name}: strategy chart", None if progress is None else bool(progress),
                       unit=" steps", delay=0)
    try:
        values = _all_hold_values(deals, table)
        if bar is not None:
            bar.update(1)
        dealt_class = classify_cards(np.ascontiguousarray(deals), g.key)
        codes = _pattern_codes(deals, np.broadcast_to(np.arange(32, dtype=np.uint8), (n, 32)), dealt_class, g)
        unique_codes, pattern_of = _dense(codes.ravel())
        names_by_code = [_pattern_name(int(c), g) for c in unique_codes]
        names = sorted(set(names_by_code))
        name_id = {name: i for i, name in enumerate(names)}
        pattern = np.array([name_id[x] for x in names_by_code], dtype=np.int64)[pattern_of.reshape(n, 32)]
        if bar is not None:
            bar.update(1)
        n_pat = len(names)
        beats = np.zeros((n_pat, n_pat), dtype=np.float64)
        best_weight = np.zeros(n_pat, dtype=np.float64)
        value_sum = np.zeros(n_pat, dtype=np.float64)
        patterns.pattern_beats(np.ascontiguousarray(pattern), values / pay_scale(table).unit, weights, beats,
                               best_weight, value_sum, *pattern_beats_scratch(n_pat))
        in_chart = np.flatnonzero(best_weight > 0)
        mean_value = value_sum[in_chart] / best_weight[in_chart]
        ranked = in_chart[_order(beats[np.ix_(in_chart, in_chart)], mean_value, [names[p] for p in in_chart])]
        position = np.full(n_pat, len(ranked), dtype=np.int64)
        position[ranked] = np.arange(len(ranked))
        # playing the chart: the first line each deal has, the best hold of that pattern
        line_of_hold = position[pattern]
        chosen_line = line_of_hold.min(axis=1)
        chosen_value = np.where(line_of_hold == chosen_line[:, None], values, -np.inf).max(axis=1)
        best_value = values.max(axis=1)
        if bar is not None:
            bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    total_deals = math.comb(g.deck_size, N_CARDS)
    ps = pay_scale(table)
    fweights = weights.astype(np.float64)
    agreement = float(fweights[chosen_value == best_value].sum() / total_deals)
    chart_return = float(np.dot(fweights, chosen_value) / ps.unit / total_deals)
    if ps.exact:
        paid = np.dot(weights.astype(object), best_value.astype(np.int64).astype(object))
        exact = Fraction(int(paid), ps.unit * total_deals)
        optimal = float(exact)
    else:
        exact = None
        optimal = float(np.dot(fweights, best_value) / ps.unit / total_deals)
    played = np.bincount(chosen_line, weights=fweights, minlength=len(ranked) + 1)
    lines = tuple(ChartLine(names[p], float(best_weight[p] / total_deals), float(played[i] / total_deals))
                  for i, p in enumerate(ranked.tolist()))
    return StrategyChart(g, table, lines, agreement, chart_return, optimal, exact, total_deals, n, n_pat,
                         time.perf_counter() - start)

"""Hand values from first principles (docs/rules.md), one rank shape at a time.

A 5-card hand's value depends only on its rank multiset, on whether all of its natural cards
share one suit, and on how many wild cards it holds.  This module enumerates those shapes,
orders the natural ones by the tie-break rules to obtain the dense strength scale, and
resolves wild cards by trying every legal substitution.

Strength convention: ``uint16``, higher is stronger; natural hands are 1..7462 (7462 is the
royal flush, so ``7463 - s`` is the Cactus Kev rank), five of a kind of rank ``r`` is
``7463 + r``; 0 is never a valid strength.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, combinations_with_replacement

from ..constants import (ACE, FIVE_OF_A_KIND, FIVE_OF_A_KIND_BASE, FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD,
                         MAX_STRENGTH, N_RANKS, NATURAL_STRENGTHS, ONE_PAIR, STRAIGHT, STRAIGHT_FLUSH,
                         THREE_OF_A_KIND, TWO_PAIR)

#: The ten straights as rank tuples, lowest (the wheel, A-2-3-4-5, top card 5) first.
STRAIGHTS: tuple[tuple[int, frozenset[int]], ...] = tuple(
    [(3, frozenset({ACE, 0, 1, 2, 3}))] + [(top, frozenset(range(top - 4, top + 1))) for top in range(4, 13)]
)


def _straight_top(distinct_ranks: frozenset[int]) -> int | None:
    """Top card of the straight formed by five distinct ranks, or None."""
    for top, ranks in STRAIGHTS:
        if distinct_ranks == ranks:
            return top
    return None


def natural_key(counts: tuple[int, ...], suited: bool) -> tuple[int, ...]:
    """Comparison key ``(category, tie-break ranks...)`` of a natural 5-card hand.

    ``counts[r]`` is how many cards of rank ``r`` the hand holds (they sum to 5, none above 4);
    ``suited`` says all five cards share a suit (only possible with five distinct ranks).
    """
    if sum(counts) != 5 or max(counts) > 4:
        raise ValueError(f"not a natural 5-card rank multiset: {counts}")
    # ranks ordered by (count, rank), most significant first
    groups = sorted(((c, r) for r, c in enumerate(counts) if c), reverse=True)
    pattern = tuple(c for c, _ in groups)
    ranks = tuple(r for _, r in groups)
    if pattern == (1, 1, 1, 1, 1):
        top = _straight_top(frozenset(ranks))
        if suited:
            return (STRAIGHT_FLUSH, top) if top is not None else (FLUSH, *ranks)
        return (STRAIGHT, top) if top is not None else (HIGH_CARD, *ranks)
    if suited:
        raise ValueError("a suited hand has five distinct ranks")
    category = {
        (4, 1): FOUR_OF_A_KIND,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): THREE_OF_A_KIND,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): ONE_PAIR,
    }[pattern]
    return (category, *ranks)


def natural_shapes() -> list[tuple[tuple[int, ...], bool]]:
    """Every distinct natural 5-card shape: (rank counts, suited), 6,175 + 1,287 of them."""
    shapes = []
    for multiset in combinations_with_replacement(range(N_RANKS), 5):
        counts = tuple(multiset.count(r) for r in range(N_RANKS))
        if max(counts) <= 4:
            shapes.append((counts, False))
    for distinct in combinations(range(N_RANKS), 5):
        counts = tuple(1 if r in distinct else 0 for r in range(N_RANKS))
        shapes.append((counts, True))
    return shapes


@lru_cache(maxsize=1)
def ordered_natural_keys() -> tuple[tuple[int, ...], ...]:
    """All 7,462 distinct natural keys, weakest first: strength ``s`` is index ``s - 1``."""
    keys = sorted({natural_key(counts, suited) for counts, suited in natural_shapes()})
    if len(keys) != NATURAL_STRENGTHS:
        raise AssertionError(f"expected {NATURAL_STRENGTHS} natural hand values, found {len(keys)}")
    return tuple(keys)


@lru_cache(maxsize=1)
def _strength_of_key() -> dict[tuple[int, ...], int]:
    return {key: i + 1 for i, key in enumerate(ordered_natural_keys())}


def natural_strength(counts: tuple[int, ...], suited: bool) -> int:
    """Dense strength (1..7462) of a natural 5-card shape."""
    return _strength_of_key()[natural_key(counts, suited)]


def five_of_a_kind(counts: tuple[int, ...], wilds: int) -> int | None:
    """Strength of five of a kind if the five-of-a-kind exception of docs/rules.md applies, else None."""
    ranks = [r for r in range(N_RANKS) if counts[r] + wilds >= 5]
    return FIVE_OF_A_KIND_BASE + max(ranks) if ranks else None


@lru_cache(maxsize=None)
def offsuit_strength(counts: tuple[int, ...], wilds: int) -> int:
    """Best value of naturals with rank ``counts`` plus ``wilds`` wild cards, flushes ignored.

    This is the exact value when the naturals hold two or more suits: every rank multiset the
    wilds can complete (no rank above four) is realisable with cards not already held.
    """
    if sum(counts) + wilds != 5:
        raise ValueError("a 5-card shape needs naturals + wilds == 5")
    best = five_of_a_kind(counts, wilds)
    if best is not None:
        return best
    best = 0
    for added in combinations_with_replacement(range(N_RANKS), wilds):
        new = list(counts)
        for r in added:
            new[r] += 1
        if max(new) <= 4:
            best = max(best, natural_strength(tuple(new), False))
    return best


@lru_cache(maxsize=None)
def suited_strength(rank_mask: int, wilds: int) -> int:
    """Best value of naturals that all share one suit (distinct ranks ``rank_mask``) plus wilds.

    The wilds may stay off-suit (any :func:`offsuit_strength` choice) or take distinct ranks of
    that suit that are not held, making a flush or straight flush.
    """
    held = [r for r in range(N_RANKS) if rank_mask >> r & 1]
    if len(held) + wilds != 5:
        raise ValueError("a 5-card shape needs naturals + wilds == 5")
    counts = tuple(1 if r in held else 0 for r in range(N_RANKS))
    best = offsuit_strength(counts, wilds)
    missing = [r for r in range(N_RANKS) if not rank_mask >> r & 1]
    for added in combinations(missing, wilds):
        flush_counts = tuple(1 if (r in held or r in added) else 0 for r in range(N_RANKS))
        best = max(best, natural_strength(flush_counts, True))
    return best


def key_of_strength(strength: int) -> tuple[int, ...]:
    """The comparison key ``(category, ranks...)`` of a strength; five of a kind is ``(9, r)``."""
    if 1 <= strength <= NATURAL_STRENGTHS:
        return ordered_natural_keys()[strength - 1]
    if FIVE_OF_A_KIND_BASE <= strength <= MAX_STRENGTH:
        return (FIVE_OF_A_KIND, strength - FIVE_OF_A_KIND_BASE)
    raise ValueError(f"not a strength: {strength}")

"""Properties that hold for every hand (hypothesis)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerlut

WILD = pokerlut.WILD

naturals5 = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)


@st.composite
def hands_with_wilds(draw):
    cards = draw(naturals5)
    wilds = draw(st.integers(0, 5))
    positions = draw(st.permutations(range(5)))[:wilds]
    for p in positions:
        cards[p] = WILD
    return cards


def strength(cards) -> int:
    return int(pokerlut.evaluate(np.array(cards, dtype=np.uint8)))


@given(hands_with_wilds(), st.randoms(use_true_random=False))
def test_card_order_never_matters(cards, rnd):
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert strength(shuffled) == strength(cards)


@given(hands_with_wilds(), st.permutations(range(4)))
def test_suit_relabelling_never_matters(cards, perm):
    relabelled = [c if c == WILD else c - c % 4 + perm[c % 4] for c in cards]
    assert strength(relabelled) == strength(cards)


@given(hands_with_wilds(), st.integers(0, 4))
def test_replacing_a_natural_with_a_wild_never_lowers(cards, index):
    if cards[index] == WILD:
        return
    with_wild = list(cards)
    with_wild[index] = WILD
    assert strength(with_wild) >= strength(cards)


@given(hands_with_wilds())
def test_strength_is_in_range_and_category_matches_the_scale(cards):
    s = strength(cards)
    assert 1 <= s <= pokerlut.MAX_STRENGTH
    if WILD not in cards:
        assert s <= pokerlut.NATURAL_STRENGTHS


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 70_000), st.floats(0, 1))
def test_parallel_equals_serial(seed, n, wild_fraction):
    hands = pokerlut.random_hands(n, wild_fraction=wild_fraction, max_wilds=5, seed=seed)
    assert np.array_equal(pokerlut.evaluate(hands, parallel=True), pokerlut.evaluate(hands, parallel=False))


@given(hands_with_wilds(), st.sampled_from([np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint32]))
def test_every_integer_dtype_gives_the_same_strength(cards, dtype):
    assert int(pokerlut.evaluate(np.array(cards, dtype=dtype))) == strength(cards)

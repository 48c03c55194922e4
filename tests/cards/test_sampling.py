"""pokerlut.random_hands: every hand size up to the whole deck, distinct cards, uniform, seeded,
reproducible; arguments checked, impossible allocations refused."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import pokerlut


def test_random_hands_with_many_cards_returns_promptly():
    code = ("import numpy as np, pokerlut; h = pokerlut.random_hands(1000, 30, seed=1); "
            "s = np.sort(h, axis=1); print(h.shape, bool((s[:, 1:] != s[:, :-1]).all()))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "(1000, 30) True"


def test_random_hands_of_the_whole_deck_are_permutations():
    h = pokerlut.random_hands(2000, 52, seed=4)
    assert np.array_equal(np.sort(h, axis=1), np.tile(np.arange(52), (2000, 1)))
    # a uniform permutation puts every card in the first position about equally often (2000/52 ~ 38)
    first = np.bincount(h[:, 0], minlength=52)
    assert first.min() > 10 and first.max() < 80


@pytest.mark.parametrize("cards", [2, 5, 7, 13, 30, 51])
def test_random_hands_are_distinct_uniform_and_reproducible(cards):
    n = 30_000
    a = pokerlut.random_hands(n, cards, seed=cards)
    assert np.array_equal(a, pokerlut.random_hands(n, cards, seed=cards))
    s = np.sort(a, axis=1)
    assert (s[:, 1:] != s[:, :-1]).all() and a.max() < 52
    expected = a.size / 52  # draws of each card when uniform; the count's std is about its square root
    counts = np.bincount(a.ravel(), minlength=52)
    assert np.abs(counts - expected).max() < 5 * np.sqrt(expected)


@pytest.mark.parametrize("kwargs, error, text", [
    (dict(n=1.5), TypeError, "n must be an integer"),
    (dict(n=True), TypeError, "n must be an integer"),
    (dict(n=-1), ValueError, "n must be >= 0"),
    (dict(n=3, cards=5.0), TypeError, "cards must be an integer"),
    (dict(n=3, cards=0), ValueError, "cards must be between 1 and 52"),
    (dict(n=3, wild_fraction="0.5"), TypeError, "wild_fraction"),
    (dict(n=3, wild_fraction=float("nan")), ValueError, "wild_fraction"),
    (dict(n=3, max_wilds=2.0), TypeError, "max_wilds must be an integer"),
])
def test_random_hands_argument_errors(kwargs, error, text):
    with pytest.raises(error, match=text):
        pokerlut.random_hands(**kwargs)


def test_random_hands_of_zero_hands():
    assert pokerlut.random_hands(0, 7, seed=1).shape == (0, 7)


def test_random_hands_too_many_for_memory_is_a_value_error():
    with pytest.raises(ValueError, match="do not fit in memory"):
        pokerlut.random_hands(10**15, 5)

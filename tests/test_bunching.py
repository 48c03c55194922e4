"""Bunched combo frequencies against a brute-force count of every conflict-free deal of the
folders' hands and the player's combo (small ranges, one and two folders, a board and dead cards)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pokerlut.analytics.bunching import bunched_frequencies
from pokerlut.cards import parse_cards
from pokerlut.ranges import parse_range


def brute(player, folders, known):
    known = set(parse_cards(known).tolist()) if known else set()
    ranges = [parse_range(r) for r in [player, *folders]]
    out = {}
    for deal in itertools.product(*[list(zip(r.combos.tolist(), r.weights)) for r in ranges]):
        cards = [c for combo, _ in deal for c in combo]
        if len(set(cards)) != len(cards) or set(cards) & known:
            continue
        key = tuple(sorted(deal[0][0]))
        out[key] = out.get(key, 0.0) + float(np.prod([w for _, w in deal]))
    return out


@pytest.mark.parametrize("player, folders, board, dead", [
    ("AA, KK, AKs, 0.5(76s)", ["AK, 77, A5s"], "", ""),
    ("AA, KK, AKs, 0.5(76s)", ["AK, 77", "AQs, KQo, 0.25(AA)"], "", ""),
    ("QQ+, AK", ["AA, AQ", "KK, KQs"], "Ah 7c 2d", "Kd"),
])
def test_against_brute_force(player, folders, board, dead):
    b = bunched_frequencies(player, folders, board, dead)
    expected = brute(player, folders, " ".join(x for x in (board, dead) if x))
    got = {tuple(sorted(c)): w for c, w in zip(b.combos.tolist(), b.bunched) if w > 0}
    assert set(got) == set(expected)
    for key, w in expected.items():
        assert abs(got[key] - w) < 1e-9 * max(1.0, w)
    shares = b.shares()
    assert abs(sum(v[1] for v in shares.values()) - 1) < 1e-12 and abs(sum(v[0] for v in shares.values()) - 1) < 1e-12


def test_bad_input():
    with pytest.raises(ValueError, match="1 to 2"):
        bunched_frequencies("AA", ["KK", "QQ", "JJ"])
    with pytest.raises(ValueError, match="1 to 2"):
        bunched_frequencies("AA", "KK")
    with pytest.raises(ValueError, match="no deal fits"):
        bunched_frequencies("AhAd", ["AA", "AA"])

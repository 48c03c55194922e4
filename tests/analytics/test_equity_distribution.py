"""``pokerlut.equity_distribution``: each combo's equity against a one-combo-at-a-time enumeration,
its share against a count of the deals it is in, the mean against the range's equity, and the
nut-advantage shares recomputed."""

from __future__ import annotations

import numpy as np
import pytest

import pokerlut
from pokerlut.analytics import distribution_plot, equity_distribution
from pokerlut.cards import format_cards
from pokerlut.ranges import parse_range


PLAYERS = ["0.5(QQ), AhKh, JTs", "KK, 0.25(99), AQo"]
BOARD = "Qs 9h 2c"


@pytest.fixture(scope="module")
def dist():
    return equity_distribution(PLAYERS, BOARD)


def test_against_an_enumeration(dist):
    board = set(pokerlut.parse_cards(BOARD).tolist())
    ranges = [parse_range(p, blocked=BOARD) for p in PLAYERS]
    for i in range(2):
        opp = ranges[1 - i]
        mine = {tuple(sorted(c)): w for c, w in zip(ranges[i].combos.tolist(), ranges[i].weights)}
        masses = {}
        for combo, w in mine.items():
            fits = [(c, ow) for c, ow in zip(opp.combos.tolist(), opp.weights) if not set(c) & set(combo)]
            if not fits:
                continue
            masses[combo] = w * sum(ow for _, ow in fits)
        total = sum(masses.values())
        assert len(dist.combos[i]) == len(masses)
        for combo, eq, share in zip(dist.combos[i].tolist(), dist.equity[i], dist.share[i]):
            key = tuple(sorted(combo))
            assert not set(combo) & board
            assert abs(share - masses[key] / total) < 1e-12
            direct = pokerlut.equity([format_cards(np.array(combo)).replace(" ", ""), PLAYERS[1 - i]], BOARD,
                                     method="enumerate")
            assert abs(direct.equity[0] - eq) < 1e-12
        assert (np.diff(dist.equity[i]) <= 0).all()


def test_mean_and_shares(dist):
    assert np.allclose(dist.mean, dist.result.equity, atol=1e-12)
    for t in (0.3, 0.5, 0.9):
        expected = [sum(s for s, e in zip(dist.share[i], dist.equity[i]) if e >= t) for i in range(2)]
        assert np.allclose(dist.share_above(t), expected, atol=1e-15)
    x, y = dist.curve(1, 11)
    assert x[0] == 0 and x[-1] == 100 and y[0] == dist.equity[1][0] and y[-1] == dist.equity[1][-1]


def test_plot(dist):
    pytest.importorskip("matplotlib")
    fig = distribution_plot(dist)
    assert len(fig.axes[0].patches) == 2


def test_bad_input():
    with pytest.raises(ValueError):
        equity_distribution(["AA", "KK", "QQ"], BOARD)
    with pytest.raises(TypeError):
        distribution_plot("AA")

"""Any valid weight gives finite, right equities in every engine (issue 24, item 5: ``QQ:1e-200`` vs
``KK:1e-200`` on a flop gave NaN, denormal weights skewed Monte Carlo, 0.42 against an exact 0.34;
hand-built ranges reached ``range_strengths`` and ``class_weights`` unchecked; ``class_equity``
refused a ``Range`` opponent).

Weights are relative: every engine divides a range's weights by its largest, and products of
weights keep their binary exponents apart, so the scale of the weights never matters."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlut import Range, equity, parse_range
from pokerlut.equities import class_equity
from pokerlut.equities.deal import parse_deal, relative_weights
from pokerlut.equities.holdem import alias_table
from pokerlut.equities.plan import WeightProducts, combinations
from pokerlut.equities.sweep import MAX_PRECISION_LOSS, precision_loss
from pokerlut.ranges import OmahaRange, class_weights, parse_omaha_range, range_strengths

FLOP = "Ks 7h 2c"
TOL = 1e-12
SCALES = ["1e-200", "1e-310", "1e12"]  # tiny, subnormal (a float below 2.2e-308), the largest allowed


def scaled(text: str, scale: str) -> str:
    """``text`` of ``hand:weight`` tokens with every weight times ``scale`` (written, not computed)."""
    out = []
    for token in text.split(","):
        hand, _, w = token.strip().partition(":")
        out.append(f"{hand}:{w or '1'}{scale[1:]}" if w else f"{hand}:{scale}")
    return ", ".join(out)


def test_scaled_writes_the_weights_times_the_scale():
    assert scaled("QQ, AA:2", "1e-200") == "QQ:1e-200, AA:2e-200"
    assert parse_range(scaled("QQ, AA:2", "1e-200")).weights.tolist() == [1e-200] * 6 + [2e-200] * 6


# --------------------------------------------------------------------------- the reproductions


@pytest.mark.parametrize("method", ["sweep", "enumerate"])
def test_tiny_weights_heads_up_give_finite_equities(method):
    r = equity(["QQ:1e-200", "KK:1e-200"], FLOP, method=method)
    want = equity(["QQ", "KK"], FLOP, method=method)
    assert np.isfinite(r.equity).all() and np.allclose(r.equity, want.equity, rtol=0, atol=TOL)


def test_subnormal_weights_do_not_skew_monte_carlo():
    players = ["QQ:1e-310, AA:3e-310", "KK, 76s:0.25"]
    exact = equity(players, FLOP)
    mc = equity(players, FLOP, exact=False, samples=400_000, seed=7)
    assert np.all(np.abs(mc.equity - exact.equity) <= 4 * mc.std_error)
    # the same as weights 1 and 3: the alias tables draw AA three times as often as QQ
    assert np.allclose(exact.equity, equity(["QQ, AA:3", "KK, 76s:0.25"], FLOP).equity, rtol=0, atol=TOL)


def test_alias_tables_of_subnormal_weights_are_those_of_the_same_ratios():
    prob, alias = alias_table(np.array([1e-310, 3e-310]), 0)  # n / sum overflowed to inf
    want_prob, want_alias = alias_table(np.array([1.0, 3.0]), 0)
    assert np.allclose(prob, want_prob, rtol=1e-12) and alias.tolist() == want_alias.tolist()


# --------------------------------------------------------------------------- every engine, any scale


HEADS_UP = ["QQ, AA:0.5, AKs:0.25", "KK:0.5, JJ, T9s"]  # weights <= 1: times 1e12 is allowed


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("method", ["sweep", "enumerate"])
def test_heads_up_exact_engines_ignore_the_scale(scale, method):
    want = equity(HEADS_UP, FLOP, method=method)
    r = equity([scaled(p, scale) for p in HEADS_UP], FLOP, method=method)
    assert r.engine == want.engine == method
    assert np.allclose(r.equity, want.equity, rtol=0, atol=TOL) and np.allclose(r.win, want.win, rtol=0, atol=TOL)


@pytest.mark.parametrize("scale", SCALES)
def test_per_combo_equities_ignore_the_scale(scale):
    want = equity(HEADS_UP, FLOP, per_combo=True)
    r = equity([scaled(p, scale) for p in HEADS_UP], FLOP, per_combo=True)
    for c, w in zip(r.combos, want.combos):
        assert np.allclose(c.equity, w.equity, rtol=0, atol=TOL, equal_nan=True)
        assert np.allclose(c.faced, w.faced, rtol=1e-12, equal_nan=True)  # relative to the opponent's largest


@pytest.mark.parametrize("scale", SCALES)
def test_multiway_enumeration_ignores_the_scale(scale):
    players = ["QQ, AA:0.5", "KK:0.5, JJ", "TT, 98s:0.5"]
    want = equity(players, FLOP, exact=True)
    r = equity([scaled(p, scale) for p in players], FLOP, exact=True)
    assert np.isfinite(r.equity).all() and np.allclose(r.equity, want.equity, rtol=0, atol=TOL)


@pytest.mark.parametrize("scale", SCALES)
def test_monte_carlo_ignores_the_scale_of_equal_weights(scale):
    players = ["QQ, AA", "KK, JJ", "TT"]
    want = equity(players, FLOP, exact=False, samples=50_000, seed=3)
    r = equity([scaled(p, scale) for p in players], FLOP, exact=False, samples=50_000, seed=3)
    assert np.array_equal(r.equity, want.equity)  # the same draws


@pytest.mark.parametrize("power", [-1030, -660, 39])  # about 9e-311 (subnormal), 2e-199, 5e11
def test_monte_carlo_ignores_the_scale_of_any_weights(power):
    """Weights scaled by a power of two keep their ratios exactly (decimal text of a subnormal weight
    rounds its ratios at about 1e-14, which can move a draw): the same draws, the same counts."""
    players = [parse_range("QQ, AA:0.5, AKs:0.3"), parse_range("KK:0.7, JJ"), "TT"]
    moved = [Range(p.combos, np.ldexp(p.weights, power)) if isinstance(p, Range) else p for p in players]
    want = equity(players, FLOP, exact=False, samples=50_000, seed=3)
    r = equity(moved, FLOP, exact=False, samples=50_000, seed=3)
    assert np.array_equal(r.equity, want.equity)


OMAHA = ["AAKK, QQJJds:0.5", "KKQQ, T98*:0.25"]
OMAHA_BOARD = "7h 2c 3d 9s"


@pytest.mark.parametrize("scale", SCALES)
def test_omaha_exact_ignores_the_scale(scale):
    want = equity(OMAHA, OMAHA_BOARD, variant="omaha", exact=True)
    r = equity([scaled(p, scale) for p in OMAHA], OMAHA_BOARD, variant="omaha", exact=True)
    assert r.method == "exact" and np.isfinite(r.equity).all()
    assert np.allclose(r.equity, want.equity, rtol=0, atol=TOL)
    # Monte Carlo agrees with it (text weights: a subnormal's ratios are rounded, so not the same draws)
    mc = equity([scaled(p, scale) for p in OMAHA], OMAHA_BOARD, variant="omaha", exact=False, samples=100_000, seed=5)
    assert np.all(np.abs(mc.equity - want.equity) <= 4 * mc.std_error)


@pytest.mark.parametrize("power", [-1030, -660, 39])
def test_omaha_monte_carlo_ignores_the_scale(power):
    players = [parse_omaha_range(p) for p in OMAHA]
    moved = [OmahaRange(p.combos, np.ldexp(p.weights, power)) for p in players]
    want = equity(players, OMAHA_BOARD, variant="omaha", exact=False, samples=20_000, seed=5)
    r = equity(moved, OMAHA_BOARD, variant="omaha", exact=False, samples=20_000, seed=5)
    assert np.array_equal(r.equity, want.equity)


@pytest.mark.parametrize("scale", SCALES)
def test_the_grid_ignores_the_scale(scale):
    heads_up = class_equity(scaled("QQ, AKs:0.5", scale), board=FLOP)
    assert bool(heads_up.exact.any())
    assert np.allclose(heads_up.equity, class_equity("QQ, AKs:0.5", board=FLOP).equity, rtol=0, atol=TOL,
                       equal_nan=True)
    opponents = ["QQ, AKs:0.5", "JJ, 76s:0.5"]
    multiway = class_equity([scaled(o, scale) for o in opponents], board="Ks 7h 2c 3d", exact=True)
    want = class_equity(opponents, board="Ks 7h 2c 3d", exact=True)
    assert np.allclose(multiway.equity, want.equity, rtol=0, atol=TOL, equal_nan=True)


@pytest.mark.parametrize("scale", SCALES)
def test_what_a_range_makes_on_a_board_ignores_the_scale(scale):
    r = range_strengths(scaled("QQ, KK:0.5, 72o", scale), FLOP)
    assert np.allclose(r.shares, range_strengths("QQ, KK:0.5, 72o", FLOP).shares, rtol=0, atol=TOL)


def test_hand_built_ranges_of_any_finite_weight_give_the_same_equities():
    combos = parse_range("QQ, AA").combos
    want = equity([Range(combos, np.r_[np.ones(6), 2 * np.ones(6)]), "KK"], FLOP)
    for top in (1e300, 1e-320):  # beyond what range text allows, either way
        r = equity([Range(combos, np.r_[np.full(6, top / 2), np.full(6, top)]), "KK"], FLOP)
        assert np.allclose(r.equity, want.equity, rtol=0, atol=1e-9 if top < 1e-300 else TOL)


# --------------------------------------------------------------------------- products that would underflow


#: Player 0's heavy combo shares a card with player 1's: only pairs of a heavy and a light combo,
#: each of weight 1e-100, and light-light pairs of 1e-200 can be dealt.
CONFLICT = ["AsAh, KcKd:1e-100", "AsKs, QcQd:1e-100"]


def test_combinations_keep_products_below_every_float():
    ranges = parse_deal(["AsAh, KcKd:1e-200", "AsKs, QcQd:1e-200"], "2h 7d 9c").ranges
    holes, weights = combinations(ranges)
    assert len(holes) == 3 and sorted(weights.tolist()) == [pytest.approx(1e-200, rel=1e-15), 1.0, 1.0]  # 1e-400


def test_weight_products_are_exact_for_equal_weights():
    p = WeightProducts(np.ones(3))
    p.times(np.array([0, 1, 2, 2]), np.ones(2), np.array([0, 1, 0, 1]))
    assert p.relative().tolist() == [1.0] * 4


def independent_conflict_equity() -> np.ndarray:
    """The CONFLICT deal from its two dealt pairs of equal weight, each a fixed-hands question (the
    light-light pair weighs 1e-100 of them: below 1e-12)."""
    a = equity(["AsAh", "QcQd"], "2h 7d 9c", exact=True).equity
    b = equity(["KcKd", "AsKs"], "2h 7d 9c", exact=True).equity
    return (a + b) / 2


def test_enumeration_answers_a_deal_whose_heavy_combos_conflict():
    r = equity(CONFLICT, "2h 7d 9c", method="enumerate")
    assert np.allclose(r.equity, independent_conflict_equity(), rtol=0, atol=TOL)


def test_the_sort_refuses_a_deal_its_sums_cannot_hold_and_the_default_enumerates():
    deal = parse_deal(CONFLICT, "2h 7d 9c")
    assert precision_loss(deal) > MAX_PRECISION_LOSS
    with pytest.raises(ValueError, match="the sorting engine cannot answer this deal precisely"):
        equity(CONFLICT, "2h 7d 9c", method="sweep")
    with pytest.raises(ValueError, match="the sorting engine cannot answer this deal precisely"):
        equity(CONFLICT, "2h 7d 9c", per_combo=True)
    # a bigger deal, where the sort would be cheaper than enumerating: the default takes an engine that
    # weighs each pair of combos itself (the runouts engine, or enumeration) instead
    players = ["AsAh, " + ", ".join(f"{h}:1e-100" for h in ("KcKd", "QcQd", "JcJd", "TcTd")),
               "random:1e-100, AsKs, AhQh"]  # random first: AsKs and AhQh keep weight 1
    r = equity(players, "2h 7d 9c")
    assert r.engine in ("runouts", "enumerate") and r.method == "exact"
    assert np.allclose(r.equity, equity(players, "2h 7d 9c", method="enumerate").equity, rtol=0, atol=TOL)


def test_the_grid_goes_class_by_class_where_the_sort_would_lose_digits():
    # on Ad Ac 7h the suited ace-kings left, AsKs and AhKh, share a card with AsAh: they meet only QcQd
    g = class_equity("AsAh, QcQd:1e-100", board="Ad Ac 7h")
    want = equity(["AsKs, AhKh", "QcQd"], "Ad Ac 7h", exact=True).equity[0]
    assert abs(g.at("AKs") - want) < TOL
    assert abs(g.at("KK") - equity(["KK", "AsAh"], "Ad Ac 7h", exact=True).equity[0]) < TOL


def test_relative_weights_never_drop_a_combo():
    assert relative_weights(np.array([1e300, 1e-300])).tolist() == [1.0, 5e-324]
    assert relative_weights(np.full(3, 1e-310)).tolist() == [1.0] * 3


# --------------------------------------------------------------------------- hand-built ranges are checked


QQ = parse_range("QQ").combos


@pytest.mark.parametrize("bad, shown", [(np.nan, "nan"), (-1.0, "-1.0"), (np.inf, "inf")])
def test_range_strengths_and_class_weights_refuse_bad_weights(bad, shown):
    weights = np.ones(6)
    weights[3] = bad
    with pytest.raises(ValueError, match=rf"hands_or_range: weight 3 is {shown}; weights must be finite"):
        range_strengths(Range(QQ, weights), FLOP)
    with pytest.raises(ValueError, match=rf"range_: weight 3 is {shown}; weights must be finite"):
        class_weights(Range(QQ, weights))


def test_range_strengths_refuse_a_range_whose_live_combos_all_weigh_zero():
    combos = parse_range("QQ, KK").combos
    weights = np.r_[np.zeros(6), np.ones(6)]  # the kings carry the weight; the board blocks the Ks
    r = Range(combos, weights)
    assert range_strengths(r, "Ks 7h 2c").shares.sum() == pytest.approx(1.0)
    with pytest.raises(ValueError, match="of weight > 0 holds a card of the board"):
        range_strengths(Range(combos[[0, 6, 7, 8]], np.r_[0.0, 1.0, 1.0, 1.0]), "Kc Kd Kh")


def test_class_equity_takes_a_range_opponent():
    g = class_equity(parse_range("QQ"), board=FLOP)
    assert np.array_equal(g.equity, class_equity("QQ", board=FLOP).equity, equal_nan=True)
    mixed = class_equity([parse_range("QQ"), "AhKh"], board=FLOP, exact=True)
    assert np.array_equal(mixed.equity, class_equity(["QQ", "AhKh"], board=FLOP, exact=True).equity,
                          equal_nan=True)
    with pytest.raises(ValueError, match="opponent 0's range: weight 0 is nan"):
        class_equity(Range(QQ, np.r_[np.nan, np.ones(5)]), board=FLOP)

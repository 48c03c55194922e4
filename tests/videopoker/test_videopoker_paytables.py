"""Pay tables that would give a silent wrong (infinite) return are refused."""

from __future__ import annotations

import math
import re
from fractions import Fraction

import numpy as np
import pytest

from pokerlut import videopoker as vp
from pokerlut.videopoker.games import MAX_PAY, PayTable

JOB = [800, 50, 25, 9, 6, 4, 3, 2, 1]


@pytest.mark.parametrize("royal, shown", [(1e300, "1e+300"), (10**400, "1.000e+400"), (Fraction(10**260, 3), "3.333e+259"),
                                          (np.float64(1e251), "1e+251")])
def test_a_pay_too_large_for_the_computation_is_refused_naming_class_and_value(royal, shown):
    with pytest.raises(ValueError, match=rf"the pay of Royal flush is {re.escape(shown)}, more than the largest "
                                         rf"payout allowed \(1e\+250 per coin"):
        vp.game_return("jacks-or-better", [royal, *JOB[1:]], progress=False)


@pytest.mark.parametrize("bad, error, text", [
    (float("inf"), ValueError, "must be a finite number, got inf"),
    (float("nan"), ValueError, "must be a finite number, got nan"),
    (-1, ValueError, "must not be negative, got -1$"),
    (Fraction(-3, 2), ValueError, "must not be negative, got -3/2$"),
    (-0.5, ValueError, "must not be negative, got -0.5$"),
    ("800", TypeError, "must be a number"),
    (True, TypeError, "must be a number"),
])
def test_bad_pays_name_the_class_and_the_value_as_written(bad, error, text):
    with pytest.raises(error, match=rf"the pay of Straight flush {text}" if error is ValueError else text):
        vp.make_paytable("jacks-or-better", [800, bad, *JOB[2:]])


def test_the_largest_allowed_pays_give_a_finite_return():
    r = vp.game_return("jacks-or-better", [MAX_PAY] * 9, progress=False)
    assert math.isfinite(r.percent) and r.percent > 0
    # every final hand but "nothing" pays MAX_PAY: the return is MAX_PAY times the share of paying hands
    paying = 1 - r.probabilities[0]
    assert r.value == pytest.approx(MAX_PAY * paying, rel=1e-9)


def test_a_hand_built_pay_table_is_checked_too():
    table = PayTable("jacks-or-better", (Fraction(0),) + (Fraction(10**300),) * 9)
    with pytest.raises(ValueError, match="the pay of Jacks or better is 1.000e\\+300"):
        vp.game_return("jacks-or-better", table, progress=False)
    with pytest.raises(ValueError, match="one pay per class"):
        vp.classify("Jh Jd 4s 7c Qh", "jacks-or-better", PayTable("jacks-or-better", (Fraction(1),)))
    with pytest.raises(ValueError, match="that pay table is for 'nope', not Jacks or Better"):
        vp.classify("Jh Jd 4s 7c Qh", "jacks-or-better", PayTable("nope", (Fraction(1),) * 10))


HANDS = ["Jh Jd 4s 7c Qh", "Ah Kh Qh Jh 9c", "2c 7d 9h Js 4c"]


@pytest.mark.parametrize("scale", [1e-300, Fraction(1, 2**1000), Fraction(1, 10**250)])
def test_tiny_payouts_scale_every_hold_value(scale):
    """A pay table times a tiny factor values every hold that factor times the full-pay values (it
    once raised OverflowError: the tiny pays' huge common denominator was taken for an exact unit)."""
    tiny = [p * scale for p in JOB]
    for text in HANDS:
        full, small = vp.hold_values(text, "jacks-or-better", JOB), vp.hold_values(text, "jacks-or-better", tiny)
        np.testing.assert_allclose(small.values, full.values * float(scale), rtol=1e-12)
        assert sorted(small.values.tolist(), reverse=True) == small.values.tolist()
        best = vp.best_hold(text, "jacks-or-better", tiny)
        assert best.values == small.values[0] and best.masks == full.holds[0]


@pytest.mark.parametrize("pay", [5e-324, 1e-310, Fraction(1, 10**400), Fraction(3, 2**1100)])
def test_payouts_at_and_below_the_smallest_float_give_finite_values(pay):
    """Denormal pays, and exact pays below any float, give the float values they round to (0 for
    1/10**400 per coin), never an OverflowError."""
    table = [pay] * 9
    for text in HANDS:
        values = vp.hold_values(text, "jacks-or-better", table).values
        assert np.isfinite(values).all() and (values >= 0).all() and values.max() <= float(pay) * 1.0000001
        if float(pay) == 0:
            assert not values.any()
        if text == HANDS[0]:  # a pair of jacks: holding it pays the pay, exactly
            assert values.max() == float(pay)
        best = vp.best_hold(text, "jacks-or-better", table)
        assert best.values == values.max()

"""Range and payout text is read in time linear in its length, with length limits, and every
refusal names the column (issue 24, item 4: a range of 64,000 digits took 84 s, through
``pokerlut equity`` 156 s; ``--pay royal_flush=1e100000000`` 258 s before it was refused).

The slow cases run in a subprocess with a generous timeout: a hang (or the old quadratic time)
fails the test; nothing here asserts how long anything takes."""

from __future__ import annotations

import re
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

from pokerlut import parse_range
from pokerlut.ranges import parse_omaha_range
from pokerlut.ranges.omaha import MAX_OMAHA_RANGE_CHARS, MAX_RANGE_HANDS
from pokerlut.ranges.parse import MAX_RANGE_CHARS
from pokerlut.ranges.tokens import MAX_NUMBER_CHARS, MAX_TOKEN_CHARS
from pokerlut.videopoker.games import MAX_PAY_CHARS, make_paytable, parse_pay

#: Far beyond what the linear parser needs (well under a second each), far below the old times.
TIMEOUT = 120
DIGITS = "1" * 64_000


def run_python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=TIMEOUT)


def run_cli(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pokerlut", *argv], capture_output=True, text=True, timeout=TIMEOUT)


# --------------------------------------------------------------------------- the reproductions, under a timeout


PATHOLOGICAL = {
    "a run of digits": "'1' * 64_000",
    "a run of digits after a hand": "'QQ, ' + '1' * 64_000",
    "a weight of 64,000 digits": "'QQ:' + '1' * 64_000",
    "a weight group of 64,000 digits": "'1' * 64_000 + '(QQ)'",
    "digits and a dot": "'1' * 32_000 + '.' + '1' * 32_000 + 'x'",
    "an exponent of 64,000 digits": "'QQ:1e' + '1' * 64_000",
    "spaces after a card": "'Ah' + ' ' * 64_000 + 'x'",
    "spaces inside a group": "'0.5(' + ' ' * 64_000 + 'QQ)'",
    "a long unclosed group": "'0.5(' + 'QQ, ' * 40_000",
}


@pytest.mark.parametrize("name", PATHOLOGICAL)
def test_pathological_range_text_is_answered_in_a_subprocess_without_hanging(name):
    code = (f"from pokerlut import parse_range\nfrom pokerlut.ranges import parse_omaha_range\n"
            f"for parse in (parse_range, parse_omaha_range):\n"
            f"    try:\n        parse({PATHOLOGICAL[name]})\n        print('parsed')\n"
            f"    except ValueError as e:\n        print(len(str(e)), str(e).splitlines()[0][:200])\n")
    result = run_python(code)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    for line in lines:
        if line != "parsed":  # an error, and a short one: the text is not repeated whole
            assert int(line.split()[0]) < 1000 and ("column" in line or "characters" in line), line


def test_equity_on_a_run_of_digits_is_a_prompt_error_through_the_cli():
    result = run_cli("equity", "AhKh", DIGITS)
    assert result.returncode == 2, result.stderr
    assert "player 1: bad range token" in result.stderr and "at column 1" in result.stderr
    assert "64,000 characters" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr) < 2000  # the token is not echoed whole


@pytest.mark.parametrize("pay", ["royal_flush=1e100000000", "royal_flush=1e-100000000", "royal_flush=" + DIGITS,
                                 "royal_flush=1" + "0" * 5000 + "/3"])
def test_a_huge_payout_is_refused_at_once_through_the_cli(pay):
    result = run_cli("video-return", "--pay", pay)
    assert result.returncode == 2, result.stderr
    assert "--pay" in result.stderr and "Traceback" not in result.stderr and len(result.stderr) < 2000


# --------------------------------------------------------------------------- the limits, and what they say


def test_a_weight_longer_than_the_limit_names_its_column():
    weight = "0." + "5" * MAX_NUMBER_CHARS  # a valid number, one character too long... and more
    with pytest.raises(ValueError, match=rf"at column 5: the weight after ':' is {len(weight)} characters long; a "
                                         rf"weight is a number of at most {MAX_NUMBER_CHARS} characters"):
        parse_range(f"KK, QQ:{weight}")
    with pytest.raises(ValueError, match=rf"at column 5: the weight is {len(weight)} characters long"):
        parse_range(f"KK, {weight}(QQ)")


def test_a_weight_at_the_limit_is_read():
    weight = "0." + "5" * (MAX_NUMBER_CHARS - 2)
    assert parse_range(f"QQ:{weight}").weights.tolist() == [float(weight)] * 6
    assert parse_range(f"{weight}(QQ)").weights.tolist() == [float(weight)] * 6


def test_a_token_longer_than_the_limit_names_its_column():
    token = "A" * (MAX_TOKEN_CHARS + 1)
    with pytest.raises(ValueError, match=rf"at column 5: a range token is at most {MAX_TOKEN_CHARS} characters; "
                                         rf"this one has {MAX_TOKEN_CHARS + 1}"):
        parse_range(f"QQ, {token}")


@pytest.mark.parametrize("parse, limit", [(parse_range, MAX_RANGE_CHARS), (parse_omaha_range, MAX_OMAHA_RANGE_CHARS)])
def test_a_range_text_beyond_the_limit_is_refused_before_it_is_read(parse, limit):
    text = "Z" + " " * limit  # one bad token: refused for its length, not for the token
    with pytest.raises(ValueError, match=rf"a range is at most {limit:,} characters; this one has {limit + 1:,}") \
            as info:
        parse(text)
    assert len(str(info.value)) < 200


def test_a_long_valid_range_within_the_limit_is_read():
    text = ", ".join(["QQ", "AKs", "0.5(T9s)"] * 10_000)
    assert len(text) < MAX_RANGE_CHARS
    r = parse_range(text)
    assert len(r) == 6 + 4 + 4 and sorted(set(r.weights.tolist())) == [0.5, 1.0]


def test_omaha_patterns_standing_for_too_many_hands_in_all_are_refused():
    n = MAX_RANGE_HANDS // 270_725 + 1  # '****' is every one of the 270,725 four-card hands
    with pytest.raises(ValueError, match=rf"more than {MAX_RANGE_HANDS:,} hands in all"):
        parse_omaha_range(", ".join(["****:0.5"] * n))


def test_a_long_omaha_list_of_hands_is_read():
    hands = ["AsKsQhJh", "2c3c4d5d", "AdAcKdKc"]
    r = parse_omaha_range(", ".join(hands * 5_000))
    assert len(r) == 3


def test_an_error_shows_the_text_around_the_token_not_the_whole_text():
    text = "QQ, " * 10_000 + "AKz, " + "JJ, " * 10_000
    with pytest.raises(ValueError) as info:
        parse_range(text)
    message = str(info.value)
    assert f"'AKz' at column {4 * 10_000 + 1}" in message and len(message) < 400
    line, caret = message.splitlines()[1:3]
    assert line.startswith("  ...") and line.endswith("...")
    assert line[caret.index("^"):caret.index("^") + 3] == "AKz"  # the caret is under the token


def test_a_positive_weight_that_rounds_to_zero_is_refused():
    with pytest.raises(ValueError, match=r"the weight '1e-400' is above 0 but below the smallest weight"):
        parse_range("QQ:1e-400, KK")
    assert len(parse_range("QQ:0e-400, KK")) == 6  # written 0: the hands are left out, as with QQ:0


@pytest.mark.parametrize("weight", ["1e-310", "5e-324", "1e-200", "1e12"])
def test_tiny_subnormal_and_huge_weights_are_read_exactly(weight):
    assert parse_range(f"QQ:{weight}").weights.tolist() == [float(weight)] * 6
    assert parse_omaha_range(f"AAKK:{weight}").weights.tolist() == [float(weight)] * 36


def test_a_token_named_twice_keeps_its_last_weight_with_the_cached_expansion():
    r = parse_range("QQ:0.25, QQ+:0.5, qq:0.75")
    weights = dict(zip(map(tuple, r.combos.tolist()), r.weights.tolist()))
    queens = [c for c in weights if c[0] // 4 == 10]
    assert len(weights) == 18 and {weights[c] for c in queens} == {0.75}
    assert {w for c, w in weights.items() if c[0] // 4 > 10} == {0.5}


# --------------------------------------------------------------------------- payouts as text


@pytest.mark.parametrize("text, value", [("800", 800), ("4000/5", 800), ("4000 / 5", 800), ("2.5", Fraction(5, 2)),
                                         (".5", Fraction(1, 2)), ("1.", 1), ("1e3", 1000), ("+3", 3), (" 7 ", 7),
                                         ("1e250", 10**250), ("0e999999", 0), ("25e-1", Fraction(5, 2))])
def test_payouts_read_as_written(text, value):
    assert parse_pay(text) == value


@pytest.mark.parametrize("text, why", [
    ("1e100000000", "at most 1e+250 per coin, got 1e100000000"),
    ("1e251", "at most 1e+250 per coin, got 1e251"),
    ("1.0000001e250", "at most 1e+250 per coin"),
    ("1e-100000000", "exponent must be from -300 to 300, got 1e-100000000"),
    ("-1e99999", "must not be negative, got -1e99999"),
    ("-2.50", "must not be negative, got -2.50"),
    ("1/0", "denominator must not be 0"),
    ("x", "not a payout: 'x'"),
    ("1e", "not a payout"),
    (".", "not a payout"),
    ("1" * (MAX_PAY_CHARS + 1), f"at most {MAX_PAY_CHARS} characters"),
])
def test_bad_payouts_are_refused_naming_the_text(text, why):
    with pytest.raises(ValueError, match=re.escape(why)):
        parse_pay(text)


def test_a_huge_payout_given_to_the_api_is_shown_by_its_size_not_its_digits():
    with pytest.raises(ValueError, match=r"the pay of Royal flush is about 1\.000e\+100000, more than the largest"):
        make_paytable("jacks-or-better", [10**100000, 50, 25, 9, 6, 4, 3, 2, 1])
    with pytest.raises(ValueError, match=r"must not be negative, got about -1\.000e\+5000$"):
        make_paytable("jacks-or-better", [800, 50, 25, 9, 6, 4, 3, 2, -Fraction(10**5000)])


def test_the_largest_payout_written_as_text_is_allowed():
    table = make_paytable("jacks-or-better", [parse_pay("1e250"), 50, 25, 9, 6, 4, 3, 2, 1])
    assert np.isfinite(table.values()).all() and table.values()[-1] == 1e250

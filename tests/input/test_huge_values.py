"""Values too big to print: an integer of 5,000 digits passed as a card, a count, a sample size, a
seed or a setting is named in pokerlut's own message, shortened (its first digits and its digit
count), never replaced by Python's "Exceeds the limit (4300 digits) for integer string conversion"."""

from __future__ import annotations

import re

import numpy as np
import pytest

import pokerlut
from pokerlut import videopoker as vp
from pokerlut.cards import integer_text, shown
from pokerlut.tables import load_table_set

H = 10**5000
SHORT = re.escape("100000000000... (an integer of 5,001 digits)")
HAND = [51, 47, 43, 39, 35]


def test_integer_text_gives_the_leading_digits_and_the_exact_digit_count():
    for n in (1, 49, 50, 51, 61, 62, 100, 4300, 4301, 5000, 20_000):
        for value in (10**n - 1, 10**n, 7 * 10**n + 12345):
            text = integer_text(value)
            if value.bit_length() <= 160:
                assert text == str(value)
                continue
            digits = len(str(value)) if n < 4000 else n + 1 - (value == 10**n - 1)
            leading, count = re.fullmatch(r"(\d{12})\.\.\. \(an integer of ([\d,]+) digits\)", text).groups()
            assert int(count.replace(",", "")) == digits
            big = "999999999999" if value == 10**n - 1 else "100000000000" if value == 10**n else "700000000000"
            assert leading == (str(value)[:12] if n < 4000 else big)
            assert integer_text(-value) == "-" + text
    assert integer_text(np.int64(-5)) == "-5" and integer_text(10**6, grouped=True) == "1,000,000"


def test_shown_shortens_huge_integers_inside_containers_and_survives_a_failing_repr():
    assert re.fullmatch(rf"\[1, {SHORT}\]", shown([1, H]))

    class NoRepr:
        def __repr__(self):
            raise RuntimeError("no")

    assert shown(NoRepr()) == "<NoRepr object>"


@pytest.mark.parametrize("call", [
    lambda: pokerlut.evaluate([H, 47, 43, 39, 35]),                    # a card, the one-hand way
    lambda: pokerlut.evaluate([[H, 47, 43, 39, 35]]),                  # a card in a batch
    lambda: pokerlut.format_card(H),
    lambda: pokerlut.format_cards([H, 1]),
    lambda: pokerlut.compare([H, 1, 2, 3, 4], HAND),
    lambda: pokerlut.equity(["AhAd", "KsKc"], dead=[H]),
    lambda: pokerlut.equity(["AhAd", "KsKc"], board=[H, 1, 2]),
    lambda: pokerlut.from_course([H]),
    lambda: pokerlut.random_hands(H, 5),                               # a count
    lambda: pokerlut.random_hands(5, H),
    lambda: pokerlut.random_hands(5, 5, max_wilds=H),
    lambda: pokerlut.random_hands(5, 5, wild_fraction=H),
    lambda: pokerlut.set_num_threads(H),
    lambda: pokerlut.equity(["AhAd", "KsKc"], samples=H),              # a sample size
    lambda: pokerlut.equity(["AhAd", "KsKc"], samples=-H),
    lambda: pokerlut.random_hands(5, 5, seed=-H),                      # a seed
    lambda: pokerlut.equity(["AhAd", "KsKc"], samples=100, seed=-H),
    lambda: pokerlut.describe(H),                                      # a strength
    lambda: pokerlut.category(H),
    lambda: pokerlut.evaluate(HAND, check=H),                          # settings
    lambda: pokerlut.evaluate(HAND, parallel=H),
    lambda: pokerlut.format_cards(HAND, style=H),
    lambda: pokerlut.equity(["AhAd", "KsKc"], exact=H),
    lambda: load_table_set(H),
    lambda: vp.best_hold("Jh Jd 4s 7c Qh", H),
    lambda: vp.best_hold("Jh Jd 4s 7c Qh", "job", [[H]] + [1] * 8),
])
def test_a_huge_integer_is_named_shortened_in_pokerlut_s_own_message(call):
    with pytest.raises((TypeError, ValueError)) as info:
        call()
    message = str(info.value)
    assert "limit" not in message and len(message) < 400, message
    assert re.search(SHORT, message), message

"""Text read once and kept (range text, card text, a board's runouts): every caller still gets its own
arrays, and what is kept never changes an answer or skips a check."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlut import config
from pokerlut.cards import parse_cards
from pokerlut.equities import equity
from pokerlut.equities.deal import parse_deal
from pokerlut.ranges import parse_range


def test_a_parsed_range_is_the_callers_own():
    first = parse_range("QQ+,AKs")
    first.weights[:] = 7.0
    first.combos[:] = 0
    again = parse_range("QQ+,AKs")
    assert len(again) == 22 and again.weights.tolist() == [1.0] * 22
    assert again.combos.max() == 51 and again.combos.flags.writeable and again.weights.flags.writeable


def test_a_deals_arrays_are_its_own():
    deal = parse_deal(["AhKh", "QQ+"], "Kd 8s 3c")
    deal.board[:] = 0
    deal.players[0].hole[:] = 0
    deal.players[1].range.weights[:] = 0.5
    deal.players[1].given.combos[:] = 0
    again = parse_deal(["AhKh", "QQ+"], "Kd 8s 3c")
    assert again.board.tolist() == parse_cards("Kd 8s 3c").tolist()
    assert again.players[0].hole.tolist() == parse_cards("Ah Kh").tolist()
    live = parse_range("QQ+", blocked="Ah Kh Kd 8s 3c")
    assert np.array_equal(again.ranges[1].combos, live.combos) and again.ranges[1].weights.tolist() == [1.0] * 10
    assert again.players[1].given.combos.max() == 51


def test_a_limit_lowered_later_is_still_checked(monkeypatch):
    parse_range("QQ+, AKs, AQs")
    monkeypatch.setattr(config, "MAX_RANGE_CHARS", 5)
    with pytest.raises(ValueError, match="5"):
        parse_range("QQ+, AKs, AQs")


def test_bad_text_is_refused_every_time():
    for _ in range(2):
        with pytest.raises(ValueError, match="player 1"):
            equity(["QQ+", "QQ+,XYZ"], "Kd 8s 3c")
        with pytest.raises(ValueError, match="the board"):
            equity(["QQ+", "AKs"], "Kd 8s 3x")
        with pytest.raises(ValueError, match="dealt twice"):
            equity(["AhKh", "QQ"], "Kd 8s Ah")


def test_the_same_question_twice_gives_the_same_answer_as_fresh_ranges():
    """The answer of text read before equals that of Range objects read for the first time."""
    text = equity(["QQ+,AKs", "JJ-99,AQs"], "Kd 8s 3c")
    again = equity(["QQ+,AKs", "JJ-99,AQs"], "Kd 8s 3c")
    ranges = equity([parse_range("QQ+,AKs"), parse_range("JJ-99,AQs")], "Kd 8s 3c")
    assert np.array_equal(text.equity, again.equity) and np.array_equal(text.equity, ranges.equity)
    assert text.board == again.board == "Kd 8s 3c"


def test_long_text_is_read_but_not_kept():
    from pokerlut.equities import deal as deal_module
    from pokerlut.ranges import parse as parse_module

    text = ", ".join(["AA", "KK"] * 300)
    assert len(text) > parse_module.KEPT_TEXT_CHARS
    kept = parse_module._parsed_text.cache_info().currsize, deal_module._text_cards.cache_info().currsize
    r = equity([text, "QQ"], "2c 3d 4h")
    assert len(parse_range(text)) == 12 and r.n > 0
    assert (parse_module._parsed_text.cache_info().currsize, deal_module._text_cards.cache_info().currsize) == kept

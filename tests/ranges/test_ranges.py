"""pokerlut.ranges.parse_range: PokerStove/Equilab notation, weights, card removal, errors."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlut.cards import format_cards, parse_cards
from pokerlut.ranges import ALL_COMBOS, Range, parse_range


def names(r: Range) -> set[str]:
    return {format_cards(c).replace(" ", "") for c in r.combos}


@pytest.mark.parametrize("text, count", [
    ("TT+", 30), ("AKs", 4), ("AKo", 12), ("AK", 16), ("KA", 16), ("aks", 4), ("QQ", 6), ("22+", 78),
    ("random", 1326), ("any", 1326), ("100%", 1326),
    ("A5s-A2s", 16), ("A2s-A5s", 16), ("KQo-K9o", 48), ("TT-77", 24), ("77-TT", 24),
    ("A9s+", 20), ("K9o+", 48), ("K9+", 64), ("76s+", 32), ("AhKh", 1), ("Ah Kh", 1), ("KhAh", 1),
    ("AKs, TT+, A5s-A2s, KQo", 4 + 30 + 16 + 12),
    ("AKs, AKs", 4), ("AK, AKs", 16),
])
def test_counts(text, count):
    r = parse_range(text)
    assert len(r) == count
    assert r.combos.dtype == np.uint8 and r.combos.shape == (count, 2)
    assert np.all(r.combos[:, 0] > r.combos[:, 1])
    assert len({tuple(c) for c in r.combos.tolist()}) == count


def test_classes():
    assert names(parse_range("AKs")) == {"AcKc", "AdKd", "AhKh", "AsKs"}
    assert names(parse_range("A5s-A3s")) == {f"A{s}{k}{s}" for s in "cdhs" for k in "345"}
    assert {n[0] + n[2] for n in names(parse_range("76s+"))} == {"76", "87", "98", "T9", "JT", "QJ", "KQ", "AK"}
    assert {n[0] + n[2] for n in names(parse_range("K9s+"))} == {"K9", "KT", "KJ", "KQ"}
    assert {n[0] + n[2] for n in names(parse_range("TT+"))} == {"TT", "JJ", "QQ", "KK", "AA"}
    offsuit = parse_range("AKo").combos
    assert np.all(offsuit[:, 0] % 4 != offsuit[:, 1] % 4)


def test_random_is_every_combo():
    r = parse_range("random")
    assert r.combos.tolist() == ALL_COMBOS.tolist()
    assert np.all(r.weights == 1)


def test_weights():
    r = parse_range("0.5(QQ, AKs), AhKh, JJ:0.25")
    w = {format_cards(c).replace(" ", ""): x for c, x in zip(r.combos, r.weights)}
    assert w["AhKh"] == 1.0  # named later: the last weight wins
    assert w["AsKs"] == 0.5 and w["QsQh"] == 0.5 and w["JsJh"] == 0.25
    assert len(r) == 6 + 4 + 6
    assert len(parse_range("AKs, 0(AhKh)")) == 3  # weight 0 removes


def test_card_removal():
    assert len(parse_range("random", blocked="Qs 7h 2c")) == 1326 - 3 * 51 + 3
    assert len(parse_range("random", blocked=parse_cards("Qs 7h 2c Ah Kh"))) == 1081  # C(47, 2)
    assert len(parse_range("AA", blocked="As")) == 3
    assert len(parse_range("AKs", blocked="As Kd")) == 2
    assert len(parse_range("TT+", blocked="Qs 7h 2c")) == 27


def test_a_worked_example():
    r = parse_range("AKs, TT+, A5s-A2s, KQo, 76s+, AhKh, 0.5(QQ), random")
    assert len(r) == 1326  # 'random' comes last and gives every combo weight 1


@pytest.mark.parametrize("text, token, column", [
    ("AKs, AKx, QQ", "AKx", 6),
    ("QQs", "QQs", 1),
    ("AKs,  ZZ", "ZZ", 7),
    ("TT+, AA-KQ", "AA-KQ", 6),
    ("A5s-K2s", "A5s-K2s", 1),
    ("AhAh", "AhAh", 1),
    ("AKs:x", "AKs:x", 1),
    ("AKs, QQ)", ")", 8),
    ("0.5(QQ, 0.2(JJ))", "0.2(", 9),
])
def test_malformed_points_at_the_token(text, token, column):
    with pytest.raises(ValueError) as err:
        parse_range(text)
    message = str(err.value)
    assert f"{token!r} at column {column}" in message
    assert text in message  # the text and a caret under the token


def test_unclosed_group_and_empty():
    with pytest.raises(ValueError, match="not closed"):
        parse_range("0.5(QQ")
    with pytest.raises(ValueError, match="holds no hand"):
        parse_range(" , ")
    with pytest.raises(TypeError):
        parse_range(["AKs"])

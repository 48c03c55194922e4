"""The wild-card consequences docs/rules.md names, each stated as 'plays exactly like this hand'."""

from __future__ import annotations

import pytest

import pokerlut


def strength(text: str) -> int:
    return int(pokerlut.evaluate(text))


@pytest.mark.parametrize(
    "wild_hand, plays_as",
    [
        ("Ah W 9h 5h 2h", "Ah Kh 9h 5h 2h"),  # no double-ace flush: the wild is the best unheld rank
        ("Kh W 9h 5h 2h", "Kh Ah 9h 5h 2h"),
        ("Ah Kh W 5h 2h", "Ah Kh Qh 5h 2h"),
        ("Kc Kd Kh W 7s", "Kc Kd Kh Ks 7s"),  # four kings, not kings with an ace kicker
        ("Kc Kd W 9h 4s", "Kc Kd Kh 9h 4s"),  # three kings, the wild never idles as a kicker
        ("Kc W 9h 6d 4s", "Kc Kd 9h 6d 4s"),  # pair of kings
        ("W W Qh Jh Th", "Ah Kh Qh Jh Th"),  # royal flush when suited
        ("W W Qh Jh Ts", "Ad Kc Qh Jh Ts"),  # ace-high straight otherwise
        ("W 9h 8h 7h 6h", "Th 9h 8h 7h 6h"),  # wilds extend straights upward
        ("Ah 2h 3h 4h W", "Ah 2h 3h 4h 5h"),  # ...but only where it is legal: the wheel here
        ("2h 3h 4h 5h W", "2h 3h 4h 5h 6h"),
        ("9c 9d 4h 4s W", "9c 9d 9h 4s 4h"),  # two pair + wild: full house, trips of the higher
        ("Qc Qd Qh 3s W", "Qc Qd Qh Qs 3s"),
        ("As Ks Qs Js W", "As Ks Qs Js Ts"),
        ("As Kd Qs Js W", "As Kd Qs Js Ts"),
        ("7c 6d 5h 3s W", "7c 6d 5h 4s 3s"),  # inside straight filled
    ],
)
def test_wild_plays_as(wild_hand, plays_as):
    assert strength(wild_hand) == strength(plays_as)


@pytest.mark.parametrize(
    "hand, rank",
    [
        ("W W W W W", 12),  # five wilds are five aces
        ("Ac W W W W", 12),
        ("2c W W W W", 0),
        ("Kc Kd Kh Ks W", 11),
        ("Kc Kd Kh W W", 11),
        ("Kc Kd W W W", 11),
        ("Kc W W W W", 11),
        ("7s 7h 7d W W", 5),
    ],
)
def test_five_of_a_kind(hand, rank):
    s = strength(hand)
    assert pokerlut.category_name(s) == "Five of a kind"
    assert s == pokerlut.NATURAL_STRENGTHS + 1 + rank


def test_four_of_a_kind_when_no_rank_reaches_five():
    assert strength("Kc 2d W W W") == strength("Kc Kd Kh Ks 2d")


def test_five_aces_is_the_best_hand_and_beats_a_royal_flush():
    assert strength("W W W W W") == pokerlut.MAX_STRENGTH
    assert strength("2c 2d 2h 2s W") > strength("As Ks Qs Js Ts")


def test_wilds_may_not_duplicate_a_held_card_in_a_flush():
    # A-K-Q-J of hearts + wild: royal; A-K-Q-T of hearts + wild: the wild is the J, royal too
    assert strength("Ah Kh Qh Th W") == strength("Ah Kh Qh Jh Th")
    # A-K-Q-J-9 of hearts cannot use a wild: there is none; with A-K-Q-9 + W the wild takes J
    assert strength("Ah Kh Qh 9h W") == strength("Ah Kh Qh Jh 9h")


def test_a_flush_that_beats_the_available_pair_is_chosen():
    # 4 suited + wild: a wild pairing the ace would give one pair; the flush is better
    assert strength("Ah 8h 6h 2h W") == strength("Ah Kh 8h 6h 2h")


def test_the_best_category_wins_over_other_wild_choices():
    # four to a straight flush + wild: the straight flush, not a pair or a plain flush
    assert pokerlut.category_name(strength("9h 8h 7h 6h W")) == "Straight flush"
    # trips + kicker + wild: four of a kind beats the full house the wild could also make
    assert pokerlut.category_name(strength("8c 8d 8h 2s W")) == "Four of a kind"

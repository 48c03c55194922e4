"""The course deal (docs/rules.md, "The course deal"): the assignment's example, a case per category,
ties, the card-choice rule (board cards first, in the order dealt, then the hole cards), and the
course numbering of the cards 1..52."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pokerlut
from pokerlut.cards import format_cards, parse_card, parse_cards
from pokerlut.cli import main
from pokerlut.constants import WILD
from pokerlut.course import course_string, deal, from_course, play, shuf, to_course, to_course_strings
from pokerlut import course


def deck(p1: str, p2: str, board: str) -> list[int]:
    """A course deck from readable cards: player 1's holes, player 2's holes, the board."""
    a, b = pokerlut.parse_cards(p1), pokerlut.parse_cards(p2)
    ids = [a[0], b[0], a[1], b[1], *pokerlut.parse_cards(board)]
    return [int(x) for x in pokerlut.course.to_course(ids)]


def test_readme_example():
    assert shuf([51, 8, 11, 6, 4, 31, 3, 13, 9]) == ([51, 11, 4, 31, 3, 13, 9], [8, 6, 4, 31, 3, 13, 9])
    assert deal([51, 8, 11, 6, 4, 31, 3, 13, 9]) == ["11C", "13C", "3C", "4C", "9C"]


@pytest.mark.parametrize(
    "p1, p2, board, winner, made",
    [
        ("Ah 3d", "Kc 4s", "9s 7h 5c 2d Jc", 1, ["1H"]),  # high card: the single highest card
        ("9h 3d", "8c 4s", "Ks Jh 6c 2d Tc", 1, ["13S"]),  # ...which may be a board card
        ("Ah Ad", "Kc Ks", "9s 7h 5c 2d Jc", 1, ["1D", "1H"]),
        ("Ah 9d", "Kc Qs", "9s 7h Ac 2d Jc", 1, ["1C", "1H", "9D", "9S"]),
        ("7c 7d", "Ac Kd", "7s Qh 9c 2d 3h", 1, ["7C", "7D", "7S"]),
        ("8c 6d", "Ac Ad", "7s 5h 4c Kd 2h", 1, ["4C", "5H", "6D", "7S", "8C"]),
        ("Kc Kd", "Qc Qd", "Ks 2h 2c 9d 7s", 1, ["13C", "13D", "13S", "2C", "2H"]),
        ("9c 9d", "Ac Ad", "9s 9h Ah 2c 3d", 1, ["9C", "9D", "9H", "9S"]),
        ("8h 6h", "Ah Ad", "7h 5h 4h Kd Ac", 1, ["4H", "5H", "6H", "7H", "8H"]),
        ("Ah Kh", "2c 2d", "Qh Jh Th 2s 3c", 1, ["10H", "11H", "12H", "13H", "1H"]),
        ("2c 2d", "Ah Kh", "Qh Jh Th 2s 3c", 2, ["10H", "11H", "12H", "13H", "1H"]),  # player 2 wins
        ("Qc Qd", "Kc Kd", "Ks 2h 2c 9d 7s", 2, ["13C", "13D", "13S", "2C", "2H"]),
        ("2c 3d", "2d 3c", "As Ks Qd Jh Tc", 0, ["10C", "11H", "12D", "13S", "1S"]),  # tie: the board plays
        ("Ah 2c", "Ad 2d", "Kh Qs 9c 7d 4h", 0, ["1H"]),  # tie: player 1's cards
        ("4c 9d", "4d Jh", "Kh Ks Qc Qd 2s", 2, ["12C", "12D", "13H", "13S"]),  # two pair, kicker decides
    ],
)
def test_every_category(p1, p2, board, winner, made):
    d = deck(p1, p2, board)
    assert play(d).winner == winner
    assert deal(d) == made


def test_the_example_takes_the_board_card():
    # player 2 holds 6H, the board holds 6D: the board's card fills the straight
    assert deal([1, 32, 12, 46, 19, 18, 9, 42, 34]) == ["5D", "6D", "7S", "8H", "9C"]


@pytest.mark.parametrize(
    "p1, p2, board, winner, made",
    [
        # straight with a paired rank: a board card beats a hole card of the same rank
        ("6h 9c", "2c 3c", "5d 6d 7s 8h Kc", 1, ["5D", "6D", "7S", "8H", "9C"]),
        ("2c 3c", "6h 9c", "5d 6d 7s 8h Kc", 2, ["5D", "6D", "7S", "8H", "9C"]),
        # ...two board cards of one rank: the one dealt first
        ("8h 9c", "2c 3c", "5d 6d 7s 6c Kc", 1, ["5D", "6D", "7S", "8H", "9C"]),
        ("8h 9c", "2c 3c", "5d 6c 7s 6d Kc", 1, ["5D", "6C", "7S", "8H", "9C"]),
        # ...two hole cards of one rank: the one dealt first
        ("6h 6s", "2c 3c", "5d 7s 8h 9c Kd", 1, ["5D", "6H", "7S", "8H", "9C"]),
        ("6s 6h", "2c 3c", "5d 7s 8h 9c Kd", 1, ["5D", "6S", "7S", "8H", "9C"]),
        # ...the wheel's ace
        ("Ah 5c", "Kd Qd", "Ad 2c 3s 4h Kc", 1, ["1D", "2C", "3S", "4H", "5C"]),
        # full house from two sets of three: the pair comes from the board's cards of the lower set
        ("Kh 7c", "2d 3d", "Kc 7s Kd 7h 2c", 1, ["13C", "13D", "13H", "7H", "7S"]),
        # ...and, where the board holds one of them, from the hole cards in the order dealt
        ("7h 7c", "2d 3d", "Kc Kd Ks 7s 2c", 1, ["13C", "13D", "13S", "7H", "7S"]),
        ("7c 7h", "2d 3d", "Kc Kd Ks 7s 2c", 1, ["13C", "13D", "13S", "7C", "7S"]),
        # a tie: player 1's made cards, chosen by the same rule (the board's 7S and 7H, not 7C)
        ("7c 2d", "2c 3c", "Kc Kd 7s 7h Ks", 0, ["13C", "13D", "13S", "7H", "7S"]),
    ],
)
def test_card_choice_rule(p1, p2, board, winner, made):
    d = deck(p1, p2, board)
    assert play(d).winner == winner
    assert deal(d) == made


def test_tie_reports_both_sides():
    result = play(deck("Ah 2c", "Ad 2d", "Kh Qs 9c 7d 4h"))
    assert result.winner == 0 and result.strengths[0] == result.strengths[1]
    assert result.made == (["1H"], ["1D"])  # same value, different cards: deal() shows player 1's


@pytest.mark.parametrize(
    "bad, message",
    [
        ([51, 8, 11, 6, 4, 31, 3, 13], "exactly 9 cards"),
        ([51, 8, 11, 6, 4, 31, 3, 13, 9, 10], "exactly 9 cards"),
        ([51, 8, 11, 6, 4, 31, 3, 13, 0], "position 8: 0 is not a course card"),
        ([51, 8, 11, 6, 4, 31, 3, 13, 53], "position 8: 53 is not a course card"),
        ([51, 8, 11, 6, 4, 31, 3, 13, 13], "position 8: card 13 was already dealt at position 7"),
        ([51, 8, 11, 6, 4, 31, 3, 13, 9.0], "position 8: 9.0 is not an integer"),
    ],
)
def test_bad_decks(bad, message):
    with pytest.raises(ValueError, match=message):
        deal(bad)


def test_string_deck_is_a_type_error():
    with pytest.raises(TypeError):
        deal("51 8 11 6 4 31 3 13 9")


def test_cli_deal(capsys):
    assert main(["deal", "51", "8", "11", "6", "4", "31", "3", "13", "9"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == '["11C","13C","3C","4C","9C"]'
    assert out[-1] == "player 1 wins"
    assert main(["deal", "1", "2", "3"]) == 2
    assert "exactly 9 cards" in capsys.readouterr().err


# --------------------------------------------------------------------------- course deck

# Derived by hand from the seed: 1..13 clubs, 14..26 diamonds, 27..39 hearts, 40..52 spades,
# rank (n - 1) % 13 + 1 with 1 = ace, 11 = J, 12 = Q, 13 = K.
COURSE_TABLE = [
    # course, canonical text, canonical id, course string
    (1, "Ac", 48, "1C"),
    (2, "2c", 0, "2C"),
    (10, "Tc", 32, "10C"),
    (11, "Jc", 36, "11C"),
    (12, "Qc", 40, "12C"),
    (13, "Kc", 44, "13C"),
    (14, "Ad", 49, "1D"),
    (26, "Kd", 45, "13D"),
    (27, "Ah", 50, "1H"),
    (31, "5h", 14, "5H"),
    (36, "Th", 34, "10H"),
    (40, "As", 51, "1S"),
    (41, "2s", 3, "2S"),
    (51, "Qs", 43, "12S"),
    (52, "Ks", 47, "13S"),
]


@pytest.mark.parametrize(("course", "text", "cid", "string"), COURSE_TABLE)
def test_course_table(course, text, cid, string):
    assert parse_card(text) == cid
    assert from_course([course]).tolist() == [cid]
    assert to_course([cid]).tolist() == [course]
    assert course_string(course) == string
    assert parse_card(string) == cid
    assert to_course_strings([cid]) == [string]


def test_course_full_round_trip():
    course = np.arange(1, 53)
    ids = from_course(course)
    assert ids.dtype == np.uint8
    assert sorted(ids.tolist()) == list(range(52))
    back = to_course(ids)
    assert back.dtype == np.int64
    assert back.tolist() == course.tolist()
    assert to_course(np.arange(52)).tolist() == [
        13 * (c % 4) + (1 if c // 4 == 12 else c // 4 + 2) for c in range(52)
    ]
    strings = to_course_strings(ids)
    assert strings == [course_string(n) for n in range(1, 53)]
    assert parse_cards(strings).tolist() == ids.tolist()
    assert parse_cards(" ".join(strings)).tolist() == ids.tolist()
    assert parse_cards("".join(strings)).tolist() == ids.tolist()


def test_course_shapes_and_dtypes():
    deals = np.arange(1, 19).reshape(2, 9)
    ids = from_course(deals)
    assert ids.shape == (2, 9) and ids.dtype == np.uint8
    assert to_course(ids).tolist() == deals.tolist()
    for dtype in (np.uint8, np.int8, np.int16, np.uint64, np.int64):
        assert from_course(np.array([1, 52], dtype=dtype)).tolist() == [48, 47]
    assert from_course((1, 52)).tolist() == [48, 47]
    assert from_course(np.array([1, 52], dtype=object)).tolist() == [48, 47]
    assert from_course([]).shape == (0,)


def test_seed_example_deck():
    deck = [51, 8, 11, 6, 4, 31, 3, 13, 9]
    ids = from_course(deck)
    assert ids.tolist() == [43, 24, 36, 16, 8, 14, 4, 44, 28]
    assert format_cards(ids) == "Qs 8c Jc 6c 4c 5h 3c Kc 9c"
    assert format_cards(ids, style="unicode") == "Q♠ 8♣ J♣ 6♣ 4♣ 5♥ 3♣ K♣ 9♣"
    assert to_course_strings(ids) == ["12S", "8C", "11C", "6C", "4C", "5H", "3C", "13C", "9C"]
    assert to_course(ids).tolist() == deck
    assert to_course(parse_cards(format_cards(ids))).tolist() == deck
    # the seed's answer, the winner's club flush, written back as course strings
    answer = ["11C", "13C", "3C", "4C", "9C"]
    assert format_cards(parse_cards(answer)) == "Jc Kc 3c 4c 9c"
    assert to_course_strings(parse_cards(answer)) == answer


@pytest.mark.parametrize(
    ("values", "where", "shown"),
    [
        ([1, 0, 3], "position 1", "0"),
        ([53], "position 0", "53"),
        ([5, -1], "position 1", "-1"),
        ([1, 2.5], "position 1", "2.5"),
        ([1.0], "position 0", "1.0"),
        ([1, "1C"], "position 1", "'1C'"),
        ([1, True], "position 1", "True"),
        ([1, None], "position 1", "None"),
        ([[1, 2], [3, 60]], r"position \(1, 1\)", "60"),
        (np.array([1, 99], dtype=np.uint8), "position 1", "99"),
        (np.array([1.0, 2.0]), "position 0", "1.0"),
        ([10**30], "position 0", str(10**30)),
        ([[1, 2], [3]], "position 0", "[1, 2], not an integer"),  # ragged
        (np.array([True]), "position 0", "True"),
    ],
)
def test_from_course_errors(values, where, shown):
    with pytest.raises(ValueError, match=f"{where} is {re.escape(shown)}"):
        from_course(values)


def test_to_course_errors():
    with pytest.raises(ValueError, match="position 2 is 52.*wild"):
        to_course([0, 1, WILD])
    with pytest.raises(ValueError, match="position 0 is -1"):
        to_course([-1])
    with pytest.raises(ValueError, match="position 0 is 'As'"):
        to_course(["As"])
    with pytest.raises(ValueError, match=r"shape \(1, 2\)"):
        to_course_strings([[0, 1]])


@pytest.mark.parametrize("bad", [0, 53, -1, 1.0, "1C", True])
def test_course_string_errors(bad):
    with pytest.raises(ValueError, match=f"invalid course value {re.escape(repr(bad))}"):
        course_string(bad)  # type: ignore[arg-type]


separators = st.sampled_from(["", " ", ",", ", ", "  ", "\t", " ,"])


@given(st.lists(st.integers(0, 51), max_size=20), separators)
def test_property_course_round_trip(ids, sep):
    course = to_course(ids)
    assert ((1 <= course) & (course <= 52)).all()
    assert from_course(course).tolist() == ids
    strings = to_course_strings(ids)
    assert parse_cards(sep.join(strings)).tolist() == ids


@given(st.lists(st.integers(1, 52), max_size=20))
def test_property_from_course_matches_formula(course):
    ids = from_course(course).tolist()
    for n, cid in zip(course, ids, strict=True):
        suit, course_rank = divmod(n - 1, 13)
        assert cid % 4 == suit
        assert cid // 4 == (12 if course_rank == 0 else course_rank - 1)


# --------------------------------------------------------------------------- edge cases the fuzz test found


@pytest.mark.parametrize("call", [course.deal, course.play, course.shuf])
@pytest.mark.parametrize("deck", [5, None, 2.5])
def test_course_deck_that_is_not_a_sequence(call, deck):
    with pytest.raises(TypeError, match="a course deck is a sequence of 9 integers 1..52, got"):
        call(deck)

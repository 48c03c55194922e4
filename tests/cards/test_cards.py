"""Tests for pokerlut.cards: the notations of docs/rules.md "Cards" (the course numbering: tests/cards/test_course.py)."""

from __future__ import annotations

import doctest
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerlut import card_checks, card_format, card_notation, card_text, cards
from pokerlut.cards import (
    RANK_CHARS,
    RANK_NAMES,
    RANK_PLURALS,
    SUIT_CHARS,
    SUIT_SYMBOLS,
    WILD,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)
import pokerlut
from pokerlut._input import card_array as as_card_array

#: The card notation's modules: the front (re-exports) and the four that do the work.
CARD_MODULES = (cards, card_notation, card_text, card_format, card_checks)


ALL_IDS = list(range(53))
NATURAL_IDS = list(range(52))


def card(rank: int, suit: int) -> int:
    return 4 * rank + suit


# --------------------------------------------------------------------------- constants


def test_constants():
    assert WILD == 52
    assert RANK_CHARS == "23456789TJQKA"
    assert SUIT_CHARS == "cdhs"
    assert SUIT_SYMBOLS == "♣♦♥♠"
    assert len(RANK_NAMES) == len(RANK_PLURALS) == 13
    assert RANK_NAMES[0] == "two" and RANK_NAMES[8] == "ten" and RANK_NAMES[12] == "ace"
    assert RANK_PLURALS[:5] == ("twos", "threes", "fours", "fives", "sixes")
    assert RANK_PLURALS[9:] == ("jacks", "queens", "kings", "aces")


def test_doctests():
    results = [doctest.testmod(module, verbose=False) for module in CARD_MODULES]
    assert sum(result.attempted for result in results) > 10
    assert sum(result.failed for result in results) == 0


def test_imports_only_the_notation_and_its_text_kernel():
    """The notation's facts, the text kernel (the grammar, fed tables built here), the notice and
    the message helpers."""
    imported = [m for module in CARD_MODULES
                for m in re.findall(r"^\s*(?:import|from)\s+(\S+)", open(module.__file__, encoding="utf-8").read(), re.M)]
    assert "numba" not in imported
    card_modules = {"." + module.__name__.rpartition(".")[2] for module in CARD_MODULES}
    assert {m for m in imported if m.startswith(("pokerlut", "."))} - card_modules == {".constants", ".kernels.text",
                                                                                      "._notice", "._messages"}


# --------------------------------------------------------------------------- parse_card


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        # docs/rules.md notations
        ("As", 51),
        ("Td", card(8, 1)),
        ("10d", card(8, 1)),
        ("A♠", 51),
        ("W", WILD),
        ("Jk", WILD),
        ("*", WILD),
        ("2c", 0),
        # case-insensitive
        ("as", 51),
        ("AS", 51),
        ("tD", card(8, 1)),
        ("10D", card(8, 1)),
        ("w", WILD),
        ("jk", WILD),
        ("JK", WILD),
        ("jK", WILD),
        ("joker", WILD),
        ("JOKER", WILD),
        ("Joker", WILD),
        # suit symbols, black and white, plus the emoji variation selector
        ("2♣", 0),
        ("2♦", 1),
        ("2♥", 2),
        ("2♠", 3),
        ("K♧", card(11, 0)),
        ("K♢", card(11, 1)),
        ("K♡", card(11, 2)),
        ("K♤", card(11, 3)),
        ("q♥", card(10, 2)),
        ("A♠\ufe0f", 51),
        ("10♦", card(8, 1)),
        # course strings: 1 = ace, 11 = J, 12 = Q, 13 = K
        ("1C", card(12, 0)),
        ("1c", card(12, 0)),
        ("13D", card(11, 1)),
        ("12H", card(10, 2)),
        ("11S", card(9, 3)),
        ("10H", card(8, 2)),
        ("9C", card(7, 0)),
        ("2S", card(0, 3)),
        ("13S", card(11, 3)),
        # whitespace
        ("  As\t", 51),
        ("\nW ", WILD),
    ],
)
def test_parse_card_notations(token, expected):
    assert parse_card(token) == expected
    assert type(parse_card(token)) is int


def test_parse_card_every_rank_and_suit():
    for rank, rank_char in enumerate(RANK_CHARS):
        for suit, (suit_char, symbol) in enumerate(zip(SUIT_CHARS, SUIT_SYMBOLS, strict=True)):
            expected = card(rank, suit)
            assert parse_card(rank_char + suit_char) == expected
            assert parse_card(rank_char.lower() + suit_char.upper()) == expected
            assert parse_card(rank_char + symbol) == expected


@pytest.mark.parametrize(
    "token",
    ["", " ", "X", "Zz", "A", "s", "Ax", "1x", "0c", "14C", "01C", "1s1", "AsKs", "A s",
     "Jkk", "jokers", "WW", "**", "10", "Ace of spades", "A♠♠"],
)
def test_parse_card_rejects(token):
    with pytest.raises(ValueError, match=re.escape(repr(token))) as info:
        parse_card(token)
    message = str(info.value)
    assert "accepted forms" in message
    for form in ("'As'", "'10d'", "'A♠'", "'13S'", "'W'", "'Jk'", "'*'", "'joker'"):
        assert form in message


def test_parse_card_rejects_non_str():
    with pytest.raises(TypeError, match="51"):
        parse_card(51)  # type: ignore[arg-type]


def test_parse_card_ignores_unicode_lookalikes():
    # IGNORECASE must not let the Kelvin sign or the long s stand for 'k' / 's'.
    for token in ("\u212ah", "A\u017f"):
        with pytest.raises(ValueError):
            parse_card(token)


# --------------------------------------------------------------------------- parse_cards


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ah Kh", [50, 46]),
        ("AhKh", [50, 46]),
        ("Ah,Kh", [50, 46]),
        ("Ah, Kh", [50, 46]),
        (" Ah ,, Kh  ", [50, 46]),
        ("Ah\tKh\n", [50, 46]),
        ("10dJd", [33, 37]),
        ("WAs", [52, 51]),
        ("AsW", [51, 52]),
        ("JkJc", [52, 36]),
        ("jokerJc*Tc", [52, 36, 52, 32]),
        ("A♠K♠", [51, 47]),
        ("1C13D10H", [48, 45, 34]),
        ("12c2c", [40, 0]),
        ("13S13S", [47, 47]),  # duplicates are the evaluator's business
        ("11C 13C 3C 4C 9C", [36, 44, 4, 8, 28]),
        ("", []),
        ("  , ", []),
    ],
)
def test_parse_cards_text(text, expected):
    result = parse_cards(text)
    assert isinstance(result, np.ndarray)
    assert result.dtype == np.uint8 and result.ndim == 1
    assert result.tolist() == expected


def test_parse_cards_sequence():
    assert parse_cards(["Ah", "Kh Qh", "JhTh"]).tolist() == [50, 46, 42, 38, 34]
    assert parse_cards(("W",)).tolist() == [52]
    empty = parse_cards([])
    assert empty.dtype == np.uint8 and empty.shape == (0,)
    assert parse_cards(np.array(["As", "Ks"])).tolist() == [51, 47]


@pytest.mark.parametrize(
    ("text", "position", "bad"),
    [
        ("As Xx Kd", 3, "Xx"),
        ("AsKx", 2, "Kx"),
        ("Ac1", 2, "1"),
        ("1313S", 0, "1313S"),
        ("As, 14C", 4, "14C"),
        ("10d 0d", 4, "0d"),
    ],
)
def test_parse_cards_error_names_token_and_position(text, position, bad):
    with pytest.raises(ValueError, match=f"character {position} of {re.escape(repr(text))}: "
                                         f"{re.escape(repr(bad))}"):
        parse_cards(text)


def test_parse_cards_sequence_errors():
    with pytest.raises(ValueError, match=r"element 1, position 1: .*character 3 of 'Ks Qx': 'Qx'"):
        parse_cards(["As", "Ks Qx"])
    with pytest.raises(TypeError, match="element 1 is 5"):
        parse_cards(["As", 5])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        parse_cards(51)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- formatting


def test_format_card():
    assert format_card(0) == "2c"
    assert format_card(51) == "As"
    assert format_card(51, style="unicode") == "A♠"
    assert format_card(33) == "Td"
    assert format_card(33, "unicode") == "T♦"
    assert format_card(WILD) == "W"
    assert format_card(WILD, style="unicode") == "W"
    assert format_card(np.uint8(46)) == "Kh"
    assert format_card(np.int64(0)) == "2c"


@pytest.mark.parametrize("bad", [53, -1, 255, 1000, 2.0, "As", None, True])
def test_format_card_rejects(bad):
    with pytest.raises(ValueError, match=f"invalid card id {re.escape(repr(bad))}"):
        format_card(bad)  # type: ignore[arg-type]


def test_format_card_rejects_numpy_values_by_value():
    with pytest.raises(ValueError, match="invalid card id 60:"):
        format_card(np.uint8(60))


def test_format_style_rejected():
    with pytest.raises(ValueError, match="'fancy'"):
        format_card(0, style="fancy")
    with pytest.raises(ValueError, match="'fancy'"):
        format_cards([], style="fancy")


def test_format_cards():
    assert format_cards([50, 46, 52]) == "Ah Kh W"
    assert format_cards(np.array([0, 51], dtype=np.uint8), style="unicode") == "2♣ A♠"
    assert format_cards([]) == ""
    with pytest.raises(ValueError, match=r"position 1: invalid card id 99"):
        format_cards([0, 99])
    assert format_cards(np.array([[0, 1]])).tolist() == ["2c 2d"]  # arrays of hands: arrays of text
    with pytest.raises(ValueError, match=r"shape \(\)"):
        format_cards(np.array(5))
    with pytest.raises(TypeError):
        format_cards("As Ks")  # type: ignore[arg-type]


@pytest.mark.parametrize("style", ["ascii", "unicode"])
def test_round_trip_every_id(style):
    for cid in ALL_IDS:
        text = format_card(cid, style)
        assert parse_card(text) == cid
        assert parse_card(text.lower()) == cid
        assert parse_card(text.upper()) == cid
    joined = format_cards(ALL_IDS, style)
    assert parse_cards(joined).tolist() == ALL_IDS
    assert parse_cards(joined.replace(" ", "")).tolist() == ALL_IDS
    assert parse_cards(joined.replace(" ", ",")).tolist() == ALL_IDS


def test_format_is_canonical():
    assert [format_card(c) for c in range(4)] == ["2c", "2d", "2h", "2s"]
    assert [format_card(c) for c in range(48, 52)] == ["Ac", "Ad", "Ah", "As"]
    assert len({format_card(c) for c in ALL_IDS}) == 53
    assert len({format_card(c, "unicode") for c in ALL_IDS}) == 53


# --------------------------------------------------------------------------- as_card_array


def test_as_card_array_integer_ndarray_unchanged():
    for arr in (np.array([51, 47], dtype=np.uint8), np.array([[1, 2], [3, 99]], dtype=np.int64)):
        assert as_card_array(arr) is arr
    assert as_card_array(np.array(["As", "Ks"])).tolist() == [51, 47]
    with pytest.raises(TypeError, match="dtype float64"):
        as_card_array(np.array([1.5, 2.0]))


def test_as_card_array_forms():
    one = as_card_array("As Ks Qs Js Ts")
    assert one.shape == (5,) and one.dtype == np.uint8
    assert one.tolist() == [51, 47, 43, 39, 35]

    listed = as_card_array(["As", "Ks", "Qs", "Js", "Ts"])
    assert listed.shape == (5,) and listed.tolist() == one.tolist()

    two = as_card_array(["As Ks Qs Js Ts", "2c 2d W 9h 9s"])
    assert two.shape == (2, 5) and two.dtype == np.uint8
    assert two.tolist() == [[51, 47, 43, 39, 35], [0, 1, 52, 30, 31]]

    assert as_card_array(["AsKs", "QsJs"]).shape == (2, 2)
    assert as_card_array(("As",)).shape == (1,)

    nested = as_card_array([["As", "Ks", "Qs", "Js", "Ts"], ["2c", "2d", "W", "9h", "9s"]])
    assert nested.shape == (2, 5) and nested.tolist() == two.tolist()

    deeper = as_card_array([["As Ks", "Qs Js"], ["2c 2d", "9h 9s"], ["W W", "3c 4c"]])
    assert deeper.shape == (3, 2, 2)

    ints = as_card_array([51, 47, 52])
    assert np.issubdtype(ints.dtype, np.integer) and ints.tolist() == [51, 47, 52]
    grid = as_card_array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]])
    assert grid.shape == (2, 5) and np.issubdtype(grid.dtype, np.integer)

    mixed_rows = as_card_array([[51, 47], ["As", "Ks"]])
    assert mixed_rows.tolist() == [[51, 47], [51, 47]]

    empty = as_card_array([])
    assert empty.shape == (0,) and empty.dtype == np.uint8


def test_as_card_array_no_range_validation():
    assert as_card_array([99, -5, 52]).tolist() == [99, -5, 52]
    assert as_card_array([[0, 0], [77, 1]]).tolist() == [[0, 0], [77, 1]]


def test_as_card_array_other_objects():
    with pytest.raises(TypeError, match=r"got 1\.5 \(float\) at position 0"):
        as_card_array([1.5, 2.0])
    assert as_card_array(range(3)).tolist() == [0, 1, 2]
    assert as_card_array(7).shape == ()


def test_as_card_array_errors():
    with pytest.raises(ValueError, match=r"hand 1 \('Qs'\) has length 1.*hand 0 .*length 2"):
        as_card_array(["As Ks", "Qs"])
    with pytest.raises(ValueError, match=r"hand 2 \('2c 2d W 9h'\) has length 4"):
        as_card_array(["As Ks Qs Js Ts", "2c 2d W 9h 9s", "2c 2d W 9h"])
    with pytest.raises(ValueError, match=r"row 1 .* has length 1"):
        as_card_array([["As", "Ks"], ["Qs"]])
    with pytest.raises(TypeError, match="element 1 is 5"):
        as_card_array(["As", 5])
    with pytest.raises(TypeError, match="element 0 is 51"):
        as_card_array([51, "As"])
    with pytest.raises(ValueError, match=r"nested evenly.*element 1 is 5 \(int\)"):
        as_card_array([["As"], 5])
    with pytest.raises(TypeError):
        as_card_array([[51, "As"]])
    with pytest.raises(ValueError, match=r"hand 0, position 1: .*'Xx'"):
        as_card_array(["As", "Xx"])
    with pytest.raises(ValueError):
        as_card_array([[1, 2], [3]])  # ragged integers: numpy's error


# --------------------------------------------------------------------------- properties
card_ids = st.integers(0, WILD)
card_lists = st.lists(card_ids, max_size=20)
separators = st.sampled_from(["", " ", ",", ", ", "  ", "\t", " ,"])


@given(card_lists, st.sampled_from(["ascii", "unicode"]))
def test_property_format_parse_round_trip(ids, style):
    assert parse_cards(format_cards(ids, style)).tolist() == ids
    assert parse_cards([format_card(c, style) for c in ids]).tolist() == ids


@given(st.lists(st.tuples(card_ids, separators, st.booleans()), max_size=20))
def test_property_any_separators_and_case(items):
    text = ""
    for cid, sep, upper in items:
        token = format_card(cid)
        text += (token.upper() if upper else token.lower()) + sep
    assert parse_cards(text).tolist() == [cid for cid, _, _ in items]


@given(st.lists(st.lists(card_ids, min_size=5, max_size=5), min_size=2, max_size=6))
def test_property_as_card_array_string_hands(hands):
    texts = [format_cards(hand) for hand in hands]
    assert as_card_array(texts).tolist() == hands
    assert as_card_array([[format_card(c) for c in hand] for hand in hands]).tolist() == hands


# --------------------------------------------------------------------------- edge cases the fuzz test found


@pytest.mark.parametrize("value", [5, None, 2.5, object()])
def test_format_cards_of_a_non_sequence(value):
    with pytest.raises(TypeError, match="format_cards expects a sequence of card ids, got"):
        pokerlut.format_cards(value)

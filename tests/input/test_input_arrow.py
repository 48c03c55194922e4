"""Arrow-backed card text (pandas ``StringDtype("pyarrow")``, pandas 3's default ``str`` where pyarrow
is installed, ``ArrowDtype`` string columns, pyarrow arrays): read by the compiled parser straight
from the Arrow buffers (offsets and UTF-8 bytes), with exactly the results and errors of the other
text inputs.  Skipped without pyarrow."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerlut
from pokerlut import card_notation, card_text
from pokerlut.cards import text_array, text_hands
from pokerlut.kernels.text import utf8_code_points

pa = pytest.importorskip("pyarrow")
pd = pytest.importorskip("pandas")

NAMES = [("W" if c == 52 else "23456789TJQKA"[c // 4] + "cdhs"[c % 4]) for c in range(53)]
UNICODE = [("W" if c == 52 else "23456789TJQKA"[c // 4] + "♣♦♥♠"[c % 4]) for c in range(53)]


def written(hands: np.ndarray, names: list[str]) -> list[str]:
    """Hand text written card by card, independently of format_cards."""
    return [" ".join(names[c] for c in row) for row in hands.tolist()]


def arrow_forms(texts: list[str]) -> dict:
    half = len(texts) // 2
    forms = {
        "StringDtype(pyarrow)": pd.Series(texts, dtype=pd.StringDtype("pyarrow")),
        "ArrowDtype(string)": pd.Series(texts, dtype=pd.ArrowDtype(pa.string())),
        "ArrowDtype(large_string)": pd.Series(texts, dtype=pd.ArrowDtype(pa.large_string())),
        "pyarrow array": pa.array(texts),
        "two chunks": pa.chunked_array([pa.array(texts[:half]), pa.array(texts[half:], pa.string())]),
        "sliced": pa.array(["As Ks Qs Js Ts"] * 3 + texts)[3:],  # a chunk with an offset
        "array of the column": pd.Series(texts, dtype=pd.StringDtype("pyarrow")).array,
    }
    if pd.Series(["As"]).dtype.storage == "pyarrow":  # pandas 3's default str, with pyarrow
        forms["default str"] = pd.Series(texts)
    return forms


@pytest.mark.parametrize("names", [NAMES, UNICODE], ids=["ascii", "suit symbols"])
def test_arrow_columns_read_as_the_cards_they_hold(names):
    hands = pokerlut.random_hands(5000, 7, seed=32, wild_fraction=0.05)
    expected = pokerlut.evaluate(hands)
    texts = written(hands, names)
    for name, form in arrow_forms(texts).items():
        assert card_text._arrow_strings(form) is not None, name
        assert text_array(form).tolist() == hands.tolist(), name
        assert pokerlut.evaluate(form).tolist() == expected.tolist(), name


def test_the_arrow_buffers_are_read_without_python_strings(monkeypatch):
    column = pd.Series(written(pokerlut.random_hands(100, 7, seed=1), NAMES), dtype=pd.StringDtype("pyarrow"))
    expected = pokerlut.evaluate(np.array(column.tolist()))

    def refused(*args, **kwargs):
        raise AssertionError("the Arrow column was read as Python strings")

    monkeypatch.setattr(card_text, "_parse_strings", refused)
    monkeypatch.setattr(card_text, "_strings", refused)
    assert pokerlut.evaluate(column).tolist() == expected.tolist()


def test_errors_are_those_of_numpy_text():
    texts = ["As Ks Qs Js Ts 2c 2d", "2c 3c 4c 5c Xx 8d 9d"]
    for form in arrow_forms(texts).values():
        with pytest.raises(ValueError) as arrow_error:
            pokerlut.evaluate(form)
        with pytest.raises(ValueError) as numpy_error:
            pokerlut.evaluate(np.array(texts))
        assert str(arrow_error.value) == str(numpy_error.value)
        assert str(arrow_error.value).startswith("hand 1, position 4: cannot read a card")
    with pytest.raises(TypeError, match=r"missing value.* at position 1") as arrow_error:  # as any column says it
        pokerlut.evaluate(pd.Series(["As Ks Qs Js Ts", None], dtype=pd.StringDtype("pyarrow")))
    with pytest.raises(TypeError) as python_error:
        pokerlut.evaluate(pd.Series(["As Ks Qs Js Ts", None], dtype=pd.StringDtype("python")))
    assert str(arrow_error.value) == str(python_error.value)
    with pytest.raises(ValueError, match=r"^hand 1: a hand is 5, 6 or 7 cards, got 4$"):
        pokerlut.evaluate(pd.Series(["As Ks Qs Js Ts", "2c 3c 4c 5c"], dtype=pd.StringDtype("pyarrow")))


def test_arrow_columns_of_mixed_sizes():
    texts = ["As Ks Qs Js Ts", "2c 3c 4c 5c 7d 8d", "Ah Kh Qh Jh Th 9h 8h"]
    column = pd.Series(texts, dtype=pd.StringDtype("pyarrow"))
    ids, counts = text_hands(column)
    assert counts.tolist() == [5, 6, 7]
    assert pokerlut.evaluate(column).tolist() == [int(pokerlut.evaluate(t)) for t in texts]


ALPHABET = list("AaKkQqJjTt1023456789cdhsCDHSwW*oOeErR ,\t♠♣♥♦♤♧♡♢x") + ["\ufe0f", "\u00a0", "joker", "10", "13",
                                                                        "Jk", "\u212a", "\x00", "\U0001F0A1"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(ALPHABET), max_size=14).map("".join))
def test_property_arrow_text_agrees_with_the_regular_expression(text):
    try:
        expected = card_notation.parse_one_text(text).tolist()
    except ValueError as error:
        expected = str(error)
    ids, counts, bad, at = card_text._parse_arrow(pa.chunked_array([pa.array(["As", text])]))
    if isinstance(expected, str):
        assert bad == 1 and card_notation.unreadable_text(text, at) == expected
    else:
        assert bad == -1 and ids[1, :counts[1]].tolist() == expected


def test_utf8_that_does_not_decode_reads_no_byte_past_its_text():
    data = np.frombuffer("A♠".encode() + b"\xe2\x99" + b"\xff" + "K♥".encode(), np.uint8)  # a cut sequence
    offsets = np.array([0, 4, 6, 7, len(data)], np.int64)
    codes = np.zeros(len(data), np.uint32)
    code_offsets = np.zeros(5, np.int64)
    n = utf8_code_points(data, offsets, codes, code_offsets)
    assert codes[:n].tolist() == [ord("A"), ord("♠"), 0xFFFD, 0xFFFD, 0xFFFD, ord("K"), ord("♥")]
    assert code_offsets.tolist() == [0, 2, 4, 5, 7]

"""Card text in arrays and columns (issue 23, item 1): numpy ``U``/``S``/object arrays, pandas
string, object and categorical columns, DataFrames; the compiled parser agrees with the regular
expression on every text; ``parse_cards``/``format_cards`` take arrays; results convert to frames."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerlut
from pokerlut import card_notation, card_text, cards
from pokerlut._input import card_array
from pokerlut.cards import LONG_TEXT, format_card, format_cards, parse_cards, text_array

pd = pytest.importorskip("pandas")

N = 100_000


@pytest.fixture(scope="module")
def hands():
    return pokerlut.random_hands(N, 7, seed=23, wild_fraction=0.05)


@pytest.fixture(scope="module")
def texts(hands):
    # written independently of format_cards: the reference notation, card by card
    names = [("W" if c == 52 else "23456789TJQKA"[c // 4] + "cdhs"[c % 4]) for c in range(53)]
    return [" ".join(names[c] for c in row) for row in hands.tolist()]


@pytest.fixture(scope="module")
def expected(hands):
    return pokerlut.evaluate(hands)


def test_pandas_column_of_card_text(texts, expected):
    df = pd.DataFrame({"hand": texts})
    assert np.array_equal(pokerlut.evaluate(df["hand"]), expected)
    assert np.array_equal(pokerlut.evaluate(df["hand"].to_numpy()), expected)
    assert np.array_equal(pokerlut.evaluate(df["hand"].astype("string")), expected)
    assert np.array_equal(pokerlut.evaluate(df["hand"].astype(object)), expected)


def test_pandas_string_columns_of_python_strings(texts, expected):
    """pandas 3's default ``str`` without pyarrow: read as text directly; a missing value goes the
    general way, which names it."""
    for dtype in (pd.StringDtype("python"), pd.StringDtype("python", na_value=np.nan)):
        column = pd.Series(texts[:300], dtype=dtype)
        assert cards.is_text_array(column)
        assert pokerlut.evaluate(column).tolist() == expected[:300].tolist()
        with_missing = pd.Series(texts[:2] + [None], dtype=dtype)
        assert not cards.is_text_array(with_missing)
        with pytest.raises(TypeError, match="missing value"):
            pokerlut.evaluate(with_missing)


def test_pandas_categorical_column(texts, expected):
    column = pd.Series(texts).astype("category")
    assert np.array_equal(pokerlut.evaluate(column), expected)
    assert np.array_equal(pokerlut.evaluate(pd.Categorical(texts)), expected)


def test_dataframe_of_integer_and_of_one_card_text_columns(hands, expected):
    ints = pd.DataFrame(hands.astype(np.int64), columns=[f"c{i}" for i in range(7)])
    assert np.array_equal(pokerlut.evaluate(ints), expected)
    names = np.array([format_card(c) for c in range(53)])
    words = pd.DataFrame({f"c{i}": names[hands[:, i]] for i in range(7)})
    assert np.array_equal(pokerlut.evaluate(words), expected)
    assert np.array_equal(pokerlut.evaluate(words.astype(object)), expected)


def test_numpy_text_arrays(texts, expected):
    u = np.array(texts)
    for array in (u, u.astype("S"), u.astype(object), u.astype(">U20"), u[::-1][::-1], texts):
        assert np.array_equal(pokerlut.evaluate(array), expected)


def test_bad_card_in_an_object_array_names_row_and_position(texts):
    column = np.array(texts, dtype=object)
    column[4321] = "As Ks Qs Xx Ts 2c 2d"
    with pytest.raises(ValueError, match=r"^hand 4321, position 3: cannot read a card at character 9 of "
                                         r"'As Ks Qs Xx Ts 2c 2d': 'Xx' does not start"):
        pokerlut.evaluate(column)
    with pytest.raises(ValueError, match=r"^hand 4321, position 3: "):
        pokerlut.evaluate(pd.Series(column).astype("category"))
    with pytest.raises(ValueError, match=r"^hand 4321, position 3: "):
        pokerlut.evaluate(pd.Series(column, dtype="string"))


def test_bad_card_in_a_frame_of_one_card_columns_names_row_and_column(hands):
    names = np.array([format_card(c) for c in range(53)], dtype=object)
    words = names[hands[:100]]
    words[17, 5] = "Qx"
    with pytest.raises(ValueError, match=r"^hand 17, position 5: cannot read a card at character 0 of 'Qx'"):
        pokerlut.evaluate(pd.DataFrame(words))


def test_missing_values_are_named(texts):
    column = pd.Series(texts[:10])
    column[3] = None
    with pytest.raises(TypeError, match=r"got (None \(NoneType\)|nan \(float\)) \(a missing value\) at position 3"):
        pokerlut.evaluate(column)
    with pytest.raises(TypeError, match=r"hand 3 is missing"):
        pokerlut.evaluate(column.astype("category"))
    with pytest.raises(TypeError, match=r"position 3"):
        pokerlut.evaluate(column.astype("string"))


def test_a_hand_of_another_size_is_named(texts):
    column = np.array(texts[:50])
    column = column.astype("U30")
    column[7] = "As Ks Qs Js"
    with pytest.raises(ValueError, match=r"^hand 7: a hand is 5, 6 or 7 cards, got 4$"):
        pokerlut.evaluate(column)  # hands of 5-7 cards may be mixed; 4 is no size of the game


def test_repeated_card_in_text_is_named_by_the_evaluator():
    with pytest.raises(ValueError, match=r"hand 1: card As \(id 51\) is dealt twice: at position 0 and at position 4"):
        pokerlut.evaluate(pd.Series(["2c 3c 4c 5c 7d", "As Ks Qs Js As"]))


def test_text_of_other_spellings_in_arrays():
    spellings = ["A♠ K♠ Q♠ J♠ T♠", "as ks qs js ts", "AS,KS,QS,JS,TS", "AsKsQsJsTs", "1S 13S 12S 11S 10S",
                 "A♤K♤Q♤J♤T♤", "A♠️ K♠️ Q♠️ J♠️ T♠️", "  As\tKs\nQs Js Ts  ", "As\u3000Ks\u00a0Qs Js Ts"]
    got = pokerlut.evaluate(np.array(spellings))
    assert got.tolist() == [7462] * len(spellings)
    assert pokerlut.evaluate(np.array([s.encode() for s in spellings])).tolist() == [7462] * len(spellings)
    wild = pokerlut.evaluate(np.array(["W Jk * joker JOKER", "w jK 2c 2d 2h"]))
    assert wild.tolist() == pokerlut.evaluate([[52] * 5, [52, 52, 0, 1, 2]]).tolist()


def test_bytes_that_are_not_utf8_are_named():
    with pytest.raises(ValueError, match=r"hand 1: b'As\\xff.* is not UTF-8 text"):
        pokerlut.evaluate(np.array([b"As Ks Qs Js Ts", b"As\xff"]))


def test_a_zero_inside_text_is_a_bad_character():
    with pytest.raises(ValueError, match=r"hand 0, position 2"):
        pokerlut.evaluate(np.array(["As Ks\x00Qs Js Ts"]))
    with pytest.raises(ValueError, match=r"hand 1, position 5: cannot read a card at character 14"):
        pokerlut.evaluate(["2c 3c 4c 5c 7d", "As Ks Qs Js Ts\x00"])  # numpy would drop a trailing zero


# --------------------------------------------------------------------------- the parser agrees with the regex

ALPHABET = list("AaKkQqJjTt1023456789cdhsCDHSwW*oOeErR ,\t♠♣♥♦♤♧♡♢x") + ["\ufe0f", "\u00a0", "joker", "10", "13",
                                                                        "Jk", "\u212a", "\x00"]


def regex_ids(text):
    try:
        return card_notation.parse_one_text(text).tolist()
    except ValueError as error:
        return str(error)


def kernel_ids(text):
    for array in (np.array([text]), np.array([text, "As"])):
        try:
            ids = text_array(array)
        except ValueError as error:
            message = str(error)
            return message[message.index("cannot read"):]
        return ids.reshape(ids.shape[0], -1)[0].tolist() if ids.ndim == 2 else ids[:1].tolist() if ids.size else []
    return None


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(ALPHABET), max_size=14).map("".join))
def test_property_kernel_agrees_with_the_regular_expression(text):
    expected = regex_ids(text)
    ids, counts, bad, at = card_text._parse_strings([text])  # a list: a trailing zero kept (numpy would drop it)
    if isinstance(expected, str):
        assert bad == 0
        assert card_notation.unreadable_text(text, at) == expected
    else:
        assert bad == -1
        assert ids[0, :counts[0]].tolist() == expected
    # and as bytes, when the text is ASCII
    if text.isascii() and not text.endswith("\x00"):
        ids_s, counts_s, bad_s, at_s = card_text._parse_fixed(np.array([text.encode()]))
        assert (bad_s, counts_s.tolist()) == (bad, counts.tolist())
        if bad < 0:
            assert ids_s[0, :counts_s[0]].tolist() == expected


def test_every_whitespace_character_is_below_the_table_end():
    assert all(c < len(card_notation.text_tables()[0]) for c in range(sys.maxunicode + 1) if chr(c).isspace())


def test_no_wild_word_also_reads_as_a_natural_card():
    """The kernel tries natural cards first; that is the regex's order only while no text reads both ways."""
    for word in cards.WILD_WORDS:
        assert not card_notation.CARD_RE.match(word[:3]) or card_notation.CARD_RE.match(word[:3]).group("wild")


# --------------------------------------------------------------------------- parse_cards / format_cards on arrays


def test_parse_and_format_round_trip_on_arrays(hands):
    for style in ("ascii", "unicode"):
        text = format_cards(hands, style=style)
        assert text.shape == (N,) and text.dtype.kind == "U"
        assert np.array_equal(parse_cards(text), hands)
        assert np.array_equal(parse_cards(pd.Series(text)), hands)
    grid = hands[:60].reshape(3, 4, 5, 7)
    assert format_cards(grid).shape == (3, 4, 5)
    assert np.array_equal(parse_cards(format_cards(grid)), grid)
    assert format_cards(hands[:2].tolist()).tolist() == [format_cards(r) for r in hands[:2].tolist()]


def test_format_cards_arrays_match_the_scalar_form(hands):
    rows = hands[:2000]
    got = format_cards(rows).tolist()
    assert got == [" ".join(format_card(c) for c in row) for row in rows.tolist()]
    assert format_cards(np.array([[52, 52], [0, 52]])).tolist() == ["W W", "2c W"]
    assert format_cards(np.zeros((2, 0), np.uint8)).tolist() == ["", ""]


def test_format_cards_array_errors():
    with pytest.raises(ValueError, match=r"hand 1, position 2: invalid card id 53"):
        format_cards(np.array([[0, 1, 2], [3, 4, 53]]))
    with pytest.raises(TypeError, match="dtype float64"):
        format_cards(np.zeros((2, 2)))


def test_parse_cards_array_shapes():
    assert parse_cards(np.array(["As", "Ks"])).tolist() == [51, 47]
    assert parse_cards(np.array([["As", "Ks"], ["2c", "W"]])).shape == (2, 2)
    assert parse_cards(np.array(["As Ks", "Qs Js"])).shape == (2, 2)
    assert parse_cards(["As Ks", "Qs"]).tolist() == [51, 47, 43]  # a list: concatenated, as before
    with pytest.raises(ValueError, match=r"element 1 \('Qs'\) has length 1, but element 0 \('As Ks'\) has length 2"):
        parse_cards(np.array(["As Ks", "Qs"]))
    with pytest.raises(TypeError, match=r"parse_cards: element 1 is 5 \(int\), not a str"):
        parse_cards(np.array(["As", 5], dtype=object))
    with pytest.raises(TypeError, match="card ids need no parsing"):
        parse_cards(np.array([51]))


def test_lists_with_long_strings(hands):
    texts = format_cards(hands[:100]).tolist()
    texts[10] = texts[10] + " " * (2 * LONG_TEXT)
    assert np.array_equal(card_array(texts), hands[:100])
    texts[20] = "As" + " " * (2 * LONG_TEXT) + "Xx"
    with pytest.raises(ValueError, match=rf"hand 20, position 1: cannot read a card at character {2 * LONG_TEXT + 2}"):
        card_array(texts)


# --------------------------------------------------------------------------- results as frames


def test_equity_result_to_frame():
    result = pokerlut.equity(["AhKh", "QdQc"], "Qs 7h 2c")
    frame = result.to_frame()
    assert frame.columns.tolist() == ["player", "equity", "win", "tie", "std_error"]
    assert frame["player"].tolist() == result.players
    assert np.array_equal(frame["equity"].to_numpy(), result.equity)
    assert frame.attrs["n"] == result.n and frame.attrs["method"] == "exact"


def test_batch_equity_result_to_frame():
    result = pokerlut.equity_batch([[[50, 46], [41, 40]], [[51, 47], [0, 1]]], [[43, 22, 0], [43, 22, 4]])
    frame = result.to_frame()
    assert frame.columns.tolist() == ["scenario", "player", "equity", "win", "tie", "std_error", "n"]
    assert len(frame) == 4
    wide = frame.pivot(index="scenario", columns="player", values="equity").to_numpy()
    assert np.array_equal(wide, result.equity)
    assert frame["n"].tolist() == np.repeat(result.n, 2).tolist()


def test_to_frame_without_pandas_names_the_install(monkeypatch):
    result = pokerlut.equity(["AhKh", "QdQc"], "Qs 7h 2c")
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"pip install pandas"):
        result.to_frame()

"""The one-hand path reads exactly what the batch path reads: objects that are integers only by
``__index__``, ``int`` subclasses that lie about their value, an ``__index__`` that raises or that
changes the list being read.  Each hand is ranked three ways: the one-hand call, the same hand
sent the batch way (``parallel=False``), and a batch of that one hand."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import pokerlut

ROYAL = [51, 47, 43, 39, 35]          # As Ks Qs Js Ts
SEVEN = [51, 47, 43, 39, 35, 2, 3]


class CardId:
    """A card id that is an integer only through __index__."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


class Liar(int):
    """An int holding one value that says another everywhere it can."""

    def __index__(self):
        return 0

    def __int__(self):
        return 1

    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


class Boom:
    def __index__(self):
        raise RuntimeError("boom")


def three_ways(hand):
    """(kind, result) of the one-hand call, the batch way, and a batch of the one hand."""
    out = []
    for call in (lambda: pokerlut.evaluate(hand), lambda: pokerlut.evaluate(hand, parallel=False),
                 lambda: pokerlut.evaluate([hand])[0]):
        try:
            out.append(("ok", int(call())))
        except (TypeError, ValueError) as error:
            out.append((type(error).__name__, str(error)))
    return out


@pytest.mark.parametrize("make", [CardId, Liar, np.int64, int])
@pytest.mark.parametrize("ids", [ROYAL, SEVEN, [52, 47, 43, 39, 35, 0]])
def test_integers_of_every_kind_rank_as_the_ids_they_hold_every_way(make, ids):
    expected = int(pokerlut.evaluate(np.array(ids, np.uint8)))
    for hand in ([make(c) for c in ids], tuple(make(c) for c in ids)):
        assert three_ways(hand) == [("ok", expected)] * 3


def test_a_lying_int_subclass_is_read_by_the_int_it_holds_in_a_bigger_batch_too():
    hands = np.array([SEVEN, [0, 5, 10, 15, 20, 25, 30]], np.uint8)
    as_liars = [[Liar(int(c)) for c in row] for row in hands]
    assert pokerlut.evaluate(as_liars).tolist() == pokerlut.evaluate(hands).tolist()
    assert [int(pokerlut.evaluate(row)) for row in as_liars] == pokerlut.evaluate(hands).tolist()


@pytest.mark.parametrize("bad, cause", [(Boom(), RuntimeError), (CardId("51"), TypeError), (CardId(2**70), None)])
def test_an_index_that_fails_is_one_named_error_every_way(bad, cause):
    hand = ROYAL[:2] + [bad] + ROYAL[3:]
    results = three_ways(hand)
    assert results[0] == results[1] and results[2][0] == results[0][0], results
    kind, message = results[0]
    if cause is None:  # an id no card has: the usual sentence, at its place
        assert kind == "ValueError" and message.startswith("hand 0, position 2: card id ")
        return
    assert kind == "TypeError" and message.startswith("hand 0, position 2: ") and "__index__ raised" in message
    with pytest.raises(TypeError) as info:
        pokerlut.evaluate(hand)
    assert isinstance(info.value.__cause__, cause)


def test_bools_and_numpy_bools_are_refused_every_way():
    for bad in (True, np.bool_(True)):
        results = three_ways(ROYAL[:4] + [bad])
        assert results[0][0] == results[2][0] == "TypeError" and results[0] == results[1], results


GROWING = """
import pokerlut
hand = [51, 47, 43, 39]

class Grows:
    def __index__(self):
        hand.append(Grows())  # the list being read grows at every read
        return 35

hand.append(Grows())
print(int(pokerlut.evaluate(hand)), int(pokerlut.evaluate(hand[:5], parallel=False)), len(hand))
"""


def test_an_index_that_appends_to_the_list_being_read_does_not_hang():
    """(In a fresh process with a timeout: the hand was read until memory ran out.)"""
    src = str(Path(pokerlut.__file__).resolve().parents[1])
    done = subprocess.run([sys.executable, "-c", f"import sys; sys.path.insert(0, {src!r})\n" + GROWING],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    strength, again, length = map(int, done.stdout.split())
    assert strength == again == 7462 and length < 20


@pytest.mark.parametrize("call, place", [
    (lambda bad: pokerlut.format_cards([51, bad]), "position 1: "),
    (lambda bad: pokerlut.format_card(bad), ""),
    (lambda bad: pokerlut.from_course([1, bad]), "course value at position 1: "),
])
def test_other_card_functions_wrap_a_failing_index_too(call, place):
    with pytest.raises(TypeError) as info:
        call(Boom())
    assert str(info.value).startswith(place) and "its __index__ raised RuntimeError: boom" in str(info.value)
    assert isinstance(info.value.__cause__, RuntimeError)

"""pokerlut.interop: every peer card format round-trips, matches what the peer itself builds, and
rejects bad input clearly; the Cactus Kev rank conversion; the peers stay optional."""

from __future__ import annotations

import doctest
import subprocess
import sys

import numpy as np
import pytest

import pokerlut
from pokerlut import interop


ALL_CARDS = np.arange(52, dtype=np.uint8)
NAMES = [pokerlut.format_card(c) for c in range(52)]
HANDS7 = pokerlut.random_hands(500, 7, seed=11)
PEER_MODULES = ("treys", "deuces", "phevaluator", "eval7", "pokerkit")


def _shapes():
    """The same cards as a single card, one hand, a batch and a batch of batches."""
    return [np.uint8(51), HANDS7[0], HANDS7, HANDS7[:12].reshape(3, 4, 7)]


# --------------------------------------------------------------------------- round trips
ROUND_TRIPS = {
    "cactus_kev": (interop.to_treys, interop.from_treys, None),
    "phevaluator": (interop.to_phevaluator, interop.from_phevaluator, None),
    "phevaluator_str": (interop.to_phevaluator_strings, interop.from_phevaluator, None),
    "eval7": (interop.to_eval7, interop.from_eval7, "eval7"),
    "pokerkit": (interop.to_pokerkit, interop.from_pokerkit, "pokerkit"),
}


@pytest.mark.parametrize("fmt", sorted(ROUND_TRIPS))
def test_round_trip_every_card_and_every_shape(fmt):
    to, back, needs = ROUND_TRIPS[fmt]
    if needs:
        pytest.importorskip(needs)
    for cards in [ALL_CARDS, *_shapes()]:
        converted = to(cards)
        ids = back(converted)
        assert ids.dtype == np.uint8
        assert ids.shape == np.shape(cards)
        assert np.array_equal(ids, cards)
    # the generic entry points agree with the specific ones
    assert np.array_equal(interop.from_format(interop.to_format(HANDS7, fmt), fmt), HANDS7)


def test_pokerkit_strings_round_trip_one_string_per_hand():
    assert interop.to_pokerkit_strings(HANDS7[0]) == "".join(NAMES[c] for c in HANDS7[0])
    texts = interop.to_pokerkit_strings(HANDS7)
    assert isinstance(texts, list) and len(texts) == len(HANDS7) and all(len(t) == 14 for t in texts)
    assert np.array_equal(interop.from_pokerkit(texts), HANDS7)
    nested = interop.to_pokerkit_strings(HANDS7[:12].reshape(3, 4, 7))
    assert len(nested) == 3 and len(nested[0]) == 4 and nested[1][2] == texts[6]
    assert interop.to_pokerkit_strings(np.uint8(33)) == "Td"
    assert np.array_equal(interop.from_format(texts, "pokerkit_str"), HANDS7)
    # pokerkit's own spellings: separators, "10", any letter case here
    assert interop.from_pokerkit("As Ks, 10s").tolist() == [51, 47, 35]
    assert interop.from_pokerkit("asKS").tolist() == [51, 47]


@pytest.mark.parametrize("alias", ["treys", "deuces", "Cactus_Kev", "EVAL7"])
def test_format_aliases_and_case(alias):
    if alias.lower() == "eval7":
        pytest.importorskip("eval7")
    assert np.array_equal(interop.from_format(interop.to_format(HANDS7, alias), alias), HANDS7)


def test_to_functions_take_what_evaluate_takes():
    assert interop.to_treys("As Kd 2c").tolist() == interop.to_treys([51, 45, 0]).tolist()
    assert interop.to_phevaluator(["As Kd", "2c 2d"]).tolist() == [[51, 45], [0, 1]]
    assert interop.to_phevaluator_strings("10h") == ["Th"]
    assert interop.to_treys(np.array([51], dtype=np.int16)).dtype == np.int64
    assert interop.to_treys([]).shape == (0,)


def test_from_functions_take_nested_lists_and_numpy_scalars():
    assert interop.from_treys(interop.to_treys(HANDS7).tolist()).tolist() == HANDS7.tolist()
    assert interop.from_phevaluator([np.int64(51), "kd", "2C"]).tolist() == [51, 45, 0]
    assert interop.from_phevaluator(np.array([[51, 0]], dtype=np.int32)).tolist() == [[51, 0]]
    assert interop.from_phevaluator([]).shape == (0,)


# --------------------------------------------------------------------------- the peers' own cards


def test_treys_ints_are_the_documented_packing():
    # bits: rank bit << 16 | suit bit (s 1, h 2, d 4, c 8) << 12 | rank << 8 | rank prime
    assert interop.to_treys("As").tolist() == [(1 << 28) | (1 << 12) | (12 << 8) | 41]
    assert interop.to_treys("2c").tolist() == [(1 << 16) | (8 << 12) | (0 << 8) | 2]


def test_treys_ints_equal_card_new():
    treys = pytest.importorskip("treys")  # deuces, treys' Python 2 ancestor, packs cards the same way
    assert interop.to_treys(ALL_CARDS).tolist() == [treys.Card.new(name) for name in NAMES]
    assert [treys.Card.int_to_str(i) for i in interop.to_treys(ALL_CARDS).tolist()] == NAMES


def test_phevaluator_ids_strings_and_cards_match_phevaluator():
    phevaluator = pytest.importorskip("phevaluator")
    cards = [phevaluator.Card(name) for name in NAMES]
    assert [card.id_ for card in cards] == interop.to_phevaluator(ALL_CARDS).tolist()
    assert [phevaluator.Card(s).id_ for s in interop.to_phevaluator_strings(ALL_CARDS)] == list(range(52))
    assert interop.from_phevaluator(cards).tolist() == list(range(52))
    hand = interop.to_phevaluator(HANDS7[0]).tolist()
    strength = pokerlut.evaluate(HANDS7[0])
    assert phevaluator.evaluate_cards(*hand) == int(interop.to_cactus_kev(strength))
    assert phevaluator.evaluate_cards(*interop.to_phevaluator_strings(HANDS7[0])) == int(interop.to_cactus_kev(strength))


def test_eval7_cards_match_eval7():
    eval7 = pytest.importorskip("eval7")
    assert interop.to_eval7(ALL_CARDS) == [eval7.Card(name) for name in NAMES]
    assert [str(card) for card in interop.to_eval7(ALL_CARDS)] == NAMES
    assert interop.to_eval7(51) == eval7.Card("As")
    assert interop.from_eval7(eval7.Card("As")).tolist() == 51
    assert interop.from_eval7([eval7.Card("2c"), "Kd"]).tolist() == [0, 45]


def test_pokerkit_cards_match_pokerkit():
    pokerkit = pytest.importorskip("pokerkit")
    assert interop.to_pokerkit(ALL_CARDS) == list(pokerkit.Card.parse("".join(NAMES)))
    for text, hand in zip(interop.to_pokerkit_strings(HANDS7[:50]), interop.to_pokerkit(HANDS7[:50])):
        assert list(pokerkit.Card.parse(text)) == hand
    assert interop.from_pokerkit(tuple(pokerkit.Card.parse("AsKd"))).tolist() == [51, 45]
    with pytest.raises(ValueError, match="unknown"):
        interop.from_pokerkit([pokerkit.Card.UNKNOWN])


def test_peer_examples_in_the_docstrings_hold():
    """The docstring examples that need a peer are marked +SKIP for plain doctest runs; run them here."""
    pytest.importorskip("eval7")
    pytest.importorskip("pokerkit")
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    ran = 0
    modules = [interop, interop.formats, interop.read, interop.strengths]
    for test in [t for m in modules for t in doctest.DocTestFinder().find(m)]:
        for example in test.examples:
            ran += example.options.pop(doctest.SKIP, False)
        runner.run(test, out=lambda text: None)
    assert ran >= 8
    assert runner.failures == 0, "a docstring example of pokerlut.interop fails (run doctest on it to see which)"


# --------------------------------------------------------------------------- Cactus Kev ranks


def test_cactus_kev_rank_is_7463_minus_strength_both_ways():
    strengths = np.arange(1, 7463)
    ranks = interop.to_cactus_kev(strengths)
    assert ranks.dtype == np.uint16 and ranks.tolist() == list(range(7462, 0, -1))
    assert np.array_equal(interop.from_cactus_kev(ranks), strengths)
    assert int(interop.to_cactus_kev(pokerlut.evaluate("As Ks Qs Js Ts"))) == 1
    assert int(interop.to_cactus_kev(pokerlut.evaluate("7c 5d 4h 3s 2c"))) == 7462
    assert interop.to_cactus_kev([[7462], [1]]).shape == (2, 1)
    assert interop.from_cactus_kev(np.int64(11)).tolist() == 7452


def test_cactus_kev_matches_treys_on_random_hands():
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    hands = pokerlut.random_hands(300, 7, seed=5)
    ints = interop.to_treys(hands).tolist()
    ranks = [evaluator.evaluate(row[:2], row[2:]) for row in ints]
    assert interop.to_cactus_kev(pokerlut.evaluate(hands)).tolist() == ranks
    assert interop.from_cactus_kev(ranks).tolist() == pokerlut.evaluate(hands).tolist()


@pytest.mark.parametrize(
    ("value", "message"),
    [(0, "expected a natural pokerlut strength"), (7463, "five of a kind"), (7475, "five of a kind"),
     (7476, "expected a natural"), (-1, "expected a natural")],
)
def test_to_cactus_kev_rejects_strengths_without_a_rank(value, message):
    with pytest.raises(ValueError, match=message):
        interop.to_cactus_kev([1, value])


def test_cactus_kev_bad_types_and_ranks():
    with pytest.raises(ValueError, match=r"Cactus Kev rank at position 1 is 7463"):
        interop.from_cactus_kev([1, 7463])
    with pytest.raises(ValueError, match="is 0"):
        interop.from_cactus_kev(0)
    with pytest.raises(TypeError, match="float64"):
        interop.to_cactus_kev(np.array([1.0]))
    with pytest.raises(TypeError, match=r"'7' \(str\)"):
        interop.from_cactus_kev(["7"])
    with pytest.raises(TypeError, match=r"True \(bool\)"):
        interop.to_cactus_kev([True])


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("fmt", ["cactus_kev", "phevaluator", "phevaluator_str", "pokerkit_str", "eval7", "pokerkit"])
def test_wild_card_has_no_peer_equivalent(fmt):
    with pytest.raises(ValueError, match=r"position 1 is the wild card \(52\)"):
        interop.to_format("As W Kd", fmt)


@pytest.mark.parametrize(
    ("hands", "error", "message"),
    [([51, 60], ValueError, "position 1 is 60"),
     ([[0, 1], [2, -1]], ValueError, r"position \(1, 1\) is -1"),
     (np.array([1.5]), TypeError, "float64"),
     ([[0, None]], TypeError, r"None \(NoneType\)"),
     ("As Xx", ValueError, "'Xx'")],
)
def test_to_rejects_bad_cards(hands, error, message):
    with pytest.raises(error, match=message):
        interop.to_treys(hands)


def test_from_rejects_bad_values():
    with pytest.raises(ValueError, match=r"position 1 is 12345, which is not a treys/deuces card int"):
        interop.from_treys([interop.to_treys("As")[0], 12345])
    with pytest.raises(TypeError, match="float64"):
        interop.from_treys(np.array([1.0]))
    with pytest.raises(ValueError, match="'Xs' is not a card"):
        interop.from_phevaluator(["As", "Xs"])
    with pytest.raises(ValueError, match="is 52"):
        interop.from_phevaluator(np.array([52]))
    with pytest.raises(ValueError, match="52 is not a card id"):
        interop.from_phevaluator([51, 52])
    with pytest.raises(TypeError, match=r"True \(bool\)"):
        interop.from_phevaluator([True])
    with pytest.raises(ValueError, match="not all the same size"):
        interop.from_phevaluator([[1, 2], [3]])
    with pytest.raises(TypeError, match=r"position 0: 51 \(int\) is not an eval7.Card"):
        interop.from_eval7([51])
    with pytest.raises(TypeError, match=r"is not a pokerkit.Card"):
        interop.from_pokerkit([51])
    with pytest.raises(ValueError, match="two-character cards"):
        interop.from_pokerkit("AsK")
    with pytest.raises(ValueError, match="hand 1 .* holds 1 card"):
        interop.from_pokerkit(["AsKs", "Qs"])
    with pytest.raises(ValueError, match="holds 2 cards, not one"):
        interop.from_pokerkit([["AsKs"]])


def test_unknown_format_names_the_choices():
    with pytest.raises(ValueError, match=r"unknown card format 'ph'; expected one of 'cactus_kev'.*'deuces'"):
        interop.to_format("As", "ph")
    with pytest.raises(ValueError, match="unknown card format"):
        interop.from_format([1], "holdem")
    with pytest.raises(TypeError, match="must be a str"):
        interop.to_format("As", None)


# --------------------------------------------------------------------------- optional peers


def test_importing_pokerlut_imports_no_peer():
    code = (
        "import sys, pokerlut, pokerlut.interop, pokerlut.bench.peers\n"
        "pokerlut.interop.to_treys('As'); pokerlut.interop.to_pokerkit_strings('As')\n"
        f"print(sorted(m for m in {PEER_MODULES!r} if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize(("peer", "convert"), [("eval7", interop.to_eval7), ("pokerkit", interop.to_pokerkit)])
def test_missing_peer_names_the_extra(monkeypatch, peer, convert):
    monkeypatch.setitem(sys.modules, peer, None)  # makes "import peer" raise ImportError
    interop.formats.eval7_cards.cache_clear()
    interop.formats.pokerkit_cards.cache_clear()
    try:
        with pytest.raises(interop.PeerNotInstalledError, match=r"pip install 'pokerlut\[bench\]'") as info:
            convert("As")
    finally:
        interop.formats.eval7_cards.cache_clear()
        interop.formats.pokerkit_cards.cache_clear()
    assert info.value.peer == peer and isinstance(info.value, ImportError)
    assert peer in str(info.value)


# --------------------------------------------------------------------------- edge cases the fuzz test found


def test_pokerkit_strings_of_empty_hands():
    assert interop.to_pokerkit_strings(np.zeros((0, 5), np.uint8)) == []
    assert interop.to_pokerkit_strings(np.zeros((2, 0), np.uint8)) == ["", ""]


@pytest.mark.parametrize("name", [None, 5, b"numpy", ""])
def test_import_peer_takes_a_module_name(name):
    with pytest.raises(TypeError, match="import_peer takes a module name"):
        interop.import_peer(name)

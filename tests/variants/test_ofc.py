"""Open-face Chinese poker scoring (docs/rules.md, "Open-face Chinese poker") against a reference
written here: rows keyed by the independent evaluator of ``tests/reference.py`` (5-card rows) and
by the rules (3-card top rows), fouls by comparing them, royalties from the table below (typed in
from docs/rules.md), the pairwise settlement in plain Python.  Seeded random deals of 2 and 3
players, from the full deck and from small decks (seven ranks, two suits) that make full houses,
quads, straights and flushes often.
"""

from __future__ import annotations

import numpy as np
import pytest

import pokerlut
import reference as R
from pokerlut import ofc

RANKS = "23456789TJQKA"
# docs/rules.md, "Royalties": the common table
TOP = {**{RANKS[r] * 2: r - 3 for r in range(4, 13)}, **{RANKS[r] * 3: 10 + r for r in range(13)}}
MIDDLE = {"trips": 2, "straight": 4, "flush": 8, "full house": 12, "quads": 20, "straight flush": 30, "royal": 50}
BOTTOM = {"straight": 2, "flush": 4, "full house": 6, "quads": 10, "straight flush": 15, "royal": 25}
NAMES = {R.HIGH_CARD: "high card", R.PAIR: "pair", R.TWO_PAIR: "two pair", R.TRIPS: "trips",
         R.STRAIGHT: "straight", R.FLUSH: "flush", R.FULL_HOUSE: "full house", R.QUADS: "quads",
         R.STRAIGHT_FLUSH: "straight flush"}


def top_key(cards) -> tuple:
    """A top row on the one scale: (category, ranks + 1 ..., 0 for each missing card)."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    if ranks[0] == ranks[2]:
        return (R.TRIPS, ranks[0] + 1, 0, 0, 0, 0)
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        pair = ranks[1]
        kicker = ranks[2] if ranks[0] == ranks[1] else ranks[0]
        return (R.PAIR, pair + 1, kicker + 1, 0, 0, 0)
    return (R.HIGH_CARD, *(r + 1 for r in ranks), 0, 0)


def five_key(cards) -> tuple:
    cat, *digits = R.ref_key(cards)
    return (cat, *(d + 1 for d in digits), *([0] * (5 - len(digits))))


def top_royalty(cards, table) -> int:
    ranks = sorted(c // 4 for c in cards)
    if ranks[0] == ranks[2]:
        return table.get(RANKS[ranks[0]] * 3, 0)
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        return table.get(RANKS[ranks[1]] * 2, 0)
    return 0


def five_royalty(key, table) -> int:
    name = NAMES[key[0]]
    if name == "straight flush" and key[1] == 13:  # ace-high: the royal flush
        name = "royal"
    return table.get(name, 0)


def reference_score(deal, top=TOP, middle=MIDDLE, bottom=BOTTOM, bonus=3):
    """Per player: (foul, royalties per row, points, scoops, fantasyland, stay)."""
    hands = []
    for hand in deal:
        t, m, b = hand[:3], hand[3:8], hand[8:]
        keys = (top_key(t), five_key(m), five_key(b))
        foul = keys[0] > keys[1] or keys[1] > keys[2]
        roy = (0, 0, 0) if foul else (top_royalty(t, top), five_royalty(keys[1], middle), five_royalty(keys[2], bottom))
        top_cat = keys[0][0]
        fantasy = not foul and (top_cat == R.TRIPS or (top_cat == R.PAIR and keys[0][1] - 1 >= RANKS.index("Q")))
        stay = not foul and (top_cat == R.TRIPS or keys[1][0] >= R.FULL_HOUSE or keys[2][0] >= R.QUADS)
        hands.append([keys, foul, roy, 0, 0, fantasy, stay])
    for a in range(len(deal)):
        for c in range(a + 1, len(deal)):
            A, C = hands[a], hands[c]
            if A[1] and C[1]:
                continue
            if C[1]:
                wins, losses = 3, 0
            elif A[1]:
                wins, losses = 0, 3
            else:
                wins = sum(x > y for x, y in zip(A[0], C[0]))
                losses = sum(x < y for x, y in zip(A[0], C[0]))
            net = wins - losses + sum(A[2]) - sum(C[2])
            if wins == 3:
                net += bonus
                A[4] += 1
            if losses == 3:
                net -= bonus
                C[4] += 1
            A[3] += net
            C[3] -= net
    return [(h[1], h[2], h[3], h[4], h[5], h[6]) for h in hands]


def random_deals(rng, n, players, deck):
    deck = np.array(deck, np.uint8)
    picks = np.argsort(rng.random((n, len(deck))), axis=1)[:, :13 * players]
    return deck[picks].reshape(n, players, 13)


def stronger_below(deals, every=1):
    """Every ``every``-th hand's 5-card rows swapped where the middle beats the bottom, so that many
    hands do not foul."""
    for hand in deals.reshape(-1, 13)[::every]:
        if five_key(hand[3:8].tolist()) > five_key(hand[8:].tolist()):
            hand[3:8], hand[8:] = hand[8:].copy(), hand[3:8].copy()
    return deals


DECKS = {
    "full deck": (list(range(52)), (2, 3)),
    "seven ranks": ([4 * r + s for r in range(5, 12) for s in range(4)], (2,)),
    "two suits": ([4 * r + s for r in range(13) for s in (1, 3)], (2,)),
    "ten ranks": ([4 * r + s for r in range(3, 13) for s in range(4)], (3,)),
}


def _check_against_reference(deals, result, **tables):
    for i, deal in enumerate(deals.tolist()):
        ref = reference_score(deal, **tables)
        for p, (foul, roy, points, scoops, fantasy, stay) in enumerate(ref):
            got = (bool(result.fouls[i, p]), tuple(result.royalties[i, p].tolist()), int(result.points[i, p]),
                   int(result.scoops[i, p]), bool(result.fantasyland[i, p]), bool(result.fantasyland_stay[i, p]))
            assert got == (foul, roy, points, scoops, fantasy, stay), (i, p, [pokerlut.format_cards(h) for h in deal])


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_random_deals_against_the_reference(deck):
    cards, sizes = DECKS[deck]
    rng = np.random.default_rng(len(deck))
    for players in sizes:
        deals = stronger_below(random_deals(rng, 1500, players, cards), every=2)
        result = ofc.score(deals)
        _check_against_reference(deals, result)
        assert (result.points.sum(axis=1) == 0).all()
        assert result.fouls.any() and (~result.fouls).any()
        assert result.strengths.shape == (1500, players, 3)


def test_the_rich_decks_reach_every_royalty():
    rng = np.random.default_rng(7)
    seen = set()
    for deck in ("seven ranks", "two suits"):
        deals = stronger_below(random_deals(rng, 3000, 2, DECKS[deck][0]))
        r = ofc.score(deals)
        seen |= {(row, int(x)) for row in range(3) for x in np.unique(r.royalties[..., row])}
    # straights, flushes, full houses and quads pay on the bottom; trips to full houses in the middle (quads
    # there need quads or better below: test_royalty_arrays_pay_the_table_on_every_row_class); pairs on top
    assert {(2, 2), (2, 4), (2, 6), (2, 10), (1, 2), (1, 4), (1, 8), (1, 12)} <= seen
    assert {(0, x) for x in range(2, 9)} <= seen  # sevens to kings


def test_any_royalty_table():
    table = ofc.Royalties(top={"22": 5, "AAA": 1}, middle={"One pair": 1, "Royal flush": 7},
                          bottom={"High card": 2, "Straight flush": 3})
    rng = np.random.default_rng(11)
    deals = random_deals(rng, 2000, 3, list(range(52)))
    result = ofc.score(deals, table, scoop_bonus=0)
    _check_against_reference(deals, result, top={"22": 5, "AAA": 1}, middle={"pair": 1, "royal": 7},
                             bottom={"high card": 2, "straight flush": 3}, bonus=0)
    as_mapping = ofc.score(deals, {"middle": {"One pair": 1, "Royal flush": 7}, "top": {"22": 5, "AAA": 1},
                                   "bottom": {"High card": 2, "Straight flush": 3}}, scoop_bonus=0)
    assert np.array_equal(as_mapping.points, result.points)
    nothing = ofc.score(deals, ofc.Royalties())
    assert not nothing.royalties.any()


def test_royalty_arrays_pay_the_table_on_every_row_class():
    top, middle, bottom = ofc.royalty_arrays()
    s = pokerlut.evaluate(["6c 6d 2h", "Ac Ad Kh", "2c 2d 2h", "Ac Ad Ah", "Kc Qd Jh"], variant="ofc")
    assert top[s].tolist() == [1, 9, 10, 22, 0]
    s = pokerlut.evaluate(["2c 2d 2h 5s 9c", "2c 3d 4h 5s 6c", "2c 7c 9c Jc Kc", "2c 2d 2h 5s 5c", "2c 2d 2h 2s 5c",
                           "9c Tc Jc Qc Kc", "Ac Kc Qc Jc Tc", "Ac Ad Kh Ks 2c"], variant="ofc")
    assert middle[s].tolist() == [2, 4, 8, 12, 20, 30, 50, 0]
    assert bottom[s].tolist() == [0, 2, 4, 6, 10, 15, 25, 0]
    three = pokerlut.evaluate(np.array([[48, 49, 50]]), variant="ofc")
    assert middle[three].tolist() == [0] and bottom[three].tolist() == [0]


def test_examples_and_one_deal():
    a = ofc.arrange("Qc Qd 2h", "Ks Kd 9c 9d 3s", "Ah Kh Jh 7h 4h")
    b = ofc.arrange("Ac Kc 5d", "Td Th 8s 8c 2c", "6s 6h 6d 7c 7d")
    r = ofc.score([a, b])
    assert r.points.tolist() == [6, -6] and r.royalty_totals.tolist() == [11, 6]
    assert r.strengths.shape == (2, 3) and r.strengths[0, 0] < r.strengths[0, 1] < r.strengths[0, 2]
    batch = ofc.score(np.stack([[a, b], [b, a]]))
    assert batch.points.tolist() == [[6, -6], [-6, 6]]
    three = ofc.score([a, b, ofc.arrange("2d 3c 4d", "5s 5h 5c 9h 9s", "Jc Js Jd As Ad")])
    assert three.royalties[2].tolist() == [0, 12, 6] and three.scoops.tolist() == [0, 0, 0]
    # the third hand wins two rows from each; royalties 18 against 11 and 6
    assert three.points.tolist() == [6 - 1 + 11 - 18, -6 - 1 + 6 - 18, 2 + 7 + 12]


def test_unchecked_deals_score_zeros_for_bad_ids():
    rng = np.random.default_rng(3)
    deals = random_deals(rng, 100, 2, list(range(52)))
    deals[5, 1, 4] = 200
    r = ofc.score(deals, check=False)
    assert (r.points[5] == 0).all() and (r.strengths[5] == 0).all()
    ref = ofc.score(np.delete(deals, 5, axis=0))
    assert np.array_equal(np.delete(r.points, 5, axis=0), ref.points)


def _deal():
    return [ofc.arrange("Qc Qd 2h", "Ks Kd 9c 9d 3s", "Ah Kh Jh 7h 4h"),
            ofc.arrange("Ac Kc 5d", "Td Th 8s 8c 2c", "6s 6h 6d 7c 7d")]


@pytest.mark.parametrize("change, error, message", [
    (lambda d: [d[0], np.concatenate([d[1][:12], [50]])], ValueError,
     r"card Ah \(id 50\) is dealt twice: as player 0's bottom card 0 and as player 1's bottom card 4"),
    (lambda d: [d[0], np.concatenate([d[1][:12], [52]])], ValueError,
     r"player 1's bottom card 4: the wild card \(id 52\) is not dealt in open-face Chinese poker"),
    (lambda d: [d[0], np.concatenate([d[1][:12], [300]])], ValueError, r"card id 300 is not a card"),
    (lambda d: [d[0]], ValueError, r"shape \(\.\.\., players, 13\) with 2 or 3 players"),
    (lambda d: d * 2, ValueError, r"2 or 3 players.*got shape \(4, 13\)"),
    (lambda d: [x[:12] for x in d], ValueError, r"got shape \(2, 12\)"),
    (lambda d: np.array(d, float), TypeError, r"hands must hold integer card ids"),
])
def test_bad_hands(change, error, message):
    with pytest.raises(error, match=message):
        ofc.score(change(_deal()))


def test_bad_deal_in_a_batch_is_named():
    deals = np.stack([_deal()] * 4).astype(np.int64)
    deals[2, 0, 0] = deals[2, 0, 1]
    with pytest.raises(ValueError, match=r"deal 2: card Qd \(id 41\) is dealt twice: as player 0's top card 0 "
                                         r"and as player 0's top card 1"):
        ofc.score(deals)


@pytest.mark.parametrize("kwargs, error, message", [
    (dict(royalties={"top": {"ZZ": 1}}), ValueError, r"the top row has no class 'ZZ'"),
    (dict(royalties={"middle": {"Flush": -1}}), ValueError, r"middle 'Flush' pays -1 points"),
    (dict(royalties={"bottom": {"Flush": 1.5}}), TypeError, r"bottom 'Flush' pays an integer"),
    (dict(royalties={"side": {}}), ValueError, r"unknown row 'side'"),
    (dict(royalties=[1, 2]), TypeError, r"royalties must be a Royalties"),
    (dict(royalties={"top": [1]}), TypeError, r"the top row is a mapping"),
    (dict(scoop_bonus=-1), ValueError, r"scoop_bonus must be from 0"),
    (dict(scoop_bonus=2.5), TypeError, r"scoop_bonus must be an integer"),
    (dict(check="yes"), TypeError, r"check must be True or False"),
    (dict(parallel=1), TypeError, r"parallel must be True, False or None"),
])
def test_bad_arguments(kwargs, error, message):
    with pytest.raises(error, match=message):
        ofc.score(_deal(), **kwargs)


def test_arrange_checks_its_rows():
    with pytest.raises(ValueError, match=r"the top row has 3 cards"):
        ofc.arrange("Qc Qd", "Ks Kd 9c 9d 3s", "Ah Kh Jh 7h 4h")
    with pytest.raises(ValueError, match=r"the middle row: "):
        ofc.arrange("Qc Qd 2h", "Ks Kd 9c 9d Xx", "Ah Kh Jh 7h 4h")

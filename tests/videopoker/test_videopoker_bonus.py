"""The video poker bonus family: pay classes by quad rank, kicker and five-of-a-kind rank (named
cases and closed-form counts, from docs/rules.md), hold values against brute force, returns
against the published figures, bad pay tables, the command line.

Every final hand of every game is checked hand by hand against the independent reference in
``test_videopoker.py::test_class_counts_over_every_final_hand`` (parametrized over all games).

The published returns are the ones VideoPoker.com lists for these pay tables (three decimals; 99.45
for Deuces Wild Bonus Poker), which agree with the two-decimal figures of the Wizard of Odds'
analyses (8/5 Bonus Poker 99.17%, 9/6 Bonus Poker Deluxe 99.64%, 10/7 Double Bonus 100.17%, 9/6
Double Double Bonus 98.98%, 9/7 Triple Double Bonus 99.58%, 9/4/4/3 Deuces Wild Bonus 99.45%).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from reference import all_hands
from test_videopoker_reference import (DECK, LADDERS, brute_force_holds, card_ids, expected_value,
                                       ref_class_counts, ref_class_positions)

from pokerlut import videopoker as vp
from pokerlut.cli import main

BONUS = ("bonus-poker", "bonus-poker-deluxe", "double-bonus", "double-double-bonus", "triple-double-bonus",
         "deuces-wild-bonus")


def key_of(game, class_id) -> str:
    return vp.get_game(game).classes[int(class_id)]


# ------------------------------------------------------------------------------------ the classes


@pytest.mark.parametrize("game, text, key", [
    # four of a kind by rank (docs/rules.md examples)
    ("bonus-poker", "9c 9d 9h 9s Kd", "four_5s_ks"),
    ("bonus-poker", "3c 3d 3h 3s Kd", "four_2s_4s"),
    ("bonus-poker", "Ac Ad Ah As 3c", "four_aces"),
    ("bonus-poker", "Kc Kd Kh Ks 2d", "four_5s_ks"),
    ("bonus-poker", "5c 5d 5h 5s Ad", "four_5s_ks"),
    ("bonus-poker", "2c 2d 2h 2s Ad", "four_2s_4s"),
    ("bonus-poker", "As Ks Qs Js Ts", "royal_flush"),
    ("bonus-poker", "3c 3d 2h 2s Ad", "two_pair"),
    ("double-bonus", "Ac Ad Ah As 9c", "four_aces"),
    ("double-bonus", "4c 4d 4h 4s 9c", "four_2s_4s"),
    ("bonus-poker-deluxe", "Ac Ad Ah As 3c", "four_of_a_kind"),
    ("bonus-poker-deluxe", "3c 3d 2h 2s Ad", "two_pair"),
    ("bonus-poker-deluxe", "Jh Jd 4s 7c Qh", "jacks_or_better"),
    # four of a kind by kicker
    ("double-double-bonus", "Ac Ad Ah As 3c", "four_aces_with_2_4"),
    ("double-double-bonus", "Ac Ad Ah As 2c", "four_aces_with_2_4"),
    ("double-double-bonus", "Ac Ad Ah As 4h", "four_aces_with_2_4"),
    ("double-double-bonus", "Ac Ad Ah As 5c", "four_aces"),
    ("double-double-bonus", "Ac Ad Ah As Kc", "four_aces"),
    ("double-double-bonus", "4c 4d 4h 4s 2c", "four_2s_4s_with_a_4"),
    ("double-double-bonus", "2c 2d 2h 2s Ad", "four_2s_4s_with_a_4"),
    ("double-double-bonus", "3c 3d 3h 3s 4d", "four_2s_4s_with_a_4"),
    ("double-double-bonus", "3c 3d 3h 3s Kd", "four_2s_4s"),
    ("double-double-bonus", "3c 3d 3h 3s 5d", "four_2s_4s"),
    ("double-double-bonus", "9c 9d 9h 9s Ad", "four_5s_ks"),
    ("double-double-bonus", "9c 9d 9h 9s 2d", "four_5s_ks"),
    ("double-double-bonus", "5h 4h 3h 2h Ah", "straight_flush"),
    ("triple-double-bonus", "Ac Ad Ah As 3c", "four_aces_with_2_4"),
    ("triple-double-bonus", "2c 2d 2h 2s 4d", "four_2s_4s_with_a_4"),
    ("triple-double-bonus", "Kc Kd Kh Ks 2d", "four_5s_ks"),
    ("triple-double-bonus", "Kh Qh Jh Th 9h", "straight_flush"),
    ("triple-double-bonus", "7c 7d 7h Ks 2d", "three_of_a_kind"),
    # Deuces Wild Bonus Poker: four deuces with an ace, five of a kind by rank
    ("deuces-wild-bonus", "2c 2d 2h 2s Ah", "four_deuces_with_an_ace"),
    ("deuces-wild-bonus", "2c 2d 2h 2s Kh", "four_deuces"),
    ("deuces-wild-bonus", "2c 2d 2h 2s 3h", "four_deuces"),
    ("deuces-wild-bonus", "2c 2d Ah Ad As", "five_aces"),
    ("deuces-wild-bonus", "2c 2d 2h Ah Ad", "five_aces"),
    ("deuces-wild-bonus", "2c Ac Ah Ad As", "five_aces"),
    ("deuces-wild-bonus", "2c 4d 4h 4s 4c", "five_3s_5s"),
    ("deuces-wild-bonus", "2c 2d 3h 3s 3c", "five_3s_5s"),
    ("deuces-wild-bonus", "2c 2d 2h 5s 5c", "five_3s_5s"),
    ("deuces-wild-bonus", "2c 2d 2h 9s 9c", "five_6s_ks"),
    ("deuces-wild-bonus", "2c 6d 6h 6s 6c", "five_6s_ks"),
    ("deuces-wild-bonus", "2c 2d Kh Ks Kc", "five_6s_ks"),
    ("deuces-wild-bonus", "As Ks Qs Js Ts", "natural_royal_flush"),
    ("deuces-wild-bonus", "2s Ks Qs Js Ts", "wild_royal_flush"),
    ("deuces-wild-bonus", "2c 3s 4s 5s 6s", "straight_flush"),
    ("deuces-wild-bonus", "2c 9d 9s 9h Kc", "four_of_a_kind"),
    ("deuces-wild-bonus", "Ac Ad Ah As Kc", "four_of_a_kind"),
    ("deuces-wild-bonus", "2c 3d 3s 4c 4h", "full_house"),
    ("deuces-wild-bonus", "2c 2d 3s 4c 9h", "three_of_a_kind"),
    ("deuces-wild-bonus", "Ac Ad Ks Kc 9h", "nothing"),
])
def test_named_bonus_classes(game, text, key):
    result = vp.classify(text, game)
    assert key_of(game, result.classes) == key
    assert result.payouts == float(vp.get_game(game).paytable.as_dict().get(key, 0))
    assert ref_class_positions(np.array([card_ids(text)]), game)[0] == LADDERS[game].index(key)


# closed forms, from the rules alone (independent of both classifiers)
_QUADS = {"four_aces": 48, "four_2s_4s": 3 * 48, "four_5s_ks": 9 * 48}
_KICKERS = {"four_aces_with_2_4": 3 * 4, "four_aces": 48 - 12,
            "four_2s_4s_with_a_4": 3 * 3 * 4, "four_2s_4s": 3 * 48 - 36, "four_5s_ks": 9 * 48}
_FIVE_ONE_RANK = sum(math.comb(4, w) * math.comb(4, 5 - w) for w in (1, 2, 3))  # w deuces + 5 - w of one rank


@pytest.mark.parametrize("game, expected", [
    ("bonus-poker", _QUADS),
    ("double-bonus", _QUADS),
    ("bonus-poker-deluxe", {"four_of_a_kind": 13 * 48}),
    ("double-double-bonus", _KICKERS),
    ("triple-double-bonus", _KICKERS),
    ("deuces-wild-bonus", {"four_deuces_with_an_ace": 4, "four_deuces": 44, "five_aces": _FIVE_ONE_RANK,
                           "five_3s_5s": 3 * _FIVE_ONE_RANK, "five_6s_ks": 8 * _FIVE_ONE_RANK}),
])
def test_bonus_class_counts_closed_forms(game, expected):
    assert _FIVE_ONE_RANK == 52
    theirs = ref_class_counts(game)
    base = ref_class_counts("deuces-wild" if game.startswith("deuces") else "jacks-or-better")
    for key, count in expected.items():
        assert theirs[key] == count, key
    # the other classes are those of the base game; the split classes add up to its class
    merged = "four_deuces" if game.startswith("deuces") else "four_of_a_kind"
    rest = {k: v for k, v in theirs.items() if k not in expected}
    assert rest == {k: v for k, v in base.items() if k not in (merged, "five_of_a_kind")}
    split = sum(v for k, v in expected.items() if k.startswith("four"))
    assert split == base[merged]
    if game == "deuces-wild-bonus":
        assert sum(v for k, v in expected.items() if k.startswith("five")) == base["five_of_a_kind"]
    lib = vp.classify(all_hands(5, DECK[game]), game)
    counts = np.bincount(lib.classes, minlength=vp.get_game(game).n_classes)
    assert {key_of(game, c): int(n) for c, n in enumerate(counts) if n} == theirs


def test_class_ids_follow_the_machines_order():
    ddb = vp.get_game("double-double-bonus")
    assert ddb.class_id("Four aces with 2-4") == 11 and ddb.class_id("four_2s_4s_with_a_4") == 10
    tdb = vp.get_game("triple-double-bonus")
    assert tdb.class_names[-1] == "Royal flush" and tdb.class_names[-7] == "Straight flush"
    assert tdb.paytable["straight_flush"] == 50 and tdb.paytable["three_of_a_kind"] == 2
    dwb = vp.get_game("Bonus Deuces Wild")
    assert dwb.key == "deuces-wild-bonus" and dwb.deck_size == 52 and dwb.wild_cards == (0, 1, 2, 3)
    for alias, key in [("BP", "bonus-poker"), ("bpd", "bonus-poker-deluxe"), ("Double Bonus Poker", "double-bonus"),
                       ("ddb", "double-double-bonus"), ("TDB", "triple-double-bonus"),
                       ("deuces-wild-bonus-poker", "deuces-wild-bonus"), ("dwb", "deuces-wild-bonus")]:
        assert vp.get_game(alias).key == key


def test_standard_pay_tables():
    tables = {g: list(vp.get_game(g).paytable.as_dict().values()) for g in BONUS}
    assert tables == {
        "bonus-poker": [800, 50, 80, 40, 25, 8, 5, 4, 3, 2, 1],
        "bonus-poker-deluxe": [800, 50, 80, 9, 6, 4, 3, 1, 1],
        "double-bonus": [800, 50, 160, 80, 50, 10, 7, 5, 3, 1, 1],
        "double-double-bonus": [800, 50, 400, 160, 160, 80, 50, 9, 6, 4, 3, 1, 1],
        "triple-double-bonus": [800, 800, 400, 160, 80, 50, 50, 9, 7, 4, 2, 1, 1],
        "deuces-wild-bonus": [800, 400, 200, 80, 40, 20, 25, 9, 4, 4, 3, 1, 1],
    }
    assert [vp.get_game(g).paytable.name for g in BONUS] == ["8/5 full pay", "9/6 full pay", "10/7 full pay",
                                                             "9/6 full pay", "9/7 full pay", "9/4/4/3 full pay"]
    for g in BONUS:
        assert list(reversed(vp.get_game(g).classes)) == LADDERS[g]


# ----------------------------------------------------------------------------------- hold values

def test_all_holds_against_brute_force():
    """A full house broken for four 2s with an A-4 kicker: all 32 holds, every draw enumerated."""
    game, text = "triple-double-bonus", "2c 2d 2h 3c 3d"
    dealt = card_ids(text)
    brute = brute_force_holds(dealt, game)
    g = vp.get_game(game)
    pays = g.paytable.as_dict()
    h = vp.hold_values(np.array(dealt), game)
    exact = {mask: expected_value(counts, pays) for mask, counts in brute.items()}
    for r in range(32):
        mask = int(h.holds[r])
        assert {g.classes[c]: int(n) for c, n in enumerate(h.counts[r]) if n} == brute[mask], (r, mask)
        assert h.values[r] == pytest.approx(float(exact[mask]), rel=1e-13)
    assert exact[int(h.holds[0])] == max(exact.values())
    assert h.holds[0] == 0b01111  # keep the first four, draw one


def test_known_bonus_hold_values():
    # four aces and a king in Double Double Bonus: 12 of the 47 cards are a 2, 3 or 4
    h = vp.hold_values("Ac Ad Ah As Kc", "ddb")
    assert h.values[0] == pytest.approx((12 * 400 + 35 * 160) / 47, rel=1e-15)
    # three deuces and a 3 kicker in Triple Double Bonus, from 2c 2d 2h 3c 3d: the last deuce pays 400,
    # the two 3s left make a full house, every other card leaves three of a kind
    h = vp.hold_values("2c 2d 2h 3c 3d", "tdb")
    assert h.values[0] == pytest.approx((400 + 2 * 9 + 44 * 2) / 47, rel=1e-15)
    # four deuces and a king in Deuces Wild Bonus Poker: 4 aces among the 47
    h = vp.hold_values("2c 2d 2h 2s Kd", "dwb")
    assert h.values[0] == pytest.approx((4 * 400 + 43 * 200) / 47, rel=1e-15)


def test_hold_values_against_brute_force_on_a_sample():
    """Random deals of every bonus game, and two deals the bonus classes decide (four aces and a king
    in Double Double Bonus: draw to a 2-4 kicker; four deuces and a king in Deuces Wild Bonus Poker:
    draw to an ace): every hold keeping two cards or more (at most 16,215 draws each), against
    enumerating the draws and classifying them with the reference."""
    rng = np.random.default_rng(26)
    deals = [(game, rng.choice(52, size=5, replace=False).tolist()) for game in BONUS for _ in range(4)]
    deals += [("double-double-bonus", card_ids("Ac Ad Ah As Kc")), ("deuces-wild-bonus", card_ids("2c 2d 2h 2s Kd"))]
    for game, dealt in deals:
        g = vp.get_game(game)
        pays = g.paytable.as_dict()
        h = vp.hold_values(np.array(dealt), game)
        value_of = dict(zip(h.holds.tolist(), h.values.tolist()))
        pool = np.array([c for c in range(52) if c not in dealt])
        for mask in range(32):
            held = [dealt[j] for j in range(5) if mask >> j & 1]
            if len(held) < 2:
                continue
            d = 5 - len(held)
            picks = all_hands(d, len(pool)).astype(np.intp) if d else np.zeros((1, 0), np.intp)
            finals = np.concatenate([np.broadcast_to(np.array(held), (len(picks), len(held))), pool[picks]], axis=1)
            positions = ref_class_positions(finals, game)
            pay = np.array([pays.get(k, 0) for k in LADDERS[game]], dtype=np.float64)
            assert value_of[mask] == pytest.approx(pay[positions].mean(), rel=1e-12), (game, dealt, mask)


# ----------------------------------------------------------------------------------- game returns


@pytest.mark.parametrize("game, paytable, published", [
    ("bonus-poker", None, "99.166"),                                                  # 8/5
    ("bonus-poker-deluxe", None, "99.642"),                                           # 9/6
    ("double-bonus", None, "100.173"),                                                # 10/7
    ("double-double-bonus", None, "98.981"),                                          # 9/6
    ("triple-double-bonus", None, "99.578"),                                          # 9/7
    ("deuces-wild-bonus", None, "99.45"),                                             # 9/4/4/3
    ("bonus-poker", [800, 50, 80, 40, 25, 7, 5, 4, 3, 2, 1], "98.015"),               # 7/5
    ("bonus-poker-deluxe", [800, 50, 80, 8, 6, 4, 3, 1, 1], "98.493"),                # 8/6
    ("double-bonus", [800, 50, 160, 80, 50, 9, 7, 5, 3, 1, 1], "99.106"),             # 9/7
    ("double-double-bonus", [800, 50, 400, 160, 160, 80, 50, 10, 6, 4, 3, 1, 1], "100.067"),   # 10/6
    ("triple-double-bonus", [800, 800, 400, 160, 80, 50, 50, 9, 6, 4, 2, 1, 1], "98.154"),     # 9/6
    ("deuces-wild-bonus", [800, 400, 200, 80, 40, 20, 25, 13, 4, 3, 3, 1, 1], "98.803"),       # 13/4/3/3
])
def test_published_returns(game, paytable, published):
    r = vp.game_return(game, paytable, progress=False)
    decimals = len(published.split(".")[1])
    assert f"{r.percent:.{decimals}f}" == published
    assert r.exact is not None and float(r.exact) == r.value
    assert sum(r.exact_probabilities) == 1
    assert sum(p * q for p, q in zip(r.exact_probabilities, r.paytable.pays)) == r.exact


def test_full_pay_returns_to_the_two_published_decimals():
    published = {"bonus-poker": "99.17", "bonus-poker-deluxe": "99.64", "double-bonus": "100.17",
                 "double-double-bonus": "98.98", "triple-double-bonus": "99.58", "deuces-wild-bonus": "99.45"}
    assert {g: f"{vp.game_return(g, progress=False).percent:.2f}" for g in BONUS} == published


def test_a_ddb_strategy_point_the_tables_are_known_for():
    """Three aces and a 2-4 kicker: Triple Double Bonus keeps the kicker, Bonus Poker does not."""
    assert vp.best_hold("Ac Ad Ah 3c 9d", "tdb").masks == 0b01111
    assert vp.best_hold("Ac Ad Ah 3c 9d", "bonus-poker").masks == 0b00111


# ------------------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("game, pays, error, message", [
    ("double-double-bonus", [800, 50, 400, 160, 160, 80, 50, 9, 6, 4, 3, 1], ValueError,
     "needs 13 payouts, best class first \\(royal_flush, straight_flush, four_aces_with_2_4, "
     "four_2s_4s_with_a_4, four_aces, four_2s_4s, four_5s_ks, full_house"),
    ("bonus-poker", {"royal_flush": 800, "straight_flush": 50, "four_of_a_kind": 25}, ValueError,
     "'four_of_a_kind' is not a pay class of Bonus Poker; its classes are: royal_flush, straight_flush, four_aces"),
    ("triple-double-bonus", {"royal flush": 800}, ValueError,
     "the Triple Double Bonus pay table has no entry for: four_aces_with_2_4, four_2s_4s_with_a_4, four_aces"),
    ("deuces-wild-bonus", [800, 400, 200, 80, 40, 20, 25, 9, 4, 4, 3, 1, -1], ValueError,
     "the pay of Three of a kind must not be negative, got -1"),
    ("deuces-wild-bonus", [800, 400, 200, "80", 40, 20, 25, 9, 4, 4, 3, 1, 1], TypeError,
     "the pay of Five aces must be a number"),
    ("bonus-poker-deluxe", [800, 50, 80, 9, 6, 4, 3, 1, float("inf")], ValueError,
     "the pay of Jacks or better must be a finite number, got inf"),
])
def test_bad_bonus_pay_tables(game, pays, error, message):
    with pytest.raises(error, match=message):
        vp.make_paytable(game, pays)
    with pytest.raises(error, match=message):
        vp.game_return(game, pays, progress=False)
    with pytest.raises(error, match=message):
        vp.classify("Ac Ad Ah As 3c", game, pays)


def test_a_pay_table_of_another_game_is_refused():
    with pytest.raises(ValueError, match="that pay table is for Double Double Bonus, not Triple Double Bonus"):
        vp.hold_values("Ac Ad Ah As 3c", "tdb", vp.get_game("ddb").paytable)
    with pytest.raises(ValueError, match="card W \\(id 52\\)|joker .* is not a card of Deuces Wild Bonus Poker"):
        vp.classify("W 2d Ah As 3c", "deuces-wild-bonus")


def test_a_user_table_changes_the_bonus_play():
    """Pay four aces with a 2-4 kicker like plain four aces: drawing to the kicker gains nothing."""
    flat = dict(vp.get_game("ddb").paytable.as_dict(), four_aces_with_2_4=160)
    h = vp.hold_values("Ac Ad Ah As Kc", "ddb", flat)
    assert h.values[0] == 160 and sorted(h.holds[:2].tolist()) == [0b01111, 0b11111] and h.values[2] < 160


# ---------------------------------------------------------------------------------- command line


def test_holds_cli_bonus_game(capsys):
    assert main(["holds", "Ac Ad Ah As Kc", "--game", "double-double-bonus", "--top", "2", "--detail"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Double Double Bonus, 9/6 full pay: Ac Ad Ah As Kc"
    assert "4A+2-4" in lines[2] and "4(2-4)+" in lines[2]
    assert lines[3].split()[:7] == ["1", "Ac", "Ad", "Ah", "As", "--", "47"]
    assert main(["holds", "2c 2d 2h 2s Kd", "-g", "dwb", "--pay", "four_deuces_with_an_ace=200", "--top", "1"]) == 0
    assert "custom" in capsys.readouterr().out


def test_return_cli_bonus_games(capsys):
    assert main(["video-return", "--game", "bonus-poker", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Bonus Poker, 8/5 full pay: return 99.1660% under optimal play")
    assert "Four 2s-4s" in out and "Four 5s-Ks" in out
    assert main(["video-return", "-g", "ddb", "--pays", "800,50,400,160,160,80,50,10,6,4,3,1,1", "--no-progress"]) == 0
    assert "return 100.0670%" in capsys.readouterr().out
    assert main(["video-return", "-g", "tdb", "--pay", "flush=6", "--no-progress"]) == 0
    assert "return 98.1540%" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["video-return", "-g", "quadruple-bonus"], "--game: unknown game 'quadruple-bonus'"),
    (["video-return", "-g", "ddb", "--pay", "four_of_a_kind=50"], "'four_of_a_kind' is not a pay class of "
                                                                 "Double Double Bonus"),
    (["video-return", "-g", "bpd", "--pays", "800,50,80,9,6,4,3,1"], "--pays: a Bonus Poker Deluxe pay table given "
                                                                    "as a sequence needs 9 payouts"),
    (["holds", "Ac Ad Ah As Kc", "-g", "tdb", "--pay", "four_aces=-160"], "must not be negative"),
    (["holds", "W Ad Ah As Kc", "-g", "dwb"], "joker"),
])
def test_bonus_cli_errors_exit_2_before_any_output(capsys, argv, message):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err and captured.err.count("\n") == 1

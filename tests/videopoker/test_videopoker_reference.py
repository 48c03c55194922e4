"""An independent, slow reference for video poker pay classes, and brute-force hold values.

The classifier is written from docs/rules.md ("Video poker pay classes") alone and shares nothing with
pokerlut: no lookup tables, no strengths, no wild-card substitution.  It decides each class by
what the wild cards can complete, vectorized with numpy over rank-count matrices:

* five of a kind: the largest rank group plus the wilds reaches 5; its rank is the rank of the
  natural cards (they all share it);
* straight (flush): the natural ranks are distinct and fit in one five-rank window (the wheel
  A-2-3-4-5 included), the wilds fill the gaps; royal: the window T-J-Q-K-A;
* four of a kind / three of a kind: largest group + wilds >= 4 / 3; full house / two pair:
  the wilds can top the two largest groups up to 3 + 2 / 2 + 2;
* a natural four of a kind (the bonus games, no wild card): the rank of the four and the rank of
  the fifth card (the kicker);
* four deuces: the four wild cards, and the rank of the fifth card;
* flush: the natural cards share a suit;
* the minimum pair: a natural pair of that rank or better, or one wild with a natural card of
  that rank or better (the wild pairs the highest card).

The features of a batch of hands (rank counts, suits, windows) are computed once and shared by the
games with the same deck and wild cards; each game's rules then only combine them.

The brute-force hold values enumerate every draw of every hold and classify each final hand.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

import numpy as np
import pytest
from reference import all_hands

GAMES = ("jacks-or-better", "bonus-poker", "bonus-poker-deluxe", "double-bonus", "double-double-bonus",
         "triple-double-bonus", "deuces-wild", "deuces-wild-bonus", "joker-poker")
DECK = {game: 53 if game == "joker-poker" else 52 for game in GAMES}
#: Which cards are wild in each game: none, the four deuces (ids 0..3), the joker (id 52).
WILDS = {game: "deuces" if game.startswith("deuces") else "joker" if game == "joker-poker" else "none"
         for game in GAMES}

_JOB_LADDER = ["royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
               "three_of_a_kind", "two_pair", "jacks_or_better", "nothing"]
_TAIL = ["full_house", "flush", "straight", "three_of_a_kind", "two_pair", "jacks_or_better", "nothing"]
_BONUS_QUADS = ["four_aces", "four_2s_4s", "four_5s_ks"]
_KICKER_QUADS = ["four_aces_with_2_4", "four_2s_4s_with_a_4", *_BONUS_QUADS]

# Each game's ladder, best first, as docs/rules.md lists it.
LADDERS = {
    "jacks-or-better": _JOB_LADDER,
    "bonus-poker": ["royal_flush", "straight_flush", *_BONUS_QUADS, *_TAIL],
    "bonus-poker-deluxe": _JOB_LADDER,
    "double-bonus": ["royal_flush", "straight_flush", *_BONUS_QUADS, *_TAIL],
    "double-double-bonus": ["royal_flush", "straight_flush", *_KICKER_QUADS, *_TAIL],
    "triple-double-bonus": ["royal_flush", *_KICKER_QUADS, "straight_flush", *_TAIL],
    "deuces-wild": ["natural_royal_flush", "four_deuces", "wild_royal_flush", "five_of_a_kind",
                    "straight_flush", "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind",
                    "nothing"],
    "deuces-wild-bonus": ["natural_royal_flush", "four_deuces_with_an_ace", "four_deuces", "five_aces",
                          "five_3s_5s", "five_6s_ks", "wild_royal_flush", "straight_flush", "four_of_a_kind",
                          "full_house", "flush", "straight", "three_of_a_kind", "nothing"],
    "joker-poker": ["natural_royal_flush", "five_of_a_kind", "wild_royal_flush", "straight_flush",
                    "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind", "two_pair",
                    "kings_or_better", "nothing"],
}

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
TWO, THREE, FOUR, FIVE, SIX, JACK, KING, ACE = 0, 1, 2, 3, 4, 9, 11, 12


def card_ids(text: str) -> list[int]:
    """'Jh W 2c' -> ids, W = 52 (test helper, independent of pokerlut's parser)."""
    out = []
    for tok in text.split():
        if tok.upper() == "W":
            out.append(52)
        else:
            out.append(4 * _RANKS.index(tok[0].upper()) + _SUITS.index(tok[1].lower()))
    return out


def _windows() -> np.ndarray:
    """The ten straights as 13-bit rank masks; the wheel is A-2-3-4-5."""
    masks = [sum(1 << r for r in range(lo, lo + 5)) for lo in range(9)]
    masks.append((1 << 12) | 0b1111)
    return np.array(masks, dtype=np.int64)


ROYAL_WINDOW = sum(1 << r for r in range(8, 13))


def ref_features(hands, wilds: str) -> dict[str, np.ndarray]:
    """What the rules look at, for every row of ``hands`` (N, 5) with the given wild cards."""
    h = np.asarray(hands, dtype=np.int64)
    n = len(h)
    if wilds == "deuces":
        wild = h < 4
    elif wilds == "joker":
        wild = h == 52
    else:
        wild = np.zeros(h.shape, dtype=bool)
    w = wild.sum(axis=1)
    ranks = np.where(wild, 0, h // 4)
    suits = np.where(wild, -1, h % 4)
    natural = ~wild

    counts = np.zeros((n, 13), dtype=np.int8)
    rows = np.arange(n)
    for j in range(5):
        counts[rows, ranks[:, j]] += natural[:, j]
    top2 = -np.sort(-counts, axis=1)[:, :2]
    c1, c2 = top2[:, 0].astype(np.int64), top2[:, 1].astype(np.int64)
    rank_mask = ((counts > 0) * (1 << np.arange(13))).sum(axis=1)
    distinct = c1 <= 1

    first_suit = np.where(natural, suits, 99).min(axis=1)
    same_suit = (~natural | (suits == first_suit[:, None])).all(axis=1)
    windows = _windows()
    fits = ((rank_mask[:, None] & ~windows[None, :]) == 0).any(axis=1)
    straight = distinct & fits
    small = np.int8  # 2.6 M rows per feature: small types keep the cached features of a deck small
    return {
        "w": w.astype(small),
        "c1": c1.astype(small),
        "c2": c2.astype(small),
        "same_suit": same_suit,
        "straight": straight,
        "royal": same_suit & distinct & ((rank_mask & ~ROYAL_WINDOW) == 0),
        "full_house": np.maximum(0, 3 - c1) + np.maximum(0, 2 - c2) <= w,
        "two_pair": np.maximum(0, 2 - c1) + np.maximum(0, 2 - c2) <= w,
        "high_rank": np.where(natural, ranks, -1).max(axis=1).astype(small),
        "pair_rank": np.argmax(counts == 2, axis=1).astype(small),  # the only pair when c1 == 2 and c2 < 2
        # the rank of the largest group: the only one when c1 >= 3, the natural cards' rank in five of a kind
        "group_rank": np.argmax(counts, axis=1).astype(small),
        # the fifth card of a natural four of a kind, or the natural card beside four deuces
        "single_rank": np.argmax(counts == 1, axis=1).astype(small),
    }


def ref_class_keys(hands, game: str) -> np.ndarray:
    """Class key (str, object array) of every row of ``hands`` (N, 5): ids of the game's deck."""
    return np.array(LADDERS[game], dtype=object)[ref_class_positions(hands, game)]


def ref_class_positions(hands, game: str) -> np.ndarray:
    """Position in ``LADDERS[game]`` (0 = best) of the class of every row of ``hands`` (N, 5)."""
    return ref_positions_from_features(ref_features(hands, WILDS[game]), game)


def ref_positions_from_features(f: dict[str, np.ndarray], game: str) -> np.ndarray:
    """The game's rules (docs/rules.md) over the features of a batch of hands."""
    w, c1, c2 = f["w"], f["c1"], f["c2"]
    same_suit, straight, royal = f["same_suit"], f["straight"], f["royal"]
    straight_flush = same_suit & straight
    n = len(w)

    def pays_pair(min_rank):
        natural_pair = (w == 0) & (c1 == 2) & (c2 < 2) & (f["pair_rank"] >= min_rank)
        wild_pair = (w == 1) & (c1 == 1) & (f["high_rank"] >= min_rank)
        return natural_pair | wild_pair

    def isin(x, ranks):
        return np.isin(x, list(ranks))

    quad = c1 == 4
    quad_rank, kicker = f["group_rank"], f["single_rank"]
    four_aces = quad & (quad_rank == ACE)
    four_low = quad & isin(quad_rank, (TWO, THREE, FOUR))
    four_mid = quad & ~four_aces & ~four_low
    tail = [((c1 == 3) & (c2 == 2), "full_house"), (same_suit, "flush"),
            (straight, "straight"), (c1 == 3, "three_of_a_kind"), ((c1 == 2) & (c2 == 2), "two_pair"),
            (pays_pair(JACK), "jacks_or_better")]
    top = [(royal, "royal_flush"), (straight_flush, "straight_flush")]
    bonus = [(four_aces, "four_aces"), (four_low, "four_2s_4s"), (four_mid, "four_5s_ks")]
    kickers = [(four_aces & isin(kicker, (TWO, THREE, FOUR)), "four_aces_with_2_4"),
               (four_low & isin(kicker, (ACE, TWO, THREE, FOUR)), "four_2s_4s_with_a_4")]
    if game in ("jacks-or-better", "bonus-poker-deluxe"):
        rules = top + [(quad, "four_of_a_kind")] + tail
    elif game in ("bonus-poker", "double-bonus"):
        rules = top + bonus + tail
    elif game in ("double-double-bonus", "triple-double-bonus"):
        rules = top + kickers + bonus + tail
    elif game in ("deuces-wild", "deuces-wild-bonus"):
        five = c1 + w >= 5
        five_rank = f["group_rank"]  # every natural card has the rank of the five
        if game == "deuces-wild":
            fives = [(w == 4, "four_deuces"), (royal & (w == 0), "natural_royal_flush"),
                     (royal, "wild_royal_flush"), (five, "five_of_a_kind")]
        else:
            fives = [((w == 4) & (f["single_rank"] == ACE), "four_deuces_with_an_ace"), (w == 4, "four_deuces"),
                     (royal & (w == 0), "natural_royal_flush"), (royal, "wild_royal_flush"),
                     (five & (five_rank == ACE), "five_aces"),
                     (five & isin(five_rank, (THREE, FOUR, FIVE)), "five_3s_5s"),
                     (five & (five_rank >= SIX) & (five_rank < ACE), "five_6s_ks")]
        rules = [*fives, (straight_flush, "straight_flush"), (c1 + w >= 4, "four_of_a_kind"),
                 (f["full_house"], "full_house"), (same_suit, "flush"), (straight, "straight"),
                 (c1 + w >= 3, "three_of_a_kind")]
    else:
        rules = [(royal & (w == 0), "natural_royal_flush"), (c1 + w >= 5, "five_of_a_kind"),
                 (royal, "wild_royal_flush"), (straight_flush, "straight_flush"),
                 (c1 + w >= 4, "four_of_a_kind"), (f["full_house"], "full_house"), (same_suit, "flush"),
                 (straight, "straight"), (c1 + w >= 3, "three_of_a_kind"), (f["two_pair"], "two_pair"),
                 (pays_pair(KING), "kings_or_better")]
    ladder = LADDERS[game]
    out = np.full(n, ladder.index("nothing"), dtype=np.int64)
    done = np.zeros(n, dtype=bool)
    for cond, key in rules:
        hit = cond & ~done
        out[hit] = ladder.index(key)
        done |= hit
    return out


def _count_by_key(positions: np.ndarray, game: str) -> dict[str, int]:
    counts = np.bincount(positions, minlength=len(LADDERS[game]))
    return {key: int(c) for key, c in zip(LADDERS[game], counts) if c}


@lru_cache(maxsize=None)
def _all_features(deck: int, wilds: str) -> dict[str, np.ndarray]:
    return ref_features(all_hands(5, deck), wilds)


@lru_cache(maxsize=None)
def ref_all_positions(game: str) -> np.ndarray:
    """The reference's class (position in ``LADDERS[game]``) of every final hand of the game's deck,
    rows in the order of ``all_hands(5, deck)`` (computed once per test session, read-only)."""
    positions = ref_positions_from_features(_all_features(DECK[game], WILDS[game]), game).astype(np.int8)
    positions.setflags(write=False)
    return positions


def ref_class_counts(game: str) -> dict[str, int]:
    """How many of all C(deck, 5) final hands fall in each class, by the reference."""
    return _count_by_key(ref_all_positions(game).astype(np.int64), game)


def brute_force_holds(dealt, game: str, classify_positions=ref_class_positions) -> dict[int, dict[str, int]]:
    """For each of the 32 holds (mask over the dealt cards as given): how many draws end in each
    class, every draw from the deck minus the 5 dealt cards enumerated and classified
    (``classify_positions(hands, game)`` gives positions in ``LADDERS[game]``)."""
    dealt = [int(c) for c in dealt]
    pool = np.array([c for c in range(DECK[game]) if c not in dealt], dtype=np.int64)
    out = {}
    for mask in range(32):
        held = [dealt[j] for j in range(5) if mask >> j & 1]
        d = 5 - len(held)
        picks = all_hands(d, len(pool)).astype(np.intp) if d else np.zeros((1, 0), np.intp)
        finals = np.concatenate([np.broadcast_to(np.array(held, np.int64), (len(picks), len(held))),
                                 pool[picks]], axis=1)
        assert len(finals) == comb(len(pool), d)
        out[mask] = _count_by_key(np.asarray(classify_positions(finals, game)), game)
    return out


def expected_value(class_counts: dict[str, int], pays: dict[str, int]) -> Fraction:
    draws = sum(class_counts.values())
    return Fraction(sum(n * pays.get(k, 0) for k, n in class_counts.items()), draws)


# ------------------------------------------------------------------ the reference's own checks


@pytest.mark.parametrize("game, text, key", [
    ("jacks-or-better", "As Ks Qs Js Ts", "royal_flush"),
    ("jacks-or-better", "5d 4d 3d 2d Ad", "straight_flush"),
    ("jacks-or-better", "Jh Jd 4s 7c Qh", "jacks_or_better"),
    ("jacks-or-better", "Th Td 4s 7c Qh", "nothing"),
    ("jacks-or-better", "Ah 2d 3s 4c 5h", "straight"),
    ("deuces-wild", "2c 2d 2h 2s 9h", "four_deuces"),
    ("deuces-wild", "2c Ks Qs Js Ts", "wild_royal_flush"),
    ("deuces-wild", "2c 2d 9s 9h 9c", "five_of_a_kind"),
    ("deuces-wild", "2c Ah 3s 4c 5h", "straight"),
    ("deuces-wild", "2c 2d 3s 4c 9h", "three_of_a_kind"),
    ("deuces-wild", "2c 3d 3s 4c 4h", "full_house"),
    ("joker-poker", "W Ks Qs Js Ts", "wild_royal_flush"),
    ("joker-poker", "W Kh 9c 7d 3s", "kings_or_better"),
    ("joker-poker", "W Qh 9c 7d 3s", "nothing"),
    ("joker-poker", "W 9c 9d 9h 9s", "five_of_a_kind"),
    ("joker-poker", "W 9c 9d 3h 3s", "full_house"),
])
def test_reference_named_cases(game, text, key):
    assert ref_class_keys(np.array([card_ids(text)]), game)[0] == key


def test_reference_textbook_jacks_or_better_counts():
    """Closed-form counts of all 52-card hands, independent of both classifiers."""
    four_suits_5 = 4 ** 5
    expected = {
        "royal_flush": 4,
        "straight_flush": 9 * 4,
        "four_of_a_kind": 13 * 48,
        "full_house": 13 * comb(4, 3) * 12 * comb(4, 2),
        "flush": 4 * comb(13, 5) - 10 * 4,
        "straight": 10 * (four_suits_5 - 4),
        "three_of_a_kind": 13 * comb(4, 3) * comb(12, 2) * 4 ** 2,
        "two_pair": comb(13, 2) * comb(4, 2) ** 2 * 44,
        "jacks_or_better": 4 * comb(4, 2) * comb(12, 3) * 4 ** 3,
    }
    expected["nothing"] = comb(52, 5) - sum(expected.values())
    assert ref_class_counts("jacks-or-better") == expected

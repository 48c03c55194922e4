"""Slow, obviously-correct reference for what a hand is on a board, written from ``docs/rules.md``
("What a hand is on a board") alone: one hand at a time, plain Python, values from the independent
reference evaluators (``reference.py``, ``reference_variants.py``), draws and outs by trying the
cards of the deck one by one (backdoor draws by trying every turn and river rank, or suit: nothing
else about a card matters to a straight or a flush).

Cards are ids ``4 * rank + suit``; results use the names of the rules, not the library's ids.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from reference import ref_best_key, ref_key
from reference_variants import omaha_best_high

HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
DECK = range(52)


def rank(c: int) -> int:
    return c // 4


def suit(c: int) -> int:
    return c % 4


def straights() -> list[tuple[int, set[int]]]:
    """(top rank, its five ranks) of the ten straights; the wheel's top is the five (rank 3)."""
    out = [(3, {12, 0, 1, 2, 3})]
    out += [(top, set(range(top - 4, top + 1))) for top in range(4, 13)]
    return out


STRAIGHTS = straights()


def best_straight(ranks: set[int]) -> int:
    """The top rank of the best straight among ``ranks``, -1 for none."""
    return max((top for top, s in STRAIGHTS if s <= ranks), default=-1)


# --------------------------------------------------------------------------- made hands


def value(hole: list[int], board: list[int]) -> tuple[tuple, list[int]]:
    """(key, the hole cards in play): Hold'em the best five of all; Omaha two hole and three board
    cards, the first pair of hole cards (in hole order) that makes the best hand."""
    if len(hole) == 2:
        return ref_best_key(hole + board), list(hole)
    key, five = omaha_best_high(hole, board)
    return key, list(five[:2])


def kicker_class(k: int, board_ranks: set[int]) -> str:
    better = sum(1 for r in range(k + 1, 13) if r not in board_ranks)
    return "top kicker" if better == 0 else "good kicker" if better <= 2 else "weak kicker"


def made(hole: list[int], board: list[int]) -> dict:
    """``{"class", "kicker", "nut", "overcards"}`` by the rules' definitions."""
    key, used = value(hole, board)
    on_board = Counter(rank(c) for c in board)
    ranks = sorted(on_board, reverse=True)
    top, bottom = ranks[0], ranks[-1]
    hole_ranks = [rank(c) for c in used]
    over = len({rank(c) for c in hole if rank(c) > top}) if len(hole) > 2 else sum(rank(c) > top for c in hole)
    result = {"kicker": "no kicker", "nut": 0, "overcards": over}

    def done(name, kicker="no kicker", nut=0):
        result.update({"class": name, "kicker": kicker, "nut": nut})
        return result

    def other(r):  # the hole card in play that is not of rank r
        return [x for x in hole_ranks if x != r][0]

    def own_pair(p):
        if on_board[p] == 1:
            kick = kicker_class(other(p), set(ranks))
            return done("top pair" if p == top else "bottom pair" if p == bottom else "middle pair", kick)
        if p > top:
            return done("overpair")
        if p < bottom:
            return done("underpair")
        return done("middle pair")

    if len(hole) == 2 and len(board) == 5 and key == ref_key(board):
        return done("plays the board")
    cat = key[0]
    if cat == STRAIGHT_FLUSH:
        return done("straight flush")
    if cat == QUADS and on_board[key[1]] < 4:
        return done("quads")
    if cat == FULL_HOUSE:
        return done("full house")
    if cat == FLUSH:
        s = suit(used[0]) if len(hole) > 2 else Counter(suit(c) for c in hole + board).most_common(1)[0][0]
        best = max(rank(c) for c in used if suit(c) == s)
        missing = [r for r in range(best + 1, 13) if 4 * r + s not in board]
        return done("flush", nut=1 + len(missing))
    if cat == STRAIGHT:
        higher = [t for t, s in STRAIGHTS if t > key[1] and len(s & set(ranks)) >= 3]
        return done("straight", nut=1 + len(higher))
    if cat == TRIPS and on_board[key[1]] < 3:
        if on_board[key[1]] == 1:
            return done("set")
        return done("trips", kicker_class(other(key[1]), set(ranks)))
    if cat == TWO_PAIR:
        p1, p2 = key[1], key[2]
        mine = [p for p in (p1, p2) if on_board[p] < 2]
        if len(mine) == 2:
            if p1 != top:
                return done("bottom two pair")
            return done("top two pair" if p2 == ranks[1] else "top and bottom pair")
        if mine:
            return own_pair(mine[0])
    if cat == PAIR and on_board[key[1]] < 2:
        return own_pair(key[1])
    return done("high card", kicker_class(max(hole_ranks), set(ranks)))


# --------------------------------------------------------------------------- draws


def own_flush(hole: list[int], board: list[int]) -> bool:
    """Five cards of a suit with a hole card among them (Omaha: two hole and three board cards)."""
    h, b = [0] * 4, [0] * 4
    for c in hole:
        h[suit(c)] += 1
    for c in board:
        b[suit(c)] += 1
    if len(hole) == 2:
        return any(h[s] >= 1 and h[s] + b[s] >= 5 for s in range(4))
    return any(h[s] >= 2 and b[s] >= 3 for s in range(4))


def own_straight(hole_ranks: list[int], board_ranks: list[int], omaha: bool) -> bool:
    """A straight of the hand's own: Hold'em, better than the board's alone; Omaha, two hole and
    three board cards."""
    if omaha:
        return any(set(h) | set(b) == s and len(set(h)) == 2 and len(set(b)) == 3
                   for _, s in STRAIGHTS if len(s & set(board_ranks)) >= 3
                   for h in combinations(hole_ranks, 2) for b in combinations(board_ranks, 3))
    return best_straight(set(hole_ranks) | set(board_ranks)) > best_straight(set(board_ranks))


def draws(hole: list[int], board: list[int]) -> dict:
    """``{"draws": set of names, "flush", "straight", "overcard", "backdoor": sets of out cards}``."""
    omaha = len(hole) > 2
    known = set(hole) | set(board)
    deck = [c for c in DECK if c not in known]
    key, _ = value(hole, board)
    cat = key[0]
    cls = made(hole, board)["class"]
    names: set[str] = set()
    out = {"flush": set(), "straight": set(), "overcard": set(), "backdoor": set()}
    hole_ranks = [rank(c) for c in hole]
    board_ranks = [rank(c) for c in board]
    flop = len(board) == 3

    def flush_outs(b):
        return {c for c in DECK if c not in set(hole) | set(b) and own_flush(hole, b + [c])}

    def straight_out_ranks(br):
        return {r for r in {rank(c) for c in deck} if own_straight(hole_ranks, br + [r], omaha)}

    if cat < FLUSH:
        out["flush"] = flush_outs(board)
        if out["flush"]:
            names.add("flush draw")
            for s in {suit(c) for c in out["flush"]}:
                if max(rank(c) for c in hole if suit(c) == s) == max(r for r in range(13) if 4 * r + s not in board):
                    names.add("nut flush draw")
        if flop:
            for s in range(4):  # a turn and a river card of suit s (their ranks do not matter)
                spare = [c for c in deck if suit(c) == s]
                if any(suit(c) == s for c in out["flush"]) or len(spare) < 2:
                    continue
                if own_flush(hole, board + spare[:2]):
                    names.add("backdoor flush draw")
                    # the turn cards of the suit that leave a flush draw in it
                    out["backdoor"] |= {c for c in spare if any(suit(x) == s for x in flush_outs(board + [c]))
                                        and not own_flush(hole, board + [c])}
    if cat < STRAIGHT:
        ranks = straight_out_ranks(board_ranks)
        out["straight"] = {c for c in deck if rank(c) in ranks}
        if len(ranks) >= 3:
            names.add("wrap")
        elif len(ranks) == 1:
            names.add("gutshot")
        elif len(ranks) == 2:
            held = set(hole_ranks) | set(board_ranks)
            lo, hi = sorted(ranks)
            spots = [(lo, hi)] + ([(-1, lo)] if hi == 12 else [])  # an ace also counts below the deuce
            open_ended = any(b - a == 5 and all((x if x >= 0 else 12) in held for x in range(a + 1, b))
                             for a, b in [(min(p), max(p)) for p in spots])
            names.add("open-ended straight draw" if open_ended else "double gutshot")
        if ranks and "flush draw" in names:
            names.add("combo draw")
        if not ranks and flop:
            live = {rank(c) for c in deck}
            turns = set()  # a turn and a river card of two ranks (their suits do not matter)
            for r1 in live:
                for r2 in live:
                    if r1 < r2 and own_straight(hole_ranks, board_ranks + [r1, r2], omaha):
                        turns |= {r1, r2}
            if turns:
                names.add("backdoor straight draw")
                out["backdoor"] |= {c for c in deck if rank(c) in turns}
    if cls == "high card":
        overs = {r for r in hole_ranks if r > max(board_ranks)}
        if overs:
            names.add("overcards" if len(overs) >= 2 else "one overcard")
            out["overcard"] = {c for c in deck if rank(c) in overs}
    out["draws"] = names
    return out


# --------------------------------------------------------------------------- outs


def key_of(hole: list[int], board: list[int]) -> tuple:
    return value(hole, board)[0]


def outs_known(hole: list[int], board: list[int], opponents: list[list[int]]) -> dict:
    """Per card of the deck: ``best`` (alone best), ``tie`` (shares the best), ``share``."""
    known = set(hole) | set(board) | {c for o in opponents for c in o}
    result = {"best": set(), "tie": set(), "share": {}}
    for c in DECK:
        if c in known:
            continue
        b = board + [c]
        mine = key_of(hole, b)
        theirs = [key_of(o, b) for o in opponents]
        if mine > max(theirs):
            result["best"].add(c)
            result["share"][c] = 1.0
        elif mine == max(theirs):
            result["tie"].add(c)
            result["share"][c] = 1.0 / (1 + theirs.count(mine))
        else:
            result["share"][c] = 0.0
    return result


def outs_range(hole: list[int], board: list[int], combos: list[tuple[int, int]], weights: list[float]) -> dict:
    """Against a range: per card, the weighted share the hand wins (ties half) over the combos the
    card leaves possible; ``best`` when it beats them all, ``tie`` when it loses to none, ties some."""
    known = set(hole) | set(board)
    result = {"best": set(), "tie": set(), "share": {}}
    for c in DECK:
        if c in known:
            continue
        b = board + [c]
        mine = key_of(hole, b)
        won = total = 0.0
        lost = tied = 0
        for combo, w in zip(combos, weights):
            if set(combo) & (known | {c}) or w <= 0:
                continue
            theirs = key_of(list(combo), b)
            total += w
            if mine > theirs:
                won += w
            elif mine == theirs:
                won += w / 2
                tied += 1
            else:
                lost += 1
        if total == 0:
            continue
        result["share"][c] = won / total
        if lost == 0:
            (result["best"] if tied == 0 else result["tie"]).add(c)
    return result


def improves(hole: list[int], board: list[int], classes: set[str], blocked=()) -> set[int]:
    """The cards of the deck that give the hand one of ``classes`` when it has none of them now."""
    if made(hole, board)["class"] in classes:
        return set()
    known = set(hole) | set(board) | set(blocked)
    return {c for c in DECK if c not in known and made(hole, board + [c])["class"] in classes}


# --------------------------------------------------------------------------- texture


def texture(board: list[int]) -> dict:
    n = len(board)
    suits = Counter(suit(c) for c in board)
    m = max(suits.values())
    if m == n:
        suit_name = "monotone"
    else:
        suit_name = {1: "rainbow", 2: "two-tone", 3: "three of a suit", 4: "four of a suit"}[m]
    counts = sorted(Counter(rank(c) for c in board).values(), reverse=True)
    if counts[0] == 4:
        pairing = "quads"
    elif counts[0] == 3:
        pairing = "full house" if len(counts) > 1 and counts[1] >= 2 else "trips"
    elif counts[0] == 2:
        pairing = "two pair" if len(counts) > 1 and counts[1] == 2 else "paired"
    else:
        pairing = "unpaired"
    ranks = {rank(c) for c in board}
    inside = [len(s & ranks) for _, s in STRAIGHTS]
    return {"suits": suit_name, "max_suit": m, "n_suits": len(suits), "pairing": pairing,
            "high": max(ranks), "connected": max(inside), "n_straights": sum(x >= 3 for x in inside),
            "straight_on_board": 5 in inside, "flush_possible": m >= 3}

"""pokerlut inside a user's numba code, and one hand at a time from Python, beside the ceiling kernel
and the peers, every row timed once per round (round-robin) and kept at its best round.

    python benchmarks/jit_api.py [--hands 10000000] [--rounds 9] [--calls 20000] [--part numba|python] [--check]

Rows (one thread):

* the ceiling kernel and ``evaluate(check=False)`` / ``evaluate()`` on 10^7 random 7-card hands,
  and a user's ``@njit(cache=True)`` loop over the same hands calling ``jit.rank`` (and
  ``jit.rank_checked``) per hand;
* a rollout: for each of many boards, its partial hand once, then each of the 1,081 pairs of the
  47 cards left added (``jit.hand``, ``jit.add``, ``jit.value``), against the same 7-card hands
  ranked from scratch: written out beforehand as rows of an array, ``jit.rank`` of each row (the
  baseline of the target), and the pair written into a row holding the board (there LLVM keeps the
  board's five loads out of the inner loop: from scratch in the source only);
* the guide's Monte Carlo (docs/jit.md) (``joker_holdem.py``: all-in equity with a joker in the deck), trials/s;
* per call from Python, on the same random 7-card hands, each driven by ``list(map(call, ...))``
  as :mod:`pokerlut.bench.peers` drives the peers: eval7's ``evaluate`` (``eval7.Card`` lists),
  phevaluator's ``evaluate_cards`` and ``evaluate_7cards`` (int ids), and ``pokerlut.evaluate`` of
  a list of ints, of card text and of a uint8 row, ``describe``, ``category`` and ``compare`` of
  single hands.

``--check`` also checks the jitted functions against ``evaluate`` on 10^6 random hands of every size
and game (wild cards in a third of the high game's), as the issue asks and the tests cannot afford.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
import tempfile
from pathlib import Path

import numba
import numpy as np

import pokerlut
from pokerlut import interop, jit
from pokerlut.bench.ceiling import CEILINGS, ceiling_tables
from pokerlut.bench.roundrobin import best_times

SEED = 20261205
ROOT = Path(__file__).resolve().parents[1]


# The user's functions, written as the guide (docs/jit.md) advises for hot loops: unsigned indices (numba adds
# a negative-index check to every signed one).
U64 = np.uint64


@numba.njit(cache=True)
def user_rank(t, hands, out):
    for i in range(U64(hands.shape[0])):
        out[i] = jit.rank(t, hands[i])


@numba.njit(cache=True)
def user_rank_checked(t, hands, out):
    for i in range(U64(hands.shape[0])):
        out[i] = jit.rank_checked(t, hands[i])


@numba.njit(cache=True)
def rollout_incremental(t, boards, rest, out):
    """Per board: the sum of the strengths of the board with each pair of its 47 cards left."""
    for i in range(U64(boards.shape[0])):
        b = jit.hand(t, boards[i])
        cards = rest[i]
        n = U64(cards.shape[0])
        total = 0
        for x in range(n):
            h = jit.add(t, b, cards[x])
            for y in range(x + U64(1), n):
                total += jit.value(t, jit.add(t, h, cards[y]))
        out[i] = total


@numba.njit(cache=True)
def rollout_scratch(t, boards, rest, out):
    """The same sums, each 7-card hand written into a row and ranked from scratch."""
    row = np.empty(7, np.uint8)
    for i in range(U64(boards.shape[0])):
        row[:5] = boards[i]
        cards = rest[i]
        n = U64(cards.shape[0])
        total = 0
        for x in range(n):
            row[5] = cards[x]
            for y in range(x + U64(1), n):
                row[6] = cards[y]
                total += jit.rank(t, row)
        out[i] = total


def rollout_rows(boards: np.ndarray, rest: np.ndarray) -> np.ndarray:
    """Every 7-card hand of the rollouts, board then pair, in the rollouts' order: ``(B * 1081, 7)``."""
    x, y = np.triu_indices(rest.shape[1], 1)
    pairs = np.stack([rest[:, x], rest[:, y]], axis=2)  # (B, 1081, 2)
    board = np.broadcast_to(boards[:, None, :], (len(boards), len(x), 5))
    return np.ascontiguousarray(np.concatenate([board, pairs], axis=2).reshape(-1, 7))


def readme_example():
    """The guide's ``joker_holdem.py`` (docs/jit.md), imported from a temporary file (so numba can cache it)."""
    source = re.search(r"```python\n(# joker_holdem\.py.*?)```", (ROOT / "docs" / "jit.md").read_text(), re.S).group(1)
    folder = Path(tempfile.gettempdir()) / "pokerlut-jit-bench"
    folder.mkdir(exist_ok=True)
    path = folder / "joker_holdem.py"
    if not path.exists() or path.read_text() != source:
        path.write_text(source)
    spec = importlib.util.spec_from_file_location("joker_holdem", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["joker_holdem"] = module  # numba's cache finds the function's module by name
    spec.loader.exec_module(module)
    return module.joker_equity


def boards_and_rest(n_boards: int) -> tuple[np.ndarray, np.ndarray]:
    deals = pokerlut.random_hands(n_boards, 52, seed=SEED + 1)  # a shuffled deck per board
    return np.ascontiguousarray(deals[:, :5]), np.ascontiguousarray(deals[:, 5:])



def in_numba(n: int, rounds: int) -> None:
    hands = pokerlut.random_hands(n, 7, seed=SEED)
    out, out2 = np.empty(n, np.uint16), np.empty(n, np.uint16)
    per_card, table = ceiling_tables()
    t = jit.tables()
    n_boards = max(1, n // 1081)
    boards, rest = boards_and_rest(n_boards)
    sums = np.empty(n_boards, np.int64)
    rows = rollout_rows(boards, rest)
    row_out = np.empty(len(rows), np.uint16)
    joker_equity = readme_example()
    a, b = pokerlut.parse_cards("Ah Kh"), pokerlut.parse_cards("Qd Qc")
    trials = max(1, n // 10)
    calls = {
        "ceiling kernel": lambda: CEILINGS[7](hands, out2, per_card, table),
        "evaluate(check=False)": lambda: pokerlut.evaluate(hands, check=False, parallel=False),
        "evaluate()": lambda: pokerlut.evaluate(hands, parallel=False),
        "user loop: jit.rank": lambda: user_rank(t, hands, out),
        "user loop: jit.rank_checked": lambda: user_rank_checked(t, hands, out),
        "rollout, from scratch (rows, jit.rank)": lambda: user_rank(t, rows, row_out),
        "rollout, from scratch (pair into a row)": lambda: rollout_scratch(t, boards, rest, sums),
        "rollout, incremental (hand/add/value)": lambda: rollout_incremental(t, boards, rest, sums),
        "README joker Monte Carlo": lambda: joker_equity(t, a, b, trials, 1),
    }
    user_rank(t, hands, out)
    assert np.array_equal(out, pokerlut.evaluate(hands)), "jit.rank disagrees with evaluate"
    rollout_incremental(t, boards, rest, sums)
    user_rank(t, rows, row_out)
    assert np.array_equal(sums, row_out.reshape(n_boards, -1).sum(axis=1, dtype=np.int64)), "rollouts disagree"
    best = best_times(calls, rounds)
    ceiling = best["ceiling kernel"]
    print(f"\n{n:,} random 7-card hands ({n_boards:,} boards x 1,081 pairs for the rollouts, {trials:,} Monte Carlo "
          f"trials), one thread, best of {rounds} round-robin rounds")
    for name, seconds in best.items():
        count = trials if "Monte Carlo" in name else len(rows) if "rollout" in name else n
        unit = "trials" if "Monte Carlo" in name else "hands"
        rate = count / seconds
        print(f"  {name:<40} {rate / 1e6:8.1f} M {unit}/s   {rate / (n / ceiling):5.2f}x ceiling")
    unchecked = n / best["evaluate(check=False)"]
    print(f"  user loop jit.rank / evaluate(check=False): {n / best['user loop: jit.rank'] / unchecked:.2f}x "
          f"(target >= 0.9x)")
    inc = n_boards * 1081 / best["rollout, incremental (hand/add/value)"]
    scratch = n_boards * 1081 / best["rollout, from scratch (rows, jit.rank)"]
    in_row = n_boards * 1081 / best["rollout, from scratch (pair into a row)"]
    print(f"  rollout incremental / from scratch: {inc / scratch:.2f}x the rows (target >= 1.2x), {inc / in_row:.2f}x "
          f"the pair written into a row")


def per_call(n_calls: int, rounds: int) -> None:
    import eval7
    import phevaluator

    hands = pokerlut.random_hands(n_calls, 7, seed=SEED + 2)
    rows = hands.tolist()
    texts = [pokerlut.format_cards(h) for h in hands]
    arrays = list(hands)
    cards7 = interop.to_eval7(hands)
    columns = [c.tolist() for c in interop.to_phevaluator(hands).T]
    strengths = pokerlut.evaluate(hands).tolist()
    others = rows[1:] + rows[:1]
    calls = {
        "eval7.evaluate(cards)": lambda: list(map(eval7.evaluate, cards7)),
        "phevaluator.evaluate_cards(c1, ..., c7)": lambda: list(map(phevaluator.evaluate_cards, *columns)),
        "phevaluator.evaluate_7cards(c1, ..., c7)": lambda: list(map(phevaluator.evaluate_7cards, *columns)),
        "pokerlut.evaluate([c1, ..., c7])": lambda: list(map(pokerlut.evaluate, rows)),
        "pokerlut.evaluate('As Ks ...')": lambda: list(map(pokerlut.evaluate, texts)),
        "pokerlut.evaluate(uint8 row)": lambda: list(map(pokerlut.evaluate, arrays[:n_calls // 10])),
        "pokerlut.describe(strength)": lambda: list(map(pokerlut.describe, strengths)),
        "pokerlut.category(strength)": lambda: list(map(pokerlut.category, strengths)),
        "pokerlut.compare(list, list)": lambda: list(map(pokerlut.compare, rows, others)),
    }
    assert [int(x) for x in map(pokerlut.evaluate, rows)] == pokerlut.evaluate(hands).tolist()
    best = best_times(calls, rounds)
    per_card, table = ceiling_tables()
    big = pokerlut.random_hands(1_000_000, 7, seed=SEED)
    out = np.empty(len(big), np.uint16)
    t_unit = min(best_times({"T": lambda: CEILINGS[7](big, out, per_card, table)}, rounds).values())
    e7 = best["eval7.evaluate(cards)"] / n_calls
    ph = best["phevaluator.evaluate_cards(c1, ..., c7)"] / n_calls
    print(f"\nper call from Python, {n_calls:,} random 7-card hands through list(map(...)), best of {rounds} "
          f"round-robin rounds (T = the ceiling kernel's {t_unit * 1e3:.2f} ms for 10^6 7-card hands)")
    for name, seconds in best.items():
        count = n_calls // 10 if "uint8 row" in name else n_calls
        each = seconds / count
        print(f"  {name:<42} {each * 1e6:7.3f} us/call  {each / e7:5.2f}x eval7  {each / ph:5.2f}x "
              f"phevaluator.evaluate_cards  ({each * 1e6 / t_unit:,.0f} T per 10^6 calls)")
    mine = best["pokerlut.evaluate([c1, ..., c7])"] / n_calls
    print(f"  evaluate([c1..c7]): {mine / e7:.2f}x eval7 (target <= 2.5x), {mine / ph:.2f}x "
          f"phevaluator.evaluate_cards (target <= 0.5x)")


def check(n: int) -> None:
    @numba.njit(cache=True)
    def incremental(t, hands, out):
        for i in range(hands.shape[0]):
            h = jit.hand(t, hands[i, :hands.shape[1] - 2])
            out[i] = jit.value(t, jit.add(t, jit.add(t, h, hands[i, -2]), hands[i, -1]))

    rng = np.random.default_rng(SEED + 3)
    for game in ("high", "short-deck", "ace-five-low", "eight-or-better", "deuce-seven-low"):
        t = jit.tables(game)
        deck = np.array(pokerlut.get_variant(game).deck, np.uint8)
        for k in (5, 6, 7):
            if game == "high":
                hands = pokerlut.random_hands(n, k, wild_fraction=1 / 3, max_wilds=k, seed=SEED + k)
            else:
                hands = deck[np.argpartition(rng.random((n, len(deck)), np.float32), k, axis=1)[:, :k]]
            expected = pokerlut.evaluate(hands, variant=game)
            for fn in (user_rank, user_rank_checked, incremental):
                out = np.empty(n, np.uint16)
                fn(t, hands, out)
                assert np.array_equal(out, expected), (game, k, fn)
            print(f"  {game} {k} cards: jit.rank, jit.rank_checked, hand/add/value equal evaluate on {n:,} hands")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10**7)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--calls", type=int, default=20_000)
    parser.add_argument("--part", choices=["numba", "python"], help="only the rows inside numba, or only from Python")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    print(f"numba {numba.__version__}, Python {sys.version.split()[0]}, kernel path {pokerlut.kernel_info()['path']}")
    if args.check:
        check(10**6)
    if args.part != "python":
        in_numba(args.hands, args.rounds)
    if args.part != "numba":
        per_call(args.calls, args.rounds)


if __name__ == "__main__":
    main()

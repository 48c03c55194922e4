"""pokerlut.bench (the peer comparison, the ceiling kernel) and benchmarks/compare_peers.py: every installed peer agrees with pokerlut on
10^5 random 7-card hands (pokerkit on fewer), disagreements and failures are loud, missing peers
degrade to a row, the ceiling kernel computes what it claims.  No timing assertions."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import pokerlut
from pokerlut import interop
from pokerlut.bench import ceiling, peers
from pokerlut.bench.peers import Peer, check_agreement, compare
from pokerlut.cli import main

AGREEMENT_HANDS = 100_000
SLOW_PEER_HANDS = {"pokerkit": 2_000}  # pokerkit ranks ~5,000 7-card hands/s


# --------------------------------------------------------------------------- the real peers


@pytest.mark.parametrize("name", list(peers.PEERS))
def test_peer_agrees_with_pokerlut_on_every_7_card_hand(name):
    pytest.importorskip(name)
    n = SLOW_PEER_HANDS.get(name, AGREEMENT_HANDS)
    result = compare(7, AGREEMENT_HANDS, seed=7, peers=[name], peer_hands={name: n}, repeat=1, parallel=False)
    row = result.rows[-1]
    assert row.status == "ok", row.message
    assert row.hands == n
    assert row.disagreements == 0, result.failures
    assert result.ok
    assert row.agreement.startswith("yes")


@pytest.mark.parametrize("name", list(peers.PEERS))
def test_peer_agrees_with_pokerlut_on_5_card_hands(name):
    pytest.importorskip(name)
    result = compare(5, 20_000, seed=8, peers=[name], peer_hands={name: 2_000 if name == "pokerkit" else 20_000},
                     repeat=1, parallel=False)
    assert result.ok, result.failures
    assert result.rows[-1].disagreements == 0


def test_eval7_and_pokerkit_scales_are_orderings_of_pokerlut():
    """The order-only peers: what their values are, so a change in them is noticed."""
    eval7 = pytest.importorskip("eval7")
    pokerkit = pytest.importorskip("pokerkit")
    hands = pokerlut.random_hands(500, 7, seed=9)
    strengths = pokerlut.evaluate(hands).astype(np.int64)
    e7 = np.array([eval7.evaluate(row) for row in interop.to_eval7(hands)])
    pk = np.array([pokerkit.StandardHighHand.from_game(row).entry.index for row in interop.to_pokerkit(hands)])
    assert check_agreement(hands, strengths, e7, "order")[0] == 0
    assert check_agreement(hands, strengths, pk, "order")[0] == 0
    assert np.array_equal(pk + 1, strengths)  # pokerkit's lookup index is pokerlut's strength - 1


# --------------------------------------------------------------------------- agreement checks


HANDS = pokerlut.random_hands(3_000, 7, seed=3)
STRENGTHS = pokerlut.evaluate(HANDS).astype(np.int64)


def test_cactus_kev_check_counts_and_names_every_differing_hand():
    ranks = 7463 - STRENGTHS
    assert check_agreement(HANDS, STRENGTHS, ranks, "cactus_kev") == (0, [])
    wrong = ranks.copy()
    wrong[[5, 17]] += 1
    count, examples = check_agreement(HANDS, STRENGTHS, wrong, "cactus_kev", "treys")
    assert count == 2 and len(examples) == 2
    assert examples[0].startswith(f"hand 5 {pokerlut.format_cards(HANDS[5])}") and "treys says rank" in examples[0]
    assert check_agreement(HANDS, STRENGTHS, ranks[:-1], "cactus_kev")[0] == len(HANDS)


def test_order_check_accepts_any_increasing_relabelling():
    assert check_agreement(HANDS, STRENGTHS, STRENGTHS * 1_000 + 17, "order") == (0, [])
    assert check_agreement(HANDS, STRENGTHS, np.exp(STRENGTHS / 1_000).astype(np.float64) * 1e6, "order")[0] == 0


def test_order_check_catches_swaps_split_ties_and_merged_values():
    values = STRENGTHS * 10
    a, b = np.argsort(STRENGTHS)[[100, 2_000]]
    swapped = values.copy()
    swapped[[a, b]] = swapped[[b, a]]
    count, examples = check_agreement(HANDS, STRENGTHS, swapped, "order", "eval7")
    assert count > 0 and "eval7 values them" in examples[0]

    tied = np.flatnonzero(STRENGTHS == np.bincount(STRENGTHS).argmax())[:2]
    split = values.copy()
    split[tied[0]] += 1  # the peer breaks a tie pokerlut has
    count, examples = check_agreement(HANDS, STRENGTHS, split, "order", "eval7")
    assert count == 1 and " ties hand " in examples[0]

    merged = np.minimum(values, 50_000)  # the peer ties hands that pokerlut orders
    assert check_agreement(HANDS, STRENGTHS, merged, "order")[0] > 0
    with pytest.raises(ValueError, match="unknown agreement kind"):
        check_agreement(HANDS, STRENGTHS, values, "sorted")


# --------------------------------------------------------------------------- loud failures, missing peers


def _fake_peer(monkeypatch, kind, corrupt=None, crash=False, name="fake"):
    """Register a peer that answers from pokerlut itself, optionally corrupted, as if installed."""

    def prepare(module, hands):
        if crash:
            raise RuntimeError("segfault imminent")
        strengths = pokerlut.evaluate(hands).astype(np.int64)
        values = 7463 - strengths if kind == "cactus_kev" else strengths * 3
        if corrupt is not None:
            corrupt(values)
        return lambda: values.tolist()

    monkeypatch.setitem(peers.PEERS, name, Peer(name, kind, None, lambda k: "`fake(cards)`", prepare))
    real_import = interop.import_peer
    monkeypatch.setattr(interop, "import_peer", lambda n: object() if n == name else real_import(n))


def _run(capsys, *args):
    status = main(["bench", "--peers", "--hands", "5000", "--cards", "7", "--repeat", "1", "--serial-only", "--quiet",
                   *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_disagreement_on_cactus_kev_rank_fails_loudly(monkeypatch, capsys):
    def corrupt(values):
        values[1234] += 1

    _fake_peer(monkeypatch, "cactus_kev", corrupt)
    status, out, err = _run(capsys, "--only", "fake")
    assert status == 1
    assert "| fake |" in out and "**NO: 1 hands differ** (of 5,000)" in out and "DISAGREEMENT" in out
    assert "fake disagrees with pokerlut on 1 hands of 5,000 7-card hands" in err
    assert f"hand 1234 {pokerlut.format_cards(pokerlut.random_hands(5000, 7, seed=peers.DEFAULT_SEED)[1234])}" in err


def test_disagreement_on_order_fails_loudly(monkeypatch, capsys):
    def corrupt(values):
        values[10] = 10**9  # hand 10 becomes the strongest

    _fake_peer(monkeypatch, "order", corrupt)
    status, out, err = _run(capsys, "--only", "fake")
    assert status == 1
    assert "pairs out of order" in out and "neighbouring pairs" in err


def test_a_peer_that_crashes_fails_the_run(monkeypatch, capsys):
    _fake_peer(monkeypatch, "order", crash=True)
    status, out, err = _run(capsys, "--only", "fake")
    assert status == 1
    assert "**FAILED**: RuntimeError: segfault imminent" in out and "fake failed on 7-card hands" in err


def test_missing_peer_is_a_row_not_an_error(monkeypatch, capsys):
    def missing(name):
        raise interop.PeerNotInstalledError(name)

    monkeypatch.setattr(interop, "import_peer", missing)
    status, out, err = _run(capsys, "--only", "eval7,treys")
    assert status == 0
    assert "| eval7 | not installed: `pip install 'pokerlut[bench]'` |" in out
    assert "Not installed: eval7, treys (`pip install 'pokerlut[bench]'`)." in out
    status, out, err = _run(capsys, "--only", "eval7", "--require-peers")
    assert status == 1 and "not installed: eval7" in err


def test_fake_peer_agreeing_passes(monkeypatch, capsys):
    _fake_peer(monkeypatch, "order")
    status, out, err = _run(capsys, "--only", "fake")
    assert status == 0 and "yes: same order on all 5,000" in out


# --------------------------------------------------------------------------- the report and the command line


def test_main_prints_the_table_with_machine_versions_and_command(capsys):
    installed = [name for name in peers.PEERS if peers.peer_version(name)]
    status, out, err = _run(capsys, "--peer-hands", "treys=1000", "--peer-hands", "pokerkit=200")
    assert status == 0, err
    assert "- command: `pokerlut bench --peers --hands 5000 --cards 7 --repeat 1" in out
    assert "- machine: " in out and "logical cores" in out
    assert "- versions: pokerlut " in out and "numba " in out
    assert "| **pokerlut (1 thread)** | `pokerlut.evaluate(hands, check=False, parallel=False)`" in out
    assert "| **pokerlut (1 thread, validated)** | `pokerlut.evaluate(hands, check=True, parallel=False)`" in out
    assert "| ceiling kernel (1 thread) |" in out and "| 100 % |" in out
    for name in installed:
        line = next(line for line in out.splitlines() if line.startswith(f"| {name} "))
        assert "| yes: " in line
    if "treys" in installed:
        assert "| 1,000 † |" in out and "† too slow for the full batch" in out
    assert "agrees with pokerlut on every hand it timed" in out


def test_parallel_rows_are_checked_against_serial():
    result = compare(7, 40_000, peers=(), repeat=1, parallel=True)
    parallel = [row for row in result.rows if row.kind == "pokerlut" and row.threads > 1]
    if pokerlut_threads() > 1:
        assert parallel and parallel[0].disagreements == 0
        assert parallel[0].agreement == "yes: identical strengths on all 40,000"
    assert result.ok


def pokerlut_threads() -> int:
    return pokerlut.get_num_threads()


@pytest.mark.parametrize(
    "args",
    [["--cards", "6"], ["--only", "pokereval"], ["--peer-hands", "treys"], ["--peer-hands", "treys=0"],
     ["--hands", "0"], ["--hands", "many"]],
)
def test_bad_arguments_exit_2(args, capsys):
    with pytest.raises(SystemExit) as info:
        main(["bench", "--peers", *args])
    assert info.value.code == 2
    assert "pokerlut bench: error: argument" in capsys.readouterr().err


def test_compare_rejects_bad_parameters():
    with pytest.raises(ValueError, match="cards must be 5 or 7"):
        compare(6, 10)
    with pytest.raises(ValueError, match="unknown peer 'holdem'"):
        compare(7, 10, peers=["holdem"])
    with pytest.raises(ValueError, match="at least 1"):
        compare(7, 10, peer_hands={"treys": 0})


def test_script_runs_against_the_installed_peers(repo_root):
    """benchmarks/compare_peers.py end to end, as CI runs it: a small batch, every peer that is installed."""
    result = subprocess.run(
        [sys.executable, str(repo_root / "benchmarks" / "compare_peers.py"), "--hands", "20000",
         "--peer-hands", "treys=2000", "--peer-hands", "pokerkit=200", "--repeat", "1", "--quiet"],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "- command: `python benchmarks/compare_peers.py --hands 20000" in result.stdout
    assert "| 7-card hands |" in result.stdout and "| 5-card hands |" in result.stdout
    assert "DISAGREEMENT" not in result.stdout


def test_cli_bench_peers(capsys):
    status = main(["bench", "--peers", "--hands", "2000", "--cards", "5", "--only", "", "--repeat", "1",
                       "--quiet"])
    assert status == 0
    assert "- command: `pokerlut bench --peers --hands 2000" in capsys.readouterr().out


# --------------------------------------------------------------------------- the ceiling kernel


@pytest.mark.parametrize("cards", [5, 6, 7])
@pytest.mark.parametrize("parallel", [False, True])
def test_the_ceiling_kernel_computes_its_table_sums(cards, parallel):
    per_card, table = ceiling.ceiling_tables()
    assert per_card.shape == (52,) and per_card.dtype == np.uint32 and table.shape == (ceiling.MODULUS,)
    hands = pokerlut.random_hands(5_000, cards, seed=cards)
    out = np.zeros(len(hands), dtype=np.uint16)
    ceiling.run(hands, out, (per_card, table), parallel)
    assert np.array_equal(out, table[per_card[hands].astype(np.uint64).sum(axis=1) % ceiling.MODULUS])

"""Monte Carlo of ranges that rarely fit together: work cut by draws, not trials (the same counts
however it is cut), a bounded run refused up front with the rate, the draws and what to do; and
deals that cannot be dealt at all refused up front, by equity and by class_equity alike."""

from __future__ import annotations

import itertools
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pokerlut
from pokerlut.equities import ImpossibleDeal, class_equity, plan
from pokerlut.equities.deal import combo_masks, fit_together, parse_deal
from pokerlut.equities.holdem import MonteCarloRun, mc_input
from pokerlut.ranges import parse_range

#: A legal deal (one pair of each of A, K, Q, J, T twice over, less the dead ace) whose combos fit
#: together about once in 90,000 draws: 2-3 ms a trial.
RARE = dict(players=["AA,KK,QQ,JJ,TT"] * 9, dead="Ah")


def _full_run(deal, samples, seed, budget):
    """Counts and draws of every chunk, each advanced ``budget`` units of work at a time."""
    trials, seeds = plan.chunk_plan(samples, seed)
    run = MonteCarloRun(mc_input(deal), np.zeros(len(trials), np.int64), trials, seeds)
    steps = 0
    while run.left.any():
        run.advance(np.flatnonzero(run.left), budget)
        steps += 1
    run.raise_if_failed()
    return run.out, run.draws, steps


@pytest.mark.parametrize("players, board, sliced", [
    (["AA,KK,QQ"] * 4, "", True),
    (["TT+,AKs", "random", "7s7c"], "Qs 7h 2c", True),
    (["AhKh", "random", "random"], "", False),  # dealt from the deck: no redraw, a chunk runs whole
])
def test_a_chunk_cut_into_slices_counts_what_one_run_counts(players, board, sliced):
    deal = parse_deal(players, board)
    whole, draws, steps = _full_run(deal, 3000, 5, 1 << 40)
    cut, cut_draws, cut_steps = _full_run(deal, 3000, 5, 100)
    assert steps == 1 and (cut_steps > 10 if sliced else cut_steps == 1)
    assert np.array_equal(whole, cut) and np.array_equal(draws, cut_draws)
    assert whole[:, :, 2].sum() == 3000 * 2520  # every trial's pot shared out once


def test_rarely_fitting_ranges_are_refused_up_front():
    """It ran 35-54 minutes at the default samples; now a first batch of draws (0.1 s) says the rate,
    and the call says what to do.  In a child process: the old code never came back."""
    code = textwrap.dedent(f"""
        import pokerlut
        try:
            pokerlut.equity({RARE['players']!r}, dead={RARE['dead']!r}, seed=1)
        except ValueError as error:
            print(type(error).__name__, "|", error)
        else:
            print("ran")
    """)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    kind, message = r.stdout.strip().split(" | ", 1)
    assert kind == "ValueError"  # not ImpossibleDeal: the deal is legal
    for said in ("rarely fit together", "draws of the players' combos fit together (1 in ", "1,000,000 samples",
                 "minutes here", f"max_draws ({plan.MAX_DRAWS:,})", "fewer samples (at most about",
                 "a larger max_draws", "narrower ranges"):
        assert said in message, message


def test_the_refusal_depends_on_the_seed_alone():
    messages = set()
    for _ in range(2):
        with pytest.raises(ValueError, match="rarely fit together") as info:
            pokerlut.equity(**RARE, seed=3, samples=100_000)
        messages.add(str(info.value).split("; ")[0])
    assert len(messages) == 1


def test_a_run_of_the_rare_spot_that_fits_the_draws_runs():
    r = pokerlut.equity(**RARE, samples=200, seed=1)
    assert r.n == 200 and r.method == "monte carlo"
    assert abs(float(r.equity.sum()) - 1.0) < 1e-9
    assert np.all(np.abs(r.equity - 1 / 9) < 0.1)  # nine identical ranges: about a ninth each


def test_max_draws_bounds_the_run():
    """The run never takes more than max_draws draws: one fewer than the run needs is refused (up
    front or on the way), with room to spare it runs, with the same counts as without a limit."""
    deal = parse_deal(["AA,KK,QQ"] * 4, "")
    samples, seed = 5000, 11
    counts, draws, _ = _full_run(deal, samples, seed, 1 << 40)
    needed = int(draws.sum())
    assert needed > 2 * samples  # these ranges do conflict
    with pytest.raises(ValueError, match=r"max_draws \(" + f"{needed - 1:,}"):
        pokerlut.equity(["AA,KK,QQ"] * 4, exact=False, samples=samples, seed=seed, max_draws=needed - 1)
    r = pokerlut.equity(["AA,KK,QQ"] * 4, exact=False, samples=samples, seed=seed, max_draws=3 * needed)
    free = pokerlut.equity(["AA,KK,QQ"] * 4, exact=False, samples=samples, seed=seed)
    assert r.equity.tolist() == free.equity.tolist()
    total = counts.sum(axis=0)
    assert np.allclose(free.equity, total[:, 2] / 2520 / samples)


@pytest.mark.parametrize("bad, error", [(0, ValueError), (-5, ValueError), (1.5, TypeError), (True, TypeError),
                                        ("10", TypeError)])
def test_max_draws_is_checked(bad, error):
    with pytest.raises(error, match="max_draws"):
        pokerlut.equity(["AhKh", "QQ"], exact=False, samples=10, max_draws=bad)


# --------------------------------------------------------------------------- deals that cannot be dealt


def _fits_by_brute_force(ranges) -> bool:
    masks = [combo_masks(r.combos).tolist() for r in ranges]
    for pick in itertools.product(*masks):
        used = 0
        for m in pick:
            if used & m:
                break
            used |= m
        else:
            return True
    return False


def test_fit_together_agrees_with_brute_force():
    rng = np.random.default_rng(7)
    texts = ["AA", "KK", "AK", "AKs", "AKo", "AhAd", "AsKs", "AhKh,KdKc", "QQ", "AQ", "KQs", "AA,KK", "AdAc,AsAh"]
    seen = {True: 0, False: 0}
    for _ in range(300):
        n = int(rng.integers(2, 5))
        ranges = [parse_range(texts[int(i)]) for i in rng.integers(0, len(texts), n)]
        expected = _fits_by_brute_force(ranges)
        assert fit_together(ranges) is expected, [str(r) for r in ranges]
        seen[expected] += 1
    assert min(seen.values()) > 20  # both answers were tried


def test_equity_and_class_equity_refuse_the_same_impossible_opponents():
    """Three players who each need a pair of aces: equity says so; class_equity said nothing and
    returned 169 NaN after seconds of Monte Carlo."""
    with pytest.raises(ImpossibleDeal, match="never fit together"):
        pokerlut.equity(["AA", "AA", "AA"])
    with pytest.raises(ImpossibleDeal, match="never fit together"):
        pokerlut.equity(["AA", "AA", "AA"], exact=False, samples=1000)
    with pytest.raises(ImpossibleDeal, match="the opponents' ranges never fit together"):
        class_equity(["AA", "AA", "AA"], exact=False, samples=1000)
    with pytest.raises(ImpossibleDeal, match="the opponents' ranges never fit together"):
        class_equity(["AsAh,AsAd", "AsAc,AsKs"], board="Kc 7d 2h")


def test_class_equity_still_answers_opponents_that_fit():
    g = class_equity(["AA", "AA"], exact=False, samples=500)
    assert np.isnan(g.at("AKs")) and not np.isnan(g.at("KK"))  # no ace left for AK; kings fit


# --------------------------------------------------------------------------- Omaha: the same slices and bound


OMAHA = dict(players=["AA**", "KK**", "random"], board="2c 7d 8s", variant="omaha", exact=False, samples=3000, seed=4)


def test_omaha_cut_into_small_slices_counts_what_one_run_counts(monkeypatch):
    from pokerlut.equities import holdem

    whole = pokerlut.equity(**OMAHA)
    monkeypatch.setattr(holdem, "SLICE_WORK", 50)  # a few deals a slice
    cut = pokerlut.equity(**OMAHA)
    assert whole.equity.tolist() == cut.equity.tolist() and whole.win.tolist() == cut.win.tolist()
    assert whole.std_error.tolist() == cut.std_error.tolist()


def test_omaha_max_draws_bounds_the_run():
    with pytest.raises(ValueError, match=r"more than max_draws \(2,000\)"):  # a deal is one draw at least
        pokerlut.equity(**OMAHA, max_draws=2000)


def test_dask_refuses_the_rare_spot_before_any_task():
    pytest.importorskip("dask")
    import pokerlut.dask as pdask

    with pytest.raises(ValueError, match="rarely fit together"):
        pdask.equity(RARE["players"], dead=RARE["dead"], samples=1_000_000, seed=1)
    r = pdask.equity(["AA,KK,QQ"] * 4, samples=5000, seed=11, tasks=3)
    local = pokerlut.equity(["AA,KK,QQ"] * 4, exact=False, samples=5000, seed=11)
    assert r.equity.tolist() == local.equity.tolist()

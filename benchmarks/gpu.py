#!/usr/bin/env python3
"""Check and time every GPU feature of pokerlut in one call, beside the device's own ceilings.

    python benchmarks/gpu.py            # on a CUDA device: full sizes, a few minutes at most
    NUMBA_ENABLE_CUDASIM=1 python benchmarks/gpu.py --small    # numba-cuda's simulator: tiny sizes

Each row is checked against the CPU (``pokerlut.evaluate``, ``strength_histogram``, ``equity``...)
before it is timed (best of a few calls, each ended by ``cuda.synchronize()``; compiles excluded).
The ceilings are measured in the same run on the same device: the device-to-device copy of the
(N, 7) uint8 input (what reading the hands and writing as much costs), the ceiling kernel's GPU
twin (:mod:`pokerlut.bench.ceiling`: per hand seven loads from a 52-entry table, a modulo, one
load, a store), and the pinned host-to-device copy for numpy input.  One table at the end; the
exit status is 1 if any check failed.  Past ``--budget`` seconds (270 by default) the sections not yet
started are skipped and named at the end.  Simulator timings mean nothing: ``--small`` checks only.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from itertools import combinations

import numpy as np

cuda = None  # numba.cuda, imported by main() once pokerlut.cuda.require() passes
ROWS: list[tuple[str, str, float, float, str]] = []  # (feature, check, seconds, items/s, ratio text)
FAILED: list[str] = []
SKIPPED: list[str] = []  # sections not started: the run was past its time budget


def row(feature: str, ok: bool | None, seconds: float, items: float, bound: float | None = None,
        bound_name: str = "") -> None:
    rate = items / seconds if seconds > 0 else float("nan")
    ratio = f"{rate / bound:.2f}x {bound_name}" if bound else ""
    check = "n/a" if ok is None else ("ok" if ok else "WRONG")
    if ok is False:
        FAILED.append(feature)
    ROWS.append((feature, check, seconds, rate, ratio))


def section(name: str, fn) -> None:
    t0 = time.perf_counter()
    print(f"--- {name}", flush=True)
    try:
        fn()
    except Exception:
        traceback.print_exc()
        FAILED.append(name)
        ROWS.append((name, "FAILED", float("nan"), float("nan"), ""))
    print(f"    ({time.perf_counter() - t0:.1f} s wall)", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", action="store_true", help="tiny sizes (numba-cuda's simulator)")
    parser.add_argument("--budget", type=float, default=270.0,
                        help="seconds after which the sections not yet started are skipped (default 270: a "
                             "device call has five minutes, start-up and the table included)")
    args = parser.parse_args()
    started = time.perf_counter()
    small = args.small

    import pokerlut
    import pokerlut.cuda as pc

    pc.require()
    if small:  # the simulator's per-call locks convoy at random without this (pokerlut.cuda.simulator)
        from pokerlut.cuda.simulator import yield_simulator_locks

        yield_simulator_locks()
    global cuda  # a module global, as numba-cuda's simulator expects of the kernels' ``cuda``
    from numba import cuda

    from pokerlut.bench.ceiling import MODULUS, ceiling_tables
    from pokerlut.bench.roundrobin import best_times
    from pokerlut.cuda import batch, engines
    from pokerlut.cuda.device import tables as device_tables

    print(pc.device_info(), flush=True)
    reps = 1 if small else 7

    def timed(fn) -> float:
        def call():
            fn()
            cuda.synchronize()
        return best_times({"x": call}, reps)["x"]

    @cuda.jit
    def ceiling7(hands, out, per_card, table):
        i = cuda.grid(1)
        stride = cuda.gridsize(1)
        while i < out.shape[0]:
            s = (per_card[hands[i, 0]] + per_card[hands[i, 1]] + per_card[hands[i, 2]] + per_card[hands[i, 3]]
                 + per_card[hands[i, 4]] + per_card[hands[i, 5]] + per_card[hands[i, 6]])
            out[i] = table[s % MODULUS]
            i += stride

    n_sample = 256 if small else 1 << 20
    sample = pokerlut.random_hands(n_sample, 7, seed=2026)
    n = n_sample if small else 1 << 27
    bounds: dict[str, float] = {}

    def device_resident() -> None:
        d_sample = cuda.to_device(sample)
        hands = cuda.device_array((n, 7), np.uint8)
        for lo in range(0, n, n_sample):  # tiled on the device: no host array of n hands
            hands[lo:lo + n_sample].copy_to_device(d_sample)
        expected = pokerlut.evaluate(sample)
        copy = cuda.device_array_like(hands)
        seconds = timed(lambda: copy.copy_to_device(hands))
        bounds["copy"] = n / seconds
        row("d2d copy of the (N, 7) input: the bound", None, seconds, n)
        per_card, table = (cuda.to_device(a) for a in ceiling_tables())
        out = cuda.device_array(n, np.uint16)
        blocks, threads = batch.launch_shape(n)
        seconds = timed(lambda: ceiling7[blocks, threads](hands, out, per_card, table))
        row("ceiling kernel, GPU twin", None, seconds, n, bounds["copy"], "copy")
        t = device_tables()
        for checked in (True, False):
            kernel = batch.rank_kernel(7, checked)
            first_bad = cuda.to_device(np.array([np.iinfo(np.int64).max], np.int64))
            seconds = timed(lambda: kernel[blocks, threads](hands, out, t, first_bad))
            ok = bool((out[:n_sample].copy_to_host() == expected).all())
            row(f"7-card kernel, device arrays, {'validated' if checked else 'unchecked'}", ok, seconds, n,
                bounds["copy"], "copy")
        got = pc.evaluate(hands)
        seconds = timed(lambda: pc.evaluate(hands))
        row("pokerlut.cuda.evaluate(device array), 7 cards", bool((got[:n_sample].copy_to_host() == expected).all()),
            seconds, n, bounds["copy"], "copy")
        for k, wild in ((5, 0.0), (6, 0.0), (7, 0.2)):
            few = pokerlut.random_hands(n_sample, k, wild_fraction=wild, seed=k)
            d_few = cuda.to_device(few)
            half = max(n // 2, n_sample)
            many = cuda.device_array((half, k), np.uint8)
            for lo in range(0, half, n_sample):
                many[lo:lo + n_sample].copy_to_device(d_few)
            got = pc.evaluate(many)
            seconds = timed(lambda: pc.evaluate(many))
            row(f"evaluate {k} cards{', 20% wild' if wild else ''}", bool((got[:n_sample].copy_to_host()
                                                                          == pokerlut.evaluate(few)).all()),
                seconds, half, bounds["copy"], "copy")
        short = pc.evaluate(cuda.to_device(sample[:256]), check=False, variant="short-deck").copy_to_host()
        row("evaluate short-deck (unchecked garbage rows)", bool((short == pokerlut.evaluate(
            sample[:256], check=False, variant="short-deck")).all()), float("nan"), 0)
        strengths = got
        cats = pc.category(strengths)
        seconds = timed(lambda: pc.category(strengths))
        row("category(device strengths)", bool((cats[:n_sample].copy_to_host() == pokerlut.category(
            strengths[:n_sample].copy_to_host())).all()), seconds, strengths.shape[0])

    def host_numpy() -> None:
        m = n_sample if small else 1 << 25
        host = np.tile(sample, (m // n_sample, 1))
        pinned = cuda.pinned_array(host.shape, np.uint8)
        pinned[:] = host
        d = cuda.device_array(host.shape, np.uint8)
        seconds = timed(lambda: d.copy_to_device(pinned))
        bounds["h2d"] = m / seconds
        row("pinned host-to-device copy of the input: the bound", None, seconds, m)
        got = pc.evaluate(host)
        seconds = timed(lambda: pc.evaluate(host))
        row("evaluate(numpy), pinned chunks in and out", bool((got == pokerlut.evaluate(host)).all()), seconds, m,
            bounds["h2d"], "pinned h2d")

    def every_hand() -> None:
        if small:
            deck = list(range(0, 52, 3))[:14]
            hands = np.array(list(combinations(deck, 7)), np.uint8)
            want = np.bincount(pokerlut.evaluate(hands), minlength=7476)
            call = lambda: engines.strength_histogram(7, deck=deck)  # noqa: E731
        else:
            want = pokerlut.strength_histogram(7)
            call = lambda: engines.strength_histogram(7)  # noqa: E731
        got = call()
        seconds = timed(call)
        row("strength histogram, every 7-card hand", bool((got == want).all()), seconds, int(want.sum()))
        if not small:
            got = pc.category_counts(5, "short-deck")
            row("category counts, 5 cards, short deck", bool((got == pokerlut.category_counts(5, "short-deck")).all()),
                timed(lambda: pc.category_counts(5, "short-deck")), 376992)

    def equities() -> None:
        board = "2c 7d 9h" if small else ""
        got = pc.exact_equity(["AhKh", "QdQc"], board)
        want = pokerlut.equity(["AhKh", "QdQc"], board, exact=True)
        seconds = timed(lambda: pc.exact_equity(["AhKh", "QdQc"], board))
        row(f"exact equity AhKh vs QdQc{' on ' + board if board else ', preflop'}",
            bool(np.abs(got.equity - want.equity).max() < 1e-12 and got.n == want.n), seconds, got.n)
        spot = (["QQ+, AKs", "JJ-99, AK"], "Kd 8s 3c 2h 9d") if small else (["TT+, AKs", "random"], "Qs 7h 2c")
        want = pokerlut.equity(*spot, exact=True, method="sweep")
        threads = pokerlut.get_num_threads()
        pokerlut.set_num_threads(1)  # the CPU twin on one core
        try:
            cpu_seconds = best_times({"cpu": lambda: pokerlut.equity(*spot, exact=True, method="sweep")}, reps)["cpu"]
        finally:
            pokerlut.set_num_threads(threads)
        print(f"    ranges: {' vs '.join(spot[0])} on {spot[1]}, exact")
        row("  ranges: CPU sweep on one core (the twin)", None, cpu_seconds, want.n)
        for method, how in (("sweep", "sorting sweep, block per board"), ("enumerate", "every combo pair")):
            got = pc.exact_equity(*spot, method=method)
            if method == "sweep":  # the CPU sweep's own fractions, to the last bit
                ok = all(bool((getattr(got, f) == getattr(want, f)).all()) for f in ("equity", "win", "tie"))
            else:
                ok = bool(np.abs(got.equity - want.equity).max() < 1e-12)
            seconds = timed(lambda: pc.exact_equity(*spot, method=method))
            row(f"exact equity, ranges: {how}", ok and got.n == want.n, seconds, got.n, want.n / cpu_seconds,
                "CPU sweep 1 core")
        if not small:  # preflop: one board per suit-symmetry class (24 classes fewer for AA)
            got = pc.exact_equity(["AA", "random"], method="enumerate")  # (method=None: the preflop tables)
            want = pokerlut.equity(["AA", "random"], exact=True)
            row("exact equity AA vs random, preflop (suit symmetry)",
                bool(np.abs(got.equity - want.equity).max() < 1e-12 and got.n == want.n),
                timed(lambda: pc.exact_equity(["AA", "random"], method="enumerate")), got.n)
        preflop_tables_row()
        trials = 300 if small else 1 << 28
        got = pc.monte_carlo_equity(["AhKh", "random"], trials=trials, seed=1)
        exact = pokerlut.equity(["AhKh", "random"], exact=True).equity
        se = float(np.sqrt(exact[0] * (1 - exact[0]) / trials))
        seconds = timed(lambda: pc.monte_carlo_equity(["AhKh", "random"], trials=trials, seed=1))
        row("Monte Carlo AhKh vs random (within 4.5 s.e. of exact)", bool(abs(got.equity[0] - exact[0]) < 4.5 * se),
            seconds, trials)
        a = engines.monte_carlo_equity(["AhKh", "random", "7c7d"], trials=min(trials, 1 << 20), seed=9)
        b = engines.monte_carlo_equity(["AhKh", "random", "7c7d"], trials=min(trials, 1 << 20), seed=9,
                                       launch=(3, 64) if not small else (2, 3))
        row("Monte Carlo: same numbers whatever the launch shape", bool((a.equity == b.equity).all()),
            float("nan"), 0)

    def preflop_tables_row() -> None:
        from pokerlut.abstraction.preflop import board_classes_with_multiplicity, preflop_tables
        from pokerlut.cuda.preflop import preflop_counts

        if small:  # two board classes, the cells of AA and 22 against every class, against the CPU kernel
            from pokerlut.abstraction.preflop import class_table
            from pokerlut.kernels import registry
            from pokerlut.kernels.handstrength import pair_table, preflop_scratch
            from pokerlut.tables import load_table_set

            boards, mult = board_classes_with_multiplicity()
            boards, mult = boards[[0, 77777]], mult[[0, 77777]]
            cells = np.array([(a, b) for a in (0, 168) for b in range(169)])
            call = lambda: preflop_counts(boards, mult, cells)  # noqa: E731
            wins, ties = np.zeros(169 * 169, np.int64), np.zeros(169 * 169, np.int64)
            registry.hs_kernel("preflop_counts")(boards, mult, class_table(), load_table_set("high").rank_tables(7),
                                                 pair_table(), wins, ties, preflop_scratch(169))
            keep = np.zeros((169, 169), bool)
            keep[cells[:, 0], cells[:, 1]] = True
            want_wins, want_ties = wins.reshape(169, 169) * keep, ties.reshape(169, 169) * keep  # the rest: 0
            n = len(boards)
        else:  # every suit class of boards, every cell, against the stored tables
            call = preflop_counts  # noqa: E731
            stored = preflop_tables()
            want_wins, want_ties = stored.wins, stored.ties
            n = len(board_classes_with_multiplicity()[0])
        got = call()
        ok = bool((got["wins"] == want_wins).all() and (got["ties"] == want_ties).all())
        seconds = best_times({"x": lambda: (call(), cuda.synchronize())}, min(reps, 2))["x"]  # a long call: twice
        row("exact preflop tables (169 x 169), board classes", ok, seconds, n)

    def showdowns() -> None:
        deals = 64 if small else 1 << 22
        cards = pokerlut.random_hands(deals, 11, wild_fraction=0.1, seed=5)
        holes, board = np.ascontiguousarray(cards[:, :6]).reshape(deals, 3, 2), np.ascontiguousarray(cards[:, 6:])
        d_holes, d_board = cuda.to_device(holes), cuda.to_device(board)
        got = pc.showdown(d_holes, d_board)
        want = pokerlut.showdown(holes, board)
        ok = all(bool((g.copy_to_host() == w).all()) for g, w in zip(got, want))
        row("showdown, 3 players, device arrays", ok, timed(lambda: pc.showdown(d_holes, d_board)), deals)
        studs = np.ascontiguousarray(pokerlut.random_hands(deals, 21, seed=15)).reshape(deals, 3, 7)
        d_studs = cuda.to_device(studs)
        got = pc.showdown(d_studs, variant="stud-hilo")
        want = pokerlut.showdown(studs, variant="stud-hilo")
        ok = all(bool((g.copy_to_host() == w).all()) for g, w in zip(got, want))
        row("showdown, stud hi-lo, 3 players, device arrays", ok,
            timed(lambda: pc.showdown(d_studs, variant="stud-hilo")), deals)

    def omaha() -> None:
        hands = 64 if small else 1 << 22
        deals = pokerlut.random_hands(hands, 9, seed=6)
        holes, boards = np.ascontiguousarray(deals[:, :4]), np.ascontiguousarray(deals[:, 4:])
        d_holes, d_boards = cuda.to_device(holes), cuda.to_device(boards)
        for variant in ("omaha", "omaha-hilo"):
            got = pc.evaluate_omaha(d_holes, d_boards, variant=variant)
            want = pokerlut.evaluate_omaha(holes, boards, variant=variant)
            if variant == "omaha":
                ok = bool((got.copy_to_host() == want).all())
            else:
                ok = bool((got.high.copy_to_host() == want.high).all() and (got.low.copy_to_host() == want.low).all())
            row(f"evaluate_omaha, 4 hole + 5 board, {variant}", ok,
                timed(lambda: pc.evaluate_omaha(d_holes, d_boards, variant=variant)), hands)

    def omaha_engines() -> None:
        cases = [("omaha", ["As Ks Ad Kd", "Qh Jh Th 9h"], "2c 7d 8s 3h" if small else "2c 7d 8s"),
                 ("omaha-hilo", ["As 2s Ad 3d", "Qh Jh Th 9h", "Kc Kd 5h 4s"], "4c 7d Ks 2h" if small else "4c 7d Ks")]
        for variant, players, board in cases:
            got = pc.exact_equity(players, board, variant=variant)
            want = pokerlut.equity(players, board, exact=True, variant=variant)
            ok = bool(np.abs(got.equity - want.equity).max() < 1e-12 and got.n == want.n
                      and all(np.abs(side - getattr(want, name)).max() < 1e-12 for name, side in got.sides.items()))
            row(f"exact {variant} equity, {len(players)} players on {board}", ok,
                timed(lambda: pc.exact_equity(players, board, variant=variant)), got.n)
        trials = 100 if small else 1 << 24
        for variant, players, board in cases:
            got = pc.monte_carlo_equity(players, board, trials=trials, seed=2, variant=variant)
            exact = pokerlut.equity(players, board, exact=True, variant=variant).equity
            se = np.sqrt(exact * (1 - exact) / trials)
            row(f"Monte Carlo {variant} (within 4.5 s.e. of exact)", bool(np.all(np.abs(got.equity - exact)
                                                                               < 4.5 * se + 1e-9)),
                timed(lambda: pc.monte_carlo_equity(players, board, trials=trials, seed=2, variant=variant)), trials)
        deals = 48 if small else 1 << 21
        cards = pokerlut.random_hands(deals, 13, seed=8)
        holes = np.ascontiguousarray(cards[:, :8]).reshape(deals, 2, 4)
        board = np.ascontiguousarray(cards[:, 8:])
        d_holes, d_board = cuda.to_device(holes), cuda.to_device(board)
        for variant in ("omaha", "omaha-hilo"):
            got = pc.showdown(d_holes, d_board, variant=variant)
            want = pokerlut.showdown(holes, board, variant=variant)
            ok = all(bool((g.copy_to_host() == w).all()) for g, w in zip(got, want))
            row(f"showdown {variant}, 2 players, device arrays", ok,
                timed(lambda: pc.showdown(d_holes, d_board, variant=variant)), deals)

    def omaha_random() -> None:
        """A 4-card hand against a random hand, preflop, exactly: the CPU's counting on the device,
        checked equal to the CPU to the last bit and timed beside its CPU twin (all cores, one call)."""
        dead = [c for c in range(52) if c // 4 < 9] if small else []  # --small: J, Q, K, A only
        cases = [["AdAcKdKc" if small else "AdAcJdTc", "random"]]
        for players in cases:
            pokerlut.equity(players, dead=dead, variant="omaha", exact=True)  # compiled and loaded, then timed once
            start = time.perf_counter()
            want = pokerlut.equity(players, dead=dead, variant="omaha", exact=True)
            cpu_seconds = time.perf_counter() - start
            got = pc.exact_equity(players, dead=dead, variant="omaha")
            ok = bool(got.n == want.n and all((getattr(got, k) == getattr(want, k)).all()
                                              for k in ("equity", "win", "tie")))
            seconds = timed(lambda: pc.exact_equity(players, dead=dead, variant="omaha"))
            row(f"exact omaha {' vs '.join(players)}{', J-A deck' if small else ''} (= CPU)", ok, seconds, got.n,
                got.n / cpu_seconds, "CPU")

    def devices() -> None:
        """Every device by index (``device=``) gives the same strengths; the index past the last is the
        ValueError naming the count."""
        hands = sample[:256]
        want = pokerlut.evaluate(hands)
        count = pc.device_count()
        for index in range(count):
            got = pc.evaluate(hands, device=index)
            row(f"evaluate on device {index} of {count} (device={index})", bool((got == want).all()),
                timed(lambda: pc.evaluate(hands, device=index)), len(hands))
        try:
            pc.evaluate(hands, device=count)
            refused = False
        except ValueError as error:
            refused = f"device {count} does not exist" in str(error)
        row(f"device={count} refused, naming the count", refused, float("nan"), 0)

    def streets() -> None:
        from pokerlut.abstraction import hand_strength
        from pokerlut.abstraction.streets import DEFAULT_STREET_BINS, block_entries
        from pokerlut.cuda import streets as device_streets
        from pokerlut.iso import street_indexer

        m = 3 if small else 1 << 20
        deals = pokerlut.random_hands(m, 7, seed=11)
        holes, boards = np.ascontiguousarray(deals[:, :2]), np.ascontiguousarray(deals[:, 2:])
        got = device_streets.river_hand_strength(holes, boards, half_points=True)
        check = min(m, 2048)
        want = np.rint(hand_strength(holes[:check], boards[:check]) * device_streets.HALF_POINTS)
        seconds = timed(lambda: device_streets.river_hand_strength(holes, boards, half_points=True))
        row("river hand strength vs a random hand (990 opponents each)", bool((got[:check] == want).all()), seconds,
            m)
        whole = street_indexer(5).count
        row(f"  the whole river street ({whole:,} entries) by brute force, estimated", None, seconds * whole / m, whole)
        entries = block_entries("river", DEFAULT_STREET_BINS, True, "uint16", 0, 1)["hs"]
        first = len(entries) - (3 if small else len(entries))
        got = device_streets.river_entries(first, len(entries))
        row("river street-table entries, board class 0", bool((got == entries[first:]).all()),
            timed(lambda: device_streets.river_entries(first, len(entries))), len(entries) - first)

    def street_scans() -> None:
        import tempfile

        from pokerlut.abstraction.streets import compute_block, table_plan
        from pokerlut.cuda.street_tables import CHUNK_BYTES, chunks, start_block, street_block

        def same(got: dict, want: dict) -> bool:
            return sorted(got) == sorted(want) and all(got[k].dtype == want[k].dtype and np.array_equal(got[k], want[k])
                                                       for k in want)

        cases = [("river", 2_000_000, 2_000_002 if small else 2_003_000)]
        if not small:  # a flop or turn board class is 1,176 or 48 scans: too many for the simulator
            cases += [("turn", 8_000, 8_100), ("flop", 800, 810)]
        for street, lo, hi in cases:
            plan = table_plan(street, bins=50)
            t0 = time.perf_counter()
            want = compute_block(plan, lo, hi)
            cpu_seconds = time.perf_counter() - t0
            entries = len(next(iter(want.values())))
            ok = same(street_block(plan, lo, hi), want)
            seconds = timed(lambda: street_block(plan, lo, hi))
            row(f"{street} board scan, {hi - lo:,} board classes (vs CPU street kernel)", ok, seconds, entries,
                entries / cpu_seconds, "CPU 1 thread")
            row(f"  the whole {street} ({plan['count']:,} entries), estimated", None, seconds * plan["count"] / entries,
                plan["count"])
        plan = table_plan("river", dtype="uint16")
        n_classes = plan["board_classes"]
        offsets = plan["indexer"].board_offsets
        span = (0, 2) if small else (2_000_000, 2_020_000)
        with tempfile.TemporaryDirectory() as folder:
            cpu = pokerlut.street_table("river", f"{folder}/cpu", dtype="uint16", board_classes=span, progress=False)
            t0 = time.perf_counter()
            gpu = pc.street_table("river", f"{folder}/gpu", dtype="uint16", board_classes=span, progress=False,
                                  chunk_bytes=1 << 20)
            seconds = time.perf_counter() - t0
            a, b = (np.load(t.files["hs"], mmap_mode="r")[offsets[span[0]]:offsets[span[1]]] for t in (cpu, gpu))
            ok = cpu.done == gpu.done == span[1] - span[0] and np.array_equal(a, b) and \
                cpu.checkpoint.read_bytes() == gpu.checkpoint.read_bytes()
            row(f"street_table('river') on the device, {span[1] - span[0]:,} board classes: the CPU's files", ok,
                seconds, len(a))
        # every canonical river hand (the simulator: three board classes in three chunks)
        whole, width = ((0, 3), 1) if small else ((0, n_classes), 500)
        pieces = chunks(plan, *whole, 700 if small else CHUNK_BYTES)
        probes = {p: None for p in (whole[0], pieces[len(pieces) // 2][0], whole[1] - width)}  # each in one chunk

        def keep(a: int, b: int, scan) -> None:
            raw = scan.result()
            for p in probes:
                if a <= p and p + width <= b:
                    probes[p] = raw["num"][offsets[p] - offsets[a]:offsets[p + width] - offsets[a]].copy()

        t0 = time.perf_counter()
        before = None  # as the device street table runs: a chunk collected while the next is scanned
        for a, b in pieces:
            scan = start_block(plan, a, b)
            if before is not None:
                keep(*before)
            before = (a, b, scan)
        keep(*before)
        seconds = time.perf_counter() - t0
        ok = len(pieces) > 1 and all(v is not None and np.array_equal(v, compute_block(plan, p, p + width)["num"])
                                     for p, v in probes.items())
        entries = int(offsets[whole[1]] - offsets[whole[0]])
        row(f"river HS of {'every canonical river hand' if not small else f'{entries:,} river hands'}, to host "
            f"memory ({width}-class probes vs CPU)", ok, seconds, entries)
        if small:
            return
        with tempfile.TemporaryDirectory() as folder:
            t0 = time.perf_counter()
            table = pc.street_table("river", folder, dtype="uint16", progress=False)
            seconds = time.perf_counter() - t0
            hs = np.load(table.files["hs"], mmap_mode="r")
            ok = table.done == n_classes and all(
                np.array_equal(hs[offsets[p]:offsets[p + width]], compute_block(plan, p, p + width)["num"])
                for p in probes)
            row("pokerlut.cuda.street_table('river', dtype='uint16'): every file written", ok, seconds, plan["count"])

    def libraries() -> None:
        hands = sample[:256]
        want = pokerlut.evaluate(hands)
        for name, make, back in (("cupy", lambda m: m.asarray(hands), lambda m, r: m.asnumpy(r)),
                                 ("torch", lambda m: m.as_tensor(hands, device="cuda"), lambda m, r: r.cpu().numpy()),
                                 ("jax", lambda m: m.device_put(hands, [d for d in m.devices() if d.platform == "gpu"][0]),
                                  lambda m, r: np.asarray(r))):
            try:
                module = __import__(name)
                given = make(module)
            except Exception as error:  # not installed, or no GPU for it
                print(f"    {name}: skipped ({type(error).__name__}: {str(error)[:80]})")
                continue
            got = pc.evaluate(given)
            row(f"evaluate({name} array) comes back as {name}",
                type(got) is type(given) and bool((back(module, got) == want).all()), timed(lambda: pc.evaluate(given)),
                len(hands))

    for name, fn in (("device-resident hands", device_resident), ("numpy in and out", host_numpy),
                     ("every hand", every_hand), ("equity", equities), ("showdown", showdowns),
                     ("omaha", omaha), ("omaha engines", omaha_engines), ("omaha against random", omaha_random),
                     ("devices", devices), ("streets", streets), ("street scans", street_scans),
                     ("array libraries", libraries)):
        if time.perf_counter() - started > args.budget:
            print(f"--- {name}: skipped, past the {args.budget:.0f} s budget", flush=True)
            SKIPPED.append(name)
            ROWS.append((name, "SKIP", float("nan"), float("nan"), "past the time budget"))
            continue
        section(name, fn)
    print()
    print(f"{'feature':58s} {'check':6s} {'best ms':>10s} {'items/s':>12s}  ratio")
    for feature, check, seconds, rate, ratio in ROWS:
        ms = f"{seconds * 1e3:10.3f}" if seconds == seconds else f"{'-':>10s}"
        per = f"{rate:12.4g}" if rate == rate and rate > 0 else f"{'-':>12s}"
        print(f"{feature:58s} {check:6s} {ms} {per}  {ratio}")
    print(f"\n{time.perf_counter() - started:.1f} s in all; "
          + ("all checks passed" if not FAILED else f"FAILED: {', '.join(FAILED)}")
          + (f"; skipped for time: {', '.join(SKIPPED)}" if SKIPPED else ""))
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())

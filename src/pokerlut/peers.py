"""Side-by-side comparison with the peer evaluators: speed, and agreement on every hand timed.

``pokerlut bench --peers`` and ``python benchmarks/compare_peers.py`` run :func:`main`.  For 7- and
5-card hands it

1. draws seeded random hands (:func:`pokerlut.random_hands`), the same hands for every row;
2. converts them to each installed peer's card format with :mod:`pokerlut.interop`, outside the
   timed part (eval7 ``Card`` lists, phevaluator ids, treys ints, pokerkit ``Card`` tuples);
3. times each peer through its fastest public call, driven by ``list(map(call, ...))`` (the least
   Python overhead a caller can get), pokerlut's batch API on one thread and on all of numba's
   threads, and a *ceiling kernel*: the least work a table evaluator can do per hand, so every
   rate also reads as a fraction of what the machine allows;
4. checks every peer against pokerlut on every hand it timed: equal Cactus Kev rank
   (``7463 - strength``) for treys and phevaluator, the same ordering of all the hands for eval7
   and pokerkit, whose values are on scales of their own; any disagreement is printed with the
   hands involved and makes :func:`main` return 1;
5. prints a markdown table: hands/s, how many times faster pokerlut (one thread) is, the share of
   the ceiling, the agreement, plus the machine, the library versions and the command.

Pure-Python peers too slow for the whole batch (treys, pokerkit) are timed on its first hands
only; the table marks them and scales their time to the full batch.

The peers are optional (``pip install 'pokerlut[bench]'``); one that is missing gets a "not
installed" row.  Importing this module imports no peer.

>>> from pokerlut import peers
>>> sorted(peers.PEERS)
['eval7', 'phevaluator', 'pokerkit', 'treys']
>>> result = peers.compare(7, 2_000, peers=(), repeat=1, parallel=False)
>>> [row.label for row in result.rows]
['ceiling kernel (1 thread)', 'pokerlut (1 thread)', 'pokerlut (1 thread, validated)']
>>> result.ok
True
"""

from __future__ import annotations

import argparse
import gc
import importlib.metadata
import os
import platform
import shlex
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numba as nb
import numpy as np

from . import interop
from .cards import format_cards
from .evaluate import evaluate
from ._threads import get_num_threads, set_num_threads
from .kernels.compile import jitted
from ._seeds import seed_argument
from ._args import positive_int
from .sampling import random_hands
from .strength import describe

__all__ = [
    "DEFAULT_HANDS",
    "DEFAULT_REPEAT",
    "DEFAULT_SEED",
    "PEERS",
    "Comparison",
    "Peer",
    "Row",
    "ceiling5",
    "ceiling5_parallel",
    "ceiling7",
    "ceiling7_parallel",
    "ceiling_tables",
    "build_parser",
    "check_agreement",
    "compare",
    "format_report",
    "format_table",
    "machine_info",
    "main",
    "peer_version",
]

DEFAULT_HANDS = 1_000_000
DEFAULT_SEED = 2026
DEFAULT_REPEAT = 3
#: A row stops repeating once its runs have taken this many seconds (it always runs once).
TIME_BUDGET = 2.0
#: ... and a fast row keeps repeating until it has taken this many seconds (at most MAX_RUNS runs).
MIN_TIME = 0.25
MAX_RUNS = 100
EXAMPLES_SHOWN = 5

# --------------------------------------------------------------------------- ceiling kernels


def ceiling_tables(seed: int = 7) -> tuple[np.ndarray, np.ndarray]:
    """The ceiling kernels' tables: 53 per-card offsets (uint32) and a 98,000-byte uint16 table.

    Any 7 offsets sum to less than the big table's length, so every sum is a valid index; the
    entries are random, so the loads cannot be predicted or folded away.

    >>> per_card, big = ceiling_tables()
    >>> per_card.shape, big.nbytes, int(per_card.max()) * 7 < big.size
    ((53,), 98000, True)
    """
    rng = np.random.default_rng(seed)
    per_card = rng.integers(0, 7_000, size=53).astype(np.uint32)
    big = rng.integers(1, 7_476, size=7 * 7_000).astype(np.uint16)
    return per_card, big


@jitted()
def ceiling7(hands, out, per_card, big):  # pragma: no cover - compiled
    """Per 7-card hand: read 7 bytes, 7 loads from a 53-entry table, 1 from a ~100 KB table, write.

    >>> per_card, big = ceiling_tables()
    >>> hands = np.array([[0, 1, 2, 3, 4, 5, 6]], dtype=np.uint8)
    >>> out = np.zeros(1, dtype=np.uint16)
    >>> ceiling7(hands, out, per_card, big)
    >>> bool(out[0] == big[per_card[:7].sum()])
    True
    """
    for i in range(hands.shape[0]):
        x = (per_card[hands[i, 0]] + per_card[hands[i, 1]] + per_card[hands[i, 2]] + per_card[hands[i, 3]]
             + per_card[hands[i, 4]] + per_card[hands[i, 5]] + per_card[hands[i, 6]])
        out[i] = big[x]


@jitted(parallel=True)
def ceiling7_parallel(hands, out, per_card, big):  # pragma: no cover - compiled
    """:func:`ceiling7` on numba's threads (same arguments, same result)."""
    for i in nb.prange(hands.shape[0]):
        x = (per_card[hands[i, 0]] + per_card[hands[i, 1]] + per_card[hands[i, 2]] + per_card[hands[i, 3]]
             + per_card[hands[i, 4]] + per_card[hands[i, 5]] + per_card[hands[i, 6]])
        out[i] = big[x]


@jitted()
def ceiling5(hands, out, per_card, big):  # pragma: no cover - compiled
    """Per 5-card hand: read 5 bytes, 5 loads from a 53-entry table, 1 from a ~100 KB table, write.

    >>> per_card, big = ceiling_tables()
    >>> out = np.zeros(1, dtype=np.uint16)
    >>> ceiling5(np.array([[48, 49, 50, 51, 52]], dtype=np.uint8), out, per_card, big)
    >>> bool(out[0] == big[per_card[48:].sum()])
    True
    """
    for i in range(hands.shape[0]):
        x = (per_card[hands[i, 0]] + per_card[hands[i, 1]] + per_card[hands[i, 2]] + per_card[hands[i, 3]]
             + per_card[hands[i, 4]])
        out[i] = big[x]


@jitted(parallel=True)
def ceiling5_parallel(hands, out, per_card, big):  # pragma: no cover - compiled
    """:func:`ceiling5` on numba's threads (same arguments, same result)."""
    for i in nb.prange(hands.shape[0]):
        x = (per_card[hands[i, 0]] + per_card[hands[i, 1]] + per_card[hands[i, 2]] + per_card[hands[i, 3]]
             + per_card[hands[i, 4]])
        out[i] = big[x]


_CEILINGS = {(5, False): ceiling5, (5, True): ceiling5_parallel, (7, False): ceiling7, (7, True): ceiling7_parallel}

# --------------------------------------------------------------------------- peers


@dataclass(frozen=True)
class Peer:
    """How to time one peer evaluator.

    ``prepare(module, hands)`` converts a uint8 ``(N, k)`` batch outside the timed part and returns
    the zero-argument callable that is timed; ``values(result)`` turns what it returned into an
    integer array.  ``kind`` is ``"cactus_kev"`` (the value must equal ``7463 - strength``) or
    ``"order"`` (higher is stronger, on the peer's own scale: the hands' order must match).
    ``max_hands`` caps the batch of a slow peer (None: the full batch).

    >>> treys = PEERS["treys"]
    >>> treys.kind, treys.max_hands, treys.call(7)
    ('cactus_kev', 100000, '`treys.Evaluator().evaluate(hole, board)`, 2 + 5 ints')
    """

    name: str
    kind: str
    max_hands: int | None
    call: Callable[[int], str]
    prepare: Callable[[Any, np.ndarray], Callable[[], Any]]
    values: Callable[[Any], np.ndarray] = lambda result: np.asarray(result, dtype=np.int64)
    distribution: str = ""

    @property
    def dist(self) -> str:
        """The distribution name to ask for the version (the import name unless they differ).

        >>> PEERS["eval7"].dist
        'eval7'
        """
        return self.distribution or self.name


def _eval7_prepare(eval7: Any, hands: np.ndarray) -> Callable[[], Any]:
    rows = interop.to_eval7(hands)
    ev = eval7.evaluate
    return lambda: list(map(ev, rows))


def _phevaluator_prepare(phevaluator: Any, hands: np.ndarray) -> Callable[[], Any]:
    ev = getattr(phevaluator, f"evaluate_{hands.shape[1]}cards")
    columns = [column.tolist() for column in interop.to_phevaluator(hands).T]
    return lambda: list(map(ev, *columns))


def _treys_prepare(treys: Any, hands: np.ndarray) -> Callable[[], Any]:
    ev = treys.Evaluator()  # builds its lookup tables: not timed
    cards = interop.to_treys(hands)
    holes, boards = cards[:, :2].tolist(), cards[:, 2:].tolist()
    return lambda: list(map(ev.evaluate, holes, boards))


def _pokerkit_prepare(pokerkit: Any, hands: np.ndarray) -> Callable[[], Any]:
    rows = [tuple(row) for row in interop.to_pokerkit(hands)]
    hand_type = pokerkit.StandardHighHand
    make = hand_type if hands.shape[1] == 5 else hand_type.from_game
    return lambda: list(map(make, rows))


def _pokerkit_values(result: Any) -> np.ndarray:
    # The hand objects compare by their lookup entry, whose index grows with strength.
    return np.fromiter((hand.entry.index for hand in result), dtype=np.int64, count=len(result))


#: The peers, by import name, in table order.
PEERS: dict[str, Peer] = {
    "eval7": Peer(
        "eval7", "order", None,
        lambda k: f"`eval7.evaluate(cards)`, {k} `eval7.Card`",
        _eval7_prepare,
    ),
    "phevaluator": Peer(
        "phevaluator", "cactus_kev", None,
        lambda k: f"`phevaluator.evaluate_{k}cards(c1, ..., c{k})`, int ids",
        _phevaluator_prepare,
    ),
    "treys": Peer(
        "treys", "cactus_kev", 100_000,
        lambda k: f"`treys.Evaluator().evaluate(hole, board)`, 2 + {k - 2} ints",
        _treys_prepare,
    ),
    "pokerkit": Peer(
        "pokerkit", "order", 10_000,
        lambda k: ("`StandardHighHand(cards)`" if k == 5 else "`StandardHighHand.from_game(cards)`")
        + f", {k} `pokerkit.Card`",
        _pokerkit_prepare, _pokerkit_values,
    ),
}  # fmt: skip

# --------------------------------------------------------------------------- results


@dataclass
class Row:
    """One line of the table.

    ``seconds`` is the best time for ``hands`` hands (0 when the row did not run); ``status`` is
    ``"ok"``, ``"not installed"`` or ``"error"``; ``disagreements`` is None where there was nothing
    to check (the ceiling, pokerlut itself, rows that did not run).

    >>> Row("eval7", "`eval7.evaluate(cards)`", hands=1_000, seconds=0.5).rate
    2000.0
    """

    label: str
    call: str
    threads: int = 1
    hands: int = 0
    seconds: float = 0.0
    status: str = "ok"
    agreement: str = ""
    disagreements: int | None = None
    scaled: bool = False
    kind: str = ""  # "ceiling", "pokerlut", "peer"
    message: str = ""

    @property
    def rate(self) -> float:
        """Hands per second (0.0 when the row did not run)."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0


@dataclass
class Comparison:
    """Everything one comparison measured, for one hand size.

    >>> c = compare(5, 1_000, peers=(), repeat=1)
    >>> c.cards, c.n_hands, c.ok, c.pokerlut_rate > 0
    (5, 1000, True, True)
    """

    cards: int
    n_hands: int
    seed: int
    rows: list[Row] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when every row that ran agreed with pokerlut and no peer failed."""
        return not self.failures

    def _rate(self, kind: str, threads: int) -> float:
        for row in self.rows:
            if row.kind == kind and row.threads == threads and row.status == "ok":
                return row.rate
        return 0.0

    @property
    def pokerlut_rate(self) -> float:
        """pokerlut's one-thread rate, the reference for the speed-up column."""
        return self._rate("pokerlut", 1)

    def ceiling_rate(self, threads: int) -> float:
        """The ceiling kernel's rate on ``threads`` threads (0.0 if it did not run)."""
        return self._rate("ceiling", threads)


# --------------------------------------------------------------------------- agreement


def check_agreement(hands: np.ndarray, strengths: np.ndarray, values: np.ndarray, kind: str,
                    name: str = "peer") -> tuple[int, list[str]]:
    """Compare a peer's values with pokerlut's strengths on the same hands.

    ``kind="cactus_kev"``: every value must equal ``7463 - strength``; the count is of hands that
    differ.  ``kind="order"`` (higher is stronger): the hands, sorted by pokerlut's strength, must
    be sorted by the peer's value too, with ties in exactly the same places; the count is of
    neighbouring pairs (in pokerlut's order, ties broken by the peer's value) that the peer orders
    differently, which is zero exactly when the two orders agree on every pair of hands.
    Returns the count and up to five examples, each naming the hands.

    >>> h = np.array([[51, 47, 43, 39, 35], [0, 5, 10, 15, 21]], dtype=np.uint8)
    >>> s = evaluate(h)
    >>> check_agreement(h, s, 7463 - s.astype(np.int64), "cactus_kev")
    (0, [])
    >>> check_agreement(h, s, np.array([10, 20]), "order")[0]
    1
    """
    strengths = np.asarray(strengths).astype(np.int64)
    values = np.asarray(values).astype(np.int64)
    if values.shape != strengths.shape:
        return len(strengths), [f"{name} returned {values.shape[0]} values for {strengths.shape[0]} hands"]
    examples = []
    if kind == "cactus_kev":
        bad = np.flatnonzero(values != (interop.N_RANKS + 1) - strengths)
        for i in bad[:EXAMPLES_SHOWN].tolist():
            examples.append(
                f"hand {i} {format_cards(hands[i])}: pokerlut {describe(int(strengths[i]))} (strength "
                f"{strengths[i]}, Cactus Kev rank {interop.N_RANKS + 1 - strengths[i]}), {name} says rank {values[i]}"
            )
        return int(bad.size), examples
    if kind != "order":
        raise ValueError(f"unknown agreement kind {kind!r}; expected 'cactus_kev' or 'order'")
    order = np.lexsort((values, strengths))
    s, v = strengths[order], values[order]
    same = s[1:] == s[:-1]
    bad_pairs = np.flatnonzero(np.where(same, v[1:] != v[:-1], v[1:] <= v[:-1]))
    for p in bad_pairs[:EXAMPLES_SHOWN].tolist():
        a, b = int(order[p]), int(order[p + 1])
        relation = "ties" if same[p] else "is weaker than"
        examples.append(
            f"pokerlut: hand {a} {format_cards(hands[a])} ({describe(int(strengths[a]))}) {relation} hand {b} "
            f"{format_cards(hands[b])} ({describe(int(strengths[b]))}); {name} values them {values[a]} and {values[b]}"
        )
    return int(bad_pairs.size), examples


# --------------------------------------------------------------------------- timing


def _time_best(fn: Callable[[], Any], repeat: int, budget: float = TIME_BUDGET) -> tuple[float, Any]:
    """Best wall time of several calls, and the last call's result.

    At least ``repeat`` calls, fewer once ``budget`` seconds are spent (but always one); a fast
    call is repeated until :data:`MIN_TIME` seconds are spent (at most :data:`MAX_RUNS` calls), so
    that a row timed in milliseconds is not at the mercy of one unlucky run on a busy machine.
    The garbage collector is off while timing, as in :mod:`timeit`.
    """
    best, spent, runs, result = float("inf"), 0.0, 0, None
    enabled = gc.isenabled()
    gc.disable()
    try:
        while True:
            result = None  # free the previous result before the next run
            start = time.perf_counter()
            result = fn()
            elapsed = time.perf_counter() - start
            best, spent, runs = min(best, elapsed), spent + elapsed, runs + 1
            if spent >= budget or runs >= MAX_RUNS or (runs >= repeat and spent >= MIN_TIME):
                break
    finally:
        if enabled:
            gc.enable()
    return best, result


def peer_version(name: str) -> str | None:
    """The installed version of a distribution, or None if it is not installed.

    >>> peer_version("numpy") is not None, peer_version("no-such-distribution")
    (True, None)
    """
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def _say(progress: Callable[[str], None] | None, message: str) -> None:
    if progress is not None:
        progress(message)


def compare(
    cards: int = 7,
    hands: int = DEFAULT_HANDS,
    *,
    seed: int = DEFAULT_SEED,
    peers: Iterable[str] | None = None,
    peer_hands: dict[str, int] | None = None,
    repeat: int = DEFAULT_REPEAT,
    parallel: bool = True,
    progress: Callable[[str], None] | None = None,
) -> Comparison:
    """Time pokerlut, the ceiling kernel and the peers on the same ``hands`` random ``cards``-card
    hands, and check every peer's answers against pokerlut's.

    ``peers`` names the peers to run (default: all of :data:`PEERS`; missing ones get a "not
    installed" row).  ``peer_hands`` overrides a peer's batch cap (e.g. ``{"pokerkit": 2_000}``);
    a peer never times more than ``hands``.  Each row runs ``repeat`` times and keeps its best time
    (a slow row stops once it has taken :data:`TIME_BUDGET` seconds; a fast one repeats until
    :data:`MIN_TIME` seconds).  ``parallel`` adds the rows on all of numba's threads (when there is
    more than one).  ``progress`` is called with a line of text before each step.

    >>> c = compare(7, 1_000, peers=(), repeat=1, parallel=False)
    >>> [(row.label, row.hands) for row in c.rows]
    [('ceiling kernel (1 thread)', 1000), ('pokerlut (1 thread)', 1000), ('pokerlut (1 thread, validated)', 1000)]
    """
    if cards not in (5, 7):
        raise ValueError(f"cards must be 5 or 7, got {cards}")
    if hands < 1:
        raise ValueError(f"hands must be at least 1, got {hands}")
    names = list(PEERS) if peers is None else list(peers)
    for name in [*names, *(peer_hands or {})]:
        if name not in PEERS:
            raise ValueError(f"unknown peer {name!r}; expected one of {', '.join(PEERS)}")
    caps = {name: peer.max_hands for name, peer in PEERS.items()}
    caps.update(peer_hands or {})
    for name, cap in caps.items():
        if cap is not None and cap < 1:
            raise ValueError(f"the batch for {name} must be at least 1 hand, got {cap}")

    result = Comparison(cards, hands, seed)
    batch = random_hands(hands, cards, seed=seed)
    threads = get_num_threads()
    thread_counts = [1, threads] if parallel and threads > 1 else [1]

    per_card, big = ceiling_tables()
    out = np.empty(hands, dtype=np.uint16)
    for n in thread_counts:
        kernel = _CEILINGS[cards, n > 1]
        kernel(batch[:16], out[:16], per_card, big)  # compile, or load from numba's cache
        _say(progress, f"{cards}-card: timing the ceiling kernel on {_threads(n)}")
        seconds, _ = _time_best(lambda: kernel(batch, out, per_card, big), repeat)
        result.rows.append(Row(f"ceiling kernel ({_threads(n)})", f"{cards} byte reads, {cards + 1} table loads",
                               n, hands, seconds, agreement="n/a: not an evaluator", kind="ceiling"))

    reference = None
    # unchecked first: like the peers' calls it does not validate, and it is the speed-up reference
    for n, check in [(n, check) for n in thread_counts for check in (False, True)]:
        evaluate(batch[:16], parallel=n > 1, check=check)  # compile, or load from numba's cache
        _say(progress, f"{cards}-card: timing pokerlut on {_threads(n)}{', validated' if check else ''}")
        seconds, strengths = _time_best(lambda: evaluate(batch, parallel=n > 1, check=check), repeat)
        row = Row(f"pokerlut ({_threads(n)}{', validated' if check else ''})",
                  f"`pokerlut.evaluate(hands, check={check}, parallel={n > 1})`, uint8 (N, {cards})",
                  n, hands, seconds, kind="pokerlut")
        if reference is None:
            reference, row.agreement = strengths, "reference"
        else:
            row.disagreements = int(np.count_nonzero(strengths != reference))
            row.agreement = _agreement_text(row.disagreements, hands, "identical strengths")
            if row.disagreements:
                result.failures.append(f"pokerlut's {row.label} differs from its first row on "
                                       f"{row.disagreements:,} of {hands:,} hands")
        result.rows.append(row)

    for name in names:
        peer = PEERS[name]
        n_peer = min(hands, caps[name] or hands)
        row = Row(name, peer.call(cards), 1, n_peer, kind="peer", scaled=n_peer < hands)
        result.rows.append(row)
        try:
            module = interop.import_peer(name)
        except interop.PeerNotInstalledError as error:
            row.status, row.message = "not installed", str(error)
            row.agreement = "not installed"
            continue
        version = peer_version(peer.dist)
        row.label = f"{name} {version}" if version else name
        sub = batch[:n_peer]
        try:
            _say(progress, f"{cards}-card: converting {n_peer:,} hands for {name} (not timed)")
            timed = peer.prepare(module, sub)
            _say(progress, f"{cards}-card: timing {name} on {n_peer:,} hands")
            row.seconds, raw = _time_best(timed, repeat)
            del timed
            values = peer.values(raw)
            del raw
        except Exception as error:  # a peer that crashes must fail the run loudly, not vanish
            row.status, row.message = "error", f"{type(error).__name__}: {error}"
            row.agreement, row.seconds = f"**FAILED**: {row.message}", 0.0
            result.failures.append(f"{name} failed on {cards}-card hands: {row.message}")
            continue
        row.disagreements, examples = check_agreement(sub, reference[:n_peer], values, peer.kind, name)
        what = "equal Cactus Kev rank" if peer.kind == "cactus_kev" else "same order"
        row.agreement = _agreement_text(row.disagreements, n_peer, what, peer.kind)
        if row.disagreements:
            unit = "hands" if peer.kind == "cactus_kev" else "neighbouring pairs"
            result.failures.append(
                f"{name} disagrees with pokerlut on {row.disagreements:,} {unit} of {n_peer:,} {cards}-card hands "
                f"(seed {seed}):\n" + "\n".join(f"  - {example}" for example in examples)
            )
    return result


def _threads(n: int) -> str:
    return f"{n} thread" + ("s" if n != 1 else "")


def _agreement_text(bad: int, n: int, what: str, kind: str = "cactus_kev") -> str:
    if bad == 0:
        return f"yes: {what} on all {n:,}"
    unit = "hands differ" if kind == "cactus_kev" else "pairs out of order"
    return f"**NO: {bad:,} {unit}** (of {n:,})"


# --------------------------------------------------------------------------- report


def machine_info() -> dict[str, str]:
    """The CPU model, core counts, OS and Python, for the report header.

    >>> sorted(machine_info())
    ['cores', 'cpu', 'os', 'python']
    """
    cpu = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.lower().startswith(("model name", "hardware", "processor\t: ")) and ":" in line:
                    value = line.split(":", 1)[1].strip()
                    if value and not value.isdigit():
                        cpu = value
                        break
    except OSError:
        pass
    if not cpu and sys.platform == "darwin":
        import subprocess

        try:
            cpu = subprocess.run(["sysctl", "-n", "machdep.cpu.brand_string"], capture_output=True, text=True,
                                 timeout=5).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            pass
    cpu = cpu or platform.processor() or platform.machine() or "unknown CPU"
    logical = os.cpu_count() or 1
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else logical
    cores = f"{logical} logical cores" + (f" ({usable} usable by this process)" if usable != logical else "")
    cores += f", threads {get_num_threads()}"
    return {
        "cpu": cpu,
        "cores": cores,
        "os": f"{platform.system()} {platform.release()} {platform.machine()}",
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }


def _versions(names: Sequence[str]) -> str:
    parts = [f"{dist} {peer_version(dist) or '?'}" for dist in ("pokerlut", "numpy", "numba")]
    for name in names:
        version = peer_version(PEERS[name].dist)
        parts.append(f"{name} {version}" if version else f"{name} (not installed)")
    return ", ".join(parts)


def _fmt_rate(rate: float) -> str:
    return f"{rate:,.0f}"


def _fmt_ratio(x: float) -> str:
    if x >= 100:
        return f"{x:,.0f}×"
    return f"{x:.1f}×" if x >= 10 else f"{x:.2f}×"


def _fmt_share(x: float) -> str:
    percent = 100 * x
    if percent >= 10:
        return f"{percent:.0f} %"
    return f"{percent:.2g} %" if percent >= 0.01 else f"{percent:.1g} %"


def _fmt_seconds(s: float) -> str:
    if s >= 100:
        return f"{s:,.0f} s"
    if s >= 1:
        return f"{s:.3g} s"
    return f"{s * 1e3:.3g} ms"


def format_table(comparison: Comparison) -> str:
    """The markdown table of one :class:`Comparison` (see :func:`format_report`).

    >>> print(format_table(compare(5, 1_000, peers=(), repeat=1, parallel=False)))  # doctest: +ELLIPSIS
    | 5-card hands | call timed | hands timed | time for 1,000 hands | hands/s | pokerlut (1 thread) ÷ this | ...
    | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |
    | ceiling kernel (1 thread) | 5 byte reads, 6 table loads | 1,000 | ... | 100 % | n/a: not an evaluator |
    | **pokerlut (1 thread)** | `pokerlut.evaluate(hands, check=False, parallel=False)`, uint8 (N, 5) | 1,000 | ... | 1.00× | ... | reference |
    | **pokerlut (1 thread, validated)** | `pokerlut.evaluate(hands, check=True, parallel=False)`, uint8 (N, 5) | 1,000 | ... | yes: identical strengths on all 1,000 |
    """
    c = comparison
    n = c.n_hands
    lines = [
        f"| {c.cards}-card hands | call timed | hands timed | time for {n:,} hands | hands/s "
        f"| pokerlut (1 thread) ÷ this | share of ceiling | agrees with pokerlut |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    reference = c.pokerlut_rate
    for row in c.rows:
        label = f"**{row.label}**" if row.kind == "pokerlut" else row.label
        if row.status == "not installed":
            lines.append(f"| {label} | not installed: `{interop.BENCH_EXTRA_HINT}` | – | – | – | – | – | – |")
            continue
        if row.status != "ok":
            lines.append(f"| {label} | {row.call} | {row.hands:,} | – | – | – | – | {row.agreement} |")
            continue
        rate = row.rate
        ceiling = c.ceiling_rate(row.threads)
        mark = " †" if row.scaled else ""
        full_time = n / rate if rate else 0.0
        lines.append(
            f"| {label} | {row.call} | {row.hands:,}{mark} | {_fmt_seconds(full_time)}{mark} | {_fmt_rate(rate)} "
            f"| {_fmt_ratio(reference / rate) if reference and rate else '–'} "
            f"| {_fmt_share(rate / ceiling) if ceiling else '–'} | {row.agreement} |"
        )
    return "\n".join(lines)


def format_report(comparisons: Sequence[Comparison], command: str, repeat: int = DEFAULT_REPEAT) -> str:
    """The whole markdown report: header (command, machine, versions, method), one table per hand
    size, footnotes, and the verdict on agreement.

    >>> text = format_report([compare(5, 1_000, peers=(), repeat=1)], "pokerlut bench --peers")
    >>> "| **pokerlut (1 thread)** |" in text, "`pokerlut bench --peers`" in text
    (True, True)
    """
    info = machine_info()
    names = [row.label.split()[0] for row in comparisons[0].rows if row.kind == "peer"] if comparisons else []
    seeds = sorted({c.seed for c in comparisons})
    out = [
        "## pokerlut beside the peer evaluators",
        "",
        f"- command: `{command}`",
        f"- machine: {info['cpu']}; {info['cores']}; {info['os']}; {info['python']}",
        f"- versions: {_versions(names)}",
        f"- hands: `pokerlut.random_hands(n, k, seed={', '.join(map(str, seeds))})`, natural cards, the same hands "
        f"for every row; each peer gets them in its own card format, converted before the clock starts; "
        f"every call is driven by `list(map(call, ...))`; each row's best run is kept, of {repeat} runs or "
        f"more (fast rows repeat until {MIN_TIME:g} s, at most {MAX_RUNS}; slow ones stop after {TIME_BUDGET:g} s); "
        f"the garbage collector is off while timing",
        "- pokerlut runs without input validation (`check=False`, like the peers' calls, which do not "
        "validate either; the speed-up column is relative to it) and with it (the default); the ceiling "
        "kernel does the least work "
        "a table evaluator can do per hand (read the cards, one small-table load per card, one load "
        "from a ~100 KB table, write), so \"share of ceiling\" is how close a row comes to the machine's "
        "limit for its thread count",
        "- agreement: treys and phevaluator return the Cactus Kev rank, which must equal "
        "`7463 - strength` on every hand; eval7's values and pokerkit's hand objects are on scales of "
        "their own, so the order of all the hands timed (ties included) must match pokerlut's",
    ]
    scaled = False
    for c in comparisons:
        table = format_table(c)
        out += ["", table]
        scaled = scaled or "†" in table
    if scaled:
        out += ["", "† too slow for the full batch: timed on the first hands of the same batch (the count shown), "
                    "its time for the full batch scaled from that rate."]
    missing = sorted({row.label for c in comparisons for row in c.rows if row.status == "not installed"})
    if missing:
        out += ["", f"Not installed: {', '.join(missing)} (`{interop.BENCH_EXTRA_HINT}`)."]
    failures = [f for c in comparisons for f in c.failures]
    out.append("")
    if failures:
        out.append(f"**DISAGREEMENT: {len(failures)} problem(s), listed below.**")
        out += ["", *failures]
    else:
        ran = sorted({row.label.split()[0] for c in comparisons for row in c.rows
                      if row.kind == "peer" and row.status == "ok"})
        out.append(f"Every peer that ran ({', '.join(ran) or 'none'}) agrees with pokerlut on every hand it timed.")
    return "\n".join(out)


# --------------------------------------------------------------------------- command line


def _peer_list(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        if name not in PEERS:
            raise argparse.ArgumentTypeError(f"unknown peer {name!r}; expected one of {', '.join(PEERS)}")
    return names


def _peer_cap(text: str) -> tuple[str, int]:
    name, sep, number = text.partition("=")
    if not sep or name.strip() not in PEERS:
        raise argparse.ArgumentTypeError(f"expected NAME=HANDS with NAME one of {', '.join(PEERS)}, got {text!r}")
    try:
        hands = int(number.replace("_", "").replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of hands: {number!r}") from None
    if hands < 1:
        raise argparse.ArgumentTypeError(f"the batch for {name} must be at least 1 hand, got {hands}")
    return name.strip(), hands


def build_parser(prog: str | None = None) -> argparse.ArgumentParser:
    """The command line of :func:`main`.

    >>> build_parser("pokerlut bench --peers").parse_args(["--hands", "10_000"]).hands
    10000
    """
    caps = ", ".join(f"{name} {peer.max_hands:,}" for name, peer in PEERS.items() if peer.max_hands)
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Time pokerlut beside the peer evaluators (treys, phevaluator, eval7, pokerkit) on the "
                    "same seeded random hands, check that every peer agrees with pokerlut on every hand it "
                    "timed, and print a markdown table. Exit status 1 on any disagreement.",
    )
    parser.add_argument("--hands", type=positive_int, default=DEFAULT_HANDS,
                        help=f"random hands per hand size (default {DEFAULT_HANDS:,})")
    parser.add_argument("--cards", type=int, nargs="+", choices=(5, 7), default=[7, 5],
                        help="hand sizes to compare (default: 7 5)")
    parser.add_argument("--seed", type=seed_argument, default=DEFAULT_SEED,
                        help=f"random seed, an integer >= 0 (default {DEFAULT_SEED})")
    parser.add_argument("--repeat", type=positive_int, default=DEFAULT_REPEAT,
                        help=f"timed runs per row, the best is kept (default {DEFAULT_REPEAT}; fast rows repeat until "
                             f"{MIN_TIME:g} s, slow ones stop after {TIME_BUDGET:g} s)")
    parser.add_argument("--only", type=_peer_list, default=None, metavar="NAMES",
                        help=f"comma-separated peers to run, '' for none (default: all of {', '.join(PEERS)})")
    parser.add_argument("--peer-hands", type=_peer_cap, action="append", default=[], metavar="NAME=HANDS",
                        help=f"batch for a slow peer (defaults: {caps}); repeat the option for several")
    parser.add_argument("--threads", type=positive_int, default=None,
                        help="numba threads for the parallel rows (default: numba's default)")
    parser.add_argument("--serial-only", action="store_true", help="skip the parallel rows")
    parser.add_argument("--require-peers", action="store_true",
                        help="exit with status 1 if a peer is not installed (for CI)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    return parser


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    """Run the comparison and print the markdown report; return the exit status.

    0: every peer that ran agrees with pokerlut on every hand it timed; 1: a disagreement, a peer
    that failed, or (with ``--require-peers``) a peer that is not installed; 2: bad arguments
    (argparse exits).  ``prog`` is the command shown in the report and the usage line, e.g.
    ``"pokerlut bench --peers"``.

    >>> main(["--hands", "1000", "--cards", "5", "--only", "", "--repeat", "1", "--quiet"],
    ...      prog="pokerlut bench --peers")  # doctest: +ELLIPSIS
    ## pokerlut beside the peer evaluators
    ...
    0
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    prog = prog or os.path.basename(sys.argv[0]) or "compare_peers"
    args = build_parser(prog).parse_args(argv)
    if args.threads is not None:
        try:
            set_num_threads(args.threads)
            nb.set_num_threads(min(args.threads, nb.config.NUMBA_NUM_THREADS))  # the parallel ceiling row
        except ValueError as error:
            print(f"{prog}: error: --threads {args.threads}: {error}", file=sys.stderr)
            return 2

    def progress(message: str) -> None:
        print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)

    comparisons = []
    for cards in dict.fromkeys(args.cards):
        comparisons.append(compare(
            cards, args.hands, seed=args.seed, peers=args.only, peer_hands=dict(args.peer_hands),
            repeat=args.repeat, parallel=not args.serial_only, progress=None if args.quiet else progress,
        ))
    print(format_report(comparisons, shlex.join([*shlex.split(prog), *argv]), args.repeat), flush=True)

    status = 0
    failures = [failure for c in comparisons for failure in c.failures]
    if failures:
        print(f"{prog}: error: {len(failures)} disagreement(s) or failure(s) with the peers; see the report",
              file=sys.stderr)
        for failure in failures:
            print(failure, file=sys.stderr)
        status = 1
    missing = sorted({row.label for c in comparisons for row in c.rows if row.status == "not installed"})
    if missing and args.require_peers:
        print(f"{prog}: error: not installed: {', '.join(missing)}; {interop.BENCH_EXTRA_HINT}", file=sys.stderr)
        status = 1
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

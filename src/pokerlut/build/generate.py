"""Compute every lookup table, write them as ``.npy`` files with a manifest, or check them.

Run it as ``python scripts/generate_tables.py [--out DIR] [--check]``.  The output is
deterministic: the same generator version writes the same bytes, which ``--check`` (and the test
suite) verifies against the committed ``tables/`` folder.

Tables (see ``tables/README.md`` for sizes and lookup cost):

``card_info``        (53,) uint32, per card id: bits 0-7 the rank's prime (the wild card has its
                     own, 43), bits 12-15 the suit bit (all four set for the wild card, so the AND
                     of five cards is non-zero exactly when the naturals share a suit), bits 16-28
                     the rank bit (none for the wild card).
``card_pairs``       (53 * 64,) uint32, two cards at once, indexed ``(a << 6) | b``: bits 0-11 the
                     product of the two primes, bits 12-15 the AND of their suit bits, bits 16-28
                     the OR of their rank bits.  Three loads (two pairs and one card) replace five.
``flush5``           (8192,) uint16, indexed by the rank mask of naturals that all share one suit;
                     the wild count is ``5 - popcount(mask)``.  The hand's full value.
``hash5_values``     (16384,) uint16, the value of every other hand, at the perfect-hash slot of
                     its key, the product of its cards' primes.
``hash5_displacement`` and ``hash5_params``: the perfect hash (see ``perfect_hash.py``).
``card_info7``       (53,) uint32, for 6- and 7-card hands: bits 0-7 the prime, bits 16-31 four
                     4-bit suit counters (the wild card counts in all four), so the sum over a
                     hand's cards holds, per suit, naturals of that suit + wilds.
``card_pairs7``      (53 * 64,) uint32, two cards at once, indexed ``(a << 6) | b``: bits 0-11 the
                     product of the two primes, bits 16-31 the summed suit counters.
``flush7``           (8, 8192) uint16, ``[wilds, rank mask of one suit's naturals]``: the best
                     5-card value those naturals and wilds make (flush or better), where
                     naturals + wilds >= 5; 0 elsewhere.  Serves 6 and 7 cards.
``hash6_*``, ``hash7_*`` perfect hashes (values, displacement, params) over the prime-product keys
                     of every 6- and 7-card rank multiset (wild card as its own symbol): the best
                     5-card value of the multiset with flushes ignored.
``hand_values``      (7476, 6) uint8, per strength: category, then the tie-break ranks most
                     significant first (255 where unused); row 0 is unused.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import numpy as np

from .perfect_hash import PerfectHash, build_perfect_hash
from .values import MAX_STRENGTH, N_RANKS, key_of_strength, offsuit_strength, suited_strength

GENERATOR_VERSION = "1"
RANK_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
WILD_PRIME = 43
WILD = 52
HASH5_SLOT_BITS = 14
HASH5_BUCKET_BITS = 10
HASH6_SLOT_BITS, HASH6_BUCKET_BITS = 15, 12
HASH7_SLOT_BITS, HASH7_BUCKET_BITS = 17, 13
HASH_SEED = 1
COUNTER_SHIFT = 16
MANIFEST = "manifest.json"


def card_info() -> np.ndarray:
    info = np.zeros(53, dtype=np.uint32)
    for card in range(52):
        rank, suit = divmod(card, 4)
        info[card] = RANK_PRIMES[rank] | (1 << (12 + suit)) | (1 << (16 + rank))
    info[WILD] = WILD_PRIME | (0xF << 12)
    return info


def pair_table(info: np.ndarray, combine) -> np.ndarray:
    """``combine(info[a], info[b])`` for every two card ids, at index ``(a << 6) | b``."""
    pairs = np.zeros(53 * 64, dtype=np.uint32)
    for a in range(53):
        for b in range(53):
            pairs[(a << 6) | b] = combine(int(info[a]), int(info[b]))
    return pairs


def card_pairs(info: np.ndarray) -> np.ndarray:
    """5-card pairs: product of primes, AND of suit bits, OR of rank bits."""
    return pair_table(info, lambda x, y: (x & 0xFF) * (y & 0xFF) | (x & y & 0xF000) | ((x | y) & 0x1FFF0000))


def card_info7() -> np.ndarray:
    info = np.zeros(53, dtype=np.uint32)
    for card in range(52):
        rank, suit = divmod(card, 4)
        info[card] = RANK_PRIMES[rank] | (1 << (COUNTER_SHIFT + 4 * suit))
    info[WILD] = WILD_PRIME | (0x1111 << COUNTER_SHIFT)
    return info


def card_pairs7(info: np.ndarray) -> np.ndarray:
    """6/7-card pairs: product of primes, summed suit counters."""
    return pair_table(info, lambda x, y: (x & 0xFF) * (y & 0xFF)
                      | (((x >> COUNTER_SHIFT) + (y >> COUNTER_SHIFT)) << COUNTER_SHIFT))


def shape_key(counts: tuple[int, ...], wilds: int) -> int:
    """Prime-product key of a hand with rank ``counts`` and ``wilds`` wild cards."""
    key = WILD_PRIME**wilds
    for rank, count in enumerate(counts):
        key *= RANK_PRIMES[rank] ** count
    return key


def offsuit_shapes(n_cards: int):
    """Every (rank counts, wild count) of ``n_cards`` cards with no rank held more than 4 times."""
    for wilds in range(n_cards + 1):
        for multiset in combinations_with_replacement(range(N_RANKS), n_cards - wilds):
            counts = tuple(multiset.count(r) for r in range(N_RANKS))
            if not counts or max(counts, default=0) <= 4:
                yield counts, wilds


def flush5_table() -> np.ndarray:
    table = np.zeros(1 << N_RANKS, dtype=np.uint16)
    for naturals in range(6):
        for ranks in combinations(range(N_RANKS), naturals):
            mask = sum(1 << r for r in ranks)
            table[mask] = suited_strength(mask, 5 - naturals)
    return table


def five_card_submultisets(counts: tuple[int, ...], wilds: int):
    """Every distinct (rank counts, wilds) of 5 cards taken from a larger rank multiset."""
    symbols = [r for r in range(N_RANKS) if counts[r]] + ([N_RANKS] if wilds else [])
    available = list(counts) + [wilds]
    for dropped in combinations_with_replacement(symbols, sum(counts) + wilds - 5):
        left = list(available)
        for symbol in dropped:
            left[symbol] -= 1
        if min(left) >= 0:
            yield tuple(left[:N_RANKS]), left[N_RANKS]


def best_offsuit_strength(counts: tuple[int, ...], wilds: int) -> int:
    """Best 5-card value, flushes ignored, of naturals with rank ``counts`` plus ``wilds``."""
    return max(offsuit_strength(c, w) for c, w in five_card_submultisets(counts, wilds))


def hash_tables(n_cards: int, slot_bits: int, bucket_bits: int) -> dict[str, np.ndarray]:
    values_by_key = {shape_key(c, w): best_offsuit_strength(c, w) for c, w in offsuit_shapes(n_cards)}
    ph = build_perfect_hash(values_by_key, slot_bits, bucket_bits, seed=HASH_SEED)
    keys = np.fromiter(values_by_key, dtype=np.uint64, count=len(values_by_key))
    values = np.zeros(1 << slot_bits, dtype=np.uint16)
    values[ph.slots(keys)] = np.fromiter(values_by_key.values(), dtype=np.uint16, count=len(keys))
    name = f"hash{n_cards}"
    return {f"{name}_values": values, f"{name}_displacement": ph.displacement, f"{name}_params": ph.params()}


def flush7_table() -> np.ndarray:
    """``[wilds, mask]``: best value of one suit's naturals (``mask``) with ``wilds``, for 5..7 cards."""
    table = np.zeros((8, 1 << N_RANKS), dtype=np.uint16)
    for naturals in range(8):
        for ranks in combinations(range(N_RANKS), naturals):
            mask = sum(1 << r for r in ranks)
            for wilds in range(max(0, 5 - naturals), 8 - naturals):
                table[wilds, mask] = max(
                    suited_strength(sum(1 << r for r in used), 5 - len(used))
                    for size in range(max(0, 5 - wilds), min(5, naturals) + 1)
                    for used in combinations(ranks, size)
                )
    return table


def hand_values_table() -> np.ndarray:
    table = np.full((MAX_STRENGTH + 1, 6), 255, dtype=np.uint8)
    for strength in range(1, MAX_STRENGTH + 1):
        key = key_of_strength(strength)
        table[strength, : len(key)] = key
    return table


def verify_against_five_card_tables(tables: dict[str, np.ndarray]) -> None:
    """Check every 6- and 7-card entry against the best of its 5-card subsets, looked up in the
    5-card tables (``hash5`` through its perfect hash, ``flush5`` by rank mask)."""
    hash5 = PerfectHash.from_tables(tables["hash5_params"], tables["hash5_displacement"])
    values5, flush5 = tables["hash5_values"], tables["flush5"]

    def five_card_value(counts, wilds):
        return int(values5[hash5.slot(shape_key(counts, wilds))])

    for n_cards in (6, 7):
        ph = PerfectHash.from_tables(tables[f"hash{n_cards}_params"], tables[f"hash{n_cards}_displacement"])
        stored = tables[f"hash{n_cards}_values"]
        n_keys = 0
        for counts, wilds in offsuit_shapes(n_cards):
            expected = max(five_card_value(c, w) for c, w in five_card_submultisets(counts, wilds))
            if stored[ph.slot(shape_key(counts, wilds))] != expected:
                raise AssertionError(f"hash{n_cards} entry for {counts} + {wilds} wilds is not its best subset")
            n_keys += 1
        if np.count_nonzero(stored) != n_keys:
            raise AssertionError(f"hash{n_cards} holds values at slots no key reaches")
    flush7 = tables["flush7"]
    for naturals in range(8):
        for ranks in combinations(range(N_RANKS), naturals):
            mask = sum(1 << r for r in ranks)
            for wilds in range(8):
                subsets = [sum(1 << r for r in used)
                           for size in range(max(0, 5 - wilds), min(5, naturals) + 1)
                           for used in combinations(ranks, size)]
                expected = max((int(flush5[m]) for m in subsets), default=0) if 5 <= naturals + wilds <= 7 else 0
                if flush7[wilds, mask] != expected:
                    raise AssertionError(f"flush7[{wilds}, {mask:#x}] is not the best of its 5-card subsets")


def build_tables() -> dict[str, np.ndarray]:
    """Every table, by file stem."""
    info = card_info()
    tables = {"card_info": info, "card_pairs": card_pairs(info), "flush5": flush5_table(), "hand_values": hand_values_table()}
    tables.update(hash_tables(5, HASH5_SLOT_BITS, HASH5_BUCKET_BITS))
    info7 = card_info7()
    tables.update({"card_info7": info7, "card_pairs7": card_pairs7(info7), "flush7": flush7_table()})
    tables.update(hash_tables(6, HASH6_SLOT_BITS, HASH6_BUCKET_BITS))
    tables.update(hash_tables(7, HASH7_SLOT_BITS, HASH7_BUCKET_BITS))
    verify_against_five_card_tables(tables)
    return tables


def _npy_bytes(array: np.ndarray) -> bytes:
    import io

    buffer = io.BytesIO()
    np.save(buffer, np.ascontiguousarray(array), allow_pickle=False)
    return buffer.getvalue()


def write_tables(out_dir: Path, tables: dict[str, np.ndarray] | None = None) -> dict:
    """Write every table and the manifest into ``out_dir``; return the manifest."""
    tables = build_tables() if tables is None else tables
    out_dir.mkdir(parents=True, exist_ok=True)
    files = {}
    for name in sorted(tables):
        data = _npy_bytes(tables[name])
        (out_dir / f"{name}.npy").write_bytes(data)
        files[f"{name}.npy"] = {
            "shape": list(tables[name].shape),
            "dtype": str(tables[name].dtype),
            "bytes": len(data),
            "sha256": hashlib.sha256(data).hexdigest(),
        }
    manifest = {"generator_version": GENERATOR_VERSION, "files": files}
    (out_dir / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    return manifest


def compare_dirs(expected: Path, actual: Path) -> list[str]:
    """Differences between two table folders, file by file (empty when byte-identical)."""
    problems = []
    names = sorted({p.name for p in expected.iterdir()} | {p.name for p in actual.iterdir()})
    for name in names:
        if name == "README.md":
            continue
        a, b = expected / name, actual / name
        if not a.exists() or not b.exists():
            problems.append(f"{name}: only in {'regenerated' if b.exists() else 'committed'} tables")
        elif a.read_bytes() != b.read_bytes():
            problems.append(f"{name}: bytes differ from a fresh generation")
    return problems


def check_tables(committed: Path) -> list[str]:
    """Regenerate into a temporary folder and compare with ``committed``."""
    with tempfile.TemporaryDirectory() as tmp:
        write_tables(Path(tmp))
        return compare_dirs(Path(tmp), committed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Generate pokerlut's lookup tables.")
    default_out = Path(__file__).resolve().parents[3] / "tables"
    parser.add_argument("--out", type=Path, default=default_out, help=f"output folder (default {default_out})")
    parser.add_argument("--check", action="store_true", help="regenerate in a temporary folder and compare with --out")
    args = parser.parse_args(argv)
    if args.check:
        problems = check_tables(args.out)
        for p in problems:
            print(p, file=sys.stderr)
        print("tables match" if not problems else f"{len(problems)} table file(s) differ")
        return 1 if problems else 0
    manifest = write_tables(args.out)
    for name, info in manifest["files"].items():
        print(f"{name:28s} {str(tuple(info['shape'])):14s} {info['dtype']:7s} {info['bytes']:8d} bytes")
    return 0

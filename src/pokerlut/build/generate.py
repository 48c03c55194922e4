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

from .perfect_hash import build_perfect_hash
from .values import MAX_STRENGTH, N_RANKS, key_of_strength, offsuit_strength, suited_strength

GENERATOR_VERSION = "1"
RANK_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
WILD_PRIME = 43
WILD = 52
HASH5_SLOT_BITS = 14
HASH5_BUCKET_BITS = 10
HASH_SEED = 1
MANIFEST = "manifest.json"


def card_info() -> np.ndarray:
    info = np.zeros(53, dtype=np.uint32)
    for card in range(52):
        rank, suit = divmod(card, 4)
        info[card] = RANK_PRIMES[rank] | (1 << (12 + suit)) | (1 << (16 + rank))
    info[WILD] = WILD_PRIME | (0xF << 12)
    return info


def card_pairs(info: np.ndarray) -> np.ndarray:
    pairs = np.zeros(53 * 64, dtype=np.uint32)
    for a in range(53):
        for b in range(53):
            x, y = int(info[a]), int(info[b])
            pairs[(a << 6) | b] = (x & 0xFF) * (y & 0xFF) | (x & y & 0xF000) | ((x | y) & 0x1FFF0000)
    return pairs


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


def hash5_tables() -> dict[str, np.ndarray]:
    values_by_key = {shape_key(c, w): offsuit_strength(c, w) for c, w in offsuit_shapes(5)}
    ph = build_perfect_hash(values_by_key, HASH5_SLOT_BITS, HASH5_BUCKET_BITS, seed=HASH_SEED)
    keys = np.fromiter(values_by_key, dtype=np.uint64, count=len(values_by_key))
    values = np.zeros(1 << HASH5_SLOT_BITS, dtype=np.uint16)
    values[ph.slots(keys)] = np.fromiter(values_by_key.values(), dtype=np.uint16, count=len(keys))
    return {"hash5_values": values, "hash5_displacement": ph.displacement, "hash5_params": ph.params()}


def hand_values_table() -> np.ndarray:
    table = np.full((MAX_STRENGTH + 1, 6), 255, dtype=np.uint8)
    for strength in range(1, MAX_STRENGTH + 1):
        key = key_of_strength(strength)
        table[strength, : len(key)] = key
    return table


def build_tables() -> dict[str, np.ndarray]:
    """Every table, by file stem."""
    info = card_info()
    tables = {"card_info": info, "card_pairs": card_pairs(info), "flush5": flush5_table(), "hand_values": hand_values_table()}
    tables.update(hash5_tables())
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

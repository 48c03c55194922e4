#!/usr/bin/env python3
"""Generate (or, with --check, verify) the exact preflop tables in ../tables/preflop.

Every suit class of five-card boards (134,459 of them, each counted with its number of boards) is
ranked once for all 1,081 pairs of hole cards it leaves; the wins and ties of every class against
every class, summed over every conflict-free pair of combos and every board, are exact integers
(``pokerlut.abstraction.preflop`` says what they mean).  The files and the manifest follow the
format of the other table sets (``tables/README.md``); ``--check`` recomputes everything and
compares byte for byte (about 1-3 minutes on two cores).
"""

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from pokerlut.abstraction.preflop import TABLE_SET, compute_preflop_tables  # noqa: E402
from pokerlut.tablegen.generate import compare_dirs, write_table_set  # noqa: E402

#: The version of this generator, written into the manifest.
PREFLOP_GENERATOR_VERSION = "preflop-1"
GENERATOR = "scripts/generate_preflop_tables.py"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Generate pokerlut's exact preflop tables.")
    default_out = Path(__file__).resolve().parents[1] / "tables"
    parser.add_argument("--out", type=Path, default=default_out, help=f"tables folder (default {default_out})")
    parser.add_argument("--check", action="store_true", help="recompute in a temporary folder and compare with --out")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    tables = compute_preflop_tables(progress=not args.no_progress and sys.stderr.isatty())
    seconds = time.perf_counter() - start
    if args.check:
        with tempfile.TemporaryDirectory() as tmp:
            write_table_set(Path(tmp) / TABLE_SET, tables, PREFLOP_GENERATOR_VERSION, GENERATOR)
            problems = compare_dirs(Path(tmp) / TABLE_SET, args.out / TABLE_SET) if (args.out / TABLE_SET).is_dir() \
                else [f"{TABLE_SET}/: only in regenerated tables"]
        for p in problems:
            print(p, file=sys.stderr)
        print("tables match" if not problems else f"{len(problems)} table file(s) differ", f"({seconds:.1f} s)")
        return 1 if problems else 0
    manifest = write_table_set(args.out / TABLE_SET, tables, PREFLOP_GENERATOR_VERSION, GENERATOR)
    for file, info in manifest["files"].items():
        print(f"{TABLE_SET + '/' + file:32s} {str(tuple(info['shape'])):14s} {info['dtype']:7s} {info['bytes']:8d} bytes")
    print(f"computed in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

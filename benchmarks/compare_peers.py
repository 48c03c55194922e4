"""pokerlut beside the peer evaluators (treys, phevaluator, eval7, pokerkit): speed and agreement.

Times every installed peer through its fastest public call, pokerlut's batch API (one thread and
on the thread pool) and the reference ceiling kernel on the same seeded random 7- and 5-card hands,
checks that every peer agrees with pokerlut on every hand it timed, and prints a markdown table;
the exit status is 1 on any disagreement.  The same as ``pokerlut bench --peers`` (the same
options); the logic lives in :mod:`pokerlut.bench.peers`.  Install the peers with
``pip install 'pokerlut[bench]'``.

    python benchmarks/compare_peers.py                        # 1,000,000 hands per size
    python benchmarks/compare_peers.py --hands 100000 --cards 7 --only eval7,phevaluator
    python benchmarks/compare_peers.py --help
"""

from __future__ import annotations

import argparse
import shlex
import sys

from pokerlut.cli.tools import add_bench_arguments, run_bench

PROG = "python benchmarks/compare_peers.py"

if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    add_bench_arguments(parser)
    sys.exit(run_bench(parser.parse_args(), shlex.join([*shlex.split(PROG), *sys.argv[1:]])))

"""pokerlut beside the peer evaluators (treys, phevaluator, eval7, pokerkit): speed and agreement.

Times every installed peer through its fastest public call, pokerlut's batch API (one thread and
all of numba's threads) and a ceiling kernel on the same seeded random 7- and 5-card hands, checks
that every peer agrees with pokerlut on every hand it timed, and prints a markdown table; the exit
status is 1 on any disagreement.  The same as ``pokerlut bench --peers``; the logic lives in
:mod:`pokerlut.peers`.  Install the peers with ``pip install 'pokerlut[bench]'``.

    python benchmarks/compare_peers.py                        # 1,000,000 hands per size
    python benchmarks/compare_peers.py --hands 100000 --cards 7 --only eval7,phevaluator
    python benchmarks/compare_peers.py --help
"""

from __future__ import annotations

import sys

from pokerlut.peers import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], prog="python benchmarks/compare_peers.py"))

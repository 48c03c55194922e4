#!/usr/bin/env python3
"""Generate (or, with --check, verify) pokerlut's lookup tables in ../tables."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from pokerlut.tablegen.generate import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())

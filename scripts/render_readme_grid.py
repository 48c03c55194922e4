"""Render docs/range_grid.png, the range grid shown in the guide docs/pictures.md.

    python scripts/render_readme_grid.py            # writes docs/range_grid.png
    python scripts/render_readme_grid.py --out x.png

Deterministic: the Agg backend, a fixed size and dpi, and no software version in the PNG's
metadata, so the same matplotlib and fonts give the same bytes.  Needs the 'plot' extra
(pip install 'pokerlut[plot]').
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

OPENING_RANGE = "22+, A2s+, K9s+, QTs+, JTs, ATo+, KJo+"
DPI = 100
DEFAULT_OUT = Path(__file__).resolve().parents[1] / "docs" / "range_grid.png"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"where to write the PNG (default {DEFAULT_OUT})")
    parser.add_argument("--range", default=OPENING_RANGE, help=f"the range to draw (default {OPENING_RANGE!r})")
    args = parser.parse_args(argv)
    import matplotlib

    matplotlib.use("Agg")
    from pokerlut.plot import range_grid

    fig = range_grid(args.range)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(args.out, dpi=DPI, metadata={"Software": None})
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

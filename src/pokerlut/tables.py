"""Finding and loading the generated lookup tables (read-only; building them is ``pokerlut.build``).

The tables live in the repository's top-level ``tables/`` folder and travel inside the wheel as
``pokerlut/tables``.  They are looked for, in order, in ``$POKERLUT_TABLES``, next to the
installed package, and in the source checkout (an editable install).  Every file is checked
against the manifest's sha256 when loaded, so a truncated or edited table is an error, not a
wrong rank.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

import numpy as np

MANIFEST = "manifest.json"


def tables_dir() -> Path:
    """The folder the tables are loaded from.

    >>> (tables_dir() / "manifest.json").exists()
    True
    """
    candidates = []
    if os.environ.get("POKERLUT_TABLES"):
        candidates.append(Path(os.environ["POKERLUT_TABLES"]))
    here = Path(__file__).resolve().parent
    candidates += [here / "tables", here.parents[1] / "tables"]
    for folder in candidates:
        if (folder / MANIFEST).is_file():
            return folder
    searched = ", ".join(str(c) for c in candidates)
    raise FileNotFoundError(
        f"pokerlut's lookup tables were not found (looked in {searched}); "
        "reinstall pokerlut or run scripts/generate_tables.py"
    )


@lru_cache(maxsize=None)
def load_tables(folder: str | None = None) -> Mapping[str, np.ndarray]:
    """Every table of the manifest, verified and read-only, by file stem.

    >>> load_tables()["card_info"].shape
    (53,)
    """
    root = Path(folder) if folder is not None else tables_dir()
    manifest = json.loads((root / MANIFEST).read_text())
    tables = {}
    for name, info in manifest["files"].items():
        data = (root / name).read_bytes()
        if hashlib.sha256(data).hexdigest() != info["sha256"]:
            raise ValueError(f"table {root / name} does not match its manifest checksum; regenerate the tables")
        array = np.load(root / name, allow_pickle=False)
        array.flags.writeable = False
        tables[name.removesuffix(".npy")] = array
    return MappingProxyType(tables)

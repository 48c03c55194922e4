"""Repository-wide pytest hooks: the doctests of pokerlut.plot need matplotlib (the 'plot' extra); those of
pokerlut.cuda need numba-cuda and a device, or its simulator (tests/cuda/test_cuda_sim.py runs them there, in a
process of their own)."""

from __future__ import annotations

import os

import pytest

#: pokerlut.cuda imports numba-cuda as soon as it is used: its doctests run only under numba-cuda's simulator
#: (tests/cuda/test_cuda_sim.py starts that process), so that the suite's own process never imports numba-cuda.
collect_ignore_glob = [] if os.environ.get("NUMBA_ENABLE_CUDASIM", "0") not in ("", "0") else ["src/pokerlut/cuda/*.py"]

"""numba kernels: plain functions over arrays, every table passed in as an argument.

:mod:`.primitives` holds the per-hand operations (``@njit(inline="always")``) that every kernel
is built from; the other modules are the drivers: ranking rows (:mod:`.rank`), picking the best
five (:mod:`.select`), counting every hand (:mod:`.enumerate`) and equities (:mod:`.equity`).
:mod:`.registry` compiles each variant a call needs, and only that one.
"""

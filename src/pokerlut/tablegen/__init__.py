"""Table building: everything that computes the lookup tables from first principles.

Nothing in here is imported when :mod:`pokerlut` is imported; the evaluator only reads the
``.npy`` files this package writes (see :mod:`pokerlut.tablegen.generate`).
"""

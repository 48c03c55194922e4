#!/usr/bin/env python3
"""Compile every kernel of pokerlut.cuda to PTX for a real device, with no device at hand.

numba-cuda's simulator checks what the kernels compute, not how numba types them for a device
(a uint64 mixed with an int64 becomes a float64 there; an unsupported construct fails only at the
first compile).  This script runs numba-cuda's real compiler on every kernel, for the argument types
pokerlut launches them with, and reports each: it needs NVIDIA's NVVM and NVRTC libraries (for
example the ``nvidia-cuda-nvcc-cu12`` and ``nvidia-cuda-nvrtc-cu12`` wheels, found through
``CUDA_HOME``), not a driver or a GPU.

    CUDA_HOME=/path/to/cuda_nvcc python scripts/check_cuda_ptx.py [--cc 9.0]

Exit status 0 when every kernel compiles, 1 when one does not, 2 when NVVM is not found.
"""

from __future__ import annotations

import argparse
import sys
import types as pytypes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cc", default="9.0", help="compute capability to compile for (default 9.0)")
    major, minor = (int(x) for x in parser.parse_args().cc.split("."))
    cc = (major, minor)

    from numba import cuda, types
    import numba.cuda.dispatcher as dispatcher

    from pokerlut.cuda import _support

    # compile only: device functions ask the current device for its compute capability; answer for it
    _support._load.cache_clear()
    _support._load = lambda: (cuda, None)
    dispatcher.get_current_device = lambda: pytypes.SimpleNamespace(compute_capability=cc)
    try:
        cuda.compile_ptx(lambda a: None, (types.int64[:],), cc=cc)
    except Exception as error:  # no NVVM / NVRTC here
        print(f"NVVM is not available: {type(error).__name__}: {str(error).splitlines()[0]}")
        return 2

    from pokerlut.cuda import (batch, device, engines, histogram, omaha, omaha_equity, omaha_random, preflop,
                               street_scan, streets, sweep)

    def array(dtype, ndim=1, layout="C"):
        return types.Array(dtype, ndim, layout)

    tables = types.NamedTuple([array(types.uint64), array(types.uint16)] + [array(types.uint32), array(types.uint16)] * 4
                              + [array(types.uint8), array(types.uint32)], device.DeviceTables)
    i64, u8, u16, u64 = types.int64, types.uint8, types.uint16, types.uint64

    def user_kernel(t, hands, boards, out_rank, out_checked, out_value, out_category, out_compare):
        i = cuda.grid(1)
        if i < hands.shape[0]:
            out_rank[i] = device.rank(t, hands[i])
            out_checked[i] = device.rank_checked(t, hands[i])
            h = device.empty(t)
            for j in range(boards.shape[1]):
                h = device.add(t, h, boards[i, j])
            out_value[i] = device.value(t, h)
            out_category[i] = device.category(t, out_rank[i])
            out_compare[i] = device.compare(t, hands[i], hands[(i + 1) % hands.shape[0]])

    cases = {f"rank{n} {'checked' if checked else 'unchecked'} {dtype} {layout}":
             (batch.rank_kernel(n, checked).py_func, (array(dtype, 2, layout), array(u16), tables, array(i64)))
             for n in (3, 5, 6, 7) for checked in (True, False) for dtype, layout in ((u8, "C"), (i64, "A"))}
    cases.update({
        "category": (batch.category_kernel.py_func, (array(u16), array(u8), array(u8), i64, array(i64))),
        "showdown 2+5": (batch.showdown_kernel(2, 5, True).py_func,
                         (array(u8, 3), array(u8, 2), array(u16, 2), array(u16, 2), array(types.boolean, 2),
                          array(types.boolean, 2), array(types.float64, 2), array(types.boolean, 2), tables, tables,
                          array(i64))),
        "showdown 7+0 int32": (batch.showdown_kernel(7, 0, False).py_func,
                               (array(types.int32, 3), array(types.int32, 2), array(u16, 2), array(u16, 2),
                                array(types.boolean, 2), array(types.boolean, 2), array(types.float64, 2),
                                array(types.boolean, 2), tables, tables, array(i64))),
        "stud hi-lo showdown 7+0": (batch.showdown_kernel(7, 0, True, True).py_func,
                                    (array(u8, 3), array(u8, 2), array(u16, 2), array(u16, 2),
                                     array(types.boolean, 2), array(types.boolean, 2), array(types.float64, 2),
                                     array(types.boolean, 2), tables, tables, array(i64))),
        "omaha 4+5": (omaha.omaha_kernel(4, 5, False, True).py_func,
                      (array(u8, 2), array(u8, 2), array(u16), array(u16), tables, tables, array(i64))),
        "omaha hi-lo 6+3 int32": (omaha.omaha_kernel(6, 3, True, False).py_func,
                                  (array(types.int32, 2, "A"), array(types.int32, 2, "A"), array(u16), array(u16),
                                   tables, tables, array(i64))),
        "broadcast rows": (batch._copy_rows.py_func, (array(u8, 2), array(u8, 2))),
        "histogram": (histogram._histogram_kernel.py_func, (array(u8), i64, array(i64, 2), i64, tables, array(u64))),
        "exact equity": (engines._exact_kernel.py_func,
                         (array(u8), i64, array(i64, 2), i64, i64, i64, array(u8, 2), array(i64), array(u64, 2),
                          array(u64, 2), array(u64), tables, array(i64, 3))),
        "exact equity by sorting": (sweep._sweep_kernel.py_func,
                                    (array(u8, 2), i64, i64, array(u64, 2), array(i64), tables, array(i64, 2))),
        "preflop tables": (preflop._preflop_kernel.py_func,
                           (array(u8, 2), array(i64), array(i64, 2), array(i64), array(i64), array(u64), array(u64),
                            array(u64), tables, array(i64), array(i64))),
        "monte carlo": (engines._monte_carlo_kernel.py_func,
                        (array(u8), i64, array(u8), i64, u64, array(u64), array(u64), tables, array(i64, 2))),
        "omaha exact equity": (omaha_equity._exact_kernel.py_func,
                               (array(u8, 2), array(u64), i64, array(u8), i64, array(u8), array(i64, 2), i64, i64,
                                types.boolean, tables, tables, array(i64, 3))),
        "omaha monte carlo": (omaha_equity._monte_carlo_kernel.py_func,
                              (array(u8, 2), array(u64), array(types.float64), array(i64), array(i64), i64, array(u8),
                               i64, array(u8), i64, u64, types.boolean, tables, tables, array(i64, 2), array(i64))),
        "omaha against random": (omaha_random._omaha_random_kernel.py_func,
                                 (array(i64, 2), array(i64, 2), array(u64, 2), array(i64, 2), array(i64, 2), array(i64),
                                  array(u64, 2), array(u64, 2), array(i64, 3), array(i64, 2), u64, array(u64),
                                  array(types.uint32), array(u16), array(i64, 3))),
        "omaha hi-lo showdown 4+5": (batch.omaha_showdown_kernel(4, 5, True, True).py_func,
                                     (array(u8, 3), array(u8, 2), array(u16, 2), array(u16, 2),
                                      array(types.boolean, 2), array(types.boolean, 2), array(types.float64, 2),
                                      array(types.boolean, 2), tables, tables, array(i64))),
        "river hand strength": (streets._river_kernel.py_func, (array(u8, 2), array(u8, 2), tables, array(u16))),
        "flop/turn rollout": (streets._rollout_kernel.py_func, (array(u8, 2), array(u8, 2), tables, i64, array(i64),
                                                                array(i64), array(i64, 2))),
        "street board scan": (street_scan._scan_kernel.py_func,
                              (array(u8, 2), array(i64), array(i64), array(u16), tables, array(u8), i64,
                               types.boolean, u64, array(u16), array(i64), array(i64), array(u16, 2),
                               array(i64, 2), array(i64, 2), array(types.int32, 2))),
        "river strengths float32": (street_scan._strength_kernel.py_func, (array(u16), types.float64,
                                                                           array(types.float32))),
        "user kernel (device functions)": (user_kernel, (tables, array(u8, 2), array(u8, 2), array(u16), array(u16),
                                                         array(u16), array(i64), array(i64))),
    })
    failures = 0
    for name, (function, signature) in cases.items():
        try:
            ptx, _ = cuda.compile_ptx(function, signature, cc=cc)
        except Exception as error:
            failures += 1
            print(f"FAIL {name}: {type(error).__name__}: {error}")
            continue
        floats = ptx.count("cvt.rn.f64")
        print(f"ok   {name}: {len(ptx):,} characters of PTX" + (f", {floats} int-to-float conversions" if floats else ""))
    print(f"{len(cases) - failures} of {len(cases)} kernels compile for compute capability {major}.{minor}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

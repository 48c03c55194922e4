"""``pokerlut info`` and ``kernel_info()``: the kernels, the versions, the CPU, the GPU (or why there is
none) and the cache folder, as text and as JSON."""

from __future__ import annotations

import json

import numba

import pokerlut
import pokerlut.cuda
from cli_run import run


def test_kernel_info_names_the_gpu_as_pokerlut_cuda_does():
    info = pokerlut.kernel_info()
    assert info["gpu"] == pokerlut.cuda.device_info()
    assert info["gpu"]
    if not pokerlut.cuda.available():  # CI: no device, so the reason is given, never a traceback
        assert info["gpu"].startswith("no CUDA device: ") and not info["gpu"].endswith(":")


def test_info_prints_every_field_once(capsys):
    status, out, err = run(capsys, "info")
    assert status == 0, err
    labels = [line.split()[0] for line in out.splitlines()]
    assert labels == ["kernels", "unchecked", "unchecked", "unchecked", "threads", "numba", "cpu", "gpu", "cache"]
    assert f"numba      {numba.__version__}" in out
    assert f"gpu        {pokerlut.cuda.device_info()}" in out


def test_info_json_holds_kernel_info_and_the_cache(capsys):
    status, out, err = run(capsys, "info", "--json")
    assert status == 0, err
    document = json.loads(out)
    assert document["schema"] == 1 and document["command"] == "info"
    assert document["path"] in ("avx2", "scalar") and sorted(document["unchecked"]) == ["5", "6", "7"]
    assert document["gpu"] == pokerlut.cuda.device_info()
    from pokerlut.warmup import cache_location

    assert document["cache"] == cache_location()

"""``pokerlut info``: which kernels rank hands here and why, the versions, the CPU, the GPU and the
cache folder (:func:`pokerlut.kernel_info`)."""

from __future__ import annotations

import argparse
from typing import Any

from .args import add_command
from .output import add_json_option, write_json

__all__ = ["register", "cmd_info"]


def cmd_info(args: argparse.Namespace) -> int:
    """Print :func:`pokerlut.kernel_info` and the cache folder, as text or one JSON document."""
    from ..warmup import cache_location, kernel_info

    info = dict(kernel_info())
    info["cache"] = cache_location()
    if args.json:
        write_json("info", info)
        return 0
    print(f"kernels    {info['path']}: {info['reason']}")
    for n, chosen in info["unchecked"].items():
        print(f"unchecked  {n} cards: {chosen['kernel']} ({chosen['reason']})")
    print(f"threads    {info['threads']}")
    print(f"numba      {info['numba']} (llvmlite {info['llvmlite']})")
    print(f"cpu        {info['cpu']}")
    print(f"gpu        {info['gpu']}")
    print(f"cache      {info['cache']}")
    return 0


def register(sub: Any) -> None:
    """The subcommand ``info``."""
    add_command(sub, "info", cmd_info, add_json_option,
                help="which kernels run here and why, the numba version, the CPU, the GPU and the cache folder")

"""The kernel boundary, read from the source with ``ast``: no function of ``src/pokerlut`` takes more
than :data:`MAX_PARAMETERS` parameters (kernels take their tables, outputs and scratch as records,
``pokerlut.table_records`` and each kernel family's own), and the table records are defined once.
No module is over :data:`MAX_LINES` lines but those :data:`LONG_MODULES` names, each with its reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "pokerlut"
MAX_PARAMETERS = 16

#: Functions allowed over the limit, with their count: each may only shrink (none today: keep it so).
ALLOWED: dict[tuple[str, str], int] = {
}


def parameter_counts() -> dict[tuple[str, str, int], int]:
    """``(file, function, line) -> number of parameters`` of every function and lambda in the package."""
    counts = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                a = node.args
                n = len(a.posonlyargs) + len(a.args) + len(a.kwonlyargs) + (a.vararg is not None) + (a.kwarg is not None)
                counts[(path.relative_to(PACKAGE).as_posix(), getattr(node, "name", "<lambda>"), node.lineno)] = n
    return counts


def test_no_function_takes_more_than_sixteen_parameters():
    over = {key: n for key, n in parameter_counts().items() if n > MAX_PARAMETERS}
    unexpected = [f"{file}:{line} {name}() takes {n}" for (file, name, line), n in over.items()
                  if n > ALLOWED.get((file, name), MAX_PARAMETERS)]
    assert not unexpected, "take the arrays as records: " + "; ".join(unexpected)


def test_the_allow_list_names_only_functions_still_over_the_limit():
    over = {(file, name) for (file, name, _), n in parameter_counts().items() if n > MAX_PARAMETERS}
    stale = sorted(set(ALLOWED) - over)
    assert not stale, f"these no longer exceed {MAX_PARAMETERS} parameters: drop them from ALLOWED: {stale}"


def test_the_table_records_are_defined_once():
    records = {"RankTables", "Tables", "MaskTables", "BoardTables", "EquityTables", "HiLoTables", "OmahaTables",
               "OFCTables"}
    where: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.name in records:
                where.setdefault(node.name, []).append(path.relative_to(PACKAGE).as_posix())
    assert where == {name: ["table_records.py"] for name in records}


#: The most lines a module of ``src/pokerlut`` holds: small modules with one clear job.
MAX_LINES = 500

#: Modules still over :data:`MAX_LINES`, with their count today (each may only shrink; ``None``: no
#: count while another change reworks the module), and why.
LONG_MODULES: dict[str, tuple[int | None, str]] = {
}


def module_lengths() -> dict[str, int]:
    """``file -> number of lines`` of every module of the package."""
    return {path.relative_to(PACKAGE).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
            for path in sorted(PACKAGE.rglob("*.py")) if "__pycache__" not in path.parts}


def test_no_module_is_over_five_hundred_lines():
    over = [f"{file} has {n} lines" for file, n in module_lengths().items()
            if n > (LONG_MODULES.get(file, (MAX_LINES, ""))[0] or n)]
    assert not over, f"split these by job (at most {MAX_LINES} lines a module): " + "; ".join(over)


def test_the_long_module_list_names_only_modules_still_over_the_limit():
    lengths = module_lengths()
    stale = sorted(file for file in LONG_MODULES if lengths.get(file, 0) <= MAX_LINES)
    assert not stale, f"these are no longer over {MAX_LINES} lines: drop them from LONG_MODULES: {stale}"

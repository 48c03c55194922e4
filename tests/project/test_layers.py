"""The import rule, read from the source with ``ast``: every module of ``src/pokerlut`` belongs to a
layer, and imports only from the layers its own may use (same layer allowed, as long as no import
cycle forms); no cycle at all; no private name (``_x``) of one file imported or read by another; a
package's private modules (``_kernels``) used only inside that package.  Function-level imports
count as much as the ones at the top.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "pokerlut"

#: Layers, bottom up: the first segment of a module's dotted path (under ``pokerlut``) names it.
LAYERS: dict[str, tuple[str, ...]] = {
    "facts": ("constants", "layout", "typing", "_messages", "config", "table_records"),
    "plumbing": ("_seeds", "_threads", "_notice", "_folders", "_records", "_lazy"),
    "kernels": ("kernels",),
    "data": ("tables", "table_files", "table_checks", "rules", "variants"),
    "input": ("cards", "card_notation", "card_text", "card_format", "card_checks", "_input",
              "input_lists", "input_checks", "input_deals"),
    "ranking": ("strength", "evaluate", "omaha", "showdown", "enumeration", "sampling", "jit", "iso",
                "iso_rounds", "iso_streets"),
    "ranges and games": ("ranges", "videopoker", "boards", "ofc", "abstraction"),
    "equity": ("equities",),
    "tools": ("interop", "course", "dask", "plot", "bench", "cuda", "analytics"),
    "face": ("warmup", "cli", "__init__", "__main__"),
    "generator": ("tablegen",),
}
_BELOW_INPUT = {"facts", "plumbing", "kernels", "data"}
#: What each layer may import, besides itself.
ALLOWED: dict[str, set[str]] = {
    "facts": set(),
    "plumbing": {"facts"},
    "kernels": {"facts", "plumbing"},
    "data": {"facts"},
    "input": _BELOW_INPUT,
    "ranking": _BELOW_INPUT | {"input"},
    "ranges and games": _BELOW_INPUT | {"input", "ranking"},
    "equity": _BELOW_INPUT | {"input", "ranking", "ranges and games"},
    "tools": _BELOW_INPUT | {"input", "ranking", "ranges and games", "equity"},
    "face": set(LAYERS),
    "generator": {"facts"},
}
LAYER_OF = {room: layer for layer, rooms in LAYERS.items() for room in rooms}


def module_name(path: Path) -> str:
    """``pokerlut.equities.deal`` for ``src/pokerlut/equities/deal.py`` (a package: its ``__init__``)."""
    parts = ("pokerlut",) + path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_package(name: str) -> bool:
    return (PACKAGE.joinpath(*name.split(".")[1:]) / "__init__.py").is_file()


def is_module(name: str) -> bool:
    parts = name.split(".")[1:]
    return name == "pokerlut" or is_package(name) or PACKAGE.joinpath(*parts).with_suffix(".py").is_file()


def layer(name: str, path: Path | None = None) -> str:
    """The layer of module ``name`` (the top-level package itself is the face)."""
    parts = name.split(".")
    if len(parts) == 1:
        return "face"
    return LAYER_OF[parts[1]]


SOURCES = sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)
MODULES = {module_name(p): p for p in SOURCES}


def imports(path: Path) -> list[tuple[str, str | None, int]]:
    """``(module, imported name or None, line)`` of every pokerlut import in a file: ``from m import x``
    gives ``(m.x, None)`` when ``m.x`` is a module, else ``(m, "x")``."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, None, node.lineno) for alias in node.names if alias.name.startswith("pokerlut")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            elif node.module and node.module.startswith("pokerlut"):
                target = node.module
            else:
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.append((sub, None, node.lineno) if is_module(sub) else (target, alias.name, node.lineno))
    return found


def private_reads(path: Path) -> list[tuple[str, str, int]]:
    """``(module, attribute, line)`` of every ``module._name`` read through an imported pokerlut module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bound = {}
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("pokerlut")):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else [])) if node.level else node.module
            for alias in node.names:
                if is_module(f"{target}.{alias.name}"):
                    bound[alias.asname or alias.name] = f"{target}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("pokerlut") and alias.asname:
                    bound[alias.asname] = alias.name
    return [(bound[node.value.id], node.attr, node.lineno) for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound
            and node.attr.startswith("_") and not node.attr.startswith("__")]


def graph() -> dict[str, set[str]]:
    return {name: {target for target, _, _ in imports(path) if target != name} for name, path in MODULES.items()}


def test_every_module_has_a_layer():
    missing = sorted(name for name in MODULES if len(name.split(".")) > 1 and name.split(".")[1] not in LAYER_OF)
    assert not missing, f"modules with no layer in tests/project/test_layers.py: {missing}"


def test_no_import_runs_up_the_layers():
    bad = []
    for name, path in MODULES.items():
        mine = layer(name)
        for target, _, line in imports(path):
            theirs = layer(target)
            if theirs != mine and theirs not in ALLOWED[mine]:
                bad.append(f"{path.relative_to(PACKAGE)}:{line}: {name} ({mine}) imports {target} ({theirs})")
    assert not bad, "imports that run up the layers:\n" + "\n".join(bad)


def test_no_module_imports_its_own_package():
    """Within a package, only downward: a module never reaches up to its package's ``__init__``."""
    bad = []
    for name, path in MODULES.items():
        for target, _, line in imports(path):
            if is_package(target) and name.startswith(target + ".") and path.name != "__init__.py":
                bad.append(f"{path.relative_to(PACKAGE)}:{line}: {name} imports its package {target}")
    assert not bad, "\n".join(bad)


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected set of two or more modules (Tarjan), each a cycle of imports."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles():
    assert cycles(graph()) == []


def test_no_private_name_crosses_a_file():
    bad = []
    for name, path in MODULES.items():
        for target, attr, line in imports(path):
            if attr is not None and attr.startswith("_") and not attr.startswith("__"):
                bad.append(f"{path.relative_to(PACKAGE)}:{line}: imports {attr} from {target}")
        for target, attr, line in private_reads(path):
            bad.append(f"{path.relative_to(PACKAGE)}:{line}: reads {target}.{attr}")
    assert not bad, "private names used across files:\n" + "\n".join(bad)


def test_private_modules_stay_in_their_package():
    bad = []
    for name, path in MODULES.items():
        for target, _, line in imports(path):
            owner, _, leaf = target.rpartition(".")
            if leaf.startswith("_") and not leaf.startswith("__") and not name.startswith(owner + ".") \
                    and name != owner:
                bad.append(f"{path.relative_to(PACKAGE)}:{line}: {name} uses {target}, private to {owner}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("source, expected", [
    ("from ..equities import equity\n", [("pokerlut.equities", "equity")]),
    ("from .. import _threads\n", [("pokerlut._threads", None)]),
    ("from .deal import _live\n", [("pokerlut.ranges.deal", "_live")]),
])
def test_the_reader_resolves_relative_imports(tmp_path, monkeypatch, source, expected):
    path = PACKAGE / "ranges" / "probe_for_the_layer_test.py"
    monkeypatch.setattr(Path, "read_text", lambda self, encoding=None: source)
    assert [(t, a) for t, a, _ in imports(path)] == expected


def test_the_kernel_cache_stamp_covers_every_file_a_kernel_imports():
    """A cached kernel is stamped with its module and every pokerlut file that module imports,
    directly or not (:func:`pokerlut.kernels.sources.kernel_sources`): here the same closure, read
    with ``ast`` by :func:`imports`, for every module that compiles kernels."""
    from pokerlut.kernels.sources import kernel_sources

    helpers = ("pokerlut.kernels.compile", "pokerlut.kernels.cache")
    compiling = [name for name, path in MODULES.items() if any(target in helpers for target, _, _ in imports(path))]
    assert "pokerlut.kernels.rank" in compiling and "pokerlut.jit" in compiling
    edges = graph()
    for name in compiling:
        closure, todo = set(), [name]
        while todo:
            module = todo.pop()
            if module not in closure:
                closure.add(module)
                todo.extend(edges.get(module, ()))
        stamped = {module_name(path) for path in kernel_sources(str(MODULES[name]))}
        assert closure <= stamped, f"{name}: imports not in its cache stamp: {sorted(closure - stamped)}"

"""What a compiled kernel depends on: its module and every pokerlut module that module imports,
directly or through others (:func:`kernel_sources`), and one hash over them all
(:func:`source_stamp`), which :mod:`.cache` keys every cached kernel on.  numba keys a cached kernel
on its own source file only, so a kernel whose primitives changed (another file) would load stale
machine code after an edit or an upgrade.
"""

from __future__ import annotations

import hashlib
import re
import threading
from functools import lru_cache
from pathlib import Path

__all__ = ["kernel_sources", "source_stamp"]


def _module_file(folder: Path) -> Path | None:
    """The source of the module at ``folder`` (``x`` for ``x.py``; a package: its ``__init__.py``)."""
    for file in (folder.with_suffix(".py"), folder / "__init__.py"):
        if file.is_file():
            return file.resolve()
    return None


_FROM_IMPORT = re.compile(rb"^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]*)", re.M)
_IMPORT = re.compile(rb"^[ \t]*import[ \t]+([\w.]+)", re.M)


@lru_cache(maxsize=None)
def _imports_of(path: Path) -> frozenset[Path]:
    """The source files of the pokerlut modules ``path`` imports (at its top or inside functions;
    read from the text, so a line in a docstring may add one more, never one less): ``from .x
    import a`` counts ``x``; ``from . import y`` counts ``y`` when it is a module, else the
    package's ``__init__.py``; ``import pokerlut.x`` counts ``x``."""
    text = path.read_bytes()
    found = set()
    for dots, module, names in _FROM_IMPORT.findall(text):
        module = module.decode()
        if dots:
            base = path.parent
            for _ in range(len(dots) - 1):
                base = base.parent
        elif module.split(".")[0] == _PACKAGE.name:
            base, module = _PACKAGE, module.partition(".")[2]
        else:
            continue
        target = base.joinpath(*module.split(".")) if module else base
        for name in re.findall(rb"\w+", names):
            file = _module_file(target / name.decode()) or _module_file(target)
            if file is not None:
                found.add(file)
    for module in _IMPORT.findall(text):
        parts = module.decode().split(".")
        if parts[0] == _PACKAGE.name and len(parts) > 1:
            file = _module_file(_PACKAGE.joinpath(*parts[1:]))
            if file is not None:
                found.add(file)
    return frozenset(found)


_PACKAGE = Path(__file__).resolve().parents[1]
_stamps: dict[str, str] = {}
_stamps_lock = threading.Lock()


def kernel_sources(py_file: str) -> list[Path]:
    """``py_file`` and every pokerlut source file it imports, directly or through others, sorted:
    what the machine code compiled from ``py_file`` may depend on.

    >>> names = [p.name for p in kernel_sources(str(Path(__file__).with_name("rank.py")))]
    >>> {"rank.py", "primitives.py", "intrinsics.py", "layout.py", "constants.py"} <= set(names)
    True
    """
    seen, todo = set(), [Path(py_file).resolve()]
    while todo:
        path = todo.pop()
        if path in seen or not path.is_file():
            continue
        seen.add(path)
        todo.extend(_imports_of(path) - seen)
    return sorted(seen)


def source_stamp(py_file: str) -> str:
    """A SHA-256 over :func:`kernel_sources` of ``py_file`` (each file's path in the package and
    its bytes), once per process: a cached kernel is loaded only while none of them changed."""
    with _stamps_lock:
        if py_file not in _stamps:
            digest = hashlib.sha256()
            for path in kernel_sources(py_file):
                name = path.relative_to(_PACKAGE).as_posix() if path.is_relative_to(_PACKAGE) else path.name
                digest.update(name.encode() + b"\0")
                digest.update(path.read_bytes())
            _stamps[py_file] = digest.hexdigest()
        return _stamps[py_file]

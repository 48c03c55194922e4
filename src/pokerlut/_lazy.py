"""Packages whose names are imported on first use (PEP 562): one factory for every lazy package.

A package lists each public name by the module that defines it, and gets a module-level
``__getattr__`` that imports that module the first time the name is read (then keeps the value
in the package, so the next read is a plain attribute) and a ``__dir__`` that shows the names
before they are loaded.  ``import pokerlut`` and ``from pokerlut import videopoker`` load nothing
heavy this way.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any


def lazy_attributes(package: str, names: Mapping[str, str], public: Iterable[str], modules: Iterable[str] = (),
                    any_submodule: bool = False) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``: a name of ``names`` is read from its module
    (a path relative to the package) on first use and kept in the package; a name of ``modules``
    (or, with ``any_submodule``, the name of any submodule) is imported as that submodule, which
    the import binds on the package.  ``__dir__`` gives ``public`` with the package's own names.

    >>> get, names = lazy_attributes("pokerlut", {"WILD": "constants"}, ["WILD"], modules=["iso"])
    >>> get("WILD")
    52
    >>> get("iso").__name__
    'pokerlut.iso'
    >>> "WILD" in names()
    True
    >>> get("no_such_name")
    Traceback (most recent call last):
    ...
    AttributeError: module 'pokerlut' has no attribute 'no_such_name'
    """
    modules = frozenset(modules)
    public = tuple(public)

    def __getattr__(name: str) -> Any:
        if name in modules:
            return importlib.import_module(f".{name}", package)  # the import binds it on the package
        module = names.get(name)
        if module is None:
            if any_submodule and not name.startswith("__") \
                    and importlib.util.find_spec(f"{package}.{name}") is not None:
                return importlib.import_module(f".{name}", package)
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module}", package), name)
        vars(sys.modules[package])[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(public))

    return __getattr__, __dir__

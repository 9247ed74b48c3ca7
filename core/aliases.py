"""One module per source file, whatever name the core is imported by.

The core's files are reachable under three names: ``core`` (the plugin's
folder on ``sys.path``: tests, scripts), ``roadnetworkmetrics.core`` (the
library; in a checkout a stand-in pointing at ``core/``) and
``<plugin>.core`` inside QGIS (``roadmetrics.core``).  Python would load
each file once per name, giving two registries, two ``LineSet`` classes
and split module state.  The first name the core is imported by is its
*canonical* name; :func:`install` then puts a finder first on
``sys.meta_path`` that answers the other names with the canonical
modules (``import core.registry`` gives the very module object
``roadmetrics.core.registry``).  A name is aliased only when it would load
these same files, so an unrelated package called ``core`` is left alone.
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys

# the package names (other than the canonical one) the core's files go by
LIBRARY = "roadnetworkmetrics"
PLUGIN = "roadmetrics"


def _same(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, canonical: str, folder: str):
        self.canonical, self.folder = canonical, folder
        self.decided: dict = {}

    def _prefix(self, name: str):
        for prefix in ("core", LIBRARY + ".core", PLUGIN + ".core"):
            if prefix != self.canonical and (name == prefix or name.startswith(prefix + ".")):
                return prefix
        return None

    def _ours(self, prefix: str) -> bool:
        """Would ``prefix`` load the files of ``self.folder``?"""
        if prefix not in self.decided:
            self.decided[prefix] = self._resolve(prefix)
        return self.decided[prefix]

    def _resolve(self, prefix: str) -> bool:
        parent = prefix.rpartition(".")[0]
        if not parent:       # top-level ``core``: where the path finder would find it
            spec = importlib.machinery.PathFinder.find_spec(prefix)
            return bool(spec and spec.submodule_search_locations and
                        _same(list(spec.submodule_search_locations)[0], self.folder))
        mod = sys.modules.get(parent)
        locations = list(getattr(mod, "__path__", []) or []) if mod is not None else []
        if mod is None:
            spec = importlib.machinery.PathFinder.find_spec(parent)
            locations = list(spec.submodule_search_locations or []) if spec else []
        for loc in locations:
            sub = os.path.join(loc, "core")
            # the package's own core/, or (a checkout) core/ beside the package
            if _same(sub, self.folder) or _same(os.path.join(os.path.dirname(loc), "core"),
                                                self.folder) and \
                    os.path.isfile(os.path.join(sub, "__init__.py")):
                return True
        return False

    def find_spec(self, name, path=None, target=None):
        prefix = self._prefix(name)
        if prefix is None or not self._ours(prefix):
            return None
        real = self.canonical + name[len(prefix):]
        return importlib.util.spec_from_loader(name, self, origin=real,
                                               is_package=name == prefix or None)

    def create_module(self, spec):
        return importlib.import_module(spec.origin)

    def exec_module(self, module):
        pass   # the canonical module is already executed


def install(canonical: str, folder: str) -> None:
    """Answer the core's other names with the modules of ``canonical``
    (once per process: the first import of the core decides)."""
    if any(isinstance(f, _Alias) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _Alias(canonical, folder))

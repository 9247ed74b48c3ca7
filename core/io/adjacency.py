"""Graph pickles as Sat2Graph, RNGDet and SAM-Road write them: a pickled
adjacency dict ``{(a, b): [(a2, b2), ...]}`` in pixels (``.p``,
``.pickle``), read as lines by core/io/graphs.py ``from_adjacency``.

Unpickling can run code; these files are read with an unpickler that
builds nothing but dicts, lists, tuples, numbers and numpy scalars and
arrays (the types such pickles hold): anything else is refused with a
sentence, so a hostile file cannot execute anything."""
from __future__ import annotations

import os
import pickle
from typing import Optional

from ..text import msg
from .graphs import from_adjacency, is_adjacency
from .source import Source

# the only globals a graph pickle may name (numpy scalars and arrays, as
# numpy 1.x and 2.x pickle them; Python 2's protocol 0/2 names builtins)
ALLOWED = {
    ("numpy.core.multiarray", "scalar"), ("numpy._core.multiarray", "scalar"),
    ("numpy.core.multiarray", "_reconstruct"), ("numpy._core.multiarray", "_reconstruct"),
    ("numpy", "dtype"), ("numpy", "ndarray"), ("numpy.core.numeric", "_frombuffer"),
    ("numpy._core.numeric", "_frombuffer"), ("__builtin__", "set"), ("builtins", "set"),
    ("copy_reg", "_reconstructor"), ("copyreg", "_reconstructor"),
    ("__builtin__", "object"), ("builtins", "object"), ("_codecs", "encode"),
}


class _Refused(Exception):
    pass


class _GraphUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str):
        if (module, name) in ALLOWED:
            return super().find_class(module, name)
        raise _Refused(f"{module}.{name}")


def read_adjacency_pickle(path: str, axes: Optional[str] = None) -> Source:
    """The lines of a pickled adjacency dict; ValueError with a sentence
    for anything else (another object, a pickle naming other code)."""
    name = os.path.basename(path)
    try:
        with open(path, "rb") as f:
            obj = _GraphUnpickler(f, encoding="latin1").load()
    except _Refused as e:
        raise ValueError(msg("{}: this pickle names {}, which a graph pickle does not need: it is "
                             "not read (unpickling can run code).", name, e.args[0])) from None
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError,
            ImportError, IndexError, KeyError, OSError) as e:
        raise ValueError(msg("{} cannot be read as a pickle ({}).", name, e)) from None
    if isinstance(obj, dict) and not obj:
        return _empty(name)
    if not is_adjacency(obj):
        raise ValueError(msg("{}: the pickle holds a {}, not an adjacency dict {{(a, b): [(a2, b2), "
                             "...]}} (Sat2Graph / SAM-Road graph pickles).", name, type(obj).__name__))
    return from_adjacency(obj, name, axes=axes)


def _empty(name: str) -> Source:
    """An empty graph pickle: a prediction without roads."""
    from .source import LineCollector
    return LineCollector([]).source(name, None)

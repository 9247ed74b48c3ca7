"""RoadTracer ``.graph`` files (Bastani et al., CVPR 2018): vertex lines
``x y`` (pixel coordinates, y down), one blank line, then edge lines ``i j``
(0-based vertex indices).  RoadTracer writes every edge in both directions;
an edge and its reverse are one road here."""
from __future__ import annotations

import os

import numpy as np

from ..text import N_, msg
from .source import Source
from ..network.lineset import LineSet


def read_graph(path: str) -> Source:
    """The edges of a .graph file as two-point lines in pixel coordinates."""
    name = os.path.basename(path)
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(msg("{} is not a readable RoadTracer .graph file ({}).", name, e))
    lines = text.splitlines()
    try:
        blank = next(i for i, l in enumerate(lines) if not l.strip())
    except StopIteration:
        blank = len(lines)
    vertices = _rows(lines[:blank], name, 0, float)
    edges = _rows([l for l in lines[blank + 1:] if l.strip()], name, blank + 1, int)
    if len(edges) and (edges.min() < 0 or edges.max() >= len(vertices)):
        bad = int(np.argmax((edges < 0).any(axis=1) | (edges >= len(vertices)).any(axis=1)))
        raise ValueError(msg("{}: edge '{} {}' names a vertex that does not exist ({} vertices).",
                             name, edges[bad, 0], edges[bad, 1], len(vertices)))
    if len(edges):
        e = np.sort(edges, axis=1)
        e = np.unique(e[e[:, 0] != e[:, 1]], axis=0)
    else:
        e = np.zeros((0, 2), np.int64)
    parts = [vertices[[i, j]] for i, j in e]
    keep = [k for k, p in enumerate(parts) if (p[0] != p[1]).any()]
    counts = {"features": len(e), "null_geometries": 0, "invalid_parts": len(e) - len(keep),
              "vertices": len(vertices)}
    ls = LineSet([parts[k] for k in keep], counts=counts)
    return Source(ls, None, True, name)


def _rows(lines, name, first, kind):
    out = []
    for k, l in enumerate(lines):
        cells = l.split()
        try:
            if len(cells) != 2:
                raise ValueError
            out.append([kind(c) for c in cells])
        except ValueError:
            template = (N_("{}, line {}: expected a vertex line 'x y', got '{}'.")
                        if kind is float else
                        N_("{}, line {}: expected an edge line 'i j', got '{}'."))
            raise ValueError(msg(template, name, first + k + 1, l.strip()[:60]))
    arr = np.asarray(out, dtype=float if kind is float else np.int64).reshape(-1, 2)
    if kind is float and not np.isfinite(arr).all():
        raise ValueError(msg("{}: non-finite vertex coordinates.", name))
    return arr

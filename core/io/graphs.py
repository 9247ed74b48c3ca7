"""networkx and osmnx graphs as lines.

Node coordinates come from the node attributes ``x`` / ``y`` (osmnx), else
``pos`` (networkx drawing), else from what ``node_xy`` names: a pair of
attribute names, one attribute holding (x, y), or ``"key"`` when the nodes
are (x, y) tuples themselves (sknw, many research pickles).  An edge's
``geometry`` (a shapely LineString, as osmnx stores it) is its line when
present, else the straight segment between its nodes.  In a directed graph
an edge and its reverse with the same line (osmnx's two-way roads) are one
road; parallel edges with different lines are kept.  The graph's CRS is
``G.graph['crs']`` (osmnx) when set."""
from __future__ import annotations

from typing import Any, Optional, Union

import numpy as np

from ..text import msg
from .source import LineCollector, Source

NodeXY = Union[None, str, tuple]


def _node_xy(G, node_xy: NodeXY, name: str):
    """A function node -> (x, y), chosen once for the whole graph."""
    nodes = G.nodes
    if node_xy == "key":
        return lambda n: (float(n[0]), float(n[1]))
    if isinstance(node_xy, tuple) and len(node_xy) == 2:
        a, b = node_xy
        return lambda n: (float(nodes[n][a]), float(nodes[n][b]))
    if isinstance(node_xy, str):
        return lambda n: tuple(float(v) for v in nodes[n][node_xy][:2])
    if node_xy is not None:
        raise ValueError(msg("{}: node_xy must be two attribute names, one attribute name or "
                             "'key', not {!r}.", name, node_xy))
    data = [d for _, d in G.nodes(data=True)]
    if data and all("x" in d and "y" in d for d in data):
        return lambda n: (float(nodes[n]["x"]), float(nodes[n]["y"]))
    if data and all("pos" in d for d in data):
        return lambda n: tuple(float(v) for v in nodes[n]["pos"][:2])
    raise ValueError(msg("{}: the graph's nodes have no coordinates (neither 'x' / 'y' nor "
                         "'pos' on every node); name them with node_xy=('x_attr', 'y_attr'), "
                         "node_xy='attr' or node_xy='key' for (x, y) node keys.", name))


def _scalar(v: Any):
    if v is None or isinstance(v, (str, bool, int, float, np.integer, np.floating)):
        return v.item() if isinstance(v, (np.integer, np.floating)) else v
    if isinstance(v, (list, tuple)):
        return ";".join(str(x) for x in v)
    return None


def from_networkx(G, node_xy: NodeXY = None, name: str = "graph",
                  crs: Optional[Any] = None) -> Source:
    """The edges of a networkx (Multi)(Di)Graph as lines."""
    xy = _node_xy(G, node_xy, name)
    multi = G.is_multigraph()
    edges = G.edges(keys=True, data=True) if multi else G.edges(data=True)
    fields = sorted({k for *_, d in edges for k, v in d.items()
                     if k != "geometry" and _scalar(v) is not None})
    collector = LineCollector(fields)
    seen = set()
    directed = G.is_directed()
    for e in (G.edges(keys=True, data=True) if multi else G.edges(data=True)):
        u, v, d = e[0], e[1], e[-1]
        try:
            g = d.get("geometry")
            line = (np.asarray(g.coords, float)[:, :2] if g is not None
                    else np.array([xy(u), xy(v)], float))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            raise ValueError(msg("{}: edge ({}, {}) has no usable coordinates.", name, u, v))
        if directed and len(line):
            canon = line if tuple(line[0]) <= tuple(line[-1]) else line[::-1]
            key = canon.tobytes()
            if key in seen:
                continue
            seen.add(key)
        collector.add([line], None, {k: _scalar(d.get(k)) for k in fields})
    if crs is None:
        crs = G.graph.get("crs")
    return collector.source(name, crs)

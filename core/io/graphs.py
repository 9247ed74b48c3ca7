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
    if len(nodes) == 0:          # an empty graph (a model that predicts nothing): no lines
        return lambda n: (0.0, 0.0)
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


def _edge_lines(G, edges, xy, name) -> list:
    """One (k, 2) array per edge: its geometry's coordinates (all at once
    with shapely 2), else the segment between its nodes."""
    geoms = [e[-1].get("geometry") for e in edges]
    lines: list = [None] * len(edges)
    have = [i for i, g in enumerate(geoms) if g is not None]
    try:
        import shapely
        vectorised = hasattr(shapely, "get_coordinates") and hasattr(shapely, "from_wkb")
    except ImportError:  # pragma: no cover (shapely is a requirement)
        vectorised = False
    if have and vectorised:
        coords, idx = shapely.get_coordinates(np.array([geoms[i] for i in have], dtype=object),
                                              return_index=True)
        counts = np.bincount(idx, minlength=len(have))
        for i, c in zip(have, np.split(coords, np.cumsum(counts)[:-1])):
            lines[i] = c
    for i, e in enumerate(edges):
        if lines[i] is not None:
            continue
        try:
            lines[i] = (np.asarray(geoms[i].coords, float)[:, :2] if geoms[i] is not None
                        else np.array([xy(e[0]), xy(e[1])], float))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            raise ValueError(msg("{}: edge ({}, {}) has no usable coordinates.", name, e[0], e[1]))
    return lines


def _two_way_duplicates(G, edges, lines) -> np.ndarray:
    """True for an edge whose reverse (same two nodes, same vertices in the
    other order) came earlier: osmnx's two-way roads.  The key (the two
    nodes, the vertex count and the sums of the coordinates) does not depend
    on the direction; found for all edges at once (np.unique)."""
    if not lines:
        return np.zeros(0, bool)
    code = {node: i for i, node in enumerate(G.nodes)}
    uv = np.array([(code[e[0]], code[e[1]]) for e in edges], dtype=np.int64).reshape(-1, 2)
    n = np.array([len(l) for l in lines])
    allc = np.concatenate(lines)
    starts = np.concatenate([[0], np.cumsum(n)[:-1]])
    sums = np.add.reduceat(allc, np.minimum(starts, len(allc) - 1), axis=0)
    sums[n == 0] = 0.0
    keys = np.column_stack([uv.min(axis=1), uv.max(axis=1), n,
                            (np.round(sums, 6) + 0.0).view(np.int64).reshape(-1, 2)])
    _, first = np.unique(keys, axis=0, return_index=True)
    dup = np.ones(len(lines), bool)
    dup[first] = False
    return dup


def from_networkx(G, node_xy: NodeXY = None, name: str = "graph",
                  crs: Optional[Any] = None) -> Source:
    """The edges of a networkx (Multi)(Di)Graph as lines."""
    xy = _node_xy(G, node_xy, name)
    edges = list(G.edges(keys=True, data=True) if G.is_multigraph() else G.edges(data=True))
    lines = _edge_lines(G, edges, xy, name)
    if G.is_directed():
        keep = ~_two_way_duplicates(G, edges, lines)
        edges = [e for e, k in zip(edges, keep) if k]
        lines = [l for l, k in zip(lines, keep) if k]
    fields = sorted({k for e in edges for k, v in e[-1].items()
                     if k != "geometry" and _scalar(v) is not None})
    attrs = {f: [_scalar(e[-1].get(f)) for e in edges] for f in fields}
    collector = LineCollector(fields)
    n = [len(l) for l in lines]
    collector.add_many(np.concatenate(lines) if lines else np.zeros((0, 2)),
                       np.concatenate([[0], np.cumsum(n)]), attrs)
    if crs is None:
        crs = G.graph.get("crs")
    return collector.source(name, crs)

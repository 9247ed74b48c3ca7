"""networkx and osmnx graphs, sknw graphs and adjacency dicts as lines.

Node coordinates come from the node attributes ``x`` / ``y`` (osmnx), else
``pos`` (networkx drawing), else from what ``node_xy`` names: a pair of
attribute names, one attribute holding (x, y), or ``"key"`` when the nodes
are (x, y) tuples themselves (many research pickles).  An edge's
``geometry`` (a shapely LineString, as osmnx stores it; WKT text or WKB
bytes as GraphML files and pickles keep it) is its line when present, else
the straight segment between its nodes; a geometry whose ends are away
from its nodes' coordinates is used with a warning.  In a directed graph
an edge and its reverse with the same line (osmnx's two-way roads) are one
road; parallel edges with different lines are kept.  The graph's CRS is
``G.graph['crs']`` (osmnx) when set.

Pixel graphs: an sknw graph (nodes with ``o``, edges with ``pts``, both in
(row, col) pixel indices) is read as pixel centres, x = col + 0.5, y =
row + 0.5, with each edge's line from its first node through ``pts`` to
its other node.  An adjacency dict ``{(a, b): [(a2, b2), ...]}`` (Sat2Graph,
RNGDet, SAM-Road pickles) gives one line per neighbouring pair, listed in
one or both directions.  ``axes="rowcol"`` says that the coordinates are
(row, col), as in Sat2Graph's City-Scale pickles (x = col, y = row);
``"xy"`` that they are (x, y): the default, except for sknw graphs.
Pixel coordinates become metres with a pixel size (x s, -y s).
"""
from __future__ import annotations

from typing import Any, Optional, Union

import numpy as np

from ..crs import DEGREE_CRS_NAMES
from ..text import Text, msg
from .source import LineCollector, Source

NodeXY = Union[None, str, tuple]
AXES = ("xy", "rowcol")

# an edge geometry whose ends are farther than this from its nodes' coordinates
# is reported: metres (the default vertex merge tolerance), or degrees for a graph
# in longitude / latitude (osmnx's default EPSG:4326)
END_TOLERANCE_M = 0.05
_DEGREE_CRSS = DEGREE_CRS_NAMES + ("WGS84",)


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
    geoms = [_geometry(e, name) for e in edges]
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


def _geometry(edge, name: str):
    """An edge's ``geometry`` as a shapely geometry (WKT text and WKB bytes
    read), None when it has none; ValueError naming the edge otherwise."""
    g = edge[-1].get("geometry")
    if g is None or hasattr(g, "geom_type"):
        return g
    if isinstance(g, (str, bytes, bytearray)):
        try:
            from shapely import wkb, wkt
            return wkt.loads(g) if isinstance(g, str) else wkb.loads(bytes(g))
        except Exception:  # shapely's ParseError / WKBReadingError / GEOSException
            pass
    raise ValueError(msg("{}: edge ({}, {}) has a geometry that is neither a shapely line nor "
                         "WKT / WKB text: {!r}.", name, edge[0], edge[1], str(g)[:60]))


def _end_warnings(edges, lines, xy, has_geometry, name, crs) -> list:
    """A warning when edge geometries do not end at their nodes' coordinates
    (by more than END_TOLERANCE_M, or its equivalent in degrees): moving
    a node then changes nothing, and the user should know which one counts."""
    idx = [i for i, g in enumerate(has_geometry) if g]
    if not idx:
        return []
    try:
        u = np.array([xy(edges[i][0]) for i in idx], float)
        v = np.array([xy(edges[i][1]) for i in idx], float)
    except (KeyError, TypeError, ValueError, IndexError):
        return []                # nodes without coordinates: the geometries are all there is
    a = np.array([lines[i][0] for i in idx], float)
    b = np.array([lines[i][-1] for i in idx], float)
    d = np.minimum(np.maximum(np.hypot(*(a - u).T), np.hypot(*(b - v).T)),
                   np.maximum(np.hypot(*(a - v).T), np.hypot(*(b - u).T)))
    degrees = str(crs).upper().replace(" ", "") in _DEGREE_CRSS if crs is not None else False
    tol = END_TOLERANCE_M / 111_320.0 if degrees else END_TOLERANCE_M
    bad = np.flatnonzero(~(d <= tol))
    if not len(bad):
        return []
    worst = bad[np.argmax(np.where(np.isfinite(d[bad]), d[bad], np.inf))]
    e = edges[idx[worst]]
    return [msg("{}: the geometry of {} edge(s) does not end at its nodes' coordinates (up to "
                "{:.6g} {} away, e.g. edge ({}, {})): the geometries are scored, the node "
                "coordinates are not used.", name, len(bad), float(d[worst]),
                msg("degrees") if degrees else msg("coordinate units"), e[0], e[1])]


def _is_sknw(G) -> bool:
    """An sknw graph: every node has ``o``, every edge ``pts`` (row, col)."""
    return (G.number_of_edges() > 0 and all("o" in d for _, d in G.nodes(data=True))
            and all("pts" in e[-1] for e in G.edges(data=True)))


def _sknw_lines(G, edges, name) -> list:
    """sknw edges as (k, 2) arrays of (row, col): first node's ``o``, the
    edge's ``pts`` in the direction that starts near it, the other node's
    ``o`` (each only once when ``pts`` already holds it: sknw's full=True)."""
    lines = []
    for e in edges:
        try:
            o0 = np.asarray(G.nodes[e[0]]["o"], float).reshape(-1)[:2]
            o1 = np.asarray(G.nodes[e[1]]["o"], float).reshape(-1)[:2]
            pts = np.asarray(e[-1]["pts"], float).reshape(-1, 2)
        except (TypeError, ValueError):
            raise ValueError(msg("{}: sknw edge ({}, {}) has no usable 'pts' / 'o' (row, col) "
                                 "coordinates.", name, e[0], e[1])) from None
        if len(pts) and np.hypot(*(pts[0] - o0)) > np.hypot(*(pts[-1] - o0)):
            pts = pts[::-1]
        # sknw.build_sknw(full=True), its default, already starts and ends pts at the nodes
        head = [o0] if not (len(pts) and (pts[0] == o0).all()) else []
        tail = [o1] if not (len(pts) and (pts[-1] == o1).all()) else []
        lines.append(np.vstack(head + [pts] + tail))
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


def not_a_graph(name: str) -> "Text":
    """The refusal of ``axes`` for an input that is no graph."""
    return msg("{}: axes applies to graphs, graph pickles and adjacency dicts (their coordinate "
               "order), not to this input, whose coordinates are (x, y).", name)


def _axes(axes: Optional[str], name: str) -> Optional[str]:
    if axes is not None and axes not in AXES:
        raise ValueError(msg("{}: axes must be 'xy' (coordinates are x, y) or 'rowcol' (row, "
                             "col, as Sat2Graph's pickles and sknw), not {!r}.", name, axes))
    return axes


def from_networkx(G, node_xy: NodeXY = None, name: str = "graph",
                  crs: Optional[Any] = None, axes: Optional[str] = None) -> Source:
    """The edges of a networkx (Multi)(Di)Graph as lines (sknw graphs
    included); ``axes`` as in the module docstring."""
    axes = _axes(axes, name)
    edges = list(G.edges(keys=True, data=True) if G.is_multigraph() else G.edges(data=True))
    if crs is None:
        crs = G.graph.get("crs")
    warnings: list = []
    if node_xy is None and _is_sknw(G):
        lines = [l + 0.5 for l in _sknw_lines(G, edges, name)]   # pixel indices -> centres
        axes = axes or "rowcol"
    else:
        xy = _node_xy(G, node_xy, name)
        lines = _edge_lines(G, edges, xy, name)
        with_geometry = [e[-1].get("geometry") is not None for e in edges]
        warnings = _end_warnings(edges, lines, xy, with_geometry, name, crs)
    if axes == "rowcol":
        lines = [l[:, ::-1] for l in lines]
    if G.is_directed():
        keep = ~_two_way_duplicates(G, edges, lines)
        edges = [e for e, k in zip(edges, keep) if k]
        lines = [l for l, k in zip(lines, keep) if k]
    fields = sorted({k for e in edges for k, v in e[-1].items()
                     if k not in ("geometry", "pts") and _scalar(v) is not None})
    attrs = {f: [_scalar(e[-1].get(f)) for e in edges] for f in fields}
    src = _collected(lines, attrs, name, crs)
    src.warnings.extend(warnings)
    return src


def _collected(lines: list, attrs: dict, name: str, crs) -> Source:
    collector = LineCollector(list(attrs))
    n = [len(l) for l in lines]
    collector.add_many(np.concatenate(lines) if lines else np.zeros((0, 2)),
                       np.concatenate([[0], np.cumsum(n)]), attrs)
    return collector.source(name, crs)


def is_adjacency(obj: Any) -> bool:
    """A dict whose keys are all pairs of numbers (a Sat2Graph-style graph)."""
    if not isinstance(obj, dict) or not obj:
        return False
    return all(isinstance(k, tuple) and len(k) == 2 and
               all(isinstance(c, (int, float, np.integer, np.floating)) for c in k) for k in obj)


def from_adjacency(adj: dict, name: str = "graph", crs: Optional[Any] = None,
                   axes: Optional[str] = None) -> Source:
    """An adjacency dict ``{(a, b): [(a2, b2), ...]}`` as lines: one segment
    per neighbouring pair, whether listed in one direction or both, in the
    order and direction of its first listing (the dict's order, then each
    vertex's neighbours); a vertex listed as its own neighbour is ignored."""
    axes = _axes(axes, name) or "xy"
    keys = list(adj)
    code = {k: i for i, k in enumerate(keys)}
    pairs = []
    for k, nbrs in adj.items():
        try:
            for n in nbrs:
                n = tuple(float(c) for c in n)
                if len(n) != 2:
                    raise ValueError
                if n not in code:
                    code[n] = len(keys)
                    keys.append(n)
                pairs.append((code[k], code[n]))
        except (TypeError, ValueError):
            raise ValueError(msg("{}: the neighbours of vertex {} must be a list of (a, b) "
                                 "pairs, got {!r}.", name, k, str(nbrs)[:60])) from None
    xy = np.array(keys, float).reshape(-1, 2)
    if axes == "rowcol":
        xy = xy[:, ::-1]
    p = np.array(pairs, np.int64).reshape(-1, 2)
    p = p[p[:, 0] != p[:, 1]]
    # each pair once, at its first listing and in that direction: the order in
    # which Sat2Graph's convert.py lists the edges (its replay depends on it)
    _, first = np.unique(np.sort(p, axis=1), axis=0, return_index=True)
    p = p[np.sort(first)]
    return _collected(list(xy[p].reshape(-1, 2, 2)), {}, name, crs)

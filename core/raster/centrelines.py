"""Centrelines of a road raster (docs/raster.md): threshold,
small components removed, small holes filled, Zhang-Suen skeleton, skeleton
to graph, short spurs pruned, lines simplified.  Every size is in metres
(or square metres), converted with the pixel size of the transform; the
output is the same on every run and platform."""
from __future__ import annotations

from typing import Optional

import numpy as np

from ..network.lineset import LineSet
from ..progress import NO_PROGRESS, Progress
from ..text import N_, msg
from .defaults import FILL_HOLES_M2, MIN_AREA_M2, PRUNE_M, SIMPLIFY_M
from .mask import as_transform, clean_mask, pixel_area, road_mask, to_map
from .skelgraph import skeleton_graph
from .thinning import skeletonize


def extract_centrelines(array, transform, *, threshold: Optional[float] = None, classes=None,
                        min_area_m2: float = MIN_AREA_M2, fill_holes_m2: float = FILL_HOLES_M2,
                        prune_m: float = PRUNE_M, simplify_m: float = SIMPLIFY_M,
                        nodata: Optional[float] = None, progress: Optional[Progress] = None,
                        use_skimage: bool = True) -> LineSet:
    """The centrelines of the road pixels of a band as a LineSet, one line
    per branch between ends and junctions, in map coordinates.

    ``array``: a 2-D array (a 0/1 or bool mask, a probability map with
    ``threshold``: road where ``array >= threshold``, or a class map with
    ``classes``: road where the value is one of them); ``transform``:
    ``(a, b, c, d, e, f)`` with x = a col + b row + c and y = d col + e row
    + f (rasterio / affine order; GDAL's geotransform is (c, a, b, f, d,
    e)) for the pixels' corners, in metres; vertices are at pixel centres.
    ``nodata`` (and NaN) pixels are background.  Sizes: ``min_area_m2``,
    ``fill_holes_m2``, ``prune_m``, ``simplify_m`` (0 switches a step off).
    ``use_skimage``: scikit-image's skeletonize when installed, else the
    same pixels from core/raster/thinning.py."""
    progress = progress or NO_PROGRESS
    t = as_transform(transform)
    for name, v in (("min_area_m2", min_area_m2), ("fill_holes_m2", fill_holes_m2),
                    ("prune_m", prune_m), ("simplify_m", simplify_m)):
        if not (v is not None and np.isfinite(v) and v >= 0):
            raise ValueError(msg("{} must be a number >= 0, got {}.", name, v))
    area = pixel_area(t)
    progress.set(0.0, N_("Thresholding the raster"))
    mask = road_mask(array, threshold=threshold, classes=classes, nodata=nodata)
    mask = clean_mask(mask, min_area_m2 / area, fill_holes_m2 / area)
    progress.set(0.1, N_("Thinning the road mask"))
    skel = skeletonize(mask, use_skimage=use_skimage)
    progress.set(0.6, N_("Tracing the skeleton"))
    _, edges = skeleton_graph(skel)
    del skel
    lines = _to_map_all(edges, t)
    progress.set(0.8, N_("Pruning and simplifying"))
    lines = prune_spurs(lines, prune_m)
    parts = simplify_all([c for _, _, c in lines], simplify_m)
    parts = [p for p in parts if len(p) >= 2]
    progress.set(1.0, None)
    return LineSet(parts)


def _to_map_all(edges: list, transform: tuple) -> list:
    """``[(u, v, map coordinates)]`` of the skeleton's branches: one
    transform of all their (row, col) at once, split again per branch."""
    if not edges:
        return []
    xy = to_map(np.concatenate([rc for _, _, rc in edges]), transform)
    ends = np.cumsum([len(rc) for _, _, rc in edges])[:-1]
    return [(u, v, c) for (u, v, _), c in zip(edges, np.split(xy, ends))]


def _length(c: np.ndarray) -> float:
    d = np.diff(c, axis=0)
    return float(np.hypot(d[:, 0], d[:, 1]).sum())


def _degrees(lines: list) -> dict:
    deg: dict = {}
    for u, v, _ in lines:
        deg[u] = deg.get(u, 0) + 1
        deg[v] = deg.get(v, 0) + 1
    return deg


def _drop_spurs(lines: list, prune_m: float) -> tuple[list, bool]:
    """One round: the branches shorter than ``prune_m`` from a junction to a
    free end, and the loops shorter than it, shortest first (a junction
    whose other branches were all removed keeps its last two)."""
    deg = _degrees(lines)
    lengths = [_length(c) for _, _, c in lines]
    keep = [True] * len(lines)
    for i in sorted(range(len(lines)), key=lambda i: (lengths[i], i)):
        if lengths[i] >= prune_m:
            break
        u, v, _ = lines[i]
        if u == v and deg[u] == 2:
            continue  # a small ring on its own: kept (its area passed min_area_m2)
        spur = u == v or (deg[u] == 1 and deg[v] >= 3) or (deg[v] == 1 and deg[u] >= 3)
        if spur:
            keep[i] = False
            deg[u] -= 1
            deg[v] -= 1
    return [line for line, k in zip(lines, keep) if k], not all(keep)


def _merge_through(lines: list) -> list:
    """Branches meeting at a node of degree 2 joined into one line."""
    lines = [list(line) for line in lines]
    at: dict = {}
    for i, (u, v, _) in enumerate(lines):
        at.setdefault(u, []).append(i)
        at.setdefault(v, []).append(i)
    alive = [True] * len(lines)
    for node in sorted(at):
        ids = [i for i in at[node] if alive[i]]
        if len(ids) != 2 or ids[0] == ids[1]:
            continue
        (u1, v1, c1), (u2, v2, c2) = lines[ids[0]], lines[ids[1]]
        if v1 != node:
            u1, v1, c1 = v1, u1, c1[::-1]
        if u2 != node:
            u2, v2, c2 = v2, u2, c2[::-1]
        lines[ids[0]] = [u1, v2, np.vstack([c1, c2[1:]])]
        alive[ids[1]] = False
        at[v2] = [ids[0] if i == ids[1] else i for i in at[v2]]
    return [tuple(line) for line, a in zip(lines, alive) if a]


def prune_spurs(lines: list, prune_m: float) -> list:
    """``lines`` ([(u, v, (k, 2) coordinates)]) without the spurs shorter
    than ``prune_m`` (rounds until none is left), with the branches through
    nodes of degree 2 joined."""
    lines = _merge_through(lines)
    changed = prune_m > 0
    while changed:
        lines, changed = _drop_spurs(lines, prune_m)
        lines = _merge_through(lines)
    return lines


def simplify(coords: np.ndarray, tolerance: float) -> np.ndarray:
    """Douglas-Peucker simplification of a line (shapely, ends kept)
    within ``tolerance``; consecutive duplicate vertices dropped."""
    c = np.asarray(coords, dtype=float)
    keep = np.concatenate([[True], (c[1:] != c[:-1]).any(axis=1)])
    c = c[keep]
    if tolerance > 0 and len(c) > 2:
        from shapely.geometry import LineString
        c = np.asarray(LineString(c).simplify(tolerance, preserve_topology=False).coords)
    return c


def simplify_all(lines: list, tolerance: float) -> list:
    """:func:`simplify` of each line; with shapely 2, one vectorised call
    (the same GEOS Douglas-Peucker) for all the lines of more than 2
    vertices instead of a LineString each."""
    from ..geometry.shapely_support import has_vectorised_shapely
    if tolerance <= 0 or not lines or not has_vectorised_shapely():
        return [simplify(c, tolerance) for c in lines]
    import shapely
    lines = [simplify(c, 0) for c in lines]  # consecutive duplicates dropped
    long = [k for k, c in enumerate(lines) if len(c) > 2]
    if long:
        sizes = [len(lines[k]) for k in long]
        geoms = shapely.linestrings(np.concatenate([lines[k] for k in long]),
                                    indices=np.repeat(np.arange(len(long)), sizes))
        xy, index = shapely.get_coordinates(
            shapely.simplify(geoms, tolerance, preserve_topology=False), return_index=True)
        # (an empty result has no coordinates: it gets an empty array, dropped as < 2 vertices)
        split = np.split(xy, np.cumsum(np.bincount(index, minlength=len(long)))[:-1])
        for k, c in zip(long, split):
            lines[k] = c
    return lines

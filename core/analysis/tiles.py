"""Tiled evaluation with explicit aggregation.

Each tile is evaluated on the networks clipped to it (optionally to the
tile grown by ``margin`` metres): routes, subgraphs and matches never cross a
tile border, exactly as per-tile benchmarks (SpaceNet, Sat2Graph) score
their image tiles.  Per-tile scores are then aggregated:

* ``pooled``: each metric's additive statistics (penalty sums and route
  counts, TP / FP / FN ...) are summed over tiles and the ratios computed
  once (MetricSpec.pool); metrics without a pool rule fall back to ``mean``
  with a warning.
* ``mean``: the mean of the per-tile scores (NaN scores of non-empty tiles
  are left out and counted in the warnings).

A tile is *empty* when its ground truth has no line.  ``empty_tiles``:
``skip`` leaves empty tiles out; ``worst`` counts them with the worst value of
each score (0 for scores whose perfect value is 1, 1 for bounded scores whose
perfect value is 0; unbounded scores such as distances have no worst value
and skip them) and, in pooled mode, with their statistics (their spurious
predictions count); ``best`` counts them as perfect (pooled: they add
nothing).  Counts (outputs without a perfect value) are summed over all
tiles in both modes.

Tiles run serially, on local processes or on a Dask cluster
(core.analysis.executor); each tile gets its own seed derived from (SEED,
tile index), so the numbers are identical whichever runs them.
"""
from __future__ import annotations

from typing import Optional

import math

import numpy as np

from .. import registry
from ..network.lineset import LineSet
from ..progress import NO_PROGRESS
from ..progress import Progress
from ..result import MetricResult
from .evaluate import evaluate
from .executor import run_tasks
from ..text import N_, msg


def grid_tiles(xmin: float, ymin: float, xmax: float, ymax: float, size: float) -> list:
    """Square tiles of ``size`` metres covering the extent, row by row from
    the lower left; returns [(tile_id, (xmin, ymin, xmax, ymax))]."""
    if size <= 0:
        raise ValueError(msg("TILE_SIZE must be > 0 for a grid"))
    nx = max(1, int(math.ceil((xmax - xmin) / size - 1e-9)))
    ny = max(1, int(math.ceil((ymax - ymin) / size - 1e-9)))
    if nx * ny > 100000:
        raise ValueError(msg("TILE_SIZE {} gives {} tiles; choose a larger size", size, nx * ny))
    out = []
    for j in range(ny):
        for i in range(nx):
            x0, y0 = xmin + i * size, ymin + j * size
            out.append((j * nx + i, (x0, y0, x0 + size, y0 + size)))
    return out


def _as_polygon(tile):
    from shapely.geometry import Polygon, box
    if isinstance(tile, tuple) and len(tile) == 4 and np.isscalar(tile[0]):
        return box(*tile)
    if hasattr(tile, "geom_type"):
        return tile
    return Polygon(tile)


def _line_parts(geom):
    """(n, 2) arrays of the line parts of any shapely geometry."""
    if geom.is_empty:
        return []
    t = geom.geom_type
    if t == "LineString":
        return [np.asarray(geom.coords, float)[:, :2]]
    if t in ("MultiLineString", "GeometryCollection"):
        out = []
        for g in geom.geoms:
            out.extend(_line_parts(g))
        return out
    return []


def clip_lineset(ls: LineSet, polygon, margin: float = 0.0) -> LineSet:
    """The LineSet clipped to a polygon (grown by ``margin``); feature
    attributes are kept (a clipped feature keeps its values)."""
    from shapely.geometry import LineString
    poly = _as_polygon(polygon)
    if margin > 0:
        poly = poly.buffer(margin, join_style=2)
    x0, y0, x1, y1 = poly.bounds
    is_box = abs(poly.area - (x1 - x0) * (y1 - y0)) <= 1e-9 * max(poly.area, 1.0)
    parts, pf = [], []
    for p, f in zip(ls.parts, ls.part_feature):
        if len(p) < 2:
            continue
        bx0, by0 = p.min(axis=0)
        bx1, by1 = p.max(axis=0)
        if bx1 < x0 or bx0 > x1 or by1 < y0 or by0 > y1:
            continue
        if bx0 >= x0 and bx1 <= x1 and by0 >= y0 and by1 <= y1 and is_box:
            parts.append(p)
            pf.append(f)
            continue
        g = LineString(p)
        if is_box:
            from shapely.ops import clip_by_rect
            c = clip_by_rect(g, x0, y0, x1, y1)
        else:
            c = g.intersection(poly)
        for q in _line_parts(c):
            if len(q) >= 2:
                parts.append(q)
                pf.append(f)
    # keep feature numbering and attributes (features absent from the tile
    # simply have no part)
    return LineSet(parts, np.asarray(pf, dtype=np.int64) if pf else None, ls.feature_ids,
                   ls.attributes, ls.counts) if parts else LineSet([], None, None,
                                                                    {k: [] for k in ls.attributes})


def tile_seed(seed: int, index: int) -> int:
    """The seed of one tile: independent streams per tile, the same on every
    executor and platform."""
    return int(np.random.SeedSequence([int(seed), int(index)]).generate_state(1)[0] & 0x7FFFFFFF)


def _tile_task(task, progress=NO_PROGRESS):
    """Evaluate one tile (module level: runs in worker processes / on Dask);
    ``progress`` carries cancellation into the tile's metrics."""
    ev = evaluate(task["gt"], task["pred"], task["metrics"], task["params"], task["seed"],
                  progress, keep_layers=False)
    out = {}
    for m in ev.order:
        if m in ev.results:
            r = ev.results[m]
            out[m] = {"scores": r.scores, "pool_stats": r.pool_stats, "warnings": r.warnings,
                      "counts": {k: v for k, v in r.counts.items() if not isinstance(v, dict)}}
        elif len(task["gt"].parts) == 0:
            # a metric that needs a ground truth is undefined on an empty
            # tile: NaN scores, and EMPTY_TILES decides how the tile counts
            spec = registry.get(m)
            out[m] = {"scores": {o.name: math.nan for o in spec.outputs}, "pool_stats": {},
                      "warnings": [ev.errors[m]], "counts": {}}
        else:
            out[m] = {"error": ev.errors[m]}
    return out


class TileResult:
    def __init__(self, tile_id, polygon, empty, n_gt_parts, n_pred_parts, metrics, error=None):
        self.tile_id = tile_id
        self.polygon = polygon
        self.empty = empty
        self.n_gt_parts = n_gt_parts
        self.n_pred_parts = n_pred_parts
        self.metrics = metrics  # {metric: {"scores": ..., ...} or {"error": ...}}
        self.error = error

    def scores(self, metric: str) -> dict[str, float]:
        return (self.metrics or {}).get(metric, {}).get("scores", {})


class TiledEvaluation:
    def __init__(self, tiles, aggregate, order, aggregation, empty_tiles, warnings):
        self.tiles = tiles
        self.aggregate = aggregate  # {metric: {output: value}}
        self.order = order
        self.aggregation = aggregation
        self.empty_tiles = empty_tiles
        self.warnings = warnings

    def numbers(self) -> dict[str, float]:
        out = {}
        for m in self.order:
            spec = registry.get(m)
            for o in spec.outputs:
                out[spec.output_key(o.name)] = float(self.aggregate.get(m, {}).get(o.name, math.nan))
        return out


def _is_count(o):
    return o.perfect is None and o.bounds is not None and o.bounds[1] is None


def _worst(o):
    if o.perfect is None or o.bounds is None or o.bounds[1] is None:
        return None
    lo, hi = o.bounds
    if o.perfect == hi:
        return lo
    if o.perfect == lo:
        return hi
    return None


def aggregate_metric(spec: registry.MetricSpec, tiles: list, aggregation: str, empty_tiles: str,
                     warnings: list) -> dict[str, float]:
    """Aggregate one metric's per-tile results; see the module docstring."""
    ok = [t for t in tiles if t.metrics and "scores" in t.metrics.get(spec.id, {})]
    out = {}
    # counts: summed over every tile that ran
    for o in spec.outputs:
        if _is_count(o):
            vals = [t.scores(spec.id).get(o.name, math.nan) for t in ok]
            vals = [v for v in vals if not math.isnan(v)]
            out[o.name] = float(sum(vals)) if vals else math.nan
    if aggregation == "pooled" and spec.pool is not None:
        use = [t for t in ok if not t.empty or empty_tiles == "worst"]
        rs = [MetricResult(spec.id, t.scores(spec.id), pool_stats=t.metrics[spec.id]["pool_stats"])
              for t in use]
        pooled = spec.clip_scores(dict(spec.pool(rs))) if rs else {}
        for o in spec.outputs:
            if not _is_count(o):
                out[o.name] = float(pooled.get(o.name, math.nan))
        return out
    if aggregation == "pooled":
        warnings.append(msg("{}: no pooled rule; the mean of tile scores is used", spec.id))
    for o in spec.outputs:
        if _is_count(o):
            continue
        vals, nan_tiles = [], 0
        for t in ok:
            v = t.scores(spec.id).get(o.name, math.nan)
            if t.empty:
                if empty_tiles == "skip":
                    continue
                v = o.perfect if empty_tiles == "best" else _worst(o)
                if v is None:
                    continue
            if v is None or math.isnan(v):
                nan_tiles += 1
                continue
            vals.append(v)
        if nan_tiles and o.perfect is not None:
            warnings.append(msg("{}: {} undefined (NaN) in {} tile(s), left out of the mean",
                                spec.id, o.name, nan_tiles))
        out[o.name] = float(np.mean(vals)) if vals else math.nan
    return spec.clip_scores(out)


def evaluate_tiles(gt: LineSet, pred: LineSet, tiles: list, metrics: Optional[list[str]] = None,
                   params: Optional[dict] = None, seed: int = 0, aggregation: str = "pooled",
                   empty_tiles: str = "skip", margin: float = 0.0, workers: int = 1,
                   dask_scheduler: Optional[str] = None,
                   progress: Optional[Progress] = None) -> TiledEvaluation:
    """Evaluate ``metrics`` on every tile and aggregate.

    ``tiles``: [(tile_id, polygon)], polygon = (xmin, ymin, xmax, ymax), a
    shapely polygon or a ring of coordinates.  ``workers``: local processes
    (1 = serial, 0 = one per core); ``dask_scheduler``: address of a Dask
    distributed scheduler (then ``workers`` is ignored)."""
    if aggregation not in ("pooled", "mean"):
        raise ValueError(msg("AGGREGATION must be 'pooled' or 'mean'"))
    if empty_tiles not in ("skip", "worst", "best"):
        raise ValueError(msg("EMPTY_TILES must be 'skip', 'worst' or 'best'"))
    progress = progress or NO_PROGRESS
    ids = list(metrics) if metrics else [s.id for s in registry.all_specs()]
    tasks, meta = [], []
    progress.set(0.0, N_("clipping tiles"))
    for k, (tid, poly) in enumerate(tiles):
        g = clip_lineset(gt, poly, margin)
        p = clip_lineset(pred, poly, margin)
        meta.append((tid, poly, len(g.parts) == 0, len(g.parts), len(p.parts)))
        tasks.append({"gt": g, "pred": p, "metrics": ids, "params": params,
                      "seed": tile_seed(seed, k)})
    outs = run_tasks(_tile_task, tasks, workers, dask_scheduler, progress.sub(0.05, 0.95),
                     labels=[str(m[0]) for m in meta])
    warnings, results = [], []
    for (tid, poly, empty, ng, np_), (ok, val) in zip(meta, outs):
        if ok:
            results.append(TileResult(tid, poly, empty, ng, np_, val))
            for m, d in val.items():
                if "error" in d:
                    warnings.append(msg("tile {}: {} failed: {}", tid, m, d['error']))
        else:
            results.append(TileResult(tid, poly, empty, ng, np_, None, error=val))
            warnings.append(msg("tile {} failed: {}", tid, val.splitlines()[0] if val else val))
    agg = {m: aggregate_metric(registry.get(m), results, aggregation, empty_tiles, warnings)
           for m in ids}
    n_empty = sum(1 for r in results if r.empty)
    if n_empty:
        warnings.append(msg("{} of {} tile(s) have no ground truth (EMPTY_TILES = {})",
                            n_empty, len(results), empty_tiles))
    progress.set(1.0)
    return TiledEvaluation(results, agg, ids, aggregation, empty_tiles, warnings)

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

Each aggregated score gets a bootstrap confidence interval over the tiles
(add_intervals, core/analysis/bootstrap.py): tiles are resampled whole; a
pooled value is recomputed from the resampled tiles' summed statistics
(never averaged), a mean from the values the mean uses (EMPTY_TILES
applied, NaN left out); counts get none.  Percentile or BCa, level and
resamples as parameters, seeded with SEED.

Tiles run serially, on local processes or on a Dask cluster
(core.executor); each tile gets its own seed derived from (SEED,
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
from .bootstrap import is_count
from .evaluate import evaluate
from ..executor import run_tasks
from ..text import N_, msg


TILE_PARAMS = {
    "TILE_SIZE": registry.Param("TILE_SIZE", "distance", "Tile size (0 = whole extent)", 0.0,
                                unit="m"),
    "MARGIN": registry.Param("MARGIN", "distance", "Tile margin", 0.0, unit="m", advanced=True),
}
"""The tiling distances of evaluate-all and compare, ranged like every
distance (0 to registry.MAX_DISTANCE_M; 0 = whole extent, no margin)."""


def check_tiling(size: float = 0.0, margin: float = 0.0) -> tuple[float, float]:
    """(TILE_SIZE, MARGIN) as floats, each a finite distance within its
    range, else ValueError with a sentence naming it (NaN used to mean the
    whole extent, silently; 1e308 one tile of infinite area).  Every face
    calls it before reading tiles: grid_tiles and evaluate_tiles do too."""
    return (float(TILE_PARAMS["TILE_SIZE"].check(size)),
            float(TILE_PARAMS["MARGIN"].check(margin)))


def grid_tiles(xmin: float, ymin: float, xmax: float, ymax: float, size: float) -> list:
    """Square tiles of ``size`` metres covering the extent, row by row from
    the lower left; returns [(tile_id, (xmin, ymin, xmax, ymax))]."""
    size = check_tiling(size)[0]
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


class PartIndex:
    """Where the parts of a LineSet are: the bounding box of every segment
    registered in the cells of a square grid of ``cell`` metres, so that the
    parts near a tile are found without visiting every part (evaluate_tiles
    clips tens of thousands of small tiles).  ``near(bounds)`` lists, in
    increasing order, every part with a segment whose box meets ``bounds``
    (closed boxes), a superset of the parts that meet the tile, so clipping
    with it gives the same parts as without it."""

    MAX_CELLS = 1 << 20
    """At most this many cells along each axis (keys stay far from int64's limit)."""

    def __init__(self, ls: LineSet, cell: float):
        keep = [k for k, p in enumerate(ls.parts) if len(p) >= 2]
        self.keys = self.parts = np.zeros(0, dtype=np.int64)
        self.ncols = self.nrows = 0
        if not keep:
            return
        lens = np.array([len(ls.parts[k]) for k in keep])
        xy = np.vstack([ls.parts[k] for k in keep])
        owner = np.repeat(np.asarray(keep, dtype=np.int64), lens)
        inner = owner[:-1] == owner[1:]
        lo = np.minimum(xy[:-1], xy[1:])[inner]
        hi = np.maximum(xy[:-1], xy[1:])[inner]
        self.origin = xy.min(axis=0)
        extent = float(np.max(xy.max(axis=0) - self.origin))
        self.cell = max(float(cell), extent / self.MAX_CELLS, 1e-9)
        c0, c1 = self._cells(lo), self._cells(hi)
        self.ncols, self.nrows = int(c1[:, 0].max()) + 1, int(c1[:, 1].max()) + 1
        nx, ny = c1[:, 0] - c0[:, 0] + 1, c1[:, 1] - c0[:, 1] + 1
        count = nx * ny
        seg = np.repeat(np.arange(len(count)), count)
        k = np.arange(int(count.sum())) - np.repeat(np.cumsum(count) - count, count)
        keys = (c0[seg, 1] + k // nx[seg]) * self.ncols + c0[seg, 0] + k % nx[seg]
        owners = owner[:-1][inner][seg]
        order = np.lexsort((owners, keys))
        keys, owners = keys[order], owners[order]
        first = np.ones(len(keys), dtype=bool)  # one entry per (cell, part)
        first[1:] = (keys[1:] != keys[:-1]) | (owners[1:] != owners[:-1])
        self.keys, self.parts = keys[first], owners[first]

    def _cells(self, xy):
        """Cell (column, row) of points; monotonic in each coordinate."""
        return np.floor((np.asarray(xy, dtype=float) - self.origin) / self.cell).astype(np.int64)

    def near(self, bounds) -> Optional[np.ndarray]:
        """Indices of the parts with a segment whose box meets ``bounds``
        (xmin, ymin, xmax, ymax); None when the bounds are not finite (then
        every part is a candidate)."""
        if not np.all(np.isfinite(bounds)):
            return None
        if not self.ncols:
            return self.parts
        x0, y0, x1, y1 = (float(v) for v in bounds)
        ox, oy = float(self.origin[0]), float(self.origin[1])

        def cell(v, o, n):  # clamped before int(): a far tile gives no overflow
            return int(math.floor(min(max((v - o) / self.cell, -1.0), float(n))))
        cx0, cx1 = max(cell(x0, ox, self.ncols), 0), min(cell(x1, ox, self.ncols), self.ncols - 1)
        cy0, cy1 = max(cell(y0, oy, self.nrows), 0), min(cell(y1, oy, self.nrows), self.nrows - 1)
        if cx0 > cx1 or cy0 > cy1:
            return self.parts[:0]
        rows = np.arange(cy0, cy1 + 1, dtype=np.int64) * self.ncols
        a = np.searchsorted(self.keys, rows + cx0, "left")
        b = np.searchsorted(self.keys, rows + cx1, "right")
        found = self.parts[a[0]:b[0]] if len(rows) == 1 else \
            np.concatenate([self.parts[i:j] for i, j in zip(a, b)])
        return np.unique(found) if cx1 > cx0 or len(rows) > 1 else found


def _tile_polygon(polygon, margin):
    poly = _as_polygon(polygon)
    if margin > 0:
        poly = poly.buffer(margin, join_style=2)
    return poly


def _is_box(poly):
    """True for an axis-aligned rectangle: its vertices are its bounding
    box's corners, or (a ring with extra vertices along its sides) it fills
    that box.  No subtraction of infinite areas (a tile of 1e308 m has an
    area of inf, and inf - inf is NaN)."""
    if poly.geom_type != "Polygon" or poly.is_empty or len(poly.interiors):
        return False
    x0, y0, x1, y1 = poly.bounds
    c = np.asarray(poly.exterior.coords, dtype=float)[:, :2]
    x, y = c[:, 0], c[:, 1]
    if x0 < x1 and y0 < y1 and np.all((x == x0) | (x == x1)) and np.all((y == y0) | (y == y1)) \
            and np.all((x[1:] == x[:-1]) | (y[1:] == y[:-1])):  # corners joined along the sides
        return True
    box_area = (x1 - x0) * (y1 - y0)
    return bool(np.isfinite(box_area)) and abs(poly.area - box_area) <= 1e-9 * max(poly.area, 1.0)


def clip_lineset(ls: LineSet, polygon, margin: float = 0.0,
                 index: Optional[PartIndex] = None) -> LineSet:
    """The LineSet clipped to a polygon (grown by ``margin``), its boundary
    included; feature attributes are kept (a clipped feature keeps its
    values).  With an ``index`` of ``ls`` (PartIndex) only the parts near
    the polygon are visited; the result is the same."""
    poly = _tile_polygon(polygon, margin)
    return _clip(ls, poly, poly.bounds, _is_box(poly), index)


def _edge_pieces(p: np.ndarray, x0: float, y0: float, x1: float, y1: float) -> list:
    """The pieces of the segments of ``p`` that run along a side of the box
    (GEOS's clip_by_rect drops them): [(segment index, (2, 2) array)]."""
    a, b = p[:-1], p[1:]
    out = []
    for axis, sides, lo, hi in ((0, (x0, x1), y0, y1), (1, (y0, y1), x0, x1)):
        other = 1 - axis
        on = (a[:, axis] == b[:, axis]) & np.isin(a[:, axis], sides)
        for i in np.flatnonzero(on).tolist():
            s, e = a[i, other], b[i, other]
            s2, e2 = min(max(s, lo), hi), min(max(e, lo), hi)
            if s2 != e2:
                q = np.array([a[i], b[i]], float)
                q[0, other], q[1, other] = s2, e2
                out.append((i, q))
    return out


def _touches_side(bx0, by0, bx1, by1, x0, y0, x1, y1) -> bool:
    return bx0 == x0 or by0 == y0 or bx1 == x1 or by1 == y1


def _clip(ls, poly, bounds, is_box, index, claimed: Optional[set] = None):
    """clip_lineset on a polygon already grown, with its bounds and shape.
    A box's sides belong to it; with ``claimed`` (clip_tiles: the pieces
    along a side already given to an earlier tile) each such piece goes to
    the first tile that has it, so a road lying on the edge between two
    tiles is in exactly one of them."""
    from shapely.geometry import LineString
    x0, y0, x1, y1 = bounds
    near = index.near(bounds) if index is not None else None
    parts, pf = [], []
    for k in (range(len(ls.parts)) if near is None else near):
        p, f = ls.parts[k], ls.part_feature[k]
        if len(p) < 2:
            continue
        bx0, by0 = p.min(axis=0)
        bx1, by1 = p.max(axis=0)
        if bx1 < x0 or bx0 > x1 or by1 < y0 or by0 > y1:
            continue
        if bx0 >= x0 and bx1 <= x1 and by0 >= y0 and by1 <= y1 and is_box and not (
                claimed is not None and _touches_side(bx0, by0, bx1, by1, x0, y0, x1, y1)
                and _edge_pieces(p, x0, y0, x1, y1)):
            parts.append(p)
            pf.append(f)
            continue
        g = LineString(p)
        if is_box:
            from shapely.ops import clip_by_rect
            c = _line_parts(clip_by_rect(g, x0, y0, x1, y1))
            for i, q in _edge_pieces(p, x0, y0, x1, y1):
                key = (k, i, tuple(np.round(q, 9).ravel().tolist()))
                if claimed is None or key not in claimed:
                    c.append(q)
                    if claimed is not None:
                        claimed.add(key)
        else:
            c = _line_parts(g.intersection(poly))
        for q in c:
            if len(q) >= 2:
                parts.append(q)
                pf.append(f)
    # keep feature numbering and attributes (features absent from the tile
    # simply have no part)
    return LineSet(parts, np.asarray(pf, dtype=np.int64) if pf else None, ls.feature_ids,
                   ls.attributes, ls.counts) if parts else LineSet([], None, None,
                                                                    {k: [] for k in ls.attributes})


def clip_tiles(gt: LineSet, pred: LineSet, tiles: list, margin: float = 0.0,
               progress: Optional[Progress] = None) -> list[tuple[LineSet, LineSet]]:
    """Both layers clipped to every tile ([(tile_id, polygon)], see
    evaluate_tiles): [(gt, pred)] in tile order.  Each part is only
    clipped against the tiles near it (PartIndex, cells the size of a
    typical tile), so clipping grows with tiles + parts, not their product;
    ``progress`` is reported and checked for cancellation at every tile."""
    progress = progress or NO_PROGRESS
    progress.set(0.0, N_("clipping tiles"))
    polys = [_tile_polygon(poly, margin) for _, poly in tiles]
    sides = [max(b[2] - b[0], b[3] - b[1]) for b in (q.bounds for q in polys)]
    sides = [x for x in sides if np.isfinite(x) and x > 0]
    cell = float(np.median(sides)) if sides else 1.0
    gi, pi = PartIndex(gt, cell), PartIndex(pred, cell)
    out = []
    step = max(1, len(polys) // 200)
    claimed: tuple = (set(), set())     # pieces along a tile side, given to the first tile
    for k, poly in enumerate(polys):
        progress.check()
        if k % step == 0:
            progress.set(k / len(polys), N_("clipping tiles"))
        bounds, is_box = poly.bounds, _is_box(poly)
        out.append((_clip(gt, poly, bounds, is_box, gi, claimed[0]),
                    _clip(pred, poly, bounds, is_box, pi, claimed[1])))
    return out


def tile_seed(seed: int, index: int) -> int:
    """The seed of one tile: independent streams per tile, the same on every
    executor and platform."""
    return int(np.random.SeedSequence([int(seed), int(index)]).generate_state(1)[0] & 0x7FFFFFFF)


def _tile_task(task, progress=NO_PROGRESS):
    """Evaluate one tile (module level: runs in worker processes / on Dask);
    ``progress`` carries cancellation into the tile's metrics."""
    ev = evaluate(task["gt"], task["pred"], task["metrics"], task["params"], task["seed"],
                  progress, diagnostics=False)
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
        self.intervals = {}  # {metric: {output: (low, high)}}: add_intervals
        self.ci = None       # their settings, tiles per metric and notes

    def numbers(self) -> dict[str, float]:
        out = {}
        for m in self.order:
            spec = registry.get(m)
            for o in spec.outputs:
                out[spec.output_key(o.name)] = float(self.aggregate.get(m, {}).get(o.name, math.nan))
        return out

    def interval(self, metric: str, output: str) -> tuple[float, float]:
        """(low, high) of an aggregated score; (NaN, NaN) without interval
        (counts, resamples 0, fewer than two tiles)."""
        return tuple(self.intervals.get(metric, {}).get(output, (math.nan, math.nan)))

    def interval_record(self) -> Optional[dict]:
        """The intervals as SCORES keeps them: the settings (method, level,
        resamples, seed), ``tiles`` resampled per metric, ``notes``, and
        ``scores`` {score key: {value, ci_low, ci_high}} for every score
        (counts, summed, have null bounds); None before add_intervals."""
        if self.ci is None:
            return None
        scores = {}
        for m in self.order:
            spec = registry.get(m)
            for o in spec.outputs:
                lo, hi = self.interval(m, o.name)
                scores[spec.output_key(o.name)] = {
                    "value": float(self.aggregate.get(m, {}).get(o.name, math.nan)),
                    "ci_low": lo, "ci_high": hi}
        return {**self.ci, "scores": scores}


def worst_value(o) -> Optional[float]:
    """The worst value of a bounded output (its bound opposite the perfect
    value: 0 for a ratio, 1 for an error rate); None without one.  The
    empty-tile rule 'worst' and batch's empty-chip rule score with it."""
    if o.perfect is None or o.bounds is None or o.bounds[1] is None:
        return None
    lo, hi = o.bounds
    if o.perfect == hi:
        return lo
    if o.perfect == lo:
        return hi
    return None


_LEFT_OUT = object()


def _ran(spec, tiles):
    """The tiles on which the metric ran."""
    return [t for t in tiles if t.metrics and "scores" in t.metrics.get(spec.id, {})]


def pooled_tiles(spec: registry.MetricSpec, tiles: list, empty_tiles: str) -> list:
    """The tiles whose statistics the pooled value sums: those that ran the
    metric, empty ones only with ``empty_tiles='worst'``."""
    return [t for t in _ran(spec, tiles) if not t.empty or empty_tiles == "worst"]


def mean_value(o, tile, metric: str, empty_tiles: str) -> object:
    """What one tile gives an output's mean: its score (None or NaN:
    undefined), the EMPTY_TILES substitute, or _LEFT_OUT."""
    v = tile.scores(metric).get(o.name, math.nan)
    if tile.empty:
        if empty_tiles == "skip":
            return _LEFT_OUT
        v = o.perfect if empty_tiles == "best" else worst_value(o)
        if v is None:
            return _LEFT_OUT
    return v


def aggregate_metric(spec: registry.MetricSpec, tiles: list, aggregation: str, empty_tiles: str,
                     warnings: list) -> dict[str, float]:
    """Aggregate one metric's per-tile results; see the module docstring."""
    ok = _ran(spec, tiles)
    out = {}
    # counts: summed over every tile that ran
    for o in spec.outputs:
        if is_count(o):
            vals = [t.scores(spec.id).get(o.name, math.nan) for t in ok]
            vals = [v for v in vals if not math.isnan(v)]
            out[o.name] = float(sum(vals)) if vals else math.nan
    if aggregation == "pooled" and spec.pool is not None:
        rs = [MetricResult(spec.id, t.scores(spec.id), pool_stats=t.metrics[spec.id]["pool_stats"])
              for t in pooled_tiles(spec, tiles, empty_tiles)]
        pooled = spec.clip_scores(dict(spec.pool(rs))) if rs else {}
        for o in spec.outputs:
            if not is_count(o):
                out[o.name] = float(pooled.get(o.name, math.nan))
        return out
    if aggregation == "pooled":
        warnings.append(msg("{}: no pooled rule; the mean of tile scores is used", spec.id))
    for o in spec.outputs:
        if is_count(o):
            continue
        vals, nan_tiles = [], 0
        for t in ok:
            v = mean_value(o, t, spec.id, empty_tiles)
            if v is _LEFT_OUT:
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


# -- confidence intervals over the tiles ----------------------------------------------

def _pool_counts(spec, use) -> list:
    """The pooling counts of the tiles ``use``, one dict each: their
    pool_stats, or their scores for a metric that pools its count outputs
    (JUNCT, OPT-J: no tile has pool_stats)."""
    stats = [t.metrics[spec.id].get("pool_stats") or {} for t in use]
    if not any(stats):
        return [dict(t.scores(spec.id)) for t in use]
    return stats


def metric_intervals(spec: registry.MetricSpec, tiles: list, aggregation: str, empty_tiles: str,
                     **kw) -> dict:
    """Bootstrap intervals of one metric's aggregate over the tiles it uses
    (core/analysis/bootstrap.py; ``kw``: level, resamples, method, seed),
    tiles resampled whole: the pooled value recomputed from the resampled
    tiles' summed counts (the tiles of aggregate_metric), or the mean of the
    values the mean uses (EMPTY_TILES applied, NaN left out).  Counts get no
    interval.  Returns ``bounds`` {output: (low, high)}, ``tiles`` and
    ``notes``."""
    from . import bootstrap
    names = [o.name for o in spec.outputs if not is_count(o)]
    pooled = aggregation == "pooled" and spec.pool is not None
    n = len(pooled_tiles(spec, tiles, empty_tiles) if pooled else
            [t for t in _ran(spec, tiles) if not (t.empty and empty_tiles == "skip")])
    if n < 2:
        return {"bounds": {k: (math.nan, math.nan) for k in names}, "tiles": n,
                "notes": [msg("{}: fewer than two tiles: no interval", spec.id)]
                if kw.get("resamples") else []}
    if pooled:
        use = pooled_tiles(spec, tiles, empty_tiles)
        res = bootstrap.pooled_intervals(spec, _pool_counts(spec, use), names, **kw)
        if kw.get("resamples") and not res["resamples"]:  # too slow a rule for these tiles
            res["notes"] = [msg("{}'s pooled rule is not a sum of counts: no pooled interval over "
                                "{} tiles", spec.id, len(use))]
    else:
        outs = [o for o in spec.outputs if not is_count(o)]
        use = [t for t in _ran(spec, tiles) if not (t.empty and empty_tiles == "skip")]
        x = np.full((len(use), len(outs)), math.nan)
        for i, t in enumerate(use):
            for j, o in enumerate(outs):
                v = mean_value(o, t, spec.id, empty_tiles)
                if v is not _LEFT_OUT and v is not None:
                    x[i, j] = v
        res = bootstrap.mean_intervals(x, names=names, **kw)
    notes = [n if str(n).startswith(spec.id) else msg("{}: {}", spec.id, n) for n in res["notes"]]
    bounds = {k: (float(res["low"][j]), float(res["high"][j])) for j, k in enumerate(names)}
    return {"bounds": bounds, "tiles": len(use), "notes": notes}


def add_intervals(tiled: TiledEvaluation, level: Optional[float] = None,
                  resamples: Optional[int] = None, method: Optional[str] = None,
                  seed: int = 0) -> TiledEvaluation:
    """Set ``tiled.intervals`` {metric: {output: (low, high)}} and
    ``tiled.ci`` (method, level, resamples, seed, tiles per metric, notes)
    with metric_intervals; defaults: bootstrap.LEVEL, RESAMPLES, METHOD.
    ``resamples`` 0: no interval (``tiled.intervals`` stays empty)."""
    from . import bootstrap
    kw = {"level": bootstrap.LEVEL if level is None else level,
          "resamples": bootstrap.RESAMPLES if resamples is None else resamples,
          "method": bootstrap.METHOD if method is None else method, "seed": int(seed)}
    bootstrap.check(kw["level"], kw["resamples"], kw["method"])
    tiled.intervals, per_metric, notes = {}, {}, []
    for m in tiled.order:
        if not kw["resamples"]:
            break
        r = metric_intervals(registry.get(m), tiled.tiles, tiled.aggregation, tiled.empty_tiles,
                             **kw)
        tiled.intervals[m], per_metric[m] = r["bounds"], r["tiles"]
        notes += r["notes"]
    tiled.ci = {**kw, "tiles": per_metric, "notes": notes}
    return tiled


def evaluate_tiles(gt: LineSet, pred: LineSet, tiles: list, metrics: Optional[list[str]] = None,
                   params: Optional[dict] = None, seed: int = 0, aggregation: str = "pooled",
                   empty_tiles: str = "skip", margin: float = 0.0, workers: int = 1,
                   dask_scheduler: Optional[str] = None,
                   progress: Optional[Progress] = None, *, ci_level: Optional[float] = None,
                   ci_resamples: Optional[int] = None,
                   ci_method: Optional[str] = None) -> TiledEvaluation:
    """Evaluate ``metrics`` on every tile and aggregate.

    ``tiles``: [(tile_id, polygon)], polygon = (xmin, ymin, xmax, ymax), a
    shapely polygon or a ring of coordinates.  ``workers``: local processes
    (1 = serial, 0 = one per core); ``dask_scheduler``: address of a Dask
    distributed scheduler (then ``workers`` is ignored).  ``ci_level``,
    ``ci_resamples`` (0: none), ``ci_method``: the bootstrap intervals of the
    aggregates over the tiles (add_intervals; defaults 0.95, 10,000, BCa),
    seeded with ``seed``."""
    from . import bootstrap
    if aggregation not in ("pooled", "mean"):
        raise ValueError(msg("AGGREGATION must be 'pooled' or 'mean'"))
    if empty_tiles not in ("skip", "worst", "best"):
        raise ValueError(msg("EMPTY_TILES must be 'skip', 'worst' or 'best'"))
    ci = {"level": bootstrap.LEVEL if ci_level is None else ci_level,
          "resamples": bootstrap.RESAMPLES if ci_resamples is None else ci_resamples,
          "method": bootstrap.METHOD if ci_method is None else ci_method}
    bootstrap.check(ci["level"], ci["resamples"], ci["method"])
    progress = progress or NO_PROGRESS
    margin = check_tiling(0.0, margin)[1]
    ids = list(metrics) if metrics else [s.id for s in registry.all_specs()]
    tasks, meta = [], []
    for k, ((tid, poly), (g, p)) in enumerate(zip(tiles, clip_tiles(gt, pred, tiles, margin,
                                                                     progress.sub(0.0, 0.05)))):
        meta.append((tid, poly, len(g.parts) == 0, len(g.parts), len(p.parts)))
        tasks.append({"gt": g, "pred": p, "metrics": ids, "params": params,
                      "seed": tile_seed(seed, k)})
    outs = run_tasks(_tile_task, tasks, workers, dask_scheduler, progress.sub(0.05, 0.93),
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
    progress.set(0.93, N_("confidence intervals"))
    tiled = add_intervals(TiledEvaluation(results, agg, ids, aggregation, empty_tiles, warnings),
                          seed=seed, **ci)
    progress.set(1.0)
    return tiled

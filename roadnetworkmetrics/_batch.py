"""Batch scoring for benchmarks: one metric over many (ground truth,
prediction) pairs, one row per pair, an aggregate over all of them.

Pairs come from two folders matched by file name (without extension), a
CSV manifest (``id,ground_truth,prediction``), or a SpaceNet ground-truth
CSV and proposal CSV matched by ``ImageId``.  Rows are written as they are
computed (CSV or JSON lines; Parquet at the end, with pyarrow), so an
interrupted batch resumes where it stopped.

Chips where a side is empty or missing (docs/library.md, "Batch scoring"):

* ``empty_chips='spacenet'`` (default; the SpaceNet 3 scorer's rule): a
  chip whose ground truth and prediction are both empty scores the
  metric's perfect value (APLS 1), a chip whose ground truth is empty and
  prediction is not scores its worst (APLS 0); a chip without prediction is
  scored against an empty prediction (APLS 0);
* ``empty_chips='skip'`` (CosmiQ's ``apls`` package): chips with an empty
  ground truth, or an empty or missing prediction, get no score and are left
  out of the aggregate.

Predictions without a ground truth are reported (status
``missing_ground_truth``), never scored.

Rasters (.tif ...) on either side: for a line metric their centrelines are
extracted in the worker with the raster parameters (``RASTER_THRESHOLD``
...; core/raster/params.py), the extraction recorded per row
(``ground_truth_raster`` / ``prediction_raster``, as a single pair's
``parameters``) and in the aggregate (``raster``); a pixel metric
(``inputs="masks"``) scores the two masks, a pair on two grids gets the
status ``grid_mismatch``.  Only paths go to the workers, which read the
files.
"""
from __future__ import annotations

import csv
import json
import math
import os
from typing import Callable, Optional

from .core import registry
from .core.executor import run_tasks
from .core.analysis.tiles import worst_value
from .core.io.read import read_path
from .core.io.source import Source
from .core.io.spacenet import read_spacenet_csv
from .core.network.lineset import LineSet
from .core.result import MetricResult, json_safe
from .core.text import message_of, msg
from ._errors import InputError
from ._names import canonical_scores, short_to_canonical
from ._raster import RASTER_EXTENSIONS, is_raster_path
from ._rows import (RASTER_COLUMNS, STATUS, RowsFile, check_output, inputs_record,
                    provenance, score_bounds)

READABLE = (".gpkg", ".geojson", ".json", ".graph", ".csv", ".shp", ".fgb", ".gml", ".kml",
            ".sqlite", ".gpx", ".tab", ".p", ".pickle", ".pkl") + RASTER_EXTENSIONS
EMPTY_RULES = ("spacenet", "skip")
# a protocol's rule (core/protocols.py): every tile is scored as the reference
# scores it; an empty ground truth gives NaN (the reference has no control point)
REFERENCE_RULE = "reference"


def pairs_from_folders(gt_dir: str, pred_dir: str) -> list:
    """[(id, gt path or None, pred path or None)] by file name without its
    extension, sorted by id."""
    def files(d):
        if not os.path.isdir(d):
            raise InputError(msg("{}: no such folder.", d))
        out = {}
        for f in sorted(os.listdir(d)):
            stem, ext = os.path.splitext(f)
            if ext.lower() in READABLE and os.path.isfile(os.path.join(d, f)):
                if stem in out:
                    raise InputError(msg("{}: two files for the pair '{}' ({} and {}).", d, stem,
                                         os.path.basename(out[stem]), f))
                out[stem] = os.path.join(d, f)
        return out
    g, p = files(gt_dir), files(pred_dir)
    return [(k, g.get(k), p.get(k)) for k in sorted(set(g) | set(p))]


def pairs_from_manifest(path: str) -> list:
    """[(id, gt path, pred path)] from a CSV with columns ``id``,
    ``ground_truth``, ``prediction`` (paths relative to the CSV's folder;
    an empty cell: that side is missing)."""
    base = os.path.dirname(os.path.abspath(path))
    try:
        with open(path, newline="", encoding="utf-8-sig") as f:
            rows = list(csv.DictReader(f))
            header = list(rows[0].keys()) if rows else []
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise InputError(msg("{} is not a readable CSV file ({}).", path, e))
    need = ("id", "ground_truth", "prediction")
    if rows and not all(c in header for c in need):
        raise InputError(msg("{}: a manifest needs the columns id, ground_truth, prediction "
                             "(found: {}).", path, ", ".join(header)))
    def full(p):
        return os.path.join(base, p) if p and not os.path.isabs(p) else (p or None)
    return [(r["id"], full(r["ground_truth"]), full(r["prediction"])) for r in rows]


def pairs_from_spacenet(gt_csv: str, proposal_csv: str,
                        pixel_size: Optional[float] = None) -> list:
    """[(ImageId, gt Source or None, proposal Source or None)] in the ground
    truth's order, then the proposal's ids that the ground truth lacks.
    With the batch's ``pixel_size`` (metres) the coordinates are scaled
    while reading (core/io/spacenet.py)."""
    scale = pixel_size if pixel_size is not None and math.isfinite(pixel_size) and \
        pixel_size > 0 else None   # otherwise each pair says what is wrong
    try:
        g = read_spacenet_csv(gt_csv, scale)
        p = read_spacenet_csv(proposal_csv, scale)
    except ValueError as e:
        raise InputError(message_of(e))
    return [(k, g.get(k), p.get(k)) for k in list(g) + [k for k in p if k not in g]]


def score_pair(task: dict, progress=None) -> dict:
    """One row (module level: runs in worker processes and on Dask)."""
    from ._api import compute, compute_resolved
    spec = registry.get(task["metric"])
    row = {"id": str(task["id"])}
    gt, pred, rule = task["gt"], task["pred"], task["empty_chips"]
    if gt is None:
        return {**row, "status": "missing_ground_truth"}
    if spec.inputs == "masks":
        return _score_masks(spec, task, row)
    try:
        gsrc = _side(gt, "ground truth", task)
        psrc = _side(pred, "prediction", task) if pred is not None else None
    except ValueError as e:
        return {**row, "status": "error", "error": _spelt(e, task)}
    if psrc is None:
        psrc = Source(LineSet([]), gsrc.crs, gsrc.pixel, "missing prediction",
                      pixel_size_m=gsrc.pixel_size_m)
        status = "missing_prediction"
    else:
        status = "ok" if len(psrc.lines.parts) else "empty_prediction"
    row.update(_raster_records(gsrc, psrc))
    g_empty, p_empty = not gsrc.lines.parts, not psrc.lines.parts
    if g_empty and status != "missing_prediction":
        status = "empty_both" if p_empty else "empty_ground_truth"
    if rule == "skip" and (g_empty or p_empty):
        return {**row, "status": status, **_source_warnings(gsrc, psrc)}
    if g_empty and rule == REFERENCE_RULE:
        return {**row, "status": status, **{spec.output_key(o.name): math.nan
                                                for o in spec.outputs},
                **_source_warnings(gsrc, psrc)}
    if g_empty:
        scores = {spec.output_key(o.name): (o.perfect if p_empty else worst_value(o))
                  for o in spec.outputs
                  if not (o.perfect is None and o.bounds and o.bounds[1] is None)}
        return {**row, "status": status, **{k: v for k, v in scores.items() if v is not None},
                **_source_warnings(gsrc, psrc)}
    try:
        # a row keeps the scores only: the metric runs without its layers
        r = (compute_resolved(spec, gsrc, psrc, task["resolved"], {}, task["pixel_size"],
                              diagnostics=False)
             if task.get("resolved") is not None else
             compute(spec.id, gsrc, psrc, task["params"], task["pixel_size"], diagnostics=False))
    except InputError as e:
        return {**row, "status": "error", "error": _spelt(e, task)}
    out = {**row, "status": status, **r.scores,
           "warnings": " | ".join(r.warnings)}
    out["_pool_stats"] = r.pool_stats
    return out


def _spelt(e: ValueError, task: dict) -> str:
    """A pair's error as the face that runs the batch spells the options
    it names (``--raster-threshold`` for the command line)."""
    from ._errors import ThresholdNeeded, cli_spelling, library_spelling
    if isinstance(e, ThresholdNeeded):
        return e.spelt(cli_spelling if task.get("face") == "cli" else library_spelling)
    return str(message_of(e))


def _side(path, name: str, task: dict) -> Source:
    """One side of a pair read in the worker: a Source as it is, a raster
    file's centrelines (the task's raster parameters), or a vector file."""
    if isinstance(path, Source):
        return path
    if is_raster_path(path):
        from ._raster import raster_source
        return raster_source(path, None, task.get("raster") or {})
    return read_path(path, task["fields"])


def extent(task: dict, gt, pred) -> Optional[float]:
    """The largest first coordinate of a pair's two graphs (None: nothing
    read), for a protocol that carries it from tile to tile."""
    top = None
    for side, label in ((gt, "ground truth"), (pred, "prediction")):
        if side is None:
            continue
        try:
            src = _side(side, label, task)
        except ValueError:
            continue
        for part in src.lines.parts:
            if len(part):
                v = float(part[:, 0].max())
                top = v if top is None else max(top, v)
    return top


def with_carried(task: dict, extra: dict) -> dict:
    """``task`` with a protocol's carried parameters added."""
    return {**task, "resolved": {**task["resolved"], **extra}, "params": {**task["params"], **extra}}


def _carried(proto, metric: str, tasks: list, pairs: list) -> list:
    """The tasks with a protocol's tile-to-tile state (core/protocols.py
    ``carry``): every pair's largest first coordinate, read in this process
    before scoring, turned into each task's parameters."""
    carry = proto.carry.get(metric) if proto is not None else None
    if carry is None or not tasks:
        return tasks
    extra = carry({str(i): extent(tasks[0], g, p) for i, g, p in pairs})
    return [with_carried(t, extra.get(t["id"], {})) for t in tasks]


def _raster_records(gsrc: Source, psrc: Source) -> dict:
    """The extraction record of each raster side (core/raster/params.py
    record, as a single pair's ``parameters``), as JSON text per column."""
    return {col: json.dumps(json_safe(src.raster), sort_keys=True)
            for col, src in zip(RASTER_COLUMNS, (gsrc, psrc)) if src.raster is not None}


def _source_warnings(gsrc: Source, psrc: Source) -> dict:
    """The readers' warnings (a raster without road pixels ...) of a pair
    that is not scored by the metric."""
    w = [str(x) for x in list(gsrc.warnings) + list(psrc.warnings)]
    return {"warnings": " | ".join(w)} if w else {}


def _score_masks(spec, task: dict, row: dict) -> dict:
    """The row of a pixel metric (two masks on one grid, read here, in the
    worker).  A missing prediction is, with the SpaceNet rule, scored as an
    all-zero mask on the ground truth's grid; pairs on two grids get the
    status ``grid_mismatch`` with the metric's sentence."""
    from ._pixel import GridMismatchError, compute_masks
    gt, pred, band = task["gt"], task["pred"], task.get("band", 1)
    status = "ok" if pred is not None else "missing_prediction"
    if pred is None and task["empty_chips"] == "skip":
        return {**row, "status": status}
    try:
        if pred is None:
            import numpy as np
            pred = np.zeros(_shape(gt, band), dtype=np.uint8)
        r = compute_masks(spec, gt, pred, task["params"], pixel_size=task["pixel_size"],
                          band=band)
    except ValueError as e:
        status = "grid_mismatch" if isinstance(e, GridMismatchError) else "error"
        return {**row, "status": status, "error": _spelt(e, task)}
    return {**row, "status": status, **r.scores, "warnings": " | ".join(r.warnings),
            "_pool_stats": r.pool_stats}


def _shape(path, band: int) -> tuple:
    """(rows, cols) of a raster file from its header (a .npy: its array's)."""
    if not is_raster_path(path):
        import numpy as np
        try:
            return tuple(np.load(path, mmap_mode="r", allow_pickle=False).shape[-2:])
        except (OSError, ValueError) as e:
            raise InputError(msg("{} cannot be read as a numpy array ({}).", path, e)) from None
    from ._raster import open_raster
    with open_raster(os.fspath(path), band) as (shape, *_):
        return tuple(shape)


def columns(metric: str, rasters: bool = False) -> list:
    """The rows' columns (the same in every format): id, status, every
    score of the metric (its outputs and ``extra_scores``), error,
    warnings, the pooling sums (``pool_stats``, JSON text) where the metric
    pools; ``rasters``: the extraction records of raster inputs (a line
    metric)."""
    spec = registry.get(metric)
    return (["id", "status"] + score_names(spec) + ["error", "warnings"] +
            (["pool_stats"] if spec.pool is not None else []) +
            (list(RASTER_COLUMNS) if rasters else []))


def score_names(spec) -> list:
    """The score columns of a metric's rows, canonical names (``TOPO_F1``:
    _names.py): its outputs, then its ``extra_scores``."""
    outs = [spec.output_key(o.name) for o in spec.outputs]
    return outs + [spec.output_key(k) for k in spec.extra_scores
                   if spec.output_key(k) not in outs]


def _nan(v) -> bool:
    return isinstance(v, float) and math.isnan(v)


FAILED = ("error", "grid_mismatch")   # pairs that could not be scored


def aggregate(metric: str, rows: list) -> dict:
    """The batch summary: ``mean`` of every score over the rows that have
    it (SpaceNet's total score is the mean of the chips' APLS), ``pooled``
    (the metric's pooled rule, as for tiles, from every row's pooling sums),
    counts by status (every status, 0 included), ``failed`` (pairs in error
    or on two grids) and the ids of pairs missing a side or failed."""
    spec = registry.get(metric)
    mean = {}
    for name in score_names(spec):
        vals = [r.get(name) for r in rows]
        vals = [float(v) for v in vals if isinstance(v, (int, float)) and not isinstance(v, bool)
                and not _nan(float(v))]
        mean[name] = math.fsum(vals) / len(vals) if vals else math.nan
    status = {s: 0 for s in STATUS}
    for r in rows:
        status[r.get("status", "error")] = status.get(r.get("status", "error"), 0) + 1
    head = spec.output_key(spec.headline_output().name)
    out = {"metric": metric, "pairs": len(rows),
           "scored": sum(1 for r in rows if isinstance(r.get(head), (int, float))
                         and not _nan(float(r[head]))),
           "failed": sum(status[s] for s in FAILED), "status": status, "mean": mean}
    if spec.pool is not None:
        rs = []
        for r in rows:
            ps = r.get("_pool_stats") or r.get("pool_stats")
            if isinstance(ps, str):
                ps = json.loads(ps)
            if ps:
                rs.append(MetricResult(metric, {o.name: r.get(spec.output_key(o.name))
                                                for o in spec.outputs},
                                       pool_stats=ps))
        out["pooled"] = canonical_scores(spec, spec.clip_scores(dict(spec.pool(rs)))) \
            if rs else {}
    for s in ("missing_prediction", "missing_ground_truth") + FAILED:
        ids = [r["id"] for r in rows if r.get("status") == s]
        if ids:
            out[s] = ids[:100] + (["..."] if len(ids) > 100 else [])
    return out


def intervals(metric: str, rows: list, ci: Optional[dict] = None) -> dict:
    """Bootstrap intervals of the summary's ``mean`` and ``pooled`` scores
    over the chips (core/analysis/bootstrap.py): pairs that failed are not
    chips; a NaN score is left out of the resamples as it is of the mean.
    ``ci``: level, resamples, method, seed (defaults 0.95, 10,000, bca, 0)."""
    from .core.analysis import bootstrap
    spec = registry.get(metric)
    chips = [r for r in rows if r.get("status") not in FAILED]

    def num(v):
        return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else math.nan
    # the core's table names the scores as the metric's outputs: short names
    # in, canonical names out
    short = {v: k for k, v in short_to_canonical(spec).items()}
    values = {short.get(k, k): [num(r.get(k)) for r in chips] for k in score_names(spec)}
    stats = []
    for r in chips:
        ps = r.get("_pool_stats") or r.get("pool_stats")
        if ps:
            stats.append(json.loads(ps) if isinstance(ps, str) else ps)
    out = bootstrap.table(spec, values, stats if spec.pool is not None else None, **(ci or {}))
    out["scores"] = canonical_scores(spec, out["scores"])
    return out


def check_ci(ci: Optional[dict]) -> dict:
    """The interval settings, checked before any pair is scored."""
    from .core.analysis import bootstrap
    ci = dict(ci or {})
    unknown = sorted(set(ci) - {"level", "resamples", "method", "seed"})
    if unknown:
        raise InputError(msg("Unknown interval setting(s): {}.", ", ".join(unknown)))
    try:
        bootstrap.check(ci.get("level", bootstrap.LEVEL), ci.get("resamples", bootstrap.RESAMPLES),
                        ci.get("method", bootstrap.METHOD))
    except ValueError as e:
        raise InputError(message_of(e)) from None
    if not isinstance(ci.get("seed", 0), int) or isinstance(ci.get("seed", 0), bool):
        raise InputError(msg("The interval seed must be a whole number, got {!r}.", ci["seed"]))
    return ci


def _pixel_of(side) -> Optional[bool]:
    """True / False when a side is known to be in pixel / map coordinates
    before it is read; None when only reading it would tell."""
    if isinstance(side, Source):
        return bool(side.pixel) if side.lines.parts or side.pixel else None
    if isinstance(side, (str, os.PathLike)):
        return True if os.fspath(side).lower().endswith(".graph") else None
    return None


def check_pairs(spec, pairs: list, pixel_size: Optional[float]) -> None:
    """The checks a single pair makes that can be made for the whole batch
    before anything is scored (InputError): the pixel size, pixel
    coordinates without one, and pixel and map coordinates mixed."""
    if pixel_size is not None and not (isinstance(pixel_size, (int, float)) and
                                       math.isfinite(pixel_size) and pixel_size > 0):
        raise InputError(msg("The pixel size must be a positive number of metres, got {}.",
                             pixel_size))
    if spec.inputs == "masks":
        return
    pixel, plain = [], []
    for i, g, p in pairs:
        kinds = {_pixel_of(g), _pixel_of(p)} - {None}
        if kinds == {True, False}:
            raise InputError(msg("Pair {}: one side is in pixel coordinates and the other is "
                                 "not: give both in pixels (with a pixel size) or both in map "
                                 "coordinates.", i))
        (pixel if True in kinds else plain if False in kinds else []).append(i)
    if pixel and pixel_size is None:
        raise InputError(msg("{} of the {} pair(s) are in pixel coordinates (SpaceNet WKT_Pix, "
                             "RoadTracer .graph; e.g. {}): give the pixel size in metres "
                             "(--pixel-size M, pixel_size=...; SpaceNet: 0.3). Nothing was "
                             "scored.", len(pixel), len(pairs), pixel[0]))
    if pixel and plain:
        raise InputError(msg("{} pair(s) are in pixel coordinates (e.g. {}) and {} in map "
                             "coordinates (e.g. {}): score them in two batches.", len(pixel),
                             pixel[0], len(plain), plain[0]))


def _plain(v):
    """JSON for what json.dumps does not write itself in a metric's pooling
    sums (numpy scalars and arrays)."""
    return v.item() if hasattr(v, "item") and getattr(v, "ndim", 0) == 0 else json_safe(v)


def _pair_files(pairs: list) -> list:
    return [os.fspath(x) for _, g, p in pairs for x in (g, p)
            if isinstance(x, (str, os.PathLike))]


def settings(metric: str, params: Optional[dict], empty_chips: str, band: int,
             protocol: Optional[str], pairs: Optional[list]) -> dict:
    """How every pair of a batch (or an accumulator: ``pairs`` None, not
    known in advance) is scored, checked before any is: ``spec``,
    ``params``, ``proto``, ``empty_chips``, ``raster`` (the raster
    parameters given), ``rasters`` (the extraction settings recorded, or
    None), ``resolved`` and ``fields``."""
    from ._api import _spec, field_values, resolve
    spec = _spec(metric)
    params = dict(params or {})
    proto = None
    if protocol is not None:
        from .core import protocols
        try:
            proto = protocols.get(protocol)
            params = protocols.protocol_params(proto, spec.id, params)
        except ValueError as e:
            raise InputError(message_of(e)) from None
        empty_chips = proto.empty_chips
    elif empty_chips not in EMPTY_RULES:
        raise InputError(msg("empty_chips must be one of {}, not {!r}.", ", ".join(EMPTY_RULES),
                             empty_chips))
    raster, rasters = _raster_settings(spec, params, pairs)
    if spec.inputs == "masks":
        from ._pixel import mask_values
        params = mask_values(params)     # raster_threshold=: both rasters' thresholds
    resolved = resolve(spec, params)
    if spec.inputs == "masks" and not (isinstance(band, int) and band >= 1):
        raise InputError(msg("The band must be a whole number from 1, got {}.", band))
    return {"spec": spec, "params": params, "proto": proto, "empty_chips": empty_chips,
            "raster": raster, "rasters": rasters, "resolved": resolved,
            "fields": field_values(spec, resolved)}


def run_batch(metric: str, pairs: list, out: Optional[str], params: Optional[dict] = None,
              pixel_size: Optional[float] = None, empty_chips: str = "spacenet",
              workers: int = 1, dask: Optional[str] = None, resume: bool = True,
              progress: Optional[Callable] = None, band: int = 1, *,
              keep_errors: bool = False, inputs: Optional[tuple] = None,
              on_count: Optional[Callable] = None, protocol: Optional[str] = None,
              ci: Optional[dict] = None, face: str = "library") -> dict:
    """Score every pair, write one row each to ``out``, return the summary
    (:func:`aggregate` with ``resumed``, ``retried``, ``rows``,
    ``provenance`` and ``warnings``).  ``params`` may hold the raster
    parameters (``RASTER_THRESHOLD`` ...) of raster files given to a line
    metric; ``band``: the band of the masks of a pixel metric; ``inputs``:
    (kind, [source paths]) as recorded in the rows' provenance (default:
    in-memory pairs); ``on_count(done, total)`` is called as pairs end
    (resumed ones count as done); ``ci``: the bootstrap interval settings
    (:func:`intervals`; ``{"resamples": 0}``: none); ``face``: 'cli' spells
    the options a pair's error names as the command line does.  Every check that can be made before scoring is made
    first (InputError); a resume refuses a file made differently
    (core: roadnetworkmetrics/_rows.py)."""
    st = settings(metric, params, empty_chips, band, protocol, pairs)
    spec, params, proto, empty_chips = st["spec"], st["params"], st["proto"], st["empty_chips"]
    raster, rasters, resolved, fields = st["raster"], st["rasters"], st["resolved"], st["fields"]
    ci = check_ci(ci)
    check_pairs(spec, pairs, pixel_size)
    kind, sources = inputs or ("pairs", [])
    sources = [os.fspath(s) for s in sources]
    if out is not None:
        check_output(out, [s for s in sources if not os.path.isdir(s)] + _pair_files(pairs),
                     [s for s in sources if os.path.isdir(s)])
    cols = columns(metric, rasters is not None)
    prov = provenance(metric, resolved, pixel_size_m=pixel_size, empty_chips=empty_chips,
                      raster=rasters, band=band if spec.inputs == "masks" else None,
                      inputs=inputs_record(kind, sources, pairs), columns=cols,
                      protocol=proto.record() if proto else None)
    writer = RowsFile(out, cols, prov, score_bounds(spec), resume=resume, keep_errors=keep_errors)
    done = writer.done
    todo = [(i, g, p) for i, g, p in pairs if str(i) not in done]
    tasks = [{"id": str(i), "gt": g, "pred": p, "metric": metric, "params": params,
              "pixel_size": pixel_size, "empty_chips": empty_chips, "fields": fields,
              "raster": raster, "band": band, "face": face,
              "resolved": resolved if spec.inputs == "lines" else None}
             for i, g, p in todo]
    tasks = _carried(proto, spec.id, tasks, pairs)
    computed = []

    def write(i, ok, value):  # in this process, as each pair ends
        row = value if ok else {"id": tasks[i]["id"], "status": "error",
                                "error": str(value).splitlines()[0]}
        if row.get("_pool_stats"):
            row["pool_stats"] = json.dumps(row["_pool_stats"], sort_keys=True, default=_plain)
        writer.write(row)
        computed.append((i, row))
        if on_count is not None:
            on_count(len(writer.kept) + len(computed), len(writer.kept) + len(tasks))
    if on_count is not None:
        on_count(len(writer.kept), len(writer.kept) + len(tasks))
    from .core.progress import Progress
    try:
        run_tasks(score_pair, tasks, workers, dask, Progress(progress) if callable(progress)
                  else None, [str(t["id"]) for t in tasks], on_result=write, prefetch=2)
    finally:
        writer.close()
    computed = [row for _, row in sorted(computed, key=lambda x: x[0])]
    order = {str(i): k for k, (i, _, _) in enumerate(pairs)}
    kept = sorted(writer.kept, key=lambda r: order.get(str(r.get("id")), -1))
    result = summarise(metric, kept + computed, ci, proto)
    result.update({"empty_chips": empty_chips, "resumed": len(writer.kept),
                   "retried": writer.retried, "rows": out, "warnings": writer.warnings,
                   "provenance": prov})
    if rasters is not None:
        result["raster"] = rasters
    result["_rows"] = kept + computed
    return result


def summarise(metric: str, rows: list, ci: Optional[dict], proto=None) -> dict:
    """The summary of a batch's (or an accumulator's) rows: :func:`aggregate`,
    the intervals (``scores``, ``intervals``) and the protocol's aggregate."""
    result = aggregate(metric, rows)
    iv = intervals(metric, rows, ci)
    result["scores"], result["intervals"] = iv["scores"], iv["settings"]
    if iv["notes"]:
        result["intervals"]["notes"] = iv["notes"]
    if proto is not None:
        result["protocol"] = _protocol_summary(proto, metric, rows)
    return result


# rows the reference has no output for: it scores only the tiles it could read,
# with a prediction (SAM-Road's scripts skip a tile without a prediction file)
NOT_IN_PROTOCOL = FAILED + ("missing_ground_truth", "missing_prediction")


def _protocol_summary(proto, metric: str, rows: list) -> dict:
    """The protocol's aggregate over the rows the reference would have read;
    the others are listed (``tiles_not_scored``), never counted as NaN."""
    names = short_to_canonical(registry.get(metric))
    short = {v: k for k, v in names.items()}
    # the core's aggregates read and name the outputs by their short names
    scored = [{short.get(k, k): v for k, v in r.items()} for r in rows
              if r.get("status") not in NOT_IN_PROTOCOL]
    agg = proto.aggregate[metric](scored)
    out = {**proto.record(), "title": proto.title, **{names.get(k, k): v for k, v in agg.items()}}
    left = [r["id"] for r in rows if r.get("status") in NOT_IN_PROTOCOL]
    if left:
        out["tiles_not_scored"] = left
    return out


def _raster_settings(spec, params: dict, pairs: list) -> tuple:
    """(raster parameters given, the extraction settings for the aggregate
    or None) of a line metric: the raster parameters are taken out of
    ``params`` and checked before any pair is scored; given without any
    raster file among the pairs, they are refused (as for one pair)."""
    if spec.inputs == "masks":
        return {}, None
    from ._raster import _resolve, raster_params
    from .core.raster.params import extraction_args
    raster = raster_params(params)
    resolved = _resolve(raster)
    if pairs is None:      # an accumulator: the pairs come later
        return raster, ({"band": resolved["RASTER_BAND"], "threshold": resolved["RASTER_THRESHOLD"],
                         "classes": resolved["RASTER_CLASSES"], **extraction_args(resolved)}
                        if raster else None)
    if not any(is_raster_path(s) for _, g, p in pairs for s in (g, p)):
        if raster:
            raise InputError(msg("{} only apply to raster files (.tif ...) among the pairs, and "
                                 "there is none.", ", ".join(sorted(raster))))
        return raster, None
    return raster, {"band": resolved["RASTER_BAND"], "threshold": resolved["RASTER_THRESHOLD"],
                    "classes": resolved["RASTER_CLASSES"], **extraction_args(resolved)}



# -- the public function ----------------------------------------------------------

class BatchResult:
    """What :func:`batch` returns.

    Attributes
    ----------
    summary : dict
        ``metric``, ``pairs``, ``scored``, ``failed`` (pairs in ``error`` or
        ``grid_mismatch``), ``status`` (count of every status), ``mean`` and
        ``pooled`` (per score), ``scores`` (per score: ``mean``, ``ci_low``,
        ``ci_high``, ``n`` and where the metric pools ``pooled``,
        ``pooled_ci_low``, ``pooled_ci_high``), ``intervals`` (their
        settings: method, level, resamples, seed, chips), ``empty_chips``, ``resumed``, ``retried``,
        ``warnings``, ``provenance`` and the ids of missing or failed pairs.
    records : list of dict
        One row per pair, in the pairs' order (scores as floats, NaN where a
        score is undefined).
    path : str or None
        The rows file written, if any.
    """

    def __init__(self, summary: dict, records: list):
        self.summary = summary
        self.records = records
        self.path = summary.get("rows")
        self.provenance = summary["provenance"]

    @property
    def rows(self):
        """The rows as a pandas DataFrame indexed by id when pandas is
        installed, else :attr:`records`."""
        try:
            import pandas as pd
        except ImportError:
            return self.records
        cols = self.provenance["columns"]
        return pd.DataFrame([{c: r.get(c) for c in cols} for r in self.records],
                            columns=cols).set_index("id")

    @property
    def mean(self) -> dict:
        return self.summary["mean"]

    @property
    def pooled(self) -> dict:
        return self.summary.get("pooled", {})

    @property
    def intervals(self) -> dict:
        """{score: (ci_low, ci_high)} of the mean (bootstrap over chips)."""
        return {k: (v["ci_low"], v["ci_high"]) for k, v in self.summary.get("scores", {}).items()}

    @property
    def failed(self) -> int:
        return self.summary["failed"]

    def to_file(self, path: str) -> str:
        """Write the rows with their provenance to ``path`` (.csv, .jsonl or
        .parquet), replacing the file; returns ``path``."""
        spec = registry.get(self.summary["metric"])
        w = RowsFile(path, self.provenance["columns"], self.provenance, score_bounds(spec),
                     resume=False)
        for r in self.records:
            w.write(r)
        w.close()
        return path

    def __repr__(self) -> str:
        s = self.summary
        spec = registry.get(s["metric"])
        head = spec.output_key(spec.headline_output().name)
        return (f"<BatchResult {s['metric']}: {s['pairs']} pairs, {s['scored']} scored, "
                f"{s['failed']} failed, mean {head} {s['mean'].get(head, math.nan):.4g}>")


def batch(metric: str, pairs=None, *, spacenet=None, folders=None, manifest=None,
          out: Optional[str] = None, pixel_size: Optional[float] = None,
          empty_chips: str = "spacenet", workers: int = 1, dask: Optional[str] = None,
          resume: bool = True, keep_errors: bool = False, progress=False,
          band: Optional[int] = None,
          protocol: Optional[str] = None, ci_level: float = 0.95, ci_resamples: int = 10_000,
          ci_method: str = "bca", ci_seed: int = 0, **params) -> BatchResult:
    """Score one metric over many (ground truth, prediction) pairs: one row
    per pair and the summary, as ``roadmetrics batch``.

    Parameters
    ----------
    metric : str
        A metric id (:func:`metrics`, :func:`pixel_metrics`).
    pairs : iterable of (id, ground_truth, prediction), optional
        In-memory pairs: each side anything the metric function takes (a
        path, shapely lines, coordinate arrays, a networkx graph, a
        :class:`Source`; masks for a pixel metric), or None for a missing
        side.
    spacenet : (str, str), optional
        A SpaceNet ground-truth CSV and proposal CSV, matched by ImageId
        (pixel coordinates: give ``pixel_size``, 0.3 for SpaceNet).
    folders : (str, str), optional
        Two folders, files matched by name without extension.
    manifest : str, optional
        A CSV with columns id, ground_truth, prediction.
    out : str, optional
        Rows file (.csv, .jsonl, .parquet) written as pairs end, with its
        provenance; an existing one made the same way is resumed.  None:
        rows in memory only.
    pixel_size : float, optional
        Metres per pixel, for inputs in pixel coordinates.
    empty_chips : {'spacenet', 'skip'}
        Chips with an empty side (docs/library.md, "Batch scoring").
    workers : int
        Local processes (0: one per core); ``dask``: a scheduler address.
    resume, keep_errors : bool
        Keep the rows of an existing ``out`` made the same way; with
        ``keep_errors`` its rows in error are kept instead of scored again.
    progress : bool or callable
        True: a bar on stderr (n/N, rate, time left); a callable:
        ``progress(fraction, message)``.
    band : int
        Deprecated alias of ``raster_band=`` (the band of a pixel metric's
        masks), removed in 2.0.
    protocol : str, optional
        Score as a published benchmark does (``'sat2graph_cityscale'``,
        ``'samroad_spacenet'``, ``'spacenet'``: core/protocols.py): the
        metric's variant, the empty-tile rule (``empty_chips`` is then not
        used) and the aggregation, quirks included, in
        ``summary['protocol']``.
    **params
        The metric's parameters (names as in the plugin), and the raster
        parameters (``raster_threshold=``, ``raster_band=`` ...) for raster
        files (a pixel metric: ``raster_threshold=`` thresholds both masks,
        ``gt_threshold=`` / ``pred_threshold=`` one of them).

    Returns
    -------
    BatchResult

    Raises
    ------
    InputError
        Bad parameters or inputs found before scoring (pixel coordinates
        without a pixel size, an ``out`` that is an input ...), or an ``out``
        that cannot be resumed.  A pair that fails is a row with status
        ``error``, counted in ``summary['failed']``.

    Examples
    --------
    >>> import roadnetworkmetrics as rnm
    >>> road = [[(0, 0), (200, 0), (400, 0)], [(200, 0), (200, 300)]]
    >>> pairs = [("a", road, road), ("b", road, [[(0, 2), (400, 2)]])]
    >>> res = rnm.batch("apls", pairs)
    >>> res.summary["status"]["ok"], round(res.mean["APLS"], 3)
    (2, 0.755)
    """
    given = [k for k, v in (("pairs", pairs), ("spacenet", spacenet), ("folders", folders),
                            ("manifest", manifest)) if v is not None]
    if len(given) != 1:
        raise InputError(msg("Give exactly one of pairs, spacenet, folders or manifest (got {})."
                             , ", ".join(given) or "none"))
    from ._api import _spec
    spec = _spec(metric)
    band = mask_band(spec, params, band)
    if spacenet is not None:
        g, p = _two(spacenet, "spacenet")
        ps, inputs = pairs_from_spacenet(g, p, pixel_size), ("spacenet", [g, p])
    elif folders is not None:
        g, p = _two(folders, "folders")
        ps, inputs = pairs_from_folders(g, p), ("folders", [g, p])
    elif manifest is not None:
        ps, inputs = pairs_from_manifest(os.fspath(manifest)), ("manifest", [manifest])
    else:
        ps, inputs = _memory_pairs(spec, pairs), ("pairs", [])
    bar = on_count = None
    if progress is True:
        from ._progress import CountBar
        bar = CountBar(f"batch {spec.id}")
        on_count = bar.count
    elif callable(progress):
        def on_count(n, total):
            progress(n / total if total else 1.0, f"{n}/{total} pairs")
    try:
        summary = run_batch(spec.id, ps, os.fspath(out) if out is not None else None, params,
                            pixel_size, empty_chips, workers, dask, resume, None, band,
                            keep_errors=keep_errors, inputs=inputs, on_count=on_count,
                            protocol=protocol, ci={"level": ci_level, "resamples": ci_resamples,
                                                   "method": ci_method, "seed": ci_seed})
    finally:
        if bar is not None:
            bar.close()
    records = [{k: v for k, v in r.items() if not k.startswith("_")}
               for r in summary.pop("_rows")]
    return BatchResult(summary, records)


def mask_band(spec, params: dict, band: Optional[int]) -> int:
    """The band of a pixel metric's masks from ``raster_band=`` (taken out
    of ``params``) or the deprecated ``band=``; 1 for a line metric (its
    rasters' band is the raster parameter RASTER_BAND)."""
    if spec.inputs != "masks":
        return 1 if band is None else band
    from ._pixel import band_of, note_old_names
    note_old_names(params, stacklevel=4)
    rb = [params.pop(k) for k in list(params) if k.upper() == "RASTER_BAND"]
    return band_of(rb[-1] if rb else None, band, stacklevel=4)


def _two(v, name: str) -> tuple:
    if isinstance(v, (str, os.PathLike)) or len(v) != 2:
        raise InputError(msg("{} takes two paths (ground truth, prediction).", name))
    return os.fspath(v[0]), os.fspath(v[1])


def _memory_pairs(spec, pairs) -> list:
    """[(id, side, side)] from in-memory pairs: each side of a line metric
    that is not a path read here into a Source (graphs, arrays and shapely
    lines then travel to the workers as coordinates); masks as they are."""
    from ._inputs import as_source
    out, seen = [], set()
    try:
        items = list(pairs)
    except TypeError:
        raise InputError(msg("pairs must be an iterable of (id, ground_truth, prediction)."))
    for k, item in enumerate(items):
        try:
            i, g, p = item
        except (TypeError, ValueError):
            raise InputError(msg("pairs[{}] is not an (id, ground_truth, prediction) triple.", k))
        i = str(i)
        if i in seen:
            raise InputError(msg("The pair id {} appears twice.", i))
        seen.add(i)
        if spec.inputs == "lines":
            g, p = (x if x is None or isinstance(x, (str, os.PathLike, Source)) else
                    as_source(x, f"{name} of pair {i}", fields=None)
                    for x, name in ((g, "ground truth"), (p, "prediction")))
        out.append((i, g, p))
    return out

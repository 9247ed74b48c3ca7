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
from .core.analysis.executor import run_tasks
from .core.analysis.tiles import _worst
from .core.layers import layers_for_run
from .core.io.read import read_path
from .core.io.source import Source
from .core.io.spacenet import read_spacenet_csv
from .core.network.lineset import LineSet
from .core.result import MetricResult, json_safe
from .core.text import message_of, msg
from ._errors import InputError
from ._raster import RASTER_EXTENSIONS, is_raster_path

READABLE = (".gpkg", ".geojson", ".json", ".graph", ".csv", ".shp", ".fgb", ".gml", ".kml",
            ".sqlite", ".gpx", ".tab") + RASTER_EXTENSIONS
EMPTY_RULES = ("spacenet", "skip")
STATUS = ("ok", "empty_both", "empty_ground_truth", "empty_prediction", "missing_prediction",
          "missing_ground_truth", "grid_mismatch", "error")
RASTER_COLUMNS = ("ground_truth_raster", "prediction_raster")


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
    row = {"id": task["id"]}
    gt, pred, rule = task["gt"], task["pred"], task["empty_chips"]
    if gt is None:
        return {**row, "status": "missing_ground_truth"}
    if spec.inputs == "masks":
        return _score_masks(spec, task, row)
    try:
        gsrc = _side(gt, "ground truth", task)
        psrc = _side(pred, "prediction", task) if pred is not None else None
    except ValueError as e:
        return {**row, "status": "error", "error": message_of(e)}
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
    if g_empty:
        scores = {o.name: (o.perfect if p_empty else _worst(o)) for o in spec.outputs
                  if not (o.perfect is None and o.bounds and o.bounds[1] is None)}
        return {**row, "status": status, **{k: v for k, v in scores.items() if v is not None},
                **_source_warnings(gsrc, psrc)}
    try:
        with layers_for_run(False):   # a row keeps the scores only (core/layers.py)
            r = (compute_resolved(spec, gsrc, psrc, task["resolved"], {}, task["pixel_size"])
                 if task.get("resolved") is not None else
                 compute(spec.id, gsrc, psrc, task["params"], task["pixel_size"]))
    except InputError as e:
        return {**row, "status": "error", "error": str(e)}
    out = {**row, "status": status, **r.scores,
           "warnings": " | ".join(r.warnings)}
    out["_pool_stats"] = r._core.pool_stats
    return out


def _side(path, name: str, task: dict) -> Source:
    """One side of a pair read in the worker: a Source as it is, a raster
    file's centrelines (the task's raster parameters), or a vector file."""
    if isinstance(path, Source):
        return path
    if is_raster_path(path):
        from ._raster import raster_source
        return raster_source(path, None, task.get("raster") or {})
    return read_path(path, task["fields"])


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
        return {**row, "status": status, "error": str(message_of(e))}
    return {**row, "status": status, **r.scores, "warnings": " | ".join(r.warnings),
            "_pool_stats": r._core.pool_stats}


def _shape(path, band: int) -> tuple:
    """(rows, cols) of a raster file from its header (a .npy: its array's)."""
    if not is_raster_path(path):
        import numpy as np
        try:
            return tuple(np.load(path, mmap_mode="r", allow_pickle=False).shape[-2:])
        except (OSError, ValueError) as e:
            raise InputError(msg("{} cannot be read as a numpy array ({}).", path, e)) from None
    from ._raster import _open
    with _open(os.fspath(path), band) as (shape, *_):
        return tuple(shape)


def columns(metric: str, rasters: bool = False) -> list:
    """The rows' columns; ``rasters``: with the extraction records of
    raster inputs (a line metric)."""
    spec = registry.get(metric)
    return ["id", "status"] + [o.name for o in spec.outputs] + ["error", "warnings"] + (
        list(RASTER_COLUMNS) if rasters else [])


class RowWriter:
    """Rows to CSV / JSON lines as they come (flushed), Parquet at close;
    ``done`` holds the ids already in an existing file (resume)."""

    def __init__(self, path: str, cols: list, resume: bool = True):
        self.path, self.cols = path, cols
        self.kind = {".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "jsonl",
                     ".parquet": "parquet"}.get(os.path.splitext(path)[1].lower(), "csv")
        if self.kind == "parquet":
            try:
                import pyarrow  # noqa: F401
            except ImportError:
                raise InputError(msg("Writing {} needs pyarrow (pip install pyarrow); .csv "
                                     "and .jsonl are written without it.", path))
        self.old = self._read() if resume and os.path.exists(path) else []
        self.done = {str(r.get("id")) for r in self.old}
        self.new = []
        self._fh = None
        if self.kind != "parquet":
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
            fresh = not self.old
            self._fh = open(path, "w" if fresh else "a", newline="", encoding="utf-8")
            if self.kind == "csv":
                self._csv = csv.DictWriter(self._fh, fieldnames=cols, extrasaction="ignore")
                if fresh:
                    self._csv.writeheader()

    def _read(self) -> list:
        try:
            if self.kind == "csv":
                with open(self.path, newline="", encoding="utf-8") as f:
                    rows = list(csv.DictReader(f))
                text = ("id", "status", "error", "warnings") + RASTER_COLUMNS
                return [{k: _parse(v) if k not in text else v
                         for k, v in r.items()} for r in rows]
            if self.kind == "jsonl":
                with open(self.path, encoding="utf-8") as f:
                    return [json.loads(l) for l in f if l.strip()]
            import pyarrow.parquet as pq
            return pq.read_table(self.path).to_pylist()
        except (OSError, ValueError, csv.Error) as e:
            raise InputError(msg("{} exists and cannot be read to resume ({}); remove it or "
                                 "give --no-resume.", self.path, e))

    def write(self, row: dict) -> None:
        row = {k: v for k, v in row.items() if not k.startswith("_")}
        self.new.append(row)
        if self.kind == "csv":
            self._csv.writerow({k: ("" if _nan(v) else v) for k, v in row.items()})
            self._fh.flush()
        elif self.kind == "jsonl":
            self._fh.write(json.dumps({k: (None if _nan(v) else v) for k, v in row.items()}) + "\n")
            self._fh.flush()

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
        elif self.kind == "parquet":
            import pyarrow as pa
            import pyarrow.parquet as pq
            rows = self.old + self.new
            table = pa.table({c: [r.get(c) for r in rows] for c in self.cols})
            pq.write_table(table, self.path)


def _nan(v) -> bool:
    return isinstance(v, float) and math.isnan(v)


def _parse(v):
    if v in ("", None):
        return math.nan
    try:
        return float(v)
    except ValueError:
        return v


def aggregate(metric: str, rows: list, pooled_rows: Optional[list] = None) -> dict:
    """The batch aggregate: ``mean`` of every score over the rows that have
    it (SpaceNet's total score is the mean of the chips' APLS), ``pooled``
    (the metric's pooled rule over the scored pairs, as for tiles) when
    every row was computed in this run, counts by status and the ids of
    pairs missing a side."""
    spec = registry.get(metric)
    mean = {}
    for o in spec.outputs:
        vals = [r.get(o.name) for r in rows]
        vals = [float(v) for v in vals if isinstance(v, (int, float)) and not _nan(float(v))]
        mean[o.name] = (sum(vals) / len(vals)) if vals else math.nan
    status = {s: 0 for s in STATUS}
    for r in rows:
        status[r.get("status", "error")] = status.get(r.get("status", "error"), 0) + 1
    out = {"metric": metric, "pairs": len(rows),
           "scored": sum(1 for r in rows if isinstance(r.get(spec.headline_output().name),
                                                       (int, float))
                         and not _nan(float(r[spec.headline_output().name]))),
           "status": {k: v for k, v in status.items() if v}, "mean": mean}
    if pooled_rows is not None and spec.pool is not None:
        rs = [MetricResult(metric, {o.name: r.get(o.name) for o in spec.outputs},
                           pool_stats=r["_pool_stats"]) for r in pooled_rows
              if r.get("_pool_stats")]
        out["pooled"] = dict(spec.clip_scores(dict(spec.pool(rs)))) if rs else {}
    for s in ("missing_prediction", "missing_ground_truth", "grid_mismatch", "error"):
        ids = [r["id"] for r in rows if r.get("status") == s]
        if ids:
            out[s] = ids[:100] + (["..."] if len(ids) > 100 else [])
    return out


def run_batch(metric: str, pairs: list, out: str, params: Optional[dict] = None,
              pixel_size: Optional[float] = None, empty_chips: str = "spacenet",
              workers: int = 1, dask: Optional[str] = None, resume: bool = True,
              progress: Optional[Callable] = None, band: int = 1) -> dict:
    """Score every pair, write one row each to ``out``, return the aggregate.
    ``params`` may hold the raster parameters (``RASTER_THRESHOLD`` ...) of
    raster files given to a line metric; ``band``: the band of the masks
    of a pixel metric."""
    from ._api import _spec, field_values, resolve
    spec = _spec(metric)
    if empty_chips not in EMPTY_RULES:
        raise InputError(msg("empty_chips must be one of {}, not {!r}.", ", ".join(EMPTY_RULES),
                             empty_chips))
    params = dict(params or {})
    raster, rasters = _raster_settings(spec, params, pairs)
    resolved = resolve(spec, params)
    fields = field_values(spec, resolved)
    if spec.inputs == "masks" and not (isinstance(band, int) and band >= 1):
        raise InputError(msg("The band must be a whole number from 1, got {}.", band))
    for _, g, p in pairs:
        for side in (g, p):
            if isinstance(side, (str, os.PathLike)) and os.path.exists(side) and \
                    os.path.exists(out) and os.path.samefile(side, out):
                raise InputError(msg("The output {} is an input: choose another file.", out))
    writer = RowWriter(out, columns(metric, rasters is not None), resume)
    todo = [(i, g, p) for i, g, p in pairs if str(i) not in writer.done]
    tasks = [{"id": i, "gt": g, "pred": p, "metric": metric, "params": params,
              "pixel_size": pixel_size, "empty_chips": empty_chips, "fields": fields,
              "raster": raster, "band": band,
              "resolved": resolved if spec.inputs == "lines" else None}
             for i, g, p in todo]
    computed = []

    def write(i, ok, value):  # in this process, as each pair ends
        row = value if ok else {"id": tasks[i]["id"], "status": "error",
                                "error": str(value).splitlines()[0]}
        writer.write(row)
        computed.append((i, row))
    from .core.progress import Progress
    try:
        run_tasks(score_pair, tasks, workers, dask, Progress(progress) if callable(progress)
                  else None, [str(t["id"]) for t in tasks], on_result=write)
    finally:
        writer.close()
    computed = [row for _, row in sorted(computed, key=lambda x: x[0])]
    order = {str(i): k for k, (i, _, _) in enumerate(pairs)}
    rows = sorted(writer.old, key=lambda r: order.get(str(r.get("id")), -1)) + computed
    result = aggregate(metric, rows, computed if not writer.old else None)
    result["resumed"] = len(writer.old)
    result["rows"] = out
    if rasters is not None:
        result["raster"] = rasters
    return result


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
    if not any(is_raster_path(s) for _, g, p in pairs for s in (g, p)):
        if raster:
            raise InputError(msg("{} only apply to raster files (.tif ...) among the pairs, and "
                                 "there is none.", ", ".join(sorted(raster))))
        return raster, None
    return raster, {"band": resolved["RASTER_BAND"], "threshold": resolved["RASTER_THRESHOLD"],
                    "classes": resolved["RASTER_CLASSES"], **extraction_args(resolved)}


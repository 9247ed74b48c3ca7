"""The ``roadmetrics`` command line.

    roadmetrics list
    roadmetrics help METRIC
    roadmetrics METRIC GT PRED [--PARAM value ...] [--json] [--matched out.gpkg ...]
                              (GT or PRED a .tif: --raster-threshold 0.5 ...)
    roadmetrics pixel_iou GT.tif PRED.tif [--json] [--confusion-map errors.tif]
    roadmetrics evaluate GT PRED [--metrics apls,ccq] [--report report.html] [--json]
    roadmetrics batch METRIC (--pairs GT_DIR PRED_DIR | --manifest CSV |
                              --spacenet GT.csv PROPOSAL.csv) --out rows.csv [--json]
                              (.tif pairs: --raster-threshold 0.5 ...; pixel metrics: --band)

Exit codes: 0 success, 2 bad input or parameters (one sentence on stderr),
3 a batch finished but some pairs could not be scored (``--allow-errors``),
1 internal error, 130 interrupted.  Parameters are spelt as in the plugin
(``--CONTROL_SPACING 25``) or in lower case with dashes
(``--control-spacing 25``).  A progress bar goes to stderr when it is a
terminal, unless ``--quiet``.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import traceback
from typing import Optional

from .core import registry
from .core.result import json_safe
from ._errors import InputError

PROG = "roadmetrics"


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # exit code 2 with one sentence, as for bad input
        raise InputError(f"{message} (see '{PROG} help' or '{self.prog} --help')")


def _bool(text: str) -> bool:
    t = str(text).strip().lower()
    if t in ("1", "true", "yes", "on"):
        return True
    if t in ("0", "false", "no", "off"):
        return False
    raise argparse.ArgumentTypeError(f"expected true or false, got {text!r}")


def _kind_type(p):
    return {"distance": float, "number": float, "integer": int, "bool": _bool}.get(p.kind, str)


def _add_params(parser, params, prefix: str = "",
                title: str = "metric parameters (as in the QGIS plugin)"):
    group = parser.add_argument_group(title)
    for p in params:
        dash = "--" + p.name.lower().replace("_", "-")
        names = [f"--{p.name}"] + ([dash] if dash != f"--{p.name}" else [])
        unit = f" [{p.unit}]" if p.unit else ""
        default = "" if p.default is None else f" (default {p.default})"
        kw = dict(dest=prefix + p.name, type=_kind_type(p), default=None, metavar=p.kind.upper(),
                  help=f"{p.label}{unit}{default}. {p.help}".replace("%", "%%"))
        if p.options:
            kw["choices"] = list(p.options)
            kw["metavar"] = "{" + ",".join(p.options) + "}"
        group.add_argument(*names, **kw)


def _common(parser):
    parser.add_argument("--json", action="store_true", help="print the scores as JSON on stdout")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    parser.add_argument("--pixel-size", type=float, metavar="M",
                        help="metres per pixel, for inputs in pixel coordinates (RoadTracer "
                             ".graph, SpaceNet WKT_Pix)")


def _sink_option(name: str) -> str:
    return "--" + name.lower().replace("_", "-")


def metric_parser(spec) -> argparse.ArgumentParser:
    p = _Parser(prog=f"{PROG} {spec.id}", description=f"{spec.name}. {spec.help}")
    p.add_argument("ground_truth", help="ground-truth file (GeoPackage, GeoJSON, .graph, ...)")
    p.add_argument("prediction", help="prediction file")
    _common(p)
    for s in spec.sinks:
        p.add_argument(_sink_option(s.name), metavar="FILE", dest="sink_" + s.name,
                       help=f"write the layer {s.name} ({s.label}) to FILE (.geojson; .gpkg, "
                            f".shp ... with pyogrio)")
    _add_params(p, spec.all_params())
    _add_raster_params(p)
    return p


def _add_raster_params(parser) -> None:
    """--raster-threshold ... (core/raster/params.py): for a raster file
    (.tif ...) given as the ground truth or the prediction."""
    from .core.raster.params import RASTER_PARAMS
    _add_params(parser, RASTER_PARAMS, title="raster input (a .tif ground truth or prediction: "
                                             "its centrelines are extracted first)")


def _raster_names() -> list:
    from .core.raster.params import RASTER_PARAMS
    return [p.name for p in RASTER_PARAMS]


def _given(args, names, prefix=""):
    return {n: getattr(args, prefix + n) for n in names if getattr(args, prefix + n) is not None}


def _progress(args) -> bool:
    return not args.quiet and sys.stderr.isatty()


def _print_scores(title: str, scores: dict, warnings: list) -> None:
    print(title)
    width = max((len(k) for k in scores), default=0)
    for k, v in scores.items():
        shown = "nan" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{v:.6g}"
        print(f"  {k:<{width}}  {shown}")
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)


def mask_parser(spec) -> argparse.ArgumentParser:
    p = _Parser(prog=f"{PROG} {spec.id}", description=f"{spec.name}. {spec.help}")
    p.add_argument("ground_truth", help="ground-truth raster (GeoTIFF, or .npy with --pixel-size)")
    p.add_argument("prediction", help="predicted raster on the same grid")
    p.add_argument("--json", action="store_true", help="print the scores as JSON on stdout")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    p.add_argument("--pixel-size", type=float, metavar="M",
                   help="metres per pixel, for .npy arrays and rasters without "
                        "georeferencing (a GeoTIFF's own transform is used otherwise; a size "
                        "that contradicts it is refused)")
    p.add_argument("--band", type=int, default=1, help="band of the rasters (default 1)")
    for m in spec.maps:
        p.add_argument(_sink_option(m.name), metavar="FILE.tif", dest="map_" + m.name,
                       help=f"write the map {m.name} ({m.label}) to FILE.tif: a GeoTIFF on the "
                            f"input grid with its colour table and a .qml style (rasterio or "
                            f"GDAL's Python bindings)")
    _add_params(p, spec.all_params())
    return p


def run_mask_metric(spec, argv) -> int:
    from ._pixel import compute_masks
    from ._writers import check_outputs
    args = mask_parser(spec).parse_args(argv)
    params = _given(args, [p.name for p in spec.all_params()])
    maps = {m.name: getattr(args, "map_" + m.name) for m in spec.maps
            if getattr(args, "map_" + m.name)}
    for path in maps.values():
        if not path.lower().endswith((".tif", ".tiff")):
            raise InputError(f"{path}: a map is written as a GeoTIFF: give a .tif file name")
    check_outputs(list(maps.values()) + [_qml(p) for p in maps.values()],
                  [args.ground_truth, args.prediction])
    if maps:
        _map_writer_available()
    r = compute_masks(spec, args.ground_truth, args.prediction, params,
                      pixel_size=args.pixel_size, band=args.band, progress=_progress(args),
                      maps=bool(maps))
    for name, path in maps.items():
        r.write_map(name, path)
    if args.json:
        print(json.dumps(r.to_dict()))
    else:
        _print_scores(f"{spec.id}: {spec.name}", r.scores, r.warnings)
    return 0


def _qml(path: str) -> str:
    return os.path.splitext(path)[0] + ".qml"


def _map_writer_available() -> None:
    """InputError (exit 2) before any work when no GeoTIFF writer is installed."""
    import importlib.util
    if importlib.util.find_spec("rasterio") is None:
        try:
            from osgeo import gdal  # noqa: F401 (is GDAL's binding there?)
        except ImportError:
            raise InputError("Writing a map needs rasterio (pip install rasterio) or GDAL's "
                             "Python bindings (osgeo)") from None


def run_metric(spec, argv) -> int:
    if spec.inputs == "masks":
        return run_mask_metric(spec, argv)
    from ._api import compute
    from ._writers import check_outputs, write_layer
    args = metric_parser(spec).parse_args(argv)
    params = _given(args, [p.name for p in spec.all_params()] + _raster_names())
    sinks = {s.name: getattr(args, "sink_" + s.name) for s in spec.sinks
             if getattr(args, "sink_" + s.name)}
    check_outputs(list(sinks.values()), [args.ground_truth, args.prediction])
    r = compute(spec.id, args.ground_truth, args.prediction, params, args.pixel_size,
                _progress(args))
    for name, path in sinks.items():
        write_layer(r.layers.get(name, []), path, r.crs, name.lower())
    if args.json:
        print(json.dumps(r.to_dict()))
    else:
        _print_scores(f"{spec.id}: {spec.name}", r.scores, r.warnings)
    return 0


def evaluate_parser() -> argparse.ArgumentParser:
    p = _Parser(prog=f"{PROG} evaluate", description="Several metrics on one pair, with the "
                "plugin's HTML report.")
    p.add_argument("ground_truth")
    p.add_argument("prediction")
    _common(p)
    p.add_argument("--metrics", help="comma-separated metric ids (default: all)")
    p.add_argument("--params", help="JSON text or a JSON file (PATH or @PATH): shared parameters "
                                    "and per-metric ones under the metric id, e.g. "
                                    "'{\"apls\": {\"CONTROL_SPACING\": 25}}'")
    p.add_argument("--seed", type=int, help="SEED of every sampled metric")
    p.add_argument("--tile-size", type=float, metavar="M", help="square tiles of M metres")
    p.add_argument("--aggregation", choices=["pooled", "mean"], default="pooled")
    p.add_argument("--empty-tiles", choices=["skip", "worst", "best"], default="skip")
    p.add_argument("--margin", type=float, default=0.0, metavar="M")
    p.add_argument("--workers", type=int, default=1, help="local processes (0: one per core)")
    p.add_argument("--report", metavar="FILE.html", help="write the HTML report")
    p.add_argument("--protocol", metavar="NAME",
                   help="score APLS / TOPO as a published benchmark does (sat2graph_cityscale, "
                        "samroad_spacenet, spacenet), with each metric's own definition beside "
                        "(whole extent only)")
    add_ci_options(p, seed=False, units="with --tile-size: tiles")
    _add_params(p, [x for x in registry.NETWORK_PARAMS] + [registry.CLASS_PARAM])
    _add_raster_params(p)
    return p


def _json_text(value: str) -> str:
    """--params: inline JSON, or the path of a file holding it (``@file``
    too, as curl writes it)."""
    path = value[1:] if value.startswith("@") else value
    if not value.lstrip().startswith(("{", "[")) and os.path.isfile(path):
        try:
            with open(path, encoding="utf-8") as f:
                return f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise InputError(f"--params: {path} cannot be read ({e})") from None
    if value.startswith("@"):
        raise InputError(f"--params: {path}: no such file")
    return value


def run_evaluate(argv) -> int:
    from ._evaluate import evaluate
    from ._writers import check_outputs
    args = evaluate_parser().parse_args(argv)
    check_outputs([args.report], [args.ground_truth, args.prediction])
    try:
        params = json.loads(_json_text(args.params)) if args.params else {}
    except json.JSONDecodeError as e:
        raise InputError(f"--params is not valid JSON ({e})")
    if not isinstance(params, dict):
        raise InputError("--params must be a JSON object")
    params.update(_given(args, [p.name for p in registry.NETWORK_PARAMS] + ["CLASS_FIELD"] +
                         _raster_names()))
    ids = [m.strip() for m in args.metrics.split(",") if m.strip()] if args.metrics else None
    ev = evaluate(args.ground_truth, args.prediction, ids, params, seed=args.seed,
                  tile_size=args.tile_size, aggregation=args.aggregation,
                  empty_tiles=args.empty_tiles, margin=args.margin, workers=args.workers,
                  pixel_size=args.pixel_size, progress=_progress(args), protocol=args.protocol,
                  ci_level=args.ci_level, ci_resamples=args.ci_resamples, ci_method=args.ci_method)
    if args.report:
        ev.report(args.report)
    if args.json:
        print(json.dumps(ev.to_dict()))
    elif ev.intervals:
        _print_intervals(ev)
    else:
        _print_scores("evaluate", ev.numbers, ev.warnings)
        _print_clean(ev)
        for m, e in ev.errors.items():
            print(f"error: {m}: {e}", file=sys.stderr)
    return 0


def _print_intervals(ev) -> None:
    """The aggregated scores over tiles as ``value [low, high]``."""
    from .core.analysis.bootstrap import text
    iv = ev.to_dict()["intervals"]
    tiles = sorted(set(iv["tiles"].values()))
    print(f"evaluate: {iv['method']} {100 * iv['level']:g} % intervals over "
          f"{'/'.join(map(str, tiles))} tile(s), {iv['resamples']} resamples, seed {iv['seed']}")
    width = max((len(k) for k in ev.numbers), default=0)
    for k, v in ev.numbers.items():
        lo, hi = ev.intervals.get(k, (math.nan, math.nan))
        print(f"  {k:<{width}}  {text(v, lo, hi, 4 if math.isfinite(lo) else 6)}")
    for note in iv.get("notes", []):
        print(f"  note: {note}")
    for w in ev.warnings:
        print(f"warning: {w}", file=sys.stderr)


def _print_clean(ev) -> None:
    """Under a protocol: each covered metric's own definition beside."""
    for m, r in ev.results.items():
        clean = r.details.get("clean_scores")
        if clean and "error" not in clean:
            p = r.details.get("protocol") or {}
            _print_scores(f"{m} by its own definition (the numbers above follow the protocol "
                          f"{p.get('name')})", {k: v for k, v in clean.items()
                                                 if not (isinstance(v, float) and math.isnan(v))}, [])


def batch_parser(spec) -> argparse.ArgumentParser:
    p = _Parser(prog=f"{PROG} batch {spec.id}", description="Score many pairs: one row each, "
                "and the summary (mean, pooled value, counts by status). Exit codes: 0 every "
                "pair scored, 2 bad input (nothing scored), 3 some pairs could not be scored "
                "(status error or grid_mismatch; see --allow-errors), 1 internal error.")
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--pairs", nargs=2, metavar=("GT_DIR", "PRED_DIR"),
                     help="two folders, files matched by name without extension")
    src.add_argument("--manifest", metavar="CSV", help="CSV with id,ground_truth,prediction")
    src.add_argument("--spacenet", nargs=2, metavar=("GT_CSV", "PROPOSAL_CSV"),
                     help="SpaceNet CSVs (ImageId, WKT_Pix) matched by ImageId")
    p.add_argument("--out", required=True, metavar="ROWS",
                   help="rows file: .csv, .jsonl, or .parquet (with pyarrow); '-' or /dev/stdout: "
                        "CSV on the standard output. It records how it was made, and a resume "
                        "refuses one made differently")
    _common(p)
    p.add_argument("--workers", type=int, default=1, help="local processes (0: one per core)")
    p.add_argument("--dask", metavar="ADDRESS", help="run on an existing Dask scheduler")
    p.add_argument("--empty-chips", choices=["spacenet", "skip"], default=None,
                   help="chips with an empty side: SpaceNet's rule (both empty: perfect; "
                        "empty ground truth only: worst; the default) or skip them (CosmiQ's "
                        "apls)")
    p.add_argument("--protocol", metavar="NAME",
                   help="score as a published benchmark does: sat2graph_cityscale, "
                        "samroad_spacenet or spacenet (the metric's variant, the empty-tile rule "
                        "and the aggregation with its quirks; docs/paths.md, protocol cards)")
    p.add_argument("--no-resume", action="store_true",
                   help="start again instead of keeping the rows already in ROWS")
    p.add_argument("--keep-errors", action="store_true",
                   help="on resume, keep the rows in error instead of scoring them again")
    p.add_argument("--allow-errors", nargs="?", type=float, const=1.0, default=0.0,
                   metavar="SHARE",
                   help="exit 0 even when pairs could not be scored (with SHARE, e.g. 0.01: "
                        "when at most that share of the pairs could not)")
    add_ci_options(p)
    _add_params(p, spec.all_params())
    if spec.inputs == "masks":
        p.add_argument("--band", type=int, default=1, help="band of the rasters (default 1)")
    else:
        _add_raster_params(p)
    return p


def add_ci_options(p, seed: bool = True, units: str = "chips") -> None:
    """The bootstrap interval options (core/analysis/bootstrap.py); without
    ``seed`` the run's --seed seeds them."""
    g = p.add_argument_group(f"confidence intervals ({units} resampled whole; docs/tools.md)")
    g.add_argument("--ci-level", type=float, default=0.95, metavar="LEVEL",
                   help="confidence level of the intervals (default 0.95)")
    g.add_argument("--ci-resamples", type=int, default=10_000, metavar="B",
                   help="bootstrap resamples (default 10000; 0: no interval)")
    g.add_argument("--ci-method", choices=["bca", "percentile"], default="bca",
                   help="BCa (default) or percentile intervals")
    if seed:
        g.add_argument("--ci-seed", type=int, default=0, metavar="SEED",
                       help="seed of the resamples (default 0): same seed, same intervals")


def ci_settings(args) -> dict:
    return {"level": args.ci_level, "resamples": args.ci_resamples, "method": args.ci_method,
            "seed": args.ci_seed}


def run_batch(argv) -> int:
    from . import _batch
    from ._api import _spec
    if not argv or argv[0].startswith("-"):
        raise InputError(f"usage: {PROG} batch METRIC (--pairs GT_DIR PRED_DIR | --manifest CSV "
                         f"| --spacenet GT.csv PROPOSAL.csv) --out ROWS")
    spec = _spec(argv[0])
    args = batch_parser(spec).parse_args(argv[1:])
    if args.protocol and args.empty_chips:
        raise InputError(f"--protocol {args.protocol} sets the rule for empty tiles: leave out "
                         f"--empty-chips.")
    if not 0 <= args.allow_errors <= 1:
        raise InputError(f"--allow-errors takes a share from 0 to 1, got {args.allow_errors}.")
    if args.pairs:
        pairs = _batch.pairs_from_folders(*args.pairs)
        inputs = ("folders", list(args.pairs))
    elif args.manifest:
        pairs = _batch.pairs_from_manifest(args.manifest)
        inputs = ("manifest", [args.manifest])
    else:
        pairs = _batch.pairs_from_spacenet(*args.spacenet, args.pixel_size)
        inputs = ("spacenet", list(args.spacenet))
    bar = None
    if _progress(args):
        from ._progress import CountBar
        bar = CountBar(f"batch {spec.id}")
    names = [p.name for p in spec.all_params()] + (
        [] if spec.inputs == "masks" else _raster_names())
    try:
        agg = _batch.run_batch(spec.id, pairs, args.out, _given(args, names),
                               args.pixel_size, args.empty_chips or "spacenet", args.workers,
                               args.dask, not args.no_resume, None,
                               getattr(args, "band", 1), keep_errors=args.keep_errors,
                               inputs=inputs, on_count=bar.count if bar else None,
                               protocol=args.protocol, ci=ci_settings(args))
    finally:
        if bar:
            bar.close()
    agg.pop("_rows", None)
    failed = agg["failed"]
    code = 3 if failed and failed > args.allow_errors * agg["pairs"] else 0
    for w in agg["warnings"]:
        print(f"warning: {w}", file=sys.stderr)
    if args.json:
        print(json.dumps(json_safe(agg)))
    else:
        print_summary(agg)
    if code:
        print(f"{PROG}: {failed} of {agg['pairs']} pair(s) could not be scored (status error or "
              f"grid_mismatch; their rows say why): exit 3 (--allow-errors to accept)",
              file=sys.stderr)
    return code


def print_summary(agg: dict) -> None:
    """The batch summary as a maintainer pastes it: counts, the rule, and a
    table of mean and pooled values."""
    print(f"batch {agg['metric']}: {agg['pairs']} pair(s), {agg['scored']} scored, "
          f"{agg['failed']} failed; rows in {agg['rows']}"
          + (f" ({agg['resumed']} resumed" + (f", {agg['retried']} retried" if agg["retried"]
                                               else "") + ")" if agg["resumed"] or agg["retried"]
             else ""))
    print("status: " + ", ".join(f"{k} {v}" for k, v in agg["status"].items() if v))
    print("empty chips: " + _batch_rule_text(agg["empty_chips"]))
    pooled = agg.get("pooled")
    table = agg.get("scores") or {}
    iv = agg.get("intervals") or {}
    if iv.get("resamples"):
        print(f"intervals: {iv['method']} {100 * iv['level']:g} % over {iv['chips']} chip(s), "
              f"{iv['resamples']} resamples, seed {iv['seed']}")
    width = max((len(k) for k in agg["mean"]), default=5)
    from .core.analysis.bootstrap import text
    rows = [(k, text(v, *(table.get(k, {}).get(c) for c in ("ci_low", "ci_high"))),
             text(pooled.get(k, math.nan), *(table.get(k, {}).get(c) for c in
                                             ("pooled_ci_low", "pooled_ci_high")))
             if pooled else "") for k, v in agg["mean"].items()]
    w1 = max([len(r[1]) for r in rows] + [4])
    print(f"  {'score':<{width}}  {'mean':<{w1}}" + (f"  {'pooled'}" if pooled else ""))
    for k, m, pl in rows:
        print(f"  {k:<{width}}  {m:<{w1}}" + (f"  {pl}" if pooled else ""))
    for note in iv.get("notes", []):
        print(f"  note: {note}")
    if agg.get("protocol"):
        _print_protocol(agg["protocol"])
    for s in ("missing_prediction", "missing_ground_truth", "grid_mismatch", "error"):
        if agg.get(s):
            print(f"{s}: {', '.join(map(str, agg[s][:10]))}"
                  + (" ..." if len(agg[s]) > 10 else ""), file=sys.stderr)


def _print_protocol(p: dict) -> None:
    """The protocol's number, as the reference's aggregation prints it."""
    scores = [k for k in ("APLS", "F1", "PRECISION", "RECALL") if k in p]
    print(f"protocol {p['name']} (version {p['version']}: {p['title']}), over {p['tiles']} "
          f"tile(s): " + ", ".join(f"{k} {p[k]:.6g}" for k in scores))
    if p.get("stopped_at") is not None:
        print(f"  as the reference, the tiles from {p['stopped_at']} on in file order are left out "
              f"(its APLS is NaN): {', '.join(map(str, p['tiles_left_out'][:10]))}"
              + (" ..." if len(p["tiles_left_out"]) > 10 else ""))
    elif p.get("tiles_left_out"):
        print(f"  left out as the reference does: {', '.join(map(str, p['tiles_left_out'][:10]))}"
              + (" ..." if len(p["tiles_left_out"]) > 10 else ""))
    if p.get("tiles_not_scored"):
        print(f"  not in it (in error, or a side missing; see status): "
              f"{', '.join(map(str, p['tiles_not_scored'][:10]))}"
              + (" ..." if len(p["tiles_not_scored"]) > 10 else ""))
    if p.get("reference_fails_on"):
        print(f"  the reference's script fails on (P + R = 0, left out here): "
              f"{', '.join(map(str, p['reference_fails_on'][:10]))}")


def _batch_rule_text(rule: str) -> str:
    if rule == "reference":
        return ("as the protocol's reference (every tile scored by the metric itself; an empty "
                "ground truth gives NaN)")
    if rule == "skip":
        return ("skip (chips with an empty ground truth, or an empty or missing prediction, are "
                "not scored)")
    return ("spacenet (both sides empty: perfect score; empty ground truth only: worst score; "
            "missing prediction: scored as empty)")


def list_metrics() -> int:
    width = max(len(s.id) for s in registry.all_specs(None))
    for s in registry.all_specs(None):
        kind = "two rasters" if s.inputs == "masks" else "two line layers"
        print(f"{s.id:<{width}}  {s.name}  [{s.group}; {kind}]")
    print(f"\n{PROG} help METRIC: parameters, outputs and layers; also: evaluate, batch")
    return 0


def show_help(name: Optional[str]) -> int:
    from ._api import _spec
    if not name:
        print(__doc__)
        return 0
    if name in ("evaluate",):
        evaluate_parser().print_help()
        return 0
    if name == "batch":
        # the options common to every metric (APLS's parser), then where the metric's own are
        text = batch_parser(_spec("apls")).format_help().replace(f"{PROG} batch apls",
                                                                   f"{PROG} batch METRIC")
        rest = text.split("\n\n", 1)[1].split("\nmetric parameters (as in the QGIS plugin)")[0]
        print(f"usage: {PROG} batch METRIC (--pairs GT_DIR PRED_DIR | --manifest CSV | --spacenet "
              f"GT_CSV PROPOSAL_CSV) --out ROWS [options] [--PARAMETER value ...]\n\n"
              + rest.rstrip())
        print(f"\n{PROG} batch METRIC --help lists the metric's own parameters; protocols: "
              f"sat2graph_cityscale, samroad_spacenet, spacenet (docs/paths.md, protocol cards).")
        return 0
    spec = _spec(name)
    print(f"{spec.id}: {spec.name} [{spec.group}]\n\n{spec.help}\n")
    if spec.reference:
        print(f"Reference: {spec.reference}\n")
    print("Parameters (--NAME value):")
    for p in spec.all_params():
        rng = p.range_text() if p.kind in ("distance", "number", "integer") else ""
        extra = ", ".join(x for x in [f"default {p.default}" if p.default is not None else
                                      "optional", f"unit {p.unit}" if p.unit else "",
                                      f"range {rng}" if rng else "",
                                      "one of " + "/".join(p.options) if p.options else ""] if x)
        print(f"  {p.name} ({p.kind}; {extra})\n      {p.label}. {p.help}")
    print("\nOutputs (scores):")
    for o in spec.outputs:
        print(f"  {o.name}: {o.label}" + (f" [{o.unit}]" if o.unit else ""))
    if spec.maps:
        print("\nMaps (GeoTIFFs on the input grid; write with the option):")
        for m in spec.maps:
            print(f"  {_sink_option(m.name)} FILE.tif: {m.label}")
            for code, _, text in m.legend:
                print(f"      {code}: {text}")
        return 0
    print("\nLayers (write with the option):")
    for s in spec.sinks:
        print(f"  {_sink_option(s.name)} FILE: {s.label}")
    return 0


def _main(argv: list) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    if argv[0] in ("--version", "-V"):
        from . import __version__
        print(f"{PROG} {__version__}")
        return 0
    cmd, rest = argv[0], argv[1:]
    if cmd == "list":
        return list_metrics()
    if cmd == "help":
        return show_help(rest[0] if rest else None)
    if cmd == "evaluate":
        return run_evaluate(rest)
    if cmd == "batch":
        return run_batch(rest)
    from ._api import _spec
    return run_metric(_spec(cmd), rest)


def main(argv: Optional[list] = None) -> int:
    """Entry point of the ``roadmetrics`` command; returns the exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    debug = bool(os.environ.get("ROADMETRICS_DEBUG"))
    try:
        return _main(argv)
    except InputError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"\n{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 1
    except MemoryError:  # the inputs' sizes are checked first (core/raster/memory.py): a fallback
        print(f"{PROG}: error: out of memory: the inputs are too large to score on this machine "
              f"at once; cut them into tiles and score them as a batch.", file=sys.stderr)
        return 2
    except SystemExit as e:  # argparse's --help
        return int(e.code or 0)
    except Exception as e:  # a bug: say so briefly; the traceback with ROADMETRICS_DEBUG=1
        print(f"{PROG}: internal error: {type(e).__name__}: {e}", file=sys.stderr)
        if debug:
            traceback.print_exc()
        else:
            print(f"{PROG}: run again with ROADMETRICS_DEBUG=1 for the traceback, and report "
                  f"it", file=sys.stderr)
        return 1

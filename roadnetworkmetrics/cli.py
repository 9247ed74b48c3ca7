"""The ``roadmetrics`` command line.

    roadmetrics list
    roadmetrics help METRIC
    roadmetrics METRIC GT PRED [--PARAM value ...] [--json] [--matched out.gpkg ...]
                              (GT or PRED a .tif: --raster-threshold 0.5 ...)
    roadmetrics pixel_iou GT.tif PRED.tif [--json] [--confusion-map errors.tif]
    roadmetrics evaluate GT PRED [--metrics apls,ccq] [--report report.html] [--json]
    roadmetrics batch METRIC (--pairs GT_DIR PRED_DIR | --manifest CSV |
                              --spacenet GT.csv PROPOSAL.csv) --out rows.csv [--json]
                              (.tif pairs: --raster-threshold 0.5 --raster-band 1 ...)
    roadmetrics perturb INPUT --error-type T --count N --output pred.geojson
                              [--ground-truth-output gt.geojson] [--errors errors.geojson]
    roadmetrics sensitivity GT [--metrics optj,apls] [--error-types ...] [--counts "0,5,10"]
                              [--repetitions R] [--report report.html] [--json]
    roadmetrics compare GT PRED1 PRED2 ... [--names a,b] [--metrics ...] [--tile-size M]
                              [--report report.html] [--json]
    roadmetrics compare-runs ROWS_A ROWS_B [ROWS_C ...] [--json] [--report report.html]
    roadmetrics centrelines IN.tif OUT.gpkg [--raster-threshold 0.5 ...] [--json]

Exit codes: 0 success, 2 bad input or parameters (one sentence on stderr),
3 a batch finished but some pairs could not be scored (``--allow-errors``) or
a comparison of runs left chips out (``--allow-missing``),
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


def plain(text: str) -> str:
    """Help text for a terminal: reStructuredText's ``literals`` and
    :role:`names` as plain words."""
    import re
    text = re.sub(r":[a-z]+:`~?([^`]+)`", r"\1", text)
    return text.replace("``", "")


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # exit code 2 with one sentence, as for bad input
        raise InputError(f"{message} (see '{PROG} help' or '{self.prog} --help')")

    def format_help(self) -> str:
        return plain(super().format_help())


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
    if spec.sinks:
        _rfc7946_option(p)
    _add_params(p, spec.all_params())
    _add_raster_params(p)
    return p


def _rfc7946_option(parser) -> None:
    parser.add_argument("--geojson-rfc7946", action="store_true",
                        help="write the .geojson layers as RFC 7946 GeoJSON: WGS 84 longitude / "
                             "latitude without a crs member (needs pyproj); default: the working "
                             "CRS, named in a crs member as QGIS reads it")


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


def _print_scores(title: str, scores: dict, warnings: list, spec=None,
                  written: tuple = ()) -> None:
    """The scores as a table: with ``spec``, the unit beside each value and,
    for an undefined one, why (from its output's help); then the files
    written."""
    print(title)
    width = max((len(k) for k in scores), default=0)
    outs = {spec.output_key(o.name): o for o in spec.outputs} if spec is not None else {}
    for k, v in scores.items():
        print(f"  {k:<{width}}  {_value_text(spec, outs.get(k), k, v)}")
    for path, what in written:
        print(f"written: {path} ({what})")
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)


def _value_text(spec, o, key: str, v) -> str:
    """A score as the tables print it: 6 significant digits, the output's
    unit (metres, degrees ...; none for ratios and counts) and, for NaN,
    why (with ``spec``)."""
    nan = v is None or (isinstance(v, float) and math.isnan(v))
    shown = "nan" if nan else f"{v:.6g}"
    if o is not None and not nan and o.unit not in ("ratio", "count", None, ""):
        shown += f" {o.unit}"
    if spec is not None and nan:
        why = _why_nan(spec, key)
        shown += f"  ({why})" if why else ""
    return shown


def _why_nan(spec, name: str) -> str:
    """The 'NaN ...' clause of the score's help, or of the output it
    derives from (APLS_TIME_GT_TO_PRED: APLS_TIME's); ``name`` canonical
    (TOPO_F1) or short (F1)."""
    import re
    for o in sorted((x for x in spec.outputs if name.startswith((spec.output_key(x.name),
                                                                 x.name))),
                    key=lambda x: -len(x.name)):
        m = re.search(r"\(?(NaN[^.;)]*)", o.help or "")
        if m:
            return m.group(1).strip()
    return ""


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
    for m in spec.maps:
        p.add_argument(_sink_option(m.name), metavar="FILE.tif", dest="map_" + m.name,
                       help=f"write the map {m.name} ({m.label}) to FILE.tif: a GeoTIFF on the "
                            f"input grid with its colour table and a .qml style (rasterio or "
                            f"GDAL's Python bindings)")
    _add_mask_params(p, spec)
    return p


# old option -> (its name now, dest of the old one): kept until 2.0
OLD_OPTIONS = {"--band": ("--raster-band", "old_band"),
               "--road-classes": ("--raster-classes", "old_road_classes")}
MASK_RASTER_HELP = {
    "RASTER_BAND": "Band of both rasters (1 = the first).",
    "RASTER_THRESHOLD": "Road pixels of both rasters are those >= this value (a probability map: "
                        "e.g. 0.5). A 0/1 or 0/v mask thresholded at a value in (0, v] is the "
                        "same mask, so one value serves a mask beside a probability map; "
                        "--gt-threshold / --pred-threshold set one raster's instead. Empty: "
                        "0/1 masks, or give the classes.",
    "RASTER_CLASSES": "Class maps: the values that are road in both rasters, separated by commas "
                      "(e.g. 1,3); the IoU metric scores each as a class. Not together with "
                      "--raster-threshold."}


def _add_mask_params(parser, spec) -> None:
    """A pixel metric's options: its own parameters, then how its rasters
    are read, named as every raster input is (--raster-band,
    --raster-threshold, --raster-classes; core/raster/params.py
    MASK_ALIASES), with the per-raster thresholds and the old names."""
    from .core.raster.params import BY_NAME
    from .core.registry import MASK_PARAMS
    own = [p for p in spec.all_params() if p not in MASK_PARAMS]
    _add_params(parser, own)
    group = parser.add_argument_group("rasters (how their pixels are read)")
    for name in ("RASTER_BAND", "RASTER_THRESHOLD", "RASTER_CLASSES"):
        p = BY_NAME[name]
        default = "" if p.default is None else f" (default {p.default})"
        group.add_argument(f"--{name}", _option(name), dest=name, type=_kind_type(p),
                           default=None, metavar=p.kind.upper(),
                           help=f"{p.label}{default}. {MASK_RASTER_HELP[name]}")
    for p in MASK_PARAMS:
        if p.name != "ROAD_CLASSES":
            group.add_argument(f"--{p.name}", _option(p.name), dest=p.name, type=_kind_type(p),
                               default=None, metavar=p.kind.upper(),
                               help=f"{p.label}. {p.help}".replace("%", "%%"))
    group.add_argument("--band", dest="old_band", type=int, default=None, metavar="INTEGER",
                       help="deprecated alias of --raster-band, removed in 2.0")
    group.add_argument("--road-classes", "--ROAD_CLASSES", dest="old_road_classes", default=None,
                       metavar="STRING", help="deprecated alias of --raster-classes, removed in "
                                              "2.0")


def _option(name: str) -> str:
    return "--" + name.lower().replace("_", "-")


def mask_options(args, spec) -> tuple:
    """(parameters, band) of a pixel metric from its options: the old names
    noted on stderr (one line each) or refused beside their new ones,
    --raster-threshold and --raster-classes turned into the metric's
    parameters (exit 2 on a raster given a threshold both ways)."""
    from ._errors import cli_spelling
    from ._pixel import mask_values
    from .core.registry import MASK_PARAMS
    for old, (new, dest) in OLD_OPTIONS.items():
        value = getattr(args, dest)
        if value is None:
            continue
        target = new[2:].upper().replace("-", "_")
        if getattr(args, target) is not None:
            raise InputError(f"{old} and {new} are one option ({old} is the old name): give "
                             f"{new} only.")
        print(f"{PROG}: note: {old} is a deprecated alias of {new}, removed in 2.0",
              file=sys.stderr)
        setattr(args, target, value)
    names = [p.name for p in spec.all_params() if p not in MASK_PARAMS] + \
        [p.name for p in MASK_PARAMS if p.name != "ROAD_CLASSES"] + ["RASTER_THRESHOLD",
                                                                      "RASTER_CLASSES"]
    params = mask_values(_given(args, names), cli_spelling)
    return params, args.RASTER_BAND if args.RASTER_BAND is not None else 1


def run_mask_metric(spec, argv) -> int:
    from ._pixel import compute_masks
    from ._writers import check_outputs
    args = mask_parser(spec).parse_args(argv)
    params, band = mask_options(args, spec)
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
                      pixel_size=args.pixel_size, band=band, progress=_progress(args),
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
    rfc7946 = bool(getattr(args, "geojson_rfc7946", False))
    _check_rfc7946(rfc7946, sinks.values())
    r = compute(spec.id, args.ground_truth, args.prediction, params, args.pixel_size,
                _progress(args))
    for name, path in sinks.items():
        write_layer(r.layers.get(name, []), path, r.crs, name.lower(),
                    rfc7946=rfc7946 and _is_geojson(path))
    if args.json:
        print(json.dumps(r.to_dict()))
    else:
        labels = {s.name: s.label for s in spec.sinks}
        _print_scores(f"{spec.id}: {spec.name}", r.scores, r.warnings, spec,
                      tuple((p, labels.get(n, n)) for n, p in sinks.items()))
    return 0


def _is_geojson(path: str) -> bool:
    return path.lower().endswith((".geojson", ".json"))


def _check_rfc7946(rfc7946: bool, paths) -> None:
    """--geojson-rfc7946 needs a GeoJSON output and pyproj: refused before
    any work (exit 2)."""
    if not rfc7946:
        return
    if not any(_is_geojson(p) for p in paths if p):
        raise InputError("--geojson-rfc7946 applies to .geojson outputs: none is given")
    import importlib.util
    if importlib.util.find_spec("pyproj") is None:
        raise InputError("--geojson-rfc7946 needs pyproj (pip install pyproj) to reproject the "
                         "layers to WGS 84 longitude / latitude")


def evaluate_parser() -> argparse.ArgumentParser:
    p = _Parser(prog=f"{PROG} evaluate", description="Several metrics on one pair, with the "
                "plugin's HTML report.")
    p.add_argument("ground_truth")
    p.add_argument("prediction")
    _common(p)
    p.add_argument("--metrics", help="comma-separated metric ids (default: all); pixel metric "
                                     "ids choose the pixel metrics run on two rasters")
    p.add_argument("--no-pixel-metrics", action="store_true",
                   help="with two rasters on one grid as inputs, run the line metrics only "
                        "(default: the pixel metrics too, scored on the rasters as read)")
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
    params = _tool_params(args)
    params.update(_given(args, [p.name for p in registry.NETWORK_PARAMS] + ["CLASS_FIELD"] +
                         _raster_names()))
    ids = [m.strip() for m in args.metrics.split(",") if m.strip()] if args.metrics else None
    ev = evaluate(args.ground_truth, args.prediction, ids, params, seed=args.seed,
                  tile_size=args.tile_size, aggregation=args.aggregation,
                  empty_tiles=args.empty_tiles, margin=args.margin, workers=args.workers,
                  pixel_size=args.pixel_size, progress=_progress(args), protocol=args.protocol,
                  ci_level=args.ci_level, ci_resamples=args.ci_resamples, ci_method=args.ci_method,
                  pixel_metrics=not args.no_pixel_metrics)
    if args.report:
        ev.report(args.report)
    if args.json:
        print(json.dumps(ev.to_dict()))
    elif ev.intervals:
        _print_intervals(ev)
    else:
        _print_families(ev)
        _print_clean(ev)
        for m, e in ev.errors.items():
            print(f"error: {m}: {e}", file=sys.stderr)
    return 0


def _print_families(ev) -> None:
    """evaluate's scores as a table grouped by metric family (the report's
    families: path, geometric ..., pixel metrics), then the warnings."""
    print("evaluate")
    width = max((len(k) for k in ev.numbers), default=0)
    groups: dict = {}
    for m in ev.to_dict()["metrics"]:
        groups.setdefault(registry.get(m).group, []).append(registry.get(m))
    for group, specs in groups.items():
        print(f"  {group}")
        for spec in specs:
            for o in spec.outputs:
                k = spec.output_key(o.name)
                v = ev.numbers.get(k, math.nan)
                print(f"    {k:<{width}}  {_value_text(spec, o, k, v)}")
    for w in ev.warnings:
        print(f"warning: {w}", file=sys.stderr)


def _print_intervals(ev) -> None:
    """The aggregated scores over tiles as ``value [low, high]``."""
    from .core.analysis.bootstrap import text
    iv = ev.to_dict()["intervals"]
    tiles = sorted(set(iv["tiles"].values()))
    print(f"evaluate: {iv['method']} {100 * iv['level']:g} % intervals over "
          f"{'/'.join(map(str, tiles))} tile(s), {iv['resamples']} resamples, seed {iv['seed']}")
    width = max((len(k) for k in ev.numbers), default=0)
    outs = {s.output_key(o.name): (s, o) for s in map(registry.get, ev.to_dict()["metrics"])
            for o in s.outputs}
    for k, v in ev.numbers.items():
        lo, hi = ev.intervals.get(k, (math.nan, math.nan))
        s, o = outs.get(k, (None, None))
        shown = text(v, lo, hi, 4) if math.isfinite(lo) else _value_text(s, o, k, v)
        print(f"  {k:<{width}}  {shown}")
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


def _perturb_specs() -> list:
    from .core.analysis.perturb import param_specs
    return list(param_specs().values())


def _split(text: Optional[str]) -> Optional[list]:
    return [x.strip() for x in text.split(",") if x.strip()] if text else None


def _tool_params(args) -> dict:
    """--params (JSON text or file) with the network options given on the
    command line added as shared values."""
    try:
        params = json.loads(_json_text(args.params)) if args.params else {}
    except json.JSONDecodeError as e:
        raise InputError(f"--params is not valid JSON ({e})")
    if not isinstance(params, dict):
        raise InputError("--params must be a JSON object")
    return params


def perturb_parser() -> argparse.ArgumentParser:
    from .core.analysis.perturb import ERROR_TYPES
    p = _Parser(prog=f"{PROG} perturb", description="A copy of a network with COUNT synthetic "
                "errors of one type (the plugin's 'Perturb a network'; docs/tools.md): the "
                "perturbed prediction, the ground truth to compare it with and the errors.")
    p.add_argument("input", help="line file (usually a ground truth)")
    p.add_argument("--error-type", required=True, choices=list(ERROR_TYPES), metavar="TYPE",
                   help="one of " + ", ".join(ERROR_TYPES))
    p.add_argument("--count", required=True, type=int, metavar="N", help="number of errors")
    p.add_argument("--seed", type=int, default=0, help="seed of every draw (default 0)")
    p.add_argument("--output", required=True, metavar="FILE",
                   help="the perturbed prediction (.geojson; .gpkg, .shp ... with pyogrio)")
    p.add_argument("--ground-truth-output", metavar="FILE", help="the ground truth to compare with")
    p.add_argument("--errors", metavar="FILE", help="one line per error")
    _rfc7946_option(p)
    _common(p)
    _add_params(p, _perturb_specs(), title="perturbation parameters (as in the QGIS plugin)")
    return p


def run_perturb(argv) -> int:
    from ._tools import perturb
    from ._writers import check_outputs
    args = perturb_parser().parse_args(argv)
    outs = {"prediction": args.output, "ground_truth": args.ground_truth_output,
            "errors": args.errors}
    check_outputs(list(outs.values()), [args.input])
    _check_rfc7946(args.geojson_rfc7946, outs.values())
    res = perturb(args.input, args.error_type, args.count, seed=args.seed,
                  pixel_size=args.pixel_size, progress=_progress(args),
                  **_given(args, [q.name for q in _perturb_specs()]))
    for layer, path in outs.items():
        if path and args.geojson_rfc7946 and _is_geojson(path):
            from ._writers import write_layer
            write_layer(res.layers[layer], path, res.crs, layer, rfc7946=True)
        elif path:
            res.write(layer, path)
    if args.json:
        print(json.dumps(res.to_dict()))
        return 0
    print(f"perturb: {res.n_errors} error(s) of type {res.error_type} placed (seed {res.seed})")
    for layer, path in outs.items():
        n = len(res.layers[layer])
        print(f"  {layer:<13} {n:>6} line(s)" + (f"  -> {path}" if path else ""))
    for w in res.warnings:
        print(f"warning: {w}", file=sys.stderr)
    return 0


def _tool_common(p) -> None:
    p.add_argument("--metrics", help="comma-separated metric ids (default: all)")
    p.add_argument("--params", help="JSON text or a JSON file (PATH or @PATH): shared parameters "
                                    "and per-metric ones under the metric id, e.g. "
                                    "'{\"optg\": {\"N_SEEDS\": 300}}'")
    p.add_argument("--seed", type=int, default=0, help="SEED of every sampled metric (default 0)")
    p.add_argument("--scores", choices=["headline", "all"], default="headline",
                   help="one headline score per metric, or every score with a perfect value")
    p.add_argument("--workers", type=int, default=1, help="local processes (0: one per core)")
    p.add_argument("--dask", metavar="ADDRESS", help="run on an existing Dask scheduler")
    p.add_argument("--report", metavar="FILE.html", help="write the plugin's HTML report")


def sensitivity_parser() -> argparse.ArgumentParser:
    p = _Parser(prog=f"{PROG} sensitivity", description="Every metric against the number of "
                "synthetic errors of each type on a ground truth (the plugin's 'Metric "
                "sensitivity analysis'; docs/tools.md).")
    p.add_argument("ground_truth", help="ground-truth file")
    _common(p)
    p.add_argument("--error-types", help="comma-separated error types (default: all six)")
    p.add_argument("--counts", default="0, 5, 10, 20, 40",
                   help="comma-separated numbers of errors (default '0, 5, 10, 20, 40')")
    p.add_argument("--repetitions", type=int, default=1, help="repetitions with other seeds")
    p.add_argument("--flat-threshold", type=float, default=0.01,
                   help="a score changing less than this is flagged insensitive (default 0.01)")
    _tool_common(p)
    _add_params(p, _perturb_specs(), title="perturbation and network parameters (as in the QGIS "
                                           "plugin)")
    return p


def run_sensitivity(argv) -> int:
    from ._tools import sensitivity
    from ._writers import check_outputs
    args = sensitivity_parser().parse_args(argv)
    check_outputs([args.report], [args.ground_truth])
    res = sensitivity(args.ground_truth, error_types=_split(args.error_types), counts=args.counts,
                      repetitions=args.repetitions, metrics=_split(args.metrics),
                      params=_tool_params(args), seed=args.seed,
                      flat_threshold=args.flat_threshold, scores=args.scores,
                      workers=args.workers, dask=args.dask, pixel_size=args.pixel_size,
                      progress=_progress(args), report=args.report,
                      **_given(args, [q.name for q in _perturb_specs()]))
    if args.json:
        print(json.dumps(res.to_dict()))
        return 0
    print(f"sensitivity: counts {', '.join(map(str, res.counts))}, {res.repetitions} "
          f"repetition(s), seed {res.seed}; change from count 0 to {res.counts[-1]} "
          f"(negative = worse; flat below {res.flat_threshold:g})")
    _print_table(["error_type", "key", "at_0", "at_max", "delta", "flat"],
                 [[s["error_type"], s["key"], s["at_0"], s["at_max"], s["delta"],
                   "flat" if s["flat"] else ""] for s in res.summary])
    for w in res.warnings:
        print(f"warning: {w}", file=sys.stderr)
    return 0


def _shown(v) -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "nan"
    return f"{v:.6g}" if isinstance(v, float) else str(v)


def _print_table(head: list, rows: list, text_columns: int = 2) -> None:
    """A table on stdout: the first ``text_columns`` columns left-aligned,
    the numbers right-aligned."""
    cells = [head] + [[_shown(v) for v in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(head))]
    for r in cells:
        print("  " + "  ".join(c.ljust(w) if i < text_columns else c.rjust(w)
                               for i, (c, w) in enumerate(zip(r, widths))).rstrip())


def compare_parser() -> argparse.ArgumentParser:
    p = _Parser(prog=f"{PROG} compare", description="Several predictions (methods) against one "
                "ground truth: scores, rankings, correlations between metrics, Equal-Sorting "
                "Ratio and Sorting Margins (the plugin's 'Compare methods'; docs/tools.md).")
    p.add_argument("ground_truth", help="ground-truth file")
    p.add_argument("predictions", nargs="+", metavar="prediction",
                   help="prediction files, one per method (at least two)")
    p.add_argument("--names", help="comma-separated method names, one per prediction (default: "
                                   "the file names)")
    _common(p)
    _tool_common(p)
    p.add_argument("--tile-size", type=float, metavar="M",
                   help="square tiles of M metres, each a reference")
    p.add_argument("--aggregation", choices=["pooled", "mean"], default="pooled")
    p.add_argument("--empty-tiles", choices=["skip", "worst", "best"], default="skip")
    p.add_argument("--margin", type=float, default=0.0, metavar="M")
    _add_params(p, [x for x in registry.NETWORK_PARAMS] + [registry.CLASS_PARAM])
    _add_raster_params(p)
    add_ci_options(p, seed=False, units="tiles")
    return p


def run_compare(argv) -> int:
    from ._tools import compare, method_names
    from ._writers import check_outputs
    args = compare_parser().parse_args(argv)
    check_outputs([args.report], [args.ground_truth] + args.predictions)
    names = _split(args.names)
    if names is not None and len(names) != len(args.predictions):
        raise InputError(f"--names gives {len(names)} name(s) for {len(args.predictions)} "
                         f"prediction(s): give one per prediction")
    preds = list(zip(names, args.predictions)) if names else method_names(args.predictions)
    params = _tool_params(args)
    params.update(_given(args, [p.name for p in registry.NETWORK_PARAMS] + ["CLASS_FIELD"] +
                         _raster_names()))
    res = compare(args.ground_truth, preds, metrics=_split(args.metrics), params=params,
                  seed=args.seed, scores=args.scores, tile_size=args.tile_size,
                  aggregation=args.aggregation, empty_tiles=args.empty_tiles, margin=args.margin,
                  workers=args.workers, dask=args.dask, pixel_size=args.pixel_size,
                  progress=_progress(args), report=args.report, ci_level=args.ci_level,
                  ci_resamples=args.ci_resamples, ci_method=args.ci_method)
    if args.json:
        print(json.dumps(res.to_dict()))
        return 0
    from .core.analysis.bootstrap import text
    print(f"compare: {len(res.methods)} methods, {len(res.references)} reference(s), seed {res.seed}")
    core = res._core
    if getattr(core, "intervals", None):
        _print_table(["method"] + res.keys,
                     [[m] + [text(res.scores[k][m], *core.interval(k, j)) for k in res.keys]
                      for j, m in enumerate(res.methods)], len(res.keys) + 1)
    else:
        _print_table(["method"] + res.keys, [[m] + [res.scores[k][m] for k in res.keys]
                                             for m in res.methods], 1)
    print("ranking (best first):")
    for k in res.keys:
        print(f"  {k}: " + " > ".join(f"{r['method']} ({_shown(r['value'])})"
                                      for r in res.ranking[k]))
    if res.pairs:
        print("metric pairs:")
        _print_table(["score_a", "score_b", "pearson", "spearman", "esr", "missorted"],
                     [[p["score_a"], p["score_b"], p["pearson"], p["spearman"], p["esr"],
                       p["missorted"]] for p in res.pairs])
    for w in res.warnings:
        print(f"warning: {w}", file=sys.stderr)
    return 0


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
    if spec.inputs == "masks":
        _add_mask_params(p, spec)
    else:
        _add_params(p, spec.all_params())
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
    if spec.inputs == "masks":
        params, band = mask_options(args, spec)
    else:
        params, band = _given(args, [p.name for p in spec.all_params()] + _raster_names()), 1
    try:
        agg = _batch.run_batch(spec.id, pairs, args.out, params,
                               args.pixel_size, args.empty_chips or "spacenet", args.workers,
                               args.dask, not args.no_resume, None,
                               band, keep_errors=args.keep_errors,
                               inputs=inputs, on_count=bar.count if bar else None,
                               protocol=args.protocol, ci=ci_settings(args), face="cli")
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
        _print_protocol(agg["protocol"], agg["metric"])
    for s in ("missing_prediction", "missing_ground_truth", "grid_mismatch", "error"):
        if agg.get(s):
            print(f"{s}: {', '.join(map(str, agg[s][:10]))}"
                  + (" ..." if len(agg[s]) > 10 else ""), file=sys.stderr)


def _print_protocol(p: dict, metric: str) -> None:
    """The protocol's number, as the reference's aggregation prints it."""
    spec = registry.get(metric)
    scores = [k for k in (spec.output_key(n) for n in ("APLS", "F1", "PRECISION", "RECALL"))
              if k in p]
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
    print(f"\n{PROG} help METRIC: parameters, outputs and layers; also: evaluate, batch, "
          f"perturb, sensitivity, compare, compare-runs, centrelines")
    return 0


def show_help(name: Optional[str]) -> int:
    from ._api import _spec
    if not name:
        print(plain(__doc__))
        return 0
    tools = {"evaluate": evaluate_parser, "perturb": perturb_parser,
             "sensitivity": sensitivity_parser, "compare": compare_parser}
    if name in tools:
        tools[name]().print_help()
        return 0
    if name in ("compare-runs", "centrelines"):
        from . import _cli_centrelines, _cli_runs
        {"compare-runs": _cli_runs, "centrelines": _cli_centrelines}[name].parser().print_help()
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
    print(plain(f"{spec.id}: {spec.name} [{spec.group}]\n\n{spec.help}\n"))
    if spec.reference:
        print(f"Reference: {spec.reference}\n")
    print("Parameters (--NAME value):")
    from .core.registry import MASK_PARAMS
    _param_lines([p for p in spec.all_params() if p.name != "ROAD_CLASSES" or
                  p not in MASK_PARAMS])
    if spec.inputs == "lines":
        from .core.raster.params import RASTER_PARAMS
        print("\nRaster input (a .tif ground truth or prediction: its centrelines are extracted "
              "first):")
        _param_lines(RASTER_PARAMS)
    else:
        print("\nRasters (how their pixels are read; old names kept until 2.0: --band for "
              "--raster-band, --road-classes for --raster-classes):")
        for name, text in MASK_RASTER_HELP.items():
            print(f"  {_option(name)}\n      {text}")
    print("\nOptions: --json (scores as JSON), --quiet (no progress bar), --pixel-size M (metres "
          "per pixel, for inputs in pixel coordinates)")
    print("\nOutputs (scores, named as evaluate, batch rows and --json name them; QGIS: the "
          "algorithm's output id where it differs):")
    for o in spec.outputs:
        key = spec.output_key(o.name)
        print(f"  {key}: {o.label}" + (f" [{o.unit}]" if o.unit else "") +
              (f" (QGIS: {o.name})" if key != o.name else ""))
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


def _param_lines(params) -> None:
    for p in params:
        rng = p.range_text() if p.kind in ("distance", "number", "integer") else ""
        extra = ", ".join(x for x in [f"default {p.default}" if p.default is not None else
                                      "optional", f"unit {p.unit}" if p.unit else "",
                                      f"range {rng}" if rng else "",
                                      "one of " + ", ".join(p.options) if p.options else ""] if x)
        print(plain(f"  --{p.name.lower().replace('_', '-')} ({p.kind}; {extra})\n"
                    f"      {p.label}. {p.help}"))


def _main(argv: list) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(plain(__doc__))
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
    if cmd in ("perturb", "sensitivity", "compare"):
        return {"perturb": run_perturb, "sensitivity": run_sensitivity,
                "compare": run_compare}[cmd](rest)
    if cmd == "compare-runs":
        from . import _cli_runs
        return _cli_runs.run(rest)
    if cmd == "centrelines":
        from . import _cli_centrelines
        return _cli_centrelines.run(rest)
    from ._api import _spec
    return run_metric(_spec(cmd), rest)


class _warnings_as_notes:
    """The library's FutureWarnings (an old score name given to
    compare-runs ...) as one line on stderr, ``roadmetrics: note: ...``."""

    def __enter__(self):
        import warnings
        self._cm = warnings.catch_warnings()
        self._cm.__enter__()
        shown = warnings.showwarning

        def show(message, category, filename, lineno, file=None, line=None):
            if issubclass(category, FutureWarning):
                print(f"{PROG}: note: {message}", file=sys.stderr)
            else:
                shown(message, category, filename, lineno, file, line)
        warnings.showwarning = show
        return self

    def __exit__(self, *exc):
        return self._cm.__exit__(*exc)


def main(argv: Optional[list] = None) -> int:
    """Entry point of the ``roadmetrics`` command; returns the exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    debug = bool(os.environ.get("ROADMETRICS_DEBUG"))
    try:
        with _warnings_as_notes():
            return _main(argv)
    except InputError as e:
        from ._errors import cli_spelling, spelt
        print(f"{PROG}: error: {spelt(e, cli_spelling)}", file=sys.stderr)
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

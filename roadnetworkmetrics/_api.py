"""One function per metric of the registry (core/registry.py), generated:
the same parameter names, defaults, ranges and help as the QGIS algorithms,
numpydoc docstrings with an example that runs."""
from __future__ import annotations

import math
from typing import Any, Callable, Optional, Union

from .core import registry
from .core.progress import Progress
from .core.registry import MetricSpec, check_fields
from .core.runner import run_metric, with_inputs
from .core.text import message_of, msg
from ._errors import InputError
from ._inputs import as_source, prepare
from ._raster import is_raster_path, raster_params
from ._progress import progress_for
from ._result import Result

INPUT_DOC = """ground_truth, prediction : path, networkx graph, shapely geometries, arrays or GeoDataFrame
    The reference and the network to score: a file path (GeoPackage,
    GeoJSON, RoadTracer .graph, one-chip SpaceNet CSV, anything GDAL reads
    with pyogrio; ``'file.gpkg|layername=roads'`` names a layer), a
    networkx / osmnx graph, shapely (Multi)LineStrings, WKT, (k, 2)
    coordinate arrays, a geopandas GeoDataFrame, or
    :func:`roadnetworkmetrics.read` of any of these (to set a CRS or
    name node coordinates).  Coordinates in metres, or in a CRS that is
    reprojected as the plugin does (docs/conventions.md)."""

COMMON_DOC = """pixel_size : float, optional
    Metres per pixel, for inputs in pixel coordinates (RoadTracer .graph,
    SpaceNet WKT_Pix): they are scaled to metres before any metric and
    the scale is recorded in ``parameters['pixel_size_m']``.
progress : bool or callable, default False
    True: a progress bar on stderr (tqdm when installed); a callable
    ``f(fraction, message)`` is called as the run advances."""


def normalise(spec: MetricSpec, params: dict) -> dict:
    """Parameter names as the plugin spells them (upper case); lower-case
    keywords are accepted (``merge_tolerance=0.1``)."""
    names = {p.name for p in spec.all_params()}
    out = {}
    for k, v in params.items():
        up = k.upper()
        if up not in names:
            raise InputError(f"{spec.id}: unknown parameter {k} (parameters: "
                             f"{', '.join(sorted(names))})")
        out[up] = v
    return out


def field_values(spec: MetricSpec, resolved: dict) -> list:
    return [resolved[p.name] for p in spec.all_params()
            if p.kind == "field" and resolved.get(p.name)]


def resolve(spec: MetricSpec, params: dict) -> dict:
    try:
        return spec.resolve(normalise(spec, params))
    except (ValueError, KeyError) as e:
        raise InputError(message_of(e))


def compute(metric: str, ground_truth: Any, prediction: Any, params: Optional[dict] = None,
            pixel_size: Optional[float] = None,
            progress: Union[bool, Callable, Progress] = False,
            diagnostics: bool = True) -> Result:
    """Run the metric ``metric`` (an id of :func:`roadnetworkmetrics.metrics`)
    on two inputs with ``params`` (names as in the plugin); ``diagnostics``
    False: scores without the layers (or the pixel metrics' maps)."""
    spec = _spec(metric)
    if spec.inputs == "masks":
        from ._pixel import compute_masks, note_old_names
        note_old_names(params)
        return compute_masks(spec, ground_truth, prediction, params, pixel_size=pixel_size,
                             progress=progress, maps=False)
    params = dict(params or {})
    raster = raster_params(params)
    return compute_resolved(spec, ground_truth, prediction, resolve(spec, params), raster,
                            pixel_size, progress, diagnostics)


def compute_resolved(spec: MetricSpec, ground_truth: Any, prediction: Any, resolved: dict,
                     raster: dict, pixel_size: Optional[float] = None,
                     progress: Union[bool, Callable, Progress] = False,
                     diagnostics: bool = True) -> Result:
    """:func:`compute` of a line metric with its parameters already
    resolved (``spec.resolve``) and the raster ones set apart
    (``raster_params``): a batch checks them once, not per pair."""
    fields = field_values(spec, resolved)
    gt, pred = sources(ground_truth, prediction, fields, raster)
    glines, plines, info = prepare(gt, pred, pixel_size)
    try:
        check_fields(spec, resolved, {"GROUND_TRUTH": list(glines.attributes),
                                      "PREDICTION": list(plines.attributes)})
        with progress_for(progress, spec.name) as prog:
            result = run_metric(spec, glines, plines, resolved, prog, diagnostics)
    except (ValueError, KeyError) as e:
        raise InputError(message_of(e))
    out = Result(with_inputs(result, info, glines, plines), info.get("working_crs"))
    out._inputs = (glines.parts, plines.parts)
    return out


def sources(ground_truth: Any, prediction: Any, fields, raster: dict) -> tuple:
    """Both inputs as Sources; raster parameters (``raster_threshold`` ...)
    are refused unless an input is a raster file."""
    if raster and not (is_raster_path(ground_truth) or is_raster_path(prediction)):
        raise InputError(msg("{} only apply to a raster file given as the ground truth or the "
                             "prediction (.tif ...); for an array use centrelines().",
                             ", ".join(sorted(raster))))
    return (as_source(ground_truth, "ground truth", fields=fields, raster=raster),
            as_source(prediction, "prediction", fields=fields, raster=raster))


def _spec(metric: str) -> MetricSpec:
    try:
        return registry.get(metric)
    except KeyError:
        ids = ", ".join(s.id for s in registry.all_specs(None))
        raise InputError(f"unknown metric {metric!r} (metrics: {ids})")


def _type(p) -> str:
    return {"distance": "float", "number": "float", "integer": "int", "bool": "bool",
            "enum": "str", "field": "str", "string": "str"}.get(p.kind, "str")


def _param_doc(p) -> str:
    default = "None" if p.default is None else repr(p.default)
    head = f"{p.name} : {_type(p)}, default {default}"
    bits = [p.label + (f" ({p.unit})" if p.unit else "") + "."]
    if p.options:
        bits.append("One of " + ", ".join(repr(o) for o in p.options) + ".")
    rt = p.range_text() if p.kind in ("distance", "number", "integer") else ""
    if rt:
        bits.append(f"Range: {rt}.")
    if p.help:
        bits.append(p.help)
    return head + "\n    " + " ".join(bits)


def _example(spec: MetricSpec) -> str:
    o = spec.headline_output()
    lines = [">>> import roadnetworkmetrics as rnm",
             ">>> road = [[(0, 0), (200, 0), (400, 0)], [(200, 0), (200, 300)]]",
             f">>> r = rnm.{spec.id}(road, road{_example_params(spec)})"]
    if o.perfect is not None and not (isinstance(o.perfect, float) and math.isnan(o.perfect)):
        lines += [f">>> round(r.scores[{spec.output_key(o.name)!r}], 6)", f"{float(o.perfect)!r}"]
    else:
        lines += [f">>> {spec.output_key(o.name)!r} in r.scores", "True"]
    return "\n".join(lines)


def _example_params(spec: MetricSpec) -> str:
    return "".join(f", {k}={v!r}" for k, v in spec.test_params.items())


def _notes(spec: MetricSpec) -> str:
    """The definition from the metric's module docstring (its formula), as
    a numpydoc Notes section: the title, the reference (in References) and
    the implementation paragraphs left out."""
    import sys
    mod = sys.modules.get(getattr(spec.compute, "__module__", ""), None)
    doc = (getattr(mod, "__doc__", None) or "").strip()
    paras = [p for p in doc.split("\n\n")[1:] if p.strip()]
    keep = []
    for p in paras:
        head = p.lstrip()
        if head.startswith(("Implementation", "Speed", "Memory", "Performance")):
            break
        if head.startswith(("Reference:", "References:")):
            continue
        keep.append(p)
    if not keep:
        return ""
    return "\nNotes\n-----\n" + "\n\n".join(keep) + "\n"


def docstring(spec: MetricSpec) -> str:
    outs = "\n".join(f"    - ``{spec.output_key(o.name)}``: {o.label}" +
                     (f" ({o.unit})" if o.unit else "") for o in spec.outputs)
    sinks = ", ".join(f"``{s.name}``" for s in spec.sinks) or "none"
    params = "\n".join(_param_doc(p) for p in spec.all_params())
    return f"""{spec.name}.

{spec.help}

Parameters
----------
{INPUT_DOC}
{params}
{COMMON_DOC}

Returns
-------
Result
    ``scores`` (docs/library.md, "Score names"; the short names of the QGIS
    algorithm's outputs still answer until 2.0, with a FutureWarning):
{outs}

    ``layers``: {sinks}.

Raises
------
InputError
    Unreadable input, no usable line in the ground truth, a parameter
    out of its range (the sentence the QGIS plugin shows).
{_notes(spec)}
References
----------
{spec.reference or "See docs/."}

Examples
--------
{_example(spec)}
"""


def metric_function(spec: MetricSpec) -> Callable:
    def metric(ground_truth: Any, prediction: Any, *, pixel_size: Optional[float] = None,
               progress: Union[bool, Callable] = False, **params: Any) -> Result:
        return compute(spec.id, ground_truth, prediction, params, pixel_size, progress)
    metric.__name__ = metric.__qualname__ = spec.id
    metric.__doc__ = docstring(spec)
    metric.__module__ = "roadnetworkmetrics"
    return metric

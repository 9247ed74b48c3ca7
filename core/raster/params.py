"""The parameters of a raster input, described once
(docs/raster.md): the QGIS ``centrelines`` algorithm, the advanced raster
parameters of every metric algorithm and of evaluate-all, the library's
keywords (``raster_threshold=0.5``) and the command line's options
(``--raster-threshold 0.5``) are all generated from :data:`RASTER_PARAMS`,
with the same names, defaults, ranges and help.

:func:`extraction_args` turns checked values into the keywords of
:func:`core.raster.centrelines.extract_centrelines`; :func:`record` is what
SCORES (``parameters``) and evaluate-all's report keep about an extraction.
"""
from __future__ import annotations

from typing import Any, Optional

import numpy as np

from ..registry import Param
from ..text import msg
from .defaults import FILL_HOLES_M2, MIN_AREA_M2, PRUNE_M, SIMPLIFY_M

MAX_AREA_M2 = 1e6
"""Largest area parameter (m^2): a square kilometre, far beyond any blob or
hole worth removing."""
MAX_BAND = 100_000

THRESHOLD_LABEL = "Raster threshold (probability map: road where value >= threshold)"
CLASSES_LABEL = "Raster road classes (class map)"
READING = ("RASTER_BAND", "RASTER_THRESHOLD", "RASTER_CLASSES")
"""The parameters that say which pixels are road: in the main panel of every
dialog, right under the raster inputs (the four sizes are advanced)."""

RASTER_PARAMS = [
    Param("RASTER_BAND", "integer", "Raster band", 1, minimum=1, maximum=MAX_BAND,
          help="Band of a raster input holding the road mask, probability or class map "
               "(1 = the first)."),
    Param("RASTER_THRESHOLD", "number", THRESHOLD_LABEL,
          None, optional=True, minimum=-1e300, maximum=1e300,
          help="For a probability or score map: road pixels are those whose value is at "
               "least this. Empty: the raster must be a 0/1 mask, or give the classes."),
    Param("RASTER_CLASSES", "string", CLASSES_LABEL, None, optional=True,
          help="For a class map: the values that are road, separated by commas (e.g. 1,3). "
               "Not together with the threshold."),
    Param("RASTER_MIN_AREA", "number", "Raster: smallest road component kept", MIN_AREA_M2,
          unit="m2", minimum=0.0, maximum=MAX_AREA_M2, advanced=True,
          help="Connected groups of road pixels smaller than this area are removed before "
               "thinning (cars, parking bays, noise). 0 keeps every pixel."),
    Param("RASTER_FILL_HOLES", "number", "Raster: largest hole filled", FILL_HOLES_M2,
          unit="m2", minimum=0.0, maximum=MAX_AREA_M2, advanced=True,
          help="Holes in the road mask smaller than this area are filled (cars, shadows, tree "
               "crowns on a road), so they make no small loops. 0 fills none."),
    Param("RASTER_PRUNE", "distance", "Raster: shortest dead end kept", PRUNE_M, unit="m",
          maximum=1000.0, advanced=True,
          help="Skeleton branches from a junction to a free end shorter than this are removed "
               "(thinning spurs). 0 keeps them."),
    Param("RASTER_SIMPLIFY", "distance", "Raster: simplification tolerance", SIMPLIFY_M,
          unit="m", maximum=100.0, advanced=True,
          help="Douglas-Peucker tolerance that removes the staircase of the pixel skeleton. "
               "0 keeps every pixel centre."),
]
"""Every parameter of a raster input (names as in the QGIS algorithms): the
band, threshold and classes, then the four sizes of the extraction."""

BY_NAME = {p.name: p for p in RASTER_PARAMS}
_KEYWORDS = {"RASTER_MIN_AREA": "min_area_m2", "RASTER_FILL_HOLES": "fill_holes_m2",
             "RASTER_PRUNE": "prune_m", "RASTER_SIMPLIFY": "simplify_m"}


def parse_classes(text: Any) -> Optional[list]:
    """'1, 3,5' (or a number, or a sequence of numbers) -> [1.0, 3.0, 5.0];
    None or '' -> None; anything else: ValueError with a sentence."""
    if text is None or (isinstance(text, str) and not text.strip()):
        return None
    items = text.replace(";", ",").split(",") if isinstance(text, str) else (
        list(text) if isinstance(text, (list, tuple, np.ndarray)) else [text])
    try:
        values = [float(v) for v in items if not (isinstance(v, str) and not v.strip())]
    except (TypeError, ValueError):
        values = []
    if not values or not np.isfinite(values).all():
        raise ValueError(msg("{} must be numbers separated by commas (e.g. 1,3), got {!r}.",
                             msg(CLASSES_LABEL), text))
    return values


def resolve(values: Optional[dict] = None) -> dict:
    """The raster parameters: defaults overlaid with ``values`` (names in
    capitals; unknown names refused), each checked like any parameter
    (Param.check), the classes parsed; a threshold together with classes
    is refused."""
    out = {p.name: p.default for p in RASTER_PARAMS}
    for k, v in (values or {}).items():
        if k not in out:
            raise KeyError(msg("unknown raster parameter {}", k))
        out[k] = v
    for p in RASTER_PARAMS:
        out[p.name] = p.check(out[p.name])
    out["RASTER_CLASSES"] = parse_classes(out["RASTER_CLASSES"])
    if out["RASTER_THRESHOLD"] is not None and out["RASTER_CLASSES"] is not None:
        raise ValueError(msg("Give a raster threshold (probability maps) or raster road classes "
                             "(class maps), not both."))
    return out


def extraction_args(resolved: dict) -> dict:
    """The keywords of extract_centrelines for resolved parameters (the
    band, threshold and classes are applied when the raster is read:
    core/raster/windows.py)."""
    return {kw: float(resolved[name]) for name, kw in _KEYWORDS.items()}


def record(resolved: dict, nodata: Optional[float], transform, shape: tuple,
           name: str) -> dict:
    """What SCORES ``parameters`` and evaluate-all's report keep about one
    raster input: its name, band, size in pixels, pixel size (m), nodata,
    threshold or classes, and the size parameters of the extraction."""
    from .mask import pixel_size
    out = {"source": name, "band": resolved["RASTER_BAND"],
           "shape": [int(shape[0]), int(shape[1])],
           "pixel_size_m": round(pixel_size(transform), 9),
           "transform": [float(v) for v in transform],
           "nodata": None if nodata is None or not np.isfinite(nodata) else float(nodata),
           "threshold": resolved["RASTER_THRESHOLD"], "classes": resolved["RASTER_CLASSES"]}
    out.update(extraction_args(resolved))
    return out


MASK_ALIASES = {"RASTER_THRESHOLD": ("GT_THRESHOLD", "PRED_THRESHOLD"),
                "RASTER_CLASSES": ("ROAD_CLASSES",)}
"""The raster parameters a pixel metric takes besides its own (MASK_PARAMS),
so that one name reads a raster in every command: RASTER_THRESHOLD sets the
threshold of both rasters (a 0/1 or {0, v} mask thresholded at t in (0, v]
is the same mask, so one value serves a mask and a probability map alike),
GT_THRESHOLD / PRED_THRESHOLD set one raster's; RASTER_CLASSES is
ROAD_CLASSES (QGIS keeps ROAD_CLASSES as the pixel algorithms' id)."""


def mask_params(values: dict, spell=None) -> dict:
    """A pixel metric's parameters (names in capitals) with RASTER_THRESHOLD
    and RASTER_CLASSES turned into its own (:data:`MASK_ALIASES`).  A raster
    given a threshold both ways (RASTER_THRESHOLD and GT_THRESHOLD or
    PRED_THRESHOLD), the classes both ways, or a threshold for both rasters
    with classes, is refused (ValueError with one sentence); ``spell(name)``
    writes a parameter as the face spells it (``--raster-threshold``,
    ``raster_threshold=``)."""
    spell = spell or (lambda name: name)
    given = {k: v for k, v in values.items() if v is not None}
    out = {k: v for k, v in values.items() if k not in MASK_ALIASES}
    t = given.get("RASTER_THRESHOLD")
    if t is not None:
        sides = [k for k in MASK_ALIASES["RASTER_THRESHOLD"] if k in given]
        if sides:
            raise ValueError(msg("{} sets the threshold of both rasters and {} that of one: give "
                                 "one of them.", spell("RASTER_THRESHOLD"),
                                 " and ".join(map(spell, sides))))
        out.update({k: t for k in MASK_ALIASES["RASTER_THRESHOLD"]})
    if "RASTER_CLASSES" in given:
        if "ROAD_CLASSES" in given:
            raise ValueError(msg("{} and {} are one parameter (the second is the old name): "
                                 "give it once.", spell("RASTER_CLASSES"), spell("ROAD_CLASSES")))
        out["ROAD_CLASSES"] = given["RASTER_CLASSES"]
    if t is not None and out.get("ROAD_CLASSES") is not None:
        raise ValueError(msg("Give {} (probability maps) or {} (class maps), not both.",
                             spell("RASTER_THRESHOLD"), spell("RASTER_CLASSES")))
    return out

"""The working-CRS rule of core/crs.py applied with pyproj (the QGIS face
applies it with QGIS's own transforms, ui/inputs.py)."""
from __future__ import annotations

import functools
from typing import Any, Optional

import numpy as np

from .core.crs import plan, worst_scale
from .core.network.lineset import LineSet
from .core.text import msg
from ._errors import InputError


@functools.lru_cache(maxsize=None)
def _pyproj():
    """pyproj, or None (looked up once).  Debian's pyproj in a virtual environment warns at
    import that it cannot find PROJ's data folder, which PROJ itself then
    finds (its built-in path): that warning is not the user's business; a
    CRS PROJ really cannot handle still fails, as an InputError."""
    import warnings
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="Valid PROJ data directory not found")
            import pyproj
    except ImportError:
        return None
    return pyproj


def label(crs) -> str:
    """'EPSG:3067' when the CRS has an EPSG code, else its name."""
    auth = crs.to_authority(min_confidence=90)
    return f"{auth[0]}:{auth[1]}" if auth else (crs.name or "custom CRS")


def parse(crs: Any, name: str):
    """A pyproj.CRS, or None for no CRS; InputError when pyproj is missing
    or does not understand it."""
    if crs is None:
        return None
    pyproj = _pyproj()
    if pyproj is None:
        raise InputError(msg("{} has a CRS ({}), and handling it needs pyproj: pip install "
                             "pyproj (or road-network-metrics[crs]), or give coordinates "
                             "in metres without a CRS.", name, str(crs)[:60]))
    try:
        return pyproj.CRS.from_user_input(crs)
    except Exception as e:  # pyproj.exceptions.CRSError
        raise InputError(msg("{}: the CRS {!r} is not understood ({}).", name, str(crs)[:80], e))


def unit_of(crs) -> Optional[str]:
    axes = crs.axis_info
    if not axes:
        return None
    u = (axes[0].unit_name or "").lower()
    return "metre" if u in ("metre", "meter", "m") else (axes[0].unit_name or None)


def extent(lines: LineSet) -> tuple:
    xy = np.concatenate(lines.parts)
    return (*xy.min(axis=0), *xy.max(axis=0))


def to_lonlat(crs):
    pyproj = _pyproj()
    t = pyproj.Transformer.from_crs(crs, "EPSG:4326", always_xy=True)
    return lambda xs, ys: t.transform(np.asarray(xs, float), np.asarray(ys, float))


def plan_args(crs, box) -> tuple:
    """(label, geographic, unit, scale, centre) of ``crs`` (a pyproj.CRS)
    measured over ``box`` = (xmin, ymin, xmax, ymax): the arguments of
    core.crs.plan and of the raster CRS rule (core/raster/rasterinput.py)."""
    f = to_lonlat(crs)
    unit = "degree" if crs.is_geographic else unit_of(crs)
    scale = worst_scale(f, box) if (not crs.is_geographic and unit == "metre") else None
    try:
        lon, lat = f([(box[0] + box[2]) / 2], [(box[1] + box[3]) / 2])
        centre = (float(lon[0]), float(lat[0]))
        centre = centre if all(np.isfinite(centre)) else None
    except Exception:  # pyproj.exceptions.ProjError
        centre = None
    return label(crs), crs.is_geographic, unit, scale, centre


def decide(crs, lines: LineSet):
    """core.crs.plan for a ground truth in ``crs`` (a pyproj.CRS)."""
    try:
        return plan(*plan_args(crs, extent(lines)))
    except ValueError as e:
        raise InputError(e.args[0])


def _declared_id(crs) -> Optional[tuple]:
    """The authority and code a CRS's definition states (WKT ID / AUTHORITY)."""
    d = crs.to_json_dict().get("id") or {}
    return (d.get("authority"), d.get("code")) if d.get("code") is not None else None


def equivalent(a, b, lines: LineSet) -> bool:
    """True when CRSs ``a`` and ``b`` (pyproj.CRS) are one CRS for
    ``lines`` (in ``a``): equal definitions, or definitions declaring the
    same authority code whose transformation moves the corners and centre
    of the lines' extent by less than 1 mm (1e-8 degree).  A GeoTIFF's
    EPSG:3067 written by rasterio names its datum by a newer EPSG code than
    the registry's EPSG:3067 does, and pyproj calls the two different;
    EPSG:32635 and EPSG:3067 put coordinates at the same place but are two
    CRSs (the prediction's CRS is then said to differ)."""
    if a == b:
        return True
    ida = _declared_id(a)
    if not lines.parts or ida is None or ida != _declared_id(b):
        return False
    x0, y0, x1, y1 = extent(lines)
    xs = np.array([x0, x1, x0, x1, (x0 + x1) / 2])
    ys = np.array([y0, y0, y1, y1, (y0 + y1) / 2])
    try:
        t = _pyproj().Transformer.from_crs(a, b, always_xy=True)
        x, y = t.transform(xs, ys, errcheck=True)
    except Exception:  # pyproj.exceptions.ProjError: not the same place
        return False
    if a.is_geographic != b.is_geographic:
        return False
    tol = 1e-8 if b.is_geographic else 1e-3
    return bool(np.all(np.abs(np.asarray(x) - xs) <= tol) and np.all(np.abs(np.asarray(y) - ys) <= tol))


def transform(lines: LineSet, source, target) -> LineSet:
    """``lines`` from CRS ``source`` to ``target`` (pyproj.CRS), all parts
    at once; parts that do not transform (non-finite results) are dropped
    and counted as ``transform_errors``."""
    if not lines.parts:
        return lines
    pyproj = _pyproj()
    t = pyproj.Transformer.from_crs(source, target, always_xy=True)
    xy = np.concatenate(lines.parts)
    x, y = t.transform(xy[:, 0], xy[:, 1], errcheck=False)
    out = np.column_stack([x, y])
    cuts = np.cumsum([len(p) for p in lines.parts])[:-1]
    parts = np.split(out, cuts)
    ok = [bool(np.isfinite(p).all()) for p in parts]
    counts = dict(lines.counts)
    counts["transform_errors"] = counts.get("transform_errors", 0) + ok.count(False)
    keep = [i for i, k in enumerate(ok) if k]
    return LineSet([parts[i] for i in keep], lines.part_feature[keep], lines.feature_ids,
                   lines.attributes, counts)

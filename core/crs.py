"""Which CRS distances are measured in: the rule every face applies.

Every metric measures distances in metres.  Input coordinates are used as
they are only when one unit of the CRS is one metre *on the ground, at the
data*; otherwise both layers are reprojected to the WGS 84 / UTM zone of the
ground truth's centre (EPSG:326zz / 327zz, scale within 0.04 % of 1 inside
its zone):

* a geographic CRS (degrees);
* a projected CRS whose unit is not the metre (feet, US survey feet, ...);
* a projected CRS in metres whose scale at the data differs from 1 by more
  than :data:`SCALE_TOLERANCE`: Web Mercator (EPSG:3857, scale 1/cos(lat),
  2.0 at 60 N), the World Equidistant Cylindrical (EPSG:4087, 2.0 east-west
  at 60 N), a UTM zone used far outside its zone.  National grids used in
  their area (EPSG:3067, 3035, 2154, 27700, ...) stay as they are.

The scale is measured, not looked up: the faces (QGIS, the library) give a
function from CRS coordinates to longitude / latitude, and
:func:`worst_scale` compares small steps in x and y at the centre and the
corners of the data's extent with their length on the WGS 84 ellipsoid.
A CRS whose unit is unknown, or no CRS at all, is taken to be in metres
(with a warning).  The decision and its warning text are made here, once
(:func:`plan`), so the plugin and the library record the same thing.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

import numpy as np

from .text import Text, msg

# |scale - 1| above which a metre CRS is reprojected: 1 % changes a length
# or a distance by 1 %.  UTM inside its zone is within 0.1 %, national grids
# in their area within about 0.5 %; Web Mercator exceeds 1 % beyond 8 deg of
# latitude (1/cos(8 deg) = 1.0098).
SCALE_TOLERANCE = 0.01

_A = 6378137.0                       # WGS 84 semi-major axis (m)
_E2 = 0.00669437999014               # WGS 84 first eccentricity squared

# CRS names that mean longitude / latitude in degrees, recognised as text
# where no CRS library can say it (no pyproj; a graph's G.graph['crs'])
DEGREE_CRS_NAMES = ("EPSG:4326", "OGC:CRS84", "EPSG:4258", "EPSG:4269")

ToLonLat = Callable[[np.ndarray, np.ndarray], "tuple[np.ndarray, np.ndarray]"]


def utm_epsg(lon: float, lat: float) -> int:
    """EPSG code of the WGS 84 / UTM zone containing (lon, lat) in degrees."""
    zone = int(math.floor((lon + 180.0) / 6.0)) % 60 + 1
    return (32600 if lat >= 0 else 32700) + zone


def ground_length(lon0, lat0, lon1, lat1) -> np.ndarray:
    """Length in metres on the WGS 84 ellipsoid of short steps from
    (lon0, lat0) to (lon1, lat1), in degrees: ds^2 = (M dphi)^2 +
    (N cos(phi) dlambda)^2 with the meridional (M) and prime-vertical (N)
    radii of curvature at the mean latitude (exact to second order in the
    step, far below the tolerance for steps of a few hundred metres)."""
    phi = np.radians((np.asarray(lat0, float) + np.asarray(lat1, float)) / 2.0)
    w = 1.0 - _E2 * np.sin(phi) ** 2
    m = _A * (1.0 - _E2) / w ** 1.5
    n = _A / np.sqrt(w)
    dphi = np.radians(np.asarray(lat1, float) - np.asarray(lat0, float))
    dlam = np.radians((np.asarray(lon1, float) - np.asarray(lon0, float) + 180.0) % 360.0 - 180.0)
    return np.hypot(m * dphi, n * np.cos(phi) * dlam)


def worst_scale(to_lonlat: ToLonLat, extent: Sequence[float]) -> Optional[float]:
    """The planar scale (CRS units per ground metre) furthest from 1, over
    the x and y directions at the centre and near the four corners of
    ``extent`` = (xmin, ymin, xmax, ymax).  None when the points cannot be
    transformed (``to_lonlat`` raising or returning non-finite values)."""
    x0, y0, x1, y1 = (float(v) for v in extent)
    if not all(math.isfinite(v) for v in (x0, y0, x1, y1)):
        return None
    w, h = max(x1 - x0, 0.0), max(y1 - y0, 0.0)
    step = min(max(1e-3 * max(w, h), 1.0), 100.0)
    px = np.array([(x0 + x1) / 2, x0 + 0.05 * w, x1 - 0.05 * w, x0 + 0.05 * w, x1 - 0.05 * w])
    py = np.array([(y0 + y1) / 2, y0 + 0.05 * h, y0 + 0.05 * h, y1 - 0.05 * h, y1 - 0.05 * h])
    xs = np.concatenate([px, px + step, px])
    ys = np.concatenate([py, py, py + step])
    try:
        lon, lat = (np.asarray(v, float) for v in to_lonlat(xs, ys))
    except Exception:  # a face's transform error (QGIS, pyproj): no measure
        return None
    if lon.shape != xs.shape or not (np.isfinite(lon).all() and np.isfinite(lat).all()):
        return None
    k = len(px)
    gx = ground_length(lon[:k], lat[:k], lon[k:2 * k], lat[k:2 * k])
    gy = ground_length(lon[:k], lat[:k], lon[2 * k:], lat[2 * k:])
    if not ((gx > 0).all() and (gy > 0).all()):
        return None
    scales = np.concatenate([step / gx, step / gy])
    return float(scales[np.argmax(np.abs(scales - 1.0))])


@dataclass
class CrsPlan:
    """What to do with the inputs' coordinates: ``target_epsg`` the UTM
    zone to reproject both layers to (None: use them as they are),
    ``warning`` the sentence for the user (or None), ``record`` what goes
    into SCORES ``parameters`` (``reprojected_to``, ``converted_from_unit``,
    ``crs_scale_at_data``)."""

    target_epsg: Optional[int] = None
    warning: Optional[Text] = None
    record: dict = field(default_factory=dict)


def plan(label: str, geographic: bool, unit: Optional[str], scale: Optional[float],
         centre_lonlat: Optional[tuple[float, float]]) -> CrsPlan:
    """The working-CRS decision for a ground truth in the CRS called
    ``label`` (e.g. 'EPSG:3857'): ``unit`` is the CRS's unit name ('metre',
    'US survey foot', ..., None when unknown), ``scale`` the result of
    :func:`worst_scale` for a metre CRS, ``centre_lonlat`` the data's centre
    in degrees (None when it cannot be computed).  Raises ValueError when a
    reprojection is needed but the centre is unknown."""
    metre = unit is not None and unit.lower() in ("metre", "meter", "metres", "meters", "m")
    if not geographic and unit is None:
        return CrsPlan(warning=msg("The unit of the ground truth's CRS ({}) is unknown: "
                                   "coordinates are assumed to be in metres.", label))
    distorted = (not geographic and metre and scale is not None
                 and abs(scale - 1.0) > SCALE_TOLERANCE)
    if not (geographic or not metre or distorted):
        return CrsPlan()
    if centre_lonlat is None:
        raise ValueError(msg("The ground truth's CRS ({}) is not in metres (or not true to scale "
                             "at the data) and cannot be transformed to WGS 84 to choose a metric "
                             "UTM zone. Reproject both layers to a metric CRS first.", label))
    epsg = utm_epsg(*centre_lonlat)
    target = f"EPSG:{epsg}"
    record = {"reprojected_to": target}
    if geographic:
        text = msg("The ground truth is in a geographic CRS ({}): both layers are reprojected "
                   "to {} and all distances are in metres.", label, target)
    elif not metre:
        record["converted_from_unit"] = unit
        text = msg("The ground truth's CRS is not in metres: both layers are reprojected, "
                   "{} ({}) -> {} (metres), and all distances are in metres.",
                   label, unit, target)
    else:
        record["crs_scale_at_data"] = round(scale, 4)
        text = msg("The ground truth's CRS ({}) is in metres, but one of its metres is {} m on "
                   "the ground at the data (scale {}, as in Web Mercator away from the "
                   "equator): both layers are reprojected to {} (metres) and all distances "
                   "are in metres.", label, f"{1.0 / scale:.3g}", f"{scale:.3g}", target)
    return CrsPlan(epsg, text, record)


def prediction_crs_without_gt_crs(label: str, geographic: bool, unit: Optional[str]) -> Text:
    """The rule for a ground truth without CRS beside a prediction with one
    (``label``, ``geographic``, ``unit`` as in :func:`plan`).  Nothing says
    where the ground truth lies, so the prediction cannot be transformed to
    it: its CRS is ignored and both coordinate sets are used as they are.
    That is refused (ValueError) when the prediction's coordinates are not
    metres (degrees, feet: APLS 0 or 1 on any input), and said (the returned
    warning) otherwise."""
    metre = unit is not None and unit.lower() in ("metre", "meter", "metres", "meters", "m")
    if geographic or (unit is not None and not metre):
        raise ValueError(msg("The ground truth has no CRS and the prediction is in {} ({}): they "
                             "cannot be put in one frame in metres. Give the ground truth its "
                             "CRS, or give both in the same projected CRS in metres.", label,
                             "degrees" if geographic else unit))
    return msg("The ground truth has no CRS, so the prediction's CRS ({}) is ignored: both are "
               "used as they are, assumed to be in the same coordinates, in metres.", label)


# the keys of CrsPlan.record: what SCORES records about the working CRS
RECORD_KEYS = ("reprojected_to", "converted_from_unit", "crs_scale_at_data")

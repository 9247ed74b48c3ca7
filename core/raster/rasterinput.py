"""A raster given where lines are expected (a metric's prediction or
ground truth, the ``centrelines`` algorithm): its CRS checked, its band
read in windows (core/raster/windows.py), its centrelines extracted
(core/raster/centrelines.py) and what was done recorded (docs/raster.md).
The faces (QGIS with GDAL, the library with rasterio or GDAL) only open the
file and pass a window reader, so they extract the same lines."""
from __future__ import annotations

from typing import Optional

from ..crs import plan
from ..network.lineset import LineSet
from ..progress import NO_PROGRESS, Progress
from ..text import Text, msg
from .centrelines import extract_centrelines
from .mask import as_transform
from .memory import CENTRELINE_BYTES_PER_PIXEL, check_fits
from .params import extraction_args, record
from .windows import ReadWindow, read_mask


def crs_problem(name: str, label: str, geographic: bool, unit: Optional[str],
                scale: Optional[float], centre_lonlat: Optional[tuple]) -> Optional[Text]:
    """Why a raster in the CRS called ``label`` cannot be used as it is
    (None when it can): the extraction's sizes are ground metres, so the
    working-CRS rule (core/crs.py ``plan``) must leave the CRS as it is.
    A geographic CRS, a unit other than the metre, or a metre CRS whose
    scale at the raster is off by more than 1 % (Web Mercator) is refused
    with the UTM zone to warp to: resampling a mask or a probability map is
    the user's choice (nearest for masks and classes, bilinear for
    probabilities), not something to do silently."""
    try:
        decision = plan(label, geographic, unit, scale, centre_lonlat)
    except ValueError:
        return msg("The raster {} is in {}, which is not in metres on the ground: the "
                   "extraction's sizes are metres. Warp it to a projected CRS in metres first "
                   "(QGIS: Raster > Projections > Warp; GDAL: gdalwarp -t_srs).", name, label)
    if decision.target_epsg is None:
        return None
    why = (msg("degrees") if geographic else
           msg("{}", unit) if unit and unit.lower() not in ("metre", "meter", "m") else
           msg("metres that are {} m on the ground at the raster", f"{1.0 / scale:.3g}"))
    return msg("The raster {} is in {} ({}), not in metres on the ground, and the extraction's "
               "sizes are metres. Warp it to EPSG:{} first (QGIS: Raster > Projections > Warp "
               "(Reproject), resampling nearest neighbour for a mask or a class map, bilinear for "
               "a probability map; GDAL: gdalwarp -t_srs EPSG:{} -r near, or -r bilinear for "
               "probabilities).", name, label, why, decision.target_epsg, decision.target_epsg)


def extract(shape: tuple, read_window: ReadWindow, transform, nodata: Optional[float],
            resolved: dict, name: str, block_rows: int = 1,
            progress: Optional[Progress] = None) -> tuple[LineSet, dict]:
    """(centrelines, record) of a raster band of ``shape`` (rows, cols)
    read through ``read_window`` (see core/raster/windows.py) with the
    resolved raster parameters (core/raster/params.py ``resolve``);
    ``transform`` (a, b, c, d, e, f) in metres.  ValueError with a
    sentence for a band that cannot be used, or that cannot fit in memory
    (core/raster/memory.py: checked before the first window is read)."""
    progress = progress or NO_PROGRESS
    t = as_transform(transform)
    check_fits(shape, CENTRELINE_BYTES_PER_PIXEL + 1, name)     # + the road mask's byte
    mask_warnings = []
    mask = read_mask(shape, read_window, threshold=resolved["RASTER_THRESHOLD"],
                     classes=resolved["RASTER_CLASSES"], nodata=nodata,
                     block_rows=block_rows, progress=progress.sub(0.0, 0.3),
                     warnings=mask_warnings)
    road = int(mask.sum())
    lines = extract_centrelines(mask, t, progress=progress.sub(0.3, 1.0),
                                **extraction_args(resolved))
    rec = record(resolved, nodata, t, shape, name)
    rec["road_pixels"] = road
    rec["lines"] = len(lines.parts)
    if mask_warnings:           # a 0/255 mask: its road value, for SCORES and mask_warning
        rec["road_value"] = float(mask_warnings[0].args[0])
    return lines, rec


def mask_warning(name: str, rec: dict) -> Optional[Text]:
    """The warning of a raster read as a 0/v mask with v other than 1 (a
    0/255 mask: road where the value is 255), else None."""
    if rec.get("road_value") is None:
        return None
    return msg("The raster {} holds only 0 and {} (a 0/{} mask): its {} pixels are read as "
               "road.", name, *[f"{rec['road_value']:g}"] * 3)


def empty_warning(name: str, rec: dict) -> Optional[Text]:
    """A warning for a raster that gave no line (no road pixel after the
    threshold, or only components below the smallest area), else None."""
    if rec.get("lines"):
        return None
    if not rec.get("road_pixels"):
        how = (msg("threshold {}", rec["threshold"]) if rec.get("threshold") is not None else
               msg("classes {}", ", ".join(f"{c:g}" for c in rec["classes"]))
               if rec.get("classes") else msg("read as a mask"))
        return msg("The raster {} has no road pixel (band {}, {}): it gives no line.", name,
                   rec["band"], how)
    return msg("The raster {} gives no line: its {} road pixel(s) form no component of at "
               "least {} m2 with a skeleton longer than the pruning length.", name,
               rec["road_pixels"], rec["min_area_m2"])

"""Rasters in the library (core/raster/; docs/raster.md): a GeoTIFF path
given directly as a metric's input, and :func:`centrelines` for numpy
arrays (with a transform or a pixel size) and files.  A file is read with
rasterio when it is installed, else with GDAL's Python bindings, window by
window (core/raster/windows.py), so a large raster is never held as
float64; its CRS must be in metres on the ground (core/raster/rasterinput.py,
the rule of the QGIS plugin)."""
from __future__ import annotations

import contextlib
import os
from typing import Any, Iterator, Optional

import numpy as np

from .core.crs import DEGREE_CRS_NAMES
from .core.io.source import Source
from .core.raster.memory import check_fits
from .core.text import message_of, msg
from ._errors import InputError, ThresholdNeeded

RASTER_EXTENSIONS = (".tif", ".tiff", ".img", ".jp2")
"""File extensions read as rasters when given where lines are expected."""

# centrelines()'s keywords (the core function's names) -> the raster parameters
KEYWORDS = {"threshold": "RASTER_THRESHOLD", "classes": "RASTER_CLASSES",
            "min_area_m2": "RASTER_MIN_AREA", "fill_holes_m2": "RASTER_FILL_HOLES",
            "prune_m": "RASTER_PRUNE", "simplify_m": "RASTER_SIMPLIFY", "band": "RASTER_BAND"}


def is_raster_path(obj: Any) -> bool:
    """True for a path whose extension is a raster's (RASTER_EXTENSIONS)."""
    return isinstance(obj, (str, os.PathLike)) and \
        os.fspath(obj).lower().endswith(RASTER_EXTENSIONS)


def raster_params(params: dict) -> dict:
    """The raster parameters among metric keywords (``raster_threshold=0.5``
    or ``RASTER_THRESHOLD=0.5``), removed from ``params``, names in capitals."""
    from .core.raster.params import BY_NAME  # the core's raster modules load scipy
    return {k.upper(): params.pop(k) for k in list(params) if k.upper() in BY_NAME}


def _resolve(values: dict) -> dict:
    from .core.raster.params import resolve
    try:
        return resolve(values)
    except (ValueError, KeyError) as e:
        raise InputError(message_of(e)) from None


@contextlib.contextmanager
def _rasterio(path: str, band: int) -> Iterator[tuple]:
    import rasterio
    from rasterio.windows import Window
    try:
        ds = rasterio.open(path)
    except rasterio.errors.RasterioIOError as e:
        raise InputError(msg("{} cannot be read as a raster ({}).", path, e)) from None
    # each block is read once: a small GDAL cache keeps memory to the mask's
    with ds, rasterio.Env(GDAL_CACHEMAX=64):
        _check_band(path, ds.count, band)
        t = tuple(ds.transform)[:6]
        if ds.crs is None and ds.transform.is_identity and not ds.gcps[0]:
            t = None
        read = lambda r0, c0, nr, nc: ds.read(band, window=Window(c0, r0, nc, nr))  # noqa: E731
        crs = ds.crs.to_wkt() if ds.crs else None
        yield (ds.height, ds.width), read, t, crs, ds.nodatavals[band - 1], \
            ds.block_shapes[band - 1][0]


@contextlib.contextmanager
def _gdal(path: str, band: int) -> Iterator[tuple]:
    from osgeo import gdal
    gdal.PushErrorHandler("CPLQuietErrorHandler")
    try:
        ds = gdal.Open(path, gdal.GA_ReadOnly)
    except RuntimeError:  # GDAL in exception mode
        ds = None
    finally:
        gdal.PopErrorHandler()
    if ds is None:
        raise InputError(msg("{} cannot be read as a raster (GDAL cannot open it).", path))
    _check_band(path, ds.RasterCount, band)
    b = ds.GetRasterBand(band)
    g = ds.GetGeoTransform(can_return_null=True)
    t = None if g is None else (g[1], g[2], g[0], g[4], g[5], g[3])

    def read(r0, c0, nr, nc):
        a = b.ReadAsArray(c0, r0, nc, nr)
        b.FlushCache()  # each block is read once: GDAL's cache would only grow
        return a
    try:
        yield (ds.RasterYSize, ds.RasterXSize), read, t, ds.GetProjection() or None, \
            b.GetNoDataValue(), b.GetBlockSize()[1]
    finally:
        b = ds = None


def _check_band(path: str, count: int, band: int) -> None:
    if not 1 <= band <= count:
        raise InputError(msg("{} has {} band(s): band {} (RASTER_BAND) does not exist.",
                             path, count, band))


def open_raster(path: str, band: int):
    """The reader of a raster file: rasterio, else GDAL's bindings."""
    if not os.path.exists(path):
        raise InputError(msg("{}: no such file.", path))
    try:
        import rasterio  # noqa: F401
        return _rasterio(path, band)
    except ImportError:
        pass
    try:
        from osgeo import gdal  # noqa: F401
        return _gdal(path, band)
    except ImportError:
        raise InputError(msg("Reading the raster {} needs rasterio (pip install rasterio) or "
                             "GDAL's Python bindings; or read it yourself and give the array "
                             "with its transform to centrelines().", path)) from None


def _fits(shape: tuple, bytes_per_pixel: float, path: str) -> None:
    """InputError when a band of ``shape`` cannot fit in memory
    (core/raster/memory.py), before anything is read."""
    try:
        check_fits(shape, bytes_per_pixel, path)
    except ValueError as e:
        raise InputError(message_of(e)) from None


def _box(transform, shape) -> tuple:
    a, b, c, d, e, f = transform
    cols = np.array([0, shape[1], 0, shape[1]], float)
    rows = np.array([0, 0, shape[0], shape[0]], float)
    x, y = a * cols + b * rows + c, d * cols + e * rows + f
    return float(x.min()), float(y.min()), float(x.max()), float(y.max())


def check_crs(crs: Any, name: str, box: tuple) -> None:
    """Refuse a raster whose CRS is not in metres on the ground (degrees,
    feet, Web Mercator: core/raster/rasterinput.py crs_problem); without
    pyproj only a CRS in degrees is recognised (and refused)."""
    if crs is None:
        return
    from . import _crs
    if _crs._pyproj() is None:
        if str(crs).upper() in DEGREE_CRS_NAMES:
            raise InputError(msg("The raster {} is in degrees ({}): warp it to a projected CRS in "
                                 "metres first.", name, crs))
        return
    from .core.raster.rasterinput import crs_problem
    problem = crs_problem(name, *_crs.plan_args(_crs.parse(crs, name), box))
    if problem:
        raise InputError(problem)


def _source(shape, read, transform, crs, nodata, block_rows, resolved, name) -> Source:
    """The centrelines of a band as a Source with its extraction record."""
    from .core.raster.rasterinput import empty_warning, extract, mask_warning
    from .core.raster.mask import NotAMask
    try:
        lines, rec = extract(shape, read, transform, nodata, resolved, name, block_rows)
    except NotAMask as e:
        raise ThresholdNeeded(msg("The raster {}: {}", name, message_of(e))) from None
    except ValueError as e:
        raise InputError(message_of(e)) from None
    warnings = [w for w in (mask_warning(name, rec), empty_warning(name, rec)) if w]
    return Source(lines, crs, False, name, warnings, rec)


def raster_source(path: Any, name: Optional[str] = None, params: Optional[dict] = None,
                  transform=None, crs: Any = None, nodata: Optional[float] = None) -> Source:
    """The centrelines of a raster file (``params``: the raster parameters,
    core/raster/params.py) as a Source; ``transform``, ``crs`` and
    ``nodata`` override the file's."""
    path = os.fspath(path)
    resolved = _resolve(params or {})
    name = name or os.path.basename(path)
    with open_raster(path, resolved["RASTER_BAND"]) as (shape, read, ftransform, fcrs, fnodata, rows):
        transform = ftransform if transform is None else transform
        if transform is None:
            raise InputError(msg("The raster {} has no georeferencing (no geotransform): its "
                                 "pixels have no position or size in metres. Give its transform "
                                 "or pixel size to centrelines().", path))
        crs = fcrs if crs is None else crs
        check_crs(crs, name, _box(transform, shape))
        nodata = fnodata if nodata is None else nodata
        return _source(shape, read, transform, crs, nodata, rows, resolved, name)


def _pixel_transform(transform, pixel_size):
    if transform is not None and pixel_size is not None:
        raise InputError(msg("Give the raster's transform or its pixel size, not both."))
    if transform is not None or pixel_size is None:
        return transform
    if not (isinstance(pixel_size, (int, float)) and pixel_size > 0):
        raise InputError(msg("The pixel size must be a positive number of metres, got {}.",
                             pixel_size))
    return (float(pixel_size), 0.0, 0.0, 0.0, -float(pixel_size), 0.0)


def centrelines(array: Any, transform=None, pixel_size: Optional[float] = None,
                crs: Any = None, *, band: int = 1, name: str = "raster",
                nodata: Optional[float] = None, **params) -> Source:
    """The road centrelines of a mask or probability map, as a
    :class:`Source` every metric function accepts.

    ``array``: a 2-D numpy array (a 0/1 mask; a probability map with
    ``threshold=``; a class map with ``classes=``) or a raster file path
    (read with rasterio, else GDAL: its ``band``, transform, CRS and nodata).
    Where the pixels are: ``transform`` (a, b, c, d, e, f: x = a col + b row
    + c, y = d col + e row + f, in metres; an ``affine.Affine``), or only
    ``pixel_size`` (metres; the top-left corner at (0, 0), y up).
    ``params``: ``threshold``, ``classes``, ``min_area_m2``,
    ``fill_holes_m2``, ``prune_m``, ``simplify_m`` (or their plugin names,
    ``RASTER_THRESHOLD`` ...; docs/raster.md).  What was done is in
    ``Source.raster`` and, once scored, in ``Result.parameters``.

    >>> import numpy as np, roadnetworkmetrics as rnm
    >>> mask = np.zeros((20, 40), dtype=np.uint8); mask[8:12] = 1
    >>> src = rnm.centrelines(mask, pixel_size=0.5)
    >>> [p.tolist() for p in src.lines.parts]
    [[[18.75, -4.75], [0.75, -5.25]]]
    """
    from .core.raster.params import BY_NAME
    values = {"RASTER_BAND": band}
    for k, v in params.items():
        key = KEYWORDS.get(k, k.upper())
        if key not in BY_NAME:
            raise InputError(msg("centrelines: unknown parameter {} (parameters: {}).", k,
                                 ", ".join(sorted(KEYWORDS))))
        values[key] = v
    transform = _pixel_transform(transform, pixel_size)
    from ._source import library_source
    if isinstance(array, (str, os.PathLike)):
        return library_source(raster_source(array, None, values, transform, crs, nodata), array)
    if transform is None:
        raise InputError(msg("Where are the pixels? Give the raster's transform (a, b, c, "
                             "d, e, f) or its pixel size in metres (pixel_size=...)."))
    resolved = _resolve(values)
    a = np.asarray(array)
    if a.ndim == 3 and a.shape[0] >= 1:
        _check_band(name, a.shape[0], resolved["RASTER_BAND"])
        a = a[resolved["RASTER_BAND"] - 1]
    if a.size == 0:
        raise InputError(msg("The raster is empty (shape {}).", tuple(a.shape)))
    if a.ndim != 2:
        raise InputError(msg("A raster of one band (a 2-D array) is needed, got an array of "
                             "shape {}.", tuple(a.shape)))
    try:
        from .core.raster.mask import as_transform
        box = _box(as_transform(transform), a.shape)
    except ValueError as e:
        raise InputError(message_of(e)) from None
    check_crs(crs, name, box)
    read = lambda r0, c0, nr, nc: a[r0:r0 + nr, c0:c0 + nc]  # noqa: E731
    return library_source(_source(a.shape, read, transform, crs, nodata, 1, resolved, name))

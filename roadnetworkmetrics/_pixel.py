"""The pixel metrics for the library (core/metrics/pixel/; docs/pixel.md):
two numpy arrays on one grid with their transform or pixel size, or two
raster files (GeoTIFF through rasterio, else GDAL's Python bindings; .npy
arrays with pixel_size)."""
from __future__ import annotations

import os
from typing import Any, Callable, Optional, Union

import numpy as np

from .core.metrics.pixel.masks import (GridMismatch, Rasters, from_pixel_size, pixel_sides,
                                       same_transform)
from .core.raster.memory import PIXEL_METRIC_BYTES_PER_PIXEL
from .core.registry import MetricSpec
from .core.runner import run_masks
from .core.text import message_of, msg
from ._errors import InputError, ThresholdNeeded, library_spelling
from ._names import deprecated_keyword
from ._raster import _fits
from ._progress import progress_for
from ._result import Result


class GridMismatchError(InputError):
    """InputError of two rasters that are not on one grid (core's
    GridMismatch, or transforms that differ); private: users catch
    InputError, a batch gives the pair the status ``grid_mismatch``."""


def read_band(path, band: int = 1) -> tuple:
    """(array, transform, crs wkt or None, nodata) of one band of a raster
    file: .npy (no transform), else rasterio or GDAL's bindings."""
    path = os.fspath(path)
    if not os.path.exists(path):
        raise InputError(msg("{}: no such file.", path))
    if path.lower().endswith(".npy"):
        try:
            return np.load(path, allow_pickle=False), None, None, None
        except (OSError, ValueError) as e:
            raise InputError(msg("{} cannot be read as a numpy array ({}).", path, e)) from None
    try:
        import rasterio
    except ImportError:
        return _read_gdal(path, band)
    try:
        with rasterio.open(path) as ds:
            if not 1 <= band <= ds.count:
                raise InputError(msg("{} has {} band(s): band {} does not exist.", path,
                                     ds.count, band))
            _fits((ds.height, ds.width), np.dtype(ds.dtypes[band - 1]).itemsize +
                  PIXEL_METRIC_BYTES_PER_PIXEL, path)
            crs = ds.crs.to_wkt() if ds.crs else None
            t = tuple(ds.transform)[:6]
            if ds.crs is None and ds.transform.is_identity and not ds.gcps[0]:
                t = None           # no georeferencing (rasterio gives the identity)
            return ds.read(band), t, crs, ds.nodata
    except rasterio.errors.RasterioIOError as e:
        raise InputError(msg("{} cannot be read as a raster ({}).", path, e)) from None


def _read_gdal(path, band):
    try:
        from osgeo import gdal
    except ImportError:
        raise InputError(msg("Reading the raster {} needs rasterio (pip install rasterio) or "
                             "GDAL's Python bindings; or give the arrays with their transform.",
                             path)) from None
    gdal.UseExceptions()
    try:
        ds = gdal.Open(path)
    except RuntimeError as e:
        raise InputError(msg("{} cannot be read as a raster ({}).", path, e)) from None
    if not 1 <= band <= ds.RasterCount:
        raise InputError(msg("{} has {} band(s): band {} does not exist.", path,
                             ds.RasterCount, band))
    b = ds.GetRasterBand(band)
    _fits((ds.RasterYSize, ds.RasterXSize), gdal.GetDataTypeSize(b.DataType) // 8 +
          PIXEL_METRIC_BYTES_PER_PIXEL, path)
    gt = ds.GetGeoTransform(can_return_null=True)
    if gt is None:                 # no georeferencing
        return b.ReadAsArray(), None, ds.GetProjection() or None, b.GetNoDataValue()
    c, a, bb, f, d, e = gt
    return b.ReadAsArray(), (a, bb, c, d, e, f), ds.GetProjection() or None, b.GetNoDataValue()


def _load(obj, band, name):
    if isinstance(obj, (str, os.PathLike)):
        return read_band(obj, band)
    try:
        a = np.asarray(obj)
    except ValueError:       # a ragged list (numpy >= 1.24 refuses to make an object array)
        raise InputError(msg("The {} must be a 2-D numeric array; its rows have different "
                             "lengths.", msg(name))) from None
    if a.dtype == object:
        raise InputError(msg("The {} must be a 2-D numeric array or a raster file, got {}.",
                             msg(name), type(obj).__name__))
    return a, None, None, None


def rasters_of(ground_truth: Any, prediction: Any, transform=None,
               pixel_size: Optional[Union[float, tuple]] = None, band: int = 1) -> tuple:
    """(Rasters, crs) from two arrays or raster files: one grid (the files'
    transforms, or ``transform``, or ``pixel_size``), the same CRS."""
    ga, gt_t, gcrs, gnd = _load(ground_truth, band, "ground truth")
    pa, pt_t, pcrs, pnd = _load(prediction, band, "prediction")
    if gt_t is not None and pt_t is not None and not same_transform(gt_t, pt_t):
        raise GridMismatchError(msg("The two rasters are not on one grid (transforms {} and "
                                    "{}): resample one onto the other.", gt_t, pt_t))
    if gcrs and pcrs and gcrs != pcrs and not _same_crs(gcrs, pcrs):
        raise InputError(msg("The two rasters are in different CRSs: reproject one onto the "
                             "other's grid."))
    file_t = gt_t if gt_t is not None else pt_t
    files = [os.fspath(o) for o in (ground_truth, prediction) if isinstance(o, (str, os.PathLike))
             and not os.fspath(o).lower().endswith(".npy")]      # raster files, not arrays
    try:
        if transform is not None and pixel_size is not None:
            raise ValueError(msg("Give the rasters' transform or their pixel size, not both."))
        if pixel_size is not None and file_t is not None:
            _check_pixel_size(pixel_size, file_t, files[0] if files else "the raster")
            pixel_size = None           # the file's transform: the same size, with its position
        if transform is None and pixel_size is None:
            if file_t is None:
                raise ValueError(
                    msg("The raster {} has no georeferencing (no geotransform): its pixels have "
                        "no position or size in metres.", files[0]) +
                    msg(" Give its pixel size (pixel_size=..., --pixel-size M) or its "
                        "transform.") if files else
                    msg("Where are the pixels? Give the rasters' transform (a, b, c, "
                        "d, e, f) or their pixel size in metres (pixel_size=...)."))
            transform = file_t
        nodata = dict(gt_nodata=gnd, pred_nodata=pnd)
        if transform is not None:
            return Rasters(ga, pa, transform, **nodata), gcrs or pcrs
        return from_pixel_size(ga, pa, pixel_size, **nodata), gcrs or pcrs
    except GridMismatch as e:
        raise GridMismatchError(message_of(e)) from None
    except ValueError as e:
        raise InputError(message_of(e)) from None


def _check_pixel_size(pixel_size, file_t, name: str) -> None:
    """A pixel size given for a georeferenced raster must be its own (the
    option is for arrays and rasters without georeferencing): a different
    one is refused, never used instead of the file's: a silent override
    would scale every distance and tolerance by the wrong factor."""
    h, w = (pixel_size, pixel_size) if np.ndim(pixel_size) == 0 else tuple(pixel_size)[:2]
    fh, fw = pixel_sides(file_t)
    try:
        same = all(abs(float(x) - y) <= 1e-9 * max(abs(y), 1e-300) for x, y in ((h, fh),
                                                                                 (w, fw)))
    except (TypeError, ValueError):
        same = False
    if not same:
        raise ValueError(msg("The raster {} is georeferenced with pixels of {:g} x {:g} m: the "
                             "pixel size {} contradicts it. The pixel size is for arrays and "
                             "rasters without georeferencing: leave it out.", name, fh, fw,
                             pixel_size))


def _same_crs(a, b) -> bool:
    try:
        import pyproj
    except ImportError:
        return False
    return pyproj.CRS.from_user_input(a) == pyproj.CRS.from_user_input(b)


def note_old_names(params: Optional[dict], stacklevel: int = 3) -> None:
    """The FutureWarning of ``road_classes=``, the old name of
    ``raster_classes=`` (at the library's public functions)."""
    for k in params or {}:
        if k.upper() == "ROAD_CLASSES":
            deprecated_keyword(k, "raster_classes", stacklevel=stacklevel + 1)


def mask_values(params: Optional[dict], spell=library_spelling) -> dict:
    """A pixel metric's keywords in capitals with the raster ones
    (``raster_threshold=`` for both rasters, ``raster_classes=``) turned
    into its own parameters (core/raster/params.py mask_params); both
    forms for one raster: InputError naming them as ``spell`` does."""
    from .core.raster.params import mask_params
    up = {k.upper(): v for k, v in (params or {}).items()}
    try:
        return mask_params(up, spell)
    except ValueError as e:
        raise InputError(message_of(e)) from None


def band_of(raster_band: Optional[int], band: Optional[int], stacklevel: int = 3) -> int:
    """The band of the rasters from ``raster_band=`` or its deprecated alias
    ``band=`` (a FutureWarning; both: InputError); default 1."""
    if band is None:
        return 1 if raster_band is None else raster_band
    if raster_band is not None:
        raise InputError(msg("raster_band= and band= are one parameter (band= is the old "
                             "name): give raster_band= only."))
    deprecated_keyword("band", "raster_band", stacklevel=stacklevel + 1)
    return band


def compute_masks(spec: MetricSpec, ground_truth: Any, prediction: Any,
                  params: Optional[dict] = None, transform=None, pixel_size=None, band: int = 1,
                  progress: Union[bool, Callable] = False, maps: bool = False) -> Result:
    """Run the pixel metric ``spec`` on two arrays or raster files
    (``maps``: also its diagnostic maps, ``Result.maps``); ``params`` may
    hold ``raster_threshold`` and ``raster_classes`` (:func:`mask_values`)."""
    from ._api import resolve
    resolved = resolve(spec, mask_values(params))
    rasters, crs = rasters_of(ground_truth, prediction, transform, pixel_size, band)
    from ._raster import _box, check_crs
    check_crs(crs, "ground truth", _box(rasters.transform, rasters.gt.shape))
    from .core.raster.mask import NotAMask
    try:
        with progress_for(progress, spec.name) as prog:
            result = run_masks(spec, rasters, resolved, prog, diagnostics=maps)
    except NotAMask as e:
        raise ThresholdNeeded(message_of(e)) from None
    except (ValueError, KeyError) as e:
        raise InputError(message_of(e)) from None
    result.parameters["pixel_size_m"] = list(rasters.spacing_m)
    out = Result(result, crs)
    out.transform = rasters.transform
    return out


def docstring(spec: MetricSpec) -> str:
    from ._api import _notes, _param_doc
    outs = "\n".join(f"    - ``{spec.output_key(o.name)}``: {o.label}" for o in spec.outputs)
    maps = "\n".join(f"    - ``{m.name}``: {m.label}; codes: " +
                     "; ".join(f"{c} {t}" for c, _, t in m.legend) for m in spec.maps)
    params = "\n".join(_param_doc(p) for p in spec.all_params())
    o = spec.headline_output()
    return f"""{spec.name}.

{spec.help}

Parameters
----------
ground_truth, prediction : 2-D numpy arrays or raster paths
    Two rasters on one grid (same shape, transform and CRS): 0/1 masks,
    probability maps (with ``raster_threshold=``) or class maps (with
    ``raster_classes=``).  Paths: GeoTIFF (rasterio, else GDAL's Python
    bindings; its transform, CRS and nodata are used) or .npy.
transform : 6 numbers, optional
    (a, b, c, d, e, f): x = a col + b row + c, y = d col + e row + f, in
    metres (rasterio / affine order).
pixel_size : float or (height, width), optional
    Metres per pixel, instead of a transform.
raster_band : int, default 1
    The band of a raster file (``band=``: its deprecated alias, removed in
    2.0).
raster_threshold : float, optional
    Road pixels are those >= this value, in both rasters (a probability
    map; a 0/1 or 0/v mask thresholded at a value in (0, v] is the same
    mask, so one value serves a mask beside a probability map).
    GT_THRESHOLD / PRED_THRESHOLD below set one raster's threshold instead;
    both forms for one raster are refused.
raster_classes : str, optional
    A class map's road values, separated by commas (e.g. '1,3'): ROAD_CLASSES
    below, under the name every raster input uses (``road_classes=``: its
    deprecated alias, removed in 2.0).
{params}
progress : bool or callable, default False
maps : bool, default False
    Also build the diagnostic maps (uint8 codes on the input grid) in
    ``Result.maps``; ``Result.write_map(name, path)`` writes one as a
    GeoTIFF with its colour table.

Returns
-------
Result
    ``scores``:
{outs}
    ``maps`` (with ``maps=True``):
{maps}
{_notes(spec)}
References
----------
{spec.reference}

Examples
--------
>>> import numpy as np, roadnetworkmetrics as rnm
>>> mask = np.zeros((40, 40), dtype=np.uint8); mask[18:22] = 1
>>> r = rnm.{spec.id}(mask, mask, pixel_size=0.5)
>>> round(r.scores[{spec.output_key(o.name)!r}], 6)
{float(o.perfect)!r}
"""


def mask_function(spec: MetricSpec) -> Callable:
    def metric(ground_truth: Any, prediction: Any, *, transform=None, pixel_size=None,
               raster_band: Optional[int] = None, progress: Union[bool, Callable] = False,
               maps: bool = False, band: Optional[int] = None, **params: Any) -> Result:
        note_old_names(params)
        return compute_masks(spec, ground_truth, prediction, params, transform, pixel_size,
                             band_of(raster_band, band), progress, maps)
    metric.__name__ = metric.__qualname__ = spec.id
    metric.__doc__ = docstring(spec)
    metric.__module__ = "roadnetworkmetrics"
    return metric

"""Centrelines of a road raster for the library (core/raster/centrelines.py;
docs/raster.md): a numpy array with its transform or pixel size, or a
GeoTIFF path read through rasterio."""
from __future__ import annotations

import os
from typing import Any, Optional

from .core.io.source import Source
from .core.raster.centrelines import extract_centrelines
from .core.text import msg
from ._errors import InputError


def _read_raster(path, band: int) -> tuple:
    """(array, transform, crs, nodata) of one band of a raster file."""
    try:
        import rasterio
    except ImportError:
        raise InputError(msg("Reading the raster {} needs rasterio (pip install rasterio); or "
                             "read it yourself and give the array with its transform.",
                             os.fspath(path))) from None
    try:
        with rasterio.open(path) as ds:
            if not 1 <= band <= ds.count:
                raise InputError(msg("{} has {} band(s): band {} does not exist.",
                                     os.fspath(path), ds.count, band))
            crs = ds.crs.to_wkt() if ds.crs else None
            return ds.read(band), tuple(ds.transform)[:6], crs, ds.nodata
    except rasterio.errors.RasterioIOError as e:
        raise InputError(msg("{} cannot be read as a raster ({}).", os.fspath(path), e)) from None


def _check_crs(crs: Any, name: str) -> None:
    """A CRS whose unit is not the metre is refused (the sizes of the
    extraction are in metres); without pyproj the CRS is passed on."""
    if crs is None:
        return
    try:
        import pyproj  # noqa: F401
    except ImportError:
        return
    from ._crs import parse, unit_of
    c = parse(crs, name)
    if c.is_geographic or unit_of(c) != "metre":
        raise InputError(msg("{}: the raster's CRS ({}) is not in metres: reproject the raster "
                             "to a projected CRS in metres (e.g. its UTM zone) first.",
                             name, c.name))


def centrelines(array: Any, transform=None, pixel_size: Optional[float] = None,
                crs: Any = None, *, band: int = 1, name: str = "raster", **params) -> Source:
    """The road centrelines of a mask or probability map, as a
    :class:`Source` every metric function accepts.

    ``array``: a 2-D numpy array (a 0/1 mask; a probability map with
    ``threshold=``; a class map with ``classes=``) or a GeoTIFF path (read
    with rasterio: its ``band``, transform, CRS and nodata).  Where the
    pixels are: ``transform`` (a, b, c, d, e, f: x = a col + b row + c,
    y = d col + e row + f, in metres; an ``affine.Affine``), or only
    ``pixel_size`` (metres; the top-left corner at (0, 0), y up).
    ``params``: ``threshold``, ``classes``, ``nodata``, ``min_area_m2``,
    ``fill_holes_m2``, ``prune_m``, ``simplify_m`` (docs/raster.md).

    >>> import numpy as np, roadnetworkmetrics as rnm
    >>> mask = np.zeros((20, 40), dtype=np.uint8); mask[8:12] = 1
    >>> src = rnm.centrelines(mask, pixel_size=0.5)
    >>> [p.tolist() for p in src.lines.parts]
    [[[18.75, -4.75], [0.75, -5.25]]]
    """
    if isinstance(array, (str, os.PathLike)):
        name = os.path.basename(os.fspath(array))
        array, file_transform, file_crs, nodata = _read_raster(array, band)
        transform = file_transform if transform is None and pixel_size is None else transform
        crs = file_crs if crs is None else crs
        params.setdefault("nodata", nodata)
    if transform is not None and pixel_size is not None:
        raise InputError(msg("Give the raster's transform or its pixel size, not both."))
    if transform is None:
        if pixel_size is None:
            raise InputError(msg("Where are the pixels? Give the raster's transform (a, b, c, "
                                 "d, e, f) or its pixel size in metres (pixel_size=...)."))
        if not (isinstance(pixel_size, (int, float)) and pixel_size > 0):
            raise InputError(msg("The pixel size must be a positive number of metres, got {}.",
                                 pixel_size))
        transform = (float(pixel_size), 0.0, 0.0, 0.0, -float(pixel_size), 0.0)
    _check_crs(crs, name)
    try:
        lines = extract_centrelines(array, transform, **params)
    except ValueError as e:
        raise InputError(e.args[0] if e.args else str(e)) from None
    return Source(lines, crs, False, name)

"""Writing a pixel metric's diagnostic map (a uint8 code raster, legend from
``registry.RasterMap``) as a georeferenced GeoTIFF that opens readable: the
input grid's transform and CRS, the map's nodata, a colour table with the
legend's colours (code 0 and codes without a colour transparent), GDAL
category names and a QGIS style sidecar (<name>.qml, a paletted renderer
with the legend's texts), which QGIS loads with the file.

rasterio when installed, else GDAL's Python bindings (QGIS ships them);
neither -> ValueError with a sentence.  Pure otherwise: no qgis import.
"""
from __future__ import annotations

import os
from typing import Callable, Optional
from xml.sax.saxutils import quoteattr

import numpy as np

from ..text import msg

GTIFF_OPTIONS = {"COMPRESS": "DEFLATE", "TILED": "YES"}


def _identity(text: str) -> str:
    return text


def rgba(colour: str) -> tuple:
    """'#1a9641' -> (26, 150, 65, 255); '' -> transparent white (GeoTIFF
    colour tables keep no alpha: such codes show white where the .qml style
    is not read)."""
    if not colour:
        return (255, 255, 255, 0)
    c = colour.lstrip("#")
    return (int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16), 255)


def colour_table(legend: list) -> dict:
    """{code: (r, g, b, a)} of every uint8 code: the legend's colours, every
    other code transparent."""
    table = {k: (255, 255, 255, 0) for k in range(256)}
    for code, colour, _ in legend:
        table[int(code)] = rgba(colour)
    return table


def qml_text(legend: list, tr: Callable = _identity) -> str:
    """A QGIS style (.qml) of a paletted renderer with the legend's colours
    and texts (translated with ``tr``); transparent codes are left out."""
    entries = "".join(
        f"<paletteEntry value=\"{int(code)}\" color=\"{colour}\" alpha=\"255\" "
        f"label={quoteattr(tr(text))}/>" for code, colour, text in legend if colour)
    return ("<!DOCTYPE qgis PUBLIC 'http://mrcc.com/qgis.dtd' 'SYSTEM'>\n"
            "<qgis version=\"3.22.0\" styleCategories=\"AllStyleCategories\"><pipe>"
            "<rasterrenderer type=\"paletted\" band=\"1\" opacity=\"1\" alphaBand=\"-1\" "
            "nodataColor=\"\"><rasterTransparency/><colorPalette>" + entries +
            "</colorPalette><colorramp/></rasterrenderer>"
            "<brightnesscontrast brightness=\"0\" contrast=\"0\" gamma=\"1\"/>"
            "<huesaturation saturation=\"0\" grayscaleMode=\"0\" colorizeOn=\"0\"/>"
            "<rasterresampler maxOversampling=\"2\"/></pipe>"
            "<blendMode>0</blendMode></qgis>\n")


def qml_path(path: str) -> str:
    return os.path.splitext(os.fspath(path))[0] + ".qml"


def write_map(path: str, array: np.ndarray, transform: tuple, crs_wkt: Optional[str],
              legend: list, nodata: int, tr: Callable = _identity,
              driver: str = "GTiff", prefer: str = "rasterio") -> str:
    """Write ``array`` (2-D uint8) to ``path`` with ``transform`` (a, b, c,
    d, e, f: x = a col + b row + c, y = d col + e row + f), the CRS
    (WKT, None: none), ``nodata``, the legend's colour table and category
    names, and the .qml sidecar.  ``prefer``: 'rasterio' or 'gdal' (the
    first tried; QGIS passes 'gdal').  Returns ``path``."""
    a = np.asarray(array)
    if a.ndim != 2 or a.dtype != np.uint8:
        raise ValueError(msg("A map must be a 2-D uint8 array, got {} {}.", a.dtype, a.shape))
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    writers = [_write_rasterio, _write_gdal]
    if prefer == "gdal" or driver != "GTiff":
        writers.reverse()
    for writer in writers:
        try:
            done = writer(path, a, transform, crs_wkt, legend, nodata, tr, driver)
        except ImportError:
            continue
        except (RuntimeError, OSError) as e:        # GDAL's and rasterio's errors
            raise ValueError(msg("The map {} cannot be written ({}).", path, e)) from None
        if done:
            break
    else:
        raise ValueError(msg("Writing the map {} needs rasterio (pip install rasterio) or GDAL's "
                             "Python bindings.", path))
    with open(qml_path(path), "w", encoding="utf-8") as fh:
        fh.write(qml_text(legend, tr))
    return path


def _names(legend, tr) -> list:
    """GDAL category names: the legend's words (translated) by code, empty
    for the codes without an entry."""
    names = [""] * 256
    for code, _, text in legend:
        names[int(code)] = tr(text)
    return names[:max(int(c) for c, _, _ in legend) + 1] if legend else []


def _write_rasterio(path, a, transform, crs_wkt, legend, nodata, tr, driver) -> bool:
    if driver != "GTiff":
        return False
    import rasterio
    from rasterio.transform import Affine
    profile = dict(driver="GTiff", height=a.shape[0], width=a.shape[1], count=1, dtype="uint8",
                   transform=Affine(*transform[:6]), nodata=nodata,
                   compress="deflate", tiled=True)
    if crs_wkt:
        profile["crs"] = rasterio.crs.CRS.from_wkt(crs_wkt)
    with rasterio.open(path, "w", **profile) as ds:
        ds.write(a, 1)
        ds.write_colormap(1, colour_table(legend))
    return True


def _write_gdal(path, a, transform, crs_wkt, legend, nodata, tr, driver) -> bool:
    from osgeo import gdal
    gdal.UseExceptions()
    a_, b_, c_, d_, e_, f_ = transform[:6]
    mem = gdal.GetDriverByName("MEM").Create("", a.shape[1], a.shape[0], 1, gdal.GDT_Byte)
    mem.SetGeoTransform((c_, a_, b_, f_, d_, e_))
    if crs_wkt:
        mem.SetProjection(crs_wkt)
    band = mem.GetRasterBand(1)
    band.WriteArray(a)
    band.SetNoDataValue(nodata)
    table = gdal.ColorTable()
    for code, colour in colour_table(legend).items():
        table.SetColorEntry(code, colour)
    band.SetRasterColorTable(table)
    band.SetRasterColorInterpretation(gdal.GCI_PaletteIndex)
    band.SetRasterCategoryNames(_names(legend, tr))
    out = gdal.GetDriverByName(driver)
    if out is None:
        raise ValueError(msg("GDAL has no driver {} to write {}.", driver, path))
    options = [f"{k}={v}" for k, v in GTIFF_OPTIONS.items()] if driver == "GTiff" else []
    ds = out.CreateCopy(path, mem, options=options)
    ds.FlushCache()
    ds = None
    return True

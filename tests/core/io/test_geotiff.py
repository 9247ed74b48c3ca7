"""Writing a diagnostic map (core/io/geotiff.py): rasterio and GDAL's
bindings write the same pixels, transform, nodata and colour table; the .qml
is a paletted style with the legend's texts; bad arrays and unwritable paths
are one sentence."""
import os
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from core.io.geotiff import colour_table, qml_text, write_map

LEGEND = [(0, "", "nothing"), (1, "#1a9641", "found"), (2, "#d7191c", "missed <&>")]
T = (2.0, 0.0, 100.0, 0.0, -2.0, 500.0)


def _read(path):
    try:
        import rasterio
        with rasterio.open(path) as ds:
            return ds.read(1), tuple(ds.transform)[:6], ds.nodata, ds.colormap(1)[2]
    except ImportError:
        gdal = pytest.importorskip("osgeo.gdal")
        ds = gdal.Open(path)
        c, a, b, f, d, e = ds.GetGeoTransform()
        band = ds.GetRasterBand(1)
        return (band.ReadAsArray(), (a, b, c, d, e, f), band.GetNoDataValue(),
                band.GetRasterColorTable().GetColorEntry(2))


@pytest.mark.parametrize("prefer", ["rasterio", "gdal"])
def test_round_trip(tmp_path, prefer):
    codes = np.array([[0, 1, 2], [2, 255, 1]], np.uint8)
    try:
        path = write_map(str(tmp_path / "m.tif"), codes, T, None, LEGEND, 255, prefer=prefer)
    except ValueError:
        pytest.skip("neither rasterio nor GDAL's bindings")
    a, t, nodata, red = _read(path)
    np.testing.assert_array_equal(a, codes)
    assert t == pytest.approx(T) and nodata == 255
    assert tuple(red)[:3] == (215, 25, 28)
    qml = ET.parse(str(tmp_path / "m.qml")).getroot()
    entries = qml.findall(".//paletteEntry")
    assert [(e.get("value"), e.get("color"), e.get("label")) for e in entries] == [
        ("1", "#1a9641", "found"), ("2", "#d7191c", "missed <&>")]


def test_colour_table_and_qml_translation():
    t = colour_table(LEGEND)
    assert len(t) == 256 and t[0][3] == 0 and t[1] == (26, 150, 65, 255) and t[7][3] == 0
    assert "TROUVE" in qml_text(LEGEND, tr=lambda s: "TROUVE" if s == "found" else s)


def test_bad_input_is_one_sentence(tmp_path):
    with pytest.raises(ValueError, match="2-D uint8"):
        write_map(str(tmp_path / "a.tif"), np.zeros((2, 2)), T, None, LEGEND, 255)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises((ValueError, OSError)):
        write_map(str(blocker / "sub" / "a.tif"), np.zeros((2, 2), np.uint8), T, None,
                  LEGEND, 255)
    assert not os.path.exists(str(tmp_path / "a.tif"))

"""A raster input (core/raster/rasterinput.py): the CRS rule for rasters
(metres on the ground or refused with the zone to warp to), extraction
through windows equal to extracting the whole band, the record."""
import numpy as np

from core.raster.centrelines import extract_centrelines
from core.raster.params import resolve
from core.raster.rasterinput import crs_problem, empty_warning, extract


def cross(value=1.0):
    m = np.zeros((60, 80), dtype=np.float32)
    m[28:33, 5:75] = value
    m[5:55, 38:43] = value
    return m


def test_crs_rule():
    assert crs_problem("p.tif", "EPSG:3067", False, "metre", 1.0004, (25.0, 60.2)) is None
    assert crs_problem("p.tif", "custom", False, None, None, None) is None  # unknown unit: as vectors
    g = crs_problem("p.tif", "EPSG:4326", True, "degree", None, (25.0, 60.2))
    assert "degrees" in g and "EPSG:32635" in g and "Warp" in g
    f = crs_problem("p.tif", "EPSG:2263", False, "US survey foot", None, (-74.0, 40.7))
    assert "US survey foot" in f and "EPSG:32618" in f
    w = crs_problem("p.tif", "EPSG:3857", False, "metre", 2.0, (25.0, 60.2))
    assert "0.5 m on the ground" in w and "EPSG:32635" in w
    n = crs_problem("p.tif", "EPSG:4326", True, "degree", None, None)
    assert "Warp it to a projected CRS" in n


def test_windows_extract_the_same_lines_as_the_whole_band():
    a = cross(0.9) + 0.05
    t = (0.5, 0.0, 385000.0, 0.0, -0.5, 6672000.0)
    r = resolve({"RASTER_THRESHOLD": 0.5})
    lines, rec = extract(a.shape, lambda r0, c0, nr, nc: a[r0:r0 + nr, c0:c0 + nc], t, None, r,
                         "p.tif")
    whole = extract_centrelines(a, t, threshold=0.5)
    assert [p.tolist() for p in lines.parts] == [p.tolist() for p in whole.parts]
    assert len(lines.parts) == 4 and rec["lines"] == 4 and rec["road_pixels"] == 70 * 5 + 50 * 5 - 25
    assert rec["threshold"] == 0.5 and rec["pixel_size_m"] == 0.5 and empty_warning("p", rec) is None


def test_empty_rasters_warned():
    r = resolve()
    z = np.zeros((10, 10), dtype=np.uint8)
    lines, rec = extract(z.shape, lambda r0, c0, nr, nc: z[r0:r0 + nr], (1, 0, 0, 0, -1, 0), None,
                         r, "z.tif")
    assert not lines.parts and "no road pixel" in empty_warning("z.tif", rec)
    z[5, 5] = 1
    lines, rec = extract(z.shape, lambda r0, c0, nr, nc: z[r0:r0 + nr], (1, 0, 0, 0, -1, 0), None,
                         r, "z.tif")
    assert not lines.parts and "1 road pixel(s)" in empty_warning("z.tif", rec)

"""The library's centreline extraction (roadnetworkmetrics/_raster.py over
core/raster): arrays with a transform or a pixel size, CRS checks, clear
errors, GeoTIFF paths through rasterio when it is installed, and the
result scored like any other input."""
import numpy as np
import pytest

import roadnetworkmetrics as rnm
from roadnetworkmetrics import InputError


def bar():
    m = np.zeros((20, 40), dtype=np.uint8)
    m[8:12] = 1
    return m


def test_exported_lazily():
    assert "centrelines" in rnm.__all__
    assert rnm.centrelines.__module__ == "roadnetworkmetrics._raster"


def test_pixel_size_and_transform_agree():
    a = rnm.centrelines(bar(), pixel_size=0.5)
    b = rnm.centrelines(bar(), (0.5, 0, 0, 0, -0.5, 0))
    assert [p.tolist() for p in a.lines.parts] == [[[18.75, -4.75], [0.75, -5.25]]]
    assert [p.tolist() for p in b.lines.parts] == [p.tolist() for p in a.lines.parts]
    assert a.crs is None and not a.pixel


def test_probability_map_with_threshold_and_params():
    prob = bar() * 0.8 + 0.1
    src = rnm.centrelines(prob, pixel_size=1.0, threshold=0.5, simplify_m=0)
    assert len(src.lines.parts) == 1 and len(src.lines.parts[0]) > 2
    with pytest.raises(InputError, match="threshold"):
        rnm.centrelines(prob, pixel_size=1.0)


def test_bad_inputs_are_input_errors():
    with pytest.raises(InputError, match="Where are the pixels"):
        rnm.centrelines(bar())
    with pytest.raises(InputError, match="not both"):
        rnm.centrelines(bar(), (1, 0, 0, 0, -1, 0), pixel_size=1)
    with pytest.raises(InputError, match="positive"):
        rnm.centrelines(bar(), pixel_size=-1)
    with pytest.raises(InputError, match="empty"):
        rnm.centrelines(np.zeros((0, 0)), pixel_size=1)
    with pytest.raises(InputError, match="singular"):
        rnm.centrelines(bar(), (1, 2, 0, 2, 4, 0))


def test_crs_in_degrees_refused():
    pytest.importorskip("pyproj")
    with pytest.raises(InputError, match="not in metres"):
        rnm.centrelines(bar(), (1e-5, 0, 24.9, 0, -1e-5, 60.2), crs="EPSG:4326")
    src = rnm.centrelines(bar(), (1, 0, 385000, 0, -1, 6672000), crs="EPSG:3067")
    assert src.crs == "EPSG:3067"


def test_scored_as_an_input():
    mask = np.zeros((60, 200), dtype=np.uint8)
    mask[28:33, 5:195] = 1
    mask[5:55, 98:103] = 1
    t = (1.0, 0, 0, 0, -1.0, 60)
    src = rnm.centrelines(mask, t)
    c = (100.5, 29.5)  # the crossing, a node of the ground truth
    gt = [[(5, 29.5), c], [c, (195, 29.5)], [(100.5, 5), c], [c, (100.5, 55)]]
    r = rnm.apls(gt, src)
    assert r.scores["APLS"] > 0.9


def test_geotiff_path(tmp_path):
    rasterio = pytest.importorskip("rasterio")
    from rasterio.transform import from_origin
    path = tmp_path / "mask.tif"
    with rasterio.open(path, "w", driver="GTiff", height=20, width=40, count=1, dtype="uint8",
                       crs="EPSG:3067", transform=from_origin(385000, 6672000, 0.5, 0.5),
                       nodata=255) as ds:
        ds.write(bar(), 1)
    src = rnm.centrelines(str(path))
    assert [p.tolist() for p in src.lines.parts] == [[[385018.75, 6671995.25],
                                                      [385000.75, 6671994.75]]]
    assert "3067" in str(src.crs) or "TM35FIN" in str(src.crs)
    with pytest.raises(InputError, match="band"):
        rnm.centrelines(str(path), band=2)

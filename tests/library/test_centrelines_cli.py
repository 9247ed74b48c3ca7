"""roadmetrics centrelines and Source.to_file / to_geodataframe: the lines a
user gets from a probability map, written, and the same as the library's."""
import json

import pytest

import roadnetworkmetrics as rnm
from helpers_lib import cli

PROB = rnm.datasets.path("probability")


def test_cli_writes_the_librarys_centrelines(tmp_path):
    out = tmp_path / "lines.geojson"
    c = cli("centrelines", PROB, out, "--raster-threshold", "0.5", "--json")
    assert c.returncode == 0, c.stderr
    doc = json.loads(c.stdout)
    lib = rnm.centrelines(PROB, threshold=0.5)
    assert doc["lines"] == len(lib.lines.parts) and doc["raster"]["threshold"] == 0.5
    back = rnm.read(out)
    assert [p.tolist() for p in back.lines.parts] == [p.tolist() for p in lib.lines.parts]
    assert back.crs is not None


def test_cli_refuses_bad_input_with_exit_2(tmp_path):
    no_threshold = cli("centrelines", PROB, tmp_path / "a.geojson")
    assert no_threshold.returncode == 2 and "threshold" in no_threshold.stderr
    over = cli("centrelines", PROB, PROB, "--raster-threshold", "0.5")
    assert over.returncode == 2 and "never overwritten" in over.stderr
    assert "Traceback" not in no_threshold.stderr + over.stderr
    assert cli("help", "centrelines").returncode == 0


def test_source_writers(tmp_path):
    src = rnm.read(rnm.datasets.path("prediction"))
    path = src.to_file(tmp_path / "pred.geojson")
    back = rnm.read(path)
    assert len(back.lines.parts) == len(src.lines.parts)
    with pytest.raises(rnm.InputError, match="never overwritten"):
        src.to_file(rnm.datasets.path("prediction"))
    pixels = rnm.read([[(0, 0), (10, 0)]])
    pixels.pixel = True
    with pytest.raises(rnm.InputError, match="pixel"):
        pixels.to_file(tmp_path / "px.geojson")
    gpd = pytest.importorskip("geopandas")
    df = src.to_geodataframe()
    assert isinstance(df, gpd.GeoDataFrame) and len(df) == len(src.lines.parts)


def test_library_outputs_never_touch_an_inputs_sidecars(tmp_path):
    """The plugin's rule in the library: a shapefile's sidecar or style of
    an input is refused as an output, as the input itself is."""
    src = rnm.read(rnm.datasets.path("prediction"))
    shp = src.to_file(tmp_path / "pred.shp") if _has_pyogrio() else None
    if shp is None:
        pytest.skip("pyogrio is needed to write a shapefile")
    shp_src = rnm.read(shp)
    for name in ("pred.dbf", "pred.qml", "pred.shx"):
        with pytest.raises(rnm.InputError, match="never overwritten"):
            shp_src.to_file(tmp_path / name)


def _has_pyogrio():
    try:
        import pyogrio  # noqa: F401
        return True
    except ImportError:
        return False

"""RFC 7946 GeoJSON layer outputs (roadnetworkmetrics/_writers.py,
Result.write, the CLI's --geojson-rfc7946): WGS 84 longitude / latitude
reprojected with pyproj, no ``crs`` member, read back by the library; the
default stays the working CRS with its ``crs`` member; a layer without a CRS,
a non-GeoJSON file or a missing pyproj refused with one sentence."""
import json
import sys

import numpy as np
import pytest

import roadnetworkmetrics as rnm
from roadnetworkmetrics import InputError

from helpers_lib import GT, PRED, cli

pyproj = pytest.importorskip("pyproj")


@pytest.fixture(scope="module")
def sample_ccq():
    return rnm.ccq(GT, PRED)


def lonlat_of(records, crs):
    """The records' coordinates reprojected by pyproj, one array per feature."""
    t = pyproj.Transformer.from_crs(crs, "EPSG:4326", always_xy=True)
    out = []
    for r in records:
        xy = np.asarray(r["geometry"].coords, float)
        out.append(np.column_stack(t.transform(xy[:, 0], xy[:, 1])))
    return out


def test_rfc7946_is_lonlat_without_crs_member(sample_ccq, tmp_path):
    r = sample_ccq
    assert r.crs == "EPSG:3067"
    path = r.write("UNMATCHED_GT", str(tmp_path / "missed.geojson"), rfc7946=True)
    with open(path) as f:
        doc = json.load(f)
    assert "crs" not in doc and doc["type"] == "FeatureCollection"
    expected = lonlat_of(r.layers["UNMATCHED_GT"], r.crs)
    assert len(doc["features"]) == len(expected) > 0
    for feat, want in zip(doc["features"], expected):
        got = np.asarray(feat["geometry"]["coordinates"], float)
        # the same pyproj transformation: equal to far below a millimetre
        np.testing.assert_allclose(got, want, rtol=0, atol=1e-9)
        assert feat["geometry"]["type"] == "LineString"
    xy = np.concatenate([np.asarray(f["geometry"]["coordinates"]) for f in doc["features"]])
    assert (24.8 < xy[:, 0]).all() and (xy[:, 0] < 25.1).all()       # Helsinki: lon, then lat
    assert (60.1 < xy[:, 1]).all() and (xy[:, 1] < 60.3).all()
    props = {k for k in doc["features"][0]["properties"]}
    assert props == {k for k in r.layers["UNMATCHED_GT"][0] if k != "geometry"}


def test_rfc7946_reads_back_as_the_same_lines(sample_ccq, tmp_path):
    r = sample_ccq
    a = r.write("MATCHED", str(tmp_path / "matched_lonlat.geojson"), rfc7946=True)
    b = r.write("MATCHED", str(tmp_path / "matched_3067.geojson"))
    src = rnm.read(a)
    assert len(src.lines) == len(r.layers["MATCHED"])
    assert "4326" in str(src.crs) or "WGS" in str(src.crs)
    # both files are one network in two CRSs: after the library's
    # reprojection to one working CRS they match within millimetres
    same = rnm.ccq(b, a, BUFFER=0.05)
    assert same.scores["CCQ_F1"] == pytest.approx(1.0, abs=1e-6)
    assert same.scores["CCQ_RMS_OFFSET"] < 0.005


def test_default_keeps_the_working_crs(sample_ccq, tmp_path):
    path = sample_ccq.write("UNMATCHED_PRED", str(tmp_path / "spurious.geojson"))
    with open(path) as f:
        doc = json.load(f)
    assert doc["crs"]["properties"]["name"] == "EPSG:3067"
    first = sample_ccq.layers["UNMATCHED_PRED"][0]["geometry"]
    assert doc["features"][0]["geometry"]["coordinates"][0] == list(first.coords[0])


def test_refusals(sample_ccq, tmp_path, monkeypatch):
    no_crs = rnm.ccq([[(0, 0), (100, 0)]], [[(0, 30), (100, 30)]])
    assert no_crs.crs is None
    with pytest.raises(InputError, match="has no CRS"):
        no_crs.write("UNMATCHED_GT", str(tmp_path / "x.geojson"), rfc7946=True)
    no_crs.write("UNMATCHED_GT", str(tmp_path / "x.geojson"))      # the default still writes
    with pytest.raises(InputError, match="give a .geojson file name"):
        sample_ccq.write("MATCHED", str(tmp_path / "x.gpkg"), rfc7946=True)
    with pytest.raises(InputError, match="no layer 'NOPE'"):
        sample_ccq.write("NOPE", str(tmp_path / "y.geojson"))
    monkeypatch.setitem(sys.modules, "pyproj", None)
    with pytest.raises(InputError, match=r"needs pyproj \(pip install pyproj\)"):
        sample_ccq.write("MATCHED", str(tmp_path / "z.geojson"), rfc7946=True)
    assert not (tmp_path / "z.geojson").exists()


def test_cli_flag(tmp_path):
    out = tmp_path / "missed.geojson"
    p = cli("ccq", GT, PRED, "--unmatched-gt", out, "--geojson-rfc7946", "--quiet")
    assert p.returncode == 0, p.stderr
    doc = json.loads(out.read_text())
    assert "crs" not in doc
    lon, lat = doc["features"][0]["geometry"]["coordinates"][0]
    assert 24.8 < lon < 25.1 and 60.1 < lat < 60.3
    p = cli("ccq", GT, PRED, "--unmatched-gt", tmp_path / "m.gpkg", "--geojson-rfc7946")
    assert p.returncode == 2 and "applies to .geojson outputs" in p.stderr
    assert "Traceback" not in p.stderr
    p = cli("perturb", GT, "--error-type", "interruptions", "--count", "2", "--output",
            tmp_path / "pert.geojson", "--geojson-rfc7946", "--quiet")
    assert p.returncode == 0, p.stderr
    doc = json.loads((tmp_path / "pert.geojson").read_text())
    assert "crs" not in doc
    assert 24.8 < doc["features"][0]["geometry"]["coordinates"][0][0] < 25.1


def test_perturbed_layers_can_be_written_as_rfc7946(tmp_path):
    import json
    import roadnetworkmetrics as rnm
    p = rnm.perturb(rnm.datasets.path("ground_truth"), "interruptions", 3, seed=1)
    path = p.write("prediction", tmp_path / "pred.geojson", rfc7946=True)
    doc = json.load(open(path))
    lon, lat = doc["features"][0]["geometry"]["coordinates"][0]
    assert "crs" not in doc and 24.8 < lon < 25.1 and 60.1 < lat < 60.3

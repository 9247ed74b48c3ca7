"""The pixel metrics in the library and on the command line
(roadnetworkmetrics/_pixel.py, cli.py): the core's numbers from arrays and
.npy files, docstring examples that run, one sentence for bad input."""
import doctest
import json

import numpy as np
import pytest

import roadnetworkmetrics as rnm
from roadnetworkmetrics import InputError
from core.metrics.pixel.masks import from_pixel_size
from core import registry
from core.runner import run_masks

from helpers_lib import cli, masks


@pytest.mark.parametrize("metric", ["pixel_iou", "pixel_distances", "pixel_cldice",
                                    "pixel_boundaryf"])
def test_same_numbers_as_the_core(metric):
    g, p = masks()
    r = getattr(rnm, metric)(g, p, pixel_size=0.5, tolerance=1.0) if metric in (
        "pixel_distances", "pixel_boundaryf") else getattr(rnm, metric)(g, p, pixel_size=0.5)
    params = {"TOLERANCE": 1.0} if metric in ("pixel_distances", "pixel_boundaryf") else {}
    core = run_masks(metric, from_pixel_size(g, p, 0.5), params).scores
    spec = registry.get(metric)
    # the library names the scores as evaluate does (PIXEL_IOU_IOU), the core as its outputs
    assert r.scores == {spec.output_key(k): v for k, v in core.items()}
    with pytest.warns(FutureWarning):      # the short names still answer until 2.0
        assert all(r.scores[k] == v for k, v in core.items() if spec.output_key(k) != k)
    assert r.parameters["pixel_size_m"] == [0.5, 0.5]
    assert rnm.compute(metric, g, p, params, pixel_size=0.5).scores == r.scores


def test_transform_threshold_and_docstrings():
    g, p = masks()
    prob = np.where(p == 1, 0.9, 0.1)
    a = rnm.pixel_distances(g, prob, transform=(0.5, 0, 100, 0, -0.5, 200), pred_threshold=0.5)
    b = rnm.pixel_distances(g, p, pixel_size=0.5)
    assert a.scores == b.scores
    for m in rnm.pixel_metrics():
        fn = getattr(rnm, m)
        assert "PRED_THRESHOLD : " in fn.__doc__ and m in rnm.__all__
        finder = doctest.DocTestFinder()
        runner = doctest.DocTestRunner()
        for t in finder.find(fn, m, globs={}):
            assert runner.run(t).failed == 0, m


@pytest.mark.parametrize("kwargs,words", [
    (dict(), "Where are the pixels"),
    (dict(pixel_size=-1), "pixel size"),
    (dict(pixel_size=1, transform=(1, 0, 0, 0, -1, 0)), "not both"),
    (dict(pixel_size=1, tolerance=-3), "TOLERANCE"),
    (dict(pixel_size=1, strategy="nearest"), "STRATEGY"),
])
def test_bad_input_is_one_sentence(kwargs, words):
    g, p = masks()
    with pytest.raises(InputError, match=words):
        rnm.pixel_boundaryf(g, p, **kwargs)


def test_grids_and_masks_are_checked():
    g, p = masks()
    with pytest.raises(InputError, match="one grid"):
        rnm.pixel_iou(g, p[:10], pixel_size=1.0)
    three = p * 7
    three[0, 0] = 3                 # 0, 3 and 7: not a mask
    with pytest.raises(InputError, match="not a 0/1 mask"):
        rnm.pixel_iou(g, three, pixel_size=1.0)
    # 0 and 7 only: a 0/7 mask, read as road = 7 with a warning (issue 37)
    r = rnm.pixel_iou(g, p * 7, pixel_size=1.0)
    assert r.scores == rnm.pixel_iou(g, p, pixel_size=1.0).scores
    assert any("0 and 7" in w for w in r.warnings)


def test_command_line_on_npy_files(tmp_path):
    g, p = masks()
    np.save(tmp_path / "g.npy", g)
    np.save(tmp_path / "p.npy", p)
    c = cli("pixel_distances", tmp_path / "g.npy", tmp_path / "p.npy", "--pixel-size", "0.5",
            "--TOLERANCE", "1", "--json")
    assert c.returncode == 0, c.stderr
    assert json.loads(c.stdout)["scores"] == rnm.pixel_distances(
        g, p, pixel_size=0.5, tolerance=1.0).to_dict()["scores"]
    bad = cli("pixel_iou", tmp_path / "g.npy", tmp_path / "p.npy")
    assert bad.returncode == 2 and "Where are the pixels" in bad.stderr
    listed = cli("list")
    assert "pixel_distances" in listed.stdout and "two rasters" in listed.stdout
    assert cli("help", "pixel_cldice").returncode == 0


@pytest.mark.parametrize("gt,pixel_size,text", [
    (np.zeros((4, 4)), (1, 2, 3), r"or a pair \(height, width\)"),
    (np.zeros((4, 4), complex), 1.0, "complex-valued"),
    ([[0, 1], [1]], 1.0, "rows have different lengths"),
    (np.zeros((4, 4), "datetime64[s]"), 1.0, "numeric array"),
])
def test_odd_arrays_get_a_sentence(gt, pixel_size, text):
    """Issue 32, item 10: a ragged list, three pixel sizes, a complex mask
    are refused with a sentence (were a raw ValueError, 'too many values to
    unpack', and the real part scored)."""
    with pytest.raises(rnm.InputError, match=text):
        rnm.pixel_iou(gt, np.zeros((4, 4)), pixel_size=pixel_size)


def test_a_pixel_size_that_contradicts_a_geotiff_is_refused(tmp_path):
    """Issue 32, item 2: --pixel-size 3 on 0.5 m GeoTIFFs gave HAUSDORFF 18
    instead of 3; now refused, in the library and the command line; the
    file's own size is accepted (and changes nothing)."""
    from test_raster import write_geotiff
    g = np.zeros((40, 40), np.uint8)
    g[10:14] = 1
    p = np.roll(g, 6, axis=0)
    t = (0.5, 0.0, 385000.0, 0.0, -0.5, 6672000.0)
    gt = write_geotiff(tmp_path / "g.tif", g, transform=t)
    pred = write_geotiff(tmp_path / "p.tif", p, transform=t)
    ref = rnm.pixel_distances(gt, pred).scores
    assert ref["PIXEL_DISTANCES_HAUSDORFF"] == 3.0
    assert rnm.pixel_distances(gt, pred, pixel_size=0.5).scores == ref
    with pytest.raises(InputError, match="pixels of 0.5 x 0.5 m: the pixel size 3 contradicts"):
        rnm.pixel_distances(gt, pred, pixel_size=3)
    r = cli("pixel_distances", gt, pred, "--pixel-size", "3")
    assert r.returncode == 2 and "contradicts" in r.stderr and "Traceback" not in r.stderr

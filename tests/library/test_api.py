"""roadnetworkmetrics' public API: one function per registry metric with the
plugin's parameters, the same numbers as the core, one exception type."""
import doctest
import math

import numpy as np
import pytest

import roadnetworkmetrics as rnm
from roadnetworkmetrics import InputError
from core import registry
from core.network.lineset import LineSet
from core.runner import run as core_run

from helpers_lib import GT, PRED, parts_of, same_scores

ROAD = [[(0, 0), (200, 0), (400, 0)], [(200, 0), (200, 300)]]


def test_one_function_per_registry_metric():
    ids = [s.id for s in registry.all_specs()]
    assert rnm.metrics() == ids
    assert sorted(rnm._METRICS) == sorted(ids)
    pixel = [s.id for s in registry.all_specs("masks")]
    assert rnm.pixel_metrics() == pixel and sorted(rnm._PIXEL_METRICS) == sorted(pixel)
    assert sorted(m.rsplit(".", 1)[1] for m in registry.METRIC_MODULES) == sorted(ids + pixel)
    for m in ids:
        fn = getattr(rnm, m)
        assert fn.__name__ == m and m in rnm.__all__
        for p in registry.get(m).all_params():
            assert f"{p.name} : " in fn.__doc__
    with pytest.raises(AttributeError):
        _ = rnm.not_a_metric


def test_import_does_not_load_scipy():
    import subprocess
    import sys
    code = ("import sys, roadnetworkmetrics; "
            "print('scipy' in sys.modules, 'numpy' in sys.modules)")
    import os
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(rnm.__file__)))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd="/", env=env)
    assert out.stdout.split() == ["False", "False"]


@pytest.mark.parametrize("metric", [s.id for s in registry.all_specs()])
def test_same_numbers_as_the_core(metric):
    spec = registry.get(metric)
    gt = LineSet([np.asarray(p, float) for p in ROAD])
    pred = LineSet([np.array([(0, 3.0), (400, 3.0)]), np.array([(200, 3.0), (201, 250)])])
    core = core_run(spec, gt, pred, dict(spec.test_params))
    lib = getattr(rnm, metric)(ROAD, [[(0, 3.0), (400, 3.0)], [(200, 3.0), (201, 250)]],
                               **spec.test_params)
    # the library names the scores as evaluate does (TOPO_F1), the core as its outputs (F1)
    assert same_scores(lib.scores, {spec.output_key(k): v for k, v in core.scores.items()})
    assert lib.to_dict()["scores"] == {spec.output_key(k): v
                                       for k, v in core.to_dict()["scores"].items()}


def test_sample_apls_and_layers():
    r = rnm.apls(GT, PRED)
    assert r.scores["APLS"] == pytest.approx(0.6784984, abs=1e-7)
    assert r.parameters["working_crs"] == "EPSG:3067" or r.parameters["working_crs"] is None
    assert set(r.layers) == {"MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED"}
    rec = r.layers["MATCHED"][0]
    assert rec["geometry"].geom_type == "Point" and "snap_distance" in rec
    assert r.to_dict()["metric"] == "apls"
    assert "APLS=" in repr(r)


def test_parameter_names_upper_or_lower_case():
    a = rnm.apls(ROAD, ROAD, CONTROL_SPACING=25.0)
    b = rnm.apls(ROAD, ROAD, control_spacing=25.0)
    assert a.parameters["CONTROL_SPACING"] == b.parameters["CONTROL_SPACING"] == 25.0


@pytest.mark.parametrize("kwargs, words", [
    ({"CONTROL_SPACING": -3}, "CONTROL_SPACING"),
    ({"control_spacing": math.nan}, "CONTROL_SPACING"),
    ({"VARIANT": "nope"}, "VARIANT"),
    ({"NOT_A_PARAM": 1}, "unknown parameter"),
    ({"SPEED_FIELD": "speed"}, "SPEED_FIELD"),
])
def test_bad_parameters_raise_input_error(kwargs, words):
    with pytest.raises(InputError, match=words):
        rnm.apls(ROAD, ROAD, **kwargs)


def test_bad_inputs_raise_input_error(tmp_path):
    with pytest.raises(InputError, match="no usable line"):
        rnm.apls([], ROAD)
    with pytest.raises(InputError, match="no such file"):
        rnm.apls(str(tmp_path / "missing.gpkg"), ROAD)
    with pytest.raises(InputError, match="unknown metric"):
        rnm.compute("nope", ROAD, ROAD)
    with pytest.raises(ValueError):  # InputError is a ValueError
        rnm.ccq(ROAD, [[(0, 0)], "not WKT"])


def test_empty_prediction_scores_zero_with_warning():
    r = rnm.apls(ROAD, [])
    assert r.scores["APLS"] == 0.0 and any("empty" in w for w in r.warnings)


def test_progress_callback_and_silence(capsys):
    seen = []
    rnm.apls(ROAD, ROAD, progress=lambda f, m: seen.append(f))
    assert seen and max(seen) <= 1.0
    rnm.apls(ROAD, ROAD)
    out = capsys.readouterr()
    assert out.out == "" and out.err == ""  # nothing printed unless asked


def test_evaluate_matches_single_metrics():
    ev = rnm.evaluate(GT, PRED, metrics=["apls", "ccq"])
    assert ev.numbers["APLS"] == rnm.apls(GT, PRED).scores["APLS"]
    assert ev.numbers["CCQ_QUALITY"] == rnm.ccq(GT, PRED).scores["CCQ_QUALITY"]
    doc = ev.to_dict()
    assert doc["metrics"] == ["apls", "ccq"] and doc["results"]["apls"]["metric"] == "apls"
    assert "<html" in ev.report().lower()


def test_evaluate_tiles_and_per_metric_parameters():
    ev = rnm.evaluate(GT, PRED, metrics=["ccq"], tile_size=400,
                      params={"ccq": {"buffer": 5.0}})
    assert ev.to_dict()["tiles"]["count"] > 1
    assert 0 < ev.numbers["CCQ_QUALITY"] <= 1
    xy = np.concatenate(parts_of(GT))
    (x0, y0), (x1, y1) = xy.min(axis=0), xy.max(axis=0)
    xm = (x0 + x1) / 2
    boxes = [(x0, y0, xm, y1), (xm, y0, x1, y1)]
    by_box = rnm.evaluate(GT, PRED, metrics=["ccq"], tiles=boxes)
    by_pair = rnm.evaluate(GT, PRED, metrics=["ccq"], tiles=[("west", boxes[0]), ("east", boxes[1])])
    assert by_box.numbers == by_pair.numbers and by_box.to_dict()["tiles"]["count"] == 2
    with pytest.raises(InputError, match="TILE_SIZE"):
        rnm.evaluate(GT, PRED, metrics=["ccq"], tile_size=math.nan)


def test_docstring_examples_run():
    import roadnetworkmetrics._evaluate as ev_mod
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    objs = [rnm, rnm.read, ev_mod.evaluate] + [getattr(rnm, m) for m in rnm.metrics()]
    n = 0
    for obj in objs:
        for t in finder.find(obj, getattr(obj, "__name__", "rnm"), globs={}):
            n += len(t.examples)
            runner.run(t)
    assert n > 40
    assert runner.failures == 0


def test_sample_lines_equal_core_reader():
    src = rnm.read(GT)
    assert [p.tolist() for p in src.lines.parts] == [p.tolist() for p in parts_of(GT)]
    assert src.crs == "EPSG:3067"


def test_control_points_do_not_depend_on_vertices():
    """docs/library.md, comparing with CosmiQ: a 200 m road against a copy
    with a 20 m gap (100 to 120 m) is 4/7 whether the road is one segment or
    has a redundant vertex at 60 m (CosmiQ's defaults give 0 and 0.5)."""
    pred = [[(0, 0), (100, 0)], [(120, 0), (200, 0)]]
    for gt in ([[(0, 0), (200, 0)]], [[(0, 0), (60, 0), (200, 0)]]):
        assert rnm.apls(gt, pred).scores["APLS"] == pytest.approx(4 / 7, abs=1e-12)


@pytest.mark.parametrize("metric", rnm.metrics() + rnm.pixel_metrics())
def test_help_shows_the_definition_and_its_references(metric):
    """help(rnm.METRIC): the formula from the metric's module docstring
    (numpydoc Notes) and the literature (References), as networkx shows."""
    doc = getattr(rnm, metric).__doc__
    notes = doc.split("\nNotes\n-----\n", 1)[1].split("\nReferences\n", 1)[0]
    assert len(notes.strip()) > 80
    assert doc.index("Notes") < doc.index("References") < doc.index("Examples")

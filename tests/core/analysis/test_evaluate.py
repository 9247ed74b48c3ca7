"""core/analysis/evaluate.py: evaluate-all on one pair of layers, serially
and with the metrics spread over processes."""
import json
import math

import numpy as np
import pytest

from core import registry
from core.analysis.evaluate import evaluate
from core.network.lineset import LineSet, network_from
from core.progress import Cancelled, Progress
from sample_data import CROP, crop, sample
from core.runner import run as run_spec


def _same(a, b):
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


@pytest.fixture(scope="module")
def window():
    return crop(sample("ground_truth"), CROP), crop(sample("prediction"), CROP)


@pytest.mark.slow
def test_processes_give_the_serial_numbers_and_layers(window):
    gt, pred = window
    serial = evaluate(gt, pred, seed=3)
    par = evaluate(gt, pred, seed=3, workers=2)
    assert set(serial.results) == set(par.results) == {s.id for s in registry.all_specs()}
    assert not serial.errors and not par.errors
    a, b = serial.numbers(), par.numbers()
    assert a.keys() == b.keys()
    assert all(a[k] == b[k] or (math.isnan(a[k]) and math.isnan(b[k])) for k in a)
    for m in serial.results:
        ra, rb = serial.results[m], par.results[m]
        assert _same(ra.to_dict(pool_stats=True), rb.to_dict(pool_stats=True)), m
        assert sorted(ra.layers) == sorted(rb.layers), m
        for name in ra.layers:
            la, lb = ra.layers[name], rb.layers[name]
            assert len(la) == len(lb), (m, name)
            assert _same({k: list(map(str, v)) for k, v in la.columns.items()},
                         {k: list(map(str, v)) for k, v in lb.columns.items()}), (m, name)


def test_a_metric_that_rejects_its_parameters_does_not_lose_the_others(window):
    gt, pred = window
    params = {"apls": {"VARIANT": "nonsense"}}
    for w in (1, 2):
        ev = evaluate(gt, pred, ["apls", "ccq", "junct"], params, workers=w)
        assert set(ev.results) == {"ccq", "junct"}
        assert "VARIANT" in ev.errors["apls"]
        assert math.isnan(ev.numbers()["APLS"])


def test_cancel_stops_the_run(window):
    gt, pred = window
    with pytest.raises(Cancelled):
        evaluate(gt, pred, ["ccq", "junct", "apls"], workers=2,
                 progress=Progress(None, lambda: True))


def test_network_is_built_once_per_lineset_and_read_only(window):
    gt, _ = window
    a = network_from(gt, {})
    assert network_from(gt, {"MERGE_TOLERANCE": 0.05}) is a
    assert network_from(gt, {"MERGE_TOLERANCE": 0.5}) is not a
    with pytest.raises(ValueError):
        a.node_xy[0, 0] = 1.0
    # a copy of the lines (pickled to a worker) carries no cached network
    import pickle
    b = pickle.loads(pickle.dumps(gt))
    assert "_networks" not in b.__dict__
    assert np.array_equal(network_from(b, {}).node_xy, a.node_xy)


def test_ccq_and_distances_share_their_distance_profiles(window):
    gt, pred = window
    fresh = lambda: (LineSet(gt.parts), LineSet(pred.parts))  # noqa: E731
    g1, p1 = fresh()
    alone = run_spec(registry.get("distances"), g1, p1).scores
    g2, p2 = fresh()
    run_spec(registry.get("ccq"), g2, p2)
    shared = run_spec(registry.get("distances"), g2, p2).scores
    assert _same(alone, shared)
    assert len(network_from(g2, {}).__dict__["_profiles"]) == 1
    # evaluate-all puts them in one task
    from core.analysis.evaluate import _tasks
    assert ["ccq", "distances"] in [sorted(t) for t in _tasks(["apls", "distances", "junct", "ccq"])]


def test_a_metric_that_crashes_is_reported_and_the_others_kept(window, monkeypatch):
    gt, pred = window
    spec = registry.get("junct")

    def boom(*a, **k):
        raise ZeroDivisionError("bug")
    monkeypatch.setattr(spec, "compute", boom)
    ev = evaluate(gt, pred, ["junct", "ccq"], workers=1)
    assert "ccq" in ev.results and "ZeroDivisionError: bug" in ev.errors["junct"]
    assert any(w.startswith("junct: failed: internal error") for w in ev.warnings())


def test_workers_set_the_cores_of_a_metric(monkeypatch):
    """WORKERS decides the cores a metric may use (core/parallel.py): one with
    WORKERS = 1 (also each tile's and each tool run's evaluation), WORKERS
    with a single metric, one each when several metrics share the workers."""
    from core.analysis import evaluate as ev_mod
    from core.metrics.subgraphs import evaluation
    from core.parallel import available_cores
    monkeypatch.setattr(evaluation, "PARALLEL_PAIRS", 0)
    used = []
    monkeypatch.setattr(evaluation, "process_map",
                        lambda fn, common, items, progress, n, **k: used.append(n) or
                        [fn(common, x, progress) for x in items])
    gt, pred = crop(sample("ground_truth"), CROP), crop(sample("prediction"), CROP)
    for workers in (1, 2, 0):
        evaluate(gt, pred, ["topo"], workers=workers)
    assert used == [1, 2, available_cores()]
    seen = []
    monkeypatch.setattr(ev_mod, "run_shared", lambda fn, common, tasks, *a, **k: seen.append(
        common[-1]) or [(True, fn(common, t, Progress())) for t in tasks])
    evaluate(gt, pred, ["topo", "junct"], workers=2)
    assert seen == [1] and used[-1] == 1


def test_layers_kept_only_for_the_metrics_asked(window):
    # evaluate-all in QGIS keeps only the layers its report maps: the other
    # metrics run without theirs (core/runner.py: diagnostics=False), with the same numbers
    gt, pred = window
    ids = ["apls", "optg", "subg", "junct"]
    full = evaluate(gt, pred, ids, seed=3)
    some = evaluate(gt, pred, ids, seed=3, diagnostics=["apls"])
    none = evaluate(gt, pred, ids, seed=3, diagnostics=False)
    for ev in (some, none):
        a, b = full.numbers(), ev.numbers()
        assert a.keys() == b.keys()
        assert all(a[k] == b[k] or (math.isnan(a[k]) and math.isnan(b[k])) for k in a)
        for m in ids:
            assert _same(full.results[m].to_dict(pool_stats=True), ev.results[m].to_dict(pool_stats=True)), m
    assert set(some.results["apls"].layers) == set(full.results["apls"].layers) != set()
    assert all(some.results[m].layers == {} for m in ("optg", "subg", "junct"))
    assert all(none.results[m].layers == {} for m in ids)
    assert all(full.results[m].layers for m in ids)


def test_protocol_runs_its_variants_and_keeps_the_own_definitions_beside():
    """Issue 33 "report both": the protocol's APLS (the Go code replayed) is
    the evaluation's number, the metric's own definition is in details."""
    from core.analysis.evaluate import with_protocol
    gt = LineSet([np.array([[200.0, 500.0], [601.0, 500.0]])])
    pred = LineSet([np.array([[200.0, 500.0], [390.7, 500.0]])])
    ev = evaluate(gt, pred, ["apls", "ccq"], protocol="sat2graph_cityscale")
    replay = run_spec(registry.get("apls"), gt, pred, {"VARIANT": "sat2graph"})
    own = run_spec(registry.get("apls"), gt, pred, {})
    assert ev.results["apls"].scores["APLS"] == replay.score("APLS")
    assert ev.results["apls"].details["clean_scores"]["APLS"] == own.score("APLS")
    assert ev.results["apls"].details["protocol"] == {"name": "sat2graph_cityscale", "version": "1"}
    assert "clean_scores" not in ev.results["ccq"].details
    with pytest.raises(ValueError, match="sets VARIANT = sat2graph"):
        with_protocol(["apls"], {"apls": {"VARIANT": "spacenet"}}, "sat2graph_cityscale")
    with pytest.raises(ValueError, match="A protocol scores whole tiles"):
        with_protocol(["apls"], {}, "sat2graph_cityscale", tiled=True)

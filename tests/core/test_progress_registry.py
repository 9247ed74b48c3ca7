import numpy as np
import pytest

from core import registry
from core.network.lineset import LineSet
from core.progress import Cancelled, Progress
from core.runner import run as run_spec
from helpers import lines


def test_progress_is_reported_and_monotone():
    seen = []
    gt = lines([[0, 0], [500, 0]], [[500, 0], [500, 500]])
    run_spec(registry.get("apls"), gt, gt, progress=Progress(lambda f, m: seen.append(f)))
    assert seen and seen[-1] == pytest.approx(1.0)
    assert all(0 <= f <= 1 for f in seen)


def test_cancel_raises_cancelled():
    gt = lines([[0, 0], [500, 0]], [[500, 0], [500, 500]])
    with pytest.raises(Cancelled):
        run_spec(registry.get("apls"), gt, gt, progress=Progress(None, lambda: True))


def test_sub_progress_maps_range():
    seen = []
    Progress(lambda f, m: seen.append(f)).sub(0.5, 1.0).set(0.5)
    assert seen == [0.75]


@pytest.mark.parametrize("spec", registry.all_specs(None), ids=lambda s: s.id)
def test_registry_entries_are_complete(spec):
    names = [p.name for p in spec.all_params()]
    assert len(names) == len(set(names))
    for p in spec.all_params():
        assert p.help and p.label, p.name
        assert p.name == p.name.upper()
        if p.kind == "enum":
            assert p.default in p.options
        if p.kind == "distance":
            assert p.unit == "m"
    assert spec.outputs and all(o.name == o.name.upper() for o in spec.outputs)
    assert {s.name for s in spec.sinks} <= {"MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED"} | {
        s.name for s in spec.sinks}
    with pytest.raises(KeyError):
        spec.resolve({"NOT_A_PARAMETER": 1})


def test_result_layers_match_sink_declarations():
    spec = registry.get("apls")
    r = run_spec(spec, lines([[0, 0], [100, 0]]), LineSet([np.array([[0.0, 0], [60, 0]])]))
    assert set(r.layers) == {s.name for s in spec.sinks}
    for s in spec.sinks:
        assert r.layers[s.name].geometry == s.geometry


def test_styled_and_all_sink_fields_survive_shapefile_output():
    # issue 17: a shapefile truncates field names to 10 characters, so a
    # .qml graduated on `mean_penalty` no longer applied.  Every field a
    # style uses is <= 10 characters, and every sink's field names stay
    # distinct when truncated
    import numpy as np

    from core.network.lineset import LineSet
    gt = LineSet([np.array([[0.0, 0.0], [100.0, 0.0], [100.0, 100.0]]),
                  np.array([[100.0, 0.0], [200.0, 0.0]]), np.array([[100.0, 0.0], [100.0, -80.0]])])
    pred = gt.translated(1.0, 1.0)
    for spec in registry.all_specs():
        styled = {s.name: s.style.get("graduated") for s in spec.sinks}
        for field in styled.values():
            assert field is None or len(field) <= 10, (spec.id, field)
        r = run_spec(spec, gt, pred, spec.test_params)
        for name, table in r.layers.items():
            names = [f for f, _ in table.fields]
            assert len({f[:10].lower() for f in names}) == len(names), (spec.id, name, names)
            if styled.get(name):
                assert styled[name] in names, (spec.id, name, styled[name])


def test_every_metric_module_is_listed_in_the_registry():
    """core/registry.py METRIC_MODULES is the list of metric modules: a module
    under core/metrics/ that calls register() and is not listed would never be
    loaded; a listed module must exist and register at least one metric."""
    import os
    import re
    metrics_dir = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))), "core", "metrics")
    registering = set()
    for family in sorted(os.listdir(metrics_dir)):
        folder = os.path.join(metrics_dir, family)
        if not os.path.isdir(folder) or family.startswith("__"):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py"):
                with open(os.path.join(folder, name), encoding="utf-8") as fh:
                    if re.search(r"\bregister\(MetricSpec\(", fh.read()):
                        registering.add(f"{family}.{name[:-3]}")
    assert registering == set(registry.METRIC_MODULES)
    modules = {spec.compute.__module__.split("core.metrics.", 1)[1]
               for spec in registry.all_specs(None)}
    assert modules == set(registry.METRIC_MODULES)

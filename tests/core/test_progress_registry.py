import numpy as np
import pytest

from core import registry
from core.lineset import LineSet
from core.progress import Cancelled, Progress
from helpers import lines


def test_progress_is_reported_and_monotone():
    seen = []
    gt = lines([[0, 0], [500, 0]], [[500, 0], [500, 500]])
    registry.get("apls").run(gt, gt, progress=Progress(lambda f, m: seen.append(f)))
    assert seen and seen[-1] == pytest.approx(1.0)
    assert all(0 <= f <= 1 for f in seen)


def test_cancel_raises_cancelled():
    gt = lines([[0, 0], [500, 0]], [[500, 0], [500, 500]])
    with pytest.raises(Cancelled):
        registry.get("apls").run(gt, gt, progress=Progress(None, lambda: True))


def test_sub_progress_maps_range():
    seen = []
    Progress(lambda f, m: seen.append(f)).sub(0.5, 1.0).set(0.5)
    assert seen == [0.75]


@pytest.mark.parametrize("spec", registry.all_specs(), ids=lambda s: s.id)
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
    r = spec.run(lines([[0, 0], [100, 0]]), LineSet([np.array([[0.0, 0], [60, 0]])]))
    assert set(r.layers) == {s.name for s in spec.sinks}
    for s in spec.sinks:
        assert r.layers[s.name].geometry == s.geometry

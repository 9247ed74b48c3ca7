"""Properties of every pixel metric (registry entries with inputs='masks';
hypothesis): identity is perfect, scores stay in bounds, symmetric
definitions are symmetric, moving both masks on the grid or transposing the
grid changes nothing, distances scale with the pixel size; and the line
machinery (runner.run, evaluate, the picker, the library's line functions)
never takes a mask metric."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import registry
from core.metrics.pixel.masks import from_pixel_size
from core.network.lineset import LineSet
from core.runner import run, run_masks

SPECS = registry.all_specs("masks")
RUNS = [(s, {}) for s in SPECS if s.id != "pixel_boundaryf"] + [
    (registry.get("pixel_boundaryf"), {"STRATEGY": k})
    for k in ("distance", "area", "correspondence", "validation")]
IDS = [s.id + ("-" + p["STRATEGY"] if p else "") for s, p in RUNS]
# outputs that do not change when the two masks swap (or the pair they swap into)
SWAP = {"TPREC": "TSENS", "TSENS": "TPREC", "PRECISION": "RECALL", "RECALL": "PRECISION",
        "TP": None, "FP": "FN", "FN": "FP", "IIOU": None,
        "HD95": "HD95", "F": "F"}


@st.composite
def road_masks(draw):
    """Random roads: a few bars 1-5 pixels wide on a 24-40 pixel grid."""
    h, w = draw(st.integers(24, 40)), draw(st.integers(24, 40))
    g = np.random.Generator(np.random.PCG64(draw(st.integers(0, 2 ** 31))))
    m = np.zeros((h, w), np.uint8)
    for _ in range(draw(st.integers(1, 4))):
        width, pos = int(g.integers(1, 6)), int(g.integers(0, min(h, w) - 5))
        if g.random() < 0.5:
            m[pos:pos + width, int(g.integers(0, w // 2)):] = 1
        else:
            m[int(g.integers(0, h // 2)):, pos:pos + width] = 1
    return m


def _close(a, b, tol=1e-9):
    return (math.isnan(a) and math.isnan(b)) or a == pytest.approx(b, abs=tol)


@pytest.mark.parametrize("spec,params", RUNS, ids=IDS)
@settings(max_examples=15)
@given(m=road_masks())
def test_identity_is_perfect(spec, params, m):
    r = run_masks(spec, from_pixel_size(m, m, 0.5), params)
    for o in spec.outputs:
        if o.perfect is not None:
            assert r.scores[o.name] == pytest.approx(o.perfect), o.name


@pytest.mark.parametrize("spec,params", RUNS, ids=IDS)
@settings(max_examples=15)
@given(a=road_masks(), b=road_masks(), shift=st.integers(1, 6))
def test_bounds_symmetry_translation_transposition(spec, params, a, b, shift):
    b = np.resize(b, a.shape)
    r = run_masks(spec, from_pixel_size(a, b, 0.5), params).scores
    for o in spec.outputs:
        lo, hi = o.bounds
        v = r[o.name]
        assert math.isnan(v) or ((lo is None or v >= lo) and (hi is None or v <= hi)), o.name
    swapped = run_masks(spec, from_pixel_size(b, a, 0.5), params).scores
    for o in spec.outputs:
        other = SWAP.get(o.name, o.name)
        if other is not None and not (o.name == "HD95" and spec.id != "pixel_distances"):
            assert _close(swapped[other], r[o.name]), o.name
    pad = lambda m: np.pad(m, ((shift, 0), (0, shift)))
    moved = run_masks(spec, from_pixel_size(pad(a), pad(b), 0.5), params).scores
    transposed = run_masks(spec, from_pixel_size(a.T.copy(), b.T.copy(), 0.5), params).scores
    for o in spec.outputs:
        if params.get("STRATEGY") != "area":   # its neighbourhoods stop at the raster's edge
            assert _close(moved[o.name], r[o.name]), o.name
        if spec.id != "pixel_cldice" and params.get("STRATEGY") != "validation":
            # the thinning is not symmetric under transposition (docs/raster.md)
            assert _close(transposed[o.name], r[o.name], 1e-6), o.name


@settings(max_examples=15)
@given(a=road_masks(), b=road_masks())
def test_distances_scale_with_the_pixel_size(a, b):
    b = np.resize(b, a.shape)
    r1 = run_masks("pixel_distances", from_pixel_size(a, b, 0.5), {"TOLERANCE": 1.0}).scores
    r3 = run_masks("pixel_distances", from_pixel_size(a, b, 1.5), {"TOLERANCE": 3.0}).scores
    for k in ("HAUSDORFF", "HD95", "HD95_POOLED", "ASSD", "MASD", "CHAMFER"):
        assert _close(r3[k], 3 * r1[k], 1e-9), k
    for k in ("NSD", "BOUNDARY_IOU"):
        assert _close(r3[k], r1[k]), k


def test_same_inputs_same_numbers():
    m = np.zeros((30, 30), np.uint8)
    m[10:14] = 1
    p = np.roll(m, 2, axis=0)
    for spec, params in RUNS:
        a = run_masks(spec, from_pixel_size(m, p, 1.0), params).scores
        b = run_masks(spec, from_pixel_size(m, p, 1.0), params).scores
        assert a == b or all(_close(a[k], b[k], 0) for k in a)


def test_the_line_machinery_never_takes_a_mask_metric():
    ids = {s.id for s in SPECS}
    assert ids == {"pixel_iou", "pixel_distances", "pixel_cldice", "pixel_boundaryf"}
    assert not ids & {s.id for s in registry.all_specs()}
    assert not ids & {s.id for s in registry.picker_specs()}
    assert ids <= {s.id for s in registry.all_specs(None)}
    line = LineSet([np.array([[0.0, 0.0], [100.0, 0.0]])])
    with pytest.raises(ValueError, match="rasters"):
        run("pixel_iou", line, line)
    from core.analysis.evaluate import evaluate
    res = evaluate(line, line, ["ccq", "pixel_iou"])
    assert "ccq" in res.results and "pixel_iou" not in res.results
    assert "rasters" in str(res.errors["pixel_iou"])
    with pytest.raises(ValueError, match="line layers"):
        run_masks("ccq", from_pixel_size(np.ones((2, 2)), np.ones((2, 2)), 1.0))
    for spec in SPECS:
        names = {p.name for p in spec.all_params()}
        assert {"GT_THRESHOLD", "PRED_THRESHOLD", "ROAD_CLASSES"} <= names
        assert not names & {"MERGE_TOLERANCE", "NODE_CROSSINGS", "CLASS_FIELD"}


def test_loading_the_pixel_metrics_does_not_import_scipy():
    # issue 24: the registry (and the library's generated functions) load
    # without scipy; the pixel metrics import it when they first run
    import os
    import subprocess
    import sys
    import core
    root = os.path.dirname(os.path.dirname(os.path.abspath(core.__file__)))
    code = ("import sys; from core import registry; registry.all_specs(None); "
            "print('scipy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=root, env=dict(os.environ, PYTHONPATH=root))
    assert out.stdout.split() == ["False"]

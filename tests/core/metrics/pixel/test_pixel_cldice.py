"""Pixel clDice (core/metrics/pixel/pixel_cldice.py): hand cases and the
reference formula with scikit-image's skeletonize (jocpae/clDice)."""
import math

import numpy as np
import pytest

from core.metrics.pixel.masks import Rasters, from_pixel_size
from core.raster.thinning import zhang_suen
from core.runner import run_masks


def bar(shape, r0, r1, c0, c1):
    m = np.zeros(shape, dtype=np.uint8)
    m[r0:r1, c0:c1] = 1
    return m


def test_half_road_found():
    # a 3-pixel-wide road 20 long against its left half: the predicted
    # skeleton lies inside the ground truth (TPREC 1); the ground-truth
    # skeleton is inside the prediction over the prediction's length only
    g = bar((7, 24), 2, 5, 2, 22)
    p = bar((7, 24), 2, 5, 2, 12)
    sg, sp = zhang_suen(g), zhang_suen(p)
    r = run_masks("pixel_cldice", from_pixel_size(g, p, 1.0))
    tsens = np.count_nonzero(sg & (p == 1)) / np.count_nonzero(sg)
    assert np.count_nonzero(sp & (g == 1)) == np.count_nonzero(sp) > 0
    assert r.scores["TPREC"] == 1.0
    assert r.scores["TSENS"] == pytest.approx(tsens)
    assert 0.4 < tsens < 0.6
    assert r.scores["CLDICE"] == pytest.approx(2 * tsens / (1 + tsens))
    assert r.counts["gt_skeleton_pixels"] == np.count_nonzero(sg)


def test_parallel_roads_apart_score_zero():
    g = bar((12, 20), 1, 4, 0, 20)
    p = bar((12, 20), 7, 10, 0, 20)
    s = run_masks("pixel_cldice", from_pixel_size(g, p, 1.0)).scores
    assert s == {"CLDICE": 0.0, "TPREC": 0.0, "TSENS": 0.0}


@pytest.mark.parametrize("which", ["both", "gt", "pred"])
def test_empty_masks(which):
    full, zero = bar((10, 10), 3, 6, 0, 10), np.zeros((10, 10), np.uint8)
    g = zero if which in ("both", "gt") else full
    p = zero if which in ("both", "pred") else full
    s = run_masks("pixel_cldice", from_pixel_size(g, p, 1.0)).scores
    assert s["CLDICE"] == (1.0 if which == "both" else 0.0)
    if which == "gt":
        assert math.isnan(s["TSENS"]) and s["TPREC"] == 0
    if which == "pred":
        assert math.isnan(s["TPREC"]) and s["TSENS"] == 0


def test_agrees_with_the_reference_formula_on_the_sample():
    morphology = pytest.importorskip("skimage.morphology", reason="scikit-image not installed")
    from pixel_data import sample_masks
    g, p, t = sample_masks(1.0, 3.0)
    s = run_masks("pixel_cldice", Rasters(g, p, t)).scores
    # jocpae/clDice cldice_metric: cl_score(v, s) = sum(v * s) / sum(s)
    sk_g, sk_p = morphology.skeletonize(g), morphology.skeletonize(p)
    tprec = np.sum(g * sk_p) / np.sum(sk_p)
    tsens = np.sum(p * sk_g) / np.sum(sk_g)
    assert s["TPREC"] == pytest.approx(tprec, abs=1e-12)
    assert s["TSENS"] == pytest.approx(tsens, abs=1e-12)
    assert s["CLDICE"] == pytest.approx(2 * tprec * tsens / (tprec + tsens), abs=1e-12)

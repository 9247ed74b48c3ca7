"""Pixel boundary F (core/metrics/pixel/pixel_boundaryf.py): the four
strategies against brute-force oracles (all pairwise distances; a dense
assignment with scipy's linear_sum_assignment) and hand cases."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linear_sum_assignment
from scipy.spatial.distance import cdist

from core.metrics.pixel.masks import from_pixel_size
from core.metrics.pixel.pixel_boundaryf import _pairs
from core.network.assignment import _solve, min_cost_matching
from core.metrics.pixel.surfaces import boundary
from core.runner import run_masks


def bar(shape, r0, r1, c0, c1):
    m = np.zeros(shape, dtype=np.uint8)
    m[r0:r1, c0:c1] = 1
    return m


def points(m, spacing):
    r, c = np.nonzero(boundary(m))
    return np.column_stack([r * spacing[0], c * spacing[1]])


@st.composite
def pairs(draw):
    h, w = draw(st.integers(6, 16)), draw(st.integers(6, 16))
    g = np.random.Generator(np.random.PCG64(draw(st.integers(0, 2 ** 31))))
    return (g.random((h, w)) < 0.4).astype(np.uint8), (g.random((h, w)) < 0.4).astype(np.uint8)


@settings(max_examples=40)
@given(pairs(), st.sampled_from([(1.0, 1.0), (0.5, 2.0)]), st.sampled_from([0.5, 1.0, 2.5]))
def test_distance_and_correspondence_equal_brute_force(pair, spacing, tol):
    g, p = pair
    if not g.any() or not p.any():
        return
    xg, xp = points(g, spacing), points(p, spacing)
    d = cdist(xp, xg)
    r = run_masks("pixel_boundaryf", from_pixel_size(g, p, spacing), {"TOLERANCE": tol})
    assert r.scores["TP"] == np.count_nonzero(d.min(axis=1) <= tol)
    assert r.scores["FN"] == np.count_nonzero(d.min(axis=0) > tol)
    # CbM: the minimum of matched distances + tol x unmatched, dense oracle
    big = 1e9
    n, m = d.shape
    cost = np.full((n + m, m + n), 0.0)
    cost[:n, :m] = np.where(d <= tol, d, big)
    cost[:n, m:] = np.where(np.eye(n) > 0, tol, big)
    cost[n:, :m] = np.where(np.eye(m) > 0, tol, big)
    rows, cols = linear_sum_assignment(cost)
    best = cost[rows, cols].sum()
    c = run_masks("pixel_boundaryf", from_pixel_size(g, p, spacing),
                  {"TOLERANCE": tol, "STRATEGY": "correspondence"}).scores
    matched = int(c["TP"])
    assert c["FP"] == n - matched and c["FN"] == m - matched
    # the same candidate pairs through the solver: the same count, and its
    # matching reaches the dense optimum
    i, j = np.nonzero(d <= tol)
    row, _ = min_cost_matching(n, m, i, j, d[i, j], tol)
    assert np.count_nonzero(row >= 0) == matched
    ok = row >= 0
    solver_cost = d[np.nonzero(ok)[0], row[ok]].sum() + tol * (n + m - 2 * ok.sum())
    assert solver_cost == pytest.approx(best, abs=1e-9)



@settings(max_examples=30)
@given(pairs(), st.sampled_from([(1.0, 1.0), (0.5, 2.0), (0.3, 0.3)]),
       st.sampled_from([0.5, 1.0, 2.5]))
def test_correspondence_by_component_equals_whole_problem(pair, spacing, tol):
    # the solver, one component at a time (what the metric runs), returns
    # the matching of the whole-problem solver on boundary pixel pairs
    g, p = pair
    eg, ep = boundary(g), boundary(p)
    n_p, n_g, i, j, d = _pairs(eg, ep, tol, spacing)
    got = min_cost_matching(n_p, n_g, i, j, d, tol)
    ref = _solve(n_p, n_g, i, j, d, tol)
    assert all(np.array_equal(a, b) for a, b in zip(got, ref))

def test_outlier_cost_bsds_matches_more_pairs():
    # a 1 x 10 road and the prediction one column to the right, 1 m pixels,
    # t = 1 m; every pixel of a 1-pixel-wide road is a boundary pixel.  The
    # ground truth holds columns 1..10, the prediction 2..11.  Either 9
    # pairs on the same pixel (0 m) and the two end pixels unmatched, or 10
    # pairs one column apart (1 m each):
    #   OUTLIER_COST 1 (t per unmatched pixel): 9 x 0 + 2 x 1 = 2 < 10 x 1 = 10
    #   OUTLIER_COST 100 (BSDS, 100 t):       10 x 1 = 10 < 9 x 0 + 2 x 100
    g, p = bar((3, 13), 1, 2, 1, 11), bar((3, 13), 1, 2, 2, 12)
    rasters = from_pixel_size(g, p, 1.0)
    ours = run_masks("pixel_boundaryf", rasters, {"STRATEGY": "correspondence", "TOLERANCE": 1.0})
    bsds = run_masks("pixel_boundaryf", rasters, {"STRATEGY": "correspondence", "TOLERANCE": 1.0,
                                                  "OUTLIER_COST": 100.0})
    assert (ours.scores["TP"], ours.scores["FP"], ours.scores["FN"]) == (9.0, 1.0, 1.0)
    assert ours.scores["F"] == pytest.approx(0.9)
    assert (bsds.scores["TP"], bsds.scores["FP"], bsds.scores["FN"]) == (10.0, 0.0, 0.0)
    assert bsds.scores["F"] == 1.0
    # the parameter is recorded (the spec's parameters, default included)
    assert ours.parameters["OUTLIER_COST"] == 1.0 and bsds.parameters["OUTLIER_COST"] == 100.0
    # the other strategies ignore it
    d = [run_masks("pixel_boundaryf", rasters, {"TOLERANCE": 1.0, "OUTLIER_COST": c}).scores
         for c in (1.0, 100.0)]
    assert d[0] == d[1]
    with pytest.raises(ValueError):
        run_masks("pixel_boundaryf", rasters, {"STRATEGY": "correspondence", "OUTLIER_COST": 0.1})


@settings(max_examples=30)
@given(pairs(), st.sampled_from([(1.0, 1.0), (0.5, 2.0)]), st.sampled_from([1.0, 2.5]),
       st.sampled_from([0.5, 3.0, 100.0]))
def test_correspondence_outlier_cost_equals_dense_assignment(pair, spacing, tol, cost):
    # the minimum of matched distances + cost x tol per unmatched pixel,
    # dense oracle (linear_sum_assignment with a dummy per pixel): the
    # matched count of the metric reaches the oracle's optimum
    g, p = pair
    if not g.any() or not p.any():
        return
    d = cdist(points(p, spacing), points(g, spacing))
    lam = cost * tol
    big = 1e9
    n, m = d.shape
    dense = np.full((n + m, m + n), 0.0)
    dense[:n, :m] = np.where(d <= tol, d, big)
    dense[:n, m:] = np.where(np.eye(n) > 0, lam, big)
    dense[n:, :m] = np.where(np.eye(m) > 0, lam, big)
    rows, cols = linear_sum_assignment(dense)
    best = dense[rows, cols].sum()
    i, j = np.nonzero(d <= tol)
    row, _ = min_cost_matching(n, m, i, j, d[i, j], lam)
    ok = row >= 0
    assert d[np.nonzero(ok)[0], row[ok]].sum() + lam * (n + m - 2 * ok.sum()) == \
        pytest.approx(best, abs=1e-6)
    s = run_masks("pixel_boundaryf", from_pixel_size(g, p, spacing),
                  {"TOLERANCE": tol, "STRATEGY": "correspondence", "OUTLIER_COST": cost}).scores
    assert s["TP"] == ok.sum()


def test_area_by_hand():
    # two 1-pixel dots 2 px apart, t = 1 px: each disc (radius 1) has 5
    # pixels; they share none -> TP 0 (m2); 2 px apart with t = 1.5: discs
    # of 9 pixels sharing the 3 pixels between the dots
    g, p = np.zeros((7, 9), np.uint8), np.zeros((7, 9), np.uint8)
    g[3, 3], p[3, 5] = 1, 1
    a = run_masks("pixel_boundaryf", from_pixel_size(g, p, 0.5),
                  {"STRATEGY": "area", "TOLERANCE": 0.5}).scores
    assert (a["TP"], a["FP"], a["FN"]) == (0.25, 1.0, 1.0)   # the middle pixel (0.25 m2) is shared
    b = run_masks("pixel_boundaryf", from_pixel_size(g, p, 1.0),
                  {"STRATEGY": "area", "TOLERANCE": 1.5}).scores
    assert (b["TP"], b["FP"], b["FN"]) == (3.0, 6.0, 6.0)
    assert b["F"] == pytest.approx(3 / 9)


def test_validation_refuses_edges_facing_away():
    # a 5-pixel-wide road and a prediction 3 rows lower: the ground truth's
    # bottom edge (facing down) is 1 px from the prediction's top edge
    # (facing up): distance matching accepts it, validation does not
    g = bar((14, 30), 2, 7, 0, 30)
    p = bar((14, 30), 5, 10, 0, 30)
    dist = run_masks("pixel_boundaryf", from_pixel_size(g, p, 1.0), {"TOLERANCE": 1.0}).scores
    val = run_masks("pixel_boundaryf", from_pixel_size(g, p, 1.0),
                    {"TOLERANCE": 1.0, "STRATEGY": "validation"}).scores
    assert dist["PRECISION"] > 0.5
    # the prediction's bottom edge (row 9) and the ground truth's top edge
    # (row 2) are far; only the short ends at the raster's sides can match
    assert val["PRECISION"] < dist["PRECISION"]
    same = run_masks("pixel_boundaryf", from_pixel_size(g, np.roll(g, 1, axis=0), 1.0),
                     {"TOLERANCE": 1.0, "STRATEGY": "validation"}).scores
    assert same["F"] > 0.9


def test_alpha_and_empty():
    g, p = bar((10, 10), 2, 5, 0, 10), bar((10, 10), 2, 5, 0, 5)
    s = run_masks("pixel_boundaryf", from_pixel_size(g, p, 1.0), {"ALPHA": 1.0}).scores
    assert s["F"] == pytest.approx(s["RECALL"])
    z = np.zeros((10, 10), np.uint8)
    e = run_masks("pixel_boundaryf", from_pixel_size(z, p, 1.0)).scores
    assert e["F"] == 0 and e["PRECISION"] == 0 and math.isnan(e["RECALL"])
    both = run_masks("pixel_boundaryf", from_pixel_size(z, z, 1.0)).scores
    assert both["F"] == 1


@settings(max_examples=40)
@given(pairs(), st.sampled_from([(1.0, 1.0), (0.5, 2.0), (0.3, 0.3)]))
def test_outward_normals_are_the_window_sums_in_order(pair, spacing):
    # the vectorised sums are the per-pixel sums of the window's terms, added
    # in (dy, dx) order over the mask pixels only: the same additions in the
    # same order, so the same bits on any CPU.  The angle is numpy's arctan2,
    # whose SIMD kernels (AVX-512 on some CPUs) are not correctly rounded:
    # compared with math.atan2 within 4 units in the last place (numpy
    # documents its SIMD transcendental functions to a few ULP; seen: 1)
    from core.metrics.pixel.pixel_boundaryf import (NORMAL_RADIUS, normal_sums,
                                                    outward_normals)
    m = pair[0].astype(bool)
    e = boundary(m)
    gy, gx = normal_sums(m, e, spacing)
    r = NORMAL_RADIUS
    ref_y, ref_x = [], []
    for y, x in zip(*np.nonzero(e)):
        sy = sx = 0.0
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                wt = math.exp(-(dy * dy + dx * dx) / 2.0)
                inside = 0 <= y + dy < m.shape[0] and 0 <= x + dx < m.shape[1]
                if (dy or dx) and wt >= 1e-12 and inside and m[y + dy, x + dx]:
                    sy += wt * dy * spacing[0]
                    sx += wt * dx * spacing[1]
        ref_y.append(sy)
        ref_x.append(sx)
    assert np.array_equal(gy.view(np.int64), np.array(ref_y).view(np.int64))
    assert np.array_equal(gx.view(np.int64), np.array(ref_x).view(np.int64))
    got = outward_normals(m, e, spacing)
    ref = np.array([math.atan2(-a, -b) for a, b in zip(ref_y, ref_x)])
    assert np.all(np.abs(got - ref) <= 4 * np.spacing(np.abs(ref)))

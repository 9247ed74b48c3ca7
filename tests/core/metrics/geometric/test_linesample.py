"""Samples along the canonical network, exact nearest distances, the
piecewise-linear distance profile and the refined Hausdorff distance."""
import math

import numpy as np
import pytest

from core.metrics.geometric.linesample import (
    DistanceProfile,
    EdgeSegments,
    NearestSegment,
    knot_layout,
    local_origin,
    refine_max,
)
from core.network.lineset import LineSet, network_from
from core.network.snapping import SegmentIndex


def net(lines, **p):
    return network_from(LineSet([np.asarray(l, float) for l in lines]), p)


def test_knots_do_not_depend_on_splitting_or_direction():
    a = net([[[0, 0], [30, 40], [60, 0]]])
    b = net([[[60, 0], [45, 20]], [[45, 20], [30, 40], [0, 0]]])
    ea, oa, _ = knot_layout(a, 0.7)
    eb, ob, _ = knot_layout(b, 0.7)
    assert ea.tolist() == eb.tolist() and np.allclose(oa, ob, atol=1e-12)
    # every interval <= step, both ends of the edge included
    assert oa[0] == 0 and oa[-1] == pytest.approx(100.0) and np.diff(oa).max() <= 0.7


def test_nearest_segment_is_exact():
    g = np.random.Generator(np.random.PCG64(3))
    s = g.uniform(0, 500, (300, 4))
    s[:, 2:] = s[:, :2] + g.uniform(-20, 20, (300, 2))
    pts = g.uniform(-200, 700, (2000, 2))  # many far from every segment
    d, seg, qx, qy = NearestSegment(*s.T, piece=3.0).query(pts[:, 0], pts[:, 1])
    _, _, ref = SegmentIndex(*s.T).nearest(pts[:, 0], pts[:, 1])
    assert np.allclose(d, ref, atol=1e-12)
    assert np.allclose(np.hypot(pts[:, 0] - qx, pts[:, 1] - qy), d, atol=1e-9)


def test_profile_integrals_of_a_linear_distance():
    # A: 0..100 on the x axis; B: the segment (0, 0)-(50, 0): d = max(0, x - 50)
    A, B = net([[[0, 0], [100, 0]]]), net([[[0, 0], [50, 0]]])
    o = local_origin(A, B)
    p = DistanceProfile(A, EdgeSegments(A, o), NearestSegment.of(EdgeSegments(B, o)), 0.5)
    assert p.length == pytest.approx(100.0)
    assert p.integral() == pytest.approx(1250.0)  # int_50^100 (x - 50)
    assert p.integral_sq() == pytest.approx(50 ** 3 / 3)
    assert p.quantile(0.95) == pytest.approx(45.0)
    mean, rms, mx = p.piece_stats([0, 0], [0.0, 60.0], [50.0, 80.0])
    assert mean.tolist() == pytest.approx([0.0, 20.0])
    assert rms[1] == pytest.approx(math.sqrt((30 ** 3 - 10 ** 3) / 3 / 20))
    assert mx.tolist() == pytest.approx([0.0, 30.0])
    L, I1, I2 = p.within(10.0)  # the modelled d <= 10 on 0..60
    assert (L, I1) == pytest.approx((60.0, 50.0))


def test_refined_hausdorff_between_samples():
    # A: 0..10; B: two pieces 1 m above with a gap 3.3..6.7 (asymmetric
    # to the knots): the farthest point (5, 0) is sqrt(1.7^2 + 1) away
    A = net([[[0, 0], [10, 0]]])
    B = net([[[0, 1], [3.3, 1]], [[6.7, 1], [10, 1]]])
    o = local_origin(A, B)
    p = DistanceProfile(A, EdgeSegments(A, o), NearestSegment.of(EdgeSegments(B, o)), 0.45)
    best, pa, pb, upper = refine_max(p)
    true = math.hypot(1.7, 1.0)
    assert best == pytest.approx(true, abs=1e-5)
    assert best <= true + 1e-12 <= upper + 1e-12
    assert max(p.d) < true - 1e-3  # the samples alone miss it

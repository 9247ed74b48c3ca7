"""APLS VARIANT=sat2graph: the replay of Sat2Graph's Go APLS (apls_sat2graph.py),
on hand-checked tiles.  Conformance with the reference's own output is in
test_protocol_conformance.py (fixtures made by scripts/protocol_fixtures.py).

The tiles: a straight road along x (the reference's first pixel axis) at
y = 500, inside the 2048 m tile less its 100 m margin.  Lengths are chosen so
that no hop count or snap falls on a tie: 401 m densify into 201 hops of
1.99502 m (199 cm each in the integer Dijkstra), 190.7 m into 96 hops of
1.98646 m (198 cm)."""
import math

import numpy as np
import pytest

from core import registry
from core.metrics.paths import apls_sat2graph as s2g
from core.network.lineset import LineSet
from core.runner import run as run_spec

APLS = registry.get("apls")
GT = LineSet([np.array([[200.0, 500.0], [601.0, 500.0]])])
HALF = LineSet([np.array([[200.0, 500.0], [390.7, 500.0]])])


def run(gt, pred, **p):
    return run_spec(APLS, gt, pred, dict(VARIANT="sat2graph", **p))


def test_densify_and_chain_control_points():
    """202 vertices; a chain of 202 > 37 vertices gets n = int(202 / 25) + 1 = 9
    pieces: interior points at int(202 i / 9) = 22, 44, 67, 89, 112, 134, 157,
    179, then the two dead ends (vertex 0 first, vertex 201 after its chain was
    walked from vertex 0)."""
    g = s2g.densify([s2g.to_degrees(GT.parts[0])])
    assert g.n == 202 and g.degree[0] == g.degree[201] == 1
    pts = s2g.control_points(g, g, s2g.CITYSCALE)
    assert pts == [22, 44, 67, 89, 112, 134, 157, 179, 0, 201]
    assert set(np.unique(g.hop_centimetres()).tolist()) == {199.0}
    # chains summed between key vertices: the ends 0 .. 201 and 22 .. 179
    d = g.distances(np.array([0, 22, 201]))
    assert d.tolist() == [[0, 22 * 199, 201 * 199], [22 * 199, 0, 179 * 199],
                          [201 * 199, 179 * 199, 0]]


def test_identity_is_one():
    r = run(GT, GT)
    assert r.score("APLS") == 1.0
    assert r.counts["gt_control_points"] == r.counts["pred_control_points"] == 10


def test_half_road_hand_checked():
    """gt -> pred: 10 control points, those at 0 .. 177.6 m (ids 0, 22, 44, 67,
    89) snap, the 5 beyond 190.7 + 10 m do not: 45 - 10 = 35 pairs score 1.
    Matched pairs longer than 100 m: (0, 67), (0, 89), (22, 89): 67, 89, 67 hops
    of 199 cm against the prediction's 198 cm: penalty 1/199 each.
    pred -> gt: 97 vertices, interior points at int(97 i / 4) = 24, 48, 72 and the
    ends 0, 96, all snapped; pairs over 100 m: (0, 72), (0, 96), (24, 96), each
    with penalty (199 - 198) / 198.  APLS is the mean."""
    r = run(GT, HALF)
    a = 1 - (35 + 3 / 199) / 38
    b = 1 - (3 / 198) / 3
    assert r.score("APLS_GT_TO_PRED") == pytest.approx(a, rel=1e-12)
    assert r.score("APLS_PRED_TO_GT") == pytest.approx(b, rel=1e-12)
    assert r.score("APLS") == pytest.approx((a + b) / 2, rel=1e-12)
    assert r.counts["gt_missing_control_points"] == 5
    assert r.counts["gt_routes"] == 38 and r.counts["pred_routes"] == 3
    assert len(r.layers["UNMATCHED_GT"]) == 5
    # the unmatched points lie beyond the prediction's end, on the road (metres)
    xy = r.layers["UNMATCHED_GT"].coords
    assert (xy[:, 0] > 390.7 + 10).all() and np.allclose(xy[:, 1], 500.0)
    assert r.parameters["TILE_SIZE"] == 2048.0 and r.parameters["TILE_MARGIN"] == 100.0


def test_outside_the_margin_and_empty_prediction_are_nan_as_in_the_reference():
    near_edge = LineSet([np.array([[200.0, 50.0], [601.0, 50.0]])])     # y = 50 < 100 m margin
    r = run(near_edge, near_edge)
    assert math.isnan(r.score("APLS")) and r.counts["gt_control_points"] == 0
    assert any("NaN" in str(w) for w in r.warnings)
    r = run(GT, LineSet([]))
    assert r.score("APLS_GT_TO_PRED") == 0.0       # 45 pairs, all with an unmatched end
    assert math.isnan(r.score("APLS_PRED_TO_GT")) and math.isnan(r.score("APLS"))
    # a smaller tile margin brings the road back
    assert run(near_edge, near_edge, TILE_MARGIN=30.0).score("APLS") == 1.0


def test_spacenet_setting_constants():
    """sat2graph_spacenet: 352 m region, 30 m margin, interior points every 10
    hops on chains of more than 15 vertices, pairs over 30 m."""
    road = LineSet([np.array([[40.0, 100.0], [300.3, 100.0]])])
    r = run_spec(APLS, road, road, {"VARIANT": "sat2graph_spacenet"})
    assert r.score("APLS") == 1.0
    p = r.parameters
    assert (p["TILE_SIZE"], p["TILE_MARGIN"], p["MIN_PATH_LENGTH"], p["CONTROL_SPACING"]) == \
        (352.0, 30.0, 30.0, 20.0)
    # 260.3 m: int(130.15) + 1 = 131 hops, 132 vertices: n = int(132 / 10) + 1 = 14 pieces
    assert r.counts["gt_control_points"] == 13 + 2

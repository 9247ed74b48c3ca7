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
    pts, depends = s2g.control_points(g, g, s2g.CITYSCALE)
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


# --- Go's random map order -------------------------------------------------

def test_small_map_order_is_a_rotation_of_the_insertion_order():
    """A map of k <= 8 keys is one bucket walked from a random slot of 8:
    rotation r (1 <= r < k) with probability 1/8 each, the insertion order
    with (9 - k) / 8.  Over 8,000 draws, k = 3: 6/8, 1/8, 1/8."""
    rng = np.random.default_rng(0)
    seen = {}
    for _ in range(8000):
        o = tuple(s2g.go_small_map_order(["a", "b", "c"], rng))
        seen[o] = seen.get(o, 0) + 1
    assert set(seen) == {("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")}
    assert abs(seen[("a", "b", "c")] / 8000 - 0.75) < 0.02
    assert abs(seen[("b", "c", "a")] / 8000 - 0.125) < 0.015
    assert s2g.go_small_map_order(["a", "b"], None) == ["a", "b"]


def test_large_map_order_is_a_permutation_keeping_bucket_mates_in_order():
    """Above 8 keys: a permutation; keys are walked bucket by bucket, each
    bucket's keys in insertion order rotated by one offset, so over many
    draws every key comes first sometimes, and one seed gives one order."""
    items = list(range(40))
    firsts = set()
    for seed in range(200):
        o = s2g.go_map_order(items, np.random.default_rng(seed))
        assert sorted(o) == items
        firsts.add(o[0])
    assert len(firsts) > 30
    assert s2g.go_map_order(items, np.random.default_rng(3)) == \
        s2g.go_map_order(items, np.random.default_rng(3))
    assert s2g.go_map_order(items, None) == items


def _graphs(gt_lines, pred_lines):
    return (s2g.densify([s2g.to_degrees(np.asarray(p, float)) for p in gt_lines]),
            s2g.densify([s2g.to_degrees(np.asarray(p, float)) for p in pred_lines]))


ROAD = [[200.0, 500.0], [601.0, 500.0]]


def test_a_contested_vertex_is_an_order_dependence_and_a_free_one_is_not():
    """The prediction's road lies on the ground truth (every point gets its
    first candidate: no conflict); a doubled prediction road 4 m away makes
    the ground truth's points compete with nothing, but the doubled road's
    points, snapped onto the ground truth, contest the vertices the first
    copy's points take (4 m < 4 hops of 2 m)."""
    g, p = _graphs([ROAD], [ROAD])
    pts, depends = s2g.control_points(p, g, s2g.CITYSCALE)
    assert not depends
    assert not s2g.snap(p, pts, g, s2g.CITYSCALE)[1]
    g, p = _graphs([ROAD], [ROAD, [[200.0, 504.0], [601.0, 504.0]]])
    pts, _ = s2g.control_points(p, g, s2g.CITYSCALE)
    match, conflict = s2g.snap(p, pts, g, s2g.CITYSCALE)
    assert conflict and (match < 0).any()


def test_a_loop_with_interior_points_depends_on_its_walking_direction():
    """A 600 m loop hanging from a dead-end road: its chain starts and ends
    at the junction, and which way it is walked moves its interior points."""
    loop = [[600.0, 500.0], [900.0, 500.0], [900.0, 800.0], [600.0, 500.0]]
    g, _ = _graphs([[[300.0, 500.0], [600.0, 500.0]], loop], [ROAD])
    assert s2g.control_points(g, g, s2g.CITYSCALE)[1]


def test_orders_average_only_where_the_order_matters():
    """No dependence: one run, and 16 random orders give exactly its
    number.  Doubled roads: the mean of random orders, reproducible for a
    seed, inside the range of the orders it averaged."""
    g, p = _graphs([ROAD], [ROAD])
    one = s2g.one_way(p, g, s2g.CITYSCALE)
    assert one["orders"] == 1
    rng = np.random.default_rng(5)
    for _ in range(16):
        pts, _ = s2g.control_points(p, g, s2g.CITYSCALE, rng)
        m, _ = s2g.snap(p, pts, g, s2g.CITYSCALE, rng)
        assert s2g._run(p, g, pts, m, s2g.CITYSCALE, ({}, {}))[0] == one["score"]
    cross = [[400.0, 300.0], [400.0, 700.0]]
    g, p = _graphs([ROAD, cross], [ROAD, [[200.0, 504.0], [601.0, 504.0]], cross])
    a = s2g.one_way(p, g, s2g.CITYSCALE, seed=(0, 1))
    assert a["orders"] >= 4
    assert a["order_min"] <= a["score"] <= a["order_max"]
    assert s2g.one_way(p, g, s2g.CITYSCALE, seed=(0, 1))["score"] == a["score"]
    assert s2g.one_way(p, g, s2g.CITYSCALE, orders=1)["orders"] == 1


def test_orders_and_seed_are_parameters_recorded_with_the_score():
    r = run(GT, HALF, ORDERS=1)
    assert r.parameters["ORDERS"] == 1 and r.parameters["SEED"] == 0
    assert r.counts["gt_orders"] == 1
    spacenet = run_spec(APLS, GT, HALF, {})
    assert spacenet.parameters["ORDERS"] is None and spacenet.parameters["SEED"] is None

"""Hand-checked JUNCT cases (numbers derived in the comments).

Defaults: CLUSTER_RADIUS 42.5 m, MATCH_RADIUS 55.25 m, DIRECTION_DISTANCE
55.25 m, ANGLE_TOLERANCE 90 degrees (strict: a difference of exactly 90 is not
captured)."""
import math

import networkx as nx
import numpy as np
import pytest

from core import registry
from core.metrics.junctions.features import JunctionClusters, node_pair_distances
from core.network.lineset import network_from
from helpers import lines
from core.runner import run as run_spec

JUNCT = registry.get("junct")


def run(gt, pred, **p):
    return run_spec(JUNCT, gt, pred, p)


# A 600 m road along y = 0 with two roads going north (300 m) at x = 200 and
# x = 400: two three-way junctions, 200 m apart (two clusters).
LADDER = lines([[0, 0], [200, 0], [400, 0], [600, 0]], [[200, 0], [200, 300]],
               [[400, 0], [400, 300]])


def rotated_fan(deg):
    """Three 200 m roads from the origin at deg, deg + 30, deg + 60 degrees."""
    out = []
    for a in (deg, deg + 30, deg + 60):
        t = math.radians(a)
        out.append([[0, 0], [200 * math.cos(t), 200 * math.sin(t)]])
    return lines(*out)


def test_identity_is_perfect():
    r = run(LADDER, LADDER)
    assert (r.score("F_CORRECT"), r.score("F_ERROR"), r.score("F1")) == (1.0, 0.0, 1.0)
    assert r.score("GT_JUNCTIONS") == r.score("MATCHED_JUNCTIONS") == 2
    assert r.counts["gt_directions"] == 6


def test_fig2_junction_missing_one_road_counts_zero():
    # Seed paper Fig. 2 (top): the prediction lacks the road north of
    # x = 400, so its node there has two roads (dissolved, no junction).
    # Junction x = 200: directions W (180), N (90), E (0) on both sides,
    # f_correct 1, f_error 0.  Junction x = 400: nothing within 55.25 m
    # (the other predicted junction is 200 m away): f_correct 0 — it counts
    # 0/3 although two of its three roads are there.
    # F_correct = (1 + 0) / 2; n_error = 0 -> F_error = 0; F1 = 2 * 0.5 / 1.5.
    pred = lines([[0, 0], [200, 0], [400, 0], [600, 0]], [[200, 0], [200, 300]])
    r = run(LADDER, pred)
    assert r.score("F_CORRECT") == pytest.approx(0.5)
    assert r.score("F_ERROR") == 0.0
    assert r.score("F1") == pytest.approx(2 / 3)
    um = r.layers["UNMATCHED_GT"]
    assert um.coords.tolist() == [[400, 0]]
    assert um.columns["f_correct"] == [0.0] and um.columns["gt_degree"] == [3]
    m = r.layers["MATCHED"]
    assert m.coords.tolist() == [[200, 0]]
    assert m.columns["f_correct"] == [1.0] and m.columns["f_error"] == [0.0]
    assert m.columns["gt_degree"] == [3] and m.columns["pred_degree"] == [3]


def test_every_road_broken_in_the_middle_stays_perfect():
    # 4 m gaps in the middle of all five roads: the junctions and their
    # directions 55.25 m along each road (all roads >= 98 m) are unchanged.
    pred = lines([[0, 0], [98, 0]], [[102, 0], [200, 0], [298, 0]],
                 [[302, 0], [400, 0], [498, 0]], [[502, 0], [600, 0]],
                 [[200, 0], [200, 148]], [[200, 152], [200, 300]],
                 [[400, 0], [400, 148]], [[400, 152], [400, 300]])
    r = run(LADDER, pred)
    assert (r.score("F_CORRECT"), r.score("F_ERROR"), r.score("F1")) == (1.0, 0.0, 1.0)


def test_spurious_road_at_a_junction():
    # Ground truth: roads at 0, 30, 60 degrees.  Prediction adds a road west
    # (180 degrees, 120..180 away from all three: not captured).
    # f_correct = 3/3; f_error = 1/4; F_error = 0.25 / (0.25 + 1) = 0.2;
    # F1 = 2 * 1 * 0.8 / 1.8.
    gt = rotated_fan(0)
    pred = lines(*[p.tolist() for p in gt.parts], [[0, 0], [-200, 0]])
    r = run(gt, pred)
    assert r.score("F_CORRECT") == 1.0
    assert r.score("F_ERROR") == pytest.approx(0.2)
    assert r.score("F1") == pytest.approx(1.6 / 1.8)
    assert r.score("N_ERROR") == pytest.approx(0.25)
    d = r.layers["DIRECTIONS"]
    pred_rays = [(a, c) for s, a, c in zip(d.columns["source"], d.columns["angle_deg"],
                                           d.columns["captured"]) if s == "prediction"]
    assert sorted(pred_rays) == [(0.0, 1), (pytest.approx(30.0), 1), (pytest.approx(60.0), 1),
                                 (180.0, 0)]


def test_angle_tolerance():
    # Prediction rotated by 25 degrees: 25, 55, 85 vs 0, 30, 60.
    # Default 90: everything captured -> perfect.
    # 20 degrees: GT 0 is 25 from 25 (missed), 30 and 60 are 5 away (found):
    # f_correct 2/3; predicted 85 is 25 from 60 (spurious): f_error 1/3;
    # score 1/3 > 0 so they match.  F_error = (1/3) / (1/3 + 2/3) = 1/3;
    # F1 = 2 (2/3)(2/3) / (4/3) = 2/3.
    gt, pred = rotated_fan(0), rotated_fan(25)
    assert run(gt, pred).score("F1") == 1.0
    r = run(gt, pred, ANGLE_TOLERANCE=20.0)
    assert r.score("F_CORRECT") == pytest.approx(2 / 3)
    assert r.score("F_ERROR") == pytest.approx(1 / 3)
    assert r.score("F1") == pytest.approx(2 / 3)
    # 2 degrees: nothing captured: score -1, no match; F_correct 0;
    # n_error 1 (the unmatched predicted junction) -> F_error 1.
    r = run(gt, pred, ANGLE_TOLERANCE=2.0)
    assert (r.score("F_CORRECT"), r.score("F_ERROR"), r.score("F1")) == (0.0, 1.0, 0.0)
    assert len(r.layers["UNMATCHED_PRED"]) == 1


def test_match_radius():
    # The same fan 50 m east matches (50 <= 55.25: every direction within
    # 90 degrees); 60 m east does not: F_correct 0, F_error 1.
    gt = rotated_fan(0)
    near = gt.translated(50.0, 0.0)
    far = gt.translated(60.0, 0.0)
    r = run(gt, near)
    assert r.score("F_CORRECT") == 1.0
    assert r.layers["MATCHED"].columns["distance"] == [50.0]
    r = run(gt, far)
    assert (r.score("F_CORRECT"), r.score("F_ERROR"), r.score("F1")) == (0.0, 1.0, 0.0)


# Staggered junction: road y = 0 from x = -200 to 230, a road north at x = 0
# and a road south at x = 30: junctions (0, 0) and (30, 0), 30 m apart.
STAGGERED = lines([[-200, 0], [0, 0], [30, 0], [230, 0]], [[0, 0], [0, 200]],
                  [[30, 0], [30, -200]])
CROSS = lines([[-200, 0], [15, 0], [230, 0]], [[15, 200], [15, 0], [15, -200]])


def test_close_junctions_form_one_cluster():
    # 30 m < 42.5 m (and 30 m along the road): one cluster at the first node
    # in (x, y) order, (0, 0).  Roads leaving it: W from (0,0) -> (-55.25, 0),
    # N -> (0, 55.25), E from (30,0) -> (85.25, 0), S from (30,0) -> (30, -55.25)
    # (angle atan2(-55.25, 30) = -61.5 degrees); the internal 30 m road is not
    # a direction.  A predicted 4-way cross at (15, 0) (180, 0, +-90) captures
    # all four and vice versa: perfect, 1 junction each side.
    A = JunctionClusters(network_from(STAGGERED, {}), 42.5, 55.25)
    assert len(A) == 1 and A.xy.tolist() == [[0, 0]] and A.size.tolist() == [2]
    got = sorted(map(tuple, np.round(A.dir_xy, 9).tolist()))
    assert got == [(-55.25, 0.0), (0.0, 55.25), (30.0, -55.25), (85.25, 0.0)]
    r = run(STAGGERED, CROSS)
    assert (r.score("F_CORRECT"), r.score("F_ERROR")) == (1.0, 0.0)
    assert r.score("GT_JUNCTIONS") == 1 and r.counts["gt_junction_nodes"] == 2
    # CLUSTER_RADIUS 10: two ground-truth junctions; the cross matches the
    # first, (0, 0) (f_correct 1: W, N, and E read at the other junction
    # 30 m away as the road is shorter than 55.25 m); (30, 0) has no
    # predicted junction left: F_correct = 1/2.
    r = run(STAGGERED, CROSS, CLUSTER_RADIUS=10.0)
    assert r.score("GT_JUNCTIONS") == 2
    assert r.score("F_CORRECT") == pytest.approx(0.5)
    assert r.layers["UNMATCHED_GT"].coords.tolist() == [[30, 0]]


def test_cluster_needs_a_short_network_path():
    # Two T-junctions 30 m apart on parallel roads that are not connected:
    # 30 m straight but no path within 2 x 42.5 m -> two clusters.
    gt = lines([[-200, 0], [0, 0], [200, 0]], [[0, 0], [0, -200]],
               [[-200, 30], [0, 30], [200, 30]], [[0, 30], [0, 230]])
    A = JunctionClusters(network_from(gt, {}), 42.5, 55.25)
    assert len(A) == 2
    # connected only by a detour (200 + 30 + 200 m > 85 m): still two; by a
    # 30 m connector: one cluster
    detour = lines(*[p.tolist() for p in gt.parts], [[200, 0], [200, 30]])
    assert len(JunctionClusters(network_from(detour, {}), 42.5, 55.25)) == 2
    joined = lines(*[p.tolist() for p in gt.parts], [[0, 0], [0, 30]])
    assert len(JunctionClusters(network_from(joined, {}), 42.5, 55.25)) == 1


def test_short_roads_read_at_their_end():
    # A T whose northern road is a 20 m stub: its direction is the stub's
    # dead end (0, 20), 90 degrees, so it still matches a full T.  A road
    # shorter than DIRECTION_DISTANCE to another junction is read at that
    # junction (no clustering with CLUSTER_RADIUS 0).
    stub = lines([[-200, 0], [0, 0], [200, 0]], [[0, 0], [0, 20]])
    A = JunctionClusters(network_from(stub, {}), 42.5, 55.25)
    assert sorted(np.degrees(A.dir_angle).round(9).tolist()) == [0.0, 90.0, 180.0]
    assert [0.0, 20.0] in A.dir_xy.tolist()
    full = lines([[-200, 0], [0, 0], [200, 0]], [[0, 0], [0, 200]])
    assert run(stub, full).score("F1") == 1.0
    B = JunctionClusters(network_from(STAGGERED, {}), 0.0, 55.25)
    assert len(B) == 2
    first = B.dir_xy[B.dir_ptr[0]:B.dir_ptr[1]].tolist()
    assert [30.0, 0.0] in first  # read at the junction 30 m away


def test_empty_and_junctionless_inputs():
    r = run(LADDER, lines())
    assert r.score("F_CORRECT") == 0.0 and math.isnan(r.score("F_ERROR"))
    assert r.score("F1") == 0.0 and any("empty" in w for w in r.warnings)
    assert r.to_dict()["scores"]["F_ERROR"] is None
    # a prediction without junction: same numbers, another warning
    r = run(LADDER, lines([[0, 0], [600, 0]]))
    assert (r.score("F_CORRECT"), r.score("F1")) == (0.0, 0.0)
    assert math.isnan(r.score("F_ERROR")) and any("no junction" in w for w in r.warnings)
    # a ground truth without junction: F_correct undefined, the predicted
    # junctions are all errors
    r = run(lines([[0, 0], [600, 0]]), LADDER)
    assert math.isnan(r.score("F_CORRECT"))
    assert (r.score("F_ERROR"), r.score("F1")) == (1.0, 0.0)
    # neither: 1 / 0 / 1 by convention, with a warning
    r = run(lines([[0, 0], [600, 0]]), lines([[0, 5], [600, 5]]))
    assert (r.score("F_CORRECT"), r.score("F_ERROR"), r.score("F1")) == (1.0, 0.0, 1.0)
    assert any("convention" in w for w in r.warnings)


def test_bad_parameters():
    for p in ({"DIRECTION_DISTANCE": 0.0}, {"CLUSTER_RADIUS": -1.0}, {"ANGLE_TOLERANCE": 0.0},
              {"ANGLE_TOLERANCE": 200.0}):
        with pytest.raises(ValueError):
            run(LADDER, LADDER, **p)


@pytest.mark.parametrize("limit", [150.0, 40.0, 0.0])
def test_node_pair_distances_match_networkx(limit):
    from scipy.spatial import cKDTree
    g = np.random.Generator(np.random.PCG64(3))
    pts = g.uniform(0, 300, (40, 2))
    segs = [[pts[i].tolist(), pts[j].tolist()] for i, j in g.integers(0, 40, (70, 2)) if i != j]
    net = network_from(lines(*segs), {})
    G = nx.Graph()
    for e in range(net.n_edges):
        u, v, w = int(net.edge_u[e]), int(net.edge_v[e]), float(net.edge_length[e])
        if u != v and (not G.has_edge(u, v) or G[u][v]["weight"] > w):
            G.add_edge(u, v, weight=w)
    # every pair within the limit (straight line), both ways, plus random pairs
    close = cKDTree(net.node_xy).query_pairs(max(limit, 1.0), output_type="ndarray")
    a = np.concatenate([close[:, 0], close[:, 1], g.integers(0, net.n_nodes, 100)])
    b = np.concatenate([close[:, 1], close[:, 0], g.integers(0, net.n_nodes, 100)])
    got = node_pair_distances(net, a, b, limit)
    n_reached = 0
    for x, y, d in zip(a, b, got):
        try:
            ref = nx.dijkstra_path_length(G, int(x), int(y)) if x != y else 0.0
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            ref = math.inf
        assert d == (pytest.approx(ref) if ref <= limit else math.inf)
        n_reached += ref <= limit and x != y
    assert n_reached > (10 if limit > 100 else 0) or limit == 0


def test_pair_scores_match_a_direct_loop():
    # the vectorised f_correct / f_error of every pair of clusters of two
    # random networks equal RoadTracer's isMatch written as plain loops
    from core.metrics.junctions.junct import pair_scores
    g = np.random.Generator(np.random.PCG64(5))

    def net(k):
        pts = g.uniform(0, 400, (30, 2))
        segs = [[pts[i].tolist(), pts[j].tolist()] for i, j in g.integers(0, 30, (k, 2)) if i != j]
        return network_from(lines(*segs), {})

    A = JunctionClusters(net(60), 42.5, 55.25)
    B = JunctionClusters(net(50), 42.5, 55.25)
    ia, ib = np.meshgrid(np.arange(len(A)), np.arange(len(B)), indexing="ij")
    ia, ib = ia.ravel(), ib.ravel()
    tol = math.radians(60.0)
    fc, fe, _, _ = pair_scores(A, B, ia, ib, tol)
    assert len(A) > 5 and len(B) > 5

    def dirs(C, c):
        return C.dir_angle[C.dir_ptr[c]:C.dir_ptr[c + 1]].tolist()

    def near(x, ys):
        return any(min(abs(x - y) % (2 * math.pi), 2 * math.pi - abs(x - y) % (2 * math.pi)) < tol
                   for y in ys)

    for k, (a, b) in enumerate(zip(ia, ib)):
        da, db = dirs(A, a), dirs(B, b)
        if not da or not db:
            assert (fc[k], fe[k]) == (0.0, 1.0)
            continue
        assert fc[k] == pytest.approx(sum(near(x, db) for x in da) / len(da))
        assert fe[k] == pytest.approx(sum(not near(y, da) for y in db) / len(db))

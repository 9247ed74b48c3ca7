"""Hand-checked OPT-P cases (numbers derived in the comments) and the
building blocks: path decomposition, intervals, Viterbi, corridor routes.

Defaults: SEGMENT_LENGTH = SNAP_DISTANCE = CORRIDOR_WIDTH = 12.5 m, so a
straight 400 m ground-truth road is resampled into 32 segments of 12.5 m
(points at x = 0, 12.5, ..., 400)."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.metrics.paths import pathmatch
from core import registry
from core.metrics.paths.intervals import EdgeLine, IntervalSet
from core.network.build import build_network
from core.metrics.paths.pathmatch import free_candidates
from core.metrics.paths.pathsample import PathPoints, decompose_paths, sub_polyline
from core.network.sampling import rng
from core.metrics.paths.viterbi import viterbi
from helpers import lines
from core.runner import run as run_spec

OPTP = registry.get("optp")
APLS = registry.get("apls")
TLTS = registry.get("tlts")

ROAD = lines([[0, 0], [400, 0]])


def gt_path_scores(r):
    """The score of every ground-truth path, in path order, read from the
    output layers (path_score of each piece; SCORES holds no per-path list)."""
    by_path = {}
    for name in ("MATCHED", "UNMATCHED_GT"):
        c = r.layers[name].columns
        for src, k, v in zip(c["source"], c["path_id"], c["path_score"]):
            if src == "ground_truth":
                by_path[int(k)] = v
    return [by_path[k] for k in sorted(by_path)]


def run(gt, pred, **p):
    return run_spec(OPTP, gt, pred, p)


def test_identity():
    gt = lines([[0, 0], [200, 0]], [[200, 0], [200, 200]], [[200, 0], [300, -50]],
               [[0, 0], [0, 80], [60, 120], [0, 0]])
    r = run(gt, gt)
    assert r.score("PRECISION") == pytest.approx(1.0, abs=1e-12)
    assert r.score("RECALL") == pytest.approx(1.0, abs=1e-12)
    assert r.score("N_INTERRUPTIONS") == 0
    assert len(r.layers["UNMATCHED_GT"]) == 0 and len(r.layers["UNMATCHED_PRED"]) == 0


def test_gap_in_the_middle():
    # The prediction misses x = 190..210.  GT point x = 200 is 10 m from both
    # prediction ends: its candidate at x = 190 connects to x = 187.5, the one
    # at x = 210 connects to x = 212.5, so exactly one 12.5 m segment beside
    # the gap is unmatched (which one is a tie; the score is the same):
    # pieces a = 200 and b = 187.5 plus the unmatched u = 12.5 (the path's
    # length a + b + u = 400 includes it):
    #   recall = (a^2 + b^2) / (a + b + u)^2 = (40000 + 35156.25) / 160000
    # Both prediction roads lie on the ground truth: precision 1.
    pred = lines([[0, 0], [190, 0]], [[210, 0], [400, 0]])
    r = run(ROAD, pred)
    a, b, u = 200.0, 187.5, 12.5
    assert r.score("RECALL") == pytest.approx((a * a + b * b) / (a + b + u) ** 2)
    assert r.score("RECALL") == pytest.approx(0.4697265625)
    assert r.score("PRECISION") == pytest.approx(1.0)
    assert r.score("F1") == pytest.approx(2 * 0.4697265625 / 1.4697265625)
    assert r.score("N_INTERRUPTIONS") == 1
    assert (r.score("N_PATHS_GT"), r.score("N_PATHS_PRED")) == (1, 2)
    um = r.layers["UNMATCHED_GT"]
    assert len(um) == 1 and um.columns["piece_length"] == [pytest.approx(12.5)]
    xs = sorted(um.coords[0][:, 0])
    assert xs in ([187.5, 200.0], [200.0, 212.5])
    m = r.layers["MATCHED"]
    gt_pieces = sorted(l for l, s in zip(m.columns["piece_length"], m.columns["source"])
                       if s == "ground_truth")
    assert gt_pieces == [pytest.approx(187.5), pytest.approx(200.0)]
    assert set(m.columns["path_score"][i] for i, s in enumerate(m.columns["source"])
               if s == "prediction") == {1.0}


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_doubled_road_lowers_precision_only(seed):
    # Paper Fig. 1: the prediction has the road plus a copy 3 m beside it
    # between x = 100 and 300, joined at its ends (nodes of degree 3 there).
    # Prediction paths: 0 -> 100 -> (road or copy) -> 300 -> 400 (fully along
    # the ground truth: P = 1, which consumes all of it) and the other branch
    # 100 -> 300, whose candidates all lie on consumed ground truth: P = 0.
    # Precision = (1 + 0) / 2; recall 1 (the ground truth follows the road).
    pred = lines([[0, 0], [100, 0], [300, 0], [400, 0]],
                 [[100, 0], [110, 3], [290, 3], [300, 0]])
    r = run(ROAD, pred, SEED=seed)
    assert r.score("PRECISION") == pytest.approx(0.5)
    assert r.score("RECALL") == pytest.approx(1.0)
    assert r.score("F1") == pytest.approx(2 / 3)
    spur = r.layers["UNMATCHED_PRED"]
    assert len(spur) == 1
    assert spur.columns["piece_length"][0] in (pytest.approx(200.0),
                                               pytest.approx(180 + 2 * math.sqrt(109)))
    # the old path scores hardly notice: every TLTS path is correct, APLS
    # loses only a few percent (OPT-P F1 loses a third)
    assert run_spec(TLTS, ROAD, pred, {"SEED": seed}).score("CORRECT") == 1.0
    assert run_spec(APLS, ROAD, pred).score("APLS") > 0.94


def test_two_parallel_roads_for_one():
    # The prediction draws the 300 m road twice, 4 m on each side.  The first
    # predicted path matches the whole ground truth (P = 1) and consumes it;
    # the second finds only the consumed road (its first point projects onto
    # the ground truth's end node, but no transition is free): P = 0.
    gt = lines([[0, 0], [300, 0]])
    both = lines([[0, -4], [300, -4]], [[0, 4], [300, 4]])
    one = lines([[0, -4], [300, -4]])
    r2, r1 = run(gt, both), run(gt, one)
    assert r1.score("PRECISION") == pytest.approx(1.0)
    assert r2.score("PRECISION") == pytest.approx(0.5)
    assert r2.score("RECALL") == r1.score("RECALL") == pytest.approx(1.0)


def test_one_road_for_two_lowers_recall():
    # The reverse: two ground-truth roads 6 m apart, one predicted road in the
    # middle.  The first ground-truth path consumes the prediction, the second
    # finds nothing left: recall (1 + 0) / 2, precision 1.
    gt = lines([[0, -3], [300, -3]], [[0, 3], [300, 3]])
    pred = lines([[0, 0], [300, 0]])
    r = run(gt, pred)
    assert r.score("RECALL") == pytest.approx(0.5)
    assert r.score("PRECISION") == pytest.approx(1.0)
    assert r.counts["gt_paths_unmatched"] == 1


def test_detour_outside_the_corridor_is_an_interruption():
    # The prediction leaves the road at x = 190, goes 50 m north and comes
    # back at x = 210: one edge (its bends are degree-2 vertices).  The route
    # from the candidate at (190, 0) to x = 212.5 runs 50 m from the segment
    # 200 -> 212.5, outside the 12.5 m corridor: the same interruption as a
    # gap, recall (200^2 + 187.5^2) / 400^2.  A 60 m corridor contains the
    # detour ((190, 50) is 51 m from that segment): recall 1.
    pred = lines([[0, 0], [190, 0], [190, 50], [210, 50], [210, 0], [400, 0]])
    assert run(ROAD, pred).score("RECALL") == pytest.approx(0.4697265625)
    assert run(ROAD, pred, CORRIDOR_WIDTH=60.0).score("RECALL") == pytest.approx(1.0)


def test_route_through_a_whole_edge_needs_enough_hops():
    # Prediction: roads 0..190 and 195..400 joined by a 5 m connector, with
    # side roads at x = 190 and x = 195 (so both are junctions).  With a 1 m
    # snap distance, x = 187.5 has only the left road as candidate and
    # x = 200 only the right road: the route left -> node 190 -> connector
    # (a whole edge) -> node 195 -> right walks 3 edges.  MAX_HOPS = 3 allows
    # it (recall 1); MAX_HOPS = 2 does not: the segment 187.5 -> 200 is
    # unmatched, recall (187.5^2 + 200^2) / 400^2.
    pred = lines([[0, 0], [190, 0]], [[190, 0], [195, 0]], [[195, 0], [400, 0]],
                 [[190, 0], [190, -100]], [[195, 0], [195, 100]])
    assert run(ROAD, pred, SNAP_DISTANCE=1.0, MAX_HOPS=3).score("RECALL") == pytest.approx(1.0)
    r = run(ROAD, pred, SNAP_DISTANCE=1.0, MAX_HOPS=2)
    assert r.score("RECALL") == pytest.approx(0.4697265625)


def test_split_junction_connects_both_crossing_roads():
    # A crossing drawn by the prediction as two junctions A = (-3, 0) and
    # B = (3, 0) joined by a 6 m connector (typical of skeleton graphs):
    # west -> A -> B -> east and south -> B -> A -> north.  Depending on the
    # seed (not for seed 0) the two ground-truth paths through (0, 0) both
    # need the connector.
    # Edge parts within NODE_SNAP_DISTANCE (5 m) of a junction are shared,
    # never consumed, so the 6 m connector serves both: recall 1 for every
    # seed.  Without that sharing (0 m) the second path through the
    # connector is interrupted next to the crossing, as in the gap case:
    # recall (1 + (200^2 + 187.5^2) / 400^2) / 2.
    gt = lines([[-200, 0], [0, 0]], [[0, 0], [200, 0]], [[0, -200], [0, 0]], [[0, 0], [0, 200]])
    pred = lines([[-200, 0], [-3, 0]], [[-3, 0], [3, 0]], [[3, 0], [200, 0]],
                 [[0, -200], [3, 0]], [[-3, 0], [0, 200]])
    shared = [run(gt, pred, SEED=s).score("RECALL") for s in range(6)]
    assert shared == [pytest.approx(1.0)] * 6
    unshared = [run(gt, pred, SEED=s, NODE_SNAP_DISTANCE=0.0).score("RECALL") for s in range(6)]
    assert min(unshared) == pytest.approx((1 + 0.4697265625) / 2)


REF25 = dict(SEGMENT_LENGTH=25.0, SNAP_DISTANCE=25.0, CORRIDOR_WIDTH=25.0)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_point_beside_a_consumed_stretch_is_reprojected_onto_the_free_part(seed):
    # Issue 16.  The reference's 25 px taken as metres: SEGMENT_LENGTH =
    # SNAP_DISTANCE = CORRIDOR_WIDTH = 25.  Prediction: one road y = 0,
    # x = 0..300 (one edge, dead ends at both ends: nothing is shared).
    # Ground truth: A = (0, 2)-(150, 2) (6 segments of 25 m) and
    # B = (140, 15)-(300, 15) (160 m: 7 segments of 160 / 7 m); their extents
    # along the prediction overlap by 10 m.
    # If B is matched first (seed 0) it consumes x = 140..300.  A's last point
    # (150, 2) projects onto (150, 0), consumed: it is re-projected onto the
    # cut (140, 0), sqrt(10^2 + 2^2) = 10.2 m away (< 25), and the transition
    # (125, 0) -> (140, 0) runs on the free part: P(A) = 1.  Dropping that
    # candidate instead (before the fix) left 125 -> 150 unmatched:
    # P(A) = (125 / 150)^2, recall (1 + 25/36) / 2 = 61/72 = 0.847.
    # If A goes first it consumes 0..150 and B's first point (140, 15) moves
    # to the cut (150, 0), sqrt(10^2 + 15^2) = 18.0 m away: P(B) = 1 too.
    # Recall is 1 for every seed.
    # Precision (one predicted path, points every 25 m, nothing consumed):
    # A and B are not connected, so one transition breaks; Viterbi keeps the
    # cheaper candidates (2 m from A rather than 15 m from B) up to x = 150
    # and breaks 150 -> 175: pieces 150 and 125 of 300,
    # precision (150^2 + 125^2) / 300^2 = 38125 / 90000.
    pred = lines([[0, 0], [300, 0]])
    gt = lines([[0, 2], [150, 2]], [[140, 15], [300, 15]])
    r = run(gt, pred, SEED=seed, **REF25)
    assert gt_path_scores(r) == [pytest.approx(1.0)] * 2
    assert r.score("RECALL") == pytest.approx(1.0)
    assert r.score("PRECISION") == pytest.approx(38125 / 90000)
    assert r.score("N_INTERRUPTIONS") == 0
    if seed == 0:
        with _dropping_consumed_candidates():
            old = run(gt, pred, SEED=0, **REF25)
        assert old.score("RECALL") == pytest.approx(61 / 72)


def test_reprojection_onto_a_cut_respects_the_snap_distance():
    # The same case with B 26 m from the prediction and SNAP_DISTANCE 27: if
    # A goes first (seed 1 here, checked below), B's first point (140, 26) is
    # sqrt(10^2 + 26^2) = 27.9 m from the cut (150, 0), beyond the snap: it
    # stays unmatched, P(B) = ((160 - 160/7) / 160)^2 = (6/7)^2.  With B first
    # (the prediction consumed 140..300), A's point (150, 2) reaches the cut.
    pred = lines([[0, 0], [300, 0]])
    gt = lines([[0, 2], [150, 2]], [[140, 26], [300, 26]])
    p = dict(REF25, SNAP_DISTANCE=27.0, CORRIDOR_WIDTH=27.0)
    scores = set()
    for seed in range(6):
        r = run(gt, pred, SEED=seed, **p)
        scores.add(tuple(sorted(round(x, 9) for x in gt_path_scores(r))))
    assert scores == {(1.0, 1.0), (round(36 / 49, 9), 1.0)}


class _dropping_consumed_candidates:
    """The matching before issue 16 (kept for comparison): a candidate on a
    consumed location is dropped, not re-projected."""

    def __enter__(self):
        self.saved = pathmatch.free_candidates

        def drop(net, line, consumed, xy, cp, ce, co, cem, cxy, snap, node_snap=0.0):
            g = line.at(ce, co)
            keep = ~consumed.overlaps(g, g)
            return cp[keep], ce[keep], co[keep], cem[keep], cxy[keep]
        pathmatch.free_candidates = drop

    def __exit__(self, *exc):
        pathmatch.free_candidates = self.saved


@st.composite
def _network_with_a_duplicate(draw):
    """A jittered grid of roads (spacing 60-140 m) and one of its roads
    copied 1-10 m to its side, either free or joined to the road's ends."""
    n = draw(st.integers(2, 4))
    step = draw(st.floats(60, 140))
    g = np.random.Generator(np.random.PCG64(draw(st.integers(0, 2**31))))
    pts = np.array([[i * step, j * step] for i in range(n) for j in range(n)], float)
    pts += g.uniform(-15, 15, pts.shape)
    roads = []
    for i in range(n):
        for j in range(n):
            a = i * n + j
            for b in ([a + n] if i + 1 < n else []) + ([a + 1] if j + 1 < n else []):
                if g.random() < 0.75:
                    roads.append(np.array([pts[a], (pts[a] + pts[b]) / 2 + g.uniform(-8, 8, 2),
                                           pts[b]]))
    if not roads:
        roads.append(np.array([pts[0], pts[1]]))
    r = roads[draw(st.integers(0, len(roads) - 1))]
    d = r[-1] - r[0]
    normal = np.array([-d[1], d[0]]) / np.hypot(*d)
    copy = r + draw(st.floats(1.0, 10.0)) * draw(st.sampled_from([-1.0, 1.0])) * normal
    if draw(st.booleans()):  # joined at the road's ends (the paper's Fig. 1)
        copy = np.vstack([r[0], copy[1:-1], r[-1]]) if len(copy) > 2 else copy
    return roads, roads + [copy]


@settings(max_examples=40)
@given(_network_with_a_duplicate(), st.integers(0, 3))
def test_duplicated_road_never_scores_worse_than_before_the_reprojection(case, seed):
    roads, doubled = case
    gt, pred = lines(*roads), lines(*doubled)
    for a, b in ((gt, pred), (pred, gt)):
        new = run(a, b, SEED=seed)
        with _dropping_consumed_candidates():
            old = run(a, b, SEED=seed)
        for k in ("RECALL", "PRECISION"):
            assert new.score(k) >= old.score(k) - 1e-9, k


def test_empty_prediction_and_ground_truth():
    r = run(ROAD, lines())
    assert r.score("RECALL") == 0.0 and r.score("F1") == 0.0
    assert math.isnan(r.score("PRECISION"))
    assert r.to_dict()["scores"]["PRECISION"] is None
    assert any("empty" in w for w in r.warnings)
    with pytest.raises(ValueError, match="ground truth has no usable line"):
        run(lines(), ROAD)


def test_bad_parameters_are_clear_errors():
    for p, msg in (({"SEGMENT_LENGTH": 0.0}, "SEGMENT_LENGTH"), ({"MAX_HOPS": 0}, "MAX_HOPS"),
                   ({"SNAP_DISTANCE": -1.0}, "SNAP_DISTANCE")):
        with pytest.raises(ValueError, match=msg):
            run(ROAD, ROAD, **p)


# -- building blocks --------------------------------------------------------

def _grid(n=4, step=100.0):
    out = []
    for i in range(n):
        for j in range(n):
            if i + 1 < n:
                out.append(np.array([[i * step, j * step], [(i + 1) * step, j * step]]))
            if j + 1 < n:
                out.append(np.array([[i * step, j * step], [i * step, (j + 1) * step]]))
    return out


def test_decomposition_covers_every_edge_once_and_is_seeded():
    net = build_network(_grid() + [np.array([[0, 0], [-50, -50]])])
    paths = decompose_paths(net, rng(3))
    edges = np.concatenate([p[0] for p in paths])
    assert sorted(edges.tolist()) == list(range(net.n_edges))
    again = decompose_paths(net, rng(3))
    assert all((a[0] == b[0]).all() and (a[1] == b[1]).all() for a, b in zip(paths, again))
    # each path is a walk: consecutive edges share the node it passes
    for e, f in paths:
        ends = np.where(f, net.edge_v[e], net.edge_u[e])
        starts = np.where(f, net.edge_u[e], net.edge_v[e])
        assert (ends[:-1] == starts[1:]).all()
    # the first path starts at a dead end (the 4 corners are degree 2, the
    # spur's end is the only degree-1 node)
    e, f = paths[0]
    first = net.edge_u[e[0]] if f[0] else net.edge_v[e[0]]
    assert net.node_degree()[first] == 1


def test_ring_is_one_path_with_a_direction_independent_of_splitting():
    # a closed ring keeps one node, its lexicographically smallest vertex
    # (0, 0); it is walked in the direction leaving that node with the
    # smaller (dx, dy): north (0, 1) before east (1, 0), however the ring is
    # split or directed
    ring = [np.array([[0, 0], [100, 0], [100, 50], [0, 60], [0, 0]], float)]
    split = [np.array([[0, 0], [40, 0]], float),
             np.array([[40, 0], [100, 0], [100, 50], [0, 60], [0, 30], [0, 0]], float)]
    for parts in (ring, split, [ring[0][::-1]]):
        net = build_network(parts)
        paths = decompose_paths(net, rng(0))
        assert len(paths) == 1
        pts = PathPoints(net, paths, 12.5)
        assert pts.xy[0].tolist() == [0.0, 0.0]
        assert pts.xy[1][0] == pytest.approx(0.0) and pts.xy[1][1] > 0
        assert pts.length[0] == pytest.approx(100 + 50 + math.hypot(100, 10) + 60)


def test_resampling_spacing():
    net = build_network([np.array([[0, 0], [30, 0]]), np.array([[30, 0], [30, 10]]),
                         np.array([[30, 0], [60, 0]])])
    paths = [(np.array([0, 2]), np.array([True, True]))]  # 0 -> 30 -> 60 along x
    pts = PathPoints(net, paths, 12.5)
    # each 30 m edge: ceil(30 / 12.5) = 3 pieces of 10 m; the node x = 30 is kept
    assert pts.xy[:, 0].tolist() == pytest.approx([0, 10, 20, 30, 40, 50, 60])
    assert pts.s.tolist() == pytest.approx([0, 10, 20, 30, 40, 50, 60])
    assert pts.length.tolist() == [60.0]


def test_sub_polyline():
    xy = np.array([[0.0, 0.0], [10.0, 0.0], [10.0, 10.0]])
    cum = np.array([0.0, 10.0, 20.0])
    assert sub_polyline(xy, cum, 5, 15).tolist() == [[5, 0], [10, 0], [10, 5]]
    assert sub_polyline(xy, cum, 10, 10).tolist() == [[10, 0], [10, 0]]


def test_free_candidates_move_to_the_cuts_of_the_consumed_run():
    # One 100 m edge along the x axis; x = 40..60 consumed.  A point at
    # (50, 3) projects onto x = 50 (consumed): it gets the two cuts x = 40 and
    # x = 60, both sqrt(10^2 + 3^2) = 10.44 m away (cost 109 m^2), with a 12 m
    # snap distance; none with 10 m.  A free candidate is kept as it is.
    net = build_network([np.array([[0.0, 0.0], [100.0, 0.0]])])
    forward = net.node_xy[net.edge_u[0], 0] == 0.0

    def off(x):
        return x if forward else 100.0 - x

    line = EdgeLine(net)
    consumed = IntervalSet()
    consumed.add([line.at(0, min(off(40), off(60)))], [line.at(0, max(off(40), off(60)))])
    xy = np.array([[50.0, 3.0], [80.0, 1.0]])
    cand = (np.array([0, 1]), np.array([0, 0]), np.array([off(50), off(80)]), np.array([9.0, 1.0]),
            np.array([[50.0, 0.0], [80.0, 0.0]]))
    cp, ce, co, cem, cxy = free_candidates(net, line, consumed, xy, *cand, snap=12.0)
    assert cp.tolist() == [0, 0, 1]
    assert sorted(cxy[:2, 0].tolist()) == [40.0, 60.0] and cxy[2].tolist() == [80.0, 0.0]
    assert cem.tolist() == [pytest.approx(109.0)] * 2 + [1.0]
    cp, _, _, _, cxy = free_candidates(net, line, consumed, xy, *cand, snap=10.0)
    assert cp.tolist() == [1]
    # a run reaching the dead end x = 100 leaves one cut, x = 40; a cut within
    # node_snap of an edge end is placed on the node (its cost stays the
    # distance to the cut): run 3..60, point (10, 2), cut x = 3 at
    # sqrt(7^2 + 2^2) m -> node (0, 0) with node_snap 5
    tail = IntervalSet()
    tail.add([line.at(0, min(off(40), off(100)))], [line.at(0, max(off(40), off(100)))])
    cp, _, _, _, cxy = free_candidates(net, line, tail, xy[:1], *[c[:1] for c in cand], snap=12.0)
    assert cxy.tolist() == [[40.0, 0.0]]
    head = IntervalSet()
    head.add([line.at(0, min(off(3), off(60)))], [line.at(0, max(off(3), off(60)))])
    p = np.array([[10.0, 2.0]])
    c = (np.array([0]), np.array([0]), np.array([off(10)]), np.array([4.0]), np.array([[10.0, 0.0]]))
    cp, ce, co, cem, cxy = free_candidates(net, line, head, p, *c, snap=12.0, node_snap=5.0)
    assert cxy.tolist() == [[0.0, 0.0]] and co.tolist() == [off(0)]
    assert cem.tolist() == [pytest.approx(53.0)]


def test_interval_set_open_overlaps():
    s = IntervalSet()
    s.add([10.0, 30.0], [20.0, 40.0])
    s.add([20.0], [25.0])  # touches [10, 20]: merged into [10, 25]
    assert s.lo.tolist() == [10.0, 30.0] and s.hi.tolist() == [25.0, 40.0]
    q_lo = np.array([0.0, 25.0, 26.0, 12.0, 10.0, 39.0, 5.0])
    q_hi = np.array([10.0, 30.0, 29.0, 12.0, 10.0, 45.0, 50.0])
    # touching ends and points on an end do not overlap; an inner point does
    assert s.overlaps(q_lo, q_hi).tolist() == [False, False, False, True, False, True, True]


def test_viterbi_prefers_connected_candidates():
    # 3 points; point 0: candidates 0 (d^2 = 1) and 1 (d^2 = 0); point 1:
    # candidate 2 (d^2 = 4); point 2: candidate 3 (d^2 = 0).  Free pairs
    # (0 -> 2) and (2 -> 3).  The cheaper candidate 1 is not connected:
    # taking it costs the penalty, so the alignment is 0, 2, 3 (cost 5).
    cptr = np.array([0, 2, 3, 4])
    em = np.array([1.0, 0.0, 4.0, 0.0])
    state, pair = viterbi(3, cptr, em, np.array([0, 2]), np.array([2, 3]), np.array([0, 1]),
                          np.array([100.0, 100.0]))
    assert state.tolist() == [0, 2, 3] and pair.tolist() == [0, 1]
    # a huge distance makes 'unmatched' cheaper than the connection
    em2 = np.array([1.0, 0.0, 400.0, 0.0])
    state, pair = viterbi(3, cptr, em2, np.array([0, 2]), np.array([2, 3]), np.array([0, 1]),
                          np.array([100.0, 100.0]))
    assert state[1] == -1 and pair.tolist() == [-1, -1]


def test_pooled_over_tiles_is_the_mean_over_all_paths():
    # the gap case (1 GT path, P = 0.4697...) and the identity (1 path, P = 1)
    pred = lines([[0, 0], [190, 0]], [[210, 0], [400, 0]])
    a, b = run(ROAD, pred), run(ROAD, ROAD)
    pooled = OPTP.pool([a, b])
    assert pooled["RECALL"] == pytest.approx((0.4697265625 + 1) / 2)
    assert pooled["PRECISION"] == pytest.approx(1.0)  # 2 + 1 predicted paths, all P = 1
    assert pooled["N_PATHS_PRED"] == 3 and pooled["N_INTERRUPTIONS"] == 1


@pytest.mark.slow
def test_optp_on_two_processes_is_bit_identical(monkeypatch):
    """Recall and precision matched on two processes (no size threshold)
    give the serial run's numbers and layers, bit for bit."""
    from core.metrics.paths import optp
    from core.parallel import cores_for_run
    from helpers import assert_identical_results
    from sample_data import sample
    monkeypatch.setattr(optp, "PARALLEL_POINTS", 0)
    used, n_items = [], []
    real = optp.process_map
    monkeypatch.setattr(optp, "process_map",
                        lambda *a, **k: used.append(a[4]) or n_items.append(len(a[2])) or real(*a, **k))
    gt, pred = sample("ground_truth"), sample("prediction")
    with cores_for_run(1):
        serial = run_spec("optp", gt, pred)
    from helpers import slow_here
    here = slow_here(monkeypatch, 2.0)  # two items: this one must still run when the worker is up
    with cores_for_run(2):
        both = run_spec("optp", gt, pred)
    assert used == [1, 2]
    assert 0 < len(here) < n_items[-1]  # the worker process ran some items
    assert_identical_results(serial, both)

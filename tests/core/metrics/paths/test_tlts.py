"""Hand-checked TLTS cases.  The sampled pairs are random, so every sampled
path is checked against the class derived by hand from its end points (read
from the MATCHED / UNMATCHED_GT layers), and the fractions against the
probabilities derived for uniform draws (4 binomial standard deviations)."""
import math

import networkx as nx
import numpy as np
import pytest

from core import registry
from core.network.build import build_network
from core.metrics.paths.pairroutes import PairRouter
from core.network.paths import NetworkDistances
from core.network.sampling import rng
from helpers import lines
from core.runner import run as run_spec

TLTS = registry.get("tlts")
N = 1000


def run(gt, pred, **p):
    return run_spec(TLTS, gt, pred, p)


def paths(r):
    """(class, gt length, pred length, start xy, end xy) of every sampled path."""
    out = []
    for name in ("MATCHED", "UNMATCHED_GT"):
        t = r.layers[name]
        for i, g in enumerate(t.coords):
            out.append((t.columns["class"][i], t.columns["gt_length"][i],
                        t.columns["pred_length"][i], g[0], g[-1]))
    return out


def fractions_match_counts(r):
    s = r.scores
    assert s["CORRECT"] + s["TOO_LONG"] + s["TOO_SHORT"] + s["INFEASIBLE"] == pytest.approx(1.0)
    assert s["TOO_LONG_OR_SHORT"] == pytest.approx(s["TOO_LONG"] + s["TOO_SHORT"])
    n = r.counts["paths"]
    for k in ("correct", "too_long", "too_short", "infeasible"):
        assert s[k.upper()] == r.counts[k] / n


def near(x, p, n=N):
    return abs(x - p) <= 4 * math.sqrt(p * (1 - p) / n) + 1e-12


def test_identity():
    gt = lines([[0, 0], [200, 0]], [[200, 0], [200, 200]], [[0, 0], [0, 50], [200, 200]])
    r = run(gt, gt)
    assert r.score("CORRECT") == 1.0 and r.score("INFEASIBLE") == 0.0
    assert r.counts["paths"] == N
    fractions_match_counts(r)


def test_shortcut_makes_paths_too_short():
    # GT: a U of 300 m (0,0)-(0,100)-(100,100)-(100,0); the prediction closes
    # it into a 400 m ring.  Every GT point lies on the prediction.  Two
    # points at arc lengths a, b along the U: L = |a - b| in the GT,
    # L' = min(L, 400 - L) in the prediction.  Too short when
    # (L - L') / L > 0.05, i.e. L > 400 / 1.95 = 205.13 m; never too long or
    # infeasible.  P(|a - b| > c) = (1 - c / 300)^2 = 0.1000 for uniform a, b.
    gt = lines([[0, 0], [0, 100], [100, 100], [100, 0]])
    pred = lines([[0, 0], [0, 100], [100, 100], [100, 0], [0, 0]])
    r = run(gt, pred)
    fractions_match_counts(r)
    assert r.score("TOO_LONG") == 0.0 and r.score("INFEASIBLE") == 0.0
    for cls, L, Lp, _, _ in paths(r):
        assert Lp == pytest.approx(min(L, 400 - L), abs=1e-9)
        assert cls == ("too_short" if L > 400 / 1.95 else "correct")
    assert near(r.score("TOO_SHORT"), (1 - 400 / 1.95 / 300) ** 2)


def _x_on_pred_detour(x):
    """Arc coordinate in the detour prediction of the point nearest (x, 0):
    0..90 on the road, 90 for 90 < x < 100 (the detour's foot), 210 for
    100 < x < 110, x + 100 beyond 110 (the detour adds 2 x 50 m)."""
    if x <= 90:
        return x
    if x >= 110:
        return x + 100
    return 90.0 if x < 100 else 210.0


def test_detour_makes_paths_too_long():
    # GT: the road (0,0)-(200,0).  The prediction goes round x = 90..110 by
    # (90,50)-(110,50): +100 m.  A pair straddling x = 100 gets L' = L + about
    # 100 m (too long: 100 > 5 % of at most 200 m); a pair on one side is
    # correct, or too short when an end falls in the detour's gap (it maps to
    # its foot).  P(straddle) = 2 x 0.5 x 0.5 = 0.5.
    gt = lines([[0, 0], [200, 0]])
    pred = lines([[0, 0], [90, 0], [90, 50], [110, 50], [110, 0], [200, 0]])
    r = run(gt, pred)
    fractions_match_counts(r)
    assert r.score("INFEASIBLE") == 0.0
    for cls, L, Lp, p, q in paths(r):
        x1, x2 = sorted([p[0], q[0]])
        assert L == pytest.approx(x2 - x1)
        Lp_hand = abs(_x_on_pred_detour(x2) - _x_on_pred_detour(x1))
        assert Lp == pytest.approx(Lp_hand, abs=1e-9)
        rel = (L - Lp_hand) / L
        assert cls == ("too_short" if rel > 0.05 else "too_long" if rel < -0.05 else "correct")
        assert (cls == "too_long") == ((x1 < 100) != (x2 < 100))
    assert near(r.score("TOO_LONG"), 0.5)
    assert r.score("TOO_LONG") > r.score("CORRECT") > r.score("TOO_SHORT")


def test_gap_makes_paths_infeasible():
    # The prediction misses x = 90..110.  GT points in the gap snap to the
    # nearer end (at most 10 m < 12.5 m), so a pair is infeasible exactly when
    # its ends are on different sides of x = 100: probability 0.5.
    gt = lines([[0, 0], [200, 0]])
    pred = lines([[0, 0], [90, 0]], [[110, 0], [200, 0]])
    r = run(gt, pred)
    fractions_match_counts(r)
    assert r.score("TOO_LONG") == 0.0
    for cls, L, Lp, p, q in paths(r):
        assert (cls == "infeasible") == ((p[0] < 100) != (q[0] < 100))
        if cls == "infeasible":
            assert Lp is None or math.isnan(Lp)
    assert near(r.score("INFEASIBLE"), 0.5)
    um = r.layers["UNMATCHED_GT"]
    assert set(um.columns["reason"]) == {"no path in the prediction"}
    # a snap distance of 5 m leaves GT points in x = 95..105 unmatched
    r5 = run(gt, pred, SNAP_DISTANCE=5.0)
    reasons = set(r5.layers["UNMATCHED_GT"].columns["reason"])
    assert "start not within SNAP_DISTANCE" in reasons or "end not within SNAP_DISTANCE" in reasons


def test_length_tolerance_is_in_percent():
    # shortcut case with a 50 % tolerance: too short when
    # (L - (400 - L)) / L > 0.5, i.e. L > 800 / 3
    gt = lines([[0, 0], [0, 100], [100, 100], [100, 0]])
    pred = lines([[0, 0], [0, 100], [100, 100], [100, 0], [0, 0]])
    r = run(gt, pred, LENGTH_TOLERANCE=50.0, N_PATHS=300)
    for cls, L, _, _, _ in paths(r):
        assert cls == ("too_short" if L > 800 / 3 else "correct")
    assert r.counts["paths"] == 300


def test_only_connected_ground_truth_pairs_are_sampled():
    # two separate roads: pairs across them are redrawn (as the reference)
    gt = lines([[0, 0], [100, 0]], [[0, 50], [100, 50]])
    r = run(gt, gt)
    assert r.score("CORRECT") == 1.0
    assert r.counts["draws"] > r.counts["paths"] == N
    assert near(r.counts["paths"] / r.counts["draws"], 0.5, r.counts["draws"])


def test_empty_prediction_and_ground_truth():
    r = run(lines([[0, 0], [100, 0]]), lines())
    assert r.score("INFEASIBLE") == 1.0 and r.score("CORRECT") == 0.0
    assert any("empty" in w for w in r.warnings)
    with pytest.raises(ValueError, match="ground truth has no usable line"):
        run(lines(), lines([[0, 0], [100, 0]]))
    with pytest.raises(ValueError, match="N_PATHS"):
        run(lines([[0, 0], [100, 0]]), lines([[0, 0], [100, 0]]), N_PATHS=0)


def test_same_seed_same_paths_other_seed_other_paths():
    gt = lines([[0, 0], [0, 100], [100, 100], [100, 0]])
    pred = lines([[0, 0], [0, 100], [100, 100], [100, 0], [0, 0]])
    a, b, c = run(gt, pred, SEED=1), run(gt, pred, SEED=1), run(gt, pred, SEED=2)
    assert a.to_json() == b.to_json()
    assert a.layers["MATCHED"].columns["gt_length"] != c.layers["MATCHED"].columns["gt_length"]


def test_pair_routes_equal_networkx():
    # length-weighted routes between random location pairs on a jittered grid
    # with a missing edge and a ring, against networkx on the graph with the
    # locations inserted as nodes; route geometries have the route's length
    g = rng(11)
    parts = []
    for i in range(4):
        for j in range(4):
            p = np.array([i * 100.0, j * 100.0])
            if i < 3 and (i, j) != (1, 1):
                parts.append(np.array([p, p + [50, g.uniform(-10, 10)], p + [100, 0]]))
            if j < 3:
                parts.append(np.array([p, p + [0, 100]]))
    parts.append(np.array([[600, 0], [700, 0], [650, 80], [600, 0]]))  # separate ring
    net = build_network(parts)
    k = 60
    e1, e2 = g.integers(0, net.n_edges, k), g.integers(0, net.n_edges, k)
    o1, o2 = g.uniform(0, 1, k) * net.edge_length[e1], g.uniform(0, 1, k) * net.edge_length[e2]
    d, geoms = PairRouter(NetworkDistances(net), block=7).routes(e1, o1, e2, o2, geometry=True)
    G = nx.Graph()
    for e in range(net.n_edges):
        offs = sorted({0.0, net.edge_length[e]} | {o for ee, o in zip(np.r_[e1, e2], np.r_[o1, o2])
                                                    if ee == e})
        names = [("n", int(net.edge_u[e])) if o == 0.0 else ("n", int(net.edge_v[e]))
                 if o == net.edge_length[e] else ("p", e, o) for o in offs]
        for a, b, oa, ob in zip(names[:-1], names[1:], offs[:-1], offs[1:]):
            if a != b and (not G.has_edge(a, b) or G[a][b]["weight"] > ob - oa):
                G.add_edge(a, b, weight=ob - oa)

    def name(e, o):
        return ("n", int(net.edge_u[e])) if o == 0 else ("p", int(e), o)
    for i in range(k):
        try:
            want = nx.dijkstra_path_length(G, name(e1[i], o1[i]), name(e2[i], o2[i]))
        except nx.NetworkXNoPath:
            want = np.inf
        assert d[i] == pytest.approx(want, abs=1e-9)
        if np.isfinite(want):
            gl = np.hypot(*np.diff(geoms[i], axis=0).T).sum()
            assert gl == pytest.approx(want, abs=1e-6)
            assert geoms[i][0] == pytest.approx(net.point_at([e1[i]], [o1[i]])[0])
            assert geoms[i][-1] == pytest.approx(net.point_at([e2[i]], [o2[i]])[0])
        else:
            assert geoms[i] is None


def test_pooled_over_tiles_sums_the_class_counts():
    gt = lines([[0, 0], [200, 0]])
    gap = lines([[0, 0], [90, 0]], [[110, 0], [200, 0]])
    a, b = run(gt, gap, N_PATHS=300), run(gt, gt, N_PATHS=100)
    pooled = TLTS.pool([a, b])
    assert pooled["INFEASIBLE"] == pytest.approx(a.counts["infeasible"] / 400)
    assert pooled["CORRECT"] == pytest.approx((a.counts["correct"] + 100) / 400)

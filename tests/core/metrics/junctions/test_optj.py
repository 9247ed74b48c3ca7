"""Hand-checked OPT-J cases (numbers derived in the comments), and the
vectorised candidate search against a brute-force oracle.

Defaults: MAX_DISTANCE 12.5 m, ALPHA 0.02 per metre; cost = ALPHA d + |o_i - o_j|,
an edge point has o = 2."""
import math

import numpy as np
import pytest

from core import registry
from core.network.lineset import LineSet, network_from
from core.metrics.junctions.optj import _Features, match_features
from helpers import lines
from core.runner import run as run_spec

OPTJ = registry.get("optj")


def run(gt, pred, **p):
    return run_spec(OPTJ, gt, pred, p)


def numbers(r):
    return tuple(r.score(k) for k in ("TP", "PP", "AP"))


# A 600 m road along y = 0 with roads north (300 m) at x = 200 and x = 400.
# Features: dead ends (0,0), (600,0), (200,300), (400,300) (o = 1) and
# junctions (200,0), (400,0) (o = 3): AP of a perfect match = 4 + 6 = 10.
LADDER = lines([[0, 0], [200, 0], [400, 0], [600, 0]], [[200, 0], [200, 300]],
               [[400, 0], [400, 300]])


def test_identity_is_perfect():
    r = run(LADDER, LADDER)
    assert numbers(r) == (10, 10, 10)
    assert (r.score("PRECISION"), r.score("RECALL"), r.score("F1")) == (1.0, 1.0, 1.0)


def test_fig2_junction_missing_one_road_counts_two_thirds():
    # Seed paper Fig. 2 (bottom): the prediction lacks the road north of
    # x = 400.  Pass 1: the four features present match themselves (cost 0,
    # TP 1+3+1+1, PP and AP the same); junction (400,0) (o=3) matches the
    # prediction's edge point there (o=2, cost 1): TP += 2, PP += 2, AP += 3
    # -> 2/3 for that junction.  The dead end (400,300) is 300 m from the
    # prediction: unmatched, AP += 1.  TP = 8, PP = 8, AP = 10.
    pred = lines([[0, 0], [200, 0], [400, 0], [600, 0]], [[200, 0], [200, 300]])
    r = run(LADDER, pred)
    assert numbers(r) == (8, 8, 10)
    assert r.score("PRECISION") == 1.0 and r.score("RECALL") == pytest.approx(0.8)
    assert r.score("F1") == pytest.approx(1.6 / 1.8)
    m = r.layers["MATCHED"]
    k = m.coords.tolist().index([400, 0])
    row = {f: m.columns[f][k] for f, _ in m.fields}
    assert row["gt_degree"] == 3 and row["pred_degree"] == 2 and row["true_positive"] == 2
    assert row["matched_to"] == "edge_point" and row["kind"] == "junction"
    assert r.layers["UNMATCHED_GT"].coords.tolist() == [[400, 300]]
    assert r.counts["matches_pass1_edge_point"] == 1


def test_every_road_broken_in_the_middle_drops_recall():
    # 4 m gaps in the middle of all five roads: the six features match
    # themselves (TP = PP = AP = 10).  Pass 2: each of the 10 new dead ends
    # (o=1) lies on the ground truth 2 m from the gap's middle, no ground-truth
    # feature within 12.5 m: it matches the edge point (o=2, cost 1):
    # TP += 1, PP += 1, AP += 2 each.  TP 20, PP 20, AP 30: precision 1,
    # recall 2/3, F1 0.8 (JUNCT stays perfect on the same data).
    pred = lines([[0, 0], [98, 0]], [[102, 0], [200, 0], [298, 0]],
                 [[302, 0], [400, 0], [498, 0]], [[502, 0], [600, 0]],
                 [[200, 0], [200, 148]], [[200, 152], [200, 300]],
                 [[400, 0], [400, 148]], [[400, 152], [400, 300]])
    r = run(LADDER, pred)
    assert numbers(r) == (20, 20, 30)
    assert r.score("PRECISION") == 1.0
    assert r.score("RECALL") == pytest.approx(2 / 3)
    assert r.score("F1") == pytest.approx(0.8)
    assert r.counts["matches_pass2"] == 10
    assert run_spec(registry.get("junct"), LADDER, pred).score("F1") == 1.0


# Ground truth: T at (0,0) (roads to (-200,0), (200,0), (0,200)).
# Prediction: the same T with its junction at (10,0) and its north road at x = 10.
T_GT = lines([[-200, 0], [0, 0], [200, 0]], [[0, 0], [0, 200]])
T_SHIFTED = lines([[-200, 0], [10, 0], [200, 0]], [[10, 0], [10, 200]])


def test_degree_mismatch_outweighs_distance():
    # Junction (0,0), o=3: the predicted junction 10 m away costs
    # 0.02 * 10 = 0.2; the prediction's edge point at (0,0), 0 m, costs
    # |3 - 2| = 1: the junction wins.  (0,200) matches (10,200) (0.2; its edge
    # point is that dead end itself, not a candidate).  All degrees agree:
    # TP = PP = AP = 3 + 1 + 1 + 1.
    r = run(T_GT, T_SHIFTED)
    assert numbers(r) == (6, 6, 6)
    # ALPHA 0.2: the junction costs 2 > 1, the edge point wins: TP 2, PP 2,
    # AP 3.  The dead ends match as before (the northern one at cost 2, the
    # only candidate).  Pass 2: the predicted junction (10,0), o=3, finds no
    # free ground-truth feature; the ground truth's edge point (10,0), o=2:
    # TP 2, PP 3, AP 2.  TP = 2+3+2 = 7, PP = 2+3+3 = 8, AP = 3+3+2 = 8.
    r = run(T_GT, T_SHIFTED, ALPHA=0.2)
    assert numbers(r) == (7, 8, 8)
    assert r.score("PRECISION") == r.score("RECALL") == pytest.approx(7 / 8)
    assert r.counts["matches_pass2"] == 1


def test_max_distance():
    # The T shifted by 12 m matches (0.24 each); shifted by 13 m nothing is
    # within 12.5 m but edge points: the junction (0,0) finds the
    # prediction's horizontal road at (0,0) (edge point, o=2: TP 2, AP 3,
    # PP 2); (-200,0) and (200,0) match the identical predicted dead ends
    # (cost 0); (0,200) is 13 m from (13,200), the closest predicted point:
    # unmatched (AP 1).  Pass 2: (13,0) o=3
    # finds the ground-truth road at (13,0) (o=2): TP 2, PP 3, AP 2; (13,200)
    # is 13 m from (0,200) and its closest ground-truth point: unmatched (PP 1).
    # TP = 2+1+1+2 = 6, PP = 2+1+1+3+1 = 8, AP = 3+1+1+1+2 = 8.
    near = lines([[-200, 0], [12, 0], [200, 0]], [[12, 0], [12, 200]])
    far = lines([[-200, 0], [13, 0], [200, 0]], [[13, 0], [13, 200]])
    assert numbers(run(T_GT, near)) == (6, 6, 6)
    r = run(T_GT, far)
    assert numbers(r) == (6, 8, 8)
    assert len(r.layers["UNMATCHED_GT"]) == 1 and len(r.layers["UNMATCHED_PRED"]) == 1


def test_feature_used_once_edge_point_shared():
    # Ground truth: two roads, y = 2 and y = -4, from x = -100 to 0 (four dead
    # ends, o=1).  Prediction: one road y = 0 from x = -100 to 100.
    # Pass 1: (-100,2) takes the predicted dead end (-100,0) (d 2, cost 0.04);
    # (-100,-4) wants it too (d 4) but it is used, and its closest predicted
    # point is that same end node (not an edge point): unmatched, AP += 1.
    # (0,2) and (0,-4) both match the edge point (0,0) (o=2): an edge point
    # takes several features.  TP 1+1+1, PP 1+2+2, AP 1+1+1.
    # Pass 2: (100,0) is 100 m from the ground truth: unmatched, PP += 1.
    # TP 3, PP 6, AP 4: precision 0.5, recall 0.75, F1 0.6.
    gt = lines([[-100, 2], [0, 2]], [[-100, -4], [0, -4]])
    pred = lines([[-100, 0], [100, 0]])
    r = run(gt, pred)
    assert numbers(r) == (3, 6, 4)
    assert (r.score("PRECISION"), r.score("RECALL")) == (0.5, 0.75)
    assert r.score("F1") == pytest.approx(0.6)
    assert sorted(r.layers["MATCHED"].columns["matched_to"]) == ["edge_point", "edge_point",
                                                                 "feature"]
    assert r.layers["UNMATCHED_GT"].coords.tolist() == [[-100, -4]]


def test_pass2_does_not_reuse_ground_truth_features():
    # Ground truth: road (-100,0)-(0,0).  Prediction: road (-100,0)-(1,0) and
    # a separate road (3,5)-(3,100).  Pass 1: (0,0) takes (1,0) (0.02 beats
    # the edge point at 0 m, cost 1, and (3,5), 0.117); (-100,0) itself.
    # Pass 2: (3,5) finds (0,0) used and its closest ground-truth point is that
    # end node: unmatched (PP 1); (3,100): unmatched (PP 1).
    # TP 2, PP 4, AP 2.  (The reference code would match (3,5) to (0,0) again.)
    gt = lines([[-100, 0], [0, 0]])
    pred = lines([[-100, 0], [1, 0]], [[3, 5], [3, 100]])
    r = run(gt, pred)
    assert numbers(r) == (2, 4, 2)
    assert (r.score("PRECISION"), r.score("RECALL")) == (0.5, 1.0)


def test_empty_and_featureless_inputs():
    r = run(LADDER, lines())
    assert numbers(r) == (0, 0, 10)
    assert r.score("RECALL") == 0.0 and math.isnan(r.score("PRECISION"))
    assert r.score("F1") == 0.0 and any("empty" in w for w in r.warnings)
    assert r.to_dict()["scores"]["PRECISION"] is None
    # closed rings have no feature: nothing to compare on either side
    ring = lines([[0, 0], [100, 0], [100, 100], [0, 100], [0, 0]])
    r = run(ring, ring)
    assert (r.score("PRECISION"), r.score("RECALL"), r.score("F1")) == (1.0, 1.0, 1.0)
    assert any("convention" in w for w in r.warnings)
    # a ring ground truth and a prediction with a break in it: the two dead
    # ends match the ring's edge points (TP 1+1, PP 1+1, AP 2+2)
    broken = lines([[0, 0], [100, 0], [100, 100], [0, 100], [0, 2]])
    r = run(ring, broken)
    assert numbers(r) == (2, 2, 4)


def test_bad_parameters():
    for p in ({"MAX_DISTANCE": -1.0}, {"ALPHA": -0.1}):
        with pytest.raises(ValueError):
            run(LADDER, LADDER, **p)


def _oracle(gt, pred, dmax, alpha):
    """Brute force: every feature pair, the closest point over every segment,
    then the same greedy rule.  Returns (TP, PP, AP)."""
    G, P = network_from(gt, {}), network_from(pred, {})

    def feats(net):
        deg = net.node_degree()
        ids = [n for n in range(net.n_nodes) if deg[n] != 2]
        return ids, deg

    def closest(net, x, y):
        best = (math.inf, None, None)
        for e in range(net.n_edges):
            pl = net.edge_polyline(e)
            for a, b in zip(pl[:-1], pl[1:]):
                ab = b - a
                t = min(1.0, max(0.0, float(np.dot([x, y] - a, ab) / np.dot(ab, ab))))
                q = a + t * ab
                d = math.hypot(x - q[0], y - q[1])
                if d < best[0]:
                    best = (d, q, e)
        return best

    def one_pass(src_net, src_ids, dst_net, dst_ids, dst_free):
        sdeg, ddeg = src_net.node_degree(), dst_net.node_degree()
        cands = []
        for si, s in enumerate(src_ids):
            x, y = src_net.node_xy[s]
            for di, t in enumerate(dst_ids):
                d = math.hypot(*(dst_net.node_xy[t] - (x, y)))
                if d <= dmax and dst_free[di]:
                    cands.append((alpha * d + abs(sdeg[s] - ddeg[t]), d, si, di, ddeg[t]))
            d, q, e = closest(dst_net, x, y)
            if d <= dmax:
                at_node = any(np.allclose(q, dst_net.node_xy[n], atol=1e-6) and ddeg[n] != 2
                              for n in (dst_net.edge_u[e], dst_net.edge_v[e]))
                if not at_node:
                    cands.append((alpha * d + abs(sdeg[s] - 2), d, si, -1, 2))
        cands.sort(key=lambda c: (round(c[0], 9), round(c[1], 9), c[2], c[3] < 0, c[3]))
        used_s, used_d, out = set(), set(), []
        for cost, d, si, di, od in cands:
            if si in used_s or (di >= 0 and di in used_d):
                continue
            used_s.add(si)
            if di >= 0:
                used_d.add(di)
            out.append((si, di, od))
        return out

    gi, gdeg = feats(G)
    pi, pdeg = feats(P)
    m1 = one_pass(G, gi, P, pi, [True] * len(pi))
    g_used = {si for si, _, _ in m1}
    p_used = {di for _, di, _ in m1 if di >= 0}
    left = [p for k, p in enumerate(pi) if k not in p_used]
    m2 = one_pass(P, left, G, gi, [k not in g_used for k in range(len(gi))])
    tp = pp = ap = 0
    for si, di, od in m1:
        tp += min(gdeg[gi[si]], od)
        pp += od
        ap += gdeg[gi[si]]
    for si, di, od in m2:
        tp += min(pdeg[left[si]], od)
        pp += pdeg[left[si]]
        ap += od
    g_used |= {di for _, di, _ in m2 if di >= 0}
    p_used |= {pi.index(left[si]) for si, _, _ in m2}
    ap += sum(gdeg[n] for k, n in enumerate(gi) if k not in g_used)
    pp += sum(pdeg[n] for k, n in enumerate(pi) if k not in p_used)
    return tp, pp, ap


def _random_network(g, pts, m):
    """m roads between random pairs of the given points, each with a
    jittered middle vertex; roads sharing a point meet there."""
    n = len(pts)
    out = []
    for i, j in g.integers(0, n, (m, 2)):
        if i != j:
            mid = (pts[i] + pts[j]) / 2 + g.uniform(-5, 5, 2)
            out.append(np.array([pts[i], mid, pts[j]]))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_matches_brute_force_oracle(seed):
    g = np.random.Generator(np.random.PCG64(seed))
    pts = g.uniform(0, 200, (25, 2))
    gt_parts = _random_network(g, pts, 32)
    # prediction: the same points moved up to 8 m (junctions move together),
    # some roads dropped (degrees change), some cut (new dead ends), plus a
    # few random roads, so every kind of candidate occurs
    moved = pts + g.uniform(-8, 8, pts.shape)
    index = {tuple(p): k for k, p in enumerate(pts)}
    parts = []
    for p in gt_parts:
        if g.random() < 0.15:
            continue
        q = p.copy()
        q[0], q[2] = moved[index[tuple(p[0])]], moved[index[tuple(p[2])]]
        if g.random() < 0.2:
            parts += [q[:2], q[1:] + (1.5, 1.5)]
        else:
            parts.append(q)
    parts += _random_network(g, g.uniform(0, 200, (6, 2)), 8)
    gt, pred = LineSet(gt_parts), LineSet(parts)
    alpha = [0.02, 0.2][seed % 2]
    r = run(gt, pred, ALPHA=alpha)
    assert numbers(r) == _oracle(gt, pred, 12.5, alpha)
    c = r.counts
    assert c["matches_pass1_feature"] > 0 and c["matches_pass1_edge_point"] > 0


def test_match_features_returns_consistent_masks():
    Fg = _Features(network_from(LADDER, {}))
    Fp = _Features(network_from(lines([[0, 0], [200, 0], [400, 0], [600, 0]],
                                      [[200, 0], [200, 300]]), {}))
    m, gt_free, pred_free = match_features(Fg, Fp, 12.5, 0.02)
    assert len(m["gt"]) + gt_free.sum() == len(Fg) and not pred_free.any()

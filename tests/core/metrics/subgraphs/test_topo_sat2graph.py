"""TOPO VARIANT=sat2graph: the replay of Sat2Graph's Python TOPO
(topo_sat2graph.py), on hand-checked tiles.

The tiles: a straight road along a (the reference's first pixel axis, x) at
b = 500.  401 m of road is 401 / 111111 degrees of latitude; holes every
0.00005 degree (5.5556 m) along a whole edge: alpha = k 5.5556 / 401 <= 1,
k = 0 .. 72, 73 holes (72.18 steps: no tie at the edge's end); 190 m: 34.2
steps, 35 marbles.  Seeds: L = 401 m, n = int(401 / 55.556) = 7 seeds at
401 (k + 1) / 8 = 50.1, 100.3, ... 350.9 m from a = 200."""
import json
import math
from pathlib import Path

import numpy as np
import pytest

from core import registry
from core.metrics.subgraphs import topo_sat2graph as s2g
from core.network.lineset import LineSet
from core.runner import run as run_spec

TOPO = registry.get("topo")
ROAD = [np.array([[200.0, 500.0], [601.0, 500.0]])]                    # one edge
ROAD3 = [np.array([[200.0, 500.0], [410.0, 500.0], [601.0, 500.0]])]   # an interior vertex
HALF = [np.array([[200.0, 500.0], [390.0, 500.0]])]
FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "protocols" / "sat2graph_reference.json"


def run(gt, pred, variant="sat2graph"):
    return run_spec(TOPO, LineSet(gt), LineSet(pred), dict(VARIANT=variant))


def test_identity_is_one_and_a_chain_without_interior_vertex_is_seeded_twice():
    """The 401 m edge is a chain without interior vertex: walked from both
    ends, 2 x 7 = 14 seeds (7 locations); with a vertex at 410 m inside, the
    chain is walked once: 7."""
    r = run(ROAD, ROAD)
    assert r.score("PRECISION") == r.score("RECALL") == r.score("F1") == 1.0
    assert r.counts["seeds"] == 14 and r.counts["seeds_kept"] == 14
    rep = s2g.replay(ROAD, ROAD)
    locs = {(round(s[0], 12), round(s[1], 12)) for s in rep["seeds"]}
    assert len(locs) == 7
    r3 = run(ROAD3, ROAD3)
    assert r3.counts["seeds"] == 7 and r3.score("F1") == 1.0


def test_half_road_hand_checked():
    """Seeds at a = 250.1, 300.3, 350.4, 400.5 (10.5 m past the prediction's
    end: within 0.0001 degree = 11.1 m) pair, 450.6 .. 550.9 do not: 8 of 14
    (both walks).  Each walk samples its first edge whole (the reference's
    rule): 73 holes on the 401 m edge, 35 marbles on the 190 m one, all 35
    matched (5.56 m apart on one line): precision 35 / 35 = 1, recall 35 / 73
    per seed.  TOPO121 keeps all 8 (precision >= 0.9), so
    overall-recall = 35 / 73 x 8 / 14."""
    r = run(ROAD, HALF)
    rec = 35 / 73 * 8 / 14
    assert r.score("PRECISION") == 1.0
    assert r.score("RECALL") == pytest.approx(rec, rel=1e-12)
    assert r.score("F1") == pytest.approx(2 * rec / (1 + rec), rel=1e-12)
    c = r.counts
    assert (c["seeds"], c["seeds_paired"], c["seeds_evaluated"], c["seeds_kept"]) == (14, 8, 8, 8)
    assert (c["holes"], c["marbles"], c["matched_holes"], c["matched_marbles"]) == \
        (8 * 73, 8 * 35, 8 * 35, 8 * 35)
    assert r.score("TP") == 280 and r.score("FN") == 8 * 38 and r.score("FP") == 0
    # the walk radius: every first coordinate < 1111 px: 0.0015 degree
    assert r.parameters["RADIUS"] == pytest.approx(0.0015 * 111111)
    assert r.parameters["VARIANT"] == "sat2graph"
    # layers: the kept seeds' holes and marbles, in metres on the road
    assert len(r.layers["MATCHED"]) == 2 * 280 and len(r.layers["UNMATCHED_GT"]) == 8 * 38
    xy = r.layers["UNMATCHED_GT"].coords
    assert np.allclose(xy[:, 1], 500.0)


def test_precision_holes_are_doubled():
    """Every edge is two-way: the precision holes are the holes and a copy
    each at +0.00001 degree."""
    rep = s2g.replay(ROAD, HALF)
    assert len(rep["holes"][0]) == 8 * 73
    w, lat, lon, _, _ = rep["holes"]
    assert np.allclose(np.diff(np.sort(lat[w == 0])), 0.00005, rtol=1e-6)


def test_topo121_drops_the_twin_seeds_below_precision_0_9():
    """A prediction drifting to 20 m off the road at its far end (20 s / 401 m
    at s from a = 200): seeds within 11.1 m of it are those at s < 222 m, 50.1
    .. 200.5 m: 4 locations, seeds 0-3 walked forwards and their twins 13-10
    backwards (the chain without interior vertex), 8 rows.  Each walk samples
    both whole edges: the same precision < 0.9 for all (marbles more than
    11.1 m off the road are unmatched).  Twins pair on the same prediction
    edge at the same distance: competitors.  TOPO121 takes the rows in
    reverse order (equal precisions: 13, 12, 11, 10, 3, ...), keeps 13 and
    marks its twin 0, ..., keeps 10 and marks 3; 3 .. 0 are marked and below
    0.9: 4 of 14 seeds kept, recall = mean x 4 / 14."""
    drift = [np.array([[200.0, 500.0], [601.0, 520.0]])]
    rep = s2g.replay(ROAD, drift)
    ps = {round(x[2], 12) for x in rep["rows"]}
    assert [x[8] for x in rep["rows"]] == [0, 1, 2, 3, 10, 11, 12, 13]
    assert len(ps) == 1 and ps.pop() < 0.9
    assert [x[8] for x in rep["kept"]] == [13, 12, 11, 10]
    mean_r = sum(x[3] for x in rep["kept"]) / 4
    assert rep["recall"] == pytest.approx(mean_r * 4 / 14, rel=1e-12)
    assert rep["precision"] == pytest.approx(rep["rows"][0][2], rel=1e-12)


def test_walk_radius_follows_the_data():
    """main.py: r = 0.0015 when 41 - min_lat < 0.01, i.e. every vertex's
    first coordinate < 1111.1 px; else 0.003.  sat2graph_spacenet: 0.0015."""
    def radius(a, variant="sat2graph"):
        road = [np.array([[a - 400.0, 500.0], [a, 500.0]])]
        return run(road, road, variant).parameters["RADIUS"] / 111111

    assert radius(1110.0) == pytest.approx(0.0015)
    assert radius(1112.0) == pytest.approx(0.003)
    assert radius(1112.0, "sat2graph_spacenet") == pytest.approx(0.0015)


def test_walk_radius_sees_the_rows_of_tiles_read_before():
    """SAM-Road's City-Scale main.py never resets min_lat: a tile with roads
    only above row 1111 walks 0.003 degree after a tile reaching row 1860,
    0.0015 after tiles reaching 1100 only (PRIOR_MAX_A, filled by batch)."""
    road = [np.array([[600.0, 500.0], [1000.0, 500.0]])]

    def radius(prior):
        p = {"VARIANT": "sat2graph", "PRIOR_MAX_A": prior}
        return run_spec(TOPO, LineSet(road), LineSet(road), p).parameters["RADIUS"] / 111111

    assert radius(None) == pytest.approx(0.0015)
    assert radius(1100.0) == pytest.approx(0.0015)
    assert radius(1860.0) == pytest.approx(0.003)


def test_border_margin_excludes_nothing_on_small_tiles_but_does_on_5_km():
    """Region = extent padded by 300 m (lat) and 500 m / cos(41 deg) (lon);
    seeds kept only 7 % of the region inside it.  A 5 km road at b = 100:
    lat extent 5600 m, margin 392 m: seeds with a < 92 m or a > 4908 m are
    left out (the first and last of the 90, at 54.9 and 4945.1 m), twice
    (no interior vertex): 2 x 88 = 176."""
    road = [np.array([[0.0, 100.0], [5000.0, 100.0]])]
    G = s2g.Graph.from_parts(road)
    region, r = s2g.region_and_radius(G, G, s2g.CITYSCALE)
    assert r == 0.003
    assert len(s2g.seeds(G, region)) == 2 * 88
    small = [np.array([[0.0, 0.0], [2048.0, 0.0]])]
    G = s2g.Graph.from_parts(small)
    region, _ = s2g.region_and_radius(G, G, s2g.CITYSCALE)
    n = int(2048 / (0.0005 * 111111))
    assert len(s2g.seeds(G, region)) == 2 * n


def test_empty_prediction_and_no_seed():
    r = run(ROAD, [])
    assert r.score("PRECISION") == r.score("RECALL") == r.score("F1") == 0.0
    assert any("empty" in str(w) for w in r.warnings)
    short = [np.array([[200.0, 500.0], [220.0, 500.0]])]      # 20 m < 27.8 m: no seed
    r = run(short, short)
    assert math.isnan(r.score("PRECISION")) and math.isnan(r.score("F1"))


def test_standard_variant_is_unchanged():
    a = run_spec(TOPO, LineSet(ROAD), LineSet(HALF), {})
    b = run(ROAD, HALF, "standard")
    assert a.scores == b.scores


def test_pool_follows_the_reference_scripts():
    """City-Scale: mean of per-tile F1 / P / R; SpaceNet: tiles with P + R = 0
    left out, F1 of the means; NaN tiles (no seed) left out."""
    tiles = [(ROAD, ROAD), (ROAD, HALF), (ROAD, [])]
    for variant in ("sat2graph", "sat2graph_spacenet"):
        rs = [run(g, p, variant) for g, p in tiles]
        pooled = TOPO.pool(rs)
        if variant == "sat2graph":
            assert pooled["F1"] == pytest.approx(np.mean([r.score("F1") for r in rs]))
            assert pooled["RECALL"] == pytest.approx(np.mean([r.score("RECALL") for r in rs]))
        else:
            p = np.mean([r.score("PRECISION") for r in rs[:2]])
            rr = np.mean([r.score("RECALL") for r in rs[:2]])
            assert pooled["PRECISION"] == pytest.approx(p)
            assert pooled["F1"] == pytest.approx(2 * p * rr / (p + rr))


def _adjacency_parts(adj: list) -> list:
    """[[a, b, [[a2, b2], ...]], ...] as parts: each pair once, at its first
    listing and in that direction (the reference's vertex order)."""
    seen, parts = set(), []
    for a, b, nbrs in adj:
        for a2, b2 in nbrs:
            k = frozenset([(a, b), (a2, b2)])
            if (a, b) != (a2, b2) and k not in seen:
                seen.add(k)
                parts.append(np.array([[a, b], [a2, b2]], float))
    return parts


def _topo_cases():
    if not FIXTURES.exists():
        return []
    data = json.loads(FIXTURES.read_text())
    cases = data.get("cases", data) if isinstance(data, dict) else data
    items = cases.items() if isinstance(cases, dict) else enumerate(cases)
    out = []
    for name, c in items:
        if not isinstance(c, dict):
            continue
        t = c.get("topo") or c.get("TOPO")
        if isinstance(t, dict) and "gt" in c and "pred" in c and "precision" in t:
            out.append(pytest.param(c, t, id=str(c.get("name", name))))
    return out


@pytest.mark.parametrize("case,ref", _topo_cases() or [pytest.param(None, None, marks=pytest.mark.skip(
    reason="no TOPO numbers in tests/fixtures/protocols/sat2graph_reference.json yet"))])
def test_conformance_with_the_reference(case, ref):
    """The reference's printed precision / overall-recall, within 0.005."""
    spacenet = case.get("setting") == "spacenet"
    setting = s2g.SPACENET if spacenet else s2g.CITYSCALE
    r = s2g.replay(_adjacency_parts(case["gt"]), _adjacency_parts(case["pred"]), setting)
    p, rec = ref["precision"], ref.get("recall", ref.get("overall_recall"))
    assert r["precision"] == pytest.approx(p, abs=0.005)
    assert r["recall"] == pytest.approx(rec, abs=0.005)
    f = ref.get("f1")
    if f is None:            # P + R = 0: SAM-Road's formula divides by zero; the replay says 0
        f = 2 * p * rec / (p + rec) if p + rec > 0 else 0.0
    assert r["f1"] == pytest.approx(f, abs=0.005)

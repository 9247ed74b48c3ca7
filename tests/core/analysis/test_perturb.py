"""Synthetic errors: each type is topologically what it claims (checked
with exact network distances), seeded, independent of how the input is
split, and hand-checked on small networks."""
import math

import numpy as np
import pytest
from scipy.sparse.csgraph import connected_components

from core.analysis.perturb import ERROR_TYPES, perturb
from core.geometry.polyline import cumulative_lengths
from core.network.lineset import LineSet, network_from
from core.network.build import build_network
from core.network.paths import NetworkDistances
from core.network.snapping import NetworkLocator
from sample_data import CROP, crop, sample

# a 3 x 3 block grid, 100 m blocks: 8 lines of 300 m with a vertex at every
# crossing (so they connect), 2400 m of road, 12 junctions
STEPS = np.array([0.0, 100, 200, 300])
GRID = ([np.column_stack([STEPS, np.full(4, y)]) for y in STEPS]
        + [np.column_stack([np.full(4, x), STEPS]) for x in STEPS])


@pytest.fixture(scope="module")
def sample_crop():
    return crop(sample(), CROP)


def grid():
    return LineSet([g.copy() for g in GRID])


def net_of(parts):
    return build_network(list(parts))


def distances(parts, a, b):
    """Distance along the network of ``parts`` between points a[k] and b[k]."""
    net = net_of(parts)
    loc = NetworkLocator(net)
    a, b = np.atleast_2d(a), np.atleast_2d(b)
    ea, oa, da, _ = loc.locate(a[:, 0], a[:, 1])
    eb, ob, db, _ = loc.locate(b[:, 0], b[:, 1])
    assert da.max() < 1e-6 and db.max() < 1e-6  # the points are on the network
    nd = NetworkDistances(net)
    return np.diagonal(nd.block(nd.prepare(ea, oa), nd.prepare(eb, ob)))


def length(xy):
    return float(cumulative_lengths(xy)[-1])


# -- interruptions ------------------------------------------------------------

def test_interruption_on_a_ring_forces_the_detour():
    # a square ring of 400 m; one gap of 10 m: the two sides of the gap are
    # then 400 - 10 = 390 m apart (around the ring) instead of 10 m
    ring = LineSet([np.array([[0.0, 0], [100, 0], [100, 100], [0, 100], [0, 0]])])
    r = perturb(ring, "interruptions", 1, seed=3, params={"GAP_LENGTH": 10})
    assert r.ground_truth.total_length() == pytest.approx(400)
    assert r.prediction.total_length() == pytest.approx(390)
    gap = r.errors.coords[0]
    assert length(gap) == pytest.approx(10)
    assert distances(ring.parts, gap[0], gap[-1])[0] == pytest.approx(10)
    assert distances(r.prediction.parts, gap[0], gap[-1])[0] == pytest.approx(390)
    assert r.errors.columns["network_distance"][0] == pytest.approx(390)


def test_interruption_of_a_dead_end_road_disconnects():
    road = LineSet([np.array([[0.0, 0], [100, 0]])])
    r = perturb(road, "interruptions", 2, seed=0, params={"GAP_LENGTH": 10})
    # 100 m holds floor(100 / 30) = 3 slots; two gaps, three pieces of 80 m
    assert len(r.prediction.parts) == 3
    assert r.prediction.total_length() == pytest.approx(80)
    for gap in r.errors.coords:
        assert math.isinf(distances(r.prediction.parts, gap[0], gap[-1])[0])
    assert r.errors.columns["network_distance"] == [None, None]
    # gaps stay GAP_LENGTH / 2 from the ends and GAP_LENGTH from each other
    xs = sorted((g[0, 0], g[-1, 0]) for g in r.errors.coords)
    assert xs[0][0] >= 5 - 1e-9 and xs[-1][1] <= 95 + 1e-9 and xs[1][0] - xs[0][1] >= 10 - 1e-9


def test_every_interruption_disconnects_through_the_gap():
    r = perturb(grid(), "interruptions", 12, seed=7, params={"GAP_LENGTH": 10})
    a = np.array([g[0] for g in r.errors.coords])
    b = np.array([g[-1] for g in r.errors.coords])
    before = distances(GRID, a, b)
    after = distances(r.prediction.parts, a, b)
    assert before == pytest.approx(np.full(12, 10.0))
    # any remaining path goes around a block: at least 2 x 100 - 10 m longer
    assert (after >= 190 - 1e-6).all()
    assert r.prediction.total_length() == pytest.approx(2400 - 120)


def test_too_many_interruptions_is_a_clear_error():
    with pytest.raises(ValueError, match="only 3 of 4 interruptions"):
        perturb(LineSet([np.array([[0.0, 0], [100, 0]])]), "interruptions", 4,
                params={"GAP_LENGTH": 10})


# -- overconnections ------------------------------------------------------------

def test_overconnections_join_points_far_apart_along_the_network():
    # a U: two parallel 300 m roads 50 m apart joined at x = 0
    u = LineSet([np.array([[0.0, 0], [300, 0]]), np.array([[0.0, 50], [300, 50]]),
                 np.array([[0.0, 0], [0, 50]])])
    r = perturb(u, "overconnections", 3, seed=1)
    assert len(r.errors) == 3
    for line, dn in zip(r.errors.coords, r.errors.columns["network_distance"]):
        p, q = line
        d = float(np.hypot(*(q - p)))
        assert 20 <= d <= 100
        # points on one straight road are never far apart along the network:
        # every link joins the two parallel roads
        assert {p[1], q[1]} == {0.0, 50.0}
        # hand-checked: along the U the distance is x_p + 50 + x_q
        assert dn == pytest.approx(p[0] + 50 + q[0])
        assert distances(u.parts, p, q)[0] == pytest.approx(dn)
        assert dn >= 2 * d  # DETOUR_FACTOR (default 2)
        # and the new road connects them directly
        assert distances(r.prediction.parts, p, q)[0] == pytest.approx(d)


def test_overconnections_on_a_grid_connect_and_cross_nothing():
    from core.geometry.polyline_edit import crossings, segments_of
    # in 100 m blocks two points are at most twice as far along the roads as
    # in a straight line (opposite sides of a block): DETOUR_FACTOR 1.5
    r = perturb(grid(), "overconnections", 6, seed=2,
                params={"MIN_LINK": 20, "MAX_LINK": 100, "DETOUR_FACTOR": 1.5})
    links = r.errors.coords
    a = np.array([l[0] for l in links])
    b = np.array([l[-1] for l in links])
    d = np.hypot(*(b - a).T)
    assert (distances(GRID, a, b) >= 1.5 * d - 1e-6).all()
    assert distances(r.prediction.parts, a, b) == pytest.approx(d)
    a0, a1, _ = segments_of(GRID)
    for l in links:
        assert len(crossings(l[:-1], l[1:], a0, a1)[0]) == 0


# -- perturbations -------------------------------------------------------------

def test_node_displacement_tapers_along_the_road():
    # one straight 180 m road: two dead ends; MAX_SHIFT 20 -> taper over
    # 60 m, road densified into 24 pieces of 7.5 m: the vertex 30 m from the
    # moved node moves by exactly half the displacement (raised cosine at
    # half the taper), the other end does not move
    road = LineSet([np.array([[0.0, 0], [180, 0]])])
    r = perturb(road, "perturbations", 1, seed=5, params={"MAX_SHIFT": 20})
    old, new = r.errors.coords[0]
    v = new - old
    assert 10 - 1e-9 <= np.hypot(*v) <= 20 + 1e-9
    pl = r.prediction.parts[0]
    moved_end = 0 if np.allclose(pl[0], new) else -1
    assert np.allclose(pl[moved_end], new)
    other = pl[-1 - moved_end]
    assert np.allclose(other, [180, 0] if old[0] == 0 else [0, 0])
    # the densified vertex originally 30 m from the moved node
    orig_x = abs(old[0] - 30)
    k = np.argmin(np.abs((pl - 0.5 * v)[:, 0] - orig_x) + np.abs((pl - 0.5 * v)[:, 1]))
    assert pl[k] == pytest.approx(np.array([orig_x, 0]) + 0.5 * v)


def test_perturbations_never_disconnect_nor_connect():
    parts = grid().parts
    r = perturb(grid(), "perturbations", 8, seed=11, params={"MAX_SHIFT": 20})
    n0, n1 = net_of(parts), net_of(r.prediction.parts)
    assert (n1.n_nodes, n1.n_edges) == (n0.n_nodes, n0.n_edges)
    assert sorted(n1.node_degree()) == sorted(n0.node_degree())
    nd = NetworkDistances(n1)
    assert np.isfinite(nd.node_rows(np.arange(n1.n_nodes))).all()
    # each displaced node is a node of the perturbed network, MAX_SHIFT / 2
    # to MAX_SHIFT from where it was; the network lost no road
    for old, new in r.errors.coords:
        assert 10 - 1e-9 <= np.hypot(*(new - old)) <= 20 + 1e-9
        assert np.hypot(*(n1.node_xy - new).T).min() < 1e-9
    assert r.prediction.total_length() > 2400


def test_perturbations_keep_every_component_of_the_sample(sample_crop):
    r = perturb(sample_crop, "perturbations", 15, seed=4)
    n0 = network_from(sample_crop, {})
    n1 = net_of(r.prediction.parts)
    c0 = connected_components(NetworkDistances(n0).graph, directed=False)[0]
    c1 = connected_components(NetworkDistances(n1).graph, directed=False)[0]
    assert c1 == c0 and n1.n_edges == n0.n_edges


# -- doubled roads --------------------------------------------------------------

def test_doubled_road_hand_checked():
    # a straight 300 m road, DOUBLE_SHIFT 3, DOUBLE_LENGTH 100: the copy
    # is 3 m to one side, joined by 45-degree ramps: 2 x 3 sqrt(2) + 94 m
    road = LineSet([np.array([[0.0, 0], [300, 0]])])
    r = perturb(road, "doubled_roads", 1, seed=0, params={"DOUBLE_SHIFT": 3, "DOUBLE_LENGTH": 100})
    copy = r.errors.coords[0]
    assert length(copy) == pytest.approx(2 * 3 * math.sqrt(2) + 94)
    assert copy[0][1] == 0 and copy[-1][1] == 0 and copy[-1][0] - copy[0][0] == pytest.approx(100)
    assert np.abs(copy[1:-1, 1]) == pytest.approx(np.full(len(copy) - 2, 3.0))
    assert r.ground_truth.total_length() == pytest.approx(300)
    assert r.prediction.total_length() == pytest.approx(300 + length(copy))
    n1 = net_of(r.prediction.parts)
    assert sorted(n1.node_degree()) == [1, 1, 3, 3]  # the copy is joined at both ends


@pytest.mark.parametrize("etype", ["doubled_roads", "doubled_roads_gt"])
def test_doubled_roads_never_shorten_a_path(etype, sample_crop):
    r = perturb(sample_crop, etype, 10, seed=2)
    changed = r.prediction if etype == "doubled_roads" else r.ground_truth
    same = r.ground_truth if etype == "doubled_roads" else r.prediction
    assert same.total_length() == pytest.approx(sample_crop.total_length())
    n0 = net_of(same.parts)
    # distances between all original nodes are unchanged
    xy = n0.node_xy
    d0 = distances(same.parts, xy, xy[::-1])
    d1 = distances(changed.parts, xy, xy[::-1])
    assert d1 == pytest.approx(d0, abs=1e-6)
    assert changed.total_length() == pytest.approx(
        sample_crop.total_length() + sum(length(c) for c in r.errors.coords))


# -- false positives far away ---------------------------------------------------

def test_removals_cut_the_ground_truth_inside_the_discs():
    road = LineSet([np.array([[0.0, 0], [1000, 0]])])
    r = perturb(road, "false_positives_far", 2, seed=9, params={"REMOVAL_RADIUS": 50})
    assert r.prediction.total_length() == pytest.approx(1000)
    removed = sum(length(c) for c in r.errors.coords)
    assert r.ground_truth.total_length() + removed == pytest.approx(1000)
    # hand-checked: two discs 100 m wide on a straight road, each centred on
    # the road; a disc near an end removes less
    assert 100 <= removed <= 200 + 1e-9
    centres = {}
    for c, k in zip(r.errors.coords, r.errors.columns["error_id"]):
        centres.setdefault(k, []).append(c)
    assert len(centres) == 2


def test_removals_leave_nothing_inside_a_disc(sample_crop):
    r = perturb(sample_crop, "false_positives_far", 5, seed=1, params={"REMOVAL_RADIUS": 40})
    removed = np.vstack(r.errors.coords)
    assert r.prediction.total_length() == pytest.approx(sample_crop.total_length())
    assert r.ground_truth.total_length() + sum(length(c) for c in r.errors.coords) == \
        pytest.approx(sample_crop.total_length())
    # every removed vertex is inside a disc, no kept segment enters one
    from core.geometry.polyline import project_points_on_segments
    from core.geometry.polyline_edit import segments_of
    C = r.details["centres"]
    assert len(C) == 5 and (np.hypot(*(C[:, None] - C[None]).T)[~np.eye(5, dtype=bool)] >= 80).all()
    assert (np.hypot(*(removed[:, None] - C[None]).T).min(axis=1) <= 40 + 1e-9).all()
    a, b, _ = segments_of(r.ground_truth.parts)
    for c in C:
        _, d, _, _ = project_points_on_segments(c[0], c[1], a[:, 0], a[:, 1], b[:, 0], b[:, 1])
        assert d.min() >= 40 - 1e-6
    assert r.n_errors == 5


# -- all types --------------------------------------------------------------------

P = {"REMOVAL_RADIUS": 30, "DETOUR_FACTOR": 1.5}


@pytest.mark.parametrize("etype", ERROR_TYPES)
def test_seeded_and_independent_of_feature_splitting(etype):
    a = perturb(grid(), etype, 3, seed=4, params=P)
    b = perturb(grid(), etype, 3, seed=4, params=P)
    # the same grid drawn as 48 pieces of 50 m, reversed and shuffled
    pieces = []
    for g in GRID:
        for i in range(3):
            m = (g[i] + g[i + 1]) / 2
            pieces += [np.array([m, g[i]]), np.array([g[i + 1], m])]
    pieces = [pieces[i] for i in np.random.default_rng(0).permutation(len(pieces))]
    c = perturb(LineSet(pieces), etype, 3, seed=4, params=P)
    for x, y in ((a, b), (a, c)):
        assert len(x.prediction.parts) == len(y.prediction.parts)
        for p, q in zip(x.prediction.parts + x.ground_truth.parts, y.prediction.parts + y.ground_truth.parts):
            assert np.allclose(p, q, atol=1e-9)
    d = perturb(grid(), etype, 3, seed=5, params=P)
    assert not all(np.array_equal(p, q) for p, q in zip(a.errors.coords, d.errors.coords))


@pytest.mark.parametrize("etype", ERROR_TYPES)
def test_zero_errors_is_the_network_itself(etype):
    r = perturb(grid(), etype, 0)
    assert len(r.errors) == 0
    assert [p.tolist() for p in r.prediction.parts] == [p.tolist() for p in r.ground_truth.parts]
    assert r.prediction.total_length() == pytest.approx(2400)


def test_bad_input_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown ERROR_TYPE"):
        perturb(grid(), "potholes", 1)
    with pytest.raises(ValueError, match="COUNT"):
        perturb(grid(), "interruptions", -1)
    with pytest.raises(ValueError, match="no line"):
        perturb(LineSet([]), "interruptions", 1)
    with pytest.raises(ValueError, match="MIN_LINK"):
        perturb(grid(), "overconnections", 1, params={"MIN_LINK": 200, "MAX_LINK": 100})
    with pytest.raises(ValueError, match="GAP_LENGTH"):
        perturb(grid(), "interruptions", 1, params={"GAP_LENGTH": 0})

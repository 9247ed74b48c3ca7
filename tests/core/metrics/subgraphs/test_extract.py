"""Control points, chain graph and subgraph cropping (core/metrics/subgraphs/extract.py)."""
import math

import numpy as np
import pytest

from core.network.build import build_network
from core.metrics.subgraphs.extract import (
    ALONG_GRAPH,
    EUCLIDEAN,
    ChainGraph,
    chain_seed_locations,
    heading_difference,
    locate_with_heading,
    uniform_locations,
)


def net(*lines):
    return build_network([np.asarray(l, float) for l in lines])


def crop(cg, net_, xy, mode, radius):
    """Crop one subgraph around the network location nearest to xy."""
    from core.network.snapping import NetworkLocator
    e, o, _, q = NetworkLocator(net_).locate([xy[0]], [xy[1]])
    s, p, d = cg.crop(np.array([7]), q, e, o, radius, mode)
    assert (s == 7).all()
    return p, d


def test_control_points_centred_on_equal_pieces():
    # 100 m at spacing 5: n = 20 points at 2.5, 7.5, ..., 97.5; 12 m: n = ceil(2.4) = 3
    # pieces of 4 m, points at 2, 6, 10
    cg = ChainGraph(net([(0, 0), (100, 0)], [(0, 50), (0, 62)]), 5.0)
    assert cg.n_points == 23
    xs = np.sort(cg.xy[cg.xy[:, 1] == 0, 0])
    assert xs == pytest.approx(np.arange(2.5, 100, 5.0))
    ys = np.sort(cg.xy[cg.xy[:, 0] == 0, 1])
    assert ys == pytest.approx([52.0, 56.0, 60.0])
    # headings are undirected, in [0, pi)
    h = cg.heading[cg.xy[:, 1] == 0]
    assert h == pytest.approx(0.0)
    assert cg.heading[cg.xy[:, 0] == 0] == pytest.approx(math.pi / 2)


def test_points_follow_polyline_and_headings_per_segment():
    # an L of 10 m east then 10 m north, spacing 5: 4 points at arc 2.5, 7.5, 12.5, 17.5
    cg = ChainGraph(net([(0, 0), (10, 0), (10, 10)]), 5.0)
    assert cg.xy == pytest.approx(np.array([[2.5, 0], [7.5, 0], [10, 2.5], [10, 7.5]]))
    assert cg.heading == pytest.approx([0, 0, math.pi / 2, math.pi / 2])


def test_heading_difference_is_undirected():
    assert heading_difference(np.array([0.0]), np.array([math.pi - 0.1])) == pytest.approx(0.1)
    d = heading_difference(np.array([0.0]), np.array([math.pi / 2]))
    assert d == pytest.approx(math.pi / 2)


def test_euclidean_crop_stays_inside_the_disc():
    # straight road y = 0 from 0 to 1000 (points at 5, 15, ..., 995, spacing 10); a separate
    # road at y = 50 from x = 450 to 550 (inside the disc, not connected); a U-turn road
    # from (600, 0) leaving the disc and coming back to (480, 90) (its end is inside the
    # disc but is reached only through the outside)
    n = net([(0, 0), (600, 0), (1000, 0)], [(450, 50), (550, 50)],
            [(600, 0), (600, 300), (480, 300), (480, 90)])
    cg = ChainGraph(n, 10.0)
    p, d = crop(cg, n, (500, 0), EUCLIDEAN, 100.0)
    xy = cg.xy[p]
    # kept: the road points with |x - 500| <= 100: 405, 415, ..., 595 -> 20 points
    assert len(p) == 20
    assert (xy[:, 1] == 0).all()
    assert np.sort(xy[:, 0]) == pytest.approx(np.arange(405, 600, 10.0))
    assert d == pytest.approx(np.abs(xy[:, 0] - 500))


def test_along_graph_crop_uses_path_length():
    # a comb: main road y = 0 from 0 to 400, a branch at x = 200 going north 100 m;
    # spacing 10; walk 60 m from (180, 0): on the main road x in [120, 240] -> points
    # 125 .. 235 (12); on the branch path 20 + y <= 60 -> y = 5 .. 35 (4 points)
    n = net([(0, 0), (200, 0), (400, 0)], [(200, 0), (200, 100)])
    cg = ChainGraph(n, 10.0)
    p, d = crop(cg, n, (180, 0), ALONG_GRAPH, 60.0)
    xy = cg.xy[p]
    main = xy[:, 1] == 0
    assert np.sort(xy[main, 0]) == pytest.approx(np.arange(125, 240, 10.0))
    assert np.sort(xy[~main, 1]) == pytest.approx([5, 15, 25, 35])
    assert d[~main] == pytest.approx(20 + xy[~main, 1])
    assert d[main] == pytest.approx(np.abs(xy[main, 0] - 180))
    # the Euclidean crop of the same radius also takes the branch point at y = 45
    # (distance hypot(20, 45) = 49.2 <= 60) and y = 55 (58.5)
    p2, _ = crop(cg, n, (180, 0), EUCLIDEAN, 60.0)
    assert len(p2) == len(p) + 2


def test_crop_many_seeds_at_once_equals_one_by_one():
    n = net([(0, 0), (300, 0), (300, 300)], [(300, 0), (600, 0)], [(0, 0), (0, 200)])
    cg = ChainGraph(n, 5.0)
    e, o = uniform_locations(n, np.random.default_rng(3).random(40))
    xy = n.point_at(e, o)
    for mode in (EUCLIDEAN, ALONG_GRAPH):
        s, p, d = cg.crop(np.arange(40), xy, e, o, 80.0, mode)
        for k in (0, 13, 39):
            s1, p1, d1 = cg.crop(np.array([k]), xy[k:k + 1], e[k:k + 1], o[k:k + 1], 80.0, mode)
            assert (p[s == k] == p1).all()
            assert d[s == k] == pytest.approx(d1)


def test_chain_seeds_follow_sat2graph_rule():
    # L = 200, spacing 50: n = 4 seeds at 40, 80, 120, 160; L = 30: n = max(1, 0) = 1
    # at 15; L = 20 < 25: none
    n = net([(0, 0), (200, 0)], [(0, 100), (30, 100)], [(0, 200), (20, 200)])
    e, o = chain_seed_locations(n, 50.0)
    xy = n.point_at(e, o)
    got = sorted(map(tuple, np.round(xy, 9)))
    assert got == [(15, 100), (40, 0), (80, 0), (120, 0), (160, 0)]


def test_uniform_locations_by_length():
    # two edges of 100 and 300 m: u < 0.25 falls on the first
    n = net([(0, 0), (100, 0)], [(0, 50), (300, 50)])
    e, o = uniform_locations(n, np.array([0.1, 0.5, 0.99]))
    xy = n.point_at(e, o)
    assert xy == pytest.approx(np.array([[40, 0], [100, 50], [296, 50]]))


def test_locate_with_heading_skips_crossing_roads():
    # a vertical road through (100, 0) is 0 m away but 90 degrees off; the horizontal one
    # 6 m away is taken
    n = net([(100, -50), (100, 50)], [(0, 6), (200, 6)])
    e, o, d, q = locate_with_heading(n, np.array([[100.0, 0.0], [100.0, 0.0]]),
                                     np.array([0.0, math.pi / 2]), 10.0, math.radians(30))
    assert d == pytest.approx([6.0, 0.0])
    assert q == pytest.approx(np.array([[100, 6], [100, 0]]))
    e, o, d, q = locate_with_heading(n, np.array([[100.0, 0.0]]), np.array([0.0]), 5.0,
                                     math.radians(30))
    assert e[0] == -1 and math.isinf(d[0])


def test_bad_spacing_is_a_clear_error():
    with pytest.raises(ValueError, match="SPACING"):
        ChainGraph(net([(0, 0), (10, 0)]), 0.0)


def test_uniform_locations_on_a_loop_ignore_how_it_is_drawn():
    # a closed loop whose node is (0, 0): the network orients it by comparing its second and
    # penultimate vertices, (10, 5) and (8, -20); an extra vertex at (2, 1) on the first
    # segment reverses that comparison, not the sampled points
    ring = [(0, 0), (10, 5), (20, -10), (8, -20), (0, 0)]
    split = [(0, 0), (2, 1), (10, 5), (20, -10), (8, -20), (0, 0)]
    u = np.random.default_rng(0).random(50)
    a, b = net(ring), net(split)
    xa = a.point_at(*uniform_locations(a, u))
    xb = b.point_at(*uniform_locations(b, u))
    assert xa == pytest.approx(xb, abs=1e-9)

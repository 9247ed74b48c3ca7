"""Exact coverage of lines by a neighbourhood, its complement and pieces,
and the tiled neighbourhood areas against one direct shapely union."""
import math

import numpy as np
import pytest

from core.metrics.geometric.linecover import Segments
from core.metrics.geometric.linesample import EdgeSegments, local_origin
from core.network.lineset import LineSet, network_from
from core.metrics.geometric.overlap import (
    cover,
    cut_pieces,
    neighbourhood_overlap,
    union_intervals,
)


def net_pair(a, b):
    A = network_from(LineSet([np.asarray(x, float) for x in a]), {})
    B = network_from(LineSet([np.asarray(x, float) for x in b]), {})
    o = local_origin(A, B)
    sb = EdgeSegments(B, o)
    return A, EdgeSegments(A, o), Segments(sb.ax, sb.ay, sb.bx, sb.by)


def point_like(x, y, origin):
    """A 1 um segment at (x, y), in the local frame of ``origin``."""
    return Segments([x - origin[0]], [y - origin[1]], [x - origin[0] + 1e-6], [y - origin[1]])


def test_cover_of_a_bent_line_by_a_point_like_segment():
    # A: an L from (0, 0) to (10, 0) to (10, 10); B: ~ the point (10, 0);
    # radius 3: A within 3 of it is 3 m on each leg of the L -> 6 m.
    A = network_from(LineSet([np.array([[0, 0], [10, 0], [10, 10]], float)]), {})
    o = local_origin(A)
    sa = EdgeSegments(A, o)
    c = cover(sa, point_like(10.0, 0.0, o), 3.0)
    assert c.length == pytest.approx(6.0, abs=1e-6)
    assert len(c) == 1  # one stretch across the bend
    rest = c.complement()
    assert rest.length + c.length == pytest.approx(20.0, abs=1e-12)
    assert len(rest) == 2
    pieces = c.pieces()
    assert np.allclose(pieces[0], [[7, 0], [10, 0], [10, 3]], atol=1e-6)


def test_cover_of_a_circle_arc_matches_geometry():
    # B: a point-like segment at the origin; A: a square around it of half
    # side 5; radius 6: each side is within 6 of the centre for
    # |t| <= sqrt(36 - 25) -> 4 sqrt(11) in total
    sq = [[-5, -5], [5, -5], [5, 5], [-5, 5], [-5, -5]]
    A = network_from(LineSet([np.array(sq, float)]), {})
    o = local_origin(A)
    c = cover(EdgeSegments(A, o), point_like(0.0, 0.0, o), 6.0)
    assert c.length == pytest.approx(8 * math.sqrt(11), abs=1e-5)
    assert len(c) == 4


def test_per_segment_radius():
    # B: two segments along y = 3, radius 1 on the left one, 5 on the right
    A, sa, _ = net_pair([[[0, 0], [100, 0]]], [[[0, 3], [1, 3]]])
    B = Segments([0.0, 50.0], [3.0, 3.0], [50.0, 100.0], [3.0, 3.0])
    c = cover(sa, B, np.array([1.0, 5.0]))
    assert c.length == pytest.approx(54.0, abs=1e-9)  # 46..100


def test_union_intervals_merges_touching():
    k, s, e = union_intervals([1, 1, 1, 2, 2], [0, 2, 5, 0, 3], [2, 4, 6, 1, 2])
    assert k.tolist() == [1, 1, 2] and s.tolist() == [0, 5, 0] and e.tolist() == [4, 6, 1]


def test_cut_pieces_keep_vertices_between():
    A, _, _ = net_pair([[[0, 0], [10, 0], [10, 10], [20, 10]]], [[[0, 0], [1, 0]]])
    p = cut_pieces(A, [0], [5.0], [25.0])
    assert p[0].tolist() == [[5, 0], [10, 0], [10, 10], [15, 10]]


@pytest.mark.parametrize("seed", [1, 2])
def test_tiled_areas_equal_one_union(seed):
    from shapely.geometry import MultiLineString
    g = np.random.Generator(np.random.PCG64(seed))
    la = [np.cumsum(g.uniform(-60, 60, (5, 2)), axis=0) + 1e6 for _ in range(8)]
    lb = [l + g.uniform(-5, 5, 2) for l in la[:6]]
    t = 4.0
    got = neighbourhood_overlap(la, lb, t, cell=40.0)  # many cells
    o = np.concatenate(la + lb).min(axis=0)
    A = MultiLineString([(l - o).tolist() for l in la]).buffer(t, 16)
    B = MultiLineString([(l - o).tolist() for l in lb]).buffer(t, 16)
    assert got["area_a"] == pytest.approx(A.area, rel=1e-6)
    assert got["area_b"] == pytest.approx(B.area, rel=1e-6)
    assert got["intersection"] == pytest.approx(A.intersection(B).area, rel=1e-6)
    assert got["iou"] == pytest.approx(A.intersection(B).area / A.union(B).area, rel=1e-6)


def test_areas_of_empty_sets():
    l = [np.array([[0.0, 0.0], [100.0, 0.0]])]
    r = neighbourhood_overlap(l, [], 4.0)
    assert r["area_b"] == 0 and r["intersection"] == 0 and r["iou"] == 0
    assert r["area_a"] == pytest.approx(800 + 16 * math.pi, rel=1e-3)
    assert math.isnan(neighbourhood_overlap([], [], 4.0)["iou"])
    with pytest.raises(ValueError):
        neighbourhood_overlap(l, l, 0.0)

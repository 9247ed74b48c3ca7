import numpy as np

from core.geometry.polyline import project_points_on_segments
from core.network.snapping import SegmentIndex


def brute(px, py, ax, ay, bx, by):
    t, d, _, _ = project_points_on_segments(px[:, None], py[:, None], ax[None], ay[None], bx[None], by[None])
    j = np.argmin(d, axis=1)
    return j, d[np.arange(len(px)), j]


def test_nearest_matches_brute_force_with_long_segments():
    g = np.random.Generator(np.random.PCG64(3))
    ax, ay = g.uniform(0, 1000, 60), g.uniform(0, 1000, 60)
    ang = g.uniform(0, 2 * np.pi, 60)
    L = g.uniform(1, 400, 60)
    bx, by = ax + L * np.cos(ang), ay + L * np.sin(ang)
    px, py = g.uniform(0, 1000, 500), g.uniform(0, 1000, 500)
    idx = SegmentIndex(ax, ay, bx, by, piece_length=8.0)
    j, d = brute(px, py, ax, ay, bx, by)
    s, t, dd = idx.nearest(px, py, np.inf)
    assert np.allclose(dd, d)
    s2, t2, d2 = idx.nearest(px, py, 20.0)
    ok = d <= 20
    # the index measures to 8 m pieces, brute force to whole segments: the
    # distances may differ in the last bits (and the segments come from numpy's
    # cos / sin), so a point within 1e-9 m of the 20 m cut may go either way
    sure = np.abs(d - 20) > 1e-9
    assert np.array_equal((s2 >= 0)[sure], ok[sure])
    assert np.allclose(d2[ok & sure], d[ok & sure])


def test_empty_index_and_no_points():
    idx = SegmentIndex([], [], [], [])
    s, t, d = idx.nearest(np.array([1.0]), np.array([1.0]), 5)
    assert s[0] == -1 and np.isinf(d[0])
    idx = SegmentIndex([0.0], [0.0], [1.0], [0.0])
    assert len(idx.nearest(np.zeros(0), np.zeros(0), 5)[0]) == 0

import numpy as np
import pytest

from core.geometry.polyline import (
    cumulative_lengths,
    headings,
    project_points_on_segments,
    segment_lengths,
)


def test_lengths():
    xy = np.array([[0, 0], [3, 4], [3, 10]])
    assert segment_lengths(xy).tolist() == [5, 6]
    assert cumulative_lengths(xy).tolist() == [0, 5, 11]


def test_projection_clamps_to_segment():
    t, d, qx, qy = project_points_on_segments(
        np.array([5.0, -3.0, 12.0]), np.array([2.0, 4.0, 0.0]), 0.0, 0.0, 10.0, 0.0)
    assert np.allclose(t, [0.5, 0.0, 1.0])
    assert np.allclose(d, [2.0, 5.0, 2.0])
    assert np.allclose(qx, [5, 0, 10])


def test_degenerate_segment():
    t, d, _, _ = project_points_on_segments(np.array([3.0]), np.array([4.0]), 0.0, 0.0, 0.0, 0.0)
    assert t[0] == 0 and d[0] == 5


def test_headings():
    assert np.allclose(headings(np.array([[0, 0], [1, 0], [1, 1]])), [0, np.pi / 2])


def _segs(*polylines):
    """Segments (edge, ax, ay, bx, by) of polylines, one edge each."""
    edge, ax, ay, bx, by = [], [], [], [], []
    for e, pl in enumerate(polylines):
        pl = np.asarray(pl, float)
        edge += [e] * (len(pl) - 1)
        ax += pl[:-1, 0].tolist()
        ay += pl[:-1, 1].tolist()
        bx += pl[1:, 0].tolist()
        by += pl[1:, 1].tolist()
    return tuple(np.asarray(v) for v in (edge, ax, ay, bx, by))


def test_straight_runs_merge_only_straight_forward_stretches_of_one_edge():
    from core.geometry.polyline import straight_runs
    densified = np.column_stack([np.linspace(0, 10, 101), np.zeros(101)])   # 100 segments
    corner = [(0, 0), (5, 0), (10, 0), (10, 5)]                              # straight, then a turn
    back = [(0, 0), (5, 0), (2, 0)]                                          # doubles back: kept
    run, first, last = straight_runs(*_segs(densified, corner, back))
    # edge 0 -> 1 run; edge 1 -> (0-5-10) and (10,0-10,5); edge 2 -> 2 runs; edges never join
    assert first.tolist() == [0, 100, 102, 103, 104]
    assert last.tolist() == [99, 101, 102, 103, 104]
    assert run[:100].tolist() == [0] * 100


def test_straight_runs_keep_a_slow_curve_as_drawn():
    """Each vertex of a 100 m-radius arc digitised every 3 cm lies within 1.2 um
    of its neighbours' chord; with eps = 2 um every vertex joins its neighbours,
    but the run's chord would cut 4 m off the arc: the run stays as drawn."""
    from core.geometry.polyline import straight_runs
    t = np.linspace(0, 0.8, int(80 / 0.03))
    arc = np.column_stack([100 * np.sin(t), 100 - 100 * np.cos(t)])
    _, first, _ = straight_runs(*_segs(arc), eps=2e-6)
    assert len(first) == len(arc) - 1
    # a straight line densified the same way becomes one segment
    line = np.column_stack([t * 100, 0.5 * t * 100])
    _, first, _ = straight_runs(*_segs(line), eps=2e-6)
    assert len(first) == 1


def test_geometric_metrics_on_densified_lines_equal_the_lines_as_drawn():
    """Densifying both layers (a vertex every 5 cm) moves no geometric score by more
    than 1e-9 and costs what the lines as drawn cost (segments merged back)."""
    from core import registry
    from core.network.lineset import LineSet
    from core.geometry.polyline_edit import densify
    from core.progress import Progress
    # (a T-junction shares a vertex: an end on another line's interior is not
    # a junction, docs/conventions.md, so densifying would create one)
    gt = LineSet([np.array([(0, 0), (100, 0), (200, 0), (200, 150)], float),
                  np.array([(100, 0), (100, -80)], float)])
    pred = LineSet([np.array([(0, 1.5), (195, 1.0), (201, 140)], float),
                    np.array([(60, 40), (90, 70)], float)])
    dense = [LineSet([densify(p, 0.05) for p in ls.parts]) for ls in (gt, pred)]
    for m, params in (("ccq", {}), ("distances", {}), ("cldice", {}), ("boundaryf", {}),
                      ("instances", {"DISSOLVE": True}), ("instances", {"DISSOLVE": False})):
        spec = registry.get(m)
        a = spec.compute(gt, pred, spec.resolve(params), Progress()).scores
        b = spec.compute(dense[0], dense[1], spec.resolve(params), Progress()).scores
        for k, v in a.items():
            assert b[k] == pytest.approx(v, abs=1e-9, nan_ok=True), (m, k)
    from core.metrics.geometric.common import Pair
    assert len(Pair(*dense, {"MERGE_TOLERANCE": 0.05}, []).SG) == len(Pair(gt, pred, {"MERGE_TOLERANCE": 0.05}, []).SG)

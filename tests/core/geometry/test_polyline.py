import numpy as np

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

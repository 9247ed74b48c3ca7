"""Row runs and their connected components (core/raster/runs.py): hand
cases, and the same components as ``ndimage.label`` on random masks."""
import numpy as np
import pytest
from scipy import ndimage

from core.raster.runs import gaps, paint, row_runs, run_components

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings, strategies as st  # noqa: E402


def test_row_runs_and_gaps_by_hand():
    m = np.array([[1, 1, 0, 1],
                  [0, 0, 0, 0],
                  [0, 1, 1, 0]], dtype=bool)
    row, start, stop = row_runs(m)
    assert row.tolist() == [0, 0, 2] and start.tolist() == [0, 3, 1] and stop.tolist() == [2, 4, 3]
    g = gaps(row, start, stop, m.shape)
    assert [a.tolist() for a in g] == [[0, 1, 2, 2], [2, 0, 0, 3], [3, 4, 1, 4]]
    assert [a.tolist() for a in row_runs(np.zeros((2, 3), dtype=bool))] == [[], [], []]


def test_diagonal_touch_links_in_eight_not_in_four():
    m = np.array([[1, 0], [0, 1]], dtype=bool)
    row, start, stop = row_runs(m)
    label8, size8 = run_components(row, start, stop, 2, eight=True)
    label4, size4 = run_components(row, start, stop, 2, eight=False)
    assert label8.tolist() == [0, 0] and size8.tolist() == [2]
    assert label4.tolist() == [0, 1] and size4.tolist() == [1, 1]


def test_paint():
    m = np.zeros((2, 5), dtype=bool)
    paint(m, np.array([0, 1]), np.array([1, 0]), np.array([3, 5]), True)
    assert m.astype(int).tolist() == [[0, 1, 1, 0, 0], [1, 1, 1, 1, 1]]


@st.composite
def masks(draw):
    h, w = draw(st.integers(1, 30)), draw(st.integers(1, 30))
    rng = np.random.default_rng(draw(st.integers(0, 2 ** 32 - 1)))
    return rng.random((h, w)) < draw(st.floats(0.05, 0.95))


def same_partition(a, b):
    """Two labellings of the same pixels give the same sets."""
    pairs = np.unique(np.column_stack([a, b]), axis=0)
    return len(pairs) == len(np.unique(a)) == len(np.unique(b))


@settings(max_examples=200)
@given(masks(), st.booleans())
def test_components_are_ndimage_labels(mask, eight):
    structure = np.ones((3, 3), bool) if eight else ndimage.generate_binary_structure(2, 1)
    want, _ = ndimage.label(mask, structure=structure)
    row, start, stop = row_runs(mask)
    label, size = run_components(row, start, stop, mask.shape[1], eight=eight)
    got = np.full(mask.shape, -1)
    for r, s, e, lab in zip(row, start, stop, label):
        got[r, s:e] = lab
    assert np.array_equal(got >= 0, mask)
    assert same_partition(got[mask], want[mask])
    assert np.array_equal(np.sort(size), np.sort(np.bincount(want[mask])[1:]))
    # the gaps are the background's runs
    g = gaps(row, start, stop, mask.shape)
    assert [a.tolist() for a in g] == [a.tolist() for a in row_runs(~mask)]

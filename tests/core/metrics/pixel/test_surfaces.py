"""Mask boundaries, separable disc erosion / dilation and boundary bands
(core/metrics/pixel/surfaces.py) against their definitions with scipy's
distance transform and binary erosion, on random masks (hypothesis)."""
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import ndimage

from core.metrics.pixel import surfaces as S


@st.composite
def masks(draw):
    h, w = draw(st.integers(1, 30)), draw(st.integers(1, 30))
    seed = draw(st.integers(0, 2 ** 31))
    density = draw(st.floats(0.05, 0.95))
    return np.random.Generator(np.random.PCG64(seed)).random((h, w)) < density


spacings = st.sampled_from([(1.0, 1.0), (0.5, 0.5), (2.0, 0.5), (0.3, 1.1)])
radii = st.sampled_from([0.2, 0.5, 1.0, 1.5, 2.0, 3.3, 4.0])


@settings(max_examples=80)
@given(masks())
def test_boundary_is_xor_erosion_with_the_cross(m):
    ref = m ^ ndimage.binary_erosion(m, structure=ndimage.generate_binary_structure(2, 1),
                                     border_value=0)
    assert np.array_equal(S.boundary(m), ref)


def _edt_to(target, spacing):
    """Distance of every pixel to the nearest target pixel, with a frame of
    non-target pixels far enough to stand for 'outside the raster'."""
    return ndimage.distance_transform_edt(~target, sampling=spacing)


@settings(max_examples=80)
@given(masks(), spacings, radii)
def test_erosion_and_dilation_equal_the_distance_transform(m, spacing, r):
    # dilation: pixels within r of a mask pixel (outside is never mask)
    if m.any():
        assert np.array_equal(S.dilation(m, r, spacing), _edt_to(m, spacing) <= r + 1e-9)
    # erosion: mask pixels farther than r from every non-mask pixel, the
    # outside of the raster counting as non-mask
    padded = np.pad(m, 1, constant_values=False)
    far = ndimage.distance_transform_edt(padded, sampling=spacing)[1:-1, 1:-1] > r + 1e-9
    assert np.array_equal(S.erosion(m, r, spacing), m & far)


@settings(max_examples=50)
@given(masks(), spacings, radii)
def test_inner_band_contains_the_boundary(m, spacing, r):
    band = S.inner_band(m, r, spacing)
    assert not (band & ~m).any()
    assert not (S.boundary(m) & ~band).any()


@settings(max_examples=50)
@given(masks(), masks(), spacings)
def test_directed_distances_equal_the_distance_transform(a, b, spacing):
    b = np.resize(b, a.shape)
    if not b.any():
        b[0, 0] = True
    d = S.directed_distances(a, b, spacing)
    np.testing.assert_allclose(d, _edt_to(b, spacing)[a], rtol=0, atol=1e-9)


def _kd_pairs(src, dst, r, spacing):
    """The pairs and distances of cKDTree.sparse_distance_matrix over the
    pixel centres (what pairs_within replaced), sorted by (i, j)."""
    from scipy.spatial import cKDTree
    a, b = S.coordinates(src, spacing), S.coordinates(dst, spacing)
    if not len(a) or not len(b):
        return np.zeros(0, int), np.zeros(0, int), np.zeros(0)
    m = cKDTree(a).sparse_distance_matrix(cKDTree(b), r, output_type="ndarray")
    o = np.lexsort((m["j"], m["i"]))
    return m["i"][o], m["j"][o], m["v"][o]


@settings(max_examples=120)
@given(masks(), st.integers(0, 2 ** 31), spacings, radii)
def test_pairs_within_equal_the_kd_tree_pairs_to_the_bit(m, seed, spacing, r):
    # the same pairs, in (i, j) order, with the same float distances, for
    # exact (1, 0.5, 2 m) and inexact (0.3, 1.1 m) pixel sizes.  Bit equality
    # holds on any CPU: both sides use only IEEE -, *, + and sqrt (correctly
    # rounded, no SIMD variance), (0 + dy^2) + dx^2 in the tree's order
    other = np.random.Generator(np.random.PCG64(seed)).random(m.shape) < 0.4
    got = S.pairs_within(m, other, r, spacing)
    ref = _kd_pairs(m, other, r, spacing)
    assert all(np.array_equal(a, b) for a, b in zip(got, ref))
    assert got[2].dtype == np.float64 and got[0].dtype == got[1].dtype == np.int32   # small masks


def test_pairs_within_by_hand_and_in_bands(monkeypatch):
    # one src pixel at (2, 2); dst pixels at distance 0, 1, sqrt 2, 2 and 3
    src, dst = np.zeros((6, 7), bool), np.zeros((6, 7), bool)
    src[2, 2] = True
    for y, x in [(2, 2), (2, 3), (3, 3), (4, 2), (2, 5)]:
        dst[y, x] = True
    i, j, d = S.pairs_within(src, dst, 2.0, (1.0, 1.0))
    # dst ranks in row-major order: (2,2)=0, (2,3)=1, (2,5)=2, (3,3)=3, (4,2)=4
    assert i.tolist() == [0] * 4 and j.tolist() == [0, 1, 3, 4]
    assert d.tolist() == [0.0, 1.0, np.sqrt(2.0), 2.0]
    # bands of one row and chunks of one pixel: the same pairs
    monkeypatch.setattr(S, "BAND_PIXELS", 1)
    g = np.random.default_rng(3)
    a, b = g.random((9, 11)) < 0.5, g.random((9, 11)) < 0.5
    got = S.pairs_within(a, b, 2.5, (1.0, 0.5))
    assert all(np.array_equal(x, y) for x, y in zip(got, _kd_pairs(a, b, 2.5, (1.0, 0.5))))
    assert S.exact_multiples(0.5, 10 ** 6) and not S.exact_multiples(0.3, 10)


@settings(max_examples=30)
@given(masks(), spacings)
def test_pairs_within_without_distances_are_the_same_pairs(m, spacing):
    other = np.roll(m, 1, axis=1)
    i, j, d = S.pairs_within(m, other, 2.0, spacing)
    a, b, none = S.pairs_within(m, other, 2.0, spacing, distances=False)
    assert none is None and np.array_equal(i, a) and np.array_equal(j, b)

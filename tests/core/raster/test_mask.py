"""Mask cleaning (core/raster/mask.py): small components removed and small
holes filled on the row runs give the pixels of the plain ndimage.label
definitions (kept here as the oracle), and the input is never modified."""
import numpy as np
import pytest
from scipy import ndimage

from core.raster.mask import (as_transform, clean_mask, fill_small_holes, remove_small_components,
                              road_mask)

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings, strategies as st  # noqa: E402


def oracle(mask, min_pixels, max_pixels):
    """The definitions with a label per pixel (the code before the runs)."""
    mask = mask.copy()
    if min_pixels > 1 and mask.any():
        labels, n = ndimage.label(mask, structure=np.ones((3, 3), bool))
        keep = np.bincount(labels.ravel(), minlength=n + 1) >= min_pixels
        keep[0] = False
        mask = keep[labels]
    if max_pixels > 0 and mask.any():
        labels, n = ndimage.label(~mask, structure=ndimage.generate_binary_structure(2, 1))
        fill = np.bincount(labels.ravel(), minlength=n + 1) < max_pixels
        fill[0] = False
        fill[np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])] = False
        mask = mask | fill[labels]
    return mask


def test_hand_case():
    m = np.zeros((9, 9), dtype=bool)
    m[1:6, 1:6] = True
    m[3, 3] = False          # a one-pixel hole
    m[7, 7] = m[8, 8] = True  # a 2-pixel diagonal component
    m[0, 8] = True            # one pixel
    before = m.copy()
    assert clean_mask(m, 3, 2).sum() == 25
    assert clean_mask(m, 2, 0).sum() == 24 + 2
    assert clean_mask(m, 0, 1) is m  # nothing to do: the input itself
    assert fill_small_holes(m, 2)[3, 3] and remove_small_components(m, 2)[0, 8] == 0
    assert np.array_equal(m, before)


@st.composite
def masks(draw):
    h, w = draw(st.integers(1, 30)), draw(st.integers(1, 30))
    rng = np.random.default_rng(draw(st.integers(0, 2 ** 32 - 1)))
    m = rng.random((h, w)) < draw(st.floats(0.05, 0.95))
    grow = draw(st.integers(0, 1))
    return ndimage.binary_dilation(m, iterations=grow) if grow else m


@settings(max_examples=300)
@given(masks(), st.integers(0, 12), st.integers(0, 12))
def test_clean_mask_equals_label_definitions(mask, min_pixels, max_pixels):
    before = mask.copy()
    assert np.array_equal(clean_mask(mask, min_pixels, max_pixels),
                          oracle(mask, min_pixels, max_pixels))
    assert np.array_equal(mask, before)


def test_road_mask_of_a_big_uint8_mask_is_exact():
    a = np.zeros((50, 60), dtype=np.uint8)
    a[10:20, 5:50] = 1
    assert np.array_equal(road_mask(a), a == 1)
    a[0, 0] = 2
    with pytest.raises(ValueError, match="not a 0/1 mask"):
        road_mask(a)
    assert road_mask(a, nodata=2).sum() == 450
    b = a == 1
    got = road_mask(b)
    assert np.array_equal(got, b) and got is not b


def test_gdal_order_transform_is_refused_with_the_reordered_tuple():
    """Issue 32 item 4: Affine(0.5, 0, 500000, 0, -0.5, 6700000).to_gdal() read as
    (a, b, c, d, e, f) made a pixel 6.7 million metres wide (85 GiB asked)."""
    gdal = (500000.0, 0.5, 0.0, 6700000.0, 0.0, -0.5)
    with pytest.raises(ValueError, match=r"GDAL geotransform.*\(0\.5, 0\.0, 500000\.0, 0\.0, -0\.5, "
                                         r"6700000\.0\)"):
        as_transform(gdal)
    # at the origin the GDAL tuple is singular in this order: the same sentence
    with pytest.raises(ValueError, match="GDAL geotransform"):
        as_transform((0.0, 0.5, 0.0, 0.0, 0.0, -0.5))
    # the same numbers in the right order, a rotation of 90 degrees and a plain singular tuple
    assert as_transform((0.5, 0.0, 500000.0, 0.0, -0.5, 6700000.0)) == (
        0.5, 0.0, 500000.0, 0.0, -0.5, 6700000.0)
    assert as_transform((0.0, 1.0, 0.0, 1.0, 0.0, 0.0)) == (0.0, 1.0, 0.0, 1.0, 0.0, 0.0)
    assert as_transform((0.0, 0.5, 0.0, 3.0, 0.0, -0.5)) == (0.0, 0.5, 0.0, 3.0, 0.0, -0.5)
    with pytest.raises(ValueError, match="singular"):
        as_transform((1, 2, 0, 2, 4, 0))

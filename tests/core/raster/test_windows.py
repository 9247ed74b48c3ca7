"""Reading a band in windows into one road mask (core/raster/windows.py):
the same mask as road_mask on the whole band, whatever the window size;
windows aligned to the file's blocks; the windows really are small."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from core.raster.mask import NotAMask, road_mask, two_valued_warning
from core.raster.windows import read_mask, window_rows


def reader(a, calls=None):
    def read(r0, c0, nr, nc):
        if calls is not None:
            calls.append((r0, c0, nr, nc))
        return a[r0:r0 + nr, c0:c0 + nc].copy()
    return read


def test_window_rows_full_width_strips_on_block_multiples():
    assert window_rows((1000, 100), 1, 1000) == 10
    assert window_rows((1000, 100), 4, 1000) == 8          # a multiple of the block height
    assert window_rows((1000, 100), 16, 1000) == 16        # at least one block
    assert window_rows((5, 100), 1, 10 ** 6) == 5           # never more than the raster
    assert window_rows((1000, 10 ** 6), 1, 1000) == 1       # one row when a row is too wide


def test_windows_cover_the_band_once_and_stay_small():
    a = np.arange(37 * 11, dtype=float).reshape(37, 11) % 7
    calls = []
    m = read_mask(a.shape, reader(a, calls), threshold=3, window_pixels=50)
    assert [c[0] for c in calls] == list(range(0, 37, 4))
    assert sum(c[2] for c in calls) == 37 and all(c[1] == 0 and c[3] == 11 for c in calls)
    assert max(c[2] * c[3] for c in calls) <= 50
    assert m.dtype == bool and (m == (a >= 3)).all()


@settings(max_examples=40)
@given(st.integers(1, 30), st.integers(1, 30), st.integers(1, 200), st.integers(0, 2 ** 31),
       st.sampled_from(["mask", "threshold", "classes"]))
def test_same_as_road_mask_on_the_whole_band(rows, cols, window, seed, kind):
    rng = np.random.default_rng(seed)
    if kind == "mask":
        a = rng.integers(0, 2, (rows, cols)).astype(np.uint8)
        a[rng.random((rows, cols)) < 0.1] = 255
        kw = dict(nodata=255)
    elif kind == "threshold":
        a = rng.random((rows, cols)).astype(np.float32)
        a[rng.random((rows, cols)) < 0.1] = np.nan
        kw = dict(threshold=0.5)
    else:
        a = rng.integers(0, 6, (rows, cols)).astype(np.int16)
        kw = dict(classes=[1, 4], nodata=0)
    expected = road_mask(a, **kw)
    assert (read_mask(a.shape, reader(a), window_pixels=window, **kw) == expected).all()


def test_non_binary_band_refused_at_the_window_that_shows_it():
    # each 20-pixel window alone holds 0 and one value (1, then 7): the band holds three
    a = np.zeros((40, 10), dtype=np.uint8)
    a[2, 2] = 1
    a[35, 3] = 7
    with pytest.raises(NotAMask, match="not a 0/1 mask .* 7"):
        read_mask(a.shape, reader(a), window_pixels=20)
    with pytest.raises(NotAMask, match="not a 0/1 mask .* 7"):
        road_mask(a)
    assert read_mask(a.shape, reader(a), classes=[7], window_pixels=20).sum() == 1


def test_two_valued_mask_read_as_road_equals_v_from_the_whole_band():
    """A 0/255 mask (issue 37): road = 255 with one warning, the same in
    windows as on the whole band; a band whose windows hold 0/1 and 0/255
    is refused, and a window without road changes nothing."""
    a = np.zeros((6, 4), dtype=np.uint8)
    a[0, 1] = a[1, 1] = a[5, 0] = a[5, 3] = 255   # hand-checked: 4 road pixels
    a[3, 2] = 9                                    # nodata
    expected = np.zeros((6, 4), dtype=bool)
    expected[0, 1] = expected[1, 1] = expected[5, 0] = expected[5, 3] = True
    for window in (4, 8, 24):                      # one row, two rows, the whole band
        warnings = []
        m = read_mask(a.shape, reader(a), nodata=9, window_pixels=window, warnings=warnings)
        assert (m == expected).all()
        assert len(warnings) == 1 and "0 and 255" in warnings[0]
    warnings = []
    assert (road_mask(a, nodata=9, warnings=warnings) == expected).all()
    assert len(warnings) == 1 and warnings[0].template == two_valued_warning(255).template
    b = a.copy()
    b[2, 0] = 1                                    # a 0/1 window beside 0/255 ones
    with pytest.raises(NotAMask, match="0, 1, 255"):
        read_mask(b.shape, reader(b), nodata=9, window_pixels=8)
    with pytest.raises(NotAMask, match="0, 1, 255"):
        road_mask(b, nodata=9)
    warnings = []                                  # a 0/1 mask: no warning
    assert read_mask(a.shape, reader((a == 255).astype(np.uint8)), window_pixels=4,
                     warnings=warnings).sum() == 4 and warnings == []


def test_empty_and_wrong_window_refused():
    with pytest.raises(ValueError, match="empty"):
        read_mask((0, 5), reader(np.zeros((0, 5))))
    with pytest.raises(ValueError, match="shape"):
        read_mask((4, 4), lambda r0, c0, nr, nc: np.zeros((1, 1)))


def test_input_not_modified():
    a = np.random.default_rng(1).random((20, 20))
    before = a.copy()
    read_mask(a.shape, lambda r0, c0, nr, nc: a[r0:r0 + nr], threshold=0.5, window_pixels=40)
    assert (a == before).all()

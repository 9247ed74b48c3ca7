"""Centreline extraction from a raster (core/raster, issue 21): hand masks
with exact expected graphs, the fallback thinning against scikit-image, and
the sample's lines rasterised and extracted again."""
import numpy as np
import pytest
from scipy import ndimage

from core.raster.centrelines import extract_centrelines
from core.raster.mask import road_mask
from core.raster.skelgraph import skeleton_graph
from core.raster.thinning import zhang_suen

# 1 m pixels, the raster's top-left corner at (0, 0): pixel (row r, col c)
# has its centre at (c + 0.5, -(r + 0.5))
UNIT = (1.0, 0.0, 0.0, 0.0, -1.0, 0.0)
RAW = dict(min_area_m2=0, fill_holes_m2=0, use_skimage=False)


def lines(mask, transform=UNIT, **params):
    kw = dict(RAW, **params)
    return [p.tolist() for p in extract_centrelines(mask, transform, **kw).parts]


def degrees(parts):
    """{end point: number of lines there}"""
    deg = {}
    for p in parts:
        for q in (tuple(p[0]), tuple(p[-1])):
            deg[q] = deg.get(q, 0) + 1
    return deg


def plus():
    m = np.zeros((21, 21), dtype=bool)
    m[9:12] = True
    m[:, 9:12] = True
    return m


def test_plus_one_junction_four_ends():
    got = lines(plus())
    assert got == [[[10.5, -0.5], [10.5, -10.5]],
                   [[19.5, -9.5], [18.5, -10.5], [10.5, -10.5]],
                   [[0.5, -10.5], [10.5, -10.5]],
                   [[10.5, -10.5], [10.5, -18.5]]]
    deg = degrees(got)
    assert deg.pop((10.5, -10.5)) == 4 and sorted(deg.values()) == [1, 1, 1, 1]


def test_ring_is_one_loop_without_ends():
    yy, xx = np.mgrid[:20, :20]
    d = np.hypot(yy - 9.5, xx - 9.5)
    got = lines((d < 8) & (d > 5))
    assert got == [[[7.5, -3.5], [12.5, -3.5], [16.5, -8.5], [16.5, -11.5], [15.5, -13.5],
                    [11.5, -16.5], [8.5, -16.5], [3.5, -12.5], [3.5, -7.5], [7.5, -3.5]]]


def t_with_spur():
    m = np.zeros((30, 41), dtype=bool)
    m[5:10, 2:39] = True     # the bar, 5 px wide
    m[5:28, 18:23] = True    # the stem
    m[18:20, 23:26] = True   # a 3 px bump on the stem's side
    return m


def test_t_short_spur_pruned():
    kept = [[[37.5, -6.5], [35.5, -7.5], [20.5, -7.5]],
            [[4.5, -7.5], [20.5, -7.5]]]
    assert lines(t_with_spur(), prune_m=6) == kept + [[[20.5, -7.5], [20.5, -24.5],
                                                       [19.5, -26.5]]]
    # without pruning the bump's 5 m spur splits the stem at a junction
    assert lines(t_with_spur(), prune_m=0) == kept + [
        [[20.5, -7.5], [20.5, -18.5]], [[20.5, -18.5], [25.5, -18.5]],
        [[20.5, -18.5], [20.5, -24.5], [19.5, -26.5]]]
    # a spur as long as prune_m stays
    assert len(lines(t_with_spur(), prune_m=5)) == 5


def test_parallel_roads_one_pixel_apart_stay_two():
    m = np.zeros((20, 30), dtype=bool)
    m[5:8, 3:27] = True
    m[9:12, 3:27] = True
    assert lines(m) == [[[25.5, -5.5], [24.5, -6.5], [3.5, -6.5]],
                        [[25.5, -9.5], [24.5, -10.5], [3.5, -10.5]]]
    # joined at both ends, the one-pixel gap is a hole: filled below
    # fill_holes_m2, the two roads become one
    m[5:12, 3:5] = m[5:12, 25:27] = True
    assert lines(m) == [[[5.5, -6.5], [24.5, -6.5], [25.5, -7.5], [25.5, -9.5], [24.5, -10.5],
                         [5.5, -10.5], [4.5, -9.5], [4.5, -7.5], [5.5, -6.5]]]  # one loop
    assert lines(m, fill_holes_m2=30) == [[[24.5, -7.5], [22.5, -8.5], [5.5, -8.5]]]


def test_mask_touching_the_edge():
    m = np.zeros((10, 20), dtype=bool)
    m[0:3, :] = True
    m[:, 0:3] = True
    # outside the raster is background: the lines stop short of the edge
    assert lines(m) == [[[18.5, -0.5], [17.5, -1.5], [2.5, -1.5], [1.5, -2.5], [1.5, -7.5]]]


def test_all_zero_and_all_one():
    assert lines(np.zeros((10, 10), dtype=bool)) == []
    assert lines(np.zeros((10, 10), dtype=bool), **dict(RAW, use_skimage=True)) == []
    assert lines(np.ones((10, 16), dtype=bool)) == [[[11.5, -4.5], [5.5, -4.5], [3.5, -5.5]]]
    assert lines(np.ones((12, 12), dtype=bool)) == [[[6.5, -5.5], [4.5, -6.5]]]


def test_transform_pixel_size_and_rotation():
    """Sizes are in metres: at 0.5 m pixels the plus's arms are 4 to 5 m
    long, all spurs at prune_m=6 (the two longest are kept as one line: a
    junction is never pruned away); a rotated transform rotates the lines."""
    t = (0.5, 0, 100, 0, -0.5, 200)
    assert lines(plus(), t) == [[[105.25, 199.75], [105.25, 194.75], [100.25, 194.75]]]
    assert lines(plus(), t, prune_m=4) == [
        [[105.25, 199.75], [105.25, 194.75]], [[109.75, 195.25], [105.25, 194.75]],
        [[100.25, 194.75], [105.25, 194.75]], [[105.25, 194.75], [105.25, 190.75]]]
    rot = lines(plus(), (0.0, 1.0, 0.0, 1.0, 0.0, 0.0))  # x = row, y = col
    assert rot[0] == [[0.5, 10.5], [10.5, 10.5]]
    with pytest.raises(ValueError, match="singular"):
        extract_centrelines(plus(), (1, 1, 0, 1, 1, 0))


def test_small_components_and_holes_in_square_metres():
    m = np.zeros((30, 30), dtype=bool)
    m[2:5, 2:28] = True            # 78 px road
    m[20:23, 20:24] = True         # 12 px blob
    assert len(lines(m, min_area_m2=12)) == 2
    assert len(lines(m, min_area_m2=13)) == 1
    # at 0.5 m pixels the blob is 3 m^2
    t = (0.5, 0, 0, 0, -0.5, 0)
    assert len(lines(m, t, min_area_m2=3.5)) == 1


def test_threshold_classes_nodata():
    p = np.array([[0.1, 0.6, np.nan], [0.5, 0.49, 0.9]])
    assert road_mask(p, threshold=0.5).tolist() == [[False, True, False], [True, False, True]]
    assert road_mask(p, threshold=0.5, nodata=0.9).tolist()[1] == [True, False, False]
    c = np.array([[0, 3, 7], [3, 2, 7]])
    assert road_mask(c, classes=[3, 7]).tolist() == [[False, True, True], [True, False, True]]
    with pytest.raises(ValueError, match="not a 0/1 mask"):
        road_mask(p)
    with pytest.raises(ValueError, match="one band"):
        road_mask(np.zeros((2, 3, 3)))
    with pytest.raises(ValueError, match="empty"):
        road_mask(np.zeros((0, 3)))


def test_deterministic_and_same_with_either_skeleton():
    m = t_with_spur()
    a = lines(m)
    assert lines(m) == a
    pytest.importorskip("skimage")
    assert lines(m, use_skimage=True) == a


def test_memory_layouts_and_dtypes_give_the_same_lines():
    """A Fortran-ordered array, a strided view and a uint8 mask: the same
    lines (the code indexes flat arrays), and the input is not modified."""
    m = t_with_spur()
    big = np.zeros((60, 82), dtype=bool)
    big[::2, ::2] = m
    before = big.copy()
    want = lines(m)
    assert lines(np.asfortranarray(m)) == want
    assert lines(big[::2, ::2], min_area_m2=5, fill_holes_m2=5) == lines(m, min_area_m2=5,
                                                                            fill_holes_m2=5)
    assert lines(big[::2, ::2]) == want
    assert lines(m.astype(np.uint8)) == want
    assert np.array_equal(big, before)


def test_skeleton_graph_collapses_junction_clusters():
    s = np.zeros((7, 7), dtype=bool)
    s[3, :] = True
    s[:, 3] = True
    s[2, 2] = s[2, 4] = True  # extra pixels around the crossing
    nodes, edges = skeleton_graph(s)
    junctions = [n for n in range(len(nodes)) if sum((u == n) + (v == n) for u, v, _ in edges) >= 3]
    assert len(junctions) == 1


# -- the fallback thinning is scikit-image's, pixel for pixel ---------------

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings, strategies as st  # noqa: E402


@st.composite
def masks(draw):
    h = draw(st.integers(1, 24))
    w = draw(st.integers(1, 24))
    seed = draw(st.integers(0, 2 ** 32 - 1))
    rng = np.random.default_rng(seed)
    m = rng.random((h, w)) < draw(st.floats(0.05, 0.95))
    grow = draw(st.integers(0, 2))
    return ndimage.binary_dilation(m, iterations=grow) if grow else m


@settings(max_examples=300)
@given(masks())
def test_fallback_equals_skimage(mask):
    sk = pytest.importorskip("skimage.morphology")
    assert np.array_equal(zhang_suen(mask), sk.skeletonize(mask))


# -- round trip: the sample's lines rasterised, extracted again -------------

HALF_WIDTH_M = 2.0  # roads 4 m wide: the sample has dual carriageways 7 m apart


def rasterise(ls, px, half_width=HALF_WIDTH_M, margin=20.0):
    """A road mask of the lines at ``px`` m pixels: pixels whose centre is
    within ``half_width`` of a line (the lines' pixels, found from points
    every px / 4 along them, grown by a Euclidean distance transform), and
    its transform."""
    xy = np.concatenate(ls.parts)
    x0, y0 = np.floor(xy.min(axis=0)) - margin
    x1, y1 = np.ceil(xy.max(axis=0)) + margin
    shape = (int(round((y1 - y0) / px)), int(round((x1 - x0) / px)))
    pts = densify(ls, px / 4)
    centre = np.zeros(shape, dtype=bool)
    centre[((y1 - pts[:, 1]) / px).astype(int), ((pts[:, 0] - x0) / px).astype(int)] = True
    mask = ndimage.distance_transform_edt(~centre) * px <= half_width
    return mask, (px, 0.0, float(x0), 0.0, -px, float(y1))


def densify(ls, step):
    out = []
    for p in ls.parts:
        seg = np.hypot(*np.diff(p, axis=0).T)
        for a, b, n in zip(p[:-1], p[1:], np.maximum(np.ceil(seg / step), 1).astype(int)):
            out.append(a + np.linspace(0, 1, n + 1)[:, None] * (b - a))
    return np.concatenate(out)


@pytest.mark.slow
@pytest.mark.parametrize("px", [1.0, 0.5])
def test_round_trip_of_the_sample(px):
    """At 1 m: APLS 0.984, quality 0.9997, 99.1 % within a pixel; at 0.5 m:
    APLS 0.996, quality 0.9998, 98.3 % within a pixel (99.4 % within 1 m)."""
    from scipy.spatial import cKDTree

    from core.runner import run
    from sample_data import sample
    gt = sample()
    mask, transform = rasterise(gt, px)
    got = extract_centrelines(mask, transform, use_skimage=False)
    assert run("apls", gt, got).scores["APLS"] >= 0.95
    assert run("ccq", gt, got).scores["QUALITY"] >= 0.95
    d, _ = cKDTree(densify(gt, 0.25)).query(densify(got, 0.25))
    # within one pixel, but where two roads of the sample are closer than
    # the rasterised width (forks, slip roads: their masks merge and the
    # skeleton runs between them, at most one road width off)
    assert (d <= px).mean() >= 0.98
    assert d.max() <= 2 * HALF_WIDTH_M


@settings(max_examples=100)
@given(st.lists(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30)), min_size=1,
                         max_size=30), min_size=1, max_size=8),
       st.sampled_from([0.0, 0.5, 1.0, 2.5]))
def test_simplify_all_equals_simplify_each(lines_, tol):
    from core.raster.centrelines import simplify, simplify_all
    lines_ = [np.array(c, dtype=float) * 0.5 for c in lines_]
    got = simplify_all(lines_, tol)
    want = [simplify(c, tol) for c in lines_]
    assert len(got) == len(want)
    assert all(np.array_equal(a, b) for a, b in zip(got, want))


@settings(max_examples=100)
@given(masks(), st.integers(0, 5), st.integers(0, 5), st.integers(0, 5), st.integers(0, 5))
def test_skimage_on_the_bounding_box_is_the_fallback(mask, top, bottom, left, right):
    """scikit-image is run on the mask's bounding box only: with empty
    margins around a mask, the same pixels as the fallback."""
    pytest.importorskip("skimage")
    from core.raster.thinning import skeletonize
    m = np.pad(mask, ((top, bottom), (left, right)))
    assert np.array_equal(skeletonize(m, use_skimage=True), zhang_suen(m))

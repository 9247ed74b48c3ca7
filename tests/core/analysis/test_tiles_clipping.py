"""core/analysis/tiles.py: clipping many tiles with a spatial index
(issue 23, item 4) gives the same parts as visiting every part, reports its
progress and checks for cancellation at every tile."""
import numpy as np
import pytest

from core.analysis import tiles as T
from core.analysis.tiles import PartIndex, clip_lineset, clip_tiles, grid_tiles
from core.network.lineset import LineSet
from core.progress import Cancelled, Progress
from sample_data import sample


def same(a, b):
    return (len(a.parts) == len(b.parts)
            and all(np.array_equal(p, q) for p, q in zip(a.parts, b.parts))
            and np.array_equal(a.part_feature, b.part_feature))


def extent(ls):
    xy = np.vstack(ls.parts)
    return (*xy.min(axis=0), *xy.max(axis=0))


@pytest.mark.parametrize("size,margin", [(150.0, 0.0), (400.0, 25.0), (1e5, 0.0)])
def test_indexed_clipping_equals_visiting_every_part(size, margin):
    gt = sample()
    x0, y0, x1, y1 = extent(gt)
    tiles = grid_tiles(x0 - 7, y0 - 3, x1, y1, size)
    # a tile beside the data and one rotated square (a polygon, not a box)
    from shapely.affinity import rotate
    from shapely.geometry import box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    tiles += [(-1, (x1 + 10, y0, x1 + 500, y1)),
              (-2, rotate(box(cx - 300, cy - 300, cx + 300, cy + 300), 30))]
    clipped = clip_tiles(gt, gt, tiles, margin)
    assert len(clipped) == len(tiles)
    for (tid, poly), (g, _) in zip(tiles, clipped):
        assert same(g, clip_lineset(gt, poly, margin)), tid
    assert sum(len(g.parts) for g, _ in clipped) >= len(gt.parts)


def test_part_index_finds_every_part_that_meets_a_box():
    rng = np.random.default_rng(3)
    parts = [np.cumsum(rng.normal(0, 30, (rng.integers(2, 6), 2)), axis=0) + rng.uniform(0, 1000, 2)
             for _ in range(300)]
    ls = LineSet(parts)
    index = PartIndex(ls, 50.0)
    for _ in range(200):
        x, y = rng.uniform(-100, 1100, 2)
        w, h = rng.uniform(0, 200, 2)
        near = set(index.near((x, y, x + w, y + h)).tolist())
        for k, p in enumerate(parts):
            # a segment's box meets the query box: the part must be listed
            lo = np.minimum(p[:-1], p[1:])
            hi = np.maximum(p[:-1], p[1:])
            meets = np.any((lo[:, 0] <= x + w) & (hi[:, 0] >= x) & (lo[:, 1] <= y + h) & (hi[:, 1] >= y))
            if meets:
                assert k in near
    assert index.near((np.nan, 0, 1, 1)) is None  # not finite: every part is a candidate


def test_cancel_is_checked_at_every_tile_while_clipping(monkeypatch):
    """TILE_SIZE = 25 m over the sample (thousands of tiles): the cancel,
    raised after the 10th check, stops the clipping at the next tile; no
    tile is evaluated."""
    gt, pred = sample(), sample("prediction")
    x0, y0, x1, y1 = extent(gt)
    tiles = grid_tiles(x0, y0, x1, y1, 25.0)
    assert len(tiles) > 1000
    clipped = []
    real = T.clip_lineset
    monkeypatch.setattr(T, "clip_lineset", lambda *a, **k: clipped.append(1) or real(*a, **k))
    monkeypatch.setattr(T, "run_tasks", lambda *a, **k: pytest.fail("tiles evaluated after cancel"))
    checks, seen = [], []

    def cancelled():
        checks.append(len(clipped))
        return len(checks) > 10
    with pytest.raises(Cancelled):
        T.evaluate_tiles(gt, pred, tiles, ["apls"], progress=Progress(
            lambda f, m: seen.append((f, m)), cancelled))
    assert len(clipped) <= 2 * 10  # two layers per tile, about ten tiles
    assert any(m and "clipping" in m for _, m in seen)


def test_clipping_reports_progress():
    gt = sample()
    x0, y0, x1, y1 = extent(gt)
    tiles = grid_tiles(x0, y0, x1, y1, 100.0)
    seen = []
    clip_tiles(gt, gt, tiles, progress=Progress(lambda f, m: seen.append(f)))
    assert len(seen) > 20 and seen == sorted(seen) and seen[-1] < 1.0


# -- TILE_SIZE and MARGIN ranges (issue 23, item 6) ---------------------------------------

@pytest.mark.parametrize("size", [float("nan"), float("inf"), 1e308, -1.0, 100_000.5, "x"])
def test_tile_size_outside_its_range_is_refused_with_a_sentence(size):
    with pytest.raises(ValueError) as e:
        T.check_tiling(size)
    assert "(TILE_SIZE) must be a finite number from 0 to 100000 m" in str(e.value)
    with pytest.raises(ValueError):
        grid_tiles(0, 0, 10, 10, size)


def test_margin_outside_its_range_is_refused_and_valid_values_pass():
    with pytest.raises(ValueError, match=r"\(MARGIN\) must be a finite number"):
        T.check_tiling(0.0, float("nan"))
    with pytest.raises(ValueError, match=r"\(MARGIN\)"):
        T.evaluate_tiles(LineSet([]), LineSet([]), [], ["apls"], margin=1e6)
    assert T.check_tiling(0, 0) == (0.0, 0.0)
    assert T.check_tiling(25, 100_000) == (25.0, 100_000.0)


def test_a_tile_of_infinite_area_clips_like_a_large_one():
    """A box of 1e308 m has an area of inf; inf - inf (NaN) made the box test
    fail and the tile be intersected as a general polygon (APLS 0.676864
    instead of 0.678504 on the sample)."""
    pred = sample("prediction")
    x0, y0, x1, y1 = extent(sample())  # the grid's origin: the prediction crosses its borders
    huge = clip_lineset(pred, (x0, y0, x0 + 1e308, y0 + 1e308))
    large = clip_lineset(pred, (x0, y0, x0 + 1e5, y0 + 1e5))
    assert same(huge, large)
    assert not same(large, pred)
    from shapely.geometry import box
    assert T._is_box(box(x0, y0, x0 + 1e308, y0 + 1e308))
    assert not T._is_box(box(0, 0, 1, 1).union(box(1, 0, 2, 2)))


def test_one_tile_over_both_layers_gives_the_whole_extent_apls():
    """The gap between one grid tile covering the ground truth (APLS
    0.6785045) and the whole extent (0.6784984): the grid covers the ground
    truth's extent, and 4.6 m of the prediction lie outside it.  A tile
    covering both layers gives the whole-extent number exactly."""
    from core.analysis.evaluate import evaluate
    gt, pred = sample(), sample("prediction")
    x0, y0, x1, y1 = extent(gt)
    whole = evaluate(gt, pred, ["apls"], seed=0).results["apls"].scores["APLS"]
    both = T.evaluate_tiles(gt, pred, [(0, (x0 - 1e3, y0 - 1e3, x1 + 1e3, y1 + 1e3))], ["apls"])
    grid = T.evaluate_tiles(gt, pred, grid_tiles(x0, y0, x1, y1, 1e5), ["apls"])
    assert both.aggregate["apls"]["APLS"] == whole
    assert grid.aggregate["apls"]["APLS"] == pytest.approx(whole, abs=1e-5)
    assert grid.aggregate["apls"]["APLS"] != whole
    cut = clip_lineset(pred, grid_tiles(x0, y0, x1, y1, 1e5)[0][1])
    lost = pred.total_length() - cut.total_length()
    assert 4.0 < lost < 5.0

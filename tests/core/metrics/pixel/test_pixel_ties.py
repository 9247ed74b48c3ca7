"""Tolerance ties (issue 32, item 1): a boundary pixel exactly at the
tolerance counts as within it at every pixel size, in every pixel metric
and strategy, whatever floating point makes of k x 0.3 m.  The expected
answer is decided in exact rational arithmetic on the decimal sizes (an
independent computation), and checked against scipy's distance transform
with ``sampling``."""
from fractions import Fraction

import numpy as np
import pytest
from scipy import ndimage

from core.metrics.pixel import pixel_boundaryf as pbf
from core.metrics.pixel import pixel_distances as pdist
from core.metrics.pixel.masks import from_pixel_size
from core.metrics.pixel.surfaces import boundary, dilation, reach, within
from core.progress import NO_PROGRESS

# (row size, column size, row offset, column offset, tolerance) as decimal text:
# the offset's exact length equals the tolerance
TIES = [
    ("0.3", "0.3", 4, 0, "1.2"),      # 4 x 0.3 = 1.2000000000000002 in floating point
    ("0.1", "0.1", 3, 0, "0.3"),      # 0.30000000000000004
    ("0.1", "0.1", 0, 7, "0.7"),
    ("0.7", "0.7", 3, 0, "2.1"),
    ("0.7", "0.7", 0, 7, "4.9"),
    ("0.3", "0.3", 3, 4, "1.5"),      # a diagonal: 3-4-5 of 0.3 m
    ("0.6", "0.8", 1, 1, "1.0"),      # anisotropic: 0.36 + 0.64
    ("0.3", "0.4", 4, 3, "1.697"),    # sqrt(2.88) = 1.69706 m: just beyond, not a tie
    ("0.3", "0.7", 0, 3, "2.1"),      # anisotropic, along a row
]


def _exact_within(h, w, dy, dx, tol) -> bool:
    d2 = (Fraction(h) * dy) ** 2 + (Fraction(w) * dx) ** 2
    return d2 <= Fraction(tol) ** 2


def _pair(dy, dx):
    """One boundary pixel each (single pixels are their own boundary), dy
    rows and dx columns apart."""
    g = np.zeros((24, 24), bool)
    p = np.zeros((24, 24), bool)
    g[5, 5] = True
    p[5 + dy, 5 + dx] = True
    return g, p


@pytest.mark.parametrize("h,w,dy,dx,tol", TIES)
def test_ties_count_as_within_in_every_pixel_metric(h, w, dy, dx, tol):
    expect = _exact_within(h, w, dy, dx, tol)
    g, p = _pair(dy, dx)
    spacing = (float(h), float(w))
    # scipy's exact EDT with sampling, tested with the same tie rule
    edt = ndimage.distance_transform_edt(~boundary(p), sampling=spacing)[boundary(g)]
    assert bool(within(edt, float(tol)).all()) == expect
    rasters = from_pixel_size(g.astype(np.uint8), p.astype(np.uint8), spacing)
    nsd = pdist.compute(rasters, pdist.SPEC.resolve({"TOLERANCE": float(tol)}),
                        NO_PROGRESS).scores["NSD"]
    assert nsd == (1.0 if expect else 0.0), (nsd, expect)
    # the area strategy's dilation (a disc of the tolerance) reaches the other pixel
    assert dilation(g, reach(float(tol)), spacing)[5 + dy, 5 + dx] == expect
    for strategy in ("distance", "correspondence", "validation"):
        params = pbf.SPEC.resolve({"TOLERANCE": float(tol), "STRATEGY": strategy,
                                   "ANGLE_TOLERANCE": 180.0})
        f = pbf.compute(rasters, params, NO_PROGRESS).scores["F"]
        assert (f > 0.99) == expect, (strategy, f, expect)


@pytest.mark.parametrize("h", ["0.1", "0.3", "0.7"])
def test_one_pixel_beyond_the_tie_is_not_within(h):
    """The margin keeps ties only: k + 1 pixels away is outside k x h."""
    for k in (1, 2, 3, 5, 8):
        tol = str(Fraction(h) * k)
        tol = f"{float(Fraction(tol)):.10g}"
        g, p = _pair(k + 1, 0)
        rasters = from_pixel_size(g.astype(np.uint8), p.astype(np.uint8), (float(h),) * 2)
        nsd = pdist.compute(rasters, pdist.SPEC.resolve({"TOLERANCE": float(tol)}),
                            NO_PROGRESS).scores["NSD"]
        assert nsd == 0.0, (h, k)


def test_a_tolerance_larger_than_the_raster_costs_its_diagonal(monkeypatch):
    """TOLERANCE=5000 m on a 60 x 60 mask (issue 32, item 6): the same scores
    as a tolerance just beyond the diagonal, in every strategy, and the
    work is bounded by the raster (the filters of the area strategy's
    dilation, the offsets of the pair search), not by the tolerance."""
    from scipy import ndimage as nd
    from core.metrics.pixel import surfaces
    g = np.zeros((60, 60), np.uint8)
    p = np.zeros((60, 60), np.uint8)
    g[10:14, :] = 1
    p[40:50, 5:55] = 1
    rasters = from_pixel_size(g, p, 1.0)
    calls = []
    real = nd.minimum_filter1d
    monkeypatch.setattr(nd, "minimum_filter1d", lambda *a, **k: calls.append(1) or real(*a, **k))
    for strategy in pbf.STRATEGIES:
        big, diag = (pbf.compute(rasters, pbf.SPEC.resolve({"TOLERANCE": t, "STRATEGY": strategy}),
                                 NO_PROGRESS).scores for t in (5000.0, 86.0))
        assert big == diag, strategy
    assert len(calls) < 4 * 2 * 130      # at most a filter per distinct half-width (<= 61) and side
    assert len(surfaces.disc_offsets(5000.0, (1.0, 1.0), 0.0, (60, 60))) <= 119 * 119
    d_big = pdist.compute(rasters, pdist.SPEC.resolve({"TOLERANCE": 5000.0}), NO_PROGRESS).scores
    d_diag = pdist.compute(rasters, pdist.SPEC.resolve({"TOLERANCE": 86.0}), NO_PROGRESS).scores
    assert d_big == d_diag

"""The pixel metrics' diagnostic maps (core/metrics/pixel/maps.py and each
metric's ``diagnostics=True``): hand cases with exact expected codes on tiny masks,
and properties (hypothesis): the maps count exactly what the scores count,
building them changes no score, and without ``maps`` none is built."""
import numpy as np
import pytest
from hypothesis import given, settings

from core import registry
from core.metrics.pixel.maps import IGNORED, boundary_map, confusion_map
from core.metrics.pixel.masks import Rasters, from_pixel_size
from core.runner import run_masks
from test_pixel_properties import IDS, RUNS, road_masks


def _maps(metric, g, p, **params):
    return run_masks(metric, from_pixel_size(np.array(g, np.uint8), np.array(p, np.uint8), 1.0),
                     params, diagnostics=True)


def test_confusion_map_by_hand():
    g = [[0, 1, 1, 0],
         [0, 1, 1, 0]]
    p = [[0, 0, 1, 1],
         [0, 1, 1, 1]]
    m = _maps("pixel_iou", g, p).maps["CONFUSION_MAP"]
    np.testing.assert_array_equal(m, [[0, 3, 1, 2],
                                      [0, 1, 1, 2]])
    assert m.dtype == np.uint8


def test_class_maps_wrong_class_and_ignored_pixels():
    # the class-map case of test_pixel_iou.py: (0, 1) is road on both sides, class 1 against 2
    g = np.array([[1, 1, 2, 2, 255],
                  [1, 1, 2, 2, 255]])
    p = np.array([[1, 2, 2, 2, 1],
                  [1, 1, 0, 2, 1]])
    r = run_masks("pixel_iou", Rasters(g, p, (1, 0, 0, 0, -1, 0), gt_nodata=255),
                  {"ROAD_CLASSES": "1, 2"}, diagnostics=True)
    np.testing.assert_array_equal(r.maps["CONFUSION_MAP"], [[1, 4, 1, 1, IGNORED],
                                                            [1, 1, 3, 1, IGNORED]])


def test_distance_boundary_map_by_hand():
    # a 5-pixel and a 3-pixel line two rows apart, 1 m pixels, tolerance 2 m:
    # gt (1, 3) is sqrt(5) m and (1, 4) sqrt(8) m from the prediction
    g = np.zeros((5, 6), np.uint8)
    g[1, 0:5] = 1
    p = np.zeros((5, 6), np.uint8)
    p[3, 0:3] = 1
    r = _maps("pixel_distances", g, p, TOLERANCE=2.0)
    expect = np.zeros((5, 6), np.uint8)
    expect[1, 0:5] = [1, 1, 1, 2, 2]
    expect[3, 0:3] = 3
    np.testing.assert_array_equal(r.maps["BOUNDARY_MAP"], expect)
    assert r.scores["NSD"] == pytest.approx(6 / 8)


def test_boundaries_that_coincide_are_code_5():
    m = np.zeros((6, 6), np.uint8)
    m[1:5, 1:5] = 1
    r = _maps("pixel_distances", m, m)
    ring = m.astype(bool) & ~np.pad(np.ones((2, 2), bool), 2)
    np.testing.assert_array_equal(r.maps["BOUNDARY_MAP"], np.where(ring, 5, 0))


def test_skeleton_map_by_hand():
    # one-pixel lines are their own skeletons: the ground truth a row, the
    # prediction part of it and a column across it
    g = np.zeros((5, 10), np.uint8)
    g[2, 1:9] = 1
    p = np.zeros((5, 10), np.uint8)
    p[2, 1:5] = 1
    p[:, 6] = 1
    r = _maps("pixel_cldice", g, p)
    expect = np.zeros((5, 10), np.uint8)
    expect[2, 1:9] = [5, 5, 5, 5, 2, 5, 2, 2]
    expect[[0, 1, 3, 4], 6] = 4
    np.testing.assert_array_equal(r.maps["SKELETON_MAP"], expect)
    assert r.scores["TSENS"] == pytest.approx(5 / 8)
    assert r.scores["TPREC"] == pytest.approx(5 / 9)


def test_skeleton_map_shows_the_masks_beneath():
    g = np.zeros((7, 9), np.uint8)
    g[1:6, 1:8] = 1
    m = _maps("pixel_cldice", g, np.zeros_like(g)).maps["SKELETON_MAP"]
    assert set(np.unique(m[g == 1]).tolist()) == {2, 7}      # skeleton missed, mask gt only
    assert (m[g == 0] == 0).all()


def test_correspondence_matches_one_to_one():
    # one ground-truth pixel, two predicted pixels 1 m and 1.41 m away, tolerance 1.5 m:
    # the distance strategy matches both, the one-to-one correspondence only the nearer
    g = np.zeros((4, 4), np.uint8)
    g[1, 1] = 1
    p = np.zeros((4, 4), np.uint8)
    p[1, 2] = p[2, 2] = 1
    d = _maps("pixel_boundaryf", g, p, TOLERANCE=1.5).maps["BOUNDARY_MAP"]
    c = _maps("pixel_boundaryf", g, p, TOLERANCE=1.5,
              STRATEGY="correspondence").maps["BOUNDARY_MAP"]
    assert (d[1, 1], d[1, 2], d[2, 2]) == (1, 3, 3)
    assert (c[1, 1], c[1, 2], c[2, 2]) == (1, 3, 4)
    assert np.count_nonzero(c) == 3


def test_area_map_by_hand():
    # two single pixels side by side, a 1 m disc: two plus-shaped neighbourhoods
    g = np.zeros((5, 6), np.uint8)
    g[2, 2] = 1
    p = np.zeros((5, 6), np.uint8)
    p[2, 3] = 1
    r = _maps("pixel_boundaryf", g, p, TOLERANCE=1.0, STRATEGY="area")
    np.testing.assert_array_equal(r.maps["BOUNDARY_MAP"], [[0, 0, 0, 0, 0, 0],
                                                           [0, 0, 8, 9, 0, 0],
                                                           [0, 8, 7, 7, 9, 0],
                                                           [0, 0, 8, 9, 0, 0],
                                                           [0, 0, 0, 0, 0, 0]])
    assert (r.scores["TP"], r.scores["FP"], r.scores["FN"]) == (2.0, 3.0, 3.0)


@pytest.mark.parametrize("strategy", ["distance", "area", "correspondence", "validation"])
def test_one_empty_side_leaves_nothing_matched(strategy):
    g = np.zeros((6, 6), np.uint8)
    g[2:4, 1:5] = 1
    m = _maps("pixel_boundaryf", g, np.zeros_like(g), STRATEGY=strategy).maps["BOUNDARY_MAP"]
    shown = 8 if strategy == "area" else 2      # missed area / unmatched gt boundary
    assert shown in m and set(np.unique(m).tolist()) <= {0, shown}
    both = _maps("pixel_boundaryf", np.zeros_like(g), np.zeros_like(g), STRATEGY=strategy)
    assert not both.maps["BOUNDARY_MAP"].any()


def test_boundary_map_helper_keeps_sides_apart():
    m = boundary_map((1, 4), np.array([0, 1]), np.array([1, 3]), np.array([True, False]),
                     np.array([True, False]))
    np.testing.assert_array_equal(m, [[1, 6, 0, 4]])
    c = confusion_map(np.array([[True, False]]), np.array([[True, True]]),
                      keep=np.array([[True, False]]))
    np.testing.assert_array_equal(c, [[1, IGNORED]])


def test_every_map_is_declared_with_a_legend():
    for spec in registry.all_specs("masks"):
        assert spec.maps, spec.id
        for m in spec.maps:
            assert m.nodata == IGNORED and any(colour for _, colour, _ in m.legend)
    assert all(not s.maps for s in registry.all_specs("lines"))


def _counts(m):
    return np.bincount(m.ravel(), minlength=256)


def _check_counts(spec, params, r):
    """The codes of the map count what the scores count."""
    c = _counts(next(iter(r.maps.values())))
    s = r.scores
    if spec.id == "pixel_iou":
        assert (c[1], c[2], c[3]) == tuple(r.details["classes"]["road"][k] for k in
                                           ("tp_pixels", "fp_pixels", "fn_pixels"))
    elif spec.id == "pixel_cldice":
        n_sg, n_sp = r.counts["gt_skeleton_pixels"], r.counts["pred_skeleton_pixels"]
        assert (c[1] + c[2] + c[5], c[3] + c[4] + c[5]) == (n_sg, n_sp)
        assert (c[1] + c[5], c[3] + c[5]) == (r.counts["gt_skeleton_in_prediction"],
                                              r.counts["pred_skeleton_in_ground_truth"])
    elif spec.id == "pixel_distances":
        n = r.counts["gt_boundary_pixels"] + r.counts["pred_boundary_pixels"]
        assert c[1] + c[2] + c[3] + c[4] + 2 * c[5] == n
        if n:
            assert (c[1] + c[3] + 2 * c[5]) / n == pytest.approx(s["NSD"])
    elif params.get("STRATEGY") == "area":
        assert (c[7], c[9], c[8]) == (s["TP"], s["FP"], s["FN"])    # 1 m^2 pixels
    else:
        # code 6: on both boundaries, unmatched on one side
        assert c[3] + c[4] + c[5] + c[6] == r.counts["pred_boundary_pixels"]
        assert c[4] + c[6] >= s["FP"] >= c[4]
        assert c[3] + c[5] <= s["TP"] <= c[3] + c[5] + c[6]
        assert c[2] + c[6] >= s["FN"] >= c[2]


@pytest.mark.parametrize("spec,params", RUNS, ids=IDS)
@settings(max_examples=12)
@given(g=road_masks(), p=road_masks())
def test_maps_count_what_the_scores_count(spec, params, g, p):
    h, w = min(g.shape[0], p.shape[0]), min(g.shape[1], p.shape[1])
    rasters = from_pixel_size(g[:h, :w], p[:h, :w], 1.0)
    plain = run_masks(spec, rasters, params)
    r = run_masks(spec, rasters, params, diagnostics=True)
    assert not plain.maps
    assert set(r.maps) == {m.name for m in spec.maps}
    np.testing.assert_equal(r.scores, plain.scores)
    m = next(iter(r.maps.values()))
    assert m.shape == (h, w) and m.dtype == np.uint8
    _check_counts(spec, params, r)


def test_look_ups_in_chunks_give_the_same_codes(monkeypatch):
    import core.metrics.pixel.maps as maps
    rng = np.random.default_rng(3)
    g, p = rng.random((9, 11)) < 0.5, rng.random((9, 11)) < 0.5
    whole = confusion_map(g, p)
    monkeypatch.setattr(maps, "LOOKUP_CHUNK", 5)
    np.testing.assert_array_equal(confusion_map(g, p), whole)
    np.testing.assert_array_equal(whole, np.select([g & p, p, g], [1, 2, 3], 0))


def test_legends_list_only_the_codes_a_run_can_give():
    """Issue 37: a distance-strategy boundary map lists codes 0-5 only (a
    pixel on both boundaries is at distance 0: always matched), the area
    strategy 0 and 7-9, correspondence and validation 0-6; a confusion map
    without several classes has no 'wrong class'; the report and the maps
    carry the run's legend."""
    from core import registry
    from core.reports.pixel_maps import maps_section
    bf = registry.get("pixel_boundaryf").maps[0]
    codes = {s: [c for c, _, _ in bf.legend_for(registry.get("pixel_boundaryf").resolve(
        {"STRATEGY": s}))] for s in ("distance", "area", "correspondence", "validation")}
    assert codes == {"distance": [0, 1, 2, 3, 4, 5], "area": [0, 7, 8, 9],
                     "correspondence": [0, 1, 2, 3, 4, 5, 6], "validation": [0, 1, 2, 3, 4, 5, 6]}
    assert [c for c, _, _ in bf.legend_for(None)] == list(range(10))
    iou = registry.get("pixel_iou").maps[0]
    assert [c for c, _, _ in iou.legend_for({"ROAD_CLASSES": None})] == [0, 1, 2, 3]
    assert [c for c, _, _ in iou.legend_for({"ROAD_CLASSES": "1,2"})] == [0, 1, 2, 3, 4]
    assert all(len(text) <= 36 for m in (bf, iou) for _, _, text in m.legend)   # short labels
    g = np.zeros((12, 12), dtype=np.uint8)
    g[3:9, 3:9] = 1
    p = np.roll(g, 1, axis=1)
    for strategy, absent in (("distance", "unmatched once"), ("area", "ground truth, matched")):
        r = run_masks("pixel_boundaryf", from_pixel_size(g, p, 1.0), {"STRATEGY": strategy},
                      diagnostics=True)
        shown = set(np.unique(r.maps["BOUNDARY_MAP"]).tolist())
        assert shown <= set(codes[strategy])
        html = maps_section(registry.get("pixel_boundaryf"), r.maps, params=r.parameters)
        assert absent not in html

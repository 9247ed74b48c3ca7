"""Tiled evaluation: clipping, hand-checked pooled vs mean aggregation, the
empty-tile policies, and identical numbers serially, on processes and on Dask."""
import math

import numpy as np
import pytest

from core.analysis.tiles import clip_lineset, evaluate_tiles, grid_tiles, tile_seed
from core.network.lineset import LineSet
from core.runner import run as run_spec

L_SHAPE = [np.array([[0.0, 0], [200, 0]]), np.array([[200.0, 0], [200, 200]])]
GAP = [np.array([[0.0, 0], [90, 0]]), np.array([[110.0, 0], [200, 0], [200, 200]])]
SHIFT = np.array([1000.0, 0])


def two_tiles():
    """Tile 0: identical L-shapes.  Tile 1: the gap case of test_apls
    (GT -> P: 40 of 72 routes penalised; P -> GT: 48 routes, no penalty).
    Tile 2: no ground truth, a 100 m spurious prediction road."""
    gt = LineSet(L_SHAPE + [p + SHIFT for p in L_SHAPE])
    pred = LineSet(L_SHAPE + [p + SHIFT for p in GAP] + [np.array([[2100.0, 0], [2200, 0]])])
    tiles = [(0, (-50, -50, 500, 500)), (1, (950, -50, 1500, 500)), (2, (2000, -50, 2500, 500))]
    return gt, pred, tiles


def test_grid_tiles():
    t = grid_tiles(0, 0, 250, 100, 100)
    assert len(t) == 3 and t[2] == (2, (200, 0, 300, 100))
    with pytest.raises(ValueError):
        grid_tiles(0, 0, 1, 1, 0)


def test_clip_keeps_attributes_and_cuts_exactly():
    ls = LineSet([np.array([[0.0, 5], [300, 5]]), np.array([[500.0, 0], [600, 0]])],
                 attributes={"kind": ["a", "b"]})
    c = clip_lineset(ls, (100, 0, 200, 10))
    assert len(c.parts) == 1 and c.parts[0].tolist() == [[100, 5], [200, 5]]
    assert c.part_attribute("kind") == ["a"]
    c = clip_lineset(ls, (100, 0, 200, 10), margin=10)
    assert c.parts[0][:, 0].tolist() == [90, 210]
    # a non-rectangular tile
    c = clip_lineset(ls, [(0, 0), (100, 0), (0, 100)])
    assert c.total_length() == pytest.approx(95)


def test_a_road_on_a_tile_edge_is_in_exactly_one_tile():
    """GEOS's clip_by_rect drops a line running along the box's side: a
    road on the edge between two tiles was in neither, and a tile whose only
    road lay on its edge counted as having no ground truth.  A single clip
    keeps the side; clipping a grid gives each piece along a shared side to
    the first tile that has it (here the lower one), the grid's outer sides
    to their only tile."""
    edge = LineSet([np.array([[-50.0, 100], [250, 100]]),        # along y = 100, past both ends
                    np.array([[50.0, 0], [50, 100], [150, 100]])])  # inside, then along the edge
    c = clip_lineset(edge, (0, 0, 200, 100))
    assert c.total_length() == pytest.approx(200 + 100 + 100)
    from core.analysis.tiles import clip_tiles
    tiles = grid_tiles(0, 0, 200, 200, 100)
    out = clip_tiles(edge, edge, tiles)
    lengths = [g.total_length() for g, _ in out]
    assert sum(lengths) == pytest.approx(200 + 100 + 100)
    below = [tid for tid, (x0, y0, x1, y1) in tiles if y1 == 100]
    assert all(lengths[k] > 0 for k, (tid, _) in enumerate(tiles) if tid in below)
    r = evaluate_tiles(edge, edge, tiles, ["ccq"])
    assert [t.empty for t in r.tiles] == [lengths[k] == 0 for k in range(len(tiles))]
    assert r.aggregate["ccq"]["F1"] == pytest.approx(1.0)
    # the grid's top side belongs to its one tile
    top = LineSet([np.array([[-10.0, 200], [210, 200]])])
    assert sum(g.total_length() for g, _ in clip_tiles(top, top, tiles)) == pytest.approx(200)


def test_pooled_and_mean_hand_checked():
    gt, pred, tiles = two_tiles()
    pooled = evaluate_tiles(gt, pred, tiles[:2], ["apls"], aggregation="pooled").aggregate["apls"]
    a, b = 1 - 40 / 144, 1.0
    assert pooled["APLS_GT_TO_PRED"] == pytest.approx(a)
    assert pooled["APLS"] == pytest.approx(2 * a * b / (a + b))
    mean = evaluate_tiles(gt, pred, tiles[:2], ["apls"], aggregation="mean").aggregate["apls"]
    assert mean["APLS"] == pytest.approx((1 + 2 * (4 / 9) / (1 + 4 / 9)) / 2)


def test_empty_tile_policies():
    gt, pred, tiles = two_tiles()
    t1 = 2 * (4 / 9) / (1 + 4 / 9)
    agg = lambda mode, pol: evaluate_tiles(gt, pred, tiles, ["apls"], aggregation=mode,
                                           empty_tiles=pol).aggregate["apls"]["APLS"]
    assert agg("mean", "skip") == pytest.approx((1 + t1) / 2)
    assert agg("mean", "worst") == pytest.approx((1 + t1 + 0) / 3)
    assert agg("mean", "best") == pytest.approx((1 + t1 + 1) / 3)
    a = 1 - 40 / 144
    assert agg("pooled", "skip") == pytest.approx(2 * a / (1 + a))
    assert agg("pooled", "best") == pytest.approx(2 * a / (1 + a))
    # worst: the empty tile's spurious road adds 6 routes with penalty 1
    b = 1 - 6 / (72 + 48 + 6)
    assert agg("pooled", "worst") == pytest.approx(2 * a * b / (a + b))
    r = evaluate_tiles(gt, pred, tiles, ["apls"])
    assert [t.empty for t in r.tiles] == [False, False, True]
    assert any("no ground truth" in w for w in r.warnings)


def test_tile_seeds_are_distinct_and_stable():
    assert tile_seed(0, 1) == tile_seed(0, 1) != tile_seed(0, 2)
    assert tile_seed(0, 1) != tile_seed(1, 1)


@pytest.mark.slow
def test_processes_give_identical_numbers():
    gt, pred, tiles = two_tiles()
    serial = evaluate_tiles(gt, pred, tiles, workers=1)
    par = evaluate_tiles(gt, pred, tiles, workers=2)
    assert serial.numbers() == pytest.approx(par.numbers(), nan_ok=True)
    for a, b in zip(serial.tiles, par.tiles):
        assert a.metrics == b.metrics or all(
            a.scores(m) == pytest.approx(b.scores(m), nan_ok=True) for m in a.metrics)


def test_failing_tile_is_reported_not_lost(monkeypatch):
    gt, pred, tiles = two_tiles()
    from core.analysis import tiles as tmod
    real = tmod._tile_task

    def flaky(task, progress):
        if task["seed"] == tile_seed(0, 1):
            raise RuntimeError("boom")
        return real(task, progress)
    monkeypatch.setattr(tmod, "_tile_task", flaky)
    r = tmod.evaluate_tiles(gt, pred, tiles[:2], ["apls"], workers=1)
    assert r.tiles[1].error and "boom" in r.tiles[1].error
    assert any("tile 1 failed" in w for w in r.warnings)
    assert r.aggregate["apls"]["APLS"] == pytest.approx(1.0)


@pytest.mark.slow
def test_dask_local_cluster_equals_serial():
    distributed = pytest.importorskip(
        "distributed", reason="the 'distributed' package is not installed (scripts/test installs it)")
    gt, pred, tiles = two_tiles()
    serial = evaluate_tiles(gt, pred, tiles)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        r = evaluate_tiles(gt, pred, tiles, dask_scheduler=cluster.scheduler_address)
    assert r.numbers() == pytest.approx(serial.numbers(), nan_ok=True)
    assert not any("failed" in w for w in r.warnings)


def test_bad_options():
    gt, pred, tiles = two_tiles()
    with pytest.raises(ValueError):
        evaluate_tiles(gt, pred, tiles, aggregation="median")
    with pytest.raises(ValueError):
        evaluate_tiles(gt, pred, tiles, empty_tiles="ignore")


@pytest.mark.parametrize("spec", [s for s in __import__("core.registry", fromlist=["x"]).all_specs()
                                  if s.pool is not None], ids=lambda s: s.id)
def test_pool_of_one_tile_equals_the_whole(spec):
    """A metric's pooled rule over a single tile covering everything gives
    the metric's own numbers."""
    gt, pred, _ = two_tiles()
    whole = run_spec(spec, gt, pred, {"SEED": 3} if spec.sampled else {})
    r = evaluate_tiles(gt, pred, [(0, (-100, -100, 3000, 600))], [spec.id], params=None,
                       seed=0, aggregation="pooled")
    # the tile's own seed differs from 3: compare with the tile's evaluation
    t = r.tiles[0].scores(spec.id)
    for o in spec.outputs:
        a, b = r.aggregate[spec.id][o.name], t[o.name]
        assert (math.isnan(a) and math.isnan(b)) or a == pytest.approx(b), o.name
    assert whole is not None

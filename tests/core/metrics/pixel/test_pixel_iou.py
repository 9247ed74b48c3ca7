"""Pixel IoU and iIoU (core/metrics/pixel/pixel_iou.py): hand cases."""
import math

import numpy as np
import pytest

from core.metrics.pixel.masks import from_pixel_size
from core.runner import run_masks


def test_binary_iou_and_iiou_by_hand():
    # ground truth: a 30-pixel road (1 x 30) and a separate 10-pixel road;
    # the prediction finds the long one and 2 false pixels
    g = np.zeros((5, 40), np.uint8)
    g[1, 0:30] = 1
    g[3, 30:40] = 1
    p = np.zeros((5, 40), np.uint8)
    p[1, 0:30] = 1
    p[4, 0:2] = 1
    r = run_masks("pixel_iou", from_pixel_size(g, p, 1.0))
    assert r.scores["IOU"] == pytest.approx(30 / (30 + 2 + 10))
    # weights: mean size 20 -> 20/30 for the long road, 20/10 for the short one
    itp, ifn = 20 / 30 * 30, 20 / 10 * 10
    assert r.scores["IIOU"] == pytest.approx(itp / (itp + ifn + 2))
    assert r.details["classes"]["road"]["gt_instances"] == 2


def test_class_maps_per_class_and_nodata_ignored():
    g = np.array([[1, 1, 2, 2, 255],
                  [1, 1, 2, 2, 255]])
    p = np.array([[1, 2, 2, 2, 1],
                  [1, 1, 0, 2, 1]])
    from core.metrics.pixel.masks import Rasters
    r = run_masks("pixel_iou", Rasters(g, p, (1, 0, 0, 0, -1, 0), gt_nodata=255),
                  {"ROAD_CLASSES": "1, 2"})
    c = r.details["classes"]
    assert c["1"]["scores"]["IOU"] == pytest.approx(3 / 4)     # TP 3, FN 1
    assert c["2"]["scores"]["IOU"] == pytest.approx(3 / 5)     # TP 3, FP 1, FN 1
    assert r.scores["IOU"] == pytest.approx((3 / 4 + 3 / 5) / 2)
    assert r.counts["ignored_pixels"] == 2


def test_empty_rules():
    z = np.zeros((4, 4), np.uint8)
    one = z.copy()
    one[1, 1] = 1
    both = run_masks("pixel_iou", from_pixel_size(z, z, 1.0))
    assert math.isnan(both.scores["IOU"]) and both.warnings
    assert run_masks("pixel_iou", from_pixel_size(z, one, 1.0)).scores["IOU"] == 0.0
    assert run_masks("pixel_iou", from_pixel_size(one, z, 1.0)).scores["IIOU"] == 0.0


def test_road_classes_must_be_numbers():
    z = np.zeros((4, 4), np.uint8)
    with pytest.raises(ValueError, match="ROAD_CLASSES"):
        run_masks("pixel_iou", from_pixel_size(z, z, 1.0), {"ROAD_CLASSES": "road"})

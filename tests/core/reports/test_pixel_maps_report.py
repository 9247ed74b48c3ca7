"""The maps section of a pixel metric's report (core/reports/pixel_maps.py):
the inline PNG decodes to the map's colours, large maps are shown at every
k-th pixel, the legend lists each code's pixel count, and the page has the
scores, the parameters and the warnings."""
import base64
import io
import re

import numpy as np
import pytest

from core import registry
from core.metrics.pixel.masks import from_pixel_size
from core.reports.pixel_maps import PREVIEW_PX, palette_png, preview
from core.reports.report import pixel_report
from core.runner import run_masks


def test_palette_png_decodes_to_the_legend_colours():
    Image = pytest.importorskip("PIL.Image")
    codes = np.array([[0, 1], [3, 2]], np.uint8)
    legend = registry.get("pixel_iou").maps[0].legend
    img = Image.open(io.BytesIO(palette_png(codes, legend))).convert("RGBA")
    assert img.size == (2, 2)
    assert img.getpixel((1, 0)) == (26, 150, 65, 255)       # TP green
    assert img.getpixel((0, 1)) == (215, 25, 28, 255)       # FN red
    assert img.getpixel((0, 0))[3] == 0                     # TN transparent


def test_preview_of_a_large_map():
    codes = np.zeros((2 * PREVIEW_PX + 1, 10), np.uint8)
    small, k = preview(codes, [0, 1, 2])
    assert k == 3 and small.shape == (667, 4) and small.shape[0] <= PREVIEW_PX
    assert preview(np.zeros((5, 5), np.uint8))[1] == 1


def test_preview_keeps_the_code_drawn_last_in_each_block(monkeypatch):
    import core.reports.pixel_maps as pm
    monkeypatch.setattr(pm, "PREVIEW_PX", 3)
    monkeypatch.setattr(pm, "LOOKUP_CHUNK", 14)      # bands of 2 rows: the loop runs
    codes = np.zeros((7, 7), np.uint8)
    codes[0, 0], codes[1, 1] = 3, 1          # block (0, 0): 1 drawn above 3
    codes[6, 6] = 2                          # the last, partial block
    codes[2, 4] = 5                          # not in the order: bottom
    small, k = pm.preview(codes, [0, 3, 2, 1])
    assert k == 3
    np.testing.assert_array_equal(small, [[1, 0, 0], [0, 0, 0], [0, 0, 2]])


def test_report_has_scores_maps_counts_and_warnings():
    g = np.zeros((20, 20), np.uint8)
    g[5:9] = 1
    r = run_masks("pixel_iou", from_pixel_size(g, np.zeros_like(g), 1.0), diagnostics=True)
    html = pixel_report(registry.get("pixel_iou"), r, {"ground truth": "gt.tif"})
    assert "data:image/png;base64," in html and "gt.tif" in html
    assert re.search(r"false negative \(ground truth only\)</td><td class='num'>80<", html)
    d = run_masks("pixel_distances", from_pixel_size(g, np.zeros_like(g), 1.0), diagnostics=True)
    assert "predicted mask is empty" in pixel_report(registry.get("pixel_distances"), d, {})
    png = re.search(r"base64,([A-Za-z0-9+/=]+)'", html).group(1)
    assert base64.b64decode(png).startswith(b"\x89PNG")
    plain = run_masks("pixel_iou", from_pixel_size(g, g, 1.0))
    assert "data:image/png" not in pixel_report(registry.get("pixel_iou"), plain, {})


def test_code_counts_in_chunks(monkeypatch):
    import core.reports.pixel_maps as pm
    monkeypatch.setattr(pm, "LOOKUP_CHUNK", 7)
    codes = np.arange(100, dtype=np.uint8).reshape(10, 10) % 5
    assert pm.code_counts(codes)[:6].tolist() == [20, 20, 20, 20, 20, 0]

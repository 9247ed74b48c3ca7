"""Road masks of the bundled sample for the pixel-metric tests: the
ground-truth and predicted lines rasterised on one grid (pixels whose
centre is within half the road width of a line)."""
import numpy as np
from scipy import ndimage

from sample_data import sample


def _points(parts, step):
    out = []
    for p in parts:
        seg = np.hypot(*np.diff(p, axis=0).T)
        for a, b, n in zip(p[:-1], p[1:], np.maximum(np.ceil(seg / step), 1).astype(int)):
            out.append(a + np.linspace(0, 1, n + 1)[:, None] * (b - a))
    return np.concatenate(out)


def lines_mask(parts, grid, px, half_width_m):
    """The mask of ``parts`` on ``grid`` = (x0, y1, rows, cols) at ``px`` m."""
    x0, y1, rows, cols = grid
    pts = _points(parts, px / 4)
    r = ((y1 - pts[:, 1]) / px).astype(int)
    c = ((pts[:, 0] - x0) / px).astype(int)
    ok = (r >= 0) & (r < rows) & (c >= 0) & (c < cols)
    centre = np.zeros((rows, cols), dtype=bool)
    centre[r[ok], c[ok]] = True
    return ndimage.distance_transform_edt(~centre) * px <= half_width_m


def sample_masks(px=1.0, half_width_m=3.0, margin_m=10.0, box=None):
    """(ground-truth mask, predicted mask, transform) of the sample (or of
    its ``box`` = (x0, y0, x1, y1) window) at ``px`` m pixels."""
    gt, pred = sample("ground_truth").parts, sample("prediction").parts
    if box is None:
        xy = np.concatenate(gt)
        x0, y0 = np.floor(xy.min(axis=0)) - margin_m
        x1, y1 = np.ceil(xy.max(axis=0)) + margin_m
    else:
        x0, y0, x1, y1 = box
    grid = (float(x0), float(y1), int(round((y1 - y0) / px)), int(round((x1 - x0) / px)))
    return (lines_mask(gt, grid, px, half_width_m), lines_mask(pred, grid, px, half_width_m),
            (px, 0.0, float(x0), 0.0, -px, float(y1)))

"""The diagnostic maps of the pixel metrics: one uint8 code per pixel of the
input grid saying why the scores are what they are (docs/pixel.md, "Maps").

Each metric declares its maps with ``registry.RasterMap`` (name, label and
the legend of its codes) and builds them only when asked
(``compute(..., diagnostics=True)``), from arrays it already has: the road masks,
the boundary pixels with their matched / within-tolerance flags, the
skeletons.  The faces write them as GeoTIFFs with the legend as colour table
and category names (core/io/geotiff.py).

Codes (shared so that every map reads alike; a map uses the subset its
legend lists, 0 is always "nothing to show" and drawn transparent):

* confusion (pixel_iou): 1 TP, 2 FP, 3 FN, 4 wrong class, 255 ignored.
* boundaries (pixel_distances, pixel_boundaryf): 1 / 2 ground-truth boundary
  matched / unmatched, 3 / 4 predicted boundary matched / unmatched, 5 / 6 a
  pixel on both boundaries matched on both / not; 7, 8, 9 the area strategy's
  neighbourhoods (both, ground truth only, prediction only).
* skeletons (pixel_cldice): 1 / 2 ground-truth skeleton inside / outside the
  predicted mask, 3 / 4 predicted skeleton inside / outside the ground-truth
  mask, 5 on both skeletons; 6, 7, 8 the masks beneath (both, ground truth
  only, prediction only).
"""
from __future__ import annotations

from typing import Callable, Optional

import numpy as np

from ...registry import RasterMap
from ...text import N_

# pixels left out of every count (ground-truth nodata in pixel_iou)
IGNORED = 255
# pixels per chunk of a table look-up: np.take turns its indices into
# 8-byte integers, so a whole 10,000^2 raster at once would need 800 MB
LOOKUP_CHUNK = 1 << 22
# code of (gt road, predicted road): index gt * 2 + pred
_CONFUSION_LUT = [0, 2, 3, 1]

# legend texts are short (a Layers panel shows them whole); each map's help
# says at length what the codes count
CONFUSION_LEGEND = [
    (0, "", N_("true negative")),
    (1, "#1a9641", N_("true positive (road on both)")),
    (2, "#fd8d3c", N_("false positive (prediction only)")),
    (3, "#d7191c", N_("false negative (ground truth only)")),
    (4, "#7b3294", N_("wrong class")),
]


def _boundary_legend(texts: list) -> list:
    colours = ["", "#2c7bb6", "#d7191c", "#1a9641", "#fd8d3c", "#004529", "#7b3294"]
    return list(zip(range(len(texts)), colours, texts))


# pixel_distances: matched = within TOLERANCE of the other boundary (NSD)
DISTANCE_LEGEND = _boundary_legend([
    N_("not a boundary pixel"),
    N_("ground truth, within tolerance"),
    N_("ground truth, missed"),
    N_("prediction, within tolerance"),
    N_("prediction, false"),
    N_("on both boundaries"),
])

# pixel_boundaryf: matched by the chosen strategy
MATCH_LEGEND = _boundary_legend([
    N_("not a boundary pixel"),
    N_("ground truth, matched"),
    N_("ground truth, unmatched (FN)"),
    N_("prediction, matched (TP)"),
    N_("prediction, unmatched (FP)"),
    N_("both boundaries, matched"),
    N_("both boundaries, unmatched once"),
])

AREA_LEGEND = [
    (7, "#a6d96a", N_("near both boundaries (TP)")),
    (8, "#f4a582", N_("near the ground truth only (FN)")),
    (9, "#fee090", N_("near the prediction only (FP)")),
]

SKELETON_LEGEND = [
    (0, "", N_("no road")),
    (1, "#2c7bb6", N_("ground-truth skeleton, found")),
    (2, "#d7191c", N_("ground-truth skeleton, missed")),
    (3, "#1a9641", N_("predicted skeleton, correct")),
    (4, "#fd8d3c", N_("predicted skeleton, false")),
    (5, "#004529", N_("on both skeletons")),
    (6, "#d9d9d9", N_("road in both masks")),
    (7, "#fbb4b9", N_("road in the ground truth only")),
    (8, "#fee8c8", N_("road in the prediction only")),
]


def _pair_codes(a: np.ndarray, b: np.ndarray, table: list) -> np.ndarray:
    """table[2 a + b] for two bool arrays of one shape, as uint8, looked up
    in chunks (memory: the output and one uint8 index array)."""
    idx = a.view(np.uint8) << 1
    idx |= b.view(np.uint8)
    lut = np.asarray(table, dtype=np.uint8)
    flat = idx.reshape(-1)
    for k in range(0, flat.size, LOOKUP_CHUNK):
        part = flat[k:k + LOOKUP_CHUNK]
        part[...] = np.take(lut, part)
    return idx


def confusion_map(g: np.ndarray, p: np.ndarray, keep: Optional[np.ndarray] = None,
                  same_class: Optional[np.ndarray] = None) -> np.ndarray:
    """0 TN, 1 TP, 2 FP, 3 FN of two bool masks; 4 where ``same_class`` is
    False on a TP pixel (class maps: road on both, another class);
    IGNORED where ``keep`` is False."""
    out = _pair_codes(g, p, _CONFUSION_LUT)
    if same_class is not None:
        out[(out == 1) & ~same_class] = 4
    if keep is not None:
        out[~keep] = IGNORED
    return out


def boundary_map(shape: tuple, ig: np.ndarray, ip: np.ndarray, ok_g: np.ndarray,
                 ok_p: np.ndarray) -> np.ndarray:
    """The boundary codes 0-6 from the sorted flat indices of the
    ground-truth (``ig``) and predicted (``ip``) boundary pixels and whether
    each is matched (``ok_g``, ``ok_p``, same order)."""
    out = np.zeros(shape[0] * shape[1], dtype=np.uint8)
    ok_g, ok_p = np.asarray(ok_g, bool), np.asarray(ok_p, bool)
    out[ig] = np.where(ok_g, 1, 2)
    on = np.zeros(len(ip), dtype=bool)
    pos = np.zeros(len(ip), dtype=np.int64)
    if len(ig) and len(ip):
        pos = np.minimum(np.searchsorted(ig, ip), len(ig) - 1)
        on = ig[pos] == ip
    out[ip[~on]] = np.where(ok_p[~on], 3, 4)
    out[ip[on]] = np.where(ok_g[pos[on]] & ok_p[on], 5, 6)
    return out.reshape(shape)


def area_map(dg: np.ndarray, dp: np.ndarray) -> np.ndarray:
    """The area strategy's codes: 7 both neighbourhoods, 8 the ground
    truth's only, 9 the prediction's only, 0 neither."""
    return _pair_codes(dg, dp, [0, 9, 8, 7])


def skeleton_map(g: np.ndarray, p: np.ndarray, sg: np.ndarray, sp: np.ndarray) -> np.ndarray:
    """The skeleton codes 1-5 over the mask codes 6-8 (0 elsewhere)."""
    out = _pair_codes(g, p, [0, 8, 7, 6])
    out[sg] = np.where(p[sg], 1, 2)
    out[sp] = np.where(g[sp], 3, 4)
    out[sg & sp] = 5
    return out


# bottom to top in a reduced view: road / matches first, then what is wrong
DISTANCE_ORDER = [0, 5, 1, 3, 4, 2]
MATCH_ORDER = [0, 7, 5, 1, 3, 9, 8, 6, 4, 2]
SKELETON_ORDER = [0, 6, 7, 8, 5, 1, 3, 4, 2]


def map_spec(name: str, label: str, help: str, legend: list,
             draw_order: Optional[list] = None, codes: Optional[Callable] = None) -> RasterMap:
    """A RasterMap of this module's codes (nodata IGNORED); ``codes(params)``:
    the codes a run with these parameters can give (its legend)."""
    return RasterMap(name, label, help, legend, IGNORED, draw_order or [], codes)

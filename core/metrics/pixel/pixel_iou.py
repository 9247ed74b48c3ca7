"""IoU and iIoU per class on two rasters (docs/pixel.md).

Reference: the Mapillary Vistas evaluation (class IoU and the
instance-size-rescaled iIoU of Cordts et al., Cityscapes, CVPR 2016,
sec. 4.1).  For each class c (each value of ROAD_CLASSES in two class
maps; with thresholds or 0/1 masks the one class "road"):

    TP_c, FP_c, FN_c  pixels of c in both / only the prediction / only the ground truth
    IoU_c  = TP_c / (TP_c + FP_c + FN_c)
    iIoU_c = sum_i w_i TP_i / (sum_i w_i TP_i + sum_i w_i FN_i + FP_c),
             w_i = mean size of the instances of c / size of instance i

The instances i of class c are the 8-connected components of c in the
ground truth (a mask carries no instance ids; a road network usually is one
component, and each detached road is one instance), TP_i / FN_i its pixels
found / missed.  IOU and IIOU are the means over the classes where the value
is defined (a class on neither side is NaN and skipped; a class only in the
prediction scores 0).  Pixels that are nodata in the ground truth are left
out of every count (Mapillary's void pixels).
"""
from __future__ import annotations

import math

import numpy as np

from ...progress import Progress, checkpoint
from ...registry import MetricSpec, Output, register
from ...result import MetricResult
from ...scores import ratio
from ...text import N_, msg
from .common import setup, used_params
from .maps import CONFUSION_LEGEND, confusion_map, map_spec
from .masks import Rasters, road_classes, valid_pixels

NAMES = ["IOU", "IIOU"]
# instances are 8-connected
EIGHT = np.ones((3, 3), dtype=bool)


def class_confusion(g: np.ndarray, p: np.ndarray) -> dict[str, float]:
    """IoU, iIoU and the counts of one class from its bool masks (same
    shape; pixels to ignore already False in both)."""
    from scipy import ndimage  # on first use: importing the registry stays light
    tp_mask = g & p
    tp, fp, fn = (int(np.count_nonzero(m)) for m in (tp_mask, p & ~g, g & ~p))
    labels, n = ndimage.label(g, structure=EIGHT)
    if n:
        size = np.bincount(labels[g], minlength=n + 1)[1:].astype(float)
        found = np.bincount(labels[tp_mask], minlength=n + 1)[1:].astype(float)
        w = size.mean() / size
        itp, ifn = float((w * found).sum()), float((w * (size - found)).sum())
    else:
        itp = ifn = 0.0
    return {"iou": ratio(tp, tp + fp + fn), "iiou": ratio(itp, itp + ifn + fp), "tp": tp,
            "fp": fp, "fn": fn, "instances": int(n)}


def _several_classes(params: dict) -> bool:
    """True when each of several ROAD_CLASSES is scored as a class (class
    maps, no thresholds)."""
    classes = road_classes(params)
    thresholds = params.get("GT_THRESHOLD") is not None or params.get("PRED_THRESHOLD") is not None
    return not (classes is None or thresholds or len(classes) == 1)


def map_codes(params: dict) -> list:
    """The CONFUSION_MAP codes a run can give: 'wrong class' only when
    several ROAD_CLASSES are scored as classes."""
    return [0, 1, 2, 3] + ([4] if _several_classes(params) else [])


def _class_masks(rasters: Rasters, params: dict, road: tuple) -> dict:
    """{class name: (gt mask, prediction mask)} of the classes to score
    (``road``: the road masks of the run)."""
    if not _several_classes(params):
        return {"road": road}
    classes = road_classes(params)
    gv = valid_pixels(rasters.gt, rasters.gt_nodata)
    pv = valid_pixels(rasters.pred, rasters.pred_nodata)
    return {f"{c:g}": (gv & (rasters.gt == c), pv & (rasters.pred == c)) for c in classes}


def _confusion(rasters: Rasters, params: dict, g0: np.ndarray, p0: np.ndarray,
               keep: np.ndarray, everywhere: bool) -> np.ndarray:
    """CONFUSION_MAP: TP / FP / FN / wrong class / ignored of the road masks."""
    same = None
    if _several_classes(params):     # road on both sides: TP only if the classes agree
        same = rasters.gt == rasters.pred
    return confusion_map(g0, p0, None if everywhere else keep, same)


def compute(rasters: Rasters, params: dict, progress: Progress,
            diagnostics: bool = False) -> MetricResult:
    warnings = []
    progress.set(0.0, N_("road masks"))
    g0, p0, counts = setup(rasters, params, warnings)
    keep = valid_pixels(rasters.gt, rasters.gt_nodata)
    everywhere = bool(keep.all())
    per_class = {}
    for name, (g, p) in _class_masks(rasters, params, (g0, p0)).items():
        checkpoint()
        per_class[name] = class_confusion(g, p) if everywhere else class_confusion(g & keep,
                                                                                  p & keep)
    ious = [c["iou"] for c in per_class.values() if not math.isnan(c["iou"])]
    iious = [c["iiou"] for c in per_class.values() if not math.isnan(c["iiou"])]
    absent = [k for k, c in per_class.items() if math.isnan(c["iou"])]
    if absent:
        warnings.append(msg("class(es) {} on neither side: IoU undefined, left out of the means",
                            ", ".join(absent)))
    scores = {"IOU": float(np.mean(ious)) if ious else math.nan,
              "IIOU": float(np.mean(iious)) if iious else math.nan}
    counts["ignored_pixels"] = int(keep.size - np.count_nonzero(keep))
    out = {"CONFUSION_MAP": _confusion(rasters, params, g0, p0, keep, everywhere)} if diagnostics else {}
    progress.set(1.0)
    return MetricResult("pixel_iou", scores, parameters=used_params(params, SPEC), counts=counts,
                        warnings=warnings, layers={},
                        details={"classes": {k: {"scores": {"IOU": v["iou"], "IIOU": v["iiou"]},
                                         "tp_pixels": v["tp"], "fp_pixels": v["fp"],
                                         "fn_pixels": v["fn"], "gt_instances": v["instances"]}
                                     for k, v in per_class.items()}}, maps=out)


SPEC = register(MetricSpec(
    id="pixel_iou",
    name="Pixel IoU and iIoU (masks)",
    group="Pixel metrics",
    help=("Class IoU and instance-size-rescaled iIoU of two rasters on one grid, counted in "
          "pixels (Mapillary Vistas, Cityscapes). With ROAD_CLASSES listing several values of two "
          "class maps, each value is a class and IOU / IIOU are the means over the classes; "
          "otherwise (0/1 masks, thresholds) the one class is road. iIoU weighs each "
          "ground-truth instance (an 8-connected component of its class) by the mean instance "
          "size over its own size, so a missed short road costs as much as a missed long one. "
          "Ground-truth nodata pixels are ignored. Both empty -> NaN; one empty -> 0."),
    reference="Mapillary Vistas evaluation (IoU, iIoU); Cordts et al., Cityscapes, CVPR 2016, "
              "sec. 4.1",
    params=[],
    outputs=[
        Output("IOU", "IoU (mean over classes)", "Pixel IoU TP / (TP + FP + FN), mean over the "
                                                 "classes where it is defined."),
        Output("IIOU", "iIoU (mean over classes)", "Instance-size-rescaled IoU, mean over the "
                                                   "classes where it is defined."),
    ],
    sinks=[],
    compute=compute,
    headline="IOU",
    inputs="masks",
    maps=[map_spec("CONFUSION_MAP", "Confusion (raster)",
                   "Each pixel of the grid: true positive (road on both), false positive (road "
                   "only in the prediction), false negative (road only in the ground truth), "
                   "wrong class (class maps: road on both, another class) or true negative "
                   "(transparent); ground-truth nodata pixels are nodata.", CONFUSION_LEGEND,
                   codes=map_codes)],
    doc=('docs/pixel.md', 'roadmetricspixel_iou--pixel-iou-and-iiou-per-class'),
    tags=('iou', 'iiou', 'jaccard', 'mask', 'raster', 'pixel', 'segmentation', 'class',
          'mapillary', 'cityscapes'),
))

"""The inputs of the pixel metrics: two rasters on one grid, their pixel
sides in metres and their road pixels (docs/pixel.md).

Every face (QGIS, library, command line) builds one :class:`Rasters` and
the metric computes from it, so the faces give the same numbers.  The road
pixels come from ``core.raster.mask.road_mask`` with the shared parameters
GT_THRESHOLD / PRED_THRESHOLD / ROAD_CLASSES (core/registry.py MASK_PARAMS).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

import numpy as np

from ...text import message_of, msg

# two pixel axes are orthogonal when |cos| of their angle is below this
ORTHOGONAL_COS = 1e-9


class GridMismatch(ValueError):
    """The two rasters are not on one grid (their shapes, or in a face
    their transforms, differ): a batch reports the pair with the status
    ``grid_mismatch`` instead of an error."""


@dataclass(eq=False)
class Rasters:
    """Two rasters of the same shape on one grid.  ``gt``, ``pred``: 2-D
    arrays (0/1 masks, probability maps or class maps); ``transform``:
    (a, b, c, d, e, f) with x = a col + b row + c, y = d col + e row + f,
    in metres (rotated grids allowed, sheared ones refused); ``*_nodata``:
    a value that is never road."""

    gt: np.ndarray
    pred: np.ndarray
    transform: tuple
    gt_nodata: Optional[float] = None
    pred_nodata: Optional[float] = None

    def __post_init__(self):
        self.gt = _plane(self.gt, "ground truth")
        self.pred = _plane(self.pred, "prediction")
        if self.gt.shape != self.pred.shape:
            raise GridMismatch(msg("The ground truth ({} x {} pixels) and the prediction ({} x {} "
                                 "pixels) must share one grid: resample one onto the other.",
                                 self.gt.shape[0], self.gt.shape[1], self.pred.shape[0],
                                 self.pred.shape[1]))
        from ...raster.mask import as_transform  # core/raster loads scipy: on first use
        self.transform = as_transform(self.transform)

    @property
    def spacing_m(self) -> tuple[float, float]:
        """(row step, column step) in metres: the pixel's height and width."""
        return pixel_sides(self.transform)

    @property
    def pixel_area_m2(self) -> float:
        dy, dx = self.spacing_m
        return dy * dx


def from_pixel_size(gt, pred, pixel_size_m, **nodata) -> Rasters:
    """Rasters with square pixels of ``pixel_size_m`` metres (or (height,
    width) for anisotropic pixels), the top-left corner at (0, 0), y up."""
    if np.ndim(pixel_size_m) == 0:
        h = w = pixel_size_m
    elif np.ndim(pixel_size_m) == 1 and len(pixel_size_m) == 2:
        h, w = pixel_size_m
    else:
        raise ValueError(msg("The pixel size must be a positive number of metres or a pair "
                             "(height, width), got {!r}.", pixel_size_m))
    for v in (h, w):
        if isinstance(v, bool) or not isinstance(v, (int, float, np.number)) or not \
                (math.isfinite(v) and v > 0):
            raise ValueError(msg("The pixel size must be a positive number of metres (or a pair "
                                 "height, width), got {!r}.", pixel_size_m))
    return Rasters(gt, pred, (float(w), 0.0, 0.0, 0.0, -float(h), 0.0), **nodata)


# two geotransforms are one grid when no coefficient differs by more than
# this fraction of the first one's largest coefficient
TRANSFORM_TOLERANCE = 1e-9


def same_transform(a, b) -> bool:
    """Whether two geotransforms (6 coefficients) describe one grid, to
    TRANSFORM_TOLERANCE of ``a``'s largest coefficient."""
    scale = max(max(abs(float(v)) for v in a), 1e-300)
    return all(abs(float(x) - float(y)) <= TRANSFORM_TOLERANCE * scale for x, y in zip(a, b))


def pixel_sides(transform) -> tuple[float, float]:
    """(height, width) of a pixel in map units: the lengths of the row and
    column steps.  A sheared grid (steps not at right angles) is refused:
    distances on it are not those of a (row, col) grid with two spacings."""
    a, b, _, d, e, _ = transform
    width, height = math.hypot(a, d), math.hypot(b, e)
    if abs(a * b + d * e) > ORTHOGONAL_COS * width * height:
        raise ValueError(msg("The raster's grid is sheared (its rows and columns are not at "
                             "right angles): resample it onto a north-up grid first."))
    return height, width


def _plane(array, name) -> np.ndarray:
    try:
        a = np.asarray(array)
    except ValueError:       # a ragged list (numpy >= 1.24 refuses to make an object array)
        raise ValueError(msg("The {} must be a 2-D numeric array; its rows have different "
                             "lengths.", msg(name))) from None
    if a.dtype.kind == "c":
        raise ValueError(msg("The {} is complex-valued: give a real array (its real part or "
                             "its magnitude, as you mean it).", msg(name)))
    if a.dtype.kind not in "biuf":
        raise ValueError(msg("The {} must be a 2-D numeric array, got values of type {}.",
                             msg(name), a.dtype))
    if a.ndim == 3 and a.shape[0] == 1:
        a = a[0]
    if a.ndim != 2:
        raise ValueError(msg("The {} must be one band (a 2-D array), got an array of shape {}.",
                             msg(name), tuple(a.shape)))
    if a.size == 0:
        raise ValueError(msg("The {} raster is empty (shape {}).", msg(name), tuple(a.shape)))
    return a


def road_classes(params: dict) -> Optional[list]:
    """ROAD_CLASSES as a list of numbers ('1, 2' -> [1.0, 2.0]), None when
    not given; a value that is not a number is refused."""
    text = params.get("ROAD_CLASSES")
    if text is None or str(text).strip() == "":
        return None
    out = []
    for bit in str(text).replace(";", ",").split(","):
        if not bit.strip():
            continue
        try:
            v = float(bit)
        except ValueError:
            raise ValueError(msg("Road classes (ROAD_CLASSES) must be numbers separated by "
                                 "commas, e.g. '1,2'; got {!r}.", text)) from None
        if not math.isfinite(v):
            raise ValueError(msg("Road classes (ROAD_CLASSES) must be finite numbers; got {!r}.",
                                 text))
        out.append(v)
    return sorted(set(out)) or None


def road_masks(rasters: Rasters, params: dict,
               warnings: Optional[list] = None) -> tuple[np.ndarray, np.ndarray]:
    """(ground-truth, prediction) road pixels as bool arrays: each raster
    ``>=`` its threshold (GT_THRESHOLD, PRED_THRESHOLD), else its values in
    ROAD_CLASSES, else its 1 pixels (a 0/1 mask; a 0/v mask such as 0/255
    is read as road = v with a warning appended to ``warnings``; any other
    raster is refused with NotAMask, whose ``param`` names the threshold).
    Nodata and NaN pixels are never road.  The inputs are not modified."""
    from ...raster.mask import NotAMask, road_mask  # core/raster loads scipy: on first use
    classes = road_classes(params)
    out = []
    for a, key, nodata, name in ((rasters.gt, "GT_THRESHOLD", rasters.gt_nodata, "ground truth"),
                                 (rasters.pred, "PRED_THRESHOLD", rasters.pred_nodata,
                                  "prediction")):
        t = params.get(key)
        if t is None and classes is None and _is_01(a):
            m = a.copy() if a.dtype == bool else a == 1
            if nodata is not None and not (isinstance(nodata, float) and math.isnan(nodata)):
                m &= a != nodata
            out.append(m)
            continue
        found = []
        try:
            out.append(road_mask(a, threshold=t, classes=None if t is not None else classes,
                                 nodata=nodata, warnings=found))
        except NotAMask as e:
            refusal = NotAMask(msg("{}: {}", msg(name), message_of(e)))
            refusal.param = key
            raise refusal from None
        except ValueError as e:
            raise ValueError(msg("{}: {}", msg(name), message_of(e))) from None
        if warnings is not None:
            warnings += [msg("{}: {}", msg(name), w) for w in found]
    return out[0], out[1]


def _is_01(a: np.ndarray) -> bool:
    """A bool array, or integers all 0 or 1: checked with min and max, far
    faster on a large raster than the sorting of np.unique."""
    if a.dtype == bool:
        return True
    return bool(np.issubdtype(a.dtype, np.integer) and a.min() >= 0 and a.max() <= 1)


def valid_pixels(array: np.ndarray, nodata: Optional[float]) -> np.ndarray:
    """Pixels that hold data (not NaN, not ``nodata``): the rule of
    core/raster/mask.py, which reads every raster."""
    from ...raster.mask import valid_mask
    return valid_mask(array, nodata)

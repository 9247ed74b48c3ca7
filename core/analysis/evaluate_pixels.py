"""The pixel metrics in evaluate-all (docs/evaluate.md, "Pixel metrics").

When both inputs of an evaluation are rasters on one grid (same shape,
geotransform and CRS), evaluate-all also runs the registered pixel metrics
(``registry.all_specs("masks")``) on the two rasters as read, beside the line
metrics it runs on their centrelines.  The run's raster reading settings say
which pixels are road for both: RASTER_THRESHOLD becomes GT_THRESHOLD and
PRED_THRESHOLD, RASTER_CLASSES becomes ROAD_CLASSES; a metric's own settings
under its id (``{"pixel_iou": {"PRED_THRESHOLD": 0.3}}``) win, so the two
sides may have different thresholds.  Their numbers join evaluate's with the
usual keys (``PIXEL_IOU_IOU``), in the family "Pixel metrics".

The faces read the rasters (QGIS with GDAL, the library with rasterio or
GDAL) and decide with :func:`grid_problem` and :func:`skip_reason`; the
metrics run here, through core.runner.run_masks like the pixel algorithms, so
evaluate's pixel numbers are those of the single pixel metrics.
"""
from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional, Sequence

from .. import registry
from ..progress import Cancelled
from ..metrics.pixel.masks import same_transform
from ..runner import run_masks
from ..text import message_of, msg

if TYPE_CHECKING:
    from ..metrics.pixel.masks import Rasters
    from ..progress import Progress

# the mask parameters filled from the raster reading settings
MASK_SETTINGS = ("GT_THRESHOLD", "PRED_THRESHOLD", "ROAD_CLASSES")

@dataclass
class PixelRun:
    """What evaluate needs to run the pixel metrics: the two rasters on one
    grid, the metric ids, the run's raster reading settings
    (core.raster.params.resolve: RASTER_THRESHOLD, RASTER_CLASSES) and
    whether to build the metrics' maps (the report shows them)."""

    rasters: Rasters
    ids: list
    raster: dict = field(default_factory=dict)
    maps: bool = False


def pixel_ids() -> list[str]:
    """Every registered pixel metric, in registry order."""
    return [s.id for s in registry.all_specs("masks")]


def split_metrics(metrics: Optional[Sequence[str]],
                  pixel_metrics: bool = True) -> tuple[Optional[list], list]:
    """(line metric ids or None for all of them, pixel metric ids) of a
    selection that may name both kinds.  Pixel ids named in ``metrics`` are
    the pixel metrics run; without any, every pixel metric when
    ``pixel_metrics`` is on, none when it is off.  Unknown ids: KeyError;
    pixel ids named with ``pixel_metrics`` off: ValueError."""
    if metrics is None:
        return None, pixel_ids() if pixel_metrics else []
    lines, pixels = [], []
    for m in metrics:
        (pixels if registry.get(m).inputs == "masks" else lines).append(m)
    if pixels and not pixel_metrics:
        raise ValueError(msg("The pixel metrics are off, yet the metrics chosen include {}: "
                             "leave them out or turn the pixel metrics on.", ", ".join(pixels)))
    if not pixels and pixel_metrics:
        pixels = pixel_ids()
    return (lines if lines or not pixels else []), pixels


def mask_settings(raster: Optional[dict]) -> dict:
    """The mask parameters of the pixel metrics from the raster reading
    settings: the one threshold for both sides, the classes as text."""
    raster = raster or {}
    t = raster.get("RASTER_THRESHOLD")
    classes = raster.get("RASTER_CLASSES")
    if classes is not None and not isinstance(classes, str):
        classes = ",".join(f"{float(c):g}" for c in classes)
    return {"GT_THRESHOLD": t, "PRED_THRESHOLD": t, "ROAD_CLASSES": classes or None}


def pixel_params(spec: registry.MetricSpec, params: Optional[dict],
                 raster: Optional[dict]) -> dict:
    """The resolved parameters of the pixel metric ``spec`` in an
    evaluation: its defaults, the mask settings from ``raster``, then its
    own settings under its id in ``params`` (ValueError, KeyError for a bad
    one)."""
    values = mask_settings(raster)
    values.update((params or {}).get(spec.id) or {})
    return spec.resolve(values)


def grid_problem(gt_shape: Sequence[int], gt_transform: Sequence[float],
                 pred_shape: Sequence[int], pred_transform: Sequence[float],
                 same_crs: bool = True) -> Optional[str]:
    """Why two rasters are not on one grid (different CRSs, sizes or
    geotransforms: one sentence), else None."""
    if not same_crs:
        return msg("the two rasters are in different CRSs: warp one onto the other's grid")
    if tuple(gt_shape)[:2] != tuple(pred_shape)[:2]:
        return msg("different grids ({} x {} and {} x {} pixels): warp one onto the other",
                   gt_shape[0], gt_shape[1], pred_shape[0], pred_shape[1])
    if not same_transform(gt_transform, pred_transform):
        return msg("different grids (same size, other geotransforms): warp one onto the other")
    return None


def skip_reason(tiled: bool, problem: Optional[str] = None) -> Optional[str]:
    """The warning of an evaluation of two rasters whose pixel metrics are
    not run (tiles, or ``problem`` from :func:`grid_problem`), else None."""
    if tiled:
        return msg("the pixel metrics are not run tile by tile: evaluate the whole extent (no "
                   "tiles) to score the two rasters pixel by pixel")
    if problem:
        return msg("the pixel metrics are not run: {}", problem)
    return None


def run_pixel_metrics(run: PixelRun, params: Optional[dict],
                      progress: Progress) -> tuple[dict, dict]:
    """({metric id: MetricResult}, {metric id: message}) of the pixel
    metrics of ``run``, one after the other; a metric that rejects its
    input says why, one that crashes is an internal error, the others are
    kept either way (as evaluate does for line metrics)."""
    results, errors = {}, {}
    n = max(len(run.ids), 1)
    for i, m in enumerate(run.ids):
        spec = registry.get(m)
        sub = progress.sub(i / n, (i + 1) / n)
        sub.set(0.0, spec.name)
        try:
            r = run_masks(spec, run.rasters, pixel_params(spec, params, run.raster), sub,
                          diagnostics=run.maps)
        except (ValueError, KeyError) as e:
            errors[m] = message_of(e)
            continue
        except Cancelled:
            raise
        except Exception as e:  # a bug
            errors[m] = (f"internal error: {type(e).__name__}: {e}\n"
                         f"{traceback.format_exc(limit=3)}")
            continue
        r.parameters["pixel_size_m"] = list(run.rasters.spacing_m)
        results[m] = r
    return results, errors


def record(ids: Sequence[str], rasters: Optional[Rasters], raster: Optional[dict],
           skipped: Optional[str] = None) -> dict:
    """What SCORES keeps (``pixel_metrics``) about the pixel metrics of an
    evaluation of two rasters: the metrics run, the grid, the mask
    settings from the raster reading settings, or why they were not run."""
    out = {"metrics": list(ids) if skipped is None else [], "skipped": skipped,
           "settings": mask_settings(raster)}
    if rasters is not None:
        dy, dx = rasters.spacing_m
        out["grid"] = {"rows": int(rasters.gt.shape[0]), "columns": int(rasters.gt.shape[1]),
                       "pixel_height_m": dy, "pixel_width_m": dx,
                       "transform": [float(v) for v in rasters.transform]}
    return out


def is_pixel(metric: str) -> bool:
    """True for a pixel metric id."""
    return registry.get(metric).inputs == "masks"


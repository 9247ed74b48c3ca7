"""The algorithms of the pixel metrics (registry entries with
inputs='masks'; core/metrics/pixel/, docs/pixel.md): two raster layers on one
grid in, the scores out.  Identity, help, parameter widgets and number
outputs come from the registry through MetricAlgorithm; the rasters are read
with GDAL's Python bindings, which ship with QGIS."""
import math
import os

from qgis.core import (QgsProcessingException, QgsProcessingOutputNumber,
                       QgsProcessingOutputString, QgsProcessingParameterBand,
                       QgsProcessingParameterRasterDestination,
                       QgsProcessingParameterRasterLayer, QgsRasterFileWriter)

from ..core.metrics.pixel.masks import Rasters
from ..core.raster.mask import NotAMask
from ..core.registry import MASK_PARAMS
from ..core.raster.memory import PIXEL_METRIC_BYTES_PER_PIXEL, check_fits
from ..core.text import msg
from ..core.progress import Cancelled, Progress
from ..core.runner import run_masks
from .algorithm import MetricAlgorithm
from .catalogue import html_label, map_label, map_layer_name
from .checks import resolve_single
from .compat import DistanceUnit
from .i18n import tr
from .qgsparams import qgis_parameter
from .rasters import not_a_mask_text
from ..core.reports.report import summary_lines
from .styles import style_raster
from .summary import (HTML_OUTPUT, error_text, html_parameter, log_block, meta, translate,
                      warn)
from .tool_common import write_report

LAYERS = (("GROUND_TRUTH", "GT_BAND"), ("PREDICTION", "PRED_BAND"))
MASK_NAMES = {p.name for p in MASK_PARAMS}


def pixel_algorithm_class(spec):
    """A QgsProcessingAlgorithm subclass for one mask metric."""
    name = "".join(w.capitalize() for w in spec.id.split("_")) + "Algorithm"
    return type(name, (PixelAlgorithm,), {"spec": spec})


def read_band(layer, band):
    """(array, transform (a, b, c, d, e, f), nodata) of one band of a raster
    layer, read with GDAL."""
    from osgeo import gdal
    ds = gdal.Open(layer.source())
    if ds is None:
        raise QgsProcessingException(tr("{} cannot be read by GDAL.").format(layer.name()))
    b = ds.GetRasterBand(int(band))
    if b is None:
        raise QgsProcessingException(tr("{} has no band {}.").format(layer.name(), band))
    try:                                # from the header, before reading
        check_fits((ds.RasterYSize, ds.RasterXSize), gdal.GetDataTypeSize(b.DataType) // 8 +
                   PIXEL_METRIC_BYTES_PER_PIXEL, layer.name())
    except ValueError as e:
        raise QgsProcessingException(error_text(e))
    from .rasters import _transform     # refuses a raster without georeferencing
    return b.ReadAsArray(), _transform(ds, layer.name()), b.GetNoDataValue()


def check_grids(gt, pred):
    """Refuse two rasters on different grids or CRSs, or a CRS not in
    metres, with one sentence."""
    if gt.crs() != pred.crs():
        raise QgsProcessingException(tr(
            "The two rasters are in different CRSs ({} and {}): reproject one onto the other's "
            "grid (Warp).").format(gt.crs().authid(), pred.crs().authid()))
    if (gt.width(), gt.height()) != (pred.width(), pred.height()) or gt.extent() != pred.extent():
        raise QgsProcessingException(tr(
            "The two rasters are not on one grid ({} x {} and {} x {} pixels, or different "
            "extents): resample one onto the other (Align rasters).").format(
            gt.width(), gt.height(), pred.width(), pred.height()))
    if gt.crs().isValid() and gt.crs().mapUnits() != DistanceUnit.Meters:
        raise QgsProcessingException(tr(
            "The rasters' CRS ({}) is not in metres: reproject them to a projected CRS in metres "
            "(e.g. their UTM zone) first.").format(gt.crs().authid()))


class PixelAlgorithm(MetricAlgorithm):
    spec = None  # set by pixel_algorithm_class

    def _help_intro(self, labels):
        return super()._help_intro(labels) + [
            tr("Inputs: two rasters on one grid (same size, extent and CRS, in metres): 0/1 "
               "masks, probability maps with a threshold, or class maps with road classes.")]

    def _help_after_parameters(self):
        return ""  # no line inputs, so no raster-instead-of-lines rules

    def _summary(self, feedback, result):
        """The log summary: the scores (headline with a verdict), the grid and
        the road pixels of both rasters, the number of warnings."""
        c = result.counts
        lines = summary_lines(self.spec, result.scores, tr)
        lines.append(tr("Inputs: {} x {} pixels of {:g} x {:g} m; road pixels: ground truth {}, "
                        "prediction {}.").format(c["rows"], c["columns"], c["pixel_height_m"],
                                                 c["pixel_width_m"], c["gt_road_pixels"],
                                                 c["pred_road_pixels"]))
        n = len(result.warnings)
        lines.append(tr("Warnings: {} (listed above).").format(n) if n else tr("Warnings: none."))
        log_block(feedback, tr(self.spec.name), lines)

    def initAlgorithm(self, config=None):
        labels = {"GROUND_TRUTH": tr("Ground truth: raster (mask or classes)"),
                  "PREDICTION": tr("Prediction: raster (mask, probabilities or classes)")}
        bands = {"GROUND_TRUTH": tr("Ground-truth raster band"),
                 "PREDICTION": tr("Prediction raster band")}
        mask_params = {p.name: p for p in self.spec.all_params() if p.name in MASK_NAMES}
        for (layer, band), threshold in zip(LAYERS, ("GT_THRESHOLD", "PRED_THRESHOLD")):
            self.addParameter(QgsProcessingParameterRasterLayer(layer, labels[layer]))
            self.addParameter(QgsProcessingParameterBand(band, bands[layer], 1, layer,
                                                         optional=True))
            self.addParameter(qgis_parameter(mask_params[threshold]))   # right under its raster
        self.addParameter(qgis_parameter(mask_params["ROAD_CLASSES"]))
        for p in self.spec.all_params():
            if p.name not in MASK_NAMES:
                self.addParameter(qgis_parameter(p))
        for m in self.spec.maps:
            self.addParameter(QgsProcessingParameterRasterDestination(
                m.name, map_label(self.spec, m), optional=True, createByDefault=True))
        for o in self.spec.outputs:
            self.addOutput(QgsProcessingOutputNumber(o.name, tr(o.label)))
        self.addOutput(QgsProcessingOutputString("SCORES", tr("Scores (JSON)")))
        self.addParameter(html_parameter(label=html_label(self.spec)))

    def _map_paths(self, parameters, context):
        """{map name: file} of the maps asked for (an optional raster
        destination left empty is not built)."""
        out = {}
        for m in self.spec.maps:
            if parameters.get(m.name) is None:
                continue
            path = self.parameterAsOutputLayer(parameters, m.name, context)
            if path:
                out[m.name] = path
        return out

    def _write_maps(self, paths, result, grid, context, params=None):
        """Write each map as a raster on the prediction's grid (GDAL; the
        legend as colour table, category names and a .qml style)."""
        from ..core.io.geotiff import qml_path, write_map
        transform, crs_wkt = grid
        specs = {m.name: m for m in self.spec.maps}
        for name, path in paths.items():
            ext = os.path.splitext(path)[1]
            driver = QgsRasterFileWriter.driverForExtension(ext) if ext else "GTiff"
            try:
                write_map(path, result.maps[name], transform, crs_wkt,
                          specs[name].legend_for(params), specs[name].nodata, tr=tr,
                          driver=driver or "GTiff", prefer="gdal")
            except ValueError as e:
                raise QgsProcessingException(error_text(e))
            style_raster(context, path, qml_path(path),
                         map_layer_name(self.spec, specs[name], params), tr(specs[name].help))
        return paths

    def _html(self, parameters, context, result, values):
        """The HTML report (scores, maps, warnings, inputs, parameters), or
        None when not asked for."""
        from ..core.reports.report import pixel_report
        path = self.parameterAsFileOutput(parameters, HTML_OUTPUT, context)
        if not path:
            return None
        rows = {}
        for (name, band), label in zip(LAYERS, (tr("ground truth"), tr("prediction"))):
            layer = self.parameterAsRasterLayer(parameters, name, context)
            rows[label] = f"{layer.name()}: {layer.source()} ({tr('band')} " \
                          f"{self.parameterAsInt(parameters, band, context) or 1})"
        c = result.counts
        rows[tr("grid")] = tr("{} x {} pixels of {:g} x {:g} m").format(
            c["rows"], c["columns"], c["pixel_height_m"], c["pixel_width_m"])
        rows[tr("working CRS")] = result.parameters.get("working_crs") or ""
        rows.update({k: v for k, v in values.items() if v is not None})
        return write_report(path, pixel_report(self.spec, result, rows, tr, meta()))

    def _rasters(self, parameters, context):
        layers = [self.parameterAsRasterLayer(parameters, name, context) for name, _ in LAYERS]
        if layers[0] is None or layers[1] is None:
            raise QgsProcessingException(tr("Choose two raster layers (ground truth and "
                                            "prediction)."))
        check_grids(*layers)
        bands = [self.parameterAsInt(parameters, band, context) or 1 for _, band in LAYERS]
        (ga, gtr, gnd), (pa, ptr, pnd) = (read_band(lay, b) for lay, b in zip(layers, bands))
        try:
            # the maps go on the prediction's grid (the same grid: check_grids)
            return Rasters(ga, pa, gtr, gnd, pnd), layers[0], (ptr, layers[1].crs().toWkt())
        except ValueError as e:
            raise QgsProcessingException(error_text(e))

    def processAlgorithm(self, parameters, context, feedback):
        values = self._values(parameters, context)
        resolved = resolve_single(self.spec, values)
        rasters, gt_layer, grid = self._rasters(parameters, context)
        maps = self._map_paths(parameters, context)
        progress = Progress(lambda f, m: self._progress(feedback, f, m), feedback.isCanceled)
        try:
            result = run_masks(self.spec, rasters, resolved, progress.sub(0.05, 0.9),
                               diagnostics=bool(maps))
        except Cancelled:
            feedback.reportError(tr("Cancelled."))
            return {}
        except NotAMask as e:
            raise QgsProcessingException(not_a_mask_text(self, e, e.param or "PRED_THRESHOLD"))
        except (ValueError, KeyError) as e:
            raise QgsProcessingException(tr("Invalid parameters: {}").format(error_text(e)))
        result.parameters["pixel_size_m"] = list(rasters.spacing_m)
        result.parameters["working_crs"] = gt_layer.crs().authid() or None
        if not gt_layer.crs().isValid():
            result.warnings.insert(0, msg("the rasters have no CRS: their pixel sizes are taken "
                                          "to be metres"))
        for w in result.warnings:
            warn(feedback, translate(w))
        outputs = {}
        for o in self.spec.outputs:
            v = result.scores.get(o.name, math.nan)
            outputs[o.name] = float(v) if v is not None else math.nan
        outputs["SCORES"] = result.to_json()
        outputs.update(self._write_maps(maps, result, grid, context, resolved))
        html = self._html(parameters, context, result, values)
        if html:
            outputs[HTML_OUTPUT] = html
        self._summary(feedback, result)
        feedback.setProgress(100)
        return outputs

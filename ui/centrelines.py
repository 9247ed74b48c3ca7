"""roadmetrics:centrelines — the road centrelines of a raster (a 0/1 mask,
a probability map with a threshold, a class map with road classes) as a
line layer, with the extraction every metric runs on a raster input
(core/raster/, docs/raster.md).  Its parameters are those of
core/raster/params.py, the same as the metrics' raster parameters."""
import json

from qgis.core import (QgsProcessingException,
                       QgsProcessingOutputNumber, QgsProcessingOutputString,
                       QgsProcessingParameterFeatureSink, QgsProcessingParameterRasterLayer)

from ..core.progress import Cancelled
from ..core.result import json_safe
from .checks import check_run, layer_crs
from .compat import SourceType
from .i18n import tr, tr_noop
from .rasters import (raster_lines, raster_parameters, raster_reading_parameters, raster_values,
                      write_centrelines)
from .summary import translate, warn
from .tool_common import ToolAlgorithm


class CentrelinesAlgorithm(ToolAlgorithm):
    NAME = "centrelines"
    DISPLAY = tr_noop("Centrelines of a road raster")
    GROUP = tr_noop("Rasters")
    GROUP_ID = "rasters"
    HELP = tr_noop(
        "Turns a road raster into centrelines, exactly as every metric does with a raster "
        "ground truth or prediction: road pixels (RASTER_THRESHOLD for a probability map: "
        "value >= threshold; RASTER_CLASSES for a class map; else the 1 pixels of a 0/1 mask; "
        "nodata is background), components smaller than RASTER_MIN_AREA removed, holes smaller "
        "than RASTER_FILL_HOLES filled, Zhang-Suen thinning, one line per skeleton branch "
        "between ends and junctions, dead ends shorter than RASTER_PRUNE removed, lines "
        "simplified within RASTER_SIMPLIFY. Sizes are metres and square metres on the "
        "ground: the raster must be in a projected CRS in metres (a raster in degrees, feet "
        "or Web Mercator is refused with the UTM zone to warp it to). The band is read in "
        "windows, so large rasters fit in memory. The output is in the raster's CRS, with "
        "each line's length; EXTRACTION holds the parameters used.")

    def initAlgorithm(self, config=None):
        self.addParameter(QgsProcessingParameterRasterLayer(
            "INPUT", tr("Road raster (mask, probability or class map)")))
        for p in raster_reading_parameters():       # band, threshold, classes: main panel
            self.addParameter(p)
        self.add_advanced(raster_parameters())
        self.addParameter(QgsProcessingParameterFeatureSink(
            "OUTPUT", tr("Centrelines"), SourceType.VectorLine))
        self.addOutput(QgsProcessingOutputNumber("LINE_COUNT", tr("Number of lines")))
        self.addOutput(QgsProcessingOutputString("EXTRACTION", tr("Extraction parameters (JSON)")))

    def processAlgorithm(self, parameters, context, feedback):
        check_run(self, parameters, context, feedback)
        resolved = raster_values(self, parameters, context)
        layer = self.parameterAsRasterLayer(parameters, "INPUT", context)
        if layer is None:
            raise QgsProcessingException(tr("Could not load the raster {} ({}).").format(
                "INPUT", parameters.get("INPUT")))
        crs = layer_crs(layer)
        try:
            lines, rec, w = raster_lines(layer, resolved, crs, context, feedback, None, (0, 95),
                                         self)
        except Cancelled:
            feedback.reportError(tr("Cancelled."))
            return {}
        if w is not None:
            warn(feedback, translate(w))
        dest = self._write(parameters, context, lines, layer.crs())
        feedback.pushInfo(tr("{} line(s) from {}.").format(len(lines.parts), layer.name()))
        feedback.setProgress(100)
        return {"OUTPUT": dest, "LINE_COUNT": len(lines.parts),
                "EXTRACTION": json.dumps(json_safe(rec))}

    def _write(self, parameters, context, lines, crs):
        return write_centrelines(self, parameters, "OUTPUT", context, lines.parts, crs)

"""Renderers for output layers, generated from the registry's sink styles;
applied when a layer is loaded and written as .qml sidecars next to file
outputs (QGIS loads <name>.qml automatically with <name>.gpkg/.shp/...)."""
import os

from qgis.core import (QgsGraduatedSymbolRenderer, QgsLineSymbol, QgsMarkerSymbol,
                       QgsProcessingLayerPostProcessorInterface, QgsRendererRange,
                       QgsSingleSymbolRenderer, QgsVectorLayer)
from qgis.PyQt.QtXml import QDomDocument

FILE_EXTENSIONS = (".gpkg", ".shp", ".geojson", ".json", ".fgb", ".sqlite", ".gml", ".kml",
                   ".tab", ".csv")


def _symbol(geometry, color, style):
    if geometry == "Polygon":
        from qgis.core import QgsFillSymbol
        return QgsFillSymbol.createSimple({"color": color, "outline_color": "#555555",
                                           "outline_width": "0.2"})
    if geometry == "Point":
        return QgsMarkerSymbol.createSimple({
            "name": style.get("shape", "circle"), "color": color,
            "size": str(style.get("size", 2.2)), "outline_color": "#333333",
            "outline_width": "0.1"})
    return QgsLineSymbol.createSimple({"color": color, "width": str(style.get("size", 0.8))})


def make_renderer(geometry, style):
    field = style.get("graduated")
    if field:
        ramp = style.get("ramp") or [style.get("color", "#1a9641")]
        breaks = style.get("breaks") or [i / len(ramp) for i in range(len(ramp) + 1)]
        ranges = []
        for i, color in enumerate(ramp):
            lo, hi = breaks[i], breaks[i + 1]
            ranges.append(QgsRendererRange(lo, hi, _symbol(geometry, color, style),
                                           f"{lo:g} - {hi:g}"))
        r = QgsGraduatedSymbolRenderer(field, ranges)
        return r
    return QgsSingleSymbolRenderer(_symbol(geometry, style.get("color", "#1a9641"), style))


class StylePostProcessor(QgsProcessingLayerPostProcessorInterface):
    """Styles a sink's layer when Processing loads it into the project."""
    _keep = []  # QGIS does not own the post-processors: keep them alive

    def __init__(self, geometry, style):
        super().__init__()
        self.geometry = geometry
        self.style = style

    def postProcessLayer(self, layer, context, feedback):
        if isinstance(layer, QgsVectorLayer):
            layer.setRenderer(make_renderer(self.geometry, self.style))
            layer.triggerRepaint()

    @classmethod
    def create(cls, geometry, style):
        p = cls(geometry, style)
        cls._keep.append(p)
        return p


def write_qml_sidecar(dest, geometry, style, crs):
    """Write <file>.qml next to a file destination; returns the path or None."""
    path = str(dest).split("|")[0]
    if not path.lower().endswith(FILE_EXTENSIONS) or not os.path.isabs(path):
        return None
    uri = geometry + "?crs=" + crs.authid()
    tmp = QgsVectorLayer(uri, "style", "memory")
    tmp.setRenderer(make_renderer(geometry, style))
    doc = QDomDocument()
    tmp.exportNamedStyle(doc)
    qml = os.path.splitext(path)[0] + ".qml"
    with open(qml, "w", encoding="utf-8") as fh:
        fh.write(doc.toString())
    return qml


def style_sink(context, dest, geometry, style, crs):
    """Style a sink's layer when Processing loads it, and write its .qml
    sidecar when it is a file."""
    if context.willLoadLayerOnCompletion(dest):
        context.layerToLoadOnCompletionDetails(dest).setPostProcessor(
            StylePostProcessor.create(geometry, style))
    try:
        write_qml_sidecar(dest, geometry, style, crs)
    except OSError:
        pass

"""Renderers for output layers, generated from the registry's sink styles;
applied when a layer is loaded and written as .qml sidecars next to file
outputs (QGIS loads <name>.qml automatically with <name>.gpkg/.shp/...)."""
import os

from qgis.core import (QgsCategorizedSymbolRenderer, QgsGraduatedSymbolRenderer, QgsLineSymbol,
                       QgsMarkerSymbol, QgsProcessingLayerPostProcessorInterface,
                       QgsRasterLayer, QgsRendererCategory, QgsRendererRange,
                       QgsSingleSymbolRenderer, QgsVectorLayer)
from qgis.PyQt.QtGui import QColor
from qgis.PyQt.QtXml import QDomDocument

from ..core.styles import class_field, graduated_breaks, style_classes, style_size
from ..core.styles import range_label as _range_label
from .i18n import tr

FILE_EXTENSIONS = (".gpkg", ".shp", ".geojson", ".json", ".fgb", ".sqlite", ".gml", ".kml",
                   ".tab", ".csv")


def _symbol(geometry, color, style):
    if geometry == "Polygon":
        from qgis.core import QgsFillSymbol
        fill = QColor(color)
        fill.setAlphaF(float(style.get("opacity", 1.0)))
        return QgsFillSymbol.createSimple({
            "color": f"{fill.red()},{fill.green()},{fill.blue()},{fill.alpha()}",
            "outline_color": "#444444", "outline_width": "0.3"})
    if geometry == "Point":
        return QgsMarkerSymbol.createSimple({
            "name": style.get("shape", "circle"), "color": color,
            "size": str(style_size(geometry, style)), "outline_color": "#333333",
            "outline_width": "0.1"})
    return QgsLineSymbol.createSimple({"color": color, "width": str(style_size(geometry, style))})


def range_label(lo, hi, unit=None):
    """Legend text of a class: '1 - 2 m', or 'over 4 m' for an open class
    (core/styles.py, translated)."""
    return _range_label(lo, hi, unit, tr)


def make_renderer(geometry, style):
    """A categorized renderer ('categorized' + 'categories', legend in
    words), a graduated one ('graduated' + 'ramp' + 'breaks', legend from
    'labels' or the class limits with 'unit') or a single symbol."""
    field = class_field(style)
    classes = style_classes(style, tr)
    if style.get("categorized"):
        cats = [QgsRendererCategory(value, _symbol(geometry, color, style), label)
                for (value, _, _), (color, label) in zip(style["categories"], classes)]
        return QgsCategorizedSymbolRenderer(field, cats)
    if style.get("graduated"):
        breaks = graduated_breaks(style)
        ranges = [QgsRendererRange(breaks[i], breaks[i + 1], _symbol(geometry, color, style), label)
                  for i, (color, label) in enumerate(classes)]
        return QgsGraduatedSymbolRenderer(field, ranges)
    return QgsSingleSymbolRenderer(_symbol(geometry, style.get("color", "#1a9641"), style))


def set_aliases(layer, style):
    """The full names of fields that had to be shortened (style 'aliases':
    {field: full name}), shown in the attribute table and forms."""
    for name, alias in (style.get("aliases") or {}).items():
        idx = layer.fields().indexOf(name)
        if idx >= 0:
            layer.setFieldAlias(idx, alias)


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
            set_aliases(layer, self.style)
            layer.triggerRepaint()

    @classmethod
    def create(cls, geometry, style):
        p = cls(geometry, style)
        cls._keep.append(p)
        return p


def write_qml_sidecar(dest, geometry, style, crs):
    """Write <file>.qml next to a file destination; returns the path or None
    (None for one layer of a multi-layer file, e.g. a GeoPackage table given
    as ogr:dbname=...: QGIS would apply <file>.qml to all of its layers)."""
    if "|layername=" in str(dest):
        return None
    path = str(dest).split("|")[0]
    if not path.lower().endswith(FILE_EXTENSIONS) or not os.path.isabs(path):
        return None
    uri = geometry + "?crs=" + crs.authid()
    # fields with an alias must exist for the alias to be written
    uri += "".join(f"&field={name}:double" for name in (style.get("aliases") or {}))
    tmp = QgsVectorLayer(uri, "style", "memory")
    tmp.setRenderer(make_renderer(geometry, style))
    set_aliases(tmp, style)
    doc = QDomDocument()
    tmp.exportNamedStyle(doc)
    qml = os.path.splitext(path)[0] + ".qml"
    with open(qml, "w", encoding="utf-8") as fh:
        fh.write(doc.toString())
    return qml


class RasterStylePostProcessor(QgsProcessingLayerPostProcessorInterface):
    """Loads a map's .qml style (core/io/geotiff.py) when Processing loads
    the raster into the project."""
    _keep = []  # QGIS does not own the post-processors: keep them alive

    def __init__(self, qml, about=""):
        super().__init__()
        self.qml = qml
        self.about = about

    def postProcessLayer(self, layer, context, feedback):
        if isinstance(layer, QgsRasterLayer) and os.path.exists(self.qml):
            layer.loadNamedStyle(self.qml)
            if self.about:       # the legend's long meaning: the layer's tooltip and metadata
                md = layer.metadata()
                md.setAbstract(self.about)
                layer.setMetadata(md)
            layer.triggerRepaint()

    @classmethod
    def create(cls, qml, about=""):
        p = cls(qml, about)
        cls._keep.append(p)
        return p


def style_raster(context, dest, qml, name=None, about=""):
    """Style a map raster with its .qml when Processing loads it (QGIS also
    reads the .qml beside the file whenever the file is opened), name the
    layer ``name`` and give it the codes' meaning ``about`` as abstract."""
    if context.willLoadLayerOnCompletion(dest):
        details = context.layerToLoadOnCompletionDetails(dest)
        if name:
            details.name = name
        details.setPostProcessor(RasterStylePostProcessor.create(qml, about))


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

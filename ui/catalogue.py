"""How the algorithms present themselves in QGIS: one icon per family,
output layer names that say which metric made them, and help texts that
name parameters by the labels the dialog shows.  (Help URLs and tags come
from the catalogue of core/registry.py.)"""
import os
import re

from qgis.PyQt.QtGui import QIcon

from ..core import registry
from .i18n import tr

RESOURCES = os.path.join(os.path.dirname(os.path.dirname(__file__)), "resources")
PROVIDER_ICON = os.path.join(RESOURCES, "icon.svg")

# group id -> icon (resources/icons/<file>); one drawing per family
FAMILY_ICONS = {
    "path_metrics": "paths.svg",
    "junction_metrics": "junctions.svg",
    "subgraph_metrics": "subgraphs.svg",
    "geometric_metrics": "geometric.svg",
    "instances_and_classes": "instances.svg",
    "pixel_metrics": "pixel.svg",
    "reports": "evaluate.svg",
    "metric_analysis": "analysis.svg",
    "rasters": "rasters.svg",
}


def family_icon_path(group_id):
    name = FAMILY_ICONS.get(group_id)
    path = os.path.join(RESOURCES, "icons", name) if name else PROVIDER_ICON
    return path if os.path.exists(path) else PROVIDER_ICON


def family_icon(group_id):
    return QIcon(family_icon_path(group_id))


def help_with_labels(text, labels):
    """``text`` with each parameter id (``labels``: id -> translated label)
    replaced by the label in italics, as the dialog shows it."""
    if not labels:
        return text
    names = sorted(labels, key=len, reverse=True)
    pattern = re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(map(re.escape, names)) +
                         r")(?![A-Za-z0-9_])")
    return pattern.sub(lambda m: f"<i>{labels[m.group(1)]}</i>", text)


def _lower_first(text):
    """'Matched control points' -> 'matched control points'; words in
    capitals ('OPT-P pieces', 'IoU') are kept."""
    if len(text) > 1 and text[0].isupper() and text[1].islower():
        return text[0].lower() + text[1:]
    return text


def layer_label(prefix, label):
    """'APLS', 'Matched control points' -> 'APLS — matched control points'."""
    return tr("{metric} — {layer}").format(metric=prefix, layer=_lower_first(label))


def sink_label(spec, sink):
    """The description of a metric's sink, which is also the name of its
    layer in the project: prefixed by the metric's short name so layers of
    several metrics stay apart."""
    return layer_label(registry.short_name(tr(spec.name)), tr(sink.label))


def html_label(spec):
    """'APLS summary (HTML)': the report's name in the Results Viewer says
    which algorithm made it."""
    return tr("{} summary (HTML)").format(registry.short_name(tr(spec.name)))


def map_layer_name(spec, raster_map, params=None):
    """The name of a map's layer in the project: map_label with the
    settings that tell two runs apart (the metric's choices, such as the
    strategy, always; its other parameters when not at their defaults):
    'pixel_boundaryf (STRATEGY area, TOLERANCE 3): boundary matches (raster)'."""
    settings = []
    for p in spec.params:
        v = (params or {}).get(p.name, p.default)
        if p.kind == "enum" or v != p.default:
            settings.append(f"{p.name} {v:g}" if isinstance(v, float) else f"{p.name} {v}")
    if not settings:
        return map_label(spec, raster_map)
    return tr("{metric} ({settings}): {layer}").format(
        metric=spec.id, settings=", ".join(settings), layer=_lower_first(tr(raster_map.label)))


def map_label(spec, raster_map):
    """'pixel_boundaryf: boundary matches (raster)': a map's output and
    layer name, with the algorithm that made it."""
    return tr("{metric}: {layer}").format(metric=spec.id,
                                          layer=_lower_first(tr(raster_map.label)))

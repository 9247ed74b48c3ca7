"""What the output layers look like, as data: the registry's sink styles
(``core.registry.Sink.style``) read into classes, colours, sizes and legend
texts.  Both faces that draw layers use it: the QGIS renderers (ui/styles.py)
and the library's matplotlib plots (roadnetworkmetrics/_plot.py), so a layer
has the same colours, widths and legend in both.  No drawing here."""
from __future__ import annotations

import math
from typing import Callable, Optional


def _identity(text: str) -> str:
    return text


OPEN_END = 1e8  # an upper class limit at or above this is open ("over 4 m")

# sizes (mm) of a style without 'size': a line's width, a point's diameter
LINE_MM = 0.8
POINT_MM = 2.2

# the two inputs under the metric layers in a plot: the ground truth wide and
# light, the prediction narrow and dark on top of it (as the HTML report's
# map draws them: core/reports/report.py GT_STYLE, PRED_STYLE)
INPUT_STYLES = {
    "ground_truth": dict(color="#c8c8c8", size=1.6),
    "prediction": dict(color="#08306b", size=0.3),
}


def range_label(lo: float, hi: float, unit: Optional[str] = None,
                tr: Callable[[str], str] = _identity) -> str:
    """Legend text of a class: '1 - 2 m', or 'over 4 m' for an open class."""
    u = f" {unit}" if unit else ""
    if hi >= OPEN_END:
        return tr("over {value}").format(value=f"{lo:g}{u}")
    return f"{lo:g} - {hi:g}{u}"


def style_size(geometry: str, style: dict) -> float:
    """A line's width or a point's size in mm."""
    return float(style.get("size", POINT_MM if geometry == "Point" else LINE_MM))


def style_classes(style: dict, tr: Callable[[str], str] = _identity) -> list:
    """[(colour, legend text)] of a categorized or graduated style, in
    legend order (texts through ``tr``); [] for a single symbol."""
    if style.get("categorized"):
        return [(color, tr(label)) for _, color, label in style["categories"]]
    if style.get("graduated"):
        ramp = style.get("ramp") or [style.get("color", "#1a9641")]
        breaks = graduated_breaks(style)
        labels = style.get("labels")
        return [(color, tr(labels[i]) if labels else
                 range_label(breaks[i], breaks[i + 1], style.get("unit"), tr))
                for i, color in enumerate(ramp)]
    return []


def graduated_breaks(style: dict) -> list:
    """The class limits of a graduated style (one more than its colours)."""
    ramp = style.get("ramp") or [style.get("color", "#1a9641")]
    return list(style.get("breaks") or [i / len(ramp) for i in range(len(ramp) + 1)])


def class_of(style: dict, value) -> int:
    """The class (index into :func:`style_classes`) of a feature whose
    classified field holds ``value``; -1 when it has none (a single symbol,
    a missing or NaN value, a category the style does not list): such a
    feature takes the style's 'color'.  Graduated classes hold their upper
    limit, the first one its lower limit too; values beyond the limits go
    to the first or last class."""
    if style.get("categorized"):
        for i, (v, _, _) in enumerate(style["categories"]):
            if value == v:
                return i
        return -1
    if not style.get("graduated") or value is None or isinstance(value, str):
        return -1
    v = float(value)
    if math.isnan(v):
        return -1
    breaks = graduated_breaks(style)
    for i in range(len(breaks) - 1):
        if v <= breaks[i + 1]:
            return i
    return len(breaks) - 2


def class_field(style: dict) -> Optional[str]:
    """The field a style classifies by, None for a single symbol."""
    return style.get("categorized") or style.get("graduated") or None

"""Plots of results with matplotlib (optional: ``pip install matplotlib``).

Thin: what is drawn comes from the core.  A line metric's layers take the
colours, widths, classes and legend texts of the QGIS styles (the registry's
``Sink.style`` read by core/styles.py); a pixel metric's map its legend
(``RasterMap.legend``), reduced as the HTML report reduces it
(core/reports/pixel_maps.py); an evaluation's panels the registry's outputs
and headline."""
from __future__ import annotations

import math
from typing import Any, Optional, Sequence

import numpy as np

from .core import registry
from .core.styles import INPUT_STYLES, class_field, class_of, style_classes, style_size
from ._errors import InputError

POINTS_PER_MM = 72 / 25.4
# QGIS marker names of the sink styles -> matplotlib markers
MARKERS = {"circle": "o", "square": "s", "triangle": "^", "star": "*", "diamond": "D",
           "cross": "X", "cross2": "X", "pentagon": "p", "hexagon": "h"}
# the layers drawn by default, when the metric has any of them
STANDARD_LAYERS = ("MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED")
INPUT_LABELS = {"ground_truth": "Ground truth", "prediction": "Prediction"}
MISSING = "needs matplotlib (pip install matplotlib)"


def _pyplot(what: str):
    """matplotlib.pyplot, or ImportError with the one sentence to act on."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError(f"{what} {MISSING}") from None
    return plt


def _axes(ax, what: str, kwargs: dict):
    """``ax``, or the Axes of a new figure (``kwargs`` to plt.subplots);
    a new figure without ``figsize`` is fitted to the map later
    (:func:`_fit_figure`)."""
    plt = _pyplot(what)
    if ax is not None:
        return ax
    fit = "figsize" not in kwargs
    kwargs.setdefault("figsize", (10, 7))
    kwargs.setdefault("constrained_layout", True)
    _, ax = plt.subplots(**kwargs)
    ax._rnm_fit_figure = fit
    return ax


def _fit_figure(ax, legend_inches: float) -> None:
    """A figure made by plot() without a figsize: 7 inches high, the map
    as wide as its extent needs (3 to 11 inches) plus the legend."""
    if not getattr(ax, "_rnm_fit_figure", False):
        return
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    ratio = abs(x1 - x0) / abs(y1 - y0) if y1 != y0 else 1.0
    ax.figure.set_size_inches(min(11.0, max(3.0, 6.2 * ratio)) + 1.0 + legend_inches, 7.0)


def _value_text(output, value) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "undefined"
    if output.unit == "m":
        return f"{value:.2f} m"
    if output.unit == "count":
        return f"{value:g}"
    return f"{value:.3f}"


def headline_title(spec, scores: dict) -> str:
    """'APLS: APLS 0.678', the metric's name and its headline score."""
    o = spec.headline_output()
    key = spec.output_key(o.name)
    return f"{spec.name}: {key} {_value_text(o, dict.get(scores, key))}"


def plot_result(result, ax=None, layers: Optional[Sequence[str]] = None, legend: bool = True,
                scale_bar: bool = True, **kwargs) -> Any:
    """Result.plot (see there)."""
    spec = registry.get(result.metric)
    if spec.inputs == "masks":
        return plot_map(result, spec, ax, layers, legend, scale_bar, **kwargs)
    title = kwargs.pop("title", None)
    ax = _axes(ax, "Result.plot", kwargs)
    handles = []
    for i, (name, parts) in enumerate(zip(INPUT_STYLES, getattr(result, "_inputs", None) or ())):
        handles.append(_draw_lines(ax, parts, [INPUT_STYLES[name]["color"]] * len(parts),
                                   style_size("LineString", INPUT_STYLES[name]), i + 1,
                                   INPUT_LABELS[name]))
    for k, sink in enumerate(_chosen_sinks(spec, layers)):
        handles += _draw_sink(ax, sink, result._core.layers.get(sink.name), 3 + k)
    _finish_map(ax, title or headline_title(spec, result.scores), handles, legend, scale_bar,
                result.crs if result.parameters.get("working_crs") else None)
    return ax


def _chosen_sinks(spec, layers) -> list:
    """The sinks to draw: ``layers`` as given (names checked), else the
    matched / missed / spurious ones, else every layer with a geometry."""
    drawable = [s for s in spec.sinks if s.geometry in ("Point", "LineString")]
    if layers is None:
        standard = [s for s in drawable if s.name in STANDARD_LAYERS]
        return standard or drawable
    by_name = {s.name: s for s in drawable}
    names = [layers] if isinstance(layers, str) else list(layers)
    for n in names:
        if n not in by_name:
            raise InputError(f"{spec.id} has no layer {n!r} to plot (layers: "
                             f"{', '.join(by_name) or 'none'})")
    return [by_name[n] for n in names]


def _colours(sink, table) -> list:
    """The colour of each feature of a sink's layer (its class's, else the
    style's colour)."""
    style = sink.style
    base = style.get("color", "#1a9641")
    field = class_field(style)
    if field is None or table is None or field not in table.columns:
        return [base] * (len(table) if table is not None else 0)
    classes = style_classes(style)
    return [classes[c][0] if c >= 0 else base
            for c in (class_of(style, v) for v in table.columns[field])]


def _draw_sink(ax, sink, table, z: int) -> list:
    """Draw one layer; returns its legend handles (a heading and one entry
    per class for a classified style)."""
    from matplotlib.lines import Line2D
    colours = _colours(sink, table)
    n = len(colours)
    size = style_size(sink.geometry, sink.style)
    label = f"{sink.label} ({n})"
    if sink.geometry == "Point":
        marker = MARKERS.get(sink.style.get("shape", "circle"), "o")
        if n:
            xy = np.asarray(table.coords, float).reshape(-1, 2)
            ax.scatter(xy[:, 0], xy[:, 1], s=(size * POINTS_PER_MM) ** 2, c=colours, marker=marker,
                       edgecolors="#333333", linewidths=0.1 * POINTS_PER_MM, zorder=10 + z)

        def handle(colour, text):
            return Line2D([], [], linestyle="none", marker=marker, markersize=size * POINTS_PER_MM,
                          markerfacecolor=colour, markeredgecolor="#333333", label=text)
    else:
        if n:
            _draw_lines(ax, list(table.coords), colours, size, z, None)

        def handle(colour, text):
            return Line2D([], [], color=colour, linewidth=size * POINTS_PER_MM, label=text)
    classes = style_classes(sink.style)
    if not classes:
        return [handle(sink.style.get("color", "#1a9641"), label)]
    return [Line2D([], [], linestyle="none", label=label)] + [handle(c, "   " + t) for c, t in classes]


def _draw_lines(ax, parts, colours, size_mm: float, z: int, label: Optional[str]):
    """Lines (a list of (k, 2) arrays) in one collection; returns a legend
    handle when ``label`` is given."""
    from matplotlib.collections import LineCollection
    from matplotlib.lines import Line2D
    keep = [i for i, p in enumerate(parts) if len(p) >= 2]
    if keep:
        ax.add_collection(LineCollection([np.asarray(parts[i], float)[:, :2] for i in keep],
                                         colors=[colours[i] for i in keep],
                                         linewidths=size_mm * POINTS_PER_MM, zorder=z,
                                         capstyle="round", joinstyle="round"))
    if label is None:
        return None
    return Line2D([], [], color=colours[0] if colours else "#c8c8c8",
                  linewidth=size_mm * POINTS_PER_MM, label=label)


def _finish_map(ax, title: str, handles: list, legend: bool, scale_bar: bool,
                crs: Optional[str]) -> None:
    """Equal aspect, the extent, the scale bar, the legend beside the map,
    the title and the axes' CRS."""
    ax.set_aspect("equal", adjustable="box")
    ax.autoscale_view()
    ax.margins(0.04)
    ax.ticklabel_format(useOffset=False, style="plain")
    ax.tick_params(labelsize="x-small")
    where = f"{crs}, metres" if crs and len(crs) < 40 else "metres"
    ax.set_xlabel(f"x ({where})", fontsize="small")
    ax.set_ylabel(f"y ({where})", fontsize="small")
    if scale_bar:
        add_scale_bar(ax)
    handles = [h for h in handles if h is not None] if legend else []
    for h in handles:
        h.set_label(_wrapped(h.get_label()))
    longest = max((len(line) for h in handles for line in h.get_label().split("\n")), default=0)
    _fit_figure(ax, 0.8 + 0.075 * longest if handles else 0.0)
    if handles:
        ax.legend(handles=handles, loc="upper left",
                  bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0, fontsize="small",
                  frameon=False)
    ax.set_title(title)


def _wrapped(label: str, width: int = 44) -> str:
    """A long legend text on several lines (class entries keep their indent)."""
    import textwrap
    indent = label[:len(label) - len(label.lstrip())]
    return textwrap.fill(label.strip(), width, initial_indent=indent, subsequent_indent=indent + "  ")


def nice_length(span: float) -> float:
    """A round length (1, 2 or 5 times a power of ten) of about a fifth of
    ``span``, for a scale bar."""
    if not span > 0 or not math.isfinite(span):
        return 1.0
    target = span / 5
    p = 10 ** math.floor(math.log10(target))
    return max(m * p for m in (1, 2, 5) if m * p <= target)


def add_scale_bar(ax) -> None:
    """A scale bar in metres in the lower right corner of a map."""
    from mpl_toolkits.axes_grid1.anchored_artists import AnchoredSizeBar
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    length = nice_length(abs(x1 - x0))
    text = f"{length / 1000:g} km" if length >= 1000 else f"{length:g} m"
    bar = AnchoredSizeBar(ax.transData, length, text, loc="lower right", pad=0.4, borderpad=0.6,
                          sep=4, frameon=True, size_vertical=abs(y1 - y0) / 250, label_top=True,
                          fontproperties={"size": "small"})
    bar.patch.set_alpha(0.6)
    bar.patch.set_edgecolor("none")
    bar.set_zorder(50)          # above the layers' points
    ax.add_artist(bar)


def _hex_rgba(colour: str) -> tuple:
    c = colour.lstrip("#")
    return tuple(int(c[i:i + 2], 16) / 255 for i in (0, 2, 4)) + (1.0,)


def plot_map(result, spec, ax=None, layers=None, legend: bool = True, scale_bar: bool = True,
             **kwargs) -> Any:
    """A pixel metric's diagnostic map with its legend's colours (codes
    drawn transparent on white), reduced as the report reduces it."""
    from matplotlib.patches import Patch
    from .core.metrics.pixel.masks import pixel_sides
    from .core.reports.pixel_maps import code_counts, preview
    _pyplot("Result.plot")
    maps = {m.name: m for m in spec.maps}
    if not result.maps:
        raise InputError(f"{spec.id}: no map to plot: run it with maps=True")
    names = [layers] if isinstance(layers, str) else list(layers or [])
    name = names[0] if names else next(n for n in maps if n in result.maps)
    if len(names) > 1 or name not in result.maps:
        raise InputError(f"{spec.id}: plot one map of {', '.join(result.maps)}")
    title = kwargs.pop("title", None)
    ax = _axes(ax, "Result.plot", kwargs)
    m = maps[name]
    codes = result.maps[name]
    reduced, k = preview(codes, m.draw_order)
    lut = np.zeros((256, 4))
    for code, colour, _ in m.legend:
        if colour:
            lut[code] = _hex_rgba(colour)
    h, w = codes.shape
    t = result.transform
    if t is not None and t[1] == 0 and t[3] == 0:
        extent = (t[2], t[2] + t[0] * w, t[5] + t[4] * h, t[5])
    else:            # a rotated grid: drawn north-up by rows and columns, to scale
        ph, pw = pixel_sides(t) if t is not None else (1.0, 1.0)
        extent = (0.0, pw * w, 0.0, ph * h)
    ax.imshow(lut[reduced], extent=extent, interpolation="nearest", zorder=1)
    counts = code_counts(codes)
    handles = [Patch(facecolor=colour, edgecolor="#555555", linewidth=0.3,
                     label=f"{text} ({counts[code]:,} px)")
               for code, colour, text in m.legend if colour and counts[code]]
    _finish_map(ax, title or f"{headline_title(spec, result.scores)} ({m.label})", handles,
                legend, scale_bar, None)
    return ax


def plot_evaluation(ev, ax=None, **kwargs) -> Any:
    """EvaluationResult.plot (see there): one small panel per metric with
    its scores between 0 and 1, the headline dark, the others light."""
    ids = list(ev._doc.get("metrics") or [])
    plt = _pyplot("EvaluationResult.plot")
    if not ids:
        raise InputError("EvaluationResult.plot: no metric to plot")
    cols = min(4, max(1, len(ids)))
    rows = -(-len(ids) // cols)
    if ax is None:
        kwargs.setdefault("figsize", (3.0 * cols, 2.6 * rows + 0.4))
        kwargs.setdefault("constrained_layout", True)
        fig, axes = plt.subplots(rows, cols, squeeze=False, sharey=True, **kwargs)
        axes = list(axes.ravel())
    else:
        axes = list(np.ravel(ax))
        if len(axes) < len(ids):
            raise InputError(f"EvaluationResult.plot draws {len(ids)} panels: give as many axes")
    for a, m in zip(axes, ids):
        _panel(a, registry.get(m), ev.numbers, ev.errors.get(m))
    for a in axes[len(ids):]:
        a.set_visible(False)
    return axes[0] if len(axes) == 1 else np.array(axes[:len(ids)])


def _panel(ax, spec, numbers: dict, error: Optional[str]) -> None:
    """One metric: bars of its scores within [0, 1] (headline first)."""
    head = spec.headline_output()
    outs = [o for o in spec.outputs if o.unit == "ratio" and o.higher_is_better]
    outs = ([head] if head in outs else []) + [o for o in outs if o is not head][:5]
    values = [numbers.get(spec.output_key(o.name), math.nan) for o in outs]
    shown = [0.0 if v is None or math.isnan(v) else v for v in values]
    colours = ["#08306b" if o is head else "#9ecae1" for o in outs]
    x = np.arange(len(outs))
    ax.bar(x, shown, color=colours, width=0.7)
    for xi, v in zip(x, values):
        ax.text(xi, (0 if v is None or math.isnan(v) else v) + 0.02,
                "n/a" if v is None or math.isnan(v) else f"{v:.2f}", ha="center",
                va="bottom", fontsize="x-small")
    ax.set_ylim(0, 1.1)
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1.0])
    ax.set_xticks(x)
    ax.set_xticklabels([o.name for o in outs], rotation=45, ha="right", fontsize="x-small")
    ax.tick_params(axis="y", labelsize="x-small")
    ax.grid(axis="y", linewidth=0.3, alpha=0.6)
    ax.set_axisbelow(True)
    v = numbers.get(spec.output_key(head.name), math.nan)
    ax.set_title(f"{spec.name}\n{head.name} {_value_text(head, v)}", fontsize="small")
    if error:
        ax.text(0.5, 0.5, "not computed", transform=ax.transAxes, ha="center", va="center",
                fontsize="small", color="#d7191c")

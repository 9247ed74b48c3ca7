"""Self-contained HTML report of an evaluation, written for an analyst who
hands it to a colleague: a summary first (headline scores and a plain-language
reading), scores grouped by family with units and human number formats,
distributions, scores per class and per tile, a map that can be zoomed and
panned (inline SVG and a few lines of inline script, no network access),
warnings, and what is needed to trace the numbers back (date, plugin and QGIS
versions, input sources, parameters).

Every text goes through ``tr`` (the QGIS side passes its translation
function; scripts/update_ts.py collects the literals passed to ``tr``), every
value through ``esc``.  The building blocks (``fmt``, ``human``,
``histogram``, ``zoomable``, ``summary_lines``) also serve the single-metric
summaries and the tools' reports."""
from __future__ import annotations

from typing import Callable, Optional, Sequence

import datetime
import math

import numpy as np

from .. import registry
from ..text import N_, translate
from .format import esc, fmt  # noqa: F401 (re-exported: the reports import them from here)

# option values the reports show through tr(): marked here for the catalogue
OPTION_WORDS = (N_("pooled"), N_("mean"), N_("skip"), N_("worst"), N_("best"))

CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif;margin:24px auto;color:#222;max-width:1100px;padding:0 16px;line-height:1.4}
h1{font-size:24px;margin-bottom:4px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ddd;padding-bottom:4px}
h3{font-size:15px;margin:18px 0 4px}h4{font-size:13px;margin:12px 0 4px}
table{border-collapse:collapse;margin:8px 0;font-size:13px}td,th{border:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f3f3f3;font-weight:600}td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}.warn{color:#a14b00}
.small{color:#555;font-size:12px}svg{background:#fff}.grid{display:flex;flex-wrap:wrap;gap:16px}
.meta{color:#555;font-size:13px;margin:0 0 16px}.reading{background:#f6f8fa;border-left:4px solid #4575b4;padding:8px 14px;margin:8px 0}
.reading li{margin:3px 0}.verdict{font-weight:600;white-space:nowrap}
.bar{display:inline-block;height:11px;vertical-align:middle;border-radius:2px}
.barbox{display:inline-block;width:120px;height:11px;background:#eee;vertical-align:middle;border-radius:2px}
.swatch{display:inline-block;width:12px;height:12px;vertical-align:middle;margin:0 4px 0 10px;border:1px solid #888}
.line{display:inline-block;width:22px;height:0;border-top-width:3px;border-top-style:solid;vertical-align:middle;margin:0 4px 0 10px}
.dot{display:inline-block;width:8px;height:8px;border-radius:50%;vertical-align:middle;margin:0 4px 0 10px}
.zoomable{border:1px solid #ccc;position:relative;margin:8px 0}.zoomable svg{display:block;width:100%;height:auto;max-height:78vh;cursor:grab;touch-action:none}
.zoombar{position:absolute;right:8px;top:8px;display:flex;gap:4px}.zoombar button{font-size:15px;width:30px;height:28px;border:1px solid #999;background:#fff;border-radius:3px;cursor:pointer}
table.family{width:100%;table-layout:fixed}details{margin:8px 0}code{font-size:12px}
@media print{.zoombar{display:none}}
"""

# pan and zoom of the .zoomable maps: wheel or buttons zoom, drag pans,
# double click (or the reset button) shows the whole map again
ZOOM_JS = """
(function(){document.querySelectorAll('.zoomable').forEach(function(box){
var svg=box.querySelector('svg'),vb=svg.viewBox.baseVal,home=[vb.x,vb.y,vb.width,vb.height],drag=null;
function set(a){vb.x=a[0];vb.y=a[1];vb.width=a[2];vb.height=a[3];}
function at(x,y){var p=svg.createSVGPoint();p.x=x;p.y=y;return p.matrixTransform(svg.getScreenCTM().inverse());}
function zoom(f,c){set([c.x-(c.x-vb.x)*f,c.y-(c.y-vb.y)*f,vb.width*f,vb.height*f]);}
function centre(){return {x:vb.x+vb.width/2,y:vb.y+vb.height/2};}
svg.addEventListener('wheel',function(e){e.preventDefault();zoom(e.deltaY<0?0.8:1.25,at(e.clientX,e.clientY));},{passive:false});
svg.addEventListener('pointerdown',function(e){drag=at(e.clientX,e.clientY);svg.setPointerCapture(e.pointerId);svg.style.cursor='grabbing';});
svg.addEventListener('pointermove',function(e){if(!drag)return;var p=at(e.clientX,e.clientY);vb.x-=p.x-drag.x;vb.y-=p.y-drag.y;});
svg.addEventListener('pointerup',function(){drag=null;svg.style.cursor='grab';});
svg.addEventListener('dblclick',function(){set(home);});
box.querySelectorAll('button').forEach(function(b){b.addEventListener('click',function(){
var z=b.getAttribute('data-zoom');if(z==='home'){set(home);}else{zoom(parseFloat(z),centre());}});});
});})();
"""

GOOD_COLORS = ["#d7191c", "#fdae61", "#a6d96a", "#1a9641"]  # poor .. good
GOOD_BREAKS = [0.4, 0.6, 0.8]


def _identity(text):
    return text


def _isnan(v):
    try:
        return v is None or math.isnan(float(v))
    except (TypeError, ValueError):
        return True


def _group_digits(n):
    return f"{n:,}".replace(",", "\u202f")  # narrow no-break space: 20 340


def human(v, unit, tr=_identity) -> str:
    """A value as an analyst reads it: ratios with 3 decimals, lengths in m
    or km, counts as whole numbers with grouped digits; 'undefined' for NaN."""
    if _isnan(v):
        return tr("undefined")
    v = float(v)
    if unit == "m":
        if abs(v) >= 1000:
            return f"{v / 1000:.2f} km"
        return f"{v:.2f} m" if abs(v) < 10 else f"{v:.1f} m"
    if unit == "count":
        if abs(v - round(v)) < 1e-9:
            return _group_digits(int(round(v)))
        return f"{v:,.1f}".replace(",", "\u202f")
    return f"{v:.3f}"


def goodness(output, v) -> Optional[float]:
    """How good a [0, 1] value is, in [0, 1] (1 - v when 0 is perfect);
    None for lengths, counts and NaN."""
    if output.unit != "ratio" or _isnan(v) or output.higher_is_better is None:
        return None
    v = max(0.0, min(1.0, float(v)))
    return v if output.higher_is_better else 1.0 - v


def good_color(g) -> str:
    if g is None:
        return "#cccccc"
    return GOOD_COLORS[int(np.searchsorted(GOOD_BREAKS, g, side="right"))]


def verdict(g, tr=_identity) -> str:
    """A word for a goodness in [0, 1], on the breaks of the bar colours."""
    if g is None:
        return tr("undefined")
    if g >= GOOD_BREAKS[2]:
        return tr("very good")
    if g >= GOOD_BREAKS[1]:
        return tr("good")
    if g >= GOOD_BREAKS[0]:
        return tr("fair")
    return tr("poor")


def plugin_version() -> str:
    """The version of the plugin (or of the installed library): core/version.py."""
    from ..version import version
    return version()


# -- summaries (log and HTML) ---------------------------------------------------

def summary_lines(spec, scores, tr=_identity, key=False) -> list[str]:
    """One line per output of a metric: label, human value, and for the
    headline a verdict.  ``key``: name the outputs by their evaluate-all key."""
    head = spec.headline_output()
    out = []
    for o in spec.outputs:
        v = scores.get(o.name, math.nan)
        name = spec.output_key(o.name) if key else o.name
        line = f"{tr(o.label)} ({name}): {human(v, o.unit, tr)}"
        if o is head and goodness(o, v) is not None:
            line += f"  [{verdict(goodness(o, v), tr)}]"
        out.append(line)
    return out


def by_family(order) -> list[str]:
    """Metric ids grouped by family: families in order of first appearance."""
    groups = {}
    for m in order:
        groups.setdefault(registry.get(m).group, []).append(m)
    return [m for ms in groups.values() for m in ms]


def _headlines(order, getscore):
    """[(spec, headline Output, value)] grouped by family."""
    out = []
    for m in by_family(order):
        spec = registry.get(m)
        o = spec.headline_output()
        out.append((spec, o, getscore(m, o.name)))
    return out


def reading(order, getscore, tr=_identity) -> list[str]:
    """Plain-language sentences on what the scores say (HTML-escaped)."""
    sentences = []
    heads = _headlines(order, getscore)
    by_group = {}
    for spec, o, v in heads:
        by_group.setdefault(spec.group, []).append((spec, o, v))
    for group, items in by_group.items():
        gs = [goodness(o, v) for _, o, v in items if goodness(o, v) is not None]
        names = ", ".join(f"{tr(spec.name)} {human(v, o.unit, tr)}" for spec, o, v in items)
        desc = registry.GROUP_DESCRIPTIONS.get(group)
        what = f" ({esc(tr(desc))})" if desc else ""
        colon = esc(tr("{}: {}"))  # the language's colon (French: a space before it)
        if gs:
            word = verdict(float(np.median(gs)), tr)
            sentences.append(colon.format(f"<b>{esc(tr(group))}</b>{what}",
                                          f"<span class='verdict'>{esc(word)}</span> &mdash; "
                                          f"{esc(names)}."))
        else:
            sentences.append(colon.format(f"<b>{esc(tr(group))}</b>{what}", f"{esc(names)}."))
    # recall against precision: what kind of error dominates
    miss = spur = pairs = 0
    for m in order:
        spec = registry.get(m)
        rp = spec.recall_precision()
        if rp is None:
            continue
        r, p = getscore(m, rp[0].name), getscore(m, rp[1].name)
        if _isnan(r) or _isnan(p):
            continue
        pairs += 1
        if r < p - 0.05:
            miss += 1
        elif p < r - 0.05:
            spur += 1
    if pairs:
        if miss > spur and miss * 2 >= pairs:
            sentences.append(esc(tr("Main error: missing roads and gaps. In {} of {} metrics that "
                                    "score both directions, less of the ground truth is found "
                                    "(recall) than the prediction has right (precision).")
                                 .format(miss, pairs)))
        elif spur > miss and spur * 2 >= pairs:
            sentences.append(esc(tr("Main error: spurious roads. In {} of {} metrics that score "
                                    "both directions, less of the prediction is right (precision) "
                                    "than the ground truth is found (recall).").format(spur, pairs)))
        else:
            sentences.append(esc(tr("Missing and spurious roads weigh about the same: recall and "
                                    "precision are within 0.05 of each other, or disagree between "
                                    "metrics ({} metric(s) score both directions).").format(pairs)))
    rated = [(goodness(o, v), spec, o, v) for spec, o, v in heads if goodness(o, v) is not None]
    if len(rated) >= 2:
        best = max(rated, key=lambda t: t[0])
        worst = min(rated, key=lambda t: t[0])
        sentences.append(esc(tr("Best headline score: {} {}; weakest: {} {}.").format(
            tr(best[1].name), human(best[3], best[2].unit, tr),
            tr(worst[1].name), human(worst[3], worst[2].unit, tr))))
    for spec, o, v in heads:
        if o.unit == "m" and not _isnan(v):
            sentences.append(esc(tr("{}: {} = {} (0 m is a perfect overlap).").format(
                tr(spec.name), tr(o.label), human(v, o.unit, tr))))
    return sentences


# -- charts ------------------------------------------------------------------------

def bar_cell(output, v) -> str:
    """An inline bar for a [0, 1] value, coloured by how good it is."""
    if output.unit != "ratio" or _isnan(v):
        return ""
    w = 120 * max(0.0, min(1.0, float(v)))
    return (f"<span class='barbox'><span class='bar' style='width:{w:.0f}px;"
            f"background:{good_color(goodness(output, v))}'></span></span>")


def color_legend(tr=_identity, bars=True) -> str:
    labels = [tr("poor (< 0.4)"), tr("fair (0.4 - 0.6)"), tr("good (0.6 - 0.8)"),
              tr("very good (>= 0.8)")]
    text = (tr("Bars: the value on [0, 1]; colour: how good it is (for scores marked \u2193, 0 is "
               "perfect).") if bars else tr("Colour: how good the score is."))
    return ("<p class='small'>" + esc(text)
            + "".join(f"<span class='swatch' style='background:{c}'></span>{esc(t)}"
                      for c, t in zip(GOOD_COLORS, labels)) + "</p>")


def histogram(counts, bins=None, title="", width=300, height=140, xlabel="", ylabel="") -> str:
    """Bar histogram with axes, tick labels and axis titles; empty string
    when there is nothing to count."""
    counts = np.asarray(counts, float)
    if counts.size == 0 or counts.sum() <= 0:
        return ""
    if bins is None or len(bins) != len(counts) + 1:
        bins = np.linspace(0, 1, len(counts) + 1)
    left, top_m, bottom = 46, 22 if title else 8, 38 if xlabel else 22
    plot_w, plot_h = width - left - 10, height - top_m - 6
    top = counts.max()
    bw = plot_w / len(counts)
    y0 = top_m + plot_h
    out = [f"<svg width='{width}' height='{height + bottom}' role='img' aria-label='{esc(title)}'>",
           f"<text x='{left}' y='14' font-size='12' font-weight='600'>{esc(title)}</text>" if title else ""]
    for i, c in enumerate(counts):
        h = plot_h * c / top
        out.append(f"<rect x='{left + i * bw:.1f}' y='{y0 - h:.1f}' width='{max(bw - 1, 1):.1f}' "
                   f"height='{h:.1f}' fill='#4575b4'><title>{fmt(bins[i])} - {fmt(bins[i + 1])}: "
                   f"{int(c)}</title></rect>")
    out.append(f"<line x1='{left}' y1='{y0}' x2='{left + plot_w}' y2='{y0}' stroke='#666'/>"
               f"<line x1='{left}' y1='{top_m}' x2='{left}' y2='{y0}' stroke='#666'/>")
    out.append(f"<text x='{left}' y='{y0 + 13}' font-size='10' text-anchor='middle'>{fmt(bins[0])}</text>"
               f"<text x='{left + plot_w}' y='{y0 + 13}' font-size='10' text-anchor='middle'>"
               f"{fmt(bins[-1])}</text>"
               f"<text x='{left - 4}' y='{top_m + 4}' font-size='10' text-anchor='end'>{int(top)}</text>"
               f"<text x='{left - 4}' y='{y0}' font-size='10' text-anchor='end'>0</text>")
    if xlabel:
        out.append(f"<text x='{left + plot_w / 2:.0f}' y='{y0 + 28}' font-size='11' "
                   f"text-anchor='middle'>{esc(xlabel)}</text>")
    if ylabel:
        cy = top_m + plot_h / 2
        out.append(f"<text x='12' y='{cy:.0f}' font-size='11' text-anchor='middle' "
                   f"transform='rotate(-90 12 {cy:.0f})'>{esc(ylabel)}</text>")
    out.append("</svg>")
    return "".join(out)


# -- maps ----------------------------------------------------------------------------

class _Frame:
    """World coordinates to SVG user units: ``size`` units on the longer side,
    y up."""

    def __init__(self, arrays, size=1000.0):
        pts = [np.asarray(a, float)[:, :2] for a in arrays if len(a)]
        allp = np.concatenate(pts) if pts else np.zeros((1, 2))
        self.x0, self.y0 = allp.min(axis=0)
        x1, y1 = allp.max(axis=0)
        self.span_x, self.span_y = x1 - self.x0, y1 - self.y0
        span = max(self.span_x, self.span_y, 1e-9)
        self.s = size / span
        self.w = self.span_x * self.s
        self.h = self.span_y * self.s

    def xy(self, p):
        p = np.asarray(p, float)
        return np.column_stack([(p[:, 0] - self.x0) * self.s, self.h - (p[:, 1] - self.y0) * self.s])

    def viewbox(self, pad=10.0):
        return f"{-pad:.0f} {-pad:.0f} {self.w + 2 * pad:.1f} {self.h + 2 * pad:.1f}"


def _polyline_svg(frame, lines, color, width, max_vertices=80000):
    total = sum(len(l) for l in lines)
    step = max(1, int(math.ceil(total / max_vertices)))
    kept = []
    for l in lines:
        if len(l) < 2:
            continue
        q = l[::step] if step > 1 and len(l) > 2 else l
        if step > 1 and not np.array_equal(q[-1], l[-1]):
            q = np.vstack([q, l[-1]])
        kept.append(np.asarray(q, float)[:, :2])
    if not kept:
        return ""
    # every vertex formatted in one pass (a call per line cost more than the map)
    pts = _formatted(frame.xy(np.concatenate(kept)), "%.1f,%.1f")
    ends = np.cumsum([len(q) for q in kept]).tolist()
    out = [f"<polyline points='{' '.join(pts[a:b])}' vector-effect='non-scaling-stroke'/>"
           for a, b in zip([0] + ends[:-1], ends)]
    return (f"<g fill='none' stroke='{color}' stroke-width='{width}' stroke-linejoin='round'>"
            + "".join(out) + "</g>")


def _formatted(xy, template) -> list[str]:
    """``template % (x, y)`` for every row of ``xy``, in one formatting call."""
    if len(xy) == 0:
        return []
    text = ((template + "\n") * len(xy)) % tuple(np.asarray(xy, float).ravel().tolist())
    return text.split("\n")[:-1]


def _scale_bar(frame, tr):
    """A scale bar of a round length near a fifth of the map's width."""
    span = max(frame.span_x, frame.span_y)
    if span <= 0:
        return ""
    target = span / 5
    mag = 10 ** math.floor(math.log10(target))
    length = max(m * mag for m in (1, 2, 5) if m * mag <= target)
    w = length * frame.s
    y = frame.h + 4
    label = f"{length / 1000:g} km" if length >= 1000 else f"{length:g} m"
    return (f"<g font-size='12'><line x1='0' y1='{y:.1f}' x2='{w:.1f}' y2='{y:.1f}' stroke='#222' "
            f"stroke-width='2' vector-effect='non-scaling-stroke'/>"
            f"<text x='{w + 4:.1f}' y='{y + 4:.1f}'>{esc(label)}</text></g>")


def zoomable(inner_svg, frame, label, tr=_identity, pad=10.0) -> str:
    """An SVG (content in ``frame`` units) in a box with pan / zoom controls."""
    vb = f"{-pad:.0f} {-pad:.0f} {frame.w + 2 * pad:.1f} {frame.h + 2 * pad + 14:.1f}"
    return (f"<div class='zoomable'><div class='zoombar'>"
            f"<button type='button' data-zoom='0.6' title='{esc(tr('Zoom in'))}'>+</button>"
            f"<button type='button' data-zoom='1.6' title='{esc(tr('Zoom out'))}'>&minus;</button>"
            f"<button type='button' data-zoom='home' title='{esc(tr('Whole map'))}'>&#8962;</button>"
            f"</div><svg viewBox='{vb}' role='img' aria-label='{esc(label)}' "
            f"xmlns='http://www.w3.org/2000/svg'>{inner_svg}{_scale_bar(frame, tr)}</svg></div>")


# the networks under the diagnostics: the ground truth wide and light, the
# prediction narrow and dark on top of it, so both read apart where they
# overlap (that overlap is the match) and where only one of them runs
GT_STYLE = ("#c8c8c8", 7.0)
PRED_STYLE = ("#08306b", 1.4)

# the legend labels are marked for translation here and translated where the
# legend is drawn (map_legend: tr(label)).  Line layers draw missing and
# spurious stretches on top of the networks (their matched parts are the
# overlap of both networks, not drawn again); point layers (control points,
# junctions) are drawn as dots of the same colours, matched ones in green.
MAP_LAYERS = (("MATCHED", "#1a9641", 1.6, N_("matched")),
              ("UNMATCHED_PRED", "#e66100", 3.2, N_("spurious (prediction only)")),
              ("UNMATCHED_GT", "#d7191c", 3.2, N_("missing (ground truth only)")))


def _drawn_layers(layers) -> list:
    """[(name, colour, width, label, geometry)] of the MAP_LAYERS that
    ``layers`` ({name: FeatureTable}) holds (empty ones too: the legend
    still says what would show), in drawing order; a line layer of matched
    parts is left out (the overlap of both networks shows it)."""
    out = []
    for name, color, width, label in MAP_LAYERS:
        t = (layers or {}).get(name)
        if t is None or t.geometry == "None":
            continue
        geometry = "Point" if t.geometry == "Point" else "LineString"
        if name == "MATCHED" and geometry != "Point":
            continue
        out.append((name, color, width, label, geometry))
    return out


def network_map(gt_parts, pred_parts, layers=None, tr=_identity) -> str:
    """Zoomable map: ground truth wide light grey, prediction narrow dark
    blue, diagnostics of one metric on top (missing ground truth red,
    spurious prediction orange; points: matched green)."""
    frame = _Frame(list(gt_parts) + list(pred_parts))
    out = [_polyline_svg(frame, gt_parts, *GT_STYLE), _polyline_svg(frame, pred_parts, *PRED_STYLE)]
    for name, color, width, _, geometry in _drawn_layers(layers):
        t = layers[name]
        if len(t) == 0:
            continue
        if geometry == "Point":
            xy = frame.xy(np.asarray(t.coords))
            if len(xy) > 20000:
                xy = xy[:: int(math.ceil(len(xy) / 20000))]
            r = 1.2 if name == "MATCHED" else 3.0
            out.append(f"<g fill='{color}'>" + "".join(
                _formatted(xy, "<circle cx='%.1f' cy='%.1f' r='" + f"{r}'/>")) + "</g>")
        else:
            out.append(_polyline_svg(frame, t.coords, color, width))
    return zoomable("".join(out), frame, tr("map"), tr)


def map_legend(layers, tr=_identity) -> str:
    """The legend of network_map: a line of each network's colour and width,
    and a line (line layers) or a dot (point layers) of each diagnostic
    layer the map draws (_drawn_layers); ``layers``: the layers given to network_map (True: every
    MAP_LAYERS entry as a line, for a legend without a result)."""
    items = [(GT_STYLE[0], GT_STYLE[1], tr("ground truth"), False),
             (PRED_STYLE[0], PRED_STYLE[1], tr("prediction"), False)]
    if layers is True:
        drawn = [(c, w, label, False) for _, c, w, label in MAP_LAYERS]
    else:
        drawn = [(c, w, label, g == "Point") for _, c, w, label, g in _drawn_layers(layers)]
    items += [(c, w, tr(label), dot) for c, w, label, dot in drawn]
    spans = []
    for color, width, text, dot in items:
        if dot:
            spans.append(f"<span class='dot' style='background:{color}'></span>{esc(text)}")
        else:
            spans.append(f"<span class='line' style='border-top-color:{color};"
                         f"border-top-width:{max(2.0, width):g}px'></span>{esc(text)}")
    return "<p class='small'>" + "".join(spans) + "</p>"


def _ring(poly):
    if isinstance(poly, tuple) and len(poly) == 4 and np.isscalar(poly[0]):
        x0, y0, x1, y1 = poly
        return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], float)
    if hasattr(poly, "exterior"):
        return np.asarray(poly.exterior.coords, float)[:, :2]
    return np.asarray(poly, float)[:, :2]


def tile_map(tiles, values, empty=None, lines=(), tr=_identity, output=None) -> str:
    """Zoomable choropleth of one score per tile (tiles: [(id, (xmin, ymin,
    xmax, ymax) or polygon)]); tiles without ground truth hatched; ``lines``
    drawn on top."""
    rings = [_ring(poly) for _, poly in tiles]
    frame = _Frame(rings)
    out = ["<defs><pattern id='hatch' width='8' height='8' patternUnits='userSpaceOnUse' "
           "patternTransform='rotate(45)'><rect width='8' height='8' fill='#f4f4f4'/>"
           "<line x1='0' y1='0' x2='0' y2='8' stroke='#bbb' stroke-width='3'/></pattern></defs>"]
    empty = list(empty) if empty is not None else [False] * len(rings)
    for (tid, _), ring, v, e in zip(tiles, rings, values, empty):
        if e:
            fill, text = "url(#hatch)", tr("no ground truth")
        elif _isnan(v):
            fill, text = "#eeeeee", tr("undefined")
        else:
            g = goodness(output, v) if output is not None else max(0.0, min(1.0, v))
            fill, text = good_color(g), fmt(v)
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in frame.xy(ring))
        out.append(f"<polygon points='{pts}' fill='{fill}' fill-opacity='0.55' stroke='#555' "
                   f"stroke-width='0.8' vector-effect='non-scaling-stroke'><title>"
                   f"{esc(tr('tile'))} {esc(tid)}: {esc(text)}</title></polygon>")
    out.append(_polyline_svg(frame, lines, "#333333", 0.8, 40000))
    if len(rings) <= 400:  # the value written in each tile
        for ring, v, e in zip(rings, values, empty):
            xy = frame.xy(ring)
            cx, cy = xy[:, 0].mean(), xy[:, 1].mean()
            fs = max(4.0, min(28.0, 0.18 * min(np.ptp(xy[:, 0]), np.ptp(xy[:, 1]))))
            label = "" if e or _isnan(v) else f"{float(v):.2f}"
            if label:
                out.append(f"<text x='{cx:.1f}' y='{cy + fs / 3:.1f}' font-size='{fs:.1f}' "
                           f"text-anchor='middle' fill='#111' stroke='#fff' stroke-width='3' "
                           f"paint-order='stroke'>{label}</text>")
    return zoomable("".join(out), frame, tr("tiles"), tr)


# -- the evaluation report ------------------------------------------------------------

def with_interval(v, bounds, unit, tr=_identity) -> str:
    """A value as human() writes it, with its interval ``bounds`` (low,
    high) when both are finite: ``0.744 [0.692, 0.798]``."""
    text = human(v, unit, tr)
    if bounds is None or _isnan(v) or _isnan(bounds[0]) or _isnan(bounds[1]):
        return text
    return f"{text} [{human(bounds[0], unit, tr)}, {human(bounds[1], unit, tr)}]"


def _scores_by_family(order, getscore, tr, getci=None):
    h = []
    cols = ("19%", "24%", "9%") if getci is None else ("16%", "20%", "19%")
    by_group = {}
    for m in order:
        by_group.setdefault(registry.get(m).group, []).append(m)
    for g, ms in by_group.items():
        h.append(f"<h3>{esc(tr(g))}</h3>")
        desc = registry.GROUP_DESCRIPTIONS.get(g)
        if desc:
            h.append(f"<p class='small'>{esc(tr('What it tells:'))} {esc(tr(desc))}.</p>")
        h.append(f"<table class='family'><colgroup><col style='width:{cols[0]}'><col style='width:{cols[1]}'>"
                 f"<col style='width:{cols[2]}'><col style='width:136px'><col></colgroup>"
                 f"<tr><th>{esc(tr('metric'))}</th><th>{esc(tr('score'))}</th>"
                 f"<th>{esc(tr('value'))}</th><th></th><th>{esc(tr('meaning'))}</th></tr>")
        for m in ms:
            spec = registry.get(m)
            first = True
            for o in spec.outputs:
                v = getscore(m, o.name)
                arrow = " \u2193" if o.higher_is_better is False and o.unit == "ratio" else ""
                name_cell = (f"<td rowspan='{len(spec.outputs)}'><b>{esc(tr(spec.name))}</b></td>"
                             if first else "")
                first = False
                h.append(f"<tr>{name_cell}<td>{esc(tr(o.label))}{arrow}<br><code class='small'>"
                         f"{esc(spec.output_key(o.name))}</code></td>"
                         f"<td class='num'>{esc(with_interval(v, getci and getci(m, o.name), o.unit, tr))}"
                         f"</td><td>{bar_cell(o, v)}</td><td class='small'>{esc(tr(o.help))}</td></tr>")
        h.append("</table>")
    return "".join(h)


def _histograms(evaluation, order, tr):
    hists = []
    for m in order:
        r = evaluation.results.get(m)
        if r is None:
            continue
        for k, v in r.details.items():
            if "histogram" in k and not k.endswith("bins") and isinstance(v, list) and v and \
                    all(isinstance(x, (int, float)) for x in v):
                bins = r.details.get(k + "_bins") or r.details.get("histogram_bins")
                quantity = k.split("_histogram")[0].replace("_", " ")
                direction = ""
                if k.endswith("gt_to_pred"):
                    direction = tr("ground-truth routes in the prediction")
                elif k.endswith("pred_to_gt"):
                    direction = tr("predicted routes in the ground truth")
                title = f"{tr(registry.get(m).name)}: {direction}" if direction else tr(registry.get(m).name)
                if quantity == "penalty":
                    xlabel = tr("penalty (0 = same length, 1 = no route)")
                    ylabel = tr("routes")
                else:
                    xlabel, ylabel = tr(quantity), tr("count")
                svg = histogram(v, bins, "", width=440, height=170, xlabel=xlabel, ylabel=ylabel)
                if svg:
                    hists.append(f"<figure style='margin:0;width:440px'><figcaption class='small'>"
                                 f"<b>{esc(title)}</b></figcaption>{svg}</figure>")
    return hists


def evaluation_report(title: str, info: dict, evaluation=None, tiled=None, gt_parts=(),
                      pred_parts=(), tr: Optional[Callable] = None, meta: Optional[dict] = None,
                      class_field: Optional[str] = None, input_warnings: Sequence = (),
                      sections: Sequence[str] = (), pixel_note: Optional[str] = None) -> str:
    """HTML text.  ``info``: {label: value} of the inputs and parameters
    (shown as they are); ``evaluation``: core.analysis.evaluate.Evaluation
    (whole extent) and/or ``tiled``: TiledEvaluation; ``tr``: translation of
    the report's texts (default: English); ``meta``: {label: value} shown
    under the title (QGIS version, ...), after the date and plugin version;
    ``class_field``: the class field chosen (the per-class section only
    appears with one); ``input_warnings``: the warnings of reading the
    inputs, listed first; ``sections``: more HTML shown before the warnings
    (a pixel metric's maps); ``pixel_note``: why the pixel metrics of an
    evaluation of two rasters were not run (core/analysis/evaluate_pixels.py),
    shown in their section.  Every warning is translated with ``tr`` (core.text
    templates), whatever language SCORES keeps them in."""
    tr = tr or _identity
    order = (tiled or evaluation).order
    if tiled is not None:
        getscore = lambda m, n: tiled.aggregate.get(m, {}).get(n, math.nan)  # noqa: E731
    else:
        getscore = lambda m, n: (evaluation.results[m].scores.get(n, math.nan)  # noqa: E731
                                 if m in evaluation.results else math.nan)
    warnings = list(input_warnings) + (evaluation.warnings() if evaluation is not None else []) + (
        tiled.warnings if tiled else [])
    getci = tiled.interval if tiled is not None and tiled.intervals else None
    h = [_report_head(title, tr, meta)]
    h += _summary_section(order, getscore, evaluation, tiled, warnings, tr, getci)
    agg = ""
    if tiled is not None:
        agg = " (" + tr("{} over {} tiles").format(tr(tiled.aggregation), len(tiled.tiles)) + ")"
    h.append(f"<h2>{esc(tr('Scores by family'))}{esc(agg)}</h2>")
    h.append(color_legend(tr))
    if getci is not None:
        h.append(f"<p class='small'>{esc(interval_caption(tiled.ci, tr))}</p>")
    h.append(_scores_by_family(order, getscore, tr, getci))
    if getci is not None:
        h += _intervals_section(tiled, order, tr)
    h += _protocol_section(evaluation, order, tr)
    if evaluation is not None:
        hists = _histograms(evaluation, order, tr)
        if hists:
            h.append(f"<h2>{esc(tr('Distributions'))}</h2><div class='grid'>" + "".join(hists) + "</div>")
        h += _class_section(evaluation, class_field, tr)
    if tiled is not None:
        h.append(_tiles_section(tiled, order, gt_parts, tr))
    if gt_parts is not None and len(gt_parts):
        h += _map_section(evaluation, order, gt_parts, pred_parts, tr)
    h += _pixel_section(evaluation, order, pixel_note, tr)
    h += list(sections)
    h.append(f"<h2>{esc(tr('Warnings'))}</h2>")
    if warnings:
        h.append("<ul>" + "".join(f"<li class='warn'>{esc(translate(w, tr))}</li>" for w in warnings)
                 + "</ul>")
    else:
        h.append(f"<p>{esc(tr('none'))}</p>")
    h += _traceability(info, evaluation, order, tr)
    h.append(f"<script>{ZOOM_JS}</script></body></html>")
    return "".join(h)


def _protocol_section(evaluation, order, tr) -> list:
    """A benchmark protocol's numbers beside the metrics' own definitions
    (core/analysis/evaluate.py add_clean_scores): what a paper can print
    to compare with published tables, and the sound number."""
    if evaluation is None:
        return []
    rows, record = [], None
    for m in order:
        r = evaluation.results.get(m)
        if r is None or "clean_scores" not in r.details:
            continue
        record = r.details.get("protocol") or record
        spec = registry.get(m)
        clean = r.details["clean_scores"]
        for o in spec.outputs:
            if o.name not in r.scores or o.perfect is None:
                continue
            rows.append(f"<tr><td>{esc(tr(spec.name))}</td><td><code>{esc(o.name)}</code></td>"
                        f"<td class='num'>{esc(fmt(r.scores.get(o.name)))}</td>"
                        f"<td class='num'>{esc(fmt(clean.get(o.name, math.nan)))}</td></tr>")
    if not rows:
        return []
    title = tr("Protocol {} (version {})").format(record["name"], record["version"])
    return [f"<h2>{esc(title)}</h2>",
            f"<p>{esc(tr('The protocol replays the reference code of published tables, its defects included (docs/paths.md, protocol cards): its column is the number comparable with those tables. The other column is the metric by its own definition on the same inputs.'))}</p>",
            f"<table><tr><th>{esc(tr('metric'))}</th><th>{esc(tr('score'))}</th>"
            f"<th>{esc(tr('protocol'))}</th><th>{esc(tr('own definition'))}</th></tr>"
            + "".join(rows) + "</table>"]


def _report_head(title, tr, meta):
    """Document head, title and the line of date, plugin version and meta."""
    lang = tr("en")  # the catalogue translates 'en' into its language code
    head = (f"<!DOCTYPE html><html lang='{esc(lang)}'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width'><title>{esc(title)}</title>"
            f"<style>{CSS}</style></head><body><h1>{esc(title)}</h1>")
    now = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z").strip()
    stamp = [f"{esc(tr('Generated'))} {esc(now)}", f"Road Network Metrics {esc(plugin_version())}"]
    stamp += [f"{esc(k)} {esc(v)}" for k, v in (meta or {}).items()]
    return head + "<p class='meta'>" + " &middot; ".join(stamp) + "</p>"


def interval_caption(ci: dict, tr=_identity) -> str:
    """What the brackets are: method, level, resamples, seed."""
    return tr("[low, high]: {} {} % bootstrap confidence interval over the tiles ({} resamples of "
              "whole tiles, seed {}; pooled scores recomputed from the resampled sums).").format(
        "BCa" if ci["method"] == "bca" else tr("percentile"), f"{100 * ci['level']:g}",
        ci["resamples"], ci["seed"])


def _interval_rows(tiled, order, unit):
    """[(score key, value, low, high, colour)] of the scores in ``unit``
    with a value (counts have no interval and are left out)."""
    rows = []
    for m in order:
        spec = registry.get(m)
        for o in spec.outputs:
            v = tiled.aggregate.get(m, {}).get(o.name, math.nan)
            if o.unit != unit or m not in tiled.intervals or o.name not in tiled.intervals[m] \
                    or _isnan(v):
                continue
            g = goodness(o, v)
            rows.append((spec.output_key(o.name), v, *tiled.interval(m, o.name),
                         good_color(g) if g is not None else "#1f77b4"))
    return rows


def _intervals_section(tiled, order, tr) -> list:
    """The aggregated scores as error bars (ratios on one axis, lengths on
    another) and the notes of the bootstrap."""
    from .svgplots import interval_bars
    h = [f"<h2>{esc(tr('Intervals over tiles'))}</h2><p class='small'>"
         + esc(tr("Each aggregated score (dot) with its confidence interval (bar). Where the "
                  "intervals of two runs overlap heavily, the score does not tell them apart: "
                  "compare them tile by tile (docs/tools.md, Intervals).")) + "</p><div class='grid'>"]
    for unit, title in (("ratio", tr("scores on [0, 1]")), ("m", tr("lengths (m)"))):
        rows = _interval_rows(tiled, order, unit)
        if rows:
            vals = [x for r in rows for x in r[1:4] if not _isnan(x)]
            lo, hi = _svg_range(vals, unit)
            h.append(interval_bars(title, rows, lim=(lo, hi)))
    h.append("</div>")
    notes = tiled.ci.get("notes") or []
    if notes:
        h.append("<ul>" + "".join(f"<li class='small'>{esc(translate(n, tr))}</li>" for n in notes)
                 + "</ul>")
    return h


def _svg_range(vals, unit):
    from .svgplots import nice_range
    lo, hi = nice_range(vals)
    if unit == "ratio":  # no tick beyond what a ratio reaches
        lo, hi = max(lo, min(0.0, min(vals))), min(hi, max(1.0, max(vals)))
    return lo, hi


def _summary_section(order, getscore, evaluation, tiled, warnings, tr, getci=None):
    """The plain-language reading and the table of headline scores."""
    T = lambda s: esc(tr(s))  # noqa: E731  (translated and escaped)
    h = [f"<h2>{esc(tr('Summary'))}</h2>"]
    if tiled is not None:
        n_empty = sum(1 for t in tiled.tiles if t.empty)
        h.append("<p>" + esc(tr("Scores aggregated over {} tiles ({}); {} tile(s) without ground "
                                "truth ({}).").format(len(tiled.tiles), tr(tiled.aggregation), n_empty,
                                                      tr(tiled.empty_tiles))) + "</p>")
    h.append("<div class='reading'><ul>" + "".join(f"<li>{s}</li>" for s in
                                                   reading(order, getscore, tr)) + "</ul></div>")
    h.append(f"<table><tr><th>{esc(tr('family'))}</th><th>{esc(tr('metric'))}</th><th>{esc(tr('headline score'))}</th>"
             f"<th>{esc(tr('value'))}</th><th></th><th>{esc(tr('reading'))}</th></tr>")
    for spec, o, v in _headlines(order, getscore):
        g = goodness(o, v)
        h.append(f"<tr><td>{T(spec.group)}</td><td><b>{T(spec.name)}</b></td><td>{T(o.label)}</td>"
                 f"<td class='num'>{esc(with_interval(v, getci and getci(spec.id, o.name), o.unit, tr))}"
                 f"</td><td>{bar_cell(o, v)}</td>"
                 f"<td class='verdict'>{esc(verdict(g, tr)) if g is not None else ''}</td></tr>")
    h.append("</table>")
    if warnings:
        h.append(f"<p class='warn'>{esc(tr('{} warning(s): see Warnings at the end.').format(len(warnings)))}</p>")
    if evaluation is not None and evaluation.errors:
        h.append(f"<p class='warn'>{esc(tr('Failed metrics: {}').format(', '.join(evaluation.errors)))}</p>")
    return h


def _class_section(evaluation, class_field, tr):
    """Scores per class (only with a class field and metrics that have them)."""
    T = lambda s: esc(tr(s))  # noqa: E731
    classes = {m: r.details["classes"] for m, r in evaluation.results.items()
               if "classes" in r.details}
    if not (class_field and classes):
        return []
    h = [f"<h2>{esc(tr('Scores per class'))}</h2><p class='small'>"
         f"{esc(tr('Class field: {}').format(class_field))}</p>"]
    for m, cl in classes.items():
        spec = registry.get(m)
        outs = spec.outputs
        h.append(f"<h3>{T(spec.name)}</h3><table><tr><th>{esc(tr('class'))}</th>"
                 f"<th>{esc(tr('ground-truth features'))}</th><th>{esc(tr('predicted features'))}</th>"
                 + "".join(f"<th>{T(o.label)}</th>" for o in outs) + "</tr>")
        for c, d in cl.items():
            sc = d.get("scores", {})
            h.append(f"<tr><td>{esc(c)}</td><td class='num'>{esc(d.get('n_gt_features', ''))}</td>"
                     f"<td class='num'>{esc(d.get('n_pred_features', ''))}</td>" +
                     "".join(f"<td class='num'>{esc(human(sc.get(o.name), o.unit, tr))}</td>"
                             for o in outs) + "</tr>")
        h.append("</table>")
    return h


# the metrics whose missing and spurious layers are the stretches of one
# network away from the other (what the map's legend says), by preference
MAP_PREFERRED = ("ccq", "boundaryf", "cldice")


def map_metric(order) -> Optional[str]:
    """The metric whose diagnostic layers the report's map shows: the first
    of MAP_PREFERRED in ``order``, else the first of ``order`` whose missing
    and spurious layers (MAP_LAYERS) are both lines, else the first that
    declares any sink of MAP_LAYERS (points: control points, junctions);
    None when none does.  The only layers evaluate-all's report uses: a run
    that writes the report keeps this metric's layers and may drop the
    others' (core/layers.py)."""
    names = {k for k, *_ in MAP_LAYERS}
    found = [m for m in order if any(s.name in names for s in registry.get(m).sinks)]
    preferred = [m for m in MAP_PREFERRED if m in found]
    lines = [m for m in found if all(
        any(s.name == k and s.geometry == "LineString" for s in registry.get(m).sinks)
        for k in ("UNMATCHED_GT", "UNMATCHED_PRED"))]
    return (preferred or lines or found or [None])[0]


def _map_section(evaluation, order, gt_parts, pred_parts, tr):
    """The zoomable map of both networks with the diagnostic layers of
    map_metric among the metrics that returned layers."""
    layers, which = None, None
    if evaluation is not None:
        with_layers = [m for m in order if m in evaluation.results and
                       any(k in evaluation.results[m].layers for k, *_ in MAP_LAYERS)]
        which = map_metric(with_layers)
        if which:
            layers = evaluation.results[which].layers
    h = [f"<h2>{esc(tr('Map'))}</h2><p class='small'>"]
    if which:
        h.append(esc(tr("Diagnostics of {}.").format(tr(registry.get(which).name))) + " ")
    h.append(esc(tr("Zoom with the mouse wheel or the buttons, drag to pan, double-click for the whole "
               "map.")) + "</p>")
    h.append(map_legend(layers, tr))
    h.append(network_map(gt_parts, pred_parts, layers, tr))
    return h


def _pixel_section(evaluation, order, note, tr) -> list:
    """The pixel metrics of an evaluation of two rasters: the grid they
    scored and the road pixels of each side, then each metric's maps
    (core/reports/pixel_maps.py); or why they were not run (``note``).  A
    report of one pixel metric (pixel_report) has its own maps section."""
    ran = [m for m in order if registry.get(m).inputs == "masks"] if evaluation is not None else []
    if not (note or (ran and any(registry.get(m).inputs == "lines" for m in order))):
        return []
    h = [f"<h2>{esc(tr('Pixel metrics'))}</h2>"]
    if note:
        h.append(f"<p class='warn'>{esc(translate(note, tr))}</p>")
    results = [evaluation.results[m] for m in ran if m in evaluation.results]
    if results:
        c = results[0].counts
        h.append("<p>" + esc(tr(
            "Scored pixel by pixel on the two rasters as read (not on their centrelines): {} x {} "
            "pixels of {:g} x {:g} m; road pixels: ground truth {}, prediction {}.").format(
            c.get("rows"), c.get("columns"), c.get("pixel_height_m", math.nan),
            c.get("pixel_width_m", math.nan), _group_digits(int(c.get("gt_road_pixels", 0))),
            _group_digits(int(c.get("pred_road_pixels", 0))))) + "</p>")
        from .pixel_maps import maps_section
        for m in ran:
            r = evaluation.results.get(m)
            if r is not None and r.maps:
                h.append(f"<h3>{esc(tr(registry.get(m).name))}</h3>")
                h.append(maps_section(registry.get(m), r.maps, tr, r.parameters, heading=False))
    return h


def _traceability(info, evaluation, order, tr):
    """Inputs, parameters and each metric's parameters, and the footer."""
    T = lambda s: esc(tr(s))  # noqa: E731
    h = [f"<h2>{esc(tr('Inputs and parameters'))}</h2><table>"]
    for k, v in info.items():
        h.append(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>")
    h.append("</table>")
    if evaluation is not None:
        h.append(f"<details><summary>{esc(tr('Parameters used by each metric'))}</summary><table>")
        for m in order:
            if m in evaluation.results:
                p = ", ".join(f"{k}={v}" for k, v in evaluation.results[m].parameters.items())
                h.append(f"<tr><th>{T(registry.get(m).name)}</th><td class='small'>{esc(p)}</td></tr>")
        h.append("</table></details>")
    h.append(f"<p class='small'>Road Network Metrics {esc(plugin_version())}. "
             f"{esc(tr('Definitions and conventions: see the documentation of the plugin.'))}</p>")
    return h


def _tiles_section(tiled, order, gt_parts, tr):
    T = lambda s: esc(tr(s))  # noqa: E731
    h = [f"<h2>{esc(tr('Tiles'))}</h2>"]
    spec = registry.get(order[0]) if order else None
    head = spec.headline_output() if spec else None
    skipped = tiled.empty_tiles == "skip"
    if head is not None:
        vals = [math.nan if (t.empty and skipped) or not t.metrics else
                t.scores(spec.id).get(head.name, math.nan) for t in tiled.tiles]
        h.append("<p class='small'>" + esc(tr("{} per tile; hatched: no ground truth; grey: "
                                              "undefined; ground truth in dark grey.").format(
            f"{tr(spec.name)} \u2014 {tr(head.label)}")) + "</p>")
        h.append(color_legend(tr, bars=False))
        h.append(tile_map([(t.tile_id, t.polygon) for t in tiled.tiles], vals,
                          [t.empty for t in tiled.tiles], gt_parts if gt_parts is not None else (),
                          tr, head))
    heads = [(m, registry.get(m).headline_output()) for m in order]
    h.append(f"<div style='overflow-x:auto'><table><tr><th>{esc(tr('tile'))}</th>"
             f"<th>{esc(tr('ground-truth parts'))}</th><th>{esc(tr('predicted parts'))}</th>" +
             "".join(f"<th>{T(registry.get(m).name)}<br><span class='small'>{T(o.label)}</span></th>"
                     for m, o in heads) + "</tr>")
    for t in tiled.tiles:
        cells = f"<td>{esc(t.tile_id)}</td><td class='num'>{t.n_gt_parts}</td><td class='num'>{t.n_pred_parts}</td>"
        if t.error:
            cells += (f"<td colspan='{len(heads)}' class='warn'>{esc(tr('failed'))}: "
                      f"{esc(t.error.splitlines()[0])}</td>")
        elif t.empty:
            note = {"skip": tr("no ground truth: left out"),
                    "worst": tr("no ground truth: counted as the worst value"),
                    "best": tr("no ground truth: counted as the best value")}[tiled.empty_tiles]
            cells += f"<td colspan='{len(heads)}' class='small'>{esc(note)}</td>"
        else:
            cells += "".join(f"<td class='num'>{esc(human(t.scores(m).get(o.name), o.unit, tr))}</td>"
                             for m, o in heads)
        h.append(f"<tr>{cells}</tr>")
    h.append("</table></div>")
    return "".join(h)


def pixel_report(spec, result, rows: dict, tr: Callable = _identity, meta=None) -> str:
    """The HTML page of one pixel metric: the evaluation report of that
    metric (summary, scores, warnings, inputs and parameters) with its maps
    when they were built."""
    from ..analysis.evaluate import Evaluation
    from .pixel_maps import maps_section
    ev = Evaluation({spec.id: result}, {}, [spec.id])
    return evaluation_report(tr(spec.name), rows, ev, None, (), (), tr=tr, meta=meta,
                             sections=[maps_section(spec, result.maps, tr, result.parameters)])
